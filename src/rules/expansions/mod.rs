//! The expansions, one module each. An expansion brings tiles (a catalog set of
//! the same name), figures (`crate::figures`) and rules; the engine asks each
//! module in play at the named phases of a turn ([`Phase`]), and each keeps
//! its state in its own slot of [`ExpansionState`], so the basic rules and
//! the game's fields never change when one is added. The dispatch is static:
//! each phase's function below asks the modules in play, in the order of
//! [`Expansion::ALL`], with a test of the expansions in play (or of the
//! module's slot) before each. How to add an expansion: `ARCHITECTURE.md`.
//!
//! * [`river`]: the spring, the river tiles drawn first, the lake last, the
//!   river's course and its turns.
//! * [`inns_and_cathedrals`]: inns and cathedrals (the large follower is a figure).
//! * [`traders_and_builders`]: the builder's double turn, the pig's farms, goods.
//! * [`tower`]: tower pieces, prisoners, exchanges and ransoms.
//! * [`princess_and_dragon`]: the volcano, the dragon's journey, the fairy,
//!   the princess and the magic portal.
//! * [`gold_mines`]: gold ingots set around a gold mine, handed out with the
//!   features scored, and their points at the end.
//! * [`flying_machines`]: a follower flown from the flying machine along its
//!   arrow, landing as far as the die says.
//! * [`crop_circles`]: after a crop circle's turn, every player adds a
//!   follower beside one of the kind it designates, or returns one.
//! * [`mage_and_witch`]: the mage and the witch, placed or moved with a magic
//!   tile, raising or halving the points of the road or city they stand on.
//! * [`ferries`]: a ferry on each lake joining two of its roads, moved by the
//!   tiles that continue its road, splitting and joining roads.
//! * [`robbers`]: robbers placed beside the markers on the scoreboard after a
//!   bag tile, each taking half of the next score of a marker it stands by.
//!
//! [`concern`] gathers which turns written without actions each expansion
//! looks at, so that the others take the basic game's check.

pub mod concern;
pub mod crop_circles;
pub mod ferries;
pub mod flying_machines;
pub mod gold_mines;
pub mod inns_and_cathedrals;
pub mod mage_and_witch;
pub mod messengers;
pub mod princess_and_dragon;
pub mod river;
pub mod robbers;
pub mod score_order;
pub mod tower;
pub mod traders_and_builders;
pub mod values;

use super::{Act, Game, Placing, Step, Steps, TurnActions, Violation};
use crate::board::{PlacedTile, Pos};
pub use crate::expansion::{Expansion, Expansions};
use crate::features::FeatureView;
use crate::notation::Place;
use crate::notation::act::{ActToken, TargetToken, Verb};
use crate::player::Player;
use crate::score::{PlayerList, ScoreEvent};
use crate::tiles::{Rotation, TileId};
use river::River;
use traders_and_builders::Traders;

/// The phases of a turn, in the order the rulebooks' player aids give (the
/// 2012 rulebook: "1. Complete a road, a city or a monastery with the new
/// tile. 2. Place a thief, knight or monk. 3. Score … 4. Return the thief,
/// knight or monk"; the expansions add the rest in between). The engine walks
/// them in this order and asks the expansions in play at each; an expansion
/// answers at the phases its rules name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Before the tile: points due when a turn begins.
    TurnStart,
    /// The tile drawn: which tiles may be drawn now (the River's order), and
    /// what drawing one changes.
    Draw,
    /// The tile placed: where it may go (the River's course), and what its
    /// lying there changes (the river's open end, a builder extended).
    Place,
    /// The figures and neutral pieces of the turn's player: which may go
    /// where (the large follower, the builder, the pig).
    Figures,
    /// Actions the rules give the other players inside the turn.
    Others,
    /// The features the tile completes are scored: what the expansions take
    /// from them (goods) and how much they are worth (inns, cathedrals).
    Score,
    /// After the scoring.
    AfterScore,
    /// The turn ends: who plays next (the builder's double turn).
    TurnEnd,
    /// The end of the game: the final scoring and what the expansions add
    /// to it (the pig's farms, goods majorities).
    FinalScoring,
}

impl Phase {
    /// Every phase, in turn order.
    pub const ALL: [Phase; 9] = [
        Phase::TurnStart,
        Phase::Draw,
        Phase::Place,
        Phase::Figures,
        Phase::Others,
        Phase::Score,
        Phase::AfterScore,
        Phase::TurnEnd,
        Phase::FinalScoring,
    ];
}

/// [`Phase::FinalScoring`], farms: the winners of a farm whose figure raises
/// their points (Traders & Builders: the pig in one of its fields).
pub(in crate::rules) fn farm_bonus_owners<'f>(
    fields: impl IntoIterator<Item = FeatureView<'f>> + Clone,
    winners: &[Player],
) -> PlayerList {
    traders_and_builders::pig_owners(fields, winners)
}

