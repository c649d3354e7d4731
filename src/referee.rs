//! The referee's flow for one game: read the header, replay every turn through
//! the engine (stopping at the first illegal one), check the score claims, score
//! the end, check the result. [`check`] runs it on every game of a text;
//! [`verdict`] (and a [`Referee`] over many games) gives the same diagnostics the
//! quick way for the clean games of an archive.

use crate::diagnostics::{Diagnostic, Faults, from_violation};
use crate::header::{Header, Termination};
use crate::header::{TagValues, result_entries};
use crate::notation::quick::{self, DueTurn, SeatName, Step};
use crate::notation::{ActionRecord, GameRecord, Span, TurnRecord, parse};
use crate::player::{ByPlayer, MAX_PLAYERS, Player};
use crate::rules::expansions::Expansion;
use crate::rules::expansions::traders_and_builders::{goods_args, parse_goods_args};
use crate::rules::{Edition, Game, TurnInput};
use crate::score::scoreboard::{self, Scoreboard};
use crate::score::{PlayerList, ScoreEvent};
use crate::tiles::TileCatalog;

pub mod claims;
pub mod observe;

pub use claims::points_of;
use claims::{check_claims_of, names_pawns};

/// Final (or, for unfinished games, current) scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreSheet {
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Points in seat order.
    pub totals: Vec<u32>,
    /// The edition the game was scored under.
    pub edition: Edition,
    /// Whether the final scoring was applied.
    pub final_scoring: bool,
    /// Whether a completed city of two tiles scores 1 a tile and 1 a banner
    /// (the 2000 rules, or the variant `tiny-city-2`), for explaining its points.
    pub tiny_city_two: bool,
}

impl ScoreSheet {
    /// Points of a player by name.
    pub fn total(&self, name: &str) -> Option<u32> {
        let i = self.players.iter().position(|p| p == name)?;
        self.totals.get(i).copied()
    }
}

/// What replaying a record gives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Replay {
    /// Every scoring, in order.
    pub events: Vec<ScoreEvent>,
    /// The scores, if every turn was legal.
    pub score: Option<ScoreSheet>,
    /// Where the replay stopped at an illegal turn: that turn, its fault, and
    /// the scores after the last legal turn.
    pub stopped: Option<Stopped>,
    /// The number of the last turn replayed (0: none; with
    /// [`ReplayOptions::until`], at most that turn).
    pub position_after: u32,
    /// Faults found.
    pub diagnostics: Vec<Diagnostic>,
    /// Player names in seat order (empty if the header was unusable).
    pub players: Vec<String>,
    /// Goods tokens taken during the game (Traders & Builders): the turn, who
    /// took them, and how many of each kind (wine, grain, cloth).
    pub goods_taken: Vec<(u32, Player, [u32; 3])>,
    /// Points moved from one player to another during the game (The Tower:
    /// ransoms): the turn, who paid, who was paid, how many.
    pub transfers: Vec<(u32, Player, Player, u32)>,
    /// Figures the dragon sent home during the game (The Princess & the
    /// Dragon): the turn, the owner, the figure.
    pub dragon_meals: Vec<(u32, Player, crate::figures::Figure)>,
    /// The time each seat spent on its turns, as the record's `@time` events
    /// give it (seconds, in seat order; empty when the record gives none).
    pub time_used: Vec<u32>,
    /// Whether each player has a messenger besides the marker (The
    /// Messengers).
    pub messengers: bool,
}

/// Where a replay stopped short of the record's end: at its first illegal turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stopped {
    /// The number of the illegal turn, as written.
    pub turn: u32,
    /// Its fault (the first of the replay's diagnostics that ended it).
    pub fault: Diagnostic,
    /// The scores after the last legal turn ([`Replay::position_after`]), with
    /// the final scoring there if [`ReplayOptions::final_scoring`] asked for it.
    pub score: ScoreSheet,
}

impl Replay {
    /// The scoreboard of the position the replay reached: every score event
    /// and every transfer, in the order of [`crate::score::scoreboard::scores`],
    /// each moving its player's marker. Made on demand: the replay itself
    /// keeps only the events.
    pub fn scoreboard(&self) -> crate::score::scoreboard::Scoreboard {
        let mut board = crate::score::scoreboard::Scoreboard::of_game(
            self.players.len(),
            &self.events,
            &self.transfers,
            self.messengers,
        );
        // The Messengers: the pawns are added before the final scoring,
        // which may score nothing.
        if self.sheet().is_some_and(|s| s.final_scoring) {
            board.add_messengers();
        }
        board
    }

    /// The scores of the position the replay reached: those of the whole game,
    /// or those after the last legal turn when a turn was illegal.
    pub fn sheet(&self) -> Option<&ScoreSheet> {
        self.score
            .as_ref()
            .or(self.stopped.as_ref().map(|s| &s.score))
    }
}

/// Options of a replay.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// Score under this edition instead of the one the record names (the what-if
    /// of a dispute). Score claims and the result are then not checked.
    pub edition: Option<Edition>,
    /// Replay the turns up to this one only, and score the position after it as
    /// if the game had been adjudicated there: the final scoring applies, the
    /// Result tag (about the whole game) is not compared, and a game that stops
    /// early is no fault (`E504`).
    pub until: Option<u32>,
    /// Apply the final scoring where the replay ends, whatever the Termination
    /// tag says: at the record's end, or after its last legal turn.
    pub final_scoring: bool,
}

/// Replays a parsed record.
pub fn replay(record: &GameRecord, catalog: &TileCatalog) -> Replay {
    replay_with(record, catalog, ReplayOptions::default())
}

