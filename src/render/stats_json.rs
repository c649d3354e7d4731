//! The figures of an archive as data ([`StatsView`]): what `carcref stats
//! --format json` writes (`notation/schemas/stats.schema.json`), and what
//! the CSV and the SVG charts are made from.

use serde::Serialize;

use super::json::{OrderedMap, Versioned};
use crate::archive::stats::{Group, Stats};

/// The width in points of a bin of the score distribution.
pub const BIN: u32 = 10;

/// An archive's figures.
#[derive(Debug, Clone, Serialize)]
pub struct StatsView {
    /// What the groups are: `player`, `seat`, `rules`, `expansions` or `month`.
    pub by: &'static str,
    /// Games counted: those that check valid, each once.
    pub games: u64,
    /// Their turns.
    pub turns: u64,
    /// Turns a game.
    pub mean_length: f64,
    /// The median final total over every result.
    pub median: f64,
    /// The games left out, and why.
    pub left_out: LeftOutView,
    /// The kinds of points scored (the keys of `points_by_kind`).
    pub kinds: Vec<String>,
    /// The figures placed (the keys of `placed`).
    pub figures: Vec<String>,
    /// One entry a group, by name.
    pub groups: Vec<GroupView>,
    /// How many results fell in each bin of final totals.
    pub distribution: Vec<BinView>,
}

/// The games left out.
#[derive(Debug, Clone, Serialize)]
pub struct LeftOutView {
    /// Games with errors.
    pub invalid: u64,
    /// Games with errors by code (a game counts under each code it has).
    pub by_code: OrderedMap<u64>,
    /// Games the same as one counted before.
    pub duplicates: u64,
}

/// One group's figures.
#[derive(Debug, Clone, Serialize)]
pub struct GroupView {
    /// The player, seat (`1` plays first), rules, expansions or month.
    pub name: String,
    /// Games with a result in the group.
    pub games: u64,
    /// Results that won (a shared first place is a win for each).
    pub wins: u64,
    /// Wins a game.
    pub win_rate: f64,
    /// The sum of the final totals.
    pub points: i64,
    /// The mean final total.
    pub mean: f64,
    /// The median final total.
    pub median: f64,
    /// Points by kind of scoring, every kind of `kinds`.
    pub points_by_kind: OrderedMap<i64>,
    /// Figures placed by name, every figure of `figures`.
    pub placed: OrderedMap<u64>,
    /// The share of the points scored during the games (the rest came with
    /// the final scoring).
    pub during_share: f64,
    /// Seconds a turn, where the records give their clocks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_per_turn: Option<f64>,
}

/// A bin of the score distribution.
#[derive(Debug, Clone, Serialize)]
pub struct BinView {
    /// Its lowest total.
    pub from: u32,
    /// Its highest total.
    pub to: u32,
    /// Results in it.
    pub results: u64,
}

fn group_view(name: &str, g: &Group, kinds: &[String], figures: &[String]) -> GroupView {
    GroupView {
        name: name.to_string(),
        games: g.games,
        wins: g.wins,
        win_rate: g.win_rate(),
        points: g.points,
        mean: g.mean(),
        median: g.median(),
        points_by_kind: OrderedMap(
            kinds
                .iter()
                .map(|k| (k.clone(), g.by_kind.get(k).copied().unwrap_or(0)))
                .collect(),
        ),
        placed: OrderedMap(
            figures
                .iter()
                .map(|f| (f.clone(), g.placed.get(f).copied().unwrap_or(0)))
                .collect(),
        ),
        during_share: g.during_share(),
        seconds_per_turn: g.seconds_per_turn(),
    }
}

/// The view of an archive's figures.
pub fn stats_view(stats: &Stats) -> StatsView {
    let kinds = stats.kinds();
    let figures = stats.figures();
    StatsView {
        by: stats.by.name(),
        games: stats.games,
        turns: stats.turns,
        mean_length: stats.mean_length(),
        median: stats.median(),
        left_out: LeftOutView {
            invalid: stats.left_out.invalid,
            by_code: OrderedMap(
                stats
                    .left_out
                    .by_code
                    .iter()
                    .map(|(c, n)| (c.clone(), *n))
                    .collect(),
            ),
            duplicates: stats.left_out.duplicates,
        },
        groups: stats
            .groups
            .iter()
            .map(|(name, g)| group_view(name, g, &kinds, &figures))
            .collect(),
        distribution: stats
            .distribution(BIN)
            .into_iter()
            .map(|(from, results)| BinView {
                from,
                to: from + BIN - 1,
                results,
            })
            .collect(),
        kinds,
        figures,
    }
}

/// The figures as one JSON document, on one line.
pub fn write_stats(out: &mut String, stats: &Stats) {
    if let Ok(s) = serde_json::to_string(&Versioned::new(stats_view(stats))) {
        out.push_str(&s);
        out.push('\n');
    }
}