/// [`Phase::FinalScoring`], after the farms: what the expansions in play
/// score at the end (Traders & Builders: the goods majorities).
pub(in crate::rules) fn final_scoring_expansions(game: &Game<'_>, events: &mut Vec<ScoreEvent>) {
    if game.expansions.contains(Expansion::TradersAndBuilders) {
        traders_and_builders::goods_scoring(game, events);
    }
    if game.exp.dragon.is_some() {
        game.fairy_final(events);
    }
    if let Some(gold) = &game.exp.gold {
        gold_mines::gold_scoring(gold, events);
    }
    if game.exp.magic.is_some() {
        game.magic_scored(events, 0);
    }
}

/// The state of the expansions in play, one slot per expansion that keeps
/// any. The game holds this and no field of any expansion; a slot is reset
/// when a game starts.
#[derive(Debug, Clone, Default)]
pub struct ExpansionState {
    /// The River: the river while it is being laid (`None` once the lake is
    /// placed, and without the River).
    pub(in crate::rules) river: Option<River>,
    /// Traders & Builders: goods and the builder's double turn.
    pub(in crate::rules) traders: Traders,
    /// The Tower: towers, pieces and prisoners.
    pub(in crate::rules) tower: Option<tower::Towers>,
    /// The Princess & the Dragon: the dragon, the fairy, the tiles set aside.
    pub(in crate::rules) dragon: Option<princess_and_dragon::Dragon>,
    /// The Gold Mines: the ingots on the board and those each player holds.
    pub(in crate::rules) gold: Option<gold_mines::Gold>,
    /// The Crop Circles (either set of tiles) in play.
    pub(in crate::rules) circles: bool,
    /// Mage & Witch: where the mage and the witch stand.
    pub(in crate::rules) magic: Option<mage_and_witch::Magic>,
    /// The Ferries: the ferry on each lake, and those the turn moved.
    pub(in crate::rules) ferries: Option<ferries::Ferries>,
    /// The Robbers: where each player's robber stands.
    pub(in crate::rules) robbers: Option<robbers::Robbers>,
    /// The Messengers: each player's messenger, the message stack.
    pub(in crate::rules) messengers: Option<messengers::Messengers>,
    /// The order of the turn's scores as its `score:` acts write it, with an
    /// expansion in play for which it matters (The Messengers, The Robbers).
    pub(in crate::rules) order: Option<score_order::WrittenOrder>,
    /// Whether an expansion in play has rules for every turn, written with
    /// actions or not (The Princess & the Dragon): such turns then go
    /// through [`Game::check_actions`](crate::rules::Game).
    pub(in crate::rules) every_turn: bool,
    /// Whether no expansion in play does anything when a tile is drawn,
    /// placed or scored, or when a turn ends (the basic game, with or without
    /// Inns & Cathedrals' tiles, whose features carry their own counts): a
    /// move is then played without asking the expansions
    /// ([`Game::apply`](crate::rules::Game::apply)).
    pub(in crate::rules) plain: bool,
    /// The tile kinds whose turns written without actions concern an
    /// expansion in play ([`concern`]): set with the setup, kept from one
    /// game to the next of the same setup.
    pub(in crate::rules) quiet: concern::QuietTurns,
}