/// Replays a parsed record with options.
pub fn replay_with(record: &GameRecord, catalog: &TileCatalog, options: ReplayOptions) -> Replay {
    let (header, header_faults) = Header::read_for(record, catalog.user_sets());
    let mut diagnostics = Faults::new();
    diagnostics.extend(header_faults);
    let Some(header) = header else {
        return Replay {
            diagnostics: diagnostics.into_vec(),
            ..Replay::default()
        };
    };
    let pack_faults = pack_faults(record, &header, catalog);
    if !pack_faults.is_empty() {
        diagnostics.extend(pack_faults);
        return Replay {
            diagnostics: diagnostics.into_vec(),
            ..Replay::default()
        };
    }
    let mut setup = header.setup();
    // Another edition is scored by its text: the record's variants (departures
    // from its own edition's text) are dropped, and its claims not checked.
    let check_claims = options
        .edition
        .is_none_or(|e| e == header.edition && header.variants.is_empty());
    if let Some(e) = options.edition {
        setup.edition = e;
        setup.variants = crate::rules::variants::Variants::NONE;
    }
    let mut game = Game::new(setup, catalog);
    let mut events = Vec::new();
    let mut goods_taken = Vec::new();
    let mut transfers = Vec::new();
    let mut dragon_meals = Vec::new();
    let mut times: Vec<TurnTime> = Vec::new();
    let mut stopped_at = None;
    // The scoreboard, only for a record whose claims name a pawn or a space
    // (SPEC 2.10): every other record is checked without it.
    let mut board = (check_claims && names_pawns(record))
        .then(|| Scoreboard::new(game.setup().players.len(), game.messengers().is_some()));
    for (i, turn) in record.turns.iter().enumerate() {
        if options.until.is_some_and(|n| turn.number.value > n) {
            break;
        }
        match game.play(turn) {
            Ok(turn_events) => {
                if let Some((player, _)) = game.last_turn() {
                    times.push(TurnTime {
                        index: i,
                        player,
                        placed: matches!(turn.action.value, ActionRecord::Place { .. }),
                        seconds: turn_time(turn),
                    });
                }
                let goods = game.turn_goods();
                if goods.iter().any(|n| *n > 0)
                    && let Some((player, _)) = game.last_turn()
                {
                    goods_taken.push((game.turn(), player, goods));
                }
                let first_transfer = transfers.len();
                transfers.extend(
                    game.turn_transfers()
                        .map(|(from, to, points)| (game.turn(), from, to, points)),
                );
                if let Some(board) = &mut board {
                    let moved = transfers.get(first_transfer..).unwrap_or_default();
                    for score in scoreboard::scores(&turn_events, moved) {
                        board.play(score, scoreboard::pawn_of(&turn_events, &score));
                    }
                }
                if let Some(d) = game.princess_and_dragon() {
                    dragon_meals.extend(d.eaten().iter().map(|(p, f)| (game.turn(), *p, *f)));
                }
                if check_claims {
                    check_claims_of(turn, &turn_events, &game, board.as_ref(), &mut diagnostics);
                }
                if !turn.events.is_empty() {
                    check_events_of(turn, &game, &mut diagnostics);
                }
                events.extend(turn_events);
            }
            Err(v) => {
                let fault = from_violation(v, turn, record, &game);
                stopped_at = Some((turn.number.value, fault.clone()));
                diagnostics.push(fault);
                let rest = record.turns.get(i + 1..).unwrap_or(&[]);
                if let Some(first) = rest.first() {
                    diagnostics.push(Diagnostic::TurnsNotChecked {
                        span: first.span,
                        count: rest.len(),
                    });
                }
                break;
            }
        }
    }
    let players = game.setup().players.clone();
    let time_used = time_used(&times, players.len());
    let position_after = game.turn();
    let sheet = |game: &Game<'_>, final_scoring: bool| ScoreSheet {
        players: players.clone(),
        totals: game.score().iter().map(|(_, s)| *s).collect(),
        edition: game.edition(),
        final_scoring,
        tiny_city_two: game.tiny_city_scores_two(),
    };
    if let Some((turn, fault)) = stopped_at {
        // The position after the last legal turn: its scores, and the final
        // scoring there when asked (a faulty record adjudicated where it stops).
        if options.final_scoring {
            events.extend_from_slice(game.finish());
        }
        let score = sheet(&game, options.final_scoring);
        return Replay {
            events,
            score: None,
            stopped: Some(Stopped { turn, fault, score }),
            position_after,
            diagnostics: diagnostics.into_vec(),
            players,
            goods_taken,
            transfers,
            dragon_meals,
            time_used,
            messengers: game.messengers().is_some(),
        };
    }
    // A replay cut short by `until` is the position adjudicated there.
    let cut = options.until.is_some();
    if !cut {
        check_clocks(record, &header, &times, &game, &mut diagnostics);
    }
    if header.termination == Termination::Complete && game.remaining() > 0 && !cut {
        let span = record
            .turns
            .last()
            .map_or(Span::new(record.span.start, record.span.start), |t| t.span);
        diagnostics.push(Diagnostic::GameEndedEarly {
            span,
            remaining: game.remaining(),
        });
    }
    let final_scoring = header.termination.scores_final() || cut || options.final_scoring;
    if final_scoring {
        events.extend_from_slice(game.finish());
    }
    // The Scored and Result tags are about the game as recorded, to its end.
    let check_end = check_claims && !cut && !options.final_scoring;
    if check_end {
        check_scored(&header, &events, &game, &mut diagnostics);
    }
    if check_end && let Some(result) = &header.result {
        for (name, claimed, span) in &result.scores {
            match game.seat(name) {
                None => diagnostics.push(Diagnostic::UnknownPlayer {
                    span: *span,
                    name: name.clone(),
                    players: players.join(", "),
                }),
                Some(p) => {
                    let actual = game.score().get(p).copied().unwrap_or(0);
                    if actual != *claimed {
                        diagnostics.push(Diagnostic::ResultMismatch {
                            span: *span,
                            player: name.clone(),
                            claimed: *claimed,
                            actual,
                        });
                    }
                }
            }
        }
    }
    Replay {
        events,
        score: Some(sheet(&game, final_scoring)),
        stopped: None,
        position_after,
        diagnostics: diagnostics.into_vec(),
        players,
        goods_taken,
        transfers,
        dragon_meals,
        time_used,
        messengers: game.messengers().is_some(),
    }
}

