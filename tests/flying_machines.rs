#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The Flying Machines on small positions: where a flight goes, where it may
//! land, and when it must (SPEC 6.9), each rule with the rulebook's words.

use carcref::tiles::{Compass, Rotation};
use carcref::{TileCatalog, check};

fn header(expansions: &str) -> String {
    format!(
        "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"{expansions}\"]\n\
         [CGN \"2\"]\n[Termination \"adjudicated\"]\n\n"
    )
}

/// Checks a game of the turns given: its error codes, and its final totals.
fn play_with(expansions: &str, turns: &str) -> (Vec<String>, Vec<u32>) {
    let catalog = TileCatalog::embedded().unwrap();
    let src = format!("{}{turns}", header(expansions));
    let outcome = check("flight.cgn", &src, &catalog);
    let game = &outcome.games[0];
    let codes = game.diagnostics.iter().map(|d| d.code()).collect();
    let totals = game.score().map(|s| s.totals.clone()).unwrap_or_default();
    (codes, totals)
}

fn play(turns: &str) -> (Vec<String>, Vec<u32>) {
    play_with("flying-machines", turns)
}

/// A road from the junction at -1,0 through the start tile to the flying
/// machine at 1,0 and the junction at 2,0: the flying machine's tile
/// completes it. Its arrow points west: a 1 reaches the start tile, a 2 the
/// junction at -1,0, a 3 the empty square -2,0.
const ROAD: &str = "1. Ann W -1,0 r0\n2. Bob B 0,-1 r0\n3. Ann B 1,-1 r0\n\
                    4. Bob U 2,-1 r90\n5. Ann W 2,0 r0\n";

#[test]
fn a_feature_the_flying_machines_tile_completes_is_no_landing() {
    // "may only land (be placed) on an incomplete feature": the road the
    // tile completes (4 tiles) is completed once the tile lies, though it was
    // open before; the start tile's city and the junction's other roads are
    // open.
    for (steps, code) in [
        ("fly:1 +0,0/E", Some("E430")),
        ("fly:1 +0,0/W", Some("E430")),
        ("fly:2 +-1,0/E", Some("E430")),
        ("fly:1 +0,0/N", None),
        ("fly:2 +-1,0/W", None),
        ("fly:2 +-1,0/S", None),
        // A field, "even if the field is still unoccupied".
        ("fly:1 +0,0/SSE", Some("E430")),
    ] {
        let (codes, _) = play(&format!("{ROAD}6. Bob FL5 1,0 r0 {steps}\n"));
        let expected: Vec<&str> = code.into_iter().collect();
        assert_eq!(codes, expected, "{steps}");
    }
}

#[test]
fn a_flight_that_can_land_must_land() {
    // "The follower must be placed on the tile designated by the die, if
    // possible": a 1 reaches the start tile's open city, a 2 the junction's
    // open roads; a 3 reaches no tile, and the follower goes home.
    for (steps, codes) in [
        ("fly:1", vec!["E431"]),
        ("fly:2", vec!["E431"]),
        ("fly:3", vec![]),
        ("fly:3 +-2,0/N", vec!["E430"]),
    ] {
        let (got, _) = play(&format!("{ROAD}6. Bob FL5 1,0 r0 {steps}\n"));
        assert_eq!(got, codes, "{steps}");
    }
}

#[test]
fn the_completed_road_scores_and_the_flier_stays() {
    // The road of 4 tiles scores for nobody; Bob's flier in the start
    // tile's city (the city of 1 tile, open) scores 1 at the end, and his
    // follower is back neither from the road nor the flight.
    let (codes, totals) = play(&format!("{ROAD}6. Bob FL5 1,0 r0 fly:1 +0,0/N\n"));
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [0, 1]);
}

#[test]
fn the_arrow_turns_with_the_tile() {
    // "Once the tile is placed, the flying machine shows the trajectory":
    // the arrow turns with the tile, a quarter turn clockwise each `r90`.
    assert_eq!(Compass::W.turned(Rotation::R90), Compass::N);
    assert_eq!(Compass::W.turned(Rotation::R180), Compass::E);
    assert_eq!(Compass::W.turned(Rotation::R270), Compass::S);
    assert_eq!(Compass::NW.turned(Rotation::R90), Compass::NE);
    assert_eq!(Compass::NW.turned(Rotation::R270), Compass::SW);
    assert_eq!(Compass::SE.step(), (1, -1));
    // FL2 (arrow west, all fields) beside the start tile: each rotation
    // sends a 1 elsewhere. At 0,-1 turned r90 (north) a 1 reaches the start
    // tile's city; turned otherwise, no tile.
    let (codes, _) = play("1. Ann FL2 0,-1 r90 fly:1 +0,0/N\n");
    assert!(codes.is_empty(), "{codes:?}");
    for r in ["r0", "r180", "r270"] {
        let (codes, _) = play(&format!("1. Ann FL2 0,-1 {r} fly:1\n"));
        assert!(codes.is_empty(), "{r}: {codes:?}");
        let (codes, _) = play(&format!("1. Ann FL2 0,-1 {r} fly:1 +0,0/N\n"));
        assert_eq!(codes, ["E430"], "{r}");
    }
    // Diagonally: FL1 (arrow north-west) at 1,-1 turned r0 reaches 0,0 with
    // a 1; turned r90 (north-east), 2,0, where no tile lies.
    let (codes, _) = play("1. Ann U 1,0 r0\n2. Bob FL1 1,-1 r0 fly:1 +0,0/N\n");
    assert!(codes.is_empty(), "{codes:?}");
    let (codes, _) = play("1. Ann U 1,0 r0\n2. Bob FL1 1,-1 r90 fly:1 +0,0/N\n");
    assert_eq!(codes, ["E430"]);
}

