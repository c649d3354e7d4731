//! The referee's state machine: [`Game`] holds the whole state of one game,
//! [`Game::check`] turns a written turn into a legal [`Move`] (or a [`Violation`])
//! without changing anything, and [`Game::apply`] plays a checked move and cannot
//! fail. This module holds the game's state and what it shows; the moves are
//! in `moves.rs`, the violations in `violation.rs`, the check of a turn in
//! `check.rs` and the play of a move in `apply.rs`. Placement rules live in
//! `placement.rs`, follower rules in `followers.rs`, the rules each expansion
//! adds in `expansions/` (one module each), the figures in `crate::figures`,
//! and the points in `crate::score`.

mod apply;
mod check;
mod completion;
pub mod expansions;
mod followers;
#[cfg(test)]
mod generated_games;
mod moves;
mod placement;
pub mod scenario;
pub mod scoring;
pub mod variants;
mod violation;
mod worth;

use crate::board::{Board, Pos};
pub use crate::edition::Edition;
use crate::features::{Features, NodeId, node_of};
use crate::figures::{Figure, Supply};
pub use crate::notation::TurnInput;
use crate::player::{ByPlayer, MAX_PLAYERS, Player};
use crate::score::ScoreEvent;
use crate::tiles::{Rotation, TileCatalog, TileId};
use expansions::ExpansionState;
use expansions::river::River;
use expansions::{Expansion, Expansions};

pub use followers::spot_names;
pub use moves::{Act, Action, FollowerMove, Move, Step, Steps};
pub use violation::Violation;

pub(in crate::rules) use check::{Placing, TurnActions};

/// Followers each player starts with.
///
/// Rulebook (2012, "Game setup"): "Each player takes the 8 followers of his color and
/// puts one (called marker thereafter) on the space numbered 0 of the scoreboard …
/// Each player then keeps their remaining 7 followers in front of themselves".
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// The set of the basic game's tiles.
pub const BASIC_SET: &str = "basic";

/// What a game is set up with: seats, rules, tile sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Player names in seat (turn) order.
    pub players: Vec<String>,
    /// Their colours as the record names them, where it does (same order).
    pub colours: Vec<Option<String>>,
    /// The rules edition.
    pub edition: Edition,
    /// The tile sets in the supply (the basic game's is `basic`).
    pub sets: Vec<String>,
    /// The rule variants in effect (none: the edition's text).
    pub variants: variants::Variants,
    /// What a scenario changes from the box (nothing for a game from the box).
    pub scenario: scenario::Scenario,
}

/// The whole state of a game in progress.
#[derive(Debug, Clone)]
pub struct Game<'c> {
    catalog: &'c TileCatalog,
    /// Shared, not copied, by the copies of the game a check plays a move
    /// on: it does not change during a game.
    setup: std::sync::Arc<Setup>,
    board: Board,
    features: Features,
    /// Tiles of each kind still in the supply.
    supply: Vec<u8>,
    /// Whether each kind belongs to a set in play.
    in_play: Vec<bool>,
    /// The supply of the sets in play before the start tile is laid.
    full_supply: Vec<u8>,
    /// The number of tiles in `full_supply`.
    full_count: u32,
    remaining: u32,
    /// A scenario's last turn: the game ends after it.
    end_after: Option<u32>,
    expansions: Expansions,
    in_hand: ByPlayer<Supply>,
    score: ByPlayer<u32>,
    turn: u32,
    next: Player,
    /// Monasteries holding a monk: where, and their node.
    monks: Vec<(Pos, NodeId)>,
    /// The state of the expansions in play, one slot each (`expansions`):
    /// the game has no field of its own for any expansion.
    exp: ExpansionState,
    /// Whether score events carry their explanations (tiles, feature names).
    explain: bool,
    /// Whether every score gets its event (see [`Game::set_all_events`]).
    all_events: bool,
    /// Whether no two seats have the same name, so that a name matching the
    /// next player's is that player's seat.
    distinct_names: bool,
    /// The score events of the last move or of the final scoring, kept with
    /// their room so that a turn that scores allocates nothing.
    events: Vec<ScoreEvent>,
    /// The room of the steps of a move played by the verdict, for the next
    /// move's steps ([`SpareSteps`]).
    spare_steps: SpareSteps,
}