/// A legal turn's place in the record, its player, whether it placed its tile,
/// and the time its `@time` event gives (`None`: none given, or unreadable).
#[derive(Debug, Clone, Copy)]
struct TurnTime {
    index: usize,
    player: Player,
    placed: bool,
    seconds: Option<u32>,
}

/// The time a turn's `@time` event gives, if it gives a readable one.
fn turn_time(turn: &TurnRecord) -> Option<u32> {
    turn.events
        .iter()
        .find(|e| e.name.value.as_str() == "time")
        .and_then(|e| e.args.as_ref())
        .and_then(|a| crate::header::seconds(&a.value))
}

/// The time each seat spent, in seat order (empty if no turn gives one).
fn time_used(times: &[TurnTime], seats: usize) -> Vec<u32> {
    if times.iter().all(|t| t.seconds.is_none()) {
        return Vec::new();
    }
    let mut used = vec![0u32; seats];
    for t in times {
        if let (Some(u), Some(s)) = (used.get_mut(t.player.index()), t.seconds) {
            *u = u.saturating_add(s);
        }
    }
    used
}

/// Checks the clocks a record gives (SPEC 2.4, "Clocks"): with a TimeControl,
/// no turn may go on after a player's time ran out (the game then ends on
/// time); the TimeLeft tag must agree with the times recorded; a time-forfeit
/// must show a clock that ran out.
fn check_clocks(
    record: &GameRecord,
    header: &Header,
    times: &[TurnTime],
    game: &Game<'_>,
    out: &mut Faults,
) {
    let Some(tc) = header.time_control else {
        return;
    };
    let seats = game.setup().players.len();
    let mut clock = vec![i64::from(tc.base); seats];
    let last = record.turns.len().saturating_sub(1);
    let forfeit = header.termination == Termination::TimeForfeit;
    let termination_span = record.tag("Termination").map_or(tc.span, |t| t.value.span);
    let fmt = |s: i64| {
        let s = s.max(0);
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    };
    let mut flagged = None;
    for t in times {
        let Some(c) = clock.get_mut(t.player.index()) else {
            continue;
        };
        if let Some(s) = t.seconds {
            *c -= i64::from(s);
        }
        if *c < 0 {
            let name = game.name(t.player);
            let Some(turn) = record.turns.get(t.index) else {
                break;
            };
            let used = i64::from(tc.base) - *c;
            if t.index < last {
                out.push(Diagnostic::ClockMismatch {
                    span: turn.span,
                    what: format!("{name}'s time ran out on turn {}", turn.number.value),
                    label: "the flag falls here; later turns follow".to_string(),
                    help: format!(
                        "{name} has used {} of {} (with the increments): the game ends on time at this turn, [Termination \"time-forfeit\"]",
                        fmt(used),
                        fmt(i64::from(tc.base))
                    ),
                });
            } else if !forfeit {
                out.push(Diagnostic::ClockMismatch {
                    span: turn.span,
                    what: format!("{name}'s time ran out on turn {}", turn.number.value),
                    label: "the flag falls here".to_string(),
                    help:
                        "a game whose clock runs out ends on time: [Termination \"time-forfeit\"]"
                            .to_string(),
                });
            }
            flagged = Some(t.player);
            break;
        }
        if t.placed {
            *c += i64::from(tc.increment);
        }
    }
    let complete = times.iter().all(|t| t.seconds.is_some() || !t.placed);
    let running = game.next_player();
    let mut zero = false;
    for (name, left, span) in &header.time_left {
        let Some(p) = game.seat(name) else {
            out.push(Diagnostic::UnknownPlayer {
                span: *span,
                name: name.clone(),
                players: game.setup().players.join(", "),
            });
            continue;
        };
        zero |= *left == 0;
        let Some(&c) = clock.get(p.index()) else {
            continue;
        };
        if !complete || flagged.is_some() {
            continue;
        }
        let left = i64::from(*left);
        let disagrees = if p == running { left > c } else { left != c };
        if disagrees {
            out.push(Diagnostic::ClockMismatch {
                span: *span,
                what: format!("{name}'s clock shows {}, not what the times recorded leave", fmt(left)),
                label: format!("the times recorded leave {}", fmt(c)),
                help: if p == running {
                    format!("{name}, whose turn it is, has at most {} left", fmt(c))
                } else {
                    format!(
                        "{name}'s clock does not run while the others play: it shows {} after {name}'s last turn",
                        fmt(c)
                    )
                },
            });
        }
    }
    if forfeit && flagged.is_none() && complete && !header.time_left.is_empty() && !zero {
        out.push(Diagnostic::ClockMismatch {
            span: termination_span,
            what: "the game is said to end on time, but no clock ran out".to_string(),
            label: "time-forfeit".to_string(),
            help: format!(
                "{} was to play, with {} left by the times recorded, and the TimeLeft tag shows no clock at 0",
                game.name(running),
                fmt(clock.get(running.index()).copied().unwrap_or(0))
            ),
        });
    }
    if zero && !forfeit && flagged.is_none() {
        out.push(Diagnostic::ClockMismatch {
            span: termination_span,
            what: "a clock ran out, but the game is not recorded as lost on time".to_string(),
            label: "the TimeLeft tag shows a clock at 0".to_string(),
            help: "a player whose time runs out loses: [Termination \"time-forfeit\"]".to_string(),
        });
    }
}

/// The game as it stands after a turn (`None`: after every turn), for showing a
/// board or listing moves. Replays the record's turns up to that one; the turn
/// number must exist and every turn up to it must be legal.
///
/// # Errors
/// The diagnostics of the header or of the first illegal turn, or a plain
/// message when the record has no such turn.
pub fn replay_to<'c>(
    record: &GameRecord,
    catalog: &'c TileCatalog,
    turn: Option<u32>,
) -> Result<Game<'c>, Vec<Diagnostic>> {
    let position = replay_until(record, catalog, turn)?;
    match position.stopped {
        Some((_, fault)) => Err(vec![fault]),
        None => Ok(position.game),
    }
}

