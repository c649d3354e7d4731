//! The faults the commands report to standard error in the human format: a
//! game's, that of a file holding no game, and what ended a file's games
//! early.

use std::io::Write;

use super::output::Sink;
use super::{EXIT_USAGE, human_report};
use crate::render::RenderOptions;

/// Renders a fault that ended a file's games (a game past the size limit), as
/// the game after those read, and whether it was one (an I/O error is not).
pub(super) fn render_stream_fault(
    out: &mut impl std::fmt::Write,
    name: &str,
    fault: &crate::stream::StreamError,
    index: usize,
    options: &RenderOptions,
) -> bool {
    use crate::render::{SourceView, render_game};
    let Some((diagnostic, head, offset, line)) = fault.diagnostic() else {
        return false;
    };
    let view = SourceView::new(name, head, offset, line);
    render_game(
        out,
        &view,
        index,
        std::slice::from_ref(&diagnostic),
        options,
    );
    true
}

/// Reports what ended a file's games early: a game past the size limit is
/// rendered as the game after those read (exit 1); an I/O error is one line
/// (exit 2).
pub(super) fn report_stream_fault(
    err: &mut impl Write,
    name: &str,
    fault: &crate::stream::StreamError,
    index: usize,
) -> u8 {
    let mut sink = Sink::new(&mut *err);
    if render_stream_fault(&mut sink, name, fault, index, &human_report()) {
        1
    } else {
        let _ = writeln!(err, "error: {name}: {fault}");
        EXIT_USAGE
    }
}

/// Writes the faults of a game of a file in the human format (`index`: its
/// 0-based place in the file).
pub(super) fn report_game(
    err: &mut impl Write,
    name: &str,
    g: &crate::stream::Game<'_>,
    index: usize,
    diagnostics: &[crate::Diagnostic],
) {
    crate::render_faults(
        &mut Sink::new(err),
        name,
        g,
        index,
        diagnostics,
        &human_report(),
    );
}

/// Renders the fault of a file that holds no game (`E108`).
pub(super) fn render_no_game(out: &mut impl std::fmt::Write, name: &str, options: &RenderOptions) {
    let view = crate::render::SourceView::new(name, "", 0, 0);
    let fault = crate::Diagnostic::NoGame {
        span: crate::notation::Span::default(),
    };
    crate::render::render_game(out, &view, 0, std::slice::from_ref(&fault), options);
}

/// Reports in the human format that a file holds no game.
pub(super) fn report_no_game(err: &mut impl Write, name: &str) {
    render_no_game(&mut Sink::new(err), name, &human_report());
}
