//! The smaller expansions in random games: the steps a turn writes for The
//! Flying Machines, The Gold Mines, The Crop Circles, The Ferries, The
//! Robbers, The Messengers and Mage & Witch, each among those the engine
//! opens.

use super::{Rng, accepted, act_step, board_followers, figure_step, sp, target_at};
use crate::board::Pos;
use crate::figures::Figure;
use crate::notation::{ActArg, ActionRecord, Place, StepRecord, Target, TurnRecord};
use crate::player::Player;
use crate::rules::{Game, TurnInput, Violation};
use crate::tiles::{Rotation, Side, Spot, Symbol, TileCatalog, TileId};

/// A flight from the tile placed, if it shows a flying machine and the
/// player has a follower to fly (The Flying Machines): the die rolled, and
/// the landing on one of the spots the engine opens there, by a follower or
/// a large follower in hand; `fly:D` alone where it cannot land.
pub(super) fn flight_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    rng: &mut Rng,
) -> Option<Vec<StepRecord>> {
    let (pos, rotation) = placement;
    let die = *crate::rules::expansions::flying_machines::DIE.get(rng.below(6))?;
    let (to, spots) = game.flight_landings(tile, pos, rotation, die)?;
    let supply = game.supplies().get(game.next_player())?;
    // The large follower, when in hand, two flights in three: it is
    // seldom in hand, and its flights are to be seen.
    let big = supply.count(Figure::Big) > 0 && rng.below(3) > 0;
    let figure = if big || supply.count(Figure::Follower) == 0 {
        Figure::Big
    } else {
        Figure::Follower
    };
    if supply.count(figure) == 0 {
        return None;
    }
    let mut steps = vec![act_step("fly", Some(ActArg::Number(u32::from(die))), None)];
    if let Some(spot) = spots.get(rng.below(spots.len().max(1))) {
        steps.push(figure_step(
            figure.notation(),
            target_at(pos, to, Place::Spot(*spot)),
        ));
    }
    accepted(game, tile, placement, &steps).map(|_| steps)
}

/// The flights from a flying machine placed so, for each face of the die
/// (1, 2, 3): the square reached and each landing the engine accepts, as
/// steps (`fly:D` and the landing, by a follower or a large follower in
/// hand); a face with no landing has `fly:D` alone, if the engine accepts
/// it. Empty where the tile has no flying machine or the player no follower.
pub fn flight_options(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
) -> Vec<(u8, Pos, Vec<Vec<StepRecord>>)> {
    let (pos, rotation) = placement;
    let Some(supply) = game.supplies().get(game.next_player()) else {
        return Vec::new();
    };
    let kinds: Vec<Figure> = [Figure::Follower, Figure::Big]
        .into_iter()
        .filter(|f| supply.count(*f) > 0)
        .collect();
    let mut out = Vec::new();
    for die in 1..=3u8 {
        let Some((to, spots)) = game.flight_landings(tile, pos, rotation, die) else {
            return Vec::new();
        };
        let fly = act_step("fly", Some(ActArg::Number(u32::from(die))), None);
        let written: Vec<Vec<StepRecord>> = if spots.is_empty() {
            vec![vec![fly]]
        } else {
            spots
                .iter()
                .flat_map(|spot| {
                    kinds.iter().map(|f| {
                        vec![
                            fly.clone(),
                            figure_step(f.notation(), target_at(pos, to, Place::Spot(*spot))),
                        ]
                    })
                })
                .collect()
        };
        let accepted: Vec<_> = written
            .into_iter()
            .filter(|steps| accepted(game, tile, placement, steps).is_some())
            .collect();
        if !accepted.is_empty() && !kinds.is_empty() {
            out.push((die, to, accepted));
        }
    }
    out
}

/// The steps of The Gold Mines and The Crop Circles a turn written so far
/// needs, in the rules' order: the second ingot before the figure, then the
/// crop circle's choice, the takes of the ingots (before the circle's
/// actions, which come last), and each player's action under the circle.
pub(super) fn minis_steps(
    game: &Game<'_>,
    turn: &mut TurnRecord,
    (gold, circles, ferries): (bool, bool, bool),
    rng: &mut Rng,
) {
    if gold {
        gold_steps(game, turn, rng);
    }
    if game.robbers().is_some() {
        robber_steps(game, turn, rng);
    }
    if ferries {
        ferry_steps(game, turn, rng);
    }
    if circles {
        circle_choice(turn, game.catalog(), rng);
    }
    if gold {
        ingot_steps(game, turn);
    }
    if circles {
        circle_steps(game, turn, rng);
    }
}

