//! Follower placement: which spot of the placed tile a follower may take.

use super::{FollowerMove, Game, Violation};
use crate::board::Pos;
use crate::features::neighbour_nodes;
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
    fn check_unoccupied(
        &self,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Result<(), Violation> {
        for node in neighbour_nodes(self.catalog, &self.board, def, pos, rotation, segment) {
            if let Some(f) = self.features.feature(node)
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
