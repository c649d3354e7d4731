//! Helpers shared by the integration tests.
#![allow(dead_code, clippy::panic, clippy::indexing_slicing)]

pub mod jcz;
pub mod kifu;
pub mod lab;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

/// The codes a fixture declares on its first line: `; expect: E301 W101` or
/// `; expect: ok` (no codes).
pub fn expected_codes(src: &str) -> BTreeSet<String> {
    let first = src.lines().next().unwrap_or("");
    let list = first
        .strip_prefix("; expect:")
        .unwrap_or_else(|| panic!("fixture must start with `; expect: …`, found {first:?}"));
    list.split_whitespace()
        .filter(|c| *c != "ok")
        .map(str::to_string)
        .collect()
}

/// The tile sets of one's own a fixture declares on the lines right after its
/// `; expect:` line, each `; tiles: PATH` (relative to the fixture's folder), as
/// `carcref --tiles PATH` gives them (SPEC 7).
pub fn declared_tiles(src: &str) -> Vec<String> {
    src.lines()
        .skip(1)
        .map_while(|l| l.strip_prefix("; tiles:"))
        .map(|p| p.trim().to_string())
        .collect()
}

/// Asserts a diagnostic span lies inside the text it points into and on character
/// boundaries.
pub fn assert_inside(src: &str, span: carcref::notation::Span, what: &str) {
    assert!(
        span.start <= span.end && span.end <= src.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        src.len()
    );
    assert!(
        src.is_char_boundary(span.start) && src.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

/// The text of a file shipped with the tests (`tests/data/PATH`).
pub fn data(path: &str) -> String {
    let p = data_path(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The path of a file shipped with the tests (`tests/data/PATH`).
pub fn data_path(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// The path of `../shared/PATH`, the material beside the project that cannot be
/// shipped with it, if it is there. If it is not, says on standard error that the
/// running test is skipped and why (`why`: why the file is not shipped), and
/// gives `None`: the test then returns without checking anything.
///
/// The message is written to the standard error handle itself, which the test
/// harness does not capture, so that a skip shows in the output of a passing
/// run.
pub fn shared_path_or_skip(path: &str, why: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    if p.exists() {
        return Some(p);
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(
        std::io::stderr(),
        "skipped {test}: ../shared/{path} is absent ({why})"
    );
    None
}

/// The text of `../shared/PATH` if it is there; otherwise the skip of
/// [`shared_path_or_skip`].
pub fn shared_or_skip(path: &str, why: &str) -> Option<String> {
    let p = shared_path_or_skip(path, why)?;
    Some(std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
}

/// Asserts that a shipped file holds the text it is made from, naming the first
/// line that differs.
pub fn assert_same_text(file: &str, want: &str, made_from: &str) {
    let got = data(file);
    if got == want {
        return;
    }
    let line = got
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
    panic!(
        "tests/data/{file} is not {made_from}: line {} is {:?}, should be {:?} \
         (CARCREF_UPDATE_DATA=1 writes it anew)",
        line + 1,
        got.lines().nth(line).unwrap_or("(the end)"),
        want.lines().nth(line).unwrap_or("(the end)"),
    );
}

/// Runs the binary in `dir` with `args` (colour off) and `stdin` written to
/// it from another thread (the command may stop reading early: a closed pipe
/// is fine). Its exit code, standard output and standard error.
pub fn run_carcref(dir: &std::path::Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never"])
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("carcref does not start: {e}"));
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("carcref did not end: {e}"));
    let _ = writer.join();
    (
        out.status
            .code()
            .unwrap_or_else(|| panic!("carcref was killed by a signal")),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Each player's points, in seat order, after the turns `..=turn` of a checked
/// game (its first): the scorings of those turns added up, none of the final
/// scoring. What the record of the game stopped after that turn must score.
pub fn points_after_turn(outcome: &carcref::Outcome, turn: u32) -> Vec<(String, u32)> {
    let replay = outcome.games.first().unwrap().replay.as_ref().unwrap();
    replay
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let player = carcref::Player(u8::try_from(i).unwrap());
            let points = replay
                .events
                .iter()
                .filter(|e| e.turn.is_some_and(|t| t <= turn))
                .map(|e| e.points_for(player))
                .sum();
            (name.clone(), points)
        })
        .collect()
}

/// Each player's points, in seat order, as a checked game (its first) scores.
pub fn points(outcome: &carcref::Outcome) -> Vec<(String, u32)> {
    let score = outcome.games.first().unwrap().score().unwrap();
    score
        .players
        .iter()
        .cloned()
        .zip(score.totals.iter().copied())
        .collect()
}

/// The start of a turn line for a placement of a `moves --format json`
/// listing: `turn. Player Tile x,y rN`, for its actions to follow.
pub fn placement_head(doc: &serde_json::Value, turn: u32, placement: &serde_json::Value) -> String {
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    format!(
        "{turn}. {} {} {} {}",
        text(&doc["player"]),
        text(&doc["tile"]),
        text(&placement["at"]),
        text(&placement["rotation"])
    )
}

/// The placement of a `moves --format json` listing at a square and
/// rotation, if it is listed.
pub fn listed_placement(
    doc: &serde_json::Value,
    pos: carcref::Pos,
    rotation: carcref::tiles::Rotation,
) -> Option<&serde_json::Value> {
    doc["placements"]
        .as_array()?
        .iter()
        .find(|p| p["at"] == pos.to_string() && p["rotation"] == rotation.to_string())
}

/// The game after the turns of the record `src` (one game), every one legal:
/// a test's position, played through the engine as the referee plays it.
pub fn position<'c>(src: &str, catalog: &'c carcref::TileCatalog) -> carcref::Game<'c> {
    let parsed = carcref::parse(src);
    assert!(
        parsed[0].diagnostics.is_empty(),
        "{:?}",
        parsed[0].diagnostics
    );
    let record = &parsed[0].record;
    let (header, faults) = carcref::header::Header::read(record);
    assert!(faults.is_empty(), "{faults:?}");
    let mut game = carcref::Game::new(header.unwrap().setup(), catalog);
    for turn in &record.turns {
        game.play(turn)
            .unwrap_or_else(|v| panic!("turn {}: {v:?}", turn.number.value));
    }
    game
}

/// Checks the record `src` (one game): its error codes but `W101` (the turns
/// after a fault), and its final totals.
pub fn codes_and_totals(src: &str) -> (Vec<String>, Vec<u32>) {
    let catalog = carcref::TileCatalog::embedded().unwrap();
    let outcome = carcref::check("game.cgn", src, &catalog);
    let game = &outcome.games[0];
    let codes = game
        .diagnostics
        .iter()
        .map(|d| d.code())
        .filter(|c| c != "W101")
        .collect();
    let totals = game.score().map(|s| s.totals.clone()).unwrap_or_default();
    (codes, totals)
}

/// The `.cgn` files of a folder, sorted by path.
pub fn cgn_files(dir: impl AsRef<std::path::Path>) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgn"))
        .collect();
    paths.sort();
    paths
}
