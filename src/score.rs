//! Points: scoring of features completed during the game and the final scoring, as
//! pure functions over the game state that add [`ScoreEvent`]s to a list the game
//! keeps. The game adds the points and returns the followers (`Game::apply`,
//! `Game::finish`).
//!
//! Final scoring runs in a stable order: incomplete cities, roads and monasteries
//! by the feature's first-placed segment, then the farms (fields in the same order
//! under the 2012 rules, completed cities in the same order under the 2000 rules).

use std::collections::BTreeMap;

use crate::board::{PlacedTile, Pos};
use crate::features::{FeatureId, FeatureView, NodeId, node_of};
use crate::player::{MAX_PLAYERS, Player};
use crate::rules::expansions::Expansion;
use crate::rules::expansions::inns_and_cathedrals::{cathedral_city_points, inn_road_points};
use crate::rules::expansions::traders_and_builders::{goods_scoring, pig_owners};
use crate::rules::{Edition, Game};
use crate::tiles::{FeatureKind, Goods, SegmentId, Spot};

use std::fmt;

use smallvec::SmallVec;

/// Players of one scoring (at most every seat), held inline.
pub type PlayerList = SmallVec<[Player; MAX_PLAYERS]>;

/// Follower strength (or goods) of each player of one scoring, held inline.
pub type StrengthList = SmallVec<[(Player, u32); MAX_PLAYERS]>;

/// Why points were scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreReason {
    /// A road, city or monastery completed during the game.
    Completed,
    /// A road, city or monastery still incomplete at the end.
    Incomplete,
    /// Farmers at the end.
    Farm,
    /// A goods majority at the end (Traders & Builders).
    Goods,
}

/// A feature as people name it: a tile and a spot on it (its first-placed
/// segment), e.g. `0,-1 N` for the city reaching the north edge of the tile at 0,-1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FeatureRef {
    /// The tile.
    pub pos: Pos,
    /// The spot on it.
    pub spot: Spot,
}

impl fmt::Display for FeatureRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.pos, self.spot)
    }
}

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

/// One scoring: a feature, who held it, who scored and how much.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreEvent {
    /// The turn that scored it; `None` for the final scoring.
    pub turn: Option<u32>,
    /// The feature's kind (for farms under the 2000 rules: the city supplied).
    pub kind: FeatureKind,
    /// Why it scored.
    pub reason: ScoreReason,
    /// A node of the feature (to return its followers).
    pub node: NodeId,
    /// The feature's name in reports: its first-placed segment (none for goods).
    pub at: Option<FeatureRef>,
    /// For a goods majority: the kind of goods.
    pub goods: Option<Goods>,
    /// The distinct tiles of the feature, in order of placement (empty when the
    /// game keeps no explanations, see [`Game::set_explanations`]).
    pub tiles: Vec<Pos>,
    /// Banners in a city.
    pub pennants: u32,
    /// Inns on a road (Inns & Cathedrals).
    pub inns: u32,
    /// Cathedrals in a city (Inns & Cathedrals).
    pub cathedrals: u32,
    /// For farms: the completed cities that paid.
    pub cities: Vec<FeatureRef>,
    /// For farms under the 2000 rules: the fields supplying the city.
    pub fields: Vec<FeatureRef>,
    /// Follower strength of each player on the feature, in seat order.
    pub strength: StrengthList,
    /// The players who score (the majority, ties all score).
    pub winners: PlayerList,
    /// Points each winner scores.
    pub points: u32,
    /// For farms: the winners whose pig stands in the farm (Traders & Builders);
    /// each scores `pig_bonus` more.
    pub pigs: PlayerList,
    /// What a pig adds: 1 point per city paying.
    pub pig_bonus: u32,
    /// Whether the feature's followers go back to their owners.
    pub returns_followers: bool,
}

impl ScoreEvent {
    /// Points a player scores by this event.
    pub fn points_for(&self, player: Player) -> u32 {
        if !self.winners.contains(&player) {
            return 0;
        }
        self.points_for_winner(player)
    }

    /// Points one of the event's winners scores: with a pig in the farm, the
    /// bonus besides.
    pub fn points_for_winner(&self, winner: Player) -> u32 {
        if self.pigs.contains(&winner) {
            self.points + self.pig_bonus
        } else {
            self.points
        }
    }

