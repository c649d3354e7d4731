//! The Messengers (the 2012 Z-Man big box, "The Messengers"): each player's
//! second pawn on the scoreboard, the messenger, and the message tiles the
//! turn's player draws when one of his pawns ends a move on a dark space.
//!
//! Rulebook: "Each player puts the messenger of his color onto space “0” of
//! the scoreboard, next to his marker." "Each time a player scores points, he
//! chooses whether he will move his messenger or his marker. Only the active
//! player can receive a Message tile when either his messenger or his marker
//! ends its movement on a dark number (0, 5, 10, 15...). When this occurs,
//! the active player reveals the first Message tile from the stack. He then
//! has two options: • He uses the Message tile OR • He scores 2 points … In
//! both cases, the Message tile is then placed face-down under the stack."
//! "The active player can receive a maximum of one Message tile when scoring
//! at the end of his turn, even if he completed more than one feature during
//! his turn. However, a player scoring points with a Message tile (either by
//! using the tile or taking the 2 points) can get more Message tiles in this
//! way." "At the end of the game, but before proceeding with the final
//! scoring, each player adds the score of his marker and messenger … During
//! the final scoring, no Message tiles are distributed."
//!
//! The notation (SPEC 6.14): `score:messenger:x,y/SPOT` moves the messenger
//! with the points of the feature at that spot (and puts that feature first
//! in the turn's order of scores), `message:N` is the message drawn and
//! used, `choose:points` takes the 2 points instead, `choose:x,y/SPOT` names
//! the follower a message needs, `score:messenger` right after a message
//! moves the messenger with its points.
//!
//! Everything a message does depends on the scores of the turn, so the
//! messages are worked out once the turn is scored
//! (`Game::deliver_messages`), and what the record got wrong is kept as the
//! turn's fault, read back by the check of the turn on a copy that plays it
//! (`Game::check_messages`) and by the quick verdict on the game itself.

use smallvec::SmallVec;

use crate::board::Pos;
use crate::features::{NodeId, node_of};
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken};
use crate::player::{ByPlayer, Player};
use crate::rules::expansions::robbers::written_choices;
use crate::rules::worth::as_at_end;
use crate::rules::{Act, Game, Move, Placing, Step, Steps, TurnActions, Violation};
use crate::score::scoreboard::Space;
use crate::score::{PlayerList, ScoreEvent, ScoreReason, StrengthList};
use crate::tiles::{FeatureKind, Spot};

/// The message tiles: "8 Message tiles", numbered as the rulebook lists them.
pub const MESSAGES: u8 = 8;

/// The points a player may take instead of using the message drawn ("He
/// scores 2 points (as shown in the lower right-hand corner of the tile)").
pub const MESSAGE_POINTS: u32 = 2;

/// The message that gives a tile: "Play 1 more tile".
pub const ONE_MORE_TILE: u8 = 7;

/// What each message does, as the rulebook words it, by its number.
pub fn message_name(message: u8) -> &'static str {
    match message {
        1 => "value of the shortest road",
        2 => "value of the smallest city",
        3 => "value of the smallest monastery",
        4 => "2 points per banner",
        5 => "each knight scores 2 points",
        6 => "each farmer scores 2 points",
        7 => "play 1 more tile",
        8 => "score a follower and return it to your supply",
        _ => "no such message",
    }
}

/// The messengers and the message stack.
#[derive(Debug, Clone)]
pub struct Messengers {
    /// Each player's messenger: the points it has moved. The marker has the
    /// rest of the player's score.
    pub(in crate::rules) messenger: ByPlayer<u32>,
    /// The messages drawn first, in the order drawn: the order of the stack,
    /// since each goes "face-down under the stack" (at most eight).
    pub(in crate::rules) stack: SmallVec<[u8; 8]>,
    /// How many messages have been drawn.
    pub(in crate::rules) drawn: u32,
    /// The tiles message 7 gives the turn's player still to play.
    pub(in crate::rules) extra_tiles: u8,
    /// Whether the messengers were added to the markers (the final scoring).
    pub(in crate::rules) added: bool,
    /// The first fault of the last turn's messages and pawns: its step
    /// (`None`: a message due and not written) and why.
    pub(in crate::rules) fault: Option<(Option<usize>, String)>,
}

