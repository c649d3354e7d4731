#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! `carcref find`: `find X` and `find --not X` partition the games of an
//! archive, criteria commute, and the games written pipe into `stats -` and
//! `check -`; bad criteria are refused with a suggestion (exit 2).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn carcref(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carcref runs");
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        input.write_all(bytes).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// An archive: generated games of a few expansions and player counts, the
/// shipped valid and invalid fixtures.
fn archive(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcref-find-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (players, expansions)) in [
        ("2", ""),
        ("3", "tower"),
        ("4", "inns-and-cathedrals"),
        ("2", "traders-and-builders,river"),
    ]
    .iter()
    .enumerate()
    {
        let seed = (7 + i).to_string();
        let (_, games, _) = carcref(
            &[
                "gen",
                "--seed",
                &seed,
                "--games",
                "6",
                "--players",
                players,
                "--expansions",
                expansions,
            ],
            None,
        );
        std::fs::write(dir.join(format!("gen{i}.cgn")), games).unwrap();
    }
    for (i, f) in [
        "tests/data/bad.cgn",
        "tests/data/illegal-turn-42.cgn",
        "tests/data/ok.cgn",
    ]
    .iter()
    .enumerate()
    {
        std::fs::copy(f, dir.join(format!("z{i}.cgn"))).unwrap();
    }
    dir
}

fn listed(dir: &str, criteria: &[&str]) -> BTreeSet<String> {
    let mut args = vec!["find", dir, "--list", "--jobs", "1"];
    args.extend_from_slice(criteria);
    let (code, out, err) = carcref(&args, None);
    assert_eq!(code, 0, "{criteria:?}: {err}");
    out.lines().map(str::to_string).collect()
}

/// The criteria tried, one of each kind.
const CRITERIA: &[&[&str]] = &[
    &["--player", "Ann"],
    &["--winner", "Bob"],
    &["--rules", "HiG-2012"],
    &["--expansion", "tower"],
    &["--valid"],
    &["--invalid"],
    &["--code", "E301"],
    &["--feature", "city>=10"],
    &["--feature", "ransom>=1"],
    &["--tag", "Termination=complete"],
    &["--turns", ">=60"],
    &["--margin", ">=10"],
];

