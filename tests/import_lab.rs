#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The Carcassonne Lab importer: the three Board Game Arena logs of
//! `tests/data/bga/`, repacked as replay URLs in the shipped table
//! `tests/data/lab/bga-logs-repacked.csv`, import, pass the referee and score as
//! the platform did; malformed URLs and tables (mutations of the shipped URLs)
//! give coded errors, never a panic.
//!
//! The 50 replays of `../shared/records/lab/games.csv` (real games from competitive
//! events, one with a discarded tile) are not shipped: their source publishes no
//! licence. The tests that read them run where that file is beside the project
//! and otherwise say that they skipped.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use carcref::import::ImportError;
use carcref::import::lab::{import_csv, import_url};
use carcref::notation::{ActionRecord, GameRecord};
use carcref::{TileCatalog, check};
use common::lab::{
    SHIPPED_CSV, TABLES, bga_to_url, cut_url, iso_time, pack_stack, shipped_csv_from_the_logs,
    unpack_stack,
};

/// Why the 50 real replays are not shipped.
const NOT_SHIPPED: &str = "not shipped: its source publishes no licence";

/// The table of 50 real replays beside the project, if it is there.
fn fifty() -> Option<String> {
    common::shared_or_skip("records/lab/games.csv", NOT_SHIPPED)
}

/// The platform's final results of the shipped games (`tests/data/bga/README.md`),
/// first player first.
const RESULTS: [(&str, [(&str, u32); 2]); 3] = [
    ("366166200", [("KokiYamaguchi", 96), ("Kithara", 70)]),
    ("368679629", [("KokiYamaguchi", 94), ("Kithara", 91)]),
    ("370417702", [("Kithara", 108), ("KokiYamaguchi", 91)]),
];

fn text(record: &GameRecord) -> String {
    carcref::notation::write::write(std::slice::from_ref(record))
}

fn assert_valid(name: &str, record: &GameRecord) -> carcref::Outcome {
    let text = text(record);
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check(name, &text, &catalog);
    assert!(
        !outcome.has_errors(),
        "{name}:\n{}\n{text}",
        carcref::render::render_diagnostics(&outcome, &Default::default())
    );
    outcome
}

/// The URLs of a table of replays, one a line, each the quoted last field.
fn urls_of(csv: &str) -> Vec<String> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let start = l.find("\"https").unwrap() + 1;
            l[start..l.len() - 1].to_string()
        })
        .collect()
}

/// The URLs of the shipped table.
fn urls() -> Vec<String> {
    urls_of(&common::data(SHIPPED_CSV))
}

/// The shipped table's first URL: table 366166200, whose first turn places H
/// north of the start tile.
fn first_url() -> String {
    urls().into_iter().next().unwrap()
}

/// The URL with its MOVES replaced.
fn with_moves(url: &str, f: impl Fn(&str) -> String) -> String {
    let (head, query) = url.split_once('?').unwrap();
    let (path, moves) = head.rsplit_once('/').unwrap();
    format!("{path}/{}?{query}", f(moves))
}

/// The URL with its STACK replaced.
fn with_stack(url: &str, f: impl Fn(&str) -> String) -> String {
    let (prefix, rest) = url.split_once("#/0/0/").unwrap();
    let (stack, tail) = rest.split_once('/').unwrap();
    format!("{prefix}#/0/0/{}/{tail}", f(stack))
}

/// The STACK of a URL.
fn stack_of(url: &str) -> String {
    let (_, rest) = url.split_once("#/0/0/").unwrap();
    rest.split_once('/').unwrap().0.to_string()
}

fn errors(url: &str) -> Vec<ImportError> {
    match import_url(url) {
        Ok(_) => panic!("accepted: {url}"),
        Err(e) => {
            assert!(!e.is_empty());
            e
        }
    }
}

fn codes(errors: &[ImportError]) -> Vec<&'static str> {
    errors.iter().map(|e| e.code).collect()
}

/// The shipped table is the logs of `tests/data/bga/` repacked by
/// `common::lab::bga_to_url`, so it can be made again from them:
/// `CARCREF_UPDATE_DATA=1 cargo test --test import_lab` writes it anew.
#[test]
fn the_shipped_table_is_the_bga_logs_repacked() {
    let want = shipped_csv_from_the_logs();
    if std::env::var_os("CARCREF_UPDATE_DATA").is_some() {
        std::fs::write(common::data_path(SHIPPED_CSV), &want).unwrap();
    }
    let urls = urls();
    assert_eq!(urls.len(), TABLES.len());
    for (url, table) in urls.iter().zip(TABLES) {
        let log = common::data(&format!("bga/{table}.json"));
        assert_eq!(*url, bga_to_url(&log), "{table}");
    }
    common::assert_same_text(SHIPPED_CSV, &want, "the logs repacked");
}

