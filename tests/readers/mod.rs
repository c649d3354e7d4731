//! The two readers of CGN agree on what is clean: whatever the quick reader
//! (`notation::quick`) accepts, the full grammar (`notation::parse`) reads with
//! no fault, to the same tags, turns, events and claims. Shared by
//! `tests/readers_agree.rs` and the fuzz target `readers_agree`.
//!
//! Each game of a text is read by the quick reader in each of the ways the
//! referee reads it:
//!
//! - whole ([`read_game`]);
//! - a step at a time, tag pairs first, each turn first as the turn due (its
//!   number and player taken from the full reader's record) and otherwise as
//!   any step, as the quick verdict reads a game of the basic game;
//! - a line at a time, each turn line of version 2 by `scan_turn_v2`, as the
//!   quick verdict reads a game whose turns hold actions;
//!
//! and each line on its own by the scanners the grammar shares
//! (`lex::scan_turn`, `lex::scan_tag`). Where the quick reader reads it all,
//! the full reader must find no fault and read the same.

use carcref::notation::MAX_LINE;
use carcref::notation::act::{StepToken, TurnSteps};
use carcref::notation::lex::{scan_tag, scan_turn};
use carcref::notation::parse::has_long_line;
use carcref::notation::quick::{
    ClaimScan, EventScan, QuickGame, SeatName, Step, Steps, TurnTail, read_game, scan_turn_v2,
};
use carcref::notation::{ClaimRecord, ReadGame, Span, TurnInput, TurnRecord, split_games};

/// How much of a text the quick reader read, for a test to hold its inputs to
/// reaching it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Reached {
    /// Games of the text.
    pub games: usize,
    /// Games read whole.
    pub whole: usize,
    /// Games read a step at a time to their end.
    pub stepped: usize,
    /// Turns read as the turn due.
    pub due: usize,
    /// Turn lines read by `scan_turn_v2`.
    pub lines_v2: usize,
    /// Lines read by `scan_turn` or `scan_tag`.
    pub lines: usize,
}

impl std::ops::AddAssign for Reached {
    fn add_assign(&mut self, o: Reached) {
        self.games += o.games;
        self.whole += o.whole;
        self.stepped += o.stepped;
        self.due += o.due;
        self.lines_v2 += o.lines_v2;
        self.lines += o.lines;
    }
}

/// Checks every game of `text`; panics, naming the game, where the readers
/// disagree.
pub fn agree(text: &str) -> Reached {
    let mut reached = Reached::default();
    for (base, game) in split_games(text) {
        reached.games += 1;
        // A game with a line longer than a line may be is the full reader's
        // before the quick reader sees it (`parse::has_long_line`, as the
        // referee asks first), and so is such a line.
        if !has_long_line(game) {
            let full = carcref::notation::read_game(game, base);
            reached.whole += usize::from(whole(game, base, &full));
            stepped(game, base, &full, &mut reached);
        }
        for (at, line) in lines(game).filter(|(_, l)| l.len() <= MAX_LINE) {
            reached.lines_v2 += usize::from(line_v2(line));
            reached.lines += usize::from(line_alone(line, base + at));
        }
    }
    reached
}

/// The lines of a game's text as the full reader splits them, with their
/// offsets: without `\n`, and without a `\r` before it or at the end.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |raw| {
        let start = at;
        at += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The full reader found no fault in a game the quick reader read.
fn assert_clean(game: &str, full: &ReadGame, how: &str) {
    assert!(
        full.errors.is_empty(),
        "{how}: the quick reader read {game:?}, the grammar finds {:?}",
        full.errors
    );
}

/// A turn the quick reader read is the turn the grammar read.
fn assert_same_turn(quick: &TurnInput<'_>, turn: &TurnRecord, context: &str) {
    assert_eq!(*quick, TurnInput::of(turn), "{context}");
}

/// A claim the quick reader read is the claim the grammar read; its marks
/// count from the start of the turn's line, `line_at` in the whole input.
fn assert_same_claim(quick: &ClaimScan<'_>, claim: &ClaimRecord, line_at: usize, context: &str) {
    let span = |(x, y): (usize, usize)| Span::new(line_at + x, line_at + y);
    assert_eq!(
        (
            quick.player,
            quick.points,
            quick.total,
            false,
            None,
            None,
            span(quick.marks[0]),
            span(quick.marks[1]),
            span(quick.marks[2]),
            quick.total.map(|_| span(quick.marks[3])),
        ),
        (
            claim.player.value.as_str(),
            claim.points.value,
            claim.total.as_ref().map(|t| t.value),
            claim.negative,
            claim.pawn.as_ref().map(|p| p.value),
            claim.space.as_ref().map(|s| s.value),
            claim.span,
            claim.player.span,
            claim.points.span,
            claim.total.as_ref().map(|t| t.span),
        ),
        "{context}"
    );
}

