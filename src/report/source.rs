//! The text diagnostics point into ([`SourceView`]), and the excerpt of it one
//! human report shows ([`Excerpt`]).
//!
//! A file may hold a million games, a game a hundred thousand lines and a line a
//! million characters, and each of them may be at fault many times over. So
//! nothing here rescans the text for each diagnostic: a view finds its line
//! starts once ([`LineIndex`]) and a line and column is then a binary search;
//! and a report never prints more than a few lines, each cut down to a window
//! around what its labels point at. The graphical renderer reads the excerpt,
//! not the text, so its output stays proportional to the number of
//! diagnostics, whatever the length of the lines they point into.

use std::cell::{Cell, OnceCell};

pub use crate::shown::{MAX_TEXT, needs_escape, shown_text};
use crate::shown::{chars_in, push_shown};
use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Byte offsets where the lines of a text start (the first is 0).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of a text, found with one pass over its line feeds.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    /// The number of lines (a text ending with a line feed has an empty last line).
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether the index is empty (never: every text has a first line).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The 0-based line holding a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// Where a line starts.
    pub fn start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(0)
    }

    /// Where a line's text ends in `text`: before its line feed, and before a
    /// carriage return just before it.
    pub fn end(&self, text: &str, line: usize) -> usize {
        let start = self.start(line);
        let end = match self.starts.get(line + 1) {
            Some(next) => next.saturating_sub(1),
            None => text.len(),
        };
        let bytes = text.as_bytes();
        if end > start && bytes.get(end - 1) == Some(&b'\r') && end < text.len() {
            end - 1
        } else {
            end
        }
    }
}

/// Where the last column was found, so that columns asked for in order along a
/// line cost only the characters between them.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    offset: usize,
    line: usize,
    col: usize,
}

/// The text diagnostics point into: a whole file, or one game of it read from a
/// stream (its byte offset and first line in the file are kept, so reports show
/// the file's own line numbers).
#[derive(Debug, Clone)]
pub struct SourceView<'a> {
    /// The file name.
    pub name: &'a str,
    /// The text.
    pub text: &'a str,
    /// Byte offset of `text` in the file.
    pub base: usize,
    /// 0-based line of the file where `text` starts.
    pub first_line: usize,
    lines: OnceCell<LineIndex>,
    cursor: Cell<Option<Cursor>>,
}

impl<'a> SourceView<'a> {
    /// A view of `text`, which starts at byte `base` and line `first_line`
    /// (0-based) of the file `name`.
    pub fn new(name: &'a str, text: &'a str, base: usize, first_line: usize) -> SourceView<'a> {
        SourceView {
            name,
            text,
            base,
            first_line,
            lines: OnceCell::new(),
            cursor: Cell::new(None),
        }
    }

    /// The line index, made on first use.
    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text))
    }

    /// The offset in `text` of a byte offset in the file, within the text.
    fn local(&self, offset: usize) -> usize {
        offset.saturating_sub(self.base).min(self.text.len())
    }

    /// The 0-based line of the file holding a byte offset of the file.
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines().line_of(self.local(offset)) + self.first_line
    }

    /// Line and column (1-based, columns in characters) in the file of a byte
    /// offset in the file.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let local = self.local(offset);
        let line = self.lines().line_of(local);
        let bytes = self.text.as_bytes();
        let col = match self.cursor.get() {
            Some(c) if c.line == line && c.offset <= local => {
                c.col + chars_in(bytes.get(c.offset..local).unwrap_or_default())
            }
            _ => chars_in(
                bytes
                    .get(self.lines().start(line)..local)
                    .unwrap_or_default(),
            ),
        };
        self.cursor.set(Some(Cursor {
            offset: local,
            line,
            col,
        }));
        (line + self.first_line + 1, col + 1)
    }
}