#[test]
fn times_are_written_as_the_tables_write_them() {
    assert_eq!(iso_time(0), "1970-01-01T00:00:00.000Z");
    assert_eq!(iso_time(951_782_400), "2000-02-29T00:00:00.000Z");
    assert_eq!(iso_time(1_681_289_701), "2023-04-12T08:55:01.000Z");
    assert_eq!(iso_time(1_704_067_199), "2023-12-31T23:59:59.000Z");
}

#[test]
fn the_shipped_replays_import_pass_the_referee_and_score_as_the_platform_did() {
    let (records, errors) = import_csv(&common::data(SHIPPED_CSV));
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(records.len(), RESULTS.len());
    for (r, (table, results)) in records.iter().zip(RESULTS) {
        let name = r.tag("Source").unwrap().value.value.clone();
        assert_eq!(name, format!("bga {table}"));
        let outcome = assert_valid(&name, r);
        assert_eq!(r.tag("Rules").unwrap().value.value, "HiG-2012");
        assert_eq!(r.tag("Termination").unwrap().value.value, "complete");
        assert!(r.tag("LabURL").is_some());
        assert!(r.tag("Result").is_none());
        // 71 tiles after the start tile, each a turn.
        assert_eq!(r.turns.len(), 71, "{name}");
        let score = outcome.games[0].score().unwrap();
        for (player, points) in results {
            assert_eq!(score.total(player), Some(points), "{table} {player}");
        }
    }
}

#[test]
fn csv_columns_of_the_shipped_table_become_tags() {
    let (records, _) = import_csv(&common::data(SHIPPED_CSV));
    let tags = |r: &GameRecord| -> Vec<(String, String)> {
        r.tags
            .iter()
            .map(|t| (t.name.value.to_string(), t.value.value.to_string()))
            .collect()
    };
    // No tournament, edition or round: no Event, no Round.
    assert_eq!(
        tags(&records[0])[..6],
        [
            ("CGN".into(), "1".into()),
            ("Date".into(), "2023.04.12".into()),
            (
                "Players".into(),
                "KokiYamaguchi (red), Kithara (blue)".into()
            ),
            ("Rules".into(), "HiG-2012".into()),
            ("Termination".into(), "complete".into()),
            ("Source".into(), "bga 366166200".into()),
        ]
    );
    let notes: Vec<&str> = records[0].turns[0]
        .comments_before
        .iter()
        .map(|c| c.value.text.as_str())
        .collect();
    assert!(
        notes.contains(&"Board Game Arena player ids: KokiYamaguchi 93033745, Kithara 84051152"),
        "{notes:?}"
    );
    // Event from Tournament and Edition, Round as written.
    let url = first_url();
    let csv = format!(
        "Tournament,Edition,Round,Date,URL\n\
         ETCOC,ETCOC 2026,Round 4,2026-10-04T17:00:00.000Z,\"{url}\"\n\
         Rivals,Season 1,,,\"{url}\"\n\
         ,Friendly Matches,,,\"{url}\"\n"
    );
    let (records, errors) = import_csv(&csv);
    assert!(errors.is_empty(), "{errors:#?}");
    let tag = |i: usize, name: &str| {
        records[i]
            .tag(name)
            .map(|t| t.value.value.to_string())
            .unwrap_or_default()
    };
    assert_eq!(tag(0, "Event"), "ETCOC 2026");
    assert_eq!(tag(0, "Round"), "Round 4");
    assert_eq!(tag(0, "Date"), "2026.10.04");
    assert_eq!(tag(1, "Event"), "Rivals Season 1");
    assert_eq!(tag(1, "Round"), "");
    assert_eq!(tag(2, "Event"), "Friendly Matches");
}

