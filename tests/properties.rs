#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Properties over generated games, basic and with the expansions.
//!
//! (a) Writing a generated record, reading it back and writing it again gives the
//!     same bytes, the same record and the same score as replaying the record
//!     itself.
//! (b) Replacing one token of one turn line of a valid record with any other token
//!     never makes `check` panic: it either accepts the text (and scores it) or
//!     reports a fault, and every span it reports lies inside the mutated text;
//!     the quick verdict reports exactly what the full referee does.

mod common;

use std::sync::OnceLock;

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::notation::{GameRecord, split_games};
use carcref::referee::verdict;
use carcref::rules::expansions::Expansions;
use carcref::{Edition, TileCatalog, check, parse, replay};
use proptest::prelude::*;

fn catalog() -> &'static TileCatalog {
    static CATALOG: OnceLock<TileCatalog> = OnceLock::new();
    CATALOG.get_or_init(|| TileCatalog::embedded().unwrap())
}

/// 64 cases a property; a failure prints its minimal input rather than writing
/// it to a file.
/// A fixed seed: the same cases every run, so a failure in CI can be replayed
/// (set `PROPTEST_RNG_SEED` to explore others).
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("PROPTEST_RNG_SEED")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(20_261_122),
        ),
        ..ProptestConfig::with_cases(64)
    }
}

fn edition() -> impl Strategy<Value = Edition> {
    prop_oneof![Just(Edition::HiG2012), Just(Edition::Rgg2000)]
}

/// The most players an edition seats: the 2012 basic game 5, the 2000 one 6.
fn most_players(edition: Edition) -> usize {
    match edition {
        Edition::HiG2012 => 5,
        Edition::Rgg2000 => 6,
    }
}

/// An edition, a number of players it seats (2 to 5 or 2 to 6), and the
/// expansions in play: none, one, or all three.
fn table() -> impl Strategy<Value = (Edition, usize, Expansions)> {
    let expansions = prop_oneof![
        2 => Just(""),
        1 => Just("river"),
        1 => Just("inns-and-cathedrals"),
        1 => Just("traders-and-builders"),
        2 => Just("river,inns-and-cathedrals,traders-and-builders"),
    ]
    .prop_map(|names| Expansions::from_sets(names.split(',')));
    (edition(), expansions).prop_flat_map(|(e, x)| (Just(e), 2..=most_players(e), Just(x)))
}

fn game(seed: u64, (edition, players, expansions): (Edition, usize, Expansions)) -> GameRecord {
    random_game(
        catalog(),
        &GenOptions {
            edition,
            players,
            expansions,
        },
        &mut Rng::new(seed),
    )
}

#[test]
/// Asked for more players than the 2012 rules seat, the generator seats five.
fn a_generated_six_player_game_under_the_2012_rules_is_legal() {
    let record = game(0, (Edition::HiG2012, 6, Expansions::NONE));
    let text = write(&[record]);
    let outcome = check("generated.cgn", &text, catalog());
    assert!(!outcome.has_errors(), "{:?}", outcome.games[0].diagnostics);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn write_parse_write_is_identical_and_keeps_the_score(
        seed in any::<u64>(),
        setup in table(),
    ) {
        let record = game(seed, setup);
        let text = write(std::slice::from_ref(&record));

        let parsed = parse(&text);
        prop_assert_eq!(parsed.len(), 1);
        prop_assert!(parsed[0].diagnostics.is_empty(), "{:?}", parsed[0].diagnostics);
        let reread = parsed[0].record.clone();
        prop_assert!(reread == record, "the record read back differs");
        let again = write(std::slice::from_ref(&reread));
        prop_assert_eq!(&again, &text);

        // The score of the record itself, of its text and of the text written
        // from the record read back.
        let direct = replay(&record, catalog()).score;
        prop_assert!(direct.is_some(), "a generated game is not scored");
        let from_text = check("generated.cgn", &text, catalog());
        prop_assert!(!from_text.has_errors(), "{:?}", from_text.games[0].diagnostics);
        let from_reread = check("reread.cgn", &again, catalog());
        let score_text = from_text.games[0].score().cloned();
        let score_reread = from_reread.games[0].score().cloned();
        prop_assert_eq!(&score_text, &direct);
        prop_assert_eq!(&score_reread, &direct);
        prop_assert_eq!(replay(&reread, catalog()).score, direct);
    }
}

