//! The JSON documents of the commands (`--format json`): one shape per
//! command, each with a `version` field, described by a JSON Schema in
//! `notation/schemas/` and explained in `notation/json.md`.
//!
//! Version [`VERSION`] is a promise: a document of a version keeps every field
//! it has; fields may be added to it, and a change that removes or changes the
//! meaning of a field comes with a new version.

use serde::Serialize;
use serde_json::{Value, json};

use super::{SourceView, severity};
use crate::diagnostics::Diagnostic;
use crate::files::{InputProblem, ProblemKind};
use crate::import::ImportError;
use crate::tiles::{Rotation, Side, Spot, TileDef, picture::picture};

/// The version of every JSON document carcref writes.
pub const VERSION: u32 = 1;

/// A document with its version first: `{"version": 1, …the document's
/// fields}`.
#[derive(Debug, Clone, Serialize)]
pub struct Versioned<T> {
    /// Always [`VERSION`].
    pub version: u32,
    /// The document.
    #[serde(flatten)]
    pub document: T,
}

impl<T> Versioned<T> {
    /// A document of the current version.
    pub fn new(document: T) -> Versioned<T> {
        Versioned {
            version: VERSION,
            document,
        }
    }
}

/// A span as JSON: its byte offsets in the file, and the line and column
/// (1-based, columns in characters) of its start.
fn place(view: &SourceView<'_>, start: usize, end: usize) -> (Value, usize, usize) {
    let (line, column) = view.line_col(start);
    (json!({"start": start, "end": end}), line, column)
}

/// One diagnostic of `check --format json` (`game`: the game's 0-based index
/// in its file): its primary label as `span`, `line`, `column` and `label`,
/// and its other labels (such as the earlier turn a fault conflicts with) in
/// `labels`.
pub fn diagnostic(view: &SourceView<'_>, game: usize, d: &Diagnostic) -> Value {
    let mut labels = miette::Diagnostic::labels(d)
        .map(Iterator::collect::<Vec<_>>)
        .unwrap_or_default()
        .into_iter();
    let primary = labels.next();
    let span = d.span();
    let (primary_span, line, column) = place(view, span.start, span.end);
    let secondary: Vec<Value> = labels
        .map(|l| {
            let (span, line, column) = place(view, l.offset(), l.offset() + l.len());
            json!({
                "span": span,
                "line": line,
                "column": column,
                "message": l.label(),
            })
        })
        .collect();
    json!({
        "version": VERSION,
        "type": "diagnostic",
        "file": view.name,
        "game": game + 1,
        "line": line,
        "column": column,
        "span": primary_span,
        "code": d.code(),
        "severity": severity(d),
        "message": d.to_string(),
        "label": primary.and_then(|l| l.label().map(str::to_string)),
        "labels": secondary,
        "help": miette::Diagnostic::help(d).map(|h| h.to_string()),
    })
}

/// The name of a kind of file problem in JSON.
fn problem_name(kind: ProblemKind) -> &'static str {
    match kind {
        ProblemKind::Unreadable => "unreadable",
        ProblemKind::NotRegular => "not-regular",
        ProblemKind::NoRecords => "no-records",
    }
}

/// A path that could not be read, or was left out: a line of
/// `check --format json` (and of `import --format json`'s errors).
pub fn file_problem(problem: &InputProblem) -> Value {
    json!({
        "version": VERSION,
        "type": "file",
        "file": problem.path.display().to_string(),
        "severity": if problem.is_error() { "error" } else { "warning" },
        "problem": problem_name(problem.kind),
        "message": problem.message,
    })
}

/// A file that could not be read (opened, or read to its end): as
/// [`file_problem`] gives it.
pub fn unreadable(file: &str, message: &str) -> Value {
    file_problem(&InputProblem {
        path: file.into(),
        kind: ProblemKind::Unreadable,
        message: message.to_string(),
    })
}

/// An import error, a line of `import --format json`'s errors (`file`: the
/// file it was read from, if any).
pub fn import_error(file: Option<&str>, e: &ImportError) -> Value {
    json!({
        "version": VERSION,
        "type": "import-error",
        "file": file,
        "code": e.code,
        "location": e.location,
        "message": e.message,
    })
}

/// `explain --format json`: a code's section of `notation/diagnostics.md`
/// (`section`: from its `## CODE title` heading on) as its code, its title
/// and its text (Markdown).
pub fn explanation(section: &str) -> Value {
    let (heading, text) = section.split_once('\n').unwrap_or((section, ""));
    let heading = heading.trim_start_matches('#').trim();
    let (code, title) = heading.split_once(' ').unwrap_or((heading, ""));
    json!({
        "version": VERSION,
        "code": code,
        "title": title.trim(),
        "text": text.trim(),
    })
}

