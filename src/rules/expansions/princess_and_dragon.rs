//! The Princess & the Dragon (the 2000 Rio Grande rulebook): the volcano
//! that brings the dragon in, the dragon's journey after a dragon tile, the
//! fairy, the princess who sends a knight home, and the magic portal. The
//! cloister in the city and the tunnel are geometry: the catalog gives them
//! (`notation/tiles/princess-and-dragon.yaml`).
//!
//! Rulebook: "Whenever a player draws a tile with a volcano, he places it as
//! he would normally place a tile, but he may not place any followers (or any
//! other figure, except the dragon) on the volcano tile. Instead, the Dragon
//! immediately flies from his current location directly to this volcano tile
//! … No follower may share a tile with the dragon." "Beginning with the
//! player, who just placed the dragon tile, and continuing clockwise around
//! the table, each player, on his turn, must move the Dragon to a new tile,
//! that is either horizontally or vertically adjacent … The dragon always
//! moves 6 times … (exception: dead end). The dragon will not “visit” the same
//! tile twice on his 6 move journey … the dragon will never move to the tile
//! where the fairy stands." The rule options (`Variants`): where the fairy
//! goes (`fairy-next-follower`), whether the princess must act
//! (`princess-may`), when the dragon moves (`dragon-before-scoring`).

use smallvec::SmallVec;

use crate::board::{Pos, TileIndex};
use crate::features::{NodeId, node_of};
use crate::figures::Figure;
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken, TargetToken};
use crate::player::{MAX_PLAYERS, Player};
use crate::rules::variants::Variant;
use crate::rules::{Act, Game, Placing, Step, TurnActions, Violation};
use crate::score::{ScoreEvent, ScoreReason};
use crate::tiles::{FeatureKind, Side, Spot, Symbol, TileDef, TileId};

/// Moves of one journey of the dragon. Rulebook: "The dragon always moves 6
/// times, across 6 tiles, regardless of the number of players (exception:
/// dead end)."
pub const JOURNEY: u8 = 6;

/// Points the fairy gives when its feature is scored. Rulebook: "the player
/// whose follower stands on the tile with the fairy scores 3 points for
/// standing there".
pub const FAIRY_SCORED: u32 = 3;

/// Points the fairy gives at the start of a turn. Rulebook: "If a player
/// starts his turn with a follower on the tile where the fairy is, he scores 1
/// point immediately!"
pub const FAIRY_TURN_START: u32 = 1;

/// A follower the fairy stands next to (`fairy-next-follower`): the one
/// placed by a turn on a segment by a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FairyFollower {
    /// The segment it stands on.
    pub node: NodeId,
    /// Its owner.
    pub player: Player,
    /// The turn that placed it.
    pub turn: u32,
}

/// Where the fairy stands: a tile, and (with `fairy-next-follower`) the
/// follower it stands next to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fairy {
    /// Its tile.
    pub pos: Pos,
    /// The follower it was put next to, if the variant puts it so. The fairy
    /// stays when the follower leaves ("the fairy remains"), next to no one.
    pub next_to: Option<FairyFollower>,
}

/// What The Princess & the Dragon keeps during a game.
#[derive(Debug, Clone, Default)]
pub struct Dragon {
    /// The dragon's tile; `None` until the first volcano ("as long as no
    /// volcano tile is drawn, the dragon remains away from the game board").
    pub(in crate::rules) dragon: Option<Pos>,
    /// The fairy, once placed.
    pub(in crate::rules) fairy: Option<Fairy>,
    /// Dragon tiles set aside before the first volcano, to go back into the
    /// supply when it is placed.
    pub(in crate::rules) aside: Vec<TileId>,
    /// The figures the dragon sent home in the last turn: owner and kind.
    pub(in crate::rules) eaten: Vec<(Player, Figure)>,
    /// Who would earn the fairy's point, as last worked out.
    pub(in crate::rules) earners: EarnersKept,
}

/// The follower that earns the fairy's point at a turn's start for each
/// seat, worked out for the fairy where it stands, on a placed tile, while
/// the figures on that tile were as they were
/// ([`crate::features::Features::tile_changes`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::rules) struct FairyEarners {
    /// Its tile.
    pub(in crate::rules) tile: TileIndex,
    /// The changes of that tile's figures then.
    pub(in crate::rules) changes: u32,
    /// Each seat's earning follower's segment, or [`NO_EARNER`].
    pub(in crate::rules) nodes: [NodeId; MAX_PLAYERS],
}

/// No follower earns the seat the fairy's point.
pub(in crate::rules) const NO_EARNER: NodeId = NodeId::MAX;

/// [`FairyEarners`] as kept, if any: what the turns compute again only when
/// the fairy's tile's figures change; none once the fairy moves. Not part
/// of the game's state, so it shows no value.
#[derive(Clone, Copy, Default)]
pub(in crate::rules) struct EarnersKept(pub(in crate::rules) Option<FairyEarners>);

impl std::fmt::Debug for EarnersKept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EarnersKept")
    }
}

impl Dragon {
    /// A new game's, in the room of `old`'s lists (emptied).
    pub(in crate::rules) fn new_in(old: Option<Dragon>) -> Dragon {
        let mut d = Dragon::default();
        if let Some(Dragon { aside, eaten, .. }) = old {
            d.aside = crate::lists::emptied(aside);
            d.eaten = crate::lists::emptied(eaten);
        }
        d
    }

    /// The dragon's tile, once a volcano brought it in.
    pub fn dragon(&self) -> Option<Pos> {
        self.dragon
    }

    /// The fairy, once placed.
    pub fn fairy(&self) -> Option<Fairy> {
        self.fairy
    }

    /// Dragon tiles set aside, waiting for the first volcano.
    pub fn aside(&self) -> &[TileId] {
        &self.aside
    }

    /// The figures the dragon sent home in the last turn (owner, kind), in
    /// the order of its steps.
    pub fn eaten(&self) -> &[(Player, Figure)] {
        &self.eaten
    }
}

