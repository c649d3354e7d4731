//! The figures and tokens of the SVG picture: followers and the other
//! figures in their player's colour, towers with their guards, prisoners,
//! the magic pawns, and the expansions' tokens (symbols, flying machines,
//! crop circles, the princess, the dragon, the fairy, ferries).

use std::fmt::Write as _;

use super::shapes::{CENTRE, Pt, lerp, side_mid};
use super::{T, escape, num};
use crate::figures::Figure;
use crate::player::Player;
use crate::render::palette::{Colour, colour};
use crate::render::scene::TowerMark;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::tiles::{Compass, FeatureKind, Side, Symbol};

/// A meeple standing (or, for a farmer, lying) at a point of a tile.
pub(super) fn meeple(out: &mut String, class: &str, at: Pt, c: Colour, lying: bool) {
    const BODY: &str = "M-2 -2.4C-6 -1.8-9 -1.2-9 0.6C-9 2-6.5 2.4-4 2.2L-7 9H-1.8L0 5.6L1.8 9H7L4 2.2C6.5 2.4 9 2 9 0.6C9 -1.2 6 -1.8 2 -2.4Z";
    // The same body turned a quarter anticlockwise, its points written out
    // rather than rotated by a transform, which some renderers place wrongly
    // (ImageMagick's drew farmers off their tiles).
    const LYING: &str = "M-2.4 2C-1.8 6-1.2 9 0.6 9C2 9 2.4 6.5 2.2 4L9 7V1.8L5.6 0L9 -1.8V-7L2.2 -4C2.4 -6.5 2 -9 0.6 -9C-1.2 -9-1.8 -6-2.4 -2Z";
    let scale = T * 0.27 / 20.0;
    let (body, head) = if lying {
        (LYING, "cx=\"-5.4\" cy=\"0\"")
    } else {
        (BODY, "cx=\"0\" cy=\"-5.4\"")
    };
    let _ = write!(
        out,
        "<g class=\"{class}\" data-colour=\"{}\" transform=\"translate({} {}) scale({})\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\" stroke-linejoin=\"round\"><path d=\"{body}\"/><circle {head} r=\"3.6\"/></g>",
        c.name,
        num(at.0 * T),
        num(at.1 * T - if lying { 0.0 } else { T * 0.02 }),
        num(scale),
        c.fill,
        c.stroke,
    );
}

/// A figure at a point of a tile, in its owner's colour: a follower is a meeple
/// (lying down as a farmer), a large follower a bigger meeple, a builder a
/// robed figure with a hat, a pig a pig. Each is one `<g>` whose class names its
/// kind: `follower`, `big-follower`, `builder`, `pig`.
pub(super) fn figure_svg(out: &mut String, figure: Figure, at: Pt, c: Colour, lying: bool) {
    match figure {
        Figure::Follower => meeple(out, "follower", at, c, lying),
        Figure::Big => {
            // One group, scaled in place (a group in a group is drawn wrong,
            // or refused when deep, by some renderers).
            let mut icon = String::new();
            meeple(&mut icon, "big-follower", Pt(0.0, 0.0), c, lying);
            let scaled = format!(
                "transform=\"translate({} {}) scale(1.4) ",
                num(at.0 * T),
                num(at.1 * T)
            );
            out.push_str(&icon.replacen("transform=\"", &scaled, 1));
        }
        Figure::Builder => figure_icon(
            out,
            "builder",
            c,
            at,
            "<path d=\"M-3.6 -2.2H3.6L6.5 9H-6.5Z\"/><circle cx=\"0\" cy=\"-5.6\" r=\"3.3\"/><path d=\"M-5.6 -8.2H5.6L3.2 -11.8H-3.2Z\"/>",
        ),
        Figure::Pig => figure_icon(
            out,
            "pig",
            c,
            at,
            "<path d=\"M-5 5H-2.4V10H-5ZM-1.2 5H1.4V10.4H-1.2ZM2.8 5H5.4V10.4H2.8ZM6 5H8.6V10H6Z\"/><path d=\"M9 1.5Q12 0.5 10.8 3.4\" fill=\"none\"/><ellipse cx=\"1.8\" cy=\"2.4\" rx=\"8\" ry=\"5.2\"/><circle cx=\"-6.2\" cy=\"0\" r=\"3.9\"/><path d=\"M-7.6 -3L-5.6 -6.6L-4 -2.8Z\"/><ellipse cx=\"-9.8\" cy=\"0.6\" rx=\"1.7\" ry=\"2\"/>",
        ),
    }
}

