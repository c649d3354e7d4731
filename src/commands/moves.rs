//! `carcref moves`: every legal placement of the tile drawn at a turn, with
//! what each allows.

use std::io::Write;
use std::path::Path;

use super::EXIT_USAGE;
use super::input::read_game;
use crate::cli::OutputFormat;
use crate::tiles::TileCatalog;

/// Lists the legal moves of turn `turn` of game `game` (1-based) of `file`,
/// on the board before it.
pub(super) fn run(
    file: &Path,
    turn: u32,
    game: usize,
    format: OutputFormat,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let Some(one) = read_game(file, game, err) else {
        return EXIT_USAGE;
    };
    // Its number in its file (a folder's games are counted across files).
    let game = one.number;
    let Some(written) = one.record.turns.iter().find(|t| t.number.value == turn) else {
        let _ = writeln!(err, "error: {}: game {game} has no turn {turn}", one.name);
        return EXIT_USAGE;
    };
    let state = match crate::referee::replay_to(&one.record, catalog, Some(turn.saturating_sub(1)))
    {
        Ok(g) => g,
        Err(diagnostics) => {
            one.write_faults(err, &diagnostics);
            let _ = writeln!(err, "error: the turns before turn {turn} are not all legal");
            return 1;
        }
    };
    let Some(tile) = catalog
        .id(&written.tile.value)
        .filter(|t| state.in_play(*t))
    else {
        let _ = writeln!(
            err,
            "error: turn {turn} draws {}, which is not a tile in play",
            written.tile.value
        );
        return 1;
    };
    let document =
        crate::render::moves_json::moves_document(&one.name, game, &state, written, tile);
    match format {
        OutputFormat::Json => {
            let text = serde_json::to_string(&crate::render::json::Versioned::new(&document))
                .unwrap_or_default();
            let _ = writeln!(out, "{text}");
        }
        OutputFormat::Human => {
            let mut text = String::new();
            crate::render::moves::write_moves(&mut text, &document);
            let _ = out.write_all(text.as_bytes());
        }
    }
    // A line of the record not read (its fault printed) leaves the record
    // faulty, as `show` and `check` say, though its game replays.
    u8::from(one.unread_lines)
}
