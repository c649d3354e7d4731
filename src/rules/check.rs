//! Checking a turn: [`Game::check`] and the checks it makes, which read the
//! state and never change it, with what a turn being checked carries (its
//! placing, what its actions have done so far).

use super::{
    Action, FollowerMove, Game, Move, Steps, TurnInput, Violation, completion, expansions,
    same_name,
};
use crate::board::Pos;
use crate::figures::Figure;
use crate::notation::act::{StepToken, TurnSteps};
use crate::notation::{Place, StepRecord};
use crate::player::Player;
use crate::tiles::{Rotation, TileId};

/// The tile a turn places, as its actions are checked, read against the
/// game it is made for (the board as it is before the turn).
#[derive(Debug, Clone)]
pub(in crate::rules) struct Placing {
    /// Whose turn it is.
    pub(in crate::rules) player: Player,
    /// The tile.
    pub(in crate::rules) tile: TileId,
    /// Its square.
    pub(in crate::rules) pos: Pos,
    /// Its rotation.
    pub(in crate::rules) rotation: Rotation,
    /// The pairs the tile makes across whole edges, worked out once, the
    /// first time a rule asks ([`Game::edge_pairs`]): every rule that looks
    /// ahead at the turn reads the same.
    pub(in crate::rules) pairs: std::cell::OnceCell<completion::EdgePairs>,
}

impl Placing {
    /// `player`'s placement of `tile` at `pos`, turned `rotation`.
    pub(in crate::rules) fn new(
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Self {
        Placing {
            player,
            tile,
            pos,
            rotation,
            pairs: std::cell::OnceCell::new(),
        }
    }
}

impl Game<'_> {
    /// The next player's placement of `tile` at `pos`, turned `rotation`:
    /// what the listings of a turn's options (`moves`, `gen`) check against.
    pub(in crate::rules) fn next_placing(
        &self,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Placing {
        Placing::new(self.next, tile, pos, rotation)
    }
}

/// A parsed record's action in the compact form the checks take: off the
/// quick verdict's path, whose actions are read in that form.
#[cold]
#[inline(never)]
fn written_step(record: &StepRecord) -> StepToken<'_> {
    StepToken::of(record)
}

/// What the actions of a turn checked so far have done.
#[derive(Debug, Clone, Default)]
pub(in crate::rules) struct TurnActions {
    /// Whether the turn's figure is placed (a follower, or what an expansion
    /// allows instead: a tower piece, a guard).
    pub(in crate::rules) figure: bool,
    /// The follower a ransom freed this turn, and from whom.
    pub(in crate::rules) ransomed: Option<Figure>,
    /// Who was paid the ransom.
    pub(in crate::rules) ransom_from: Option<Player>,
    /// The turn's tower piece: its square and the tower's new height.
    pub(in crate::rules) piece: Option<(Pos, u8)>,
    /// Whether the piece took a prisoner.
    pub(in crate::rules) captured: bool,
    /// A capture whose exchange needs a choice: its index in the steps, and
    /// the kinds to choose from.
    pub(in crate::rules) exchange_due: Option<(usize, [bool; 2])>,
    /// Whether the princess sent a knight home (The Princess & the Dragon).
    pub(in crate::rules) princess: bool,
    /// The fairy's new tile, if the turn moved it.
    pub(in crate::rules) fairy_to: Option<Pos>,
    /// The dragon's journey so far.
    pub(in crate::rules) journey: Option<expansions::princess_and_dragon::Journey>,
    /// The square of the gold-mine tile's second ingot (The Gold Mines).
    pub(in crate::rules) gold: Option<Pos>,
    /// Whether an ingot of the distribution was written (The Gold Mines).
    pub(in crate::rules) ingots: bool,
    /// The turn's flight, if its follower flew (The Flying Machines).
    pub(in crate::rules) flight: Option<expansions::flying_machines::Flight>,
    /// Whether the crop circle's effect is chosen (The Crop Circles).
    pub(in crate::rules) circle: bool,
    /// Whether a message was written (The Messengers): only the messages'
    /// choices and pawns, and the crop circle's effect, come after it.
    pub(in crate::rules) message: bool,
    /// Whether the last message written gives a tile, used (The Messengers:
    /// message 7, "Play 1 more tile").
    pub(in crate::rules) tile_message: bool,
    /// Whether a magic pawn was placed, moved or taken off (Mage & Witch).
    pub(in crate::rules) magic: bool,
    /// Whether the lake tile's new ferry is set (The Ferries).
    pub(in crate::rules) ferry: bool,
    /// Whether a ferry was set or moved (The Ferries).
    pub(in crate::rules) ferry_step: bool,
    /// The ferries the turn set or moved so far, as they then stand.
    pub(in crate::rules) ferries: expansions::ferries::FerriesNow,
    /// The seat of the last robber placed, counted from the turn's player
    /// (The Robbers).
    pub(in crate::rules) robbers: Option<u8>,
}

