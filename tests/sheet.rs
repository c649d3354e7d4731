#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The arithmetic the score sheet prints comes to the points the referee
//! scored, for every scoring of every shipped game under both editions.

use carcref::report::sheet::{arithmetic, pig_arithmetic};
use carcref::{Edition, ReplayOptions, TileCatalog, check_with};

#[test]
fn arithmetic_comes_to_the_points_scored() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut checked = 0;
    for folder in ["notation/examples", "notation/games/valid"] {
        let mut paths: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "cgn"))
            .collect();
        paths.sort();
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
