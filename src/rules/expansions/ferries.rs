//! The Ferries (the 2012 Z-Man big box, "The Ferries"): a ferry set on the
//! lake of the tile just placed joins two of its roads; a tile that continues
//! a road with a ferry lets its player move the first ferry met along that
//! road, which joins other roads, splits the one it joined, and can complete
//! or reopen roads.
//!
//! Rulebook: "Whenever a player draws a tile with a lake on it, he places it
//! and can put a follower on it, as per the normal rules. If he decides to
//! place his follower on the road, he must put it on one of the three or four
//! road sections. Then, this player (the active player) takes a ferry from the
//! supply and he sets it on the lake to connect two road sections, regardless
//! of whether or not he placed a follower. The two sections connected by the
//! ferry create a continuous road on the tile. The lake ends the other road
//! sections." "If, by placing a tile, a player continues a road where there is
//! a ferry, that player may move the ferry. Moving the ferry is optional … The
//! ferry must always connect two road sections. The ferry may be moved in such
//! a way that it is no longer part of the road that was continued. Starting
//! from the new tile, only the first ferry encountered on that road can be
//! moved." "If, by a placing a tile, you continue the road in more than one
//! direction, you may move the first ferry encountered in each continued
//! direction." "By moving ferries, it is possible to reopen a closed road."
//! "A ferry may only be placed (or moved) once per turn. If by placing a tile
//! with a lake you continue a road with a ferry, you will first place the new
//! ferry, and then you will be able to move the ferry (or more than one if
//! that is the case) or not." The turn: "1. Place a tile 2. Place a follower
//! or not 3. Set a ferry 4. Move the ferry 5. Score completed features".
//!
//! The notation (SPEC 6.12): the act `ferry:ENDS` sets the new ferry on the
//! lake of the tile just placed, joining the roads that reach the two edges
//! named (`ferry:EW`); `ferry:x,y/ENDS` moves the ferry of the lake at `x,y`.
//! Both come after the turn's figure.
//!
//! A union-find only merges; a move splits the road its ferry joined. The
//! road is then taken apart and joined again from the board
//! ([`Features::rejoin`](crate::features::Features::rejoin)): a road is a
//! handful of segments, moves are few, and nothing of the basic game's
//! placing changes.

use smallvec::SmallVec;

use crate::board::{PlacedTile, Pos};
use crate::features::{NodeId, node_of};
use crate::figures::Figure;
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken, TargetToken};
use crate::rules::{Act, Game, Placing, Step, TurnActions, Violation};
use crate::tiles::{
    FeatureKind, FeatureSeed, NO_SEGMENT, Rotation, SegmentId, Side, Symbol, TileId,
};

/// A ferry on a lake: the lake tile's square and the two road segments of
/// that tile it joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ferry {
    /// The lake tile's square.
    pub pos: Pos,
    /// The two road segments it joins, the smaller first.
    pub ends: [SegmentId; 2],
}

/// A ferry moved in the turn being played, for the scoring of what the move
/// completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    /// The lake tile's square.
    pub pos: Pos,
    /// The road segments it joined before.
    pub from: [SegmentId; 2],
    /// The road segments it joins now.
    pub to: [SegmentId; 2],
}

/// The ferries of a game.
#[derive(Debug, Clone, Default)]
pub struct Ferries {
    /// Every ferry on the board, in the order the lakes were placed.
    pub ferries: Vec<Ferry>,
    /// The ferries moved in the turn `moved_in` (kept until another turn
    /// moves one: the turn's scoring reads them for that turn only, so that
    /// no turn without ferries pays for clearing them).
    pub moved: SmallVec<[Moved; 2]>,
    /// The turn of `moved`.
    pub moved_in: u32,
}

impl Ferries {
    /// A new game's, in the room of `old`'s list of ferries (emptied).
    pub(in crate::rules) fn new_in(old: Option<Ferries>) -> Ferries {
        let mut f = Ferries::default();
        if let Some(Ferries { ferries, .. }) = old {
            f.ferries = crate::lists::emptied(ferries);
        }
        f
    }

