//! What a tile about to be placed completes, read from the board as it is,
//! without playing the tile: a look-ahead for the rules that need it before
//! the move is applied (The Flying Machines: a flier lands only on an
//! incomplete feature, the tile just placed counted; The Gold Mines: a turn
//! hands ingots out only if it completes something that holds an ingot;
//! Mage & Witch: a pawn goes only on an incomplete road or city that holds
//! no pawn once the tile lies, and must move when the tile joins the mage's
//! feature to the witch's).

use smallvec::SmallVec;

use super::{Game, Placing};
use crate::board::Pos;
use crate::features::{FeatureId, for_each_edge_pair, node_of};
use crate::tiles::SegmentId;

/// The pairs a tile makes across whole edges ([`Game::edge_pairs`]).
pub(in crate::rules) type EdgePairs = SmallVec<[(SegmentId, FeatureId); 8]>;

/// A road or city as it is once the tile of a placing lies: the roots of the
/// features on the board the tile joins into it, and the tile's own segments
/// in it (a bit each). Two nodes on the board are then in one feature when
/// their roots are both among `roots`, or are the same.
#[derive(Debug, Clone, Default)]
pub(in crate::rules) struct Joined {
    roots: SmallVec<[FeatureId; 8]>,
    segments: u32,
}

impl Joined {
    /// Whether the feature of `root` (a root on the board as it is) is part
    /// of this one once the tile lies.
    pub(in crate::rules) fn holds(&self, root: FeatureId) -> bool {
        self.roots.contains(&root)
    }
}

/// Which roads, cities and monasteries a look-ahead of what a tile completes
/// counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::rules) enum Held {
    /// Every one, held or not.
    Any,
    /// Those a figure stands on before the tile lies, and the one of the
    /// tile's segment given (where the turn puts its follower): a feature
    /// completed with no figure scores for nobody, and no figure goes home
    /// from it.
    By(Option<SegmentId>),
}

/// The bit of a segment of the tile in [`Joined::segments`].
fn bit(segment: SegmentId) -> u32 {
    1u32 << (u32::from(segment) & 31)
}

