//! The Crop Circles (the 2012 Z-Man big box, "The Crop Circles"; both sets of
//! tiles, `crop-circles-1` and `crop-circles-2`, have the same rules): after a
//! turn whose tile shows a crop circle, every player in turn adds a follower
//! beside one of theirs, or returns one, of the kind the circle designates.
//!
//! Rulebook: "Whenever a player draws a tile with a crop circle on it, he
//! places it and completes his turn as per the normal rules. He then decides
//! for every player, starting with the player to his left, if: A) … they can
//! place another follower on a tile where they already have a follower of the
//! type designated by the crop circle, OR B) … they must return one of their
//! followers of the type designated by the crop circle to their supply." "The
//! active player must choose either effect A or B, even if he did not place a
//! follower." "With option A, the player must place the new follower with
//! another one of his followers of the same type". "If a player is unable to
//! do the action, because he does not have a corresponding follower, his turn
//! is simply skipped and the effect moves onto the next player to his left."
//! "The active player is last to apply A or B."
//!
//! The notation (SPEC 6.11): after the turn's other actions, the choice
//! `circle:add` or `circle:remove`, then each player's action in that order:
//! `add:[big:]x,y/SPOT`, `remove:[big:]x,y/SPOT` or `pass`, each with its
//! player in parentheses (written, it is checked; left out, the referee gives
//! the action to the next player who can act). Where no player has a follower
//! of the kind on the board the turn leaves, neither effect does anything and
//! the choice may be left out.

use crate::board::{PlacedTile, Pos};
use crate::features::{NodeId, node_of};
use crate::figures::Figure;
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken, TargetToken};
use crate::player::Player;
use crate::rules::completion::Held;
use crate::rules::{Act, Game, Move, Placing, Step, TurnActions, Violation};
use crate::tiles::{FeatureKind, Spot};

/// The circle's action of one player, before it is checked on the board the
/// turn leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CircleAction {
    /// `add:…`: a follower added beside one of the actor's.
    Add,
    /// `remove:…`: one of the actor's followers returned to the supply.
    Remove,
    /// `pass`: no follower added (effect A only).
    Pass,
}

/// The follower of an action: where, and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CircleTarget {
    /// The tile's square.
    pub pos: Pos,
    /// The spot on it.
    pub spot: Spot,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The segment, once the board the turn leaves is known.
    pub node: NodeId,
}

/// What each player can do under a crop circle's effect, in the order they
/// act: the player, and the followers open to him as (square, spot, figure).
pub type CircleOptions = Vec<(Player, Vec<(Pos, Spot, Figure)>)>;

/// Whether an act is a crop circle's (its choice, a player's action).
/// Whether a turn of a tile of this kind written without actions is one
/// these rules look at ([`super::concern`]): a crop circle's, whose effect
/// is checked on the turn whether it is written or not.
pub(in crate::rules) fn concerns_quiet_turn(def: &crate::tiles::TileDef) -> bool {
    def.circle.is_some()
}

fn is_circle(act: &Act) -> bool {
    matches!(act, Act::Circle { .. } | Act::CircleChoice { .. })
}

/// The word a crop circle's kind of follower has in faults.
fn followers_of(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Field => "farmers",
        FeatureKind::Road => "thieves",
        _ => "knights",
    }
}

impl<'c> Game<'c> {
    /// Whether the tile shows a crop circle, and the kind of follower it
    /// designates.
    pub(in crate::rules) fn circle_of(&self, tile: crate::tiles::TileId) -> Option<FeatureKind> {
        self.catalog.def(tile).circle
    }

    /// `circle:add`, `circle:remove`: the effect the turn's player chooses,
    /// after the turn's other actions, once, on a tile with a crop circle.
    ///
    /// # Errors
    /// [`Violation::CropCircle`].
    pub(in crate::rules) fn check_circle_choice(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::CropCircle {
            step,
            reason: reason.to_string(),
        };
        if self.circle_of(placing.tile).is_none() {
            return Err(fault("only a tile with a crop circle brings its effect"));
        }
        if turn.circle {
            return Err(fault("the turn's player chooses the effect once"));
        }
        if act.player.is_some() {
            return Err(fault("the turn's player chooses: no player is written"));
        }
        let add = match act.arg.as_ref() {
            Some(ArgToken::Kind(k)) if *k == "add" => true,
            Some(ArgToken::Kind(k)) if *k == "remove" => false,
            _ => return Err(fault("the effect is circle:add (A) or circle:remove (B)")),
        };
        turn.circle = true;
        Ok(Step {
            actor: placing.player,
            act: Act::CircleChoice { add },
        })
    }

