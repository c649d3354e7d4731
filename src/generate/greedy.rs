//! The greedy policy of `gen`: among the legal placements of the drawn tile,
//! the placement and figure that score most were the game to end now, with a
//! price on each follower left on the board once the supply runs low (a
//! simple follower economy: the last followers are kept for features worth
//! them).
//!
//! A choice is judged on a copy of the game with the turn played and the
//! final scoring applied. Every placement is judged without a figure; the
//! few best are judged again with each figure the player may put on the
//! tile.

use super::{Rng, plain_move};
use crate::board::Pos;
use crate::player::Player;
use crate::rules::{Action, FollowerMove, Game};
use crate::tiles::{Rotation, TileId};

/// How `gen` chooses each turn's placement and figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// A uniformly random legal placement and figure (or none).
    #[default]
    Random,
    /// The placement and figure that score most were the game to end now,
    /// the last followers kept for features worth them.
    Greedy,
}

/// Placements judged again with each of their figures.
const SHORTLIST: usize = 6;

/// Below this many followers in supply, a follower left on the board has a
/// price.
const FEW_FOLLOWERS: u8 = 4;

/// The price, in points, of a follower that stays on the board with
/// `in_hand` followers left in the supply after it: none while the supply
/// is full enough, then a point for each follower short of
/// [`FEW_FOLLOWERS`], so that the last ones go to features worth them.
fn follower_price(in_hand: u8) -> i64 {
    i64::from(FEW_FOLLOWERS.saturating_sub(in_hand))
}

/// How good the turn (`tile` at `at`, with `follower`) is for `player`: the
/// player's score were the game to end after it (the turn's scoring, then
/// the final scoring of every feature and farm), less the price of a
/// follower it leaves on the board.
fn value(
    game: &Game<'_>,
    player: Player,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    follower: Option<FollowerMove>,
) -> i64 {
    let mut after = game.clone();
    after.apply(plain_move(
        player,
        tile,
        Action::Place {
            pos,
            rotation,
            follower,
        },
    ));
    let in_hand = after.followers_in_hand(player);
    let placed = follower.is_some() && in_hand < game.followers_in_hand(player);
    after.finish();
    let mine = after.score().get(player).map_or(0, |s| i64::from(*s));
    let price = if placed { follower_price(in_hand) } else { 0 };
    mine - price
}

/// The greedy choice of a turn placing `tile` at one of `placements` (not
/// empty): the placement and the figure (or none) of the highest [`value`],
/// the first of equals in an order shuffled by `rng`.
pub(super) fn choose(
    game: &Game<'_>,
    player: Player,
    tile: TileId,
    placements: &[(Pos, Rotation)],
    rng: &mut Rng,
) -> ((Pos, Rotation), Option<FollowerMove>) {
    let mut order: Vec<usize> = (0..placements.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut judged: Vec<(i64, (Pos, Rotation))> = order
        .iter()
        .filter_map(|i| placements.get(*i).copied())
        .map(|at| (value(game, player, tile, at, None), at))
        .collect();
    // Stable: equals keep the shuffled order.
    judged.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
    let first = judged
        .first()
        .map_or((Pos::new(0, 0), Rotation::R0), |(_, at)| *at);
    let mut best = (judged.first().map_or(i64::MIN, |(v, _)| *v), first, None);
    for &(_, at) in judged.iter().take(SHORTLIST) {
        for figure in game.legal_figures(player, tile, at.0, at.1) {
            let v = value(game, player, tile, at, Some(figure));
            if v > best.0 {
                best = (v, at, Some(figure));
            }
        }
    }
    (best.1, best.2)
}
