#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The Crop Circles on small positions: who acts under each effect, where a
//! follower may be added, and what a returned follower takes with it
//! (SPEC 6.11), each rule with the rulebook's words.

use carcref::{TileCatalog, check};

fn play(expansions: &str, turns: &str) -> (Vec<String>, Vec<u32>) {
    let catalog = TileCatalog::embedded().unwrap();
    let src = format!(
        "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"{expansions}\"]\n\
         [CGN \"2\"]\n[Termination \"adjudicated\"]\n\n{turns}"
    );
    let outcome = check("circle.cgn", &src, &catalog);
    let game = &outcome.games[0];
    let codes = game.diagnostics.iter().map(|d| d.code()).collect();
    let totals = game.score().map(|s| s.totals.clone()).unwrap_or_default();
    (codes, totals)
}

/// Ann's thief on the start tile's road, Bob's on the road of his junction:
/// CC21 (the club: thieves) at 0,-1 then brings its effect.
const THIEVES: &str = "1. Ann U 1,0 r0 +E\n2. Bob W -1,0 r0 +W\n";

#[test]
fn the_effect_is_chosen_even_without_a_follower_of_its_kind() {
    // "The active player must choose either effect A or B, even if he did
    // not place a follower": with no thief on the board it does nothing.
    let (codes, _) = play("crop-circles-2", "1. Ann CC21 0,-1 r0 circle:add\n");
    assert!(codes.is_empty(), "{codes:?}");
    // An action where nobody can act is a fault.
    let (codes, _) = play("crop-circles-2", "1. Ann CC21 0,-1 r0 circle:add pass\n");
    assert_eq!(codes, ["E432"]);
    // With a thief on the board, the choice is due.
    let (codes, _) = play("crop-circles-2", &format!("{THIEVES}3. Ann CC21 0,-1 r0\n"));
    assert_eq!(codes, ["E432"]);
    // The turn's own thief counts: it stands on the board the turn leaves.
    let (codes, _) = play("crop-circles-2", "1. Ann CC21 0,-1 r0 +E\n");
    assert_eq!(codes, ["E432"]);
}

/// A crop circle no follower of its kind can feel: neither effect does
/// anything, so the choice may be left out (SPEC 6.11: the rulebook's "If a
/// player is unable to do the action, because he does not have a
/// corresponding follower, his turn is simply skipped" skips every player).
/// The board looked at is the one the turn leaves, whatever other expansions
/// are in play.
#[test]
fn a_choice_that_cannot_matter_may_be_left_out() {
    // No thief on the board: the club's choice may be left out.
    for expansions in [
        "crop-circles-2",
        "crop-circles-2, inns-and-cathedrals",
        "crop-circles-2, traders-and-builders",
        "crop-circles-2, tower",
        "crop-circles-2, gold-mines",
        "crop-circles-2, mage-and-witch",
        "crop-circles-2, princess-and-dragon",
        "crop-circles-2, flying-machines",
        "crop-circles-2, ferries",
        "crop-circles-2, robbers",
        "crop-circles-2, messengers",
    ] {
        let (codes, _) = play(expansions, "1. Ann CC21 0,-1 r0\n");
        assert!(codes.is_empty(), "{expansions}: {codes:?}");
        // A farmer is no thief: the club's effects cannot reach him.
        let (codes, _) = play(expansions, "1. Ann CC21 0,-1 r0 +NNW\n");
        assert!(codes.is_empty(), "{expansions}: {codes:?}");
        // Bob's only thief goes home with the road the circle's tile
        // completes ("he places it and completes his turn as per the normal
        // rules. He then decides"): none is left when the effect comes.
        let turns = "1. Ann W -1,0 r0\n2. Bob U 1,0 r0 +E\n3. Ann CC21 2,0 r180\n";
        let (codes, totals) = play(expansions, turns);
        assert!(codes.is_empty(), "{expansions}: {codes:?}");
        // The road of four tiles: the junction, the start tile, 1,0, 2,0.
        assert_eq!(totals, [0, 4], "{expansions}");
        // Written, the choice is checked as before.
        let (codes, _) = play(expansions, "1. Ann CC21 0,-1 r0 circle:remove\n");
        assert!(codes.is_empty(), "{expansions}: {codes:?}");
    }
}

