//! Tile vocabulary: sides, half-edges, rotations, edge and feature kinds, and the
//! validated tile definitions the engine works with.
//!
//! A tile is described at rotation 0 (north up). Rotation is clockwise in quarter
//! turns: a rotation of `r90` moves what the picture shows on its north edge to the
//! board's east side. Each definition is precomputed for all four rotations
//! ([`Oriented`]) so that the engine never rotates anything at play time.

pub mod catalog;
pub mod picture;

use std::fmt;
use std::str::FromStr;

pub use catalog::{CatalogError, TileCatalog};

/// One of the four sides of a tile or board square, clockwise from north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Side {
    /// North (towards +y).
    North,
    /// East (towards +x).
    East,
    /// South (towards -y).
    South,
    /// West (towards -x).
    West,
}

impl Side {
    /// All sides, clockwise from north.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// Index 0–3, clockwise from north.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with index `i % 4`.
    pub fn from_index(i: usize) -> Side {
        match i % 4 {
            0 => Side::North,
            1 => Side::East,
            2 => Side::South,
            _ => Side::West,
        }
    }

    /// The side facing this one across an edge.
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// One-letter name used by the notation.
    pub fn letter(self) -> char {
        match self {
            Side::North => 'N',
            Side::East => 'E',
            Side::South => 'S',
            Side::West => 'W',
        }
    }

    /// Bit of this side in an edge mask.
    pub fn bit(self) -> u8 {
        1 << self.index()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Side {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "N" => Ok(Side::North),
            "E" => Ok(Side::East),
            "S" => Ok(Side::South),
            "W" => Ok(Side::West),
            _ => Err(()),
        }
    }
}

/// Half of a tile edge, the unit fields are made of. Clockwise from the north-west
/// corner: `NNW` is the west half of the north edge, `NNE` its east half, and so on
/// to `WNW`, the north half of the west edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Half(u8);

impl Half {
    /// Notation names of the eight half-edges in index order.
    pub const NAMES: [&'static str; 8] = ["NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"];

    /// All eight half-edges.
    pub fn all() -> impl Iterator<Item = Half> {
        (0..8).map(Half)
    }

    /// The half-edge with index `i % 8`.
    pub const fn from_index(i: usize) -> Half {
        Half((i % 8) as u8)
    }

    /// Index 0–7, clockwise from the north-west corner.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The side this half belongs to.
    pub fn side(self) -> Side {
        Side::from_index(self.index() / 2)
    }

    /// The two halves of a side, clockwise.
    pub fn of_side(side: Side) -> [Half; 2] {
        [
            Half::from_index(side.index() * 2),
            Half::from_index(side.index() * 2 + 1),
        ]
    }

    /// The half-edge of the neighbouring tile that touches this one: the north
    /// edge's west half meets the south edge's west half of the tile above.
    pub fn facing(self) -> Half {
        let side = self.side().opposite().index();
        let k = self.index() % 2;
        Half::from_index(side * 2 + (1 - k))
    }

    /// Bit of this half in a half mask.
    pub fn bit(self) -> u8 {
        1 << self.0
    }

    /// The notation name (`NNW` … `WNW`).
    pub fn name(self) -> &'static str {
        Half::NAMES.get(self.index()).copied().unwrap_or("?")
    }
}

impl fmt::Display for Half {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Half {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Half::NAMES
            .iter()
            .position(|n| *n == s)
            .map(Half::from_index)
            .ok_or(())
    }
}

/// Clockwise rotation of a tile relative to its catalog picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Rotation {
    /// As pictured.
    #[default]
    R0,
    /// A quarter turn clockwise.
    R90,
    /// A half turn.
    R180,
    /// Three quarter turns clockwise.
    R270,
}

impl Rotation {
    /// All rotations in increasing order.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// Number of clockwise quarter turns.
    pub fn quarter_turns(self) -> usize {
        self as usize
    }

