#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The JCloisterZone importer.
//!
//! Shipped: `tests/data/jcz/hig2012-two-players.jcz`, a save written from the
//! example game `notation/examples/hig2012-two-players.cgn` with random numbers
//! that make the program's pack draw its tiles, and `scenario-discard.jcz`, a
//! scenario of our own whose pack holds a tile that fits nowhere. Both import
//! and check clean; malformed saves (edits of the shipped one) give coded
//! errors with JSON paths, never a panic. `scenario-tower.jcz` and
//! `scenario-princess-and-dragon.jcz`, scenarios of our own, hold every
//! message of The Tower and of The Princess & the Dragon the importer reads;
//! `scenario-gold-mines.jcz` the gold ingots and a distribution with a choice;
//! `scenario-flying-machines.jcz` a flight that lands and one that cannot;
//! `scenario-crop-circles.jcz` both effects of a crop circle.
//! `scenario-mage-and-witch.jcz` the mage and the witch, and a tile joining
//! their roads; `scenario-ferries.jcz` a new ferry and a ferry moved.
//!
//! Where `../shared/records/jcz/` is beside the project (its files are the
//! program's, under a licence that does not let them ship here): its scenario
//! tests of the rule systems carcref referees import and check with every
//! assertion holding, the others fail naming the expansion; its complete games
//! import and end with the program's own final points.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use carcref::import::ImportError;
use carcref::import::jcz::import;
use carcref::notation::{ActionRecord, GameRecord};
use carcref::{ReplayOptions, TileCatalog, check, check_with};
use common::jcz::{SHIPPED_SAVE, SOURCE_GAME, save, source_game};
use serde_json::Value;

const NOT_SHIPPED: &str =
    "not shipped: JCloisterZone's files are under a licence that does not let them ship here";

fn catalog() -> TileCatalog {
    TileCatalog::embedded().unwrap()
}

fn text(record: &GameRecord) -> String {
    carcref::notation::write::write(std::slice::from_ref(record))
}

fn errors(json: &str) -> Vec<ImportError> {
    match import(json) {
        Ok(r) => panic!("accepted:\n{}", text(&r)),
        Err(e) => {
            assert!(!e.is_empty());
            e
        }
    }
}

/// Imports and checks a save: the record, and its final totals by name.
fn import_and_check(json: &str) -> (String, Vec<(String, u32)>) {
    let record = import(json).unwrap_or_else(|e| panic!("{e:?}"));
    let cgn = text(&record);
    let outcome = check("imported.cgn", &cgn, &catalog());
    let game = &outcome.games[0];
    assert!(game.diagnostics.is_empty(), "{cgn}\n{:?}", game.diagnostics);
    let score = game.score().unwrap();
    let totals = score
        .players
        .iter()
        .cloned()
        .zip(score.totals.iter().copied())
        .collect();
    (cgn, totals)
}

/// The shipped save is `common::jcz::save` of the example game, so it can be
/// made again from it: `CARCREF_UPDATE_DATA=1 cargo test --test import_jcz`
/// writes it anew.
#[test]
fn the_shipped_save_is_written_from_its_source_game() {
    let want = save(&source_game(), &catalog());
    if std::env::var_os("CARCREF_UPDATE_DATA").is_some() {
        std::fs::write(common::data_path(SHIPPED_SAVE), &want).unwrap();
    }
    common::assert_same_text(SHIPPED_SAVE, &want, &format!("{SOURCE_GAME} written out"));
}

#[test]
fn the_shipped_save_imports_as_its_source_game() {
    let (cgn, totals) = import_and_check(&common::data(SHIPPED_SAVE));
    let source = source_game();
    let imported = carcref::parse(&cgn).remove(0).record;
    assert_eq!(imported.turns.len(), source.turns.len());
    for (a, b) in imported.turns.iter().zip(&source.turns) {
        assert_eq!(a.player.value, b.player.value);
        assert_eq!(a.tile.value, b.tile.value);
        assert_eq!(a.action.value, b.action.value);
        assert_eq!(
            a.follower.as_ref().map(|f| f.spot.value),
            b.follower.as_ref().map(|f| f.spot.value)
        );
    }
    // The example's Result: "Ann 28, Bob 11".
    assert_eq!(
        totals,
        vec![("Ann".to_string(), 28), ("Bob".to_string(), 11)]
    );
}

#[test]
fn a_scenario_names_its_pack_end_and_claims_and_its_discard_is_written() {
    let (cgn, totals) = import_and_check(&common::data("jcz/scenario-discard.jcz"));
    // The pack's C fits nowhere once the start tile's city is closed: the
    // program discarded it, and the same player drew again.
    assert!(cgn.contains("\n2. Bob C discard"), "{cgn}");
    assert!(cgn.contains("\n3. Bob U 1,0 r0"), "{cgn}");
    assert!(cgn.contains("[Pack \"E, C, U, V\"]"), "{cgn}");
    assert!(cgn.contains("[EndAfter \"3\"]"), "{cgn}");
    assert!(cgn.contains("[Scored \"Ann city 4, Bob road 2\"]"), "{cgn}");
    // Ann's city of two tiles, 4 points (2012: "2 points per tile"); her
    // road at the end: D, U (1 point a tile) is Bob's, not hers.
    assert_eq!(totals[0], ("Ann".to_string(), 4));
}

#[test]
fn an_imported_scenario_reads_as_its_snapshot() {
    let record = import(&common::data("jcz/scenario-discard.jcz")).unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_jcz_scenario", text(&record));
    });
}

/// The shipped save with a change.
fn edited(f: impl Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&common::data(SHIPPED_SAVE)).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

fn codes_at(json: &str) -> Vec<(String, String)> {
    errors(json)
        .into_iter()
        .map(|e| (e.code.to_string(), e.location))
        .collect()
}

