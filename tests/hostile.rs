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
    // A line just under the limit is read: here one fault. Without a CGN tag
    // the game is read by the grammar of version 2, where a word after the
    // placement is an action no expansion defines; in a game of version 1 it
    // is a syntax fault (SPEC 2.14).
    let long = "x".repeat(carcref::notation::MAX_LINE - 40);
    let src = format!("{HEADER}1. Ann E 0,1 r180 {long}\n");
    let (_, codes) = checked(&src);
    assert_eq!(codes, ["E410"]);
    let src = format!("[CGN \"1\"]\n{HEADER}1. Ann E 0,1 r180 {long}\n");
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

/// Two tags with a meaning each repeated many times: each repeat is one fault
/// pointing back at the first, found without comparing it with every tag
/// before it (which took seconds for a file under 1 MB).
#[test]
fn many_copies_of_two_tags() {
    let src = format!(
        "{}{}{SHORT_GAME}",
        "[Event \"a\"]\n".repeat(5_000),
        "[Site \"b\"]\n".repeat(20_000)
    );
    let (outcome, codes) = checked(&src);
    // 4,999 and 19,999 repeats: the first 10,000 listed, the others counted.
    assert_eq!(codes.len(), 10_001);
    assert!(codes[..10_000].iter().all(|c| c == "E208"));
    assert_eq!(codes[10_000], "W102");
    let first_site = src.find("[Site").unwrap();
    match &outcome.games[0].diagnostics[9_999] {
        carcref::Diagnostic::DuplicateTag { first, .. } => assert_eq!(first.start, first_site),
        other => panic!("{other:?}"),
    }
}

