//! Reading multi-game files as a stream: a batch of games at a time, so that
//! checking an archive of any size holds only the games in flight in memory.
//!
//! Games are split exactly as [`crate::notation::split_games`] splits a text held
//! in memory: a game starts at the first tag or turn line, and a new game at a tag
//! line that follows a turn line, together with the comment lines just before
//! that tag line (after the last blank or turn line). A byte order mark at the
//! start of the input is passed over. Each game carries its byte offset and first
//! line in the file, so spans, line numbers and reports are the same as for the
//! whole file read at once.
//!
//! The input is read in large blocks into one buffer and searched there in place:
//! line by line until a game has a turn line, then only for the next `[` (a tag
//! line holds one, and nothing else can end the game). The games complete in the
//! buffer are handed out together, as one text checked for UTF-8 once and
//! borrowed from the buffer, with each game's range in it; nothing is copied. A
//! byte that is not UTF-8 is replaced in the buffer by U+001A (one byte for one,
//! so that no offset moves) and its place handed out with its game, which
//! reports it. A game larger than the buffer grows it, up to the limit of
//! [`crate::notation::MAX_GAME`]: a game past it is a fault, after which the
//! input is not read further, so memory stays bounded whatever it holds; the
//! buffer shrinks back once its games are small again.

use std::io::Read;

use crate::notation::parse::{PastTheLimit, past_the_limit};
use crate::notation::{MAX_GAME, Span};

/// The size of the input buffer: the most the reader asks its input for at once.
const BUFFER: usize = 256 * 1024;

/// The byte order mark of UTF-8.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// One game's text and where it lies in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game<'a> {
    /// Byte offset of the game in the file.
    pub base: usize,
    /// 0-based line number of the game's first line in the file.
    pub first_line: usize,
    /// The game's lines, line ends included.
    pub text: &'a str,
    /// The bytes of the game that were not UTF-8 (file offsets), each replaced
    /// in `text` by U+001A.
    pub not_utf8: &'a [Span],
}

impl Game<'_> {
    /// The game read as a record ([`crate::notation::read_game`]), its bytes
    /// that were not UTF-8 one fault (`E109`, at the first of them, counting
    /// the others) before the others.
    ///
    /// A game that is not CGN but a record `carcref import` reads
    /// ([`crate::sniff`]) is one fault, `E112`, and is not read as CGN.
    pub fn parse(&self) -> crate::diagnostics::Parsed {
        if let Some(fault) = crate::sniff::not_cgn(self.text, self.base) {
            return crate::diagnostics::Parsed {
                record: crate::notation::GameRecord {
                    span: Span::new(self.base, self.base + self.text.len()),
                    ..crate::notation::GameRecord::default()
                },
                diagnostics: vec![fault],
                needs_unread_line: false,
            };
        }
        let p = crate::diagnostics::parse_game(self.text, self.base);
        if self.not_utf8.is_empty() {
            return p;
        }
        // One fault a game: its first run of such bytes, and a count of the
        // others.
        let mut faults = crate::diagnostics::Faults::new();
        faults.extend(
            self.not_utf8
                .first()
                .map(|span| crate::diagnostics::Diagnostic::NotUtf8 {
                    span: *span,
                    more: self.not_utf8.len() - 1,
                    bytes: self.not_utf8.iter().map(Span::len).sum(),
                }),
        );
        faults.extend(p.diagnostics);
        crate::diagnostics::Parsed {
            record: p.record,
            diagnostics: faults.into_vec(),
            needs_unread_line: p.needs_unread_line,
        }
    }
}

/// Where one game of a batch lies: its end in the batch's text and its first
/// line in the file (it starts where the game before it ends).
#[derive(Debug, Clone, Copy)]
struct GameSpan {
    end: usize,
    first_line: usize,
}

/// Games that follow one another in the file, handed out together: their text
/// borrowed from the reader's buffer, and where each of them lies.
#[derive(Debug, Clone, Copy)]
pub struct Batch<'a> {
    /// The games' text, one after the other.
    text: &'a str,
    /// Byte offset of `text` in the file.
    base: usize,
    spans: &'a [GameSpan],
    /// Bytes that were not UTF-8, in file offsets, in order.
    not_utf8: &'a [Span],
}

impl<'a> Batch<'a> {
    /// The number of games.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the batch holds no game.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The games' text, one after the other.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The games, in the order of the file.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Game<'a>> + Clone + 'a {
        let (text, base, not_utf8) = (self.text, self.base, self.not_utf8);
        let mut start = 0;
        self.spans.iter().map(move |span| {
            let (from, to) = (base + start, base + span.end);
            let first = not_utf8.partition_point(|s| s.start < from);
            let last = not_utf8.partition_point(|s| s.start < to);
            let game = Game {
                base: from,
                first_line: span.first_line,
                text: text.get(start..span.end).unwrap_or_default(),
                not_utf8: not_utf8.get(first..last).unwrap_or_default(),
            };
            start = span.end;
            game
        })
    }
}

