//! The verdict page's chart of each player's score by turn: an SVG line a
//! player in the player's colour, each line also drawn with its own dash
//! pattern and ended by the player's name, so that it is told apart without
//! its colour; a table of the same numbers as its text alternative.

use std::fmt::Write as _;

use super::html_assets::escape;
use super::palette::{colour, players};
use crate::rules::Game;

/// The dash pattern of each seat's line, in seat order.
const DASHES: [&str; 7] = ["", "9 4", "2 3", "12 3 2 3", "5 5", "1 6", "14 6"];

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 220.0;
const LEFT: f64 = 36.0;
const RIGHT: f64 = 90.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 24.0;

/// Writes the chart's section (`id="chart"`): the SVG (with a cursor,
/// `id="chart-cursor"`, the script moves to the frame shown) and its table.
pub(super) fn chart(out: &mut String, game: &Game<'_>, frames: &[(u32, &[u32])]) {
    let seats = players(game);
    let totals = |f: &(u32, &[u32]), i: usize| f64::from(f.1.get(i).copied().unwrap_or(0));
    let most = frames
        .iter()
        .flat_map(|f| (0..seats.len()).map(move |i| totals(f, i)))
        .fold(0.0, f64::max)
        .max(10.0);
    let count = frames.len().max(2) - 1;
    let x = |k: usize| LEFT + k as f64 / count as f64 * (WIDTH - LEFT - RIGHT);
    let y = |v: f64| TOP + (1.0 - v / most) * (HEIGHT - TOP - BOTTOM);
    let last = frames.last();
    let summary: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {}", game.name(*p), last.map_or(0.0, |f| totals(f, i))))
        .collect();
    let _ = write!(
        out,
        "<section id=\"chart-section\" aria-labelledby=\"chart-h\">\n<h2 id=\"chart-h\">The scores by turn</h2>\n<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-labelledby=\"chart-title chart-desc\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\"><title id=\"chart-title\">Each player's score by turn</title><desc id=\"chart-desc\">A line a player, from the start to turn {}; at the last turn shown: {}. The table below gives the numbers.</desc>\n",
        last.map_or(0, |f| f.0),
        escape(&summary.join(", "))
    );
    // The axes and a grid line every tenth of the range.
    let step = ((most / 5.0 / 10.0).ceil() * 10.0).max(10.0);
    let mut v = 0.0;
    while v <= most {
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{v}</text>",
            WIDTH - RIGHT,
            y(v),
            y(v),
            LEFT - 4.0,
            y(v) + 4.0
        );
        v += step;
    }
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">turn</text>",
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 6.0
    );
    for (i, p) in seats.iter().enumerate() {
        let c = colour(game, *p);
        let mut points = String::new();
        for (k, f) in frames.iter().enumerate() {
            let _ = write!(points, "{:.1},{:.1} ", x(k), y(totals(f, i)));
        }
        let dash = DASHES.get(i % DASHES.len()).copied().unwrap_or("");
        let end = last.map_or(0.0, |f| totals(f, i));
        let _ = write!(
            out,
            "<polyline class=\"line\" data-seat=\"{i}\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{}/><text x=\"{}\" y=\"{:.1}\" fill=\"#222\">{}</text>",
            points.trim_end(),
            c.fill,
            if dash.is_empty() {
                String::new()
            } else {
                format!(" stroke-dasharray=\"{dash}\"")
            },
            WIDTH - RIGHT + 4.0,
            y(end) + 4.0 + i as f64 * 2.0,
            escape(game.name(*p))
        );
    }
    let _ = writeln!(
        out,
        "<line id=\"chart-cursor\" x1=\"{x}\" x2=\"{x}\" y1=\"{TOP}\" y2=\"{}\" stroke=\"#111\" stroke-width=\"1\" stroke-dasharray=\"3 3\"/></svg>",
        HEIGHT - BOTTOM,
        x = x(frames.len().saturating_sub(1))
    );
    // The key: each player's colour, dash and name.
    out.push_str("<ul id=\"chart-key\">");
    for (i, p) in seats.iter().enumerate() {
        let c = colour(game, *p);
        let dash = DASHES.get(i % DASHES.len()).copied().unwrap_or("");
        let _ = write!(
            out,
            "<li><svg width=\"36\" height=\"10\" aria-hidden=\"true\"><line x1=\"0\" x2=\"36\" y1=\"5\" y2=\"5\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"{dash}\"/></svg> {} ({})</li>",
            c.fill,
            escape(game.name(*p)),
            c.name
        );
    }
    out.push_str("</ul>\n<details id=\"chart-table\"><summary>The scores as a table</summary><table><thead><tr><th scope=\"col\">Turn</th>");
    for p in &seats {
        let _ = write!(out, "<th scope=\"col\">{}</th>", escape(game.name(*p)));
    }
    out.push_str("</tr></thead><tbody>");
    for f in frames {
        let _ = write!(out, "<tr><th scope=\"row\">{}</th>", f.0);
        for i in 0..seats.len() {
            let _ = write!(out, "<td>{}</td>", totals(f, i));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></details>\n</section>\n");
}
