#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The Board Game Arena importer against the three real logs shipped in
//! `tests/data/bga/`: every import is accepted by the referee with every
//! claim matching and the platform's final totals; the referee's final scoring
//! matches the platform's event by event; the spots the platform offered for a
//! follower are exactly the spots the referee allows; malformed logs give coded
//! errors with a JSON path, never a panic.

mod common;

use std::collections::BTreeMap;

use carcref::header::Header;
use carcref::import::ImportError;
use carcref::import::bga;
use carcref::notation::write::write;
use carcref::notation::{ActionRecord, GameRecord};
use carcref::{Game, TileCatalog, check};
use serde_json::{Value, json};

/// (table, final totals as the platform recorded them, first player first).
const GAMES: [(&str, [(&str, u32); 2]); 3] = [
    ("366166200", [("KokiYamaguchi", 96), ("Kithara", 70)]),
    ("368679629", [("KokiYamaguchi", 94), ("Kithara", 91)]),
    ("370417702", [("Kithara", 108), ("KokiYamaguchi", 91)]),
];

fn log(table: &str) -> String {
    common::data(&format!("bga/{table}.json"))
}

fn imported(table: &str) -> GameRecord {
    bga::import(&log(table)).unwrap_or_else(|e| panic!("{table}: {e:?}"))
}

/// The events of a log in order, with their JSON paths.
fn events(root: &Value) -> Vec<(String, &Value)> {
    let mut out = Vec::new();
    let packets = root
        .pointer("/data/data")
        .and_then(Value::as_array)
        .unwrap();
    for (i, packet) in packets.iter().enumerate() {
        let list = packet.get("data").and_then(Value::as_array).unwrap();
        for (j, event) in list.iter().enumerate() {
            out.push((format!("data.data[{i}].data[{j}]"), event));
        }
    }
    out
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Number(n) => n.as_i64().unwrap(),
        Value::String(s) => s.parse().unwrap(),
        _ => panic!("not a number: {v}"),
    }
}

#[test]
fn every_log_is_accepted_with_the_platform_totals() {
    let catalog = TileCatalog::embedded().unwrap();
    for (table, totals) in GAMES {
        let record = imported(table);
        let text = write(&[record]);
        let outcome = check(table, &text, &catalog);
        assert!(
            !outcome.has_errors(),
            "{table}: {:#?}\n{text}",
            outcome.games[0].diagnostics
        );
        let score = outcome.games[0].score().unwrap();
        for (name, points) in totals {
            assert_eq!(score.total(name), Some(points), "{table}: {name}");
        }
        let players: Vec<&str> = totals.iter().map(|(n, _)| *n).collect();
        assert_eq!(score.players, players, "{table}: seat order");
        assert!(
            text.contains(&format!("[Source \"bga {table}\"]")),
            "{text}"
        );
        assert!(text.contains("[Termination \"complete\"]"), "{text}");
    }
}

#[test]
fn every_scoring_during_play_becomes_a_claim() {
    for (table, _) in GAMES {
        let root: Value = serde_json::from_str(&log(table)).unwrap();
        let mut platform = 0;
        let mut final_scoring = false;
        for (_, e) in events(&root) {
            if e["type"] == "gameStateChange" && matches!(e["args"]["id"].as_i64(), Some(6 | 7)) {
                final_scoring = true;
            }
            if e["type"] == "winPoints" && !final_scoring {
                platform += int(&e["args"]["points"]);
            }
        }
        let record = imported(table);
        let claimed: u32 = record
            .turns
            .iter()
            .flat_map(|t| &t.claims)
            .map(|c| c.points.value)
            .sum();
        assert!(platform > 0);
        assert_eq!(i64::from(claimed), platform, "{table}");
        assert!(
            record
                .turns
                .iter()
                .flat_map(|t| &t.claims)
                .all(|c| c.total.is_some()),
            "{table}: every claim carries the platform's running total"
        );
    }
}

