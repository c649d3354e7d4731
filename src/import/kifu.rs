//! Score sheets (棋譜, kifu) in the JSON format of the Japanese championship
//! records (`notation/import-kifu.md`).
//!
//! A score sheet lists the placements in order: the start tile (`initial`), then
//! one placement a turn (`regular`: tile letter, player, `tilePlacement {x, y,
//! rotation}`, optional `meeplePlacement {segmentType, segmentIndex}`) or a tile
//! that could not be placed (`skipped`). Coordinates grow east and north, like
//! CGN's; rotations are clockwise quarter turns of the score sheet's own tile
//! pictures, and a follower names a segment of those pictures by index. The tile
//! table ([`SHEET_TILES`]) gives both.
//!
//! The score sheet's start tile D lies with its city east; CGN's start tile lies as
//! pictured, city north. The whole board is therefore turned a quarter turn
//! counterclockwise (in general: by whatever brings the start tile to `r0`).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::{
    ImportError, ImportedTurn, SourceTags, basic_counts, canonical_spot, catalog, colour_name,
    iso_date, name_problem, players_value, record, tag, with_notes,
};
use crate::board::Pos;
use crate::notation::GameRecord;
use crate::tiles::{FeatureKind, Half, Rotation, Side, Spot};

/// One tile of the score sheet's tile table, at its rotation 0.
///
/// `cities` and `roads` give, for each side N, E, S, W, the index of the city or
/// road segment reaching it (−1: none); `fields` gives, for each half-edge NNW,
/// NNE, ENE, ESE, SSE, SSW, WSW, WNW, the index of its field segment. `offset` is
/// the rotation of our catalog picture that shows the score sheet's rotation 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetTile {
    /// The rulebook letter.
    pub letter: char,
    /// City segment on each side.
    pub cities: [i8; 4],
    /// Road segment on each side.
    pub roads: [i8; 4],
    /// Field segment on each half-edge.
    pub fields: [i8; 8],
    /// Whether the tile has a monastery (`cloister`, segment index 0).
    pub cloister: bool,
    /// Clockwise quarter turns from our picture to the score sheet's rotation 0.
    pub offset: usize,
}

const fn t(
    letter: char,
    cities: [i8; 4],
    roads: [i8; 4],
    fields: [i8; 8],
    cloister: bool,
    offset: usize,
) -> SheetTile {
    SheetTile {
        letter,
        cities,
        roads,
        fields,
        cloister,
        offset,
    }
}

const NO: i8 = -1;

