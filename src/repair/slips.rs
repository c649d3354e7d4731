//! The transcription-error model: the slips a score keeper makes when writing
//! a turn down, each a reading of the turn as it may have been meant, with the
//! prior weight of its kind. A one-character change (a rotation, a sign, one
//! coordinate off by one, a letter that looks like another) weighs more than
//! a two-character one (both coordinates, a diagonal square, two turns
//! swapped); a change to anything else weighs least.

use crate::board::Pos;
use crate::figures::Figure;
use crate::notation::{Span, Spanned, TurnRecord};
use crate::tiles::{Rotation, Spot, TileCatalog};

/// What kind of slip a reading undoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SlipKind {
    /// Another rotation.
    Rotation,
    /// Another square: a neighbour, a sign, a digit, the coordinates swapped.
    Square,
    /// Another tile id, that looks or sounds alike or is next to it.
    Tile,
    /// Another spot for the figure on the same tile.
    Spot,
    /// A figure placed but not written down.
    FigureLeftOut,
    /// A figure written down but not placed.
    FigureAdded,
    /// Two adjacent turns written in each other's place.
    Swap,
    /// Another player written for the turn.
    Player,
    /// Another argument of an action (`+dragon:…`, `tower:…`, `ferry:…`,
    /// `score:…`), or another player for it.
    Action,
}

impl SlipKind {
    /// Its name in the output (`rotation`, `square`, …).
    pub fn name(self) -> &'static str {
        match self {
            SlipKind::Rotation => "rotation",
            SlipKind::Square => "square",
            SlipKind::Tile => "tile",
            SlipKind::Spot => "spot",
            SlipKind::FigureLeftOut => "figure-left-out",
            SlipKind::FigureAdded => "figure-added",
            SlipKind::Swap => "swap",
            SlipKind::Player => "player",
            SlipKind::Action => "action",
        }
    }
}

impl std::fmt::Display for SlipKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The prior weights of the slips: how often a score keeper makes each, one
/// character changed before two.
pub mod weight {
    /// A rotation a quarter turn off (`r90` for `r0`).
    pub const ROTATION_NEAR: f64 = 0.20;
    /// A rotation half a turn off.
    pub const ROTATION_FAR: f64 = 0.12;
    /// One coordinate off by one.
    pub const SQUARE_NEIGHBOUR: f64 = 0.12;
    /// One coordinate's sign.
    pub const SQUARE_SIGN: f64 = 0.12;
    /// The two coordinates swapped, or one coordinate's digits swapped.
    pub const SQUARE_SWAPPED: f64 = 0.08;
    /// Both signs, or both coordinates off by one.
    pub const SQUARE_TWO: f64 = 0.03;
    /// A tile id that looks or sounds like the one meant.
    pub const TILE_ALIKE: f64 = 0.12;
    /// A tile id next to the one meant (`U` for `V`, `IC4` for `IC5`).
    pub const TILE_NEXT: f64 = 0.08;
    /// Any other tile id in play.
    pub const TILE_OTHER: f64 = 0.01;
    /// Another spot on a feature of the same kind.
    pub const SPOT_SAME_KIND: f64 = 0.15;
    /// Another spot on a feature of another kind.
    pub const SPOT_OTHER_KIND: f64 = 0.10;
    /// How much less a spot weighs whose every name is written far from the
    /// one written (`+S` for `+NNE`), rather than near it (`+N` for `+S`,
    /// `+NNW` for `+NNE`, `+S` for `+SSW`: [`written_near`](super::written_near)).
    pub const SPOT_SPELLED_APART: f64 = 0.75;
    /// A figure placed but left out of the turn's line: a whole token
    /// forgotten, a score keeper's commonest omission, as often as a wrong
    /// character.
    pub const FIGURE_LEFT_OUT: f64 = 0.12;
    /// A figure written that was not placed: a token made up, rarer than
    /// one forgotten; the hand also chose its spot, so this is shared among
    /// the features of the tile.
    pub const FIGURE_ADDED: f64 = 0.12;
    /// Two adjacent turns swapped.
    pub const SWAP: f64 = 0.05;
    /// Another player's name.
    pub const PLAYER: f64 = 0.06;
    /// Another argument of an action: a spot, a direction, a number, a kind
    /// (`circle:add` for `circle:remove`), a figure (`big:` or none).
    pub const ACTION: f64 = 0.10;
    /// Another player for an action.
    pub const ACTION_PLAYER: f64 = 0.06;
}

