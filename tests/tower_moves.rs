//! `carcref moves` with The Tower: what it lists besides the placements (tower
//! pieces with their captures, closing followers, ransoms) is exactly what the
//! referee accepts: every action listed, written into the record, checks
//! clean, and every action the records take is listed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::PathBuf;
use std::process::Command;

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::notation::{ActionRecord, GameRecord};
use carcref::parse;
use carcref::rules::expansions::Expansions;
use carcref::{Edition, TileCatalog, check};
use serde_json::Value;

fn moves(file: &str, turn: u32) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args([
            "moves",
            "--format",
            "json",
            file,
            "--turn",
            &turn.to_string(),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A game with The Tower, written to a file of its own.
fn generated(name: &str, seed: u64) -> (PathBuf, GameRecord) {
    let catalog = TileCatalog::embedded().unwrap();
    let options = GenOptions {
        edition: Edition::HiG2012,
        players: 2,
        expansions: Expansions::from_sets(["inns-and-cathedrals", "tower"]),
    };
    let record = random_game(&catalog, &options, &mut Rng::new(seed));
    let path = std::env::temp_dir().join(format!("carcref-{}-{name}.cgn", std::process::id()));
    std::fs::write(&path, write(std::slice::from_ref(&record))).unwrap();
    (path, record)
}

/// The game's turns before `turn`, then one line, as an unfinished record.
fn with_turn(record: &GameRecord, turn: u32, line: &str) -> String {
    let mut r = record.clone();
    r.turns.retain(|t| t.number.value < turn);
    r.tags
        .retain(|t| !matches!(t.name.value.as_str(), "Result" | "Termination"));
    let mut text = write(std::slice::from_ref(&r));
    text.push_str("[Termination \"interrupted\"]\n");
    // The tag goes with the others: rebuild the text with it in the header.
    let (header, turns) = text.split_once("\n\n").unwrap();
    let (turns, tag) = turns.rsplit_once("[Termination").unwrap();
    format!("{header}\n[Termination{tag}\n{turns}{line}\n")
}

/// Every action of every written turn the listing holds: each piece (alone
/// and with each capture), each closing follower, each ransom, as turn lines
/// with a placement they are legal with.
fn listed_lines(doc: &Value, turn: u32) -> Vec<String> {
    let head = |p: &Value| common::placement_head(doc, turn, p);
    let placements = doc["placements"].as_array().unwrap();
    let mut lines = Vec::new();
    let pieces = |p: &Value, list: &Value, lines: &mut Vec<String>| {
        for piece in list.as_array().into_iter().flatten() {
            let w = piece["written"].as_str().unwrap();
            lines.push(format!("{} {w}", head(p)));
            for c in piece["captures"].as_array().unwrap() {
                lines.push(format!(
                    "{} {w} {}",
                    head(p),
                    c["written"].as_str().unwrap()
                ));
            }
        }
    };
    for p in placements {
        pieces(p, &p["tower_pieces"], &mut lines);
    }
    // The actions legal with every placement, with the first and the last.
    let tower = &doc["tower"];
    for p in [placements.first(), placements.last()]
        .into_iter()
        .flatten()
    {
        pieces(p, &tower["pieces"], &mut lines);
        for c in tower["closings"].as_array().unwrap() {
            lines.push(format!("{} {}", head(p), c["written"].as_str().unwrap()));
        }
        for r in tower["ransoms"].as_array().unwrap() {
            lines.push(format!("{} {}", head(p), r["written"].as_str().unwrap()));
        }
    }
    lines
}

#[test]
fn every_tower_action_listed_is_legal() {
    let catalog = TileCatalog::embedded().unwrap();
    let (path, record) = generated("listed", 31);
    let file = path.to_str().unwrap();
    let mut checked = 0;
    let mut captures = 0;
    for turn in [12, 25, 38, 50, 62] {
        let doc = moves(file, turn);
        assert!(doc["tower"].is_object());
        for line in listed_lines(&doc, turn) {
            let text = with_turn(&record, turn, &line);
            let outcome = check("listed.cgn", &text, &catalog);
            let faults: Vec<_> = outcome.games[0]
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .collect();
            assert!(faults.is_empty(), "turn {turn}: {line}: {faults:?}");
            checked += 1;
            captures += usize::from(line.contains("capture:"));
        }
    }
    std::fs::remove_file(&path).unwrap();
    assert!(checked > 20, "{checked} actions");
    assert!(captures > 0, "no capture listed");
}

/// The piece, capture, exchange, closing follower and ransom of every turn of
/// the Tower's fixtures and of a generated game's turns with actions, found
/// in what `moves` lists for that turn.
#[test]
fn every_tower_action_taken_is_listed() {
    let (path, record) = generated("taken", 32);
    let mut cases: Vec<(String, GameRecord)> = ["tower-prisoner-and-ransom", "tower-exchange"]
        .iter()
        .map(|name| {
            let file = format!("notation/games/valid/{name}.cgn");
            let text = std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&file),
            )
            .unwrap();
            (file, parse(&text).remove(0).record)
        })
        .collect();
    cases.push((path.to_str().unwrap().to_string(), record));
    let mut found = 0;
    for (file, record) in &cases {
        let with_steps = record.turns.iter().filter(|t| !t.steps.is_empty()).take(12);
        for t in with_steps {
            let turn = t.number.value;
            let doc = moves(file, turn);
            let ActionRecord::Place { pos, rotation } = &t.action.value else {
                continue;
            };
            let here = common::listed_placement(&doc, pos.value, rotation.value)
                .unwrap_or_else(|| panic!("{file} turn {turn}: its placement is not listed"));
            let tower = &doc["tower"];
            let pieces: Vec<&Value> = here["tower_pieces"]
                .as_array()
                .into_iter()
                .chain(tower["pieces"].as_array())
                .flatten()
                .collect();
            let written: Vec<String> = t.steps.iter().map(carcref::notation::write::step).collect();
            let mut i = 0;
            while let Some(w) = written.get(i) {
                let listed = if w.starts_with("+tower:") {
                    let piece = pieces.iter().find(|p| p["written"] == w.as_str());
                    // The capture after it, with its exchange's choice.
                    let mut capture: Vec<String> = Vec::new();
                    while let Some(next) = written.get(i + 1 + capture.len())
                        && (next.starts_with("capture:") || next.starts_with("exchange:"))
                    {
                        capture.push(next.clone());
                    }
                    i += capture.len();
                    // The owner may be named where no other stands there.
                    let bare = |s: &str| s.split('(').next().unwrap_or(s).to_string();
                    let capture: Vec<String> = capture.iter().map(|c| bare(c)).collect();
                    // An exchange written where the rules give it one way
                    // is the exchange listed.
                    let exchange = capture
                        .iter()
                        .find_map(|c| c.strip_prefix("exchange:"))
                        .map(str::to_string);
                    // The follower taken: its square and kind (a field
                    // has several spot names; the listing writes the
                    // first).
                    let taken = capture.first().map(|c| {
                        let arg = c.trim_start_matches("capture:");
                        let big = arg.starts_with("big:");
                        let square = arg.trim_start_matches("big:").split('/').next();
                        (square.unwrap_or("").to_string(), big)
                    });
                    piece.is_some_and(|p| {
                        capture.is_empty()
                            || p["captures"].as_array().unwrap().iter().any(|c| {
                                taken.as_ref().is_some_and(|(square, big)| {
                                    c["at"] == square.as_str() && (c["figure"] == "big") == *big
                                }) && exchange
                                    .as_ref()
                                    .is_none_or(|k| c["exchange"] == k.as_str())
                            })
                    })
                } else if w.starts_with("ransom:") {
                    tower["ransoms"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|r| r["written"] == w.as_str())
                } else if w.ends_with("/T") {
                    tower["closings"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|c| c["written"] == w.as_str())
                } else {
                    // A follower on the tile, placed after a ransom.
                    true
                };
                assert!(listed, "{file} turn {turn}: {w} is not listed: {doc}");
                found += 1;
                i += 1;
            }
        }
    }
    std::fs::remove_file(&path).unwrap();
    assert!(found > 15, "{found} actions");
}
