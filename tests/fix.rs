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
    assert_eq!(repairs.illegal.as_ref().unwrap().0, 50);
    let confirmed = repairs.confirmed().unwrap();
    assert_eq!(confirmed.slips.len(), 1);
    assert_eq!(confirmed.slips[0].change, "tile U instead of V");
    assert_eq!(confirmed.slips[0].kind, carcref::repair::SlipKind::Tile);
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
    assert!(out.contains("readings explain every fault"), "{out}");
    assert!(out.contains("nothing is applied for game 1"), "{out}");
    assert!(out.matches("every claim match").count() >= 2, "{out}");
    assert_eq!(std::fs::read_to_string(dir.join("game.cgn")).unwrap(), bad);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_clean_record_needs_no_fix() {
    let dir = folder("clean");
    std::fs::write(dir.join("game.cgn"), example()).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!(
        (code, out.as_str()),
        (0, "game 1: checks clean; nothing to fix\n"),
        "{err}"
    );
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

/// The example with every expansion the examples come from.
const THREE: &str = "notation/examples/hig2012-three-expansions.cgn";

fn three_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(THREE)).unwrap();
    let out = text.replacen(from, to, 1);
    assert_ne!(out, text, "{from}");
    out
}

#[test]
fn a_slip_seen_only_in_the_claims_is_traced_to_its_turn() {
    // Turn 52 written r90 for r0: every turn stays legal, and only the
    // Result says so.
    let bad = three_with("\n52. Dan TB6 -5,-5 r0", "\n52. Dan TB6 -5,-5 r90");
    let dir = folder("legal-slip");
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();
    let (code, _, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("E502"), "{err}");
    assert!(!err.contains("E301"), "{err}");
    let (code, out, err) = common::run_carcref(&dir, &["fix", "game.cgn"], b"");
    assert_eq!(code, 1, "{err}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("cli_fix_legal_slip", out);
    });
    let first = out.lines().nth(1).unwrap();
    assert!(
        first.starts_with("  1. turn 52: r0 instead of r90 (rotation"),
        "{out}"
    );
    assert!(
        out.contains("explains E502 Cat ends the record with 15 points, not 13"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slip_that_breaks_a_later_turn_is_found_where_it_was_made() {
    // Turn 42 written r180 for r0: legal itself, it makes turn 54 illegal,
    // and check's secondary label points back at it.
    let bad = three_with("\n42. Bob W 5,1 r0 ", "\n42. Bob W 5,1 r180 ");
    let dir = folder("later-turn");
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();
    let (code, _, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("E301"), "{err}");
    let (code, out, err) = common::run_carcref(&dir, &["fix", "game.cgn"], b"");
    assert_eq!(code, 1, "{err}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("cli_fix_later_turn", out);
    });
    assert!(out.starts_with("game 1: turn 54 is illegal: E301"), "{out}");
    // Every reading shown lies at turn 42, the written one among them.
    let readings: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains(". turn "))
        .collect();
    assert!(!readings.is_empty(), "{out}");
    assert!(readings.iter().all(|l| l.contains(". turn 42: ")), "{out}");
    assert!(out.contains("turn 42: r0 instead of r180"), "{out}");
    // Two rotations explain everything: the referee says so, and --apply
    // writes nothing.
    assert!(out.contains("2 readings explain every fault"), "{out}");
    let (code, out, _) = common::run_carcref(&dir, &["fix", "--apply", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}");
    assert_eq!(std::fs::read_to_string(dir.join("game.cgn")).unwrap(), bad);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_without_rules_is_not_passed_over_in_silence() {
    let bad = example().replacen("[Rules \"RGG-2000\"]\n", "", 1);
    let dir = folder("no-rules");
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();
    let (code, _, err) = common::run_carcref(&dir, &["check", "game.cgn"], b"");
    assert_eq!(code, 1);
    assert!(err.contains("E206"), "{err}");
    let (code, out, err) = common::run_carcref(&dir, &["fix", "game.cgn"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with("game 1: the header cannot be read (E206"),
        "{out}"
    );
    assert!(err.contains("E206"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_slips_are_found_together() {
    // Two turns written wrong, each illegal: no one reading explains both.
    let text = with_line(42, " r0", " r90");
    let at = text.find("\n50. ").unwrap() + 1;
    let end = at + text[at..].find('\n').unwrap();
    let line = text[at..end].to_string();
    assert!(line.contains(" U "), "{line}");
    let bad = format!(
        "{}{}{}",
        &text[..at],
        line.replacen(" U ", " V ", 1),
        &text[end..]
    );
    let catalog = TileCatalog::embedded().unwrap();
    let record = carcref::parse(&bad).remove(0).record;
    let repairs = suggest(&record, &catalog).unwrap();
    assert_eq!(repairs.depth, 2);
    let s = repairs.confirmed().expect("one reading of two slips");
    let changes: Vec<&str> = s.slips.iter().map(|x| x.change.as_str()).collect();
    assert_eq!(changes, ["r0 instead of r90", "tile U instead of V"]);
    assert_eq!(
        carcref::notation::write::write(std::slice::from_ref(&s.record)),
        carcref::notation::write::write(std::slice::from_ref(
            &carcref::parse(&example()).remove(0).record
        ))
    );
}

#[test]
fn folders_are_searched_and_an_ambiguous_file_is_never_written() {
    let dir = folder("folders");
    let games = dir.join("games");
    std::fs::create_dir_all(games.join("more")).unwrap();
    let clean = example();
    let unique = with_line(42, " r0", " r90");
    let ambiguous = three_with("\n42. Bob W 5,1 r0 ", "\n42. Bob W 5,1 r180 ");
    std::fs::write(games.join("clean.cgn"), &clean).unwrap();
    std::fs::write(games.join("unique.cgn"), &unique).unwrap();
    std::fs::write(games.join("more/ambiguous.cgn"), &ambiguous).unwrap();
    // One file holding a game with one reading and a game with two.
    let both = format!("{unique}\n{ambiguous}");
    std::fs::write(games.join("both.cgn"), &both).unwrap();

    let (code, out, err) = common::run_carcref(&dir, &["fix", "games"], b"");
    assert_eq!(code, 1, "{out}{err}");
    for name in ["clean.cgn:", "unique.cgn:", "ambiguous.cgn:", "both.cgn:"] {
        assert!(out.contains(name), "{name}: {out}");
    }
    assert!(out.contains("game 2: turn 54 is illegal"), "{out}");
    // A clean file is said to be clean, not left as a bare name.
    assert!(
        out.contains("clean.cgn:\ngame 1: checks clean; nothing to fix\n"),
        "{out}"
    );
    let (code, out, err) = common::run_carcref(&games, &["fix", "clean.cgn"], b"");
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out, "game 1: checks clean; nothing to fix\n");
    let (code, out, _) = common::run_carcref(&games, &["fix", "-q", "clean.cgn"], b"");
    assert_eq!((code, out.as_str()), (0, ""));

    let (code, out, err) = common::run_carcref(&dir, &["fix", "--apply", "games"], b"");
    assert_eq!(code, 1, "{out}{err}");
    // The unique repair is written; the ambiguous file, and the file with an
    // ambiguous game, are not.
    assert_eq!(
        std::fs::read_to_string(games.join("unique.cgn")).unwrap(),
        clean
    );
    assert_eq!(
        std::fs::read_to_string(games.join("more/ambiguous.cgn")).unwrap(),
        ambiguous
    );
    assert_eq!(
        std::fs::read_to_string(games.join("both.cgn")).unwrap(),
        both
    );
    assert_eq!(
        std::fs::read_to_string(games.join("clean.cgn")).unwrap(),
        clean
    );
    assert!(
        out.contains("both.cgn not written: a repair of it is ambiguous"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slip_in_an_action_is_searched_like_a_tile_slip() {
    // A 219-turn game with every expansion; the dragon's first step at
    // turn 150 written E for W.
    let dir = folder("action");
    let (code, all, err) = common::run_carcref(
        &dir,
        &[
            "gen",
            "--seed",
            "47",
            "--expansions",
            "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let from = "\n150. Bob PD14 -5,4 r270 dragon:W dragon:N";
    assert!(all.contains(from), "{all}");
    let bad = all.replacen(from, "\n150. Bob PD14 -5,4 r270 dragon:E dragon:N", 1);
    std::fs::write(dir.join("game.cgn"), &bad).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["fix", "--format", "json", "game.cgn"], b"");
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(doc["illegal_turn"], 150, "{doc}");
    let first = &doc["suggestions"][0];
    assert_eq!(first["turn"], 150, "{doc}");
    assert_eq!(first["kind"], "action", "{doc}");
    assert_eq!(first["change"], "dragon:W instead of dragon:E", "{doc}");
    assert!(
        first["text"]
            .as_str()
            .unwrap()
            .starts_with("150. Bob PD14 -5,4 r270 dragon:W dragon:N"),
        "{doc}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_invalid_fixture_is_passed_over_in_silence() {
    // Every fixture check rejects: fix exits as check does (1, or 2 for a
    // tile set of one's own that cannot be read), says what it found for
    // game 1, and names the fixture's faults.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/games/invalid");
    let files = common::cgn_files(&dir);
    assert!(files.len() > 100, "{}", files.len());
    for path in &files {
        let file = path.file_name().unwrap().to_str().unwrap();
        let src = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut args = Vec::new();
        for tiles in common::declared_tiles(&src) {
            args.push("--tiles".to_string());
            args.push(tiles);
        }
        args.push(file.to_string());
        let with = |command: &str| {
            let mut all = vec![command];
            all.extend(args.iter().map(String::as_str));
            common::run_carcref(&dir, &all, b"")
        };
        let (checked, _, _) = with("check");
        assert_ne!(checked, 0, "{file}: check accepts it");
        let (code, out, err) = with("fix");
        assert_eq!(
            code, checked,
            "{file}: fix exits {code}, check {checked}\n{out}{err}"
        );
        if code == 1 {
            let first = out.lines().next().unwrap_or_default();
            assert!(first.starts_with("game 1: "), "{file}: {out}");
        }
        for code in common::expected_codes(&src) {
            if code.starts_with('E') {
                assert!(
                    out.contains(&code) || err.contains(&code),
                    "{file}: {code} is not named\n{out}{err}"
                );
            }
        }
    }
}
