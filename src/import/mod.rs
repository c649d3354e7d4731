//! Importers: real game records in other formats, turned into CGN.
//!
//! Each importer reads its format, reports malformed input as [`ImportError`]s
//! (a code, where in the input, what is wrong), never invents a move, and keeps
//! whatever CGN cannot hold in comments. The output is a [`GameRecord`], written
//! with `notation::write`, so that `carcref check` referees the import.

pub mod bga;
pub mod kifu;
pub mod lab;

use std::fmt;

use crate::board::Pos;
use crate::notation::{
    ActionRecord, ClaimRecord, FollowerSpec, GameRecord, Span, Spanned, TagRecord, TurnRecord,
};
use crate::tiles::{Rotation, Spot};

/// A fault in an imported record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// A stable code (`I1xx` Board Game Arena, `I2xx` Carcassonne Lab, `I3xx`
    /// score sheet); see `notation/diagnostics.md`.
    pub code: &'static str,
    /// Where: a JSON path (`data.data[3].data[0].args.x`) or a URL position.
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
            claims: t
                .claims
                .into_iter()
                .map(|(player, points, total)| ClaimRecord {
                    player: sp(player.into()),
                    points: sp(points),
                    total: total.map(sp),
                    span: Span::default(),
                })
                .collect(),
            comment: t.comment.map(|c| sp(crate::notation::Comment::new(c))),
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
    let comments: Vec<Spanned<crate::notation::Comment>> = notes
        .into_iter()
        .map(|n| sp(crate::notation::Comment::new(n)))
        .collect();
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
