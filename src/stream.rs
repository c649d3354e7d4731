//! Reading multi-game files as a stream: a batch of games at a time, so that
//! checking an archive of any size holds only the games in flight in memory.
//!
//! Games are split exactly as [`crate::notation::split_games`] splits a text held
//! in memory: a game starts at the first tag or turn line, and a new game at a tag
//! line that follows a turn line. Each game carries its byte offset and first line
//! in the file, so spans, line numbers and reports are the same as for the whole
//! file read at once.
//!
//! The input is read in large blocks into one buffer and searched there in place:
//! line by line until a game has a turn line, then only for the next `[` (a tag
//! line holds one, and nothing else can end the game). The games complete in the
//! buffer are handed out together, as one text checked for UTF-8 once and
//! borrowed from the buffer, with each game's range in it; nothing is copied. A
//! game larger than the buffer grows it, and the buffer shrinks back once its
//! games are small again.

use std::io::Read;

/// The size of the input buffer: the most the reader asks its input for at once.
const BUFFER: usize = 256 * 1024;

/// One game's text and where it lies in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game<'a> {
    /// Byte offset of the game in the file.
    pub base: usize,
    /// 0-based line number of the game's first line in the file.
    pub first_line: usize,
    /// The game's lines, line ends included.
    pub text: &'a str,
}

