//! Repair suggestions: the smallest set of transcription slips (one, then
//! two) that makes every turn of a faulty record legal and every claim, every
//! `Scored` entry and the `Result` match, searched at every turn of the
//! record, ranked by plausibility.
//!
//! [`slips`] holds the transcription-error model (the kinds of slip and
//! their prior weights), [`turn_slips`] the slips of a turn and [`actions`]
//! those of its actions, [`reading`] the replay of a reading from the
//! positions kept, [`search`] the search over the turns, [`rank`] the
//! plausibility of a reading, and [`render`] what `carcref fix` prints. Nothing here changes a record: [`suggest`]
//! reports, and `carcref fix --apply` writes a repair only when exactly one
//! reading explains every fault.

pub mod actions;
pub mod rank;
pub mod reading;
pub mod render;
pub mod search;
pub mod slips;
pub mod turn_slips;

use crate::diagnostics::Diagnostic;
use crate::notation::{GameRecord, Span};
use crate::referee::{ReplayOptions, replay_with};
use crate::tiles::TileCatalog;

pub use slips::SlipKind;

use reading::{Base, Found};
use search::with_changes;
use slips::Context;

/// One slip undone: a turn as it was meant (a swap undoes two turns).
#[derive(Debug, Clone, PartialEq)]
pub struct Slip {
    /// The kind of slip.
    pub kind: SlipKind,
    /// What changes, e.g. `r0 instead of r90`.
    pub change: String,
    /// Its prior weight ([`slips::weight`]).
    pub weight: f64,
    /// The turns it changes: each turn's number as written and its line as
    /// repaired, as `carcref fmt` writes it.
    pub turns: Vec<(u32, String)>,
    /// The index in the record of each turn it changes.
    pub indices: Vec<usize>,
}

/// A reading of the record: one or two slips undone.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// The slips, in the order of their turns.
    pub slips: Vec<Slip>,
    /// Its plausibility: the slips' weights, how near they lie to what check
    /// found, and the share of the faults they explain ([`rank::score`]).
    pub score: f64,
    /// Whether the repaired record checks with no error at all.
    pub clean: bool,
    /// The faults of the record as written this reading resolves.
    pub explains: Vec<String>,
    /// The faults that remain with it.
    pub remaining: Vec<String>,
    /// How many turns are legal with it, from the first.
    pub legal_turns: usize,
    /// How many claims (turn claims and Result entries) the record makes.
    pub claims: usize,
    /// The repaired record.
    pub record: GameRecord,
}

/// What the search found for a faulty record.
#[derive(Debug, Clone, PartialEq)]
pub struct Repairs {
    /// The record's faults (its errors, as check reports them).
    pub faults: Vec<Diagnostic>,
    /// The faults as `fix` names them: code, message and turn.
    pub names: Vec<String>,
    /// The first illegal turn's number and its fault, if a turn is illegal.
    pub illegal: Option<(u32, Diagnostic)>,
    /// The number of turns.
    pub turns: usize,
    /// The last turn's number.
    pub last_turn: u32,
    /// Whether the turns could be searched at all (the header is usable).
    pub searched: bool,
    /// The most slips a suggestion holds that the search tried (1 or 2).
    pub depth: usize,
    /// The readings: those that explain every fault first (most plausible
    /// first), else the nearest ones.
    pub suggestions: Vec<Suggestion>,
    /// How many readings explain every fault (some may be left out of
    /// `suggestions`).
    pub explaining: usize,
}

impl Repairs {
    /// The one reading that explains every fault, if exactly one does.
    pub fn confirmed(&self) -> Option<&Suggestion> {
        let first = self.suggestions.first().filter(|s| s.clean)?;
        (self.explaining == 1).then_some(first)
    }

    /// How many readings explain every fault with the top score: more than
    /// one, and the referee cannot tell which was meant.
    pub fn tied(&self) -> usize {
        let Some(top) = self.suggestions.first().filter(|s| s.clean) else {
            return 0;
        };
        self.suggestions
            .iter()
            .filter(|s| s.clean && s.score == top.score && s.slips.len() == top.slips.len())
            .count()
    }
}

/// How many readings are shown at most.
pub const SHOWN: usize = 5;

/// How many one-slip readings, the nearest, are each searched for a second
/// slip when no one slip explains every fault.
pub(crate) const SECOND_FROM: usize = 24;

/// How many of the turns where a slip most likely lies are searched for the
/// second slip.
pub(crate) const SECOND_TURNS: usize = 12;

/// How many readings that explain every fault by the fast count are checked
/// by the full referee.
const VERIFIED: usize = 40;

