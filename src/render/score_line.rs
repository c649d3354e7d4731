//! The score sheet's JSON line of a clean game written straight from the
//! quick verdict's replay ([`ScoreLine`]): the verdict tells this observer of
//! each turn it plays and of the game's end, and each scoring is written as
//! it comes into buffers kept from one game to the next, with no view of
//! owned strings between. The line is byte for byte the one
//! [`super::sheet_json::write_score`] writes of the full referee's outcome
//! (`tests/score_fast_path.rs` holds it to that); a game the verdict does
//! not clear goes that way.

use std::fmt::Write as _;

use crate::notation::write::{push_pos, push_u32};
use crate::player::{ByPlayer, Player};
use crate::referee::observe::Observe;
use crate::rules::{Edition, Game, TurnInput};
use crate::score::scoreboard::{self, Score, Scoreboard, Space};
use crate::score::{FeatureRef, ScoreEvent, ScoreReason};
use crate::tiles::{Goods, Spot};

/// A game's score line, gathered on the quick verdict's replay. What it
/// gathered of a game the verdict does not clear is thrown away by the next
/// [`ScoreLine::begin`].
#[derive(Debug, Default)]
pub struct ScoreLine {
    /// Whether the players' names and the scoreboard are set up for the game.
    started: bool,
    /// Each seat's name as a JSON string, quoted and escaped, one after the
    /// other; `name_ends` holds where each ends.
    names: String,
    name_ends: Vec<usize>,
    /// The members of the `events` list written so far, and of the
    /// `goods_taken`, `transfers` and `dragon_meals` lists.
    events: String,
    goods: String,
    transfers: String,
    meals: String,
    board: Scoreboard,
    /// The scores of one turn, in the scoreboard's order.
    scores: Vec<Score>,
    /// The points one turn moved from player to player.
    moved: Vec<(u32, Player, Player, u32)>,
    position_after: u32,
    final_scoring: bool,
    totals: ByPlayer<u32>,
    edition: Option<Edition>,
}

impl ScoreLine {
    /// A score line with nothing gathered.
    pub fn new() -> ScoreLine {
        ScoreLine::default()
    }

    /// Ready for the next game: what was gathered is dropped, the room it
    /// took is kept.
    pub fn begin(&mut self) {
        self.started = false;
        self.events.clear();
        self.goods.clear();
        self.transfers.clear();
        self.meals.clear();
        self.final_scoring = false;
        self.position_after = 0;
        self.edition = None;
    }