    /// The ferry on the lake at `pos`, if any.
    pub fn at(&self, pos: Pos) -> Option<[SegmentId; 2]> {
        self.ferries.iter().find(|f| f.pos == pos).map(|f| f.ends)
    }
}

/// Two road ends of a tile, by the edges they reach in board directions.
pub type Ends = (Side, Side);

/// A choice of ferries with a tile ([`Game::ferry_choices`]): the new ferry
/// on a lake tile (`None` for another tile), and the first moves it leaves
/// open, each a lake's square and the ends its ferry may join.
pub type FerryChoice = (Option<Ends>, Vec<(Pos, Ends)>);

/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): a lake tile, whose ferry is
/// due. Moving a ferry is an action: a turn that writes none moves none.
pub(in crate::rules) fn concerns_quiet_turn(def: &crate::tiles::TileDef) -> bool {
    def.symbol == Some(Symbol::Lake)
}

/// Two segments in order, the smaller first.
fn pair(a: SegmentId, b: SegmentId) -> [SegmentId; 2] {
    if a <= b { [a, b] } else { [b, a] }
}

/// What a turn's ferry steps checked so far did: the ferries as they then
/// stand, where they differ from the board's (the new one, those moved).
pub type FerriesNow = SmallVec<[Ferry; 3]>;

