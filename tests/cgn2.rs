//! Version 2 of the notation (SPEC 2.14) reads every record of version 1 the
//! same way: each example and fixture, tagged `[CGN "2"]` or left without a
//! tag, gives the verdict, diagnostics and score it gives as version 1; and
//! `fmt` writes the version a record needs, no newer.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use carcref::render::{
    DiagnosticFormat, RenderOptions, ScoreFormat, render_diagnostics, render_scores,
};
use carcref::{TileCatalog, check};

fn records() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in [
        "notation/examples",
        "notation/games/valid",
        "notation/games/invalid",
    ] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "cgn"))
            .collect();
        paths.sort();
        for p in paths {
            // Fixtures of bytes that are not text are read as bytes elsewhere.
            if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((p.file_name().unwrap().to_string_lossy().to_string(), text));
            }
        }
    }
    out
}

/// What a check of a text shows: its diagnostics (codes, spans, messages,
/// help) and its scores.
fn verdict(name: &str, text: &str, catalog: &TileCatalog) -> String {
    let outcome = check(name, text, catalog);
    let json = render_diagnostics(
        &outcome,
        &RenderOptions {
            format: DiagnosticFormat::Json,
            color: false,
            width: 80,
        },
    );
    format!("{json}\n{}", render_scores(&outcome, ScoreFormat::Json))
}

#[test]
fn version_2_reads_every_record_of_version_1_the_same() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut compared = 0;
    for (name, text) in records() {
        const TAG: &str = "[CGN \"1\"]";
        let Some(at) = text.find(TAG) else {
            continue;
        };
        // Records with syntax faults of version 1 may read otherwise in
        // version 2 (a word after the placement is an action there).
        let v1 = verdict(&name, &text, &catalog);
        if v1.contains("\"code\":\"E10") {
            continue;
        }
        // The tag's value changes length by 0: spans stay where they were.
        let tagged = format!("{}[CGN \"2\"]{}", &text[..at], &text[at + TAG.len()..]);
        assert_eq!(v1, verdict(&name, &tagged, &catalog), "{name} tagged 2");
        // Without the tag, spans move: compare the codes and the scores.
        let untagged = format!("{}{}", &text[..at], &text[at + TAG.len()..]);
        let codes = |src: &str| {
            let o = check(&name, src, &catalog);
            let c: Vec<String> = o
                .games
                .iter()
                .flat_map(|g| g.diagnostics.iter().map(|d| d.code()))
                .collect();
            (c, render_scores(&o, ScoreFormat::Yaml).replace("line:", ""))
        };
        let (a, sa) = codes(&text);
        let (b, sb) = codes(&untagged);
        assert_eq!(a, b, "{name} untagged");
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&sa), strip(&sb), "{name} untagged scores");
        compared += 1;
    }
    assert!(compared > 150, "only {compared} records compared");
}

#[test]
fn fmt_writes_the_version_a_record_needs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // A record of version 2 whose only token of version 2 is a figure on the
    // tile just placed, written with its square: canonical, it is version 1.
    let src = "[CGN \"2\"]\n[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"interrupted\"]\n\n1. Ann E 0,1 r180 +0,1/S =Ann+4/4\n";
    let (code, out, err) = common::run_carcref(root, &["fmt", "-"], src.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[CGN \"1\"]\n"), "{out}");
    assert!(out.contains("1. Ann E 0,1 r180 +S =Ann+4/4\n"), "{out}");
    // An action keeps version 2; a record without the tag gets it.
    let src = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"interrupted\"]\n\n1. Ann U 1,0 r0 dragon:E\n";
    let (code, out, err) = common::run_carcref(root, &["fmt", "-"], src.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[CGN \"2\"]\n"), "{out}");
    // Every example is version 1, and fmt keeps it so.
    let (code, _, err) = common::run_carcref(root, &["fmt", "--check", "notation/examples"], b"");
    assert_eq!(code, 0, "{err}");
}
