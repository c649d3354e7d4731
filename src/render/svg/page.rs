//! The board of the verdict page ([`crate::render::html`]): each kind of
//! tile's artwork at each rotation drawn once (a `<g>` in `<defs>`), every
//! tile placed by a `<use>` naming the frame it appears in, and what stands
//! on each tile as layers, each the markup of one tile's pieces over a run of
//! frames (`data-a`, the first frame; `data-b`, the first frame without it).
//! The page's script shows, for frame `k`, the tiles with `data-a ≤ k` and the
//! layers with `data-a ≤ k < data-b`; the markup as written shows the last
//! frame, so that the page prints (and reads without its script) at its end.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::panels::{dragon_panel, tower_panel};
use super::tiles::{tile_art, tile_border, tile_pieces};
use super::{LEFT, T, TOP, escape, legend_items, num};
use crate::render::scene::{Seen, dragon_marks, standing, tower_marks};
use crate::rules::Game;

/// A tile of the page's board.
#[derive(Debug, Clone)]
struct Tile {
    x: i64,
    y: i64,
    /// The `<defs>` entry of its kind and rotation.
    art: usize,
    /// The frame it appears in.
    from: usize,
    id: String,
    rotation: String,
}

/// A run of frames over which one markup stands.
#[derive(Debug, Clone)]
struct Layer {
    /// The tile it stands on (`None`: the panels beside the board).
    tile: Option<usize>,
    from: usize,
    /// The first frame without it (`None`: it stands to the last frame).
    to: Option<usize>,
    body: String,
}

/// The board of every frame of a game, gathered a frame at a time
/// ([`PageBoard::frame`]) and written once ([`PageBoard::svg`]).
#[derive(Debug, Default)]
pub(in crate::render) struct PageBoard {
    frames: usize,
    /// The artwork of each kind and rotation met, by its key.
    arts: BTreeMap<(String, String), usize>,
    art_bodies: Vec<String>,
    tiles: Vec<Tile>,
    layers: Vec<Layer>,
    /// For each tile (and, last, the panels): the layer standing now.
    open: Vec<Option<usize>>,
    panels_open: Option<usize>,
    panels_height: f64,
    drawn: Seen,
    /// For each tile: what its pieces were drawn from at the last frame, so
    /// that a tile whose pieces did not change is not drawn again.
    keys: Vec<Option<Key>>,
}

/// What a tile's pieces are drawn from: its figures, its tower, its marks,
/// the magic pawns on it.
type Key = (
    Vec<crate::render::scene::OnTile>,
    Option<crate::render::scene::TowerMark>,
    crate::render::scene::DragonMark,
    Vec<crate::rules::expansions::mage_and_witch::Stand>,
);

impl PageBoard {
    /// An empty board, with no frame.
    pub(in crate::render) fn new() -> PageBoard {
        PageBoard::default()
    }