impl Game<'_> {
    /// Whether a tile shows a lake.
    pub(in crate::rules) fn is_lake(&self, tile: TileId) -> bool {
        self.catalog.def(tile).symbol == Some(Symbol::Lake)
    }

    /// The ferry of the lake at `pos` once the turn's steps so far are
    /// played: the turn's own ferry steps first, then the board's.
    fn ferry_now(&self, pos: Pos, now: &FerriesNow) -> Option<[SegmentId; 2]> {
        now.iter()
            .rev()
            .find(|f| f.pos == pos)
            .map(|f| f.ends)
            .or_else(|| self.exp.ferries.as_ref()?.at(pos))
    }

    /// The tile and rotation at `pos`, the tile being placed included.
    fn tile_now(&self, pos: Pos, placing: &Placing) -> Option<(TileId, Rotation)> {
        if pos == placing.pos {
            return Some((placing.tile, placing.rotation));
        }
        self.board.at(pos).map(|t| (t.tile, t.rotation))
    }

    /// The road segment of the tile at `pos` (the one being placed
    /// included) that reaches `side`, if one does.
    fn road_at(&self, pos: Pos, side: Side, placing: &Placing) -> Option<SegmentId> {
        let (tile, rotation) = self.tile_now(pos, placing)?;
        let def = self.catalog.def(tile);
        let seg = def.at(rotation).faces.side(side).segment;
        (seg != NO_SEGMENT
            && def
                .segments
                .get(usize::from(seg))
                .is_some_and(|s| s.kind == FeatureKind::Road))
        .then_some(seg)
    }

    /// The lakes whose ferry a tile being placed lets its player move, once
    /// the turn's ferry steps so far (`now`) are played: walking each road of
    /// the tile both ways, the first ferry met in each direction
    /// ("Starting from the new tile, only the first ferry encountered on that
    /// road can be moved"; "you may move the first ferry encountered in each
    /// continued direction"). A road walked crosses the tile's own ferry (not
    /// movable: it was placed this turn) and ends at a lake where the ferry
    /// does not take it on. In the order found, each once.
    pub(in crate::rules) fn first_ferries(
        &self,
        placing: &Placing,
        now: &FerriesNow,
    ) -> SmallVec<[Pos; 4]> {
        let mut found: SmallVec<[Pos; 4]> = SmallVec::new();
        let def = self.catalog.def(placing.tile);
        let mut todo: SmallVec<[(Pos, SegmentId); 16]> = def
            .segments
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == FeatureKind::Road)
            .filter_map(|(i, _)| SegmentId::try_from(i).ok())
            .map(|s| (placing.pos, s))
            .collect();
        let mut seen: SmallVec<[(Pos, SegmentId); 32]> = todo.iter().copied().collect();
        while let Some((pos, seg)) = todo.pop() {
            let ferry = self.ferry_now(pos, now).filter(|e| e.contains(&seg));
            if pos != placing.pos && ferry.is_some() {
                if !found.contains(&pos) {
                    found.push(pos);
                }
                continue;
            }
            let mut next: SmallVec<[(Pos, SegmentId); 5]> = SmallVec::new();
            if let Some((tile, rotation)) = self.tile_now(pos, placing) {
                let faces = &self.catalog.def(tile).at(rotation).faces;
                for side in Side::ALL {
                    if faces.side(side).segment != seg {
                        continue;
                    }
                    if let Some(q) = pos.neighbour(side)
                        && let Some(t) = self.road_at(q, side.opposite(), placing)
                    {
                        next.push((q, t));
                    }
                }
            }
            if let Some(ends) = ferry {
                next.extend(ends.iter().filter(|e| **e != seg).map(|e| (pos, *e)));
            }
            for n in next {
                if !seen.contains(&n) {
                    seen.push(n);
                    todo.push(n);
                }
            }
        }
        found
    }

    /// `ferry:ENDS` and `ferry:x,y/ENDS`: the new ferry set on the lake of
    /// the tile just placed, or a ferry moved, joining the roads that reach
    /// the two edges named. After the figure ("2. Place a follower or not 3.
    /// Set a ferry 4. Move the ferry 5. Score"), the new ferry before any
    /// move.
    ///
    /// # Errors
    /// [`Violation::Ferry`], [`Violation::FerryMove`].
    pub(in crate::rules) fn check_ferry(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let set = |reason: &str| Violation::Ferry {
            step,
            reason: reason.to_string(),
        };
        let (at, ends) = match act.arg {
            Some(ArgToken::At {
                figure: None,
                target:
                    TargetToken {
                        pos,
                        place: Some(Place::Ends(a, b)),
                    },
            }) => (pos.unwrap_or(placing.pos), (a, b)),
            _ => {
                return Err(set(
                    "a ferry joins two road ends, named by their edges: ferry:EW, ferry:x,y/NS",
                ));
            }
        };
        if act.player.is_some() {
            return Err(set(
                "the turn's player sets and moves the ferries: no player is written",
            ));
        }
        if turn.ingots || turn.journey.is_some() {
            return Err(set(
                "the ferries come before the scoring and its ingots, and before the dragon",
            ));
        }
        let road = |side: Side| self.road_at(at, side, placing);
        // The two segments the ferry joins, or why it cannot join them.
        let joined = |what: &str| match (road(ends.0), road(ends.1)) {
            (Some(a), Some(b)) if a != b => Ok(pair(a, b)),
            _ => Err(format!(
                "{what} joins two roads of the lake tile: {} and {} are not both its road ends",
                ends.0, ends.1
            )),
        };
        if at == placing.pos {
            if !self.is_lake(placing.tile) {
                return Err(set("only a tile with a lake takes a ferry"));
            }
            if turn.ferry {
                return Err(set("a lake takes one ferry, set once"));
            }
            let ends = joined("the ferry").map_err(|reason| Violation::Ferry { step, reason })?;
            turn.ferry = true;
            turn.ferries.push(Ferry { pos: at, ends });
            turn.ferry_step = true;
            return Ok(Step {
                actor: placing.player,
                act: Act::Ferry { pos: at, ends },
            });
        }
        let moved = |reason: String| Violation::FerryMove { step, reason };
        if self.is_lake(placing.tile) && !turn.ferry {
            return Err(moved(
                "the new ferry is set first: \"you will first place the new ferry, and then you will be able to move the ferry\"".to_string(),
            ));
        }
        let Some(current) = self.ferry_now(at, &turn.ferries) else {
            return Err(moved(format!(
                "no ferry lies on a lake at {},{}",
                at.x, at.y
            )));
        };
        if turn.ferries.iter().any(|f| f.pos == at) {
            return Err(moved(
                "\"A ferry may only be placed (or moved) once per turn\"".to_string(),
            ));
        }
        let first = self.first_ferries(placing, &turn.ferries);
        if !first.contains(&at) {
            let list: Vec<String> = first
                .iter()
                .filter(|p| !turn.ferries.iter().any(|f| f.pos == **p))
                .map(|p| format!("{},{}", p.x, p.y))
                .collect();
            return Err(moved(format!(
                "only the first ferry met along a road of the tile just placed may move{}",
                if list.is_empty() {
                    ": none may this turn".to_string()
                } else {
                    format!(" (here: {})", list.join(", "))
                }
            )));
        }
        let ends = joined("a ferry").map_err(moved)?;
        if ends == current {
            return Err(moved(
                "a moved ferry joins two other road ends than before".to_string(),
            ));
        }
        turn.ferries.push(Ferry { pos: at, ends });
        turn.ferry_step = true;
        Ok(Step {
            actor: placing.player,
            act: Act::Ferry { pos: at, ends },
        })
    }

    /// The end of a turn's actions: a lake tile's ferry is set ("he takes a
    /// ferry from the supply and he sets it on the lake … regardless of
    /// whether or not he placed a follower").
    ///
    /// # Errors
    /// [`Violation::Ferry`].
    pub(in crate::rules) fn check_ferry_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        if self.is_lake(placing.tile) && !turn.ferry {
            return Err(Violation::Ferry {
                step: usize::MAX,
                reason: "a tile with a lake takes a ferry joining two of its roads: write ferry:ENDS after the figure".to_string(),
            });
        }
        Ok(())
    }

    /// Plays a checked ferry step: the new ferry joins its two roads; a
    /// moved ferry's road is taken apart and joined again without it, then
    /// the ferry joins its new ends.
    pub(in crate::rules) fn apply_ferry_step(&mut self, pos: Pos, ends: [SegmentId; 2]) {
        let Some(placed) = self.board.at(pos).copied() else {
            return;
        };
        let Some(old) = self.exp.ferries.as_ref().map(|f| f.at(pos)) else {
            return;
        };
        if let Some(from) = old {
            // A magic pawn whose road was completed left the board then: it
            // must not come back if the move reopens the road.
            if self.exp.magic.is_some() {
                self.exp.magic = self.magic();
            }
            self.unlink(&placed, from);
        }
        if let Some(ferries) = &mut self.exp.ferries {
            match ferries.ferries.iter_mut().find(|f| f.pos == pos) {
                Some(f) => f.ends = ends,
                None => ferries.ferries.push(Ferry { pos, ends }),
            }
            if let Some(from) = old {
                if ferries.moved_in != self.turn {
                    ferries.moved.clear();
                    ferries.moved_in = self.turn;
                }
                ferries.moved.push(Moved {
                    pos,
                    from,
                    to: ends,
                });
            }
        }
        let [a, b] = ends.map(|e| node_of(&placed, e));
        self.features.connect(a, b);
        if old.is_some() {
            for e in from_and_to(old, ends) {
                self.builders_left_alone(node_of(&placed, e));
            }
        }
    }

    /// Takes the ferry off the two road segments `ends` of the lake tile
    /// `placed`: their road is joined again from the board without it.
    fn unlink(&mut self, placed: &PlacedTile, ends: [SegmentId; 2]) {
        let start = node_of(placed, ends[0]);
        let mut nodes: Vec<NodeId> = self.features.nodes(start).collect();
        nodes.sort_unstable();
        let cut = ends.map(|e| node_of(placed, e));
        let mut seeds: Vec<FeatureSeed> = Vec::with_capacity(nodes.len());
        let mut links: Vec<(NodeId, NodeId, u32)> = Vec::new();
        for &n in &nodes {
            let (Some(index), Some(seg)) = (self.features.tile_of(n), self.features.segment_of(n))
            else {
                continue;
            };
            let Some(t) = self.board.tile(index).copied() else {
                continue;
            };
            let def = self.catalog.def(t.tile);
            let Some(seed) = def.seeds.get(usize::from(seg)) else {
                continue;
            };
            seeds.push(*seed);
            // Across each edge the segment reaches, the road goes on.
            let faces = &def.at(t.rotation).faces;
            for side in Side::ALL {
                if faces.side(side).segment != seg {
                    continue;
                }
                let Some(q) = t.pos.neighbour(side).and_then(|q| self.board.at(q)) else {
                    continue;
                };
                let across = self
                    .catalog
                    .faces(q.tile, q.rotation)
                    .map_or(NO_SEGMENT, |f| f.side(side.opposite()).segment);
                if across == NO_SEGMENT {
                    continue;
                }
                let m = node_of(q, across);
                if m > n && nodes.binary_search(&m).is_ok() {
                    links.push((n, m, 2));
                }
            }
            // Across a lake, by its ferry, but the one taken off.
            if let Some(ends) = self.exp.ferries.as_ref().and_then(|f| f.at(t.pos))
                && ends.contains(&seg)
            {
                let m = node_of(&t, ends[0].max(ends[1]));
                let first = node_of(&t, ends[0].min(ends[1]));
                if n == first && !cut.contains(&n) && nodes.binary_search(&m).is_ok() {
                    links.push((n, m, 0));
                }
            }
        }
        if seeds.len() == nodes.len() {
            self.features.rejoin(&nodes, &seeds, &links);
        }
    }

    /// A builder left on a part of a road without its owner's follower after
    /// a ferry moved goes home (Traders & Builders: the builder stands with
    /// its owner's follower; 2000: "When a player's last thief, knight, or
    /// farmer is taken from a road or city with his builder … he removes the
    /// builder").
    fn builders_left_alone(&mut self, node: NodeId) {
        let alone: SmallVec<[_; 2]> = self
            .features
            .feature(node)
            .into_iter()
            .flat_map(|f| {
                let followers: SmallVec<[_; 4]> = f
                    .followers()
                    .filter(|x| x.figure.is_follower())
                    .map(|x| x.player)
                    .collect();
                f.followers()
                    .filter(move |x| x.figure == Figure::Builder && !followers.contains(&x.player))
                    .map(|x| x.player)
                    .collect::<SmallVec<[_; 2]>>()
            })
            .collect();
        for owner in alone {
            if let Some(f) = self
                .features
                .take_figure(node, |x| x.player == owner && x.figure == Figure::Builder)
                && let Some(s) = self.in_hand.get_mut(owner)
            {
                s.give(f.figure);
            }
        }
    }

    /// The road segments a turn's ferry moves touched, as nodes: the ends a
    /// moved ferry left and those it joined. Their roads may be completed by
    /// the move ("it is possible to reopen a closed road"; a road split off
    /// may be closed): they are scored with the turn's tile.
    pub(in crate::rules) fn ferried_nodes(&self) -> SmallVec<[NodeId; 8]> {
        let mut out = SmallVec::new();
        let Some(f) = self
            .exp
            .ferries
            .as_ref()
            .filter(|f| f.moved_in == self.turn)
        else {
            return out;
        };
        for m in &f.moved {
            if let Some(t) = self.board.at(m.pos) {
                for e in from_and_to(Some(m.from), m.to) {
                    out.push(node_of(t, e));
                }
            }
        }
        out
    }

    /// Whether the turn's ferries may have completed a road that holds a
    /// follower, which the tile alone did not: a lake tile's ferry joins two
    /// of its roads, a move rewires roads elsewhere.
    pub(in crate::rules) fn ferries_may_complete(&self, placed: &PlacedTile) -> bool {
        self.exp
            .ferries
            .as_ref()
            .is_some_and(|f| f.moved_in == self.turn || self.is_lake(placed.tile))
    }

    /// The roads, as they are before the turn, that the turn's ferries
    /// (`steps`) may make part of a road they complete, each by a node of
    /// it: the roads across the edges of the tile just placed (a move's road
    /// runs on through it, a new ferry's through its lake), and every road of
    /// a lake whose ferry moves. A road the ferries complete is made of parts
    /// of these roads and of the tile's own, each of which reaches a joint
    /// the turn made (the tile's edges, a ferry's ends).
    pub(in crate::rules) fn ferry_roads(
        &self,
        placing: &Placing,
        steps: &[Step],
    ) -> SmallVec<[NodeId; 8]> {
        let mut roads: SmallVec<[NodeId; 8]> = SmallVec::new();
        for side in Side::ALL {
            if self.road_at(placing.pos, side, placing).is_none() {
                continue;
            }
            let Some((q, t)) = placing
                .pos
                .neighbour(side)
                .and_then(|q| self.board.at(q).map(|t| (q, t)))
            else {
                continue;
            };
            if let Some(seg) = self.road_at(q, side.opposite(), placing) {
                roads.push(node_of(t, seg));
            }
        }
        for s in steps {
            if let Act::Ferry { pos, .. } = s.act
                && pos != placing.pos
                && let Some(t) = self.board.at(pos)
            {
                for side in Side::ALL {
                    if let Some(seg) = self.road_at(pos, side, placing) {
                        roads.push(node_of(t, seg));
                    }
                }
            }
        }
        roads
    }

    /// The ferry on the lake at `pos`, if any, by the edges its two ends
    /// reach with the tile as placed.
    pub fn ferry_ends(&self, pos: Pos) -> Option<(Side, Side)> {
        let ends = self.exp.ferries.as_ref()?.at(pos)?;
        let t = self.board.at(pos)?;
        let faces = &self.catalog.def(t.tile).at(t.rotation).faces;
        let side = |seg| {
            Side::ALL
                .into_iter()
                .find(|s| faces.side(*s).segment == seg)
        };
        Some(Place::ends(side(ends[0])?, side(ends[1])?))
    }

    /// The road ends of the tile at `pos` (the one being placed included)
    /// a ferry may join: each pair of edges its roads reach, in canonical
    /// order.
    fn ends_pairs(&self, pos: Pos, placing: &Placing) -> Vec<(Side, Side)> {
        let roads: SmallVec<[Side; 4]> = Side::ALL
            .into_iter()
            .filter(|s| self.road_at(pos, *s, placing).is_some())
            .collect();
        let mut out = Vec::new();
        for (i, a) in roads.iter().enumerate() {
            for b in roads.iter().skip(i + 1) {
                out.push(Place::ends(*a, *b));
            }
        }
        out
    }

    /// The ferry steps the next player's tile placed so opens: for each new
    /// ferry a lake tile may take (`None` for another tile), the first moves
    /// it may then make, each a lake's square and the ends its ferry may
    /// join. Further moves are open after one is made (the walk is made
    /// again); a move is never due.
    pub fn ferry_choices(&self, tile: TileId, pos: Pos, rotation: Rotation) -> Vec<FerryChoice> {
        if self.exp.ferries.is_none() {
            return Vec::new();
        }
        let placing = self.next_placing(tile, pos, rotation);
        let new: Vec<Option<(Side, Side)>> = if self.is_lake(tile) {
            self.ends_pairs(pos, &placing)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        new.into_iter()
            .map(|set| {
                let mut now = FerriesNow::new();
                if let Some((a, b)) = set
                    && let (Some(x), Some(y)) = (
                        self.road_at(pos, a, &placing),
                        self.road_at(pos, b, &placing),
                    )
                {
                    now.push(Ferry {
                        pos,
                        ends: pair(x, y),
                    });
                }
                let moves = self
                    .first_ferries(&placing, &now)
                    .into_iter()
                    .flat_map(|lake| {
                        let current = self.ferry_ends(lake);
                        self.ends_pairs(lake, &placing)
                            .into_iter()
                            .filter(move |e| Some(*e) != current)
                            .map(move |e| (lake, e))
                    })
                    .collect();
                (set, moves)
            })
            .collect()
    }

    /// Every ferry on the board, by its lake's square, in the order the
    /// lakes were placed.
    pub fn ferries(&self) -> Vec<Pos> {
        self.exp
            .ferries
            .iter()
            .flat_map(|f| f.ferries.iter().map(|x| x.pos))
            .collect()
    }
}

