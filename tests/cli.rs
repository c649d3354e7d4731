//! End-to-end tests of the binary: exit code, stdout and stderr in one snapshot.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: Option<&str>) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().unwrap();
    format!(
        "exit_code: {}\n----- stdout -----\n{}----- stderr -----\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The standard output part of what [`run`] returns.
fn stdout_of(output: &str) -> &str {
    output
        .split("----- stdout -----\n")
        .nth(1)
        .unwrap()
        .split("----- stderr -----")
        .next()
        .unwrap()
}

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

#[test]
fn check_valid_file() {
    snap!(
        "cli_check_valid",
        run(&["check", "tests/data/ok.cgn"], None)
    );
}

#[test]
fn check_invalid_file() {
    snap!(
        "cli_check_invalid",
        run(&["check", "--color", "never", "tests/data/bad.cgn"], None)
    );
}

#[test]
fn check_two_files() {
    snap!(
        "cli_check_two_files",
        run(
            &[
                "check",
                "--format",
                "short",
                "tests/data/ok.cgn",
                "tests/data/bad.cgn"
            ],
            None
        )
    );
}

#[test]
fn check_stdin() {
    let src =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ok.cgn")).unwrap();
    snap!("cli_check_stdin", run(&["check", "-"], Some(&src)));
}

#[test]
fn check_json_and_github_formats() {
    snap!(
        "cli_check_json",
        run(&["check", "--format", "json", "tests/data/bad.cgn"], None)
    );
    snap!(
        "cli_check_github",
        run(&["check", "--format", "github", "tests/data/bad.cgn"], None)
    );
}

#[test]
fn bad_flag_is_a_usage_error() {
    snap!(
        "cli_bad_flag",
        run(&["check", "--frobnicate", "tests/data/ok.cgn"], None)
    );
}

#[test]
fn missing_file_is_an_io_error() {
    snap!(
        "cli_missing_file",
        run(&["check", "tests/data/no-such-file.cgn"], None)
    );
}

#[test]
fn explain_a_code() {
    snap!("cli_explain_e301", run(&["explain", "E301"], None));
}

#[test]
fn explain_an_import_code() {
    snap!("cli_explain_i101", run(&["explain", "I101"], None));
    snap!("cli_explain_i205", run(&["explain", "i205"], None));
    snap!("cli_explain_i306", run(&["explain", "I306"], None));
}

#[test]
fn explain_an_unknown_code_lists_every_code() {
    snap!("cli_explain_unknown", run(&["explain", "I999"], None));
}

#[test]
fn score_formats() {
    snap!(
        "cli_score_human",
        run(&["score", "tests/data/ok.cgn"], None)
    );
    snap!(
        "cli_score_json",
        run(&["score", "--format", "json", "tests/data/ok.cgn"], None)
    );
    snap!(
        "cli_score_rio_grande",
        run(&["score", "--rules", "RGG-2000", "tests/data/ok.cgn"], None)
    );
}

#[test]
fn tiles_picture() {
    snap!("cli_tiles_v", run(&["tiles", "V"], None));
}

#[test]
fn generated_games_check() {
    let games = run(&["gen", "--seed", "7", "--games", "200"], None);
    let cgn = stdout_of(&games);
    let again = run(&["gen", "--seed", "7", "--games", "200"], None);
    assert_eq!(games, again, "same seed, same bytes");
    let checked = run(&["check", "-"], Some(cgn));
    assert!(checked.starts_with("exit_code: 0"), "{checked}");
    assert!(
        checked.contains("checked 200 games in 1 file: 200 valid, 0 invalid"),
        "{checked}"
    );
}

/// The acceptance command of the expansions, scaled down:
/// `carcref gen --expansions river,inns-and-cathedrals,traders-and-builders | carcref check -`
/// exits 0 under both editions.
#[test]
fn generated_games_with_the_expansions_check() {
    for rules in ["HiG-2012", "RGG-2000"] {
        let games = run(
            &[
                "gen",
                "--seed",
                "9",
                "--games",
                "100",
                "--rules",
                rules,
                "--players",
                "3",
                "--expansions",
                "river,inns-and-cathedrals,traders-and-builders",
            ],
            None,
        );
        assert!(games.starts_with("exit_code: 0"), "{games}");
        let cgn = stdout_of(&games);
        assert!(cgn.contains("[Expansions \"river, inns-and-cathedrals, traders-and-builders\"]"));
        let checked = run(&["check", "-"], Some(cgn));
        assert!(checked.starts_with("exit_code: 0"), "{rules}: {checked}");
        assert!(
            checked.contains("checked 100 games in 1 file: 100 valid, 0 invalid"),
            "{checked}"
        );
    }
    let bad = run(&["gen", "--expansions", "king-and-robber"], None);
    assert!(bad.starts_with("exit_code: 2"), "{bad}");
}

/// `carcref gen --expansions tower | carcref check -` exits 0, and the games
/// are in canonical form, tagged `[CGN "2"]` as `carcref fmt` would tag them.
#[test]
fn generated_tower_games_check_and_are_canonical() {
    let games = run(
        &[
            "gen",
            "--seed",
            "4",
            "--games",
            "40",
            "--players",
            "3",
            "--expansions",
            "tower",
        ],
        None,
    );
    assert!(games.starts_with("exit_code: 0"), "{games}");
    let cgn = stdout_of(&games);
    assert_eq!(cgn.matches("[CGN \"2\"]").count(), 40, "{cgn}");
    for action in ["+tower:", "capture:", "ransom:", "/T "] {
        assert!(cgn.contains(action), "no {action} in the sample");
    }
    let checked = run(&["check", "-"], Some(cgn));
    assert!(
        checked.contains("checked 40 games in 1 file: 40 valid, 0 invalid"),
        "{checked}"
    );
    let formatted = run(&["fmt", "--check", "-"], Some(cgn));
    assert!(formatted.starts_with("exit_code: 0"), "{formatted}");
}

/// `carcref gen --expansions princess-and-dragon | carcref check -` exits 0:
/// tiles set aside, journeys, the fairy, the portal and the princess all
/// written, and the games in canonical form.
#[test]
fn generated_dragon_games_check_and_are_canonical() {
    let games = run(
        &[
            "gen",
            "--seed",
            "6",
            "--games",
            "30",
            "--players",
            "3",
            "--rules",
            "RGG-2000",
            "--expansions",
            "princess-and-dragon",
        ],
        None,
    );
    assert!(games.starts_with("exit_code: 0"), "{games}");
    let cgn = stdout_of(&games);
    assert_eq!(cgn.matches("[CGN \"2\"]").count(), 30, "{cgn}");
    for action in [" aside", "dragon:", "+fairy:", "princess:"] {
        assert!(cgn.contains(action), "no {action} in the sample");
    }
    let checked = run(&["check", "-"], Some(cgn));
    assert!(
        checked.contains("checked 30 games in 1 file: 30 valid, 0 invalid"),
        "{checked}"
    );
    let formatted = run(&["fmt", "--check", "-"], Some(cgn));
    assert!(formatted.starts_with("exit_code: 0"), "{formatted}");
    // The help and the error name the expansion.
    let help = run(&["gen", "--help"], None);
    assert!(help.contains("mage-and-witch,"), "{help}");
    assert!(help.contains("ferries, robbers, messengers)"), "{help}");
    let bad = run(&["gen", "--expansions", "dragons"], None);
    assert!(bad.starts_with("exit_code: 2"), "{bad}");
    assert!(
        bad.contains("mage-and-witch, ferries, robbers, messengers)"),
        "{bad}"
    );
}

/// A record with one tile id changed past the opening exits 1 with a coded
/// diagnostic on that very line.
#[test]
fn changed_tile_id_is_caught_on_its_line() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/examples/hig2012-two-players.cgn"
    );
    let src = std::fs::read_to_string(path).unwrap();
    let (index, line) = src
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("30. "))
        .unwrap();
    let mut words: Vec<&str> = line.split(' ').collect();
    let replacement = if words[2] == "C" { "X" } else { "C" };
    words[2] = replacement;
    let changed_line = words.join(" ");
    let changed = src.replacen(line, &changed_line, 1);
    let out = run(&["check", "--format", "short", "-"], Some(&changed));
    assert!(out.starts_with("exit_code: 1"), "{out}");
    let expected_prefix = format!("-:{}:", index + 1);
    let first = out.lines().find(|l| l.starts_with("-:")).unwrap();
    assert!(
        first.starts_with(&expected_prefix),
        "{first} should point at line {}",
        index + 1
    );
    assert!(first.contains(" E3") || first.contains(" E4"), "{first}");
}