impl Messengers {
    /// Whether these rules look at every turn written without actions
    /// where the check plays the move ahead on a copy
    /// ([`Game::check_due`](crate::rules::Game::check_due)): always, since
    /// a message falls due on any turn that scores, and only the move
    /// played tells. The verdict, which reads the fault on the game the move
    /// leaves, needs no copy.
    pub(in crate::rules) fn concerns_quiet_turns(&self) -> bool {
        true
    }

    /// Every messenger on space 0, the stack unknown.
    pub(in crate::rules) fn new(seats: usize) -> Messengers {
        Messengers {
            messenger: ByPlayer::new(seats, 0),
            stack: SmallVec::new(),
            drawn: 0,
            extra_tiles: 0,
            added: false,
            fault: None,
        }
    }

    /// The points a player's messenger has moved (0 once added to the
    /// marker, before the final scoring).
    pub fn messenger(&self, player: Player) -> u32 {
        self.messenger.get(player).copied().unwrap_or(0)
    }

    /// The messages drawn first, in the order drawn: the stack's order.
    pub fn stack(&self) -> &[u8] {
        &self.stack
    }

    /// How many messages have been drawn.
    pub fn drawn(&self) -> u32 {
        self.drawn
    }

    /// The message on top of the stack, once the stack has come round (each
    /// message went under it after being drawn).
    pub fn top(&self) -> Option<u8> {
        (self.stack.len() == usize::from(MESSAGES))
            .then(|| self.stack.get((self.drawn % u32::from(MESSAGES)) as usize))
            .flatten()
            .copied()
    }

    /// The tiles message 7 still gives the turn's player.
    pub fn extra_tiles(&self) -> u8 {
        self.extra_tiles
    }

    /// The end of a turn: whether the player plays a tile a message gave
    /// him ("Play 1 more tile").
    pub(in crate::rules) fn extra_tile_played(&mut self) -> bool {
        if self.extra_tiles == 0 {
            return false;
        }
        self.extra_tiles -= 1;
        true
    }

    fn fail(&mut self, step: Option<usize>, reason: String) {
        self.fault.get_or_insert((step, reason));
    }
}

