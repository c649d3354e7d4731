//! `carcref show`: the board of one game after a turn, as a picture for the
//! terminal, an SVG or PNG picture or data (the verdict page is
//! `show_page.rs`'s).

use std::io::Write;
use std::path::Path;

use super::EXIT_USAGE;
use super::input::read_game;
use crate::referee::ReplayOptions;
use crate::tiles::TileCatalog;

/// What `carcref show` writes.
#[derive(Debug, Clone, Copy)]
pub(super) enum ShowView<'a> {
    /// The picture for a terminal (to standard output).
    Text {
        /// Whether to colour it.
        color: bool,
    },
    /// An SVG picture, to this file (`-`: standard output).
    Svg(&'a Path),
    /// A PNG picture, to this file (`-`: standard output).
    Png(&'a Path),
    /// The board as a JSON document (to standard output).
    Json,
}

/// Shows the board of game `game` (1-based) of `file` after turn `turn` (the
/// end when none is given) as `view` asks, `highlight` marking a feature.
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    file: &Path,
    turn: Option<u32>,
    game: usize,
    view: ShowView<'_>,
    highlight: Option<crate::score::FeatureRef>,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let Some(one) = read_game(file, game, err) else {
        return EXIT_USAGE;
    };
    // Its number in its file (a folder's games are counted across files).
    let game = one.number;
    if let Some(t) = turn
        && t > 0
        && !one.record.turns.iter().any(|r| r.number.value == t)
    {
        let _ = writeln!(err, "error: {}: game {game} has no turn {t}", one.name);
        return EXIT_USAGE;
    }
    let position = match crate::referee::replay_until(&one.record, catalog, turn) {
        Ok(p) => p,
        Err(diagnostics) => {
            one.write_faults(err, &diagnostics);
            return 1;
        }
    };
    // A feature to highlight must be on the board shown.
    if let Some(h) = highlight
        && let Some(why) = crate::render::highlight_fault(&position.game, h)
    {
        let _ = writeln!(err, "error: --highlight \"{h}\": {why}");
        return EXIT_USAGE;
    }
    // A faulty record is shown after its last legal turn, labelled so.
    let mut code = u8::from(one.unread_lines);
    let label = position.stopped.as_ref().map(|(illegal, fault)| {
        format!(
            "position after turn {}; turn {illegal} is illegal: {} {}",
            position.game.turn(),
            fault.code(),
            crate::render::shown_text(&fault.to_string(), crate::render::MAX_TEXT)
        )
    });
    if let (Some(label), Some((_, fault))) = (&label, &position.stopped) {
        one.write_faults(err, std::slice::from_ref(fault));
        match view {
            ShowView::Svg(_) | ShowView::Png(_) => {
                let _ = writeln!(err, "{label}");
            }
            ShowView::Text { .. } => {
                let _ = writeln!(out, "{label}");
            }
            // The document carries the label.
            ShowView::Json => {}
        }
        code = 1;
    }
    let state = &position.game;
    // A finished game shown at its end: its scoreboard after the final
    // scoring, titled so (the JSON's scores stay those of play).
    let at_end = turn.is_none_or(|t| one.record.turns.last().is_none_or(|l| t >= l.number.value));
    let final_scoring = at_end
        && position.stopped.is_none()
        && crate::header::Header::read_for(&one.record, catalog.user_sets())
            .0
            .is_some_and(|h| h.termination.scores_final());
    match view {
        ShowView::Json => {
            // The scorings of the turns played, for the points of each
            // completed feature.
            let replay = crate::referee::replay_with(
                &one.record,
                catalog,
                ReplayOptions {
                    until: turn,
                    ..ReplayOptions::default()
                },
            );
            let mut board = crate::render::board_view(state, &replay.events);
            board.set_meals(state, &replay.dragon_meals);
            let stopped = position.stopped.as_ref().map(|(illegal, fault)| {
                let view =
                    crate::render::SourceView::new(&one.name, &one.text, one.base, one.first_line);
                crate::render::board_json::Stopped {
                    turn: *illegal,
                    code: fault.code(),
                    message: fault.to_string(),
                    line: view.line_col(fault.span().start).0,
                }
            });
            let document = crate::render::board_json::ShowDocument {
                file: one.name.clone(),
                game,
                rules: state.edition().to_string(),
                position_after: state.turn(),
                status: if stopped.is_some() {
                    "invalid"
                } else {
                    "valid"
                },
                label,
                stopped,
                board,
            };
            let text = serde_json::to_string(&crate::render::json::Versioned::new(document))
                .unwrap_or_default();
            let _ = writeln!(out, "{text}");
        }
        ShowView::Png(path) => {
            let picture = crate::render::board_svg(
                state,
                &crate::render::SvgOptions {
                    highlight,
                    last: true,
                    final_scoring,
                },
            );
            let png = match crate::render::png::svg_to_png(&picture, 1.0) {
                Ok(png) => png,
                Err(e) => {
                    let _ = writeln!(err, "error: the board cannot be drawn as PNG: {e}");
                    return EXIT_USAGE;
                }
            };
            let written = if path == Path::new("-") {
                out.write_all(&png)
            } else {
                std::fs::write(path, png)
            };
            if let Err(e) = written {
                let _ = writeln!(err, "error: {}: {e}", path.display());
                return EXIT_USAGE;
            }
        }
        ShowView::Svg(path) => {
            let picture = crate::render::board_svg(
                state,
                &crate::render::SvgOptions {
                    highlight,
                    last: true,
                    final_scoring,
                },
            );
            let written = if path == Path::new("-") {
                out.write_all(picture.as_bytes())
            } else {
                std::fs::write(path, picture)
            };
            if let Err(e) = written {
                let _ = writeln!(err, "error: {}: {e}", path.display());
                return EXIT_USAGE;
            }
        }
        ShowView::Text { color } => {
            let _ = out.write_all(
                crate::render::board_text(
                    state,
                    &crate::render::ShowOptions {
                        color,
                        highlight,
                        final_scoring,
                    },
                )
                .as_bytes(),
            );
        }
    }
    code
}
