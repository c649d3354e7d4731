//! The quick reader: games whose lines are in the common form (turn lines of
//! tokens separated by single spaces, bare player names, no comment, no
//! event; tag lines written plainly) read straight into the engine's
//! [`TurnInput`], with the byte offsets of their tokens instead of owned,
//! spanned values.
//!
//! It reads a line by the scanners of [`super::lex`], which the grammar
//! ([`super::parse`](mod@super::parse)) uses too for every line they accept,
//! reading any other line with its combinators, which they must equal
//! (`fast_path_equals_the_grammar`; `tests/readers_agree.rs` holds the two
//! readers to agreeing on every game this one reads). [`Steps`] reads a whole
//! game this way for the referee's quick verdict, a tag pair, turn or claim at
//! a time as the referee replays it, and gives up on the first line it does
//! not accept, so that the full reader, never this one, reports every fault;
//! [`read_game`] keeps what it reads. [`Steps::next_turn`] reads the turn the
//! referee expects next, whose number and player it knows: it compares the
//! start of the line with them as two words, and reads the rest of a line
//! that places a tile from a fixed window of its bytes.
//!
//! A line is read in one pass from its start: each token is checked, and its
//! number worked out, as the reader moves over it, and the line ends at its
//! terminator (`\n` or `\r\n`) or at the end of the text. [`Steps`] thus
//! learns where a line ends by reading it, rather than looking for its end
//! first.

use crate::board::Pos;

use super::TurnInput;
use super::act::{ActToken, ArgToken, StepToken, TargetToken, Verb};
use super::lex::{
    ALNUM, FIGURE, NAME, SPOT_HALVES, claim_at, class, coordinate, digits, half_slot,
    is_plain_player_arg, line_ends, name_until, negative_claim_split, padded, rotation_head, run,
    spot_head, tag_at, tag_marks, token_ends, turn_head_at, turn_start_at,
};
pub use super::lex::{ClaimScan, Mark, TurnMarks, scan_tag, scan_turn};
use super::{Place, TagRecord};