#[test]
fn malformed_saves_give_coded_errors_with_json_paths() {
    let cases: Vec<(String, &str, &str)> = vec![
        ("{".to_string(), "I401", "line 1 column 1"),
        ("[]".to_string(), "I402", ""),
        (
            edited(|v| drop(v.as_object_mut().unwrap().remove("players"))),
            "I403",
            "players",
        ),
        (
            edited(|v| v["setup"]["sets"]["basic:1"] = 2.into()),
            "I404",
            "setup.sets.basic:1",
        ),
        (
            edited(|v| v["replay"][0]["payload"]["rotation"] = "R45".into()),
            "I404",
            "replay[0].payload.rotation",
        ),
        (
            edited(|v| v["replay"][0]["payload"]["position"] = Value::Null),
            "I404",
            "replay[0].payload.position",
        ),
        (
            edited(|v| v["replay"][0]["payload"]["tileId"] = "XX/Q".into()),
            "I407",
            "replay[0].payload.tileId",
        ),
        (
            edited(|v| v["replay"][0]["payload"]["tileId"] = "FR/X".into()),
            "I407",
            "replay[0].payload.tileId",
        ),
        (
            edited(|v| drop(v["replay"].as_array_mut().unwrap().remove(0))),
            "I405",
            "replay[1]",
        ),
        (
            edited(|v| v["setup"]["sets"]["robbers:1"] = 1.into()),
            "I406",
            "setup.sets.robbers:1",
        ),
        (
            edited(|v| v["setup"]["elements"]["abbot"] = 1.into()),
            "I407",
            "setup.elements.abbot",
        ),
        (
            edited(|v| {
                drop(
                    v["setup"]["elements"]
                        .as_object_mut()
                        .unwrap()
                        .remove("farmers"),
                )
            }),
            "I410",
            "setup.elements",
        ),
        (
            edited(|v| v["setup"]["start"][0]["rotation"] = 90.into()),
            "I409",
            "setup.start",
        ),
        (
            edited(|v| v["setup"]["rules"]["tiny-city-scoring"] = "3".into()),
            "I404",
            "setup.rules.tiny-city-scoring",
        ),
        (
            edited(|v| v["test"] = serde_json::json!({"assertions": ["Ann wins"]})),
            "I411",
            "test.assertions[0]",
        ),
        (
            edited(|v| v["replay"][1]["type"] = "CIRCLE_REMOVE_OR_DEPLOY".into()),
            "I405",
            "replay[1]",
        ),
        (
            edited(|v| v["replay"][1]["type"] = "CAPTURE_FOLLOWER".into()),
            "I404",
            "replay[1].payload.pointer.meepleId",
        ),
        (
            edited(|v| v["replay"][1]["type"] = "PAY_RANSOM".into()),
            "I404",
            "replay[1].payload.meepleId",
        ),
        (
            edited(|v| {
                v["replay"][1] = serde_json::json!({"type": "PLACE_TOKEN", "payload": {"token": "TOWER_PIECE", "pointer": {}}});
            }),
            "I404",
            "replay[1].payload.pointer.position",
        ),
        (
            edited(|v| v["replay"][1]["type"] = "TELEPORT".into()),
            "I404",
            "replay[1].type",
        ),
    ];
    for (json, code, at) in cases {
        let found = codes_at(&json);
        assert!(
            found.iter().any(|(c, l)| c == code && l.ends_with(at)),
            "{code} at {at}: {found:?}"
        );
    }
}

#[test]
fn a_figure_on_the_wrong_feature_is_named() {
    // Ann's first follower (turn 3, a road) said to stand in a city.
    let json = edited(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let deploy = replay
            .iter_mut()
            .find(|m| m["type"] == "DEPLOY_MEEPLE")
            .unwrap();
        deploy["payload"]["pointer"]["feature"] = "City".into();
    });
    let found = codes_at(&json);
    assert!(
        found
            .iter()
            .any(|(c, l)| c == "I408" && l.ends_with(".location")),
        "{found:?}"
    );
}

#[test]
fn cut_saves_never_panic() {
    for (save, step) in [(SHIPPED_SAVE, 97), (TOWER_SCENARIO, 7)] {
        let json = common::data(save);
        for end in (0..json.len()).step_by(step) {
            let cut = json.get(..end).unwrap_or("");
            let r = catch_unwind(AssertUnwindSafe(|| import(cut)));
            assert!(r.is_ok(), "{save}: panic on the first {end} bytes");
        }
    }
}

/// The program's scenario tests of the rule systems carcref referees.
const IN_SCOPE: &[&str] = &[
    "goldmines/gold-scoring",
    "goldmines/gold-scoring-2",
    "mage-and-witch/mage",
    "mage-and-witch/witch",
    "basic/city-and-road-scoring",
    "basic/field-scoring",
    "basic/monastery-scoring",
    "basic/tiny-city-rule",
    "inns-and-cathedrals/cathedrals-scoring",
    "inns-and-cathedrals/cathedrals-scoring-2",
    "inns-and-cathedrals/inns-scoring",
    "princess-and-dragon/fairy-endgame-incomplete-inn",
    "princess-and-dragon/fairy-endgame-road",
    "princess-and-dragon/fairy-endgame-zero-field",
    "traders-and-builders/cloth-scoring-tie",
    "traders-and-builders/grain-scoring",
    "traders-and-builders/pig-scoring",
    "traders-and-builders/pigs-no-stack",
    "traders-and-builders/wine-scoring",
];

/// The others, and the expansion each import must name.
const OUT_OF_SCOPE: &[(&str, &str, &str)] = &[
    ("basic/garden-scoring", "I407", "The Abbot"),
    ("basic/tiny-city-coa", "I407", "Abbey & Mayor"),
    // The fairy beside a mayor (Abbey & Mayor), and beside a knight of a
    // city made a castle (Bridges, Castles & Bazaars): their figures are
    // outside the rulebooks, and the positions are not written with others.
    (
        "princess-and-dragon/fairy-empty-city",
        "I407",
        "Abbey & Mayor",
    ),
    (
        "princess-and-dragon/fairy-endgame-incomplete-castle",
        "I407",
        "Bridges, Castles & Bazaars",
    ),
];

#[test]
fn the_programs_scenarios_check_with_their_assertions() {
    for name in IN_SCOPE {
        let path = format!("records/jcz/engine-tests/{name}.jcz");
        let Some(json) = common::shared_or_skip(&path, NOT_SHIPPED) else {
            return;
        };
        let (cgn, _) = import_and_check(&json);
        // Every assertion became a claim the referee checked.
        let v: Value = serde_json::from_str(&json).unwrap();
        let assertions = v["test"]["assertions"].as_array().unwrap();
        let has = assertions
            .iter()
            .filter(|a| a.as_str().unwrap().contains(" has "))
            .count();
        let scored = assertions.len() - has;
        let result = cgn.lines().find(|l| l.starts_with("[Result ")).unwrap();
        assert_eq!(result.matches(',').count() + 1, has, "{name}: {result}");
        let claimed = cgn
            .lines()
            .find(|l| l.starts_with("[Scored "))
            .map_or(0, |l| l.matches(',').count() + 1);
        assert_eq!(claimed, scored, "{name}");
    }
}

#[test]
fn a_wrong_assertion_is_caught() {
    let Some(json) = common::shared_or_skip(
        "records/jcz/engine-tests/basic/tiny-city-rule.jcz",
        NOT_SHIPPED,
    ) else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    // Without the variant, the 2-tile city scores 4 under the 2012 rules.
    let rulebook = cgn.replace("[Variants \"tiny-city-2\"]\n", "");
    assert_ne!(rulebook, cgn);
    let outcome = check("rulebook.cgn", &rulebook, &catalog());
    let codes: Vec<String> = outcome.games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert!(codes.contains(&"E506".to_string()), "{codes:?}");
    assert!(codes.contains(&"E502".to_string()), "{codes:?}");
}

#[test]
fn scenarios_of_other_expansions_name_them() {
    for (name, code, expansion) in OUT_OF_SCOPE {
        let path = format!("records/jcz/engine-tests/{name}.jcz");
        let Some(json) = common::shared_or_skip(&path, NOT_SHIPPED) else {
            return;
        };
        let e = errors(&json);
        assert!(
            e.iter()
                .any(|e| e.code == *code && e.message.contains(expansion)),
            "{name}: {e:?}"
        );
    }
}

/// The program's complete games of the rule systems carcref referees, with its
/// final points and the tiles it discarded.
const GAMES: &[(&str, u32, u32, usize)] = &[
    ("basic-0", 24, 18, 0),
    ("basic-70", 20, 20, 1),
    ("river-inns-traders-0", 20, 36, 0),
    ("tower-0", 16, 0, 0),
    ("princess-and-dragon-0", 41, 12, 0),
    ("goldmines-0", 23, 9, 0),
    ("flier-0", 37, 18, 0),
    ("corn-circles-0", 23, 16, 0),
    ("mage-and-witch-0", 16, 19, 0),
    ("ferries-0", 34, 12, 0),
];

