//! `carcref check`: every game of every file replayed, its faults reported
//! as they are found (in the format asked for), then a summary line.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use super::check_report::Reporter;
use super::input::{PROGRESS_FROM_BYTES, open_input};
use super::output::Sink;
use super::select::Selections;
use super::{EXIT_USAGE, quiet};
use crate::cli::CheckFormat;
use crate::render::SourceView;
use crate::tiles::TileCatalog;

/// What `check` is asked for, besides its paths.
#[derive(Debug)]
pub(super) struct CheckRequest {
    /// The format of the diagnostics.
    pub format: CheckFormat,
    /// Worker threads (see [`worker_threads`]).
    pub jobs: usize,
    /// Whether the human format is coloured.
    pub color: bool,
    /// The codes reported, file by file.
    pub selections: Selections,
}

/// The worker threads for `check --jobs`: one per core when 0, and never more
/// than there are cores (more threads only wait on each other).
pub fn worker_threads(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    if jobs == 0 { cores } else { jobs.min(cores) }
}

/// Checks every game of `paths` (files, folders searched for `*.cgn`, `-` for
/// standard input) on `jobs` worker threads, reporting each fault as it is
/// found in `format` (the codes selected only), then a summary line: exit
/// code 0 when every game is valid, 1 when one is not, 2 when a path cannot
/// be read.
pub(super) fn run(
    paths: &[PathBuf],
    request: &CheckRequest,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    use crate::stream::{Game, GameReader};
    use rayon::prelude::*;
    let format = request.format;
    let inputs = crate::files::find_inputs(paths);
    // The JSON format reports paths it cannot read among its diagnostics.
    let json = format == CheckFormat::Json;
    let found = if json {
        for problem in &inputs.problems {
            let _ = writeln!(out, "{}", crate::render::faults_json::file_problem(problem));
        }
        inputs.exit_code()
    } else {
        inputs.report(err)
    };
    let files = inputs.files;
    let mut reporter = Reporter::new(format, request.color, request.selections.clone());
    // One job runs on this thread, with one referee for every game; more run
    // on a pool, a referee per worker.
    let threads = worker_threads(request.jobs);
    let pool = (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten();
    let mut referee = crate::referee::Referee::new(catalog);
    let (mut games, mut valid, mut io_error) = (0usize, 0usize, false);
    // Diagnostics go where the format sends them, as they are found; errors
    // reading a file go to standard error (with the diagnostics, for humans).
    let (diagnostics_to, mut errors_to): (&mut dyn Write, Option<&mut dyn Write>) =
        if format == CheckFormat::Human {
            (&mut *err, None)
        } else {
            (&mut *out, Some(&mut *err))
        };
    let mut diagnostics_out = std::io::BufWriter::with_capacity(1 << 16, diagnostics_to);
    let mut file_error = |diagnostics_out: &mut std::io::BufWriter<&mut dyn Write>,
                          reporter: &mut Reporter,
                          name: &str,
                          message: String| {
        reporter.unreadable(name, &message);
        if json {
            let line = crate::render::faults_json::unreadable(name, &message);
            let _ = writeln!(diagnostics_out, "{line}");
            return;
        }
        let message = format!("{name}: {message}");
        let _ = diagnostics_out.flush();
        let _ = match errors_to.as_mut() {
            Some(e) => writeln!(e, "error: {message}"),
            None => writeln!(diagnostics_out.get_mut(), "error: {message}"),
        };
    };
    for file in &files {
        let name = file.display().to_string();
        reporter.file(file, &name);
        let (reader, size) = match open_input(file) {
            Ok(r) => r,
            Err(e) => {
                file_error(&mut diagnostics_out, &mut reporter, &name, e.to_string());
                io_error = true;
                continue;
            }
        };
        let progress = (std::io::stderr().is_terminal()
            && size.is_some_and(|s| s >= PROGRESS_FROM_BYTES))
        .then(|| indicatif::ProgressBar::new(size.unwrap_or(0)));
        // The start of the input, kept to tell another program's record
        // (`E112`) from CGN.
        let head = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let mut stream = GameReader::new(crate::sniff::Recorder::new(reader, head.clone()));
        let mut index = 0usize;
        let mut ended = None;
        // Reports the input as another program's record, if it is one, and
        // whether that one game is valid.
        let foreign = |diagnostics_out: &mut std::io::BufWriter<&mut dyn Write>,
                       reporter: &mut Reporter| {
            let head = head.borrow();
            let text = crate::sniff::text_of(&head);
            let fault = crate::sniff::not_cgn(text, 0)?;
            let view = SourceView::new(&name, text, 0, 0);
            Some(reporter.game(
                &mut Sink::new(diagnostics_out),
                &view,
                0,
                std::slice::from_ref(&fault),
            ))
        };
        loop {
            let batch = match stream.next_batch() {
                Ok(Some(batch)) => batch,
                Ok(None) => break,
                Err(e) => {
                    ended = Some(e);
                    break;
                }
            };
            // Another program's record is one fault, and is read no further.
            if index == 0
                && let Some(ok) = foreign(&mut diagnostics_out, &mut reporter)
            {
                index = 1;
                games += 1;
                valid += usize::from(ok);
                break;
            }
            let mut sink = Sink::new(&mut diagnostics_out);
            let mut report = |g: &Game<'_>, diagnostics: &[crate::diagnostics::Diagnostic]| {
                let view = SourceView::new(&name, g.text, g.base, g.first_line);
                let ok = reporter.game(&mut sink, &view, index, diagnostics);
                index += 1;
                games += 1;
                valid += usize::from(ok);
            };
            match &pool {
                Some(pool) if batch.len() > 1 => {
                    let batch: Vec<Game<'_>> = batch.games().collect();
                    let outcomes: Vec<Vec<crate::diagnostics::Diagnostic>> = pool.install(|| {
                        batch
                            .par_iter()
                            .map_init(
                                || crate::referee::Referee::new(catalog),
                                |referee, g| referee.verdict_read(g),
                            )
                            .collect()
                    });
                    for (g, diagnostics) in batch.iter().zip(&outcomes) {
                        report(g, diagnostics);
                    }
                }
                _ => {
                    for g in batch.games() {
                        report(&g, &referee.verdict_read(&g));
                    }
                }
            }
            if let Some(p) = &progress {
                p.inc(batch.text().len() as u64);
            }
            // What a batch found is seen before the next is read (a pipe
            // writing slowly sees each game's answer as it comes).
            let _ = diagnostics_out.flush();
        }
        if let Some(p) = progress {
            p.finish_and_clear();
        }
        if index == 0
            && let Some(ok) = foreign(&mut diagnostics_out, &mut reporter)
        {
            // Another program's record too long to read, or with no line
            // that CGN reads as a game (JSON on one line): one fault.
            index = 1;
            games += 1;
            valid += usize::from(ok);
        } else if let Some(e) = &ended {
            if let Some((diagnostic, head, offset, line)) = e.diagnostic() {
                // The game past the limit is a game.
                let view = SourceView::new(&name, head, offset, line);
                let mut sink = Sink::new(&mut diagnostics_out);
                let ok = reporter.game(&mut sink, &view, index, std::slice::from_ref(&diagnostic));
                index += 1;
                games += 1;
                valid += usize::from(ok);
            } else {
                file_error(&mut diagnostics_out, &mut reporter, &name, e.to_string());
                io_error = true;
            }
        }
        if index == 0 && ended.is_none() {
            games += 1;
            let view = SourceView::new(&name, "", 0, 0);
            let fault = crate::Diagnostic::NoGame {
                span: crate::notation::Span::default(),
            };
            let mut sink = Sink::new(&mut diagnostics_out);
            valid += usize::from(reporter.game(&mut sink, &view, 0, std::slice::from_ref(&fault)));
        }
    }
    reporter.finish(&mut diagnostics_out);
    let _ = diagnostics_out.flush();
    drop(diagnostics_out);
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let summary = format!(
        "checked {} in {}: {valid} valid, {} invalid",
        plural(games, "game"),
        plural(files.len(), "file"),
        games - valid
    );
    if quiet() {
        // Faults only: the exit status tells whether there were any.
    } else if matches!(format, CheckFormat::Human | CheckFormat::Short) {
        let _ = writeln!(out, "{summary}");
    } else {
        let _ = writeln!(err, "{summary}");
    }
    let code = if io_error {
        EXIT_USAGE
    } else if valid < games {
        1
    } else {
        0
    };
    code.max(found)
}
