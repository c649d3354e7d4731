//! Scoring as the rules apply it: which features a placed tile completes and
//! who scores them, and the final scoring, as pure functions over the game
//! state that add [`ScoreEvent`]s to a list the game keeps. What a feature is
//! worth, and its event, come from `worth.rs` (`crate::score`'s arithmetic,
//! or the expansions' values at the phase `Phase::Score`); the expansions in
//! play add their own at `Phase::FinalScoring` (the pig, goods).
//!
//! Final scoring runs in a stable order: incomplete cities, roads and monasteries
//! by the feature's first-placed segment, then the farms (fields in the same order
//! under the 2012 rules, completed cities in the same order under the 2000 rules).

use std::collections::BTreeMap;

use crate::board::{PlacedTile, Pos};
use crate::features::{FeatureId, FeatureView, NodeId, node_of};

use crate::rules::expansions::{farm_bonus_owners, final_scoring_expansions};
pub use crate::rules::worth::feature_ref;
use crate::rules::worth::{
    city_value, completed_cities, feature_event, first_pos, monastery_tiles, positions, road_value,
};
use crate::rules::{Edition, Game};
use crate::score::{PlayerList, ScoreEvent, ScoreReason, majority, monastery_points};
use crate::tiles::{FeatureKind, SegmentId};

/// Adds the event `make` gives at the end of `events`, made in its place there
/// rather than apart and then moved (an event is large), and returns it.
fn push_made(
    events: &mut Vec<ScoreEvent>,
    make: impl FnMut() -> ScoreEvent,
) -> Option<&mut ScoreEvent> {
    events.resize_with(events.len() + 1, make);
    events.last_mut()
}

/// The place of a monastery at `pos` in the order a tile placed at `at` scores
/// the monasteries it completes: `at` itself, then `Pos::surrounding`; none when
/// it lies neither on that tile nor around it. By its offset from the tile:
/// `(dy + 1) * 3 + dx + 1`.
fn monastery_place(at: Pos, pos: Pos) -> Option<usize> {
    const ORDER: [usize; 9] = [7, 6, 5, 8, 0, 4, 1, 2, 3];
    if !at.is_near(pos) {
        return None;
    }
    let dx = i64::from(pos.x) - i64::from(at.x);
    let dy = i64::from(pos.y) - i64::from(at.y);
    ORDER
        .get(usize::try_from((dy + 1) * 3 + dx + 1).ok()?)
        .copied()
}

/// The roads and cities a tile just placed completes that hold a follower:
/// `(node, root, feature)` for each of its segments on one (a feature the tile
/// reaches by two segments comes twice).
fn completed_held<'g>(
    game: &'g Game<'_>,
    placed: &PlacedTile,
) -> impl Iterator<Item = (NodeId, FeatureId, FeatureView<'g>)> {
    let features = game.features();
    let def = game.catalog().def(placed.tile);
    let placed = *placed;
    // A tile lists its cities first, then its roads: the rest comes after.
    let held = def
        .segments
        .iter()
        .take_while(|seg| matches!(seg.kind, FeatureKind::City | FeatureKind::Road));
    held.enumerate().filter_map(move |(i, _)| {
        let node = node_of(&placed, i as SegmentId);
        let root = features.root(node);
        // Most features a tile touches stay open: look at the count first.
        let f = features.feature(root)?;
        (f.is_complete() && f.is_held()).then_some((node, root, f))
    })
}

/// Whether a monastery holding a monk lies on or around a tile just placed
/// ([`Pos::is_near`], as [`monastery_place`] asks first).
fn monk_around(game: &Game<'_>, placed: &PlacedTile) -> bool {
    game.occupied_monasteries()
        .iter()
        .any(|(pos, _)| placed.pos.is_near(*pos))
}

/// Whether a tile just placed may score: whether it completes a road or city
/// that holds a follower, or lies on or around a monastery that holds a monk.
/// [`completed_by`] finds nothing to score otherwise.
pub fn may_score(game: &Game<'_>, placed: &PlacedTile) -> bool {
    let features = game.features();
    features
        .completed_by_last_tile()
        .iter()
        .any(|r| features.feature(*r).is_some_and(|f| f.is_held()))
        || monk_around(game, placed)
}