/// The sides of an edge bit set (bit per [`Side`], clockwise from north).
fn sides(bits: u8) -> Vec<String> {
    Side::ALL
        .into_iter()
        .filter(|s| bits & s.bit() != 0)
        .map(|s| s.to_string())
        .collect()
}

/// A tile kind of the catalog as JSON (`rotations`: with its picture at each
/// rotation too).
fn tile(def: &TileDef, rotations: bool) -> Value {
    let segments: Vec<Value> = def
        .segments
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = u8::try_from(i).ok();
            let spots: Vec<String> = Spot::all()
                .filter(|spot| id.is_some() && spot.segment(def, Rotation::R0) == id)
                .map(|spot| spot.to_string())
                .collect();
            let mut v = json!({"kind": s.kind, "spots": spots});
            if let Some(m) = v.as_object_mut() {
                for (flag, on) in [
                    ("banner", s.banner),
                    ("inn", s.inn),
                    ("cathedral", s.cathedral),
                ] {
                    if on {
                        m.insert(flag.to_string(), Value::Bool(true));
                    }
                }
                if let Some(g) = s.goods {
                    m.insert("goods".to_string(), json!(g));
                }
            }
            v
        })
        .collect();
    let edges: serde_json::Map<String, Value> = Side::ALL
        .into_iter()
        .zip(def.edges)
        .map(|(s, e)| (s.to_string(), Value::String(e.to_string())))
        .collect();
    let mut v = json!({
        "id": def.id,
        "name": def.name,
        "set": def.set,
        "count": def.count,
        "edges": edges,
        "segments": segments,
        "picture": picture(def, Rotation::R0),
    });
    if let Some(m) = v.as_object_mut() {
        if let Some(jcz) = &def.jcz {
            m.insert("jcz".to_string(), json!(jcz));
        }
        if def.river != 0 {
            m.insert("river".to_string(), json!(sides(def.river)));
        }
        if rotations {
            let pictures: serde_json::Map<String, Value> = Rotation::ALL
                .into_iter()
                .map(|r| (r.to_string(), json!(picture(def, r))))
                .collect();
            m.insert("rotations".to_string(), Value::Object(pictures));
        }
    }
    v
}

/// `tiles --format json`: the catalog's tile kinds (or the one asked for, with
/// its picture at every rotation).
pub fn tiles<'a>(defs: impl IntoIterator<Item = &'a TileDef>, one: bool) -> Value {
    let tiles: Vec<Value> = defs.into_iter().map(|d| tile(d, one)).collect();
    json!({"version": VERSION, "tiles": tiles})
}

/// The illegal turn that stopped a replay, as JSON documents show it.
#[derive(Debug, Clone, Serialize)]
pub struct Stopped {
    /// The turn, as the record numbers it.
    pub turn: u32,
    /// The fault's code.
    pub code: String,
    /// The fault's message.
    pub message: String,
    /// The line of the file the fault points at (1-based).
    pub line: usize,
}

/// `show --format json`: the board of one game after a turn.
#[derive(Debug, Clone, Serialize)]
pub struct ShowDocument {
    /// The file the game was read from (`-`: standard input).
    pub file: String,
    /// The game's place in its file (1-based).
    pub game: usize,
    /// The rules edition the game is played by.
    pub rules: String,
    /// The last turn played on the board shown (0: only the start tile).
    pub position_after: u32,
    /// `valid`, or `invalid` when an illegal turn stopped the replay before
    /// the turn asked for.
    pub status: &'static str,
    /// For a faulty record, what the human format's first line says: where
    /// the position is and which turn is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The illegal turn that stopped the replay, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
    /// The board.
    #[serde(flatten)]
    pub board: crate::show::BoardView,
}

/// A figure a placement allows, as `moves --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct MoveFigure {
    /// Its kind.
    pub figure: crate::figures::Figure,
    /// The spot it may stand on.
    pub spot: String,
    /// The kind of feature that spot belongs to.
    pub feature: crate::tiles::FeatureKind,
}

