//! The scoreboard's words: its spaces ([`Space`], 0 to 49) and the pawns a
//! player moves on it ([`Pawn`]: the marker, and The Messengers' messenger).
//! A claim of a record names them (`=Ann(marker)+3/53@3`, SPEC 2.10), and the
//! scoreboard (`score::scoreboard`) moves them.

use std::fmt;
use std::str::FromStr;

/// The number of spaces of the track: 0 to 49.
pub const SPACES: u32 = 50;

/// A space of the track, 0 to 49.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Space(u8);

impl Space {
    /// The space a pawn with this total stands on: the total modulo 50.
    pub fn of(total: u32) -> Space {
        // Below 50, so it fits a byte.
        Space((total % SPACES) as u8)
    }

    /// The space numbered `n`, if the track has one (`n` below 50).
    pub fn new(n: u32) -> Option<Space> {
        (n < SPACES).then(|| Space::of(n))
    }

    /// The number printed on the space.
    pub fn number(self) -> u32 {
        u32::from(self.0)
    }

    /// Whether the space is dark: a multiple of 5. The Messengers: "a dark
    /// number (0, 5, 10, 15...)".
    pub fn is_dark(self) -> bool {
        self.0.is_multiple_of(5)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A pawn of a player on the scoreboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pawn {
    /// The marker: the follower each player puts on space 0 at the start.
    Marker,
    /// The messenger: the second pawn of The Messengers, on space 0 "next to
    /// his marker".
    Messenger,
}

impl Pawn {
    /// The pawns, the marker first.
    pub const ALL: [Pawn; 2] = [Pawn::Marker, Pawn::Messenger];

    /// The pawn's name in the notation.
    pub fn name(self) -> &'static str {
        match self {
            Pawn::Marker => "marker",
            Pawn::Messenger => "messenger",
        }
    }
}

impl fmt::Display for Pawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Pawn {
    type Err = ();

    fn from_str(s: &str) -> Result<Pawn, ()> {
        Pawn::ALL.into_iter().find(|p| p.name() == s).ok_or(())
    }
}
