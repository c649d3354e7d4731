//! Repair suggestions: for the first illegal turn of a record, the nearest
//! readings of the same line that a score keeper may have meant — another
//! rotation, a neighbouring square, a coordinate's sign or the two coordinates
//! swapped, another tile letter of the supply, another spot for the follower
//! (or none) — kept when they make every later turn legal too, and ranked by
//! how well the record's own score claims and result confirm them.
//!
//! Nothing here changes a record: [`suggest`] reports, and `carcref fix
//! --apply` writes a repair only when exactly one reading is confirmed by every
//! claim. The search runs only for a record with an illegal turn; each
//! candidate is first checked against the position before the turn, and only
//! the legal ones are replayed to the end.

use crate::board::Pos;
use crate::diagnostics::Diagnostic;
use crate::notation::{ActionRecord, FollowerSpec, GameRecord, Span, Spanned};
use crate::referee::{ReplayOptions, replay_to, replay_with};
use crate::rules::TurnInput;
use crate::tiles::{Rotation, Spot, TileCatalog};

/// One reading of the faulty turn that makes every later turn legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The turn's number.
    pub turn: u32,
    /// What changes, e.g. `r90 instead of r270`.
    pub change: String,
    /// The turn line as repaired (canonical).
    pub line: String,
    /// How many score claims of the record (turn claims and Result entries)
    /// the repaired record checks, and whether every one of them matches.
    pub claims: usize,
    /// Whether the repaired record checks with no error at all.
    pub clean: bool,
    /// The faults that remain with this reading (claims that still differ).
    pub remaining: Vec<String>,
    /// The repaired record.
    pub record: GameRecord,
}

/// What the search found for a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repairs {
    /// The first illegal turn's number.
    pub turn: u32,
    /// The turn's index in the record.
    pub index: usize,
    /// Its fault, as the referee reports it.
    pub fault: Diagnostic,
    /// The last turn of the record.
    pub last_turn: u32,
    /// The readings that make every later turn legal: the clean ones first,
    /// then by the number of faults left, then in the order tried.
    pub suggestions: Vec<Suggestion>,
}

impl Repairs {
    /// The one reading every claim confirms, if exactly one does.
    pub fn confirmed(&self) -> Option<&Suggestion> {
        let mut clean = self.suggestions.iter().filter(|s| s.clean);
        let first = clean.next()?;
        clean.next().is_none().then_some(first)
    }
}

/// A reading of the turn: what is changed, and how.
struct Reading {
    change: String,
    tile: Option<String>,
    place: Option<(Pos, Rotation)>,
    follower: Option<Option<(Option<String>, Spot)>>,
}

/// The nearest readings of a turn, nearest first: each changes one thing.
fn readings(
    tile: &str,
    pos: Pos,
    rotation: Rotation,
    follower: Option<(Option<String>, Spot)>,
    tiles: &[String],
) -> Vec<Reading> {
    let mut out = Vec::new();
    for r in Rotation::ALL.into_iter().filter(|r| *r != rotation) {
        out.push(Reading {
            change: format!("{r} instead of {rotation}"),
            tile: None,
            place: Some((pos, r)),
            follower: None,
        });
    }
    let mut squares: Vec<Pos> = Vec::new();
    for (dx, dy) in [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ] {
        if let (Some(x), Some(y)) = (pos.x.checked_add(dx), pos.y.checked_add(dy)) {
            squares.push(Pos::new(x, y));
        }
    }
    // Signs and order of the coordinates, as a hand may write them wrong.
    for (x, y) in [
        (pos.x.checked_neg(), Some(pos.y)),
        (Some(pos.x), pos.y.checked_neg()),
        (pos.x.checked_neg(), pos.y.checked_neg()),
        (Some(pos.y), Some(pos.x)),
    ] {
        if let (Some(x), Some(y)) = (x, y) {
            let p = Pos::new(x, y);
            if p != pos && !squares.contains(&p) {
                squares.push(p);
            }
        }
    }
    for p in &squares {
        out.push(Reading {
            change: format!("{p} instead of {pos}"),
            tile: None,
            place: Some((*p, rotation)),
            follower: None,
        });
    }
    for t in tiles.iter().filter(|t| *t != tile) {
        out.push(Reading {
            change: format!("tile {t} instead of {tile}"),
            tile: Some(t.clone()),
            place: None,
            follower: None,
        });
    }
    if let Some((figure, spot)) = &follower {
        for s in Spot::all().filter(|s| s != spot) {
            out.push(Reading {
                change: format!("+{s} instead of +{spot}"),
                tile: None,
                place: None,
                follower: Some(Some((figure.clone(), s))),
            });
        }
        out.push(Reading {
            change: format!("no figure instead of +{spot}"),
            tile: None,
            place: None,
            follower: Some(None),
        });
    }
    // Two changes at once: a square and a rotation.
    for p in &squares {
        for r in Rotation::ALL.into_iter().filter(|r| *r != rotation) {
            out.push(Reading {
                change: format!("{p} {r} instead of {pos} {rotation}"),
                tile: None,
                place: Some((*p, r)),
                follower: None,
            });
        }
    }
    out
}

