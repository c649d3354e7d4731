//! carcref in CI: `check --format sarif` validated against the SARIF 2.1.0
//! schema, `check --format junit` parsed as XML, `--select`, `--ignore` and
//! `--warnings-as-errors`, `carcref.toml` (found from a subfolder, overridden
//! by flags, its faults refused with their line), the pre-commit hooks run as
//! pre-commit runs them, the GitHub Action's file, and the manual page of
//! every subcommand.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The outcome of a run: exit code, standard output and standard error.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Runs carcref in `dir` (colour off).
fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs carcref in the project's folder.
fn run(args: &[&str]) -> Run {
    run_in(Path::new(ROOT), args)
}

/// A new empty folder for one test, under the target folder (no
/// `carcref.toml` above it).
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ci").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn data(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join("tests/data").join(name)).unwrap()
}

/// The numbers of the summary line: games, files, valid, invalid.
fn summary(text: &str) -> (usize, usize, usize, usize) {
    let line = text
        .lines()
        .find(|l| l.starts_with("checked "))
        .unwrap_or_else(|| panic!("no summary in {text}"));
    let n: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (n[0], n[1], n[2], n[3])
}

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

// ---------------------------------------------------------------- SARIF

fn sarif_validator() -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(Path::new(ROOT).join("tests/data/sarif/sarif-schema-2.1.0.json"))
            .unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft4::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap()
}

fn assert_valid_sarif(log: &Value) {
    let v = sarif_validator();
    let errors: Vec<String> = v
        .iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "not SARIF 2.1.0: {errors:#?}");
}

/// The SARIF log of every invalid fixture (each code at least once) and of
/// the two test records is valid against the official schema, with a rule
/// for each code reported, a result for each diagnostic, and the places the
/// other formats give.
#[test]
fn sarif_is_valid_against_the_schema() {
    let paths = [
        "tests/data/bad.cgn",
        "tests/data/ok.cgn",
        "notation/games/invalid",
    ];
    let mut args = vec!["check", "--format", "sarif"];
    args.extend(paths);
    let r = run(&args);
    assert_eq!(r.code, 1, "{}", r.err);
    let log: Value = serde_json::from_str(&r.out).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "carcref");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    let rules = driver["rules"].as_array().unwrap();
    let results = runs[0]["results"].as_array().unwrap();
    // One result a diagnostic: as many as the short format's lines.
    let mut short = vec!["check", "--format", "short"];
    short.extend(paths);
    let short = run(&short);
    let lines: Vec<&str> = short
        .out
        .lines()
        .filter(|l| !l.starts_with("checked "))
        .collect();
    assert_eq!(results.len(), lines.len());
    // A rule for each code used, in code order, each result pointing at its own.
    let used: BTreeSet<&str> = results
        .iter()
        .map(|r| r["ruleId"].as_str().unwrap())
        .collect();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, used.iter().copied().collect::<Vec<_>>());
    assert!(ids.len() > 80, "every code of the fixtures: {ids:?}");
    let catalogue =
        std::fs::read_to_string(Path::new(ROOT).join("notation/diagnostics.md")).unwrap();
    for rule in rules {
        let id = rule["id"].as_str().unwrap();
        let name = rule["name"].as_str().unwrap();
        assert!(
            catalogue.contains(&format!("\n## {id} {name}\n")),
            "{id} {name}"
        );
        let uri = rule["helpUri"].as_str().unwrap();
        assert!(
            uri.ends_with(&format!(
                "/notation/diagnostics.md#{}-{name}",
                id.to_ascii_lowercase()
            )),
            "{uri}"
        );
        let short = rule["shortDescription"]["text"].as_str().unwrap();
        assert!(!short.is_empty() && short.len() < 400, "{id}: {short}");
        assert!(
            rule["help"]["markdown"]
                .as_str()
                .unwrap()
                .starts_with(&format!("## {id} "))
        );
    }
    for (result, line) in results.iter().zip(&lines) {
        let i = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], result["ruleId"]);
        // `file:line:col: CODE …` of the short format, the same place.
        let loc = &result["locations"][0]["physicalLocation"];
        let uri = loc["artifactLocation"]["uri"].as_str().unwrap();
        let region = &loc["region"];
        let place = format!(
            "{uri}:{}:{}: {} ",
            region["startLine"],
            region["startColumn"],
            result["ruleId"].as_str().unwrap()
        );
        assert!(line.starts_with(&place), "{line} / {place}");
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    }
    // The secondary labels are related locations: the tile E301's tile meets.
    let e301 = results
        .iter()
        .find(|r| {
            r["ruleId"] == "E301"
                && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                    == "tests/data/bad.cgn"
        })
        .unwrap();
    let region = &e301["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (
            &region["startLine"],
            &region["startColumn"],
            &region["endLine"],
            &region["endColumn"]
        ),
        (&7.into(), &10.into(), &7.into(), &16.into())
    );
    let related = e301["relatedLocations"].as_array().unwrap();
    assert_eq!(related[0]["physicalLocation"]["region"]["startLine"], 6);
    assert_eq!(
        related[0]["message"]["text"],
        "neighbour at 1,0 placed here"
    );
}

