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
    /// The game being gathered.
    current: Option<GameText>,
    /// Whether the game being gathered has a turn line yet.
    seen_turn: bool,
    /// Whether the game being gathered has a tag or turn line yet.
    started: bool,
    done: bool,
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

    fn next_game(&mut self) -> Result<Option<GameText>, StreamError> {
        loop {
            let line_start = self.offset;
            let game = self.current.get_or_insert_with(|| GameText {
                base: line_start,
                first_line: self.line,
                // A complete basic game is about 1.5 KB.
                text: String::with_capacity(2048),
            });
            let from = game.text.len();
            // Lines go straight into the game's text (one copy, UTF-8 checked on
            // the way); a tag line after a turn line starts the next game, so it
            // is split off and kept for that game.
            let n = match self.reader.read_line(&mut game.text) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                    return Err(StreamError::NotUtf8 {
                        line: self.line + 1,
                        offset: line_start,
                    });
                }
                Err(e) => return Err(e.into()),
            };
            if n == 0 {
                self.done = true;
                // A stream of only blank and comment lines holds no game.
                let started = self.started;
                return Ok(self.current.take().filter(|_| started));
            }
            let text = game.text.get(from..).unwrap_or("");
            let kind = text.trim_start().chars().next();
            let is_tag = kind == Some('[');
            let is_turn = matches!(kind, Some(c) if !matches!(c, '[' | '{' | ';'));
            self.offset += n;
            self.line += 1;
            if is_tag && self.seen_turn {
                let line = game.text.split_off(from);
                let finished = self.current.replace(GameText {
                    base: line_start,
                    first_line: self.line - 1,
                    text: line,
                });
                self.seen_turn = false;
                self.started = true;
                return Ok(finished);
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
