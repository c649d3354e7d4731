//! The panels the SVG picture sets beside the board: The Tower's pieces and
//! prisoners, The Princess & the Dragon's dragon, fairy, tiles set aside and
//! meals, and the scoreboard.

use std::fmt::Write as _;

use super::pieces::{figure_name, meeple, prisoner_svg};
use super::shapes::Pt;
use super::{TOP, escape, num};
use crate::figures::Figure;
use crate::render::palette::colour;
use crate::render::scene::{FINAL_SCOREBOARD, fairy_follower, prisoners_by_jailer};
use crate::rules::Game;
use crate::score::scoreboard::{self, Space};

/// Line height of the panel beside the board.
const PANEL_LINE: f64 = 22.0;

/// The Tower's panel beside the board, from `x` on (`<g class="tower-panel">`):
/// the tower pieces each player has left (`class="pieces"`), then the
/// prisoners each player holds (`<g class="held" data-jailer="Bob">`, one
/// prisoner icon each). Returns it, its height and its right edge.
pub(super) fn tower_panel(
    game: &Game<'_>,
    towers: &crate::rules::expansions::tower::Towers,
    x: f64,
) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = TOP + 12.0;
    let mut right = x;
    out.push_str("<g class=\"tower-panel\" font-size=\"12\" fill=\"#333\">\n");
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Tower pieces left</text>",
        num(x),
        num(y)
    );
    right = right.max(x + 130.0);
    for (p, n) in towers.pieces().iter() {
        y += PANEL_LINE * 0.8;
        let label = format!("{} {n}", game.name(p));
        let _ = writeln!(
            out,
            "<g class=\"pieces\" data-player=\"{}\" data-pieces=\"{n}\"><rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            escape(game.name(p)),
            num(x),
            num(y - 9.0),
            colour(game, p).fill,
            colour(game, p).stroke,
            num(x + 16.0),
            num(y),
            escape(&label)
        );
        right = right.max(x + 16.0 + label.chars().count() as f64 * 7.5);
    }
    y += PANEL_LINE * 1.2;
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Prisoners</text>",
        num(x),
        num(y)
    );
    let held = prisoners_by_jailer(game, towers);
    if held.is_empty() {
        y += PANEL_LINE * 0.8;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"#777\">none</text>",
            num(x),
            num(y)
        );
    }
    for (jailer, list) in held {
        y += PANEL_LINE;
        let label = format!("{} holds", game.name(jailer));
        let _ = write!(
            out,
            "<g class=\"held\" data-jailer=\"{}\"><text x=\"{}\" y=\"{}\">{}</text>",
            escape(game.name(jailer)),
            num(x),
            num(y + 4.0),
            escape(&label)
        );
        let mut ix = x + label.chars().count() as f64 * 7.5 + 14.0;
        for (owner, figure, n) in list {
            for _ in 0..n {
                prisoner_svg(&mut out, game, Pt(ix, y), owner, figure);
                ix += 20.0;
            }
        }
        out.push_str("</g>\n");
        right = right.max(ix);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE - TOP, right)
}

/// Side of a space of the scoreboard in the SVG picture.
const SPACE: f64 = 17.0;