    /// A goods majority at the end: `strength` holds the tokens of each player.
    pub fn goods(
        goods: Goods,
        strength: StrengthList,
        winners: PlayerList,
        points: u32,
    ) -> ScoreEvent {
        ScoreEvent {
            turn: None,
            kind: FeatureKind::City,
            reason: ScoreReason::Goods,
            node: 0,
            at: None,
            goods: Some(goods),
            tiles: Vec::new(),
            pennants: 0,
            inns: 0,
            cathedrals: 0,
            cities: Vec::new(),
            fields: Vec::new(),
            strength,
            winners,
            points,
            pigs: PlayerList::new(),
            pig_bonus: 0,
            returns_followers: false,
        }
    }
}

/// Follower strength per player and the majority holders.
///
/// Rulebook (2012, "What if there are more than one follower on a completed road or
/// city?"): "The player with the most thieves or knights scores the totality of the
/// points. In case of a tie, the tied players each score the points."
pub(crate) fn majority(
    followers: impl IntoIterator<Item = (Player, u32)>,
) -> (StrengthList, PlayerList) {
    let mut followers = followers.into_iter();
    let Some(first) = followers.next() else {
        return (StrengthList::new(), PlayerList::new());
    };
    let Some(second) = followers.next() else {
        // One figure, as on nearly every feature: its owner alone holds it.
        let (p, s) = first;
        let mut strength = StrengthList::new();
        let mut winners = PlayerList::new();
        if s > 0 && p.index() < MAX_PLAYERS {
            strength.push((p, s));
            winners.push(p);
        }
        return (strength, winners);
    };
    let mut by = [0u32; MAX_PLAYERS];
    for (p, s) in [first, second].into_iter().chain(followers) {
        if let Some(v) = by.get_mut(p.index()) {
            *v += s;
        }
    }
    let mut strength = StrengthList::new();
    let mut best = 0;
    for (i, s) in by.into_iter().enumerate() {
        if s > 0 {
            strength.push((Player(i as u8), s));
            best = best.max(s);
        }
    }
    let mut winners = PlayerList::new();
    for &(p, s) in &strength {
        if s == best {
            winners.push(p);
        }
    }
    (strength, winners)
}

/// The squares of the distinct tiles of the feature of a node.
fn positions(game: &Game<'_>, node: NodeId) -> Vec<Pos> {
    game.features()
        .distinct_tiles(node)
        .into_iter()
        .filter_map(|t| game.board().tile(t).map(|p| p.pos))
        .collect()
}

/// The square of a feature's first-placed tile.
fn first_pos(game: &Game<'_>, f: FeatureView<'_>) -> Pos {
    game.features()
        .tile_of(f.first)
        .and_then(|t| game.board().tile(t))
        .map_or(Pos::new(0, 0), |p| p.pos)
}

/// Points of a completed city.
///
/// 2012 rulebook ("A completed city"): "scores 2 points per tile in the city … Each
/// banner in the scored city also gives the player 2 points."
/// 2000 rulebook (the farms example): "Red earns 2 points (exception: a 2 tile city
/// does not get 2 points per tile)" — a two-tile city scores 1 a tile (and 1 a
/// banner, as an incomplete city does; no basic two-tile city can carry one).
pub fn completed_city_points(edition: Edition, tiles: u32, pennants: u32) -> u32 {
    small_city_points(edition == Edition::Rgg2000, tiles, pennants)
}

/// Points of a completed city when a 2-tile city scores as an incomplete one
/// (`tiny`: the 2000 rules, or the variant `tiny-city-2` under the 2012 rules)
/// or 2 a tile and 2 a banner like any other.
pub fn small_city_points(tiny: bool, tiles: u32, pennants: u32) -> u32 {
    if tiny && tiles == 2 {
        tiles + pennants
    } else {
        2 * tiles + 2 * pennants
    }
}

/// Points of a city still incomplete at the end.
///
/// Rulebook (2012, "Scoring incomplete cities, roads or monasteries"): "1 point per
/// tile. For cities, each banner is also worth only 1 point." (2000: "one point for
/// each road or city segment. Pennants are worth 1 point each.")
pub fn incomplete_city_points(tiles: u32, pennants: u32) -> u32 {
    tiles + pennants
}

