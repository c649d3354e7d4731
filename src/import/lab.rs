//! Carcassonne Lab replay URLs (`notation/import-lab.md`).
//!
//! A replay URL packs a whole Board Game Arena game:
//! `https://www.carcassonnelab.com/#/<version>/<step>/<STACK>/<MOVES>?players=A,B&colors=c1,c2`.
//! [`import_url`] decodes one URL into a record; [`import_csv`] decodes a table of
//! them (a `URL` column, and the event, round, date and table id in other columns).
//!
//! The decoder checks what it decodes: the stack must be the basic game's 72 tiles
//! with the start tile first (or the first of them, the tiles drawn, for a game
//! that stopped before the supply ran out: its record is `interrupted`), and
//! every placement must fit the board built so far.
//! A drawn tile that fits nowhere has no move in the URL; it becomes a `discard`
//! turn of the player who drew it, who then draws again.
//!
//! This module also holds the helpers the score-sheet importer (`kifu.rs`) shares:
//! the embedded catalog, spot turning and naming, and the colour names.

use std::collections::BTreeMap;

use super::{
    ImportError, ImportedTurn, SourceTags, basic_counts, bga, canonical_spot, catalog, colour_name,
    iso_date, name_problem, players_value, record, tag, with_notes,
};
use crate::board::{Board, PlacedTile, Pos};
use crate::notation::GameRecord;
use crate::tiles::{Rotation, Spot, TileCatalog, TileDef, TileId};

/// Characters of a MOVES column, row or rotation value, in value order (0 = `1`).
const MOVE_ALPHABET: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// URL-safe base-64 digits of the STACK, in value order.
const BASE64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The platform's kind of the start tile (D).
const START_KIND: u8 = 15;

/// Tiles in the basic game, the start tile included.
const BASIC_TILES: usize = 72;

/// A STACK longer than this holds more than 72 tiles whatever its digits
/// (24^72 < 64^56), so it is refused before any arithmetic.
const MAX_STACK_CHARS: usize = 64;

/// Players a 2012 basic game seats (replays come from the platform's 2012 rules).
const MAX_PLAYERS: usize = crate::rules::Edition::HiG2012.max_players();

/// The board built so far, for the fit cross-check.
struct Tracker<'c> {
    catalog: &'c TileCatalog,
    board: Board,
}

impl<'c> Tracker<'c> {
    fn new(catalog: &'c TileCatalog, start: TileId) -> Tracker<'c> {
        let mut board = Board::new();
        board.insert(
            catalog,
            PlacedTile {
                tile: start,
                pos: Pos::new(0, 0),
                rotation: Rotation::R0,
                turn: 0,
                first_node: 0,
            },
        );
        Tracker { catalog, board }
    }

    /// Why a tile cannot lie there, if it cannot.
    fn misfit(&self, tile: TileId, pos: Pos, rotation: Rotation) -> Option<String> {
        if let Some(t) = self.board.at(pos) {
            return Some(format!("{pos} is already taken (turn {})", t.turn));
        }
        if !self.board.has_neighbour(pos) {
            return Some(format!("{pos} touches no tile"));
        }
        let def = self.catalog.def(tile);
        self.board
            .mismatch(self.catalog, def, pos, rotation)
            .map(|m| {
                format!(
                    "{} {pos} {rotation}: its {} edge is {}, the neighbour's is {}",
                    def.id, m.side, m.ours, m.theirs
                )
            })
    }

    /// Whether a tile fits anywhere on the board.
    fn fits_somewhere(&self, tile: TileId) -> bool {
        let def = self.catalog.def(tile);
        self.board.frontier().into_iter().any(|pos| {
            Rotation::ALL
                .into_iter()
                .any(|r| self.board.mismatch(self.catalog, def, pos, r).is_none())
        })
    }

    fn place(&mut self, tile: TileId, pos: Pos, rotation: Rotation, turn: u32) {
        self.board.insert(
            self.catalog,
            PlacedTile {
                tile,
                pos,
                rotation,
                turn,
                first_node: 0,
            },
        );
    }
}

/// A part of the URL and where it starts (in characters, 0-based).
#[derive(Debug, Clone, Copy)]
struct Part<'a> {
    name: &'static str,
    text: &'a str,
    start: usize,
}

