//! Text pictures of tiles, drawn from the catalog geometry (not stored): the same
//! pictures `carcref tiles` prints and `notation/SPEC.md` shows.
//!
//! A tile is a 5×5 grid: `C` city, `*` a city cell carrying the banner, `#` a
//! cathedral, `w`/`g`/`c` a city cell showing wine, grain or cloth, `p` the
//! princess in her city, `t` the city cell a road passes under through a tunnel,
//! `-` and `|` road, `+` a road bend or crossing, `o` a junction where roads end,
//! `i` an inn (on its road, beside the first edge the road reaches), `~` river, `M`
//! a monastery (in its city for the cloister in the city), `.` field; `T` a tower
//! place, and `V`, `D`, `P` a volcano, dragon or magic portal, each on a free field
//! cell (a city cell where the tile has none), near a corner.
//!
//! A river runs from each edge it reaches through the centre, so a spring or a lake
//! (a river reaching one edge) shows `~` in the centre too. Where something else
//! holds the centre, a straight road keeps it (it crosses the river on a bridge), a
//! road or river bend goes round by the corner cell between its two edges, and a
//! monastery stands on the bank, beside the first field edge.

use super::{EdgeKind, FeatureKind, Goods, Rotation, Side, Symbol, TileDef};

const N: usize = 5;

/// Where a cell of the picture at rotation 0 lies once the tile is turned.
fn turned((r, c): (usize, usize), rotation: Rotation) -> (usize, usize) {
    (0..rotation.quarter_turns()).fold((r, c), |(r, c), _| (c, N - 1 - r))
}

/// The cells a mark not tied to a feature may take, best first, in the picture
/// at rotation 0: inside the corners, the corners, then every cell.
fn mark_cells() -> impl Iterator<Item = (usize, usize)> {
    [
        (3, 3),
        (3, 1),
        (1, 1),
        (1, 3),
        (4, 4),
        (4, 0),
        (0, 0),
        (0, 4),
    ]
    .into_iter()
    .chain((0..N).flat_map(|r| (0..N).map(move |c| (r, c))))
}

/// Puts a mark on the first free field cell of [`mark_cells`] (turned with the
/// tile), or failing that on the first plain city cell; a tile with neither
/// keeps its picture.
fn mark_free_cell(grid: &mut [[char; N]; N], rotation: Rotation, mark: char) {
    for wanted in ['.', 'C'] {
        if let Some(cell) = mark_cells()
            .map(|c| turned(c, rotation))
            .find(|c| get(grid, *c) == wanted)
        {
            set(grid, cell, mark);
            return;
        }
    }
}

/// The letter a symbol shows as.
fn symbol_letter(symbol: Symbol) -> char {
    match symbol {
        Symbol::Volcano => 'V',
        Symbol::Dragon => 'D',
        Symbol::Portal => 'P',
        Symbol::Goldmine => 'G',
        Symbol::Mage => 'W',
        Symbol::Lake => 'L',
        Symbol::Bag => 'B',
    }
}

