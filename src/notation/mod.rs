//! CGN, the Carcassonne Game Notation: the syntax tree of a record as written.
//!
//! This module implements `notation/SPEC.md` (the folder of the same name at the top
//! of the project holds the spec and the data). Everything here is *unvalidated*:
//! a [`GameRecord`] says what the text says, with the [`Span`] of every token; the
//! engine decides above it whether it is legal.

pub mod act;
pub mod error;
pub mod lex;
#[cfg(test)]
mod mix;
pub mod parse;
pub mod quick;
pub mod tags;
pub mod turn_input;
pub mod write;

use std::fmt;

use crate::board::Pos;
use crate::tiles::{Half, Rotation, Side, Spot};

pub use error::SyntaxError;
pub use parse::{ReadGame, read, read_game, split_games};
pub use turn_input::TurnInput;

/// The longest line a record may hold, in bytes, without its line end (SPEC
/// 2.1). A longer line is reported (`E110`) and not read.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest game a record may hold, in bytes (SPEC 2.1). A longer game is
/// reported (`E111`) and not read; a file is not read past it.
pub const MAX_GAME: usize = 1024 * 1024;

/// A short text of a record (a player name, a tile id, a tag): held inline when
/// short, as nearly all are, so reading a record allocates little.
pub type Name = compact_str::CompactString;

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, serde::Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A value with the span of the text it was read from. Equality ignores the span,
/// so that a record read back from its canonical form equals the original.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// A spanned value.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: fmt::Display> fmt::Display for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// How a comment was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentStyle {
    /// `{ text }`, closed on the same line.
    Brace,
    /// `; text` to the end of the line.
    Line,
}

/// A comment: its text (trimmed) and how it was written. Comments never change a
/// record's meaning; they are kept so that rewriting a record loses nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The text between the delimiters, trimmed.
    pub text: String,
    /// The delimiters.
    pub style: CommentStyle,
}

impl Comment {
    /// A `{ … }` comment (or `; …` if the text holds a `}`). The text is trimmed,
    /// as reading a comment trims it, so that a written comment reads back the
    /// same.
    pub fn new(text: impl Into<String>) -> Comment {
        let text: String = text.into();
        let text = text.trim().to_string();
        let style = if text.contains('}') {
            CommentStyle::Line
        } else {
            CommentStyle::Brace
        };
        Comment { text, style }
    }
}

impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.style, self.text.is_empty()) {
            (CommentStyle::Line, true) => f.write_str(";"),
            (CommentStyle::Line, false) => write!(f, "; {}", self.text),
            (CommentStyle::Brace, true) => f.write_str("{}"),
            (CommentStyle::Brace, false) => write!(f, "{{ {} }}", self.text),
        }
    }
}

/// One game as written: its tag pairs and its turns.
#[derive(Debug, Clone, Default)]
pub struct GameRecord {
    /// Tag pairs in the order written (unknown tags included).
    pub tags: Vec<TagRecord>,
    /// The turns in the order written.
    pub turns: Vec<TurnRecord>,
    /// Comment lines after the last turn (or after the tags, in a game with no turns).
    pub trailing_comments: Vec<Spanned<Comment>>,
    /// The whole game's text.
    pub span: Span,
}

impl GameRecord {
    /// The first tag with a name.
    pub fn tag(&self, name: &str) -> Option<&TagRecord> {
        self.tags.iter().find(|t| t.name.value == name)
    }
}

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone)]
pub struct TagRecord {
    /// Comment lines written just before this tag.
    pub comments_before: Vec<Spanned<Comment>>,
    /// A comment at the end of the line.
    pub comment: Option<Spanned<Comment>>,
    /// The tag name.
    pub name: Spanned<Name>,
    /// The value, unescaped.
    pub value: Spanned<Name>,
    /// The whole tag.
    pub span: Span,
}

