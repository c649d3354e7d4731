//! Pictures of the board: [`board_text`] draws it with Unicode characters for a
//! terminal, [`board_svg`] as a standalone SVG document for a page.
//!
//! Both draw every placed tile from the catalog geometry (the segments of its
//! [`TileDef`], turned by the tile's rotation, with the expansions' River, inns,
//! cathedrals and goods), the figures on the spots they stand on (followers,
//! large followers, builders and pigs, each kind told apart), and the
//! coordinates on the axes: x grows east along the top, y grows north down the
//! left side, so the top row is the largest y.
//!
//! Player colours: the game's [`crate::Setup`] holds the names only, so the seats
//! take the default palette in seat order: red, blue, green, yellow, black, grey.
//! The legend of each picture names the colour of every player.

use std::fmt::Write as _;

use crate::board::{PlacedTile, Pos};
use crate::features::node_of;
use crate::figures::Figure;
use crate::player::Player;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::FeatureRef;
use crate::score::scoreboard::{self, Space};
use crate::tiles::{
    Compass, FeatureKind, Goods, Half, Rotation, Segment, SegmentId, Side, Symbol, TileDef,
};

mod highlight;

/// How [`board_text`] draws.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShowOptions {
    /// Colour the picture with ANSI escapes (figures in their player's colour,
    /// fields green, cities yellow, the River cyan). Without colour a figure is
    /// marked by its player's initial (or seat digit when initials clash), and a
    /// large follower, builder or pig by the marker and its kind's mark.
    pub color: bool,
    /// A feature to show: its parts are drawn in heavy strokes (`█` city,
    /// `━ ┃ ┏ …` road, `•` field, `■` monastery), and in orange with colour;
    /// a key line names it. A reference that names no segment on the board
    /// draws nothing more ([`highlight_fault`] tells why).
    pub highlight: Option<FeatureRef>,
    /// Draw the scoreboard after the final scoring, titled so: a finished
    /// game shown at its end. The board stays as the last turn left it.
    pub final_scoring: bool,
}

/// How [`board_svg`] draws.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgOptions {
    /// A feature to show: each of its segments is drawn over its tile in
    /// orange from the tile's geometry (a city's area, a road's band, a
    /// field's part of the tile, a monastery), so that nothing else on those
    /// tiles looks included; its tiles get the attribute
    /// `data-highlight="true"` and every other tile is dimmed. A reference
    /// that names no segment on the board is ignored.
    pub highlight: Option<FeatureRef>,
    /// Outline the tile placed last.
    pub last: bool,
    /// Draw the scoreboard after the final scoring, titled so, as
    /// [`ShowOptions::final_scoring`].
    pub final_scoring: bool,
}

/// The game whose scoreboard a picture draws: the game itself, or, with the
/// final scoring, a copy of it with the final scoring applied (its pawns and
/// robbers; the board is drawn from the game itself).
fn scored_end<'c>(game: &Game<'c>, final_scoring: bool) -> Option<Game<'c>> {
    final_scoring.then(|| {
        let mut end = game.clone();
        end.finish();
        end
    })
}

/// The title of the scoreboard after the final scoring.
const FINAL_SCOREBOARD: &str = "after the final scoring";

// ---------------------------------------------------------------------------
// Shared: players, colours, followers, bounds
// ---------------------------------------------------------------------------

/// A seat's colour in the pictures.
#[derive(Debug, Clone, Copy)]
struct Colour {
    name: &'static str,
    /// SVG fill.
    fill: &'static str,
    /// SVG outline of a follower.
    stroke: &'static str,
    /// ANSI style of a follower marker (background in the colour).
    ansi: &'static str,
}

/// The default palette, by seat.
const PALETTE: [Colour; 7] = [
    Colour {
        name: "red",
        fill: "#d7263d",
        stroke: "#3a0a10",
        ansi: "1;97;41",
    },
    Colour {
        name: "blue",
        fill: "#1e5bd6",
        stroke: "#0a1a40",
        ansi: "1;97;44",
    },
    Colour {
        name: "green",
        fill: "#1f9e3a",
        stroke: "#08320f",
        ansi: "1;30;42",
    },
    Colour {
        name: "yellow",
        fill: "#f5c400",
        stroke: "#4a3a00",
        ansi: "1;30;43",
    },
    Colour {
        name: "black",
        fill: "#1c1c1c",
        stroke: "#f0f0f0",
        ansi: "1;97;40",
    },
    Colour {
        name: "grey",
        fill: "#9a9a9a",
        stroke: "#2a2a2a",
        ansi: "1;30;47",
    },
    Colour {
        name: "pink",
        fill: "#e86aa8",
        stroke: "#4a1030",
        ansi: "1;30;45",
    },
];

/// A seat's colour: the one the Players tag gives it, else the palette's colour
/// for its seat number.
fn colour(game: &Game<'_>, player: Player) -> Colour {
    let named = game
        .colour(player)
        .and_then(|name| PALETTE.iter().find(|c| c.name == name));
    named
        .or_else(|| PALETTE.get(player.index() % PALETTE.len()))
        .copied()
        .unwrap_or(PALETTE[0])
}

/// The seats of the game.
fn players(game: &Game<'_>) -> Vec<Player> {
    game.score().players().collect()
}

/// The marker of each seat in the text picture: the players' initials when they
/// are distinct ASCII letters, otherwise the seat digits.
fn markers(game: &Game<'_>) -> Vec<char> {
    let seats = players(game);
    let initials: Vec<char> = seats
        .iter()
        .filter_map(|p| game.name(*p).chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut sorted = initials.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if initials.len() == seats.len()
        && sorted.len() == initials.len()
        && initials.iter().all(char::is_ascii_alphabetic)
    {
        initials
    } else {
        seats
            .iter()
            .map(|p| char::from_digit(u32::from(p.0) + 1, 10).unwrap_or('?'))
            .collect()
    }
}

/// A figure on the board: the placed tile (index in the board), the segment it
/// stands on, its owner and its kind.
#[derive(Debug, Clone, Copy)]
struct Standing {
    tile: usize,
    segment: SegmentId,
    player: Player,
    figure: Figure,
    /// The turn that placed it (a follower a crop circle added beside
    /// another: the circle's turn, not the other's).
    turn: u32,
}

/// A figure on one tile: the segment, the owner and the kind.
type OnTile = (SegmentId, Player, Figure);

impl Standing {
    fn on_tile(&self) -> OnTile {
        (self.segment, self.player, self.figure)
    }
}

/// Every figure on the board (followers, large followers, builders and pigs),
/// tile by tile in order of placement.
fn standing(game: &Game<'_>) -> Vec<Standing> {
    let features = game.features();
    let mut out = Vec::new();
    for (i, placed) in game.board().tiles().iter().enumerate() {
        let Some(def) = game.catalog().get(placed.tile) else {
            continue;
        };
        for segment in segment_ids(def) {
            let node = node_of(placed, segment);
            let Some(feature) = features.feature(node) else {
                continue;
            };
            for f in feature.followers().filter(|f| f.node == node) {
                out.push(Standing {
                    tile: i,
                    segment,
                    player: f.player,
                    figure: f.figure,
                    turn: f.turn,
                });
            }
        }
    }
    out
}

fn segment_ids(def: &TileDef) -> impl Iterator<Item = SegmentId> + use<> {
    (0..def.segments.len()).filter_map(|s| SegmentId::try_from(s).ok())
}

/// The board sides a segment reaches, clockwise from north.
fn board_sides(edges: u8, rotation: Rotation) -> Vec<Side> {
    let mut sides: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| edges & s.bit() != 0)
        .map(|s| rotation.apply(s))
        .collect();
    sides.sort_unstable();
    sides
}

/// The board half-edges a field reaches, clockwise from the north-west corner.
fn board_halves(halves: u8, rotation: Rotation) -> Vec<Half> {
    let mut out: Vec<Half> = Half::all()
        .filter(|h| halves & h.bit() != 0)
        .map(|h| rotation.apply_half(h))
        .collect();
    out.sort_unstable();
    out
}

/// The squares the board covers: `(min_x, max_x, min_y, max_y)`.
fn bounds(tiles: &[PlacedTile]) -> Option<(i64, i64, i64, i64)> {
    let first = tiles.first()?;
    let (x, y) = (i64::from(first.pos.x), i64::from(first.pos.y));
    Some(tiles.iter().fold((x, x, y, y), |(a, b, c, d), t| {
        let (x, y) = (i64::from(t.pos.x), i64::from(t.pos.y));
        (a.min(x), b.max(x), c.min(y), d.max(y))
    }))
}

fn pos_at(x: i64, y: i64) -> Option<Pos> {
    Some(Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

const TW: usize = 5;
const TH: usize = 3;

/// What one character cell of the text picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Glyph {
    Empty,
    Field,
    City,
    Banner,
    Road(char),
    Monastery,
    /// The River's water.
    River,
    /// An inn beside a road (Inns & Cathedrals).
    Inn,
    /// A cathedral in a city (Inns & Cathedrals).
    Cathedral,
    /// A goods symbol in a city (Traders & Builders).
    Goods(Goods),
    /// A figure: its owner's marker.
    Figure(Player, Figure),
    /// The cell after a large follower, builder or pig: the mark of its kind.
    FigureKind(Player, Figure),
    /// An empty tower place (The Tower).
    TowerPlace,
    /// A tower (The Tower): its mark, then its height's digits.
    Tower,
    /// A digit of a tower's height.
    TowerHeight(char),
    /// A tile's symbol (The Princess & the Dragon): a volcano, a dragon, a
    /// magic portal.
    Symbol(Symbol),
    /// The princess in her city.
    Princess,
    /// The dragon.
    Dragon,
    /// The fairy.
    Fairy,
    /// A flying machine, its arrow as it points on the board (The Flying
    /// Machines).
    Flight(Compass),
    /// A crop circle (The Crop Circles).
    Circle,
    /// A ferry on a lake, drawn as the road it makes through the lake (The
    /// Ferries).
    Ferry(char),
}

impl Glyph {
    /// A mark printed on a city (a banner, a cathedral, goods): figures stand
    /// beside it.
    fn is_city_mark(self) -> bool {
        matches!(self, Glyph::Banner | Glyph::Cathedral | Glyph::Goods(_))
    }

    /// Plain ground a figure's kind mark may cover.
    fn is_ground(self) -> bool {
        matches!(
            self,
            Glyph::Field | Glyph::City | Glyph::Road(_) | Glyph::River
        )
    }
}

/// The text mark of a figure kind, written after the owner's marker (an
/// ordinary follower is its owner's marker alone).
fn figure_mark(figure: Figure) -> Option<char> {
    match figure {
        Figure::Follower => None,
        Figure::Big => Some('+'),
        Figure::Builder => Some('b'),
        Figure::Pig => Some('p'),
    }
}

/// The text mark of the River's water.
const RIVER_CHAR: char = '≈';
/// The text mark of an inn.
const INN_CHAR: char = 'i';
/// The text mark of a cathedral.
const CATHEDRAL_CHAR: char = '†';
/// The text mark of an empty tower place.
const TOWER_PLACE_CHAR: char = 't';
/// The text mark of a tower, before its height.
const TOWER_CHAR: char = 'T';
/// The text mark of the princess in her city.
const PRINCESS_CHAR: char = '*';
/// The text mark of the dragon.
const DRAGON_CHAR: char = '@';
/// The text mark of the fairy.
const FAIRY_CHAR: char = 'f';

/// The text mark of a tile's symbol: `^` a volcano, `d` a dragon, `o` a
/// magic portal (lower case and signs: a player's marker is an initial or a
/// digit).
fn symbol_char(symbol: Symbol) -> char {
    match symbol {
        Symbol::Volcano => '^',
        Symbol::Dragon => 'd',
        Symbol::Portal => 'o',
        Symbol::Goldmine => '$',
        Symbol::Mage => '%',
        Symbol::Lake => '~',
        Symbol::Bag => '&',
    }
}

/// The words of a tile's symbol in the keys.
fn symbol_word(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Volcano => "volcano",
        Symbol::Dragon => "dragon tile",
        Symbol::Portal => "magic portal",
        Symbol::Goldmine => "gold mine",
        Symbol::Mage => "magic tile",
        Symbol::Lake => "lake",
        Symbol::Bag => "bag",
    }
}

/// The colour of a tile's symbol on a terminal.
fn symbol_ansi(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Volcano => "1;38;5;202",
        Symbol::Dragon => "1;38;5;160",
        Symbol::Portal => "1;38;5;93",
        Symbol::Goldmine => "1;38;5;178",
        Symbol::Mage => "1;38;5;129",
        Symbol::Lake => "1;38;5;33",
        Symbol::Bag => "1;38;5;130",
    }
}

/// The text mark of a flying machine: its arrow, as it points on the board.
fn flight_char(arrow: Compass) -> char {
    match arrow {
        Compass::N => '↑',
        Compass::NE => '↗',
        Compass::E => '→',
        Compass::SE => '↘',
        Compass::S => '↓',
        Compass::SW => '↙',
        Compass::W => '←',
        Compass::NW => '↖',
    }
}

/// The text mark of a crop circle.
const CIRCLE_CHAR: char = '◎';
/// The colour of a crop circle on a terminal.
const CIRCLE_ANSI: &str = "1;38;5;136";

/// The colour of a flying machine on a terminal.
const FLIGHT_ANSI: &str = "1;38;5;24";
/// The colour of a ferry (The Ferries).
const FERRY_ANSI: &str = "1;38;5;130";

/// The colour of the princess on a terminal.
const PRINCESS_ANSI: &str = "1;38;5;205";
/// The colour of the dragon on a terminal: white on orange (no player's).
const DRAGON_ANSI: &str = "1;97;48;5;166";
/// The colour of the fairy on a terminal: black on light blue.
const FAIRY_ANSI: &str = "1;30;106";

/// The expansions' marks a text picture shows, for its key.
#[derive(Debug, Default)]
struct Seen {
    river: bool,
    inn: bool,
    cathedral: bool,
    goods: [bool; 3],
    /// For each figure kind, the owner of the first one drawn.
    figures: [Option<Player>; 4],
    tower_place: bool,
    tower: bool,
    /// The Princess & the Dragon: each symbol drawn (volcano, dragon,
    /// portal), the princess, the dragon, the fairy.
    symbols: [bool; Symbol::ALL.len()],
    princess: bool,
    dragon: bool,
    fairy: bool,
    /// The Flying Machines: a flying machine.
    flight: bool,
    /// The Crop Circles: a crop circle.
    circle: bool,
    /// The Ferries: a ferry.
    ferry: bool,
    /// Mage & Witch: the mage and the witch drawn (the SVG picture).
    pawns: [bool; 2],
}

impl Seen {
    fn note(&mut self, glyph: Glyph) {
        match glyph {
            Glyph::River => self.river = true,
            Glyph::Inn => self.inn = true,
            Glyph::Cathedral => self.cathedral = true,
            Glyph::Goods(g) => {
                if let Some(s) = self.goods.get_mut(g.index()) {
                    *s = true;
                }
            }
            Glyph::Figure(p, f) => {
                if let Some(s) = self.figures.get_mut(f.index()) {
                    s.get_or_insert(p);
                }
            }
            Glyph::TowerPlace => self.tower_place = true,
            Glyph::Tower => self.tower = true,
            Glyph::Symbol(symbol) => {
                if let Some(s) = Symbol::ALL
                    .iter()
                    .position(|x| *x == symbol)
                    .and_then(|i| self.symbols.get_mut(i))
                {
                    *s = true;
                }
            }
            Glyph::Princess => self.princess = true,
            Glyph::Dragon => self.dragon = true,
            Glyph::Fairy => self.fairy = true,
            Glyph::Flight(_) => self.flight = true,
            Glyph::Circle => self.circle = true,
            Glyph::Ferry(_) => self.ferry = true,
            _ => {}
        }
    }
}

/// The text mark of a kind of goods.
fn goods_char(goods: Goods) -> char {
    match goods {
        Goods::Wine => 'w',
        Goods::Grain => 'g',
        Goods::Cloth => 'c',
    }
}

type Cell = (usize, usize);

/// A tile in the text picture, 5 columns by 3 rows, with the segment each cell
/// belongs to where known.
struct TextTile {
    glyphs: [[Glyph; TW]; TH],
    owner: [[Option<SegmentId>; TW]; TH],
}

impl TextTile {
    fn glyph(&self, (r, c): Cell) -> Glyph {
        self.glyphs
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .unwrap_or(Glyph::Empty)
    }

    fn owner(&self, (r, c): Cell) -> Option<SegmentId> {
        self.owner
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .flatten()
    }

    fn set(&mut self, (r, c): Cell, glyph: Glyph, owner: Option<SegmentId>) {
        if let Some(g) = self.glyphs.get_mut(r).and_then(|row| row.get_mut(c)) {
            *g = glyph;
        }
        if let Some(o) = self.owner.get_mut(r).and_then(|row| row.get_mut(c)) {
            *o = owner;
        }
    }

    fn cells() -> impl Iterator<Item = Cell> {
        (0..TH).flat_map(|r| (0..TW).map(move |c| (r, c)))
    }
}

/// The middle cell of a side's edge, where a road crosses it.
fn side_cell(side: Side) -> Cell {
    match side {
        Side::North => (0, 2),
        Side::East => (1, 3),
        Side::South => (2, 2),
        Side::West => (1, 1),
    }
}

/// The cell of each half-edge, by [`Half::index`].
const HALF_CELLS: [Cell; 8] = [
    (0, 1),
    (0, 3),
    (0, 4),
    (2, 4),
    (2, 3),
    (2, 1),
    (2, 0),
    (0, 0),
];

fn half_cell(half: Half) -> Cell {
    HALF_CELLS.get(half.index()).copied().unwrap_or((1, 2))
}

/// Where a banner goes, best first, among the cells of its city.
const BANNER_CELLS: [Cell; 15] = [
    (1, 2),
    (0, 2),
    (2, 2),
    (1, 4),
    (1, 0),
    (0, 1),
    (0, 3),
    (2, 1),
    (2, 3),
    (1, 1),
    (1, 3),
    (0, 0),
    (0, 4),
    (2, 0),
    (2, 4),
];

/// The cells of a city reaching some board sides. A cap keeps to its edge; a city
/// of several edges fills those edges and the centre (the 5×5 picture of
/// `carcref tiles` squeezed to three rows).
fn city_cells(sides: &[Side], city_edge: impl Fn(Side) -> bool) -> Vec<Cell> {
    let mut cells = Vec::new();
    match sides {
        [] => {}
        [side] => match side {
            Side::North => cells.extend([(0, 1), (0, 2), (0, 3)]),
            Side::South => cells.extend([(2, 1), (2, 2), (2, 3)]),
            Side::East | Side::West => {
                let c = if *side == Side::East { 4 } else { 0 };
                let inner = if *side == Side::East { 3 } else { 1 };
                // The corners and the inner cell, unless a city of the side
                // around the corner would touch this one.
                let (north, south) = (city_edge(Side::North), city_edge(Side::South));
                cells.push((1, c));
                if !north && !south {
                    cells.push((1, inner));
                }
                if !north {
                    cells.push((0, c));
                }
                if !south {
                    cells.push((2, c));
                }
            }
        },
        _ => {
            for side in sides {
                match side {
                    Side::North => cells.extend([(0, 1), (0, 2), (0, 3)]),
                    Side::South => cells.extend([(2, 1), (2, 2), (2, 3)]),
                    Side::East => cells.extend([(0, 4), (1, 4), (2, 4), (1, 3)]),
                    Side::West => cells.extend([(0, 0), (1, 0), (2, 0), (1, 1)]),
                }
            }
            cells.push((1, 2));
        }
    }
    cells
}

/// The box-drawing character joining roads from some sides at a point.
fn road_char(sides: &[Side]) -> char {
    let mask = sides.iter().fold(0u8, |m, s| m | s.bit());
    let (n, e, s, w) = (
        Side::North.bit(),
        Side::East.bit(),
        Side::South.bit(),
        Side::West.bit(),
    );
    match mask {
        m if m == n | e => '└',
        m if m == e | s => '┌',
        m if m == s | w => '┐',
        m if m == w | n => '┘',
        m if m == e | s | w => '┬',
        m if m == n | e | w => '┴',
        m if m == n | e | s => '├',
        m if m == n | s | w => '┤',
        m if m == n | e | s | w => '┼',
        m if m & (e | w) != 0 && m & (n | s) == 0 => '─',
        _ => '│',
    }
}

