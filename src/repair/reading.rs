//! How a record reads: the positions of the record as written are kept, one
//! before each turn up to its first illegal one ([`Base`]), and a reading of
//! some of its turns is checked against the position before the first of them
//! ([`Game::check`]) and, when legal, replayed from there only, turn by turn,
//! stopping at the first illegal turn ([`Eval`]). Each claim is judged as the
//! referee judges it ([`claims::judge`]) as the replay passes it, and the
//! Result tag at the end. A reading found is a [`Found`]: the search makes
//! them (`search.rs`), the ranking weighs them (`rank.rs`).

use super::slips::Candidate;
use crate::header::Header;
use crate::notation::{GameRecord, TurnRecord};
use crate::referee::claims::{self, Count, Judgement};
use crate::rules::{Game, TurnInput};
use crate::score::ScoreEvent;
use crate::tiles::TileCatalog;

/// How a record reads with some of its turns read otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Eval {
    /// The number of turns legal from the first (all of them: the record's
    /// length).
    pub legal: usize,
    /// The claims of the turns played that the count contradicts.
    pub claim_faults: usize,
    /// The Result entries the end contradicts (0 unless every turn is
    /// legal).
    pub result_faults: usize,
    /// Whether every turn is legal.
    pub all_legal: bool,
}

impl Eval {
    /// Whether every turn is legal and every claim and Result entry holds.
    pub fn explains_all(&self) -> bool {
        self.all_legal && self.claim_faults == 0 && self.result_faults == 0
    }

    /// The faults left, for ranking: the turns left unchecked count one each.
    pub fn faults(&self, turns: usize) -> usize {
        turns.saturating_sub(self.legal) + self.claim_faults + self.result_faults
    }
}

/// A record as written, with its positions kept.
#[derive(Debug)]
pub struct Base<'r, 'c> {
    /// The record.
    pub record: &'r GameRecord,
    header: Header,
    /// `states[k]`: the game before turn `k`, for `k` up to the first illegal
    /// turn (or the record's length).
    states: Vec<Game<'c>>,
    /// `claims_before[k]`: the claim faults of the turns before `k`.
    claims_before: Vec<usize>,
    /// The score events of each legal turn.
    pub events: Vec<Vec<ScoreEvent>>,
    /// The events of the final scoring (when every turn is legal and the
    /// record scores its end).
    pub final_events: Vec<ScoreEvent>,
    /// How the record reads as written.
    pub written: Eval,
    /// The turns whose claims the count contradicts.
    pub claim_fault_turns: Vec<usize>,
    /// The turns that built the features completed at a turn whose claim the
    /// count contradicts: the tiles of the roads and cities its tile
    /// completed, and the monasteries beside it ([`completed_builders`]).
    pub claim_builders: Vec<usize>,
    /// Whether a claim names a pawn or a space: the pawns are then judged by
    /// the full referee only.
    pawns: bool,
}

impl<'r, 'c> Base<'r, 'c> {
    /// The record's positions; `None` when its header is unusable.
    pub fn new(record: &'r GameRecord, catalog: &'c TileCatalog) -> Option<Base<'r, 'c>> {
        let (header, _) = Header::read_for(record, catalog.user_sets());
        let header = header?;
        let mut game = Game::new(header.setup(), catalog);
        let pawns = claims::names_pawns(record);
        let mut states = Vec::with_capacity(record.turns.len() + 1);
        let mut claims_before = vec![0];
        let mut events = Vec::new();
        let mut faults = 0;
        let mut claim_fault_turns = Vec::new();
        let mut claim_builders = Vec::new();
        let mut legal = record.turns.len();
        for (k, turn) in record.turns.iter().enumerate() {
            states.push(game.clone());
            match game.play(turn) {
                Ok(e) => {
                    let n = claim_faults(turn, &e, &game, pawns);
                    if n > 0 {
                        claim_fault_turns.push(k);
                        for b in completed_builders(&game, turn) {
                            if !claim_builders.contains(&b) {
                                claim_builders.push(b);
                            }
                        }
                    }
                    faults += n;
                    claims_before.push(faults);
                    events.push(e);
                }
                Err(_) => {
                    legal = k;
                    break;
                }
            }
        }
        let all_legal = legal == record.turns.len();
        let mut final_events = Vec::new();
        let result_faults = if all_legal {
            let (r, e) = end_faults(&header, &mut game);
            final_events = e;
            r
        } else {
            0
        };
        let written = Eval {
            legal,
            claim_faults: faults,
            result_faults,
            all_legal,
        };
        Some(Base {
            record,
            header,
            states,
            claims_before,
            events,
            final_events,
            written,
            claim_fault_turns,
            claim_builders,
            pawns,
        })
    }

    /// The index of the first illegal turn, if any.
    pub fn first_illegal(&self) -> Option<usize> {
        (!self.written.all_legal).then_some(self.written.legal)
    }