impl<'c> Game<'c> {
    /// Checks a written turn against the current state, without changing it.
    ///
    /// # Errors
    /// The first rule the turn breaks, in the order: turn number, player, tile,
    /// supply, placement, follower.
    pub fn check(&self, turn: &TurnInput<'_>) -> Result<Move, Violation> {
        let expected = self.turn.saturating_add(1);
        if turn.number != expected {
            return Err(Violation::TurnOutOfSequence { expected });
        }
        // Most turns are the next player's: one name compared.
        let next_named = self.distinct_names
            && self
                .setup
                .players
                .get(self.next.index())
                .is_some_and(|n| same_name(n, turn.player));
        let player = if next_named {
            self.next
        } else {
            match self.seat(turn.player) {
                Some(player) => player,
                None => return Err(Violation::UnknownPlayer),
            }
        };
        if player != self.next {
            return Err(self.out_of_turn(player));
        }
        self.check_due(turn)
    }

    /// [`Game::check`] of a turn known to be the one due: numbered next, by the
    /// seat whose turn it is. Its number and player are not looked at again.
    ///
    /// # Errors
    /// The first rule the turn breaks, in the order: tile, supply, placement,
    /// follower.
    #[inline(always)]
    pub fn check_due(&self, turn: &TurnInput<'_>) -> Result<Move, Violation> {
        if self.exp.every_turn {
            return self.check_due_with_actions(turn);
        }
        self.check_due_as::<false>(turn, None)
    }

    /// [`Game::check_due`] without the check of The Gold Mines'
    /// distribution (for [`Game::gold_takes_as_jcz`]).
    pub(in crate::rules) fn check_due_ignoring_gold(
        &self,
        turn: &TurnInput<'_>,
    ) -> Result<Move, Violation> {
        self.check_due_as::<true>(turn, None)
    }

    /// Whether an expansion in play has rules for every turn, written with
    /// actions or not (The Princess & the Dragon).
    pub fn checks_every_turn(&self) -> bool {
        self.exp.every_turn
    }

    /// [`Game::check_due`] in a game where no expansion in play has rules for
    /// every turn ([`Game::checks_every_turn`] is false): the basic game's
    /// check, with the actions of turns written with them.
    ///
    /// # Errors
    /// As [`Game::check_due`].
    #[inline(always)]
    pub fn check_due_plain(&self, turn: &TurnInput<'_>) -> Result<Move, Violation> {
        debug_assert!(!self.exp.every_turn);
        self.check_due_as::<false>(turn, None)
    }

    /// [`Game::check_due`] where an expansion in play has rules for every
    /// turn, written with actions or not (The Princess & the Dragon), kept out
    /// of the basic game's way. A turn none of them looks at
    /// ([`Game::is_quiet_turn`]) takes the basic game's check.
    #[cold]
    #[inline(never)]
    fn check_due_with_actions(&self, turn: &TurnInput<'_>) -> Result<Move, Violation> {
        if let Some(placing) = self.quiet_placing(turn, true) {
            return self.check_due_as::<false>(turn, Some(&placing));
        }
        self.check_due_with_actions_as(turn, true)
    }