#[test]
fn all_fifty_replays_import_and_pass_the_referee() {
    let Some(csv) = fifty() else { return };
    let (records, errors) = import_csv(&csv);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(records.len(), 50);
    for r in &records {
        let name = r.tag("Source").unwrap().value.value.clone();
        assert!(name.starts_with("bga "), "{name}");
        assert_valid(&name, r);
        assert_eq!(r.tag("Rules").unwrap().value.value, "HiG-2012");
        assert_eq!(r.tag("Termination").unwrap().value.value, "complete");
        assert!(r.tag("LabURL").is_some());
        assert!(r.tag("Result").is_none());
        // 71 tiles after the start tile, each a turn.
        assert_eq!(r.turns.len(), 71, "{name}");
    }
}

#[test]
fn csv_columns_become_tags() {
    let Some(csv) = fifty() else { return };
    let (records, _) = import_csv(&csv);
    let tags = |r: &GameRecord| -> Vec<(String, String)> {
        r.tags
            .iter()
            .map(|t| (t.name.value.to_string(), t.value.value.to_string()))
            .collect()
    };
    let first = tags(&records[0]);
    assert_eq!(
        first[..7],
        [
            ("CGN".into(), "1".into()),
            ("Event".into(), "Friendly Matches".into()),
            ("Date".into(), "2023.03.30".into()),
            ("Players".into(), "pavelbrin (red), N2xU (blue)".into()),
            ("Rules".into(), "HiG-2012".into()),
            ("Termination".into(), "complete".into()),
            ("Source".into(), "bga 362000028".into()),
        ]
    );
    // Event from Tournament and Edition, Round as written.
    let etcoc = records
        .iter()
        .find(|r| r.tag("Source").unwrap().value.value == "bga 926267136")
        .unwrap();
    assert_eq!(etcoc.tag("Event").unwrap().value.value, "ETCOC 2026");
    assert_eq!(etcoc.tag("Round").unwrap().value.value, "Round 4");
    assert_eq!(etcoc.tag("Date").unwrap().value.value, "2026.10.04");
}

#[test]
fn a_tile_that_fits_nowhere_is_discarded_by_its_player() {
    // Table 926267136: the replay's stack holds 72 tiles but MOVES 70 turns; the
    // third tile drawn (C) fits nowhere on the three-tile board.
    let Some(csv) = fifty() else { return };
    let (records, _) = import_csv(&csv);
    let r = records
        .iter()
        .find(|r| r.tag("Source").unwrap().value.value == "bga 926267136")
        .unwrap();
    let t3 = &r.turns[2];
    assert_eq!(t3.tile.value, "C");
    assert_eq!(t3.action.value, ActionRecord::Discard);
    assert_eq!(t3.player.value, "mpatis");
    // The same player draws again.
    assert_eq!(r.turns[3].player.value, "mpatis");
    let discards = records
        .iter()
        .flat_map(|r| &r.turns)
        .filter(|t| t.action.value == ActionRecord::Discard)
        .count();
    assert_eq!(discards, 1);
}

#[test]
fn snapshot_of_the_first_replay() {
    let record = import_url(&first_url()).unwrap();
    let text = text(&record);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("import_lab_shipped_first", text);
    });
}

#[test]
fn bga_logs_repacked_as_urls_score_as_the_platform_did() {
    for (table, results) in RESULTS {
        let url = bga_to_url(&common::data(&format!("bga/{table}.json")));
        let record = import_url(&url).unwrap_or_else(|e| panic!("{table}: {e:#?}"));
        let outcome = assert_valid(table, &record);
        let score = outcome.games[0].score().unwrap();
        for (name, points) in results {
            assert_eq!(score.total(name), Some(points), "{table} {name}");
        }
    }
}

