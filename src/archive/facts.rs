//! What one game says for an archive ([`GameFacts`]): read from the
//! referee's outcome, so that the figures of `stats` are those of `score`.
//!
//! The points of each scoring are filed under its kind: the kind of feature
//! (`road`, `city`, `monastery`) for a feature completed during the game or
//! left incomplete at its end, and otherwise the reason it scored, by the
//! name the score sheet's JSON gives it (`farm`, `goods`, `fairy`, `gold`,
//! `mage`, `robbed`, `message`, `message_points`); points moved from one
//! player to another (The Tower's ransoms) are `ransom`, gained by one and
//! lost by the other. A reason an expansion adds is a kind at once: nothing
//! here names the expansions.

use std::collections::BTreeMap;

use crate::notation::GameRecord;
use crate::referee::GameOutcome;
use crate::score::{ScoreEvent, ScoreReason};

/// The kind of points of a scoring, before it is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A feature completed or left incomplete.
    Feature(crate::tiles::FeatureKind),
    /// Any other reason to score.
    Reason(ScoreReason),
    /// Points moved from one player to another.
    Transfer,
}

impl Kind {
    /// The kind of a scoring.
    pub fn of(event: &ScoreEvent) -> Kind {
        match event.reason {
            ScoreReason::Completed | ScoreReason::Incomplete => Kind::Feature(event.kind),
            reason => Kind::Reason(reason),
        }
    }

    /// Its name, as the score sheet's JSON gives it.
    pub fn name(self) -> String {
        self.label().to_string()
    }

    /// Its name, as the score sheet's JSON gives it, without a copy.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Feature(kind) => kind.name(),
            Kind::Reason(reason) => reason.name(),
            Kind::Transfer => TRANSFER_KIND,
        }
    }
}

/// The kind of points of a scoring, as the score sheet's JSON names it.
pub fn kind_of(event: &ScoreEvent) -> String {
    Kind::of(event).name()
}

/// The kind of the points a transfer moves (The Tower's ransoms).
pub const TRANSFER_KIND: &str = "ransom";

/// The points of a game as they are scored, by kind and seat: what both the
/// full referee's replay and the quick verdict's feed.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    seats: usize,
    by_kind: Vec<(Kind, Vec<i64>)>,
    best: Vec<(Kind, u32)>,
    during: Vec<i64>,
}

impl Tally {
    /// Nothing scored yet, among `seats` players.
    pub fn new(seats: usize) -> Tally {
        Tally {
            seats,
            during: vec![0; seats],
            ..Tally::default()
        }
    }

    fn add(&mut self, kind: Kind, seat: usize, points: i64, during: bool) {
        let at = match self.by_kind.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                self.by_kind.push((kind, vec![0; self.seats]));
                self.by_kind.len() - 1
            }
        };
        if let Some(v) = self
            .by_kind
            .get_mut(at)
            .and_then(|(_, row)| row.get_mut(seat))
        {
            *v += points;
        }
        if during && let Some(v) = self.during.get_mut(seat) {
            *v += points;
        }
    }

    fn best(&mut self, kind: Kind, points: u32) {
        match self.best.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, top)) => *top = (*top).max(points),
            None => self.best.push((kind, points)),
        }
    }

    /// Scorings added.
    pub fn events(&mut self, events: &[ScoreEvent]) {
        for e in events {
            let kind = Kind::of(e);
            for p in &e.winners {
                let points = e.points_for(*p);
                self.add(kind, p.index(), i64::from(points), e.turn.is_some());
                self.best(kind, points);
            }
        }
    }

    /// A transfer of `points` during the game, from one seat to another.
    pub fn transfer(&mut self, from: usize, to: usize, points: u32) {
        self.add(Kind::Transfer, from, -i64::from(points), true);
        self.add(Kind::Transfer, to, i64::from(points), true);
        self.best(Kind::Transfer, points);
    }

    /// The scores, with the final totals and the clocks.
    pub fn scores(self, totals: Vec<u32>, time_used: Option<Vec<u32>>) -> Scores {
        Scores {
            totals,
            by_kind: self
                .by_kind
                .into_iter()
                .map(|(k, row)| (k.name(), row))
                .collect(),
            best: self.best.into_iter().map(|(k, p)| (k.name(), p)).collect(),
            during: self.during,
            time_used,
        }
    }
}

/// The name of a plain follower among the figures placed.
pub const FOLLOWER: &str = "follower";

/// The scores of a game that checks valid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scores {
    /// Final points in seat order.
    pub totals: Vec<u32>,
    /// Points by kind, each in seat order (ransoms paid are negative).
    pub by_kind: BTreeMap<String, Vec<i64>>,
    /// The most one scoring of each kind gave one player.
    pub best: BTreeMap<String, u32>,
    /// Points scored during the game (turn scorings and transfers), in seat
    /// order; the rest came with the final scoring.
    pub during: Vec<i64>,
    /// The seconds each seat's turns took, when the record gives its clocks.
    pub time_used: Option<Vec<u32>>,
}

impl Scores {
    /// The highest total.
    pub fn best_total(&self) -> Option<u32> {
        self.totals.iter().copied().max()
    }

