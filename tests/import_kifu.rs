#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The score-sheet importer: the shipped sheet `tests/data/kifu/`, written from the
//! example game `notation/examples/hig2012-two-players.cgn`, imports as that game
//! and passes the referee; the final of the Japan championship 2015 imports and
//! passes the referee; the tile table agrees with `tiles.sash2104.json` and with
//! the catalog; malformed sheets (edits of the shipped one) give coded errors with
//! JSON paths, never a panic.
//!
//! The 2015 final and `tiles.sash2104.json` are not shipped: their source publishes
//! no licence. The tests that read them run where they are beside the project
//! (`../shared/records/kifu/`) and otherwise say that they skipped.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use carcref::import::ImportError;
use carcref::import::kifu::{SHEET_TILES, import, sheet_tile};
use carcref::notation::{ActionRecord, GameRecord, TurnRecord};
use carcref::tiles::{EdgeKind, FeatureKind, Half, Rotation, Side, Spot};
use carcref::{Pos, TileCatalog, check};
use common::kifu::{SHIPPED_SHEET, SOURCE_GAME, sheet, source_game};
use serde_json::Value;

/// Why the 2015 final and its tile table are not shipped.
const NOT_SHIPPED: &str = "not shipped: its source publishes no licence";

/// The final of the Japan championship 2015, if it is beside the project.
fn final_2015() -> Option<String> {
    common::shared_or_skip(
        "records/kifu/championship_japan_2015_final.json",
        NOT_SHIPPED,
    )
}

/// The shipped score sheet.
fn shipped() -> String {
    common::data(SHIPPED_SHEET)
}

fn text(record: &GameRecord) -> String {
    carcref::notation::write::write(std::slice::from_ref(record))
}

/// The shipped score sheet with one placement's field replaced.
fn edited(f: impl Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&shipped()).unwrap();
    f(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

fn errors(json: &str) -> Vec<ImportError> {
    match import(json) {
        Ok(_) => panic!("accepted"),
        Err(e) => {
            assert!(!e.is_empty());
            e
        }
    }
}

fn codes(errors: &[ImportError]) -> Vec<&'static str> {
    errors.iter().map(|e| e.code).collect()
}

/// The shipped sheet is the encoder's (`common::kifu::sheet`) writing of the
/// example game, so it can be made again from it:
/// `CARCREF_UPDATE_DATA=1 cargo test --test import_kifu` writes it anew.
#[test]
fn the_shipped_sheet_is_the_example_game_written_out() {
    let want = sheet(&source_game());
    if std::env::var_os("CARCREF_UPDATE_DATA").is_some() {
        std::fs::write(common::data_path(SHIPPED_SHEET), &want).unwrap();
    }
    common::assert_same_text(SHIPPED_SHEET, &want, &format!("{SOURCE_GAME} written out"));
}

/// Player, tile, position and rotation (or discard) and follower of a turn.
fn turn_of(t: &TurnRecord) -> (String, String, ActionRecord, Option<Spot>) {
    assert!(t.follower.as_ref().is_none_or(|f| f.figure.is_none()));
    (
        t.player.value.to_string(),
        t.tile.value.to_string(),
        t.action.value.clone(),
        t.follower.as_ref().map(|f| f.spot.value),
    )
}

#[test]
fn the_shipped_sheet_imports_as_the_example_game_and_passes_the_referee() {
    let source = source_game();
    let record = import(&shipped()).unwrap_or_else(|e| panic!("{e:#?}"));
    for tag in ["Event", "Players", "Rules"] {
        assert_eq!(
            record.tag(tag).map(|t| &t.value.value),
            source.tag(tag).map(|t| &t.value.value),
            "{tag}"
        );
    }
    assert_eq!(record.turns.len(), source.turns.len());
    assert_eq!(record.turns.len(), 71);
    for (ours, theirs) in record.turns.iter().zip(&source.turns) {
        assert_eq!(ours.number.value, theirs.number.value);
        assert_eq!(
            turn_of(ours),
            turn_of(theirs),
            "turn {}",
            theirs.number.value
        );
    }
    let followers = record.turns.iter().filter(|t| t.follower.is_some()).count();
    assert!(followers > 0);
    // The referee accepts it, and scores it as the example game's result.
    let text = text(&record);
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check("shipped-sheet", &text, &catalog);
    assert!(
        !outcome.has_errors(),
        "{}\n{text}",
        carcref::render::render_diagnostics(&outcome, &Default::default())
    );
    assert!(record.tag("Result").is_none());
    let score = outcome.games[0].score().unwrap();
    let result = source.tag("Result").unwrap().value.value.to_string();
    for entry in result.split(", ") {
        let (name, points) = entry.rsplit_once(' ').unwrap();
        assert_eq!(
            score.total(name),
            Some(points.parse().unwrap()),
            "{name} in {result}"
        );
    }
}

