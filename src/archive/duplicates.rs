//! The same game twice in an archive: the same players, the same tiles and
//! the same turns, however the two are written (spacing, comments, claims,
//! other tags). A game is known by a 64-bit hash of its players and its turns
//! as the canonical form writes them ([`fingerprint`]); [`super::seen::Seen`]
//! keeps the hashes of the games met.

use std::hash::{Hash, Hasher};

use crate::notation::GameRecord;
use crate::notation::act::TurnSteps;
use crate::notation::write;
use crate::rules::TurnInput;

/// The hash of a game's players (in seat order) and turns: each turn's
/// number, player, tile, placement and actions, as the canonical form writes
/// them; claims, events, comments and tags other than Players are left out.
/// The same from run to run.
pub fn fingerprint(record: &GameRecord) -> u64 {
    let players = record
        .tag("Players")
        .map(|t| super::facts::player_names(&t.value.value))
        .unwrap_or_default();
    let mut print = Fingerprint::new(&players);
    for t in &record.turns {
        print.turn(&TurnInput::of(t));
    }
    print.finish()
}

/// A [`fingerprint`] made a turn at a time, from the turns as the engine
/// takes them: the same whether a game is read by the grammar or by the
/// quick reader.
#[derive(Debug, Clone, Copy)]
pub struct Fingerprint(Fnv);

impl Fingerprint {
    /// The fingerprint of a game of these players, before its turns.
    pub fn new(players: &[String]) -> Fingerprint {
        let mut h = Fnv::default();
        players.hash(&mut h);
        Fingerprint(h)
    }

    /// A turn added.
    pub fn turn(&mut self, t: &TurnInput<'_>) {
        let h = &mut self.0;
        t.number.hash(h);
        t.player.hash(h);
        t.tile.hash(h);
        t.place.hash(h);
        t.aside.hash(h);
        t.figure.hash(h);
        match t.steps {
            TurnSteps::Written(steps) => {
                for st in steps {
                    write::step(st).hash(h);
                }
            }
            TurnSteps::Read(steps) => {
                for st in steps {
                    write::step(&st.record()).hash(h);
                }
            }
        }
        0xffu8.hash(h);
    }

    /// The hash.
    pub fn finish(&self) -> u64 {
        self.0.finish()
    }
}

/// FNV-1a, 64 bits: a hash fixed by its definition (no random keys), so
/// that fingerprints are the same from run to run.
#[derive(Debug, Clone, Copy)]
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_turns_written_otherwise_are_the_same_game() {
        let a = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\n1. Ann E 0,1 r180 +S =Ann+4/4\n";
        let b = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Date \"2026.01.02\"]\n\n\
                 1.  Ann E 0,1 r180 +S {a comment}\n";
        let c = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\n1. Ann E 0,1 r0 +S\n";
        let print = |t: &str| fingerprint(&crate::parse_game(t, 0).record);
        assert_eq!(print(a), print(b));
        assert_ne!(print(a), print(c));
    }
}
