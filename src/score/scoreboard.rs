//! The scoreboard as the rulebook has it: each player's pawns on a track of
//! 50 spaces, each score moving one pawn.
//!
//! The 2012 rulebook: each player "puts one (called marker thereafter) on the
//! space numbered 0 of the scoreboard"; "The player moves his marker a number
//! of spaces on the scoreboard equal to the number of points scored"; "When a
//! player first passes space 50 of the scoreboard, he takes a Point tile … If
//! this same player passes space 50 a second time, he flips his Point tile".
//! So a pawn stands on its total modulo 50 ([`Space::of`]), and the laps it
//! made are its total divided by 50.
//!
//! The expansions that play on the scoreboard need more than the totals: The
//! Messengers give each player a second pawn, the messenger, and "Each time a
//! player scores points, he chooses whether he will move his messenger or his
//! marker" (a message is drawn when the active player's pawn "ends its
//! movement on a dark number (0, 5, 10, 15...)", [`Space::is_dark`]); The
//! Robbers rob "the points for one feature, not for all the points scored
//! during a turn" of the marker they stand beside ([`Scoreboard::pawns_at`]).
//! Both need every score as its own move, in order: [`scores`] lists a game's
//! scores in the order `notation/SPEC.md` 4.5 fixes, [`Scoreboard::play`]
//! moves a pawn by one of them. Which pawn moves is the caller's: the marker
//! (the only pawn without The Messengers), or the pawn a record names.
//!
//! Like the rest of [`crate::score`], this knows nothing of the game: it reads
//! score events and the points moved between players.

pub use crate::pawn::{Pawn, SPACES, Space};
use crate::player::{ByPlayer, Player};
use crate::score::ScoreEvent;

/// Why a pawn moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A score event: its index in the events the scores were made from.
    Event(usize),
    /// Points moved between players (The Tower's ransom): the payer's pawn
    /// moves back, the payee's forward.
    Transfer {
        /// Who paid.
        from: Player,
        /// Who was paid.
        to: Player,
    },
}

/// One score of one player: what moves one of the player's pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// The turn; `None` for the final scoring.
    pub turn: Option<u32>,
    /// Who scores.
    pub player: Player,
    /// How many points: a loss (a ransom paid) is negative.
    pub points: i64,
    /// Why.
    pub cause: Cause,
}

/// A pawn moved by one score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnMove {
    /// The score.
    pub score: Score,
    /// The pawn it moved.
    pub pawn: Pawn,
    /// The pawn's total before the move.
    pub from: u32,
    /// The pawn's total after it.
    pub to: u32,
}

impl PawnMove {
    /// The space the pawn ends on.
    pub fn space(&self) -> Space {
        Space::of(self.to)
    }

    /// The times the move passes space 50, each a Point tile taken or
    /// flipped (0 for a move back).
    pub fn laps(&self) -> u32 {
        (self.to / SPACES).saturating_sub(self.from / SPACES)
    }
}

/// The totals of one player's pawns: the points each has moved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pawns {
    /// The marker's total.
    pub marker: u32,
    /// The messenger's total (The Messengers), `None` without one.
    pub messenger: Option<u32>,
}

impl Pawns {
    /// A pawn's total, if the player has that pawn.
    pub fn total(&self, pawn: Pawn) -> Option<u32> {
        match pawn {
            Pawn::Marker => Some(self.marker),
            Pawn::Messenger => self.messenger,
        }
    }

    fn total_mut(&mut self, pawn: Pawn) -> Option<&mut u32> {
        match pawn {
            Pawn::Marker => Some(&mut self.marker),
            Pawn::Messenger => self.messenger.as_mut(),
        }
    }

    /// The player's score: the pawns' totals added ("each player adds the
    /// score of his marker and messenger").
    pub fn sum(&self) -> u32 {
        self.marker.saturating_add(self.messenger.unwrap_or(0))
    }
}

/// The scoreboard: every player's pawns and every move they made, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scoreboard {
    pawns: ByPlayer<Pawns>,
    moves: Vec<PawnMove>,
}