/// Tokens that may replace one token of a turn line: each kind of token a turn
/// line holds (numbers, players, tiles, coordinates, rotations, figures, claims,
/// comments), in legal and illegal spellings, and garbage.
const POOL: &[&str] = &[
    // turn numbers
    "1.",
    "2.",
    "0.",
    "71.",
    "72.",
    "4294967295.",
    "4294967296.",
    "1",
    ".",
    "-1.",
    // players
    "Ann",
    "Bob",
    "Cat",
    "Fay",
    "Zed",
    "ann",
    "\"Ann\"",
    "\"Bob Smith\"",
    "\"",
    "\"\"",
    // tiles
    "A",
    "B",
    "D",
    "E",
    "K",
    "U",
    "V",
    "X",
    "Y",
    "Z",
    "AA",
    "RV1",
    "RV2",
    "RV7",
    "RV10",
    "IC1",
    "IC13",
    "TB3",
    "TB24",
    "a",
    "d",
    // actions
    "discard",
    "Discard",
    "0,0",
    "0,1",
    "1,0",
    "-1,0",
    "0,-1",
    "5,-3",
    "-0,0",
    "01,2",
    "1,",
    ",1",
    "1,2,3",
    "x,y",
    "1e18,0",
    "99999999999999999999,0",
    "2147483647,0",
    "-2147483648,0",
    "2147483648,0",
    // rotations
    "r0",
    "r90",
    "r180",
    "r270",
    "r45",
    "r360",
    "r-90",
    "r",
    "R90",
    "r099",
    // figures
    "+N",
    "+E",
    "+S",
    "+W",
    "+C",
    "+NNE",
    "+ENE",
    "+SSW",
    "+WNW",
    "+X",
    "+",
    "++N",
    "+big:N",
    "+big:C",
    "+builder:E",
    "+builder:SSW",
    "+pig:SSW",
    "+pig:N",
    "+:N",
    "+farmer:C",
    "+n",
    // claims
    "=Ann+3",
    "=Bob+0",
    "=Ann+3/10",
    "=Zed+1",
    "=Ann+4294967295",
    "=Ann+4294967296",
    "=Ann+-1",
    "=Ann",
    "=+3",
    "=Ann+3/",
    "=Ann+3/4/5",
    "=",
    // comments and brackets
    "{",
    "}",
    "{}",
    "{x}",
    ";",
    "; rest",
    "[",
    "]",
    "[Event",
    "(",
    ")",
    ",",
    // garbage
    "",
    "\u{0}",
    "\u{7f}",
    "é",
    "🏰",
    "\u{feff}",
    "\\",
    "@",
    "@event",
    "@goods",
    "@goods:wine+1",
    "@goods:grain+2,wine+1",
    "@goods:wine+1,wine+1",
    "@goods:gold+1",
    "@goods:",
    "@dragon:3,0",
    "@Goods",
    "#",
    "…",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(POOL).prop_map(str::to_string),
        1 => "[!-~]{0,8}",
        1 => "\\PC{0,4}",
    ]
}

/// The byte ranges of the whitespace-separated tokens of a line.
fn token_ranges(line: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, line.len()));
    }
    out
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn one_token_replaced_is_accepted_or_reported(
        seed in any::<u64>(),
        setup in table(),
        line_pick in any::<proptest::sample::Index>(),
        token_pick in any::<proptest::sample::Index>(),
        replacement in token(),
    ) {
        let record = game(seed, setup);
        let text = write(&[record]);
        // Turn lines: after the blank line that ends the tags.
        let body = text.find("\n\n").unwrap() + 2;
        let mut turn_lines = Vec::new();
        let mut offset = body;
        for line in text[body..].split_inclusive('\n') {
            turn_lines.push((offset, line.trim_end_matches('\n')));
            offset += line.len();
        }
        let (line_start, line) = turn_lines[line_pick.index(turn_lines.len())];
        let tokens = token_ranges(line);
        let (s, e) = tokens[token_pick.index(tokens.len())];
        let original = &line[s..e];
        let mutated = format!(
            "{}{}{}",
            &text[..line_start + s],
            replacement,
            &text[line_start + e..]
        );

        let outcome = check("mutated.cgn", &mutated, catalog());
        prop_assert!(!outcome.games.is_empty());
        for ((base, text), g) in split_games(&mutated).zip(&outcome.games) {
            prop_assert_eq!(&verdict(text, base, catalog()), &g.diagnostics);
        }
        let mut count = 0;
        for g in &outcome.games {
            for d in &g.diagnostics {
                common::assert_inside(&mutated, d.span(), &d.code());
                count += 1;
            }
        }
        if replacement == original {
            prop_assert_eq!(count, 0, "an unchanged record is reported");
        }
        // Accepted or reported: a game with no error has a score sheet (so a game
        // that is not scored has at least one diagnostic).
        for g in &outcome.games {
            if !g.has_errors() {
                prop_assert!(
                    g.score().is_some(),
                    "a game with no error is not scored: {:?} -> {:?}",
                    original,
                    replacement
                );
            }
        }
        // The turns before the mutated line are unchanged and legal: no error
        // points inside them. (A line made into a tag line starts a new game, and
        // the game before it then rightly ends early, E504 on its last turn.)
        let splits_the_game = mutated
            .get(line_start..)
            .is_some_and(|l| l.trim_start().starts_with('['));
        for g in outcome.games.iter().filter(|_| !splits_the_game) {
            for d in g.diagnostics.iter().filter(|d| d.is_error()) {
                let span = d.span();
                prop_assert!(
                    span.start >= line_start || span.start < body,
                    "{} at {:?} before the mutated line ({:?} -> {:?} at {})",
                    d.code(),
                    span,
                    original,
                    replacement,
                    line_start
                );
            }
        }
    }
}