    /// `add:[big:]x,y/SPOT`, `remove:[big:]x,y/SPOT`, `pass`, each perhaps
    /// with its player: one player's action under the effect chosen, after
    /// the choice. Where the follower stands and who may act is checked with
    /// the whole move, on the board the turn leaves
    /// ([`Game::check_circle_actions`]).
    ///
    /// # Errors
    /// [`Violation::CropCircle`], [`Violation::UnknownPlayerInAction`].
    pub(in crate::rules) fn check_circle_act(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::CropCircle {
            step,
            reason: reason.to_string(),
        };
        if !turn.circle {
            return Err(fault(
                "the crop circle's actions follow the choice, circle:add or circle:remove",
            ));
        }
        let named = match act.player {
            Some(name) => Some(self.seat_named_in(step, name)?),
            None => None,
        };
        let action = match act.word {
            "add" => CircleAction::Add,
            "remove" => CircleAction::Remove,
            _ => CircleAction::Pass,
        };
        let target = match (action, act.arg.as_ref()) {
            (CircleAction::Pass, None) => None,
            (CircleAction::Pass, Some(_)) => return Err(fault("pass takes no argument")),
            (
                _,
                Some(ArgToken::At {
                    figure,
                    target:
                        TargetToken {
                            pos,
                            place: Some(place),
                        },
                }),
            ) => {
                // A spot alone is on the tile placed (SPEC 2.14).
                let pos = pos.unwrap_or(placing.pos);
                let Place::Spot(spot) = *place else {
                    return Err(fault(
                        "a crop circle's follower stands on a road, city or field",
                    ));
                };
                let figure = self
                    .follower_named(*figure)
                    .ok_or_else(|| fault("a crop circle moves a normal or a large follower"))?;
                Some(CircleTarget {
                    pos,
                    spot,
                    figure,
                    node: 0,
                })
            }
            _ => {
                return Err(fault(
                    "the follower is named by its spot: add:x,y/SPOT, remove:x,y/SPOT",
                ));
            }
        };
        Ok(Step {
            actor: named.unwrap_or(self.next),
            act: Act::Circle {
                action,
                target,
                named: named.is_some(),
                step,
            },
        })
    }