/// A replay of a game that stopped before the supply ran out holds the tiles
/// drawn and their moves. Each shipped game, cut after a turn so, imports as the
/// turns played with `Termination "interrupted"`, passes the referee (no `E504`)
/// and scores what the whole game's replay had scored after that turn.
#[test]
fn a_game_stopped_early_imports_as_the_turns_played() {
    let catalog = TileCatalog::embedded().unwrap();
    for (url, table) in urls().iter().zip(TABLES) {
        // Cut after the last turn, the URL is the whole game's.
        assert_eq!(cut_url(url, 71), *url, "{table}");
        let full = import_url(url).unwrap();
        let full_outcome = check(table, &text(&full), &catalog);
        assert!(!full_outcome.has_errors(), "{table}");
        for turns in [1, 2, 17, 36, 70] {
            let name = format!("{table} cut after turn {turns}");
            let cut = cut_url(url, turns);
            let record = import_url(&cut).unwrap_or_else(|e| panic!("{name}: {e:#?}"));
            assert_eq!(
                record.tag("Termination").unwrap().value.value,
                "interrupted",
                "{name}"
            );
            assert_eq!(record.turns.len(), turns, "{name}");
            // The same turns; the comment lines before the first differ.
            let mut first = record.turns.clone();
            first[0].comments_before.clear();
            let mut whole = full.turns[..turns].to_vec();
            whole[0].comments_before.clear();
            assert_eq!(first, whole, "{name}");
            assert!(
                text(&record).contains("{ the stack holds "),
                "{name}: {}",
                text(&record)
            );
            let outcome = assert_valid(&name, &record);
            assert!(outcome.games[0].diagnostics.is_empty(), "{name}");
            assert!(!outcome.games[0].score().unwrap().final_scoring, "{name}");
            assert_eq!(
                common::points(&outcome),
                common::points_after_turn(&full_outcome, turns as u32),
                "{name}"
            );
        }
    }
}

/// A stack cut short is refused as before when something else is wrong with it,
/// with one fault for one cause.
#[test]
fn a_stack_cut_short_with_another_fault() {
    let url = first_url();
    let short = cut_url(&url, 30);
    let drawn = unpack_stack(&stack_of(&short));
    // MOVES not cut with it: its groups outlast the stack.
    let e = errors(&with_moves(&short, |_| {
        with_moves(&url, |m| m.to_string())
            .rsplit_once('/')
            .unwrap()
            .1
            .split_once('?')
            .unwrap()
            .0
            .to_string()
    }));
    assert_eq!(codes(&e), ["I207"], "{e:?}");
    // Two more C than the box's one: one fault, though most kinds are short of
    // the box's counts (the tiles not drawn).
    let mut kinds = drawn.clone();
    kinds.extend([22, 22]);
    let e = errors(&with_stack(&short, |_| pack_stack(&kinds)));
    assert_eq!(codes(&e), ["I203"], "{e:?}");
    assert!(
        e[0].message.contains("C (kind 22), the basic game has 1"),
        "{e:?}"
    );
    // A wrong character is still I202.
    let e = errors(&with_stack(&short, |s| format!("{s}!")));
    assert_eq!(codes(&e), ["I202"], "{e:?}");
}

#[test]
fn a_url_without_a_replay_path() {
    let e = errors("https://www.carcassonnelab.com/");
    assert_eq!(codes(&e), ["I201"]);
    let e = errors("https://www.carcassonnelab.com/#/0/0/abc?players=a,b");
    assert_eq!(codes(&e), ["I201"]);
    assert!(e[0].message.contains("3 parts"), "{e:?}");
    let url = first_url().replacen("#/0/0/", "#/7/0/", 1);
    let e = errors(&url);
    assert_eq!(codes(&e), ["I201"]);
    assert_eq!(e[0].location, "version char 34");
}

#[test]
fn a_wrong_base64_character_in_the_stack() {
    let url = with_stack(&first_url(), |s| format!("{}!{}", &s[..5], &s[6..]));
    let e = errors(&url);
    assert_eq!(codes(&e), ["I202"]);
    // `#/0/0/` ends at character 37; the sixth character of STACK is 43.
    assert_eq!(e[0].location, "STACK char 43");
    assert!(e[0].message.contains("'!'"), "{e:?}");
}