    /// The rotation of `n % 4` clockwise quarter turns.
    pub fn from_quarter_turns(n: usize) -> Rotation {
        Rotation::ALL.get(n % 4).copied().unwrap_or(Rotation::R0)
    }

    /// Where a side of the picture ends up on the board.
    pub fn apply(self, side: Side) -> Side {
        Side::from_index(side.index() + self.quarter_turns())
    }

    /// Where a half-edge of the picture ends up on the board.
    pub fn apply_half(self, half: Half) -> Half {
        Half::from_index(half.index() + 2 * self.quarter_turns())
    }

    /// Which side of the picture appears on a given board side.
    pub fn unapply(self, side: Side) -> Side {
        Side::from_index(side.index() + 4 - self.quarter_turns())
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.quarter_turns() * 90)
    }
}

impl FromStr for Rotation {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "r0" => Ok(Rotation::R0),
            "r90" => Ok(Rotation::R90),
            "r180" => Ok(Rotation::R180),
            "r270" => Ok(Rotation::R270),
            _ => Err(()),
        }
    }
}

/// What a tile edge shows; two touching edges must show the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeKind {
    /// A city wall opening.
    City,
    /// A road crossing the edge, with field on both sides.
    Road,
    /// Open field.
    Field,
    /// A river (The River), with field on both banks; matches only a river.
    River,
}

impl EdgeKind {
    /// Two-bit code of the kind, as packed in [`Oriented::edge_bits`].
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The catalog letter (C, R, F, and `~` for a river).
    pub fn letter(self) -> char {
        match self {
            EdgeKind::City => 'C',
            EdgeKind::Road => 'R',
            EdgeKind::Field => 'F',
            EdgeKind::River => '~',
        }
    }
}

impl fmt::Display for EdgeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EdgeKind::City => "city",
            EdgeKind::Road => "road",
            EdgeKind::Field => "field",
            EdgeKind::River => "river",
        })
    }
}

/// The kind of a feature followers can occupy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    /// A city (knights).
    City,
    /// A road (thieves).
    Road,
    /// A field (farmers).
    Field,
    /// A monastery (monks).
    Monastery,
}

impl FeatureKind {
    /// Its name in reports: `city`, `road`, `field` or `monastery`.
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Monastery => "monastery",
        }
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Index of a tile kind in a [`TileCatalog`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileId(pub u16);

impl TileId {
    /// Position in the catalog's list of kinds.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Index of a segment within one tile definition.
pub type SegmentId = u8;

/// Marker for "no segment" in the per-rotation lookup tables.
pub const NO_SEGMENT: SegmentId = u8::MAX;

/// One feature piece printed on a tile: a city part, a road part, a field part or
/// a monastery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// What the segment is.
    pub kind: FeatureKind,
    /// Edges (bit per [`Side`], picture frame) a city or road segment reaches.
    pub edges: u8,
    /// Half-edges (bit per [`Half`], picture frame) a field segment reaches.
    pub halves: u8,
    /// Whether a city segment carries a banner (pennant).
    pub banner: bool,
    /// For a field: the city segments of this tile it touches (farmers score them).
    pub touches: Vec<SegmentId>,
    /// Whether a road segment has an inn beside it (Inns & Cathedrals).
    pub inn: bool,
    /// Whether a city segment holds a cathedral (Inns & Cathedrals).
    pub cathedral: bool,
    /// The goods symbol a city segment shows, if any (Traders & Builders).
    pub goods: Option<Goods>,
    /// Whether a city segment shows the princess (The Princess & the Dragon).
    pub princess: bool,
    /// Whether a road segment passes through a tunnel under the tile's city (The
    /// Princess & the Dragon): one road segment reaching two opposite edges, so
    /// the road is not broken; see `notation/tiles/princess-and-dragon.yaml`.
    pub tunnel: bool,
}

/// A kind of goods (Traders & Builders): "20 Goods tokens (9 Wine, 6 Wheat, 5
/// Fabric)" (2012; the 2000 rulebook says wine, grain and cloth).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Goods {
    /// Wine.
    Wine,
    /// Grain (wheat).
    Grain,
    /// Cloth (fabric).
    Cloth,
}

