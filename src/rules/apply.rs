//! Playing a move: [`Game::apply`] and what it changes (the tiles, the
//! figures, the scores), and the plays that check and apply at once for a
//! verdict.

use super::{
    Act, Action, FollowerMove, Game, Move, Step, Steps, TurnInput, Violation, expansions,
    same_name, scoring,
};
use crate::board::{PlacedTile, Pos};
use crate::features::{Follower, NodeId, node_of};
use crate::figures::Figure;
use crate::notation::TurnRecord;
use crate::player::Player;
use crate::score::ScoreEvent;
use crate::tiles::{Rotation, TileId};

impl<'c> Game<'c> {
    /// [`Game::check`], then [`Game::apply`]: whether the turn is legal, the
    /// game played on if it is. For a verdict alone, where a game found at
    /// fault is set aside and checked afresh by [`Game::check`] for its
    /// report: once `false` is returned, the game is not to be played on.
    pub fn play_for_verdict(&mut self, turn: &TurnInput<'_>) -> bool {
        let next_named = self.distinct_names
            && self
                .setup
                .players
                .get(self.next.index())
                .is_some_and(|n| same_name(n, turn.player));
        let due = turn.number == self.turn.saturating_add(1)
            && (next_named || self.seat(turn.player) == Some(self.next));
        due && self.play_due_for_verdict(turn)
    }

    /// [`Game::play_for_verdict`] of a turn known to be the one due
    /// (numbered next, by the seat whose turn it is), as
    /// [`Game::check_due`] takes it.
    #[inline(always)]
    pub fn play_due_for_verdict(&mut self, turn: &TurnInput<'_>) -> bool {
        if self.exp.every_turn {
            return self.play_due_with_actions_for_verdict(turn);
        }
        let Ok(mv) = self.check_due_as::<false>(turn, None) else {
            return false;
        };
        self.apply(mv);
        true
    }

    /// [`Game::play_due_for_verdict`] where an expansion in play has rules
    /// for every turn: [`Game::check_due_with_actions`], but for The Gold
    /// Mines' distribution, which is checked on the game the move leaves
    /// ([`Game::apply_checking_gold`]) rather than on a copy played ahead.
    #[cold]
    #[inline(never)]
    fn play_due_with_actions_for_verdict(&mut self, turn: &TurnInput<'_>) -> bool {
        // A turn none of the expansions looks at: the basic game's check,
        // then what is read on the game the move leaves, as below (no
        // robber's choice written).
        if let Some(placing) = self.quiet_placing(turn, false) {
            let Ok(mv) = self.check_due_as::<false>(turn, Some(&placing)) else {
                return false;
            };
            let legal = if self.exp.gold.is_some() {
                self.apply_checking_gold(mv)
            } else {
                self.apply(mv);
                true
            };
            return legal && (self.exp.messengers.is_none() || self.turn_fault(&[]).is_ok());
        }
        let placing = self.placing_of(turn);
        let Ok(mut mv) = self.check_due_as::<true>(turn, placing.as_ref()) else {
            return false;
        };
        // The Messengers: the messages and pawns (and the robbers' choices)
        // are judged on the game the move leaves, not on a copy.
        let afterwards = self.exp.messengers.is_some();
        if self
            .check_after_turn(&mut mv, placing.as_ref(), !afterwards)
            .is_err()
        {
            return false;
        }
        let written = afterwards.then(|| expansions::robbers::written_choices(&mv));
        let legal = if self.exp.gold.is_some() {
            self.apply_checking_gold(mv)
        } else {
            self.apply_keeping_room(mv);
            true
        };
        legal && written.is_none_or(|w| self.turn_fault(&w).is_ok())
    }