impl Game<'_> {
    /// The open edges of the road or city `root` once the tile of `placing`
    /// lies: the open edges of every feature the tile joins it with and of
    /// the tile's segments that join them, less two for each edge of those
    /// segments that meets a neighbour (it closes one open edge on either
    /// side). Read from the board as it is, without playing the tile.
    pub(in crate::rules) fn open_edges_after(&self, root: FeatureId, placing: &Placing) -> u32 {
        let pairs = self.edge_pairs(placing);
        self.open_edges_of(&self.joined_with_root(root, pairs), placing, pairs)
    }

    /// The pairs the tile of `placing` makes across whole edges (roads and
    /// cities): a segment of the tile and the root of the neighbour's
    /// feature it meets.
    pub(in crate::rules) fn edge_pairs<'p>(&self, placing: &'p Placing) -> &'p EdgePairs {
        placing.pairs.get_or_init(|| self.pairs_of(placing))
    }

    /// [`Game::edge_pairs`], worked out.
    fn pairs_of(&self, placing: &Placing) -> EdgePairs {
        let mut pairs = EdgePairs::new();
        for_each_edge_pair(
            self.catalog,
            &self.board,
            self.catalog.def(placing.tile),
            placing.pos,
            placing.rotation,
            |ours, node| pairs.push((ours, self.features.root(node))),
        );
        pairs
    }

    /// The road or city of `root` once the tile whose pairs are `pairs`
    /// lies (the feature as it is, where the tile does not meet it).
    pub(in crate::rules) fn joined_with_root(&self, root: FeatureId, pairs: &EdgePairs) -> Joined {
        bridged_from_root(root, pairs, 0)
    }

    /// The road or city of the tile's own segment `segment` once the tile
    /// whose pairs are `pairs` lies.
    pub(in crate::rules) fn joined_with_segment(
        &self,
        segment: SegmentId,
        pairs: &EdgePairs,
    ) -> Joined {
        let mut joined = Joined {
            roots: SmallVec::new(),
            segments: bit(segment),
        };
        grow(&mut joined, pairs, 0);
        joined
    }

    /// The open edges of a road or city once the tile of `placing` lies
    /// ([`Game::open_edges_after`]), its pairs given.
    pub(in crate::rules) fn open_edges_of(
        &self,
        joined: &Joined,
        placing: &Placing,
        pairs: &EdgePairs,
    ) -> u32 {
        let def = self.catalog.def(placing.tile);
        let open: u32 = joined
            .roots
            .iter()
            .filter_map(|r| self.features.feature(*r))
            .map(|f| f.open_edges)
            .sum();
        let own: u32 = def
            .segments
            .iter()
            .enumerate()
            .filter(|(i, _)| joined.segments & (1u32 << (*i as u32 & 31)) != 0)
            .map(|(_, s)| s.edge_count())
            .sum();
        let met = pairs
            .iter()
            .filter(|(ours, _)| joined.segments & bit(*ours) != 0)
            .count() as u32;
        (open + own).saturating_sub(2 * met)
    }

    /// Whether the square `at` has all eight squares around it taken once
    /// the tile of `placing` lies (a monastery there is then complete).
    pub(in crate::rules) fn surrounded_after(&self, at: Pos, placing: &Placing) -> bool {
        at.surrounding()
            .filter(|p| *p == placing.pos || self.board.is_occupied(*p))
            .count()
            == 8
    }

    /// Whether the tile of `placing` completes a road, a city or a monastery
    /// that counts by `held`: a road or city it joins whose open edges it
    /// closes, or a monastery (its own or one around it) it surrounds.
    pub(in crate::rules) fn completes_a_feature(&self, placing: &Placing, held: Held) -> bool {
        self.completes(placing, held, None, 0)
    }

    /// [`Game::completes_a_feature`], of a feature that covers one of
    /// `squares`: a road or city with a tile on one of them, a
    /// monastery on one or among the eight around it (the tiles whose ingots
    /// The Gold Mines hand out). The tile's own square is covered by
    /// whatever it completes.
    pub(in crate::rules) fn completes_a_feature_over(
        &self,
        placing: &Placing,
        held: Held,
        squares: &[Pos],
    ) -> bool {
        self.completes(placing, held, Some(squares), 0)
    }

    /// [`Game::completes_a_feature_over`], the tile a lake tile whose new
    /// ferry joins its road segments `ends` into one road (The Ferries: "he
    /// sets it on the lake to connect two road sections … The lake ends the
    /// other road sections"). No other ferry is moved in the turn.
    pub(in crate::rules) fn completes_a_feature_over_with_ferry(
        &self,
        placing: &Placing,
        held: Held,
        squares: &[Pos],
        ends: [SegmentId; 2],
    ) -> bool {
        self.completes(placing, held, Some(squares), bit(ends[0]) | bit(ends[1]))
    }

    /// [`Game::completes_a_feature`]; `over`: only features covering one of
    /// these squares count; `bridge`: the tile's segments a new ferry joins
    /// (their bits), or none.
    fn completes(&self, placing: &Placing, held: Held, over: Option<&[Pos]>, bridge: u32) -> bool {
        if over.is_some_and(|s| s.is_empty()) {
            return false;
        }
        let is_held = |root: FeatureId| self.features.feature(root).is_some_and(|f| f.is_held());
        let counts = |joined: &Joined| match held {
            Held::Any => true,
            Held::By(own) => {
                own.is_some_and(|s| joined.segments & bit(s) != 0)
                    || joined.roots.iter().any(|r| is_held(*r))
            }
        };
        let own = over.is_none_or(|s| s.contains(&placing.pos));
        let def = self.catalog.def(placing.tile);
        let pairs = self.edge_pairs(placing);
        // A road or city the tile completes has each of its features' open
        // edges met by the tile, and each of the tile's segments in it meets
        // a neighbour on all its edges: a pair that fails either is part of
        // no completed road or city, and its group is not grown. Where only
        // held features count, a group holds a figure only if one of the
        // features it joins does, or the turn's follower stands on the tile.
        let any_held = match held {
            Held::Any => true,
            Held::By(own) => own.is_some() || pairs.iter().any(|&(_, r)| is_held(r)),
        };
        if any_held {
            let mut seg_met = [0u8; 32];
            for &(ours, _) in pairs {
                if let Some(n) = seg_met.get_mut(usize::from(ours) & 31) {
                    *n += 1;
                }
            }
            let closing = |ours: SegmentId, theirs: FeatureId| {
                def.segments.get(usize::from(ours)).is_some_and(|s| {
                    s.edge_count()
                        == u32::from(seg_met.get(usize::from(ours) & 31).copied().unwrap_or(0))
                }) && self.features.feature(theirs).is_some_and(|f| {
                    f.open_edges == pairs.iter().filter(|p| p.1 == theirs).count() as u32
                })
            };
            // Every root of a group the tile completes is among those it joins.
            if pairs.iter().any(|&(ours, r)| {
                if !closing(ours, r) {
                    return false;
                }
                let joined = bridged_from_root(r, pairs, bridge);
                counts(&joined)
                    && self.open_edges_of(&joined, placing, pairs) == 0
                    && (own || over.is_some_and(|s| s.iter().any(|q| self.covers(&joined, *q))))
            }) {
                return true;
            }
        }
        // A monastery covers its own square and the eight around it.
        let near = |centre: Pos| over.is_none_or(|s| s.iter().any(|q| q.is_near(centre)));
        let own_counts = match held {
            Held::Any => true,
            Held::By(own) => own.is_some() && own == def.monastery,
        };
        if own_counts
            && def.monastery.is_some()
            && near(placing.pos)
            && self.surrounded_after(placing.pos, placing)
        {
            return true;
        }
        match held {
            Held::Any => placing.pos.surrounding().any(|q| {
                self.monastery_node(q).is_some() && near(q) && self.surrounded_after(q, placing)
            }),
            // The monasteries that hold a monk are listed: the scoring
            // looks at those alone.
            Held::By(_) => self.monks.iter().any(|&(q, node)| {
                q != placing.pos
                    && q.is_near(placing.pos)
                    && is_held(self.features.root(node))
                    && near(q)
                    && self.surrounded_after(q, placing)
            }),
        }
    }

    /// Whether the tile on square `q` has a segment in the road or city
    /// `joined` (the tile about to be placed is not on the board: its own
    /// square is not looked at here).
    fn covers(&self, joined: &Joined, q: Pos) -> bool {
        let Some(placed) = self.board.at(q) else {
            return false;
        };
        (0..self.catalog.def(placed.tile).segments.len()).any(|s| {
            SegmentId::try_from(s)
                .is_ok_and(|s| joined.holds(self.features.root(node_of(placed, s))))
        })
    }

    /// The monastery's node of the tile at `at`, if it shows one.
    fn monastery_node(&self, at: Pos) -> Option<crate::features::NodeId> {
        let placed = self.board.at(at)?;
        let seg = self.catalog.def(placed.tile).monastery?;
        Some(node_of(placed, seg))
    }
}

