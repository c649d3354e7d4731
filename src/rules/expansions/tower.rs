//! The Tower (the 2000 Rio Grande rulebook, "The Tower"): tower pieces built
//! on the tiles with a tower place, prisoners taken within a tower's reach,
//! towers closed by a follower, exchanges and ransoms.
//!
//! Rulebook: "Instead of placing a follower, builder, pig, or fairy, a player may
//! choose to place: one of his tower pieces on any already placed landscape tile
//! with an empty tower place, one of his tower pieces on top of any already
//! placed tower (without a guard), or close a tower by placing one of his
//! followers on top of it." "Whenever a player places a tower piece, he may
//! immediately take one small or large follower as prisoner. Builders and pigs
//! may not be taken as prisoners." The reach: "the tile on which the tower
//! stands and each tile that is orthogonally adjacent … With each higher tower
//! story, the player adds 4 possible tiles to his reach … This reach can extend
//! over empty spaces in the board and over other towers of any height."
//!
//! A follower on top of a tower (its guard) closes it while he stands there:
//! "This follower remains on the tower until the end of the game, unless it
//! is removed by the dragon or is taken prisoner". Once he is gone the tower
//! is "without a guard" again, and may be built higher and closed anew (SPEC
//! 6.6).

use crate::board::Pos;
use crate::features::node_of;
use crate::figures::Figure;
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken};
use crate::player::{ByPlayer, Player};
use crate::rules::{Act, Game, Placing, Step, Steps, TurnActions, Violation};

/// Points a ransom moves from the payer to the jailer. Rulebook: "the paying
/// player moves his scoring marker 3 spaces backward on the scoring track and
/// the opponent he pays moves his scoring marker 3 spaces forward".
pub const RANSOM: u32 = 3;

/// Tower pieces each player starts with. Rulebook: "2 players: 10 pieces 3
/// players: 9 pieces 4 players: 7 pieces 5 players: 6 pieces 6 players: 5
/// pieces" (a scenario's single player has 10).
pub fn pieces_per_player(players: usize) -> u8 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        _ => 5,
    }
}

/// Whether a square lies within the reach of a tower of a height: the tower's
/// square and `height` squares in each of the four directions.
pub fn in_reach(tower: Pos, height: u8, at: Pos) -> bool {
    let h = i64::from(height);
    let (dx, dy) = (
        i64::from(at.x) - i64::from(tower.x),
        i64::from(at.y) - i64::from(tower.y),
    );
    (dx == 0 && dy.abs() <= h) || (dy == 0 && dx.abs() <= h)
}

/// A follower on top of a tower, which closes it while he stands there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// Its owner.
    pub player: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The turn that put it there.
    pub turn: u32,
}

/// A tower: the square of its tile, its height in pieces, and its guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tower {
    /// The square of its tile.
    pub pos: Pos,
    /// Its stories: the pieces built on it.
    pub height: u8,
    /// The follower closing it, if any.
    pub guard: Option<Guard>,
}

/// A follower held by another player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prisoner {
    /// Who holds it.
    pub jailer: Player,
    /// Whose it is.
    pub owner: Player,
    /// The follower or the large follower.
    pub figure: Figure,
}

/// What The Tower keeps during a game.
#[derive(Debug, Clone, Default)]
pub struct Towers {
    /// The towers built, in the order of their first piece.
    pub(in crate::rules) towers: Vec<Tower>,
    /// The pieces each player has left.
    pub(in crate::rules) pieces: ByPlayer<u8>,
    /// The prisoners, in the order they were taken.
    pub(in crate::rules) prisoners: Vec<Prisoner>,
    /// The ransoms of the last turn: payer and jailer.
    pub(in crate::rules) ransoms: Vec<(Player, Player)>,
}

impl Towers {
    /// A new game's: every player's pieces, no tower, no prisoner.
    pub fn new(seats: usize) -> Towers {
        Towers {
            pieces: ByPlayer::new(seats, pieces_per_player(seats)),
            ..Towers::default()
        }
    }

