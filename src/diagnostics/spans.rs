//! Spans attached at the boundary: the engine's plain [`Violation`]s become
//! diagnostics here, with spans looked up in the record.

use super::Diagnostic;
use crate::board::Pos;
use crate::notation::{ActRecord, ActionRecord, GameRecord, Span, StepRecord, StepRef, TurnRecord};
use crate::rules::{Game, Violation};
use crate::tiles::FeatureKind;

/// The span of the line of the turn with a number, if the record has it.
fn turn_span(record: &GameRecord, turn: u32) -> Option<Span> {
    record
        .turns
        .iter()
        .find(|t| t.number.value == turn)
        .map(|t| t.span)
}

/// The span of the figure a turn placed (its line if it placed none), if the
/// record has that turn.
fn figure_span(record: &GameRecord, turn: u32) -> Option<Span> {
    record
        .turns
        .iter()
        .find(|t| t.number.value == turn)
        .map(|t| t.follower.as_ref().map_or(t.span, |f| f.span))
}

fn placement_span(turn: &TurnRecord) -> Span {
    match &turn.action.value {
        ActionRecord::Place { pos, rotation } => Span::new(pos.span.start, rotation.span.end),
        ActionRecord::Discard | ActionRecord::Aside => turn.action.span,
    }
}

/// Turns an engine violation at `turn` into a diagnostic with spans from the record.
pub fn from_violation(
    v: Violation,
    turn: &TurnRecord,
    record: &GameRecord,
    game: &Game<'_>,
) -> Diagnostic {
    let pos_span = || match &turn.action.value {
        ActionRecord::Place { pos, .. } => pos.span,
        ActionRecord::Discard | ActionRecord::Aside => turn.action.span,
    };
    let pos = || match &turn.action.value {
        ActionRecord::Place { pos, .. } => pos.value,
        ActionRecord::Discard | ActionRecord::Aside => Pos::new(0, 0),
    };
    let follower_span = || turn.follower.as_ref().map_or(turn.span, |f| f.span);
    // A step past the turn's steps is its figure of version 1, or the turn.
    let step_span = |step: usize| {
        turn.steps.get(step).map_or_else(
            || turn.follower.as_ref().map_or(turn.span, |f| f.span),
            StepRecord::span,
        )
    };
    let spot_span = || turn.follower.as_ref().map_or(turn.span, |f| f.spot.span);
    let spot = || {
        turn.follower
            .as_ref()
            .map(|f| f.spot.value.to_string())
            .unwrap_or_default()
    };
    let listed = |valid: &[String]| {
        if valid.is_empty() {
            "none".to_string()
        } else {
            valid.join(", ")
        }
    };
    match v {
        Violation::TurnOutOfSequence { expected } => Diagnostic::TurnOutOfSequence {
            span: turn.number.span,
            expected,
        },
        Violation::UnknownPlayer => Diagnostic::UnknownPlayer {
            span: turn.player.span,
            name: turn.player.value.to_string(),
            players: game.setup().players.join(", "),
        },
        Violation::UnknownPlayerInAction { step } => {
            let (span, name) = match turn.steps.get(step) {
                Some(StepRecord::Act(ActRecord {
                    player: Some(p), ..
                })) => (p.span, p.value.to_string()),
                _ => (step_span(step), String::new()),
            };
            Diagnostic::UnknownPlayer {
                span,
                name,
                players: game.setup().players.join(", "),
            }
        }
        Violation::WrongPlayer {
            expected,
            double_turn,
        } => Diagnostic::WrongPlayer {
            span: turn.player.span,
            expected: game.name(expected).to_string(),
            found: turn.player.value.to_string(),
            note: if double_turn {
                format!(
                    "; {}'s last tile extended the road or city of their builder, which grants a second turn",
                    game.name(expected)
                )
            } else {
                String::new()
            },
        },
        Violation::NoThirdTurn => Diagnostic::NoThirdTurn {
            span: turn.player.span,
            player: turn.player.value.to_string(),
        },
        Violation::RiverOrder { lake_due } => Diagnostic::RiverOrder {
            span: turn.tile.span,
            tile: turn.tile.value.to_string(),
            due: if lake_due { "the lake" } else { "a river tile" }.to_string(),
        },
        Violation::RiverNotContinued { expected } => Diagnostic::RiverNotContinued {
            span: placement_span(turn),
            tile: turn.tile.value.to_string(),
            expected,
        },
        Violation::RiverTurn { bend } => Diagnostic::RiverTurn {
            span: placement_span(turn),
            bend: bend.word().to_string(),
            rule: match game.edition() {
                crate::rules::Edition::HiG2012 => "2012 rules: \"never place 2 bends (turns) in the same direction one after the other\"; the previous river tile bent the same way".to_string(),
                crate::rules::Edition::Rgg2000 => "2000 rules: \"Do not place a river tile so that the river makes a “U” turn\" (Hans im Glück: \"Only immediate U-turns\"); the previous river tile bent the same way, so the river would turn back".to_string(),
            },
        },
        Violation::RiverCourseNotFree { taken } => Diagnostic::RiverCourseNotFree {
            span: turn.action.span,
            tile: turn.tile.value.to_string(),
            taken: taken.to_string(),
        },
        Violation::RiverBlocked => Diagnostic::RiverBlocked {
            span: turn.action.span,
            tile: turn.tile.value.to_string(),
        },
        Violation::FollowerOnRiver { valid } => Diagnostic::FollowerOnRiver {
            span: spot_span(),
            spot: spot(),
            valid: listed(&valid),
        },
        Violation::FigureInUse { figure, by_turn } => Diagnostic::FigureInUse {
            span: follower_span(),
            earlier: figure_span(record, by_turn),
            player: turn.player.value.to_string(),
            figure: figure.word().to_string(),
            returns: match figure {
                crate::figures::Figure::Pig => "a pig stays in its field to the end",
                crate::figures::Figure::Builder => {
                    "the builder comes back when its road or city is scored"
                }
                _ => "it comes back when its feature is scored (a farmer stays to the end)",
            }
            .to_string(),
        },
        Violation::FigureOnWrongFeature { figure, kind } => Diagnostic::FigureOnWrongFeature {
            span: follower_span(),
            figure: figure.word().to_string(),
            kind,
        },
        Violation::FigureWithoutFollower { figure, kind } => Diagnostic::FigureWithoutFollower {
            span: follower_span(),
            player: turn.player.value.to_string(),
            figure: figure.word().to_string(),
            kind,
            needed: match kind {
                FeatureKind::City => "knight",
                FeatureKind::Road => "thief",
                FeatureKind::Field => "farmer",
                FeatureKind::Monastery => "monk",
            }
            .to_string(),
        },
        Violation::UnknownTile => Diagnostic::UnknownTile {
            span: turn.tile.span,
            tile: turn.tile.value.to_string(),
            known: game
                .catalog()
                .iter()
                .filter(|(id, _)| game.in_play(*id))
                .map(|(_, d)| d.id.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        },
        Violation::GameAlreadyOver => Diagnostic::GameAlreadyOver {
            span: turn.span,
            why: match game.setup().scenario.end_after {
                Some(n) if game.turn() >= n => format!("the scenario ends after turn {n}"),
                _ => "every tile has been drawn".to_string(),
            },
        },
        Violation::TileSupplyExhausted { count } => Diagnostic::TileSupplyExhausted {
            span: turn.tile.span,
            tile: turn.tile.value.to_string(),
            count,
            note: match game.catalog().start() {
                Some(s) if game.catalog().def(s).id == turn.tile.value => {
                    if game
                        .expansions()
                        .contains(crate::rules::expansions::Expansion::River)
                    {
                        ", one of them the start tile, which the River takes out of the game"
                            .to_string()
                    } else {
                        ", one of them the start tile".to_string()
                    }
                }
                _ => String::new(),
            },
        },
        Violation::PositionOccupied { by_turn } => Diagnostic::PositionOccupied {
            span: pos_span(),
            earlier: turn_span(record, by_turn),
            pos: pos(),
        },
        Violation::NotAdjacent => Diagnostic::NotAdjacent {
            span: pos_span(),
            pos: pos(),
        },
        Violation::TileDoesNotFit {
            side,
            ours,
            theirs,
            neighbour,
            neighbour_turn,
        } => Diagnostic::TileDoesNotFit {
            span: placement_span(turn),
            earlier: turn_span(record, neighbour_turn),
            side,
            ours,
            theirs,
            neighbour,
        },
        Violation::IllegalDiscard { pos, rotation } => Diagnostic::IllegalDiscard {
            span: turn.action.span,
            tile: turn.tile.value.to_string(),
            pos,
            rotation,
        },
        Violation::NoTower { step } => Diagnostic::NoTower {
            span: step_span(step),
        },
        Violation::TowerClosed { step, by_turn } => Diagnostic::TowerClosed {
            span: step_span(step),
            by_turn,
        },
        Violation::NoTowerPieces { step } => Diagnostic::NoTowerPieces {
            span: step_span(step),
            player: turn.player.value.to_string(),
        },
        Violation::CaptureOutOfReach { step, height } => Diagnostic::CaptureOutOfReach {
            span: step_span(step),
            height,
            tiles: if height == 1 {
                "1 tile".to_string()
            } else {
                format!("{height} tiles")
            },
        },
        Violation::NoSuchFigure { step, reason } => Diagnostic::NoSuchFigure {
            span: step_span(step),
            reason,
        },
        Violation::ActionNotAllowed { step, reason } => Diagnostic::ActionNotAllowed {
            span: step_span(step),
            reason,
        },
        Violation::RansomNotAllowed { step, reason } => Diagnostic::RansomNotAllowed {
            span: step_span(step),
            reason,
        },
        Violation::DragonTileBeforeVolcano => Diagnostic::DragonTileBeforeVolcano {
            span: turn.action.span,
            tile: turn.tile.value.to_string(),
        },
        Violation::SharesDragonTile { step } => Diagnostic::SharesDragonTile {
            span: step_span(step),
        },
        Violation::DragonStep { step, reason } => Diagnostic::DragonStep {
            span: step_span(step),
            reason,
        },
        Violation::DragonJourney { moves } => Diagnostic::DragonJourney {
            span: turn.span,
            moves,
        },
        Violation::Fairy { step, reason } => Diagnostic::Fairy {
            span: step_span(step),
            reason,
        },
        Violation::Princess { step, reason } => Diagnostic::Princess {
            span: step_span(step),
            reason,
        },
        Violation::Portal { step, reason } => Diagnostic::Portal {
            span: step_span(step),
            reason,
        },
        Violation::Gold { step, reason } => Diagnostic::Gold {
            span: step_span(step),
            reason,
        },
        Violation::GoldDistribution { step, reason } => Diagnostic::GoldDistribution {
            span: step_span(step),
            reason,
        },
        Violation::CropCircle { step, reason } => Diagnostic::CropCircle {
            span: step_span(step),
            reason,
        },
        Violation::Flight { step, reason } => Diagnostic::Flight {
            span: step_span(step),
            reason,
        },
        Violation::FlightMustLand { step, target } => Diagnostic::FlightMustLand {
            span: step_span(step),
            target,
        },
        Violation::MagicPawn { step, reason } => Diagnostic::MagicPawn {
            span: step_span(step),
            reason,
        },
        Violation::Robber { step, reason } => Diagnostic::Robber {
            span: step_span(step),
            reason,
        },
        Violation::Message { step, reason } => Diagnostic::Message {
            span: step.map_or(turn.span, step_span),
            reason,
        },
        Violation::Ferry { step, reason } => Diagnostic::Ferry {
            span: step_span(step),
            reason,
        },
        Violation::FerryMove { step, reason } => Diagnostic::FerryMove {
            span: step_span(step),
            reason,
        },
        Violation::MagicPawnMissing { joined } => Diagnostic::MagicPawnMissing {
            span: turn.span,
            what: if joined {
                "the tile joins the mage's feature to the witch's".to_string()
            } else {
                format!("{} is a magic tile", turn.tile.value)
            },
        },
        Violation::SetAsideNotAllowed => Diagnostic::SetAsideNotAllowed {
            span: turn.action.span,
            tile: turn.tile.value.to_string(),
        },
        Violation::UnknownAction { step } => {
            let (span, verb) = match turn.steps.get(step) {
                Some(StepRecord::Act(a)) => (a.span, a.verb.value.to_string()),
                Some(s) => (s.span(), String::new()),
                None => (turn.span, String::new()),
            };
            Diagnostic::UnknownAction { span, verb }
        }
        Violation::FigureOffTile { step } => Diagnostic::FigureOffTile {
            span: turn.steps.get(step).map_or(turn.span, StepRecord::span),
            pos: pos(),
        },
        Violation::SecondFigure { step } => Diagnostic::SecondFigure {
            span: turn.steps.get(step).map_or(turn.span, StepRecord::span),
            first: turn
                .actions()
                .find_map(|a| match a {
                    StepRef::Follower(f) => Some(f.span),
                    StepRef::Step(StepRecord::Figure(f)) => Some(f.span),
                    StepRef::Step(StepRecord::Act(_)) => None,
                })
                .unwrap_or(turn.span),
        },
        Violation::FigureNotInPlay => Diagnostic::FigureNotInPlay {
            span: turn
                .follower
                .as_ref()
                .and_then(|f| f.figure.as_ref())
                .map_or_else(follower_span, |f| f.span),
            figure: turn
                .follower
                .as_ref()
                .and_then(|f| f.figure.as_ref())
                .map(|f| f.value.to_string())
                .unwrap_or_default(),
        },
        Violation::NoSuchSpot { valid } => Diagnostic::NoSuchSpot {
            span: spot_span(),
            spot: spot(),
            valid: listed(&valid),
        },
        Violation::FeatureAlreadyOccupied {
            kind,
            by_turn,
            owner,
        } => Diagnostic::FeatureAlreadyOccupied {
            span: follower_span(),
            earlier: figure_span(record, by_turn),
            kind,
            owner: game.name(owner).to_string(),
        },
        Violation::NoFollowersLeft => Diagnostic::NoFollowersLeft {
            span: follower_span(),
            player: turn.player.value.to_string(),
            out: {
                let follower = crate::figures::Figure::Follower;
                let tag = game
                    .setup()
                    .scenario
                    .figures
                    .get(follower.index())
                    .copied()
                    .flatten()
                    .is_some();
                let by = if tag { " (the Figures tag)" } else { "" };
                let who = &turn.player.value;
                match game.starting_supply().count(follower) {
                    0 => format!("{who} has no follower{by}"),
                    1 => format!("{who}'s one follower{by} is in use"),
                    n => format!("all {n} of {who}'s followers{by} are in use"),
                }
            },
        },
    }
}
