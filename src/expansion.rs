//! The expansions' names: [`Expansion`], one of the expansions the referee
//! knows, and [`Expansions`], a set of them. A word of the vocabulary the
//! notation, the figures and the rules share; what each expansion does is in
//! its module of `rules::expansions`.

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
    /// The Tower.
    Tower,
    /// The Princess & the Dragon.
    PrincessAndDragon,
    /// The Gold Mines.
    GoldMines,
    /// The Flying Machines.
    FlyingMachines,
    /// The Crop Circles, the first set of tiles (the rules of both sets are
    /// the same).
    CropCircles1,
    /// The Crop Circles, the second set (the 2012 big box's).
    CropCircles2,
    /// Mage & Witch.
    MageAndWitch,
    /// The Ferries.
    Ferries,
    /// The Robbers.
    Robbers,
    /// The Messengers.
    Messengers,
}

impl Expansion {
    /// Every expansion, in the order the notation lists them.
    pub const ALL: [Expansion; 13] = [
        Expansion::River,
        Expansion::InnsAndCathedrals,
        Expansion::TradersAndBuilders,
        Expansion::Tower,
        Expansion::PrincessAndDragon,
        Expansion::GoldMines,
        Expansion::FlyingMachines,
        Expansion::CropCircles1,
        Expansion::CropCircles2,
        Expansion::MageAndWitch,
        Expansion::Ferries,
        Expansion::Robbers,
        Expansion::Messengers,
    ];

    /// The notation (and tile set) name.
    pub fn name(self) -> &'static str {
        match self {
            Expansion::River => "river",
            Expansion::InnsAndCathedrals => "inns-and-cathedrals",
            Expansion::TradersAndBuilders => "traders-and-builders",
            Expansion::Tower => "tower",
            Expansion::PrincessAndDragon => "princess-and-dragon",
            Expansion::GoldMines => "gold-mines",
            Expansion::FlyingMachines => "flying-machines",
            Expansion::CropCircles1 => "crop-circles-1",
            Expansion::CropCircles2 => "crop-circles-2",
            Expansion::MageAndWitch => "mage-and-witch",
            Expansion::Ferries => "ferries",
            Expansion::Robbers => "robbers",
            Expansion::Messengers => "messengers",
        }
    }

    /// The expansion of a notation name.
    pub fn from_name(name: &str) -> Option<Expansion> {
        Expansion::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether turns under its rules are written with actions (version 2 of
    /// the notation: tower pieces, captures, the dragon's steps, the fairy).
    pub fn writes_actions(self) -> bool {
        match self {
            Expansion::River | Expansion::InnsAndCathedrals | Expansion::TradersAndBuilders => {
                false
            }
            Expansion::Tower
            | Expansion::PrincessAndDragon
            | Expansion::GoldMines
            | Expansion::FlyingMachines
            | Expansion::CropCircles1
            | Expansion::CropCircles2
            | Expansion::MageAndWitch
            | Expansion::Ferries
            | Expansion::Robbers
            | Expansion::Messengers => true,
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for Expansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of expansions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Expansions(u16);

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

    /// Whether turns under the rules of one of them are written with actions
    /// ([`Expansion::writes_actions`]).
    pub fn write_actions(self) -> bool {
        self.iter().any(Expansion::writes_actions)
    }

    /// The expansions in the set, in notation order.
    pub fn iter(self) -> impl Iterator<Item = Expansion> {
        Expansion::ALL
            .into_iter()
            .filter(move |e| self.contains(*e))
    }
}
