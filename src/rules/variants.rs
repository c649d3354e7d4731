//! Rule variants: options that depart from the text of the edition a record
//! names, each named in the record's `Variants` tag (SPEC 2.4, "Variants") and
//! never assumed. Each has a source: a championship's house rule, or the way
//! JCloisterZone plays where it departs from the rulebooks.

use std::fmt;

use super::Edition;
use crate::expansion::{Expansion, Expansions};

/// One rule variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    /// `tiny-city-2`: a completed city of two tiles scores 1 a tile and 1 a
    /// banner (2 without a banner) under the 2012 rules, as the 2000 rules
    /// have it. Played by some championships; JCloisterZone's rule option
    /// `tiny-city-scoring: 2`.
    TinyCity2,
    /// `river-keeps-start-tile`: with the River, the basic start tile stays in
    /// the supply (the rulebooks remove it). JCloisterZone plays so.
    RiverKeepsStartTile,
    /// `river-free-course`: a river tile may lie only where, for each side of
    /// it whose river flows on to an empty square, the two squares beside that
    /// square, the square after it and the two squares beside that one are all
    /// empty; a river tile with no such place is discarded, and the game goes
    /// on. JCloisterZone plays so.
    RiverFreeCourse,
    /// `fairy-next-follower`: the fairy goes next to one of the player's
    /// followers (`+fairy:x,y/SPOT`), pays its turn-start point to that
    /// follower's owner and its 3 points when that follower's feature is
    /// scored: the later Hans im Glück text, JCloisterZone's default
    /// (`fairy-placement: next-follower`). The Rio Grande text puts it on a tile.
    FairyNextFollower,
    /// `princess-may`: sending a knight home with the princess is the
    /// player's choice. The Rio Grande text: "he must return one of those
    /// knights"; JCloisterZone's default (`princess-action: may`).
    PrincessMay,
    /// `dragon-before-scoring`: the dragon's journey comes before the
    /// scoring of the turn, as the Rio Grande player aid lists it ("if
    /// necessary DRAGON JOURNEY", then "3 SCORE") and JCloisterZone plays by
    /// default (`dragon-move: before-scoring`). The rule's own text moves it
    /// after: "it is scored as normal. Then, the game is briefly interrupted
    /// while the Dragon moves!"
    DragonBeforeScoring,
    /// `robbers-next-player`: after a bag tile, the turn's player places or
    /// moves his robber, then only "The next player whose robber is still in
    /// his or her own stock" may place his: the Hans im Glück text of The
    /// Robbers (first and second editions). The Z-Man text lets "each other
    /// player" place his, in turn order.
    RobbersNextPlayer,
    /// `robbers-every-player`: every player, from the turn's player in seat
    /// order, may place his robber or move it if it is on the scoreboard:
    /// the Hans im Glück third edition (2025), which has them placed before
    /// the tile. The Z-Man text lets only the turn's player move his.
    RobbersEveryPlayer,
}

impl Variant {
    /// Every variant, in the canonical order of the tag.
    pub const ALL: [Variant; 8] = [
        Variant::TinyCity2,
        Variant::RiverKeepsStartTile,
        Variant::RiverFreeCourse,
        Variant::FairyNextFollower,
        Variant::PrincessMay,
        Variant::DragonBeforeScoring,
        Variant::RobbersNextPlayer,
        Variant::RobbersEveryPlayer,
    ];

    /// The name the Variants tag gives it.
    pub fn name(self) -> &'static str {
        match self {
            Variant::TinyCity2 => "tiny-city-2",
            Variant::RiverKeepsStartTile => "river-keeps-start-tile",
            Variant::RiverFreeCourse => "river-free-course",
            Variant::FairyNextFollower => "fairy-next-follower",
            Variant::PrincessMay => "princess-may",
            Variant::DragonBeforeScoring => "dragon-before-scoring",
            Variant::RobbersNextPlayer => "robbers-next-player",
            Variant::RobbersEveryPlayer => "robbers-every-player",
        }
    }

    /// The variant of a name.
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The expansion it changes, if it changes one (it is then in effect
    /// only with that expansion in play).
    pub fn expansion(self) -> Option<Expansion> {
        match self {
            Variant::TinyCity2 => None,
            Variant::RiverKeepsStartTile | Variant::RiverFreeCourse => Some(Expansion::River),
            Variant::FairyNextFollower | Variant::PrincessMay | Variant::DragonBeforeScoring => {
                Some(Expansion::PrincessAndDragon)
            }
            Variant::RobbersNextPlayer | Variant::RobbersEveryPlayer => Some(Expansion::Robbers),
        }
    }

    /// Why the variant cannot be in effect in a game of this edition with these
    /// expansions, if it cannot: the edition's text already says so, or its
    /// expansion is not in play.
    pub fn unfit(self, edition: Edition, expansions: Expansions) -> Option<String> {
        if self == Variant::TinyCity2 && edition == Edition::Rgg2000 {
            return Some(format!(
                "{self} is the {edition} rule already (a completed 2-tile city scores 2)"
            ));
        }
        match self.expansion() {
            Some(e) if !expansions.contains(e) => Some(format!(
                "{self} changes the {} expansion, not in play",
                e.name()
            )),
            _ => None,
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of variants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Variants(u8);

impl Variants {
    /// None: the edition's text.
    pub const NONE: Variants = Variants(0);

    /// Whether a variant is in the set.
    #[inline]
    pub fn contains(self, v: Variant) -> bool {
        self.0 & v.bit() != 0
    }

    /// The set with a variant added.
    #[must_use]
    pub fn with(self, v: Variant) -> Variants {
        Variants(self.0 | v.bit())
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The variants of the set, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Variant> {
        Variant::ALL.into_iter().filter(move |v| self.contains(*v))
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Variant::name).collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for v in Variant::ALL {
            assert_eq!(Variant::named(v.name()), Some(v));
        }
        assert_eq!(Variant::named("tiny-city"), None);
    }

    #[test]
    fn a_set_lists_in_canonical_order() {
        let set = Variants::NONE
            .with(Variant::RiverFreeCourse)
            .with(Variant::TinyCity2);
        assert_eq!(set.to_string(), "tiny-city-2, river-free-course");
        assert!(!set.contains(Variant::RiverKeepsStartTile));
    }

    #[test]
    fn variants_fit_their_edition_and_expansions() {
        let none = Expansions::NONE;
        assert!(Variant::TinyCity2.unfit(Edition::HiG2012, none).is_none());
        assert!(Variant::TinyCity2.unfit(Edition::Rgg2000, none).is_some());
        assert!(
            Variant::RiverFreeCourse
                .unfit(Edition::HiG2012, none)
                .is_some()
        );
        let river = Expansions::from_sets(["basic", "river"]);
        assert!(
            Variant::RiverFreeCourse
                .unfit(Edition::HiG2012, river)
                .is_none()
        );
    }
}
