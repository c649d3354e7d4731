//! Board Game Arena: the notification log of a table (the JSON the platform's
//! archive serves) turned into a CGN record.
//!
//! The log is `{status, data: {data: [packet…]}}`; each packet holds `data: [event…]`
//! and each event a `type` and `args`. The events read here:
//!
//! - `gameStateChange` id 2: the tile the active player drew (`args.args.tile_type`);
//!   id 6 and 7: the final scoring begins; id 99: the end, with the result.
//! - `playTile`: a placement (`player_name`, `id` = physical tile, `type` = tile
//!   kind 1–24, `x`, `y`, `ori` 1–4).
//! - `playPartisan`: the follower put on the tile just laid (`pos` = spot index of
//!   the kind, `type` = city, road, field or abbey).
//! - `realizationAchieved` and `winPoints`: a scoring and each scorer's points with
//!   the running total.
//! - `cantPlay`: the drawn tile fits nowhere and is discarded.
//!
//! The conversion tables (kind → tile id, zero orientation, spot index → spot, and
//! the axes) are documented, with how each was established, in
//! `notation/import-bga.md`. Faults are reported with codes `I101`–`I114` and the
//! JSON path of the offending value.

use serde_json::{Map, Value};

use super::{ImportError, ImportedTurn, SourceTags, error, record, tag, with_notes};
use crate::board::Pos;
use crate::notation::{GameRecord, Span, Spanned};
use crate::tiles::{FeatureKind, Half, Rotation, Side, Spot};

/// A spot of a tile kind at the platform's orientation 1, in board directions.
#[derive(Debug, Clone, Copy)]
enum At {
    /// The road or city at a side (index clockwise from north).
    Edge(usize),
    /// The field on a half-edge (index clockwise from `NNW`).
    Half(usize),
    /// The monastery.
    Centre,
}

const N: At = At::Edge(0);
const E: At = At::Edge(1);
const S: At = At::Edge(2);
const W: At = At::Edge(3);
const NNW: At = At::Half(0);
const NNE: At = At::Half(1);
const ENE: At = At::Half(2);
const SSE: At = At::Half(4);
const SSW: At = At::Half(5);
const WNW: At = At::Half(7);
const C: At = At::Centre;

use FeatureKind::{City as CITY, Field as FIELD, Monastery as ABBEY, Road as ROAD};

/// One of the platform's tile kinds.
#[derive(Debug)]
struct Kind {
    /// The catalog id.
    letter: &'static str,
    /// Our rotation (quarter turns clockwise) of the platform's orientation 1.
    offset: usize,
    /// Spot index → feature kind and spot at orientation 1.
    spots: &'static [(u32, FeatureKind, At)],
}

const T_SPOTS: &[(u32, FeatureKind, At)] =
    &[(1, ROAD, S), (2, CITY, N), (3, FIELD, SSW), (4, FIELD, SSE)];
const N_SPOTS: &[(u32, FeatureKind, At)] = &[(1, CITY, N), (2, FIELD, ENE)];
const P_SPOTS: &[(u32, FeatureKind, At)] =
    &[(1, ROAD, E), (2, CITY, N), (3, FIELD, ENE), (4, FIELD, SSE)];
const G_SPOTS: &[(u32, FeatureKind, At)] = &[(1, CITY, E), (2, FIELD, NNW), (3, FIELD, SSE)];
const R_SPOTS: &[(u32, FeatureKind, At)] = &[(1, CITY, N), (2, FIELD, SSE)];

