//! The score of a game as data ([`ScoreView`]): what `carcref score --format
//! json` writes a line of (and `--format yaml` a document of), each scoring
//! event, the pawns on the scoreboard, the goods taken, the ransoms paid, the
//! dragon's meals and the faults.

use serde::Serialize;

use super::json::{OrderedMap, Versioned, is_zero};
use super::source::SourceView;
use crate::referee::GameOutcome;
use crate::score::scoreboard::{Scoreboard, Space};
use crate::score::{ScoreEvent, ScoreReason, scoreboard};

/// A scoring event as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    /// The turn (absent for the final scoring).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// Feature kind.
    pub feature: String,
    /// Why it scored.
    pub reason: ScoreReason,
    /// The feature's first tile (none for goods).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The goods of a goods majority.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goods: Option<crate::tiles::Goods>,
    /// The feature's tiles (none for goods).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<String>,
    /// Banners.
    #[serde(skip_serializing_if = "is_zero")]
    pub banners: u32,
    /// Inns on a road (Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub inns: u32,
    /// Cathedrals in a city (Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub cathedrals: u32,
    /// Cities paying a farm.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    /// Fields supplying a city (2000 farms).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Follower strength per player (none for goods).
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub followers: OrderedMap<u32>,
    /// For a goods majority: the tokens of that kind each player holds.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub tokens: OrderedMap<u32>,
    /// For the gold ingots at the end (The Gold Mines): the ingots the
    /// player holds.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub ingots: OrderedMap<u32>,
    /// Winners whose pig raised their farm points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pigs: Vec<String>,
    /// Whether the witch halved the feature's points (Mage & Witch).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub witch: bool,
    /// For a robbery (The Robbers): the marker robbed and the points it
    /// scored; the robber's owner scores half, rounded up.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub robbed: OrderedMap<u32>,
    /// For a message tile (The Messengers): its number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<u8>,
    /// The scoring players whose messenger the points move rather than their
    /// marker (The Messengers).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub messengers: Vec<String>,
    /// Points per scoring player.
    pub points: OrderedMap<u32>,
}

/// A game's score as reports show it: every game of a file appears, with its
/// status and faults; a game that was replayed has the scores of the position
/// it reached (the end, the turn asked for, or the last legal turn).
#[derive(Debug, Clone, Serialize)]
pub struct ScoreView {
    /// The file the game was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based game index in its file.
    pub game: usize,
    /// `valid` (no error) or `invalid`.
    pub status: &'static str,
    /// The last turn of the position scored (absent: the game was not
    /// replayed, and has no score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position_after: Option<u32>,
    /// The illegal turn that stopped the replay, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u32>,
    /// Rules edition scored under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Whether final scoring was applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_scoring: Option<bool>,
    /// Points per player in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<OrderedMap<u32>>,
    /// Each player's pawns on the scoreboard, in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoreboard: Option<OrderedMap<PawnsView>>,
    /// Every scoring event (absent when the game has no score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventView>>,
    /// Goods tokens taken during the game (Traders & Builders).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub goods_taken: Vec<GoodsTakenView>,
    /// Points moved from one player to another (The Tower: ransoms).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transfers: Vec<TransferView>,
    /// Figures the dragon sent home (The Princess & the Dragon).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dragon_meals: Vec<MealView>,
    /// Seconds each player spent on their turns, as the record's `@time`
    /// events give it (absent when it gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_used: Option<OrderedMap<u32>>,
    /// The game's faults (errors and warnings), in the order found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<FaultView>,
}

/// A player's pawns on the scoreboard, as reports show them
/// (`crate::score::scoreboard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PawnsView {
    /// The space the marker stands on, 0 to 49: the player's points
    /// modulo 50.
    pub marker: u32,
    /// The times the marker has passed space 50: the Point tiles the
    /// player holds (50, then flipped to 100; absent when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub laps: u32,
    /// The space the messenger stands on (The Messengers; absent once added
    /// to the marker, before the final scoring).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messenger: Option<u32>,
    /// The times the messenger has passed space 50.
    #[serde(skip_serializing_if = "is_zero")]
    pub messenger_laps: u32,
}

/// Each player's pawns on a scoreboard, by name in seat order.
pub fn pawns_view(board: &Scoreboard, players: &[String]) -> OrderedMap<PawnsView> {
    OrderedMap(
        board
            .pawns()
            .iter()
            .map(|(p, pawns)| {
                let name = players.get(p.index()).cloned().unwrap_or_default();
                let view = PawnsView {
                    marker: Space::of(pawns.marker).number(),
                    laps: pawns.marker / scoreboard::SPACES,
                    messenger: pawns.messenger.map(|m| Space::of(m).number()),
                    messenger_laps: pawns.messenger.map_or(0, |m| m / scoreboard::SPACES),
                };
                (name, view)
            })
            .collect(),
    )
}

/// A fault as score reports list it.
#[derive(Debug, Clone, Serialize)]
pub struct FaultView {
    /// Its code, e.g. `E301`.
    pub code: String,
    /// Its message.
    pub message: String,
    /// The line of the file it points at (1-based).
    pub line: usize,
}

/// Points a turn moved from one player to another, as reports show them.
#[derive(Debug, Clone, Serialize)]
pub struct TransferView {
    /// The turn.
    pub turn: u32,
    /// Who paid.
    pub from: String,
    /// Who was paid.
    pub to: String,
    /// How many points.
    pub points: u32,
    /// Why: `ransom`.
    pub reason: String,
}

/// A figure the dragon sent home, as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct MealView {
    /// The turn.
    pub turn: u32,
    /// Whose figure it was.
    pub owner: String,
    /// The figure (`follower`, `big`, `builder`, `pig`).
    pub figure: String,
}

