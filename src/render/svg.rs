//! The picture of the board as a standalone SVG document ([`board_svg`]):
//! the tiles (`svg/tiles.rs`, from their geometry in `svg/shapes.rs`), the
//! figures and tokens on them (`svg/pieces.rs`), the panels beside the board
//! (`svg/panels.rs`: The Tower, The Princess & the Dragon, the scoreboard),
//! the feature highlighted (`svg/highlight.rs`) and the legend.

mod highlight;
pub(in crate::render) mod page;
mod panels;
mod pieces;
mod shapes;
mod tiles;

use std::fmt::Write as _;

use self::panels::{dragon_panel, scoreboard_panel, tower_panel};
use self::pieces::{
    circle_svg, dragon_svg, fairy_svg, ferry_svg, figure_svg, flight_svg, meeple, pawn_svg,
    princess_svg, prisoner_svg, symbol_class, symbol_svg, tower_svg,
};
use self::shapes::Pt;
use self::tiles::{cathedral_svg, goods_svg, inn_svg, svg_tile, tower_place_svg};
use super::palette::{colour, players};
use super::scene::{
    OnTile, Seen, Standing, TowerMark, bounds, dragon_marks, feature_segments, scored_end,
    standing, symbol_word, tower_marks,
};
use crate::features::node_of;
use crate::figures::Figure;
use crate::player::Player;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::FeatureRef;
use crate::tiles::{Compass, Goods, Symbol};

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
    /// [`super::ShowOptions::final_scoring`].
    pub final_scoring: bool,
}

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
                icon.push_str(&transformed(&tower, "scale(0.8)"));
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
            "{}<text x=\"{}\" y=\"{}\">{}</text>",
            transformed(&icon, &format!("translate({} {})", num(lx + 8.0), num(ly))),
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
            "<g class=\"legend-item\" data-item=\"{}\">{}<text x=\"{}\" y=\"{}\">{}</text></g>",
            item.name(),
            transformed(&icon, &format!("translate({} {})", num(ix + 8.0), num(iy))),
            num(ix + 20.0),
            num(iy + 4.0),
            escape(&item.label())
        );
        ix += item.width();
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// A drawing moved by `transform`: when it is one group, the transform is
/// put before the group's own, rather than wrapping it in another group
/// (renderers such as ImageMagick's refuse groups nested deeply).
fn transformed(icon: &str, transform: &str) -> String {
    let one_group = icon.starts_with("<g") && {
        // The depth of the elements, to see that the first closes last.
        let mut depth = 0i32;
        let mut closes_early = false;
        let tags: Vec<&str> = icon.split('<').skip(1).collect();
        for (i, tag) in tags.iter().enumerate() {
            let head = tag.split('>').next().unwrap_or_default();
            if head.starts_with('/') {
                depth -= 1;
            } else if !head.ends_with('/') {
                depth += 1;
            }
            if depth == 0 && i + 1 < tags.len() {
                closes_early = true;
            }
        }
        !closes_early
    };
    if !one_group {
        return format!("<g transform=\"{transform}\">{icon}</g>");
    }
    let head_end = icon.find('>').unwrap_or(icon.len());
    match icon.find("transform=\"") {
        Some(at) if at < head_end => {
            let at = at + "transform=\"".len();
            format!("{}{transform} {}", &icon[..at], &icon[at..])
        }
        _ => format!("<g transform=\"{transform}\"{}", &icon[2..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(32.0), "32");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(1.25), "1.3");
    }

    #[test]
    fn a_transform_joins_a_groups_own() {
        assert_eq!(
            transformed(
                "<g class=\"a\" transform=\"scale(2)\"><path/></g>",
                "translate(1 2)"
            ),
            "<g class=\"a\" transform=\"translate(1 2) scale(2)\"><path/></g>"
        );
        assert_eq!(
            transformed("<g class=\"a\"><path/></g>", "scale(2)"),
            "<g transform=\"scale(2)\" class=\"a\"><path/></g>"
        );
        assert_eq!(
            transformed("<g><path/></g><text>x</text>", "scale(2)"),
            "<g transform=\"scale(2)\"><g><path/></g><text>x</text></g>"
        );
    }
}
