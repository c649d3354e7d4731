//! Features: the connected roads, cities, fields and monasteries of the board.
//!
//! Every segment of every placed tile is a node of a union-find graph. Placing a
//! tile adds its segments as nodes and joins each one with the segment across every
//! edge it shares with a neighbour. The data of a feature (open edges, banners,
//! followers) lives at its root and is merged when two features join, so "is this
//! city complete" and "who holds it" are one lookup. The nodes of each feature
//! also form a circular list (merged in constant time), from which its tiles and,
//! for a field, the cities it touches are read when it is scored: placing a tile
//! allocates nothing per segment.

pub mod dsu;

use crate::board::{Beside, Board, PlacedTile, Pos, TileIndex};
use crate::figures::Figure;
use crate::player::Player;
use crate::tiles::{
    Faces, FeatureKind, FeatureSeed, NO_SEGMENT, SegmentId, Side, TileCatalog, TileDef,
};
use dsu::{DisjointSets, Union};
use smallvec::SmallVec;

/// A node of the feature graph: one segment of one placed tile.
pub type NodeId = u32;

/// A feature, named by its root node at the time it is looked up.
pub type FeatureId = NodeId;

/// A figure standing on a feature: a follower, or an expansion's figure.
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
    /// What kind of figure it is.
    pub figure: Figure,
}

impl Follower {
    /// How many followers it counts as for majorities.
    pub fn strength(&self) -> u32 {
        u32::from(self.figure.strength())
    }
}

/// Figures taken off a feature, in the order they were placed.
pub type Followers = SmallVec<[Follower; 2]>;

/// No figure: the end of a feature's list of figures.
const NO_FIGURE: u32 = u32::MAX;

/// A figure in the list of the feature it stands on.
#[derive(Debug, Clone, Copy)]
struct Linked {
    /// The figure.
    follower: Follower,
    /// The next figure of the same feature (in order of placement), or
    /// [`NO_FIGURE`].
    next: u32,
}

/// A figure in the list of the tile it stands on (kept when
/// [`Features::list_by_tile`] is on).
#[derive(Debug, Clone, Copy)]
struct OnTile {
    /// The figure placed before it on the same tile, or [`NO_FIGURE`].
    earlier: u32,
    /// Whether it still stands on the board (taken figures stay in the list
    /// of their tile).
    on_board: bool,
}

/// The data of one connected feature: what its segments brought, summed (read
/// through `Deref`: its kind, open edges, banners, inns, cathedrals and goods),
/// and its name and figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// Its kind and counts, summed over its segments; its open edges are those
    /// of its segments not yet joined to a neighbour (cities and roads are
    /// complete when they reach 0).
    counts: FeatureSeed,
    /// Its smallest node (the first-placed segment): a stable name for the feature
    /// that does not depend on the order of unions.
    pub first: NodeId,
    /// The first of its figures in the list of [`Features`] (or
    /// [`NO_FIGURE`]): the figures live beside the graph, so that a feature
    /// is a few words and placing a tile writes little.
    figures: u32,
}

impl std::ops::Deref for Feature {
    type Target = FeatureSeed;

    fn deref(&self) -> &FeatureSeed {
        &self.counts
    }
}

impl Feature {
    /// Whether it is a completed road or city: none of its edges is left open.
    pub fn is_complete(&self) -> bool {
        matches!(self.kind, FeatureKind::City | FeatureKind::Road) && self.open_edges == 0
    }

    /// Whether a figure stands on it.
    pub fn is_held(&self) -> bool {
        self.figures != NO_FIGURE
    }
}

/// A feature as [`Features`] gives it: its data, and the figures on it.
#[derive(Debug, Clone, Copy)]
pub struct FeatureView<'a> {
    feature: &'a Feature,
    figures: &'a [Linked],
}

impl<'a> FeatureView<'a> {
    /// The figures on it, in the order they were placed.
    pub fn followers(self) -> impl Iterator<Item = &'a Follower> + Clone + 'a {
        let figures = self.figures;
        let mut at = self.feature.figures;
        std::iter::from_fn(move || {
            let l = figures.get(at as usize)?;
            at = l.next;
            Some(&l.follower)
        })
    }

    /// A player's followers on it (a large follower once; no builder or
    /// pig), in the order they were placed.
    pub fn followers_of(self, player: Player) -> impl Iterator<Item = &'a Follower> + 'a {
        self.followers()
            .filter(move |x| x.player == player && x.figure.is_follower())
    }
}

impl std::ops::Deref for FeatureView<'_> {
    type Target = Feature;

    fn deref(&self) -> &Feature {
        self.feature
    }
}

/// One node of the feature graph.
#[derive(Debug, Clone)]
struct Node {
    /// The placed tile it lies on.
    tile: TileIndex,
    /// The next node of the same feature (a circular list per feature).
    next: NodeId,
    /// Its segment on that tile.
    segment: SegmentId,
    /// The data of its feature (current only while the node is a root).
    feature: Feature,
}

