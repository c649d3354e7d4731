//! The slips of a turn's actions (version 2, SPEC 2.14), searched like a
//! tile's: another target for a figure put or an act's figure (another
//! feature of the same tile, one spot each, or another square), another
//! direction for the dragon, another number (a die's face, a message),
//! another kind (`circle:add` for `circle:remove`, `ransom:big` for
//! `ransom:follower`, `score:messenger` for `score:marker`), another tower
//! (`+tower:T` for `+tower:x,y/T`), the large follower for the follower or
//! the other way round, and another player (the robber's, or the one in
//! parentheses). `choose:points` and a pawn taken off (`mage:-`) have no
//! reading: what they may have meant is not written.

use crate::board::Pos;
use crate::notation::{
    ActArg, ActRecord, ActionRecord, Name, Place, Spanned, StepRecord, Target, TurnRecord,
};
use crate::tiles::{Rotation, Side, Spot, TileDef};

use super::slips::{Context, SlipKind, squares, unspanned, weight, written_near};

/// The verbs whose argument `N`, `E`, `S` or `W` is a direction, not a spot.
const DIRECTION_VERBS: &[&str] = &["dragon"];

/// The kinds an act names that a hand may write for one another.
const KINDS: &[&[&str]] = &[
    &["add", "remove"],
    &["follower", "big"],
    &["marker", "messenger"],
];

/// The figure names (`None`: the follower) that a hand may write for one
/// another: the follower and the large follower.
const FIGURES: [Option<&str>; 2] = [None, Some("big")];

