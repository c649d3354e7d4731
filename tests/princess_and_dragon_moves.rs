//! `carcref moves` with The Princess & the Dragon: what it lists besides the
//! placements (the fairy's moves, followers through the magic portal, the
//! princess's knights, the dragon's first moves) is exactly what the referee
//! accepts: every action listed, written into the record, checks clean (a
//! dragon's first move with its journey finished), and every action the
//! records take is listed.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::path::PathBuf;
use std::process::Command;

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::notation::{ActArg, ActionRecord, GameRecord, Place, StepRecord};
use carcref::parse;
use carcref::rules::expansions::Expansions;
use carcref::{Edition, Spot, TileCatalog, check};
use serde_json::Value;

fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn moves_out(file: &str, turn: u32, json: bool) -> String {
    let t = turn.to_string();
    let mut args = vec!["moves", file, "--turn", &t];
    if json {
        args.extend(["--format", "json"]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(&args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{file} turn {turn}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn moves(file: &str, turn: u32) -> Value {
    serde_json::from_str(&moves_out(file, turn, true)).unwrap()
}

/// A game with The Princess & the Dragon, written to a file of its own.
fn generated(name: &str, edition: Edition, seed: u64) -> (PathBuf, GameRecord) {
    let catalog = TileCatalog::embedded().unwrap();
    let options = GenOptions {
        edition,
        players: 3,
        expansions: Expansions::from_sets(["princess-and-dragon"]),
    };
    let record = random_game(&catalog, &options, &mut Rng::new(seed));
    let path = std::env::temp_dir().join(format!(
        "carcref-pd-{}-{name}-{seed}.cgn",
        std::process::id()
    ));
    std::fs::write(&path, write(std::slice::from_ref(&record))).unwrap();
    (path, record)
}

fn fixture(name: &str) -> (String, GameRecord) {
    let file = format!("notation/games/valid/{name}.cgn");
    let text = std::fs::read_to_string(root().join(&file)).unwrap();
    (file, parse(&text).remove(0).record)
}

/// The game's turns before `turn`, then one line, as an unfinished record.
fn with_turn(record: &GameRecord, turn: u32, line: &str) -> String {
    let mut r = record.clone();
    r.turns.retain(|t| t.number.value < turn);
    r.tags
        .retain(|t| !matches!(t.name.value.as_str(), "Result" | "Termination"));
    let text = write(std::slice::from_ref(&r));
    let (header, turns) = text.split_once("\n\n").unwrap_or((text.as_str(), ""));
    format!("{header}\n[Termination \"interrupted\"]\n\n{turns}{line}\n")
}

/// The codes of the errors the referee finds in a record.
fn errors(text: &str, catalog: &TileCatalog) -> Vec<String> {
    check("listed.cgn", text, catalog).games[0]
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(carcref::Diagnostic::code)
        .collect()
}

/// A turn line checked with the dragon's journey finished: while the only
/// fault is an unfinished journey (E422), the first direction the referee
/// accepts is written next. The line with its journey, and its faults.
fn finished(
    record: &GameRecord,
    turn: u32,
    line: &str,
    catalog: &TileCatalog,
) -> (String, Vec<String>) {
    let mut line = line.to_string();
    let mut faults = errors(&with_turn(record, turn, &line), catalog);
    for _ in 0..6 {
        if faults != ["E422"] {
            break;
        }
        let next = ["N", "E", "S", "W"].into_iter().find_map(|d| {
            let longer = format!("{line} dragon:{d}");
            let f = errors(&with_turn(record, turn, &longer), catalog);
            (!f.iter().any(|c| c == "E421")).then_some((longer, f))
        });
        let Some((longer, f)) = next else { break };
        line = longer;
        faults = f;
    }
    (line, faults)
}

/// Every action of The Princess & the Dragon the listing holds, as turn
/// lines with a placement it is legal with.
fn listed_lines(doc: &Value, turn: u32) -> Vec<String> {
    let head = |p: &Value| common::placement_head(doc, turn, p);
    let placements = doc["placements"].as_array().unwrap();
    let mut lines = Vec::new();
    let written = |list: &Value| -> Vec<String> {
        list.as_array()
            .into_iter()
            .flatten()
            .map(|a| a["written"].as_str().unwrap().to_string())
            .collect()
    };
    for p in placements {
        for key in ["princess", "fairy", "portal", "dragon"] {
            for w in written(&p[key]) {
                lines.push(format!("{} {w}", head(p)));
            }
        }
    }
    let pd = &doc["princess_and_dragon"];
    for p in [placements.first(), placements.last()]
        .into_iter()
        .flatten()
    {
        for key in ["fairy_moves", "portal"] {
            for w in written(&pd[key]) {
                lines.push(format!("{} {w}", head(p)));
            }
        }
    }
    lines
}

/// Turns of a record worth listing: those with actions of the expansion
/// (and the turn after each), and a few others.
fn turns_of(record: &GameRecord, most: usize) -> Vec<u32> {
    let mut turns: Vec<u32> = record
        .turns
        .iter()
        .filter(|t| !t.steps.is_empty())
        .flat_map(|t| [t.number.value, t.number.value + 1])
        .chain(record.turns.iter().map(|t| t.number.value).step_by(9))
        .filter(|n| record.turns.iter().any(|t| t.number.value == *n))
        .collect();
    turns.sort_unstable();
    turns.dedup();
    turns.truncate(most);
    turns
}

/// The records to look at: the fixtures named, then a generated game under
/// each edition (seeds `seeds`, RGG-2000 first) written to a file named after
/// `tag`; each with its name and, for a generated one, its file.
fn cases(
    fixtures: &[&str],
    tag: &str,
    seeds: [u64; 2],
) -> Vec<(String, GameRecord, Option<PathBuf>)> {
    let mut out: Vec<(String, GameRecord, Option<PathBuf>)> = fixtures
        .iter()
        .map(|n| {
            let (f, r) = fixture(n);
            (f, r, None)
        })
        .collect();
    for (edition, seed) in [Edition::Rgg2000, Edition::HiG2012].into_iter().zip(seeds) {
        let (path, record) = generated(tag, edition, seed);
        out.push((path.to_str().unwrap().to_string(), record, Some(path)));
    }
    out
}

#[test]
fn every_dragon_action_listed_is_legal() {
    let catalog = TileCatalog::embedded().unwrap();
    let cases = cases(
        &[
            "princess-and-dragon-fairy",
            "princess-and-dragon-princess",
            "princess-and-dragon-journey",
            "princess-and-dragon-aside-and-volcano",
        ],
        "listed",
        [41, 42],
    );
    let mut checked = 0;
    let mut kinds = [0usize; 4];
    for (file, record, path) in &cases {
        for turn in turns_of(record, 14) {
            let doc = moves(file, turn);
            assert!(doc["princess_and_dragon"].is_object(), "{file} {turn}");
            for line in listed_lines(&doc, turn) {
                let (line, faults) = finished(record, turn, &line, &catalog);
                assert!(faults.is_empty(), "{file} turn {turn}: {line}: {faults:?}");
                checked += 1;
                for (i, mark) in ["princess:", "+fairy:", "/", "dragon:"].iter().enumerate() {
                    if line.contains(mark) && !(i == 2 && line.contains("+fairy:")) {
                        kinds[i] += 1;
                    }
                }
            }
        }
        if let Some(p) = path {
            std::fs::remove_file(p).unwrap();
        }
    }
    assert!(checked > 40, "{checked} actions");
    // Knights, fairy moves, portal targets and first moves of the dragon.
    assert!(kinds.iter().all(|n| *n > 0), "{kinds:?}");
}

/// The canonical name of a spot on a tile: the first spot name that reaches
/// its segment, as listings write it (a road east–west is `E`, however a
/// record names it).
fn canonical(def: &carcref::TileDef, rotation: carcref::Rotation, spot: Spot) -> Spot {
    let segment = spot.segment(def, rotation);
    Spot::all()
        .find(|s| segment.is_some() && s.segment(def, rotation) == segment)
        .unwrap_or(spot)
}

/// A step with its spot named canonically: on the tile at its square, or on
/// the tile placed (`own`).
fn canonical_step(
    game: &carcref::Game<'_>,
    own: (carcref::TileId, carcref::Rotation, carcref::Pos),
    step: &StepRecord,
) -> String {
    let mut step = step.clone();
    let target = match &mut step {
        StepRecord::Figure(f) => Some(&mut f.target),
        StepRecord::Act(a) => match a.arg.as_mut().map(|x| &mut x.value) {
            Some(ActArg::At { target, .. }) if target.pos.is_some() => Some(target),
            _ => None,
        },
    };
    if let Some(target) = target {
        let on = match &target.pos {
            Some(p) => game.board().at(p.value).map(|t| (t.tile, t.rotation)),
            None => Some((own.0, own.1)),
        };
        if let (Some((tile, rotation)), Some(place)) = (on, target.place.as_mut())
            && let Place::Spot(spot) = place.value
        {
            place.value = Place::Spot(canonical(game.catalog().def(tile), rotation, spot));
        }
    }
    carcref::notation::write::step(&step)
}

/// Every figure on the tile, fairy move, follower through the portal,
/// knight sent home and first move of the dragon of the fixtures and of
/// generated games, found in what `moves` lists for that turn; a tile set
/// aside is listed as such.
#[test]
fn every_dragon_action_taken_is_listed() {
    let cases = cases(
        &[
            "princess-and-dragon-fairy",
            "princess-and-dragon-princess",
            "princess-and-dragon-princess-and-builder",
            "princess-and-dragon-journey",
            "princess-and-dragon-aside-and-volcano",
        ],
        "taken",
        [43, 44],
    );
    let catalog = TileCatalog::embedded().unwrap();
    let bare = |s: &str| s.split('(').next().unwrap_or(s).to_string();
    let mut found = [0usize; 6];
    for (file, record, path) in &cases {
        let mut with_steps = 0;
        for t in &record.turns {
            let turn = t.number.value;
            let aside = matches!(t.action.value, ActionRecord::Aside);
            if (t.steps.is_empty() && !aside) || with_steps >= 16 {
                continue;
            }
            with_steps += 1;
            let doc = moves(file, turn);
            let pd = &doc["princess_and_dragon"];
            let ActionRecord::Place { pos, rotation } = &t.action.value else {
                assert!(aside, "{file} turn {turn}");
                assert_eq!(doc["none"], "set-aside", "{file} turn {turn}: {doc}");
                assert_eq!(pd["set_aside"], true);
                found[5] += 1;
                continue;
            };
            let here = common::listed_placement(&doc, pos.value, rotation.value)
                .unwrap_or_else(|| panic!("{file} turn {turn}: its placement is not listed"));
            let listed = |lists: &[&Value], w: &str| {
                lists.iter().any(|l| {
                    l.as_array()
                        .into_iter()
                        .flatten()
                        .any(|a| bare(a["written"].as_str().unwrap()) == bare(w))
                })
            };
            let game = carcref::referee::replay_to(record, &catalog, Some(turn - 1)).unwrap();
            let tile = catalog.id(&t.tile.value).unwrap();
            let mut dragon_moves = 0;
            for step in &t.steps {
                let w = canonical_step(&game, (tile, rotation.value, pos.value), step);
                let (ok, kind) = if w.starts_with("+fairy:") {
                    (listed(&[&here["fairy"], &pd["fairy_moves"]], &w), 0)
                } else if w.starts_with("princess:") {
                    (listed(&[&here["princess"]], &w), 1)
                } else if w.starts_with("dragon:") {
                    dragon_moves += 1;
                    if dragon_moves > 1 {
                        continue;
                    }
                    (listed(&[&here["dragon"]], &w), 2)
                } else if let StepRecord::Figure(f) = step
                    && f.target.pos.is_some()
                {
                    (listed(&[&here["portal"], &pd["portal"]], &w), 3)
                } else {
                    // A figure on the tile placed, written as a step.
                    let spot = w.trim_start_matches('+');
                    let (figure, spot) = match spot.split_once(':') {
                        Some((f, s)) => (f, s),
                        None => ("follower", spot),
                    };
                    let ok = here["figures"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|f| f["figure"] == figure && f["spot"] == spot);
                    (ok, 4)
                };
                assert!(ok, "{file} turn {turn}: {w} is not listed: {doc}");
                found[kind] += 1;
            }
            // A follower of version 1, with the other actions.
            if let Some(f) = &t.follower {
                let spot = canonical(catalog.def(tile), rotation.value, f.spot.value).to_string();
                let figure = f.figure.as_ref().map_or("follower", |n| n.value.as_str());
                assert!(
                    here["figures"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|x| x["spot"] == spot.as_str() && x["figure"] == figure),
                    "{file} turn {turn}: the {figure} on {spot} is not listed: {doc}"
                );
                found[4] += 1;
            }
        }
        if let Some(p) = path {
            std::fs::remove_file(p).unwrap();
        }
    }
    // Fairy moves, knights, the dragon's first moves, portals, figures on
    // the tile, tiles set aside.
    assert!(found.iter().all(|n| *n > 0), "{found:?}");
}

/// What the engine refuses is not listed: no figure on a volcano, none but
/// the princess's knight where she must send one home, no placement of a
/// dragon tile before the first volcano.
#[test]
fn moves_leave_out_what_the_expansion_bars() {
    let file = "notation/games/valid/princess-and-dragon-aside-and-volcano.cgn";
    let doc = moves(file, 1);
    assert_eq!(doc["none"], "set-aside");
    assert_eq!(doc["placements"], serde_json::json!([]));
    let doc = moves(file, 2);
    let placements = doc["placements"].as_array().unwrap();
    assert!(!placements.is_empty());
    assert!(
        placements
            .iter()
            .all(|p| p["figures"] == serde_json::json!([])),
        "{doc}"
    );
    assert_eq!(doc["princess_and_dragon"]["dragon"], Value::Null);
    // Turn 4: the dragon at -1,0, PD7 back from aside.
    let doc = moves(file, 4);
    assert_eq!(doc["princess_and_dragon"]["dragon"], "-1,0");
    let at = doc["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["at"] == "0,-1" && p["rotation"] == "r0")
        .unwrap();
    assert_eq!(
        at["dragon"],
        serde_json::json!([{"direction": "E", "to": "0,0", "player": "Ann", "written": "dragon:E"}])
    );
    let file = "notation/games/valid/princess-and-dragon-princess.cgn";
    let doc = moves(file, 2);
    let at = doc["placements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["at"] == "0,2")
        .unwrap();
    assert_eq!(at["princess_required"], true);
    assert_eq!(at["figures"], serde_json::json!([]));
    assert_eq!(
        at["princess"],
        serde_json::json!([{"at": "0,1", "spot": "N", "player": "Ann", "figure": "follower", "written": "princess:0,1/N(Ann)"}])
    );
    let human = moves_out(file, 2, false);
    assert!(
        human.contains("the princess must send home: princess:0,1/N(Ann) (Ann's follower)"),
        "{human}"
    );
}
