//! A placed tile in the terminal picture: 5 columns by 3 rows of glyph
//! cells, drawn from the catalog geometry, with its figures, its tower and the
//! marks of The Princess & the Dragon.

use crate::figures::Figure;
use crate::render::scene::{
    DragonMark, Glyph, OnTile, TowerMark, board_halves, board_sides, segment_ids, tower_cell,
};
use crate::tiles::{FeatureKind, Half, Rotation, Segment, SegmentId, Side, TileDef};

pub(super) const TW: usize = 5;

pub(super) const TH: usize = 3;

/// The text mark of a figure kind, written after the owner's marker (an
/// ordinary follower is its owner's marker alone).
pub(super) fn figure_mark(figure: Figure) -> Option<char> {
    match figure {
        Figure::Follower => None,
        Figure::Big => Some('+'),
        Figure::Builder => Some('b'),
        Figure::Pig => Some('p'),
    }
}

type Cell = (usize, usize);

/// A tile in the text picture, 5 columns by 3 rows, with the segment each cell
/// belongs to where known.
pub(super) struct TextTile {
    glyphs: [[Glyph; TW]; TH],
    owner: [[Option<SegmentId>; TW]; TH],
}

impl TextTile {
    pub(super) fn glyph(&self, (r, c): Cell) -> Glyph {
        self.glyphs
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .unwrap_or(Glyph::Empty)
    }

    pub(super) fn owner(&self, (r, c): Cell) -> Option<SegmentId> {
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
pub(super) fn road_char(sides: &[Side]) -> char {
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
pub(super) fn text_tile(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn road_chars() {
        assert_eq!(road_char(&[Side::East, Side::South]), '┌');
        assert_eq!(road_char(&[Side::East, Side::South, Side::West]), '┬');
        assert_eq!(road_char(&[Side::East]), '─');
        assert_eq!(road_char(&[Side::North]), '│');
    }
}