/// A feature's spot named in an act: `x,y/SPOT`, or `SPOT` on the tile
/// placed.
fn spot_of<'a>(arg: &ArgToken<'a>, placing: &Placing) -> Option<(Option<&'a str>, (Pos, Spot))> {
    match arg {
        ArgToken::At { figure, target } => match *target.place.as_ref()? {
            Place::Spot(spot) => Some((*figure, (target.pos.unwrap_or(placing.pos), spot))),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): no kind by itself. A message
/// falls due on any turn that scores, which is a matter of the game
/// ([`Messengers::concerns_quiet_turns`]).
pub(in crate::rules) fn concerns_quiet_turn(_def: &crate::tiles::TileDef) -> bool {
    false
}

impl Game<'_> {
    /// The messengers and the message stack, with The Messengers in play.
    pub fn messengers(&self) -> Option<&Messengers> {
        self.exp.messengers.as_ref()
    }

    /// The points a player's marker has moved: the score, less what the
    /// messenger moved.
    pub fn marker_total(&self, player: Player) -> u32 {
        let score = self.score.get(player).copied().unwrap_or(0);
        score.saturating_sub(self.messengers().map_or(0, |m| m.messenger(player)))
    }

    /// `message:N`: the message the turn's player drew, used. Only the turn's
    /// player receives messages, and only after the turn's figures and
    /// pieces: the messages come after the scoring.
    ///
    /// # Errors
    /// [`Violation::Message`].
    pub(in crate::rules) fn check_message(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: String| Violation::Message {
            step: Some(step),
            reason,
        };
        if let Some(name) = act.player
            && self.seat_named_in(step, name)? != placing.player
        {
            return Err(fault(
                "only the turn's player receives message tiles".to_string(),
            ));
        }
        let message = match act.arg.as_ref() {
            Some(ArgToken::Number(n)) if (1..=u32::from(MESSAGES)).contains(n) => *n as u8,
            _ => {
                return Err(fault(
                    "a message is written by its number, 1 to 8: message:N".to_string(),
                ));
            }
        };
        turn.message = true;
        turn.tile_message = message == ONE_MORE_TILE;
        Ok(Step {
            actor: placing.player,
            act: Act::Message {
                message,
                points: false,
                target: None,
                step,
            },
        })
    }

    /// `choose:points` or `choose:x,y/SPOT`, right after its message: the
    /// 2 points taken instead of the message, or the follower it needs.
    ///
    /// # Errors
    /// [`Violation::Message`].
    pub(in crate::rules) fn check_choose(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
        steps: &mut Steps,
    ) -> Result<(), Violation> {
        let fault = |reason: &str| Violation::Message {
            step: Some(step),
            reason: reason.to_string(),
        };
        let Some(Step {
            act: Act::Message { points, target, .. },
            ..
        }) = steps.last_mut()
        else {
            return Err(fault("a choice follows its message: message:N choose:…"));
        };
        if *points || target.is_some() {
            return Err(fault("a message's choice is written once"));
        }
        let arg = act.arg.as_ref();
        match arg {
            Some(ArgToken::Kind(word)) if *word == "points" => {
                *points = true;
                turn.tile_message = false;
            }
            Some(arg) => match spot_of(arg, placing) {
                Some((None, at)) => *target = Some(at),
                _ => {
                    return Err(fault(
                        "a message's choice is the 2 points, choose:points, or a follower, choose:x,y/SPOT",
                    ));
                }
            },
            None => {
                return Err(fault(
                    "a message's choice is the 2 points, choose:points, or a follower, choose:x,y/SPOT",
                ));
            }
        }
        Ok(())
    }

    /// `score:messenger:x,y/SPOT` (or `score:marker:…`, `score:x,y/SPOT`):
    /// the pawn that player moves with the points of the feature there, that
    /// feature scored first; `score:messenger` (or `score:marker`) right
    /// after a message: the pawn its points move. With The Robbers and no
    /// Messengers, `score:x,y/SPOT` (or `score:marker:…`) only states the
    /// order of the scores ([`super::score_order`]).
    ///
    /// # Errors
    /// [`Violation::Message`].
    pub(in crate::rules) fn check_pawn(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &TurnActions,
        steps: &Steps,
    ) -> Result<Option<Step>, Violation> {
        let fault = |reason: String| Violation::Message {
            step: Some(step),
            reason,
        };
        let named = match act.player {
            Some(name) => Some(self.seat_named_in(step, name)?),
            None => None,
        };
        // With The Robbers alone the act states the order of the turn's
        // scores (SPEC 4.5), and the marker is each player's one pawn.
        let pawns = self.exp.messengers.is_some();
        let pawn = |word: Option<&str>| {
            match word {
            None | Some("marker") => Ok(false),
            Some("messenger") if pawns => Ok(true),
            Some("messenger") => Err(fault(
                "no messenger without The Messengers: score:x,y/SPOT names the feature scored first, with the marker".to_string(),
            )),
            Some(other) => Err(fault(if pawns {
                format!("a score moves the marker or the messenger, not {other}")
            } else {
                format!("a score moves the marker, not {other}")
            })),
        }
        };
        let no_feature = if pawns {
            "a score names a feature, score:messenger:x,y/SPOT, or follows a message, score:messenger"
        } else {
            "a score names the feature scored first: score:x,y/SPOT"
        };
        let arg = act.arg.as_ref();
        let (feature, messenger) = match arg {
            Some(ArgToken::Kind(_)) if !pawns => return Err(fault(no_feature.to_string())),
            Some(ArgToken::Kind(word)) => {
                let messenger = pawn(Some(word))?;
                let after_message = matches!(
                    steps.last(),
                    Some(Step {
                        act: Act::Message { .. },
                        ..
                    })
                );
                if !after_message {
                    return Err(fault(
                        "a message's pawn follows its message (message:N score:messenger); a feature's names it (score:messenger:x,y/SPOT)".to_string(),
                    ));
                }
                if named.is_some_and(|p| p != placing.player) {
                    return Err(fault(
                        "a message's points are the turn's player's".to_string(),
                    ));
                }
                (None, messenger)
            }
            Some(arg) => match spot_of(arg, placing) {
                Some((word, at)) => {
                    if turn.message {
                        return Err(fault(
                            "the pawns of the turn's features are written before the messages"
                                .to_string(),
                        ));
                    }
                    (Some(at), pawn(word)?)
                }
                None => return Err(fault(no_feature.to_string())),
            },
            None => return Err(fault(no_feature.to_string())),
        };
        Ok(Some(Step {
            actor: named.unwrap_or(placing.player),
            act: Act::Pawn {
                feature,
                named,
                messenger,
                step,
            },
        }))
    }

    /// The node of a feature named by a square and a spot, if a tile lies
    /// there with a feature at that spot.
    pub(in crate::rules) fn node_at(&self, (pos, spot): (Pos, Spot)) -> Result<NodeId, String> {
        let placed = self
            .board
            .at(pos)
            .ok_or_else(|| format!("no tile lies at {pos}"))?;
        let def = self.catalog.def(placed.tile);
        let seg = spot
            .segment(def, placed.rotation)
            .ok_or_else(|| format!("the tile at {pos} has no feature at {spot}"))?;
        Ok(node_of(placed, seg))
    }

    fn message_fault(&mut self, step: Option<usize>, reason: String) {
        if let Some(m) = &mut self.exp.messengers {
            m.fail(step, reason);
        }
    }

    /// Whether `player`'s pawns, moved by `events` (already added to the
    /// score) in order, end a move on a dark space.
    fn lands_on_dark(&self, events: &[ScoreEvent], player: Player) -> bool {
        // Most turns score nothing: no pawn moves.
        if events.is_empty() {
            return false;
        }
        let mut marker = self.marker_total(player);
        let mut messenger = self.messengers().map_or(0, |m| m.messenger(player));
        for e in events.iter().filter(|e| e.winners.contains(&player)) {
            let points = e.points_for_winner(player);
            if e.messengers.contains(&player) {
                messenger = messenger.saturating_sub(points);
            } else {
                marker = marker.saturating_sub(points);
            }
        }
        for e in events.iter().filter(|e| e.winners.contains(&player)) {
            let points = e.points_for_winner(player);
            if points == 0 {
                continue;
            }
            let pawn = if e.messengers.contains(&player) {
                &mut messenger
            } else {
                &mut marker
            };
            *pawn = pawn.saturating_add(points);
            if Space::of(*pawn).is_dark() {
                return true;
            }
        }
        false
    }

    /// [`Phase::AfterScore`](super::Phase::AfterScore): the messages of the
    /// turn of `player`, whose scoring is `self.events[scoring..]`. A pawn
    /// of his ending a move on a dark space there makes one message due; the
    /// points of a message make another due the same way. Each message
    /// written must be due and be the top of the stack; each due must be
    /// written. A fault is kept for the check ([`Game::check_messages`]).
    #[inline(never)]
    pub(in crate::rules) fn deliver_messages(
        &mut self,
        player: Player,
        steps: &[Step],
        scoring: usize,
    ) {
        let mut due = self.lands_on_dark(self.events.get(scoring..).unwrap_or_default(), player);
        for (i, s) in steps.iter().enumerate() {
            let Act::Message {
                message,
                points,
                target,
                step,
            } = s.act
            else {
                continue;
            };
            let messenger = matches!(
                steps.get(i + 1),
                Some(Step {
                    act: Act::Pawn {
                        feature: None,
                        messenger: true,
                        ..
                    },
                    ..
                })
            );
            if !due {
                self.message_fault(
                    Some(step),
                    format!(
                        "no message is due: no pawn of {}'s ended a move on a dark space (a multiple of 5) since the last message",
                        self.name(player)
                    ),
                );
            }
            self.draw_message(message, step);
            let mut events: Vec<ScoreEvent> = Vec::new();
            if points {
                events.push(message_event(
                    ScoreReason::MessagePoints,
                    self.turn,
                    player,
                    message,
                    MESSAGE_POINTS,
                ));
            } else {
                self.use_message(player, message, target, step, &mut events);
            }
            if messenger {
                for e in &mut events {
                    if e.winners.contains(&player) {
                        e.messengers.push(player);
                    }
                }
            }
            if self.exp.robbers.is_some() {
                self.rob(&mut events, 0, &[], false);
            }
            self.settle(&events);
            due = self.lands_on_dark(&events, player);
            self.events.extend(events);
        }
        if due {
            let top = self
                .messengers()
                .and_then(Messengers::top)
                .map_or_else(|| "message:N".to_string(), |n| format!("message:{n}"));
            self.message_fault(
                None,
                format!(
                    "a message is due: a pawn of {}'s ended a move on a dark space (a multiple of 5), so he draws the top message tile and uses it or takes 2 points: {top}",
                    self.name(player)
                ),
            );
        }
    }

    /// The message drawn: the top of the stack. The first eight drawn are
    /// eight different tiles; each goes under the stack, so from the ninth on
    /// they come again in the order first drawn.
    fn draw_message(&mut self, message: u8, step: usize) {
        let Some(m) = &mut self.exp.messengers else {
            return;
        };
        let fault = if let Some(top) = m.top() {
            (top != message).then(|| {
                format!(
                    "the top of the message stack is message {top}: each message drawn goes under the stack, so they come again in the order first drawn ({})",
                    m.stack
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
        } else if m.stack.contains(&message) {
            Some(format!(
                "message {message} was drawn already and lies under the stack: the first eight messages drawn are the eight different tiles"
            ))
        } else {
            m.stack.push(message);
            None
        };
        m.drawn = m.drawn.saturating_add(1);
        if let Some(reason) = fault {
            m.fail(Some(step), reason);
        }
    }

    /// A message used by the turn's player: its points as events.
    fn use_message(
        &mut self,
        player: Player,
        message: u8,
        target: Option<(Pos, Spot)>,
        step: usize,
        events: &mut Vec<ScoreEvent>,
    ) {
        let turn = self.turn;
        if target.is_some() && (4..=7).contains(&message) {
            self.message_fault(
                Some(step),
                format!(
                    "message {message} ({}) names no follower: only messages 1 to 3 and 8 take choose:x,y/SPOT",
                    message_name(message)
                ),
            );
        }
        // The points of this message, where it scores no one feature.
        let points = |n: u32| message_event(ScoreReason::Message, turn, player, message, n);
        match message {
            1..=3 => {
                let kind = match message {
                    1 => FeatureKind::Road,
                    2 => FeatureKind::City,
                    _ => FeatureKind::Monastery,
                };
                let e = self.smallest(player, kind, message, target, step);
                events.push(e.unwrap_or_else(|| points(0)));
            }
            4 => {
                // "You score 2 points for each banner found in the cities
                // where you have at least one follower (majority is not
                // mandatory)."
                let banners: u32 = self
                    .own_followers(player, FeatureKind::City)
                    .filter(|(_, n)| *n > 0)
                    .map(|(f, _)| u32::from(f.pennants))
                    .sum();
                events.push(points(2 * banners));
            }
            5 | 6 => {
                // "You score 2 points for each of your knights (followers
                // placed in a city)"; "… for each of your farmers (followers
                // placed in a field)". A large follower is one follower.
                let kind = if message == 5 {
                    FeatureKind::City
                } else {
                    FeatureKind::Field
                };
                let count: u32 = self.own_followers(player, kind).map(|(_, n)| n).sum();
                events.push(points(2 * count));
            }
            ONE_MORE_TILE => {
                // "Draw 1 more tile and play it as usual."
                if let Some(m) = &mut self.exp.messengers {
                    m.extra_tiles = m.extra_tiles.saturating_add(1);
                }
                events.push(points(0));
            }
            _ => self.score_follower(player, target, step, events),
        }
    }

    /// The features of a kind that hold figures, each with how many of
    /// `player`'s followers (a large one counting once) stand on it.
    fn own_followers(
        &self,
        player: Player,
        kind: FeatureKind,
    ) -> impl Iterator<Item = (crate::features::FeatureView<'_>, u32)> + '_ {
        self.features
            .occupied_roots()
            .into_iter()
            .filter_map(|r| self.features.feature(r))
            .filter(move |f| f.kind == kind)
            .map(move |f| {
                let n = f.followers_of(player).count();
                (f, u32::try_from(n).unwrap_or(u32::MAX))
            })
    }

    /// Messages 1 to 3: "You choose a road on which you have a follower (it
    /// only has to be on the road, your having the majority is not
    /// mandatory). If you own a follower on more than one road, you must
    /// choose the road that would be worth the fewest points at the end of
    /// the game. You score that number of points and your follower remains
    /// on the road." The feature chosen among several worth the fewest, if
    /// written, must be one of them; else the first of them placed.
    fn smallest(
        &mut self,
        player: Player,
        kind: FeatureKind,
        message: u8,
        target: Option<(Pos, Spot)>,
        step: usize,
    ) -> Option<ScoreEvent> {
        let mut roots: Vec<NodeId> = self
            .features
            .occupied_roots()
            .into_iter()
            .filter(|r| {
                self.features
                    .feature(*r)
                    .is_some_and(|f| f.kind == kind && f.followers_of(player).next().is_some())
            })
            .collect();
        roots.sort_unstable_by_key(|r| self.features.first_node_of(*r));
        let mut best: Vec<ScoreEvent> = Vec::new();
        for r in roots {
            let Some(e) = as_at_end(self, r) else {
                continue;
            };
            match best.first().map(|b| b.points) {
                Some(p) if e.points > p => {}
                Some(p) if e.points == p => best.push(e),
                _ => best = vec![e],
            }
        }
        let chosen = match target {
            None => best.into_iter().next(),
            Some(at) => {
                let root = self.node_at(at).map(|n| self.features.root(n));
                let worth = best.first().map_or(0, |b| b.points);
                match best
                    .into_iter()
                    .find(|e| Ok(self.features.root(e.node)) == root)
                {
                    Some(e) => Some(e),
                    None => {
                        self.message_fault(
                            Some(step),
                            format!(
                                "message {message} scores a {kind} of {}'s worth the fewest points ({worth}), and the one at {} {} is not one",
                                self.name(player),
                                at.0,
                                at.1
                            ),
                        );
                        None
                    }
                }
            }
        };
        chosen.map(|e| as_message(e, player, message))
    }

    /// Message 8: "Choose one of your followers in a feature where you have
    /// the majority. Score the chosen feature (the one occupied by your
    /// follower) as you would at the end of the game. You are the only one
    /// to score points. The chosen follower returns to your supply after
    /// scoring the feature."
    fn score_follower(
        &mut self,
        player: Player,
        target: Option<(Pos, Spot)>,
        step: usize,
        events: &mut Vec<ScoreEvent>,
    ) {
        let turn = self.turn;
        let Some(at) = target else {
            self.message_fault(
                Some(step),
                "message 8 scores the feature of a follower the player chooses: message:8 choose:x,y/SPOT".to_string(),
            );
            events.push(message_event(ScoreReason::Message, turn, player, 8, 0));
            return;
        };
        let node = match self.node_at(at) {
            Ok(node) => node,
            Err(reason) => {
                self.message_fault(Some(step), reason);
                events.push(message_event(ScoreReason::Message, turn, player, 8, 0));
                return;
            }
        };
        let found = self.features.feature(node).and_then(|f| {
            let figure = f
                .followers()
                .find(|x| x.node == node && x.player == player && x.figure.is_follower())?
                .figure;
            let (_, winners) =
                crate::score::majority(f.followers().map(|x| (x.player, x.strength())));
            Some((f.kind, figure, winners.contains(&player)))
        });
        let fault = match found {
            None => Some(format!(
                "no follower of {}'s stands at {} {}",
                self.name(player),
                at.0,
                at.1
            )),
            Some((FeatureKind::Field, ..)) => Some(
                "message 8 scores a road, city or monastery: a field is scored only at the end"
                    .to_string(),
            ),
            Some((_, _, false)) => Some(format!(
                "{} does not have the majority in the feature at {} {}",
                self.name(player),
                at.0,
                at.1
            )),
            Some(_) => None,
        };
        if let Some(reason) = fault {
            self.message_fault(Some(step), reason);
            events.push(message_event(ScoreReason::Message, turn, player, 8, 0));
            return;
        }
        let root = self.features.root(node);
        match as_at_end(self, root) {
            Some(e) => events.push(as_message(e, player, 8)),
            None => events.push(message_event(ScoreReason::Message, turn, player, 8, 0)),
        }
        if let Some((_, figure, _)) = found {
            self.send_home_from(node, player, figure);
            if let Some(s) = self.in_hand.get_mut(player) {
                s.give(figure);
            }
        }
    }

    /// The end of the game, before the final scoring: "each player adds the
    /// score of his marker and messenger … and returns the messenger to the
    /// box".
    pub(in crate::rules) fn add_messengers(&mut self) {
        if let Some(m) = &mut self.exp.messengers
            && !m.added
        {
            for p in m.messenger.players().collect::<Vec<_>>() {
                if let Some(t) = m.messenger.get_mut(p) {
                    *t = 0;
                }
            }
            m.added = true;
        }
    }

    /// A turn played ahead on a copy, with every rule checked but the
    /// turn's messages and pawns (and its robbers' choices): the game it
    /// leaves, and their fault, if any. What writes a turn with The
    /// Messengers (`carcref gen`) learns from it which messages fall due.
    ///
    /// # Errors
    /// The turn's first fault outside its messages and pawns.
    pub fn played_ahead<'g>(
        &'g self,
        turn: &crate::rules::TurnInput<'_>,
    ) -> Result<(Game<'g>, Result<(), Violation>), Violation> {
        let mv = self.check_due_but_messages(turn)?;
        let mut copy = self.clone();
        let written = written_choices(&mv);
        copy.apply(mv);
        let fault = copy.turn_fault(&written);
        Ok((copy, fault))
    }

    /// [`Game::check_due`] of a turn known to be the one due, but for its
    /// messages and pawns (The Messengers) and its robbers' choices (The
    /// Robbers): what a turn still to be completed with its messages is
    /// checked by.
    ///
    /// # Errors
    /// The turn's first fault outside its messages, pawns and robbers'
    /// choices.
    pub fn check_due_but_messages(
        &self,
        turn: &crate::rules::TurnInput<'_>,
    ) -> Result<Move, Violation> {
        self.check_due_with_actions_as(turn, false)
    }

    /// The turn's messages and pawns, and its robbers' choices, checked on a
    /// copy that plays the move.
    ///
    /// # Errors
    /// [`Violation::Message`] or [`Violation::Robber`].
    #[cold]
    pub(in crate::rules) fn check_messages(
        &self,
        mv: &Move,
        placing: Option<&Placing>,
    ) -> Result<(), Violation> {
        // A turn that writes none of these acts and moves no ferry scores
        // only what its tile completes: where it completes nothing, no
        // message falls due, and no copy is played.
        let quiet = mv.steps.iter().all(|s| {
            !matches!(
                s.act,
                Act::Message { .. } | Act::Pawn { .. } | Act::Rob { .. } | Act::Ferry { .. }
            )
        });
        if quiet
            && placing
                .is_none_or(|p| !self.completes_a_feature(p, crate::rules::completion::Held::Any))
        {
            return Ok(());
        }
        let copy = self.played_copy(mv, |_| {}, |_| true);
        copy.turn_fault(&written_choices(mv))
    }

    /// The fault the move just played left, if any: its messages and pawns
    /// (The Messengers), its robbers' choices (The Robbers), which it wrote
    /// at the steps `written` (`written_choices`).
    ///
    /// # Errors
    /// [`Violation::Message`] or [`Violation::Robber`].
    pub(in crate::rules) fn turn_fault(&self, written: &[usize]) -> Result<(), Violation> {
        self.written_order_fault()?;
        if let Some((step, reason)) = self.messengers().and_then(|m| m.fault.as_ref()) {
            return Err(Violation::Message {
                step: *step,
                reason: reason.clone(),
            });
        }
        if self.exp.robbers.is_some() {
            self.robbing_fault(written)?;
        }
        Ok(())
    }
}

/// Whether a player has a follower (a normal or large one) on a feature.
/// A feature's event, scored as at the end, made the points of a message to
/// one player.
fn as_message(mut e: ScoreEvent, player: Player, message: u8) -> ScoreEvent {
    let mut winners = PlayerList::new();
    winners.push(player);
    let mut strength = StrengthList::new();
    strength.push((player, u32::from(message)));
    e.reason = ScoreReason::Message;
    e.winners = winners;
    e.strength = strength;
    e.returns_followers = false;
    e.pigs.clear();
    e.pig_bonus = 0;
    e
}

/// The points of a message that scores no one feature.
fn message_event(
    reason: ScoreReason,
    turn: u32,
    player: Player,
    message: u8,
    points: u32,
) -> ScoreEvent {
    ScoreEvent::message(reason, Some(turn), player, message, points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Edition, Setup};
    use crate::tiles::TileCatalog;

    fn game(catalog: &TileCatalog) -> Game<'_> {
        Game::new(
            Setup {
                players: vec!["Ann".into(), "Bob".into()],
                colours: vec![None, None],
                edition: Edition::HiG2012,
                sets: vec!["basic".into(), "messengers".into()],
                variants: Default::default(),
                scenario: Default::default(),
            },
            catalog,
        )
    }

    fn fault(g: &Game<'_>) -> Option<String> {
        g.messengers().and_then(|m| m.fault.clone()).map(|(_, r)| r)
    }

    #[test]
    fn the_stack_comes_round_after_eight() {
        // "Shuffle the Message tiles, face-down, and stack them"; "the
        // Message tile is then placed face-down under the stack": the first
        // eight drawn are the eight tiles, then the same order again.
        let catalog = TileCatalog::embedded().unwrap();
        let mut g = game(&catalog);
        let order = [3, 1, 8, 5, 2, 7, 4, 6];
        for (step, m) in order.iter().enumerate() {
            assert_eq!(g.messengers().unwrap().top(), None);
            g.draw_message(*m, step);
        }
        assert_eq!(fault(&g), None);
        for (step, m) in order.iter().chain(&order).enumerate() {
            assert_eq!(g.messengers().unwrap().top(), Some(*m));
            g.draw_message(*m, step);
        }
        assert_eq!(fault(&g), None);
        assert_eq!(g.messengers().unwrap().drawn(), 24);
        // The ninth drawn out of order.
        let mut g = game(&catalog);
        for (step, m) in order.iter().enumerate() {
            g.draw_message(*m, step);
        }
        g.draw_message(1, 8);
        assert!(
            fault(&g)
                .unwrap()
                .contains("the top of the message stack is message 3")
        );
    }

    #[test]
    fn the_first_eight_messages_are_all_different() {
        let catalog = TileCatalog::embedded().unwrap();
        let mut g = game(&catalog);
        g.draw_message(4, 0);
        g.draw_message(2, 1);
        assert_eq!(fault(&g), None);
        g.draw_message(4, 2);
        assert!(fault(&g).unwrap().contains("message 4 was drawn already"));
    }

    #[test]
    fn the_messengers_are_added_to_the_markers_before_the_final_scoring() {
        // "At the end of the game, but before proceeding with the final
        // scoring, each player adds the score of his marker and messenger."
        let catalog = TileCatalog::embedded().unwrap();
        let mut g = game(&catalog);
        g.score = ByPlayer::new(2, 12);
        if let Some(m) = &mut g.exp.messengers {
            m.messenger = ByPlayer::new(2, 5);
        }
        assert_eq!(g.marker_total(Player(0)), 7);
        assert_eq!(g.pawns().get(Player(0)).unwrap().messenger, Some(5));
        g.finish();
        assert_eq!(g.marker_total(Player(0)), 12);
        assert_eq!(g.pawns().get(Player(0)).unwrap().messenger, None);
    }
}
