//! Text pictures of tiles, drawn from the catalog geometry (not stored): the same
//! pictures `carcref tiles` prints and `notation/SPEC.md` shows.
//!
//! A tile is a 5×5 grid: `C` city, `*` a city cell carrying the banner, `-` and `|`
//! road, `+` a road bend or crossing, `o` a junction where roads end, `M` a
//! monastery, `.` field.

use super::{FeatureKind, Rotation, Side, TileDef};

const N: usize = 5;

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

/// The picture of a tile turned by a rotation, one string per row.
pub fn picture(def: &TileDef, rotation: Rotation) -> Vec<String> {
    let mut grid = [['.'; N]; N];
    let board_sides = |mask: u8| -> Vec<Side> {
        Side::ALL
            .into_iter()
            .filter(|s| mask & s.bit() != 0)
            .map(|s| rotation.apply(s))
            .collect()
    };
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
                        (2, 2),
                        if matches!(a, Side::North | Side::South) {
                            '|'
                        } else {
                            '-'
                        },
                    );
                }
                [_, _] => set(&mut grid, (2, 2), '+'),
                _ => road_ends += sides.len(),
            }
        }
    }
    if road_ends >= 3 {
        set(&mut grid, (2, 2), 'o');
    }
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
            cells.push((2, 2));
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
        if seg.banner
            && let Some(c) = cells.last()
        {
            set(&mut grid, *c, '*');
        }
    }
    if def.monastery.is_some() {
        set(&mut grid, (2, 2), 'M');
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
}
