#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! `carcref fix`: repair suggestions for a mis-recorded turn, shown as a diff,
//! written only with `--apply` and only when one reading alone is confirmed.

mod common;

use std::path::{Path, PathBuf};

use carcref::TileCatalog;
use carcref::repair::suggest;

const EXAMPLE: &str = "notation/examples/rgg2000-three-players.cgn";

fn example() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(EXAMPLE)).unwrap()
}

/// The example with one turn line changed.
fn with_line(number: u32, from: &str, to: &str) -> String {
    let text = example();
    let prefix = format!("\n{number}. ");
    let at = text.find(&prefix).unwrap() + 1;
    let end = at + text.get(at..).unwrap().find('\n').unwrap();
    let line = text.get(at..end).unwrap();
    assert!(line.contains(from), "{line}");
    format!(
        "{}{}{}",
        text.get(..at).unwrap(),
        line.replacen(from, to, 1),
        text.get(end..).unwrap()
    )
}

/// A folder of its own for a test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcref-fix-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_wrong_rotation_is_found_shown_and_applied() {
    // Turn 42 of the example is `Cat N 6,-3 r0 +N`; written r90 it does not fit.
    let bad = with_line(42, " r0", " r90");
    let dir = folder("rotation");
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();

    let (code, out, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("E301"), "{err}");
    // The director still gets the score and the board, up to turn 41.
    let (_, out, _) = common::run_carcref(&dir, &["score", "game.cgn"], b"");
    assert!(
        out.contains("position after turn 41; turn 42 is illegal: E301"),
        "{out}"
    );
    let (_, shown, _) = common::run_carcref(&dir, &["show", "game.cgn"], b"");
    let (_, at_41, _) = common::run_carcref(&dir, &["show", "--turn", "41", "game.cgn"], b"");
    assert!(shown.contains("turn 42 is illegal"), "{shown}");
    assert!(shown.ends_with(&at_41), "{shown}\n---\n{at_41}");

    let (code, out, err) = common::run_carcref(&dir, &["fix", "game.cgn"], b"");
    assert_eq!(code, 1, "{err}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("cli_fix_rotation", out);
    });
    // `fix` alone writes nothing.
    assert_eq!(std::fs::read_to_string(dir.join("game.cgn")).unwrap(), bad);

    let (code, out, err) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("wrote game.cgn: 1 turn repaired"), "{out}");
    let repaired = std::fs::read_to_string(dir.join("game.cgn")).unwrap();
    assert_eq!(repaired, example());
    let (code, out, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_misread_tile_letter_is_found() {
    let catalog = TileCatalog::embedded().unwrap();
    // Turn 50 is `Bob U 0,6 r90`; a V there does not continue its road.
    let bad = with_line(50, " U ", " V ");
    let record = carcref::parse(&bad).remove(0).record;
    let repairs = suggest(&record, &catalog).unwrap();
    assert_eq!(repairs.turn, 50);
    let confirmed = repairs.confirmed().unwrap();
    assert_eq!(confirmed.change, "tile U instead of V");
    assert!(confirmed.claims > 0);
}

#[test]
fn readings_that_all_fit_are_not_applied() {
    // A junction W whose other rotations fit too and change no score: every
    // reading is legal and matches the result, so none is confirmed alone.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/examples/hig2012-two-players.cgn"),
    )
    .unwrap();
    let bad = text.replacen("\n42. Bob W -6,0 r270", "\n42. Bob W -6,0 r90", 1);
    assert_ne!(bad, text);
    let dir = folder("ambiguous");
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();
    let (code, out, _) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!(code, 1);
    assert!(out.contains("not one reading alone is confirmed"), "{out}");
    assert!(out.matches("every claim match").count() >= 2, "{out}");
    assert_eq!(std::fs::read_to_string(dir.join("game.cgn")).unwrap(), bad);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_clean_record_needs_no_fix() {
    let dir = folder("clean");
    std::fs::write(dir.join("game.cgn"), example()).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, _, err) = common::run_carcref(&dir, &["fix", "--apply", "-"], b"");
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bytes_that_are_not_utf8_are_e109_as_check_reports_them() {
    // A game with bytes that are not UTF-8 is `E109` for `check` (exit 1),
    // and so for `fix`: not a usage error (exit 2). The other games are
    // repaired, and `--apply` writes the bad bytes back as they were read.
    let mut bytes = b"[Event \"\xff\xfe\"]\n".to_vec();
    bytes.extend_from_slice(example().as_bytes());
    let dir = folder("not-utf8");
    std::fs::write(dir.join("game.cgn"), &bytes).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("E109"), "{err}");
    let (code, out, err) = common::run_carcref(&dir, &["fix", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("E109"), "{err}");
    assert!(
        out.contains("game 1: bytes that are not UTF-8 (E109)"),
        "{out}"
    );
    // From standard input alike.
    let (code, out, err) = common::run_carcref(&dir, &["fix", "-"], &bytes);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("(E109)"), "{out}");

    // A second game, with a wrong rotation, is repaired; the first keeps its
    // bytes.
    let bad = with_line(42, " r0", " r90");
    let mut two = bytes.clone();
    two.extend_from_slice(b"\n");
    two.extend_from_slice(bad.as_bytes());
    std::fs::write(dir.join("game.cgn"), &two).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("wrote game.cgn: 1 turn repaired"), "{out}");
    let mut expected = bytes.clone();
    expected.extend_from_slice(b"\n");
    expected.extend_from_slice(example().as_bytes());
    assert_eq!(std::fs::read(dir.join("game.cgn")).unwrap(), expected);
    std::fs::remove_dir_all(&dir).unwrap();
}
