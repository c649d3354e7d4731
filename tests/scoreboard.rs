//! The scoreboard (SPEC 4.5): every game the fixtures and examples replay
//! leaves each marker where the totals say, and the command line shows it
//! and checks the claims that name a pawn.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;
use std::process::Command;

use carcref::TileCatalog;
use carcref::score::scoreboard::{Cause, Pawn, Space};

fn carcref(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_marker_stands_on_its_players_total() {
    // The rulebook: "The player moves his marker a number of spaces on the
    // scoreboard equal to the number of points scored": after every score
    // of a game, one move each, a marker's total is its player's score.
    let catalog = TileCatalog::embedded().unwrap();
    let mut games = 0;
    let mut transfers = 0;
    for dir in [
        "notation/games/valid",
        "notation/games/invalid",
        "notation/examples",
    ] {
        for path in common::cgn_files(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)) {
            // A fixture of bytes that are not UTF-8 has no game to replay.
            let Ok(src) = std::fs::read_to_string(&path) else {
                continue;
            };
            if !common::declared_tiles(&src).is_empty() {
                continue;
            }
            let name = path.display().to_string();
            for game in carcref::referee::check(&name, &src, &catalog).games {
                let Some(replay) = &game.replay else { continue };
                let Some(sheet) = replay.sheet() else {
                    continue;
                };
                let board = replay.scoreboard();
                // With The Messengers, the pawns' totals add up to the
                // score ("each player adds the score of his marker and
                // messenger"), the messenger gone once they are added.
                for (p, pawns) in board.pawns().iter() {
                    let total = sheet.totals.get(p.index()).copied();
                    assert_eq!(Some(pawns.sum()), total, "{name}: {p}");
                    assert_eq!(
                        pawns.messenger.is_some(),
                        replay.messengers && !sheet.final_scoring,
                        "{name}"
                    );
                }
                // One move per winner of each event, two per transfer.
                let winners: usize = replay.events.iter().map(|e| e.winners.len()).sum();
                assert_eq!(
                    board.moves().len(),
                    winners + 2 * replay.transfers.len(),
                    "{name}"
                );
                transfers += board
                    .moves()
                    .iter()
                    .filter(|m| matches!(m.score.cause, Cause::Transfer { .. }))
                    .count();
                games += 1;
            }
        }
    }
    assert!(games > 200, "{games} games");
    assert!(transfers > 0, "no ransom among the fixtures");
}

#[test]
fn a_ransom_moves_the_payers_marker_back() {
    // The Tower (2000): "the paying player moves his scoring marker 3 spaces
    // backward on the scoring track and the opponent he pays moves his
    // scoring marker 3 spaces forward". Ann's city (turn 7) puts her marker
    // on 6; the ransom of turn 13 takes it back to 3, Cid's on to 3.
    let catalog = TileCatalog::embedded().unwrap();
    let path = "notation/games/valid/tower-rulebook-ransom.cgn";
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let outcome = carcref::referee::check(path, &src, &catalog);
    let replay = outcome.games[0].replay.as_ref().unwrap();
    let board = replay.scoreboard();
    let moves: Vec<(Option<u32>, usize, u32, u32)> = board
        .moves()
        .iter()
        .map(|m| (m.score.turn, m.score.player.index(), m.from, m.to))
        .collect();
    assert_eq!(
        &moves[..3],
        [(Some(7), 0, 0, 6), (Some(13), 0, 6, 3), (Some(13), 2, 0, 3)]
    );
    assert_eq!(
        board.turn_points(Some(13), carcref::Player(0), Pawn::Marker),
        -3
    );
}

#[test]
fn score_shows_the_spaces_and_the_laps_past_fifty() {
    // Ann ends with 56 points, Bob with 58: "When a player first passes space
    // 50 of the scoreboard, he takes a Point tile", so their markers stand on
    // 6 and 8, one lap each.
    let file = "notation/examples/hig2012-traders-and-builders.cgn";
    let (code, json, _) = carcref(&["score", "--format", "json", file], None);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["totals"], serde_json::json!({"Ann": 56, "Bob": 58}));
    assert_eq!(
        v["scoreboard"],
        serde_json::json!({"Ann": {"marker": 6, "laps": 1}, "Bob": {"marker": 8, "laps": 1}})
    );
    let (code, human, _) = carcref(&["score", file], None);
    assert_eq!(code, 0);
    let tail: Vec<&str> = human.lines().rev().take(4).collect();
    assert_eq!(
        tail,
        [
            "winner Bob",
            "laps              1     1   times past space 50: the Point tiles",
            "space             6     8   each marker's space on the scoreboard (its points modulo 50)",
            "total            56    58",
        ],
        "{human}"
    );
}

