//! Throughput in games per second: parsing only, and the full check (parse,
//! referee, final scoring) of generated basic games under each edition.
//! Run with `cargo bench --bench throughput`.

#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::{Edition, TileCatalog, check, parse};

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
    println!("{label:<40} {rate:>12.0} games/s");
}

fn main() {
    let catalog = TileCatalog::embedded().expect("embedded catalog");
    for edition in Edition::ALL {
        let mut rng = Rng::new(11);
        let options = GenOptions {
            edition,
            players: 2,
            expansions: Default::default(),
        };
        let records: Vec<_> = (0..1000)
            .map(|_| random_game(&catalog, &options, &mut rng))
            .collect();
        let text = write(&records);
        games_per_second(&format!("parse only ({edition})"), records.len(), || {
            black_box(parse(black_box(&text)));
        });
        games_per_second(&format!("full check ({edition})"), records.len(), || {
            black_box(check("bench.cgn", black_box(&text), &catalog));
        });
    }
}
