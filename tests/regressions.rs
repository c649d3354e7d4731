#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Inputs the fuzz targets (`fuzz/`) found faults with, kept as fixtures in
//! `tests/regressions/` (its `README.md`, the inputs' provenance, aside). A file's name starts with the target that found it
//! (`parse-…`, `check-…`, `import_bga-…`, `import_lab-…`, `import_kifu-…`), and
//! each file is run through the same calls as that target, with the same
//! invariants: no panic, and every diagnostic span inside the text it points into.
//!
//! A fault found and fixed has its own test below (a fault not yet fixed would be
//! marked `#[ignore]` with
//! the reason; remove the mark when the fault is fixed.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use carcref::import::ImportError;
use carcref::notation::GameRecord;
use carcref::notation::write::write;
use carcref::{TileCatalog, check, parse};

fn inputs() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    out.sort();
    out
}

fn target_of(name: &str) -> &str {
    name.split_once('-')
        .map(|(t, _)| t)
        .unwrap_or_else(|| panic!("{name}: no target prefix"))
}

fn parse_text(name: &str, src: &str) {
    for g in parse(src) {
        for d in &g.diagnostics {
            common::assert_inside(src, d.span(), &format!("{name}: {}", d.code()));
        }
        // A game read with no fault reads back, once written, as the same
        // record (the target's round trip).
        if !g.has_errors() {
            let text = write(std::slice::from_ref(&g.record));
            let back = parse(&text);
            assert!(
                back.len() == 1 && back.iter().all(|b| b.record == g.record),
                "{name}: a written record reads back as another record:\n{text}"
            );
        }
    }
}

fn check_text(name: &str, src: &str, catalog: &TileCatalog) {
    let outcome = check(name, src, catalog);
    assert!(!outcome.games.is_empty(), "{name}: no game");
    for g in &outcome.games {
        for d in &g.diagnostics {
            common::assert_inside(src, d.span(), &format!("{name}: {}", d.code()));
        }
    }
    for ((base, text), g) in carcref::notation::split_games(src).zip(&outcome.games) {
        assert_eq!(
            carcref::referee::verdict(text, base, catalog),
            g.diagnostics,
            "{name}: the quick verdict differs"
        );
    }
}

/// Renders an outcome in every format, the human one with and without colour,
/// as the `check` target does.
fn render_every_format(outcome: &carcref::Outcome) {
    use carcref::render::{DiagnosticFormat, RenderOptions, render_diagnostics};
    for (format, color) in [
        (DiagnosticFormat::Short, false),
        (DiagnosticFormat::Json, false),
        (DiagnosticFormat::Github, false),
        (DiagnosticFormat::Human, false),
        (DiagnosticFormat::Human, true),
    ] {
        let _ = render_diagnostics(
            outcome,
            &RenderOptions {
                format,
                color,
                ..RenderOptions::default()
            },
        );
    }
}

/// What the `check` target does with its bytes: read them as a file is read
/// (`check_bytes`), and as lossy text (`check`), each outcome rendered in
/// every format.
fn check_bytes_and_text(name: &str, bytes: &[u8], catalog: &TileCatalog) {
    let outcome = carcref::check_bytes(name, bytes, catalog, Default::default());
    assert!(!outcome.games.is_empty(), "{name}: no game");
    for g in &outcome.games {
        for d in &g.diagnostics {
            common::assert_inside(&outcome.src, d.span(), &format!("{name}: {}", d.code()));
        }
    }
    render_every_format(&outcome);
    let text = String::from_utf8_lossy(bytes);
    check_text(name, &text, catalog);
    render_every_format(&check(name, &text, catalog));
}

/// What an import target does with a result: a failure names its faults; a
/// record is written as CGN, which is checked.
fn imported(name: &str, result: Result<Vec<GameRecord>, Vec<ImportError>>, catalog: &TileCatalog) {
    match result {
        Ok(records) => check_text(name, &write(&records), catalog),
        Err(errors) => assert!(!errors.is_empty(), "{name}: failed with no fault"),
    }
}

