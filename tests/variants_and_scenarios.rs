#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Rule variants (SPEC 2.4, "Variants") and scenarios (Pack, Figures,
//! EndAfter, Scored) on small hand-built records, their points derived from the
//! rulebooks.

use carcref::{ReplayOptions, TileCatalog, check, check_with};

fn codes(src: &str) -> Vec<String> {
    let outcome = check("t.cgn", src, &TileCatalog::embedded().unwrap());
    outcome.games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect()
}

fn totals(src: &str) -> Vec<u32> {
    let outcome = check("t.cgn", src, &TileCatalog::embedded().unwrap());
    let g = &outcome.games[0];
    assert!(g.diagnostics.is_empty(), "{:?}", g.diagnostics);
    g.score().unwrap().totals.clone()
}

/// Ann closes the start tile's city cap with a cap of E: a city of two tiles.
const TWO_TILE_CITY: &str = "[Players \"Ann, Bob\"]
[Rules \"HiG-2012\"]
VARIANTS[Termination \"adjudicated\"]

1. Ann E 0,1 r180 +S
";

#[test]
fn tiny_city_2_scores_a_two_tile_city_2_under_the_2012_rules() {
    // 2012 rulebook: a completed city scores "2 points per tile"; 2 × 2 = 4.
    assert_eq!(totals(&TWO_TILE_CITY.replace("VARIANTS", "")), vec![4, 0]);
    // The variant, as the 2000 rulebook has it: "a 2 tile city does not get 2
    // points per tile" (1 a tile): 2.
    let variant = TWO_TILE_CITY.replace("VARIANTS", "[Variants \"tiny-city-2\"]\n");
    assert_eq!(totals(&variant), vec![2, 0]);
    // The rulebook's verdict drops the variant.
    let outcome = check_with(
        "t.cgn",
        &variant,
        &TileCatalog::embedded().unwrap(),
        ReplayOptions {
            edition: Some(carcref::Edition::HiG2012),
            ..ReplayOptions::default()
        },
    );
    assert_eq!(outcome.games[0].score().unwrap().totals, vec![4, 0]);
}

#[test]
fn a_three_tile_city_is_the_same_under_tiny_city_2() {
    // E cap, G (city west–east), E cap: 3 tiles, 2 a tile = 6.
    let src = "[Players \"Ann, Bob\"]
[Rules \"HiG-2012\"]
[Variants \"tiny-city-2\"]
[Termination \"adjudicated\"]

1. Ann G 0,1 r90 +N
2. Bob E 0,2 r180
";
    assert_eq!(totals(src), vec![6, 0]);
}

#[test]
fn variants_that_cannot_be_in_effect_are_e213() {
    for v in ["tiny-city", "river-free-course", "river-keeps-start-tile"] {
        let src = TWO_TILE_CITY.replace("VARIANTS", &format!("[Variants \"{v}\"]\n"));
        assert_eq!(codes(&src), vec!["E213"], "{v}");
    }
    // The 2000 rules already score a two-tile city 2.
    let src = TWO_TILE_CITY
        .replace("HiG-2012", "RGG-2000")
        .replace("VARIANTS", "[Variants \"tiny-city-2\"]\n");
    assert_eq!(codes(&src), vec!["E213"]);
}

/// The River: the spring at 0,0 sends the river east, to 1,0.
const RIVER: &str = "[Players \"Ann, Bob\"]
[Rules \"HiG-2012\"]
[Expansions \"river\"]
VARIANTS[Termination \"interrupted\"]

";

#[test]
fn with_river_keeps_start_tile_four_d_can_be_drawn() {
    // Without the variant the river game's supply holds 3 D (the 2012 rulebook:
    // "Remove the Start tile from the game"); with it, 4.
    let game = |variants: &str| -> u32 {
        let src = format!(
            "{}1. Ann RV10 1,0 r90\n",
            RIVER.replace("VARIANTS", variants)
        );
        let outcome = check("t.cgn", &src, &TileCatalog::embedded().unwrap());
        assert!(
            outcome.games[0].diagnostics.is_empty(),
            "{:?}",
            outcome.games[0].diagnostics
        );
        let record = &outcome.games[0].record;
        let catalog = TileCatalog::embedded().unwrap();
        let game = carcref::referee::replay_to(record, &catalog, None).unwrap();
        let d = catalog.id("D").unwrap();
        u32::from(game.remaining_of(d))
    };
    assert_eq!(game(""), 3);
    assert_eq!(game("[Variants \"river-keeps-start-tile\"]\n"), 4);
}

#[test]
fn river_free_course_refuses_a_river_flowing_towards_a_taken_square() {
    // The river leaves the spring east and turns left three times, with
    // straight pieces between the bends (legal under both editions: no two
    // bends the same way one after the other). The fifth tile turns it south,
    // towards 1 square beside... the spring: the squares ahead of -1,2 flowing
    // south are -1,1; beside it 0,1 and -2,1; then -1,0 and beside it 0,0
    // (the spring) and -2,0. JCloisterZone refuses it.
    let turns = "1. Ann RV9 1,0 r90
2. Bob RV6 1,1 r0
3. Ann RV10 1,2 r0
4. Bob RV3 0,2 r0
5. Ann RV8 -1,2 r0
";
    let plain = format!("{}{turns}", RIVER.replace("VARIANTS", ""));
    assert_eq!(codes(&plain), Vec::<String>::new());
    let free = format!(
        "{}{turns}",
        RIVER.replace("VARIANTS", "[Variants \"river-free-course\"]\n")
    );
    assert_eq!(codes(&free), vec!["E310"]);
    let outcome = check("t.cgn", &free, &TileCatalog::embedded().unwrap());
    let text = format!("{:?}", outcome.games[0].diagnostics[0]);
    assert!(text.contains("0,0"), "{text}");
}

/// A scenario: a pack of three tiles, one player.
const SCENARIO: &str = "[Players \"Wendy\"]
[Rules \"HiG-2012\"]
[Result \"Wendy 4\"]
[Pack \"E, E, E\"]
EXTRA
1. Wendy E 0,1 r180 +S
";

#[test]
fn a_scenario_draws_from_its_pack_and_may_seat_one_player() {
    // A complete game: the pack holds two more E. One turn of three: E504.
    assert_eq!(codes(&SCENARIO.replace("EXTRA", "")), vec!["E504"]);
    // Ended after turn 1 with the final scoring: the city, 2 tiles × 2 = 4.
    let ended = SCENARIO.replace("EXTRA", "[EndAfter \"1\"]\n");
    assert_eq!(totals(&ended), vec![4]);
    // A turn after the end is E503.
    let more = format!("{ended}2. Wendy E 1,0 r90\n");
    assert_eq!(codes(&more), vec!["E503"]);
    // A U is not in the pack (the box holds eight): E304.
    let src = SCENARIO.replace("EXTRA", "[Termination \"interrupted\"]\n");
    assert_eq!(codes(&format!("{src}2. Wendy U 1,0 r0\n")), vec!["E304"]);
    // Without a Pack, one player is E205.
    let box_game = "[Players \"Wendy\"]\n[Rules \"HiG-2012\"]\n\n1. Wendy E 0,1 r180\n";
    assert_eq!(codes(box_game), vec!["E205"]);
}

#[test]
fn a_pack_of_tiles_outside_the_sets_in_play_is_e214() {
    let src = SCENARIO.replace("E, E, E", "E, IC1, Q9");
    let outcome = check(
        "t.cgn",
        &src.replace("EXTRA", ""),
        &TileCatalog::embedded().unwrap(),
    );
    let codes: Vec<String> = outcome.games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert_eq!(codes, vec!["E214", "E214"]);
    assert!(outcome.games[0].score().is_none());
}

#[test]
fn figures_give_a_scenario_its_own_supply() {
    // One follower each: a second one is E403.
    let src = "[Players \"Ann, Bob\"]
[Rules \"HiG-2012\"]
[Figures \"follower 1\"]
[Termination \"interrupted\"]

1. Ann U 1,0 r0 +E
2. Bob B 0,-1 r0
3. Ann B -1,-1 r0 +C
";
    assert_eq!(codes(src), vec!["E403"]);
}

#[test]
fn scored_entries_must_each_match_a_scoring() {
    let src = TWO_TILE_CITY.replace("VARIANTS", "[Scored \"Ann city 4\"]\n");
    assert_eq!(codes(&src), Vec::<String>::new());
    // Two entries need two scorings.
    let twice = TWO_TILE_CITY.replace("VARIANTS", "[Scored \"Ann city 4, Ann city 4\"]\n");
    assert_eq!(codes(&twice), vec!["E506"]);
    let wrong = TWO_TILE_CITY.replace("VARIANTS", "[Scored \"Ann road 4\"]\n");
    assert_eq!(codes(&wrong), vec!["E506"]);
    let malformed = TWO_TILE_CITY.replace("VARIANTS", "[Scored \"Ann castle 4\"]\n");
    assert_eq!(codes(&malformed), vec!["E215"]);
}

#[test]
fn figures_of_an_expansion_not_in_play_are_e214() {
    let src = SCENARIO.replace("EXTRA", "[Figures \"pig 2\"]\n");
    assert_eq!(codes(&src), vec!["E214"]);
}

#[test]
fn a_turn_after_a_scenarios_end_says_so() {
    let src = SCENARIO.replace("EXTRA", "[EndAfter \"1\"]\n") + "2. Wendy E 1,0 r90\n";
    let outcome = check("t.cgn", &src, &TileCatalog::embedded().unwrap());
    let d = &outcome.games[0].diagnostics[0];
    assert_eq!(
        d.to_string(),
        "the game is over: the scenario ends after turn 1"
    );
}
