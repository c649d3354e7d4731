//! The lines the terminal picture sets beside the board: the scoreboard,
//! The Tower's pieces and prisoners, The Princess & the Dragon's dragon,
//! fairy, tiles set aside and meals.

use super::tiles::figure_mark;
use super::{DRAGON_ANSI, DRAGON_CHAR, FAIRY_ANSI, FAIRY_CHAR, Line, Style, push_str};
use crate::player::Player;
use crate::render::palette::colour;
use crate::render::scene::{FINAL_SCOREBOARD, fairy_follower, pawn_at, prisoners_by_jailer};
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::scoreboard::{self, Space};

/// A player's marker in the lines beside the board: the player's letter in
/// the player's colour.
fn player_marker(game: &Game<'_>, marks: &[char], p: Player) -> (char, Style) {
    (
        marks.get(p.index()).copied().unwrap_or('?'),
        Style::Follower(colour(game, p).ansi),
    )
}

/// The text picture's lines for The Tower, beside the board: the tower
/// pieces each player has left, and the prisoners each holds (`B Bob holds
/// A follower ×2, A+ large follower`, the markers in their owners' colours).
pub(super) fn tower_lines(
    game: &Game<'_>,
    towers: &crate::rules::expansions::tower::Towers,
    marks: &[char],
    lines: &mut Vec<Line>,
) {
    let marker = |p: Player| player_marker(game, marks, p);
    let mut pieces: Line = Vec::new();
    push_str(&mut pieces, "tower pieces left:", Style::Plain);
    for (p, n) in towers.pieces().iter() {
        push_str(&mut pieces, " ", Style::Plain);
        pieces.push(marker(p));
        push_str(&mut pieces, &format!(" {n}"), Style::Plain);
    }
    lines.push(pieces);
    let held = prisoners_by_jailer(game, towers);
    if held.is_empty() {
        lines.push(
            "prisoners: none"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    for (jailer, list) in held {
        let mut line: Line = Vec::new();
        push_str(&mut line, "prisoners: ", Style::Plain);
        line.push(marker(jailer));
        push_str(
            &mut line,
            &format!(
                " {} holds",
                crate::render::shown_text(game.name(jailer), crate::render::MAX_TEXT)
            ),
            Style::Plain,
        );
        for (i, (owner, figure, n)) in list.into_iter().enumerate() {
            push_str(&mut line, if i == 0 { " " } else { ", " }, Style::Plain);
            let (ch, style) = marker(owner);
            line.push((ch, style));
            if let Some(m) = figure_mark(figure) {
                line.push((m, style));
            }
            push_str(&mut line, &format!(" {}", figure.word()), Style::Plain);
            if n > 1 {
                push_str(&mut line, &format!(" ×{n}"), Style::Plain);
            }
        }
        lines.push(line);
    }
}

/// [`pawn_at`] as the text picture words it.
pub(super) fn pawn_text(game: &Game<'_>, pawn: Pawn) -> String {
    pawn_at(game, pawn).map_or_else(|| "off the board".to_string(), |at| format!("at {at}"))
}

/// The text picture's lines for The Princess & the Dragon, beside the
/// board: where the dragon and the fairy are (and the follower the fairy
/// stands next to), the tiles set aside, and the figures the dragon ate in
/// the turn shown (`the dragon ate in turn 3: B follower`).
pub(super) fn dragon_lines(
    game: &Game<'_>,
    d: &crate::rules::expansions::princess_and_dragon::Dragon,
    marks: &[char],
    lines: &mut Vec<Line>,
) {
    let marker = |p: Player| player_marker(game, marks, p);
    let mut line: Line = Vec::new();
    push_str(&mut line, "the dragon ", Style::Plain);
    line.push((DRAGON_CHAR, Style::Mark(DRAGON_ANSI)));
    match d.dragon() {
        Some(at) => push_str(&mut line, &format!(": at {at}"), Style::Plain),
        None => push_str(&mut line, ": not in play (no volcano yet)", Style::Plain),
    }
    push_str(&mut line, "; the fairy ", Style::Plain);
    line.push((FAIRY_CHAR, Style::Mark(FAIRY_ANSI)));
    match d.fairy() {
        Some(f) => {
            push_str(&mut line, &format!(": at {}", f.pos), Style::Plain);
            let next_to = game
                .board()
                .at(f.pos)
                .and_then(|placed| Some((placed, fairy_follower(game, placed, f)?)));
            if let Some((placed, (segment, player))) = next_to {
                let spot = crate::generate::spot_of(game, placed.tile, placed.rotation, segment)
                    .map_or_else(String::new, |s| format!(" on {s}"));
                push_str(&mut line, ", next to ", Style::Plain);
                line.push(marker(player));
                push_str(
                    &mut line,
                    &format!(
                        " {}'s follower{spot}",
                        crate::render::shown_text(game.name(player), crate::render::MAX_TEXT)
                    ),
                    Style::Plain,
                );
            }
        }
        None => push_str(&mut line, ": not placed yet", Style::Plain),
    }
    lines.push(line);
    let aside: Vec<String> = d
        .aside()
        .iter()
        .map(|t| game.catalog().def(*t).id.clone())
        .collect();
    let text = if aside.is_empty() {
        "set aside: none".to_string()
    } else {
        format!("set aside: {}", aside.join(", "))
    };
    lines.push(text.chars().map(|c| (c, Style::Plain)).collect());
    if !d.eaten().is_empty() {
        let mut line: Line = Vec::new();
        push_str(
            &mut line,
            &format!("the dragon ate in turn {}:", game.turn()),
            Style::Plain,
        );
        for (i, (owner, figure)) in d.eaten().iter().enumerate() {
            push_str(&mut line, if i == 0 { " " } else { ", " }, Style::Plain);
            let (ch, style) = marker(*owner);
            line.push((ch, style));
            if let Some(m) = figure_mark(*figure) {
                line.push((m, style));
            }
            push_str(&mut line, &format!(" {}", figure.word()), Style::Plain);
        }
        lines.push(line);
    }
}

/// A dark space of the scoreboard in the text picture: every fifth.
pub(super) const DARK_SPACE: char = '◦';

/// A messenger on the scoreboard (The Messengers), in its owner's colour.
const MESSENGER_MARK: char = '+';

/// The scoreboard as text: a ruler of the 50 spaces, then a row per player
/// with the player's letter on the space its marker stands on, and the
/// space's number (with the points, once past 50). The 2012 rulebook: "The
/// player moves his marker a number of spaces on the scoreboard equal to
/// the number of points scored"; "When a player first passes space 50 of
/// the scoreboard, he takes a Point tile".
///
/// With `final_scoring` (a finished game at its end) a title line says the
/// scoreboard is after the final scoring.
pub(super) fn scoreboard_lines(game: &Game<'_>, marks: &[char], final_scoring: bool) -> Vec<Line> {
    let mut lines = Vec::new();
    if final_scoring {
        let mut title: Line = Vec::new();
        push_str(&mut title, "   scoreboard ", Style::Plain);
        push_str(&mut title, FINAL_SCOREBOARD, Style::Plain);
        lines.push(title);
    }
    let mut ruler: Line = Vec::new();
    push_str(&mut ruler, "   ", Style::Plain);
    for n in (0..scoreboard::SPACES).step_by(5) {
        push_str(&mut ruler, &format!("{n:<5}"), Style::Plain);
    }
    lines.push(ruler);
    for (p, pawns) in game.pawns().iter() {
        let mark = marks.get(p.index()).copied().unwrap_or('?');
        let style = Style::Follower(colour(game, p).ansi);
        let at = Space::of(pawns.marker);
        // The Robbers: the player's robber, in lower case, on its space.
        let robber = game.robbers().and_then(|r| r.space(p));
        // The Messengers: the player's messenger, a `+` of his colour.
        let messenger = pawns.messenger.map(Space::of);
        let mut row: Line = vec![(mark, style)];
        push_str(&mut row, "  ", Style::Plain);
        for space in (0..scoreboard::SPACES).filter_map(Space::new) {
            row.push(if space == at {
                (mark, style)
            } else if Some(space) == messenger {
                (MESSENGER_MARK, style)
            } else if Some(space) == robber {
                (mark.to_ascii_lowercase(), style)
            } else if space.is_dark() {
                (DARK_SPACE, Style::Plain)
            } else {
                ('·', Style::Plain)
            });
        }
        let shown = if pawns.marker >= scoreboard::SPACES {
            format!("  {at} ({})", pawns.marker)
        } else {
            format!("  {at}")
        };
        push_str(&mut row, &shown, Style::Plain);
        if let Some(m) = pawns.messenger {
            let at = Space::of(m);
            if m >= scoreboard::SPACES {
                push_str(
                    &mut row,
                    &format!(", messenger on {at} ({m})"),
                    Style::Plain,
                );
            } else {
                push_str(&mut row, &format!(", messenger on {at}"), Style::Plain);
            }
        }
        if let Some(r) = robber {
            push_str(&mut row, &format!(", robber on {r}"), Style::Plain);
        }
        lines.push(row);
    }
    lines
}

/// Sets `block` to the right of the picture's lines, three columns after
/// the widest, adding lines below when the block is the taller.
pub(super) fn beside(lines: &mut Vec<Line>, block: Vec<Line>) {
    let width = lines.iter().map(Vec::len).max().unwrap_or(0) + 3;
    for (k, part) in block.into_iter().enumerate() {
        if lines.len() <= k {
            lines.push(Vec::new());
        }
        if let Some(line) = lines.get_mut(k) {
            line.resize(width, (' ', Style::Plain));
            line.extend(part);
        }
    }
}
