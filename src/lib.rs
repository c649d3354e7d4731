//! carcref is a referee for Carcassonne game records written in CGN, the
//! Carcassonne Game Notation specified in `notation/SPEC.md`. It replays every turn
//! of a record through the rules of the basic game (2012 Hans im Glück / Z-Man or
//! 2000 Rio Grande) and of the expansions the record names (the River, Inns &
//! Cathedrals, Traders & Builders: one module each under `rules::expansions`),
//! reports every fault with a stable code and the exact span of the offending
//! text, checks the score claims the record makes, and explains each point of the
//! final score.
//!
//! # Flow
//!
//! 1. **parse** ([`parse()`]): text → [`notation::GameRecord`]s, unvalidated, every
//!    token spanned; syntax faults of every line are reported at once.
//! 2. **replay** ([`replay`]): a record → the [`Game`] state machine, turn by turn
//!    ([`Game::check`] then [`Game::apply`]); stops at the first illegal turn; the
//!    score claims and the result are checked against the [`ScoreEvent`]s.
//! 3. **report** ([`report`]): diagnostics (human, short, JSON, GitHub) and score
//!    breakdowns (human, JSON, YAML).
//!
//! [`check`] runs parse and replay over a whole text; the command line and the
//! snapshot tests call exactly that.
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

pub mod board;
pub mod cli;
pub mod diagnostics;
pub mod diff;
pub mod features;
pub mod figures;
pub mod files;
pub mod generate;
pub mod import;
pub mod notation;
pub mod player;
pub mod referee;
pub mod repair;
pub mod report;
pub mod rules;
pub mod score;
pub mod show;
pub mod sniff;
pub mod stream;
pub mod suggest;
pub mod tiles;

pub use board::{Board, Pos};
pub use diagnostics::Diagnostic;
pub use notation::parse;
pub use player::{ByPlayer, Player};
pub use referee::{
    Outcome, Replay, ReplayOptions, ScoreSheet, check, check_bytes, check_with, replay, replay_with,
};
pub use rules::{Action, Edition, Game, Move, Setup, Violation};
pub use score::{ScoreEvent, ScoreReason};
pub use tiles::{EdgeKind, FeatureKind, Rotation, Side, Spot, TileCatalog, TileDef, TileId};
