#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The Gold Mines on small positions: who takes the ingots of a feature, and
//! what the end makes of them (SPEC 6.8), each rule with the rulebook's words.

use carcref::score::ScoreReason;
use carcref::{TileCatalog, check};

const HEADER: &str = "[Players \"Alice, Bob\"]\n[Rules \"HiG-2012\"]\n\
                      [Expansions \"gold-mines\"]\n[CGN \"2\"]\n[Termination \"adjudicated\"]\n\n";

/// Checks a game of the turns given: its error codes, and its final totals.
fn play(turns: &str) -> (Vec<String>, Vec<u32>) {
    let catalog = TileCatalog::embedded().unwrap();
    let src = format!("{HEADER}{turns}");
    let outcome = check("gold.cgn", &src, &catalog);
    let game = &outcome.games[0];
    let codes = game.diagnostics.iter().map(|d| d.code()).collect();
    let totals = game.score().map(|s| s.totals.clone()).unwrap_or_default();
    (codes, totals)
}

#[test]
fn a_feature_completed_without_followers_leaves_its_ingots() {
    // The rulebook is silent; the ingots stay for a later feature. Alice's
    // city (0,2, 0,1, 0,0) is completed at turn 3 with no knight: its three
    // ingots stay. Bob's road (-1,1 to 1,0) then takes those of 0,1 and 1,1
    // ("every tile that the road runs through"), not those of 0,0.
    let (codes, totals) = play(
        "1. Alice GO7 0,1 r90 gold:0,0\n2. Bob GO1 1,1 r90 gold:0,0\n\
         3. Alice E 0,2 r180\n4. Bob E 1,2 r0\n5. Alice W 1,0 r90\n\
         6. Bob W -1,1 r0 +E =Bob+4\n",
    );
    assert!(codes.is_empty(), "{codes:?}");
    // Bob: the road's 4 points and 2 ingots at 1 point each.
    assert_eq!(totals, [0, 6]);
}

#[test]
fn incomplete_features_and_farms_take_no_ingots() {
    // "At the end of the game, gold ingots that are still on a tile are
    // removed from the game. Farmers do not receive gold ingots." Alice's
    // thief on an unfinished road and Bob's farmer stand on tiles with
    // ingots: the end scores their features, and no ingot.
    let catalog = TileCatalog::embedded().unwrap();
    let src =
        format!("{HEADER}1. Alice GO7 0,1 r90 gold:0,0 +E\n2. Bob GO1 1,0 r90 gold:0,0 +NNW\n");
    let outcome = check("gold.cgn", &src, &catalog);
    let game = &outcome.games[0];
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    let replay = game.replay.as_ref().unwrap();
    let reasons: Vec<ScoreReason> = replay.events.iter().map(|e| e.reason).collect();
    // Alice's road scores as incomplete (Bob's farm touches no completed
    // city); no ingot is handed out, so none scores.
    assert!(reasons.contains(&ScoreReason::Incomplete), "{reasons:?}");
    assert!(!reasons.contains(&ScoreReason::Gold), "{reasons:?}");
}

#[test]
fn the_second_ingot_goes_around_the_mine_once_before_the_figure() {
    // "He then sets a gold ingot on that tile and on an adjacent tile (even
    // diagonally) ... After placing 2 gold ingots, the player can set a
    // follower as usual."
    for (turn, code) in [
        ("1. Alice GO7 0,1 r90 +N\n", "E426"),
        ("1. Alice GO7 0,1 r90 +N gold:0,0\n", "E426"),
        ("1. Alice GO7 0,1 r90 gold:0,0 gold:0,0\n", "E426"),
        ("1. Alice GO7 0,1 r90 gold:0,1\n", "E426"),
        ("1. Alice U 1,0 r0 gold:0,0\n", "E426"),
        ("1. Alice GO7 0,1 r90 gold:0,0 ingot:0,0\n", "E509"),
    ] {
        let (codes, _) = play(turn);
        assert_eq!(codes, [code], "{turn}");
    }
    // Diagonally: 1,1 touches 0,0 by a corner only.
    let (codes, _) = play("1. Alice U 1,0 r0\n2. Bob GO1 1,1 r180 gold:0,0\n");
    assert!(codes.is_empty(), "{codes:?}");
}
