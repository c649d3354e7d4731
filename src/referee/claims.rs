//! Score claims (SPEC 2.10): what a claim says of a turn, held against what
//! the referee counts. One function, [`judge`], decides a claim: the referee
//! reports each part it finds wrong as a fault (`E501`, `E510`), and the
//! score sheet of `carcref score` writes the claim beside the same count.

use crate::diagnostics::{Diagnostic, Faults};
use crate::notation::{ClaimRecord, GameRecord, Span, TurnRecord};
use crate::player::Player;
use crate::rules::Game;
use crate::score::ScoreEvent;
use crate::score::scoreboard::{Pawn, Scoreboard, Space};

/// What the referee counts of one player after one turn, to judge a claim by.
#[derive(Debug, Clone, Copy)]
pub struct Count<'a> {
    /// The turn.
    pub turn: u32,
    /// The player.
    pub player: Player,
    /// The player's net points of the turn: what he scored, and the points
    /// moved to or from him (a ransom of The Tower).
    pub net: i64,
    /// The player's points after the turn.
    pub total: u32,
    /// The scoreboard after the turn. It is made for every record whose
    /// claims name a pawn or a space ([`names_pawns`]): without it no pawn
    /// can be counted.
    pub board: Option<&'a Scoreboard>,
}

/// A part of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The points of the turn.
    Points,
    /// The total after the turn.
    Total,
    /// The space of the scoreboard the pawn stands on.
    Space,
}

/// A part of a claim the referee's count contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disagreement {
    /// Which part.
    pub part: Part,
    /// Where it is written.
    pub span: Span,
    /// What the claim says.
    pub claimed: i64,
    /// What the referee counts.
    pub counted: i64,
}

/// A claim judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The claim names a pawn the player does not have in this game (a
    /// messenger without The Messengers).
    NoSuchPawn {
        /// The pawn.
        pawn: Pawn,
        /// Where it is named.
        span: Span,
    },
    /// The referee's count of what the claim is about, and the parts of the
    /// claim it contradicts (none: the claim holds).
    Counted {
        /// The pawn the claim names (`None`: the player's points, both
        /// pawns together).
        pawn: Option<Pawn>,
        /// The points of the turn, of the pawn named or of the player.
        net: i64,
        /// The total after the turn, of the pawn named or of the player.
        total: u32,
        /// The space the pawn named (the marker when none is) stands on,
        /// where the claim writes one.
        space: Option<u32>,
        /// The parts the count contradicts, in the order written.
        disagreements: Vec<Disagreement>,
    },
}

impl Judgement {
    /// Whether the claim holds.
    pub fn holds(&self) -> bool {
        matches!(self, Judgement::Counted { disagreements, .. } if disagreements.is_empty())
    }
}

/// Decides a claim of `count.player` on `count.turn` (SPEC 2.10): with a
/// pawn named, the points that pawn moved in the turn and its total, else the
/// player's net points and total; and the space written, of the pawn named or
/// of the marker.
pub fn judge(claim: &ClaimRecord, count: &Count<'_>) -> Judgement {
    let pawn = claim.pawn.as_ref().map(|p| p.value);
    let shown = pawn.unwrap_or(Pawn::Marker);
    let on_board = count.board.and_then(|b| b.total(count.player, shown));
    if (pawn.is_some() || claim.space.is_some()) && on_board.is_none() {
        let span = claim.pawn.as_ref().map_or(claim.span, |p| p.span);
        return Judgement::NoSuchPawn { pawn: shown, span };
    }
    let (net, total) = match (pawn, count.board, on_board) {
        (Some(pawn), Some(board), Some(total)) => (
            board.turn_points(Some(count.turn), count.player, pawn),
            total,
        ),
        _ => (count.net, count.total),
    };
    let space = claim
        .space
        .as_ref()
        .and(on_board)
        .map(|t| Space::of(t).number());
    let mut disagreements = Vec::new();
    let mut part = |part, span, claimed: i64, counted: i64| {
        if claimed != counted {
            disagreements.push(Disagreement {
                part,
                span,
                claimed,
                counted,
            });
        }
    };
    part(Part::Points, claim.points.span, claim.net(), net);
    if let Some(t) = &claim.total {
        part(Part::Total, t.span, i64::from(t.value), i64::from(total));
    }
    if let (Some(s), Some(on)) = (&claim.space, space) {
        part(Part::Space, s.span, i64::from(s.value), i64::from(on));
    }
    Judgement::Counted {
        pawn,
        net,
        total,
        space,
        disagreements,
    }
}

/// Whether a record's claims name a pawn or a space of the scoreboard.
pub fn names_pawns(record: &GameRecord) -> bool {
    record
        .turns
        .iter()
        .flat_map(|t| &t.claims)
        .any(|c| c.pawn.is_some() || c.space.is_some())
}

