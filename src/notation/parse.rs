//! The CGN reader (nom 8). One function per production of `notation/SPEC.md`.
//!
//! CGN is line-oriented, so a file is split into games and lines first and every
//! line is parsed on its own (as the whole line, `all_consuming`): a fault in one
//! line is reported and the next line is read as usual, so one run reports every
//! syntax error of a file.

use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_while, take_while1};
use nom::character::complete::{char, digit1, satisfy, space0, space1};
use nom::combinator::{all_consuming, cut, map_res, opt, recognize, value};
use nom::error::{ContextError, ErrorKind, FromExternalError, ParseError, context};
use nom::multi::many0;
use nom::sequence::preceded;
use nom::{IResult, Offset, Parser};

use super::error::{Errors, SyntaxError};
use super::lex::{
    Mark, bare_name_len, is_name_char, is_plain_player_arg, negative_claim_split, scan_tag,
    scan_turn, verb_names_player,
};
use super::{
    ActArg, ActRecord, ActionRecord, ClaimRecord, Comment, CommentStyle, EventRecord, FigureStep,
    FollowerSpec, GameRecord, Name, Place, Span, Spanned, StepRecord, TagRecord, Target,
    TurnRecord,
};
use crate::board::Pos;
use crate::pawn::{Pawn, Space};
use crate::tiles::{Rotation, Spot};

/// One game read from text: the record and the syntax faults found in it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadGame {
    /// The record (lines that failed to parse are left out).
    pub record: GameRecord,
    /// Syntax faults, in source order.
    pub errors: Vec<SyntaxError>,
    /// Whether a line left unread for its length (`E110`) is one the game
    /// needs to be replayed ([`replay_needs_line`]), or the game itself was
    /// too long to read.
    pub needs_unread_line: bool,
}

impl ReadGame {
    /// Whether any fault is an error.
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(SyntaxError::is_error)
    }
}

/// Whether a line too long to read (`E110`; the whole line, without its line
/// end) is one its game needs to be replayed (SPEC 2.1): a turn line, or a
/// tag line whose tag the referee reads ([`super::tags::replay_reads_tag`]),
/// or one whose tag name does not read (`[` not followed by a name and a
/// blank). A comment line, a blank line and a tag line of a tag that only
/// describes the game (`Event`, `Source`, a tag without a meaning) are not.
pub fn replay_needs_line(text: &str) -> bool {
    match line_kind(text) {
        None | Some(LineKind::Comment) => false,
        Some(LineKind::Turn) => true,
        Some(LineKind::Tag) => {
            let rest = text.trim_start().get(1..).unwrap_or_default();
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = rest.get(..end).unwrap_or_default();
            let named = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && rest[end..].starts_with([' ', '\t']);
            !named || super::tags::replay_reads_tag(name)
        }
    }
}

/// The parser's error: where it stopped, what it expected there, and whether a
/// number was out of range, of which the reader makes the [`SyntaxError`] it
/// reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError<'a> {
    rest: &'a str,
    context: Option<&'static str>,
    out_of_range: bool,
}

impl<'a> ParseError<&'a str> for GrammarError<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        GrammarError {
            rest: input,
            context: None,
            out_of_range: false,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Of two alternatives, report the one that got further.
        if other.rest.len() <= self.rest.len() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<&'a str> for GrammarError<'a> {
    fn add_context(_input: &'a str, ctx: &'static str, mut other: Self) -> Self {
        // Keep the innermost context: it names what the reader was looking at.
        if other.context.is_none() {
            other.context = Some(ctx);
        }
        other
    }
}

impl<'a, E> FromExternalError<&'a str, E> for GrammarError<'a> {
    fn from_external_error(input: &'a str, _kind: ErrorKind, _e: E) -> Self {
        GrammarError {
            rest: input,
            context: None,
            out_of_range: true,
        }
    }
}

type PResult<'a, O> = IResult<&'a str, O, GrammarError<'a>>;

const POSITION: &str = "a position x,y";
const ROTATION: &str = "a rotation (r0, r90, r180, r270)";
const SPOT: &str = "a spot";
const CLAIM: &str = "a score claim =Name+points";
const EVENT: &str = "an event @name or @name:args";
const ACT: &str = "an action verb, verb:arg or verb:arg(Name)";
const COMMENT: &str = "a closing }";

/// A line of the source and its byte offset in the whole text.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    text: &'a str,
    base: usize,
    /// Whether the game's `CGN` tag says version 1: its turns are then read
    /// by the grammar of version 1, where a token of version 2 is the fault
    /// it always was (SPEC 2.14).
    v1: bool,
}

impl<'a> Line<'a> {
    fn span(&self, from: &'a str, to: &'a str) -> Span {
        Span::new(
            self.base + self.text.offset(from),
            self.base + self.text.offset(to),
        )
    }

