//! What a road, city or monastery is worth and the event of its scoring,
//! read from the board as it stands: the basic game's values, or an
//! expansion's where one changes them (`expansions/values.rs`), and the
//! completed cities a field touches. The engine's scoring (`scoring.rs`) asks
//! it, and so do the expansions that score a feature themselves (The
//! Messengers: "as you would at the end of the game") or look at farms (The
//! Princess & the Dragon: the fairy in a 2000 farm); it asks no expansion
//! module but those values, so that the expansions never import the scoring.

use smallvec::SmallVec;

use crate::board::Pos;
use crate::features::{FeatureId, FeatureView, NodeId, node_of};
use crate::rules::Game;
use crate::rules::expansions::values::{city_value_expansions, road_value_expansions};
use crate::score::{
    FeatureRef, PlayerList, ScoreEvent, ScoreReason, incomplete_city_points, majority,
    monastery_points, road_points, small_city_points,
};
use crate::tiles::{FeatureKind, SegmentId, Spot};

/// The name of the feature a node belongs to.
pub fn feature_ref(game: &Game<'_>, node: NodeId) -> FeatureRef {
    let features = game.features();
    let first = features.first_node_of(features.root(node));
    let placed = features.tile_of(first).and_then(|t| game.board().tile(t));
    let spot = placed.and_then(|p| {
        let def = game.catalog().def(p.tile);
        let seg = u8::try_from(first.saturating_sub(p.first_node)).ok()?;
        Spot::all().find(|s| s.segment(def, p.rotation) == Some(seg))
    });
    FeatureRef {
        pos: placed.map_or(Pos::new(0, 0), |p| p.pos),
        spot: spot.unwrap_or(Spot::Centre),
    }
}

/// The squares of the distinct tiles of the feature of a node.
pub(in crate::rules) fn positions(game: &Game<'_>, node: NodeId) -> Vec<Pos> {
    game.features()
        .distinct_tiles(node)
        .into_iter()
        .filter_map(|t| game.board().tile(t).map(|p| p.pos))
        .collect()
}

/// The square of a feature's first-placed tile.
pub(in crate::rules) fn first_pos(game: &Game<'_>, f: FeatureView<'_>) -> Pos {
    game.features()
        .tile_of(f.first)
        .and_then(|t| game.board().tile(t))
        .map_or(Pos::new(0, 0), |p| p.pos)
}

/// Points of a road feature: [`road_points`], or with an inn those of
/// `expansions::inns_and_cathedrals`.
pub(in crate::rules) fn road_value(f: FeatureView<'_>, tiles: u32, complete: bool) -> u32 {
    road_value_expansions(f, tiles, complete).unwrap_or_else(|| road_points(tiles))
}

/// Points of a city feature: [`completed_city_points`] or
/// [`incomplete_city_points`], or with a cathedral those of
/// `expansions::inns_and_cathedrals`.
pub(in crate::rules) fn city_value(
    tiny: bool,
    f: FeatureView<'_>,
    tiles: u32,
    complete: bool,
) -> u32 {
    if let Some(points) = city_value_expansions(f, tiles, complete) {
        points
    } else if complete {
        small_city_points(tiny, tiles, u32::from(f.pennants))
    } else {
        incomplete_city_points(tiles, u32::from(f.pennants))
    }
}

/// The tiles a monastery counts: its own and the placed ones around it.
pub(in crate::rules) fn monastery_tiles(game: &Game<'_>, pos: Pos) -> Vec<Pos> {
    std::iter::once(pos)
        .chain(pos.surrounding().filter(|p| game.board().is_occupied(*p)))
        .collect()
}

/// The event of a feature scoring; `points` gets the number of its distinct tiles.
pub(in crate::rules) fn feature_event(
    game: &Game<'_>,
    node: NodeId,
    f: FeatureView<'_>,
    turn: Option<u32>,
    reason: ScoreReason,
    points: impl FnOnce(u32) -> u32,
) -> ScoreEvent {
    let explain = game.explains();
    let tiles = if explain {
        positions(game, node)
    } else {
        Vec::new()
    };
    let count = if explain {
        tiles.len() as u32
    } else if matches!(f.kind, FeatureKind::Field | FeatureKind::Monastery) {
        // Farms score by the cities they touch, monasteries by the squares around
        // them, never by the tiles of the feature.
        0
    } else {
        game.features().tile_count(node)
    };
    let points = points(count);
    let (strength, winners) = majority(f.followers().map(|x| (x.player, x.strength())));
    ScoreEvent {
        turn,
        kind: f.kind,
        reason,
        node,
        at: explain.then(|| feature_ref(game, node)),
        goods: None,
        tiles,
        pennants: u32::from(f.pennants),
        inns: u32::from(f.inns),
        cathedrals: u32::from(f.cathedrals),
        cities: Vec::new(),
        fields: Vec::new(),
        strength,
        winners,
        points,
        pigs: PlayerList::new(),
        pig_bonus: 0,
        returns_followers: true,
        witch: false,
        messengers: PlayerList::new(),
    }
}

/// The points of a road, city or monastery as the final scoring would give
/// them (The Messengers: messages 1 to 3 and 8 score a feature "as you would
/// at the end of the game"), with its event; `None` for a field.
pub(in crate::rules) fn as_at_end(game: &Game<'_>, root: NodeId) -> Option<ScoreEvent> {
    let f = game.features().feature(root)?;
    let points = |tiles| match f.kind {
        FeatureKind::City => city_value(false, f, tiles, f.is_complete()),
        FeatureKind::Road => road_value(f, tiles, f.is_complete()),
        _ => monastery_points(game.board().surrounding_count(first_pos(game, f))),
    };
    if f.kind == FeatureKind::Field {
        return None;
    }
    // Its number of tiles is needed, explained or not.
    let tiles = game.features().tile_count(root);
    let mut e = feature_event(
        game,
        root,
        f,
        Some(game.turn()),
        ScoreReason::Message,
        |n| points(if n == 0 { tiles } else { n }),
    );
    if f.kind == FeatureKind::Monastery && game.explains() {
        e.tiles = monastery_tiles(game, first_pos(game, f));
    }
    Some(e)
}

/// The distinct completed cities a field touches, as roots in no set order:
/// for each segment of the field, the cities its tile says it touches. Inlined
/// into the farm scorings: the walk along the field keeps its registers.
#[inline(always)]
pub(in crate::rules) fn completed_cities(
    game: &Game<'_>,
    field: NodeId,
) -> SmallVec<[FeatureId; 8]> {
    let features = game.features();
    let (board, catalog) = (game.board(), game.catalog());
    let mut cities: SmallVec<[FeatureId; 8]> = SmallVec::new();
    for (_, tile, segment) in features.segments(field) {
        let Some(placed) = board.tile(tile) else {
            continue;
        };
        let mut touches = catalog.touches(placed.tile, segment);
        while touches != 0 {
            let c = touches.trailing_zeros() as SegmentId;
            touches &= touches - 1;
            if let Some(city) = features.complete_root(node_of(placed, c))
                && !cities.contains(&city)
            {
                cities.push(city);
            }
        }
    }
    cities
}
