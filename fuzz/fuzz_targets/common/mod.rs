//! Invariants shared by the fuzz targets.
//!
//! Every target asserts the same things about a text it hands to carcref: the call
//! returns (no panic), and every diagnostic's primary span lies inside the text
//! (`start <= end <= len`) and on character boundaries, so that every renderer can
//! slice the text with it.

#![allow(dead_code)]

use std::sync::OnceLock;

use carcref::notation::write::{canonical, canonical_with, write};
use carcref::notation::{GameRecord, Span};
use carcref::report::{DiagnosticFormat, RenderOptions, render_diagnostics};
use carcref::{Diagnostic, Outcome, Parsed, TileCatalog, check, check_bytes, parse};

/// The embedded tile catalog, read once per process.
pub fn catalog() -> &'static TileCatalog {
    static CATALOG: OnceLock<TileCatalog> = OnceLock::new();
    CATALOG.get_or_init(|| match TileCatalog::embedded() {
        Ok(c) => c,
        Err(e) => panic!("the embedded catalog does not load: {e}"),
    })
}

/// Asserts that a span lies inside `src` and on character boundaries.
pub fn assert_span(src: &str, span: Span, what: &dyn std::fmt::Display) {
    assert!(
        span.start <= span.end && span.end <= src.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        src.len()
    );
    assert!(
        src.is_char_boundary(span.start) && src.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

/// Asserts the span invariant for every diagnostic.
pub fn assert_spans<'a>(src: &str, diagnostics: impl IntoIterator<Item = &'a Diagnostic>) {
    for d in diagnostics {
        assert_span(src, d.span(), &format_args!("{} {d}", d.code()));
    }
}

/// Parses `src` and checks the parser's invariants; the games read with no
/// syntax fault must write back faithfully ([`written_back`]).
pub fn parse_text(src: &str) {
    let games = parse(src);
    assert!(!games.is_empty(), "parse returned no game");
    for g in &games {
        assert_spans(src, &g.diagnostics);
        let s = g.record.span;
        assert!(
            s.start <= s.end && s.end <= src.len(),
            "record span {s:?} outside a text of {} bytes",
            src.len()
        );
    }
    written_back(&games);
}

/// Reads a text CGN wrote (it must have no syntax fault) as one game.
fn reread(text: &str, what: &str) -> GameRecord {
    let mut parsed = parse(text);
    assert_eq!(
        parsed.len(),
        1,
        "{what} reads as {} games:\n{text}",
        parsed.len()
    );
    let p = parsed.remove(0);
    assert!(
        !p.has_errors(),
        "{what} does not parse: {:?}\n{text}",
        p.diagnostics
    );
    p.record
}

/// What a game read with no syntax fault must keep through the writer:
///
/// - written with `write`, it reads back with no syntax fault as an equal
///   record (SPEC 5: where each token was written is not part of the record);
/// - its canonical form (`write::canonical`, and `write::canonical_with` the
///   catalog, what `carcref fmt` writes) reads back with no syntax fault as the
///   record written, and putting that in canonical form again gives the same
///   text;
/// - when every game of the text is read with no fault, the games written one
///   after another read back as the same games.
///
/// A record holding a text CGN cannot write as it is ([`known_unwritable`]) is
/// left out.
pub fn written_back(games: &[Parsed]) {
    let clean = |g: &&Parsed| !g.has_errors() && !known_unwritable(std::slice::from_ref(&g.record));
    for g in games.iter().filter(clean) {
        let text = write(std::slice::from_ref(&g.record));
        assert!(
            reread(&text, "a written record") == g.record,
            "a written record reads back as another record:\n{text}"
        );
        for (form, canon) in [
            ("canonical", canonical(&g.record)),
            ("canonical_with", canonical_with(&g.record, catalog())),
        ] {
            let text = write(std::slice::from_ref(&canon));
            let back = reread(&text, form);
            assert!(
                back == canon,
                "a record's {form} form reads back as another record:\n{text}"
            );
            let again = match form {
                "canonical" => canonical(&back),
                _ => canonical_with(&back, catalog()),
            };
            assert_eq!(
                write(&[again]),
                text,
                "the {form} form of a record's {form} form differs"
            );
        }
    }
    if games.len() > 1 && games.iter().all(|g| clean(&g)) {
        let records: Vec<GameRecord> = games.iter().map(|g| g.record.clone()).collect();
        let text = write(&records);
        let parsed = parse(&text);
        assert!(
            parsed.iter().all(|p| !p.has_errors()),
            "written games do not parse\n{text}"
        );
        let back: Vec<GameRecord> = parsed.into_iter().map(|p| p.record).collect();
        assert!(
            back == records,
            "written games read back as other games:\n{text}"
        );
    }
}

/// Faults of a game the targets render: under the sanitizer a fault costs
/// about 1 ms in the human format and 0.1 ms in each other, so a game at the
/// fault limit (10,000) would pass the targets' time limit; the first two
/// hundred reach every path.
const RENDERED_FAULTS: usize = 200;

/// Renders an outcome's diagnostics in every format, the human one with and
/// without colour (the first [`RENDERED_FAULTS`] faults of each game),
/// whatever the length of the text and its lines.
fn render_all(outcome: &Outcome) {
    let mut shown = outcome.clone();
    for g in &mut shown.games {
        g.diagnostics.truncate(RENDERED_FAULTS);
    }
    let formats = [
        (DiagnosticFormat::Short, false),
        (DiagnosticFormat::Json, false),
        (DiagnosticFormat::Github, false),
        (DiagnosticFormat::Human, false),
        (DiagnosticFormat::Human, true),
    ];
    for (format, color) in formats {
        let text = render_diagnostics(
            &shown,
            &RenderOptions {
                format,
                color,
                ..RenderOptions::default()
            },
        );
        if format == DiagnosticFormat::Human {
            // A report shows a window of each line, never the text whole.
            let faults: usize = shown.games.iter().map(|g| g.diagnostics.len()).sum();
            assert!(
                text.len() <= 64 * 1024 + faults * 4096,
                "{} bytes of report for {faults} faults",
                text.len()
            );
        }
    }
}

/// Checks raw bytes as `carcref check` reads a file (a byte order mark, bytes
/// that are not UTF-8, the size limits) and asserts the invariants of the
/// outcome, then renders it in every format.
pub fn check_bytes_of(data: &[u8]) -> Outcome {
    let outcome = check_bytes("fuzz.cgn", data, catalog(), Default::default());
    assert!(!outcome.games.is_empty(), "check_bytes returned no game");
    for g in &outcome.games {
        assert_spans(&outcome.src, &g.diagnostics);
    }
    // Valid UTF-8 without a game past the limit reads as the text does.
    if let Ok(text) = std::str::from_utf8(data)
        && text.len() <= carcref::notation::MAX_GAME
    {
        let whole = check("fuzz.cgn", text, catalog());
        let codes = |o: &Outcome| -> Vec<Vec<String>> {
            o.games
                .iter()
                .map(|g| g.diagnostics.iter().map(Diagnostic::code).collect())
                .collect()
        };
        assert_eq!(codes(&outcome), codes(&whole), "bytes and text differ");
    }
    render_all(&outcome);
    outcome
}

/// Checks `src` (parse and replay every game) and asserts the invariants of the
/// outcome; renders the diagnostics in every format.
pub fn check_text(src: &str) -> Outcome {
    let outcome = check("fuzz.cgn", src, catalog());
    assert!(!outcome.games.is_empty(), "check returned no game");
    for g in &outcome.games {
        assert_spans(src, &g.diagnostics);
    }
    // The quick verdict `check` runs on files answers as the full referee does.
    for ((base, text), g) in carcref::notation::split_games(src).zip(&outcome.games) {
        assert_eq!(
            carcref::referee::verdict(text, base, catalog()),
            g.diagnostics,
            "the quick verdict differs"
        );
    }
    render_all(&outcome);
    outcome
}

/// The texts of every comment of a record.
fn comments(record: &GameRecord) -> Vec<&str> {
    let mut out = Vec::new();
    for t in &record.tags {
        out.extend(t.comments_before.iter().map(|c| c.value.text.as_str()));
        out.extend(t.comment.iter().map(|c| c.value.text.as_str()));
    }
    for t in &record.turns {
        out.extend(t.comments_before.iter().map(|c| c.value.text.as_str()));
        out.extend(t.comment.iter().map(|c| c.value.text.as_str()));
    }
    out.extend(
        record
            .trailing_comments
            .iter()
            .map(|c| c.value.text.as_str()),
    );
    out
}

/// Every free-text string of a record: comment texts, tag names and values,
/// player names, tile ids and figure names.
fn texts(record: &GameRecord) -> Vec<&str> {
    let mut out = comments(record);
    for t in &record.tags {
        out.push(t.name.value.as_str());
        out.push(t.value.value.as_str());
    }
    for t in &record.turns {
        out.push(t.player.value.as_str());
        out.push(t.tile.value.as_str());
        out.extend(
            t.follower
                .iter()
                .filter_map(|f| f.figure.as_ref())
                .map(|f| f.value.as_str()),
        );
        out.extend(t.claims.iter().map(|c| c.player.value.as_str()));
    }
    out
}

/// Whether a record holds a text that CGN cannot write as it is, a fault the
/// importers are known to have (see `tests/regressions.rs`):
///
/// - a line break: a tag value, a name or a comment ends at the end of its line
///   (`tests/regressions/import_lab-url-*.txt`);
/// - a comment with white space at either end: the reader trims it
///   (`tests/regressions/import_bga-comment-leading-space.json`).
///
/// Such records are still checked but not required to read back unchanged, so
/// that a search goes on past these known faults.
pub fn known_unwritable(records: &[GameRecord]) -> bool {
    records.iter().any(|r| {
        texts(r).iter().any(|s| s.contains(['\n', '\r']))
            || comments(r).iter().any(|c| c.trim() != *c)
    })
}

/// What an importer produced: the written record must read back as the same text
/// with no syntax error, and checking it must keep the span invariant.
pub fn imported(records: &[GameRecord]) {
    let text = write(records);
    if !known_unwritable(records) {
        let parsed = parse(&text);
        for p in &parsed {
            assert!(
                !p.has_errors(),
                "an imported record is written as text that does not parse: {:?}\n{text}",
                p.diagnostics
            );
        }
        let reread: Vec<GameRecord> = parsed.into_iter().map(|p| p.record).collect();
        assert_eq!(
            write(&reread),
            text,
            "an imported record does not read back as the same text"
        );
    }
    check_text(&text);
}
