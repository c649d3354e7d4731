//! Mage & Witch (the 2012 Z-Man big box, "Mage & Witch"): two neutral magic
//! pawns, placed or moved whenever a magic tile is placed, onto incomplete
//! roads and cities; the mage raises the points of the feature it stands on,
//! the witch halves them.
//!
//! Rulebook: "Whenever a player draws a Magic tile (with the icon on the
//! left), he places it as usual. Before placing one of his followers, the
//! player must place or move either the mage or the witch (collectively
//! called “magic pawns”). He must place either of the magic pawns on an
//! incomplete road or an incomplete city. The mage and the witch can never
//! occupy the same city or road. If both the mage and the witch are already
//! in play, one of them must be moved according the rules mentioned above.
//! Once the magic pawn placement is resolved, the player can place one of
//! his followers."
//!
//! The notation (SPEC 6.10): the pawn's step is the act `mage:x,y/SPOT` or
//! `witch:x,y/SPOT` (`mage:SPOT` on the tile just placed), or `mage:-` /
//! `witch:-` when it leaves the board for want of a place, before the
//! figure. A pawn stands on a segment of a tile, not on a feature as a whole:
//! the rules of other expansions (ferries) split a road again, and the pawn
//! then stays with the part it stands on.

use smallvec::SmallVec;

use crate::board::Pos;
use crate::features::{FeatureId, NodeId, node_of};
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken, TargetToken};
use crate::rules::{Act, Game, Placing, Step, TurnActions, Violation};
use crate::score::{ScoreEvent, ScoreReason};
use crate::tiles::{FeatureKind, SegmentId, Spot, Symbol};

/// The two magic pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pawn {
    /// The mage: "gives 1 point per tile in the scored feature".
    Mage,
    /// The witch: "divides in half the points of the scored feature
    /// (rounded up, in favor of the player)".
    Witch,
}

impl Pawn {
    /// Both pawns, mage first.
    pub const ALL: [Pawn; 2] = [Pawn::Mage, Pawn::Witch];

    /// The notation name: the verb of its step.
    pub fn name(self) -> &'static str {
        match self {
            Pawn::Mage => "mage",
            Pawn::Witch => "witch",
        }
    }

    /// The pawn of a verb.
    pub fn from_name(name: &str) -> Option<Pawn> {
        Pawn::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The other pawn.
    pub fn other(self) -> Pawn {
        match self {
            Pawn::Mage => Pawn::Witch,
            Pawn::Witch => Pawn::Mage,
        }
    }
}

impl std::fmt::Display for Pawn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a magic pawn stands: a segment of a placed tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stand {
    /// The tile's square.
    pub pos: Pos,
    /// The segment's node.
    pub node: NodeId,
}

/// What Mage & Witch keeps during a game: where each pawn stands (`None`: off
/// the board, in the box until a magic tile brings it in).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Magic {
    /// The mage.
    pub(in crate::rules) mage: Option<Stand>,
    /// The witch.
    pub(in crate::rules) witch: Option<Stand>,
}

impl Magic {
    /// Where a pawn stands, if on the board.
    pub fn stand(&self, pawn: Pawn) -> Option<Stand> {
        match pawn {
            Pawn::Mage => self.mage,
            Pawn::Witch => self.witch,
        }
    }

    fn set(&mut self, pawn: Pawn, to: Option<Stand>) {
        match pawn {
            Pawn::Mage => self.mage = to,
            Pawn::Witch => self.witch = to,
        }
    }
}

/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): a magic tile, which brings a
/// pawn in or moves one.
pub(in crate::rules) fn concerns_quiet_turn(def: &crate::tiles::TileDef) -> bool {
    def.symbol == Some(Symbol::Mage)
}

/// The witch's points: "The witch divides in half the points of the scored
/// feature (rounded up, in favor of the player)"; the player aid: "1/2 points
/// (rounded up after counting the total)".
pub fn witch_points(points: u32) -> u32 {
    points.div_ceil(2)
}

/// The mage's points: "The mage gives 1 point per tile in the scored
/// feature", also an incomplete road with an inn or city with a cathedral at
/// the end ("each tile will be worth 1 point (in this situation, a banner in a
/// city is still worth 0 points)").
pub fn mage_points(tiles: u32) -> u32 {
    tiles
}