#[test]
fn the_programs_games_end_with_its_points() {
    for (name, p1, p2, discards) in GAMES {
        let path = format!("records/jcz/games/{name}.jcz");
        let Some(json) = common::shared_or_skip(&path, NOT_SHIPPED) else {
            return;
        };
        let (cgn, totals) = import_and_check(&json);
        assert_eq!(
            totals,
            vec![("P1".to_string(), *p1), ("P2".to_string(), *p2)],
            "{name}"
        );
        let record = carcref::parse(&cgn).remove(0).record;
        let found = record
            .turns
            .iter()
            .filter(|t| t.action.value == ActionRecord::Discard)
            .count();
        assert_eq!(found, *discards, "{name}");
    }
}

#[test]
fn basic_70_discarded_a_monastery_on_the_fourth_draw() {
    let Some(json) = common::shared_or_skip("records/jcz/games/basic-70.jcz", NOT_SHIPPED) else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    assert!(cgn.contains("\n4. P2 B discard"), "{cgn}");
    assert!(cgn.contains("\n5. P2 A "), "{cgn}");
}

#[test]
fn the_river_game_needs_the_programs_variants() {
    let Some(json) =
        common::shared_or_skip("records/jcz/games/river-inns-traders-0.jcz", NOT_SHIPPED)
    else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    assert!(cgn.contains("[Variants \"river-keeps-start-tile, river-free-course\"]"));
    // The rulebook's verdict: the variants dropped, the fourth D is one too many.
    let options = ReplayOptions {
        edition: Some(carcref::Edition::HiG2012),
        ..ReplayOptions::default()
    };
    let outcome = check_with("river.cgn", &cgn, &catalog(), options);
    let codes: Vec<String> = outcome.games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert_eq!(codes, vec!["E304", "W101"]);
}

#[test]
fn a_message_without_a_player_is_the_turn_of_whoever_plays_next() {
    // A builder's double turn (Traders & Builders): turn 5 extends the road of
    // Ann's builder, so the sixth tile is hers too, though no message says so.
    let place = |tile: &str, x: i32, y: i32| serde_json::json!({"type": "PLACE_TILE", "payload": {"tileId": tile, "rotation": "R0", "position": [x, y]}});
    let deploy = |x: i32, y: i32, id: &str| serde_json::json!({"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [x, y], "location": "WE", "feature": "Road"}, "meepleId": id}});
    let pass = serde_json::json!({"type": "PASS", "payload": {}});
    let commit = serde_json::json!({"type": "COMMIT", "payload": {"random": 0}});
    let replay = vec![
        place("BA/RFr", 1, 0),
        deploy(1, 0, "0.small.1"),
        commit.clone(),
        place("BA/L", 0, 1),
        pass.clone(),
        commit.clone(),
        place("BA/RFr", 2, 0),
        deploy(2, 0, "0.builder.1"),
        commit.clone(),
        place("BA/L", 1, 1),
        pass.clone(),
        commit.clone(),
        place("BA/RFr", 3, 0),
        pass.clone(),
        commit.clone(),
        place("BA/RFr", 4, 0),
        pass,
        commit,
    ];
    let save = serde_json::json!({
        "setup": {
            "sets": {"basic:1": 1, "traders-and-builders:1": 1},
            "elements": {"small-follower": 7, "farmers": true, "builder": 1, "pig": 1},
            "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}],
        },
        "players": [{"name": "Ann", "slot": 0}, {"name": "Bob", "slot": 1}],
        "gameAnnotations": {"drawOrder": ["BA/RFr", "BA/L", "BA/RFr", "BA/L", "BA/RFr", "BA/RFr"]},
        "replay": replay,
    });
    let (cgn, _) = import_and_check(&save.to_string());
    assert!(
        cgn.contains("\n5. Ann U 3,0 r0\n6. Ann U 4,0 r0\n"),
        "{cgn}"
    );
}

#[test]
fn draws_that_are_not_the_programs_write_no_discards() {
    // A changed random number draws another tile than the one placed; that
    // tile fits on the board, so the program cannot have discarded it: the
    // importer says it cannot reproduce the draws and writes no discard.
    let json = edited(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let commit = replay.iter_mut().find(|m| m["type"] == "COMMIT").unwrap();
        commit["payload"]["random"] = 0.999.into();
    });
    let (cgn, totals) = import_and_check(&json);
    assert!(!cgn.contains(" discard {"), "{cgn}");
    assert!(
        cgn.contains("could not be reproduced before replay[3]"),
        "{cgn}"
    );
    assert_eq!(
        totals,
        vec![("Ann".to_string(), 28), ("Bob".to_string(), 11)]
    );
}

#[test]
fn a_save_without_its_first_random_number_says_so() {
    let json = edited(|v| drop(v.as_object_mut().unwrap().remove("initialRandom")));
    let (cgn, _) = import_and_check(&json);
    assert!(cgn.contains("has no initialRandom"), "{cgn}");
    let json = edited(|v| v["initialRandom"] = 1.5.into());
    assert_eq!(
        codes_at(&json),
        vec![("I404".to_string(), "initialRandom".to_string())]
    );
}

#[test]
fn figures_without_their_tiles_make_the_pack_explicit() {
    // JCloisterZone can play the pig without Traders & Builders' tiles: the
    // record names the expansion (for its figures) and the pack the program
    // drew from, the basic game's 71 tiles.
    let json = edited(|v| v["setup"]["elements"]["pig"] = 1.into());
    let (cgn, totals) = import_and_check(&json);
    assert!(
        cgn.contains("[Expansions \"traders-and-builders\"]"),
        "{cgn}"
    );
    let pack = cgn.lines().find(|l| l.starts_with("[Pack ")).unwrap();
    assert_eq!(pack.matches(',').count() + 1, 71);
    assert_eq!(
        totals,
        vec![("Ann".to_string(), 28), ("Bob".to_string(), 11)]
    );
}

#[test]
fn the_commands_work_on_imported_records() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, cgn, err) = common::run_carcref(
        root,
        &[
            "import",
            "jcz",
            "tests/data/jcz/hig2012-two-players.jcz",
            "tests/data/jcz/scenario-discard.jcz",
            "tests/data/jcz/scenario-tower.jcz",
            "tests/data/jcz/scenario-princess-and-dragon.jcz",
            "tests/data/jcz/scenario-mage-and-witch.jcz",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(cgn.matches("[Players ").count(), 5);
    for args in [
        &["check", "-"][..],
        &["fmt", "--check", "-"],
        &["score", "-"],
        &["show", "-"],
        &["moves", "--turn", "2", "-"],
    ] {
        let (code, out, err) = common::run_carcref(root, args, cgn.as_bytes());
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        // `fmt --check` says nothing of a canonical text.
        assert_eq!(out.is_empty(), args[0] == "fmt", "{args:?}: {out}");
    }
    // A save that cannot be read is named, and the others are imported.
    let dir = std::env::temp_dir().join(format!("carcref-jcz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.jcz"), "{").unwrap();
    let good = root.join("tests/data/jcz/scenario-discard.jcz");
    let (code, out, err) = common::run_carcref(
        &dir,
        &["import", "jcz", "bad.jcz", good.to_str().unwrap()],
        b"",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1);
    assert!(
        err.contains("error[I401]: bad.jcz: ") && err.contains("(at line 1"),
        "{err}"
    );
    assert_eq!(out.matches("[Players ").count(), 1);
}

/// The shipped scenario of The Tower (`tests/data/jcz/scenario-tower.jcz`).
const TOWER_SCENARIO: &str = "jcz/scenario-tower.jcz";

fn tower_scenario(f: impl Fn(&mut Vec<Value>)) -> String {
    let mut v: Value = serde_json::from_str(&common::data(TOWER_SCENARIO)).unwrap();
    f(v["replay"].as_array_mut().unwrap());
    serde_json::to_string(&v).unwrap()
}

/// The index of the `n`-th message (0-based) of a type.
fn nth(replay: &[Value], kind: &str, n: usize) -> usize {
    replay
        .iter()
        .enumerate()
        .filter(|(_, m)| m["type"] == kind)
        .nth(n)
        .unwrap()
        .0
}

fn codes_of(cgn: &str) -> Vec<String> {
    check("imported.cgn", cgn, &catalog()).games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect()
}

#[test]
fn the_tower_scenario_imports_every_action_in_order() {
    let (cgn, totals) = import_and_check(&common::data(TOWER_SCENARIO));
    // Tower pieces (`PLACE_TOKEN`), prisoners (`CAPTURE_FOLLOWER`) named with
    // their owner, the exchange's choice (`EXCHANGE_FOLLOWER`), a follower
    // closing a tower (`DEPLOY_MEEPLE` on a `Tower`), and a ransom paid before
    // the follower it frees is placed again (`PAY_RANSOM`), the jailer named.
    for line in [
        "\n2. Bob TW2 1,1 r0 +tower:T capture:1,0/E(Ann)\n",
        "\n4. Bob TW1 -1,1 r0 +tower:T capture:big:-1,0/E(Ann)\n",
        "\n7. Ann TW1 2,1 r0 +tower:T capture:2,0/E(Bob) exchange:big\n",
        "\n8. Bob TW3 1,2 r0 +1,1/T\n",
        "\n9. Ann U 3,0 r0 ransom:follower(Bob) +E\n",
    ] {
        assert!(cgn.contains(line), "{line}\n{cgn}");
    }
    assert!(cgn.starts_with("[CGN \"2\"]"), "{cgn}");
    assert!(
        cgn.contains("[Expansions \"inns-and-cathedrals, tower\"]"),
        "{cgn}"
    );
    // The scenario's assertions: Ann 4 + 5 - 3, Bob the ransom's 3.
    assert!(cgn.contains("[Result \"Ann 6, Bob 3\"]"), "{cgn}");
    assert_eq!(totals, vec![("Ann".to_string(), 6), ("Bob".to_string(), 3)]);
    let record = import(&common::data(TOWER_SCENARIO)).unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_jcz_scenario_tower", text(&record));
    });
}