    /// Plays a checked move and returns the scoring it causes (the game keeps
    /// the events until its next move). Cannot fail: a move from [`Game::check`]
    /// (or built from [`Game::legal_placements`] and [`Game::legal_followers`])
    /// is legal by construction.
    #[inline(always)]
    pub fn apply(&mut self, mv: Move) -> &[ScoreEvent] {
        self.events.clear();
        match mv.action {
            // The basic game's move: no expansion in play is asked.
            Action::Place {
                pos,
                rotation,
                follower,
            } if self.exp.plain && mv.steps.is_empty() => {
                self.draw_plain(mv.tile);
                self.play_placed_plain(mv.player, mv.tile, pos, rotation, follower);
            }
            _ => {
                self.play_move(mv);
            }
        }
        &self.events
    }

    /// [`Game::apply`], the events going to `self.events` (empty). Inlined
    /// into its callers: a move just checked is taken apart where it was
    /// made, and the placement's body gets its parts as separate values
    /// rather than the move stored and read back whole.
    #[inline(always)]
    fn play_move(&mut self, mv: Move) -> Steps {
        self.draw(mv.tile);
        match mv.action {
            // Rulebook (2012, "Placing Land tiles"): "the player returns the tile to the
            // box … and draws another tile" — the same player goes on.
            Action::Discard => {}
            Action::Aside => self.set_aside(mv.tile),
            Action::Place {
                pos,
                rotation,
                follower,
            } => self.play_placed(
                mv.player,
                mv.tile,
                pos,
                rotation,
                follower,
                &mv.steps,
                mv.figure_at,
            ),
        }
        mv.steps
    }

    /// [`Game::apply`], the room of the move's steps kept for the next
    /// move's ([`SpareSteps`](super::SpareSteps)).
    pub(in crate::rules) fn apply_keeping_room(&mut self, mv: Move) {
        self.events.clear();
        let mut steps = self.play_move(mv);
        // A move checked without actions took no room: the spare one stays.
        if steps.capacity() > 0 {
            steps.clear();
            self.spare_steps.0.set(steps);
        }
    }

    /// The start of every move: the turn is counted and its tile leaves the
    /// supply.
    #[inline(always)]
    fn draw(&mut self, tile: TileId) {
        self.draw_plain(tile);
        self.drawn_expansions(tile);
    }

    /// [`Game::draw`] in a game where no expansion in play does anything as
    /// a tile is drawn ([`ExpansionState::plain`](expansions::ExpansionState)).
    #[inline(always)]
    fn draw_plain(&mut self, tile: TileId) {
        self.turn = self.turn.saturating_add(1);
        if let Some(n) = self.supply.get_mut(tile.index()) {
            *n = n.saturating_sub(1);
        }
        self.remaining = self.remaining.saturating_sub(1);
    }

    /// The rest of a move that places its tile: the tile, its figure and the
    /// scoring they cause.
    #[allow(clippy::too_many_arguments)]
    fn play_placed(
        &mut self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        follower: Option<FollowerMove>,
        steps: &[Step],
        figure_at: u8,
    ) {
        // Phase::TurnStart: points due before the tile, and their robbing.
        let dragon = self.exp.dragon.is_some();
        if dragon {
            self.turn_start_expansions(player);
            if self.exp.robbers.is_some() && !self.events.is_empty() {
                self.rob_turn_start();
            }
        }
        // Phase::Place: the tile, then what the expansions do when it lies.
        let placed = self.put_tile(tile, pos, rotation, self.turn);
        let another_turn = self.placed_expansions(&placed, player);
        // Phase::Figures: the turn's actions in their order, its figure on its
        // tile among them.
        let (before, after) = steps.split_at(usize::from(figure_at).min(steps.len()));
        for s in before {
            self.apply_step(*s);
        }
        if let Some(f) = follower {
            self.put_own_follower(player, &placed, f);
        }
        for s in after {
            self.apply_step(*s);
        }
        // Phase::Others: the dragon's journey, before the scoring or after it.
        let journey = dragon && !steps.is_empty();
        let dragon_first = journey && self.dragon_before_scoring();
        if dragon_first {
            self.dragon_journey(steps);
        }
        // Phase::Score: what the expansions take from the features the tile
        // completes, then the points.
        self.completing_expansions(player);
        // Rulebook (2012, "Followers go back"): "1. Complete a road, a city or a
        // monastery with the new tile. 2. Place a thief, knight or monk. 3. Score …
        // 4. Return the thief, knight or monk to its supply." Scoring therefore comes
        // after the follower placement of the same turn.
        // Most tiles complete nothing that holds a follower: nothing scores then.
        // An action (a step) may complete what the tile alone did not.
        let scoring_from = self.events.len();
        if scoring::may_score(self, &placed)
            || (!steps.is_empty() && self.may_score_expansions(&placed))
        {
            self.score_placed(&placed, player, steps);
        }
        // Phase::AfterScore: the dragon's journey by the rule's text.
        if journey && !dragon_first {
            self.dragon_journey(steps);
        }
        // Phase::AfterScore: "USE MESSAGE TILES". A turn that scores nothing
        // and writes no action moves no pawn and uses no message.
        if self.exp.messengers.is_some() && (self.events.len() > scoring_from || !steps.is_empty())
        {
            self.deliver_messages(player, steps, scoring_from);
        }
        // Phase::AfterScore, last: what the expansions do once the turn is
        // complete (the crop circles; the `score:` acts the scoring did not
        // use).
        if !steps.is_empty() {
            self.after_turn_expansions(steps);
        }
        // Phase::TurnEnd: the next seat, unless an expansion gives the player
        // another turn.
        if !self.turn_end_expansions(player, another_turn) {
            self.next = self.seat_after(player);
        }
    }