impl Game<'_> {
    /// A new game's expansion state, after the start tile is laid: the
    /// River's spring; every player's goods at 0.
    pub(in crate::rules) fn restart_expansions(&mut self, seats: usize) {
        self.exp.traders = Traders::new(seats);
        self.exp.river = None;
        if self.expansions.contains(Expansion::River) {
            self.exp.river = self.spring();
        }
        // A game after another keeps the room of the last one's lists.
        let old = self.exp.tower.take();
        self.exp.tower = self
            .expansions
            .contains(Expansion::Tower)
            .then(|| tower::Towers::new_in(seats, old));
        let old = self.exp.dragon.take();
        self.exp.dragon = self
            .expansions
            .contains(Expansion::PrincessAndDragon)
            .then(|| princess_and_dragon::Dragon::new_in(old));
        let old = self.exp.gold.take();
        self.exp.gold = self
            .expansions
            .contains(Expansion::GoldMines)
            .then(|| gold_mines::Gold::new_in(seats, old));
        self.exp.circles = self.expansions.contains(Expansion::CropCircles1)
            || self.expansions.contains(Expansion::CropCircles2);
        // The Gold Mines: a gold-mine tile's second ingot is due, written or
        // not, and any tile may complete a feature holding ingots. The Crop
        // Circles: a crop circle's choice is due, written or not.
        self.exp.magic = self
            .expansions
            .contains(Expansion::MageAndWitch)
            .then(mage_and_witch::Magic::default);
        let old = self.exp.ferries.take();
        self.exp.ferries = self
            .expansions
            .contains(Expansion::Ferries)
            .then(|| ferries::Ferries::new_in(old));
        self.exp.robbers = self
            .expansions
            .contains(Expansion::Robbers)
            .then(|| robbers::Robbers::new(seats));
        self.exp.messengers = self
            .expansions
            .contains(Expansion::Messengers)
            .then(|| messengers::Messengers::new(seats));
        self.exp.order = (self.exp.messengers.is_some() || self.exp.robbers.is_some())
            .then(score_order::WrittenOrder::default);
        // The Gold Mines: a gold-mine tile's second ingot is due, written or
        // not, and any tile may complete a feature holding ingots. Mage &
        // Witch: a magic tile's pawn is due, and any tile may join the
        // mage's feature to the witch's. The Ferries: a lake tile's ferry is
        // due. The Robbers: a robber's choice is checked on the turn played.
        // The Messengers: a message may fall due on any turn that scores.
        self.exp.every_turn = self.exp.robbers.is_some()
            || self.exp.messengers.is_some()
            || self.exp.dragon.is_some()
            || self.exp.gold.is_some()
            || self.exp.circles
            || self.exp.magic.is_some()
            || self.exp.ferries.is_some();
        self.exp.plain = !self.exp.every_turn
            && self.exp.river.is_none()
            && self.exp.tower.is_none()
            && self.exp.order.is_none()
            && !self.expansions.contains(Expansion::TradersAndBuilders);
        // The dragon and the fairy look at the figures on a tile.
        self.features.list_by_tile(self.exp.dragon.is_some());
    }

    /// [`Phase::Draw`], checking: whether the expansions let the tile be drawn
    /// now.
    ///
    /// # Errors
    /// [`Violation::RiverOrder`].
    #[inline(always)]
    pub(in crate::rules) fn check_draw_expansions(&self, tile: TileId) -> Result<(), Violation> {
        if let Some(river) = &self.exp.river {
            river.check_draw(tile, self.catalog.def(tile).river != 0)?;
        }
        Ok(())
    }

    /// [`Phase::Draw`]: what drawing a tile changes.
    #[inline(always)]
    pub(in crate::rules) fn drawn_expansions(&mut self, tile: TileId) {
        self.exp.traders.turn_goods = [0; 3];
        if let Some(t) = &mut self.exp.tower {
            t.ransoms.clear();
        }
        if let Some(d) = &mut self.exp.dragon {
            d.eaten.clear();
        }
        // The order of the scores is kept with either of The Robbers and The
        // Messengers: cleared in their branches, none more for the basic game.
        if let Some(r) = &mut self.exp.robbers {
            r.used = 0;
            r.fault = None;
            if let Some(o) = &mut self.exp.order {
                *o = score_order::WrittenOrder::default();
            }
        }
        if let Some(m) = &mut self.exp.messengers {
            m.fault = None;
            if let Some(o) = &mut self.exp.order {
                *o = score_order::WrittenOrder::default();
            }
        }
        if let Some(river) = &mut self.exp.river {
            river.drawn(tile, self.catalog.def(tile).river != 0);
        }
    }

    /// [`Phase::Place`]: what the tile just placed changes; whether it gives
    /// its player another turn (Traders & Builders: it extends the player's
    /// builder's road or city).
    #[inline(always)]
    pub(in crate::rules) fn placed_expansions(
        &mut self,
        placed: &PlacedTile,
        player: Player,
    ) -> bool {
        let def = self.catalog.def(placed.tile);
        if def.symbol.is_some() {
            self.dragon_placed(placed.pos, placed.tile);
        }
        if def.river != 0
            && let Some(river) = &mut self.exp.river
        {
            river.advance(placed.pos, def.at(placed.rotation).river);
        }
        self.expansions.contains(Expansion::TradersAndBuilders)
            && self.extends_own_builder(placed, player)
    }

    /// [`Phase::Score`], before the points: the goods of the cities the tile
    /// completes go to the player (Traders & Builders; they depend on the
    /// features completed alone, not on the scoring).
    #[inline(always)]
    pub(in crate::rules) fn completing_expansions(&mut self, player: Player) {
        if self.expansions.contains(Expansion::TradersAndBuilders) {
            let goods = self.goods_completed();
            self.exp.traders.took(player, goods);
        }
    }

    /// [`Phase::Score`]: whether the turn's actions may have completed a
    /// feature holding a figure that the tile's own joins did not (The
    /// Ferries: a lake tile's ferry, a ferry moved).
    #[inline(always)]
    pub(in crate::rules) fn may_score_expansions(&self, placed: &PlacedTile) -> bool {
        self.ferries_may_complete(placed)
    }

    /// [`Phase::Score`]: nodes of the features the turn's actions changed
    /// away from the tile (The Ferries: the road ends a ferry moved left and
    /// joined), scored with the tile's if they are completed.
    pub(in crate::rules) fn changed_elsewhere_expansions(
        &self,
    ) -> smallvec::SmallVec<[crate::features::NodeId; 8]> {
        self.ferried_nodes()
    }

    /// [`Phase::TurnEnd`]: whether the player plays again (the builder's
    /// double turn, never a third), given whether the tile earned it.
    #[inline(always)]
    pub(in crate::rules) fn turn_end_expansions(&mut self, player: Player, earned: bool) -> bool {
        self.exp.traders.turn_ended(player, earned)
            || self
                .exp
                .messengers
                .as_mut()
                .is_some_and(messengers::Messengers::extra_tile_played)
    }

    /// [`Phase::Figures`] and [`Phase::Others`]: an act of version 2 (SPEC
    /// 2.14), `step` of the turn's steps, checked against what the turn's
    /// actions before it did. Each expansion checks the verbs it defines (The
    /// Tower: `capture`, `exchange`, `ransom`). An act that completes an
    /// earlier one (an exchange's choice) changes that one in `steps` and
    /// gives no step of its own.
    ///
    /// # Errors
    /// [`Violation::UnknownAction`] for a verb no expansion in play defines,
    /// or the fault of the act.
    pub(in crate::rules) fn check_act(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
        steps: &mut Steps,
    ) -> Result<Option<Step>, Violation> {
        // The order of the acts between expansions: only once a message, the
        // crop circle's effect or a ferry is written (the three read at
        // once, as most acts come before all of them).
        if turn.message | turn.circle | turn.ferry_step {
            self.check_act_order(step, act, turn)?;
        }
        // Each verb is one expansion's (`score`: The Messengers', else The
        // Robbers'), checked where that expansion is in play.
        match act.verb {
            Verb::Message if self.exp.messengers.is_some() => {
                self.check_message(step, act, placing, turn).map(Some)
            }
            Verb::Choose if self.exp.messengers.is_some() => self
                .check_choose(step, act, placing, turn, steps)
                .map(|()| None),
            // The order of the turn's scores (`score:x,y/SPOT`), which
            // decides which score a robber takes (SPEC 4.5) and which pawn
            // moves.
            Verb::Score if self.exp.messengers.is_some() || self.exp.robbers.is_some() => {
                self.check_pawn(step, act, placing, turn, steps)
            }
            Verb::Circle if self.exp.circles => {
                self.check_circle_choice(step, act, placing, turn).map(Some)
            }
            Verb::Add | Verb::Remove | Verb::Pass if self.exp.circles => {
                self.check_circle_act(step, act, placing, turn).map(Some)
            }
            Verb::Capture if self.exp.tower.is_some() => self
                .check_capture(step, act, placing, turn, steps)
                .map(Some),
            Verb::Exchange if self.exp.tower.is_some() => {
                self.check_exchange(step, act, turn, steps).map(|()| None)
            }
            Verb::Ransom if self.exp.tower.is_some() => {
                self.check_ransom(step, act, placing, turn).map(Some)
            }
            Verb::Dragon if self.exp.dragon.is_some() => {
                self.check_dragon_step(step, act, placing, turn).map(Some)
            }
            Verb::Princess if self.exp.dragon.is_some() => {
                self.check_princess(step, act, placing, turn).map(Some)
            }
            Verb::Gold if self.exp.gold.is_some() => {
                self.check_gold(step, act, placing, turn).map(Some)
            }
            Verb::Ingot if self.exp.gold.is_some() => self.check_ingot(step, act, turn).map(Some),
            Verb::Fly if self.expansions.contains(Expansion::FlyingMachines) => {
                self.check_fly(step, act, placing, turn).map(Some)
            }
            Verb::Robber if self.exp.robbers.is_some() => {
                self.check_robber(step, act, placing, turn).map(Some)
            }
            Verb::Rob if self.exp.robbers.is_some() => self.check_rob(step, act, placing).map(Some),
            Verb::Ferry if self.exp.ferries.is_some() => {
                self.check_ferry(step, act, placing, turn).map(Some)
            }
            Verb::Mage | Verb::Witch if self.exp.magic.is_some() => {
                self.check_magic(step, act, placing, turn).map(Some)
            }
            _ => Err(Violation::UnknownAction { step }),
        }
    }

    /// [`Game::check_act`]: whether an act comes where the expansions' order
    /// of a turn's acts lets it, once a message, the crop circle's effect or
    /// a ferry is written. The Messengers: the messages and the pawns come
    /// after every other act but the crop circle's effect, which comes after
    /// them. The Crop Circles: the circle's effect comes last. The Ferries:
    /// what belongs to the figure comes before the ferries ("2. Place a
    /// follower or not 3. Set a ferry 4. Move the ferry 5. Score"), but for
    /// the acts of an expansion in play that checks their order itself.
    ///
    /// # Errors
    /// [`Violation::Message`], [`Violation::CropCircle`] or
    /// [`Violation::Ferry`].
    #[cold]
    #[inline(never)]
    fn check_act_order(
        &self,
        step: usize,
        act: &ActToken<'_>,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        let verb = act.verb;
        let circle_verb = matches!(verb, Verb::Circle | Verb::Add | Verb::Remove | Verb::Pass);
        let message_verb = matches!(verb, Verb::Message | Verb::Choose | Verb::Score);
        if self.exp.messengers.is_some() {
            // The Crop Circles: "he places it and completes his turn as per
            // the normal rules. He then decides for every player": the
            // messages are part of the turn.
            if turn.circle && message_verb {
                return Err(Violation::Message {
                    step: Some(step),
                    reason: "the messages come before the crop circle's effect".to_string(),
                });
            }
            if turn.message && !message_verb && !circle_verb {
                return Err(Violation::Message {
                    step: Some(step),
                    reason: format!("{} comes before the messages", act.word),
                });
            }
        }
        if self.exp.circles && turn.circle && !circle_verb {
            return Err(Violation::CropCircle {
                step,
                reason: "the crop circle's effect comes after the turn's other actions".to_string(),
            });
        }
        if self.exp.ferries.is_some() && turn.ferry_step {
            // The verbs of the figure whose expansion is not in play before
            // The Ferries' (Mage & Witch's come after it).
            let figure_verb = match verb {
                Verb::Capture | Verb::Exchange | Verb::Ransom => self.exp.tower.is_none(),
                Verb::Princess => self.exp.dragon.is_none(),
                Verb::Gold => self.exp.gold.is_none(),
                Verb::Fly => !self.expansions.contains(Expansion::FlyingMachines),
                Verb::Robber => self.exp.robbers.is_none(),
                Verb::Mage | Verb::Witch => true,
                _ => false,
            };
            if figure_verb {
                return Err(Violation::Ferry {
                    step,
                    reason: format!("{} comes before the ferries", act.word),
                });
            }
        }
        Ok(())
    }

    /// [`Phase::Figures`]: a figure an earlier action of the turn made due,
    /// checked by its expansion (The Flying Machines: after `fly:D`, the
    /// flier's landing); `None` when no action made one due.
    pub(in crate::rules) fn check_figure_due(
        &self,
        step: usize,
        target: &TargetToken,
        name: Option<&str>,
        place: Option<Place>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Option<Result<Step, Violation>> {
        turn.flight.filter(|f| !f.landed)?;
        let at = target.pos.unwrap_or(placing.pos);
        Some(
            self.check_figure_expansions(step, name, at, placing, turn)
                .and_then(|()| self.check_landing(step, name, at, place, placing, turn)),
        )
    }

    /// [`Phase::Figures`]: a figure put anywhere but on a feature of the tile
    /// just placed, as an expansion allows (The Tower: a tower piece on any
    /// tower, a follower closing one).
    ///
    /// # Errors
    /// [`Violation::FigureOffTile`] where no expansion in play allows it, or
    /// the expansion's fault.
    pub(in crate::rules) fn check_figure_elsewhere(
        &self,
        step: usize,
        name: Option<&str>,
        at: Pos,
        place: Option<Place>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        if self.exp.tower.is_some() && place == Some(Place::Tower) {
            return self.check_tower_figure(step, name, at, placing, turn);
        }
        if self.exp.dragon.is_some() {
            match (name, place) {
                (Some("fairy"), _) => return self.check_fairy(step, at, place, placing, turn),
                (_, Some(Place::Spot(spot))) => {
                    return self.check_portal(step, name, at, spot, placing, turn);
                }
                _ => {}
            }
        }
        Err(Violation::FigureOffTile { step })
    }

    /// Whether an expansion in play lets a turn's figure go elsewhere than on
    /// its tile (so that a figure after the turn's first is a second one).
    pub(in crate::rules) fn places_figures_off_tile(&self) -> bool {
        self.exp.tower.is_some() || self.exp.dragon.is_some()
    }

    /// [`Phase::Figures`]: what the expansions in play say of the turn's
    /// figure, wherever it goes (`at`), before its own rules (The Princess &
    /// the Dragon: none on the volcano or where the dragon stands, none after
    /// the princess, none after the dragon's journey began).
    ///
    /// # Errors
    /// The expansion's fault.
    pub(in crate::rules) fn check_figure_expansions(
        &self,
        step: usize,
        name: Option<&str>,
        at: Pos,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        // The Messengers: "USE MESSAGE TILES" comes after the scoring, which
        // comes after the figures.
        if turn.message {
            // Message 7's tile is a turn of its own, written on the next line
            // with its figure (SPEC 6.14).
            let reason = if turn.tile_message {
                "message 7 gives a tile, not a follower: its tile is the next turn, the same player's, written on its own line with its figure"
            } else {
                "the figure comes before the messages"
            };
            return Err(Violation::Message {
                step: Some(step),
                reason: reason.to_string(),
            });
        }
        if self.exp.dragon.is_some() {
            Self::check_after_princess(step, turn)?;
            let follower = name.is_none_or(|n| {
                crate::figures::Figure::from_notation(n).is_some_and(|f| f.is_follower())
            });
            self.check_dragon_tile_free(step, at, placing, follower)?;
        }
        if turn.circle {
            return Err(Violation::CropCircle {
                step,
                reason: "the crop circle's effect comes after the turn's figure".to_string(),
            });
        }
        if self.exp.gold.is_some() && turn.ingots {
            return Err(Violation::GoldDistribution {
                step,
                reason: "the ingots are handed out after the figure".to_string(),
            });
        }
        if turn.ferry_step {
            return Err(Violation::Ferry {
                step,
                reason: "the figure comes before the ferries: \"2. Place a follower or not 3. Set a ferry\"".to_string(),
            });
        }
        Ok(())
    }

    /// [`Phase::Figures`]: plays a checked action. The acts played at
    /// another phase do nothing here, without a call.
    #[inline(always)]
    pub(in crate::rules) fn apply_step(&mut self, step: Step) {
        if plays_at_figures(&step.act) {
            self.apply_figure_step(step);
        }
    }

    /// [`Game::apply_step`] of an act played at [`Phase::Figures`]: a
    /// figure or a piece put, taken or moved.
    #[inline(never)]
    fn apply_figure_step(&mut self, step: Step) {
        match step.act {
            Act::TowerPiece { .. }
            | Act::CloseTower { .. }
            | Act::Capture { .. }
            | Act::Ransom { .. } => self.apply_tower_step(step),
            Act::Fairy { .. } | Act::Portal { .. } | Act::Princess { .. } => {
                self.apply_dragon_step(step);
            }
            Act::Gold { mine, pos } => self.apply_gold_step(mine, pos),
            Act::Land { pos, node, figure } => self.put_follower(step.actor, pos, node, figure),
            Act::Magic { pawn, to } => self.apply_magic_step(pawn, to),
            Act::Ferry { pos, ends } => self.apply_ferry_step(pos, ends),
            Act::Robber { beside } => self.apply_robber_step(step.actor, beside),
            // Played at another phase ([`plays_at_figures`]).
            _ => {}
        }
    }

    /// Points the last turn moved from one player to another (The Tower:
    /// ransoms), as (payer, payee, points): a claim counts them.
    pub fn turn_transfers(&self) -> impl Iterator<Item = (Player, Player, u32)> + '_ {
        self.exp
            .tower
            .iter()
            .flat_map(|t| t.ransoms.iter().map(|(p, j)| (*p, *j, tower::RANSOM)))
    }

    /// The end of a turn's actions: what the expansions still need written.
    ///
    /// # Errors
    /// [`Violation::ActionNotAllowed`]: an exchange whose choice is missing.
    pub(in crate::rules) fn check_actions_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        if let Some((step, _)) = turn.exchange_due {
            return Err(Violation::ActionNotAllowed {
                step,
                reason: "an exchange is due and its owner holds both kinds of the player's followers: write exchange:follower or exchange:big after the capture".to_string(),
            });
        }
        if self.exp.dragon.is_some() {
            self.check_dragon_done(placing, turn)?;
        }
        if self.exp.gold.is_some() {
            self.check_gold_done(placing, turn)?;
        }
        if turn.flight.is_some() {
            self.check_flight_done(placing, turn)?;
        }
        if self.exp.magic.is_some() {
            self.check_magic_done(placing, turn)?;
        }
        if self.exp.ferries.is_some() {
            self.check_ferry_done(placing, turn)?;
        }
        Ok(())
    }

    /// [`Phase::AfterScore`], once the turn is complete: what the expansions
    /// check on the board the turn leaves (The Crop Circles: each player's
    /// action under the circle's effect; The Messengers: the messages and
    /// pawns; The Robbers: the robbers' choices).
    ///
    /// `played`: whether the checks made on a copy that plays the move are
    /// made (else the caller reads the turn's fault on the game once it is
    /// played, [`Game::turn_fault`]).
    ///
    /// # Errors
    /// [`Violation::CropCircle`], [`Violation::Message`] or [`Violation::Robber`].
    #[inline(always)]
    pub(in crate::rules) fn check_after_turn(
        &self,
        mv: &mut super::Move,
        placing: Option<&Placing>,
        played: bool,
    ) -> Result<(), Violation> {
        // Most tiles show no crop circle.
        if self.exp.circles
            && let Some(kind) = self.circle_of(mv.tile)
        {
            self.check_circle_actions(mv, kind, placing)?;
        }
        if !played {
            return Ok(());
        }
        if self.exp.messengers.is_some() {
            self.check_messages(mv, placing)?;
        } else if self.exp.robbers.is_some() {
            self.check_robbing(mv)?;
        }
        Ok(())
    }

    /// [`Phase::AfterScore`], last: what the expansions do once the turn is
    /// complete (a `score:` act the turn's scoring did not use; The Crop
    /// Circles: each player's action under the circle's effect).
    #[inline(always)]
    pub(in crate::rules) fn after_turn_expansions(&mut self, steps: &[Step]) {
        if self.exp.order.is_some() {
            self.unmatched_scores(steps);
        }
        if self.exp.circles {
            self.crop_circle(steps);
        }
    }

    /// [`Phase::TurnStart`]: points due when a turn begins (The Princess &
    /// the Dragon: the fairy's point), added to the score and to the turn's
    /// events.
    #[inline(always)]
    pub(in crate::rules) fn turn_start_expansions(&mut self, player: Player) {
        if self.exp.dragon.is_some() {
            let second = self.exp.traders.second_turn;
            self.fairy_turn_start(player, second);
        }
    }

    /// Whether the dragon moves before the turn's scoring
    /// (`dragon-before-scoring`) rather than after it (the rule's text).
    pub(in crate::rules) fn dragon_before_scoring(&self) -> bool {
        self.variants()
            .contains(super::variants::Variant::DragonBeforeScoring)
    }

    /// [`Phase::Score`], after the features' points: what the expansions add
    /// for the features scored in `events` from `first` on (the fairy).
    #[inline(always)]
    pub(in crate::rules) fn scored_expansions(&self, events: &mut Vec<ScoreEvent>, first: usize) {
        if self.exp.dragon.is_some() {
            self.fairy_scored(events, first);
        }
        if self.exp.magic.is_some() {
            self.magic_scored(events, first);
        }
    }

    /// The fault of a turn by a seat whose turn it is not: the builder's
    /// double turn taken a third time (Traders & Builders), or the wrong
    /// player.
    pub(in crate::rules) fn out_of_turn(&self, player: Player) -> Violation {
        let t = &self.exp.traders;
        // Traders & Builders (2000): "He may not take a third turn!"
        if t.last == Some((player, true)) {
            Violation::NoThirdTurn
        } else {
            Violation::WrongPlayer {
                expected: self.next,
                double_turn: t.second_turn,
            }
        }
    }

    /// The River's spring at `0,0`, with the river tiles and the lake still to
    /// draw.
    fn spring(&self) -> Option<River> {
        let catalog = self.catalog;
        let start = catalog.start_of(Expansion::River.name())?;
        let mask = catalog.def(start).at(Rotation::R0).river;
        let lake = catalog.last_of(Expansion::River.name());
        let rivers = catalog
            .set(Expansion::River.name())
            .filter(|(id, _)| Some(*id) != lake)
            .map(|(id, _)| u32::from(self.remaining_of(id)))
            .sum();
        let lakes = lake.map_or(0, |l| self.remaining_of(l));
        Some(River::from_spring(
            Pos::new(0, 0),
            mask,
            rivers,
            lake,
            lakes,
        ))
    }
}

