//! The faults as JSON lines (`notation/json.md`): a diagnostic of a game, a
//! path that cannot be read, a file that cannot be imported, and the
//! explanation of a code (`carcref explain --format json`).

use serde_json::{Value, json};

use super::json::VERSION;
use super::source::SourceView;
use crate::diagnostics::Diagnostic;
use crate::files::{InputProblem, ProblemKind};
use crate::import::ImportError;

/// A span as JSON: its byte offsets in the file, and the line and column
/// (1-based, columns in characters) of its start.
fn place(view: &SourceView<'_>, start: usize, end: usize) -> (Value, usize, usize) {
    let (line, column) = view.line_col(start);
    (json!({"start": start, "end": end}), line, column)
}

/// One diagnostic of `check --format json` (`game`: the game's 0-based index
/// in its file): its primary label as `span`, `line`, `column` and `label`,
/// and its other labels (such as the earlier turn a fault conflicts with) in
/// `labels`.
pub fn diagnostic(view: &SourceView<'_>, game: usize, d: &Diagnostic) -> Value {
    let mut labels = miette::Diagnostic::labels(d)
        .map(Iterator::collect::<Vec<_>>)
        .unwrap_or_default()
        .into_iter();
    let primary = labels.next();
    let span = d.span();
    let (primary_span, line, column) = place(view, span.start, span.end);
    let secondary: Vec<Value> = labels
        .map(|l| {
            let (span, line, column) = place(view, l.offset(), l.offset() + l.len());
            json!({
                "span": span,
                "line": line,
                "column": column,
                "message": l.label(),
            })
        })
        .collect();
    json!({
        "version": VERSION,
        "type": "diagnostic",
        "file": view.name,
        "game": game + 1,
        "line": line,
        "column": column,
        "span": primary_span,
        "code": d.code(),
        "severity": d.severity_name(),
        "message": d.to_string(),
        "label": primary.and_then(|l| l.label().map(str::to_string)),
        "labels": secondary,
        "help": miette::Diagnostic::help(d).map(|h| h.to_string()),
    })
}

/// The name of a kind of file problem in JSON.
fn problem_name(kind: ProblemKind) -> &'static str {
    match kind {
        ProblemKind::Unreadable => "unreadable",
        ProblemKind::NotRegular => "not-regular",
        ProblemKind::NoRecords => "no-records",
    }
}

/// A path that could not be read, or was left out: a line of
/// `check --format json` (and of `import --format json`'s errors).
pub fn file_problem(problem: &InputProblem) -> Value {
    json!({
        "version": VERSION,
        "type": "file",
        "file": problem.path.display().to_string(),
        "severity": if problem.is_error() { "error" } else { "warning" },
        "problem": problem_name(problem.kind),
        "message": problem.message,
    })
}

/// A file that could not be read (opened, or read to its end): as
/// [`file_problem`] gives it.
pub fn unreadable(file: &str, message: &str) -> Value {
    file_problem(&InputProblem {
        path: file.into(),
        kind: ProblemKind::Unreadable,
        message: message.to_string(),
    })
}

/// An import error, a line of `import --format json`'s errors (`file`: the
/// file it was read from, if any).
pub fn import_error(file: Option<&str>, e: &ImportError) -> Value {
    json!({
        "version": VERSION,
        "type": "import-error",
        "file": file,
        "code": e.code,
        "location": e.location,
        "message": e.message,
    })
}

/// `explain --format json`: a code's section of `notation/diagnostics.md`
/// (`section`: from its `## CODE title` heading on) as its code, its title
/// and its text (Markdown).
pub fn explanation(section: &str) -> Value {
    let (heading, text) = section.split_once('\n').unwrap_or((section, ""));
    let heading = heading.trim_start_matches('#').trim();
    let (code, title) = heading.split_once(' ').unwrap_or((heading, ""));
    json!({
        "version": VERSION,
        "code": code,
        "title": title.trim(),
        "text": text.trim(),
    })
}
