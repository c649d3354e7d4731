//! Generated games are legal: 1000 random complete games of each edition pass the
//! referee, with every claim and result the generator wrote.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::{Edition, TileCatalog, check};

#[test]
fn a_thousand_generated_games_of_each_edition_are_legal() {
    let catalog = TileCatalog::embedded().unwrap();
    for (edition, seed) in [(Edition::HiG2012, 1), (Edition::Rgg2000, 2)] {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..1000)
            .map(|i| {
                let options = GenOptions {
                    edition,
                    players: 2 + i % 4,
                    expansions: Default::default(),
                };
                random_game(&catalog, &options, &mut rng)
            })
            .collect();
        let text = write(&records);
        let outcome = check("generated.cgn", &text, &catalog);
        assert_eq!(outcome.games.len(), 1000);
        let bad: Vec<String> = outcome
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| g.has_errors())
            .map(|(i, g)| format!("game {i}: {:?}", g.diagnostics))
            .collect();
        assert!(bad.is_empty(), "{edition}: {bad:#?}");
    }
}

/// Games with the expansions, every combination of them, under both editions:
/// the generator plays only moves the engine calls legal, so this checks that
/// writing, parsing and refereeing agree — figures, double turns, river order,
/// `@goods` events, claims and results included.
#[test]
fn generated_games_with_expansions_are_legal() {
    use carcref::rules::expansions::{Expansion, Expansions};
    let catalog = TileCatalog::embedded().unwrap();
    let all = Expansion::ALL;
    let combinations: Vec<Expansions> = (1u8..8)
        .map(|mask| {
            Expansions::from_sets(
                all.iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, e)| e.name()),
            )
        })
        .collect();
    for (edition, seed) in [(Edition::HiG2012, 3), (Edition::Rgg2000, 4)] {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..280)
            .map(|i| {
                let options = GenOptions {
                    edition,
                    players: 2 + i % 4,
                    expansions: combinations[i % combinations.len()],
                };
                random_game(&catalog, &options, &mut rng)
            })
            .collect();
        let double_turns = records
            .iter()
            .flat_map(|r| r.turns.windows(2))
            .filter(|w| {
                w[0].player == w[1].player
                    && w[0].action.value != carcref::notation::ActionRecord::Discard
            })
            .count();
        assert!(double_turns > 0, "{edition}: no builder's double turn");
        let text = write(&records);
        for figure in ["+big:", "+builder:", "+pig:", "@goods:", "RV2 "] {
            assert!(
                text.contains(figure),
                "{edition}: no {figure} in the sample"
            );
        }
        let outcome = check("generated.cgn", &text, &catalog);
        assert_eq!(outcome.games.len(), records.len());
        let bad: Vec<String> = outcome
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| !g.diagnostics.is_empty())
            .map(|(i, g)| format!("game {i}: {:?}", g.diagnostics))
            .collect();
        assert!(bad.is_empty(), "{edition}: {bad:#?}");
    }
}