impl Goods {
    /// The three kinds, in the order reports and the notation list them.
    pub const ALL: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

    /// Index 0–2 in [`Goods::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The notation and catalog name.
    pub fn name(self) -> &'static str {
        match self {
            Goods::Wine => "wine",
            Goods::Grain => "grain",
            Goods::Cloth => "cloth",
        }
    }
}

impl fmt::Display for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Goods {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Goods::ALL.into_iter().find(|g| g.name() == s).ok_or(())
    }
}

/// A symbol printed on a tile of The Princess & the Dragon that is not on a
/// feature ("All new landscape tiles show a special symbol (volcano, dragon,
/// princess, or magic portal)", 2000 Rio Grande): the princess stands in a city
/// and is [`Segment::princess`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symbol {
    /// A volcano: the dragon flies there; no figure may be placed on the tile.
    Volcano,
    /// A dragon: the dragon moves after the tile is placed.
    Dragon,
    /// A magic portal: a follower may go on any tile placed before.
    Portal,
    /// A gold mine (The Gold Mines): two gold ingots are set when the tile is
    /// placed.
    Goldmine,
    /// The magic symbol (Mage & Witch): the mage or the witch is placed or
    /// moved when the tile is placed.
    Mage,
    /// A lake (The Ferries): the roads of the tile end in it until a ferry
    /// joins two of them.
    Lake,
    /// A bag (The Robbers): the robbers may be placed on the scoreboard when
    /// the tile is placed. The Robbers are not refereed yet: the bag changes
    /// nothing in a game.
    Bag,
}

impl Symbol {
    /// The symbols, in the order the catalog documents them.
    pub const ALL: [Symbol; 7] = [
        Symbol::Volcano,
        Symbol::Dragon,
        Symbol::Portal,
        Symbol::Goldmine,
        Symbol::Mage,
        Symbol::Lake,
        Symbol::Bag,
    ];

    /// The catalog name.
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Volcano => "volcano",
            Symbol::Dragon => "dragon",
            Symbol::Portal => "portal",
            Symbol::Goldmine => "goldmine",
            Symbol::Mage => "mage",
            Symbol::Lake => "lake",
            Symbol::Bag => "bag",
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symbol {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Symbol::ALL.into_iter().find(|x| x.name() == s).ok_or(())
    }
}

/// One of the eight compass directions, clockwise from north: the way the
/// arrow of a flying machine points (The Flying Machines).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Compass {
    /// North.
    N,
    /// North-east.
    NE,
    /// East.
    E,
    /// South-east.
    SE,
    /// South.
    S,
    /// South-west.
    SW,
    /// West.
    W,
    /// North-west.
    NW,
}

impl Compass {
    /// The directions, clockwise from north.
    pub const ALL: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    /// The catalog name (`N`, `NE`, …).
    pub fn name(self) -> &'static str {
        match self {
            Compass::N => "N",
            Compass::NE => "NE",
            Compass::E => "E",
            Compass::SE => "SE",
            Compass::S => "S",
            Compass::SW => "SW",
            Compass::W => "W",
            Compass::NW => "NW",
        }
    }

    /// The direction an arrow printed this way points to on a tile placed
    /// with `rotation`: each clockwise quarter turn turns it by two eighths.
    pub fn turned(self, rotation: Rotation) -> Compass {
        let i = self as usize + 2 * rotation.quarter_turns();
        Compass::ALL.get(i % 8).copied().unwrap_or(self)
    }

    /// One square's step this way, as (east, north).
    pub fn step(self) -> (i32, i32) {
        match self {
            Compass::N => (0, 1),
            Compass::NE => (1, 1),
            Compass::E => (1, 0),
            Compass::SE => (1, -1),
            Compass::S => (0, -1),
            Compass::SW => (-1, -1),
            Compass::W => (-1, 0),
            Compass::NW => (-1, 1),
        }
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Compass {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Compass::ALL.into_iter().find(|x| x.name() == s).ok_or(())
    }
}