/// A Players tag of 9,000 names: one fault, told from the count.
#[test]
fn nine_thousand_players() {
    let names: Vec<String> = (0..9_000).map(|i| format!("P{i}")).collect();
    let src = format!(
        "[Players \"{}\"]\n[Rules \"HiG-2012\"]\n\n1. P0 U 1,0 r0\n",
        names.join(",")
    );
    let (outcome, codes) = checked(&src);
    assert_eq!(codes, ["E205"]);
    assert!(
        outcome.games[0].diagnostics[0]
            .to_string()
            .contains("invalid players"),
    );
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
        stdout.contains("checked 2 games in 1 file: 1 valid, 1 invalid"),
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

/// Runs the binary with arguments and bytes on standard input; exit code,
/// standard output and standard error.
fn run_with(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    common::run_carcref(std::path::Path::new("."), args, stdin)
}

/// The issue's input for the renderer: a turn line with a 70,000-character
/// comment and junk after it. Every command that reads a record reports it
/// (the line is past the limit: E110) and none panics; the report stays small.
#[test]
fn a_long_comment_with_junk_after_it_through_every_command() {
    let src = format!(
        "{HEADER}1. Ann E 0,1 r180 {{{}}} junk\n2. Bob U 1,0 r0\n",
        "x".repeat(70_000)
    );
    for args in [
        &["check", "-"][..],
        &["score", "-"],
        &["show", "-"],
        &["moves", "--turn", "2", "-"],
        &["fmt", "-"],
        &["fmt", "--check", "-"],
    ] {
        let (code, stdout, stderr) = run_with(args, src.as_bytes());
        assert!(matches!(code, 1 | 2), "{args:?}: exit {code}\n{stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("E110"), "{args:?}: {stderr}");
        assert!(stdout.len() + stderr.len() < 4_000, "{args:?}: {stderr}");
    }
}

/// A label far along a line (past column 65,535, where the graphical renderer
/// could not pad to it) renders, cut to a window around it.
#[test]
fn a_label_past_column_65535_renders() {
    use carcref::render::{DiagnosticFormat, RenderOptions, SourceView, render_game};
    let text = format!("1. Ann E 0,1 r180 {{{}}} junk\n", "x".repeat(1_000_000));
    let at = text.find("junk").unwrap();
    let d = carcref::Diagnostic::MalformedTurn {
        span: Span::new(at, at + 4),
        expected: "the end of the line".to_string(),
    };
    let view = SourceView::new("long.cgn", &text, 0, 0);
    for color in [false, true] {
        let mut out = String::new();
        let options = RenderOptions {
            format: DiagnosticFormat::Human,
            color,
            width: 80,
        };
        render_game(&mut out, &view, 0, std::slice::from_ref(&d), &options);
        assert!(out.contains("long.cgn:1:1000022"), "{out}");
        assert!(out.contains("junk") && out.contains('…'), "{out}");
        assert!(out.len() < 2_000, "{} bytes", out.len());
    }
}

/// Many faults: each is found without rereading the text before it, the
/// human report stays proportional to them, and a game keeps at most
/// 10,000 of them (the others counted in W102).
#[test]
fn a_hundred_thousand_malformed_lines() {
    let src = format!("{HEADER}{}", "x\n".repeat(100_000));
    let (outcome, codes) = checked(&src);
    assert_eq!(codes.len(), 10_001);
    assert_eq!(codes.last().map(String::as_str), Some("W102"));
    assert!(
        outcome.games[0]
            .diagnostics
            .last()
            .unwrap()
            .to_string()
            .contains("90000")
    );
    let (code, _, stderr) = run_with(&["check", "-"], src.as_bytes());
    assert_eq!(code, 1);
    // About 300 bytes a report, for ten thousand reports.
    assert!(stderr.len() < 10_000 * 400, "{} bytes", stderr.len());
    let (_, stdout, _) = run_with(&["check", "--format", "short", "-"], src.as_bytes());
    assert_eq!(
        stdout.lines().count(),
        10_002,
        "each fault, the count, the summary"
    );
    assert!(
        stdout.contains("-:10005:1: W102"),
        "{}",
        &stdout[stdout.len() - 300..]
    );
}

/// Many faults on one line are shown three at a time in the human format,
/// with the others counted ("and N more"), and each points at its own token.
#[test]
fn many_faults_on_one_line_give_a_short_report() {
    let names: Vec<String> = (0..10_000).map(|i| format!("x{}", i % 100)).collect();
    let unseated: Vec<String> = (0..2_500).map(|i| format!("P{i} 1")).collect();
    let claims: Vec<String> = (0..500).map(|i| format!("=Ann+{}", i + 5)).collect();
    let cases = [
        (
            format!(
                "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Expansions \"{}\"]\n\n1. Ann E 0,1 r180\n",
                names.join(", ")
            ),
            "E207",
            10_000,
        ),
        (
            format!(
                "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Result \"{}\"]\n[Termination \"adjudicated\"]\n\n1. Ann E 0,1 r180\n",
                unseated.join(", ")
            ),
            "E202",
            2_500,
        ),
        (
            format!("{HEADER}1. Ann E 0,1 r180 +S {}\n", claims.join(" ")),
            "E501",
            500,
        ),
    ];
    for (src, code, count) in cases {
        let (outcome, codes) = checked(&src);
        assert_eq!(
            codes.iter().filter(|c| *c == code).count(),
            count,
            "{code}: {:?}",
            &codes[..codes.len().min(3)]
        );
        // Each fault points at its own token, not at the whole value or line.
        let spans: Vec<Span> = outcome.games[0]
            .diagnostics
            .iter()
            .filter(|d| d.code() == code)
            .map(carcref::Diagnostic::span)
            .collect();
        assert!(spans.iter().all(|s| s.len() < 20), "{code}: {:?}", spans[0]);
        let (_, _, stderr) = run_with(&["check", "-"], src.as_bytes());
        assert!(
            stderr.len() < 6_000,
            "{code}: {} bytes\n{stderr}",
            stderr.len()
        );
        assert!(
            stderr.contains(&format!("and {} more faults on line", count - 3)),
            "{code}: {stderr}"
        );
    }
}

/// An input without a line feed ends with a clear fault past the size limit
/// of a game, reading no more than that.
#[test]
fn an_endless_input_without_line_feeds() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"skipped an_endless_input_without_line_feeds: no /dev/zero here\n",
        );
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never", "check", "-"])
        .stdin(std::fs::File::open(zero).unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("E110") && stderr.contains("line too long"),
        "{stderr}"
    );
    assert!(stderr.len() < 2_000, "{stderr}");
}

/// A byte order mark is passed over by the checker, `fmt` and every importer;
/// `fmt` removes it, as SPEC 5 says.
#[test]
fn a_byte_order_mark_is_accepted() {
    let with_mark = format!("\u{feff}{SHORT_GAME}");
    let path = temp_file("bom.cgn", with_mark.as_bytes());
    let (code, stdout, stderr) = run_check(&path);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("checked 1 game in 1 file: 1 valid"),
        "{stdout}"
    );
    let (code, formatted, _) = run_with(&["fmt", "-"], with_mark.as_bytes());
    assert_eq!(code, 0);
    assert!(formatted.starts_with("[Players"), "{formatted:?}");
    let (code, stdout, _) = run_with(&["fmt", "--check", "-"], with_mark.as_bytes());
    assert_eq!((code, stdout.as_str()), (1, "-: not canonical\n"));
    let (code, _, _) = run_with(&["fmt", "--check", "-"], formatted.as_bytes());
    assert_eq!(code, 0);
    // The importers.
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for (kind, file) in [
        ("bga", "bga/366166200.json"),
        ("kifu", "kifu/hig2012-two-players.json"),
        ("lab", "lab/bga-logs-repacked.csv"),
    ] {
        let mut bytes = b"\xef\xbb\xbf".to_vec();
        bytes.extend(std::fs::read(data.join(file)).unwrap());
        let (code, stdout, stderr) = run_with(&["import", kind, "-"], &bytes);
        assert_eq!(code, 0, "{kind}: {stderr}");
        assert!(stdout.starts_with("[CGN \"1\"]"), "{kind}: {stdout:.80}");
    }
}