impl<'a> Count<'a> {
    /// The count of `player` in the turn just played on `game`, whose
    /// scoring is `events`: the net points are what the player scored and
    /// what moved to or from the player (a ransom of The Tower).
    pub fn of_turn(
        game: &Game<'_>,
        events: &[ScoreEvent],
        player: Player,
        board: Option<&'a Scoreboard>,
    ) -> Count<'a> {
        let moved: i64 = game
            .turn_transfers()
            .map(|(from, to, points)| {
                i64::from(points) * (i64::from(to == player) - i64::from(from == player))
            })
            .sum();
        Count {
            turn: game.turn(),
            player,
            net: i64::from(points_of(events, player)) + moved,
            total: game.score().get(player).copied().unwrap_or(0),
            board,
        }
    }
}

/// Points a player scored in some events.
pub fn points_of(events: &[ScoreEvent], player: Player) -> u32 {
    events.iter().map(|e| e.points_for(player)).sum()
}

/// Checks the claims of a turn just played ([`judge`]): each part the count
/// contradicts is `E501`, a pawn the player does not have `E510`, a name not
/// seated `E202`.
pub(super) fn check_claims_of(
    turn: &TurnRecord,
    events: &[ScoreEvent],
    game: &Game<'_>,
    board: Option<&Scoreboard>,
    out: &mut Faults,
) {
    for claim in &turn.claims {
        let Some(p) = game.seat(&claim.player.value) else {
            out.push(Diagnostic::UnknownPlayer {
                span: claim.player.span,
                name: claim.player.value.to_string(),
                players: game.setup().players.join(", "),
            });
            continue;
        };
        let count = Count::of_turn(game, events, p, board);
        let name = claim.player.value.to_string();
        let (pawn, disagreements) = match judge(claim, &count) {
            Judgement::NoSuchPawn { pawn, span } => {
                out.push(Diagnostic::PawnNotInGame {
                    span,
                    player: name,
                    pawn: pawn.to_string(),
                });
                continue;
            }
            Judgement::Counted {
                pawn,
                disagreements,
                ..
            } => (pawn, disagreements),
        };
        for d in disagreements {
            let (what, breakdown) = match (pawn, d.part, board) {
                (None, Part::Points, _) => {
                    ("score this turn".to_string(), breakdown(events, p, game))
                }
                (None, Part::Total, _) => (
                    "running total".to_string(),
                    format!("{name} has {} points after this turn", d.counted),
                ),
                (pawn, part, board) => {
                    let pawn = pawn.unwrap_or(Pawn::Marker);
                    let what = match part {
                        Part::Points => "points this turn",
                        Part::Total => "total",
                        Part::Space => "space",
                    };
                    let breakdown = board.map_or_else(String::new, |b| {
                        pawn_breakdown(b, Some(count.turn), p, pawn, &name)
                    });
                    (format!("{pawn}'s {what}"), breakdown)
                }
            };
            out.push(Diagnostic::ScoreMismatch {
                span: d.span,
                player: name.clone(),
                what,
                claimed: d.claimed,
                actual: d.counted,
                breakdown,
            });
        }
    }
}

/// A one-line account of the events of a turn, for claim diagnostics.
fn breakdown(events: &[ScoreEvent], player: Player, game: &Game<'_>) -> String {
    let parts: Vec<String> = events
        .iter()
        .filter(|e| e.winners.contains(&player))
        .map(|e| match (e.goods, e.at) {
            (Some(g), _) => format!("most {g}: {}", e.points_for(player)),
            (None, Some(at)) => format!(
                "{} at {at} ({} tiles): {}",
                e.kind,
                e.tiles.len(),
                e.points_for(player)
            ),
            (None, None) => format!("{}: {}", e.kind, e.points_for(player)),
        })
        .collect();
    if parts.is_empty() {
        format!("{} scores nothing this turn", game.name(player))
    } else {
        format!(
            "{} scores {} this turn: {}",
            game.name(player),
            points_of(events, player),
            parts.join(", ")
        )
    }
}

/// A one-line account of a pawn's moves in a turn, for claim diagnostics.
fn pawn_breakdown(
    board: &Scoreboard,
    turn: Option<u32>,
    p: Player,
    pawn: Pawn,
    name: &str,
) -> String {
    let moves: Vec<String> = board
        .moves()
        .iter()
        .filter(|m| m.score.turn == turn && m.score.player == p && m.pawn == pawn)
        .map(|m| {
            let lap = if m.laps() > 0 { ", past 50" } else { "" };
            format!("{} to {} (space {}{lap})", m.from, m.to, m.space())
        })
        .collect();
    let total = board.total(p, pawn).unwrap_or(0);
    let space = Space::of(total);
    if moves.is_empty() {
        format!(
            "{name}'s {pawn} does not move this turn: it stands on space {space}, total {total}"
        )
    } else {
        format!(
            "{name}'s {pawn} moves {}: it stands on space {space}, total {total}",
            moves.join(", then ")
        )
    }
}
