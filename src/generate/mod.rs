//! Random legal games: a random draw order (with the River, its tiles first and
//! the lake after them), then for each tile a uniformly random legal placement (or
//! a discard when it fits nowhere) and a uniformly random figure choice (none, or
//! one of the legal figures on one of the legal spots). Deterministic for a seed,
//! written with a score claim on every turn that scores, the goods each turn takes,
//! and the final result.
//!
//! The expansions' actions are chosen among those the engine accepts, in a
//! module each: `tower` (The Tower), `dragon` (The Princess & the Dragon) and
//! `minis` (the smaller expansions); this module draws the tiles and writes
//! the game.

mod dragon;
mod greedy;
mod minis;
mod tower;

use crate::board::Pos;
use crate::features::node_of;
use crate::figures::Figure;
use crate::notation::{
    ActArg, ActRecord, ActionRecord, ClaimRecord, EventRecord, FigureStep, FollowerSpec,
    GameRecord, Place, Span, Spanned, StepRecord, TagRecord, Target, TurnRecord,
};
use crate::player::Player;
use crate::referee::points_of;
use crate::rules::expansions::traders_and_builders::goods_args;
use crate::rules::expansions::{Expansion, Expansions};
use crate::rules::{Action, BASIC_SET, Edition, Game, Move, Setup, TurnInput, Violation};
use crate::tiles::{Rotation, Spot, Symbol, TileCatalog, TileId};
use dragon::{dragon_turn, journey};
use minis::{flight_turn, magic_step, messenger_steps, minis_steps};
use tower::tower_turn;

pub use dragon::{
    DragonMoveOption, DragonOptions, FairyOption, KnightOption, PortalOption, Verdict,
    dragon_moves, dragon_options, verdict,
};
pub use greedy::Policy;
pub use minis::flight_options;
pub use tower::{
    CaptureOption, ClosingOption, PieceOption, RansomOption, TowerOptions, tower_options,
};

/// SplitMix64: a small, fast generator whose output never changes between
/// versions, so a seed always gives the same games.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift keeps the bias below 2^-32 for the small n used here.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenOptions {
    /// The rules edition.
    pub edition: Edition,
    /// Number of players (at least 2, at most the edition seats: more are not
    /// seated).
    pub players: usize,
    /// The expansions in play.
    pub expansions: Expansions,
}

/// Attempts at a game before giving up on a river that cannot be continued (a
/// river blocked by its own bends is rare; each attempt draws a new order).
const RIVER_ATTEMPTS: usize = 64;

const NAMES: [&str; 6] = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "grey"];

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

fn tag(name: &str, value: String) -> TagRecord {
    TagRecord {
        comments_before: Vec::new(),
        comment: None,
        name: sp(name.into()),
        value: sp(value.into()),
        span: Span::default(),
    }
}

/// The canonical spot name of a segment of a placed tile: the first spot name (in
/// the order N E S W, NNW … WNW, C) that reaches it.
pub fn spot_of(
    game: &Game<'_>,
    tile: TileId,
    rotation: crate::tiles::Rotation,
    segment: u8,
) -> Option<Spot> {
    let def = game.catalog().def(tile);
    Spot::all().find(|s| s.segment(def, rotation) == Some(segment))
}

fn figure_step(name: Option<&str>, target: Target) -> StepRecord {
    StepRecord::Figure(FigureStep {
        figure: name.map(|n| sp(n.into())),
        target,
        span: Span::default(),
    })
}

fn act_step(verb: &str, arg: Option<ActArg>, player: Option<&str>) -> StepRecord {
    StepRecord::Act(ActRecord {
        verb: sp(verb.into()),
        arg: arg.map(sp),
        player: player.map(|p| sp(p.into())),
        span: Span::default(),
    })
}

/// A target as the canonical form writes it: a spot alone on the tile placed.
fn target_at(own: Pos, at: Pos, place: Place) -> Target {
    Target {
        pos: (at != own).then(|| sp(at)),
        place: Some(sp(place)),
    }
}

/// The move the engine makes of the next turn placing a tile with these
/// steps, if it accepts it.
fn accepted(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    steps: &[StepRecord],
) -> Option<Move> {
    let input = TurnInput {
        number: game.turn().saturating_add(1),
        player: game.name(game.next_player()),
        tile: game.catalog().def(tile).id.as_str(),
        place: Some((pos, rotation)),
        figure: None,
        aside: false,
        steps: crate::notation::act::TurnSteps::Written(steps),
    };
    check_but_messages(game, &input).ok()
}