/// The turn's ferries (The Ferries): a lake tile's new ferry, joining two
/// of its roads at random, then, one time in two, a move of a ferry the tile
/// lets its player move, at random; after the figure and before the
/// dragon's journey.
fn ferry_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let ActionRecord::Place { pos, rotation } = &turn.action.value else {
        return;
    };
    let (pos, rotation) = (pos.value, rotation.value);
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    let choices = game.ferry_choices(tile, pos, rotation);
    let Some((set, moves)) = choices.get(rng.below(choices.len())) else {
        return;
    };
    let ends = |at: Option<Pos>, (a, b): (Side, Side)| ActArg::At {
        figure: None,
        target: Target {
            pos: at.map(sp),
            place: Some(sp(Place::Ends(a, b))),
        },
    };
    let mut steps = Vec::new();
    if let Some(set) = set {
        steps.push(act_step("ferry", Some(ends(None, *set)), None));
    }
    if !moves.is_empty()
        && rng.below(2) == 0
        && let Some((at, to)) = moves.get(rng.below(moves.len()))
    {
        steps.push(act_step("ferry", Some(ends(Some(*at), *to)), None));
    }
    let at = turn
        .steps
        .iter()
        .position(|s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "dragon"))
        .unwrap_or(turn.steps.len());
    for (i, step) in steps.into_iter().enumerate() {
        turn.steps.insert(at + i, step);
    }
}

/// The robbers of a bag tile's turn (The Robbers), first of its steps: the
/// turn's player places or moves his robber one time in two, then each other
/// player whose robber is in front of him places it one time in two, in seat
/// order, each beside a marker of another player taken at random. The turn's
/// figure, if any, then follows as a step.
fn robber_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let Some(robbers) = game.robbers() else {
        return;
    };
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    if !matches!(turn.action.value, ActionRecord::Place { .. }) || !game.is_bag_tile(tile) {
        return;
    }
    let seats = game.score().len();
    let active = game.next_player();
    let mut steps = Vec::new();
    for k in 0..seats {
        let actor = Player(((active.index() + k) % seats) as u8);
        if k > 0 && robbers.space(actor).is_some() || rng.below(2) == 0 {
            continue;
        }
        let others: Vec<Player> = game.score().players().filter(|p| *p != actor).collect();
        let Some(beside) = others.get(rng.below(others.len())) else {
            continue;
        };
        let name = ActArg::Player(game.name(*beside).into());
        steps.push(act_step(
            "robber",
            Some(name),
            (k > 0).then(|| game.name(actor)),
        ));
    }
    if steps.is_empty() {
        return;
    }
    let n = steps.len();
    for (i, step) in steps.into_iter().enumerate() {
        turn.steps.insert(i, step);
    }
    if let Some(f) = turn.follower.take() {
        let step = figure_step(
            f.figure.as_ref().map(|n| n.value.as_str()),
            Target {
                pos: None,
                place: Some(sp(Place::Spot(f.spot.value))),
            },
        );
        turn.steps.insert(n, step);
    }
}