/// The slips of a turn's actions: each step read otherwise, one thing at a
/// time.
pub fn action_slips(
    turn: &TurnRecord,
    ctx: &Context<'_>,
    push: &mut impl FnMut(SlipKind, f64, String, TurnRecord),
) {
    for (k, step) in turn.steps.iter().enumerate() {
        let written = crate::notation::write::step(step);
        let mut readings: Vec<(StepRecord, f64)> = Vec::new();
        match step {
            StepRecord::Figure(f) => {
                for (target, w) in targets(&f.target, turn, ctx, false) {
                    let mut g = f.clone();
                    g.target = target;
                    readings.push((StepRecord::Figure(g), w));
                }
                for figure in other_figures(f.figure.as_ref(), ctx) {
                    let mut g = f.clone();
                    g.figure = figure;
                    readings.push((StepRecord::Figure(g), weight::ACTION));
                }
            }
            StepRecord::Act(a) => act_readings(a, turn, ctx, &mut readings),
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

/// The readings of an act: its argument read otherwise, or its player.
fn act_readings(
    a: &ActRecord,
    turn: &TurnRecord,
    ctx: &Context<'_>,
    readings: &mut Vec<(StepRecord, f64)>,
) {
    let with_arg = |arg: ActArg| {
        let mut b = a.clone();
        b.arg = Some(unspanned(arg));
        StepRecord::Act(b)
    };
    match a.arg.as_ref().map(|x| &x.value) {
        Some(ActArg::At { figure, target }) => {
            let direction = DIRECTION_VERBS.contains(&a.verb.value.as_str());
            for (t, w) in targets(target, turn, ctx, direction) {
                let arg = ActArg::At {
                    figure: figure.clone(),
                    target: t,
                };
                readings.push((with_arg(arg), w));
            }
            for other in other_figures(figure.as_ref(), ctx) {
                let arg = ActArg::At {
                    figure: other,
                    target: target.clone(),
                };
                readings.push((with_arg(arg), weight::ACTION));
            }
        }
        Some(ActArg::Number(n)) => {
            for m in [n.checked_add(1), n.checked_sub(1)].into_iter().flatten() {
                readings.push((with_arg(ActArg::Number(m)), weight::ACTION));
            }
        }
        Some(ActArg::Kind(kind)) => {
            let group = KINDS.iter().find(|g| g.contains(&kind.as_str()));
            for other in group.into_iter().flat_map(|g| g.iter()) {
                if *other != kind.as_str() {
                    readings.push((with_arg(ActArg::Kind(Name::from(*other))), weight::ACTION));
                }
            }
        }
        Some(ActArg::Player(p)) => {
            for name in ctx.players.iter().filter(|n| **n != **p) {
                let arg = ActArg::Player(Name::from(name.as_str()));
                readings.push((with_arg(arg), weight::ACTION_PLAYER));
            }
        }
        Some(ActArg::Nothing) | None => {}
    }
    if let Some(p) = &a.player {
        for name in ctx.players.iter().filter(|n| **n != *p.value) {
            let mut b = a.clone();
            b.player = Some(unspanned(Name::from(name.as_str())));
            readings.push((StepRecord::Act(b), weight::ACTION_PLAYER));
        }
    }
}

/// The other figure a hand may have named: the large follower for the
/// follower or the other way round, where the players have large followers.
fn other_figures(figure: Option<&Spanned<Name>>, ctx: &Context<'_>) -> Vec<Option<Spanned<Name>>> {
    let written = figure.map(|f| f.value.as_str());
    if !FIGURES.contains(&written) || !ctx.figures.contains(&crate::figures::Figure::Big) {
        return Vec::new();
    }
    FIGURES
        .into_iter()
        .filter(|f| *f != written)
        .map(|f| f.map(|n| unspanned(Name::from(n))))
        .collect()
}

/// The tile a target lies on and its rotation: the tile placed this turn
/// (no square written, or its own), else the tile the record placed on the
/// square written.
fn tile_of<'c>(
    target: &Target,
    turn: &TurnRecord,
    ctx: &Context<'c>,
) -> Option<(&'c TileDef, Rotation)> {
    let own = match &turn.action.value {
        ActionRecord::Place { pos, rotation } => Some((pos.value, rotation.value)),
        _ => None,
    };
    let (id, rotation) = match (&target.pos, own) {
        (None, Some((_, r))) => (ctx.catalog.id(&turn.tile.value)?, r),
        (Some(p), Some((at, r))) if p.value == at => (ctx.catalog.id(&turn.tile.value)?, r),
        (Some(p), _) => *ctx.placed.get(&p.value)?,
        (None, None) => return None,
    };
    Some((ctx.catalog.get(id)?, rotation))
}

/// The places a hand may have written for another on a target's tile, each
/// with its weight: another feature of the tile (one spot each, those
/// written near the one written weighing more), another direction, another
/// pair of road ends (those that keep one of the two weighing more).
fn places(
    place: Place,
    target: &Target,
    turn: &TurnRecord,
    ctx: &Context<'_>,
    direction: bool,
) -> Vec<(Place, f64)> {
    match place {
        Place::Spot(s) if direction => Side::ALL
            .into_iter()
            .map(Spot::Edge)
            .filter(|o| *o != s)
            .map(|o| (Place::Spot(o), weight::ACTION))
            .collect(),
        Place::Spot(s) => {
            let spelled = |o: Spot| {
                if written_near(o, s) {
                    weight::ACTION
                } else {
                    weight::ACTION * weight::SPOT_SPELLED_APART
                }
            };
            let Some((def, rotation)) = tile_of(target, turn, ctx) else {
                // A tile the record does not place (the start tile): any
                // other spot.
                return Spot::all()
                    .filter(|o| *o != s)
                    .map(|o| (Place::Spot(o), spelled(o)))
                    .collect();
            };
            let here = s.segment(def, rotation);
            let mut out: Vec<(Place, f64, u8)> = Vec::new();
            for o in Spot::all() {
                let Some(seg) = o.segment(def, rotation) else {
                    continue;
                };
                if Some(seg) == here {
                    continue;
                }
                let w = spelled(o);
                match out.iter_mut().find(|(_, _, g)| *g == seg) {
                    // One spot a feature, its first name; the weight of its
                    // name nearest the one written.
                    Some(slot) => slot.1 = slot.1.max(w),
                    None => out.push((Place::Spot(o), w, seg)),
                }
            }
            out.into_iter().map(|(p, w, _)| (p, w)).collect()
        }
        Place::Ends(a, b) => {
            let mut out = Vec::new();
            for x in Side::ALL {
                for y in Side::ALL {
                    if x.index() < y.index() {
                        let (p, q) = Place::ends(x, y);
                        let e = Place::Ends(p, q);
                        if e != Place::Ends(a, b) && !out.iter().any(|(o, _)| *o == e) {
                            // `ferry:NE` for `ferry:NW` keeps a letter.
                            let kept = [x, y].iter().any(|z| *z == a || *z == b);
                            let w = if kept {
                                weight::ACTION
                            } else {
                                weight::ACTION * weight::SPOT_SPELLED_APART
                            };
                            out.push((e, w));
                        }
                    }
                }
            }
            out
        }
        Place::Tower => Vec::new(),
    }
}

/// The readings of a target, with their weights: another place on the same
/// tile, or another square for it (as a tile's square is misread).
fn targets(
    target: &Target,
    turn: &TurnRecord,
    ctx: &Context<'_>,
    direction: bool,
) -> Vec<(Target, f64)> {
    let mut out = Vec::new();
    if let Some(place) = &target.place {
        for (p, w) in places(place.value, target, turn, ctx, direction) {
            let t = Target {
                pos: target.pos.clone(),
                place: Some(unspanned(p)),
            };
            out.push((t, w));
        }
    }
    if let Some(pos) = &target.pos {
        for (p, w) in squares(pos.value) {
            let t = Target {
                pos: Some(unspanned::<Pos>(p)),
                place: target.place.clone(),
            };
            out.push((t, w));
        }
    }
    if target
        .place
        .as_ref()
        .is_some_and(|p| p.value == Place::Tower)
    {
        out.extend(other_towers(target, turn, ctx));
    }
    out
}

/// The other towers a tower's target may have meant: for the tower of the
/// tile just placed (`T`), each other tile with a tower the record places
/// (its square left out); for a tower at a square, the tile just placed's,
/// where it has one.
fn other_towers(target: &Target, turn: &TurnRecord, ctx: &Context<'_>) -> Vec<(Target, f64)> {
    let own = match &turn.action.value {
        ActionRecord::Place { pos, .. } => Some(pos.value),
        _ => None,
    };
    let has_tower = |id| ctx.catalog.get(id).is_some_and(|d| d.tower);
    let tower = |pos: Option<Pos>| Target {
        pos: pos.map(unspanned),
        place: Some(unspanned(Place::Tower)),
    };
    match &target.pos {
        None => ctx
            .placed
            .iter()
            .filter(|(p, (id, _))| Some(**p) != own && has_tower(*id))
            .map(|(p, _)| (tower(Some(*p)), weight::ACTION))
            .collect(),
        Some(p) if Some(p.value) != own => {
            let id = ctx.catalog.id(&turn.tile.value);
            if own.is_some() && id.is_some_and(has_tower) {
                vec![(tower(None), weight::ACTION)]
            } else {
                Vec::new()
            }
        }
        Some(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GenOptions, Rng, random_game};
    use crate::rules::expansions::Expansions;
    use crate::tiles::TileCatalog;

    #[test]
    fn every_kind_of_step_has_readings() {
        let catalog = TileCatalog::embedded().unwrap();
        let options = GenOptions {
            edition: crate::Edition::HiG2012,
            players: 3,
            expansions: Expansions::from_sets(
                crate::rules::expansions::Expansion::ALL
                    .iter()
                    .map(|e| e.name())
                    .filter(|n| *n != "crop-circles-2"),
            ),
        };
        let mut kinds = std::collections::BTreeSet::new();
        for seed in [47, 48] {
            let record = random_game(&catalog, &options, &mut Rng::new(seed));
            let ctx = super::super::context(&record, &catalog);
            for turn in &record.turns {
                for (k, step) in turn.steps.iter().enumerate() {
                    let written = crate::notation::write::step(step);
                    kinds.insert(written.split([':', '(']).next().unwrap_or("").to_string());
                    let mut n = 0;
                    let mut only = turn.clone();
                    only.steps = vec![step.clone()];
                    action_slips(&only, &ctx, &mut |kind, _, _, _| {
                        n += usize::from(kind == SlipKind::Action);
                    });
                    let unwritten = written == "choose:points" || written.ends_with(":-");
                    assert!(
                        n > 0 || unwritten,
                        "{written} (step {k} of {:?})",
                        turn.number.value
                    );
                }
            }
        }
        assert!(kinds.len() >= 15, "{kinds:?}");
    }
}
