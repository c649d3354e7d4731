//! Help at the edges: "did you mean" on the command line, another program's
//! record given to `check` (`E112`), `fmt --check --diff`, `show --highlight`
//! on the terminal, and the SVG legend.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `carcref ARGS` in the project folder, colour off: its exit code, standard
/// output and standard error, in one block for a snapshot.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_carcref(root(), args, stdin.as_bytes())
}

fn block((code, out, err): &(i32, String, String)) -> String {
    format!("exit_code: {code}\n----- stdout -----\n{out}----- stderr -----\n{err}")
}

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

// ---------------------------------------------------------------------------
// Did you mean
// ---------------------------------------------------------------------------

#[test]
fn gen_names_the_expansion_meant() {
    let got = run(&["gen", "--expansions", "river,inns-and-cathedral"], "");
    assert_eq!(got.0, 2);
    assert!(
        got.2.contains("did you mean `inns-and-cathedrals`?"),
        "{}",
        got.2
    );
    // A name near none gets no suggestion.
    let got = run(&["gen", "--expansions", "king-and-robber"], "");
    assert_eq!(got.0, 2);
    assert!(!got.2.contains("did you mean"), "{}", got.2);
}

#[test]
fn tiles_names_the_tile_meant() {
    let got = run(&["tiles", "u"], "");
    assert_eq!(got.0, 2);
    assert_eq!(
        got.2,
        "error: no tile u; `carcref tiles` lists them; did you mean `U`?\n"
    );
}

#[test]
fn each_kind_of_name_gets_its_suggestion() {
    // Fixture, code and suggestion: the help names the nearest known name.
    let cases = [
        ("e202-player-name-misspelt", "E202", "did you mean `Bob`?"),
        (
            "e202-claim-for-unseated-player",
            "E202",
            "did you mean `Ann`?",
        ),
        (
            "e201-tile-id-with-extra-letter",
            "E201",
            "did you mean `U`?",
        ),
        ("e105-compass-point-not-spot", "E105", "did you mean `NNW`?"),
        ("e401-thief-on-field-edge", "E401", "did you mean `NNW`?"),
        (
            "e207-expansion-name-misspelt",
            "E207",
            "did you mean `traders-and-builders`?",
        ),
        (
            "e213-variant-misspelt",
            "E213",
            "did you mean `tiny-city-2`?",
        ),
    ];
    let catalog = carcref::TileCatalog::embedded().unwrap();
    for (fixture, code, hint) in cases {
        let path = root().join(format!("notation/games/invalid/{fixture}.cgn"));
        let src = std::fs::read_to_string(&path).unwrap();
        let outcome = carcref::check(fixture, &src, &catalog);
        let helps: Vec<String> = outcome
            .games
            .iter()
            .flat_map(|g| &g.diagnostics)
            .filter(|d| d.code() == code)
            .map(|d| {
                miette::Diagnostic::help(d)
                    .map(|h| h.to_string())
                    .unwrap_or_default()
            })
            .collect();
        assert!(
            helps.iter().any(|h| h.ends_with(hint)),
            "{fixture}: {helps:?}"
        );
    }
    // A name near no player gets none.
    let src =
        std::fs::read_to_string(root().join("notation/games/invalid/e202-player-not-seated.cgn"))
            .unwrap();
    let outcome = carcref::check("carl", &src, &catalog);
    let d = &outcome.games[0].diagnostics[0];
    let help = miette::Diagnostic::help(d).unwrap().to_string();
    assert_eq!(help, "the players of this game are Ann, Bob");
}

// ---------------------------------------------------------------------------
// Another program's record given to check
// ---------------------------------------------------------------------------

#[test]
fn check_on_a_board_game_arena_log_gives_one_fault() {
    let got = run(
        &[
            "check",
            "--format",
            "short",
            "tests/data/bga/366166200.json",
        ],
        "",
    );
    assert_eq!(got.0, 1);
    assert_eq!(
        got.1,
        "tests/data/bga/366166200.json:1:1: E112 not CGN: a Board Game Arena log\n\
         checked 1 game in 1 file: 0 valid, 1 invalid\n"
    );
    snap!(
        "edges_check_bga_log",
        block(&run(&["check", "tests/data/bga/366166200.json"], ""))
    );
}

