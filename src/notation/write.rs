//! The CGN writer. [`write_game`] writes a record as it stands (tags in their
//! order), so that reading the output gives an equal record; [`canonical`] puts a
//! record in canonical order first (what `carcref fmt` writes).

use std::fmt::Write as _;

use super::lex::{is_bare_name, is_plain_player_arg, verb_names_player};
use super::tags::KNOWN_TAGS;
use super::{
    ActArg, ActRecord, ActionRecord, ClaimRecord, Comment, EventRecord, FigureStep, FollowerSpec,
    GameRecord, Name, Place, Span, Spanned, StepRecord, TagRecord, Target, TurnRecord,
};

/// A record in canonical order: known tags in the order of `KNOWN_TAGS`, then the
/// others as written; targets on the turn's own tile written as a spot alone,
/// and the `CGN` tag giving the version the record needs (SPEC 2.14).
pub fn canonical(record: &GameRecord) -> GameRecord {
    into_canonical(record.clone())
}

/// [`canonical`], taking the record rather than copying it.
pub fn into_canonical(mut r: GameRecord) -> GameRecord {
    for t in &mut r.turns {
        own_tile_targets(t);
    }
    // Comment lines before the first tag stay first, whatever tag moves there
    // (a `CGN` tag given to a record that had none included).
    let leading = r
        .tags
        .first_mut()
        .map(|t| std::mem::take(&mut t.comments_before))
        .unwrap_or_default();
    set_version(&mut r);
    let rank = |name: &str| {
        KNOWN_TAGS
            .iter()
            .position(|k| *k == name)
            .unwrap_or(KNOWN_TAGS.len())
    };
    // A stable sort keeps unknown tags (equal rank) in their written order.
    r.tags.sort_by_key(|t| rank(&t.name.value));
    if let Some(first) = r.tags.first_mut() {
        let mut comments = leading;
        comments.append(&mut first.comments_before);
        first.comments_before = comments;
    }
    r
}

/// Writes targets on the tile the turn places as a spot alone, and makes a
/// first step that puts a figure on a spot of that tile version 1's figure.
fn own_tile_targets(t: &mut TurnRecord) {
    let ActionRecord::Place { pos: own, .. } = &t.action.value else {
        return;
    };
    let own = own.value;
    let local = |target: &mut Target| {
        if target.place.is_some() && target.pos.as_ref().is_some_and(|p| p.value == own) {
            target.pos = None;
        }
    };
    for step in &mut t.steps {
        match step {
            StepRecord::Figure(f) => local(&mut f.target),
            StepRecord::Act(ActRecord {
                arg:
                    Some(Spanned {
                        value: ActArg::At { target, .. },
                        ..
                    }),
                ..
            }) => local(target),
            StepRecord::Act(_) => {}
        }
    }
    if t.follower.is_none()
        && let Some(StepRecord::Figure(FigureStep {
            figure,
            target:
                Target {
                    pos: None,
                    place: Some(place),
                },
            span,
        })) = t.steps.first()
        && let Place::Spot(spot) = place.value
    {
        t.follower = Some(FollowerSpec {
            figure: figure.clone(),
            spot: Spanned::new(spot, place.span),
            span: *span,
        });
        t.steps.remove(0);
    }
}

/// Gives the `CGN` tag the version the record needs: `"2"` when a turn
/// needs it, else `"1"`; a record without the tag gets one only when it
/// needs version 2.
fn set_version(r: &mut GameRecord) {
    let needed = if r.turns.iter().any(TurnRecord::needs_version_2) {
        "2"
    } else {
        "1"
    };
    match r.tags.iter_mut().find(|t| t.name.value == "CGN") {
        Some(t) => {
            if matches!(t.value.value.as_str(), "1" | "2") {
                t.value.value = Name::from(needed);
            }
        }
        None if needed == "2" => r.tags.insert(
            0,
            TagRecord {
                comments_before: Vec::new(),
                comment: None,
                name: Spanned::new(Name::from("CGN"), Span::default()),
                value: Spanned::new(Name::from(needed), Span::default()),
                span: Span::default(),
            },
        ),
        None => {}
    }
}