/// The cells where an inn may stand, best first: field cells that are no
/// half-edge's (a road through the middle leaves them free).
const INN_CELLS: [Cell; 6] = [(0, 2), (2, 2), (1, 1), (1, 3), (1, 0), (1, 4)];

/// What stands on a tile's tower place (The Tower).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TowerMark {
    /// Its stories (0: an empty tower place).
    height: u8,
    /// The follower closing it: owner and kind.
    guard: Option<(Player, Figure)>,
}

/// The tower of each placed tile with a tower place, by the tile's index in
/// the board: an empty place where none is built (with The Tower in play).
fn tower_marks(game: &Game<'_>) -> Vec<Option<TowerMark>> {
    let board = game.board();
    board
        .tiles()
        .iter()
        .map(|placed| {
            let towers = game.towers()?;
            if !game.catalog().get(placed.tile)?.tower {
                return None;
            }
            let t = towers.tower(placed.pos);
            Some(TowerMark {
                height: t.map_or(0, |t| t.height),
                guard: t.and_then(|t| t.guard).map(|g| (g.player, g.figure)),
            })
        })
        .collect()
}

/// The cell of a tile's tower place in the 5×5 picture of the catalog
/// (`carcref tiles`), as a row and a column.
fn tower_cell(def: &TileDef, rotation: Rotation) -> Option<(usize, usize)> {
    crate::tiles::picture::picture(def, rotation)
        .iter()
        .enumerate()
        .find_map(|(r, row)| {
            row.split(' ')
                .position(|c| c == TOWER_CHAR.to_string())
                .map(|c| (r, c))
        })
}

/// What The Princess & the Dragon shows on a tile: its symbol, the
/// princess's city, the dragon, the fairy (with the follower it stands next
/// to, `fairy-next-follower`: its segment and owner).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct DragonMark {
    symbol: Option<Symbol>,
    /// A flying machine's arrow, as it points on the board (The Flying
    /// Machines).
    flight: Option<Compass>,
    /// A crop circle and the followers it designates (The Crop Circles).
    circle: Option<FeatureKind>,
    /// The ferry on the lake: the edges of the two roads it joins (The
    /// Ferries).
    ferry: Option<(Side, Side)>,
    princess: Option<SegmentId>,
    dragon: bool,
    fairy: Option<Option<(SegmentId, Player)>>,
}

/// The marks of The Princess & the Dragon of each placed tile, by the
/// tile's index in the board.
fn dragon_marks(game: &Game<'_>) -> Vec<DragonMark> {
    let pd = game.princess_and_dragon();
    game.board()
        .tiles()
        .iter()
        .map(|placed| {
            let Some(def) = game.catalog().get(placed.tile) else {
                return DragonMark::default();
            };
            let mut mark = DragonMark {
                symbol: def.symbol,
                flight: def.flight.map(|f| f.turned(placed.rotation)),
                circle: def.circle,
                ferry: game.ferry_ends(placed.pos),
                princess: def.princess(),
                ..DragonMark::default()
            };
            if let Some(d) = pd {
                mark.dragon = d.dragon() == Some(placed.pos);
                if let Some(f) = d.fairy().filter(|f| f.pos == placed.pos) {
                    mark.fairy = Some(fairy_follower(game, placed, f));
                }
            }
            mark
        })
        .collect()
}

/// The follower the fairy stands next to, while it stands there: its
/// segment of the tile and its owner.
fn fairy_follower(
    game: &Game<'_>,
    placed: &PlacedTile,
    fairy: crate::rules::expansions::princess_and_dragon::Fairy,
) -> Option<(SegmentId, Player)> {
    let n = fairy.next_to?;
    let def = game.catalog().get(placed.tile)?;
    let segment = segment_ids(def).find(|s| node_of(placed, *s) == n.node)?;
    let stands = game.features().feature(n.node).is_some_and(|f| {
        f.followers()
            .any(|x| x.node == n.node && x.player == n.player && x.turn == n.turn)
    });
    stands.then_some((segment, n.player))
}

/// The cells a tile's symbol prefers, best first: the corners, then beside
/// them.
const SYMBOL_CELLS: [Cell; 8] = [
    (2, 0),
    (0, 0),
    (2, 4),
    (0, 4),
    (2, 1),
    (0, 1),
    (2, 3),
    (0, 3),
];
/// The cells the dragon prefers, best first.
const DRAGON_CELLS: [Cell; 8] = [
    (0, 4),
    (0, 3),
    (1, 4),
    (2, 4),
    (0, 0),
    (1, 0),
    (2, 0),
    (0, 1),
];
/// The cells the fairy prefers on its own, best first.
const FAIRY_CELLS: [Cell; 8] = [
    (2, 1),
    (2, 0),
    (2, 3),
    (1, 0),
    (0, 1),
    (1, 4),
    (0, 3),
    (2, 4),
];

/// The first of `prefer` (then of all cells) whose glyph `ok` takes.
fn free_cell(t: &TextTile, prefer: &[Cell], ok: impl Fn(Cell, Glyph) -> bool) -> Option<Cell> {
    prefer
        .iter()
        .copied()
        .chain(TextTile::cells())
        .find(|c| ok(*c, t.glyph(*c)))
}

/// Draws The Princess & the Dragon on a text tile, over plain ground and
/// never over a figure or another mark: the symbol on a field cell, the
/// princess on her city, the dragon, the fairy (beside the follower it
/// stands next to, with `fairy-next-follower`).
fn dragon_text(t: &mut TextTile, mark: DragonMark) {
    let field = |_: Cell, g: Glyph| g == Glyph::Field;
    let ground = |_: Cell, g: Glyph| g.is_ground();
    if let Some(symbol) = mark.symbol
        && let Some(c) = free_cell(t, &SYMBOL_CELLS, field).or_else(|| free_cell(t, &[], ground))
    {
        t.set(c, Glyph::Symbol(symbol), None);
    }
    if let Some(arrow) = mark.flight
        && let Some(c) = free_cell(t, &SYMBOL_CELLS, field).or_else(|| free_cell(t, &[], ground))
    {
        t.set(c, Glyph::Flight(arrow), None);
    }
    if mark.circle.is_some()
        && let Some(c) = free_cell(t, &SYMBOL_CELLS, field).or_else(|| free_cell(t, &[], ground))
    {
        t.set(c, Glyph::Circle, None);
    }
    // The ferry in the lake, where the tile's roads meet.
    if let Some((a, b)) = mark.ferry {
        t.set((1, 2), Glyph::Ferry(road_char(&[a, b])), None);
    }
    if let Some(seg) = mark.princess {
        let own = |c: Cell, g: Glyph| g == Glyph::City && t.owner(c) == Some(seg);
        if let Some(c) = free_cell(t, &BANNER_CELLS, own)
            .or_else(|| free_cell(t, &BANNER_CELLS, |_, g| g == Glyph::City))
        {
            t.set(c, Glyph::Princess, Some(seg));
        }
    }
    if mark.dragon
        && let Some(c) = free_cell(t, &DRAGON_CELLS, field).or_else(|| free_cell(t, &[], ground))
    {
        t.set(c, Glyph::Dragon, None);
    }
    if let Some(next_to) = mark.fairy {
        // Beside the follower's marker: east, west, north, south of it.
        let beside: Vec<Cell> = next_to
            .and_then(|(seg, player)| {
                TextTile::cells().find(|c| {
                    t.owner(*c) == Some(seg)
                        && matches!(t.glyph(*c), Glyph::Figure(p, _) if p == player)
                })
            })
            .map(|(r, c)| {
                [
                    (r, c + 1),
                    (r, c.wrapping_sub(1)),
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                ]
                .into_iter()
                .filter(|(r, c)| *r < TH && *c < TW)
                .collect()
            })
            .unwrap_or_default();
        let cell = if beside.is_empty() {
            free_cell(t, &FAIRY_CELLS, field).or_else(|| free_cell(t, &[], ground))
        } else {
            beside.iter().copied().find(|c| t.glyph(*c).is_ground())
        };
        if let Some(c) = cell {
            t.set(c, Glyph::Fairy, None);
        }
    }
}

/// A placed tile drawn in 5×3 cells, with its figures, its tower and the
/// marks of The Princess & the Dragon.
fn text_tile(
    def: &TileDef,
    rotation: Rotation,
    figures: &[OnTile],
    tower: Option<TowerMark>,
    dragon: DragonMark,
) -> TextTile {
    let mut t = TextTile {
        glyphs: [[Glyph::Field; TW]; TH],
        owner: [[None; TW]; TH],
    };
    let oriented = def.at(rotation);
    let city_edge = |s: Side| oriented.edge(s) == crate::tiles::EdgeKind::City;
    // Cities.
    for (id, seg) in segment_ids(def).zip(&def.segments) {
        if seg.kind == FeatureKind::City {
            for c in city_cells(&board_sides(seg.edges, rotation), city_edge) {
                t.set(c, Glyph::City, Some(id));
            }
        }
    }
    // The river, from each of its edges to the centre (a spring or a lake ends
    // there), over a city's centre cell.
    if oriented.river != 0 {
        for side in Side::ALL
            .into_iter()
            .filter(|s| oriented.river & s.bit() != 0)
        {
            let cells: &[Cell] = match side {
                Side::North => &[(0, 2)],
                Side::South => &[(2, 2)],
                Side::East => &[(1, 3), (1, 4)],
                Side::West => &[(1, 0), (1, 1)],
            };
            for c in cells {
                t.set(*c, Glyph::River, None);
            }
        }
        t.set((1, 2), Glyph::River, None);
    }
    // Roads, over the cities (a bend may cross a city's centre cell) and the
    // river (a bridge).
    let mut ends: Vec<Side> = Vec::new();
    let mut centre: Option<(char, Option<SegmentId>)> = None;
    for (id, seg) in segment_ids(def).zip(&def.segments) {
        if seg.kind != FeatureKind::Road {
            continue;
        }
        let sides = board_sides(seg.edges, rotation);
        for s in &sides {
            let (ch, cells): (char, &[Cell]) = match s {
                Side::North => ('│', &[(0, 2)]),
                Side::South => ('│', &[(2, 2)]),
                Side::East => ('─', &[(1, 3), (1, 4)]),
                Side::West => ('─', &[(1, 0), (1, 1)]),
            };
            for c in cells {
                t.set(*c, Glyph::Road(ch), Some(id));
            }
        }
        if sides.len() >= 2 {
            centre = Some((road_char(&sides), Some(id)));
        } else {
            ends.extend(sides);
        }
    }
    if let Some(m) = def.monastery {
        t.set((1, 2), Glyph::Monastery, Some(m));
    } else if let Some((ch, owner)) = centre {
        t.set((1, 2), Glyph::Road(ch), owner);
    } else if ends.len() >= 3 {
        ends.sort_unstable();
        t.set((1, 2), Glyph::Road(road_char(&ends)), None);
    }
    // Inns, on a field cell beside their road.
    for (id, seg) in segment_ids(def).zip(&def.segments) {
        if seg.kind != FeatureKind::Road || !seg.inn {
            continue;
        }
        let beside = |c: Cell| {
            let (r, col) = c;
            t.glyph(c) == Glyph::Field
                && [
                    (r.wrapping_sub(1), col),
                    (r + 1, col),
                    (r, col.wrapping_sub(1)),
                    (r, col + 1),
                ]
                .into_iter()
                .any(|n| n.0 < TH && n.1 < TW && t.owner(n) == Some(id))
        };
        let cell = INN_CELLS
            .into_iter()
            .find(|c| beside(*c))
            .or_else(|| TextTile::cells().find(|c| beside(*c)));
        if let Some(c) = cell {
            t.set(c, Glyph::Inn, None);
        }
    }
    // Marks on cities, on a cell their city kept: the cathedral, the banner,
    // the goods.
    let marks: [fn(&Segment) -> Option<Glyph>; 3] = [
        |s| s.cathedral.then_some(Glyph::Cathedral),
        |s| s.banner.then_some(Glyph::Banner),
        |s| s.goods.map(Glyph::Goods),
    ];
    for mark in marks {
        for (id, seg) in segment_ids(def).zip(&def.segments) {
            if seg.kind == FeatureKind::City
                && let Some(glyph) = mark(seg)
                && let Some(c) = BANNER_CELLS
                    .iter()
                    .find(|c| t.owner(**c) == Some(id) && t.glyph(**c) == Glyph::City)
            {
                t.set(*c, glyph, Some(id));
            }
        }
    }
    // Fields own the cells of their half-edges.
    for (id, seg) in segment_ids(def).zip(&def.segments) {
        if seg.kind == FeatureKind::Field {
            for h in board_halves(seg.halves, rotation) {
                let c = half_cell(h);
                if t.glyph(c) == Glyph::Field && t.owner(c).is_none() {
                    t.set(c, Glyph::Field, Some(id));
                }
            }
        }
    }
    for (segment, player, figure) in figures {
        let Some(seg) = def.segment(*segment) else {
            continue;
        };
        let cell = match seg.kind {
            FeatureKind::Monastery => (1, 2),
            FeatureKind::City | FeatureKind::Road => {
                let first = board_sides(seg.edges, rotation)
                    .first()
                    .map_or((1, 2), |s| side_cell(*s));
                if t.owner(first) == Some(*segment) && !t.glyph(first).is_city_mark() {
                    first
                } else {
                    TextTile::cells()
                        .find(|c| t.owner(*c) == Some(*segment) && !t.glyph(*c).is_city_mark())
                        .unwrap_or(first)
                }
            }
            FeatureKind::Field => {
                let halves = board_halves(seg.halves, rotation);
                halves
                    .iter()
                    .map(|h| half_cell(*h))
                    .find(|c| t.owner(*c) == Some(*segment))
                    .or_else(|| halves.first().map(|h| half_cell(*h)))
                    .unwrap_or((1, 2))
            }
        };
        if figure_mark(*figure).is_none() {
            t.set(cell, Glyph::Figure(*player, *figure), Some(*segment));
            continue;
        }
        // A large follower, builder or pig takes two cells side by side, its
        // owner's marker then the mark of its kind: the spot's cell and the one
        // east of it, or the one west of it and the spot's cell; best where the
        // other cell is of the same feature, else plain ground.
        let (r, c) = cell;
        let pairs = [
            (c + 1 < TW).then_some((cell, (r, c + 1))),
            c.checked_sub(1).map(|w| ((r, w), cell)),
        ];
        let other = |(a, b): (Cell, Cell)| if a == cell { b } else { a };
        let same = |x: Cell| {
            t.owner(x) == Some(*segment)
                || (seg.kind == FeatureKind::Field
                    && t.owner(x).is_none()
                    && t.glyph(x) == Glyph::Field)
        };
        let pick =
            |want: &dyn Fn(Cell) -> bool| pairs.iter().flatten().copied().find(|p| want(other(*p)));
        let pair = pick(&same)
            .or_else(|| pick(&|x| t.glyph(x).is_ground()))
            .or_else(|| pairs.iter().flatten().copied().next());
        if let Some((at, next)) = pair {
            let owner = |x: Cell| {
                if x == cell {
                    Some(*segment)
                } else {
                    t.owner(x)
                }
            };
            let (own_at, own_next) = (owner(at), owner(next));
            t.set(at, Glyph::Figure(*player, *figure), own_at);
            t.set(next, Glyph::FigureKind(*player, *figure), own_next);
        }
    }
    if let Some(mark) = tower {
        tower_text(&mut t, def, rotation, mark);
    }
    dragon_text(&mut t, dragon);
    t
}

/// Draws a tower place on a text tile: `t` where it is empty, else `T`, the
/// height, then the guard's marker (and its kind's mark): `T2`, `T3A`,
/// `T1A+`. It goes on the row of the catalog picture's tower place, over the
/// fewest cells of anything but field, never over a figure.
fn tower_text(t: &mut TextTile, def: &TileDef, rotation: Rotation, mark: TowerMark) {
    let mut run: Vec<Glyph> = Vec::new();
    if mark.height == 0 && mark.guard.is_none() {
        run.push(Glyph::TowerPlace);
    } else {
        run.push(Glyph::Tower);
        run.extend(mark.height.to_string().chars().map(Glyph::TowerHeight));
        if let Some((player, figure)) = mark.guard {
            run.push(Glyph::Figure(player, figure));
            if figure_mark(figure).is_some() {
                run.push(Glyph::FigureKind(player, figure));
            }
        }
    }
    let len = run.len().min(TW);
    let (pr, pc) = tower_cell(def, rotation).unwrap_or((3, 3));
    // The picture's rows 0–1 are the text's first row, 2 its middle, 3–4 its
    // last.
    let row = match pr {
        0 | 1 => 0,
        2 => 1,
        _ => 2,
    };
    let start = pc.min(TW - len);
    let mut best: Option<(usize, (usize, usize))> = None;
    for r in 0..TH {
        for c in 0..=TW - len {
            let cells = (c..c + len).map(|col| t.glyph((r, col)));
            if cells
                .clone()
                .any(|g| matches!(g, Glyph::Figure(..) | Glyph::FigureKind(..)))
            {
                continue;
            }
            let cost = cells.filter(|g| *g != Glyph::Field).count() * 20
                + r.abs_diff(row) * 3
                + c.abs_diff(start);
            if best.is_none_or(|(b, _)| cost < b) {
                best = Some((cost, (r, c)));
            }
        }
    }
    let Some((_, (r, c))) = best else {
        return;
    };
    for (i, glyph) in run.into_iter().take(len).enumerate() {
        t.set((r, c + i), glyph, None);
    }
}

/// The prisoners held by each player, in seat order of the jailers, each as
/// the owner and kind with their count, in seat order of the owners and
/// follower before large follower.
type Held = Vec<(Player, Vec<(Player, Figure, usize)>)>;

fn prisoners_by_jailer(game: &Game<'_>, towers: &crate::rules::expansions::tower::Towers) -> Held {
    let seats = players(game);
    seats
        .iter()
        .filter_map(|&jailer| {
            let held: Vec<(Player, Figure, usize)> = seats
                .iter()
                .flat_map(|&owner| [Figure::Follower, Figure::Big].map(|f| (owner, f)))
                .filter_map(|(owner, figure)| {
                    let n = towers
                        .prisoners()
                        .iter()
                        .filter(|p| (p.jailer, p.owner, p.figure) == (jailer, owner, figure))
                        .count();
                    (n > 0).then_some((owner, figure, n))
                })
                .collect();
            (!held.is_empty()).then_some((jailer, held))
        })
        .collect()
}

/// A player's marker in the lines beside the board: the player's letter in
/// the player's colour.
fn player_marker(game: &Game<'_>, marks: &[char], p: Player) -> (char, Style) {
    (
        marks.get(p.index()).copied().unwrap_or('?'),
        Style::Follower(colour(game, p).ansi),
    )
}