/// All features of a board.
#[derive(Debug, Default)]
pub struct Features {
    /// Every node, with its links and the data of the feature it roots.
    nodes: DisjointSets<Node>,
    /// The node of every figure ever placed: the features holding figures are
    /// among their roots.
    placed: Vec<NodeId>,
    /// Every figure ever placed, each linked to the next one of its feature.
    figures: Vec<Linked>,
    /// Whether the figures are listed by tile too ([`Features::list_by_tile`]).
    by_tile: bool,
    /// The last figure placed on each tile (by [`TileIndex`]), or
    /// [`NO_FIGURE`]; grown as figures come, kept (emptied) for the next game.
    last_on_tile: Vec<u32>,
    /// Every figure's place in its tile's list, indexed as `figures`.
    on_tile: Vec<OnTile>,
    /// How often each tile's list changed (a figure put on it or taken from
    /// it), indexed as `last_on_tile`: a rule that keeps what it found on a
    /// tile tells from it whether to look again.
    tile_changes: Vec<u32>,
    /// The roads and cities the last tile added completed, as roots: the first
    /// `completed_count`. A completion closes an edge of the tile, so there
    /// are at most four.
    completed: [FeatureId; 4],
    completed_count: u8,
}

/// A copy of `v` with room for `room` more elements.
fn with_room<T: Clone>(v: &[T], room: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len() + room);
    out.extend_from_slice(v);
    out
}

impl Clone for Features {
    /// A copy with room for one more tile's segments and figures: a copy
    /// made to play a move on (to look at its outcome) does not regrow.
    fn clone(&self) -> Features {
        Features {
            nodes: self.nodes.clone(),
            placed: with_room(&self.placed, 4),
            figures: with_room(&self.figures, 8),
            by_tile: self.by_tile,
            last_on_tile: with_room(&self.last_on_tile, 1),
            on_tile: with_room(&self.on_tile, 8),
            tile_changes: with_room(&self.tile_changes, 1),
            completed: self.completed,
            completed_count: self.completed_count,
        }
    }
}

impl Features {
    /// No features.
    pub fn new() -> Features {
        Features::default()
    }