/// A legal placement, as `moves --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct Placement {
    /// The square, `x,y`.
    pub at: String,
    /// The rotation, `r0` to `r270`.
    pub rotation: String,
    /// The figures the player may place with it, each on a spot.
    pub figures: Vec<MoveFigure>,
    /// With The Tower: the tower pieces legal with this placement only (a
    /// piece on the tile placed, when it has a tower place), with their
    /// captures.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tower_pieces: Vec<TowerPieceMove>,
    /// With The Princess & the Dragon: the knights the princess may send
    /// home with this placement (its city joining theirs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub princess: Vec<KnightMove>,
    /// Whether the princess must send one of [`Placement::princess`] home
    /// (no other figure that turn).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub princess_required: bool,
    /// With The Princess & the Dragon: the fairy's moves legal with this
    /// placement only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fairy: Vec<FairyMove>,
    /// With a magic portal: the followers it may put on earlier tiles with
    /// this placement only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub portal: Vec<PortalMove>,
    /// With a dragon tile, the dragon on the board: the first moves of its
    /// journey open with this placement.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dragon: Vec<DragonStepMove>,
    /// With a flying machine: for each face of the die, where the flight
    /// goes and where it can land.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flights: Vec<FlightMove>,
    /// With Mage & Witch, on a magic tile or a tile joining the pawns'
    /// features: the pawn steps open with this placement, as a record writes
    /// them (`mage:0,1/N`, `witch:-`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub magic: Vec<String>,
    /// With The Ferries: the ferry steps open with this placement, as a
    /// record writes them: on a lake tile each new ferry, alone and followed
    /// by each first move it allows (`ferry:EW`, `ferry:EW ferry:1,0/SW`); on
    /// another tile each first move (`ferry:1,0/SW`). A move may be followed
    /// by others; none is due.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ferries: Vec<String>,
}

/// A flight from a flying machine with one face of the die, as `moves
/// --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlightMove {
    /// The die's face, 1 to 3.
    pub die: u8,
    /// The square it reaches, `x,y`.
    pub to: String,
    /// Where it can land there, each as a record writes the flight and its
    /// landing (`fly:2 +0,0/N`, `fly:2 +big:0,0/N`); none: it comes back,
    /// written `fly:2` alone.
    pub landings: Vec<String>,
}

/// A knight the princess may send home, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnightMove {
    /// Its square, `x,y`.
    pub at: String,
    /// Its spot.
    pub spot: String,
    /// Its owner.
    pub player: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`princess:0,1/N(Ann)`).
    pub written: String,
}

/// A tile (with `fairy-next-follower`, a follower) the fairy may be moved
/// to, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FairyMove {
    /// The tile's square, `x,y`.
    pub at: String,
    /// With `fairy-next-follower`: the spot of the follower it goes next to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot: Option<String>,
    /// The action as a record writes it (`+fairy:-1,0`).
    pub written: String,
}

/// A follower the magic portal may put on an earlier tile, as `moves
/// --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PortalMove {
    /// The tile's square, `x,y`.
    pub at: String,
    /// The spot.
    pub spot: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`+0,-1/NNW`, `+big:0,-1/C`).
    pub written: String,
}

/// A first move of the dragon's journey, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DragonStepMove {
    /// The direction: `N`, `E`, `S` or `W`.
    pub direction: String,
    /// The square it moves to, `x,y`.
    pub to: String,
    /// The player who moves it (the turn's player, for the first move).
    pub player: String,
    /// The action as a record writes it (`dragon:N`).
    pub written: String,
}

/// The Princess & the Dragon in a turn, as `moves --format json` lists it:
/// where the figures stand, and the actions legal with every placement of
/// the tile (those legal with some only are listed with them).
#[derive(Debug, Clone, Serialize)]
pub struct DragonMoves {
    /// The dragon's square, or `null` before the first volcano.
    pub dragon: Option<String>,
    /// The fairy's square, or `null` before it is first placed.
    pub fairy: Option<String>,
    /// Whether the tile drawn is set aside (a dragon tile before the first
    /// volcano: `aside` is the turn's only action).
    pub set_aside: bool,
    /// The fairy's moves legal with every placement.
    pub fairy_moves: Vec<FairyMove>,
    /// With a magic portal: the followers it may put on earlier tiles, with
    /// every placement.
    pub portal: Vec<PortalMove>,
}

/// A prisoner a tower piece can take, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaptureMove {
    /// The square it stands on, `x,y`.
    pub at: String,
    /// Its spot there, or `T`: the guard on the tower of that square.
    pub spot: String,
    /// Its owner.
    pub player: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// Which of the turn player's followers comes back in the exchange the
    /// capture causes (`follower` or `big`), if it causes one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<crate::figures::Figure>,
    /// The actions as a record writes them after the piece
    /// (`capture:1,0/E`, `capture:1,0/E exchange:big`).
    pub written: String,
}

/// A tower piece the player may build, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TowerPieceMove {
    /// The square of the tower or empty tower place, `x,y`.
    pub at: String,
    /// The tower's height with the piece.
    pub height: u8,
    /// The action as a record writes it (`+tower:1,1/T`, `+tower:T`).
    pub written: String,
    /// Every prisoner within its reach it may take (or none: a capture is
    /// optional).
    pub captures: Vec<CaptureMove>,
}

/// A follower the player may put on top of a tower, closing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClosingMove {
    /// The tower's square, `x,y`.
    pub at: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`+1,1/T`, `+big:1,1/T`).
    pub written: String,
}

