//! The figures of an archive as CSV, one row a group, for spreadsheets:
//! `player,games,wins,points,…` with `--by player` (the first column is what
//! the groups are), then a column a kind of points (`points_road`, …) and a
//! figure placed (`placed_follower`, …).

use std::fmt::Write;

use super::stats_json::StatsView;

/// A field quoted when it holds a comma, a quote or a line end (RFC 4180).
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A number as CSV writes it: at most four decimals.
fn number(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Writes the header row and a row a group.
pub fn write_stats_csv(out: &mut String, view: &StatsView) {
    let mut header = vec![
        view.by.to_string(),
        "games".into(),
        "wins".into(),
        "points".into(),
        "win_rate".into(),
        "mean".into(),
        "median".into(),
    ];
    header.extend(view.kinds.iter().map(|k| format!("points_{k}")));
    header.extend(view.figures.iter().map(|f| format!("placed_{f}")));
    header.extend(["during_share".into(), "seconds_per_turn".into()]);
    let header: Vec<String> = header.iter().map(|h| field(h)).collect();
    let _ = writeln!(out, "{}", header.join(","));
    for g in &view.groups {
        let mut row = vec![
            field(&g.name),
            g.games.to_string(),
            g.wins.to_string(),
            g.points.to_string(),
            number(g.win_rate),
            number(g.mean),
            number(g.median),
        ];
        row.extend(g.points_by_kind.0.iter().map(|(_, p)| p.to_string()));
        row.extend(g.placed.0.iter().map(|(_, n)| n.to_string()));
        row.push(number(g.during_share));
        row.push(g.seconds_per_turn.map(number).unwrap_or_default());
        let _ = writeln!(out, "{}", row.join(","));
    }
}