#[test]
fn fmt_check_and_stdin() {
    snap!(
        "cli_fmt_check_canonical",
        run(
            &["fmt", "--check", "tests/data/ok.cgn", "tests/data/bad.cgn"],
            None
        )
    );
    snap!(
        "cli_fmt_stdin",
        run(
            &["fmt", "-"],
            Some(
                "[Rules \"HiG-2012\"]\n[Players \"Ann, Bob\"]\n\n1.   Ann U 1,0 r0 +W   {  spaces }\n"
            )
        )
    );
}

/// `fmt` is idempotent and `fmt --check` agrees with it, on texts of many
/// games with comment lines everywhere (before a later game's tags among them:
/// they stay with that game), blank lines, carriage returns and byte order
/// marks. The spot of the second turn is written by its canonical name (SPEC 5).
#[test]
fn fmt_is_idempotent_and_check_agrees() {
    const PIECES: &[&str] = &[
        "[P \"1\"]",
        "[Q \"2\"]",
        "[Players \"A, B\"]",
        "1. A U 1,0 r0",
        "2. B U 2,0 r0 +W",
        "; c",
        "{ d }",
        "",
        " ",
        "\t; e",
        "{ f } ",
        ";",
        "[R \"x\"] ; t",
        "1. A U 1,0 r0 { g }",
    ];
    let mut state: u64 = 0x5eed_f00d;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as usize % n
    };
    let mut formatted = 0;
    for _ in 0..150 {
        let lines: Vec<&str> = (0..1 + next(10))
            .map(|_| PIECES[next(PIECES.len())])
            .collect();
        let end = if next(3) == 0 { "\r\n" } else { "\n" };
        let mut text = lines.join(end) + end;
        if next(5) == 0 {
            text.insert(0, '\u{feff}');
        }
        let once = run(&["fmt", "-"], Some(&text));
        if !once.starts_with("exit_code: 0") {
            continue;
        }
        formatted += 1;
        let once = stdout_of(&once).to_string();
        let twice = run(&["fmt", "-"], Some(&once));
        assert_eq!(stdout_of(&twice), once, "{text:?}");
        assert!(run(&["fmt", "--check", "-"], Some(&once)).starts_with("exit_code: 0"));
        let checked = run(&["fmt", "--check", "-"], Some(&text));
        assert_eq!(
            checked.starts_with("exit_code: 0"),
            once == text,
            "{text:?}: {checked}"
        );
        assert!(!once.contains("+W"), "{once}");
    }
    assert!(formatted > 50, "{formatted}");
    // The case found by hand: a comment before the second game's tags, which
    // move, stays with the second game.
    let text = "1. A U 1,0 r0\n[P \"1\"]\n; c\n[Players \"A, B\"]\n";
    let once = run(&["fmt", "-"], Some(text));
    assert_eq!(
        stdout_of(&once),
        "\n1. A U 1,0 r0\n\n; c\n[Players \"A, B\"]\n[P \"1\"]\n\n"
    );
}

