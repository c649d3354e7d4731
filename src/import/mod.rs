//! Importers: real game records in other formats, turned into CGN.
//!
//! Each importer reads its format, reports malformed input as [`ImportError`]s
//! (a code, where in the input, what is wrong), never invents a move, and keeps
//! whatever CGN cannot hold in comments. The output is a [`GameRecord`], written
//! with `notation::write`, so that `carcref check` referees the import.

pub mod bga;
pub mod input;
pub mod jcz;
pub mod kifu;
pub mod lab;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use crate::board::Pos;
use crate::header::COLOURS;
use crate::notation::{
    ActionRecord, ClaimRecord, EventRecord, FollowerSpec, GameRecord, Span, Spanned, TagRecord,
    TurnRecord,
};
use crate::tiles::{FeatureKind, Rotation, Spot, TileCatalog, TileDef};

/// Every code an importer reports, with a short name, in order: `I1xx` Board
/// Game Arena ([`bga`]), `I2xx` Carcassonne Lab ([`lab`]), `I3xx` score sheet
/// ([`kifu`]), `I4xx` JCloisterZone save ([`jcz`]). Each has a section in `notation/diagnostics.md` (printed by
/// `carcref explain CODE`). Codes are stable forever, as those of
/// [`crate::diagnostics::CODES`] are.
pub const CODES: &[(&str, &str)] = &[
    ("I101", "log-not-json"),
    ("I102", "malformed-log"),
    ("I103", "missing-field"),
    ("I104", "invalid-field"),
    ("I105", "unknown-tile-kind"),
    ("I106", "invalid-follower-spot"),
    ("I107", "misplaced-follower"),
    ("I108", "unsupported-figure"),
    ("I109", "unattributed-points"),
    ("I110", "invalid-discard"),
    ("I111", "no-turns"),
    ("I112", "invalid-player-name"),
    ("I113", "turn-after-final-scoring"),
    ("I114", "one-player-named"),
    ("I201", "not-a-replay-url"),
    ("I202", "invalid-stack-character"),
    ("I203", "invalid-stack"),
    ("I204", "malformed-moves"),
    ("I205", "invalid-spot-index"),
    ("I206", "placement-does-not-fit"),
    ("I207", "moves-stack-mismatch"),
    ("I208", "invalid-replay-players"),
    ("I209", "malformed-table"),
    ("I301", "sheet-not-json"),
    ("I302", "malformed-sheet"),
    ("I303", "invalid-tiles"),
    ("I304", "invalid-placement"),
    ("I305", "invalid-follower"),
    ("I306", "invalid-sheet-players"),
    ("I401", "save-not-json"),
    ("I402", "malformed-save"),
    ("I403", "missing-save-field"),
    ("I404", "invalid-save-field"),
    ("I405", "malformed-replay-turn"),
    ("I406", "expansion-not-refereed"),
    ("I407", "outside-the-rulebooks"),
    ("I408", "invalid-figure"),
    ("I409", "invalid-start"),
    ("I410", "unsupported-rule-option"),
    ("I411", "unsupported-assertion"),
];

/// The formats carcref imports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Format {
    /// A Board Game Arena notification log (JSON, one game): [`bga`].
    Bga,
    /// A table of Carcassonne Lab replay URLs (CSV, a game a row): [`lab`].
    Lab,
    /// A Japanese championship score sheet (JSON, one game): [`kifu`].
    Kifu,
    /// A JCloisterZone save (JSON, one game): [`jcz`].
    Jcz,
}

