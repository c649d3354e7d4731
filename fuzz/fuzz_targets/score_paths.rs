//! `score --format json` writes a game the quick verdict clears on the
//! verdict's own replay (`render::score_line::ScoreLine`), and any other game
//! from the full referee's outcome: on arbitrary bytes, every game the quick
//! verdict clears must give the same line both ways (the check of
//! `tests/score_fast_path.rs`, on what the fuzzer makes).
#![no_main]

mod common;

use std::ops::ControlFlow;

use carcref::referee::Referee;
use carcref::render::ScoreFormat;
use carcref::render::score_line::{ScoreLine, push_json_str};
use carcref::ReplayOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let catalog = common::catalog();
    let mut referee = Referee::new(catalog);
    let mut line = ScoreLine::new();
    let mut file = String::new();
    push_json_str(&mut file, "fuzz.cgn");
    let _ = carcref::read_games(data, |index, g| {
        line.begin();
        if g.not_utf8.is_empty() && referee.is_clean_quick_observed(g.text, g.base, &mut line) {
            let outcome = carcref::check_game(g, catalog, ReplayOptions::default());
            let mut full = String::new();
            carcref::score_game(&mut full, "fuzz.cgn", g, index, &outcome, ScoreFormat::Json);
            let mut fast = String::new();
            line.write(&mut fast, &file, index);
            assert_eq!(fast, full, "game {}", index + 1);
        }
        ControlFlow::Continue(())
    });
});
