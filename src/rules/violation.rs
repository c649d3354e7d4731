//! Why a written turn is not legal: the engine's plain answer, without
//! spans.

use super::expansions::river::Bend;
use crate::board::Pos;
use crate::figures::Figure;
use crate::player::Player;
use crate::tiles::{EdgeKind, FeatureKind, Rotation, Side};

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
    /// An action names, in parentheses, a player not seated in this game
    /// (`ingot:0,0(Carl)`): the name is the action's, not the turn's.
    UnknownPlayerInAction {
        /// Which step of the turn (0: the first after its figure).
        step: usize,
    },
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