/// Board Game Arena logs import and check, with the platform's totals.
#[test]
fn import_bga_then_check_and_score() {
    let platform = [
        ("366166200", "{\"KokiYamaguchi\":96,\"Kithara\":70}"),
        ("368679629", "{\"KokiYamaguchi\":94,\"Kithara\":91}"),
        ("370417702", "{\"Kithara\":108,\"KokiYamaguchi\":91}"),
    ];
    for (table, totals) in platform {
        // The logs shipped with the tests; `run` starts in the project folder.
        let path = format!("tests/data/bga/{table}.json");
        let imported = run(&["import", "bga", &path], None);
        assert!(imported.starts_with("exit_code: 0"), "{imported}");
        let cgn = stdout_of(&imported);
        let checked = run(&["check", "-"], Some(cgn));
        assert!(checked.starts_with("exit_code: 0"), "{checked}");
        let scored = run(&["score", "--format", "json", "-"], Some(cgn));
        assert!(
            scored.contains(&format!("\"totals\":{totals}")),
            "{table}: {scored}"
        );
    }
}

#[test]
fn import_reports_malformed_input() {
    snap!(
        "cli_import_bga_truncated",
        run(
            &["import", "bga", "-"],
            Some("{\"status\": 1, \"data\": {\"data\": [")
        )
    );
    snap!(
        "cli_import_lab_bad_url",
        run(
            &[
                "import",
                "lab",
                "https://www.carcassonnelab.com/#/0/0/%%%/xyz"
            ],
            None
        )
    );
}

#[test]
fn moves_lists_placements_and_spots() {
    snap!(
        "cli_moves_opening",
        run(&["moves", "--turn", "1", "tests/data/ok.cgn"], None)
    );
    snap!(
        "cli_moves_example_turn_30",
        run(
            &[
                "moves",
                "--turn",
                "30",
                "notation/examples/hig2012-two-players.cgn"
            ],
            None
        )
    );
    snap!(
        "cli_moves_no_such_turn",
        run(&["moves", "--turn", "99", "tests/data/ok.cgn"], None)
    );
}

/// A record with a line not read (E110) whose game still replays: the moves
/// are listed, the fault printed, and the exit status says the record is
/// faulty, as `show` and `check` do.
#[test]
fn moves_of_a_record_with_a_line_not_read_exit_1() {
    let fixture = "notation/games/invalid/e110-long-event-line-game-replayed.cgn";
    let listed = run(&["moves", "--turn", "1", fixture], None);
    assert!(listed.starts_with("exit_code: 1\n"), "{listed}");
    assert!(listed.contains("legal placements"), "{listed}");
    assert!(listed.contains("E110"), "{listed}");
    let shown = run(&["show", "--turn", "1", fixture], None);
    assert!(shown.starts_with("exit_code: 1\n"), "{shown}");
}

