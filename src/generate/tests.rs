use super::*;

#[test]
fn same_seed_same_game() {
    let c = TileCatalog::embedded().unwrap();
    let o = GenOptions {
        edition: Edition::HiG2012,
        players: 3,
        expansions: Expansions::NONE,
    };
    let a = random_game(&c, &o, &mut Rng::new(5));
    let b = random_game(&c, &o, &mut Rng::new(5));
    assert_eq!(a, b);
    assert_eq!(a.turns.len(), 71);
}