/// A record in canonical form with each follower spot written by its canonical
/// name: the first spot name (in the order N E S W, NNW … WNW, C) that names the
/// same feature of the tile as placed. Spots that name nothing are left as written.
pub fn canonical_with(record: &GameRecord, catalog: &crate::tiles::TileCatalog) -> GameRecord {
    into_canonical_with(record.clone(), catalog)
}

/// [`canonical_with`], taking the record rather than copying it.
pub fn into_canonical_with(record: GameRecord, catalog: &crate::tiles::TileCatalog) -> GameRecord {
    let mut r = into_canonical(record);
    for t in &mut r.turns {
        let (ActionRecord::Place { rotation, .. }, Some(f)) =
            (&t.action.value, t.follower.as_mut())
        else {
            continue;
        };
        let Some(def) = catalog.id(&t.tile.value).and_then(|id| catalog.get(id)) else {
            continue;
        };
        let rotation = rotation.value;
        if let Some(seg) = f.spot.value.segment(def, rotation)
            && let Some(first) =
                crate::tiles::Spot::all().find(|s| s.segment(def, rotation) == Some(seg))
        {
            f.spot.value = first;
        }
    }
    r
}

/// Writes a number in decimal, as `Display` does, without the formatting
/// machinery (turn lines are mostly numbers).
pub fn push_u32(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for d in digits.iter().skip(i) {
        out.push(char::from(*d));
    }
}

/// Writes a signed number in decimal, as `Display` does.
pub fn push_i32(out: &mut String, n: i32) {
    if n < 0 {
        out.push('-');
    }
    push_u32(out, n.unsigned_abs());
}

/// Writes a square as `Display` does: `x,y`.
pub fn push_pos(out: &mut String, pos: crate::board::Pos) {
    push_i32(out, pos.x);
    out.push(',');
    push_i32(out, pos.y);
}

/// Writes a rotation as `Display` does: `r0`, `r90`, `r180` or `r270`.
fn push_rotation(out: &mut String, rotation: crate::tiles::Rotation) {
    out.push_str(match rotation.quarter_turns() {
        0 => "r0",
        1 => "r90",
        2 => "r180",
        _ => "r270",
    });
}

/// Writes `s` quoted: `"` and `\\` escaped.
fn push_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// A player name as a turn line writes it: bare, or quoted when it has spaces or
/// reserved characters.
pub fn player_name(name: &str) -> String {
    let mut s = String::new();
    push_player_name(&mut s, name);
    s
}

/// Writes a player name as [`player_name`] gives it.
fn push_player_name(out: &mut String, name: &str) {
    if is_bare_name(name) {
        out.push_str(name);
    } else {
        push_quoted(out, name);
    }
}

fn comment_lines(out: &mut String, comments: &[Spanned<Comment>]) {
    for c in comments {
        let _ = writeln!(out, "{}", c.value);
    }
}

/// A follower token: `+SPOT` or `+figure:SPOT`.
pub fn follower_spec(f: &FollowerSpec) -> String {
    let mut s = String::new();
    push_follower_spec(&mut s, f);
    s
}

/// Writes a follower token as [`follower_spec`] gives it.
fn push_follower_spec(out: &mut String, f: &FollowerSpec) {
    match &f.figure {
        Some(fig) => {
            let _ = write!(out, "+{}:{}", fig.value, f.spot.value);
        }
        None => {
            let _ = write!(out, "+{}", f.spot.value);
        }
    }
}

/// A step token: `+[figure:]target` or `verb[:arg][(Name)]`.
pub fn step(st: &StepRecord) -> String {
    let mut s = String::new();
    push_step(&mut s, st);
    s
}

