//! The Gold Mines (the 2012 Z-Man big box, "The Gold Mines"): gold ingots set
//! on the tiles around a gold mine, taken by the majority holders of the
//! features scored, and worth points at the end by how many a player holds.
//!
//! Rulebook: "Whenever a player draws a tile with a gold ingot on it, he places
//! it as usual. He then sets a gold ingot on that tile and on an adjacent tile
//! (even diagonally). As such, a player will always place 2 gold ingots after
//! placing a tile with an ingot. An ingot may be placed on a tile where there
//! already is one or more ingots. A gold ingot counts for every feature on the
//! tile; it is not assigned to a specific feature. After placing 2 gold
//! ingots, the player can set a follower as usual."
//!
//! The turn's order: "1. Place a tile with a gold ingot 2. Place 2 gold
//! ingots 3. Place a follower or not 4. Score completed features 5.
//! Distribute gold ingots".
//!
//! The notation (SPEC 6.8): the first ingot goes on the tile itself and is
//! not written; the second is the act `gold:x,y`, before the figure, written
//! on every gold-mine tile (also where only one tile lies around). The
//! distribution is the acts `ingot:x,y`, one per ingot taken, after the
//! figure, written where some player has a choice.

use std::collections::BTreeMap;

use smallvec::SmallVec;

use crate::board::Pos;
use crate::notation::act::{ActToken, ArgToken, TargetToken};
use crate::player::{ByPlayer, Player};
use crate::rules::completion::Held;
use crate::rules::{Act, Game, Move, Placing, Step, TurnActions, Violation};
use crate::score::{PlayerList, ScoreEvent, ScoreReason};
use crate::tiles::{FeatureKind, Symbol, TileDef};

/// Points each ingot is worth at the end, by how many a player holds.
///
/// Rulebook: "After the final scoring, consult the table on the right.
/// Players score points depending on the number of gold ingots they collected
/// during the game": "1 – 3 1, 4 – 6 2, 7 – 9 3, 10+ 4" points per gold ingot.
pub fn points_per_ingot(ingots: u32) -> u32 {
    match ingots {
        0 => 0,
        1..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

/// Points a player's ingots are worth at the end. Rulebook: "Red scored 102
/// points and collected 7 gold ingots. He obtains an extra 21 points (7x3)".
pub fn gold_points(ingots: u32) -> u32 {
    ingots.saturating_mul(points_per_ingot(ingots))
}

/// The ingots of one tile a distribution hands out, and who may take them:
/// the majority holders of the features scored that the tile is part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The tile.
    pub pos: Pos,
    /// Its ingots.
    pub ingots: u32,
    /// Who may take them, in seat order.
    pub claimants: PlayerList,
}

/// One ingot taken in a distribution, as written: the tile, and the player
/// named in parentheses, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Take {
    /// The tile the ingot is taken from.
    pub pos: Pos,
    /// The player written in parentheses.
    pub named: Option<Player>,
}

/// A distribution the rules do not allow: which take (its index among the
/// turn's takes; `None`: the turn as a whole) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfair {
    /// The take at fault.
    pub take: Option<usize>,
    /// The player the rule gives the take to, named in `reason` by
    /// [`Unfair::PLAYER`].
    pub by: Player,
    /// What is wrong.
    pub reason: String,
}

impl Unfair {
    /// Where `reason` names the player [`Unfair::by`].
    pub const PLAYER: &'static str = "{player}";

    /// The reason with the player's name.
    pub fn reason_naming(&self, name: &str) -> String {
        self.reason.replace(Unfair::PLAYER, name)
    }
}