#[test]
fn a_stack_that_is_not_the_basic_games_tiles() {
    // The last digit changed: the last tile is another kind, one more than the
    // box holds (and one kind too rarely, which is the same fault): one fault.
    let e = errors(&with_stack(&first_url(), |s| {
        let last = s.chars().last().unwrap();
        format!(
            "{}{}",
            &s[..s.len() - 1],
            if last == 'A' { 'B' } else { 'A' }
        )
    }));
    assert_eq!(codes(&e), ["I203"], "{e:?}");
    assert!(e[0].message.contains("the basic game has"), "{e:?}");
    // A stack that does not start with the start tile.
    let e = errors(&with_stack(&first_url(), |_| "B".to_string()));
    assert_eq!(codes(&e), ["I203"], "{e:?}");
    assert!(e[0].message.contains("starts with kind 2 (S)"), "{e:?}");
    // The start tile alone: no tile drawn.
    let e = errors(&with_stack(&first_url(), |_| pack_stack(&[15])));
    assert_eq!(codes(&e), ["I203"], "{e:?}");
    assert!(e[0].message.contains("no tile was drawn"), "{e:?}");
    // Far too long: one fault, naming the length.
    let e = errors(&with_stack(&first_url(), |s| s.repeat(3)));
    assert_eq!(codes(&e), ["I203"]);
    // 73 tiles: one N too many.
    let mut kinds = unpack_stack(&stack_of(&first_url()));
    assert_eq!(kinds.len(), 72);
    kinds.push(3);
    let e = errors(&with_stack(&first_url(), |_| pack_stack(&kinds)));
    assert_eq!(codes(&e), ["I203"], "{e:?}");
    assert!(
        e[0].message
            .contains("73 tiles, more than the basic game's 72: 4 N (kind 3)"),
        "{e:?}"
    );
    // Empty.
    let e = errors(&with_stack(&first_url(), |_| String::new()));
    assert_eq!(codes(&e), ["I203"]);
}

#[test]
fn truncated_moves() {
    let url = with_moves(&first_url(), |m| m[..m.len() - 2].to_string());
    let e = errors(&url);
    assert_eq!(codes(&e), ["I204"]);
    assert!(e[0].location.starts_with("MOVES char "), "{e:?}");
    assert!(e[0].message.contains("cut short"), "{e:?}");
    // Whole turns missing: the stack has tiles left that fit.
    let e = errors(&with_moves(&first_url(), |m| m[..m.len() - 8].to_string()));
    assert_eq!(codes(&e), ["I207"]);
    // One turn too many.
    let e = errors(&with_moves(&first_url(), |m| format!("{m}{}", &m[..4])));
    assert_eq!(codes(&e), ["I207"]);
}

#[test]
fn bad_move_characters() {
    let moves_len = with_moves(&first_url(), |m| m.to_string()).len() - first_url().len();
    assert_eq!(moves_len, 0);
    // `I` is not in the alphabet; `F` (value 14) holds no rotation (14 % 16 > 3);
    // `x` is not a spot digit.
    let e = errors(&with_moves(&first_url(), |m| format!("I1Fx{}", &m[4..])));
    assert_eq!(codes(&e), ["I204", "I204", "I204"]);
    let url = with_moves(&first_url(), |m| format!("21Fx{}", &m[4..]));
    let e = errors(&url);
    assert_eq!(codes(&e), ["I204", "I204"]);
    // MOVES starts after the last `/`; positions count from 1.
    let start = url.rfind('/').unwrap() + 2;
    assert_eq!(e[0].location, format!("MOVES char {}", start + 2));
    assert!(e[0].message.contains("rotation"), "{e:?}");
    assert_eq!(e[1].location, format!("MOVES char {}", start + 3));
}

#[test]
fn a_spot_index_the_tile_does_not_have() {
    // The first turn places H (three spots) at 0,-1 (`12Z2`: the row's sign is
    // folded into the rotation character); index 9 names nothing.
    assert!(with_moves(&first_url(), |m| m[..4].to_string()).contains("/12Z2?"));
    let e = errors(&with_moves(&first_url(), |m| format!("12Z9{}", &m[4..])));
    assert_eq!(codes(&e), ["I205"]);
    assert!(e[0].message.contains("spot index 9"), "{e:?}");
}

#[test]
fn a_placement_that_does_not_fit() {
    // The first turn moved to 5,5: touches nothing.
    let e = errors(&with_moves(&first_url(), |m| format!("6611{}", &m[4..])));
    assert_eq!(codes(&e), ["I206"]);
    assert!(e[0].message.contains("touches no tile"), "{e:?}");
    // Turned a quarter: H's field meets the start tile's city.
    let e = errors(&with_moves(&first_url(), |m| format!("12a2{}", &m[4..])));
    assert_eq!(codes(&e), ["I206"]);
    assert!(
        e[0].message
            .contains("its S edge is field, the neighbour's is city"),
        "{e:?}"
    );
}

