//! `carcref fix`: each game of each file searched for the slips that explain
//! its faults ([`super::suggest`]), the readings shown (as text, or one JSON
//! object a game, `notation/schemas/fix.schema.json`), and with `--apply` the
//! one reading that explains every fault written, atomically; a file whose
//! repair is ambiguous is never written.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::{Repairs, Suggestion};
use crate::diagnostics::Diagnostic;
use crate::notation::Span;
use crate::render::{RenderOptions, SourceView};
use crate::tiles::TileCatalog;

/// How `fix` runs.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Write the repaired records.
    pub apply: bool,
    /// One JSON object a game on standard output.
    pub json: bool,
    /// No summary lines.
    pub quiet: bool,
    /// How the faults of a game that cannot be searched are shown on standard
    /// error.
    pub report: RenderOptions,
}

/// A usage or I/O error.
const EXIT_USAGE: u8 = 2;

/// What `fix` did with one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// The game checks clean.
    Clean,
    /// One reading explains every fault.
    Repaired,
    /// Several readings explain every fault.
    Ambiguous,
    /// No reading of one or two slips explains every fault.
    Unexplained,
    /// The game cannot be searched (its text or header is unreadable).
    Unreadable,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Clean => "clean",
            Status::Repaired => "repaired",
            Status::Ambiguous => "ambiguous",
            Status::Unexplained => "unexplained",
            Status::Unreadable => "unreadable",
        }
    }
}

/// Runs `fix` on files and folders (`-`: standard input). Exit 0 when every
/// game checks clean (or, with `--apply`, was repaired and written), 1 when
/// a fault is left, 2 for a path that cannot be read or written.
pub fn run(
    paths: &[PathBuf],
    options: &Options,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if options.apply && paths.iter().any(|p| p == Path::new("-")) {
        let _ = writeln!(err, "error: fix --apply writes a file: name one, not -");
        return EXIT_USAGE;
    }
    let inputs = crate::files::find_inputs(paths);
    let mut code = inputs.report(err);
    let several = inputs.files.len() > 1;
    for file in &inputs.files {
        code = code.max(fix_file(file, several, options, catalog, out, err));
    }
    code
}

/// Reads a path (`-` = standard input) as bytes.
/// Gzip data is decompressed; whether it was is returned with the bytes.
fn read_input(path: &Path) -> std::io::Result<(Vec<u8>, bool)> {
    crate::files::open::read_all_telling(path)
}

/// The syntax errors of a game, as `fix` names them: code and line.
fn syntax_errors(text: &str, diagnostics: &[Diagnostic]) -> String {
    let all = diagnostics.iter().filter(|d| d.is_error());
    let mut errors: Vec<String> = all
        .clone()
        .take(3)
        .map(|d| {
            let at = text.get(..d.span().start).unwrap_or_default();
            format!("{} line {}", d.code(), at.matches('\n').count() + 1)
        })
        .collect();
    let more = all.count().saturating_sub(errors.len());
    if more > 0 {
        errors.push(format!("{more} more"));
    }
    errors.join(", ")
}