/// The score sheet's tile table (`tiles.sash2104.json`), with each tile's offset
/// from our catalog picture.
pub const SHEET_TILES: [SheetTile; 24] = [
    t(
        'A',
        [NO, NO, NO, NO],
        [NO, NO, 0, NO],
        [0, 0, 0, 0, 0, 0, 0, 0],
        true,
        0,
    ),
    t(
        'B',
        [NO, NO, NO, NO],
        [NO, NO, NO, NO],
        [0, 0, 0, 0, 0, 0, 0, 0],
        true,
        0,
    ),
    t(
        'C',
        [0, 0, 0, 0],
        [NO, NO, NO, NO],
        [NO, NO, NO, NO, NO, NO, NO, NO],
        false,
        0,
    ),
    t(
        'D',
        [NO, 0, NO, NO],
        [0, NO, 0, NO],
        [0, 1, NO, NO, 1, 0, 0, 0],
        false,
        1,
    ),
    t(
        'E',
        [0, NO, NO, NO],
        [NO, NO, NO, NO],
        [NO, NO, 0, 0, 0, 0, 0, 0],
        false,
        0,
    ),
    t(
        'F',
        [NO, 0, NO, 0],
        [NO, NO, NO, NO],
        [0, 0, NO, NO, 1, 1, NO, NO],
        false,
        0,
    ),
    t(
        'G',
        [0, NO, 0, NO],
        [NO, NO, NO, NO],
        [NO, NO, 0, 0, NO, NO, 1, 1],
        false,
        1,
    ),
    t(
        'H',
        [NO, 0, NO, 1],
        [NO, NO, NO, NO],
        [0, 0, NO, NO, 0, 0, NO, NO],
        false,
        1,
    ),
    t(
        'I',
        [NO, 0, 1, NO],
        [NO, NO, NO, NO],
        [0, 0, NO, NO, NO, NO, 0, 0],
        false,
        2,
    ),
    t(
        'J',
        [0, NO, NO, NO],
        [NO, 0, 0, NO],
        [NO, NO, 0, 1, 1, 0, 0, 0],
        false,
        0,
    ),
    t(
        'K',
        [NO, 0, NO, NO],
        [0, NO, NO, 0],
        [0, 1, NO, NO, 1, 1, 1, 0],
        false,
        1,
    ),
    t(
        'L',
        [NO, 0, NO, NO],
        [0, NO, 1, 2],
        [0, 1, NO, NO, 1, 2, 2, 0],
        false,
        1,
    ),
    t(
        'M',
        [0, NO, NO, 0],
        [NO, NO, NO, NO],
        [NO, NO, 0, 0, 0, 0, NO, NO],
        false,
        0,
    ),
    t(
        'N',
        [0, NO, NO, 0],
        [NO, NO, NO, NO],
        [NO, NO, 0, 0, 0, 0, NO, NO],
        false,
        0,
    ),
    t(
        'O',
        [0, NO, NO, 0],
        [NO, 0, 0, NO],
        [NO, NO, 0, 1, 1, 0, NO, NO],
        false,
        0,
    ),
    t(
        'P',
        [0, NO, NO, 0],
        [NO, 0, 0, NO],
        [NO, NO, 0, 1, 1, 0, NO, NO],
        false,
        0,
    ),
    t(
        'Q',
        [0, 0, NO, 0],
        [NO, NO, NO, NO],
        [NO, NO, NO, NO, 0, 0, NO, NO],
        false,
        0,
    ),
    t(
        'R',
        [0, 0, NO, 0],
        [NO, NO, NO, NO],
        [NO, NO, NO, NO, 0, 0, NO, NO],
        false,
        0,
    ),
    t(
        'S',
        [0, 0, NO, 0],
        [NO, NO, 0, NO],
        [NO, NO, NO, NO, 0, 1, NO, NO],
        false,
        0,
    ),
    t(
        'T',
        [0, 0, NO, 0],
        [NO, NO, 0, NO],
        [NO, NO, NO, NO, 0, 1, NO, NO],
        false,
        0,
    ),
    t(
        'U',
        [NO, NO, NO, NO],
        [0, NO, 0, NO],
        [0, 1, 1, 1, 1, 0, 0, 0],
        false,
        1,
    ),
    t(
        'V',
        [NO, NO, NO, NO],
        [NO, NO, 0, 0],
        [0, 0, 0, 0, 0, 1, 1, 0],
        false,
        0,
    ),
    t(
        'W',
        [NO, NO, NO, NO],
        [NO, 0, 1, 2],
        [0, 0, 0, 1, 1, 2, 2, 0],
        false,
        0,
    ),
    t(
        'X',
        [NO, NO, NO, NO],
        [0, 1, 2, 3],
        [0, 1, 1, 2, 2, 3, 3, 0],
        false,
        0,
    ),
];

/// The table entry of a letter.
pub fn sheet_tile(letter: &str) -> Option<&'static SheetTile> {
    let mut chars = letter.chars();
    let (Some(l), None) = (chars.next(), chars.next()) else {
        return None;
    };
    SHEET_TILES.iter().find(|t| t.letter == l)
}

impl SheetTile {
    /// The feature kind and a spot (at the sheet's rotation 0) of a segment.
    pub fn segment_spot(&self, segment_type: &str, index: i64) -> Option<(FeatureKind, Spot)> {
        let matches = |v: &i8| i64::from(*v) == index;
        match segment_type {
            "city" => Some((
                FeatureKind::City,
                Spot::Edge(Side::from_index(self.cities.iter().position(matches)?)),
            )),
            "road" => Some((
                FeatureKind::Road,
                Spot::Edge(Side::from_index(self.roads.iter().position(matches)?)),
            )),
            "field" => Some((
                FeatureKind::Field,
                Spot::Half(Half::from_index(self.fields.iter().position(matches)?)),
            )),
            "cloister" if self.cloister && index == 0 => {
                Some((FeatureKind::Monastery, Spot::Centre))
            }
            _ => None,
        }
    }
}

