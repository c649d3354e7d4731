//! What a replay by the quick verdict can tell besides its yes or no: each
//! turn played and the end of the game, handed to an [`Observe`]r
//! ([`super::Referee::is_clean_quick_observed`]). The verdict itself observes
//! nothing (`()`), and is compiled as if no observer were there.

use crate::rules::{Game, TurnInput};

/// Told of each turn the quick verdict plays and of the game's end. What it
/// is told of a game the verdict does not clear is to be thrown away: the
/// replay may have stopped anywhere.
pub trait Observe {
    /// A turn was played: `game` is the game after it (its events are
    /// [`Game::last_events`], its transfers [`Game::turn_transfers`]).
    fn played(&mut self, game: &Game<'_>, turn: &TurnInput<'_>);

    /// The game ended: `finished` says whether the final scoring was applied
    /// (its events are then [`Game::last_events`]).
    fn ended(&mut self, game: &Game<'_>, finished: bool);

    /// Whether the replay's score events are to name the tiles and features
    /// they score ([`Game::set_explanations`]): an observer that writes a
    /// score sheet needs them; the verdict, and facts that count points,
    /// do not.
    #[inline(always)]
    fn explains(&self) -> bool {
        false
    }

    /// Whether the replay is to keep an event for every score, the fairy's
    /// point at a turn's start among them ([`Game::set_all_events`]): any
    /// observer that reads the events; the verdict does not.
    #[inline(always)]
    fn reads_events(&self) -> bool {
        true
    }
}

impl Observe for () {
    #[inline(always)]
    fn played(&mut self, _game: &Game<'_>, _turn: &TurnInput<'_>) {}

    #[inline(always)]
    fn ended(&mut self, _game: &Game<'_>, _finished: bool) {}

    #[inline(always)]
    fn reads_events(&self) -> bool {
        false
    }
}
