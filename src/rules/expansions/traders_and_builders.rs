//! Traders & Builders: the builder, the pig and goods.
//!
//! The builder (2000 Rio Grande): "a player can only place his builder on the tile
//! he just played and only on a road or city segment that is connected to a road
//! or city segment where he has already placed a follower … A player may never
//! place a builder on a field." "Whenever a player places a landscape tile that
//! adds to a city or road with his builder on it, he is allowed to take a second
//! turn … Then his turn ends. He may not take a third turn!" "When the city or
//! road is completed and scored, the player takes back the builder and any
//! followers from it." The 2012 text: "A player cannot play more than two turns in
//! a row." The double turn is turn bookkeeping in `Game::apply`; this module says
//! when a tile extends the builder's feature.
//!
//! The pig (2012): "A pig may only be placed onto a tile that continues a field
//! where that player has at least one farmer." "During the final scoring, a player
//! scores 4 points per completed city adjacent to the field with the pig, instead
//! of 3. The pig grants its bonus only if its owner has the majority in that
//! field." (2000: "a player with a pig in a field with his farmer will score 5
//! points instead of 4 points for each city he scores.") Each player has one pig,
//! so a bonus never stacks. Farmers never leave a field in these expansions, so a
//! pig never loses its farmer.
//!
//! Goods (2012): "Whenever a city with 1 or more Goods symbol is completed … The
//! player who placed the last tile, and thus completed the city, takes a Goods
//! token of the matching Goods symbol for each symbol present in the city … Knights
//! have no impact on the trader". Final scoring: "the player with the most Wine
//! tokens scores 10 points. The same applies for the player with the most Wheat
//! tokens and the one with the most Fabric tokens. When players are tied for
//! majority for a token type, the tied players each score 10 points."

use crate::board::{PlacedTile, Pos};
use crate::features::{FeatureView, node_of};
use crate::figures::Figure;
use crate::player::{ByPlayer, Player};
use crate::rules::{Game, Violation};
use crate::score::{ScoreEvent, majority};
use crate::tiles::{FeatureKind, Goods, Rotation, SegmentId, TileDef};

/// What Traders & Builders keeps during a game: the goods each player holds,
/// those the last turn took, and the builder's double turn.
#[derive(Debug, Clone, Default)]
pub struct Traders {
    /// Goods tokens each player holds (wine, grain, cloth).
    pub(in crate::rules) goods: ByPlayer<[u32; 3]>,
    /// Goods tokens the last turn took.
    pub(in crate::rules) turn_goods: [u32; 3],
    /// Whether the next turn is the second of a builder's double turn.
    pub(in crate::rules) second_turn: bool,
    /// Who played the last turn, and whether it was the second of a double
    /// turn.
    pub(in crate::rules) last: Option<(Player, bool)>,
}

impl Traders {
    /// A new game's: no goods, no double turn.
    pub(in crate::rules) fn new(seats: usize) -> Traders {
        Traders {
            goods: ByPlayer::new(seats, [0; 3]),
            ..Traders::default()
        }
    }

    /// The player takes the goods a turn's completed cities hold.
    pub(in crate::rules) fn took(&mut self, player: Player, goods: [u32; 3]) {
        self.turn_goods = goods;
        if let Some(g) = self.goods.get_mut(player) {
            for (a, b) in g.iter_mut().zip(goods) {
                *a += b;
            }
        }
    }

    /// The end of a turn: whether the player plays again. A tile that extends
    /// the player's builder's road or city grants a second turn, never a third.
    pub(in crate::rules) fn turn_ended(&mut self, player: Player, earned: bool) -> bool {
        let second = self.second_turn;
        self.last = Some((player, second));
        self.second_turn = earned && !second;
        self.second_turn
    }
}

/// Points a goods majority is worth.
pub const GOODS_MAJORITY_POINTS: u32 = 10;

/// Whether a player's pig stands in a field.
pub fn has_pig(f: FeatureView<'_>, player: Player) -> bool {
    f.followers()
        .any(|x| x.player == player && x.figure == Figure::Pig)
}