/// The text picture's lines for The Tower, beside the board: the tower
/// pieces each player has left, and the prisoners each holds (`B Bob holds
/// A follower ×2, A+ large follower`, the markers in their owners' colours).
fn tower_lines(
    game: &Game<'_>,
    towers: &crate::rules::expansions::tower::Towers,
    marks: &[char],
    lines: &mut Vec<Line>,
) {
    let marker = |p: Player| player_marker(game, marks, p);
    let mut pieces: Line = Vec::new();
    push_str(&mut pieces, "tower pieces left:", Style::Plain);
    for (p, n) in towers.pieces().iter() {
        push_str(&mut pieces, " ", Style::Plain);
        pieces.push(marker(p));
        push_str(&mut pieces, &format!(" {n}"), Style::Plain);
    }
    lines.push(pieces);
    let held = prisoners_by_jailer(game, towers);
    if held.is_empty() {
        lines.push(
            "prisoners: none"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    for (jailer, list) in held {
        let mut line: Line = Vec::new();
        push_str(&mut line, "prisoners: ", Style::Plain);
        line.push(marker(jailer));
        push_str(
            &mut line,
            &format!(
                " {} holds",
                crate::report::shown_text(game.name(jailer), crate::report::MAX_TEXT)
            ),
            Style::Plain,
        );
        for (i, (owner, figure, n)) in list.into_iter().enumerate() {
            push_str(&mut line, if i == 0 { " " } else { ", " }, Style::Plain);
            let (ch, style) = marker(owner);
            line.push((ch, style));
            if let Some(m) = figure_mark(figure) {
                line.push((m, style));
            }
            push_str(&mut line, &format!(" {}", figure.word()), Style::Plain);
            if n > 1 {
                push_str(&mut line, &format!(" ×{n}"), Style::Plain);
            }
        }
        lines.push(line);
    }
}

/// Where a magic pawn stands (Mage & Witch): its square and spot, `x,y
/// SPOT`; `None` off the board.
fn pawn_at(game: &Game<'_>, pawn: Pawn) -> Option<String> {
    let stand = game.magic()?.stand(pawn)?;
    let spot = game.pawn_spot(stand)?;
    Some(format!("{} {spot}", stand.pos))
}

/// [`pawn_at`] as the text picture words it.
fn pawn_text(game: &Game<'_>, pawn: Pawn) -> String {
    pawn_at(game, pawn).map_or_else(|| "off the board".to_string(), |at| format!("at {at}"))
}

/// The text picture's lines for The Princess & the Dragon, beside the
/// board: where the dragon and the fairy are (and the follower the fairy
/// stands next to), the tiles set aside, and the figures the dragon ate in
/// the turn shown (`the dragon ate in turn 3: B follower`).
fn dragon_lines(
    game: &Game<'_>,
    d: &crate::rules::expansions::princess_and_dragon::Dragon,
    marks: &[char],
    lines: &mut Vec<Line>,
) {
    let marker = |p: Player| player_marker(game, marks, p);
    let mut line: Line = Vec::new();
    push_str(&mut line, "the dragon ", Style::Plain);
    line.push((DRAGON_CHAR, Style::Mark(DRAGON_ANSI)));
    match d.dragon() {
        Some(at) => push_str(&mut line, &format!(": at {at}"), Style::Plain),
        None => push_str(&mut line, ": not in play (no volcano yet)", Style::Plain),
    }
    push_str(&mut line, "; the fairy ", Style::Plain);
    line.push((FAIRY_CHAR, Style::Mark(FAIRY_ANSI)));
    match d.fairy() {
        Some(f) => {
            push_str(&mut line, &format!(": at {}", f.pos), Style::Plain);
            let next_to = game
                .board()
                .at(f.pos)
                .and_then(|placed| Some((placed, fairy_follower(game, placed, f)?)));
            if let Some((placed, (segment, player))) = next_to {
                let spot = crate::generate::spot_of(game, placed.tile, placed.rotation, segment)
                    .map_or_else(String::new, |s| format!(" on {s}"));
                push_str(&mut line, ", next to ", Style::Plain);
                line.push(marker(player));
                push_str(
                    &mut line,
                    &format!(
                        " {}'s follower{spot}",
                        crate::report::shown_text(game.name(player), crate::report::MAX_TEXT)
                    ),
                    Style::Plain,
                );
            }
        }
        None => push_str(&mut line, ": not placed yet", Style::Plain),
    }
    lines.push(line);
    let aside: Vec<String> = d
        .aside()
        .iter()
        .map(|t| game.catalog().def(*t).id.clone())
        .collect();
    let text = if aside.is_empty() {
        "set aside: none".to_string()
    } else {
        format!("set aside: {}", aside.join(", "))
    };
    lines.push(text.chars().map(|c| (c, Style::Plain)).collect());
    if !d.eaten().is_empty() {
        let mut line: Line = Vec::new();
        push_str(
            &mut line,
            &format!("the dragon ate in turn {}:", game.turn()),
            Style::Plain,
        );
        for (i, (owner, figure)) in d.eaten().iter().enumerate() {
            push_str(&mut line, if i == 0 { " " } else { ", " }, Style::Plain);
            let (ch, style) = marker(*owner);
            line.push((ch, style));
            if let Some(m) = figure_mark(*figure) {
                line.push((m, style));
            }
            push_str(&mut line, &format!(" {}", figure.word()), Style::Plain);
        }
        lines.push(line);
    }
}

/// The style of a character of the text picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Field,
    City,
    Banner,
    Monastery,
    River,
    Inn,
    Cathedral,
    Goods,
    /// A tower or a tower place.
    Tower,
    /// A mark of The Princess & the Dragon, with its colour code.
    Mark(&'static str),
    /// A figure, with its player's colour code.
    Follower(&'static str),
    /// A part of the highlighted feature.
    Highlight,
}

impl Style {
    fn ansi(self) -> Option<&'static str> {
        match self {
            Style::Plain => None,
            Style::Field => Some("32"),
            Style::City => Some("33"),
            Style::Banner => Some("1;34"),
            Style::Monastery => Some("1;31"),
            Style::River => Some("36"),
            Style::Inn => Some("1;35"),
            Style::Cathedral => Some("1;31"),
            Style::Goods => Some("1;32"),
            Style::Tower => Some("1;7"),
            Style::Mark(ansi) => Some(ansi),
            Style::Follower(ansi) => Some(ansi),
            Style::Highlight => Some("1;38;5;208"),
        }
    }
}

type Line = Vec<(char, Style)>;

fn push_str(line: &mut Line, s: &str, style: Style) {
    line.extend(s.chars().map(|c| (c, style)));
}

fn render_line(line: &[(char, Style)], color: bool, out: &mut String) {
    let end = line
        .iter()
        .rposition(|(c, s)| *c != ' ' || *s != Style::Plain)
        .map_or(0, |i| i + 1);
    let mut current = Style::Plain;
    for (c, s) in line.iter().take(end) {
        if color && *s != current {
            if current != Style::Plain {
                out.push_str("\x1b[0m");
            }
            if let Some(code) = s.ansi() {
                let _ = write!(out, "\x1b[{code}m");
            }
            current = *s;
        }
        out.push(*c);
    }
    if color && current != Style::Plain {
        out.push_str("\x1b[0m");
    }
    out.push('\n');
}

/// A Unicode picture of the board for a terminal.
///
/// Each tile takes 5 columns and 3 rows, drawn from the catalog geometry: `▓` city,
/// `◆` a city's banner, `─ │ ┌ ┼ …` roads, `⌂` a monastery, `·` field; empty
/// squares are blank. The expansions add `≈` the River (from each river edge to
/// the tile's centre; a road crossing it on a bridge keeps the centre), `i` an
/// inn on a field cell beside its road, `†` a cathedral and `w`, `g`, `c` the
/// goods (wine, grain, cloth) on a cell of their city. A follower replaces the
/// cell of the spot it stands on, marked by its player's initial (the seat digit
/// when initials clash); a large follower, builder or pig takes two cells side by
/// side, the marker then `+`, `b` or `p` (`A+`, `Ab`, `Ap`). The Princess &
/// the Dragon adds its tiles' symbols (`^` a volcano, `d` a dragon, `o` a
/// magic portal, `*` the princess in her city), the dragon `@` and the fairy
/// `f` (beside the follower it stands next to, with `fairy-next-follower`),
/// and lines beside the board: where they are, the tiles set aside, the
/// figures the dragon ate in the turn shown. With
/// [`ShowOptions::color`] figures are shown in their player's colour and the
/// River in cyan. The x coordinates run along the top, the y coordinates down
/// the left side (north up). Beside the board stands the scoreboard: a ruler
/// of its 50 spaces and a row per player with the player's letter on the
/// space of its marker ([`crate::score::scoreboard`]). Three legend lines
/// follow: the players with their markers and colours, the key of the
/// symbols, and the key of the scoreboard; then, only when the board
/// shows them, a line keying the expansions' marks and one keying the figures
/// other than the follower.
///
/// ```
/// use carcref::{TileCatalog, parse, referee::replay_to, show};
///
/// let catalog = TileCatalog::embedded().unwrap();
/// let text = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\n1. Ann U 1,0 r0 +E\n";
/// let games = parse(text);
/// let game = replay_to(&games[0].record, &catalog, None).unwrap();
/// let picture = show::board_text(&game, &show::ShowOptions::default());
/// assert!(picture.contains("·▓▓▓·"));
/// assert!(picture.contains("───A─"));
/// ```
pub fn board_text(game: &Game<'_>, options: &ShowOptions) -> String {
    let board = game.board();
    let tiles = board.tiles();
    let marks = markers(game);
    let mut lines: Vec<Line> = Vec::new();
    let mut seen = Seen::default();
    let highlight = options
        .highlight
        .and_then(|f| Some((f, feature_segments(game, f)?)));
    let highlighted: &[(usize, SegmentId)] = highlight.as_ref().map_or(&[], |(_, (_, h))| h);
    if let Some((min_x, max_x, min_y, max_y)) = bounds(tiles) {
        let standing = standing(game);
        let towers = tower_marks(game);
        let dragons = dragon_marks(game);
        let y_labels: Vec<String> = (min_y..=max_y).map(|y| y.to_string()).collect();
        let margin = y_labels.iter().map(String::len).max().unwrap_or(1) + 1;
        let columns = usize::try_from(max_x - min_x + 1).unwrap_or(0);
        // The x axis, each label centred over its column.
        let mut axis: Line = vec![(' ', Style::Plain); margin + columns * TW];
        for (k, x) in (min_x..=max_x).enumerate() {
            let label: String = x.to_string().chars().take(TW).collect();
            let start = margin + k * TW + TW.saturating_sub(label.len()) / 2;
            for (i, ch) in label.chars().enumerate() {
                if let Some(cell) = axis.get_mut(start + i) {
                    *cell = (ch, Style::Plain);
                }
            }
        }
        lines.push(axis);
        for y in (min_y..=max_y).rev() {
            let row_tiles: Vec<Option<(usize, TextTile)>> = (min_x..=max_x)
                .map(|x| {
                    let index = pos_at(x, y).and_then(|p| board.index_at(p))?;
                    let placed = board.tile(index)?;
                    let def = game.catalog().get(placed.tile)?;
                    let figures: Vec<OnTile> = standing
                        .iter()
                        .filter(|s| s.tile == index as usize)
                        .map(Standing::on_tile)
                        .collect();
                    let tower = towers.get(index as usize).copied().flatten();
                    let dragon = dragons.get(index as usize).copied().unwrap_or_default();
                    Some((
                        index as usize,
                        text_tile(def, placed.rotation, &figures, tower, dragon),
                    ))
                })
                .collect();
            for r in 0..TH {
                let mut line: Line = Vec::new();
                let label = if r == TH / 2 {
                    y.to_string()
                } else {
                    String::new()
                };
                push_str(
                    &mut line,
                    &format!("{label:>width$} ", width = margin - 1),
                    Style::Plain,
                );
                for tile in &row_tiles {
                    for c in 0..TW {
                        let glyph = tile.as_ref().map_or(Glyph::Empty, |t| t.1.glyph((r, c)));
                        seen.note(glyph);
                        let marked = tile.as_ref().is_some_and(|(i, t)| {
                            t.owner((r, c))
                                .is_some_and(|o| highlighted.binary_search(&(*i, o)).is_ok())
                        });
                        let cell = match glyph {
                            Glyph::Empty => (' ', Style::Plain),
                            Glyph::Field => ('·', Style::Field),
                            Glyph::City => ('▓', Style::City),
                            Glyph::Banner => ('◆', Style::Banner),
                            Glyph::Road(ch) => (ch, Style::Plain),
                            Glyph::Monastery => ('⌂', Style::Monastery),
                            Glyph::River => (RIVER_CHAR, Style::River),
                            Glyph::Inn => (INN_CHAR, Style::Inn),
                            Glyph::Cathedral => (CATHEDRAL_CHAR, Style::Cathedral),
                            Glyph::Goods(g) => (goods_char(g), Style::Goods),
                            Glyph::Figure(p, _) => (
                                marks.get(p.index()).copied().unwrap_or('?'),
                                Style::Follower(colour(game, p).ansi),
                            ),
                            Glyph::FigureKind(p, f) => (
                                figure_mark(f).unwrap_or('?'),
                                Style::Follower(colour(game, p).ansi),
                            ),
                            Glyph::TowerPlace => (TOWER_PLACE_CHAR, Style::Tower),
                            Glyph::Tower => (TOWER_CHAR, Style::Tower),
                            Glyph::TowerHeight(d) => (d, Style::Tower),
                            Glyph::Symbol(symbol) => {
                                (symbol_char(symbol), Style::Mark(symbol_ansi(symbol)))
                            }
                            Glyph::Princess => (PRINCESS_CHAR, Style::Mark(PRINCESS_ANSI)),
                            Glyph::Dragon => (DRAGON_CHAR, Style::Mark(DRAGON_ANSI)),
                            Glyph::Fairy => (FAIRY_CHAR, Style::Mark(FAIRY_ANSI)),
                            Glyph::Flight(arrow) => (flight_char(arrow), Style::Mark(FLIGHT_ANSI)),
                            Glyph::Circle => (CIRCLE_CHAR, Style::Mark(CIRCLE_ANSI)),
                            Glyph::Ferry(ch) => (ch, Style::Mark(FERRY_ANSI)),
                        };
                        line.push(match cell {
                            // A figure keeps its owner's colour.
                            (_, Style::Follower(_)) => cell,
                            (ch, _) if marked => (heavy(ch), Style::Highlight),
                            _ => cell,
                        });
                    }
                }
                lines.push(line);
            }
        }
    } else {
        lines.push(
            "(no tiles on the board)"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    let end = scored_end(game, options.final_scoring);
    let scores = end.as_ref().unwrap_or(game);
    beside(&mut lines, scoreboard_lines(scores, &marks, end.is_some()));
    let mut legend: Line = Vec::new();
    push_str(
        &mut legend,
        &format!("after turn {}:", game.turn()),
        Style::Plain,
    );
    for p in players(game) {
        push_str(&mut legend, " ", Style::Plain);
        legend.push((
            marks.get(p.index()).copied().unwrap_or('?'),
            Style::Follower(colour(game, p).ansi),
        ));
        push_str(
            &mut legend,
            &format!(
                " {} ({})",
                crate::report::shown_text(game.name(p), crate::report::MAX_TEXT),
                colour(game, p).name
            ),
            Style::Plain,
        );
    }
    lines.push(legend);
    let mut key: Line = Vec::new();
    for (i, (symbol, style, what)) in [
        ("▓", Style::City, "city"),
        ("◆", Style::Banner, "banner"),
        ("─│", Style::Plain, "road"),
        ("⌂", Style::Monastery, "monastery"),
        ("·", Style::Field, "field"),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            push_str(&mut key, "  ", Style::Plain);
        }
        push_str(&mut key, symbol, style);
        push_str(&mut key, &format!(" {what}"), Style::Plain);
    }
    lines.push(key);
    let mut track: Line = Vec::new();
    push_str(&mut track, &DARK_SPACE.to_string(), Style::Plain);
    push_str(
        &mut track,
        " every fifth space of the scoreboard; a player's letter on the track: the marker, on the player's points modulo 50 (past 50: the points in parentheses)",
        Style::Plain,
    );
    lines.push(track);
    if scores.pawns().iter().any(|(_, p)| p.messenger.is_some()) {
        lines.push(
            "+ on the track: the player's messenger (The Messengers), on its points modulo 50"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    if scores
        .robbers()
        .is_some_and(|r| r.on_board().next().is_some())
    {
        lines.push(
            "lower case on the track: the player's robber (The Robbers), on the space of the markers it may rob"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    // The expansions' marks, each only when the board shows it.
    let mut extra: Vec<(String, Style, &str)> = Vec::new();
    if seen.river {
        extra.push((RIVER_CHAR.to_string(), Style::River, "river"));
    }
    if seen.inn {
        extra.push((INN_CHAR.to_string(), Style::Inn, "inn"));
    }
    if seen.cathedral {
        extra.push((CATHEDRAL_CHAR.to_string(), Style::Cathedral, "cathedral"));
    }
    for goods in Goods::ALL {
        if seen.goods.get(goods.index()) == Some(&true) {
            extra.push((goods_char(goods).to_string(), Style::Goods, goods.name()));
        }
    }
    if seen.tower_place {
        extra.push((TOWER_PLACE_CHAR.to_string(), Style::Tower, "tower place"));
    }
    if seen.tower {
        extra.push((
            format!("{TOWER_CHAR}2"),
            Style::Tower,
            "tower of 2 stories (then its guard, if closed)",
        ));
    }
    for (i, symbol) in Symbol::ALL.into_iter().enumerate() {
        if seen.symbols.get(i) == Some(&true) {
            extra.push((
                symbol_char(symbol).to_string(),
                Style::Mark(symbol_ansi(symbol)),
                symbol_word(symbol),
            ));
        }
    }
    if seen.princess {
        extra.push((
            PRINCESS_CHAR.to_string(),
            Style::Mark(PRINCESS_ANSI),
            "princess",
        ));
    }
    if seen.dragon {
        extra.push((
            DRAGON_CHAR.to_string(),
            Style::Mark(DRAGON_ANSI),
            "the dragon",
        ));
    }
    if seen.fairy {
        extra.push((FAIRY_CHAR.to_string(), Style::Mark(FAIRY_ANSI), "the fairy"));
    }
    if seen.flight {
        extra.push((
            flight_char(Compass::W).to_string(),
            Style::Mark(FLIGHT_ANSI),
            "flying machine (its arrow)",
        ));
    }
    if seen.circle {
        extra.push((
            CIRCLE_CHAR.to_string(),
            Style::Mark(CIRCLE_ANSI),
            "crop circle",
        ));
    }
    if seen.ferry {
        extra.push((
            road_char(&[Side::East, Side::West]).to_string(),
            Style::Mark(FERRY_ANSI),
            "ferry (joins two roads across the lake)",
        ));
    }
    let mut figures: Line = Vec::new();
    for figure in Figure::ALL {
        let (Some(player), Some(mark)) = (
            seen.figures.get(figure.index()).copied().flatten(),
            figure_mark(figure),
        ) else {
            continue;
        };
        if !figures.is_empty() {
            push_str(&mut figures, "  ", Style::Plain);
        }
        let style = Style::Follower(colour(game, player).ansi);
        figures.push((marks.get(player.index()).copied().unwrap_or('?'), style));
        figures.push((mark, style));
        push_str(&mut figures, &format!(" {}", figure.word()), Style::Plain);
    }
    if !extra.is_empty() {
        let mut line: Line = Vec::new();
        for (i, (symbol, style, what)) in extra.iter().enumerate() {
            if i > 0 {
                push_str(&mut line, "  ", Style::Plain);
            }
            push_str(&mut line, symbol, *style);
            push_str(&mut line, &format!(" {what}"), Style::Plain);
        }
        lines.push(line);
    }
    if !figures.is_empty() {
        lines.push(figures);
    }
    if let Some(towers) = game.towers() {
        tower_lines(game, towers, &marks, &mut lines);
    }
    if let Some(d) = game.princess_and_dragon() {
        dragon_lines(game, d, &marks, &mut lines);
    }
    if game.magic().is_some() {
        let text = format!(
            "the mage: {}; the witch: {}",
            pawn_text(game, Pawn::Mage),
            pawn_text(game, Pawn::Witch)
        );
        lines.push(text.chars().map(|c| (c, Style::Plain)).collect());
    }
    if let Some((feature, (kind, parts))) = &highlight {
        let mut tiles: Vec<usize> = parts.iter().map(|p| p.0).collect();
        tiles.dedup();
        let mut line: Line = Vec::new();
        let symbols = match kind {
            FeatureKind::City => "█",
            FeatureKind::Road => "━┃",
            FeatureKind::Field => "•",
            FeatureKind::Monastery => "■",
        };
        push_str(&mut line, symbols, Style::Highlight);
        push_str(
            &mut line,
            &format!(
                " highlighted: the {kind} at {feature} ({} {})",
                tiles.len(),
                if tiles.len() == 1 { "tile" } else { "tiles" }
            ),
            Style::Plain,
        );
        lines.push(line);
    }
    let mut out = String::new();
    for line in &lines {
        render_line(line, options.color, &mut out);
    }
    out
}

/// A dark space of the scoreboard in the text picture: every fifth.
const DARK_SPACE: char = '◦';

/// A messenger on the scoreboard (The Messengers), in its owner's colour.
const MESSENGER_MARK: char = '+';

/// The scoreboard as text: a ruler of the 50 spaces, then a row per player
/// with the player's letter on the space its marker stands on, and the
/// space's number (with the points, once past 50). The 2012 rulebook: "The
/// player moves his marker a number of spaces on the scoreboard equal to
/// the number of points scored"; "When a player first passes space 50 of
/// the scoreboard, he takes a Point tile".
///
/// With `final_scoring` (a finished game at its end) a title line says the
/// scoreboard is after the final scoring.
fn scoreboard_lines(game: &Game<'_>, marks: &[char], final_scoring: bool) -> Vec<Line> {
    let mut lines = Vec::new();
    if final_scoring {
        let mut title: Line = Vec::new();
        push_str(&mut title, "   scoreboard ", Style::Plain);
        push_str(&mut title, FINAL_SCOREBOARD, Style::Plain);
        lines.push(title);
    }
    let mut ruler: Line = Vec::new();
    push_str(&mut ruler, "   ", Style::Plain);
    for n in (0..scoreboard::SPACES).step_by(5) {
        push_str(&mut ruler, &format!("{n:<5}"), Style::Plain);
    }
    lines.push(ruler);
    for (p, pawns) in game.pawns().iter() {
        let mark = marks.get(p.index()).copied().unwrap_or('?');
        let style = Style::Follower(colour(game, p).ansi);
        let at = Space::of(pawns.marker);
        // The Robbers: the player's robber, in lower case, on its space.
        let robber = game.robbers().and_then(|r| r.space(p));
        // The Messengers: the player's messenger, a `+` of his colour.
        let messenger = pawns.messenger.map(Space::of);
        let mut row: Line = vec![(mark, style)];
        push_str(&mut row, "  ", Style::Plain);
        for space in (0..scoreboard::SPACES).filter_map(Space::new) {
            row.push(if space == at {
                (mark, style)
            } else if Some(space) == messenger {
                (MESSENGER_MARK, style)
            } else if Some(space) == robber {
                (mark.to_ascii_lowercase(), style)
            } else if space.is_dark() {
                (DARK_SPACE, Style::Plain)
            } else {
                ('·', Style::Plain)
            });
        }
        let shown = if pawns.marker >= scoreboard::SPACES {
            format!("  {at} ({})", pawns.marker)
        } else {
            format!("  {at}")
        };
        push_str(&mut row, &shown, Style::Plain);
        if let Some(m) = pawns.messenger {
            let at = Space::of(m);
            if m >= scoreboard::SPACES {
                push_str(
                    &mut row,
                    &format!(", messenger on {at} ({m})"),
                    Style::Plain,
                );
            } else {
                push_str(&mut row, &format!(", messenger on {at}"), Style::Plain);
            }
        }
        if let Some(r) = robber {
            push_str(&mut row, &format!(", robber on {r}"), Style::Plain);
        }
        lines.push(row);
    }
    lines
}

/// Sets `block` to the right of the picture's lines, three columns after
/// the widest, adding lines below when the block is the taller.
fn beside(lines: &mut Vec<Line>, block: Vec<Line>) {
    let width = lines.iter().map(Vec::len).max().unwrap_or(0) + 3;
    for (k, part) in block.into_iter().enumerate() {
        if lines.len() <= k {
            lines.push(Vec::new());
        }
        if let Some(line) = lines.get_mut(k) {
            line.resize(width, (' ', Style::Plain));
            line.extend(part);
        }
    }
}

// ---------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------

/// Side of a tile in SVG units.
const T: f64 = 64.0;
/// Room for the y labels on the left.
const LEFT: f64 = 34.0;
/// Room for the x labels on top.
const TOP: f64 = 24.0;
/// Room on the right and below the board.
const PAD: f64 = 10.0;
/// Height of the legend below the board.
const LEGEND: f64 = 30.0;
/// Height of the legend's second line, of the figures and tokens drawn.
const LEGEND_ITEMS: f64 = 26.0;

const FIELD: &str = "#8dbf5b";
const CITY: &str = "#d4a762";
const WALL: &str = "#7a4a22";
const ROAD: &str = "#f6f0dc";
const ROAD_EDGE: &str = "#8a7a58";

/// A point in tile units: (0, 0) the north-west corner, (1, 1) the south-east.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pt(f64, f64);

const CENTRE: Pt = Pt(0.5, 0.5);

fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    Pt(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// Corner `k` (mod 4), clockwise from the north-west: side `k` runs from corner
/// `k` to corner `k + 1`.
fn corner(k: usize) -> Pt {
    match k % 4 {
        0 => Pt(0.0, 0.0),
        1 => Pt(1.0, 0.0),
        2 => Pt(1.0, 1.0),
        _ => Pt(0.0, 1.0),
    }
}

fn side_mid(side: Side) -> Pt {
    lerp(corner(side.index()), corner(side.index() + 1), 0.5)
}

/// A piece of an outline: a line or a quadratic curve (control, end) to a point.
#[derive(Debug, Clone, Copy)]
enum Step {
    Line(Pt),
    Quad(Pt, Pt),
}

/// A path from a start point.
#[derive(Debug, Clone)]
struct Path {
    start: Pt,
    steps: Vec<Step>,
}

impl Path {
    fn d(&self, closed: bool) -> String {
        let mut d = format!("M{} {}", num(self.start.0 * T), num(self.start.1 * T));
        for s in &self.steps {
            match s {
                Step::Line(p) => {
                    let _ = write!(d, "L{} {}", num(p.0 * T), num(p.1 * T));
                }
                Step::Quad(c, p) => {
                    let _ = write!(
                        d,
                        "Q{} {} {} {}",
                        num(c.0 * T),
                        num(c.1 * T),
                        num(p.0 * T),
                        num(p.1 * T)
                    );
                }
            }
        }
        if closed {
            d.push('Z');
        }
        d
    }

    /// The path as a polyline (curves sampled).
    fn points(&self) -> Vec<Pt> {
        let mut out = vec![self.start];
        let mut at = self.start;
        for s in &self.steps {
            match *s {
                Step::Line(p) => {
                    out.push(p);
                    at = p;
                }
                Step::Quad(c, p) => {
                    for i in 1..=12 {
                        let t = f64::from(i) / 12.0;
                        out.push(lerp(lerp(at, c, t), lerp(c, p, t), t));
                    }
                    at = p;
                }
            }
        }
        out
    }
}

/// A number for SVG: at most one decimal, no `-0`.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    let s = format!("{r:.1}");
    let s = s.strip_suffix(".0").unwrap_or(&s).to_string();
    if s == "-0" { "0".to_string() } else { s }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' && c != '\r' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// A city's shape: the area (closed) and its walls (the curves towards the
/// field), both from the board sides it reaches. Every side it reaches is filled
/// edge to edge, so cities join across tiles; each run of sides it does not reach
/// is closed by one curve, deeper the longer the run.
fn city_shape(sides: &[Side]) -> Option<(Path, Vec<Path>)> {
    let has = |k: usize| sides.contains(&Side::from_index(k));
    if sides.is_empty() {
        return None;
    }
    if (0..4).all(has) {
        let square = Path {
            start: corner(0),
            steps: (1..4).map(|k| Step::Line(corner(k))).collect(),
        };
        return Some((square, Vec::new()));
    }
    let first = (0..4).find(|k| has(*k) && !has(k + 3))?;
    let mut area = Path {
        start: corner(first),
        steps: Vec::new(),
    };
    let mut walls = Vec::new();
    let mut k = first;
    while k < first + 4 {
        if has(k) {
            area.steps.push(Step::Line(corner(k + 1)));
            k += 1;
            continue;
        }
        let mut run = 0;
        while k + run < first + 4 && !has(k + run) {
            run += 1;
        }
        let (from, to) = (corner(k), corner(k + run));
        let control = match run {
            1 => lerp(side_mid(Side::from_index(k)), CENTRE, 1.3),
            2 => lerp(CENTRE, corner(k + 1), 0.2),
            // A cap: the one side reached is the chord.
            _ => lerp(side_mid(Side::from_index(k + run)), CENTRE, 1.0),
        };
        area.steps.push(Step::Quad(control, to));
        walls.push(Path {
            start: from,
            steps: vec![Step::Quad(control, to)],
        });
        k += run;
    }
    Some((area, walls))
}

/// Where a follower stands in a city, and where its banner goes.
fn city_spots(sides: &[Side]) -> (Pt, Pt) {
    match sides {
        [side] => {
            let anchor = lerp(side_mid(*side), CENTRE, 0.3);
            let along = lerp(corner(side.index()), corner(side.index() + 1), 0.27);
            (anchor, lerp(along, CENTRE, 0.22))
        }
        _ => {
            let n = sides.len().max(1) as f64;
            let sum = sides
                .iter()
                .map(|s| side_mid(*s))
                .fold(Pt(0.0, 0.0), |a, p| Pt(a.0 + p.0, a.1 + p.1));
            let anchor = lerp(Pt(sum.0 / n, sum.1 / n), CENTRE, 0.35);
            let toward = sides.first().map_or(CENTRE, |s| side_mid(*s));
            (anchor, lerp(anchor, toward, 0.55))
        }
    }
}

/// A road's centre line: straight across, curved round a bend, or from each edge
/// to the centre where it ends (at a monastery, a junction or a city).
fn road_paths(sides: &[Side]) -> Vec<Path> {
    match sides {
        [a, b] if a.opposite() == *b => vec![Path {
            start: side_mid(*a),
            steps: vec![Step::Line(side_mid(*b))],
        }],
        [a, b] => vec![Path {
            start: side_mid(*a),
            steps: vec![Step::Quad(CENTRE, side_mid(*b))],
        }],
        _ => sides
            .iter()
            .map(|s| Path {
                start: side_mid(*s),
                steps: vec![Step::Line(CENTRE)],
            })
            .collect(),
    }
}

const ROAD_WIDTH: f64 = 0.13;

/// A city segment as drawn: the sides it reaches, its area and walls.
struct CityShape {
    sides: Vec<Side>,
    area: Path,
    walls: Vec<Path>,
    banner: bool,
    cathedral: bool,
    goods: Option<Goods>,
}

/// The drawing of one tile kind at one rotation, in tile units.
struct TileShape {
    cities: Vec<CityShape>,
    /// The centre lines of the roads.
    roads: Vec<Path>,
    monastery: Option<SegmentId>,
    junction: bool,
    /// The centre lines of the river (The River), from each river edge.
    rivers: Vec<Path>,
    /// Whether the river springs or ends in a lake on the tile (one river edge).
    pool: bool,
    /// Where the inns stand, beside their roads.
    inns: Vec<Pt>,
}

const RIVER_WIDTH: f64 = 0.17;
const RIVER: &str = "#4b9be0";
const RIVER_EDGE: &str = "#2c5f96";
/// Radius of a spring's or a lake's pool.
const POOL: f64 = 0.13;

/// Half the size of an inn's marker.
const INN_SIZE: f64 = 0.08;

/// The free room around a point of a tile: how far it is from the tile's border,
/// the roads, the river, the cities and the buildings (0 inside them).
fn room(shape: &TileShape, p: Pt) -> f64 {
    let border = p.0.min(p.1).min(1.0 - p.0).min(1.0 - p.1);
    let roads = shape
        .roads
        .iter()
        .map(|r| distance_to_polyline(&r.points(), p) - ROAD_WIDTH / 2.0)
        .fold(f64::INFINITY, f64::min);
    let rivers = shape
        .rivers
        .iter()
        .map(|r| distance_to_polyline(&r.points(), p) - RIVER_WIDTH / 2.0)
        .fold(f64::INFINITY, f64::min);
    let cities = shape
        .cities
        .iter()
        .map(|c| {
            let mut poly = c.area.points();
            if inside(&poly, p) {
                return 0.0;
            }
            if let Some(first) = poly.first().copied() {
                poly.push(first);
            }
            distance_to_polyline(&poly, p)
        })
        .fold(f64::INFINITY, f64::min);
    let centre = ((p.0 - 0.5).powi(2) + (p.1 - 0.5).powi(2)).sqrt();
    let building = if shape.monastery.is_some() {
        centre - 0.2
    } else if shape.junction {
        centre - 0.13
    } else if shape.pool {
        centre - POOL
    } else {
        f64::INFINITY
    };
    border
        .min(roads)
        .min(rivers)
        .min(cities)
        .min(building)
        .max(0.0)
}

/// Where a figure stands on a road reaching some board sides: near the edge of
/// its first side (nearer on a road that ends on the tile, where the city or
/// building at its end takes the middle).
fn road_spot(sides: &[Side]) -> Pt {
    let t = if sides.len() == 1 { 0.3 } else { 0.4 };
    sides
        .first()
        .map_or(CENTRE, |s| lerp(side_mid(*s), CENTRE, t))
}

/// Where an inn stands beside its road: the roomiest of a few points on either
/// side of the road, away from the spot a figure on the road takes.
fn inn_spot(shape: &TileShape, sides: &[Side]) -> Pt {
    let figure = road_spot(sides);
    let mut best: Option<(Pt, f64)> = None;
    // The road's last side first (a figure stands by its first side).
    for side in sides.iter().rev() {
        let mid = side_mid(*side);
        // Across the road: a quarter turn of the direction to the centre.
        let (dx, dy) = (CENTRE.0 - mid.0, CENTRE.1 - mid.1);
        for t in [0.45, 0.3, 0.6] {
            let on = lerp(mid, CENTRE, t);
            for sign in [1.0, -1.0] {
                for off in [0.17, 0.22] {
                    let p = Pt(on.0 - dy * 2.0 * off * sign, on.1 + dx * 2.0 * off * sign);
                    let away = ((p.0 - figure.0).powi(2) + (p.1 - figure.1).powi(2)).sqrt() - 0.13;
                    let score = room(shape, p).min(away.max(0.0)).min(INN_SIZE + 0.02);
                    if best.is_none_or(|(_, b)| score > b + 1e-9) {
                        best = Some((p, score));
                    }
                }
            }
        }
    }
    best.map_or(CENTRE, |(p, _)| p)
}

fn tile_shape(def: &TileDef, rotation: Rotation) -> TileShape {
    let oriented = def.at(rotation);
    let river_sides: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| oriented.river & s.bit() != 0)
        .collect();
    let mut shape = TileShape {
        cities: Vec::new(),
        roads: Vec::new(),
        monastery: def.monastery,
        junction: false,
        rivers: if river_sides.is_empty() {
            Vec::new()
        } else {
            road_paths(&river_sides)
        },
        pool: river_sides.len() == 1,
        inns: Vec::new(),
    };
    let mut ends = 0;
    for seg in &def.segments {
        let sides = board_sides(seg.edges, rotation);
        match seg.kind {
            FeatureKind::City => {
                if let Some((area, walls)) = city_shape(&sides) {
                    shape.cities.push(CityShape {
                        sides,
                        area,
                        walls,
                        banner: seg.banner,
                        cathedral: seg.cathedral,
                        goods: seg.goods,
                    });
                }
            }
            FeatureKind::Road => {
                if sides.len() == 1 {
                    ends += 1;
                }
                shape.roads.extend(road_paths(&sides));
            }
            FeatureKind::Field | FeatureKind::Monastery => {}
        }
    }
    shape.junction = ends >= 3 && def.monastery.is_none();
    for seg in def.segments.iter().filter(|s| s.inn) {
        let spot = inn_spot(&shape, &board_sides(seg.edges, rotation));
        shape.inns.push(spot);
    }
    shape
}

/// Raster of a tile used to find room for a farmer.
const GRID: usize = 32;

fn inside(poly: &[Pt], p: Pt) -> bool {
    let mut inside = false;
    let mut j = poly.len().saturating_sub(1);
    for (i, a) in poly.iter().enumerate() {
        if let Some(b) = poly.get(j)
            && (a.1 > p.1) != (b.1 > p.1)
            && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}

fn distance_to_polyline(line: &[Pt], p: Pt) -> f64 {
    line.windows(2)
        .filter_map(|w| match w {
            [a, b] => {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len2 = dx * dx + dy * dy;
                let t = if len2 > 0.0 {
                    (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let q = lerp(*a, *b, t);
                Some(((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt())
            }
            _ => None,
        })
        .fold(f64::INFINITY, f64::min)
}

/// The centre of cell `(r, c)` of the raster of a tile ([`GRID`]).
fn cell_centre(r: usize, c: usize) -> Pt {
    Pt(
        (c as f64 + 0.5) / GRID as f64,
        (r as f64 + 0.5) / GRID as f64,
    )
}

/// The field segment each cell of a raster of the tile lies in ([`GRID`] ×
/// [`GRID`] cells, row by row from the north-west; `None` for a cell of a
/// city, a road, the river or a building): the field is what those leave,
/// split by them, each part flooded from its half-edges.
fn field_cells(def: &TileDef, rotation: Rotation, shape: &TileShape) -> Vec<Option<SegmentId>> {
    let centre_of = cell_centre;
    let cities: Vec<Vec<Pt>> = shape.cities.iter().map(|c| c.area.points()).collect();
    let roads: Vec<Vec<Pt>> = shape.roads.iter().map(Path::points).collect();
    let rivers: Vec<Vec<Pt>> = shape.rivers.iter().map(Path::points).collect();
    let blocked = |p: Pt| {
        cities.iter().any(|poly| inside(poly, p))
            || roads
                .iter()
                .any(|l| distance_to_polyline(l, p) < ROAD_WIDTH / 2.0 + 0.02)
            || rivers
                .iter()
                .any(|l| distance_to_polyline(l, p) < RIVER_WIDTH / 2.0 + 0.02)
            || (shape.pool && (p.0 - 0.5).powi(2) + (p.1 - 0.5).powi(2) < (POOL + 0.02).powi(2))
            || shape
                .inns
                .iter()
                .any(|i| (p.0 - i.0).abs() < INN_SIZE && (p.1 - i.1).abs() < INN_SIZE)
            || (shape.monastery.is_some() && (p.0 - 0.5).abs() < 0.17 && (p.1 - 0.5).abs() < 0.2)
            || (shape.junction && (p.0 - 0.5).abs() < 0.1 && (p.1 - 0.5).abs() < 0.1)
    };
    // Label the free cells by flooding from the half-edges of each field.
    let mut label: Vec<Option<SegmentId>> = vec![None; GRID * GRID];
    let mut free = vec![false; GRID * GRID];
    for r in 0..GRID {
        for c in 0..GRID {
            if let Some(f) = free.get_mut(r * GRID + c) {
                *f = !blocked(centre_of(r, c));
            }
        }
    }
    let oriented = def.at(rotation);
    let mut queue: std::collections::VecDeque<(usize, usize)> = std::collections::VecDeque::new();
    for half in Half::all() {
        let Some(seg) = oriented.field_at(half) else {
            continue;
        };
        let k = half.index() % 2;
        for i in 0..GRID / 2 {
            // Cells along the half-edge, clockwise.
            let along = k * GRID / 2 + i;
            let (r, c) = match half.side() {
                Side::North => (0, along),
                Side::East => (along, GRID - 1),
                Side::South => (GRID - 1, GRID - 1 - along),
                Side::West => (GRID - 1 - along, 0),
            };
            let idx = r * GRID + c;
            if free.get(idx) == Some(&true)
                && let Some(l) = label.get_mut(idx)
                && l.is_none()
            {
                *l = Some(seg);
                queue.push_back((r, c));
            }
        }
    }
    while let Some((r, c)) = queue.pop_front() {
        let Some(seg) = label.get(r * GRID + c).copied().flatten() else {
            continue;
        };
        let next = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for (nr, nc) in next {
            if nr >= GRID || nc >= GRID {
                continue;
            }
            let idx = nr * GRID + nc;
            if free.get(idx) == Some(&true)
                && let Some(l) = label.get_mut(idx)
                && l.is_none()
            {
                *l = Some(seg);
                queue.push_back((nr, nc));
            }
        }
    }
    label
}

/// Where a farmer on a field segment stands: the point of the field nearest its
/// first half-edge with room for the figure, found on a raster of the tile (the
/// field is what the cities, roads and buildings leave, split by them).
fn field_spot(def: &TileDef, rotation: Rotation, shape: &TileShape, segment: SegmentId) -> Pt {
    let centre_of = cell_centre;
    let label = field_cells(def, rotation, shape);
    let seg_halves = def
        .segment(segment)
        .map(|s| board_halves(s.halves, rotation))
        .unwrap_or_default();
    let preferred = seg_halves.first().map_or(CENTRE, |h| {
        let along = if h.index() % 2 == 0 { 0.3 } else { 0.7 };
        let side = h.side();
        let on_edge = lerp(corner(side.index()), corner(side.index() + 1), along);
        lerp(on_edge, CENTRE, 0.3)
    });
    let mine: Vec<(usize, usize)> = (0..GRID)
        .flat_map(|r| (0..GRID).map(move |c| (r, c)))
        .filter(|(r, c)| label.get(r * GRID + c).copied().flatten() == Some(segment))
        .collect();
    if mine.is_empty() {
        return preferred;
    }
    // Room around a cell: the distance to the nearest cell not of this field or
    // to the tile's border, looked for up to a quarter tile away.
    const REACH: usize = GRID / 4;
    let clearance = |(r, c): (usize, usize)| -> f64 {
        let p = centre_of(r, c);
        let border = p.0.min(p.1).min(1.0 - p.0).min(1.0 - p.1).min(0.25);
        let rows = r.saturating_sub(REACH)..(r + REACH + 1).min(GRID);
        rows.flat_map(|orow| {
            (c.saturating_sub(REACH)..(c + REACH + 1).min(GRID)).map(move |ocol| (orow, ocol))
        })
        .filter(|(orow, ocol)| label.get(orow * GRID + ocol).copied().flatten() != Some(segment))
        .map(|(orow, ocol)| {
            let q = centre_of(orow, ocol);
            ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
        })
        .fold(border, f64::min)
    };
    let dist = |(r, c): (usize, usize)| {
        let p = centre_of(r, c);
        (p.0 - preferred.0).powi(2) + (p.1 - preferred.1).powi(2)
    };
    let scored: Vec<((usize, usize), f64)> = mine.iter().map(|c| (*c, clearance(*c))).collect();
    // The roomiest place near the preferred point: as much room as the figure
    // needs if the field has it, less in a narrow strip.
    let best = [0.14, 0.11, 0.08]
        .into_iter()
        .find_map(|need| {
            scored
                .iter()
                .filter(|(_, room)| *room >= need)
                .min_by(|a, b| dist(a.0).total_cmp(&dist(b.0)))
        })
        .or_else(|| scored.iter().max_by(|a, b| a.1.total_cmp(&b.1)));
    let at = best.map_or(preferred, |((r, c), _)| centre_of(*r, *c));
    Pt(at.0.clamp(0.14, 0.86), at.1.clamp(0.13, 0.87))
}

/// A meeple standing (or, for a farmer, lying) at a point of a tile.
fn meeple(out: &mut String, class: &str, at: Pt, c: Colour, lying: bool) {
    const BODY: &str = "M-2 -2.4C-6 -1.8-9 -1.2-9 0.6C-9 2-6.5 2.4-4 2.2L-7 9H-1.8L0 5.6L1.8 9H7L4 2.2C6.5 2.4 9 2 9 0.6C9 -1.2 6 -1.8 2 -2.4Z";
    let scale = T * 0.27 / 20.0;
    let rotate = if lying { " rotate(-90)" } else { "" };
    let _ = write!(
        out,
        "<g class=\"{class}\" data-colour=\"{}\" transform=\"translate({} {}) scale({}){rotate}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\" stroke-linejoin=\"round\"><path d=\"{BODY}\"/><circle cx=\"0\" cy=\"-5.4\" r=\"3.6\"/></g>",
        c.name,
        num(at.0 * T),
        num(at.1 * T - if lying { 0.0 } else { T * 0.02 }),
        num(scale),
        c.fill,
        c.stroke,
    );
}

/// A figure at a point of a tile, in its owner's colour: a follower is a meeple
/// (lying down as a farmer), a large follower a bigger meeple, a builder a
/// robed figure with a hat, a pig a pig. Each is one `<g>` whose class names its
/// kind: `follower`, `big-follower`, `builder`, `pig`.
fn figure_svg(out: &mut String, figure: Figure, at: Pt, c: Colour, lying: bool) {
    match figure {
        Figure::Follower => meeple(out, "follower", at, c, lying),
        Figure::Big => {
            let mut icon = String::new();
            meeple(&mut icon, "big-follower", Pt(0.0, 0.0), c, lying);
            let _ = write!(
                out,
                "<g transform=\"translate({} {}) scale(1.4)\">{icon}</g>",
                num(at.0 * T),
                num(at.1 * T),
            );
        }
        Figure::Builder => figure_icon(
            out,
            "builder",
            c,
            at,
            "<path d=\"M-3.6 -2.2H3.6L6.5 9H-6.5Z\"/><circle cx=\"0\" cy=\"-5.6\" r=\"3.3\"/><path d=\"M-5.6 -8.2H5.6L3.2 -11.8H-3.2Z\"/>",
        ),
        Figure::Pig => figure_icon(
            out,
            "pig",
            c,
            at,
            "<path d=\"M-5 5H-2.4V10H-5ZM-1.2 5H1.4V10.4H-1.2ZM2.8 5H5.4V10.4H2.8ZM6 5H8.6V10H6Z\"/><path d=\"M9 1.5Q12 0.5 10.8 3.4\" fill=\"none\"/><ellipse cx=\"1.8\" cy=\"2.4\" rx=\"8\" ry=\"5.2\"/><circle cx=\"-6.2\" cy=\"0\" r=\"3.9\"/><path d=\"M-7.6 -3L-5.6 -6.6L-4 -2.8Z\"/><ellipse cx=\"-9.8\" cy=\"0.6\" rx=\"1.7\" ry=\"2\"/>",
        ),
    }
}

/// A builder or pig drawn from its outline `body` (SVG elements in a 20-unit
/// box), in a player's colours, at a point of the tile.
fn figure_icon(out: &mut String, class: &str, c: Colour, at: Pt, body: &str) {
    let _ = write!(
        out,
        "<g class=\"{class}\" data-colour=\"{}\" transform=\"translate({} {}) scale({})\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\" stroke-linejoin=\"round\">{body}</g>",
        c.name,
        num(at.0 * T),
        num(at.1 * T - T * 0.02),
        num(T * 0.27 / 20.0),
        c.fill,
        c.stroke,
    );
}

/// Paths drawn twice, as roads and rivers are: a darker casing a little wider,
/// then the band itself over it (with the class `class`), `width` a fraction of
/// the tile.
fn banded_paths(
    out: &mut String,
    paths: &[Path],
    class: &str,
    (colour, edge): (&str, &str),
    width: f64,
) {
    for p in paths {
        let _ = write!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{edge}\" stroke-width=\"{}\"/>",
            p.d(false),
            num(T * (width + 0.035))
        );
    }
    for p in paths {
        let _ = write!(
            out,
            "<path class=\"{class}\" d=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
            p.d(false),
            num(T * width)
        );
    }
}

/// The River's water along its course, over a darker bank, and the pool of a
/// spring or a lake.
fn river_svg(out: &mut String, shape: &TileShape) {
    banded_paths(
        out,
        &shape.rivers,
        "river",
        (RIVER, RIVER_EDGE),
        RIVER_WIDTH,
    );
    if shape.pool {
        let _ = write!(
            out,
            "<circle class=\"pool\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{RIVER}\" stroke=\"{RIVER_EDGE}\" stroke-width=\"1.2\"/>",
            num(T * 0.5),
            num(T * 0.5),
            num(T * POOL)
        );
    }
}

/// An inn: a small house with a dark roof, centred on a point.
fn inn_svg(out: &mut String, at: Pt) {
    let p = |u: f64| num(u * T);
    let (x, y, s) = (at.0, at.1, INN_SIZE);
    let _ = write!(
        out,
        "<g class=\"inn\" stroke=\"#3b2414\" stroke-width=\"1\" stroke-linejoin=\"round\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f1cf86\"/><path d=\"M{} {}L{} {}L{} {}Z\" fill=\"#6b2f1a\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#3b2414\"/></g>",
        p(x - s * 0.8),
        p(y - s * 0.1),
        p(s * 1.6),
        p(s * 1.0),
        p(x - s),
        p(y - s * 0.1),
        p(x),
        p(y - s),
        p(x + s),
        p(y - s * 0.1),
        p(x - s * 0.2),
        p(y + s * 0.4),
        p(s * 0.4),
        p(s * 0.5),
    );
}

/// An empty tower place: a grey stone ring (`class="tower-place"`).
fn tower_place_svg(out: &mut String, at: Pt) {
    let _ = write!(
        out,
        "<circle class=\"tower-place\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#cfc8b8\" stroke=\"#5e574a\" stroke-width=\"1.2\" stroke-dasharray=\"2 1.5\"/>",
        num(at.0 * T),
        num(at.1 * T),
        num(T * 0.07)
    );
}

/// A tower (`<g class="tower" data-height="2">`): a stone keep with
/// battlements and its height written on it; a follower closing it stands on
/// top in its owner's colour (`class="guard"`, the tower's
/// `data-guard="Ann" data-guard-figure="big"`).
fn tower_svg(out: &mut String, game: &Game<'_>, at: Pt, mark: TowerMark, guard_class: &str) {
    let p = |u: f64| num(u * T);
    let (x, y) = (at.0, at.1);
    let (w, h) = (0.18, 0.2);
    let guard = mark
        .guard
        .map(|(player, figure)| {
            format!(
                " data-guard=\"{}\" data-guard-figure=\"{}\"",
                escape(game.name(player)),
                figure_name(figure)
            )
        })
        .unwrap_or_default();
    let top = y - h / 2.0;
    let notch = w / 5.0;
    let _ = write!(
        out,
        "<g class=\"tower\" data-height=\"{}\"{guard}><path d=\"M{} {}V{}H{}V{}H{}V{}H{}V{}H{}V{}H{}V{}H{}Z\" fill=\"#8f8a80\" stroke=\"#3d3a35\" stroke-width=\"1\" stroke-linejoin=\"round\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
        mark.height,
        p(x - w / 2.0),
        p(y + h / 2.0),
        p(top),
        p(x - w / 2.0 + notch),
        p(top + notch),
        p(x - notch / 2.0),
        p(top),
        p(x + notch / 2.0),
        p(top + notch),
        p(x + w / 2.0 - notch),
        p(top),
        p(x + w / 2.0),
        p(y + h / 2.0),
        p(x - w / 2.0),
        p(x),
        p(y + h * 0.38),
        p(0.15),
        mark.height
    );
    if let Some((player, figure)) = mark.guard {
        let scale = if figure == Figure::Big { 1.3 } else { 1.0 };
        let mut icon = String::new();
        meeple(
            &mut icon,
            guard_class,
            Pt(0.0, 0.0),
            colour(game, player),
            false,
        );
        let _ = write!(
            out,
            "<g transform=\"translate({} {}) scale({})\">{icon}</g>",
            p(x),
            p(top - 0.09 * scale),
            num(scale)
        );
    }
    out.push_str("</g>");
}

/// A prisoner: its owner's meeple behind bars (`class="prisoner"`).
fn prisoner_svg(out: &mut String, game: &Game<'_>, at: Pt, owner: Player, figure: Figure) {
    let scale = if figure == Figure::Big { 1.3 } else { 1.0 };
    let mut icon = String::new();
    meeple(
        &mut icon,
        "meeple",
        Pt(0.0, 0.0),
        colour(game, owner),
        false,
    );
    let bars: String = [-0.1, -0.035, 0.035, 0.1]
        .iter()
        .map(|dx| format!("M{} {}V{}", num(dx * T), num(-0.14 * T), num(0.14 * T)))
        .collect();
    let _ = write!(
        out,
        "<g class=\"prisoner\" data-owner=\"{}\" data-figure=\"{}\" transform=\"translate({} {}) scale({})\">{icon}<path d=\"{bars}\" stroke=\"#333\" stroke-width=\"1.3\"/></g>",
        escape(game.name(owner)),
        figure_name(figure),
        num(at.0),
        num(at.1),
        num(scale)
    );
}

/// Line height of the panel beside the board.
const PANEL_LINE: f64 = 22.0;

/// The Tower's panel beside the board, from `x` on (`<g class="tower-panel">`):
/// the tower pieces each player has left (`class="pieces"`), then the
/// prisoners each player holds (`<g class="held" data-jailer="Bob">`, one
/// prisoner icon each). Returns it, its height and its right edge.
fn tower_panel(
    game: &Game<'_>,
    towers: &crate::rules::expansions::tower::Towers,
    x: f64,
) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = TOP + 12.0;
    let mut right = x;
    out.push_str("<g class=\"tower-panel\" font-size=\"12\" fill=\"#333\">\n");
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Tower pieces left</text>",
        num(x),
        num(y)
    );
    right = right.max(x + 130.0);
    for (p, n) in towers.pieces().iter() {
        y += PANEL_LINE * 0.8;
        let label = format!("{} {n}", game.name(p));
        let _ = writeln!(
            out,
            "<g class=\"pieces\" data-player=\"{}\" data-pieces=\"{n}\"><rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            escape(game.name(p)),
            num(x),
            num(y - 9.0),
            colour(game, p).fill,
            colour(game, p).stroke,
            num(x + 16.0),
            num(y),
            escape(&label)
        );
        right = right.max(x + 16.0 + label.chars().count() as f64 * 7.5);
    }
    y += PANEL_LINE * 1.2;
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Prisoners</text>",
        num(x),
        num(y)
    );
    let held = prisoners_by_jailer(game, towers);
    if held.is_empty() {
        y += PANEL_LINE * 0.8;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"#777\">none</text>",
            num(x),
            num(y)
        );
    }
    for (jailer, list) in held {
        y += PANEL_LINE;
        let label = format!("{} holds", game.name(jailer));
        let _ = write!(
            out,
            "<g class=\"held\" data-jailer=\"{}\"><text x=\"{}\" y=\"{}\">{}</text>",
            escape(game.name(jailer)),
            num(x),
            num(y + 4.0),
            escape(&label)
        );
        let mut ix = x + label.chars().count() as f64 * 7.5 + 14.0;
        for (owner, figure, n) in list {
            for _ in 0..n {
                prisoner_svg(&mut out, game, Pt(ix, y), owner, figure);
                ix += 20.0;
            }
        }
        out.push_str("</g>\n");
        right = right.max(ix);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE - TOP, right)
}

/// Side of a space of the scoreboard in the SVG picture.
const SPACE: f64 = 17.0;

/// The scoreboard panel of the SVG picture, from `y` down at `x`
/// (`class="scoreboard"`): the 50 spaces in five rows of ten, 0 at the top
/// left, every fifth dark (`class="space" data-space="5" data-dark="true"`);
/// each player's marker a disc of the player's colour on its space
/// (`class="marker" data-player="Ann" data-space="6" data-points="56"`);
/// each robber on the scoreboard a square of its owner's colour (The
/// Robbers: `class="robber" data-player="Bob" data-space="6"`);
/// a line per player naming the space and, past 50, the points; and its
/// legend. Returns the text, the height it reaches below [`TOP`] and its
/// right edge.
fn scoreboard_panel(game: &Game<'_>, x: f64, y: f64, final_scoring: bool) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = y;
    let mut right = x + 10.0 * SPACE;
    let (attribute, title) = if final_scoring {
        (
            " data-final-scoring=\"true\"",
            format!("Scoreboard {FINAL_SCOREBOARD}"),
        )
    } else {
        ("", "Scoreboard".to_string())
    };
    let _ = writeln!(
        out,
        "<g class=\"scoreboard\"{attribute} font-size=\"12\" fill=\"#333\">"
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{title}</text>",
        num(x),
        num(y)
    );
    right = right.max(x + title.chars().count() as f64 * 7.5);
    let top = y + 6.0;
    for space in (0..scoreboard::SPACES).filter_map(Space::new) {
        let n = space.number();
        let (sx, sy) = (
            x + f64::from(n % 10) * SPACE,
            top + f64::from(n / 10) * SPACE,
        );
        let fill = if space.is_dark() {
            "#b9ad8f"
        } else {
            "#efe8d6"
        };
        let _ = writeln!(
            out,
            "<g class=\"space\" data-space=\"{n}\" data-dark=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#8a7f66\" stroke-width=\"0.6\"/><text x=\"{}\" y=\"{}\" font-size=\"6\" fill=\"#6b6250\">{n}</text></g>",
            space.is_dark(),
            num(sx),
            num(sy),
            num(SPACE),
            num(SPACE),
            num(sx + 1.5),
            num(sy + 6.5)
        );
    }
    // The markers, several on one space side by side in seat order.
    let pawns = game.pawns();
    let mut on_space = [0u32; scoreboard::SPACES as usize];
    // The centre of the next free slot of space `n`: three a row.
    let mut slot = |n: u32| {
        let k = on_space.get(n as usize).copied().unwrap_or(0);
        if let Some(c) = on_space.get_mut(n as usize) {
            *c += 1;
        }
        (
            x + f64::from(n % 10) * SPACE + 4.5 + f64::from(k % 3) * 4.0,
            top + f64::from(n / 10) * SPACE + 9.5 + f64::from(k / 3) * 4.5,
        )
    };
    for (p, pawn) in pawns.iter() {
        let space = Space::of(pawn.marker);
        let n = space.number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<circle class=\"marker\" data-player=\"{}\" data-space=\"{n}\" data-points=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(p)),
            pawn.marker,
            num(cx),
            num(cy),
            colour(game, p).fill,
            colour(game, p).stroke
        );
    }
    // The Messengers: each messenger a diamond of its owner's colour.
    for (p, pawn) in pawns.iter() {
        let Some(m) = pawn.messenger else { continue };
        let n = Space::of(m).number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<path class=\"messenger\" data-player=\"{}\" data-space=\"{n}\" data-points=\"{m}\" d=\"M{} {}l3 3l-3 3l-3 -3z\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(p)),
            num(cx),
            num(cy - 3.0),
            colour(game, p).fill,
            colour(game, p).stroke
        );
    }
    // The Robbers: each robber on the scoreboard a square of its owner's
    // colour, after the markers of its space.
    let robbers: Vec<(crate::player::Player, Space)> = game
        .robbers()
        .map(|r| r.on_board().collect())
        .unwrap_or_default();
    for (p, space) in &robbers {
        let n = space.number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<rect class=\"robber\" data-player=\"{}\" data-space=\"{n}\" x=\"{}\" y=\"{}\" width=\"5\" height=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(*p)),
            num(cx - 2.5),
            num(cy - 2.5),
            colour(game, *p).fill,
            colour(game, *p).stroke
        );
    }
    y = top + 5.0 * SPACE;
    for (p, pawn) in pawns.iter() {
        y += PANEL_LINE * 0.8;
        let space = Space::of(pawn.marker);
        let mut label = if pawn.marker >= scoreboard::SPACES {
            format!("{}: space {space} ({} points)", game.name(p), pawn.marker)
        } else {
            format!("{}: space {space}", game.name(p))
        };
        if let Some(m) = pawn.messenger {
            let _ = write!(label, ", messenger on {}", Space::of(m));
        }
        if let Some((_, at)) = robbers.iter().find(|(r, _)| *r == p) {
            let _ = write!(label, ", robber on {at}");
        }
        let _ = writeln!(
            out,
            "<g class=\"pawns\" data-player=\"{}\"><circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            escape(game.name(p)),
            num(x + 5.0),
            num(y - 4.0),
            colour(game, p).fill,
            colour(game, p).stroke,
            num(x + 16.0),
            num(y),
            escape(&label)
        );
        right = right.max(x + 16.0 + label.chars().count() as f64 * 7.5);
    }
    // The legend.
    let robber_key = if robbers.is_empty() {
        None
    } else {
        Some("a square: a robber, on the space of the markers it may rob")
    };
    let messenger_key = pawns
        .iter()
        .any(|(_, p)| p.messenger.is_some())
        .then_some("a diamond: a messenger, on its points modulo 50");
    for text in [
        "a disc: a marker, on its points modulo 50",
        "dark: every fifth space",
    ]
    .into_iter()
    .chain(messenger_key)
    .chain(robber_key)
    {
        y += PANEL_LINE * 0.7;
        let _ = writeln!(
            out,
            "<text class=\"scoreboard-legend\" x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#777\">{text}</text>",
            num(x),
            num(y)
        );
        right = right.max(x + text.chars().count() as f64 * 6.0);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE * 0.5 - TOP, right)
}

/// The class of a tile's symbol in the SVG picture.
fn symbol_class(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Volcano => "volcano",
        Symbol::Dragon => "dragon-tile",
        Symbol::Portal => "portal",
        Symbol::Goldmine => "goldmine",
        Symbol::Mage => "magic",
        Symbol::Lake => "lake",
        Symbol::Bag => "bag",
    }
}

/// A mark of The Princess & the Dragon drawn from its outline `body` (SVG
/// elements in a 20-unit box) at a point of a tile, scaled by `scale`.
fn token_svg(out: &mut String, class: &str, extra: &str, at: Pt, scale: f64, body: &str) {
    let _ = write!(
        out,
        "<g class=\"{class}\"{extra} transform=\"translate({} {}) scale({})\" stroke-width=\"1\" stroke-linejoin=\"round\">{body}</g>",
        num(at.0 * T),
        num(at.1 * T),
        num(T * 0.27 / 20.0 * scale)
    );
}

/// A magic pawn (Mage & Witch): a purple disc marked M for the mage
/// (`class="mage"`), an orange one marked W for the witch (`class="witch"`).
fn pawn_svg(out: &mut String, pawn: Pawn, at: Pt) {
    let (fill, letter) = match pawn {
        Pawn::Mage => ("#8e44ad", 'M'),
        Pawn::Witch => ("#e67e22", 'W'),
    };
    let body = format!(
        "<circle r=\"8\" fill=\"{fill}\" stroke=\"#2b1636\"/><text y=\"4\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\" stroke=\"none\">{letter}</text>"
    );
    token_svg(out, pawn.name(), "", at, 1.0, &body);
}

/// A tile's symbol: a volcano (a brown cone with a glowing crater,
/// `class="volcano"`), a dragon (a red badge with a white D,
/// `class="dragon-tile"`), a magic portal (a violet arch, `class="portal"`).
fn symbol_svg(out: &mut String, symbol: Symbol, at: Pt) {
    let body = match symbol {
        Symbol::Volcano => {
            "<path d=\"M-9 7L-3 -4H3L9 7Z\" fill=\"#7a4b2a\" stroke=\"#3b2414\"/><path d=\"M-3 -4Q0 -10 3 -4Z\" fill=\"#ff5a1f\" stroke=\"#a4290c\"/>"
        }
        Symbol::Dragon => {
            "<circle r=\"8\" fill=\"#b3121f\" stroke=\"#4a0a0e\"/><text y=\"4\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\" stroke=\"none\">D</text>"
        }
        Symbol::Portal => {
            "<path d=\"M-6 8V-1A6 6 0 0 1 6 -1V8Z\" fill=\"#dcc6f7\" stroke=\"#6a2ca0\" stroke-width=\"2\"/>"
        }
        Symbol::Goldmine => {
            "<path d=\"M-8 5L-5 -3H5L8 5Z\" fill=\"#f4c430\" stroke=\"#8a6a00\"/><path d=\"M-5 -3L-3 -6H3L5 -3\" fill=\"#ffe27a\" stroke=\"#8a6a00\"/>"
        }
        Symbol::Mage => {
            "<path d=\"M0 -8L2 -2L8 -2L3 2L5 8L0 4L-5 8L-3 2L-8 -2L-2 -2Z\" fill=\"#c9a0f0\" stroke=\"#5b1f8a\"/>"
        }
        Symbol::Lake => "<circle r=\"9\" fill=\"#7fb8e6\" stroke=\"#2a6aa8\"/>",
        Symbol::Bag => {
            "<path d=\"M-7 8Q-10 0 -3 -3L-5 -8H5L3 -3Q10 0 7 8Z\" fill=\"#c19a5b\" stroke=\"#5a3d1c\"/>"
        }
    };
    token_svg(out, symbol_class(symbol), "", at, 1.0, body);
}

/// A flying machine: a slate-blue arrow turned the way it points on the
/// board (`class="flier"`, `data-arrow` its direction).
fn flight_svg(out: &mut String, arrow: Compass, at: Pt) {
    // Drawn pointing east, then turned: 45 degrees an eighth, clockwise
    // from north (the screen's y grows south).
    let degrees = (arrow as i32 * 45 + 270) % 360;
    let body = format!(
        "<g transform=\"rotate({degrees})\"><path d=\"M-8 -2.5H2V-6L9 0L2 6V2.5H-8Z\" fill=\"#7fa8d1\" stroke=\"#1f3f66\"/></g>"
    );
    token_svg(
        out,
        "flier",
        &format!(" data-arrow=\"{arrow}\""),
        at,
        1.0,
        &body,
    );
}

/// A crop circle: rings trodden in the grain (`class="crop-circle"`,
/// `data-kind` the followers it designates: `field`, `road`, `city`).
fn circle_svg(out: &mut String, kind: Option<FeatureKind>, at: Pt) {
    let extra = kind
        .map(|k| format!(" data-kind=\"{k}\""))
        .unwrap_or_default();
    token_svg(
        out,
        "crop-circle",
        &extra,
        at,
        1.0,
        "<circle r=\"8\" fill=\"#e9d27a\" stroke=\"#8a6d1c\"/><circle r=\"4.5\" fill=\"none\" stroke=\"#8a6d1c\"/><circle r=\"1.5\" fill=\"#8a6d1c\" stroke=\"none\"/>",
    );
}

/// The princess: a golden crown in her city (`class="princess"`).
fn princess_svg(out: &mut String, at: Pt) {
    token_svg(
        out,
        "princess",
        "",
        at,
        0.9,
        "<path d=\"M-8 5V-5L-4 0L0 -7L4 0L8 -5V5Z\" fill=\"#f4c430\" stroke=\"#9a5b12\"/><circle cy=\"1\" r=\"1.8\" fill=\"#e75480\" stroke=\"none\"/>",
    );
}

/// The dragon: an orange winged beast, in no player's colour
/// (`class="dragon"`).
fn dragon_svg(out: &mut String, at: Pt) {
    token_svg(
        out,
        "dragon",
        "",
        at,
        1.1,
        "<path d=\"M-2 -3L-10 -9L-7 1ZM2 -3L10 -9L7 1Z\" fill=\"#6b2e0e\" stroke=\"#2b1205\"/><ellipse cy=\"1\" rx=\"4.5\" ry=\"7.5\" fill=\"#e8731a\" stroke=\"#2b1205\"/><path d=\"M0 8L2 11L-2 11Z\" fill=\"#e8731a\" stroke=\"#2b1205\"/><circle cy=\"-8\" r=\"3.4\" fill=\"#e8731a\" stroke=\"#2b1205\"/>",
    );
}

/// The fairy: a small winged figure in light blue (`class="fairy"`; with
/// `fairy-next-follower`, `data-next-to` names the follower's owner).
fn fairy_svg(out: &mut String, at: Pt, next_to: Option<&str>) {
    let extra = next_to
        .map(|name| format!(" data-next-to=\"{}\"", escape(name)))
        .unwrap_or_default();
    token_svg(
        out,
        "fairy",
        &extra,
        at,
        1.0,
        "<ellipse cx=\"-4.5\" cy=\"-1\" rx=\"4\" ry=\"6.5\" fill=\"#d8f3ff\" stroke=\"#4a90b8\"/><ellipse cx=\"4.5\" cy=\"-1\" rx=\"4\" ry=\"6.5\" fill=\"#d8f3ff\" stroke=\"#4a90b8\"/><path d=\"M-2.5 -2H2.5L4 8H-4Z\" fill=\"#5cc8ff\" stroke=\"#1f5f85\"/><circle cy=\"-5\" r=\"2.8\" fill=\"#ffe08a\" stroke=\"#9a7a1a\"/>",
    );
}

/// Where The Princess & the Dragon's marks stand on an SVG tile, best
/// first: the corners.
const TOKEN_SPOTS: [Pt; 4] = [Pt(0.2, 0.8), Pt(0.8, 0.2), Pt(0.2, 0.2), Pt(0.8, 0.8)];

/// Draws The Princess & the Dragon on an SVG tile: the symbol in the
/// roomiest corner, the princess in her city, the dragon and the fairy in
/// corners no figure or mark takes (the fairy beside the follower it stands
/// next to, with `fairy-next-follower`).
fn dragon_tile_svg(
    out: &mut String,
    game: &Game<'_>,
    def: &TileDef,
    placed: &PlacedTile,
    shape: &TileShape,
    (mark, figures): (DragonMark, &[(SegmentId, Player, Pt)]),
    drawn: &mut Seen,
) {
    let mut taken: Vec<Pt> = figures.iter().map(|f| f.2).collect();
    let far = |taken: &[Pt], p: Pt| {
        taken
            .iter()
            .all(|q| ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt() > 0.22)
    };
    // The tile's marks, each at the free corner with the most room.
    let roomiest = |taken: &[Pt]| {
        TOKEN_SPOTS
            .iter()
            .copied()
            .filter(|p| far(taken, *p))
            .max_by(|a, b| room(shape, *a).total_cmp(&room(shape, *b)))
            .unwrap_or(TOKEN_SPOTS[0])
    };
    if let Some(symbol) = mark.symbol {
        let at = roomiest(&taken);
        symbol_svg(out, symbol, at);
        drawn.note(Glyph::Symbol(symbol));
        taken.push(at);
    }
    if let Some(arrow) = mark.flight {
        let at = roomiest(&taken);
        flight_svg(out, arrow, at);
        drawn.note(Glyph::Flight(arrow));
        taken.push(at);
    }
    if let Some(kind) = mark.circle {
        let at = roomiest(&taken);
        circle_svg(out, Some(kind), at);
        drawn.note(Glyph::Circle);
        taken.push(at);
    }
    if let Some((a, b)) = mark.ferry {
        ferry_svg(out, Some((a, b)));
        drawn.note(Glyph::Ferry(' '));
    }
    if let Some(seg) = mark.princess.and_then(|s| def.segment(s)) {
        let [at, _] = city_mark_spots(&board_sides(seg.edges, placed.rotation));
        princess_svg(out, at);
        drawn.note(Glyph::Princess);
        taken.push(at);
    }
    if mark.dragon {
        let at = TOKEN_SPOTS
            .iter()
            .rev()
            .copied()
            .find(|p| far(&taken, *p))
            .unwrap_or(CENTRE);
        dragon_svg(out, at);
        drawn.note(Glyph::Dragon);
        taken.push(at);
    }
    if let Some(next_to) = mark.fairy {
        let beside = next_to.and_then(|(seg, player)| {
            let f = figures.iter().find(|f| f.0 == seg && f.1 == player)?;
            let dx = if f.2.0 > 0.7 { -0.19 } else { 0.19 };
            Some((Pt(f.2.0 + dx, f.2.1), game.name(player)))
        });
        let (at, name) = match beside {
            Some((at, name)) => (at, Some(name)),
            None => (
                TOKEN_SPOTS
                    .iter()
                    .copied()
                    .find(|p| far(&taken, *p))
                    .unwrap_or(CENTRE),
                None,
            ),
        };
        fairy_svg(out, at, name);
        drawn.note(Glyph::Fairy);
    }
}

/// A ferry (`class="ferry"`, `data-ends` the edges of the two roads it
/// joins): a brown boat in the lake at the tile's centre, its wake joining
/// the two road ends; `None`, the boat alone (the legend's icon, at the
/// origin).
fn ferry_svg(out: &mut String, ends: Option<(Side, Side)>) {
    let boat = "<rect x=\"-6\" y=\"-3\" width=\"12\" height=\"6\" rx=\"3\" fill=\"#a0522d\" stroke=\"#4a2410\"/>";
    let Some((a, b)) = ends else {
        token_svg(out, "ferry", "", Pt(0.0, 0.0), 1.0, boat);
        return;
    };
    let (pa, pb) = (
        lerp(CENTRE, side_mid(a), 0.6),
        lerp(CENTRE, side_mid(b), 0.6),
    );
    let _ = write!(
        out,
        "<g class=\"ferry\" data-ends=\"{a}{b}\"><path d=\"M{} {}Q{} {} {} {}\" fill=\"none\" stroke=\"#4a2410\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/><g transform=\"translate({} {})\">{boat}</g></g>",
        num(pa.0 * T),
        num(pa.1 * T),
        num(CENTRE.0 * T),
        num(CENTRE.1 * T),
        num(pb.0 * T),
        num(pb.1 * T),
        num(CENTRE.0 * T),
        num(CENTRE.1 * T),
    );
}

/// The Princess & the Dragon's panel beside the board, from `x` and `y` on
/// (`<g class="dragon-panel">`): where the dragon and the fairy are, the
/// tiles set aside (`class="aside"`, `data-tiles`), and the figures the
/// dragon ate in the turn shown (`class="eaten"`, one meeple each). Returns
/// it, its bottom and its right edge.
fn dragon_panel(
    game: &Game<'_>,
    d: &crate::rules::expansions::princess_and_dragon::Dragon,
    x: f64,
    y: f64,
) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = y;
    let mut right = x + 190.0;
    out.push_str("<g class=\"dragon-panel\" font-size=\"12\" fill=\"#333\">\n");
    let mut line = |out: &mut String, y: f64, class: &str, head: &str, text: &str| {
        let _ = writeln!(
            out,
            "<g class=\"{class}\"><text x=\"{}\" y=\"{}\"><tspan font-weight=\"bold\">{}</tspan> {}</text></g>",
            num(x),
            num(y),
            escape(head),
            escape(text)
        );
        right = right.max(x + (head.chars().count() + text.chars().count() + 1) as f64 * 7.0);
    };
    let dragon = d.dragon().map_or_else(
        || "not in play (no volcano yet)".to_string(),
        |p| format!("at {p}"),
    );
    line(&mut out, y, "dragon-at", "The dragon", &dragon);
    y += PANEL_LINE * 0.8;
    let fairy = match d.fairy() {
        None => "not placed yet".to_string(),
        Some(f) => {
            let next_to = game
                .board()
                .at(f.pos)
                .and_then(|placed| Some((placed, fairy_follower(game, placed, f)?)));
            match next_to {
                Some((placed, (segment, player))) => {
                    let spot =
                        crate::generate::spot_of(game, placed.tile, placed.rotation, segment)
                            .map_or_else(String::new, |s| format!(" on {s}"));
                    format!(
                        "at {}, next to {}'s follower{spot}",
                        f.pos,
                        game.name(player)
                    )
                }
                None => format!("at {}", f.pos),
            }
        }
    };
    line(&mut out, y, "fairy-at", "The fairy", &fairy);
    y += PANEL_LINE * 0.8;
    let aside: Vec<String> = d
        .aside()
        .iter()
        .map(|t| game.catalog().def(*t).id.clone())
        .collect();
    let text = if aside.is_empty() {
        "none".to_string()
    } else {
        aside.join(", ")
    };
    let _ = writeln!(
        out,
        "<g class=\"aside\" data-tiles=\"{}\"><text x=\"{}\" y=\"{}\"><tspan font-weight=\"bold\">Set aside</tspan> {}</text></g>",
        escape(&aside.join(" ")),
        num(x),
        num(y),
        escape(&text)
    );
    if !d.eaten().is_empty() {
        y += PANEL_LINE;
        let head = format!("Eaten in turn {}", game.turn());
        let _ = write!(
            out,
            "<g class=\"eaten\"><text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>",
            num(x),
            num(y + 4.0),
            escape(&head)
        );
        let mut ix = x + head.chars().count() as f64 * 7.5 + 14.0;
        for (owner, figure) in d.eaten() {
            let scale = if *figure == Figure::Big { 1.3 } else { 1.0 };
            let mut icon = String::new();
            meeple(
                &mut icon,
                "meeple",
                Pt(0.0, 0.0),
                colour(game, *owner),
                false,
            );
            let _ = write!(
                out,
                "<g class=\"meal\" data-owner=\"{}\" data-figure=\"{}\" transform=\"translate({} {}) scale({})\">{icon}</g>",
                escape(game.name(*owner)),
                figure_name(*figure),
                num(ix),
                num(y),
                num(scale)
            );
            ix += 20.0;
        }
        out.push_str("</g>\n");
        right = right.max(ix);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE - TOP, right)
}

/// A figure kind as the notation and the JSON documents name it.
fn figure_name(figure: Figure) -> &'static str {
    figure.notation().unwrap_or("follower")
}

/// A cathedral: a pale church with a slate roof and a tower with a spire and a
/// cross, centred on a point.
fn cathedral_svg(out: &mut String, at: Pt) {
    let (x, y) = (at.0, at.1);
    let p = |dx: f64, dy: f64| format!("{} {}", num((x + dx) * T), num((y + dy) * T));
    let _ = write!(
        out,
        "<g class=\"cathedral\" stroke=\"#3a2a1a\" stroke-width=\"1\" stroke-linejoin=\"round\"><path d=\"M{}H{}V{}H{}Z\" fill=\"#f4efe2\"/><path d=\"M{}L{}L{}Z\" fill=\"#5d5a7e\"/><path d=\"M{}H{}V{}H{}Z\" fill=\"#f4efe2\"/><path d=\"M{}L{}L{}Z\" fill=\"#5d5a7e\"/><path d=\"M{}V{}M{}H{}\" fill=\"none\" stroke-width=\"1.3\"/></g>",
        // The nave and its roof.
        p(-0.04, -0.01),
        num((x + 0.13) * T),
        num((y + 0.09) * T),
        num((x - 0.04) * T),
        p(-0.05, -0.01),
        p(0.045, -0.08),
        p(0.14, -0.01),
        // The tower, its spire and the cross.
        p(-0.12, -0.07),
        num((x - 0.04) * T),
        num((y + 0.09) * T),
        num((x - 0.12) * T),
        p(-0.13, -0.07),
        p(-0.08, -0.16),
        p(-0.03, -0.07),
        p(-0.08, -0.16),
        num((y - 0.22) * T),
        p(-0.1, -0.195),
        num((x - 0.06) * T),
    );
}

/// A goods symbol: a small token in the kind's colour with its letter.
fn goods_svg(out: &mut String, at: Pt, goods: Goods) {
    let (fill, ink) = match goods {
        Goods::Wine => ("#8e2454", "#ffffff"),
        Goods::Grain => ("#e2b22a", "#3a2a00"),
        Goods::Cloth => ("#3f6fb5", "#ffffff"),
    };
    let _ = write!(
        out,
        "<g class=\"goods\" data-goods=\"{}\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"#f4f4f4\" stroke-width=\"1\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
        goods.name(),
        num(at.0 * T),
        num(at.1 * T),
        num(T * 0.085),
        num(at.0 * T),
        num(at.1 * T + T * 0.04),
        num(T * 0.13),
        goods_char(goods),
    );
}

/// Where a city's cathedral and goods go: away from its figure and its banner.
fn city_mark_spots(sides: &[Side]) -> [Pt; 2] {
    let (anchor, _) = city_spots(sides);
    match sides {
        [side] => {
            let along = lerp(corner(side.index()), corner(side.index() + 1), 0.73);
            [
                lerp(along, CENTRE, 0.22),
                lerp(side_mid(*side), CENTRE, 0.1),
            ]
        }
        _ => {
            let last = sides.last().map_or(CENTRE, |s| side_mid(*s));
            let first = sides.first().map_or(0, |s| s.index());
            [lerp(anchor, last, 0.55), lerp(anchor, corner(first), 0.55)]
        }
    }
}

/// A pennant (a small shield) centred on a point.
fn banner(out: &mut String, at: Pt) {
    let (x, y) = (at.0 * T, at.1 * T);
    let (w, h) = (T * 0.16, T * 0.19);
    let _ = write!(
        out,
        "<path class=\"banner\" d=\"M{} {}H{}V{}Q{} {} {} {}Q{} {} {} {}Z\" fill=\"#2f55b0\" stroke=\"#f4f4f4\" stroke-width=\"1.2\"/>",
        num(x - w / 2.0),
        num(y - h / 2.0),
        num(x + w / 2.0),
        num(y),
        num(x + w / 2.0),
        num(y + h * 0.35),
        num(x),
        num(y + h / 2.0),
        num(x - w / 2.0),
        num(y + h * 0.35),
        num(x - w / 2.0),
        num(y),
    );
}

/// A small building at the centre of a tile.
fn monastery(out: &mut String) {
    let p = |u: f64| num(u * T);
    let _ = write!(
        out,
        "<g class=\"monastery\" stroke=\"#4a3520\" stroke-width=\"1\" stroke-linejoin=\"round\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#efe3c6\"/><path d=\"M{} {}L{} {}L{} {}Z\" fill=\"#b8452e\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#4a3520\"/></g>",
        p(0.36),
        p(0.47),
        p(0.28),
        p(0.2),
        p(0.32),
        p(0.48),
        p(0.5),
        p(0.3),
        p(0.68),
        p(0.48),
        p(0.46),
        p(0.55),
        p(0.08),
        p(0.12),
    );
}

/// One placed tile, in tile coordinates (the caller translates it); what it
/// draws of the figures and the expansions' tokens is noted in `drawn`, for
/// the legend.
fn svg_tile(
    out: &mut String,
    game: &Game<'_>,
    def: &TileDef,
    placed: &PlacedTile,
    figures: &[OnTile],
    (tower, dragon): (Option<TowerMark>, DragonMark),
    drawn: &mut Seen,
) {
    let shape = tile_shape(def, placed.rotation);
    let _ = write!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"{FIELD}\"/>",
        num(T),
        num(T)
    );
    river_svg(out, &shape);
    banded_paths(out, &shape.roads, "road", (ROAD, ROAD_EDGE), ROAD_WIDTH);
    if shape.junction {
        let _ = write!(
            out,
            "<rect class=\"junction\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#6d5a40\" stroke=\"#3b2f20\"/>",
            num(T * 0.41),
            num(T * 0.41),
            num(T * 0.18),
            num(T * 0.18)
        );
    }
    for CityShape { area, walls, .. } in &shape.cities {
        let _ = write!(
            out,
            "<path class=\"city\" d=\"{}\" fill=\"{CITY}\"/>",
            area.d(true)
        );
        for w in walls {
            let _ = write!(
                out,
                "<path d=\"{}\" fill=\"none\" stroke=\"{WALL}\" stroke-width=\"2\"/>",
                w.d(false)
            );
        }
    }
    for inn in &shape.inns {
        inn_svg(out, *inn);
        drawn.inn = true;
    }
    for city in &shape.cities {
        if city.banner {
            banner(out, city_spots(&city.sides).1);
        }
        let mut spots = city_mark_spots(&city.sides).into_iter();
        if city.cathedral
            && let Some(at) = spots.next()
        {
            cathedral_svg(out, at);
            drawn.note(Glyph::Cathedral);
        }
        if let Some(goods) = city.goods
            && let Some(at) = spots.next()
        {
            goods_svg(out, at, goods);
            drawn.note(Glyph::Goods(goods));
        }
    }
    if shape.monastery.is_some() {
        monastery(out);
    }
    let mut figures_at: Vec<(SegmentId, Player, Pt)> = Vec::new();
    for (segment, player, figure) in figures {
        let Some(seg) = def.segment(*segment) else {
            continue;
        };
        let sides = board_sides(seg.edges, placed.rotation);
        let (at, lying) = match seg.kind {
            FeatureKind::City => (city_spots(&sides).0, false),
            FeatureKind::Road => (road_spot(&sides), false),
            FeatureKind::Monastery => (Pt(0.66, 0.6), false),
            // A farmer lies down; a pig stands in its field.
            FeatureKind::Field => (
                field_spot(def, placed.rotation, &shape, *segment),
                *figure != Figure::Pig,
            ),
        };
        figure_svg(out, *figure, at, colour(game, *player), lying);
        drawn.note(Glyph::Figure(*player, *figure));
        figures_at.push((*segment, *player, at));
    }
    if let Some(mark) = tower {
        // On the cell of the catalog picture's tower place.
        let (r, c) = tower_cell(def, placed.rotation).unwrap_or((3, 3));
        let at = Pt((c as f64 + 0.5) / 5.0, (r as f64 + 0.5) / 5.0);
        if mark.height == 0 && mark.guard.is_none() {
            tower_place_svg(out, at);
            drawn.tower_place = true;
        } else {
            tower_svg(out, game, at, mark, "guard");
            drawn.tower = true;
        }
    }
    if dragon != DragonMark::default() {
        dragon_tile_svg(out, game, def, placed, &shape, (dragon, &figures_at), drawn);
    }
    if let Some(magic) = game.magic() {
        for (i, pawn) in Pawn::ALL.into_iter().enumerate() {
            let Some(stand) = magic.stand(pawn).filter(|s| s.pos == placed.pos) else {
                continue;
            };
            let Some(seg) = game
                .features()
                .segment_of(stand.node)
                .and_then(|s| def.segment(s))
            else {
                continue;
            };
            let sides = board_sides(seg.edges, placed.rotation);
            // Beside where a follower of the feature would stand.
            let at = match seg.kind {
                FeatureKind::City => city_mark_spots(&sides)[1],
                _ => {
                    let p = road_spot(&sides);
                    Pt(p.0 + if p.0 > 0.7 { -0.17 } else { 0.17 }, p.1)
                }
            };
            pawn_svg(out, pawn, at);
            if let Some(s) = drawn.pawns.get_mut(i) {
                *s = true;
            }
        }
    }
    let _ = write!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.18\" stroke-width=\"0.6\"/>",
        num(T),
        num(T)
    );
}