/// The scoreboard panel of the SVG picture, from `y` down at `x`
/// (`class="scoreboard"`): the 50 spaces in five rows of ten, 0 at the top
/// left, every fifth dark (`class="space" data-space="5" data-dark="true"`);
/// each player's marker a disc of the player's colour on its space
/// (`class="marker" data-player="Ann" data-space="6" data-points="56"`);
/// each robber on the scoreboard a square of its owner's colour (The
/// Robbers: `class="robber" data-player="Bob" data-space="6"`);
/// a line per player naming the space and, past 50, the points; and its
/// legend. Returns the text, the height it reaches below [`TOP`] and its
/// right edge.
pub(super) fn scoreboard_panel(
    game: &Game<'_>,
    x: f64,
    y: f64,
    final_scoring: bool,
) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = y;
    let mut right = x + 10.0 * SPACE;
    let (attribute, title) = if final_scoring {
        (
            " data-final-scoring=\"true\"",
            format!("Scoreboard {FINAL_SCOREBOARD}"),
        )
    } else {
        ("", "Scoreboard".to_string())
    };
    let _ = writeln!(
        out,
        "<g class=\"scoreboard\"{attribute} font-size=\"12\" fill=\"#333\">"
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{title}</text>",
        num(x),
        num(y)
    );
    right = right.max(x + title.chars().count() as f64 * 7.5);
    let top = y + 6.0;
    for space in (0..scoreboard::SPACES).filter_map(Space::new) {
        let n = space.number();
        let (sx, sy) = (
            x + f64::from(n % 10) * SPACE,
            top + f64::from(n / 10) * SPACE,
        );
        let fill = if space.is_dark() {
            "#b9ad8f"
        } else {
            "#efe8d6"
        };
        let _ = writeln!(
            out,
            "<g class=\"space\" data-space=\"{n}\" data-dark=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#8a7f66\" stroke-width=\"0.6\"/><text x=\"{}\" y=\"{}\" font-size=\"6\" fill=\"#6b6250\">{n}</text></g>",
            space.is_dark(),
            num(sx),
            num(sy),
            num(SPACE),
            num(SPACE),
            num(sx + 1.5),
            num(sy + 6.5)
        );
    }
    // The markers, several on one space side by side in seat order.
    let pawns = game.pawns();
    let mut on_space = [0u32; scoreboard::SPACES as usize];
    // The centre of the next free slot of space `n`: three a row.
    let mut slot = |n: u32| {
        let k = on_space.get(n as usize).copied().unwrap_or(0);
        if let Some(c) = on_space.get_mut(n as usize) {
            *c += 1;
        }
        (
            x + f64::from(n % 10) * SPACE + 4.5 + f64::from(k % 3) * 4.0,
            top + f64::from(n / 10) * SPACE + 9.5 + f64::from(k / 3) * 4.5,
        )
    };
    for (p, pawn) in pawns.iter() {
        let space = Space::of(pawn.marker);
        let n = space.number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<circle class=\"marker\" data-player=\"{}\" data-space=\"{n}\" data-points=\"{}\" cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(p)),
            pawn.marker,
            num(cx),
            num(cy),
            colour(game, p).fill,
            colour(game, p).stroke
        );
    }
    // The Messengers: each messenger a diamond of its owner's colour.
    for (p, pawn) in pawns.iter() {
        let Some(m) = pawn.messenger else { continue };
        let n = Space::of(m).number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<path class=\"messenger\" data-player=\"{}\" data-space=\"{n}\" data-points=\"{m}\" d=\"M{} {}l3 3l-3 3l-3 -3z\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(p)),
            num(cx),
            num(cy - 3.0),
            colour(game, p).fill,
            colour(game, p).stroke
        );
    }
    // The Robbers: each robber on the scoreboard a square of its owner's
    // colour, after the markers of its space.
    let robbers: Vec<(crate::player::Player, Space)> = game
        .robbers()
        .map(|r| r.on_board().collect())
        .unwrap_or_default();
    for (p, space) in &robbers {
        let n = space.number();
        let (cx, cy) = slot(n);
        let _ = writeln!(
            out,
            "<rect class=\"robber\" data-player=\"{}\" data-space=\"{n}\" x=\"{}\" y=\"{}\" width=\"5\" height=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"0.8\"/>",
            escape(game.name(*p)),
            num(cx - 2.5),
            num(cy - 2.5),
            colour(game, *p).fill,
            colour(game, *p).stroke
        );
    }
    y = top + 5.0 * SPACE;
    for (p, pawn) in pawns.iter() {
        y += PANEL_LINE * 0.8;
        let space = Space::of(pawn.marker);
        let mut label = if pawn.marker >= scoreboard::SPACES {
            format!("{}: space {space} ({} points)", game.name(p), pawn.marker)
        } else {
            format!("{}: space {space}", game.name(p))
        };
        if let Some(m) = pawn.messenger {
            let _ = write!(label, ", messenger on {}", Space::of(m));
        }
        if let Some((_, at)) = robbers.iter().find(|(r, _)| *r == p) {
            let _ = write!(label, ", robber on {at}");
        }
        let _ = writeln!(
            out,
            "<g class=\"pawns\" data-player=\"{}\"><circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\" stroke=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
            escape(game.name(p)),
            num(x + 5.0),
            num(y - 4.0),
            colour(game, p).fill,
            colour(game, p).stroke,
            num(x + 16.0),
            num(y),
            escape(&label)
        );
        right = right.max(x + 16.0 + label.chars().count() as f64 * 7.5);
    }
    // The legend.
    let robber_key = if robbers.is_empty() {
        None
    } else {
        Some("a square: a robber, on the space of the markers it may rob")
    };
    let messenger_key = pawns
        .iter()
        .any(|(_, p)| p.messenger.is_some())
        .then_some("a diamond: a messenger, on its points modulo 50");
    for text in [
        "a disc: a marker, on its points modulo 50",
        "dark: every fifth space",
    ]
    .into_iter()
    .chain(messenger_key)
    .chain(robber_key)
    {
        y += PANEL_LINE * 0.7;
        let _ = writeln!(
            out,
            "<text class=\"scoreboard-legend\" x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#777\">{text}</text>",
            num(x),
            num(y)
        );
        right = right.max(x + text.chars().count() as f64 * 6.0);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE * 0.5 - TOP, right)
}