/// The segments of a move's ends, old and new, each once.
fn from_and_to(from: Option<[SegmentId; 2]>, to: [SegmentId; 2]) -> SmallVec<[SegmentId; 4]> {
    let mut out: SmallVec<[SegmentId; 4]> = SmallVec::new();
    for e in from.into_iter().flatten().chain(to) {
        if !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::Header;
    use crate::parse;
    use crate::tiles::TileCatalog;

    /// The game after the turns of a record with The Ferries, every one
    /// legal.
    fn game_after<'c>(catalog: &'c TileCatalog, turns: &str) -> Game<'c> {
        let src = format!(
            "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"ferries\"]\n\n{turns}"
        );
        let parsed = parse(&src);
        let record = &parsed.first().expect("a game").record;
        let (header, _) = Header::read(record);
        let mut game = Game::new(header.expect("a header").setup(), catalog);
        for turn in &record.turns {
            game.play(turn).expect("a legal turn");
        }
        game
    }

    /// Whether the lake tile FR2 set at 1,0, its ferry joining west and
    /// south, may join a road a figure stands on.
    fn lake_touches_held(turns: &str) -> bool {
        let catalog = TileCatalog::embedded().expect("the catalog");
        let game = game_after(&catalog, turns);
        let placing = game.next_placing(
            catalog.id("FR2").expect("FR2"),
            Pos::new(1, 0),
            Rotation::R0,
        );
        let ends = [1, 2];
        let steps = [Step {
            actor: placing.player,
            act: Act::Ferry {
                pos: placing.pos,
                ends,
            },
        }];
        game.ferry_roads(&placing, &steps)
            .into_iter()
            .any(|node| game.features.feature(node).is_some_and(|f| f.is_held()))
    }

    #[test]
    fn a_ferry_touches_the_roads_beside_its_tile() {
        // Rulebook example 1's position: Bob's thief on the road the lake
        // tile continues (west, through the start tile) is on a road the
        // ferry may complete; without it, nothing the ferry joins is held.
        let turns = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n4. Bob B 0,-2 r0\n";
        assert!(lake_touches_held(turns));
        assert!(!lake_touches_held(&turns.replace(" +E", "")));
        // A monk at 1,-1 stands on no road.
        assert!(!lake_touches_held(
            &turns
                .replace(" +E", "")
                .replace("A 1,-1 r180", "A 1,-1 r180 +C")
        ));
    }

    #[test]
    fn ends_are_written_in_compass_order() {
        use Side::{East, North, South, West};
        assert_eq!(Place::ends(West, East), (East, West));
        assert_eq!(Place::ends(South, North), (North, South));
        assert_eq!(Place::ends(East, South), (South, East));
        assert_eq!(Place::ends(West, North), (North, West));
        assert_eq!(Place::Ends(South, West).to_string(), "SW");
        assert_eq!(Place::from_word("WE"), Some(Place::Ends(East, West)));
        assert_eq!(Place::from_word("EW"), Place::from_word("WE"));
        assert_eq!(Place::from_word("SS"), None);
        assert_eq!(Place::from_word("NN"), None);
        assert_eq!(pair(3, 1), [1, 3]);
    }
}