/// A fault while reading a stream.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// The reader failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A game is longer than [`MAX_GAME`]: the input is not read further.
    /// `kind` says what is reported: the line that takes the game past the
    /// limit, when that line is longer than a line may be (an input without
    /// line feeds), or the game ([`crate::notation::parse::past_the_limit`]).
    #[error(
        "{} {line} is longer than {limit} bytes; the rest of the input is not read",
        if matches!(kind, PastTheLimit::Line(_)) { "the line" } else { "the game starting on line" }
    )]
    TooLong {
        /// What is reported.
        kind: PastTheLimit,
        /// 1-based line number of the line, or of the game's first line.
        line: usize,
        /// Byte offset of that line in the file.
        offset: usize,
        /// That line's first characters.
        head: String,
        /// The limit of a line, or of a game.
        limit: usize,
    },
}

impl StreamError {
    /// The diagnostic of a fault of the input (not of the reader), and the text
    /// it points into with that text's byte offset and first line (0-based) in
    /// the file.
    pub fn diagnostic(&self) -> Option<(crate::diagnostics::Diagnostic, &str, usize, usize)> {
        match self {
            StreamError::Io(_) => None,
            StreamError::TooLong {
                kind,
                line,
                offset,
                head,
                limit,
            } => {
                let span = Span::new(*offset, offset + head.len());
                let diagnostic = match kind {
                    PastTheLimit::Line(_) => crate::diagnostics::Diagnostic::LineTooLong {
                        span,
                        limit: *limit,
                    },
                    PastTheLimit::Game => crate::diagnostics::Diagnostic::GameTooLong {
                        span,
                        limit: *limit,
                    },
                };
                Some((diagnostic, head, *offset, line.saturating_sub(1)))
            }
        }
    }
}

/// What the reader searches the buffer for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seek {
    /// The end of the line at `pos`, to tell what the line is.
    LineEnd,
    /// The next `[`: once the game has a turn line, only a tag line ends it.
    Bracket,
}

/// Splits a byte stream into games, lazily, a batch at a time.
pub struct GameReader<R> {
    reader: R,
    /// Input read and not yet handed out in a batch: `buf[start..end]`.
    buf: Vec<u8>,
    end: usize,
    /// The buffer's size when no game has made it larger.
    size: usize,
    /// The longest game the reader holds.
    max_game: usize,
    /// Where the games not yet handed out start in `buf`.
    start: usize,
    /// Where the complete games after `start` end in `buf`, in order.
    ends: Vec<usize>,
    /// Start of the line being read (no line feed lies in `buf[pos..seek]`).
    pos: usize,
    /// Where the search goes on.
    seek: usize,
    mode: Seek,
    /// Byte offset of `start` in the file.
    base: usize,
    /// 0-based line number of `start` in the file.
    line: usize,
    /// The games of the batch handed out last.
    spans: Vec<GameSpan>,
    /// The bytes of the batch handed out last that were not UTF-8.
    not_utf8: Vec<Span>,
    /// A fault met after the games not yet handed out, reported after them.
    fault: Option<StreamError>,
    /// Whether the game being gathered has a turn line yet.
    seen_turn: bool,
    /// Whether any tag or turn line has been read.
    started: bool,
    /// Whether the start of the input has been looked at for a byte order mark.
    begun: bool,
    /// Whether the last read gave less than it was asked for: the input has
    /// nothing more for now.
    drained: bool,
    /// Whether the input has ended.
    eof: bool,
    /// Whether the last batch has been handed out.
    done: bool,
}

impl<R> std::fmt::Debug for GameReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameReader")
            .field("base", &self.base)
            .field("line", &self.line)
            .field("buffered", &self.end.saturating_sub(self.start))
            .field("complete", &self.ends.len())
            .field("eof", &self.eof)
            .finish_non_exhaustive()
    }
}

/// What a line is, from its first character after white space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Nothing but white space.
    Blank,
    /// A tag line (`[`).
    Tag,
    /// A comment line (`{` or `;`).
    Comment,
    /// Anything else: a turn line (or a line the game's check reports).
    Turn,
}

/// What a line is. Decided on the bytes: white space here is what
/// `str::trim_start` removes, and a line whose first other byte is not ASCII is
/// read as text to decide, its bytes that are not UTF-8 read as the U+001A they
/// are replaced with (a turn line's first character, then).
fn line_kind(line: &[u8]) -> Kind {
    let first = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C));
    let kind_of = |c: char| match c {
        '[' => Kind::Tag,
        '{' | ';' => Kind::Comment,
        _ => Kind::Turn,
    };
    match first.and_then(|i| line.get(i)) {
        None => Kind::Blank,
        Some(b) if b.is_ascii() => kind_of(char::from(*b)),
        Some(_) => String::from_utf8_lossy(line)
            .trim_start()
            .chars()
            .next()
            .map_or(Kind::Blank, kind_of),
    }
}

/// Where the first line feed in `bytes` is.
#[inline]
fn find_line_feed(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', bytes)
}

/// The number of line feeds in `bytes` (counted by `memchr`, a vector at a time).
fn count_lines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// Where the next game starts, for a tag line at `at` that follows a turn line:
/// at the comment lines just before it (after the last blank or turn line, and
/// not before `floor`, where the game being ended starts).
fn game_start(bytes: &[u8], floor: usize, at: usize) -> usize {
    let mut start = at;
    while start > floor {
        // The line before `start` ends with the line feed at `start - 1`.
        let before = bytes.get(floor..start - 1).unwrap_or_default();
        let line_start = memchr::memrchr(b'\n', before).map_or(floor, |i| floor + i + 1);
        if line_kind(bytes.get(line_start..start).unwrap_or_default()) != Kind::Comment {
            break;
        }
        start = line_start;
    }
    start
}

