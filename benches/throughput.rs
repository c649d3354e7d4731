//! Throughput in games per second, on one thread: parsing only; the verdict
//! `carcref check` gives each game of a file (`referee::Referee::verdict`: the
//! quick reader and referee, the full ones for a game with a fault); the full
//! check (`carcref::check`: the spanned record, the replay with every score
//! explained, the final scoring) of generated basic games under each edition, of
//! games with the River, Inns & Cathedrals and Traders & Builders, and of 2,000
//! games with The Tower (its pieces, prisoners, exchanges and ransoms: turns of
//! the notation's version 2) and of 2,000 three-player games with The Princess &
//! the Dragon (tiles set aside, the dragon's journeys, the fairy, the princess,
//! the magic portal), of 2,000 games with each of the 2012 minis refereed
//! (The Flying Machines' flights, Mage & Witch's pawns, The Crop Circles'
//! effects, The Ferries' ferries) and of 2,000 games with the five together,
//! with The Robbers and The Messengers, and with every expansion together;
//! `import bga` on the Board Game Arena logs
//! shipped with the tests (`tests/data/bga/`); and `carcref fix` (the search
//! for the slip, `repair::suggest`) on a faulty 72-tile basic game and on a
//! faulty 219-turn game with every expansion (`gen --seed 47`), one turn
//! broken, in seconds a game: a rotation that makes a later turn illegal,
//! and a figure left out, which leaves every turn legal and only the Result
//! tells.
//! Run with `cargo bench --bench throughput` (`-- fix`: the rows of `fix` only).

#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::notation::{ActionRecord, GameRecord, split_games};
use carcref::referee::Referee;
use carcref::rules::expansions::{Expansion, Expansions};
use carcref::{Edition, Rotation, TileCatalog, check, parse};