impl Format {
    /// The endings of the file names a folder is searched for, each also
    /// gzip-compressed: `json` for a Board Game Arena log and a score sheet,
    /// `csv` for a Carcassonne Lab table, `jcz` for a JCloisterZone save.
    pub fn suffixes(self) -> &'static [&'static str] {
        match self {
            Format::Bga | Format::Kifu => &["json", "json.gz"],
            Format::Lab => &["csv", "csv.gz"],
            Format::Jcz => &["jcz", "jcz.gz"],
        }
    }

    /// Imports the text of one input: the records read and the faults found
    /// (a table of Carcassonne Lab URLs has a record for each row that
    /// decodes and the faults of the others; the other formats hold one game,
    /// a record or its faults).
    pub fn import(self, text: &str) -> (Vec<GameRecord>, Vec<ImportError>) {
        let one = match self {
            Format::Lab => return lab::import_csv(text),
            Format::Bga => bga::import(text),
            Format::Kifu => kifu::import(text),
            Format::Jcz => jcz::import(text),
        };
        match one {
            Ok(record) => (vec![record], Vec::new()),
            Err(errors) => (Vec::new(), errors),
        }
    }
}

/// Writes an imported record as `carcref fmt` would: in canonical form
/// ([`crate::notation::write::canonical_with`]: the tags in their order, each
/// follower's spot by the first name of its feature), so that the output of
/// `carcref import` passes `carcref fmt --check`.
pub fn write_game(out: &mut String, record: &GameRecord) {
    use crate::notation::write;
    match catalog() {
        Some(catalog) => write::write_game(out, &write::canonical_with(record, catalog)),
        None => write::write_game(out, &write::canonical(record)),
    }
}

/// A fault in an imported record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// A stable code (`I1xx` Board Game Arena, `I2xx` Carcassonne Lab, `I3xx`
    /// score sheet), one of [`CODES`]; `notation/diagnostics.md` explains each.
    pub code: &'static str,
    /// Where: a JSON path (`data.data[3].data[0].args.x`), the line and column of
    /// text that is not JSON, or a part of a URL and a character position
    /// (`MOVES char 97`), after the line of a table (`line 3, MOVES char 97`).
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.code, self.location, self.message)
    }
}

impl std::error::Error for ImportError {}

/// An import fault: its code, where, and what is wrong.
pub(crate) fn error(
    code: &'static str,
    location: impl Into<String>,
    message: impl Into<String>,
) -> ImportError {
    ImportError {
        code,
        location: location.into(),
        message: message.into(),
    }
}

/// A text without the UTF-8 byte order mark it may start with (editors on
/// Windows write one; JSON and CSV readers do not expect it).
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// A tag pair for an imported record.
pub fn tag(name: &str, value: impl Into<String>) -> TagRecord {
    TagRecord {
        comments_before: Vec::new(),
        comment: None,
        name: sp(name.into()),
        value: sp(value.into().into()),
        span: Span::default(),
    }
}

/// A tag pair whose value comes from the source, as `carcref check` reads it
/// back, or the fault `code` at `location` (the field it comes from) where the
/// record cannot hold it. A `"` or a `\\` is escaped when the record is
/// written (SPEC 2.3, `tag_value`: the only escapes); the grammar has none
/// for a line feed, which ends the line, so a value holding a control
/// character is refused, as a player name holding one is
/// ([`name_problem`]), and so is a value that would make the tag's line
/// longer than a line may be (SPEC 2.1, `E110`).
pub(crate) fn source_tag(
    code: &'static str,
    location: impl Into<String>,
    name: &str,
    value: impl Into<String>,
) -> Result<TagRecord, ImportError> {
    let value = value.into();
    if let Some(c) = value.chars().find(|c| c.is_control()) {
        return Err(error(
            code,
            location,
            format!(
                "the {name} tag cannot hold the control character {} of this value",
                c.escape_debug()
            ),
        ));
    }
    // `[Name "value"]`, each `"` and `\\` of the value written with its escape.
    let escapes = value.chars().filter(|c| matches!(c, '"' | '\\')).count();
    let line = name.len() + value.len() + escapes + 5;
    if line > crate::notation::MAX_LINE {
        return Err(error(
            code,
            location,
            format!(
                "the {name} tag would be a line of {line} bytes; a line holds at most {} (E110)",
                crate::notation::MAX_LINE
            ),
        ));
    }
    Ok(tag(name, value))
}

/// The tags of a record whose values come from the source, made with
/// [`source_tag`], and the faults of those the record cannot hold: every one
/// is reported, not only the first.
#[derive(Debug, Default)]
pub(crate) struct SourceTags {
    faults: Vec<ImportError>,
}