    /// Removes every feature, keeping the room.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.placed.clear();
        self.figures.clear();
        self.last_on_tile.fill(NO_FIGURE);
        self.on_tile.clear();
        self.tile_changes.fill(0);
        self.completed_count = 0;
    }

    /// Room for `nodes` segments in all.
    pub fn reserve(&mut self, nodes: usize) {
        self.nodes.reserve(nodes.saturating_sub(self.nodes.len()));
    }

    /// The root of a node's feature.
    pub fn root(&self, node: NodeId) -> FeatureId {
        self.nodes.root(node)
    }

    /// The feature a node belongs to.
    pub fn feature(&self, node: NodeId) -> Option<FeatureView<'_>> {
        self.nodes.get(self.root(node)).map(|n| FeatureView {
            feature: &n.feature,
            figures: &self.figures,
        })
    }

    fn feature_mut(&mut self, node: NodeId) -> Option<&mut Feature> {
        let r = self.nodes.find(node);
        self.nodes.get_mut(r).map(|n| &mut n.feature)
    }

    /// The placed tile a node lies on.
    pub fn tile_of(&self, node: NodeId) -> Option<TileIndex> {
        self.nodes.get(node).map(|n| n.tile)
    }

    /// Number of nodes.
    pub fn node_count(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// Adds the segments of a tile just inserted into the board (as tile `index`)
    /// and joins them with its neighbours, the tiles across its four sides in
    /// [`Side::ALL`] order. Returns the first node of the tile.
    #[inline(always)]
    pub fn add_tile(
        &mut self,
        catalog: &TileCatalog,
        neighbours: Beside<'_>,
        index: TileIndex,
        placed: &PlacedTile,
    ) -> NodeId {
        let def = catalog.def(placed.tile);
        let first = self.node_count();
        self.completed_count = 0;
        self.nodes
            .extend(def.seeds.iter().enumerate().map(|(i, seed)| {
                let node = first + i as NodeId;
                Node {
                    tile: index,
                    next: node,
                    segment: i as SegmentId,
                    feature: Feature {
                        counts: *seed,
                        first: node,
                        figures: NO_FIGURE,
                    },
                }
            }));
        // Gather the pairs first (at most three per side), then join them in
        // order: one loop, one copy of the join. A pair is packed in a word:
        // the neighbour's node, then the segment, then the open edges the
        // joining closes (2 across an edge, where both edges were counted
        // open once; 0 across a half).
        let mut pairs = [0u64; 12];
        let mut count = 0;
        pairs_beside(
            catalog,
            &def.at(placed.rotation).faces,
            |side| neighbours.across(side),
            |ours, theirs, across| {
                if let Some(slot) = pairs.get_mut(count) {
                    let closed = if across == Across::Edge { 2u64 } else { 0 };
                    *slot = u64::from(theirs) | u64::from(ours) << 32 | closed << 40;
                    count += 1;
                }
            },
        );
        // The segments of the tile joined so far, one bit a segment: the others
        // are alone in their features.
        let mut joined = 0u32;
        for &pair in pairs.iter().take(count) {
            let (theirs, ours, closed) = (pair as u32, (pair >> 32) as u8, (pair >> 40) as u32);
            let a = first + NodeId::from(ours);
            let bit = 1u32.checked_shl(u32::from(ours)).unwrap_or(0);
            if joined & bit == 0 && bit != 0 {
                self.join_fresh(a, theirs, closed);
            } else {
                self.join_again(a, theirs, closed, false);
            }
            joined |= bit;
        }
        first
    }

    /// [`Features::join`] out of line, for the pairs of a tile being placed
    /// that [`Features::join_fresh`] does not join (rare).
    #[inline(never)]
    fn join_again(&mut self, a: NodeId, b: NodeId, closed: u32, lone: bool) {
        self.join(a, b, closed, lone);
    }

    /// Joins `a`, a segment of the tile being placed that no pair has joined
    /// yet (alone in its feature, with no figure), to the feature of `b`, a
    /// node of a neighbour; joining them closes `closed` open edges. The
    /// neighbour's feature takes it in: its root, older than any node of the
    /// new tile, keeps its name and figures.
    #[inline(always)]
    fn join_fresh(&mut self, a: NodeId, b: NodeId, closed: u32) {
        let Some((root, kept, fresh)) = self.nodes.attach_lone(a, b) else {
            self.join_again(a, b, closed, true);
            return;
        };
        std::mem::swap(&mut kept.next, &mut fresh.next);
        let (r, f) = (&mut kept.feature.counts, &fresh.feature.counts);
        r.open_edges = (r.open_edges + f.open_edges).saturating_sub(closed);
        if f.kind == FeatureKind::Field {
            return;
        }
        r.pennants += f.pennants;
        r.inns += f.inns;
        r.cathedrals += f.cathedrals;
        for (a, b) in r.goods.iter_mut().zip(f.goods) {
            *a += b;
        }
        if closed != 0
            && kept.feature.is_complete()
            && let Some(slot) = self.completed.get_mut(usize::from(self.completed_count))
        {
            *slot = root;
            self.completed_count += 1;
        }
    }

    /// The roads and cities the last tile added completed, as roots: their
    /// last open edges were joined by it (every road and city of the catalog
    /// reaches an edge, so none is complete as laid).
    pub fn completed_by_last_tile(&self) -> &[FeatureId] {
        self.completed
            .get(..usize::from(self.completed_count))
            .unwrap_or(&self.completed)
    }

    /// Joins the features of two nodes, whose joining closes `closed` of their
    /// open edges; `lone` when `a` is known to be alone in its feature.
    #[inline(always)]
    fn join(&mut self, a: NodeId, b: NodeId, closed: u32, lone: bool) {
        self.join_as::<true>(a, b, closed, lone);
    }

    /// [`Features::join`]; without `SHORTCUT`, whatever `a` is (a feature
    /// with figures perhaps, alone or not), with it, `a` may be a segment of
    /// the tile being placed, then with no figure (`lone`: known alone).
    #[inline(always)]
    fn join_as<const SHORTCUT: bool>(&mut self, a: NodeId, b: NodeId, closed: u32, lone: bool) {
        // Whether the join left a road or city with no open edge.
        let mut done = false;
        // A segment of the new tile joined for the first time is alone in its
        // feature, with no figure yet: it joins the neighbour's.
        let merge_lone = |kept: &mut Node, gone: &mut Node| {
            std::mem::swap(&mut kept.next, &mut gone.next);
            let (r, f) = (&mut kept.feature.counts, &gone.feature.counts);
            r.open_edges = (r.open_edges + f.open_edges).saturating_sub(closed);
            if f.kind != FeatureKind::Field {
                r.pennants += f.pennants;
                r.inns += f.inns;
                r.cathedrals += f.cathedrals;
                for (a, b) in r.goods.iter_mut().zip(f.goods) {
                    *a += b;
                }
                done = closed != 0 && kept.feature.is_complete();
            }
        };
        let union = match if !SHORTCUT {
            None
        } else if lone {
            self.nodes.join_known_lone(a, b, merge_lone)
        } else {
            self.nodes.join_lone(a, b, merge_lone)
        } {
            Some(union) => union,
            None => {
                let figures = &mut self.figures;
                self.nodes.join_with(a, b, |kept, gone| {
                    // Splice the two circular node lists: swapping the successors
                    // of one node of each list makes one circle of both.
                    std::mem::swap(&mut kept.next, &mut gone.next);
                    let (r, f) = (&mut kept.feature, &mut gone.feature);
                    let (rc, fc) = (&mut r.counts, &f.counts);
                    rc.open_edges = (rc.open_edges + fc.open_edges).saturating_sub(closed);
                    rc.pennants += fc.pennants;
                    rc.inns += fc.inns;
                    rc.cathedrals += fc.cathedrals;
                    for (a, b) in rc.goods.iter_mut().zip(fc.goods) {
                        *a += b;
                    }
                    if f.figures != NO_FIGURE {
                        r.figures = if r.figures == NO_FIGURE {
                            f.figures
                        } else {
                            merge_figures(figures, r.figures, f.figures)
                        };
                        f.figures = NO_FIGURE;
                    }
                    r.first = r.first.min(f.first);
                    done = closed != 0 && r.is_complete();
                })
            }
        };
        // Already one feature (a road or city closing on itself): its count
        // drops alone.
        if closed != 0
            && let Union::Same(root) = union
            && let Some(r) = self.nodes.get_mut(root)
        {
            r.feature.counts.open_edges = r.feature.open_edges.saturating_sub(closed);
            done = r.feature.is_complete();
        }
        if done && let Some(slot) = self.completed.get_mut(usize::from(self.completed_count)) {
            *slot = union.root();
            self.completed_count += 1;
        }
    }

    /// Joins the features of two nodes that no edge joins (The Ferries: a
    /// ferry across a lake joins two road ends), closing no open edge.
    pub fn connect(&mut self, a: NodeId, b: NodeId) {
        // Either may hold figures, alone in its feature or not.
        self.join_as::<false>(a, b, 0, false);
    }

    /// Takes a feature apart and joins its nodes again by `links` (two nodes
    /// and the open edges their joining closes): a feature that the links no
    /// longer hold together becomes several (The Ferries: a ferry moved away
    /// splits the road it joined). `nodes` are all the nodes of one feature
    /// ([`Features::nodes`]), each with what its segment brings (`seeds`, in
    /// the same order); every figure goes to the part its node is in, the
    /// figures of each part in the order they were placed. A union-find only
    /// merges: a split is this rebuilding of the one feature concerned, which
    /// no rule of the basic game needs.
    pub fn rejoin(
        &mut self,
        nodes: &[NodeId],
        seeds: &[FeatureSeed],
        links: &[(NodeId, NodeId, u32)],
    ) {
        let Some(&any) = nodes.first() else {
            return;
        };
        // The figures, in their order, before the list's head is lost.
        let mut ids = Vec::new();
        let mut at = self.feature(any).map_or(NO_FIGURE, |f| f.feature.figures);
        while let Some(l) = self.figures.get(at as usize) {
            ids.push(at);
            at = l.next;
        }
        for (&node, &seed) in nodes.iter().zip(seeds) {
            let Some(n) = self.nodes.get(node) else {
                continue;
            };
            let (tile, segment) = (n.tile, n.segment);
            self.nodes.isolate(
                node,
                Node {
                    tile,
                    next: node,
                    segment,
                    feature: Feature {
                        counts: seed,
                        first: node,
                        figures: NO_FIGURE,
                    },
                },
            );
        }
        // Not a tile's completions: keep those of the last tile.
        let (completed, count) = (self.completed, self.completed_count);
        for &(a, b, closed) in links {
            self.join(a, b, closed, false);
        }
        (self.completed, self.completed_count) = (completed, count);
        // A feature's name is its smallest node, whichever way it was joined.
        for &node in nodes {
            let r = self.nodes.find(node);
            if let Some(f) = self.nodes.get_mut(r).map(|n| &mut n.feature) {
                f.first = f.first.min(node);
            }
        }
        for id in ids {
            let Some(l) = self.figures.get_mut(id as usize) else {
                continue;
            };
            l.next = NO_FIGURE;
            let r = self.nodes.find(l.follower.node);
            if let Some(f) = self.nodes.get_mut(r).map(|n| &mut n.feature) {
                link_last(&mut self.figures, f, id);
            }
        }
    }

    /// The nodes of the feature a node belongs to, starting with that node
    /// (none when the node is out of range).
    pub fn nodes(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.circle(node).map(|(id, _)| id)
    }

    /// The nodes of the feature a node belongs to, starting with that node, each
    /// with the placed tile it lies on and its segment there: one lookup a node.
    pub fn segments(
        &self,
        node: NodeId,
    ) -> impl Iterator<Item = (NodeId, TileIndex, SegmentId)> + '_ {
        self.circle(node).map(|(id, n)| (id, n.tile, n.segment))
    }

    /// The nodes of the feature a node belongs to, starting with that node, with
    /// their data (none when the node is out of range).
    fn circle(&self, node: NodeId) -> impl Iterator<Item = (NodeId, &Node)> + '_ {
        let mut at = Some(node);
        std::iter::from_fn(move || {
            let current = at?;
            let n = self.nodes.get(current)?;
            at = (n.next != node).then_some(n.next);
            Some((current, n))
        })
    }

    /// The kind of a node's feature: its segment's, which joining never
    /// changes (only features of one kind join), read without finding the
    /// feature's root.
    pub fn kind_of(&self, node: NodeId) -> Option<FeatureKind> {
        self.nodes.get(node).map(|n| n.feature.counts.kind)
    }

    /// The segment a node stands for on its tile.
    pub fn segment_of(&self, node: NodeId) -> Option<SegmentId> {
        self.nodes.get(node).map(|n| n.segment)
    }

    /// The distinct placed tiles of the feature a node belongs to, in order of
    /// placement.
    pub fn distinct_tiles(&self, node: NodeId) -> Vec<TileIndex> {
        let mut tiles: Vec<TileIndex> = self.circle(node).map(|(_, n)| n.tile).collect();
        tiles.sort_unstable();
        tiles.dedup();
        tiles
    }

    /// Whether a placed tile of the feature a node belongs to satisfies
    /// `pred` (asked once for each of the feature's segments).
    pub fn any_tile(&self, node: NodeId, mut pred: impl FnMut(TileIndex) -> bool) -> bool {
        self.circle(node).any(|(_, n)| pred(n.tile))
    }

    /// Number of distinct tiles of the feature a node belongs to (a tile counts
    /// once however many of its segments the feature holds). The tiles seen are
    /// marked in a bit set on the stack, one bit per placed tile, as long as the
    /// board holds no more tiles than it has bits.
    pub fn tile_count(&self, node: NodeId) -> u32 {
        let mut seen = [0u64; 4];
        let mut n = 0;
        for (_, x) in self.circle(node) {
            let t = x.tile as usize;
            let Some(word) = seen.get_mut(t / 64) else {
                return self.distinct_tiles(node).len() as u32;
            };
            let bit = 1u64 << (t % 64);
            n += u32::from(*word & bit == 0);
            *word |= bit;
        }
        n
    }

    /// Puts a follower on the feature of a node.
    pub fn add_follower(&mut self, follower: Follower) {
        self.placed.push(follower.node);
        let id = self.figures.len() as u32;
        let r = self.nodes.find(follower.node);
        if self.by_tile && self.nodes.get(r).is_some() {
            self.list_on_tile(id, follower.tile);
        }
        let Some(f) = self.nodes.get_mut(r).map(|n| &mut n.feature) else {
            return;
        };
        self.figures.push(Linked {
            follower,
            next: NO_FIGURE,
        });
        link_last(&mut self.figures, f, id);
    }

    /// Whether the figures are listed by tile too, for the rules that look
    /// at the figures on a tile ([`Features::figures_on_tile`]); off, placing
    /// and taking figures costs what it did without the lists. Set before
    /// the first figure of a game.
    pub fn list_by_tile(&mut self, on: bool) {
        self.by_tile = on;
    }

    /// Puts figure `id` (the next to be placed) first in the list of `tile`.
    #[inline(never)]
    fn list_on_tile(&mut self, id: u32, tile: TileIndex) {
        let tile = tile as usize;
        if self.last_on_tile.len() <= tile {
            let len = (tile + 1).max(self.last_on_tile.len() * 2).max(256);
            self.last_on_tile.resize(len, NO_FIGURE);
            self.tile_changes.resize(len, 0);
        }
        if let Some(n) = self.tile_changes.get_mut(tile) {
            *n = n.wrapping_add(1);
        }
        let earlier = self
            .last_on_tile
            .get_mut(tile)
            .map_or(NO_FIGURE, |last| std::mem::replace(last, id));
        // Figures placed before the lists were kept are not in them.
        let index = id as usize;
        if self.on_tile.len() < index {
            self.on_tile.resize(
                index,
                OnTile {
                    earlier: NO_FIGURE,
                    on_board: false,
                },
            );
        }
        self.on_tile.push(OnTile {
            earlier,
            on_board: true,
        });
    }

    /// Marks a figure taken from the board, in its tile's list.
    #[inline]
    fn off_tile(&mut self, id: u32) {
        if let Some(t) = self.on_tile.get_mut(id as usize) {
            t.on_board = false;
            let tile = self.figures.get(id as usize).map(|l| l.follower.tile);
            if let Some(n) = tile.and_then(|t| self.tile_changes.get_mut(t as usize)) {
                *n = n.wrapping_add(1);
            }
        }
    }

    /// Removes and returns the first figure of a feature that `which` picks,
    /// keeping the others in their order.
    pub fn take_figure(
        &mut self,
        node: NodeId,
        which: impl Fn(&Follower) -> bool,
    ) -> Option<Follower> {
        let r = self.nodes.find(node);
        let head = self.nodes.get(r)?.feature.figures;
        let mut prev: Option<u32> = None;
        let mut at = head;
        while let Some(l) = self.figures.get(at as usize) {
            let (follower, next) = (l.follower, l.next);
            if which(&follower) {
                self.off_tile(at);
                match prev.and_then(|p| self.figures.get_mut(p as usize)) {
                    Some(p) => p.next = next,
                    None => {
                        if let Some(n) = self.nodes.get_mut(r) {
                            n.feature.figures = next;
                        }
                    }
                }
                return Some(follower);
            }
            prev = Some(at);
            at = next;
        }
        None
    }

    /// Removes and returns the figures of a feature.
    pub fn take_followers(&mut self, node: NodeId) -> Followers {
        let Some(f) = self.feature_mut(node) else {
            return Followers::new();
        };
        let mut at = std::mem::replace(&mut f.figures, NO_FIGURE);
        let mut out = Followers::new();
        while let Some(&Linked { follower, next }) = self.figures.get(at as usize) {
            out.push(follower);
            if self.by_tile {
                self.off_tile(at);
            }
            at = next;
        }
        out
    }

    /// How many times a figure was put on a placed tile or taken from it
    /// (0 unless [`Features::list_by_tile`] is on): while it stays the same,
    /// so do the figures of [`Features::figures_on_tile`].
    #[inline]
    pub fn tile_changes(&self, tile: TileIndex) -> u32 {
        self.tile_changes.get(tile as usize).copied().unwrap_or(0)
    }

    /// The figures standing on a placed tile, the last placed first; none
    /// unless [`Features::list_by_tile`] is on.
    pub fn figures_on_tile(&self, tile: TileIndex) -> impl Iterator<Item = &Follower> + '_ {
        let mut at = self
            .last_on_tile
            .get(tile as usize)
            .copied()
            .unwrap_or(NO_FIGURE);
        std::iter::from_fn(move || {
            let t = self.on_tile.get(at as usize)?;
            let id = at;
            at = t.earlier;
            Some((id, t.on_board))
        })
        .filter(|&(_, on_board)| on_board)
        .filter_map(|(id, _)| self.figures.get(id as usize).map(|l| &l.follower))
    }
    /// Whether a city or road is complete.
    pub fn is_complete(&self, node: NodeId) -> bool {
        self.complete_root(node).is_some()
    }

    /// The root of a node's feature when it is a completed city or road.
    pub fn complete_root(&self, node: NodeId) -> Option<FeatureId> {
        let r = self.root(node);
        self.nodes.get(r)?.feature.is_complete().then_some(r)
    }

    /// The features that hold a figure, in no set order and each perhaps
    /// more than once (once for each figure put on it): for questions whose
    /// answer depends on neither, without the sorting of
    /// [`Features::occupied_roots`].
    pub fn held_features(&self) -> impl Iterator<Item = FeatureView<'_>> + '_ {
        self.placed
            .iter()
            .filter_map(|&node| self.feature(node))
            .filter(|f| f.is_held())
    }

    /// [`Features::held_features`] of one kind: a figure's node is looked at
    /// only where its own segment is of the kind (a feature joins segments
    /// of one kind), without finding its feature's root otherwise.
    pub fn held_features_of(
        &self,
        kind: FeatureKind,
    ) -> impl Iterator<Item = FeatureView<'_>> + '_ {
        self.placed
            .iter()
            .filter(move |&&node| self.kind_of(node) == Some(kind))
            .filter_map(|&node| self.feature(node))
            .filter(|f| f.is_held())
    }

    /// The features that hold a follower, as roots in order of their first node.
    pub fn occupied_roots(&self) -> SmallVec<[FeatureId; 32]> {
        // Kept sorted by (first node, root) packed in one word, each put in its
        // place as it is found: the first node names one feature, so the order
        // is that of first nodes, and a feature met again is already there.
        let mut keys = [0u64; 32];
        let mut n = 0;
        for key in self.placed.iter().filter_map(|&node| self.held_key(node)) {
            let sorted = keys.get(..n).unwrap_or(&[]);
            let at = sorted.iter().rposition(|&k| k <= key).map_or(0, |i| i + 1);
            if at > 0 && sorted.get(at - 1) == Some(&key) {
                continue;
            }
            // More features than the array holds (only with many figures): sorted
            // as a whole instead.
            let Some(room) = keys.get_mut(at..=n) else {
                return self.occupied_roots_sorted();
            };
            room.rotate_right(1);
            if let Some(k) = room.first_mut() {
                *k = key;
            }
            n += 1;
        }
        // The roots are the low words of the keys, the first `n` of them.
        let mut roots = SmallVec::from_buf(keys.map(|k| k as FeatureId));
        roots.truncate(n);
        roots
    }

    /// [`Features::occupied_roots`] for more features than its array holds:
    /// every key gathered, then sorted.
    #[cold]
    #[inline(never)]
    fn occupied_roots_sorted(&self) -> SmallVec<[FeatureId; 32]> {
        let mut keyed: Vec<u64> = self
            .placed
            .iter()
            .filter_map(|&node| self.held_key(node))
            .collect();
        keyed.sort_unstable();
        keyed.dedup();
        keyed.iter().map(|&k| k as FeatureId).collect()
    }

    /// The key [`Features::occupied_roots`] sorts the feature of a node by,
    /// if a figure stands on it: its first node, then its root, in one word.
    #[inline]
    fn held_key(&self, node: NodeId) -> Option<u64> {
        let r = self.root(node);
        let f = &self.nodes.get(r)?.feature;
        f.is_held()
            .then_some(u64::from(f.first) << 32 | u64::from(r))
    }

    /// The stable name of a feature: its smallest node.
    pub fn first_node_of(&self, root: FeatureId) -> NodeId {
        self.nodes.get(root).map_or(root, |n| n.feature.first)
    }
}