fn fix_file(
    file: &Path,
    several: bool,
    options: &Options,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let (bytes, compressed) = match read_input(file) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(err, "error: {}: {e}", file.display());
            return EXIT_USAGE;
        }
    };
    let name = file.display().to_string();
    // As `check` reads a file: each byte that is not UTF-8 is read as U+001A,
    // one for one, and is a fault of its game (`E109`), which is not
    // repaired; the other games are, and the bytes are written back as read.
    let mut read = bytes.clone();
    let mut not_utf8 = Vec::new();
    crate::stream::replace_not_utf8(&mut read, 0, &mut not_utf8);
    let Ok(text) = String::from_utf8(read) else {
        let _ = writeln!(err, "error: {name}: not UTF-8 text");
        return EXIT_USAGE;
    };
    if several && !options.json {
        let _ = writeln!(out, "{name}:");
    }
    // Another program's record is one fault (`E112`), as check reports it:
    // it is imported, not repaired.
    if let Some(fault) = crate::sniff::not_cgn(&text, 0) {
        render_faults(err, &name, &text, 0, std::slice::from_ref(&fault), options);
        let why = match &fault {
            Diagnostic::NotCgn { what, command, .. } => {
                format!("not CGN (E112) but {what}; run `{command}` first")
            }
            _ => "not CGN (E112)".to_string(),
        };
        unreadable(out, options, &name, 1, &why, &[fault.code()]);
        return 1;
    }
    let games = crate::diagnostics::parse(&text);
    let mut referee = crate::referee::Referee::new(catalog);
    let mut edits: Vec<(Span, String)> = Vec::new();
    let mut left = 0usize;
    let mut ambiguous = false;
    for (g, parsed) in games.iter().enumerate() {
        let game = g + 1;
        let from = if g == 0 { 0 } else { parsed.record.span.start };
        let to = games
            .get(g + 1)
            .map_or(text.len(), |next| next.record.span.start);
        let runs: Vec<&Span> = not_utf8
            .iter()
            .filter(|s| (from..to).contains(&s.start))
            .collect();
        if let Some(first) = runs.first() {
            let fault = Diagnostic::NotUtf8 {
                span: **first,
                more: runs.len() - 1,
                bytes: runs.iter().map(|s| s.len()).sum(),
            };
            render_faults(err, &name, &text, g, &[fault], options);
            let why = "bytes that are not UTF-8 (E109); save the file as UTF-8 first";
            unreadable(out, options, &name, game, why, &["E109".to_string()]);
            left += 1;
            continue;
        }
        if parsed.has_errors() {
            let errors = syntax_errors(&text, &parsed.diagnostics);
            left += 1;
            if !parsed.is_replayable() {
                let why =
                    format!("syntax errors ({errors}; carcref check lists them); fix them first");
                let codes: Vec<String> = parsed
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.code())
                    .collect();
                unreadable(out, options, &name, game, &why, &codes);
                continue;
            }
            if !options.json {
                let _ = writeln!(
                    out,
                    "game {game}: lines too long to read ({errors}), not needed to replay it"
                );
            }
        }
        // A game the quick verdict clears has nothing to fix: that yes needs
        // no replay with every score explained.
        let clean = !parsed.has_errors()
            && text
                .get(from..to)
                .is_some_and(|t| referee.is_clean_quick(t, from));
        let repairs = if clean {
            None
        } else {
            super::suggest(&parsed.record, catalog)
        };
        let Some(repairs) = repairs else {
            if options.json {
                let doc = game_json(&name, game, Status::Clean, None, false);
                let _ = writeln!(out, "{doc}");
            } else if !options.quiet {
                // Never silent: a clean game is said to be one.
                let _ = writeln!(out, "game {game}: checks clean; nothing to fix");
            }
            continue;
        };
        if !repairs.searched {
            // The header cannot be read (a missing Rules tag, E206): the
            // turns cannot be replayed, nor searched.
            render_faults(err, &name, &text, g, &repairs.faults, options);
            let names: Vec<String> = repairs.faults.iter().map(|d| d.code()).collect();
            let why = format!(
                "the header cannot be read ({}); fix it first",
                fault_list(&repairs.faults)
            );
            unreadable(out, options, &name, game, &why, &names);
            left += 1;
            continue;
        }
        let status = match (repairs.confirmed(), repairs.explaining) {
            (Some(_), _) => Status::Repaired,
            (None, 0) => Status::Unexplained,
            (None, _) => Status::Ambiguous,
        };
        ambiguous |= status == Status::Ambiguous;
        let applied = options.apply && status == Status::Repaired;
        if options.json {
            let doc = game_json(&name, game, status, Some(&repairs), applied);
            let _ = writeln!(out, "{doc}");
        } else {
            human(out, &name, &text, game, &repairs);
        }
        match repairs.confirmed() {
            Some(s) => {
                for slip in &s.slips {
                    for (index, (_, line)) in slip.indices.iter().zip(&slip.turns) {
                        if let Some(turn) = parsed.record.turns.get(*index) {
                            edits.push((turn.span, line.clone()));
                        }
                    }
                }
            }
            None => left += 1,
        }
    }
    if options.apply && !edits.is_empty() {
        if ambiguous {
            // A file some of whose repairs are ambiguous is not written: the
            // repairs that are not would change it while its faults stay.
            if !options.quiet && !options.json {
                let _ = writeln!(
                    out,
                    "{name} not written: a repair of it is ambiguous; settle it by hand first"
                );
            }
            return 1;
        }
        // From the last edit back, so that the spans before it stay true; in
        // the bytes read, so that those that are not UTF-8 are kept.
        edits.sort_by_key(|(span, _)| span.start);
        let mut repaired = bytes;
        for (span, line) in edits.iter().rev() {
            match super::turn_line_replacement(&text, *span, line) {
                Some((range, new)) if range.end <= repaired.len() => {
                    repaired.splice(range, new.into_bytes());
                }
                _ => {
                    let _ = writeln!(err, "error: {name}: the turn line was not found");
                    return EXIT_USAGE;
                }
            }
        }
        if let Err(e) =
            crate::files::open::replace_as_read(file, compressed, |w| w.write_all(&repaired))
        {
            let _ = writeln!(err, "error: {name}: {e}");
            return EXIT_USAGE;
        }
        if !options.quiet && !options.json {
            let _ = writeln!(
                out,
                "wrote {name}: {} {} repaired",
                edits.len(),
                if edits.len() == 1 { "turn" } else { "turns" }
            );
        }
    }
    let faulty = left > 0 || (!options.apply && !edits.is_empty());
    u8::from(faulty)
}

