#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Every importer writes a record `carcref check` reads back, or refuses the
//! input with an I-code naming the field: a tag value holding a control
//! character (a line feed would end the tag's line; the tag-value grammar
//! escapes only `"` and `\`, SPEC 2.3) or too long for a line (`E110`, SPEC
//! 2.1), an empty pack (`E214`), a note too long for a line. A note's
//! control characters are written as escapes, a comment having no meaning.
//! Hostile edits of the shipped inputs of each format.

mod common;

use carcref::import::{Format, ImportError};
use carcref::notation::{GameRecord, MAX_LINE};
use carcref::{TileCatalog, check};
use serde_json::Value;

fn shipped(path: &str) -> String {
    std::fs::read_to_string(common::data_path(path)).unwrap()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&shipped(path)).unwrap()
}

/// The record as `carcref import` writes it.
fn written(record: &GameRecord) -> String {
    let mut out = String::new();
    carcref::import::write_game(&mut out, record);
    out
}

/// Imports one input, which must give one record and no fault: the record as
/// written, which `check` reads back with none of the faults of reading (no
/// `E1xx`) and no line longer than a line may be.
fn reads_back(format: Format, input: &str) -> String {
    let (records, faults) = format.import(input);
    assert!(faults.is_empty(), "{faults:?}");
    let [record] = records.as_slice() else {
        panic!("{} records", records.len());
    };
    let cgn = written(record);
    assert!(cgn.lines().all(|l| l.len() <= MAX_LINE));
    let outcome = check("imported.cgn", &cgn, &TileCatalog::embedded().unwrap());
    let codes: Vec<String> = outcome.games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .filter(|c| c.starts_with("E1"))
        .collect();
    assert!(codes.is_empty(), "{codes:?}\n{cgn}");
    cgn
}

/// Imports one input, which must be refused: its faults.
fn refused(format: Format, input: &str) -> Vec<ImportError> {
    let (records, faults) = format.import(input);
    assert!(records.is_empty(), "{}", written(&records[0]));
    assert!(!faults.is_empty());
    faults
}

/// Whether a fault of `code` at `location` says `what`.
fn has(faults: &[ImportError], code: &str, location: &str, what: &str) -> bool {
    faults
        .iter()
        .any(|e| e.code == code && e.location == location && e.message.contains(what))
}

#[test]
fn jcz_values_the_record_cannot_hold_are_refused_by_field() {
    let save = json("jcz/hig2012-two-players.jcz");
    let with = |key: &str, value: Value| {
        let mut s = save.clone();
        s[key] = value;
        s.to_string()
    };
    // A save name with a line feed or a NUL: the Event tag.
    for name in ["Club\nnight", "Club\u{0}night", "Club\rnight"] {
        let e = refused(Format::Jcz, &with("name", name.into()));
        assert!(has(&e, "I404", "name", "control character"), "{e:?}");
    }
    // A game id too long for the Source tag's line; one byte shorter fits.
    // `[Source "jcz …"]` is 15 bytes and the id.
    let fits = MAX_LINE - 15;
    let e = refused(Format::Jcz, &with("gameId", "g".repeat(fits + 1).into()));
    assert!(has(&e, "I404", "gameId", "E110"), "{e:?}");
    let cgn = reads_back(Format::Jcz, &with("gameId", "g".repeat(fits).into()));
    assert!(cgn.lines().any(|l| l.len() == MAX_LINE));
    // A line feed in the game id.
    let e = refused(Format::Jcz, &with("gameId", "a\nb".into()));
    assert!(has(&e, "I404", "gameId", "control character"), "{e:?}");
    // Every fault of the tags at once.
    let mut s = save.clone();
    s["name"] = "a\nb".into();
    s["gameId"] = "c\u{0}d".into();
    let e = refused(Format::Jcz, &s.to_string());
    assert!(has(&e, "I404", "name", "Event") && has(&e, "I404", "gameId", "Source"));
    // Quotes and backslashes are escaped, and read back as they were.
    let cgn = reads_back(Format::Jcz, &with("name", "say \"hi\" \\o/ ✓".into()));
    assert!(cgn.contains("[Event \"say \\\"hi\\\" \\\\o/ ✓\"]"), "{cgn}");
    let parsed = carcref::parse(&cgn);
    let event = parsed[0]
        .record
        .tags
        .iter()
        .find(|t| t.name.value == "Event")
        .unwrap();
    assert_eq!(event.value.value.as_str(), "say \"hi\" \\o/ ✓");
}