impl Game<'_> {
    /// Checks a builder or a pig on a segment of the tile being placed: a builder
    /// on a road or city, a pig in a field, joined to a feature where the player
    /// already has a follower.
    pub(in crate::rules) fn check_special_figure(
        &self,
        player: Player,
        figure: Figure,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Result<(), Violation> {
        let kind = def.segment(segment).map_or(FeatureKind::Field, |s| s.kind);
        let fits = match figure {
            Figure::Builder => matches!(kind, FeatureKind::Road | FeatureKind::City),
            _ => kind == FeatureKind::Field,
        };
        if !fits {
            return Err(Violation::FigureOnWrongFeature { figure, kind });
        }
        let roots = self.merged_roots(def, pos, rotation, segment);
        let joined = roots.iter().any(|r| {
            self.features
                .feature(*r)
                .is_some_and(|f| f.followers_of(player).next().is_some())
        });
        if joined {
            Ok(())
        } else {
            Err(Violation::FigureWithoutFollower { figure, kind })
        }
    }

    /// The turn that placed a player's figure of a kind still on the board.
    pub(in crate::rules) fn placed_figure(&self, player: Player, figure: Figure) -> Option<u32> {
        self.features
            .occupied_roots()
            .into_iter()
            .filter_map(|r| self.features.feature(r))
            .flat_map(|f| f.followers())
            .find(|x| x.player == player && x.figure == figure)
            .map(|x| x.turn)
    }

    /// Whether a tile just placed extends a road or city holding the player's
    /// builder (placed on an earlier turn).
    pub(in crate::rules) fn extends_own_builder(
        &self,
        placed: &PlacedTile,
        player: Player,
    ) -> bool {
        // Most turns, the player's builder is in the supply: told from the
        // counts alone, without looking at the tile's features.
        let in_hand = self
            .in_hand
            .get(player)
            .map_or(0, |s| s.count(Figure::Builder));
        in_hand < self.starting_supply().count(Figure::Builder)
            && self.builder_beside(placed, player)
    }

    /// [`Game::extends_own_builder`] with the player's builder on the
    /// board: whether it stands on a road or city of the tile, placed
    /// before it. Out of line: most turns do not get here.
    #[inline(never)]
    fn builder_beside(&self, placed: &PlacedTile, player: Player) -> bool {
        let def = self.catalog.def(placed.tile);
        def.segments.iter().enumerate().any(|(i, seg)| {
            matches!(seg.kind, FeatureKind::Road | FeatureKind::City)
                && self
                    .features
                    .feature(node_of(placed, i as SegmentId))
                    .is_some_and(|f| {
                        f.followers().any(|x| {
                            x.player == player
                                && x.figure == Figure::Builder
                                && x.turn < placed.turn
                        })
                    })
        })
    }

    /// The goods tokens of the cities a tile just placed completes, by kind:
    /// those of the cities among the features it completed
    /// ([`Features::completed_by_last_tile`](crate::features::Features::completed_by_last_tile);
    /// most tiles complete none).
    #[inline(always)]
    pub(in crate::rules) fn goods_completed(&self) -> [u32; 3] {
        let features = &self.features;
        let done = features.completed_by_last_tile();
        let mut goods = [0; 3];
        for (i, r) in done.iter().enumerate() {
            let root = features.root(*r);
            let seen = done
                .get(..i)
                .unwrap_or_default()
                .iter()
                .any(|o| features.root(*o) == root);
            if seen {
                continue;
            }
            if let Some(f) = features.feature(root)
                && f.kind == FeatureKind::City
            {
                for (a, b) in goods.iter_mut().zip(f.goods) {
                    *a += u32::from(b);
                }
            }
        }
        goods
    }
}

/// The goods majorities at the end, added to `events`: one event per kind of
/// goods someone holds.
pub fn goods_scoring(game: &Game<'_>, events: &mut Vec<ScoreEvent>) {
    for g in Goods::ALL {
        let held = game
            .goods()
            .iter()
            .map(|(p, tokens)| (p, tokens.get(g.index()).copied().unwrap_or(0)));
        let (strength, winners) = majority(held);
        if winners.is_empty() {
            continue;
        }
        events.push(ScoreEvent::goods(
            g,
            strength,
            winners,
            GOODS_MAJORITY_POINTS,
        ));
    }
}