/// The dragon's journey as a turn's steps are checked: where it is, the
/// tiles it has visited (its start among them) and its moves so far.
#[derive(Debug, Clone, Copy)]
pub(in crate::rules) struct Journey {
    /// Its tile at the start.
    start: Pos,
    /// Its tile now.
    at: Pos,
    /// The tiles visited, its start among them, a bit each
    /// ([`Journey::bit`]).
    visited: u128,
    /// Moves made.
    moves: u8,
}

/// The moves a journey makes at most, as a distance.
const REACH: i64 = JOURNEY as i64;

impl Journey {
    /// A journey not begun, from the dragon's tile.
    fn from(start: Pos) -> Journey {
        let mut journey = Journey {
            start,
            at: start,
            visited: 0,
            moves: 0,
        };
        journey.visited = journey.bit(start);
        journey
    }

    /// The bit of a square in [`Journey::visited`]: the squares a journey
    /// can reach (at most 6 squares from its start, counted across and up:
    /// 85 of them) are numbered along the diagonals, one bit each; the
    /// others have none.
    fn bit(&self, to: Pos) -> u128 {
        let dx = i64::from(to.x) - i64::from(self.start.x);
        let dy = i64::from(to.y) - i64::from(self.start.y);
        // Within reach both diagonals' numbers are in 0..=12, and they are
        // both even or both odd: half the place of the pair in a 13 by 13
        // square is the square's own number, at most 84.
        let (u, v) = (dx + dy + REACH, dx - dy + REACH);
        let side = 2 * REACH + 1;
        if !(0..side).contains(&u) || !(0..side).contains(&v) {
            return 0;
        }
        u32::try_from((u * side + v) / 2)
            .ok()
            .and_then(|n| 1u128.checked_shl(n))
            .unwrap_or(0)
    }

    /// Whether the dragon has been on `to` in this journey (its start
    /// included): one bit looked at, whatever the number of moves.
    fn has_visited(&self, to: Pos) -> bool {
        self.visited & self.bit(to) != 0
    }

    /// The journey of a turn's steps so far: the one under way, or one not
    /// begun from the dragon's tile `start`.
    fn so_far(turn: &TurnActions, start: Pos) -> Journey {
        turn.journey.unwrap_or_else(|| Journey::from(start))
    }

    /// A move to `to`, which the rules allow.
    fn go(&mut self, to: Pos) {
        self.moves = self.moves.saturating_add(1);
        self.visited |= self.bit(to);
        self.at = to;
    }
}

/// Whether a turn of a tile of this kind written without actions (no
/// steps after its figure) is one these rules look at ([`super::concern`]):
/// a dragon tile (set aside before the first volcano, which makes placing it
/// a fault; after it, the journey it brings is due), a volcano (no figure on
/// it) and a tile with the princess (a knight of the city she joins must go
/// home). Not the magic portal, whose use is an action; nor the dragon's
/// tile, which a turn's own tile never is (its square is empty, which the
/// placement's check has made sure of before a figure is looked at).
pub(in crate::rules) fn concerns_quiet_turn(def: &TileDef) -> bool {
    matches!(def.symbol, Some(Symbol::Dragon | Symbol::Volcano)) || def.princess().is_some()
}