/// Distributes the ingots of `claims`. Rulebook: "If more than one player has
/// the majority on a completed feature, or if multiple features with gold
/// ingots are completed at the same time, gold ingots are distributed as
/// follows: Starting with the active player and followed by the other players
/// in turn order, each player that can receive gold ingots takes one ingot.
/// Proceed accordingly until all gold ingots have been distributed amongst the
/// players."
///
/// With `takes` written, they are the whole distribution, in order, each by
/// the player the rule gives. Without, every take must be free of choice: a
/// player whose ingots within reach lie on tiles that different players may
/// take from chooses, and the record then writes the takes. `automatic`
/// makes those choices as JCloisterZone does (the tile with the most
/// claimants, the first in square order among equals), for a move applied
/// without its takes checked.
///
/// # Errors
/// The first take the rule does not allow, or a choice not written.
pub fn distribute(
    claims: &[Claim],
    active: Player,
    seats: usize,
    takes: &[Take],
    automatic: bool,
) -> Result<Vec<(Player, Pos)>, Unfair> {
    let mut left: Vec<Claim> = claims.to_vec();
    let mut out = Vec::new();
    let seats = seats.max(1);
    let written = !takes.is_empty();
    loop {
        let mut progress = false;
        for k in 0..seats {
            let p = Player(u8::try_from((active.index() + k) % seats).unwrap_or(0));
            let options: Vec<usize> = left
                .iter()
                .enumerate()
                .filter(|(_, c)| c.ingots > 0 && c.claimants.contains(&p))
                .map(|(i, _)| i)
                .collect();
            let Some(&first) = options.first() else {
                continue;
            };
            progress = true;
            let index = out.len();
            let chosen = if written {
                let Some(take) = takes.get(index) else {
                    return Err(Unfair {
                        take: None,
                        by: p,
                        reason: format!(
                            "the distribution goes on: take {} is by {}",
                            index + 1,
                            Unfair::PLAYER
                        ),
                    });
                };
                if take.named.is_some_and(|n| n != p) {
                    return Err(Unfair {
                        take: Some(index),
                        by: p,
                        reason: format!("take {} is by {}", index + 1, Unfair::PLAYER),
                    });
                }
                options
                    .iter()
                    .copied()
                    .find(|i| left.get(*i).is_some_and(|c| c.pos == take.pos))
                    .ok_or_else(|| Unfair {
                        take: Some(index),
                        by: p,
                        reason: format!(
                            "no ingot at {} for this player to take: {}",
                            take.pos,
                            list(&left, &options)
                        ),
                    })?
            } else {
                let choice = options.iter().any(|i| {
                    left.get(*i).map(|c| &c.claimants) != left.get(first).map(|c| &c.claimants)
                });
                if choice && !automatic {
                    return Err(Unfair {
                        take: None,
                        by: p,
                        reason: format!(
                            "{} chooses among {}: write the takes (ingot:x,y)",
                            Unfair::PLAYER,
                            list(&left, &options)
                        ),
                    });
                }
                // The tile most players may take from; the first among equals.
                options
                    .iter()
                    .copied()
                    .max_by(|a, b| {
                        let n = |i: &usize| left.get(*i).map_or(0, |c| c.claimants.len());
                        n(a).cmp(&n(b)).then(b.cmp(a))
                    })
                    .unwrap_or(first)
            };
            if let Some(c) = left.get_mut(chosen) {
                c.ingots -= 1;
                out.push((p, c.pos));
            }
        }
        if !progress {
            break;
        }
    }
    if written && takes.len() > out.len() {
        return Err(Unfair {
            take: Some(out.len()),
            by: active,
            reason: "every ingot is taken already".to_string(),
        });
    }
    Ok(out)
}

