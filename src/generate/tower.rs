//! The Tower in random games: the actions open to a turn besides its tile
//! (tower pieces and the prisoners they take, followers closing a tower,
//! ransoms), and a random choice among them.

use super::{Rng, accepted, act_step, board_followers, figure_step, sp, spot_of, target_at};
use crate::board::Pos;
use crate::figures::Figure;
use crate::notation::{ActArg, Place, StepRecord};
use crate::player::Player;
use crate::rules::Game;
use crate::rules::expansions::tower::in_reach;
use crate::tiles::{Rotation, Spot, TileId};

/// A tower piece the player of a turn may build, with the prisoners it can
/// take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceOption {
    /// The square of the tower (or empty tower place) it goes on.
    pub at: Pos,
    /// The tower's height with the piece.
    pub height: u8,
    /// The step that builds it (`+tower:x,y/T`, or `+tower:T` on the tile
    /// placed).
    pub step: StepRecord,
    /// The prisoners within its reach, each with the exchange it causes.
    pub captures: Vec<CaptureOption>,
}

/// A prisoner a tower piece can take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureOption {
    /// The square it stands on.
    pub at: Pos,
    /// Its spot there, or `None` for the guard on the tower of that square.
    pub spot: Option<Spot>,
    /// Its owner.
    pub owner: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// Which of the turn player's followers comes back in the exchange the
    /// capture causes, if it causes one.
    pub exchange: Option<Figure>,
    /// The steps that take it, written after the piece: the capture, and
    /// the exchange's choice where its owner holds both kinds.
    pub steps: Vec<StepRecord>,
}

/// A follower the player may put on top of a tower, closing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosingOption {
    /// The tower's square.
    pub at: Pos,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`+x,y/T`, `+big:x,y/T`).
    pub step: StepRecord,
}

/// One of the player's followers the player may buy back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RansomOption {
    /// Who holds it (and is paid).
    pub jailer: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`ransom:follower(Name)`).
    pub step: StepRecord,
}

/// The actions of The Tower open to the player of the next turn, with a tile
/// placed at a square: each written as steps of version 2 (SPEC 2.14, 6.6)
/// and kept only where [`Game::check_due`] accepts the turn with them (after
/// the steps `before`, such as a ransom). Candidates come from the board (the
/// tower places, the followers within each tower's reach, the prisoners);
/// whether each is legal is the engine's answer, never decided here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TowerOptions {
    /// Tower pieces, by the order of their tiles' placement.
    pub pieces: Vec<PieceOption>,
    /// Followers closing a tower, by the order of the towers' first piece.
    pub closings: Vec<ClosingOption>,
    /// Ransoms, by the order the prisoners were taken.
    pub ransoms: Vec<RansomOption>,
}

/// A follower kind as the actions name it.
fn kind_name(figure: Figure) -> &'static str {
    match figure {
        Figure::Big => "big",
        _ => "follower",
    }
}

/// The Tower's actions for the next turn with the tile placed: see
/// [`TowerOptions`]. Empty without The Tower.
pub fn tower_options(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    before: &[StepRecord],
) -> TowerOptions {
    let Some(towers) = game.towers() else {
        return TowerOptions::default();
    };
    let (own, _) = placement;
    let with = |more: &[StepRecord]| {
        let mut steps = before.to_vec();
        steps.extend_from_slice(more);
        accepted(game, tile, placement, &steps)
    };
    let catalog = game.catalog();
    let player = game.next_player();
    // Tower places: the placed tiles', then the new tile's.
    let mut places: Vec<Pos> = game
        .board()
        .tiles()
        .iter()
        .filter(|t| catalog.def(t.tile).tower)
        .map(|t| t.pos)
        .collect();
    if catalog.def(tile).tower {
        places.push(own);
    }
    let mut pieces = Vec::new();
    for at in places {
        let step = figure_step(Some("tower"), target_at(own, at, Place::Tower));
        if with(std::slice::from_ref(&step)).is_none() {
            continue;
        }
        let height = towers.tower(at).map_or(0, |t| t.height).saturating_add(1);
        let captures = capture_candidates(game, at, height)
            .into_iter()
            .flat_map(|c| capture_writings(game, own, c))
            .filter_map(|(c, steps)| {
                let mut all = vec![step.clone()];
                all.extend_from_slice(&steps);
                let mv = with(&all)?;
                // The exchange as the engine resolved it.
                let exchange = mv.steps.iter().find_map(|s| match s.act {
                    crate::rules::Act::Capture { exchange, .. } => Some(exchange),
                    _ => None,
                })?;
                Some(CaptureOption {
                    exchange,
                    steps,
                    ..c
                })
            })
            .fold(Vec::<CaptureOption>::new(), |mut kept, c| {
                // One writing a capture and outcome: the shortest accepted.
                if !kept.iter().any(|k| {
                    (k.at, k.spot, k.owner, k.figure, k.exchange)
                        == (c.at, c.spot, c.owner, c.figure, c.exchange)
                }) {
                    kept.push(c);
                }
                kept
            });
        pieces.push(PieceOption {
            at,
            height,
            step,
            captures,
        });
    }
    let mut closings = Vec::new();
    for t in towers.towers() {
        for figure in [Figure::Follower, Figure::Big] {
            let step = figure_step(figure.notation(), target_at(own, t.pos, Place::Tower));
            if with(std::slice::from_ref(&step)).is_some() {
                closings.push(ClosingOption {
                    at: t.pos,
                    figure,
                    step,
                });
            }
        }
    }
    let mut ransoms: Vec<RansomOption> = Vec::new();
    for p in towers.prisoners().iter().filter(|p| p.owner == player) {
        if ransoms
            .iter()
            .any(|r| (r.jailer, r.figure) == (p.jailer, p.figure))
        {
            continue;
        }
        let step = act_step(
            "ransom",
            Some(ActArg::Kind(kind_name(p.figure).into())),
            Some(game.name(p.jailer)),
        );
        if with(std::slice::from_ref(&step)).is_some() {
            ransoms.push(RansomOption {
                jailer: p.jailer,
                figure: p.figure,
                step,
            });
        }
    }
    TowerOptions {
        pieces,
        closings,
        ransoms,
    }
}

