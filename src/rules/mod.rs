//! The referee's state machine: [`Game`] holds the whole state of one game,
//! [`Game::check`] turns a written turn into a legal [`Move`] (or a [`Violation`])
//! without changing anything, and [`Game::apply`] plays a checked move and cannot
//! fail. Placement rules live in `placement.rs`, follower rules in `followers.rs`,
//! and the points in `crate::score`.

mod followers;
mod placement;

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, PlacedTile, Pos};
use crate::features::{Features, Follower, NodeId, node_of};
use crate::notation::{ActionRecord, TurnRecord};
use crate::player::{ByPlayer, MAX_PLAYERS, Player};
use crate::score::{self, ScoreEvent};
use crate::tiles::{EdgeKind, FeatureKind, Rotation, SegmentId, Side, TileCatalog, TileId};

pub use followers::spot_names;

/// Followers each player starts with.
///
/// Rulebook (2012, "Game setup"): "Each player takes the 8 followers of his color and
/// puts one (called marker thereafter) on the space numbered 0 of the scoreboard …
/// Each player then keeps their remaining 7 followers in front of themselves".
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// Which printing of the rules a game follows. The two differ in farm scoring and
/// in the value of a completed two-tile city.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Edition {
    /// The 2012 Hans im Glück / Z-Man rules: each field scores on its own, 3 points
    /// per completed city it touches; every completed city 2 points a tile.
    #[serde(rename = "HiG-2012")]
    HiG2012,
    /// The 2000 Rio Grande rules: each completed city pays 4 points to the
    /// player(s) with the most farmers in the fields supplying it; a completed
    /// two-tile city scores 2.
    #[serde(rename = "RGG-2000")]
    Rgg2000,
}

impl Edition {
    /// Both editions.
    pub const ALL: [Edition; 2] = [Edition::HiG2012, Edition::Rgg2000];

    /// Most players the edition's basic game seats. 2012 rulebook: "A tile laying
    /// game for 2 to 5 players" (five colours in the box); the 2000 Rio Grande big
    /// box: "for 2 to 6 players".
    pub const fn max_players(self) -> usize {
        match self {
            Edition::HiG2012 => 5,
            Edition::Rgg2000 => 6,
        }
    }

    /// The notation name.
    pub fn name(self) -> &'static str {
        match self {
            Edition::HiG2012 => "HiG-2012",
            Edition::Rgg2000 => "RGG-2000",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Edition {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Edition::ALL.into_iter().find(|e| e.name() == s).ok_or(())
    }
}

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
}

/// What a player does with a placed tile's follower.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowerMove {
    /// The segment of the placed tile it goes on.
    pub segment: SegmentId,
}

/// What a turn does with the drawn tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The tile is placed, and perhaps a follower on it.
    Place {
        /// Where.
        pos: Pos,
        /// How it is turned.
        rotation: Rotation,
        /// The follower placed on it, if any.
        follower: Option<FollowerMove>,
    },
    /// The tile fits nowhere and goes back in the box.
    Discard,
}

/// A legal turn, resolved against the game state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// Who plays.
    pub player: Player,
    /// The tile drawn.
    pub tile: TileId,
    /// What is done with it.
    pub action: Action,
}

/// Why a written turn is not legal. No spans: the caller knows which part of the
/// record each variant concerns (see `crate::diagnostics`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The turn number is not the next one.
    TurnOutOfSequence {
        /// The number the turn should have.
        expected: u32,
    },
    /// The player is not seated in this game.
    UnknownPlayer,
    /// It is another player's turn.
    WrongPlayer {
        /// Whose turn it is.
        expected: Player,
    },
    /// The tile id is not in the tile sets in play.
    UnknownTile,
    /// Every tile has been drawn already.
    GameAlreadyOver,
    /// All tiles of this kind are already on the board or discarded.
    TileSupplyExhausted {
        /// How many the sets in play hold.
        count: u8,
    },
    /// The square is taken.
    PositionOccupied {
        /// The turn that placed the tile there.
        by_turn: u32,
    },
    /// The square touches no tile by an edge.
    NotAdjacent,
    /// An edge differs from its neighbour's.
    TileDoesNotFit {
        /// The side of the new tile.
        side: Side,
        /// What the new tile shows there.
        ours: EdgeKind,
        /// What the neighbour shows.
        theirs: EdgeKind,
        /// Where the neighbour lies.
        neighbour: Pos,
        /// The turn that placed the neighbour.
        neighbour_turn: u32,
    },
    /// The tile was discarded but fits somewhere.
    IllegalDiscard {
        /// One legal placement.
        pos: Pos,
        /// Its rotation.
        rotation: Rotation,
    },
    /// The figure is not part of the game.
    FigureNotInPlay,
    /// The tile has no feature at the spot.
    NoSuchSpot {
        /// The spots the tile offers as placed.
        valid: Vec<String>,
    },
    /// The feature is joined to one that already holds a follower.
    FeatureAlreadyOccupied {
        /// What the feature is.
        kind: FeatureKind,
        /// The turn that placed the follower there.
        by_turn: u32,
        /// Whose follower it is.
        owner: Player,
    },
    /// The player has no follower in supply.
    NoFollowersLeft,
}

