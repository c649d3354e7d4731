//! The games of many files and folders worked on in parallel (`stats`,
//! `find`): each batch of games read is shared among `--jobs` workers, a
//! referee each, and the answers handed back in the order of the games, so
//! the output never depends on the number of workers. Nothing is held but
//! the batch in hand.

use std::io::Write;
use std::path::PathBuf;

use super::EXIT_USAGE;
use super::check::worker_threads;
use super::faults::report_stream_fault;
use super::input::open_input;
use super::progress::Progress;
use crate::referee::Referee;
use crate::stream::{Game, GameReader};
use crate::tiles::TileCatalog;

/// Where a game is: its file's name and its index there (0-based).
#[derive(Debug, Clone, Copy)]
pub(super) struct Place<'n> {
    /// The file's name (`-` for standard input).
    pub(super) name: &'n str,
    /// 0-based, in its file.
    pub(super) index: usize,
}

/// Runs `work` on every game of `paths` (files, folders, `-`; plain or
/// gzip-compressed) on `jobs` workers, and hands each game's answer to
/// `each` in order. Problems reading are reported to `err`; the exit code
/// they call for (0 if none).
pub(super) fn each_game_parallel<'c, T: Send>(
    paths: &[PathBuf],
    jobs: usize,
    catalog: &'c TileCatalog,
    work: impl Fn(&mut Referee<'c>, &Game<'_>) -> T + Sync,
    mut each: impl FnMut(Place<'_>, &Game<'_>, T),
    err: &mut impl Write,
) -> u8 {
    use rayon::prelude::*;
    let inputs = crate::files::find_inputs(paths);
    let mut code = inputs.report(err);
    let threads = worker_threads(jobs);
    let pool = (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten();
    let mut referee = Referee::new(catalog);
    for file in &inputs.files {
        let name = file.display().to_string();
        let opened = match open_input(file) {
            Ok(o) => o,
            Err(e) => {
                let _ = writeln!(err, "error: {name}: {e}");
                code = EXIT_USAGE;
                continue;
            }
        };
        let mut progress = Progress::of(&opened);
        let mut stream = GameReader::new(opened.reader);
        let mut index = 0;
        loop {
            let batch = match stream.next_batch() {
                Ok(Some(batch)) => batch,
                Ok(None) => break,
                Err(e) => {
                    code = code.max(report_stream_fault(err, &name, &e, index));
                    break;
                }
            };
            let games: Vec<Game<'_>> = batch.games().collect();
            let answers: Vec<T> = match &pool {
                Some(pool) if games.len() > 1 => pool.install(|| {
                    games
                        .par_iter()
                        .map_init(|| Referee::new(catalog), |r, g| work(r, g))
                        .collect()
                }),
                _ => games.iter().map(|g| work(&mut referee, g)).collect(),
            };
            for (g, answer) in games.iter().zip(answers) {
                each(Place { name: &name, index }, g, answer);
                index += 1;
            }
            progress.games(games.len());
        }
        progress.finish();
    }
    code
}