/// The placed tiles of a feature named by a tile and a spot.
fn feature_tiles(game: &Game<'_>, feature: FeatureRef) -> Option<Vec<usize>> {
    let board = game.board();
    let placed = board.at(feature.pos)?;
    let def = game.catalog().get(placed.tile)?;
    let segment = feature.spot.segment(def, placed.rotation)?;
    let features = game.features();
    let node = node_of(placed, segment);
    features.feature(node)?;
    Some(
        features
            .distinct_tiles(node)
            .iter()
            .map(|t| *t as usize)
            .collect(),
    )
}

/// The segments of a feature named by a tile and a spot, each with the index
/// of its placed tile, and the feature's kind.
fn feature_segments(
    game: &Game<'_>,
    feature: FeatureRef,
) -> Option<(FeatureKind, Vec<(usize, SegmentId)>)> {
    let placed = game.board().at(feature.pos)?;
    let def = game.catalog().get(placed.tile)?;
    let segment = feature.spot.segment(def, placed.rotation)?;
    let kind = def.segment(segment)?.kind;
    let features = game.features();
    let node = node_of(placed, segment);
    features.feature(node)?;
    let mut parts: Vec<(usize, SegmentId)> = features
        .segments(node)
        .map(|(_, tile, seg)| (tile as usize, seg))
        .collect();
    parts.sort_unstable();
    Some((kind, parts))
}