    /// [`Game::play_placed`]'s scoring, where the tile (or a step) may have
    /// completed a feature: the features' points, then what the expansions
    /// take from them or add to them. Out of line: most turns score nothing,
    /// and the move every turn runs stays small.
    #[inline(never)]
    fn score_placed(&mut self, placed: &PlacedTile, player: Player, steps: &[Step]) {
        let mut events = std::mem::take(&mut self.events);
        let first = events.len();
        scoring::completed_by(self, placed, &mut events);
        if events.len() > first {
            self.scored_expansions(&mut events, first);
            // The order of the scores the turn writes, and the pawns
            // (The Messengers, The Robbers: `score:` acts).
            if self.exp.order.is_some() && !steps.is_empty() {
                self.order_scores(&mut events, first, steps, player);
            }
            if self.exp.robbers.is_some() {
                self.rob(&mut events, first, steps, false);
            }
            self.settle(events.get(first..).unwrap_or_default());
            // Phase::AfterScore: "5. Distribute gold ingots".
            if self.exp.gold.is_some() {
                self.distribute_gold(player, steps, events.get(first..).unwrap_or_default());
            }
            self.forget_freed_monks();
        }
        self.events = events;
    }

    /// [`Game::play_placed`] of a move with no actions in a game where no
    /// expansion in play does anything as a tile is placed and scored
    /// ([`ExpansionState::plain`](expansions::ExpansionState)): the same
    /// phases, without asking the expansions, each of which would do
    /// nothing (the basic game's move, one test rather than one an
    /// expansion). A game's start lays its start tile with it too.
    #[inline(never)]
    pub(in crate::rules) fn play_placed_plain(
        &mut self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        follower: Option<FollowerMove>,
    ) {
        let placed = self.put_tile(tile, pos, rotation, self.turn);
        if let Some(f) = follower {
            self.put_own_follower(player, &placed, f);
        }
        if scoring::may_score(self, &placed) {
            let mut events = std::mem::take(&mut self.events);
            let first = events.len();
            scoring::completed_by(self, &placed, &mut events);
            if events.len() > first {
                self.settle(events.get(first..).unwrap_or_default());
                self.forget_freed_monks();
            }
            self.events = events;
        }
        // No tile earns another turn: the seat after the player's.
        self.exp.traders.turn_ended(player, false);
        self.next = self.seat_after(player);
    }

    /// Checks and applies a written turn, and returns the scoring it causes.
    ///
    /// # Errors
    /// As [`Game::check`]; the state is unchanged on error.
    pub fn play(&mut self, turn: &TurnRecord) -> Result<Vec<ScoreEvent>, Violation> {
        let mv = self.check(&TurnInput::of(turn))?;
        self.apply(mv);
        Ok(std::mem::take(&mut self.events))
    }