/// The Princess & the Dragon's panel beside the board, from `x` and `y` on
/// (`<g class="dragon-panel">`): where the dragon and the fairy are, the
/// tiles set aside (`class="aside"`, `data-tiles`), and the figures the
/// dragon ate in the turn shown (`class="eaten"`, one meeple each). Returns
/// it, its bottom and its right edge.
pub(super) fn dragon_panel(
    game: &Game<'_>,
    d: &crate::rules::expansions::princess_and_dragon::Dragon,
    x: f64,
    y: f64,
) -> (String, f64, f64) {
    let mut out = String::new();
    let mut y = y;
    let mut right = x + 190.0;
    out.push_str("<g class=\"dragon-panel\" font-size=\"12\" fill=\"#333\">\n");
    let mut line = |out: &mut String, y: f64, class: &str, head: &str, text: &str| {
        let _ = writeln!(
            out,
            "<g class=\"{class}\"><text x=\"{}\" y=\"{y}\" font-weight=\"bold\">{}</text><text x=\"{}\" y=\"{y}\"> {}</text></g>",
            num(x),
            escape(head),
            num(x + bold_width(head)),
            escape(text),
            y = num(y),
        );
        right = right.max(x + (head.chars().count() + text.chars().count() + 1) as f64 * 7.0);
    };
    let dragon = d.dragon().map_or_else(
        || "not in play (no volcano yet)".to_string(),
        |p| format!("at {p}"),
    );
    line(&mut out, y, "dragon-at", "The dragon", &dragon);
    y += PANEL_LINE * 0.8;
    let fairy = match d.fairy() {
        None => "not placed yet".to_string(),
        Some(f) => {
            let next_to = game
                .board()
                .at(f.pos)
                .and_then(|placed| Some((placed, fairy_follower(game, placed, f)?)));
            match next_to {
                Some((placed, (segment, player))) => {
                    let spot =
                        crate::generate::spot_of(game, placed.tile, placed.rotation, segment)
                            .map_or_else(String::new, |s| format!(" on {s}"));
                    format!(
                        "at {}, next to {}'s follower{spot}",
                        f.pos,
                        game.name(player)
                    )
                }
                None => format!("at {}", f.pos),
            }
        }
    };
    line(&mut out, y, "fairy-at", "The fairy", &fairy);
    y += PANEL_LINE * 0.8;
    let aside: Vec<String> = d
        .aside()
        .iter()
        .map(|t| game.catalog().def(*t).id.clone())
        .collect();
    let text = if aside.is_empty() {
        "none".to_string()
    } else {
        aside.join(", ")
    };
    let _ = writeln!(
        out,
        "<g class=\"aside\" data-tiles=\"{}\"><text x=\"{}\" y=\"{y}\" font-weight=\"bold\">Set aside</text><text x=\"{}\" y=\"{y}\"> {}</text></g>",
        escape(&aside.join(" ")),
        num(x),
        num(x + bold_width("Set aside")),
        escape(&text),
        y = num(y),
    );
    if !d.eaten().is_empty() {
        y += PANEL_LINE;
        let head = format!("Eaten in turn {}", game.turn());
        let _ = write!(
            out,
            "<g class=\"eaten\"><text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>",
            num(x),
            num(y + 4.0),
            escape(&head)
        );
        let mut ix = x + head.chars().count() as f64 * 7.5 + 14.0;
        for (owner, figure) in d.eaten() {
            let scale = if *figure == Figure::Big { 1.3 } else { 1.0 };
            let mut icon = String::new();
            meeple(
                &mut icon,
                "meeple",
                Pt(0.0, 0.0),
                colour(game, *owner),
                false,
            );
            let _ = write!(
                out,
                "<g class=\"meal\" data-owner=\"{}\" data-figure=\"{}\" transform=\"translate({} {}) scale({})\">{icon}</g>",
                escape(game.name(*owner)),
                figure_name(*figure),
                num(ix),
                num(y),
                num(scale)
            );
            ix += 20.0;
        }
        out.push_str("</g>\n");
        right = right.max(ix);
    }
    out.push_str("</g>\n");
    (out, y + PANEL_LINE - TOP, right)
}

/// The room a bold label takes, a space after it included (text width
/// estimated): the words after it are a text of their own, since some
/// renderers place a `<tspan>` wrongly.
fn bold_width(head: &str) -> f64 {
    (head.chars().count() + 1) as f64 * 7.4
}