/// The tiles a player may take from, for a message: `0,1 (2), 1,1 (1)`.
fn list(left: &[Claim], options: &[usize]) -> String {
    options
        .iter()
        .filter_map(|i| left.get(*i))
        .map(|c| format!("{} ({})", c.pos, c.ingots))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What The Gold Mines keeps during a game.
#[derive(Debug, Clone, Default)]
pub struct Gold {
    /// The ingots on the board, by square (none where there are none).
    pub(in crate::rules) on_tiles: BTreeMap<Pos, u32>,
    /// The ingots each player holds.
    pub(in crate::rules) held: ByPlayer<u32>,
    /// What the last turn distributed: the ingots within reach, and who took
    /// which, in order.
    pub(in crate::rules) claims: Vec<Claim>,
    /// The takes of the turn that last scored a feature, in order.
    pub(in crate::rules) taken: Vec<(Player, Pos)>,
    /// That turn's number.
    pub(in crate::rules) taken_turn: u32,
}

impl Gold {
    /// A new game's: no ingot anywhere.
    pub fn new(seats: usize) -> Gold {
        Gold {
            held: ByPlayer::new(seats, 0),
            ..Gold::default()
        }
    }

    /// A new game's, in the room of `old`'s lists (emptied).
    pub(in crate::rules) fn new_in(seats: usize, old: Option<Gold>) -> Gold {
        let mut g = Gold::new(seats);
        if let Some(Gold { claims, taken, .. }) = old {
            g.claims = crate::lists::emptied(claims);
            g.taken = crate::lists::emptied(taken);
        }
        g
    }

    /// The ingots on the board, by square.
    pub fn on_tiles(&self) -> &BTreeMap<Pos, u32> {
        &self.on_tiles
    }

    /// The ingots each player holds.
    pub fn held(&self) -> &ByPlayer<u32> {
        &self.held
    }

    /// The ingots handed out by the turn that last scored a feature, by
    /// tile, with who could take them.
    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    /// The takes of the turn that last scored a feature: its number, and who
    /// took an ingot from which tile, in order.
    pub fn taken(&self) -> (u32, &[(Player, Pos)]) {
        (self.taken_turn, &self.taken)
    }

    /// Whether the ingots on the board make every turn written without
    /// actions one these rules look at where the check plays the move ahead
    /// on a copy ([`super::concern`]): with an ingot lying anywhere, the
    /// tile may complete a feature that hands it out. The verdict reads the
    /// distribution on the game the move leaves
    /// ([`Game::apply_checking_gold`]) and needs no copy.
    pub(in crate::rules) fn concerns_quiet_turns(&self) -> bool {
        !self.on_tiles.is_empty()
    }

    fn add(&mut self, pos: Pos) {
        *self.on_tiles.entry(pos).or_insert(0) += 1;
    }
}

/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): a gold-mine tile, whose second
/// ingot is due.
pub(in crate::rules) fn concerns_quiet_turn(def: &TileDef) -> bool {
    def.symbol == Some(Symbol::Goldmine)
}

/// The square an act names as a whole tile (`verb:x,y`), if that is its form.
fn tile_arg(act: &ActToken<'_>) -> Option<Pos> {
    match act.arg.as_ref() {
        Some(ArgToken::At {
            figure: None,
            target:
                TargetToken {
                    pos: Some(pos),
                    place: None,
                },
        }) => Some(*pos),
        _ => None,
    }
}