/// Why a feature reference names nothing on the board, if it does not: no
/// tile on its square, or no feature at its spot on the tile there (with the
/// spots the tile has, and the nearest of them).
pub fn highlight_fault(game: &Game<'_>, feature: FeatureRef) -> Option<String> {
    let Some(placed) = game.board().at(feature.pos) else {
        return Some(format!(
            "there is no tile at {} after turn {}",
            feature.pos,
            game.turn()
        ));
    };
    let def = game.catalog().get(placed.tile)?;
    if feature_segments(game, feature).is_some() {
        return None;
    }
    let spots = crate::rules::spot_names(def, placed.rotation);
    let spot = feature.spot.to_string();
    Some(format!(
        "the tile at {} ({} {}) has no feature at {spot}; its spots: {}{}",
        feature.pos,
        def.id,
        placed.rotation,
        spots.join(", "),
        crate::suggest::did_you_mean(&spot, spots.iter().map(String::as_str))
    ))
}

/// The heavy form of a character of a highlighted feature's part.
fn heavy(c: char) -> char {
    match c {
        '▓' => '█',
        '·' => '•',
        '⌂' => '■',
        '─' => '━',
        '│' => '┃',
        '┌' => '┏',
        '┐' => '┓',
        '└' => '┗',
        '┘' => '┛',
        '├' => '┣',
        '┤' => '┫',
        '┬' => '┳',
        '┴' => '┻',
        '┼' => '╋',
        other => other,
    }
}

