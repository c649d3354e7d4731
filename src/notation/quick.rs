//! The quick reader: turn lines in the common form (tokens separated by single
//! spaces, bare player names, no comment, no event) read straight into the
//! engine's [`TurnInput`], with the byte offsets of their tokens instead of owned,
//! spanned values; and tag lines written plainly.
//!
//! It serves two readers. [`super::parse`](mod@super::parse) builds its
//! spanned [`TurnRecord`]s and [`TagRecord`]s from it for every line it accepts
//! (and reads any other line with the full grammar, which it must equal:
//! `fast_path_equals_the_grammar`). [`Steps`] reads a whole game this way for
//! the referee's quick verdict ([`crate::referee::verdict`]), a tag pair, turn
//! or claim at a time as the referee replays it, and gives up on the first line
//! it does not accept, so that the full reader, never this one, reports every
//! fault; [`read_game`] keeps what it reads. [`Steps::next_turn`] reads the
//! turn the referee expects next, whose number and player it knows: it
//! compares the start of the line with them as two words, and reads the rest
//! of a line that places a tile from a fixed window of its bytes.
//!
//! A line is read in one pass from its start: each token is checked, and its
//! number worked out, as the reader moves over it, and the line ends at its
//! terminator (`\n` or `\r\n`) or at the end of the text. [`Steps`] thus
//! learns where a line ends by reading it, rather than looking for its end
//! first.
//!
//! [`TurnRecord`]: super::TurnRecord

use crate::board::Pos;
use super::TurnInput;
use crate::tiles::{Half, Rotation, Side, Spot};

use super::{
    ActArg, ActRecord, FigureStep, Name, Place, Span, Spanned, StepRecord, TagRecord, Target,
};

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
/// [`super::parse::is_name_char`] allows.
const NAME: u8 = 1;
/// A byte that a bare name may hold: as [`NAME`], or any byte of a character
/// other than ASCII (such names are then decided on character by character).
const WIDE_NAME: u8 = 2;
/// An ASCII letter or digit.
const ALNUM: u8 = 4;
/// A byte of a figure name: an ASCII lower-case letter or `-`.
const FIGURE: u8 = 8;
/// A byte of a tag name after its first: an ASCII letter, digit or `_`.
const TAG_NAME: u8 = 16;

/// The classes of each byte value: one look-up per byte of a token.
// Worked out when compiling: an index out of range would fail the build, and
// cannot panic when running.
#[allow(clippy::indexing_slicing)]
const CLASSES: [u8; 256] = {
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
fn class(c: u8) -> u8 {
    CLASSES.get(usize::from(c)).copied().unwrap_or(0)
}

/// The length of the run of bytes in one of the classes `class_bits` at the
/// start of `b`.
#[inline(always)]
fn run(b: &[u8], class_bits: u8) -> usize {
    b.iter()
        .position(|c| class(*c) & class_bits == 0)
        .unwrap_or(b.len())
}

/// Whether a line ends at the start of `rest`: at the end of the text, at a
/// line feed, or at a carriage return that is the last byte or comes before a
/// line feed.
#[inline(always)]
fn line_ends(rest: &[u8]) -> bool {
    matches!(rest, [] | [b'\n', ..] | [b'\r'] | [b'\r', b'\n', ..])
}

/// Whether a token ends at the start of `rest`: at a space or where the line
/// ends.
#[inline(always)]
fn token_ends(rest: &[u8]) -> bool {
    matches!(rest, [b' ', ..]) || line_ends(rest)
}

/// The decimal number of one or more digits at the start of `s`, and the text
/// after its digits; `None` if there is no digit or it is greater than
/// `u32::MAX`.
#[inline(always)]
fn digits(s: &str) -> Option<(u32, &str)> {
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
fn long_digits(s: &str) -> Option<(u32, &str)> {
    let k = s.bytes().take_while(u8::is_ascii_digit).count();
    let n = s.bytes().take(k).try_fold(0u32, |n, d| {
        n.checked_mul(10)?
            .checked_add(u32::from(d.wrapping_sub(b'0')))
    })?;
    Some((n, s.get(k..)?))
}

/// The coordinate (`integer`) at the start of `s`, and the text after it.
#[inline(always)]
fn coordinate(s: &str) -> Option<(i32, &str)> {
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
fn name_until(s: &str, stop: u8) -> Option<(&str, &str)> {
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
fn wide_name_until(s: &str, stop: u8) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let k = run(b, WIDE_NAME);
    if k == 0 || b.get(k) != Some(&stop) {
        return None;
    }
    let (name, rest) = s.split_at_checked(k)?;
    if !name.chars().all(super::parse::is_name_char) {
        return None;
    }
    Some((name, rest.strip_prefix(char::from(stop))?))
}

/// The spot at the start of `s`, which must end the token, and the text after
/// it.
#[inline(always)]
fn spot(s: &str) -> Option<(Spot, &str)> {
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
fn spot_head(b: &[u8]) -> Option<(Spot, usize)> {
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
const fn half_slot(word: u32) -> usize {
    (word.wrapping_mul(0x9E37_79B1) >> 27) as usize
}

/// The half-edges at [`half_slot`] of their names as little-endian words,
/// each with that word; other places hold a word no three bytes are.
// Evaluated when carcref is built: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
const SPOT_HALVES: [(u32, Spot); 32] = {
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
const SPOT_LETTERS: [(u32, Spot); 32] = {
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
fn rotation_head(b: &[u8]) -> Option<(Rotation, usize)> {
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
const ROTATION_WORDS: [(u64, usize, Rotation); 16] = {
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
fn padded<const N: usize>(b: &[u8]) -> [u8; N] {
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
fn turn_at<'a>(
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
fn turn_start_at<'a, const ASIDE: bool>(
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
        steps: &[],
    };
    Some((input, s))
}

/// Reads a turn line at the start of `text` up to its score claims: returns the
/// turn, the marks of its tokens, and the text after them (the claims, then the
/// rest of the line).
#[inline(always)]
fn turn_head_at(text: &str) -> Option<(TurnInput<'_>, TurnMarks, &str)> {
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

/// What follows the tile (or its figure) on a turn line of version 2, as the
/// quick reader reads it: the actions, the events and the score claims, in
/// the order written. The lists keep their room from one line to the next.
#[derive(Debug, Default)]
pub struct TurnTail<'a> {
    /// The actions (SPEC 2.14), but for a first one that is the turn's figure.
    pub steps: Vec<StepRecord>,
    /// The events `@name[:args]` (SPEC 6.4), which the referee checks.
    pub events: Vec<EventScan<'a>>,
    /// The score claims.
    pub claims: Vec<NetClaim<'a>>,
}

impl TurnTail<'_> {
    /// Empties the three lists.
    fn clear(&mut self) {
        self.steps.clear();
        self.events.clear();
        self.claims.clear();
    }
}

/// An event `@name[:args]` of a turn line read by the quick reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventScan<'a> {
    /// The name, after `@`.
    pub name: &'a str,
    /// The arguments after the colon, if any.
    pub args: Option<&'a str>,
}

/// Reads a turn line of version 2 (`body`, without its terminator) written
/// in the common form: what is done with the tile (a placement, `discard` or
/// `aside`), then its actions (SPEC 2.14: `+[figure:]target`,
/// `verb[:arg][(Player)]`), then events `@name[:args]`, then score claims
/// `=Name+points[/total]`, each token after a single space, no comment. The
/// actions, events and claims go to `tail` (emptied first), but for a first
/// action that puts a figure on a spot of the tile just placed, which is the
/// turn's figure, as the grammar reads it. The turn's own `steps` are left
/// empty: the caller lends it `tail.steps`. `None` for any other line, which
/// the grammar then reads; where this reads a line, the grammar reads the
/// same tokens (`a_turn_of_version_2_reads_as_the_grammar_reads_it`).
pub fn scan_turn_v2<'a>(body: &'a str, tail: &mut TurnTail<'a>) -> Option<TurnInput<'a>> {
    let mut marks = TurnMarks::default();
    let Some((input, s)) = turn_start_at::<true>(body, &mut marks) else {
        tail.clear();
        return None;
    };
    let (input, s) = actions_at(body, s, input, true, tail)?;
    s.is_empty().then_some(input)
}

/// Reads the rest of a turn line of version 2 as [`scan_turn_v2`] does, from
/// `s`, just after what is done with the tile, within the line that starts
/// `body` (spans count from there; `body` may go on past the line): the
/// actions, events and claims to `tail` (emptied first).
/// `first`: whether a first action that puts a figure on a spot of the tile
/// is the turn's figure, as it is when `input` has none yet. Returns the turn
/// and the text where the line ends.
#[inline(always)]
fn actions_at<'a>(
    body: &'a str,
    mut s: &'a str,
    mut input: TurnInput<'a>,
    mut first: bool,
    tail: &mut TurnTail<'a>,
) -> Option<(TurnInput<'a>, &'a str)> {
    tail.clear();
    if input.place.is_some() {
        while let Some(token) = s.strip_prefix(' ') {
            if token.starts_with(['=', '@']) {
                break;
            }
            s = step_into(body, token, &mut tail.steps)?;
            if first
                && let Some(StepRecord::Figure(FigureStep {
                    figure,
                    target:
                        Target {
                            pos: None,
                            place:
                                Some(Spanned {
                                    value: Place::Spot(spot),
                                    ..
                                }),
                        },
                    ..
                })) = tail.steps.last()
            {
                let name = match figure {
                    Some(f) => Some(body.get(f.span.start..f.span.end)?),
                    None => None,
                };
                input.figure = Some((name, *spot));
                tail.steps.pop();
            }
            first = false;
        }
        while let Some(token) = s.strip_prefix(' ') {
            if !token.starts_with('@') {
                break;
            }
            let (event, after) = event_at(token)?;
            tail.events.push(event);
            s = after;
        }
    }
    while !line_ends(s.as_bytes()) {
        let (claim, after) = match claim_at(body, s) {
            Some((claim, after)) => (NetClaim { claim, loss: false }, after),
            None => loss_at(body, s)?,
        };
        tail.claims.push(claim);
        s = after;
    }
    Some((input, s))
}

/// Reads the event `@name[:args]` at the start of `s`, which must end its
/// token, as the grammar does: a name of lowercase letters and `-`, and
/// arguments of letters, digits and `+ - , : .`. Returns it and the text
/// after it.
fn event_at(s: &str) -> Option<(EventScan<'_>, &str)> {
    let after = s.strip_prefix('@')?;
    let k = after
        .bytes()
        .position(|c| !(c.is_ascii_lowercase() || c == b'-'))
        .unwrap_or(after.len());
    let (name, mut rest) = after.split_at_checked(k)?;
    if name.is_empty() {
        return None;
    }
    let mut args = None;
    if let Some(a) = rest.strip_prefix(':') {
        let k = a
            .bytes()
            .position(|c| {
                !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b',' | b':' | b'.'))
            })
            .unwrap_or(a.len());
        let (value, r) = a.split_at_checked(k)?;
        if value.is_empty() {
            return None;
        }
        args = Some(value);
        rest = r;
    }
    token_ends(rest.as_bytes()).then_some((EventScan { name, args }, rest))
}

/// A score claim of a turn of version 2 read by [`scan_turn_v2`]: a claim
/// `=Name+points[/total]`, or `=Name-points[/total]` (`loss`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetClaim<'a> {
    /// The claim, its points as written.
    pub claim: ClaimScan<'a>,
    /// Whether it is written with `-`: the player lost the points.
    pub loss: bool,
}

impl NetClaim<'_> {
    /// The points claimed, with their sign.
    pub fn net(&self) -> i64 {
        let p = i64::from(self.claim.points);
        if self.loss { -p } else { p }
    }
}

/// Reads the claim of a loss ` =Name-points[/total]` at the start of `s`,
/// within the line `body`, as the grammar does: the sign is the last `-` of
/// the name's run that only digits, and optionally `/` and digits, follow
/// (`=Jean-Luc-3/40`); returns it and the text after it.
fn loss_at<'a>(body: &'a str, s: &'a str) -> Option<(NetClaim<'a>, &'a str)> {
    let after = s.strip_prefix(" =")?;
    let k = run(after.as_bytes(), NAME);
    let (run_text, rest) = after.split_at_checked(k)?;
    if !token_ends(rest.as_bytes()) {
        return None;
    }
    let sign = super::parse::negative_claim_split(run_text)?;
    let (player, figures) = run_text.split_at_checked(sign)?;
    let figures = figures.get(1..)?;
    let (points, tail) = digits(figures)?;
    let (total, left) = match tail.strip_prefix('/') {
        Some(t) => {
            let (total, left) = digits(t)?;
            (Some(total), left)
        }
        None => (None, tail),
    };
    // A space (`@40`) is left to the grammar.
    if !left.is_empty() {
        return None;
    }
    let at = |t: &str| body.len() - t.len();
    let name0 = at(after);
    // `figures` and `tail` end where the name's run does, not where `body`
    // does: their places count from the run's start.
    let points_at = name0 + sign + 1;
    let points_end = points_at + (figures.len() - tail.len());
    let end = at(rest);
    let claim = ClaimScan {
        player,
        points,
        total,
        marks: [
            (name0 - 1, end),
            (name0, name0 + player.len()),
            (points_at, points_end),
            if total.is_some() {
                (points_end + 1, end)
            } else {
                (end, end)
            },
        ],
    };
    Some((NetClaim { claim, loss: true }, rest))
}