#[test]
fn snapshot_of_the_shipped_sheet() {
    let text = text(&import(&shipped()).unwrap());
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_kifu_shipped_sheet", text);
    });
}

#[test]
fn japan_2015_final_imports_and_passes_the_referee() {
    let Some(final_2015) = final_2015() else {
        return;
    };
    let record = import(&final_2015).unwrap_or_else(|e| panic!("{e:#?}"));
    let text = text(&record);
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check("japan-2015-final", &text, &catalog);
    assert!(
        !outcome.has_errors(),
        "{}\n{text}",
        carcref::render::render_diagnostics(&outcome, &Default::default())
    );
    assert_eq!(
        record.tag("Players").unwrap().value.value,
        "J.N (red), R.N (green)"
    );
    assert_eq!(record.turns.len(), 71);
    let followers = record.turns.iter().filter(|t| t.follower.is_some()).count();
    assert_eq!(followers, 33);
    assert!(record.tag("Result").is_none());
}

/// FNV-1a (64 bits) of a text: a digest that changes with any byte of the text
/// and does not hold it.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The record written from the 2015 final, in figures rather than as a copy of
/// the game: the tags and the note on the board's turn, the seats, the turns and
/// followers of each player, the board's extent, the tiles drawn, the scorings
/// and the totals the referee computes (the sheet records none), and a digest of
/// the whole text, which any change to the record written changes. A change of
/// the importer that changes the record fails here; if it is meant, check the
/// figures and take the new digest from the message.
#[test]
fn the_2015_final_in_figures() {
    let Some(final_2015) = final_2015() else {
        return;
    };
    let record = import(&final_2015).unwrap_or_else(|e| panic!("{e:#?}"));
    let tag_names: Vec<String> = record
        .tags
        .iter()
        .map(|t| t.name.value.to_string())
        .collect();
    assert_eq!(
        tag_names,
        ["CGN", "Event", "Players", "Rules", "Termination", "Source"]
    );
    for (name, value) in [
        ("Players", "J.N (red), R.N (green)"),
        ("Rules", "HiG-2012"),
        ("Termination", "complete"),
        ("Source", "score sheet (sash2104/carcassonne format)"),
    ] {
        assert_eq!(record.tag(name).unwrap().value.value, value, "{name}");
    }
    let notes: Vec<&str> = record.turns[0]
        .comments_before
        .iter()
        .map(|c| c.value.text.as_str())
        .collect();
    assert_eq!(
        notes,
        [
            "board turned a quarter turn counterclockwise from the score sheet's so that \
          the start tile lies as pictured: its square x,y is -y,x here"
        ]
    );

    // 71 turns, the seats taking turns from J.N; every tile placed, none discarded.
    assert_eq!(record.turns.len(), 71);
    for (i, t) in record.turns.iter().enumerate() {
        assert_eq!(t.number.value as usize, i + 1);
        let seat = if i % 2 == 0 { "J.N" } else { "R.N" };
        assert_eq!(t.player.value, seat, "turn {}", i + 1);
        assert!(t.comments_before.is_empty() || i == 0, "turn {}", i + 1);
        assert!(t.claims.is_empty() && t.events.is_empty(), "turn {}", i + 1);
    }
    let positions: Vec<Pos> = record
        .turns
        .iter()
        .filter_map(|t| match &t.action.value {
            ActionRecord::Place { pos, .. } => Some(pos.value),
            ActionRecord::Discard | ActionRecord::Aside => None,
        })
        .collect();
    assert_eq!(positions.len(), 71, "a discard");
    let extent = |f: fn(&Pos) -> i32| {
        let v: Vec<i32> = positions.iter().map(f).collect();
        (*v.iter().min().unwrap(), *v.iter().max().unwrap())
    };
    assert_eq!(extent(|p| p.x), (-7, 5), "columns");
    assert_eq!(extent(|p| p.y), (-4, 6), "rows");

    // The tiles drawn are the basic game's, the start tile aside.
    let catalog = TileCatalog::embedded().unwrap();
    let mut drawn: Vec<String> = record
        .turns
        .iter()
        .map(|t| t.tile.value.to_string())
        .collect();
    drawn.sort();
    let mut basic: Vec<String> = SHEET_TILES
        .iter()
        .flat_map(|t| {
            let id = catalog.id(&t.letter.to_string()).unwrap();
            let n = usize::from(catalog.def(id).count) - usize::from(t.letter == 'D');
            std::iter::repeat_n(t.letter.to_string(), n)
        })
        .collect();
    basic.sort();
    assert_eq!(drawn, basic);

    // 33 followers: 17 of J.N, 16 of R.N.
    let followers = |seat: &str| {
        record
            .turns
            .iter()
            .filter(|t| t.player.value == seat && t.follower.is_some())
            .count()
    };
    assert_eq!((followers("J.N"), followers("R.N")), (17, 16));

    // The referee's scoring: 19 features completed during the game, 10 scored at
    // the end, and the totals.
    let text = text(&record);
    let outcome = check("japan-2015-final", &text, &catalog);
    let game = &outcome.games[0];
    assert!(!game.has_errors(), "{:?}", game.diagnostics);
    let events = &game.replay.as_ref().unwrap().events;
    let during = events.iter().filter(|e| e.turn.is_some()).count();
    assert_eq!((during, events.len() - during), (19, 10));
    let score = game.score().unwrap();
    assert!(score.final_scoring);
    assert_eq!(score.players, ["J.N", "R.N"]);
    assert_eq!(score.totals, [96, 95]);

    let digest = digest(&text);
    assert!(
        digest == 0x9282_78f2_eef0_6992,
        "the record written from the 2015 final has changed: its digest is {digest:#018x}"
    );
}