/// The road or city of `root` once the tile whose pairs are `pairs` lies,
/// its segments in `bridge` joined ([`grow`]).
fn bridged_from_root(root: FeatureId, pairs: &EdgePairs, bridge: u32) -> Joined {
    let mut joined = Joined::default();
    joined.roots.push(root);
    grow(&mut joined, pairs, bridge);
    joined
}

/// Grows `joined` until it holds every root and segment of the tile it
/// meets through the tile's pairs, and, if it holds one of the tile's
/// segments in `bridge`, all of them (a ferry set on the tile joins its two
/// road ends: The Ferries).
fn grow(joined: &mut Joined, pairs: &EdgePairs, bridge: u32) {
    loop {
        let before = (joined.roots.len(), joined.segments);
        if joined.segments & bridge != 0 {
            joined.segments |= bridge;
        }
        for &(ours, theirs) in pairs {
            if joined.roots.contains(&theirs) {
                joined.segments |= bit(ours);
            }
            if joined.segments & bit(ours) != 0 && !joined.roots.contains(&theirs) {
                joined.roots.push(theirs);
            }
        }
        if (joined.roots.len(), joined.segments) == before {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Held;
    use crate::board::Pos;
    use crate::rules::{Game, Placing, Setup};
    use crate::tiles::{Rotation, TileCatalog};

    fn game_of<'c>(catalog: &'c TileCatalog, turns: &[(&str, i32, i32, Rotation)]) -> Game<'c> {
        let setup = Setup {
            players: vec!["Ann".into(), "Bob".into()],
            colours: vec![None, None],
            edition: crate::rules::Edition::HiG2012,
            sets: vec![crate::rules::BASIC_SET.to_string()],
            variants: Default::default(),
            scenario: Default::default(),
        };
        let mut game = Game::new(setup, catalog);
        for (tile, x, y, r) in turns {
            let tile = catalog.id(tile).unwrap();
            let mv = game
                .check_due(&crate::rules::TurnInput {
                    number: game.turn() + 1,
                    player: "",
                    tile: &catalog.def(tile).id,
                    place: Some((Pos::new(*x, *y), *r)),
                    figure: None,
                    aside: false,
                    steps: crate::notation::act::TurnSteps::NONE,
                })
                .unwrap();
            game.apply(mv);
        }
        game
    }

    fn placing(catalog: &TileCatalog, tile: &str, x: i32, y: i32, rotation: Rotation) -> Placing {
        Placing::new(
            crate::player::Player(0),
            catalog.id(tile).unwrap(),
            Pos::new(x, y),
            rotation,
        )
    }

    #[test]
    fn a_tile_closing_a_city_or_road_completes_it() {
        let catalog = TileCatalog::embedded().unwrap();
        // The start tile's city cap north: a cap turned south closes it.
        let game = game_of(&catalog, &[]);
        assert!(game.completes(
            &placing(&catalog, "E", 0, 1, Rotation::R180),
            Held::Any,
            None,
            0
        ));
        // A city running on north leaves it open (2 tiles, one open edge).
        let p = placing(&catalog, "G", 0, 1, Rotation::R90);
        assert!(!game.completes(&p, Held::Any, None, 0));
        let root = game.features().root(0);
        assert_eq!(game.open_edges_after(root, &p), 1);
        // The start road west-east: a junction at each end closes it.
        let game = game_of(&catalog, &[("W", -1, 0, Rotation::R0)]);
        assert!(game.completes(
            &placing(&catalog, "W", 1, 0, Rotation::R0),
            Held::Any,
            None,
            0
        ));
        assert!(!game.completes(
            &placing(&catalog, "U", 1, 0, Rotation::R0),
            Held::Any,
            None,
            0
        ));
    }

    #[test]
    fn a_tile_surrounding_a_monastery_completes_it() {
        let catalog = TileCatalog::embedded().unwrap();
        // A monastery at 0,-1 with seven of its eight squares taken.
        let b = Rotation::R0;
        let game = game_of(
            &catalog,
            &[
                ("B", 0, -1, b),
                ("B", -1, -1, b),
                ("B", 1, -1, b),
                ("U", -1, 0, b),
                ("U", 1, 0, b),
                ("B", 0, -2, b),
                ("A", -1, -2, b),
            ],
        );
        let last = placing(&catalog, "A", 1, -2, b);
        assert!(game.surrounded_after(Pos::new(0, -1), &last));
        assert!(game.completes(&last, Held::Any, None, 0));
    }
}