#[test]
fn claims_naming_the_marker_are_checked() {
    let game = |claims: &str| {
        format!(
            "[CGN \"2\"]\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
             [Termination \"interrupted\"]\n\n1. Ann E 0,1 r180 +S {claims}\n2. Bob U 1,0 r0 +E =Bob(marker)+0/0@0\n"
        )
    };
    // Right: Ann's knight closes a 2-tile city, 4 points: her marker moves
    // from 0 to 4 ("scores 2 points per tile in the city").
    let (code, out, err) = carcref(&["check", "-"], Some(&game("=Ann(marker)+4/4@4 =Bob+0@0")));
    assert_eq!(code, 0, "{out}{err}");
    // Wrong: each figure that differs is its own E501.
    let (code, out, _) = carcref(
        &["check", "--format", "short", "-"],
        Some(&game("=Ann(marker)+5/6@7")),
    );
    assert_eq!(code, 1);
    let faults: Vec<&str> = out.lines().filter(|l| l.contains(" E")).collect();
    assert_eq!(
        faults,
        [
            "-:6:35: E501 Ann's marker's points this turn is 4, not 5: claimed 5; the referee counts 4",
            "-:6:37: E501 Ann's marker's total is 4, not 6: claimed 6; the referee counts 4",
            "-:6:39: E501 Ann's marker's space is 4, not 7: claimed 7; the referee counts 4",
        ],
        "{out}"
    );
    // The messenger is no pawn of this game.
    let (code, out, _) = carcref(
        &["check", "--format", "short", "-"],
        Some(&game("=Ann(messenger)+4")),
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("E510 Ann has no messenger on the scoreboard"),
        "{out}"
    );
    // Version 1 has no pawn: the claim is the syntax fault it always was.
    let v1 = game("=Ann(marker)+4").replace("[CGN \"2\"]", "[CGN \"1\"]");
    let (code, out, _) = carcref(&["check", "--format", "short", "-"], Some(&v1));
    assert_eq!(code, 1);
    assert!(out.contains("E106"), "{out}");
}

#[test]
fn a_space_is_the_total_modulo_fifty() {
    for (total, space) in [(0, 0), (49, 49), (50, 0), (56, 6), (123, 23)] {
        assert_eq!(Space::of(total).number(), space);
    }
}

#[test]
fn show_draws_each_marker_on_its_space() {
    let catalog = TileCatalog::embedded().unwrap();
    let path = "notation/games/valid/tower-rulebook-ransom.cgn";
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let record = &carcref::parse(&src)[0].record;
    let game = carcref::referee::replay_to(record, &catalog, None).unwrap();
    let svg = carcref::render::board_svg(&game, &carcref::render::SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let class = |c: &'static str| {
        doc.descendants()
            .filter(move |n| n.attribute("class") == Some(c))
    };
    // 50 spaces, every fifth dark: "a dark number (0, 5, 10, 15...)".
    assert_eq!(class("space").count(), 50);
    let dark: Vec<&str> = class("space")
        .filter(|n| n.attribute("data-dark") == Some("true"))
        .filter_map(|n| n.attribute("data-space"))
        .collect();
    assert_eq!(
        dark,
        ["0", "5", "10", "15", "20", "25", "30", "35", "40", "45"]
    );
    // After the ransom: Ann 3, Bob 0, Cid 3.
    let markers: Vec<(&str, &str)> = class("marker")
        .map(|n| {
            (
                n.attribute("data-player").unwrap(),
                n.attribute("data-space").unwrap(),
            )
        })
        .collect();
    assert_eq!(markers, [("Ann", "3"), ("Bob", "0"), ("Cid", "3")]);
    // The text picture: each player's letter on its space of the track.
    let text = carcref::render::board_text(&game, &carcref::render::ShowOptions::default());
    for (mark, space) in [('A', 3), ('B', 0), ('C', 3)] {
        let row = text
            .lines()
            .find_map(|l| {
                l.split_once(&format!("   {mark}  "))
                    .map(|(_, r)| r.to_string())
            })
            .unwrap_or_else(|| panic!("no track row for {mark}: {text}"));
        let cells: Vec<char> = row.chars().take(50).collect();
        assert_eq!(cells.iter().position(|c| *c == mark), Some(space), "{row}");
        assert_eq!(cells.iter().filter(|c| **c == mark).count(), 1, "{row}");
    }
}

macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

#[test]
fn score_sheet_and_picture_of_the_scoreboard() {
    // The claims naming the marker and its space, each beside the count.
    let (code, sheet, _) = carcref(
        &["score", "notation/games/valid/scoreboard-pawn-claims.cgn"],
        None,
    );
    assert_eq!(code, 0);
    snap!("scoreboard_score_pawn_claims", sheet);
    // The board after the ransom, the scoreboard beside it.
    let (code, picture, _) = carcref(
        &[
            "show",
            "--color",
            "never",
            "notation/games/valid/tower-rulebook-ransom.cgn",
        ],
        None,
    );
    assert_eq!(code, 0);
    snap!("scoreboard_show_after_a_ransom", picture);
}
