//! The order of a turn's scores, where an expansion in play makes it matter
//! (SPEC 4.5): The Messengers (a pawn that ends a move on a dark space draws
//! a message) and The Robbers (a robber takes the next score of the marker it
//! stands beside). The rulebooks score "each completed feature …
//! individually" (The Messengers; The Robbers: "Each feature is scored
//! individually and the robber “robs” the points for one feature") and fix no
//! order, so the order the table scores in is legal, whatever it is, and the
//! record states it: `score:x,y/SPOT` acts, the features written first, in the
//! order written, the others after them in the order of SPEC 4.5. One rule,
//! here, for every combination of those expansions: the same written turn is
//! scored in the same order with The Robbers alone, with The Messengers alone
//! and with both. With The Messengers the act also names the pawn
//! (`score:messenger:x,y/SPOT`).

use smallvec::SmallVec;

use crate::features::NodeId;
use crate::player::Player;
use crate::rules::{Act, Game, Step, Violation};
use crate::score::{ScoreEvent, ScoreReason};

/// What a turn's `score:` acts did: kept while the turn is played, read by
/// the check of the turn on a copy that plays it, and by the quick verdict on
/// the game itself.
#[derive(Debug, Clone, Default)]
pub struct WrittenOrder {
    /// The steps naming a feature that the turn's scoring used.
    pub(in crate::rules) matched: SmallVec<[usize; 4]>,
    /// The features (their roots) named, with the player whose score each
    /// act named (with The Messengers, each winner names his own pawn).
    pub(in crate::rules) chosen: SmallVec<[(NodeId, Option<Player>); 4]>,
    /// The first fault of the turn's `score:` acts: its step and why.
    pub(in crate::rules) fault: Option<(usize, String)>,
}

impl WrittenOrder {
    fn fail(&mut self, step: usize, reason: String) {
        self.fault.get_or_insert((step, reason));
    }
}

impl Game<'_> {
    /// A fault of the turn's `score:` acts.
    fn order_fault(&mut self, step: usize, reason: String) {
        if let Some(o) = &mut self.exp.order {
            o.fail(step, reason);
        }
    }

    /// [`Phase::Score`](super::Phase::Score), before the robbers and the
    /// points: the order of the features scored in `events[first..]` as the
    /// turn's `score:` acts write it (those written first, in the order
    /// written; the others keep the order of SPEC 4.5), and with The
    /// Messengers the pawn each act names. The fairy's and the mage's points
    /// with a feature go with the feature's.
    pub(in crate::rules) fn order_scores(
        &mut self,
        events: &mut [ScoreEvent],
        first: usize,
        steps: &[Step],
        player: Player,
    ) {
        let pawns = self.exp.messengers.is_some();
        let mut front = first;
        for s in steps {
            let Act::Pawn {
                feature: Some(at),
                named,
                messenger,
                step,
            } = s.act
            else {
                continue;
            };
            let root = match self.node_at(at) {
                Ok(node) => self.features.root(node),
                Err(reason) => {
                    self.order_fault(step, reason);
                    continue;
                }
            };
            let features = &self.features;
            let Some(main) = events.get(first..).and_then(|tail| {
                tail.iter().position(|e| {
                    e.reason == ScoreReason::Completed && features.root(e.node) == root
                })
            }) else {
                self.order_fault(
                    step,
                    format!("the feature at {} {} scores nothing this turn", at.0, at.1),
                );
                continue;
            };
            let winners = events
                .get(first + main)
                .map(|e| e.winners.clone())
                .unwrap_or_default();
            // Whose pawn: the player named, else the turn's player among the
            // winners, else the one winner. Without The Messengers the marker
            // is every player's one pawn, and no name is needed.
            let owner = match named {
                Some(p) => Some(p),
                None if winners.contains(&player) => Some(player),
                None if winners.len() == 1 => winners.first().copied(),
                None => None,
            };
            if owner.is_some_and(|p| !winners.contains(&p)) || (pawns && owner.is_none()) {
                let names: Vec<&str> = winners.iter().map(|p| self.name(*p)).collect();
                let reason = if pawns {
                    format!(
                        "the feature at {} {} scores for {}: name whose pawn, score:messenger:{},{}/{}(Name)",
                        at.0,
                        at.1,
                        names.join(" and "),
                        at.0.x,
                        at.0.y,
                        at.1
                    )
                } else {
                    format!(
                        "the feature at {} {} scores for {}, not for {}",
                        at.0,
                        at.1,
                        names.join(" and "),
                        owner.map_or("", |p| self.name(p))
                    )
                };
                self.order_fault(step, reason);
                continue;
            }
            let owner = if pawns { owner } else { None };
            let Some(o) = &mut self.exp.order else {
                return;
            };
            if o.chosen.contains(&(root, owner)) {
                let whose = owner.map_or(String::new(), |p| {
                    format!(
                        "the pawn of {} for ",
                        self.setup.players.get(p.index()).map_or("", String::as_str)
                    )
                });
                o.fail(
                    step,
                    format!("{whose}the feature at {} {} is written twice", at.0, at.1),
                );
                continue;
            }
            let moved = o.chosen.iter().any(|(r, _)| *r == root);
            o.matched.push(step);
            o.chosen.push((root, owner));
            let of_feature = |e: &ScoreEvent| {
                features.root(e.node) == root
                    && matches!(
                        e.reason,
                        ScoreReason::Completed | ScoreReason::Fairy | ScoreReason::Mage
                    )
            };
            if messenger && let Some(owner) = owner {
                for e in events.get_mut(first..).unwrap_or_default() {
                    if of_feature(e) && e.winners.contains(&owner) {
                        e.messengers.push(owner);
                    }
                }
            }
            // The feature's events move to the front, in the order written
            // (once, where several winners name their pawns).
            if moved {
                continue;
            }
            let tail = events.get_mut(front..).unwrap_or_default();
            let mut k = 0;
            for i in 0..tail.len() {
                if !tail.get(i).is_some_and(of_feature) {
                    continue;
                }
                if let Some(part) = tail.get_mut(k..=i) {
                    part.rotate_right(1);
                }
                k += 1;
            }
            front += k;
        }
    }

    /// After the turn's scoring: a `score:` act naming a feature the turn
    /// did not score (a turn that scores nothing has no order to state).
    #[cold]
    pub(in crate::rules) fn unmatched_scores(&mut self, steps: &[Step]) {
        let Some(o) = &self.exp.order else {
            return;
        };
        let unmatched = steps.iter().find_map(|s| match s.act {
            Act::Pawn {
                feature: Some(at),
                step,
                ..
            } if !o.matched.contains(&step) => Some((at, step)),
            _ => None,
        });
        if let Some((at, step)) = unmatched {
            self.order_fault(
                step,
                format!("the feature at {} {} scores nothing this turn", at.0, at.1),
            );
        }
    }

    /// The fault of the `score:` acts of the move just played, if any.
    ///
    /// # Errors
    /// [`Violation::Message`].
    pub(in crate::rules) fn written_order_fault(&self) -> Result<(), Violation> {
        match self.exp.order.as_ref().and_then(|o| o.fault.as_ref()) {
            Some((step, reason)) => Err(Violation::Message {
                step: Some(*step),
                reason: reason.clone(),
            }),
            None => Ok(()),
        }
    }
}

/// Whether a move writes the order of its scores (`score:x,y/SPOT`).
#[inline]
pub(in crate::rules) fn writes_order(mv: &crate::rules::Move) -> bool {
    mv.steps.iter().any(|s| {
        matches!(
            s.act,
            Act::Pawn {
                feature: Some(_),
                ..
            }
        )
    })
}