#[test]
fn check_on_each_import_format_names_its_import() {
    let cases = [
        ("tests/data/bga/368679629.json", "carcref import bga FILE"),
        (
            "tests/data/lab/bga-logs-repacked.csv",
            "carcref import lab FILE",
        ),
        (
            "tests/data/kifu/hig2012-two-players.json",
            "carcref import kifu FILE",
        ),
        (
            "tests/data/jcz/hig2012-two-players.jcz",
            "carcref import jcz FILE",
        ),
        (
            "tests/data/jcz/scenario-discard.jcz",
            "carcref import jcz FILE",
        ),
    ];
    for (file, command) in cases {
        let (code, out, _) = run(&["check", "--format", "json", file], "");
        assert_eq!(code, 1, "{file}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{file}: {out}");
        let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(v["code"], "E112", "{file}");
        assert!(v["help"].as_str().unwrap().contains(command), "{file}: {v}");
    }
}

#[test]
fn check_reads_another_programs_record_from_standard_input() {
    let log = common::data("bga/370417702.json");
    let (code, out, _) = run(&["check", "--format", "short", "-"], &log);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "-:1:1: E112 not CGN: a Board Game Arena log\n\
         checked 1 game in 1 file: 0 valid, 1 invalid\n"
    );
    // On one line, a log is a single CGN comment and no game: still one fault.
    let one_line: serde_json::Value = serde_json::from_str(&log).unwrap();
    let (code, out, _) = run(&["check", "--format", "short", "-"], &one_line.to_string());
    assert_eq!(code, 1);
    assert!(
        out.starts_with("-:1:1: E112 not CGN: a Board Game Arena log\n"),
        "{out}"
    );
    // And a replay URL alone.
    let url = "https://www.carcassonnelab.com/#/0/0/AAAA/1111?players=Ann,Bob\n";
    let (code, out, _) = run(&["check", "--format", "short", "-"], url);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("-:1:1: E112 not CGN: a Carcassonne Lab replay URL\n"),
        "{out}"
    );
}

#[test]
fn no_cgn_record_is_taken_for_another_format() {
    let mut seen = 0;
    for dir in [
        "notation/examples",
        "notation/games/valid",
        "notation/games/invalid",
    ] {
        for path in common::cgn_files(root().join(dir)) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with("e112-") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            assert_eq!(carcref::sniff::foreign(&text), None, "{name}");
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen} records");
    // Nor is the command line's answer on the examples changed.
    let (code, out, _) = run(&["check", "--format", "short", "notation/examples"], "");
    assert_eq!(code, 0, "{out}");
}

// ---------------------------------------------------------------------------
// fmt --check --diff
// ---------------------------------------------------------------------------

/// A record written otherwise than `fmt` writes it: spaces in a tag and a
/// turn, a missing blank line, two blank lines between games, no line feed at
/// the end.
const NOT_CANONICAL: &str = "[Players \"Ann (red), Bob (blue)\"]\n[Rules   \"HiG-2012\"]\n[Termination \"interrupted\"]\n1.  Ann U 1,0 r0\n\n\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Termination \"interrupted\"]\n\n1. Ann U 1,0 r0 +E\n2. Bob E 0,1 r180";

/// A unified diff applied to a text, each context and removed line checked.
fn apply_diff(text: &str, diff: &str) -> String {
    let old: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::new();
    let mut at = 0usize;
    let mut lines = diff.lines().peekable();
    assert!(lines.next().unwrap().starts_with("--- "));
    assert!(lines.next().unwrap().starts_with("+++ "));
    while let Some(header) = lines.next() {
        let ranges = header.strip_prefix("@@ -").unwrap();
        let (old_range, _) = ranges.split_once(' ').unwrap();
        let (start, len) = old_range.split_once(',').unwrap();
        let (start, len): (usize, usize) = (start.parse().unwrap(), len.parse().unwrap());
        let first = if len == 0 { start } else { start - 1 };
        for l in &old[at..first] {
            out.push_str(l);
        }
        at = first;
        while let Some(line) = lines.next_if(|l| !l.starts_with("@@")) {
            let no_newline = lines.next_if(|l| l.starts_with('\\')).is_some();
            let (sign, body) = line.split_at(1);
            let body = if no_newline {
                body.to_string()
            } else {
                format!("{body}\n")
            };
            match sign {
                " " | "-" => {
                    assert_eq!(old[at], body, "line {}", at + 1);
                    at += 1;
                    if sign == " " {
                        out.push_str(&body);
                    }
                }
                "+" => out.push_str(&body),
                _ => panic!("{line:?}"),
            }
        }
    }
    for l in &old[at..] {
        out.push_str(l);
    }
    out
}