#[test]
fn the_tile_table_is_the_score_sheets() {
    let Some(table) = common::shared_or_skip("records/kifu/tiles.sash2104.json", NOT_SHIPPED)
    else {
        return;
    };
    let table: Value = serde_json::from_str(&table).unwrap();
    let table = table.as_array().unwrap();
    assert_eq!(table.len(), SHEET_TILES.len());
    let ints = |v: &Value| -> Vec<i8> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|n| i8::try_from(n.as_i64().unwrap()).unwrap())
            .collect()
    };
    for (t, ours) in table.iter().zip(SHEET_TILES) {
        let letter = t["name"].as_str().unwrap();
        assert_eq!(letter, ours.letter.to_string());
        assert_eq!(ints(&t["cities"]), ours.cities, "{letter}");
        assert_eq!(ints(&t["roads"]), ours.roads, "{letter}");
        assert_eq!(ints(&t["fields"]), ours.fields, "{letter}");
        assert_eq!(
            t["hasCloister"].as_bool().unwrap(),
            ours.cloister,
            "{letter}"
        );
    }
}

#[test]
fn each_sheet_tile_is_our_picture_turned_by_its_offset() {
    let catalog = TileCatalog::embedded().unwrap();
    for sheet in SHEET_TILES {
        let letter = sheet.letter;
        let def = catalog.def(catalog.id(&letter.to_string()).unwrap());
        let rotation = Rotation::from_quarter_turns(sheet.offset);
        let o = def.at(rotation);
        for side in Side::ALL {
            let i = side.index();
            let edge = match (sheet.cities[i] >= 0, sheet.roads[i] >= 0) {
                (true, false) => EdgeKind::City,
                (false, true) => EdgeKind::Road,
                (false, false) => EdgeKind::Field,
                (true, true) => panic!("{letter}: city and road on one side"),
            };
            assert_eq!(o.edge(side), edge, "{letter} {side}");
        }
        // Same segments: two sides (halves) share a sheet index exactly when they
        // share one of our segments.
        let mut sheet_segments: Vec<(FeatureKind, i64)> = Vec::new();
        for (kind, name) in [(FeatureKind::City, "city"), (FeatureKind::Road, "road")] {
            let list = if name == "city" {
                sheet.cities
            } else {
                sheet.roads
            };
            for a in Side::ALL {
                for b in Side::ALL {
                    let (ia, ib) = (list[a.index()], list[b.index()]);
                    if ia >= 0 && ib >= 0 {
                        assert_eq!(
                            ia == ib,
                            o.segment_at(a) == o.segment_at(b),
                            "{letter} {name} {a} {b}"
                        );
                    }
                }
                if list[a.index()] >= 0 && !sheet_segments.contains(&(kind, list[a.index()].into()))
                {
                    sheet_segments.push((kind, list[a.index()].into()));
                }
            }
        }
        for a in Half::all() {
            for b in Half::all() {
                let (ia, ib) = (sheet.fields[a.index()], sheet.fields[b.index()]);
                assert_eq!(ia >= 0, o.field_at(a).is_some(), "{letter} {a}");
                if ia >= 0 && ib >= 0 {
                    assert_eq!(ia == ib, o.field_at(a) == o.field_at(b), "{letter} {a} {b}");
                }
            }
            let i = sheet.fields[a.index()];
            if i >= 0 && !sheet_segments.contains(&(FeatureKind::Field, i.into())) {
                sheet_segments.push((FeatureKind::Field, i.into()));
            }
        }
        if sheet.cloister {
            sheet_segments.push((FeatureKind::Monastery, 0));
        }
        // Every segment index names a segment of its kind.
        for (kind, index) in &sheet_segments {
            let name = match kind {
                FeatureKind::City => "city",
                FeatureKind::Road => "road",
                FeatureKind::Field => "field",
                FeatureKind::Monastery => "cloister",
            };
            let (k, spot) = sheet.segment_spot(name, *index).unwrap();
            assert_eq!(k, *kind);
            let segment = spot.segment(def, rotation).unwrap();
            assert_eq!(def.segments[usize::from(segment)].kind, *kind, "{letter}");
        }
        assert_eq!(sheet_segments.len(), def.segments.len(), "{letter}");
    }
    assert!(sheet_tile("D").is_some());
    assert!(sheet_tile("Y").is_none());
    assert!(sheet_tile("DD").is_none());
    assert_eq!(
        sheet_tile("K").unwrap().segment_spot("field", 1).unwrap().1,
        Spot::Half(Half::from_index(1))
    );
}

