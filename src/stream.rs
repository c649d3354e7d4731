//! Reading multi-game files as a stream: one game's text at a time, so that
//! checking an archive of any size holds only the games in flight in memory.
//!
//! Games are split exactly as [`crate::notation::split_games`] splits a text held
//! in memory: a game starts at the first tag or turn line, and a new game at a tag
//! line that follows a turn line. Each game carries its byte offset and first line
//! in the file, so spans, line numbers and reports are the same as for the whole
//! file read at once.

use std::io::BufRead;

/// One game's text and where it lies in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// Byte offset of the game in the file.
    pub base: usize,
    /// 0-based line number of the game's first line in the file.
    pub first_line: usize,
    /// The game's lines, line ends included.
    pub text: String,
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

/// Splits a byte stream into games, lazily.
#[derive(Debug)]
pub struct GameReader<R> {
    reader: R,
    /// Byte offset of the next line to read.
    offset: usize,
    /// 0-based number of the next line to read.
    line: usize,
    /// The game being gathered: where it starts, its first line, its bytes.
    current: Option<(usize, usize, Vec<u8>)>,
    /// Whether the game being gathered has a turn line yet.
    seen_turn: bool,
    /// Whether the game being gathered has a tag or turn line yet.
    started: bool,
    done: bool,
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

/// Appends one line (up to and including its line feed, or to the end of the
/// input) to `out` and returns its length; 0 at the end of the input. Like
/// `BufRead::read_until`, with the line end found by the SIMD `memchr`.
fn read_line(reader: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut n = 0;
    loop {
        let (done, used) = {
            let buf = match reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            match memchr::memchr(b'\n', buf) {
                Some(i) => {
                    out.extend_from_slice(buf.get(..=i).unwrap_or(buf));
                    (true, i + 1)
                }
                None => {
                    out.extend_from_slice(buf);
                    (buf.is_empty(), buf.len())
                }
            }
        };
        reader.consume(used);
        n += used;
        if done {
            return Ok(n);
        }
    }
}

impl<R: BufRead> GameReader<R> {
    /// Games of a reader.
    pub fn new(reader: R) -> GameReader<R> {
        GameReader {
            reader,
            offset: 0,
            line: 0,
            current: None,
            seen_turn: false,
            started: false,
            done: false,
        }
    }

    /// A gathered game as text, or the first line that is not UTF-8.
    fn finish(base: usize, first_line: usize, bytes: Vec<u8>) -> Result<GameText, StreamError> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(GameText {
                base,
                first_line,
                text,
            }),
            Err(e) => {
                let bytes = e.as_bytes();
                let bad = e.utf8_error().valid_up_to();
                let before = bytes.get(..bad).unwrap_or(bytes);
                let lines = before.iter().filter(|b| **b == b'\n').count();
                let line_start = before
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1);
                Err(StreamError::NotUtf8 {
                    line: first_line + lines + 1,
                    offset: base + line_start,
                })
            }
        }
    }

    fn next_game(&mut self) -> Result<Option<GameText>, StreamError> {
        loop {
            let line_start = self.offset;
            let first_line = self.line;
            let (_, _, bytes) = self.current.get_or_insert_with(|| {
                // A complete basic game is about 1.5 KB.
                (line_start, first_line, Vec::with_capacity(2048))
            });
            let from = bytes.len();
            // Lines go straight into the game's bytes (one copy, found with
            // memchr); the game is checked to be UTF-8 once it is complete. A tag
            // line after a turn line starts the next game, so it is split off and
            // kept for that game.
            let n = read_line(&mut self.reader, bytes)?;
            if n == 0 {
                self.done = true;
                return match self.current.take() {
                    Some((base, first, bytes)) => {
                        let game = Self::finish(base, first, bytes)?;
                        // A stream of only blank and comment lines holds no game.
                        Ok(Some(game).filter(|_| self.started))
                    }
                    None => Ok(None),
                };
            }
            let (is_tag, is_turn) = line_kind(bytes.get(from..).unwrap_or(&[]));
            self.offset += n;
            self.line += 1;
            if is_tag && self.seen_turn {
                // The next game's first line, with room for the rest of that game.
                let mut line = Vec::with_capacity(2048);
                line.extend_from_slice(bytes.get(from..).unwrap_or(&[]));
                bytes.truncate(from);
                let finished = self.current.replace((line_start, self.line - 1, line));
                self.seen_turn = false;
                self.started = true;
                return match finished {
                    Some((base, first, bytes)) => Self::finish(base, first, bytes).map(Some),
                    None => Ok(None),
                };
            }
            if is_tag || is_turn {
                self.started = true;
            }
            if is_turn {
                self.seen_turn = true;
            }
        }
    }
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = Result<GameText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(src: &str) -> Vec<GameText> {
        GameReader::new(src.as_bytes())
            .map(|g| g.unwrap())
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
        ];
        for src in srcs {
            let ours: Vec<(usize, String)> =
                games(src).into_iter().map(|g| (g.base, g.text)).collect();
            let theirs: Vec<(usize, String)> = crate::notation::split_games(src)
                .map(|(b, t)| (b, t.to_string()))
                .collect();
            assert_eq!(ours, theirs, "{src:?}");
        }
    }

    #[test]
    fn first_lines_are_counted() {
        let g = games("[A \"1\"]\n1. X V 1,0 r0\n[A \"2\"]\n1. Y V 1,0 r0\n");
        assert_eq!(g[1].first_line, 2);
        assert_eq!(g[1].base, 22);
    }

    #[test]
    fn invalid_utf8_in_a_file_without_a_game_is_reported() {
        let bytes: &[u8] = b"; comment\n\xff\xfe\n";
        let r: Vec<_> = GameReader::new(bytes).collect();
        assert!(
            matches!(
                r.as_slice(),
                [Err(StreamError::NotUtf8 {
                    line: 2,
                    offset: 10
                })]
            ),
            "{r:?}"
        );
    }

    #[test]
    fn invalid_utf8_names_its_line() {
        let bytes: &[u8] = b"[A \"1\"]\n1. X \xff V\n";
        let r: Vec<_> = GameReader::new(bytes).collect();
        match r.last() {
            Some(Err(StreamError::NotUtf8 { line, offset })) => {
                assert_eq!((*line, *offset), (2, 8));
            }
            other => panic!("{other:?}"),
        }
    }
}