#[test]
fn only_a_follower_flies_and_only_from_a_flying_machine() {
    // "he places his follower on the flying machine": a flying machine's
    // tile, a follower (builders and pigs do not fly), the die's faces.
    for (turn, code) in [
        ("1. Ann U 1,0 r0 fly:1\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly:0\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly:4\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly:1(Bob) +0,0/N\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly:1 fly:1 +0,0/N\n", "E430"),
        ("1. Ann FL2 0,-1 r90 +NNW fly:1\n", "E430"),
        ("1. Ann FL2 0,-1 r90 fly:1 +0,0/N +NNW\n", "E412"),
        // The large follower without Inns & Cathedrals.
        ("1. Ann FL2 0,-1 r90 fly:1 +big:0,0/N\n", "E430"),
    ] {
        let (codes, _) = play(turn);
        assert_eq!(codes.first().map(String::as_str), Some(code), "{turn}");
    }
    // With Inns & Cathedrals the large follower flies; the builder does not
    // (Traders & Builders).
    let both = "flying-machines, inns-and-cathedrals, traders-and-builders";
    let (codes, _) = play_with(both, "1. Ann FL2 0,-1 r90 fly:1 +big:0,0/N\n");
    assert!(codes.is_empty(), "{codes:?}");
    let (codes, _) = play_with(both, "1. Ann FL2 0,-1 r90 fly:1 +builder:0,0/N\n");
    assert_eq!(codes.first().map(String::as_str), Some("E430"));
}

#[test]
fn a_flier_may_join_an_occupied_feature() {
    // "may be placed on an occupied feature, no matter the owner(s) and
    // number of followers that are present": Ann's knight holds the start
    // tile's city; Bob's flier joins it, and the completed city is shared.
    let (codes, totals) = play(
        "1. Ann G 0,1 r90 +N\n2. Bob FL2 0,-1 r90 fly:2 +0,1/N\n\
         3. Ann E 0,2 r180 =Ann+6 =Bob+6\n",
    );
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [6, 6]);
}

#[test]
fn no_flier_lands_on_a_tower() {
    // The Tower: a tower is no road, city or monastery ("may only land (be
    // placed) on an incomplete feature (road, city, or monastery)"). TW2 is a
    // tower amid fields: a flier written onto its tower (`/T`) is refused,
    // while a follower closing the tower from the player's supply is not.
    let (codes, _) = play_with(
        "flying-machines, tower",
        "1. Ann TW2 0,-1 r0
2. Bob FL2 1,-1 r0 fly:1 +0,-1/T
",
    );
    assert_eq!(codes, ["E430"]);
    let (codes, _) = play_with(
        "flying-machines, tower",
        "1. Ann TW2 0,-1 r0
2. Bob FL2 1,-1 r0 fly:1
",
    );
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn no_flier_lands_on_the_dragons_tile() {
    // The Princess & the Dragon: "No follower may share a tile with the
    // dragon". After the fixture's six turns the dragon stands at 0,-1; FL1
    // at 1,-2 turned r0 flies north-west, a 1 reaching the dragon's tile:
    // the flier cannot land there and comes back (no landing is due), and a
    // landing written there is the dragon's fault. A 2 reaches -1,0, where
    // it can land.
    let fixture = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/games/valid/princess-and-dragon-aside-and-volcano.cgn"
    ))
    .unwrap();
    let record = fixture.replace(
        "[Expansions \"princess-and-dragon\"]",
        "[Expansions \"princess-and-dragon, flying-machines\"]",
    );
    assert_ne!(record, fixture);
    let catalog = TileCatalog::embedded().unwrap();
    let codes = |turn: &str| -> Vec<String> {
        check(
            "dragon.cgn",
            &format!("{record}7. Bob FL1 1,-2 r0 {turn}\n"),
            &catalog,
        )
        .games[0]
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect()
    };
    assert!(codes("fly:1").is_empty(), "{:?}", codes("fly:1"));
    assert_eq!(codes("fly:1 +0,-1/E"), ["E420"]);
    assert_eq!(codes("fly:2"), ["E431"]);
}
