//! The repairs `carcref fix` suggests for a game's first illegal turn, for
//! people: the fault, each reading of one change with what it makes legal
//! and what it leaves, and the diff of the one every claim confirms.

use std::fmt::Write as _;

use crate::repair::Repairs;

/// Writes the repairs of game `game` (1-based): its illegal turn and fault,
/// then each reading of one change and its verdict.
pub fn write_repairs(out: &mut String, game: usize, repairs: &Repairs) {
    let _ = writeln!(
        out,
        "game {game}: turn {} is illegal: {} {}",
        repairs.turn,
        repairs.fault.code(),
        repairs.fault
    );
    if repairs.suggestions.is_empty() {
        let _ = writeln!(
            out,
            "  no reading of one change makes turns {}-{} legal",
            repairs.turn, repairs.last_turn
        );
    }
    for s in &repairs.suggestions {
        let span = format!("turns {}-{} legal", repairs.turn, repairs.last_turn);
        let verdict = match (s.clean, s.claims) {
            (true, 0) => format!("makes {span} (no claim to confirm it)"),
            (true, n) => format!(
                "makes {span} and every claim match ({n} {})",
                if n == 1 { "claim" } else { "claims" }
            ),
            (false, _) => format!("makes {span}, but {}", s.remaining.join("; ")),
        };
        let _ = writeln!(out, "  turn {}: {} {verdict}", s.turn, s.change);
    }
}

/// Writes the diff of a repaired turn line of the file `name`: line `line`
/// (1-based) read `old` and is written `new`.
pub fn write_repaired_line(out: &mut String, name: &str, line: usize, old: &str, new: &str) {
    let _ = writeln!(out, "--- {name}\n+++ {name} (repaired)\n@@ line {line} @@");
    let _ = writeln!(out, "-{old}\n+{new}");
}