/// Replaces each byte of `bytes` that is not UTF-8 by U+001A (one byte for
/// one, so no offset moves), noting where they were (`base` is the offset of
/// `bytes` in the file; neighbouring bad bytes are one span). Afterwards
/// `bytes` is UTF-8.
pub fn replace_not_utf8(bytes: &mut [u8], base: usize, spans: &mut Vec<Span>) {
    let mut at = 0;
    while let Some(rest) = bytes.get_mut(at..) {
        let Err(e) = std::str::from_utf8(rest) else {
            break;
        };
        let bad = e.valid_up_to();
        let len = e.error_len().unwrap_or(rest.len() - bad);
        for b in rest.iter_mut().skip(bad).take(len) {
            *b = 0x1a;
        }
        let from = base + at + bad;
        match spans.last_mut() {
            Some(last) if last.end == from => last.end = from + len,
            _ => spans.push(Span::new(from, from + len)),
        }
        at += bad + len;
    }
}

/// The first line of a game, for a report (see
/// [`crate::notation::parse::head_of_game`]), its bytes that are not UTF-8
/// read as U+001A.
fn head_of(bytes: &[u8]) -> String {
    let cut = bytes.get(..bytes.len().min(256)).unwrap_or_default();
    let text: String = String::from_utf8_lossy(cut)
        .chars()
        .map(|c| {
            if c == char::REPLACEMENT_CHARACTER {
                '\u{1a}'
            } else {
                c
            }
        })
        .collect();
    crate::notation::parse::head_of_game(&text).to_string()
}

