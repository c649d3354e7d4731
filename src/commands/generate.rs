//! `carcref gen`: legal complete games, random or greedy, the same for the
//! same seed.

use std::io::Write;

use super::EXIT_USAGE;
use crate::rules::Edition;
use crate::tiles::TileCatalog;

/// The expansions `gen --expansions` names, and the tile sets of the user's
/// own it names (of those the catalog holds); the usage error of a name that
/// is neither.
fn parse_expansions(
    s: &str,
    catalog: &TileCatalog,
) -> Result<(crate::rules::expansions::Expansions, Vec<String>), String> {
    use crate::rules::expansions::{Expansion, Expansions};
    let names: Vec<&str> = s
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let user = catalog.user_sets();
    let mut played: Vec<&str> = Expansion::ALL.into_iter().map(Expansion::name).collect();
    played.extend(user.iter().map(String::as_str));
    if let Some(bad) = names.iter().find(|n| !played.contains(n)) {
        return Err(format!(
            "{bad} is not an expansion ({}){}",
            played.join(", "),
            crate::suggest::did_you_mean(bad, played.iter().copied())
        ));
    }
    let mut sets: Vec<String> = Vec::new();
    for name in names.iter().filter(|n| user.iter().any(|u| u == *n)) {
        if !sets.iter().any(|s| s == name) {
            sets.push((*name).to_string());
        }
    }
    Ok((Expansions::from_sets(names), sets))
}

/// Writes `games` random legal complete games, the same for the same `seed`.
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    seed: u64,
    games: usize,
    rules: Edition,
    players: u8,
    expansions: &str,
    policy: crate::generate::Policy,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let (expansions, tile_sets) = match parse_expansions(expansions, catalog) {
        Ok(named) => named,
        Err(e) => {
            let _ = writeln!(
                err,
                "error: invalid value '{expansions}' for '--expansions <EXPANSIONS>': {e}"
            );
            return EXIT_USAGE;
        }
    };
    if usize::from(players) > rules.max_players() {
        let _ = writeln!(
            err,
            "error: the {rules} basic game seats 2 to {} players",
            rules.max_players()
        );
        return EXIT_USAGE;
    }
    let mut rng = crate::generate::Rng::new(seed);
    let options = crate::generate::GenOptions {
        edition: rules,
        players: usize::from(players),
        expansions,
    };
    for i in 0..games {
        let record =
            crate::generate::game_by_policy(catalog, &options, &tile_sets, policy, &mut rng);
        let mut text = String::new();
        if i > 0 {
            text.push('\n');
        }
        crate::notation::write::write_game(&mut text, &record);
        if out.write_all(text.as_bytes()).is_err() {
            return EXIT_USAGE;
        }
    }
    0
}
