//! The referee's state machine: [`Game`] holds the whole state of one game,
//! [`Game::check`] turns a written turn into a legal [`Move`] (or a [`Violation`])
//! without changing anything, and [`Game::apply`] plays a checked move and cannot
//! fail. Placement rules live in `placement.rs`, follower rules in `followers.rs`,
//! the rules each expansion adds in `expansions/` (one module each), the figures
//! in `crate::figures`, and the points in `crate::score`.

mod completion;
pub mod expansions;
mod followers;
mod placement;
pub mod scenario;
pub mod scoring;
pub mod variants;

use crate::board::{Board, PlacedTile, Pos};
pub use crate::edition::Edition;
use crate::features::{Features, Follower, NodeId, node_of};
use crate::figures::{Figure, Supply};
pub use crate::notation::TurnInput;
use crate::notation::{Place, StepRecord, TurnRecord};
use crate::player::{ByPlayer, MAX_PLAYERS, Player};
use crate::score::ScoreEvent;
use crate::tiles::Spot;
use crate::tiles::{EdgeKind, FeatureKind, Rotation, SegmentId, Side, TileCatalog, TileId};
use expansions::ExpansionState;
use expansions::river::{Bend, River};
use expansions::{Expansion, Expansions};

pub use followers::spot_names;

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
    pairs: std::cell::OnceCell<completion::EdgePairs>,
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
        /// Whether it is the second turn the builder grants that player.
        double_turn: bool,
    },
    /// A player who has just played two turns in a row (a builder's double turn)
    /// plays a third.
    NoThirdTurn,
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
    /// The player's only figure of an expansion's kind is on the board already.
    FigureInUse {
        /// The figure.
        figure: Figure,
        /// The turn that placed it.
        by_turn: u32,
    },
    /// A follower or figure on a river (The River).
    FollowerOnRiver {
        /// The spots the tile offers as placed.
        valid: Vec<String>,
    },
    /// A tile drawn out of the River's order.
    RiverOrder {
        /// Whether the lake is due (else another river tile is).
        lake_due: bool,
    },
    /// A river tile that does not continue the river from its open end.
    RiverNotContinued {
        /// The square where the river goes on.
        expected: Pos,
    },
    /// A river tile that turns the river the way the edition forbids.
    RiverTurn {
        /// The bend it would make.
        bend: Bend,
    },
    /// A river tile that can be placed nowhere: the river cannot be continued.
    RiverBlocked,
    /// With the variant `river-free-course`: a river tile whose river would
    /// flow towards a square that is taken (the first one named).
    RiverCourseNotFree {
        /// A taken square ahead of the river.
        taken: Pos,
    },
    /// A tile set aside (`aside`) where no rule in play sets one aside.
    SetAsideNotAllowed,
    /// An action (`verb…`) that no expansion in play defines.
    UnknownAction {
        /// Which step of the turn (0: the first after its figure).
        step: usize,
    },
    /// A figure put somewhere other than on a feature of the tile just
    /// placed, where no rule in play allows it.
    FigureOffTile {
        /// Which step of the turn.
        step: usize,
    },
    /// A second figure in a turn, where the rules in play allow one.
    SecondFigure {
        /// Which step of the turn.
        step: usize,
    },
    /// A tower piece or a guard where no tower place is, or a guard where no
    /// tower is built (The Tower).
    NoTower {
        /// Which step of the turn.
        step: usize,
    },
    /// A tower piece or a guard on a tower a follower closes (The Tower).
    TowerClosed {
        /// Which step of the turn.
        step: usize,
        /// The turn that closed it.
        by_turn: u32,
    },
    /// A tower piece by a player who has none left (The Tower).
    NoTowerPieces {
        /// Which step of the turn.
        step: usize,
    },
    /// A prisoner taken beyond the tower's reach (The Tower).
    CaptureOutOfReach {
        /// Which step of the turn.
        step: usize,
        /// The tower's height with the new piece: its reach.
        height: u8,
    },
    /// An action naming a figure that is not there, or one of several, or
    /// one the action cannot take.
    NoSuchFigure {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// An action the rules allow, but not here: out of its order, twice, or
    /// missing where the rules need it.
    ActionNotAllowed {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A ransom the rules do not allow (The Tower).
    RansomNotAllowed {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A dragon tile placed while the dragon is off the board: it is set
    /// aside (The Princess & the Dragon).
    DragonTileBeforeVolcano,
    /// A figure on the volcano just placed, or a follower where the dragon
    /// stands (The Princess & the Dragon).
    SharesDragonTile {
        /// Which step of the turn (`usize::MAX`: the figure of version 1).
        step: usize,
    },
    /// A move of the dragon the rules do not allow (The Princess & the
    /// Dragon).
    DragonStep {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A dragon's journey cut short: fewer than 6 moves with a move still
    /// open (The Princess & the Dragon).
    DragonJourney {
        /// The moves written.
        moves: u8,
    },
    /// The fairy where the rules do not let it go (The Princess & the
    /// Dragon).
    Fairy {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// The princess's rule broken: a knight not sent home, or sent home
    /// where she cannot send one, or a figure after her (The Princess & the
    /// Dragon).
    Princess {
        /// Which step of the turn (`usize::MAX`: the turn as a whole).
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A follower put by the magic portal where it may not go (The Princess
    /// & the Dragon).
    Portal {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A gold-mine tile's ingots set where the rules do not let them go, or
    /// not set (The Gold Mines).
    Gold {
        /// Which step of the turn (`usize::MAX`: the turn as a whole).
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A distribution of gold ingots the rules do not allow, or a choice in
    /// it not written (The Gold Mines).
    GoldDistribution {
        /// Which step of the turn (`usize::MAX`: the turn as a whole).
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A crop circle's effect or action the rules do not allow, or one due
    /// and not written (The Crop Circles).
    CropCircle {
        /// Which step of the turn (`usize::MAX`: the turn as a whole).
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A flight or a landing the rules do not allow (The Flying Machines).
    Flight {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A magic pawn placed, moved or taken off where the rules do not allow
    /// it (Mage & Witch).
    MagicPawn {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A ferry set where the rules do not let it go, or not set on a lake
    /// tile (The Ferries).
    Ferry {
        /// Which step of the turn (`usize::MAX`: the turn as a whole).
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A ferry moved where the rules do not let it move (The Ferries).
    FerryMove {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A robber placed, moved or its choice written where the rules do not
    /// allow it (The Robbers).
    Robber {
        /// Which step of the turn.
        step: usize,
        /// What is wrong.
        reason: String,
    },
    /// A message or a pawn written where the rules do not allow it, or a
    /// message due and not written (The Messengers).
    Message {
        /// Which step of the turn; `None`: a message due and not written.
        step: Option<usize>,
        /// What is wrong.
        reason: String,
    },
    /// A flight that can land and whose landing is not written (The Flying
    /// Machines).
    FlightMustLand {
        /// The flight's step.
        step: usize,
        /// A spot where it can land, as `x,y/SPOT`.
        target: String,
    },
    /// A magic pawn's step not written where it is due: a magic tile, or a
    /// tile joining the mage's feature to the witch's (Mage & Witch).
    MagicPawnMissing {
        /// Whether the tile joins the pawns' features (else it is a magic
        /// tile).
        joined: bool,
    },
    /// A builder or pig on a feature it may not stand on.
    FigureOnWrongFeature {
        /// The figure.
        figure: Figure,
        /// The feature named.
        kind: FeatureKind,
    },
    /// A builder on a road or city without its owner's follower, or a pig in a
    /// field without its owner's farmer.
    FigureWithoutFollower {
        /// The figure.
        figure: Figure,
        /// The feature named.
        kind: FeatureKind,
    },
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
        if self.in_play.is_empty()
            || self.setup.sets != setup.sets
            || self.setup.variants != setup.variants
            || self.setup.scenario.pack != setup.scenario.pack
        {
            self.count_supply(&setup);
        }
        self.expansions = Expansions::from_sets(setup.sets.iter().map(String::as_str));
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
        self.next = Player(0);
        self.monks.clear();
        if let Some(start) = self.start_tile() {
            self.put_tile(start, Pos::new(0, 0), Rotation::R0, 0);
        }
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
            self.seat(turn.player).ok_or(Violation::UnknownPlayer)?
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
    /// of the basic game's way.
    #[cold]
    #[inline(never)]
    fn check_due_with_actions(&self, turn: &TurnInput<'_>) -> Result<Move, Violation> {
        self.check_due_with_actions_as(turn, true)
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
    fn placing_of(&self, turn: &TurnInput<'_>) -> Option<Placing> {
        self.catalog
            .id(turn.tile)
            .zip(turn.place)
            .map(|(tile, (pos, rotation))| Placing::new(self.next, tile, pos, rotation))
    }

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

    /// [`Game::check_due`]; `ACTIONS`: whether every turn goes through
    /// [`Game::check_actions`], not only those written with actions.
    #[inline(always)]
    fn check_due_as<const ACTIONS: bool>(
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
        for (step, s) in turn.steps.iter().enumerate() {
            match s {
                StepRecord::Act(act) => {
                    let resolved = self.check_act(step, act, placing, &mut turn_state, steps)?;
                    steps.extend(resolved);
                }
                StepRecord::Figure(f) => {
                    let own = f.target.pos.as_ref().is_none_or(|p| p.value == placing.pos);
                    let name = f.figure.as_ref().map(|n| n.value.as_str());
                    let place = f.target.place.as_ref().map(|p| p.value);
                    if let Some(due) =
                        self.check_figure_due(step, f, name, place, placing, &mut turn_state)
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
                    let at = f.target.pos.as_ref().map_or(placing.pos, |p| p.value);
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

    /// Plays a checked move and returns the scoring it causes (the game keeps
    /// the events until its next move). Cannot fail: a move from [`Game::check`]
    /// (or built from [`Game::legal_placements`] and [`Game::legal_followers`])
    /// is legal by construction.
    #[inline(always)]
    pub fn apply(&mut self, mv: Move) -> &[ScoreEvent] {
        self.events.clear();
        self.play_move(mv);
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
    /// move's ([`SpareSteps`]).
    pub(in crate::rules) fn apply_keeping_room(&mut self, mv: Move) {
        self.events.clear();
        let mut steps = self.play_move(mv);
        steps.clear();
        self.spare_steps.0.set(steps);
    }

    /// The start of every move: the turn is counted and its tile leaves the
    /// supply.
    #[inline(always)]
    fn draw(&mut self, tile: TileId) {
        self.turn = self.turn.saturating_add(1);
        if let Some(n) = self.supply.get_mut(tile.index()) {
            *n = n.saturating_sub(1);
        }
        self.remaining = self.remaining.saturating_sub(1);
        self.drawn_expansions(tile);
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
        // Phase::TurnStart: points due before the tile.
        let dragon = self.exp.dragon.is_some();
        if dragon {
            self.turn_start_expansions(player);
            if self.exp.robbers.is_some() && !self.events.is_empty() {
                let mut events = std::mem::take(&mut self.events);
                self.rob(&mut events, 0, &[], true);
                self.events = events;
            }
        }
        // Phase::Place: the tile, then what the expansions do when it lies.
        let placed = self.put_tile(tile, pos, rotation, self.turn);
        let def = self.catalog.def(tile);
        let another_turn = self.placed_expansions(&placed, player);
        // Phase::Figures: the turn's actions in their order, its figure on its
        // tile among them.
        let (before, after) = steps.split_at(usize::from(figure_at).min(steps.len()));
        for s in before {
            self.apply_step(*s);
        }
        if let Some(f) = follower {
            let node = node_of(&placed, f.segment);
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
            if def.monastery == Some(f.segment) {
                self.monks.push((pos, node));
            }
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
        self.completing_expansions(&placed, player);
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
            let mut events = std::mem::take(&mut self.events);
            let first = events.len();
            scoring::completed_by(self, &placed, &mut events);
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
                let features = &self.features;
                self.monks
                    .retain(|(_, node)| features.feature(*node).is_some_and(|f| f.is_held()));
            }
            self.events = events;
        }
        // Phase::AfterScore: the dragon's journey by the rule's text.
        if journey && !dragon_first {
            self.dragon_journey(steps);
        }
        // Phase::AfterScore: "USE MESSAGE TILES".
        if self.exp.messengers.is_some() {
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
            // The seat after the player's, the first after the last.
            let next = player.index() + 1;
            self.next = Player(if next < self.in_hand.len() { next } else { 0 } as u8);
        }
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
    fn settle(&mut self, events: &[ScoreEvent]) {
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

    fn put_tile(&mut self, tile: TileId, pos: Pos, rotation: Rotation, turn: u32) -> PlacedTile {
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
        let features = &self.features;
        self.monks
            .retain(|(_, n)| features.feature(*n).is_some_and(|f| f.is_held()));
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
