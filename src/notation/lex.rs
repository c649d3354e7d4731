//! The lexical pieces both readers share, so that the quick reader
//! ([`super::quick`]) and the grammar ([`super::parse`]) read a line by one
//! set of rules: the classes of the bytes of a name, a number and a tag name;
//! the bare player's name and the sign of a negative claim; and the scanners
//! of a turn line in the common form ([`scan_turn`]) and of a tag line
//! written plainly ([`scan_tag`]), which read a line in one pass, checking
//! each token and working out its number as they move over it.

use crate::board::Pos;
use crate::tiles::{Half, Rotation, Side, Spot};

use super::{Name, Place, Span, Spanned, TagRecord, TurnInput};

/// A byte range within a line: `(start, end)`.
pub type Mark = (usize, usize);

/// Where the tokens of a turn line read by [`scan_turn`] lie in the line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnMarks {
    /// The turn number.
    pub number: Mark,
    /// The player.
    pub player: Mark,
    /// The tile id.
    pub tile: Mark,
    /// The action: `x,y rN` or `discard`.
    pub action: Mark,
    /// The position (placements only).
    pub pos: Mark,
    /// The rotation (placements only).
    pub rotation: Mark,
    /// The figure token `+…`, if any.
    pub figure: Mark,
    /// The figure name before the colon, if written.
    pub figure_name: Mark,
    /// The spot.
    pub spot: Mark,
}

/// A score claim `=Name+points[/total]` of a turn line read by [`scan_turn`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimScan<'a> {
    /// Who scores.
    pub player: &'a str,
    /// Points this turn.
    pub points: u32,
    /// The running total, if written.
    pub total: Option<u32>,
    /// The whole token, the name, the points and the total.
    pub marks: [Mark; 4],
}

/// An ASCII byte that a bare name may hold: one that
/// [`is_name_char`] allows.
pub(super) const NAME: u8 = 1;
/// A byte that a bare name may hold: as [`NAME`], or any byte of a character
/// other than ASCII (such names are then decided on character by character).
pub(super) const WIDE_NAME: u8 = 2;
/// An ASCII letter or digit.
pub(super) const ALNUM: u8 = 4;
/// A byte of a figure name: an ASCII lower-case letter or `-`.
pub(super) const FIGURE: u8 = 8;
/// A byte of a tag name after its first: an ASCII letter, digit or `_`.
pub(super) const TAG_NAME: u8 = 16;

/// The classes of each byte value: one look-up per byte of a token.
// Worked out when compiling: an index out of range would fail the build, and
// cannot panic when running.
#[allow(clippy::indexing_slicing)]
pub(super) const CLASSES: [u8; 256] = {
    let mut classes = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut class = 0;
        if !b.is_ascii() {
            class |= WIDE_NAME;
        } else if !matches!(
            b,
            9..=13
                | b' '
                | b'"'
                | b'{'
                | b'}'
                | b';'
                | b'='
                | b'+'
                | b','
                | b'('
                | b')'
                | b'['
                | b']'
        ) {
            class |= NAME | WIDE_NAME;
        }
        if b.is_ascii_alphanumeric() {
            class |= ALNUM | TAG_NAME;
        }
        if b.is_ascii_lowercase() || b == b'-' {
            class |= FIGURE;
        }
        if b == b'_' {
            class |= TAG_NAME;
        }
        classes[c] = class;
        c += 1;
    }
    classes
};

/// The class bits of byte `c`.
#[inline(always)]
pub(super) fn class(c: u8) -> u8 {
    CLASSES.get(usize::from(c)).copied().unwrap_or(0)
}

/// The length of the run of bytes in one of the classes `class_bits` at the
/// start of `b`.
#[inline(always)]
pub(super) fn run(b: &[u8], class_bits: u8) -> usize {
    b.iter()
        .position(|c| class(*c) & class_bits == 0)
        .unwrap_or(b.len())
}