/// Control characters in a record (here an escape sequence that would clear
/// the screen, in a player's name) are shown escaped by the human formats.
#[test]
fn control_characters_are_escaped_in_human_output() {
    let src = format!("{HEADER}1. Ann E 0,1 r180\n2. B\u{1b}[2Jb U 1,0 r0\n");
    let (code, _, stderr) = run_with(&["check", "-"], src.as_bytes());
    assert_eq!(code, 1);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("B\\u{1b}[2Jb"), "{stderr}");
    let (_, stdout, _) = run_with(&["check", "--format", "short", "-"], src.as_bytes());
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    // A player's name with one, in the score breakdown.
    let named = SHORT_GAME.replace("Bob", "B\u{7}ob");
    let (_, stdout, _) = run_with(&["score", "-"], named.as_bytes());
    assert!(
        stdout.contains("B\\u{7}ob +3") && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
}

/// A game past the size limit is reported alike read from a file (a stream,
/// which stops there) and held in memory: as the line that takes it past the
/// limit when that line is longer than a line may be, else as a game.
#[test]
fn a_game_past_the_limit_is_reported_alike_in_a_file_and_in_memory() {
    use carcref::notation::{MAX_GAME, MAX_LINE};
    let filler = |n: usize| -> String {
        let mut s = String::new();
        let mut i = 0;
        while s.len() < n {
            i += 1;
            s.push_str(&format!("{i}. Ann U 1,0 r0\n"));
        }
        s
    };
    let long = |n: usize| format!("; {}\n", "z".repeat(n));
    let cases = [
        // Short lines only: the game.
        (
            format!("{SHORT_GAME}\n{HEADER}{}", filler(MAX_GAME)),
            "E111",
        ),
        // A long line holds the limit's byte: the line, wherever it ends.
        (
            format!(
                "{SHORT_GAME}\n{HEADER}{}{}",
                filler(MAX_GAME - 1000),
                long(3 * MAX_LINE)
            ),
            "E110",
        ),
        (
            format!(
                "{SHORT_GAME}\n{HEADER}{}{}x\n",
                filler(MAX_GAME - 1000),
                long(MAX_LINE + 10)
            ),
            "E110",
        ),
        // A long line before the limit's byte is an ordinary fault of the
        // game, which is too long as a whole.
        (
            format!(
                "{SHORT_GAME}\n{HEADER}{}{}",
                long(2 * MAX_LINE),
                filler(MAX_GAME)
            ),
            "E111",
        ),
        // No line feed at all.
        ("y".repeat(MAX_GAME + 10), "E110"),
    ];
    for (src, code) in cases {
        let in_memory = check("past.cgn", &src, &catalog());
        let in_file =
            carcref::check_bytes("past.cgn", src.as_bytes(), &catalog(), Default::default());
        let codes = |o: &Outcome| -> Vec<Vec<String>> {
            o.games
                .iter()
                .map(|g| {
                    g.diagnostics
                        .iter()
                        .map(carcref::Diagnostic::code)
                        .collect()
                })
                .collect()
        };
        let (memory, file) = (codes(&in_memory), codes(&in_file));
        assert_eq!(file.last().unwrap(), &[code.to_string()], "{code}");
        assert_eq!(&memory[..file.len()], &file[..], "{code}");
        // Both point at the same place, inside the text each holds, and
        // render.
        let last = |o: &Outcome| o.games[file.len() - 1].diagnostics[0].span();
        assert_eq!(last(&in_memory).start, last(&in_file).start);
        common::assert_inside(&in_file.src, last(&in_file), code);
        let shown = carcref::render::render_diagnostics(&in_file, &Default::default());
        assert!(shown.contains(code) && shown.len() < 8_000, "{shown}");
    }
}

