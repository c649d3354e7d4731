#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Details of the command line a new user meets: a reader that stops reading,
//! shell completion of the options with names, a mistyped code, the summary
//! line's numbers, an import pointed at the wrong folder, and what the
//! documents say is refereed.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A folder of its own for a test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcref-details-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with its standard output a pipe whose reader has already
/// gone (`carcref gen | head -0`): the exit code and standard error.
fn run_into_closed_pipe(dir: &Path, args: &[&str]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_stops_reading_ends_the_run_normally() {
    let dir = folder("pipe");
    let (code, games, err) = common::run_carcref(&dir, &["gen", "--games", "20"], b"");
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.join("games.cgn"), games).unwrap();
    let data = root().join("tests/data/jcz").display().to_string();
    for args in [
        vec!["gen", "--games", "300"],
        vec!["man"],
        vec!["completions", "bash"],
        vec!["score", "games.cgn"],
        vec!["score", "--format", "json", "games.cgn"],
        vec!["show", "games.cgn"],
        vec!["moves", "--turn", "3", "games.cgn"],
        vec!["tiles"],
        vec!["explain", "E101"],
        vec!["import", "jcz", &data],
        vec!["check", "--format", "short", "games.cgn"],
    ] {
        let (code, err) = run_into_closed_pipe(&dir, &args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shell_completion_offers_the_editions_and_the_expansions() {
    let (code, bash, err) = common::run_carcref(root(), &["completions", "bash"], b"");
    assert_eq!(code, 0, "{err}");
    let after = |option: &str| {
        let at = bash.find(&format!("                {option})")).unwrap();
        bash[at..].lines().nth(1).unwrap().trim().to_string()
    };
    assert_eq!(
        after("--rules"),
        "COMPREPLY=($(compgen -W \"HiG-2012 RGG-2000\" -- \"${cur}\"))"
    );
    let expansions = after("--expansions");
    let offered: Vec<&str> = expansions
        .split('"')
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    for name in ["river", "tower", "crop-circles-2", "robbers", "messengers"] {
        assert!(offered.contains(&name), "{expansions}");
    }
    assert!(!expansions.contains("compgen -f"), "{expansions}");
    // The help does not list them twice: its text names them.
    let (_, help, _) = common::run_carcref(root(), &["gen", "--help"], b"");
    assert!(!help.contains("possible values"), "{help}");
}

#[test]
fn a_code_with_a_letter_for_a_digit_is_suggested() {
    let (code, out, err) = common::run_carcref(root(), &["explain", "E5O1"], b"");
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(
        err,
        "error: no diagnostic has the code E5O1; did you mean `E501`?\n"
    );
    let (_, _, err) = common::run_carcref(root(), &["explain", "i1O4"], b"");
    assert!(err.contains("did you mean `I104`?"), "{err}");
    // Nothing near: every code is listed.
    let (code, _, err) = common::run_carcref(root(), &["explain", "Z"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("codes: E101 E102"), "{err}");
}

#[test]
fn the_summary_counts_in_the_singular_and_the_plural() {
    let dir = folder("summary");
    let (_, games, _) = common::run_carcref(&dir, &["gen", "--games", "2"], b"");
    let (_, one, _) = common::run_carcref(&dir, &["gen", "--games", "1"], b"");
    std::fs::write(dir.join("one.cgn"), &one).unwrap();
    std::fs::write(dir.join("two.cgn"), &games).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["check", "one.cgn"], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "checked 1 game in 1 file: 1 valid, 0 invalid\n");
    let (_, out, _) = common::run_carcref(&dir, &["check", "two.cgn"], b"");
    assert_eq!(out, "checked 2 games in 1 file: 2 valid, 0 invalid\n");
    let (_, out, _) = common::run_carcref(&dir, &["check", "one.cgn", "two.cgn"], b"");
    assert_eq!(out, "checked 3 games in 2 files: 3 valid, 0 invalid\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_import_of_an_empty_folder_exits_2_as_the_readme_says() {
    let dir = folder("empty");
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    for kind in ["bga", "lab", "kifu", "jcz"] {
        let (code, out, err) = common::run_carcref(&dir, &["import", kind, "saves"], b"");
        assert_eq!(code, 2, "{kind}: {err}");
        assert!(
            out.is_empty() && err.contains("saves: no ."),
            "{kind}: {err}"
        );
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let said = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("2 if one could not be read (missing, not UTF-8, corrupt gzip data, past the size limit) or a folder held no file of the format"),
        "README"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every expansion carcref referees is said to be, by its count and in its
/// tile set: the README, the library's documentation and the tile files agree
/// with the engine's list (The Crop Circles' two sets are one expansion).
#[test]
fn the_documents_count_the_expansions_refereed() {
    use carcref::rules::expansions::Expansion;
    let mut names: Vec<&str> = Expansion::ALL
        .into_iter()
        .map(|e| e.name().trim_end_matches(['1', '2']).trim_end_matches('-'))
        .collect();
    names.dedup();
    let words = [
        "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen",
    ];
    let count = words[names.len() - 3];
    assert_eq!(count, "twelve");
    for file in ["README.md", "src/lib.rs", "notation/SPEC.md"] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let text = text
            .replace("//! ", "")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(&format!("{count} ")), "{file}");
        for other in words.iter().filter(|w| **w != count) {
            for phrase in [
                format!("and {other} expansions"),
                format!("of {other} expansions"),
            ] {
                assert!(!text.contains(&phrase), "{file}: {phrase}");
            }
        }
    }
    for entry in std::fs::read_dir(root().join("notation/tiles")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains("not refereed"), "{}", path.display());
        }
    }
}