fn games_per_second(label: &str, games: usize, mut f: impl FnMut()) {
    // Warm up, then repeat for at least two seconds.
    f();
    let start = Instant::now();
    let mut rounds = 0u32;
    while start.elapsed() < Duration::from_secs(2) {
        f();
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let rate = games as f64 * f64::from(rounds) / secs;
    println!("{label:<52} {rate:>12.0} games/s");
}

/// The time `f` takes on one game, on one thread: the mean over at least
/// two seconds, after a warm-up.
fn seconds_per_game(label: &str, mut f: impl FnMut()) {
    f();
    let start = Instant::now();
    let mut rounds = 0u32;
    while start.elapsed() < Duration::from_secs(2) || rounds < 3 {
        f();
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64() / f64::from(rounds);
    println!("{label:<52} {secs:>12.3} s a game");
}

/// A record with one slip, at the first turn from the middle of the game on
/// where check then rejects it: a rotation changed (a quarter turn off first)
/// that makes a later turn illegal (`legal` false), or a figure left out, with
/// every turn legal and a claim or the Result wrong (`legal` true). The
/// record's text, the turn's number and the slip.
fn broken(
    record: &GameRecord,
    catalog: &TileCatalog,
    legal: bool,
) -> Option<(String, u32, String)> {
    let n = record.turns.len();
    for i in (n * 2 / 5..n).chain(0..n * 2 / 5) {
        // The rotations a quarter turn off first; a figure is left out once.
        let offsets: &[usize] = if legal { &[0] } else { &[1, 3, 2] };
        for &off in offsets {
            let mut out = record.clone();
            let Some(turn) = out.turns.get_mut(i) else {
                continue;
            };
            let number = turn.number.value;
            let slip = if legal {
                let Some(f) = turn.follower.take() else {
                    continue;
                };
                format!("+{} left out", f.spot.value)
            } else {
                let ActionRecord::Place { rotation, .. } = &mut turn.action.value else {
                    continue;
                };
                let was = rotation.value;
                rotation.value = Rotation::from_quarter_turns(was.quarter_turns() + off);
                format!("written {} for {was}", rotation.value)
            };
            let text = write(std::slice::from_ref(&out));
            let Some(parsed) = parse(&text).into_iter().next() else {
                continue;
            };
            let Some(repairs) = carcref::repair::suggest(&parsed.record, catalog) else {
                continue;
            };
            let fits = match &repairs.illegal {
                Some((t, _)) => !legal && *t > number,
                None => legal,
            };
            if fits {
                return Some((text, number, slip));
            }
        }
    }
    None
}

/// `carcref fix`'s search on a faulty record: a row for a slip that makes a
/// later turn illegal, and one for a slip only the Result (or a claim) tells.
fn fix_rows(label: &str, record: &GameRecord, catalog: &TileCatalog) {
    for legal in [false, true] {
        let Some((text, turn, slip)) = broken(record, catalog, legal) else {
            println!("fix, {label}: no slip breaks it so (legal: {legal})");
            continue;
        };
        let parsed = parse(&text).remove(0);
        let repairs = carcref::repair::suggest(&parsed.record, catalog).expect("a fault");
        let seen = match &repairs.illegal {
            Some((t, d)) => format!("{} at turn {t}", d.code()),
            None => repairs
                .faults
                .first()
                .map_or(String::new(), |d| format!("{} only", d.code())),
        };
        println!(
            "fix, {label}: {} turns, turn {turn} {slip} ({seen}); \
             the slip is the first reading: {}",
            parsed.record.turns.len(),
            repairs.suggestions.first().is_some_and(|s| s
                .slips
                .iter()
                .any(|x| x.turns.iter().any(|(n, _)| *n == turn)))
        );
        let kind = if legal {
            "every turn legal"
        } else {
            "a later turn illegal"
        };
        seconds_per_game(&format!("fix, {label}, {kind}"), || {
            let parsed = parse(black_box(&text)).remove(0);
            black_box(carcref::repair::suggest(&parsed.record, catalog));
        });
    }
}

/// The verdict on every game of a text, as `carcref check` gives it.
fn verdicts(text: &str, catalog: &TileCatalog) -> usize {
    let mut referee = Referee::new(catalog);
    split_games(text)
        .map(|(base, game)| referee.verdict(game, base).len())
        .sum()
}

/// The verdict and the full check on 2,000 generated games with one expansion
/// whose turns are written with actions, after a line on how many a game has
/// (and moves of the dragon, where it is in play).
fn expansion_rows(
    catalog: &TileCatalog,
    edition: Edition,
    expansions: &[Expansion],
    players: usize,
    seed: u64,
    name: &str,
) {
    let mut rng = Rng::new(seed);
    let options = GenOptions {
        edition,
        players,
        expansions: Expansions::from_sets(expansions.iter().map(|e| e.name())),
    };
    let records: Vec<_> = (0..2000)
        .map(|_| random_game(catalog, &options, &mut rng))
        .collect();
    let text = write(&records);
    let games = records.len() as f64;
    let steps: usize = records
        .iter()
        .flat_map(|r| &r.turns)
        .map(|t| t.steps.len())
        .sum();
    let dragon_steps = text.matches(" dragon:").count();
    let dragon = if dragon_steps > 0 {
        format!(" ({:.1} moves of the dragon)", dragon_steps as f64 / games)
    } else {
        String::new()
    };
    println!(
        "{name} ({edition}): {} games, {:.1} actions of version 2 a game{dragon}",
        records.len(),
        steps as f64 / games
    );
    games_per_second(
        &format!("verdict, {name} ({edition})"),
        records.len(),
        || {
            black_box(verdicts(black_box(&text), catalog));
        },
    );
    games_per_second(
        &format!("full check, {name} ({edition})"),
        records.len(),
        || {
            black_box(check("bench.cgn", black_box(&text), catalog));
        },
    );
}

fn main() {
    let catalog = TileCatalog::embedded().expect("embedded catalog");
    // `cargo bench --bench throughput -- fix`: the rows of `fix` only.
    let fix_only = std::env::args().skip(1).any(|a| a == "fix");
    if !fix_only {
        check_rows(&catalog);
    }
    fix_rows_of_both(&catalog);
}

/// The rows of parsing, the verdict, the full check and the imports.
fn check_rows(catalog: &TileCatalog) {
    for edition in Edition::ALL {
        let mut rng = Rng::new(11);
        let options = GenOptions {
            edition,
            players: 2,
            expansions: Default::default(),
        };
        let records: Vec<_> = (0..1000)
            .map(|_| random_game(catalog, &options, &mut rng))
            .collect();
        let text = write(&records);
        games_per_second(&format!("parse only ({edition})"), records.len(), || {
            black_box(parse(black_box(&text)));
        });
        games_per_second(&format!("verdict ({edition})"), records.len(), || {
            black_box(verdicts(black_box(&text), catalog));
        });
        games_per_second(&format!("full check ({edition})"), records.len(), || {
            black_box(check("bench.cgn", black_box(&text), catalog));
        });
        let options = GenOptions {
            edition,
            players: 3,
            expansions: Expansions::from_sets(
                [
                    Expansion::River,
                    Expansion::InnsAndCathedrals,
                    Expansion::TradersAndBuilders,
                ]
                .iter()
                .map(|e| e.name()),
            ),
        };
        let records: Vec<_> = (0..1000)
            .map(|_| random_game(catalog, &options, &mut rng))
            .collect();
        let text = write(&records);
        games_per_second(
            &format!("verdict, 3 expansions ({edition})"),
            records.len(),
            || {
                black_box(verdicts(black_box(&text), catalog));
            },
        );
        games_per_second(
            &format!("full check, 3 expansions ({edition})"),
            records.len(),
            || {
                black_box(check("bench.cgn", black_box(&text), catalog));
            },
        );
    }
    for edition in Edition::ALL {
        expansion_rows(catalog, edition, &[Expansion::Tower], 2, 17, "the Tower");
    }
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::PrincessAndDragon],
            3,
            19,
            "the Princess & the Dragon",
        );
    }
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::FlyingMachines],
            2,
            23,
            "the Flying Machines",
        );
    }
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::MageAndWitch],
            2,
            29,
            "Mage & Witch",
        );
    }
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::CropCircles2],
            2,
            31,
            "the Crop Circles",
        );
    }
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::Ferries],
            2,
            41,
            "the Ferries",
        );
    }
    // The minis of the 2012 box refereed, together.
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[
                Expansion::GoldMines,
                Expansion::FlyingMachines,
                Expansion::MageAndWitch,
                Expansion::CropCircles2,
                Expansion::Ferries,
            ],
            2,
            37,
            "the minis",
        );
    }
    // The minis that play on the scoreboard.
    for edition in Edition::ALL {
        expansion_rows(
            catalog,
            edition,
            &[Expansion::Robbers, Expansion::Messengers],
            2,
            43,
            "the Robbers and the Messengers",
        );
    }
    // Every expansion refereed, together.
    for edition in Edition::ALL {
        expansion_rows(catalog, edition, &Expansion::ALL, 2, 47, "every expansion");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bga");
    let mut logs: Vec<String> = std::fs::read_dir(&dir)
        .expect("the Board Game Arena logs of tests/data/bga")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| std::fs::read_to_string(p).expect("a log of tests/data/bga"))
        .collect();
    logs.sort();
    assert_eq!(logs.len(), 3, "the three logs of {}", dir.display());
    games_per_second("import bga (3 logs)", logs.len(), || {
        for log in &logs {
            let _ = black_box(carcref::import::bga::import(black_box(log)));
        }
    });
    games_per_second("import bga, then full check", logs.len(), || {
        for log in &logs {
            if let Ok(record) = carcref::import::bga::import(black_box(log)) {
                let text = write(&[record]);
                black_box(check("bga.cgn", &text, catalog));
            }
        }
    });
}

/// `carcref fix` on a 72-tile basic game, and on the game of
/// `carcref gen --seed 47 --expansions …` with every expansion.
fn fix_rows_of_both(catalog: &TileCatalog) {
    let basic = random_game(
        catalog,
        &GenOptions {
            edition: Edition::HiG2012,
            players: 2,
            expansions: Default::default(),
        },
        &mut Rng::new(11),
    );
    fix_rows("a basic game", &basic, catalog);
    let every = random_game(
        catalog,
        &GenOptions {
            edition: Edition::HiG2012,
            players: 2,
            expansions: Expansions::from_sets([
                "river",
                "inns-and-cathedrals",
                "traders-and-builders",
                "tower",
                "princess-and-dragon",
                "gold-mines",
                "flying-machines",
                "mage-and-witch",
                "crop-circles-1",
                "ferries",
                "robbers",
                "messengers",
            ]),
        },
        &mut Rng::new(47),
    );
    fix_rows("every expansion", &every, catalog);
}
