//! What each command of the command line does, one file each (`check.rs`,
//! `score.rs`, `show.rs`, …), a thin layer over the library: [`run`] reads the
//! parsed command line ([`crate::cli::Cli`]) and hands it to its command. The
//! pieces they share: `input.rs` (reading files, folders, standard input and
//! the tile catalog), `output.rs` (standard output and error), `faults.rs`
//! (the faults reported to standard error) and [`config`] (the settings of
//! `carcref.toml`). `check` hands each game's diagnostics to
//! `check_report.rs`, which filters them by the codes `select.rs` selects
//! and writes them in the format asked for.

mod check;
mod check_report;
mod completions;
pub mod config;
mod explain;
mod faults;
mod find;
mod fix;
mod fmt;
mod generate;
mod import;
mod input;
mod input_games;
mod man;
mod moves;
mod output;
mod progress;
mod score;
mod select;
mod show;
mod show_page;
mod stats;
mod tiles;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::cli::{Cli, Command, OutputFormat};
use crate::referee::ReplayOptions;
use crate::render::RenderOptions;

pub use check::worker_threads;
pub use explain::{DIAGNOSTICS_MD, explanation};
pub use show_page::verdict_page;

/// Whether the human reports of every command (faults of `score`, `fmt`,
/// `show`, `moves`, as well as `check`) are coloured: decided once by [`run`]
/// from `--color` and the environment.
static REPORT_COLOR: AtomicBool = AtomicBool::new(false);

/// Whether `--quiet` was given: no summary lines.
static QUIET: AtomicBool = AtomicBool::new(false);

fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// The options of a human report to standard error, in the run's colour.
fn human_report() -> RenderOptions {
    RenderOptions {
        color: REPORT_COLOR.load(Ordering::Relaxed),
        ..RenderOptions::default()
    }
}

/// Exit code for usage and I/O errors.
const EXIT_USAGE: u8 = 2;

