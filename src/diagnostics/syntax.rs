//! The syntax's faults as diagnostics: each [`SyntaxError`] of the notation
//! becomes the [`Diagnostic`] of the same name, and a game read from text
//! ([`ReadGame`]) becomes a [`Parsed`] game, its faults diagnostics beside the
//! ones the readers above the notation add (a text that is not UTF-8, not CGN).

use super::{Diagnostic, MAX_FAULTS};
use crate::notation::{GameRecord, ReadGame, SyntaxError};

impl From<SyntaxError> for Diagnostic {
    fn from(e: SyntaxError) -> Diagnostic {
        match e {
            SyntaxError::MalformedTag { span, expected } => {
                Diagnostic::MalformedTag { span, expected }
            }
            SyntaxError::MalformedTurn { span, expected } => {
                Diagnostic::MalformedTurn { span, expected }
            }
            SyntaxError::InvalidPosition { span, reason } => {
                Diagnostic::InvalidPosition { span, reason }
            }
            SyntaxError::InvalidRotation { span } => Diagnostic::InvalidRotation { span },
            SyntaxError::InvalidSpot { span, spot } => Diagnostic::InvalidSpot { span, spot },
            SyntaxError::MalformedClaim { span, expected } => {
                Diagnostic::MalformedClaim { span, expected }
            }
            SyntaxError::UnterminatedComment { span } => Diagnostic::UnterminatedComment { span },
            SyntaxError::NoGame { span } => Diagnostic::NoGame { span },
            SyntaxError::LineTooLong { span, limit } => Diagnostic::LineTooLong { span, limit },
            SyntaxError::GameTooLong { span, limit } => Diagnostic::GameTooLong { span, limit },
            SyntaxError::FaultsNotListed { span, count } => Diagnostic::FaultsNotListed {
                span,
                count,
                limit: MAX_FAULTS,
            },
        }
    }
}

/// One game read from text: the record and the faults found in reading it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parsed {
    /// The record (lines that failed to parse are left out).
    pub record: GameRecord,
    /// Syntax faults, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether a line left unread for its length (`E110`) is one the game
    /// needs to be replayed ([`crate::notation::parse::replay_needs_line`]),
    /// or the game itself was too long to read.
    pub needs_unread_line: bool,
}

impl Parsed {
    /// Whether any fault is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Whether the record read can be replayed (SPEC 2.1): it has no syntax
    /// error other than lines too long to read (`E110`) that the game does
    /// not need, a comment, blank or descriptive tag line
    /// ([`crate::notation::parse::replay_needs_line`]). Such a game is
    /// replayed without them, and its own faults are reported beside theirs.
    pub fn is_replayable(&self) -> bool {
        !self.needs_unread_line
            && self
                .diagnostics
                .iter()
                .all(|d| !d.is_error() || matches!(d, Diagnostic::LineTooLong { .. }))
    }
}

impl From<ReadGame> for Parsed {
    fn from(read: ReadGame) -> Parsed {
        Parsed {
            record: read.record,
            diagnostics: read.errors.into_iter().map(Diagnostic::from).collect(),
            needs_unread_line: read.needs_unread_line,
        }
    }
}

/// Reads every game of a text ([`crate::notation::read`]), its syntax faults
/// as diagnostics. An input with no game yields one [`Parsed`] with an `E108`
/// diagnostic.
pub fn parse(src: &str) -> Vec<Parsed> {
    crate::notation::read(src)
        .into_iter()
        .map(Parsed::from)
        .collect()
}

/// Reads one game whose text starts at byte `base` of the whole input
/// ([`crate::notation::read_game`]), its syntax faults as diagnostics.
pub fn parse_game(text: &str, base: usize) -> Parsed {
    crate::notation::read_game(text, base).into()
}
