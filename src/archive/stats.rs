//! The figures of an archive ([`Stats`]): games are added one at a time
//! ([`Stats::add`]) and nothing of a game is kept but its share of the
//! sums, so the memory taken grows with the number of groups (players,
//! months…) and of distinct scores, not with the archive. A median is read
//! from the count of each final total.

use std::collections::BTreeMap;

use super::facts::{GameFacts, expansion_names, tag_value};

/// What games are grouped by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum GroupBy {
    /// Each player's results, by name.
    Player,
    /// Each seat's results (`1` plays first).
    Seat,
    /// The Rules tag.
    Rules,
    /// The Expansions tag, its names sorted (`none` for the basic game).
    Expansions,
    /// The month of the Date tag (`2026.05`; `unknown` without one).
    Month,
}

impl GroupBy {
    /// Every grouping, in the order `--by` lists them.
    pub const ALL: [GroupBy; 5] = [
        GroupBy::Player,
        GroupBy::Seat,
        GroupBy::Rules,
        GroupBy::Expansions,
        GroupBy::Month,
    ];

    /// Its name on the command line and in documents.
    pub fn name(self) -> &'static str {
        match self {
            GroupBy::Player => "player",
            GroupBy::Seat => "seat",
            GroupBy::Rules => "rules",
            GroupBy::Expansions => "expansions",
            GroupBy::Month => "month",
        }
    }

    /// The group of seat `seat`'s result in a game.
    fn key(self, game: &GameFacts, seat: usize) -> String {
        match self {
            GroupBy::Player => game.players.get(seat).cloned().unwrap_or_default(),
            GroupBy::Seat => (seat + 1).to_string(),
            GroupBy::Rules => game.tag("Rules").unwrap_or("unknown").to_string(),
            GroupBy::Expansions => {
                let mut names = expansion_names(game.tag("Expansions").unwrap_or(""));
                names.sort();
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(",")
                }
            }
            GroupBy::Month => month_of(&game.tags).unwrap_or_else(|| "unknown".to_string()),
        }
    }
}

/// The month of a Date tag (`YYYY.MM.DD`, SPEC 2.5): `YYYY.MM`.
fn month_of(tags: &[(String, String)]) -> Option<String> {
    let date = tag_value(tags, "Date")?;
    let mut parts = date.trim().split('.');
    let (year, month) = (parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (digits(year, 4) && digits(month, 2)).then(|| format!("{year}.{month}"))
}

/// The sums of one group.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Group {
    /// Games with a result in the group.
    pub games: u64,
    /// Results (a player's total in a game) in the group.
    pub results: u64,
    /// Results that won (a shared first place is a win for each).
    pub wins: u64,
    /// The sum of the final totals.
    pub points: i64,
    /// Points by kind of scoring (`super::facts`).
    pub by_kind: BTreeMap<String, i64>,
    /// Figures placed, by name.
    pub placed: BTreeMap<String, u64>,
    /// Points scored during the games; the rest of `points` came with the
    /// final scoring.
    pub during: i64,
    /// Seconds of the turns of games that record their clocks, and those
    /// turns.
    pub clock_seconds: u64,
    /// The turns `clock_seconds` took.
    pub clock_turns: u64,
    /// How many results had each final total.
    pub totals: BTreeMap<u32, u64>,
    /// The last game counted in `games` (games are numbered as added).
    last_game: Option<u64>,
}

impl Group {
    /// The mean final total.
    pub fn mean(&self) -> f64 {
        if self.results == 0 {
            0.0
        } else {
            self.points as f64 / self.results as f64
        }
    }

    /// The median final total (the mean of the two middle ones for an even
    /// number of results).
    pub fn median(&self) -> f64 {
        median_of(&self.totals, self.results)
    }

    /// Wins per game.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// The share of the points scored during the games (the rest came with
    /// the final scoring); 0 with no points.
    pub fn during_share(&self) -> f64 {
        if self.points == 0 {
            0.0
        } else {
            self.during as f64 / self.points as f64
        }
    }

    /// Seconds a turn, in the games that record their clocks.
    pub fn seconds_per_turn(&self) -> Option<f64> {
        (self.clock_turns > 0).then(|| self.clock_seconds as f64 / self.clock_turns as f64)
    }
}

/// The median of `count` values, given how many times each occurs.
pub fn median_of(histogram: &BTreeMap<u32, u64>, count: u64) -> f64 {
    if count == 0 {
        return 0.0;
    }
    let nth = |n: u64| {
        let mut seen = 0;
        for (value, times) in histogram {
            seen += times;
            if seen > n {
                return f64::from(*value);
            }
        }
        0.0
    };
    if count % 2 == 1 {
        nth(count / 2)
    } else {
        (nth(count / 2 - 1) + nth(count / 2)) / 2.0
    }
}

/// Why games were left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Games with errors, by code (a game counts once under each code it
    /// has).
    pub by_code: BTreeMap<String, u64>,
    /// Games with errors.
    pub invalid: u64,
    /// Games already counted earlier in the archive.
    pub duplicates: u64,
}

/// The figures of an archive.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    /// What the groups are.
    pub by: GroupBy,
    /// Games counted.
    pub games: u64,
    /// Their turns.
    pub turns: u64,
    /// The groups, by name.
    pub groups: BTreeMap<String, Group>,
    /// How many results had each final total, over the archive.
    pub totals: BTreeMap<u32, u64>,
    /// Results over the archive.
    pub results: u64,
    /// What was left out.
    pub left_out: LeftOut,
}

