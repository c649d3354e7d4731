//! The tile catalog: YAML tile sets (see `notation/tiles/`) read through serde into
//! raw structs, then validated into [`TileDef`]s with every rotation precomputed.
//!
//! The default catalog is embedded in the binary. `build.rs` turns its YAML into
//! a compact form when carcref is built (`compact.rs` reads it), which is quicker
//! to read at start-up; a test here holds the two to the same catalog, and
//! `tests/catalog.rs` guarantees it.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    Compass, EdgeKind, Face, Faces, FeatureKind, FeatureSeed, Half, NO_SEGMENT, Oriented, Rotation,
    Segment, SegmentId, Side, Symbol, TileDef, TileId,
};

// `EMBEDDED_SETS` (each set's YAML) and `EMBEDDED_COMPACT` (the same sets in
// the compact form `build.rs` gives them when carcref is built, read at
// start-up).
include!(concat!(env!("OUT_DIR"), "/embedded_sets.rs"));

mod compact;

/// The tile sets the catalog holds whose rules carcref does not referee yet:
/// the one place that keeps them out of play, to be emptied as their engine
/// lands. Their kinds are in the catalog like any other ([`TileCatalog::iter`],
/// [`TileCatalog::set`], [`TileCatalog::id`], `carcref tiles`), but:
///
/// * [`TileCatalog::by_jcz`] does not give them, so `carcref import jcz` refuses
///   a JCloisterZone tile of theirs as of an expansion not refereed (`I406`);
/// * [`TileCatalog::is_refereed`] says no, for any code that offers sets to play.
///
/// The `Expansions` tag (`E207`) and `carcref gen --expansions` (a usage error)
/// refuse them without help from here: they take only the expansions
/// `rules::expansions::Expansion` names. A tile of theirs written in a record
/// is a tile of a set not in play (`E201`).
pub const NOT_REFEREED: &[&str] = &[];

/// Most segments a tile may have: the engine keeps per-tile tables of this size
/// on the stack (the busiest tile of any set has a dozen).
pub const MAX_SEGMENTS: usize = 16;

/// A tile set file as written (unvalidated). A field added to it or to the
/// raw structs below is added to the compact form too (`build.rs`, which
/// refuses a key it does not write, and `catalog/compact.rs`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'a"))]
struct RawTileSet<'a> {
    set: Text<'a>,
    #[serde(default)]
    start: Option<Text<'a>>,
    #[serde(default)]
    last: Option<Text<'a>>,
    tiles: Vec<RawTileDef<'a>>,
}

/// One tile kind as written (unvalidated).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'a"))]
struct RawTileDef<'a> {
    id: Text<'a>,
    #[serde(default)]
    jcz: Option<Text<'a>>,
    count: u8,
    name: Text<'a>,
    edges: Text<'a>,
    #[serde(default)]
    cities: Vec<RawCity<'a>>,
    #[serde(default)]
    roads: Vec<RawRoad<'a>>,
    #[serde(default)]
    rivers: Vec<RawRoad<'a>>,
    #[serde(default)]
    fields: Vec<RawField<'a>>,
    #[serde(default)]
    monastery: bool,
    /// The city the monastery stands in (the cloister in the city), named by
    /// one of its edges.
    #[serde(default)]
    monastery_in_city: Option<Text<'a>>,
    #[serde(default)]
    tower: bool,
    #[serde(default)]
    symbol: Option<Text<'a>>,
    /// The flying machine's arrow (`N`, `NE`, … `NW`), as pictured.
    #[serde(default)]
    flight: Option<Text<'a>>,
    /// The followers a crop circle designates: `field`, `road` or `city`.
    #[serde(default)]
    circle: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'a"))]
struct RawCity<'a> {
    edges: Text<'a>,
    #[serde(default)]
    banner: bool,
    #[serde(default)]
    cathedral: bool,
    #[serde(default)]
    goods: Option<Text<'a>>,
    #[serde(default)]
    princess: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'a"))]
struct RawRoad<'a> {
    edges: Text<'a>,
    #[serde(default)]
    inn: bool,
    #[serde(default)]
    tunnel: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "'de: 'a"))]
struct RawField<'a> {
    #[serde(default)]
    halves: Vec<Text<'a>>,
    #[serde(default)]
    touches: Vec<Text<'a>>,
}

/// A string of a tile set as read: borrowed from the set's text where the
/// reader can lend it (the embedded sets' compact form), owned where it cannot (YAML),
/// so that reading the embedded sets at start-up copies no string but those a
/// [`TileDef`] keeps.
#[derive(Clone, PartialEq, Eq)]
struct Text<'a>(Cow<'a, str>);

impl std::fmt::Debug for Text<'_> {
    /// As the string's: messages quote a value as written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.0, f)
    }
}

impl std::ops::Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Text<'_> {
    /// The string, owned.
    fn into_owned(self) -> String {
        self.0.into_owned()
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Text<'a>, D::Error> {
        /// Takes a string, lent when the reader lends it.
        struct Visit<'a>(std::marker::PhantomData<&'a str>);

        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Visit<'a> {
            type Value = Text<'a>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }

            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(v.to_owned())))
            }

            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }

        d.deserialize_string(Visit(std::marker::PhantomData))
    }
}