impl Scoreboard {
    /// A scoreboard of `seats` players, each pawn on space 0; with
    /// `messengers`, each player has a messenger besides the marker.
    pub fn new(seats: usize, messengers: bool) -> Scoreboard {
        let pawns = Pawns {
            marker: 0,
            messenger: messengers.then_some(0),
        };
        Scoreboard {
            pawns: ByPlayer::new(seats, pawns),
            moves: Vec::new(),
        }
    }

    /// Every pawn back on space 0, for a new game of `seats` players (with
    /// `messengers`, each with a messenger), and no move made: the room the
    /// moves took is kept.
    pub fn restart(&mut self, seats: usize, messengers: bool) {
        let pawns = Pawns {
            marker: 0,
            messenger: messengers.then_some(0),
        };
        self.pawns = ByPlayer::new(seats, pawns);
        self.moves.clear();
    }

    /// The scoreboard of a game without The Messengers: every score of
    /// `events` and `transfers`, in the order of [`scores`], moves the
    /// scorer's marker.
    pub fn of_game(
        seats: usize,
        events: &[ScoreEvent],
        transfers: &[(u32, Player, Player, u32)],
        messengers: bool,
    ) -> Scoreboard {
        let mut board = Scoreboard::new(seats, messengers);
        for score in scores(events, transfers) {
            if score.turn.is_none() {
                board.add_messengers();
            }
            board.play(score, pawn_of(events, &score));
        }
        board
    }

    /// The end of the game, before the final scoring (The Messengers):
    /// "each player adds the score of his marker and messenger. Each player
    /// then places his marker on the space corresponding to the sum of his
    /// two pawns and returns the messenger to the box."
    pub fn add_messengers(&mut self) {
        for p in self.pawns.players() {
            if let Some(pawns) = self.pawns.get_mut(p)
                && let Some(m) = pawns.messenger.take()
            {
                pawns.marker = pawns.marker.saturating_add(m);
            }
        }
    }

    /// Moves `pawn` of the score's player by its points, and returns the
    /// move; `None` (and nothing moves) when the player has no such pawn. A
    /// loss moves the pawn back, never below 0.
    pub fn play(&mut self, score: Score, pawn: Pawn) -> Option<&PawnMove> {
        let pawns = self.pawns.get_mut(score.player)?;
        let total = pawns.total_mut(pawn)?;
        let from = *total;
        let loss = u32::try_from(score.points.unsigned_abs()).unwrap_or(u32::MAX);
        let to = if score.points < 0 {
            from.saturating_sub(loss)
        } else {
            from.saturating_add(u32::try_from(score.points).unwrap_or(u32::MAX))
        };
        *total = to;
        // A loss the marker cannot pay whole: the messenger pays the rest
        // (The Messengers with The Tower's ransom).
        if score.points < 0
            && pawn == Pawn::Marker
            && let Some(m) = pawns.messenger.as_mut()
        {
            *m = m.saturating_sub(loss.saturating_sub(from));
        }
        self.moves.push(PawnMove {
            score,
            pawn,
            from,
            to,
        });
        self.moves.last()
    }

    /// The players' pawns, in seat order.
    pub fn pawns(&self) -> &ByPlayer<Pawns> {
        &self.pawns
    }

    /// Every move, in the order played.
    pub fn moves(&self) -> &[PawnMove] {
        &self.moves
    }

    /// The total of a player's pawn, if the player has it.
    pub fn total(&self, player: Player, pawn: Pawn) -> Option<u32> {
        self.pawns.get(player)?.total(pawn)
    }

    /// The space a player's pawn stands on, if the player has it.
    pub fn space(&self, player: Player, pawn: Pawn) -> Option<Space> {
        self.total(player, pawn).map(Space::of)
    }

    /// The times a player's pawn has passed space 50: the Point tiles it
    /// earned.
    pub fn laps(&self, player: Player, pawn: Pawn) -> Option<u32> {
        self.total(player, pawn).map(|t| t / SPACES)
    }