/// The span of the text from `from` to `to`, both within `body`.
#[inline(always)]
fn span_in(body: &str, from: &str, to: &str) -> Span {
    Span::new(body.len() - from.len(), body.len() - to.len())
}

/// Reads the action at the start of `t`, within the line `body`, which must
/// end its token: `+[figure:]target` or `verb[:arg][(Player)]`. Puts it at
/// the end of `out` (built there, not moved) and returns the text after it.
fn step_into<'a>(body: &'a str, t: &'a str, out: &mut Vec<StepRecord>) -> Option<&'a str> {
    if let Some(after) = t.strip_prefix('+') {
        let (figure, after) = figure_prefix_at(body, after);
        let (target, after) = target_at(body, after)?;
        if !token_ends(after.as_bytes()) {
            return None;
        }
        let step = FigureStep {
            figure,
            target,
            span: span_in(body, t, after),
        };
        out.push(StepRecord::Figure(step));
        return Some(after);
    }
    if !t.as_bytes().first()?.is_ascii_lowercase() {
        return None;
    }
    let (verb, mut after) = t.split_at_checked(run(t.as_bytes(), FIGURE))?;
    let verb = Spanned::new(Name::from(verb), span_in(body, t, after));
    let mut arg = None;
    if let Some(a) = after.strip_prefix(':') {
        let (value, rest) = if super::parse::verb_names_player(&verb.value) {
            player_arg_at(a)?
        } else {
            act_arg_at(body, a)?
        };
        arg = Some(Spanned::new(value, span_in(body, a, rest)));
        after = rest;
    }
    let mut player = None;
    if let Some(p) = after.strip_prefix('(') {
        let (name, rest) = name_until(p, b')')?;
        let end = p.get(name.len()..)?;
        player = Some(Spanned::new(Name::from(name), span_in(body, p, end)));
        after = rest;
    }
    if !token_ends(after.as_bytes()) {
        return None;
    }
    let act = ActRecord {
        verb,
        arg,
        player,
        span: span_in(body, t, after),
    };
    out.push(StepRecord::Act(act));
    Some(after)
}

/// A figure's name and its colon at the start of `s` (`big:`), if there is
/// one, and the text after them.
fn figure_prefix_at<'a>(body: &'a str, s: &'a str) -> (Option<Spanned<Name>>, &'a str) {
    let k = run(s.as_bytes(), FIGURE);
    match (s.get(..k), s.get(k..).and_then(|r| r.strip_prefix(':'))) {
        (Some(name), Some(after)) if k > 0 => {
            let end = s.get(k..).unwrap_or_default();
            (
                Some(Spanned::new(Name::from(name), span_in(body, s, end))),
                after,
            )
        }
        _ => (None, s),
    }
}