/// Lines longer than this (in bytes) are shown cut down to windows around the
/// labels on them.
const LONG_LINE: usize = 160;
/// Characters shown on either side of a label on a long line.
const AROUND: usize = 40;
/// Characters of a label's own text shown on a long line.
const LABEL_SHOWN: usize = 60;
/// Characters shown of a long line no label is on (a line of context).
const CONTEXT_SHOWN: usize = 60;
/// A label over more lines than this is shown on its first lines only.
const MAX_LABEL_LINES: usize = 6;
/// Lines of a label spanning many lines that are shown.
const LABEL_LINES_SHOWN: usize = 3;
/// Lines between two labels' snippets that are shown to join them into one;
/// labels further apart are shown in snippets of their own.
const MAX_GAP: usize = 8;
/// The number of characters a character of a record takes as a report shows
/// it.
fn shown_width(c: char) -> usize {
    if needs_escape(c) {
        // `\u{` and `}` around one to six hexadecimal digits.
        4 + (u32::from(c).max(1).ilog2() / 4 + 1) as usize
    } else {
        1
    }
}

/// A line of the excerpt: which line of the file it shows, and where it is in
/// the excerpt's text (without its line feed).
#[derive(Debug, Clone, Copy)]
struct ShownLine {
    /// 0-based line of the file.
    number: usize,
    /// Offset in the excerpt's text.
    start: usize,
    /// Length in the excerpt's text.
    len: usize,
}

/// A label's start as a report's header names it.
#[derive(Debug, Clone, Copy)]
struct Place {
    /// Offset in the excerpt.
    at: usize,
    /// 0-based line and column (in characters) in the file.
    line: usize,
    col: usize,
}

/// The lines one report shows, cut and escaped, with the labels moved onto
/// them. It is the source the graphical renderer reads: its line numbers are
/// the file's, and it refuses to join two snippets that the lines it holds do
/// not join, so labels far apart are shown apart.
#[derive(Debug, Clone)]
pub struct Excerpt {
    name: String,
    text: String,
    lines: Vec<ShownLine>,
    places: Vec<Place>,
}

/// A label of a diagnostic as it lies in the text (offsets local to the view).
#[derive(Debug, Clone)]
struct Marked {
    start: usize,
    end: usize,
    first_line: usize,
    last_line: usize,
    text: Option<String>,
    primary: bool,
}

impl Excerpt {
    /// The excerpt of a view that shows `labels` (spans in file offsets), and
    /// the labels moved onto it.
    pub fn new(view: &SourceView<'_>, labels: &[LabeledSpan]) -> (Excerpt, Vec<LabeledSpan>) {
        let index = view.lines();
        let text = view.text;
        // A text ending with a line feed has no line after it to show.
        let last = index
            .len()
            .saturating_sub(if text.ends_with('\n') { 2 } else { 1 });
        let marked: Vec<Marked> = labels
            .iter()
            .filter(|l| l.offset() >= view.base && l.offset() - view.base <= text.len())
            .map(|l| {
                let mut start = view.local(l.offset());
                let mut end = view.local(l.offset() + l.len());
                let first_line = index.line_of(start).min(last);
                let mut last_line = if end > start {
                    index.line_of(end - 1).min(last)
                } else {
                    first_line
                };
                let mut label = l.label().map(|t| shown_text(t, MAX_TEXT));
                if last_line - first_line >= MAX_LABEL_LINES {
                    let through = last_line + view.first_line + 1;
                    last_line = first_line + LABEL_LINES_SHOWN - 1;
                    end = index.end(text, last_line);
                    label = Some(format!(
                        "{} (through line {through})",
                        label.unwrap_or_default()
                    ));
                }
                // A label lies on its lines' text: it neither starts nor ends
                // after its line's end.
                start = start.min(index.end(text, first_line));
                end = end.min(index.end(text, last_line)).max(start);
                Marked {
                    start,
                    end,
                    first_line,
                    last_line,
                    text: label,
                    primary: l.primary(),
                }
            })
            .collect();
        // The lines to show: each label's lines and one on either side, and
        // the lines between two such runs when they are few.
        let mut runs: Vec<(usize, usize)> = marked
            .iter()
            .map(|m| (m.first_line.saturating_sub(1), (m.last_line + 1).min(last)))
            .collect();
        runs.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(runs.len());
        for (from, to) in runs {
            match merged.last_mut() {
                Some((_, end)) if from <= *end + 1 + MAX_GAP => *end = (*end).max(to),
                _ => merged.push((from, to)),
            }
        }
        let mut excerpt = Excerpt {
            name: view.name.to_string(),
            text: String::new(),
            lines: Vec::new(),
            places: Vec::new(),
        };
        // Offsets (local to the view) whose place in the excerpt is wanted.
        let mut wanted: Vec<usize> = marked.iter().flat_map(|m| [m.start, m.end]).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let mut found: Vec<(usize, usize)> = Vec::with_capacity(wanted.len());
        for (from, to) in merged {
            for line in from..=to {
                excerpt.push_line(view, line, &marked, &wanted, &mut found);
            }
        }
        let moved = marked
            .iter()
            .map(|m| {
                let at = |offset: usize| {
                    found
                        .iter()
                        .find(|(o, _)| *o == offset)
                        .map_or(0, |(_, e)| *e)
                };
                let (start, end) = (at(m.start), at(m.end));
                let (line, col) = view.line_col(m.start + view.base);
                excerpt.places.push(Place {
                    at: start,
                    line: line - 1,
                    col: col - 1,
                });
                let span = SourceSpan::new(start.into(), end.saturating_sub(start));
                if m.primary {
                    LabeledSpan::new_primary_with_span(m.text.clone(), span)
                } else {
                    LabeledSpan::new_with_span(m.text.clone(), span)
                }
            })
            .collect();
        (excerpt, moved)
    }