/// Whether a line ends at the start of `rest`: at the end of the text, at a
/// line feed, or at a carriage return that is the last byte or comes before a
/// line feed.
#[inline(always)]
pub(super) fn line_ends(rest: &[u8]) -> bool {
    matches!(rest, [] | [b'\n', ..] | [b'\r'] | [b'\r', b'\n', ..])
}

/// Whether a token ends at the start of `rest`: at a space or where the line
/// ends.
#[inline(always)]
pub(super) fn token_ends(rest: &[u8]) -> bool {
    matches!(rest, [b' ', ..]) || line_ends(rest)
}

/// The decimal number of one or more digits at the start of `s`, and the text
/// after its digits; `None` if there is no digit or it is greater than
/// `u32::MAX`.
#[inline(always)]
pub(super) fn digits(s: &str) -> Option<(u32, &str)> {
    let b = s.as_bytes();
    let mut n = u32::from(b.first()?.wrapping_sub(b'0'));
    if n > 9 {
        return None;
    }
    let mut k = 1;
    // Nine digits stay below `u32::MAX`.
    while let Some(d) = b.get(k).map(|c| c.wrapping_sub(b'0')).filter(|d| *d < 10) {
        if k == 9 {
            return long_digits(s);
        }
        n = n * 10 + u32::from(d);
        k += 1;
    }
    Some((n, s.get(k..)?))
}

/// [`digits`] for ten digits or more.
#[cold]
#[inline(never)]
pub(super) fn long_digits(s: &str) -> Option<(u32, &str)> {
    let k = s.bytes().take_while(u8::is_ascii_digit).count();
    let n = s.bytes().take(k).try_fold(0u32, |n, d| {
        n.checked_mul(10)?
            .checked_add(u32::from(d.wrapping_sub(b'0')))
    })?;
    Some((n, s.get(k..)?))
}

/// The coordinate (`integer`) at the start of `s`, and the text after it.
#[inline(always)]
pub(super) fn coordinate(s: &str) -> Option<(i32, &str)> {
    match s.strip_prefix('-') {
        Some(s) => {
            let (m, rest) = digits(s)?;
            Some((0i32.checked_sub_unsigned(m)?, rest))
        }
        None => {
            let (m, rest) = digits(s)?;
            Some((i32::try_from(m).ok()?, rest))
        }
    }
}

/// The bare name at the start of `s`, which the byte `stop` must follow;
/// returns it and the text after `stop`. `None` if it is empty, has a
/// character a bare name may not have, or `stop` does not follow it in the
/// line.
#[inline(always)]
pub(super) fn name_until(s: &str, stop: u8) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let k = run(b, NAME);
    match b.get(k) {
        Some(c) if *c == stop && k > 0 => {
            let (name, rest) = s.split_at_checked(k)?;
            Some((name, rest.strip_prefix(char::from(stop))?))
        }
        Some(c) if !c.is_ascii() => wide_name_until(s, stop),
        _ => None,
    }
}

/// [`name_until`] for a name with a character other than ASCII.
#[cold]
#[inline(never)]
pub(super) fn wide_name_until(s: &str, stop: u8) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let k = run(b, WIDE_NAME);
    if k == 0 || b.get(k) != Some(&stop) {
        return None;
    }
    let (name, rest) = s.split_at_checked(k)?;
    if !name.chars().all(is_name_char) {
        return None;
    }
    Some((name, rest.strip_prefix(char::from(stop))?))
}

/// The spot at the start of `s`, which must end the token, and the text after
/// it.
#[inline(always)]
pub(super) fn spot(s: &str) -> Option<(Spot, &str)> {
    let (spot, k) = spot_head(s.as_bytes())?;
    let rest = s.get(k..)?;
    token_ends(rest.as_bytes()).then_some((spot, rest))
}

