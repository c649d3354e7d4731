//! What the commands read: files, folders and standard input, plain or
//! gzip-compressed, the games of a file one at a time (or one game of the
//! files and folders named), and the tile catalog with the tile sets of
//! `--tiles`.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::faults::report_stream_fault;
use super::output::Sink;
use super::{EXIT_USAGE, human_report};
use crate::render;
use crate::tiles::TileCatalog;

/// The built-in catalog with the tile sets of `--tiles`, or the exit code of a
/// file that cannot be read or that the catalog refuses, reported to `err`
/// (`E217` in the human format, pointing into the file).
pub(super) fn load_catalog(files: &[PathBuf], err: &mut impl Write) -> Result<TileCatalog, u8> {
    let mut texts: Vec<(String, String)> = Vec::new();
    for file in files {
        let name = file.display().to_string();
        match std::fs::read(file).map(String::from_utf8) {
            Ok(Ok(text)) => texts.push((name, text)),
            Ok(Err(e)) => {
                let _ = writeln!(
                    err,
                    "error: cannot read {name}: not UTF-8 text (byte {})",
                    e.utf8_error().valid_up_to()
                );
                return Err(EXIT_USAGE);
            }
            Err(e) => {
                let _ = writeln!(err, "error: cannot read {name}: {e}");
                return Err(EXIT_USAGE);
            }
        }
    }
    TileCatalog::with_user_sets(texts.iter().map(|(n, t)| (n.as_str(), t.as_str()))).map_err(|e| {
        match texts.iter().find(|(name, _)| *name == e.file) {
            Some((name, text)) => {
                let view = render::SourceView::new(name, text, 0, 0);
                let mut shown = String::new();
                render::render_game(
                    &mut shown,
                    &view,
                    0,
                    &[crate::diagnostics::Diagnostic::of_tile_set(&e)],
                    &human_report(),
                );
                let _ = write!(err, "{shown}");
            }
            None => {
                let _ = writeln!(err, "error: the built-in tile catalog is broken: {e}");
            }
        }
        EXIT_USAGE
    })
}

/// A file (or standard input) as a reader, plain or gzip-compressed
/// ([`crate::files::open`]), with its size if known: every command reads its
/// records through this.
pub(super) fn open_input(path: &Path) -> std::io::Result<crate::files::open::Opened> {
    crate::files::open::open(path)
}

/// The games of a file (or standard input) read as `check` reads them, one at a
/// time, each handed to `each` with its 0-based index until it breaks: nothing
/// but the game in hand is held. The number of games read, or the fault that
/// ended the input (an I/O error, or a game past the size limit).
pub(super) fn each_game(
    path: &Path,
    mut each: impl FnMut(usize, &crate::stream::Game<'_>) -> std::ops::ControlFlow<()>,
) -> Result<usize, crate::stream::StreamError> {
    let opened = open_input(path)?;
    crate::read_games(opened.reader, &mut each)
}

/// One game of a file, read for a command that works on one game.
pub(super) struct OneGame {
    pub(super) name: String,
    /// Its text, byte offset and first line (0-based) in the file.
    pub(super) text: String,
    pub(super) base: usize,
    pub(super) first_line: usize,
    /// 1-based, in its file.
    pub(super) number: usize,
    pub(super) record: crate::notation::GameRecord,
    /// Whether it has lines too long to read (`E110`) that it does not need
    /// to be replayed: reported, and the game is replayed without them.
    pub(super) unread_lines: bool,
}

impl OneGame {
    /// Writes faults of this game in the human format.
    pub(super) fn write_faults(&self, err: &mut impl Write, diagnostics: &[crate::Diagnostic]) {
        let view =
            crate::render::SourceView::new(&self.name, &self.text, self.base, self.first_line);
        crate::render::render_game(
            &mut Sink::new(err),
            &view,
            self.number - 1,
            diagnostics,
            &human_report(),
        );
    }
}

/// Reads game `game` (1-based) of `path` (a file, a folder whose files'
/// games are counted one after another in the order [`crate::files::find_inputs`]
/// lists them, or `-`), reading no further, and reports its syntax faults;
/// `None` after an error message.
pub(super) fn read_game(path: &Path, game: usize, err: &mut impl Write) -> Option<OneGame> {
    if game == 0 {
        let _ = writeln!(err, "error: games are numbered from 1");
        return None;
    }
    let inputs = crate::files::find_inputs(std::slice::from_ref(&path.to_path_buf()));
    if inputs.report(err) != 0 {
        return None;
    }
    // The games of the files before the one that holds the game.
    let mut before = 0;
    for file in &inputs.files {
        match read_game_of_file(file, game - before, err) {
            Found::Game(one) => return Some(*one),
            Found::Failed => return None,
            Found::Fewer(count) => before += count,
        }
    }
    let _ = writeln!(
        err,
        "error: {} has {before} games; there is no game {game}",
        path.display()
    );
    None
}

/// What looking for a game in one file found.
enum Found {
    Game(Box<OneGame>),
    /// An error, reported.
    Failed,
    /// The file holds fewer games: this many.
    Fewer(usize),
}

/// Game `game` (1-based) of one file.
fn read_game_of_file(file: &Path, game: usize, err: &mut impl Write) -> Found {
    let name = file.display().to_string();
    let mut found = None;
    let read = each_game(file, |index, g| {
        if index + 1 < game {
            return std::ops::ControlFlow::Continue(());
        }
        found = Some((g.text.to_string(), g.base, g.first_line, g.parse()));
        std::ops::ControlFlow::Break(())
    });
    let count = match read {
        Ok(count) => count,
        Err(e) => {
            report_stream_fault(err, &name, &e, game.saturating_sub(1));
            return Found::Failed;
        }
    };
    let Some((text, base, first_line, p)) = found else {
        return Found::Fewer(count);
    };
    let unread_lines = p.has_errors();
    let replayable = p.is_replayable();
    let one = OneGame {
        name,
        text,
        base,
        first_line,
        number: game,
        record: p.record,
        unread_lines,
    };
    if unread_lines {
        one.write_faults(err, &p.diagnostics);
        if !replayable {
            return Found::Failed;
        }
    }
    Found::Game(Box::new(one))
}
