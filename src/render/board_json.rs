//! The board as data ([`BoardView`], for `carcref show --format json`,
//! `notation/json.md`): what the pictures draw, for programs.

use serde::Serialize;

use super::json::{OrderedMap, is_zero};
use super::palette::{colour, players};
use super::scene::{fairy_follower, pawn_at, segment_ids, standing};
use crate::board::PlacedTile;
use crate::features::node_of;
use crate::figures::Figure;
use crate::player::Player;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::scoreboard::Space;
use crate::tiles::{FeatureKind, SegmentId};

/// The board as data: what [`super::board_text`] and [`super::board_svg`] draw, for
/// programs (`carcref show --format json`, `notation/json.md`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct BoardView {
    /// The seats, in seat order.
    pub players: Vec<PlayerView>,
    /// Every placed tile, in order of placement.
    pub tiles: Vec<TileView>,
    /// Every figure on the board, tile by tile in order of placement.
    pub figures: Vec<FigureView>,
    /// Every feature of the board (cities, roads, fields, monasteries), in
    /// order of their first-placed segment.
    pub features: Vec<FeatureData>,
    /// With The Tower: the towers built, in the order of their first piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub towers: Option<Vec<TowerView>>,
    /// With The Tower: the followers held by another player, in the order
    /// they were taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<Vec<PrisonerView>>,
    /// With The Princess & the Dragon: the dragon's square, `null` before
    /// the first volcano brings it in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon: Option<Option<String>>,
    /// With The Princess & the Dragon: the fairy, `null` before it is first
    /// placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairy: Option<Option<FairyView>>,
    /// With The Princess & the Dragon: the dragon tiles set aside, waiting
    /// for the first volcano, in the order they were set aside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aside: Option<Vec<String>>,
    /// With The Princess & the Dragon: the figures the dragon ate (sent
    /// home), in order: those of the whole game with
    /// [`BoardView::set_meals`], else those of the last turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eaten: Option<Vec<MealView>>,
    /// With Mage & Witch: where the mage stands, `x,y SPOT`; `null` off the
    /// board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mage: Option<Option<String>>,
    /// With Mage & Witch: where the witch stands, as [`BoardView::mage`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witch: Option<Option<String>>,
}

/// The fairy as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FairyView {
    /// The square of its tile, `x,y`.
    pub at: String,
    /// With `fairy-next-follower`: the follower it stands next to, while it
    /// stands there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follower: Option<FairyFollowerView>,
}

/// The follower the fairy stands next to, as [`FairyView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FairyFollowerView {
    /// Its owner's name.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
    /// Its spot on the fairy's tile.
    pub spot: String,
    /// The turn that placed it.
    pub turn: u32,
}

/// A figure the dragon ate, as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MealView {
    /// The turn of the dragon's journey.
    pub turn: u32,
    /// Whose figure it was.
    pub player: String,
    /// Its kind.
    pub figure: Figure,
}

impl BoardView {
    /// The figures the dragon ate during the game (turn, owner, kind; as
    /// [`crate::referee::Replay::dragon_meals`] gives them), in place of
    /// those of the last turn. Nothing changes without The Princess & the
    /// Dragon.
    pub fn set_meals(&mut self, game: &Game<'_>, meals: &[(u32, Player, Figure)]) {
        if let Some(eaten) = &mut self.eaten {
            *eaten = meals
                .iter()
                .map(|(turn, player, figure)| MealView {
                    turn: *turn,
                    player: game.name(*player).to_string(),
                    figure: *figure,
                })
                .collect();
        }
    }
}

/// A tower as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TowerView {
    /// The square of its tile, `x,y`.
    pub at: String,
    /// Its stories: the tower pieces built on it.
    pub height: u8,
    /// The follower closing it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guard: Option<GuardView>,
}

/// The follower on top of a tower, as [`TowerView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GuardView {
    /// Its owner's name.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
    /// The turn that put it there.
    pub turn: u32,
}

/// A prisoner as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PrisonerView {
    /// Who holds it.
    pub jailer: String,
    /// Whose follower it is.
    pub player: String,
    /// `follower` or `big`.
    pub figure: Figure,
}

/// A seat as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// The colour of its figures in the pictures.
    pub colour: &'static str,
    /// Points scored during play so far (no final scoring).
    pub score: u32,
    /// Followers (small and large) still in the supply.
    pub followers_in_hand: u8,
    /// With The Tower: the tower pieces left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower_pieces: Option<u8>,
    /// With The Robbers: the space of the scoreboard the player's robber
    /// stands on, `null` in front of the player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robber: Option<Option<u32>>,
    /// With The Messengers: the points the player's messenger has moved
    /// (until the final scoring); `score` is then both pawns' sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messenger: Option<u32>,
}

/// A placed tile as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TileView {
    /// Its square, `x,y`.
    pub at: String,
    /// Its tile id.
    pub tile: String,
    /// Its rotation, `r0` to `r270`.
    pub rotation: String,
    /// The turn that placed it (0: the start tile).
    pub turn: u32,
}