#[test]
fn a_skipped_tile_is_a_discard_by_its_player() {
    // Replace the last placement by a skip of the same tile: the sheet then holds
    // all 72 tiles, one of them discarded (the referee decides whether it fitted).
    let json = edited(|v| {
        let last = v["placements"].as_array_mut().unwrap().last_mut().unwrap();
        let o = last.as_object_mut().unwrap();
        o.insert("type".into(), "skipped".into());
        o.remove("tilePlacement");
        o.remove("meeplePlacement");
    });
    let r = import(&json).unwrap();
    let last = r.turns.last().unwrap();
    assert_eq!(last.action.value, ActionRecord::Discard);
    assert_eq!(last.player.value, "Ann");
}

#[test]
fn truncated_json() {
    let src = shipped();
    let e = errors(&src[..src.len() / 2]);
    assert_eq!(codes(&e), ["I301"]);
    assert!(e[0].location.starts_with("line "), "{e:?}");
    assert!(e[0].location.contains(", column "), "{e:?}");
}

#[test]
fn wrong_tile_kind() {
    let e = errors(&edited(|v| v["placements"][5]["tile"] = "Y".into()));
    assert_eq!(codes(&e), ["I303"]);
    assert_eq!(e[0].location, "placements[5].tile");
    let e = errors(&edited(|v| v["placements"][0]["tile"] = "A".into()));
    assert!(codes(&e).contains(&"I303"), "{e:?}");
    assert_eq!(e[0].location, "placements[0].tile");
    // One V more than the basic game has (turn 2's E made a V).
    assert_eq!(source_game().turns[1].tile.value, "E");
    let e = errors(&edited(|v| v["placements"][2]["tile"] = "V".into()));
    assert!(e.iter().any(|e| e.message.contains("tiles V")), "{e:?}");
    // The start tile alone: no tile drawn, no game.
    let e = errors(&edited(|v| {
        v["placements"].as_array_mut().unwrap().truncate(1);
    }));
    assert_eq!(codes(&e), ["I303"]);
    assert!(e[0].message.contains("no tile was drawn"), "{e:?}");
    // A sheet cut short with a letter over its count: that fault alone, not one
    // for each letter short of the box's count.
    let e = errors(&edited(|v| {
        let placements = v["placements"].as_array_mut().unwrap();
        placements.truncate(20);
        for i in [2, 3] {
            placements[i]["tile"] = "C".into();
            placements[i]
                .as_object_mut()
                .unwrap()
                .remove("meeplePlacement");
        }
    }));
    assert_eq!(codes(&e), ["I303"], "{e:?}");
    assert!(e[0].message.contains("2 tiles C"), "{e:?}");
}