/// One reading of one or two turns: the turns as they may have been meant.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The kind of slip it undoes.
    pub kind: SlipKind,
    /// Its prior weight.
    pub weight: f64,
    /// What it changes, e.g. `r0 instead of r90`.
    pub change: String,
    /// The turns it changes (their index in the record), as read.
    pub turns: Vec<(usize, TurnRecord)>,
}

/// What the slips of a turn may name: the tile ids in play, the seats and
/// the figures the players start with.
#[derive(Debug)]
pub struct Context<'c> {
    /// The catalog.
    pub catalog: &'c TileCatalog,
    /// The ids of the tiles in play, in catalog order.
    pub tiles: Vec<String>,
    /// The players' names in seat order.
    pub players: Vec<String>,
    /// The kinds of figure the players have, in supply order (the follower
    /// first).
    pub figures: Vec<Figure>,
    /// The tile the record places on each square, and its rotation.
    pub placed: std::collections::BTreeMap<Pos, (crate::tiles::TileId, Rotation)>,
}

/// Letters that look or sound alike, as a hand or an ear confuses them.
const ALIKE: &[&str] = &[
    "OQDGC", "EF", "IJLT", "MNW", "UVW", "PRB", "HKX", "BDEGPTV", "AJK", "QU", "SZ",
];

/// Digits that look alike.
const DIGITS_ALIKE: &[&str] = &["17", "38", "68", "56", "09", "08"];

/// Whether two tile ids look or sound alike: one letter or digit confused
/// with another, one character dropped or doubled, or two digits swapped.
pub(super) fn alike(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() == b.len() {
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a.get(i) != b.get(i)).collect();
        match diff[..] {
            [i] => {
                let (Some(&x), Some(&y)) = (a.get(i), b.get(i)) else {
                    return false;
                };
                ALIKE
                    .iter()
                    .chain(DIGITS_ALIKE)
                    .any(|g| g.as_bytes().contains(&x) && g.as_bytes().contains(&y))
            }
            [i, j] if j == i + 1 => a.get(i) == b.get(j) && a.get(j) == b.get(i),
            _ => false,
        }
    } else {
        // One character more: `IC1` for `IC11`.
        let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
        long.len() == short.len() + 1
            && (0..long.len())
                .any(|i| long.get(..i) == short.get(..i) && long.get(i + 1..) == short.get(i..))
    }
}

/// Whether two tile ids are next to each other: letters in a row (`U`,
/// `V`), or the same set's numbers one apart (`IC4`, `IC5`).
pub(super) fn next_to(a: &str, b: &str) -> bool {
    fn split(s: &str) -> (&str, Option<i64>) {
        let digits = s.trim_start_matches(|c: char| !c.is_ascii_digit());
        let prefix = s.get(..s.len() - digits.len()).unwrap_or_default();
        (prefix, digits.parse::<i64>().ok())
    }
    match (split(a), split(b)) {
        ((pa, Some(na)), (pb, Some(nb))) => pa == pb && (na - nb).abs() == 1,
        ((_, None), (_, None)) => match (a.as_bytes(), b.as_bytes()) {
            ([x], [y]) => x.abs_diff(*y) == 1,
            _ => false,
        },
        _ => false,
    }
}

/// The squares a hand may have written for another, with their weights,
/// nearest first; each once.
pub fn squares(pos: Pos) -> Vec<(Pos, f64)> {
    let mut out: Vec<(Pos, f64)> = Vec::new();
    let mut add = |x: Option<i32>, y: Option<i32>, w: f64| {
        if let (Some(x), Some(y)) = (x, y) {
            let p = Pos::new(x, y);
            if p != pos && !out.iter().any(|(q, _)| *q == p) {
                out.push((p, w));
            }
        }
    };
    let (x, y) = (pos.x, pos.y);
    for d in [1, -1] {
        add(x.checked_add(d), Some(y), weight::SQUARE_NEIGHBOUR);
        add(Some(x), y.checked_add(d), weight::SQUARE_NEIGHBOUR);
    }
    add(x.checked_neg(), Some(y), weight::SQUARE_SIGN);
    add(Some(x), y.checked_neg(), weight::SQUARE_SIGN);
    add(Some(y), Some(x), weight::SQUARE_SWAPPED);
    let reversed = |v: i32| -> Option<i32> {
        let digits: String = v.unsigned_abs().to_string().chars().rev().collect();
        let r: i32 = digits.parse().ok()?;
        Some(if v < 0 { -r } else { r })
    };
    if x.unsigned_abs() >= 10 {
        add(reversed(x), Some(y), weight::SQUARE_SWAPPED);
    }
    if y.unsigned_abs() >= 10 {
        add(Some(x), reversed(y), weight::SQUARE_SWAPPED);
    }
    add(x.checked_neg(), y.checked_neg(), weight::SQUARE_TWO);
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        add(x.checked_add(dx), y.checked_add(dy), weight::SQUARE_TWO);
    }
    out
}