/// The arguments of a `@goods` event: `wine+N,grain+N,cloth+N`, kinds with none
/// left out, in that order.
pub fn goods_args(goods: [u32; 3]) -> String {
    Goods::ALL
        .iter()
        .zip(goods)
        .filter(|(_, n)| *n > 0)
        .map(|(g, n)| format!("{g}+{n}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads the arguments of a `@goods` event (the form [`goods_args`] writes; each
/// kind at most once, in any order).
pub fn parse_goods_args(args: &str) -> Option<[u32; 3]> {
    let mut goods = [0u32; 3];
    let mut seen = [false; 3];
    for item in args.split(',') {
        let (kind, n) = item.split_once('+')?;
        let kind: Goods = kind.parse().ok()?;
        if !n.bytes().all(|b| b.is_ascii_digit()) || n.is_empty() {
            return None;
        }
        let n: u32 = n.parse().ok()?;
        let i = kind.index();
        if std::mem::replace(seen.get_mut(i)?, true) {
            return None;
        }
        *goods.get_mut(i)? = n;
    }
    Some(goods)
}

/// The players among a farm's winners whose pig stands in one of the fields.
pub fn pig_owners<'f>(
    fields: impl IntoIterator<Item = FeatureView<'f>> + Clone,
    winners: &[Player],
) -> crate::score::PlayerList {
    winners
        .iter()
        .copied()
        .filter(|p| fields.clone().into_iter().any(|f| has_pig(f, *p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goods_arguments_round_trip() {
        assert_eq!(goods_args([1, 2, 0]), "wine+1,grain+2");
        assert_eq!(parse_goods_args("wine+1,grain+2"), Some([1, 2, 0]));
        assert_eq!(parse_goods_args("grain+2,wine+1"), Some([1, 2, 0]));
        assert_eq!(parse_goods_args("wine+1,wine+1"), None);
        assert_eq!(parse_goods_args("gold+1"), None);
        assert_eq!(parse_goods_args("wine"), None);
        assert_eq!(parse_goods_args("wine+-1"), None);
    }

    /// The goods a tile's turn takes, read from the features it completed,
    /// are those of the complete cities its own city segments belong to,
    /// each city once, after every turn of generated games.
    #[test]
    fn the_goods_taken_are_those_of_the_cities_the_tile_completes() {
        use crate::notation::TurnInput;
        use crate::rules::generated_games::{EVERY_EXPANSION, games};
        use crate::tiles::TileCatalog;
        let catalog = TileCatalog::embedded().expect("the catalog");
        let mut taken = 0;
        for (sets, seed, mut game, record) in games(
            &catalog,
            &["traders-and-builders", EVERY_EXPANSION],
            0..4,
            11,
        ) {
            for t in &record.turns {
                let tiles = game.board.len();
                let mv = game.check_due(&TurnInput::of(t)).expect("a legal turn");
                game.apply(mv);
                let mut expected = [0u32; 3];
                if game.board.len() > tiles
                    && let Some(placed) = game.board.tiles().last()
                {
                    let def = catalog.def(placed.tile);
                    let mut seen = Vec::new();
                    for (i, seg) in def.segments.iter().enumerate() {
                        let node = node_of(placed, i as SegmentId);
                        let root = game.features.root(node);
                        if seg.kind != FeatureKind::City
                            || seen.contains(&root)
                            || !game.features.is_complete(node)
                        {
                            continue;
                        }
                        seen.push(root);
                        if let Some(f) = game.features.feature(node) {
                            for (a, b) in expected.iter_mut().zip(f.goods) {
                                *a += u32::from(b);
                            }
                        }
                    }
                }
                taken += expected.iter().sum::<u32>();
                assert_eq!(
                    game.exp.traders.turn_goods, expected,
                    "{sets}, seed {seed}, turn {}",
                    t.number.value
                );
            }
        }
        assert!(taken > 0, "some goods taken");
    }
}
