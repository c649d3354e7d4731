//! Features: the connected roads, cities, fields and monasteries of the board.
//!
//! Every segment of every placed tile is a node of a union-find graph. Placing a
//! tile adds its segments as nodes and joins each one with the segment across every
//! edge it shares with a neighbour. The data of a feature (tiles, open edges,
//! banners, followers, cities touched) lives at its root and is merged when two
//! features join, so "is this city complete" and "who holds it" are one lookup.

pub mod dsu;

use crate::board::{Board, PlacedTile, Pos, TileIndex};
use crate::player::Player;
use crate::tiles::{FeatureKind, Half, SegmentId, Side, TileCatalog, TileDef};
use dsu::DisjointSets;

/// A node of the feature graph: one segment of one placed tile.
pub type NodeId = u32;

/// A feature, named by its root node at the time it is looked up.
pub type FeatureId = NodeId;

/// A follower standing on a feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Follower {
    /// Its owner.
    pub player: Player,
    /// The segment it was placed on.
    pub node: NodeId,
    /// The placed tile it stands on.
    pub tile: TileIndex,
    /// The turn that placed it.
    pub turn: u32,
    /// How many followers it counts as for majorities.
    pub strength: u8,
}

/// The data of one connected feature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// What it is.
    pub kind: FeatureKind,
    /// Edges of its segments not yet joined to a neighbour (cities and roads are
    /// complete when this reaches 0).
    pub open_edges: u32,
    /// Placed tiles it covers, in joining order; a tile may appear more than once
    /// when several of its segments belong to the feature.
    pub tiles: Vec<TileIndex>,
    /// Banners in a city.
    pub pennants: u32,
    /// Followers on it.
    pub followers: Vec<Follower>,
    /// For a field: city nodes it touches.
    pub touches: Vec<NodeId>,
    /// Its smallest node (the first-placed segment): a stable name for the feature
    /// that does not depend on the order of unions.
    pub first: NodeId,
}

impl Feature {
    /// Number of distinct tiles the feature covers.
    pub fn tile_count(&self) -> u32 {
        let mut t = self.tiles.clone();
        t.sort_unstable();
        t.dedup();
        t.len() as u32
    }

    /// The distinct tiles, in order of placement.
    pub fn distinct_tiles(&self) -> Vec<TileIndex> {
        let mut t = self.tiles.clone();
        t.sort_unstable();
        t.dedup();
        t
    }
}

/// All features of a board.
#[derive(Debug, Clone, Default)]
pub struct Features {
    sets: DisjointSets,
    data: Vec<Feature>,
    /// Placed tile of each node.
    node_tile: Vec<TileIndex>,
}

impl Features {
    /// No features.
    pub fn new() -> Features {
        Features::default()
    }

    /// The root of a node's feature.
    pub fn root(&self, node: NodeId) -> FeatureId {
        self.sets.root(node)
    }

    /// The feature a node belongs to.
    pub fn feature(&self, node: NodeId) -> Option<&Feature> {
        self.data.get(self.root(node) as usize)
    }

    fn feature_mut(&mut self, node: NodeId) -> Option<&mut Feature> {
        let r = self.sets.find(node);
        self.data.get_mut(r as usize)
    }

    /// The placed tile a node lies on.
    pub fn tile_of(&self, node: NodeId) -> Option<TileIndex> {
        self.node_tile.get(node as usize).copied()
    }

    /// Number of nodes.
    pub fn node_count(&self) -> u32 {
        self.data.len() as u32
    }

    /// Adds the segments of a tile just inserted into the board (as tile `index`)
    /// and joins them with its neighbours. Returns the first node of the tile.
    pub fn add_tile(
        &mut self,
        catalog: &TileCatalog,
        board: &Board,
        index: TileIndex,
        placed: &PlacedTile,
    ) -> NodeId {
        let def = catalog.def(placed.tile);
        let first = self.data.len() as NodeId;
        for seg in &def.segments {
            self.sets.push();
            self.node_tile.push(index);
            self.data.push(Feature {
                kind: seg.kind,
                open_edges: seg.edge_count(),
                tiles: vec![index],
                pennants: u32::from(seg.banner),
                followers: Vec::new(),
                touches: seg
                    .touches
                    .iter()
                    .map(|c| first + NodeId::from(*c))
                    .collect(),
                first: self.data.len() as NodeId,
            });
        }
        let ours = def.at(placed.rotation);
        for side in Side::ALL {
            let Some(n) = placed.pos.neighbour(side).and_then(|p| board.at(p)) else {
                continue;
            };
            let theirs = catalog.def(n.tile).at(n.rotation);
            if let (Some(a), Some(b)) = (ours.segment_at(side), theirs.segment_at(side.opposite()))
            {
                self.join(first + NodeId::from(a), n.first_node + NodeId::from(b));
                // Both edges are now joined; each was counted open once.
                if let Some(f) = self.feature_mut(first + NodeId::from(a)) {
                    f.open_edges = f.open_edges.saturating_sub(2);
                }
            }
            for half in Half::of_side(side) {
                if let (Some(a), Some(b)) = (ours.field_at(half), theirs.field_at(half.facing())) {
                    self.join(first + NodeId::from(a), n.first_node + NodeId::from(b));
                }
            }
        }
        first
    }