/// The target at the start of `s`: `SPOT`, `T`, `x,y/SPOT`, `x,y/T` or
/// `x,y`, and the text after it.
fn target_at<'a>(body: &'a str, s: &'a str) -> Option<(Target, &'a str)> {
    if !s.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        let (place, after) = place_at(body, s)?;
        return Some((
            Target {
                pos: None,
                place: Some(place),
            },
            after,
        ));
    }
    let (x, after) = coordinate(s)?;
    let (y, after) = coordinate(after.strip_prefix(',')?)?;
    let pos = Spanned::new(Pos::new(x, y), span_in(body, s, after));
    let (place, after) = match after.strip_prefix('/') {
        Some(p) => {
            let (place, after) = place_at(body, p)?;
            (Some(place), after)
        }
        None => (None, after),
    };
    Some((
        Target {
            pos: Some(pos),
            place,
        },
        after,
    ))
}

/// The place on a tile at the start of `s`, a spot or `T`, and the text after
/// it.
///
/// A word of three letters can only be a half-edge ([`Place::from_word`]),
/// looked up as [`spot_head`] looks it up.
#[inline(always)]
fn place_at<'a>(body: &'a str, s: &'a str) -> Option<(Spanned<Place>, &'a str)> {
    let (word, after) = s.split_at_checked(run(s.as_bytes(), ALNUM))?;
    let place = match *word.as_bytes() {
        [a, b, c] => {
            let word = u32::from_le_bytes([a, b, c, 0]);
            let (half_word, half) = *SPOT_HALVES.get(half_slot(word))?;
            (word == half_word).then_some(Place::Spot(half))?
        }
        _ => Place::from_word(word)?,
    };
    Some((Spanned::new(place, span_in(body, s, after)), after))
}

/// The argument of a verb that names a player at the start of `s`, and the
/// text after it: a bare name, by the one rule for a player's name, in ASCII.
/// `None` for a quoted name, or one with a character other than ASCII: the
/// grammar reads them.
fn player_arg_at(s: &str) -> Option<(ActArg, &str)> {
    let b = s.as_bytes();
    let k = run(b, NAME);
    if k == 0 || b.get(k).is_some_and(|c| !c.is_ascii()) {
        return None;
    }
    let (name, after) = s.split_at_checked(k)?;
    Some((ActArg::Player(Name::from(name)), after))
}

/// The argument of an act at the start of `s`, and the text after it: a
/// number, `-`, a figure's kind, a player (a word that is no spot, in ASCII),
/// or a figure at a target.
fn act_arg_at<'a>(body: &'a str, s: &'a str) -> Option<(ActArg, &'a str)> {
    let b = s.as_bytes();
    let d = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if d > 0 && b.get(d) != Some(&b',') {
        let (n, after) = digits(s)?;
        return Some((ActArg::Number(n), after));
    }
    if b.first() == Some(&b'-') && !b.get(1).is_some_and(u8::is_ascii_digit) {
        return Some((ActArg::Nothing, s.get(1..)?));
    }
    if b.first().is_some_and(u8::is_ascii_lowercase) {
        let k = run(b, FIGURE);
        if b.get(k) != Some(&b':') {
            let (word, after) = s.split_at_checked(k)?;
            return Some((ActArg::Kind(Name::from(word)), after));
        }
    }
    if b.first().is_some_and(u8::is_ascii_uppercase) {
        let k = b
            .iter()
            .position(|c| class(*c) & NAME == 0 || matches!(c, b':' | b'/'))
            .unwrap_or(b.len());
        // A name that goes on in other than ASCII is the grammar's.
        if b.get(k).is_some_and(|c| !c.is_ascii()) {
            return None;
        }
        let (word, after) = s.split_at_checked(k)?;
        if super::parse::is_plain_player_arg(word) {
            return Some((ActArg::Player(Name::from(word)), after));
        }
    }
    let (figure, after) = figure_prefix_at(body, s);
    let (target, after) = target_at(body, after)?;
    Some((ActArg::At { figure, target }, after))
}

/// Reads the score claim ` =Name+points[/total]` at the start of `s`, which
/// lies within the line that starts `text` (its marks count from there);
/// returns it and the text after it.
#[inline(always)]
fn claim_at<'a>(text: &'a str, s: &'a str) -> Option<(ClaimScan<'a>, &'a str)> {
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
fn tag_at(text: &str, at: usize) -> Option<(TagRecord, usize)> {
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
fn value_end(value: &[u8]) -> Option<usize> {
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
fn tag_marks(text: &str) -> Option<(usize, usize)> {
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

/// A game read by [`read_game`]: its tag pairs, its turns, and the claims of
/// each turn (`claims[turn.1.clone()]`).
#[derive(Debug, Clone, Default)]
pub struct QuickGame<'a> {
    /// The tag pairs, with their spans.
    pub tags: Vec<TagRecord>,
    /// The turns, and the range of their claims in `claims`.
    pub turns: Vec<(TurnInput<'a>, std::ops::Range<usize>)>,
    /// The score claims of all turns, in order.
    pub claims: Vec<ClaimScan<'a>>,
}

impl QuickGame<'_> {
    /// Empties it, keeping its room.
    pub fn clear(&mut self) {
        self.tags.clear();
        self.turns.clear();
        self.claims.clear();
    }
}

/// Reads a game whose text starts at byte `base` of its input, if every line is
/// a tag pair, a turn in the common form, or blank, and the tags come before
/// the turns. Returns `false` (leaving `game` partly filled) at the first line
/// that is not: the full reader then reads the game. It reads the game's
/// [`Steps`] and keeps them.
pub fn read_game<'a>(text: &'a str, base: usize, game: &mut QuickGame<'a>) -> bool {
    let mut steps = Steps::new(text);
    loop {
        match steps.next_step() {
            // A turn's events are the grammar's.
            None | Some(Step::Event(_)) => return false,
            Some(Step::End) => return true,
            Some(Step::Tag { at, .. }) => {
                let Some((tag, _)) = text.get(at..).and_then(|line| tag_at(line, base + at)) else {
                    return false;
                };
                game.tags.push(tag);
            }
            Some(Step::Turn(input)) => {
                let n = game.claims.len();
                game.turns.push((input, n..n));
            }
            Some(Step::Claim(claim)) => {
                game.claims.push(claim);
                if let Some((_, claims)) = game.turns.last_mut() {
                    claims.end = game.claims.len();
                }
            }
        }
    }
}

/// What [`Steps`] reads next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    /// A tag pair written plainly (so its value is as written), on the line
    /// that starts at byte `at` of the game's text.
    Tag {
        /// The tag's name.
        name: &'a str,
        /// Its value.
        value: &'a str,
        /// Where its line starts.
        at: usize,
    },
    /// A turn; the score claims of its line follow, each a [`Step::Claim`].
    Turn(TurnInput<'a>),
    /// An event `@name[:args]` of the turn read last, which placed its tile:
    /// after its figure, before its claims.
    Event(EventScan<'a>),
    /// A score claim of the turn read last.
    Claim(ClaimScan<'a>),
    /// The end of the game, which has a tag pair or a turn.
    End,
}

/// A game's text read one step at a time: each tag pair, each turn, and each of
/// its events and claims as the reader comes to it, with nothing kept. It reads
/// what [`read_game`] reads: lines that are tag pairs, turns in the common form,
/// or blank, with the tags before the turns, in a game that is not wholly
/// blank; and, which [`read_game`] leaves to the grammar, the events
/// `@name[:args]` of a turn that placed its tile, between its figure and its
/// claims. [`Steps::next_step`] gives `None` where that reading gives up.
#[derive(Debug, Clone)]
pub struct Steps<'a> {
    /// The text left to read.
    rest: &'a str,
    /// The whole text.
    text: &'a str,
    /// The turn line being read (from its start), while its claims are read.
    turn_line: Option<&'a str>,
    /// Whether a turn has been read.
    turns: bool,
    /// Whether a tag pair or a turn has been read.
    any: bool,
    /// Whether an event may come next on `turn_line`: its turn placed its
    /// tile, and no claim has been read yet.
    events_open: bool,
}

/// The text after the line terminator (or lone final carriage return) at the
/// start of `rest`.
#[inline(always)]
fn past_terminator(rest: &str) -> &str {
    let k = if rest.as_bytes().first() == Some(&b'\r') {
        2
    } else {
        1
    };
    rest.get(k..).unwrap_or("")
}

impl<'a> Steps<'a> {
    /// A reader at the start of a game's text.
    pub fn new(text: &'a str) -> Steps<'a> {
        Steps {
            rest: text,
            text,
            turn_line: None,
            turns: false,
            any: false,
            events_open: false,
        }
    }

    /// The next step; `None` if the text is not all in the form [`read_game`]
    /// reads: the full reader then reads the game.
    #[inline]
    pub fn next_step(&mut self) -> Option<Step<'a>> {
        if let Some(line) = self.turn_line {
            if !line_ends(self.rest.as_bytes()) {
                if self.events_open
                    && let Some(event) = self.rest.strip_prefix(' ')
                    && event.starts_with('@')
                {
                    let (event, after) = event_at(event)?;
                    self.rest = after;
                    return Some(Step::Event(event));
                }
                let (claim, after) = claim_at(line, self.rest)?;
                self.rest = after;
                self.events_open = false;
                return Some(Step::Claim(claim));
            }
            self.turn_line = None;
            self.rest = past_terminator(self.rest);
        }
        loop {
            let line = self.rest;
            let bytes = line.as_bytes();
            match bytes.first() {
                None => return self.any.then_some(Step::End),
                Some(b'0'..=b'9') => {
                    let (input, _, after) = turn_head_at(line)?;
                    self.rest = after;
                    self.events_open = input.place.is_some();
                    self.turn_line = Some(line);
                    self.turns = true;
                    self.any = true;
                    return Some(Step::Turn(input));
                }
                Some(b'[') if !self.turns => {
                    let (name_end, quote) = tag_marks(line)?;
                    let step = Step::Tag {
                        name: line.get(1..name_end)?,
                        value: line.get(name_end + 2..quote)?,
                        at: self.text.len() - line.len(),
                    };
                    self.rest = past_terminator(line.get(quote + 2..)?);
                    self.any = true;
                    return Some(step);
                }
                _ if line_ends(bytes) => self.rest = past_terminator(line),
                _ => return None,
            }
        }
    }
}

impl<'a> Steps<'a> {
    /// The next score claim of the turn [`Steps::next_turn`] read last:
    /// `Some(Some(claim))`; `Some(None)` where its line ends, the reader then
    /// past it; `None` if what follows is not a claim written plainly (the
    /// line is then for the grammar). For the reading of whole lines
    /// ([`Steps::next_line`]), which this keeps to: unlike
    /// [`Steps::next_step`], it never reads on into the next line.
    #[inline]
    pub fn next_claim(&mut self) -> Option<Option<ClaimScan<'a>>> {
        let line = self.turn_line?;
        if line_ends(self.rest.as_bytes()) {
            self.turn_line = None;
            self.rest = past_terminator(self.rest);
            return Some(None);
        }
        let (claim, after) = claim_at(line, self.rest)?;
        self.rest = after;
        Some(Some(claim))
    }

    /// The next line that is not empty, whole: its text without its
    /// terminator, as the full reader splits lines (a line feed, and a
    /// carriage return before it or at the end of the text); `None` at the end
    /// of the text. The referee reads the turns of a record whose turns may
    /// hold actions this way, a whole line at a time, after its tag pairs
    /// ([`Steps::next_tag`]); it is not to be mixed with
    /// [`Steps::next_step`] and [`Steps::next_turn`] within a game.
    #[inline]
    pub fn next_line(&mut self) -> Option<&'a str> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let (raw, rest) = match memchr::memchr(b'\n', self.rest.as_bytes()) {
                Some(i) => (self.rest.get(..i)?, self.rest.get(i + 1..)?),
                None => (self.rest, ""),
            };
            self.rest = rest;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if !line.is_empty() {
                return Some(line);
            }
        }
    }
}

