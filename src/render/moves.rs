//! The legal moves of a turn for people (`carcref moves`): a line for the
//! tile drawn, then a line a placement with the figures it allows, then what
//! each expansion in play allows with any placement.

use std::fmt::Write as _;

use super::moves_json::{MovesDocument, NoPlacement, TowerPieceMove};

/// `carcref moves` for people: a line for the tile drawn, then a line a
/// placement with the figures it allows.
pub fn write_moves(out: &mut String, m: &MovesDocument) {
    let count = m.placements.len();
    let _ = writeln!(
        out,
        "turn {}: {} draws {} ({}): {count} legal {}",
        m.turn,
        m.player,
        m.tile,
        m.tile_name,
        if count == 1 {
            "placement"
        } else {
            "placements"
        }
    );
    match m.none {
        Some(NoPlacement::RiverBlocked) => {
            let _ = writeln!(
                out,
                "  none: the river cannot be continued with this tile (E309)"
            );
        }
        Some(NoPlacement::FitsNowhere) => {
            let _ = writeln!(out, "  none: the tile fits nowhere and is discarded");
        }
        Some(NoPlacement::SetAside) => {
            let _ = writeln!(
                out,
                "  none: a dragon tile before the first volcano is set aside (aside)"
            );
        }
        None => {}
    }
    if m.followers_in_hand == 0 && count > 0 {
        let _ = writeln!(out, "  ({} has no follower in supply)", m.player);
    }
    for p in &m.placements {
        let followers = if p.figures.is_empty() {
            "-".to_string()
        } else {
            p.figures
                .iter()
                .map(|f| match f.figure.notation() {
                    Some(name) => format!("{name}:{} ({})", f.spot, f.feature),
                    None => format!("{} ({})", f.spot, f.feature),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "  {:<12} {followers}",
            format!("{} {}", p.at, p.rotation)
        );
        for piece in &p.tower_pieces {
            let _ = writeln!(out, "  {:<12} {}", "", piece_line(piece));
        }
        if !p.princess.is_empty() {
            let knights: Vec<String> = p
                .princess
                .iter()
                .map(|k| format!("{} ({}'s {})", k.written, k.player, k.figure.word()))
                .collect();
            let _ = writeln!(
                out,
                "  {:<12} the princess {} send home: {}",
                "",
                if p.princess_required { "must" } else { "may" },
                knights.join(", ")
            );
        }
        for (what, list) in [
            (
                "the fairy to:",
                p.fairy
                    .iter()
                    .map(|f| f.written.as_str())
                    .collect::<Vec<_>>(),
            ),
            (
                "portal:",
                p.portal.iter().map(|f| f.written.as_str()).collect(),
            ),
        ] {
            if !list.is_empty() {
                let _ = writeln!(out, "  {:<12} {what} {}", "", list.join(", "));
            }
        }
        for f in &p.flights {
            let landings = if f.landings.is_empty() {
                format!("fly:{} (no landing: the follower comes back)", f.die)
            } else {
                f.landings.join(", ")
            };
            let _ = writeln!(
                out,
                "  {:<12} a flight of {} (to {}): {landings}",
                "", f.die, f.to
            );
        }
        if !p.magic.is_empty() {
            let _ = writeln!(out, "  {:<12} magic pawn: {}", "", p.magic.join(", "));
        }
        if !p.ferries.is_empty() {
            let _ = writeln!(out, "  {:<12} ferries: {}", "", p.ferries.join(", "));
        }
        if let Some(first) = p.dragon.first() {
            let moves: Vec<String> = p
                .dragon
                .iter()
                .map(|m| format!("{} (to {})", m.written, m.to))
                .collect();
            let _ = writeln!(
                out,
                "  {:<12} the dragon's first move, by {}: {}",
                "",
                first.player,
                moves.join(", ")
            );
        }
    }
    if let Some(ms) = &m.messengers {
        let pawns: Vec<String> = ms
            .pawns
            .0
            .iter()
            .map(|(p, [marker, messenger])| format!("{p} {marker} + {messenger}"))
            .collect();
        let _ = writeln!(out, "the pawns (marker + messenger): {}", pawns.join(", "));
        let stack: Vec<String> = ms.stack.iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "the messages drawn: {}{}",
            if stack.is_empty() {
                "none".to_string()
            } else {
                format!("{} in all, first {}", ms.drawn, stack.join(", "))
            },
            ms.top.map_or(String::new(), |t| format!(
                "; the top of the stack: message {t}"
            ))
        );
    }
    if let Some(r) = &m.robbers {
        let on: Vec<String> = r
            .on_scoreboard
            .0
            .iter()
            .map(|(p, at)| format!("{p}'s on {at}"))
            .collect();
        let _ = writeln!(
            out,
            "the robbers on the scoreboard: {}",
            if on.is_empty() {
                "none".to_string()
            } else {
                on.join(", ")
            }
        );
        if !r.placements.is_empty() {
            let _ = writeln!(out, "  after the tile, before the figure, each may pass:");
        }
        for t in &r.placements {
            let _ = writeln!(out, "  {:<12} {}", t.player, t.written.join(", "));
        }
    }
    if let Some(c) = &m.crop_circle {
        let _ = writeln!(
            out,
            "the crop circle ({}), after the turn as written:",
            c.followers
        );
        for (choice, turns) in [("circle:add", &c.add), ("circle:remove", &c.remove)] {
            if turns.is_empty() {
                let _ = writeln!(out, "  {choice:<14} nobody can act");
            }
            for (i, t) in turns.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  {:<14} {}: {}",
                    if i == 0 { choice } else { "" },
                    t.player,
                    t.written.join(", ")
                );
            }
        }
    }
    if let Some(d) = &m.princess_and_dragon {
        let _ = writeln!(
            out,
            "the Princess & the Dragon: the dragon {}, the fairy {}{}",
            d.dragon
                .as_ref()
                .map_or_else(|| "not yet in play".to_string(), |p| format!("at {p}")),
            d.fairy
                .as_ref()
                .map_or_else(|| "not yet placed".to_string(), |p| format!("at {p}")),
            if m.placements.is_empty() {
                ""
            } else {
                "; with any placement:"
            }
        );
        if !m.placements.is_empty() && d.fairy_moves.is_empty() && d.portal.is_empty() {
            let _ = writeln!(out, "  nothing more");
        }
        for f in &d.fairy_moves {
            let _ = writeln!(out, "  {:<22} moves the fairy to {}", f.written, f.at);
        }
        for p in &d.portal {
            let _ = writeln!(
                out,
                "  {:<22} a {} through the magic portal",
                p.written,
                p.figure.word()
            );
        }
    }
    if let Some(t) = &m.tower {
        let _ = writeln!(
            out,
            "the Tower: {} has {} tower {} left; with any placement:",
            m.player,
            t.pieces_in_hand,
            if t.pieces_in_hand == 1 {
                "piece"
            } else {
                "pieces"
            }
        );
        if t.pieces.is_empty() && t.closings.is_empty() && t.ransoms.is_empty() {
            let _ = writeln!(out, "  nothing more");
        }
        for piece in &t.pieces {
            let _ = writeln!(out, "  {}", piece_line(piece));
        }
        for c in &t.closings {
            let _ = writeln!(
                out,
                "  {:<22} closes the tower with a {}",
                c.written,
                c.figure.word()
            );
        }
        for r in &t.ransoms {
            let _ = writeln!(
                out,
                "  {:<22} buys back a {} from {} for {} points",
                r.written,
                r.figure.word(),
                r.jailer,
                r.points
            );
        }
    }
}

/// One line of `moves` for a tower piece: where, the height, the captures.
fn piece_line(p: &TowerPieceMove) -> String {
    let captures = if p.captures.is_empty() {
        "no prisoner within reach".to_string()
    } else {
        let list: Vec<String> = p
            .captures
            .iter()
            .map(|c| {
                let exchange = c
                    .exchange
                    .map(|k| format!(", {} back in exchange", k.word()))
                    .unwrap_or_default();
                format!(
                    "{} ({}'s {}{exchange})",
                    c.written,
                    c.player,
                    c.figure.word()
                )
            })
            .collect();
        format!("may take: {}", list.join(", "))
    };
    format!("{:<22} height {}; {captures}", p.written, p.height)
}