impl SourceTags {
    /// The tag ([`source_tag`]), or `None` with its fault kept.
    pub(crate) fn tag(
        &mut self,
        code: &'static str,
        location: impl Into<String>,
        name: &str,
        value: impl Into<String>,
    ) -> Option<TagRecord> {
        match source_tag(code, location, name, value) {
            Ok(t) => Some(t),
            Err(e) => {
                self.faults.push(e);
                None
            }
        }
    }

    /// Every fault kept, if there is one.
    pub(crate) fn done(self) -> Result<(), Vec<ImportError>> {
        if self.faults.is_empty() {
            Ok(())
        } else {
            Err(self.faults)
        }
    }
}

/// A comment of an imported record (a note on what CGN cannot hold), its
/// text as the source gives it but for its control characters, written as
/// escapes (`\\n`, `\\u{1b}`): a line feed would end the comment's line,
/// and a comment has no meaning for the referee (SPEC 2.11).
pub(crate) fn comment(text: impl Into<String>) -> crate::notation::Comment {
    let text: String = text.into();
    let text = if text.chars().any(char::is_control) {
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_debug().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        text
    };
    crate::notation::Comment::new(text)
}

/// An imported record as it is written, or the fault `code` where it would
/// not be read back: a line longer than a line may be (a comment or a turn
/// holding long text of the source, `E110`) or a game larger than a game may
/// be (`E111`, SPEC 2.1). The tags are checked as they are made
/// ([`source_tag`]); this is the last word on the whole.
pub(crate) fn within_limits(
    record: GameRecord,
    code: &'static str,
) -> Result<GameRecord, ImportError> {
    let mut text = String::new();
    write_game(&mut text, &record);
    if let Some((i, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.len() > crate::notation::MAX_LINE)
    {
        return Err(error(
            code,
            "the record",
            format!(
                "written, its line {} would be {} bytes; a line holds at most {} (E110)",
                i + 1,
                line.len(),
                crate::notation::MAX_LINE
            ),
        ));
    }
    if text.len() > crate::notation::MAX_GAME {
        return Err(error(
            code,
            "the record",
            format!(
                "written, the game would be {} bytes; a game holds at most {} (E111)",
                text.len(),
                crate::notation::MAX_GAME
            ),
        ));
    }
    Ok(record)
}

/// One imported turn, in notation terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedTurn {
    /// Player name.
    pub player: String,
    /// Tile id (A–X).
    pub tile: String,
    /// `None` for a discard.
    pub placement: Option<(Pos, Rotation)>,
    /// Follower spot, if any.
    pub follower: Option<Spot>,
    /// Score claims: (player, points this turn, running total if known).
    pub claims: Vec<(String, u32, Option<u32>)>,
    /// A comment (what CGN cannot hold).
    pub comment: Option<String>,
    /// The time the player spent on the turn, in seconds, where the source
    /// tells it (written as the turn's `@time` event).
    pub time: Option<u32>,
}

/// Builds a record from tags and turns (numbered 1, 2, 3, …).
pub fn record(tags: Vec<TagRecord>, turns: Vec<ImportedTurn>) -> GameRecord {
    let turns = turns
        .into_iter()
        .enumerate()
        .map(|(i, t)| TurnRecord {
            comments_before: Vec::new(),
            number: sp(i as u32 + 1),
            player: sp(t.player.into()),
            tile: sp(t.tile.into()),
            action: sp(match t.placement {
                Some((pos, rotation)) => ActionRecord::Place {
                    pos: sp(pos),
                    rotation: sp(rotation),
                },
                None => ActionRecord::Discard,
            }),
            follower: t.follower.map(|spot| FollowerSpec {
                figure: None,
                spot: sp(spot),
                span: Span::default(),
            }),
            steps: Vec::new(),
            events: t
                .time
                .map(|s| EventRecord {
                    name: sp("time".into()),
                    args: Some(sp(s.to_string().into())),
                    span: Span::default(),
                })
                .into_iter()
                .collect(),
            claims: t
                .claims
                .into_iter()
                .map(|(player, points, total)| ClaimRecord {
                    negative: false,
                    player: sp(player.into()),
                    pawn: None,
                    points: sp(points),
                    total: total.map(sp),
                    space: None,
                    span: Span::default(),
                })
                .collect(),
            comment: t.comment.map(|c| sp(comment(c))),
            span: Span::default(),
        })
        .collect();
    GameRecord {
        tags,
        turns,
        trailing_comments: Vec::new(),
        span: Span::default(),
    }
}