/// A catalog file that could not be read or is inconsistent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct CatalogError {
    /// The file concerned: a built-in set's name, or the path a tile set of the
    /// user's was given by.
    pub file: String,
    /// What is wrong.
    pub message: String,
    /// Where in the file's text the fault lies (bytes), where it can be told:
    /// where the YAML reader stopped, or the value of the tile's `id`, of
    /// `set`, `start` or `last` that a fault concerns.
    pub span: Option<std::ops::Range<usize>>,
}

/// Where in a tile set file a fault lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The set's name (`set:`).
    Set,
    /// A key of the set (`start:`, `last:`).
    Key(&'static str),
    /// The tile of this index in the set's list, by its `id`.
    Tile(usize),
}

/// A fault of a tile set, and where it lies.
type Fault = (Place, String);

/// A tile set's text read into its raw form: a fault with a message and perhaps
/// a byte offset.
type Read<'a> = Result<RawTileSet<'a>, (String, Option<usize>)>;

fn read_yaml(text: &str) -> Read<'_> {
    serde_yaml::from_str(text).map_err(|e| {
        let offset = e.location().map(|l| l.index());
        let message = e.to_string();
        // The span shows the line and column: the message need not.
        let message = match offset {
            Some(_) => without_places(&message),
            None => message,
        };
        (message, offset)
    })
}