/// The features the turn's actions changed away from the tile's joins that
/// are completed and hold a follower (The Ferries: the roads a ferry moved),
/// as [`completed_held`] gives those of the tile.
fn completed_elsewhere<'g>(
    game: &'g Game<'_>,
) -> impl Iterator<Item = (NodeId, FeatureId, FeatureView<'g>)> {
    let features = game.features();
    game.changed_elsewhere_expansions()
        .into_iter()
        .filter_map(move |node| {
            let root = features.root(node);
            let f = features.feature(root)?;
            (f.is_complete() && f.is_held()).then_some((node, root, f))
        })
}

/// The scoring caused by a tile just placed, added to `events`: every road and
/// city it completes and every monastery it completes (its own or one around it)
/// that holds a follower. Inlined into the moves that place a tile, as it
/// was when one move did.
#[inline(always)]
pub fn completed_by(game: &Game<'_>, placed: &PlacedTile, events: &mut Vec<ScoreEvent>) {
    let features = game.features();
    let turn = Some(placed.turn);
    let first_event = events.len();
    // The Ferries: "If, by placing a tile with a lake, one or more features
    // are completed, these are scored as usual", after the ferries are set
    // and moved ("4. Move the ferry 5. Score completed features"): the tile's
    // roads as the ferries leave them, and the roads a move completed
    // elsewhere.
    for (node, root, f) in completed_held(game, placed).chain(completed_elsewhere(game)) {
        // A feature the tile reaches by two segments scores once.
        let scored = events
            .get(first_event..)
            .is_some_and(|e| e.iter().any(|e| features.root(e.node) == root));
        if scored {
            continue;
        }
        let tiny = game.tiny_city_scores_two();
        let points = |tiles| match f.kind {
            FeatureKind::City => city_value(tiny, f, tiles, true),
            _ => road_value(f, tiles, true),
        };
        push_made(events, || {
            feature_event(game, node, f, turn, ScoreReason::Completed, points)
        });
    }
    // Rulebook (2012, "A completed monastery"): "A monastery is complete when it is
    // surrounded by tiles." The new tile may complete its own or a neighbour's; only
    // monasteries with a monk can score, so only those are looked at.
    if !monk_around(game, placed) {
        return;
    }
    let place = |pos: Pos| monastery_place(placed.pos, pos);
    let monks = game.occupied_monasteries();
    // A square holds one monastery at most: one slot per square, in order.
    let mut around: [Option<(Pos, NodeId)>; 9] = [None; 9];
    for &(pos, node) in monks {
        if let Some(slot) = place(pos).and_then(|k| around.get_mut(k)) {
            *slot = Some((pos, node));
        }
    }
    for &(pos, node) in around.iter().flatten() {
        let Some(f) = features.feature(node) else {
            continue;
        };
        if !f.is_held() || game.board().surrounding_count(pos) < 8 {
            continue;
        }
        let e = push_made(events, || {
            feature_event(game, node, f, turn, ScoreReason::Completed, |_| {
                monastery_points(8)
            })
        });
        if game.explains()
            && let Some(e) = e
        {
            e.tiles = monastery_tiles(game, pos);
        }
    }
}

/// The final scoring, added to `events`: incomplete features, then farms by the
/// game's edition.
pub fn final_scoring(game: &Game<'_>, events: &mut Vec<ScoreEvent>) {
    let features = game.features();
    let occupied = features.occupied_roots();
    for &root in &occupied {
        let Some(f) = features.feature(root) else {
            continue;
        };
        if f.kind == FeatureKind::Field || f.is_complete() {
            continue;
        }
        let points = |tiles| match f.kind {
            FeatureKind::City => city_value(false, f, tiles, false),
            FeatureKind::Road => road_value(f, tiles, false),
            _ => monastery_points(game.board().surrounding_count(first_pos(game, f))),
        };
        let e = push_made(events, || {
            feature_event(game, root, f, None, ScoreReason::Incomplete, points)
        });
        if f.kind == FeatureKind::Monastery
            && game.explains()
            && let Some(e) = e
        {
            e.tiles = monastery_tiles(game, first_pos(game, f));
        }
    }
    match game.edition() {
        Edition::HiG2012 => farms_per_field(game, &occupied, 3, events),
        Edition::Rgg2000 => farms_per_city(game, &occupied, 4, events),
    }
    final_scoring_expansions(game, events);
}

