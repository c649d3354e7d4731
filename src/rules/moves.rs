//! The moves: a written turn resolved against the state, as [`Game::check`]
//! returns it and [`Game::apply`] plays it.
//!
//! [`Game::check`]: super::Game::check
//! [`Game::apply`]: super::Game::apply

use super::expansions;
use crate::board::Pos;
use crate::features::NodeId;
use crate::figures::Figure;
use crate::player::Player;
use crate::tiles::{Rotation, SegmentId, Spot, TileId};

/// What a player does with a placed tile's figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowerMove {
    /// The segment of the placed tile it goes on.
    pub segment: SegmentId,
    /// The figure placed (the ordinary follower in the basic game).
    pub figure: Figure,
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
    /// The tile is set aside, to go back into the supply later (The
    /// Princess & the Dragon: a dragon tile before the first volcano).
    Aside,
}

/// A legal turn, resolved against the game state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Who plays.
    pub player: Player,
    /// The tile drawn.
    pub tile: TileId,
    /// What is done with it.
    pub action: Action,
    /// The turn's actions of version 2 besides its figure on its tile, in
    /// order (none in a turn of version 1).
    pub steps: Steps,
    /// How many of `steps` come before the figure on the tile.
    pub figure_at: u8,
}

/// A turn's resolved actions. A turn without any (every turn of version 1)
/// allocates nothing, and the move stays small to pass around.
pub type Steps = Vec<Step>;

/// One resolved action of a turn, with the player whose action it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Who acts: the turn's player, or the one the rules give the action to.
    pub actor: Player,
    /// What is done.
    pub act: Act,
}

