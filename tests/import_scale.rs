#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! `carcref import` at scale: several files and folders, gzip-compressed
//! input, a bad file named and passed over, and output in canonical form.

mod common;

use std::io::Write as _;
use std::path::{Path, PathBuf};

use carcref::import::Format;
use common::run_carcref;
use flate2::Compression;
use flate2::write::GzEncoder;

/// Each format, the folder of `tests/data` holding its shipped inputs, and how
/// many games they hold.
const SHIPPED: [(&str, Format, &str, usize); 4] = [
    ("bga", Format::Bga, "bga", 3),
    ("lab", Format::Lab, "lab", 3),
    ("kifu", Format::Kifu, "kifu", 1),
    ("jcz", Format::Jcz, "jcz", 10),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("carcref-import-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn shipped(path: &str) -> Vec<u8> {
    std::fs::read(common::data_path(path)).unwrap()
}

/// What `carcref import` writes of every shipped input, folder by folder,
/// passes `carcref fmt --check` and `carcref check`.
#[test]
fn the_import_of_every_shipped_input_is_canonical() {
    for (kind, _, folder, games) in SHIPPED {
        let dir = format!("tests/data/{folder}");
        let (code, cgn, err) = run_carcref(root(), &["import", kind, &dir], b"");
        assert_eq!(code, 0, "{kind}: {err}");
        assert!(err.is_empty(), "{kind}: {err}");
        assert_eq!(cgn.matches("[Players ").count(), games, "{kind}: {cgn}");
        let (code, out, err) = run_carcref(root(), &["fmt", "--check", "-"], cgn.as_bytes());
        assert_eq!(code, 0, "{kind}: not canonical: {out}{err}");
        let (code, out, err) = run_carcref(root(), &["check", "-"], cgn.as_bytes());
        assert_eq!(code, 0, "{kind}: {out}{err}");
    }
}

/// The importers themselves give records in canonical form (each follower's
/// spot by the first name of its feature), as library users write them.
#[test]
fn the_importers_give_canonical_records() {
    let catalog = carcref::TileCatalog::embedded().unwrap();
    for (kind, format, folder, _) in SHIPPED {
        let mut files: Vec<PathBuf> = std::fs::read_dir(common::data_path(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                format
                    .suffixes()
                    .iter()
                    .any(|s| name.ends_with(&format!(".{s}")))
            })
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{kind}");
        for file in files {
            let (records, errors) = format.import(&std::fs::read_to_string(&file).unwrap());
            assert!(errors.is_empty(), "{}: {errors:?}", file.display());
            for record in &records {
                let written = carcref::notation::write::write(std::slice::from_ref(record));
                let canonical =
                    carcref::notation::write::write(&[carcref::notation::write::canonical_with(
                        record, &catalog,
                    )]);
                assert_eq!(written, canonical, "{}", file.display());
            }
        }
    }
}

/// A folder of mixed inputs (a log, a gzip-compressed log in a sub-folder, a
/// broken log, a file of another kind) beside a file named on the command
/// line: the good ones are imported, in order, the bad one is named, and the
/// run exits 1.
#[test]
fn a_folder_of_mixed_inputs_imports_the_good_and_names_the_bad() {
    let scratch = Scratch::new("mixed");
    let dir = &scratch.0;
    std::fs::create_dir_all(dir.join("logs/more")).unwrap();
    std::fs::write(dir.join("logs/a.json"), shipped("bga/366166200.json")).unwrap();
    std::fs::write(
        dir.join("logs/b-broken.json"),
        "{\"status\": 1, \"data\": {",
    )
    .unwrap();
    std::fs::write(
        dir.join("logs/more/c.json.gz"),
        gz(&shipped("bga/368679629.json")),
    )
    .unwrap();
    std::fs::write(dir.join("logs/notes.txt"), "not a log").unwrap();
    std::fs::write(dir.join("z.json.gz"), gz(&shipped("bga/370417702.json"))).unwrap();
    let (code, cgn, err) = run_carcref(dir, &["import", "bga", "logs", "z.json.gz"], b"");
    assert_eq!(code, 1, "{err}");
    // The bad file is named, with its fault's code; the others are not.
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error[I101]: logs/b-broken.json: not JSON"),
        "{err}"
    );
    // The good ones, in the order found: the folder sorted, depth first.
    let tables: Vec<&str> = cgn
        .lines()
        .filter_map(|l| l.strip_prefix("[Source \"bga "))
        .collect();
    assert_eq!(
        tables,
        ["366166200\"]", "368679629\"]", "370417702\"]"],
        "{cgn}"
    );
    let (code, out, err) = run_carcref(dir, &["fmt", "--check", "-"], cgn.as_bytes());
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run_carcref(dir, &["check", "-"], cgn.as_bytes());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("checked 3 games"), "{out}");
}

