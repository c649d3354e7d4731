//! carcref is a referee for Carcassonne game records written in CGN, the
//! Carcassonne Game Notation specified in `notation/SPEC.md`. It replays every turn
//! of a record through the rules of the basic game (2012 Hans im Glück / Z-Man or
//! 2000 Rio Grande) and of the twelve expansions a record may name (the River,
//! Inns & Cathedrals, Traders & Builders, The Tower, The Princess & the Dragon,
//! The Gold Mines, The Flying Machines, Mage & Witch, The Crop Circles, The
//! Ferries, The Robbers and The Messengers: one module each under
//! `rules::expansions`),
//! reports every fault with a stable code and the exact span of the offending
//! text, checks the score claims the record makes, and explains each point of the
//! final score.
//!
//! # Flow
//!
//! 1. **parse** ([`parse()`]): text → [`notation::GameRecord`]s, unvalidated, every
//!    token spanned; syntax faults of every line are reported at once. The
//!    notation reads the text ([`notation::read`]) and knows nothing of the
//!    rules; its faults ([`notation::SyntaxError`]) become diagnostics above it.
//! 2. **replay** ([`replay`]): a record → the [`Game`] state machine, turn by turn
//!    ([`Game::check`] then [`Game::apply`]); stops at the first illegal turn; the
//!    score claims and the result are checked against the [`ScoreEvent`]s.
//! 3. **render** ([`render`]): diagnostics (human, short, JSON, GitHub), score
//!    breakdowns (human, JSON, YAML) and the board (terminal, SVG, JSON), one
//!    file per output; [`commands`] runs each command of the command line over
//!    these three steps.
//!
//! [`check`] runs parse and replay over a whole text; the snapshot tests call
//! exactly that.
//!
//! # The library in four calls
//!
//! What the command line does to a record, the library does in four calls, and
//! the command line makes the same calls:
//!
//! - **read** ([`read_games`]): the games of a file or any reader, a game at a
//!   time, so an archive of any size takes the memory of one game (or
//!   [`parse()`] for a text in memory);
//! - **check** ([`check_game`]): a game replayed through the rules, with every
//!   fault and every score (or [`check`] for a whole text);
//! - **score** ([`score_game`]): the score sheet of a checked game, every
//!   turn, claim and point with its arithmetic (human, JSON or YAML);
//! - **render** ([`render_faults`]): a game's faults as diagnostics (human,
//!   short, JSON or GitHub annotations), each at its line and column of the file.
//!
//! ```
//! use carcref::render::{RenderOptions, ScoreFormat};
//! use carcref::{ReplayOptions, TileCatalog};
//!
//! let catalog = TileCatalog::embedded().unwrap();
//! let file = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n\
//!             1. Ann E 0,1 r180 +S =Ann+2/2\n";
//! let (mut sheet, mut faults) = (String::new(), String::new());
//! carcref::read_games(file.as_bytes(), |index, game| {
//!     let outcome = carcref::check_game(game, &catalog, ReplayOptions::default());
//!     carcref::score_game(&mut sheet, "game.cgn", game, index, &outcome, ScoreFormat::Human);
//!     carcref::render_faults(&mut faults, "game.cgn", game, index, &outcome.diagnostics,
//!                            &RenderOptions::default());
//!     std::ops::ControlFlow::Continue(())
//! })
//! .unwrap();
//! // Turn 1 closes a two-tile city: 4 points under the 2012 rules, not 2.
//! assert!(sheet.contains("Ann claimed +2/2, counted +4/4"));
//! assert!(faults.contains("E501"));
//! ```
//!
//! The module `notation` implements the folder `notation/` of the project (the
//! spec, the tile catalog and the example games).
//!
//! ```
//! use carcref::{TileCatalog, check};
//!
//! let catalog = TileCatalog::embedded().unwrap();
//! let src = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n\
//!            1. Ann E 0,1 r180 +S\n\
//!            2. Bob U 1,0 r0\n\
//!            3. Ann U -1,0 r0\n";
//! let outcome = check("example.cgn", src, &catalog);
//! assert!(!outcome.has_errors());
//! let score = outcome.games[0].score().unwrap();
//! // Turn 1 closes the start tile's city with a second cap: 2 tiles, 4 points
//! // under the 2012 rules.
//! assert_eq!(score.total("Ann"), Some(4));
//! ```

#![warn(missing_docs, missing_debug_implementations)]

pub mod archive;
pub mod board;
pub mod cli;
pub mod commands;
pub mod diagnostics;
pub mod diff;
pub mod edition;
pub mod expansion;
pub mod features;
pub mod figures;
pub mod files;
pub mod generate;
pub mod header;
pub mod import;
pub mod lists;
pub mod notation;
pub mod pawn;
pub mod player;
pub mod referee;
pub mod render;
pub mod repair;
pub mod rules;
pub mod score;
pub mod shown;
pub mod sniff;
pub mod stream;
pub mod suggest;
pub mod tiles;

pub use board::{Board, Pos};
pub use diagnostics::{Diagnostic, Parsed, parse, parse_game};
pub use player::{ByPlayer, Player};
pub use referee::{
    Outcome, Replay, ReplayOptions, ScoreSheet, check, check_bytes, check_with, replay, replay_with,
};
pub use rules::{Action, Edition, Game, Move, Setup, Violation};
pub use score::{ScoreEvent, ScoreReason};
pub use tiles::{EdgeKind, FeatureKind, Rotation, Side, Spot, TileCatalog, TileDef, TileId};

use std::ops::ControlFlow;

