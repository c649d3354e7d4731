//! The picture of the board for a terminal ([`board_text`]): each tile in
//! 5×3 character cells (`terminal/tiles.rs`), the lines beside the board
//! (`terminal/panels.rs`: the scoreboard, The Tower, The Princess & the
//! Dragon), then the keys.

mod panels;
mod tiles;

use std::fmt::Write as _;

use self::panels::{DARK_SPACE, beside, dragon_lines, pawn_text, scoreboard_lines, tower_lines};
use self::tiles::{TH, TW, TextTile, figure_mark, road_char, text_tile};
use super::palette::{colour, markers, players};
use super::scene::{
    Glyph, OnTile, Seen, Standing, TOWER_CHAR, bounds, dragon_marks, feature_segments, goods_char,
    scored_end, standing, symbol_word, tower_marks,
};
use crate::board::Pos;
use crate::figures::Figure;
use crate::rules::Game;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::score::FeatureRef;
use crate::tiles::{Compass, FeatureKind, Goods, SegmentId, Side, Symbol};

/// How [`board_text`] draws.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShowOptions {
    /// Colour the picture with ANSI escapes (figures in their player's colour,
    /// fields green, cities yellow, the River cyan). Without colour a figure is
    /// marked by its player's initial (or seat digit when initials clash), and a
    /// large follower, builder or pig by the marker and its kind's mark.
    pub color: bool,
    /// A feature to show: its parts are drawn in heavy strokes (`█` city,
    /// `━ ┃ ┏ …` road, `•` field, `■` monastery), and in orange with colour;
    /// a key line names it. A reference that names no segment on the board
    /// draws nothing more ([`super::highlight_fault`] tells why).
    pub highlight: Option<FeatureRef>,
    /// Draw the scoreboard after the final scoring, titled so: a finished
    /// game shown at its end. The board stays as the last turn left it.
    pub final_scoring: bool,
}

fn pos_at(x: i64, y: i64) -> Option<Pos> {
    Some(Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
}

/// The text mark of the River's water.
const RIVER_CHAR: char = '≈';

/// The text mark of an inn.
const INN_CHAR: char = 'i';

/// The text mark of a cathedral.
const CATHEDRAL_CHAR: char = '†';

/// The text mark of an empty tower place.
const TOWER_PLACE_CHAR: char = 't';

/// The text mark of the princess in her city.
const PRINCESS_CHAR: char = '*';

/// The text mark of the dragon.
const DRAGON_CHAR: char = '@';

/// The text mark of the fairy.
const FAIRY_CHAR: char = 'f';

/// The text mark of a tile's symbol: `^` a volcano, `d` a dragon, `o` a
/// magic portal (lower case and signs: a player's marker is an initial or a
/// digit).
fn symbol_char(symbol: Symbol) -> char {
    match symbol {
        Symbol::Volcano => '^',
        Symbol::Dragon => 'd',
        Symbol::Portal => 'o',
        Symbol::Goldmine => '$',
        Symbol::Mage => '%',
        Symbol::Lake => '~',
        Symbol::Bag => '&',
    }
}

/// The colour of a tile's symbol on a terminal.
fn symbol_ansi(symbol: Symbol) -> &'static str {
    match symbol {
        Symbol::Volcano => "1;38;5;202",
        Symbol::Dragon => "1;38;5;160",
        Symbol::Portal => "1;38;5;93",
        Symbol::Goldmine => "1;38;5;178",
        Symbol::Mage => "1;38;5;129",
        Symbol::Lake => "1;38;5;33",
        Symbol::Bag => "1;38;5;130",
    }
}

/// The text mark of a flying machine: its arrow, as it points on the board.
fn flight_char(arrow: Compass) -> char {
    match arrow {
        Compass::N => '↑',
        Compass::NE => '↗',
        Compass::E => '→',
        Compass::SE => '↘',
        Compass::S => '↓',
        Compass::SW => '↙',
        Compass::W => '←',
        Compass::NW => '↖',
    }
}

/// The text mark of a crop circle.
const CIRCLE_CHAR: char = '◎';

/// The colour of a crop circle on a terminal.
const CIRCLE_ANSI: &str = "1;38;5;136";

/// The colour of a flying machine on a terminal.
const FLIGHT_ANSI: &str = "1;38;5;24";

/// The colour of a ferry (The Ferries).
const FERRY_ANSI: &str = "1;38;5;130";