/// The spot at the start of `b`, and its length; whether its token ends there
/// is for the caller to see.
///
/// Spots follow no pattern a branch could learn either: the first three bytes
/// are looked up as a half-edge ([`SPOT_HALVES`]) and the first as a side or
/// the centre ([`SPOT_LETTERS`]), and the answer is picked from the two
/// without a branch on the letters. Bytes past the end of `b` are read as 0,
/// which no spot holds.
#[inline(always)]
pub(super) fn spot_head(b: &[u8]) -> Option<(Spot, usize)> {
    let bytes = match b.first_chunk::<4>() {
        Some(bytes) => *bytes,
        None => padded(b),
    };
    let word = u32::from_le_bytes(bytes) & 0x00FF_FFFF;
    let (half_word, half) = *SPOT_HALVES.get(half_slot(word))?;
    let (letter, single) = *SPOT_LETTERS.get((word & 31) as usize)?;
    let is_half = word == half_word;
    let spot = if is_half { half } else { single };
    let len = if is_half { 3 } else { 1 };
    (is_half || word & 0xFF == letter).then_some((spot, len))
}

/// Where [`SPOT_HALVES`] holds a three-letter word: a multiplicative hash,
/// under which the eight half-edges fall apart.
pub(super) const fn half_slot(word: u32) -> usize {
    (word.wrapping_mul(0x9E37_79B1) >> 27) as usize
}

/// The half-edges at [`half_slot`] of their names as little-endian words,
/// each with that word; other places hold a word no three bytes are.
// Evaluated when carcref is built: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
pub(super) const SPOT_HALVES: [(u32, Spot); 32] = {
    let mut t = [(u32::MAX, Spot::Centre); 32];
    let mut i = 0;
    while i < Half::NAMES.len() {
        let name = Half::NAMES[i].as_bytes();
        let word = name[0] as u32 | (name[1] as u32) << 8 | (name[2] as u32) << 16;
        t[half_slot(word)] = (word, Spot::Half(Half::from_index(i)));
        i += 1;
    }
    t
};

/// The one-letter spots at the low five bits of their letter, each with its
/// letter; other places hold a letter no byte is.
// Evaluated when carcref is built: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
pub(super) const SPOT_LETTERS: [(u32, Spot); 32] = {
    let mut t = [(u32::MAX, Spot::Centre); 32];
    t[(b'N' & 31) as usize] = (b'N' as u32, Spot::Edge(Side::North));
    t[(b'E' & 31) as usize] = (b'E' as u32, Spot::Edge(Side::East));
    t[(b'S' & 31) as usize] = (b'S' as u32, Spot::Edge(Side::South));
    t[(b'W' & 31) as usize] = (b'W' as u32, Spot::Edge(Side::West));
    t[(b'C' & 31) as usize] = (b'C' as u32, Spot::Centre);
    t
};

/// The rotation token ` rN` at the start of `b`, and its length (with the
/// space); whether its token ends there is for the caller to see.
///
/// Rotations follow no pattern a branch could learn, so the token is read
/// without a branch on its digits: the low four bits of its first digit pick
/// the one token it may be ([`ROTATION_WORDS`]), and the bytes are compared
/// with it as one word. Bytes past the end of `b` are read as 0, which no
/// token holds.
#[inline(always)]
pub(super) fn rotation_head(b: &[u8]) -> Option<(Rotation, usize)> {
    let bytes = match b.first_chunk::<8>() {
        Some(bytes) => *bytes,
        None => padded(b),
    };
    let word = u64::from_le_bytes(bytes);
    let (pattern, len, rotation) = *ROTATION_WORDS.get((word >> 16) as usize & 15)?;
    let mask = !(u64::MAX << (8 * len));
    (word & mask == pattern).then_some((rotation, len))
}

/// The rotation tokens as little-endian words, with their lengths, at the low
/// four bits of their first digit (`0`, `1`, `2`, `9`). The other places
/// match nothing: their length leaves no byte to compare, so the masked word
/// is 0, and their word is 1.
pub(super) const ROTATION_WORDS: [(u64, usize, Rotation); 16] = {
    let none = (1, 0, Rotation::R0);
    let mut t = [none; 16];
    t[0] = (u64::from_le_bytes(*b" r0\0\0\0\0\0"), 3, Rotation::R0);
    t[1] = (u64::from_le_bytes(*b" r180\0\0\0"), 5, Rotation::R180);
    t[2] = (u64::from_le_bytes(*b" r270\0\0\0"), 5, Rotation::R270);
    t[9] = (u64::from_le_bytes(*b" r90\0\0\0\0"), 4, Rotation::R90);
    t
};