    /// The crop circle's actions checked on the whole move, whose tile shows
    /// a crop circle of `kind` ([`Game::circle_of`]): each action, in the
    /// order written, is checked on the game the turn leaves ([`Leaves`])
    /// and played there; each gets the player the rule gives and its segment.
    ///
    /// # Errors
    /// [`Violation::CropCircle`].
    #[inline(never)]
    pub(in crate::rules) fn check_circle_actions(
        &self,
        mv: &mut Move,
        kind: FeatureKind,
        shared: Option<&Placing>,
    ) -> Result<(), Violation> {
        let crate::rules::Action::Place {
            pos,
            rotation,
            follower,
        } = mv.action
        else {
            return Ok(());
        };
        let add = mv.steps.iter().find_map(|s| match s.act {
            Act::CircleChoice { add } => Some(add),
            _ => None,
        });
        let own;
        let placing = match shared {
            Some(p) => p,
            None => {
                own = Placing::new(mv.player, mv.tile, pos, rotation);
                &own
            }
        };
        let mut after = self.leaves(mv, placing, follower, kind);
        // "starting with the player to his left … The active player is last".
        let seats = self.in_hand.len();
        let order: smallvec::SmallVec<[Player; crate::player::MAX_PLAYERS]> = (1..=seats)
            .filter_map(|k| u8::try_from((mv.player.index() + k) % seats).ok())
            .map(Player)
            .collect();
        let Some(add) = add else {
            // "The active player must choose either effect A or B, even if
            // he did not place a follower"; where no player has a follower
            // of the kind on the board the turn leaves, neither effect does
            // anything, and the choice may be left out (SPEC 6.11).
            return match order.iter().find(|p| after.can_act(**p, kind, false)) {
                None => Ok(()),
                Some(p) => Err(Violation::CropCircle {
                    step: usize::MAX,
                    reason: format!(
                        "\"The active player must choose either effect A or B, even if he did not place a follower\": circle:add or circle:remove after the turn's actions ({} has {} on the board)",
                        after.game().name(*p),
                        followers_of(kind)
                    ),
                }),
            };
        };
        let mut next = 0;
        for s in mv.steps.iter_mut() {
            let Act::Circle {
                action,
                target,
                named,
                step,
            } = s.act
            else {
                continue;
            };
            let fault = |reason: String| Violation::CropCircle { step, reason };
            // Who acts: the next player in order who can, or the one named,
            // if no player before him in order can act.
            let due = order
                .iter()
                .enumerate()
                .skip(next)
                .find(|(_, p)| after.can_act(**p, kind, add))
                .map(|(i, p)| (i, *p));
            let Some((at, actor)) = due else {
                return Err(fault(format!(
                    "no player is left who can act: the players with {} act once each, the turn's player last",
                    followers_of(kind)
                )));
            };
            if named && s.actor != actor {
                return Err(fault(format!(
                    "{}'s action comes first (in turn order from the turn's player's left, the turn's player last)",
                    after.game().name(actor)
                )));
            }
            s.actor = actor;
            next = at + 1;
            let resolved = match (add, action, target) {
                (true, CircleAction::Pass, None) => None,
                (true, CircleAction::Add, Some(t)) => {
                    Some(after.check_add(actor, kind, t).map_err(fault)?)
                }
                (false, CircleAction::Remove, Some(t)) => {
                    Some(after.check_remove(actor, kind, t).map_err(fault)?)
                }
                (true, _, _) => {
                    return Err(fault(
                        "effect A: each player adds a follower (add:x,y/SPOT) or passes (pass)"
                            .to_string(),
                    ));
                }
                (false, _, _) => {
                    return Err(fault(
                        "effect B: each player must return a follower (remove:x,y/SPOT)"
                            .to_string(),
                    ));
                }
            };
            if let Some(t) = resolved {
                after.play(actor, action, t);
            }
            s.act = Act::Circle {
                action,
                target: resolved,
                named,
                step,
            };
        }
        if let Some(p) = order
            .iter()
            .skip(next)
            .find(|p| after.can_act(**p, kind, add))
        {
            let what = if add {
                "adds a follower beside one of them or passes (add:x,y/SPOT or pass)"
            } else {
                "returns one of them (remove:x,y/SPOT)"
            };
            return Err(Violation::CropCircle {
                step: usize::MAX,
                reason: format!(
                    "{} has {} on the board and {what}",
                    after.game().name(*p),
                    followers_of(kind)
                ),
            });
        }
        Ok(())
    }

    /// Whether a player can act under the circle's effect: he has a follower
    /// of the kind on the board ("If a player is unable to do the action,
    /// because he does not have a corresponding follower, his turn is simply
    /// skipped"), and, to add one, a follower in his supply.
    fn can_act_for_circle(&self, player: Player, kind: FeatureKind, add: bool) -> bool {
        let on_board = self
            .features
            .held_features_of(kind)
            .any(|f| f.followers_of(player).next().is_some());
        let in_hand = self
            .in_hand
            .get(player)
            .is_some_and(|s| s.count(Figure::Follower) > 0 || s.count(Figure::Big) > 0);
        on_board && (!add || in_hand)
    }