/// What follows the tile (or its figure) on a turn line of version 2, as the
/// quick reader reads it: the actions, the events and the score claims, in
/// the order written. The lists keep their room from one line to the next.
#[derive(Debug, Default)]
pub struct TurnTail<'a> {
    /// The actions (SPEC 2.14), but for a first one that is the turn's figure,
    /// in their compact form.
    pub steps: Vec<StepToken<'a>>,
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

    /// The three lists emptied, for lines of another text, keeping their
    /// room: a reader of many games keeps one tail rather than growing a new
    /// one for each game.
    pub fn emptied<'b>(self) -> TurnTail<'b> {
        TurnTail {
            steps: crate::lists::emptied(self.steps),
            events: crate::lists::emptied(self.events),
            claims: crate::lists::emptied(self.claims),
        }
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
            let (step, after) = step_at(token)?;
            s = after;
            if first
                && let StepToken::Figure {
                    figure,
                    target:
                        TargetToken {
                            pos: None,
                            place: Some(Place::Spot(spot)),
                        },
                } = step
            {
                input.figure = Some((figure, spot));
            } else {
                tail.steps.push(step);
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
    let sign = negative_claim_split(run_text)?;
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

/// Reads the action at the start of `t`, which must end its token:
/// `+[figure:]target` or `verb[:arg][(Player)]`, in its compact form, its
/// verb read once. Returns it and the text after it; `None`: the token is not
/// in the common form.
fn step_at(t: &str) -> Option<(StepToken<'_>, &str)> {
    if let Some(after) = t.strip_prefix('+') {
        let (figure, after) = figure_prefix_at(after);
        let (target, after) = target_at(after)?;
        if !token_ends(after.as_bytes()) {
            return None;
        }
        return Some((StepToken::Figure { figure, target }, after));
    }
    let b = t.as_bytes();
    if !b.first()?.is_ascii_lowercase() {
        return None;
    }
    let k = run(b, FIGURE);
    let (word, mut after) = t.split_at_checked(k)?;
    // The verb's word, its bytes packed at once.
    let verb = if (1..=8).contains(&k) {
        let w = match b.first_chunk::<8>() {
            Some(w) => u64::from_le_bytes(*w),
            None => u64::from_le_bytes(padded(b)),
        };
        Verb::of_packed(w & (u64::MAX >> (64 - 8 * k)))
    } else {
        Verb::Other
    };
    let mut act = ActToken {
        verb,
        word,
        arg: None,
        player: None,
    };
    if let Some(a) = after.strip_prefix(':') {
        let (value, rest) = if verb.names_player() {
            player_arg_at(a)?
        } else {
            act_arg_at(a)?
        };
        act.arg = Some(value);
        after = rest;
    }
    if let Some(p) = after.strip_prefix('(') {
        let (name, rest) = name_until(p, b')')?;
        act.player = Some(name);
        after = rest;
    }
    if !token_ends(after.as_bytes()) {
        return None;
    }
    Some((StepToken::Act(act), after))
}

/// A figure's name and its colon at the start of `s` (`big:`), if there is
/// one, and the text after them.
#[inline(always)]
fn figure_prefix_at(s: &str) -> (Option<&str>, &str) {
    let k = run(s.as_bytes(), FIGURE);
    match (s.get(..k), s.get(k..).and_then(|r| r.strip_prefix(':'))) {
        (Some(name), Some(after)) if k > 0 => (Some(name), after),
        _ => (None, s),
    }
}

/// The target at the start of `s`: `SPOT`, `T`, `x,y/SPOT`, `x,y/T` or
/// `x,y`, and the text after it.
#[inline(always)]
fn target_at(s: &str) -> Option<(TargetToken, &str)> {
    if !s.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        let (place, after) = place_at(s)?;
        return Some((
            TargetToken {
                pos: None,
                place: Some(place),
            },
            after,
        ));
    }
    let (x, after) = coordinate(s)?;
    let (y, after) = coordinate(after.strip_prefix(',')?)?;
    let (place, after) = match after.strip_prefix('/') {
        Some(p) => {
            let (place, after) = place_at(p)?;
            (Some(place), after)
        }
        None => (None, after),
    };
    Some((
        TargetToken {
            pos: Some(Pos::new(x, y)),
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
fn place_at(s: &str) -> Option<(Place, &str)> {
    let (word, after) = s.split_at_checked(run(s.as_bytes(), ALNUM))?;
    let place = match *word.as_bytes() {
        [c] => Place::from_letter(c)?,
        [a, b, c] => {
            let word = u32::from_le_bytes([a, b, c, 0]);
            let (half_word, half) = *SPOT_HALVES.get(half_slot(word))?;
            (word == half_word).then_some(Place::Spot(half))?
        }
        _ => Place::from_word(word)?,
    };
    Some((place, after))
}

/// The argument of a verb that names a player at the start of `s`, and the
/// text after it: a bare name, by the one rule for a player's name, in ASCII.
/// `None` for a quoted name, or one with a character other than ASCII: the
/// grammar reads them.
fn player_arg_at(s: &str) -> Option<(ArgToken<'_>, &str)> {
    let b = s.as_bytes();
    let k = run(b, NAME);
    if k == 0 || b.get(k).is_some_and(|c| !c.is_ascii()) {
        return None;
    }
    let (name, after) = s.split_at_checked(k)?;
    Some((ArgToken::Player(name), after))
}

/// The argument of an act at the start of `s`, and the text after it: a
/// number, `-`, a figure's kind, a player (a word that is no spot, in ASCII),
/// or a figure at a target. A place of one letter that its word ends
/// (`dragon:W`, `dragon:N(Cat)`: most arguments of acts) is read by its
/// byte, as [`act_arg_read`] reads it.
#[inline]
fn act_arg_at(s: &str) -> Option<(ArgToken<'_>, &str)> {
    let b = s.as_bytes();
    if let Some(place) = b.first().and_then(|c| Place::from_letter(*c))
        && b.get(1)
            .is_none_or(|c| c.is_ascii() && (class(*c) & NAME == 0 || matches!(c, b':' | b'/')))
    {
        let target = TargetToken {
            pos: None,
            place: Some(place),
        };
        return Some((
            ArgToken::At {
                figure: None,
                target,
            },
            s.get(1..)?,
        ));
    }
    act_arg_read(s)
}

/// [`act_arg_at`] of any argument, its bytes read in turn.
fn act_arg_read(s: &str) -> Option<(ArgToken<'_>, &str)> {
    let b = s.as_bytes();
    let d = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if d > 0 && b.get(d) != Some(&b',') {
        let (n, after) = digits(s)?;
        return Some((ArgToken::Number(n), after));
    }
    if b.first() == Some(&b'-') && !b.get(1).is_some_and(u8::is_ascii_digit) {
        return Some((ArgToken::Nothing, s.get(1..)?));
    }
    if b.first().is_some_and(u8::is_ascii_lowercase) {
        let k = run(b, FIGURE);
        if b.get(k) != Some(&b':') {
            let (word, after) = s.split_at_checked(k)?;
            return Some((ArgToken::Kind(word), after));
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
        // Most such words are a spot or a direction (`dragon:W`): a word
        // that reads whole as a place is no player's name, and no figure's
        // (those are in lower case), so it is the target read below.
        if let Some((place, rest)) = place_at(s)
            && rest.len() == after.len()
        {
            let target = TargetToken {
                pos: None,
                place: Some(place),
            };
            return Some((
                ArgToken::At {
                    figure: None,
                    target,
                },
                rest,
            ));
        }
        if is_plain_player_arg(word) {
            return Some((ArgToken::Player(word), after));
        }
    }
    let (figure, after) = figure_prefix_at(s);
    let (target, after) = target_at(after)?;
    Some((ArgToken::At { figure, target }, after))
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
            steps: super::act::TurnSteps::NONE,
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
mod tests;