/// A position a record reaches: the game after its last legal turn up to the
/// one asked for, and the illegal turn that stopped the replay there, if any.
#[derive(Debug)]
pub struct Position<'c> {
    /// The game after the last legal turn replayed.
    pub game: Game<'c>,
    /// The illegal turn that stopped the replay (its number as written) and
    /// its fault.
    pub stopped: Option<(u32, Diagnostic)>,
}

/// The game as it stands after a turn (`None`: after every turn), or after the
/// last legal turn before it when a turn up to it is illegal: a faulty record
/// still has a position, labelled with the turn that stopped it.
///
/// # Errors
/// The diagnostics of the header, when it is unusable and nothing is replayed.
pub fn replay_until<'c>(
    record: &GameRecord,
    catalog: &'c TileCatalog,
    turn: Option<u32>,
) -> Result<Position<'c>, Vec<Diagnostic>> {
    let (header, diagnostics) = Header::read_for(record, catalog.user_sets());
    let Some(header) = header else {
        return Err(diagnostics);
    };
    let faults = pack_faults(record, &header, catalog);
    if !faults.is_empty() {
        return Err(faults);
    }
    let mut game = Game::new(header.setup(), catalog);
    for t in &record.turns {
        if turn.is_some_and(|n| t.number.value > n) {
            break;
        }
        if let Err(v) = game.play(t) {
            let fault = from_violation(v, t, record, &game);
            return Ok(Position {
                game,
                stopped: Some((t.number.value, fault)),
            });
        }
    }
    Ok(Position {
        game,
        stopped: None,
    })
}

/// The faults of a scenario's Pack tag that the catalog shows: ids that name
/// no tile of the sets in play (`E214`; the game is then not replayed).
fn pack_faults(record: &GameRecord, header: &Header, catalog: &TileCatalog) -> Vec<Diagnostic> {
    let (Some(_), Some(tag)) = (&header.scenario.pack, record.tag("Pack")) else {
        return Vec::new();
    };
    let sets = header.setup().sets;
    let mut out = Vec::new();
    for (id, span) in crate::header::entries_of(tag) {
        let reason = match catalog.id(id).and_then(|t| catalog.get(t)) {
            None => format!("{id} is not a tile"),
            Some(def) if !sets.contains(&def.set) => {
                format!("{id} is a tile of {}, not in play", def.set)
            }
            Some(_) => continue,
        };
        out.push(Diagnostic::InvalidScenario {
            span,
            tag: "Pack".to_string(),
            reason,
        });
    }
    out
}

/// The word a Scored entry names a scoring by: its feature's kind, `field`
/// for a farm, the goods of a goods majority, or `gold` for the gold ingots.
fn scored_kind(e: &ScoreEvent) -> &'static str {
    match (e.reason, e.goods, e.kind) {
        (crate::score::ScoreReason::Gold, _, _) => "gold",
        (_, Some(g), _) => g.name(),
        (crate::score::ScoreReason::Farm, _, _) => "field",
        (_, None, crate::tiles::FeatureKind::City) => "city",
        (_, None, crate::tiles::FeatureKind::Road) => "road",
        (_, None, crate::tiles::FeatureKind::Monastery) => "monastery",
        (_, None, crate::tiles::FeatureKind::Field) => "field",
    }
}

/// Checks the Scored tag: each entry must match a scoring of its own (the
/// player among its winners, of the kind, for the points), during the game or
/// at its end. A scoring shared by several players (a tie) is one scoring for
/// each of them: it matches one entry per player.
fn check_scored(header: &Header, events: &[ScoreEvent], game: &Game<'_>, out: &mut Faults) {
    // The players whose entry each scoring has matched so far.
    let mut used: Vec<PlayerList> = vec![PlayerList::new(); events.len()];
    for claim in &header.scored {
        let Some(p) = game.seat(&claim.player) else {
            out.push(Diagnostic::UnknownPlayer {
                span: claim.span,
                name: claim.player.clone(),
                players: game.setup().players.join(", "),
            });
            continue;
        };
        // The mage's points (Mage & Witch) are the feature's: an item of
        // their own in the score, counted with the feature here.
        let mage = |e: &ScoreEvent| -> u32 {
            events
                .iter()
                .filter(|m| {
                    m.reason == crate::score::ScoreReason::Mage
                        && m.node == e.node
                        && m.turn == e.turn
                })
                .map(|m| m.points_for(p))
                .sum()
        };
        let found = events.iter().zip(used.iter_mut()).find(|(e, u)| {
            !u.contains(&p)
                && e.winners.contains(&p)
                && e.reason != crate::score::ScoreReason::Mage
                // Robbed points are no feature's score (The Robbers).
                && e.reason != crate::score::ScoreReason::Robbed
                // Nor are a message's (The Messengers).
                && e.message_of().is_none()
                && scored_kind(e) == claim.kind
                && e.points_for(p).saturating_add(mage(e)) == claim.points
        });
        match found {
            Some((_, u)) => u.push(p),
            None => {
                let mut of_kind: Vec<String> = events
                    .iter()
                    .filter(|e| e.winners.contains(&p) && scored_kind(e) == claim.kind)
                    .map(|e| match e.turn {
                        Some(t) => format!("{} on turn {t}", e.points_for(p)),
                        None => format!("{} at the end", e.points_for(p)),
                    })
                    .collect();
                if of_kind.is_empty() {
                    of_kind.push("none".to_string());
                }
                out.push(Diagnostic::ScoredMismatch {
                    span: claim.span,
                    player: claim.player.clone(),
                    what: claim.kind.clone(),
                    points: claim.points,
                    scored: format!(
                        "{}'s {} scorings: {}",
                        claim.player,
                        claim.kind,
                        of_kind.join(", ")
                    ),
                });
            }
        }
    }
}