impl Part<'_> {
    /// An error at the `i`-th character (0-based) of this part.
    fn error(&self, code: &'static str, i: usize, message: String) -> ImportError {
        ImportError {
            code,
            location: format!("{} char {}", self.name, self.start + i + 1),
            message,
        }
    }

    /// An error about the whole part.
    fn whole(&self, code: &'static str, message: String) -> ImportError {
        self.error(code, 0, message)
    }
}

/// One decoded MOVES group.
#[derive(Debug, Clone, Copy)]
struct RawMove {
    x: i32,
    /// The row as the platform counts it (growing south).
    y: i32,
    /// The platform's orientation − 1 (clockwise quarter turns).
    ori: usize,
    /// The platform's spot index (0 = no follower).
    spot: u8,
    /// Index of the group's first character in MOVES.
    at: usize,
}

/// What a URL says, decoded but not yet played.
#[derive(Debug)]
struct Replay<'a> {
    stack: Vec<u8>,
    moves: Vec<RawMove>,
    moves_part: Part<'a>,
    players: Vec<(String, Option<&'static str>)>,
    notes: Vec<String>,
}

/// What a table row adds to a URL's record.
#[derive(Debug, Default)]
struct Meta {
    event: Option<String>,
    date: Option<String>,
    round: Option<String>,
    source: Option<String>,
    notes: Vec<String>,
    listed_players: Vec<String>,
}

/// Decodes one replay URL into a record.
///
/// # Errors
/// Every fault found, each with a code (`I201`–`I208`, see
/// `notation/import-lab.md`), the URL part and character position, and a message.
pub fn import_url(url: &str) -> Result<GameRecord, Vec<ImportError>> {
    import_with(super::without_bom(url), &Meta::default())
}

fn import_with(url: &str, meta: &Meta) -> Result<GameRecord, Vec<ImportError>> {
    let replay = decode(url)?;
    let catalog = catalog().ok_or_else(|| {
        vec![ImportError {
            code: "I206",
            location: "URL".to_string(),
            message: "the embedded tile catalog cannot be read".to_string(),
        }]
    })?;
    let turns = play(&replay, catalog)?;

    // A value of the table or the URL the record cannot hold is refused,
    // its column or part named.
    let mut from_row = SourceTags::default();
    let mut tags = vec![tag("CGN", "1")];
    if let Some(e) = &meta.event {
        tags.extend(from_row.tag("I209", "Tournament, Edition", "Event", e.clone()));
    }
    if let Some(d) = &meta.date {
        tags.push(tag("Date", d.clone()));
    }
    if let Some(r) = &meta.round {
        tags.extend(from_row.tag("I209", "Round", "Round", r.clone()));
    }
    tags.extend(from_row.tag("I208", "query", "Players", players_value(&replay.players)));
    tags.push(tag("Rules", "HiG-2012"));
    // A replay carries no result or how the game ended; a stack shorter than
    // the supply is the tiles drawn before the game stopped.
    let drawn = replay.stack.len();
    tags.push(tag(
        "Termination",
        if drawn < BASIC_TILES {
            "interrupted"
        } else {
            "complete"
        },
    ));
    if let Some(s) = &meta.source {
        tags.extend(from_row.tag("I209", "Game ID", "Source", s.clone()));
    }
    tags.extend(from_row.tag("I201", "URL", "LabURL", url));
    from_row.done()?;

    let mut notes = meta.notes.clone();
    notes.extend(replay.notes.iter().cloned());
    if drawn < BASIC_TILES {
        notes.push(format!(
            "the stack holds {drawn} of the basic game's {BASIC_TILES} tiles: the game stopped before the supply ran out"
        ));
    }
    if !meta.listed_players.is_empty() {
        let mut listed = meta.listed_players.clone();
        let mut seated: Vec<String> = replay.players.iter().map(|(n, _)| n.clone()).collect();
        listed.sort();
        seated.sort();
        if listed != seated {
            notes.push(format!(
                "the table lists the players as {}",
                meta.listed_players.join(", ")
            ));
        }
    }
    super::within_limits(with_notes(record(tags, turns), notes), "I209").map_err(|e| vec![e])
}