/// Faults found so far, and the JSON path helpers.
#[derive(Debug, Default)]
struct Faults(Vec<ImportError>);

impl Faults {
    fn push(&mut self, code: &'static str, path: &str, message: impl Into<String>) {
        self.0.push(ImportError {
            code,
            location: path.to_string(),
            message: message.into(),
        });
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A required string field.
fn string<'v>(
    obj: &'v Map<String, Value>,
    key: &str,
    path: &str,
    f: &mut Faults,
) -> Option<&'v str> {
    match obj.get(key) {
        Some(Value::String(s)) => Some(s),
        Some(v) => {
            f.push(
                "I302",
                &format!("{path}.{key}"),
                format!("is {}, not a string", kind_name(v)),
            );
            None
        }
        None => {
            f.push("I302", path, format!("has no `{key}`"));
            None
        }
    }
}

/// An optional integer field (absent: 0).
fn integer(obj: &Map<String, Value>, key: &str, path: &str, f: &mut Faults) -> Option<i64> {
    match obj.get(key) {
        None => Some(0),
        Some(v) => match v.as_i64() {
            Some(n) => Some(n),
            None => {
                f.push(
                    "I304",
                    &format!("{path}.{key}"),
                    format!("is {}, not an integer", kind_name(v)),
                );
                None
            }
        },
    }
}

/// What kind of placement an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Initial,
    Regular,
    Skipped,
}

fn placement_kind(obj: &Map<String, Value>, path: &str, f: &mut Faults) -> Option<Kind> {
    let (key, value) = match (obj.get("type"), obj.get("action")) {
        (Some(v), _) => ("type", v),
        (None, Some(v)) => ("action", v),
        (None, None) => {
            f.push("I302", path, "has no `type`");
            return None;
        }
    };
    match value.as_str() {
        Some("initial" | "firstPlace") => Some(Kind::Initial),
        Some("regular" | "playerPlace") => Some(Kind::Regular),
        Some("skipped" | "skip") => Some(Kind::Skipped),
        Some(other) => {
            f.push(
                "I302",
                &format!("{path}.{key}"),
                format!("{other:?} is not a placement type (initial, regular, skipped)"),
            );
            None
        }
        None => {
            f.push(
                "I302",
                &format!("{path}.{key}"),
                format!("is {}, not a string", kind_name(value)),
            );
            None
        }
    }
}

/// One placement as read, before the board turn.
#[derive(Debug, Clone)]
struct Read {
    kind: Kind,
    letter: String,
    player: Option<String>,
    x: i64,
    y: i64,
    rotation: usize,
    meeple: Option<(String, i64)>,
    path: String,
}