/// Checks a turn's expansion events: each must be one an expansion in play
/// defines, and say what the turn did.
fn check_events_of(turn: &TurnRecord, game: &Game<'_>, out: &mut Faults) {
    let trading = game.expansions().contains(Expansion::TradersAndBuilders);
    for e in &turn.events {
        match e.name.value.as_str() {
            // The time the turn took (SPEC 2.4, "Clocks"): an event of the
            // notation itself, whatever the expansions.
            "time" => {
                let read = e
                    .args
                    .as_ref()
                    .and_then(|a| crate::header::seconds(&a.value));
                if read.is_none() {
                    out.push(Diagnostic::InvalidTurnTime { span: e.span });
                }
            }
            "goods" if trading => {
                let actual = game.turn_goods();
                let claimed = e.args.as_ref().and_then(|a| parse_goods_args(&a.value));
                if claimed != Some(actual) {
                    let describe = |g: [u32; 3]| {
                        if g.iter().all(|n| *n == 0) {
                            "no goods".to_string()
                        } else {
                            goods_args(g)
                        }
                    };
                    out.push(Diagnostic::GoodsMismatch {
                        span: e.span,
                        player: turn.player.value.to_string(),
                        claimed: match (&e.args, claimed) {
                            (_, Some(g)) => describe(g),
                            (Some(a), None) => format!("unreadable goods {:?}", a.value.as_str()),
                            (None, None) => "goods without a list".to_string(),
                        },
                        actual: describe(actual),
                    });
                }
            }
            name => out.push(Diagnostic::UnknownEvent {
                span: e.name.span,
                name: name.to_string(),
                known: if trading { "@time, @goods" } else { "@time" }.to_string(),
            }),
        }
    }
}

/// The result of checking one game of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOutcome {
    /// The record as parsed.
    pub record: GameRecord,
    /// Syntax faults, then referee faults.
    pub diagnostics: Vec<Diagnostic>,
    /// The replay (skipped if the record has syntax errors).
    pub replay: Option<Replay>,
}

impl GameOutcome {
    /// The scores, if the game was replayed to its end without an illegal turn.
    pub fn score(&self) -> Option<&ScoreSheet> {
        self.replay.as_ref()?.score.as_ref()
    }

    /// Whether the game has an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The result of checking a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The file name (or `-` for standard input).
    pub name: String,
    /// The text.
    pub src: String,
    /// One entry per game, in order.
    pub games: Vec<GameOutcome>,
}

impl Outcome {
    /// Whether any game has an error.
    pub fn has_errors(&self) -> bool {
        self.games.iter().any(GameOutcome::has_errors)
    }
}

/// Parses and replays every game of a text.
pub fn check(name: &str, src: &str, catalog: &TileCatalog) -> Outcome {
    check_with(name, src, catalog, ReplayOptions::default())
}

/// [`check`] with replay options.
pub fn check_with(name: &str, src: &str, catalog: &TileCatalog, options: ReplayOptions) -> Outcome {
    let mut games: Vec<GameOutcome> = crate::notation::split_games(src)
        .map(|(base, text)| check_game(text, base, catalog, options))
        .collect();
    if games.is_empty() {
        // No game at all: report it through the parser's own diagnostic.
        games = crate::diagnostics::parse(src)
            .into_iter()
            .map(|p| GameOutcome {
                record: p.record,
                diagnostics: p.diagnostics,
                replay: None,
            })
            .collect();
    }
    Outcome {
        name: name.to_string(),
        src: src.to_string(),
        games,
    }
}

/// [`check_with`] on the bytes of a file, read as `carcref check` reads a file
/// ([`crate::stream::GameReader`]): a byte order mark at the start is passed
/// over, bytes that are not UTF-8 are faults of their game (`E109`), and a game
/// longer than the limit is a fault (`E110` or `E111`) after which nothing is
/// read. The outcome's text is the file as read: its bytes that are not UTF-8
/// are U+001A, and it ends with the start of the line that fault points at.
pub fn check_bytes(
    name: &str,
    bytes: &[u8],
    catalog: &TileCatalog,
    options: ReplayOptions,
) -> Outcome {
    let mut reader = crate::stream::GameReader::new(bytes);
    let mut src = String::new();
    if bytes.starts_with(b"\xef\xbb\xbf") {
        src.push('\u{feff}');
    }
    let mut games = Vec::new();
    loop {
        match reader.next_batch() {
            Ok(Some(batch)) => {
                src.push_str(batch.text());
                games.extend(batch.games().map(|g| check_game_read(&g, catalog, options)));
            }
            Ok(None) => break,
            Err(e) => {
                if let Some((diagnostic, head, offset, _)) = e.diagnostic() {
                    // The game up to the line the fault points at, then the
                    // start of that line.
                    let mut gap = bytes.get(src.len()..offset).unwrap_or_default().to_vec();
                    crate::stream::replace_not_utf8(&mut gap, 0, &mut Vec::new());
                    src.push_str(std::str::from_utf8(&gap).unwrap_or_default());
                    src.push_str(head);
                    games.push(GameOutcome {
                        record: GameRecord::default(),
                        diagnostics: vec![diagnostic],
                        replay: None,
                    });
                }
                break;
            }
        }
    }
    if games.is_empty() {
        // No game: the parser says so, of the whole text.
        let mut all = bytes.to_vec();
        crate::stream::replace_not_utf8(&mut all, 0, &mut Vec::new());
        let text = String::from_utf8(all).unwrap_or_default();
        return check_with(name, &text, catalog, options);
    }
    Outcome {
        name: name.to_string(),
        src,
        games,
    }
}

/// The diagnostics of one game whose text starts at byte `base` of its file:
/// what [`check_game`] reports, found the quick way when there are none.
///
/// Nearly every game of an archive is written in the common form and clean. Such
/// a game is read by the quick reader ([`crate::notation::quick`]) straight into
/// the engine's turn inputs and replayed with the claims and the result checked
/// against the scores; only a game that reader does not accept, or that breaks a
/// rule, misstates a score or misses its end, is read again by the full reader
/// and referee, which explain every fault. Either way the answer is the one
/// [`check_game`] gives (`verdict_equals_check_game` holds it to that).
pub fn verdict(text: &str, base: usize, catalog: &TileCatalog) -> Vec<Diagnostic> {
    Referee::new(catalog).verdict(text, base)
}

