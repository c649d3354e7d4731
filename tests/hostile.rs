#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Hostile inputs: very long lines, huge numbers, very long records, very many
//! games, very many tags, invalid UTF-8 and empty files. Each must give a sensible
//! diagnostic without a panic. Nothing here measures time; where the work could
//! grow faster than the input, the test bounds what comes out (the number of
//! diagnostics), which a quadratic path would not keep.

mod common;

use std::path::PathBuf;
use std::process::Command;

use carcref::notation::Span;
use carcref::{Outcome, TileCatalog, check, parse};

const HEADER: &str =
    "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n";

/// A short legal game (`tests/data/ok.cgn` without its comment).
const SHORT_GAME: &str = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Result \"Ann 4, Bob 3\"]\n[Termination \"adjudicated\"]\n\n1. Ann E 0,1 r180 +S =Ann+4/4\n2. Bob U 1,0 r0 +E\n3. Ann U -1,0 r0\n";

fn catalog() -> TileCatalog {
    TileCatalog::embedded().unwrap()
}

/// Checks `src` and asserts every span lies inside it; returns the outcome and the
/// codes of all diagnostics in order.
fn checked(src: &str) -> (Outcome, Vec<String>) {
    let outcome = check("hostile.cgn", src, &catalog());
    let mut codes = Vec::new();
    for g in &outcome.games {
        for d in &g.diagnostics {
            common::assert_inside(src, d.span(), &d.code());
            codes.push(d.code());
        }
    }
    (outcome, codes)
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn run_check(path: &PathBuf) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never", "check"])
        .arg(path)
        .output()
        .unwrap();
    (
        out.status.code().expect("carcref was killed by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_million_character_turn_line() {
    let long = "x".repeat(1_000_000);
    let src = format!("{HEADER}1. Ann E 0,1 r180 {long}\n");
    let (outcome, codes) = checked(&src);
    assert_eq!(outcome.games.len(), 1);
    assert_eq!(codes, ["E110"], "one fault for the one line past the limit");
    // The fault is on the turn line, not somewhere in the header.
    let span = outcome.games[0].diagnostics[0].span();
    assert_eq!(span.start, HEADER.len());
    // A line just under the limit is read: here one syntax fault.
    let long = "x".repeat(carcref::notation::MAX_LINE - 40);
    let src = format!("{HEADER}1. Ann E 0,1 r180 {long}\n");
    let (_, codes) = checked(&src);
    assert_eq!(codes, ["E102"]);
}

#[test]
fn long_tag_values_comments_and_names() {
    let limit = carcref::notation::MAX_LINE;
    // Up to the limit, a long tag value and a long comment are legal; the game
    // stays valid.
    let long = "y".repeat(limit - 40);
    let src = format!(
        "[Event \"{long}\"]\n{HEADER}; {long}\n1. Ann E 0,1 r180 +S {{ {long} }}\n2. Bob U 1,0 r0\n"
    );
    let (outcome, codes) = checked(&src);
    assert!(codes.is_empty(), "{codes:?}");
    assert!(!outcome.has_errors());
    // A long unknown player name is one fault.
    let src = format!("{HEADER}1. {long} E 0,1 r180\n");
    let (_, codes) = checked(&src);
    assert!(!codes.is_empty() && codes.len() <= 3, "{codes:?}");
    // A line of one unclosed bracket: one fault.
    let src = format!("{HEADER}[{long}\n");
    let (_, codes) = checked(&src);
    assert!(!codes.is_empty() && codes.len() <= 3, "{codes:?}");
    // Past the limit, each such line is one fault, and the game is not replayed.
    let long = "y".repeat(500_000);
    let src = format!("{HEADER}; {long}\n1. Ann E 0,1 r180 +S {{ {long} }}\n2. Bob U 1,0 r0\n");
    let (outcome, codes) = checked(&src);
    assert_eq!(codes, ["E110", "E110"]);
    assert!(outcome.games[0].replay.is_none());
}

#[test]
fn huge_coordinates() {
    // Out of range: E103, one fault.
    for coords in [
        "99999999999999999999,0",
        "0,-99999999999999999999",
        "2147483648,0",
        "-2147483649,0",
        "1e18,0",
    ] {
        let src = format!("{HEADER}1. Ann E {coords} r0\n");
        let (_, codes) = checked(&src);
        assert_eq!(codes, ["E103"], "{coords}");
    }
    // `0,1e18` reads as the position `0,1` followed by text that is not a
    // rotation: one syntax fault of the line.
    let src = format!("{HEADER}1. Ann E 0,1e18 r0\n");
    let (_, codes) = checked(&src);
    assert_eq!(codes.len(), 1, "{codes:?}");
    assert!(
        ["E102", "E103", "E104"].contains(&codes[0].as_str()),
        "{codes:?}"
    );
    // The extremes of the coordinate range parse; the placement is then illegal
    // (not next to the start tile), and nothing overflows on the way.
    for coords in [
        "2147483647,0",
        "-2147483648,0",
        "0,2147483647",
        "0,-2147483648",
        "2147483647,2147483647",
        "-2147483648,-2147483648",
    ] {
        let src = format!("{HEADER}1. Ann E {coords} r0\n");
        let (outcome, codes) = checked(&src);
        assert!(outcome.has_errors(), "{coords}: accepted");
        assert!(
            codes.iter().all(|c| !c.starts_with("E1")),
            "{coords}: {codes:?}"
        );
    }
}

#[test]
fn fifty_thousand_turns() {
    // Turn 1 is legal; every later line repeats turn 2's placement, so turn 3 is
    // illegal (the square is taken) and the rest is not checked.
    const TURNS: usize = 50_000;
    let mut src = String::from(HEADER);
    src.push_str("1. Ann E 0,1 r180 +S\n");
    for n in 2..=TURNS {
        let player = if n % 2 == 0 { "Bob" } else { "Ann" };
        src.push_str(&format!("{n}. {player} U 1,0 r0\n"));
    }
    assert!(src.len() < carcref::notation::MAX_GAME);
    let (outcome, codes) = checked(&src);
    assert_eq!(outcome.games.len(), 1);
    assert_eq!(outcome.games[0].record.turns.len(), TURNS);
    assert!(outcome.has_errors());
    // A handful of diagnostics, not one per turn.
    assert!(codes.len() <= 4, "{codes:?}");
    assert!(codes.iter().any(|c| c == "W101"), "{codes:?}");
}

#[test]
fn a_game_past_the_limit_is_one_fault() {
    let mut src = String::from(HEADER);
    for n in 1..=100_000 {
        src.push_str(&format!("{n}. Ann U 1,0 r0\n"));
    }
    let (outcome, codes) = checked(&src);
    assert_eq!(codes, ["E111"]);
    assert!(outcome.games[0].record.turns.is_empty(), "not read");
    // The file is read as far as that game, and no further.
    let path = temp_file(
        "game-past-the-limit.cgn",
        format!("{SHORT_GAME}\n{src}\n{SHORT_GAME}").as_bytes(),
    );
    let (code, stdout, stderr) = run_check(&path);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stderr.contains("E111") && stderr.contains("game too long"),
        "{stderr}"
    );
    assert!(stdout.contains("checked 2 games"), "{stdout}");
}

#[test]
fn ten_thousand_games_in_one_file() {
    const GAMES: usize = 10_000;
    let src = vec![SHORT_GAME; GAMES].join("\n");
    let (outcome, codes) = checked(&src);
    assert_eq!(outcome.games.len(), GAMES);
    assert!(codes.is_empty(), "{:?}", &codes[..codes.len().min(5)]);
    for g in &outcome.games {
        let score = g.score().unwrap();
        assert_eq!(score.total("Ann"), Some(4));
        assert_eq!(score.total("Bob"), Some(3));
    }
    // Every game starts where the previous one ended.
    let spans: Vec<Span> = outcome.games.iter().map(|g| g.record.span).collect();
    assert_eq!(spans[0].start, 0);
    assert_eq!(spans[GAMES - 1].end, src.len());
    for w in spans.windows(2) {
        assert_eq!(w[0].end, w[1].start);
    }
}

#[test]
fn ten_thousand_copies_of_a_tag() {
    const COPIES: usize = 10_000;
    let mut src = String::new();
    for _ in 0..COPIES {
        src.push_str("[Event \"again\"]\n");
    }
    src.push_str(SHORT_GAME);
    let (outcome, codes) = checked(&src);
    // Tags before the game's own tags belong to the same game.
    assert_eq!(outcome.games.len(), 1);
    assert_eq!(outcome.games[0].record.tags.len(), COPIES + 4);
    // At most one diagnostic per repeated tag, and every one names the tag.
    assert!(!codes.is_empty());
    assert!(codes.len() < COPIES, "{}", codes.len());
    assert!(codes.iter().all(|c| c == "E208"), "{:?}", &codes[..5]);
    // The same for a repeated known tag that matters to the replay.
    let src = format!("{}{SHORT_GAME}", "[Rules \"HiG-2012\"]\n".repeat(COPIES));
    let (outcome, codes) = checked(&src);
    assert!(outcome.has_errors());
    assert!(codes.len() <= COPIES + 2, "{}", codes.len());
    assert!(codes.iter().all(|c| c == "E208"), "{:?}", &codes[..5]);
}

#[test]
fn ten_thousand_comment_lines_and_no_turn() {
    let src = "; nothing but comments\n".repeat(10_000);
    let (outcome, codes) = checked(&src);
    assert_eq!(outcome.games.len(), 1);
    assert_eq!(codes, ["E108"]);
}

#[test]
fn invalid_utf8_through_the_command_line() {
    let mut bytes = SHORT_GAME.as_bytes().to_vec();
    bytes.extend_from_slice(b"4. Bob \xff\xfe K 2,0 r0\n\n");
    bytes.extend_from_slice(SHORT_GAME.as_bytes());
    let path = temp_file("invalid-utf8.cgn", &bytes);
    let (code, stdout, stderr) = run_check(&path);
    // A coded fault in the game that holds the bytes; the other game is checked.
    assert_eq!(code, 1, "stdout: {stdout}\nstderr: {stderr}");
    assert!(stderr.contains("E109"), "{stderr}");
    assert!(stderr.contains("invalid-utf8.cgn:9:8"), "{stderr}");
    assert!(
        stdout.contains("checked 2 games in 1 files: 1 valid, 1 invalid"),
        "{stdout}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_empty_file() {
    let path = temp_file("empty.cgn", b"");
    let (code, stdout, stderr) = run_check(&path);
    assert_eq!(code, 1, "stdout: {stdout}\nstderr: {stderr}");
    assert!(
        stdout.contains("E108") || stderr.contains("E108"),
        "stdout: {stdout}\nstderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The library says the same.
    let (outcome, codes) = checked("");
    assert_eq!(outcome.games.len(), 1);
    assert_eq!(codes, ["E108"]);
    let parsed = parse("");
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].diagnostics.len(), 1);
}

#[test]
fn only_white_space_and_control_characters() {
    for src in [
        "\n\n\n",
        "   \t  \r\n",
        "\u{0}\u{1}\u{7f}",
        "\u{feff}",
        "\r\r\r",
    ] {
        let (outcome, codes) = checked(src);
        assert!(outcome.has_errors(), "{src:?}");
        assert!(!codes.is_empty() && codes.len() <= 3, "{src:?}: {codes:?}");
    }
}