    /// The placing of a turn that places a known tile and that no
    /// expansion in play looks at ([`Game::is_quiet_turn`], `ahead` as it
    /// says), for the basic game's check; `None` for any other turn.
    #[inline(always)]
    pub(in crate::rules) fn quiet_placing(
        &self,
        turn: &TurnInput<'_>,
        ahead: bool,
    ) -> Option<Placing> {
        if !turn.steps.is_empty() {
            return None;
        }
        let placing = self.placing_of(turn)?;
        self.is_quiet_turn(placing.tile, ahead).then_some(placing)
    }

    /// [`Game::check_due_with_actions`]; `played`: whether the checks made
    /// on a copy that plays the move ahead are made
    /// ([`Game::check_after_turn`]).
    ///
    /// # Errors
    /// As [`Game::check_due`].
    pub(in crate::rules) fn check_due_with_actions_as(
        &self,
        turn: &TurnInput<'_>,
        played: bool,
    ) -> Result<Move, Violation> {
        let placing = self.placing_of(turn);
        let mut mv = self.check_due_as::<true>(turn, placing.as_ref())?;
        if self.exp.gold.is_some() {
            mv = self.checked_gold(mv, placing.as_ref())?;
        }
        self.check_after_turn(&mut mv, placing.as_ref(), played)?;
        Ok(mv)
    }

    /// The placement a turn writes, by the next player, if it places its
    /// tile: one placing for every rule that looks ahead at the turn.
    pub(in crate::rules) fn placing_of(&self, turn: &TurnInput<'_>) -> Option<Placing> {
        self.catalog
            .id(turn.tile)
            .zip(turn.place)
            .map(|(tile, (pos, rotation))| Placing::new(self.next, tile, pos, rotation))
    }

    /// [`Game::check_due`]; `ACTIONS`: whether every turn goes through
    /// [`Game::check_actions`], not only those written with actions.
    #[inline(always)]
    pub(in crate::rules) fn check_due_as<const ACTIONS: bool>(
        &self,
        turn: &TurnInput<'_>,
        shared: Option<&Placing>,
    ) -> Result<Move, Violation> {
        let player = self.next;
        if self.remaining() == 0 {
            return Err(Violation::GameAlreadyOver);
        }
        let Some(tile) = shared
            .map(|p| p.tile)
            .or_else(|| self.catalog.id(turn.tile))
        else {
            return Err(Violation::UnknownTile);
        };
        // A kind still in the supply is in play and may be drawn, but for the
        // River's order.
        if self.remaining_of(tile) == 0 || self.exp.river.is_some() {
            if !self.in_play(tile) {
                return Err(Violation::UnknownTile);
            }
            self.check_draw(tile)?;
        }
        // Turns checked with actions take the room a move before them left.
        let mut steps = if ACTIONS {
            self.spare_steps.0.take()
        } else {
            Steps::new()
        };
        let mut figure_at = 0;
        let action = match turn.place {
            None if turn.aside => self.check_aside(tile)?,
            None => {
                self.check_discard(tile)?;
                Action::Discard
            }
            Some((pos, rotation)) => {
                self.check_placement(tile, pos, rotation)?;
                let follower = if turn.steps.is_empty() && !ACTIONS {
                    match turn.figure {
                        None => None,
                        Some((figure, spot)) => Some(
                            self.check_follower(player, tile, pos, rotation, figure, spot, None)?,
                        ),
                    }
                } else {
                    let own;
                    let placing = match shared {
                        Some(p) => p,
                        None => {
                            own = Placing::new(player, tile, pos, rotation);
                            &own
                        }
                    };
                    let (follower, at) = self.check_actions(placing, turn, &mut steps)?;
                    figure_at = at;
                    follower
                };
                Action::Place {
                    pos,
                    rotation,
                    follower,
                }
            }
        };
        let mv = Move {
            player,
            tile,
            action,
            steps,
            figure_at,
        };
        Ok(mv)
    }

    /// A move of a game with The Gold Mines, its distribution checked
    /// ([`Game::check_gold_distribution`]), kept out of the basic game's way.
    ///
    /// # Errors
    /// [`Violation::GoldDistribution`].
    #[cold]
    #[inline(never)]
    fn checked_gold(&self, mut mv: Move, placing: Option<&Placing>) -> Result<Move, Violation> {
        self.check_gold_distribution(&mut mv, placing)?;
        Ok(mv)
    }