/// Puts figure `id` (its `next` empty) last in the list of feature `f`: the
/// newest figure goes after the last of the list.
#[inline(always)]
fn link_last(figures: &mut [Linked], f: &mut Feature, id: u32) {
    if f.figures == NO_FIGURE {
        f.figures = id;
        return;
    }
    let mut at = f.figures;
    while let Some(l) = figures.get_mut(at as usize) {
        if l.next == NO_FIGURE {
            l.next = id;
            return;
        }
        at = l.next;
    }
}

/// Merges two features' lists of figures, each in the order of placement, into
/// one in that order (the kept feature's figure first between two of one
/// turn); returns its first.
#[cold]
#[inline(never)]
fn merge_figures(figures: &mut [Linked], kept: u32, gone: u32) -> u32 {
    let turn = |figures: &[Linked], at: u32| figures.get(at as usize).map(|l| l.follower.turn);
    let (mut a, mut b) = (kept, gone);
    let mut head = NO_FIGURE;
    let mut tail = NO_FIGURE;
    loop {
        let next = match (turn(figures, a), turn(figures, b)) {
            (Some(x), Some(y)) if x <= y => &mut a,
            (Some(_), Some(_)) | (None, Some(_)) => &mut b,
            (Some(_), None) => &mut a,
            (None, None) => break,
        };
        let at = *next;
        *next = figures.get(at as usize).map_or(NO_FIGURE, |l| l.next);
        match figures.get_mut(tail as usize) {
            Some(t) => t.next = at,
            None => head = at,
        }
        tail = at;
    }
    if let Some(t) = figures.get_mut(tail as usize) {
        t.next = NO_FIGURE;
    }
    head
}