/// A builder or pig drawn from its outline `body` (SVG elements in a 20-unit
/// box), in a player's colours, at a point of the tile.
fn figure_icon(out: &mut String, class: &str, c: Colour, at: Pt, body: &str) {
    let _ = write!(
        out,
        "<g class=\"{class}\" data-colour=\"{}\" transform=\"translate({} {}) scale({})\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\" stroke-linejoin=\"round\">{body}</g>",
        c.name,
        num(at.0 * T),
        num(at.1 * T - T * 0.02),
        num(T * 0.27 / 20.0),
        c.fill,
        c.stroke,
    );
}

/// A tower (`<g class="tower" data-height="2">`): a stone keep with
/// battlements and its height written on it; a follower closing it stands on
/// top in its owner's colour (`class="guard"`, the tower's
/// `data-guard="Ann" data-guard-figure="big"`).
pub(super) fn tower_svg(
    out: &mut String,
    game: &Game<'_>,
    at: Pt,
    mark: TowerMark,
    guard_class: &str,
) {
    let p = |u: f64| num(u * T);
    let (x, y) = (at.0, at.1);
    let (w, h) = (0.18, 0.2);
    let guard = mark
        .guard
        .map(|(player, figure)| {
            format!(
                " data-guard=\"{}\" data-guard-figure=\"{}\"",
                escape(game.name(player)),
                figure_name(figure)
            )
        })
        .unwrap_or_default();
    let top = y - h / 2.0;
    let notch = w / 5.0;
    let _ = write!(
        out,
        "<g class=\"tower\" data-height=\"{}\"{guard}><path d=\"M{} {}V{}H{}V{}H{}V{}H{}V{}H{}V{}H{}V{}H{}Z\" fill=\"#8f8a80\" stroke=\"#3d3a35\" stroke-width=\"1\" stroke-linejoin=\"round\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
        mark.height,
        p(x - w / 2.0),
        p(y + h / 2.0),
        p(top),
        p(x - w / 2.0 + notch),
        p(top + notch),
        p(x - notch / 2.0),
        p(top),
        p(x + notch / 2.0),
        p(top + notch),
        p(x + w / 2.0 - notch),
        p(top),
        p(x + w / 2.0),
        p(y + h / 2.0),
        p(x - w / 2.0),
        p(x),
        p(y + h * 0.38),
        p(0.15),
        mark.height
    );
    if let Some((player, figure)) = mark.guard {
        let scale = if figure == Figure::Big { 1.3 } else { 1.0 };
        let mut icon = String::new();
        meeple(
            &mut icon,
            guard_class,
            Pt(0.0, 0.0),
            colour(game, player),
            false,
        );
        // Moved and scaled in its own group, not in another.
        let placed = format!(
            "transform=\"translate({} {}) scale({}) ",
            p(x),
            p(top - 0.09 * scale),
            num(scale)
        );
        out.push_str(&icon.replacen("transform=\"", &placed, 1));
    }
    out.push_str("</g>");
}

/// A prisoner: its owner's meeple behind bars (`class="prisoner"`).
pub(super) fn prisoner_svg(
    out: &mut String,
    game: &Game<'_>,
    at: Pt,
    owner: Player,
    figure: Figure,
) {
    let scale = if figure == Figure::Big { 1.3 } else { 1.0 };
    let mut icon = String::new();
    meeple(
        &mut icon,
        "meeple",
        Pt(0.0, 0.0),
        colour(game, owner),
        false,
    );
    let bars: String = [-0.1, -0.035, 0.035, 0.1]
        .iter()
        .map(|dx| format!("M{} {}V{}", num(dx * T), num(-0.14 * T), num(0.14 * T)))
        .collect();
    let _ = write!(
        out,
        "<g class=\"prisoner\" data-owner=\"{}\" data-figure=\"{}\" transform=\"translate({} {}) scale({})\">{icon}<path d=\"{bars}\" stroke=\"#333\" stroke-width=\"1.3\"/></g>",
        escape(game.name(owner)),
        figure_name(figure),
        num(at.0),
        num(at.1),
        num(scale)
    );
}

/// The class of a tile's symbol in the SVG picture.
pub(super) fn symbol_class(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Volcano => "volcano",
        Symbol::Dragon => "dragon-tile",
        Symbol::Portal => "portal",
        Symbol::Goldmine => "goldmine",
        Symbol::Mage => "magic",
        Symbol::Lake => "lake",
        Symbol::Bag => "bag",
    }
}

/// A mark of The Princess & the Dragon drawn from its outline `body` (SVG
/// elements in a 20-unit box) at a point of a tile, scaled by `scale`.
fn token_svg(out: &mut String, class: &str, extra: &str, at: Pt, scale: f64, body: &str) {
    let _ = write!(
        out,
        "<g class=\"{class}\"{extra} transform=\"translate({} {}) scale({})\" stroke-width=\"1\" stroke-linejoin=\"round\">{body}</g>",
        num(at.0 * T),
        num(at.1 * T),
        num(T * 0.27 / 20.0 * scale)
    );
}