/// A sheet with fewer placements than the supply (the format fixes no number) is
/// a game that stopped early: it imports as the turns written with
/// `Termination "interrupted"`, passes the referee (no `E504`), and scores what
/// the whole game scored after the same turn.
#[test]
fn a_sheet_with_fewer_placements_imports_as_interrupted() {
    let catalog = TileCatalog::embedded().unwrap();
    let full = import(&shipped()).unwrap();
    assert_eq!(full.tag("Termination").unwrap().value.value, "complete");
    let full_outcome = check("whole", &text(&full), &catalog);
    assert!(!full_outcome.has_errors());
    let without_notes = |r: &GameRecord, n: usize| {
        let mut turns = r.turns[..n].to_vec();
        turns[0].comments_before.clear();
        turns
    };
    for turns in [1, 8, 35, 70] {
        let name = format!("cut after turn {turns}");
        let json = edited(|v| {
            v["placements"].as_array_mut().unwrap().truncate(turns + 1);
        });
        let record = import(&json).unwrap_or_else(|e| panic!("{name}: {e:#?}"));
        assert_eq!(
            record.tag("Termination").unwrap().value.value,
            "interrupted",
            "{name}"
        );
        assert_eq!(record.turns.len(), turns, "{name}");
        assert_eq!(
            without_notes(&record, turns),
            without_notes(&full, turns),
            "{name}"
        );
        assert!(
            text(&record).contains(&format!(
                "{{ the score sheet holds {} of the basic game's 72 tiles",
                turns + 1
            )),
            "{name}"
        );
        let outcome = check(&name, &text(&record), &catalog);
        assert!(
            outcome.games[0].diagnostics.is_empty(),
            "{name}: {:?}",
            outcome.games[0].diagnostics
        );
        assert_eq!(
            common::points(&outcome),
            common::points_after_turn(&full_outcome, turns as u32),
            "{name}"
        );
    }
}

#[test]
fn bad_placement_values() {
    let e = errors(&edited(|v| {
        v["placements"][3]["tilePlacement"]["rotation"] = 4.into()
    }));
    assert_eq!(codes(&e), ["I304"]);
    assert_eq!(e[0].location, "placements[3].tilePlacement.rotation");
    let e = errors(&edited(|v| {
        v["placements"][3]["tilePlacement"]["x"] = "1".into()
    }));
    assert_eq!(codes(&e), ["I304"]);
    assert_eq!(e[0].location, "placements[3].tilePlacement.x");
    let e = errors(&edited(|v| {
        v["placements"][3]["tilePlacement"]["y"] = (1i64 << 40).into()
    }));
    assert_eq!(codes(&e), ["I304"]);
    let e = errors(&edited(|v| {
        v["placements"][3]
            .as_object_mut()
            .unwrap()
            .remove("tilePlacement");
    }));
    assert_eq!(codes(&e), ["I302"]);
    assert_eq!(e[0].location, "placements[3]");
}

