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

/// Every expansion's sets, as `gen --expansions` takes them.
pub(in crate::rules) const EVERY_EXPANSION: &str = "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers";

/// A generated game of each of the expansion sets `sets` for each seed of
/// `seeds` (made from the seed plus `offset`), with 2 to 5 players and both
/// editions as the seed goes, each with the sets and the seed it comes from,
/// set up for its first turn.
pub(in crate::rules) fn games<'c>(
    catalog: &'c TileCatalog,
    sets: &[&'static str],
    seeds: std::ops::Range<u64>,
    offset: u64,
) -> Vec<(&'static str, u64, Game<'c>, GameRecord)> {
    let mut games = Vec::new();
    for &set in sets {
        for seed in seeds.clone() {
            let players = 2 + (seed as usize) % 4;
            let (game, record) = generated(catalog, set, edition_of(seed), players, seed + offset);
            games.push((set, seed, game, record));
        }
    }
    games
}