/// One turn line.
#[derive(Debug, Clone)]
pub struct TurnRecord {
    /// Comment lines written just before this turn.
    pub comments_before: Vec<Spanned<Comment>>,
    /// The turn number.
    pub number: Spanned<u32>,
    /// The player, as named in the Players tag.
    pub player: Spanned<Name>,
    /// The tile drawn, by catalog id.
    pub tile: Spanned<Name>,
    /// Where it went, or a discard.
    pub action: Spanned<ActionRecord>,
    /// The figure placed on the tile just placed, when it is the turn's first
    /// action (version 1's one figure).
    pub follower: Option<FollowerSpec>,
    /// The turn's other actions, in the order written (version 2, SPEC 2.14).
    /// The turn's whole list of actions is `follower` followed by these; see
    /// [`TurnRecord::actions`].
    pub steps: Vec<StepRecord>,
    /// Expansion events (`@name` or `@name:args`), in written order.
    pub events: Vec<EventRecord>,
    /// Points announced for this turn.
    pub claims: Vec<ClaimRecord>,
    /// A comment at the end of the line.
    pub comment: Option<Spanned<Comment>>,
    /// The whole line.
    pub span: Span,
}

/// What a turn did with its tile, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionRecord {
    /// `x,y rN`.
    Place {
        /// The square.
        pos: Spanned<Pos>,
        /// The rotation.
        rotation: Spanned<Rotation>,
    },
    /// `discard`.
    Discard,
    /// `aside`: the tile is set aside to be shuffled back later (version 2).
    Aside,
}

/// Where an action puts or finds a figure (SPEC 2.14, `target`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The square, when written (`x,y/SPOT` or `x,y`); without it, the tile
    /// placed this turn.
    pub pos: Option<Spanned<Pos>>,
    /// The place on that tile, when written (`SPOT`, `x,y/SPOT`); without it,
    /// the whole tile.
    pub place: Option<Spanned<Place>>,
}

/// A place on a tile a figure can stand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A feature, named by a spot.
    Spot(Spot),
    /// The tile's tower (`T`, The Tower).
    Tower,
    /// Two road ends of a tile, by the edges they reach (`EW`, `NE`): where a
    /// ferry joins two roads across a lake (The Ferries). The pair has no
    /// order: the reader keeps it in canonical order ([`Place::ends`]),
    /// whichever order it was written in.
    Ends(Side, Side),
}

impl Place {
    /// The place a word of one letter names: the tower, the centre or a
    /// side (`dragon:W`, the commonest argument of an act).
    #[inline(always)]
    pub fn from_letter(c: u8) -> Option<Place> {
        Some(match c {
            b'T' => Place::Tower,
            b'C' => Place::Spot(Spot::Centre),
            b'N' => Place::Spot(Spot::Edge(Side::North)),
            b'E' => Place::Spot(Spot::Edge(Side::East)),
            b'S' => Place::Spot(Spot::Edge(Side::South)),
            b'W' => Place::Spot(Spot::Edge(Side::West)),
            _ => return None,
        })
    }

    /// The place a word names: `T`, a spot, or two edge letters (`NS`,
    /// `WE`) naming two road ends.
    #[inline]
    pub fn from_word(word: &str) -> Option<Place> {
        // By length: one letter is the tower, the centre or a side, two are
        // road ends, three a half-edge.
        let side = |c: u8| match c {
            b'N' => Some(Side::North),
            b'E' => Some(Side::East),
            b'S' => Some(Side::South),
            b'W' => Some(Side::West),
            _ => None,
        };
        match *word.as_bytes() {
            [c] => Place::from_letter(c),
            [a, b] => {
                let (a, b) = (side(a)?, side(b)?);
                if a == b {
                    return None;
                }
                let (a, b) = Place::ends(a, b);
                Some(Place::Ends(a, b))
            }
            _ => word
                .parse::<Half>()
                .ok()
                .map(|h| Place::Spot(Spot::Half(h))),
        }
    }

