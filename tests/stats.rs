#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! `carcref stats`: every figure computed again here, independently, from
//! `carcref score --format json` (the points, their kinds, the clocks) and
//! the records' tags and turns, on the shipped real archives (Carcassonne
//! Lab and Board Game Arena, imported) and on generated games of every
//! expansion, and the two agree exactly.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn carcref(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .output()
        .expect("carcref runs")
}

fn stdout(args: &[&str]) -> String {
    let out = carcref(args);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcref-stats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The shipped real games, imported, and generated games of each expansion
/// and of all of them, two to four players.
fn archive(name: &str) -> PathBuf {
    let dir = scratch(name);
    let lab = stdout(&["import", "lab", "tests/data/lab/bga-logs-repacked.csv"]);
    std::fs::write(dir.join("lab.cgn"), lab).unwrap();
    let bga = stdout(&["import", "bga", "tests/data/bga"]);
    std::fs::write(dir.join("bga.cgn"), bga).unwrap();
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
        "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,mage-and-witch,ferries,robbers,messengers",
    ];
    for (i, e) in expansions.iter().enumerate() {
        let players = (2 + i % 3).to_string();
        let seed = (40 + i).to_string();
        let games = stdout(&[
            "gen",
            "--seed",
            &seed,
            "--games",
            "3",
            "--players",
            &players,
            "--expansions",
            e,
        ]);
        std::fs::write(dir.join(format!("gen-{i:02}.cgn")), games).unwrap();
    }
    dir
}

/// A kind of points as the score sheet's events name it.
fn kind(event: &Value) -> String {
    let reason = event["reason"].as_str().unwrap();
    match reason {
        "completed" | "incomplete" => event["feature"].as_str().unwrap().to_string(),
        other => other.to_string(),
    }
}

/// One player's result in one game, from the score sheet and the record.
#[derive(Debug, Clone, Default)]
struct Result {
    game: usize,
    name: String,
    seat: usize,
    total: i64,
    won: bool,
    kinds: BTreeMap<String, i64>,
    during: i64,
    placed: BTreeMap<String, u64>,
    clock: Option<(u64, u64)>,
    rules: String,
    expansions: String,
    month: String,
    turns: u64,
}

