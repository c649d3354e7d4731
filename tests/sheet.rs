#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The arithmetic the score sheet prints comes to the points the referee
//! scored, for every scoring of every shipped game under both editions.

mod common;

use carcref::render::sheet::{arithmetic, pig_arithmetic, write_sheet};
use carcref::{Edition, ReplayOptions, TileCatalog, check_with};

#[test]
fn arithmetic_comes_to_the_points_scored() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut checked = 0;
    for folder in ["notation/examples", "notation/games/valid"] {
        let paths = common::cgn_files(folder);
        for path in paths {
            let src = std::fs::read_to_string(&path).unwrap();
            for edition in [None, Some(Edition::HiG2012), Some(Edition::Rgg2000)] {
                let options = ReplayOptions {
                    edition,
                    ..ReplayOptions::default()
                };
                let outcome = check_with("t.cgn", &src, &catalog, options);
                for game in &outcome.games {
                    let replay = game.replay.as_ref().unwrap();
                    let sheet = replay.sheet().unwrap();
                    for e in &replay.events {
                        let a = arithmetic(e, sheet.edition, sheet.tiny_city_two);
                        assert_eq!(a.points, e.points, "{}: {} {e:?}", path.display(), a.text);
                        assert!(
                            a.text.ends_with(&format!("= {}", e.points))
                                || a.text.contains(&format!("= {} (", e.points))
                                || a.text.starts_with("most "),
                            "{}",
                            a.text
                        );
                        if !e.pigs.is_empty() {
                            let pig = pig_arithmetic(e, sheet.edition);
                            assert_eq!(pig.points, e.points + e.pig_bonus, "{}", pig.text);
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked} scorings");
}

/// The score sheet marks a claim wrong (`≠`) exactly where `check` reports it
/// (`E501`, `E510`): both ask the one function that decides a claim, for
/// every claim of every shipped game, faulty ones included. The Messengers'
/// pawn claims of `messengers-message-8-score-a-follower.cgn` were marked
/// "no such pawn" on the sheet, and a marker's compared with the player's
/// total.
#[test]
fn the_sheet_judges_claims_as_check_does() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut claims = 0;
    for folder in [
        "notation/examples",
        "notation/games/valid",
        "notation/games/invalid",
    ] {
        let paths = common::cgn_files(folder);
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let src = String::from_utf8_lossy(&bytes);
            let outcome = check_with("t.cgn", &src, &catalog, ReplayOptions::default());
            for game in &outcome.games {
                let Some(replay) = &game.replay else { continue };
                let Some(sheet) = replay.sheet() else {
                    continue;
                };
                let mut text = String::new();
                write_sheet(&mut text, &game.record, replay, sheet);
                let faulty = game
                    .record
                    .turns
                    .iter()
                    .filter(|t| t.number.value <= replay.position_after)
                    .flat_map(|t| &t.claims)
                    .inspect(|_| claims += 1)
                    .filter(|c| {
                        game.diagnostics.iter().any(|d| {
                            matches!(d.code().as_str(), "E501" | "E510")
                                && d.span().start >= c.span.start
                                && d.span().end <= c.span.end
                        })
                    })
                    .count();
                assert_eq!(
                    text.matches('≠').count(),
                    faulty,
                    "{}: the sheet and check judge its claims apart\n{text}",
                    path.display()
                );
            }
        }
    }
    assert!(claims > 100, "{claims} claims");
}

#[test]
fn pawn_claims_of_the_messengers_hold_on_the_sheet() {
    let catalog = TileCatalog::embedded().unwrap();
    let path = "notation/games/valid/messengers-message-8-score-a-follower.cgn";
    let src = std::fs::read_to_string(path).unwrap();
    let outcome = check_with(path, &src, &catalog, ReplayOptions::default());
    let game = &outcome.games[0];
    let replay = game.replay.as_ref().unwrap();
    let mut text = String::new();
    write_sheet(&mut text, &game.record, replay, replay.sheet().unwrap());
    assert!(
        text.contains(
            "Bob claimed +8/8, counted +8/8; Bob(marker) claimed +5/5, counted +5/5; \
             Bob(messenger) claimed +3/3, counted +3/3"
        ),
        "{text}"
    );
}
