#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The Robbers on small positions: where the robbers go, what they take and
//! when they go home (SPEC 6.13), each rule with the rulebook's words.

mod common;

use carcref::player::Player;
use carcref::score::ScoreReason;
use carcref::score::scoreboard::Space;
use carcref::{Game, TileCatalog};

const HEADER: &str = "[Players \"Red, Blue, Green\"]\n[Rules \"HiG-2012\"]\n\
                      [Expansions \"robbers\"]\n[CGN \"2\"]\n[Termination \"adjudicated\"]\n\n";

const RED: Player = Player(0);
const BLUE: Player = Player(1);
const GREEN: Player = Player(2);

/// Checks a game of the turns given: its error codes (but `W101`), and its
/// final totals.
fn play(turns: &str) -> (Vec<String>, Vec<u32>) {
    common::codes_and_totals(&format!("{HEADER}{turns}"))
}

/// The game after the turns given, every one legal.
fn position<'c>(turns: &str, catalog: &'c TileCatalog) -> Game<'c> {
    common::position(&format!("{HEADER}{turns}"), catalog)
}

/// Red's thief on the start tile's road, which a junction at -1,0 ends in
/// the west; Blue's bag tile at 0,-1 puts Blue's robber beside Red's marker
/// (on 0, where every marker stands).
const ROBBER_BESIDE_RED: &str = "1. Red W -1,0 r0 +E\n2. Blue RB5 0,-1 r180 robber:Red\n";

#[test]
fn a_robber_stands_on_the_space_of_the_marker_it_is_put_beside() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(ROBBER_BESIDE_RED, &catalog);
    let robbers = game.robbers().unwrap();
    assert_eq!(robbers.space(BLUE), Space::new(0));
    assert_eq!(robbers.space(RED), None);
    assert_eq!(robbers.on_board().count(), 1);
}

#[test]
fn a_robber_takes_half_rounded_up_and_goes_home() {
    // "the owner of the robbers scores half of these points (rounded up) …
    // The owner of the “robbed” marker scores all the points, as usual. Then,
    // the player returns his robber": Red's road of 3 tiles, completed by a
    // junction at 1,0, scores 3; Blue takes 2.
    let turns = format!("{ROBBER_BESIDE_RED}3. Green W 1,0 r0 =Red+3 =Blue+2 =Green+0\n");
    let (codes, totals) = play(&turns);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [3, 2, 0]);
    let catalog = TileCatalog::embedded().unwrap();
    let mut game = position(&turns, &catalog);
    assert_eq!(game.robbers().unwrap().space(BLUE), None);
    // Nothing is left to rob at the end.
    let end = game.finish();
    assert!(end.iter().all(|e| e.reason != ScoreReason::Robbed));
}

#[test]
fn the_robbed_score_is_an_event_naming_the_marker_robbed() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut game = position(ROBBER_BESIDE_RED, &catalog);
    let parsed = carcref::parse(&format!("{HEADER}3. Green W 1,0 r0\n"));
    let events = game.play(&parsed[0].record.turns[0]).unwrap();
    let reasons: Vec<ScoreReason> = events.iter().map(|e| e.reason).collect();
    assert_eq!(reasons, [ScoreReason::Completed, ScoreReason::Robbed]);
    assert_eq!(events[1].robbed_from(), Some((RED, 3)));
    assert_eq!(events[1].winners.as_slice(), [BLUE]);
    assert_eq!(events[1].points, 2);
}

#[test]
fn a_robber_never_robs_its_own_colour() {
    // "A robber may not “rob” the marker of his own color": Blue's robber
    // stands on 0 with Blue's marker; Blue's road scores, and the robber
    // stays for the next score of another marker there.
    let turns = "1. Red RB5 0,-1 r180 robber:Green(Blue)\n2. Blue W -1,0 r0 +E\n\
                 3. Green W 1,0 r0 =Blue+3 =Red+0\n";
    let (codes, totals) = play(turns);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [0, 3, 0]);
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(turns, &catalog);
    assert_eq!(game.robbers().unwrap().space(BLUE), Space::new(0));
}