/// The first bytes of `b`, as many as there are up to `N`, and 0 after them.
#[cold]
pub(super) fn padded<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut w = [0; N];
    for (to, from) in w.iter_mut().zip(b) {
        *to = *from;
    }
    w
}

/// Reads a turn line (without its line terminator) written in the common form;
/// its claims are appended to `claims` (none are if it gives `None`). `None` if
/// the line is not in that form or has a fault: the full grammar then reads it.
#[inline]
pub fn scan_turn<'a>(
    body: &'a str,
    claims: &mut Vec<ClaimScan<'a>>,
) -> Option<(TurnInput<'a>, TurnMarks)> {
    let before = claims.len();
    match turn_at(body, claims) {
        // A line terminator (or a carriage return) within the line is in no
        // token: the line must end where `body` does.
        Some((input, marks, end)) if end == body.len() => Some((input, marks)),
        _ => {
            claims.truncate(before);
            None
        }
    }
}

/// Reads the turn line at the start of `text` as [`scan_turn`] does; `text` may
/// go on past the line. Also returns where the line's text ends (at its
/// terminator or at the end of `text`).
#[inline(always)]
pub(super) fn turn_at<'a>(
    text: &'a str,
    claims: &mut Vec<ClaimScan<'a>>,
) -> Option<(TurnInput<'a>, TurnMarks, usize)> {
    let (input, marks, mut s) = turn_head_at(text)?;
    while !line_ends(s.as_bytes()) {
        let (claim, after) = claim_at(text, s)?;
        claims.push(claim);
        s = after;
    }
    Some((input, marks, text.len() - s.len()))
}

/// Reads the start of a turn line at the start of `text`, up to what is done
/// with the tile (`ASIDE`: `aside` too, as version 2 has it): returns the turn
/// without its figure, and the text after it; the marks of its tokens go to
/// `marks`.
#[inline(always)]
pub(super) fn turn_start_at<'a, const ASIDE: bool>(
    text: &'a str,
    marks: &mut TurnMarks,
) -> Option<(TurnInput<'a>, &'a str)> {
    // The offset of the text left.
    let at = |rest: &str| text.len() - rest.len();

    let (number, s) = digits(text)?;
    marks.number = (0, at(s));
    let s = s.strip_prefix(". ")?;

    let p0 = at(s);
    let (player, s) = name_until(s, b' ')?;
    let t0 = at(s);
    marks.player = (p0, t0 - 1);

    let b = s.as_bytes();
    let k = run(b, ALNUM);
    if !b.first()?.is_ascii_uppercase() || b.get(k) != Some(&b' ') {
        return None;
    }
    let (tile, s) = s.split_at_checked(k)?;
    let s = s.strip_prefix(' ')?;
    marks.tile = (t0, t0 + k);
    let a0 = t0 + k + 1;

    // A position starts with a digit or `-`.
    let (place, aside, s) = if s.as_bytes().first() == Some(&b'd') {
        let after = s.strip_prefix("discard")?;
        if !token_ends(after.as_bytes()) {
            return None;
        }
        marks.action = (a0, a0 + 7);
        (None, false, after)
    } else if ASIDE && s.as_bytes().first() == Some(&b'a') {
        let after = s.strip_prefix("aside")?;
        if !token_ends(after.as_bytes()) {
            return None;
        }
        marks.action = (a0, a0 + 5);
        (None, true, after)
    } else {
        let (x, after) = coordinate(s)?;
        let (y, after) = coordinate(after.strip_prefix(',')?)?;
        let a1 = at(after);
        let (rotation, k) = rotation_head(after.as_bytes())?;
        let after = after.get(k..)?;
        if !token_ends(after.as_bytes()) {
            return None;
        }
        let r1 = a1 + k;
        marks.pos = (a0, a1);
        marks.rotation = (a1 + 1, r1);
        marks.action = (a0, r1);
        (Some((Pos::new(x, y), rotation)), false, after)
    };
    let input = TurnInput {
        number,
        player,
        tile,
        place,
        figure: None,
        aside,
        steps: super::act::TurnSteps::NONE,
    };
    Some((input, s))
}

