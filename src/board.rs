//! Board geometry: positions, the placed tiles, and the edge-matching rule.
//!
//! Coordinates follow the notation: the start tile is at `0,0`, x grows east and y
//! grows north. The board is a dense grid over the bounding box of the placed tiles
//! (grown on demand), so a lookup is one index computation, never a hash.

use std::fmt;

use crate::tiles::{Face, Faces, Rotation, Side, TileCatalog, TileDef, TileId};

/// A board square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Pos {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing north.
    pub y: i32,
}

impl Pos {
    /// A position.
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The square across one side, or `None` past the coordinate range.
    pub fn neighbour(self, side: Side) -> Option<Pos> {
        let (dx, dy) = match side {
            Side::North => (0, 1),
            Side::East => (1, 0),
            Side::South => (0, -1),
            Side::West => (-1, 0),
        };
        Some(Pos::new(self.x.checked_add(dx)?, self.y.checked_add(dy)?))
    }

    /// Whether `other` is this square or one of the eight around it.
    #[inline]
    pub fn is_near(self, other: Pos) -> bool {
        self.x.abs_diff(other.x) <= 1 && self.y.abs_diff(other.y) <= 1
    }

    /// The eight squares around this one (fewer at the edge of the coordinate range).
    pub fn surrounding(self) -> impl Iterator<Item = Pos> {
        [
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
        ]
        .into_iter()
        .filter_map(move |(dx, dy)| {
            Some(Pos::new(self.x.checked_add(dx)?, self.y.checked_add(dy)?))
        })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A tile on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedTile {
    /// Its kind.
    pub tile: TileId,
    /// Where it lies.
    pub pos: Pos,
    /// How it is turned.
    pub rotation: Rotation,
    /// The turn that placed it (0 for the start tile).
    pub turn: u32,
    /// First feature-graph node of its segments (see `features`).
    pub first_node: u32,
}

/// Index of a placed tile, in order of placement.
pub type TileIndex = u32;

/// Tiles the board makes room for at its first tile (a basic game has 72).
const TILES_AT_FIRST: usize = 96;

/// Where a grid cell keeps what its tile shows its neighbours (see [`Board`]).
const SHOWN_SHIFT: u32 = 32;

/// The bits of a grid cell that a square across side `d` (by [`Side::index`])
/// reads: the edge kind the tile shows it, and two marks that a tile is there.
const ACROSS: [u64; 4] = [
    0x0303 << SHOWN_SHIFT,
    0x0c0c << SHOWN_SHIFT,
    0x3030 << SHOWN_SHIFT,
    0xc0c0 << SHOWN_SHIFT,
];

/// A grid cell for the tile with an index whose edge kinds are packed as
/// [`crate::tiles::Oriented::edge_bits`] (`None` for a kind from another
/// catalog, which touches nothing).
fn cell_word(index: TileIndex, edge_bits: Option<u8>) -> u64 {
    let shown = edge_bits.map_or(0, |e| 0xff00 | u64::from(e.rotate_left(4)));
    u64::from(index.wrapping_add(1)) | shown << SHOWN_SHIFT
}

/// The tile index a grid cell names (past every tile for an empty cell).
#[inline(always)]
fn cell_index(cell: u64) -> usize {
    // An empty cell holds 0, which wraps to an index past every tile.
    (cell as u32).wrapping_sub(1) as usize
}

/// How a tile whose edge kinds are packed in `edge_bits` (as
/// [`crate::tiles::Oriented::edge_bits`]) meets the four cells across its
/// sides, in [`Side::ALL`] order: `(touching, differing)`, two bits a side at
/// `2 * Side::index`, for the sides where a tile lies and those where its
/// edge differs. The edge kinds the neighbours show and their marks are
/// gathered in one word and the four sides compared at once.
#[inline(always)]
fn packed_meeting([n, e, s, w]: [u64; 4], edge_bits: u8) -> (u8, u8) {
    let [an, ae, as_, aw] = ACROSS;
    let theirs = ((n & an) | (e & ae) | (s & as_) | (w & aw)) >> SHOWN_SHIFT;
    let touching = (theirs >> 8) as u8;
    (touching, (edge_bits ^ theirs as u8) & touching)
}

/// The tiles across the four sides of a square, as [`Board::insert_beside`]
/// found their cells: each is looked up only when asked for, so that a side
/// with no tile costs one test.
#[derive(Debug, Clone, Copy)]
pub struct Beside<'a> {
    tiles: &'a [PlacedTile],
    /// The grid's cells across the sides, in [`Side::ALL`] order.
    cells: [u64; 4],
}

impl<'a> Beside<'a> {
    /// The tile across a side.
    #[inline(always)]
    pub fn across(&self, side: Side) -> Option<&'a PlacedTile> {
        let [n, e, s, w] = self.cells;
        let cell = match side {
            Side::North => n,
            Side::East => e,
            Side::South => s,
            Side::West => w,
        };
        self.tiles.get(cell_index(cell))
    }
}