/// A kind of figure or token the SVG legend lists.
#[derive(Debug, Clone, Copy)]
enum LegendItem {
    /// A figure kind, drawn in the colour of the first player seen with one.
    Figure(Figure, Player),
    Inn,
    Cathedral,
    Goods(Goods),
    TowerPlace,
    /// A tower, with a guard of the player's colour when one is drawn.
    Tower(Option<Player>),
    /// A prisoner, drawn in the colour of the first one's owner.
    Prisoner(Player),
    /// A tile's symbol (The Princess & the Dragon).
    Symbol(Symbol),
    Princess,
    Dragon,
    Fairy,
    /// A flying machine (The Flying Machines).
    Flight,
    /// A crop circle (The Crop Circles).
    Circle,
    /// A ferry (The Ferries).
    Ferry,
    /// The mage or the witch (Mage & Witch).
    Pawn(Pawn),
}

impl LegendItem {
    /// The name in the `data-item` attribute (the class of what it keys).
    fn name(self) -> &'static str {
        match self {
            LegendItem::Figure(Figure::Follower, _) => "follower",
            LegendItem::Figure(Figure::Big, _) => "big-follower",
            LegendItem::Figure(Figure::Builder, _) => "builder",
            LegendItem::Figure(Figure::Pig, _) => "pig",
            LegendItem::Inn => "inn",
            LegendItem::Cathedral => "cathedral",
            LegendItem::Goods(g) => g.name(),
            LegendItem::TowerPlace => "tower-place",
            LegendItem::Tower(_) => "tower",
            LegendItem::Prisoner(_) => "prisoner",
            LegendItem::Symbol(s) => symbol_class(s),
            LegendItem::Princess => "princess",
            LegendItem::Dragon => "dragon",
            LegendItem::Fairy => "fairy",
            LegendItem::Flight => "flier",
            LegendItem::Circle => "crop-circle",
            LegendItem::Ferry => "ferry",
            LegendItem::Pawn(p) => p.name(),
        }
    }

    /// The words under the icon.
    fn label(self) -> String {
        match self {
            LegendItem::Figure(f, _) => f.word().to_string(),
            LegendItem::Inn => "inn".to_string(),
            LegendItem::Cathedral => "cathedral".to_string(),
            LegendItem::Goods(g) => g.name().to_string(),
            LegendItem::TowerPlace => "tower place".to_string(),
            LegendItem::Tower(None) => "tower (stories)".to_string(),
            LegendItem::Tower(Some(_)) => "tower (stories), its guard".to_string(),
            LegendItem::Prisoner(_) => "prisoner".to_string(),
            LegendItem::Symbol(s) => symbol_word(s).to_string(),
            LegendItem::Princess => "princess".to_string(),
            LegendItem::Dragon => "the dragon".to_string(),
            LegendItem::Fairy => "the fairy".to_string(),
            LegendItem::Flight => "flying machine (its arrow)".to_string(),
            LegendItem::Circle => "crop circle".to_string(),
            LegendItem::Ferry => "ferry".to_string(),
            LegendItem::Pawn(p) => format!("the {p}"),
        }
    }

    /// The room it takes on the line (text width estimated).
    fn width(self) -> f64 {
        30.0 + self.label().chars().count() as f64 * 7.5
    }

    /// Its icon, drawn as on the board, centred on the origin; its class is
    /// prefixed `key-` (`key-pig`), so that only what stands on the board has
    /// the class of its kind.
    fn icon(self, game: &Game<'_>, out: &mut String) {
        let at = Pt(0.0, 0.0);
        let mut icon = String::new();
        match self {
            LegendItem::Figure(f, p) => figure_svg(&mut icon, f, at, colour(game, p), false),
            LegendItem::Inn => inn_svg(&mut icon, at),
            LegendItem::Cathedral => cathedral_svg(&mut icon, at),
            LegendItem::Goods(g) => goods_svg(&mut icon, at, g),
            LegendItem::TowerPlace => tower_place_svg(&mut icon, at),
            LegendItem::Tower(guard) => {
                // Smaller, to keep a guard within its line.
                let mut tower = String::new();
                tower_svg(
                    &mut tower,
                    game,
                    Pt(0.0, 0.05),
                    TowerMark {
                        height: 2,
                        guard: guard.map(|p| (p, Figure::Follower)),
                    },
                    "key-guard",
                );
                let _ = write!(icon, "<g transform=\"scale(0.8)\">{tower}</g>");
            }
            LegendItem::Prisoner(p) => prisoner_svg(&mut icon, game, at, p, Figure::Follower),
            LegendItem::Symbol(s) => symbol_svg(&mut icon, s, at),
            LegendItem::Princess => princess_svg(&mut icon, at),
            LegendItem::Dragon => dragon_svg(&mut icon, at),
            LegendItem::Fairy => fairy_svg(&mut icon, at, None),
            LegendItem::Flight => flight_svg(&mut icon, Compass::W, at),
            LegendItem::Circle => circle_svg(&mut icon, None, at),
            LegendItem::Ferry => ferry_svg(&mut icon, None),
            LegendItem::Pawn(p) => pawn_svg(&mut icon, p, at),
        }
        out.push_str(&icon.replacen("class=\"", "class=\"key-", 1));
    }
}