/// The rotations a hand may have written for another, with their weights.
pub(super) fn rotations(r: Rotation) -> Vec<(Rotation, f64)> {
    Rotation::ALL
        .into_iter()
        .filter(|o| *o != r)
        .map(|o| {
            let apart = (o.quarter_turns() + 4 - r.quarter_turns()) % 4;
            let w = if apart == 2 {
                weight::ROTATION_FAR
            } else {
                weight::ROTATION_NEAR
            };
            (o, w)
        })
        .collect()
}

/// A spanned value with no place in the text (a value the repair wrote).
pub(super) fn unspanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// Whether a hand writes one spot for the other as readily as one
/// character for another: their names one character apart (`N` and `S`,
/// `NNE` and `ENE`), or a side and one of its halves (`S` and `SSW`).
pub fn written_near(a: Spot, b: Spot) -> bool {
    let half_of =
        |h: Spot, s: Spot| matches!((h, s), (Spot::Half(h), Spot::Edge(s)) if h.side() == s);
    spelled_apart(a, b) <= 1 || half_of(a, b) || half_of(b, a)
}

/// How many characters apart two spots' names are: the letters to change,
/// add or take away to write one for the other (`N` and `S`: 1; `NNE` and
/// `ENE`: 1; `N` and `NNE`: 2).
pub fn spelled_apart(a: Spot, b: Spot) -> usize {
    let (a, b) = (a.to_string().into_bytes(), b.to_string().into_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, y) in b.iter().enumerate() {
            let up = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let here = (diagonal + usize::from(x != y))
                .min(up.saturating_add(1))
                .min(left.saturating_add(1));
            diagonal = up;
            if let Some(slot) = row.get_mut(j + 1) {
                *slot = here;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_alike_and_next() {
        assert!(alike("O", "Q"));
        assert!(alike("IC12", "IC21"));
        assert!(alike("IC1", "IC11"));
        assert!(alike("TB3", "TB8"));
        assert!(!alike("A", "X"));
        assert!(next_to("U", "V"));
        assert!(next_to("IC4", "IC5"));
        assert!(!next_to("IC4", "TB5"));
    }

    #[test]
    fn one_coordinate_before_two() {
        let s = squares(Pos::new(12, -3));
        let w = |x, y| {
            s.iter()
                .find(|(p, _)| *p == Pos::new(x, y))
                .map(|(_, w)| *w)
        };
        assert_eq!(w(13, -3), Some(weight::SQUARE_NEIGHBOUR));
        assert_eq!(w(12, 3), Some(weight::SQUARE_SIGN));
        assert_eq!(w(-3, 12), Some(weight::SQUARE_SWAPPED));
        assert_eq!(w(21, -3), Some(weight::SQUARE_SWAPPED));
        assert_eq!(w(13, -2), Some(weight::SQUARE_TWO));
        assert!(w(12, -3).is_none());
    }

    #[test]
    fn spots_spelled_apart() {
        let spot = |s: &str| s.parse::<Spot>().unwrap();
        assert_eq!(spelled_apart(spot("N"), spot("S")), 1);
        assert_eq!(spelled_apart(spot("NNE"), spot("ENE")), 1);
        assert_eq!(spelled_apart(spot("N"), spot("NNE")), 2);
        assert_eq!(spelled_apart(spot("S"), spot("NNE")), 3);
        assert_eq!(spelled_apart(spot("WSW"), spot("WSW")), 0);
        assert!(written_near(spot("S"), spot("SSW")));
        assert!(written_near(spot("NNE"), spot("NNW")));
        assert!(!written_near(spot("W"), spot("SSW")));
        assert!(!written_near(spot("S"), spot("NNE")));
    }

    #[test]
    fn rotations_a_quarter_off_first() {
        let r = rotations(Rotation::R0);
        assert_eq!(r.len(), 3);
        assert!(r.contains(&(Rotation::R90, weight::ROTATION_NEAR)));
        assert!(r.contains(&(Rotation::R180, weight::ROTATION_FAR)));
    }
}