/// A figure as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FigureView {
    /// Its owner's name.
    pub player: String,
    /// Its kind.
    pub figure: Figure,
    /// The square of the tile it stands on, `x,y`.
    pub at: String,
    /// The spot on that tile (canonical name, as a record writes it).
    pub spot: String,
    /// The turn that placed it.
    pub turn: u32,
    /// The feature it stands on, named as [`FeatureData::at`] names it.
    pub feature: String,
}

/// A feature as [`BoardView`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FeatureData {
    /// Its kind.
    pub kind: FeatureKind,
    /// Its name: its first-placed segment as a tile and a spot (`0,1 S`).
    pub at: String,
    /// The squares of its distinct tiles, in order of placement.
    pub tiles: Vec<String>,
    /// Whether it is completed: a city or road with no open edge, a monastery
    /// with all eight squares around it taken (a field never is).
    pub complete: bool,
    /// Banners (cities).
    #[serde(skip_serializing_if = "is_zero")]
    pub banners: u32,
    /// Inns (roads; Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub inns: u32,
    /// Cathedrals (cities; Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub cathedrals: u32,
    /// The indexes in [`BoardView::figures`] of the figures standing on it.
    pub figures: Vec<usize>,
    /// Who holds it: the players with the most followers on it now (a large
    /// follower counts two; builders and pigs none), or, for a feature scored
    /// during play, those who scored it.
    pub owners: Vec<String>,
    /// Its scoring during play, if it was completed with a follower on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<ScoredView>,
}

/// A feature's scoring during play, as [`FeatureData`] shows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ScoredView {
    /// The turn that completed it.
    pub turn: u32,
    /// Followers each player had on it (majority strength).
    pub followers: OrderedMap<u32>,
    /// Points each scoring player got.
    pub points: OrderedMap<u32>,
}