    /// Two road ends in canonical order: `NS` and `EW` for ends across the
    /// tile, the compass name of the corner for ends beside each other (`NE`,
    /// `SE`, `SW`, `NW`).
    pub fn ends(a: Side, b: Side) -> (Side, Side) {
        let vertical = |s: Side| matches!(s, Side::North | Side::South);
        match (vertical(a), vertical(b)) {
            (true, true) => (Side::North, Side::South),
            (false, false) => (Side::East, Side::West),
            (true, false) => (a, b),
            (false, true) => (b, a),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Spot(s) => s.fmt(f),
            Place::Tower => f.write_str("T"),
            Place::Ends(a, b) => write!(f, "{a}{b}"),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.pos, &self.place) {
            (Some(p), Some(place)) => write!(f, "{},{}/{}", p.value.x, p.value.y, place.value),
            (Some(p), None) => write!(f, "{},{}", p.value.x, p.value.y),
            (None, Some(place)) => place.value.fmt(f),
            (None, None) => Ok(()),
        }
    }
}

/// One action of a turn after its tile (SPEC 2.14, `step`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepRecord {
    /// `+[figure:]target`: a figure put on the board.
    Figure(FigureStep),
    /// `verb[:arg][(player)]`: any other action.
    Act(ActRecord),
}

impl StepRecord {
    /// The whole token.
    pub fn span(&self) -> Span {
        match self {
            StepRecord::Figure(f) => f.span,
            StepRecord::Act(a) => a.span,
        }
    }
}

/// A figure put on the board: `+[figure:]target`.
#[derive(Debug, Clone)]
pub struct FigureStep {
    /// The figure name, if not the plain follower.
    pub figure: Option<Spanned<Name>>,
    /// Where it goes.
    pub target: Target,
    /// The whole token.
    pub span: Span,
}

/// An action other than putting a figure: `verb[:arg][(player)]`.
#[derive(Debug, Clone)]
pub struct ActRecord {
    /// What is done.
    pub verb: Spanned<Name>,
    /// Its argument, if any.
    pub arg: Option<Spanned<ActArg>>,
    /// The player in parentheses, if written: an owner, the other party of a
    /// transfer, or the actor, as the verb says.
    pub player: Option<Spanned<Name>>,
    /// The whole token.
    pub span: Span,
}

/// The argument of an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActArg {
    /// A figure (by kind, when named) at a target; a bare `N`, `E`, `S` or
    /// `W` is also a direction.
    At {
        /// The figure name, if written.
        figure: Option<Spanned<Name>>,
        /// Where.
        target: Target,
    },
    /// A figure by its kind alone (`follower`, `big`): a prisoner to
    /// ransom, the follower chosen in an exchange.
    Kind(Name),
    /// A number: a die face, a message tile.
    Number(u32),
    /// `-`: nothing.
    Nothing,
    /// A player by name (`robber:Bob`, The Robbers: the robber goes beside
    /// Bob's marker). The argument of a verb that names a player
    /// ([`lex::verb_names_player`]) is always one, read by the one rule for
    /// a player's name (`robber:"Ann Lee"`, `robber:0`); another verb's is a
    /// quoted name, or a bare word that reads as no other argument.
    Player(Name),
}

/// A figure placed on the tile: `+N`, or `+figure:N` for expansion figures.
#[derive(Debug, Clone)]
pub struct FollowerSpec {
    /// The figure name, if not the plain follower.
    pub figure: Option<Spanned<Name>>,
    /// The spot.
    pub spot: Spanned<Spot>,
    /// The whole token.
    pub span: Span,
}

/// An expansion event `@name` or `@name:args`, e.g. `@goods:wine+1` (SPEC,
/// section 6). The expansion that defines the name reads the arguments.
#[derive(Debug, Clone)]
pub struct EventRecord {
    /// The event name.
    pub name: Spanned<Name>,
    /// The arguments after the colon, if any.
    pub args: Option<Spanned<Name>>,
    /// The whole token.
    pub span: Span,
}

/// A score claim `=Name+points` or `=Name+points/total`, naming a pawn
/// (`=Name(marker)+points`) or the space a pawn stands on (`…@space`) in
/// version 2.
#[derive(Debug, Clone)]
pub struct ClaimRecord {
    /// Who scores.
    pub player: Spanned<Name>,
    /// The pawn the claim is about (version 2): its points and total are
    /// then that pawn's.
    pub pawn: Option<Spanned<crate::pawn::Pawn>>,
    /// Points scored this turn (lost, when `negative`).
    pub points: Spanned<u32>,
    /// Whether the claim is written `=Name-points`: a net loss (version 2).
    pub negative: bool,
    /// The running total after this turn, if announced.
    pub total: Option<Spanned<u32>>,
    /// The space of the scoreboard the pawn stands on after this turn (the
    /// named pawn, else the marker), if announced (version 2): 0 to 49.
    pub space: Option<Spanned<u32>>,
    /// The whole token.
    pub span: Span,
}