/// The placement an illegal-discard diagnostic names is one `moves` lists.
#[test]
fn illegal_discard_names_a_placement_moves_lists() {
    let fixture = "notation/games/invalid/e305-discard-of-fitting-tile.cgn";
    let checked = run(&["check", "--format", "json", fixture], None);
    let line = checked.lines().find(|l| l.contains("\"E305\"")).unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let help = v["help"].as_str().unwrap();
    let placement = help.rsplit("it fits at ").next().unwrap().trim();
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/games/invalid/e305-discard-of-fitting-tile.cgn"
    ))
    .unwrap();
    let turn = src
        .lines()
        .find(|l| l.contains(" discard") && !l.starts_with(';'))
        .unwrap()
        .split('.')
        .next()
        .unwrap()
        .to_string();
    let listed = run(&["moves", "--turn", &turn, fixture], None);
    assert!(
        listed
            .lines()
            .any(|l| l.trim_start().starts_with(&format!("{placement} "))),
        "{placement} not in\n{listed}"
    );
}

#[test]
fn show_terminal_and_svg() {
    snap!(
        "cli_show_city_shared",
        run(
            &[
                "show",
                "notation/games/valid/hig2012-city-shared.cgn",
                "--turn",
                "4"
            ],
            None
        )
    );
    let svg = std::env::temp_dir().join(format!("carcref-show-{}.svg", std::process::id()));
    let out = run(
        &[
            "show",
            "--turn",
            "30",
            "--svg",
            svg.to_str().unwrap(),
            "--highlight",
            "0,0 N",
            "notation/examples/hig2012-two-players.cgn",
        ],
        None,
    );
    assert!(out.starts_with("exit_code: 0"), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let tiles = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("tile"))
        .count();
    // The start tile and turns 1 to 30 (no discards in this game).
    assert_eq!(tiles, 31);
    assert!(text.contains("data-highlight=\"true\""));
    snap!(
        "cli_show_bad_highlight",
        run(&["show", "--highlight", "north", "tests/data/ok.cgn"], None)
    );
}

#[test]
fn score_and_show_a_record_with_an_illegal_turn() {
    // Turn 42 of an example game does not fit: the sheet runs to turn 41,
    // labelled, without the final scoring unless asked.
    let file = "tests/data/illegal-turn-42.cgn";
    let human = run(&["score", file], None);
    assert!(human.starts_with("exit_code: 1"), "{human}");
    let sheet = stdout_of(&human);
    assert!(
        sheet.starts_with(
            "Game 1 — rules HiG-2012 — invalid: position after turn 41; \
             turn 42 is illegal: E301 tile does not fit\n"
        ),
        "{sheet}"
    );
    assert!(sheet.contains("\n   41  Ann "), "{sheet}");
    assert!(!sheet.contains("\n   42  "), "{sheet}");
    snap!("cli_score_illegal_turn", sheet);
    // The final scoring of that position, when asked.
    let adjudicated = stdout_of(&run(&["score", "--final", file], None)).to_string();
    assert!(adjudicated.contains("final scoring\n"), "{adjudicated}");
    assert!(
        adjudicated.ends_with(
            "total             7    13    15    20\n\
             space             7    13    15    20   \
             each marker's space on the scoreboard (its points modulo 50)\n\
             winner Dan\n"
        ),
        "{adjudicated}"
    );
    // JSON: the game, its status, its faults and the position's scores.
    let json = run(&["score", "--format", "json", file], None);
    let v: serde_json::Value = serde_json::from_str(stdout_of(&json).trim()).unwrap();
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["position_after"], 41);
    assert_eq!(v["stopped_at"], 42);
    assert_eq!(v["final_scoring"], false);
    assert_eq!(
        v["totals"],
        serde_json::json!({"Ann": 0, "Bob": 0, "Cat": 8, "Dan": 2})
    );
    assert_eq!(v["faults"][0]["code"], "E301");
    assert_eq!(v["faults"][0]["line"], 51);
    assert_eq!(v["faults"][1]["code"], "W101");
    // `show` draws the same position, labelled.
    let shown = run(&["show", file], None);
    assert!(shown.starts_with("exit_code: 1"), "{shown}");
    let board = stdout_of(&shown);
    assert!(
        board.starts_with("position after turn 41; turn 42 is illegal: E301 tile does not fit\n"),
        "{board}"
    );
    let legal = run(&["show", "--turn", "41", file], None);
    assert!(legal.starts_with("exit_code: 0"), "{legal}");
    assert_eq!(
        board.split_once('\n').unwrap().1,
        stdout_of(&legal),
        "the board after turn 41"
    );
}

#[test]
fn score_of_a_record_with_a_syntax_error_lists_the_game() {
    let file = "notation/games/invalid/e102-junk-after-turn.cgn";
    let json = run(&["score", "--format", "json", file], None);
    assert!(json.starts_with("exit_code: 1"), "{json}");
    let v: serde_json::Value = serde_json::from_str(stdout_of(&json).trim()).unwrap();
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["faults"][0]["code"], "E102");
    assert!(
        v.get("totals").is_none() && v.get("position_after").is_none(),
        "{v}"
    );
    let human = run(&["score", file], None);
    assert!(
        stdout_of(&human).starts_with("Game 1 — not replayed: E102 malformed turn (line 8)\n"),
        "{human}"
    );
}

