//! Mapping the actions: a turn's messages written as the record's figure
//! and steps (SPEC 2.14, 6.6), with the prisons, the dragon's moves, and the
//! actions the program makes without a message (Mage & Witch's, The Gold
//! Mines').

use super::save::Meeple;
use super::turns::{Action, Turn};
use crate::board::Pos;
use crate::import::{ImportError, error};
use crate::notation::{
    ActArg, ActRecord, FigureStep, Name, Place, Span, Spanned, StepRecord, Target,
};
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::tiles::{Rotation, Side, Spot, Symbol, TileId};

/// The prisoners as the program keeps them: each follower held, by its
/// meeple id, and its jailer's seat. The record names the jailer a ransom
/// pays (`ransom:big(Ann)`), which the program's message does not.
#[derive(Debug, Default)]
pub(super) struct Prisons {
    pub(super) held: Vec<(Meeple, usize)>,
}

impl Prisons {
    /// A capture by the seat `captor`. One's own follower goes home; an
    /// opponent's is held, unless its owner holds followers of the captor:
    /// then the captured follower goes home, and one of the captor's comes
    /// back, of the one kind held, or as the exchange message then says
    /// (SPEC 6.6; the program does the same).
    pub(super) fn capture(&mut self, captor: usize, m: &Meeple) {
        if m.owner == captor {
            return;
        }
        let mine: Vec<usize> = (0..self.held.len())
            .filter(|i| {
                self.held
                    .get(*i)
                    .is_some_and(|(h, jailer)| *jailer == m.owner && h.owner == captor)
            })
            .collect();
        let kinds: std::collections::BTreeSet<Option<&str>> = mine
            .iter()
            .filter_map(|i| self.held.get(*i).map(|(h, _)| h.figure))
            .collect();
        match mine.first() {
            None => self.held.push((m.clone(), captor)),
            Some(first) if kinds.len() == 1 => {
                self.held.remove(*first);
            }
            // Both kinds held: the exchange message names the one back.
            Some(_) => {}
        }
    }

    /// A follower freed, by an exchange or a ransom: its jailer, if it was
    /// held.
    pub(super) fn release(&mut self, m: &Meeple) -> Option<usize> {
        let i = self.held.iter().position(|(h, _)| h.id == m.id)?;
        Some(self.held.remove(i).1)
    }
}

pub(super) fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// `+[figure:]x,y/PLACE`, or `+[figure:]PLACE` on the tile laid, or
/// `+figure:x,y` on a whole tile.
pub(super) fn figure_step(
    figure: Option<&str>,
    at: Option<Pos>,
    place: Option<Place>,
) -> StepRecord {
    StepRecord::Figure(FigureStep {
        figure: figure.map(|f| sp(Name::from(f))),
        target: Target {
            pos: at.map(sp),
            place: place.map(sp),
        },
        span: Span::default(),
    })
}

/// `verb:arg[(player)]`.
pub(super) fn act_step(verb: &str, arg: ActArg, player: Option<&str>) -> StepRecord {
    StepRecord::Act(ActRecord {
        verb: sp(Name::from(verb)),
        arg: Some(sp(arg)),
        player: player.map(|p| sp(Name::from(p))),
        span: Span::default(),
    })
}