/// A pawn's step as written: onto a target, or off the board (`-`).
enum Written {
    To(Option<Pos>, Spot),
    Off,
}

/// The argument of `mage:…` / `witch:…`.
fn written(act: &ActToken<'_>) -> Option<Written> {
    match act.arg.as_ref() {
        Some(ArgToken::Nothing) => Some(Written::Off),
        Some(ArgToken::At {
            figure: None,
            target:
                TargetToken {
                    pos,
                    place: Some(place),
                },
        }) => match *place {
            Place::Spot(spot) => Some(Written::To(*pos, spot)),
            Place::Tower | Place::Ends(..) => None,
        },
        _ => None,
    }
}

impl Game<'_> {
    /// Mage & Witch's state, when in play: where each pawn stands.
    ///
    /// A pawn leaves the board when a tile completes its road or city
    /// ("After affecting a scored feature, the magic pawn is removed from the
    /// board"): the game does not take it off when it plays the tile, which
    /// would cost every turn of every game a test, but a pawn whose feature is
    /// completed is off the board from then on, here and wherever the rules
    /// look. A pawn stands only on incomplete features, and a feature is
    /// completed by one tile once, so this is the same.
    pub fn magic(&self) -> Option<Magic> {
        let mut magic = self.exp.magic?;
        for pawn in Pawn::ALL {
            if magic
                .stand(pawn)
                .is_some_and(|s| self.features.is_complete(s.node))
            {
                magic.set(pawn, None);
            }
        }
        Some(magic)
    }

    /// Whether where the pawns stand makes every turn written without
    /// actions one these rules look at ([`super::concern`]): with both on
    /// the board, in one feature or in features of one kind, a tile may
    /// join the mage's feature to the witch's, and one of them must then
    /// move. A road and a city never join.
    pub(in crate::rules) fn magic_concerns_quiet_turns(&self) -> bool {
        let Some(Magic {
            mage: Some(mage),
            witch: Some(witch),
        }) = self.exp.magic
        else {
            return false;
        };
        self.features.root(mage.node) == self.features.root(witch.node)
            || self.features.kind_of(mage.node) == self.features.kind_of(witch.node)
    }

    /// Whether a tile shows the magic symbol.
    fn is_magic_tile(&self, tile: crate::tiles::TileId) -> bool {
        self.catalog.def(tile).symbol == Some(Symbol::Mage)
    }

    /// Whether the tile being placed joins the mage's feature to the
    /// witch's. Rulebook: "Special case: If after placing a tile the mage and
    /// the witch end up in the same city or on the same road, the active
    /// player must move one of them."
    fn joins_the_pawns(&self, magic: &Magic, placing: &Placing) -> bool {
        let (Some(mage), Some(witch)) = (magic.mage, magic.witch) else {
            return false;
        };
        let (a, b) = (
            self.features.root(mage.node),
            self.features.root(witch.node),
        );
        if a == b {
            return true;
        }
        // Only features of one kind join: a road and a city never do.
        let kind = self.features.kind_of(mage.node);
        if kind != self.features.kind_of(witch.node) {
            return false;
        }
        // Two features join through a segment of the tile that meets both (or
        // meets a third that a second such segment meets): one of their kind
        // that reaches two sides or more. A tile with none is told so
        // without its pairs.
        kind.is_some_and(|k| self.may_join(k, placing.tile)) && self.joins_by_pairs(a, b, placing)
    }

    /// Whether a tile has a segment of `kind` that reaches two of its sides
    /// or more: only such a segment joins two features of the kind.
    fn may_join(&self, kind: FeatureKind, tile: crate::tiles::TileId) -> bool {
        self.catalog
            .def(tile)
            .segments
            .iter()
            .any(|s| s.kind == kind && s.edges.count_ones() >= 2)
    }

    /// Whether the tile of `placing` joins the features of roots `a` and
    /// `b`, read from its pairs, without placing it: most tiles meet neither
    /// feature, and are told so from the pairs alone.
    fn joins_by_pairs(&self, a: FeatureId, b: FeatureId, placing: &Placing) -> bool {
        let pairs = self.edge_pairs(placing);
        let meets = |root: FeatureId| pairs.iter().any(|&(_, r)| r == root);
        meets(a) && meets(b) && self.joined_with_root(a, pairs).holds(b)
    }

    /// The game with the tile of `placing` on the board, its features joined,
    /// and nothing else played: where a pawn may go is judged on it.
    fn with_tile_placed(&self, placing: &Placing) -> Self {
        let mut copy = self.clone();
        copy.set_explanations(false);
        copy.put_tile(
            placing.tile,
            placing.pos,
            placing.rotation,
            self.turn.saturating_add(1),
        );
        copy
    }

    /// The roots of the features the pawns stand on.
    fn pawn_roots(&self, magic: &Magic) -> [Option<FeatureId>; 2] {
        Pawn::ALL.map(|p| magic.stand(p).map(|s| self.features.root(s.node)))
    }

    /// Whether a segment may take a pawn: a road or city, incomplete, and no
    /// pawn on its feature ("He must place either of the magic pawns on an
    /// incomplete road or an incomplete city. The mage and the witch can
    /// never occupy the same city or road"). A pawn moves to another feature:
    /// one holding a pawn, its own included, is no place for it.
    fn takes_a_pawn(&self, node: NodeId, roots: &[Option<FeatureId>; 2]) -> Result<(), String> {
        let Some(f) = self.features.feature(node) else {
            return Err("no feature there".to_string());
        };
        if !matches!(f.kind, FeatureKind::Road | FeatureKind::City) {
            return Err(format!(
                "a magic pawn goes on a road or a city, not a {}",
                f.kind
            ));
        }
        if f.is_complete() {
            return Err(format!("the {} is completed", f.kind));
        }
        let root = self.features.root(node);
        for (pawn, r) in Pawn::ALL.into_iter().zip(roots) {
            if *r == Some(root) {
                return Err(format!("the {pawn} stands on that {} already", f.kind));
            }
        }
        Ok(())
    }

    /// [`Game::takes_a_pawn`] on the board the tile of `placing` leaves, read
    /// from the board as it is (`rules::completion`), without placing the
    /// tile ("He must place either of the magic pawns on an incomplete road
    /// or an incomplete city. The mage and the witch can never occupy the
    /// same city or road", the tile just placed counted): the segment at
    /// `spot` of the tile on `pos` (the tile of `placing` itself, or one on
    /// the board), as its node will be.
    fn pawn_place_after(
        &self,
        magic: &Magic,
        placing: &Placing,
        pos: Pos,
        spot: Spot,
    ) -> Result<NodeId, String> {
        let new = pos == placing.pos;
        let (tile, rotation, first) = if new {
            // The tile's nodes come after every node on the board.
            (placing.tile, placing.rotation, self.features.node_count())
        } else {
            let placed = self
                .board
                .at(pos)
                .ok_or_else(|| format!("no tile at {pos}"))?;
            (placed.tile, placed.rotation, placed.first_node)
        };
        let def = self.catalog.def(tile);
        let seg = spot
            .segment(def, rotation)
            .ok_or_else(|| format!("the tile at {pos} has nothing at {spot}"))?;
        let node = first + NodeId::from(seg);
        let pairs = self.edge_pairs(placing);
        let (kind, joined) = if new {
            let segment = def
                .segments
                .get(usize::from(seg))
                .ok_or_else(|| "no feature there".to_string())?;
            (segment.kind, self.joined_with_segment(seg, pairs))
        } else {
            let f = self
                .features
                .feature(node)
                .ok_or_else(|| "no feature there".to_string())?;
            (
                f.kind,
                self.joined_with_root(self.features.root(node), pairs),
            )
        };
        if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
            return Err(format!(
                "a magic pawn goes on a road or a city, not a {kind}"
            ));
        }
        if self.open_edges_of(&joined, placing, pairs) == 0 {
            return Err(format!("the {kind} is completed"));
        }
        for pawn in Pawn::ALL {
            if magic
                .stand(pawn)
                .is_some_and(|s| joined.holds(self.features.root(s.node)))
            {
                return Err(format!("the {pawn} stands on that {kind} already"));
            }
        }
        Ok(node)
    }

    /// Whether some segment of the board may take a pawn.
    fn has_a_place(&self, roots: &[Option<FeatureId>; 2]) -> bool {
        (0..self.board.len()).any(|i| {
            let Some(placed) = u32::try_from(i).ok().and_then(|i| self.board.tile(i)) else {
                return false;
            };
            let def = self.catalog.def(placed.tile);
            (0..def.segments.len()).any(|s| {
                SegmentId::try_from(s)
                    .is_ok_and(|s| self.takes_a_pawn(node_of(placed, s), roots).is_ok())
            })
        })
    }

    /// `mage:x,y/SPOT`, `witch:x,y/SPOT`, `mage:-`, `witch:-`: the turn's
    /// magic pawn placed, moved, or taken off the board, before the figure
    /// ("Before placing one of his followers"). Due on a magic tile, and on a
    /// tile that joins the pawns' features ("the active player must move one
    /// of them … the magic pawn is moved before scoring the feature(s)"),
    /// once either way: one move parts the pawns. Off the board only where no
    /// road or city may take it ("if this is not possible … the player must
    /// remove one of the two magic pawns from play").
    ///
    /// # Errors
    /// [`Violation::MagicPawn`].
    pub(in crate::rules) fn check_magic(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: String| Violation::MagicPawn { step, reason };
        let Some(magic) = self.magic() else {
            return Err(Violation::UnknownAction { step });
        };
        let Some(pawn) = Pawn::from_name(act.word) else {
            return Err(Violation::UnknownAction { step });
        };
        if act.player.is_some() {
            return Err(fault(
                "the turn's player moves the magic pawns: no player is written".to_string(),
            ));
        }
        if turn.magic {
            return Err(fault(
                "one magic pawn is placed or moved a turn, once".to_string(),
            ));
        }
        if turn.figure {
            return Err(fault(
                "the magic pawn is placed or moved before the figure".to_string(),
            ));
        }
        let magic_tile = self.is_magic_tile(placing.tile);
        let joined = self.joins_the_pawns(&magic, placing);
        if !magic_tile && !joined {
            return Err(fault(
                "a magic pawn moves only with a magic tile, or when the tile joins the mage's feature to the witch's".to_string(),
            ));
        }
        let here = magic.stand(pawn);
        if joined && here.is_none() {
            return Err(fault(format!(
                "the tile joins the mage and the witch: one of them moves, not the {pawn} from the box"
            )));
        }
        let syntax = || {
            fault(format!(
                "a magic pawn goes on a road or city: {pawn}:x,y/SPOT, or {pawn}:- off the board"
            ))
        };
        let to = match written(act).ok_or_else(syntax)? {
            Written::Off => {
                if here.is_none() {
                    return Err(fault(format!("the {pawn} is not on the board")));
                }
                // Every road and city of the board looked at: on a copy with
                // the tile placed (a pawn leaves the board seldom).
                let after = self.with_tile_placed(placing);
                if after.has_a_place(&after.pawn_roots(&magic)) {
                    return Err(fault(format!(
                        "a road or city may still take a magic pawn: the {pawn} leaves the board only when none may"
                    )));
                }
                None
            }
            Written::To(pos, spot) => {
                let pos = pos.unwrap_or(placing.pos);
                let node = self
                    .pawn_place_after(&magic, placing, pos, spot)
                    .map_err(fault)?;
                Some(Stand { pos, node })
            }
        };
        turn.magic = true;
        Ok(Step {
            actor: placing.player,
            act: Act::Magic { pawn, to },
        })
    }

    /// The end of a turn's actions: the magic pawn's step written where it
    /// is due (a magic tile, unless no pawn is on the board and no road or
    /// city may take one; a tile joining the pawns' features).
    ///
    /// # Errors
    /// [`Violation::MagicPawnMissing`].
    pub(in crate::rules) fn check_magic_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        let Some(magic) = self.magic() else {
            return Ok(());
        };
        if turn.magic {
            return Ok(());
        }
        if self.joins_the_pawns(&magic, placing) {
            return Err(Violation::MagicPawnMissing { joined: true });
        }
        if !self.is_magic_tile(placing.tile) {
            return Ok(());
        }
        let idle = magic.mage.is_none() && magic.witch.is_none() && {
            let after = self.with_tile_placed(placing);
            !after.has_a_place(&after.pawn_roots(&magic))
        };
        if idle {
            return Ok(());
        }
        Err(Violation::MagicPawnMissing { joined: false })
    }

    /// The pawn steps a turn may write with `tile` placed at `pos`, turned
    /// `rotation`, by the player whose turn it is: each pawn that may go, on
    /// each segment of a road or city that may take it (`Some`), or off the
    /// board where none may (`None`). Empty where no step is due (`gen`,
    /// `moves`).
    pub fn magic_steps(
        &self,
        tile: crate::tiles::TileId,
        pos: Pos,
        rotation: crate::tiles::Rotation,
    ) -> Vec<(Pawn, Option<(Pos, Spot)>)> {
        let Some(magic) = self.magic() else {
            return Vec::new();
        };
        let placing = self.next_placing(tile, pos, rotation);
        let joined = self.joins_the_pawns(&magic, &placing);
        if !joined && !self.is_magic_tile(tile) {
            return Vec::new();
        }
        // With the pawns' features joined, one of the two moves; else either
        // goes, from the board or from the box.
        let pawns: Vec<Pawn> = Pawn::ALL
            .into_iter()
            .filter(|p| !joined || magic.stand(*p).is_some())
            .collect();
        let after = self.with_tile_placed(&placing);
        let roots = after.pawn_roots(&magic);
        let mut places = Vec::new();
        for i in 0..after.board.len() {
            let Some(placed) = u32::try_from(i).ok().and_then(|i| after.board.tile(i)) else {
                continue;
            };
            let def = after.catalog.def(placed.tile);
            for s in 0..def.segments.len() {
                let Ok(s) = SegmentId::try_from(s) else {
                    continue;
                };
                let node = node_of(placed, s);
                if after.takes_a_pawn(node, &roots).is_ok()
                    && let Some(spot) = after.pawn_spot(Stand {
                        pos: placed.pos,
                        node,
                    })
                {
                    places.push((placed.pos, spot));
                }
            }
        }
        if places.is_empty() {
            return Pawn::ALL
                .into_iter()
                .filter(|p| magic.stand(*p).is_some())
                .map(|p| (p, None))
                .collect();
        }
        pawns
            .into_iter()
            .flat_map(|p| places.iter().map(move |at| (p, Some(*at))))
            .collect()
    }

    /// Plays a checked pawn step.
    pub(in crate::rules) fn apply_magic_step(&mut self, pawn: Pawn, to: Option<Stand>) {
        if let Some(m) = &mut self.exp.magic {
            m.set(pawn, to);
        }
    }

    /// The pawn, if any, on the feature of a node: the mage before the witch.
    fn pawns_on(&self, magic: &Magic, node: NodeId) -> impl Iterator<Item = Pawn> {
        let root = self.features.root(node);
        let roots = self.pawn_roots(magic);
        Pawn::ALL
            .into_iter()
            .zip(roots)
            .filter(move |(_, r)| *r == Some(root))
            .map(|(p, _)| p)
    }

    /// [`Phase::Score`](super::Phase::Score) and
    /// [`Phase::FinalScoring`](super::Phase::FinalScoring): the pawns' effect on
    /// the roads and cities scored in `events` from `first` on, completed or
    /// (at the end) incomplete. "When a road or city occupied by the mage or
    /// the witch is completed, the magic pawn affects scoring as described
    /// below: • The mage gives 1 point per tile in the scored feature. • The
    /// witch divides in half the points of the scored feature (rounded up, in
    /// favor of the player)." "The effect of the mage and the witch still
    /// applies during the final scoring." The mage's points are an event of
    /// their own (`reason: mage`), to the feature's majority holders; the
    /// witch halves the feature's event itself (its points are no gain of
    /// anyone's). The mage and the witch share a feature only where a ferry
    /// joined their roads (The Ferries): the mage's points are then added
    /// first and the witch halves the total.
    pub(in crate::rules) fn magic_scored(&self, events: &mut Vec<ScoreEvent>, first: usize) {
        let Some(magic) = self.exp.magic else {
            return;
        };
        if magic.mage.is_none() && magic.witch.is_none() {
            return;
        }
        let mut bonus = Vec::new();
        for e in events.iter_mut().skip(first) {
            if !matches!(e.reason, ScoreReason::Completed | ScoreReason::Incomplete)
                || !matches!(e.kind, FeatureKind::Road | FeatureKind::City)
            {
                continue;
            }
            let pawns: SmallVec<[Pawn; 2]> = self.pawns_on(&magic, e.node).collect();
            let mage = pawns
                .contains(&Pawn::Mage)
                .then(|| mage_points(self.features.tile_count(e.node)));
            if pawns.contains(&Pawn::Witch) {
                // Both on one road only where a ferry joined their roads
                // after the last tile (The Ferries): the mage's points are
                // added first and the witch halves the total, as
                // JCloisterZone does; the mage's item keeps its share.
                let whole = witch_points(e.points + mage.unwrap_or(0));
                e.points = witch_points(e.points);
                e.witch = true;
                if mage.is_some() {
                    bonus.push(ScoreEvent::mage(e, whole.saturating_sub(e.points)));
                }
            } else if let Some(points) = mage {
                bonus.push(ScoreEvent::mage(e, points));
            }
        }
        events.extend(bonus);
    }

    /// The spot a pawn stands on, as its tile is placed.
    pub fn pawn_spot(&self, stand: Stand) -> Option<Spot> {
        let placed = self.board.at(stand.pos)?;
        let def = self.catalog.def(placed.tile);
        let seg = self.features.segment_of(stand.node)?;
        Spot::all().find(|s| s.segment(def, placed.rotation) == Some(seg))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tile without a segment of a kind that reaches two sides joins no
    /// two features of that kind (the test that spares the pawns' look at
    /// the pairs): every two features a tile meets, for the turn's tile and
    /// others at their legal places, on every turn of generated games.
    #[test]
    fn a_tile_joins_features_only_through_a_segment_of_two_sides() {
        use crate::notation::TurnInput;
        use crate::rules::generated_games::games;
        use crate::tiles::{TileCatalog, TileId};
        let catalog = TileCatalog::embedded().expect("the catalog");
        let (mut joined, mut spared) = (0, 0);
        for (sets, seed, mut game, record) in games(
            &catalog,
            &[
                "mage-and-witch",
                "mage-and-witch,princess-and-dragon,ferries,crop-circles-1",
            ],
            0..3,
            5,
        ) {
            for (i, t) in record.turns.iter().enumerate() {
                let mv = game.check_due(&TurnInput::of(t)).expect("a legal turn");
                let tiles = (0..catalog.len())
                    .filter(|k| (k + i) % 23 == 0)
                    .map(|k| TileId(k as u16))
                    .chain(std::iter::once(mv.tile));
                for tile in tiles {
                    for (pos, rotation) in game.legal_placements(tile) {
                        let placing = Placing::new(mv.player, tile, pos, rotation);
                        let met: Vec<FeatureId> =
                            game.edge_pairs(&placing).iter().map(|&(_, r)| r).collect();
                        for &a in &met {
                            for &b in met.iter().filter(|&&b| b != a) {
                                let Some(kind) = game.features.kind_of(a) else {
                                    continue;
                                };
                                if game.features.kind_of(b) != Some(kind) {
                                    continue;
                                }
                                let by_pairs = game.joins_by_pairs(a, b, &placing);
                                if !game.may_join(kind, tile) {
                                    assert!(!by_pairs, "{sets}, seed {seed}, turn {}", i + 1);
                                    spared += 1;
                                }
                                joined += usize::from(by_pairs);
                            }
                        }
                    }
                }
                game.apply(mv);
            }
        }
        assert!(
            joined > 100 && spared > 100,
            "{joined} joined, {spared} spared"
        );
    }

    #[test]
    fn the_witch_rounds_up() {
        // "divides in half the points of the scored feature (rounded up, in
        // favor of the player)": the rulebook's road of 5 tiles scores 3.
        assert_eq!(witch_points(5), 3);
        assert_eq!(witch_points(4), 2);
        assert_eq!(witch_points(1), 1);
        assert_eq!(witch_points(0), 0);
    }

    #[test]
    fn the_mage_adds_a_point_a_tile() {
        // "It would normally be worth 20 points (8 tiles + 2 banners, both
        // worth 2 points each). However, the mage adds 8 points".
        assert_eq!(20 + mage_points(8), 28);
        // "The road where Red is is comprised of 3 tiles. Red scores 6 points".
        assert_eq!(3 + mage_points(3), 6);
    }

    #[test]
    fn pawns_by_name() {
        assert_eq!(Pawn::from_name("mage"), Some(Pawn::Mage));
        assert_eq!(Pawn::from_name("witch"), Some(Pawn::Witch));
        assert_eq!(Pawn::from_name("wizard"), None);
        assert_eq!(Pawn::Mage.other(), Pawn::Witch);
    }
}
