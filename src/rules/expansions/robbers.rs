//! The Robbers (the 2012 Z-Man big box, "The Robbers"): each player's robber,
//! put on the scoreboard beside another player's marker after a tile with a
//! bag, takes half of that marker's next score and goes home.
//!
//! Rulebook: "Whenever a player draws a tile with a bag (symbol to the
//! left), he places it as usual. Immediately after placing the tile, the
//! active player can place his robber on the scoreboard. The robber is placed
//! on a space occupied by at least one marker belonging to another player.
//! Then, in turn order, each other player may place their robber on the
//! scoreboard. If the active player's robber is already on the scoreboard,
//! the active player may move it." "If one or more robbers are on the same
//! space as a marker that is scoring points, the owner of the robbers scores
//! half of these points (rounded up) … The owner of the “robbed” marker
//! scores all the points, as usual. Then, the player returns his robber back
//! in front of himself."
//!
//! The notation (SPEC 6.13): `robber:Name` puts the actor's robber beside
//! Name's marker, that is on the space it stands on, before the turn's
//! figure; the actor is written in parentheses when it is not the turn's
//! player (`robber:Bob(Cid)`). `rob:Name(Actor)` writes a robber's choice
//! where one score moves several markers beside it.
//!
//! The robbing itself is worked out from the score events of a turn, in the
//! order the scoreboard plays them (`crate::score::scoreboard`, SPEC 4.5):
//! the order the turn's `score:` acts write, with The Messengers or not
//! ([`super::score_order`]), with the markers' totals as they stand before
//! each: `Game::rob`. Only games with the Robbers in play pay for it.

use smallvec::SmallVec;

use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken};
use crate::player::{ByPlayer, Player};
use crate::rules::{Act, Game, Placing, Step, TurnActions, Violation};
use crate::score::ScoreEvent;
use crate::score::scoreboard::Space;
use crate::tiles::{Symbol, TileId};

/// The robbers: where each stands.
#[derive(Debug, Clone, Default)]
pub struct Robbers {
    /// Each player's robber: the space of the scoreboard it stands on, or
    /// `None` in front of its owner.
    pub(in crate::rules) at: ByPlayer<Option<Space>>,
    /// How many of the choices (`rob`) written the last turn's robbing
    /// used: read back by the check of a turn that writes choices, on a copy
    /// that plays it.
    pub(in crate::rules) used: u8,
    /// The first choice the last turn could not use: its step and why.
    pub(in crate::rules) fault: Option<(usize, String)>,
}

impl Robbers {
    /// Every robber in front of its owner.
    pub(in crate::rules) fn new(seats: usize) -> Robbers {
        Robbers {
            at: ByPlayer::new(seats, None),
            used: 0,
            fault: None,
        }
    }

    /// The space a player's robber stands on, if it is on the scoreboard.
    pub fn space(&self, player: Player) -> Option<Space> {
        self.at.get(player).copied().flatten()
    }

    /// The robbers on the scoreboard, in seat order, with their spaces.
    #[inline]
    pub fn on_board(&self) -> impl Iterator<Item = (Player, Space)> + '_ {
        self.at.iter().filter_map(|(p, s)| s.map(|s| (p, s)))
    }

    /// Whether a robber of another colour than `player`'s stands on `space`:
    /// one that takes from a score of `player`'s marker moving from there.
    #[inline]
    pub fn another_on(&self, player: Player, space: Space) -> bool {
        self.on_board()
            .any(|(owner, s)| owner != player && s == space)
    }
}

/// The points a robber takes from a score (arithmetic the score sheet shares:
/// [`crate::score::robbed_points`]).
pub use crate::score::robbed_points;

/// The steps of a move that write a robber's choice (`rob`), in order.
/// Asked on every turn with The Messengers: most moves have no steps, and
/// none is looked for then.
#[inline(always)]
pub(in crate::rules) fn written_choices(mv: &crate::rules::Move) -> SmallVec<[usize; 4]> {
    let mut written = SmallVec::new();
    for s in &mv.steps {
        if let Act::Rob { step, .. } = s.act {
            written.push(step);
        }
    }
    written
}