/// The node of a segment of a placed tile.
pub fn node_of(placed: &PlacedTile, segment: SegmentId) -> NodeId {
    placed.first_node + NodeId::from(segment)
}

/// What a new tile's segment meets a neighbour's across.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Across {
    /// A whole edge (a road or a city).
    Edge,
    /// A half-edge (a field).
    Half,
}

/// Calls `f(segment, node, across)` for every pair a tile placed (or about to be
/// placed) at `pos` joins: a segment of the new tile and a node of a neighbouring
/// tile, across an edge or a half-edge (one pass over the four neighbours; a
/// pair met across both halves of one edge is named once). Both placing a tile
/// and checking a follower's feature use it.
pub fn for_each_neighbour_pair(
    catalog: &TileCatalog,
    board: &Board,
    def: &TileDef,
    pos: Pos,
    rotation: crate::tiles::Rotation,
    f: impl FnMut(SegmentId, NodeId, Across),
) {
    let beside = board.beside(pos);
    pairs_beside(
        catalog,
        &def.at(rotation).faces,
        |side| beside.across(side),
        f,
    );
}

/// The pairs [`for_each_neighbour_pair`] finds across whole edges alone
/// (roads and cities: [`Across::Edge`]), without the fields' halves: a
/// segment of the tile and the neighbour's node it meets.
pub fn for_each_edge_pair(
    catalog: &TileCatalog,
    board: &Board,
    def: &TileDef,
    pos: Pos,
    rotation: crate::tiles::Rotation,
    mut f: impl FnMut(SegmentId, NodeId),
) {
    let ours = &def.at(rotation).faces;
    for (side, theirs) in Side::ALL.into_iter().zip(board.neighbours(pos)) {
        let Some(n) = theirs else { continue };
        let a = ours.side(side).segment;
        if a == NO_SEGMENT {
            continue;
        }
        let Some(faces) = catalog.faces(n.tile, n.rotation) else {
            continue;
        };
        let b = faces.side(side.opposite()).segment;
        if b != NO_SEGMENT {
            f(a, node_of(n, b));
        }
    }
}

