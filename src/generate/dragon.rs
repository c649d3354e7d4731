//! The Princess & the Dragon in random games: the engine's verdict on a
//! turn written so far, the actions open to a turn besides its tile (the
//! princess, the fairy, the magic portal, the dragon's moves), and a random
//! choice among them with the dragon's journey.

use super::{
    Rng, act_step, board_followers, check_but_messages, figure_step, sp, spot_of, target_at,
};
use crate::board::Pos;
use crate::figures::Figure;
use crate::notation::{ActArg, Place, StepRecord, Target};
use crate::player::Player;
use crate::rules::{Game, Move, TurnInput};
use crate::tiles::{Rotation, Side, Spot, Symbol, TileId};

/// What the engine says of a turn written so far with The Princess & the
/// Dragon: accepted whole, open (accepted but for the dragon's journey,
/// which has moves left to write), or refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted as a whole turn.
    Done(Move),
    /// Every step accepted; the dragon's journey has moves left.
    Open,
    /// A step refused, or the turn incomplete otherwise.
    Refused,
}

/// The engine's verdict on the next turn placing a tile with a follower of
/// version 1 (`figure`) and these steps.
pub fn verdict(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &[StepRecord],
) -> Verdict {
    let input = TurnInput {
        number: game.turn().saturating_add(1),
        player: game.name(game.next_player()),
        tile: game.catalog().def(tile).id.as_str(),
        place: Some((pos, rotation)),
        figure,
        aside: false,
        steps: crate::notation::act::TurnSteps::Written(steps),
    };
    match check_but_messages(game, &input) {
        Ok(mv) => Verdict::Done(mv),
        Err(crate::rules::Violation::DragonJourney { .. }) => Verdict::Open,
        Err(_) => Verdict::Refused,
    }
}

/// A move of the dragon open at a point of its journey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DragonMoveOption {
    /// The direction.
    pub side: Side,
    /// The player whose move it is.
    pub actor: Player,
    /// The step (`dragon:DIR(Player)`).
    pub step: StepRecord,
}

/// A knight the princess may send home.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnightOption {
    /// Its square.
    pub at: Pos,
    /// Its spot.
    pub spot: Spot,
    /// Its owner.
    pub owner: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`princess:x,y/SPOT(Owner)`, `princess:big:…`).
    pub step: StepRecord,
}

/// A tile (and with `fairy-next-follower` a follower) the fairy may go to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FairyOption {
    /// The tile's square.
    pub at: Pos,
    /// The follower's spot, with `fairy-next-follower`.
    pub spot: Option<Spot>,
    /// The step (`+fairy:x,y`, `+fairy:x,y/SPOT`).
    pub step: StepRecord,
}

/// A spot of an earlier tile the magic portal may put a follower on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortalOption {
    /// The tile's square.
    pub at: Pos,
    /// The spot.
    pub spot: Spot,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`+x,y/SPOT`, `+big:x,y/SPOT`).
    pub step: StepRecord,
}

/// The actions of The Princess & the Dragon open to the player of the next
/// turn, with a tile placed at a square: each written as a step of version 2
/// (SPEC 2.14, 6.7) and kept only where the engine accepts the turn with it
/// (its journey, for a dragon tile, still to come). Candidates come from the
/// board (the followers on it, its tiles and their spots); whether each is
/// legal is the engine's answer, never decided here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DragonOptions {
    /// Knights the princess may send home, in board order.
    pub princess: Vec<KnightOption>,
    /// Whether the princess must send one of them home (no other figure).
    pub princess_required: bool,
    /// Where the fairy may go, in board order.
    pub fairy: Vec<FairyOption>,
    /// Followers through the magic portal, in board order (the tile placed
    /// itself not among them: its spots are the turn's ordinary figure).
    pub portal: Vec<PortalOption>,
    /// The dragon's first moves, for a dragon tile with the dragon in.
    pub dragon: Vec<DragonMoveOption>,
}

fn accepted_open(v: &Verdict) -> bool {
    !matches!(v, Verdict::Refused)
}

/// The dragon's moves open after these steps: each direction whose move the
/// engine accepts, by the player whose move it is.
pub fn dragon_moves(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &[StepRecord],
) -> Vec<DragonMoveOption> {
    if verdict(game, tile, placement, figure, steps) != Verdict::Open {
        return Vec::new();
    }
    let made = steps
        .iter()
        .filter(|s| matches!(s, StepRecord::Act(a) if a.verb.value == "dragon"))
        .count();
    let seats = game.setup().players.len().max(1);
    let actor = Player(u8::try_from((game.next_player().index() + made) % seats).unwrap_or(0));
    let mut out = Vec::new();
    for side in Side::ALL {
        let step = act_step(
            "dragon",
            Some(ActArg::At {
                figure: None,
                target: Target {
                    pos: None,
                    place: Some(sp(Place::Spot(Spot::Edge(side)))),
                },
            }),
            (made > 0).then(|| game.name(actor)),
        );
        let mut all = steps.to_vec();
        all.push(step.clone());
        if accepted_open(&verdict(game, tile, placement, figure, &all)) {
            out.push(DragonMoveOption { side, actor, step });
        }
    }
    out
}