/// Reads the games of a file, standard input or any reader, a game at a time,
/// as `carcref check` reads them ([`stream::GameReader`]): each game is handed to
/// `each` with its 0-based index in the input until `each` breaks, and nothing
/// but the game in hand is held. A UTF-8 byte order mark is passed over; bytes
/// that are not UTF-8 are faults of their game (`E109`, reported by
/// [`check_game`]). Returns how many games were handed over.
///
/// # Errors
///
/// What ended the input early: an I/O error, or a game past the size limit
/// ([`notation::MAX_GAME`]; [`stream::StreamError::diagnostic`] gives its
/// diagnostic, which ends the input).
///
/// ```
/// let text = "[Players \"Ann, Bob\"]\n\n1. Ann E 0,1 r180\n\n[Players \"Cy, Di\"]\n";
/// let mut first_lines = Vec::new();
/// let count = carcref::read_games(text.as_bytes(), |_, game| {
///     first_lines.push(game.first_line + 1);
///     std::ops::ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert_eq!((count, first_lines), (2, vec![1, 5]));
/// ```
pub fn read_games<R: std::io::Read>(
    input: R,
    mut each: impl FnMut(usize, &stream::Game<'_>) -> ControlFlow<()>,
) -> Result<usize, stream::StreamError> {
    let mut reader = stream::GameReader::new(input);
    let mut index = 0;
    while let Some(batch) = reader.next_batch()? {
        for game in batch.games() {
            let flow = each(index, &game);
            index += 1;
            if flow.is_break() {
                return Ok(index);
            }
        }
    }
    Ok(index)
}

/// Checks one game as read by [`read_games`]: parsed, then replayed through the
/// rules of its edition and expansions (unless it has syntax errors), with
/// every fault, the score claims and the result compared with the scores.
/// `options` choose another edition's text, a turn to stop after, or the final
/// scoring where the record stops, as `carcref score` does.
///
/// ```
/// use carcref::{ReplayOptions, TileCatalog};
///
/// let catalog = TileCatalog::embedded().unwrap();
/// let text = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n1. Ann E 0,1 r180 +S\n";
/// carcref::read_games(text.as_bytes(), |_, game| {
///     let outcome = carcref::check_game(game, &catalog, ReplayOptions::default());
///     assert!(!outcome.has_errors());
///     assert_eq!(outcome.score().and_then(|s| s.total("Ann")), Some(4));
///     std::ops::ControlFlow::Continue(())
/// })
/// .unwrap();
/// ```
pub fn check_game(
    game: &stream::Game<'_>,
    catalog: &TileCatalog,
    options: ReplayOptions,
) -> referee::GameOutcome {
    referee::check_game_read(game, catalog, options)
}

/// Writes the score sheet of a game checked by [`check_game`] (`index`: its
/// 0-based place in the file named `name`): in the human format a line per turn
/// with the running totals and each claim beside the referee's count, each
/// scoring with its arithmetic, then the final scoring and the winner; in
/// JSON and YAML the same as data. A faulty game is scored up to its last legal
/// turn, labelled so.
///
/// ```
/// use carcref::render::ScoreFormat;
/// use carcref::{ReplayOptions, TileCatalog};
///
/// let catalog = TileCatalog::embedded().unwrap();
/// let text = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n1. Ann E 0,1 r180 +S\n";
/// let mut json = String::new();
/// carcref::read_games(text.as_bytes(), |index, game| {
///     let outcome = carcref::check_game(game, &catalog, ReplayOptions::default());
///     carcref::score_game(&mut json, "game.cgn", game, index, &outcome, ScoreFormat::Json);
///     std::ops::ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert!(json.contains(r#""totals":{"Ann":4,"Bob":0}"#));
/// ```
pub fn score_game(
    out: &mut String,
    name: &str,
    game: &stream::Game<'_>,
    index: usize,
    outcome: &referee::GameOutcome,
    format: render::ScoreFormat,
) {
    let view = render::SourceView::new(name, game.text, game.base, game.first_line);
    render::render_score(out, &view, index, outcome, format);
}

/// Renders the faults of a game read by [`read_games`] (`index`: its 0-based
/// place in the file named `name`) in a format of [`render::RenderOptions`]:
/// the human format shows each fault at its line and column of the file with
/// its code, its labels and its help; `short` is one `file:line:col: CODE
/// message` line a fault. Nothing is written for a game without faults.
///
/// ```
/// use carcref::render::{DiagnosticFormat, RenderOptions};
/// use carcref::{ReplayOptions, TileCatalog};
///
/// let catalog = TileCatalog::embedded().unwrap();
/// let text = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\n1. Ann E 0,1 r90\n";
/// let options = RenderOptions { format: DiagnosticFormat::Short, ..RenderOptions::default() };
/// let mut short = String::new();
/// carcref::read_games(text.as_bytes(), |index, game| {
///     let outcome = carcref::check_game(game, &catalog, ReplayOptions::default());
///     carcref::render_faults(&mut short, "game.cgn", game, index, &outcome.diagnostics, &options);
///     std::ops::ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert!(short.starts_with("game.cgn:4:10: E301 tile does not fit"), "{short}");
/// ```
pub fn render_faults(
    out: &mut impl std::fmt::Write,
    name: &str,
    game: &stream::Game<'_>,
    index: usize,
    diagnostics: &[Diagnostic],
    options: &render::RenderOptions,
) {
    let view = render::SourceView::new(name, game.text, game.base, game.first_line);
    render::render_game(out, &view, index, diagnostics, options);
}