/// The faults of a record as `fix` names them: code, message, and the turn
/// they are found at.
fn fault_names(record: &GameRecord, faults: &[Diagnostic]) -> Vec<String> {
    faults
        .iter()
        .map(|d| {
            let at = d.span().start;
            match record
                .turns
                .iter()
                .find(|t| t.span.start <= at && at < t.span.end.max(t.span.start + 1))
            {
                Some(t) => format!("{} {} (turn {})", d.code(), d, t.number.value),
                None => format!("{} {d}", d.code()),
            }
        })
        .collect()
}

/// The errors of a record, as check reports them.
fn errors(record: &GameRecord, catalog: &TileCatalog) -> Vec<Diagnostic> {
    replay_with(record, catalog, ReplayOptions::default())
        .diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

/// The slips that explain a faulty record, searched at every turn: every
/// one-slip reading first, then, when none explains every fault, the
/// nearest ones each with a second slip where the faults they leave point.
/// `None` for a record that checks clean.
pub fn suggest(record: &GameRecord, catalog: &TileCatalog) -> Option<Repairs> {
    let outcome = replay_with(record, catalog, ReplayOptions::default());
    let faults: Vec<Diagnostic> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    if faults.is_empty() {
        return None;
    }
    let illegal = outcome.stopped.as_ref().map(|s| (s.turn, s.fault.clone()));
    let last_turn = record.turns.last().map_or(0, |t| t.number.value);
    let names = fault_names(record, &faults);
    let mut repairs = Repairs {
        names: names.clone(),
        faults,
        illegal,
        turns: record.turns.len(),
        last_turn,
        searched: false,
        depth: 0,
        suggestions: Vec::new(),
        explaining: 0,
    };
    let Some(base) = Base::new(record, catalog) else {
        return Some(repairs);
    };
    repairs.searched = true;
    let ctx = context(record, catalog);
    let named = named(&base, record, &repairs.faults);
    let priority = rank::priority_turns(&base, &named);
    let mut found = search::one_slip(&base, &ctx, &priority, &named);
    repairs.depth = 1;
    if !found.iter().any(|f| f.eval.explains_all()) {
        found = search::two_slips(&base, &ctx, found, &priority, &named, catalog);
        repairs.depth = 2;
    }
    let claims = claims_of(record);
    let written_faults = base.written.faults(record.turns.len());
    let mut explaining: Vec<Found> = found
        .iter()
        .filter(|f| f.eval.explains_all())
        .cloned()
        .collect();
    let mut suggestions = Vec::new();
    if explaining.is_empty() {
        let mut near = found;
        near.sort_by(|a, b| {
            let key = |f: &Found| (f.eval.faults(record.turns.len()), f.slips.len());
            key(a)
                .cmp(&key(b))
                .then(b.plausibility().total_cmp(&a.plausibility()))
        });
        for f in near.into_iter().take(3) {
            suggestions.push(suggestion(
                record,
                catalog,
                &names,
                claims,
                &f,
                written_faults,
            ));
        }
    } else {
        // The first fault: the first illegal turn, else the first turn whose
        // claim is wrong, else the end (the Result).
        let anchor = base
            .first_illegal()
            .or(base.claim_fault_turns.first().copied())
            .unwrap_or(record.turns.len());
        explaining.sort_by(|a, b| order(a, b, anchor));
        for f in explaining.iter().take(VERIFIED) {
            let s = suggestion(record, catalog, &names, claims, f, written_faults);
            suggestions.push(s);
        }
        suggestions.sort_by(|a, b| {
            b.clean
                .cmp(&a.clean)
                .then(a.slips.len().cmp(&b.slips.len()))
                .then(b.score.total_cmp(&a.score))
        });
        let unverified = explaining.len().saturating_sub(VERIFIED);
        repairs.explaining = suggestions.iter().filter(|s| s.clean).count() + unverified;
    }
    suggestions.truncate(SHOWN.max(repairs.tied()));
    repairs.suggestions = suggestions;
    Some(repairs)
}

/// The turns check's faults name ([`rank::named_turns`]), with the turns
/// whose claims are wrong and the turns that built what they completed.
fn named(base: &Base<'_, '_>, record: &GameRecord, faults: &[Diagnostic]) -> Vec<usize> {
    let mut out = rank::named_turns(record, faults);
    for k in base.claim_fault_turns.iter().chain(&base.claim_builders) {
        if !out.contains(k) {
            out.push(*k);
        }
    }
    out
}

/// The order of readings that explain every fault: fewer slips, then the
/// higher weight and locality, then, among readings the record cannot tell
/// apart, [`rank::tie_order`].
fn order(a: &Found, b: &Found, anchor: usize) -> std::cmp::Ordering {
    a.slips
        .len()
        .cmp(&b.slips.len())
        .then(b.plausibility().total_cmp(&a.plausibility()))
        .then_with(|| rank::tie_order(a, b, anchor))
}

/// The number of claims a record makes: its turns' and its Result entries.
fn claims_of(record: &GameRecord) -> usize {
    record.turns.iter().map(|t| t.claims.len()).sum::<usize>()
        + record
            .tag("Result")
            .map_or(0, |t| crate::header::result_entries(&t.value.value).count())
}

/// A reading as a suggestion: the repaired record checked by the full
/// referee, what it resolves and what remains.
fn suggestion(
    record: &GameRecord,
    catalog: &TileCatalog,
    names: &[String],
    claims: usize,
    f: &Found,
    written_faults: usize,
) -> Suggestion {
    let repaired = with_changes(record, &f.changes());
    let left = errors(&repaired, catalog);
    let remaining = fault_names(&repaired, &left);
    let explains: Vec<String> = names
        .iter()
        .filter(|n| !remaining.contains(n))
        .cloned()
        .collect();
    let explained = written_faults.saturating_sub(f.eval.faults(record.turns.len()));
    let share = if left.is_empty() {
        written_faults
    } else {
        explained
    };
    let slips = f
        .slips
        .iter()
        .map(|c| Slip {
            kind: c.kind,
            change: c.change.clone(),
            weight: c.weight,
            turns: c
                .turns
                .iter()
                .map(|(i, _)| {
                    let t = repaired.turns.get(*i);
                    (
                        t.map_or(0, |t| t.number.value),
                        t.map(crate::notation::write::turn_line).unwrap_or_default(),
                    )
                })
                .collect(),
            indices: c.turns.iter().map(|(i, _)| *i).collect(),
        })
        .collect();
    Suggestion {
        slips,
        score: rank::score(f.weight, f.locality, share, written_faults),
        clean: left.is_empty(),
        explains,
        remaining,
        legal_turns: f.eval.legal,
        claims,
        record: repaired,
    }
}

/// What the slips of a record may name.
fn context<'c>(record: &GameRecord, catalog: &'c TileCatalog) -> Context<'c> {
    let (header, _) = crate::header::Header::read_for(record, catalog.user_sets());
    let setup = header.map(|h| h.setup());
    let game = setup.map(|s| crate::rules::Game::new(s, catalog));
    let tiles = catalog
        .iter()
        .filter(|(id, _)| game.as_ref().is_some_and(|g| g.in_play(*id)))
        .map(|(_, d)| d.id.clone())
        .collect();
    let players = game
        .as_ref()
        .map(|g| g.setup().players.clone())
        .unwrap_or_default();
    let figures = game.as_ref().map_or_else(Vec::new, |g| {
        let supply = g.starting_supply();
        crate::figures::Figure::ALL
            .into_iter()
            .filter(|f| supply.count(*f) > 0)
            .collect()
    });
    let placed = record
        .turns
        .iter()
        .filter_map(|t| match &t.action.value {
            crate::notation::ActionRecord::Place { pos, rotation } => {
                Some((pos.value, (catalog.id(&t.tile.value)?, rotation.value)))
            }
            _ => None,
        })
        .collect();
    Context {
        catalog,
        tiles,
        players,
        figures,
        placed,
    }
}

