#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every command that reads records reads them a game at a time: it answers
//! for a game before the input after it has been written. Each test feeds the
//! binary through a pipe, writes one game and a line of the next, and waits
//! for the answer before writing the rest: a command that read its whole input
//! first would never answer, and the test would fail on its deadline. (So
//! archives of any size are checked, scored and formatted in the memory of one
//! game; PERFORMANCE.md gives the figures.)

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const GAME: &str = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Result \"Ann 4, Bob 3\"]\n[Termination \"adjudicated\"]\n\n1. Ann E 0,1 r180 +S =Ann+4/4\n2. Bob U 1,0 r0 +E\n3. Ann U -1,0 r0\n";

/// How long a command may take to answer for the first game.
const DEADLINE: Duration = Duration::from_secs(60);

/// Starts the binary with `args`, writes `first` and the first line of a
/// second game into its standard input, and returns the first line it writes
/// to `stream` ("out" or "err") while the rest of the input is held back;
/// then writes the rest and returns the exit code.
fn answers_before_the_rest(args: &[&str], first: &str, stream: &str) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let (reader, other): (Box<dyn Read + Send>, Box<dyn Read + Send>) = if stream == "out" {
        (
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        )
    } else {
        (
            Box::new(child.stderr.take().unwrap()),
            Box::new(child.stdout.take().unwrap()),
        )
    };
    let (tx, rx) = mpsc::channel();
    let lines = std::thread::spawn(move || {
        for line in BufReader::new(reader).lines() {
            let _ = tx.send(line.unwrap());
        }
    });
    let drain = std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = BufReader::new(other).read_to_end(&mut rest);
    });
    // A second game's first tag line tells that the first game has ended.
    input
        .write_all(format!("{first}\n[Players \"Ann, Bob\"]\n").as_bytes())
        .unwrap();
    input.flush().unwrap();
    let answer = rx
        .recv_timeout(DEADLINE)
        .unwrap_or_else(|_| panic!("{args:?}: no answer before the rest of the input"));
    // The rest, written only now.
    let _ = input
        .write_all(b"[Rules \"HiG-2012\"]\n[Termination \"interrupted\"]\n\n1. Ann E 0,1 r180\n");
    drop(input);
    let code = child.wait().unwrap().code().unwrap();
    lines.join().unwrap();
    drain.join().unwrap();
    (answer, code)
}

#[test]
fn check_answers_a_game_at_a_time() {
    // A faulty first game is reported while the input is still open.
    let bad = GAME.replace("r180 +S", "r90 +S");
    let (first, code) = answers_before_the_rest(&["check", "--format", "short", "-"], &bad, "out");
    assert!(first.starts_with("-:6:"), "{first}");
    assert_eq!(code, 1);
}

#[test]
fn score_answers_a_game_at_a_time() {
    let (first, code) = answers_before_the_rest(&["score", "--format", "json", "-"], GAME, "out");
    assert!(
        first.starts_with("{\"version\":1,\"file\":\"-\",\"game\":1,"),
        "{first}"
    );
    assert!(
        first.contains("\"totals\":{\"Ann\":4,\"Bob\":3}"),
        "{first}"
    );
    assert_eq!(code, 0);
}

#[test]
fn fmt_answers_a_game_at_a_time() {
    let (first, code) = answers_before_the_rest(&["fmt", "-"], GAME, "out");
    assert_eq!(first, "[Players \"Ann (red), Bob (blue)\"]");
    assert_eq!(code, 0);
    // fmt --check reports a faulty game as it reads it.
    let bad = GAME.replace("r180", "r45");
    let (first, code) = answers_before_the_rest(&["fmt", "--check", "-"], &bad, "err");
    assert_eq!(first, "E104");
    assert_eq!(code, 1);
}

#[test]
fn show_and_moves_read_no_further_than_their_game() {
    let (first, code) = answers_before_the_rest(&["show", "--game", "1", "-"], GAME, "out");
    assert!(!first.is_empty());
    assert_eq!(code, 0);
    let (first, code) = answers_before_the_rest(&["moves", "--turn", "3", "-"], GAME, "out");
    assert!(first.starts_with("turn 3: Ann draws U"), "{first}");
    assert_eq!(code, 0);
}
