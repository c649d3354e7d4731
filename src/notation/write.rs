//! The CGN writer. [`write_game`] writes a record as it stands (tags in their
//! order), so that reading the output gives an equal record; [`canonical`] puts a
//! record in canonical order first (what `carcref fmt` writes).

use std::fmt::Write as _;

use super::header::KNOWN_TAGS;
use super::parse::is_bare_name;
use super::{
    ActionRecord, ClaimRecord, Comment, EventRecord, FollowerSpec, GameRecord, Spanned, TurnRecord,
};

/// A record in canonical order: known tags in the order of `KNOWN_TAGS`, then the
/// others as written.
pub fn canonical(record: &GameRecord) -> GameRecord {
    let mut r = record.clone();
    let rank = |name: &str| {
        KNOWN_TAGS
            .iter()
            .position(|k| *k == name)
            .unwrap_or(KNOWN_TAGS.len())
    };
    // Comment lines before the first tag stay first, whatever tag moves there.
    let leading = r
        .tags
        .first_mut()
        .map(|t| std::mem::take(&mut t.comments_before))
        .unwrap_or_default();
    // A stable sort keeps unknown tags (equal rank) in their written order.
    r.tags.sort_by_key(|t| rank(&t.name.value));
    if let Some(first) = r.tags.first_mut() {
        let mut comments = leading;
        comments.append(&mut first.comments_before);
        first.comments_before = comments;
    }
    r
}

/// A record in canonical form with each follower spot written by its canonical
/// name: the first spot name (in the order N E S W, NNW … WNW, C) that names the
/// same feature of the tile as placed. Spots that name nothing are left as written.
pub fn canonical_with(record: &GameRecord, catalog: &crate::tiles::TileCatalog) -> GameRecord {
    let mut r = canonical(record);
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

fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// A player name as a turn line writes it: bare, or quoted when it has spaces or
/// reserved characters.
pub fn player_name(name: &str) -> String {
    if is_bare_name(name) {
        name.to_string()
    } else {
        quoted(name)
    }
}

fn comment_lines(out: &mut String, comments: &[Spanned<Comment>]) {
    for c in comments {
        let _ = writeln!(out, "{}", c.value);
    }
}

/// A follower token: `+SPOT` or `+figure:SPOT`.
pub fn follower_spec(f: &FollowerSpec) -> String {
    match &f.figure {
        Some(fig) => format!("+{}:{}", fig.value, f.spot.value),
        None => format!("+{}", f.spot.value),
    }
}

/// An event token: `@name` or `@name:args`.
pub fn event(e: &EventRecord) -> String {
    match &e.args {
        Some(a) => format!("@{}:{}", e.name.value, a.value),
        None => format!("@{}", e.name.value),
    }
}

/// A claim token: `=Name+points` or `=Name+points/total`.
pub fn claim(c: &ClaimRecord) -> String {
    let mut s = format!("={}+{}", player_name(&c.player.value), c.points.value);
    if let Some(t) = &c.total {
        let _ = write!(s, "/{}", t.value);
    }
    s
}

/// One turn line, without its preceding comment lines or line end.
pub fn turn_line(t: &TurnRecord) -> String {
    let mut s = format!(
        "{}. {} {} ",
        t.number.value,
        player_name(&t.player.value),
        t.tile.value
    );
    match &t.action.value {
        ActionRecord::Discard => s.push_str("discard"),
        ActionRecord::Place { pos, rotation } => {
            let _ = write!(s, "{} {}", pos.value, rotation.value);
        }
    }
    if let Some(f) = &t.follower {
        s.push(' ');
        s.push_str(&follower_spec(f));
    }
    for e in &t.events {
        s.push(' ');
        s.push_str(&event(e));
    }
    for c in &t.claims {
        s.push(' ');
        s.push_str(&claim(c));
    }
    if let Some(c) = &t.comment {
        let _ = write!(s, " {}", c.value);
    }
    s
}

/// Writes one game: tags, a blank line, the turns.
pub fn write_game(out: &mut String, record: &GameRecord) {
    for t in &record.tags {
        comment_lines(out, &t.comments_before);
        let _ = write!(out, "[{} {}]", t.name.value, quoted(&t.value.value));
        if let Some(c) = &t.comment {
            let _ = write!(out, " {}", c.value);
        }
        out.push('\n');
    }
    out.push('\n');
    for t in &record.turns {
        comment_lines(out, &t.comments_before);
        out.push_str(&turn_line(t));
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
    use crate::notation::parse;

    #[test]
    fn round_trip_keeps_the_record() {
        let src = "; first\n[Players \"Al (red), \\\"B\\\" (blue)\"] {p}\n[Zed \"1\"]\n[Event \"E\"]\n; opening\n1. Al V 1,0 r90 +SSW =Al+3/3 {c}  \n2. \"B x\" X discard\n{ end }\n";
        let first = parse(src);
        assert!(
            first[0].diagnostics.is_empty(),
            "{:?}",
            first[0].diagnostics
        );
        let written = write(&[first[0].record.clone()]);
        let second = parse(&written);
        assert_eq!(first[0].record, second[0].record);
        assert_eq!(written, write(&[second[0].record.clone()]));
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
    fn canonical_orders_tags() {
        let src = "[Zed \"1\"]\n[Rules \"HiG-2012\"]\n[Event \"E\"]\n[Abc \"2\"]\n";
        let r = canonical(&parse(src)[0].record);
        let names: Vec<_> = r.tags.iter().map(|t| t.name.value.as_str()).collect();
        assert_eq!(names, ["Event", "Rules", "Zed", "Abc"]);
    }
}
