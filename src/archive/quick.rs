//! The facts of a game gathered on the quick verdict's replay
//! ([`QuickFacts`]): the verdict says whether the game is clean, and tells
//! this observer of each turn it plays (its events, transfers and figures)
//! and of the end, so a clean game's figures come with its verdict, with no
//! second reading. A game the verdict does not clear is read by the full
//! referee ([`super::facts::GameFacts::of`]), which gives the same facts.
//! [`QuickScores`] gathers only what `find`'s criteria on scores ask.

use super::duplicates::Fingerprint;
use super::facts::{FOLLOWER, GameFacts, Kind, Tally, player_names, tag_value};
use crate::notation::act::StepToken;
use crate::referee::observe::Observe;
use crate::rules::{Game, TurnInput};

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
    /// Figures placed by name (a handful of names: looked up in turn).
    placed: Vec<(String, Vec<u32>)>,
    tally: Tally,
    totals: Vec<u32>,
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
            placed: Vec::new(),
            tally: Tally::new(seats),
            totals: Vec::new(),
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
            placed: self.placed.into_iter().collect(),
            codes: Vec::new(),
            scores: Some(self.tally.scores(self.totals, None)),
        };
        (facts, self.print.finish())
    }

    fn placed(&mut self, figure: &str, seat: Option<usize>) {
        let at = match self.placed.iter().position(|(f, _)| f == figure) {
            Some(at) => at,
            None => {
                let row = vec![0; self.players.len()];
                self.placed.push((figure.to_string(), row));
                self.placed.len() - 1
            }
        };
        if let Some(n) = self
            .placed
            .get_mut(at)
            .and_then(|(_, row)| seat.and_then(|s| row.get_mut(s)))
        {
            *n += 1;
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
        if let Some((name, _)) = turn.figure {
            self.placed(name.unwrap_or(FOLLOWER), seat);
        }
        for st in turn.steps.iter() {
            if let StepToken::Figure { figure, .. } = st {
                self.placed(figure.unwrap_or(FOLLOWER), seat);
            }
        }
        self.tally.events(game.last_events());
        for (from, to, points) in game.turn_transfers() {
            self.tally.transfer(from.index(), to.index(), points);
        }
    }

    fn ended(&mut self, game: &Game<'_>, finished: bool) {
        if finished {
            self.tally.events(game.last_events());
        }
        self.totals = game.score().iter().map(|(_, v)| *v).collect();
    }
}

/// What the criteria of `find` on scores ask of a game the quick verdict
/// clears, gathered on its replay and nothing more: the number of turns, and
/// the most one scoring of each kind gave one player (as [`Tally`] finds
/// it). No tag is copied and no name is made: a kind is named only when a
/// criterion asks for it.
#[derive(Debug, Clone, Default)]
pub struct QuickScores {
    turns: usize,
    best: Vec<(Kind, u32)>,
}

impl QuickScores {
    /// Nothing gathered yet.
    pub fn new() -> QuickScores {
        QuickScores::default()
    }

    /// The number of turns played.
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// The most one scoring of the kind named `kind` (as the score sheet's
    /// JSON names it) gave one player; `None` when none of that kind scored.
    pub fn best(&self, kind: &str) -> Option<u32> {
        self.best
            .iter()
            .find(|(k, _)| k.label() == kind)
            .map(|(_, p)| *p)
    }

    fn add(&mut self, kind: Kind, points: u32) {
        match self.best.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, top)) => *top = (*top).max(points),
            None => self.best.push((kind, points)),
        }
    }

    fn events(&mut self, events: &[crate::score::ScoreEvent]) {
        for e in events {
            let kind = Kind::of(e);
            for p in &e.winners {
                self.add(kind, e.points_for(*p));
            }
        }
    }
}

impl Observe for QuickScores {
    fn played(&mut self, game: &Game<'_>, _turn: &TurnInput<'_>) {
        self.turns += 1;
        self.events(game.last_events());
        for (_, _, points) in game.turn_transfers() {
            self.add(Kind::Transfer, points);
        }
    }

    fn ended(&mut self, game: &Game<'_>, finished: bool) {
        if finished {
            self.events(game.last_events());
        }
    }
}
