//! Tile placement: where a drawn tile may go, and when it may be discarded.

use super::{Game, Violation};
use crate::board::{Fit, Pos};
use crate::rules::expansions::river::RiverFault;
use crate::rules::variants::Variant;
use crate::tiles::{Rotation, Side, TileDef, TileId};

impl Game<'_> {
    /// Checks that a tile may lie at `pos` turned by `rotation`.
    ///
    /// Rulebook (2012, "Placing Land tiles"): "The new tile … must be placed in such a
    /// way that at least one of its sides touches one of the previously placed tiles.
    /// The new tile cannot only be connected by a corner. New tiles must always
    /// continue fields, cities and/or roads."
    ///
    /// # Errors
    /// [`Violation::PositionOccupied`], [`Violation::NotAdjacent`] or
    /// [`Violation::TileDoesNotFit`].
    pub fn check_placement(
        &self,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Result<(), Violation> {
        let def = self.catalog.def(tile);
        // The common case, a legal square, in one test of the packed edges.
        if !self.board.fits_at(pos, def.at(rotation).edge_bits) {
            self.check_square(def, pos, rotation)?;
        }
        // Most tiles show no river: their test stays here, the river's rules
        // out of line.
        if def.river == 0 {
            return Ok(());
        }
        self.check_river(def, pos, rotation)
    }

    /// The square rules of [`Game::check_placement`] one by one, naming the
    /// first broken.
    #[cold]
    #[inline(never)]
    fn check_square(&self, def: &TileDef, pos: Pos, rotation: Rotation) -> Result<(), Violation> {
        // A taken square first; then adjacency, then the edges: a square apart
        // from the board is E303 whatever the tile.
        match self.board.fit_at(self.catalog, def, pos, rotation) {
            Err(t) => Err(Violation::PositionOccupied { by_turn: t.turn }),
            Ok(Fit::Alone) => Err(Violation::NotAdjacent),
            Ok(Fit::Fits) => Ok(()),
            Ok(Fit::Mismatch(m)) => {
                let n = self.board.tile(m.neighbour);
                Err(Violation::TileDoesNotFit {
                    side: m.side,
                    ours: m.ours,
                    theirs: m.theirs,
                    neighbour: n.map_or(pos, |t| t.pos),
                    neighbour_turn: n.map_or(0, |t| t.turn),
                })
            }
        }
    }

    /// The River's placement rules for a tile showing a river (see
    /// `expansions::river`); nothing for other tiles.
    #[cold]
    #[inline(never)]
    fn check_river(&self, def: &TileDef, pos: Pos, rotation: Rotation) -> Result<(), Violation> {
        if def.river == 0 {
            return Ok(());
        }
        let Some(river) = &self.exp.river else {
            return Ok(());
        };
        let mask = def.at(rotation).river;
        river.check(pos, mask).map_err(|f| match f {
            RiverFault::NotContinued { expected } => Violation::RiverNotContinued { expected },
            RiverFault::Turn { bend } => Violation::RiverTurn { bend },
        })?;
        if self.variants().contains(Variant::RiverFreeCourse)
            && let Some(taken) = self.course_taken(pos, mask)
        {
            return Err(Violation::RiverCourseNotFree { taken });
        }
        Ok(())
    }

    /// With the variant `river-free-course` (JCloisterZone's River): for each
    /// side of a river tile at `pos` whose river flows onwards to an empty
    /// square, the first of the five squares that must be empty and is not:
    /// the two beside the square ahead, the square after it, and the two
    /// beside that one.
    fn course_taken(&self, pos: Pos, mask: u8) -> Option<Pos> {
        for side in Side::ALL.into_iter().filter(|s| mask & s.bit() != 0) {
            let Some(ahead) = pos.neighbour(side) else {
                continue;
            };
            if self.board.is_occupied(ahead) {
                continue;
            }
            let turn = |by: usize| Side::ALL.get((side.index() + by) % 4).copied();
            let (left, right) = (turn(3), turn(1));
            let next = ahead.neighbour(side);
            let squares = [
                left.and_then(|s| ahead.neighbour(s)),
                right.and_then(|s| ahead.neighbour(s)),
                next,
                next.zip(left).and_then(|(p, s)| p.neighbour(s)),
                next.zip(right).and_then(|(p, s)| p.neighbour(s)),
            ];
            if let Some(taken) = squares
                .into_iter()
                .flatten()
                .find(|p| self.board.is_occupied(*p))
            {
                return Some(taken);
            }
        }
        None
    }

    /// Whether a tile fits at `pos` turned by `rotation` (the square is known to
    /// be free and next to a tile).
    fn fits(&self, def: &TileDef, pos: Pos, rotation: Rotation) -> bool {
        self.board
            .mismatch(self.catalog, def, pos, rotation)
            .is_none()
            && self.check_river(def, pos, rotation).is_ok()
    }

    /// Every legal placement of a tile on the current board, in a stable order
    /// (by y, then x, then rotation).
    pub fn legal_placements(&self, tile: TileId) -> Vec<(Pos, Rotation)> {
        let def = self.catalog.def(tile);
        let mut out = Vec::new();
        for pos in self.board.frontier() {
            for rotation in Rotation::ALL {
                if self.fits(def, pos, rotation) {
                    out.push((pos, rotation));
                }
            }
        }
        out
    }

    /// The first legal placement of a tile, if any (same order as
    /// [`Game::legal_placements`], without listing them all).
    pub fn first_legal_placement(&self, tile: TileId) -> Option<(Pos, Rotation)> {
        let def = self.catalog.def(tile);
        self.board.frontier().into_iter().find_map(|pos| {
            Rotation::ALL
                .into_iter()
                .find(|r| self.fits(def, pos, *r))
                .map(|r| (pos, r))
        })
    }

    /// Checks that a tile may be discarded.
    ///
    /// Rulebook (2012): "In the unlikely situation where a drawn tile cannot be placed
    /// (all players must agree), the player returns the tile to the box".
    ///
    /// The rulebooks give no way on for a river tile that fits nowhere, so the
    /// referee does not invent one.
    ///
    /// # Errors
    /// [`Violation::IllegalDiscard`] naming one legal placement, or
    /// [`Violation::RiverBlocked`] for a river tile.
    pub fn check_discard(&self, tile: TileId) -> Result<(), Violation> {
        match self.first_legal_placement(tile) {
            Some((pos, rotation)) => Err(Violation::IllegalDiscard { pos, rotation }),
            // JCloisterZone discards such a tile and goes on (`river-free-course`).
            None if self.catalog.def(tile).river != 0
                && !self.variants().contains(Variant::RiverFreeCourse) =>
            {
                Err(Violation::RiverBlocked)
            }
            None => Ok(()),
        }
    }
}