/// 2012 farms. Rulebook ("Scoring farmers"): "For each city that the field touches,
/// the player with the most farmers in that field scores 3 points. The size of the
/// city does not matter. If some players are tied for the most farmers, they each
/// score the points for that field." and "More than one field may touch and score
/// the same city. Each field is scored [separately]."
fn farms_per_field(
    game: &Game<'_>,
    occupied: &[FeatureId],
    per_city: u32,
    events: &mut Vec<ScoreEvent>,
) {
    let features = game.features();
    for &root in occupied {
        let Some(f) = features.feature(root) else {
            continue;
        };
        if f.kind != FeatureKind::Field {
            continue;
        }
        let mut cities = completed_cities(game, root);
        if cities.is_empty() {
            continue;
        }
        let paid = cities.len() as u32;
        let Some(e) = push_made(events, || {
            feature_event(game, root, f, None, ScoreReason::Farm, |_| per_city * paid)
        }) else {
            continue;
        };
        if game.explains() {
            // Named in the order of their first-placed segments.
            cities.sort_unstable_by_key(|r| features.first_node_of(*r));
            e.cities = cities.iter().map(|c| feature_ref(game, *c)).collect();
        }
        e.pigs = farm_bonus_owners([f], &e.winners);
        e.pig_bonus = paid;
        e.returns_followers = false;
    }
}

/// 2000 farms. Rulebook ("Farmer scoring (for supplying the completed cities)"):
/// "For each city a player's farmers supply, the player who deployed the farmer(s)
/// earns 4 points, regardless of the size of the city … Several farms can supply a
/// single city. In such a case, the player with the most farmers in the farms
/// supplying the city earns the 4 points. If two or more players tie with the most
/// farmers, each of those tied for most earns 4 points" and "Place an unused
/// follower on each city as it is scored to be certain all are scored, but just
/// once!"
fn farms_per_city(
    game: &Game<'_>,
    occupied: &[FeatureId],
    per_city: u32,
    events: &mut Vec<ScoreEvent>,
) {
    let features = game.features();
    // Completed city (by stable name) → the farmed fields supplying it.
    let mut supplied: BTreeMap<NodeId, (FeatureId, Vec<FeatureId>)> = BTreeMap::new();
    for &field in occupied {
        let Some(f) = features.feature(field) else {
            continue;
        };
        if f.kind != FeatureKind::Field {
            continue;
        }
        for city in completed_cities(game, field) {
            let entry = supplied
                .entry(features.first_node_of(city))
                .or_insert_with(|| (city, Vec::new()));
            entry.1.push(field);
        }
    }
    for (city, fields) in supplied.into_values() {
        let Some(c) = features.feature(city) else {
            continue;
        };
        let farms: Vec<FeatureView<'_>> =
            fields.iter().filter_map(|r| features.feature(*r)).collect();
        let farmers = farms
            .iter()
            .flat_map(|f| f.followers().map(|x| (x.player, x.strength())));
        let (strength, winners) = majority(farmers);
        let pigs = farm_bonus_owners(farms.iter().copied(), &winners);
        let explain = game.explains();
        events.push(ScoreEvent {
            turn: None,
            kind: FeatureKind::City,
            reason: ScoreReason::Farm,
            node: city,
            at: explain.then(|| feature_ref(game, city)),
            goods: None,
            tiles: if explain {
                positions(game, city)
            } else {
                Vec::new()
            },
            pennants: u32::from(c.pennants),
            inns: 0,
            cathedrals: u32::from(c.cathedrals),
            cities: if explain {
                vec![feature_ref(game, city)]
            } else {
                Vec::new()
            },
            fields: if explain {
                fields.iter().map(|r| feature_ref(game, *r)).collect()
            } else {
                Vec::new()
            },
            strength,
            winners,
            points: per_city,
            pigs,
            pig_bonus: 1,
            returns_followers: false,
            witch: false,
            messengers: PlayerList::new(),
        });
    }
}
