//! Archives: what `carcref stats` and `carcref find` learn of many games.
//!
//! - [`facts`]: what one checked game says for an archive (its players,
//!   tags, faults, final totals, points by kind of scoring, figures placed,
//!   clocks), taken from the referee's replay;
//! - [`stats`]: the figures of an archive, grouped by player, seat, rules,
//!   expansions or month, gathered a game at a time in memory that does not
//!   grow with the archive;
//! - [`criteria`]: the criteria `find` selects games by, each asking no more
//!   of a game than it needs (its tags, its verdict, or its scores);
//! - [`duplicates`]: the same game twice in an archive, told by a hash of
//!   its players and turns;
//! - [`seen`]: the fingerprints of the games met, most of them in a
//!   temporary file, so that memory hardly grows with the archive;
//! - [`view`]: a game of a stream as the criteria look at it, read lazily.

pub mod criteria;
pub mod duplicates;
pub mod facts;
pub mod quick;
pub mod seen;
pub mod stats;
pub mod view;
