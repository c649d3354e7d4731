//! Scenarios: positions set up to show a rule rather than games from the box
//! (SPEC 2.4, "Scenarios"). A scenario names its own pack of tiles (`Pack`),
//! which may hold more copies of a kind than the box; its figures per player
//! where they differ from the box (`Figures`); and the turn after which the game
//! ends with the final scoring (`EndAfter`). A game without these tags is
//! played from the box.

use crate::figures::Figure;

/// What a scenario changes from the box. The default changes nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scenario {
    /// The tiles to draw (the start tile is not among them), by notation id in
    /// the order written; `None`: the sets in play.
    pub pack: Option<Vec<String>>,
    /// Each player's number of each figure (by [`Figure::index`]) where it
    /// differs from the box.
    pub figures: [Option<u8>; Figure::ALL.len()],
    /// The game ends after this turn, as if the supply had run out.
    pub end_after: Option<u32>,
}

impl Scenario {
    /// Whether the record departs from the box at all.
    pub fn is_scenario(&self) -> bool {
        *self != Scenario::default()
    }
}