    /// Scores every incomplete feature and every farm (the game's end), adds them
    /// to the scores and returns the events (the game keeps them until its next
    /// move).
    pub fn finish(&mut self) -> &[ScoreEvent] {
        let mut events = std::mem::take(&mut self.events);
        events.clear();
        if self.exp.messengers.is_some() {
            self.add_messengers();
        }
        scoring::final_scoring(self, &mut events);
        if self.exp.robbers.is_some() {
            self.rob(&mut events, 0, &[], false);
        }
        self.settle(&events);
        self.events = events;
        &self.events
    }

    /// Adds the points of scoring events and returns the followers they free
    /// (farmers stay: they are scored only at the end).
    pub(in crate::rules) fn settle(&mut self, events: &[ScoreEvent]) {
        if let Some(m) = &mut self.exp.messengers {
            for e in events {
                for p in &e.messengers {
                    if let Some(t) = m.messenger.get_mut(*p) {
                        *t = t.saturating_add(e.points_for_winner(*p));
                    }
                }
            }
        }
        for e in events {
            for p in &e.winners {
                let points = e.points_for_winner(*p);
                if let Some(s) = self.score.get_mut(*p) {
                    *s = s.saturating_add(points);
                }
            }
            if e.returns_followers {
                for f in &self.features.take_followers(e.node) {
                    if let Some(s) = self.in_hand.get_mut(f.player) {
                        s.give(f.figure);
                    }
                }
            }
        }
    }

    #[inline(always)]
    pub(in crate::rules) fn put_tile(
        &mut self,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        turn: u32,
    ) -> PlacedTile {
        let mut placed = PlacedTile {
            tile,
            pos,
            rotation,
            turn,
            first_node: self.features.node_count(),
        };
        let (index, neighbours) = self.board.insert_beside(self.catalog, placed);
        placed.first_node = self
            .features
            .add_tile(self.catalog, neighbours, index, &placed);
        placed
    }

    /// The game after a checked move, played on a copy without explanations
    /// (a look at a move's outcome, which `check` may not make on the game
    /// itself): `prepare` readies the copy before the move (an expansion
    /// clearing what it reads back from it), `keep` says which of the move's
    /// steps are played (those checked on the outcome are left out).
    pub(in crate::rules) fn played_copy(
        &self,
        mv: &Move,
        prepare: impl FnOnce(&mut Game<'c>),
        keep: impl Fn(&Act) -> bool,
    ) -> Game<'c> {
        let mut copy = self.clone();
        copy.set_explanations(false);
        prepare(&mut copy);
        let mut plain = mv.clone();
        plain.steps.retain(|s| keep(&s.act));
        copy.apply(plain);
        copy
    }

    /// A follower of `player` put on the segment `node` of the tile at
    /// `pos`, from the player's supply, off the turn's own tile (The Princess
    /// & the Dragon's magic portal, The Flying Machines' landing).
    pub(in crate::rules) fn put_follower(
        &mut self,
        player: Player,
        pos: Pos,
        node: NodeId,
        figure: Figure,
    ) {
        if let Some(s) = self.in_hand.get_mut(player) {
            s.take(figure);
        }
        let tile = self.board.index_at(pos).unwrap_or(0);
        self.features.add_follower(Follower {
            player,
            node,
            tile,
            turn: self.turn,
            figure,
        });
        if self.monastery_at(pos) == Some(node) {
            self.monks.push((pos, node));
        }
    }