/// How many bytes of a turn line [`Steps::next_turn`] looks at, at most.
const WINDOW: usize = 64;

/// How many bytes of a turn line from its tile [`Steps::next_turn`] looks
/// at, at most: with the turn number and player (at most 21 bytes), within
/// [`WINDOW`].
const REST: usize = 40;

/// A seat's bare name as a turn line has it after its number: the name's
/// bytes and a space, as a little-endian word, with a mask of their bytes and
/// their number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatName {
    word: u128,
    mask: u128,
    /// 0: a name [`Steps::next_turn`] does not look for.
    len: u8,
}

impl SeatName {
    /// The seat named `name`. [`Steps::next_turn`] looks only for a name of
    /// at most 15 ASCII characters that a bare name may hold: a turn by any
    /// other is read by [`Steps::next_step`].
    pub fn new(name: &str) -> SeatName {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 15 || !b.iter().all(|c| class(*c) & NAME != 0) {
            return SeatName::default();
        }
        let word = b
            .iter()
            .chain(b" ")
            .enumerate()
            .fold(0u128, |w, (i, c)| w | u128::from(*c) << (8 * i));
        let len = b.len() + 1;
        SeatName {
            word,
            mask: u128::MAX >> (128 - 8 * len),
            len: len as u8,
        }
    }
}

/// Turn numbers [`Steps::next_turn`] looks for: below this.
const TURN_NUMBERS: usize = 1000;

