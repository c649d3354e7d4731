//! The expansions, one module each. An expansion brings tiles (a catalog set of
//! the same name), figures (`crate::figures`) and rules; the engine asks each
//! module in play at fixed points of a turn (drawing, placing, placing a figure,
//! scoring, the end), so the basic rules never change when one is added.
//!
//! * [`river`]: the spring, the river tiles drawn first, the lake last, the
//!   river's course and its turns.
//! * [`inns_and_cathedrals`]: inns and cathedrals (the large follower is a figure).
//! * [`traders_and_builders`]: the builder's double turn, the pig's farms, goods.

pub mod inns_and_cathedrals;
pub mod river;
pub mod traders_and_builders;

use std::fmt;

/// An expansion the referee knows. Its name is its tile set's name and what the
/// `Expansions` tag lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Expansion {
    /// The River.
    River,
    /// Inns & Cathedrals.
    InnsAndCathedrals,
    /// Traders & Builders.
    TradersAndBuilders,
}

impl Expansion {
    /// Every expansion, in the order the notation lists them.
    pub const ALL: [Expansion; 3] = [
        Expansion::River,
        Expansion::InnsAndCathedrals,
        Expansion::TradersAndBuilders,
    ];

    /// The notation (and tile set) name.
    pub fn name(self) -> &'static str {
        match self {
            Expansion::River => "river",
            Expansion::InnsAndCathedrals => "inns-and-cathedrals",
            Expansion::TradersAndBuilders => "traders-and-builders",
        }
    }

    /// The expansion of a notation name.
    pub fn from_name(name: &str) -> Option<Expansion> {
        Expansion::ALL.into_iter().find(|e| e.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Expansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of expansions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Expansions(u8);

impl Expansions {
    /// No expansion: the basic game.
    pub const NONE: Expansions = Expansions(0);

    /// The expansions among tile set names (other names are ignored).
    pub fn from_sets<'a>(sets: impl IntoIterator<Item = &'a str>) -> Expansions {
        let mut out = Expansions::NONE;
        for e in sets.into_iter().filter_map(Expansion::from_name) {
            out.0 |= e.bit();
        }
        out
    }

    /// Whether an expansion is in the set.
    pub fn contains(self, e: Expansion) -> bool {
        self.0 & e.bit() != 0
    }

    /// The expansions in the set, in notation order.
    pub fn iter(self) -> impl Iterator<Item = Expansion> {
        Expansion::ALL
            .into_iter()
            .filter(move |e| self.contains(*e))
    }
}