/// What an action does, resolved against the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A tower piece built on the tower of a square (The Tower).
    TowerPiece {
        /// The tower's square.
        pos: Pos,
    },
    /// A follower put on top of a tower, closing it (The Tower).
    CloseTower {
        /// The tower's square.
        pos: Pos,
        /// The follower or the large follower.
        figure: Figure,
    },
    /// A follower taken prisoner by the turn's tower piece (The Tower).
    Capture {
        /// The square it stands on.
        at: Pos,
        /// The segment it stands on; `None`: it guards the tower there.
        node: Option<NodeId>,
        /// Its owner.
        owner: Player,
        /// The follower or the large follower.
        figure: Figure,
        /// The actor's follower its owner gives back in exchange, if the
        /// owner holds one: the captured follower then goes home.
        exchange: Option<Figure>,
    },
    /// One of the actor's followers ransomed from the player holding it
    /// (The Tower), for 3 points.
    Ransom {
        /// Who holds it.
        jailer: Player,
        /// The follower or the large follower.
        figure: Figure,
    },
    /// The fairy put on a tile, perhaps next to a follower (The Princess &
    /// the Dragon).
    Fairy {
        /// Its tile.
        pos: Pos,
        /// The follower it stands next to (`fairy-next-follower`).
        next_to: Option<expansions::princess_and_dragon::FairyFollower>,
    },
    /// A follower put on a tile placed earlier, by the magic portal (The
    /// Princess & the Dragon).
    Portal {
        /// The tile's square.
        pos: Pos,
        /// The segment.
        node: NodeId,
        /// The follower or the large follower.
        figure: Figure,
    },
    /// A knight sent home by the princess (The Princess & the Dragon).
    Princess {
        /// Its square.
        at: Pos,
        /// Its segment.
        node: NodeId,
        /// Its owner.
        owner: Player,
        /// The follower or the large follower.
        figure: Figure,
    },
    /// One move of the dragon, by the actor (The Princess & the Dragon).
    DragonStep {
        /// The tile it enters.
        to: Pos,
    },
    /// The ingots of a gold-mine tile: one on it, one on a tile around it
    /// (The Gold Mines).
    Gold {
        /// The gold-mine tile's square.
        mine: Pos,
        /// The square of the second ingot.
        pos: Pos,
    },
    /// The turn's follower put on the flying machine, the die showing `die`
    /// (The Flying Machines): it flies to `to`.
    Fly {
        /// The die's face.
        die: u8,
        /// The square the flight reaches.
        to: Pos,
    },
    /// The effect of a crop circle the turn's player chose (The Crop
    /// Circles): A, a follower added (`add`), or B, one returned.
    CircleChoice {
        /// Effect A.
        add: bool,
    },
    /// One player's action under a crop circle's effect (The Crop Circles):
    /// the actor's follower added or returned, or a pass.
    Circle {
        /// What is done.
        action: expansions::crop_circles::CircleAction,
        /// The follower, with its segment once checked.
        target: Option<expansions::crop_circles::CircleTarget>,
        /// Whether the record names the actor.
        named: bool,
        /// The step of the turn that wrote it.
        step: usize,
    },
    /// The flier landed on a feature of the tile the flight reached (The
    /// Flying Machines).
    Land {
        /// The tile's square.
        pos: Pos,
        /// The segment.
        node: NodeId,
        /// The follower or the large follower.
        figure: Figure,
    },
    /// One ingot taken by the actor in the turn's distribution (The Gold
    /// Mines).
    Ingot {
        /// The tile it is taken from.
        pos: Pos,
        /// The player written in parentheses, if any.
        named: Option<Player>,
        /// The step as written.
        step: usize,
    },
    /// A magic pawn placed or moved onto a segment, or taken off the board
    /// (`None`) (Mage & Witch).
    Magic {
        /// The mage or the witch.
        pawn: expansions::mage_and_witch::Pawn,
        /// Where it goes.
        to: Option<expansions::mage_and_witch::Stand>,
    },
    /// A ferry set on the lake of the tile just placed, or moved on the lake
    /// at `pos`, joining two road segments of that tile (The Ferries).
    Ferry {
        /// The lake tile's square.
        pos: Pos,
        /// The two road segments it joins, the smaller first.
        ends: [SegmentId; 2],
    },
    /// The actor's robber put or moved beside a player's marker, on the
    /// space it stands on (The Robbers).
    Robber {
        /// The player whose marker it goes beside.
        beside: Player,
    },
    /// The choice of the actor's robber where one score moves several
    /// markers beside it (The Robbers): the marker it robs.
    Rob {
        /// The marker's owner.
        victim: Player,
        /// The step of the turn that wrote it.
        step: usize,
    },
    /// The message tile the turn's player drew (The Messengers), used or
    /// exchanged for 2 points.
    Message {
        /// Its number, 1 to 8.
        message: u8,
        /// Whether the 2 points are taken instead (`choose:points`).
        points: bool,
        /// The follower chosen (`choose:x,y/SPOT`): the feature of messages
        /// 1 to 3 where several are worth the fewest points, the follower of
        /// message 8.
        target: Option<(Pos, Spot)>,
        /// The step of the turn that wrote it.
        step: usize,
    },
    /// The pawn a player moves with a score (The Messengers): for a feature
    /// the turn scores (`score:messenger:x,y/SPOT`), or for the points of
    /// the message before it (`score:messenger`).
    Pawn {
        /// The feature, if the act names one.
        feature: Option<(Pos, Spot)>,
        /// The player written in parentheses, if any.
        named: Option<Player>,
        /// Whether the messenger moves rather than the marker.
        messenger: bool,
        /// The step of the turn that wrote it.
        step: usize,
    },
}

impl Act {
    /// Whether the action puts no figure on the board and moves none (the
    /// gold ingots, the magic pawns, the crop circle's choice and actions,
    /// which come after the scoring, the ferries): a feature it leaves held
    /// was held before it, or by the turn's own follower.
    pub fn moves_no_figure(&self) -> bool {
        matches!(
            self,
            Act::Gold { .. }
                | Act::Magic { .. }
                | Act::Ingot { .. }
                | Act::Circle { .. }
                | Act::CircleChoice { .. }
                | Act::Ferry { .. }
                | Act::Robber { .. }
                | Act::Rob { .. }
                | Act::Message { .. }
                | Act::Pawn { .. }
        )
    }
}
