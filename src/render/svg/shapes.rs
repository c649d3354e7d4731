//! The geometry of a tile in the SVG picture, in tile units: the shapes of
//! its cities, the paths of its roads and the River, the spots where figures
//! and marks stand, and the cells of its fields.

use std::fmt::Write as _;

use super::{T, num};
use crate::render::scene::{board_halves, board_sides};
use crate::tiles::{FeatureKind, Goods, Half, Rotation, SegmentId, Side, TileDef};

/// A point in tile units: (0, 0) the north-west corner, (1, 1) the south-east.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Pt(pub(super) f64, pub(super) f64);

pub(super) const CENTRE: Pt = Pt(0.5, 0.5);

pub(super) fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
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

pub(super) fn side_mid(side: Side) -> Pt {
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
pub(super) struct Path {
    start: Pt,
    steps: Vec<Step>,
}

impl Path {
    pub(super) fn d(&self, closed: bool) -> String {
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

/// A city's shape: the area (closed) and its walls (the curves towards the
/// field), both from the board sides it reaches. Every side it reaches is filled
/// edge to edge, so cities join across tiles; each run of sides it does not reach
/// is closed by one curve, deeper the longer the run.
pub(super) fn city_shape(sides: &[Side]) -> Option<(Path, Vec<Path>)> {
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
pub(super) fn city_spots(sides: &[Side]) -> (Pt, Pt) {
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
pub(super) fn road_paths(sides: &[Side]) -> Vec<Path> {
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

pub(super) const ROAD_WIDTH: f64 = 0.13;

/// A city segment as drawn: the sides it reaches, its area and walls.
pub(super) struct CityShape {
    pub(super) sides: Vec<Side>,
    pub(super) area: Path,
    pub(super) walls: Vec<Path>,
    pub(super) banner: bool,
    pub(super) cathedral: bool,
    pub(super) goods: Option<Goods>,
}

/// The drawing of one tile kind at one rotation, in tile units.
pub(super) struct TileShape {
    pub(super) cities: Vec<CityShape>,
    /// The centre lines of the roads.
    pub(super) roads: Vec<Path>,
    pub(super) monastery: Option<SegmentId>,
    pub(super) junction: bool,
    /// The centre lines of the river (The River), from each river edge.
    pub(super) rivers: Vec<Path>,
    /// Whether the river springs or ends in a lake on the tile (one river edge).
    pub(super) pool: bool,
    /// Where the inns stand, beside their roads.
    pub(super) inns: Vec<Pt>,
}

pub(super) const RIVER_WIDTH: f64 = 0.17;

/// Radius of a spring's or a lake's pool.
pub(super) const POOL: f64 = 0.13;

/// Half the size of an inn's marker.
pub(super) const INN_SIZE: f64 = 0.08;

/// The free room around a point of a tile: how far it is from the tile's border,
/// the roads, the river, the cities and the buildings (0 inside them).
pub(super) fn room(shape: &TileShape, p: Pt) -> f64 {
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
pub(super) fn road_spot(sides: &[Side]) -> Pt {
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

pub(super) fn tile_shape(def: &TileDef, rotation: Rotation) -> TileShape {
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
pub(super) const GRID: usize = 32;

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
pub(super) fn field_cells(
    def: &TileDef,
    rotation: Rotation,
    shape: &TileShape,
) -> Vec<Option<SegmentId>> {
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
pub(super) fn field_spot(
    def: &TileDef,
    rotation: Rotation,
    shape: &TileShape,
    segment: SegmentId,
) -> Pt {
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

/// Where a city's cathedral and goods go: away from its figure and its banner.
pub(super) fn city_mark_spots(sides: &[Side]) -> [Pt; 2] {
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
}