    /// Adds one line of the view, cut to windows around the labels on it when
    /// it is long, and notes where the wanted offsets on it land.
    fn push_line(
        &mut self,
        view: &SourceView<'_>,
        line: usize,
        marked: &[Marked],
        wanted: &[usize],
        found: &mut Vec<(usize, usize)>,
    ) {
        let index = view.lines();
        let text = view.text;
        let (start, end) = (index.start(line), index.end(text, line));
        let windows = if end - start <= LONG_LINE {
            vec![(start, end)]
        } else {
            windows(text, start, end, marked)
        };
        let shown_start = self.text.len();
        let mut at = start;
        for (from, to) in windows {
            if from > at {
                self.text.push('…');
            }
            let body = text.get(from..to).unwrap_or_default();
            for (i, c) in body.char_indices() {
                note(found, wanted, from + i, self.text.len());
                push_shown(&mut self.text, c);
            }
            note(found, wanted, to, self.text.len());
            at = to;
        }
        if at < end {
            self.text.push('…');
        }
        // Offsets on the line that no window holds (none should be) land at the
        // line's end.
        for &w in wanted {
            if (start..=end).contains(&w) && !found.iter().any(|(o, _)| *o == w) {
                found.push((w, self.text.len()));
            }
        }
        self.lines.push(ShownLine {
            number: line + view.first_line,
            start: shown_start,
            len: self.text.len() - shown_start,
        });
        self.text.push('\n');
    }

    /// The index of the shown line holding an offset of the excerpt.
    fn line_at(&self, offset: usize) -> Option<usize> {
        let i = self
            .lines
            .partition_point(|l| l.start <= offset)
            .checked_sub(1)?;
        let l = self.lines.get(i)?;
        (offset <= l.start + l.len).then_some(i)
    }
}

/// Notes where an offset of the view lands in the excerpt, if it is wanted.
fn note(found: &mut Vec<(usize, usize)>, wanted: &[usize], offset: usize, at: usize) {
    if wanted.binary_search(&offset).is_ok() && !found.iter().any(|(o, _)| *o == offset) {
        found.push((offset, at));
    }
}

/// The byte offset before `at` in `text` where the characters up to `at` take
/// `n` characters as shown (escapes count at their width), not before `floor`.
fn back(text: &str, at: usize, n: usize, floor: usize) -> usize {
    let before = text.get(floor..at).unwrap_or_default();
    let mut width = 0;
    for (i, c) in before.char_indices().rev() {
        width += shown_width(c);
        if width > n {
            return floor + i + c.len_utf8();
        }
    }
    floor
}