/// Points of a road, complete or not: 1 per tile (both editions, both times).
pub fn road_points(tiles: u32) -> u32 {
    tiles
}

/// Points of a road feature: [`road_points`], or with an inn those of
/// `expansions::inns_and_cathedrals`.
fn road_value(f: FeatureView<'_>, tiles: u32, complete: bool) -> u32 {
    if f.inns > 0 {
        inn_road_points(tiles, complete)
    } else {
        road_points(tiles)
    }
}

/// Points of a city feature: [`completed_city_points`] or
/// [`incomplete_city_points`], or with a cathedral those of
/// `expansions::inns_and_cathedrals`.
fn city_value(tiny: bool, f: FeatureView<'_>, tiles: u32, complete: bool) -> u32 {
    if f.cathedrals > 0 {
        cathedral_city_points(tiles, u32::from(f.pennants), complete)
    } else if complete {
        small_city_points(tiny, tiles, u32::from(f.pennants))
    } else {
        incomplete_city_points(tiles, u32::from(f.pennants))
    }
}

/// Points of a monastery: 1 for its tile and 1 per surrounding tile (9 when
/// complete). Rulebook (2012): "scores 9 points (1 point per tile, including the tile
/// with the monastery)"; at the end: "the monastery tile itself and the … surrounding
/// tiles".
pub fn monastery_points(surrounding: u32) -> u32 {
    1 + surrounding
}

/// The tiles a monastery counts: its own and the placed ones around it.
fn monastery_tiles(game: &Game<'_>, pos: Pos) -> Vec<Pos> {
    std::iter::once(pos)
        .chain(pos.surrounding().filter(|p| game.board().is_occupied(*p)))
        .collect()
}

/// The event of a feature scoring; `points` gets the number of its distinct tiles.
fn feature_event(
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
    }
}

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

/// The scoring caused by a tile just placed, added to `events`: every road and
/// city it completes and every monastery it completes (its own or one around it)
/// that holds a follower.
pub fn completed_by(game: &Game<'_>, placed: &PlacedTile, events: &mut Vec<ScoreEvent>) {
    let features = game.features();
    let turn = Some(placed.turn);
    let first_event = events.len();
    for (node, root, f) in completed_held(game, placed) {
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
    if game.expansions().contains(Expansion::TradersAndBuilders) {
        goods_scoring(game, events);
    }
}

/// The distinct completed cities a field touches, as roots in no set order:
/// for each segment of the field, the cities its tile says it touches. Inlined
/// into the farm scorings: the walk along the field keeps its registers.
#[inline(always)]
fn completed_cities(game: &Game<'_>, field: NodeId) -> SmallVec<[FeatureId; 8]> {
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
        e.pigs = pig_owners([f], &e.winners);
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
        let pigs = pig_owners(farms.iter().copied(), &winners);
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
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn city_values_by_edition() {
        // 2012: "Red scores 8 points (3-tile city and 1 banner)".
        assert_eq!(completed_city_points(Edition::HiG2012, 3, 1), 8);
        // 2012: a 2-tile city scores 4.
        assert_eq!(completed_city_points(Edition::HiG2012, 2, 0), 4);
        // 2000: "Red earns 2 points (exception: a 2 tile city does not get 2 points per tile)".
        assert_eq!(completed_city_points(Edition::Rgg2000, 2, 0), 2);
        // 2000: "Red earns 8 points (4 city tiles, and no pennants)".
        assert_eq!(completed_city_points(Edition::Rgg2000, 4, 0), 8);
        // Incomplete: "Green scores 8 points … (5 city sections and 3 banners)".
        assert_eq!(incomplete_city_points(5, 3), 8);
    }

    #[test]
    fn ties_all_score() {
        let (_, w) = majority([(Player(0), 1), (Player(1), 1), (Player(2), 0)]);
        assert_eq!(w.as_slice(), [Player(0), Player(1)]);
        let (_, w) = majority([(Player(0), 2), (Player(1), 1)]);
        assert_eq!(w.as_slice(), [Player(0)]);
    }
}