impl Segment {
    /// Number of edges this segment reaches (its open ends on a lone tile).
    pub fn edge_count(&self) -> u32 {
        self.edges.count_ones()
    }
}

/// A tile definition at one rotation: what shows on each board side, and which
/// segment lies on each board side and half-edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Oriented {
    /// Edge kind on each board side (index = [`Side::index`]).
    pub edges: [EdgeKind; 4],
    /// Segment reaching each board side ([`NO_SEGMENT`] for none).
    pub side_segment: [SegmentId; 4],
    /// Field segment on each board half-edge ([`NO_SEGMENT`] for none).
    pub half_segment: [SegmentId; 8],
    /// Board sides the river reaches (bit per [`Side`]; 0 without a river).
    pub river: u8,
    /// The edge kinds of [`Oriented::edges`] in one byte, two bits a side at
    /// `2 * Side::index` ([`EdgeKind::code`]): a placement's four edges are
    /// compared with its neighbours' at once (see `board`).
    pub edge_bits: u8,
    /// The same sides and half-edges, side by side (see [`Faces`]).
    pub faces: Faces,
}

impl Oriented {
    /// Edge kind on a board side.
    pub fn edge(&self, side: Side) -> EdgeKind {
        self.edges
            .get(side.index())
            .copied()
            .unwrap_or(EdgeKind::Field)
    }

    /// Segment reaching a board side, if any.
    pub fn segment_at(&self, side: Side) -> Option<SegmentId> {
        self.side_segment
            .get(side.index())
            .copied()
            .filter(|s| *s != NO_SEGMENT)
    }

    /// Field segment on a board half-edge, if any.
    pub fn field_at(&self, half: Half) -> Option<SegmentId> {
        self.half_segment
            .get(half.index())
            .copied()
            .filter(|s| *s != NO_SEGMENT)
    }
}

/// One board side of a tile as placed: what it shows, the segment reaching it
/// and the field segments on its two halves in clockwise order ([`NO_SEGMENT`]
/// where there is none). Four bytes: everything two touching tiles compare or
/// join across one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Face {
    /// Edge kind on the side.
    pub edge: EdgeKind,
    /// Segment reaching the side.
    pub segment: SegmentId,
    /// Field segments on the side's halves, clockwise (as [`Half::of_side`]).
    pub halves: [SegmentId; 2],
}

impl Face {
    /// Whether a segment reaches the side, by its edge or by a half.
    #[inline(always)]
    pub fn reached_by(self, segment: SegmentId) -> bool {
        let [a, b] = self.halves;
        self.segment == segment || a == segment || b == segment
    }
}

/// A tile definition at one rotation, side by side: one [`Face`] per board side,
/// indexed by [`Side::index`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Faces {
    /// The face on each board side.
    pub sides: [Face; 4],
}

impl Faces {
    /// The face on a board side.
    #[inline(always)]
    pub fn side(&self, side: Side) -> Face {
        let [north, east, south, west] = self.sides;
        match side {
            Side::North => north,
            Side::East => east,
            Side::South => south,
            Side::West => west,
        }
    }
}

/// The kind and counts of a feature: what a segment brings to the feature it
/// starts on a lone tile, and what a feature of the board sums over its
/// segments (`features::Feature`, which copies a seed whole for a new segment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureSeed {
    /// What the segment is.
    pub kind: FeatureKind,
    /// Edges it reaches (for a feature of the board: those not yet joined to
    /// a neighbour).
    pub open_edges: u32,
    /// Banners (0 or 1 for a segment).
    pub pennants: u16,
    /// Inns (0 or 1 for a segment; Inns & Cathedrals).
    pub inns: u16,
    /// Cathedrals (0 or 1 for a segment; Inns & Cathedrals).
    pub cathedrals: u16,
    /// Goods symbols by kind, in [`Goods::ALL`] order (Traders & Builders).
    pub goods: [u16; 3],
}

