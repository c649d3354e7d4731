//! The faults of one game as they are found, kept up to a bound.

use super::Diagnostic;
use crate::notation::Span;

/// The most faults one game keeps; the others are counted in one warning
/// (`W102`), so that a game's faults take bounded room whatever its text holds.
/// The syntax keeps as many of its own.
pub use crate::notation::error::MAX_FAULTS;

/// The faults of one game as they are found: the first [`MAX_FAULTS`] kept, the
/// others counted.
#[derive(Debug, Clone, Default)]
pub struct Faults {
    kept: Vec<Diagnostic>,
    more: usize,
    first_more: Span,
}

impl Faults {
    /// No faults yet.
    pub fn new() -> Faults {
        Faults::default()
    }

    /// Adds a fault. A count of faults not listed (from faults gathered
    /// before, such as a game's syntax faults) is added to this one's count.
    pub fn push(&mut self, d: Diagnostic) {
        if let Diagnostic::FaultsNotListed { span, count, .. } = d {
            if self.more == 0 {
                self.first_more = span;
            }
            self.more += count;
        } else if self.kept.len() < MAX_FAULTS {
            self.kept.push(d);
        } else {
            if self.more == 0 {
                self.first_more = d.span();
            }
            self.more += 1;
        }
    }

    /// Whether a fault kept is an error (a game with faults not kept has
    /// [`MAX_FAULTS`] kept, errors among them).
    pub fn has_errors(&self) -> bool {
        self.kept.iter().any(Diagnostic::is_error)
    }

    /// The faults kept, and a warning counting the others if there are any.
    pub fn into_vec(mut self) -> Vec<Diagnostic> {
        if self.more > 0 {
            self.kept.push(Diagnostic::FaultsNotListed {
                span: self.first_more,
                count: self.more,
                limit: MAX_FAULTS,
            });
        }
        self.kept
    }
}

impl Extend<Diagnostic> for Faults {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for d in iter {
            self.push(d);
        }
    }
}
