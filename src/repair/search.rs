//! The search over a record's turns: the readings of one slip at each turn
//! a slip may lie at, the likeliest turns first, and of two slips from the
//! nearest of those, each judged on the positions of the record as written
//! ([`Base::eval`]) and kept when it reads better than the record.

use super::rank;
use super::reading::{Base, Eval, Found, merge};
use super::slips::Context;
use super::turn_slips;
use crate::notation::{GameRecord, TurnRecord};
use crate::tiles::TileCatalog;

/// A record with some turns read otherwise.
pub fn with_changes(record: &GameRecord, changes: &[(usize, TurnRecord)]) -> GameRecord {
    let mut out = record.clone();
    for (i, t) in changes {
        if let Some(slot) = out.turns.get_mut(*i) {
            *slot = t.clone();
        }
    }
    out
}

/// What a reading reads: its turns' lines, to tell two readings apart.
fn key(changes: &[(usize, TurnRecord)]) -> Vec<(usize, String)> {
    changes
        .iter()
        .map(|(i, t)| (*i, crate::notation::write::turn_line(t)))
        .collect()
}

/// The turns a slip may lie at, most likely first: `priority`, then the
/// others from the last back; none past the first illegal turn (a slip
/// there cannot make it legal).
fn turn_order(base: &Base<'_, '_>, priority: &[usize]) -> Vec<usize> {
    let n = base.record.turns.len();
    let Some(last) = base.first_illegal().or(n.checked_sub(1)) else {
        return Vec::new();
    };
    let mut seen = vec![false; last + 1];
    let mut out = Vec::with_capacity(last + 1);
    for k in priority.iter().copied().chain((0..=last).rev()) {
        if let Some(s) = seen.get_mut(k)
            && !*s
        {
            *s = true;
            out.push(k);
        }
    }
    out
}

/// Whether a reading reads better than the record it changes: more turns
/// legal, or as many and fewer faults.
fn progress(e: &Eval, written: &Eval, turns: usize) -> bool {
    e.legal > written.legal || (e.all_legal && e.faults(turns) < written.faults(turns))
}

/// Every reading of one slip, at every turn up to the first illegal one,
/// that reads better than the record as written (each once).
pub fn one_slip(
    base: &Base<'_, '_>,
    ctx: &Context<'_>,
    priority: &[usize],
    named: &[usize],
) -> Vec<Found> {
    let n = base.record.turns.len();
    let mut out: Vec<Found> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for i in turn_order(base, priority) {
        for c in turn_slips::of_turn(&base.record.turns, i, ctx) {
            let Some(e) = base.eval(&c.turns) else {
                continue;
            };
            if !progress(&e, &base.written, n) || !seen.insert(key(&c.turns)) {
                continue;
            }
            let at: Vec<usize> = c.turns.iter().map(|(k, _)| *k).collect();
            out.push(Found {
                weight: c.weight,
                locality: rank::locality(&at, priority, named),
                slips: vec![c],
                eval: e,
            });
        }
    }
    out
}

/// Readings of two slips: each of the nearest one-slip readings (`first`)
/// with a second slip at the turns its own faults point at. The one-slip
/// readings are kept (the nearest are shown when nothing explains every
/// fault).
pub fn two_slips<'c>(
    base: &Base<'_, 'c>,
    ctx: &Context<'_>,
    mut first: Vec<Found>,
    priority: &[usize],
    named: &[usize],
    catalog: &'c TileCatalog,
) -> Vec<Found> {
    let n = base.record.turns.len();
    first.sort_by(|a, b| {
        a.eval
            .faults(n)
            .cmp(&b.eval.faults(n))
            .then(b.plausibility().total_cmp(&a.plausibility()))
    });
    let mut out = first.clone();
    let mut seen = std::collections::BTreeSet::new();
    for f in first.iter().take(super::SECOND_FROM) {
        let record = with_changes(base.record, &f.changes());
        let Some(then) = Base::new(&record, catalog) else {
            continue;
        };
        let near = rank::priority_turns(&then, named);
        let turns: Vec<usize> = turn_order(&then, &near)
            .into_iter()
            .take(super::SECOND_TURNS)
            .collect();
        for j in turns {
            for c in turn_slips::of_turn(&record.turns, j, ctx) {
                let Some(e) = then.eval(&c.turns) else {
                    continue;
                };
                if !e.explains_all() && !progress(&e, &then.written, n) {
                    continue;
                }
                let mut both = f.slips.clone();
                both.push(c);
                let changes = merge(&both);
                // Two slips that undo each other, or a pair found already in
                // the other order.
                if changes
                    .iter()
                    .all(|(i, t)| base.record.turns.get(*i) == Some(t))
                    || !seen.insert(key(&changes))
                {
                    continue;
                }
                let at: Vec<usize> = changes.iter().map(|(k, _)| *k).collect();
                out.push(Found {
                    weight: f.weight * both.last().map_or(1.0, |c| c.weight),
                    locality: rank::locality(&at, priority, named),
                    slips: both,
                    eval: e,
                });
            }
        }
    }
    out
}