/// The colour of the princess on a terminal.
const PRINCESS_ANSI: &str = "1;38;5;205";

/// The colour of the dragon on a terminal: white on orange (no player's).
const DRAGON_ANSI: &str = "1;97;48;5;166";

/// The colour of the fairy on a terminal: black on light blue.
const FAIRY_ANSI: &str = "1;30;106";

/// The style of a character of the text picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Field,
    City,
    Banner,
    Monastery,
    River,
    Inn,
    Cathedral,
    Goods,
    /// A tower or a tower place.
    Tower,
    /// A mark of The Princess & the Dragon, with its colour code.
    Mark(&'static str),
    /// A figure, with its player's colour code.
    Follower(&'static str),
    /// A part of the highlighted feature.
    Highlight,
}

impl Style {
    fn ansi(self) -> Option<&'static str> {
        match self {
            Style::Plain => None,
            Style::Field => Some("32"),
            Style::City => Some("33"),
            Style::Banner => Some("1;34"),
            Style::Monastery => Some("1;31"),
            Style::River => Some("36"),
            Style::Inn => Some("1;35"),
            Style::Cathedral => Some("1;31"),
            Style::Goods => Some("1;32"),
            Style::Tower => Some("1;7"),
            Style::Mark(ansi) => Some(ansi),
            Style::Follower(ansi) => Some(ansi),
            Style::Highlight => Some("1;38;5;208"),
        }
    }
}

type Line = Vec<(char, Style)>;

fn push_str(line: &mut Line, s: &str, style: Style) {
    line.extend(s.chars().map(|c| (c, style)));
}

fn render_line(line: &[(char, Style)], color: bool, out: &mut String) {
    let end = line
        .iter()
        .rposition(|(c, s)| *c != ' ' || *s != Style::Plain)
        .map_or(0, |i| i + 1);
    let mut current = Style::Plain;
    for (c, s) in line.iter().take(end) {
        if color && *s != current {
            if current != Style::Plain {
                out.push_str("\x1b[0m");
            }
            if let Some(code) = s.ansi() {
                let _ = write!(out, "\x1b[{code}m");
            }
            current = *s;
        }
        out.push(*c);
    }
    if color && current != Style::Plain {
        out.push_str("\x1b[0m");
    }
    out.push('\n');
}