    /// The pawns standing on a space, in seat order, each player's marker
    /// before its messenger (The Robbers: a robber goes "on a space occupied
    /// by at least one marker belonging to another player").
    pub fn pawns_at(&self, space: Space) -> impl Iterator<Item = (Player, Pawn)> + '_ {
        self.pawns.iter().flat_map(move |(p, pawns)| {
            Pawn::ALL
                .into_iter()
                .filter(move |pawn| pawns.total(*pawn).map(Space::of) == Some(space))
                .map(move |pawn| (p, pawn))
        })
    }

    /// The points a player's pawn moved during a turn (`None`: the final
    /// scoring), a loss counted negative.
    pub fn turn_points(&self, turn: Option<u32>, player: Player, pawn: Pawn) -> i64 {
        self.moves
            .iter()
            .filter(|m| m.score.turn == turn && m.score.player == player && m.pawn == pawn)
            .map(|m| i64::from(m.to) - i64::from(m.from))
            .sum()
    }
}

/// The pawn a score moves: the messenger where its event says so (The
/// Messengers: "he chooses whether he will move his messenger or his
/// marker"), else the marker. `events` are those the score was made from.
pub fn pawn_of(events: &[ScoreEvent], score: &Score) -> Pawn {
    match score.cause {
        Cause::Event(i)
            if events
                .get(i)
                .is_some_and(|e| e.messengers.contains(&score.player)) =>
        {
            Pawn::Messenger
        }
        _ => Pawn::Marker,
    }
}

/// The scores of a game, one for each player of each score event and one for
/// each side of each transfer, in the order `notation/SPEC.md` 4.5 fixes:
/// turn by turn, and within a turn the points due at its start (the fairy's
/// point), then the points moved between players (a ransom, paid with the
/// turn's figures: the payer first), then the rest of the turn's events in
/// the order the engine scores them (each feature the tile completes, by
/// the tile's segments, then the monasteries, then what the expansions add
/// to them); the final scoring last, in its own order (SPEC 4.4 and 6.5).
/// The winners of one event score in seat order.
///
/// `events` must be in the order played (as `referee::Replay` keeps
/// them); `transfers` are `(turn, payer, payee, points)`, in turn order.
/// [`Cause::Event`] counts from the start of `events`.
pub fn scores(events: &[ScoreEvent], transfers: &[(u32, Player, Player, u32)]) -> Vec<Score> {
    let mut out = Vec::with_capacity(events.len() + 2 * transfers.len());
    scores_into(&mut out, events, transfers);
    out
}