/// The final scoring of the referee equals the platform's, event by event: the
/// same features score the same points for the same players.
#[test]
fn final_scoring_matches_the_platform_event_by_event() {
    let catalog = TileCatalog::embedded().unwrap();
    for (table, _) in GAMES {
        let root: Value = serde_json::from_str(&log(table)).unwrap();
        let mut platform: Vec<(String, String, i64)> = Vec::new();
        let mut final_scoring = false;
        let mut what = String::new();
        for (_, e) in events(&root) {
            let args = &e["args"];
            if e["type"] == "gameStateChange" && matches!(args["id"].as_i64(), Some(6 | 7)) {
                final_scoring = true;
            }
            if !final_scoring {
                continue;
            }
            if e["type"] == "realizationAchieved" {
                // real_type is translated in some logs; a farm carries city_nbr.
                what = match args["real_type"].as_str().unwrap() {
                    "abbey" => "monastery".to_string(),
                    _ if args.get("city_nbr").is_some() => "field".to_string(),
                    other => other.to_string(),
                };
            }
            if e["type"] == "winPoints" {
                let name = args["player_name"].as_str().unwrap().to_string();
                platform.push((what.clone(), name, int(&args["points"])));
            }
        }
        let text = write(&[imported(table)]);
        let outcome = check(table, &text, &catalog);
        let replay = outcome.games[0].replay.as_ref().unwrap();
        let mut ours: Vec<(String, String, i64)> = Vec::new();
        for e in replay.events.iter().filter(|e| e.turn.is_none()) {
            for w in &e.winners {
                let name = replay.players[w.index()].clone();
                ours.push((e.kind.to_string(), name, i64::from(e.points)));
            }
        }
        platform.sort();
        ours.sort();
        assert_eq!(ours, platform, "{table}");
    }
}

/// After each placement the platform lists the spots the player may take
/// (`gameStateChange` id 3, `args.spots`). Mapped through the importer's table,
/// they are exactly the features the referee allows: every spot index of the
/// table is checked against the referee wherever the platform offered it.
#[test]
fn offered_spots_are_the_legal_followers() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut checked: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    let mut mismatches = Vec::new();
    for (table, _) in GAMES {
        let root: Value = serde_json::from_str(&log(table)).unwrap();
        // Per placement: kind, orientation and the offered spot indices.
        let mut offers: Vec<(i64, i64, Option<Vec<i64>>)> = Vec::new();
        for (_, e) in events(&root) {
            let args = &e["args"];
            if e["type"] == "playTile" {
                offers.push((int(&args["type"]), int(&args["ori"]), None));
            }
            if e["type"] == "gameStateChange"
                && args["id"].as_i64() == Some(3)
                && let Some(last) = offers.last_mut()
            {
                let spots = args["args"]["spots"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                last.2 = Some(spots.iter().map(|s| int(&s["pos"])).collect());
            }
        }
        let record = imported(table);
        let (header, _) = Header::read(&record);
        let mut game = Game::new(header.unwrap().setup(), &catalog);
        assert_eq!(offers.len(), record.turns.len());
        for (turn, (kind, ori, offered)) in record.turns.iter().zip(offers) {
            let ActionRecord::Place { pos, rotation } = &turn.action.value else {
                panic!("{table}: no discards in these logs");
            };
            let (pos, rotation) = (pos.value, rotation.value);
            let tile = catalog.id(&turn.tile.value).unwrap();
            let def = catalog.def(tile);
            let player = game.seat(&turn.player.value).unwrap();
            let mut legal = game.legal_followers(player, tile, pos, rotation);
            legal.sort_unstable();
            let offered = offered
                .unwrap_or_else(|| panic!("{table}: turn {} has no offer", turn.number.value));
            let mut mapped: Vec<_> = offered
                .iter()
                .map(|i| {
                    *checked.entry((kind, *i)).or_default() += 1;
                    let (_, spot) = bga::spot(kind, *i, ori)
                        .unwrap_or_else(|| panic!("{table}: kind {kind} has no spot {i}"));
                    spot.segment(def, rotation).unwrap()
                })
                .collect();
            mapped.sort_unstable();
            if mapped != legal {
                mismatches.push(format!(
                    "{table} turn {}: offered {offered:?} = segments {mapped:?}, referee {legal:?}",
                    turn.number.value
                ));
            }
            game.play(turn).unwrap();
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    // The spot indices the platform never offered in these logs: a city already
    // held when the tile was laid (G spot 1, C spot 1). Every other index of the
    // table was offered, so it is checked against the referee above.
    let mut never = Vec::new();
    for kind in 1..=24 {
        for i in (1..=8).filter(|i| bga::spot(kind, *i, 1).is_some()) {
            if !checked.contains_key(&(kind, i)) {
                never.push(format!("{}{i}", bga::tile_id(kind).unwrap()));
            }
        }
    }
    assert_eq!(never, ["G1", "C1"]);
}

#[test]
fn snapshot_of_one_import() {
    let text = write(&[imported("366166200")]);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_bga_366166200", text);
    });
}