/// Splits and decodes a URL; every fault of every part is reported.
fn decode(url: &str) -> Result<Replay<'_>, Vec<ImportError>> {
    let chars_before = |byte: usize| url.get(..byte).map_or(0, |s| s.chars().count());
    // A URL holds no white space or control character; one that does (a line
    // break from a pasted table, say) is not a URL, and its text could not be
    // kept in a tag or comment either.
    if let Some((at, c)) = url
        .char_indices()
        .find(|(_, c)| c.is_whitespace() || c.is_control())
    {
        return Err(vec![ImportError {
            code: "I201",
            location: format!("URL char {}", chars_before(at) + 1),
            message: format!("not a replay URL: it holds {c:?}"),
        }]);
    }
    let Some(hash) = url.find("#/") else {
        return Err(vec![ImportError {
            code: "I201",
            location: "URL char 1".to_string(),
            message: "not a replay URL: no `#/` before the replay path".to_string(),
        }]);
    };
    let fragment_start = hash + 2;
    let fragment = url.get(fragment_start..).unwrap_or("");
    let (path, query, query_start) = match fragment.find('?') {
        Some(q) => (
            fragment.get(..q).unwrap_or(""),
            fragment.get(q + 1..).unwrap_or(""),
            Some(fragment_start + q + 1),
        ),
        None => (fragment, "", None),
    };
    let mut pieces = Vec::new();
    let mut offset = fragment_start;
    for piece in path.split('/') {
        pieces.push((piece, chars_before(offset)));
        offset += piece.len() + 1;
    }
    let [(version, v_at), (step, s_at), (stack, st_at), (moves, m_at)] = pieces[..] else {
        return Err(vec![ImportError {
            code: "I201",
            location: format!("path char {}", chars_before(fragment_start) + 1),
            message: format!(
                "the replay path has {} parts separated by `/`; it has 4: version, step, STACK, MOVES",
                pieces.len()
            ),
        }]);
    };
    let version = Part {
        name: "version",
        text: version,
        start: v_at,
    };
    let step = Part {
        name: "step",
        text: step,
        start: s_at,
    };
    let stack_part = Part {
        name: "STACK",
        text: stack,
        start: st_at,
    };
    let moves_part = Part {
        name: "MOVES",
        text: moves,
        start: m_at,
    };

    let mut errors = Vec::new();
    if version.text != "0" {
        errors.push(version.whole(
            "I201",
            format!(
                "replay format version {:?} is not known; version 0 is",
                version.text
            ),
        ));
    }
    let step_ok = !step.text.is_empty()
        && step.text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && step.text.chars().filter(|c| *c == '.').count() <= 1;
    if !step_ok {
        errors.push(step.whole("I201", format!("the step {:?} is not a number", step.text)));
    }
    let stack = decode_stack(&stack_part).map_err(|e| errors.extend(e)).ok();
    let moves = decode_moves(&moves_part).map_err(|e| errors.extend(e)).ok();
    let query = Part {
        name: "query",
        text: query,
        start: query_start.map_or(0, chars_before),
    };
    let players = decode_query(&query, query_start.is_some())
        .map_err(|e| errors.extend(e))
        .ok();
    match (stack, moves, players) {
        (Some(stack), Some(moves), Some((players, notes))) if errors.is_empty() => Ok(Replay {
            stack,
            moves,
            moves_part,
            players,
            notes,
        }),
        _ => Err(errors),
    }
}