impl FeatureSeed {
    /// The seed of a segment.
    pub fn of(segment: &Segment) -> FeatureSeed {
        FeatureSeed {
            kind: segment.kind,
            open_edges: segment.edge_count(),
            pennants: u16::from(segment.banner),
            inns: u16::from(segment.inn),
            cathedrals: u16::from(segment.cathedral),
            goods: Goods::ALL.map(|g| u16::from(segment.goods == Some(g))),
        }
    }
}

/// A validated tile kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileDef {
    /// The notation id (e.g. `D`).
    pub id: String,
    /// The JCloisterZone id of the kind (`BA/RCr`), if the set gives it; the
    /// kind's picture at rotation 0 is JCloisterZone's.
    pub jcz: Option<String>,
    /// A short description.
    pub name: String,
    /// The tile set it belongs to (e.g. `basic`).
    pub set: String,
    /// How many tiles of this kind the set holds (the start tile included).
    pub count: u8,
    /// Edge kinds at rotation 0, clockwise from north.
    pub edges: [EdgeKind; 4],
    /// The segments, cities first, then roads, fields and the monastery.
    pub segments: Vec<Segment>,
    /// The monastery segment, if the tile has one.
    pub monastery: Option<SegmentId>,
    /// The city segment the monastery stands in, for the cloister in the city
    /// (The Princess & the Dragon): the monastery and the city stay two features,
    /// each with its own spot, so a monk and a knight can both stand on them.
    pub monastery_city: Option<SegmentId>,
    /// Whether the tile has a tower place (The Tower).
    pub tower: bool,
    /// The symbol the tile shows besides its features, if any (The Princess &
    /// the Dragon; the princess is [`Segment::princess`]).
    pub symbol: Option<Symbol>,
    /// The flying machine's arrow as pictured (rotation 0), if the tile shows
    /// one (The Flying Machines).
    pub flight: Option<Compass>,
    /// The followers a crop circle on the tile designates, if it shows one
    /// (The Crop Circles): farmers (`Field`), thieves (`Road`) or knights
    /// (`City`).
    pub circle: Option<FeatureKind>,
    /// The field that reaches no edge, if any (named by the centre spot).
    pub inner_field: Option<SegmentId>,
    /// Edges (bit per [`Side`], picture frame) the river reaches (The River); a
    /// river reaching one edge springs or ends on the tile.
    pub river: u8,
    /// The definition at each rotation, indexed by [`Rotation::quarter_turns`].
    pub oriented: [Oriented; 4],
    /// What each segment brings to its feature, indexed by [`SegmentId`].
    pub seeds: Vec<FeatureSeed>,
    /// The city segment that shows the princess, if any, found once when the
    /// catalog is read ([`TileDef::princess`]): a turn asks it without
    /// reading the segments.
    pub princess_segment: Option<SegmentId>,
}

impl TileDef {
    /// The definition at a rotation.
    #[inline]
    pub fn at(&self, rotation: Rotation) -> &Oriented {
        // A rotation is always below 4: one address computation, no branch.
        let [r0, ..] = &self.oriented;
        self.oriented.get(rotation.quarter_turns()).unwrap_or(r0)
    }

    /// The segment with an id.
    pub fn segment(&self, id: SegmentId) -> Option<&Segment> {
        self.segments.get(usize::from(id))
    }

    /// Number of banners on the tile.
    pub fn banners(&self) -> u32 {
        self.segments.iter().filter(|s| s.banner).count() as u32
    }

    /// The city segment that shows the princess, if any (The Princess & the
    /// Dragon).
    #[inline]
    pub fn princess(&self) -> Option<SegmentId> {
        self.princess_segment
    }
}

