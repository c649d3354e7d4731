//! The rules editions a record can follow.

use std::fmt;
use std::str::FromStr;

/// Which printing of the rules a game follows. The two differ in farm scoring and
/// in the value of a completed two-tile city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Edition {
    /// The 2012 Hans im Glück / Z-Man rules: each field scores on its own, 3 points
    /// per completed city it touches; every completed city 2 points a tile.
    #[serde(rename = "HiG-2012")]
    HiG2012,
    /// The 2000 Rio Grande rules: each completed city pays 4 points to the
    /// player(s) with the most farmers in the fields supplying it; a completed
    /// two-tile city scores 2.
    #[serde(rename = "RGG-2000")]
    Rgg2000,
}

impl Edition {
    /// Both editions.
    pub const ALL: [Edition; 2] = [Edition::HiG2012, Edition::Rgg2000];

    /// Most players the edition's basic game seats. 2012 rulebook: "A tile laying
    /// game for 2 to 5 players" (five colours in the box); the 2000 Rio Grande big
    /// box: "for 2 to 6 players".
    pub const fn max_players(self) -> usize {
        match self {
            Edition::HiG2012 => 5,
            Edition::Rgg2000 => 6,
        }
    }

    /// The notation name.
    pub fn name(self) -> &'static str {
        match self {
            Edition::HiG2012 => "HiG-2012",
            Edition::Rgg2000 => "RGG-2000",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Edition {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Edition::ALL.into_iter().find(|e| e.name() == s).ok_or(())
    }
}