impl Game<'_> {
    /// The Princess & the Dragon's state, when in play.
    pub fn princess_and_dragon(&self) -> Option<&Dragon> {
        self.exp.dragon.as_ref()
    }

    /// The symbol of a tile kind.
    fn symbol(&self, tile: TileId) -> Option<Symbol> {
        self.catalog.def(tile).symbol
    }

    /// `aside`: a dragon tile drawn while the dragon is off the board.
    /// Rulebook: "as long as no volcano tile is drawn … if a dragon tile is
    /// drawn, the player sets it aside and draws another to play in its
    /// stead."
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn may_set_aside(&self, tile: TileId) -> bool {
        self.exp
            .dragon
            .as_ref()
            .is_some_and(|d| d.dragon.is_none() && self.symbol(tile) == Some(Symbol::Dragon))
    }

    /// `aside`: the tile set aside, where a rule in play sets it aside.
    ///
    /// # Errors
    /// [`Violation::SetAsideNotAllowed`].
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn check_aside(
        &self,
        tile: TileId,
    ) -> Result<crate::rules::Action, Violation> {
        if self.may_set_aside(tile) {
            Ok(crate::rules::Action::Aside)
        } else {
            Err(Violation::SetAsideNotAllowed)
        }
    }

    /// A tile placed: a dragon tile may not be placed before the first
    /// volcano (it is set aside).
    ///
    /// # Errors
    /// [`Violation::DragonTileBeforeVolcano`].
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn check_dragon_tile(&self, tile: TileId) -> Result<(), Violation> {
        if self.may_set_aside(tile) {
            return Err(Violation::DragonTileBeforeVolcano);
        }
        Ok(())
    }

    /// The turn's figure on the tile just placed, or on the tile at `at`:
    /// none on the volcano just placed ("he may not place any followers (or
    /// any other figure, except the dragon) on the volcano tile"), no follower
    /// (small or large, `follower`) where the dragon stands ("No follower may
    /// share a tile with the dragon"); a tower piece or the fairy may go
    /// there.
    ///
    /// # Errors
    /// [`Violation::SharesDragonTile`].
    pub(in crate::rules) fn check_dragon_tile_free(
        &self,
        step: usize,
        at: Pos,
        placing: &Placing,
        follower: bool,
    ) -> Result<(), Violation> {
        let Some(d) = &self.exp.dragon else {
            return Ok(());
        };
        let volcano = at == placing.pos && self.symbol(placing.tile) == Some(Symbol::Volcano);
        if volcano || follower && d.dragon == Some(at) {
            return Err(Violation::SharesDragonTile { step });
        }
        Ok(())
    }

    /// Whether the dragon stands on the tile at `pos` ("No follower may
    /// share a tile with the dragon"); never without The Princess & the
    /// Dragon.
    pub(in crate::rules) fn dragon_stands_on(&self, pos: Pos) -> bool {
        self.exp
            .dragon
            .as_ref()
            .is_some_and(|d| d.dragon == Some(pos))
    }

    /// The princess's rule for the turn's figure: after she sent a knight
    /// home, the player places nothing. Rulebook: "In this case, he may not
    /// place a follower (or any other figure) on this tile, even on the field
    /// or the road."
    ///
    /// # Errors
    /// [`Violation::Princess`].
    pub(in crate::rules) fn check_after_princess(
        step: usize,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        if turn.princess {
            return Err(Violation::Princess {
                step,
                reason: "the princess sent a knight home: no figure this turn".to_string(),
            });
        }
        if turn.journey.is_some() {
            return Err(Violation::ActionNotAllowed {
                step,
                reason: "the turn's figure comes before the dragon's journey".to_string(),
            });
        }
        Ok(())
    }

    /// The figures standing on a tile (followers, builders, pigs), the last
    /// placed first.
    fn figures_on(&self, at: Pos) -> impl Iterator<Item = &crate::features::Follower> + '_ {
        self.board
            .index_at(at)
            .into_iter()
            .flat_map(|index| self.features.figures_on_tile(index))
    }

    /// The figures standing on a tile (followers, builders, pigs), by the
    /// tile's segments in order, each segment's in the order they came.
    fn followers_on(&self, at: Pos) -> SmallVec<[crate::features::Follower; 4]> {
        let mut out: SmallVec<[crate::features::Follower; 4]> =
            self.figures_on(at).copied().collect();
        if out.len() > 1 {
            out.reverse();
            out.sort_by_key(|f| f.node);
        }
        out
    }

    /// `+fairy:x,y` (on a tile where the player has a follower), or with
    /// `fairy-next-follower` `+fairy:x,y/SPOT` (next to one of the player's
    /// followers). Rulebook: "Whenever a player places no follower on his
    /// turn, he may, instead, place the fairy on any tile where he has one of
    /// his followers."
    pub(in crate::rules) fn check_fairy(
        &self,
        step: usize,
        at: Pos,
        place: Option<Place>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::Fairy {
            step,
            reason: reason.to_string(),
        };
        let player = placing.player;
        let next_follower = self.variants().contains(Variant::FairyNextFollower);
        let next_to = match (next_follower, place) {
            (false, None) => {
                if !self
                    .figures_on(at)
                    .any(|f| f.player == player && f.figure.is_follower())
                {
                    return Err(fault(
                        "the fairy goes on a tile where the player has a follower",
                    ));
                }
                None
            }
            (true, Some(Place::Spot(spot))) => {
                let placed = self.board.at(at).ok_or_else(|| fault("no tile there"))?;
                let seg = spot
                    .segment(self.catalog.def(placed.tile), placed.rotation)
                    .ok_or_else(|| fault("the tile has no feature at that spot"))?;
                let node = node_of(placed, seg);
                let f = self
                    .followers_on(at)
                    .into_iter()
                    .find(|f| f.node == node && f.player == player && f.figure.is_follower())
                    .ok_or_else(|| fault("the fairy goes next to one of the player's followers"))?;
                Some(FairyFollower {
                    node,
                    player,
                    turn: f.turn,
                })
            }
            (false, Some(_)) => {
                return Err(fault(
                    "the fairy goes on a tile (+fairy:x,y); next to a follower (x,y/SPOT) with the variant fairy-next-follower",
                ));
            }
            (true, _) => {
                return Err(fault(
                    "with fairy-next-follower the fairy goes next to a follower: +fairy:x,y/SPOT",
                ));
            }
        };
        turn.fairy_to = Some(at);
        Ok(Step {
            actor: player,
            act: Act::Fairy { pos: at, next_to },
        })
    }

    /// `+x,y/SPOT` on a tile placed earlier, by the magic portal. Rulebook:
    /// "he may place a follower on this or any previously placed tile. When
    /// doing so, he must follow all other placement rules, for example, not on
    /// a feature with another follower. In addition, he may not, place his
    /// follower on an already completed feature."
    pub(in crate::rules) fn check_portal(
        &self,
        step: usize,
        name: Option<&str>,
        at: Pos,
        spot: Spot,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<Step, Violation> {
        if self.symbol(placing.tile) != Some(Symbol::Portal) {
            return Err(Violation::FigureOffTile { step });
        }
        let fault = |reason: &str| Violation::Portal {
            step,
            reason: reason.to_string(),
        };
        let figure = self
            .follower_named(name)
            .ok_or_else(|| fault("the magic portal takes a follower"))?;
        let player = placing.player;
        self.check_in_hand(player, figure, turn.ransomed)?;
        let placed = self
            .board
            .at(at)
            .ok_or_else(|| fault("no tile on that square"))?;
        let def = self.catalog.def(placed.tile);
        let seg = spot
            .segment(def, placed.rotation)
            .ok_or_else(|| fault("the tile has no feature at that spot"))?;
        let node = node_of(placed, seg);
        self.check_dragon_tile_free(step, at, placing, true)?;
        let root = self.features.root(node);
        // "Already completed": before the portal's tile is placed (SPEC 6.7).
        // A feature that tile completes takes the follower, on any of its
        // tiles, and is scored this turn with him.
        if self.features.is_complete(node) {
            return Err(fault("the feature is already completed"));
        }
        // The feature as the tile placed this turn leaves it: joined with
        // whatever the new tile joins it to.
        let placed_def = self.catalog.def(placing.tile);
        let mut roots: SmallVec<[NodeId; 8]> = SmallVec::new();
        roots.push(root);
        for s in 0..placed_def.segments.len() {
            let Ok(s) = u8::try_from(s) else { continue };
            let group = self.merged_roots(placed_def, placing.pos, placing.rotation, s);
            if group.iter().any(|r| *r == root) {
                roots.extend(group.iter().copied());
            }
        }
        let held = roots.iter().any(|r| {
            self.features
                .feature(*r)
                .is_some_and(|f| f.followers().any(|x| x.figure.is_follower()))
        });
        if held {
            let kind = self
                .features
                .feature(root)
                .map_or(FeatureKind::Field, |f| f.kind);
            let first = roots
                .iter()
                .filter_map(|r| self.features.feature(*r))
                .flat_map(|f| f.followers().filter(|x| x.figure.is_follower()))
                .min_by_key(|x| x.turn);
            if let Some(first) = first {
                return Err(Violation::FeatureAlreadyOccupied {
                    kind,
                    by_turn: first.turn,
                    owner: first.player,
                });
            }
        }
        Ok(Step {
            actor: player,
            act: Act::Portal {
                pos: at,
                node,
                figure,
            },
        })
    }

    /// The knights of the city the princess joins: (node, owner, kind) of
    /// each, on the board before the tile is placed.
    fn princess_knights(&self, placing: &Placing) -> SmallVec<[(NodeId, Player, Figure); 4]> {
        let def = self.catalog.def(placing.tile);
        let Some(seg) = def.princess() else {
            return SmallVec::new();
        };
        let roots = self.merged_roots(def, placing.pos, placing.rotation, seg);
        roots
            .iter()
            .filter_map(|r| self.features.feature(*r))
            .flat_map(|f| f.followers().filter(|x| x.figure.is_follower()))
            .map(|x| (x.node, x.player, x.figure))
            .collect()
    }

    /// `princess:x,y/SPOT`, `princess:big:x,y/SPOT(Owner)`: the knight of
    /// the princess's city sent home. Rulebook: "If he places the tile so
    /// that it adds to a city with one or more knights, he must return one of
    /// those knights to its player (his choice, and he may choose a large or
    /// normal sized follower)."
    pub(in crate::rules) fn check_princess(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::Princess {
            step,
            reason: reason.to_string(),
        };
        if self.catalog.def(placing.tile).princess().is_none() {
            return Err(fault("the tile shows no princess"));
        }
        if turn.princess {
            return Err(fault("the princess sends one knight home"));
        }
        if turn.figure {
            return Err(fault(
                "the princess sends a knight home instead of the turn's figure",
            ));
        }
        let Some(ArgToken::At { figure, target }) = act.arg.as_ref() else {
            return Err(Violation::NoSuchFigure {
                step,
                reason: "name the knight: princess:x,y/SPOT".to_string(),
            });
        };
        let no_such = |reason: &str| Violation::NoSuchFigure {
            step,
            reason: reason.to_string(),
        };
        let at = target.pos.unwrap_or(placing.pos);
        let Some(Place::Spot(spot)) = target.place else {
            return Err(no_such("name the knight's spot: princess:x,y/SPOT"));
        };
        let kind = match *figure {
            None => None,
            Some("big") => Some(Figure::Big),
            Some(_) => return Err(no_such("a knight is a follower or a large follower")),
        };
        let owner = match act.player {
            None => None,
            Some(name) => Some(self.seat_named_in(step, name)?),
        };
        let placed = self
            .board
            .at(at)
            .ok_or_else(|| no_such("no tile on that square"))?;
        let seg = spot
            .segment(self.catalog.def(placed.tile), placed.rotation)
            .ok_or_else(|| no_such("the tile has no feature at that spot"))?;
        let node = node_of(placed, seg);
        let knights = self.princess_knights(placing);
        let mut found = knights.iter().filter(|(n, p, f)| {
            *n == node && owner.is_none_or(|o| o == *p) && kind.is_none_or(|k| k == *f)
        });
        let Some(&(node, owner, figure)) = found.next() else {
            return Err(no_such("no knight of the princess's city stands there"));
        };
        if found.any(|x| (x.1, x.2) != (owner, figure)) {
            return Err(no_such(
                "several knights stand there: name the owner (x,y/SPOT(Name)) and the kind (big:)",
            ));
        }
        turn.princess = true;
        Ok(Step {
            actor: placing.player,
            act: Act::Princess {
                at,
                node,
                owner,
                figure,
            },
        })
    }

    /// Whether the dragon journeys this turn: a dragon tile placed with the
    /// dragon on the board.
    fn journey_due(&self, placing: &Placing) -> Option<Pos> {
        let d = self.exp.dragon.as_ref()?;
        if self.symbol(placing.tile) == Some(Symbol::Dragon) {
            d.dragon
        } else {
            None
        }
    }

    /// The fairy's tile once the turn's steps so far are played.
    fn fairy_now(&self, turn: &TurnActions) -> Option<Pos> {
        turn.fairy_to.or_else(|| {
            self.exp
                .dragon
                .as_ref()
                .and_then(|d| d.fairy.map(|f| f.pos))
        })
    }

    /// Where the dragon may go from `at`: a tile (on the board or just
    /// placed), not visited on this journey, not the fairy's.
    fn dragon_may_enter(
        &self,
        to: Pos,
        journey: &Journey,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), &'static str> {
        if to != placing.pos && !self.board.is_occupied(to) {
            return Err("no tile there");
        }
        if journey.has_visited(to) {
            return Err("the dragon does not visit a tile twice on one journey");
        }
        if self.fairy_now(turn) == Some(to) {
            return Err("the dragon never moves to the fairy's tile");
        }
        Ok(())
    }

    /// `dragon:DIR` or `dragon:DIR(Player)`: one move of the dragon's journey,
    /// by the player whose move it is: the turn's player first, then each
    /// player clockwise.
    pub(in crate::rules) fn check_dragon_step(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::DragonStep {
            step,
            reason: reason.to_string(),
        };
        let Some(start) = self.journey_due(placing) else {
            return Err(fault(
                "the dragon moves after a dragon tile, once a volcano has brought it in",
            ));
        };
        let Some(ArgToken::At {
            figure: None,
            target:
                TargetToken {
                    pos: None,
                    place: Some(place),
                },
        }) = act.arg.as_ref()
        else {
            return Err(fault(
                "a move of the dragon is a direction: dragon:N, E, S or W",
            ));
        };
        let Place::Spot(Spot::Edge(side)) = *place else {
            return Err(fault(
                "a move of the dragon is a direction: dragon:N, E, S or W",
            ));
        };
        let mut journey = Journey::so_far(turn, start);
        if journey.moves >= JOURNEY {
            return Err(fault("the dragon's journey is 6 moves"));
        }
        let seats = self.in_hand.len().max(1);
        let actor = Player(
            u8::try_from((placing.player.index() + usize::from(journey.moves)) % seats)
                .unwrap_or(0),
        );
        // The name written is most often the mover's: told by one comparison
        // (seats' names are distinct), the seats looked through only if not.
        if let Some(name) = act.player
            && name != self.name(actor)
        {
            let named = self.seat_named_in(step, name)?;
            if named != actor {
                return Err(Violation::DragonStep {
                    step,
                    reason: format!(
                        "move {} of the journey is by the player {} seat(s) after the turn's",
                        journey.moves + 1,
                        journey.moves
                    ),
                });
            }
        }
        let to = step_to(journey.at, side).ok_or_else(|| fault("no tile there"))?;
        self.dragon_may_enter(to, &journey, placing, turn)
            .map_err(fault)?;
        journey.go(to);
        turn.journey = Some(journey);
        Ok(Step {
            actor,
            act: Act::DragonStep { to },
        })
    }

    /// The end of a turn's actions for this expansion: the dragon's journey
    /// whole (6 moves, or fewer at a dead end), and the princess's knight
    /// sent home when the rule says she must.
    ///
    /// # Errors
    /// [`Violation::DragonJourney`], [`Violation::Princess`].
    pub(in crate::rules) fn check_dragon_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        if let Some(start) = self.journey_due(placing) {
            let journey = Journey::so_far(turn, start);
            if journey.moves < JOURNEY {
                let open = Side::ALL.into_iter().any(|side| {
                    step_to(journey.at, side).is_some_and(|to| {
                        self.dragon_may_enter(to, &journey, placing, turn).is_ok()
                    })
                });
                if open {
                    return Err(Violation::DragonJourney {
                        moves: journey.moves,
                    });
                }
            }
        }
        if !turn.princess
            && self.catalog.def(placing.tile).princess().is_some()
            && !self.variants().contains(Variant::PrincessMay)
            && !self.princess_knights(placing).is_empty()
        {
            return Err(Violation::Princess {
                step: usize::MAX,
                reason:
                    "the princess joins a city with knights: one must go home (princess:x,y/SPOT)"
                        .to_string(),
            });
        }
        Ok(())
    }

    /// [`super::Phase::TurnStart`]: the fairy's point to the player who
    /// starts the turn with a follower on its tile (with
    /// `fairy-next-follower`: whose follower it stands next to), not on the
    /// builder's second turn ("he does not score 2 points for the fairy!").
    /// Most turns read the earner as kept and give no point: that is all
    /// this does itself.
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn fairy_turn_start(&mut self, player: Player, second_turn: bool) {
        let Some(d) = self.exp.dragon.as_ref() else {
            return;
        };
        let Some(fairy) = d.fairy else {
            return;
        };
        if second_turn {
            return;
        }
        // With the fairy next to a follower, only its owner may earn.
        if fairy.next_to.is_some_and(|n| n.player != player) {
            return;
        }
        // The earners as kept while the fairy and its tile's figures stay,
        // read where they are kept (only the player's is wanted).
        let seat = usize::from(player.0);
        let node = match &d.earners.0 {
            Some(e) if self.features.tile_changes(e.tile) == e.changes => {
                e.nodes.get(seat).copied().unwrap_or(NO_EARNER)
            }
            _ => self.fairy_earner_again(seat),
        };
        if node != NO_EARNER {
            self.fairy_point(player, node);
        }
    }

    /// The follower of a seat that earns the fairy's point, worked out from
    /// the board, with every seat's kept ([`Game::fairy_earners`]).
    #[inline(never)]
    fn fairy_earner_again(&mut self, seat: usize) -> NodeId {
        let Some(fairy) = self.exp.dragon.as_ref().and_then(|d| d.fairy) else {
            return NO_EARNER;
        };
        let Some(e) = self.fairy_earners(fairy) else {
            return NO_EARNER;
        };
        if let Some(d) = self.exp.dragon.as_mut() {
            d.earners.0 = Some(e);
        }
        e.nodes.get(seat).copied().unwrap_or(NO_EARNER)
    }

    /// The fairy's point at the start of a turn to `player`, whose follower
    /// on `node` earns it.
    #[inline(never)]
    fn fairy_point(&mut self, player: Player, node: NodeId) {
        let Some(fairy) = self.exp.dragon.as_ref().and_then(|d| d.fairy) else {
            return;
        };
        if let Some(s) = self.score.get_mut(player) {
            *s = s.saturating_add(FAIRY_TURN_START);
        }
        // A verdict reads the score: the event only where a robber may take
        // the point ([`Game::rob`] at the turn's start reads it).
        if !self.all_events() && !self.may_rob_settled_point(player, FAIRY_TURN_START) {
            return;
        }
        let kind = self.features.kind_of(node);
        // Pushed as made, its tile named afterwards: the event is not
        // copied from one place to another on the way.
        self.events.push(ScoreEvent::bonus(
            ScoreReason::Fairy,
            Some(self.turn),
            kind.unwrap_or(FeatureKind::Field),
            crate::score::FeatureRef {
                pos: fairy.pos,
                spot: Spot::Centre,
            },
            player,
            FAIRY_TURN_START,
        ));
        if self.explains()
            && let Some(e) = self.events.last_mut()
        {
            e.tiles.push(fairy.pos);
        }
    }

    /// Who earns the fairy's point at a turn's start, seat by seat: the
    /// follower the fairy stands next to, or each player's first on its tile
    /// (by segment, then the first placed: the figures come the last placed
    /// first). `None` where the fairy's square holds no tile.
    pub(in crate::rules) fn fairy_earners(&self, fairy: Fairy) -> Option<FairyEarners> {
        let tile = self.board.index_at(fairy.pos)?;
        let mut nodes = [NO_EARNER; MAX_PLAYERS];
        for f in self.features.figures_on_tile(tile) {
            let earns = f.figure.is_follower()
                && fairy
                    .next_to
                    .is_none_or(|n| (n.node, n.player, n.turn) == (f.node, f.player, f.turn));
            if let Some(slot) = nodes.get_mut(usize::from(f.player.0))
                && earns
                && f.node <= *slot
            {
                *slot = f.node;
            }
        }
        Some(FairyEarners {
            tile,
            changes: self.features.tile_changes(tile),
            nodes,
        })
    }

    /// [`super::Phase::Score`]: the fairy's 3 points for each feature scored
    /// in `events` (from `first` on) that holds the follower the fairy stands
    /// with: on its tile (each player with a follower of the feature there),
    /// or next to it (`fairy-next-follower`). Rulebook: "When a feature
    /// (city, road, cloister, or farm) with the fairy is scored, the player
    /// whose follower stands on the tile with the fairy scores 3 points for
    /// standing there, and may score for the feature as normal."
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn fairy_scored(&self, events: &mut Vec<ScoreEvent>, first: usize) {
        let Some(fairy) = self.exp.dragon.as_ref().and_then(|d| d.fairy) else {
            return;
        };
        let mut roots: SmallVec<[NodeId; 4]> = SmallVec::new();
        for e in events.get(first..).unwrap_or_default() {
            if e.reason == ScoreReason::Completed || e.reason == ScoreReason::Incomplete {
                let r = self.features.root(e.node);
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        let turn = events.get(first).and_then(|e| e.turn);
        for (root, player, kind) in self.fairy_holders(fairy) {
            if roots.contains(&root) {
                events.push(self.fairy_event(turn, fairy.pos, Some(kind), player, FAIRY_SCORED));
            }
        }
    }

    /// [`super::Phase::FinalScoring`]: the fairy's 3 points for every feature
    /// it stands with that the final scoring scores (SPEC 6.7): every road,
    /// city and monastery holding a follower; under the 2012 rules every farm
    /// ("Once all the fields have been scored", a field touching no completed
    /// city for 0); under the 2000 rules, which score the farmers city by city
    /// ("For each city a player's farmers supply"), a farm that supplies at
    /// least one completed city, once, whatever their number. A 2000 farm that
    /// supplies none is never scored ("Farms are not scored"; "The farmer must
    /// be in a farm that borders a city to supply it"): no fairy points.
    pub(in crate::rules) fn fairy_final(&self, events: &mut Vec<ScoreEvent>) {
        let Some(fairy) = self.exp.dragon.as_ref().and_then(|d| d.fairy) else {
            return;
        };
        let per_city = self.edition() == crate::rules::Edition::Rgg2000;
        for (root, player, kind) in self.fairy_holders(fairy) {
            if per_city
                && kind == FeatureKind::Field
                && crate::rules::worth::completed_cities(self, root).is_empty()
            {
                continue;
            }
            events.push(self.fairy_event(None, fairy.pos, Some(kind), player, FAIRY_SCORED));
        }
    }

    /// The features the fairy stands with and who gets its points: (root,
    /// player, kind), each pair once, in the order of the followers.
    fn fairy_holders(&self, fairy: Fairy) -> SmallVec<[(NodeId, Player, FeatureKind); 4]> {
        let mut out: SmallVec<[(NodeId, Player, FeatureKind); 4]> = SmallVec::new();
        let candidates: SmallVec<[crate::features::Follower; 4]> = match fairy.next_to {
            Some(f) => self
                .followers_on(fairy.pos)
                .into_iter()
                .filter(|x| x.node == f.node && x.player == f.player && x.turn == f.turn)
                .take(1)
                .collect(),
            None => self
                .followers_on(fairy.pos)
                .into_iter()
                .filter(|x| x.figure.is_follower())
                .collect(),
        };
        for x in candidates {
            let root = self.features.root(x.node);
            let kind = self
                .features
                .feature(x.node)
                .map_or(FeatureKind::Field, |f| f.kind);
            if !out.iter().any(|(r, p, _)| *r == root && *p == x.player) {
                out.push((root, x.player, kind));
            }
        }
        out
    }

    /// [`super::Phase::Place`]: a volcano brings the dragon to its tile, and
    /// the dragon tiles set aside go back into the supply. Rulebook: "As soon
    /// as a volcano tile is drawn and placed, the dragon enters the game, the
    /// set-aside dragon tiles are shuffled face-down with the other tiles".
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn dragon_placed(&mut self, pos: Pos, tile: TileId) {
        if self.symbol(tile) != Some(Symbol::Volcano) {
            return;
        }
        let Some(d) = &mut self.exp.dragon else {
            return;
        };
        d.dragon = Some(pos);
        for t in std::mem::take(&mut d.aside) {
            if let Some(n) = self.supply.get_mut(t.index()) {
                *n = n.saturating_add(1);
            }
            self.remaining = self.remaining.saturating_add(1);
        }
    }

    /// A tile set aside: out of the supply until the first volcano.
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn set_aside(&mut self, tile: TileId) {
        if let Some(d) = &mut self.exp.dragon {
            d.aside.push(tile);
        }
    }

    /// Plays a checked action of The Princess & the Dragon but the dragon's
    /// moves ([`Game::dragon_journey`]).
    pub(in crate::rules) fn apply_dragon_step(&mut self, step: Step) {
        match step.act {
            Act::Fairy { pos, next_to } => {
                if let Some(d) = &mut self.exp.dragon {
                    d.fairy = Some(Fairy { pos, next_to });
                    // Those kept were for where it stood.
                    d.earners = EarnersKept::default();
                }
            }
            Act::Portal { pos, node, figure } => self.put_follower(step.actor, pos, node, figure),
            Act::Princess {
                node,
                owner,
                figure,
                ..
            } => {
                // "If he removes the last knight from the city that has a
                // builder of the same color, he removes the builder, as well."
                self.send_home_from(node, owner, figure);
                if let Some(s) = self.in_hand.get_mut(owner) {
                    s.give(figure);
                }
            }
            _ => {}
        }
    }

    /// [`super::Phase::Others`] (or after the scoring): the dragon's moves of
    /// the turn, each sending home every figure on the tile it enters.
    /// Rulebook: "Whenever the dragon visits a tile with a follower, a
    /// builder, or a pig, the player whose figure stands on the tile, takes
    /// the follower, builder, or pig from the tile, returning it to his
    /// supply. When a player's last thief, knight, or farmer is removed from
    /// a road or city with a builder, or field with a pig, the player takes
    /// his builder or pig".
    #[cold]
    #[inline(never)]
    pub(in crate::rules) fn dragon_journey(&mut self, steps: &[Step]) {
        for s in steps {
            let Act::DragonStep { to } = s.act else {
                continue;
            };
            if let Some(d) = &mut self.exp.dragon {
                d.dragon = Some(to);
            }
            // Most tiles it enters hold no figure, and most others one
            // follower: sent home as [`Game::eat_figures_on`] would.
            let here = {
                let mut figures = self.figures_on(to);
                (figures.next().copied(), figures.next().is_some())
            };
            match here {
                (None, _) => {}
                (Some(f), false) if f.figure.is_follower() => {
                    self.send_home_from(f.node, f.player, f.figure);
                    self.eat(f.player, f.figure);
                }
                _ => self.eat_figures_on(to),
            }
            // A follower on top of a tower there (The Tower).
            let guard = self.exp.tower.as_mut().and_then(|t| t.unguard(to));
            if let Some(g) = guard {
                self.eat(g.player, g.figure);
            }
        }
    }

    /// The figures on a tile the dragon enters, sent home: followers first
    /// (their builders and pigs go with the last of them), then what is left.
    fn eat_figures_on(&mut self, to: Pos) {
        let here = self.followers_on(to);
        for f in here.iter().filter(|f| f.figure.is_follower()) {
            self.send_home_from(f.node, f.player, f.figure);
            self.eat(f.player, f.figure);
        }
        // What is left is among the builders and pigs that were there (no
        // figure comes): with none, nothing is.
        if here.iter().all(|f| f.figure.is_follower()) {
            return;
        }
        let rest = self.followers_on(to);
        for f in rest {
            if self
                .features
                .take_figure(f.node, |x| {
                    x.node == f.node && x.player == f.player && x.figure == f.figure
                })
                .is_some()
            {
                self.eat(f.player, f.figure);
            }
        }
    }

    /// A score event of the fairy: its 3 points with a feature of a kind
    /// scored (its point at the start of a turn is made in place,
    /// [`Game::fairy_turn_start`]); its tile named when the game explains
    /// its scores.
    fn fairy_event(
        &self,
        turn: Option<u32>,
        pos: Pos,
        kind: Option<FeatureKind>,
        player: Player,
        points: u32,
    ) -> ScoreEvent {
        let mut event = ScoreEvent::bonus(
            ScoreReason::Fairy,
            turn,
            kind.unwrap_or(FeatureKind::Field),
            crate::score::FeatureRef {
                pos,
                spot: Spot::Centre,
            },
            player,
            points,
        );
        if self.explains() {
            event.tiles.push(pos);
        }
        event
    }

    /// A figure the dragon sends home.
    fn eat(&mut self, player: Player, figure: Figure) {
        if let Some(s) = self.in_hand.get_mut(player) {
            s.give(figure);
        }
        if let Some(d) = &mut self.exp.dragon {
            d.eaten.push((player, figure));
        }
    }
}

/// The square beside `at` on a side.
fn step_to(at: Pos, side: Side) -> Option<Pos> {
    at.neighbour(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journey_is_six_moves() {
        assert_eq!(JOURNEY, 6);
        assert_eq!(step_to(Pos::new(0, 0), Side::North), Some(Pos::new(0, 1)));
        assert_eq!(step_to(Pos::new(0, 0), Side::West), Some(Pos::new(-1, 0)));
    }

    /// A journey has visited its start and the tile of each move made, and
    /// no other, after any number of moves.
    #[test]
    fn a_journey_knows_the_tiles_it_visited() {
        let start = Pos::new(0, 0);
        let mut journey = Journey::from(start);
        assert!(journey.has_visited(start));
        assert!(!journey.has_visited(Pos::new(1, 0)));
        for x in 1..=i32::from(JOURNEY) {
            journey.go(Pos::new(x, 0));
            assert_eq!((journey.at, journey.moves), (Pos::new(x, 0), x as u8));
            assert!(journey.has_visited(start));
            assert!((1..=x).all(|v| journey.has_visited(Pos::new(v, 0))));
            assert!(!journey.has_visited(Pos::new(x + 1, 0)));
            assert!(!journey.has_visited(Pos::new(0, 1)));
        }
        // Every square within reach has a bit of its own; the others none.
        let mut bits = std::collections::BTreeSet::new();
        for x in -8..=8 {
            for y in -8..=8 {
                let bit = journey.bit(Pos::new(start.x + x, start.y + y));
                if x.abs() + y.abs() <= i32::from(JOURNEY) {
                    assert_eq!(bit.count_ones(), 1, "{x},{y}");
                    assert!(bits.insert(bit), "{x},{y}");
                } else {
                    assert_eq!(bit, 0, "{x},{y}");
                }
            }
        }
        assert_eq!(bits.len(), 85);
        let far = Journey::from(Pos::new(i32::MAX, i32::MIN));
        assert!(far.has_visited(Pos::new(i32::MAX, i32::MIN)));
        assert!(!far.has_visited(Pos::new(i32::MIN, i32::MAX)));
    }

    /// The fault of the last turn of a record whose other turns are legal.
    fn last_turn_fault(src: &str) -> Violation {
        use crate::header::Header;
        use crate::notation::TurnInput;
        use crate::tiles::TileCatalog;
        let catalog = TileCatalog::embedded().expect("the catalog");
        let parsed = crate::parse(src);
        let record = &parsed.first().expect("a game").record;
        let (header, _) = Header::read(record);
        let mut game = Game::new(header.expect("a header").setup(), &catalog);
        let (last, before) = record.turns.split_last().expect("turns");
        for t in before {
            game.play(t).expect("a legal turn");
        }
        game.check(&TurnInput::of(last)).expect_err("a fault")
    }

    /// The six moves of the rulebook's journey, as its record writes them.
    const JOURNEY_MOVES: &str =
        "dragon:N dragon:W(Bob) dragon:S(Chris) dragon:W(David) dragon:N(Anna) dragon:N(Bob)";

    /// The rulebook's journey (`valid/princess-and-dragon-journey.cgn`) up
    /// to the turn of the dragon's journey, which is then the last.
    fn journey_to_its_turn() -> String {
        let journey = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("notation/games/valid/princess-and-dragon-journey.cgn"),
        )
        .expect("the rulebook's journey");
        assert!(journey.contains(JOURNEY_MOVES));
        journey.replace("\n10. Bob U -3,0 r0 +W", "")
    }

    /// Rulebook: the dragon moves "to a new tile, that is either
    /// horizontally or vertically adjacent", "will not “visit” the same tile
    /// twice on his 6 move journey" and "will never move to the tile where
    /// the fairy stands": each move is refused for its own reason, the first
    /// of them that holds.
    #[test]
    fn a_move_of_the_dragon_is_refused_for_its_reason() {
        let journey = journey_to_its_turn();
        let moves = JOURNEY_MOVES;
        let reason = |src: String| match last_turn_fault(&src) {
            Violation::DragonStep { step, reason } => (step, reason),
            other => panic!("{other:?}"),
        };
        // From 0,-1 south: no tile.
        assert_eq!(
            reason(journey.replace(moves, "dragon:S")),
            (0, "no tile there".to_string())
        );
        // Back onto the volcano it started from, and back onto the dragon
        // tile placed this turn.
        assert_eq!(
            reason(journey.replace(moves, "dragon:N dragon:S(Bob)")),
            (
                1,
                "the dragon does not visit a tile twice on one journey".to_string()
            )
        );
        assert_eq!(
            reason(journey.replace(moves, "dragon:N dragon:E(Bob) dragon:W(Chris)")),
            (
                2,
                "the dragon does not visit a tile twice on one journey".to_string()
            )
        );
        // Onto the fairy's tile (Chris's monk's, as the fairy put there on
        // turn 7).
        let fairy = journey.replace("7. Chris E 0,1 r180", "7. Chris E 0,1 r180 +fairy:-1,-1");
        assert_eq!(
            reason(fairy),
            (2, "the dragon never moves to the fairy's tile".to_string())
        );
    }

    /// Rulebook: "Beginning with the player, who just placed the dragon tile,
    /// and continuing clockwise around the table, each player, on his turn,
    /// must move the Dragon". A move may name its mover: the mover due (Bob
    /// for the second move of Anna's journey) passes, another seat is refused
    /// with how many seats after the turn's player the move is, and a name
    /// seated nowhere is an unknown player.
    #[test]
    fn a_move_of_the_dragon_is_made_by_the_seat_due() {
        let journey = journey_to_its_turn();
        let fault = |written: &str| last_turn_fault(&journey.replace(JOURNEY_MOVES, written));
        // The journey's first move written as Bob's, then Bob's second as Chris's.
        assert_eq!(
            fault("dragon:N(Bob)"),
            Violation::DragonStep {
                step: 0,
                reason: "move 1 of the journey is by the player 0 seat(s) after the turn's"
                    .to_string()
            }
        );
        assert_eq!(
            fault("dragon:N dragon:W(Chris)"),
            Violation::DragonStep {
                step: 1,
                reason: "move 2 of the journey is by the player 1 seat(s) after the turn's"
                    .to_string()
            }
        );
        assert_eq!(
            fault("dragon:N dragon:W(Zed)"),
            Violation::UnknownPlayerInAction { step: 1 }
        );
        // The mover due, named, passes: the fault is the journey cut short.
        assert!(matches!(
            fault("dragon:N(Anna) dragon:W(Bob)"),
            Violation::DragonJourney { .. }
        ));
    }

    /// The earners of the fairy's point as kept equal those worked out from
    /// the board whenever they are read as current, after every turn of
    /// generated games; and a game that keeps none plays every turn alike.
    #[test]
    fn the_fairy_earners_kept_are_those_of_the_board() {
        use crate::notation::TurnInput;
        use crate::rules::generated_games::{EVERY_EXPANSION, games};
        use crate::tiles::TileCatalog;
        let catalog = TileCatalog::embedded().expect("the catalog");
        let (mut kept, mut fresh, mut left_out, mut robbed_kept) = (0, 0, 0, 0);
        for (sets, seed, mut game, record) in games(
            &catalog,
            &[
                "princess-and-dragon",
                "princess-and-dragon,robbers,mage-and-witch,crop-circles-1",
                EVERY_EXPANSION,
            ],
            0..4,
            3,
        ) {
            for t in &record.turns {
                let mv = game.check_due(&TurnInput::of(t)).expect("a legal turn");
                let mut forgetful = game.clone();
                if let Some(d) = forgetful.exp.dragon.as_mut() {
                    d.earners = EarnersKept::default();
                }
                // A verdict's game: the fairy's point without its event
                // where no robber may take it.
                let mut verdict = game.clone();
                verdict.set_all_events(false);
                verdict.apply(mv.clone());
                forgetful.apply(mv.clone());
                game.apply(mv);
                let what = format!("{sets}, seed {seed}, turn {}", t.number.value);
                assert_eq!(game.score, forgetful.score, "{what}");
                assert_eq!(game.last_events(), forgetful.last_events(), "{what}");
                assert_eq!(game.score, verdict.score, "{what}");
                assert_eq!(
                    format!("{:?}", game.exp),
                    format!("{:?}", verdict.exp),
                    "{what}"
                );
                let scored = |g: &Game<'_>| -> Vec<ScoreEvent> {
                    g.last_events()
                        .iter()
                        .filter(|e| !e.at_turn_start())
                        .cloned()
                        .collect()
                };
                assert_eq!(scored(&game), scored(&verdict), "{what}");
                let start =
                    |g: &Game<'_>| g.last_events().iter().filter(|e| e.at_turn_start()).count();
                left_out += start(&game) - start(&verdict);
                let robbed = verdict
                    .last_events()
                    .first()
                    .is_some_and(|e| e.at_turn_start())
                    && verdict
                        .last_events()
                        .get(1)
                        .is_some_and(|e| e.reason == ScoreReason::Robbed);
                robbed_kept += usize::from(robbed);
                let d = game.exp.dragon.as_ref().expect("the dragon's state");
                let Some(fairy) = d.fairy else {
                    continue;
                };
                // None kept since the fairy moved, or kept for figures that
                // changed: worked out again at the next turn's start.
                match d.earners.0 {
                    Some(e) if game.features.tile_changes(e.tile) == e.changes => {
                        assert!(game.fairy_earners(fairy) == Some(e), "{what}");
                        kept += 1;
                    }
                    _ => fresh += 1,
                }
            }
        }
        assert!(kept > 500 && fresh > 20, "{kept} turns kept, {fresh} not");
        assert!(
            left_out > 200,
            "{left_out} fairy's points without their event"
        );
        assert!(robbed_kept > 0, "no fairy's point robbed");
    }
}