/// Renders a game's faults on standard error, as check shows them.
fn render_faults(
    err: &mut impl Write,
    name: &str,
    text: &str,
    game: usize,
    faults: &[Diagnostic],
    options: &Options,
) {
    let view = SourceView::new(name, text, 0, 0);
    let mut shown = String::new();
    crate::render::render_game(&mut shown, &view, game, faults, &options.report);
    let _ = err.write_all(shown.as_bytes());
}

/// A game that cannot be searched: why, as text or JSON.
fn unreadable(
    out: &mut impl Write,
    options: &Options,
    name: &str,
    game: usize,
    why: &str,
    codes: &[String],
) {
    if options.json {
        let mut doc = game_json(name, game, Status::Unreadable, None, false);
        if let Some(map) = doc.as_object_mut() {
            map.insert("faults".to_string(), json!(codes));
            map.insert("reason".to_string(), json!(why));
        }
        let _ = writeln!(out, "{doc}");
    } else {
        let _ = writeln!(out, "game {game}: {why}");
    }
}

/// A list of faults: the first three by code and message, and a count of
/// the others.
fn fault_list(faults: &[Diagnostic]) -> String {
    let mut shown: Vec<String> = faults
        .iter()
        .take(3)
        .map(|d| format!("{} {d}", d.code()))
        .collect();
    if faults.len() > 3 {
        shown.push(format!("{} more", faults.len() - 3));
    }
    shown.join("; ")
}

