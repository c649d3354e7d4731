//! Follower placement: which spot of the placed tile a follower may take.

use super::{FollowerMove, Game, Violation};
use crate::board::Pos;
use crate::features::{FeatureId, for_each_neighbour_pair};
use crate::figures::Figure;
use crate::player::Player;
use crate::tiles::{Rotation, SegmentId, Side, Spot, TileDef, TileId};

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
    /// `ransomed` is a follower a ransom of the same turn put back in the
    /// player's supply (The Tower), counted as there.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_follower(
        &self,
        player: Player,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        figure: Option<&str>,
        spot: Spot,
        ransomed: Option<Figure>,
    ) -> Result<FollowerMove, Violation> {
        // The basic game has only the plain follower; expansion figures are
        // written with a figure name (see SPEC, follower_spec).
        let figure = match figure {
            None => Figure::Follower,
            Some(name) => match Figure::from_notation(name)
                .filter(|f| f.expansion().is_some_and(|e| self.expansions.contains(e)))
            {
                Some(figure) => figure,
                None => return Err(Violation::FigureNotInPlay),
            },
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
        self.check_figure(player, figure, def, pos, rotation, segment, ransomed)?;
        Ok(FollowerMove { segment, figure })
    }

    /// Checks a figure on a segment of the tile being placed: the player has one
    /// in supply, and the feature admits it.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn check_figure(
        &self,
        player: Player,
        figure: Figure,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
        ransomed: Option<Figure>,
    ) -> Result<(), Violation> {
        self.check_in_hand(player, figure, ransomed)?;
        match figure {
            Figure::Follower | Figure::Big => self.check_unoccupied(def, pos, rotation, segment),
            Figure::Builder | Figure::Pig => {
                self.check_special_figure(player, figure, def, pos, rotation, segment)
            }
        }
    }

    /// Whether `player` has a `figure` to place: in his supply, or ransomed
    /// back this turn (The Tower).
    ///
    /// # Errors
    /// [`Violation::NoFollowersLeft`] for the plain follower,
    /// [`Violation::FigureInUse`] for another figure, naming the turn that
    /// placed it.
    pub(in crate::rules) fn check_in_hand(
        &self,
        player: Player,
        figure: Figure,
        ransomed: Option<Figure>,
    ) -> Result<(), Violation> {
        if self.in_hand.get(player).map_or(0, |s| s.count(figure)) > 0 || ransomed == Some(figure) {
            return Ok(());
        }
        if figure == Figure::Follower {
            return Err(Violation::NoFollowersLeft);
        }
        let by_turn = self.placed_figure(player, figure).unwrap_or(0);
        Err(Violation::FigureInUse { figure, by_turn })
    }

    /// A figure named for a follower's place (`big`), or the plain follower
    /// when none is named: a normal or large follower of an expansion in
    /// play, else `None`.
    pub(in crate::rules) fn follower_named(&self, name: Option<&str>) -> Option<Figure> {
        match name {
            None => Some(Figure::Follower),
            Some(n) => Figure::from_notation(n).filter(|f| {
                f.is_follower() && f.expansion().is_some_and(|e| self.expansions.contains(e))
            }),
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
                    .check_figure(player, figure, def, pos, rotation, segment, None)
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
        let pairs = self.neighbour_pairs(def, pos, rotation, segment);
        // Most segments meet no feature that holds a follower: whatever joins,
        // nothing is occupied then.
        if !pairs
            .as_slice()
            .iter()
            .any(|&(_, root)| self.features.feature(root).is_some_and(|f| f.is_held()))
        {
            return Ok(());
        }
        // The earliest follower of all the features joined is the one named.
        let first = group_of(&pairs, segment)
            .iter()
            .filter_map(|&root| self.features.feature(root))
            .flat_map(|f| {
                f.followers()
                    .filter(|x| x.figure.is_follower())
                    .map(move |x| (x.turn, x.player, f.kind))
            })
            .min_by_key(|(turn, ..)| *turn);
        match first {
            Some((by_turn, owner, kind)) => Err(Violation::FeatureAlreadyOccupied {
                kind,
                by_turn,
                owner,
            }),
            None => Ok(()),
        }
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
        group_of(&self.neighbour_pairs(def, pos, rotation, segment), segment)
    }

    /// Every pair a tile about to be placed would join, as a segment of ours (as
    /// its bit) and the root of a neighbour's feature; none when `segment`
    /// reaches no neighbouring tile, for it joins nothing then, whatever the
    /// tile's other segments meet.
    #[inline(always)]
    fn neighbour_pairs(
        &self,
        def: &TileDef,
        pos: Pos,
        rotation: Rotation,
        segment: SegmentId,
    ) -> Pairs {
        // Most followers go on a segment that reaches no neighbouring tile:
        // told from the tile's sides and the squares taken around it, before
        // any pair is looked for.
        let faces = &def.at(rotation).faces;
        let taken = self.board.taken_sides(pos);
        if !Side::ALL
            .into_iter()
            .any(|side| taken & side.bit() != 0 && faces.side(side).reached_by(segment))
        {
            return Pairs::default();
        }
        // Four edges and eight half-edges make at most twelve.
        let mut pairs = Pairs::default();
        for_each_neighbour_pair(
            self.catalog,
            &self.board,
            def,
            pos,
            rotation,
            |ours, node, _| {
                if let Some(p) = pairs.items.get_mut(pairs.len) {
                    *p = (bit(ours), node);
                    pairs.len += 1;
                }
            },
        );
        for (_, node) in pairs.items.iter_mut().take(pairs.len) {
            *node = self.features.root(*node);
        }
        pairs
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

/// A segment's bit.
fn bit(s: SegmentId) -> u32 {
    1u32.checked_shl(u32::from(s)).unwrap_or(0)
}

/// The pairs a tile about to be placed would join (`Game::neighbour_pairs`),
/// kept on the stack.
#[derive(Debug, Clone, Copy, Default)]
struct Pairs {
    items: [(u32, FeatureId); 12],
    len: usize,
}

impl Pairs {
    /// The pairs found.
    fn as_slice(&self) -> &[(u32, FeatureId)] {
        self.items.get(..self.len).unwrap_or(&[])
    }
}

/// The roots of the features a segment joins, among the pairs its tile joins:
/// those met by the segment, and by every segment of the tile that meets one of
/// them, and so on.
fn group_of(pairs: &Pairs, segment: SegmentId) -> Roots {
    let pairs = pairs.as_slice();
    // Grow to a fixed point: a pair joins the group when its segment is in the
    // group or its feature is; a joining pair brings both in.
    // The pairs whose feature is in the group are kept as bits too, so that
    // neither test looks through the group.
    let mut segments = bit(segment);
    let mut joined = 0u16;
    let mut in_group = 0u16;
    let mut group = Roots::default();
    let mut grew = true;
    while grew {
        grew = false;
        for (i, &(s, root)) in pairs.iter().enumerate() {
            let mask = 1u16 << i;
            if joined & mask != 0 || (segments & s == 0 && in_group & mask == 0) {
                continue;
            }
            joined |= mask;
            segments |= s;
            if in_group & mask == 0 {
                group.push(root);
                for (j, &(_, r)) in pairs.iter().enumerate() {
                    if r == root {
                        in_group |= 1 << j;
                    }
                }
            }
            grew = true;
        }
    }
    group
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

    /// Adds a root known not to be in the set yet.
    fn push(&mut self, r: FeatureId) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = r;
            self.len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Edition, Setup, TurnInput};
    use crate::tiles::TileCatalog;

    /// Rulebook (2012, "Placing new followers"): a follower may not go "on a
    /// road, in a city or in a field if that section is connected to another
    /// tile where there already is a follower". A section that meets no other
    /// tile is connected to none, whatever the tile's other sections join.
    #[test]
    fn a_section_meeting_no_tile_is_free_beside_an_occupied_one() {
        let catalog = TileCatalog::embedded().unwrap();
        let setup = Setup {
            players: vec!["Ann".into(), "Bob".into()],
            colours: vec![None, None],
            edition: Edition::HiG2012,
            sets: vec!["basic".into()],
            variants: Default::default(),
            scenario: Default::default(),
        };
        let mut game = Game::new(setup, &catalog);
        let turn = |number, player, tile, x, spot: &str| TurnInput {
            number,
            player,
            tile,
            place: Some((Pos::new(x, 0), Rotation::R0)),
            figure: Some((None, spot.parse().unwrap())),
            aside: false,
            steps: crate::notation::act::TurnSteps::NONE,
        };
        // Ann's thief on a straight road east of the start tile's road.
        let mv = game.check(&turn(1, "Ann", "U", 1, "E")).unwrap();
        game.apply(mv);
        // Bob's D east of it: its road joins Ann's, its city meets no tile
        // (nothing lies north of it), its southern field joins a free field.
        let occupied = game.check(&turn(2, "Bob", "D", 2, "W"));
        assert!(
            matches!(
                occupied,
                Err(Violation::FeatureAlreadyOccupied {
                    by_turn: 1,
                    owner: Player(0),
                    ..
                })
            ),
            "{occupied:?}"
        );
        for spot in ["N", "SSE", "SSW"] {
            assert!(game.check(&turn(2, "Bob", "D", 2, spot)).is_ok(), "{spot}");
        }
        let legal = game.legal_followers(
            Player(1),
            catalog.id("D").unwrap(),
            Pos::new(2, 0),
            Rotation::R0,
        );
        // The city and both fields (each joins a free field of Ann's tile);
        // not the road.
        let road = catalog
            .def(catalog.id("D").unwrap())
            .segments
            .iter()
            .position(|s| s.kind == crate::tiles::FeatureKind::Road);
        assert_eq!(legal.len(), 3, "{legal:?}");
        assert!(road.is_some_and(|r| !legal.contains(&(r as SegmentId))));
    }
}