/// Implements equality over the listed fields only: the spans of a record say where
/// it was written, not what it says, so they take no part in equality.
macro_rules! eq_ignoring_spans {
    ($t:ty: $($field:ident),*) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                true $(&& self.$field == other.$field)*
            }
        }
        impl Eq for $t {}
    };
}

impl TurnRecord {
    /// The turn's actions in the order written: its version 1 figure, then
    /// its steps.
    pub fn actions(&self) -> impl Iterator<Item = StepRef<'_>> {
        self.follower
            .iter()
            .map(StepRef::Follower)
            .chain(self.steps.iter().map(StepRef::Step))
    }

    /// Whether the turn needs version 2 of the notation: a step, `aside`, a
    /// negative claim, or a claim naming a pawn or a space.
    pub fn needs_version_2(&self) -> bool {
        self.version_2_span().is_some()
    }

    /// The first token of the turn that needs version 2 of the notation.
    pub fn version_2_span(&self) -> Option<Span> {
        if self.action.value == ActionRecord::Aside {
            return Some(self.action.span);
        }
        if let Some(s) = self.steps.first() {
            return Some(s.span());
        }
        self.claims
            .iter()
            .find(|c| c.negative || c.pawn.is_some() || c.space.is_some())
            .map(|c| c.span)
    }
}

impl ClaimRecord {
    /// The points claimed, with their sign.
    pub fn net(&self) -> i64 {
        let p = i64::from(self.points.value);
        if self.negative { -p } else { p }
    }
}

/// One action of a turn, as [`TurnRecord::actions`] lists them.
#[derive(Debug, Clone, Copy)]
pub enum StepRef<'a> {
    /// The version 1 figure on the tile just placed.
    Follower(&'a FollowerSpec),
    /// A step.
    Step(&'a StepRecord),
}

eq_ignoring_spans!(GameRecord: tags, turns, trailing_comments);
eq_ignoring_spans!(TagRecord: comments_before, comment, name, value);
eq_ignoring_spans!(TurnRecord: comments_before, number, player, tile, action, follower, steps, events, claims, comment);
eq_ignoring_spans!(EventRecord: name, args);
eq_ignoring_spans!(FollowerSpec: figure, spot);
eq_ignoring_spans!(ClaimRecord: player, pawn, points, negative, total, space);
eq_ignoring_spans!(FigureStep: figure, target);
eq_ignoring_spans!(ActRecord: verb, arg, player);

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Place::from_word`] as it was first written, word by word.
    fn place_by_words(word: &str) -> Option<Place> {
        if word == "T" {
            return Some(Place::Tower);
        }
        if let Ok(spot) = word.parse::<Spot>() {
            return Some(Place::Spot(spot));
        }
        let (a, b) = word.split_at_checked(1)?;
        let (a, b) = (a.parse::<Side>().ok()?, b.parse::<Side>().ok()?);
        if a == b {
            return None;
        }
        let (a, b) = Place::ends(a, b);
        Some(Place::Ends(a, b))
    }

    #[test]
    fn places_are_read_by_length_as_by_words() {
        let letters = ["", "N", "E", "S", "W", "C", "T", "X", "n", "é", "1"];
        let mut read = 0;
        for a in letters {
            for b in letters {
                for c in letters {
                    for d in ["", "N", "W"] {
                        let word = format!("{a}{b}{c}{d}");
                        let place = Place::from_word(&word);
                        assert_eq!(place, place_by_words(&word), "{word:?}");
                        read += usize::from(place.is_some());
                    }
                }
            }
        }
        // T, C, the four sides, the eight half-edges and the twelve pairs of
        // ends, each written once, and each with as many empty words.
        assert!(read > 26, "{read}");
    }
}