    /// Gathers the next frame: the board of `game` as it stands.
    pub(in crate::render) fn frame(&mut self, game: &Game<'_>) {
        let k = self.frames;
        self.frames += 1;
        let placed = game.board().tiles();
        for p in placed.iter().skip(self.tiles.len()) {
            let Some(def) = game.catalog().get(p.tile) else {
                continue;
            };
            let key = (def.id.to_string(), p.rotation.to_string());
            let art = match self.arts.get(&key) {
                Some(a) => *a,
                None => {
                    let mut body = String::new();
                    tile_art(&mut body, def, p.rotation, &mut self.drawn);
                    tile_border(&mut body);
                    self.art_bodies.push(body);
                    let a = self.art_bodies.len() - 1;
                    self.arts.insert(key.clone(), a);
                    a
                }
            };
            self.tiles.push(Tile {
                x: i64::from(p.pos.x),
                y: i64::from(p.pos.y),
                art,
                from: k,
                id: key.0,
                rotation: key.1,
            });
        }
        // A tile the catalog does not know is skipped above; the pieces are
        // kept by the board's index, so the lists must agree.
        if self.tiles.len() != placed.len() {
            return;
        }
        self.open.resize(self.tiles.len(), None);
        let standing = standing(game);
        let towers = tower_marks(game);
        let dragons = dragon_marks(game);
        let magic = game.magic();
        self.keys.resize(placed.len(), None);
        let mut on: Vec<Vec<crate::render::scene::OnTile>> = vec![Vec::new(); placed.len()];
        for s in &standing {
            if let Some(list) = on.get_mut(s.tile) {
                list.push(s.on_tile());
            }
        }
        for (i, (p, figures)) in placed.iter().zip(on).enumerate() {
            let tower = towers.get(i).copied().flatten();
            let dragon = dragons.get(i).copied().unwrap_or_default();
            let pawns: Vec<_> = magic.map_or_else(Vec::new, |m| {
                crate::rules::expansions::mage_and_witch::Pawn::ALL
                    .into_iter()
                    .filter_map(|pawn| m.stand(pawn).filter(|s| s.pos == p.pos))
                    .collect()
            });
            let key: Key = (figures, tower, dragon, pawns);
            if self.keys.get(i).is_some_and(|k| k.as_ref() == Some(&key)) {
                continue;
            }
            let (figures, tower, dragon, pawns) = match self.keys.get_mut(i) {
                Some(slot) => {
                    let k = slot.insert(key);
                    (k.0.clone(), k.1, k.2, k.3.len())
                }
                None => continue,
            };
            let open = self.open.get(i).copied().flatten();
            if figures.is_empty() && tower.is_none() && dragon == Default::default() && pawns == 0 {
                self.step(open, Some(i), None, k);
                continue;
            }
            let Some(def) = game.catalog().get(p.tile) else {
                continue;
            };
            let mut out = String::new();
            tile_pieces(
                &mut out,
                game,
                def,
                p,
                &figures,
                (tower, dragon),
                &mut self.drawn,
            );
            self.step(open, Some(i), (!out.is_empty()).then_some(out), k);
        }
        // The panels beside the board: The Tower's, The Princess & the
        // Dragon's.
        let mut panels = String::new();
        let mut height: f64 = 0.0;
        if let Some(towers) = game.towers() {
            let (text, h, _) = tower_panel(game, towers, 0.0);
            panels.push_str(&text);
            height = height.max(h);
        }
        if let Some(d) = game.princess_and_dragon() {
            let (text, h, _) = dragon_panel(game, d, 0.0, TOP + 12.0 + height);
            panels.push_str(&text);
            height = height.max(h);
        }
        self.panels_height = self.panels_height.max(height);
        let open = self.panels_open;
        self.step(open, None, (!panels.is_empty()).then_some(panels), k);
    }