    /// The actions of version 2 (SPEC 2.14) after a placement, in the order
    /// written, each checked against the state the ones before it leave: the
    /// turn's figure (one a turn: a follower on its tile, or what an
    /// expansion allows instead), and the acts, which are the expansions' to
    /// check ([`Game::check_act`]). Returns the figure on the tile and how
    /// many steps come before it; the other steps go to `steps`.
    ///
    /// # Errors
    /// The first action the rules in play do not allow.
    fn check_actions(
        &self,
        placing: &Placing,
        turn: &TurnInput<'_>,
        steps: &mut Steps,
    ) -> Result<(Option<FollowerMove>, u8), Violation> {
        if self.exp.dragon.is_some() {
            self.check_dragon_tile(placing.tile)?;
        }
        let mut turn_state = TurnActions::default();
        let mut follower = None;
        let mut figure_at = 0;
        if let Some((name, spot)) = turn.figure {
            self.check_figure_expansions(usize::MAX, name, placing.pos, placing, &turn_state)?;
            follower = Some(self.check_follower(
                placing.player,
                placing.tile,
                placing.pos,
                placing.rotation,
                name,
                spot,
                None,
            )?);
            turn_state.figure = true;
        }
        for step in 0..turn.steps.len() {
            // The quick reader's acts are checked where they lie; a parsed
            // record's are read into the same form first.
            let written;
            let s = match turn.steps {
                TurnSteps::Read(read) => match read.get(step) {
                    Some(s) => s,
                    None => break,
                },
                TurnSteps::Written(records) => match records.get(step) {
                    Some(r) => {
                        written = written_step(r);
                        &written
                    }
                    None => break,
                },
            };
            match *s {
                StepToken::Act(ref act) => {
                    let resolved = self.check_act(step, act, placing, &mut turn_state, steps)?;
                    steps.extend(resolved);
                }
                StepToken::Figure {
                    figure: name,
                    target,
                } => {
                    let own = target.pos.is_none_or(|p| p == placing.pos);
                    let place = target.place;
                    if let Some(due) =
                        self.check_figure_due(step, &target, name, place, placing, &mut turn_state)
                    {
                        steps.push(due?);
                        continue;
                    }
                    if turn_state.figure
                        && (matches!(place, Some(Place::Spot(_))) && own
                            || self.places_figures_off_tile())
                    {
                        return Err(Violation::SecondFigure { step });
                    }
                    let at = target.pos.unwrap_or(placing.pos);
                    self.check_figure_expansions(step, name, at, placing, &turn_state)?;
                    match place {
                        Some(Place::Spot(spot)) if own => {
                            follower = Some(self.check_follower(
                                placing.player,
                                placing.tile,
                                placing.pos,
                                placing.rotation,
                                name,
                                spot,
                                turn_state.ransomed,
                            )?);
                            figure_at = u8::try_from(steps.len()).unwrap_or(u8::MAX);
                        }
                        _ => {
                            let resolved = self.check_figure_elsewhere(
                                step,
                                name,
                                at,
                                place,
                                placing,
                                &mut turn_state,
                            )?;
                            steps.push(resolved);
                        }
                    }
                    turn_state.figure = true;
                }
            }
        }
        self.check_actions_done(placing, &turn_state)?;
        Ok((follower, figure_at))
    }

    /// Whether a tile can be drawn now.
    ///
    /// # Errors
    /// [`Violation::GameAlreadyOver`], [`Violation::TileSupplyExhausted`] or
    /// [`Violation::RiverOrder`].
    pub fn check_draw(&self, tile: TileId) -> Result<(), Violation> {
        if self.remaining() == 0 {
            return Err(Violation::GameAlreadyOver);
        }
        if self.remaining_of(tile) == 0 {
            let count = if self.setup.scenario.pack.is_some() {
                self.full_supply.get(tile.index()).copied().unwrap_or(0)
            } else {
                self.catalog.get(tile).map_or(0, |d| d.count)
            };
            return Err(Violation::TileSupplyExhausted { count });
        }
        self.check_draw_expansions(tile)
    }
}
