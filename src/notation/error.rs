//! The faults the syntax finds ([`SyntaxError`]): one for each way a line or a
//! game fails to read, with the span of the text at fault and what was
//! expected there. They say what the text says and nothing of the rules; the
//! diagnostics above the notation give each its stable code, message and help.

use super::Span;

/// The most faults one game keeps; the others are counted in one last fault
/// ([`SyntaxError::FaultsNotListed`]), so that a game's faults take bounded
/// room whatever its text holds.
pub const MAX_FAULTS: usize = 10_000;

/// A fault of the syntax, with the span of the text concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A line starting with `[` is not a well-formed tag pair.
    #[error("malformed tag")]
    MalformedTag {
        /// Where it went wrong.
        span: Span,
        /// What was expected there.
        expected: String,
    },
    /// A turn line (or a line that is neither a tag, a turn nor a comment)
    /// does not follow the turn grammar.
    #[error("malformed turn")]
    MalformedTurn {
        /// Where it went wrong.
        span: Span,
        /// What was expected there.
        expected: String,
    },
    /// Coordinates that are not two integers in range.
    #[error("invalid position")]
    InvalidPosition {
        /// The coordinates.
        span: Span,
        /// Why they are invalid.
        reason: String,
    },
    /// A rotation other than r0, r90, r180 or r270.
    #[error("invalid rotation")]
    InvalidRotation {
        /// The rotation.
        span: Span,
    },
    /// A follower spot that is not a spot name.
    #[error("invalid spot")]
    InvalidSpot {
        /// The spot.
        span: Span,
        /// The spot as written.
        spot: String,
    },
    /// A score claim that does not follow the claim grammar.
    #[error("malformed score claim")]
    MalformedClaim {
        /// Where it went wrong.
        span: Span,
        /// What was expected.
        expected: String,
    },
    /// A `{` comment not closed on its line.
    #[error("unterminated comment")]
    UnterminatedComment {
        /// The comment.
        span: Span,
    },
    /// A text with no tag pair and no turn.
    #[error("no game found")]
    NoGame {
        /// The whole text.
        span: Span,
    },
    /// A line longer than a line may be ([`super::MAX_LINE`]): it is not read.
    #[error("line too long")]
    LineTooLong {
        /// The line (its start, where the game is not read at all).
        span: Span,
        /// The most bytes a line may have.
        limit: usize,
    },
    /// A game longer than a game may be ([`super::MAX_GAME`]): it is not read.
    #[error("game too long")]
    GameTooLong {
        /// The game's first line.
        span: Span,
        /// The most bytes a game may have.
        limit: usize,
    },
    /// More faults than a game keeps ([`MAX_FAULTS`]): how many more.
    #[error("faults not listed: {count}")]
    FaultsNotListed {
        /// The first fault not listed.
        span: Span,
        /// How many.
        count: usize,
    },
}

impl SyntaxError {
    /// The span of the text at fault.
    pub fn span(&self) -> Span {
        match self {
            SyntaxError::MalformedTag { span, .. }
            | SyntaxError::MalformedTurn { span, .. }
            | SyntaxError::InvalidPosition { span, .. }
            | SyntaxError::InvalidRotation { span }
            | SyntaxError::InvalidSpot { span, .. }
            | SyntaxError::MalformedClaim { span, .. }
            | SyntaxError::UnterminatedComment { span }
            | SyntaxError::NoGame { span }
            | SyntaxError::LineTooLong { span, .. }
            | SyntaxError::GameTooLong { span, .. }
            | SyntaxError::FaultsNotListed { span, .. } => *span,
        }
    }

    /// Whether the fault keeps the text from being read as written: every
    /// fault but the count of those not listed.
    pub fn is_error(&self) -> bool {
        !matches!(self, SyntaxError::FaultsNotListed { .. })
    }
}

/// The syntax errors of one game as they are found: the first [`MAX_FAULTS`]
/// kept, the others counted.
#[derive(Debug, Clone, Default)]
pub(crate) struct Errors {
    kept: Vec<SyntaxError>,
    more: usize,
    first_more: Span,
}

impl Errors {
    /// Adds a fault.
    pub(crate) fn push(&mut self, e: SyntaxError) {
        if self.kept.len() < MAX_FAULTS {
            self.kept.push(e);
        } else {
            if self.more == 0 {
                self.first_more = e.span();
            }
            self.more += 1;
        }
    }

    /// The faults kept, and a last one counting the others if there are any.
    pub(crate) fn into_vec(mut self) -> Vec<SyntaxError> {
        if self.more > 0 {
            self.kept.push(SyntaxError::FaultsNotListed {
                span: self.first_more,
                count: self.more,
            });
        }
        self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_past_the_limit_are_counted_in_one() {
        let mut errors = Errors::default();
        for i in 0..MAX_FAULTS + 3 {
            errors.push(SyntaxError::InvalidRotation {
                span: Span::new(i, i + 1),
            });
        }
        let errors = errors.into_vec();
        assert_eq!(errors.len(), MAX_FAULTS + 1);
        assert_eq!(
            errors.last(),
            Some(&SyntaxError::FaultsNotListed {
                span: Span::new(MAX_FAULTS, MAX_FAULTS + 1),
                count: 3,
            })
        );
        assert!(errors.iter().filter(|e| !e.is_error()).count() == 1);
    }
}
