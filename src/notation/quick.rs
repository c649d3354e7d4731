//! The quick reader: turn lines in the common form (tokens separated by single
//! spaces, bare player names, no comment, no event) read straight into the
//! engine's [`TurnInput`], with the byte offsets of their tokens instead of owned,
//! spanned values.
//!
//! It serves two readers. [`super::parse`] builds its spanned [`TurnRecord`]s
//! from it for every line it accepts (and reads any other line with the full
//! grammar, which it must equal: `fast_path_equals_the_grammar`). [`read_game`]
//! reads a whole game this way for the referee's quick verdict
//! ([`crate::referee::verdict`]), and gives up on the first line it does not
//! accept, so that the full reader, never this one, reports every fault.
//!
//! [`TurnRecord`]: super::TurnRecord

use crate::board::Pos;
use crate::rules::TurnInput;
use crate::tiles::{Rotation, Spot};

use super::TagRecord;

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

/// [`super::parse::is_name_char`] for an ASCII byte.
fn is_ascii_name_byte(c: u8) -> bool {
    !matches!(
        c,
        9..=13 | b' ' | b'"' | b'{' | b'}' | b';' | b'=' | b'+' | b',' | b'(' | b')' | b'[' | b']'
    )
}

/// Reads a turn line (without its line terminator) written in the common form;
/// its claims are appended to `claims`. `None` if the line is not in that form
/// or has a fault: the full grammar then reads it.
pub fn scan_turn<'a>(
    body: &'a str,
    claims: &mut Vec<ClaimScan<'a>>,
) -> Option<(TurnInput<'a>, TurnMarks)> {
    let b = body.as_bytes();
    let mut marks = TurnMarks::default();
    // Up to (not including) the next space or the end. Tokens are a few bytes
    // long: a plain loop beats a vectorised search.
    let token_end = |from: usize| {
        b.get(from..)
            .and_then(|rest| rest.iter().position(|c| *c == b' '))
            .map_or(b.len(), |p| from + p)
    };
    let spaced = |i: usize| b.get(i) == Some(&b' ');
    let name_at = |from: usize, to: usize| -> Option<&'a str> {
        let text = b.get(from..to)?;
        if text.is_empty() {
            return None;
        }
        if !text.iter().all(|c| c.is_ascii() && is_ascii_name_byte(*c)) {
            // Other than ASCII: decide on the characters.
            let s = body.get(from..to)?;
            if !s.chars().all(super::parse::is_name_char) {
                return None;
            }
        }
        body.get(from..to)
    };
    let decimal = |from: usize, to: usize| -> Option<u32> {
        let digits = b.get(from..to)?;
        if digits.is_empty() {
            return None;
        }
        digits.iter().try_fold(0u32, |n, d| {
            if !d.is_ascii_digit() {
                return None;
            }
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        })
    };

    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let number = decimal(0, n)?;
    marks.number = (0, n);
    if b.get(n..n + 2)? != b". " {
        return None;
    }
    let p0 = n + 2;
    let p1 = token_end(p0);
    let player = name_at(p0, p1)?;
    marks.player = (p0, p1);
    if !spaced(p1) {
        return None;
    }
    let t0 = p1 + 1;
    let t1 = token_end(t0);
    let id = b.get(t0..t1)?;
    let (first, rest) = id.split_first()?;
    if !first.is_ascii_uppercase() || !rest.iter().all(u8::is_ascii_alphanumeric) {
        return None;
    }
    let tile = body.get(t0..t1)?;
    marks.tile = (t0, t1);
    if !spaced(t1) {
        return None;
    }
    let a0 = t1 + 1;
    let a1 = token_end(a0);
    let place = if b.get(a0..a1)? == b"discard" {
        marks.action = (a0, a1);
        None
    } else {
        let comma = a0 + b.get(a0..a1)?.iter().position(|c| *c == b',')?;
        let coordinate = |from: usize, to: usize| -> Option<i32> {
            let (negative, from) = match b.get(from) {
                Some(b'-') => (true, from + 1),
                _ => (false, from),
            };
            let magnitude = i64::from(decimal(from, to)?);
            i32::try_from(if negative { -magnitude } else { magnitude }).ok()
        };
        let pos = Pos::new(coordinate(a0, comma)?, coordinate(comma + 1, a1)?);
        if !spaced(a1) {
            return None;
        }
        let r0 = a1 + 1;
        let r1 = token_end(r0);
        let rotation = match b.get(r0..r1)? {
            b"r0" => Rotation::R0,
            b"r90" => Rotation::R90,
            b"r180" => Rotation::R180,
            b"r270" => Rotation::R270,
            _ => return None,
        };
        marks.pos = (a0, a1);
        marks.rotation = (r0, r1);
        marks.action = (a0, r1);
        Some((pos, rotation))
    };
    let mut i = marks.action.1;
    let mut figure = None;
    if place.is_some() && b.get(i..i + 2) == Some(b" +") {
        let start = i + 1;
        let end = token_end(start);
        let token = b.get(start + 1..end)?;
        let (name, spot_at) = match token.iter().position(|c| *c == b':') {
            Some(k) => {
                let f = token.get(..k)?;
                if f.is_empty() || !f.iter().all(|c| c.is_ascii_lowercase() || *c == b'-') {
                    return None;
                }
                marks.figure_name = (start + 1, start + 1 + k);
                (Some(body.get(start + 1..start + 1 + k)?), start + 2 + k)
            }
            None => (None, start + 1),
        };
        let spot_text = body.get(spot_at..end)?;
        if spot_text.is_empty() || !spot_text.bytes().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        let spot = spot_text.parse::<Spot>().ok()?;
        marks.figure = (start, end);
        marks.spot = (spot_at, end);
        figure = Some((name, spot));
        i = end;
    }
    while i < b.len() {
        if b.get(i..i + 2)? != b" =" {
            return None;
        }
        let start = i + 1;
        let end = token_end(start);
        let name0 = start + 1;
        let plus = name0 + b.get(name0..end)?.iter().position(|c| *c == b'+')?;
        let player = name_at(name0, plus)?;
        let points_at = plus + 1;
        let slash = b
            .get(points_at..end)?
            .iter()
            .position(|c| *c == b'/')
            .map(|k| points_at + k);
        let points_end = slash.unwrap_or(end);
        let points = decimal(points_at, points_end)?;
        let total = match slash {
            Some(k) => Some(decimal(k + 1, end)?),
            None => None,
        };
        claims.push(ClaimScan {
            player,
            points,
            total,
            marks: [
                (start, end),
                (name0, plus),
                (points_at, points_end),
                slash.map_or((end, end), |k| (k + 1, end)),
            ],
        });
        i = end;
    }
    let input = TurnInput {
        number,
        player,
        tile,
        place,
        figure,
    };
    Some((input, marks))
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
/// that is not: the full reader then reads the game.
pub fn read_game<'a>(text: &'a str, base: usize, game: &mut QuickGame<'a>) -> bool {
    let mut from = 0;
    while let Some(rest) = text.as_bytes().get(from..).filter(|r| !r.is_empty()) {
        let end = memchr::memchr(b'\n', rest).map_or(text.len(), |k| from + k);
        let raw = text.get(from..end).unwrap_or("");
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        match line.as_bytes().first() {
            None => {}
            Some(b'[') if game.turns.is_empty() => {
                match super::parse::tag_line_fast(line, base + from) {
                    Some(t) => game.tags.push(t),
                    None => return false,
                }
            }
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