/// A line past the limit that the game does not need (SPEC 2.1: a tag that
/// only describes the game, a comment line) is `E110` in every command, and the
/// game is still replayed without it: its own faults are reported beside it.
/// A line it needs (here its Players tag) leaves it unreplayed in every
/// command. The five commands that read a record agree on each file.
#[test]
fn a_long_header_line_in_every_command() {
    let long = "x".repeat(carcref::notation::MAX_LINE + 10);
    let event = format!("[Event \"{long}\"]\n");
    let clean = format!("{event}{SHORT_GAME}");
    let claim = clean.replace("=Ann+4/4", "=Ann+4/5");
    let illegal = clean.replace("3. Ann U -1,0 r0", "3. Ann U -1,0 r90");
    let comment = format!("; {long}\n{}", SHORT_GAME.replace("=Ann+4/4", "=Ann+4/5"));
    let players = SHORT_GAME.replace("Bob (blue)", &format!("Bob (blue){long}"));
    // (file, the game's own fault besides E110, whether it is replayed)
    let cases = [
        ("clean.cgn", &clean, None, true),
        ("claim.cgn", &claim, Some("E501"), true),
        ("comment.cgn", &comment, Some("E501"), true),
        ("illegal.cgn", &illegal, Some("E301"), true),
        ("players.cgn", &players, None, false),
    ];
    let run_file = |args: &[&str], path: &PathBuf| {
        let mut all = args.to_vec();
        let path = path.to_str().unwrap();
        all.push(path);
        run_with(&all, b"")
    };
    for (name, text, own, replayed) in cases {
        let path = temp_file(&format!("long-line-{name}"), text.as_bytes());
        let (code, stdout, stderr) = run_file(&["check", "--format", "short"], &path);
        assert_eq!(code, 1, "check {name}: {stdout}{stderr}");
        let codes: Vec<&str> = stdout
            .lines()
            .filter(|l| !l.starts_with("checked "))
            .filter_map(|l| l.split(": ").nth(1)?.split(' ').next())
            .collect();
        let mut expected = vec!["E110"];
        expected.extend(own.filter(|_| replayed));
        assert_eq!(codes, expected, "check {name}: {stdout}");

        let (code, stdout, stderr) = run_file(&["score"], &path);
        assert_eq!(code, 1, "score {name}: {stdout}{stderr}");
        assert!(stderr.contains("E110"), "score {name}: {stderr}");
        if replayed {
            assert!(
                stdout.contains("Game 1 — rules HiG-2012 — invalid"),
                "score {name}: {stdout}"
            );
            assert!(stdout.contains("total"), "score {name}: {stdout}");
        } else {
            assert!(
                stdout.contains("not replayed: E110"),
                "score {name}: {stdout}"
            );
        }
        if let Some(own) = own {
            assert!(stdout.contains(own), "score {name}: {stdout}");
        }

        // `fmt` cannot write a line it did not read: it refuses the game.
        let (code, stdout, stderr) = run_file(&["fmt", "--check"], &path);
        assert_eq!(code, 1, "fmt {name}: {stdout}{stderr}");
        assert!(stderr.contains("E110"), "fmt {name}: {stderr}");

        let (code, stdout, stderr) = run_file(&["show"], &path);
        assert!(stderr.contains("E110"), "show {name}: {stderr}");
        if replayed {
            assert_eq!(code, 1, "show {name}: {stdout}{stderr}");
            assert!(stdout.contains("Ann"), "show {name}: {stdout}");
            if own == Some("E301") {
                assert!(
                    stdout.contains("turn 3 is illegal: E301"),
                    "show {name}: {stdout}"
                );
            }
        } else {
            assert_eq!(code, 2, "show {name}: {stdout}{stderr}");
        }

        let (code, stdout, stderr) = run_file(&["fix"], &path);
        assert_eq!(code, 1, "fix {name}: {stdout}{stderr}");
        assert!(stdout.contains("E110 line 1"), "fix {name}: {stdout}");
        if own == Some("E301") {
            assert!(
                stdout.contains("turn 3 is illegal: E301"),
                "fix {name}: {stdout}"
            );
        }
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

/// 2,000 random bytes: one `E109` a game, at its first run of bytes that are
/// not UTF-8, counting the others, not one fault a run (some 500 here).
#[test]
fn random_bytes_give_one_not_utf8_fault_a_game() {
    // A fixed linear congruential sequence: the same bytes on every run.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let bytes: Vec<u8> = (0..2_000)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 56) as u8
        })
        .collect();
    let runs = {
        let mut copy = bytes.clone();
        let mut spans = Vec::new();
        carcref::stream::replace_not_utf8(&mut copy, 0, &mut spans);
        spans.len()
    };
    assert!(runs > 100, "{runs}");
    let path = temp_file("random-2000.bin", &bytes);
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never", "check", "--format", "short"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let games: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("checked ")?.split(' ').next()?.parse().ok())
        .unwrap();
    let e109 = stdout.lines().filter(|l| l.contains(": E109 ")).count();
    assert!(
        e109 >= 1 && e109 <= games,
        "{e109} E109 in {games} games\n{stdout}"
    );
    // The human report counts the others.
    let (code, _, stderr) = run_check(&path);
    assert_eq!(code, 1);
    assert!(stderr.contains("more places of this game"), "{stderr}");
    assert_eq!(stderr.matches("E109").count(), e109, "{stderr}");
}