#[test]
fn tables_are_consistent_with_the_catalog() {
    let catalog = TileCatalog::embedded().unwrap();
    for kind in 1..=24 {
        let letter = bga::tile_id(kind).unwrap();
        let def = catalog.def(catalog.id(letter).unwrap());
        for ori in 1..=4 {
            let rotation = bga::rotation(kind, ori).unwrap();
            let mut segments = Vec::new();
            for index in 1..=8 {
                let Some((feature, spot)) = bga::spot(kind, index, ori) else {
                    continue;
                };
                let segment = spot
                    .segment(def, rotation)
                    .unwrap_or_else(|| panic!("kind {kind} spot {index} names nothing"));
                assert_eq!(
                    def.segments[usize::from(segment)].kind,
                    feature,
                    "kind {kind} spot {index}"
                );
                segments.push(segment);
            }
            // One index per feature, and every feature has an index.
            let distinct: std::collections::BTreeSet<_> = segments.iter().collect();
            assert_eq!(
                distinct.len(),
                segments.len(),
                "kind {kind}: two indices, one feature"
            );
            assert_eq!(
                segments.len(),
                def.segments.len(),
                "kind {kind}: a feature has no index"
            );
        }
        assert_eq!(bga::rotation(kind, 0), None);
        assert_eq!(bga::rotation(kind, 5), None);
    }
    assert_eq!(bga::tile_id(0), None);
    assert_eq!(bga::tile_id(25), None);
}

// ---- logs without their end ----

/// The log with its packets cut to the first `n`.
fn packets_cut(root: &Value, n: usize) -> Value {
    let mut root = root.clone();
    at(&mut root, "data.data")
        .as_array_mut()
        .unwrap()
        .truncate(n);
    root
}

/// The number of packets before the one that lays the `turn`-th tile (1-based):
/// the log cut there holds every event of the turns before, whole.
fn packets_before_turn(root: &Value, turn: usize) -> usize {
    let plays = events(root)
        .into_iter()
        .filter(|(_, e)| e["type"] == "playTile")
        .map(|(p, _)| p)
        .nth(turn - 1)
        .unwrap();
    let packet = plays
        .strip_prefix("data.data[")
        .and_then(|p| p.split(']').next())
        .unwrap();
    packet.parse().unwrap()
}

/// The turns of a record without the comment lines before the first (the notes
/// on the players, which the end of a log adds to).
fn turns_of(record: &GameRecord) -> Vec<carcref::notation::TurnRecord> {
    let mut turns = record.turns.clone();
    if let Some(first) = turns.first_mut() {
        first.comments_before.clear();
    }
    turns
}

fn check_clean(name: &str, record: &GameRecord) -> carcref::Outcome {
    let text = write(std::slice::from_ref(record));
    let outcome = check(name, &text, &TileCatalog::embedded().unwrap());
    assert!(
        outcome.games.first().unwrap().diagnostics.is_empty(),
        "{name}:\n{}\n{text}",
        carcref::report::render_diagnostics(&outcome, &Default::default())
    );
    outcome
}

/// A log cut after a packet (the game stopped, or the log was fetched before its
/// end) imports as the turns played, `interrupted` with no result, and passes the
/// referee: each claim the importer writes from the platform's scorings matches,
/// and the scores are those the whole game's replay reaches after the same turn.
#[test]
fn a_log_without_its_end_imports_the_turns_played() {
    for (table, _) in GAMES {
        let root: Value = serde_json::from_str(&log(table)).unwrap();
        let full = imported(table);
        let full_outcome = check_clean(table, &full);
        for turns in [2, 9, 30, 58, 70] {
            let name = format!("{table} cut after turn {turns}");
            let cut = packets_cut(&root, packets_before_turn(&root, turns + 1));
            let record = bga::import(&cut.to_string()).unwrap_or_else(|e| panic!("{name}: {e:#?}"));
            assert_eq!(
                record.tag("Termination").unwrap().value.value,
                "interrupted",
                "{name}"
            );
            assert_eq!(record.tag("Result").unwrap().value.value, "*", "{name}");
            assert_eq!(turns_of(&record), turns_of(&full)[..turns], "{name}");
            let outcome = check_clean(&name, &record);
            assert!(!outcome.games[0].score().unwrap().final_scoring, "{name}");
            assert_eq!(
                common::points(&outcome),
                common::points_after_turn(&full_outcome, turns as u32),
                "{name}"
            );
            if turns >= 30 {
                assert!(record.turns.iter().any(|t| !t.claims.is_empty()), "{name}");
            }
        }
        // Cut between a tile and its follower: the turn as far as the log goes.
        let mid = packets_before_turn(&root, 31) + 1;
        let record = bga::import(&packets_cut(&root, mid).to_string()).unwrap();
        assert_eq!(record.turns.len(), 31, "{table}");
        check_clean(&format!("{table} cut inside turn 31"), &record);
    }
}

