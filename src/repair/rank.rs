//! Plausibility: where a slip is most likely (the turns check's faults point
//! at), and how a reading is scored and ordered.
//!
//! A reading's score is the prior weight of its slips (their product, for
//! two) times how near it lies to what check found: a slip at a turn that
//! built a feature whose claim is wrong, at a turn a fault's label names, or
//! just before the first illegal turn weighs fully; elsewhere half. A reading
//! that leaves faults scores the share of the faults it explains on top.

use std::collections::BTreeMap;

use crate::board::Pos;
use crate::notation::{ActionRecord, TurnRecord};
use crate::score::ScoreEvent;

use super::reading::{Base, Found};
use super::slips::SlipKind;

/// How much a slip away from every turn check points at weighs.
pub const ELSEWHERE: f64 = 0.5;

/// How many turns before the first illegal one count as near it.
const BEFORE_ILLEGAL: usize = 3;

/// The turns where a slip most likely lies, most likely first: the first
/// illegal turn and the turns just before it, the turns that placed its
/// neighbours (what check's secondary labels name), the turns whose claims
/// are wrong and the turns that built the features they scored, and the
/// turns that built the features scored at the end when the Result is
/// wrong.
pub fn priority_turns(base: &Base<'_, '_>, named: &[usize]) -> Vec<usize> {
    let turns = &base.record.turns;
    let placed: BTreeMap<Pos, usize> = turns
        .iter()
        .enumerate()
        .take(base.written.legal)
        .filter_map(|(k, t)| match &t.action.value {
            ActionRecord::Place { pos, .. } => Some((pos.value, k)),
            _ => None,
        })
        .collect();
    let mut out: Vec<usize> = Vec::new();
    let add = |k: usize, out: &mut Vec<usize>| {
        if k < turns.len() && !out.contains(&k) {
            out.push(k);
        }
    };
    if let Some(f) = base.first_illegal() {
        add(f, &mut out);
    }
    for &k in named {
        add(k, &mut out);
    }
    if let Some(f) = base.first_illegal() {
        for k in (f.saturating_sub(BEFORE_ILLEGAL)..=f).rev() {
            add(k, &mut out);
        }
        if let Some(pos) = turns.get(f).and_then(square_of) {
            for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let n = Pos::new(pos.x.saturating_add(dx), pos.y.saturating_add(dy));
                if let Some(k) = placed.get(&n) {
                    add(*k, &mut out);
                }
            }
        }
    }
    let builders = |events: &[ScoreEvent], out: &mut Vec<usize>| {
        for e in events {
            for p in &e.tiles {
                if let Some(k) = placed.get(p)
                    && !out.contains(k)
                {
                    out.push(*k);
                }
            }
        }
    };
    for &t in &base.claim_fault_turns {
        add(t, &mut out);
        if let Some(e) = base.events.get(t) {
            builders(e, &mut out);
        }
        // The features the turn's tile completes lie beside it: the turns
        // that placed its neighbours (a figure left out there scores
        // nothing, and names no tile).
        if let Some(pos) = turns.get(t).and_then(square_of) {
            for (dx, dy) in [
                (0, 1),
                (1, 0),
                (0, -1),
                (-1, 0),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                let n = Pos::new(pos.x.saturating_add(dx), pos.y.saturating_add(dy));
                if let Some(k) = placed.get(&n) {
                    add(*k, &mut out);
                }
            }
        }
    }
    if base.written.result_faults > 0 {
        // The turns that scored, latest first, then the features of the end.
        for (k, e) in base.events.iter().enumerate().rev() {
            if !e.is_empty() {
                add(k, &mut out);
            }
        }
        builders(&base.final_events, &mut out);
    }
    out
}

/// The square a turn placed its tile on.
fn square_of(turn: &TurnRecord) -> Option<Pos> {
    match &turn.action.value {
        ActionRecord::Place { pos, .. } => Some(pos.value),
        _ => None,
    }
}

/// How near a slip at these turns lies to what check found: fully at a
/// turn a fault names (the first illegal turn, a turn a label names, a turn
/// whose claim is wrong), three quarters at another turn of `priority`, half
/// elsewhere.
pub fn locality(turns: &[usize], priority: &[usize], named: &[usize]) -> f64 {
    if turns.iter().any(|k| named.contains(k)) {
        1.0
    } else if turns.iter().any(|k| priority.contains(k)) {
        NEAR
    } else {
        ELSEWHERE
    }
}

/// How much a slip at a turn near what check found, but not named by it,
/// weighs.
pub const NEAR: f64 = 0.75;

/// The turns check's faults name: the turns their labels (the primary and
/// the secondary ones) point into.
pub fn named_turns(
    record: &crate::notation::GameRecord,
    faults: &[crate::diagnostics::Diagnostic],
) -> Vec<usize> {
    let mut out = Vec::new();
    for d in faults {
        let labels = miette::Diagnostic::labels(d)
            .map(|l| l.map(|l| l.offset()).collect::<Vec<_>>())
            .unwrap_or_default();
        for at in labels.into_iter().chain(std::iter::once(d.span().start)) {
            if let Some(k) = record
                .turns
                .iter()
                .position(|t| t.span.start <= at && at < t.span.end)
                && !out.contains(&k)
            {
                out.push(k);
            }
        }
    }
    out
}

/// The order of two readings that explain every fault equally well (as many
/// slips, the same weight and locality): the record cannot tell them apart,
/// and `fix` says so, but lists them in an order.
///
/// Two figures left out: the earlier turn first. A player claims a feature
/// with the first tile he lays on it more often than with a later one (he
/// extends the features he already holds), so where a figure left out could
/// have stood on one feature from any of several of its player's turns, the
/// first of them is the likelier. In the shipped real records (the three
/// Board Game Arena games), a player had laid an earlier tile on the
/// feature he claimed for a third of his figures, and laid a later one for
/// more than half.
///
/// Otherwise: the slip nearest before the first fault first (a slip shows
/// soonest after it is made).
pub fn tie_order(a: &Found, b: &Found, anchor: usize) -> std::cmp::Ordering {
    let left_out = |f: &Found| f.slips.iter().all(|c| c.kind == SlipKind::FigureLeftOut);
    let first = |f: &Found| f.changes().first().map_or(0, |(i, _)| *i);
    if left_out(a) && left_out(b) {
        return first(a).cmp(&first(b));
    }
    let distance = |f: &Found| {
        let last = f.changes().last().map_or(0, |(i, _)| *i);
        anchor.saturating_sub(last)
    };
    distance(a).cmp(&distance(b))
}

/// A reading's score: its weight, its locality, and the share of the
/// record's faults it explains.
pub fn score(weight: f64, locality: f64, explained: usize, faults: usize) -> f64 {
    let share = if faults == 0 {
        1.0
    } else {
        explained.min(faults) as f64 / faults as f64
    };
    round(weight * locality * share)
}

/// A score rounded to four decimals, so that equal readings compare equal.
pub fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
