//! The River.
//!
//! 2012 rulebook, "Rules for the River mini-expansion (12 tiles)": "Remove the Start
//! tile from the game. Begin the game by placing the source of the river face-up in
//! the center of the table and set aside the tile with the lake. Shuffle the 10
//! remaining River tiles, face down, and start the game by drawing the River tiles
//! before using the regular tiles. Lay these tiles in order to continue the river,
//! making sure that you never place 2 bends (turns) in the same direction one after
//! the other. Players are allowed to place followers on these tiles, just like in
//! the basic game. However, no followers are allowed on the river. Once the last of
//! the 10 River tiles has been placed, the next player places the lake and then the
//! game continues normally."
//!
//! 2000 Rio Grande rulebook: "Place these tiles so that the river on each connects
//! to the river on the previous tile. Do not place a river tile so that the river
//! makes a “U” turn. … Do not place followers on the river."
//!
//! The two editions word the turn rule differently but mean the same: a river tile
//! may not bend the river the same way as the river tile placed just before it.
//! The 2012 text says so; for the "U" turn of the 2000 text, Hans im Glück's answer
//! to the question "does that mean no U-turn ever, or just no immediate U-turns?"
//! is "Only immediate U-turns" — two bends the same way in a row, which turn the
//! river back within two tiles. A straight piece between two bends separates them
//! under both editions. The diagnostic quotes the edition's own words.

use crate::board::Pos;
use crate::rules::Violation;
use crate::tiles::{Side, TileId};

/// Which way a river tile turns the river, seen in its direction of flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bend {
    /// The river turns left.
    Left,
    /// The river runs straight on (or ends in the lake).
    Straight,
    /// The river turns right.
    Right,
}

impl Bend {
    /// A word for reports.
    pub fn word(self) -> &'static str {
        match self {
            Bend::Left => "left",
            Bend::Straight => "straight",
            Bend::Right => "right",
        }
    }
}

/// Why a river tile may not lie where the record puts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiverFault {
    /// The tile does not continue the river from its open end.
    NotContinued {
        /// The square where the river goes on.
        expected: Pos,
    },
    /// The tile bends the river the way the edition forbids.
    Turn {
        /// The bend of this tile.
        bend: Bend,
    },
}

/// The river while it is being laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct River {
    /// The square the river flows into next, and the side of that square it
    /// enters by; `None` once the lake closes it.
    open: Option<(Pos, Side)>,
    /// The bend of the river tile placed last (the spring counts as straight).
    last: Bend,
    /// River tiles other than the lake still to draw.
    rivers_left: u32,
    /// The lake, and whether it is still to draw.
    lake: Option<TileId>,
    lakes_left: u8,
}

impl River {
    /// The river flowing out of the spring lying at `pos`, its river reaching the
    /// board sides `mask`, with `rivers_left` river tiles to draw before the lake
    /// (`lakes_left` of it).
    pub fn from_spring(
        pos: Pos,
        mask: u8,
        rivers_left: u32,
        lake: Option<TileId>,
        lakes_left: u8,
    ) -> River {
        let open = Side::ALL
            .into_iter()
            .find(|s| mask & s.bit() != 0)
            .and_then(|s| pos.neighbour(s).map(|p| (p, s.opposite())));
        River {
            open,
            last: Bend::Straight,
            rivers_left,
            lake,
            lakes_left,
        }
    }

    /// Checks the order of drawing: the river tiles first, then the lake, then the
    /// land (`is_river`: whether the tile drawn shows a river).
    ///
    /// # Errors
    /// [`Violation::RiverOrder`] saying what is due.
    pub fn check_draw(&self, tile: TileId, is_river: bool) -> Result<(), Violation> {
        let due = if self.rivers_left > 0 {
            Some(false)
        } else if self.lakes_left > 0 {
            Some(true)
        } else {
            None
        };
        let ok = match due {
            None => !is_river,
            Some(lake_due) => is_river && (Some(tile) == self.lake) == lake_due,
        };
        match (ok, due) {
            (true, _) => Ok(()),
            (false, Some(lake_due)) => Err(Violation::RiverOrder { lake_due }),
            // A river tile after the lake: the supply check catches it first (each
            // river tile is drawn once); say that the river is closed.
            (false, None) => Err(Violation::RiverOrder { lake_due: false }),
        }
    }

    /// Counts a drawn tile (`is_river`: whether it shows a river).
    pub fn drawn(&mut self, tile: TileId, is_river: bool) {
        if Some(tile) == self.lake {
            self.lakes_left = self.lakes_left.saturating_sub(1);
        } else if is_river {
            self.rivers_left = self.rivers_left.saturating_sub(1);
        }
    }

