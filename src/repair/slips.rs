//! The transcription-error model: the slips a score keeper makes when writing
//! a turn down, each a reading of the turn as it may have been meant, with the
//! prior weight of its kind. A one-character change (a rotation, a sign, one
//! coordinate off by one, a letter that looks like another) weighs more than
//! a two-character one (both coordinates, a diagonal square, two turns
//! swapped); a change to anything else weighs least.

use crate::board::Pos;
use crate::notation::{
    ActArg, ActionRecord, FollowerSpec, Name, Place, Span, Spanned, StepRecord, Target, TurnRecord,
};
use crate::tiles::{Rotation, Side, Spot, TileCatalog};

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
    /// A figure left out, or one written that was not placed: a whole
    /// token, less often than one letter of it.
    pub const FIGURE: f64 = 0.08;
    /// Two adjacent turns swapped.
    pub const SWAP: f64 = 0.05;
    /// Another player's name.
    pub const PLAYER: f64 = 0.06;
    /// Another argument of an action.
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

/// What the slips of a turn may name: the tile ids in play and the seats.
#[derive(Debug)]
pub struct Context<'c> {
    /// The catalog.
    pub catalog: &'c TileCatalog,
    /// The ids of the tiles in play, in catalog order.
    pub tiles: Vec<String>,
    /// The players' names in seat order.
    pub players: Vec<String>,
}

/// Letters that look or sound alike, as a hand or an ear confuses them.
const ALIKE: &[&str] = &[
    "OQDGC", "EF", "IJLT", "MNW", "UVW", "PRB", "HKX", "BDEGPTV", "AJK", "QU", "SZ",
];

/// Digits that look alike.
const DIGITS_ALIKE: &[&str] = &["17", "38", "68", "56", "09", "08"];