#[test]
fn fmt_check_diff_shows_what_would_change() {
    let got = run(&["fmt", "--check", "--diff", "-"], NOT_CANONICAL);
    assert_eq!(got.0, 1);
    snap!("edges_fmt_check_diff", block(&got));
    // The diff turns the record into what `fmt` writes.
    let (code, canonical, _) = run(&["fmt", "-"], NOT_CANONICAL);
    assert_eq!(code, 0);
    assert_eq!(apply_diff(NOT_CANONICAL, &got.1), canonical);
    // A canonical record has no diff.
    assert_eq!(
        run(&["fmt", "--check", "--diff", "-"], &canonical),
        (0, String::new(), String::new())
    );
}

#[test]
fn fmt_diff_writes_nothing_and_names_each_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("edges-fmt-diff");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A byte order mark, which `fmt` removes, and a file already canonical.
    let marked = format!("\u{feff}{NOT_CANONICAL}");
    std::fs::write(dir.join("a.cgn"), &marked).unwrap();
    std::fs::copy(root().join("tests/data/ok.cgn"), dir.join("b.cgn")).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["fmt", "--diff", "."], b"");
    assert_eq!((code, err.as_str()), (1, ""));
    assert!(
        out.starts_with("--- ./a.cgn\t(as written)\n+++ ./a.cgn\t(canonical)\n"),
        "{out}"
    );
    assert!(!out.contains("b.cgn"), "{out}");
    assert!(out.contains("-\u{feff}[Players"), "{out}");
    assert_eq!(std::fs::read_to_string(dir.join("a.cgn")).unwrap(), marked);
    let (_, canonical, _) = run(&["fmt", "-"], NOT_CANONICAL);
    assert_eq!(apply_diff(&marked, &out), canonical);
}

// ---------------------------------------------------------------------------
// show --highlight on the terminal
// ---------------------------------------------------------------------------

#[test]
fn show_highlight_marks_the_feature_on_the_terminal() {
    let plain = run(&["show", "tests/data/ok.cgn"], "");
    let road = run(&["show", "--highlight", "0,0 E", "tests/data/ok.cgn"], "");
    assert_eq!((plain.0, road.0), (0, 0));
    snap!("edges_show_highlight_road", block(&road));
    // The road's cells, and only they, are drawn heavy; the thief keeps its
    // marker.
    let row = |text: &str, label: &str| {
        text.lines()
            .find(|l| l.starts_with(label))
            .unwrap()
            .to_string()
    };
    assert_eq!(row(&plain.1, "0 "), "0 ─────────────B─");
    assert_eq!(row(&road.1, "0 "), "0 ━━━━━━━━━━━━━B━");
    assert!(!road.1.contains('█'));
    assert!(road.1.contains("highlighted: the road at 0,0 E (3 tiles)"));
    // The city closed on turn 1: its cells on both tiles, not the road.
    let city = run(&["show", "--highlight", "0,1 S", "tests/data/ok.cgn"], "");
    assert_eq!(city.1.matches('█').count(), 6 + 1, "{}", city.1);
    assert!(city.1.contains("─────────────B─"));
    assert!(city.1.contains("highlighted: the city at 0,1 S (2 tiles)"));
    // With colour, the parts are orange as well.
    let coloured = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args([
            "--color",
            "always",
            "show",
            "--highlight",
            "0,0 E",
            "tests/data/ok.cgn",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    let coloured = String::from_utf8(coloured.stdout).unwrap();
    assert!(coloured.contains("\x1b[1;38;5;208m━━━"), "{coloured:?}");
}

#[test]
fn show_highlight_rejects_what_is_not_on_the_board() {
    let empty = run(&["show", "--highlight", "5,5 N", "tests/data/ok.cgn"], "");
    assert_eq!(
        empty,
        (
            2,
            String::new(),
            "error: --highlight \"5,5 N\": there is no tile at 5,5 after turn 3\n".to_string()
        )
    );
    let lacking = run(&["show", "--highlight", "1,0 N", "tests/data/ok.cgn"], "");
    snap!("edges_show_highlight_no_such_spot", block(&lacking));
    assert_eq!(lacking.0, 2);
    assert!(
        lacking.2.ends_with("did you mean `NNW`?\n"),
        "{}",
        lacking.2
    );
    // The SVG picture refuses it too, and writes nothing.
    let svg = run(
        &[
            "show",
            "--svg",
            "-",
            "--highlight",
            "1,0 N",
            "tests/data/ok.cgn",
        ],
        "",
    );
    assert_eq!((svg.0, svg.1.as_str()), (2, ""));
    // A spot name written wrong is a usage error with the nearest name.
    let named = run(&["show", "--highlight", "0,0 nw", "tests/data/ok.cgn"], "");
    assert_eq!(named.0, 2);
    assert!(named.2.contains("did you mean `NNW`?"), "{}", named.2);
}

// ---------------------------------------------------------------------------
// The SVG legend
// ---------------------------------------------------------------------------

/// The kinds of figure and token a picture draws on its board (by the class of
/// each drawn element, goods by kind), and those its legend lists, in order.
fn drawn_and_listed(svg: &str) -> (std::collections::BTreeSet<String>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let board = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("board"))
        .unwrap();
    let kinds = [
        "follower",
        "big-follower",
        "builder",
        "pig",
        "inn",
        "cathedral",
    ];
    let mut drawn = std::collections::BTreeSet::new();
    for n in board.descendants() {
        match n.attribute("class") {
            Some("goods") => {
                drawn.insert(n.attribute("data-goods").unwrap().to_string());
            }
            Some(c) if kinds.contains(&c) => {
                drawn.insert(c.to_string());
            }
            _ => {}
        }
    }
    let listed = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("legend-item"))
        .map(|n| n.attribute("data-item").unwrap().to_string())
        .collect();
    (drawn, listed)
}

