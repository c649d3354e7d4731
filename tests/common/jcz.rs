#![allow(clippy::indexing_slicing)]
//! JCloisterZone saves (`notation/import-jcz.md`) written from CGN records: how
//! the shipped save of `tests/data/jcz/` is made from one of the example games.
//! The random numbers are chosen so that the program's pack (its tiles ordered
//! by their ids, the start tile taken out; `r × size` picks one) draws each
//! turn's tile: the importer must find the same draws.

use carcref::TileCatalog;
use carcref::notation::{ActionRecord, GameRecord};
use carcref::tiles::{FeatureKind, Spot};

/// The shipped save.
pub const SHIPPED_SAVE: &str = "jcz/hig2012-two-players.jcz";

/// The game it is written from (the example game the shipped score sheet is
/// written from too), and its record.
#[allow(unused_imports)]
pub use super::kifu::{SOURCE_GAME, source_game};

/// The program's location of a spot: an edge letter, a half-edge (`NL` … `WR`)
/// or `I`.
fn location(spot: Spot) -> String {
    match spot {
        Spot::Edge(side) => side.to_string(),
        Spot::Half(h) => ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"][h.index()].to_string(),
        Spot::Centre => "I".to_string(),
    }
}

/// A save of a basic game without discards, as the program would write it.
pub fn save(record: &GameRecord, catalog: &TileCatalog) -> String {
    let players: Vec<String> = record
        .tag("Players")
        .unwrap()
        .value
        .value
        .split(',')
        .map(|p| p.split(" (").next().unwrap().trim().to_string())
        .collect();
    // The pack, by the program's ids, less one start tile.
    let mut pack: Vec<String> = Vec::new();
    for (_, def) in catalog.set("basic") {
        for _ in 0..def.count {
            pack.push(def.jcz.clone().unwrap());
        }
    }
    pack.sort();
    let start = pack.iter().position(|t| t == "BA/RCr").unwrap();
    pack.remove(start);
    let mut randoms = Vec::new();
    for t in &record.turns {
        let def = catalog.def(catalog.id(&t.tile.value).unwrap());
        let jcz = def.jcz.clone().unwrap();
        let index = pack.iter().position(|p| *p == jcz).unwrap();
        randoms.push((index as f64 + 0.5) / pack.len() as f64);
        pack.remove(index);
    }
    let mut replay = Vec::new();
    let mut used = vec![0usize; players.len()];
    for (i, t) in record.turns.iter().enumerate() {
        let seat = players
            .iter()
            .position(|p| *p == t.player.value.as_str())
            .unwrap();
        let def = catalog.def(catalog.id(&t.tile.value).unwrap());
        let ActionRecord::Place { pos, rotation } = &t.action.value else {
            panic!("a discard in the source game");
        };
        let position = serde_json::json!([pos.value.x, -pos.value.y]);
        replay.push(serde_json::json!({
            "type": "PLACE_TILE",
            "player": seat,
            "payload": {
                "tileId": def.jcz,
                "rotation": format!("R{}", rotation.value.quarter_turns() * 90),
                "position": position,
            }
        }));
        match &t.follower {
            Some(f) => {
                let seg = f.spot.value.segment(def, rotation.value).unwrap();
                let feature = match def.segment(seg).unwrap().kind {
                    FeatureKind::City => "City",
                    FeatureKind::Road => "Road",
                    FeatureKind::Field => "Field",
                    FeatureKind::Monastery => "Monastery",
                };
                used[seat] += 1;
                replay.push(serde_json::json!({
                    "type": "DEPLOY_MEEPLE",
                    "player": seat,
                    "payload": {
                        "pointer": {
                            "position": position,
                            "location": location(f.spot.value),
                            "feature": feature,
                        },
                        "meepleId": format!("{seat}.small.{}", used[seat]),
                    }
                }));
            }
            None => replay.push(serde_json::json!({"type": "PASS", "player": seat, "payload": {}})),
        }
        let random = randoms.get(i + 1).copied().unwrap_or(0.5);
        replay.push(serde_json::json!({
            "type": "COMMIT",
            "player": seat,
            "payload": {"random": random}
        }));
    }
    let save = serde_json::json!({
        "appVersion": "carcref test data",
        "gameId": "hig2012-two-players",
        "name": "",
        "initialRandom": randoms[0],
        "setup": {
            "sets": {"basic:1": 1},
            "elements": {"small-follower": 7, "farmers": true},
            "rules": {"tiny-city-scoring": "4"},
            "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}],
        },
        "players": players.iter().enumerate().map(|(i, n)| serde_json::json!({"name": n, "slot": i})).collect::<Vec<_>>(),
        "replay": replay,
    });
    serde_json::to_string_pretty(&save).unwrap() + "\n"
}