/// The Messengers' steps of a turn otherwise written: one time in three,
/// a feature the turn scores moves a winner's messenger
/// (`score:messenger:x,y/SPOT`, with the winner's name where he is not the
/// turn's player); then each message that falls due, played ahead on a copy
/// of the game, drawn from `stack` (the game's order of the eight tiles): one
/// time in three its 2 points are taken, else it is used (message 8 on a
/// follower of the player's taken at random, its 2 points taken where the
/// follower cannot be scored), its points moving the messenger one time in
/// two.
pub(super) fn messenger_steps(
    game: &Game<'_>,
    turn: &mut TurnRecord,
    stack: &[u8; 8],
    rng: &mut Rng,
) {
    let Some(messengers) = game.messengers() else {
        return;
    };
    if !matches!(turn.action.value, ActionRecord::Place { .. }) {
        return;
    }
    let Ok((after, _)) = game.played_ahead(&TurnInput::of(turn)) else {
        return;
    };
    let active = game.next_player();
    // The turn's player's pawns, to seek the dark spaces as players do.
    let pawns = game.pawns();
    let mine = pawns.get(active).copied().unwrap_or_default();
    let (mut marker, mut messenger) = (mine.marker, mine.messenger.unwrap_or(0));
    for e in after.last_events() {
        if e.reason != crate::score::ScoreReason::Completed {
            continue;
        }
        let Some(at) = e.at else { continue };
        for p in &e.winners {
            let pawn = if *p == active {
                // Every feature of the turn's player is written, in the
                // engine's order, so the spaces reached are known.
                let dark = |total: u32| (total + e.points).is_multiple_of(5) && e.points > 0;
                let to_messenger = if dark(marker) {
                    false
                } else {
                    dark(messenger) || rng.below(3) == 0
                };
                if to_messenger {
                    messenger += e.points;
                } else {
                    marker += e.points;
                }
                if to_messenger { "messenger" } else { "marker" }
            } else if rng.below(3) == 0 {
                "messenger"
            } else {
                continue;
            };
            let arg = ActArg::At {
                figure: Some(sp(pawn.into())),
                target: Target {
                    pos: Some(sp(at.pos)),
                    place: Some(sp(Place::Spot(at.spot))),
                },
            };
            let named = (*p != active).then(|| game.name(*p));
            push_before_circle(turn, act_step("score", Some(arg), named));
        }
    }
    let mut drawn = messengers.drawn();
    for _ in 0..16 {
        let fault = match game.played_ahead(&TurnInput::of(turn)) {
            Ok((_, Err(Violation::Message { step, .. }))) => step,
            _ => return,
        };
        if fault.is_some() {
            // A message's follower that cannot be scored: its 2 points.
            let Some(at) = turn.steps.iter().rposition(
                |s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "choose"),
            ) else {
                return;
            };
            let end = turn
                .steps
                .iter()
                .position(is_circle_act)
                .unwrap_or(turn.steps.len())
                .max(at);
            turn.steps.drain(at..end);
            push_before_circle(
                turn,
                act_step("choose", Some(ActArg::Kind("points".into())), None),
            );
            continue;
        }
        let Some(&message) = stack.get((drawn % 8) as usize) else {
            return;
        };
        drawn += 1;
        push_before_circle(
            turn,
            act_step("message", Some(ActArg::Number(u32::from(message))), None),
        );
        if rng.below(3) == 0 {
            push_before_circle(
                turn,
                act_step("choose", Some(ActArg::Kind("points".into())), None),
            );
        } else if message == 8 {
            let mine: Vec<(Pos, Spot)> = board_followers(game)
                .into_iter()
                .filter(|(_, _, p, _)| *p == active)
                .map(|(pos, spot, _, _)| (pos, spot))
                .collect();
            let choice = match mine.get(rng.below(mine.len().max(1))) {
                Some((pos, spot)) => ActArg::At {
                    figure: None,
                    target: Target {
                        pos: Some(sp(*pos)),
                        place: Some(sp(Place::Spot(*spot))),
                    },
                },
                None => ActArg::Kind("points".into()),
            };
            push_before_circle(turn, act_step("choose", Some(choice), None));
        }
        if rng.below(2) == 0 {
            push_before_circle(
                turn,
                act_step("score", Some(ActArg::Kind("messenger".into())), None),
            );
        }
    }
}

/// A step added before the crop circle's actions, which come last.
fn push_before_circle(turn: &mut TurnRecord, step: StepRecord) {
    let at = turn
        .steps
        .iter()
        .position(is_circle_act)
        .unwrap_or(turn.steps.len());
    turn.steps.insert(at, step);
}

/// Whether a step is one of the crop circle's: its choice or a player's
/// action under it.
fn is_circle_act(s: &StepRecord) -> bool {
    matches!(s, StepRecord::Act(a)
        if matches!(a.verb.value.as_str(), "circle" | "add" | "remove" | "pass"))
}

/// A whole tile as an action's argument: `x,y`.
fn whole_tile(at: Pos) -> ActArg {
    ActArg::At {
        figure: None,
        target: Target {
            pos: Some(sp(at)),
            place: None,
        },
    }
}