/// Whether a game written in the common form replays with no fault at all:
/// the header is sound, every turn is legal, every claim and the result state
/// the scores, and a game said to be complete used up the tiles. `false` says
/// only that the full referee must look.
pub fn is_clean_quick(text: &str, base: usize, catalog: &TileCatalog) -> bool {
    Referee::new(catalog).is_clean_quick(text, base)
}

/// A referee of many games in turn, for [`verdict`]: it keeps the room its game
/// state took from one game to the next, and the setup of the last game whose
/// header was sound, by the values of its Players, Rules and Expansions tags:
/// archives hold series of games between the same players, whose headers then
/// differ only in their result.
#[derive(Debug)]
pub struct Referee<'c> {
    catalog: &'c TileCatalog,
    game: Option<Game<'c>>,
    /// The Players, Rules and Expansions values `game` was last set up from.
    setup_tags: Option<(String, String, Option<String>)>,
    /// The names of the seats of `game`, as turn lines start with them.
    seats: [SeatName; MAX_PLAYERS],
    /// The room of the lists of a turn line's actions, events and claims,
    /// kept from one game to the next ([`quick::TurnTail::emptied`]).
    tail: quick::TurnTail<'static>,
}

impl<'c> Referee<'c> {
    /// A referee using a tile catalog.
    pub fn new(catalog: &'c TileCatalog) -> Referee<'c> {
        Referee {
            catalog,
            game: None,
            setup_tags: None,
            seats: [SeatName::default(); MAX_PLAYERS],
            tail: quick::TurnTail::default(),
        }
    }

    /// [`verdict`] on one game read from a file: a game with bytes that were
    /// not UTF-8 is checked by the full referee, which reports them.
    pub fn verdict_read(&mut self, game: &crate::stream::Game<'_>) -> Vec<Diagnostic> {
        if game.not_utf8.is_empty() {
            return self.verdict(game.text, game.base);
        }
        check_game_read(game, self.catalog, ReplayOptions::default()).diagnostics
    }

    /// [`verdict`] on one game.
    pub fn verdict(&mut self, text: &str, base: usize) -> Vec<Diagnostic> {
        if self.is_clean_quick(text, base) {
            return Vec::new();
        }
        check_game(text, base, self.catalog, ReplayOptions::default()).diagnostics
    }

    /// [`is_clean_quick`] on one game. The game is read a step at a time
    /// ([`quick::Steps`]): its tag pairs first ([`quick::Steps::next_tag`]),
    /// then each turn, replayed as soon as it is read, its claims checked as
    /// they come; nothing is kept of the text. Each line after the tag pairs is
    /// first read as the turn due next, by the seat whose turn it is
    /// ([`quick::Steps::next_turn`]), and only otherwise as any step.
    pub fn is_clean_quick(&mut self, text: &str, base: usize) -> bool {
        self.is_clean_quick_observed(text, base, &mut ())
    }

    /// [`Referee::is_clean_quick`], telling `observer` of each turn played
    /// and of the game's end (what it is told is to be thrown away when the
    /// answer is no).
    pub fn is_clean_quick_observed<O: observe::Observe>(
        &mut self,
        text: &str,
        _base: usize,
        observer: &mut O,
    ) -> bool {
        // A line too long to read is a fault (`E110`) the quick reader does
        // not look for: only a game longer than a line may be can hold one.
        if text.len() > crate::notation::MAX_LINE && crate::notation::parse::has_long_line(text) {
            return false;
        }
        let mut steps = quick::Steps::new(text);
        let mut tags = TagValues::default();
        while let Some((name, value)) = steps.next_tag() {
            if !tags.add(name, value) {
                return false;
            }
        }
        let Some(termination) = tags.sound_rest() else {
            return false;
        };
        let (Some(players), Some(rules)) = (tags.players, tags.rules) else {
            return false;
        };
        let Some((game, seats, room)) = self.start(players, rules, tags.expansions) else {
            return false;
        };
        game.set_explanations(observer.explains());
        game.set_all_events(observer.reads_events());
        // Turns that may hold actions are read a whole line at a time, away
        // from the loop below, which is the basic game's.
        if game.expansions().write_actions() && !tags.version_1() {
            let mut tail = std::mem::take(room).emptied();
            let played = replay_lines(game, &mut steps, seats, &mut tail, observer);
            *room = tail.emptied();
            return played && ends_as_claimed(game, termination, tags.result, observer);
        }
        // An expansion that looks at every turn (The Princess & the Dragon)
        // in a record of version 1 is the full referee's: the turns here go
        // through the basic game's check, compiled without it.
        if game.checks_every_turn() {
            return false;
        }
        let mut before = *game.score();
        loop {
            // The turns that start as expected, read as such.
            while let Some(seat) = seats.get(game.next_player().index()) {
                let Some(turn) = steps.next_turn(game.turn().saturating_add(1), seat) else {
                    break;
                };
                // The scores before the turn matter only to the claims that
                // follow it.
                if steps.claims_follow() {
                    before = *game.score();
                }
                // Its number and player are the ones due.
                let Ok(mv) = game.check_due_plain(&turn) else {
                    return false;
                };
                game.apply(mv);
                observer.played(game, &turn);
            }
            match steps.next_step() {
                Some(Step::Turn(turn)) => {
                    before = *game.score();
                    let Ok(mv) = game.check(&turn) else {
                        return false;
                    };
                    game.apply(mv);
                    observer.played(game, &turn);
                }
                Some(Step::Claim(c)) => {
                    let Some(p) = game.seat(c.player) else {
                        return false;
                    };
                    let total = game.score().get(p).copied().unwrap_or(0);
                    let earlier = before.get(p).copied().unwrap_or(0);
                    if total.checked_sub(earlier) != Some(c.points)
                        || c.total.is_some_and(|t| t != total)
                    {
                        return false;
                    }
                }
                Some(Step::Event(e)) => {
                    if !events_hold(game, &[e]) {
                        return false;
                    }
                }
                Some(Step::End) => break,
                // No tag pair follows a turn.
                Some(Step::Tag { .. }) | None => return false,
            }
        }
        ends_as_claimed(game, termination, tags.result, observer)
    }

    /// The game state set up afresh for a game with these Players, Rules and
    /// Expansions values, if they are sound, its seats' names and the room of
    /// the lists of a turn line's tail.
    fn start(
        &mut self,
        players: &str,
        rules: &str,
        expansions: Option<&str>,
    ) -> Option<(
        &mut Game<'c>,
        &[SeatName; MAX_PLAYERS],
        &mut quick::TurnTail<'static>,
    )> {
        let same = self
            .setup_tags
            .as_ref()
            .is_some_and(|(p, r, e)| p == players && r == rules && e.as_deref() == expansions);
        if same {
            let game = self.game.as_mut()?;
            game.restart_same();
            return Some((game, &self.seats, &mut self.tail));
        }
        self.setup_tags = None;
        let header = Header::of_setup(players, rules, expansions, self.catalog.user_sets())?;
        self.setup_tags = Some((
            players.to_string(),
            rules.to_string(),
            expansions.map(str::to_string),
        ));
        match &mut self.game {
            Some(game) if header.describes(game.setup()) => game.restart_same(),
            Some(game) => game.restart(header.setup()),
            None => self.game = Some(Game::new(header.setup(), self.catalog)),
        }
        let game = self.game.as_mut()?;
        self.seats = [SeatName::default(); MAX_PLAYERS];
        for (seat, name) in self.seats.iter_mut().zip(&game.setup().players) {
            *seat = SeatName::new(name);
        }
        Some((game, &self.seats, &mut self.tail))
    }
}

/// Whether a game replayed by the quick verdict ends as its header says: all
/// tiles played if it is complete, then (after the final scoring, if its
/// termination has one) with the scores of its `Result`.
fn ends_as_claimed(
    game: &mut Game<'_>,
    termination: Termination,
    result: Option<&str>,
    observer: &mut impl observe::Observe,
) -> bool {
    if termination == Termination::Complete && game.remaining() > 0 {
        return false;
    }
    if termination.scores_final() {
        game.finish();
    }
    observer.ended(game, termination.scores_final());
    result_entries(result.unwrap_or("")).all(|entry| {
        entry.is_some_and(|(name, claimed)| {
            game.seat(name)
                .is_some_and(|p| game.score().get(p).copied().unwrap_or(0) == claimed)
        })
    })
}

/// The quick verdict's replay of the turns of a record whose turns may hold
/// actions (version 2, with an expansion that writes them), after its tag
/// pairs. A turn in the common form of version 1, by the seat and with the
/// number due, is read as in the basic game ([`quick::Steps::next_turn`]),
/// with its claims ([`quick::Steps::next_claim`]); one that goes on with
/// actions is read on from there, as [`quick::scan_turn_v2`] reads it
/// ([`quick::Steps::next_turn_v2`]); any other line is read
/// whole, by the quick reader of version 2 ([`quick::scan_turn_v2`]) where it
/// is in the common form, else by the grammar ([`parse::turn_line`]). Each
/// turn is checked in full ([`Game::check_due`] or [`Game::check`], which ask
/// the expansions in play), then its events (a `@goods` of Traders & Builders,
/// [`events_hold`]) and its claims as they are written. `false` at the first
/// line that is not a turn read without fault (or holds a comment or an event
/// other than `@goods`, which the full referee reads), and at the first turn,
/// event or claim with a fault.
#[inline(never)]
fn replay_lines<'a>(
    game: &mut Game<'_>,
    steps: &mut quick::Steps<'a>,
    seats: &[SeatName; MAX_PLAYERS],
    tail: &mut quick::TurnTail<'a>,
    observer: &mut impl observe::Observe,
) -> bool {
    loop {
        let before = *game.score();
        // A turn in the common form of version 1, as due: read as the basic
        // game's are.
        let due = seats.get(game.next_player().index()).and_then(|seat| {
            let number = game.turn().saturating_add(1);
            steps.next_turn_v2(number, seat, tail)
        });
        let played = match due {
            // A turn due with actions, read whole: checked as any line read
            // whole.
            Some(DueTurn::Actions(turn)) => play_tail(game, turn, true, tail, &before, observer),
            Some(DueTurn::Plain(turn)) => {
                if !play_due(game, &turn) {
                    return false;
                }
                observer.played(game, &turn);
                while let Some(claim) = steps.next_claim() {
                    let Some(c) = claim else {
                        break;
                    };
                    if !claim_holds(game, &before, c.player, i64::from(c.points), c.total) {
                        return false;
                    }
                }
                // A turn whose line goes on with what is not a claim written
                // plainly (a negative claim) is left to the full referee.
                !steps.claims_follow()
            }
            None => match steps.next_line() {
                Some(line) => play_line(game, line, tail, &before, observer),
                None => break,
            },
        };
        if !played {
            return false;
        }
    }
    true
}