    /// A new game's, in the room of `old`'s lists (emptied): a game after
    /// another grows no list the last one grew.
    pub(in crate::rules) fn new_in(seats: usize, old: Option<Towers>) -> Towers {
        let mut t = Towers::new(seats);
        if let Some(Towers {
            towers,
            prisoners,
            ransoms,
            ..
        }) = old
        {
            t.towers = crate::lists::emptied(towers);
            t.prisoners = crate::lists::emptied(prisoners);
            t.ransoms = crate::lists::emptied(ransoms);
        }
        t
    }

    /// The towers built, in the order of their first piece.
    pub fn towers(&self) -> &[Tower] {
        &self.towers
    }

    /// The tower on a square, if one is built or closed there.
    pub fn tower(&self, pos: Pos) -> Option<&Tower> {
        self.towers.iter().find(|t| t.pos == pos)
    }

    /// Tower pieces each player has left.
    pub fn pieces(&self) -> &ByPlayer<u8> {
        &self.pieces
    }

    /// The prisoners, in the order they were taken.
    pub fn prisoners(&self) -> &[Prisoner] {
        &self.prisoners
    }

    /// The kinds of a player's followers another holds, each once, in the
    /// order follower, large follower.
    pub fn held(&self, jailer: Player, owner: Player) -> Vec<Figure> {
        [Figure::Follower, Figure::Big]
            .into_iter()
            .filter(|f| {
                self.prisoners
                    .iter()
                    .any(|p| p.jailer == jailer && p.owner == owner && p.figure == *f)
            })
            .collect()
    }

    /// Builds a piece on the tower of a square, and returns its new height.
    pub(in crate::rules) fn build(&mut self, player: Player, pos: Pos) -> u8 {
        if let Some(n) = self.pieces.get_mut(player) {
            *n = n.saturating_sub(1);
        }
        match self.towers.iter_mut().find(|t| t.pos == pos) {
            Some(t) => {
                t.height = t.height.saturating_add(1);
                t.height
            }
            None => {
                self.towers.push(Tower {
                    pos,
                    height: 1,
                    guard: None,
                });
                1
            }
        }
    }

    /// Puts a guard on the tower of a square.
    pub(in crate::rules) fn close(&mut self, pos: Pos, guard: Guard) {
        match self.towers.iter_mut().find(|t| t.pos == pos) {
            Some(t) => t.guard = Some(guard),
            None => self.towers.push(Tower {
                pos,
                height: 0,
                guard: Some(guard),
            }),
        }
    }

    /// Takes the guard off the tower of a square.
    pub(in crate::rules) fn unguard(&mut self, pos: Pos) -> Option<Guard> {
        self.towers
            .iter_mut()
            .find(|t| t.pos == pos)
            .and_then(|t| t.guard.take())
    }

    /// Takes one prisoner of a kind off a jailer, if held.
    pub(in crate::rules) fn release(
        &mut self,
        jailer: Player,
        owner: Player,
        figure: Figure,
    ) -> bool {
        match self
            .prisoners
            .iter()
            .position(|p| p.jailer == jailer && p.owner == owner && p.figure == figure)
        {
            Some(i) => {
                self.prisoners.remove(i);
                true
            }
            None => false,
        }
    }
}

/// A follower kind as the actions name it: `follower` or `big`.
fn follower_kind(name: &str) -> Option<Figure> {
    match name {
        "follower" => Some(Figure::Follower),
        "big" => Some(Figure::Big),
        _ => None,
    }
}