fn edge_cells(side: Side) -> [(usize, usize); 5] {
    match side {
        Side::North => [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
        Side::East => [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)],
        Side::South => [(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)],
        Side::West => [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    }
}

/// The cell between an edge's middle and the centre.
fn inner_cell(side: Side) -> (usize, usize) {
    match side {
        Side::North => (1, 2),
        Side::East => (2, 3),
        Side::South => (3, 2),
        Side::West => (2, 1),
    }
}

fn edge_middle(side: Side) -> (usize, usize) {
    match side {
        Side::North => (0, 2),
        Side::East => (2, 4),
        Side::South => (4, 2),
        Side::West => (2, 0),
    }
}

fn set(grid: &mut [[char; N]; N], (r, c): (usize, usize), ch: char) {
    if let Some(cell) = grid.get_mut(r).and_then(|row| row.get_mut(c)) {
        *cell = ch;
    }
}

/// The inner corner cell between two adjacent sides (none for opposite sides).
fn corner_cell(a: Side, b: Side) -> Option<(usize, usize)> {
    let has = |s: Side| a == s || b == s;
    if has(Side::North) && has(Side::East) {
        Some((1, 3))
    } else if has(Side::East) && has(Side::South) {
        Some((3, 3))
    } else if has(Side::South) && has(Side::West) {
        Some((3, 1))
    } else if has(Side::West) && has(Side::North) {
        Some((1, 1))
    } else {
        None
    }
}

fn get(grid: &[[char; N]; N], (r, c): (usize, usize)) -> char {
    grid.get(r)
        .and_then(|row| row.get(c))
        .copied()
        .unwrap_or('.')
}

/// The letter a goods symbol shows as.
fn goods_letter(goods: Goods) -> char {
    match goods {
        Goods::Wine => 'w',
        Goods::Grain => 'g',
        Goods::Cloth => 'c',
    }
}

const CENTRE: (usize, usize) = (2, 2);

/// The picture of a tile turned by a rotation, one string per row.
pub fn picture(def: &TileDef, rotation: Rotation) -> Vec<String> {
    let mut grid = [['.'; N]; N];
    // Board sides of a mask, in the picture's order (so that "the first edge" of
    // a segment stays at the same place on the tile as it turns).
    let board_sides = |mask: u8| -> Vec<Side> {
        Side::ALL
            .into_iter()
            .filter(|s| mask & s.bit() != 0)
            .map(|s| rotation.apply(s))
            .collect()
    };
    // A city reaching several edges fills the centre.
    let city_centre = def
        .segments
        .iter()
        .any(|s| s.kind == FeatureKind::City && s.edge_count() > 1);
    let river = board_sides(def.river);
    for s in &river {
        set(&mut grid, edge_middle(*s), '~');
        set(&mut grid, inner_cell(*s), '~');
    }
    match river.as_slice() {
        [] => {}
        [a, b] if city_centre => {
            if let Some(corner) = corner_cell(*a, *b) {
                set(&mut grid, corner, '~');
            }
        }
        _ => set(&mut grid, CENTRE, '~'),
    }
    let mut road_ends = 0;
    for seg in &def.segments {
        if seg.kind == FeatureKind::Road {
            let sides = board_sides(seg.edges);
            for s in &sides {
                let ch = if matches!(s, Side::North | Side::South) {
                    '|'
                } else {
                    '-'
                };
                set(&mut grid, edge_middle(*s), ch);
                set(&mut grid, inner_cell(*s), ch);
            }
            match sides.as_slice() {
                [a, b] if a.opposite() == *b => {
                    set(
                        &mut grid,
                        CENTRE,
                        if matches!(a, Side::North | Side::South) {
                            '|'
                        } else {
                            '-'
                        },
                    );
                }
                [a, b] if get(&grid, CENTRE) == '~' => {
                    if let Some(corner) = corner_cell(*a, *b) {
                        set(&mut grid, corner, '+');
                    }
                }
                [_, _] => set(&mut grid, CENTRE, '+'),
                _ => road_ends += sides.len(),
            }
            if seg.inn
                && let Some(first) = sides.first()
            {
                set(&mut grid, inner_cell(*first), 'i');
            }
        }
    }
    if road_ends >= 3 && get(&grid, CENTRE) != '~' {
        set(&mut grid, CENTRE, 'o');
    }
    // Marks drawn once every city is: the princess, on a free cell of her city.
    let mut later: Vec<((usize, usize), char)> = Vec::new();
    for seg in &def.segments {
        if seg.kind != FeatureKind::City {
            continue;
        }
        let sides = board_sides(seg.edges);
        let mut cells: Vec<(usize, usize)> = Vec::new();
        if let [side] = sides.as_slice() {
            // A cap: the edge without its corners, and the cell inside it.
            cells.extend(edge_cells(*side).into_iter().skip(1).take(3));
            cells.push(inner_cell(*side));
        } else {
            for s in &sides {
                // An edge's corner cells belong to the city only where the edge
                // around the corner is part of the same city.
                for (k, cell) in edge_cells(*s).into_iter().enumerate() {
                    let other = match (s, k) {
                        (_, 1..=3) => None,
                        (Side::North | Side::South, 0) => Some(Side::West),
                        (Side::North | Side::South, _) => Some(Side::East),
                        (Side::East | Side::West, 0) => Some(Side::North),
                        (Side::East | Side::West, _) => Some(Side::South),
                    };
                    if other.is_none_or(|o| sides.contains(&o)) {
                        cells.push(cell);
                    }
                }
                cells.push(inner_cell(*s));
            }
            cells.push(CENTRE);
            for (a, b, corner) in [
                (Side::North, Side::East, (1, 3)),
                (Side::East, Side::South, (3, 3)),
                (Side::South, Side::West, (3, 1)),
                (Side::West, Side::North, (1, 1)),
            ] {
                if sides.contains(&a) && sides.contains(&b) {
                    cells.push(corner);
                }
            }
        }
        for c in &cells {
            set(&mut grid, *c, 'C');
        }
        // The cathedral stands in the middle of its city: the centre, or the
        // cell inside a cap.
        let cathedral = seg.cathedral.then(|| match sides.as_slice() {
            [side] => inner_cell(*side),
            _ => CENTRE,
        });
        if let Some(c) = cathedral {
            set(&mut grid, c, '#');
        }
        let banner = if seg.banner {
            cells.iter().rev().copied().find(|c| Some(*c) != cathedral)
        } else {
            None
        };
        if let Some(c) = banner {
            set(&mut grid, c, '*');
        }
        // The goods symbol: inside the city's first edge, or failing that on the
        // first free city cell.
        if let Some(goods) = seg.goods {
            let first = sides.first().map(|s| [inner_cell(*s), edge_middle(*s)]);
            let cell = first
                .into_iter()
                .flatten()
                .chain(cells.iter().copied())
                .find(|c| Some(*c) != banner && Some(*c) != cathedral);
            if let Some(c) = cell {
                set(&mut grid, c, goods_letter(goods));
            }
        }
        if seg.princess {
            let first = sides.first().map(|s| [inner_cell(*s), edge_middle(*s)]);
            let cell = first
                .into_iter()
                .flatten()
                .chain(cells.iter().copied())
                .find(|c| get(&grid, *c) == 'C');
            if let Some(c) = cell {
                later.push((c, 'p'));
            }
        }
    }
    // A tunnel: the road runs on under the city, which holds the centre.
    if def.segments.iter().any(|s| s.tunnel) {
        set(&mut grid, CENTRE, 't');
    }
    for (cell, mark) in later {
        set(&mut grid, cell, mark);
    }
    if def.monastery.is_some() {
        let cell = if get(&grid, CENTRE) == '~' {
            // The centre is the river's: the monastery stands on a bank.
            Side::ALL
                .into_iter()
                .filter(|s| def.edges.get(s.index()) == Some(&EdgeKind::Field))
                .map(|s| inner_cell(rotation.apply(s)))
                .find(|c| get(&grid, *c) == '.')
                .unwrap_or(CENTRE)
        } else {
            CENTRE
        };
        set(&mut grid, cell, 'M');
    }
    if def.tower {
        mark_free_cell(&mut grid, rotation, 'T');
    }
    if let Some(symbol) = def.symbol {
        mark_free_cell(&mut grid, rotation, symbol_letter(symbol));
    }
    grid.iter()
        .map(|row| {
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::TileCatalog;

    #[test]
    fn start_tile_picture() {
        let c = TileCatalog::embedded().unwrap();
        let d = c.def(c.id("D").unwrap());
        assert_eq!(
            picture(d, Rotation::R0),
            [
                ". C C C .",
                ". . C . .",
                "- - - - -",
                ". . . . .",
                ". . . . ."
            ]
        );
        assert_eq!(picture(d, Rotation::R90)[2], ". . | C C");
    }

    fn tile<'a>(c: &'a TileCatalog, id: &str) -> &'a TileDef {
        c.def(c.id(id).unwrap())
    }

    #[test]
    fn rivers_run_through_the_centre() {
        let c = TileCatalog::embedded().unwrap();
        // The spring: the river leaves east and springs in the centre.
        assert_eq!(
            picture(tile(&c, "RV1"), Rotation::R0),
            [
                ". . . . .",
                ". . . . .",
                ". . ~ ~ ~",
                ". . . . .",
                ". . . . ."
            ]
        );
        // The lake, turned: the river arrives from the north.
        assert_eq!(
            picture(tile(&c, "RV2"), Rotation::R90)[..3],
            [". . ~ . .", ". . ~ . .", ". . ~ . ."]
        );
        // A river bend beside a road bend: the road goes round by its corner.
        assert_eq!(
            picture(tile(&c, "RV9"), Rotation::R0),
            [
                ". . | . .",
                ". . | + .",
                "~ ~ ~ - -",
                ". . ~ . .",
                ". . ~ . ."
            ]
        );
        // A road crossing the river keeps the centre (the bridge).
        assert_eq!(
            picture(tile(&c, "RV6"), Rotation::R90),
            [
                ". . | . .",
                ". . | . .",
                "~ ~ | ~ ~",
                ". . | . .",
                ". . | . ."
            ]
        );
        // A monastery stands on the bank when the river has the centre.
        assert_eq!(picture(tile(&c, "RV5"), Rotation::R0)[1], ". . M . .");
        assert_eq!(picture(tile(&c, "RV5"), Rotation::R180)[3], ". . M . .");
        // A river bend beside a city filling the centre goes round by its corner.
        assert_eq!(
            picture(tile(&c, "RV8"), Rotation::R0),
            [
                "C C C C .",
                "C C C . .",
                "C C C ~ ~",
                "C . ~ ~ .",
                ". . ~ . ."
            ]
        );
    }

    #[test]
    fn an_inn_sits_beside_its_road() {
        let c = TileCatalog::embedded().unwrap();
        // Road south–west: the inn is on the road's first edge (south) and turns
        // with the tile.
        let d = tile(&c, "IC16");
        assert_eq!(
            picture(d, Rotation::R0),
            [
                ". . . . .",
                ". . . . .",
                "- - + . .",
                ". . i . .",
                ". . | . ."
            ]
        );
        assert_eq!(picture(d, Rotation::R90)[2], "- i + . .");
        // A junction: only the east arm has the inn.
        assert_eq!(picture(tile(&c, "IC14"), Rotation::R0)[2], "- - o i -");
    }

    #[test]
    fn the_cathedral_stands_in_the_centre() {
        let c = TileCatalog::embedded().unwrap();
        let d = tile(&c, "IC1");
        for r in Rotation::ALL {
            assert_eq!(
                picture(d, r),
                [
                    "C C C C C",
                    "C C C C C",
                    "C C # C C",
                    "C C C C C",
                    "C C C C C"
                ]
            );
        }
    }

    /// How many cells of a picture show a mark.
    fn count(picture: &[String], mark: char) -> usize {
        picture
            .iter()
            .flat_map(|row| row.chars())
            .filter(|c| *c == mark)
            .count()
    }

    #[test]
    fn every_catalog_tile_draws_at_every_rotation_with_its_marks() {
        let c = TileCatalog::embedded().unwrap();
        for (_, d) in c.iter() {
            for r in Rotation::ALL {
                let p = picture(d, r);
                let at = format!("{} {r}: {p:?}", d.id);
                assert_eq!(p.len(), 5, "{at}");
                assert!(p.iter().all(|row| row.chars().count() == 9), "{at}");
                assert_eq!(count(&p, 'T'), usize::from(d.tower), "{at}");
                for (symbol, mark) in [
                    (Symbol::Volcano, 'V'),
                    (Symbol::Dragon, 'D'),
                    (Symbol::Portal, 'P'),
                    (Symbol::Goldmine, 'G'),
                    (Symbol::Mage, 'W'),
                    (Symbol::Lake, 'L'),
                    (Symbol::Bag, 'B'),
                ] {
                    assert_eq!(
                        count(&p, mark),
                        usize::from(d.symbol == Some(symbol)),
                        "{at}"
                    );
                }
                assert_eq!(count(&p, 'p'), usize::from(d.princess().is_some()), "{at}");
                let tunnel = d.segments.iter().any(|s| s.tunnel);
                assert_eq!(count(&p, 't'), usize::from(tunnel), "{at}");
                assert_eq!(count(&p, 'M'), usize::from(d.monastery.is_some()), "{at}");
            }
        }
    }

    #[test]
    fn the_expansion_marks_turn_with_the_tile() {
        let c = TileCatalog::embedded().unwrap();
        // A tower place on a field: inside the south-east corner, and inside
        // the south-west one a quarter turn later.
        let field = tile(&c, "TW2");
        assert_eq!(picture(field, Rotation::R0)[3], ". . . T .");
        assert_eq!(picture(field, Rotation::R90)[3], ". T . . .");
        assert_eq!(picture(field, Rotation::R180)[1], ". T . . .");
        // The tunnel: the road runs on north and south of the city it passes
        // under; a dragon beside it.
        assert_eq!(
            picture(tile(&c, "PD25"), Rotation::R0),
            [
                ". . | . .",
                "C . | . C",
                "C C t C C",
                "C . | D C",
                ". . | . ."
            ]
        );
        assert_eq!(picture(tile(&c, "PD25"), Rotation::R90)[2], "- - t - -");
        // The princess is in her city (the cap north), not in the other one.
        assert_eq!(
            picture(tile(&c, "PD10"), Rotation::R0),
            [
                ". C C C .",
                ". . p . C",
                ". . C C C",
                ". . C * C",
                ". C C C C"
            ]
        );
        // The cloister in the city: the monastery amid the city's cells.
        assert_eq!(
            picture(tile(&c, "PD13"), Rotation::R0)[1..3],
            ["C C C C C", "C C M C C"]
        );
        // A volcano where the field is all there is.
        assert_eq!(picture(tile(&c, "PD1"), Rotation::R0)[3], ". . . V .");
    }

    #[test]
    fn goods_show_on_their_city() {
        let c = TileCatalog::embedded().unwrap();
        assert_eq!(
            picture(tile(&c, "TB15"), Rotation::R0),
            [
                ". . . . .",
                "C . . . C",
                "C C C w C",
                "C . . . C",
                ". . . . ."
            ]
        );
        // Three cities; the cloth is the north-west one's.
        assert_eq!(
            picture(tile(&c, "TB6"), Rotation::R0),
            [
                "C C C C .",
                "C C c . C",
                "C C C C C",
                "C . C . C",
                ". C C C ."
            ]
        );
        assert_eq!(picture(tile(&c, "TB5"), Rotation::R0)[1], "C C g C C");
        // Never on the banner's cell: on a cap the banner is inside, the goods on
        // the edge.
        let yaml = "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: CFFF, \
                    cities: [{edges: N, banner: true, goods: grain}], \
                    fields: [{halves: [ENE, ESE, SSE, SSW, WSW, WNW], touches: [N]}]}\n";
        let t = TileCatalog::from_sets([("t", yaml)]).unwrap();
        assert_eq!(
            picture(tile(&t, "Z"), Rotation::R0)[..2],
            [". C g C .", ". . * . ."]
        );
    }
}