/// A file name with spaces and characters URIs reserve is percent-encoded,
/// an absolute path is a `file:` URI, and a clean run is a log with no
/// result; the log stays valid.
#[test]
fn sarif_names_files_by_uri() {
    let dir = scratch("sarif-names");
    write(&dir.join("a b#é%.cgn"), &data("bad.cgn"));
    let r = run_in(&dir, &["check", "--format", "sarif", "a b#é%.cgn"]);
    let log: Value = serde_json::from_str(&r.out).unwrap();
    assert_valid_sarif(&log);
    let uri = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        ["uri"];
    assert_eq!(uri, "a%20b%23%C3%A9%25.cgn");
    let absolute = dir.join("a b#é%.cgn");
    let r = run_in(
        &dir,
        &["check", "--format", "sarif", absolute.to_str().unwrap()],
    );
    let log: Value = serde_json::from_str(&r.out).unwrap();
    assert_valid_sarif(&log);
    let location =
        &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert!(
        location["uri"].as_str().unwrap().starts_with("file:///"),
        "{location}"
    );
    assert!(location.get("uriBaseId").is_none());
    let r = run(&["check", "--format", "sarif", "tests/data/ok.cgn"]);
    assert_eq!(r.code, 0);
    let log: Value = serde_json::from_str(&r.out).unwrap();
    assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 0);
    assert_eq!(
        log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
}

// ---------------------------------------------------------------- JUnit

/// The JUnit report parses as XML: a testsuite a file, a testcase a game
/// named by its number and players, a failure each invalid game holding its
/// diagnostics, for hostile names too.
#[test]
fn junit_is_xml_with_a_testcase_a_game() {
    let dir = scratch("junit");
    // A file name and players with markup, a control character and a
    // character XML does not allow even escaped.
    let hostile = "odd <&> \"\u{1}\u{fffe}\".cgn";
    let two_games = format!(
        "{}\n{}",
        data("ok.cgn"),
        data("bad.cgn")
            .replace("Ann (red)", "A<n>&\u{7}n (red)")
            .replace("Ann ", "A<n>&\u{7}n ")
    );
    write(&dir.join(hostile), &two_games);
    write(&dir.join("ok.cgn"), &data("ok.cgn"));
    write(&dir.join("bad.cgn"), &data("bad.cgn"));
    let r = run_in(&dir, &["check", "--format", "junit", "."]);
    assert_eq!(r.code, 1, "{}", r.err);
    let (games, files, valid, invalid) = summary(&r.err);
    assert_eq!((games, files, valid, invalid), (4, 3, 2, 2));
    let doc = roxmltree::Document::parse(&r.out).unwrap_or_else(|e| panic!("{e}: {}", r.out));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some("4"));
    assert_eq!(root.attribute("failures"), Some("2"));
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), files);
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), games);
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), invalid);
    let odd = suites
        .iter()
        .find(|s| s.attribute("name").unwrap().starts_with("./odd"))
        .unwrap();
    // Control characters shown as `\u{…}`, the markup as it was.
    assert_eq!(
        odd.attribute("name"),
        Some("./odd <&> \"\\u{1}\\u{fffe}\".cgn")
    );
    let odd_cases: Vec<_> = odd
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(
        odd_cases[0].attribute("name"),
        Some("game 1: Ann (red), Bob (blue)")
    );
    assert_eq!(
        odd_cases[1].attribute("name"),
        Some("game 2: A<n>&\\u{7}n (red), Bob (blue)")
    );
    let failure = odd_cases[1]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("E301"));
    let text = failure.text().unwrap();
    assert!(text.contains(":18:10: E301 tile does not fit"), "{text}");
    assert!(text.contains(": W101 "), "{text}");
    assert_eq!(odd_cases[1].attribute("classname"), odd.attribute("name"));
}

