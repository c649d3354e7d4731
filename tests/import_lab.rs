#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The Carcassonne Lab importer: the 50 replays of `shared/records/lab/games.csv`
//! import and pass the referee; malformed URLs and tables give coded errors.

use std::path::PathBuf;

use carcref::import::lab::{import_csv, import_url};
use carcref::notation::GameRecord;
use carcref::{TileCatalog, check};

fn shared(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/records")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn text(record: &GameRecord) -> String {
    carcref::notation::write::write(std::slice::from_ref(record))
}

fn assert_valid(name: &str, record: &GameRecord) {
    let text = text(record);
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check(name, &text, &catalog);
    assert!(
        !outcome.has_errors(),
        "{name}:\n{}\n{text}",
        carcref::report::render_diagnostics(&outcome, &Default::default())
    );
}

#[test]
fn all_fifty_replays_import_and_pass_the_referee() {
    let (records, errors) = import_csv(&shared("lab/games.csv"));
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(records.len(), 50);
    for r in &records {
        let name = r
            .tag("Source")
            .map_or("?".to_string(), |t| t.value.value.clone());
        assert_valid(&name, r);
    }
}

#[test]
#[ignore]
fn dump() {
    let (records, _) = import_csv(&shared("lab/games.csv"));
    let all = carcref::notation::write::write(&records);
    std::fs::write("/tmp/labproto/out/all.cgn", all).unwrap();
}

#[test]
#[ignore]
fn dump_bga() {
    let urls = std::fs::read_to_string("/tmp/labproto/bga_urls.txt").unwrap();
    for (i, u) in urls.lines().enumerate() {
        let r = import_url(u).unwrap_or_else(|e| panic!("{e:#?}"));
        std::fs::write(format!("/tmp/labproto/out/bga{i}.cgn"), text(&r)).unwrap();
    }
}
