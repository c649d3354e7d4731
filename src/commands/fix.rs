//! `carcref fix`: the repairs of each game's first illegal turn, shown as a
//! diff, and written with `--apply` where every claim confirms one.

use std::io::Write;
use std::path::Path;

use super::input::read_input;
use super::output::Sink;
use super::{EXIT_USAGE, human_report, quiet};
use crate::tiles::TileCatalog;

/// `carcref fix`: the repairs of each game's first illegal turn, a diff of the
/// confirmed ones, and with `apply` the file written with them.
pub(super) fn run(
    file: &Path,
    apply: bool,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if apply && file == Path::new("-") {
        let _ = writeln!(err, "error: fix --apply writes a file: name one, not -");
        return EXIT_USAGE;
    }
    let bytes = match read_input(file) {
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
    let games = crate::notation::parse(&text);
    let mut edits: Vec<(crate::notation::Span, String)> = Vec::new();
    let mut unrepaired = 0usize;
    for (g, parsed) in games.iter().enumerate() {
        let game = g + 1;
        // A game's bytes run from its start (the file's, for the first) to
        // the next game's.
        let from = if g == 0 { 0 } else { parsed.record.span.start };
        let to = games
            .get(g + 1)
            .map_or(text.len(), |next| next.record.span.start);
        // One fault a game, as `check` reports it: its first run of such
        // bytes, and a count of the others.
        let runs: Vec<&crate::notation::Span> = not_utf8
            .iter()
            .filter(|s| (from..to).contains(&s.start))
            .collect();
        let faults: Vec<crate::Diagnostic> = runs
            .first()
            .map(|s| crate::Diagnostic::NotUtf8 {
                span: **s,
                more: runs.len() - 1,
                bytes: runs.iter().map(|s| s.len()).sum(),
            })
            .into_iter()
            .collect();
        if !faults.is_empty() {
            let view = crate::render::SourceView::new(&name, &text, 0, 0);
            crate::render::render_game(
                &mut Sink::new(&mut *err),
                &view,
                g,
                &faults,
                &human_report(),
            );
            let _ = writeln!(
                out,
                "game {game}: bytes that are not UTF-8 (E109); save the file as UTF-8 first"
            );
            unrepaired += 1;
            continue;
        }
        if parsed.has_errors() {
            // The codes and lines of the syntax errors, as `check` has them.
            let all = parsed.diagnostics.iter().filter(|d| d.is_error());
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
            unrepaired += 1;
            if !parsed.is_replayable() {
                let _ = writeln!(
                    out,
                    "game {game}: syntax errors ({}; carcref check lists them); fix them first",
                    errors.join(", ")
                );
                continue;
            }
            let _ = writeln!(
                out,
                "game {game}: lines too long to read ({}), not needed to replay it",
                errors.join(", ")
            );
        }
        let Some(repairs) = crate::repair::suggest(&parsed.record, catalog) else {
            continue;
        };
        let mut shown = String::new();
        crate::render::repairs::write_repairs(&mut shown, game, &repairs);
        let _ = out.write_all(shown.as_bytes());
        let Some(turn) = parsed.record.turns.get(repairs.index) else {
            continue;
        };
        match repairs.confirmed() {
            Some(s) => {
                let line = text
                    .get(..turn.span.start)
                    .map_or(0, |t| t.matches('\n').count() + 1);
                let old = text
                    .lines()
                    .nth(line.saturating_sub(1))
                    .unwrap_or_default()
                    .trim();
                let mut shown = String::new();
                crate::render::repairs::write_repaired_line(&mut shown, &name, line, old, &s.line);
                let _ = out.write_all(shown.as_bytes());
                edits.push((turn.span, s.line.clone()));
            }
            None => {
                unrepaired += 1;
                if !repairs.suggestions.is_empty() {
                    let _ = writeln!(
                        out,
                        "  not one reading alone is confirmed: nothing is applied for game {game}"
                    );
                }
            }
        }
    }
    if apply && !edits.is_empty() {
        // From the last edit back, so that the spans before it stay true; in
        // the bytes read, so that those that are not UTF-8 are kept.
        let mut repaired = bytes;
        for (span, line) in edits.iter().rev() {
            match crate::repair::turn_line_replacement(&text, *span, line) {
                Some((range, new)) if range.end <= repaired.len() => {
                    repaired.splice(range, new.into_bytes());
                }
                _ => {
                    let _ = writeln!(err, "error: {name}: the turn line was not found");
                    return EXIT_USAGE;
                }
            }
        }
        if let Err(e) = crate::files::replace_file(file, |w| w.write_all(&repaired)) {
            let _ = writeln!(err, "error: {name}: {e}");
            return EXIT_USAGE;
        }
        if !quiet() {
            let _ = writeln!(
                out,
                "wrote {name}: {} {} repaired",
                edits.len(),
                if edits.len() == 1 { "turn" } else { "turns" }
            );
        }
    }
    let faulty = unrepaired > 0 || (!apply && !edits.is_empty());
    u8::from(faulty)
}