    /// Sends one figure home from the feature of a segment: the follower of
    /// `owner` of a kind standing on that segment, and, if it was `owner`'s
    /// last follower there, `owner`'s builder or pig with it (The Tower,
    /// 2000: "When a player's last thief, knight, or farmer is taken from a
    /// road or city with his builder or a field with his pig, he removes the
    /// builder or pig, returning it to his supply"). The follower itself goes
    /// where the caller says; the builder and the pig go to the supply.
    pub(in crate::rules) fn send_home_from(&mut self, node: NodeId, owner: Player, figure: Figure) {
        if self
            .features
            .take_figure(node, |x| {
                x.node == node && x.player == owner && x.figure == figure
            })
            .is_none()
        {
            return;
        }
        let last = self.features.feature(node).is_none_or(|f| {
            !f.followers()
                .any(|x| x.player == owner && x.figure.is_follower())
        });
        if last {
            while let Some(f) = self.features.take_figure(node, |x| {
                x.player == owner && matches!(x.figure, Figure::Builder | Figure::Pig)
            }) {
                if let Some(s) = self.in_hand.get_mut(owner) {
                    s.give(f.figure);
                }
            }
        }
        self.forget_freed_monks();
    }

    /// The turn's follower put on a segment of its own tile, just placed,
    /// from the player's supply; a monk is listed with the monasteries held.
    #[inline(always)]
    fn put_own_follower(&mut self, player: Player, placed: &PlacedTile, f: FollowerMove) {
        let node = node_of(placed, f.segment);
        if let Some(s) = self.in_hand.get_mut(player) {
            s.take(f.figure);
        }
        self.features.add_follower(Follower {
            player,
            node,
            tile: self.board.len() as u32 - 1,
            turn: self.turn,
            figure: f.figure,
        });
        if self.catalog.def(placed.tile).monastery == Some(f.segment) {
            self.monks.push((placed.pos, node));
        }
    }

    /// The monasteries no longer held (their monks scored or sent home)
    /// taken off the list of those held.
    #[inline(always)]
    fn forget_freed_monks(&mut self) {
        let features = &self.features;
        self.monks
            .retain(|(_, n)| features.feature(*n).is_some_and(|f| f.is_held()));
    }

    /// The seat after `player`'s, the first after the last.
    #[inline(always)]
    fn seat_after(&self, player: Player) -> Player {
        let next = player.index() + 1;
        Player(if next < self.in_hand.len() { next } else { 0 } as u8)
    }
}

#[cfg(test)]
mod tests {
    use crate::Edition;
    use crate::rules::generated_games::generated;

    /// A game whose expansions do nothing as tiles are placed and scored
    /// plays its moves the basic game's way, and they leave what the
    /// general move leaves: every turn's scoring, then the final scores,
    /// figures and supply.
    #[test]
    fn plain_moves_play_as_the_general_move() {
        let catalog = crate::tiles::TileCatalog::embedded().expect("the catalog");
        for (seed, sets) in [
            (1u64, ""),
            (2, ""),
            (3, "inns-and-cathedrals"),
            (4, "flying-machines,inns-and-cathedrals"),
        ] {
            let (mut plain, record) = generated(&catalog, sets, Edition::HiG2012, 3, seed);
            let mut general = plain.clone();
            assert!(plain.exp.plain, "{sets:?}");
            general.exp.plain = false;
            for turn in &record.turns {
                let a = plain.play(turn).expect("a legal turn");
                let b = general.play(turn).expect("a legal turn");
                assert_eq!(a, b, "seed {seed}, turn {}", turn.number.value);
            }
            assert_eq!(plain.finish(), general.finish(), "seed {seed}");
            assert_eq!(plain.score(), general.score(), "seed {seed}");
            assert_eq!(plain.supplies(), general.supplies(), "seed {seed}");
            assert_eq!(plain.remaining(), general.remaining(), "seed {seed}");
        }
    }

    /// An expansion that acts as tiles are drawn, placed or scored, or as
    /// turns end, keeps every move on the general way.
    #[test]
    fn expansions_that_act_keep_the_general_move() {
        let catalog = crate::tiles::TileCatalog::embedded().expect("the catalog");
        for sets in [
            "river",
            "traders-and-builders",
            "tower",
            "princess-and-dragon",
            "robbers",
            "messengers",
        ] {
            let (game, _) = generated(&catalog, sets, Edition::HiG2012, 3, 5);
            assert!(!game.exp.plain, "{sets:?}");
        }
    }
}