    /// Writes the line of the game gathered (which the verdict cleared):
    /// `file` is the file's name as a JSON string (quoted and escaped, see
    /// [`push_json_str`]), `index` the game's place in it, from 0.
    pub fn write(&self, out: &mut String, file: &str, index: usize) {
        out.push_str("{\"version\":");
        push_u32(out, super::json::VERSION);
        out.push_str(",\"file\":");
        out.push_str(file);
        out.push_str(",\"game\":");
        push_usize(out, index.saturating_add(1));
        out.push_str(",\"status\":\"valid\",\"position_after\":");
        push_u32(out, self.position_after);
        out.push_str(",\"rules\":\"");
        if let Some(e) = self.edition {
            let _ = write!(out, "{e}");
        }
        out.push_str("\",\"final_scoring\":");
        out.push_str(if self.final_scoring { "true" } else { "false" });
        out.push_str(",\"totals\":{");
        let seats = self.name_ends.len().min(self.totals.len());
        for (i, (_, total)) in self.totals.iter().take(seats).enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(self.name_at(i));
            out.push(':');
            push_u32(out, *total);
        }
        out.push_str("},\"scoreboard\":{");
        for (i, (p, pawns)) in self.board.pawns().iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(self.name(p));
            out.push_str(":{\"marker\":");
            push_u32(out, Space::of(pawns.marker).number());
            let laps = pawns.marker / scoreboard::SPACES;
            if laps != 0 {
                out.push_str(",\"laps\":");
                push_u32(out, laps);
            }
            if let Some(m) = pawns.messenger {
                out.push_str(",\"messenger\":");
                push_u32(out, Space::of(m).number());
                let laps = m / scoreboard::SPACES;
                if laps != 0 {
                    out.push_str(",\"messenger_laps\":");
                    push_u32(out, laps);
                }
            }
            out.push('}');
        }
        out.push_str("},\"events\":[");
        out.push_str(&self.events);
        out.push(']');
        for (key, list) in [
            ("goods_taken", &self.goods),
            ("transfers", &self.transfers),
            ("dragon_meals", &self.meals),
        ] {
            if !list.is_empty() {
                out.push_str(",\"");
                out.push_str(key);
                out.push_str("\":[");
                out.push_str(list);
                out.push(']');
            }
        }
        out.push_str("}\n");
    }

    /// The name of seat `i` as a JSON string (`""` for a seat with none).
    fn name_at(&self, i: usize) -> &str {
        let start = match i.checked_sub(1) {
            Some(j) => self.name_ends.get(j).copied().unwrap_or(0),
            None => 0,
        };
        match self.name_ends.get(i) {
            Some(&end) => self.names.get(start..end).unwrap_or("\"\""),
            None => "\"\"",
        }
    }

    fn name(&self, p: Player) -> &str {
        self.name_at(p.index())
    }

    /// The players' names and the scoreboard, at the game's first news.
    fn start(&mut self, game: &Game<'_>) {
        if self.started {
            return;
        }
        self.started = true;
        self.names.clear();
        self.name_ends.clear();
        let players = &game.setup().players;
        for name in players {
            push_json_str(&mut self.names, name);
            self.name_ends.push(self.names.len());
        }
        self.board
            .restart(players.len(), game.messengers().is_some());
    }

    /// A list of `(player, number)` pairs written as a map by name.
    fn push_map(&self, out: &mut String, key: &str, pairs: impl Iterator<Item = (Player, u32)>) {
        let mut first = true;
        for (p, n) in pairs {
            if first {
                out.push_str(",\"");
                out.push_str(key);
                out.push_str("\":{");
                first = false;
            } else {
                out.push(',');
            }
            out.push_str(self.name(p));
            out.push(':');
            push_u32(out, n);
        }
        if !first {
            out.push('}');
        }
    }

    /// A list of players written as a list of names.
    fn push_names(&self, out: &mut String, key: &str, players: &[Player]) {
        if players.is_empty() {
            return;
        }
        out.push_str(",\"");
        out.push_str(key);
        out.push_str("\":[");
        for (i, p) in players.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(self.name(*p));
        }
        out.push(']');
    }

    /// One scoring, as a member of the `events` list.
    fn event(&self, out: &mut String, e: &ScoreEvent) {
        if !out.is_empty() {
            out.push(',');
        }
        out.push('{');
        if let Some(turn) = e.turn {
            out.push_str("\"turn\":");
            push_u32(out, turn);
            out.push(',');
        }
        out.push_str("\"feature\":\"");
        out.push_str(match e.reason {
            ScoreReason::Farm => "farm",
            ScoreReason::Goods => "goods",
            ScoreReason::Gold => "gold",
            ScoreReason::Message | ScoreReason::MessagePoints if e.at.is_none() => "message",
            _ => e.kind.name(),
        });
        out.push_str("\",\"reason\":\"");
        out.push_str(e.reason.name());
        out.push('"');
        if let Some(at) = &e.at {
            out.push_str(",\"at\":\"");
            push_feature_ref(out, at);
            out.push('"');
        }
        if let Some(g) = e.goods {
            out.push_str(",\"goods\":\"");
            out.push_str(g.name());
            out.push('"');
        }
        if !e.tiles.is_empty() {
            out.push_str(",\"tiles\":[");
            for (i, t) in e.tiles.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('"');
                push_pos(out, *t);
                out.push('"');
            }
            out.push(']');
        }
        for (key, n) in [
            ("banners", e.pennants),
            ("inns", e.inns),
            ("cathedrals", e.cathedrals),
        ] {
            if n != 0 {
                out.push_str(",\"");
                out.push_str(key);
                out.push_str("\":");
                push_u32(out, n);
            }
        }
        for (key, refs) in [("cities", &e.cities), ("fields", &e.fields)] {
            if refs.is_empty() {
                continue;
            }
            out.push_str(",\"");
            out.push_str(key);
            out.push_str("\":[");
            for (i, r) in refs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('"');
                push_feature_ref(out, r);
                out.push('"');
            }
            out.push(']');
        }
        let strength = || e.strength.iter().copied();
        let followers = e.goods.is_none()
            && !matches!(
                e.reason,
                ScoreReason::Gold
                    | ScoreReason::Robbed
                    | ScoreReason::Message
                    | ScoreReason::MessagePoints
            );
        if followers {
            self.push_map(out, "followers", strength());
        }
        if e.goods.is_some() {
            self.push_map(out, "tokens", strength());
        }
        if e.reason == ScoreReason::Gold {
            self.push_map(out, "ingots", strength());
        }
        self.push_names(out, "pigs", &e.pigs);
        if e.witch {
            out.push_str(",\"witch\":true");
        }
        self.push_map(out, "robbed", e.robbed_from().into_iter());
        if let Some((n, _)) = e.message_of() {
            out.push_str(",\"message\":");
            push_u32(out, u32::from(n));
        }
        self.push_names(out, "messengers", &e.messengers);
        out.push_str(",\"points\":{");
        for (i, p) in e.winners.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(self.name(*p));
            out.push(':');
            push_u32(out, e.points_for(*p));
        }
        out.push_str("}}");
    }

    /// The scorings of a turn (or of the final scoring) and the points it
    /// moved: written, and played on the scoreboard.
    fn scored(&mut self, events: &[ScoreEvent]) {
        let mut written = std::mem::take(&mut self.events);
        for e in events {
            self.event(&mut written, e);
        }
        self.events = written;
        if events.is_empty() && self.moved.is_empty() {
            return;
        }
        scoreboard::scores_into(&mut self.scores, events, &self.moved);
        for score in &self.scores {
            self.board.play(*score, scoreboard::pawn_of(events, score));
        }
    }
}

