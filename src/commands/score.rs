//! `carcref score`: the score sheet of each game (human, JSON or YAML), or
//! the comparison of the two editions' sheets.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::EXIT_USAGE;
use super::faults::{report_game, report_no_game, report_stream_fault};
use super::input::each_game;
use crate::cli::ScoreFormat;
use crate::referee::ReplayOptions;
use crate::render;
use crate::render::score_line::ScoreLine;
use crate::rules::Edition;
use crate::tiles::TileCatalog;

/// What `carcref score` was asked.
#[derive(Debug, Clone, Copy)]
pub(super) struct ScoreRequest {
    pub(super) format: ScoreFormat,
    /// The edition, the turn to stop after, the final scoring.
    pub(super) options: ReplayOptions,
    /// Only this game of each file (1-based).
    pub(super) game: Option<usize>,
    pub(super) compare_editions: bool,
}

/// Scores every game of `files` (files, folders searched for records, `-`
/// for standard input; plain or gzip-compressed) (or only the one `request` names) as
/// `request` asks: each game's sheet, or the comparison of the editions.
pub(super) fn run(
    files: &[PathBuf],
    request: &ScoreRequest,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if request.game == Some(0) {
        let _ = writeln!(err, "error: games are numbered from 1");
        return EXIT_USAGE;
    }
    let inputs = crate::files::find_inputs(files);
    let mut code = inputs.report(err);
    for file in &inputs.files {
        code = code.max(score_file(file, request, catalog, out, err));
    }
    code
}

/// The renderers' format of `--format`.
fn sheet_format(format: ScoreFormat) -> render::ScoreFormat {
    match format {
        ScoreFormat::Human => render::ScoreFormat::Human,
        ScoreFormat::Json => render::ScoreFormat::Json,
        ScoreFormat::Yaml => render::ScoreFormat::Yaml,
    }
}

/// `carcref score` on one file, a game at a time.
fn score_file(
    file: &Path,
    request: &ScoreRequest,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let name = file.display().to_string();
    let format = sheet_format(request.format);
    let mut code = 0;
    let mut found = false;
    let mut text = String::new();
    // The JSON line of a game the quick verdict clears is written on its
    // replay; any other game, and any other sheet, takes the full referee's.
    let mut quick = QuickSheet::for_request(request, catalog, &name);
    let read = each_game(file, |index, g| {
        if request.game.is_some_and(|n| index + 1 != n) {
            return std::ops::ControlFlow::Continue(());
        }
        found = true;
        if let Some(q) = &mut quick
            && q.write(g, index, &mut text)
        {
            let _ = out.write_all(text.as_bytes());
            return if request.game.is_some() {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            };
        }
        let view = crate::render::SourceView::new(&name, g.text, g.base, g.first_line);
        let outcome = if request.compare_editions {
            compare_editions(&view, index, g, request, catalog, &mut text)
        } else {
            let outcome = crate::check_game(g, catalog, request.options);
            text.clear();
            crate::score_game(&mut text, &name, g, index, &outcome, format);
            outcome
        };
        if let Some(t) = request.options.until
            && t > 0
            && outcome.replay.is_some()
            && !outcome.record.turns.iter().any(|r| r.number.value == t)
        {
            let _ = writeln!(err, "error: {name}: game {} has no turn {t}", index + 1);
            code = EXIT_USAGE;
            return std::ops::ControlFlow::Continue(());
        }
        let _ = out.write_all(text.as_bytes());
        if outcome.has_errors() {
            report_game(&mut *err, &name, g, index, &outcome.diagnostics);
            code = code.max(1);
        }
        if request.game.is_some() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    match read {
        Ok(0) => {
            report_no_game(err, &name);
            1
        }
        Ok(count) if !found => {
            let n = request.game.unwrap_or(0);
            let _ = writeln!(err, "error: {name} has {count} games; there is no game {n}");
            EXIT_USAGE
        }
        Ok(_) => code,
        Err(e) => code.max(report_stream_fault(err, &name, &e, 0)),
    }
}

/// `score --compare-editions` on one game: the game replayed by the text of
/// each edition (its variants dropped), the items that differ written to
/// `text`. The outcome under the record's own edition (for its faults).
fn compare_editions(
    view: &crate::render::SourceView<'_>,
    index: usize,
    g: &crate::stream::Game<'_>,
    request: &ScoreRequest,
    catalog: &TileCatalog,
    text: &mut String,
) -> crate::referee::GameOutcome {
    let by = |edition| {
        crate::check_game(
            g,
            catalog,
            ReplayOptions {
                edition: Some(edition),
                ..request.options
            },
        )
    };
    let (a, b) = (by(Edition::HiG2012), by(Edition::Rgg2000));
    let outcome = crate::referee::check_game_read(
        g,
        catalog,
        ReplayOptions {
            edition: None,
            ..request.options
        },
    );
    text.clear();
    let variants = crate::render::comparison::variant_names(&outcome.record);
    render::comparison::render_comparison(
        text,
        view,
        index,
        (&a, &b),
        &variants,
        sheet_format(request.format),
    );
    outcome
}

/// `score --format json` of the games the quick verdict clears: each line
/// written on the verdict's replay ([`ScoreLine`]), byte for byte the line
/// of the full referee's outcome.
pub(crate) struct QuickSheet<'c> {
    referee: crate::referee::Referee<'c>,
    line: ScoreLine,
    /// The file's name as a JSON string.
    file: String,
}

impl<'c> QuickSheet<'c> {
    /// The quick way for the games of the file `name`, if the request is
    /// one it serves: the JSON sheet of the whole game as recorded (no
    /// other edition, turn or final scoring asked, no comparison).
    fn for_request(
        request: &ScoreRequest,
        catalog: &'c TileCatalog,
        name: &str,
    ) -> Option<QuickSheet<'c>> {
        let plain = request.format == ScoreFormat::Json
            && !request.compare_editions
            && request.options == ReplayOptions::default();
        plain.then(|| QuickSheet::new(catalog, name))
    }

    /// The quick way for the games of the file `name`.
    pub(crate) fn new(catalog: &'c TileCatalog, name: &str) -> QuickSheet<'c> {
        let mut file = String::new();
        render::score_line::push_json_str(&mut file, name);
        QuickSheet {
            referee: crate::referee::Referee::new(catalog),
            line: ScoreLine::new(),
            file,
        }
    }

    /// Writes the JSON line of game `index` of the file into `text` (emptied
    /// first) if the quick verdict clears it; `false` (and `text` as it was)
    /// when the full referee must look.
    pub(crate) fn write(
        &mut self,
        g: &crate::stream::Game<'_>,
        index: usize,
        text: &mut String,
    ) -> bool {
        if !g.not_utf8.is_empty() {
            return false;
        }
        self.line.begin();
        if !self
            .referee
            .is_clean_quick_observed(g.text, g.base, &mut self.line)
        {
            return false;
        }
        text.clear();
        self.line.write(text, &self.file, index);
        true
    }
}
