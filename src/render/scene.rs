//! What both pictures of the board ([`super::terminal`] and [`super::svg`])
//! draw: the figures standing on each tile, the tower and the marks of The
//! Princess & the Dragon on each tile, the prisoners, the magic pawns, the
//! feature to highlight, and the marks a picture has drawn, for its key.
//!
//! Both draw every placed tile from the catalog geometry (the segments of its
//! [`TileDef`], turned by the tile's rotation, with the expansions' River,
//! inns, cathedrals and goods), the figures on the spots they stand on
//! (followers, large followers, builders and pigs, each kind told apart), and
//! the coordinates on the axes: x grows east along the top, y grows north down
//! the left side, so the top row is the largest y.

use super::palette::players;
use crate::board::PlacedTile;
use crate::features::node_of;
use crate::figures::Figure;
use crate::player::Player;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::FeatureRef;
use crate::tiles::{Compass, FeatureKind, Goods, Half, Rotation, SegmentId, Side, Symbol, TileDef};

/// The game whose scoreboard a picture draws: the game itself, or, with the
/// final scoring, a copy of it with the final scoring applied (its pawns and
/// robbers; the board is drawn from the game itself).
pub(super) fn scored_end<'c>(game: &Game<'c>, final_scoring: bool) -> Option<Game<'c>> {
    final_scoring.then(|| {
        let mut end = game.clone();
        end.finish();
        end
    })
}

/// The title of the scoreboard after the final scoring.
pub(super) const FINAL_SCOREBOARD: &str = "after the final scoring";

/// A figure on the board: the placed tile (index in the board), the segment it
/// stands on, its owner and its kind.
#[derive(Debug, Clone, Copy)]
pub(super) struct Standing {
    pub(super) tile: usize,
    pub(super) segment: SegmentId,
    pub(super) player: Player,
    pub(super) figure: Figure,
    /// The turn that placed it (a follower a crop circle added beside
    /// another: the circle's turn, not the other's).
    pub(super) turn: u32,
}

/// A figure on one tile: the segment, the owner and the kind.
pub(super) type OnTile = (SegmentId, Player, Figure);

impl Standing {
    pub(super) fn on_tile(&self) -> OnTile {
        (self.segment, self.player, self.figure)
    }
}

/// Every figure on the board (followers, large followers, builders and pigs),
/// tile by tile in order of placement.
pub(super) fn standing(game: &Game<'_>) -> Vec<Standing> {
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

pub(super) fn segment_ids(def: &TileDef) -> impl Iterator<Item = SegmentId> + use<> {
    (0..def.segments.len()).filter_map(|s| SegmentId::try_from(s).ok())
}

/// The board sides a segment reaches, clockwise from north.
pub(super) fn board_sides(edges: u8, rotation: Rotation) -> Vec<Side> {
    let mut sides: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| edges & s.bit() != 0)
        .map(|s| rotation.apply(s))
        .collect();
    sides.sort_unstable();
    sides
}

/// The board half-edges a field reaches, clockwise from the north-west corner.
pub(super) fn board_halves(halves: u8, rotation: Rotation) -> Vec<Half> {
    let mut out: Vec<Half> = Half::all()
        .filter(|h| halves & h.bit() != 0)
        .map(|h| rotation.apply_half(h))
        .collect();
    out.sort_unstable();
    out
}

/// The squares the board covers: `(min_x, max_x, min_y, max_y)`.
pub(super) fn bounds(tiles: &[PlacedTile]) -> Option<(i64, i64, i64, i64)> {
    let first = tiles.first()?;
    let (x, y) = (i64::from(first.pos.x), i64::from(first.pos.y));
    Some(tiles.iter().fold((x, x, y, y), |(a, b, c, d), t| {
        let (x, y) = (i64::from(t.pos.x), i64::from(t.pos.y));
        (a.min(x), b.max(x), c.min(y), d.max(y))
    }))
}

/// What one character cell of the text picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Glyph {
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
    pub(super) fn is_city_mark(self) -> bool {
        matches!(self, Glyph::Banner | Glyph::Cathedral | Glyph::Goods(_))
    }

    /// Plain ground a figure's kind mark may cover.
    pub(super) fn is_ground(self) -> bool {
        matches!(
            self,
            Glyph::Field | Glyph::City | Glyph::Road(_) | Glyph::River
        )
    }
}

