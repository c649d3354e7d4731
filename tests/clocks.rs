#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Clocks (SPEC 2.4, "Clocks"): TimeControl, `@time` and TimeLeft, on small
//! hand-built games whose clocks are counted by hand.

use carcref::{TileCatalog, check};

fn outcome(src: &str) -> (Vec<String>, Vec<u32>) {
    let outcome = check("t.cgn", src, &TileCatalog::embedded().unwrap());
    let g = &outcome.games[0];
    let codes = g.diagnostics.iter().map(|d| d.code()).collect();
    (codes, g.replay.as_ref().unwrap().time_used.clone())
}

fn game(termination: &str, control: &str, left: &str, times: [&str; 3]) -> String {
    format!(
        "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Termination \"{termination}\"]\n\
         [TimeControl \"{control}\"]\n{left}\n\
         1. Ann E 0,1 r180 +S @time:{}\n2. Bob U 1,0 r0 @time:{}\n3. Ann U -1,0 r0 @time:{}\n",
        times[0], times[1], times[2]
    )
}

#[test]
fn time_used_is_the_sum_of_each_players_turns() {
    let (codes, used) = outcome(&game("interrupted", "15:00", "", ["30", "1:05", "0:00:10"]));
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(used, vec![40, 65]);
}

#[test]
fn a_game_lost_on_time_agrees_with_its_clocks() {
    // 60 s each, 5 added after each placement: Ann 60-30+5-0+5 = 40; Bob,
    // to play, 60-25+5 = 40, and his time ran out.
    let left = "[TimeLeft \"Ann 0:40, Bob 0\"]";
    let (codes, _) = outcome(&game("time-forfeit", "60+5", left, ["30", "25", "0"]));
    assert!(codes.is_empty(), "{codes:?}");
    // Ann's clock did not run after her turn: 0:41 is not what it shows.
    let left = "[TimeLeft \"Ann 0:41, Bob 0\"]";
    assert_eq!(
        outcome(&game("time-forfeit", "60+5", left, ["30", "25", "0"])).0,
        vec!["E508"]
    );
    // A forged time-forfeit: Bob still had time.
    let left = "[TimeLeft \"Ann 0:40, Bob 0:12\"]";
    assert_eq!(
        outcome(&game("time-forfeit", "60+5", left, ["30", "25", "0"])).0,
        vec!["E508"]
    );
    // A clock at 0 in a game not lost on time.
    let left = "[TimeLeft \"Ann 0:40, Bob 0\"]";
    assert_eq!(
        outcome(&game("interrupted", "60+5", left, ["30", "25", "0"])).0,
        vec!["E508"]
    );
}

#[test]
fn play_after_a_flag_falls_is_caught() {
    // Bob uses 70 s of his 60 on turn 2, and turn 3 follows.
    assert_eq!(
        outcome(&game("interrupted", "60", "", ["30", "70", "5"])).0,
        vec!["E508"]
    );
    // Ann runs out on the last turn: the game ends on time there.
    assert_eq!(
        outcome(&game("time-forfeit", "60", "", ["30", "5", "31"])).0,
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&game("interrupted", "60", "", ["30", "5", "31"])).0,
        vec!["E508"]
    );
}

#[test]
fn unreadable_clocks_are_reported() {
    assert_eq!(
        outcome(&game("interrupted", "15 min", "", ["30", "5", "1"])).0,
        vec!["E216"]
    );
    assert_eq!(
        outcome(&game("interrupted", "60", "", ["30", "0:75", "1"])).0,
        vec!["E507"]
    );
    let left = "[TimeLeft \"Ann\"]";
    assert_eq!(
        outcome(&game("interrupted", "60", left, ["30", "5", "1"])).0,
        vec!["E216"]
    );
}

mod common;

#[test]
fn score_shows_the_time_each_player_used() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = "notation/games/valid/clocks-time-forfeit.cgn";
    let (code, out, err) = common::run_carcref(root, &["score", file], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("time used: Ann 0:00:30, Bob 0:00:25"), "{out}");
    let (_, out, _) = common::run_carcref(root, &["score", "--format", "json", file], b"");
    assert!(
        out.contains("\"time_used\":{\"Ann\":30,\"Bob\":25}"),
        "{out}"
    );
}