/// The name an act's argument gives: `Bob` (`robber:Bob`), a name in lower
/// case (read as a figure's kind) or one that reads as a spot.
fn named(act: &ActToken<'_>) -> Option<String> {
    match act.arg.as_ref()? {
        ArgToken::Player(name) | ArgToken::Kind(name) => Some(name.to_string()),
        ArgToken::At {
            figure: None,
            target,
        } if target.pos.is_none() => match *target.place.as_ref()? {
            Place::Spot(spot) => Some(spot.to_string()),
            Place::Tower => Some("T".to_string()),
            Place::Ends(..) => None,
        },
        _ => None,
    }
}

/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): never. Placing a robber after a
/// bag tile is a choice, and the robbers' choices are checked only where a
/// turn writes them (`robber:`, `rob:`, `score:`); a turn that writes none
/// is robbed as the rules say, in the move itself.
pub(in crate::rules) fn concerns_quiet_turn(_def: &crate::tiles::TileDef) -> bool {
    false
}

impl Game<'_> {
    /// The robbers, with The Robbers in play.
    pub fn robbers(&self) -> Option<&Robbers> {
        self.exp.robbers.as_ref()
    }

    /// Whether a tile shows the bag.
    pub fn is_bag_tile(&self, tile: TileId) -> bool {
        self.catalog.def(tile).symbol == Some(Symbol::Bag)
    }

    /// Who may place or move a robber after `tile`, drawn by the next
    /// player, and beside whose markers: each player in seat order from the
    /// turn's player, with the markers he may put it beside (none for a tile
    /// without a bag). Under `robbers-next-player` the one player after the
    /// turn's who may place one is listed.
    pub fn robber_options(&self, tile: TileId) -> Vec<(Player, Vec<Player>)> {
        let Some(robbers) = self.robbers() else {
            return Vec::new();
        };
        if !self.is_bag_tile(tile) {
            return Vec::new();
        }
        let active = self.next;
        let seats = self.score.len();
        let next_only = self
            .robbers_next_player_only()
            .then(|| self.next_robber_at_home(active))
            .flatten();
        (0..seats)
            .map(|k| Player(((active.index() + k) % seats) as u8))
            .filter(|p| {
                *p == active
                    || if self.robbers_next_player_only() {
                        next_only == Some(*p)
                    } else {
                        robbers.space(*p).is_none() || self.robbers_every_player()
                    }
            })
            .map(|p| (p, self.score.players().filter(|o| *o != p).collect()))
            .collect()
    }

    /// The seat a robber's act names as its argument (`robber:Name`,
    /// `rob:Name`), or the fault. (A name in parentheses, the actor, is
    /// [`Game::seat_named_in`]'s: `E202` whatever the verb.)
    fn robber_seat(&self, name: &str, step: usize) -> Result<Player, Violation> {
        self.seat(name).ok_or_else(|| Violation::Robber {
            step,
            reason: format!("no player is named {name}"),
        })
    }

    /// `robber:Name`, `robber:Name(Actor)`: the actor's robber put, or the
    /// turn's player's moved, beside Name's marker. After a bag tile, before
    /// the figure, in seat order from the turn's player, each player once;
    /// another player only with the robber in front of him.
    ///
    /// # Errors
    /// [`Violation::Robber`].
    pub(in crate::rules) fn check_robber(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: String| Violation::Robber { step, reason };
        let Some(robbers) = self.robbers() else {
            return Err(Violation::UnknownAction { step });
        };
        if !self.is_bag_tile(placing.tile) {
            return Err(fault(
                "robbers are placed only after a tile with a bag".to_string(),
            ));
        }
        if turn.figure {
            return Err(fault(
                "robbers are placed right after the tile, before the figure".to_string(),
            ));
        }
        let target = named(act).ok_or_else(|| {
            fault("a robber goes beside a player's marker: robber:Name".to_string())
        })?;
        let target = self.robber_seat(&target, step)?;
        let actor = match act.player {
            Some(name) => self.seat_named_in(step, name)?,
            None => placing.player,
        };
        let seats = self.score.len().max(1);
        let order = (actor.index() + seats - placing.player.index()) % seats;
        if turn.robbers.is_some_and(|last| order <= usize::from(last)) {
            return Err(fault(format!(
                "robbers are placed in seat order from the turn's player, each once: {} comes too late",
                self.name(actor)
            )));
        }
        if actor == target {
            return Err(fault(
                "a robber goes beside another player's marker, never its own".to_string(),
            ));
        }
        if actor != placing.player {
            if robbers.space(actor).is_some() && !self.robbers_every_player() {
                return Err(fault(format!(
                    "{}'s robber is on the scoreboard already: only the turn's player moves his",
                    self.name(actor)
                )));
            }
            if self.robbers_next_player_only() {
                let next = self.next_robber_at_home(placing.player);
                if turn.robbers.is_some_and(|last| last > 0) || next != Some(actor) {
                    return Err(fault(format!(
                        "robbers-next-player: after the turn's player, only the next player whose robber is at home places one{}",
                        next.map_or(String::new(), |n| format!(" ({})", self.name(n)))
                    )));
                }
            }
        }
        turn.robbers = Some(u8::try_from(order).unwrap_or(u8::MAX));
        Ok(Step {
            actor,
            act: Act::Robber { beside: target },
        })
    }

    /// Whether the variant `robbers-every-player` is in effect.
    fn robbers_every_player(&self) -> bool {
        self.variants()
            .contains(crate::rules::variants::Variant::RobbersEveryPlayer)
    }

    /// Whether the variant `robbers-next-player` is in effect.
    fn robbers_next_player_only(&self) -> bool {
        self.variants()
            .contains(crate::rules::variants::Variant::RobbersNextPlayer)
    }

    /// The first player after `active`, in seat order, whose robber is in
    /// front of him.
    fn next_robber_at_home(&self, active: Player) -> Option<Player> {
        let robbers = self.robbers()?;
        let seats = self.score.len();
        (1..seats)
            .map(|k| Player(((active.index() + k) % seats) as u8))
            .find(|p| robbers.space(*p).is_none())
    }

    /// `rob:Name(Actor)`: the choice of the actor's robber where one score
    /// moves several markers beside it ("If a robber is on a space occupied
    /// by more than one marker and more than one of them is scoring points,
    /// the robber chooses from which player he is “robbing” half the
    /// points"). Whether the choice arises is known once the turn is scored:
    /// `Game::check_robbing`.
    ///
    /// # Errors
    /// [`Violation::Robber`].
    pub(in crate::rules) fn check_rob(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
    ) -> Result<Step, Violation> {
        let fault = |reason: String| Violation::Robber { step, reason };
        let victim = named(act).ok_or_else(|| {
            fault("a robber's choice names the marker robbed: rob:Name(Robber)".to_string())
        })?;
        let victim = self.robber_seat(&victim, step)?;
        let actor = match act.player {
            Some(name) => self.seat_named_in(step, name)?,
            None => placing.player,
        };
        if actor == victim {
            return Err(fault(
                "a robber never robs the marker of its own colour".to_string(),
            ));
        }
        Ok(Step {
            actor,
            act: Act::Rob { victim, step },
        })
    }

    /// Plays a robber's placement: beside `beside`'s marker, on its space.
    pub(in crate::rules) fn apply_robber_step(&mut self, actor: Player, beside: Player) {
        let space = Space::of(self.marker_total(beside));
        if let Some(slot) = self.exp.robbers.as_mut().and_then(|r| r.at.get_mut(actor)) {
            *slot = Some(space);
        }
    }

    /// The turn's robbing checked on a copy that plays it, where the move
    /// writes choices (`rob`): each must be used by a choice that arises;
    /// and the order of its scores, where it writes one (`score:`).
    ///
    /// # Errors
    /// [`Violation::Robber`].
    #[cold]
    pub(in crate::rules) fn check_robbing(&self, mv: &super::super::Move) -> Result<(), Violation> {
        let written = written_choices(mv);
        if written.is_empty() && !super::score_order::writes_order(mv) {
            return Ok(());
        }
        let copy = self.played_copy(mv, |_| {}, |_| true);
        copy.written_order_fault()?;
        copy.robbing_fault(&written)
    }

    /// The fault of the robbers' choices of the move just played, whose
    /// choices written are at the steps `written` ([`written_choices`]).
    ///
    /// # Errors
    /// [`Violation::Robber`].
    pub(in crate::rules) fn robbing_fault(&self, written: &[usize]) -> Result<(), Violation> {
        let Some(r) = self.robbers() else {
            return Ok(());
        };
        if let Some((step, reason)) = &r.fault {
            return Err(Violation::Robber {
                step: *step,
                reason: reason.clone(),
            });
        }
        if let Some(step) = written.get(usize::from(r.used)) {
            return Err(Violation::Robber {
                step: *step,
                reason: "no score of the turn gives this robber a choice".to_string(),
            });
        }
        Ok(())
    }

    /// The robbing of the points due at a turn's start (the turn's events
    /// so far, already in the score). Out of line: most of these points move
    /// no marker a robber stands by, told by [`Game::may_rob`].
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn rob_turn_start(&mut self) {
        if self.may_rob(&self.events, true) {
            let mut events = std::mem::take(&mut self.events);
            self.rob(&mut events, 0, &[], true);
            self.events = events;
        }
    }

    /// The robbing of the score events `events[first..]`, in order: before
    /// each winner's marker moves, every robber on its space of another
    /// colour takes half of its points, rounded up, as an event of its own
    /// (`ScoreReason::Robbed`) right after the event robbed, and goes home;
    /// a marker moving by robbed points takes along the robbers on its
    /// space, which rob nothing of it ("There is honor amongst robbers").
    /// `settled`: whether `events[first..]` are in the score already (the
    /// points due at the start of a turn); the robbed points are then added
    /// here, else by the caller's settling. `steps` are the turn's, for the
    /// robbers' choices.
    pub(in crate::rules) fn rob(
        &mut self,
        events: &mut Vec<ScoreEvent>,
        first: usize,
        steps: &[Step],
        settled: bool,
    ) {
        let idle = self
            .exp
            .robbers
            .as_ref()
            .is_none_or(|r| r.on_board().next().is_none());
        if idle || events.len() <= first {
            return;
        }
        // Most scores move no marker a robber stands by: told without
        // taking the robbers out or listing the scorers.
        if !self.may_rob(events.get(first..).unwrap_or_default(), settled) {
            return;
        }
        let Some(mut robbers) = self.exp.robbers.take() else {
            return;
        };
        // The markers' totals: with The Messengers, the score less what the
        // messenger moved.
        let scored = events.get(first..).unwrap_or_default();
        let mut total: ByPlayer<u32> = self.score;
        for p in self.score.players() {
            if let Some(t) = total.get_mut(p) {
                *t = self.marker_before(p, scored, settled);
            }
        }
        let mut choices = steps.iter().filter_map(|s| match s.act {
            Act::Rob { victim, step } => Some((s.actor, victim, step)),
            _ => None,
        });
        let mut pending: Option<(Player, Player, usize)> = None;
        // The events are robbed where they lie: each theft goes in right
        // after the event it robs, and the next event looked at is the one
        // after the thefts.
        let mut i = first;
        while let Some(e) = events.get(i) {
            let scorers: SmallVec<[(Player, u32, Space); 6]> = e
                .winners
                .iter()
                .map(|p| {
                    let before = total.get(*p).copied().unwrap_or(0);
                    (*p, e.points_for_winner(*p), Space::of(before))
                })
                .filter(|(p, points, _)| *points > 0 && !e.messengers.contains(p))
                .collect();
            let mut on_board: SmallVec<[(Player, Space); 6]> = robbers.on_board().collect();
            // Only the robbers on a space a scorer of another colour stands
            // on can rob (most events: none).
            on_board
                .retain(|(owner, space)| scorers.iter().any(|(p, _, s)| p != owner && s == space));
            let mut robbed: SmallVec<[(Player, Player, u32); 4]> = SmallVec::new();
            for (owner, space) in on_board {
                let victims: SmallVec<[(Player, u32); 6]> = scorers
                    .iter()
                    .filter(|(p, _, s)| *p != owner && *s == space)
                    .map(|(p, points, _)| (*p, *points))
                    .collect();
                let chosen = match victims.as_slice() {
                    [] => None,
                    [one] => Some(*one),
                    [first_victim, ..] => {
                        if pending.is_none() {
                            pending = choices.next();
                        }
                        match pending {
                            Some((actor, victim, step)) if actor == owner => {
                                pending = None;
                                robbers.used = robbers.used.saturating_add(1);
                                match victims.iter().find(|(p, _)| *p == victim) {
                                    Some(v) => Some(*v),
                                    None => {
                                        robbers.fault.get_or_insert((
                                            step,
                                            format!(
                                                "{}'s robber may rob {}",
                                                self.name(owner),
                                                victims
                                                    .iter()
                                                    .map(|(p, _)| self.name(*p))
                                                    .collect::<Vec<_>>()
                                                    .join(" or ")
                                            ),
                                        ));
                                        Some(*first_victim)
                                    }
                                }
                            }
                            // Not written: every winner of one feature
                            // scores the same, so the choice changes no
                            // total; the first in seat order is robbed.
                            _ => Some(*first_victim),
                        }
                    }
                };
                if let Some((victim, points)) = chosen {
                    robbed.push((owner, victim, points));
                }
            }
            for (owner, _, _) in &robbed {
                if let Some(slot) = robbers.at.get_mut(*owner) {
                    *slot = None;
                }
            }
            for (p, points, _) in &scorers {
                if let Some(t) = total.get_mut(*p) {
                    *t = t.saturating_add(*points);
                }
            }
            let at = i;
            i += 1;
            // Most events are robbed by no one.
            if robbed.is_empty() {
                continue;
            }
            // Each theft made from the event it robs (which stays where it
            // is) and put straight in its place after it.
            for (owner, victim, of) in &robbed {
                let Some(theft) = events
                    .get(at)
                    .map(|e| ScoreEvent::robbed(e, *owner, *victim, *of))
                else {
                    break;
                };
                let points = theft.points;
                let from = total.get(*owner).copied().unwrap_or(0);
                let to = from.saturating_add(points);
                if let Some(t) = total.get_mut(*owner) {
                    *t = to;
                }
                // "If a player's robber is on the same space as a marker
                // that moves because it “robbed” another maker, the robber
                // does not score any points. Instead, the robber will follow
                // the marker in order to “rob” him later."
                for p in robbers.at.players() {
                    if let Some(at) = robbers.at.get_mut(p)
                        && *at == Some(Space::of(from))
                    {
                        *at = Some(Space::of(to));
                    }
                }
                if settled && let Some(s) = self.score.get_mut(*owner) {
                    *s = s.saturating_add(points);
                }
                events.insert(i, theft);
                i += 1;
            }
        }
        if let Some((_, _, step)) = pending {
            robbers.fault.get_or_insert((
                step,
                "no score of the turn gives this robber a choice".to_string(),
            ));
        }
        self.exp.robbers = Some(robbers);
    }
}