#[test]
fn score_after_a_turn_is_the_record_cut_there_and_adjudicated() {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/examples/hig2012-two-players.cgn"
    ))
    .unwrap();
    let at_40 = run(
        &["score", "--turn", "40", "--format", "json", "-"],
        Some(&src),
    );
    assert!(at_40.starts_with("exit_code: 0"), "{at_40}");
    // The same record, its turns after 40 left out, adjudicated; its Result
    // tag (the whole game's) left out too.
    let cut: String = src
        .lines()
        .filter(|l| !l.starts_with("[Result "))
        .filter(|l| {
            l.split_once(". ")
                .and_then(|(n, _)| n.parse::<u32>().ok())
                .is_none_or(|n| n <= 40)
        })
        .map(|l| {
            if l.starts_with("[Termination ") {
                "[Termination \"adjudicated\"]\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert!(cut.contains("\n40. ") && !cut.contains("\n41. "), "{cut}");
    let adjudicated = run(&["score", "--format", "json", "-"], Some(&cut));
    assert!(adjudicated.starts_with("exit_code: 0"), "{adjudicated}");
    assert_eq!(stdout_of(&at_40), stdout_of(&adjudicated));
    let v: serde_json::Value = serde_json::from_str(stdout_of(&at_40).trim()).unwrap();
    assert_eq!(v["position_after"], 40);
    assert_eq!(v["final_scoring"], true);
    // A turn the record does not have is a usage error.
    let none = run(&["score", "--turn", "99", "-"], Some(&src));
    assert!(none.starts_with("exit_code: 2"), "{none}");
}

#[test]
fn compare_editions_says_when_the_winner_changes() {
    // Ann's two-tile city: 4 under HiG-2012, 2 under RGG-2000; Bob's road 3.
    let out = run(&["score", "--compare-editions", "tests/data/ok.cgn"], None);
    snap!("cli_score_compare_editions", out.as_str());
    assert!(
        stdout_of(&out).contains("the winner changes: Ann under HiG-2012, Bob under RGG-2000\n"),
        "{out}"
    );
    // A record's variants are dropped: each edition by its text.
    let ok =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ok.cgn")).unwrap();
    let with_variant = ok.replacen("[Rules", "[Variants \"tiny-city-2\"]\n[Rules", 1);
    assert!(with_variant.contains("tiny-city-2"));
    let out = run(&["score", "--compare-editions", "-"], Some(&with_variant));
    let text = stdout_of(&out);
    assert!(
        text.contains("the record's variants are dropped: tiny-city-2\n"),
        "{out}"
    );
    assert!(text.contains("the winner changes"), "{out}");
    // JSON says so too.
    let json = run(
        &[
            "score",
            "--compare-editions",
            "--format",
            "json",
            "tests/data/ok.cgn",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(stdout_of(&json).trim()).unwrap();
    assert_eq!(v["winner_changes"], true);
    assert_eq!(v["editions"][0]["winners"], serde_json::json!(["Ann"]));
    assert_eq!(v["editions"][1]["winners"], serde_json::json!(["Bob"]));
}

#[test]
fn score_several_files_and_one_game() {
    let out = run(
        &[
            "score",
            "--format",
            "json",
            "tests/data/ok.cgn",
            "tests/data/bad.cgn",
        ],
        None,
    );
    let files: Vec<String> = stdout_of(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
        .collect();
    assert_eq!(files, ["\"tests/data/ok.cgn\"", "\"tests/data/bad.cgn\""]);
    let none = run(&["score", "--game", "2", "tests/data/ok.cgn"], None);
    assert!(none.starts_with("exit_code: 2"), "{none}");
    assert!(none.contains("there is no game 2"), "{none}");
}

/// The shell completions and the manual page are made from the command line's
/// definitions: any change to a command, an option or its help shows here.
#[test]
fn completions_and_manual_page() {
    for (shell, name) in [
        ("bash", "cli_completions_bash"),
        ("zsh", "cli_completions_zsh"),
        ("fish", "cli_completions_fish"),
    ] {
        let out = run(&["completions", shell], None);
        assert!(
            out.contains("fix") && out.contains("compare-editions"),
            "{shell}"
        );
        snap!(name, out);
    }
    let man = run(&["man"], None);
    assert!(man.contains(".TH carcref 1"), "{man}");
    snap!("cli_man", man);
}

/// Runs the binary with environment variables, colour left to them: its exit
/// code, standard output and standard error.
fn run_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_carcref"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_honours_the_colour_choice() {
    let coloured = |s: &str| s.contains('\u{1b}');
    // A record with a syntax error, which fmt reports.
    let syntax = std::env::temp_dir().join(format!("carcref-colour-{}.cgn", std::process::id()));
    std::fs::write(
        &syntax,
        "[Players \"A, B\"]\n[Rules \"HiG-2012\"]\n\n1. A E 0,1 r45\n",
    )
    .unwrap();
    let syntax_path = syntax.to_str().unwrap();
    // The faults of a faulty record, reported by check, score, fmt and show.
    for command in [
        &["check", "tests/data/bad.cgn"][..],
        &["score", "tests/data/bad.cgn"],
        &["fmt", "--check", syntax_path],
        &["show", "tests/data/bad.cgn"],
    ] {
        let with = |color: &str| {
            let mut args = vec!["--color", color];
            args.extend_from_slice(command);
            run_env(&args, &[])
        };
        let (_, out, err) = with("always");
        assert!(
            coloured(&err) || coloured(&out),
            "{command:?} always:\n{err}"
        );
        let (_, out, err) = with("never");
        assert!(
            !coloured(&err) && !coloured(&out),
            "{command:?} never:\n{err}"
        );
        // Auto, to a pipe: plain unless forced.
        let (_, out, err) = run_env(command, &[]);
        assert!(!coloured(&err) && !coloured(&out), "{command:?} auto");
        for force in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
            let (_, out, err) = run_env(command, &[(force, "1")]);
            assert!(coloured(&err) || coloured(&out), "{command:?} {force}");
            let (_, out, err) = run_env(command, &[(force, "1"), ("NO_COLOR", "1")]);
            assert!(
                !coloured(&err) && !coloured(&out),
                "{command:?} {force} NO_COLOR"
            );
        }
    }
    std::fs::remove_file(&syntax).unwrap();
}

#[test]
fn quiet_prints_faults_only() {
    let (code, out, err) = run_env(&["check", "--quiet", "notation/examples"], &[]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    let (code, out, err) = run_env(&["-q", "check", "tests/data/bad.cgn"], &[]);
    assert_eq!(code, 1);
    assert!(!out.contains("checked"), "{out}");
    assert!(err.contains("E30"), "{err}");
}

#[test]
fn show_svg_to_standard_output() {
    let dir = std::env::temp_dir().join(format!("carcref-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("notation/examples/hig2012-two-players.cgn");
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["show", "--svg", "-", example.to_str().unwrap()])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    // No file named `-` is made.
    assert!(!dir.join("-").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `moves` in a game with The Tower: the placements (with the piece on the
/// tile placed where it has a tower place), then the pieces on the board's
/// towers with the prisoners each may take, the closing followers and the
/// ransoms.
#[test]
fn moves_with_the_tower() {
    let file = "notation/games/valid/tower-prisoner-and-ransom.cgn";
    let turn5 = run(&["moves", file, "--turn", "5"], None);
    assert!(turn5.contains("ransom:follower(Bob)   buys back a follower from Bob for 3 points"));
    snap!("cli_moves_tower_turn_5", turn5);
    let turn6 = run(&["moves", file, "--turn", "6"], None);
    assert!(
        turn6.contains("+tower:T               height 1; may take: capture:2,0/E (Ann's follower)")
    );
}

/// `moves` in a game with The Flying Machines: for each placement of a
/// flying machine, each face of the die with the square it reaches and its
/// landings (or none: the follower comes back), each of which, written into
/// the record, checks clean; a landing not listed does not.
#[test]
fn moves_with_the_flying_machines() {
    let file = "notation/games/valid/flying-machines-city.cgn";
    let text = run(&["moves", file, "--turn", "7"], None);
    assert!(
        text.contains(
            "  2,-1 r0      NNW (field)\n               a flight of 1 (to 1,0): fly:1 +1,0/E, fly:1 +1,0/S\n               a flight of 2 (to 0,1): fly:2 +0,1/N\n"
        ),
        "{text}"
    );
    assert!(text.contains("a flight of 3 (to -3,2): fly:3 (no landing: the follower comes back)"));
    let json: serde_json::Value = serde_json::from_str(stdout_of(&run(
        &["moves", file, "--turn", "7", "--format", "json"],
        None,
    )))
    .unwrap();
    let source =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
            .unwrap();
    let before: String = source
        .lines()
        .take_while(|l| !l.starts_with("7. "))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replace("[Result \"Red 6, Blue 7, Yellow 6\"]\n", "");
    let catalog = carcref::TileCatalog::embedded().unwrap();
    let clean = |turn: &str| {
        let outcome = carcref::check("m.cgn", &format!("{before}{turn}\n"), &catalog);
        outcome.games[0].diagnostics.is_empty()
    };
    let mut listed = 0;
    for p in json["placements"].as_array().unwrap() {
        let at = format!(
            "{} {}",
            p["at"].as_str().unwrap(),
            p["rotation"].as_str().unwrap()
        );
        let flights = p["flights"].as_array().unwrap();
        assert_eq!(flights.len(), 3, "{at}");
        for f in flights {
            let die = f["die"].as_u64().unwrap();
            let landings = f["landings"].as_array().unwrap();
            if landings.is_empty() {
                assert!(clean(&format!("7. Red FL1 {at} fly:{die}")), "{at} {die}");
            }
            for l in landings {
                listed += 1;
                let turn = format!("7. Red FL1 {at} {}", l.as_str().unwrap());
                assert!(clean(&turn), "{turn}");
            }
        }
    }
    assert!(listed > 10, "{listed}");
    // Not listed: a landing on the road the start tile shares with the
    // junctions, completed in turn 4.
    assert!(clean("7. Red FL1 -2,2 r180 fly:2 +0,0/N"));
    assert!(!clean("7. Red FL1 -2,2 r180 fly:2 +0,0/E"));
}

/// `moves` at a crop circle's turn: what each player can do under either
/// effect after the turn as written, in order; the record's own actions are
/// among them.
#[test]
fn moves_with_the_crop_circles() {
    let file = "notation/games/valid/crop-circles-rulebook-b.cgn";
    let text = run(&["moves", file, "--turn", "5"], None);
    assert!(
        text.contains(
            "the crop circle (farmers), after the turn as written:\n  circle:add     Blue: add:0,-1/NNW(Blue), pass(Blue)\n                 Red: add:1,0/NNW(Red), pass(Red)\n  circle:remove  Blue: remove:0,-1/NNW(Blue)\n                 Red: remove:1,0/NNW(Red)\n"
        ),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(stdout_of(&run(
        &["moves", file, "--turn", "5", "--format", "json"],
        None,
    )))
    .unwrap();
    assert_eq!(json["crop_circle"]["followers"], "farmers");
    assert_eq!(json["crop_circle"]["remove"][1]["player"], "Red");
    // No crop circle on the tile: no such entry.
    let other = run(&["moves", file, "--turn", "4", "--format", "json"], None);
    assert!(!stdout_of(&other).contains("crop_circle"));
}

/// `moves` in a game with The Princess & the Dragon: the princess's knight
/// where she must send one home (and no other figure there), the fairy's
/// moves, the dragon's first moves, a tile set aside.
#[test]
fn moves_with_the_princess_and_the_dragon() {
    let princess = "notation/games/valid/princess-and-dragon-princess.cgn";
    let turn2 = run(&["moves", princess, "--turn", "2"], None);
    assert!(turn2.contains(
        "  0,2 r180     -\n               the princess must send home: princess:0,1/N(Ann) (Ann's follower)"
    ));
    snap!("cli_moves_princess_turn_2", turn2);
    let fairy = "notation/games/valid/princess-and-dragon-fairy.cgn";
    let turn4 = run(&["moves", fairy, "--turn", "4"], None);
    assert!(turn4.contains("  +fairy:-1,0            moves the fairy to -1,0"));
    let aside = "notation/games/valid/princess-and-dragon-aside-and-volcano.cgn";
    let turn1 = run(&["moves", aside, "--turn", "1"], None);
    assert!(turn1.contains("none: a dragon tile before the first volcano is set aside (aside)"));
    let turn4 = run(&["moves", aside, "--turn", "4"], None);
    assert!(turn4.contains(
        "  0,-1 r0      E (road), S (road), W (road), NNW (field), ESE (field), SSW (field)\n               the dragon's first move, by Ann: dragon:E (to 0,0)\n"
    ));
    snap!("cli_moves_dragon_turn_4", turn4);
}

/// The shipped tile set of one's own.
const HOUSE_TILES: &str = "notation/tiles/examples/house-tiles.yaml";

/// A record naming a tile set of one's own checks clean with the set given by
/// `--tiles` (before or after the command), and not without it (`E207`).
#[test]
fn tiles_of_ones_own_are_given_by_a_file() {
    let game = "notation/games/with-tiles/house-tiles.cgn";
    snap!(
        "cli_tiles_given",
        run(&["--tiles", HOUSE_TILES, "check", game], None)
    );
    let after = run(&["check", game, "--tiles", HOUSE_TILES], None);
    assert!(after.starts_with("exit_code: 0"), "{after}");
    let score = run(&["--tiles", HOUSE_TILES, "score", game], None);
    assert!(score.contains("total             7     6"), "{score}");
    snap!("cli_tiles_not_given", run(&["check", game], None));
    let listed = run(&["--tiles", HOUSE_TILES, "tiles", "HT2"], None);
    snap!("cli_tiles_listed", listed);
}

/// A tile set that cannot be used stops the command with exit code 2 and a
/// report pointing into the file (`E217`); so does a file that cannot be read,
/// and `--tiles` given to a command that reads no catalog.
#[test]
fn a_tile_set_that_cannot_be_used_is_a_usage_error() {
    for (name, file) in [
        (
            "cli_tiles_not_yaml",
            "notation/games/tiles/e217-not-yaml.yaml",
        ),
        (
            "cli_tiles_id_taken",
            "notation/games/tiles/e217-id-of-the-basic-game.yaml",
        ),
    ] {
        snap!(
            name,
            run(&["--tiles", file, "check", "tests/data/ok.cgn"], None)
        );
    }
    let twice = run(
        &[
            "--tiles",
            HOUSE_TILES,
            "--tiles",
            "notation/games/tiles/e217-house-tiles-again.yaml",
            "score",
            "tests/data/ok.cgn",
        ],
        None,
    );
    assert!(twice.starts_with("exit_code: 2"), "{twice}");
    assert!(
        twice.contains("set name house-tiles is given by another tile set"),
        "{twice}"
    );
    let missing = run(&["--tiles", "tests/data/no-such-tiles.yaml", "tiles"], None);
    snap!("cli_tiles_missing_file", missing);
    let explain = run(&["--tiles", HOUSE_TILES, "explain", "E217"], None);
    assert!(explain.starts_with("exit_code: 2"), "{explain}");
    assert!(explain.contains("--tiles is for the commands"), "{explain}");
}

/// `gen` plays a tile set of one's own named in --expansions, and its games
/// check clean with the set given.
#[test]
fn generated_games_with_tiles_of_ones_own_check() {
    let games = run(
        &[
            "--tiles",
            HOUSE_TILES,
            "gen",
            "--seed",
            "5",
            "--games",
            "30",
            "--expansions",
            "inns-and-cathedrals,house-tiles",
        ],
        None,
    );
    assert!(games.starts_with("exit_code: 0"), "{games}");
    let cgn = stdout_of(&games);
    assert!(cgn.contains("[Expansions \"inns-and-cathedrals, house-tiles\"]"));
    assert!(cgn.contains(" HT1 ") && cgn.contains(" HT2 "), "{cgn}");
    let checked = run(&["--tiles", HOUSE_TILES, "check", "-"], Some(cgn));
    assert!(
        checked.contains("checked 30 games in 1 file: 30 valid, 0 invalid"),
        "{checked}"
    );
    // Without --tiles, the name is no expansion gen knows.
    let bad = run(&["gen", "--expansions", "house-tiles"], None);
    assert!(bad.starts_with("exit_code: 2"), "{bad}");
    assert!(bad.contains("house-tiles is not an expansion"), "{bad}");
}

/// `--highlight` takes a feature on a square of negative coordinates: the
/// value starts with a minus sign and is no flag ("-1,0 E", the road of
/// turn 3).
#[test]
fn show_highlights_a_feature_at_negative_coordinates() {
    let out = run(
        &["show", "--highlight", "-1,0 E", "tests/data/ok.cgn"],
        None,
    );
    assert!(out.starts_with("exit_code: 0"), "{out}");
    assert!(out.contains("highlighted: the road at -1,0 E"), "{out}");
    let out = run(
        &["show", "--highlight", "-3,-4 W", "tests/data/ok.cgn"],
        None,
    );
    assert!(out.starts_with("exit_code: 2"), "{out}");
    assert!(
        out.contains("error: --highlight \"-3,-4 W\": there is no tile at -3,-4"),
        "{out}"
    );
}

/// A finished game shown at its end: the scoreboard after the final scoring,
/// titled so, on the terminal and in the SVG picture; before its last turn,
/// or for a game without the final scoring, the scoreboard of play, untitled.
#[test]
fn show_a_finished_game_with_its_final_scoreboard() {
    let example = "notation/examples/hig2012-two-players.cgn";
    let end = run(&["show", example], None);
    assert!(end.starts_with("exit_code: 0"), "{end}");
    assert!(end.contains("scoreboard after the final scoring"), "{end}");
    // The score sheet's totals: Ann 28, Bob 11.
    let rows: Vec<&str> = end
        .lines()
        .filter(|l| l.contains("◦····◦"))
        .map(str::trim_end)
        .collect();
    assert_eq!(rows.len(), 2, "{end}");
    assert!(
        rows[0].ends_with(" 28") && rows[1].ends_with(" 11"),
        "{rows:?}"
    );
    let before = run(&["show", "--turn", "70", example], None);
    assert!(!before.contains("final scoring"), "{before}");
    let svg = run(&["show", "--svg", "-", example], None);
    assert!(svg.contains("data-final-scoring=\"true\""), "{svg}");
    assert!(svg.contains(">Scoreboard after the final scoring</text>"));
    let svg = run(&["show", "--svg", "-", "--turn", "70", example], None);
    assert!(!svg.contains("data-final-scoring"));
    assert!(svg.contains(">Scoreboard</text>"));
    // An interrupted game has no final scoring.
    let interrupted = run(
        &["show", "notation/games/valid/hig2012-city-shared.cgn"],
        None,
    );
    assert!(!interrupted.contains("final scoring"), "{interrupted}");
}