/// A Unicode picture of the board for a terminal.
///
/// Each tile takes 5 columns and 3 rows, drawn from the catalog geometry: `▓` city,
/// `◆` a city's banner, `─ │ ┌ ┼ …` roads, `⌂` a monastery, `·` field; empty
/// squares are blank. The expansions add `≈` the River (from each river edge to
/// the tile's centre; a road crossing it on a bridge keeps the centre), `i` an
/// inn on a field cell beside its road, `†` a cathedral and `w`, `g`, `c` the
/// goods (wine, grain, cloth) on a cell of their city. A follower replaces the
/// cell of the spot it stands on, marked by its player's initial (the seat digit
/// when initials clash); a large follower, builder or pig takes two cells side by
/// side, the marker then `+`, `b` or `p` (`A+`, `Ab`, `Ap`). The Princess &
/// the Dragon adds its tiles' symbols (`^` a volcano, `d` a dragon, `o` a
/// magic portal, `*` the princess in her city), the dragon `@` and the fairy
/// `f` (beside the follower it stands next to, with `fairy-next-follower`),
/// and lines beside the board: where they are, the tiles set aside, the
/// figures the dragon ate in the turn shown. With
/// [`ShowOptions::color`] figures are shown in their player's colour and the
/// River in cyan. The x coordinates run along the top, the y coordinates down
/// the left side (north up). Beside the board stands the scoreboard: a ruler
/// of its 50 spaces and a row per player with the player's letter on the
/// space of its marker ([`crate::score::scoreboard`]). Three legend lines
/// follow: the players with their markers and colours, the key of the
/// symbols, and the key of the scoreboard; then, only when the board
/// shows them, a line keying the expansions' marks and one keying the figures
/// other than the follower.
///
/// ```
/// use carcref::{TileCatalog, parse, referee::replay_to, render};
///
/// let catalog = TileCatalog::embedded().unwrap();
/// let text = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\n1. Ann U 1,0 r0 +E\n";
/// let games = parse(text);
/// let game = replay_to(&games[0].record, &catalog, None).unwrap();
/// let picture = render::board_text(&game, &render::ShowOptions::default());
/// assert!(picture.contains("·▓▓▓·"));
/// assert!(picture.contains("───A─"));
/// ```
pub fn board_text(game: &Game<'_>, options: &ShowOptions) -> String {
    let board = game.board();
    let tiles = board.tiles();
    let marks = markers(game);
    let mut lines: Vec<Line> = Vec::new();
    let mut seen = Seen::default();
    let highlight = options
        .highlight
        .and_then(|f| Some((f, feature_segments(game, f)?)));
    let highlighted: &[(usize, SegmentId)] = highlight.as_ref().map_or(&[], |(_, (_, h))| h);
    if let Some((min_x, max_x, min_y, max_y)) = bounds(tiles) {
        let standing = standing(game);
        let towers = tower_marks(game);
        let dragons = dragon_marks(game);
        let y_labels: Vec<String> = (min_y..=max_y).map(|y| y.to_string()).collect();
        let margin = y_labels.iter().map(String::len).max().unwrap_or(1) + 1;
        let columns = usize::try_from(max_x - min_x + 1).unwrap_or(0);
        // The x axis, each label centred over its column.
        let mut axis: Line = vec![(' ', Style::Plain); margin + columns * TW];
        for (k, x) in (min_x..=max_x).enumerate() {
            let label: String = x.to_string().chars().take(TW).collect();
            let start = margin + k * TW + TW.saturating_sub(label.len()) / 2;
            for (i, ch) in label.chars().enumerate() {
                if let Some(cell) = axis.get_mut(start + i) {
                    *cell = (ch, Style::Plain);
                }
            }
        }
        lines.push(axis);
        for y in (min_y..=max_y).rev() {
            let row_tiles: Vec<Option<(usize, TextTile)>> = (min_x..=max_x)
                .map(|x| {
                    let index = pos_at(x, y).and_then(|p| board.index_at(p))?;
                    let placed = board.tile(index)?;
                    let def = game.catalog().get(placed.tile)?;
                    let figures: Vec<OnTile> = standing
                        .iter()
                        .filter(|s| s.tile == index as usize)
                        .map(Standing::on_tile)
                        .collect();
                    let tower = towers.get(index as usize).copied().flatten();
                    let dragon = dragons.get(index as usize).copied().unwrap_or_default();
                    Some((
                        index as usize,
                        text_tile(def, placed.rotation, &figures, tower, dragon),
                    ))
                })
                .collect();
            for r in 0..TH {
                let mut line: Line = Vec::new();
                let label = if r == TH / 2 {
                    y.to_string()
                } else {
                    String::new()
                };
                push_str(
                    &mut line,
                    &format!("{label:>width$} ", width = margin - 1),
                    Style::Plain,
                );
                for tile in &row_tiles {
                    for c in 0..TW {
                        let glyph = tile.as_ref().map_or(Glyph::Empty, |t| t.1.glyph((r, c)));
                        seen.note(glyph);
                        let marked = tile.as_ref().is_some_and(|(i, t)| {
                            t.owner((r, c))
                                .is_some_and(|o| highlighted.binary_search(&(*i, o)).is_ok())
                        });
                        let cell = match glyph {
                            Glyph::Empty => (' ', Style::Plain),
                            Glyph::Field => ('·', Style::Field),
                            Glyph::City => ('▓', Style::City),
                            Glyph::Banner => ('◆', Style::Banner),
                            Glyph::Road(ch) => (ch, Style::Plain),
                            Glyph::Monastery => ('⌂', Style::Monastery),
                            Glyph::River => (RIVER_CHAR, Style::River),
                            Glyph::Inn => (INN_CHAR, Style::Inn),
                            Glyph::Cathedral => (CATHEDRAL_CHAR, Style::Cathedral),
                            Glyph::Goods(g) => (goods_char(g), Style::Goods),
                            Glyph::Figure(p, _) => (
                                marks.get(p.index()).copied().unwrap_or('?'),
                                Style::Follower(colour(game, p).ansi),
                            ),
                            Glyph::FigureKind(p, f) => (
                                figure_mark(f).unwrap_or('?'),
                                Style::Follower(colour(game, p).ansi),
                            ),
                            Glyph::TowerPlace => (TOWER_PLACE_CHAR, Style::Tower),
                            Glyph::Tower => (TOWER_CHAR, Style::Tower),
                            Glyph::TowerHeight(d) => (d, Style::Tower),
                            Glyph::Symbol(symbol) => {
                                (symbol_char(symbol), Style::Mark(symbol_ansi(symbol)))
                            }
                            Glyph::Princess => (PRINCESS_CHAR, Style::Mark(PRINCESS_ANSI)),
                            Glyph::Dragon => (DRAGON_CHAR, Style::Mark(DRAGON_ANSI)),
                            Glyph::Fairy => (FAIRY_CHAR, Style::Mark(FAIRY_ANSI)),
                            Glyph::Flight(arrow) => (flight_char(arrow), Style::Mark(FLIGHT_ANSI)),
                            Glyph::Circle => (CIRCLE_CHAR, Style::Mark(CIRCLE_ANSI)),
                            Glyph::Ferry(ch) => (ch, Style::Mark(FERRY_ANSI)),
                        };
                        line.push(match cell {
                            // A figure keeps its owner's colour.
                            (_, Style::Follower(_)) => cell,
                            (ch, _) if marked => (heavy(ch), Style::Highlight),
                            _ => cell,
                        });
                    }
                }
                lines.push(line);
            }
        }
    } else {
        lines.push(
            "(no tiles on the board)"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    let end = scored_end(game, options.final_scoring);
    let scores = end.as_ref().unwrap_or(game);
    beside(&mut lines, scoreboard_lines(scores, &marks, end.is_some()));
    let mut legend: Line = Vec::new();
    push_str(
        &mut legend,
        &format!("after turn {}:", game.turn()),
        Style::Plain,
    );
    for p in players(game) {
        push_str(&mut legend, " ", Style::Plain);
        legend.push((
            marks.get(p.index()).copied().unwrap_or('?'),
            Style::Follower(colour(game, p).ansi),
        ));
        push_str(
            &mut legend,
            &format!(
                " {} ({})",
                crate::render::shown_text(game.name(p), crate::render::MAX_TEXT),
                colour(game, p).name
            ),
            Style::Plain,
        );
    }
    lines.push(legend);
    let mut key: Line = Vec::new();
    for (i, (symbol, style, what)) in [
        ("▓", Style::City, "city"),
        ("◆", Style::Banner, "banner"),
        ("─│", Style::Plain, "road"),
        ("⌂", Style::Monastery, "monastery"),
        ("·", Style::Field, "field"),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            push_str(&mut key, "  ", Style::Plain);
        }
        push_str(&mut key, symbol, style);
        push_str(&mut key, &format!(" {what}"), Style::Plain);
    }
    lines.push(key);
    let mut track: Line = Vec::new();
    push_str(&mut track, &DARK_SPACE.to_string(), Style::Plain);
    push_str(
        &mut track,
        " every fifth space of the scoreboard; a player's letter on the track: the marker, on the player's points modulo 50 (past 50: the points in parentheses)",
        Style::Plain,
    );
    lines.push(track);
    if scores.pawns().iter().any(|(_, p)| p.messenger.is_some()) {
        lines.push(
            "+ on the track: the player's messenger (The Messengers), on its points modulo 50"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    if scores
        .robbers()
        .is_some_and(|r| r.on_board().next().is_some())
    {
        lines.push(
            "lower case on the track: the player's robber (The Robbers), on the space of the markers it may rob"
                .chars()
                .map(|c| (c, Style::Plain))
                .collect(),
        );
    }
    // The expansions' marks, each only when the board shows it.
    let mut extra: Vec<(String, Style, &str)> = Vec::new();
    if seen.river {
        extra.push((RIVER_CHAR.to_string(), Style::River, "river"));
    }
    if seen.inn {
        extra.push((INN_CHAR.to_string(), Style::Inn, "inn"));
    }
    if seen.cathedral {
        extra.push((CATHEDRAL_CHAR.to_string(), Style::Cathedral, "cathedral"));
    }
    for goods in Goods::ALL {
        if seen.goods.get(goods.index()) == Some(&true) {
            extra.push((goods_char(goods).to_string(), Style::Goods, goods.name()));
        }
    }
    if seen.tower_place {
        extra.push((TOWER_PLACE_CHAR.to_string(), Style::Tower, "tower place"));
    }
    if seen.tower {
        extra.push((
            format!("{TOWER_CHAR}2"),
            Style::Tower,
            "tower of 2 stories (then its guard, if closed)",
        ));
    }
    for (i, symbol) in Symbol::ALL.into_iter().enumerate() {
        if seen.symbols.get(i) == Some(&true) {
            extra.push((
                symbol_char(symbol).to_string(),
                Style::Mark(symbol_ansi(symbol)),
                symbol_word(symbol),
            ));
        }
    }
    if seen.princess {
        extra.push((
            PRINCESS_CHAR.to_string(),
            Style::Mark(PRINCESS_ANSI),
            "princess",
        ));
    }
    if seen.dragon {
        extra.push((
            DRAGON_CHAR.to_string(),
            Style::Mark(DRAGON_ANSI),
            "the dragon",
        ));
    }
    if seen.fairy {
        extra.push((FAIRY_CHAR.to_string(), Style::Mark(FAIRY_ANSI), "the fairy"));
    }
    if seen.flight {
        extra.push((
            flight_char(Compass::W).to_string(),
            Style::Mark(FLIGHT_ANSI),
            "flying machine (its arrow)",
        ));
    }
    if seen.circle {
        extra.push((
            CIRCLE_CHAR.to_string(),
            Style::Mark(CIRCLE_ANSI),
            "crop circle",
        ));
    }
    if seen.ferry {
        extra.push((
            road_char(&[Side::East, Side::West]).to_string(),
            Style::Mark(FERRY_ANSI),
            "ferry (joins two roads across the lake)",
        ));
    }
    let mut figures: Line = Vec::new();
    for figure in Figure::ALL {
        let (Some(player), Some(mark)) = (
            seen.figures.get(figure.index()).copied().flatten(),
            figure_mark(figure),
        ) else {
            continue;
        };
        if !figures.is_empty() {
            push_str(&mut figures, "  ", Style::Plain);
        }
        let style = Style::Follower(colour(game, player).ansi);
        figures.push((marks.get(player.index()).copied().unwrap_or('?'), style));
        figures.push((mark, style));
        push_str(&mut figures, &format!(" {}", figure.word()), Style::Plain);
    }
    if !extra.is_empty() {
        let mut line: Line = Vec::new();
        for (i, (symbol, style, what)) in extra.iter().enumerate() {
            if i > 0 {
                push_str(&mut line, "  ", Style::Plain);
            }
            push_str(&mut line, symbol, *style);
            push_str(&mut line, &format!(" {what}"), Style::Plain);
        }
        lines.push(line);
    }
    if !figures.is_empty() {
        lines.push(figures);
    }
    if let Some(towers) = game.towers() {
        tower_lines(game, towers, &marks, &mut lines);
    }
    if let Some(d) = game.princess_and_dragon() {
        dragon_lines(game, d, &marks, &mut lines);
    }
    if game.magic().is_some() {
        let text = format!(
            "the mage: {}; the witch: {}",
            pawn_text(game, Pawn::Mage),
            pawn_text(game, Pawn::Witch)
        );
        lines.push(text.chars().map(|c| (c, Style::Plain)).collect());
    }
    if let Some((feature, (kind, parts))) = &highlight {
        let mut tiles: Vec<usize> = parts.iter().map(|p| p.0).collect();
        tiles.dedup();
        let mut line: Line = Vec::new();
        let symbols = match kind {
            FeatureKind::City => "█",
            FeatureKind::Road => "━┃",
            FeatureKind::Field => "•",
            FeatureKind::Monastery => "■",
        };
        push_str(&mut line, symbols, Style::Highlight);
        push_str(
            &mut line,
            &format!(
                " highlighted: the {kind} at {feature} ({} {})",
                tiles.len(),
                if tiles.len() == 1 { "tile" } else { "tiles" }
            ),
            Style::Plain,
        );
        lines.push(line);
    }
    let mut out = String::new();
    for line in &lines {
        render_line(line, options.color, &mut out);
    }
    out
}

/// The heavy form of a character of a highlighted feature's part.
fn heavy(c: char) -> char {
    match c {
        '▓' => '█',
        '·' => '•',
        '⌂' => '■',
        '─' => '━',
        '│' => '┃',
        '┌' => '┏',
        '┐' => '┓',
        '└' => '┗',
        '┘' => '┛',
        '├' => '┣',
        '┤' => '┫',
        '┬' => '┳',
        '┴' => '┻',
        '┼' => '╋',
        other => other,
    }
}
