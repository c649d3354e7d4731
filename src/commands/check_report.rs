//! Where `check`'s verdicts go: the one place between the referee's
//! diagnostics and every renderer. Each game's diagnostics are filtered by
//! the file's selection (`--select`, `--ignore`, carcref.toml), the game is
//! judged valid or not on what is left, and what is left is written: as it
//! is found in the streamed formats (human, short, JSON lines, GitHub
//! annotations), or gathered into one document written when the run ends
//! (SARIF, JUnit).

use std::io::Write;
use std::path::Path;

use super::select::{Selection, Selections};
use crate::cli::CheckFormat;
use crate::diagnostics::Diagnostic;
use crate::render::junit::JunitReport;
use crate::render::sarif::{RuleText, SarifLog};
use crate::render::{DiagnosticFormat, RenderOptions, SourceView, render_game};

/// A document gathered over the run.
#[derive(Debug)]
enum Document {
    /// None: each game's diagnostics are written as they are found.
    Streamed,
    /// A SARIF log.
    Sarif(SarifLog),
    /// A JUnit report.
    Junit(JunitReport),
}

/// The verdicts of a run, as they are written.
#[derive(Debug)]
pub(super) struct Reporter {
    /// The options of the streamed formats.
    pub options: RenderOptions,
    document: Document,
    selections: Selections,
    /// The selection of the file being read.
    selection: Selection,
}

impl Reporter {
    /// A reporter writing `format`.
    pub fn new(format: CheckFormat, color: bool, selections: Selections) -> Reporter {
        let (streamed, document) = match format {
            CheckFormat::Human => (DiagnosticFormat::Human, Document::Streamed),
            CheckFormat::Short => (DiagnosticFormat::Short, Document::Streamed),
            CheckFormat::Json => (DiagnosticFormat::Json, Document::Streamed),
            CheckFormat::Github => (DiagnosticFormat::Github, Document::Streamed),
            CheckFormat::Sarif => (DiagnosticFormat::Short, Document::Sarif(SarifLog::new())),
            CheckFormat::Junit => (DiagnosticFormat::Short, Document::Junit(JunitReport::new())),
        };
        Reporter {
            options: RenderOptions {
                format: streamed,
                color,
                width: 80,
            },
            document,
            selection: selections.for_file(Path::new("")).into_owned(),
            selections,
        }
    }

    /// Starts a file (`path` as found, `name` as shown): its selection.
    pub fn file(&mut self, path: &Path, name: &str) {
        self.selection = self.selections.for_file(path).into_owned();
        if let Document::Junit(report) = &mut self.document {
            report.file(name);
        }
    }

    /// Reports a game's diagnostics (`index`: its 0-based place in its file)
    /// and tells whether it is valid: whether no diagnostic reported fails
    /// it.
    pub fn game(
        &mut self,
        out: &mut impl std::fmt::Write,
        view: &SourceView<'_>,
        index: usize,
        diagnostics: &[Diagnostic],
    ) -> bool {
        let kept = self.selection.filter(diagnostics);
        let valid = !kept.iter().any(|d| self.selection.fails(d));
        match &mut self.document {
            Document::Streamed => {
                if !kept.is_empty() {
                    render_game(out, view, index, &kept, &self.options);
                }
            }
            Document::Sarif(log) => log.game(view, index, &kept),
            Document::Junit(report) => report.game(view, index, &kept, !valid),
        }
        valid
    }

    /// Notes a file that cannot be read in the document, if it has a place
    /// for one (the JUnit report: an error of the file's suite).
    pub fn unreadable(&mut self, name: &str, message: &str) {
        if let Document::Junit(report) = &mut self.document {
            report.unreadable(name, message);
        }
    }

    /// Writes the document gathered, if any.
    pub fn finish(self, out: &mut impl Write) {
        match self.document {
            Document::Streamed => {}
            Document::Sarif(log) => {
                let log = log.finish(rule_text);
                let _ = writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&log).unwrap_or_default()
                );
            }
            Document::Junit(report) => {
                let _ = out.write_all(report.finish().as_bytes());
            }
        }
    }
}

/// What the diagnostics catalogue says of a code.
fn rule_text(code: &str) -> RuleText<'static> {
    RuleText {
        name: crate::diagnostics::CODES
            .iter()
            .find(|(c, _)| *c == code)
            .map_or("", |(_, name)| name),
        section: super::explain::explanation(code).unwrap_or(""),
    }
}
