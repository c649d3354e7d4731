//! Points: the score events a scoring makes ([`ScoreEvent`]), the majority of
//! a feature's followers, and the values of features by the rulebooks'
//! arithmetic, as pure functions of counts. Which features score when, and
//! with what, is a rule: `crate::rules::scoring` walks the board and makes
//! the events; the game adds the points and returns the followers
//! (`Game::apply`, `Game::finish`). This module knows nothing of the game.

use crate::board::Pos;
use crate::edition::Edition;
use crate::features::NodeId;
use crate::player::{MAX_PLAYERS, Player};
use crate::tiles::{FeatureKind, Goods, Spot};

use std::fmt;

use smallvec::SmallVec;

pub mod scoreboard;

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
    /// The fairy (The Princess & the Dragon): 1 point at the start of a turn,
    /// 3 with the feature of its follower scored.
    Fairy,
    /// The gold ingots a player holds at the end (The Gold Mines).
    Gold,
    /// The mage on a road or city scored: 1 point a tile (Mage & Witch).
    Mage,
    /// Half of a score, rounded up, taken by a robber beside the marker
    /// that scored it (The Robbers): the robber's owner is the winner, and
    /// `strength` holds the marker robbed and the points it scored.
    Robbed,
    /// A message tile used (The Messengers): `strength` holds the player
    /// and the message's number.
    Message,
    /// The 2 points a player takes instead of using the message tile drawn
    /// (The Messengers): `strength` holds the player and the message's
    /// number.
    #[serde(rename = "message_points")]
    MessagePoints,
}

impl ScoreReason {
    /// Every reason, in the order of the enum.
    pub const ALL: [ScoreReason; 10] = [
        ScoreReason::Completed,
        ScoreReason::Incomplete,
        ScoreReason::Farm,
        ScoreReason::Goods,
        ScoreReason::Fairy,
        ScoreReason::Gold,
        ScoreReason::Mage,
        ScoreReason::Robbed,
        ScoreReason::Message,
        ScoreReason::MessagePoints,
    ];

    /// Its name, as the JSON documents write it (its `Serialize`).
    pub fn name(self) -> &'static str {
        match self {
            ScoreReason::Completed => "completed",
            ScoreReason::Incomplete => "incomplete",
            ScoreReason::Farm => "farm",
            ScoreReason::Goods => "goods",
            ScoreReason::Fairy => "fairy",
            ScoreReason::Gold => "gold",
            ScoreReason::Mage => "mage",
            ScoreReason::Robbed => "robbed",
            ScoreReason::Message => "message",
            ScoreReason::MessagePoints => "message_points",
        }
    }
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
    /// game keeps no explanations, see `rules::Game::set_explanations`).
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
    /// Whether the witch stood on the feature and halved `points`, rounded
    /// up (Mage & Witch).
    pub witch: bool,
    /// The winners whose messenger the score moves rather than their marker
    /// (The Messengers: "he chooses whether he will move his messenger or his
    /// marker"); empty without The Messengers.
    pub messengers: PlayerList,
}

impl ScoreEvent {
    /// The points that fall due when a turn begins, before its tile: the
    /// fairy's 1 point (The Princess & the Dragon: "If a player starts
    /// his turn with a follower on the tile where the fairy is, he scores 1
    /// point immediately!"), the one score of a turn that comes before the tile. The
    /// fairy's 3 points with a feature are a score of the turn's scoring.
    pub fn at_turn_start(&self) -> bool {
        self.reason == ScoreReason::Fairy && self.turn.is_some() && self.points == 1
    }

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

    /// Points one player scores by a piece's rule rather than a feature's
    /// majority (the fairy): `at` names where the piece stands, `kind` the
    /// feature scored with it. Its tiles are left for the caller to name,
    /// when the game explains its scores.
    pub fn bonus(
        reason: ScoreReason,
        turn: Option<u32>,
        kind: FeatureKind,
        at: FeatureRef,
        player: Player,
        points: u32,
    ) -> ScoreEvent {
        ScoreEvent::for_one(reason, turn, kind, Some(at), (player, 1), points)
    }

    /// The gold ingots a player holds at the end (The Gold Mines): `strength`
    /// holds their number, `points` what they are worth.
    pub fn gold(player: Player, ingots: u32, points: u32) -> ScoreEvent {
        ScoreEvent::for_one(
            ScoreReason::Gold,
            None,
            FeatureKind::Field,
            None,
            (player, ingots),
            points,
        )
    }