/// [`Game::check_due`], but for The Messengers' messages, which a turn gets
/// once its other steps are written (`messenger_steps`).
fn check_but_messages(game: &Game<'_>, input: &TurnInput<'_>) -> Result<Move, Violation> {
    if game.messengers().is_some() {
        game.check_due_but_messages(input)
    } else {
        game.check_due(input)
    }
}

/// The followers (small and large) on the board, each once: square, spot,
/// owner, kind; in board order.
fn board_followers(game: &Game<'_>) -> Vec<(Pos, Spot, Player, Figure)> {
    let mut out = Vec::new();
    let features = game.features();
    for placed in game.board().tiles() {
        let def = game.catalog().def(placed.tile);
        for segment in (0..def.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
            let node = node_of(placed, segment);
            let Some(feature) = features.feature(node) else {
                continue;
            };
            for f in feature
                .followers()
                .filter(|f| f.node == node && f.figure.is_follower())
            {
                let Some(spot) = spot_of(game, placed.tile, placed.rotation, segment) else {
                    continue;
                };
                let entry = (placed.pos, spot, f.player, f.figure);
                if !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
    }
    out
}

/// A turn without actions of version 2, as the engine resolves it.
fn plain_move(player: Player, tile: TileId, action: Action) -> Move {
    Move {
        player,
        tile,
        action,
        steps: Default::default(),
        figure_at: 0,
    }
}

/// One random complete game.
pub fn random_game(catalog: &TileCatalog, options: &GenOptions, rng: &mut Rng) -> GameRecord {
    random_game_with(catalog, options, &[], rng)
}

/// [`random_game`] with tile sets of the user's own in play besides
/// (`tile_sets`, of [`TileCatalog::user_sets`]): their tiles join the draw and
/// the record names them in its Expansions tag, after the expansions.
pub fn random_game_with(
    catalog: &TileCatalog,
    options: &GenOptions,
    tile_sets: &[String],
    rng: &mut Rng,
) -> GameRecord {
    game_by_policy(catalog, options, tile_sets, Policy::Random, rng)
}

/// [`random_game_with`], each turn's placement and figure chosen by `policy`
/// (the random policy gives the games of [`random_game_with`]).
pub fn game_by_policy(
    catalog: &TileCatalog,
    options: &GenOptions,
    tile_sets: &[String],
    policy: Policy,
    rng: &mut Rng,
) -> GameRecord {
    let mut attempt = 0;
    loop {
        attempt += 1;
        match try_game(catalog, options, tile_sets, policy, rng) {
            Ok(record) => return record,
            // Keep the last attempt: its river tile that fits nowhere is recorded as
            // a discard, which the referee reports (E309) rather than hiding it.
            Err(record) if attempt >= RIVER_ATTEMPTS => return record,
            Err(_) => {}
        }
    }
}

/// The draw order: shuffled, and with the River the river tiles first, the lake
/// next, the land after them.
fn draw_order(game: &Game<'_>, catalog: &TileCatalog, rng: &mut Rng) -> Vec<TileId> {
    let mut bag: Vec<TileId> = catalog
        .iter()
        .flat_map(|(id, _)| std::iter::repeat_n(id, usize::from(game.remaining_of(id))))
        .collect();
    // Fisher–Yates shuffle.
    for i in (1..bag.len()).rev() {
        let j = rng.below(i + 1);
        bag.swap(i, j);
    }
    if game.expansions().contains(Expansion::River) {
        let lake = catalog.last_of(Expansion::River.name());
        bag.sort_by_key(|t| match (catalog.def(*t).river != 0, Some(*t) == lake) {
            (true, false) => 0,
            (true, true) => 1,
            _ => 2,
        });
    }
    bag
}

/// One game; `Err` (with the record so far) when a river tile fits nowhere.
fn try_game(
    catalog: &TileCatalog,
    options: &GenOptions,
    tile_sets: &[String],
    policy: Policy,
    rng: &mut Rng,
) -> Result<GameRecord, GameRecord> {
    let players: Vec<String> = NAMES
        .iter()
        .take(options.players.clamp(2, options.edition.max_players()))
        .map(|s| s.to_string())
        .collect();
    let mut sets = vec![BASIC_SET.to_string()];
    sets.extend(options.expansions.iter().map(|e| e.name().to_string()));
    sets.extend(tile_sets.iter().cloned());
    let setup = Setup {
        players: players.clone(),
        colours: COLOURS
            .iter()
            .take(players.len())
            .map(|c| Some(c.to_string()))
            .collect(),
        edition: options.edition,
        sets,
        variants: Default::default(),
        scenario: Default::default(),
    };
    let mut game = Game::new(setup, catalog);
    let mut bag = draw_order(&game, catalog, rng);
    // Drawn from the end.
    bag.reverse();
    let tower = options.expansions.contains(Expansion::Tower);
    let dragon = options.expansions.contains(Expansion::PrincessAndDragon);
    let flying = options.expansions.contains(Expansion::FlyingMachines);
    let circles = options.expansions.contains(Expansion::CropCircles1)
        || options.expansions.contains(Expansion::CropCircles2);
    let gold = options.expansions.contains(Expansion::GoldMines);
    let magic = options.expansions.contains(Expansion::MageAndWitch);
    let ferries = options.expansions.contains(Expansion::Ferries);
    let robbers = options.expansions.contains(Expansion::Robbers);
    let messengers = options.expansions.contains(Expansion::Messengers);
    // The Messengers: the order of the message stack, shuffled.
    let mut stack: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
    for i in (1..stack.len()).rev() {
        stack.swap(i, rng.below(i + 1));
    }
    let mut set_aside: Vec<TileId> = Vec::new();
    let mut turns = Vec::new();
    let mut blocked = false;
    while let Some(tile) = bag.pop() {
        let player = game.next_player();
        // A dragon tile drawn while the dragon is off the board.
        let aside = game
            .princess_and_dragon()
            .is_some_and(|d| d.dragon().is_none())
            && catalog.def(tile).symbol == Some(Symbol::Dragon);
        let placements = if aside {
            Vec::new()
        } else {
            game.legal_placements(tile)
        };
        blocked |= placements.is_empty() && catalog.def(tile).river != 0;
        let number = game.turn() + 1;
        let mut steps = Vec::new();
        let mut magic_written: Option<StepRecord> = None;
        let (action, action_record, follower_spec) = if aside {
            set_aside.push(tile);
            (Action::Aside, ActionRecord::Aside, None)
        } else if placements.is_empty() {
            (Action::Discard, ActionRecord::Discard, None)
        } else {
            let ((pos, rotation), greedy_figure) = match policy {
                Policy::Random => (
                    placements
                        .get(rng.below(placements.len()))
                        .copied()
                        .unwrap_or((Pos::new(0, 0), crate::tiles::Rotation::R0)),
                    None,
                ),
                Policy::Greedy => greedy::choose(&game, player, tile, &placements, rng),
            };
            let figures = game.legal_figures(player, tile, pos, rotation);
            let flight = if flying && rng.below(2) == 0 {
                flight_turn(&game, tile, (pos, rotation), rng)
            } else {
                None
            };
            let chosen = if let Some(flight) = flight {
                (flight, None)
            } else if tower {
                tower_turn(&game, tile, (pos, rotation), &figures, rng)
            } else if policy == Policy::Greedy {
                (Vec::new(), greedy_figure)
            } else {
                let choice = rng.below(figures.len() + 1);
                (Vec::new(), figures.get(choice).copied())
            };
            let (mut written, follower) = if dragon {
                dragon_turn(&game, tile, (pos, rotation), chosen, &figures, rng)
            } else {
                chosen
            };
            // Mage & Witch: a pawn step, before the figure, which is then
            // written as a step after it.
            let pawn = if magic {
                magic_step(&game, tile, (pos, rotation), rng)
            } else {
                None
            };
            let mut spec_follower = follower;
            if let Some(step) = &pawn {
                let figure = follower.and_then(|f| {
                    let spot = spot_of(&game, tile, rotation, f.segment)?;
                    Some(figure_step(
                        f.figure.notation(),
                        Target {
                            pos: None,
                            place: Some(sp(Place::Spot(spot))),
                        },
                    ))
                });
                if let Some(figure) = figure {
                    written.insert(0, figure);
                    spec_follower = None;
                }
                written.insert(0, step.clone());
            }
            magic_written = pawn;
            steps = written;
            let spec = spec_follower.and_then(|f| {
                let spot = spot_of(&game, tile, rotation, f.segment)?;
                Some(FollowerSpec {
                    figure: f.figure.notation().map(|n| sp(n.into())),
                    spot: sp(spot),
                    span: Span::default(),
                })
            });
            (
                Action::Place {
                    pos,
                    rotation,
                    follower,
                },
                ActionRecord::Place {
                    pos: sp(pos),
                    rotation: sp(rotation),
                },
                spec,
            )
        };
        let mut turn = TurnRecord {
            comments_before: Vec::new(),
            number: sp(number),
            player: sp(game.name(player).into()),
            tile: sp(catalog.def(tile).id.as_str().into()),
            action: sp(action_record),
            follower: follower_spec,
            steps,
            events: Vec::new(),
            claims: Vec::new(),
            comment: None,
            span: Span::default(),
        };
        minis_steps(&game, &mut turn, (gold, circles, ferries), rng);
        if messengers {
            messenger_steps(&game, &mut turn, &stack, rng);
        }
        let mv = if tower
            || dragon
            || flying
            || circles
            || gold
            || magic
            || ferries
            || robbers
            || messengers
        {
            // The engine resolves the turn as written: the record and the
            // game cannot part.
            match game.check_due(&TurnInput::of(&turn)) {
                Ok(mv) => mv,
                Err(_) => {
                    turn.follower = None;
                    turn.steps.clear();
                    // The pawn's step is due whatever the figure.
                    turn.steps.extend(magic_written.clone());
                    let action = match action {
                        Action::Place { pos, rotation, .. } => {
                            // The dragon's journey is no choice: written
                            // for the turn without a figure.
                            if dragon {
                                journey(&game, tile, (pos, rotation), None, &mut turn.steps, rng);
                            }
                            minis_steps(&game, &mut turn, (gold, circles, ferries), rng);
                            if messengers {
                                messenger_steps(&game, &mut turn, &stack, rng);
                            }
                            Action::Place {
                                pos,
                                rotation,
                                follower: None,
                            }
                        }
                        other => other,
                    };
                    match game.check_due(&TurnInput::of(&turn)) {
                        Ok(mv) => mv,
                        Err(_) => plain_move(player, tile, action),
                    }
                }
            }
        } else {
            plain_move(player, tile, action)
        };
        let events = game.apply(mv).to_vec();
        // The tiles set aside go back into the supply once the dragon is in:
        // shuffled among the tiles still to draw.
        if !set_aside.is_empty()
            && game
                .princess_and_dragon()
                .is_some_and(|d| d.dragon().is_some())
        {
            for t in std::mem::take(&mut set_aside) {
                let at = rng.below(bag.len() + 1);
                bag.insert(at, t);
            }
        }
        // The net points of the turn: scored, and moved by ransoms.
        let transfers: Vec<(Player, Player, u32)> = game.turn_transfers().collect();
        turn.claims = (0..players.len() as u8)
            .map(Player)
            .filter_map(|p| {
                let moved: i64 = transfers
                    .iter()
                    .map(|(from, to, points)| {
                        i64::from(*points) * (i64::from(*to == p) - i64::from(*from == p))
                    })
                    .sum();
                let net = i64::from(points_of(&events, p)) + moved;
                (net != 0).then(|| ClaimRecord {
                    negative: net < 0,
                    player: sp(game.name(p).into()),
                    pawn: None,
                    points: sp(u32::try_from(net.unsigned_abs()).unwrap_or(u32::MAX)),
                    total: game.score().get(p).map(|t| sp(*t)),
                    space: None,
                    span: Span::default(),
                })
            })
            .collect();
        let goods = game.turn_goods();
        if goods.iter().any(|n| *n > 0) {
            turn.events.push(EventRecord {
                name: sp("goods".into()),
                args: Some(sp(goods_args(goods).into())),
                span: Span::default(),
            });
        }
        turns.push(turn);
    }
    game.finish();
    let result = game
        .score()
        .iter()
        .map(|(p, s)| format!("{} {s}", game.name(p)))
        .collect::<Vec<_>>()
        .join(", ");
    let roster = players
        .iter()
        .zip(COLOURS)
        .map(|(n, c)| format!("{n} ({c})"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut expansions: Vec<&str> = options.expansions.iter().map(Expansion::name).collect();
    expansions.extend(tile_sets.iter().map(String::as_str));
    let expansions = expansions.join(", ");
    let record = GameRecord {
        tags: vec![
            tag("CGN", crate::header::VERSION.to_string()),
            tag("Event", "Generated game".to_string()),
            tag("Players", roster),
            tag("Rules", options.edition.to_string()),
            tag("Expansions", expansions),
            tag("Result", result),
            tag("Termination", "complete".to_string()),
        ],
        turns,
        trailing_comments: Vec::new(),
        span: Span::default(),
    };
    // As `carcref fmt` writes it: the `CGN` tag gives the version the turns
    // need (2 with the actions of The Tower).
    let record = crate::notation::write::canonical(&record);
    if blocked { Err(record) } else { Ok(record) }
}

#[cfg(test)]
mod tests;