/// [`scores`] written into `out` (emptied first), so that a caller going
/// through a game a turn at a time reuses one list.
pub fn scores_into(
    out: &mut Vec<Score>,
    events: &[ScoreEvent],
    transfers: &[(u32, Player, Player, u32)],
) {
    out.clear();
    // The final scoring (no turn) comes after every turn.
    let key = |turn: Option<u32>| turn.map_or(u64::MAX, u64::from);
    let mut pending = transfers.iter().peekable();
    let push_event = |out: &mut Vec<Score>, i: usize, e: &ScoreEvent| {
        for &p in &e.winners {
            out.push(Score {
                turn: e.turn,
                player: p,
                points: i64::from(e.points_for_winner(p)),
                cause: Cause::Event(i),
            });
        }
    };
    let push_transfer =
        |out: &mut Vec<Score>, &(turn, from, to, points): &(u32, Player, Player, u32)| {
            let cause = Cause::Transfer { from, to };
            out.push(Score {
                turn: Some(turn),
                player: from,
                points: -i64::from(points),
                cause,
            });
            out.push(Score {
                turn: Some(turn),
                player: to,
                points: i64::from(points),
                cause,
            });
        };
    let mut i = 0;
    while let Some(first) = events.get(i) {
        let turn = first.turn;
        let end = events
            .get(i..)
            .and_then(|rest| rest.iter().position(|e| e.turn != turn))
            .map_or(events.len(), |n| i + n);
        // Transfers of earlier turns, which scored nothing else.
        while let Some(t) = pending.next_if(|t| u64::from(t.0) < key(turn)) {
            push_transfer(out, t);
        }
        let group = events.get(i..end).unwrap_or_default();
        // The points due at the turn's start, and what a robber took of
        // them (The Robbers: right after the score robbed).
        let starts = group
            .iter()
            .take_while(|e| e.at_turn_start() || e.reason == crate::score::ScoreReason::Robbed)
            .count();
        for (k, e) in group.iter().enumerate().take(starts) {
            push_event(out, i + k, e);
        }
        while let Some(t) = pending.next_if(|t| u64::from(t.0) == key(turn)) {
            push_transfer(out, t);
        }
        for (k, e) in group.iter().enumerate().skip(starts) {
            push_event(out, i + k, e);
        }
        i = end;
    }
    for t in pending {
        push_transfer(out, t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::rules::expansions::princess_and_dragon::{FAIRY_SCORED, FAIRY_TURN_START};
    use crate::score::{FeatureRef, PlayerList, ScoreReason};
    use crate::tiles::{FeatureKind, Spot};

    const ANN: Player = Player(0);
    const BOB: Player = Player(1);
    const CID: Player = Player(2);

    fn at(x: i32, y: i32) -> FeatureRef {
        FeatureRef {
            pos: Pos::new(x, y),
            spot: Spot::Centre,
        }
    }

    /// A feature completed on `turn` (`None`: scored at the end), won by
    /// `winners` for `points` each.
    fn feature(turn: Option<u32>, winners: &[Player], points: u32) -> ScoreEvent {
        let reason = if turn.is_some() {
            ScoreReason::Completed
        } else {
            ScoreReason::Incomplete
        };
        let mut e = ScoreEvent::bonus(reason, turn, FeatureKind::City, at(0, 1), ANN, points);
        e.winners = winners.iter().copied().collect::<PlayerList>();
        e
    }

    fn fairy(turn: u32, player: Player, points: u32) -> ScoreEvent {
        ScoreEvent::bonus(
            ScoreReason::Fairy,
            Some(turn),
            FeatureKind::Road,
            at(2, 0),
            player,
            points,
        )
    }

    #[test]
    fn a_pawn_stands_on_its_total_modulo_fifty() {
        // "When a player first passes space 50 of the scoreboard, he takes a
        // Point tile": 53 points stand on space 3, one lap made.
        assert_eq!(Space::of(53).number(), 3);
        assert_eq!(Space::of(49).number(), 49);
        assert_eq!(Space::of(50).number(), 0);
        assert_eq!(Space::of(100).number(), 0);
        assert_eq!(Space::new(49).map(Space::number), Some(49));
        assert_eq!(Space::new(50), None);
        let mut board = Scoreboard::new(2, false);
        let lap = Score {
            turn: Some(30),
            player: ANN,
            points: 53,
            cause: Cause::Event(0),
        };
        let m = board.play(lap, Pawn::Marker).copied();
        assert_eq!(
            m.map(|m| (m.from, m.to, m.space().number(), m.laps())),
            Some((0, 53, 3, 1))
        );
        // "If this same player passes space 50 a second time, he flips his
        // Point tile": 47 more reach 100, space 0, the second lap.
        let m = board
            .play(Score { points: 47, ..lap }, Pawn::Marker)
            .copied();
        assert_eq!(m.map(|m| (m.space().number(), m.laps())), Some((0, 1)));
        assert_eq!(board.laps(ANN, Pawn::Marker), Some(2));
        assert_eq!(board.space(BOB, Pawn::Marker).map(Space::number), Some(0));
    }

    #[test]
    fn dark_spaces_are_the_multiples_of_five() {
        // The Messengers: "a dark number (0, 5, 10, 15...)".
        let dark: Vec<u32> = (0..SPACES)
            .filter_map(Space::new)
            .filter(|s| s.is_dark())
            .map(Space::number)
            .collect();
        assert_eq!(dark, [0, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
    }

    #[test]
    fn each_feature_of_a_turn_is_its_own_move() {
        // The Messengers: "During a turn where more than one feature is
        // scored, each completed feature is scored individually." A tile
        // closing Ann's 3-tile city with a banner ("Red scores 8 points
        // (3-tile city and 1 banner)") and her 3-tile road ("Red scores 3
        // points") moves her marker twice: to 8, then to 11.
        let events = [feature(Some(5), &[ANN], 8), feature(Some(5), &[ANN], 3)];
        let board = Scoreboard::of_game(2, &events, &[], false);
        let moves: Vec<(u32, u32)> = board.moves().iter().map(|m| (m.from, m.to)).collect();
        assert_eq!(moves, [(0, 8), (8, 11)]);
        assert_eq!(board.total(ANN, Pawn::Marker), Some(11));
        assert_eq!(board.turn_points(Some(5), ANN, Pawn::Marker), 11);
        assert_eq!(board.turn_points(Some(5), BOB, Pawn::Marker), 0);
    }

    #[test]
    fn tied_players_each_move_in_seat_order() {
        // "In case of a tie, the tied players each score the points": one
        // event, two moves, Ann before Cid.
        let events = [feature(Some(3), &[ANN, CID], 4)];
        let board = Scoreboard::of_game(3, &events, &[], false);
        let movers: Vec<Player> = board.moves().iter().map(|m| m.score.player).collect();
        assert_eq!(movers, [ANN, CID]);
        assert!(
            board
                .moves()
                .iter()
                .all(|m| m.score.cause == Cause::Event(0))
        );
        assert_eq!(board.total(BOB, Pawn::Marker), Some(0));
    }

    #[test]
    fn a_turn_scores_its_start_then_its_ransoms_then_its_features() {
        // Turn 7: Ann's follower stands with the fairy ("he scores 1 point
        // immediately!"), Ann pays Bob a ransom of 3 with her figures, then
        // her tile closes a 2-tile road (2 points) that the fairy stands on
        // (3 more). Turn 8: a ransom alone. The end: an incomplete city.
        let events = [
            feature(Some(2), &[ANN], 4),
            fairy(7, ANN, FAIRY_TURN_START),
            feature(Some(7), &[ANN], 2),
            fairy(7, ANN, FAIRY_SCORED),
            feature(None, &[BOB], 5),
        ];
        let transfers = [(7, ANN, BOB, 3), (8, BOB, ANN, 3)];
        let order: Vec<(Option<u32>, Player, i64, Cause)> = scores(&events, &transfers)
            .into_iter()
            .map(|s| (s.turn, s.player, s.points, s.cause))
            .collect();
        let ransom = |from, to| Cause::Transfer { from, to };
        assert_eq!(
            order,
            [
                (Some(2), ANN, 4, Cause::Event(0)),
                (Some(7), ANN, 1, Cause::Event(1)),
                (Some(7), ANN, -3, ransom(ANN, BOB)),
                (Some(7), BOB, 3, ransom(ANN, BOB)),
                (Some(7), ANN, 2, Cause::Event(2)),
                (Some(7), ANN, 3, Cause::Event(3)),
                (Some(8), BOB, -3, ransom(BOB, ANN)),
                (Some(8), ANN, 3, ransom(BOB, ANN)),
                (None, BOB, 5, Cause::Event(4)),
            ]
        );
        let board = Scoreboard::of_game(2, &events, &transfers, false);
        // Ann: 4 + 1 − 3 + 2 + 3 + 3 = 10; Bob: 3 − 3 + 5 = 5.
        assert_eq!(board.total(ANN, Pawn::Marker), Some(10));
        assert_eq!(board.total(BOB, Pawn::Marker), Some(5));
        assert_eq!(board.turn_points(Some(7), ANN, Pawn::Marker), 3);
        assert_eq!(board.turn_points(None, BOB, Pawn::Marker), 5);
    }

    #[test]
    fn a_robbed_score_moves_the_robbers_owner_right_after_the_score_robbed() {
        // The Robbers: Bob's robber takes half of Ann's fairy point at the
        // start of turn 7 (before the ransom), Cid's half of her road.
        let start = fairy(7, ANN, FAIRY_TURN_START);
        let road = feature(Some(7), &[ANN], 5);
        let events = [
            start.clone(),
            ScoreEvent::robbed(&start, BOB, ANN, FAIRY_TURN_START),
            road.clone(),
            ScoreEvent::robbed(&road, CID, ANN, 5),
        ];
        let transfers = [(7, ANN, BOB, 3)];
        let order: Vec<(Player, i64, Cause)> = scores(&events, &transfers)
            .into_iter()
            .map(|s| (s.player, s.points, s.cause))
            .collect();
        let ransom = Cause::Transfer { from: ANN, to: BOB };
        assert_eq!(
            order,
            [
                (ANN, 1, Cause::Event(0)),
                (BOB, 1, Cause::Event(1)),
                (ANN, -3, ransom),
                (BOB, 3, ransom),
                (ANN, 5, Cause::Event(2)),
                (CID, 3, Cause::Event(3)),
            ]
        );
    }

    #[test]
    fn only_the_fairys_point_comes_before_the_tile() {
        assert!(fairy(7, ANN, FAIRY_TURN_START).at_turn_start());
        assert!(!fairy(7, ANN, FAIRY_SCORED).at_turn_start());
        assert!(!feature(Some(7), &[ANN], 1).at_turn_start());
    }

    #[test]
    fn a_loss_moves_back_and_unmakes_no_lap() {
        let mut board = Scoreboard::new(2, false);
        let gain = Score {
            turn: Some(1),
            player: BOB,
            points: 51,
            cause: Cause::Event(0),
        };
        board.play(gain, Pawn::Marker);
        let ransom = Score {
            points: -3,
            cause: Cause::Transfer { from: BOB, to: ANN },
            ..gain
        };
        let back = board.play(ransom, Pawn::Marker).copied();
        assert_eq!(
            back.map(|m| (m.to, m.space().number(), m.laps())),
            Some((48, 48, 0))
        );
    }

    #[test]
    fn the_messenger_is_a_second_pawn_only_with_the_messengers() {
        let score = Score {
            turn: Some(4),
            player: ANN,
            points: 5,
            cause: Cause::Event(0),
        };
        let mut plain = Scoreboard::new(2, false);
        assert!(plain.play(score, Pawn::Messenger).is_none());
        assert!(plain.moves().is_empty());
        // The Messengers: "Each player puts the messenger of his color onto
        // space "0" of the scoreboard, next to his marker"; "Each time a
        // player scores points, he chooses whether he will move his
        // messenger or his marker"; at the end "each player adds the score
        // of his marker and messenger".
        let mut board = Scoreboard::new(2, true);
        let at_zero: Vec<(Player, Pawn)> = board.pawns_at(Space::of(0)).collect();
        assert_eq!(
            at_zero,
            [
                (ANN, Pawn::Marker),
                (ANN, Pawn::Messenger),
                (BOB, Pawn::Marker),
                (BOB, Pawn::Messenger)
            ]
        );
        let m = board.play(score, Pawn::Messenger).copied();
        assert_eq!(m.map(|m| m.space().is_dark()), Some(true));
        board.play(Score { points: 3, ..score }, Pawn::Marker);
        assert_eq!(
            board.space(ANN, Pawn::Messenger).map(Space::number),
            Some(5)
        );
        assert_eq!(board.space(ANN, Pawn::Marker).map(Space::number), Some(3));
        assert_eq!(board.pawns().get(ANN).map(Pawns::sum), Some(8));
        let at_five: Vec<(Player, Pawn)> = board.pawns_at(Space::of(5)).collect();
        assert_eq!(at_five, [(ANN, Pawn::Messenger)]);
    }

    #[test]
    fn pawn_names_round_trip() {
        for pawn in Pawn::ALL {
            assert_eq!(pawn.name().parse::<Pawn>(), Ok(pawn));
            assert_eq!(pawn.to_string(), pawn.name());
        }
        assert!("Marker".parse::<Pawn>().is_err());
    }
}
