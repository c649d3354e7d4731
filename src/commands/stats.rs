//! `carcref stats`: the figures of an archive, grouped by player, seat,
//! rules, expansions or month, over the games that check valid (each once),
//! as text, JSON or CSV, and its charts as SVG.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::EXIT_USAGE;
use super::input_games::each_game_parallel;
use crate::archive::duplicates::fingerprint;
use crate::archive::facts::GameFacts;
use crate::archive::quick::{QuickFacts, quick_tags};
use crate::archive::seen::Seen;
use crate::archive::stats::{GroupBy, Stats};
use crate::cli::StatsFormat;
use crate::referee::ReplayOptions;
use crate::render::{stats_csv, stats_human, stats_json, stats_svg};
use crate::tiles::TileCatalog;

/// What `carcref stats` was asked.
#[derive(Debug, Clone)]
pub(super) struct StatsRequest<'a> {
    pub(super) by: GroupBy,
    pub(super) format: StatsFormat,
    /// Where to write the charts (`-`: standard output).
    pub(super) svg: Option<&'a Path>,
    /// Count a game each time it occurs.
    pub(super) keep_duplicates: bool,
    pub(super) jobs: usize,
}

/// Gathers the figures of every game of `paths` and writes them.
pub(super) fn run(
    paths: &[PathBuf],
    request: &StatsRequest<'_>,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let mut stats = Stats::new(request.by);
    let mut seen = Seen::new();
    // A fault reading back the fingerprints met (a temporary file): the
    // figures would count some games twice, so none are written.
    let mut lost: Option<std::io::Error> = None;
    let keep = request.keep_duplicates;
    let code = each_game_parallel(
        paths,
        request.jobs,
        catalog,
        |referee, g| {
            // A clean game's figures come with the quick verdict; any other
            // is read by the full referee, which gives the same.
            if let Some(tags) = quick_tags(g.text).filter(|_| g.not_utf8.is_empty()) {
                let mut observed = QuickFacts::new(tags);
                if referee.is_clean_quick_observed(g.text, g.base, &mut observed) {
                    let (facts, print) = observed.facts();
                    return (facts, (!keep).then_some(print));
                }
            }
            let outcome = crate::referee::check_game_read(g, catalog, ReplayOptions::default());
            let print = (!keep).then(|| fingerprint(&outcome.record));
            (GameFacts::of(&outcome), print)
        },
        |_, _, (facts, print)| {
            let duplicate = match print.filter(|_| lost.is_none()) {
                Some(p) => seen.seen_before(p).unwrap_or_else(|e| {
                    lost = Some(e);
                    false
                }),
                None => false,
            };
            if duplicate {
                stats.add_duplicate();
            } else {
                stats.add(&facts);
            }
        },
        err,
    );
    if let Some(e) = lost {
        let _ = writeln!(
            err,
            "error: the fingerprints of the games met could not be read back from their temporary file ({e}); duplicates cannot be told apart (--keep-duplicates counts every game)"
        );
        return EXIT_USAGE;
    }
    let view = stats_json::stats_view(&stats);
    let mut text = String::new();
    match request.format {
        StatsFormat::Human => stats_human::write_stats_human(&mut text, &view),
        StatsFormat::Json => stats_json::write_stats(&mut text, &stats),
        StatsFormat::Csv => stats_csv::write_stats_csv(&mut text, &view),
    }
    let mut code = code;
    if let Some(path) = request.svg {
        let mut svg = String::new();
        stats_svg::write_stats_svg(&mut svg, &view);
        if path == Path::new("-") {
            text = svg;
        } else if let Err(e) = std::fs::write(path, svg) {
            let _ = writeln!(err, "error: {}: {e}", path.display());
            code = EXIT_USAGE;
        }
    }
    let _ = out.write_all(text.as_bytes());
    code
}