/// Goods tokens a turn took, as reports show them.
#[derive(Debug, Clone, Serialize)]
pub struct GoodsTakenView {
    /// The turn.
    pub turn: u32,
    /// Who took them (the player who completed the cities).
    pub player: String,
    /// Tokens by kind, kinds with none left out.
    pub goods: OrderedMap<u32>,
}

fn event_view(e: &ScoreEvent, players: &[String]) -> EventView {
    let name = |p: crate::player::Player| players.get(p.index()).cloned().unwrap_or_default();
    EventView {
        turn: e.turn,
        feature: match e.reason {
            ScoreReason::Farm => "farm".to_string(),
            ScoreReason::Goods => "goods".to_string(),
            ScoreReason::Gold => "gold".to_string(),
            // The Messengers: the points of a message that scores no one
            // feature.
            ScoreReason::Message | ScoreReason::MessagePoints if e.at.is_none() => {
                "message".to_string()
            }
            _ => e.kind.to_string(),
        },
        reason: e.reason,
        at: e.at.map(|a| a.to_string()),
        goods: e.goods,
        tiles: e.tiles.iter().map(ToString::to_string).collect(),
        banners: e.pennants,
        inns: e.inns,
        cathedrals: e.cathedrals,
        cities: e.cities.iter().map(ToString::to_string).collect(),
        fields: e.fields.iter().map(ToString::to_string).collect(),
        followers: OrderedMap(
            if e.goods.is_none()
                && !matches!(
                    e.reason,
                    ScoreReason::Gold
                        | ScoreReason::Robbed
                        | ScoreReason::Message
                        | ScoreReason::MessagePoints
                )
            {
                e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
            } else {
                Vec::new()
            },
        ),
        ingots: OrderedMap(if e.reason == ScoreReason::Gold {
            e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
        } else {
            Vec::new()
        }),
        tokens: OrderedMap(if e.goods.is_some() {
            e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
        } else {
            Vec::new()
        }),
        pigs: e.pigs.iter().map(|p| name(*p)).collect(),
        witch: e.witch,
        robbed: OrderedMap(
            e.robbed_from()
                .map(|(p, points)| (name(p), points))
                .into_iter()
                .collect(),
        ),
        message: e.message_of().map(|(n, _)| n),
        messengers: e.messengers.iter().map(|p| name(*p)).collect(),
        points: OrderedMap(
            e.winners
                .iter()
                .map(|p| (name(*p), e.points_for(*p)))
                .collect(),
        ),
    }
}

/// The score view of a game (`index`: 0-based, in its file; `view`: its
/// text, for the lines of its faults).
pub fn score_view(index: usize, game: &GameOutcome, view: &SourceView<'_>) -> ScoreView {
    let replay = game.replay.as_ref();
    let sheet = replay.and_then(crate::referee::Replay::sheet);
    let players = sheet.map_or(&[][..], |s| s.players.as_slice());
    ScoreView {
        file: None,
        game: index + 1,
        status: if game.has_errors() {
            "invalid"
        } else {
            "valid"
        },
        position_after: sheet.and(replay.map(|r| r.position_after)),
        stopped_at: replay.and_then(|r| r.stopped.as_ref()).map(|s| s.turn),
        rules: sheet.map(|s| s.edition.to_string()),
        final_scoring: sheet.map(|s| s.final_scoring),
        totals: sheet.map(|s| {
            OrderedMap(
                s.players
                    .iter()
                    .cloned()
                    .zip(s.totals.iter().copied())
                    .collect(),
            )
        }),
        scoreboard: match (replay, sheet) {
            (Some(r), Some(_)) => Some(pawns_view(&r.scoreboard(), players)),
            _ => None,
        },
        events: match (replay, sheet) {
            (Some(r), Some(_)) => Some(r.events.iter().map(|e| event_view(e, players)).collect()),
            _ => None,
        },
        goods_taken: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.goods_taken.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, p, goods)| GoodsTakenView {
                turn: *turn,
                player: players.get(p.index()).cloned().unwrap_or_default(),
                goods: OrderedMap(
                    crate::tiles::Goods::ALL
                        .iter()
                        .zip(goods)
                        .filter(|(_, n)| **n > 0)
                        .map(|(g, n)| (g.name().to_string(), *n))
                        .collect(),
                ),
            })
            .collect(),
        transfers: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.transfers.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, from, to, points)| TransferView {
                turn: *turn,
                from: players.get(from.index()).cloned().unwrap_or_default(),
                to: players.get(to.index()).cloned().unwrap_or_default(),
                points: *points,
                reason: "ransom".to_string(),
            })
            .collect(),
        dragon_meals: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.dragon_meals.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, owner, figure)| MealView {
                turn: *turn,
                owner: players.get(owner.index()).cloned().unwrap_or_default(),
                figure: figure.notation().unwrap_or("follower").to_string(),
            })
            .collect(),
        time_used: replay.filter(|r| !r.time_used.is_empty()).map(|r| {
            OrderedMap(
                players
                    .iter()
                    .cloned()
                    .zip(r.time_used.iter().copied())
                    .collect(),
            )
        }),
        faults: game
            .diagnostics
            .iter()
            .map(|d| FaultView {
                code: d.code(),
                message: d.to_string(),
                line: view.line_col(d.span().start).0,
            })
            .collect(),
    }
}

/// Writes the score of one game as a line of JSON (`index`: 0-based, in its
/// file; `view`: its text): its [`ScoreView`], with the file's name.
pub fn write_score(out: &mut String, view: &SourceView<'_>, index: usize, game: &GameOutcome) {
    let mut score = score_view(index, game, view);
    score.file = Some(view.name.to_string());
    if let Ok(s) = serde_json::to_string(&Versioned::new(&score)) {
        out.push_str(&s);
        out.push('\n');
    }
}