    /// How the record reads with `changes` (turn indices, each with the turn
    /// as read instead, in increasing order). `None` when the first change
    /// lies past the first illegal turn (no position is kept there).
    pub fn eval(&self, changes: &[(usize, TurnRecord)]) -> Option<Eval> {
        let start = changes.first()?.0;
        let before = self.states.get(start)?;
        let turns = &self.record.turns;
        let turn_at = |k: usize| -> Option<&TurnRecord> {
            changes
                .iter()
                .find(|(i, _)| *i == k)
                .map(|(_, t)| t)
                .or_else(|| turns.get(k))
        };
        let first = turn_at(start)?;
        // Most readings are illegal where they are read: judged on the
        // position kept, with nothing copied.
        let Ok(mv) = before.check(&TurnInput::of(first)) else {
            return Some(Eval {
                legal: start,
                claim_faults: self.claims_before.get(start).copied().unwrap_or(0),
                ..Eval::default()
            });
        };
        // The reading replayed from there counts points only: its scores
        // name no tiles (the verdict's way), and each turn's events are
        // read where the game keeps them, not copied.
        let mut game = before.clone();
        game.set_explanations(false);
        let mut faults = self.claims_before.get(start).copied().unwrap_or(0);
        game.apply(mv);
        faults += claim_faults(first, game.last_events(), &game, self.pawns);
        for k in start + 1..turns.len() {
            let turn = turn_at(k)?;
            match game.check(&TurnInput::of(turn)) {
                Ok(mv) => {
                    game.apply(mv);
                    faults += claim_faults(turn, game.last_events(), &game, self.pawns);
                }
                Err(_) => {
                    return Some(Eval {
                        legal: k,
                        claim_faults: faults,
                        ..Eval::default()
                    });
                }
            }
        }
        let (result_faults, _) = end_faults(&self.header, &mut game);
        Some(Eval {
            legal: turns.len(),
            claim_faults: faults,
            result_faults,
            all_legal: true,
        })
    }
}

/// The turns (their index in the record) that built what a turn just
/// played completed: the tiles of the roads and cities its tile completed,
/// and the monasteries among the eight squares around it. A figure left out
/// of such a feature, or put on the wrong one, shows first in that turn's
/// claims.
pub fn completed_builders(game: &Game<'_>, turn: &TurnRecord) -> Vec<usize> {
    let board = game.board();
    let features = game.features();
    let index = |t: &crate::board::PlacedTile| (t.turn as usize).checked_sub(1);
    let mut out: Vec<usize> = Vec::new();
    let mut add = |k: Option<usize>| {
        if let Some(k) = k
            && !out.contains(&k)
        {
            out.push(k);
        }
    };
    for &root in features.completed_by_last_tile() {
        for t in features.distinct_tiles(root) {
            add(board.tile(t).and_then(index));
        }
    }
    if let crate::notation::ActionRecord::Place { pos, .. } = &turn.action.value {
        for n in pos.value.surrounding() {
            if let Some(t) = board.at(n)
                && game.catalog().def(t.tile).monastery.is_some()
            {
                add(index(t));
            }
        }
    }
    out.sort_unstable();
    out
}

/// The claims of a turn just played that the count contradicts (a claim
/// naming a pawn is left to the full referee when `pawns`).
fn claim_faults(turn: &TurnRecord, events: &[ScoreEvent], game: &Game<'_>, pawns: bool) -> usize {
    let mut n = 0;
    for claim in &turn.claims {
        let Some(p) = game.seat(&claim.player.value) else {
            n += 1;
            continue;
        };
        let count = Count::of_turn(game, events, p, None);
        match claims::judge(claim, &count) {
            Judgement::NoSuchPawn { .. } => n += usize::from(!pawns),
            j => n += usize::from(!j.holds()),
        }
    }
    n
}

/// The Result entries the end of a game contradicts (the final scoring
/// played when the record scores its end), and the final scoring's events.
fn end_faults(header: &Header, game: &mut Game<'_>) -> (usize, Vec<ScoreEvent>) {
    let events = if header.termination.scores_final() {
        game.finish().to_vec()
    } else {
        Vec::new()
    };
    let faults = header.result.as_ref().map_or(0, |r| {
        r.scores
            .iter()
            .filter(|(name, claimed, _)| {
                game.seat(name)
                    .and_then(|p| game.score().get(p).copied())
                    .is_none_or(|actual| actual != *claimed)
            })
            .count()
    });
    (faults, events)
}

/// A reading found: its slips, how the record reads with them, their weight
/// and their locality ([`locality`](super::rank::locality)).
#[derive(Debug, Clone)]
pub struct Found {
    /// The slips, in the order found.
    pub slips: Vec<Candidate>,
    /// How the record reads with them.
    pub eval: Eval,
    /// The product of their weights.
    pub weight: f64,
    /// How near they lie to what check found.
    pub locality: f64,
}

impl Found {
    /// The turns the reading changes, each once, in increasing order.
    pub fn changes(&self) -> Vec<(usize, TurnRecord)> {
        merge(&self.slips)
    }

    /// Its weight and locality together.
    pub fn plausibility(&self) -> f64 {
        self.weight * self.locality
    }
}

/// The turns a set of slips changes, each once (a later slip's reading of a
/// turn wins), in increasing order.
pub(super) fn merge(slips: &[Candidate]) -> Vec<(usize, TurnRecord)> {
    let mut out: Vec<(usize, TurnRecord)> = Vec::new();
    for c in slips {
        for (i, t) in &c.turns {
            match out.iter_mut().find(|(k, _)| k == i) {
                Some(slot) => slot.1 = t.clone(),
                None => out.push((*i, t.clone())),
            }
        }
    }
    out.sort_by_key(|(i, _)| *i);
    out
}