impl Game<'_> {
    /// The Gold Mines' state, when in play.
    pub fn gold(&self) -> Option<&Gold> {
        self.exp.gold.as_ref()
    }

    /// Whether a tile shows a gold mine.
    fn is_gold_mine(&self, tile: crate::tiles::TileId) -> bool {
        self.catalog.def(tile).symbol == Some(Symbol::Goldmine)
    }

    /// `gold:x,y`: the second ingot of a gold-mine tile, on a tile around it
    /// ("on that tile and on an adjacent tile (even diagonally)"), before the
    /// figure ("After placing 2 gold ingots, the player can set a follower").
    ///
    /// # Errors
    /// [`Violation::Gold`].
    pub(in crate::rules) fn check_gold(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::Gold {
            step,
            reason: reason.to_string(),
        };
        if !self.is_gold_mine(placing.tile) {
            return Err(fault("only a gold-mine tile sets ingots"));
        }
        if turn.gold.is_some() {
            return Err(fault("a gold-mine tile sets one ingot around it, once"));
        }
        if turn.figure || turn.ingots {
            return Err(fault("the ingots are set before the figure"));
        }
        if act.player.is_some() {
            return Err(fault(
                "the turn's player sets the ingots: no player is written",
            ));
        }
        let pos =
            tile_arg(act).ok_or_else(|| fault("the second ingot goes on a tile: gold:x,y"))?;
        if pos == placing.pos || !pos.is_near(placing.pos) || !self.board.is_occupied(pos) {
            return Err(fault(
                "the second ingot goes on a tile among the 8 around the gold mine",
            ));
        }
        turn.gold = Some(pos);
        Ok(Step {
            actor: placing.player,
            act: Act::Gold {
                mine: placing.pos,
                pos,
            },
        })
    }

    /// `ingot:x,y`, `ingot:x,y(Player)`: one ingot taken in the turn's
    /// distribution, after the figure. Who may take which is checked with the
    /// whole move ([`Game::check_gold_distribution`]).
    ///
    /// # Errors
    /// [`Violation::GoldDistribution`].
    pub(in crate::rules) fn check_ingot(
        &self,
        step: usize,
        act: &ActToken<'_>,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::GoldDistribution {
            step,
            reason: reason.to_string(),
        };
        let pos = tile_arg(act).ok_or_else(|| fault("an ingot is taken from a tile: ingot:x,y"))?;
        let named = match act.player {
            Some(name) => Some(self.seat_named_in(step, name)?),
            None => None,
        };
        turn.ingots = true;
        Ok(Step {
            actor: named.unwrap_or(self.next),
            act: Act::Ingot { pos, named, step },
        })
    }

    /// The end of a turn's actions: a gold-mine tile's second ingot written.
    ///
    /// # Errors
    /// [`Violation::Gold`].
    pub(in crate::rules) fn check_gold_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        if turn.gold.is_none() && self.is_gold_mine(placing.tile) {
            return Err(Violation::Gold {
                step: usize::MAX,
                reason: "a gold-mine tile sets its second ingot on a tile around it: gold:x,y before the figure".to_string(),
            });
        }
        Ok(())
    }

    /// The turn's distribution checked on the whole move: the move is played
    /// on a copy without its takes, and the takes written (or their absence)
    /// are checked against the ingots its scoring hands out; each take gets
    /// the actor the rule gives. Only a move that may hand ingots out
    /// ([`Game::may_hand_out_ingots`]), or that writes takes, pays for the
    /// copy.
    ///
    /// # Errors
    /// [`Violation::GoldDistribution`].
    pub(in crate::rules) fn check_gold_distribution(
        &self,
        mv: &mut Move,
        placing: Option<&Placing>,
    ) -> Result<(), Violation> {
        let Some(gold) = &self.exp.gold else {
            return Ok(());
        };
        let sets = mv.steps.iter().any(|s| matches!(s.act, Act::Gold { .. }));
        // Each take: its index among the move's steps, its step as written,
        // and what it names.
        let written: Vec<(usize, usize, Take)> = mv
            .steps
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s.act {
                Act::Ingot { pos, named, step } => Some((i, step, Take { pos, named })),
                _ => None,
            })
            .collect();
        let none_lies = gold.on_tiles.is_empty() && !sets;
        let claims =
            if none_lies || (written.is_empty() && !self.may_hand_out_ingots(gold, mv, placing)) {
                Vec::new()
            } else {
                let copy = self.played_copy(
                    mv,
                    |c| {
                        if let Some(g) = &mut c.exp.gold {
                            g.claims.clear();
                        }
                    },
                    |a| !matches!(a, Act::Ingot { .. }),
                );
                copy.exp.gold.map(|g| g.claims).unwrap_or_default()
            };
        if claims.is_empty() {
            return match written.first() {
                None => Ok(()),
                Some((_, step, _)) => Err(Violation::GoldDistribution {
                    step: *step,
                    reason: "no ingot is handed out in this turn".to_string(),
                }),
            };
        }
        let takes: Vec<Take> = written.iter().map(|(_, _, t)| *t).collect();
        let seats = self.in_hand.len();
        let out = distribute(&claims, mv.player, seats, &takes, false).map_err(|u| {
            Violation::GoldDistribution {
                step: u
                    .take
                    .and_then(|t| written.get(t))
                    .map_or(usize::MAX, |(_, step, _)| *step),
                reason: u.reason_naming(self.name(u.by)),
            }
        })?;
        for ((i, _, _), (p, _)) in written.iter().zip(&out) {
            if let Some(s) = mv.steps.get_mut(*i) {
                s.actor = *p;
            }
        }
        Ok(())
    }

    /// Plays a move checked but for its distribution, and tells whether the
    /// distribution holds, as [`Game::check_gold_distribution`] would have
    /// told on a copy: the takes written are those the move's scoring calls
    /// for, or none where it hands nothing out. For a verdict alone
    /// ([`Game::play_for_verdict`]): after `false` the game is not played on.
    pub(in crate::rules) fn apply_checking_gold(&mut self, mv: Move) -> bool {
        // Most moves have no steps: nothing is gathered then.
        let mut takes: SmallVec<[Take; 4]> = SmallVec::new();
        for s in &mv.steps {
            if let Act::Ingot { pos, named, .. } = s.act {
                takes.push(Take { pos, named });
            }
        }
        let player = mv.player;
        if let Some(g) = &mut self.exp.gold {
            g.claims.clear();
        }
        self.apply_keeping_room(mv);
        let Some(gold) = &self.exp.gold else {
            return takes.is_empty();
        };
        if gold.claims.is_empty() {
            return takes.is_empty();
        }
        distribute(&gold.claims, player, self.in_hand.len(), &takes, false).is_ok()
    }

    /// Whether the move may hand ingots out, read from the board as it is
    /// (`rules::completion`): only a turn that completes a road, city or
    /// monastery with an ingot on one of its tiles does ("the gold ingots on
    /// the tiles forming the completed feature are taken"), and a feature
    /// completed with no follower hands out nothing.
    fn may_hand_out_ingots(&self, gold: &Gold, mv: &Move, shared: Option<&Placing>) -> bool {
        let crate::rules::Action::Place {
            pos,
            rotation,
            follower,
        } = mv.action
        else {
            return false;
        };
        let own;
        let placing = match shared {
            Some(p) => p,
            None => {
                own = Placing::new(mv.player, mv.tile, pos, rotation);
                &own
            }
        };
        // The squares with ingots once the turn's are set (the tile's own,
        // and the one it names).
        let squares = || {
            let mut squares: SmallVec<[Pos; 16]> = gold
                .on_tiles
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(p, _)| *p)
                .collect();
            for s in &mv.steps {
                if let Act::Gold { mine, pos } = s.act {
                    squares.extend([mine, pos]);
                }
            }
            squares
        };
        // The features that may hold a figure when the turn scores: those
        // held before it, and the one its follower goes on, unless an act of
        // the turn puts a figure elsewhere.
        let elsewhere = mv.steps.iter().any(|s| !s.act.moves_no_figure());
        let held = if elsewhere {
            Held::Any
        } else {
            Held::By(follower.map(|f| f.segment))
        };
        // A lake tile whose new ferry is the turn's only one: the ferry joins
        // two of the tile's roads, which the look-ahead follows.
        let mut ferries = mv.steps.iter().filter_map(|s| match s.act {
            Act::Ferry { pos, ends } => Some((pos, ends)),
            _ => None,
        });
        if let (Some((at, ends)), None) = (ferries.next(), ferries.next())
            && at == pos
        {
            return self.completes_a_feature_over_with_ferry(placing, held, &squares(), ends);
        }
        // A ferry moved rewires roads away from the tile: a road the turn
        // completes is then seen on the copy, unless no ingot lies on it or
        // no figure can stand on it. Such a road is made of the tile's roads
        // and parts of the roads the ferries reach ([`Game::ferry_roads`]):
        // its squares are among theirs. What else the turn completes
        // (cities, monasteries, roads no ferry touches), the look-ahead
        // below tells.
        if mv.steps.iter().any(|s| matches!(s.act, Act::Ferry { .. })) {
            let roads = self.ferry_roads(placing, &mv.steps);
            let on_road = |seg: crate::tiles::SegmentId| {
                self.catalog
                    .def(mv.tile)
                    .segments
                    .get(usize::from(seg))
                    .is_some_and(|s| s.kind == FeatureKind::Road)
            };
            let held_now = elsewhere
                || follower.is_some_and(|f| on_road(f.segment))
                || roads
                    .iter()
                    .any(|n| self.features.feature(*n).is_some_and(|f| f.is_held()));
            let squares = squares();
            let ingot_at = |q: Pos| squares.contains(&q);
            if held_now
                && (ingot_at(pos)
                    || roads.iter().any(|n| {
                        self.features
                            .any_tile(*n, |t| self.board.tile(t).is_some_and(|t| ingot_at(t.pos)))
                    }))
            {
                return true;
            }
        }
        // Most turns complete nothing: told before the ingots are looked at.
        if !self.completes_a_feature(placing, held) {
            return false;
        }
        self.completes_a_feature_over(placing, held, &squares())
    }

    /// The takes JCloisterZone makes in the distribution of a turn due
    /// (numbered next, by the seat whose turn it is), written or not: the
    /// turn is played on a copy, its takes left out, and each player takes
    /// from the tile the most players may take from. `None` if the turn is
    /// not legal but for its distribution, or the game has no gold.
    pub fn gold_takes_as_jcz(
        &self,
        turn: &crate::rules::TurnInput<'_>,
    ) -> Option<Vec<(Player, Pos)>> {
        self.exp.gold.as_ref()?;
        let mv = self
            .check_due(turn)
            .or_else(|v| match v {
                Violation::GoldDistribution { .. } => self.check_due_ignoring_gold(turn),
                other => Err(other),
            })
            .ok()?;
        let copy = self.played_copy(
            &mv,
            |c| {
                if let Some(g) = &mut c.exp.gold {
                    g.claims.clear();
                    g.taken.clear();
                }
            },
            |a| !matches!(a, Act::Ingot { .. }),
        );
        copy.exp.gold.map(|g| g.taken)
    }

    /// Plays `gold:x,y`: an ingot on the tile just placed and one on the tile
    /// named.
    pub(in crate::rules) fn apply_gold_step(&mut self, placed: Pos, pos: Pos) {
        if let Some(g) = &mut self.exp.gold {
            g.add(placed);
            g.add(pos);
        }
    }

    /// [`Phase::AfterScore`](super::Phase::AfterScore): "5. Distribute gold
    /// ingots". "When a feature is completed, the gold ingots on the tiles
    /// forming the completed feature are taken by the player. The player with
    /// the most followers takes all the gold ingots from the tiles forming the
    /// completed feature. This means every tile that the road runs through or
    /// those used to build the city. For monasteries, count the tile with the
    /// monastery and the 8 adjacent tiles that complete it." A feature
    /// completed with no follower on it hands out nothing: its ingots stay.
    pub(in crate::rules) fn distribute_gold(
        &mut self,
        active: Player,
        steps: &[Step],
        events: &[ScoreEvent],
    ) {
        let Some(gold) = &self.exp.gold else {
            return;
        };
        let mut by_tile: BTreeMap<Pos, PlayerList> = BTreeMap::new();
        if !gold.on_tiles.is_empty() {
            for e in events {
                if e.reason != ScoreReason::Completed || e.winners.is_empty() {
                    continue;
                }
                let tiles: Vec<Pos> = if e.kind == FeatureKind::Monastery {
                    let centre = self
                        .features
                        .tile_of(e.node)
                        .and_then(|t| self.board.tile(t))
                        .map(|t| t.pos);
                    centre
                        .into_iter()
                        .flat_map(|c| std::iter::once(c).chain(c.surrounding()))
                        .collect()
                } else {
                    self.features
                        .distinct_tiles(e.node)
                        .into_iter()
                        .filter_map(|t| self.board.tile(t).map(|t| t.pos))
                        .collect()
                };
                for pos in tiles {
                    if gold.on_tiles.get(&pos).copied().unwrap_or(0) == 0 {
                        continue;
                    }
                    let claimants = by_tile.entry(pos).or_default();
                    for w in &e.winners {
                        if !claimants.contains(w) {
                            claimants.push(*w);
                        }
                    }
                    claimants.sort_unstable();
                }
            }
        }
        let claims: Vec<Claim> = by_tile
            .into_iter()
            .map(|(pos, claimants)| Claim {
                pos,
                ingots: gold.on_tiles.get(&pos).copied().unwrap_or(0),
                claimants,
            })
            .collect();
        let takes: Vec<Take> = steps
            .iter()
            .filter_map(|s| match s.act {
                Act::Ingot { pos, named, .. } => Some(Take { pos, named }),
                _ => None,
            })
            .collect();
        let seats = self.in_hand.len();
        // A move from `Game::check` has its takes checked: the automatic
        // choice only plays the takes of a move applied without them.
        let taken = distribute(&claims, active, seats, &takes, true)
            .or_else(|_| distribute(&claims, active, seats, &[], true))
            .unwrap_or_default();
        if let Some(g) = &mut self.exp.gold {
            for (p, pos) in &taken {
                if let Some(n) = g.on_tiles.get_mut(pos) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        g.on_tiles.remove(pos);
                    }
                }
                if let Some(h) = g.held.get_mut(*p) {
                    *h += 1;
                }
            }
            g.claims = claims;
            g.taken = taken;
            g.taken_turn = self.turn;
        }
    }
}

