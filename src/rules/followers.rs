//! Follower placement: which spot of the placed tile a follower may take.

use super::{FollowerMove, Game, Violation};
use crate::board::Pos;
use crate::features::{FeatureId, for_each_neighbour_pair};
use crate::figures::Figure;
use crate::player::Player;
use crate::tiles::catalog::MAX_SEGMENTS;
use crate::tiles::{Rotation, SegmentId, Spot, TileDef, TileId};

/// The spot names of a tile as placed, one per segment that can hold a follower,
/// in canonical order (edges, half-edges, centre). A field reached by several
/// half-edges is listed by each of them.
pub fn spot_names(def: &TileDef, rotation: Rotation) -> Vec<String> {
    Spot::all()
        .filter(|s| s.segment(def, rotation).is_some())
        .map(|s| s.to_string())
        .collect()
}

impl Game<'_> {
    /// Checks a follower placement on the tile being placed.
    ///
    /// Rulebook (2012, "Placing new followers"): "The player must take the follower
    /// from her supply. The player may only put the follower on the tile she has just
    /// placed … The player may not place her follower on a road, in a city or in a
    /// field if that section is connected to another tile where there already is a
    /// follower (no matter which player owns that follower)."
    ///
    /// # Errors
    /// [`Violation::FigureNotInPlay`], [`Violation::NoSuchSpot`],
    /// [`Violation::FollowerOnRiver`], [`Violation::NoFollowersLeft`],
    /// [`Violation::FigureInUse`], [`Violation::FeatureAlreadyOccupied`], or the
    /// builder's and pig's rules (`expansions::traders_and_builders`).
    pub(super) fn check_follower(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        figure: Option<&str>,
        spot: Spot,
    ) -> Result<FollowerMove, Violation> {
        // The basic game has only the plain follower; expansion figures are
        // written with a figure name (see SPEC, follower_spec).
        let figure = match figure {
            None => Figure::Follower,
            Some(name) => Figure::from_notation(name)
                .filter(|f| f.expansion().is_some_and(|e| self.expansions.contains(e)))
                .ok_or(Violation::FigureNotInPlay)?,
        };
        let def = self.catalog.def(tile);
        let Some(segment) = spot.segment(def, rotation) else {
            // The River (2012): "no followers are allowed on the river".
            if let Spot::Edge(side) = spot
                && def.at(rotation).river & side.bit() != 0
            {
                return Err(Violation::FollowerOnRiver {
                    valid: spot_names(def, rotation),
                });
            }
            return Err(Violation::NoSuchSpot {
                valid: spot_names(def, rotation),
            });
        };
        self.check_figure(player, figure, def, pos, rotation, segment)?;
        Ok(FollowerMove { segment, figure })
    }

    /// Checks a figure on a segment of the tile being placed: the player has one
    /// in supply, and the feature admits it.
    fn check_figure(
        &self,
        player: Player,
        figure: Figure,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Result<(), Violation> {
        if self.in_hand.get(player).map_or(0, |s| s.count(figure)) == 0 {
            if figure == Figure::Follower {
                return Err(Violation::NoFollowersLeft);
            }
            let by_turn = self.placed_figure(player, figure).unwrap_or(0);
            return Err(Violation::FigureInUse { figure, by_turn });
        }
        match figure {
            Figure::Follower | Figure::Big => self.check_unoccupied(def, pos, rotation, segment),
            Figure::Builder | Figure::Pig => {
                self.check_special_figure(player, figure, def, pos, rotation, segment)
            }
        }
    }

    /// Every figure a player could put on a tile placed at `pos`: each kind in
    /// supply on each segment that admits it, by kind then segment.
    pub fn legal_figures(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Vec<FollowerMove> {
        let def = self.catalog.def(tile);
        let mut out = Vec::new();
        for figure in Figure::ALL {
            if self.in_hand.get(player).map_or(0, |s| s.count(figure)) == 0 {
                continue;
            }
            for segment in 0..def.segments.len() as SegmentId {
                if self
                    .check_figure(player, figure, def, pos, rotation, segment)
                    .is_ok()
                {
                    out.push(FollowerMove { segment, figure });
                }
            }
        }
        out
    }

    /// Checks that the feature a segment of the new tile would join holds no
    /// follower yet.
    ///
    /// The feature is everything the segment will be joined to once the tile lies:
    /// the features across its own edges, and also those reached through the
    /// tile's other segments. A field may touch a neighbour's field that, across
    /// another edge, touches a second segment of the new tile, which in turn
    /// touches an occupied field: after placement all of them are one field.
    fn check_unoccupied(
        &self,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Result<(), Violation> {
        for &root in self.merged_roots(def, pos, rotation, segment).iter() {
            if let Some(f) = self.features.feature(root)
                && let Some(first) = f
                    .followers
                    .iter()
                    .filter(|f| f.figure.is_follower())
                    .min_by_key(|f| f.turn)
            {
                return Err(Violation::FeatureAlreadyOccupied {
                    kind: f.kind,
                    by_turn: first.turn,
                    owner: first.player,
                });
            }
        }
        Ok(())
    }

    /// The features already on the board that a segment of a tile about to be
    /// placed will be joined with, directly or through the tile's other segments.
    pub(in crate::rules) fn merged_roots(
        &self,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Roots {
        // Features touching each segment of the new tile (a segment reaches at most
        // four edges and eight half-edges, so twelve neighbours).
        let count = def.segments.len().min(MAX_SEGMENTS);
        let mut touching = [Roots::default(); MAX_SEGMENTS];
        // One pass over the four neighbours: each edge and half-edge the new tile
        // shares with one joins a segment of ours to a node of theirs.
        for_each_neighbour_pair(
            self.catalog,
            &self.board,
            def,
            pos,
            rotation,
            |ours, node, _| {
                if let Some(roots) = touching.get_mut(usize::from(ours)) {
                    roots.insert(self.features.root(node));
                }
            },
        );
        let mut joined = [false; MAX_SEGMENTS];
        let mut group = Roots::default();
        if let (Some(j), Some(t)) = (
            joined.get_mut(usize::from(segment)),
            touching.get(usize::from(segment)),
        ) {
            *j = true;
            group.extend(t);
        }
        // Grow to a fixed point: a segment sharing a feature with the group joins it.
        let mut grew = true;
        while grew {
            grew = false;
            for (s, theirs) in touching.iter().enumerate().take(count) {
                if joined.get(s).copied().unwrap_or(true)
                    || !theirs.iter().any(|r| group.contains(r))
                {
                    continue;
                }
                if let Some(j) = joined.get_mut(s) {
                    *j = true;
                }
                group.extend(theirs);
                grew = true;
            }
        }
        group
    }

    /// The segments of a tile placed at `pos` where `player` could put an
    /// ordinary follower (none if the player has none left), in segment order: the
    /// ordinary followers among [`Game::legal_figures`].
    pub fn legal_followers(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Vec<SegmentId> {
        self.legal_figures(player, tile, pos, rotation)
            .into_iter()
            .filter(|f| f.figure == Figure::Follower)
            .map(|f| f.segment)
            .collect()
    }
}

/// A small set of feature roots, kept on the stack.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::rules) struct Roots {
    items: [FeatureId; 16],
    len: usize,
}

impl Roots {
    pub(in crate::rules) fn iter(&self) -> impl Iterator<Item = &FeatureId> {
        self.items.iter().take(self.len)
    }

    fn contains(&self, r: &FeatureId) -> bool {
        self.iter().any(|x| x == r)
    }

    fn insert(&mut self, r: FeatureId) {
        if !self.contains(&r)
            && let Some(slot) = self.items.get_mut(self.len)
        {
            *slot = r;
            self.len += 1;
        }
    }

    fn extend(&mut self, other: &Roots) {
        for r in other.iter() {
            self.insert(*r);
        }
    }
}