/// A magic pawn (Mage & Witch): a purple disc marked M for the mage
/// (`class="mage"`), an orange one marked W for the witch (`class="witch"`).
pub(super) fn pawn_svg(out: &mut String, pawn: Pawn, at: Pt) {
    let (fill, letter) = match pawn {
        Pawn::Mage => ("#8e44ad", 'M'),
        Pawn::Witch => ("#e67e22", 'W'),
    };
    let body = format!(
        "<circle r=\"8\" fill=\"{fill}\" stroke=\"#2b1636\"/><text y=\"4\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\" stroke=\"none\">{letter}</text>"
    );
    token_svg(out, pawn.name(), "", at, 1.0, &body);
}

/// A tile's symbol: a volcano (a brown cone with a glowing crater,
/// `class="volcano"`), a dragon (a red badge with a white D,
/// `class="dragon-tile"`), a magic portal (a violet arch, `class="portal"`).
pub(super) fn symbol_svg(out: &mut String, symbol: Symbol, at: Pt) {
    let body = match symbol {
        Symbol::Volcano => {
            "<path d=\"M-9 7L-3 -4H3L9 7Z\" fill=\"#7a4b2a\" stroke=\"#3b2414\"/><path d=\"M-3 -4Q0 -10 3 -4Z\" fill=\"#ff5a1f\" stroke=\"#a4290c\"/>"
        }
        Symbol::Dragon => {
            "<circle r=\"8\" fill=\"#b3121f\" stroke=\"#4a0a0e\"/><text y=\"4\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\" stroke=\"none\">D</text>"
        }
        Symbol::Portal => {
            "<path d=\"M-6 8V-1A6 6 0 0 1 6 -1V8Z\" fill=\"#dcc6f7\" stroke=\"#6a2ca0\" stroke-width=\"2\"/>"
        }
        Symbol::Goldmine => {
            "<path d=\"M-8 5L-5 -3H5L8 5Z\" fill=\"#f4c430\" stroke=\"#8a6a00\"/><path d=\"M-5 -3L-3 -6H3L5 -3\" fill=\"#ffe27a\" stroke=\"#8a6a00\"/>"
        }
        Symbol::Mage => {
            "<path d=\"M0 -8L2 -2L8 -2L3 2L5 8L0 4L-5 8L-3 2L-8 -2L-2 -2Z\" fill=\"#c9a0f0\" stroke=\"#5b1f8a\"/>"
        }
        Symbol::Lake => "<circle r=\"9\" fill=\"#7fb8e6\" stroke=\"#2a6aa8\"/>",
        Symbol::Bag => {
            "<path d=\"M-7 8Q-10 0 -3 -3L-5 -8H5L3 -3Q10 0 7 8Z\" fill=\"#c19a5b\" stroke=\"#5a3d1c\"/>"
        }
    };
    token_svg(out, symbol_class(symbol), "", at, 1.0, body);
}

/// A flying machine: a slate-blue arrow turned the way it points on the
/// board (`class="flier"`, `data-arrow` its direction).
pub(super) fn flight_svg(out: &mut String, arrow: Compass, at: Pt) {
    // Drawn pointing east, then turned: 45 degrees an eighth, clockwise
    // from north (the screen's y grows south).
    // The points are turned here rather than by a transform, which some
    // renderers place wrongly in a group.
    let degrees = (arrow as i32 * 45 + 270) % 360;
    let (sin, cos) = f64::from(degrees).to_radians().sin_cos();
    let points = [
        (-8.0, -2.5),
        (2.0, -2.5),
        (2.0, -6.0),
        (9.0, 0.0),
        (2.0, 6.0),
        (2.0, 2.5),
        (-8.0, 2.5),
    ];
    let mut d = String::new();
    for (i, (x, y)) in points.into_iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { "M" } else { "L" },
            num(x * cos - y * sin),
            num(x * sin + y * cos)
        );
    }
    let body = format!("<path d=\"{d}Z\" fill=\"#7fa8d1\" stroke=\"#1f3f66\"/>");
    token_svg(
        out,
        "flier",
        &format!(" data-arrow=\"{arrow}\""),
        at,
        1.0,
        &body,
    );
}