impl Game<'_> {
    /// The towers, pieces and prisoners, with The Tower in play.
    pub fn towers(&self) -> Option<&Towers> {
        self.exp.tower.as_ref()
    }

    /// Whether the tile at a square (or the tile being placed there) has a
    /// tower place.
    fn tower_place(&self, at: Pos, placing: &Placing) -> bool {
        if at == placing.pos {
            return self.catalog.def(placing.tile).tower;
        }
        self.board
            .at(at)
            .is_some_and(|t| self.catalog.def(t.tile).tower)
    }

    /// A figure on a tower: a tower piece (`+tower:x,y/T`) or a follower
    /// closing it (`+x,y/T`, `+big:x,y/T`).
    pub(in crate::rules) fn check_tower_figure(
        &self,
        step: usize,
        name: Option<&str>,
        at: Pos,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let Some(towers) = self.towers() else {
            return Err(Violation::FigureOffTile { step });
        };
        if !self.tower_place(at, placing) {
            return Err(Violation::NoTower { step });
        }
        let tower = towers.tower(at);
        if let Some(g) = tower.and_then(|t| t.guard) {
            return Err(Violation::TowerClosed {
                step,
                by_turn: g.turn,
            });
        }
        let player = placing.player;
        let act = match name {
            Some("tower") => {
                if towers.pieces.get(player).copied().unwrap_or(0) == 0 {
                    return Err(Violation::NoTowerPieces { step });
                }
                let height = tower.map_or(0, |t| t.height).saturating_add(1);
                turn.piece = Some((at, height));
                Act::TowerPiece { pos: at }
            }
            _ => {
                let Some(figure) = self.follower_named(name) else {
                    return Err(Violation::FigureNotInPlay);
                };
                // "close a tower by placing one of his followers on top of it":
                // a tower is built before it is closed.
                if tower.is_none_or(|t| t.height == 0) {
                    return Err(Violation::NoTower { step });
                }
                if self.in_hand.get(player).map_or(0, |s| s.count(figure)) == 0
                    && turn.ransomed != Some(figure)
                {
                    return Err(if figure == Figure::Follower {
                        Violation::NoFollowersLeft
                    } else {
                        Violation::FigureInUse {
                            figure,
                            by_turn: self.placed_figure(player, figure).unwrap_or(0),
                        }
                    });
                }
                Act::CloseTower { pos: at, figure }
            }
        };
        Ok(Step { actor: player, act })
    }

    /// `capture:[figure:]x,y/SPOT[(Owner)]`: the follower the turn's tower
    /// piece takes prisoner, within the tower's reach; with the exchange it
    /// causes.
    pub(in crate::rules) fn check_capture(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
        steps: &Steps,
    ) -> Result<Step, Violation> {
        let Some(towers) = self.towers() else {
            return Err(Violation::UnknownAction { step });
        };
        let Some((tower, height)) = turn.piece.filter(|_| !turn.captured) else {
            return Err(Violation::ActionNotAllowed {
                step,
                reason: "a prisoner is taken by the turn's tower piece, right after it, once"
                    .to_string(),
            });
        };
        let no_such = |reason: &str| Violation::NoSuchFigure {
            step,
            reason: reason.to_string(),
        };
        let Some(ArgToken::At { figure, target }) = act.arg.as_ref() else {
            return Err(no_such("name the follower: capture:x,y/SPOT"));
        };
        let at = target.pos.unwrap_or(placing.pos);
        if !in_reach(tower, height, at) {
            return Err(Violation::CaptureOutOfReach { step, height });
        }
        let kind = match *figure {
            None => None,
            Some("big") => Some(Figure::Big),
            Some("builder" | "pig") => {
                return Err(no_such("builders and pigs may not be taken as prisoners"));
            }
            Some(_) => return Err(no_such("a prisoner is a follower or a large follower")),
        };
        let owner = match act.player {
            None => None,
            Some(name) => Some(self.seat_named_in(step, name)?),
        };
        let fits = |player: Player, f: Figure| {
            f.is_follower() && owner.is_none_or(|o| o == player) && kind.is_none_or(|k| k == f)
        };
        let (node, owner, figure) = match target.place {
            Some(Place::Tower) => {
                let guard = towers
                    .tower(at)
                    .and_then(|t| t.guard)
                    .filter(|g| fits(g.player, g.figure))
                    .ok_or_else(|| no_such("no such follower on that tower"))?;
                (None, guard.player, guard.figure)
            }
            Some(Place::Spot(spot)) => {
                let placed = self
                    .board
                    .at(at)
                    .ok_or_else(|| no_such("no tile on that square"))?;
                let def = self.catalog.def(placed.tile);
                let seg = spot
                    .segment(def, placed.rotation)
                    .ok_or_else(|| no_such("the tile has no feature at that spot"))?;
                let node = node_of(placed, seg);
                let mut found = self
                    .features
                    .feature(node)
                    .into_iter()
                    .flat_map(|f| f.followers())
                    .filter(|x| x.node == node && fits(x.player, x.figure));
                let first = found
                    .next()
                    .ok_or_else(|| no_such("no such follower stands there"))?;
                if found.any(|x| (x.player, x.figure) != (first.player, first.figure)) {
                    return Err(no_such(
                        "several followers stand there: name the owner (x,y/SPOT(Name)) and the kind (big:)",
                    ));
                }
                (Some(node), first.player, first.figure)
            }
            Some(Place::Ends(..)) | None => {
                return Err(no_such("name the follower's spot: capture:x,y/SPOT"));
            }
        };
        turn.captured = true;
        // "Whenever 2 players each have a prisoner of the other, the prisoners
        // are immediately exchanged … the player who gets his follower back
        // decides which of the followers he wants."
        let mut exchange = None;
        if owner != placing.player {
            let held = self.held_now(owner, placing.player, turn);
            match held {
                [true, true] => turn.exchange_due = Some((steps.len(), held)),
                [true, false] => exchange = Some(Figure::Follower),
                [false, true] => exchange = Some(Figure::Big),
                [false, false] => {}
            }
        }
        Ok(Step {
            actor: placing.player,
            act: Act::Capture {
                at,
                node,
                owner,
                figure,
                exchange,
            },
        })
    }

    /// Which kinds of `owner`'s followers `jailer` holds (follower, large
    /// follower), after the turn's ransom.
    fn held_now(&self, jailer: Player, owner: Player, turn: &TurnActions) -> [bool; 2] {
        let Some(towers) = self.towers() else {
            return [false; 2];
        };
        [Figure::Follower, Figure::Big].map(|f| {
            let n = towers
                .prisoners
                .iter()
                .filter(|p| p.jailer == jailer && p.owner == owner && p.figure == f)
                .count();
            let freed = usize::from(turn.ransomed == Some(f) && turn.ransom_from == Some(jailer));
            n > freed
        })
    }

    /// `exchange:KIND`: which of the turn player's followers comes back in the
    /// exchange a capture causes, where its owner holds both kinds.
    pub(in crate::rules) fn check_exchange(
        &self,
        step: usize,
        act: &ActToken<'_>,
        turn: &mut TurnActions,
        steps: &mut Steps,
    ) -> Result<(), Violation> {
        let kind = match act.arg.as_ref() {
            Some(ArgToken::Kind(k)) => follower_kind(k),
            _ => None,
        };
        let not_allowed = |reason: &str| Violation::ActionNotAllowed {
            step,
            reason: reason.to_string(),
        };
        let kind = kind.ok_or_else(|| not_allowed("write exchange:follower or exchange:big"))?;
        if let Some((at, held)) = turn.exchange_due.take() {
            let i = usize::from(kind == Figure::Big);
            if !held.get(i).copied().unwrap_or(false) {
                return Err(not_allowed("the other player holds none of that kind"));
            }
            if let Some(Step {
                act: Act::Capture { exchange, .. },
                ..
            }) = steps.get_mut(at)
            {
                *exchange = Some(kind);
            }
            return Ok(());
        }
        // Written where the exchange has one way to go: it must be that one.
        match steps.last() {
            Some(Step {
                act: Act::Capture {
                    exchange: Some(k), ..
                },
                ..
            }) if *k == kind => Ok(()),
            _ => Err(not_allowed(
                "an exchange follows a capture of a follower whose owner holds one of the player's",
            )),
        }
    }

    /// `ransom:KIND[(Jailer)]`: one of the turn player's followers bought back
    /// from the player holding it, for 3 points, once a turn. Rulebook:
    /// "during his turn a player may ransom one of his followers (large or
    /// small) from one opponent … If a player does not have enough points to
    /// pay a ransom, he may not ransom a follower."
    pub(in crate::rules) fn check_ransom(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let Some(towers) = self.towers() else {
            return Err(Violation::UnknownAction { step });
        };
        let not_allowed = |reason: String| Violation::RansomNotAllowed { step, reason };
        if turn.ransomed.is_some() {
            return Err(not_allowed(
                "a player ransoms one follower a turn".to_string(),
            ));
        }
        let player = placing.player;
        let kind = match act.arg.as_ref() {
            Some(ArgToken::Kind(k)) => follower_kind(k),
            _ => None,
        }
        .ok_or_else(|| {
            not_allowed("write ransom:follower(Name) or ransom:big(Name)".to_string())
        })?;
        // A ransom written on the jailer's turn: "during his turn a player may
        // ransom one of his followers", so the payer is the turn's player.
        let his_held = towers
            .prisoners
            .iter()
            .any(|p| p.owner == player && p.figure == kind);
        let on_his_turn = |said: String| match towers
            .prisoners
            .iter()
            .find(|p| p.jailer == player && p.figure == kind && !his_held)
        {
            Some(p) => format!(
                "on {jailer}'s turn only {jailer} ransoms: {owner} ransoms the {kind} {jailer} holds on a turn of {owner}'s",
                jailer = self.name(player),
                owner = self.name(p.owner),
            ),
            None => said,
        };
        let jailer = match act.player {
            Some(name) => self.seat_named_in(step, name)?,
            None => {
                let mut jailers = towers
                    .prisoners
                    .iter()
                    .filter(|p| p.owner == player && p.figure == kind)
                    .map(|p| p.jailer);
                let first = jailers.next().ok_or_else(|| {
                    not_allowed(on_his_turn(format!(
                        "no player holds a {kind} of {}",
                        self.name(player)
                    )))
                })?;
                if jailers.any(|j| j != first) {
                    return Err(not_allowed(
                        "several players hold one: name the one paid, ransom:KIND(Name)"
                            .to_string(),
                    ));
                }
                first
            }
        };
        if jailer == player {
            return Err(not_allowed(on_his_turn(format!(
                "{} cannot ransom from himself: ransom:KIND(Name) names the player paid",
                self.name(player)
            ))));
        }
        if !towers
            .prisoners
            .iter()
            .any(|p| p.jailer == jailer && p.owner == player && p.figure == kind)
        {
            return Err(not_allowed(on_his_turn(format!(
                "{} holds no {kind} of {}",
                self.name(jailer),
                self.name(player)
            ))));
        }
        let points = self.score.get(player).copied().unwrap_or(0);
        if points < RANSOM {
            return Err(not_allowed(format!(
                "{} has {points} points, fewer than the ransom's {RANSOM}",
                self.name(player)
            )));
        }
        turn.ransomed = Some(kind);
        turn.ransom_from = Some(jailer);
        Ok(Step {
            actor: player,
            act: Act::Ransom {
                jailer,
                figure: kind,
            },
        })
    }

    /// Plays a checked action of The Tower.
    pub(in crate::rules) fn apply_tower_step(&mut self, step: Step) {
        let player = step.actor;
        let turn = self.turn;
        match step.act {
            Act::TowerPiece { pos } => {
                if let Some(t) = &mut self.exp.tower {
                    t.build(player, pos);
                }
            }
            Act::CloseTower { pos, figure } => {
                if let Some(s) = self.in_hand.get_mut(player) {
                    s.take(figure);
                }
                if let Some(t) = &mut self.exp.tower {
                    t.close(
                        pos,
                        Guard {
                            player,
                            figure,
                            turn,
                        },
                    );
                }
            }
            Act::Capture {
                at,
                node,
                owner,
                figure,
                exchange,
            } => {
                match node {
                    Some(node) => self.send_home_from(node, owner, figure),
                    None => {
                        if let Some(t) = &mut self.exp.tower {
                            t.unguard(at);
                        }
                    }
                }
                // "When a player takes his own follower as prisoner, he places
                // it in his supply."
                let home = owner == player || exchange.is_some();
                if home {
                    if let Some(s) = self.in_hand.get_mut(owner) {
                        s.give(figure);
                    }
                } else if let Some(t) = &mut self.exp.tower {
                    t.prisoners.push(Prisoner {
                        jailer: player,
                        owner,
                        figure,
                    });
                }
                if let Some(k) = exchange {
                    let back = self
                        .exp
                        .tower
                        .as_mut()
                        .is_some_and(|t| t.release(owner, player, k));
                    if back && let Some(s) = self.in_hand.get_mut(player) {
                        s.give(k);
                    }
                }
            }
            Act::Ransom { jailer, figure } => {
                let freed = self
                    .exp
                    .tower
                    .as_mut()
                    .is_some_and(|t| t.release(jailer, player, figure));
                if freed {
                    if let Some(s) = self.in_hand.get_mut(player) {
                        s.give(figure);
                    }
                    if let Some(s) = self.score.get_mut(player) {
                        *s = s.saturating_sub(RANSOM);
                        // The Messengers: the marker pays; what it lacks,
                        // the messenger.
                        let left = *s;
                        if let Some(m) = self
                            .exp
                            .messengers
                            .as_mut()
                            .and_then(|m| m.messenger.get_mut(player))
                        {
                            *m = (*m).min(left);
                        }
                    }
                    if let Some(s) = self.score.get_mut(jailer) {
                        *s = s.saturating_add(RANSOM);
                    }
                    if let Some(t) = &mut self.exp.tower {
                        t.ransoms.push((player, jailer));
                    }
                }
            }
            Act::Fairy { .. }
            | Act::Portal { .. }
            | Act::Princess { .. }
            | Act::DragonStep { .. }
            | Act::Gold { .. }
            | Act::Ingot { .. }
            | Act::Fly { .. }
            | Act::Land { .. }
            | Act::CircleChoice { .. }
            | Act::Circle { .. }
            | Act::Magic { .. }
            | Act::Ferry { .. }
            | Act::Robber { .. }
            | Act::Rob { .. }
            | Act::Message { .. }
            | Act::Pawn { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_by_player_count() {
        // "2 players: 10 pieces 3 players: 9 pieces 4 players: 7 pieces 5
        // players: 6 pieces 6 players: 5 pieces"
        let counts: Vec<u8> = (2..=6).map(pieces_per_player).collect();
        assert_eq!(counts, [10, 9, 7, 6, 5]);
    }

    #[test]
    fn reach_grows_four_tiles_a_story() {
        // "When the player places a his tower piece as the 1st story of the
        // tower, he can choose from just 5 landscape tiles …"; "as the 2nd
        // story, he can choose from just 9 landscape tiles"; "With each higher
        // tower story, the player adds 4 possible tiles".
        let tower = Pos::new(3, -2);
        for height in 1..=4u8 {
            let squares = (-6..=6)
                .flat_map(|x| (-6..=6).map(move |y| Pos::new(3 + x, -2 + y)))
                .filter(|p| in_reach(tower, height, *p))
                .count();
            assert_eq!(squares, 1 + 4 * usize::from(height), "height {height}");
        }
        // Orthogonal only: "(not diagonal!)".
        assert!(!in_reach(tower, 3, Pos::new(4, -1)));
    }
}