#[test]
fn the_tower_scenario_without_a_message_is_judged_by_the_referee() {
    // Without the exchange's choice, Bob holding both kinds of Ann's
    // followers: the referee asks for it (SPEC 6.6).
    let json = tower_scenario(|r| drop(r.remove(nth(r, "EXCHANGE_FOLLOWER", 0))));
    let cgn = text(&import(&json).unwrap());
    assert!(cgn.contains(" capture:2,0/E(Bob)\n"), "{cgn}");
    assert_eq!(codes_of(&cgn), vec!["E418", "W101"]);
    // Without the ransom, the points differ from the scenario's: Ann 9, Bob 0.
    let json = tower_scenario(|r| drop(r.remove(nth(r, "PAY_RANSOM", 0))));
    let codes = codes_of(&text(&import(&json).unwrap()));
    assert!(codes.iter().all(|c| c.starts_with("E50")), "{codes:?}");
    assert!(!codes.is_empty());
}

#[test]
fn an_undone_tower_piece_is_not_written() {
    // A piece put on the first tower, taken back, then put on the second.
    let json = tower_scenario(|r| {
        let at = nth(r, "PLACE_TOKEN", 1);
        let mut wrong = r[at].clone();
        wrong["payload"]["pointer"]["position"] = serde_json::json!([1, -1]);
        r.insert(at, serde_json::json!({"type": "UNDO", "payload": {}}));
        r.insert(at, wrong);
    });
    assert_eq!(
        text(&import(&json).unwrap()),
        text(&import(&common::data(TOWER_SCENARIO)).unwrap())
    );
}

#[test]
fn a_ransom_or_an_exchange_of_anothers_follower_is_refused() {
    // The rulebook: "a player may ransom one of his followers"; "the player
    // who gets his follower back decides". The record cannot write another's.
    let json = tower_scenario(|r| {
        let at = nth(r, "PAY_RANSOM", 0);
        r[at]["payload"]["meepleId"] = "1.small.1".into();
    });
    let e = errors(&json);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].code, "I404");
    assert!(e[0].location.ends_with("].payload.meepleId"), "{e:?}");
    assert!(
        e[0].message.contains("a ransom paid for 1.small.1"),
        "{e:?}"
    );
    let json = tower_scenario(|r| {
        let at = nth(r, "EXCHANGE_FOLLOWER", 0);
        r[at]["payload"]["meepleId"] = "1.small.1".into();
    });
    let e = errors(&json);
    assert_eq!(e[0].code, "I404", "{e:?}");
    assert!(e[0].message.contains("an exchange giving back"), "{e:?}");
}

#[test]
fn a_capture_names_the_spot_of_the_tile_it_stands_on() {
    // A prisoner on a square where no tile lies, or on a feature its tile
    // does not have there.
    let json = tower_scenario(|r| {
        let at = nth(r, "CAPTURE_FOLLOWER", 0);
        r[at]["payload"]["pointer"]["featurePointer"]["position"] = serde_json::json!([9, 9]);
    });
    let found = codes_at(&json);
    assert!(
        found
            .iter()
            .any(|(c, l)| c == "I408" && l.ends_with("featurePointer.location")),
        "{found:?}"
    );
    let json = tower_scenario(|r| {
        let at = nth(r, "CAPTURE_FOLLOWER", 0);
        r[at]["payload"]["pointer"]["featurePointer"]["feature"] = "City".into();
    });
    assert!(codes_at(&json).iter().any(|(c, _)| c == "I408"));
}

#[test]
fn tower_saves_are_no_longer_refused() {
    // I406 was The Tower's until its rules were refereed: its set, element,
    // tiles and messages are read now.
    let json = common::data(TOWER_SCENARIO);
    for needle in [
        "\"tower:1\"",
        "\"tower\": 1",
        "TO/C",
        "TOWER_PIECE",
        "CAPTURE_FOLLOWER",
        "EXCHANGE_FOLLOWER",
        "PAY_RANSOM",
    ] {
        assert!(json.contains(needle), "{needle}");
    }
    assert!(import(&json).is_ok());
    let Some(json) = common::shared_or_skip("records/jcz/games/tower-0.jcz", NOT_SHIPPED) else {
        return;
    };
    assert!(import(&json).is_ok());
}

#[test]
fn the_tower_game_checks_with_the_programs_points_as_its_result() {
    let Some(json) = common::shared_or_skip("records/jcz/games/tower-0.jcz", NOT_SHIPPED) else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    // The program's 18 tower pieces and 5 prisoners, among them one of
    // P1's own (back to his supply) and one exchanged at once (turn 50).
    assert_eq!(cgn.matches(" +tower:").count(), 18, "{cgn}");
    assert_eq!(cgn.matches(" capture:").count(), 5, "{cgn}");
    assert!(cgn.contains(" capture:-2,2/NNW(P1)\n"), "{cgn}");
    assert!(cgn.contains(" capture:0,2/NNW(P1)\n"), "{cgn}");
    // JCloisterZone's final points, 16–0, as the record's Result: the referee
    // finds the same.
    let with_result = cgn.replace("[Result \"*\"]", "[Result \"P1 16, P2 0\"]");
    assert_ne!(with_result, cgn);
    assert_eq!(codes_of(&with_result), Vec::<String>::new());
    let wrong = cgn.replace("[Result \"*\"]", "[Result \"P1 16, P2 3\"]");
    assert!(!codes_of(&wrong).is_empty());
}