/// The game read whole: its tags (spans too), turns and claims are the
/// grammar's, which finds no fault. Whether the quick reader read it.
fn whole(game: &str, base: usize, full: &ReadGame) -> bool {
    let mut quick = QuickGame::default();
    if !read_game(game, base, &mut quick) {
        return false;
    }
    assert_clean(game, full, "read_game");
    let record = &full.record;
    assert_eq!(
        format!("{:?}", quick.tags),
        format!("{:?}", record.tags),
        "read_game: the tags of {game:?}"
    );
    assert!(record.trailing_comments.is_empty(), "{game:?}");
    assert_eq!(quick.turns.len(), record.turns.len(), "read_game: {game:?}");
    for ((input, claims), turn) in quick.turns.iter().zip(&record.turns) {
        let context = format!("read_game: turn {} of {game:?}", turn.number.value);
        assert_same_turn(input, turn, &context);
        assert!(
            turn.events.is_empty() && turn.comment.is_none(),
            "{context}"
        );
        assert!(turn.comments_before.is_empty(), "{context}");
        let claims = quick.claims.get(claims.clone()).unwrap_or_default();
        assert_eq!(claims.len(), turn.claims.len(), "{context}");
        for (c, claim) in claims.iter().zip(&turn.claims) {
            assert_same_claim(c, claim, turn.span.start, &context);
        }
    }
    true
}