/// Checks and plays a turn known to be the one due
/// ([`Game::play_due_for_verdict`]): whether it was legal. The turns of a
/// game with an expansion that looks at every turn go straight to its
/// check; any other game's to [`play_due_plainly`]. Kept apart from its
/// callers, which share it.
#[inline(never)]
fn play_due(game: &mut Game<'_>, turn: &TurnInput<'_>) -> bool {
    if game.checks_every_turn() {
        game.play_due_for_verdict(turn)
    } else {
        play_due_plainly(game, turn)
    }
}

/// [`play_due`] in a game where no expansion in play looks at every turn.
#[inline(never)]
fn play_due_plainly(game: &mut Game<'_>, turn: &TurnInput<'_>) -> bool {
    game.play_due_for_verdict(turn)
}

/// [`replay_lines`] of a line that is not the turn due in the common form,
/// read whole: by the quick reader of version 2 ([`quick::scan_turn_v2`])
/// where it is in the common form, else by the grammar
/// ([`parse::turn_line`]); whether it is a turn without fault, with its
/// events and claims holding. `false` for a line with a comment.
#[inline(never)]
fn play_line<'a>(
    game: &mut Game<'_>,
    line: &'a str,
    tail: &mut quick::TurnTail<'a>,
    before: &ByPlayer<u32>,
    observer: &mut impl observe::Observe,
) -> bool {
    if let Some(turn) = quick::scan_turn_v2(line, tail) {
        return play_tail(game, turn, false, tail, before, observer);
    }
    let Some(record) = parse::turn_line(line) else {
        return false;
    };
    if record.comment.is_some() {
        return false;
    }
    let claimed = record.claims.iter().map(|c| {
        (
            c.player.value.as_str(),
            c.net(),
            c.total.as_ref().map(|t| t.value),
        )
    });
    let events: Vec<quick::EventScan<'_>> = record
        .events
        .iter()
        .map(|e| quick::EventScan {
            name: &e.name.value,
            args: e.args.as_ref().map(|a| a.value.as_str()),
        })
        .collect();
    play_claimed(
        game,
        &TurnInput::of(&record),
        false,
        before,
        claimed,
        observer,
    ) && events_hold(game, &events)
}

