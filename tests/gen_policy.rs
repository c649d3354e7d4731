//! `carcref gen --policy`: the random policy stays the default (the same seed
//! gives the same games), and the greedy policy gives legal games whose
//! winners score like real players' (within a fifth of the mean winner's
//! score of the shipped Carcassonne Lab archive).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Exit code, standard output and standard error of the binary.
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        let mut input = input;
        input.write_all(text.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The winner's points of each game of a file, read from its `Result` tag.
fn winners(cgn: &str) -> Vec<u32> {
    cgn.lines()
        .filter_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
        .map(|r| {
            r.split(',')
                .filter_map(|p| p.trim().rsplit(' ').next()?.parse::<u32>().ok())
                .max()
                .unwrap()
        })
        .collect()
}

fn mean(xs: &[u32]) -> f64 {
    xs.iter().map(|x| f64::from(*x)).sum::<f64>() / xs.len() as f64
}

#[test]
fn the_random_policy_is_the_default() {
    let plain = run(&["gen", "--seed", "7", "--games", "20"], None);
    let random = run(
        &["gen", "--seed", "7", "--games", "20", "--policy", "random"],
        None,
    );
    assert_eq!(plain.0, 0, "{}", plain.2);
    assert_eq!(plain, random);
    let bad = run(&["gen", "--policy", "clever"], None);
    assert_eq!(bad.0, 2, "{bad:?}");
    assert!(
        bad.2.contains("random") && bad.2.contains("greedy"),
        "{bad:?}"
    );
}

#[test]
fn greedy_games_are_legal_canonical_and_the_same_for_a_seed() {
    let args = [
        "gen",
        "--seed",
        "5",
        "--games",
        "6",
        "--players",
        "3",
        "--policy",
        "greedy",
    ];
    let (code, cgn, err) = run(&args, None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(run(&args, None).1, cgn, "same seed, same bytes");
    assert_ne!(
        cgn,
        run(
            &["gen", "--seed", "5", "--games", "6", "--players", "3"],
            None
        )
        .1
    );
    let (code, out, err) = run(&["check", "-"], Some(&cgn));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("checked 6 games in 1 file: 6 valid, 0 invalid"),
        "{out}"
    );
    let (code, out, err) = run(&["fmt", "--check", "-"], Some(&cgn));
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn greedy_games_with_every_expansion_are_legal() {
    let (code, cgn, err) = run(
        &[
            "gen",
            "--seed",
            "3",
            "--games",
            "2",
            "--players",
            "3",
            "--policy",
            "greedy",
            "--expansions",
            "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,\
             gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["check", "-"], Some(&cgn));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("checked 2 games in 1 file: 2 valid, 0 invalid"),
        "{out}"
    );
}

/// The winners of the shipped Carcassonne Lab archive, by the referee's
/// scores.
fn lab_winners() -> Vec<u32> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let csv = std::fs::read_to_string(root.join("tests/data/lab/bga-logs-repacked.csv")).unwrap();
    let (records, errors) = carcref::import::lab::import_csv(&csv);
    assert!(errors.is_empty(), "{errors:?}");
    let catalog = carcref::TileCatalog::embedded().unwrap();
    records
        .iter()
        .map(|r| {
            let text = carcref::notation::write::write(std::slice::from_ref(r));
            let outcome = carcref::check("lab.cgn", &text, &catalog);
            let game = outcome.games.first().unwrap();
            assert!(!game.has_errors(), "{:?}", game.diagnostics);
            game.score().unwrap().totals.iter().copied().max().unwrap()
        })
        .collect()
}

#[test]
fn greedy_winners_score_like_the_lab_archives() {
    let lab = lab_winners();
    assert_eq!(lab.len(), 3);
    let (code, cgn, err) = run(
        &[
            "gen",
            "--seed",
            "1",
            "--games",
            "16",
            "--players",
            "3",
            "--policy",
            "greedy",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let greedy = winners(&cgn);
    assert_eq!(greedy.len(), 16);
    let (lab_mean, greedy_mean) = (mean(&lab), mean(&greedy));
    assert!(
        (greedy_mean - lab_mean).abs() <= 0.2 * lab_mean,
        "greedy winners {greedy_mean:.1} ({greedy:?}), the Lab archive's {lab_mean:.1} ({lab:?})"
    );
    // The random policy's winners score far less: the greedy policy is what
    // brings the games near real ones.
    let (_, random, _) = run(
        &["gen", "--seed", "1", "--games", "16", "--players", "3"],
        None,
    );
    assert!(mean(&winners(&random)) < 0.8 * lab_mean);
}