/// [`super::Phase::FinalScoring`]: the ingots each player holds, by the table.
/// Rulebook: "At the end of the game, gold ingots that are still on a tile
/// are removed from the game. Farmers do not receive gold ingots." Ingots
/// are handed out only when a feature is completed: the final scoring of
/// incomplete features and farms hands out none.
pub fn gold_scoring(gold: &Gold, events: &mut Vec<ScoreEvent>) {
    for (p, n) in gold.held.iter() {
        if *n == 0 {
            continue;
        }
        events.push(ScoreEvent::gold(p, *n, gold_points(*n)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(x: i32, y: i32, ingots: u32, claimants: &[u8]) -> Claim {
        Claim {
            pos: Pos::new(x, y),
            ingots,
            claimants: claimants.iter().map(|p| Player(*p)).collect(),
        }
    }

    /// The game after `turns` of a record with The Gold Mines and The
    /// Ferries, every one legal, with an ingot added on each of `ingots`.
    fn game_with_ingots<'c>(
        catalog: &'c crate::tiles::TileCatalog,
        turns: &str,
        ingots: &[Pos],
    ) -> Game<'c> {
        let src = format!(
            "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"gold-mines, ferries\"]\n\n{turns}"
        );
        let parsed = crate::parse(&src);
        let record = &parsed.first().expect("a game").record;
        let (header, _) = crate::header::Header::read(record);
        let mut game = Game::new(header.expect("a header").setup(), catalog);
        for turn in &record.turns {
            game.play(turn).expect("a legal turn");
        }
        for pos in ingots {
            game.exp.gold.as_mut().expect("gold in play").add(*pos);
        }
        game
    }

    /// Whether the lake tile FR2 set at 1,0 with its ferry joining `ends`
    /// (segments of the tile) may hand out ingots, by the look-ahead.
    fn lake_may_hand_out(turns: &str, ingots: &[Pos], ends: [u8; 2]) -> bool {
        let catalog = crate::tiles::TileCatalog::embedded().expect("the catalog");
        let game = game_with_ingots(&catalog, turns, ingots);
        let tile = catalog.id("FR2").expect("FR2");
        let pos = Pos::new(1, 0);
        let player = game.next_player();
        let mv = Move {
            player,
            tile,
            action: crate::rules::Action::Place {
                pos,
                rotation: crate::tiles::Rotation::R0,
                follower: None,
            },
            steps: vec![Step {
                actor: player,
                act: Act::Ferry { pos, ends },
            }],
            figure_at: 0,
        };
        game.may_hand_out_ingots(game.exp.gold.as_ref().expect("gold in play"), &mv, None)
    }

    #[test]
    fn a_ferry_hands_out_the_ingots_along_the_road_it_completes() {
        // Rulebook example 1 of The Ferries: the lake tile's ferry joining
        // west and south completes Bob's road from -1,0 through the start
        // tile to the monastery at 1,-1. An ingot two tiles from the lake,
        // at -1,0, lies on it: the turn may hand it out. One off the road
        // and away from any monastery does not; nor one on the road when no
        // figure stands on it; nor the ferry joining west and east, which
        // leaves Bob's road open at the lake's east edge (the road to the
        // monastery ends in the lake, held by no one).
        let turns = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n";
        let (west_south, east_west) = ([1, 2], [0, 2]);
        assert!(lake_may_hand_out(turns, &[Pos::new(-1, 0)], west_south));
        assert!(!lake_may_hand_out(turns, &[Pos::new(-1, 0)], east_west));
        assert!(!lake_may_hand_out(turns, &[Pos::new(5, 5)], west_south));
        assert!(!lake_may_hand_out(
            &turns.replace(" +E", ""),
            &[Pos::new(-1, 0)],
            west_south
        ));
    }

    #[test]
    fn the_table_of_points() {
        // "1 – 3 1, 4 – 6 2, 7 – 9 3, 10+ 4" points per gold ingot.
        let table: Vec<u32> = (0..=11).map(points_per_ingot).collect();
        assert_eq!(table, [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
        // "Red scored 102 points and collected 7 gold ingots. He obtains an
        // extra 21 points (7x3), for a total of 123 points."
        assert_eq!(102 + gold_points(7), 123);
        assert_eq!(gold_points(15), 60);
    }

    #[test]
    fn the_majority_takes_all() {
        // "The player with the most followers takes all the gold ingots from
        // the tiles forming the completed feature": Red alone, 3 ingots.
        let claims = [claim(0, 0, 2, &[0]), claim(0, 1, 1, &[0])];
        let out = distribute(&claims, Player(1), 2, &[], false).unwrap();
        assert_eq!(out.len(), 3);
        assert!(out.iter().all(|(p, _)| *p == Player(0)));
    }

    #[test]
    fn a_shared_road_is_taken_in_turn_from_the_active_player() {
        // The rulebook's example: "Since both Red and Blue occupy this road,
        // they must share the gold ingots. Being the active player, Red takes
        // the first gold ingot, followed by Blue, and finally Red takes the
        // last one."
        let (red, blue) = (Player(1), Player(0));
        let claims = [claim(0, 0, 2, &[0, 1]), claim(1, 0, 1, &[0, 1])];
        let out = distribute(&claims, red, 2, &[], false).unwrap();
        let who: Vec<Player> = out.iter().map(|(p, _)| *p).collect();
        assert_eq!(who, [red, blue, red]);
    }

    #[test]
    fn a_choice_is_written() {
        // Red (active) may take from A and B, Blue only from A, one ingot each:
        // Red's choice decides the totals (A: 2/0, B: 1/1), so it is written.
        let (red, blue) = (Player(0), Player(1));
        let a = Pos::new(0, 0);
        let b = Pos::new(5, 5);
        let claims = [claim(0, 0, 1, &[0, 1]), claim(5, 5, 1, &[0])];
        let unwritten = distribute(&claims, red, 2, &[], false).unwrap_err();
        assert!(unwritten.reason.contains("chooses"), "{unwritten:?}");
        let take = |pos, named| Take { pos, named };
        let out = distribute(&claims, red, 2, &[take(b, None), take(a, None)], false).unwrap();
        assert_eq!(out, [(red, b), (blue, a)]);
        let out = distribute(&claims, red, 2, &[take(a, None), take(b, None)], false).unwrap();
        assert_eq!(out, [(red, a), (red, b)]);
        // Blue cannot take from B; a take too many; a wrong actor.
        let bad = distribute(&claims, red, 2, &[take(b, None), take(b, None)], false);
        assert_eq!(bad.unwrap_err().take, Some(1));
        let bad = distribute(
            &claims,
            red,
            2,
            &[take(a, None), take(b, None), take(a, None)],
            false,
        );
        assert_eq!(bad.unwrap_err().take, Some(2));
        let bad = distribute(&claims, red, 2, &[take(a, Some(blue))], false);
        assert_eq!(bad.unwrap_err().take, Some(0));
        // JCloisterZone's choice: the tile most players may take from.
        let auto = distribute(&claims, red, 2, &[], true).unwrap();
        assert_eq!(auto, [(red, a), (red, b)]);
    }
}