/// A turn's actions as the record writes them (SPEC 2.14, 6.6), in the
/// order of the messages: version 1's figure (a first action that puts a
/// figure on the tile laid) and the steps after it. `seat` plays the turn.
///
/// The dragon's moves are written as directions from `dragon`, where the
/// dragon stands (a volcano brings it, each move takes it on).
///
/// # Errors
/// `I404` for an exchange or a ransom of a follower that is not the turn
/// player's: the rulebook gives both to the player who gets his follower
/// back, and the record has no way to write another's. `I404` for a move of
/// the dragon that is not one step north, east, south or west of where it
/// stands, or before any volcano: the record writes directions.
pub(super) fn written_actions(
    turn: &Turn,
    seat: usize,
    players: &[String],
    prisons: &mut Prisons,
    dragon: &mut Option<Pos>,
) -> Result<Figured, ImportError> {
    let mut figure = None;
    let mut steps = Vec::new();
    let name = |s: usize| players.get(s).map(String::as_str);
    // A square is written only where it is not the tile laid (SPEC 2.14).
    let square = |at: Pos| (at != turn.pos).then_some(at);
    for (i, (action, path)) in turn.actions.iter().enumerate() {
        let step = match action {
            Action::Figure(f, spot) if i == 0 => {
                figure = Some((*f, *spot));
                continue;
            }
            Action::Figure(f, spot) => figure_step(*f, None, Some(Place::Spot(*spot))),
            Action::OnTower(f, at) => figure_step(*f, square(*at), Some(Place::Tower)),
            Action::Portal(f, at, spot) => figure_step(*f, square(*at), Some(Place::Spot(*spot))),
            Action::Fly(die) => act_step("fly", ActArg::Number(u32::from(*die)), None),
            Action::Ferry(at, place) => act_step(
                "ferry",
                ActArg::At {
                    figure: None,
                    target: Target {
                        pos: square(*at).map(sp),
                        place: Some(sp(*place)),
                    },
                },
                None,
            ),
            Action::CircleChoice(add) => act_step(
                "circle",
                ActArg::Kind(Name::from(if *add { "add" } else { "remove" })),
                None,
            ),
            Action::CirclePass(seat) => StepRecord::Act(ActRecord {
                verb: sp(Name::from("pass")),
                arg: None,
                player: seat.and_then(name).map(|n| sp(Name::from(n))),
                span: Span::default(),
            }),
            Action::Circle {
                add,
                at,
                spot,
                meeple,
            } => {
                let Some(owner) = name(meeple.owner) else {
                    return Err(error(
                        "I404",
                        format!("{path}.payload"),
                        format!("{}: not a seat", meeple.id),
                    ));
                };
                // The square always: the action is no figure of the tile laid.
                let target = Target {
                    pos: Some(sp(*at)),
                    place: Some(sp(Place::Spot(*spot))),
                };
                let figure = meeple.figure.map(|f| sp(Name::from(f)));
                act_step(
                    if *add { "add" } else { "remove" },
                    ActArg::At { figure, target },
                    Some(owner),
                )
            }
            // A whole tile is written with its square, even the tile laid.
            Action::Fairy(at, None) => figure_step(Some("fairy"), Some(*at), None),
            Action::Fairy(at, Some(spot)) => {
                figure_step(Some("fairy"), square(*at), Some(Place::Spot(*spot)))
            }
            Action::Princess { at, spot, meeple } => {
                let Some(owner) = name(meeple.owner) else {
                    return Err(error(
                        "I404",
                        format!("{path}.payload.pointer.meepleId"),
                        format!("{}: not a seat", meeple.id),
                    ));
                };
                let target = Target {
                    pos: square(*at).map(sp),
                    place: Some(sp(Place::Spot(*spot))),
                };
                let figure = meeple.figure.map(|f| sp(Name::from(f)));
                act_step("princess", ActArg::At { figure, target }, Some(owner))
            }
            Action::Dragon { to, actor } => {
                let at = format!("{path}.payload.to");
                let Some(from) = *dragon else {
                    return Err(error(
                        "I404",
                        at,
                        "a move of the dragon before any volcano has brought it in",
                    ));
                };
                let Some(side) = Side::ALL
                    .into_iter()
                    .find(|s| from.neighbour(*s) == Some(*to))
                else {
                    return Err(error(
                        "I404",
                        at,
                        format!(
                            "the dragon at {from} cannot reach {to} in one move: the record writes a move north, east, south or west"
                        ),
                    ));
                };
                *dragon = Some(*to);
                let actor = match actor {
                    None => None,
                    Some(seat) => Some(
                        name(*seat)
                            .ok_or_else(|| error("I404", format!("{path}.player"), "not a seat"))?,
                    ),
                };
                let target = Target {
                    pos: None,
                    place: Some(sp(Place::Spot(Spot::Edge(side)))),
                };
                act_step(
                    "dragon",
                    ActArg::At {
                        figure: None,
                        target,
                    },
                    actor,
                )
            }
            Action::Capture { at, place, meeple } => {
                let Some(owner) = name(meeple.owner) else {
                    return Err(error(
                        "I404",
                        format!("{path}.payload.pointer.meepleId"),
                        format!("{}: not a seat", meeple.id),
                    ));
                };
                prisons.capture(seat, meeple);
                let target = Target {
                    pos: square(*at).map(sp),
                    place: Some(sp(*place)),
                };
                let figure = meeple.figure.map(|f| sp(Name::from(f)));
                act_step("capture", ActArg::At { figure, target }, Some(owner))
            }
            Action::Magic(pawn, None) => act_step(pawn.name(), ActArg::Nothing, None),
            Action::Magic(pawn, Some((at, spot))) => {
                let target = Target {
                    pos: square(*at).map(sp),
                    place: Some(sp(Place::Spot(*spot))),
                };
                act_step(
                    pawn.name(),
                    ActArg::At {
                        figure: None,
                        target,
                    },
                    None,
                )
            }
            // A whole tile, written with its square.
            Action::Gold(at) => act_step(
                "gold",
                ActArg::At {
                    figure: None,
                    target: Target {
                        pos: Some(sp(*at)),
                        place: None,
                    },
                },
                None,
            ),
            Action::Exchange(m) | Action::Ransom(m) => {
                let ransom = matches!(action, Action::Ransom(_));
                if m.owner != seat {
                    let what = if ransom {
                        "a ransom paid for"
                    } else {
                        "an exchange giving back"
                    };
                    return Err(error(
                        "I404",
                        format!("{path}.payload.meepleId"),
                        format!(
                            "{what} {}, not a follower of {}, whose turn it is: the rulebook gives it to the player who gets his follower back",
                            m.id,
                            name(seat).unwrap_or("the player")
                        ),
                    ));
                }
                let jailer = prisons.release(m).and_then(name);
                let kind = ActArg::Kind(Name::from(m.kind()));
                if ransom {
                    act_step("ransom", kind, jailer)
                } else {
                    act_step("exchange", kind, None)
                }
            }
        };
        steps.push(step);
    }
    Ok((figure, steps))
}

