//! Input that is not CGN but a record of another program that `carcref import`
//! reads: a Board Game Arena log, a table of Carcassonne Lab replay URLs (or the
//! URLs alone), a Japanese championship score sheet, a JCloisterZone save.
//! Read as CGN, such a file gives a fault a line (a Board Game Arena log:
//! fifteen thousand); [`not_cgn`] tells it from its start, so that `check`
//! reports one fault (`E112`) naming the import to run.
//!
//! The test is strict, so that no CGN record is ever taken for another format:
//! after any blank and `;` comment lines, a JSON object (`{` then a quoted key)
//! whose keys in the first [`WINDOW`] bytes are those of one of the formats
//! (the keys `crate::import` reads), and no CGN tag line among them; or a line
//! that is a Carcassonne Lab replay URL, or the header of a table with a `URL`
//! column followed by such URLs. A CGN line starts with `[`, `;`, `{` or a turn
//! number, never with a key or a URL.

use crate::diagnostics::Diagnostic;
use crate::notation::Span;

/// How much of the start of a text is looked at.
pub const WINDOW: usize = 64 * 1024;

/// A format `carcref import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foreign {
    /// A Board Game Arena notification log (JSON).
    BgaLog,
    /// A table (CSV) with a column of Carcassonne Lab replay URLs.
    LabTable,
    /// Carcassonne Lab replay URLs, one a line.
    LabUrls,
    /// A Japanese championship score sheet (JSON).
    ScoreSheet,
    /// A JCloisterZone save (JSON).
    JczSave,
}

impl Foreign {
    /// What it is, as the diagnostic says it.
    pub fn what(self) -> &'static str {
        match self {
            Foreign::BgaLog => "a Board Game Arena log",
            Foreign::LabTable => "a table of Carcassonne Lab replay URLs",
            Foreign::LabUrls => "a Carcassonne Lab replay URL",
            Foreign::ScoreSheet => "a Japanese championship score sheet",
            Foreign::JczSave => "a JCloisterZone save",
        }
    }

    /// The command that imports it.
    pub fn command(self) -> &'static str {
        match self {
            Foreign::BgaLog => "carcref import bga FILE",
            Foreign::LabTable => "carcref import lab FILE",
            Foreign::LabUrls => "carcref import lab URL",
            Foreign::ScoreSheet => "carcref import kifu FILE",
            Foreign::JczSave => "carcref import jcz FILE",
        }
    }
}

/// The format a text is written in, if it is recognisably one `carcref import`
/// reads rather than CGN, and the span of its first line (after blank and `;`
/// comment lines) in the text.
pub fn foreign(text: &str) -> Option<(Foreign, Span)> {
    let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let window = text.get(skip..).map(|t| head(t, WINDOW))?;
    let mut offset = skip;
    for raw in window.split_inclusive('\n') {
        let line = raw.trim();
        let at = offset + (raw.len() - raw.trim_start().len());
        offset += raw.len();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        let span = Span::new(at, at + line.len());
        let rest = text.get(at..).map(|t| head(t, WINDOW))?;
        let kind = if line.starts_with('{') {
            json_kind(rest)
        } else {
            lab_kind(line, rest)
        };
        return kind.map(|k| (k, span));
    }
    None
}

/// [`foreign`] as a diagnostic (`E112`), for a game's text at byte `base` of
/// its file.
pub fn not_cgn(text: &str, base: usize) -> Option<Diagnostic> {
    let (kind, span) = foreign(text)?;
    Some(Diagnostic::NotCgn {
        span: Span::new(base + span.start, base + span.end),
        what: kind.what(),
        command: kind.command(),
    })
}

/// A reader that keeps a copy of the first [`WINDOW`] bytes read through it,
/// so that the start of an input read as a stream (standard input included)
/// can be looked at after it was read, without reading ahead of the reader.
#[derive(Debug)]
pub struct Recorder<R> {
    inner: R,
    head: std::rc::Rc<std::cell::RefCell<Vec<u8>>>,
}

impl<R> Recorder<R> {
    /// A reader over `inner` that copies its first bytes into `head`.
    pub fn new(inner: R, head: std::rc::Rc<std::cell::RefCell<Vec<u8>>>) -> Recorder<R> {
        Recorder { inner, head }
    }
}

impl<R: std::io::Read> std::io::Read for Recorder<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut head = self.head.borrow_mut();
        let room = WINDOW.saturating_sub(head.len());
        head.extend_from_slice(buf.get(..n.min(room)).unwrap_or_default());
        Ok(n)
    }
}