/// Every result of every valid game of `dir`'s files, read from `score
/// --format json` and the records themselves.
fn results(dir: &Path) -> Vec<Result> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut all = Vec::new();
    let mut game = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let sheets = stdout(&["score", "--format", "json", file.to_str().unwrap()]);
        let records: Vec<_> = carcref::notation::split_games(&text)
            .map(|(base, t)| carcref::parse_game(t, base).record)
            .collect();
        for (line, record) in sheets.lines().zip(&records) {
            let sheet: Value = serde_json::from_str(line).unwrap();
            game += 1;
            if sheet["status"] != "valid" {
                continue;
            }
            let totals = sheet["totals"].as_object().unwrap();
            let best = totals.values().map(|v| v.as_i64().unwrap()).max().unwrap();
            let tag = |n: &str| record.tag(n).map(|t| t.value.value.to_string());
            let mut expansions: Vec<String> = tag("Expansions")
                .unwrap_or_default()
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            expansions.sort();
            let month = tag("Date")
                .map(|d| d.get(..7).unwrap_or("").to_string())
                .filter(|m| m.len() == 7 && m.as_bytes()[4] == b'.')
                .unwrap_or_else(|| "unknown".to_string());
            // JSON objects are read here in name order: the seats are the
            // Players tag's order.
            let seats: Vec<String> = tag("Players")
                .unwrap()
                .split(',')
                .map(|p| p.trim().split(" (").next().unwrap().to_string())
                .collect();
            for (name, total) in totals {
                let seat = seats.iter().position(|s| s == name).unwrap();
                let mut r = Result {
                    game,
                    name: name.clone(),
                    seat,
                    total: total.as_i64().unwrap(),
                    won: total.as_i64().unwrap() == best,
                    rules: tag("Rules").unwrap(),
                    expansions: if expansions.is_empty() {
                        "none".to_string()
                    } else {
                        expansions.join(",")
                    },
                    month: month.clone(),
                    turns: record.turns.len() as u64,
                    ..Result::default()
                };
                for e in sheet["events"].as_array().unwrap() {
                    if let Some(p) = e["points"][name].as_i64() {
                        *r.kinds.entry(kind(e)).or_insert(0) += p;
                        if e.get("turn").is_some() {
                            r.during += p;
                        }
                    }
                }
                for t in sheet["transfers"].as_array().into_iter().flatten() {
                    let p = t["points"].as_i64().unwrap();
                    let sign = if t["to"] == name.as_str() {
                        1
                    } else if t["from"] == name.as_str() {
                        -1
                    } else {
                        0
                    };
                    if sign != 0 {
                        *r.kinds.entry("ransom".into()).or_insert(0) += sign * p;
                        r.during += sign * p;
                    }
                }
                let mut turns = 0;
                for t in record.turns.iter().filter(|t| *t.player.value == *name) {
                    turns += 1;
                    let figures = t.follower.iter().map(|f| f.figure.as_ref()).chain(
                        t.steps.iter().filter_map(|s| match s {
                            carcref::notation::StepRecord::Figure(f) => Some(f.figure.as_ref()),
                            _ => None,
                        }),
                    );
                    for f in figures {
                        let n = f.map_or("follower".to_string(), |f| f.value.to_string());
                        *r.placed.entry(n).or_insert(0) += 1;
                    }
                }
                if let Some(seconds) = sheet["time_used"][name].as_u64() {
                    r.clock = Some((seconds, turns));
                }
                // Every point is filed under one kind.
                assert_eq!(
                    r.kinds.values().sum::<i64>(),
                    r.total,
                    "{name} in game {game}"
                );
                all.push(r);
            }
        }
    }
    all
}

fn median(mut totals: Vec<i64>) -> f64 {
    totals.sort_unstable();
    let n = totals.len();
    if n % 2 == 1 {
        totals[n / 2] as f64
    } else {
        (totals[n / 2 - 1] + totals[n / 2]) as f64 / 2.0
    }
}

/// The group of each result, as `--by` names them.
fn group_of(by: &str, r: &Result) -> String {
    match by {
        "player" => r.name.clone(),
        "seat" => (r.seat + 1).to_string(),
        "rules" => r.rules.clone(),
        "expansions" => r.expansions.clone(),
        "month" => r.month.clone(),
        _ => unreachable!(),
    }
}

