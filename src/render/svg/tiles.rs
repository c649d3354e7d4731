//! A placed tile in the SVG picture: its fields, cities, roads and the
//! River from its shape ([`super::shapes`]), the expansions' marks on it
//! (inns, cathedrals, goods, banners, monasteries, tower places), and the
//! figures and tokens standing on it.

use std::fmt::Write as _;

use super::pieces::{
    circle_svg, dragon_svg, fairy_svg, ferry_svg, figure_svg, flight_svg, pawn_svg, princess_svg,
    symbol_svg, tower_svg,
};
use super::shapes::{
    CENTRE, CityShape, INN_SIZE, POOL, Path, Pt, RIVER_WIDTH, ROAD_WIDTH, TileShape,
    city_mark_spots, city_spots, field_spot, road_spot, room, tile_shape,
};
use super::{T, num};
use crate::board::PlacedTile;
use crate::figures::Figure;
use crate::player::Player;
use crate::render::palette::colour;
use crate::render::scene::{
    DragonMark, Glyph, OnTile, Seen, TowerMark, board_sides, goods_char, tower_cell,
};
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::tiles::{FeatureKind, Goods, SegmentId, TileDef};

const FIELD: &str = "#8dbf5b";

const CITY: &str = "#d4a762";

const WALL: &str = "#7a4a22";

const ROAD: &str = "#f6f0dc";

const ROAD_EDGE: &str = "#8a7a58";

const RIVER: &str = "#4b9be0";

const RIVER_EDGE: &str = "#2c5f96";

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
            "<path d=\"{}\" fill=\"none\" stroke=\"{edge}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
            p.d(false),
            num(T * (width + 0.035))
        );
    }
    for p in paths {
        let _ = write!(
            out,
            "<path class=\"{class}\" d=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
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
pub(super) fn inn_svg(out: &mut String, at: Pt) {
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
pub(super) fn tower_place_svg(out: &mut String, at: Pt) {
    let _ = write!(
        out,
        "<circle class=\"tower-place\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#cfc8b8\" stroke=\"#5e574a\" stroke-width=\"1.2\" stroke-dasharray=\"2 1.5\"/>",
        num(at.0 * T),
        num(at.1 * T),
        num(T * 0.07)
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

/// A cathedral: a pale church with a slate roof and a tower with a spire and a
/// cross, centred on a point.
pub(super) fn cathedral_svg(out: &mut String, at: Pt) {
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
pub(super) fn goods_svg(out: &mut String, at: Pt, goods: Goods) {
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
pub(super) fn svg_tile(
    out: &mut String,
    game: &Game<'_>,
    def: &TileDef,
    placed: &PlacedTile,
    figures: &[OnTile],
    marks: (Option<TowerMark>, DragonMark),
    drawn: &mut Seen,
) {
    tile_art(out, def, placed.rotation, drawn);
    tile_pieces(out, game, def, placed, figures, marks, drawn);
    tile_border(out);
}

/// The faint outline of a tile.
pub(super) fn tile_border(out: &mut String) {
    let _ = write!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.18\" stroke-width=\"0.6\"/>",
        num(T),
        num(T)
    );
}

/// What a kind of tile shows at a rotation whatever the game: its fields,
/// cities, roads and the River, and the marks printed on it (inns,
/// cathedrals, goods, banners, monasteries).
pub(super) fn tile_art(
    out: &mut String,
    def: &TileDef,
    rotation: crate::tiles::Rotation,
    drawn: &mut Seen,
) {
    let shape = tile_shape(def, rotation);
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
}

/// What stands on a placed tile: the figures, The Tower's tower or place,
/// The Princess & the Dragon's and the other expansions' tokens, the mage and
/// the witch.
pub(super) fn tile_pieces(
    out: &mut String,
    game: &Game<'_>,
    def: &TileDef,
    placed: &PlacedTile,
    figures: &[OnTile],
    (tower, dragon): (Option<TowerMark>, DragonMark),
    drawn: &mut Seen,
) {
    let shape = tile_shape(def, placed.rotation);
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
}