/// An empty [`Steps`] whose room a move played before has left: the next
/// move checked with actions takes it, so that the steps of a game's turns
/// are not allocated anew each turn. A copy of the game starts without.
#[derive(Default)]
struct SpareSteps(std::cell::Cell<Steps>);

impl std::fmt::Debug for SpareSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SpareSteps")
    }
}

impl Clone for SpareSteps {
    fn clone(&self) -> SpareSteps {
        SpareSteps::default()
    }
}

impl<'c> Game<'c> {
    /// A new game: the supply of the sets in play, less the start tile, which lies
    /// at `0,0` as pictured.
    pub fn new(setup: Setup, catalog: &'c TileCatalog) -> Game<'c> {
        let mut game = Game {
            catalog,
            setup: std::sync::Arc::new(Setup {
                players: Vec::new(),
                colours: Vec::new(),
                edition: setup.edition,
                sets: Vec::new(),
                variants: variants::Variants::NONE,
                scenario: scenario::Scenario::default(),
            }),
            board: Board::new(),
            features: Features::new(),
            supply: Vec::new(),
            in_play: Vec::new(),
            full_supply: Vec::new(),
            full_count: 0,
            remaining: 0,
            end_after: None,
            expansions: Expansions::NONE,
            in_hand: ByPlayer::new(0, Supply::starting(Expansions::NONE)),
            score: ByPlayer::new(0, 0),
            turn: 0,
            next: Player(0),
            monks: Vec::new(),
            exp: ExpansionState::default(),
            explain: true,
            all_events: true,
            distinct_names: false,
            events: Vec::new(),
            spare_steps: SpareSteps::default(),
        };
        game.restart(setup);
        game
    }

    /// Starts a new game in place, as [`Game::new`] does, keeping the room the
    /// board and the features took: a referee of many games allocates once.
    pub fn restart(&mut self, setup: Setup) {
        let fresh = self.in_play.is_empty() || self.setup.sets != setup.sets;
        if fresh
            || self.setup.variants != setup.variants
            || self.setup.scenario.pack != setup.scenario.pack
        {
            self.count_supply(&setup);
        }
        self.expansions = Expansions::from_sets(setup.sets.iter().map(String::as_str));
        if fresh {
            self.exp.quiet = expansions::concern::QuietTurns::of(self.catalog, self.expansions);
        }
        self.distinct_names = setup
            .players
            .iter()
            .enumerate()
            .all(|(i, a)| setup.players.iter().skip(i + 1).all(|b| !same_name(a, b)));
        // The referee's game owns its setup alone: replaced in place.
        match std::sync::Arc::get_mut(&mut self.setup) {
            Some(own) => *own = setup,
            None => self.setup = std::sync::Arc::new(setup),
        }
        self.restart_same();
    }

    /// The kinds in play and the tiles to draw of a setup: the sets in play
    /// less the start tile, which lies at `0,0` before the first turn (with the
    /// River the spring lies there and the basic start tile leaves the game,
    /// unless the variant `river-keeps-start-tile` keeps it); or a scenario's
    /// pack, which holds no start tile.
    fn count_supply(&mut self, setup: &Setup) {
        let catalog = self.catalog;
        self.in_play.clear();
        self.in_play
            .extend(catalog.iter().map(|(_, d)| setup.sets.contains(&d.set)));
        self.full_supply.clear();
        match &setup.scenario.pack {
            Some(pack) => {
                self.full_supply.resize(catalog.len(), 0);
                for id in pack.iter().filter_map(|name| catalog.id(name)) {
                    if let Some(n) = self.full_supply.get_mut(id.index()) {
                        *n = n.saturating_add(1);
                    }
                }
            }
            None => {
                self.full_supply.extend(
                    catalog
                        .iter()
                        .zip(&self.in_play)
                        .map(|((_, d), play)| if *play { d.count } else { 0 }),
                );
                let river = setup.sets.iter().any(|s| s == Expansion::River.name());
                let keeps = setup
                    .variants
                    .contains(variants::Variant::RiverKeepsStartTile);
                let mut leaving = vec![];
                if river {
                    leaving.extend(catalog.start_of(Expansion::River.name()));
                }
                if !river || !keeps {
                    leaving.extend(catalog.start_of(BASIC_SET));
                }
                for t in leaving {
                    if let Some(n) = self.full_supply.get_mut(t.index()) {
                        *n = n.saturating_sub(1);
                    }
                }
            }
        }
        self.full_count = self.full_supply.iter().map(|n| u32::from(*n)).sum();
    }

    /// The start tile of the game: the River's spring with the River, else the
    /// basic game's.
    fn start_tile(&self) -> Option<TileId> {
        if self.expansions.contains(Expansion::River) {
            self.catalog.start_of(Expansion::River.name())
        } else {
            self.catalog.start_of(BASIC_SET)
        }
    }

    /// Starts a new game in place with the same setup (players, rules, tile
    /// sets) as the last one.
    pub fn restart_same(&mut self) {
        let seats = self.setup.players.len().clamp(1, MAX_PLAYERS);
        self.supply.clear();
        self.supply.extend_from_slice(&self.full_supply);
        self.board.clear();
        self.features.clear();
        // Room for every tile of the supply with its segments (at most a dozen).
        self.features.reserve(self.full_count as usize * 8 + 16);
        self.remaining = self.full_count;
        self.in_hand = ByPlayer::new(seats, self.starting_supply());
        self.score = ByPlayer::new(seats, 0);
        self.turn = 0;
        self.end_after = self.setup.scenario.end_after;
        self.monks.clear();
        // The start tile is laid as a plain move of the first seat with no
        // follower: it completes nothing (every road and city of a tile reaches
        // an edge) and lies near no monk, so nothing scores, and a game's start
        // runs the code of every turn's tile rather than a copy of its own. The
        // seat to play and the expansions' state are set after it.
        if let Some(start) = self.start_tile() {
            self.play_placed_plain(Player(0), start, Pos::new(0, 0), Rotation::R0, None);
        }
        self.next = Player(0);
        self.restart_expansions(seats);
    }

    /// Whether the score events of the game name the tiles and features they
    /// score (on by default). Off, they carry the points, the strengths and the
    /// winners only, which is all a verdict needs: the tiles, the features' names,
    /// and the cities and fields of farms are left empty.
    pub fn set_explanations(&mut self, on: bool) {
        self.explain = on;
    }

    /// Whether score events carry their explanations ([`Game::set_explanations`]).
    pub fn explains(&self) -> bool {
        self.explain
    }

    /// Whether every score gets its event in [`Game::last_events`] (on by
    /// default). Off, the points due at a turn's start that no rule of the
    /// turn looks at (the fairy's point no robber may rob) go to the score
    /// alone: for a verdict, which reads the scores and not the events.
    pub fn set_all_events(&mut self, on: bool) {
        self.all_events = on;
    }

    /// Whether every score gets its event ([`Game::set_all_events`]).
    pub fn all_events(&self) -> bool {
        self.all_events
    }

    /// The catalog the game uses.
    pub fn catalog(&self) -> &'c TileCatalog {
        self.catalog
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The figures each player starts with: the box's for the expansions in
    /// play, or a scenario's (the `Figures` tag).
    pub fn starting_supply(&self) -> Supply {
        let mut hand = Supply::starting(self.expansions);
        for (figure, n) in Figure::ALL.into_iter().zip(self.setup.scenario.figures) {
            if let Some(n) = n {
                hand.set(figure, n);
            }
        }
        hand
    }

    /// The rules edition.
    pub fn edition(&self) -> Edition {
        self.setup.edition
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The features of the board.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// The scoring of the last move played (until the next one).
    pub fn last_events(&self) -> &[ScoreEvent] {
        &self.events
    }

    /// Scores so far.
    pub fn score(&self) -> &ByPlayer<u32> {
        &self.score
    }

    /// Each player's pawns on the scoreboard: the marker, and with The
    /// Messengers the messenger until the pawns are added before the final
    /// scoring (the marker then holds the player's score). Made on demand,
    /// for showing the position.
    pub fn pawns(&self) -> ByPlayer<crate::score::scoreboard::Pawns> {
        let mut pawns = ByPlayer::new(self.score.len(), Default::default());
        let messengers = self.messengers().filter(|m| !m.added);
        for p in self.score.players() {
            if let Some(slot) = pawns.get_mut(p) {
                *slot = crate::score::scoreboard::Pawns {
                    marker: self.marker_total(p),
                    messenger: messengers.map(|m| m.messenger(p)),
                };
            }
        }
        pawns
    }

    /// Figures each player has in supply.
    pub fn supplies(&self) -> &ByPlayer<Supply> {
        &self.in_hand
    }

    /// Followers of a player in supply.
    pub fn followers_in_hand(&self, player: Player) -> u8 {
        self.in_hand
            .get(player)
            .map_or(0, |s| s.count(Figure::Follower))
    }

    /// The expansions in play.
    pub fn expansions(&self) -> Expansions {
        self.expansions
    }

    /// The river while it is being laid (The River).
    pub fn river(&self) -> Option<&River> {
        self.exp.river.as_ref()
    }

    /// Goods tokens each player holds (Traders & Builders).
    pub fn goods(&self) -> &ByPlayer<[u32; 3]> {
        &self.exp.traders.goods
    }

    /// Goods tokens the last turn took, by kind (Traders & Builders).
    pub fn turn_goods(&self) -> [u32; 3] {
        self.exp.traders.turn_goods
    }

    /// Who played the last turn that placed a tile, and whether it was the second
    /// of a builder's double turn.
    pub fn last_turn(&self) -> Option<(Player, bool)> {
        self.exp.traders.last
    }

    /// Whether the next turn is the second of a builder's double turn.
    pub fn is_second_turn(&self) -> bool {
        self.exp.traders.second_turn
    }

    /// Whether a completed city of two tiles scores 1 a tile and 1 a banner:
    /// the 2000 rules, or the variant `tiny-city-2`.
    #[inline]
    pub fn tiny_city_scores_two(&self) -> bool {
        self.setup.edition == Edition::Rgg2000
            || self.setup.variants.contains(variants::Variant::TinyCity2)
    }

    /// The rule variants in effect.
    pub fn variants(&self) -> variants::Variants {
        self.setup.variants
    }

    /// Tiles left to draw: those of the supply, or fewer when a scenario
    /// ends the game after a given turn (as many as turns are left).
    #[inline]
    pub fn remaining(&self) -> u32 {
        match self.end_after {
            None => self.remaining,
            Some(end) => self.remaining.min(end.saturating_sub(self.turn)),
        }
    }

    /// Tiles of a kind left to draw.
    pub fn remaining_of(&self, tile: TileId) -> u8 {
        self.supply.get(tile.index()).copied().unwrap_or(0)
    }

    /// The last turn played (0 before the first).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Whose turn is next.
    pub fn next_player(&self) -> Player {
        self.next
    }

    /// The seat of a player name.
    pub fn seat(&self, name: &str) -> Option<Player> {
        self.setup
            .players
            .iter()
            .position(|n| same_name(n, name))
            .map(|i| Player(i as u8))
    }

    /// [`Game::seat`] of the name an action at `step` gives in parentheses, or
    /// [`Violation::UnknownPlayerInAction`], which points at that name rather
    /// than at the turn's player. (The fault is made only when the name is
    /// unknown: `ok_or` would make it on every call and drop it.)
    ///
    /// # Errors
    /// [`Violation::UnknownPlayerInAction`].
    pub(in crate::rules) fn seat_named_in(
        &self,
        step: usize,
        name: &str,
    ) -> Result<Player, Violation> {
        match self.seat(name) {
            Some(player) => Ok(player),
            None => Err(Violation::UnknownPlayerInAction { step }),
        }
    }

    /// The colour the record gives a seat, if any.
    pub fn colour(&self, player: Player) -> Option<&str> {
        self.setup.colours.get(player.index())?.as_deref()
    }

    /// The name of a seat.
    pub fn name(&self, player: Player) -> &str {
        self.setup
            .players
            .get(player.index())
            .map_or("?", String::as_str)
    }

    /// Whether a tile kind belongs to the sets in play.
    pub fn in_play(&self, tile: TileId) -> bool {
        self.in_play.get(tile.index()).copied().unwrap_or(false)
    }

    /// Monasteries that hold a monk, with their squares, in the order the monks
    /// were placed.
    pub fn occupied_monasteries(&self) -> &[(Pos, NodeId)] {
        &self.monks
    }

    /// The node of the monastery on a square, if its tile has one.
    pub fn monastery_at(&self, pos: Pos) -> Option<NodeId> {
        let t = self.board.at(pos)?;
        let seg = self.catalog.def(t.tile).monastery?;
        Some(node_of(t, seg))
    }
}

/// Whether two player names are the same. Names are short: compared byte by
/// byte in place, which a turn's check does for every seat before the player's.
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}