    /// Ends the layer `open` at frame `k` and opens one for `body`, unless
    /// `body` is the markup already standing.
    fn step(&mut self, open: Option<usize>, tile: Option<usize>, body: Option<String>, k: usize) {
        let same = match (open.and_then(|l| self.layers.get(l)), &body) {
            (Some(layer), Some(b)) => layer.body == *b,
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        if let Some(layer) = open.and_then(|l| self.layers.get_mut(l)) {
            layer.to = Some(k);
        }
        let next = body.map(|body| {
            self.layers.push(Layer {
                tile,
                from: k,
                to: None,
                body,
            });
            self.layers.len() - 1
        });
        match tile {
            Some(i) => {
                if let Some(slot) = self.open.get_mut(i) {
                    *slot = next;
                }
            }
            None => self.panels_open = next,
        }
    }

    /// The board as an SVG element (`id="board"`), its title and description
    /// `title` and `description`, and the panels beside it (`id="panels"`,
    /// empty when the game has none).
    pub(in crate::render) fn svg(&self, title: &str, description: &str) -> (String, String) {
        let last = self.frames.saturating_sub(1);
        let placed: Vec<(i64, i64)> = self.tiles.iter().map(|t| (t.x, t.y)).collect();
        let (min_x, max_x, min_y, max_y) = bounds_of(&placed);
        let width = LEFT + (max_x - min_x + 1) as f64 * T + 10.0;
        let height = TOP + (max_y - min_y + 1) as f64 * T + 10.0;
        let origin = |x: i64, y: i64| (LEFT + (x - min_x) as f64 * T, TOP + (max_y - y) as f64 * T);
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-labelledby=\"board-title board-desc\" font-family=\"DejaVu Sans, Verdana, sans-serif\"><title id=\"board-title\">{}</title><desc id=\"board-desc\">{}</desc>\n<defs>",
            escape(title),
            escape(description),
            w = num(width),
            h = num(height),
        );
        for (i, body) in self.art_bodies.iter().enumerate() {
            let _ = writeln!(out, "<g id=\"art{i}\">{body}</g>");
        }
        out.push_str("</defs>\n<g class=\"axes\" font-size=\"11\" fill=\"#555\">");
        for x in min_x..=max_x {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{x}</text>",
                num(origin(x, max_y).0 + T / 2.0),
                num(TOP - 8.0)
            );
        }
        for y in min_y..=max_y {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{y}</text>",
                num(LEFT - 6.0),
                num(origin(min_x, y).1 + T / 2.0 + 4.0)
            );
        }
        out.push_str("</g>\n<g id=\"tiles\">\n");
        for t in &self.tiles {
            let (px, py) = origin(t.x, t.y);
            let _ = writeln!(
                out,
                "<use class=\"tile\" href=\"#art{}\" x=\"{}\" y=\"{}\" data-a=\"{}\" data-pos=\"{},{}\" data-tile=\"{}\" data-rotation=\"{}\"/>",
                t.art,
                num(px),
                num(py),
                t.from,
                t.x,
                t.y,
                escape(&t.id),
                t.rotation
            );
        }
        out.push_str("</g>\n<g id=\"pieces\">\n");
        for layer in self.layers.iter().filter(|l| l.tile.is_some()) {
            let Some(t) = layer.tile.and_then(|i| self.tiles.get(i)) else {
                continue;
            };
            let (px, py) = origin(t.x, t.y);
            let _ = writeln!(
                out,
                "<g class=\"layer{}\" data-a=\"{}\" data-b=\"{}\" data-pos=\"{},{}\" transform=\"translate({} {})\">{}</g>",
                gone(layer, last),
                layer.from,
                layer.to.map_or(String::new(), |b| b.to_string()),
                t.x,
                t.y,
                num(px),
                num(py),
                layer.body
            );
        }
        let _ = writeln!(
            out,
            "</g>\n<rect id=\"last-mark\" x=\"0\" y=\"0\" width=\"{t}\" height=\"{t}\" fill=\"none\" stroke=\"#111\" stroke-width=\"2.4\" stroke-dasharray=\"6 3\" visibility=\"hidden\"/>\n</svg>",
            t = num(T - 2.0)
        );
        let mut panels = String::new();
        if self.layers.iter().any(|l| l.tile.is_none()) {
            let _ = writeln!(
                panels,
                "<svg id=\"panels\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-4 0 330 {h}\" width=\"330\" height=\"{h}\" role=\"img\" aria-label=\"The expansions' pieces off the board\" font-family=\"DejaVu Sans, Verdana, sans-serif\">",
                h = num(self.panels_height + TOP)
            );
            for layer in self.layers.iter().filter(|l| l.tile.is_none()) {
                let _ = writeln!(
                    panels,
                    "<g class=\"layer{}\" data-a=\"{}\" data-b=\"{}\">{}</g>",
                    gone(layer, last),
                    layer.from,
                    layer.to.map_or(String::new(), |b| b.to_string()),
                    layer.body
                );
            }
            panels.push_str("</svg>\n");
        }
        (out, panels)
    }

    /// The legend: each kind of figure and token the board shows in any
    /// frame, an icon and its name, as HTML list items.
    pub(in crate::render) fn legend(&self, game: &Game<'_>) -> String {
        let mut out = String::new();
        for item in legend_items(game, &self.drawn) {
            let mut icon = String::new();
            item.icon(game, &mut icon);
            let _ = writeln!(
                out,
                "<li data-item=\"{}\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-14 -14 28 28\" width=\"24\" height=\"24\" aria-hidden=\"true\">{icon}</svg> {}</li>",
                item.name(),
                escape(&item.label())
            );
        }
        out
    }
}

/// The class that hides a layer gone before the last frame.
fn gone(layer: &Layer, last: usize) -> &'static str {
    if layer.to.is_some_and(|b| b <= last) {
        " gone"
    } else {
        ""
    }
}

/// The least and greatest x and y of the tiles (the origin alone when none).
fn bounds_of(tiles: &[(i64, i64)]) -> (i64, i64, i64, i64) {
    tiles
        .iter()
        .fold(None, |acc: Option<(i64, i64, i64, i64)>, &(x, y)| {
            Some(match acc {
                None => (x, x, y, y),
                Some((a, b, c, d)) => (a.min(x), b.max(x), c.min(y), d.max(y)),
            })
        })
        .unwrap_or((0, 0, 0, 0))
}
