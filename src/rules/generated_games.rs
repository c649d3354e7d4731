//! Generated games for the rules' unit tests: a record `carcref gen` would
//! write, and the game its header sets up, ready for its first turn.

use crate::Edition;
use crate::generate::{GenOptions, Rng, random_game};
use crate::notation::GameRecord;
use crate::rules::Game;
use crate::rules::expansions::Expansions;
use crate::tiles::TileCatalog;

/// A game of the expansion sets `sets` (comma-separated, empty for the basic
/// game) generated from `seed`, and the game its header sets up.
pub(in crate::rules) fn generated<'c>(
    catalog: &'c TileCatalog,
    sets: &str,
    edition: Edition,
    players: usize,
    seed: u64,
) -> (Game<'c>, GameRecord) {
    let options = GenOptions {
        edition,
        players,
        expansions: Expansions::from_sets(sets.split(',')),
    };
    let record = random_game(catalog, &options, &mut Rng::new(seed));
    (start(catalog, &record), record)
}

/// The game the header of `record` sets up.
pub(in crate::rules) fn start<'c>(catalog: &'c TileCatalog, record: &GameRecord) -> Game<'c> {
    let (header, _) = crate::header::Header::read(record);
    Game::new(header.expect("a header").setup(), catalog)
}

/// The edition a test plays on `seed`: both, seed by seed.
pub(in crate::rules) fn edition_of(seed: u64) -> Edition {
    if seed.is_multiple_of(2) {
        Edition::HiG2012
    } else {
        Edition::Rgg2000
    }
}