fn picture(record: &str, turn: Option<&str>) -> String {
    let mut args = vec!["show", "--svg", "-", record];
    if let Some(t) = turn {
        args.extend(["--turn", t]);
    }
    let (code, svg, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    svg
}

/// The fixed order of the legend.
const ORDER: [&str; 9] = [
    "follower",
    "big-follower",
    "builder",
    "pig",
    "inn",
    "cathedral",
    "wine",
    "grain",
    "cloth",
];

fn in_order(listed: &[String]) -> Vec<String> {
    ORDER
        .iter()
        .filter(|k| listed.iter().any(|l| l == *k))
        .map(|k| k.to_string())
        .collect()
}

#[test]
fn svg_legend_lists_every_figure_and_token_drawn() {
    // Traders & Builders with Inns & Cathedrals, after turn 60: every kind.
    let svg = picture("notation/examples/hig2012-three-expansions.cgn", Some("60"));
    let (drawn, listed) = drawn_and_listed(&svg);
    assert_eq!(listed, ORDER.map(str::to_string).to_vec());
    assert_eq!(drawn, listed.iter().cloned().collect());
    // The legend's text names each.
    for word in [
        "large follower",
        "builder",
        "pig",
        "inn",
        "cathedral",
        "wine",
        "grain",
        "cloth",
    ] {
        assert!(svg.contains(&format!(">{word}</text>")), "{word}");
    }
    // Earlier in the same game, and in games of one expansion: only what is
    // drawn, in the same order.
    for (record, turn) in [
        ("notation/examples/hig2012-three-expansions.cgn", Some("20")),
        ("notation/examples/hig2012-inns-and-cathedrals.cgn", None),
        ("notation/examples/hig2012-traders-and-builders.cgn", None),
        (
            "notation/examples/rgg2000-traders-and-builders.cgn",
            Some("30"),
        ),
    ] {
        let (drawn, listed) = drawn_and_listed(&picture(record, turn));
        assert_eq!(
            listed
                .iter()
                .cloned()
                .collect::<std::collections::BTreeSet<_>>(),
            drawn,
            "{record} {turn:?}"
        );
        assert_eq!(listed, in_order(&listed), "{record} {turn:?}");
    }
}

#[test]
fn svg_legend_of_the_basic_game_keys_the_follower_alone() {
    let (drawn, listed) = drawn_and_listed(&picture("tests/data/ok.cgn", None));
    assert_eq!(listed, ["follower"]);
    assert_eq!(drawn.into_iter().collect::<Vec<_>>(), ["follower"]);
    // With no figure on the board, no second line.
    let (drawn, listed) = drawn_and_listed(&picture("tests/data/ok.cgn", Some("0")));
    assert!(drawn.is_empty() && listed.is_empty());
}