/// What the legend keys: each kind of figure drawn (in [`Figure::ALL`]'s
/// order), then inns, cathedrals and each kind of goods drawn, then The
/// Tower's: tower places, towers (with a guard when one is drawn) and
/// prisoners.
fn legend_items(game: &Game<'_>, drawn: &Seen) -> Vec<LegendItem> {
    let mut items: Vec<LegendItem> = Figure::ALL
        .into_iter()
        .filter_map(|f| {
            let player = drawn.figures.get(f.index()).copied().flatten()?;
            Some(LegendItem::Figure(f, player))
        })
        .collect();
    if drawn.inn {
        items.push(LegendItem::Inn);
    }
    if drawn.cathedral {
        items.push(LegendItem::Cathedral);
    }
    items.extend(
        Goods::ALL
            .into_iter()
            .filter(|g| drawn.goods.get(g.index()) == Some(&true))
            .map(LegendItem::Goods),
    );
    if drawn.tower_place {
        items.push(LegendItem::TowerPlace);
    }
    if let Some(towers) = game.towers() {
        if drawn.tower {
            let guard = towers
                .towers()
                .iter()
                .find_map(|t| t.guard)
                .map(|g| g.player);
            items.push(LegendItem::Tower(guard));
        }
        if let Some(first) = towers.prisoners().first() {
            items.push(LegendItem::Prisoner(first.owner));
        }
    }
    for (i, symbol) in Symbol::ALL.into_iter().enumerate() {
        if drawn.symbols.get(i) == Some(&true) {
            items.push(LegendItem::Symbol(symbol));
        }
    }
    for (seen, item) in [
        (drawn.princess, LegendItem::Princess),
        (drawn.dragon, LegendItem::Dragon),
        (drawn.fairy, LegendItem::Fairy),
        (drawn.flight, LegendItem::Flight),
        (drawn.circle, LegendItem::Circle),
        (drawn.ferry, LegendItem::Ferry),
    ] {
        if seen {
            items.push(item);
        }
    }
    for (seen, pawn) in drawn.pawns.iter().zip(Pawn::ALL) {
        if *seen {
            items.push(LegendItem::Pawn(pawn));
        }
    }
    items
}