/// The followers (small and large) on the board within the reach of a tower
/// of a height, and the guards of the towers there: candidates for a capture,
/// each once, in board order.
fn capture_candidates(game: &Game<'_>, tower: Pos, height: u8) -> Vec<CaptureOption> {
    let mut out: Vec<CaptureOption> = board_followers(game)
        .into_iter()
        .filter(|(pos, ..)| in_reach(tower, height, *pos))
        .map(|(at, spot, owner, figure)| CaptureOption {
            at,
            spot: Some(spot),
            owner,
            figure,
            exchange: None,
            steps: Vec::new(),
        })
        .collect();
    if let Some(towers) = game.towers() {
        for t in towers.towers() {
            if let Some(g) = t.guard.filter(|_| in_reach(tower, height, t.pos)) {
                out.push(CaptureOption {
                    at: t.pos,
                    spot: None,
                    owner: g.player,
                    figure: g.figure,
                    exchange: None,
                    steps: Vec::new(),
                });
            }
        }
    }
    out
}

/// The ways to write a capture, shortest first: without and with the kind
/// and the owner named, each without an exchange's choice and with either.
fn capture_writings(
    game: &Game<'_>,
    own: Pos,
    c: CaptureOption,
) -> Vec<(CaptureOption, Vec<StepRecord>)> {
    let place = c.spot.map_or(Place::Tower, Place::Spot);
    let kind = (c.figure == Figure::Big).then_some("big");
    let owner = game.name(c.owner);
    let capture = |owner: Option<&str>| {
        act_step(
            "capture",
            Some(ActArg::At {
                figure: kind.map(|k| sp(k.into())),
                target: target_at(own, c.at, place),
            }),
            owner,
        )
    };
    let mut out = Vec::new();
    for written in [capture(None), capture(Some(owner))] {
        out.push((c.clone(), vec![written.clone()]));
        for k in [Figure::Follower, Figure::Big] {
            let choice = act_step("exchange", Some(ActArg::Kind(kind_name(k).into())), None);
            out.push((c.clone(), vec![written.clone(), choice]));
        }
    }
    out
}

/// A random turn of a game with The Tower, the tile placed: perhaps a ransom
/// (one time in two where one is open), then the turn's figure: a tower piece
/// or a follower closing a tower one time in three where one is open (a piece
/// taking a prisoner three times in four where one is in reach, the exchange's
/// choice written where its owner has one), else a follower or none as in the
/// other games. Returns the steps and the figure written as version 1's
/// (`+SPOT`); every step is one the engine accepted.
pub(super) fn tower_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figures: &[crate::rules::FollowerMove],
    rng: &mut Rng,
) -> (Vec<StepRecord>, Option<crate::rules::FollowerMove>) {
    let mut steps = Vec::new();
    let first = tower_options(game, tile, placement, &[]);
    if !first.ransoms.is_empty()
        && rng.below(2) == 0
        && let Some(r) = first.ransoms.get(rng.below(first.ransoms.len()))
    {
        steps.push(r.step.clone());
    }
    let options = if steps.is_empty() {
        first
    } else {
        tower_options(game, tile, placement, &steps)
    };
    let open = options.pieces.len() + options.closings.len();
    if open > 0 && rng.below(3) == 0 {
        let i = rng.below(open);
        if let Some(p) = options.pieces.get(i) {
            steps.push(p.step.clone());
            if !p.captures.is_empty()
                && rng.below(4) != 0
                && let Some(c) = p.captures.get(rng.below(p.captures.len()))
            {
                steps.extend(c.steps.iter().cloned());
            }
        } else if let Some(c) = options.closings.get(i - options.pieces.len()) {
            steps.push(c.step.clone());
        }
        return (steps, None);
    }
    if steps.is_empty() {
        return (steps, figures.get(rng.below(figures.len() + 1)).copied());
    }
    // After a ransom, the figures the engine now accepts on the tile: the
    // ransomed follower among them.
    let (pos, rotation) = placement;
    let def = game.catalog().def(tile);
    let mut own: Vec<StepRecord> = Vec::new();
    for segment in (0..def.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
        let Some(spot) = spot_of(game, tile, rotation, segment) else {
            continue;
        };
        for figure in Figure::ALL {
            let step = figure_step(figure.notation(), target_at(pos, pos, Place::Spot(spot)));
            let mut all = steps.clone();
            all.push(step.clone());
            if accepted(game, tile, placement, &all).is_some() {
                own.push(step);
            }
        }
    }
    if let Some(s) = own.get(rng.below(own.len() + 1)) {
        steps.push(s.clone());
    }
    (steps, None)
}