/// Whether a checked act is played at [`Phase::Figures`] (a figure or a
/// piece put, taken or moved), by [`Game::apply_step`]; the others do
/// nothing then.
#[inline(always)]
fn plays_at_figures(act: &Act) -> bool {
    match act {
        Act::TowerPiece { .. }
        | Act::CloseTower { .. }
        | Act::Capture { .. }
        | Act::Ransom { .. }
        | Act::Fairy { .. }
        | Act::Portal { .. }
        | Act::Princess { .. }
        | Act::Gold { .. }
        | Act::Land { .. }
        | Act::Magic { .. }
        | Act::Ferry { .. }
        | Act::Robber { .. } => true,
        // Moved at their phase: [`Game::dragon_journey`].
        Act::DragonStep { .. }
        // Taken at their phase: [`Game::distribute_gold`].
        | Act::Ingot { .. }
        // The flight itself moves nothing: its landing does.
        | Act::Fly { .. }
        // Played once the turn is complete: [`Game::after_turn_expansions`].
        | Act::CircleChoice { .. }
        | Act::Circle { .. }
        // Used when the turn is scored: [`Game::rob`].
        | Act::Rob { .. }
        // Used once the turn is scored: [`Game::deliver_messages`].
        | Act::Message { .. }
        | Act::Pawn { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Edition;
    use crate::notation::TurnInput;
    use crate::rules::generated_games::{EVERY_EXPANSION, generated};

    /// [`Game::check_act`] as the expansions' chain states it: each
    /// expansion in play in the order of [`Expansion::ALL`] checks its verbs
    /// or the order of the acts, the first to answer deciding.
    fn check_act_in_chain(
        game: &Game<'_>,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
        steps: &mut Steps,
    ) -> Result<Option<Step>, Violation> {
        let verb = act.verb;
        if game.exp.messengers.is_some() {
            // The Crop Circles: "he places it and completes his turn as per
            // the normal rules. He then decides for every player": the
            // messages are part of the turn.
            if turn.circle && matches!(verb, Verb::Message | Verb::Choose | Verb::Score) {
                return Err(Violation::Message {
                    step: Some(step),
                    reason: "the messages come before the crop circle's effect".to_string(),
                });
            }
            match verb {
                Verb::Message => return game.check_message(step, act, placing, turn).map(Some),
                Verb::Choose => {
                    return game
                        .check_choose(step, act, placing, turn, steps)
                        .map(|()| None);
                }
                Verb::Score => return game.check_pawn(step, act, placing, turn, steps),
                Verb::Circle | Verb::Add | Verb::Remove | Verb::Pass => {}
                _ if turn.message => {
                    return Err(Violation::Message {
                        step: Some(step),
                        reason: format!("{} comes before the messages", act.word),
                    });
                }
                _ => {}
            }
        }
        if game.exp.circles {
            match verb {
                Verb::Circle => {
                    return game.check_circle_choice(step, act, placing, turn).map(Some);
                }
                Verb::Add | Verb::Remove | Verb::Pass => {
                    return game.check_circle_act(step, act, placing, turn).map(Some);
                }
                _ if turn.circle => {
                    return Err(Violation::CropCircle {
                        step,
                        reason: "the crop circle's effect comes after the turn's other actions"
                            .to_string(),
                    });
                }
                _ => {}
            }
        }
        if game.exp.tower.is_some() {
            match verb {
                Verb::Capture => {
                    return game
                        .check_capture(step, act, placing, turn, steps)
                        .map(Some);
                }
                Verb::Exchange => {
                    return game.check_exchange(step, act, turn, steps).map(|()| None);
                }
                Verb::Ransom => return game.check_ransom(step, act, placing, turn).map(Some),
                _ => {}
            }
        }
        if game.exp.dragon.is_some() {
            match verb {
                Verb::Dragon => return game.check_dragon_step(step, act, placing, turn).map(Some),
                Verb::Princess => return game.check_princess(step, act, placing, turn).map(Some),
                _ => {}
            }
        }
        if game.exp.gold.is_some() {
            match verb {
                Verb::Gold => return game.check_gold(step, act, placing, turn).map(Some),
                Verb::Ingot => return game.check_ingot(step, act, turn).map(Some),
                _ => {}
            }
        }
        if verb == Verb::Fly && game.expansions.contains(Expansion::FlyingMachines) {
            return game.check_fly(step, act, placing, turn).map(Some);
        }
        if game.exp.robbers.is_some() {
            match verb {
                Verb::Robber => return game.check_robber(step, act, placing, turn).map(Some),
                Verb::Rob => return game.check_rob(step, act, placing).map(Some),
                // The order of the turn's scores (`score:x,y/SPOT`), which
                // decides which score a robber takes (SPEC 4.5).
                Verb::Score => return game.check_pawn(step, act, placing, turn, steps),
                _ => {}
            }
        }
        if game.exp.ferries.is_some() {
            if verb == Verb::Ferry {
                return game.check_ferry(step, act, placing, turn).map(Some);
            }
            // "2. Place a follower or not 3. Set a ferry 4. Move the ferry 5.
            // Score": what belongs to the figure comes before the ferries.
            if turn.ferry_step
                && matches!(
                    verb,
                    Verb::Gold
                        | Verb::Robber
                        | Verb::Mage
                        | Verb::Witch
                        | Verb::Fly
                        | Verb::Capture
                        | Verb::Exchange
                        | Verb::Ransom
                        | Verb::Princess
                )
            {
                return Err(Violation::Ferry {
                    step,
                    reason: format!("{} comes before the ferries", act.word),
                });
            }
        }
        if game.exp.magic.is_some() && matches!(verb, Verb::Mage | Verb::Witch) {
            return game.check_magic(step, act, placing, turn).map(Some);
        }
        Err(Violation::UnknownAction { step })
    }

    /// Every verb, checked after each set of the acts that order a turn's
    /// acts (a message, the crop circle's effect, a ferry), gives what the
    /// chain of the expansions gives: the same fault, or the same step.
    #[test]
    fn acts_are_checked_as_the_chain_of_the_expansions() {
        let catalog = crate::tiles::TileCatalog::embedded().expect("the catalog");
        let words = [
            "message", "choose", "score", "circle", "add", "remove", "pass", "capture", "exchange",
            "ransom", "dragon", "princess", "gold", "ingot", "fly", "robber", "rob", "ferry",
            "mage", "witch", "other",
        ];
        for sets in [
            EVERY_EXPANSION,
            "messengers",
            "messengers,crop-circles-1",
            "crop-circles-1,robbers,tower",
            "ferries",
            "ferries,mage-and-witch,gold-mines",
            "ferries,robbers,flying-machines,princess-and-dragon",
        ] {
            let (game, record) = generated(&catalog, sets, Edition::HiG2012, 3, 7);
            let first = record.turns.first().expect("a turn");
            let placing = game
                .placing_of(&TurnInput::of(first))
                .expect("a tile placed");
            for word in words {
                let act = ActToken {
                    verb: Verb::of(word),
                    word,
                    arg: None,
                    player: None,
                };
                for flags in 0..8u8 {
                    let turn = TurnActions {
                        message: flags & 1 != 0,
                        circle: flags & 2 != 0,
                        ferry_step: flags & 4 != 0,
                        ..TurnActions::default()
                    };
                    let (mut a, mut b) = (turn.clone(), turn);
                    let (mut steps_a, mut steps_b) = (Steps::new(), Steps::new());
                    let found = game.check_act(3, &act, &placing, &mut a, &mut steps_a);
                    let chained =
                        check_act_in_chain(&game, 3, &act, &placing, &mut b, &mut steps_b);
                    assert_eq!(found, chained, "{sets}: {word}, flags {flags}");
                    assert_eq!(steps_a, steps_b, "{sets}: {word}, flags {flags}");
                }
            }
        }
    }
}