/// The byte offset after `at` in `text` where the characters from `at` take
/// `n` characters as shown (escapes count at their width), not after `ceiling`.
fn ahead(text: &str, at: usize, n: usize, ceiling: usize) -> usize {
    let after = text.get(at..ceiling).unwrap_or_default();
    let mut width = 0;
    for (i, c) in after.char_indices() {
        width += shown_width(c);
        if width > n {
            return at + i;
        }
    }
    ceiling
}

/// The parts of a long line shown: around each label on it (its start, and its
/// end when the label is short), or its beginning when no label is on it.
fn windows(text: &str, start: usize, end: usize, marked: &[Marked]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for m in marked {
        if m.end < start || m.start > end {
            continue;
        }
        let (a, b) = (m.start.max(start), m.end.min(end));
        let b = b.min(ahead(text, a, LABEL_SHOWN, end));
        out.push((back(text, a, AROUND, start), ahead(text, b, AROUND, end)));
    }
    if out.is_empty() {
        out.push((start, ahead(text, start, CONTEXT_SHOWN, end)));
    }
    out.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(out.len());
    for (from, to) in out {
        match merged.last_mut() {
            Some((_, e)) if from <= *e => *e = (*e).max(to),
            _ => merged.push((from, to)),
        }
    }
    merged
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start + span.len();
        let first = self.line_at(start).ok_or(MietteError::OutOfBounds)?;
        let last = self
            .line_at(end.saturating_sub(1).max(start))
            .ok_or(MietteError::OutOfBounds)?;
        let joined = |a: usize, b: usize| matches!((self.lines.get(a), self.lines.get(b)), (Some(x), Some(y)) if x.number + 1 == y.number);
        // The lines from the span's first to its last must follow one another
        // in the file: two snippets are joined only over lines the excerpt holds.
        if (first..last).any(|i| !joined(i, i + 1)) {
            return Err(MietteError::OutOfBounds);
        }
        let (name, line_count) = (Some(self.name.clone()), 0);
        if context_lines_before == 0 && context_lines_after == 0 {
            // The header's line and column: the file's, for a label's start.
            let place = self.places.iter().find(|p| p.at == start);
            let shown = self.lines.get(first).ok_or(MietteError::OutOfBounds)?;
            let (line, col) = place.map_or((shown.number, 0), |p| (p.line, p.col));
            let data = self.text.get(start..end).unwrap_or_default();
            return Ok(Box::new(MietteSpanContents::new_named(
                name.unwrap_or_default(),
                data.as_bytes(),
                *span,
                line,
                col,
                line_count + 1,
            )));
        }
        let mut from = first;
        for _ in 0..context_lines_before {
            if from > 0 && joined(from - 1, from) {
                from -= 1;
            }
        }
        let mut to = last;
        for _ in 0..context_lines_after {
            if joined(to, to + 1) {
                to += 1;
            }
        }
        let (a, b) = match (self.lines.get(from), self.lines.get(to)) {
            (Some(a), Some(b)) => (*a, *b),
            _ => return Err(MietteError::OutOfBounds),
        };
        let data_end = (b.start + b.len + 1).min(self.text.len());
        let data = self.text.get(a.start..data_end).unwrap_or_default();
        Ok(Box::new(MietteSpanContents::new_named(
            name.unwrap_or_default(),
            data.as_bytes(),
            SourceSpan::new(a.start.into(), data.len()),
            a.number,
            0,
            // As many lines as the file has up to the snippet's end: the
            // renderer then always tries to join two snippets, and this source
            // says whether it can.
            b.number + 1,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let src = "ab\ncdé\nf";
        let view = SourceView::new("t", src, 0, 0);
        assert_eq!(view.line_col(0), (1, 1));
        assert_eq!(view.line_col(3), (2, 1));
        assert_eq!(view.line_col(7), (2, 4));
        assert_eq!(view.line_col(99), (3, 2));
        // Asked out of order, after the cursor moved on.
        assert_eq!(view.line_col(5), (2, 3));
        assert_eq!(view.line_col(1), (1, 2));
        let view = SourceView::new("t", "x\ny", 10, 4);
        assert_eq!(view.line_col(12), (6, 1));
        assert_eq!(view.line_col(3), (5, 1));
    }

    #[test]
    fn line_ends_without_cr() {
        let src = "ab\r\ncd\r\ne\r";
        let index = LineIndex::new(src);
        assert_eq!(index.len(), 3);
        assert_eq!((index.start(1), index.end(src, 1)), (4, 6));
        // A carriage return without a line feed after it is part of the line.
        assert_eq!(index.end(src, 2), 10);
    }

    #[test]
    fn escapes_and_cuts_user_text() {
        assert_eq!(shown_text("a\u{1b}[31mb", 50), "a\\u{1b}[31mb");
        assert_eq!(shown_text("a\u{202e}b", 50), "a\\u{202e}b");
        assert_eq!(shown_text("a\tb", 50), "a\tb");
        assert_eq!(shown_text("abcdef", 3), "abc… (3 more characters)");
        assert_eq!(shown_text("abc", 3), "abc");
    }

    fn excerpt_of(src: &str, spans: &[(usize, usize)]) -> (Excerpt, Vec<LabeledSpan>) {
        let view = SourceView::new("t", src, 0, 0);
        let labels: Vec<LabeledSpan> = spans
            .iter()
            .map(|(s, e)| LabeledSpan::new(Some("here".to_string()), *s, e - s))
            .collect();
        Excerpt::new(&view, &labels)
    }

    fn labelled<'a>(e: &'a Excerpt, l: &LabeledSpan) -> &'a str {
        &e.text[l.offset()..l.offset() + l.len()]
    }

    #[test]
    fn a_long_line_is_cut_around_its_labels() {
        let src = format!(
            "a\n{}X{}Y{}\nb\n",
            "x".repeat(500),
            "y".repeat(500),
            "z".repeat(500)
        );
        let x = src.find('X').unwrap();
        let y = src.find('Y').unwrap();
        let (e, labels) = excerpt_of(&src, &[(x, x + 1), (y, y + 1)]);
        assert_eq!(labelled(&e, &labels[0]), "X");
        assert_eq!(labelled(&e, &labels[1]), "Y");
        // Three lines: the label's and one either side, the long one in two
        // windows of 81 characters and three ellipses.
        assert_eq!(e.lines.len(), 3);
        let long = e.text.lines().nth(1).unwrap();
        assert_eq!(long.chars().count(), 2 * 81 + 3, "{long}");
        assert!(long.starts_with('…') && long.ends_with('…'));
    }

    #[test]
    fn labels_far_apart_are_not_joined() {
        let src: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let a = src.find("line 3").unwrap();
        let b = src.find("line 90").unwrap();
        let (e, labels) = excerpt_of(&src, &[(a, a + 6), (b, b + 7)]);
        assert_eq!(e.lines.len(), 6);
        let joined = SourceSpan::new(
            labels[0].offset().into(),
            labels[1].offset() + 7 - labels[0].offset(),
        );
        assert!(e.read_span(&joined, 1, 1).is_err());
        let near = SourceSpan::new(labels[0].offset().into(), 6);
        let c = e.read_span(&near, 1, 1).unwrap();
        assert_eq!(c.line(), 2);
        assert_eq!(
            std::str::from_utf8(c.data()).unwrap(),
            "line 2\nline 3\nline 4\n"
        );
    }

    #[test]
    fn a_label_over_many_lines_shows_its_first() {
        let src: String = (0..20).map(|i| format!("line {i}\n")).collect();
        let (e, labels) = excerpt_of(&src, &[(0, src.len())]);
        assert_eq!(e.lines.len(), LABEL_LINES_SHOWN + 1);
        assert_eq!(labels[0].label(), Some("here (through line 20)"));
    }

    #[test]
    fn control_characters_are_escaped_and_labels_follow() {
        let src = "1. A\u{1b}[2J V 1,0 r45\n";
        let r = src.find("r45").unwrap();
        let (e, labels) = excerpt_of(src, &[(r, r + 3)]);
        assert_eq!(labelled(&e, &labels[0]), "r45");
        assert!(e.text.starts_with("1. A\\u{1b}[2J V"), "{}", e.text);
    }
}