impl Game<'_> {
    /// Where `player`'s marker stood before the scores `events` (with The
    /// Messengers, the score less what the messenger moved): when they are
    /// `settled` (already added), their points taken off again.
    fn marker_before(&self, player: Player, events: &[ScoreEvent], settled: bool) -> u32 {
        let mut t = self.marker_total(player);
        if settled {
            for e in events.iter().filter(|e| e.winners.contains(&player)) {
                t = t.saturating_sub(e.points_for_winner(player));
            }
        }
        t
    }

    /// [`Game::may_rob`] of one score of `points` to `player` alone, already
    /// in the score (the fairy's point at a turn's start), told without its
    /// event.
    pub(in crate::rules) fn may_rob_settled_point(&self, player: Player, points: u32) -> bool {
        let Some(robbers) = &self.exp.robbers else {
            return false;
        };
        if points == 0 {
            return false;
        }
        let space = Space::of(self.marker_total(player).saturating_sub(points));
        robbers.another_on(player, space)
    }

    /// Whether a robber may rob one of `events`, scored in that order: some
    /// scorer's marker stands, before its points, on a space where a robber
    /// of another colour stands. [`Game::rob`] robs nothing where none does,
    /// and changes nothing then (no robber moves, no choice is used).
    /// `settled`: whether the events' points are in the score already.
    pub(in crate::rules) fn may_rob(&self, events: &[ScoreEvent], settled: bool) -> bool {
        let Some(robbers) = &self.exp.robbers else {
            return false;
        };
        if robbers.on_board().next().is_none() {
            return false;
        }
        // The markers' totals as [`Game::rob`] keeps them, worked out only
        // for the players who score (most often one).
        let mut total: ByPlayer<Option<u32>> = ByPlayer::new(self.score.len(), None);
        for e in events {
            for p in &e.winners {
                let points = e.points_for_winner(*p);
                if points == 0 || e.messengers.contains(p) {
                    continue;
                }
                let Some(slot) = total.get_mut(*p) else {
                    continue;
                };
                let before = match *slot {
                    Some(t) => t,
                    None => self.marker_before(*p, events, settled),
                };
                if robbers.another_on(*p, Space::of(before)) {
                    return true;
                }
                *slot = Some(before.saturating_add(points));
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_robber_takes_half_rounded_up() {
        // The rulebook: "Red scores 5 points. The Blue robber “robs” 3
        // points"; "Blue scores 4 points. Red and Green both score 2".
        assert_eq!(robbed_points(5), 3);
        assert_eq!(robbed_points(4), 2);
        assert_eq!(robbed_points(1), 1);
        assert_eq!(robbed_points(0), 0);
    }

    #[test]
    fn may_rob_says_no_only_where_rob_robs_nothing() {
        use crate::board::Pos;
        use crate::score::{FeatureRef, ScoreReason};
        use crate::tiles::{FeatureKind, Spot, TileCatalog};
        let catalog = TileCatalog::embedded().unwrap();
        let text = "[Players \"Red, Blue, Green\"]\n[Rules \"HiG-2012\"]\n\
                    [Expansions \"robbers\"]\n[CGN \"2\"]\n[Termination \"adjudicated\"]\n\n\
                    1. Red W -1,0 r0 +E\n2. Blue RB5 0,-1 r180 robber:Red\n";
        let parsed = crate::diagnostics::parse(text);
        let game = crate::referee::replay_to(&parsed[0].record, &catalog, None).unwrap();
        // Blue's robber stands on 0, with every marker: a point of Red's or
        // Green's from there is robbed, one of Blue's own is not.
        for (scorer, robbed) in [(Player(0), true), (Player(1), false), (Player(2), true)] {
            let at = FeatureRef {
                pos: Pos::new(0, 0),
                spot: Spot::Centre,
            };
            let event = ScoreEvent::bonus(
                ScoreReason::Fairy,
                Some(3),
                FeatureKind::Road,
                at,
                scorer,
                1,
            );
            for settled in [false, true] {
                let events = vec![event.clone()];
                assert_eq!(game.may_rob(&events, settled), robbed, "{scorer:?}");
                let mut played = game.clone();
                let mut after = events.clone();
                played.rob(&mut after, 0, &[], settled);
                assert_eq!(after.len() > events.len(), robbed, "{scorer:?}");
            }
        }
    }
}