impl Stats {
    /// No games yet.
    pub fn new(by: GroupBy) -> Stats {
        Stats {
            by,
            games: 0,
            turns: 0,
            groups: BTreeMap::new(),
            totals: BTreeMap::new(),
            results: 0,
            left_out: LeftOut::default(),
        }
    }

    /// Adds a game: counted if it checks valid, else left out by its codes.
    pub fn add(&mut self, game: &GameFacts) {
        let Some(scores) = game.scores.as_ref().filter(|_| game.valid()) else {
            self.left_out.invalid += 1;
            for code in &game.codes {
                *self.left_out.by_code.entry(code.clone()).or_insert(0) += 1;
            }
            return;
        };
        let serial = self.games;
        self.games += 1;
        self.turns += game.turns as u64;
        for (seat, total) in scores.totals.iter().enumerate() {
            let group = self.groups.entry(self.by.key(game, seat)).or_default();
            if group.last_game != Some(serial) {
                group.last_game = Some(serial);
                group.games += 1;
            }
            group.results += 1;
            group.wins += u64::from(scores.won(seat));
            group.points += i64::from(*total);
            *group.totals.entry(*total).or_insert(0) += 1;
            for (kind, points) in &scores.by_kind {
                *group.by_kind.entry(kind.clone()).or_insert(0) +=
                    points.get(seat).copied().unwrap_or(0);
            }
            for (figure, counts) in &game.placed {
                *group.placed.entry(figure.clone()).or_insert(0) +=
                    u64::from(counts.get(seat).copied().unwrap_or(0));
            }
            group.during += scores.during.get(seat).copied().unwrap_or(0);
            if let Some(times) = &scores.time_used {
                group.clock_seconds += u64::from(times.get(seat).copied().unwrap_or(0));
                group.clock_turns += u64::from(game.seat_turns.get(seat).copied().unwrap_or(0));
            }
            *self.totals.entry(*total).or_insert(0) += 1;
            self.results += 1;
        }
    }

    /// A game left out as the same as one counted before.
    pub fn add_duplicate(&mut self) {
        self.left_out.duplicates += 1;
    }

    /// The mean number of turns of a game.
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.turns as f64 / self.games as f64
        }
    }

    /// The kinds of points scored, the basic game's first (`road`, `city`,
    /// `monastery`, `farm`), then the others by name.
    pub fn kinds(&self) -> Vec<String> {
        ordered(
            self.groups.values().flat_map(|g| g.by_kind.keys()),
            BASIC_KINDS,
        )
    }

    /// The figures placed, the follower first, then the others by name.
    pub fn figures(&self) -> Vec<String> {
        ordered(
            self.groups.values().flat_map(|g| g.placed.keys()),
            &[super::facts::FOLLOWER],
        )
    }

    /// The distribution of final totals in bins of `width` points: each bin's
    /// first total and its count, from the lowest bin to the highest, empty
    /// bins between included.
    pub fn distribution(&self, width: u32) -> Vec<(u32, u64)> {
        let width = width.max(1);
        let (Some(low), Some(high)) = (self.totals.keys().next(), self.totals.keys().last()) else {
            return Vec::new();
        };
        let mut bins: Vec<(u32, u64)> = (low / width..=high / width)
            .map(|b| (b * width, 0))
            .collect();
        for (total, count) in &self.totals {
            let at = (total / width - low / width) as usize;
            if let Some(bin) = bins.get_mut(at) {
                bin.1 += count;
            }
        }
        bins
    }

    /// The median final total over the archive.
    pub fn median(&self) -> f64 {
        median_of(&self.totals, self.results)
    }
}

/// The kinds of points of the basic game, in the order reports list them.
pub const BASIC_KINDS: &[&str] = &["road", "city", "monastery", "farm"];

/// Names each once: those of `first` that occur, in its order, then the
/// rest sorted.
fn ordered<'a>(names: impl Iterator<Item = &'a String>, first: &[&str]) -> Vec<String> {
    let mut all: Vec<&String> = names.collect();
    all.sort();
    all.dedup();
    let mut out: Vec<String> = first
        .iter()
        .filter(|f| all.iter().any(|n| n == *f))
        .map(|f| f.to_string())
        .collect();
    out.extend(
        all.into_iter()
            .filter(|n| !first.contains(&n.as_str()))
            .cloned(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_read_from_the_counts() {
        let h: BTreeMap<u32, u64> = [(10, 1), (20, 2), (40, 1)].into_iter().collect();
        assert_eq!(median_of(&h, 4), 20.0);
        let h: BTreeMap<u32, u64> = [(10, 1), (30, 1)].into_iter().collect();
        assert_eq!(median_of(&h, 2), 20.0);
        assert_eq!(median_of(&BTreeMap::new(), 0), 0.0);
    }

    #[test]
    fn a_month_is_read_from_a_date() {
        let tags = |d: &str| vec![("Date".to_string(), d.to_string())];
        assert_eq!(month_of(&tags("2026.05.14")), Some("2026.05".into()));
        assert_eq!(month_of(&tags("2026.??.??")), None);
        assert_eq!(month_of(&[]), None);
    }
}