/// STACK: base-64 digits of one number whose base-24 digits are the kinds − 1.
fn decode_stack(part: &Part<'_>) -> Result<Vec<u8>, Vec<ImportError>> {
    let mut errors = Vec::new();
    let mut digits = Vec::new();
    for (i, c) in part.text.chars().enumerate() {
        match BASE64.find(c) {
            Some(v) => digits.push(v as u32),
            None => errors.push(part.error(
                "I202",
                i,
                format!("{c:?} is not a URL-safe base-64 character"),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let first = digits.iter().position(|d| *d != 0).unwrap_or(digits.len());
    let mut number: Vec<u32> = digits.get(first..).unwrap_or(&[]).to_vec();
    if number.is_empty() {
        return Err(vec![part.whole("I203", "the stack is empty".to_string())]);
    }
    if number.len() > MAX_STACK_CHARS {
        return Err(vec![part.whole(
            "I203",
            format!(
                "the stack has {} base-64 digits: more than the basic game's {BASIC_TILES} tiles",
                number.len()
            ),
        )]);
    }
    let mut kinds = Vec::new();
    while !number.is_empty() {
        let mut rest = 0u32;
        let mut quotient = Vec::with_capacity(number.len());
        for d in &number {
            let cur = rest * 64 + d;
            let q = cur / 24;
            rest = cur % 24;
            if !(quotient.is_empty() && q == 0) {
                quotient.push(q);
            }
        }
        kinds.push(rest as u8 + 1);
        number = quotient;
    }
    kinds.reverse();
    check_stack(part, &kinds)?;
    Ok(kinds)
}

/// The stack must be the basic game's tiles with the start tile first: all 72
/// of them, or the tiles drawn so far when the game stopped before the supply
/// ran out (no kind more often than the box holds it). A tile kind too rarely
/// in a stack of 72 means another kind too often, so only kinds over their
/// count are faults; they are one fault together, as a stack too long is.
fn check_stack(part: &Part<'_>, kinds: &[u8]) -> Result<(), Vec<ImportError>> {
    let mut errors = Vec::new();
    if kinds.first() != Some(&START_KIND) {
        let found = kinds.first().copied().unwrap_or(0);
        errors.push(part.whole(
            "I203",
            format!(
                "the stack starts with kind {found} ({}), not the start tile, kind {START_KIND} (D)",
                letter(found).unwrap_or('?')
            ),
        ));
    } else if kinds.len() == 1 {
        errors.push(part.whole(
            "I203",
            "the stack holds the start tile alone: no tile was drawn".to_string(),
        ));
    }
    if let Some(catalog) = catalog() {
        let mut have: BTreeMap<char, usize> = BTreeMap::new();
        for k in kinds {
            if let Some(l) = letter(*k) {
                *have.entry(l).or_default() += 1;
            }
        }
        let basic = basic_counts(catalog);
        let over: Vec<String> = have
            .iter()
            .filter_map(|(l, n)| {
                let want = basic.get(l).copied().unwrap_or(0);
                (*n > want).then(|| {
                    format!(
                        "{n} {l} (kind {}), the basic game has {want}",
                        kind_of(*l).unwrap_or(0)
                    )
                })
            })
            .collect();
        if !over.is_empty() {
            let length = if kinds.len() > BASIC_TILES {
                format!(
                    "{} tiles, more than the basic game's {BASIC_TILES}: ",
                    kinds.len()
                )
            } else {
                String::new()
            };
            errors.push(part.whole(
                "I203",
                format!("the stack holds {length}{}", over.join("; ")),
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The rulebook letter of a platform kind.
fn letter(kind: u8) -> Option<char> {
    bga::tile_id(i64::from(kind))?.chars().next()
}

/// The platform kind of a rulebook letter.
fn kind_of(letter: char) -> Option<usize> {
    (1..=24u8)
        .find(|k| self::letter(*k) == Some(letter))
        .map(usize::from)
}

/// MOVES: four characters a turn: column, row, rotation (with the signs), spot.
fn decode_moves(part: &Part<'_>) -> Result<Vec<RawMove>, Vec<ImportError>> {
    let chars: Vec<char> = part.text.chars().collect();
    let mut errors = Vec::new();
    let mut moves = Vec::new();
    let value = |i: usize, what: &str, errors: &mut Vec<ImportError>| -> Option<usize> {
        let c = *chars.get(i)?;
        let v = MOVE_ALPHABET.find(c);
        if v.is_none() {
            errors.push(part.error(
                "I204",
                i,
                format!("{c:?} is not a {what} character (digits 1–9 and letters but I, O and l)"),
            ));
        }
        v
    };
    for (n, group) in chars.chunks(4).enumerate() {
        let at = n * 4;
        if group.len() < 4 {
            errors.push(part.error(
                "I204",
                at,
                format!(
                    "MOVES is cut short: the last turn has {} of its 4 characters",
                    group.len()
                ),
            ));
            break;
        }
        let col = value(at, "column", &mut errors);
        let row = value(at + 1, "row", &mut errors);
        let rot = value(at + 2, "rotation", &mut errors);
        let rot = rot.filter(|rot| {
            let ok = rot % 16 <= 3;
            if !ok {
                errors.push(part.error(
                    "I204",
                    at + 2,
                    format!(
                        "rotation character {:?} (value {rot}) holds no rotation 0–3",
                        group.get(2).copied().unwrap_or('?')
                    ),
                ));
            }
            ok
        });
        let spot = match group.get(3) {
            Some(c) if c.is_ascii_digit() => Some(*c as u8 - b'0'),
            Some(c) => {
                errors.push(part.error(
                    "I204",
                    at + 3,
                    format!("{c:?} is not a follower spot digit"),
                ));
                None
            }
            None => None,
        };
        let (Some(col), Some(row), Some(rot), Some(spot)) = (col, row, rot, spot) else {
            continue;
        };
        let sign = |negative: bool, v: usize| {
            let v = v as i32;
            if negative { -v } else { v }
        };
        moves.push(RawMove {
            x: sign(rot & 16 != 0, col),
            y: sign(rot & 32 != 0, row),
            ori: rot % 16,
            spot,
            at,
        });
    }
    if errors.is_empty() {
        Ok(moves)
    } else {
        Err(errors)
    }
}

/// Percent-decoding of a query value.
fn percent_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    format!("a `%` at byte {} is not followed by two hex digits", i + 1)
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "the decoded text is not UTF-8".to_string())
}

type Seats = Vec<(String, Option<&'static str>)>;

/// `players=A,B&colors=c1,c2`: the seats in turn order, with their colours, and
/// notes on what the Players tag cannot hold.
fn decode_query(part: &Part<'_>, present: bool) -> Result<(Seats, Vec<String>), Vec<ImportError>> {
    if !present {
        return Err(vec![ImportError {
            code: "I208",
            location: "query".to_string(),
            message: "the URL has no `?players=…` query".to_string(),
        }]);
    }
    let mut players_field = None;
    let mut colours_field = None;
    let mut at = 0;
    for field in part.text.split('&') {
        let chars = field.chars().count();
        if let Some(v) = field.strip_prefix("players=") {
            players_field = Some((v, at + "players=".len()));
        } else if let Some(v) = field.strip_prefix("colors=") {
            colours_field = Some((v, at + "colors=".len()));
        }
        at += chars + 1;
    }
    let Some((players, p_at)) = players_field else {
        return Err(vec![
            part.whole("I208", "the query has no `players=` field".to_string()),
        ]);
    };
    let mut errors = Vec::new();
    let mut names = Vec::new();
    let mut at = p_at;
    for raw in players.split(',') {
        match percent_decode(raw) {
            Ok(name) => match name_problem(&name) {
                Some(p) => errors.push(part.error("I208", at, p)),
                None if names.contains(&name) => {
                    errors.push(part.error("I208", at, format!("{name} is seated twice")));
                }
                None => names.push(name),
            },
            Err(e) => errors.push(part.error("I208", at, format!("player name {raw:?}: {e}"))),
        }
        at += raw.chars().count() + 1;
    }
    if errors.is_empty() && !(2..=MAX_PLAYERS).contains(&names.len()) {
        errors.push(part.error(
            "I208",
            p_at,
            format!(
                "{} players; a 2012 basic game seats 2 to {MAX_PLAYERS}",
                names.len()
            ),
        ));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut notes = Vec::new();
    let mut colours: Vec<Option<&'static str>> = vec![None; names.len()];
    if let Some((list, _)) = colours_field {
        let given: Vec<String> = list
            .split(',')
            .map(|c| percent_decode(c).unwrap_or_else(|_| c.to_string()))
            .collect();
        for (i, c) in given.iter().enumerate() {
            let name = names.get(i);
            match (name, colour_name(c)) {
                (Some(_), Some(cgn)) if !colours.contains(&Some(cgn)) => {
                    if let Some(slot) = colours.get_mut(i) {
                        *slot = Some(cgn);
                    }
                }
                (Some(n), _) => notes.push(format!("the replay gives {n} the colour {c:?}")),
                (None, _) => notes.push(format!("the replay lists an extra colour {c:?}")),
            }
        }
    }
    Ok((names.into_iter().zip(colours).collect(), notes))
}

/// Plays the decoded moves over the stack: the turns, or the first fault.
fn play(replay: &Replay<'_>, catalog: &TileCatalog) -> Result<Vec<ImportedTurn>, Vec<ImportError>> {
    let internal = |message: String| {
        vec![ImportError {
            code: "I206",
            location: "STACK".to_string(),
            message,
        }]
    };
    let start = catalog
        .id("D")
        .ok_or_else(|| internal("the catalog has no start tile D".to_string()))?;
    let mut tracker = Tracker::new(catalog, start);
    let mut moves = replay.moves.iter();
    let mut turns = Vec::new();
    let mut errors = Vec::new();
    let mut seat = 0usize;
    let seats = replay.players.len().max(1);
    for (i, kind) in replay.stack.iter().enumerate().skip(1) {
        let l = letter(*kind).ok_or_else(|| internal(format!("kind {kind} is not a tile kind")))?;
        let tile = catalog
            .id(&l.to_string())
            .ok_or_else(|| internal(format!("tile {l} is not in the catalog")))?;
        let player = replay
            .players
            .get(seat)
            .map(|(n, _)| n.clone())
            .unwrap_or_default();
        let turn_number = turns.len() as u32 + 1;
        if !tracker.fits_somewhere(tile) {
            turns.push(ImportedTurn {
                player,
                tile: l.to_string(),
                placement: None,
                follower: None,
                claims: Vec::new(),
                comment: Some(format!(
                    "the {} tile drawn fits nowhere; the replay has no move for it",
                    ordinal(i)
                )),
                time: None,
            });
            continue;
        }
        let Some(mv) = moves.next() else {
            errors.push(replay.moves_part.error(
                "I207",
                replay.moves_part.text.chars().count(),
                format!(
                    "MOVES ends after {} turns, but the {} tile drawn ({l}) fits the board",
                    replay.moves.len(),
                    ordinal(i)
                ),
            ));
            return Err(errors);
        };
        let pos = Pos::new(mv.x, -mv.y);
        let rotation = bga::rotation(i64::from(*kind), mv.ori as i64 + 1)
            .ok_or_else(|| internal(format!("orientation {} is not a quarter turn", mv.ori)))?;
        if let Some(why) = tracker.misfit(tile, pos, rotation) {
            errors.push(replay.moves_part.error(
                "I206",
                mv.at,
                format!("turn {turn_number} does not fit: {why}"),
            ));
            return Err(errors);
        }
        let follower = match follower(*kind, l, catalog.def(tile), rotation, mv) {
            Ok(f) => f,
            Err(message) => {
                errors.push(replay.moves_part.error("I205", mv.at + 3, message));
                None
            }
        };
        tracker.place(tile, pos, rotation, turn_number);
        turns.push(ImportedTurn {
            player,
            tile: l.to_string(),
            placement: Some((pos, rotation)),
            follower,
            claims: Vec::new(),
            comment: None,
            time: None,
        });
        seat = (seat + 1) % seats;
    }
    if let Some(extra) = moves.next() {
        errors.push(replay.moves_part.error(
            "I207",
            extra.at,
            format!(
                "MOVES has {} turns, more than the stack's tiles that fit ({} tiles after the start tile)",
                replay.moves.len(),
                replay.stack.len().saturating_sub(1)
            ),
        ));
    }
    if errors.is_empty() {
        Ok(turns)
    } else {
        Err(errors)
    }
}

/// `3rd`, `21st`, …
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The follower of a move, as a spot of our tile as placed.
///
/// Replay URLs carry Board Game Arena's kinds, orientations and spot indices, so
/// the tables are those of `import::bga` (see `notation/import-bga.md`).
fn follower(
    platform_kind: u8,
    letter: char,
    def: &TileDef,
    rotation: Rotation,
    mv: &RawMove,
) -> Result<Option<Spot>, String> {
    if mv.spot == 0 {
        return Ok(None);
    }
    let (kind, spot) = bga::spot(
        i64::from(platform_kind),
        i64::from(mv.spot),
        mv.ori as i64 + 1,
    )
    .ok_or_else(|| format!("spot index {} names no feature of tile {letter}", mv.spot))?;
    canonical_spot(def, rotation, spot, kind)
        .map(Some)
        .map_err(|e| format!("spot index {} of tile {letter}: {e}", mv.spot))
}

/// One CSV record and the line it starts on (1-based).
type CsvRow = (usize, Vec<String>);

/// Splits CSV text into records (RFC 4180: quoted fields may hold commas, quotes
/// written twice and line breaks).
fn parse_csv(text: &str) -> Result<Vec<CsvRow>, ImportError> {
    let mut rows = Vec::new();
    let mut field = String::new();
    let mut row: Vec<String> = Vec::new();
    let mut line = 1usize;
    let mut row_line = 1usize;
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut quote_line = 0usize;
    let mut field_started = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if !field_started => {
                quoted = true;
                field_started = true;
                quote_line = line;
            }
            '"' => {
                return Err(ImportError {
                    code: "I209",
                    location: format!("line {line}"),
                    message: "a quote inside an unquoted field".to_string(),
                });
            }
            ',' => {
                row.push(std::mem::take(&mut field));
                field_started = false;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                row.push(std::mem::take(&mut field));
                field_started = false;
                rows.push((row_line, std::mem::take(&mut row)));
                line += 1;
                row_line = line;
            }
            _ => {
                field.push(c);
                field_started = true;
            }
        }
    }
    if quoted {
        return Err(ImportError {
            code: "I209",
            location: format!("line {quote_line}"),
            message: "a quoted field is not closed".to_string(),
        });
    }
    if field_started || !row.is_empty() {
        row.push(field);
        rows.push((row_line, row));
    }
    Ok(rows
        .into_iter()
        .filter(|(_, r)| !(r.len() == 1 && r.first().is_some_and(String::is_empty)))
        .collect())
}

/// Decodes a table of replays: a header line naming the columns, one game a line.
/// The `URL` column is required; `Game ID`, `Tournament`, `Edition`, `Round`,
/// `PlayerName1`, `PlayerName2`, `PlayerId1`, `PlayerId2` and `Date` are used when
/// present.
///
/// Returns the records of the rows that decode and the faults of the others (each
/// location starts with the line of the table).
pub fn import_csv(csv: &str) -> (Vec<GameRecord>, Vec<ImportError>) {
    let csv = super::without_bom(csv);
    let rows = match parse_csv(csv) {
        Ok(r) => r,
        Err(e) => return (Vec::new(), vec![e]),
    };
    let mut rows = rows.into_iter();
    let Some((_, header)) = rows.next() else {
        return (
            Vec::new(),
            vec![ImportError {
                code: "I209",
                location: "line 1".to_string(),
                message: "the table is empty".to_string(),
            }],
        );
    };
    let column = |name: &str| header.iter().position(|h| h.trim() == name);
    let Some(url_column) = column("URL") else {
        return (
            Vec::new(),
            vec![ImportError {
                code: "I209",
                location: "line 1".to_string(),
                message: "the table has no `URL` column".to_string(),
            }],
        );
    };
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for (line, row) in rows {
        if row.len() != header.len() {
            errors.push(ImportError {
                code: "I209",
                location: format!("line {line}"),
                message: format!(
                    "the line has {} fields; the header names {}",
                    row.len(),
                    header.len()
                ),
            });
            continue;
        }
        let get = |name: &str| {
            column(name)
                .and_then(|i| row.get(i))
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let url = row.get(url_column).map_or("", |u| u.trim());
        let meta = row_meta(&get);
        match import_with(url, &meta) {
            Ok(r) => records.push(r),
            Err(es) => errors.extend(es.into_iter().map(|e| ImportError {
                location: format!("line {line}, {}", e.location),
                ..e
            })),
        }
    }
    (records, errors)
}

/// The tags and notes a table row gives.
fn row_meta(get: &dyn Fn(&str) -> Option<String>) -> Meta {
    let mut meta = Meta {
        event: match (get("Tournament"), get("Edition")) {
            (Some(t), Some(e)) if e.contains(&t) => Some(e),
            (Some(t), Some(e)) => Some(format!("{t} {e}")),
            (t, e) => e.or(t),
        },
        round: get("Round"),
        ..Meta::default()
    };
    if let Some(d) = get("Date") {
        meta.date = iso_date(&d);
        meta.notes.push(format!("table date {d}"));
    }
    if let Some(id) = get("Game ID") {
        meta.source = Some(format!("bga {id}"));
    }
    let names: Vec<Option<String>> = vec![get("PlayerName1"), get("PlayerName2")];
    let ids: Vec<Option<String>> = vec![get("PlayerId1"), get("PlayerId2")];
    let mut id_notes = Vec::new();
    for (name, id) in names.iter().zip(&ids) {
        if let Some(n) = name {
            meta.listed_players.push(n.clone());
        }
        if let Some(id) = id {
            id_notes.push(match name {
                Some(n) => format!("{n} {id}"),
                None => id.clone(),
            });
        }
    }
    if !id_notes.is_empty() {
        meta.notes.push(format!(
            "Board Game Arena player ids: {}",
            id_notes.join(", ")
        ));
    }
    meta
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part<'a>(name: &'static str, text: &'a str) -> Part<'a> {
        Part {
            name,
            text,
            start: 0,
        }
    }

    #[test]
    fn the_encoders_examples_decode() {
        // The encoder's test vectors: kinds [15, 3, 4] pack to `B-z`; a move at
        // column 0, row 0, orientation 1 with spot 5 and one at column −1, row 2,
        // orientation 3 with no follower pack to `111523K0`.
        // Three tiles: a game stopped after two tiles drawn.
        assert_eq!(decode_stack(&part("STACK", "B-z")).unwrap(), [15, 3, 4]);
        let moves = decode_moves(&part("MOVES", "111523K0")).unwrap();
        let got: Vec<_> = moves.iter().map(|m| (m.x, m.y, m.ori, m.spot)).collect();
        assert_eq!(got, [(0, 0, 0, 5), (-1, 2, 2, 0)]);
    }

    #[test]
    fn stack_digits_are_base_24() {
        // 14·24² + 2·24 + 3 = 8115 = 1·64² + 62·64 + 51 → `B-z`.
        let mut number = vec![1u32, 62, 51];
        let mut kinds = Vec::new();
        while !number.is_empty() {
            let mut rest = 0;
            let mut q = Vec::new();
            for d in &number {
                let cur = rest * 64 + d;
                if !(q.is_empty() && cur / 24 == 0) {
                    q.push(cur / 24);
                }
                rest = cur % 24;
            }
            kinds.push(rest + 1);
            number = q;
        }
        kinds.reverse();
        assert_eq!(kinds, [15, 3, 4]);
    }

    #[test]
    fn ordinals() {
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
    }
}
