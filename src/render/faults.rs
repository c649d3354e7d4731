//! The faults of a game as diagnostics, in the formats of `carcref check
//! --format`: the human report (miette's graphical report of each fault, with
//! the excerpt of the source its labels point into), `short` (one
//! `file:line:col: CODE message` line a fault), JSON lines
//! ([`super::faults_json`]) and GitHub Actions annotations.

use std::collections::BTreeMap;

use miette::{GraphicalReportHandler, GraphicalTheme};

use super::source::{Excerpt, MAX_TEXT, SourceView, shown_text};
use crate::diagnostics::Diagnostic;
use crate::referee::Outcome;

/// How to print diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiagnosticFormat {
    /// miette's graphical report.
    #[default]
    Human,
    /// `file:line:col: CODE message`.
    Short,
    /// One JSON object per diagnostic per line.
    Json,
    /// GitHub Actions `::error` annotations.
    Github,
}

/// Options of the renderers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    /// Diagnostic format.
    pub format: DiagnosticFormat,
    /// Whether to use colour.
    pub color: bool,
    /// Line width of the human format.
    pub width: usize,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            format: DiagnosticFormat::Human,
            color: false,
            width: 80,
        }
    }
}

/// The message with the primary label's text, for one-line formats: text from
/// the record escaped and cut (see [`shown_text`]), so that it stays one line.
pub(super) fn one_line(d: &Diagnostic) -> String {
    use miette::Diagnostic as _;
    let label = d
        .labels()
        .and_then(|mut l| l.next())
        .and_then(|l| l.label().map(str::to_string));
    let message = shown_text(&d.to_string(), MAX_TEXT);
    match label {
        Some(l) if !l.is_empty() => format!("{message}: {}", shown_text(&l, MAX_TEXT)),
        _ => message,
    }
}

/// Renders the diagnostics of an outcome.
pub fn render_diagnostics(outcome: &Outcome, options: &RenderOptions) -> String {
    let mut out = String::new();
    let view = SourceView::new(&outcome.name, &outcome.src, 0, 0);
    for (g, game) in outcome.games.iter().enumerate() {
        render_game(&mut out, &view, g, &game.diagnostics, options);
    }
    out
}

/// Reports shown in the human format for one line; the others of that line are
/// counted in one note (the other formats list each).
pub const REPORTS_PER_LINE: usize = 3;

/// GitHub's escapes for the message of a workflow command: `%`, CR and LF.
fn github_message(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub's escapes for a property of a workflow command (`file=`, `title=`):
/// those of a message, and `:` and `,`.
fn github_property(text: &str) -> String {
    github_message(text).replace(':', "%3A").replace(',', "%2C")
}

/// Renders the diagnostics of one game (`game` is its 0-based index in its
/// file). The output grows with the number of diagnostics, not with the
/// length of the lines they point into: the human format shows a window of
/// each line (see [`Excerpt`]) and at most [`REPORTS_PER_LINE`] reports a line.
pub fn render_game(
    out: &mut impl std::fmt::Write,
    view: &SourceView<'_>,
    game: usize,
    diagnostics: &[Diagnostic],
    options: &RenderOptions,
) {
    match options.format {
        DiagnosticFormat::Human if diagnostics.is_empty() => {}
        DiagnosticFormat::Human => {
            let theme = if options.color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            let handler = GraphicalReportHandler::new_themed(theme)
                .with_width(options.width)
                .with_links(false);
            // How many faults each line holds, and how many of them are shown.
            let lines: Vec<usize> = diagnostics
                .iter()
                .map(|d| view.line_of(d.span().start))
                .collect();
            let mut on_line: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
            for (d, line) in diagnostics.iter().zip(&lines) {
                if !matches!(d, Diagnostic::FaultsNotListed { .. }) {
                    on_line.entry(*line).or_default().0 += 1;
                }
            }
            for (d, line) in diagnostics.iter().zip(&lines) {
                let Some((total, shown)) = on_line.get_mut(line) else {
                    continue;
                };
                // The count of faults not listed is always shown.
                let counts = matches!(d, Diagnostic::FaultsNotListed { .. });
                *shown += usize::from(!counts);
                if *shown <= REPORTS_PER_LINE || counts {
                    let _ = handler.render_report(out, &Report::new(view, d));
                } else if *shown == REPORTS_PER_LINE + 1 {
                    let more = *total - REPORTS_PER_LINE;
                    let _ = writeln!(
                        out,
                        "\n  … and {more} more {} on line {} of {}, not shown here \
                         (`--format short` lists each)",
                        if more == 1 { "fault" } else { "faults" },
                        line + 1,
                        shown_text(view.name, MAX_TEXT),
                    );
                }
            }
        }
        DiagnosticFormat::Short => {
            for d in diagnostics {
                let (line, col) = view.line_col(d.span().start);
                let _ = writeln!(
                    out,
                    "{}:{line}:{col}: {} {}",
                    view.name,
                    d.code(),
                    one_line(d)
                );
            }
        }
        DiagnosticFormat::Github => {
            for d in diagnostics {
                let (line, col) = view.line_col(d.span().start);
                let _ = writeln!(
                    out,
                    "::{} file={},line={line},col={col},title={}::{}",
                    d.severity_name(),
                    github_property(view.name),
                    github_property(&d.code()),
                    github_message(&one_line(d))
                );
            }
        }
        DiagnosticFormat::Json => {
            for d in diagnostics {
                let _ = writeln!(out, "{}", super::faults_json::diagnostic(view, game, d));
            }
        }
    }
}

/// One diagnostic as the human format shows it: its message, labels and help
/// with the record's text escaped and cut, and the excerpt of the source its
/// labels point into. Our [`Diagnostic`] carries spans only; the source is
/// attached here, at the edge.
#[derive(Debug)]
pub struct Report<'a> {
    diagnostic: &'a Diagnostic,
    message: String,
    help: Option<String>,
    excerpt: Excerpt,
    labels: Vec<miette::LabeledSpan>,
}

impl<'a> Report<'a> {
    /// The report of a diagnostic pointing into a view.
    pub fn new(view: &SourceView<'_>, diagnostic: &'a Diagnostic) -> Report<'a> {
        use miette::Diagnostic as _;
        let labels: Vec<miette::LabeledSpan> = diagnostic
            .labels()
            .map(Iterator::collect)
            .unwrap_or_default();
        let (excerpt, labels) = Excerpt::new(view, &labels);
        Report {
            diagnostic,
            message: shown_text(&diagnostic.to_string(), MAX_TEXT),
            help: diagnostic
                .help()
                .map(|h| shown_text(&h.to_string(), 2 * MAX_TEXT)),
            excerpt,
            labels,
        }
    }
}

impl std::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::code(self.diagnostic)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.excerpt)
    }
}