/// The text mark of a tower, before its height.
pub(super) const TOWER_CHAR: char = 'T';

/// The words of a tile's symbol in the keys.
pub(super) fn symbol_word(symbol: Symbol) -> &'static str {
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

/// The expansions' marks a text picture shows, for its key.
#[derive(Debug, Default)]
pub(super) struct Seen {
    pub(super) river: bool,
    pub(super) inn: bool,
    pub(super) cathedral: bool,
    pub(super) goods: [bool; 3],
    /// For each figure kind, the owner of the first one drawn.
    pub(super) figures: [Option<Player>; 4],
    pub(super) tower_place: bool,
    pub(super) tower: bool,
    /// The Princess & the Dragon: each symbol drawn (volcano, dragon,
    /// portal), the princess, the dragon, the fairy.
    pub(super) symbols: [bool; Symbol::ALL.len()],
    pub(super) princess: bool,
    pub(super) dragon: bool,
    pub(super) fairy: bool,
    /// The Flying Machines: a flying machine.
    pub(super) flight: bool,
    /// The Crop Circles: a crop circle.
    pub(super) circle: bool,
    /// The Ferries: a ferry.
    pub(super) ferry: bool,
    /// Mage & Witch: the mage and the witch drawn (the SVG picture).
    pub(super) pawns: [bool; 2],
}

impl Seen {
    pub(super) fn note(&mut self, glyph: Glyph) {
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
pub(super) fn goods_char(goods: Goods) -> char {
    match goods {
        Goods::Wine => 'w',
        Goods::Grain => 'g',
        Goods::Cloth => 'c',
    }
}

/// What stands on a tile's tower place (The Tower).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TowerMark {
    /// Its stories (0: an empty tower place).
    pub(super) height: u8,
    /// The follower closing it: owner and kind.
    pub(super) guard: Option<(Player, Figure)>,
}

/// The tower of each placed tile with a tower place, by the tile's index in
/// the board: an empty place where none is built (with The Tower in play).
pub(super) fn tower_marks(game: &Game<'_>) -> Vec<Option<TowerMark>> {
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
pub(super) fn tower_cell(def: &TileDef, rotation: Rotation) -> Option<(usize, usize)> {
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
pub(super) struct DragonMark {
    pub(super) symbol: Option<Symbol>,
    /// A flying machine's arrow, as it points on the board (The Flying
    /// Machines).
    pub(super) flight: Option<Compass>,
    /// A crop circle and the followers it designates (The Crop Circles).
    pub(super) circle: Option<FeatureKind>,
    /// The ferry on the lake: the edges of the two roads it joins (The
    /// Ferries).
    pub(super) ferry: Option<(Side, Side)>,
    pub(super) princess: Option<SegmentId>,
    pub(super) dragon: bool,
    pub(super) fairy: Option<Option<(SegmentId, Player)>>,
}

/// The marks of The Princess & the Dragon of each placed tile, by the
/// tile's index in the board.
pub(super) fn dragon_marks(game: &Game<'_>) -> Vec<DragonMark> {
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
pub(super) fn fairy_follower(
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

/// The prisoners held by each player, in seat order of the jailers, each as
/// the owner and kind with their count, in seat order of the owners and
/// follower before large follower.
type Held = Vec<(Player, Vec<(Player, Figure, usize)>)>;

pub(super) fn prisoners_by_jailer(
    game: &Game<'_>,
    towers: &crate::rules::expansions::tower::Towers,
) -> Held {
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

/// Where a magic pawn stands (Mage & Witch): its square and spot, `x,y
/// SPOT`; `None` off the board.
pub(super) fn pawn_at(game: &Game<'_>, pawn: Pawn) -> Option<String> {
    let stand = game.magic()?.stand(pawn)?;
    let spot = game.pawn_spot(stand)?;
    Some(format!("{} {spot}", stand.pos))
}

/// The segments of a feature named by a tile and a spot, each with the index
/// of its placed tile, and the feature's kind.
pub(super) fn feature_segments(
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