/// Every other kind takes several files, folders and gzip-compressed files,
/// and gives the same records as from the plain files one at a time.
#[test]
fn every_format_takes_several_files_and_compressed_ones() {
    let scratch = Scratch::new("formats");
    let dir = &scratch.0;
    for (kind, _, folder, games) in SHIPPED {
        let sub = dir.join(kind);
        std::fs::create_dir_all(&sub).unwrap();
        let mut names = Vec::new();
        let mut plain_args = Vec::new();
        for entry in std::fs::read_dir(common::data_path(folder)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".md") || name.ends_with(".txt") {
                continue;
            }
            plain_args.push(path.to_string_lossy().into_owned());
            std::fs::write(
                sub.join(format!("{name}.gz")),
                gz(&std::fs::read(&path).unwrap()),
            )
            .unwrap();
            names.push(format!("{kind}/{name}.gz"));
        }
        names.sort();
        plain_args.sort();
        let args: Vec<&str> = ["import", kind]
            .into_iter()
            .chain(names.iter().map(String::as_str))
            .collect();
        let (code, from_gz, err) = run_carcref(dir, &args, b"");
        assert_eq!(code, 0, "{kind}: {err}");
        assert_eq!(from_gz.matches("[Players ").count(), games, "{kind}");
        let args: Vec<&str> = ["import", kind]
            .into_iter()
            .chain(plain_args.iter().map(String::as_str))
            .collect();
        let (code, plain, err) = run_carcref(dir, &args, b"");
        assert_eq!(code, 0, "{kind}: {err}");
        assert_eq!(from_gz, plain, "{kind}");
        // The folder gives the same, and standard input may be compressed.
        let (code, from_folder, _) = run_carcref(dir, &["import", kind, kind], b"");
        assert_eq!((code, &from_folder), (0, &plain), "{kind}");
        let first = std::fs::read(dir.join(&names[0])).unwrap();
        let (code, from_stdin, err) = run_carcref(dir, &["import", kind, "-"], &first);
        assert_eq!(code, 0, "{kind}: {err}");
        assert!(
            from_stdin.starts_with("[CGN \"1\"]"),
            "{kind}: {from_stdin:.80}"
        );
    }
}

/// A corrupt or cut gzip file, a `.gz` that is not compressed and a missing
/// file are each named; the other inputs are imported, and the run exits 2 as
/// for any input that cannot be read.
#[test]
fn unreadable_inputs_are_named_and_passed_over() {
    let scratch = Scratch::new("unreadable");
    let dir = &scratch.0;
    let log = gz(&shipped("kifu/hig2012-two-players.json"));
    std::fs::write(dir.join("cut.json.gz"), &log[..log.len() / 2]).unwrap();
    std::fs::write(
        dir.join("plain.json.gz"),
        shipped("kifu/hig2012-two-players.json"),
    )
    .unwrap();
    std::fs::write(dir.join("good.json.gz"), &log).unwrap();
    let (code, cgn, err) = run_carcref(
        dir,
        &[
            "import",
            "kifu",
            "cut.json.gz",
            "missing.json",
            "plain.json.gz",
            "good.json.gz",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("error: missing.json: "), "{err}");
    assert!(
        lines[1].starts_with("error: cut.json.gz: corrupt gzip data"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("error: plain.json.gz: named .gz, but not gzip-compressed"),
        "{err}"
    );
    assert_eq!(cgn.matches("[Players ").count(), 1, "{cgn}");
}

/// A folder with no file of the format is named, and the run exits 2, as
/// for an input that cannot be read (README): there is nothing to import.
#[test]
fn a_folder_without_inputs_of_the_format_fails() {
    let (code, out, err) = run_carcref(root(), &["import", "jcz", "tests/data/bga"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert_eq!(
        err,
        "warning: tests/data/bga: no .jcz or .jcz.gz file found\n"
    );
}

/// Carcassonne Lab takes URLs and tables mixed, in the order given.
#[test]
fn lab_takes_urls_and_tables_in_order() {
    let scratch = Scratch::new("lab");
    let dir = &scratch.0;
    let table = String::from_utf8(shipped("lab/bga-logs-repacked.csv")).unwrap();
    std::fs::write(dir.join("games.csv.gz"), gz(table.as_bytes())).unwrap();
    // The first row's URL: the last field, quoted (it holds commas).
    let url = table
        .lines()
        .nth(1)
        .and_then(|row| row.split_once(",\""))
        .map(|(_, url)| url.trim_end_matches('"').to_string())
        .unwrap();
    assert!(url.contains("#/") && url.contains("players="), "{url}");
    let (code, cgn, err) = run_carcref(
        dir,
        &["import", "lab", &url, "games.csv.gz", "https://x/#/0/0/%/y"],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(cgn.matches("[Players ").count(), 4, "{cgn}");
    assert!(
        err.lines()
            .all(|l| l.starts_with("error[I2") && l.contains(": https://x/#/0/0/%/y: ")),
        "{err}"
    );
    let (code, out, err) = run_carcref(dir, &["fmt", "--check", "-"], cgn.as_bytes());
    assert_eq!(code, 0, "{out}{err}");
}