/// A message of the YAML reader without the places it names (` at line 5
/// column 3`), which a report shows by its span.
fn without_places(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(" at line ") {
        out.push_str(rest.get(..at).unwrap_or_default());
        let after = rest.get(at + " at line ".len()..).unwrap_or_default();
        let number = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let line = number(after);
        let place = after
            .get(line..)
            .and_then(|s| s.strip_prefix(" column "))
            .filter(|_| line > 0)
            .map(|s| (s, number(s)))
            .filter(|(_, column)| *column > 0);
        match place {
            Some((s, column)) => rest = s.get(column..).unwrap_or_default(),
            None => {
                out.push_str(" at line ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// All tile kinds of the sets in use, indexed by [`TileId`].
#[derive(Debug, Clone)]
pub struct TileCatalog {
    tiles: Vec<TileDef>,
    by_id: BTreeMap<String, TileId>,
    /// The kinds by their JCloisterZone ids (`BA/RCr`), where the set gives them.
    by_jcz: BTreeMap<String, TileId>,
    /// The one-letter ids (the basic game's A–X), looked up without comparing text.
    by_letter: [Option<TileId>; 26],
    /// The ids of up to [`SHORT_ID`] bytes (every id of the catalog's sets),
    /// each packed into a word ([`short_key`]), in an open-addressed table
    /// whose length is a power of two: an id looked up in a few steps
    /// without comparing text. Empty slots hold key 0.
    by_short: Vec<(u64, TileId)>,
    /// Each set's start tile, where it names one: `(set, tile)` in catalog order.
    starts: Vec<(String, TileId)>,
    /// Each set's tile drawn after all its others (the River's lake).
    lasts: Vec<(String, TileId)>,
    /// Every kind's [`Faces`] at every rotation, at `4 * kind + quarter turns`:
    /// a placed tile's sides in one lookup.
    faces: Vec<Faces>,
    /// Every kind's [`Oriented::edge_bits`] at every rotation, indexed as `faces`.
    edge_bits: Vec<u8>,
    /// For every kind's segments, at `MAX_SEGMENTS * kind + segment`: the city
    /// segments of the same tile a field segment touches, one bit a segment
    /// (none for other segments). A field's cities in one lookup a segment.
    touches: Vec<u16>,
    /// The names of every set read, in order, those without tiles included
    /// (The Messengers: no land tiles).
    set_names: Vec<String>,
    /// The names of the tile sets the user gave ([`TileCatalog::with_user_sets`]),
    /// in the order given.
    user_sets: Vec<String>,
}

impl TileCatalog {
    /// The catalog built into carcref (every embedded tile set). The sets are
    /// read in the compact form they were given when carcref was built, which
    /// a test holds to the catalog read from their YAML.
    ///
    /// # Errors
    /// Fails only if an embedded set is inconsistent, which `tests/catalog.rs` rules out.
    pub fn embedded() -> Result<TileCatalog, CatalogError> {
        TileCatalog::with_user_sets([])
    }

    /// The built-in catalog and, after its sets, the tile sets of the user's
    /// own given as `(file, YAML text)`, in that order (`carcref --tiles FILE`,
    /// SPEC 3.7). Each is read and checked as the built-in sets are, and
    /// besides: its name is lower-case words joined by hyphens and no other
    /// set's, its tile ids are tile ids of the notation and no other kind's,
    /// and it carries the basic game's features only (cities, banners, roads,
    /// fields, monasteries) and no symbol but the bag, which no rule reads.
    ///
    /// # Errors
    /// The first fault found, with the file it lies in and where, if that can
    /// be told.
    pub fn with_user_sets<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<TileCatalog, CatalogError> {
        let mut catalog = TileCatalog::empty();
        for (name, text) in EMBEDDED_COMPACT {
            catalog.add_text(name, text, compact::read_compact(text), false)?;
        }
        for (file, text) in files {
            catalog.add_text(file, text, read_yaml(text), true)?;
        }
        catalog.index_short_ids();
        Ok(catalog)
    }

    /// Builds a catalog from YAML tile sets given as `(name, text)`.
    ///
    /// # Errors
    /// Returns the first YAML or consistency error found.
    pub fn from_sets<'a>(
        sets: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<TileCatalog, CatalogError> {
        let mut catalog = TileCatalog::empty();
        for (name, text) in sets {
            catalog.add_text(name, text, read_yaml(text), false)?;
        }
        catalog.index_short_ids();
        Ok(catalog)
    }

    fn empty() -> TileCatalog {
        TileCatalog {
            tiles: Vec::new(),
            by_id: BTreeMap::new(),
            by_jcz: BTreeMap::new(),
            by_letter: [None; 26],
            by_short: Vec::new(),
            starts: Vec::new(),
            lasts: Vec::new(),
            faces: Vec::new(),
            edge_bits: Vec::new(),
            touches: Vec::new(),
            set_names: Vec::new(),
            user_sets: Vec::new(),
        }
    }

    /// Adds a set read from its text (`raw`), given under the name `file`; a set
    /// of the user's (`user`) is held to the rules of [`user_set_fault`] first.
    fn add_text(
        &mut self,
        file: &str,
        text: &str,
        raw: Read<'_>,
        user: bool,
    ) -> Result<(), CatalogError> {
        let raw = raw.map_err(|(message, offset)| CatalogError {
            file: file.to_string(),
            message,
            span: offset.map(|o| o..o),
        })?;
        let set = raw.set.to_string();
        let tiles = raw.tiles.len();
        let fault = match user.then(|| self.user_set_fault(&raw)).flatten() {
            Some(fault) => Err(fault),
            None => self.add_set(raw),
        };
        fault.map_err(|(place, message)| CatalogError {
            file: file.to_string(),
            message,
            span: locate(text, place, tiles),
        })?;
        if !self.set_names.contains(&set) {
            self.set_names.push(set.clone());
        }
        if user {
            self.user_sets.push(set);
        }
        Ok(())
    }

    /// What a tile set of the user's may not carry beyond what any set may not
    /// (SPEC 3.7): the first such fault of `raw`, if any.
    fn user_set_fault(&self, raw: &RawTileSet<'_>) -> Option<Fault> {
        let name = &*raw.set;
        let words = !name.is_empty()
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.split('-').all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        if !words {
            return Some((
                Place::Set,
                format!(
                    "set name {name:?} is not lower-case words joined by hyphens, e.g. house-tiles"
                ),
            ));
        }
        if self.user_sets.iter().any(|s| s == name) {
            return Some((
                Place::Set,
                format!("set name {name} is given by another tile set"),
            ));
        }
        if self.tiles.iter().any(|d| d.set == name) {
            return Some((Place::Set, format!("set name {name} is a built-in set's")));
        }
        for (key, given) in [("start", &raw.start), ("last", &raw.last)] {
            if given.is_some() {
                return Some((
                    Place::Key(key),
                    format!(
                        "a tile set of one's own names no {key} tile: only the basic game and The River do"
                    ),
                ));
            }
        }
        for (i, t) in raw.tiles.iter().enumerate() {
            if let Some(message) = user_tile_fault(t) {
                return Some((Place::Tile(i), format!("tile {}: {message}", t.id)));
            }
        }
        None
    }
    /// Fills [`TileCatalog::by_short`] from the ids of every kind.
    fn index_short_ids(&mut self) {
        let len = (self.by_id.len() * 2).max(2).next_power_of_two();
        self.by_short = vec![(0, TileId(0)); len];
        for (name, id) in &self.by_id {
            let Some(key) = short_key(name) else {
                continue;
            };
            let mut at = short_slot(key, len);
            while let Some(slot) = self.by_short.get_mut(at) {
                if slot.0 == 0 {
                    *slot = (key, *id);
                    break;
                }
                at = (at + 1) & (len - 1);
            }
        }
    }

    fn add_set(&mut self, raw: RawTileSet<'_>) -> Result<(), Fault> {
        let set = raw.set;
        for (i, t) in raw.tiles.into_iter().enumerate() {
            let err = |message: String| (Place::Tile(i), message);
            let def = validate(&set, t).map_err(err)?;
            if let Some(earlier) = self.by_id.get(&def.id).and_then(|t| self.get(*t)) {
                return Err(err(format!(
                    "tile id {} is defined twice (first in the {} set)",
                    def.id, earlier.set
                )));
            }
            let id =
                TileId(u16::try_from(self.tiles.len()).map_err(|_| err("too many tiles".into()))?);
            self.by_id.insert(def.id.clone(), id);
            if let Some(jcz) = &def.jcz
                && self.by_jcz.insert(jcz.clone(), id).is_some()
            {
                return Err(err(format!("JCloisterZone id {jcz} is given twice")));
            }
            if let [b @ b'A'..=b'Z'] = def.id.as_bytes()
                && let Some(slot) = self.by_letter.get_mut(usize::from(b - b'A'))
            {
                *slot = Some(id);
            }
            self.faces.extend(def.oriented.iter().map(|o| o.faces));
            self.edge_bits
                .extend(def.oriented.iter().map(|o| o.edge_bits));
            let mut touches = [0u16; MAX_SEGMENTS];
            for (mask, seg) in touches.iter_mut().zip(&def.segments) {
                *mask = seg.touches.iter().fold(0, |m, c| m | 1u16 << (c % 16));
            }
            self.touches.extend(touches);
            self.tiles.push(def);
        }
        for (what, tile, list) in [
            ("start", raw.start, &mut self.starts),
            ("last", raw.last, &mut self.lasts),
        ] {
            if let Some(name) = tile {
                let id = match self.by_id.get(&*name) {
                    Some(id) if self.tiles.get(id.index()).is_some_and(|d| d.set == *set) => *id,
                    _ => {
                        return Err((
                            Place::Key(what),
                            format!("{what} tile {name} is not in this set"),
                        ));
                    }
                };
                list.push((set.to_string(), id));
            }
        }
        Ok(())
    }

    /// The names of the tile sets the user gave ([`TileCatalog::with_user_sets`]),
    /// in the order given: tile-only sets, which an `Expansions` tag may name.
    pub fn user_sets(&self) -> &[String] {
        &self.user_sets
    }

    /// The kind with a notation id.
    pub fn id(&self, name: &str) -> Option<TileId> {
        if let [b @ b'A'..=b'Z'] = name.as_bytes() {
            return self.by_letter.get(usize::from(b - b'A')).copied().flatten();
        }
        self.id_of_more_letters(name)
    }

    /// [`TileCatalog::id`] of a name that is not one capital letter.
    #[cold]
    #[inline(never)]
    fn id_of_more_letters(&self, name: &str) -> Option<TileId> {
        let Some(key) = short_key(name) else {
            return self.by_id.get(name).copied();
        };
        // The table is at most half full: a probe ends at the id or at an
        // empty slot.
        let len = self.by_short.len();
        let mut at = short_slot(key, len);
        while let Some(&(k, id)) = self.by_short.get(at) {
            if k == key {
                return Some(id);
            }
            if k == 0 {
                return None;
            }
            at = (at + 1) & (len - 1);
        }
        None
    }

    /// The kind with a JCloisterZone id (`BA/RCr` is `D`), as the catalog's
    /// `jcz` entries give them; none for a kind of a set not refereed yet
    /// ([`NOT_REFEREED`]).
    pub fn by_jcz(&self, jcz: &str) -> Option<TileId> {
        self.by_jcz.get(jcz).copied().filter(|t| {
            self.get(*t)
                .is_some_and(|d| TileCatalog::is_refereed(&d.set))
        })
    }

    /// Whether carcref referees the games of a tile set (every set but those of
    /// [`NOT_REFEREED`], which the catalog holds for the engine to come).
    pub fn is_refereed(set: &str) -> bool {
        !NOT_REFEREED.contains(&set)
    }

    /// The names of the tile sets, in catalog order.
    pub fn sets(&self) -> Vec<&str> {
        self.set_names.iter().map(String::as_str).collect()
    }

    /// The definition of a kind.
    pub fn get(&self, id: TileId) -> Option<&TileDef> {
        self.tiles.get(id.index())
    }

    /// The definition of a kind known to come from this catalog.
    pub fn def(&self, id: TileId) -> &TileDef {
        #[allow(clippy::expect_used)]
        // Invariant: a TileId is only ever made by `TileCatalog::id`/`iter` of the
        // catalog the engine was given, so its index is always in range.
        self.tiles
            .get(id.index())
            .expect("invariant: TileId comes from this catalog")
    }

    /// The sides of a kind at a rotation (`None` for a kind from another catalog).
    #[inline(always)]
    pub fn faces(&self, id: TileId, rotation: Rotation) -> Option<&Faces> {
        self.faces.get(id.index() * 4 + rotation.quarter_turns())
    }

    /// The edge kinds of a kind at a rotation, packed as
    /// [`Oriented::edge_bits`] (`None` for a kind from another catalog).
    #[inline(always)]
    pub fn edge_bits(&self, id: TileId, rotation: Rotation) -> Option<u8> {
        self.edge_bits
            .get(id.index() * 4 + rotation.quarter_turns())
            .copied()
    }

    /// The city segments of its own tile a segment of a kind touches (for a
    /// field; none for other segments), one bit a segment.
    pub fn touches(&self, id: TileId, segment: SegmentId) -> u16 {
        self.touches
            .get(id.index() * MAX_SEGMENTS + usize::from(segment))
            .copied()
            .unwrap_or(0)
    }

    /// All kinds in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = (TileId, &TileDef)> {
        self.tiles
            .iter()
            .enumerate()
            .map(|(i, d)| (TileId(i as u16), d))
    }

    /// Number of kinds.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the catalog has no kinds.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The start tile of the basic game (the first set that names one).
    pub fn start(&self) -> Option<TileId> {
        self.starts.first().map(|(_, t)| *t)
    }

    /// The start tile a set names, if any (the River's spring).
    pub fn start_of(&self, set: &str) -> Option<TileId> {
        self.starts.iter().find(|(s, _)| s == set).map(|(_, t)| *t)
    }

    /// The tile a set draws after all its others, if any (the River's lake).
    pub fn last_of(&self, set: &str) -> Option<TileId> {
        self.lasts.iter().find(|(s, _)| s == set).map(|(_, t)| *t)
    }

    /// Kinds of one tile set, in catalog order.
    pub fn set(&self, name: &str) -> impl Iterator<Item = (TileId, &TileDef)> {
        self.iter().filter(move |(_, d)| d.set == name)
    }
}

/// What a tile of a set of the user's may not carry (SPEC 3.7): an id that is
/// no tile id of the notation, or a mark of an expansion, whose rules were
/// written for its own tiles. `None` for a tile of the basic game's features,
/// perhaps showing the bag.
fn user_tile_fault(t: &RawTileDef<'_>) -> Option<String> {
    // tile_id = upper , { upper | lower | digit } (SPEC 2.2)
    let mut id = t.id.chars();
    let well_formed =
        id.next().is_some_and(|c| c.is_ascii_uppercase()) && id.all(|c| c.is_ascii_alphanumeric());
    if !well_formed {
        return Some(format!(
            "id {:?} is not a tile id of the notation: a capital letter, then letters and digits",
            t.id
        ));
    }
    let marks = [
        (
            t.edges.contains('~') || !t.rivers.is_empty(),
            "a river",
            "The River",
        ),
        (t.roads.iter().any(|r| r.inn), "an inn", "Inns & Cathedrals"),
        (
            t.cities.iter().any(|c| c.cathedral),
            "a cathedral",
            "Inns & Cathedrals",
        ),
        (
            t.cities.iter().any(|c| c.goods.is_some()),
            "goods",
            "Traders & Builders",
        ),
        (t.tower, "a tower place", "The Tower"),
        (
            t.cities.iter().any(|c| c.princess),
            "the princess",
            "The Princess & the Dragon",
        ),
        (
            t.roads.iter().any(|r| r.tunnel),
            "a tunnel",
            "The Princess & the Dragon",
        ),
        (
            t.monastery_in_city.is_some(),
            "a monastery in a city",
            "The Princess & the Dragon",
        ),
        (
            t.flight.is_some(),
            "a flying machine",
            "The Flying Machines",
        ),
        (t.circle.is_some(), "a crop circle", "The Crop Circles"),
    ];
    if let Some((_, mark, expansion)) = marks.iter().find(|(shown, _, _)| *shown) {
        return Some(format!(
            "{mark} is a mark of {expansion}; a tile set of one's own has the basic game's \
             features only"
        ));
    }
    match t.symbol.as_deref().map(str::parse::<Symbol>) {
        // A symbol the engine does not know is the catalog's own fault.
        None | Some(Ok(Symbol::Bag) | Err(())) => None,
        Some(Ok(symbol)) => Some(format!(
            "symbol {symbol} brings an expansion's rules; a tile set of one's own may show \
             only the bag"
        )),
    }
}

/// Where a fault lies in a tile set's YAML text: the value of its `set`,
/// `start` or `last` key, or of the `id` of its tile of that index (of
/// `tiles`). Found by reading the text for the keys rather than through the
/// YAML reader, which keeps no places; `None` where the text does not show it
/// plainly (`id` keys found other than one a tile).
fn locate(text: &str, place: Place, tiles: usize) -> Option<std::ops::Range<usize>> {
    match place {
        Place::Set => top_level_value(text, "set"),
        Place::Key(key) => top_level_value(text, key),
        Place::Tile(i) => Some(id_values(text))
            .filter(|ids| ids.len() == tiles)
            .and_then(|ids| ids.into_iter().nth(i)),
    }
}

/// The value of a key written at the start of a line, `key: value`.
fn top_level_value(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix(key)
            && rest.starts_with(':')
        {
            return Some(value_at(text, start + key.len() + 1, false));
        }
        start += line.len();
    }
    None
}

/// The values of every `id` key of a text, in order: a key `id:` at the start
/// of a line (after spaces and a list's `-`), or after a flow mapping's `{` or
/// `,`.
fn id_values(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (at, _) in text.match_indices("id:") {
        let before = bytes
            .get(..at)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|b| **b != b' ' && **b != b'\t')
            .copied();
        let key = matches!(before, None | Some(b'\n' | b'-' | b'{' | b','));
        let spaced = matches!(bytes.get(at + 3), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
        if key && spaced {
            out.push(value_at(text, at + 3, true));
        }
    }
    out
}

/// The value after a key's colon at `from`: spaces skipped, up to the end of
/// the line, a comment, or (in a flow mapping, `flow`) a `,` or `}`; trailing
/// spaces left out. Empty (at `from`) for no value.
fn value_at(text: &str, from: usize, flow: bool) -> std::ops::Range<usize> {
    let rest = text.get(from..).unwrap_or("");
    let lead = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let value = &rest[lead..];
    let end = value
        .find(|c: char| c == '\n' || c == '\r' || c == '#' || (flow && (c == ',' || c == '}')))
        .unwrap_or(value.len());
    let len = value[..end].trim_end().len();
    from + lead..from + lead + len
}

fn parse_edges(s: &str) -> Result<u8, String> {
    let mut mask = 0u8;
    for c in s.chars() {
        let side: Side = c
            .encode_utf8(&mut [0; 4])
            .parse()
            .map_err(|_| format!("{c:?} is not an edge (N, E, S or W)"))?;
        if mask & side.bit() != 0 {
            return Err(format!("edge {c} listed twice"));
        }
        mask |= side.bit();
    }
    Ok(mask)
}

// The tables here are arrays of 4 (one per side) and 8 (one per half-edge),
// indexed by `Side::index()` (< 4) and `Half::index()` (< 8) only, so no index
// can be out of range; this code runs once, when a catalog is loaded.
#[allow(clippy::indexing_slicing)]
fn validate(set: &str, t: RawTileDef<'_>) -> Result<TileDef, String> {
    let id = t.id.clone();
    let here = |m: String| format!("tile {id}: {m}");
    if t.count == 0 {
        return Err(here("count must be at least 1".into()));
    }
    let letters: Vec<char> = t.edges.chars().collect();
    if letters.len() != 4 {
        return Err(here(format!(
            "edges {:?} must be four letters (N E S W)",
            t.edges
        )));
    }
    let mut edges = [EdgeKind::Field; 4];
    for (slot, c) in edges.iter_mut().zip(&letters) {
        *slot = match c {
            'C' => EdgeKind::City,
            'R' => EdgeKind::Road,
            'F' => EdgeKind::Field,
            '~' => EdgeKind::River,
            _ => return Err(here(format!("edge letter {c:?} is not C, R, F or ~"))),
        };
    }
    let mut segments: Vec<Segment> = Vec::new();
    let mut side_owner = [NO_SEGMENT; 4];
    let mut claim_edges = |mask: u8, kind: EdgeKind, seg: usize| -> Result<(), String> {
        // A city or road is complete when a tile closes its last open edge:
        // one that reaches no edge could never be.
        if mask == 0 {
            return Err(here(format!("a {kind} segment must reach an edge")));
        }
        for side in Side::ALL {
            if mask & side.bit() == 0 {
                continue;
            }
            if edges[side.index()] != kind {
                return Err(here(format!(
                    "a {kind} segment reaches edge {side}, which is not {kind}"
                )));
            }
            if side_owner[side.index()] != NO_SEGMENT {
                return Err(here(format!("edge {side} belongs to two segments")));
            }
            side_owner[side.index()] = seg as SegmentId;
        }
        Ok(())
    };
    for c in &t.cities {
        let mask = parse_edges(&c.edges).map_err(&here)?;
        claim_edges(mask, EdgeKind::City, segments.len())?;
        let goods = match &c.goods {
            None => None,
            Some(g) => Some(
                g.parse()
                    .map_err(|_| here(format!("goods {g:?} is not wine, grain or cloth")))?,
            ),
        };
        segments.push(Segment {
            kind: FeatureKind::City,
            edges: mask,
            halves: 0,
            banner: c.banner,
            touches: Vec::new(),
            inn: false,
            cathedral: c.cathedral,
            goods,
            princess: c.princess,
            tunnel: false,
        });
    }
    for r in &t.roads {
        let mask = parse_edges(&r.edges).map_err(&here)?;
        claim_edges(mask, EdgeKind::Road, segments.len())?;
        segments.push(Segment {
            kind: FeatureKind::Road,
            edges: mask,
            halves: 0,
            banner: false,
            touches: Vec::new(),
            inn: r.inn,
            cathedral: false,
            goods: None,
            princess: false,
            tunnel: r.tunnel,
        });
    }
    // A river is no feature (no follower stands on it): it only shapes edges and
    // splits fields, so it takes no segment, only its edges.
    let mut river = 0u8;
    for w in &t.rivers {
        if w.inn || w.tunnel {
            return Err(here("a river has no inn and no tunnel".into()));
        }
        let mask = parse_edges(&w.edges).map_err(&here)?;
        for side in Side::ALL {
            if mask & side.bit() == 0 {
                continue;
            }
            if edges[side.index()] != EdgeKind::River || river & side.bit() != 0 {
                return Err(here(format!(
                    "a river reaches edge {side}, which is not a river edge or is listed twice"
                )));
            }
        }
        river |= mask;
    }
    for side in Side::ALL {
        if edges[side.index()] == EdgeKind::River && river & side.bit() == 0 {
            return Err(here(format!("river edge {side} belongs to no river")));
        }
    }
    for side in Side::ALL {
        let kind = edges[side.index()];
        if matches!(kind, EdgeKind::City | EdgeKind::Road) && side_owner[side.index()] == NO_SEGMENT
        {
            return Err(here(format!("{kind} edge {side} belongs to no segment")));
        }
    }
    let mut half_owner = [NO_SEGMENT; 8];
    let mut inner_field = None;
    for f in &t.fields {
        let seg = segments.len() as SegmentId;
        let mut halves = 0u8;
        for h in &f.halves {
            let half: Half = h
                .parse()
                .map_err(|_| here(format!("{h:?} is not a half-edge (NNW … WNW)")))?;
            if edges[half.side().index()] == EdgeKind::City {
                return Err(here(format!("field half-edge {h} lies on a city edge")));
            }
            if half_owner[half.index()] != NO_SEGMENT {
                return Err(here(format!("half-edge {h} belongs to two fields")));
            }
            half_owner[half.index()] = seg;
            halves |= half.bit();
        }
        if halves == 0 {
            if inner_field.is_some() {
                return Err(here("two fields reach no edge".into()));
            }
            inner_field = Some(seg);
        }
        let mut touches = Vec::new();
        for c in &f.touches {
            let side: Side = c
                .parse()
                .map_err(|_| here(format!("touches {c:?}: name a city by one of its edges")))?;
            let owner = side_owner[side.index()];
            match segments.get(usize::from(owner)) {
                Some(s) if s.kind == FeatureKind::City => {
                    if !touches.contains(&owner) {
                        touches.push(owner);
                    }
                }
                _ => {
                    return Err(here(format!(
                        "a field touches {c}, which is not a city edge"
                    )));
                }
            }
        }
        touches.sort_unstable();
        segments.push(Segment {
            kind: FeatureKind::Field,
            edges: 0,
            halves,
            banner: false,
            touches,
            inn: false,
            cathedral: false,
            goods: None,
            princess: false,
            tunnel: false,
        });
    }
    for half in Half::all() {
        let kind = edges[half.side().index()];
        if kind != EdgeKind::City && half_owner[half.index()] == NO_SEGMENT {
            return Err(here(format!(
                "half-edge {half} of a {kind} edge belongs to no field"
            )));
        }
    }
    let monastery = if t.monastery {
        segments.push(Segment {
            kind: FeatureKind::Monastery,
            edges: 0,
            halves: 0,
            banner: false,
            touches: Vec::new(),
            inn: false,
            cathedral: false,
            goods: None,
            princess: false,
            tunnel: false,
        });
        Some((segments.len() - 1) as SegmentId)
    } else {
        None
    };
    if monastery.is_some() && inner_field.is_some() {
        return Err(here(
            "a monastery and an inner field would share the centre spot".into(),
        ));
    }
    if segments.len() > MAX_SEGMENTS {
        return Err(here(format!("more than {MAX_SEGMENTS} segments")));
    }
    let monastery_city = match (&t.monastery_in_city, monastery) {
        (None, _) => None,
        (Some(c), None) => {
            return Err(here(format!(
                "monastery_in_city {c:?}, but the tile has no monastery"
            )));
        }
        (Some(c), Some(_)) => Some(city_named(c, &side_owner, &segments).ok_or_else(|| {
            here(format!(
                "monastery_in_city {c:?}: name the city by one of its edges"
            ))
        })?),
    };
    if segments.iter().filter(|s| s.princess).count() > 1 {
        return Err(here("two cities show the princess".into()));
    }
    for (i, road) in segments.iter().enumerate() {
        if road.tunnel && !is_tunnel(i, &segments, &side_owner) {
            return Err(here(
                "a tunnel is a road joining two opposite edges under a city that joins the other two"
                    .into(),
            ));
        }
    }
    let symbol = match &t.symbol {
        None => None,
        Some(s) => Some(s.parse::<Symbol>().map_err(|_| {
            let known: Vec<&str> = Symbol::ALL.iter().map(|s| s.name()).collect();
            here(format!("symbol {s:?} is not one of {}", known.join(", ")))
        })?),
    };
    let flight = match &t.flight {
        None => None,
        Some(s) => Some(s.parse::<Compass>().map_err(|_| {
            here(format!(
                "flight {s:?} is not a compass direction (N, NE, E, SE, S, SW, W, NW)"
            ))
        })?),
    };
    let circle = match t.circle.as_deref() {
        None => None,
        Some("field") => Some(FeatureKind::Field),
        Some("road") => Some(FeatureKind::Road),
        Some("city") => Some(FeatureKind::City),
        Some(other) => {
            return Err(here(format!("circle {other:?} is not field, road or city")));
        }
    };
    let oriented = Rotation::ALL.map(|r| orient(&edges, &side_owner, &half_owner, river, r));
    let seeds = segments.iter().map(FeatureSeed::of).collect();
    let princess_segment = segments
        .iter()
        .position(|s| s.princess)
        .and_then(|i| SegmentId::try_from(i).ok());
    Ok(TileDef {
        id: t.id.into_owned(),
        jcz: t.jcz.map(Text::into_owned),
        name: t.name.into_owned(),
        set: set.to_string(),
        count: t.count,
        edges,
        segments,
        monastery,
        monastery_city,
        tower: t.tower,
        symbol,
        flight,
        circle,
        inner_field,
        river,
        oriented,
        seeds,
        princess_segment,
    })
}

/// The city segment that reaches an edge named by its letter, if any.
fn city_named(name: &str, side_owner: &[SegmentId; 4], segments: &[Segment]) -> Option<SegmentId> {
    let side: Side = name.parse().ok()?;
    let owner = *side_owner.get(side.index())?;
    segments
        .get(usize::from(owner))
        .filter(|s| s.kind == FeatureKind::City)
        .map(|_| owner)
}

/// Whether segment `i` can be a tunnel: a road reaching two opposite edges,
/// the two other edges joined by one city it passes under. Being one segment,
/// the road is one road across the tile, as the feature machinery joins it.
fn is_tunnel(i: usize, segments: &[Segment], side_owner: &[SegmentId; 4]) -> bool {
    let Some(road) = segments.get(i) else {
        return false;
    };
    let across = [
        (Side::North, Side::South, Side::East, Side::West),
        (Side::East, Side::West, Side::North, Side::South),
    ];
    road.kind == FeatureKind::Road
        && across.into_iter().any(|(a, b, c, d)| {
            road.edges == a.bit() | b.bit()
                && side_owner.get(c.index()) == side_owner.get(d.index())
                && side_owner
                    .get(c.index())
                    .and_then(|o| segments.get(usize::from(*o)))
                    .is_some_and(|s| s.kind == FeatureKind::City)
        })
}

fn orient(
    edges: &[EdgeKind; 4],
    side_owner: &[SegmentId; 4],
    half_owner: &[SegmentId; 8],
    river: u8,
    r: Rotation,
) -> Oriented {
    let mut o = Oriented {
        edges: [EdgeKind::Field; 4],
        side_segment: [NO_SEGMENT; 4],
        half_segment: [NO_SEGMENT; 8],
        river: 0,
        edge_bits: 0,
        faces: Faces {
            sides: [Face {
                edge: EdgeKind::Field,
                segment: NO_SEGMENT,
                halves: [NO_SEGMENT; 2],
            }; 4],
        },
    };
    for side in Side::ALL {
        let board = r.apply(side).index();
        if river & side.bit() != 0 {
            o.river |= r.apply(side).bit();
        }
        if let (Some(slot), Some(kind)) = (o.edges.get_mut(board), edges.get(side.index())) {
            *slot = *kind;
        }
        if let (Some(slot), Some(seg)) =
            (o.side_segment.get_mut(board), side_owner.get(side.index()))
        {
            *slot = *seg;
        }
    }
    for half in Half::all() {
        let board = r.apply_half(half).index();
        if let (Some(slot), Some(seg)) =
            (o.half_segment.get_mut(board), half_owner.get(half.index()))
        {
            *slot = *seg;
        }
    }
    o.edge_bits = Side::ALL.into_iter().fold(0, |bits, side| {
        bits | o.edge(side).code() << (2 * side.index())
    });
    o.faces.sides = Side::ALL.map(|side| {
        let [a, b] = Half::of_side(side);
        Face {
            edge: o.edge(side),
            segment: o.segment_at(side).unwrap_or(NO_SEGMENT),
            halves: [
                o.field_at(a).unwrap_or(NO_SEGMENT),
                o.field_at(b).unwrap_or(NO_SEGMENT),
            ],
        }
    });
    o
}

/// The longest id [`TileCatalog::by_short`] holds, in bytes.
const SHORT_ID: usize = 7;

/// An id of up to [`SHORT_ID`] bytes packed into a word: its length in the
/// top byte, its bytes below, so that no two ids share a key and none is 0.
#[inline]
fn short_key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > SHORT_ID {
        return None;
    }
    // The commonest lengths (`TW1`, `PD28`) packed at once, as the fold
    // packs them.
    let packed = match *bytes {
        [a, b, c] => u64::from(u32::from_be_bytes([0, a, b, c])),
        [a, b, c, d] => u64::from(u32::from_be_bytes([a, b, c, d])),
        _ => bytes.iter().fold(0u64, |k, &b| k << 8 | u64::from(b)),
    };
    Some((bytes.len() as u64) << 56 | packed)
}

/// The first slot of a key in a table of `len` slots (a power of two).
#[inline]
fn short_slot(key: u64, len: usize) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (len - 1)
}

#[cfg(test)]
mod tests;