/// Whether two tile ids look or sound alike: one letter or digit confused
/// with another, one character dropped or doubled, or two digits swapped.
fn alike(a: &str, b: &str) -> bool {
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
fn next_to(a: &str, b: &str) -> bool {
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
fn rotations(r: Rotation) -> Vec<(Rotation, f64)> {
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
fn unspanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// The slips of one turn (index `i` of `turns`), and the swap of it with
/// the next: every reading that changes one thing, in the order of the
/// model (heavier first within a kind).
pub fn of_turn(turns: &[TurnRecord], i: usize, ctx: &Context<'_>) -> Vec<Candidate> {
    let Some(turn) = turns.get(i) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut push = |kind, weight, change: String, t: TurnRecord| {
        out.push(Candidate {
            kind,
            weight,
            change,
            turns: vec![(i, t)],
        });
    };
    if let ActionRecord::Place { pos, rotation } = &turn.action.value {
        let (pos, rotation) = (pos.value, rotation.value);
        for (r, w) in rotations(rotation) {
            let mut t = turn.clone();
            t.action.value = ActionRecord::Place {
                pos: unspanned(pos),
                rotation: unspanned(r),
            };
            push(
                SlipKind::Rotation,
                w,
                format!("{r} instead of {rotation}"),
                t,
            );
        }
        for (p, w) in squares(pos) {
            let mut t = turn.clone();
            t.action.value = ActionRecord::Place {
                pos: unspanned(p),
                rotation: unspanned(rotation),
            };
            push(SlipKind::Square, w, format!("{p} instead of {pos}"), t);
        }
        figure_slips(turn, rotation, ctx, &mut push);
    }
    let written = turn.tile.value.as_str();
    for id in &ctx.tiles {
        if id == written {
            continue;
        }
        let w = if alike(id, written) {
            weight::TILE_ALIKE
        } else if next_to(id, written) {
            weight::TILE_NEXT
        } else {
            weight::TILE_OTHER
        };
        let mut t = turn.clone();
        t.tile.value = Name::from(id.as_str());
        push(
            SlipKind::Tile,
            w,
            format!("tile {id} instead of {written}"),
            t,
        );
    }
    for name in ctx.players.iter().filter(|p| **p != *turn.player.value) {
        let mut t = turn.clone();
        t.player.value = Name::from(name.as_str());
        push(
            SlipKind::Player,
            weight::PLAYER,
            format!("{name} instead of {}", turn.player.value),
            t,
        );
    }
    action_slips(turn, ctx, &mut push);
    if let Some(next) = turns.get(i + 1) {
        let (mut a, mut b) = (turn.clone(), next.clone());
        std::mem::swap(&mut a.tile, &mut b.tile);
        std::mem::swap(&mut a.action, &mut b.action);
        std::mem::swap(&mut a.follower, &mut b.follower);
        std::mem::swap(&mut a.steps, &mut b.steps);
        if a != *turn {
            out.push(Candidate {
                kind: SlipKind::Swap,
                weight: weight::SWAP,
                change: format!(
                    "turns {} and {} swapped",
                    turn.number.value, next.number.value
                ),
                turns: vec![(i, a), (i + 1, b)],
            });
        }
    }
    out
}

/// The figure's slips of a placed turn: another spot on the tile (same
/// feature kind first), the figure left out, or one written that was not
/// placed.
fn figure_slips(
    turn: &TurnRecord,
    rotation: Rotation,
    ctx: &Context<'_>,
    push: &mut impl FnMut(SlipKind, f64, String, TurnRecord),
) {
    let Some(def) = ctx
        .catalog
        .id(&turn.tile.value)
        .and_then(|id| ctx.catalog.get(id))
    else {
        return;
    };
    // One spot a segment: the first that names it.
    let mut spots: Vec<(Spot, u8)> = Vec::new();
    for s in Spot::all() {
        if let Some(seg) = s.segment(def, rotation)
            && !spots.iter().any(|(_, g)| *g == seg)
        {
            spots.push((s, seg));
        }
    }
    let kind_of = |seg: u8| def.segment(seg).map(|s| s.kind);
    match &turn.follower {
        Some(f) => {
            let written = f.spot.value;
            let here = written.segment(def, rotation);
            let kind = here.and_then(kind_of);
            for (s, seg) in &spots {
                if Some(*seg) == here {
                    continue;
                }
                let w = if kind_of(*seg) == kind {
                    weight::SPOT_SAME_KIND
                } else {
                    weight::SPOT_OTHER_KIND
                };
                let mut t = turn.clone();
                if let Some(tf) = &mut t.follower {
                    tf.spot = unspanned(*s);
                }
                push(SlipKind::Spot, w, format!("+{s} instead of +{written}"), t);
            }
            let mut t = turn.clone();
            t.follower = None;
            push(
                SlipKind::FigureAdded,
                weight::FIGURE,
                format!("no figure instead of +{written}"),
                t,
            );
        }
        None if turn.steps.is_empty() => {
            for (s, _) in &spots {
                let mut t = turn.clone();
                t.follower = Some(FollowerSpec {
                    figure: None,
                    spot: unspanned(*s),
                    span: Span::default(),
                });
                push(
                    SlipKind::FigureLeftOut,
                    weight::FIGURE,
                    format!("+{s} left out"),
                    t,
                );
            }
        }
        None => {}
    }
}

/// The places a hand may have written for another: another spot, another
/// pair of road ends.
fn places(place: Place) -> Vec<Place> {
    match place {
        Place::Spot(s) => Spot::all().filter(|o| *o != s).map(Place::Spot).collect(),
        Place::Ends(a, b) => {
            let mut out = Vec::new();
            for x in Side::ALL {
                for y in Side::ALL {
                    if x.index() < y.index() {
                        let (p, q) = Place::ends(x, y);
                        let e = Place::Ends(p, q);
                        if e != Place::Ends(a, b) && !out.contains(&e) {
                            out.push(e);
                        }
                    }
                }
            }
            out
        }
        Place::Tower => Vec::new(),
    }
}

/// The readings of a target: another place on the same tile, or another
/// square for it.
fn targets(target: &Target) -> Vec<(Target, String)> {
    let mut out = Vec::new();
    if let Some(place) = &target.place {
        for p in places(place.value) {
            let t = Target {
                pos: target.pos.clone(),
                place: Some(unspanned(p)),
            };
            out.push((t, format!("{p} instead of {}", place.value)));
        }
    }
    if let Some(pos) = &target.pos {
        for (p, _) in squares(pos.value) {
            let t = Target {
                pos: Some(unspanned(p)),
                place: target.place.clone(),
            };
            out.push((t, format!("{p} instead of {}", pos.value)));
        }
    }
    out
}

/// The slips of a turn's actions (version 2): another target for a figure
/// put or an act's figure, another number, another player.
fn action_slips(
    turn: &TurnRecord,
    ctx: &Context<'_>,
    push: &mut impl FnMut(SlipKind, f64, String, TurnRecord),
) {
    for (k, step) in turn.steps.iter().enumerate() {
        let written = crate::notation::write::step(step);
        let mut readings: Vec<(StepRecord, f64)> = Vec::new();
        match step {
            StepRecord::Figure(f) => {
                for (target, _) in targets(&f.target) {
                    let mut g = f.clone();
                    g.target = target;
                    readings.push((StepRecord::Figure(g), weight::ACTION));
                }
            }
            StepRecord::Act(a) => {
                match a.arg.as_ref().map(|x| &x.value) {
                    Some(ActArg::At { figure, target }) => {
                        for (t, _) in targets(target) {
                            let mut b = a.clone();
                            b.arg = Some(unspanned(ActArg::At {
                                figure: figure.clone(),
                                target: t,
                            }));
                            readings.push((StepRecord::Act(b), weight::ACTION));
                        }
                    }
                    Some(ActArg::Number(n)) => {
                        for m in [n.checked_add(1), n.checked_sub(1)].into_iter().flatten() {
                            let mut b = a.clone();
                            b.arg = Some(unspanned(ActArg::Number(m)));
                            readings.push((StepRecord::Act(b), weight::ACTION));
                        }
                    }
                    Some(ActArg::Player(p)) => {
                        for name in ctx.players.iter().filter(|n| **n != **p) {
                            let mut b = a.clone();
                            b.arg = Some(unspanned(ActArg::Player(Name::from(name.as_str()))));
                            readings.push((StepRecord::Act(b), weight::ACTION_PLAYER));
                        }
                    }
                    _ => {}
                }
                if let Some(p) = &a.player {
                    for name in ctx.players.iter().filter(|n| **n != *p.value) {
                        let mut b = a.clone();
                        b.player = Some(unspanned(Name::from(name.as_str())));
                        readings.push((StepRecord::Act(b), weight::ACTION_PLAYER));
                    }
                }
            }
        }
        for (s, w) in readings {
            let now = crate::notation::write::step(&s);
            let mut t = turn.clone();
            if let Some(slot) = t.steps.get_mut(k) {
                *slot = s;
            }
            push(
                SlipKind::Action,
                w,
                format!("{now} instead of {written}"),
                t,
            );
        }
    }
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
    fn rotations_a_quarter_off_first() {
        let r = rotations(Rotation::R0);
        assert_eq!(r.len(), 3);
        assert!(r.contains(&(Rotation::R90, weight::ROTATION_NEAR)));
        assert!(r.contains(&(Rotation::R180, weight::ROTATION_FAR)));
    }
}