impl Observe for ScoreLine {
    fn played(&mut self, game: &Game<'_>, _turn: &TurnInput<'_>) {
        self.start(game);
        let turn = game.turn();
        self.moved.clear();
        for (from, to, points) in game.turn_transfers() {
            self.moved.push((turn, from, to, points));
        }
        let mut list = std::mem::take(&mut self.transfers);
        for &(_, from, to, points) in &self.moved {
            if !list.is_empty() {
                list.push(',');
            }
            list.push_str("{\"turn\":");
            push_u32(&mut list, turn);
            list.push_str(",\"from\":");
            list.push_str(self.name(from));
            list.push_str(",\"to\":");
            list.push_str(self.name(to));
            list.push_str(",\"points\":");
            push_u32(&mut list, points);
            list.push_str(",\"reason\":\"ransom\"}");
        }
        self.transfers = list;
        self.scored(game.last_events());
        let goods = game.turn_goods();
        if goods.iter().any(|n| *n > 0)
            && let Some((player, _)) = game.last_turn()
        {
            let mut list = std::mem::take(&mut self.goods);
            if !list.is_empty() {
                list.push(',');
            }
            list.push_str("{\"turn\":");
            push_u32(&mut list, turn);
            list.push_str(",\"player\":");
            list.push_str(self.name(player));
            list.push_str(",\"goods\":{");
            let mut first = true;
            for (g, n) in Goods::ALL.iter().zip(goods) {
                if n == 0 {
                    continue;
                }
                if !first {
                    list.push(',');
                }
                first = false;
                list.push('"');
                list.push_str(g.name());
                list.push_str("\":");
                push_u32(&mut list, n);
            }
            list.push_str("}}");
            self.goods = list;
        }
        if let Some(dragon) = game.princess_and_dragon() {
            let mut list = std::mem::take(&mut self.meals);
            for (owner, figure) in dragon.eaten() {
                if !list.is_empty() {
                    list.push(',');
                }
                list.push_str("{\"turn\":");
                push_u32(&mut list, turn);
                list.push_str(",\"owner\":");
                list.push_str(self.name(*owner));
                list.push_str(",\"figure\":\"");
                list.push_str(figure.notation().unwrap_or("follower"));
                list.push_str("\"}");
            }
            self.meals = list;
        }
    }

    fn ended(&mut self, game: &Game<'_>, finished: bool) {
        self.start(game);
        self.position_after = game.turn();
        self.final_scoring = finished;
        self.edition = Some(game.edition());
        if finished {
            // The Messengers: each player's pawns are added before the final
            // scoring.
            self.board.add_messengers();
            self.moved.clear();
            self.scored(game.last_events());
        }
        self.totals = *game.score();
    }

    fn explains(&self) -> bool {
        true
    }
}

/// Writes `n` in decimal.
fn push_usize(out: &mut String, n: usize) {
    match u32::try_from(n) {
        Ok(n) => push_u32(out, n),
        Err(_) => {
            let _ = write!(out, "{n}");
        }
    }
}

/// Writes a feature's name as `Display` does: `x,y S`.
fn push_feature_ref(out: &mut String, r: &FeatureRef) {
    push_pos(out, r.pos);
    out.push(' ');
    match r.spot {
        Spot::Edge(side) => out.push(side.letter()),
        Spot::Half(half) => out.push_str(half.name()),
        Spot::Centre => out.push('C'),
    }
}

/// Writes `s` as a JSON string, quoted and escaped as `serde_json` writes
/// it: `"` and `\` escaped, the control characters below U+0020 as `\b`,
/// `\t`, `\n`, `\f`, `\r` or `\u00XX`, everything else as it is.
pub fn push_json_str(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut plain = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(s.get(plain..i).unwrap_or_default());
        plain = i + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(
                HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0'),
            ));
            out.push(char::from(
                HEX.get(usize::from(b & 0xf)).copied().unwrap_or(b'0'),
            ));
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(s.get(plain..).unwrap_or_default());
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut every: String = (0u8..0x80).map(char::from).collect();
        every.push_str("é ß 漢 😀 \u{7f}\u{2028}");
        for s in [
            "",
            "Ann",
            "Ann \"the\" \\ Bold",
            "tab\there\nand\r\u{8}\u{c}",
            every.as_str(),
        ] {
            let mut ours = String::new();
            push_json_str(&mut ours, s);
            assert_eq!(ours, serde_json::to_string(s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn names_are_those_of_serde_and_display() {
        for reason in ScoreReason::ALL {
            let serde = serde_json::to_value(reason).unwrap();
            assert_eq!(Some(reason.name()), serde.as_str());
        }
        for g in Goods::ALL {
            assert_eq!(serde_json::to_value(g).unwrap().as_str(), Some(g.name()));
        }
        for spot in Spot::all() {
            for pos in [Pos::new(0, 0), Pos::new(-12, 7), Pos::new(3, -140)] {
                let r = FeatureRef { pos, spot };
                let mut ours = String::new();
                push_feature_ref(&mut ours, &r);
                assert_eq!(ours, r.to_string());
            }
        }
    }
}