/// How a turn line starts for each turn number below [`TURN_NUMBERS`]: its
/// digits (no leading zero) and `. `, as a little-endian word, with their
/// number in the top byte.
// Worked out when compiling: an index out of range would fail the build, and
// cannot panic when running.
#[allow(clippy::indexing_slicing)]
static TURN_STARTS: [u64; TURN_NUMBERS] = {
    let mut starts = [0u64; TURN_NUMBERS];
    let mut n = 0;
    while n < TURN_NUMBERS {
        let mut digits = [0u8; 3];
        let mut len = 0;
        let mut m = n;
        loop {
            digits[len] = b'0' + (m % 10) as u8;
            len += 1;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        let mut word = 0u64;
        let mut i = 0;
        while i < len {
            word |= (digits[len - 1 - i] as u64) << (8 * i);
            i += 1;
        }
        word |= (b'.' as u64) << (8 * len) | (b' ' as u64) << (8 * (len + 1));
        starts[n] = word | ((len + 2) as u64) << 56;
        n += 1;
    }
    starts
};

/// The tile ids of one letter, by letter.
const LETTERS: [&str; 26] = [
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S",
    "T", "U", "V", "W", "X", "Y", "Z",
];

/// The coordinate of one to three digits (after an optional `-`) at byte `i`
/// of `r`, and where it ends; a longer one is left to [`coordinate`] (a digit
/// then follows where it ends).
#[inline(always)]
fn small_coordinate(r: &[u8; REST], i: usize) -> Option<(i32, usize)> {
    let at = |i: usize| r.get(i).copied().unwrap_or(0);
    let digit = |c: u8| {
        let d = c.wrapping_sub(b'0');
        (d < 10).then_some(i32::from(d))
    };
    let negative = at(i) == b'-';
    let mut j = i + usize::from(negative);
    let mut n = digit(at(j))?;
    j += 1;
    for _ in 0..2 {
        let Some(d) = digit(at(j)) else {
            break;
        };
        n = n * 10 + d;
        j += 1;
    }
    Some((if negative { -n } else { n }, j))
}

impl<'a> Steps<'a> {
    /// Whether score claims follow the turn read last, on its line: the next
    /// steps, for [`Steps::next_step`] to read.
    #[inline(always)]
    pub fn claims_follow(&self) -> bool {
        self.turn_line.is_some()
    }

    /// The next tag pair, if no turn has been read and the next line that is
    /// not blank is a tag pair written plainly: its name and value. `None` if
    /// not, having read no more than blank lines: [`Steps::next_step`] then
    /// reads that line. The pair is the one [`Steps::next_step`] reads as a
    /// [`Step::Tag`].
    #[inline]
    pub fn next_tag(&mut self) -> Option<(&'a str, &'a str)> {
        if self.turns {
            return None;
        }
        loop {
            let line = self.rest;
            let bytes = line.as_bytes();
            match bytes.first() {
                Some(b'[') => {
                    let (name_end, quote) = tag_marks(line)?;
                    let tag = (line.get(1..name_end)?, line.get(name_end + 2..quote)?);
                    self.rest = past_terminator(line.get(quote + 2..)?);
                    self.any = true;
                    return Some(tag);
                }
                Some(_) if line_ends(bytes) => self.rest = past_terminator(line),
                _ => return None,
            }
        }
    }

    /// The turn on the next line, if it is turn `number` by `seat` (its number
    /// written without leading zeros) written in the common form within
    /// `WINDOW` bytes, and places a tile; its score claims, if any, are the
    /// next steps. `None` if not (a line it has not read yet, for
    /// [`Steps::next_step`] to read). The turn is the one [`Steps::next_step`]
    /// reads: this looks for one turn, and so does without reading its number
    /// and player a byte at a time.
    #[inline(always)]
    pub fn next_turn(&mut self, number: u32, seat: &SeatName) -> Option<TurnInput<'a>> {
        match self.due_turn::<false>(number, seat)? {
            Due::Turn(turn) => Some(turn),
            Due::Actions(..) => None,
        }
    }

    /// The turn on the next line, as [`Steps::next_turn`] reads it, and, for
    /// a turn of version 2, one whose actions (SPEC 2.14) or events follow the
    /// tile, or its figure, or whose first action puts a figure elsewhere than
    /// on a spot of the tile: [`DueTurn::Actions`], its actions, events and
    /// claims in `tail`, the reader past its line. That turn and its tail are
    /// what [`scan_turn_v2`] reads on its line: the line is read
    /// once, its start as the turn due rather than a byte at a time. `None`
    /// for any other line, which this has not read (the reader is where
    /// [`Steps::next_turn`] leaves it): for [`Steps::next_line`].
    #[inline(always)]
    pub fn next_turn_v2(
        &mut self,
        number: u32,
        seat: &SeatName,
        tail: &mut TurnTail<'a>,
    ) -> Option<DueTurn<'a>> {
        let (input, end) = match self.due_turn::<true>(number, seat)? {
            Due::Turn(turn) => return Some(DueTurn::Plain(turn)),
            Due::Actions(turn, end) => (turn, end),
        };
        let line = self.rest;
        let first = input.figure.is_none();
        let (input, s) = actions_at(line, line.get(end..)?, input, first, tail)?;
        self.rest = past_terminator(s);
        self.turns = true;
        self.any = true;
        Some(DueTurn::Actions(input))
    }

    /// [`Steps::next_turn`]; `ACTIONS`: a line whose tile, or figure, a
    /// space and anything but a claim follow is [`Due::Actions`], with where
    /// that space is in the line, the reader still at the line's start; so is
    /// a line whose first action puts a figure elsewhere than on a spot of the
    /// tile, that action being the first the caller reads.
    #[inline(always)]
    fn due_turn<const ACTIONS: bool>(&mut self, number: u32, seat: &SeatName) -> Option<Due<'a>> {
        if self.turn_line.is_some() {
            if !line_ends(self.rest.as_bytes()) {
                return None;
            }
            self.turn_line = None;
            self.rest = past_terminator(self.rest);
        }
        let start = *TURN_STARTS.get(usize::try_from(number).ok()?)?;
        if seat.len == 0 {
            return None;
        }
        let line = self.rest;
        let b = line.as_bytes();
        let short: [u8; WINDOW];
        let w: &[u8; WINDOW] = match b.first_chunk::<WINDOW>() {
            Some(w) => w,
            None => {
                // The text ends within the window: bytes past it are 0, which
                // no token holds.
                short = padded(b);
                &short
            }
        };
        let name_at = (start >> 56) as usize & 7;
        let head = u64::from_le_bytes(*w.first_chunk::<8>()?);
        let name = u128::from_le_bytes(*w.get(name_at..)?.first_chunk::<16>()?);
        let start_mask = !(u64::MAX << (8 * name_at));
        if (head ^ start) & start_mask != 0 || (name ^ seat.word) & seat.mask != 0 {
            return None;
        }
        let t0 = name_at + usize::from(seat.len);
        // The rest of the line, from its tile: the tokens, each bounded, lie
        // within it.
        let r: &[u8; REST] = w.get(t0..)?.first_chunk::<REST>()?;
        let at = |i: usize| r.get(i).copied().unwrap_or(0);
        if !at(0).is_ascii_uppercase() {
            return None;
        }
        let (tile, k) = if at(1) == b' ' {
            (*LETTERS.get(usize::from(at(0).wrapping_sub(b'A')))?, 1)
        } else {
            let mut k = 1;
            while class(at(k)) & ALNUM != 0 {
                if k == 4 {
                    return None;
                }
                k += 1;
            }
            if at(k) != b' ' {
                return None;
            }
            (line.get(t0..t0 + k)?, k)
        };
        let (x, i) = small_coordinate(r, k + 1)?;
        if at(i) != b',' {
            return None;
        }
        let (y, i) = small_coordinate(r, i + 1)?;
        let (rotation, k) = rotation_head(r.get(i..)?)?;
        let mut i = i + k;
        let (head, _) = line.split_at_checked(t0 - 1)?;
        let mut input = TurnInput {
            number,
            player: head.get(name_at..)?,
            tile,
            place: Some((Pos::new(x, y), rotation)),
            figure: None,
            aside: false,
            steps: &[],
        };
        if at(i) == b' ' && at(i + 1) == b'+' {
            let f0 = i + 2;
            let mut k = f0;
            while class(at(k)) & FIGURE != 0 {
                if k == f0 + 12 {
                    return None;
                }
                k += 1;
            }
            let (name, spot_at) = if at(k) == b':' && k > f0 {
                (Some(line.get(t0 + f0..t0 + k)?), k + 1)
            } else {
                (None, f0)
            };
            match spot_head(r.get(spot_at..)?) {
                Some((spot, k)) => {
                    input.figure = Some((name, spot));
                    i = spot_at + k;
                }
                // A figure put elsewhere than on a spot of the tile (`+tower:0,2/T`,
                // `+fairy:1,6`) is the first of the actions, for the caller to read.
                None if ACTIONS => return Some(Due::Actions(input, t0 + i)),
                None => return None,
            }
        }
        let end = t0 + i;
        let (next, claims) = match at(i) {
            b'\n' => (end + 1, false),
            b'\r' if at(i + 1) == b'\n' => (end + 2, false),
            // Score claims follow, for `next_step`.
            b' ' if at(i + 1) == b'=' => (end, true),
            _ if end == b.len() => (end, false),
            b'\r' if end + 1 == b.len() => (end + 1, false),
            // Actions follow, for the caller to read.
            b' ' if ACTIONS => return Some(Due::Actions(input, end)),
            _ => return None,
        };
        self.rest = line.get(next..)?;
        if claims {
            self.turn_line = Some(line);
            self.events_open = false;
        }
        self.turns = true;
        self.any = true;
        Some(Due::Turn(input))
    }
}