/// Checks a turn read by the quick reader, with its actions, events and
/// claims (`tail`), plays it, and checks its events and claims: whether all of
/// that holds. `due`: whether the reader found it numbered next and by the
/// seat whose turn it is ([`quick::Steps::next_turn_v2`]).
fn play_tail(
    game: &mut Game<'_>,
    turn: TurnInput<'_>,
    due: bool,
    tail: &quick::TurnTail<'_>,
    before: &ByPlayer<u32>,
    observer: &mut impl observe::Observe,
) -> bool {
    let turn = TurnInput {
        steps: crate::notation::act::TurnSteps::Read(&tail.steps),
        ..turn
    };
    let claimed = tail
        .claims
        .iter()
        .map(|c| (c.claim.player, c.net(), c.claim.total));
    play_claimed(game, &turn, due, before, claimed, observer) && events_hold(game, &tail.events)
}

/// Whether the events of a turn just played say what it did, as
/// [`check_events_of`] finds them: each a `@goods` of Traders & Builders in
/// play, with the goods the turn took. Any other event (a `@time`, whose
/// clock the full referee keeps, or one no expansion in play defines) is
/// left to the full referee.
fn events_hold(game: &Game<'_>, events: &[quick::EventScan<'_>]) -> bool {
    if events.is_empty() {
        return true;
    }
    let trading = game.expansions().contains(Expansion::TradersAndBuilders);
    events.iter().all(|e| {
        trading && e.name == "goods" && e.args.and_then(parse_goods_args) == Some(game.turn_goods())
    })
}

/// Checks a turn read whole ([`Game::check`]), plays it, and then checks its
/// claims, each `(player, net points, running total)`: whether all of that
/// holds. `due`: whether the turn is known to be numbered next and by the
/// seat whose turn it is, which is then not looked at again
/// ([`Game::play_due_for_verdict`]).
fn play_claimed<'n>(
    game: &mut Game<'_>,
    turn: &TurnInput<'_>,
    due: bool,
    before: &ByPlayer<u32>,
    mut claimed: impl Iterator<Item = (&'n str, i64, Option<u32>)>,
    observer: &mut impl observe::Observe,
) -> bool {
    let played = if due {
        play_due(game, turn)
    } else {
        game.play_for_verdict(turn)
    };
    if played {
        observer.played(game, turn);
    }
    played && claimed.all(|(player, net, total)| claim_holds(game, before, player, net, total))
}

/// Whether a claim of a turn just played holds: `player`'s net points in the
/// turn (from `before` to now) are `net`, and the running total is `total`
/// if it is written.
fn claim_holds(
    game: &Game<'_>,
    before: &ByPlayer<u32>,
    player: &str,
    net: i64,
    total: Option<u32>,
) -> bool {
    let Some(p) = game.seat(player) else {
        return false;
    };
    let now = game.score().get(p).copied().unwrap_or(0);
    let earlier = before.get(p).copied().unwrap_or(0);
    i64::from(now) - i64::from(earlier) == net && total.is_none_or(|t| t == now)
}

/// Parses and replays one game whose text starts at byte `base` of its file
/// (see [`crate::notation::split_games`]). Games are independent, so a batch may
/// check them in any order or in parallel.
pub fn check_game(
    text: &str,
    base: usize,
    catalog: &TileCatalog,
    options: ReplayOptions,
) -> GameOutcome {
    check_parsed(crate::diagnostics::parse_game(text, base), catalog, options)
}

/// [`check_game`] on a game read from a file ([`crate::stream::Game::parse`]:
/// its bytes that were not UTF-8 are faults, `E109`).
pub fn check_game_read(
    game: &crate::stream::Game<'_>,
    catalog: &TileCatalog,
    options: ReplayOptions,
) -> GameOutcome {
    check_parsed(game.parse(), catalog, options)
}

/// Replays a game as read, unless reading it found an error (or nothing):
/// lines too long to read that the game does not need are no bar to it
/// ([`crate::diagnostics::Parsed::is_replayable`]).
fn check_parsed(
    p: crate::diagnostics::Parsed,
    catalog: &TileCatalog,
    options: ReplayOptions,
) -> GameOutcome {
    let replayable = p.is_replayable();
    let mut faults = Faults::new();
    faults.extend(p.diagnostics);
    let empty = p.record.tags.is_empty() && p.record.turns.is_empty();
    let replay = if !replayable || empty {
        None
    } else {
        let r = replay_with(&p.record, catalog, options);
        faults.extend(r.diagnostics.iter().cloned());
        Some(r)
    };
    GameOutcome {
        record: p.record,
        diagnostics: faults.into_vec(),
        replay,
    }
}