/// The placed tiles and a dense grid over their bounding box.
#[derive(Debug, Default)]
pub struct Board {
    tiles: Vec<PlacedTile>,
    min_x: i64,
    min_y: i64,
    width: i64,
    height: i64,
    /// Columns and rows of the grid whose cells have their four neighbours in
    /// the grid too (all but the first and last; none in an empty grid).
    inner_width: u64,
    inner_height: u64,
    /// 0 = empty; otherwise the tile's index + 1 in the low 32 bits, and at
    /// [`SHOWN_SHIFT`] what the tile shows each neighbour: a byte whose two bits
    /// at `2 * d` hold the edge kind a square across side `d` meets (its own
    /// edge on the opposite side), then a byte of marks that the tile is there.
    /// A square's four neighbours' edges and marks are then [`ACROSS`] masks,
    /// without looking at the tiles.
    cells: Vec<u64>,
}

impl Clone for Board {
    /// The tiles, and a grid over their bounding box and a margin, rather
    /// than the room a board kept from the larger games it held before (a
    /// game is replayed on the same board, cleared): a copy made to look at
    /// a move's outcome pays for this game's squares only.
    fn clone(&self) -> Board {
        /// Squares of grid kept around the tiles: a tile or two placed on
        /// the copy needs no regridding.
        const MARGIN: i64 = 3;
        let mut bounds: Option<(i64, i64, i64, i64)> = None;
        for t in &self.tiles {
            let (x, y) = (i64::from(t.pos.x), i64::from(t.pos.y));
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
            });
        }
        let tight = bounds.map(|(a, b, c, d)| {
            (
                (a - MARGIN).max(self.min_x),
                (b - MARGIN).max(self.min_y),
                (c + MARGIN).min(self.min_x + self.width - 1),
                (d + MARGIN).min(self.min_y + self.height - 1),
            )
        });
        let mut copy = match tight {
            Some((a, b, c, d)) if (c - a + 1) * (d - b + 1) * 2 < self.width * self.height => {
                self.regridded(a, b, c, d)
            }
            _ => Board {
                tiles: Vec::new(),
                min_x: self.min_x,
                min_y: self.min_y,
                width: self.width,
                height: self.height,
                inner_width: self.inner_width,
                inner_height: self.inner_height,
                cells: self.cells.clone(),
            },
        };
        // Room for the tile of the move the copy is made for.
        copy.tiles = Vec::with_capacity(self.tiles.len() + 4);
        copy.tiles.extend_from_slice(&self.tiles);
        copy
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board::default()
    }

    /// Removes every tile, keeping the room of the grid.
    pub fn clear(&mut self) {
        // Every tile lies inside the grid: its cell is found without the range
        // checks of `cell`.
        let (min_x, min_y, width) = (self.min_x, self.min_y, self.width);
        for t in &self.tiles {
            let c = (i64::from(t.pos.y) - min_y) * width + (i64::from(t.pos.x) - min_x);
            // A cell index is never negative: were it so, it would wrap past
            // the grid and be skipped.
            if let Some(slot) = self.cells.get_mut(c as usize) {
                *slot = 0;
            }
        }
        self.tiles.clear();
    }

    /// The placed tiles, in order of placement.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// Number of placed tiles.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether no tile is placed.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// A placed tile by index.
    pub fn tile(&self, index: TileIndex) -> Option<&PlacedTile> {
        self.tiles.get(index as usize)
    }

    fn cell(&self, pos: Pos) -> Option<usize> {
        let dx = i64::from(pos.x) - self.min_x;
        let dy = i64::from(pos.y) - self.min_y;
        // One unsigned comparison per axis rules out both sides of the range.
        if dx as u64 >= self.width as u64 || dy as u64 >= self.height as u64 {
            return None;
        }
        usize::try_from(dy * self.width + dx).ok()
    }

    /// The tile in a grid cell.
    #[inline]
    fn in_cell(&self, cell: usize) -> Option<&PlacedTile> {
        self.tiles.get(cell_index(*self.cells.get(cell)?))
    }

    /// Index of the tile at a position.
    pub fn index_at(&self, pos: Pos) -> Option<TileIndex> {
        let c = self.cell(pos)?;
        match self.cells.get(c) {
            Some(0) | None => None,
            Some(v) => Some(cell_index(*v) as TileIndex),
        }
    }

    /// The tiles across the four sides of a position, in [`Side::ALL`] order.
    #[inline(always)]
    pub fn neighbours(&self, pos: Pos) -> [Option<&PlacedTile>; 4] {
        self.neighbour_cells(pos)
            .map(|v| self.tiles.get(cell_index(v)))
    }

    /// The tiles across the four sides of a position, each looked up when
    /// asked for.
    #[inline(always)]
    pub fn beside(&self, pos: Pos) -> Beside<'_> {
        Beside {
            tiles: &self.tiles,
            cells: self.neighbour_cells(pos),
        }
    }

    /// The sides of a position across which a tile lies, one [`Side::bit`]
    /// each.
    #[inline(always)]
    pub fn taken_sides(&self, pos: Pos) -> u8 {
        Side::ALL
            .into_iter()
            .zip(self.neighbour_cells(pos))
            .fold(0, |m, (side, v)| if v != 0 { m | side.bit() } else { m })
    }

    /// What the grid holds across the four sides of a position, in [`Side::ALL`]
    /// order (0 for an empty square, see [`Board`]'s cells).
    #[inline(always)]
    fn neighbour_cells(&self, pos: Pos) -> [u64; 4] {
        match self.cell_inside(pos) {
            // All four squares are inside the grid (always so around a placed
            // tile, which keeps a margin): they are one row or column away.
            Some(c) => self.cells_around(c),
            None => self.neighbour_cells_by_position(pos),
        }
    }

    /// What the grid holds across the four sides of a cell that
    /// [`Board::cell_inside`] gave.
    #[inline(always)]
    fn cells_around(&self, c: usize) -> [u64; 4] {
        let [n, e, s, w, _] = self.cell_and_around(c);
        [n, e, s, w]
    }

    /// What the grid holds across the four sides of a cell that
    /// [`Board::cell_inside`] gave, then in the cell itself. The five are read
    /// from the rows one below to one above the cell, found once.
    #[inline(always)]
    fn cell_and_around(&self, c: usize) -> [u64; 5] {
        let w = self.width as usize;
        // The cells one row below and above, then the cell and its west and
        // east neighbours, three side by side.
        let cells = self.cells.as_slice();
        if let (Some(&s), Some(&n)) = (cells.get(c - w), cells.get(c + w))
            && let Some(&[west, own, east]) = cells.get(c - 1..c + 2).and_then(|r| r.first_chunk())
        {
            return [n, east, s, west, own];
        }
        [0; 5]
    }

    #[cold]
    fn neighbour_cells_by_position(&self, pos: Pos) -> [u64; 4] {
        Side::ALL.map(|s| {
            pos.neighbour(s)
                .and_then(|p| self.cell(p))
                .and_then(|c| self.cells.get(c).copied())
                .unwrap_or(0)
        })
    }

    /// The tile at a position.
    pub fn at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.in_cell(self.cell(pos)?)
    }

    /// Whether a position is taken.
    pub fn is_occupied(&self, pos: Pos) -> bool {
        self.index_at(pos).is_some()
    }

    /// Whether any neighbour (by an edge) of a position is taken.
    pub fn has_neighbour(&self, pos: Pos) -> bool {
        Side::ALL
            .iter()
            .any(|s| pos.neighbour(*s).is_some_and(|n| self.is_occupied(n)))
    }

    /// Number of taken squares among the eight around a position.
    pub fn surrounding_count(&self, pos: Pos) -> u32 {
        // The eight squares around a cell with a margin are inside the grid:
        // the row below, the squares beside, the row above, each read at once.
        if let Some(c) = self.cell_inside(pos) {
            let w = self.width as usize;
            let row = |at: usize| {
                self.cells
                    .get(at..at + 3)
                    .and_then(|r| r.first_chunk::<3>())
            };
            if let (Some(&[a, b, c0]), Some(&[west, _, east]), Some(&[d, e, f])) =
                (row(c - w - 1), row(c - 1), row(c + w - 1))
            {
                return [a, b, c0, west, east, d, e, f]
                    .into_iter()
                    .map(|v| u32::from(v != 0))
                    .sum();
            }
        }
        self.surrounding_count_by_position(pos)
    }

    /// [`Board::surrounding_count`] square by square, for a position at the
    /// grid's border or outside it.
    #[cold]
    #[inline(never)]
    fn surrounding_count_by_position(&self, pos: Pos) -> u32 {
        pos.surrounding().filter(|p| self.is_occupied(*p)).count() as u32
    }

    /// Places a tile of a kind from `catalog`; the caller has checked that the
    /// square is free.
    pub fn insert(&mut self, catalog: &TileCatalog, tile: PlacedTile) -> TileIndex {
        self.insert_beside(catalog, tile).0
    }

    /// [`Board::insert`], giving also the tiles across the four sides of the
    /// new one, in [`Side::ALL`] order: in the common case the square and its
    /// neighbours are found once, from the rows one below to one above it.
    #[inline(always)]
    pub fn insert_beside(
        &mut self,
        catalog: &TileCatalog,
        tile: PlacedTile,
    ) -> (TileIndex, Beside<'_>) {
        let index = self.tiles.len();
        if index < self.tiles.capacity()
            && let Some(c) = self.cell_inside(tile.pos)
        {
            let w = self.width as usize;
            // The squares one row below and above, then the square and its
            // west and east neighbours, three side by side.
            if let (Some(&s), Some(&n)) = (self.cells.get(c - w), self.cells.get(c + w))
                && let Some([west, own, east]) = self
                    .cells
                    .get_mut(c - 1..c + 2)
                    .and_then(|r| r.first_chunk_mut::<3>())
            {
                let (west, east) = (*west, *east);
                *own = cell_word(
                    index as TileIndex,
                    catalog.edge_bits(tile.tile, tile.rotation),
                );
                self.tiles.push(tile);
                let beside = Beside {
                    tiles: &self.tiles,
                    cells: [n, east, s, west],
                };
                return (index as TileIndex, beside);
            }
        }
        let index = self.insert_growing(catalog, tile);
        let beside = Beside {
            tiles: &self.tiles,
            cells: self.neighbour_cells(tile.pos),
        };
        (index, beside)
    }

    /// [`Board::insert`] when the grid or the list of tiles must grow first.
    #[cold]
    #[inline(never)]
    fn insert_growing(&mut self, catalog: &TileCatalog, tile: PlacedTile) -> TileIndex {
        if self.tiles.capacity() == 0 {
            // Room for a whole game's tiles from the start.
            self.tiles.reserve(TILES_AT_FIRST);
        }
        let index = self.tiles.len() as TileIndex;
        let c = match self.cell_inside(tile.pos) {
            Some(c) => Some(c),
            None => {
                self.ensure(tile.pos);
                self.cell(tile.pos)
            }
        };
        if let Some(slot) = c.and_then(|c| self.cells.get_mut(c)) {
            *slot = cell_word(index, catalog.edge_bits(tile.tile, tile.rotation));
        }
        self.tiles.push(tile);
        index
    }

    /// The cell of a position whose four neighbours are inside the grid too.
    #[inline]
    fn cell_inside(&self, pos: Pos) -> Option<usize> {
        let dx = i64::from(pos.x) - self.min_x;
        let dy = i64::from(pos.y) - self.min_y;
        // One unsigned comparison per axis rules out both the first and the last
        // column (row) and everything outside.
        if ((dx - 1) as u64) < self.inner_width && ((dy - 1) as u64) < self.inner_height {
            // Both are positive here, and so is the cell.
            Some((dy * self.width + dx) as usize)
        } else {
            None
        }
    }

    /// Grows the grid so that `pos` and a margin around it are inside. A side
    /// that must move moves by half the grid's size (or the margin, if more),
    /// so a board spreading one way is regridded a few times only.
    #[cold]
    #[inline(never)]
    fn ensure(&mut self, pos: Pos) {
        const MARGIN: i64 = 10;
        let (x, y) = (i64::from(pos.x), i64::from(pos.y));
        let (min_x, min_y, max_x, max_y) = if self.width == 0 {
            (x - MARGIN, y - MARGIN, x + MARGIN, y + MARGIN)
        } else {
            let (max_x, max_y) = (self.min_x + self.width - 1, self.min_y + self.height - 1);
            let (gx, gy) = (MARGIN.max(self.width / 2), MARGIN.max(self.height / 2));
            (
                if x - 1 < self.min_x {
                    x - gx
                } else {
                    self.min_x
                },
                if y - 1 < self.min_y {
                    y - gy
                } else {
                    self.min_y
                },
                if x + 1 > max_x { x + gx } else { max_x },
                if y + 1 > max_y { y + gy } else { max_y },
            )
        };
        let grown = self.regridded(min_x, min_y, max_x, max_y);
        self.min_x = grown.min_x;
        self.min_y = grown.min_y;
        self.width = grown.width;
        self.height = grown.height;
        self.inner_width = grown.inner_width;
        self.inner_height = grown.inner_height;
        self.cells = grown.cells;
    }

    /// A grid from `min_x, min_y` to `max_x, max_y` holding the cells of the
    /// tiles (the tiles themselves are not copied).
    fn regridded(&self, min_x: i64, min_y: i64, max_x: i64, max_y: i64) -> Board {
        let width = max_x - min_x + 1;
        let height = max_y - min_y + 1;
        let mut grown = Board {
            tiles: Vec::new(),
            min_x,
            min_y,
            width,
            height,
            inner_width: u64::try_from(width - 2).unwrap_or(0),
            inner_height: u64::try_from(height - 2).unwrap_or(0),
            cells: vec![0; usize::try_from(width * height).unwrap_or(0)],
        };
        for t in &self.tiles {
            if let Some(old) = self.cell(t.pos).and_then(|c| self.cells.get(c))
                && let Some(slot) = grown.cell(t.pos).and_then(|c| grown.cells.get_mut(c))
            {
                *slot = *old;
            }
        }
        grown
    }

    /// Empty squares next to at least one tile, in a stable order (by y, then x).
    pub fn frontier(&self) -> Vec<Pos> {
        let mut out: Vec<Pos> = self
            .tiles
            .iter()
            .flat_map(|t| {
                Side::ALL
                    .into_iter()
                    .filter_map(move |s| t.pos.neighbour(s))
            })
            .filter(|p| !self.is_occupied(*p))
            .collect();
        out.sort_unstable_by_key(|p| (p.y, p.x));
        out.dedup();
        out
    }

    /// How a tile at `pos` turned by the given rotation would meet its neighbours,
    /// in one pass: whether it has any, and the first side where it would not
    /// match one.
    pub fn fit(&self, catalog: &TileCatalog, def: &TileDef, pos: Pos, rotation: Rotation) -> Fit {
        self.meet_cells(
            catalog,
            &def.at(rotation).faces,
            def.at(rotation).edge_bits,
            self.neighbour_cells(pos),
        )
    }

    /// The first side where a tile at `pos` turned by the given rotation would not
    /// match its neighbour: `(side, ours, neighbour)`.
    pub fn mismatch(
        &self,
        catalog: &TileCatalog,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<Mismatch> {
        match self.fit(catalog, def, pos, rotation) {
            Fit::Mismatch(m) => Some(m),
            Fit::Alone | Fit::Fits => None,
        }
    }

    /// Whether a tile whose edge kinds are packed in `edge_bits` (as
    /// [`crate::tiles::Oriented::edge_bits`]) may lie at `pos`: the square is
    /// free, touches a tile, and every edge matches its neighbour's. Decided
    /// for a square well inside the grid only: `false` says nothing of why, nor
    /// whether the square is at the grid's edge; [`Board::fit_at`] tells.
    #[inline(always)]
    pub fn fits_at(&self, pos: Pos, edge_bits: u8) -> bool {
        let Some(c) = self.cell_inside(pos) else {
            return false;
        };
        let [n, e, s, w, own] = self.cell_and_around(c);
        let (touching, differing) = packed_meeting([n, e, s, w], edge_bits);
        own == 0 && touching != 0 && differing == 0
    }

    /// The tile already at `pos` (as the error), or else how a tile turned by the
    /// given rotation would meet its neighbours there: [`Board::at`], then
    /// [`Board::fit`], with the square found once.
    #[inline]
    pub fn fit_at(
        &self,
        catalog: &TileCatalog,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
    ) -> Result<Fit, &PlacedTile> {
        let o = def.at(rotation);
        match self.cell_inside(pos) {
            Some(c) => match self.in_cell(c) {
                Some(t) => Err(t),
                None => Ok(self.meet_cells(catalog, &o.faces, o.edge_bits, self.cells_around(c))),
            },
            None => match self.at(pos) {
                Some(t) => Err(t),
                None => {
                    Ok(self.meet_cells(catalog, &o.faces, o.edge_bits, self.neighbour_cells(pos)))
                }
            },
        }
    }

    /// How sides `ours`, whose edge kinds are packed in `edge_bits`, meet what
    /// the grid holds across them (as [`Board::neighbour_cells`] gives it), all
    /// four at once ([`packed_meeting`]); the first side that differs is then
    /// read again.
    #[inline(always)]
    fn meet_cells(
        &self,
        catalog: &TileCatalog,
        ours: &Faces,
        edge_bits: u8,
        cells: [u64; 4],
    ) -> Fit {
        let (touching, differing) = packed_meeting(cells, edge_bits);
        if differing != 0 {
            let side = Side::from_index(differing.trailing_zeros() as usize / 2);
            return self.mismatch_across(catalog, ours, cells, side);
        }
        if touching != 0 { Fit::Fits } else { Fit::Alone }
    }

    /// The face a tile in `cell` shows across side `side` of a square.
    #[inline(always)]
    fn face_across(&self, catalog: &TileCatalog, side: Side, cell: u64) -> Option<Face> {
        let n = self.tiles.get(cell_index(cell))?;
        Some(catalog.faces(n.tile, n.rotation)?.side(side.opposite()))
    }

    /// The mismatch across a side known to differ.
    #[cold]
    #[inline(never)]
    fn mismatch_across(
        &self,
        catalog: &TileCatalog,
        ours: &Faces,
        [n, e, s, w]: [u64; 4],
        side: Side,
    ) -> Fit {
        let cell = match side {
            Side::North => n,
            Side::East => e,
            Side::South => s,
            Side::West => w,
        };
        match self.face_across(catalog, side, cell) {
            Some(theirs) => Fit::Mismatch(Mismatch {
                side,
                ours: ours.side(side).edge,
                theirs: theirs.edge,
                neighbour: cell_index(cell) as TileIndex,
            }),
            None => Fit::Alone,
        }
    }
}