    fn spanned<O>(
        &self,
        mut p: impl Parser<&'a str, Output = O, Error = GrammarError<'a>>,
    ) -> impl FnMut(&'a str) -> PResult<'a, Spanned<O>> {
        let line = *self;
        move |i| {
            let (rest, value) = p.parse(i)?;
            Ok((rest, Spanned::new(value, line.span(i, rest))))
        }
    }

    /// `tag_pair = "[" , tag_name , ws , tag_value , "]" , [ ws ] , [ comment , [ ws ] ] ;`
    fn tag_pair(&self, i: &'a str) -> PResult<'a, TagRecord> {
        let start = i;
        let (i, _) = char('[').parse(i)?;
        let (i, name) = cut(context("a tag name", self.spanned(|i| self.tag_name(i)))).parse(i)?;
        let (i, _) = cut(context("a space and a quoted value", space1)).parse(i)?;
        let (i, value) = cut(context(
            "a quoted value",
            self.spanned(|i| self.tag_value(i)),
        ))
        .parse(i)?;
        let (i, _) = cut(context("a closing ]", char(']'))).parse(i)?;
        let end = i;
        let (i, _) = space0.parse(i)?;
        let (i, comment) = opt(self.spanned(|i| self.comment(i))).parse(i)?;
        let (i, _) = space0.parse(i)?;
        Ok((
            i,
            TagRecord {
                comments_before: Vec::new(),
                comment,
                name,
                value,
                span: self.span(start, end),
            },
        ))
    }

    /// `tag_name = letter , { letter | digit | "_" } ;`
    fn tag_name(&self, i: &'a str) -> PResult<'a, Name> {
        let (i, s) = recognize((
            satisfy(|c| c.is_ascii_alphabetic()),
            take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
        ))
        .parse(i)?;
        Ok((i, Name::from(s)))
    }

    /// `tag_value = '"' , { char - ( '"' | "\" ) | "\\" | '\"' } , '"' ;`
    fn tag_value(&self, i: &'a str) -> PResult<'a, Name> {
        let (i, _) = char('"').parse(i)?;
        let (i, v) = opt(escaped_transform(
            is_not("\"\\"),
            '\\',
            alt((value("\\", tag("\\")), value("\"", tag("\"")))),
        ))
        .parse(i)?;
        let (i, _) = context("a closing quote", char('"')).parse(i)?;
        Ok((i, v.map(Name::from).unwrap_or_default()))
    }

    /// `turn = turn_number , "." , ws , player , ws , tile_id , ws , action ,
    ///         [ ws , follower_spec ] , { ws , step } , { ws , event } ,
    ///         { ws , claim } , [ ws ] , [ comment , [ ws ] ] ;`
    ///
    /// A first step that puts a figure on a spot of the tile just placed is
    /// version 1's `follower_spec`, kept as [`TurnRecord::follower`].
    fn turn(&self, i: &'a str) -> PResult<'a, TurnRecord> {
        let start = i;
        let (i, number) =
            context("a turn number", self.spanned(|i| self.turn_number(i))).parse(i)?;
        let (i, _) = cut(context("'.' after the turn number", char('.'))).parse(i)?;
        let (i, _) = cut(context("a space", space1)).parse(i)?;
        let (i, player) =
            cut(context("a player name", self.spanned(|i| self.player(i)))).parse(i)?;
        let (i, _) = cut(context("a space", space1)).parse(i)?;
        let (i, tile) = cut(context("a tile id", self.spanned(|i| self.tile_id(i)))).parse(i)?;
        let (i, _) = cut(context("a space", space1)).parse(i)?;
        let (i, action) = if self.v1 {
            cut(context(
                "a position x,y or discard",
                self.spanned(|i| self.action_v1(i)),
            ))
            .parse(i)?
        } else {
            cut(context(
                "a position x,y, discard or aside",
                self.spanned(|i| self.action(i)),
            ))
            .parse(i)?
        };
        let placed = matches!(action.value, ActionRecord::Place { .. });
        // Each repetition stops at the first token that is not one (an error) and
        // passes on a fault inside one (a failure, after `cut`).
        let (i, mut steps) = if placed && self.v1 {
            let (i, f) = opt(preceded(space1, |i| self.follower_spec(i))).parse(i)?;
            (i, f.map(StepRecord::Figure).into_iter().collect())
        } else if placed {
            many0(preceded(space1, |i| self.step(i))).parse(i)?
        } else {
            (i, Vec::new())
        };
        let follower = match steps.first() {
            Some(StepRecord::Figure(FigureStep {
                figure,
                target:
                    Target {
                        pos: None,
                        place: Some(place),
                    },
                span,
            })) => match place.value {
                Place::Spot(spot) => Some(FollowerSpec {
                    figure: figure.clone(),
                    spot: Spanned::new(spot, place.span),
                    span: *span,
                }),
                Place::Tower | Place::Ends(..) => None,
            },
            _ => None,
        };
        if follower.is_some() {
            steps.remove(0);
        }
        let (i, events) = if placed {
            many0(preceded(space1, |i| self.event(i))).parse(i)?
        } else {
            (i, Vec::new())
        };
        let (i, claims) = many0(preceded(space1, |i| self.claim(i))).parse(i)?;
        let end = i;
        let (i, _) = space0.parse(i)?;
        let (i, comment) = opt(self.spanned(|i| self.comment(i))).parse(i)?;
        let (i, _) = space0.parse(i)?;
        let expected = if placed && events.is_empty() && claims.is_empty() {
            if self.v1 || (follower.is_none() && steps.is_empty()) {
                "a follower +SPOT, an event @name, a claim =Name+points, a comment or the end of the line"
            } else {
                "an action, an event @name, a claim =Name+points, a comment or the end of the line"
            }
        } else if placed && claims.is_empty() {
            "an event @name, a claim =Name+points, a comment or the end of the line"
        } else {
            "a claim =Name+points, a comment or the end of the line"
        };
        let (i, _) = context(expected, nom::combinator::eof).parse(i)?;
        let span = Span::new(
            self.span(start, end).start,
            comment
                .as_ref()
                .map_or(self.span(start, end).end, |c| c.span.end),
        );
        Ok((
            i,
            TurnRecord {
                comments_before: Vec::new(),
                number,
                player,
                tile,
                action,
                follower,
                steps,
                events,
                claims,
                comment,
                span,
            },
        ))
    }

    /// `action = "discard" | placement ;`, as version 1 reads it.
    fn action_v1(&self, i: &'a str) -> PResult<'a, ActionRecord> {
        alt((value(ActionRecord::Discard, tag("discard")), |i| {
            self.placement(i)
        }))
        .parse(i)
    }

    /// `follower_spec = "+" , [ figure , ":" ] , spot ;`, version 1's figure,
    /// as a step whose target is a spot of the tile just placed.
    fn follower_spec(&self, i: &'a str) -> PResult<'a, FigureStep> {
        let start = i;
        let (i, _) = char('+').parse(i)?;
        let (i, figure) = opt(|i| self.figure_prefix(i)).parse(i)?;
        let (i, spot) = cut(context(SPOT, self.spanned(|i| self.spot(i)))).parse(i)?;
        Ok((
            i,
            FigureStep {
                figure,
                target: Target {
                    pos: None,
                    place: Some(Spanned::new(Place::Spot(spot.value), spot.span)),
                },
                span: self.span(start, i),
            },
        ))
    }

    /// `spot = "N" | "E" | "S" | "W" | "NNW" | "NNE" | "ENE" | "ESE" | "SSE" | "SSW"
    ///       | "WSW" | "WNW" | "C" ;`
    fn spot(&self, i: &'a str) -> PResult<'a, Spot> {
        map_res(
            take_while1(|c: char| c.is_ascii_alphanumeric()),
            |s: &str| s.parse::<Spot>(),
        )
        .parse(i)
    }

    /// `step = figure_step | act ;`
    fn step(&self, i: &'a str) -> PResult<'a, StepRecord> {
        alt((
            |i| self.figure_step(i).map(|(i, f)| (i, StepRecord::Figure(f))),
            |i| self.act(i).map(|(i, a)| (i, StepRecord::Act(a))),
        ))
        .parse(i)
    }

    /// `figure_step = "+" , [ figure , ":" ] , target ;`
    fn figure_step(&self, i: &'a str) -> PResult<'a, FigureStep> {
        let start = i;
        let (i, _) = char('+').parse(i)?;
        let (i, figure) = opt(|i| self.figure_prefix(i)).parse(i)?;
        let (i, target) = cut(context(SPOT, |i| self.target(i))).parse(i)?;
        Ok((
            i,
            FigureStep {
                figure,
                target,
                span: self.span(start, i),
            },
        ))
    }

    /// `figure , ":"`, the figure's span without the colon.
    fn figure_prefix(&self, i: &'a str) -> PResult<'a, Spanned<Name>> {
        let start = i;
        let (i, f) = take_while1(|c: char| c.is_ascii_lowercase() || c == '-').parse(i)?;
        let (i, _) = char(':').parse(i)?;
        Ok((
            i,
            Spanned::new(Name::from(f), self.span(start, &start[f.len()..])),
        ))
    }

    /// `target = spot | "T" | position , "/" , ( spot | "T" ) | position ;`
    fn target(&self, i: &'a str) -> PResult<'a, Target> {
        if i.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
            let (i, pos) = self.spanned(|i| self.position(i)).parse(i)?;
            let (i, place) = opt(|i| {
                let (i, _) = char('/').parse(i)?;
                cut(context(SPOT, self.spanned(|i| self.place(i)))).parse(i)
            })
            .parse(i)?;
            return Ok((
                i,
                Target {
                    pos: Some(pos),
                    place,
                },
            ));
        }
        let (i, place) = self.spanned(|i| self.place(i)).parse(i)?;
        Ok((
            i,
            Target {
                pos: None,
                place: Some(place),
            },
        ))
    }

    /// `spot | "T"`: a place on a tile.
    fn place(&self, i: &'a str) -> PResult<'a, Place> {
        map_res(
            take_while1(|c: char| c.is_ascii_alphanumeric()),
            |s: &str| Place::from_word(s).ok_or(()),
        )
        .parse(i)
    }

    /// `act = verb , [ ":" , act_arg ] , [ "(" , player , ")" ] ;`
    /// `verb = lower , { lower | "-" } ;`
    fn act(&self, i: &'a str) -> PResult<'a, ActRecord> {
        let start = i;
        let (i, verb) = self
            .spanned(|i: &'a str| -> PResult<'a, Name> {
                let (i, v) = recognize((
                    satisfy(|c| c.is_ascii_lowercase()),
                    take_while(|c: char| c.is_ascii_lowercase() || c == '-'),
                ))
                .parse(i)?;
                Ok((i, Name::from(v)))
            })
            .parse(i)?;
        let names_player = verb_names_player(&verb.value);
        let (i, arg) = opt(|i| {
            let (i, _) = char(':').parse(i)?;
            if names_player {
                let player = |i| {
                    let (i, p) = self.player(i)?;
                    Ok((i, ActArg::Player(p)))
                };
                return cut(context(ACT, self.spanned(player))).parse(i);
            }
            cut(context(ACT, self.spanned(|i| self.act_arg(i)))).parse(i)
        })
        .parse(i)?;
        let (i, player) = opt(|i| {
            let (i, _) = char('(').parse(i)?;
            let (i, p) = cut(context(ACT, self.spanned(|i| self.player(i)))).parse(i)?;
            let (i, _) = cut(context(ACT, char(')'))).parse(i)?;
            Ok((i, p))
        })
        .parse(i)?;
        // `discard+N` is not a verb followed by something: the token must end.
        let (i, _) = cut(context(
            ACT,
            nom::combinator::not(satisfy(|c: char| {
                !c.is_whitespace() && c != '{' && c != ';'
            })),
        ))
        .parse(i)?;
        Ok((
            i,
            ActRecord {
                verb,
                arg,
                player,
                span: self.span(start, i),
            },
        ))
    }

    /// `act_arg = [ figure , ":" ] , target | figure | digit , { digit } | "-" | player ;`
    ///
    /// The argument of a verb that does not name a player
    /// ([`verb_names_player`]); a player there is a quoted name, or a bare
    /// one that reads as none of the other forms ([`is_plain_player_arg`]).
    fn act_arg(&self, i: &'a str) -> PResult<'a, ActArg> {
        if i.starts_with('"') {
            let (i, name) = self.tag_value(i)?;
            return Ok((i, ActArg::Player(name)));
        }
        let digits = i.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && !i[digits..].starts_with(',') {
            let (i, n) = map_res(digit1, str::parse::<u32>).parse(i)?;
            return Ok((i, ActArg::Number(n)));
        }
        if i.starts_with('-') && !i[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return Ok((&i[1..], ActArg::Nothing));
        }
        if i.starts_with(|c: char| c.is_ascii_lowercase()) {
            let word = i
                .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
                .unwrap_or(i.len());
            if !i[word..].starts_with(':') {
                return Ok((&i[word..], ActArg::Kind(Name::from(&i[..word]))));
            }
        }
        // A player's name: a word that is no spot.
        if i.starts_with(|c: char| c.is_ascii_uppercase() || !c.is_ascii()) {
            let word = i
                .find(|c: char| !is_name_char(c) || c == ':' || c == '/')
                .unwrap_or(i.len());
            if let Some(name) = i.get(..word)
                && is_plain_player_arg(name)
            {
                return Ok((&i[word..], ActArg::Player(Name::from(name))));
            }
        }
        let (i, figure) = opt(|i| self.figure_prefix(i)).parse(i)?;
        let (i, target) = self.target(i)?;
        Ok((i, ActArg::At { figure, target }))
    }

    /// `event = "@" , event_name , [ ":" , event_args ] ;`
    /// `event_name = lower , { lower | "-" } ;`
    /// `event_args = arg_char , { arg_char } ;` (letters, digits, `+ - , : .`)
    fn event(&self, i: &'a str) -> PResult<'a, EventRecord> {
        let start = i;
        let (i, _) = char('@').parse(i)?;
        let (i, name) = cut(context(
            EVENT,
            self.spanned(|i: &'a str| -> PResult<'a, Name> {
                let (i, n) = take_while1(|c: char| c.is_ascii_lowercase() || c == '-').parse(i)?;
                Ok((i, Name::from(n)))
            }),
        ))
        .parse(i)?;
        let (i, args) = opt(|i| {
            let (i, _) = char(':').parse(i)?;
            cut(context(
                EVENT,
                self.spanned(|i: &'a str| -> PResult<'a, Name> {
                    let (i, a) = take_while1(|c: char| {
                        c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | ',' | ':' | '.')
                    })
                    .parse(i)?;
                    Ok((i, Name::from(a)))
                }),
            ))
            .parse(i)
        })
        .parse(i)?;
        Ok((
            i,
            EventRecord {
                name,
                args,
                span: self.span(start, i),
            },
        ))
    }

    /// `turn_number = digit , { digit } ;`
    fn turn_number(&self, i: &'a str) -> PResult<'a, u32> {
        map_res(digit1, str::parse::<u32>).parse(i)
    }

    /// `player = bare_name | quoted_name ;`: the one rule for a player's
    /// name, wherever a player is named (the turn's player, an act's player
    /// and the argument of a verb that names one, a claim's bare name as far
    /// as its sign allows).
    fn player(&self, i: &'a str) -> PResult<'a, Name> {
        match bare_name_len(i) {
            0 => self.tag_value(i),
            k => Ok((&i[k..], Name::from(&i[..k]))),
        }
    }

    /// `tile_id = upper , { upper | lower | digit } ;`
    fn tile_id(&self, i: &'a str) -> PResult<'a, Name> {
        let (i, s) = recognize((
            satisfy(|c| c.is_ascii_uppercase()),
            take_while(|c: char| c.is_ascii_alphanumeric()),
        ))
        .parse(i)?;
        Ok((i, Name::from(s)))
    }

    /// `action = "discard" | "aside" | placement ;`
    fn action(&self, i: &'a str) -> PResult<'a, ActionRecord> {
        alt((
            value(ActionRecord::Discard, tag("discard")),
            value(ActionRecord::Aside, tag("aside")),
            |i| self.placement(i),
        ))
        .parse(i)
    }

    /// `placement = position , ws , rotation ;`
    fn placement(&self, i: &'a str) -> PResult<'a, ActionRecord> {
        let (i, pos) = self.spanned(|i| self.position(i)).parse(i)?;
        let (i, _) = cut(context(ROTATION, space1)).parse(i)?;
        let (i, rotation) = cut(context(ROTATION, self.spanned(|i| self.rotation(i)))).parse(i)?;
        Ok((i, ActionRecord::Place { pos, rotation }))
    }

    /// `position = integer , "," , integer ;`
    fn position(&self, i: &'a str) -> PResult<'a, Pos> {
        let (i, x) = context(POSITION, |i| self.integer(i)).parse(i)?;
        let (i, _) = cut(context(POSITION, char(','))).parse(i)?;
        let (i, y) = cut(context(POSITION, |i| self.integer(i))).parse(i)?;
        // `0,1e18` is a bad position, not a position followed by a bad rotation.
        let (i, _) = cut(context(
            POSITION,
            nom::combinator::not(satisfy(|c: char| c.is_ascii_alphanumeric() || c == '.')),
        ))
        .parse(i)?;
        Ok((i, Pos::new(x, y)))
    }

    /// `integer = [ "-" ] , digit , { digit } ;`
    fn integer(&self, i: &'a str) -> PResult<'a, i32> {
        map_res(recognize((opt(char('-')), digit1)), str::parse::<i32>).parse(i)
    }

    /// `rotation = "r0" | "r90" | "r180" | "r270" ;`
    fn rotation(&self, i: &'a str) -> PResult<'a, Rotation> {
        map_res(recognize((char('r'), digit1)), |s: &str| {
            s.parse::<Rotation>()
        })
        .parse(i)
    }

    /// ```ebnf
    /// claim         = "=" , player , [ "(" , pawn , ")" ] , ( "+" | "-" ) , points ,
    ///                 [ "/" , total ] , [ "@" , space ] ;   (* pawn, "-", space: version 2 *)
    /// ```
    ///
    /// A bare name may hold `-`, so in `=Jean-Luc-3/40` the sign is the last
    /// `-` of the name's run that only digits (and a `/total`) follow. The
    /// pawn, the `-` and the space are version 2: version 1 reads `(` and
    /// `@` as it always did, as faults. No name holds `(`, and `@` follows
    /// digits, so neither can be read as part of the name or of a number.
    fn claim(&self, i: &'a str) -> PResult<'a, ClaimRecord> {
        let start = i;
        let (i, _) = char('=').parse(i)?;
        let run = bare_name_len(i);
        // Before a pawn, `(`, the name's run is all name: the sign follows
        // the pawn.
        let loss = (!self.v1 && !i[run..].starts_with(['+', '(']))
            .then(|| negative_claim_split(&i[..run]))
            .flatten();
        let (i, player) = match loss {
            Some(k) => {
                let name = &i[..k];
                (
                    &i[k..],
                    Spanned::new(Name::from(name), self.span(i, &i[k..])),
                )
            }
            None => cut(context(CLAIM, self.spanned(|i| self.player(i)))).parse(i)?,
        };
        let (i, pawn) = if self.v1 {
            (i, None)
        } else {
            opt(|i| {
                let (i, _) = char('(').parse(i)?;
                let (i, pawn) = cut(context(CLAIM, self.spanned(|i| self.pawn(i)))).parse(i)?;
                let (i, _) = cut(context(CLAIM, char(')'))).parse(i)?;
                Ok((i, pawn))
            })
            .parse(i)?
        };
        let (i, sign) = if self.v1 {
            cut(context(CLAIM, char('+'))).parse(i)?
        } else {
            cut(context(CLAIM, alt((char('+'), char('-'))))).parse(i)?
        };
        let (i, points) = cut(context(CLAIM, self.spanned(|i| self.turn_number(i)))).parse(i)?;
        let (i, total) = opt(|i| {
            let (i, _) = char('/').parse(i)?;
            cut(context(CLAIM, self.spanned(|i| self.turn_number(i)))).parse(i)
        })
        .parse(i)?;
        let (i, space) = if self.v1 {
            (i, None)
        } else {
            opt(|i| {
                let (i, _) = char('@').parse(i)?;
                cut(context(CLAIM, self.spanned(|i| self.space(i)))).parse(i)
            })
            .parse(i)?
        };
        Ok((
            i,
            ClaimRecord {
                player,
                pawn,
                negative: sign == '-' && points.value != 0,
                points,
                total,
                space,
                span: self.span(start, i),
            },
        ))
    }

    /// `pawn = "marker" | "messenger" ;`
    fn pawn(&self, i: &'a str) -> PResult<'a, Pawn> {
        map_res(
            take_while1(|c: char| c.is_ascii_lowercase()),
            str::parse::<Pawn>,
        )
        .parse(i)
    }

    /// `space = digit , { digit } ;   (* 0 to 49 *)`: the track has 50 spaces.
    fn space(&self, i: &'a str) -> PResult<'a, u32> {
        nom::combinator::verify(|i| self.turn_number(i), |n: &u32| Space::new(*n).is_some())
            .parse(i)
    }

    /// `comment = "{" , { char - "}" } , "}" | ";" , { char } ;`
    fn comment(&self, i: &'a str) -> PResult<'a, Comment> {
        alt((
            |i: &'a str| -> PResult<'a, Comment> {
                let (i, _) = char('{').parse(i)?;
                let (i, body) = take_while(|c| c != '}').parse(i)?;
                let (i, _) = cut(context(COMMENT, char('}'))).parse(i)?;
                let text = body.trim().to_string();
                Ok((
                    i,
                    Comment {
                        text,
                        style: CommentStyle::Brace,
                    },
                ))
            },
            |i: &'a str| -> PResult<'a, Comment> {
                let (i, _) = char(';').parse(i)?;
                let (i, body) = nom::combinator::rest.parse(i)?;
                let text = body.trim().to_string();
                Ok((
                    i,
                    Comment {
                        text,
                        style: CommentStyle::Line,
                    },
                ))
            },
        ))
        .parse(i)
    }

    /// `comment_line = comment , [ ws ] ;`
    fn comment_line(&self, i: &'a str) -> PResult<'a, Spanned<Comment>> {
        let (i, c) = self.spanned(|i| self.comment(i)).parse(i)?;
        let (i, _) = space0.parse(i)?;
        Ok((i, c))
    }

    /// Reads a tag line written plainly — `[Name "value"]` with no escapes and
    /// nothing after it — directly (see [`scan_tag`]); anything
    /// else gives `None` and is read by [`Line::tag_pair`], which it must equal
    /// (`fast_path_equals_the_grammar`).
    fn tag_pair_fast(&self, body: &'a str) -> Option<TagRecord> {
        scan_tag(body, self.base + self.text.offset(body))
    }

    /// Reads a turn line written in the common form directly, without the
    /// combinators (see [`scan_turn`]). Anything else (and any
    /// fault) gives `None`, and the line is read by [`Line::turn`], which it must
    /// equal token for token and span for span (`fast_path_equals_the_grammar`
    /// holds it to that). Nearly every line of a recorded archive has this form.
    fn turn_fast(&self, body: &'a str) -> Option<TurnRecord> {
        let at = self.base + self.text.offset(body);
        let span = |(x, y): Mark| Span::new(at + x, at + y);
        let mut scanned = Vec::new();
        let (input, m) = scan_turn(body, &mut scanned)?;
        let action = match input.place {
            None => Spanned::new(ActionRecord::Discard, span(m.action)),
            Some((pos, rotation)) => Spanned::new(
                ActionRecord::Place {
                    pos: Spanned::new(pos, span(m.pos)),
                    rotation: Spanned::new(rotation, span(m.rotation)),
                },
                span(m.action),
            ),
        };
        let follower = input.figure.map(|(name, spot)| FollowerSpec {
            figure: name.map(|n| Spanned::new(Name::from(n), span(m.figure_name))),
            spot: Spanned::new(spot, span(m.spot)),
            span: span(m.figure),
        });
        let claims = scanned
            .iter()
            .map(|c| ClaimRecord {
                negative: false,
                player: Spanned::new(Name::from(c.player), span(c.marks[1])),
                pawn: None,
                points: Spanned::new(c.points, span(c.marks[2])),
                total: c.total.map(|t| Spanned::new(t, span(c.marks[3]))),
                space: None,
                span: span(c.marks[0]),
            })
            .collect();
        Some(TurnRecord {
            comments_before: Vec::new(),
            number: Spanned::new(input.number, span(m.number)),
            player: Spanned::new(Name::from(input.player), span(m.player)),
            tile: Spanned::new(Name::from(input.tile), span(m.tile)),
            action,
            follower,
            steps: Vec::new(),
            events: Vec::new(),
            claims,
            comment: None,
            span: span((0, body.len())),
        })
    }

    /// Turns a parser error into the syntax error pointing at the offending
    /// token.
    fn syntax_error(&self, e: &GrammarError<'a>, kind: LineKind) -> SyntaxError {
        let at = self.text.offset(e.rest).min(self.text.len());
        let token = e
            .rest
            .find(|c: char| c.is_whitespace())
            .unwrap_or(e.rest.len())
            .max(e.rest.chars().next().map_or(0, char::len_utf8));
        let span = Span::new(self.base + at, self.base + at + token);
        let expected = e.context.unwrap_or(match kind {
            LineKind::Tag => "a tag [Name \"value\"]",
            LineKind::Turn => "a turn",
            LineKind::Comment => "a comment",
        });
        match (kind, e.context) {
            (LineKind::Tag, _) => SyntaxError::MalformedTag {
                span,
                expected: expected.to_string(),
            },
            (_, Some(POSITION)) => SyntaxError::InvalidPosition {
                span,
                reason: if e.out_of_range {
                    "coordinate out of range".to_string()
                } else {
                    format!("expected {POSITION}")
                },
            },
            (_, Some(ROTATION)) => SyntaxError::InvalidRotation { span },
            (_, Some(SPOT)) => SyntaxError::InvalidSpot {
                span,
                spot: e.rest.get(..token).unwrap_or_default().to_string(),
            },
            (_, Some(CLAIM)) => SyntaxError::MalformedClaim {
                span,
                expected: if e.out_of_range {
                    "points in range".to_string()
                } else {
                    CLAIM.to_string()
                },
            },
            (_, Some(COMMENT)) => SyntaxError::UnterminatedComment {
                span: Span::new(
                    self.base + self.text.find('{').unwrap_or(0),
                    self.base + self.text.len(),
                ),
            },
            _ => SyntaxError::MalformedTurn {
                span,
                expected: if e.out_of_range {
                    "a turn number in range".to_string()
                } else {
                    expected.to_string()
                },
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Tag,
    Turn,
    Comment,
}

fn line_kind(text: &str) -> Option<LineKind> {
    match text.trim_start().chars().next() {
        None => None,
        Some('[') => Some(LineKind::Tag),
        Some('{' | ';') => Some(LineKind::Comment),
        Some(_) => Some(LineKind::Turn),
    }
}

/// Whether a line of a text is longer than a line may be ([`super::MAX_LINE`],
/// `E110`), as [`read_game`] splits the text into lines.
pub fn has_long_line(text: &str) -> bool {
    lines(text).any(|(_, line)| line.len() > super::MAX_LINE)
}

/// Lines of a text with their byte offsets, without line terminators.
fn lines(src: &str) -> impl Iterator<Item = (usize, &str)> {
    let ends = memchr::memchr_iter(b'\n', src.as_bytes())
        .map(|i| i + 1)
        .chain((!src.ends_with('\n') && !src.is_empty()).then_some(src.len()));
    let mut start = 0;
    ends.map(move |end| {
        let from = start;
        start = end;
        // A line feed is one byte, so `from..end` lies on character boundaries.
        let raw = src.get(from..end).unwrap_or("");
        let text = raw.strip_suffix('\n').unwrap_or(raw);
        let text = text.strip_suffix('\r').unwrap_or(text);
        (from, text)
    })
}

/// Splits a text into games: a game starts at a tag line that follows a turn line
/// (or at the first tag line), together with the comment lines just before that
/// tag line that follow the last blank or turn line. A byte order mark at the
/// start of the text is passed over. Returns each game's byte offset and text,
/// in order.
pub fn split_games(src: &str) -> impl Iterator<Item = (usize, &str)> {
    let skip = if src.starts_with('\u{feff}') { 3 } else { 0 };
    let body = src.get(skip..).unwrap_or_default();
    let mut starts = Vec::new();
    let mut seen_turn = false;
    let mut first = true;
    // Where the comment lines just before this line start, if it follows any.
    let mut comments: Option<usize> = None;
    for (offset, text) in lines(body) {
        let offset = offset + skip;
        let kind = line_kind(text);
        match kind {
            Some(LineKind::Tag) if seen_turn || first => {
                starts.push(if first {
                    offset
                } else {
                    comments.unwrap_or(offset)
                });
                seen_turn = false;
                first = false;
            }
            Some(LineKind::Turn) => {
                if first {
                    starts.push(offset);
                    first = false;
                }
                seen_turn = true;
            }
            _ => {}
        }
        comments = match kind {
            Some(LineKind::Comment) => comments.or(Some(offset)),
            _ => None,
        };
    }
    if let Some(s) = starts.first_mut() {
        *s = skip;
    }
    let ends: Vec<usize> = starts.iter().skip(1).copied().chain([src.len()]).collect();
    starts
        .into_iter()
        .zip(ends)
        .filter_map(move |(s, e)| src.get(s..e).map(|t| (s, t)))
}

/// Reads every game of a text. An input with no game yields one [`ReadGame`]
/// with the fault [`SyntaxError::NoGame`] (`E108`).
pub fn read(src: &str) -> Vec<ReadGame> {
    let games: Vec<ReadGame> = split_games(src)
        .map(|(base, text)| read_game(text, base))
        .collect();
    if games.is_empty() {
        return vec![ReadGame {
            record: GameRecord::default(),
            errors: vec![SyntaxError::NoGame {
                span: Span::new(0, src.len()),
            }],
            needs_unread_line: false,
        }];
    }
    games
}

/// What a game too long to read is reported as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PastTheLimit {
    /// The line holding the game's byte [`super::MAX_GAME`] is longer than a
    /// line may be (`E110`): it starts at this offset in the game.
    Line(usize),
    /// The game is (`E111`).
    Game,
}

/// How a game longer than [`super::MAX_GAME`] is reported, from its first
/// bytes (at least `MAX_GAME + 1`; `complete` when they are the whole game):
/// by the line holding its byte `MAX_GAME`, if that line is longer than
/// [`super::MAX_LINE`] (an input without line feeds), else as a whole. `None`
/// while more bytes are needed to tell.
pub fn past_the_limit(bytes: &[u8], complete: bool) -> Option<PastTheLimit> {
    let at = super::MAX_GAME.min(bytes.len());
    let start = memchr::memrchr(b'\n', bytes.get(..at).unwrap_or_default()).map_or(0, |i| i + 1);
    let rest = bytes.get(start..).unwrap_or_default();
    let line = match memchr::memchr(b'\n', rest) {
        Some(end) => rest.get(..end).unwrap_or_default(),
        None if complete || rest.len() > super::MAX_LINE + 1 => rest,
        None => return None,
    };
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    Some(if line.len() > super::MAX_LINE {
        PastTheLimit::Line(start)
    } else {
        PastTheLimit::Game
    })
}

/// The first line of a text, cut to at most 200 bytes (whole characters): what
/// a report shows of a game too long to read.
pub fn head_of_game(text: &str) -> &str {
    let line = text.split('\n').next().unwrap_or_default();
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut end = line.len().min(200);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line.get(..end).unwrap_or_default()
}

/// A turn line (`body`, without its terminator, starting with its turn
/// number) as [`read_game`] reads it in a game of version 2, if it reads with
/// no fault; its spans count from the start of `body`. It is read by the
/// grammar alone: [`Line::turn_fast`] (that is, [`scan_turn`]) reads the line
/// the same way where it reads it at all. For the quick verdict on records
/// whose turns hold actions (the referee's `Referee`).
pub(crate) fn turn_line(body: &str) -> Option<TurnRecord> {
    let line = Line {
        text: body,
        base: 0,
        v1: false,
    };
    if body.len() > super::MAX_LINE || !body.as_bytes().first()?.is_ascii_digit() {
        return None;
    }
    all_consuming(|i| line.turn(i))
        .parse(body)
        .ok()
        .map(|(_, t)| t)
}

/// Reads one game whose text starts at byte `base` of the whole input. A game
/// longer than [`super::MAX_GAME`] is not read: it is one fault (`E111`).
pub fn read_game(text: &str, base: usize) -> ReadGame {
    let mut record = GameRecord {
        span: Span::new(base, base + text.len()),
        ..GameRecord::default()
    };
    if text.len() > super::MAX_GAME {
        let fault = match past_the_limit(text.as_bytes(), true) {
            Some(PastTheLimit::Line(start)) => {
                let head = head_of_game(text.get(start..).unwrap_or_default());
                SyntaxError::LineTooLong {
                    span: Span::new(base + start, base + start + head.len()),
                    limit: super::MAX_LINE,
                }
            }
            _ => SyntaxError::GameTooLong {
                span: Span::new(base, base + head_of_game(text).len()),
                limit: super::MAX_GAME,
            },
        };
        return ReadGame {
            record,
            errors: vec![fault],
            needs_unread_line: true,
        };
    }
    // A turn line takes at least 13 bytes: reserving once (a complete basic game
    // has 71 turns) avoids moving the turns as they grow.
    record.turns.reserve((text.len() / 13 + 1).min(128));
    let mut errors = Errors::default();
    let mut pending_comments: Vec<Spanned<Comment>> = Vec::new();
    let mut v1 = false;
    let mut needs_unread_line = false;
    for (offset, text) in lines(text) {
        let line = Line {
            text,
            base: base + offset,
            v1,
        };
        if text.len() > super::MAX_LINE {
            errors.push(SyntaxError::LineTooLong {
                span: Span::new(line.base, line.base + text.len()),
                limit: super::MAX_LINE,
            });
            needs_unread_line |= replay_needs_line(text);
            continue;
        }
        // The common turn line starts with a digit: read it directly, moving the
        // record once, into the game. (If that fails, the grammar reads it below.)
        let fast_tried = text.as_bytes().first().is_some_and(u8::is_ascii_digit);
        if fast_tried && let Some(mut t) = line.turn_fast(text) {
            t.comments_before = std::mem::take(&mut pending_comments);
            record.turns.push(t);
            continue;
        }
        let Some(kind) = line_kind(text) else {
            continue;
        };
        let lead = text.len() - text.trim_start().len();
        let body = text.get(lead..).unwrap_or("");
        let result = match kind {
            LineKind::Tag => match line.tag_pair_fast(body) {
                Some(t) => Ok(t),
                None => all_consuming(|i| line.tag_pair(i))
                    .parse(body)
                    .map(|(_, t)| t),
            }
            .map(|mut t| {
                t.comments_before = std::mem::take(&mut pending_comments);
                // The first CGN tag counts (a second one is `E208`).
                if t.name.value == "CGN" && record.tag("CGN").is_none() {
                    v1 = t.value.value == super::tags::VERSION;
                }
                record.tags.push(t);
            }),
            LineKind::Comment => all_consuming(|i| line.comment_line(i))
                .parse(body)
                .map(|(_, c)| pending_comments.push(c)),
            LineKind::Turn => match (!fast_tried).then(|| line.turn_fast(body)).flatten() {
                Some(t) => Ok(t),
                None => all_consuming(|i| line.turn(i)).parse(body).map(|(_, t)| t),
            }
            .map(|mut t| {
                t.comments_before = std::mem::take(&mut pending_comments);
                record.turns.push(t);
            }),
        };
        if let Err(nom::Err::Error(e) | nom::Err::Failure(e)) = result {
            errors.push(line.syntax_error(&e, kind));
        }
    }
    record.trailing_comments = pending_comments;
    ReadGame {
        record,
        errors: errors.into_vec(),
        needs_unread_line,
    }
}

#[cfg(test)]
mod tests;
