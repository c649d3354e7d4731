//! The figures of an archive for people: the archive in a few lines, a table
//! of the groups, the points of each kind, and the score distribution.

use std::fmt::Write;

use super::stats_json::StatsView;

/// Writes the report.
pub fn write_stats_human(out: &mut String, view: &StatsView) {
    let _ = writeln!(
        out,
        "{} games, {} turns ({:.1} a game); median final score {:.1}",
        view.games, view.turns, view.mean_length, view.median
    );
    let left = &view.left_out;
    if left.invalid > 0 || left.duplicates > 0 {
        let codes: Vec<String> = left
            .by_code
            .0
            .iter()
            .map(|(c, n)| format!("{c} ×{n}"))
            .collect();
        let _ = write!(out, "left out: {} invalid", left.invalid);
        if !codes.is_empty() {
            let _ = write!(out, " ({})", codes.join(", "));
        }
        let _ = writeln!(out, ", {} duplicates", left.duplicates);
    }
    if view.groups.is_empty() {
        return;
    }
    let width = view
        .groups
        .iter()
        .map(|g| g.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(view.by.len());
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<width$}  {:>6} {:>6} {:>6} {:>8} {:>7} {:>7} {:>7}",
        view.by, "games", "wins", "win %", "points", "mean", "median", "during"
    );
    for g in &view.groups {
        let _ = writeln!(
            out,
            "{:<width$}  {:>6} {:>6} {:>6.1} {:>8} {:>7.1} {:>7.1} {:>6.1}%",
            g.name,
            g.games,
            g.wins,
            g.win_rate * 100.0,
            g.points,
            g.mean,
            g.median,
            g.during_share * 100.0
        );
    }
    let _ = writeln!(out);
    let width = width.max("points by kind".len());
    let kinds: Vec<&str> = view.kinds.iter().map(String::as_str).collect();
    let figures: Vec<&str> = view.figures.iter().map(String::as_str).collect();
    let cell = |name: &str| name.chars().count().max(6);
    let _ = write!(out, "{:<width$} ", "points by kind");
    for k in &kinds {
        let _ = write!(out, " {:>w$}", k, w = cell(k));
    }
    let _ = writeln!(out);
    for g in &view.groups {
        let _ = write!(out, "{:<width$} ", g.name);
        for (k, (_, p)) in kinds.iter().zip(&g.points_by_kind.0) {
            let _ = write!(out, " {:>w$}", p, w = cell(k));
        }
        let _ = writeln!(out);
    }
    if !figures.is_empty() {
        let _ = writeln!(out);
        let _ = write!(out, "{:<width$} ", "figures placed");
        for f in &figures {
            let _ = write!(out, " {:>w$}", f, w = cell(f));
        }
        let _ = writeln!(out);
        for g in &view.groups {
            let _ = write!(out, "{:<width$} ", g.name);
            for (f, (_, n)) in figures.iter().zip(&g.placed.0) {
                let _ = write!(out, " {:>w$}", n, w = cell(f));
            }
            let _ = writeln!(out);
        }
    }
    if view.groups.iter().any(|g| g.seconds_per_turn.is_some()) {
        let _ = writeln!(out);
        let _ = writeln!(out, "seconds a turn (games with clocks)");
        for g in &view.groups {
            if let Some(s) = g.seconds_per_turn {
                let _ = writeln!(out, "{:<width$}  {s:.1}", g.name);
            }
        }
    }
    if !view.distribution.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "final scores");
        let most = view
            .distribution
            .iter()
            .map(|b| b.results)
            .max()
            .unwrap_or(1)
            .max(1);
        for b in &view.distribution {
            let bar = "█".repeat(((b.results * 40).div_ceil(most)) as usize);
            let _ = writeln!(out, "{:>4}–{:<4} {:>7} {bar}", b.from, b.to, b.results);
        }
    }
}