#[test]
fn the_gold_mines_scenario_writes_the_programs_choices() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-gold-mines.jcz"
    ))
    .unwrap();
    let (cgn, totals) = import_and_check(&json);
    // The second ingot of the save's `PLACE_TOKEN`, before the monk.
    assert!(cgn.contains("\n3. Ann GO2 0,-1 r270 gold:-1,0\n"), "{cgn}");
    // Ann chooses between 0,-1 (her monastery's) and -1,0 (the shared road's):
    // the program takes from the tile most players may take from, and the
    // record writes its takes.
    assert!(
        cgn.contains("\n11. Ann U 1,0 r0 ingot:-1,0(Ann) ingot:0,-1(Ann)\n"),
        "{cgn}"
    );
    assert_eq!(
        totals,
        vec![("Ann".to_string(), 15), ("Bob".to_string(), 4)]
    );
    assert!(
        cgn.contains("[Scored \"Ann monastery 9, Ann gold 2\"]"),
        "{cgn}"
    );
    // Without its takes the turn is E509.
    let unwritten = cgn.replace(" ingot:-1,0(Ann) ingot:0,-1(Ann)", "");
    assert!(
        codes_of(&unwritten).contains(&"E509".to_string()),
        "{unwritten}"
    );
}

#[test]
fn the_flying_machines_scenario_writes_each_roll_and_landing() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-flying-machines.jcz"
    ))
    .unwrap();
    let (cgn, totals) = import_and_check(&json);
    // The die from the flight's random number (0.5: the middle third, a 2),
    // and the landing the next message makes.
    assert!(
        cgn.contains("\n7. Ann FL1 -2,2 r180 fly:2 +0,0/N\n"),
        "{cgn}"
    );
    // 0.9: a 3, to a tile with nothing open: the follower comes back.
    assert!(cgn.contains("\n9. Cid FL5 3,0 r0 fly:3\n"), "{cgn}");
    assert_eq!(
        totals,
        vec![
            ("Ann".to_string(), 6),
            ("Bob".to_string(), 7),
            ("Cid".to_string(), 6)
        ]
    );
    // Another roll sends the flier elsewhere: the landing no longer fits.
    let other = json.replace("\"random\": 0.5", "\"random\": 0.2");
    assert_ne!(other, json);
    let record = import(&other).unwrap();
    let codes = codes_of(&text(&record));
    assert!(codes.contains(&"E430".to_string()), "{codes:?}");
}

#[test]
fn the_ferries_scenario_tells_a_new_ferry_from_a_move() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-ferries.jcz"
    ))
    .unwrap();
    let (cgn, totals) = import_and_check(&json);
    // On the tile laid, the new ferry; on another lake, a move; the ends in
    // canonical order (the program wrote `WE`).
    assert!(cgn.contains("\n5. Ann FR2 1,0 r0 +E ferry:EW\n"), "{cgn}");
    assert!(cgn.contains("\n6. Bob V 2,0 r0 ferry:1,0/SW\n"), "{cgn}");
    assert_eq!(totals, vec![("Ann".to_string(), 3), ("Bob".to_string(), 4)]);
    // The move left out, Bob's road stays open and shared: the assertions
    // no longer hold.
    let unmoved = cgn.replace(" ferry:1,0/SW", "");
    assert!(
        codes_of(&unmoved).iter().any(|c| c.starts_with("E50")),
        "{unmoved}"
    );
}

#[test]
fn the_crop_circles_scenario_writes_each_players_action() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-crop-circles.jcz"
    ))
    .unwrap();
    let (cgn, totals) = import_and_check(&json);
    // The choice and each player's action, committed after the turn, belong
    // to the turn: Blue (Green's left) then Red return their farmers.
    assert!(
        cgn.contains(
            "\n5. Green CC23 0,1 r180 +S circle:remove remove:0,-1/NNW(Blue) remove:1,0/NNW(Red)\n"
        ),
        "{cgn}"
    );
    // Effect A on thieves: Blue adds one beside his, Red passes; Green has
    // none and is skipped.
    assert!(
        cgn.contains("\n7. Red CC21 4,0 r0 +E circle:add add:3,0/E(Blue) pass(Red)\n"),
        "{cgn}"
    );
    assert_eq!(
        totals,
        vec![
            ("Red".to_string(), 1),
            ("Green".to_string(), 4),
            ("Blue".to_string(), 6)
        ]
    );
    // Without Red's farmer returned, the record is refused.
    let short = cgn.replace(" remove:1,0/NNW(Red)", "");
    assert!(codes_of(&short).contains(&"E432".to_string()), "{short}");
    // An action before its turn is committed is a fault of the save.
    let v: Value = serde_json::from_str(&json).unwrap();
    let mut early = v.clone();
    let replay = early["replay"].as_array_mut().unwrap();
    let choice = replay
        .iter()
        .position(|m| m["type"] == "CIRCLE_REMOVE_OR_DEPLOY")
        .unwrap();
    replay.swap(choice, choice - 1);
    let e = errors(&early.to_string());
    assert!(e.iter().any(|e| e.code == "I405"), "{e:?}");
}

#[test]
fn the_flying_machines_scenario_asserts_the_landing_is_due() {
    let Some(json) = common::shared_or_skip(
        "records/jcz/engine-tests/flying-machines/placement-is-mandatory.jcz",
        NOT_SHIPPED,
    ) else {
        return;
    };
    // "Player can't pass": the save stops after the roll, and the turn as it
    // stands (the flight without its landing) is refused, naming a landing.
    let cgn = text(&import(&json).unwrap());
    assert!(
        cgn.contains("3. Eve FL5 3,0 r0 fly:1 { not committed"),
        "{cgn}"
    );
    let outcome = check("flight.cgn", &cgn, &catalog());
    let d = &outcome.games[0].diagnostics;
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].code(), "E431");
    assert!(d[0].to_string().contains("2,0/E"), "{}", d[0]);
    // Without the assertion the uncommitted turn is not read.
    let plain = json.replace("\"Player can't pass\"", "\"Eve has 0 points\"");
    let e = errors(&plain);
    assert!(e.iter().any(|e| e.code == "I405"), "{e:?}");
}

#[test]
fn the_mage_and_witch_scenario_moves_a_pawn_off_the_joined_road() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-mage-and-witch.jcz"
    ))
    .unwrap();
    let (cgn, totals) = import_and_check(&json);
    // `MOVE_NEUTRAL_FIGURE` of `mage.1` and `witch.1`, before the figure.
    assert!(cgn.contains("\n1. Ann MW1 0,1 r180 mage:E\n"), "{cgn}");
    assert!(cgn.contains("\n3. Ann MW5 0,-1 r90 witch:0,0/E\n"), "{cgn}");
    // A plain tile joins the mage's road to the witch's: the witch moves
    // off before the road scores, and the mage raises it (5 + 5).
    assert!(cgn.contains("\n5. Ann V 1,1 r0 witch:0,-1/E\n"), "{cgn}");
    assert_eq!(
        totals,
        vec![("Ann".to_string(), 0), ("Bob".to_string(), 10)]
    );
    // Without the move the turn is E428.
    let unwritten = cgn.replace(" witch:0,-1/E", "");
    assert!(
        codes_of(&unwritten).contains(&"E428".to_string()),
        "{unwritten}"
    );
}