/// The platform's tile kinds 1–24, in order.
const KINDS: [Kind; 24] = [
    Kind {
        letter: "T",
        offset: 0,
        spots: T_SPOTS,
    },
    Kind {
        letter: "S",
        offset: 0,
        spots: T_SPOTS,
    },
    Kind {
        letter: "N",
        offset: 0,
        spots: N_SPOTS,
    },
    Kind {
        letter: "M",
        offset: 0,
        spots: N_SPOTS,
    },
    Kind {
        letter: "P",
        offset: 0,
        spots: P_SPOTS,
    },
    Kind {
        letter: "O",
        offset: 0,
        spots: P_SPOTS,
    },
    Kind {
        letter: "G",
        offset: 0,
        spots: G_SPOTS,
    },
    Kind {
        letter: "F",
        offset: 0,
        spots: G_SPOTS,
    },
    Kind {
        letter: "I",
        offset: 0,
        spots: &[(1, CITY, N), (2, CITY, W), (3, FIELD, ENE)],
    },
    Kind {
        letter: "H",
        offset: 0,
        spots: &[(1, CITY, N), (2, CITY, S), (3, FIELD, ENE)],
    },
    Kind {
        letter: "E",
        offset: 0,
        spots: &[(1, CITY, N), (2, FIELD, ENE)],
    },
    Kind {
        letter: "K",
        offset: 0,
        spots: &[(1, ROAD, S), (2, CITY, N), (3, FIELD, ENE), (4, FIELD, SSW)],
    },
    Kind {
        letter: "J",
        offset: 0,
        spots: &[(1, ROAD, E), (2, CITY, N), (3, FIELD, WNW), (4, FIELD, SSE)],
    },
    Kind {
        letter: "L",
        offset: 0,
        spots: &[
            (1, ROAD, W),
            (2, ROAD, E),
            (3, ROAD, S),
            (4, CITY, N),
            (5, FIELD, ENE),
            (6, FIELD, SSW),
            (7, FIELD, SSE),
        ],
    },
    Kind {
        letter: "D",
        offset: 0,
        spots: P_SPOTS,
    },
    Kind {
        letter: "U",
        offset: 1,
        spots: &[(1, ROAD, N), (3, FIELD, WNW), (4, FIELD, ENE)],
    },
    Kind {
        letter: "V",
        offset: 0,
        spots: &[(1, ROAD, S), (2, FIELD, NNE), (3, FIELD, SSW)],
    },
    Kind {
        letter: "W",
        offset: 0,
        spots: &[
            (1, ROAD, W),
            (2, ROAD, E),
            (3, ROAD, S),
            (4, FIELD, NNE),
            (5, FIELD, SSW),
            (6, FIELD, SSE),
        ],
    },
    Kind {
        letter: "X",
        offset: 0,
        spots: &[
            (1, ROAD, W),
            (2, ROAD, E),
            (3, ROAD, S),
            (4, ROAD, N),
            (5, FIELD, NNW),
            (6, FIELD, NNE),
            (7, FIELD, SSE),
            (8, FIELD, SSW),
        ],
    },
    Kind {
        letter: "B",
        offset: 0,
        spots: &[(1, ABBEY, C), (2, FIELD, NNW)],
    },
    Kind {
        letter: "A",
        offset: 0,
        spots: &[(1, ABBEY, C), (2, ROAD, S), (3, FIELD, NNW)],
    },
    Kind {
        letter: "C",
        offset: 0,
        spots: &[(1, CITY, N)],
    },
    Kind {
        letter: "R",
        offset: 0,
        spots: R_SPOTS,
    },
    Kind {
        letter: "Q",
        offset: 0,
        spots: R_SPOTS,
    },
];

fn kind(kind: i64) -> Option<&'static Kind> {
    let i = usize::try_from(kind.checked_sub(1)?).ok()?;
    KINDS.get(i)
}

/// The catalog id (`A`–`X`) of a platform tile kind (1–24).
pub fn tile_id(platform_kind: i64) -> Option<&'static str> {
    kind(platform_kind).map(|k| k.letter)
}

/// Our rotation of a tile of a platform kind laid at a platform orientation (1–4).
pub fn rotation(platform_kind: i64, ori: i64) -> Option<Rotation> {
    let k = kind(platform_kind)?;
    let turns = usize::try_from(ori.checked_sub(1)?)
        .ok()
        .filter(|t| *t < 4)?;
    Some(Rotation::from_quarter_turns(turns + k.offset))
}

/// The feature kind and the spot (in board directions) of a platform spot index
/// on a tile of a platform kind laid at a platform orientation (1–4).
pub fn spot(platform_kind: i64, index: i64, ori: i64) -> Option<(FeatureKind, Spot)> {
    let k = kind(platform_kind)?;
    let turns = usize::try_from(ori.checked_sub(1)?)
        .ok()
        .filter(|t| *t < 4)?;
    let (_, feature, at) = k.spots.iter().find(|(i, _, _)| i64::from(*i) == index)?;
    // The table gives the spot at orientation 1; each step of `ori` is a quarter
    // turn clockwise on the board.
    let zero = match *at {
        At::Edge(side) => Spot::Edge(Side::from_index(side)),
        At::Half(half) => Spot::Half(Half::from_index(half)),
        At::Centre => Spot::Centre,
    };
    Some((*feature, zero.rotated(Rotation::from_quarter_turns(turns))))
}

/// The feature kind the platform names in `playPartisan.type`.
fn feature_named(name: &str) -> Option<FeatureKind> {
    match name {
        "city" => Some(FeatureKind::City),
        "road" => Some(FeatureKind::Road),
        "field" => Some(FeatureKind::Field),
        "abbey" => Some(FeatureKind::Monastery),
        _ => None,
    }
}