    /// The game the move `mv` of `placing` leaves, but for its crop circle's
    /// actions: a copy with the move played, unless the move only places its
    /// tile, perhaps `follower` on it, and acts that move no figure (the
    /// ingots, the magic pawns), and completes nothing a figure stands on,
    /// so that no figure goes home: the game as it is then serves, with the
    /// tile and the follower added in thought.
    fn leaves<'g>(
        &'g self,
        mv: &Move,
        placing: &Placing,
        follower: Option<crate::rules::FollowerMove>,
        kind: FeatureKind,
    ) -> Leaves<'g, 'c> {
        // A ferry moves no figure, but rewires roads the look-ahead does not
        // follow (The Ferries). The dragon moves only by the turn's steps
        // (`Act::DragonStep`), which move figures.
        let quiet = mv
            .steps
            .iter()
            .all(|s| s.act.moves_no_figure() && !matches!(s.act, Act::Ferry { .. }))
            && !self.completes_a_feature(placing, Held::By(follower.map(|f| f.segment)));
        if !quiet {
            return Leaves::Played(Box::new(self.played_copy(mv, |_| {}, |a| !is_circle(a))));
        }
        let tile = PlacedTile {
            tile: placing.tile,
            pos: placing.pos,
            rotation: placing.rotation,
            turn: self.turn.saturating_add(1),
            first_node: self.features.node_count(),
        };
        let figure = follower.map(|f| (placing.player, node_of(&tile, f.segment), f.figure));
        // Who has a follower of the kind on the board, looked up once for
        // all the actions: no action changes it for anyone who acts later.
        let seat = |p: Player| 1u64.checked_shl(u32::from(p.0)).unwrap_or(0);
        let mut with_kind = 0u64;
        let every_seat = (1u64 << self.in_hand.len().min(63)) - 1;
        for f in self.features.held_features_of(kind) {
            for x in f.followers().filter(|x| x.figure.is_follower()) {
                with_kind |= seat(x.player);
            }
            if with_kind == every_seat {
                break;
            }
        }
        let def = self.catalog.def(placing.tile);
        if let Some(f) = follower
            && f.figure.is_follower()
            && def.segments.get(usize::from(f.segment)).map(|s| s.kind) == Some(kind)
        {
            with_kind |= seat(placing.player);
        }
        Leaves::Placed {
            game: self,
            tile,
            figure,
            with_kind,
        }
    }

    /// Plays one checked action: the follower added from the supply, or
    /// returned to it (with the builder or pig of its owner when it was his
    /// last follower there).
    fn play_circle(&mut self, actor: Player, action: CircleAction, t: CircleTarget) {
        match action {
            CircleAction::Add => self.put_follower(actor, t.pos, t.node, t.figure),
            CircleAction::Remove => {
                self.send_home_from(t.node, actor, t.figure);
                if let Some(s) = self.in_hand.get_mut(actor) {
                    s.give(t.figure);
                }
            }
            CircleAction::Pass => {}
        }
    }

    /// What each player can do under a crop circle's effect after a turn
    /// (written with its choice and without the players' actions): in the
    /// order they act, each player who can act, with the followers open to
    /// him as (square, spot, figure): beside which of his followers of the
    /// circle's kind a follower of his hand can go (effect A; he may also
    /// pass), or which of them can go home (effect B). `None` if the turn is
    /// not legal so, or its tile shows no crop circle.
    pub fn circle_options(
        &self,
        turn: &crate::rules::TurnInput<'_>,
        add: bool,
    ) -> Option<CircleOptions> {
        let mv = self.check_due_as::<true>(turn, None).ok()?;
        let kind = self.circle_of(mv.tile)?;
        let player = mv.player;
        let copy = self.played_copy(&mv, |_| {}, |a| !is_circle(a));
        let seats = self.in_hand.len();
        let mut out = Vec::new();
        for k in 1..=seats {
            let Ok(p) = u8::try_from((player.index() + k) % seats) else {
                continue;
            };
            let p = Player(p);
            if !copy.can_act_for_circle(p, kind, add) {
                continue;
            }
            let mut open = Vec::new();
            for root in copy.features.occupied_roots() {
                let Some(f) = copy.features.feature(root) else {
                    continue;
                };
                if f.kind != kind {
                    continue;
                }
                for x in f
                    .followers()
                    .filter(|x| x.player == p && x.figure.is_follower())
                {
                    let Some(placed) = copy.board.tiles().get(x.tile as usize) else {
                        continue;
                    };
                    let def = copy.catalog.def(placed.tile);
                    let Some(seg) = copy.features.segment_of(x.node) else {
                        continue;
                    };
                    let Some(spot) =
                        Spot::all().find(|s| s.segment(def, placed.rotation) == Some(seg))
                    else {
                        continue;
                    };
                    if add {
                        if copy.dragon_stands_on(placed.pos) {
                            continue;
                        }
                        for figure in [Figure::Follower, Figure::Big] {
                            let in_hand = copy.in_hand.get(p).map_or(0, |s| s.count(figure));
                            let entry = (placed.pos, spot, figure);
                            if in_hand > 0 && !open.contains(&entry) {
                                open.push(entry);
                            }
                        }
                    } else if !open.contains(&(placed.pos, spot, x.figure)) {
                        open.push((placed.pos, spot, x.figure));
                    }
                }
            }
            out.push((p, open));
        }
        Some(out)
    }

    /// After the turn ("he places it and completes his turn as per the
    /// normal rules. He then decides…"): the crop circle's actions of the
    /// move, checked by [`Game::check_circle_actions`].
    #[inline(never)]
    pub(in crate::rules) fn crop_circle(&mut self, steps: &[Step]) {
        for s in steps {
            if let Act::Circle {
                action,
                target: Some(t),
                ..
            } = s.act
            {
                self.play_circle(s.actor, action, t);
            }
        }
    }
}