/// The Princess & the Dragon's actions for the next turn with the tile
/// placed: see [`DragonOptions`]. Empty without the expansion.
pub fn dragon_options(game: &Game<'_>, tile: TileId, placement: (Pos, Rotation)) -> DragonOptions {
    if game.princess_and_dragon().is_none() {
        return DragonOptions::default();
    }
    let (own, _) = placement;
    let check = |steps: &[StepRecord]| verdict(game, tile, placement, None, steps);
    let bare = check(&[]);
    let catalog = game.catalog();
    let def = catalog.def(tile);
    let followers = board_followers(game);
    let mut out = DragonOptions::default();
    if def.princess().is_some() {
        for &(at, spot, owner, figure) in &followers {
            let step = act_step(
                "princess",
                Some(ActArg::At {
                    figure: (figure == Figure::Big).then(|| sp("big".into())),
                    target: target_at(own, at, Place::Spot(spot)),
                }),
                Some(game.name(owner)),
            );
            if accepted_open(&check(std::slice::from_ref(&step))) {
                out.princess.push(KnightOption {
                    at,
                    spot,
                    owner,
                    figure,
                    step,
                });
            }
        }
        out.princess_required = !out.princess.is_empty() && bare == Verdict::Refused;
    }
    let player = game.next_player();
    let next_follower = game
        .variants()
        .contains(crate::rules::variants::Variant::FairyNextFollower);
    for &(at, spot, owner, _) in followers.iter().filter(|f| f.2 == player) {
        let place = next_follower.then_some(Place::Spot(spot));
        if out
            .fairy
            .iter()
            .any(|f| f.at == at && f.spot.map(Place::Spot) == place)
        {
            continue;
        }
        let step = figure_step(
            Some("fairy"),
            Target {
                pos: Some(sp(at)),
                place: place.map(sp),
            },
        );
        if accepted_open(&check(std::slice::from_ref(&step))) {
            out.fairy.push(FairyOption {
                at,
                spot: next_follower.then_some(spot),
                step,
            });
        }
        let _ = owner;
    }
    if def.symbol == Some(Symbol::Portal) {
        for placed in game.board().tiles() {
            let pdef = catalog.def(placed.tile);
            for segment in (0..pdef.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
                let Some(spot) = spot_of(game, placed.tile, placed.rotation, segment) else {
                    continue;
                };
                for figure in [Figure::Follower, Figure::Big] {
                    let step = figure_step(
                        figure.notation(),
                        Target {
                            pos: Some(sp(placed.pos)),
                            place: Some(sp(Place::Spot(spot))),
                        },
                    );
                    if accepted_open(&check(std::slice::from_ref(&step))) {
                        out.portal.push(PortalOption {
                            at: placed.pos,
                            spot,
                            figure,
                            step,
                        });
                    }
                }
            }
        }
    }
    out.dragon = dragon_moves(game, tile, placement, None, &[]);
    out
}

/// The dragon's journey written after the turn's other steps: a random open
/// move each time until the engine accepts the turn (6 moves, or a dead end).
pub(super) fn journey(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &mut Vec<StepRecord>,
    rng: &mut Rng,
) {
    for _ in 0..usize::from(crate::rules::expansions::princess_and_dragon::JOURNEY) {
        let open = dragon_moves(game, tile, placement, figure, steps);
        let Some(m) = open.get(rng.below(open.len())) else {
            return;
        };
        steps.push(m.step.clone());
    }
}

/// A random turn of a game with The Princess & the Dragon, the tile placed:
/// the princess sending a knight home where her city has knights (always
/// where the rule requires it, else one time in two), else the fairy one time
/// in four where it may move, a follower through the magic portal one time in
/// two where one is open, else a follower or none on the tile (among those
/// the engine accepts here: none on a volcano); then the dragon's journey
/// after a dragon tile. `before` and `figure` are the turn chosen so far
/// (The Tower's steps, a follower), kept where the engine accepts them.
pub(super) fn dragon_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    (before, figure): (Vec<StepRecord>, Option<crate::rules::FollowerMove>),
    figures: &[crate::rules::FollowerMove],
    rng: &mut Rng,
) -> (Vec<StepRecord>, Option<crate::rules::FollowerMove>) {
    let (_, rotation) = placement;
    let written = |f: Option<crate::rules::FollowerMove>| {
        f.and_then(|f| {
            let spot = spot_of(game, tile, rotation, f.segment)?;
            Some((f.figure.notation(), spot))
        })
    };
    let options = dragon_options(game, tile, placement);
    let mut steps = Vec::new();
    let mut follower = None;
    if !options.princess.is_empty() && (options.princess_required || rng.below(2) == 0) {
        if let Some(k) = options.princess.get(rng.below(options.princess.len())) {
            steps.push(k.step.clone());
        }
    } else if accepted_open(&verdict(game, tile, placement, written(figure), &before))
        && (!before.is_empty() || figure.is_some())
    {
        steps = before;
        follower = figure;
    } else if !options.fairy.is_empty() && rng.below(4) == 0 {
        if let Some(f) = options.fairy.get(rng.below(options.fairy.len())) {
            steps.push(f.step.clone());
        }
    } else if !options.portal.is_empty() && rng.below(2) == 0 {
        if let Some(p) = options.portal.get(rng.below(options.portal.len())) {
            steps.push(p.step.clone());
        }
    } else {
        let open: Vec<_> = figures
            .iter()
            .filter(|f| accepted_open(&verdict(game, tile, placement, written(Some(**f)), &[])))
            .copied()
            .collect();
        follower = open.get(rng.below(open.len() + 1)).copied();
    }
    let spec = written(follower);
    journey(game, tile, placement, spec, &mut steps, rng);
    (steps, follower)
}