#[test]
fn a_pawn_moved_nowhere_is_written_off_the_board() {
    // The program's removal of a pawn (when no road or city may take one and
    // both are on the board) is a `MOVE_NEUTRAL_FIGURE` with `to` null.
    let json = r#"{"setup": {"sets": {"basic:1": 1, "mage-and-witch:1": 1},
        "elements": {"small-follower": 7, "farmers": true, "mage": 1, "witch": 1},
        "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]},
      "players": [{"name": "Ann", "slot": 0}, {"name": "Bob", "slot": 1}],
      "gameAnnotations": {"drawOrder": ["MW/CFC"], "endTurn": 1},
      "replay": [
        {"type": "PLACE_TILE", "payload": {"tileId": "MW/CFC", "rotation": "R0", "position": [0, -1]}, "player": 0},
        {"type": "MOVE_NEUTRAL_FIGURE", "payload": {"figureId": "mage.1", "to": null}, "player": 0},
        {"type": "PASS", "payload": {}, "player": 0},
        {"type": "COMMIT", "payload": {"random": 0.0}, "player": 0}]}"#;
    // `to: null`: off the board; here the mage is in the box, so the
    // referee refuses it (E427), but the message reads.
    let cgn = text(&import(json).unwrap());
    assert!(cgn.contains("\n1. Ann MW5 0,1 r0 mage:-\n"), "{cgn}");
    assert!(codes_of(&cgn).contains(&"E427".to_string()), "{cgn}");
}

#[test]
fn the_lone_pawn_the_program_takes_off_is_written() {
    // Where no road or city may take a pawn and only one is on the board,
    // the program takes it off by itself and sends no message: the record
    // writes it (`mage:-`), and the figure after it as a step.
    let turn = |tile: &str, rotation: &str, at: [i32; 2], player: u8, extra: &str| {
        format!(
            r#"{{"type": "PLACE_TILE", "payload": {{"tileId": "{tile}", "rotation": "{rotation}", "position": [{}, {}]}}, "player": {player}}},{extra}
            {{"type": "PASS", "payload": {{}}, "player": {player}}},
            {{"type": "COMMIT", "payload": {{"random": 0.0}}, "player": {player}}}"#,
            at[0], at[1]
        )
    };
    let mage = r#"{"type": "MOVE_NEUTRAL_FIGURE", "payload": {"figureId": "mage.1", "to": {"position": [0, 0], "feature": "City", "location": "N"}}, "player": 0},"#;
    let turns = [
        turn("MW/CccR.1", "R90", [1, 0], 0, mage),
        turn("BA/LR", "R270", [-1, 0], 1, ""),
        turn("BA/C", "R180", [1, -1], 0, ""),
        turn("BA/C", "R270", [2, 0], 1, ""),
        turn("BA/C", "R0", [1, 1], 0, ""),
        turn("BA/L", "R0", [1, -2], 1, ""),
        turn("BA/C", "R180", [0, -2], 0, ""),
        turn("MW/CFC", "R0", [0, -1], 1, ""),
    ];
    let json = format!(
        r#"{{"setup": {{"sets": {{"basic:1": 1, "mage-and-witch:1": 1}},
        "elements": {{"small-follower": 7, "farmers": true, "mage": 1, "witch": 1}},
        "start": [{{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}}]}},
      "players": [{{"name": "Ann", "slot": 0}}, {{"name": "Bob", "slot": 1}}],
      "gameAnnotations": {{"drawOrder": ["MW/CccR.1", "BA/LR", "BA/C", "BA/C", "BA/C", "BA/L", "BA/C", "MW/CFC"], "endTurn": 8}},
      "replay": [{}]}}"#,
        turns.join(",")
    );
    let (cgn, _) = import_and_check(&json);
    assert!(cgn.contains("\n1. Ann MW6 1,0 r90 mage:0,0/N\n"), "{cgn}");
    assert!(cgn.contains("\n8. Bob MW5 0,1 r0 mage:-\n"), "{cgn}");
}

#[test]
fn the_gold_mines_game_checks_with_the_programs_points_as_its_result() {
    let Some(json) = common::shared_or_skip("records/jcz/games/goldmines-0.jcz", NOT_SHIPPED)
    else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    // Every one of the 8 gold mines sets its second ingot, written.
    assert_eq!(cgn.matches(" gold:").count(), 8, "{cgn}");
    // JCloisterZone's final points, 23–9, as the record's Result: the referee
    // finds the same.
    let with_result = cgn.replace("[Result \"*\"]", "[Result \"P1 23, P2 9\"]");
    assert_ne!(with_result, cgn);
    assert_eq!(codes_of(&with_result), Vec::<String>::new());
    let wrong = cgn.replace("[Result \"*\"]", "[Result \"P1 23, P2 10\"]");
    assert!(!codes_of(&wrong).is_empty());
}

#[test]
fn edited_tower_messages_never_panic() {
    // Each message of the Tower scenario removed, emptied, or given another
    // message's type: an error or a record, which the referee then judges.
    let kinds = [
        "PLACE_TOKEN",
        "CAPTURE_FOLLOWER",
        "EXCHANGE_FOLLOWER",
        "PAY_RANSOM",
        "DEPLOY_MEEPLE",
        "UNDO",
    ];
    let v: Value = serde_json::from_str(&common::data(TOWER_SCENARIO)).unwrap();
    let len = v["replay"].as_array().unwrap().len();
    assert!(len > 20);
    for i in 0..len {
        let mut edits: Vec<String> = vec![
            tower_scenario(|r| drop(r.remove(i))),
            tower_scenario(|r| r[i]["payload"] = serde_json::json!({})),
        ];
        for kind in kinds {
            edits.push(tower_scenario(|r| r[i]["type"] = kind.into()));
        }
        for json in edits {
            let r = catch_unwind(AssertUnwindSafe(|| {
                if let Ok(record) = import(&json) {
                    let _ = codes_of(&text(&record));
                }
            }));
            assert!(r.is_ok(), "panic with message {i} edited");
        }
    }
}

/// The shipped scenario of The Princess & the Dragon
/// (`tests/data/jcz/scenario-princess-and-dragon.jcz`).
const PD_SCENARIO: &str = "jcz/scenario-princess-and-dragon.jcz";

