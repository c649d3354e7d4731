//! A plain turn as written ([`TurnInput`]): its number, player, tile,
//! placement and figure, with no spans, as either reader gives it.

use super::act::{StepToken, TurnSteps};
use super::{ActionRecord, Place, TurnRecord};
use crate::board::Pos;
use crate::tiles::{Rotation, Spot};

/// A turn as written, with nothing checked: what the rules' `Game::check` decides on.
/// It holds no spans, so any reader can produce it; a parsed record's turns give
/// it through [`TurnInput::of`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnInput<'a> {
    /// The turn number.
    pub number: u32,
    /// The player's name.
    pub player: &'a str,
    /// The tile's catalog id.
    pub tile: &'a str,
    /// Where the tile went (`None`: discarded).
    pub place: Option<(Pos, Rotation)>,
    /// The figure placed: its name (`None`: the plain follower) and spot.
    pub figure: Option<(Option<&'a str>, Spot)>,
    /// Whether the tile is set aside (`aside`) rather than discarded, when
    /// `place` is `None` (version 2).
    pub aside: bool,
    /// The turn's actions after `figure`, in the order written (version 2).
    /// A parsed record's, or read in their compact form.
    pub steps: TurnSteps<'a>,
}

impl<'a> TurnInput<'a> {
    /// The input of a parsed turn.
    pub fn of(turn: &'a TurnRecord) -> TurnInput<'a> {
        TurnInput {
            number: turn.number.value,
            player: &turn.player.value,
            tile: &turn.tile.value,
            place: match &turn.action.value {
                ActionRecord::Discard | ActionRecord::Aside => None,
                ActionRecord::Place { pos, rotation } => Some((pos.value, rotation.value)),
            },
            figure: turn
                .follower
                .as_ref()
                .map(|f| (f.figure.as_ref().map(|n| n.value.as_str()), f.spot.value)),
            aside: turn.action.value == ActionRecord::Aside,
            steps: TurnSteps::Written(&turn.steps),
        }
    }

    /// The turn's figure: version 1's, or a first step that puts a figure on
    /// a spot of the tile just placed written with its square (`+2,1/N` for
    /// the tile placed at `2,1`), which means the same as `+N`.
    pub fn own_figure(&self) -> Option<(Option<&'a str>, Spot)> {
        if self.figure.is_some() {
            return self.figure;
        }
        let (pos, _) = self.place?;
        let Some(StepToken::Figure { figure, target }) = self.steps.first() else {
            return None;
        };
        if target.pos == Some(pos)
            && let Some(Place::Spot(spot)) = target.place
        {
            return Some((figure, spot));
        }
        None
    }
}
