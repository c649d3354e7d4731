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

#[cfg(test)]
mod tests {
    use super::parse;

    fn codes(src: &str) -> Vec<String> {
        parse(src)
            .into_iter()
            .flat_map(|p| p.diagnostics)
            .map(|d| d.code())
            .collect()
    }

    #[test]
    fn each_fault_has_its_code() {
        assert_eq!(codes("[Event \"x\"\n"), ["E101"]);
        assert_eq!(codes("[P \"x\"]\n1 Alice V 1,0 r90\n"), ["E102"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 1;0 r90\n"), ["E103"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 99999999999,0 r90\n"), ["E103"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 1,0 r45\n"), ["E104"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 1,0 r90 +Q\n"), ["E105"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 1,0 r90 =Alice3\n"), ["E106"]);
        assert_eq!(codes("[P \"x\"]\n1. Alice V 1,0 r90 { oops\n"), ["E107"]);
        assert_eq!(codes(""), ["E108"]);
    }

    #[test]
    fn every_bad_line_is_reported() {
        let src = "[P \"x\"]\n1. A V 1,0 r45\n2. B V 2,0 r90\n3. A V x\n";
        assert_eq!(codes(src), ["E104", "E103"]);
    }

    #[test]
    fn spans_point_at_the_token() {
        let src = "[P \"x\"]\n1. Alice V 1,0 r45\n";
        let p = parse(src);
        let d = &p[0].diagnostics[0];
        assert_eq!(&src[d.span().start..d.span().end], "r45");
    }

    #[test]
    fn a_pawn_or_a_space_is_a_fault_of_version_1_and_checked_in_version_2() {
        let codes = |src: &str| -> Vec<String> {
            parse(src)[0].diagnostics.iter().map(|d| d.code()).collect()
        };
        let v1 = "[CGN \"1\"]\n1. Ann V 1,0 r0 ";
        assert_eq!(codes(&format!("{v1}=Ann(marker)+3\n")), ["E106"]);
        assert_eq!(codes(&format!("{v1}=Ann+3@3\n")), ["E102"]);
        let v2 = "[CGN \"2\"]\n1. Ann V 1,0 r0 ";
        for bad in [
            "=Ann(markr)+3",
            "=Ann(Marker)+3",
            "=Ann(marker+3",
            "=Ann()+3",
            "=Ann+3@50",
            "=Ann+3/3@",
            "=Ann+3@x",
            "=Ann-3/3@99",
        ] {
            assert_eq!(codes(&format!("{v2}{bad}\n")), ["E106"], "{bad}");
        }
    }

    #[test]
    fn version_1_reads_by_its_own_grammar() {
        // In a game tagged version 1, every token of version 2 is the fault it
        // always was.
        for (line, code) in [
            ("1. Ann U 1,0 r0 thief", "E102"),
            ("1. Ann U aside", "E103"),
            ("1. Ann U 1,0 r0 +1,0/E", "E105"),
            ("1. Ann U 1,0 r0 =Ann-3", "E106"),
        ] {
            let src = format!("[CGN \"1\"]\n{line}\n");
            assert_eq!(codes(&src), [code], "{line}");
            let src = format!("[CGN \"2\"]\n{line}\n");
            assert!(codes(&src).is_empty(), "{line}: {:?}", codes(&src));
        }
        // A name ending in digits after a hyphen is still a name before `+`.
        let parsed = parse("1. Ann U 1,0 r0 =Ann-3+4\n");
        assert_eq!(parsed[0].record.turns[0].claims[0].player.value, "Ann-3");
        assert_eq!(parsed[0].record.turns[0].claims[0].net(), 4);
    }
}