/// A text with one turn's line replaced by another: the line that holds the
/// turn (found by its span), its indentation and line end kept.
pub fn replace_turn_line(text: &str, turn_span: Span, line: &str) -> Option<String> {
    let (range, new) = turn_line_replacement(text, turn_span, line)?;
    Some(format!(
        "{}{new}{}",
        text.get(..range.start)?,
        text.get(range.end..)?
    ))
}

/// Where the line that holds a turn (found by its span) lies in a text, and
/// what replaces it: `line` with that line's indentation and carriage return.
/// The byte range is the same in the bytes the text was read from when each
/// byte that was not UTF-8 was read as one character
/// ([`crate::stream::replace_not_utf8`]).
pub fn turn_line_replacement(
    text: &str,
    turn_span: Span,
    line: &str,
) -> Option<(std::ops::Range<usize>, String)> {
    let start = text
        .get(..turn_span.start)?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = text
        .get(turn_span.start..)?
        .find('\n')
        .map_or(text.len(), |i| turn_span.start + i);
    let old = text.get(start..end)?;
    let indent = old.get(..old.len() - old.trim_start().len())?;
    let cr = if old.ends_with('\r') { "\r" } else { "" };
    Some((start..end, format!("{indent}{line}{cr}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_replaced_in_place() {
        let text = "[A \"1\"]\r\n  3. Ann U 1,0 r90 ; x\r\n4. Bob V 0,1 r0\r\n";
        let at = text.find("3.").unwrap();
        let out = replace_turn_line(text, Span::new(at, at + 5), "3. Ann U 1,0 r0 ; x").unwrap();
        assert_eq!(
            out,
            "[A \"1\"]\r\n  3. Ann U 1,0 r0 ; x\r\n4. Bob V 0,1 r0\r\n"
        );
    }
}