/// A log that stops inside the final scoring (`gameStateChange` id 6 without the
/// end, id 99) is of a game whose supply ran out: `complete`, its final scoring
/// the referee's, which gives the platform's totals.
#[test]
fn a_log_cut_inside_the_final_scoring_is_complete() {
    for (table, totals) in GAMES {
        let mut root: Value = serde_json::from_str(&log(table)).unwrap();
        let (end, _) = events(&root)
            .into_iter()
            .find(|(_, e)| e["type"] == "gameStateChange" && e["args"]["id"] == 99)
            .unwrap();
        let (packet, event) = end.split_once("].data[").unwrap();
        let event: usize = event.trim_end_matches(']').parse().unwrap();
        at(&mut root, &format!("{packet}].data"))
            .as_array_mut()
            .unwrap()
            .truncate(event);
        let record = bga::import(&root.to_string()).unwrap();
        assert_eq!(record.tag("Termination").unwrap().value.value, "complete");
        assert_eq!(record.tag("Result").unwrap().value.value, "*");
        let outcome = check_clean(table, &record);
        let score = outcome.games[0].score().unwrap();
        assert!(score.final_scoring);
        for (player, points) in totals {
            assert_eq!(score.total(player), Some(points), "{table} {player}");
        }
    }
}

/// The end of a game that stopped early (`gameStateChange` id 99 with no final
/// scoring before it): `resigned` where the final state records a concession,
/// `interrupted` otherwise; the platform's result is kept in a comment, not
/// claimed, and a player gone from the table (`zombie`) is named.
#[test]
fn an_early_end_takes_its_termination_from_the_log() {
    let table = "368679629";
    let root: Value = serde_json::from_str(&log(table)).unwrap();
    let end = events(&root)
        .into_iter()
        .find(|(_, e)| e["type"] == "gameStateChange" && e["args"]["id"] == 99)
        .map(|(_, e)| e.clone())
        .unwrap();
    let stopped = |edit: &dyn Fn(&mut Value)| {
        let mut root = packets_cut(&root, packets_before_turn(&root, 41));
        let mut end = end.clone();
        edit(&mut end);
        at(&mut root, "data.data")
            .as_array_mut()
            .unwrap()
            .push(json!({"data": [end]}));
        bga::import(&root.to_string()).unwrap()
    };
    let text = |r: &GameRecord| write(std::slice::from_ref(r));
    // A player's concession, and the table's.
    for flag in ["/args/args/result/1/concede", "/args/args/table/concede"] {
        let record = stopped(&|e| *e.pointer_mut(flag).unwrap() = json!(1));
        assert_eq!(record.turns.len(), 40);
        assert_eq!(record.tag("Termination").unwrap().value.value, "resigned");
        assert_eq!(record.tag("Result").unwrap().value.value, "*");
        assert!(
            text(&record).contains("{ the platform's result: KokiYamaguchi 94, Kithara 91 }"),
            "{}",
            text(&record)
        );
        check_clean(flag, &record);
    }
    // A player gone from the table, no concession: how it ended is not said.
    let record = stopped(&|e| *e.pointer_mut("/args/args/result/0/zombie").unwrap() = json!(1));
    assert_eq!(
        record.tag("Termination").unwrap().value.value,
        "interrupted"
    );
    assert!(
        text(&record).contains("{ the platform marks KokiYamaguchi as gone from the table"),
        "{}",
        text(&record)
    );
    check_clean("zombie", &record);
    // Neither.
    let record = stopped(&|_| {});
    assert_eq!(
        record.tag("Termination").unwrap().value.value,
        "interrupted"
    );
    check_clean("no concession", &record);
}