/// Searches the readings of a record's first illegal turn. `None` if every
/// turn is legal (or the record cannot be replayed: its header is unusable).
pub fn suggest(record: &GameRecord, catalog: &TileCatalog) -> Option<Repairs> {
    // The first illegal turn (none if the header is unusable); its fault comes
    // from the replay up to it.
    let index = first_illegal(record, catalog)?;
    let turn = record.turns.get(index)?;
    let fault = match replay_to(record, catalog, Some(turn.number.value)) {
        Err(mut d) => d.pop()?,
        Ok(_) => return None,
    };
    let before = match index.checked_sub(1).and_then(|i| record.turns.get(i)) {
        Some(t) => replay_to(record, catalog, Some(t.number.value)).ok()?,
        None => replay_to(record, catalog, Some(0)).ok()?,
    };
    let written = match &turn.action.value {
        ActionRecord::Place { pos, rotation } => Some((pos.value, rotation.value)),
        ActionRecord::Discard | ActionRecord::Aside => None,
    };
    let follower = turn
        .follower
        .as_ref()
        .map(|f| (f.figure.as_ref().map(|n| n.value.to_string()), f.spot.value));
    let tiles: Vec<String> = catalog
        .iter()
        .filter(|(id, _)| before.remaining_of(*id) > 0)
        .map(|(_, d)| d.id.clone())
        .collect();
    let last_turn = record.turns.last().map_or(0, |t| t.number.value);
    let mut suggestions = Vec::new();
    let candidates = match written {
        Some((pos, rotation)) => {
            readings(&turn.tile.value, pos, rotation, follower.clone(), &tiles)
        }
        // A discard: another tile letter, which fits nowhere either.
        None => tiles
            .iter()
            .filter(|t| **t != *turn.tile.value)
            .map(|t| Reading {
                change: format!("tile {t} instead of {}", turn.tile.value),
                tile: Some(t.clone()),
                place: None,
                follower: None,
            })
            .collect(),
    };
    for r in candidates {
        let tile = r
            .tile
            .clone()
            .unwrap_or_else(|| turn.tile.value.to_string());
        let place = r.place.or(written);
        let figure = match &r.follower {
            Some(f) => f.clone(),
            None => follower.clone(),
        };
        let input = TurnInput {
            number: turn.number.value,
            player: &turn.player.value,
            tile: &tile,
            place,
            figure: figure.as_ref().map(|(f, s)| (f.as_deref(), *s)),
            aside: place.is_none() && turn.action.value == ActionRecord::Aside,
            steps: &turn.steps,
        };
        if before.check(&input).is_err() {
            continue;
        }
        let mut repaired = record.clone();
        let Some(t) = repaired.turns.get_mut(index) else {
            continue;
        };
        t.tile = Spanned::new(tile.as_str().into(), t.tile.span);
        let action = match place {
            Some((pos, rotation)) => ActionRecord::Place {
                pos: Spanned::new(pos, Span::default()),
                rotation: Spanned::new(rotation, Span::default()),
            },
            None => ActionRecord::Discard,
        };
        t.action = Spanned::new(action, t.action.span);
        t.follower = figure.map(|(f, spot)| FollowerSpec {
            figure: f.map(|f| Spanned::new(f.as_str().into(), Span::default())),
            spot: Spanned::new(spot, Span::default()),
            span: Span::default(),
        });
        let line = crate::notation::write::turn_line(t);
        if first_illegal(&repaired, catalog).is_some() {
            continue;
        }
        let outcome = replay_with(&repaired, catalog, ReplayOptions::default());
        let remaining: Vec<String> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{} {d}", d.code()))
            .collect();
        let claims = repaired
            .turns
            .iter()
            .skip(index)
            .map(|t| t.claims.len())
            .sum::<usize>()
            + repaired
                .tag("Result")
                .map_or(0, |t| crate::header::result_entries(&t.value.value).count());
        suggestions.push(Suggestion {
            turn: turn.number.value,
            change: r.change,
            line,
            claims,
            clean: remaining.is_empty(),
            remaining,
            record: repaired,
        });
    }
    suggestions.sort_by_key(|s| (!s.clean, s.remaining.len()));
    Some(Repairs {
        turn: turn.number.value,
        index,
        fault,
        last_turn,
        suggestions,
    })
}

/// The index of a record's first illegal turn, if any.
fn first_illegal(record: &GameRecord, catalog: &TileCatalog) -> Option<usize> {
    let (header, _) = crate::header::Header::read_for(record, catalog.user_sets());
    let mut game = crate::rules::Game::new(header?.setup(), catalog);
    record.turns.iter().position(|t| game.play(t).is_err())
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

    #[test]
    fn readings_change_one_thing_first() {
        let r = readings(
            "U",
            Pos::new(1, 2),
            Rotation::R90,
            None,
            &["U".into(), "V".into()],
        );
        assert_eq!(r[0].change, "r0 instead of r90");
        assert!(r.iter().any(|r| r.change == "-1,2 instead of 1,2"));
        assert!(r.iter().any(|r| r.change == "2,1 instead of 1,2"));
        assert!(r.iter().any(|r| r.change == "tile V instead of U"));
        // The two-change readings come last.
        assert!(r.last().unwrap().change.contains(" instead of 1,2 r90"));
    }
}