/// A turn read by [`Steps::due_turn`].
enum Due<'a> {
    /// A turn read whole, but for its claims.
    Turn(TurnInput<'a>),
    /// A turn read up to its actions, which start at the space at this byte
    /// of its line.
    Actions(TurnInput<'a>, usize),
}

/// A turn read by [`Steps::next_turn_v2`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueTurn<'a> {
    /// A turn without actions, as [`Steps::next_turn`] reads it: its claims,
    /// if any, follow ([`Steps::next_claim`]).
    Plain(TurnInput<'a>),
    /// A turn whose actions and claims went to the caller's lists; its own
    /// `steps` are left empty, as [`scan_turn_v2`] leaves them.
    Actions(TurnInput<'a>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_classes_follow_the_grammar() {
        for c in 0..=u8::MAX {
            let k = class(c);
            let ch = char::from(c);
            if c.is_ascii() {
                assert_eq!(k & NAME != 0, super::super::parse::is_name_char(ch), "{c}");
                assert_eq!(k & WIDE_NAME != 0, k & NAME != 0, "{c}");
            } else {
                assert_eq!(k & (NAME | WIDE_NAME), WIDE_NAME, "{c}");
            }
            assert_eq!(k & ALNUM != 0, c.is_ascii_alphanumeric(), "{c}");
            assert_eq!(k & FIGURE != 0, c.is_ascii_lowercase() || c == b'-', "{c}");
            assert_eq!(
                k & TAG_NAME != 0,
                c.is_ascii_alphanumeric() || c == b'_',
                "{c}"
            );
        }
    }

    /// The rotation token at the start of `b`, read a byte at a time as the
    /// grammar writes it: what [`rotation_head`] reads as a word.
    fn rotation_by_bytes(b: &[u8]) -> Option<(Rotation, usize)> {
        Some(match b {
            [b' ', b'r', b'0', ..] => (Rotation::R0, 3),
            [b' ', b'r', b'9', b'0', ..] => (Rotation::R90, 4),
            [b' ', b'r', b'1', b'8', b'0', ..] => (Rotation::R180, 5),
            [b' ', b'r', b'2', b'7', b'0', ..] => (Rotation::R270, 5),
            _ => return None,
        })
    }

    /// The spot at the start of `b`, read a byte at a time as the grammar
    /// writes it: what [`spot_head`] reads by table.
    fn spot_by_bytes(b: &[u8]) -> Option<(Spot, usize)> {
        let half = Half::NAMES
            .iter()
            .position(|name| b.starts_with(name.as_bytes()));
        if let Some(i) = half {
            return Some((Spot::Half(Half::from_index(i)), 3));
        }
        Some(match b.first()? {
            b'N' => (Spot::Edge(Side::North), 1),
            b'E' => (Spot::Edge(Side::East), 1),
            b'S' => (Spot::Edge(Side::South), 1),
            b'W' => (Spot::Edge(Side::West), 1),
            b'C' => (Spot::Centre, 1),
            _ => return None,
        })
    }

    /// Holds a reader by table to its byte-by-byte reference on every text,
    /// and counts the tokens read: from a whole word (at least `word` bytes of
    /// text) and from the end of the text.
    fn read_alike<T: PartialEq + std::fmt::Debug>(
        texts: impl Iterator<Item = String>,
        word: usize,
        by_table: impl Fn(&[u8]) -> Option<T>,
        by_bytes: impl Fn(&[u8]) -> Option<T>,
    ) -> (usize, usize) {
        let (mut whole, mut short) = (0, 0);
        for text in texts {
            let b = text.as_bytes();
            let expected = by_bytes(b);
            let read = usize::from(expected.is_some());
            assert_eq!(by_table(b), expected, "{text:?}");
            if b.len() >= word {
                whole += read;
            } else {
                short += read;
            }
        }
        (whole, short)
    }

    #[test]
    fn rotations_read_as_words_read_as_bytes() {
        let tokens = [
            " r0", " r90", " r180", " r270", " r1", " r18", " r27", " r9", " r91", " r18O",
            " r2700", " r00", " R90", "  r90", " r", "", " r3", " r8", " r-0", " r\u{e9}",
        ];
        let texts = tokens
            .iter()
            .flat_map(|token| ["", " +N", "\n", "        "].map(|tail| format!("{token}{tail}")));
        let (whole, short) = read_alike(texts, 8, rotation_head, rotation_by_bytes);
        assert!(whole >= 4 && short >= 4, "{whole} {short}");
        for (text, rotation, len) in [
            (" r0 +N   ", Rotation::R0, 3),
            (" r90\n    ", Rotation::R90, 4),
            (" r180    ", Rotation::R180, 5),
            (" r270 =A+", Rotation::R270, 5),
        ] {
            assert_eq!(rotation_head(text.as_bytes()), Some((rotation, len)));
        }
    }

    #[test]
    fn spots_read_as_words_read_as_bytes() {
        let names = [
            "N", "E", "S", "W", "C", "NN", "NE", "EN", "SW", "WW", "X", "", "n", "NNN",
        ];
        let texts = names.into_iter().chain(Half::NAMES).flat_map(|name| {
            ["", " ", "\n", " =A+1", "W", "\u{e9}", "NW "].map(|tail| format!("{name}{tail}"))
        });
        let (whole, short) = read_alike(texts, 4, spot_head, spot_by_bytes);
        assert!(whole > 13 && short > 13, "{whole} {short}");
        // Every byte after a side's letter, and every three letters.
        for c in 0..=u8::MAX {
            for first in *b"NESWCX" {
                let b = [first, c, b' ', b' '];
                assert_eq!(spot_head(&b), spot_by_bytes(&b), "{b:?}");
            }
        }
        for w in 0..(1u32 << 24) / 4099 {
            let b = (w * 4099).to_le_bytes();
            assert_eq!(spot_head(&b), spot_by_bytes(&b), "{b:?}");
        }
    }

    #[test]
    fn spots_are_read_by_name() {
        let names = ["N", "E", "S", "W", "C"].into_iter().chain(Half::NAMES);
        for name in names {
            let expected = name.parse::<Spot>().unwrap();
            for (text, rest) in [(name.to_string(), ""), (format!("{name} =A+1"), " =A+1")] {
                assert_eq!(spot(&text), Some((expected, rest)), "{text}");
            }
        }
        for text in ["", "n", "X", "NN", "NNWW", "CC", "N:", "Nx", "N1", "ENEN"] {
            assert_eq!(spot(text), None, "{text}");
        }
    }

    #[test]
    fn a_value_ends_at_its_first_quote_backslash_or_line_feed() {
        let texts: [&[u8]; 10] = [
            b"",
            b"\"",
            b"abc",
            b"abcdefg\"",
            b"abcdefgh\"",
            b"abcdefghijklmnopq\\\"",
            b"Ann (red), Bob (blue)\"]\n",
            b"\xff\x80\x01\x00\x7f\x22\x0a",
            b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x0a",
            b"no end to it at all",
        ];
        for text in texts {
            let naive = text.iter().position(|c| matches!(c, b'"' | b'\\' | b'\n'));
            assert_eq!(value_end(text), naive, "{text:?}");
        }
    }

    #[test]
    fn numbers_up_to_u32_max() {
        assert_eq!(digits("0"), Some((0, "")));
        assert_eq!(digits("123456789,"), Some((123456789, ",")));
        assert_eq!(digits("4294967295 "), Some((u32::MAX, " ")));
        assert_eq!(digits("00000000004294967295"), Some((u32::MAX, "")));
        assert_eq!(digits("4294967296"), None);
        assert_eq!(digits("99999999999"), None);
        assert_eq!(digits("-1"), None);
        assert_eq!(digits(""), None);
        assert_eq!(coordinate("-2147483648 "), Some((i32::MIN, " ")));
        assert_eq!(coordinate("2147483647,"), Some((i32::MAX, ",")));
        assert_eq!(coordinate("-0"), Some((0, "")));
        assert_eq!(coordinate("2147483648"), None);
        assert_eq!(coordinate("-2147483649"), None);
        assert_eq!(coordinate("-"), None);
    }

    /// What [`read_game`] reads, worked out line by line: each line split off
    /// at its line feed, less one carriage return, and read alone.
    fn read_by_lines<'a>(text: &'a str, base: usize, game: &mut QuickGame<'a>) -> bool {
        let mut from = 0;
        while from < text.len() {
            let end = text[from..].find('\n').map_or(text.len(), |k| from + k);
            let raw = &text[from..end];
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            match line.as_bytes().first() {
                None => {}
                Some(b'[') if game.turns.is_empty() => match scan_tag(line, base + from) {
                    Some(t) => game.tags.push(t),
                    None => return false,
                },
                Some(b'0'..=b'9') => {
                    let first = game.claims.len();
                    match scan_turn(line, &mut game.claims) {
                        Some((input, _)) => game.turns.push((input, first..game.claims.len())),
                        None => return false,
                    }
                }
                Some(_) => return false,
            }
            from = end + 1;
        }
        !(game.tags.is_empty() && game.turns.is_empty())
    }

    #[test]
    fn a_game_is_read_as_its_lines() {
        let lines = [
            "[Event \"Club night\"]",
            "[Players \"Ann (red), Zoë (blue)\"]",
            "[Site \"a\rb\"]",
            "",
            "1. Ann V 1,0 r90",
            "2. Zoë E 1,-1 r270 +big:NNE =Zoë+4/4",
            "3. Ann X discard =Ann+0 =Zoë+0/4",
            "4. Zoë L -1,0 r180 +C",
            "5. Ann V 1,0 r90 +N",
        ];
        let ends = ["\n", "\r\n", "\n\n", "\r\n\r\n", "\n\r\n"];
        // Not the ends of lines in the common form.
        let odd_ends = ["\r\r\n", "\r", " \n", "\t\n", "\n \n"];
        let mut rng = crate::generate::Rng::new(9);
        let mut texts = Vec::new();
        for _ in 0..2000 {
            let mut text = String::new();
            for (i, l) in lines.iter().enumerate() {
                if rng.below(12) == 0 {
                    continue;
                }
                let mut l = l.to_string();
                if rng.below(40) == 0 && !l.is_empty() {
                    // A stray byte within the line.
                    let mut at = rng.below(l.len());
                    while !l.is_char_boundary(at) {
                        at -= 1;
                    }
                    l.insert(at, ['\r', '\n', ' ', '+', '=', 'x', '9'][rng.below(7)]);
                }
                text.push_str(&l);
                if i + 1 < lines.len() || rng.below(2) == 0 {
                    text.push_str(if rng.below(30) == 0 {
                        odd_ends[rng.below(odd_ends.len())]
                    } else {
                        ends[rng.below(ends.len())]
                    });
                }
            }
            texts.push(text);
        }
        texts.extend(
            [
                "",
                "\n",
                "\r\n",
                "\r",
                "1. Ann V 1,0 r90\r",
                "[A \"x\"]\r\r",
            ]
            .map(String::from),
        );
        let mut read = 0;
        for text in &texts {
            let (mut quick, mut by_lines) = (QuickGame::default(), QuickGame::default());
            let ok = read_game(text, 5, &mut quick);
            assert_eq!(ok, read_by_lines(text, 5, &mut by_lines), "{text:?}");
            if !ok {
                continue;
            }
            assert_eq!(
                format!("{:?}", quick.tags),
                format!("{:?}", by_lines.tags),
                "{text:?}"
            );
            assert_eq!(quick.turns, by_lines.turns, "{text:?}");
            assert_eq!(quick.claims, by_lines.claims, "{text:?}");
            read += usize::from(ok);
        }
        // Most are read; the others give up where the line-by-line reading does.
        assert!(read > texts.len() / 2, "{read}");
    }

    /// All the steps left.
    fn rest_of<'a>(steps: &mut Steps<'a>) -> Vec<Option<Step<'a>>> {
        let mut out = Vec::new();
        loop {
            let step = steps.next_step();
            out.push(step);
            if matches!(step, None | Some(Step::End)) {
                return out;
            }
        }
    }

    /// The events of a turn (`@name[:args]`) are read as steps between its
    /// figure and its claims, and only on a turn that placed its tile, as
    /// the grammar reads them.
    #[test]
    fn events_are_read_between_the_figure_and_the_claims() {
        let read = |text: &'static str| {
            let mut steps = Steps::new(text);
            steps.turns = true;
            rest_of(&mut steps)
        };
        let steps = read("7. Ann TB13 2,3 r0 +N @goods:wine+1,grain+2 @time:9 =Bob+10/24\n");
        let events: Vec<EventScan<'_>> = steps
            .iter()
            .filter_map(|s| match s {
                Some(Step::Event(e)) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(
            events,
            [
                EventScan {
                    name: "goods",
                    args: Some("wine+1,grain+2"),
                },
                EventScan {
                    name: "time",
                    args: Some("9"),
                },
            ]
        );
        assert_eq!(steps.len(), 5, "{steps:?}");
        assert!(matches!(steps[3], Some(Step::Claim(_))), "{steps:?}");
        assert_eq!(steps.last(), Some(&Some(Step::End)));
        // After a claim, after a discard, or not ending its token: the
        // grammar's (which finds each a fault).
        for text in [
            "7. Ann V 1,0 r0 =Bob+1 @goods:wine+1\n",
            "7. Ann V discard @goods:wine+1\n",
            "7. Ann V 1,0 r0 @goods:wine+1(\n",
            "7. Ann V 1,0 r0 @Goods\n",
        ] {
            assert_eq!(read(text).last(), Some(&None), "{text:?}");
        }
    }

    /// [`Steps::next_turn`] reads a line as [`Steps::next_step`] does, or
    /// leaves it to it.
    #[test]
    fn a_turn_looked_for_is_read_as_a_step() {
        let numbers = ["1", "7", "22", "022", "999", "1000", "4294967295", ""];
        let names = [
            "Ann",
            "Bob",
            "Zoë",
            "Christopher_Lee",
            "Christopher_Leo",
            "A",
            "Ann-Marie",
        ];
        let tiles = ["V", "RA", "X1", "v", "ABCD", "ABCDE", "Ä", ""];
        let actions = [
            "1,0 r90",
            "-3,2 r270",
            "-13,-120 r180",
            "1234,0 r0",
            "0,-1000 r0",
            "discard",
            "0,-0 r0",
            "1,2 r45",
            "1,2 r900",
            "1, 2 r0",
            "--1,2 r0",
            "1,2 r0x",
            "1,2",
        ];
        let figures = [
            "",
            " +N",
            " +NNE",
            " +big:SSW",
            " +C",
            " +farmer:",
            " +x:N",
            " +NN",
            " +",
            " +abbey-and-mayor:WNW",
            " +abbey-and-mayors:WNW",
            " +N:",
            " + N",
        ];
        let ends = [
            "\n",
            "\r\n",
            "",
            "\r",
            "\r\r\n",
            " =Ann+4",
            " =Ann+4/9\n",
            " \n",
            "x\n",
            " =",
            "\t\n",
            " @goods:wine+1\n",
            " @goods:wine+1,cloth+2 =Ann+4/9\n",
            " @time:12 @goods:grain+1 =Ann+4",
            " =Ann+4 @goods:wine+1",
            " @ =Ann+4",
            " @goods:wine+1x\n",
            " @goods: =Ann+4",
        ];
        let after = ["", "\n3. Ann V 1,0 r0\n", "\n\n[Event \"x\"]\n"];
        let filler = "\n4. Bob V 1,0 r0 +N".repeat(5);
        let mut rng = crate::generate::Rng::new(11);
        let mut read = 0;
        for _ in 0..40_000 {
            // The first two of each are in the form looked for.
            let mut pick = |xs: &[&'static str]| {
                let n = if rng.below(2) == 0 { 2 } else { xs.len() };
                xs[rng.below(n)]
            };
            let number = pick(&numbers);
            let name = pick(&names);
            let line = format!(
                "{number}. {name} {} {}{}{}{}",
                pick(&tiles),
                pick(&actions),
                pick(&figures),
                pick(&ends),
                pick(&after),
            );
            let long = rng.below(2) == 0;
            let text = if long {
                format!("{line}{filler}")
            } else {
                line
            };
            let expected = if rng.below(4) == 0 {
                rng.below(1200) as u32
            } else {
                number.parse().unwrap_or(1)
            };
            let seat = SeatName::new(if rng.below(4) == 0 {
                names[rng.below(names.len())]
            } else {
                name
            });
            // A turn has been read: no tag pair follows.
            let mut quick = Steps::new(&text);
            quick.turns = true;
            let mut full = quick.clone();
            match quick.next_turn(expected, &seat) {
                Some(turn) => {
                    read += 1;
                    assert_eq!(full.next_step(), Some(Step::Turn(turn)), "{text:?}");
                    assert_eq!((turn.number, turn.player), (expected, name), "{text:?}");
                }
                None => assert_eq!(quick.rest, full.rest, "{text:?}"),
            }
            assert_eq!(rest_of(&mut quick), rest_of(&mut full), "{text:?}");
        }
        assert!(read > 4000, "{read}");
    }

    /// [`place_at`] reads the place [`Place::from_word`] reads from the
    /// letters and digits at the start of a text.
    #[test]
    fn places_are_read_as_their_words() {
        let letters = ["", "N", "E", "S", "W", "C", "T", "X", "n", "1", "é"];
        for a in letters {
            for b in letters {
                for c in letters {
                    for d in ["", "N", "W"] {
                        let word = format!("{a}{b}{c}{d}");
                        let k = run(word.as_bytes(), ALNUM);
                        let expected = Place::from_word(&word[..k]);
                        for tail in ["", " ", "/", "\n"] {
                            let text = format!("{word}{tail}");
                            let read = place_at(&text, &text).map(|(p, _)| p.value);
                            assert_eq!(read, expected, "{text:?}");
                        }
                    }
                }
            }
        }
    }

    /// The marks of a loss hold its name, points and total wherever it is
    /// on its line.
    #[test]
    fn a_loss_is_marked_where_it_is() {
        let line = "7. Ann V 1,0 r0 +N =Jean-Luc-3/40 =Ann-12 =Bob+1";
        let mut tail = TurnTail::default();
        assert!(scan_turn_v2(line, &mut tail).is_some());
        let texts: Vec<[&str; 4]> = tail
            .claims
            .iter()
            .map(|c| c.claim.marks.map(|(a, b)| &line[a..b]))
            .collect();
        assert_eq!(
            texts,
            [
                ["=Jean-Luc-3/40", "Jean-Luc", "3", "40"],
                ["=Ann-12", "Ann", "12", ""],
                ["=Bob+1", "Bob", "1", ""],
            ]
        );
    }

    /// [`Steps::next_turn_v2`] reads a line as [`Steps::next_turn`] does or,
    /// where actions follow, as [`Steps::next_line`] and [`scan_turn_v2`]
    /// do, with the same actions (spans too) and claims; or leaves it to
    /// them.
    #[test]
    fn a_turn_due_with_actions_is_read_as_its_line() {
        let heads = [
            "7. Ann V 1,0 r90",
            "7. Ann GO7 -1,-12 r180",
            "7. Bob V 1,0 r90",
            "7. Ann V 1234,0 r0",
            "7. Ann ABCDE 1,0 r0",
            "07. Ann V 1,0 r0",
            "7. Ann V discard",
            "7. Ann V aside",
            "7. Zoë V 1,0 r0",
        ];
        let figures = [
            "",
            " +N",
            " +NNE",
            " +big:SSW",
            " +T",
            " +NS",
            " +1,2/N",
            " +abbey-and-mayors:WNW",
            " +NNEX",
            " +",
        ];
        let actions = [
            "",
            " gold:-1,0",
            " ferry:NS",
            " ferry:0,4/SW",
            " ferry:WE",
            " fly:2 +N",
            " magic:mage/2,3 N",
            " mage:0,2/S +W",
            " witch:2,0/S",
            " circle:add remove:E(Bob)",
            " remove:0,1/W(Ann) remove:-3,3/S(Bob)",
            " ingot:1,2",
            " +C",
            " +T",
            " gold:1,2 +NNE ferry:2,-6/EW",
            " gold:",
            " gold:1,2x",
            "  ferry:NS",
            " Ferry:NS",
            " take:follower(Bob)",
            " ransom:-",
            " x:1,2/NE",
            " robber:Bob",
            " robber:Ann(Bob)",
            " robber:N",
            " robber:Bob:x",
            " robber:Béa",
            " robber:Bob.Jr/2",
            " robber:r0",
            " robber:0(Bob)",
            " robber:-",
            " robber:A:B(Ann)",
            " rob:a.b(Bob)",
            " rob:7",
            " robber:\"Ann Lee\"(Bob)",
            " robber:\"\"",
            " robber:Bob\"",
            " take:\"Ann Lee\"",
            " take:\"0\"",
        ];
        let events = [
            "",
            " @goods:wine+1",
            " @goods:cloth+1,grain+2 @time:0:35",
            " @time:12",
            " @",
            " @Goods",
            " @goods:",
            " @goods:wine+1(",
            " @goods: =Ann+1",
        ];
        let claims = [
            "",
            " =Bob+2/2",
            " =Ann-3",
            " =Jean-Luc-3/40",
            " =Ann+4 =Bob+1",
            " =",
            " =Ann+x",
            " =Ann(marker)+3",
            " =Ann+3/53@3",
            " =Ann-3@47",
            " =Jean-Luc(messenger)-3/40@40",
            " =Ann+3@50",
        ];
        let ends = ["\n", "\r\n", "", "\r", "\r\r\n", " \n", "x\n", "\t\n"];
        let after = ["", "\n8. Bob V 1,0 r0\n", "\n\n9. Ann V 1,0 r0 gold:1,2\n"];
        let mut rng = crate::generate::Rng::new(12);
        let (mut plain, mut with_actions) = (0, 0);
        for _ in 0..60_000 {
            let (mut tail, mut scanned) = (TurnTail::default(), TurnTail::default());
            // The first two of each are in the form looked for.
            let mut pick = |xs: &[&'static str]| {
                let n = if rng.below(2) == 0 { 2 } else { xs.len() };
                xs[rng.below(n)]
            };
            let text = format!(
                "{}{}{}{}{}{}{}",
                pick(&heads),
                pick(&figures),
                pick(&actions),
                pick(&events),
                pick(&claims),
                pick(&ends),
                pick(&after),
            );
            let seat = SeatName::new(if rng.below(4) == 0 { "Bob" } else { "Ann" });
            let mut quick = Steps::new(&text);
            quick.turns = true;
            let mut full = quick.clone();
            let due = quick.next_turn_v2(7, &seat, &mut tail);
            let turn = full.next_turn(7, &seat);
            match due {
                Some(DueTurn::Plain(t)) => {
                    plain += 1;
                    assert_eq!(Some(t), turn, "{text:?}");
                }
                Some(DueTurn::Actions(t)) => {
                    with_actions += 1;
                    assert_eq!(turn, None, "{text:?}");
                    let line = full.next_line().unwrap();
                    let read = scan_turn_v2(line, &mut scanned);
                    assert_eq!(read, Some(t), "{text:?}");
                    assert_eq!(format!("{tail:?}"), format!("{scanned:?}"), "{text:?}");
                }
                None => assert_eq!(turn, None, "{text:?}"),
            }
            assert_eq!(quick.rest, full.rest, "{text:?}");
            assert_eq!(quick.turn_line, full.turn_line, "{text:?}");
        }
        assert!(
            plain > 1200 && with_actions > 5000,
            "{plain} {with_actions}"
        );
    }

    /// A turn whose first action puts a figure elsewhere than on a spot of
    /// its tile (the fairy beside a follower, a tower piece, a figure on a
    /// tower) is read by the turn-due reader, that figure its first action,
    /// as the line reader reads it: not given up and read again.
    #[test]
    fn a_figure_off_the_tiles_spots_is_the_first_action_of_a_turn_due() {
        let seat = SeatName::new("Ann");
        for text in [
            "7. Ann V 1,0 r90 +fairy:1,6\n",
            "7. Ann TW4 -2,1 r270 +tower:0,2/T =Ann+1\n",
            "7. Ann V 1,0 r90 +1,2/T @goods:wine+1\n",
            "7. Ann GO7 -1,-12 r180 +big:0,2/T gold:1,2 =Ann+4/9\n8. Bob V 1,0 r0\n",
        ] {
            let (mut tail, mut scanned) = (TurnTail::default(), TurnTail::default());
            let mut quick = Steps::new(text);
            quick.turns = true;
            let Some(DueTurn::Actions(turn)) = quick.next_turn_v2(7, &seat, &mut tail) else {
                panic!("not read as the turn due: {text:?}");
            };
            assert_eq!(turn.figure, None, "{text:?}");
            assert!(
                matches!(tail.steps.first(), Some(StepRecord::Figure(_))),
                "{text:?}"
            );
            let line = text.lines().next().unwrap();
            assert_eq!(scan_turn_v2(line, &mut scanned), Some(turn), "{text:?}");
            assert_eq!(format!("{tail:?}"), format!("{scanned:?}"), "{text:?}");
            assert_eq!(quick.rest, text.get(line.len() + 1..).unwrap(), "{text:?}");
        }
    }

    /// [`Steps::next_tag`] reads the tag pairs [`Steps::next_step`] reads, and
    /// leaves the rest to it.
    #[test]
    fn a_tag_looked_for_is_read_as_a_step() {
        let lines = [
            "[Event \"x\"]",
            "[Players \"Ann, Bob\"]",
            "[Bad \"a\\\"b\"]",
            "[x \"y\"]",
            "[Site \"a\"] ",
            "[9 \"a\"]",
            "",
            "1. Ann V 1,0 r90",
            "junk",
        ];
        let ends = ["\n", "\r\n", "\r", ""];
        let mut rng = crate::generate::Rng::new(5);
        for _ in 0..5000 {
            let mut text = String::new();
            for _ in 0..rng.below(7) {
                text.push_str(lines[rng.below(lines.len())]);
                text.push_str(ends[rng.below(ends.len())]);
            }
            let mut quick = Steps::new(&text);
            let mut full = quick.clone();
            let mut tags = Vec::new();
            while let Some(tag) = quick.next_tag() {
                tags.push(tag);
            }
            let mut steps = rest_of(&mut full);
            let read: Vec<(&str, &str)> = steps
                .iter()
                .map_while(|s| match s {
                    Some(Step::Tag { name, value, .. }) => Some((*name, *value)),
                    _ => None,
                })
                .collect();
            assert_eq!(tags, read, "{text:?}");
            steps.drain(..read.len());
            assert_eq!(rest_of(&mut quick), steps, "{text:?}");
        }
    }
}