/// A log cut before the second player's first turn names one player: CGN seats
/// two or more, so it is I114, once.
#[test]
fn a_log_that_names_one_player_is_i114() {
    let root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let cut = packets_cut(&root, packets_before_turn(&root, 2));
    let errors = errors_of(&cut);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_error(&errors, "I114", "data.data");
    assert!(errors[0].message.contains("KokiYamaguchi"), "{errors:?}");
}

// ---- malformed logs ----

fn first_event_of(root: &Value, kind: &str) -> String {
    events(root)
        .into_iter()
        .find(|(_, e)| e["type"] == kind)
        .map(|(p, _)| p)
        .unwrap()
}

/// The value at a JSON path of the form `data.data[1].data[0].args.x`.
fn at<'a>(root: &'a mut Value, path: &str) -> &'a mut Value {
    let pointer: String = path
        .split('.')
        .flat_map(|part| part.split('['))
        .map(|token| format!("/{}", token.trim_end_matches(']')))
        .collect();
    root.pointer_mut(&pointer)
        .unwrap_or_else(|| panic!("no {path}"))
}

fn errors_of(root: &Value) -> Vec<ImportError> {
    bga::import(&root.to_string()).expect_err("a faulty log must not import")
}

fn assert_error(errors: &[ImportError], code: &str, location: &str) {
    assert!(
        errors
            .iter()
            .any(|e| e.code == code && e.location == location),
        "expected {code} at {location}, got {errors:?}"
    );
}

#[test]
fn truncated_json_is_i101() {
    let text = log("366166200");
    let cut = &text[..text.len() / 2];
    let errors = bga::import(cut).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, "I101");
    assert!(errors[0].location.starts_with("line "), "{errors:?}");
    assert!(bga::import("").is_err());
}

#[test]
fn unknown_tile_kind_is_i105() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let path = first_event_of(&root, "playTile");
    *at(&mut root, &format!("{path}.args.type")) = json!("99");
    assert_error(&errors_of(&root), "I105", &format!("{path}.args.type"));
}

#[test]
fn missing_field_is_i103() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let path = first_event_of(&root, "playTile");
    at(&mut root, &format!("{path}.args"))
        .as_object_mut()
        .unwrap()
        .remove("x");
    let errors = errors_of(&root);
    assert_error(&errors, "I103", &format!("{path}.args.x"));
    assert_eq!(path, "data.data[1].data[0]");
}

#[test]
fn non_number_coordinate_is_i104() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let path = first_event_of(&root, "playTile");
    *at(&mut root, &format!("{path}.args.y")) = json!("north");
    assert_error(&errors_of(&root), "I104", &format!("{path}.args.y"));
    *at(&mut root, &format!("{path}.args.y")) = json!([1]);
    assert_error(&errors_of(&root), "I104", &format!("{path}.args.y"));
    *at(&mut root, &format!("{path}.args.y")) = json!(1e300);
    assert_error(&errors_of(&root), "I104", &format!("{path}.args.y"));
}

#[test]
fn bad_orientation_is_i104() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let path = first_event_of(&root, "playTile");
    *at(&mut root, &format!("{path}.args.ori")) = json!("5");
    assert_error(&errors_of(&root), "I104", &format!("{path}.args.ori"));
}

#[test]
fn follower_faults_are_i106_to_i108() {
    let original: Value = serde_json::from_str(&log("366166200")).unwrap();
    let path = first_event_of(&original, "playPartisan");

    let mut root = original.clone();
    *at(&mut root, &format!("{path}.args.pos")) = json!("9");
    assert_error(&errors_of(&root), "I106", &format!("{path}.args.pos"));

    let mut root = original.clone();
    *at(&mut root, &format!("{path}.args.type")) = json!("road");
    assert_error(&errors_of(&root), "I106", &format!("{path}.args.type"));

    let mut root = original.clone();
    *at(&mut root, &format!("{path}.args.id")) = json!("71");
    assert_error(&errors_of(&root), "I107", &format!("{path}.args.id"));

    let mut root = original.clone();
    *at(&mut root, &format!("{path}.args.ptype")) = json!("big");
    assert_error(&errors_of(&root), "I108", &format!("{path}.args.ptype"));
}