#[test]
fn every_figure_agrees_with_the_score_sheets() {
    let dir = archive("figures");
    let all = results(&dir);
    let games: std::collections::BTreeSet<usize> = all.iter().map(|r| r.game).collect();
    assert!(games.len() > 40, "{} games", games.len());
    for by in ["player", "seat", "rules", "expansions", "month"] {
        let doc: Value = serde_json::from_str(&stdout(&[
            "stats",
            "--keep-duplicates",
            "--format",
            "json",
            "--by",
            by,
            dir.to_str().unwrap(),
        ]))
        .unwrap();
        assert_eq!(doc["games"], games.len(), "--by {by}");
        let turns: u64 = games
            .iter()
            .map(|g| all.iter().find(|r| r.game == *g).unwrap().turns)
            .sum();
        assert_eq!(doc["turns"], turns);
        assert_eq!(
            doc["mean_length"].as_f64().unwrap(),
            turns as f64 / games.len() as f64
        );
        assert_eq!(
            doc["median"].as_f64().unwrap(),
            median(all.iter().map(|r| r.total).collect())
        );
        let mut groups: BTreeMap<String, Vec<&Result>> = BTreeMap::new();
        for r in &all {
            groups.entry(group_of(by, r)).or_default().push(r);
        }
        let shown = doc["groups"].as_array().unwrap();
        assert_eq!(shown.len(), groups.len(), "--by {by}");
        for (g, (name, rs)) in shown.iter().zip(&groups) {
            assert_eq!(g["name"], name.as_str());
            let n_games = rs
                .iter()
                .map(|r| r.game)
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            let wins = rs.iter().filter(|r| r.won).count();
            let points: i64 = rs.iter().map(|r| r.total).sum();
            assert_eq!(g["games"], n_games, "{by} {name}");
            assert_eq!(g["wins"], wins, "{by} {name}");
            assert_eq!(
                g["win_rate"].as_f64().unwrap(),
                wins as f64 / n_games as f64
            );
            assert_eq!(g["points"], points, "{by} {name}");
            assert_eq!(g["mean"].as_f64().unwrap(), points as f64 / rs.len() as f64);
            assert_eq!(
                g["median"].as_f64().unwrap(),
                median(rs.iter().map(|r| r.total).collect())
            );
            let mut kinds: BTreeMap<String, i64> = BTreeMap::new();
            let mut placed: BTreeMap<String, u64> = BTreeMap::new();
            for r in rs {
                for (k, p) in &r.kinds {
                    *kinds.entry(k.clone()).or_insert(0) += p;
                }
                for (f, n) in &r.placed {
                    *placed.entry(f.clone()).or_insert(0) += n;
                }
            }
            for (k, p) in g["points_by_kind"].as_object().unwrap() {
                assert_eq!(
                    p.as_i64().unwrap(),
                    kinds.get(k).copied().unwrap_or(0),
                    "{by} {name} {k}"
                );
            }
            for k in kinds.keys() {
                assert!(
                    g["points_by_kind"].get(k).is_some(),
                    "{by} {name}: {k} missing"
                );
            }
            for (f, n) in g["placed"].as_object().unwrap() {
                assert_eq!(
                    n.as_u64().unwrap(),
                    placed.get(f).copied().unwrap_or(0),
                    "{by} {name} {f}"
                );
            }
            let during: i64 = rs.iter().map(|r| r.during).sum();
            let share = if points == 0 {
                0.0
            } else {
                during as f64 / points as f64
            };
            assert_eq!(g["during_share"].as_f64().unwrap(), share, "{by} {name}");
            let (seconds, turns) = rs
                .iter()
                .filter_map(|r| r.clock)
                .fold((0, 0), |(s, t), (a, b)| (s + a, t + b));
            match g.get("seconds_per_turn") {
                Some(v) => assert_eq!(v.as_f64().unwrap(), seconds as f64 / turns as f64),
                None => assert_eq!(turns, 0, "{by} {name}"),
            }
        }
        // The distribution: bins of 10 points from the lowest to the highest.
        let mut bins: BTreeMap<i64, u64> = BTreeMap::new();
        for r in &all {
            *bins.entry(r.total / 10 * 10).or_insert(0) += 1;
        }
        for b in doc["distribution"].as_array().unwrap() {
            let from = b["from"].as_i64().unwrap();
            assert_eq!(
                b["results"].as_u64().unwrap(),
                bins.get(&from).copied().unwrap_or(0)
            );
        }
        assert_eq!(
            doc["distribution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["results"].as_u64().unwrap())
                .sum::<u64>(),
            all.len() as u64
        );
    }
    // The expansions' kinds appear as kinds of their own.
    let doc: Value = serde_json::from_str(&stdout(&[
        "stats",
        "--format",
        "json",
        dir.to_str().unwrap(),
    ]))
    .unwrap();
    let kinds: Vec<&str> = doc["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    for k in [
        "road",
        "city",
        "monastery",
        "farm",
        "goods",
        "fairy",
        "gold",
        "mage",
    ] {
        assert!(kinds.contains(&k), "{k} not among {kinds:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn duplicates_are_left_out_unless_kept_and_invalid_games_counted_by_code() {
    let dir = scratch("dups");
    std::fs::write(
        dir.join("lab.cgn"),
        stdout(&["import", "lab", "tests/data/lab/bga-logs-repacked.csv"]),
    )
    .unwrap();
    std::fs::write(
        dir.join("bga.cgn"),
        stdout(&["import", "bga", "tests/data/bga"]),
    )
    .unwrap();
    std::fs::copy("tests/data/bad.cgn", dir.join("bad.cgn")).unwrap();
    let d = dir.to_str().unwrap();
    let doc: Value = serde_json::from_str(&stdout(&["stats", "--format", "json", d])).unwrap();
    assert_eq!(doc["games"], 3);
    assert_eq!(doc["left_out"]["duplicates"], 3);
    assert!(doc["left_out"]["invalid"].as_u64().unwrap() >= 1);
    assert!(!doc["left_out"]["by_code"].as_object().unwrap().is_empty());
    let kept: Value = serde_json::from_str(&stdout(&[
        "stats",
        "--keep-duplicates",
        "--format",
        "json",
        d,
    ]))
    .unwrap();
    assert_eq!(kept["games"], 6);
    assert_eq!(kept["left_out"]["duplicates"], 0);
    let human = stdout(&["stats", d]);
    assert!(
        human.contains("left out:") && human.contains("3 duplicates"),
        "{human}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_csv_by_player_has_a_row_a_player_and_the_jobs_change_nothing() {
    let dir = scratch("csv");
    std::fs::write(
        dir.join("g.cgn"),
        stdout(&["gen", "--seed", "9", "--games", "12"]),
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let csv = stdout(&["stats", "--by", "player", "--format", "csv", d]);
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("player,games,wins,points,"), "{header}");
    assert!(header.contains("points_city") && header.contains("placed_follower"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(
        rows.iter()
            .all(|r| r.split(',').count() == header.split(',').count())
    );
    for format in ["json", "csv", "human"] {
        let one = stdout(&["stats", "--jobs", "1", "--format", format, d]);
        let many = stdout(&["stats", "--jobs", "2", "--format", format, d]);
        assert_eq!(one, many, "{format}");
    }
    let svg_path = dir.join("charts.svg");
    let out = carcref(&["stats", d, "--svg", svg_path.to_str().unwrap()]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("Points by kind") && svg.contains("Final scores")
    );
    let seats: Value =
        serde_json::from_str(&stdout(&["stats", "--by", "seat", "--format", "json", d])).unwrap();
    let rates: f64 = seats["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["win_rate"].as_f64().unwrap())
        .sum();
    assert!(rates >= 1.0, "every game has a winner: {rates}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The facts the quick verdict's replay gathers are those the full referee
/// gives, game by game, for generated games of every expansion and the
/// shipped real ones; and a game's fingerprint is the same either way.
#[test]
fn the_quick_facts_are_the_full_referees() {
    let dir = archive("quick");
    let catalog = carcref::TileCatalog::embedded().unwrap();
    let mut referee = carcref::referee::Referee::new(&catalog);
    let (mut quick, mut games) = (0, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (base, game) in carcref::notation::split_games(&text) {
            games += 1;
            let outcome = carcref::referee::check_game(
                game,
                base,
                &catalog,
                carcref::ReplayOptions::default(),
            );
            let full = carcref::archive::facts::GameFacts::of(&outcome);
            let Some(tags) = carcref::archive::quick::quick_tags(game) else {
                continue;
            };
            let mut observed = carcref::archive::quick::QuickFacts::new(tags);
            if !referee.is_clean_quick_observed(game, base, &mut observed) {
                continue;
            }
            quick += 1;
            let (facts, print) = observed.facts();
            assert_eq!(facts, full, "{}: game at {base}", file.display());
            assert_eq!(
                print,
                carcref::archive::duplicates::fingerprint(&outcome.record),
                "{}: game at {base}",
                file.display()
            );
        }
    }
    assert!(
        quick * 10 >= games * 7,
        "{quick} of {games} games cleared the quick way"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