/// The pairs [`for_each_neighbour_pair`] finds for a tile whose sides are
/// `ours`, with `across` giving the tile across each side.
#[inline(always)]
fn pairs_beside<'t>(
    catalog: &TileCatalog,
    ours: &Faces,
    across: impl Fn(Side) -> Option<&'t PlacedTile>,
    mut f: impl FnMut(SegmentId, NodeId, Across),
) {
    // One call per side rather than a loop: each side's fields are then
    // fixed, and each side's tile is looked up where it is read.
    pairs_across(catalog, ours, Side::North, across(Side::North), &mut f);
    pairs_across(catalog, ours, Side::East, across(Side::East), &mut f);
    pairs_across(catalog, ours, Side::South, across(Side::South), &mut f);
    pairs_across(catalog, ours, Side::West, across(Side::West), &mut f);
}

/// The pairs [`for_each_neighbour_pair`] finds across one side, whose neighbour
/// is `theirs`.
#[inline(always)]
fn pairs_across(
    catalog: &TileCatalog,
    ours: &Faces,
    side: Side,
    theirs: Option<&PlacedTile>,
    f: &mut impl FnMut(SegmentId, NodeId, Across),
) {
    let Some(n) = theirs else { return };
    let Some(faces) = catalog.faces(n.tile, n.rotation) else {
        return;
    };
    let (a, b) = (ours.side(side), faces.side(side.opposite()));
    if a.segment != NO_SEGMENT && b.segment != NO_SEGMENT {
        f(a.segment, node_of(n, b.segment), Across::Edge);
    }
    // Facing halves run the other way round: a side's first half (clockwise)
    // meets the second half of the side across. Two fields meeting along a
    // whole field edge are one pair, named once.
    let ([a0, a1], [b0, b1]) = (a.halves, b.halves);
    if a0 != NO_SEGMENT && b1 != NO_SEGMENT {
        f(a0, node_of(n, b1), Across::Half);
    }
    if a1 != NO_SEGMENT && b0 != NO_SEGMENT && (a1, b0) != (a0, b1) {
        f(a1, node_of(n, b0), Across::Half);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(figures: &mut Vec<Linked>, turns: &[u32]) -> u32 {
        let mut head = NO_FIGURE;
        for &turn in turns.iter().rev() {
            figures.push(Linked {
                follower: Follower {
                    player: Player(0),
                    node: figures.len() as NodeId,
                    tile: 0,
                    turn,
                    figure: Figure::Follower,
                },
                next: head,
            });
            head = figures.len() as u32 - 1;
        }
        head
    }

    fn walk(figures: &[Linked], mut at: u32) -> Vec<(u32, NodeId)> {
        let mut out = Vec::new();
        while let Some(l) = figures.get(at as usize) {
            out.push((l.follower.turn, l.follower.node));
            at = l.next;
        }
        out
    }

    /// Features of lone roads, `n` of them, with a figure on each node of
    /// `held` in that order; each pair of `joined` then joined. As when a tile
    /// is placed, a node alone in its feature joins with no figure on it, and
    /// after the nodes of the feature it joins.
    fn held_features(n: u32, held: &[u32], joined: &[(u32, u32)]) -> Features {
        let mut f = Features::new();
        f.list_by_tile(true);
        let seed = FeatureSeed {
            kind: FeatureKind::Road,
            open_edges: 2,
            pennants: 0,
            inns: 0,
            cathedrals: 0,
            goods: [0; 3],
        };
        for node in 0..n {
            f.nodes.push(Node {
                tile: node,
                next: node,
                segment: 0,
                feature: Feature {
                    counts: seed,
                    first: node,
                    figures: NO_FIGURE,
                },
            });
        }
        for (turn, &node) in held.iter().enumerate() {
            f.add_follower(Follower {
                player: Player(0),
                node,
                tile: node,
                turn: turn as u32,
                figure: Figure::Follower,
            });
        }
        for &(a, b) in joined {
            f.join(a, b, 0, false);
        }
        f
    }

    /// The held features, each once, by their first node: the order
    /// `occupied_roots` must give, worked out plainly.
    fn held_by_first(f: &Features) -> Vec<FeatureId> {
        let mut roots: Vec<FeatureId> = f
            .placed
            .iter()
            .map(|&n| f.root(n))
            .filter(|&r| f.feature(r).is_some_and(|x| x.is_held()))
            .collect();
        roots.sort_by_key(|&r| f.feature(r).map(|x| x.first));
        roots.dedup();
        roots
    }

    /// Few held features are sorted as they are found; more than the array
    /// holds are sorted as a whole: the same order either way.
    #[test]
    fn occupied_roots_come_once_each_by_first_node() {
        // Figures placed out of order, two on one road, two held roads
        // joined after their figures stood.
        let few = held_features(12, &[7, 2, 9, 2, 4, 0], &[(10, 9), (11, 4), (4, 7)]);
        let roots = few.occupied_roots();
        assert_eq!(roots.as_slice(), held_by_first(&few));
        assert_eq!(roots.len(), 4);
        let held: Vec<u32> = (0..58).map(|i| (i * 37) % 58).collect();
        let many = held_features(60, &held, &[(58, 5), (5, 50), (59, 6)]);
        let roots = many.occupied_roots();
        assert_eq!(roots.as_slice(), held_by_first(&many));
        assert_eq!(roots.len(), 57);
    }

    /// Two features' figures joined stay in the order they were placed, the
    /// kept feature's first between two of one turn.
    #[test]
    fn merged_figures_keep_the_order_of_placement() {
        let mut figures = Vec::new();
        let kept = list(&mut figures, &[2, 5, 9]);
        let gone = list(&mut figures, &[1, 5, 12]);
        let head = merge_figures(&mut figures, kept, gone);
        let turns: Vec<u32> = walk(&figures, head).iter().map(|(t, _)| *t).collect();
        assert_eq!(turns, [1, 2, 5, 5, 9, 12]);
        let fives: Vec<NodeId> = walk(&figures, head)
            .iter()
            .filter(|(t, _)| *t == 5)
            .map(|(_, n)| *n)
            .collect();
        // Nodes number the figures as pushed, each list from its last: the
        // kept feature's figure of turn 5 is node 1, the other's node 4.
        assert_eq!(fives, [1, 4]);
    }

    /// A tile's figures are those placed on it and still there, the last
    /// placed first, whatever their features became; a figure taken home,
    /// alone or with its feature's, is no longer listed.
    #[test]
    fn a_tiles_figures_are_those_still_on_it() {
        // Nodes 0–2 lie on tiles 0–2, one road: two figures on node 1, one
        // on node 2.
        let mut f = held_features(3, &[1, 2, 1], &[(0, 1), (0, 2)]);
        let on =
            |f: &Features, tile| -> Vec<u32> { f.figures_on_tile(tile).map(|x| x.turn).collect() };
        assert_eq!(on(&f, 0), Vec::<u32>::new());
        assert_eq!(on(&f, 1), [2, 0]);
        assert_eq!(on(&f, 2), [1]);
        // A joined node's kind is its feature's, root or not.
        assert_eq!(f.kind_of(2), Some(FeatureKind::Road));
        assert_eq!(f.kind_of(2), f.feature(2).map(|v| v.kind));
        assert_eq!(f.kind_of(3), None);
        // A tile past the last that holds a figure holds none.
        assert_eq!(on(&f, 40), Vec::<u32>::new());
        let taken = f.take_figure(1, |x| x.turn == 0);
        assert_eq!(taken.map(|x| x.turn), Some(0));
        assert_eq!(on(&f, 1), [2]);
        // The joined road's figures go home together.
        assert_eq!(f.take_followers(2).len(), 2);
        assert_eq!(on(&f, 1), Vec::<u32>::new());
        assert_eq!(on(&f, 2), Vec::<u32>::new());
        // Cleared for the next game, then used again.
        f.clear();
        assert_eq!(on(&f, 1), Vec::<u32>::new());
    }
}