/// The UTF-8 text at the start of some bytes (up to the first byte that is
/// not UTF-8, or a character cut by the end).
pub fn text_of(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(bytes.get(..e.valid_up_to()).unwrap_or_default())
            .unwrap_or_default(),
    }
}

/// The first `max` bytes of a text at most, cut on a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

/// Which JSON format an object is, from its keys.
fn json_kind(text: &str) -> Option<Foreign> {
    // An object whose first member is a quoted key.
    let body = text.strip_prefix('{')?.trim_start();
    if !body.starts_with('"') {
        return None;
    }
    // A CGN tag line (`[Name "value"]`) means a record, whatever its comments hold.
    let tag_line = text.lines().any(|l| {
        let mut chars = l.trim_start().chars();
        chars.next() == Some('[') && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
    });
    if tag_line {
        return None;
    }
    let has = |key: &str| has_key(text, key);
    // The keys of a log's packets (`status`, the first key of the log, may
    // come last when the keys are sorted).
    if has("data") && (has("packet_type") || has("table_id")) {
        Some(Foreign::BgaLog)
    } else if has("appVersion") || has("initialRandom") || (has("setup") && has("replay")) {
        Some(Foreign::JczSave)
    } else if has("placements") && (has("info") || has("tile")) {
        Some(Foreign::ScoreSheet)
    } else {
        None
    }
}

/// Whether a JSON text has a member named `key`: the quoted name followed by
/// a colon.
fn has_key(text: &str, key: &str) -> bool {
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    while let Some(i) = text.get(from..).and_then(|t| t.find(&quoted)) {
        let after = from + i + quoted.len();
        if text
            .get(after..)
            .is_some_and(|t| t.trim_start().starts_with(':'))
        {
            return true;
        }
        from = after;
    }
    false
}

/// Whether a line holds a Carcassonne Lab replay URL.
fn is_lab_url(line: &str) -> bool {
    line.contains("carcassonnelab.com/") && line.contains("#/")
}

/// Which Carcassonne Lab input a text starting with `first` is: a table whose
/// header names a `URL` column and whose next line holds a replay URL, or a
/// replay URL.
fn lab_kind(first: &str, text: &str) -> Option<Foreign> {
    if (first.starts_with("https://") || first.starts_with("http://")) && is_lab_url(first) {
        return Some(Foreign::LabUrls);
    }
    let header = first.contains("URL")
        && first
            .split(',')
            .any(|field| field.trim().trim_matches('"') == "URL");
    let row = || {
        text.lines()
            .skip(1)
            .find(|l| !l.trim().is_empty())
            .is_some_and(is_lab_url)
    };
    (header && row()).then_some(Foreign::LabTable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_formats() {
        let bga = "{\n  \"status\": 1,\n  \"data\": {\"data\": [{\"table_id\": \"1\"}]}\n}\n";
        assert_eq!(foreign(bga).map(|f| f.0), Some(Foreign::BgaLog));
        let jcz = "{\"appVersion\": \"5\", \"players\": []}";
        assert_eq!(foreign(jcz).map(|f| f.0), Some(Foreign::JczSave));
        let sheet = "{\"info\": {}, \"placements\": []}";
        assert_eq!(foreign(sheet).map(|f| f.0), Some(Foreign::ScoreSheet));
        // Other JSON is not said to be any of them.
        assert_eq!(foreign("{\"name\": 1}"), None);
    }

    #[test]
    fn span_of_the_first_line_after_comments() {
        let text = "; a note\n\n  {\"appVersion\": \"5\"}\n";
        let (_, span) = foreign(text).unwrap();
        assert_eq!(
            text.get(span.start..span.end),
            Some("{\"appVersion\": \"5\"}")
        );
    }

    #[test]
    fn lab_inputs() {
        let url = "https://www.carcassonnelab.com/#/0/0/AAA/BBB?players=A,B";
        assert_eq!(foreign(url).map(|f| f.0), Some(Foreign::LabUrls));
        let table = format!("Game ID,URL\n1,\"{url}\"\n");
        assert_eq!(foreign(&table).map(|f| f.0), Some(Foreign::LabTable));
        // A table of something else is not.
        assert_eq!(foreign("Game ID,URL\n1,https://example.com/\n"), None);
    }

    #[test]
    fn cgn_is_never_foreign() {
        let records = [
            "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\n1. Ann U 1,0 r0\n",
            "{\"status\": \"data\", \"table_id\": 1}\n[Players \"Ann (red), Bob (blue)\"]\n",
            "{ a comment }\n[Rules \"HiG-2012\"]\n",
            "; expect: ok\n1. Ann U 1,0 r0\n",
            "",
        ];
        for r in records {
            assert_eq!(foreign(r), None, "{r}");
        }
    }
}