#[test]
fn a_jcz_scenario_with_an_empty_pack_is_refused() {
    let mut s = json("jcz/scenario-discard.jcz");
    s["gameAnnotations"]["drawOrder"] = Value::Array(Vec::new());
    let e = refused(Format::Jcz, &s.to_string());
    assert!(
        has(&e, "I404", "gameAnnotations.drawOrder", "no tile"),
        "{e:?}"
    );
    // A scenario's description is its Event.
    let mut s = json("jcz/scenario-discard.jcz");
    s["test"]["description"] = "two\nlines".into();
    let e = refused(Format::Jcz, &s.to_string());
    assert!(has(&e, "I404", "test.description", "Event"), "{e:?}");
}

#[test]
fn bga_values_the_record_cannot_hold_are_refused_by_field() {
    let log = json("bga/366166200.json");
    for table in ["366\n166200".to_string(), "9".repeat(MAX_LINE)] {
        let mut l = log.clone();
        l["data"]["data"][0]["table_id"] = table.into();
        let e = refused(Format::Bga, &l.to_string());
        assert!(has(&e, "I104", "data.data[0].table_id", "Event"), "{e:?}");
    }
    // The shipped log reads back.
    reads_back(Format::Bga, &log.to_string());
}

#[test]
fn lab_values_the_record_cannot_hold_are_refused_by_column() {
    let table = shipped("lab/bga-logs-repacked.csv");
    let mut lines = table.lines();
    let header = lines.next().unwrap();
    let row = lines.next().unwrap();
    // Game ID, Tournament, Edition, …: a quoted field may hold a line break.
    let rest = row.split_once(",,,").unwrap().1;
    let id = row.split(',').next().unwrap();
    let hostile = format!("{header}\n{id},\"Open\nCup\",,{rest}\n");
    let e = refused(Format::Lab, &hostile);
    assert!(
        has(
            &e,
            "I209",
            "line 2, Tournament, Edition",
            "control character"
        ),
        "{e:?}"
    );
    // A round too long for its tag's line.
    let long = format!("{header}\n{id},,,{},{}\n", "9".repeat(MAX_LINE), &rest[1..]);
    let e = refused(Format::Lab, &long);
    assert!(has(&e, "I209", "line 2, Round", "E110"), "{e:?}");
    // A note (the table's date, kept in a comment) holding a control
    // character is written with its escape, and the record reads back.
    let date = "2023-04-12T08:55:01.000Z";
    assert!(row.contains(date));
    let noted = format!("{header}\n{}\n", row.replace(date, "2023-04-12\u{7}"));
    let cgn = reads_back(Format::Lab, &noted);
    assert!(cgn.contains("\n; table date 2023-04-12\\u{7}\n"), "{cgn}");
    // A note too long for a line: the table's name of a player, kept in a
    // comment where it differs from the replay's.
    let listed = format!(
        "{header}\n{}\n",
        row.replacen(",KokiYamaguchi,", &format!(",{},", "K".repeat(MAX_LINE)), 1)
    );
    let e = refused(Format::Lab, &listed);
    assert!(has(&e, "I209", "line 2, the record", "E110"), "{e:?}");
}

#[test]
fn kifu_values_the_record_cannot_hold_are_refused_by_field() {
    let sheet = json("kifu/hig2012-two-players.json");
    for title in ["final\n2015".to_string(), "t".repeat(MAX_LINE)] {
        let mut s = sheet.clone();
        s["info"]["title"] = title.into();
        let e = refused(Format::Kifu, &s.to_string());
        assert!(has(&e, "I302", "info.title", "Event"), "{e:?}");
    }
    reads_back(Format::Kifu, &sheet.to_string());
}

#[test]
fn the_import_command_refuses_with_the_code_and_exit_1() {
    let mut save = json("jcz/hig2012-two-players.jcz");
    save["name"] = "Club\nnight".into();
    let dir = std::env::temp_dir().join(format!("carcref-import-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("save.jcz"), save.to_string()).unwrap();
    let (code, out, err) = common::run_carcref(&dir, &["import", "jcz", "save.jcz"], b"");
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("I404") && err.contains("(at name)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_value_is_measured_as_written_with_its_escapes() {
    // Each `"` is written `\"`: a value of quotes fits while its escaped
    // line does.
    let save = json("jcz/hig2012-two-players.jcz");
    // `[Event "…"]` is 10 bytes and the value, each quote two.
    let fits = (MAX_LINE - 10) / 2;
    let mut s = save.clone();
    s["name"] = "\"".repeat(fits).into();
    let cgn = reads_back(Format::Jcz, &s.to_string());
    assert!(cgn.lines().any(|l| l.len() == MAX_LINE));
    s["name"] = "\"".repeat(fits + 1).into();
    let e = refused(Format::Jcz, &s.to_string());
    assert!(has(&e, "I404", "name", "E110"), "{e:?}");
}