fn read_placement(i: usize, v: &Value, f: &mut Faults) -> Option<Read> {
    let path = format!("placements[{i}]");
    let Some(obj) = v.as_object() else {
        f.push("I302", &path, format!("is {}, not an object", kind_name(v)));
        return None;
    };
    let kind = placement_kind(obj, &path, f);
    if let Some(turn) = obj.get("turn")
        && turn.as_i64() != i64::try_from(i).ok()
    {
        f.push(
            "I302",
            &format!("{path}.turn"),
            format!("turn {turn} out of sequence: placement {i} is turn {i}"),
        );
    }
    let letter = string(obj, "tile", &path, f);
    let player = match obj.get("player") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            f.push(
                "I302",
                &format!("{path}.player"),
                format!("is {}, not a string", kind_name(other)),
            );
            None
        }
    };
    let (mut x, mut y, mut rotation) = (Some(0), Some(0), Some(0));
    match obj.get("tilePlacement") {
        Some(Value::Object(tp)) => {
            let tpath = format!("{path}.tilePlacement");
            x = integer(tp, "x", &tpath, f);
            y = integer(tp, "y", &tpath, f);
            rotation = integer(tp, "rotation", &tpath, f).and_then(|r| {
                let ok = usize::try_from(r).ok().filter(|r| *r < 4);
                if ok.is_none() {
                    f.push(
                        "I304",
                        &format!("{tpath}.rotation"),
                        format!("rotation {r} is not 0–3"),
                    );
                }
                ok.map(|r| r as i64)
            });
        }
        Some(other) => f.push(
            "I302",
            &format!("{path}.tilePlacement"),
            format!("is {}, not an object", kind_name(other)),
        ),
        None if kind == Some(Kind::Regular) => f.push("I302", &path, "has no `tilePlacement`"),
        None => {}
    }
    let meeple = match obj.get("meeplePlacement") {
        None => None,
        Some(Value::Object(mp)) => {
            let mpath = format!("{path}.meeplePlacement");
            let segment_type = string(mp, "segmentType", &mpath, f);
            let index = match mp.get("segmentIndex") {
                Some(v) => v.as_i64().or_else(|| {
                    f.push(
                        "I305",
                        &format!("{mpath}.segmentIndex"),
                        format!("is {}, not an integer", kind_name(v)),
                    );
                    None
                }),
                None => {
                    f.push("I302", &mpath, "has no `segmentIndex`");
                    None
                }
            };
            match (segment_type, index) {
                (Some(s), Some(n)) => Some((s.to_string(), n)),
                _ => return None,
            }
        }
        Some(other) => {
            f.push(
                "I302",
                &format!("{path}.meeplePlacement"),
                format!("is {}, not an object", kind_name(other)),
            );
            return None;
        }
    };
    Some(Read {
        kind: kind?,
        letter: letter?.to_string(),
        player,
        x: x?,
        y: y?,
        rotation: usize::try_from(rotation?).ok()?,
        meeple,
        path,
    })
}

/// The players of `info.players`, in the order listed, with their colours.
fn read_players(info: &Map<String, Value>, f: &mut Faults) -> Vec<(String, Option<String>)> {
    let Some(list) = info.get("players").and_then(Value::as_array) else {
        f.push("I306", "info.players", "is missing or not an array");
        return Vec::new();
    };
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let path = format!("info.players[{i}]");
        let Some(obj) = p.as_object() else {
            f.push("I306", &path, format!("is {}, not an object", kind_name(p)));
            continue;
        };
        let Some(name) = obj.get("name").and_then(Value::as_str) else {
            f.push(
                "I306",
                &format!("{path}.name"),
                "is missing or not a string",
            );
            continue;
        };
        if let Some(problem) = name_problem(name) {
            f.push("I306", &format!("{path}.name"), problem);
            continue;
        }
        if out.iter().any(|(n, _)| n == name) {
            f.push(
                "I306",
                &format!("{path}.name"),
                format!("{name} is listed twice"),
            );
            continue;
        }
        let colour = obj.get("color").and_then(Value::as_str).map(str::to_string);
        out.push((name.to_string(), colour));
    }
    if out.len() < 2 && f.0.is_empty() {
        f.push(
            "I306",
            "info.players",
            format!("{} players; a game has 2 to 5", out.len()),
        );
    }
    out
}