/// The game a crop circle's turn leaves, on which its actions are checked
/// ("he places it and completes his turn as per the normal rules. He then
/// decides…").
enum Leaves<'g, 'c> {
    /// A copy of the game with the move played, but for the circle's actions,
    /// which are played on it as they are checked.
    Played(Box<Game<'c>>),
    /// The game as it is, for a move that sends no figure home and moves none
    /// but its own on its tile: the tile placed and that figure (its owner,
    /// its segment, the figure) are added in thought. Each player acts once,
    /// on his own followers and from his own supply, so what one does is not
    /// seen by the checks of the others: nothing is played.
    Placed {
        game: &'g Game<'c>,
        tile: PlacedTile,
        figure: Option<(Player, NodeId, Figure)>,
        /// The players with a follower of the circle's kind on the board (a
        /// bit by seat).
        with_kind: u64,
    },
}

impl<'c> Leaves<'_, 'c> {
    /// The game the names and the rules are read from.
    fn game(&self) -> &Game<'c> {
        match self {
            Leaves::Played(game) => game,
            Leaves::Placed { game, .. } => game,
        }
    }

    /// The tile on a square.
    fn at(&self, pos: Pos) -> Option<PlacedTile> {
        match self {
            Leaves::Placed { tile, .. } if tile.pos == pos => Some(*tile),
            _ => self.game().board.at(pos).copied(),
        }
    }

    /// How many of a figure a player has in his supply.
    fn in_hand(&self, player: Player, figure: Figure) -> u8 {
        let game = self.game();
        let n = game.in_hand.get(player).map_or(0, |s| s.count(figure));
        match self {
            Leaves::Placed {
                figure: Some((owner, _, placed)),
                ..
            } if *owner == player && *placed == figure => n.saturating_sub(1),
            _ => n,
        }
    }

    /// The kind of the feature of a segment, and whether a figure on that
    /// segment itself is as `is` asks.
    fn on_segment(
        &self,
        node: NodeId,
        is: impl Fn(Player, Figure) -> bool,
    ) -> Option<(FeatureKind, bool)> {
        if let Leaves::Placed {
            game, tile, figure, ..
        } = self
            && node >= tile.first_node
        {
            let seg = usize::try_from(node - tile.first_node).ok()?;
            let kind = game.catalog.def(tile.tile).segments.get(seg)?.kind;
            let there = figure.is_some_and(|(p, n, f)| n == node && is(p, f));
            return Some((kind, there));
        }
        let f = self.game().features.feature(node)?;
        let there = f
            .followers()
            .any(|x| x.node == node && is(x.player, x.figure));
        Some((f.kind, there))
    }

    /// [`Game::can_act_for_circle`] on the game the turn leaves.
    fn can_act(&self, player: Player, kind: FeatureKind, add: bool) -> bool {
        let with_kind = match self {
            Leaves::Played(game) => return game.can_act_for_circle(player, kind, add),
            Leaves::Placed { with_kind, .. } => *with_kind,
        };
        let on_board = 1u64
            .checked_shl(u32::from(player.0))
            .is_some_and(|bit| with_kind & bit != 0);
        let in_hand =
            self.in_hand(player, Figure::Follower) > 0 || self.in_hand(player, Figure::Big) > 0;
        on_board && (!add || in_hand)
    }

    /// The segment of a target.
    fn circle_node(&self, t: CircleTarget) -> Result<NodeId, String> {
        let placed = self
            .at(t.pos)
            .ok_or_else(|| "no tile lies there".to_string())?;
        let def = self.game().catalog.def(placed.tile);
        let seg = t
            .spot
            .segment(def, placed.rotation)
            .ok_or_else(|| "the tile has no feature at that spot".to_string())?;
        Ok(node_of(&placed, seg))
    }

    /// An added follower: "the player must place the new follower with
    /// another one of his followers of the same type (a farmer with a farmer,
    /// a thief with a thief, a knight with a knight)", on the segment where
    /// that follower stands ("She cannot place a knight in the top section of
    /// that tile since she does not have a knight there"), from his supply.
    fn check_add(
        &self,
        actor: Player,
        kind: FeatureKind,
        t: CircleTarget,
    ) -> Result<CircleTarget, String> {
        let node = self.circle_node(t)?;
        let game = self.game();
        if self.in_hand(actor, t.figure) == 0 {
            return Err(format!(
                "{} has no {} in hand",
                game.name(actor),
                t.figure.word()
            ));
        }
        if game.dragon_stands_on(t.pos) {
            return Err("no follower may share a tile with the dragon".to_string());
        }
        let beside = self
            .on_segment(node, |p, f| p == actor && f.is_follower())
            .is_some_and(|(k, there)| k == kind && there);
        if !beside {
            return Err(format!(
                "the new follower goes with one of {}'s {} already there",
                game.name(actor),
                followers_of(kind)
            ));
        }
        Ok(CircleTarget { node, ..t })
    }

    /// A returned follower: one of the actor's of the kind, on that segment.
    fn check_remove(
        &self,
        actor: Player,
        kind: FeatureKind,
        t: CircleTarget,
    ) -> Result<CircleTarget, String> {
        let node = self.circle_node(t)?;
        let there = self
            .on_segment(node, |p, f| p == actor && f == t.figure)
            .is_some_and(|(k, there)| k == kind && there);
        if !there {
            return Err(format!(
                "{} has no {} among the {} there",
                self.game().name(actor),
                t.figure.word(),
                followers_of(kind)
            ));
        }
        Ok(CircleTarget { node, ..t })
    }

    /// Plays a checked action where the actions after it could see it: on
    /// the copy.
    fn play(&mut self, actor: Player, action: CircleAction, t: CircleTarget) {
        if let Leaves::Played(game) = self {
            game.play_circle(actor, action, t);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::TurnInput;
    use crate::rules::generated_games::{EVERY_EXPANSION, games};
    use crate::tiles::{FeatureKind, TileCatalog};

    /// The held features of a kind, looked up by their figures' own
    /// segments, are those of that kind among all the held features, in the
    /// same order, after every turn of generated games.
    #[test]
    fn the_held_features_of_a_kind_are_those_of_all_of_that_kind() {
        let catalog = TileCatalog::embedded().expect("the catalog");
        let mut held = 0;
        for (sets, seed, mut game, record) in games(
            &catalog,
            &[
                "crop-circles-1",
                "crop-circles-2,ferries,mage-and-witch",
                EVERY_EXPANSION,
            ],
            0..3,
            11,
        ) {
            for t in &record.turns {
                let mv = game.check_due(&TurnInput::of(t)).expect("a legal turn");
                game.apply(mv);
                for kind in [
                    FeatureKind::City,
                    FeatureKind::Road,
                    FeatureKind::Field,
                    FeatureKind::Monastery,
                ] {
                    let all: Vec<u32> = game
                        .features
                        .held_features()
                        .filter(|f| f.kind == kind)
                        .map(|f| f.first)
                        .collect();
                    let of: Vec<u32> = game
                        .features
                        .held_features_of(kind)
                        .map(|f| f.first)
                        .collect();
                    assert_eq!(all, of, "{sets}, seed {seed}, turn {}", t.number.value);
                    held += of.len();
                }
            }
        }
        assert!(held > 10_000, "{held}");
    }
}
