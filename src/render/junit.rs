//! The verdicts of a run as a JUnit XML report (`check --format junit`), the
//! test report CI systems show: a `testsuite` per file, a `testcase` per game
//! (named by its number and its players, its class the file), and a `failure`
//! for each invalid game holding its diagnostics, one a line
//! (`file:line:col: CODE message`). A valid game's warnings are its
//! `system-out`; a file that cannot be read is a testcase with an `error`.
//!
//! The report is XML 1.0 whatever the records hold: text from a record is
//! shown as every report shows it (control characters and the characters that
//! reorder text escaped as `\u{…}`, long text cut), the five markup
//! characters are written as entities, and the characters XML 1.0 does not
//! allow at all are replaced by their `\u{…}` form.

use std::fmt::Write as _;

use super::faults::one_line;
use super::source::{MAX_TEXT, SourceView, shown_text};
use crate::diagnostics::Diagnostic;

/// One game's testcase.
#[derive(Debug, Clone)]
struct Case {
    name: String,
    /// The diagnostics, one a line, and whether they fail the game.
    lines: Vec<String>,
    failed: bool,
    /// The first fault's code and message, for the failure's attributes.
    first: Option<(String, String)>,
    /// A file that could not be read.
    error: Option<String>,
}

/// One file's testsuite.
#[derive(Debug, Clone)]
struct Suite {
    name: String,
    cases: Vec<Case>,
}

/// A JUnit report being written, a file at a time.
#[derive(Debug, Default)]
pub struct JunitReport {
    suites: Vec<Suite>,
}

/// Text for XML 1.0: the markup characters as entities (and, in an
/// attribute, tabs and line ends as character references, which attribute
/// value normalisation would otherwise turn into spaces), and a character XML
/// does not allow as its `\u{…}` form.
pub fn xml_escaped(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\t' | '\n' | '\r' if attribute => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            '\t' | '\n' | '\r' => out.push(c),
            c if allowed_in_xml(c) => out.push(c),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
        }
    }
    out
}

/// Whether XML 1.0 allows a character (its production `Char`).
fn allowed_in_xml(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// The value of a game's Players tag, if its text has one.
fn players(text: &str) -> Option<&str> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix("[Players")?;
        let rest = rest.trim_start().strip_prefix('"')?;
        rest.rfind('"').and_then(|end| rest.get(..end))
    })
}

impl JunitReport {
    /// An empty report.
    pub fn new() -> JunitReport {
        JunitReport::default()
    }

    /// Starts the testsuite of a file.
    pub fn file(&mut self, name: &str) {
        self.suites.push(Suite {
            name: name.to_string(),
            cases: Vec::new(),
        });
    }

    /// Adds a testcase to the suite of its file (the last one, or a new one).
    fn push(&mut self, name: &str, case: Case) {
        match self.suites.last_mut() {
            Some(s) if s.name == name => s.cases.push(case),
            _ => self.suites.push(Suite {
                name: name.to_string(),
                cases: vec![case],
            }),
        }
    }

    /// Adds a game's testcase (`game`: its 0-based index in its file): its
    /// diagnostics, and whether they make it fail.
    pub fn game(
        &mut self,
        view: &SourceView<'_>,
        game: usize,
        diagnostics: &[Diagnostic],
        failed: bool,
    ) {
        let mut name = format!("game {}", game + 1);
        if let Some(players) = players(view.text) {
            let _ = write!(name, ": {}", shown_text(players, MAX_TEXT));
        }
        let file = shown_text(view.name, MAX_TEXT);
        let lines = diagnostics
            .iter()
            .map(|d| {
                let (line, column) = view.line_col(d.span().start);
                format!("{file}:{line}:{column}: {} {}", d.code(), one_line(d))
            })
            .collect();
        let first = diagnostics
            .iter()
            .find(|d| d.is_error() || failed)
            .map(|d| (d.code(), one_line(d)));
        self.push(
            view.name,
            Case {
                name,
                lines,
                failed,
                first,
                error: None,
            },
        );
    }

    /// Adds a testcase with an error for a file that could not be read.
    pub fn unreadable(&mut self, name: &str, message: &str) {
        self.push(
            name,
            Case {
                name: "read".to_string(),
                lines: Vec::new(),
                failed: false,
                first: None,
                error: Some(shown_text(message, 2 * MAX_TEXT)),
            },
        );
    }

    /// The report, as an XML document.
    pub fn finish(self) -> String {
        let count = |s: &Suite, f: fn(&Case) -> bool| s.cases.iter().filter(|c| f(c)).count();
        let failed = |c: &Case| c.failed;
        let errors = |c: &Case| c.error.is_some();
        let tests: usize = self.suites.iter().map(|s| s.cases.len()).sum();
        let failures: usize = self.suites.iter().map(|s| count(s, failed)).sum();
        let error_count: usize = self.suites.iter().map(|s| count(s, errors)).sum();
        let mut out = String::new();
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites name=\"carcref check\" tests=\"{tests}\" failures=\"{failures}\" errors=\"{error_count}\">"
        );
        for suite in &self.suites {
            let name = xml_escaped(&shown_text(&suite.name, MAX_TEXT), true);
            let _ = writeln!(
                out,
                "  <testsuite name=\"{name}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
                suite.cases.len(),
                count(suite, failed),
                count(suite, errors)
            );
            for case in &suite.cases {
                let _ = write!(
                    out,
                    "    <testcase classname=\"{name}\" name=\"{}\"",
                    xml_escaped(&case.name, true)
                );
                if case.lines.is_empty() && case.error.is_none() {
                    out.push_str("/>\n");
                    continue;
                }
                out.push_str(">\n");
                let body = xml_escaped(&case.lines.join("\n"), false);
                if let Some(error) = &case.error {
                    let _ = writeln!(
                        out,
                        "      <error message=\"{}\" type=\"unreadable\"/>",
                        xml_escaped(error, true)
                    );
                } else if case.failed {
                    let (code, message) = case.first.clone().unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "      <failure message=\"{}\" type=\"{}\">{body}</failure>",
                        xml_escaped(&message, true),
                        xml_escaped(&code, true)
                    );
                } else {
                    let _ = writeln!(out, "      <system-out>{body}</system-out>");
                }
                out.push_str("    </testcase>\n");
            }
            out.push_str("  </testsuite>\n");
        }
        out.push_str("</testsuites>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            xml_escaped("a<b>&\"c\"", true),
            "a&lt;b&gt;&amp;&quot;c&quot;"
        );
        assert_eq!(xml_escaped("a\nb", true), "a&#10;b");
        assert_eq!(xml_escaped("a\nb", false), "a\nb");
        assert_eq!(xml_escaped("x\u{1}\u{fffe}", false), "x\\u{1}\\u{fffe}");
    }

    #[test]
    fn an_unreadable_file_is_an_error_of_its_suite() {
        let mut report = JunitReport::new();
        report.file("gone.cgn");
        report.unreadable("gone.cgn", "No such file <2>");
        let xml = report.finish();
        assert!(xml.contains("errors=\"1\""), "{xml}");
        assert!(
            xml.contains("<error message=\"No such file &lt;2&gt;\" type=\"unreadable\"/>"),
            "{xml}"
        );
    }

    #[test]
    fn players_are_read_from_their_tag() {
        assert_eq!(
            players("[CGN \"1\"]\n[Players \"Ann (red), Bob\"]\n"),
            Some("Ann (red), Bob")
        );
        assert_eq!(players("1. Ann U 0,1 r0\n"), None);
    }
}