/// Where one game of a batch lies: its end in the batch's text and its first
/// line in the file (it starts where the game before it ends).
#[derive(Debug, Clone, Copy)]
struct Span {
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
    spans: &'a [Span],
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
        let (text, base) = (self.text, self.base);
        let mut start = 0;
        self.spans.iter().map(move |span| {
            let game = Game {
                base: base + start,
                first_line: span.first_line,
                text: text.get(start..span.end).unwrap_or_default(),
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
    /// A line is not UTF-8.
    #[error("line {line} is not UTF-8 text (the line starts at byte {offset} of the file)")]
    NotUtf8 {
        /// 1-based line number.
        line: usize,
        /// Byte offset of the line in the file.
        offset: usize,
    },
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
    spans: Vec<Span>,
    /// A fault met after the games not yet handed out, reported after them.
    fault: Option<StreamError>,
    /// Whether the game being gathered has a turn line yet.
    seen_turn: bool,
    /// Whether any tag or turn line has been read.
    started: bool,
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

/// What a line is, from its first character after white space: a tag line, a
/// turn line, or neither (blank or comment). Decided on the bytes: white space
/// here is what `str::trim_start` removes, and a line whose first other byte is
/// not ASCII is read as text to decide (it is a turn line unless it is white
/// space all through, or not UTF-8, in which case the game's check reports it).
fn line_kind(line: &[u8]) -> (bool, bool) {
    let first = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C));
    match first.and_then(|i| line.get(i)) {
        None => (false, false),
        Some(b'[') => (true, false),
        Some(b'{' | b';') => (false, false),
        Some(b) if b.is_ascii() => (false, true),
        Some(_) => {
            let kind = std::str::from_utf8(line)
                .ok()
                .and_then(|t| t.trim_start().chars().next());
            match kind {
                None => (false, false),
                Some('[') => (true, false),
                Some(c) => (false, !matches!(c, '{' | ';')),
            }
        }
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
            start: 0,
            ends: Vec::new(),
            pos: 0,
            seek: 0,
            mode: Seek::LineEnd,
            base: 0,
            line: 0,
            spans: Vec::new(),
            fault: None,
            seen_turn: false,
            started: false,
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
                // blank and comment lines holds no game, but its bytes are
                // still checked.
                if self.started {
                    self.ends.push(self.end);
                }
                self.done = true;
                return self.batch(self.end);
            }
            let full = self.end >= self.buf.len();
            if full && let Some(&split) = self.ends.last() {
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
    /// handed out start at `split` after it. The text is checked for UTF-8
    /// once: the games before a bad byte are handed out, and the fault is kept
    /// to follow them.
    fn batch(&mut self, split: usize) -> Result<Option<Batch<'_>>, StreamError> {
        let bytes = self.buf.get(self.start..split).unwrap_or_default();
        let (text, bad) = match std::str::from_utf8(bytes) {
            Ok(text) => (text, None),
            Err(e) => {
                let valid = e.valid_up_to();
                let text = bytes
                    .get(..valid)
                    .and_then(|b| std::str::from_utf8(b).ok())
                    .unwrap_or_default();
                (text, Some(valid))
            }
        };
        let (base, mut line) = (self.base, self.line);
        self.spans.clear();
        let mut from = 0;
        for &end in &self.ends {
            let end = end.saturating_sub(self.start);
            if bad.is_some_and(|bad| end > bad) {
                break;
            }
            self.spans.push(Span {
                end,
                first_line: line,
            });
            line += count_lines(text.as_bytes().get(from..end).unwrap_or_default());
            from = end;
        }
        let text = text.get(..from).unwrap_or_default();
        if let Some(valid) = bad {
            let before = bytes.get(from..valid).unwrap_or_default();
            let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
            let fault = StreamError::NotUtf8 {
                line: line + count_lines(before) + 1,
                offset: base + from + line_start,
            };
            if self.spans.is_empty() {
                // Nothing follows the fault, not even a fault met after it.
                self.fault = None;
                self.done = true;
                return Err(fault);
            }
            self.fault = Some(fault);
        }
        self.ends.clear();
        self.start = split;
        self.base += from;
        self.line = line;
        if self.spans.is_empty() {
            return Ok(None);
        }
        Ok(Some(Batch {
            text,
            base,
            spans: &self.spans,
        }))
    }

    /// Reads more input after `end`, first making room in the buffer if it is
    /// full. Sets `eof` at the end of the input.
    fn fill(&mut self) -> Result<(), StreamError> {
        if self.end >= self.buf.len() {
            self.make_room();
        }
        loop {
            let room = self.buf.get_mut(self.end..).unwrap_or_default();
            match self.reader.read(room) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end = (self.end + n).min(self.buf.len()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
            return Ok(());
        }
    }

    /// Frees at least half of the buffer, when no complete game is left in it:
    /// the game being gathered moves to the front; a game longer than half of
    /// the buffer doubles it, and a buffer so doubled shrinks back once its
    /// games are short again.
    fn make_room(&mut self) {
        let shift = self.start.min(self.end);
        let end = self.end.min(self.buf.len());
        self.buf.copy_within(shift..end, 0);
        self.start = 0;
        self.pos = self.pos.saturating_sub(shift);
        self.seek = self.seek.saturating_sub(shift);
        self.end = end - shift;
        if self.end > self.buf.len() / 2 {
            self.buf.resize(self.buf.len() * 2, 0);
        } else if self.buf.len() > self.size && self.end <= self.size / 2 {
            self.buf.truncate(self.size);
            self.buf.shrink_to_fit();
        }
    }

    /// Searches the buffer for the ends of games, as far as it is filled:
    /// each game ended by a tag line after a turn line has its end in `ends`.
    /// At the end of the input, the whole of it has been searched.
    fn search(&mut self) {
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
                    let (is_tag, is_turn) =
                        line_kind(filled.get(line_start..line_end).unwrap_or_default());
                    pos = line_end;
                    seek = line_end;
                    if is_tag && self.seen_turn {
                        // A tag line after a turn line starts the next game.
                        self.seen_turn = false;
                        self.ends.push(line_start);
                    }
                    self.started |= is_tag || is_turn;
                    self.seen_turn |= is_turn;
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

    /// A game's offset, first line and text, owned.
    type Owned = (usize, usize, String);

    /// Every game of a reader, batch by batch, up to its fault if any. Each
    /// batch holds games, its text is theirs one after the other, and nothing
    /// follows a fault.
    fn drain<R: Read>(reader: &mut GameReader<R>) -> (Vec<Owned>, Option<StreamError>) {
        let mut games = Vec::new();
        loop {
            match reader.next_batch() {
                Ok(Some(batch)) => {
                    assert!(!batch.is_empty());
                    assert_eq!(batch.games().len(), batch.len());
                    let text: String = batch.games().map(|g| g.text).collect();
                    assert_eq!(text, batch.text());
                    let mut games_of = batch.games();
                    let first = games_of.next().unwrap();
                    assert_eq!(first.base, batch.base);
                    let mut base = first.base;
                    for g in batch.games() {
                        assert_eq!(g.base, base);
                        base += g.text.len();
                    }
                    games.extend(
                        batch
                            .games()
                            .map(|g| (g.base, g.first_line, g.text.to_string())),
                    );
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

    #[test]
    fn splits_as_the_in_memory_reader_does() {
        let srcs = [
            "; lead\n[A \"1\"]\n\n1. X V 1,0 r0\n; after\n\n[A \"2\"]\n[B \"3\"]\n1. Y V 1,0 r0\n",
            "1. X V 1,0 r0\n[A \"1\"]\n",
            "[A \"1\"]\n[B \"2\"]",
            "; only a comment\n\n",
            "",
        ];
        for src in srcs {
            let ours: Vec<(usize, String)> =
                games(src).into_iter().map(|(b, _, t)| (b, t)).collect();
            let theirs: Vec<(usize, String)> = crate::notation::split_games(src)
                .map(|(b, t)| (b, t.to_string()))
                .collect();
            assert_eq!(ours, theirs, "{src:?}");
        }
    }

    /// A game's offset, first line and text, or the line and offset of its fault.
    type Game = Result<(usize, usize, String), (usize, usize)>;

    /// What a reader yields, with faults reduced to the line and offset they name.
    type Games = Vec<Game>;

    fn outcome<R: Read>(mut reader: GameReader<R>) -> Games {
        let (games, fault) = drain(&mut reader);
        let mut games: Games = games.into_iter().map(Ok).collect();
        match fault {
            None => {}
            Some(StreamError::NotUtf8 { line, offset }) => games.push(Err((line, offset))),
            Some(e) => panic!("{e}"),
        }
        games
    }

    /// The games of a whole input, split line by line as the reader must: a tag
    /// line after a turn line starts a game, each game's bytes are checked once
    /// it is complete, and nothing follows a fault.
    fn reference(bytes: &[u8]) -> Games {
        let (mut games, last) = reference_parts(bytes);
        games.extend(last);
        games
    }

    /// The games [`reference`] finds, apart from the one the end of the input
    /// ends (if any).
    fn reference_parts(bytes: &[u8]) -> (Games, Option<Game>) {
        fn text(bytes: &[u8], base: usize, first: usize) -> Game {
            match std::str::from_utf8(bytes) {
                Ok(t) => Ok((base, first, t.to_string())),
                Err(e) => {
                    let before = &bytes[..e.valid_up_to()];
                    let lines = before.iter().filter(|b| **b == b'\n').count();
                    let start = before
                        .iter()
                        .rposition(|b| *b == b'\n')
                        .map_or(0, |i| i + 1);
                    Err((first + lines + 1, base + start))
                }
            }
        }
        let mut games = Vec::new();
        let (mut base, mut first, mut offset) = (0, 0, 0);
        let (mut seen_turn, mut started) = (false, false);
        for (n, line) in bytes.split_inclusive(|b| *b == b'\n').enumerate() {
            let (is_tag, is_turn) = line_kind(line);
            if is_tag && seen_turn {
                let game = text(&bytes[base..offset], base, first);
                let fault = game.is_err();
                games.push(game);
                if fault {
                    return (games, None);
                }
                (base, first, seen_turn) = (offset, n, false);
            }
            started |= is_tag || is_turn;
            seen_turn |= is_turn;
            offset += line.len();
        }
        let last = match text(&bytes[base..], base, first) {
            Ok(_) if !started => None,
            game => Some(game),
        };
        (games, last)
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
    /// CRLF, non-ASCII white space and letters.
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
        "{ c }",
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
        "é",
        "ß [",
    ];

    /// Bytes that are not UTF-8 on their own or where they fall.
    const BAD: &[&[u8]] = &[b"\xff", b"\xe2\x82", b"\xc3", b"\x80", b"\xf0\x9f\x98"];

    fn random_text(state: &mut u64, bad: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
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
            let theirs: Games = crate::notation::split_games(src)
                .map(|(b, t)| Ok((b, src[..b].matches('\n').count(), t.to_string())))
                .collect();
            assert_eq!(reference(&bytes), theirs, "{src:?}");
            let size = SIZES[round % SIZES.len()];
            let ours = outcome(GameReader::with_buffer(
                Trickle::new(&bytes, round as u64),
                size,
            ));
            assert_eq!(ours, theirs, "{src:?} with a buffer of {size}");
        }
    }

    #[test]
    fn trickled_bytes_split_and_fail_as_whole_ones_do() {
        let mut state = 0xbad;
        for round in 0..3000 {
            let bytes = random_text(&mut state, true);
            let expected = reference(&bytes);
            let size = SIZES[round % SIZES.len()];
            let ours = outcome(GameReader::with_buffer(
                Trickle::new(&bytes, round as u64),
                size,
            ));
            assert_eq!(ours, expected, "{bytes:?} with a buffer of {size}");
            assert_eq!(outcome(GameReader::new(bytes.as_slice())), expected);
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
            let (games, fault) = drain(&mut reader);
            let mut ours: Games = games.into_iter().map(Ok).collect();
            let broke = match fault {
                Some(StreamError::NotUtf8 { line, offset }) => {
                    ours.push(Err((line, offset)));
                    false
                }
                Some(StreamError::Io(_)) => true,
                None => panic!("the input cannot end"),
            };
            // The games a tag line after a turn line ends, within the complete lines.
            let complete = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let (expected, _) = reference_parts(&bytes[..complete]);
            assert_eq!(
                broke,
                expected.last().is_none_or(Result::is_ok),
                "{bytes:?}"
            );
            assert_eq!(ours, expected, "{bytes:?} with a buffer of {size}");
        }
    }

    #[test]
    fn every_cut_of_crlf_non_ascii_and_bad_bytes_reads_alike() {
        let texts: [&[u8]; 4] = [
            b"; \xc3\xa9\r\n[A \"\xc3\xa9\"]\r\n1. X V 1,0 r0\r\n\xe3\x80\x80[B \"2\"]\r\n1. Y",
            b"[A \"1\"]\n1. X \xe2\x82\xac V 1,0 r0\n[A \"2\"]\n1. Y \xe2\x82\n",
            b"[A \"1\"]\r\n1. X V 1,0 r0\r\n\xe3\x80\x80\xff[B]\r\n[C]\r\n1. Z\r",
            b"\n\n; only comments \xf0\x9f\x98\x80\r\n{ and blanks }\r\n  \t",
        ];
        for bytes in texts {
            let expected = reference(bytes);
            for cut in 0..=bytes.len() {
                let (head, tail) = bytes.split_at(cut);
                for size in [1, 4, 16, BUFFER] {
                    let reader = GameReader::with_buffer(head.chain(tail), size);
                    assert_eq!(
                        outcome(reader),
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
    fn a_long_line_or_game_grows_the_buffer() {
        let long = "x".repeat(1_000_000);
        let src = format!("[A \"1\"]\n1. X V 1,0 r0 {long}\n[A \"2\"]\n1. Y V 1,0 r0\n");
        let mut reader = GameReader::with_buffer(Trickle::new(src.as_bytes(), 7), 64);
        let g = games_of(&mut reader);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].2.len(), src.find("[A \"2\"]").unwrap());
        assert!(reader.buf.len() >= 1_000_000);
        assert_eq!(g[1].1, 2);

        let mut src = String::from("[A \"1\"]\n");
        for n in 1..=100_000 {
            src.push_str(&format!("{n}. X V 1,0 r0\n"));
        }
        let mut reader = GameReader::with_buffer(src.as_bytes(), 4096);
        assert_eq!(games_of(&mut reader), [(0, 0, src.clone())]);
        assert!(reader.buf.len() <= 2 * src.len());
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
    fn invalid_utf8_in_a_file_without_a_game_is_reported() {
        let bytes: &[u8] = b"; comment\n\xff\xfe\n";
        let r = drain(&mut GameReader::new(bytes));
        assert!(
            matches!(
                r,
                (
                    ref games,
                    Some(StreamError::NotUtf8 {
                        line: 2,
                        offset: 10
                    })
                ) if games.is_empty()
            ),
            "{r:?}"
        );
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let bytes: &[u8] = b"[A \"1\"]\n1. X \xff V\n";
        match drain(&mut GameReader::new(bytes)) {
            (_, Some(StreamError::NotUtf8 { line, offset })) => {
                assert_eq!((line, offset), (2, 8));
            }
            other => panic!("{other:?}"),
        }
    }
}