/// The whole state of a game in progress.
#[derive(Debug, Clone)]
pub struct Game<'c> {
    catalog: &'c TileCatalog,
    setup: Setup,
    board: Board,
    features: Features,
    /// Tiles of each kind still in the supply.
    supply: Vec<u8>,
    /// Whether each kind belongs to a set in play.
    in_play: Vec<bool>,
    remaining: u32,
    in_hand: ByPlayer<u8>,
    score: ByPlayer<u32>,
    turn: u32,
    next: Player,
    /// Monasteries holding a monk: where, and their node.
    monks: Vec<(Pos, NodeId)>,
}

impl<'c> Game<'c> {
    /// A new game: the supply of the sets in play, less the start tile, which lies
    /// at `0,0` as pictured.
    pub fn new(setup: Setup, catalog: &'c TileCatalog) -> Game<'c> {
        let seats = setup.players.len().clamp(1, MAX_PLAYERS);
        let in_play: Vec<bool> = catalog
            .iter()
            .map(|(_, d)| setup.sets.contains(&d.set))
            .collect();
        let mut supply: Vec<u8> = catalog
            .iter()
            .zip(&in_play)
            .map(|((_, d), play)| if *play { d.count } else { 0 })
            .collect();
        let mut game = Game {
            catalog,
            setup,
            board: Board::new(),
            // Room for every tile of the supply with its segments (at most a dozen).
            features: Features::with_capacity(
                supply.iter().map(|n| usize::from(*n)).sum::<usize>() * 8 + 16,
            ),
            supply: Vec::new(),
            in_play,
            remaining: 0,
            in_hand: ByPlayer::new(seats, FOLLOWERS_PER_PLAYER),
            score: ByPlayer::new(seats, 0),
            turn: 0,
            next: Player(0),
            monks: Vec::new(),
        };
        if let Some(start) = catalog.start()
            && let Some(n) = supply.get_mut(start.index())
            && *n > 0
        {
            *n -= 1;
            game.supply = supply;
            game.put_tile(start, Pos::new(0, 0), Rotation::R0, 0);
        } else {
            game.supply = supply;
        }
        game.remaining = game.supply.iter().map(|n| u32::from(*n)).sum();
        game
    }

    /// The catalog the game uses.
    pub fn catalog(&self) -> &'c TileCatalog {
        self.catalog
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
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

    /// Scores so far.
    pub fn score(&self) -> &ByPlayer<u32> {
        &self.score
    }

    /// Followers each player has in supply.
    pub fn followers_in_hand(&self) -> &ByPlayer<u8> {
        &self.in_hand
    }

    /// Tiles left to draw.
    pub fn remaining(&self) -> u32 {
        self.remaining
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
            .position(|n| n == name)
            .map(|i| Player(i as u8))
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

    /// Checks a written turn against the current state, without changing it.
    ///
    /// # Errors
    /// The first rule the turn breaks, in the order: turn number, player, tile,
    /// supply, placement, follower.
    pub fn check(&self, turn: &TurnRecord) -> Result<Move, Violation> {
        let expected = self.turn.saturating_add(1);
        if turn.number.value != expected {
            return Err(Violation::TurnOutOfSequence { expected });
        }
        let player = self
            .seat(&turn.player.value)
            .ok_or(Violation::UnknownPlayer)?;
        if player != self.next {
            return Err(Violation::WrongPlayer {
                expected: self.next,
            });
        }
        if self.remaining == 0 {
            return Err(Violation::GameAlreadyOver);
        }
        let tile = self
            .catalog
            .id(&turn.tile.value)
            .filter(|t| self.in_play(*t))
            .ok_or(Violation::UnknownTile)?;
        self.check_draw(tile)?;
        let action = match &turn.action.value {
            ActionRecord::Discard => {
                self.check_discard(tile)?;
                Action::Discard
            }
            ActionRecord::Place { pos, rotation } => {
                let pos = pos.value;
                let rotation = rotation.value;
                self.check_placement(tile, pos, rotation)?;
                let follower = match &turn.follower {
                    None => None,
                    Some(spec) => Some(self.check_follower(player, tile, pos, rotation, spec)?),
                };
                Action::Place {
                    pos,
                    rotation,
                    follower,
                }
            }
        };
        Ok(Move {
            player,
            tile,
            action,
        })
    }

    /// Whether a tile can be drawn now.
    fn check_draw(&self, tile: TileId) -> Result<(), Violation> {
        if self.remaining == 0 {
            return Err(Violation::GameAlreadyOver);
        }
        if self.remaining_of(tile) == 0 {
            let count = self.catalog.get(tile).map_or(0, |d| d.count);
            return Err(Violation::TileSupplyExhausted { count });
        }
        Ok(())
    }

    /// Plays a checked move and returns the scoring it causes. Cannot fail: a move
    /// from [`Game::check`] (or built from [`Game::legal_placements`] and
    /// [`Game::legal_followers`]) is legal by construction.
    pub fn apply(&mut self, mv: Move) -> Vec<ScoreEvent> {
        self.turn = self.turn.saturating_add(1);
        if let Some(n) = self.supply.get_mut(mv.tile.index()) {
            *n = n.saturating_sub(1);
        }
        self.remaining = self.remaining.saturating_sub(1);
        let (pos, rotation, follower) = match mv.action {
            // Rulebook (2012, "Placing Land tiles"): "the player returns the tile to the
            // box … and draws another tile" — the same player goes on.
            Action::Discard => return Vec::new(),
            Action::Place {
                pos,
                rotation,
                follower,
            } => (pos, rotation, follower),
        };
        let placed = self.put_tile(mv.tile, pos, rotation, self.turn);
        if let Some(f) = follower {
            let node = node_of(&placed, f.segment);
            if let Some(n) = self.in_hand.get_mut(mv.player) {
                *n = n.saturating_sub(1);
            }
            self.features.add_follower(Follower {
                player: mv.player,
                node,
                tile: self.board.len() as u32 - 1,
                turn: self.turn,
                strength: 1,
            });
            if self.catalog.def(mv.tile).monastery == Some(f.segment) {
                self.monks.push((pos, node));
            }
        }
        // Rulebook (2012, "Followers go back"): "1. Complete a road, a city or a
        // monastery with the new tile. 2. Place a thief, knight or monk. 3. Score …
        // 4. Return the thief, knight or monk to its supply." Scoring therefore comes
        // after the follower placement of the same turn.
        let events = score::completed_by(self, &placed);
        self.settle(&events);
        if !events.is_empty() {
            let features = &self.features;
            self.monks.retain(|(_, node)| {
                features
                    .feature(*node)
                    .is_some_and(|f| !f.followers.is_empty())
            });
        }
        self.next = Player(((self.next.index() + 1) % self.in_hand.len().max(1)) as u8);
        events
    }

    /// Checks and applies a written turn.
    ///
    /// # Errors
    /// As [`Game::check`]; the state is unchanged on error.
    pub fn play(&mut self, turn: &TurnRecord) -> Result<Vec<ScoreEvent>, Violation> {
        let mv = self.check(turn)?;
        Ok(self.apply(mv))
    }

    /// Scores every incomplete feature and every farm (the game's end), returns the
    /// events and adds them to the scores.
    pub fn finish(&mut self) -> Vec<ScoreEvent> {
        let events = score::final_scoring(self);
        self.settle(&events);
        events
    }

    /// Adds the points of scoring events and returns the followers they free
    /// (farmers stay: they are scored only at the end).
    fn settle(&mut self, events: &[ScoreEvent]) {
        for e in events {
            for p in &e.winners {
                if let Some(s) = self.score.get_mut(*p) {
                    *s = s.saturating_add(e.points);
                }
            }
            if e.returns_followers {
                for f in self.features.take_followers(e.node) {
                    if let Some(n) = self.in_hand.get_mut(f.player) {
                        *n = n.saturating_add(1);
                    }
                }
            }
        }
    }

    fn put_tile(&mut self, tile: TileId, pos: Pos, rotation: Rotation, turn: u32) -> PlacedTile {
        let mut placed = PlacedTile {
            tile,
            pos,
            rotation,
            turn,
            first_node: self.features.node_count(),
        };
        let index = self.board.insert(placed);
        placed.first_node = self
            .features
            .add_tile(self.catalog, &self.board, index, &placed);
        placed
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
