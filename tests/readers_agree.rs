#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The quick reader and the grammar agree on what is clean (`readers/mod.rs`):
//! on every record under `notation/`, with and without its comment lines;
//! on generated games of every expansion, written in version 1 where they can
//! be and in version 2; and on each of these with one byte changed here and
//! there, so that the quick reader's every way of giving up is reached next to
//! what it reads.

mod readers;

use std::path::{Path, PathBuf};

use carcref::expansion::{Expansion, Expansions};
use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::{Edition, TileCatalog};
use readers::{Reached, agree};

fn cgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            cgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "cgn") {
            out.push(p);
        }
    }
}

fn without_comment_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| !l.trim_start().starts_with(';'))
        .collect()
}

/// The records under `notation/`, each as lossy UTF-8.
fn records() -> Vec<String> {
    let mut files = Vec::new();
    cgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("notation"),
        &mut files,
    );
    assert!(files.len() > 100, "found only {} records", files.len());
    files
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
        .collect()
}

/// Generated games: the basic game under each edition, each expansion alone,
/// and every expansion at once, 2 to 5 players.
fn generated() -> Vec<String> {
    let catalog = TileCatalog::embedded().unwrap();
    let mut sets: Vec<Expansions> = vec![Expansions::NONE];
    sets.extend(
        Expansion::ALL
            .iter()
            .map(|e| Expansions::from_sets([e.name()])),
    );
    sets.push(Expansions::from_sets(
        Expansion::ALL.iter().map(|e| e.name()),
    ));
    let mut out = Vec::new();
    for (i, expansions) in sets.into_iter().enumerate() {
        for edition in Edition::ALL {
            for players in 2..=5 {
                let options = GenOptions {
                    edition,
                    players,
                    expansions,
                };
                let seed = (i * 100 + players) as u64;
                let record = random_game(&catalog, &options, &mut Rng::new(seed));
                out.push(write(std::slice::from_ref(&record)));
            }
        }
    }
    out
}

/// A text with one byte in every `every` changed to a byte of `alphabet`, or a
/// byte of it put before it.
fn changed(text: &str, every: usize, rng: &mut Rng) -> String {
    let alphabet = b"0123456789-+=:/,() NESWCTabdgnorstu@{};\"[]x\r\n\t";
    let mut bytes = text.as_bytes().to_vec();
    let mut i = rng.below(every);
    while i < bytes.len() {
        let b = alphabet[rng.below(alphabet.len())];
        if rng.below(4) == 0 {
            bytes.insert(i, b);
        } else {
            bytes[i] = b;
        }
        i += 1 + rng.below(2 * every);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn the_readers_agree_on_every_record() {
    let mut reached = Reached::default();
    for text in records() {
        reached += agree(&text);
        reached += agree(&without_comment_lines(&text));
    }
    // Most fixtures comment their turns, which the quick reader leaves to the
    // grammar; without their comment lines many are in its reach.
    assert!(
        reached.whole > 80 && reached.stepped > 90 && reached.due > 1_500,
        "{reached:?}"
    );
    assert!(
        reached.lines_v2 > 3_000 && reached.lines > 5_000,
        "{reached:?}"
    );
}

#[test]
fn the_readers_agree_on_generated_games() {
    let mut reached = Reached::default();
    let texts = generated();
    for text in &texts {
        reached += agree(text);
    }
    assert_eq!(reached.games, texts.len());
    assert!(
        reached.whole > 20 && reached.stepped > 30 && reached.due > 2_000,
        "{reached:?}"
    );
    assert!(reached.lines_v2 > 8_000, "{reached:?}");
}

#[test]
fn the_readers_agree_on_texts_changed_here_and_there() {
    let mut rng = Rng::new(38);
    let mut reached = Reached::default();
    let mut texts = generated();
    texts.extend(records().iter().map(|t| without_comment_lines(t)));
    for text in &texts {
        for every in [40, 400, 4_000] {
            reached += agree(&changed(text, every, &mut rng));
        }
    }
    // Some changed games still read whole, and many lines of each.
    assert!(reached.whole > 100 && reached.stepped > 100, "{reached:?}");
    assert!(
        reached.lines_v2 > 20_000 && reached.lines > 20_000,
        "{reached:?}"
    );
}