/// What a reading changes: each slip's turns and change.
fn changes(s: &Suggestion) -> String {
    s.slips
        .iter()
        .map(|slip| {
            let turns: Vec<String> = slip.turns.iter().map(|(n, _)| n.to_string()).collect();
            format!("turn {}: {}", turns.join(" and "), slip.change)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What a reading does to the record, in words.
fn verdict(s: &Suggestion, repairs: &Repairs) -> String {
    let legal = format!("turns 1-{} legal", repairs.last_turn);
    match (s.clean, s.claims) {
        (true, 0) => format!("makes {legal} (no claim to confirm it)"),
        (true, n) => format!(
            "makes {legal} and every claim match ({n} {})",
            if n == 1 { "claim" } else { "claims" }
        ),
        (false, _) => {
            let reach = if s.legal_turns >= repairs.turns {
                format!("makes {legal}")
            } else {
                format!("keeps {} turns legal", s.legal_turns)
            };
            format!("{reach}, but {}", s.remaining.join("; "))
        }
    }
}

/// The human report of a game's search.
fn human(out: &mut impl Write, name: &str, text: &str, game: usize, repairs: &Repairs) {
    let head_fault = match &repairs.illegal {
        Some((_, fault)) => Some(fault),
        None => repairs.faults.first(),
    };
    let head = match (&repairs.illegal, head_fault) {
        (Some((turn, _)), Some(d)) => format!("turn {turn} is illegal: {} {d}", d.code()),
        (None, Some(d)) => format!("every turn is legal, but {} {d}", d.code()),
        (_, None) => "faults".to_string(),
    };
    let mut skipped = false;
    let others: Vec<String> = repairs
        .faults
        .iter()
        .filter(|d| {
            // The head fault once, and the note of the turns not checked.
            if !skipped && Some(*d) == head_fault {
                skipped = true;
                return false;
            }
            !matches!(d, Diagnostic::TurnsNotChecked { .. })
        })
        .map(|d| d.code())
        .collect();
    let more = if others.is_empty() {
        String::new()
    } else {
        format!(" (and {})", others.join(", "))
    };
    let _ = writeln!(out, "game {game}: {head}{more}");
    for (k, s) in repairs.suggestions.iter().enumerate() {
        let kinds: Vec<&str> = s.slips.iter().map(|x| x.kind.name()).collect();
        let _ = writeln!(
            out,
            "  {}. {} ({}, score {}) {}",
            k + 1,
            changes(s),
            kinds.join(" + "),
            s.score,
            verdict(s, repairs)
        );
        if s.clean && !s.explains.is_empty() {
            let _ = writeln!(out, "     explains {}", s.explains.join("; "));
        }
    }
    match repairs.confirmed() {
        Some(s) => {
            let _ = writeln!(out, "  one reading alone explains every fault");
            let _ = writeln!(out, "--- {name}\n+++ {name} (repaired)");
            for slip in &s.slips {
                for (index, (_, line)) in slip.indices.iter().zip(&slip.turns) {
                    let Some(turn) = repairs_turn(text, s, *index) else {
                        continue;
                    };
                    let (at, old) = turn;
                    let _ = writeln!(out, "@@ line {at} @@\n-{old}\n+{line}");
                }
            }
        }
        None if repairs.explaining > 1 => {
            let tied = repairs.tied();
            let equally = if tied > 1 {
                format!(", the first {tied} equally well")
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {} readings explain every fault{equally}: the record does not tell which was meant; nothing is applied for game {game}",
                repairs.explaining
            );
        }
        None => {
            let depth = if repairs.depth >= 2 {
                "one or two slips"
            } else {
                "one slip"
            };
            let nearest = if repairs.suggestions.is_empty() {
                ""
            } else {
                " (the nearest readings are shown)"
            };
            let _ = writeln!(
                out,
                "  no reading of {depth} explains every fault{nearest}; nothing is applied for game {game}"
            );
        }
    }
}

/// The line number and the text as written of a turn a suggestion changes.
fn repairs_turn(text: &str, s: &Suggestion, index: usize) -> Option<(usize, String)> {
    // The repaired record keeps the spans of the turns as written.
    let turn = s.record.turns.get(index)?;
    let line = text
        .get(..turn.span.start)
        .map_or(0, |t| t.matches('\n').count() + 1);
    let old = text.lines().nth(line.checked_sub(1)?)?.trim().to_string();
    Some((line, old))
}

/// A slip as JSON.
fn slip_json(turn: u32, text: &str, kind: &str, change: &str) -> Value {
    json!({"turn": turn, "text": text, "kind": kind, "change": change})
}

/// A suggestion as JSON: its first slip's turn, text and kind, and every
/// slip in `slips`.
fn suggestion_json(s: &Suggestion) -> Value {
    let slips: Vec<Value> = s
        .slips
        .iter()
        .flat_map(|slip| {
            slip.turns
                .iter()
                .map(|(n, text)| slip_json(*n, text, slip.kind.name(), &slip.change))
        })
        .collect();
    let first = |key: &str| {
        slips
            .first()
            .and_then(|s| s.get(key))
            .cloned()
            .unwrap_or(Value::Null)
    };
    json!({
        "turn": first("turn"),
        "text": first("text"),
        "kind": first("kind"),
        "change": first("change"),
        "slips": slips,
        "explains": s.explains,
        "remaining": s.remaining,
        "clean": s.clean,
        "legal_turns": s.legal_turns,
        "score": s.score,
    })
}

/// One game's JSON object.
fn game_json(
    name: &str,
    game: usize,
    status: Status,
    repairs: Option<&Repairs>,
    applied: bool,
) -> Value {
    let faults: Vec<String> = repairs.map_or_else(Vec::new, |r| r.names.clone());
    let suggestions: Vec<Value> = repairs.map_or_else(Vec::new, |r| {
        r.suggestions.iter().map(suggestion_json).collect()
    });
    json!({
        "version": 1,
        "type": "game",
        "file": name,
        "game": game,
        "status": status.name(),
        "faults": faults,
        "illegal_turn": repairs.and_then(|r| r.illegal.as_ref().map(|(t, _)| *t)),
        "explaining": repairs.map_or(0, |r| r.explaining),
        "tied": repairs.map_or(0, Repairs::tied),
        "depth": repairs.map_or(0, |r| r.depth),
        "suggestions": suggestions,
        "applied": applied,
    })
}