/// Player colours of the platform (hex, as the final result gives them).
fn colour_named(hex: &str) -> Option<&'static str> {
    match hex.trim_start_matches('#').to_ascii_lowercase().as_str() {
        "ff0000" => Some("red"),
        "0000ff" => Some("blue"),
        "008000" => Some("green"),
        "ffa500" => Some("yellow"),
        "000000" => Some("black"),
        _ => None,
    }
}

/// A member of an object, or `I103`.
fn member<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<&'a Value, ImportError> {
    object
        .get(key)
        .ok_or_else(|| error("I103", format!("{path}.{key}"), format!("no `{key}`")))
}

/// An object, or `I102`.
fn object<'a>(value: &'a Value, path: &str) -> Result<&'a Map<String, Value>, ImportError> {
    value
        .as_object()
        .ok_or_else(|| error("I102", path, "not an object"))
}

/// An integer written as a JSON number or a string of digits, or `I104`.
fn integer(value: &Value, path: &str) -> Result<i64, ImportError> {
    let n = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    n.ok_or_else(|| error("I104", path, format!("not an integer: {value}")))
}

/// An integer member (`I103` if missing, `I104` if not an integer).
fn int_member(object: &Map<String, Value>, key: &str, path: &str) -> Result<i64, ImportError> {
    integer(member(object, key, path)?, &format!("{path}.{key}"))
}

/// A non-negative integer member that fits in `u32`.
fn count_member(object: &Map<String, Value>, key: &str, path: &str) -> Result<u32, ImportError> {
    let n = int_member(object, key, path)?;
    u32::try_from(n).map_err(|_| {
        error(
            "I104",
            format!("{path}.{key}"),
            format!("not a count of points: {n}"),
        )
    })
}

