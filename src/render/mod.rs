//! Every output of carcref, one file each: what the library computes (the
//! faults of a game, its score, a board, the legal moves of a turn, the tile
//! catalog), written for people or for programs.
//!
//! - the faults of a game as diagnostics: [`faults`] (human, short, GitHub
//!   annotations) and [`faults_json`] (JSON lines), pointing into the text
//!   through [`source`] (line and column lookups, the excerpt of a line a
//!   human report shows);
//! - the score sheet: [`sheet`] (human), [`sheet_json`] (the data of JSON
//!   lines) and [`sheet_yaml`] (YAML documents); [`score_line`] writes a
//!   clean game's JSON line straight from the quick verdict's replay;
//!   [`comparison`] compares the sheets of the two editions;
//! - the board: [`terminal`] (a picture for a terminal), [`svg`] (an SVG
//!   document) and [`board_json`] (the board as data), the pictures sharing
//!   `palette.rs` (the seats' colours) and `scene.rs` (what stands on each
//!   tile);
//! - the verdict page: [`html`] (one self-contained page a game, to replay
//!   it, see its faults and read its score sheet), [`html_index`] (the index
//!   of a round's pages), and [`png`] (the board as a PNG picture);
//! - the legal moves of a turn: [`moves`] (human) and [`moves_json`];
//! - the tile catalog: [`tiles`] (pictures) and [`tiles_json`];
//! - the figures of an archive: [`stats_human`], [`stats_json`], [`stats_csv`]
//!   and [`stats_svg`] (its charts);
//! - the faults of a whole run as documents for CI: [`sarif`] (a SARIF 2.1.0
//!   log) and [`junit`] (a JUnit XML report);
//! - [`json`]: what the JSON documents share (their version, ordered maps).
//!
//! Renderers read the library's values and write text; they decide nothing
//! about a game.

pub mod board_json;
pub mod comparison;
pub mod faults;
pub mod faults_json;
pub mod html;
mod html_assets;
mod html_chart;
pub mod html_index;
pub mod json;
pub mod junit;
pub mod moves;
pub mod moves_json;
mod palette;
pub mod png;
pub mod sarif;
mod scene;
pub mod score_line;
pub mod sheet;
pub mod sheet_json;
pub mod sheet_yaml;
pub mod source;
pub mod stats_csv;
pub mod stats_human;
pub mod stats_json;
pub mod stats_svg;
pub mod svg;
pub mod terminal;
pub mod tiles;
pub mod tiles_json;

pub use board_json::{BoardView, board_view};
pub use faults::{
    DiagnosticFormat, REPORTS_PER_LINE, RenderOptions, Report, render_diagnostics, render_game,
};
pub use json::{OrderedMap, Versioned};
pub use scene::highlight_fault;
pub use sheet::{ScoreFormat, position_label, render_score, render_scores};
pub use sheet_json::{ScoreView, score_view};
pub use source::{Excerpt, LineIndex, MAX_TEXT, SourceView, needs_escape, shown_text};
pub use svg::{SvgOptions, board_svg};
pub use terminal::{ShowOptions, board_text};
