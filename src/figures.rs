//! The figures a player places, and how many of each a player has.
//!
//! The basic game has one kind, the follower (a thief, knight, monk or farmer by
//! where it stands). Inns & Cathedrals adds the large follower, Traders & Builders
//! the builder and the pig; a record names them `+big:SPOT`, `+builder:SPOT` and
//! `+pig:SPOT` (SPEC, section 2.8).

use std::fmt;

use crate::expansion::{Expansion, Expansions};

/// A kind of figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Figure {
    /// The ordinary follower.
    Follower,
    /// The large follower (Inns & Cathedrals): "it counts as two followers when
    /// counting followers for majorities" (2012).
    Big,
    /// The builder (Traders & Builders): not a follower, never counted for
    /// majorities; grants a double turn.
    Builder,
    /// The pig (Traders & Builders): not a follower; raises its owner's farm
    /// points.
    Pig,
}

impl Figure {
    /// Every kind, in supply order.
    pub const ALL: [Figure; 4] = [Figure::Follower, Figure::Big, Figure::Builder, Figure::Pig];

    /// Index 0–3 in [`Figure::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name a record writes before the spot (`+big:N`); the ordinary
    /// follower has none (`+N`).
    pub fn notation(self) -> Option<&'static str> {
        match self {
            Figure::Follower => None,
            Figure::Big => Some("big"),
            Figure::Builder => Some("builder"),
            Figure::Pig => Some("pig"),
        }
    }

    /// The figure a record's figure name stands for.
    pub fn from_notation(name: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.notation() == Some(name))
    }

    /// The expansion that brings the figure (`None`: the basic game).
    pub fn expansion(self) -> Option<Expansion> {
        match self {
            Figure::Follower => None,
            Figure::Big => Some(Expansion::InnsAndCathedrals),
            Figure::Builder | Figure::Pig => Some(Expansion::TradersAndBuilders),
        }
    }

    /// Whether it is a follower (holds a feature and counts for majorities).
    /// 2000 rulebook: "Followers: each large or small follower is one follower.
    /// Special figures: the builder and pig are not followers."
    pub fn is_follower(self) -> bool {
        matches!(self, Figure::Follower | Figure::Big)
    }

    /// How many followers it counts as for majorities. 2012 (Inns & Cathedrals):
    /// "it counts as two followers when counting followers for majorities"; (Traders
    /// & Builders) "Builders are not taken into consideration when determining
    /// majorities", "Pigs are not taken into consideration when determining
    /// majorities".
    pub fn strength(self) -> u8 {
        match self {
            Figure::Follower => 1,
            Figure::Big => 2,
            Figure::Builder | Figure::Pig => 0,
        }
    }

    /// How many of this kind each player starts with in a game with these expansions.
    ///
    /// 2012, "Game setup": "Each player then keeps their remaining 7 followers";
    /// Inns & Cathedrals: "6 large followers" (one per colour); Traders & Builders:
    /// "6 builders and 6 pigs (1 of each per color)".
    pub fn per_player(self, expansions: Expansions) -> u8 {
        match self.expansion() {
            None => 7,
            Some(e) => u8::from(expansions.contains(e)),
        }
    }

    /// A word for reports.
    pub fn word(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::Big => "large follower",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
        }
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The figures one player has in supply, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Supply([u8; 4]);

impl Supply {
    /// The starting supply of a game with these expansions.
    pub fn starting(expansions: Expansions) -> Supply {
        Supply(Figure::ALL.map(|f| f.per_player(expansions)))
    }

    /// How many of a kind are in supply.
    pub fn count(&self, figure: Figure) -> u8 {
        self.0.get(figure.index()).copied().unwrap_or(0)
    }

    /// Sets how many of a kind are in supply (a scenario's Figures tag).
    pub fn set(&mut self, figure: Figure, n: u8) {
        if let Some(slot) = self.0.get_mut(figure.index()) {
            *slot = n;
        }
    }

    /// Takes one figure of a kind (no change if none is left).
    pub fn take(&mut self, figure: Figure) {
        if let Some(n) = self.0.get_mut(figure.index()) {
            *n = n.saturating_sub(1);
        }
    }

    /// Puts one figure of a kind back.
    pub fn give(&mut self, figure: Figure) {
        if let Some(n) = self.0.get_mut(figure.index()) {
            *n = n.saturating_add(1);
        }
    }
}