/// One of the player's followers the player may buy back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RansomMove {
    /// Who holds it, and is paid.
    pub jailer: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The points paid.
    pub points: u32,
    /// The action as a record writes it (`ransom:follower(Bob)`).
    pub written: String,
}

/// The Tower's actions of a turn, as `moves --format json` lists them: those
/// legal with every placement of the tile (the tower pieces legal with some
/// only are listed with those placements).
#[derive(Debug, Clone, Serialize)]
pub struct TowerMoves {
    /// Tower pieces the player has left.
    pub pieces_in_hand: u8,
    /// Tower pieces on the towers and empty tower places of the board.
    pub pieces: Vec<TowerPieceMove>,
    /// Followers closing a tower.
    pub closings: Vec<ClosingMove>,
    /// Ransoms: once a turn, before or after the turn's figure.
    pub ransoms: Vec<RansomMove>,
}

/// Why a drawn tile has no legal placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoPlacement {
    /// A river tile that cannot continue the river (`E309`).
    RiverBlocked,
    /// The tile fits nowhere and is discarded.
    FitsNowhere,
    /// A dragon tile drawn before the first volcano: it is set aside
    /// (The Princess & the Dragon).
    SetAside,
}

/// `moves --format json`: every legal placement of the tile a turn draws.
#[derive(Debug, Clone, Serialize)]
pub struct MovesDocument {
    /// The file the game was read from (`-`: standard input).
    pub file: String,
    /// The game's place in its file (1-based).
    pub game: usize,
    /// The turn whose tile is placed.
    pub turn: u32,
    /// The player whose turn it is.
    pub player: String,
    /// The tile drawn: its id.
    pub tile: String,
    /// The tile's description.
    pub tile_name: String,
    /// Followers (small and large) the player has in supply.
    pub followers_in_hand: u8,
    /// Why there is no placement, when there is none: `river-blocked` (a
    /// river tile that cannot continue the river), `fits-nowhere` (the
    /// tile is discarded) or `set-aside` (a dragon tile before the first
    /// volcano).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub none: Option<NoPlacement>,
    /// Every legal placement: squares and rotations in board order.
    pub placements: Vec<Placement>,
    /// With The Tower: its actions open to the player besides the placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower: Option<TowerMoves>,
    /// With The Princess & the Dragon: the dragon, the fairy and the
    /// actions open to the player besides the placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub princess_and_dragon: Option<DragonMoves>,
    /// With a crop circle on the tile, placed as the record writes the turn:
    /// what each player can do under either effect once the turn is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crop_circle: Option<CircleMoves>,
    /// With The Robbers: the robbers on the scoreboard, and after a bag
    /// tile who may place or move one, beside whose markers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robbers: Option<RobberMoves>,
    /// With The Messengers: each player's pawns, the messages drawn so far
    /// and the top of the stack once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messengers: Option<MessengerMoves>,
}

/// The messengers and the message stack, as `moves --format json` lists
/// them (The Messengers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessengerMoves {
    /// Each player's pawns: the points of the marker and of the messenger.
    pub pawns: crate::report::OrderedMap<[u32; 2]>,
    /// The messages drawn first, in the order drawn: the stack's order.
    pub stack: Vec<u8>,
    /// How many messages have been drawn.
    pub drawn: u32,
    /// The message on top of the stack, once every message has been drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top: Option<u8>,
    /// The tiles message 7 still gives the player to move.
    #[serde(skip_serializing_if = "crate::report::json::is_zero_u8")]
    pub extra_tiles: u8,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// The robbers, as `moves --format json` lists them (The Robbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RobberMoves {
    /// Each robber on the scoreboard: its owner and the space it stands on.
    pub on_scoreboard: crate::report::OrderedMap<u32>,
    /// After a bag tile, each player who may place or move his robber, in
    /// the order they write them: the acts open to him (empty without a
    /// bag).
    pub placements: Vec<RobberTurn>,
}

/// One player's robber placements open after a bag tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RobberTurn {
    /// The player.
    pub player: String,
    /// Each placement as written: `robber:Name`, `robber:Name(Robber)`.
    pub written: Vec<String>,
}

/// A crop circle's effects after the turn as written, as `moves --format
/// json` lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CircleMoves {
    /// The followers it designates: `farmers`, `thieves` or `knights`.
    pub followers: String,
    /// Effect A (`circle:add`): each player who can act, in order.
    pub add: Vec<CircleTurn>,
    /// Effect B (`circle:remove`): each player who must act, in order.
    pub remove: Vec<CircleTurn>,
}

/// One player's actions open under a crop circle's effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CircleTurn {
    /// The player.
    pub player: String,
    /// Each action as a record writes it (`add:0,1/N(Green)`,
    /// `pass(Green)`, `remove:0,1/N(Green)`).
    pub written: Vec<String>,
}
