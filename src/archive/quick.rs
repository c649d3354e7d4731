//! The facts of a game gathered on the quick verdict's replay
//! ([`QuickFacts`]): the verdict says whether the game is clean, and tells
//! this observer of each turn it plays (its events, transfers and figures)
//! and of the end, so a clean game's figures come with its verdict, with no
//! second reading. A game the verdict does not clear is read by the full
//! referee ([`super::facts::GameFacts::of`]), which gives the same facts.

use std::collections::BTreeMap;

use super::duplicates::Fingerprint;
use super::facts::{FOLLOWER, GameFacts, Scores, TRANSFER_KIND, kind_of, player_names, tag_value};
use crate::notation::StepRecord;
use crate::referee::observe::Observe;
use crate::rules::{Game, TurnInput};
use crate::score::ScoreEvent;

/// The tags of a game written plainly, read without the grammar; `None`
/// when the quick reader does not read the whole header.
pub fn quick_tags(text: &str) -> Option<Vec<(String, String)>> {
    let mut steps = crate::notation::quick::Steps::new(text);
    let mut tags = Vec::new();
    while let Some((name, value)) = steps.next_tag() {
        if value.contains('\\') {
            return None;
        }
        tags.push((name.to_string(), value.to_string()));
    }
    match steps.next_step() {
        Some(crate::notation::quick::Step::Turn(_) | crate::notation::quick::Step::End) => {
            Some(tags)
        }
        _ => None,
    }
}

/// What the quick verdict's replay of a game tells, gathered as it goes.
#[derive(Debug, Clone)]
pub struct QuickFacts {
    tags: Vec<(String, String)>,
    players: Vec<String>,
    turns: usize,
    seat_turns: Vec<u32>,
    placed: BTreeMap<String, Vec<u32>>,
    scores: Scores,
    print: Fingerprint,
}

impl QuickFacts {
    /// Nothing gathered yet of a game with these tags.
    pub fn new(tags: Vec<(String, String)>) -> QuickFacts {
        let players = tag_value(&tags, "Players")
            .map(player_names)
            .unwrap_or_default();
        let seats = players.len();
        QuickFacts {
            print: Fingerprint::new(&players),
            tags,
            players,
            turns: 0,
            seat_turns: vec![0; seats],
            placed: BTreeMap::new(),
            scores: Scores {
                during: vec![0; seats],
                ..Scores::default()
            },
        }
    }

    /// The facts of the game (which the verdict cleared), and its
    /// fingerprint.
    pub fn facts(self) -> (GameFacts, u64) {
        let facts = GameFacts {
            players: self.players,
            tags: self.tags,
            turns: self.turns,
            seat_turns: self.seat_turns,
            placed: self.placed,
            codes: Vec::new(),
            scores: Some(self.scores),
        };
        (facts, self.print.finish())
    }

    fn score(&mut self, events: &[ScoreEvent]) {
        let seats = self.players.len();
        let s = &mut self.scores;
        for e in events {
            let kind = kind_of(e);
            for p in &e.winners {
                let points = e.points_for(*p);
                let row = s
                    .by_kind
                    .entry(kind.clone())
                    .or_insert_with(|| vec![0; seats]);
                if let Some(v) = row.get_mut(p.index()) {
                    *v += i64::from(points);
                }
                let top = s.best.entry(kind.clone()).or_insert(0);
                *top = (*top).max(points);
                if e.turn.is_some()
                    && let Some(v) = s.during.get_mut(p.index())
                {
                    *v += i64::from(points);
                }
            }
        }
    }
}

impl Observe for QuickFacts {
    fn played(&mut self, game: &Game<'_>, turn: &TurnInput<'_>) {
        self.turns += 1;
        self.print.turn(turn);
        let seat = game.seat(turn.player).map(|p| p.index());
        if let Some(n) = seat.and_then(|s| self.seat_turns.get_mut(s)) {
            *n += 1;
        }
        let figures =
            turn.figure
                .iter()
                .map(|(name, _)| *name)
                .chain(turn.steps.iter().filter_map(|st| match st {
                    StepRecord::Figure(f) => Some(f.figure.as_ref().map(|n| n.value.as_str())),
                    StepRecord::Act(_) => None,
                }));
        let seats = self.players.len();
        for figure in figures {
            let row = self
                .placed
                .entry(figure.unwrap_or(FOLLOWER).to_string())
                .or_insert_with(|| vec![0; seats]);
            if let Some(n) = seat.and_then(|s| row.get_mut(s)) {
                *n += 1;
            }
        }
        self.score(game.last_events());
        for (from, to, points) in game.turn_transfers() {
            let s = &mut self.scores;
            let row = s
                .by_kind
                .entry(TRANSFER_KIND.to_string())
                .or_insert_with(|| vec![0; seats]);
            let points_i = i64::from(points);
            for (seat, sign) in [(from.index(), -1), (to.index(), 1)] {
                if let Some(v) = row.get_mut(seat) {
                    *v += sign * points_i;
                }
                if let Some(v) = s.during.get_mut(seat) {
                    *v += sign * points_i;
                }
            }
            let top = s.best.entry(TRANSFER_KIND.to_string()).or_insert(0);
            *top = (*top).max(points);
        }
    }

    fn ended(&mut self, game: &Game<'_>, finished: bool) {
        if finished {
            self.score(game.last_events());
        }
        self.scores.totals = game.score().iter().map(|(_, v)| *v).collect();
    }
}