#[test]
fn robbers_rob_in_the_final_scoring() {
    // Red's road of 2 tiles is unfinished at the end: 2, and Blue takes 1.
    let (codes, totals) = play(ROBBER_BESIDE_RED);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [2, 1, 0]);
}

#[test]
fn every_robber_beside_a_scoring_marker_takes_half() {
    // "If more than one robber are on the space of a marker that is scoring
    // points, all of them score half the points": Blue's and Green's robbers
    // both stand on 0 with Red's marker; Red's road scores 3, each takes 2.
    let turns = "1. Red W -1,0 r0 +E\n2. Blue RB5 0,-1 r180 robber:Red robber:Blue(Green)\n\
                 3. Green W 1,0 r0 =Red+3 =Blue+2 =Green+2\n";
    let (codes, totals) = play(turns);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [3, 2, 2]);
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(turns, &catalog);
    assert_eq!(game.robbers().unwrap().on_board().count(), 0);
}

#[test]
fn a_robber_beside_a_robbing_marker_follows_it() {
    // "If a player's robber is on the same space as a marker that moves
    // because it “robbed” another maker, the robber does not score any
    // points. Instead, the robber will follow the marker": Blue stands on 2,
    // Red's robber beside her; Blue's robber, on 0, takes 3 of Green's 5,
    // and Blue's marker, moving from 2 to 5, takes Red's robber along.
    let turns = "1. Red U -1,0 r0\n2. Blue W 1,0 r0 +E\n3. Green U -2,0 r0 +E\n\
                 4. Red W 2,0 r180 =Blue+2\n\
                 5. Blue RB5 0,-1 r180 robber:Green robber:Blue(Red)\n\
                 6. Green W -3,0 r0 =Green+5 =Blue+3 =Red+0\n";
    let (codes, totals) = play(turns);
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [0, 5, 5]);
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(turns, &catalog);
    let robbers = game.robbers().unwrap();
    assert_eq!(robbers.space(BLUE), None);
    assert_eq!(robbers.space(RED), Space::new(5));
    assert_eq!(robbers.space(GREEN), None);
}

#[test]
fn the_choice_in_a_tie_is_written_and_checked() {
    // "the robber chooses from which player he is “robbing” half the points":
    // Green's bag tile completes the road Red and Blue share, both on 0.
    let setup = "1. Red W -1,0 r0 +E\n2. Blue B 0,-1 r0\n3. Green B 1,-1 r0\n\
                 4. Red B 2,-1 r0\n5. Blue W 2,0 r180 +W\n";
    let robbed = |rob: &str| {
        let catalog = TileCatalog::embedded().unwrap();
        let mut game = position(setup, &catalog);
        let parsed = carcref::parse(&format!("{HEADER}6. Green RB2 1,0 r0 robber:Red{rob}\n"));
        let events = game.play(&parsed[0].record.turns[0]).unwrap();
        events.iter().find_map(|e| e.robbed_from())
    };
    assert_eq!(robbed(" rob:Blue"), Some((BLUE, 4)));
    assert_eq!(robbed(" rob:Red(Green)"), Some((RED, 4)));
    // Left out, the first in seat order.
    assert_eq!(robbed(""), Some((RED, 4)));
    // Not among the markers it may rob, or nobody's choice.
    let (codes, _) = play(&format!(
        "{setup}6. Green RB2 1,0 r0 robber:Red rob:Blue(Red)\n"
    ));
    assert_eq!(codes, ["E435"]);
    let (codes, _) = play(&format!("{setup}6. Green RB2 1,0 r0 rob:Blue\n"));
    assert_eq!(codes, ["E435"]);
}