#[test]
fn effect_a_adds_beside_a_follower_or_passes_in_turn_order() {
    // "starting with the player to his left … The active player is last":
    // Ann plays the circle, Bob acts first, then Ann.
    let circle = "3. Ann CC21 0,-1 r0 circle:add";
    for (actions, ok) in [
        (" add:-1,0/W(Bob) add:1,0/E(Ann)", true),
        (" pass(Bob) pass(Ann)", true),
        (" add:-1,0/W add:1,0/E", true),
        // Beside another player's thief: "with another one of his followers".
        (" add:1,0/E(Bob) pass(Ann)", false),
        // Ann before Bob.
        (" add:1,0/E(Ann) add:-1,0/W(Bob)", false),
        // A is "can", but each player who can act writes his choice.
        (" add:-1,0/W(Bob)", false),
    ] {
        let (codes, _) = play("crop-circles-2", &format!("{THIEVES}{circle}{actions}\n"));
        assert_eq!(codes.is_empty(), ok, "{actions}: {codes:?}");
    }
    // The thieves added stand on the roads at the end: Ann's road of three
    // tiles (the junction, the start tile, 1,0) and Bob's of one score as
    // before, each to its owner's two thieves.
    let (_, totals) = play(
        "crop-circles-2",
        &format!("{THIEVES}{circle} add:-1,0/W(Bob) add:1,0/E(Ann)\n"),
    );
    assert_eq!(totals, [3, 1]);
}

#[test]
fn effect_b_returns_a_follower_with_its_owners_builder() {
    // "they must return one of their followers of the type": Bob's thief
    // goes home, and with it his builder, his last follower on that road
    // gone (a builder never stays without its owner's follower).
    let turns = "1. Ann U 1,0 r0 +E\n2. Bob W -1,0 r0 +W\n3. Ann U 2,0 r0\n\
                 4. Bob U -2,0 r0 +builder:E\n";
    let (codes, _) = play("traders-and-builders, crop-circles-2", turns);
    assert!(codes.is_empty(), "{codes:?}");
    let circle = "5. Ann CC21 0,-1 r0 circle:remove remove:-1,0/W(Bob) remove:1,0/E(Ann)\n";
    let (codes, totals) = play(
        "traders-and-builders, crop-circles-2",
        &format!("{turns}{circle}"),
    );
    assert!(codes.is_empty(), "{codes:?}");
    // Nobody has a thief left: the roads score nothing at the end.
    assert_eq!(totals, [0, 0]);
    // Returning a builder is not the effect: only followers of the kind.
    let builder =
        "5. Ann CC21 0,-1 r0 circle:remove remove:builder:-2,0/E(Bob) remove:1,0/E(Ann)\n";
    let (codes, _) = play(
        "traders-and-builders, crop-circles-2",
        &format!("{turns}{builder}"),
    );
    assert_eq!(codes, ["E432"]);
}

/// JCloisterZone records no choice where no follower of the circle's kind is
/// on the board (`tests/data/jcz/scenario-crop-circles-no-choice.jcz`, a
/// scenario of our own written in its save format): the save imports as it
/// is, no choice invented, and checks with the program's points (its
/// assertions become the Result and Scored tags, which the referee checks).
#[test]
fn a_save_without_a_choice_that_cannot_matter_imports_and_checks() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/jcz/scenario-crop-circles-no-choice.jcz"
    ))
    .unwrap();
    let record = carcref::import::jcz::import(&json).unwrap_or_else(|e| panic!("{e:?}"));
    let cgn = carcref::notation::write::write(std::slice::from_ref(&record));
    assert!(!cgn.contains("circle:"), "{cgn}");
    assert!(
        cgn.contains("\n3. Ann CC21 2,0 r180\n4. Bob CC25 0,-1 r90\n"),
        "{cgn}"
    );
    assert!(cgn.contains("[Result \"Ann 0, Bob 4\"]"), "{cgn}");
    assert!(cgn.contains("[Scored \"Bob road 4\"]"), "{cgn}");
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check("imported.cgn", &cgn, &catalog);
    let game = &outcome.games[0];
    assert!(game.diagnostics.is_empty(), "{cgn}\n{:?}", game.diagnostics);
    assert_eq!(game.score().unwrap().totals, [0, 4]);
}

/// `show --format json` gives each figure "the turn that placed it"
/// (`notation/json.md`): a follower a crop circle adds beside another was
/// placed on the circle's turn, not on the turn of the one it joined. The
/// 2012 rulebook's "Example for A)": Green's knight of turn 2, then the one
/// he "places … with one of his that is already in play" on turn 4.
#[test]
fn a_follower_added_by_a_circle_is_shown_with_the_circle_turn() {
    let catalog = TileCatalog::embedded().unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/games/valid/crop-circles-rulebook-a.cgn"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let games = carcref::parse(&text);
    let record = &games.first().unwrap().record;
    let game = carcref::referee::replay_to(record, &catalog, None).unwrap();
    let view = carcref::render::board_view(&game, &[]);
    let turns = |player: &str| -> Vec<u32> {
        view.figures
            .iter()
            .filter(|f| f.player == player)
            .map(|f| f.turn)
            .collect()
    };
    assert_eq!(turns("Green"), [2, 4]);
    assert_eq!(turns("Blue"), [3]);
    assert_eq!(turns("Red"), [4, 4]);
}
