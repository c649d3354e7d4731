//! The main charts of an archive as one SVG document (`carcref stats --svg
//! OUT`): the points of each group by kind, as stacked bars, and the
//! distribution of final scores.

use std::fmt::Write;

use super::stats_json::StatsView;

/// The colours of the kinds of points, in the order of `kinds`.
const COLOURS: &[&str] = &[
    "#8c6d46", "#c0392b", "#f1c40f", "#27ae60", "#2980b9", "#8e44ad", "#e67e22", "#16a085",
    "#7f8c8d", "#d35400", "#2c3e50", "#c2185b",
];

/// The colour of the `k`th kind.
fn colour(k: usize) -> &'static str {
    COLOURS.get(k % COLOURS.len()).copied().unwrap_or("#000000")
}

/// Text escaped for XML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the charts.
pub fn write_stats_svg(out: &mut String, view: &StatsView) {
    let (left, bar_w, row) = (160.0, 480.0, 22.0);
    let groups = view.groups.len() as f64;
    let legend_y = 40.0 + groups * row + 10.0;
    let chart2_y = legend_y + 40.0;
    let hist_h = 160.0;
    let height = chart2_y + hist_h + 60.0;
    let width = left + bar_w + 40.0;
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n<text x=\"10\" y=\"22\" \
         font-size=\"15\">Points by kind, by {}</text>",
        view.by
    );
    // Only gains are stacked: a ransom paid is a loss, left out of the bar.
    let most = view
        .groups
        .iter()
        .map(|g| {
            g.points_by_kind
                .0
                .iter()
                .map(|(_, p)| (*p).max(0))
                .sum::<i64>()
        })
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    for (i, g) in view.groups.iter().enumerate() {
        let y = 34.0 + i as f64 * row;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            left - 6.0,
            y + 13.0,
            escaped(&g.name)
        );
        let mut x = left;
        for (k, (kind, points)) in g.points_by_kind.0.iter().enumerate() {
            let w = (*points).max(0) as f64 / most * bar_w;
            if w > 0.0 {
                let _ = writeln!(
                    out,
                    "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{w:.1}\" height=\"{}\" fill=\"{}\"><title>{}: {points}</title></rect>",
                    row - 4.0,
                    colour(k),
                    escaped(kind)
                );
            }
            x += w;
        }
    }
    let mut x = left;
    for (k, kind) in view.kinds.iter().enumerate() {
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{legend_y}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
            colour(k),
            x + 14.0,
            legend_y + 10.0,
            escaped(kind)
        );
        x += 24.0 + 7.0 * kind.chars().count() as f64;
    }
    let _ = writeln!(
        out,
        "<text x=\"10\" y=\"{}\" font-size=\"15\">Final scores</text>",
        chart2_y - 8.0
    );
    let bins = view.distribution.len().max(1) as f64;
    let most = view
        .distribution
        .iter()
        .map(|b| b.results)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let w = bar_w / bins;
    for (i, b) in view.distribution.iter().enumerate() {
        let h = b.results as f64 / most * hist_h;
        let x = left + i as f64 * w;
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#2980b9\"><title>{}–{}: {}</title></rect>",
            chart2_y + hist_h - h,
            (w - 1.0).max(0.5),
            b.from,
            b.to,
            b.results
        );
    }
    if let (Some(first), Some(last)) = (view.distribution.first(), view.distribution.last()) {
        let y = chart2_y + hist_h + 16.0;
        let _ = writeln!(
            out,
            "<text x=\"{left}\" y=\"{y}\">{}</text><text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>",
            first.from,
            left + bar_w,
            last.to
        );
    }
    let _ = writeln!(out, "</svg>");
}