/// A gold mine's second ingot (The Gold Mines), on a tile around it, before
/// the figure: the turn's figure, if any, then follows as a step.
fn gold_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let ActionRecord::Place { pos, .. } = &turn.action.value else {
        return;
    };
    let pos = pos.value;
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    if game.catalog().def(tile).symbol != Some(Symbol::Goldmine) {
        return;
    }
    let around: Vec<Pos> = pos
        .surrounding()
        .filter(|p| game.board().is_occupied(*p))
        .collect();
    let Some(at) = around.get(rng.below(around.len())) else {
        return;
    };
    turn.steps
        .insert(0, act_step("gold", Some(whole_tile(*at)), None));
    if let Some(f) = turn.follower.take() {
        let step = figure_step(
            f.figure.as_ref().map(|n| n.value.as_str()),
            Target {
                pos: None,
                place: Some(sp(Place::Spot(f.spot.value))),
            },
        );
        turn.steps.insert(1, step);
    }
}

/// The takes of the turn's distribution of gold ingots, where a player
/// chooses (The Gold Mines): written as JCloisterZone takes them, each
/// player from the tile the most players may take from, before the crop
/// circle's effect.
fn ingot_steps(game: &Game<'_>, turn: &mut TurnRecord) {
    if !matches!(
        game.check_due(&TurnInput::of(turn)),
        Err(crate::rules::Violation::GoldDistribution { .. })
    ) {
        return;
    }
    let Some(takes) = game.gold_takes_as_jcz(&TurnInput::of(turn)) else {
        return;
    };
    let at = turn
        .steps
        .iter()
        .position(|s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "circle"))
        .unwrap_or(turn.steps.len());
    for (i, (p, pos)) in takes.into_iter().enumerate() {
        let step = act_step("ingot", Some(whole_tile(pos)), Some(game.name(p)));
        turn.steps.insert(at + i, step);
    }
}

/// The crop circle's effect chosen after a turn whose tile shows one (The
/// Crop Circles), A or B at random.
fn circle_choice(turn: &mut TurnRecord, catalog: &TileCatalog, rng: &mut Rng) {
    let Some(tile) = catalog.id(&turn.tile.value) else {
        return;
    };
    if catalog.def(tile).circle.is_none()
        || !matches!(turn.action.value, ActionRecord::Place { .. })
    {
        return;
    }
    let choice = if rng.below(2) == 0 { "add" } else { "remove" };
    turn.steps
        .push(act_step("circle", Some(ActArg::Kind(choice.into())), None));
}

/// Each player's action under the crop circle's effect chosen (The Crop
/// Circles), among those the engine opens (under effect A a pass one time
/// in three), written in order with the player's name.
fn circle_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let add = turn.steps.iter().rev().find_map(|s| match s {
        StepRecord::Act(a) if a.verb.value.as_str() == "circle" => {
            Some(matches!(&a.arg, Some(arg) if matches!(&arg.value, ActArg::Kind(k) if k.as_str() == "add")))
        }
        _ => None,
    });
    let Some(add) = add else {
        return;
    };
    let Some(options) = game.circle_options(&TurnInput::of(turn), add) else {
        return;
    };
    for (player, open) in options {
        let name = game.name(player).to_string();
        match open.get(rng.below(open.len().max(1))) {
            Some((at, spot, figure)) if !add || rng.below(3) > 0 => {
                let target = Target {
                    pos: Some(sp(*at)),
                    place: Some(sp(Place::Spot(*spot))),
                };
                let arg = ActArg::At {
                    figure: figure.notation().map(|n| sp(n.into())),
                    target,
                };
                turn.steps.push(act_step(
                    if add { "add" } else { "remove" },
                    Some(arg),
                    Some(&name),
                ));
            }
            _ => turn.steps.push(act_step("pass", None, Some(&name))),
        }
    }
}

/// Mage & Witch: a random pawn step open to the turn with the tile placed,
/// if one is due (`mage:x,y/SPOT`, `witch:-`, …).
pub(super) fn magic_step(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    rng: &mut Rng,
) -> Option<StepRecord> {
    let options = game.magic_steps(tile, pos, rotation);
    if options.is_empty() {
        return None;
    }
    let (pawn, to) = options.get(rng.below(options.len()))?;
    let arg = match to {
        None => ActArg::Nothing,
        Some((at, spot)) => ActArg::At {
            figure: None,
            target: target_at(pos, *at, Place::Spot(*spot)),
        },
    };
    Some(act_step(pawn.name(), Some(arg), None))
}