/// The board of a game as data ([`BoardView`]). `scored`: the scorings of
/// the turns played (those of the final scoring, `turn: None`, are left
/// out), to give each completed feature its points.
pub fn board_view(game: &Game<'_>, scored: &[crate::score::ScoreEvent]) -> BoardView {
    use std::collections::BTreeMap;
    let board = game.board();
    let features = game.features();
    let seats = players(game);
    let name = |p: Player| game.name(p).to_string();
    let players_view = seats
        .iter()
        .map(|&p| PlayerView {
            name: name(p),
            colour: colour(game, p).name,
            score: game.score().get(p).copied().unwrap_or(0),
            followers_in_hand: game.followers_in_hand(p),
            tower_pieces: game
                .towers()
                .map(|t| t.pieces().get(p).copied().unwrap_or(0)),
            robber: game.robbers().map(|r| r.space(p).map(Space::number)),
            messenger: game.pawns().get(p).and_then(|x| x.messenger),
        })
        .collect();
    let tiles = board
        .tiles()
        .iter()
        .map(|t| TileView {
            at: t.pos.to_string(),
            tile: game.catalog().def(t.tile).id.clone(),
            rotation: t.rotation.to_string(),
            turn: t.turn,
        })
        .collect();
    // Every feature, by its stable name (first node), with its root now.
    let mut by_first: BTreeMap<u32, u32> = BTreeMap::new();
    for placed in board.tiles() {
        let Some(def) = game.catalog().get(placed.tile) else {
            continue;
        };
        for segment in segment_ids(def) {
            let root = features.root(node_of(placed, segment));
            by_first.insert(features.first_node_of(root), root);
        }
    }
    let spot_name = |placed: &PlacedTile, segment: SegmentId| {
        let def = game.catalog().def(placed.tile);
        crate::tiles::Spot::all()
            .find(|s| s.segment(def, placed.rotation) == Some(segment))
            .map_or_else(String::new, |s| s.to_string())
    };
    let feature_name = |node: u32| crate::rules::scoring::feature_ref(game, node).to_string();
    let mut figures = Vec::new();
    // For each feature root, the indexes of its figures.
    let mut on_feature: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for s in standing(game) {
        let Some(placed) = board.tiles().get(s.tile) else {
            continue;
        };
        let node = node_of(placed, s.segment);
        on_feature
            .entry(features.root(node))
            .or_default()
            .push(figures.len());
        figures.push(FigureView {
            player: name(s.player),
            figure: s.figure,
            at: placed.pos.to_string(),
            spot: spot_name(placed, s.segment),
            turn: s.turn,
            feature: feature_name(node),
        });
    }
    let in_seat_order = |list: &[(Player, u32)]| {
        let mut list = list.to_vec();
        list.sort_by_key(|(p, _)| *p);
        OrderedMap(list.into_iter().map(|(p, n)| (name(p), n)).collect())
    };
    let mut scorings: BTreeMap<u32, &crate::score::ScoreEvent> = BTreeMap::new();
    // The mage's points on a feature scored (Mage & Witch): the feature's
    // points too.
    let mut mage: BTreeMap<u32, u32> = BTreeMap::new();
    for e in scored {
        if e.turn.is_some() && e.reason == crate::score::ScoreReason::Completed {
            scorings.insert(features.root(e.node), e);
        }
        if e.turn.is_some() && e.reason == crate::score::ScoreReason::Mage {
            *mage.entry(features.root(e.node)).or_insert(0) += e.points;
        }
    }
    let features_view = by_first
        .values()
        .filter_map(|&root| {
            let f = features.feature(root)?;
            let tiles: Vec<String> = features
                .distinct_tiles(root)
                .into_iter()
                .filter_map(|t| board.tile(t).map(|p| p.pos.to_string()))
                .collect();
            let complete = match f.kind {
                FeatureKind::City | FeatureKind::Road => f.is_complete(),
                FeatureKind::Monastery => features
                    .tile_of(root)
                    .and_then(|t| board.tile(t))
                    .is_some_and(|p| board.surrounding_count(p.pos) >= 8),
                FeatureKind::Field => false,
            };
            let event = scorings.get(&root);
            let owners = match event {
                Some(e) => e.winners.iter().map(|p| name(*p)).collect(),
                None => {
                    let (_, winners) =
                        crate::score::majority(f.followers().map(|x| (x.player, x.strength())));
                    winners.iter().map(|p| name(*p)).collect()
                }
            };
            Some(FeatureData {
                kind: f.kind,
                at: feature_name(root),
                tiles,
                complete,
                banners: u32::from(f.pennants),
                inns: u32::from(f.inns),
                cathedrals: u32::from(f.cathedrals),
                figures: on_feature.get(&root).cloned().unwrap_or_default(),
                owners,
                scored: event.and_then(|e| {
                    Some(ScoredView {
                        turn: e.turn?,
                        followers: in_seat_order(&e.strength),
                        points: in_seat_order(
                            &e.winners
                                .iter()
                                .map(|p| {
                                    let bonus = mage.get(&root).copied().unwrap_or(0);
                                    (*p, e.points_for(*p).saturating_add(bonus))
                                })
                                .collect::<Vec<_>>(),
                        ),
                    })
                }),
            })
        })
        .collect();
    let towers = game.towers().map(|t| {
        t.towers()
            .iter()
            .map(|t| TowerView {
                at: t.pos.to_string(),
                height: t.height,
                guard: t.guard.map(|g| GuardView {
                    player: name(g.player),
                    figure: g.figure,
                    turn: g.turn,
                }),
            })
            .collect()
    });
    let prisoners = game.towers().map(|t| {
        t.prisoners()
            .iter()
            .map(|p| PrisonerView {
                jailer: name(p.jailer),
                player: name(p.owner),
                figure: p.figure,
            })
            .collect()
    });
    let pd = game.princess_and_dragon();
    let fairy = pd.map(|d| {
        d.fairy().map(|f| FairyView {
            at: f.pos.to_string(),
            follower: board.at(f.pos).and_then(|placed| {
                let (segment, player) = fairy_follower(game, placed, f)?;
                let n = f.next_to?;
                let figure = features
                    .feature(n.node)?
                    .followers()
                    .find(|x| x.node == n.node && x.player == n.player && x.turn == n.turn)?
                    .figure;
                Some(FairyFollowerView {
                    player: name(player),
                    figure,
                    spot: spot_name(placed, segment),
                    turn: n.turn,
                })
            }),
        })
    });
    BoardView {
        players: players_view,
        tiles,
        figures,
        features: features_view,
        towers,
        prisoners,
        dragon: pd.map(|d| d.dragon().map(|p| p.to_string())),
        fairy,
        aside: pd.map(|d| {
            d.aside()
                .iter()
                .map(|t| game.catalog().def(*t).id.clone())
                .collect()
        }),
        eaten: pd.map(|d| {
            d.eaten()
                .iter()
                .map(|(player, figure)| MealView {
                    turn: game.turn(),
                    player: name(*player),
                    figure: *figure,
                })
                .collect()
        }),
        mage: game.magic().map(|_| pawn_at(game, Pawn::Mage)),
        witch: game.magic().map(|_| pawn_at(game, Pawn::Witch)),
    }
}

/// The illegal turn that stopped a replay, as JSON documents show it.
#[derive(Debug, Clone, Serialize)]
pub struct Stopped {
    /// The turn, as the record numbers it.
    pub turn: u32,
    /// The fault's code.
    pub code: String,
    /// The fault's message.
    pub message: String,
    /// The line of the file the fault points at (1-based).
    pub line: usize,
}

/// `show --format json`: the board of one game after a turn.
#[derive(Debug, Clone, Serialize)]
pub struct ShowDocument {
    /// The file the game was read from (`-`: standard input).
    pub file: String,
    /// The game's place in its file (1-based).
    pub game: usize,
    /// The rules edition the game is played by.
    pub rules: String,
    /// The last turn played on the board shown (0: only the start tile).
    pub position_after: u32,
    /// `valid`, or `invalid` when an illegal turn stopped the replay before
    /// the turn asked for.
    pub status: &'static str,
    /// For a faulty record, what the human format's first line says: where
    /// the position is and which turn is illegal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The illegal turn that stopped the replay, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
    /// The board.
    #[serde(flatten)]
    pub board: BoardView,
}
