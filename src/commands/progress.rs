//! The progress of a long run on a terminal: games done, their rate and the
//! time left, on standard error only (`check`, `stats`, `find`).

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::files::open::Opened;

/// Inputs this large show their progress (on a terminal only); so does
/// standard input, whose size is not known.
pub(super) const PROGRESS_FROM_BYTES: u64 = 8 << 20;

/// The progress of reading one input.
#[derive(Debug)]
pub(super) struct Progress {
    bar: Option<indicatif::ProgressBar>,
    consumed: Arc<AtomicU64>,
    size: Option<u64>,
    games: u64,
    start: Instant,
}

impl Progress {
    /// The progress of `input`: shown when standard error is a terminal and
    /// the input is large, or of unknown size.
    pub(super) fn of(input: &Opened) -> Progress {
        let shown =
            std::io::stderr().is_terminal() && input.size.is_none_or(|s| s >= PROGRESS_FROM_BYTES);
        let bar = shown.then(|| {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            bar,
            consumed: input.consumed.clone(),
            size: input.size,
            games: 0,
            start: Instant::now(),
        }
    }

    /// `games` more games done.
    pub(super) fn games(&mut self, games: usize) {
        self.games += games as u64;
        if let Some(bar) = &self.bar {
            let read = self.consumed.load(Ordering::Relaxed);
            bar.set_message(message(
                self.games,
                self.start.elapsed(),
                self.size.map(|s| (read, s)),
            ));
        }
    }

    /// The run is over: the line is cleared.
    pub(super) fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The line shown: the games done, their rate, and the time left, estimated
/// from how far through the input (`read` of `size` bytes on disk) they are.
pub(super) fn message(games: u64, elapsed: Duration, through: Option<(u64, u64)>) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        (games as f64 / seconds).round() as u64
    } else {
        0
    };
    let plural = if games == 1 { "" } else { "s" };
    let mut line = format!("{games} game{plural} done, {rate} games/s");
    if let Some((read, size)) = through
        && read > 0
        && size >= read
        && seconds > 0.0
    {
        let left = seconds * (size - read) as f64 / read as f64;
        let left = left.round() as u64;
        line.push_str(&format!(", about {}:{:02} left", left / 60, left % 60));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_gives_games_rate_and_time_left() {
        let line = message(20_000, Duration::from_secs(4), Some((25, 100)));
        assert_eq!(line, "20000 games done, 5000 games/s, about 0:12 left");
        assert_eq!(
            message(1, Duration::from_secs(1), None),
            "1 game done, 1 games/s"
        );
        assert_eq!(
            message(0, Duration::ZERO, Some((0, 100))),
            "0 games done, 0 games/s"
        );
    }
}