/// A spot on a placed tile, named in board directions as a person sees the tile:
/// a road or city by the edge it reaches, a field by a half-edge, and the
/// monastery (or a field that reaches no edge) by the centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    /// The road or city reaching an edge (`N`, `E`, `S`, `W`).
    Edge(Side),
    /// The field on a half-edge (`NNW` … `WNW`).
    Half(Half),
    /// The centre (`C`): a monastery, or a field enclosed on the tile.
    Centre,
}

impl Spot {
    /// Every spot name, in canonical order.
    pub fn all() -> impl Iterator<Item = Spot> {
        Side::ALL
            .into_iter()
            .map(Spot::Edge)
            .chain(Half::all().map(Spot::Half))
            .chain(std::iter::once(Spot::Centre))
    }

    /// The spot reached by turning a tile clockwise by a rotation.
    pub fn rotated(self, rotation: Rotation) -> Spot {
        match self {
            Spot::Edge(side) => Spot::Edge(rotation.apply(side)),
            Spot::Half(half) => Spot::Half(rotation.apply_half(half)),
            Spot::Centre => Spot::Centre,
        }
    }

    /// The segment of a tile (as placed) this spot names, if any.
    pub fn segment(self, def: &TileDef, rotation: Rotation) -> Option<SegmentId> {
        let o = def.at(rotation);
        match self {
            Spot::Edge(side) => o.segment_at(side),
            Spot::Half(half) => o.field_at(half),
            Spot::Centre => def.monastery.or(def.inner_field),
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Edge(s) => write!(f, "{s}"),
            Spot::Half(h) => write!(f, "{h}"),
            Spot::Centre => f.write_str("C"),
        }
    }
}

impl FromStr for Spot {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        if s == "C" {
            return Ok(Spot::Centre);
        }
        s.parse::<Side>()
            .map(Spot::Edge)
            .or_else(|_| s.parse::<Half>().map(Spot::Half))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_sides() {
        assert_eq!(Side::North.opposite(), Side::South);
        assert_eq!(Side::East.opposite(), Side::West);
        for s in Side::ALL {
            assert_eq!(s.opposite().opposite(), s);
        }
    }

    #[test]
    fn rotation_moves_sides_clockwise() {
        assert_eq!(Rotation::R90.apply(Side::North), Side::East);
        assert_eq!(Rotation::R180.apply(Side::East), Side::West);
        assert_eq!(Rotation::R270.apply(Side::North), Side::West);
        for r in Rotation::ALL {
            for s in Side::ALL {
                assert_eq!(r.unapply(r.apply(s)), s);
            }
        }
    }

    #[test]
    fn rotation_moves_halves_two_places() {
        let nnw: Half = "NNW".parse().unwrap();
        assert_eq!(Rotation::R90.apply_half(nnw).name(), "ENE");
        // A quarter turn back: the north edge's west end becomes the west edge's south end.
        assert_eq!(Rotation::R270.apply_half(nnw).name(), "WSW");
    }

    #[test]
    fn facing_halves_pair_across_edges() {
        let pairs = [
            ("NNW", "SSW"),
            ("NNE", "SSE"),
            ("ENE", "WNW"),
            ("ESE", "WSW"),
        ];
        for (a, b) in pairs {
            let a: Half = a.parse().unwrap();
            let b: Half = b.parse().unwrap();
            assert_eq!(a.facing(), b);
            assert_eq!(b.facing(), a);
        }
    }

    #[test]
    fn names_round_trip() {
        for r in Rotation::ALL {
            assert_eq!(r.to_string().parse::<Rotation>(), Ok(r));
        }
        for s in Side::ALL {
            assert_eq!(s.to_string().parse::<Side>(), Ok(s));
        }
        for h in Half::all() {
            assert_eq!(h.to_string().parse::<Half>(), Ok(h));
        }
    }
}
