#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every command reads files, folders, standard input and gzip-compressed
//! records alike: `check`, `score`, `show`, `moves`, `fix`, `fmt`, `stats`
//! and `find`, each on a folder holding a plain and a compressed record, on
//! the compressed record named alone, and on it piped in.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carcref runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// A folder with `a.cgn` (two generated games) and `b.cgn.gz` (the example
/// record, compressed).
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcref-inputs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (_, games, _) = run(&["gen", "--seed", "4", "--games", "2"], b"");
    std::fs::write(dir.join("a.cgn"), games).unwrap();
    let ok = std::fs::read("tests/data/ok.cgn").unwrap();
    std::fs::write(dir.join("b.cgn.gz"), gz(&ok)).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn check_score_and_fmt_read_folders_compressed_files_and_piped_gzip() {
    let dir = folder("check");
    let d = s(&dir);
    let gzfile = dir.join("b.cgn.gz");
    let compressed = std::fs::read(&gzfile).unwrap();
    let (code, out, err) = run(&["check", d], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("checked 3 games in 2 files: 3 valid"), "{out}");
    let (code, out, _) = run(&["check", "-"], &compressed);
    assert_eq!(code, 0);
    assert!(out.contains("checked 1 game in 1 file: 1 valid"), "{out}");
    let (code, out, _) = run(&["score", "--format", "json", d], b"");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
    let (code, out, _) = run(&["score", "--format", "json", s(&gzfile)], b"");
    assert_eq!(code, 0);
    assert!(out.contains("\"totals\":{\"Ann\":4,\"Bob\":3}"), "{out}");
    let (code, out, _) = run(&["score", "-"], &compressed);
    assert_eq!(code, 0);
    assert!(out.contains("Ann claimed +4/4"), "{out}");
    // fmt reads them, and a compressed file rewritten stays compressed.
    let (code, _, err) = run(&["fmt", "--check", d], b"");
    assert!(code <= 1, "{err}");
    let (code, _, err) = run(&["fmt", d], b"");
    assert_eq!(code, 0, "{err}");
    let rewritten = std::fs::read(&gzfile).unwrap();
    assert_eq!(&rewritten[..2], &[0x1f, 0x8b]);
    let (code, _, err) = run(&["fmt", "--check", d], b"");
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = run(&["fmt", "-"], &compressed);
    assert_eq!(code, 0);
    assert!(out.contains("[Players \"Ann (red), Bob (blue)\"]"), "{out}");
    // A file named .gz that is not gzip data is refused, as import refuses it.
    std::fs::write(dir.join("c.cgn.gz"), "[Players \"A, B\"]\n").unwrap();
    let (code, _, err) = run(&["check", s(&dir.join("c.cgn.gz"))], b"");
    assert_eq!(code, 2);
    assert!(err.contains("named .gz, but not gzip-compressed"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_moves_and_fix_read_folders_and_compressed_files() {
    let dir = folder("show");
    let d = s(&dir);
    let gzfile = dir.join("b.cgn.gz");
    // A folder's games are numbered one after another, file by file.
    let (code, third, err) = run(&["show", "--format", "json", d, "--game", "3"], b"");
    assert_eq!(code, 0, "{err}");
    let (_, direct, _) = run(&["show", "--format", "json", s(&gzfile)], b"");
    assert_eq!(
        third.replace(s(&gzfile), "F"),
        direct.replace(s(&gzfile), "F")
    );
    let (code, _, err) = run(&["show", d, "--game", "4"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("has 3 games; there is no game 4"), "{err}");
    let (code, out, err) = run(&["moves", s(&gzfile), "--turn", "2"], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal placements"), "{out}");
    let (code, out, _) = run(&["moves", d, "--game", "3", "--turn", "2"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("legal placements"), "{out}");
    let (code, _, err) = run(&["fix", d], b"");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["fix", "-"], &std::fs::read(&gzfile).unwrap());
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fix_apply_keeps_a_compressed_file_compressed() {
    let dir = folder("fix");
    let bad = std::fs::read("tests/data/illegal-turn-42.cgn").unwrap();
    let file = dir.join("slip.cgn.gz");
    std::fs::write(&file, gz(&bad)).unwrap();
    let (_, out, err) = run(&["fix", "--apply", s(&file)], b"");
    let written = std::fs::read(&file).unwrap();
    assert_eq!(&written[..2], &[0x1f, 0x8b], "{out}{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_and_find_read_folders_and_compressed_input() {
    let dir = folder("stats");
    let d = s(&dir);
    let (code, out, err) = run(&["stats", "--format", "json", d], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"games\":3"), "{out}");
    let compressed = std::fs::read(dir.join("b.cgn.gz")).unwrap();
    let (code, out, _) = run(&["stats", "--format", "json", "-"], &compressed);
    assert_eq!(code, 0);
    assert!(out.contains("\"games\":1"), "{out}");
    let (code, out, _) = run(&["find", d, "--count"], b"");
    assert_eq!(code, 0);
    assert_eq!(out, "3\n");
    let (code, out, _) = run(&["find", "-", "--player", "Ann", "--list"], &compressed);
    assert_eq!(code, 0);
    assert_eq!(out, "-:1\n");
    let _ = std::fs::remove_dir_all(&dir);
}