/// What the quick reader read of a game a step at a time.
#[derive(Debug)]
enum Read<'a> {
    Tag(&'a str, &'a str, Option<usize>),
    Turn(TurnInput<'a>, bool),
    Event(EventScan<'a>),
    Claim(ClaimScan<'a>),
}

/// The game read a step at a time, as the quick verdict reads it: each line
/// after the tag pairs first as the turn due (the next turn of the grammar's
/// record, by its number and player), else as any step. A game read to its
/// end is one the grammar finds no fault in, and reads to the same steps.
fn stepped(game: &str, base: usize, full: &ReadGame, reached: &mut Reached) {
    let record = &full.record;
    let mut steps = Steps::new(game);
    let mut read = Vec::new();
    while let Some((name, value)) = steps.next_tag() {
        read.push(Read::Tag(name, value, None));
    }
    let mut turns = 0;
    loop {
        // The turns due, read as such.
        while let Some(turn) = record.turns.get(turns) {
            let seat = SeatName::new(&turn.player.value);
            let Some(input) = steps.next_turn(turn.number.value, &seat) else {
                break;
            };
            read.push(Read::Turn(input, true));
            turns += 1;
        }
        match steps.next_step() {
            None => return,
            Some(Step::End) => break,
            Some(Step::Tag { name, value, at }) => read.push(Read::Tag(name, value, Some(at))),
            Some(Step::Turn(input)) => {
                read.push(Read::Turn(input, false));
                turns += 1;
            }
            Some(Step::Event(e)) => read.push(Read::Event(e)),
            Some(Step::Claim(c)) => read.push(Read::Claim(c)),
        }
    }
    // Read to its end: the grammar read the same game, with no fault.
    assert_clean(game, full, "Steps");
    let mut tags = record.tags.iter();
    let mut turns = record.turns.iter();
    let mut turn: Option<&TurnRecord> = None;
    let (mut events, mut claims) = (0, 0);
    for r in &read {
        match r {
            Read::Tag(name, value, at) => {
                let Some(tag) = tags.next() else {
                    panic!("Steps: a tag pair the grammar does not read in {game:?}");
                };
                assert_eq!(
                    (*name, *value),
                    (tag.name.value.as_str(), tag.value.value.as_str()),
                    "Steps: {game:?}"
                );
                if let Some(at) = at {
                    assert_eq!(base + at, tag.span.start, "Steps: {game:?}");
                }
            }
            Read::Turn(input, due) => {
                let Some(t) = turns.next() else {
                    panic!("Steps: a turn the grammar does not read in {game:?}");
                };
                assert_same_turn(
                    input,
                    t,
                    &format!("Steps: turn {} of {game:?}", t.number.value),
                );
                assert!(
                    t.comment.is_none() && t.comments_before.is_empty(),
                    "{game:?}"
                );
                reached.due += usize::from(*due);
                turn = Some(t);
                (events, claims) = (0, 0);
            }
            Read::Event(e) => {
                let Some(event) = turn.and_then(|t| t.events.get(events)) else {
                    panic!("Steps: an event the grammar does not read in {game:?}");
                };
                assert_eq!(
                    (e.name, e.args),
                    (
                        event.name.value.as_str(),
                        event.args.as_ref().map(|a| a.value.as_str())
                    ),
                    "Steps: {game:?}"
                );
                events += 1;
            }
            Read::Claim(c) => {
                let claim = turn.and_then(|t| t.claims.get(claims));
                let (Some(t), Some(claim)) = (turn, claim) else {
                    panic!("Steps: a claim the grammar does not read in {game:?}");
                };
                let context = format!("Steps: turn {} of {game:?}", t.number.value);
                assert_same_claim(c, claim, t.span.start, &context);
                claims += 1;
            }
        }
    }
    assert!(
        tags.next().is_none() && turns.next().is_none(),
        "Steps: the grammar reads more of {game:?}"
    );
    reached.stepped += 1;
}

/// A turn line read by `scan_turn_v2` is read by the grammar of version 2
/// (a line of its own, in a game without a `CGN` tag) with no fault, to the
/// same turn, actions (spans too), events and claims. Whether it was read.
fn line_v2(line: &str) -> bool {
    let mut tail = TurnTail::default();
    let Some(quick) = scan_turn_v2(line, &mut tail) else {
        return false;
    };
    let full = carcref::notation::read_game(line, 0);
    assert_clean(line, &full, "scan_turn_v2");
    let [turn] = full.record.turns.as_slice() else {
        panic!("scan_turn_v2: {line:?} is not one turn to the grammar");
    };
    let mut quick = quick;
    quick.steps = TurnSteps::Read(&tail.steps);
    assert_same_turn(&quick, turn, &format!("scan_turn_v2: {line:?}"));
    let written: Vec<StepToken<'_>> = turn.steps.iter().map(StepToken::of).collect();
    assert_eq!(tail.steps, written, "scan_turn_v2: {line:?}");
    let events: Vec<_> = tail.events.iter().map(|e| (e.name, e.args)).collect();
    let full_events: Vec<_> = turn
        .events
        .iter()
        .map(|e| {
            (
                e.name.value.as_str(),
                e.args.as_ref().map(|a| a.value.as_str()),
            )
        })
        .collect();
    assert_eq!(events, full_events, "scan_turn_v2: {line:?}");
    assert_eq!(
        tail.claims.len(),
        turn.claims.len(),
        "scan_turn_v2: {line:?}"
    );
    for (c, claim) in tail.claims.iter().zip(&turn.claims) {
        assert_eq!(
            (c.claim.player, c.net(), c.claim.total),
            (
                claim.player.value.as_str(),
                claim.net(),
                claim.total.as_ref().map(|t| t.value)
            ),
            "scan_turn_v2: {line:?}"
        );
    }
    assert!(turn.comment.is_none(), "scan_turn_v2: {line:?}");
    true
}

/// A line read by the scanners the grammar shares (a turn line in the common
/// form, a tag line written plainly) is what the grammar reads of it, spans
/// and all, at byte `at`. Whether it was read.
fn line_alone(line: &str, at: usize) -> bool {
    if let Some(tag) = scan_tag(line, at) {
        let full = carcref::notation::read_game(line, at);
        assert_clean(line, &full, "scan_tag");
        assert_eq!(
            format!("{:?}", [tag]),
            format!("{:?}", full.record.tags),
            "scan_tag: {line:?}"
        );
        return true;
    }
    let mut claims = Vec::new();
    let Some((input, marks)) = scan_turn(line, &mut claims) else {
        return false;
    };
    // Alone, with no `CGN` tag: the grammar of version 2, which reads every
    // line of version 1 the same.
    let full = carcref::notation::read_game(line, at);
    assert_clean(line, &full, "scan_turn");
    let [turn] = full.record.turns.as_slice() else {
        panic!("scan_turn: {line:?} is not one turn to the grammar");
    };
    let context = format!("scan_turn: {line:?}");
    assert_same_turn(&input, turn, &context);
    let span = |(x, y): (usize, usize)| Span::new(at + x, at + y);
    assert_eq!(
        (span(marks.number), span(marks.player), span(marks.tile)),
        (turn.number.span, turn.player.span, turn.tile.span),
        "{context}"
    );
    assert_eq!(span(marks.action), turn.action.span, "{context}");
    assert_eq!(claims.len(), turn.claims.len(), "{context}");
    for (c, claim) in claims.iter().zip(&turn.claims) {
        assert_same_claim(c, claim, at, &context);
    }
    true
}
