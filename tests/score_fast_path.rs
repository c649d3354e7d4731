#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! `score --format json` writes the line of a game the quick verdict clears
//! on the verdict's own replay (`render::score_line::ScoreLine`), and the
//! line of any other game from the full referee's outcome. The two ways
//! must give the same bytes: here each game is scored both ways, in
//! process, on the shipped examples, the shipped real records (Carcassonne
//! Lab and Board Game Arena, imported) and generated games of every
//! expansion, and the command's own output is held to the full way's.

mod common;

use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;

use carcref::ReplayOptions;
use carcref::TileCatalog;
use carcref::referee::Referee;
use carcref::render::ScoreFormat;
use carcref::render::score_line::{ScoreLine, push_json_str};

fn carcref(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .output()
        .expect("carcref runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Every game of `text` scored the full way, and the quick way where the
/// verdict clears it: the two lines must be the same. The full way's lines
/// of the whole text (`None` when the text cannot be read to its end), and
/// the number of games the quick way wrote.
fn both_ways(catalog: &TileCatalog, name: &str, text: &[u8]) -> (Option<String>, usize) {
    let mut referee = Referee::new(catalog);
    let mut line = ScoreLine::new();
    let mut file = String::new();
    push_json_str(&mut file, name);
    let (mut all, mut quick) = (String::new(), 0);
    let read = carcref::read_games(text, |index, g| {
        let outcome = carcref::check_game(g, catalog, ReplayOptions::default());
        let mut full = String::new();
        carcref::score_game(&mut full, name, g, index, &outcome, ScoreFormat::Json);
        line.begin();
        if g.not_utf8.is_empty() && referee.is_clean_quick_observed(g.text, g.base, &mut line) {
            let mut fast = String::new();
            line.write(&mut fast, &file, index);
            assert_eq!(fast, full, "{name}, game {}", index + 1);
            quick += 1;
        }
        all.push_str(&full);
        ControlFlow::Continue(())
    });
    // A file the stream stops reading (a game too long) is no file to
    // compare whole: its games read are compared above.
    (read.is_ok().then_some(all), quick)
}

/// The command's output on a file: the full way's lines, in order.
fn command_agrees(catalog: &TileCatalog, path: &Path) -> usize {
    let name = path.to_str().unwrap();
    let text = std::fs::read(path).unwrap();
    let (full, quick) = both_ways(catalog, name, &text);
    if let Some(full) = full {
        let out = carcref(&["score", "--format", "json", name]);
        assert_eq!(String::from_utf8(out).unwrap(), full, "{name}");
    }
    quick
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("carcref-score-fast-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_shipped_examples_score_alike_both_ways() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut quick = 0;
    for folder in [
        "notation/games/valid",
        "notation/games/invalid",
        "tests/data",
    ] {
        let paths = common::cgn_files(folder);
        for path in paths {
            quick += command_agrees(&catalog, &path);
        }
    }
    assert!(quick >= 5, "only {quick} examples took the quick way");
}

#[test]
fn the_real_records_score_alike_both_ways() {
    let catalog = TileCatalog::embedded().unwrap();
    let dir = scratch("real");
    let lab = carcref(&["import", "lab", "tests/data/lab/bga-logs-repacked.csv"]);
    std::fs::write(dir.join("lab.cgn"), lab).unwrap();
    let bga = carcref(&["import", "bga", "tests/data/bga"]);
    std::fs::write(dir.join("bga.cgn"), bga).unwrap();
    // As imported, their comments (and the clocks of the Board Game Arena
    // logs) send them the full way; without them, the quick way.
    for name in ["lab", "bga"] {
        let path = dir.join(format!("{name}.cgn"));
        command_agrees(&catalog, &path);
        let plain = plain(&std::fs::read_to_string(&path).unwrap());
        let path = dir.join(format!("{name}-plain.cgn"));
        std::fs::write(&path, plain).unwrap();
        let quick = command_agrees(&catalog, &path);
        assert_eq!(quick, 3, "{name}: the plain records took the full way");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record without its comments and its `@time` events.
fn plain(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with('{') {
            continue;
        }
        let line = line.split(" { ").next().unwrap_or_default();
        let words: Vec<&str> = line
            .split(' ')
            .filter(|w| !w.starts_with("@time:"))
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn generated_games_of_every_expansion_score_alike_both_ways() {
    let catalog = TileCatalog::embedded().unwrap();
    let dir = scratch("gen");
    let every = "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,\
gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers";
    let expansions = [
        "",
        "river",
        "inns-and-cathedrals",
        "traders-and-builders",
        "tower",
        "princess-and-dragon",
        "gold-mines",
        "flying-machines",
        "crop-circles-1",
        "crop-circles-2",
        "mage-and-witch",
        "ferries",
        "robbers",
        "messengers",
        every,
    ];
    for (i, e) in expansions.iter().enumerate() {
        for policy in ["random", "greedy"] {
            let players = (2 + i % 4).to_string();
            let seed = (60 + i).to_string();
            let games = if policy == "greedy" { "2" } else { "6" };
            let text = carcref(&[
                "gen",
                "--seed",
                &seed,
                "--games",
                games,
                "--players",
                &players,
                "--policy",
                policy,
                "--expansions",
                e,
            ]);
            let path = dir.join(format!("gen-{i:02}-{policy}.cgn"));
            std::fs::write(&path, text).unwrap();
            let quick = command_agrees(&catalog, &path);
            assert!(quick > 0, "{e:?} ({policy}): no game took the quick way");
        }
    }
    // The 2000 rules, and games the quick verdict does not clear (a Result
    // misstated): the full way for these, the quick way for the rest.
    let text = carcref(&["gen", "--seed", "5", "--games", "6", "--rules", "RGG-2000"]);
    let text = String::from_utf8(text).unwrap();
    let broken = text.replacen("[Result \"", "[Result \"Nobody 1, ", 2);
    let path = dir.join("rgg.cgn");
    std::fs::write(&path, broken).unwrap();
    let quick = command_agrees(&catalog, &path);
    assert!((1..6).contains(&quick), "{quick} of 6 took the quick way");
    let _ = std::fs::remove_dir_all(&dir);
}