#[test]
fn players_and_colours() {
    let url = first_url();
    let (head, _) = url.split_once('?').unwrap();
    let e = errors(head);
    assert_eq!(codes(&e), ["I208"]);
    let e = errors(&format!("{head}?colors=red,blue"));
    assert_eq!(codes(&e), ["I208"]);
    let e = errors(&format!("{head}?players=Ann"));
    assert_eq!(codes(&e), ["I208"]);
    let e = errors(&format!("{head}?players=Ann,Ann"));
    assert_eq!(codes(&e), ["I208"]);
    let e = errors(&format!("{head}?players=A%28nn,Bob"));
    assert_eq!(codes(&e), ["I208"]);
    let e = errors(&format!("{head}?players=Ann%2,Bob"));
    assert_eq!(codes(&e), ["I208"]);
    // Percent-encoded names; a colour CGN lacks is left out and kept in a comment.
    let r = import_url(&format!(
        "{head}?players=Ann%20Lee,B%C3%B6b&colors=purple,gray"
    ))
    .unwrap();
    assert_eq!(r.tag("Players").unwrap().value.value, "Ann Lee, Böb (grey)");
    let notes: Vec<&str> = r.turns[0]
        .comments_before
        .iter()
        .map(|c| c.value.text.as_str())
        .collect();
    assert_eq!(notes, ["the replay gives Ann Lee the colour \"purple\""]);
    assert_valid("names", &r);
}

#[test]
fn csv_faults_name_their_line() {
    let (r, e) = import_csv("Game ID,URL\n1,\"https://x/#/0/0\n");
    assert!(r.is_empty());
    assert_eq!(codes(&e), ["I209"]);
    assert_eq!(e[0].location, "line 2");
    let (r, e) = import_csv("Game ID,Link\n1,x\n");
    assert!(r.is_empty());
    assert_eq!(codes(&e), ["I209"]);
    let (r, e) = import_csv("");
    assert!(r.is_empty());
    assert_eq!(codes(&e), ["I209"]);
    // One good row, one bad URL, one short row: the good one imports.
    let good = first_url();
    let csv = format!(
        "Game ID,Round,URL\r\n7,\"R, \"\"1\"\"\",\"{good}\"\r\n8,R2,\"https://x/\"\r\n9,R3\r\n"
    );
    let (r, e) = import_csv(&csv);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].tag("Round").unwrap().value.value, "R, \"1\"");
    assert_eq!(r[0].tag("Source").unwrap().value.value, "bga 7");
    assert_eq!(codes(&e), ["I201", "I209"]);
    assert_eq!(e[0].location, "line 3, URL char 1");
    assert_eq!(e[1].location, "line 4");
}

#[test]
fn never_panics() {
    let url = first_url();
    let run = |u: &str| {
        let r = catch_unwind(AssertUnwindSafe(|| {
            let _ = import_url(u);
        }));
        assert!(r.is_ok(), "panicked on {u}");
    };
    // Every prefix.
    for (i, _) in url.char_indices() {
        run(&url[..i]);
    }
    // Every character replaced by a few others.
    let chars: Vec<char> = url.chars().collect();
    for i in 0..chars.len() {
        for c in ['0', 'z', '_', '%', '/', '?', '&', ',', 'é', '#'] {
            let mut m = chars.clone();
            m[i] = c;
            run(&m.into_iter().collect::<String>());
        }
    }
    never_panics_on_other_games_and_prefixes(&url, &common::data(SHIPPED_CSV));
}

/// The same with the 50 real replays: the first URL with the turns of each, and
/// the table's prefixes.
#[test]
fn never_panics_on_the_fifty_replays() {
    let Some(csv) = fifty() else { return };
    never_panics_on_other_games_and_prefixes(&first_url(), &csv);
}

/// Never a panic on a URL with the turns of each game of a table, nor on the
/// table's prefixes.
fn never_panics_on_other_games_and_prefixes(url: &str, csv: &str) {
    let run = |u: &str| {
        let r = catch_unwind(AssertUnwindSafe(|| {
            let _ = import_url(u);
        }));
        assert!(r.is_ok(), "panicked on {u}");
    };
    // Every URL with the turns of another game.
    let all = urls_of(csv);
    assert!(!all.is_empty());
    for a in &all {
        let (_, moves_a) = a.split_once('?').unwrap().0.rsplit_once('/').unwrap();
        run(&with_moves(url, |_| moves_a.to_string()));
    }
    // CSV prefixes.
    for (i, _) in csv.char_indices().filter(|(i, _)| i % 97 == 0) {
        let r = catch_unwind(AssertUnwindSafe(|| {
            let _ = import_csv(&csv[..i]);
        }));
        assert!(r.is_ok(), "CSV prefix {i} panicked");
    }
}