impl<R: Read> GameReader<R> {
    /// Games of a reader.
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_buffer(reader, BUFFER)
    }

    /// Games of a reader, read into a buffer of `size` bytes (larger while a
    /// game does not fit in it).
    fn with_buffer(reader: R, size: usize) -> GameReader<R> {
        let size = size.max(2);
        GameReader {
            reader,
            buf: vec![0; size],
            end: 0,
            size,
            max_game: MAX_GAME,
            start: 0,
            ends: Vec::new(),
            pos: 0,
            seek: 0,
            mode: Seek::LineEnd,
            base: 0,
            line: 0,
            spans: Vec::new(),
            not_utf8: Vec::new(),
            fault: None,
            seen_turn: false,
            started: false,
            begun: false,
            drained: false,
            eof: false,
            done: false,
        }
    }

    /// The next games of the input: every game complete in the buffer once it
    /// is full, or once the input ends. `None` after the last game; a fault is
    /// returned once, after the games before it, and nothing follows it.
    pub fn next_batch(&mut self) -> Result<Option<Batch<'_>>, StreamError> {
        if let Some(fault) = self.fault.take() {
            self.done = true;
            return Err(fault);
        }
        if self.done {
            return Ok(None);
        }
        loop {
            self.search();
            if self.eof {
                // The last game runs to the end of the input; a stream of only
                // blank and comment lines holds no game.
                if self.started {
                    self.ends.push(self.end);
                }
                self.done = true;
                return self.batch(self.end);
            }
            // The complete games are handed out once the buffer is full, or
            // once the input has nothing more for now (a pipe whose writer is
            // slower than the reader), so that each is answered for as soon
            // as it can be.
            let full = self.end >= self.buf.len();
            if (full || self.drained)
                && let Some(&split) = self.ends.last()
            {
                return self.batch(split);
            }
            if let Err(e) = self.fill() {
                match self.ends.last() {
                    Some(&split) => {
                        self.fault = Some(e);
                        return self.batch(split);
                    }
                    None => {
                        self.done = true;
                        return Err(e);
                    }
                }
            }
        }
    }

    /// The complete games, `buf[start..split]`, as a batch; the games not yet
    /// handed out start at `split` after it. A byte that is not UTF-8 is
    /// replaced by U+001A, and its place kept for its game. A game longer than
    /// the limit ends the batch, and is a fault that follows it.
    fn batch(&mut self, split: usize) -> Result<Option<Batch<'_>>, StreamError> {
        // A game past the limit ends the batch, and the input after it.
        let mut split = split;
        let mut from = self.start;
        for (i, &end) in self.ends.iter().enumerate() {
            if end - from > self.max_game {
                self.fault = self.past_limit(from, end, true);
                self.done = true;
                self.ends.truncate(i);
                split = from;
                break;
            }
            from = end;
        }
        self.not_utf8.clear();
        let base = self.base;
        let range = self.start..split;
        // A text with a bad byte is mended before it is read as text. (ASCII,
        // as nearly every archive is, is told apart quicker than UTF-8 is
        // checked: the text is then checked once.)
        if let Some(bytes) = self.buf.get_mut(range.clone())
            && !bytes.is_ascii()
            && std::str::from_utf8(bytes).is_err()
        {
            replace_not_utf8(bytes, base, &mut self.not_utf8);
        }
        let text = self
            .buf
            .get(range)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or_default();
        let mut line = self.line;
        self.spans.clear();
        let mut from = 0;
        for &end in &self.ends {
            let end = end.saturating_sub(self.start);
            self.spans.push(GameSpan {
                end,
                first_line: line,
            });
            line += count_lines(text.as_bytes().get(from..end).unwrap_or_default());
            from = end;
        }
        self.ends.clear();
        self.start = split;
        self.base += from;
        self.line = line;
        if self.spans.is_empty() {
            // No game to hand out before a fault: the fault now.
            return match self.fault.take() {
                Some(fault) => {
                    self.done = true;
                    Err(fault)
                }
                None => Ok(None),
            };
        }
        Ok(Some(Batch {
            text: text.get(..from).unwrap_or_default(),
            base,
            spans: &self.spans,
            not_utf8: &self.not_utf8,
        }))
    }

    /// Reads more input after `end`, first making room in the buffer if it is
    /// full. Sets `eof` at the end of the input.
    fn fill(&mut self) -> Result<(), StreamError> {
        if self.end >= self.buf.len() {
            self.make_room()?;
        }
        loop {
            let room = self.buf.get_mut(self.end..).unwrap_or_default();
            let wanted = room.len();
            match self.reader.read(room) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.end = (self.end + n).min(self.buf.len());
                    self.drained = n < wanted;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
            return Ok(());
        }
    }

    /// Frees at least half of the buffer, when no complete game is left in it:
    /// the game being gathered moves to the front; a game longer than half of
    /// the buffer doubles it, and a buffer so doubled shrinks back once its
    /// games are short again. A game past its limit is a fault instead: the
    /// buffer does not grow for it.
    fn make_room(&mut self) -> Result<(), StreamError> {
        let shift = self.start.min(self.end);
        let end = self.end.min(self.buf.len());
        self.buf.copy_within(shift..end, 0);
        self.start = 0;
        self.pos = self.pos.saturating_sub(shift);
        self.seek = self.seek.saturating_sub(shift);
        self.end = end - shift;
        if self.end > self.buf.len() / 2 {
            if self.end > self.max_game
                && let Some(fault) = self.past_limit(0, self.end, false)
            {
                return Err(fault);
            }
            self.buf.resize(self.buf.len() * 2, 0);
        } else if self.buf.len() > self.size && self.end <= self.size / 2 {
            self.buf.truncate(self.size);
            self.buf.shrink_to_fit();
        }
        Ok(())
    }

    /// The fault of the game that starts at `at` in the buffer and is longer
    /// than the limit (its bytes gathered so far end at `end`, all of them if
    /// `complete`): the line that takes it past the limit, if that line is
    /// longer than a line may be, else the game. `None` while more of the
    /// game is needed to tell.
    fn past_limit(&self, at: usize, end: usize, complete: bool) -> Option<StreamError> {
        let game = self.buf.get(at..end).unwrap_or_default();
        let kind = past_the_limit(game, complete)?;
        let (start, limit) = match kind {
            PastTheLimit::Line(start) => (start, crate::notation::MAX_LINE),
            PastTheLimit::Game => (0, self.max_game),
        };
        let before = self.buf.get(self.start..at + start).unwrap_or_default();
        Some(StreamError::TooLong {
            kind,
            line: self.line + count_lines(before) + 1,
            offset: self.base + (at + start - self.start),
            head: head_of(game.get(start..).unwrap_or_default()),
            limit,
        })
    }

    /// Passes over a byte order mark at the start of the input. `false` while
    /// too little of the input is read to tell.
    fn begin(&mut self) -> bool {
        if self.begun {
            return true;
        }
        let read = self.buf.get(..self.end).unwrap_or_default();
        if read.len() < BOM.len() && !self.eof && BOM.starts_with(read) {
            return false;
        }
        self.begun = true;
        if read.starts_with(BOM) {
            (self.start, self.pos, self.seek, self.base) = (3, 3, 3, 3);
        }
        true
    }

    /// Searches the buffer for the ends of games, as far as it is filled:
    /// each game ended by a tag line after a turn line has its end in `ends`.
    /// At the end of the input, the whole of it has been searched.
    fn search(&mut self) {
        if !self.begin() {
            return;
        }
        let filled = self.buf.get(..self.end).unwrap_or_default();
        let end = filled.len();
        let (mut pos, mut seek, mut mode) = (self.pos, self.seek, self.mode);
        loop {
            let rest = filled.get(seek..).unwrap_or_default();
            match mode {
                Seek::Bracket => match memchr::memchr(b'[', rest) {
                    Some(i) => {
                        // The line holding the `[` is read whole to tell what it is.
                        let ahead = rest.get(..i).unwrap_or_default();
                        if let Some(j) = memchr::memrchr(b'\n', ahead) {
                            pos = seek + j + 1;
                        }
                        seek += i + 1;
                        mode = Seek::LineEnd;
                    }
                    None if self.eof => {
                        // No tag line in the rest of the input: the game runs to its end.
                        pos = end;
                        seek = end;
                        mode = Seek::LineEnd;
                    }
                    None => {
                        if let Some(j) = memchr::memrchr(b'\n', rest) {
                            pos = seek + j + 1;
                        }
                        seek = end;
                        break;
                    }
                },
                Seek::LineEnd => {
                    let line_end = match find_line_feed(rest) {
                        Some(i) => seek + i + 1,
                        None if !self.eof => {
                            seek = end;
                            break;
                        }
                        // A last line without a line feed.
                        None if pos < end => end,
                        None => break,
                    };
                    let line_start = pos;
                    let kind = line_kind(filled.get(line_start..line_end).unwrap_or_default());
                    pos = line_end;
                    seek = line_end;
                    if kind == Kind::Tag && self.seen_turn {
                        // A tag line after a turn line starts the next game,
                        // with the comment lines just before it.
                        self.seen_turn = false;
                        let floor = self.ends.last().copied().unwrap_or(self.start);
                        self.ends.push(game_start(filled, floor, line_start));
                    }
                    self.started |= matches!(kind, Kind::Tag | Kind::Turn);
                    self.seen_turn |= kind == Kind::Turn;
                    if self.seen_turn {
                        mode = Seek::Bracket;
                    }
                }
            }
        }
        (self.pos, self.seek, self.mode) = (pos, seek, mode);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::MAX_LINE;

    /// A game's offset, first line, text and bytes that were not UTF-8, owned.
    type Owned = (usize, usize, String, Vec<Span>);

    /// Every game of a reader, batch by batch, up to its fault if any. Each
    /// batch holds games, its text is theirs one after the other, its bad bytes
    /// lie in its games, and nothing follows a fault.
    fn drain<R: Read>(reader: &mut GameReader<R>) -> (Vec<Owned>, Option<StreamError>) {
        let mut games = Vec::new();
        loop {
            match reader.next_batch() {
                Ok(Some(batch)) => {
                    assert!(!batch.is_empty());
                    assert_eq!(batch.games().len(), batch.len());
                    let text: String = batch.games().map(|g| g.text).collect();
                    assert_eq!(text, batch.text());
                    let bad: Vec<Span> = batch.games().flat_map(|g| g.not_utf8.to_vec()).collect();
                    assert_eq!(bad, batch.not_utf8);
                    let mut base = batch.base;
                    for g in batch.games() {
                        assert_eq!(g.base, base);
                        for s in g.not_utf8 {
                            assert!(s.start >= g.base && s.end <= g.base + g.text.len());
                            let local = &g.text[s.start - g.base..s.end - g.base];
                            assert!(local.bytes().all(|b| b == 0x1a), "{local:?}");
                        }
                        base += g.text.len();
                    }
                    games.extend(batch.games().map(|g| {
                        (
                            g.base,
                            g.first_line,
                            g.text.to_string(),
                            g.not_utf8.to_vec(),
                        )
                    }));
                }
                Ok(None) => return (games, None),
                Err(e) => {
                    assert!(matches!(reader.next_batch(), Ok(None)));
                    return (games, Some(e));
                }
            }
        }
    }

    fn games(src: &str) -> Vec<Owned> {
        let (games, fault) = drain(&mut GameReader::new(src.as_bytes()));
        assert!(fault.is_none(), "{fault:?}");
        games
    }

    /// The games of an in-memory text as [`crate::notation::split_games`]
    /// splits it, in the reader's terms.
    fn split(src: &str) -> Vec<Owned> {
        crate::notation::split_games(src)
            .map(|(b, t)| (b, src[..b].matches('\n').count(), t.to_string(), Vec::new()))
            .collect()
    }

    #[test]
    fn splits_as_the_in_memory_reader_does() {
        let srcs = [
            "; lead\n[A \"1\"]\n\n1. X V 1,0 r0\n; after\n\n[A \"2\"]\n[B \"3\"]\n1. Y V 1,0 r0\n",
            "1. X V 1,0 r0\n[A \"1\"]\n",
            "[A \"1\"]\n[B \"2\"]",
            "; only a comment\n\n",
            "",
            "\u{feff}[A \"1\"]\n1. X V 1,0 r0\n",
            "[A \"1\"]\n1. X V 1,0 r0\n; end of 1\n\n; about 2\n{ and this }\n[A \"2\"]\n1. Y V 1,0 r0\n",
            "[A \"1\"]\n1. X V 1,0 r0\n; about 2\n[A \"2\"]\n",
        ];
        for src in srcs {
            assert_eq!(games(src), split(src), "{src:?}");
            assert_eq!(games(src), reference(src.as_bytes()), "{src:?}");
        }
    }

    #[test]
    fn comment_lines_before_a_games_tags_are_that_games() {
        let src = "[A \"1\"]\n1. X V 1,0 r0\n; end of 1\n\n; about 2\n[A \"2\"]\n1. Y V 1,0 r0\n";
        let g = games(src);
        assert_eq!(g.len(), 2);
        assert!(g[0].2.ends_with("; end of 1\n\n"), "{:?}", g[0].2);
        assert!(g[1].2.starts_with("; about 2\n[A \"2\"]"), "{:?}", g[1].2);
        assert_eq!(g[1].1, 4);
    }

    #[test]
    fn a_byte_order_mark_is_passed_over() {
        let src = "\u{feff}[A \"1\"]\n1. X V 1,0 r0\n[A \"2\"]\n1. Y V 1,0 r0\n";
        let g = games(src);
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].0, g[0].1), (3, 0));
        assert!(g[0].2.starts_with("[A \"1\"]"));
        // Read a byte at a time, the mark is still recognised.
        let (trickled, _) = drain(&mut GameReader::with_buffer(
            Trickle::new(src.as_bytes(), 5),
            2,
        ));
        assert_eq!(trickled, g);
        // A mark anywhere else is text.
        let g = games("[A \"1\"]\n\u{feff}1. X V 1,0 r0\n");
        assert!(g[0].2.contains('\u{feff}'));
    }

    /// Bytes with each that is not UTF-8 replaced by U+001A (as the reader
    /// replaces them), and where they were, neighbours joined.
    fn replaced(bytes: &[u8]) -> (String, Vec<Span>) {
        let mut out = Vec::with_capacity(bytes.len());
        let mut bad: Vec<Span> = Vec::new();
        let mut rest = bytes;
        loop {
            match std::str::from_utf8(rest) {
                Ok(t) => {
                    out.extend_from_slice(t.as_bytes());
                    break;
                }
                Err(e) => {
                    let good = e.valid_up_to();
                    let len = e.error_len().unwrap_or(rest.len() - good);
                    out.extend_from_slice(&rest[..good]);
                    let from = out.len();
                    out.extend(std::iter::repeat_n(0x1a, len));
                    match bad.last_mut() {
                        Some(last) if last.end == from => last.end = from + len,
                        _ => bad.push(Span::new(from, from + len)),
                    }
                    rest = &rest[good + len..];
                }
            }
        }
        (String::from_utf8(out).unwrap(), bad)
    }

    /// The games of a whole input, split line by line as the reader must: the
    /// byte order mark passed over, a tag line after a turn line starts a game
    /// together with the comment lines just before it, and the bytes that are
    /// not UTF-8 replaced and kept with their game.
    fn reference(bytes: &[u8]) -> Vec<Owned> {
        let (text, bad) = replaced(bytes);
        let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let mut starts: Vec<(usize, usize)> = Vec::new();
        let (mut seen_turn, mut started) = (false, false);
        let mut comments: Option<(usize, usize)> = None;
        let mut offset = skip;
        for (n, line) in text[skip..].split_inclusive('\n').enumerate() {
            let kind = line_kind(line.as_bytes());
            if kind == Kind::Tag && seen_turn {
                starts.push(comments.unwrap_or((offset, n)));
                seen_turn = false;
            }
            comments = match kind {
                Kind::Comment => comments.or(Some((offset, n))),
                _ => None,
            };
            started |= matches!(kind, Kind::Tag | Kind::Turn);
            seen_turn |= kind == Kind::Turn;
            offset += line.len();
        }
        if !started {
            return Vec::new();
        }
        starts.insert(0, (skip, 0));
        let ends: Vec<usize> = starts
            .iter()
            .skip(1)
            .map(|s| s.0)
            .chain([text.len()])
            .collect();
        starts
            .iter()
            .zip(ends)
            .map(|(&(s, n), e)| {
                let in_game = bad
                    .iter()
                    .filter(|b| b.start >= s && b.start < e)
                    .copied()
                    .collect();
                (s, n, text[s..e].to_string(), in_game)
            })
            .collect()
    }

    /// A reader handing out its bytes a few at a time (1 to 7 per call), now and
    /// then interrupted, and failing at the end if `fails`.
    struct Trickle {
        bytes: Vec<u8>,
        at: usize,
        state: u64,
        fails: bool,
    }

    impl Trickle {
        fn new(bytes: &[u8], seed: u64) -> Trickle {
            Trickle {
                bytes: bytes.to_vec(),
                at: 0,
                state: seed | 1,
                fails: false,
            }
        }
    }

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let roll = next(&mut self.state);
            if roll.is_multiple_of(11) {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let left = self.bytes.len() - self.at;
            if left == 0 && self.fails {
                return Err(std::io::Error::other("the input broke off"));
            }
            let n = (1 + roll as usize % 7).min(left).min(out.len());
            out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state >> 11
    }

    /// Pieces of CGN text: tag, turn, comment and blank lines in every layout,
    /// CRLF, non-ASCII white space and letters, byte order marks.
    const PIECES: &[&str] = &[
        "[A \"1\"]\n",
        "[B \"2\"]\r\n",
        "1. X V 1,0 r0\n",
        "2. Y V 1,0 r0\r\n",
        "[A \"1\"]",
        "[",
        "1. X V 1,0 r0",
        "2.",
        "x",
        "; c [B]",
        "; c\n",
        "{ c }",
        "{ d }\r\n",
        "{",
        " ",
        "\t",
        "\r",
        "\n",
        "\n",
        "\n",
        "\r\n",
        "\u{3000}",
        "\u{a0}",
        "\u{85}",
        "\u{3000}[B \"2\"]",
        "\u{3000}; e\n",
        "é",
        "ß [",
        "\u{feff}",
    ];

    /// Bytes that are not UTF-8 on their own or where they fall.
    const BAD: &[&[u8]] = &[b"\xff", b"\xe2\x82", b"\xc3", b"\x80", b"\xf0\x9f\x98"];

    fn random_text(state: &mut u64, bad: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
        if next(state).is_multiple_of(5) {
            bytes.extend_from_slice(BOM);
        }
        for _ in 0..next(state) % 80 {
            let roll = next(state) as usize;
            if bad && roll.is_multiple_of(97) {
                bytes.extend_from_slice(BAD[roll / 97 % BAD.len()]);
            } else {
                bytes.extend_from_slice(PIECES[roll % PIECES.len()].as_bytes());
            }
        }
        bytes
    }

    /// Buffer sizes from the smallest, where every line outgrows the buffer, to
    /// the one in use.
    const SIZES: &[usize] = &[1, 2, 3, 5, 8, 13, 32, 100, BUFFER];

    #[test]
    fn trickled_texts_split_as_the_in_memory_reader_does() {
        let mut state = 0x5eed;
        for round in 0..3000 {
            let bytes = random_text(&mut state, false);
            let src = std::str::from_utf8(&bytes).unwrap();
            let theirs = split(src);
            assert_eq!(reference(&bytes), theirs, "{src:?}");
            let size = SIZES[round % SIZES.len()];
            let (ours, fault) = drain(&mut GameReader::with_buffer(
                Trickle::new(&bytes, round as u64),
                size,
            ));
            assert!(fault.is_none());
            assert_eq!(ours, theirs, "{src:?} with a buffer of {size}");
        }
    }

    #[test]
    fn trickled_bytes_split_as_whole_ones_do_with_bad_bytes_kept() {
        let mut state = 0xbad;
        for round in 0..3000 {
            let bytes = random_text(&mut state, true);
            let expected = reference(&bytes);
            let size = SIZES[round % SIZES.len()];
            let (ours, fault) = drain(&mut GameReader::with_buffer(
                Trickle::new(&bytes, round as u64),
                size,
            ));
            assert!(fault.is_none());
            assert_eq!(ours, expected, "{bytes:?} with a buffer of {size}");
            assert_eq!(games_of(&mut GameReader::new(bytes.as_slice())), expected);
        }
    }

    #[test]
    fn a_broken_input_yields_the_games_ended_before_the_break() {
        let mut state = 0xb10c;
        for round in 0..2000 {
            let bytes = random_text(&mut state, true);
            let size = SIZES[round % SIZES.len()];
            let mut input = Trickle::new(&bytes, round as u64);
            input.fails = true;
            let mut reader = GameReader::with_buffer(input, size);
            let (ours, fault) = drain(&mut reader);
            assert!(matches!(fault, Some(StreamError::Io(_))), "{fault:?}");
            // The games a tag line after a turn line ends, within the complete
            // lines: all but the last game of those lines.
            let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let mut expected = reference(&bytes[..complete]);
            expected.pop();
            assert_eq!(ours, expected, "{bytes:?} with a buffer of {size}");
        }
    }

    #[test]
    fn every_cut_of_crlf_non_ascii_and_bad_bytes_reads_alike() {
        let texts: [&[u8]; 5] = [
            b"; \xc3\xa9\r\n[A \"\xc3\xa9\"]\r\n1. X V 1,0 r0\r\n\xe3\x80\x80[B \"2\"]\r\n1. Y",
            b"[A \"1\"]\n1. X \xe2\x82\xac V 1,0 r0\n[A \"2\"]\n1. Y \xe2\x82\n",
            b"[A \"1\"]\r\n1. X V 1,0 r0\r\n\xe3\x80\x80\xff[B]\r\n[C]\r\n1. Z\r",
            b"\n\n; only comments \xf0\x9f\x98\x80\r\n{ and blanks }\r\n  \t",
            b"\xef\xbb\xbf[A \"1\"]\n1. X V 1,0 r0\n; a\n\xff; b\n[B \"2\"]\n",
        ];
        for bytes in texts {
            let expected = reference(bytes);
            for cut in 0..=bytes.len() {
                let (head, tail) = bytes.split_at(cut);
                for size in [1, 4, 16, BUFFER] {
                    let reader = GameReader::with_buffer(head.chain(tail), size);
                    let mut reader = reader;
                    assert_eq!(
                        games_of(&mut reader),
                        expected,
                        "{bytes:?} cut at {cut}, buffer {size}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_last_line_without_a_line_feed_is_read() {
        let g = games("[A \"1\"]\r\n1. X V 1,0 r0\r\n[A \"2\"]\r\n1. Y V 1,0 r0");
        assert_eq!(g.len(), 2);
        assert_eq!((g[1].0, g[1].1), (24, 2));
        assert_eq!(g[1].2, "[A \"2\"]\r\n1. Y V 1,0 r0");
    }

    #[test]
    fn a_long_line_or_game_grows_the_buffer_up_to_the_limit() {
        // A line longer than a line may be (the game's check reports it) in a
        // game shorter than the limit is handed out.
        let long = "x".repeat(MAX_LINE + 20);
        let src = format!("[A \"1\"]\n1. X V 1,0 r0 {long}\n[A \"2\"]\n1. Y V 1,0 r0\n");
        let mut reader = GameReader::with_buffer(Trickle::new(src.as_bytes(), 7), 64);
        let g = games_of(&mut reader);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].2.len(), src.find("[A \"2\"]").unwrap());
        assert!(reader.buf.len() >= MAX_LINE);
        assert_eq!(g[1].1, 2);

        let mut src = String::from("[A \"1\"]\n");
        for n in 1..=50_000 {
            src.push_str(&format!("{n}. X V 1,0 r0\n"));
        }
        assert!(src.len() < MAX_GAME);
        let mut reader = GameReader::with_buffer(src.as_bytes(), 4096);
        assert_eq!(games_of(&mut reader), [(0, 0, src.clone(), Vec::new())]);
        assert!(reader.buf.len() <= 2 * src.len());
    }

    /// A game one byte past the limit, after a short one, and a short one
    /// after it.
    fn past_the_limit() -> String {
        let mut src = String::from("[A \"1\"]\n1. X V 1,0 r0\n[A \"2\"]\n");
        let mut n = 0;
        while src.len() < MAX_GAME + 22 - 14 {
            n += 1;
            src.push_str(&format!("{:0>8}. X V\n", n % 100_000_000));
        }
        src.push_str("1. X");
        while src.len() < MAX_GAME + 22 {
            src.push('x');
        }
        src.push_str("\n[A \"3\"]\n1. Z V 1,0 r0\n");
        src
    }

    #[test]
    fn a_game_past_the_limit_ends_the_input_after_the_games_before_it() {
        let src = past_the_limit();
        for size in [64, BUFFER, 4 * MAX_GAME] {
            let mut reader = GameReader::with_buffer(Trickle::new(src.as_bytes(), 9), size);
            let (games, fault) = drain(&mut reader);
            assert_eq!(games.len(), 1, "buffer {size}");
            match fault {
                Some(StreamError::TooLong {
                    kind: PastTheLimit::Game,
                    line,
                    offset,
                    head,
                    ..
                }) => {
                    assert_eq!((line, offset, head.as_str()), (3, 22, "[A \"2\"]"));
                }
                other => panic!("{other:?}"),
            }
            assert!(reader.buf.len() <= (4 * MAX_GAME).max(size));
        }
        // One byte less and the game is read.
        let src = src.replacen("xx", "x", 1);
        assert_eq!(games_of(&mut GameReader::new(src.as_bytes())).len(), 3);
    }

    #[test]
    fn an_input_without_line_feeds_ends_past_the_limit() {
        // An input like /dev/zero: bounded memory, and a fault at once.
        let mut reader = GameReader::new(std::io::repeat(0).take(100 * MAX_GAME as u64));
        let (games, fault) = drain(&mut reader);
        assert!(games.is_empty());
        // The line takes the game past its limit, and is longer than a line
        // may be: it is the fault.
        assert!(
            matches!(fault, Some(StreamError::TooLong { kind: PastTheLimit::Line(0), line: 1, offset: 0, ref head, .. }) if head.len() == 200),
            "{fault:?}"
        );
        assert!(reader.buf.len() <= 4 * MAX_GAME);
    }

    fn games_of<R: Read>(reader: &mut GameReader<R>) -> Vec<Owned> {
        let (games, fault) = drain(reader);
        assert!(fault.is_none(), "{fault:?}");
        games
    }

    #[test]
    fn a_buffer_grown_for_a_long_line_shrinks_back() {
        let long = "x".repeat(10_000);
        let mut src = format!("[A \"1\"]\n1. X {long}\n");
        for n in 0..2000 {
            src.push_str(&format!("[A \"{n}\"]\n1. X V 1,0 r0\n"));
        }
        let mut reader = GameReader::with_buffer(src.as_bytes(), 256);
        assert_eq!(games_of(&mut reader).len(), 2001);
        assert_eq!(reader.buf.len(), 256);
    }

    #[test]
    fn line_feeds_are_found_where_they_are() {
        let mut state = 0x1f;
        for _ in 0..20_000 {
            let len = (next(&mut state) % 80) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| match next(&mut state) {
                    r if r % 13 == 0 => b'\n',
                    r => (r >> 8) as u8,
                })
                .collect();
            let expected = bytes.iter().position(|b| *b == b'\n');
            assert_eq!(find_line_feed(&bytes), expected, "{bytes:?}");
        }
    }

    #[test]
    fn first_lines_are_counted() {
        let g = games("[A \"1\"]\n1. X V 1,0 r0\n[A \"2\"]\n1. Y V 1,0 r0\n");
        assert_eq!(g[1].1, 2);
        assert_eq!(g[1].0, 22);
    }

    #[test]
    fn bytes_that_are_not_utf8_stay_with_their_game() {
        let bytes: &[u8] = b"[A \"1\"]\n1. X \xff\xfe V\n[A \"2\"]\n1. Y \xc3 V\n";
        let g = games_of(&mut GameReader::new(bytes));
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].3, [Span::new(13, 15)]);
        assert_eq!(g[0].2, "[A \"1\"]\n1. X \u{1a}\u{1a} V\n");
        assert_eq!(g[1].3, [Span::new(31, 32)]);
        // A line of bad bytes only is a line of the game (a turn line the
        // check reports), not a comment.
        let g = games_of(&mut GameReader::new(&b"; comment\n\xff\xfe\n"[..]));
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].3, [Span::new(10, 12)]);
    }
}