#[test]
fn robber_steps_round_trip_through_the_writer() {
    let src = format!("{HEADER}1. Red RB2 -1,0 r0 robber:Blue robber:Red(Green) +E\n");
    let parsed = carcref::parse(&src);
    assert!(
        parsed[0].diagnostics.is_empty(),
        "{:?}",
        parsed[0].diagnostics
    );
    let written: Vec<String> = parsed[0].record.turns[0]
        .steps
        .iter()
        .map(carcref::notation::write::step)
        .collect();
    assert_eq!(written, ["robber:Blue", "robber:Red(Green)", "+E"]);
    let (codes, _) = play("1. Red RB2 -1,0 r0 robber:Blue robber:Red(Green) +E\n");
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn moves_lists_who_may_place_a_robber() {
    // The rulebook's placing example, turn 9: Blue places or moves hers,
    // Red's and Yellow's are on the scoreboard, Green places hers.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = common::run_carcref(
        dir,
        &[
            "moves",
            "notation/games/valid/robbers-rulebook-placing.cgn",
            "--turn",
            "9",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the robbers on the scoreboard: Red's on 0, Yellow's on 4\n"),
        "{out}"
    );
    assert!(
        out.contains("  Blue         robber:Red, robber:Yellow, robber:Green\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "  Green        robber:Blue(Green), robber:Red(Green), robber:Yellow(Green)\n"
        ),
        "{out}"
    );
    assert!(!out.contains("  Red  "), "{out}");
}

#[test]
fn show_draws_the_robbers_on_the_scoreboard() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = common::run_carcref(
        dir,
        &[
            "show",
            "notation/games/valid/robbers-rulebook-robbing.cgn",
            "--turn",
            "5",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    // Blue on 2, her robber on 0 beside Red's marker; Yellow's on 2.
    assert!(out.contains("B  b·B··◦"), "{out}");
    assert!(out.contains("2, robber on 0"), "{out}");
    assert!(out.contains("Y  Y·y··◦"), "{out}");
    // The SVG picture: a square of its owner's colour on its space.
    let (code, svg, err) = common::run_carcref(
        dir,
        &[
            "show",
            "notation/games/valid/robbers-rulebook-robbing.cgn",
            "--turn",
            "5",
            "--svg",
            "-",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        svg.contains("<rect class=\"robber\" data-player=\"Blue\" data-space=\"0\""),
        "{svg}"
    );
    assert!(
        svg.contains("<rect class=\"robber\" data-player=\"Yellow\" data-space=\"2\""),
        "{svg}"
    );
    assert!(svg.contains("Blue: space 2, robber on 0"), "{svg}");
}

#[test]
fn the_fairys_point_at_the_start_of_a_turn_is_robbed() {
    // The Princess & the Dragon: "If a player starts his turn with a
    // follower on the tile where the fairy is, he scores 1 point
    // immediately!" Red's robber, beside Blue's marker since Red's bag tile,
    // takes half of it, rounded up: 1.
    let header = "[Players \"Red, Blue\"]\n[Rules \"HiG-2012\"]\n\
                  [Expansions \"princess-and-dragon, robbers\"]\n[CGN \"2\"]\n\
                  [Termination \"adjudicated\"]\n\n";
    let turns = "1. Red PD17 1,0 r0\n2. Blue U -1,0 r0 +E\n3. Red B 0,-1 r0 +C\n\
                 4. Blue B 1,-1 r0 +fairy:-1,0\n5. Red RB5 -1,-1 r180 robber:Blue\n";
    let catalog = TileCatalog::embedded().unwrap();
    let mut game = common::position(&format!("{header}{turns}"), &catalog);
    let parsed = carcref::parse(&format!("{header}6. Blue B 2,-1 r0 =Blue+1 =Red+1\n"));
    let events = game.play(&parsed[0].record.turns[0]).unwrap();
    let reasons: Vec<ScoreReason> = events.iter().map(|e| e.reason).collect();
    assert_eq!(reasons, [ScoreReason::Fairy, ScoreReason::Robbed]);
    assert_eq!(events[1].robbed_from(), Some((BLUE, 1)));
    assert_eq!(game.score().get(RED), Some(&1));
    assert_eq!(game.score().get(BLUE), Some(&1));
    assert_eq!(game.robbers().unwrap().space(RED), None);
    // The claims of the turn count it.
    let (codes, _) = common::codes_and_totals(&format!(
        "{header}{turns}6. Blue B 2,-1 r0 =Blue+1 =Red+1\n"
    ));
    assert!(codes.is_empty(), "{codes:?}");
}