/// The records an import target makes of an input.
fn import(target: &str, text: &str) -> Vec<GameRecord> {
    match target {
        "import_bga" => carcref::import::bga::import(text).into_iter().collect(),
        "import_kifu" => carcref::import::kifu::import(text).into_iter().collect(),
        "import_lab" => {
            let mut records: Vec<GameRecord> =
                carcref::import::lab::import_url(text).into_iter().collect();
            records.extend(carcref::import::lab::import_csv(text).0);
            records
        }
        _ => Vec::new(),
    }
}

/// Runs one input through the calls of its target.
fn run(name: &str, bytes: &[u8], catalog: &TileCatalog) {
    let text = String::from_utf8_lossy(bytes);
    match target_of(name) {
        "parse" => {
            if let Ok(src) = std::str::from_utf8(bytes) {
                parse_text(name, src);
            }
            parse_text(name, &text);
        }
        "check" => check_bytes_and_text(name, bytes, catalog),
        "import_bga" => imported(
            name,
            carcref::import::bga::import(&text).map(|r| vec![r]),
            catalog,
        ),
        "import_kifu" => imported(
            name,
            carcref::import::kifu::import(&text).map(|r| vec![r]),
            catalog,
        ),
        "import_lab" => {
            imported(
                name,
                carcref::import::lab::import_url(&text).map(|r| vec![r]),
                catalog,
            );
            let (records, _) = carcref::import::lab::import_csv(&text);
            imported(name, Ok(records), catalog);
        }
        other => panic!("{name}: unknown target {other}"),
    }
}

#[test]
fn every_regression_input_keeps_the_invariants() {
    let catalog = TileCatalog::embedded().unwrap();
    let inputs = inputs();
    assert!(!inputs.is_empty());
    let mut failed = Vec::new();
    for (name, path) in &inputs {
        let bytes = std::fs::read(path).unwrap();
        if catch_unwind(AssertUnwindSafe(|| run(name, &bytes, &catalog))).is_err() {
            failed.push(name.clone());
        }
    }
    assert!(failed.is_empty(), "failed: {failed:?}");
}

/// The import targets also require that an imported record, written as CGN, reads
/// back with no syntax fault as the same text.
fn assert_reads_back(name: &str, records: &[GameRecord]) {
    if records.is_empty() {
        // The importer refused the input: nothing is written.
        return;
    }
    let text = write(records);
    let parsed = parse(&text);
    let faults: Vec<String> = parsed
        .iter()
        .flat_map(|p| &p.diagnostics)
        .map(|d| format!("{} {d}", d.code()))
        .collect();
    assert!(
        faults.is_empty(),
        "{name}: the import is written as CGN with faults {faults:?}:\n{text}"
    );
    let reread: Vec<GameRecord> = parsed.into_iter().map(|p| p.record).collect();
    assert_eq!(write(&reread), text, "{name}: does not read back unchanged");
}

/// Imports every regression input whose name starts with `prefix` and asserts
/// that the records, written as CGN, read back unchanged.
fn assert_imports_read_back(prefix: &str) {
    let mut seen = 0;
    for (name, path) in inputs() {
        if !name.starts_with(prefix) {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        // Either the importer refuses the input, or what it writes reads back.
        assert_reads_back(&name, &import(target_of(&name), &text));
        seen += 1;
    }
    assert!(seen > 0, "no input named {prefix}*");
}

#[test]
/// A URL followed by a line break (a pasted table row) is refused as not a URL,
/// rather than imported with text CGN cannot hold.
fn lab_url_with_a_line_break_is_imported_as_readable_cgn() {
    assert_imports_read_back("import_lab-url-");
}

#[test]
/// A comment the importer writes reads back unchanged (comment texts are trimmed
/// when made, as the reader trims them).
fn bga_comment_reads_back_unchanged() {
    assert_imports_read_back("import_bga-comment-");
}
