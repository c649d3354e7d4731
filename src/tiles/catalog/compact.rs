//! The embedded tile sets in the compact form `build.rs` writes them in (a
//! line a record, its fields parted by tabs; see `build.rs`), read into the
//! same raw sets as their YAML: a few splits of lines and tabs, the strings
//! lent by the text, where a general reader would look up every key.

use std::borrow::Cow;

use super::{RawCity, RawField, RawRoad, RawTileDef, RawTileSet, Read, Text};

/// A set in the compact form, read; a fault only if `build.rs` and this
/// reader disagree, which the catalog's tests rule out.
pub(super) fn read_compact(text: &str) -> Read<'_> {
    read(text).ok_or_else(|| {
        (
            "the compact form of an embedded tile set does not read".to_string(),
            None,
        )
    })
}

fn read(text: &str) -> Option<RawTileSet<'_>> {
    let mut lines = Parts::new(text, b'\n').filter(|l| !l.is_empty());
    let mut f = Parts::new(lines.next()?, b'\t');
    if f.next()? != "S" {
        return None;
    }
    let mut set = RawTileSet {
        set: lent(f.next()?),
        start: optional(f.next()?)?,
        last: optional(f.next()?)?,
        tiles: Vec::new(),
    };
    for line in lines {
        let mut f = Parts::new(line, b'\t');
        let mark = f.next()?;
        if mark == "T" {
            set.tiles.push(tile(&mut f)?);
            continue;
        }
        let t = set.tiles.last_mut()?;
        match mark {
            "C" => t.cities.push(RawCity {
                edges: lent(f.next()?),
                banner: flag(f.next()?)?,
                cathedral: flag(f.next()?)?,
                goods: optional(f.next()?)?,
                princess: flag(f.next()?)?,
            }),
            "R" => t.roads.push(road(&mut f)?),
            "V" => t.rivers.push(road(&mut f)?),
            "F" => t.fields.push(RawField {
                halves: words(f.next()?),
                touches: words(f.next()?),
            }),
            _ => return None,
        }
    }
    Some(set)
}

/// A tile's own fields (its segments follow on lines of their own).
fn tile<'a>(f: &mut Parts<'a>) -> Option<RawTileDef<'a>> {
    Some(RawTileDef {
        id: lent(f.next()?),
        jcz: optional(f.next()?)?,
        count: f.next()?.parse().ok()?,
        name: lent(f.next()?),
        edges: lent(f.next()?),
        cities: Vec::new(),
        roads: Vec::new(),
        rivers: Vec::new(),
        fields: Vec::new(),
        monastery: flag(f.next()?)?,
        monastery_in_city: optional(f.next()?)?,
        tower: flag(f.next()?)?,
        symbol: optional(f.next()?)?,
        flight: optional(f.next()?)?,
        circle: optional(f.next()?)?,
    })
}

fn road<'a>(f: &mut Parts<'a>) -> Option<RawRoad<'a>> {
    Some(RawRoad {
        edges: lent(f.next()?),
        inn: flag(f.next()?)?,
        tunnel: flag(f.next()?)?,
    })
}

fn lent(s: &str) -> Text<'_> {
    Text(Cow::Borrowed(s))
}

/// `~` for none, `=` and the value for one.
fn optional(s: &str) -> Option<Option<Text<'_>>> {
    match s.as_bytes().first()? {
        b'~' if s.len() == 1 => Some(None),
        b'=' => Some(Some(lent(s.get(1..)?))),
        _ => None,
    }
}

fn flag(s: &str) -> Option<bool> {
    match s {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// A list parted by spaces (empty: none).
fn words(s: &str) -> Vec<Text<'_>> {
    Parts::new(s, b' ')
        .filter(|w| !w.is_empty())
        .map(lent)
        .collect()
}

/// The parts of a text between the bytes `sep` (an ASCII byte, so that each
/// part is text), found a byte at a time: the parts are a few bytes long, too
/// short for a searcher's set-up to pay.
pub(super) struct Parts<'a> {
    rest: Option<&'a str>,
    sep: u8,
}

impl<'a> Parts<'a> {
    pub(super) fn new(text: &'a str, sep: u8) -> Parts<'a> {
        Parts {
            rest: Some(text),
            sep,
        }
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.bytes().position(|b| b == self.sep) {
            Some(i) => {
                self.rest = rest.get(i + 1..);
                rest.get(..i)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}
