//! Follower placement: which spot of the placed tile a follower may take.

use super::{FollowerMove, Game, Violation};
use crate::board::Pos;
use crate::features::{FeatureId, neighbour_nodes};
use crate::notation::FollowerSpec;
use crate::player::Player;
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
    /// [`Violation::NoFollowersLeft`] or [`Violation::FeatureAlreadyOccupied`].
    pub(super) fn check_follower(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        spec: &FollowerSpec,
    ) -> Result<FollowerMove, Violation> {
        if spec.figure.is_some() {
            // The basic game has only the plain follower; expansion figures are
            // written with a figure name (see SPEC, follower_spec).
            return Err(Violation::FigureNotInPlay);
        }
        let def = self.catalog.def(tile);
        let segment =
            spec.spot
                .value
                .segment(def, rotation)
                .ok_or_else(|| Violation::NoSuchSpot {
                    valid: spot_names(def, rotation),
                })?;
        if self.in_hand.get(player).copied().unwrap_or(0) == 0 {
            return Err(Violation::NoFollowersLeft);
        }
        self.check_unoccupied(def, pos, rotation, segment)?;
        Ok(FollowerMove { segment })
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
        for root in self.merged_roots(def, pos, rotation, segment) {
            if let Some(f) = self.features.feature(root)
                && let Some(first) = f.followers.iter().min_by_key(|f| f.turn)
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
    /// placed will be joined with, directly or through the tile's other segments,
    /// in a stable order.
    fn merged_roots(
        &self,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Vec<FeatureId> {
        let touching: Vec<Vec<FeatureId>> = (0..def.segments.len() as SegmentId)
            .map(|s| {
                let mut roots: Vec<FeatureId> =
                    neighbour_nodes(self.catalog, &self.board, def, pos, rotation, s)
                        .into_iter()
                        .map(|n| self.features.root(n))
                        .collect();
                roots.sort_unstable();
                roots.dedup();
                roots
            })
            .collect();
        let mut joined = vec![false; touching.len()];
        let mut roots: Vec<FeatureId> = Vec::new();
        if let Some(j) = joined.get_mut(usize::from(segment)) {
            *j = true;
        }
        roots.extend(touching.get(usize::from(segment)).into_iter().flatten());
        // Grow to a fixed point: a segment sharing a feature with the group joins it.
        let mut grew = true;
        while grew {
            grew = false;
            for (s, theirs) in touching.iter().enumerate() {
                if joined.get(s).copied().unwrap_or(true)
                    || !theirs.iter().any(|r| roots.contains(r))
                {
                    continue;
                }
                if let Some(j) = joined.get_mut(s) {
                    *j = true;
                }
                roots.extend(theirs.iter().copied());
                grew = true;
            }
        }
        roots.sort_unstable();
        roots.dedup();
        roots
    }

    /// The segments of a tile placed at `pos` where `player` could put a follower
    /// (none if the player has none left), in segment order.
    pub fn legal_followers(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Vec<SegmentId> {
        if self.in_hand.get(player).copied().unwrap_or(0) == 0 {
            return Vec::new();
        }
        let def = self.catalog.def(tile);
        (0..def.segments.len() as SegmentId)
            .filter(|s| self.check_unoccupied(def, pos, rotation, *s).is_ok())
            .collect()
    }
}