fn pd_scenario(f: impl Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&common::data(PD_SCENARIO)).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn the_princess_and_dragon_scenario_imports_every_action_in_order() {
    let (cgn, totals) = import_and_check(&common::data(PD_SCENARIO));
    // A dragon tile drawn before the volcano, set aside; the fairy next to a
    // knight (`MOVE_NEUTRAL_FIGURE` of `fairy.1`); the dragon's moves
    // (`MOVE_NEUTRAL_FIGURE` of `dragon.1` to a square) as directions with
    // their player, after the turn's follower, which the first eats; a
    // follower through the portal onto an earlier tile (`DEPLOY_MEEPLE`
    // there); the princess's knight (`RETURN_MEEPLE`) with its owner.
    for line in [
        "\n1. Ann PD4 aside { set aside: no volcano yet }\n",
        "\n2. Ann F 0,1 r90 +N\n",
        "\n3. Bob PD5 0,-1 r180\n",
        "\n4. Ann U 1,0 r0 +fairy:0,1/N\n",
        "\n5. Bob PD14 1,-1 r270 +E dragon:E(Bob) dragon:N(Ann) dragon:W(Bob)\n",
        "\n6. Ann PD2 2,0 r0 +1,0/E\n",
        "\n7. Bob PD9 0,2 r180 princess:0,1/N(Ann)\n",
    ] {
        assert!(cgn.contains(line), "{line}\n{cgn}");
    }
    assert!(cgn.starts_with("[CGN \"2\"]"), "{cgn}");
    assert!(
        cgn.contains("[Expansions \"princess-and-dragon\"]"),
        "{cgn}"
    );
    // `fairy-placement` left out (the program's default, next to a
    // follower), `princess-action: must` (the 2000 text), `dragon-move:
    // before-scoring`.
    assert!(
        cgn.contains("[Variants \"fairy-next-follower, dragon-before-scoring\"]"),
        "{cgn}"
    );
    // The scenario's assertions: Ann's point for the fairy and her road.
    assert!(cgn.contains("[Result \"Ann 4, Bob 0\"]"), "{cgn}");
    assert!(cgn.contains("[Scored \"Ann road 3\"]"), "{cgn}");
    assert_eq!(totals, vec![("Ann".to_string(), 4), ("Bob".to_string(), 0)]);
    let record = import(&common::data(PD_SCENARIO)).unwrap();
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_jcz_scenario_princess_and_dragon", text(&record));
    });
}

#[test]
fn the_options_of_the_princess_and_the_dragon_become_variants() {
    let variants = |rules: Value| {
        let cgn = text(&import(&pd_scenario(|v| v["setup"]["rules"] = rules.clone())).unwrap());
        cgn.lines()
            .find(|l| l.starts_with("[Variants "))
            .map(str::to_string)
    };
    // Left out: the program's defaults, each a departure from the 2000 text.
    assert_eq!(
        variants(serde_json::json!({})).as_deref(),
        Some("[Variants \"fairy-next-follower, princess-may, dragon-before-scoring\"]")
    );
    assert_eq!(
        variants(serde_json::json!({"fairy-placement": "next-follower", "princess-action": "may", "dragon-move": "after-scoring"})).as_deref(),
        Some("[Variants \"fairy-next-follower, princess-may\"]")
    );
    // The 2000 text's values need no variant.
    assert_eq!(
        variants(
            serde_json::json!({"fairy-placement": "on-tile", "princess-action": "must", "dragon-move": "after-scoring"})
        ),
        None
    );
    for option in ["fairy-placement", "princess-action", "dragon-move"] {
        let json = pd_scenario(|v| v["setup"]["rules"][option] = "sometimes".into());
        assert_eq!(
            codes_at(&json),
            vec![("I404".to_string(), format!("setup.rules.{option}"))]
        );
    }
    // The variant matters: on a tile, the fairy cannot stand next to a
    // follower, and the referee says so.
    let json = pd_scenario(|v| v["setup"]["rules"]["fairy-placement"] = "on-tile".into());
    assert_eq!(
        codes_of(&text(&import(&json).unwrap())),
        vec!["E423", "W101"]
    );
}

#[test]
fn the_fairy_on_a_tile_is_written_with_its_square() {
    // `fairy-placement: on-tile`: the program's message names a square.
    let json = pd_scenario(|v| {
        v["setup"]["rules"]["fairy-placement"] = "on-tile".into();
        let replay = v["replay"].as_array_mut().unwrap();
        let at = nth(replay, "MOVE_NEUTRAL_FIGURE", 0);
        replay[at]["payload"]["to"] = serde_json::json!([0, -1]);
    });
    let (cgn, totals) = import_and_check(&json);
    assert!(cgn.contains("\n4. Ann U 1,0 r0 +fairy:0,1\n"), "{cgn}");
    assert!(!cgn.contains("[Variants \"fairy-next-follower"), "{cgn}");
    assert_eq!(totals, vec![("Ann".to_string(), 4), ("Bob".to_string(), 0)]);
}

#[test]
fn the_dragon_moves_from_where_it_stands() {
    // A move that is not one step from the dragon cannot be written as a
    // direction: a coded error, not a guess.
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let at = nth(replay, "MOVE_NEUTRAL_FIGURE", 2);
        replay[at]["payload"]["to"] = serde_json::json!([5, 5]);
    });
    let e = errors(&json);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].code, "I404");
    assert!(e[0].location.ends_with("].payload.to"), "{e:?}");
    assert!(e[0].message.contains("cannot reach 5,-5"), "{e:?}");
    // Without the volcano (a plain tile in its place) the dragon is nowhere.
    let json = pd_scenario(|v| {
        v["gameAnnotations"]["drawOrder"][2] = "BA/C".into();
        v["replay"][3]["payload"]["tileId"] = "BA/C".into();
    });
    let e = errors(&json);
    assert!(
        e.iter()
            .any(|e| e.code == "I404" && e.message.contains("before any volcano")),
        "{e:?}"
    );
    // A journey cut short where the dragon could go on is the referee's to
    // judge (E422), as is a move's player out of turn (E421).
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        drop(replay.remove(nth(replay, "MOVE_NEUTRAL_FIGURE", 3)));
    });
    assert_eq!(
        codes_of(&text(&import(&json).unwrap())),
        vec!["E422", "W101"]
    );
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let at = nth(replay, "MOVE_NEUTRAL_FIGURE", 2);
        replay[at]["player"] = 1.into();
    });
    let cgn = text(&import(&json).unwrap());
    assert!(cgn.contains(" dragon:N(Bob) "), "{cgn}");
    assert_eq!(codes_of(&cgn), vec!["E421", "W101"]);
}

#[test]
fn a_follower_on_an_earlier_tile_is_the_portals() {
    // Through the portal: the referee checks the tile laid has one. Moved to
    // a turn without a portal, the same message is E411.
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let portal = nth(replay, "DEPLOY_MEEPLE", 2);
        let m = replay.remove(portal);
        let pass = nth(replay, "PASS", 0);
        replay[pass] = m;
        replay[pass]["payload"]["pointer"]["position"] = serde_json::json!([0, -1]);
        replay[pass]["payload"]["pointer"]["location"] = "NS".into();
        replay[pass]["payload"]["pointer"]["feature"] = "City".into();
        replay[pass]["payload"]["meepleId"] = "1.small.1".into();
    });
    let cgn = text(&import(&json).unwrap());
    assert!(cgn.contains("\n3. Bob PD5 0,-1 r180 +0,1/N\n"), "{cgn}");
    assert!(codes_of(&cgn).contains(&"E411".to_string()), "{cgn}");
    // Without The Princess & the Dragon a figure on another tile is I408.
    let json = edited(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let at = nth(replay, "DEPLOY_MEEPLE", 0);
        replay[at]["payload"]["pointer"]["position"] = serde_json::json!([0, 0]);
    });
    assert!(
        codes_at(&json)
            .iter()
            .any(|(c, l)| c == "I408" && l.ends_with("payload.pointer.position")),
        "{:?}",
        codes_at(&json)
    );
}