    /// The square the next river tile must take, while the river is open.
    pub fn open_square(&self) -> Option<Pos> {
        self.open.map(|(p, _)| p)
    }

    /// The bend a river tile reaching board sides `mask` makes at `pos`, if it
    /// continues the river there.
    fn bend(&self, pos: Pos, mask: u8) -> Result<(Bend, Option<Side>), RiverFault> {
        let Some((square, entry)) = self.open else {
            return Err(RiverFault::NotContinued { expected: pos });
        };
        if square != pos || mask & entry.bit() == 0 {
            return Err(RiverFault::NotContinued { expected: square });
        }
        let exit = Side::ALL
            .into_iter()
            .find(|s| *s != entry && mask & s.bit() != 0);
        let heading = entry.opposite();
        let bend = match exit.map(|e| (e.index() + 4 - heading.index()) % 4) {
            Some(1) => Bend::Right,
            Some(3) => Bend::Left,
            _ => Bend::Straight,
        };
        Ok((bend, exit))
    }

    /// Checks a river tile reaching board sides `mask` placed at `pos`. The rule
    /// is the same under both editions (see the module documentation).
    ///
    /// # Errors
    /// The first rule of the River the placement breaks.
    pub fn check(&self, pos: Pos, mask: u8) -> Result<(), RiverFault> {
        let (bend, _) = self.bend(pos, mask)?;
        if bend != Bend::Straight && bend == self.last {
            Err(RiverFault::Turn { bend })
        } else {
            Ok(())
        }
    }

    /// Lays a checked river tile.
    pub fn advance(&mut self, pos: Pos, mask: u8) {
        let Ok((bend, exit)) = self.bend(pos, mask) else {
            return;
        };
        self.open = exit.and_then(|e| pos.neighbour(e).map(|p| (p, e.opposite())));
        self.last = bend;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const E: u8 = 0b0010;
    const S: u8 = 0b0100;
    const W: u8 = 0b1000;
    const N: u8 = 0b0001;

    fn spring() -> River {
        River::from_spring(Pos::new(0, 0), E, 10, Some(TileId(1)), 1)
    }

    #[test]
    fn river_tiles_first_then_the_lake() {
        let mut r = River::from_spring(Pos::new(0, 0), E, 1, Some(TileId(9)), 1);
        assert_eq!(
            r.check_draw(TileId(3), false),
            Err(Violation::RiverOrder { lake_due: false })
        );
        assert_eq!(
            r.check_draw(TileId(9), true),
            Err(Violation::RiverOrder { lake_due: false })
        );
        assert_eq!(r.check_draw(TileId(4), true), Ok(()));
        r.drawn(TileId(4), true);
        assert_eq!(
            r.check_draw(TileId(3), false),
            Err(Violation::RiverOrder { lake_due: true })
        );
        assert_eq!(r.check_draw(TileId(9), true), Ok(()));
        r.drawn(TileId(9), true);
        assert_eq!(r.check_draw(TileId(3), false), Ok(()));
    }

    #[test]
    fn the_river_goes_on_from_its_open_end() {
        let r = spring();
        assert_eq!(r.open_square(), Some(Pos::new(1, 0)));
        assert_eq!(
            r.check(Pos::new(0, 1), W | E),
            Err(RiverFault::NotContinued {
                expected: Pos::new(1, 0)
            })
        );
        assert_eq!(r.check(Pos::new(1, 0), W | E), Ok(()));
    }

    #[test]
    fn two_bends_the_same_way_in_a_row() {
        // Flowing east, a bend to the south (y decreases southwards) is a right bend.
        let mut r = spring();
        r.advance(Pos::new(1, 0), W | S);
        let next = Pos::new(1, -1);
        // Entering from the north and leaving west: right again (an immediate U-turn).
        assert_eq!(
            r.check(next, N | W),
            Err(RiverFault::Turn { bend: Bend::Right })
        );
        // Leaving east: a left bend, allowed.
        assert_eq!(r.check(next, N | E), Ok(()));
    }

    #[test]
    fn a_straight_piece_separates_two_bends() {
        let mut r = spring();
        r.advance(Pos::new(1, 0), W | S);
        r.advance(Pos::new(1, -1), N | S);
        // The bends are not one after the other, and the U is not immediate.
        assert_eq!(r.check(Pos::new(1, -2), N | W), Ok(()));
    }

    #[test]
    fn the_lake_closes_the_river() {
        let mut r = spring();
        r.advance(Pos::new(1, 0), W);
        assert_eq!(r.open_square(), None);
    }
}