    /// Whether seat `seat` won: it has the highest total (a shared first
    /// place is a win for each).
    pub fn won(&self, seat: usize) -> bool {
        self.totals.get(seat).copied() == self.best_total()
    }

    /// The winner's lead over the next player (0 for a shared first place).
    pub fn margin(&self) -> u32 {
        let mut sorted = self.totals.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        match sorted.as_slice() {
            [first, second, ..] => first - second,
            _ => 0,
        }
    }
}

/// What one game says for an archive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameFacts {
    /// Player names in seat order, as the Players tag gives them.
    pub players: Vec<String>,
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The number of turn lines.
    pub turns: usize,
    /// The turns of each seat.
    pub seat_turns: Vec<u32>,
    /// The figures each seat placed, by the figure's name.
    pub placed: BTreeMap<String, Vec<u32>>,
    /// The codes of the game's errors, each once, in the order found.
    pub codes: Vec<String>,
    /// The scores, when the game checks valid.
    pub scores: Option<Scores>,
}

impl GameFacts {
    /// The facts of a checked game.
    pub fn of(outcome: &GameOutcome) -> GameFacts {
        let record = &outcome.record;
        let mut codes: Vec<String> = Vec::new();
        for d in outcome.diagnostics.iter().filter(|d| d.is_error()) {
            let code = d.code();
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        // The referee's names where it read the header, else the tag's.
        let players = match &outcome.replay {
            Some(r) if !r.players.is_empty() => r.players.clone(),
            _ => players_of(record),
        };
        let (seat_turns, placed) = turns_of(record, &players);
        let scores = match (&outcome.replay, codes.is_empty()) {
            (Some(replay), true) => replay.score.as_ref().map(|sheet| {
                scores_of(
                    replay,
                    sheet.totals.clone(),
                    players.len().max(sheet.totals.len()),
                )
            }),
            _ => None,
        };
        GameFacts {
            players,
            tags: record
                .tags
                .iter()
                .map(|t| (t.name.value.to_string(), t.value.value.to_string()))
                .collect(),
            turns: record.turns.len(),
            seat_turns,
            placed,
            codes,
            scores,
        }
    }

    /// The value of a tag, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Whether the game checks valid.
    pub fn valid(&self) -> bool {
        self.codes.is_empty()
    }
}

/// The first value of a tag among `tags`.
pub fn tag_value<'t>(tags: &'t [(String, String)], name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The names of a Players tag's value, in seat order, without their colours
/// (`"Ann (red), Bob"` → `Ann`, `Bob`).
pub fn player_names(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|p| {
            let p = p.trim();
            match p.rfind(" (") {
                Some(at) if p.ends_with(')') => p[..at].trim().to_string(),
                _ => p.to_string(),
            }
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// The expansions of an Expansions tag's value, in the order written.
pub fn expansion_names(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
        .collect()
}

fn players_of(record: &GameRecord) -> Vec<String> {
    record
        .tag("Players")
        .map(|t| player_names(&t.value.value))
        .unwrap_or_default()
}

/// Each seat's turns, and the figures each seat placed by name.
fn turns_of(record: &GameRecord, players: &[String]) -> (Vec<u32>, BTreeMap<String, Vec<u32>>) {
    let mut turns = vec![0u32; players.len()];
    let mut placed: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for t in &record.turns {
        let Some(seat) = players.iter().position(|p| *p == *t.player.value) else {
            continue;
        };
        if let Some(n) = turns.get_mut(seat) {
            *n += 1;
        }
        let figures =
            t.follower
                .iter()
                .map(|f| f.figure.as_ref())
                .chain(t.steps.iter().filter_map(|s| match s {
                    crate::notation::StepRecord::Figure(f) => Some(f.figure.as_ref()),
                    crate::notation::StepRecord::Act(_) => None,
                }));
        for figure in figures {
            let name = figure.map_or(FOLLOWER, |f| f.value.as_str());
            let row = placed
                .entry(name.to_string())
                .or_insert_with(|| vec![0; players.len()]);
            if let Some(n) = row.get_mut(seat) {
                *n += 1;
            }
        }
    }
    (turns, placed)
}

fn scores_of(replay: &crate::referee::Replay, totals: Vec<u32>, seats: usize) -> Scores {
    let mut tally = Tally::new(seats);
    tally.events(&replay.events);
    for (_, from, to, points) in &replay.transfers {
        tally.transfer(from.index(), to.index(), *points);
    }
    let time_used = (!replay.time_used.is_empty()).then(|| replay.time_used.clone());
    tally.scores(totals, time_used)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_named_without_their_colours() {
        assert_eq!(
            player_names("Ann (red), Bob, Cy (blue) "),
            ["Ann", "Bob", "Cy"]
        );
        assert_eq!(expansion_names(" river, tower,"), ["river", "tower"]);
    }

    #[test]
    fn the_margin_is_the_lead_over_the_next() {
        let s = Scores {
            totals: vec![10, 25, 25, 3],
            ..Scores::default()
        };
        assert_eq!(s.margin(), 0);
        assert!(s.won(1) && s.won(2) && !s.won(0));
        let s = Scores {
            totals: vec![30, 12],
            ..Scores::default()
        };
        assert_eq!(s.margin(), 18);
    }
}