/// Reads a turn line at the start of `text` up to its score claims: returns the
/// turn, the marks of its tokens, and the text after them (the claims, then the
/// rest of the line).
#[inline(always)]
pub(super) fn turn_head_at(text: &str) -> Option<(TurnInput<'_>, TurnMarks, &str)> {
    let at = |rest: &str| text.len() - rest.len();
    let mut marks = TurnMarks::default();
    let (start, mut s) = turn_start_at::<false>(text, &mut marks)?;
    let place = start.place;

    let mut figure = None;
    if place.is_some()
        && let Some(after) = s.strip_prefix(" +")
    {
        let f0 = at(after);
        let k = run(after.as_bytes(), FIGURE);
        let (name, spot_from) = match after.as_bytes().get(k) {
            Some(b':') if k > 0 => {
                marks.figure_name = (f0, f0 + k);
                (Some(after.get(..k)?), after.get(k + 1..)?)
            }
            _ => (None, after),
        };
        let spot_at = at(spot_from);
        let (spot, after) = spot(spot_from)?;
        let end = at(after);
        marks.figure = (f0 - 1, end);
        marks.spot = (spot_at, end);
        figure = Some((name, spot));
        s = after;
    }

    let input = TurnInput { figure, ..start };
    Some((input, marks, s))
}

/// Reads the score claim ` =Name+points[/total]` at the start of `s`, which
/// lies within the line that starts `text` (its marks count from there);
/// returns it and the text after it.
#[inline(always)]
pub(super) fn claim_at<'a>(text: &'a str, s: &'a str) -> Option<(ClaimScan<'a>, &'a str)> {
    let at = |rest: &str| text.len() - rest.len();
    let after = s.strip_prefix(" =")?;
    let name0 = at(after);
    let (player, after) = name_until(after, b'+')?;
    let points_at = at(after);
    let (points, after) = digits(after)?;
    let points_end = at(after);
    let (total, after) = match after.strip_prefix('/') {
        Some(after) => {
            let (total, after) = digits(after)?;
            (Some(total), after)
        }
        None => (None, after),
    };
    if !token_ends(after.as_bytes()) {
        return None;
    }
    let end = at(after);
    let claim = ClaimScan {
        player,
        points,
        total,
        marks: [
            (name0 - 1, end),
            (name0, points_at - 1),
            (points_at, points_end),
            if total.is_some() {
                (points_end + 1, end)
            } else {
                (end, end)
            },
        ],
    };
    Some((claim, after))
}

/// Reads a tag line written plainly — `[Name "value"]` with no escapes and
/// nothing after it — whose text `body` (without its line terminator) starts at
/// byte `at` of the input. `None` for any other line: the full grammar then
/// reads it.
pub fn scan_tag(body: &str, at: usize) -> Option<TagRecord> {
    let (tag, end) = tag_at(body, at)?;
    (end == body.len()).then_some(tag)
}

/// Reads the tag line at the start of `text` as [`scan_tag`] does; `text` may
/// go on past the line. Also returns where the line's text ends.
#[inline]
pub(super) fn tag_at(text: &str, at: usize) -> Option<(TagRecord, usize)> {
    let (name_end, quote) = tag_marks(text)?;
    let value_at = name_end + 2;
    let end = quote + 2;
    let span = |x: usize, y: usize| Span::new(at + x, at + y);
    let tag = TagRecord {
        comments_before: Vec::new(),
        comment: None,
        name: Spanned::new(Name::from(text.get(1..name_end)?), span(1, name_end)),
        value: Spanned::new(
            Name::from(text.get(value_at..quote)?),
            span(name_end + 1, end - 1),
        ),
        span: span(0, end),
    };
    Some((tag, end))
}