    /// The mage's points on the road or city an event scores (Mage &
    /// Witch): to the same majority holders, with the feature's tiles.
    pub fn mage(feature: &ScoreEvent, points: u32) -> ScoreEvent {
        ScoreEvent {
            reason: ScoreReason::Mage,
            goods: None,
            cities: Vec::new(),
            fields: Vec::new(),
            points,
            pigs: PlayerList::new(),
            pig_bonus: 0,
            returns_followers: false,
            witch: false,
            messengers: PlayerList::new(),
            ..feature.clone()
        }
    }

    /// The points `robber`'s robber takes from `victim`'s score of `of`
    /// points by `feature` (The Robbers): half, rounded up, to the robber's
    /// owner; the feature's tiles and name are kept, to say what was robbed.
    pub fn robbed(feature: &ScoreEvent, robber: Player, victim: Player, of: u32) -> ScoreEvent {
        let mut winners = PlayerList::new();
        winners.push(robber);
        let mut strength = StrengthList::new();
        strength.push((victim, of));
        // Only what is kept is copied: the feature's tiles and name, not its
        // farms' lists or its players'.
        ScoreEvent {
            turn: feature.turn,
            kind: feature.kind,
            reason: ScoreReason::Robbed,
            node: feature.node,
            at: feature.at,
            goods: None,
            tiles: feature.tiles.clone(),
            pennants: feature.pennants,
            inns: feature.inns,
            cathedrals: feature.cathedrals,
            cities: Vec::new(),
            fields: Vec::new(),
            strength,
            winners,
            points: robbed_points(of),
            pigs: PlayerList::new(),
            pig_bonus: 0,
            returns_followers: false,
            witch: false,
            messengers: PlayerList::new(),
        }
    }

    /// The marker a robbed score was taken from and the points it scored
    /// (The Robbers).
    pub fn robbed_from(&self) -> Option<(Player, u32)> {
        (self.reason == ScoreReason::Robbed)
            .then(|| self.strength.first().copied())
            .flatten()
    }

    /// The points of a message tile that scores no one feature (The
    /// Messengers): `strength` holds the player and the message's number.
    pub fn message(
        reason: ScoreReason,
        turn: Option<u32>,
        player: Player,
        message: u8,
        points: u32,
    ) -> ScoreEvent {
        ScoreEvent::for_one(
            reason,
            turn,
            FeatureKind::Field,
            None,
            (player, u32::from(message)),
            points,
        )
    }

    /// The message a score comes from (The Messengers): its number, and
    /// whether the 2 points were taken instead.
    pub fn message_of(&self) -> Option<(u8, bool)> {
        let taken = match self.reason {
            ScoreReason::Message => false,
            ScoreReason::MessagePoints => true,
            _ => return None,
        };
        let n = self.strength.first()?.1;
        Some((u8::try_from(n).ok()?, taken))
    }

    /// Points of one player by a rule of its own rather than a feature's
    /// majority: `strength` is the player and what the event counts of it.
    fn for_one(
        reason: ScoreReason,
        turn: Option<u32>,
        kind: FeatureKind,
        at: Option<FeatureRef>,
        strength: (Player, u32),
        points: u32,
    ) -> ScoreEvent {
        let mut winners = PlayerList::new();
        winners.push(strength.0);
        let mut counted = StrengthList::new();
        counted.push(strength);
        ScoreEvent {
            turn,
            kind,
            reason,
            node: 0,
            at,
            goods: None,
            tiles: Vec::new(),
            pennants: 0,
            inns: 0,
            cathedrals: 0,
            cities: Vec::new(),
            fields: Vec::new(),
            strength: counted,
            winners,
            points,
            pigs: PlayerList::new(),
            pig_bonus: 0,
            returns_followers: false,
            witch: false,
            messengers: PlayerList::new(),
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
            witch: false,
            messengers: PlayerList::new(),
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

/// Points of a monastery: 1 for its tile and 1 per surrounding tile (9 when
/// complete). Rulebook (2012): "scores 9 points (1 point per tile, including the tile
/// with the monastery)"; at the end: "the monastery tile itself and the … surrounding
/// tiles".
pub fn monastery_points(surrounding: u32) -> u32 {
    1 + surrounding
}

/// The points a robber takes from a score (The Robbers): half, rounded up
/// ("the owner of the robbers scores half of these points (rounded up)").
pub fn robbed_points(points: u32) -> u32 {
    points.div_ceil(2)
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
