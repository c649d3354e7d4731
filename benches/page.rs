//! The verdict page (`carcref show --html`): the time to make the page of the
//! 4-player game with every expansion (`carcref gen --seed 47 --players 4
//! --expansions …`, 219 turns and more), from its text to the HTML (the check,
//! the replay a frame a turn, the faults, the score sheet), on one thread, and
//! the page's size: the least time of a page and the mean over at least two
//! seconds. Run with `cargo bench --bench page`.

#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::rules::expansions::Expansions;
use carcref::{Edition, TileCatalog};

fn main() {
    let catalog = TileCatalog::embedded().expect("the built-in catalog");
    let record = random_game(
        &catalog,
        &GenOptions {
            edition: Edition::HiG2012,
            players: 4,
            expansions: Expansions::from_sets([
                "river",
                "inns-and-cathedrals",
                "traders-and-builders",
                "tower",
                "princess-and-dragon",
                "gold-mines",
                "flying-machines",
                "crop-circles-1",
                "crop-circles-2",
                "mage-and-witch",
                "ferries",
                "robbers",
                "messengers",
            ]),
        },
        &mut Rng::new(47),
    );
    let text = write(std::slice::from_ref(&record));
    let page = |compare: bool| {
        carcref::commands::verdict_page("every.cgn", &text, 1, &catalog, compare).expect("a page")
    };
    for (label, compare) in [
        ("verdict page, 4 players, every expansion", false),
        ("  with --compare-editions", true),
    ] {
        let size = page(compare).len();
        // The least time of a page as well as the mean: on a busy machine
        // the mean counts the time other programs took the core.
        let start = Instant::now();
        let mut rounds = 0u32;
        let mut least = Duration::MAX;
        while start.elapsed() < Duration::from_secs(2) || rounds < 5 {
            let one = Instant::now();
            black_box(page(compare));
            least = least.min(one.elapsed());
            rounds += 1;
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(rounds);
        println!(
            "{label:<44} {:>7.1} ms a page at least, {ms:>7.1} ms on average, {:>5.0} KB ({} turns)",
            least.as_secs_f64() * 1000.0,
            size as f64 / 1000.0,
            record.turns.len()
        );
    }
}