/// A standalone SVG document of the board.
///
/// Every placed tile is one `<g class="tile" data-pos="x,y" data-tile="D"
/// data-rotation="r90">` element drawn from the catalog geometry: fields green,
/// cities tan with brown walls and a blue shield for a banner, roads as light
/// strokes, a monastery as a small building, a three- or four-way junction as a
/// small square. The River is a blue band (`class="river"`) from each river edge
/// to the centre, a spring or a lake a blue pool (`class="pool"`); an inn is a
/// small house beside its road (`class="inn"`), a cathedral a church with a
/// spire in its city (`class="cathedral"`), goods a token with the kind's letter
/// (`class="goods" data-goods="wine"`). Figures are drawn in their player's
/// colour on the spot they stand on, one `<g>` each classed by kind: a follower
/// is a meeple (`follower`; farmers lie down), a large follower a meeple 1.4
/// times bigger (`big-follower`), a builder a robed figure with a hat
/// (`builder`), a pig a pig (`pig`). The x coordinates run along the top, the y
/// coordinates down the left side (north up); a legend below names the players
/// and their colours (the default palette by seat, see the module docs), and a
/// second line keys each kind of figure and token the picture draws, only
/// those, in a fixed order: follower, large follower, builder, pig, inn,
/// cathedral, wine, grain, cloth (`<g class="legend-item" data-item="pig">`).
/// The Princess & the Dragon draws its tiles' symbols (`class="volcano"`,
/// `dragon-tile`, `portal`, `princess`), the dragon (`class="dragon"`) and the
/// fairy (`class="fairy"`, with `data-next-to` naming the follower's owner it
/// stands next to) on their tiles, and a panel beside the board
/// (`class="dragon-panel"`): where they are, the tiles set aside
/// (`class="aside" data-tiles="PD7"`), the figures the dragon ate in the turn
/// shown (`class="meal"`). Beside the board, below those panels, the scoreboard
/// (`class="scoreboard"`): the 50 spaces and each
/// player's marker on its space, with its legend. Mage & Witch draws its tiles' symbol (`class="magic"`)
/// and the mage and the witch (`class="mage"`, `class="witch"`: a disc marked M
/// or W) beside where a follower of their road or city stands.
///
/// [`SvgOptions::last`] outlines the tile placed last; [`SvgOptions::highlight`]
/// marks the segments of one feature (`class="highlight"`, a
/// `class="highlight-part"` a segment) and dims the tiles it does not reach;
/// [`SvgOptions::final_scoring`] draws the scoreboard after the final scoring,
/// titled so (`data-final-scoring="true"`). The document uses no external
/// resources.
pub fn board_svg(game: &Game<'_>, options: &SvgOptions) -> String {
    let board = game.board();
    let tiles = board.tiles();
    let (min_x, max_x, min_y, max_y) = bounds(tiles).unwrap_or((0, 0, 0, 0));
    let columns = (max_x - min_x + 1) as f64;
    let rows = (max_y - min_y + 1) as f64;
    // The legend: one entry per player, then the turn; the picture is widened
    // when the board is narrower than its line (text width estimated).
    let legend: Vec<(Player, String, f64)> = players(game)
        .into_iter()
        .map(|p| {
            let label = format!("{} ({})", game.name(p), colour(game, p).name);
            let w = 36.0 + label.chars().count() as f64 * 7.5;
            (p, label, w)
        })
        .collect();
    let caption = format!("after turn {}", game.turn());
    let legend_width = legend.iter().map(|e| e.2).sum::<f64>() + caption.len() as f64 * 7.5;
    // With The Tower, a panel beside the board: pieces left, prisoners;
    // with The Princess & the Dragon (below it): the dragon, the fairy, the
    // tiles set aside, the turn's meal.
    let panel_x = LEFT + columns * T + 2.0 * PAD;
    let mut panel = game
        .towers()
        .map(|towers| tower_panel(game, towers, panel_x));
    if let Some(d) = game.princess_and_dragon() {
        let y = TOP + 12.0 + panel.as_ref().map_or(0.0, |p| p.1);
        let (text, height, right) = dragon_panel(game, d, panel_x, y);
        panel = Some(match panel {
            Some((before, _, r)) => (before + &text, height, r.max(right)),
            None => (text, height, right),
        });
    }
    // The scoreboard, beside the board (below the other panels).
    {
        let y = TOP + 12.0 + panel.as_ref().map_or(0.0, |p| p.1);
        let end = scored_end(game, options.final_scoring);
        let (text, height, right) =
            scoreboard_panel(end.as_ref().unwrap_or(game), panel_x, y, end.is_some());
        panel = Some(match panel {
            Some((before, _, r)) => (before + &text, height, r.max(right)),
            None => (text, height, right),
        });
    }
    let body = (rows * T).max(panel.as_ref().map_or(0.0, |p| p.1));
    let width = (LEFT + columns * T)
        .max(LEFT + legend_width)
        .max(panel.as_ref().map_or(0.0, |p| p.2))
        + PAD;
    let height = TOP + body + PAD + LEGEND;
    let highlighted: Option<Vec<usize>> = options.highlight.and_then(|f| feature_tiles(game, f));
    let standing = standing(game);
    let towers = tower_marks(game);
    let dragons = dragon_marks(game);
    let origin = |x: i64, y: i64| (LEFT + (x - min_x) as f64 * T, TOP + (max_y - y) as f64 * T);
    // The tiles are drawn first, into their own text, to know which figures
    // and tokens the legend lists.
    let mut drawn = Seen::default();
    let mut board_out = String::new();
    {
        let out = &mut board_out;
        for (i, placed) in tiles.iter().enumerate() {
            let Some(def) = game.catalog().get(placed.tile) else {
                continue;
            };
            let (px, py) = origin(i64::from(placed.pos.x), i64::from(placed.pos.y));
            let marked = highlighted.as_ref().map(|h| h.contains(&i));
            let extra = match marked {
                Some(true) => " data-highlight=\"true\"",
                Some(false) => " opacity=\"0.35\"",
                None => "",
            };
            let _ = write!(
                out,
                "<g class=\"tile\" data-pos=\"{}\" data-tile=\"{}\" data-rotation=\"{}\" data-turn=\"{}\" transform=\"translate({} {})\"{extra}>",
                placed.pos,
                escape(&def.id),
                placed.rotation,
                placed.turn,
                num(px),
                num(py)
            );
            let figures: Vec<OnTile> = standing
                .iter()
                .filter(|s| s.tile == i)
                .map(Standing::on_tile)
                .collect();
            let tower = towers.get(i).copied().flatten();
            let dragon = dragons.get(i).copied().unwrap_or_default();
            svg_tile(
                out,
                game,
                def,
                placed,
                &figures,
                (tower, dragon),
                &mut drawn,
            );
            out.push_str("</g>\n");
        }
    }
    let items = legend_items(game, &drawn);
    let items_width: f64 = items.iter().map(|i| i.width()).sum();
    let width = width.max(LEFT + items_width + PAD);
    let height = height + if items.is_empty() { 0.0 } else { LEGEND_ITEMS };

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        escape(&format!("Board after turn {}", game.turn()))
    );
    let _ = writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"#f7f4ec\"/>",
        num(width),
        num(height)
    );
    // Axes.
    out.push_str("<g class=\"axes\" font-size=\"11\" fill=\"#555\">\n");
    for x in min_x..=max_x {
        let (px, _) = origin(x, max_y);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{x}</text>",
            num(px + T / 2.0),
            num(TOP - 8.0)
        );
    }
    for y in min_y..=max_y {
        let (_, py) = origin(min_x, y);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{y}</text>",
            num(LEFT - 6.0),
            num(py + T / 2.0 + 4.0)
        );
    }
    out.push_str("</g>\n");
    // Tiles.
    out.push_str("<g class=\"board\">\n");
    out.push_str(&board_out);
    out.push_str("</g>\n");
    // Marks over the tiles.
    if options.last
        && let Some(last) = tiles.iter().max_by_key(|t| t.turn)
        && last.turn > 0
    {
        let (px, py) = origin(i64::from(last.pos.x), i64::from(last.pos.y));
        let _ = writeln!(
            out,
            "<rect class=\"last\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"3\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#111\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\"/>",
            num(px + 1.5),
            num(py + 1.5),
            num(T - 3.0),
            num(T - 3.0),
            num(px + 1.5),
            num(py + 1.5),
            num(T - 3.0),
            num(T - 3.0),
        );
    }
    if let Some(feature) = options.highlight
        && let Some((kind, parts)) = feature_segments(game, feature)
    {
        highlight::feature_svg(&mut out, game, (feature, kind), &parts, origin);
    }
    if let Some((panel, _, _)) = &panel {
        out.push_str(panel);
    }
    // Legend.
    out.push_str("<g class=\"legend\" font-size=\"12\" fill=\"#333\">\n");
    let ly = TOP + body + PAD + LEGEND / 2.0;
    let mut lx = LEFT;
    for (p, label, w) in &legend {
        let mut icon = String::new();
        meeple(&mut icon, "player", Pt(0.0, 0.0), colour(game, *p), false);
        let _ = writeln!(
            out,
            "<g transform=\"translate({} {})\">{icon}</g><text x=\"{}\" y=\"{}\">{}</text>",
            num(lx + 8.0),
            num(ly),
            num(lx + 20.0),
            num(ly + 4.0),
            escape(label)
        );
        lx += w;
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#777\">{}</text>",
        num(width - PAD),
        num(ly + 4.0),
        escape(&caption)
    );
    // A second line: each kind of figure and token drawn, in a fixed order.
    let iy = ly + LEGEND_ITEMS;
    let mut ix = LEFT;
    for item in &items {
        let mut icon = String::new();
        item.icon(game, &mut icon);
        let _ = writeln!(
            out,
            "<g class=\"legend-item\" data-item=\"{}\"><g transform=\"translate({} {})\">{icon}</g><text x=\"{}\" y=\"{}\">{}</text></g>",
            item.name(),
            num(ix + 8.0),
            num(iy),
            num(ix + 20.0),
            num(iy + 4.0),
            escape(&item.label())
        );
        ix += item.width();
    }
    out.push_str("</g>\n</svg>\n");
    out
}

// ---------------------------------------------------------------------------
// Data (for `show --format json`)
// ---------------------------------------------------------------------------

/// The board as data: what [`board_text`] and [`board_svg`] draw, for
/// programs (`carcref show --format json`, `notation/json.md`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct BoardView {
    /// The seats, in seat order.
    pub players: Vec<PlayerView>,
    /// Every placed tile, in order of placement.
    pub tiles: Vec<TileView>,
    /// Every figure on the board, tile by tile in order of placement.
    pub figures: Vec<FigureView>,
    /// Every feature of the board (cities, roads, fields, monasteries), in
    /// order of their first-placed segment.
    pub features: Vec<FeatureData>,
    /// With The Tower: the towers built, in the order of their first piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub towers: Option<Vec<TowerView>>,
    /// With The Tower: the followers held by another player, in the order
    /// they were taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Vec<PrisonerView>>,
    /// With The Princess & the Dragon: the dragon's square, `null` before
    /// the first volcano brings it in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon: Option<Option<String>>,
    /// With The Princess & the Dragon: the fairy, `null` before it is first
    /// placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairy: Option<Option<FairyView>>,
    /// With The Princess & the Dragon: the dragon tiles set aside, waiting
    /// for the first volcano, in the order they were set aside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aside: Option<Vec<String>>,
    /// With The Princess & the Dragon: the figures the dragon ate (sent
    /// home), in order: those of the whole game with
    /// [`BoardView::set_meals`], else those of the last turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eaten: Option<Vec<MealView>>,
    /// With Mage & Witch: where the mage stands, `x,y SPOT`; `null` off the
    /// board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mage: Option<Option<String>>,
    /// With Mage & Witch: where the witch stands, as [`BoardView::mage`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witch: Option<Option<String>>,
}

/// The fairy as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FairyView {
    /// The square of its tile, `x,y`.
    pub at: String,
    /// With `fairy-next-follower`: the follower it stands next to, while it
    /// stands there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follower: Option<FairyFollowerView>,
}

/// The follower the fairy stands next to, as [`FairyView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FairyFollowerView {
    /// Its owner's name.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
    /// Its spot on the fairy's tile.
    pub spot: String,
    /// The turn that placed it.
    pub turn: u32,
}

/// A figure the dragon ate, as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MealView {
    /// The turn of the dragon's journey.
    pub turn: u32,
    /// Whose figure it was.
    pub player: String,
    /// Its kind.
    pub figure: Figure,
}

impl BoardView {
    /// The figures the dragon ate during the game (turn, owner, kind; as
    /// [`crate::referee::Replay::dragon_meals`] gives them), in place of
    /// those of the last turn. Nothing changes without The Princess & the
    /// Dragon.
    pub fn set_meals(&mut self, game: &Game<'_>, meals: &[(u32, Player, Figure)]) {
        if let Some(eaten) = &mut self.eaten {
            *eaten = meals
                .iter()
                .map(|(turn, player, figure)| MealView {
                    turn: *turn,
                    player: game.name(*player).to_string(),
                    figure: *figure,
                })
                .collect();
        }
    }
}

/// A tower as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TowerView {
    /// The square of its tile, `x,y`.
    pub at: String,
    /// Its stories: the tower pieces built on it.
    pub height: u8,
    /// The follower closing it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guard: Option<GuardView>,
}

/// The follower on top of a tower, as [`TowerView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GuardView {
    /// Its owner's name.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
    /// The turn that put it there.
    pub turn: u32,
}

/// A prisoner as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PrisonerView {
    /// Who holds it.
    pub jailer: String,
    /// Whose follower it is.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
}

/// A seat as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// The colour of its figures in the pictures.
    pub colour: &'static str,
    /// Points scored during play so far (no final scoring).
    pub score: u32,
    /// Followers (small and large) still in the supply.
    pub followers_in_hand: u8,
    /// With The Tower: the tower pieces left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower_pieces: Option<u8>,
    /// With The Robbers: the space of the scoreboard the player's robber
    /// stands on, `null` in front of the player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robber: Option<Option<u32>>,
    /// With The Messengers: the points the player's messenger has moved
    /// (until the final scoring); `score` is then both pawns' sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messenger: Option<u32>,
}

/// A placed tile as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TileView {
    /// Its square, `x,y`.
    pub at: String,
    /// Its tile id.
    pub tile: String,
    /// Its rotation, `r0` to `r270`.
    pub rotation: String,
    /// The turn that placed it (0: the start tile).
    pub turn: u32,
}

/// A figure as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FigureView {
    /// Its owner's name.
    pub player: String,
    /// Its kind.
    pub figure: Figure,
    /// The square of the tile it stands on, `x,y`.
    pub at: String,
    /// The spot on that tile (canonical name, as a record writes it).
    pub spot: String,
    /// The turn that placed it.
    pub turn: u32,
    /// The feature it stands on, named as [`FeatureData::at`] names it.
    pub feature: String,
}

/// A feature as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FeatureData {
    /// Its kind.
    pub kind: FeatureKind,
    /// Its name: its first-placed segment as a tile and a spot (`0,1 S`).
    pub at: String,
    /// The squares of its distinct tiles, in order of placement.
    pub tiles: Vec<String>,
    /// Whether it is completed: a city or road with no open edge, a monastery
    /// with all eight squares around it taken (a field never is).
    pub complete: bool,
    /// Banners (cities).
    #[serde(skip_serializing_if = "is_zero")]
    pub banners: u32,
    /// Inns (roads; Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub inns: u32,
    /// Cathedrals (cities; Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub cathedrals: u32,
    /// The indexes in [`BoardView::figures`] of the figures standing on it.
    pub figures: Vec<usize>,
    /// Who holds it: the players with the most followers on it now (a large
    /// follower counts two; builders and pigs none), or, for a feature scored
    /// during play, those who scored it.
    pub owners: Vec<String>,
    /// Its scoring during play, if it was completed with a follower on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<ScoredView>,
}

/// A feature's scoring during play, as [`FeatureData`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ScoredView {
    /// The turn that completed it.
    pub turn: u32,
    /// Followers each player had on it (majority strength).
    pub followers: crate::report::OrderedMap<u32>,
    /// Points each scoring player got.
    pub points: crate::report::OrderedMap<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The board of a game as data ([`BoardView`]). `scored`: the scorings of
/// the turns played (those of the final scoring, `turn: None`, are left
/// out), to give each completed feature its points.
pub fn board_view(game: &Game<'_>, scored: &[crate::score::ScoreEvent]) -> BoardView {
    use std::collections::BTreeMap;
    let board = game.board();
    let features = game.features();
    let seats = players(game);
    let name = |p: Player| game.name(p).to_string();
    let players_view = seats
        .iter()
        .map(|&p| PlayerView {
            name: name(p),
            colour: colour(game, p).name,
            score: game.score().get(p).copied().unwrap_or(0),
            followers_in_hand: game.followers_in_hand(p),
            tower_pieces: game
                .towers()
                .map(|t| t.pieces().get(p).copied().unwrap_or(0)),
            robber: game.robbers().map(|r| r.space(p).map(Space::number)),
            messenger: game.pawns().get(p).and_then(|x| x.messenger),
        })
        .collect();
    let tiles = board
        .tiles()
        .iter()
        .map(|t| TileView {
            at: t.pos.to_string(),
            tile: game.catalog().def(t.tile).id.clone(),
            rotation: t.rotation.to_string(),
            turn: t.turn,
        })
        .collect();
    // Every feature, by its stable name (first node), with its root now.
    let mut by_first: BTreeMap<u32, u32> = BTreeMap::new();
    for placed in board.tiles() {
        let Some(def) = game.catalog().get(placed.tile) else {
            continue;
        };
        for segment in segment_ids(def) {
            let root = features.root(node_of(placed, segment));
            by_first.insert(features.first_node_of(root), root);
        }
    }
    let spot_name = |placed: &PlacedTile, segment: SegmentId| {
        let def = game.catalog().def(placed.tile);
        crate::tiles::Spot::all()
            .find(|s| s.segment(def, placed.rotation) == Some(segment))
            .map_or_else(String::new, |s| s.to_string())
    };
    let feature_name = |node: u32| crate::rules::scoring::feature_ref(game, node).to_string();
    let mut figures = Vec::new();
    // For each feature root, the indexes of its figures.
    let mut on_feature: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for s in standing(game) {
        let Some(placed) = board.tiles().get(s.tile) else {
            continue;
        };
        let node = node_of(placed, s.segment);
        on_feature
            .entry(features.root(node))
            .or_default()
            .push(figures.len());
        figures.push(FigureView {
            player: name(s.player),
            figure: s.figure,
            at: placed.pos.to_string(),
            spot: spot_name(placed, s.segment),
            turn: s.turn,
            feature: feature_name(node),
        });
    }
    let in_seat_order = |list: &[(Player, u32)]| {
        let mut list = list.to_vec();
        list.sort_by_key(|(p, _)| *p);
        crate::report::OrderedMap(list.into_iter().map(|(p, n)| (name(p), n)).collect())
    };
    let mut scorings: BTreeMap<u32, &crate::score::ScoreEvent> = BTreeMap::new();
    // The mage's points on a feature scored (Mage & Witch): the feature's
    // points too.
    let mut mage: BTreeMap<u32, u32> = BTreeMap::new();
    for e in scored {
        if e.turn.is_some() && e.reason == crate::score::ScoreReason::Completed {
            scorings.insert(features.root(e.node), e);
        }
        if e.turn.is_some() && e.reason == crate::score::ScoreReason::Mage {
            *mage.entry(features.root(e.node)).or_insert(0) += e.points;
        }
    }
    let features_view = by_first
        .values()
        .filter_map(|&root| {
            let f = features.feature(root)?;
            let tiles: Vec<String> = features
                .distinct_tiles(root)
                .into_iter()
                .filter_map(|t| board.tile(t).map(|p| p.pos.to_string()))
                .collect();
            let complete = match f.kind {
                FeatureKind::City | FeatureKind::Road => f.is_complete(),
                FeatureKind::Monastery => features
                    .tile_of(root)
                    .and_then(|t| board.tile(t))
                    .is_some_and(|p| board.surrounding_count(p.pos) >= 8),
                FeatureKind::Field => false,
            };
            let event = scorings.get(&root);
            let owners = match event {
                Some(e) => e.winners.iter().map(|p| name(*p)).collect(),
                None => {
                    let (_, winners) =
                        crate::score::majority(f.followers().map(|x| (x.player, x.strength())));
                    winners.iter().map(|p| name(*p)).collect()
                }
            };
            Some(FeatureData {
                kind: f.kind,
                at: feature_name(root),
                tiles,
                complete,
                banners: u32::from(f.pennants),
                inns: u32::from(f.inns),
                cathedrals: u32::from(f.cathedrals),
                figures: on_feature.get(&root).cloned().unwrap_or_default(),
                owners,
                scored: event.and_then(|e| {
                    Some(ScoredView {
                        turn: e.turn?,
                        followers: in_seat_order(&e.strength),
                        points: in_seat_order(
                            &e.winners
                                .iter()
                                .map(|p| {
                                    let bonus = mage.get(&root).copied().unwrap_or(0);
                                    (*p, e.points_for(*p).saturating_add(bonus))
                                })
                                .collect::<Vec<_>>(),
                        ),
                    })
                }),
            })
        })
        .collect();
    let towers = game.towers().map(|t| {
        t.towers()
            .iter()
            .map(|t| TowerView {
                at: t.pos.to_string(),
                height: t.height,
                guard: t.guard.map(|g| GuardView {
                    player: name(g.player),
                    figure: g.figure,
                    turn: g.turn,
                }),
            })
            .collect()
    });
    let prisoners = game.towers().map(|t| {
        t.prisoners()
            .iter()
            .map(|p| PrisonerView {
                jailer: name(p.jailer),
                player: name(p.owner),
                figure: p.figure,
            })
            .collect()
    });
    let pd = game.princess_and_dragon();
    let fairy = pd.map(|d| {
        d.fairy().map(|f| FairyView {
            at: f.pos.to_string(),
            follower: board.at(f.pos).and_then(|placed| {
                let (segment, player) = fairy_follower(game, placed, f)?;
                let n = f.next_to?;
                let figure = features
                    .feature(n.node)?
                    .followers()
                    .find(|x| x.node == n.node && x.player == n.player && x.turn == n.turn)?
                    .figure;
                Some(FairyFollowerView {
                    player: name(player),
                    figure,
                    spot: spot_name(placed, segment),
                    turn: n.turn,
                })
            }),
        })
    });
    BoardView {
        players: players_view,
        tiles,
        figures,
        features: features_view,
        towers,
        prisoners,
        dragon: pd.map(|d| d.dragon().map(|p| p.to_string())),
        fairy,
        aside: pd.map(|d| {
            d.aside()
                .iter()
                .map(|t| game.catalog().def(*t).id.clone())
                .collect()
        }),
        eaten: pd.map(|d| {
            d.eaten()
                .iter()
                .map(|(player, figure)| MealView {
                    turn: game.turn(),
                    player: name(*player),
                    figure: *figure,
                })
                .collect()
        }),
        mage: game.magic().map(|_| pawn_at(game, Pawn::Mage)),
        witch: game.magic().map(|_| pawn_at(game, Pawn::Witch)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_and_band_shapes() {
        let (area, walls) = city_shape(&[Side::North]).unwrap();
        assert_eq!(area.d(true), "M0 0L64 0Q32 32 0 0Z");
        assert_eq!(walls.len(), 1);
        let (_, walls) = city_shape(&[Side::East, Side::West]).unwrap();
        assert_eq!(walls.len(), 2);
        let (_, walls) = city_shape(&Side::ALL).unwrap();
        assert!(walls.is_empty());
        assert!(city_shape(&[]).is_none());
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(32.0), "32");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(1.25), "1.3");
    }

    #[test]
    fn road_chars() {
        assert_eq!(road_char(&[Side::East, Side::South]), '┌');
        assert_eq!(road_char(&[Side::East, Side::South, Side::West]), '┬');
        assert_eq!(road_char(&[Side::East]), '─');
        assert_eq!(road_char(&[Side::North]), '│');
    }
}
