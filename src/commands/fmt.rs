//! `carcref fmt`: records written in canonical form, checked (`--check`) or
//! compared with it (`--diff`).

use std::io::Write;
use std::path::{Path, PathBuf};

use super::EXIT_USAGE;
use super::faults::{report_game, report_no_game, report_stream_fault};
use super::input::each_game;
use crate::tiles::TileCatalog;

/// The canonical text of one game of a stream, or its faults (syntax, and
/// bytes that are not UTF-8) when it has any error.
fn canonical_game(
    g: &crate::stream::Game<'_>,
    catalog: &TileCatalog,
) -> Result<String, Vec<crate::Diagnostic>> {
    let p = g.parse();
    if p.has_errors() {
        return Err(p.diagnostics);
    }
    // About the size of the game as written.
    let mut text = String::with_capacity(g.text.len() + 64);
    crate::notation::write::write_game(
        &mut text,
        &crate::notation::write::into_canonical_with(p.record, catalog),
    );
    Ok(text)
}

/// What reading a file for `fmt` found.
#[derive(Debug, Default)]
struct FmtCheck {
    /// Games read.
    games: usize,
    /// Whether a game has syntax errors (reported).
    faulty: bool,
    /// Whether the file is written as `fmt` would write it.
    canonical: bool,
}

/// Reads a file's games one at a time, reporting the syntax faults of each,
/// and tells whether the file is canonical: each game is its canonical text
/// followed by the blank line that separates it from the next (SPEC 5), and
/// there is no byte order mark.
///
/// With `diff`, the differences between the file and its canonical form are
/// added to it, a game at a time.
fn fmt_check(
    file: &Path,
    name: &str,
    catalog: &TileCatalog,
    err: &mut impl Write,
    mut diff: Option<&mut crate::diff::UnifiedDiff>,
) -> Result<FmtCheck, crate::stream::StreamError> {
    let mut found = FmtCheck {
        canonical: true,
        ..FmtCheck::default()
    };
    // Whether the last game read ends without the blank line: only the last
    // game of a file may.
    let mut unseparated = false;
    // The game before, as written and canonical: whether it is the last, and
    // so ends without the blank line, is known when the next is read.
    let mut pending: Option<(String, String)> = None;
    let read = each_game(file, |index, g| {
        found.games += 1;
        match canonical_game(g, catalog) {
            Ok(text) => {
                if let Some(d) = diff.as_deref_mut() {
                    if let Some((old, new)) = pending.take() {
                        d.piece(&old, &format!("{new}\n"));
                    }
                    let bom = if index == 0 && g.base > 0 {
                        "\u{feff}"
                    } else {
                        ""
                    };
                    pending = Some((format!("{bom}{}", g.text), text.clone()));
                }
                // The game's text, then the blank line before the next game.
                let separated = g.text.strip_suffix('\n') == Some(text.as_str());
                // A first game that does not start the file follows a byte
                // order mark, which the canonical form does not have.
                let unmarked = index > 0 || g.base == 0;
                found.canonical &= !unseparated && unmarked && (separated || g.text == text);
                unseparated = !separated;
            }
            Err(faults) => {
                report_game(&mut *err, name, g, index, &faults);
                found.faulty = true;
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    // The last game ends without the blank line.
    found.canonical &= unseparated || found.games == 0;
    if let (Some(d), Some((old, new))) = (diff, pending) {
        d.piece(&old, &new);
    }
    read.map(|_| found)
}

/// Writes the canonical form of a file's games to `w`, a game at a time.
fn fmt_write(file: &Path, catalog: &TileCatalog, w: &mut dyn Write) -> std::io::Result<()> {
    let mut result = Ok(());
    let read = each_game(file, |index, g| {
        let written = match canonical_game(g, catalog) {
            Ok(text) if index == 0 => w.write_all(text.as_bytes()),
            Ok(text) => w
                .write_all(b"\n")
                .and_then(|()| w.write_all(text.as_bytes())),
            Err(_) => Err(std::io::Error::other("the record has syntax errors")),
        };
        result = written;
        if result.is_err() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    result?;
    read.map(|_| ()).map_err(|e| match e {
        crate::stream::StreamError::Io(e) => e,
        other => std::io::Error::other(other.to_string()),
    })
}

/// Writes the records of `paths` in canonical form, in place (`-`: standard
/// input's to standard output); with `check`, only names those that are not
/// canonical, and with `diff` shows how they differ.
pub(super) fn run(
    paths: &[PathBuf],
    check: bool,
    diff: bool,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let inputs = crate::files::find_inputs(paths);
    let mut code = inputs.report(err);
    let files = inputs.files;
    for file in &files {
        let name = file.display().to_string();
        if file == Path::new("-") && !check {
            // Standard input is read once: each game is written as it is read,
            // and the first with a syntax error ends the output.
            code = code.max(fmt_stdin(&name, catalog, out, err));
            continue;
        }
        let mut changes = diff.then(crate::diff::UnifiedDiff::new);
        let found = match fmt_check(file, &name, catalog, err, changes.as_mut()) {
            Ok(found) => found,
            Err(e) => {
                code = code.max(report_stream_fault(err, &name, &e, 0));
                continue;
            }
        };
        if found.games == 0 {
            report_no_game(err, &name);
            found_error(err, &name);
            code = code.max(1);
        } else if found.faulty {
            found_error(err, &name);
            code = code.max(1);
        } else if found.canonical {
        } else if let Some(changes) = changes {
            let _ = out.write_all(changes.finish(&name).as_bytes());
            code = code.max(1);
        } else if check {
            let _ = writeln!(out, "{name}: not canonical");
            code = code.max(1);
        } else if let Err(e) = rewrite(file, catalog) {
            let _ = writeln!(err, "error: {name}: {e}");
            code = EXIT_USAGE;
        }
    }
    code
}

/// Writes a file's canonical form in its place, compressed if it was: a
/// `.cgn.gz` file stays gzip data.
fn rewrite(file: &Path, catalog: &TileCatalog) -> std::io::Result<()> {
    let compressed = super::input::open_input(file)?.compressed;
    crate::files::open::replace_as_read(file, compressed, |w| fmt_write(file, catalog, w))
}

/// Says that a file was left as it is because of its faults.
fn found_error(err: &mut impl Write, name: &str) {
    let _ = writeln!(err, "error: {name}: not formatted: it has syntax errors");
}

/// `fmt -`: standard input's canonical form to standard output, a game at a
/// time.
fn fmt_stdin(name: &str, catalog: &TileCatalog, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut faulty = false;
    let read = each_game(Path::new("-"), |index, g| {
        match canonical_game(g, catalog) {
            Ok(text) => {
                if index > 0 {
                    let _ = out.write_all(b"\n");
                }
                let _ = out.write_all(text.as_bytes());
                std::ops::ControlFlow::Continue(())
            }
            Err(faults) => {
                report_game(&mut *err, name, g, index, &faults);
                faulty = true;
                std::ops::ControlFlow::Break(())
            }
        }
    });
    match read {
        Ok(0) => {
            report_no_game(err, name);
            found_error(err, name);
            1
        }
        Ok(_) if faulty => {
            found_error(err, name);
            1
        }
        Ok(_) => 0,
        Err(e) => report_stream_fault(err, name, &e, 0),
    }
}
