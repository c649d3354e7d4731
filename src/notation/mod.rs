//! CGN, the Carcassonne Game Notation: the syntax tree of a record as written.
//!
//! This module implements `notation/SPEC.md` (the folder of the same name at the top
//! of the project holds the spec and the data). Everything here is *unvalidated*:
//! a [`GameRecord`] says what the text says, with the [`Span`] of every token; the
//! engine (`crate::rules`) decides whether it is legal.

pub mod header;
pub mod parse;
pub mod quick;
pub mod write;

use std::fmt;

use crate::board::Pos;
use crate::tiles::{Rotation, Spot};

pub use header::{Header, PlayerSpec, ResultClaim, Termination};
pub use parse::{Parsed, parse, parse_game, split_games};

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
    /// The figure placed, if any.
    pub follower: Option<FollowerSpec>,
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

/// A score claim `=Name+points` or `=Name+points/total`.
#[derive(Debug, Clone)]
pub struct ClaimRecord {
    /// Who scores.
    pub player: Spanned<Name>,
    /// Points scored this turn.
    pub points: Spanned<u32>,
    /// The running total after this turn, if announced.
    pub total: Option<Spanned<u32>>,
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

eq_ignoring_spans!(GameRecord: tags, turns, trailing_comments);
eq_ignoring_spans!(TagRecord: comments_before, comment, name, value);
eq_ignoring_spans!(TurnRecord: comments_before, number, player, tile, action, follower, events, claims, comment);
eq_ignoring_spans!(EventRecord: name, args);
eq_ignoring_spans!(FollowerSpec: figure, spot);
eq_ignoring_spans!(ClaimRecord: player, points, total);
