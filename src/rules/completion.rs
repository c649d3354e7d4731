//! What a tile about to be placed completes, read from the board as it is,
//! without playing the tile: a look-ahead for the rules that need it before
//! the move is applied (The Flying Machines: a flier lands only on an
//! incomplete feature, the tile just placed counted; The Gold Mines: a turn
//! hands ingots out only if it completes something).

use smallvec::SmallVec;

use super::{Game, Placing};
use crate::board::Pos;
use crate::features::{Across, FeatureId, for_each_neighbour_pair};
use crate::tiles::SegmentId;

/// The pairs a tile makes across whole edges ([`Game::edge_pairs`]).
type EdgePairs = SmallVec<[(SegmentId, FeatureId); 8]>;

impl Game<'_> {
    /// The open edges of the road or city `root` once the tile of `placing`
    /// lies: the open edges of every feature the tile joins it with and of
    /// the tile's segments that join them, less two for each edge of those
    /// segments that meets a neighbour (it closes one open edge on either
    /// side). Read from the board as it is, without playing the tile.
    pub(in crate::rules) fn open_edges_after(&self, root: FeatureId, placing: &Placing) -> u32 {
        self.open_edges_joined(root, placing, &self.edge_pairs(placing))
    }

    /// The pairs the tile of `placing` makes across whole edges (roads and
    /// cities): a segment of the tile and the root of the neighbour's
    /// feature it meets.
    fn edge_pairs(&self, placing: &Placing) -> EdgePairs {
        let mut pairs = EdgePairs::new();
        for_each_neighbour_pair(
            self.catalog,
            &self.board,
            self.catalog.def(placing.tile),
            placing.pos,
            placing.rotation,
            |ours, node, across| {
                if across == Across::Edge {
                    pairs.push((ours, self.features.root(node)));
                }
            },
        );
        pairs
    }

    /// [`Game::open_edges_after`], the tile's pairs given.
    fn open_edges_joined(&self, root: FeatureId, placing: &Placing, pairs: &EdgePairs) -> u32 {
        let def = self.catalog.def(placing.tile);
        let mut roots: SmallVec<[FeatureId; 8]> = SmallVec::new();
        roots.push(root);
        let mut segments = 0u32;
        // Grow the group until it holds every root and segment it meets.
        loop {
            let before = (roots.len(), segments);
            for &(ours, theirs) in pairs {
                let bit = 1u32 << (u32::from(ours) & 31);
                if roots.contains(&theirs) {
                    segments |= bit;
                }
                if segments & bit != 0 && !roots.contains(&theirs) {
                    roots.push(theirs);
                }
            }
            if (roots.len(), segments) == before {
                break;
            }
        }
        let open: u32 = roots
            .iter()
            .filter_map(|r| self.features.feature(*r))
            .map(|f| f.open_edges)
            .sum();
        let own: u32 = def
            .segments
            .iter()
            .enumerate()
            .filter(|(i, _)| segments & (1u32 << (*i as u32 & 31)) != 0)
            .map(|(_, s)| s.edge_count())
            .sum();
        let met = pairs
            .iter()
            .filter(|(ours, _)| segments & (1u32 << (u32::from(*ours) & 31)) != 0)
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

    /// Whether the tile of `placing` completes a road, a city or a
    /// monastery: a road or city it joins whose open edges it closes, or a
    /// monastery (its own or one around it) it surrounds.
    pub(in crate::rules) fn completes_a_feature(&self, placing: &Placing) -> bool {
        self.completes(placing, false)
    }

    /// Whether the tile of `placing` completes a road, a city or a monastery
    /// that a figure already stands on (a feature it completes with no
    /// figure scores for nobody, unless the turn puts one there).
    pub(in crate::rules) fn completes_a_held_feature(&self, placing: &Placing) -> bool {
        self.completes(placing, true)
    }

    /// [`Game::completes_a_feature`]; `held`: only features a figure stands
    /// on count.
    fn completes(&self, placing: &Placing, held: bool) -> bool {
        let is_held =
            |root: FeatureId| !held || self.features.feature(root).is_some_and(|f| f.is_held());
        let def = self.catalog.def(placing.tile);
        let pairs = self.edge_pairs(placing);
        // Every root of a group the tile completes is among those it joins.
        if pairs
            .iter()
            .any(|&(_, r)| is_held(r) && self.open_edges_joined(r, placing, &pairs) == 0)
        {
            return true;
        }
        if !held && def.monastery.is_some() && self.surrounded_after(placing.pos, placing) {
            return true;
        }
        placing.pos.surrounding().any(|q| {
            self.monastery_node(q)
                .is_some_and(|node| is_held(self.features.root(node)))
                && self.surrounded_after(q, placing)
        })
    }

    /// The monastery's node of the tile at `at`, if it shows one.
    fn monastery_node(&self, at: Pos) -> Option<crate::features::NodeId> {
        let placed = self.board.at(at)?;
        let seg = self.catalog.def(placed.tile).monastery?;
        Some(crate::features::node_of(placed, seg))
    }
}

#[cfg(test)]
mod tests {
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
                    steps: &[],
                })
                .unwrap();
            game.apply(mv);
        }
        game
    }

    fn placing(catalog: &TileCatalog, tile: &str, x: i32, y: i32, rotation: Rotation) -> Placing {
        Placing {
            player: crate::player::Player(0),
            tile: catalog.id(tile).unwrap(),
            pos: Pos::new(x, y),
            rotation,
        }
    }

    #[test]
    fn a_tile_closing_a_city_or_road_completes_it() {
        let catalog = TileCatalog::embedded().unwrap();
        // The start tile's city cap north: a cap turned south closes it.
        let game = game_of(&catalog, &[]);
        assert!(game.completes_a_feature(&placing(&catalog, "E", 0, 1, Rotation::R180)));
        // A city running on north leaves it open (2 tiles, one open edge).
        let p = placing(&catalog, "G", 0, 1, Rotation::R90);
        assert!(!game.completes_a_feature(&p));
        let root = game.features().root(0);
        assert_eq!(game.open_edges_after(root, &p), 1);
        // The start road west-east: a junction at each end closes it.
        let game = game_of(&catalog, &[("W", -1, 0, Rotation::R0)]);
        assert!(game.completes_a_feature(&placing(&catalog, "W", 1, 0, Rotation::R0)));
        assert!(!game.completes_a_feature(&placing(&catalog, "U", 1, 0, Rotation::R0)));
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
        assert!(game.completes_a_feature(&last));
    }
}