#[test]
fn structural_faults_are_i102() {
    let errors = bga::import("[1, 2]").unwrap_err();
    assert_error(&errors, "I102", "");
    let errors = bga::import(r#"{"status": 1, "data": {"data": 7}}"#).unwrap_err();
    assert_error(&errors, "I102", "data.data");
    let errors = bga::import(r#"{"status": 0, "error": "no such table"}"#).unwrap_err();
    assert_error(&errors, "I102", "status");
    let errors =
        bga::import(r#"{"status": 1, "data": {"data": [{"data": [{"type": "playTile"}]}]}}"#)
            .unwrap_err();
    assert_error(&errors, "I103", "data.data[0].data[0].args");
    let errors = bga::import(r#"{"status": 1, "data": {"data": []}}"#).unwrap_err();
    assert_error(&errors, "I111", "data.data");
}

#[test]
fn every_fault_is_reported_at_once() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let plays: Vec<String> = events(&root)
        .into_iter()
        .filter(|(_, e)| e["type"] == "playTile")
        .map(|(p, _)| p)
        .take(3)
        .collect();
    for p in &plays {
        *at(&mut root, &format!("{p}.args.x")) = json!("?");
    }
    let errors = errors_of(&root);
    for p in &plays {
        assert_error(&errors, "I104", &format!("{p}.args.x"));
    }
}

/// `cantPlay` (no discard occurs in the three logs): the tile last drawn
/// (`gameStateChange` id 2) is discarded by the player who drew it.
#[test]
fn a_cant_play_is_a_discard_of_the_drawn_tile() {
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    // Packet 1 lays the first tile; put a discard of a drawn X before it.
    let packets = at(&mut root, "data.data").as_array_mut().unwrap();
    packets.insert(
        1,
        json!({"data": [
            {"type": "gameStateChange", "args": {"id": 2, "active_player": 93033745, "args": {"tile_type": "19", "tile_id": "61"}}},
            {"type": "cantPlay", "args": {}},
            {"type": "gameStateChange", "args": {"id": 2, "active_player": 93033745, "args": {"tile_type": "10", "tile_id": "20"}}}
        ]}),
    );
    let record = bga::import(&root.to_string()).unwrap();
    let line = carcref::notation::write::turn_line(&record.turns[0]);
    assert_eq!(line, "1. KokiYamaguchi X discard");
    assert!(
        carcref::notation::write::turn_line(&record.turns[1])
            .starts_with("2. KokiYamaguchi H 0,1 r0")
    );

    // A discard with nothing drawn is I110.
    let mut root: Value = serde_json::from_str(&log("366166200")).unwrap();
    let packets = at(&mut root, "data.data").as_array_mut().unwrap();
    packets.insert(2, json!({"data": [{"type": "cantPlay", "args": {}}]}));
    assert_error(&errors_of(&root), "I110", "data.data[2].data[0].args");
}

/// Never a panic: every prefix of a log (in steps), and every value of the first
/// events replaced by values of other types, give a record or coded errors.
#[test]
fn never_panics_on_damaged_logs() {
    let text = log("366166200");
    let mut cut = 0;
    while cut < text.len() {
        if text.is_char_boundary(cut) {
            let _ = bga::import(&text[..cut]);
        }
        cut += 4099;
    }
    // A short log: the first packets (placements, followers, scorings) and the
    // last one (the last follower, the final scoring and the end).
    let mut root: Value = serde_json::from_str(&text).unwrap();
    let packets = at(&mut root, "data.data").as_array_mut().unwrap();
    let last = packets.pop().unwrap();
    packets.truncate(16);
    packets.push(last);
    let replacements = [
        json!(null),
        json!(-1),
        json!("x"),
        json!([]),
        json!({}),
        json!(true),
        json!(4_294_967_296_i64),
    ];
    // The first two events of each type (and of each state change).
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let paths: Vec<String> = events(&root)
        .into_iter()
        .filter(|(_, e)| {
            let kind = format!("{} {}", e["type"], e["args"]["id"]);
            let n = seen.entry(kind).or_default();
            *n += 1;
            *n <= 2
        })
        .map(|(p, _)| p)
        .collect();
    for p in paths {
        let event = at(&mut root.clone(), &p).clone();
        let mut keys = vec![String::new(), ".type".to_string(), ".args".to_string()];
        if let Some(args) = event["args"].as_object() {
            keys.extend(args.keys().map(|k| format!(".args.{k}")));
        }
        for key in keys {
            for r in &replacements {
                let mut damaged = root.clone();
                *at(&mut damaged, &format!("{p}{key}")) = r.clone();
                if let Err(errors) = bga::import(&damaged.to_string()) {
                    assert!(
                        errors.iter().all(|e| e.code.starts_with("I1")),
                        "{errors:?}"
                    );
                }
            }
        }
    }
}

/// The `@time` of each turn of a record, in order (`None` for a turn without).
fn turn_times(record: &GameRecord) -> Vec<Option<u32>> {
    record
        .turns
        .iter()
        .map(|t| {
            t.events
                .iter()
                .find(|e| e.name.value.as_str() == "time")
                .and_then(|e| e.args.as_ref())
                .map(|a| a.value.parse().unwrap())
        })
        .collect()
}

#[test]
fn clock_times_come_from_the_logs_timestamps() {
    for (table, _) in GAMES {
        let root: Value = serde_json::from_str(&log(table)).unwrap();
        let packets = root
            .pointer("/data/data")
            .and_then(Value::as_array)
            .unwrap();
        let first = int(&packets[0]["time"]);
        // The last packet with a move of a turn: a tile, a follower, a discard.
        let last = packets
            .iter()
            .rev()
            .find(|p| {
                p["data"].as_array().unwrap().iter().any(|e| {
                    matches!(
                        e["type"].as_str(),
                        Some("playTile" | "playPartisan" | "cantPlay")
                    )
                })
            })
            .map(|p| int(&p["time"]))
            .unwrap();
        let record = imported(table);
        let times = turn_times(&record);
        // Every placement has its time (discards count with the next one), and
        // the times add up to the time from the log's start to its last move.
        for (t, time) in record.turns.iter().zip(&times) {
            let placed = matches!(t.action.value, ActionRecord::Place { .. });
            assert_eq!(time.is_some(), placed, "{table} turn {}", t.number.value);
        }
        let total: i64 = times.iter().flatten().map(|s| i64::from(*s)).sum();
        assert_eq!(total, last - first, "{table}");
        // Written as CGN and read back, the times are the same, and the
        // referee adds them up per player.
        let text = write(std::slice::from_ref(&record));
        let outcome = check("t.cgn", &text, &TileCatalog::embedded().unwrap());
        let game = &outcome.games[0];
        assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
        assert_eq!(turn_times(&game.record), times);
        let used: u32 = game.replay.as_ref().unwrap().time_used.iter().sum();
        assert_eq!(i64::from(used), total);
    }
}

#[test]
fn a_forged_time_forfeit_is_caught_on_a_real_game() {
    // Table 366166200 stopped after turn 20, with clocks of 30 hours each.
    let record = imported("366166200");
    let text = write(std::slice::from_ref(&record));
    let cut: String = text
        .lines()
        .filter(|l| {
            l.split('.')
                .next()
                .and_then(|n| n.parse::<u32>().ok())
                .is_none_or(|n| n <= 20)
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let times = turn_times(&carcref::parse(&cut).remove(0).record);
    let used = |seat: usize| -> u32 { times.iter().skip(seat).step_by(2).flatten().sum() };
    let base = 30 * 3600;
    // Kithara's clock stopped after turn 20: it shows what the times leave.
    let kithara = base - used(1);
    let game = |koki_left: u32| {
        cut.replace(
            "[Result \"KokiYamaguchi 96, Kithara 70\"]",
            "[Result \"*\"]",
        )
        .replace(
            "[Termination \"complete\"]",
            &format!(
                "[Termination \"time-forfeit\"]\n[TimeControl \"{base}\"]\n\
                     [TimeLeft \"KokiYamaguchi {koki_left}, Kithara {kithara}\"]"
            ),
        )
    };
    // After turn 20 (Kithara's) KokiYamaguchi is to play: his flag fell.
    let codes = |src: &str| -> Vec<String> {
        check("t.cgn", src, &TileCatalog::embedded().unwrap()).games[0]
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect()
    };
    assert_eq!(codes(&game(0)), Vec::<String>::new());
    // The same record, with time left on the clock of the player to play.
    assert_eq!(codes(&game(600)), vec!["E508"]);
}