#[test]
fn bad_followers() {
    // Turn 6 places B with a follower on its cloister (0); B has no cloister 1
    // and no road.
    let v: Value = serde_json::from_str(&shipped()).unwrap();
    assert_eq!(v["placements"][6]["tile"], "B");
    assert_eq!(
        v["placements"][6]["meeplePlacement"],
        serde_json::json!({"segmentType": "cloister", "segmentIndex": 0})
    );
    let e = errors(&edited(|v| {
        v["placements"][6]["meeplePlacement"]["segmentIndex"] = 1.into()
    }));
    assert_eq!(codes(&e), ["I305"]);
    assert_eq!(e[0].location, "placements[6].meeplePlacement");
    let e = errors(&edited(|v| {
        v["placements"][6]["meeplePlacement"]["segmentType"] = "road".into()
    }));
    assert_eq!(codes(&e), ["I305"]);
    let e = errors(&edited(|v| {
        v["placements"][6]["meeplePlacement"]["segmentType"] = "tower".into()
    }));
    assert_eq!(codes(&e), ["I305"]);
    let e = errors(&edited(|v| {
        v["placements"][6]["meeplePlacement"]["segmentIndex"] = "0".into()
    }));
    assert_eq!(codes(&e), ["I305"]);
    assert_eq!(e[0].location, "placements[6].meeplePlacement.segmentIndex");
}

#[test]
fn bad_structure_and_players() {
    assert_eq!(codes(&errors("[]")), ["I302"]);
    assert_eq!(codes(&errors("{}")), ["I302", "I302"]);
    let e = errors(&edited(|v| v["placements"][4]["type"] = "pass".into()));
    assert_eq!(codes(&e), ["I302"]);
    assert_eq!(e[0].location, "placements[4].type");
    let e = errors(&edited(|v| v["placements"][4]["turn"] = 40.into()));
    assert_eq!(codes(&e), ["I302"]);
    assert_eq!(e[0].location, "placements[4].turn");
    let e = errors(&edited(|v| v["placements"][4]["player"] = "Z.Z".into()));
    assert_eq!(codes(&e), ["I306"]);
    assert_eq!(e[0].location, "placements[4].player");
    let e = errors(&edited(|v| v["info"]["players"][1]["name"] = "Ann".into()));
    assert_eq!(codes(&e), ["I306"]);
    let e = errors(&edited(|v| {
        v["info"]["players"][1]["name"] = "R (N)".into()
    }));
    assert_eq!(codes(&e), ["I306"]);
    assert_eq!(e[0].location, "info.players[1].name");
    let e = errors(&edited(|v| {
        v["info"].as_object_mut().unwrap().remove("players");
    }));
    assert_eq!(codes(&e), ["I306"]);
}

#[test]
fn colours_cgn_lacks_are_kept_in_a_comment() {
    let json = edited(|v| {
        v["info"]["players"][1]["color"] = "orange".into();
        v["info"]["date-start"] = "2015-11-23T13:00:00+09:00".into();
    });
    let r = import(&json).unwrap();
    assert_eq!(r.tag("Players").unwrap().value.value, "Ann (red), Bob");
    assert_eq!(r.tag("Date").unwrap().value.value, "2015.11.23");
    let notes: Vec<&str> = r.turns[0]
        .comments_before
        .iter()
        .map(|c| c.value.text.as_str())
        .collect();
    assert!(
        notes.contains(&"the score sheet gives Bob the colour \"orange\""),
        "{notes:?}"
    );
}

#[test]
fn never_panics() {
    let src = shipped();
    let run = |s: &str| {
        let r = catch_unwind(AssertUnwindSafe(|| {
            let _ = import(s);
        }));
        assert!(r.is_ok(), "panicked on {s}");
    };
    for (i, _) in src.char_indices().filter(|(i, _)| i % 13 == 0) {
        run(&src[..i]);
    }
    // Every value of every placement replaced by values of other types.
    let v: Value = serde_json::from_str(&src).unwrap();
    let n = v["placements"].as_array().unwrap().len();
    for i in 0..n {
        for key in [
            "type",
            "tile",
            "player",
            "tilePlacement",
            "meeplePlacement",
            "turn",
        ] {
            for value in [
                Value::Null,
                7.into(),
                (-3).into(),
                "D".into(),
                Value::Array(vec![]),
                serde_json::json!({"x": 1}),
            ] {
                let mut m = v.clone();
                m["placements"][i][key] = value;
                run(&m.to_string());
            }
        }
    }
    for value in [
        Value::Null,
        7.into(),
        "x".into(),
        Value::Array(vec![7.into()]),
    ] {
        let mut m = v.clone();
        m["info"]["players"] = value.clone();
        run(&m.to_string());
        let mut m = v.clone();
        m["placements"] = value;
        run(&m.to_string());
    }
}
