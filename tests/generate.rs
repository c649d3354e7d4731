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