#[test]
fn the_princess_names_the_knight_and_its_owner() {
    // Without the princess's message under `princess-action: must`, the
    // referee asks for it (E424); a knight on a square without a tile, or a
    // return by another expansion's rule, is named.
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        drop(replay.remove(nth(replay, "RETURN_MEEPLE", 0)));
    });
    assert_eq!(codes_of(&text(&import(&json).unwrap())), vec!["E424"]);
    let json = pd_scenario(|v| {
        let replay = v["replay"].as_array_mut().unwrap();
        let at = nth(replay, "RETURN_MEEPLE", 0);
        replay[at]["payload"]["pointer"]["featurePointer"]["position"] = serde_json::json!([9, 9]);
    });
    assert!(
        codes_at(&json)
            .iter()
            .any(|(c, l)| c == "I408" && l.ends_with("featurePointer.location"))
    );
    for (source, code, expansion) in [
        ("CORN_CIRCLE", "I405", "crop circle"),
        ("FESTIVAL", "I407", "The Festival"),
    ] {
        let json = pd_scenario(|v| {
            let replay = v["replay"].as_array_mut().unwrap();
            let at = nth(replay, "RETURN_MEEPLE", 0);
            replay[at]["payload"]["source"] = source.into();
        });
        let e = errors(&json);
        assert!(
            e.iter()
                .any(|e| e.code == code && e.message.contains(expansion)),
            "{source}: {e:?}"
        );
    }
}

#[test]
fn dragon_tiles_never_drawn_are_set_aside_at_the_end() {
    // The scenario cut after its first turn, its pack ending with a dragon
    // tile while no volcano is on the board: drawn after the last turn, it
    // is set aside by the rulebook's rule, not discarded.
    let json = pd_scenario(|v| {
        v["gameAnnotations"] = serde_json::json!({"drawOrder": ["DG/C.d", "BA/CFc+", "DG/Rr.d"]});
        v.as_object_mut().unwrap().remove("test");
        v["replay"].as_array_mut().unwrap().truncate(3);
    });
    let (cgn, _) = import_and_check(&json);
    assert!(
        cgn.contains("\n3. Bob PD14 aside { set aside: no volcano yet }\n"),
        "{cgn}"
    );
    assert!(!cgn.contains("Termination"), "{cgn}");
}

#[test]
fn princess_and_dragon_tiles_without_the_dragon_are_refused() {
    // The program plays the expansion's tiles by the elements present:
    // without the dragon, volcanoes and dragon tiles are plain tiles, which
    // no rulebook has.
    let json = pd_scenario(|v| {
        drop(
            v["setup"]["elements"]
                .as_object_mut()
                .unwrap()
                .remove("dragon"),
        )
    });
    let e = errors(&json);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].code, e[0].location.as_str()),
        ("I407", "setup.elements")
    );
    assert!(e[0].message.contains("without the element dragon"), "{e:?}");
    // Without the princess, under `princess-action: must`, too; under `may`
    // the princess is only never used.
    let json = pd_scenario(|v| {
        drop(
            v["setup"]["elements"]
                .as_object_mut()
                .unwrap()
                .remove("princess"),
        )
    });
    assert!(
        errors(&json)[0]
            .message
            .contains("without the element princess")
    );
    let json = pd_scenario(|v| {
        drop(
            v["setup"]["elements"]
                .as_object_mut()
                .unwrap()
                .remove("princess"),
        );
        v["setup"]["rules"]["princess-action"] = "may".into();
        v["replay"].as_array_mut().unwrap().truncate(3);
        v["gameAnnotations"]["endTurn"] = 1.into();
        v.as_object_mut().unwrap().remove("test");
    });
    assert!(import(&json).is_ok());
}

#[test]
fn princess_and_dragon_saves_are_no_longer_refused() {
    // I406 was The Princess & the Dragon's until its rules were refereed:
    // its set, elements, tiles and messages are read now.
    let json = common::data(PD_SCENARIO);
    for needle in [
        "\"princess-and-dragon:1\"",
        "\"dragon\": 1",
        "\"fairy\": 1",
        "\"princess\": true",
        "\"portal\": true",
        "DG/C.v",
        "MOVE_NEUTRAL_FIGURE",
        "RETURN_MEEPLE",
    ] {
        assert!(json.contains(needle), "{needle}");
    }
    assert!(import(&json).is_ok());
    let Some(json) =
        common::shared_or_skip("records/jcz/games/princess-and-dragon-0.jcz", NOT_SHIPPED)
    else {
        return;
    };
    assert!(import(&json).is_ok());
}

#[test]
fn the_princess_and_dragon_game_checks_with_the_programs_points_as_its_result() {
    let Some(json) =
        common::shared_or_skip("records/jcz/games/princess-and-dragon-0.jcz", NOT_SHIPPED)
    else {
        return;
    };
    let cgn = text(&import(&json).unwrap());
    // Every tile drawn as the program drew it: its dragon tiles only once a
    // volcano was placed, so nothing set aside and no draw given up.
    assert!(!cgn.contains("could not be reproduced"), "{cgn}");
    assert!(!cgn.contains(" aside"), "{cgn}");
    // Each move of the dragon and of the fairy is written.
    let v: Value = serde_json::from_str(&json).unwrap();
    let moves = |figure: &str| {
        v["replay"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["payload"]["figureId"] == figure)
            .count()
    };
    assert_eq!(cgn.matches(" dragon:").count(), moves("dragon.1"), "{cgn}");
    assert_eq!(cgn.matches(" +fairy:").count(), moves("fairy.1"), "{cgn}");
    assert!(moves("dragon.1") > 40 && moves("fairy.1") > 30);
    assert!(
        cgn.contains("[Variants \"fairy-next-follower, princess-may, dragon-before-scoring\"]"),
        "{cgn}"
    );
    // JCloisterZone's final points, 41–12, as the record's Result: the
    // referee finds the same.
    let with_result = cgn.replace("[Result \"*\"]", "[Result \"P1 41, P2 12\"]");
    assert_ne!(with_result, cgn);
    assert_eq!(codes_of(&with_result), Vec::<String>::new());
    let wrong = cgn.replace("[Result \"*\"]", "[Result \"P1 41, P2 13\"]");
    assert!(!codes_of(&wrong).is_empty());
}

#[test]
fn edited_princess_and_dragon_messages_never_panic() {
    // Each message of the scenario removed, emptied, or given another
    // message's type: an error or a record, which the referee then judges.
    let kinds = [
        "MOVE_NEUTRAL_FIGURE",
        "RETURN_MEEPLE",
        "DEPLOY_MEEPLE",
        "PLACE_TILE",
        "UNDO",
    ];
    let v: Value = serde_json::from_str(&common::data(PD_SCENARIO)).unwrap();
    let len = v["replay"].as_array().unwrap().len();
    assert!(len > 15);
    for i in 0..len {
        let mut edits: Vec<String> = vec![
            pd_scenario(|v| drop(v["replay"].as_array_mut().unwrap().remove(i))),
            pd_scenario(|v| v["replay"][i]["payload"] = serde_json::json!({})),
            pd_scenario(|v| v["replay"][i]["payload"]["to"] = serde_json::json!({"x": 1})),
        ];
        for kind in kinds {
            edits.push(pd_scenario(|v| v["replay"][i]["type"] = kind.into()));
        }
        for json in edits {
            let r = catch_unwind(AssertUnwindSafe(|| {
                if let Ok(record) = import(&json) {
                    let _ = codes_of(&text(&record));
                }
            }));
            assert!(r.is_ok(), "panic with message {i} edited");
        }
    }
}