/// How a tile would meet its neighbours ([`Board::fit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// No tile touches it by an edge.
    Alone,
    /// It touches a tile and matches every neighbour.
    Fits,
    /// An edge differs from a neighbour's.
    Mismatch(Mismatch),
}

/// An edge that does not match its neighbour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mismatch {
    /// The side of the new tile.
    pub side: Side,
    /// What the new tile shows there.
    pub ours: crate::tiles::EdgeKind,
    /// What the neighbour shows.
    pub theirs: crate::tiles::EdgeKind,
    /// The neighbour.
    pub neighbour: TileIndex,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> TileCatalog {
        TileCatalog::embedded().unwrap()
    }

    fn placed(x: i32, y: i32) -> PlacedTile {
        PlacedTile {
            tile: TileId(0),
            pos: Pos::new(x, y),
            rotation: Rotation::R0,
            turn: 0,
            first_node: 0,
        }
    }

    /// The squares taken around a position, read a row at a time inside the
    /// grid, are those counted square by square, at the grid's edge and off
    /// it too.
    #[test]
    fn surrounding_count_counts_the_eight_squares() {
        let c = catalog();
        let mut b = Board::new();
        for (x, y) in [
            (0, 0),
            (1, 0),
            (0, 1),
            (-1, 0),
            (-1, -1),
            (1, 1),
            (-1, 1),
            (5, 5),
        ] {
            b.insert(&c, placed(x, y));
        }
        for x in -14..=14 {
            for y in -14..=14 {
                let pos = Pos::new(x, y);
                let by_square = pos.surrounding().filter(|p| b.is_occupied(*p)).count() as u32;
                assert_eq!(b.surrounding_count(pos), by_square, "{pos:?}");
            }
        }
        assert_eq!(b.surrounding_count(Pos::new(0, 0)), 6);
        assert_eq!(b.surrounding_count(Pos::new(0, -1)), 4);
    }

    /// The tiles beside a square, looked up side by side, are the board's
    /// neighbours, inside the grid, at its edge and off it; so are those a
    /// tile inserted is given.
    #[test]
    fn beside_gives_the_neighbours() {
        let c = catalog();
        let mut b = Board::new();
        for (x, y) in [(0, 0), (1, 0), (0, 1), (-1, 0), (5, 5)] {
            b.insert(&c, placed(x, y));
        }
        let around = |b: &Board, pos| Side::ALL.map(|s| b.beside(pos).across(s).map(|t| t.pos));
        for pos in [(0, 0), (1, 1), (0, -1), (6, 5), (40, 40), (-2, 0)].map(|(x, y)| Pos::new(x, y))
        {
            assert_eq!(around(&b, pos), b.neighbours(pos).map(|t| t.map(|t| t.pos)));
        }
        let (index, beside) = b.insert_beside(&c, placed(1, 1));
        let given = Side::ALL.map(|s| beside.across(s).map(|t| t.pos));
        assert_eq!(index, 5);
        assert_eq!(
            given,
            [None, None, Some(Pos::new(1, 0)), Some(Pos::new(0, 1))]
        );
    }

    #[test]
    fn grows_in_every_direction() {
        let c = catalog();
        let mut b = Board::new();
        b.insert(&c, placed(0, 0));
        b.insert(&c, placed(30, 0));
        b.insert(&c, placed(-40, -50));
        assert_eq!(b.index_at(Pos::new(0, 0)), Some(0));
        assert_eq!(b.index_at(Pos::new(30, 0)), Some(1));
        assert_eq!(b.index_at(Pos::new(-40, -50)), Some(2));
        assert_eq!(b.index_at(Pos::new(1, 0)), None);
    }

    /// The packed test a turn's check runs first answers as the full fit does,
    /// on taken, lone and bordering squares, near the grid's edge and past it.
    #[test]
    fn packed_fit_answers_as_the_full_fit() {
        let c = catalog();
        let kinds: Vec<TileId> = c.iter().map(|(id, _)| id).collect();
        let mut b = Board::new();
        let mut k = 0;
        for y in -2..=2 {
            for x in -2..=2 {
                if (x + y) % 2 == 0 {
                    b.insert(
                        &c,
                        PlacedTile {
                            tile: kinds[k % kinds.len()],
                            pos: Pos::new(x, y),
                            rotation: Rotation::ALL[k % 4],
                            turn: k as u32,
                            first_node: 0,
                        },
                    );
                    k += 7;
                }
            }
        }
        let mut fits = 0;
        let squares = (-4..=4)
            .flat_map(|y| (-4..=4).map(move |x| Pos::new(x, y)))
            .chain([Pos::new(12, 0), Pos::new(-11, 11), Pos::new(i32::MAX, 0)]);
        for pos in squares {
            for (_, def) in c.iter() {
                for r in Rotation::ALL {
                    let full = matches!(b.fit_at(&c, def, pos, r), Ok(Fit::Fits));
                    assert_eq!(
                        b.fits_at(pos, def.at(r).edge_bits),
                        full,
                        "{} {r:?} at {pos}",
                        def.id
                    );
                    fits += usize::from(full);
                }
            }
        }
        assert!(fits > 0, "some tile fits somewhere");
    }

    #[test]
    fn taken_sides_name_the_neighbours() {
        let c = catalog();
        let mut b = Board::new();
        b.insert(&c, placed(0, 0));
        b.insert(&c, placed(1, 1));
        // (1, 0) has (0, 0) to the west and (1, 1) to the north.
        assert_eq!(
            b.taken_sides(Pos::new(1, 0)),
            Side::West.bit() | Side::North.bit()
        );
        assert_eq!(b.taken_sides(Pos::new(-1, 0)), Side::East.bit());
        assert_eq!(b.taken_sides(Pos::new(5, 5)), 0);
        // Past the grid, and where coordinates end.
        assert_eq!(b.taken_sides(Pos::new(1000, -1000)), 0);
        assert_eq!(b.taken_sides(Pos::new(i32::MAX, i32::MIN)), 0);
        for (pos, side) in Side::ALL.map(|s| (Pos::new(0, 0).neighbour(s).unwrap(), s)) {
            let opposite = side.opposite().bit();
            assert_eq!(b.taken_sides(pos) & opposite, opposite, "{pos:?}");
        }
    }

    #[test]
    fn near_squares_are_the_square_and_the_eight_around() {
        let at = Pos::new(3, -2);
        let near: Vec<Pos> = (-5..=5)
            .flat_map(|x| (-5..=5).map(move |y| Pos::new(x, y)))
            .filter(|p| at.is_near(*p))
            .collect();
        let mut expected: Vec<Pos> = at.surrounding().chain([at]).collect();
        expected.sort_by_key(|p| (p.x, p.y));
        assert_eq!(near, expected);
        // Far apart across the whole coordinate range, without overflow.
        assert!(!Pos::new(i32::MIN, 0).is_near(Pos::new(i32::MAX, 0)));
        assert!(Pos::new(i32::MAX, i32::MIN).is_near(Pos::new(i32::MAX - 1, i32::MIN + 1)));
    }

    #[test]
    fn neighbour_arithmetic_is_checked() {
        assert_eq!(Pos::new(i32::MAX, 0).neighbour(Side::East), None);
        assert_eq!(Pos::new(0, 0).neighbour(Side::North), Some(Pos::new(0, 1)));
        assert_eq!(Pos::new(i32::MIN, i32::MIN).surrounding().count(), 3);
    }

    #[test]
    fn frontier_is_sorted_and_unique() {
        let c = catalog();
        let mut b = Board::new();
        b.insert(&c, placed(0, 0));
        b.insert(&c, placed(1, 0));
        let f = b.frontier();
        assert_eq!(f.len(), 6);
        assert_eq!(f.first(), Some(&Pos::new(0, -1)));
    }
}