/// A coordinate member that fits in `i32`.
fn coordinate_member(
    object: &Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<i32, ImportError> {
    let n = int_member(object, key, path)?;
    i32::try_from(n).map_err(|_| {
        error(
            "I104",
            format!("{path}.{key}"),
            format!("coordinate out of range: {n}"),
        )
    })
}

/// A text member (a string, or a number written as text).
fn text_member(object: &Map<String, Value>, key: &str, path: &str) -> Result<String, ImportError> {
    match member(object, key, path)? {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        other => Err(error(
            "I104",
            format!("{path}.{key}"),
            format!("not a text: {other}"),
        )),
    }
}

/// A scoring the platform recorded: what scored and each scorer's points.
#[derive(Debug, Default)]
struct Scoring {
    /// The feature, as the platform names it (`city`, `road`, `monastery`, `field`).
    what: String,
    /// For a farm: the completed cities it supplies.
    cities: Option<i64>,
    /// (player, points).
    points: Vec<(String, u32)>,
}

impl Scoring {
    fn describe(&self) -> String {
        let scorers: Vec<String> = self
            .points
            .iter()
            .map(|(p, n)| format!("{p} +{n}"))
            .collect();
        let mut s = if scorers.is_empty() {
            format!("{} (no points)", self.what)
        } else {
            format!("{} {}", self.what, scorers.join(", "))
        };
        if let Some(c) = self.cities {
            s.push_str(&format!(" ({c} cities)"));
        }
        s
    }
}

/// A turn being read.
#[derive(Debug)]
struct Turn {
    imported: ImportedTurn,
    /// A discard whose player is known only by id so far, and where it was read.
    unnamed: Option<(String, String)>,
    /// The platform's physical tile (1–72), for the follower check and the comment.
    physical: Option<String>,
    /// Kind and orientation, to read a follower's spot index.
    kind: i64,
    ori: i64,
    scorings: Vec<Scoring>,
    /// The time of the last packet of the turn (its tile, then its follower).
    ended: Option<i64>,
}

/// A player of the table.
#[derive(Debug)]
struct Seat {
    name: String,
    id: Option<String>,
    colour: Option<String>,
}

/// The end of the game as the platform records it.
#[derive(Debug)]
struct End {
    /// (player, score) as the final state lists them.
    result: Vec<(String, u32)>,
    /// (player, colour) where the final state gives one.
    colours: Vec<(String, String)>,
    /// The table's `concede` flag, or a player's.
    conceded: bool,
    /// The players the final state marks `zombie` (gone from the table: left,
    /// or expelled by the others, as for running out of time).
    zombies: Vec<String>,
}

#[derive(Debug, Default)]
struct Reader {
    errors: Vec<ImportError>,
    seats: Vec<Seat>,
    turns: Vec<Turn>,
    table: Option<String>,
    /// Where the table's id was read.
    table_path: String,
    started: Option<i64>,
    /// The time of the packet being read.
    packet_time: Option<i64>,
    /// The tile kind last drawn and who drew it (player id), from state 2.
    drawn: Option<(i64, Option<String>)>,
    /// The final scoring has begun.
    final_scoring: bool,
    finals: Vec<Scoring>,
    end: Option<End>,
}

impl Reader {
    fn seat(&mut self, name: &str, id: Option<String>, path: &str) -> Result<(), ImportError> {
        if name.trim().is_empty()
            || name != name.trim()
            || name.contains([',', '(', ')', '"'])
            || name.chars().any(char::is_control)
        {
            return Err(error(
                "I112",
                path,
                format!("player name {name:?} cannot be written in CGN"),
            ));
        }
        match self.seats.iter_mut().find(|s| s.name == name) {
            Some(s) => {
                if s.id.is_none() {
                    s.id = id;
                }
            }
            None => self.seats.push(Seat {
                name: name.to_string(),
                id,
                colour: None,
            }),
        }
        Ok(())
    }

    fn name_of_id(&self, id: &str) -> Option<String> {
        self.seats
            .iter()
            .find(|s| s.id.as_deref() == Some(id))
            .map(|s| s.name.clone())
    }

    fn read(&mut self, root: &Value) {
        let root = match object(root, "") {
            Ok(r) => r,
            Err(e) => return self.errors.push(e),
        };
        if let Some(status) = root.get("status")
            && integer(status, "status").ok() != Some(1)
        {
            let why = root
                .get("error")
                .map_or_else(String::new, |e| format!(": {e}"));
            return self.errors.push(error(
                "I102",
                "status",
                format!("the platform reported a failure{why}"),
            ));
        }
        let packets = member(root, "data", "")
            .and_then(|d| object(d, "data"))
            .and_then(|d| member(d, "data", "data"))
            .and_then(|p| {
                p.as_array()
                    .ok_or_else(|| error("I102", "data.data", "not an array of packets"))
            });
        let packets = match packets {
            Ok(p) => p,
            Err(e) => return self.errors.push(e),
        };
        for (i, packet) in packets.iter().enumerate() {
            let path = format!("data.data[{i}]");
            let packet = match object(packet, &path) {
                Ok(p) => p,
                Err(e) => {
                    self.errors.push(e);
                    continue;
                }
            };
            if self.table.is_none() {
                self.table = packet.get("table_id").and_then(|t| match t {
                    Value::String(s) if !s.is_empty() => Some(s.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                });
                self.table_path = format!("{path}.table_id");
            }
            self.packet_time = packet.get("time").and_then(|t| integer(t, "").ok());
            if self.started.is_none() {
                self.started = self.packet_time;
            }
            let events = match member(packet, "data", &path).and_then(|d| {
                d.as_array()
                    .ok_or_else(|| error("I102", format!("{path}.data"), "not an array of events"))
            }) {
                Ok(e) => e,
                Err(e) => {
                    self.errors.push(e);
                    continue;
                }
            };
            for (j, event) in events.iter().enumerate() {
                let path = format!("{path}.data[{j}]");
                if let Err(e) = self.event(event, &path) {
                    self.errors.push(e);
                }
            }
        }
        self.resolve();
        if self.errors.is_empty() && self.turns.is_empty() {
            self.errors.push(error(
                "I111",
                "data.data",
                "no tile was laid or discarded: not a game",
            ));
        }
        if self.errors.is_empty()
            && let [only] = self.seats.as_slice()
        {
            // A log cut before the second player's first turn: the other
            // players are known by id at most, and CGN seats two or more.
            self.errors.push(error(
                "I114",
                "data.data",
                format!(
                    "the log names one player, {}: it stops before another player's first turn",
                    only.name
                ),
            ));
        }
    }

    /// Names the players of discards known only by id.
    fn resolve(&mut self) {
        for t in &mut self.turns {
            if let Some((id, path)) = t.unnamed.take() {
                match self
                    .seats
                    .iter()
                    .find(|s| s.id.as_deref() == Some(id.as_str()))
                {
                    Some(seat) => t.imported.player = seat.name.clone(),
                    None => self.errors.push(error(
                        "I110",
                        path,
                        format!("a discard by player {id}, whom the log never names"),
                    )),
                }
            }
        }
    }

    fn event(&mut self, event: &Value, path: &str) -> Result<(), ImportError> {
        let event = object(event, path)?;
        let kind = match member(event, "type", path)? {
            Value::String(s) => s.as_str(),
            other => {
                return Err(error(
                    "I102",
                    format!("{path}.type"),
                    format!("not an event type: {other}"),
                ));
            }
        };
        let known = [
            "playTile",
            "playPartisan",
            "realizationAchieved",
            "winPoints",
            "cantPlay",
            "gameStateChange",
        ];
        if !known.contains(&kind) {
            return Ok(());
        }
        let args_path = format!("{path}.args");
        let args = member(event, "args", path)?;
        if kind == "cantPlay" {
            // Its arguments are not needed: the tile is the one last drawn.
            return self.cant_play(args.as_object(), &args_path);
        }
        let args = object(args, &args_path)?;
        match kind {
            "playTile" => self.play_tile(args, &args_path),
            "playPartisan" => self.play_partisan(args, &args_path),
            "realizationAchieved" => {
                self.realization(args, &args_path);
                Ok(())
            }
            "winPoints" => self.win_points(args, &args_path),
            _ => self.state_change(args, &args_path),
        }
    }

    fn play_tile(&mut self, args: &Map<String, Value>, path: &str) -> Result<(), ImportError> {
        if self.final_scoring {
            return Err(error(
                "I113",
                path,
                "a tile laid after the final scoring began",
            ));
        }
        let name = text_member(args, "player_name", path)?;
        let id = text_member(args, "player_id", path).ok();
        let kind = int_member(args, "type", path)?;
        let letter = tile_id(kind).ok_or_else(|| {
            error(
                "I105",
                format!("{path}.type"),
                format!("unknown tile kind {kind} (the basic game has 1–24)"),
            )
        })?;
        let x = coordinate_member(args, "x", path)?;
        let y = coordinate_member(args, "y", path)?;
        let ori = int_member(args, "ori", path)?;
        let rotation = rotation(kind, ori).ok_or_else(|| {
            error(
                "I104",
                format!("{path}.ori"),
                format!("orientation {ori} is not 1–4"),
            )
        })?;
        // The platform's y grows south; ours grows north.
        let y = y.checked_neg().ok_or_else(|| {
            error(
                "I104",
                format!("{path}.y"),
                format!("coordinate out of range: {y}"),
            )
        })?;
        self.seat(&name, id, &format!("{path}.player_name"))?;
        self.turns.push(Turn {
            imported: ImportedTurn {
                player: name,
                tile: letter.to_string(),
                placement: Some((Pos::new(x, y), rotation)),
                follower: None,
                claims: Vec::new(),
                comment: None,
                time: None,
            },
            unnamed: None,
            physical: text_member(args, "id", path).ok(),
            kind,
            ori,
            scorings: Vec::new(),
            ended: self.packet_time,
        });
        self.drawn = None;
        Ok(())
    }

    fn play_partisan(&mut self, args: &Map<String, Value>, path: &str) -> Result<(), ImportError> {
        let final_scoring = self.final_scoring;
        let Some(turn) = self
            .turns
            .last_mut()
            .filter(|t| t.imported.placement.is_some() && !final_scoring)
        else {
            return Err(error(
                "I107",
                path,
                "a follower with no tile laid this turn",
            ));
        };
        if let (Ok(tile), Some(laid)) = (text_member(args, "id", path), &turn.physical)
            && tile != *laid
        {
            return Err(error(
                "I107",
                format!("{path}.id"),
                format!("a follower on tile {tile}, but the tile just laid is {laid}"),
            ));
        }
        if turn.imported.follower.is_some() {
            return Err(error("I107", path, "a second follower on the same turn"));
        }
        if let Ok(figure) = text_member(args, "ptype", path)
            && figure != "normal"
        {
            return Err(error(
                "I108",
                format!("{path}.ptype"),
                format!("figure {figure:?} is not in the basic game"),
            ));
        }
        let index = int_member(args, "pos", path)?;
        let stated = text_member(args, "type", path)?;
        let (feature, spot) = spot(turn.kind, index, turn.ori).ok_or_else(|| {
            error(
                "I106",
                format!("{path}.pos"),
                format!("tile kind {} has no spot {index}", turn.kind),
            )
        })?;
        if feature_named(&stated) != Some(feature) {
            return Err(error(
                "I106",
                format!("{path}.type"),
                format!(
                    "spot {index} of tile kind {} is a {feature}, the log says {stated:?}",
                    turn.kind
                ),
            ));
        }
        // The spot by the first name the notation has for its feature, as
        // `carcref fmt` writes it (a field is named by the half-edge that comes
        // first, not by the one the platform's table gives).
        let def = tile_id(turn.kind).and_then(|id| {
            let catalog = super::catalog()?;
            catalog.get(catalog.id(id)?)
        });
        let spot = match (turn.imported.placement, def) {
            (Some((_, rotation)), Some(def)) => super::canonical_spot(def, rotation, spot, feature)
                .map_err(|message| {
                    error(
                        "I106",
                        format!("{path}.pos"),
                        format!("spot {index} of tile kind {}: {message}", turn.kind),
                    )
                })?,
            _ => spot,
        };
        turn.imported.follower = Some(spot);
        turn.ended = self.packet_time.or(turn.ended);
        Ok(())
    }

    fn realization(&mut self, args: &Map<String, Value>, path: &str) {
        let raw = text_member(args, "real_type", path).unwrap_or_default();
        let cities = args.get("city_nbr").and_then(|c| integer(c, "").ok());
        // `real_type` is translated in some logs; a farm is known by its city count.
        let what = match raw.as_str() {
            "city" | "road" | "field" => raw,
            "abbey" => "monastery".to_string(),
            _ if cities.is_some() => "field".to_string(),
            _ => raw,
        };
        let scoring = Scoring {
            what,
            cities,
            points: Vec::new(),
        };
        if self.final_scoring {
            self.finals.push(scoring);
        } else if let Some(turn) = self.turns.last_mut() {
            turn.scorings.push(scoring);
        }
    }

    fn win_points(&mut self, args: &Map<String, Value>, path: &str) -> Result<(), ImportError> {
        let name = match text_member(args, "player_name", path) {
            Ok(n) => n,
            Err(e) => {
                let id = text_member(args, "player_id", path).map_err(|_| e)?;
                self.name_of_id(&id).ok_or_else(|| {
                    error(
                        "I109",
                        format!("{path}.player_id"),
                        format!("points for player {id}, who never played"),
                    )
                })?
            }
        };
        let points = count_member(args, "points", path)?;
        let total = count_member(args, "score", path)?;
        if !self.seats.iter().any(|s| s.name == name) {
            return Err(error(
                "I109",
                format!("{path}.player_name"),
                format!("points for {name}, who never played"),
            ));
        }
        let scorings = if self.final_scoring {
            &mut self.finals
        } else {
            let Some(turn) = self.turns.last_mut() else {
                return Err(error("I109", path, "points scored before any turn"));
            };
            match turn.imported.claims.iter_mut().find(|(p, _, _)| *p == name) {
                Some(claim) => {
                    claim.1 = claim.1.saturating_add(points);
                    claim.2 = Some(total);
                }
                None => turn
                    .imported
                    .claims
                    .push((name.clone(), points, Some(total))),
            }
            &mut turn.scorings
        };
        match scorings.last_mut() {
            Some(s) => s.points.push((name, points)),
            None => scorings.push(Scoring {
                what: "points".to_string(),
                cities: None,
                points: vec![(name, points)],
            }),
        }
        Ok(())
    }

    fn cant_play(
        &mut self,
        args: Option<&Map<String, Value>>,
        path: &str,
    ) -> Result<(), ImportError> {
        if self.final_scoring {
            return Err(error(
                "I113",
                path,
                "a discard after the final scoring began",
            ));
        }
        let Some((kind, drawer)) = self.drawn.take() else {
            return Err(error("I110", path, "a discard, but no tile was drawn"));
        };
        let letter = tile_id(kind).ok_or_else(|| {
            error(
                "I105",
                path,
                format!("unknown tile kind {kind} (the basic game has 1–24)"),
            )
        })?;
        // The player who drew the tile: named here, or known by id (perhaps only
        // later in the log: see `resolve`).
        let named = args.and_then(|a| text_member(a, "player_name", path).ok());
        let name = match named.or_else(|| drawer.as_deref().and_then(|id| self.name_of_id(id))) {
            Some(n) => {
                self.seat(&n, drawer.clone(), &format!("{path}.player_name"))?;
                n
            }
            None => String::new(),
        };
        let unnamed = if name.is_empty() {
            match drawer {
                Some(id) => Some((id, path.to_string())),
                None => {
                    return Err(error(
                        "I110",
                        path,
                        "a discard by a player the log does not name",
                    ));
                }
            }
        } else {
            None
        };
        self.turns.push(Turn {
            unnamed,
            imported: ImportedTurn {
                player: name,
                tile: letter.to_string(),
                placement: None,
                follower: None,
                claims: Vec::new(),
                comment: None,
                time: None,
            },
            physical: None,
            kind,
            ori: 1,
            scorings: Vec::new(),
            ended: self.packet_time,
        });
        Ok(())
    }

    fn state_change(&mut self, args: &Map<String, Value>, path: &str) -> Result<(), ImportError> {
        let Some(id) = args.get("id").and_then(|i| integer(i, "").ok()) else {
            return Ok(());
        };
        match id {
            2 => {
                // The tile drawn for the active player.
                let inner = args.get("args").and_then(Value::as_object);
                if let Some(kind) = inner
                    .and_then(|a| a.get("tile_type"))
                    .and_then(|t| integer(t, "").ok())
                {
                    let player = args.get("active_player").and_then(|p| match p {
                        Value::String(s) => Some(s.clone()),
                        Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    });
                    self.drawn = Some((kind, player));
                }
                Ok(())
            }
            6 | 7 => {
                self.final_scoring = true;
                Ok(())
            }
            99 => self.game_end(args, path),
            _ => Ok(()),
        }
    }

    fn game_end(&mut self, args: &Map<String, Value>, path: &str) -> Result<(), ImportError> {
        let inner_path = format!("{path}.args");
        let inner = object(member(args, "args", path)?, &inner_path)?;
        let result_path = format!("{inner_path}.result");
        let list = member(inner, "result", &inner_path)?
            .as_array()
            .ok_or_else(|| error("I102", &result_path, "not an array of players"))?;
        let mut result = Vec::new();
        let mut colours = Vec::new();
        let mut zombies = Vec::new();
        let mut player_conceded = false;
        let flag = |v: Option<&Value>| {
            v.is_some_and(|c| c.as_bool() == Some(true) || integer(c, "").is_ok_and(|n| n != 0))
        };
        for (k, entry) in list.iter().enumerate() {
            let p = format!("{result_path}[{k}]");
            let entry = object(entry, &p)?;
            let name = text_member(entry, "name", &p)?;
            let score = count_member(entry, "score", &p)?;
            if let Ok(colour) = text_member(entry, "color", &p) {
                colours.push((name.clone(), colour));
            }
            let id = text_member(entry, "player", &p).ok();
            self.seat(&name, id, &format!("{p}.name"))?;
            player_conceded |= flag(entry.get("concede"));
            if flag(entry.get("zombie")) {
                zombies.push(name.clone());
            }
            result.push((name, score));
        }
        let conceded = player_conceded || flag(inner.get("table").and_then(|t| t.get("concede")));
        self.end = Some(End {
            result,
            colours,
            conceded,
            zombies,
        });
        Ok(())
    }
}

/// Days since 1970-01-01 → (year, month, day), proleptic Gregorian.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A Unix time as a CGN date (`YYYY.MM.DD`, UTC).
fn date(seconds: i64) -> String {
    let (y, m, d) = civil_from_days(seconds.div_euclid(86_400));
    format!("{y:04}.{m:02}.{d:02}")
}

/// Reads a Board Game Arena notification log and writes it as a CGN record.
///
/// # Errors
/// Every fault found, each with a code (`I101`–`I114`), the JSON path of the
/// offending value and what is wrong; no record is made from a faulty log.
pub fn import(json: &str) -> Result<GameRecord, Vec<ImportError>> {
    let json = super::without_bom(json);
    let root: Value = serde_json::from_str(json).map_err(|e| {
        vec![error(
            "I101",
            format!("line {} column {}", e.line(), e.column()),
            format!("not JSON: {e}"),
        )]
    })?;
    let mut reader = Reader::default();
    reader.read(&root);
    if !reader.errors.is_empty() {
        return Err(reader.errors);
    }
    build(reader)
}

fn build(mut reader: Reader) -> Result<GameRecord, Vec<ImportError>> {
    let mut notes_on_end = Vec::new();
    let (termination, result) = match &reader.end {
        // A log cut before its end: complete if the final scoring had begun
        // (every tile was drawn), the turns played otherwise.
        None if reader.final_scoring => ("complete", "*".to_string()),
        None => ("interrupted", "*".to_string()),
        Some(end) => {
            // In seat order; the platform lists by rank.
            let mut scores: Vec<(String, u32)> = Vec::new();
            for seat in &reader.seats {
                if let Some((name, score)) = end.result.iter().find(|(n, _)| *n == seat.name) {
                    scores.push((name.clone(), *score));
                }
            }
            let text: Vec<String> = scores.iter().map(|(n, s)| format!("{n} {s}")).collect();
            let text = text.join(", ");
            if !end.zombies.is_empty() {
                notes_on_end.push(format!(
                    "the platform marks {} as gone from the table (a zombie: left, or expelled)",
                    end.zombies.join(", ")
                ));
            }
            if !end.conceded && reader.final_scoring {
                ("complete", text)
            } else {
                // A game ended early: the platform's result is what it awards
                // for such an end, not the points of the turns played, so it is
                // kept in a comment rather than claimed.
                notes_on_end.push(format!("the platform's result: {text}"));
                (
                    if end.conceded {
                        "resigned"
                    } else {
                        "interrupted"
                    },
                    "*".to_string(),
                )
            }
        }
    };
    let mut unknown_colours = Vec::new();
    if let Some(end) = &reader.end {
        for (name, hex) in &end.colours {
            match (
                colour_named(hex),
                reader.seats.iter_mut().find(|s| s.name == *name),
            ) {
                (Some(colour), Some(seat)) => seat.colour = Some(colour.to_string()),
                _ => unknown_colours.push(format!("{name} #{hex}")),
            }
        }
    }
    let players: Vec<String> = reader
        .seats
        .iter()
        .map(|s| match &s.colour {
            Some(c) => format!("{} ({c})", s.name),
            None => s.name.clone(),
        })
        .collect();
    let (event, source) = match &reader.table {
        Some(t) => (format!("Board Game Arena table {t}"), format!("bga {t}")),
        None => ("Board Game Arena".to_string(), "bga".to_string()),
    };
    // A value of the log the record cannot hold is refused (`I104`, where
    // it was read).
    let mut from_log = SourceTags::default();
    let table = reader.table_path.as_str();
    let mut tags = vec![tag("CGN", "1")];
    tags.extend(from_log.tag("I104", table, "Event", event));
    if let Some(t) = reader.started {
        tags.push(tag("Date", date(t)));
    }
    tags.extend(from_log.tag("I104", "the players' names", "Players", players.join(", ")));
    tags.extend([tag("Rules", "HiG-2012"), tag("Expansions", "")]);
    tags.extend(from_log.tag("I104", "the final result", "Result", result));
    tags.push(tag("Termination", termination));
    tags.extend(from_log.tag("I104", table, "Source", source));
    from_log.done()?;

    let mut heading = Vec::new();
    let ids: Vec<String> = reader
        .seats
        .iter()
        .filter_map(|s| s.id.as_ref().map(|id| format!("{} {id}", s.name)))
        .collect();
    if !ids.is_empty() {
        heading.push(format!("Board Game Arena player ids: {}", ids.join(", ")));
    }
    if !unknown_colours.is_empty() {
        heading.push(format!(
            "colours with no CGN name: {}",
            unknown_colours.join(", ")
        ));
    }
    if let Some(end) = &reader.end
        && end.conceded
    {
        heading.push("the platform records a concession".to_string());
    }
    heading.extend(notes_on_end);

    // The time of each turn: from the end of the turn before it (the start of
    // the log for the first) to its own last packet. A discard's time counts
    // with the placement that follows it: the same player's same turn.
    let mut since = reader.started;
    let mut carried: Option<u32> = Some(0);
    for t in &mut reader.turns {
        let spent = match (t.ended, since) {
            (Some(end), Some(start)) => u32::try_from(end - start).ok(),
            _ => None,
        };
        since = t.ended.or(since);
        let total = spent.zip(carried).map(|(a, b)| a.saturating_add(b));
        if t.imported.placement.is_some() {
            t.imported.time = total;
            carried = Some(0);
        } else {
            carried = total;
        }
    }
    let turns: Vec<ImportedTurn> = std::mem::take(&mut reader.turns)
        .into_iter()
        .map(|t| {
            let mut parts = Vec::new();
            if let Some(p) = &t.physical {
                parts.push(format!("bga tile {p}"));
            }
            parts.extend(t.scorings.iter().map(Scoring::describe));
            let mut imported = t.imported;
            if !parts.is_empty() {
                imported.comment = Some(parts.join("; "));
            }
            imported
        })
        .collect();
    let mut rec = with_notes(record(tags, turns), heading);
    if !reader.finals.is_empty() {
        let parts: Vec<String> = reader.finals.iter().map(Scoring::describe).collect();
        rec.trailing_comments.push(Spanned::new(
            super::comment(format!(
                "final scoring on Board Game Arena: {}",
                parts.join("; ")
            )),
            Span::default(),
        ));
    }
    super::within_limits(rec, "I104").map_err(|e| vec![e])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_map_to_letters() {
        assert_eq!(tile_id(1), Some("T"));
        assert_eq!(tile_id(15), Some("D"));
        assert_eq!(tile_id(24), Some("Q"));
        assert_eq!(tile_id(0), None);
        assert_eq!(tile_id(25), None);
    }

    #[test]
    fn straight_road_is_turned_a_quarter() {
        assert_eq!(rotation(16, 1), Some(Rotation::R90));
        assert_eq!(rotation(16, 4), Some(Rotation::R0));
        assert_eq!(rotation(15, 1), Some(Rotation::R0));
        assert_eq!(rotation(15, 5), None);
    }

    #[test]
    fn spots_turn_with_the_tile() {
        // Kind 14 (L), spot 1 is the west road; at orientation 2 it points north.
        assert_eq!(
            spot(14, 1, 2),
            Some((FeatureKind::Road, Spot::Edge(Side::North)))
        );
        assert_eq!(
            spot(14, 5, 3).map(|(_, s)| s.to_string()),
            Some("WSW".to_string())
        );
        assert_eq!(spot(16, 2, 1), None);
    }

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_681_289_701), "2023.04.12");
        assert_eq!(date(951_782_400), "2000.02.29");
        assert_eq!(date(-1), "1969.12.31");
    }
}
