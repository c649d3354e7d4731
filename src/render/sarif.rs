//! The faults of a run as one SARIF 2.1.0 log (`check --format sarif`), the
//! report code-scanning dashboards read: one run, whose tool is carcref with
//! a rule for each code reported, and a result for each diagnostic, placed by
//! line and column in its file.
//!
//! A file's URI is its path as found, relative to the working folder (the base
//! `%SRCROOT%`, which the reader sets to where the check ran: a repository's
//! root in CI), each character outside the unreserved ones percent-encoded; an
//! absolute path is a `file://` URI. Columns count characters
//! (`columnKind: unicodeCodePoints`), as every other format of carcref does.
//! A rule's help is its section of `notation/diagnostics.md`, given in full in
//! the log, and its `helpUri` that section in the published package's copy of
//! the catalogue, [`help_uri`].

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::source::SourceView;
use crate::diagnostics::Diagnostic;

/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";

/// The schema a log names.
pub const SARIF_SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The base the relative URIs of a log are read against.
pub const SRCROOT: &str = "%SRCROOT%";

/// Where a code's section of `notation/diagnostics.md` is read: the copy of
/// the catalogue in this version's published package, at the section's
/// anchor (`## E501 score-mismatch` is `#e501-score-mismatch`).
pub fn help_uri(code: &str, name: &str) -> String {
    format!(
        "https://docs.rs/crate/carcref/{}/source/notation/diagnostics.md#{}-{}",
        env!("CARGO_PKG_VERSION"),
        code.to_ascii_lowercase(),
        name
    )
}

/// A URI reference for a path: `/`-separated, with every byte but the
/// unreserved characters of RFC 3986 and `/` percent-encoded.
pub fn path_uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let path = path.strip_prefix("./").unwrap_or(path);
    let absolute = path.starts_with('/');
    if absolute {
        out.push_str("file://");
    }
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// What a code's rule says, from the diagnostics catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct RuleText<'a> {
    /// The code's short name (`score-mismatch`).
    pub name: &'a str,
    /// The code's section of `notation/diagnostics.md`, heading included.
    pub section: &'a str,
}

impl RuleText<'_> {
    /// The section's "What it means." paragraph, without its label.
    fn meaning(&self) -> String {
        let paragraph = self
            .section
            .split("\n\n")
            .find(|p| p.starts_with("**What it means.**"))
            .unwrap_or("");
        paragraph
            .trim_start_matches("**What it means.**")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The first sentence of the meaning.
    fn short(&self) -> String {
        let meaning = self.meaning();
        match meaning.find(". ") {
            Some(end) => meaning.get(..=end).unwrap_or(&meaning).to_string(),
            None => meaning,
        }
    }
}

/// A SARIF log being written: the results of each game added in turn, the
/// rules of the codes seen kept in code order.
#[derive(Debug, Default)]
pub struct SarifLog {
    results: Vec<Value>,
    /// Each code seen, and whether it was reported as an error.
    codes: BTreeMap<String, bool>,
}

/// A region of a file: its start and end, lines and columns 1-based, the end
/// column that of the character after the region.
fn region(view: &SourceView<'_>, start: usize, end: usize) -> Value {
    let (start_line, start_column) = view.line_col(start);
    let (end_line, end_column) = view.line_col(end.max(start));
    json!({
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
        "byteOffset": start,
        "byteLength": end.saturating_sub(start),
    })
}

fn physical(view: &SourceView<'_>, start: usize, end: usize) -> Value {
    let uri = path_uri(view.name);
    let artifact = if uri.starts_with("file://") {
        json!({ "uri": uri })
    } else {
        json!({ "uri": uri, "uriBaseId": SRCROOT })
    };
    json!({
        "artifactLocation": artifact,
        "region": region(view, start, end),
    })
}

impl SarifLog {
    /// An empty log.
    pub fn new() -> SarifLog {
        SarifLog::default()
    }

    /// Adds the diagnostics of a game (`game`: its 0-based index in its file).
    pub fn game(&mut self, view: &SourceView<'_>, game: usize, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            let code = d.code();
            let mut labels = miette::Diagnostic::labels(d)
                .map(Iterator::collect::<Vec<_>>)
                .unwrap_or_default()
                .into_iter();
            let primary = labels.next();
            let span = d.span();
            let mut message = d.to_string();
            if let Some(label) = primary.as_ref().and_then(|l| l.label())
                && !label.is_empty()
            {
                message = format!("{message}: {label}");
            }
            let related: Vec<Value> = labels
                .enumerate()
                .map(|(i, l)| {
                    json!({
                        "id": i,
                        "physicalLocation": physical(view, l.offset(), l.offset() + l.len()),
                        "message": { "text": l.label().unwrap_or("") },
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": code,
                "level": d.severity_name(),
                "message": { "text": message },
                "locations": [{ "physicalLocation": physical(view, span.start, span.end) }],
                "properties": { "game": game + 1 },
            });
            if let Some(help) = miette::Diagnostic::help(d)
                && let Some(map) = result.as_object_mut()
            {
                let text = format!("{message}\n\nhelp: {help}");
                map.insert("message".into(), json!({ "text": text }));
            }
            if !related.is_empty()
                && let Some(map) = result.as_object_mut()
            {
                map.insert("relatedLocations".into(), Value::Array(related));
            }
            self.codes.insert(code, d.is_error());
            self.results.push(result);
        }
    }

    /// The log, each rule's text found by `describe` (from the code).
    pub fn finish(self, describe: impl Fn(&str) -> RuleText<'static>) -> Value {
        let index: BTreeMap<&str, usize> = self
            .codes
            .keys()
            .enumerate()
            .map(|(i, c)| (c.as_str(), i))
            .collect();
        let rules: Vec<Value> = self
            .codes
            .iter()
            .map(|(code, error)| {
                let text = describe(code);
                json!({
                    "id": code,
                    "name": text.name,
                    "shortDescription": { "text": text.short() },
                    "fullDescription": { "text": text.meaning() },
                    "help": { "text": text.section, "markdown": text.section },
                    "helpUri": help_uri(code, text.name),
                    "defaultConfiguration": { "level": if *error { "error" } else { "warning" } },
                })
            })
            .collect();
        let mut results = self.results;
        for r in &mut results {
            let i = r
                .get("ruleId")
                .and_then(Value::as_str)
                .and_then(|c| index.get(c).copied());
            if let (Some(i), Some(map)) = (i, r.as_object_mut()) {
                map.insert("ruleIndex".into(), json!(i));
            }
        }
        json!({
            "$schema": SARIF_SCHEMA,
            "version": SARIF_VERSION,
            "runs": [{
                "tool": { "driver": {
                    "name": "carcref",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(path_uri("games/a b.cgn"), "games/a%20b.cgn");
        assert_eq!(path_uri("./x.cgn"), "x.cgn");
        assert_eq!(path_uri("/tmp/é#.cgn"), "file:///tmp/%C3%A9%23.cgn");
    }

    #[test]
    fn a_rule_reads_its_first_sentence() {
        let text = RuleText {
            name: "x",
            section: "## E1 x\n\n**What it means.** One thing\nhappened. Then more.\n\n**How to fix.** Y.",
        };
        assert_eq!(text.short(), "One thing happened.");
        assert_eq!(text.meaning(), "One thing happened. Then more.");
    }
}