/// Puts notes (what the source has that CGN cannot hold) as comment lines before
/// the first turn, or after the tags of a game with no turns.
pub fn with_notes(mut record: GameRecord, notes: Vec<String>) -> GameRecord {
    let comments: Vec<Spanned<crate::notation::Comment>> =
        notes.into_iter().map(|n| sp(comment(n))).collect();
    match record.turns.first_mut() {
        Some(first) => {
            let mut all = comments;
            all.append(&mut first.comments_before);
            first.comments_before = all;
        }
        None => record.trailing_comments.extend(comments),
    }
    record
}

/// The catalog built into carcref, read once.
pub(crate) fn catalog() -> Option<&'static TileCatalog> {
    static CATALOG: OnceLock<Option<TileCatalog>> = OnceLock::new();
    CATALOG
        .get_or_init(|| TileCatalog::embedded().ok())
        .as_ref()
}

/// The canonical name of the feature a spot names on a placed tile (the first spot
/// name, in the notation's order, of the same segment), checking its kind.
pub(crate) fn canonical_spot(
    def: &TileDef,
    rotation: Rotation,
    spot: Spot,
    kind: FeatureKind,
) -> Result<Spot, String> {
    let segment = spot
        .segment(def, rotation)
        .ok_or_else(|| format!("{} {rotation} has no feature at {spot}", def.id))?;
    let found = def
        .segment(segment)
        .map(|s| s.kind)
        .ok_or_else(|| format!("{} has no segment {segment}", def.id))?;
    if found != kind {
        return Err(format!(
            "{} {rotation} has a {found} at {spot}, not a {kind}",
            def.id
        ));
    }
    Ok(Spot::all()
        .find(|s| s.segment(def, rotation) == Some(segment))
        .unwrap_or(spot))
}

/// The CGN colour for a colour name of a source, if there is one.
pub(crate) fn colour_name(name: &str) -> Option<&'static str> {
    let lower = name.trim().to_ascii_lowercase();
    let lower = if lower == "gray" {
        "grey".to_string()
    } else {
        lower
    };
    COLOURS.iter().copied().find(|c| *c == lower)
}

/// Why a player name cannot be written in a Players tag, if it cannot.
pub(crate) fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        Some("a player has no name".to_string())
    } else if name.trim() != name {
        Some(format!("player name {name:?} has white space at its ends"))
    } else if name.contains(['(', ')', '"', ',']) || name.chars().any(char::is_control) {
        Some(format!(
            "player name {name:?} holds a character the Players tag cannot hold"
        ))
    } else {
        None
    }
}

/// The Players tag value: `Name (colour), …`.
pub(crate) fn players_value(players: &[(String, Option<&'static str>)]) -> String {
    players
        .iter()
        .map(|(name, colour)| match colour {
            Some(c) => format!("{name} ({c})"),
            None => name.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The basic game's tile counts by letter, the start tile included.
pub(crate) fn basic_counts(catalog: &TileCatalog) -> BTreeMap<char, usize> {
    catalog
        .set("basic")
        .filter_map(|(_, d)| Some((d.id.chars().next()?, usize::from(d.count))))
        .collect()
}

/// An ISO 8601 date or date-time (`2023-03-30T19:00:00.000Z`) as a CGN date
/// (`2023.03.30`).
pub(crate) fn iso_date(value: &str) -> Option<String> {
    let d = value.get(..10)?;
    let b = d.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    if digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10)
    {
        Some(format!(
            "{}.{}.{}",
            d.get(..4)?,
            d.get(5..7)?,
            d.get(8..10)?
        ))
    } else {
        None
    }
}
