//! The slips of one turn: every reading of it that changes one thing, by the
//! model of `slips.rs`: its tile's rotation and square, its tile id, its
//! figure (another spot, left out, added), its player, its actions
//! (`actions.rs`), and its swap with the next turn.

use super::actions::action_slips;
use super::slips::{
    Candidate, Context, SlipKind, alike, next_to, rotations, squares, unspanned, weight,
    written_near,
};
use crate::notation::{ActionRecord, FollowerSpec, Name, Span, TurnRecord};
use crate::tiles::{Rotation, Spot};

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
                let mut w = if kind_of(*seg) == kind {
                    weight::SPOT_SAME_KIND
                } else {
                    weight::SPOT_OTHER_KIND
                };
                let near = Spot::all()
                    .filter(|o| o.segment(def, rotation) == Some(*seg))
                    .any(|o| written_near(o, written));
                if !near {
                    w *= weight::SPOT_SPELLED_APART;
                }
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
                weight::FIGURE_ADDED / spots.len().max(1) as f64,
                format!("no figure instead of +{written}"),
                t,
            );
        }
        None => {
            // Any figure the players have, the follower first; in a turn of
            // version 2, as its first action.
            for figure in &ctx.figures {
                for (s, _) in &spots {
                    let mut t = turn.clone();
                    t.follower = Some(FollowerSpec {
                        figure: figure.notation().map(|n| unspanned(Name::from(n))),
                        spot: unspanned(*s),
                        span: Span::default(),
                    });
                    let written = match figure.notation() {
                        Some(n) => format!("+{n}:{s}"),
                        None => format!("+{s}"),
                    };
                    push(
                        SlipKind::FigureLeftOut,
                        weight::FIGURE_LEFT_OUT,
                        format!("{written} left out"),
                        t,
                    );
                }
            }
        }
    }
}