/// A valid game's warnings are its output, not a failure; a path that cannot
/// be read is reported on standard error, and the report is still whole.
#[test]
fn junit_keeps_warnings_and_unreadable_files_apart() {
    let r = run(&[
        "check",
        "--format",
        "junit",
        "--ignore",
        "E3",
        "tests/data/bad.cgn",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let doc = roxmltree::Document::parse(&r.out).unwrap();
    assert_eq!(
        doc.descendants()
            .filter(|n| n.has_tag_name("failure"))
            .count(),
        0
    );
    let out = doc
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert!(out.text().unwrap().contains("W101"));
    let dir = scratch("junit-unreadable");
    write(&dir.join("locked.cgn"), &data("ok.cgn"));
    let r = run_in(
        &dir,
        &["check", "--format", "junit", "locked.cgn", "missing.cgn"],
    );
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("missing.cgn"), "{}", r.err);
    let doc = roxmltree::Document::parse(&r.out).unwrap();
    assert_eq!(
        doc.descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .count(),
        1
    );
}

// ------------------------------------------------------- select and ignore

#[test]
fn ignored_codes_neither_print_nor_fail() {
    let bad = "tests/data/bad.cgn";
    let all = run(&["check", "--format", "short", bad]);
    assert_eq!(all.code, 1);
    assert!(all.out.contains(" E301 ") && all.out.contains(" W101 "));
    // The error ignored: the warning is left, and the game is valid.
    let r = run(&["check", "--format", "short", "--ignore", "E3", bad]);
    assert_eq!(r.code, 0, "{}", r.out);
    assert!(
        !r.out.contains("E301") && r.out.contains(" W101 "),
        "{}",
        r.out
    );
    assert_eq!(summary(&r.out), (1, 1, 1, 0));
    // Both ignored, by a code and a prefix, comma-separated.
    let r = run(&["check", "--format", "short", "--ignore", "E301,W", bad]);
    assert_eq!(r.code, 0);
    assert_eq!(r.out.lines().count(), 1, "{}", r.out);
    // A warning fails with --warnings-as-errors.
    let r = run(&[
        "check",
        "--format",
        "short",
        "--ignore",
        "E3",
        "--warnings-as-errors",
        bad,
    ]);
    assert_eq!(r.code, 1);
    // --select keeps only its codes; the longest prefix decides.
    let r = run(&["check", "--format", "short", "--select", "W", bad]);
    assert_eq!((r.code, r.out.contains("E301")), (0, false), "{}", r.out);
    let r = run(&[
        "check", "--format", "short", "--select", "E301", "--ignore", "E3", bad,
    ]);
    assert_eq!((r.code, r.out.contains("E301")), (1, true), "{}", r.out);
    let r = run(&[
        "check", "--format", "short", "--select", "E", "--ignore", "E30", bad,
    ]);
    assert_eq!((r.code, r.out.contains("E301")), (0, false), "{}", r.out);
    // Every format is filtered alike.
    let r = run(&["check", "--format", "json", "--ignore", "E3", bad]);
    assert_eq!(r.code, 0);
    assert!(r.out.lines().all(|l| l.contains("\"W101\"")), "{}", r.out);
    let r = run(&["check", "--format", "github", "--ignore", "W", bad]);
    assert_eq!((r.code, r.out.lines().count()), (1, 1), "{}", r.out);
    let r = run(&["check", "--ignore", "E3,W", bad]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    let r = run(&["check", "--format", "sarif", "--ignore", "E3", bad]);
    let log: Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 1);
    assert_eq!(log["runs"][0]["tool"]["driver"]["rules"][0]["id"], "W101");
}

#[test]
fn unknown_codes_are_refused() {
    let r = run(&["check", "--select", "E9", "tests/data/ok.cgn"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .contains("E9 is not a diagnostic code nor the start of one"),
        "{}",
        r.err
    );
    let r = run(&["check", "--ignore", "e5", "tests/data/ok.cgn"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("did you mean `E5`?"), "{}", r.err);
}

/// A game another program wrote (`E112`), a file holding no game (`E108`) and
/// a game too long to read (`E111`) are filtered as any other fault.
#[test]
fn the_faults_of_whole_files_are_selected_too() {
    let dir = scratch("whole-files");
    write(&dir.join("empty.cgn"), "");
    let foreign = Path::new(ROOT).join("notation/games/invalid/e112-board-game-arena-log.cgn");
    std::fs::copy(foreign, dir.join("foreign.cgn")).unwrap();
    let r = run_in(&dir, &["check", "--format", "short", "."]);
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(
        r.out.contains("E108") && r.out.contains("E112"),
        "{}",
        r.out
    );
    let r = run_in(
        &dir,
        &["check", "--format", "short", "--ignore", "E108,E112", "."],
    );
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert_eq!(summary(&r.out), (2, 2, 2, 0));
}

// ------------------------------------------------------------ carcref.toml

/// A league's repository: a carcref.toml at its root, records in folders.
fn league(name: &str, config: &str) -> PathBuf {
    let dir = scratch(name);
    write(&dir.join("carcref.toml"), config);
    write(&dir.join("games/2024/bad.cgn"), &data("bad.cgn"));
    write(&dir.join("games/archive/2019/bad.cgn"), &data("bad.cgn"));
    dir
}

#[test]
fn the_config_is_found_from_a_subfolder() {
    let dir = league("config-found", "ignore = [\"E3\"]\n");
    let sub = dir.join("games/2024");
    let r = run_in(&sub, &["check", "--format", "short", "bad.cgn"]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(
        !r.out.contains("E301") && r.out.contains("W101"),
        "{}",
        r.out
    );
    // --no-config reads none; --config names another.
    let r = run_in(&sub, &["check", "--no-config", "bad.cgn"]);
    assert_eq!(r.code, 1);
    write(&dir.join("ci.toml"), "ignore = [\"E3\", \"W\"]\n");
    let r = run_in(
        &sub,
        &[
            "check",
            "--format",
            "short",
            "--config",
            "../../ci.toml",
            "bad.cgn",
        ],
    );
    assert_eq!(
        (r.code, r.out.lines().count()),
        (0, 1),
        "{}{}",
        r.out,
        r.err
    );
    let r = run_in(&sub, &["check", "--config", "../../none.toml", "bad.cgn"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("none.toml"), "{}", r.err);
    let r = run_in(
        &sub,
        &["check", "--config", "x.toml", "--no-config", "bad.cgn"],
    );
    assert_eq!(r.code, 2);
}

#[test]
fn flags_win_over_the_config() {
    let dir = league(
        "config-flags",
        "ignore = [\"E3\"]\nwarnings-as-errors = false\njobs = 1\n",
    );
    let r = run_in(&dir, &["check", "--format", "short", "games/2024"]);
    assert_eq!(r.code, 0, "{}", r.out);
    // --ignore replaces the file's list.
    let r = run_in(
        &dir,
        &["check", "--format", "short", "--ignore", "W", "games/2024"],
    );
    assert_eq!(r.code, 1);
    assert!(
        r.out.contains("E301") && !r.out.contains("W101"),
        "{}",
        r.out
    );
    let r = run_in(
        &dir,
        &["check", "--warnings-as-errors", "--jobs", "2", "games/2024"],
    );
    assert_eq!(r.code, 1);
}

#[test]
fn overrides_apply_to_their_folder() {
    let dir = league(
        "config-overrides",
        "[[overrides]]\npath = \"games/archive\"\nignore = [\"E3\", \"W\"]\n",
    );
    let r = run_in(&dir, &["check", "--format", "short", "games"]);
    assert_eq!(r.code, 1);
    assert_eq!(summary(&r.out), (2, 2, 1, 1), "{}", r.out);
    assert!(!r.out.contains("archive"), "{}", r.out);
    // From inside the folder, by a path of its own.
    let r = run_in(&dir.join("games/archive"), &["check", "2019/bad.cgn"]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    // A flag drops the overrides of its key.
    let r = run_in(
        &dir,
        &["check", "--ignore", "W", "--format", "short", "games"],
    );
    assert_eq!(summary(&r.out), (2, 2, 0, 2), "{}", r.out);
}

#[test]
fn bad_keys_and_values_are_refused_with_their_line() {
    let cases = [
        ("jobs = 2\nselct = [\"E\"]\n", ":2:1: unknown field `selct`"),
        (
            "jobs = \"two\"\n",
            ":1:8: invalid type: string \"two\", expected usize",
        ),
        ("rules = \"HiG-2013\"\n", ":1:9: HiG-2013 is not an edition"),
        (
            "ignore = [\"E3\", \"X9\"]\n",
            ":1:17: X9 is not a diagnostic code",
        ),
        ("[[overrides]]\nignore = [\"E3\"]\n", "missing field `path`"),
        (
            "[[overrides]]\npath = \"a\"\nfiles = 1\n",
            ":3:1: unknown field `files`",
        ),
        ("select = [\n", "carcref.toml:1:"),
    ];
    for (text, expected) in cases {
        let dir = league("config-bad", text);
        let r = run_in(&dir.join("games"), &["check", "2024"]);
        assert_eq!(r.code, 2, "{text}: {}", r.err);
        assert!(r.err.starts_with("error: "), "{}", r.err);
        assert!(r.err.contains("carcref.toml"), "{}", r.err);
        assert!(r.err.contains(expected), "{text}: {}", r.err);
        assert_eq!(r.out, "");
    }
    // Commands that read no record do not read it, nor take --config.
    let dir = league("config-bad-explain", "selct = 1\n");
    let r = run_in(&dir, &["explain", "E301"]);
    assert_eq!(r.code, 0, "{}", r.err);
    let r = run_in(&dir, &["--config", "carcref.toml", "explain", "E301"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains("--config is for the commands that read"),
        "{}",
        r.err
    );
}

/// The README's example of a carcref.toml is one carcref reads.
#[test]
fn the_readme_example_config_is_read() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let block = readme
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    let config = carcref::commands::config::read(Path::new("/league/carcref.toml"), block)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        config.tiles,
        vec![PathBuf::from("/league/tiles/house.yaml")]
    );
    assert_eq!(
        config.overrides[0].path,
        PathBuf::from("/league/archive/2019")
    );
    assert_eq!(config.jobs, Some(2));
}

#[test]
fn the_config_gives_tiles_and_rules() {
    let dir = scratch("config-tiles");
    std::fs::copy(
        Path::new(ROOT).join("notation/tiles/examples/house-tiles.yaml"),
        dir.join("house.yaml"),
    )
    .unwrap();
    let game = Path::new(ROOT).join("notation/games/with-tiles/house-tiles.cgn");
    let game = game.to_str().unwrap();
    let r = run_in(&dir, &["check", game]);
    assert_eq!(r.code, 1, "no tile set, E207");
    write(
        &dir.join("carcref.toml"),
        "tiles = [\"house.yaml\"]\nrules = \"RGG-2000\"\n",
    );
    let r = run_in(&dir, &["check", game]);
    assert_eq!(r.code, 0, "{}", r.err);
    let r = run_in(&dir, &["gen", "--seed", "3"]);
    assert!(r.out.contains("[Rules \"RGG-2000\"]"), "{}", r.out);
    let r = run_in(&dir, &["gen", "--seed", "3", "--rules", "HiG-2012"]);
    assert!(r.out.contains("[Rules \"HiG-2012\"]"), "{}", r.out);
}

// ------------------------------------------------- hooks and the action

fn yaml(name: &str) -> serde_yaml::Value {
    let text = std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap();
    serde_yaml::from_str(&text).unwrap()
}

fn hook(id: &str) -> serde_yaml::Value {
    let hooks = yaml(".pre-commit-hooks.yaml");
    hooks
        .as_sequence()
        .unwrap()
        .iter()
        .find(|h| h["id"].as_str() == Some(id))
        .unwrap_or_else(|| panic!("no hook {id}"))
        .clone()
}

#[test]
fn the_hooks_have_their_keys() {
    for id in ["carcref-check", "carcref-fmt"] {
        let h = hook(id);
        for key in ["id", "name", "entry", "language", "files", "description"] {
            assert!(
                h[key].as_str().is_some_and(|v| !v.is_empty()),
                "{id}: {key}"
            );
        }
        assert_eq!(h["language"].as_str(), Some("rust"));
        assert_eq!(h["files"].as_str(), Some(r"\.cgn$"));
        assert!(h["entry"].as_str().unwrap().starts_with("carcref "));
    }
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a hook as pre-commit does: its entry, then the staged files its
/// `files` pattern (`\.cgn$`) takes.
fn run_hook(repo: &Path, id: &str) -> Run {
    let h = hook(id);
    let entry: Vec<&str> = h["entry"].as_str().unwrap().split_whitespace().collect();
    let staged = git(
        repo,
        &["diff", "--cached", "--name-only", "--diff-filter=ACMR"],
    );
    let mut args: Vec<&str> = entry[1..].to_vec();
    args.extend(staged.lines().filter(|f| f.ends_with(".cgn")));
    run_in(repo, &args)
}

#[test]
fn the_hooks_run_on_the_staged_records() {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("skipped the_hooks_run_on_the_staged_records: git is not installed");
        return;
    }
    let repo = scratch("hook-repo");
    git(&repo, &["init", "-q"]);
    write(&repo.join("games/ok.cgn"), &data("ok.cgn"));
    write(&repo.join("games/bad.cgn"), &data("bad.cgn"));
    write(&repo.join("notes.txt"), "not a record\n");
    git(&repo, &["add", "."]);
    // The faulty record stops the commit.
    let r = run_hook(&repo, "carcref-check");
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(r.err.contains("games/bad.cgn"), "{}", r.err);
    assert_eq!(summary(&r.out), (2, 2, 1, 1));
    // Unstaged, it is not looked at.
    git(&repo, &["rm", "-q", "--cached", "games/bad.cgn"]);
    let r = run_hook(&repo, "carcref-check");
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert_eq!(summary(&r.out), (1, 1, 1, 0));
    // fmt rewrites a record not in canonical form (pre-commit then fails,
    // the file having changed), and leaves a canonical one as it is.
    let loose = data("ok.cgn").replacen("1. ", "1.  ", 1);
    assert_ne!(loose, data("ok.cgn"));
    write(&repo.join("games/loose.cgn"), &loose);
    git(&repo, &["add", "games/loose.cgn"]);
    let r = run_hook(&repo, "carcref-fmt");
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert_eq!(
        std::fs::read_to_string(repo.join("games/loose.cgn")).unwrap(),
        data("ok.cgn")
    );
    git(&repo, &["add", "games/loose.cgn"]);
    let r = run_hook(&repo, "carcref-fmt");
    assert_eq!(r.code, 0);
    assert!(
        git(&repo, &["status", "--porcelain"])
            .lines()
            .all(|l| !l.starts_with(" M"))
    );
}

#[test]
fn the_action_installs_caches_and_checks() {
    let action = yaml("action.yml");
    for key in ["name", "description"] {
        assert!(action[key].as_str().is_some(), "{key}");
    }
    assert_eq!(action["runs"]["using"].as_str(), Some("composite"));
    for input in ["paths", "format", "args", "sarif-file"] {
        assert!(
            action["inputs"][input]["description"].as_str().is_some(),
            "{input}"
        );
    }
    assert_eq!(
        action["inputs"]["format"]["default"].as_str(),
        Some("github")
    );
    let steps = action["runs"]["steps"].as_sequence().unwrap();
    let uses = |name: &str| {
        steps
            .iter()
            .find(|s| s["uses"].as_str().is_some_and(|u| u.starts_with(name)))
            .unwrap_or_else(|| panic!("no step uses {name}"))
    };
    let cache = uses("actions/cache@");
    assert_eq!(cache["with"]["path"].as_str(), Some("~/.cargo/bin/carcref"));
    assert!(
        cache["with"]["key"]
            .as_str()
            .unwrap()
            .contains("github.action_ref")
    );
    let upload = uses("github/codeql-action/upload-sarif@");
    assert!(upload["with"]["sarif_file"].as_str().is_some());
    let runs: Vec<&str> = steps.iter().filter_map(|s| s["run"].as_str()).collect();
    assert!(
        runs.iter()
            .any(|r| r.contains("cargo install --locked --path"))
    );
    assert!(runs.iter().any(|r| r.contains("check --format github")));
    assert!(runs.iter().any(|r| r.contains("check --format sarif")));
    // Every step that runs a script says its shell (a composite action must),
    // and each script is bash that parses.
    for step in steps.iter().filter(|s| s["run"].as_str().is_some()) {
        assert_eq!(step["shell"].as_str(), Some("bash"), "{step:?}");
        let script = step["run"].as_str().unwrap();
        if let Ok(out) = Command::new("bash").args(["-n", "-c", script]).output() {
            assert!(
                out.status.success(),
                "{script}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

// ------------------------------------------------------------ manual pages

fn subcommands() -> Vec<String> {
    use clap::CommandFactory;
    carcref::cli::Cli::command()
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect()
}

#[test]
fn every_subcommand_has_its_manual_page() {
    let main = run(&["man"]);
    assert_eq!(main.code, 0);
    for name in subcommands() {
        // The main page names each page, and each exists.
        assert!(
            main.out
                .contains(&format!("carcref\\-{}(1)", name.replace('-', "\\-")))
        );
        let r = run(&["man", &name]);
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        let page = &r.out;
        assert!(page.contains(&format!(".TH carcref-{name} 1")), "{name}");
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"] {
            assert!(
                page.contains(&format!(".SH \"{section}\""))
                    || page.contains(&format!(".SH {section}")),
                "{name}: {section}"
            );
        }
        for variable in [
            "NO_COLOR",
            "CLICOLOR_FORCE",
            "FORCE_COLOR",
            "RAYON_NUM_THREADS",
        ] {
            assert!(page.contains(variable), "{name}: {variable}");
        }
        assert!(page.contains("carcref.toml"), "{name}");
        snap!(format!("man_{name}"), r.out);
    }
    let r = run(&["man", "chek"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("chek is not a subcommand"), "{}", r.err);
}