/// Writes a step token as [`step`] gives it.
fn push_step(s: &mut String, st: &StepRecord) {
    match st {
        StepRecord::Figure(f) => {
            let _ = match &f.figure {
                Some(fig) => write!(s, "+{}:{}", fig.value, f.target),
                None => write!(s, "+{}", f.target),
            };
        }
        StepRecord::Act(a) => {
            s.push_str(&a.verb.value);
            match a.arg.as_ref().map(|a| &a.value) {
                None => {}
                Some(ActArg::Number(n)) => {
                    let _ = write!(s, ":{n}");
                }
                Some(ActArg::Nothing) => s.push_str(":-"),
                Some(ActArg::Kind(k)) => {
                    let _ = write!(s, ":{k}");
                }
                Some(ActArg::Player(p)) => {
                    // A verb that names a player reads any name as one; another
                    // verb reads as a player only a name that reads as nothing
                    // else, any other in quotes.
                    s.push(':');
                    if verb_names_player(&a.verb.value) || is_plain_player_arg(p) {
                        push_player_name(s, p);
                    } else {
                        push_quoted(s, p);
                    }
                }
                Some(ActArg::At { figure, target }) => {
                    s.push(':');
                    if let Some(f) = figure {
                        let _ = write!(s, "{}:", f.value);
                    }
                    let _ = write!(s, "{target}");
                }
            }
            if let Some(p) = &a.player {
                s.push('(');
                push_player_name(s, &p.value);
                s.push(')');
            }
        }
    }
}

/// An event token: `@name` or `@name:args`.
pub fn event(e: &EventRecord) -> String {
    let mut s = String::new();
    push_event(&mut s, e);
    s
}

/// Writes an event token as [`event`] gives it.
fn push_event(s: &mut String, e: &EventRecord) {
    s.push('@');
    s.push_str(&e.name.value);
    if let Some(a) = &e.args {
        s.push(':');
        s.push_str(&a.value);
    }
}

/// A claim token: `=Name+points` or `=Name+points/total`, with a pawn
/// `=Name(marker)+points` and a space `…@space` where written.
pub fn claim(c: &ClaimRecord) -> String {
    let mut s = String::new();
    push_claim(&mut s, c);
    s
}

/// Writes a claim token as [`claim`] gives it.
fn push_claim(s: &mut String, c: &ClaimRecord) {
    let sign = if c.negative { '-' } else { '+' };
    s.push('=');
    push_player_name(s, &c.player.value);
    if let Some(p) = &c.pawn {
        let _ = write!(s, "({})", p.value);
    }
    s.push(sign);
    push_u32(s, c.points.value);
    if let Some(t) = &c.total {
        s.push('/');
        push_u32(s, t.value);
    }
    if let Some(space) = &c.space {
        let _ = write!(s, "@{}", space.value);
    }
}

/// One turn line, without its preceding comment lines or line end.
pub fn turn_line(t: &TurnRecord) -> String {
    let mut s = String::new();
    push_turn_line(&mut s, t);
    s
}

/// Writes a turn line as [`turn_line`] gives it.
fn push_turn_line(s: &mut String, t: &TurnRecord) {
    push_u32(s, t.number.value);
    s.push_str(". ");
    push_player_name(s, &t.player.value);
    s.push(' ');
    s.push_str(&t.tile.value);
    s.push(' ');
    match &t.action.value {
        ActionRecord::Discard => s.push_str("discard"),
        ActionRecord::Aside => s.push_str("aside"),
        ActionRecord::Place { pos, rotation } => {
            push_pos(s, pos.value);
            s.push(' ');
            push_rotation(s, rotation.value);
        }
    }
    if let Some(f) = &t.follower {
        s.push(' ');
        push_follower_spec(s, f);
    }
    for st in &t.steps {
        s.push(' ');
        push_step(s, st);
    }
    for e in &t.events {
        s.push(' ');
        push_event(s, e);
    }
    for c in &t.claims {
        s.push(' ');
        push_claim(s, c);
    }
    if let Some(c) = &t.comment {
        let _ = write!(s, " {}", c.value);
    }
}