/// Where the first `"`, `\\` or line feed in `value` is: eight bytes at a
/// time, each compared at once (a value is short).
#[inline(always)]
pub(super) fn value_end(value: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // The high bit of the first byte of `w` (little-endian) that is 0 is
    // set, and none before it; bytes after it may be set too.
    let zeros = |w: u64| w.wrapping_sub(ONES) & !w & HIGHS;
    let mut chunks = value.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let marks = zeros(w ^ (ONES * u64::from(b'"')))
            | zeros(w ^ (ONES * u64::from(b'\\')))
            | zeros(w ^ (ONES * u64::from(b'\n')));
        if marks != 0 {
            return Some(at + (marks.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let tail = chunks.remainder();
    tail.iter()
        .position(|c| matches!(c, b'"' | b'\\' | b'\n'))
        .map(|i| at + i)
}

/// Where the tag line at the start of `text` (read as [`tag_at`] does) has its
/// name end and its closing quote: the name is `text[1..name_end]`, the value
/// `text[name_end + 2..quote]`, and the line's text ends at `quote + 2`.
#[inline(always)]
pub(super) fn tag_marks(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let [b'[', first, after @ ..] = b else {
        return None;
    };
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let name_end = 2 + run(after, TAG_NAME);
    let value_at = name_end + 2;
    let value = match b.get(name_end..)? {
        [b' ', b'"', value @ ..] => value,
        _ => return None,
    };
    let quote = value_at + value_end(value)?;
    match b.get(quote..)? {
        [b'"', b']', after @ ..] if line_ends(after) => Some((name_end, quote)),
        _ => None,
    }
}

/// Where the `-` of a negative claim stands in a run of name characters
/// (`Jean-Luc-3/40` → 8): the last `-` after at least one character that only
/// digits, optionally `/` and digits, and optionally `@` and digits follow
/// (`@` is a name character: `=Ann-3/40@40` is Ann's loss, her marker on
/// space 40).
pub(super) fn negative_claim_split(run: &str) -> Option<usize> {
    let k = run.rfind('-')?;
    let rest = &run[k + 1..];
    let (rest, space) = match rest.split_once('@') {
        Some((r, s)) => (r, Some(s)),
        None => (rest, None),
    };
    let (points, total) = match rest.split_once('/') {
        Some((p, t)) => (p, Some(t)),
        None => (rest, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (k > 0 && digits(points) && total.is_none_or(digits) && space.is_none_or(digits)).then_some(k)
}

/// Characters of a player name written without quotes.
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || !(c.is_whitespace()
            || matches!(
                c,
                '"' | '{' | '}' | ';' | '=' | '+' | ',' | '(' | ')' | '[' | ']'
            ))
}

/// The length in bytes of the bare name (`bare_name`) at the start of `s`:
/// its run of name characters, 0 if there is none. The one rule for a bare
/// player's name: the grammar reads names by it, the quick reader by the same
/// classes of characters, and the writer quotes a name it would not read
/// whole ([`is_bare_name`]).
pub fn bare_name_len(s: &str) -> usize {
    s.find(|c: char| !is_name_char(c)).unwrap_or(s.len())
}

/// Whether a name can be written without quotes in a turn line.
pub fn is_bare_name(name: &str) -> bool {
    !name.is_empty() && bare_name_len(name) == name.len()
}

/// Whether a verb's argument is a player (SPEC 6.13): `robber:Bob` and
/// `rob:Bob`, The Robbers'. Such an argument is read as a `player`, by the one
/// rule for a player's name: any bare name (`robber:0`, `robber:r0`,
/// `robber:A:B`, `robber:-`) or a quoted one (`robber:"Ann Lee"`).
pub fn verb_names_player(verb: &str) -> bool {
    matches!(verb, "robber" | "rob")
}

/// Whether a bare name, as the argument of a verb that does not name a player
/// (2.14), reads as a player: a word starting with a capital or a character
/// other than ASCII, without `:` or `/`, that is no spot. Any other name is
/// written there in quotes.
pub fn is_plain_player_arg(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase() || !c.is_ascii())
        && name
            .chars()
            .all(|c| is_name_char(c) && c != ':' && c != '/')
        && Place::from_word(name).is_none()
}