    fn join(&mut self, a: NodeId, b: NodeId) {
        let Some((root, absorbed)) = self.sets.union(a, b) else {
            return;
        };
        let Some(taken) = self.data.get_mut(absorbed as usize).map(|f| Feature {
            kind: f.kind,
            open_edges: f.open_edges,
            tiles: std::mem::take(&mut f.tiles),
            pennants: f.pennants,
            followers: std::mem::take(&mut f.followers),
            touches: std::mem::take(&mut f.touches),
            first: f.first,
        }) else {
            return;
        };
        if let Some(r) = self.data.get_mut(root as usize) {
            r.open_edges += taken.open_edges;
            r.tiles.extend(taken.tiles);
            r.pennants += taken.pennants;
            r.followers.extend(taken.followers);
            r.touches.extend(taken.touches);
            r.first = r.first.min(taken.first);
        }
    }

    /// Puts a follower on the feature of a node.
    pub fn add_follower(&mut self, follower: Follower) {
        if let Some(f) = self.feature_mut(follower.node) {
            f.followers.push(follower);
        }
    }

    /// Removes and returns the followers of a feature.
    pub fn take_followers(&mut self, node: NodeId) -> Vec<Follower> {
        self.feature_mut(node)
            .map(|f| std::mem::take(&mut f.followers))
            .unwrap_or_default()
    }

    /// Whether a city or road is complete.
    pub fn is_complete(&self, node: NodeId) -> bool {
        self.feature(node).is_some_and(|f| {
            matches!(f.kind, FeatureKind::City | FeatureKind::Road) && f.open_edges == 0
        })
    }

    /// The roots of all features of a kind, in order of their first node (the order
    /// of first placement), each once.
    pub fn roots_of_kind(&self, kind: FeatureKind) -> Vec<FeatureId> {
        let mut seen = vec![false; self.data.len()];
        let mut out = Vec::new();
        for node in 0..self.data.len() as NodeId {
            let r = self.root(node);
            if let Some(s) = seen.get_mut(r as usize)
                && !*s
            {
                *s = true;
                if self.data.get(r as usize).is_some_and(|f| f.kind == kind) {
                    out.push(r);
                }
            }
        }
        out.sort_unstable_by_key(|r| self.first_node_of(*r));
        out
    }

    /// The stable name of a feature: its smallest node.
    pub fn first_node_of(&self, root: FeatureId) -> NodeId {
        self.data.get(root as usize).map_or(root, |f| f.first)
    }
}

/// The node of a segment of a placed tile.
pub fn node_of(placed: &PlacedTile, segment: SegmentId) -> NodeId {
    placed.first_node + NodeId::from(segment)
}

/// The segment a new tile would put on `side` joins these neighbouring nodes.
pub fn neighbour_nodes(
    catalog: &TileCatalog,
    board: &Board,
    def: &TileDef,
    pos: Pos,
    rotation: crate::tiles::Rotation,
    segment: SegmentId,
) -> Vec<NodeId> {
    let ours = def.at(rotation);
    let mut out = Vec::new();
    for side in Side::ALL {
        let Some(n) = pos.neighbour(side).and_then(|p| board.at(p)) else {
            continue;
        };
        let theirs = catalog.def(n.tile).at(n.rotation);
        if ours.segment_at(side) == Some(segment)
            && let Some(b) = theirs.segment_at(side.opposite())
        {
            out.push(node_of(n, b));
        }
        for half in Half::of_side(side) {
            if ours.field_at(half) == Some(segment)
                && let Some(b) = theirs.field_at(half.facing())
            {
                out.push(node_of(n, b));
            }
        }
    }
    out
}
