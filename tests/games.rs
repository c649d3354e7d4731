//! Snapshot tests over the fixtures in `notation/games/`: each fixture declares
//! the codes it must produce on its first line; the snapshot holds the exact human
//! diagnostics and the score YAML the CLI prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use carcref::render::{
    DiagnosticFormat, RenderOptions, ScoreFormat, SourceView, render_diagnostics, render_game,
    render_scores,
};
use carcref::{ReplayOptions, TileCatalog, check_bytes};

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

/// Checks a fixture as `carcref check` does, with the tile sets it declares
/// (`; tiles:`): whether it has errors, and the snapshot body. A tile set the
/// catalog refuses is reported (`E217`, pointing into its file) and no record is
/// checked, as `carcref --tiles` stops there.
fn run(path: &Path, declares: bool) -> (bool, String) {
    // Fixtures are read as `carcref check` reads a file: as bytes.
    let bytes = std::fs::read(path).unwrap();
    let src = String::from_utf8_lossy(&bytes);
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let expected = if declares {
        common::expected_codes(&src)
    } else {
        BTreeSet::new()
    };
    let folder = path.parent().unwrap();
    let tiles: Vec<(String, String)> = common::declared_tiles(&src)
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(folder.join(&file)).unwrap();
            (file, text)
        })
        .collect();
    let catalog =
        match TileCatalog::with_user_sets(tiles.iter().map(|(f, t)| (f.as_str(), t.as_str()))) {
            Ok(catalog) => catalog,
            Err(e) => return (true, tile_set_fault(&name, &e, &tiles, &expected)),
        };
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
    (outcome.has_errors(), body)
}

/// The snapshot body of a fixture whose tile set the catalog refuses: the
/// fault as `carcref --tiles` reports it, in the human and the JSON formats,
/// pointing into the tile set's file.
fn tile_set_fault(
    name: &str,
    e: &carcref::tiles::CatalogError,
    tiles: &[(String, String)],
    expected: &BTreeSet<String>,
) -> String {
    let (file, text) = tiles
        .iter()
        .find(|(f, _)| *f == e.file)
        .unwrap_or_else(|| panic!("{name}: {e}"));
    let fault = carcref::diagnostics::Diagnostic::of_tile_set(e);
    let codes: BTreeSet<String> = [fault.code()].into();
    assert_eq!(&codes, expected, "{name}: {e}");
    common::assert_inside(text, fault.span(), name);
    let view = SourceView::new(file, text, 0, 0);
    let mut shown = [DiagnosticFormat::Human, DiagnosticFormat::Json].map(|format| {
        let mut out = String::new();
        render_game(
            &mut out,
            &view,
            0,
            std::slice::from_ref(&fault),
            &RenderOptions {
                format,
                color: false,
                width: 80,
            },
        );
        out
    });
    let json = std::mem::take(&mut shown[1]);
    format!("## Tile set\n{}\n## Tile set (JSON)\n{json}", shown[0])
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
            let (errors, body) = run(path, true);
            assert!(!errors, "{}: {body}", path.display());
            insta::assert_snapshot!(body);
        });
    });
}

#[test]
fn invalid_games() {
    settings().bind(|| {
        insta::glob!("../notation/games", "invalid/*.cgn", |path| {
            let (errors, body) = run(path, true);
            assert!(errors, "{}: no error reported", path.display());
            insta::assert_snapshot!(body);
        });
    });
}

#[test]
fn examples() {
    settings().bind(|| {
        insta::glob!("../notation", "examples/*.cgn", |path| {
            let (errors, body) = run(path, false);
            assert!(!errors, "{}: {body}", path.display());
            insta::assert_snapshot!(body);
        });
    });
}

/// The games that name a tile set of one's own, each checked with the tile
/// sets it declares (`; tiles:`): valid or not, as its `; expect:` line says.
#[test]
fn games_with_tiles() {
    settings().bind(|| {
        insta::glob!("../notation/games", "with-tiles/*.cgn", |path| {
            let (_, body) = run(path, true);
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
            carcref::commands::DIAGNOSTICS_MD.contains(&heading),
            "notation/diagnostics.md has no section `## {code} {name}`"
        );
        assert!(carcref::commands::explanation(code).is_some());
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
