#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The code lists agree with the code and with `notation/diagnostics.md`: every
//! code an importer writes is listed in `carcref::import::CODES`, under its
//! importer's range; every listed code is written by its importer; and every code
//! of both lists has a section in `notation/diagnostics.md`, headed with its short
//! name, that `carcref explain` finds.

use std::collections::BTreeSet;

use carcref::cli::{DIAGNOSTICS_MD, explanation};

/// Each importer's source, with the range of its codes.
const IMPORTERS: [(&str, &str, &str); 4] = [
    (
        "src/import/bga.rs",
        "I1",
        include_str!("../src/import/bga.rs"),
    ),
    (
        "src/import/jcz/",
        "I4",
        concat!(
            include_str!("../src/import/jcz/mod.rs"),
            include_str!("../src/import/jcz/actions.rs"),
            include_str!("../src/import/jcz/names.rs"),
            include_str!("../src/import/jcz/pack.rs"),
            include_str!("../src/import/jcz/record.rs"),
            include_str!("../src/import/jcz/save.rs"),
            include_str!("../src/import/jcz/turns.rs"),
        ),
    ),
    (
        "src/import/lab.rs",
        "I2",
        include_str!("../src/import/lab.rs"),
    ),
    (
        "src/import/kifu.rs",
        "I3",
        include_str!("../src/import/kifu.rs"),
    ),
];

/// Every string literal of the form `"I123"` in a source text.
fn code_literals(src: &str) -> BTreeSet<&str> {
    src.match_indices("\"I")
        .filter_map(|(i, _)| src.get(i + 1..i + 6)?.strip_suffix('"'))
        .filter(|c| c.bytes().skip(1).all(|b| b.is_ascii_digit()))
        .collect()
}

fn listed() -> BTreeSet<&'static str> {
    carcref::import::CODES.iter().map(|(c, _)| *c).collect()
}

#[test]
fn the_scan_finds_code_literals() {
    let found = code_literals(r#"code: "I101", "I2x3", "E101", "I3045", I306, "I306""#);
    assert_eq!(found.into_iter().collect::<Vec<_>>(), ["I101", "I306"]);
}

#[test]
fn every_code_an_importer_writes_is_listed_in_its_range() {
    let listed = listed();
    for (path, range, src) in IMPORTERS {
        let used = code_literals(src);
        assert!(!used.is_empty(), "{path}: no code found");
        for code in used {
            assert!(
                listed.contains(code),
                "{path} writes {code}, which carcref::import::CODES does not list"
            );
            assert!(
                code.starts_with(range),
                "{path} writes {code}, outside its range {range}xx"
            );
        }
    }
}

#[test]
fn every_listed_import_code_is_written_by_its_importer() {
    for (code, _) in carcref::import::CODES {
        let (path, _, src) = IMPORTERS
            .iter()
            .find(|(_, range, _)| code.starts_with(range))
            .unwrap_or_else(|| panic!("{code} is in no importer's range"));
        assert!(
            code_literals(src).contains(code),
            "{code} is listed but {path} never writes it"
        );
    }
}

#[test]
fn codes_and_names_are_unique_and_in_order() {
    let all: Vec<(&str, &str)> = carcref::diagnostics::CODES
        .iter()
        .chain(carcref::import::CODES)
        .copied()
        .collect();
    let codes: BTreeSet<&str> = all.iter().map(|(c, _)| *c).collect();
    let names: BTreeSet<&str> = all.iter().map(|(_, n)| *n).collect();
    assert_eq!(codes.len(), all.len(), "a code is listed twice");
    assert_eq!(names.len(), all.len(), "a short name is given twice");
    let import: Vec<&str> = carcref::import::CODES.iter().map(|(c, _)| *c).collect();
    let mut sorted = import.clone();
    sorted.sort_unstable();
    assert_eq!(import, sorted, "carcref::import::CODES is not in order");
}

/// Every code of both lists has a section headed `## CODE name`, with what it
/// means and how to fix it, and `carcref explain` finds it in either case.
#[test]
fn every_code_is_explained() {
    for (code, name) in carcref::diagnostics::CODES
        .iter()
        .chain(carcref::import::CODES)
    {
        let heading = format!("\n## {code} {name}\n");
        assert!(
            DIAGNOSTICS_MD.contains(&heading),
            "notation/diagnostics.md has no section `## {code} {name}`"
        );
        let text = explanation(code).unwrap_or_else(|| panic!("no explanation of {code}"));
        assert!(text.starts_with(heading.trim_start()), "{code}: {text}");
        assert!(text.contains("**What it means.**"), "{code}");
        assert!(text.contains("**How to fix.**"), "{code}");
        assert_eq!(explanation(&code.to_ascii_lowercase()), Some(text));
    }
}
