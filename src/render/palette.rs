//! The seats' colours and markers in the pictures of the board.
//!
//! The game's [`crate::Setup`] holds the names only (and the colours the
//! Players tag gives), so a seat without a colour takes the default palette in
//! seat order: red, blue, green, yellow, black, grey, pink. The legend of each
//! picture names the colour of every player.

use crate::player::Player;
use crate::rules::Game;

/// A seat's colour in the pictures.
#[derive(Debug, Clone, Copy)]
pub(super) struct Colour {
    pub(super) name: &'static str,
    /// SVG fill.
    pub(super) fill: &'static str,
    /// SVG outline of a follower.
    pub(super) stroke: &'static str,
    /// ANSI style of a follower marker (background in the colour).
    pub(super) ansi: &'static str,
}

/// The default palette, by seat.
const PALETTE: [Colour; 7] = [
    Colour {
        name: "red",
        fill: "#d7263d",
        stroke: "#3a0a10",
        ansi: "1;97;41",
    },
    Colour {
        name: "blue",
        fill: "#1e5bd6",
        stroke: "#0a1a40",
        ansi: "1;97;44",
    },
    Colour {
        name: "green",
        fill: "#1f9e3a",
        stroke: "#08320f",
        ansi: "1;30;42",
    },
    Colour {
        name: "yellow",
        fill: "#f5c400",
        stroke: "#4a3a00",
        ansi: "1;30;43",
    },
    Colour {
        name: "black",
        fill: "#1c1c1c",
        stroke: "#f0f0f0",
        ansi: "1;97;40",
    },
    Colour {
        name: "grey",
        fill: "#9a9a9a",
        stroke: "#2a2a2a",
        ansi: "1;30;47",
    },
    Colour {
        name: "pink",
        fill: "#e86aa8",
        stroke: "#4a1030",
        ansi: "1;30;45",
    },
];

/// A seat's colour: the one the Players tag gives it, else the palette's colour
/// for its seat number.
pub(super) fn colour(game: &Game<'_>, player: Player) -> Colour {
    let named = game
        .colour(player)
        .and_then(|name| PALETTE.iter().find(|c| c.name == name));
    named
        .or_else(|| PALETTE.get(player.index() % PALETTE.len()))
        .copied()
        .unwrap_or(PALETTE[0])
}

/// The seats of the game.
pub(super) fn players(game: &Game<'_>) -> Vec<Player> {
    game.score().players().collect()
}

/// The marker of each seat in the text picture: the players' initials when they
/// are distinct ASCII letters, otherwise the seat digits.
pub(super) fn markers(game: &Game<'_>) -> Vec<char> {
    let seats = players(game);
    let initials: Vec<char> = seats
        .iter()
        .filter_map(|p| game.name(*p).chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut sorted = initials.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if initials.len() == seats.len()
        && sorted.len() == initials.len()
        && initials.iter().all(char::is_ascii_alphabetic)
    {
        initials
    } else {
        seats
            .iter()
            .map(|p| char::from_digit(u32::from(p.0) + 1, 10).unwrap_or('?'))
            .collect()
    }
}