/// A position of the score sheet turned clockwise by some quarter turns.
fn turn_pos(x: i64, y: i64, quarter_turns: usize) -> Option<Pos> {
    let (mut x, mut y) = (x, y);
    for _ in 0..quarter_turns % 4 {
        (x, y) = (y, x.checked_neg()?);
    }
    Some(Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
}

/// Imports one score sheet.
///
/// # Errors
/// Every fault found, each with a code (`I301`–`I306`, see
/// `notation/import-kifu.md`), a JSON path (or a line and column for a syntax
/// error) and a message.
pub fn import(json: &str) -> Result<GameRecord, Vec<ImportError>> {
    let json = super::without_bom(json);
    let root: Value = serde_json::from_str(json).map_err(|e| {
        vec![ImportError {
            code: "I301",
            location: format!("line {}, column {}", e.line(), e.column()),
            message: format!("not JSON: {e}"),
        }]
    })?;
    let mut f = Faults::default();
    let Some(root) = root.as_object() else {
        f.push(
            "I302",
            "$",
            format!("is {}, not an object", kind_name(&root)),
        );
        return Err(f.0);
    };
    let info = match root.get("info") {
        Some(Value::Object(info)) => Some(info),
        Some(other) => {
            f.push(
                "I302",
                "info",
                format!("is {}, not an object", kind_name(other)),
            );
            None
        }
        None => {
            f.push("I302", "$", "has no `info`");
            None
        }
    };
    let listed = info.map(|i| read_players(i, &mut f)).unwrap_or_default();
    let title = info
        .and_then(|i| i.get("title"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let date_start = info
        .and_then(|i| i.get("date-start"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let date_end = info
        .and_then(|i| i.get("date-end"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let placements = match root.get("placements") {
        Some(Value::Array(p)) => p.as_slice(),
        Some(other) => {
            f.push(
                "I302",
                "placements",
                format!("is {}, not an array", kind_name(other)),
            );
            &[]
        }
        None => {
            f.push("I302", "$", "has no `placements`");
            &[]
        }
    };
    let read: Vec<Read> = placements
        .iter()
        .enumerate()
        .filter_map(|(i, v)| read_placement(i, v, &mut f))
        .collect();
    if !f.0.is_empty() {
        return Err(f.0);
    }
    build(&read, &listed, title, date_start, date_end)
}

/// Builds the record from well-formed placements.
fn build(
    read: &[Read],
    listed: &[(String, Option<String>)],
    title: Option<String>,
    date_start: Option<String>,
    date_end: Option<String>,
) -> Result<GameRecord, Vec<ImportError>> {
    let mut f = Faults::default();
    let Some(catalog) = catalog() else {
        f.push("I303", "$", "the embedded tile catalog cannot be read");
        return Err(f.0);
    };
    let Some((start, rest)) = read.split_first() else {
        f.push("I302", "placements", "is empty: no start tile");
        return Err(f.0);
    };
    if start.kind != Kind::Initial {
        f.push(
            "I302",
            &start.path,
            "the first placement is not the start tile (`initial`)",
        );
    }
    if start.letter != "D" {
        f.push(
            "I303",
            &format!("{}.tile", start.path),
            format!(
                "the start tile is {:?}; the basic game starts with D",
                start.letter
            ),
        );
    }
    let start_offset = sheet_tile("D").map_or(0, |t| t.offset);
    // The board turn that brings the start tile to r0.
    let board_turn = (4 - (start_offset + start.rotation) % 4) % 4;

    // Seat order: the order in which players first place; then the others listed.
    let mut seats: Vec<String> = Vec::new();
    for r in rest {
        if let Some(p) = &r.player
            && !seats.contains(p)
        {
            seats.push(p.clone());
        }
    }
    for (name, _) in listed {
        if !seats.contains(name) {
            seats.push(name.clone());
        }
    }

    let mut counts: BTreeMap<char, usize> = BTreeMap::new();
    if let Some(c) = start.letter.chars().next() {
        counts.insert(c, 1);
    }
    let mut turns = Vec::new();
    let mut seat = 0usize;
    for r in rest {
        if r.kind == Kind::Initial {
            f.push("I302", &r.path, "a second start tile (`initial`)");
            continue;
        }
        let Some(sheet) = sheet_tile(&r.letter) else {
            f.push(
                "I303",
                &format!("{}.tile", r.path),
                format!("{:?} is not a tile of the basic game (A–X)", r.letter),
            );
            continue;
        };
        *counts.entry(sheet.letter).or_default() += 1;
        let Some(tile) = catalog.id(&r.letter) else {
            f.push(
                "I303",
                &format!("{}.tile", r.path),
                format!("tile {} is not in the catalog", r.letter),
            );
            continue;
        };
        let player = match &r.player {
            Some(p) if listed.iter().any(|(n, _)| n == p) => p.clone(),
            Some(p) => {
                f.push(
                    "I306",
                    &format!("{}.player", r.path),
                    format!("{p} is not in info.players"),
                );
                continue;
            }
            None => seats.get(seat).cloned().unwrap_or_default(),
        };
        if let Some(i) = seats.iter().position(|s| *s == player) {
            seat = i;
        }
        if r.kind == Kind::Skipped {
            turns.push(ImportedTurn {
                player,
                tile: r.letter.clone(),
                placement: None,
                follower: None,
                claims: Vec::new(),
                comment: None,
                time: None,
            });
            continue;
        }
        let Some(pos) = turn_pos(r.x, r.y, board_turn) else {
            f.push(
                "I304",
                &format!("{}.tilePlacement", r.path),
                format!("{},{} is outside the coordinate range", r.x, r.y),
            );
            continue;
        };
        let quarter_turns = r.rotation + board_turn;
        let rotation = Rotation::from_quarter_turns(sheet.offset + quarter_turns);
        let follower = match &r.meeple {
            None => None,
            Some((segment_type, index)) => {
                let mpath = format!("{}.meeplePlacement", r.path);
                let Some((kind, zero)) = sheet.segment_spot(segment_type, *index) else {
                    f.push(
                        "I305",
                        &mpath,
                        format!("tile {} has no {segment_type} segment {index}", r.letter),
                    );
                    continue;
                };
                match canonical_spot(
                    catalog.def(tile),
                    rotation,
                    zero.rotated(Rotation::from_quarter_turns(quarter_turns)),
                    kind,
                ) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        f.push("I305", &mpath, e);
                        continue;
                    }
                }
            }
        };
        turns.push(ImportedTurn {
            player,
            tile: r.letter.clone(),
            placement: Some((pos, rotation)),
            follower,
            claims: Vec::new(),
            comment: None,
            time: None,
        });
        seat = (seat + 1) % seats.len().max(1);
    }
    let basic = basic_counts(catalog);
    for (letter, n) in &counts {
        let want = basic.get(letter).copied().unwrap_or(0);
        if *n > want {
            f.push(
                "I303",
                "placements",
                format!("{n} tiles {letter}; the basic game has {want}"),
            );
        }
    }
    // With no letter over its count, the sheet holds all the tiles or the
    // first of them: a game that stopped before the supply ran out (the format
    // fixes no number of placements and has no field for how a game ended).
    let total: usize = counts.values().sum();
    let all: usize = basic.values().sum();
    if f.0.is_empty() && total <= 1 {
        f.push(
            "I303",
            "placements",
            "the start tile alone: no tile was drawn",
        );
    }
    if !f.0.is_empty() {
        return Err(f.0);
    }

    let mut notes = Vec::new();
    let players: Vec<(String, Option<&'static str>)> = seats
        .iter()
        .map(|name| {
            let given = listed
                .iter()
                .find(|(n, _)| n == name)
                .and_then(|(_, c)| c.clone());
            let colour = given.as_deref().and_then(colour_name);
            if let (Some(g), None) = (&given, colour) {
                notes.push(format!("the score sheet gives {name} the colour {g:?}"));
            }
            (name.clone(), colour)
        })
        .collect();
    if board_turn != 0 {
        notes.push(format!(
            "board turned {} from the score sheet's so that the start tile lies as pictured: its square x,y is {} here",
            match board_turn {
                1 => "a quarter turn clockwise",
                2 => "a half turn",
                _ => "a quarter turn counterclockwise",
            },
            match board_turn {
                1 => "y,-x",
                2 => "-x,-y",
                _ => "-y,x",
            }
        ));
    }
    if total < all {
        notes.push(format!(
            "the score sheet holds {total} of the basic game's {all} tiles: the game stopped before the supply ran out"
        ));
    }
    if let Some(end) = date_end {
        notes.push(format!("ended {end}"));
    }
    if let Some(start) = &date_start
        && start.len() > 10
    {
        notes.push(format!("started {start}"));
    }

    // A value of the sheet the record cannot hold is refused, where it was
    // read.
    let mut from_sheet = SourceTags::default();
    let mut tags = vec![tag("CGN", "1")];
    if let Some(t) = title {
        tags.extend(from_sheet.tag("I302", "info.title", "Event", t));
    }
    if let Some(d) = date_start.as_deref().and_then(iso_date) {
        tags.push(tag("Date", d));
    }
    tags.extend(from_sheet.tag("I306", "info.players", "Players", players_value(&players)));
    from_sheet.done()?;
    tags.push(tag("Rules", "HiG-2012"));
    tags.push(tag(
        "Termination",
        if total < all {
            "interrupted"
        } else {
            "complete"
        },
    ));
    tags.push(tag("Source", "score sheet (sash2104/carcassonne format)"));
    super::within_limits(with_notes(record(tags, turns), notes), "I302").map_err(|e| vec![e])
}
