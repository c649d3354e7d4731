//! How text from a record is shown in a report or a message: characters that
//! would move the terminal's cursor or reorder the text escaped, and a long
//! text cut with a note of how much more there was.

use std::fmt::Write as _;

/// User text longer than this (in characters) is cut in messages, labels and
/// help.
pub const MAX_TEXT: usize = 200;

/// Whether a character of a record is shown escaped: control characters (a
/// record's text must not move the terminal's cursor or change its colours)
/// and the characters that reorder text (so that what is shown is what is
/// written).
pub fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Writes a character as a report shows it.
pub fn push_shown(out: &mut String, c: char) {
    if needs_escape(c) {
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
    } else {
        out.push(c);
    }
}

/// Text from a record as a report shows it: escaped (see [`needs_escape`]),
/// and cut after `max` characters with a note of how many more there are.
pub fn shown_text(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max * 2));
    for (shown, (i, c)) in text.char_indices().enumerate() {
        if shown == max {
            let more = chars_in(text.as_bytes().get(i..).unwrap_or_default());
            let _ = write!(out, "… ({more} more characters)");
            return out;
        }
        push_shown(&mut out, c);
    }
    out
}

/// The number of characters in `bytes` of UTF-8 text: its bytes that start a
/// character. Counts correctly on any byte range, whole characters or not.
pub fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| (**b & 0xC0) != 0x80).count()
}