/// A crop circle: rings trodden in the grain (`class="crop-circle"`,
/// `data-kind` the followers it designates: `field`, `road`, `city`).
pub(super) fn circle_svg(out: &mut String, kind: Option<FeatureKind>, at: Pt) {
    let extra = kind
        .map(|k| format!(" data-kind=\"{k}\""))
        .unwrap_or_default();
    token_svg(
        out,
        "crop-circle",
        &extra,
        at,
        1.0,
        "<circle r=\"8\" fill=\"#e9d27a\" stroke=\"#8a6d1c\"/><circle r=\"4.5\" fill=\"none\" stroke=\"#8a6d1c\"/><circle r=\"1.5\" fill=\"#8a6d1c\" stroke=\"none\"/>",
    );
}

/// The princess: a golden crown in her city (`class="princess"`).
pub(super) fn princess_svg(out: &mut String, at: Pt) {
    token_svg(
        out,
        "princess",
        "",
        at,
        0.9,
        "<path d=\"M-8 5V-5L-4 0L0 -7L4 0L8 -5V5Z\" fill=\"#f4c430\" stroke=\"#9a5b12\"/><circle cy=\"1\" r=\"1.8\" fill=\"#e75480\" stroke=\"none\"/>",
    );
}

/// The dragon: an orange winged beast, in no player's colour
/// (`class="dragon"`).
pub(super) fn dragon_svg(out: &mut String, at: Pt) {
    token_svg(
        out,
        "dragon",
        "",
        at,
        1.1,
        "<path d=\"M-2 -3L-10 -9L-7 1ZM2 -3L10 -9L7 1Z\" fill=\"#6b2e0e\" stroke=\"#2b1205\"/><ellipse cy=\"1\" rx=\"4.5\" ry=\"7.5\" fill=\"#e8731a\" stroke=\"#2b1205\"/><path d=\"M0 8L2 11L-2 11Z\" fill=\"#e8731a\" stroke=\"#2b1205\"/><circle cy=\"-8\" r=\"3.4\" fill=\"#e8731a\" stroke=\"#2b1205\"/>",
    );
}

/// The fairy: a small winged figure in light blue (`class="fairy"`; with
/// `fairy-next-follower`, `data-next-to` names the follower's owner).
pub(super) fn fairy_svg(out: &mut String, at: Pt, next_to: Option<&str>) {
    let extra = next_to
        .map(|name| format!(" data-next-to=\"{}\"", escape(name)))
        .unwrap_or_default();
    token_svg(
        out,
        "fairy",
        &extra,
        at,
        1.0,
        "<ellipse cx=\"-4.5\" cy=\"-1\" rx=\"4\" ry=\"6.5\" fill=\"#d8f3ff\" stroke=\"#4a90b8\"/><ellipse cx=\"4.5\" cy=\"-1\" rx=\"4\" ry=\"6.5\" fill=\"#d8f3ff\" stroke=\"#4a90b8\"/><path d=\"M-2.5 -2H2.5L4 8H-4Z\" fill=\"#5cc8ff\" stroke=\"#1f5f85\"/><circle cy=\"-5\" r=\"2.8\" fill=\"#ffe08a\" stroke=\"#9a7a1a\"/>",
    );
}

/// A ferry (`class="ferry"`, `data-ends` the edges of the two roads it
/// joins): a brown boat in the lake at the tile's centre, its wake joining
/// the two road ends; `None`, the boat alone (the legend's icon, at the
/// origin).
pub(super) fn ferry_svg(out: &mut String, ends: Option<(Side, Side)>) {
    let boat = "<rect x=\"-6\" y=\"-3\" width=\"12\" height=\"6\" rx=\"3\" fill=\"#a0522d\" stroke=\"#4a2410\"/>";
    let Some((a, b)) = ends else {
        token_svg(out, "ferry", "", Pt(0.0, 0.0), 1.0, boat);
        return;
    };
    let (pa, pb) = (
        lerp(CENTRE, side_mid(a), 0.6),
        lerp(CENTRE, side_mid(b), 0.6),
    );
    let _ = write!(
        out,
        "<g class=\"ferry\" data-ends=\"{a}{b}\"><path d=\"M{} {}Q{} {} {} {}\" fill=\"none\" stroke=\"#4a2410\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/><rect x=\"{}\" y=\"{}\" width=\"12\" height=\"6\" rx=\"3\" fill=\"#a0522d\" stroke=\"#4a2410\"/></g>",
        num(pa.0 * T),
        num(pa.1 * T),
        num(CENTRE.0 * T),
        num(CENTRE.1 * T),
        num(pb.0 * T),
        num(pb.1 * T),
        num(CENTRE.0 * T - 6.0),
        num(CENTRE.1 * T - 3.0),
    );
}

/// A figure kind as the notation and the JSON documents name it.
pub(super) fn figure_name(figure: Figure) -> &'static str {
    figure.notation().unwrap_or("follower")
}