/// A turn's figure on its tile and its other actions.
pub(super) type Figured = (Option<(Option<&'static str>, Spot)>, Vec<StepRecord>);

/// Mage & Witch's action the program does not send, added to a turn's
/// steps: where no road or city may take a magic pawn and only one is on the
/// board, the program takes it off by itself; the record writes it
/// (`mage:-`, `witch:-`, SPEC 6.10), before the figure.
pub(super) fn magic_steps(
    game: &crate::rules::Game<'_>,
    tile: TileId,
    placement: Option<(Pos, Rotation)>,
    follower: &mut Option<(Option<&'static str>, Spot)>,
    steps: &mut Vec<StepRecord>,
) {
    let Some(magic) = game.magic() else {
        return;
    };
    let name = game.name(game.next_player()).to_string();
    let check = |follower: Option<(Option<&'static str>, Spot)>, steps: &[StepRecord]| {
        game.check(&crate::rules::TurnInput {
            number: game.turn().saturating_add(1),
            player: &name,
            tile: &game.catalog().def(tile).id,
            place: placement,
            figure: follower,
            aside: false,
            steps: crate::notation::act::TurnSteps::Written(steps),
        })
    };
    if !matches!(
        check(*follower, steps),
        Err(crate::rules::Violation::MagicPawnMissing { .. })
    ) {
        return;
    }
    let mut on_board = Pawn::ALL.into_iter().filter(|p| magic.stand(*p).is_some());
    let (Some(pawn), None) = (on_board.next(), on_board.next()) else {
        return;
    };
    let mut written = steps.clone();
    written.insert(0, act_step(pawn.name(), ActArg::Nothing, None));
    // The figure comes after the pawn: written as a step.
    if let Some((f, spot)) = *follower {
        written.insert(1, figure_step(f, None, Some(Place::Spot(spot))));
    }
    if check(None, &written).is_ok() {
        *steps = written;
        *follower = None;
    }
}

/// The Gold Mines' actions the program does not send, added to a turn's
/// steps: the second ingot of a gold mine with one tile around it (the
/// program sets it itself), before the figure; and, where a player chooses
/// in the turn's distribution, every take, as the program makes them (SPEC
/// 6.8), after the figure.
pub(super) fn gold_steps(
    game: &crate::rules::Game<'_>,
    players: &[String],
    tile: TileId,
    placement: Option<(Pos, Rotation)>,
    follower: &mut Option<(Option<&'static str>, Spot)>,
    steps: &mut Vec<StepRecord>,
) {
    if game.gold().is_none() {
        return;
    }
    let Some((pos, _)) = placement else {
        return;
    };
    let whole_tile = |at: Pos| ActArg::At {
        figure: None,
        target: Target {
            pos: Some(sp(at)),
            place: None,
        },
    };
    let is_act = |s: &StepRecord, verb: &str| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == verb);
    if game.catalog().def(tile).symbol == Some(Symbol::Goldmine)
        && !steps.iter().any(|s| is_act(s, "gold"))
    {
        let mut around = pos.surrounding().filter(|p| game.board().is_occupied(*p));
        if let (Some(only), None) = (around.next(), around.next()) {
            steps.insert(0, act_step("gold", whole_tile(only), None));
            // The figure comes after the ingots: written as a step.
            if let Some((f, spot)) = follower.take() {
                steps.insert(1, figure_step(f, None, Some(Place::Spot(spot))));
            }
        }
    }
    let name = game.name(game.next_player()).to_string();
    let input = crate::rules::TurnInput {
        number: game.turn().saturating_add(1),
        player: &name,
        tile: &game.catalog().def(tile).id,
        place: placement,
        figure: *follower,
        aside: false,
        steps: crate::notation::act::TurnSteps::Written(steps),
    };
    if !matches!(
        game.check(&input),
        Err(crate::rules::Violation::GoldDistribution { .. })
    ) {
        return;
    }
    let Some(takes) = game.gold_takes_as_jcz(&input) else {
        return;
    };
    for (p, at) in takes {
        let actor = players.get(p.index()).map(String::as_str);
        steps.push(act_step("ingot", whole_tile(at), actor));
    }
}
