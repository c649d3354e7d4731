//! Snapshot tests over the fixtures in `notation/games/`: each fixture declares
//! the codes it must produce on its first line; the snapshot holds the exact human
//! diagnostics and the score YAML the CLI prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use carcref::report::{
    DiagnosticFormat, RenderOptions, ScoreFormat, render_diagnostics, render_scores,
};
use carcref::{Outcome, ReplayOptions, TileCatalog, check_bytes};

/// JSON lines a snapshot keeps of one fixture; the others are counted.
const JSON_LINES: usize = 40;

/// YAML lines a snapshot keeps of one fixture's scores (a game lists all its
/// faults there); the others are counted.
const YAML_LINES: usize = 400;

/// The first `n` lines of a text, and a count of the others.
fn first_lines(text: &str, n: usize) -> String {
    let total = text.lines().count();
    let mut out: String = text.lines().take(n).map(|l| format!("{l}\n")).collect();
    if total > n {
        out.push_str(&format!("… {} more lines\n", total - n));
    }
    out
}

fn run(path: &Path, declares: bool) -> (Outcome, String) {
    // Fixtures are read as `carcref check` reads a file: as bytes.
    let bytes = std::fs::read(path).unwrap();
    let src = String::from_utf8_lossy(&bytes);
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check_bytes(&name, &bytes, &catalog, ReplayOptions::default());
    let codes: BTreeSet<String> = outcome
        .games
        .iter()
        .flat_map(|g| g.diagnostics.iter().map(|d| d.code()))
        .collect();
    let diagnostics = render_diagnostics(
        &outcome,
        &RenderOptions {
            format: DiagnosticFormat::Human,
            color: false,
            width: 80,
        },
    );
    let expected = if declares {
        common::expected_codes(&src)
    } else {
        BTreeSet::new()
    };
    assert_eq!(
        codes, expected,
        "{name}: emitted codes differ from the `; expect:` line\n{diagnostics}"
    );
    let json = render_diagnostics(
        &outcome,
        &RenderOptions {
            format: DiagnosticFormat::Json,
            color: false,
            width: 80,
        },
    );
    let json = first_lines(&json, JSON_LINES);
    let body = format!(
        "## Diagnostics\n{}\n## Diagnostics (JSON)\n{}\n## Score\n{}\n## Score (JSON)\n{}",
        diagnostics,
        json,
        first_lines(&render_scores(&outcome, ScoreFormat::Yaml), YAML_LINES),
        first_lines(&render_scores(&outcome, ScoreFormat::Json), JSON_LINES)
    );
    (outcome, body)
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn valid_games() {
    settings().bind(|| {
        insta::glob!("../notation/games", "valid/*.cgn", |path| {
            let (outcome, body) = run(path, true);
            assert!(!outcome.has_errors(), "{}: {body}", path.display());
            insta::assert_snapshot!(body);
        });
    });
}

#[test]
fn invalid_games() {
    settings().bind(|| {
        insta::glob!("../notation/games", "invalid/*.cgn", |path| {
            let (outcome, body) = run(path, true);
            assert!(
                outcome.has_errors(),
                "{}: no error reported",
                path.display()
            );
            insta::assert_snapshot!(body);
        });
    });
}

#[test]
fn examples() {
    settings().bind(|| {
        insta::glob!("../notation", "examples/*.cgn", |path| {
            let (outcome, body) = run(path, false);
            assert!(!outcome.has_errors(), "{}: {body}", path.display());
            insta::assert_snapshot!(body);
        });
    });
}

/// Every diagnostic code has a fixture that declares it and a section in
/// `notation/diagnostics.md`.
#[test]
fn every_code_is_covered() {
    let mut declared = BTreeSet::new();
    for entry in
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/games/invalid"))
            .unwrap()
    {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        declared.extend(common::expected_codes(&String::from_utf8_lossy(&bytes)));
    }
    for (code, name) in carcref::diagnostics::CODES {
        assert!(declared.contains(*code), "no fixture declares {code}");
        let heading = format!("\n## {code} {name}\n");
        assert!(
            carcref::cli::DIAGNOSTICS_MD.contains(&heading),
            "notation/diagnostics.md has no section `## {code} {name}`"
        );
        assert!(carcref::cli::explanation(code).is_some());
    }
}

/// Reading a fixture, writing it and reading it again gives the same record, and
/// the canonical form is a fixed point.
#[test]
fn round_trip() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation");
    for dir in ["games/valid", "games/invalid", "examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            // A fixture that is not UTF-8 text is not a record to write.
            let Ok(src) = String::from_utf8(std::fs::read(&path).unwrap()) else {
                continue;
            };
            let first = carcref::parse(&src);
            if first.iter().any(|p| p.has_errors()) {
                continue;
            }
            let records: Vec<_> = first.iter().map(|p| p.record.clone()).collect();
            let written = carcref::notation::write::write(&records);
            let second: Vec<_> = carcref::parse(&written)
                .into_iter()
                .map(|p| p.record)
                .collect();
            assert_eq!(records, second, "{}", path.display());
            let canonical: Vec<_> = records
                .iter()
                .map(carcref::notation::write::canonical)
                .collect();
            let once = carcref::notation::write::write(&canonical);
            let again: Vec<_> = carcref::parse(&once)
                .iter()
                .map(|p| carcref::notation::write::canonical(&p.record))
                .collect();
            assert_eq!(
                once,
                carcref::notation::write::write(&again),
                "{}",
                path.display()
            );
        }
    }
}
