//! Score sheets in the JSON format of the Japanese championship records
//! (`notation/import-kifu.md`) written from CGN records: how the shipped sheet of
//! `tests/data/kifu/` is made from one of the example games.

use carcref::import::kifu::sheet_tile;
use carcref::notation::{ActionRecord, GameRecord};
use carcref::tiles::{Rotation, Side, Spot};

/// The shipped score sheet.
pub const SHIPPED_SHEET: &str = "kifu/hig2012-two-players.json";

/// The game it is written from, relative to the project folder.
pub const SOURCE_GAME: &str = "notation/examples/hig2012-two-players.cgn";

/// The record of the game the shipped sheet is written from.
pub fn source_game() -> GameRecord {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SOURCE_GAME);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut games = carcref::parse(&text);
    assert_eq!(games.len(), 1, "{SOURCE_GAME}: one game");
    let game = games.remove(0);
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    game.record
}

/// A JSON string.
fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// The players of a `Players` tag in seat order, with their colours:
/// `Ann (red), Bob` gives `[("Ann", Some("red")), ("Bob", None)]`.
fn players(tag: &str) -> Vec<(String, Option<String>)> {
    tag.split(',')
        .map(|p| match p.trim().split_once(" (") {
            Some((name, colour)) => (
                name.to_string(),
                Some(colour.trim_end_matches(')').to_string()),
            ),
            None => (p.trim().to_string(), None),
        })
        .collect()
}

/// The score sheet of a basic game under the 2012 rules.
///
/// The sheet's start tile is written at its rotation 0, as the championship
/// records write it: the score sheet's own picture of D has the city east, so the
/// sheet's board is CGN's turned a quarter turn clockwise (CGN's square `x,y` is
/// the sheet's `y,-x`), and the importer turns it back, three quarter turns
/// clockwise. Per placement: the sheet's rotation is CGN's less the tile's offset
/// and those three quarter turns; a follower is the segment the table gives at
/// the spot turned back to the sheet's rotation 0 (`city`, `road` by side, `field`
/// by half-edge, `cloister`). A discard is a `skipped` placement.
pub fn sheet(record: &GameRecord) -> String {
    let tag = |name: &str| {
        record
            .tag(name)
            .map(|t| t.value.value.to_string())
            .unwrap_or_default()
    };
    assert_eq!(tag("Rules"), "HiG-2012", "the sheets record 2012 games");
    assert_eq!(tag("Expansions"), "", "the sheets record basic games");
    // Quarter turns clockwise that take the sheet's board to CGN's (a quarter
    // turn counterclockwise): the importer's board turn for this start tile.
    const TO_CGN: usize = 3;
    let mut out = String::from("{\n    \"info\": {\n");
    out.push_str(&format!("        \"title\": {},\n", string(&tag("Event"))));
    out.push_str("        \"players\": [\n");
    let seats = players(&tag("Players"));
    let listed: Vec<String> = seats
        .iter()
        .map(|(name, colour)| match colour {
            Some(c) => format!(
                "            {{\"name\": {}, \"color\": {}}}",
                string(name),
                string(c)
            ),
            None => format!("            {{\"name\": {}}}", string(name)),
        })
        .collect();
    out.push_str(&listed.join(",\n"));
    out.push_str("\n        ]\n    },\n    \"placements\": [\n");
    let mut placements = vec![
        "        {\n            \"turn\": 0,\n            \"type\": \"initial\",\n            \"tile\": \"D\"\n        }"
            .to_string(),
    ];
    for (i, turn) in record.turns.iter().enumerate() {
        let letter = turn.tile.value.as_str();
        let table = sheet_tile(letter).unwrap_or_else(|| panic!("{letter}: not a basic tile"));
        let mut fields = vec![format!("\"turn\": {}", i + 1)];
        match &turn.action.value {
            ActionRecord::Discard | ActionRecord::Aside => {
                assert!(turn.follower.is_none(), "turn {}", i + 1);
                fields.push("\"type\": \"skipped\"".to_string());
                fields.push(format!("\"tile\": {}", string(letter)));
                fields.push(format!("\"player\": {}", string(&turn.player.value)));
            }
            ActionRecord::Place { pos, rotation } => {
                let pos = pos.value;
                let (x, y) = (pos.y, -pos.x);
                let cgn = rotation.value.quarter_turns();
                let r = (cgn + 8 - table.offset - TO_CGN) % 4;
                fields.push("\"type\": \"regular\"".to_string());
                fields.push(format!("\"tile\": {}", string(letter)));
                fields.push(format!("\"player\": {}", string(&turn.player.value)));
                fields.push(format!(
                    "\"tilePlacement\": {{\"x\": {x}, \"y\": {y}, \"rotation\": {r}}}"
                ));
                if let Some(follower) = &turn.follower {
                    assert!(follower.figure.is_none(), "turn {}: a figure", i + 1);
                    // The spot on the sheet's picture at its rotation 0.
                    let back = Rotation::from_quarter_turns((8 - r - TO_CGN) % 4);
                    let (kind, index) = match follower.spot.value.rotated(back) {
                        Spot::Edge(side) => segment_at_side(table, side),
                        Spot::Half(half) => ("field", at(&table.fields, half.index())),
                        Spot::Centre => {
                            assert!(table.cloister, "turn {}: no cloister", i + 1);
                            ("cloister", 0)
                        }
                    };
                    assert!(index >= 0, "turn {}: {kind} names nothing", i + 1);
                    fields.push(format!(
                        "\"meeplePlacement\": {{\"segmentType\": \"{kind}\", \"segmentIndex\": {index}}}"
                    ));
                }
            }
        }
        placements.push(format!(
            "        {{\n            {}\n        }}",
            fields.join(",\n            ")
        ));
    }
    out.push_str(&placements.join(",\n"));
    out.push_str("\n    ]\n}\n");
    out
}

/// The city or road of the sheet's table reaching a side.
fn segment_at_side(table: &carcref::import::kifu::SheetTile, side: Side) -> (&'static str, i8) {
    let (city, road) = (
        at(&table.cities, side.index()),
        at(&table.roads, side.index()),
    );
    if city >= 0 {
        ("city", city)
    } else {
        ("road", road)
    }
}

/// An entry of the table, −1 (none) past its end.
fn at(list: &[i8], i: usize) -> i8 {
    list.get(i).copied().unwrap_or(-1)
}