#[test]
fn a_criterion_and_its_negation_partition_the_games_and_criteria_commute() {
    let dir = archive("partition");
    let d = dir.to_str().unwrap();
    let all = listed(d, &[]);
    assert!(all.len() > 24, "{all:?}");
    for c in CRITERIA {
        let yes = listed(d, c);
        let mut negated = vec!["--not"];
        negated.extend_from_slice(c);
        let no = listed(d, &negated);
        assert!(yes.is_disjoint(&no), "{c:?}");
        assert_eq!(
            yes.union(&no).cloned().collect::<BTreeSet<_>>(),
            all,
            "{c:?}"
        );
        assert!(!yes.is_empty() || c[0] == "--code", "{c:?} selects nothing");
    }
    // Two criteria give the same games in either order, and those are the
    // games each selects.
    for (i, a) in CRITERIA.iter().enumerate() {
        for b in CRITERIA.iter().skip(i + 1).step_by(3) {
            let ab = listed(d, &[*a, *b].concat());
            let ba = listed(d, &[*b, *a].concat());
            assert_eq!(ab, ba, "{a:?} {b:?}");
            let both: BTreeSet<String> =
                listed(d, a).intersection(&listed(d, b)).cloned().collect();
            assert_eq!(ab, both, "{a:?} {b:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn found_games_pipe_into_stats_and_check_and_are_counted() {
    let dir = archive("pipe");
    let d = dir.to_str().unwrap();
    let (code, count, _) = carcref(&["find", d, "--valid", "--player", "Ann", "--count"], None);
    assert_eq!(code, 0);
    let n: usize = count.trim().parse().unwrap();
    assert!(n > 0);
    assert_eq!(listed(d, &["--valid", "--player", "Ann"]).len(), n);
    let (_, games, _) = carcref(&["find", d, "--valid", "--player", "Ann"], None);
    let (code, checked, _) = carcref(&["check", "-"], Some(games.as_bytes()));
    assert_eq!(code, 0, "{checked}");
    assert!(
        checked.contains(&format!("checked {n} games in 1 file: {n} valid")),
        "{checked}"
    );
    let (code, stats, err) = carcref(&["stats", "--format", "json", "-"], Some(games.as_bytes()));
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(doc["games"], n);
    // The games written are canonical.
    let (code, _, err) = carcref(&["fmt", "--check", "-"], Some(games.as_bytes()));
    assert_eq!(code, 0, "{err}");
    // Invalid games are written too, as they read.
    let (_, bad, _) = carcref(&["find", d, "--invalid", "--count"], None);
    assert_eq!(bad.trim(), "2");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn duplicates_are_found() {
    let dir = archive("duplicates");
    let d = dir.to_str().unwrap();
    let copy = dir.join("zz-again.cgn");
    std::fs::copy(dir.join("gen1.cgn"), &copy).unwrap();
    let (code, out, _) = carcref(&["find", d, "--duplicates", "--list"], None);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[0].contains("zz-again.cgn:1: the same game as"),
        "{out}"
    );
    assert!(lines[0].ends_with("gen1.cgn:1"), "{out}");
    let (_, n, _) = carcref(
        &["find", d, "--duplicates", "--count", "--expansion", "tower"],
        None,
    );
    assert_eq!(n.trim(), "6");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_criteria_are_refused_with_a_suggestion() {
    for (args, says) in [
        (
            &["find", "tests/data", "--playr", "Ann"][..],
            "did you mean `--player`?",
        ),
        (
            &["find", "tests/data", "--feature", "cty>=20"],
            "did you mean `city`?",
        ),
        (
            &["find", "tests/data", "--expansion", "towers"],
            "did you mean `tower`?",
        ),
        (
            &["find", "tests/data", "--code", "E3011"],
            "no diagnostic has this code",
        ),
        (
            &["find", "tests/data", "--turns", "lots"],
            "write a comparison",
        ),
        (
            &["find", "tests/data", "--not"],
            "write a criterion after it",
        ),
        (&["find", "tests/data", "--count", "--list"], "choose one"),
    ] {
        let (code, out, err) = carcref(args, None);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `--feature` and `--turns` are answered on the quick verdict's replay for
/// a game it clears (`archive::quick::QuickScores`), and from the full
/// referee's facts for any other: for every kind of scoring, on generated
/// games of every expansion and the shipped fixtures, both give the same.
#[test]
fn the_quick_answer_on_scores_is_the_full_facts_answer() {
    use carcref::archive::criteria::{GameView, KINDS};
    use carcref::archive::facts::GameFacts;
    use carcref::archive::view::LazyGame;
    let catalog = carcref::TileCatalog::embedded().unwrap();
    let mut texts: Vec<Vec<u8>> = Vec::new();
    let every = "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,\
gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers";
    for (seed, expansions) in [("3", ""), ("4", every), ("5", "tower,robbers,messengers")] {
        let args = ["gen", "--seed", seed, "--games", "5", "--players", "3"];
        let (_, games, _) = carcref(&[&args[..], &["--expansions", expansions]].concat(), None);
        texts.push(games.into_bytes());
    }
    for folder in ["notation/games/valid", "notation/games/invalid"] {
        for entry in std::fs::read_dir(folder).unwrap() {
            texts.push(std::fs::read(entry.unwrap().path()).unwrap());
        }
    }
    let (mut quick, mut games) = (0, 0);
    for text in &texts {
        let mut referee = carcref::referee::Referee::new(&catalog);
        let _ = carcref::read_games(&text[..], |_, g| {
            let full = carcref::check_game(g, &catalog, carcref::ReplayOptions::default());
            let facts = GameFacts::of(&full);
            if referee.is_clean_quick(g.text, g.base) && g.not_utf8.is_empty() {
                quick += 1;
            }
            games += 1;
            for kind in KINDS {
                let mut view = LazyGame::new(g, &mut referee, &catalog);
                let best = facts
                    .scores
                    .as_ref()
                    .and_then(|s| s.best.get(*kind))
                    .copied();
                assert_eq!(view.best(kind), best, "{kind}: {}", g.text);
            }
            let mut view = LazyGame::new(g, &mut referee, &catalog);
            assert_eq!(view.turns(), facts.turns, "{}", g.text);
            std::ops::ControlFlow::Continue(())
        });
    }
    assert!(
        quick > 10 && quick < games,
        "{quick} of {games} were cleared"
    );
}