/// Runs a parsed command line, writing to standard output and error.
/// Called once a process (`main`): the tile catalog it reads is not freed,
/// the process's end taking its memory back.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = output::Stdout(stdout.lock());
    let mut err = output::Stderr(stderr.lock());
    let color = cli.color.resolve(std::io::stderr().is_terminal());
    REPORT_COLOR.store(color, Ordering::Relaxed);
    QUIET.store(cli.quiet, Ordering::Relaxed);
    let uses_catalog = !matches!(
        cli.command,
        Command::Import { .. }
            | Command::Explain { .. }
            | Command::Completions { .. }
            | Command::Man { .. }
    );
    if !uses_catalog && (!cli.tiles.is_empty() || cli.config.is_some()) {
        let flag = if cli.tiles.is_empty() {
            "--config"
        } else {
            "--tiles"
        };
        let _ = writeln!(
            err,
            "error: {flag} is for the commands that read the tile catalog (check, score, fmt, fix, show, moves, stats, find, tiles, gen)"
        );
        return ExitCode::from(EXIT_USAGE);
    }
    // The settings of carcref.toml, read by the commands that read the
    // catalog; a flag given wins over them.
    let settings = if uses_catalog {
        match config::for_run(cli.config.as_deref(), cli.no_config) {
            Ok(settings) => settings,
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        }
    } else {
        None
    };
    let tiles = match &settings {
        Some(s) if cli.tiles.is_empty() => s.tiles.clone(),
        _ => cli.tiles.clone(),
    };
    let default_rules = settings.as_ref().and_then(|s| s.rules);
    let catalog = match input::load_catalog(&tiles, &mut err) {
        Ok(c) => c,
        Err(code) => return ExitCode::from(code),
    };
    let code = match cli.command {
        Command::Check {
            paths,
            format,
            jobs,
            select,
            ignore,
            warnings_as_errors,
        } => {
            let request = check::CheckRequest {
                format,
                jobs: jobs
                    .or_else(|| settings.as_ref().and_then(|s| s.jobs))
                    .unwrap_or(0),
                color,
                selections: select::Selections::new(
                    select::SelectFlags {
                        select,
                        ignore,
                        warnings_as_errors,
                    },
                    settings.as_ref(),
                ),
            };
            check::run(&paths, &request, &catalog, &mut out, &mut err)
        }
        Command::Score {
            files,
            format,
            rules,
            turn,
            final_scoring,
            game,
            compare_editions,
        } => {
            let request = score::ScoreRequest {
                format,
                options: ReplayOptions {
                    edition: rules.or(default_rules.filter(|_| !compare_editions)),
                    until: turn,
                    final_scoring,
                },
                game,
                compare_editions,
            };
            score::run(&files, &request, &catalog, &mut out, &mut err)
        }
        Command::Fmt { check, diff, paths } => {
            fmt::run(&paths, check || diff, diff, &catalog, &mut out, &mut err)
        }
        Command::Fix {
            files,
            apply,
            format,
        } => fix::run(&files, apply, format, &catalog, &mut out, &mut err),
        Command::Show {
            files,
            turn,
            game,
            svg,
            png,
            html,
            compare_editions,
            highlight,
            format,
        } => {
            let color = cli.color.resolve(std::io::stdout().is_terminal());
            let view = match (format, svg.as_deref(), png.as_deref()) {
                (OutputFormat::Json, _, _) => show::ShowView::Json,
                (OutputFormat::Human, Some(path), _) => show::ShowView::Svg(path),
                (OutputFormat::Human, None, Some(path)) => show::ShowView::Png(path),
                (OutputFormat::Human, None, None) => show::ShowView::Text { color },
            };
            match (html.as_deref(), files.as_slice()) {
                (Some(out_path), _) => {
                    let request = show_page::PageRequest {
                        files: &files,
                        out: out_path,
                        game,
                        compare_editions,
                    };
                    show_page::run(&request, &catalog, &mut out, &mut err)
                }
                (None, [file]) => show::run(
                    file,
                    turn,
                    game.unwrap_or(1),
                    view,
                    highlight,
                    &catalog,
                    &mut out,
                    &mut err,
                ),
                (None, _) => {
                    let _ = writeln!(
                        err,
                        "error: show draws one record; several only with --html OUTDIR"
                    );
                    EXIT_USAGE
                }
            }
        }
        Command::Moves {
            file,
            turn,
            game,
            format,
        } => moves::run(&file, turn, game, format, &catalog, &mut out, &mut err),
        Command::Stats {
            paths,
            by,
            format,
            svg,
            keep_duplicates,
            jobs,
        } => {
            let request = stats::StatsRequest {
                by: by.group_by(),
                format,
                svg: svg.as_deref(),
                keep_duplicates,
                jobs,
            };
            stats::run(&paths, &request, &catalog, &mut out, &mut err)
        }
        Command::Find { args } => find::run(&args, &catalog, &mut out, &mut err),
        Command::Import { source, format } => import::run(source, format, &mut out, &mut err),
        Command::Explain { code, format } => explain::run(&code, format, &mut out, &mut err),
        Command::Gen {
            seed,
            games,
            rules,
            players,
            expansions,
            policy,
        } => generate::run(
            seed,
            games,
            rules
                .or(default_rules)
                .unwrap_or(crate::edition::Edition::HiG2012),
            players,
            &expansions,
            match policy {
                crate::cli::GenPolicy::Random => crate::generate::Policy::Random,
                crate::cli::GenPolicy::Greedy => crate::generate::Policy::Greedy,
            },
            &catalog,
            &mut out,
            &mut err,
        ),
        Command::Tiles { id, format } => {
            tiles::run(id.as_deref(), format, &catalog, &mut out, &mut err)
        }
        Command::Completions { shell } => completions::run(shell, &mut out, &mut err),
        Command::Man { subcommand } => man::run(subcommand.as_deref(), &mut out, &mut err),
    };
    // The catalog is read once a run and needed to its end: the process's end
    // gives its memory back at once, rather than its strings and tables each.
    std::mem::forget(catalog);
    // A reader that stopped reading (`carcref gen | head -1`) ends the run
    // normally.
    let _ = out.flush();
    if output::closed() {
        return ExitCode::SUCCESS;
    }
    ExitCode::from(code)
}
