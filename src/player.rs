//! Players (seats in turn order) and per-player data.

use std::fmt;

/// Most seats a game can have (the largest rule set has six colours).
pub const MAX_PLAYERS: usize = 6;

/// A seat, 0-based, in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Player(pub u8);

impl Player {
    /// Seat index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// One value per seat of a game, indexed by [`Player`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    values: [T; MAX_PLAYERS],
    len: u8,
}

impl<T: Copy + Default> Default for ByPlayer<T> {
    /// No seats.
    fn default() -> ByPlayer<T> {
        ByPlayer::new(0, T::default())
    }
}

impl<T: Copy + Default> ByPlayer<T> {
    /// `len` seats, each holding `value`.
    pub fn new(len: usize, value: T) -> ByPlayer<T> {
        let mut values = [T::default(); MAX_PLAYERS];
        let len = len.min(MAX_PLAYERS);
        for v in values.iter_mut().take(len) {
            *v = value;
        }
        ByPlayer {
            values,
            len: len as u8,
        }
    }
}

impl<T> ByPlayer<T> {
    /// Number of seats.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no seats.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of a seat.
    pub fn get(&self, p: Player) -> Option<&T> {
        self.values.get(..self.len())?.get(p.index())
    }

    /// The value of a seat, mutably.
    pub fn get_mut(&mut self, p: Player) -> Option<&mut T> {
        let len = self.len();
        self.values.get_mut(..len)?.get_mut(p.index())
    }

    /// Seats and values in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        self.values
            .iter()
            .take(self.len())
            .enumerate()
            .map(|(i, v)| (Player(i as u8), v))
    }

    /// The seats.
    pub fn players(&self) -> impl Iterator<Item = Player> + use<T> {
        (0..self.len).map(Player)
    }
}