/// Writes one game: tags, a blank line, the turns.
pub fn write_game(out: &mut String, record: &GameRecord) {
    for t in &record.tags {
        comment_lines(out, &t.comments_before);
        let _ = write!(out, "[{} ", t.name.value);
        push_quoted(out, &t.value.value);
        out.push(']');
        if let Some(c) = &t.comment {
            let _ = write!(out, " {}", c.value);
        }
        out.push('\n');
    }
    out.push('\n');
    for t in &record.turns {
        comment_lines(out, &t.comments_before);
        push_turn_line(out, t);
        out.push('\n');
    }
    comment_lines(out, &record.trailing_comments);
}

/// Writes games separated by blank lines.
pub fn write(records: &[GameRecord]) -> String {
    let mut out = String::new();
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game(&mut out, r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse::read as parse;

    #[test]
    fn numbers_squares_and_rotations_are_written_as_display_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4_294_967_295, 1_000_000_007] {
            let mut s = String::new();
            push_u32(&mut s, n);
            assert_eq!(s, n.to_string());
        }
        for n in [0, -1, 7, -10, 123_456, i32::MIN, i32::MAX] {
            let mut s = String::new();
            push_i32(&mut s, n);
            assert_eq!(s, n.to_string());
        }
        let pos = crate::board::Pos::new(-12, 305);
        let mut s = String::new();
        push_pos(&mut s, pos);
        assert_eq!(s, pos.to_string());
        for r in crate::tiles::Rotation::ALL {
            let mut s = String::new();
            push_rotation(&mut s, r);
            assert_eq!(s, r.to_string());
        }
    }

    #[test]
    fn round_trip_keeps_the_record() {
        let src = "; first\n[Players \"Al (red), \\\"B\\\" (blue)\"] {p}\n[Zed \"1\"]\n[Event \"E\"]\n; opening\n1. Al V 1,0 r90 +SSW =Al+3/3 {c}  \n2. \"B x\" X discard\n{ end }\n";
        let first = parse(src);
        assert!(first[0].errors.is_empty(), "{:?}", first[0].errors);
        let written = write(&[first[0].record.clone()]);
        let second = parse(&written);
        assert_eq!(first[0].record, second[0].record);
        assert_eq!(written, write(&[second[0].record.clone()]));
    }

    /// The act's argument and player of the one step of the turn `text`
    /// reads as, with no fault.
    fn one_act(text: &str) -> (ActArg, Option<Name>) {
        let parsed = parse(text);
        assert!(
            parsed[0].errors.is_empty(),
            "{text}: {:?}",
            parsed[0].errors
        );
        match parsed[0].record.turns[0].steps.as_slice() {
            [StepRecord::Act(a)] => (
                a.arg.as_ref().unwrap().value.clone(),
                a.player.as_ref().map(|p| p.value.clone()),
            ),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_verb_naming_a_player_reads_any_name_and_writes_it_back() {
        // SPEC 2.14, 6.13: `robber` and `rob` read their argument by the one
        // rule for a player's name, however the name reads elsewhere.
        let names = [
            ("Bob", "Bob"),
            ("r0", "r0"),
            ("a.b", "a.b"),
            ("A:B", "A:B"),
            ("0", "0"),
            ("7", "7"),
            ("-", "-"),
            ("E", "E"),
            ("big", "big"),
            ("1,2/N", "\"1,2/N\""),
            ("Ann Lee", "\"Ann Lee\""),
            ("\"q\" \\", "\"\\\"q\\\" \\\\\""),
            ("Zoë", "Zoë"),
        ];
        for verb in ["robber", "rob"] {
            for (name, written) in names {
                let line = format!("1. Al RB2 1,0 r0 {verb}:{written}({written})\n");
                let (arg, player) = one_act(&line);
                assert!(
                    matches!(&arg, ActArg::Player(p) if p == name),
                    "{line}: {arg:?}"
                );
                assert_eq!(player.as_deref(), Some(name), "{line}");
                let record = &parse(&line)[0].record;
                assert_eq!(turn_line(&record.turns[0]), line.trim_end(), "{line}");
            }
        }
        // Another verb reads a quoted name as a player, and such a name is
        // written in quotes where bare it would read as another argument.
        for (text, name) in [
            ("take:\"0\"", "0"),
            ("take:\"Ann Lee\"", "Ann Lee"),
            ("take:Bob", "Bob"),
        ] {
            let line = format!("1. Al V 1,0 r0 {text}\n");
            let (arg, _) = one_act(&line);
            assert!(
                matches!(&arg, ActArg::Player(p) if p == name),
                "{line}: {arg:?}"
            );
            let record = &parse(&line)[0].record;
            assert_eq!(turn_line(&record.turns[0]), line.trim_end(), "{line}");
        }
        let (arg, _) = one_act("1. Al V 1,0 r0 take:0\n");
        assert!(matches!(arg, ActArg::Number(0)), "{arg:?}");
    }

    #[test]
    fn canonical_spots() {
        // U turned r0 is a west-east road: W and E name the same road.
        let src = "[A \"1\"]\n1. Al U 1,0 r0 +W\n2. Bo U 2,0 r0 +WSW\n";
        let c = crate::tiles::TileCatalog::embedded().unwrap();
        let r = canonical_with(&parse(src)[0].record, &c);
        let text = write(&[r]);
        assert!(text.contains("1. Al U 1,0 r0 +E\n"), "{text}");
        assert!(text.contains("2. Bo U 2,0 r0 +ESE\n"), "{text}");
    }

    #[test]
    fn canonical_writes_the_version_needed() {
        // A figure on the tile just placed written with its square is `+SPOT`,
        // and the record then needs version 1 only.
        let src = "[CGN \"2\"]\n1. Al U 1,0 r0 +1,0/E =Al-0\n";
        let text = write(&[canonical(&parse(src)[0].record)]);
        assert_eq!(text, "[CGN \"1\"]\n\n1. Al U 1,0 r0 +E =Al+0\n");
        // A step elsewhere needs version 2: a record without the tag gets it.
        let src = "1. Al U 1,0 r0 +0,0/N\n";
        let text = write(&[canonical(&parse(src)[0].record)]);
        assert_eq!(text, "[CGN \"2\"]\n\n1. Al U 1,0 r0 +0,0/N\n");
        // A record of version 1 without the tag stays without it.
        let src = "1. Al U 1,0 r0 +E\n";
        let text = write(&[canonical(&parse(src)[0].record)]);
        assert_eq!(text, "\n1. Al U 1,0 r0 +E\n");
    }

    #[test]
    fn canonical_keeps_leading_comments_before_a_new_version_tag() {
        // The `CGN` tag a record of version 2 is given comes after the comment
        // lines that opened the record, as any tag moved first does.
        let src = "; opening\n[Players \"Al (red), Bo (blue)\"]\n1. Al U 1,0 r0 dragon:E\n";
        let text = write(&[canonical(&parse(src)[0].record)]);
        assert_eq!(
            text,
            "; opening\n[CGN \"2\"]\n[Players \"Al (red), Bo (blue)\"]\n\n1. Al U 1,0 r0 dragon:E\n"
        );
        let again = write(&[canonical(&parse(&text)[0].record)]);
        assert_eq!(again, text);
    }

    #[test]
    fn canonical_orders_tags() {
        let src = "[Zed \"1\"]\n[Rules \"HiG-2012\"]\n[Event \"E\"]\n[Abc \"2\"]\n";
        let r = canonical(&parse(src)[0].record);
        let names: Vec<_> = r.tags.iter().map(|t| t.name.value.as_str()).collect();
        assert_eq!(names, ["Event", "Rules", "Zed", "Abc"]);
    }
}
