//! The highlighted feature of the SVG picture ([`super::SvgOptions::highlight`]):
//! each of its segments drawn over its tile from the tile's geometry, as the
//! board draws it (a city's area, a road's band, a field's part of the tile,
//! a monastery's building), so that what lies beside it on the same tile (a
//! farmer in another field, another road) stays outside the mark.

use std::fmt::Write as _;

use super::shapes::{GRID, Pt, ROAD_WIDTH, city_shape, field_cells, road_paths, tile_shape};
use super::{T, num};
use crate::render::scene::board_sides;
use crate::rules::Game;
use crate::score::FeatureRef;
use crate::tiles::{FeatureKind, SegmentId};

/// The mark's colour.
const HIGHLIGHT: &str = "#ff7a00";

/// Writes the mark of a feature: one `<g class="highlight">` naming it
/// (`data-feature`, `data-kind`), with a `<path class="highlight-part">` for
/// each of its segments (`data-pos`, the tile's square), placed by `origin`
/// (a square's north-west corner in the picture). `parts` are the segments,
/// each with the index of its placed tile.
pub(super) fn feature_svg(
    out: &mut String,
    game: &Game<'_>,
    (feature, kind): (FeatureRef, FeatureKind),
    parts: &[(usize, SegmentId)],
    origin: impl Fn(i64, i64) -> (f64, f64),
) {
    let _ = writeln!(
        out,
        "<g class=\"highlight\" data-feature=\"{feature}\" data-kind=\"{kind}\" fill=\"{HIGHLIGHT}\" stroke=\"{HIGHLIGHT}\">"
    );
    for &(index, segment) in parts {
        let Some(placed) = game.board().tiles().get(index) else {
            continue;
        };
        let Some(def) = game.catalog().get(placed.tile) else {
            continue;
        };
        let Some(seg) = def.segment(segment) else {
            continue;
        };
        let sides = board_sides(seg.edges, placed.rotation);
        let (px, py) = origin(i64::from(placed.pos.x), i64::from(placed.pos.y));
        let shape = match seg.kind {
            FeatureKind::City => city_shape(&sides).map(|(area, _)| {
                format!(
                    "d=\"{}\" fill-opacity=\"0.45\" stroke-width=\"3\" stroke-linejoin=\"round\"",
                    area.d(true)
                )
            }),
            FeatureKind::Road => {
                let d: String = road_paths(&sides).iter().map(|p| p.d(false)).collect();
                Some(format!(
                    "d=\"{d}\" fill=\"none\" stroke-opacity=\"0.8\" stroke-width=\"{}\" stroke-linecap=\"round\"",
                    num(T * (ROAD_WIDTH + 0.08))
                ))
            }
            FeatureKind::Monastery => {
                let (a, b) = (Pt(0.3, 0.26), Pt(0.7, 0.74));
                Some(format!(
                    "d=\"M{} {}H{}V{}H{}Z\" fill-opacity=\"0.45\" stroke-width=\"3\"",
                    num(a.0 * T),
                    num(a.1 * T),
                    num(b.0 * T),
                    num(b.1 * T),
                    num(a.0 * T)
                ))
            }
            FeatureKind::Field => {
                let cells = field_cells(def, placed.rotation, &tile_shape(def, placed.rotation));
                Some(format!(
                    "d=\"{}\" fill-opacity=\"0.5\" stroke=\"none\"",
                    cells_path(&cells, segment)
                ))
            }
        };
        if let Some(shape) = shape {
            let _ = writeln!(
                out,
                "<path class=\"highlight-part\" data-pos=\"{}\" transform=\"translate({} {})\" {shape}/>",
                placed.pos,
                num(px),
                num(py)
            );
        }
    }
    out.push_str("</g>\n");
}

/// The outline of the raster cells a field segment covers, in tile units
/// scaled to the picture: a rectangle for each run of its cells along a row.
fn cells_path(cells: &[Option<SegmentId>], segment: SegmentId) -> String {
    let side = T / GRID as f64;
    let mut d = String::new();
    for r in 0..GRID {
        let mut c = 0;
        while c < GRID {
            let mine = |c: usize| cells.get(r * GRID + c).copied().flatten() == Some(segment);
            if !mine(c) {
                c += 1;
                continue;
            }
            let start = c;
            while c < GRID && mine(c) {
                c += 1;
            }
            let _ = write!(
                d,
                "M{} {}h{}v{}h-{}Z",
                num(start as f64 * side),
                num(r as f64 * side),
                num((c - start) as f64 * side),
                num(side),
                num((c - start) as f64 * side)
            );
        }
    }
    d
}
