//! The human score sheet of `carcref score`: an adjudication sheet. Each turn
//! with every player's running total and the record's claims beside the
//! referee's count; each scoring with its arithmetic (tiles, banners, inns,
//! cathedrals, cities, the pig) and its majority; then the final scoring. And
//! the comparison of the two editions (`score --compare-editions`,
//! [`super::comparison`]).
//!
//! [`render_score`] writes a game's score in any of the formats: this sheet,
//! or the data of [`super::sheet_json`] as JSON or YAML
//! ([`super::sheet_yaml`]).
//!
//! The arithmetic is read off the [`ScoreEvent`]'s fields (tiles, banners,
//! inns, cathedrals, cities, pigs) with the factors of `crate::score` and
//! `crate::rules::expansions`; [`Arithmetic::points`] is what it comes to,
//! which a test holds equal to the event's points on every shipped game.

use std::fmt::Write as _;

use super::source::{MAX_TEXT, SourceView, shown_text};
use crate::notation::GameRecord;
use crate::player::Player;
use crate::referee::claims::{self, Judgement};
use crate::referee::{GameOutcome, Outcome, Replay, ScoreSheet};
use crate::rules::Edition;
use crate::rules::expansions::princess_and_dragon::{FAIRY_SCORED, FAIRY_TURN_START};
use crate::rules::expansions::traders_and_builders::GOODS_MAJORITY_POINTS;
use crate::score::scoreboard::{self, Scoreboard};
use crate::score::{ScoreEvent, ScoreReason};
use crate::tiles::FeatureKind;

/// How an item's points are reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arithmetic {
    /// The sum as written, e.g. `5 tiles × 2 + 2 banners × 2 = 14`.
    pub text: String,
    /// What it comes to for a winner without a pig.
    pub points: u32,
}

/// `n thing`/`n things`.
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `tiles × f [+ banners × f] = total`.
/// An incomplete road with an inn or city with a cathedral at the end: worth
/// nothing (Inns & Cathedrals).
fn worthless(tiles: u32, with: &str) -> Arithmetic {
    Arithmetic {
        text: format!(
            "{} with {with}, incomplete = 0",
            plural(tiles as usize, "tile", "tiles")
        ),
        points: 0,
    }
}

fn per_tile(tiles: u32, banners: u32, factor: u32) -> Arithmetic {
    let mut text = format!("{} × {factor}", plural(tiles as usize, "tile", "tiles"));
    if banners > 0 {
        let _ = write!(
            text,
            " + {} × {factor}",
            plural(banners as usize, "banner", "banners")
        );
    }
    let points = factor * (tiles + banners);
    let _ = write!(text, " = {points}");
    Arithmetic { text, points }
}

/// Points a farm pays for each city under an edition (without a pig): 3 a
/// city and field under the 2012 rules, 4 a city under the 2000 rules.
pub fn farm_factor(edition: Edition) -> u32 {
    match edition {
        Edition::HiG2012 => 3,
        Edition::Rgg2000 => 4,
    }
}

/// The arithmetic of one scoring, from its fields: the edition's factors, and
/// `tiny_city_two` when a completed two-tile city scores 1 a tile and 1 a
/// banner (the 2000 rules, or the variant `tiny-city-2`); with the witch on
/// the feature, halved and rounded up (Mage & Witch).
pub fn arithmetic(e: &ScoreEvent, edition: Edition, tiny_city_two: bool) -> Arithmetic {
    let mut a = feature_arithmetic(e, edition, tiny_city_two);
    if e.witch {
        let points = crate::rules::expansions::mage_and_witch::witch_points(a.points);
        let _ = write!(a.text, ", halved by the witch (rounded up) = {points}");
        a.points = points;
    }
    a
}

/// [`arithmetic`] before the witch.
fn feature_arithmetic(e: &ScoreEvent, edition: Edition, tiny_city_two: bool) -> Arithmetic {
    let complete = e.reason == ScoreReason::Completed;
    let tiles = e.tiles.len() as u32;
    match (e.reason, e.kind) {
        (ScoreReason::Goods, _) => Arithmetic {
            text: format!(
                "most {}: {GOODS_MAJORITY_POINTS}",
                e.goods.map_or("goods", |g| g.name())
            ),
            points: GOODS_MAJORITY_POINTS,
        },
        (ScoreReason::Fairy, _) if e.points == FAIRY_TURN_START => Arithmetic {
            text: format!(
                "a follower with the fairy at the start of the turn = {FAIRY_TURN_START}"
            ),
            points: FAIRY_TURN_START,
        },
        (ScoreReason::Gold, _) => {
            let ingots = e.strength.first().map_or(0, |(_, n)| *n);
            let each = crate::rules::expansions::gold_mines::points_per_ingot(ingots);
            Arithmetic {
                text: format!(
                    "{} × {each} = {}",
                    plural(ingots as usize, "ingot", "ingots"),
                    ingots * each
                ),
                points: ingots * each,
            }
        }
        (ScoreReason::Robbed, _) => {
            let of = e.robbed_from().map_or(0, |(_, of)| of);
            let points = crate::rules::expansions::robbers::robbed_points(of);
            Arithmetic {
                text: format!("half of {of}, rounded up = {points}"),
                points,
            }
        }
        (ScoreReason::MessagePoints, _) => Arithmetic {
            text: format!(
                "instead of the message = {}",
                crate::rules::expansions::messengers::MESSAGE_POINTS
            ),
            points: e.points,
        },
        (ScoreReason::Message, _) if e.at.is_none() => {
            let (n, _) = e.message_of().unwrap_or((0, false));
            let count = (e.points / 2) as usize;
            let text = match n {
                4 => format!("{} × 2 = {}", plural(count, "banner", "banners"), e.points),
                5 => format!("{} × 2 = {}", plural(count, "knight", "knights"), e.points),
                6 => format!("{} × 2 = {}", plural(count, "farmer", "farmers"), e.points),
                7 => "one more tile = 0".to_string(),
                _ => format!("nothing to score = {}", e.points),
            };
            Arithmetic {
                text,
                points: e.points,
            }
        }
        (ScoreReason::Mage, _) => Arithmetic {
            text: format!("{} × 1 = {tiles}", plural(tiles as usize, "tile", "tiles")),
            points: tiles,
        },
        (ScoreReason::Fairy, kind) => Arithmetic {
            text: format!("a follower with the fairy in the {kind} scored = {FAIRY_SCORED}"),
            points: FAIRY_SCORED,
        },
        (ScoreReason::Farm, _) => {
            let factor = farm_factor(edition);
            let cities = e.cities.len() as u32;
            let points = factor * cities;
            let what = match edition {
                Edition::HiG2012 => plural(cities as usize, "completed city", "completed cities"),
                Edition::Rgg2000 => plural(cities as usize, "city supplied", "cities supplied"),
            };
            Arithmetic {
                text: format!("{what} × {factor} = {points}"),
                points,
            }
        }
        (_, FeatureKind::City) if e.cathedrals > 0 && complete => {
            let mut a = per_tile(tiles, e.pennants, 3);
            a.text.push_str(" (cathedral)");
            a
        }
        (_, FeatureKind::City) if e.cathedrals > 0 => worthless(tiles, "a cathedral"),
        (_, FeatureKind::City) if complete && !(tiny_city_two && tiles == 2) => {
            per_tile(tiles, e.pennants, 2)
        }
        (_, FeatureKind::City) if complete => {
            let mut a = per_tile(tiles, e.pennants, 1);
            a.text.push_str(" (a two-tile city)");
            a
        }
        (_, FeatureKind::City) => per_tile(tiles, e.pennants, 1),
        (_, FeatureKind::Road) if e.inns > 0 && complete => {
            let mut a = per_tile(tiles, 0, 2);
            a.text.push_str(" (inn)");
            a
        }
        (_, FeatureKind::Road) if e.inns > 0 => worthless(tiles, "an inn"),
        (_, FeatureKind::Road) => per_tile(tiles, 0, 1),
        // The monastery's tile and the tiles around it, one point each.
        (_, FeatureKind::Monastery | FeatureKind::Field) => {
            let around = tiles.saturating_sub(1);
            Arithmetic {
                text: format!("1 + {around} around = {}", 1 + around),
                points: 1 + around,
            }
        }
    }
}

/// What a pig makes of a farm's points for its owner, e.g. `pig: 3 cities × 4
/// = 12`.
pub fn pig_arithmetic(e: &ScoreEvent, edition: Edition) -> Arithmetic {
    let cities = e.cities.len() as u32;
    let factor = farm_factor(edition) + 1;
    let points = factor * cities;
    Arithmetic {
        text: format!(
            "pig: {} × {factor} = {points}",
            plural(cities as usize, "city", "cities")
        ),
        points,
    }
}

/// The word for the figures that decide a feature's majority.
fn holders(e: &ScoreEvent) -> &'static str {
    match (e.reason, e.kind) {
        (ScoreReason::Goods, _) => "tokens",
        (ScoreReason::Gold, _) => "ingots",
        (ScoreReason::Farm, _) | (_, FeatureKind::Field) => "farmers",
        (_, FeatureKind::City) => "knights",
        (_, FeatureKind::Road) => "thieves",
        (_, FeatureKind::Monastery) => "monks",
    }
}

/// A name as shown: escaped and cut.
fn shown(players: &[String], p: Player) -> String {
    shown_text(players.get(p.index()).map_or("?", String::as_str), MAX_TEXT)
}

/// The figures of each player on a scoring: `knights Ann 2, Bob 1`.
pub fn strength_text(e: &ScoreEvent, players: &[String]) -> String {
    let strength: Vec<String> = e
        .strength
        .iter()
        .map(|(p, s)| format!("{} {s}", shown(players, *p)))
        .collect();
    format!("{} {}", holders(e), strength.join(", "))
}

/// The feature an item scores, e.g. `city at 0,0 N completed`.
pub fn item_name(e: &ScoreEvent) -> String {
    let at = e.at.map_or_else(|| "-".to_string(), |a| a.to_string());
    let list = |refs: &[crate::score::FeatureRef]| {
        refs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match e.reason {
        ScoreReason::Completed => format!("{} at {at} completed", e.kind),
        ScoreReason::Incomplete => format!("{} at {at} incomplete", e.kind),
        ScoreReason::Farm if e.fields.is_empty() => {
            format!("field at {at} (cities at {})", list(&e.cities))
        }
        ScoreReason::Farm => format!("city at {at} (fields at {})", list(&e.fields)),
        ScoreReason::Goods => format!("{} tokens", e.goods.map_or("goods", |g| g.name())),
        ScoreReason::Fairy => format!("the fairy at {}", e.at.map_or(at, |a| a.pos.to_string())),
        ScoreReason::Gold => "gold ingots".to_string(),
        ScoreReason::Mage => format!("the mage in the {} at {at}", e.kind),
        ScoreReason::Robbed => format!("robbed, of the {} at {at}", e.kind),
        ScoreReason::Message | ScoreReason::MessagePoints => {
            let (n, taken) = e.message_of().unwrap_or((0, false));
            let what = crate::rules::expansions::messengers::message_name(n);
            match (taken, e.at) {
                (true, _) => format!("message {n} ({what}): 2 points taken instead"),
                (false, Some(_)) => format!("message {n} ({what}): the {} at {at}", e.kind),
                (false, None) => format!("message {n} ({what})"),
            }
        }
    }
}

/// One item of the sheet: what it is, its arithmetic, its majority and the
/// points of each winner, e.g. `city at 0,1 N completed: 3 tiles × 2 + 1
/// banner × 2 = 8; knights Ann 2, Bob 1 → Ann +8`.
pub fn item_line(e: &ScoreEvent, sheet: &ScoreSheet) -> String {
    let a = arithmetic(e, sheet.edition, sheet.tiny_city_two);
    let scores: Vec<String> = e
        .winners
        .iter()
        .map(|p| {
            let mut scored = format!("{} +{}", shown(&sheet.players, *p), e.points_for(*p));
            if e.messengers.contains(p) {
                scored.push_str(" (messenger)");
            }
            if e.pigs.contains(p) {
                format!("{scored} ({})", pig_arithmetic(e, sheet.edition).text)
            } else {
                scored
            }
        })
        .collect();
    let tie = if e.winners.len() > 1 { " (tie)" } else { "" };
    if let Some((victim, _)) = e.robbed_from() {
        return format!(
            "{}: {}'s marker, {} → {}",
            item_name(e),
            shown(&sheet.players, victim),
            a.text,
            scores.join(", ")
        );
    }
    if matches!(
        e.reason,
        ScoreReason::Fairy | ScoreReason::Gold | ScoreReason::Message | ScoreReason::MessagePoints
    ) {
        return format!("{}: {} → {}", item_name(e), a.text, scores.join(", "));
    }
    format!(
        "{}: {}; {} → {}{tie}",
        item_name(e),
        a.text,
        strength_text(e, &sheet.players),
        scores.join(", ")
    )
}

/// Totals of every seat as right-aligned columns.
fn columns<T: std::fmt::Display>(totals: &[T], widths: &[usize]) -> String {
    totals
        .iter()
        .zip(widths)
        .map(|(t, w)| format!("{t:>w$}"))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Writes the sheet of a scored game: a line per turn up to the position
/// (running totals, claims beside the count, goods taken), each scoring's
/// arithmetic under its turn, the final scoring if applied, and the totals.
pub fn write_sheet(out: &mut String, record: &GameRecord, replay: &Replay, sheet: &ScoreSheet) {
    let players = &sheet.players;
    let names: Vec<String> = players.iter().map(|n| shown_text(n, MAX_TEXT)).collect();
    let widths: Vec<usize> = names.iter().map(|n| n.chars().count().max(4)).collect();
    let who = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let header: Vec<String> = names
        .iter()
        .zip(&widths)
        .map(|(n, w)| format!("{n:>w$}"))
        .collect();
    let _ = writeln!(out, " turn  {:<who$}  {}", "player", header.join("  "));
    let mut running = vec![0i64; players.len()];
    let mut events = replay.events.iter().peekable();
    // The scoreboard turn by turn, for the claims that name a pawn or a
    // space: the referee's count of them (SPEC 2.10).
    let mut board =
        claims::names_pawns(record).then(|| Scoreboard::new(players.len(), replay.messengers));
    let mut scores = board
        .as_ref()
        .map(|_| scoreboard::scores(&replay.events, &replay.transfers))
        .unwrap_or_default()
        .into_iter()
        .peekable();
    for turn in &record.turns {
        let n = turn.number.value;
        if n > replay.position_after {
            break;
        }
        let mut items = Vec::new();
        let mut this_turn = vec![0i64; players.len()];
        while let Some(e) = events.next_if(|e| e.turn.is_some_and(|t| t <= n)) {
            for (i, t) in this_turn.iter_mut().enumerate() {
                *t += i64::from(e.points_for(Player(i as u8)));
            }
            items.push(item_line(e, sheet));
        }
        for (_, from, to, points) in replay.transfers.iter().filter(|x| x.0 == n) {
            let points = i64::from(*points);
            if let Some(t) = this_turn.get_mut(from.index()) {
                *t -= points;
            }
            if let Some(t) = this_turn.get_mut(to.index()) {
                *t += points;
            }
            items.push(format!(
                "         {} pays {} {points} (a ransom)",
                shown(players, *from),
                shown(players, *to)
            ));
        }
        for (_, owner, figure) in replay.dragon_meals.iter().filter(|x| x.0 == n) {
            items.push(format!(
                "         the dragon sends {}'s {} home",
                shown(players, *owner),
                figure.notation().unwrap_or("follower")
            ));
        }
        for (r, t) in running.iter_mut().zip(&this_turn) {
            *r += t;
        }
        if let Some(board) = &mut board {
            while let Some(score) = scores.next_if(|s| s.turn.is_some_and(|t| t <= n)) {
                board.play(score, scoreboard::pawn_of(&replay.events, &score));
            }
        }
        let mut notes = Vec::new();
        for c in &turn.claims {
            let seat = players.iter().position(|p| *p == *c.player.value);
            let name = shown_text(&c.player.value, MAX_TEXT);
            let Some(i) = seat else {
                notes.push(format!("claimed {name} +{}: not seated", c.points.value));
                continue;
            };
            let name = match &c.pawn {
                Some(p) => format!("{name}({})", p.value),
                None => name,
            };
            let count = claims::Count {
                turn: n,
                player: Player(u8::try_from(i).unwrap_or(u8::MAX)),
                net: this_turn.get(i).copied().unwrap_or(0),
                total: running
                    .get(i)
                    .and_then(|t| u32::try_from(*t).ok())
                    .unwrap_or(0),
                board: board.as_ref(),
            };
            let judged = claims::judge(c, &count);
            let Judgement::Counted {
                net, total, space, ..
            } = &judged
            else {
                notes.push(format!("{name} claimed {:+}: no such pawn ≠", c.net()));
                continue;
            };
            let mut claimed = format!("{:+}", c.net());
            let mut count = format!("{net:+}");
            if let Some(t) = &c.total {
                let _ = write!(claimed, "/{}", t.value);
                let _ = write!(count, "/{total}");
            }
            if let (Some(s), Some(on)) = (&c.space, space) {
                let _ = write!(claimed, "@{}", s.value);
                let _ = write!(count, "@{on}");
            }
            let mark = if judged.holds() { "" } else { " ≠" };
            notes.push(format!("{name} claimed {claimed}, counted {count}{mark}"));
        }
        for (t, p, goods) in &replay.goods_taken {
            if *t == n {
                notes.push(format!(
                    "{} takes {}",
                    shown(players, *p),
                    crate::rules::expansions::traders_and_builders::goods_args(*goods)
                ));
            }
        }
        let player = shown_text(&turn.player.value, MAX_TEXT);
        let mut line = format!("{n:>5}  {player:<who$}  {}", columns(&running, &widths));
        if !notes.is_empty() {
            let _ = write!(line, "   {}", notes.join("; "));
        }
        let _ = writeln!(out, "{}", line.trim_end());
        for item in items {
            let _ = writeln!(out, "         {item}");
        }
    }
    let finals: Vec<&ScoreEvent> = events.filter(|e| e.turn.is_none()).collect();
    if sheet.final_scoring {
        let _ = writeln!(out, "final scoring");
        for e in &finals {
            let _ = writeln!(out, "         {}", item_line(e, sheet));
        }
    } else {
        let _ = writeln!(out, "no final scoring");
    }
    let _ = writeln!(
        out,
        "total  {:<who$}  {}",
        "",
        columns(&sheet.totals, &widths)
    );
    // The scoreboard: the space of 50 each marker stands on, and the laps
    // it made past 50 (the Point tiles) where any did.
    let board = replay.scoreboard();
    let pawns = crate::render::sheet_json::pawns_view(&board, players);
    let spaces: Vec<u32> = pawns.0.iter().map(|(_, v)| v.marker).collect();
    let laps: Vec<u32> = pawns.0.iter().map(|(_, v)| v.laps).collect();
    let _ = writeln!(
        out,
        "space  {:<who$}  {}   each marker's space on the scoreboard (its points modulo 50)",
        "",
        columns(&spaces, &widths)
    );
    if laps.iter().any(|l| *l > 0) {
        let _ = writeln!(
            out,
            "laps   {:<who$}  {}   times past space 50: the Point tiles",
            "",
            columns(&laps, &widths)
        );
    }
    // The Messengers: the messengers, until they are added to the markers.
    if pawns.0.iter().any(|(_, v)| v.messenger.is_some()) {
        let spaces: Vec<u32> = pawns
            .0
            .iter()
            .map(|(_, v)| v.messenger.unwrap_or(0))
            .collect();
        let _ = writeln!(
            out,
            "messgr {:<who$}  {}   each messenger's space (its points modulo 50)",
            "",
            columns(&spaces, &widths)
        );
    }
    // Without the final scoring the position is not an end: it has leaders.
    let _ = writeln!(
        out,
        "{} {}",
        if sheet.final_scoring {
            "winner"
        } else {
            "leader"
        },
        winners_text(&winners(sheet))
    );
    // The clocks, where the record gives the time of its turns.
    if !replay.time_used.is_empty() {
        let used: Vec<String> = sheet
            .players
            .iter()
            .zip(&replay.time_used)
            .map(|(p, s)| {
                format!(
                    "{} {}:{:02}:{:02}",
                    shown_text(p, MAX_TEXT),
                    s / 3600,
                    s / 60 % 60,
                    s % 60
                )
            })
            .collect();
        let _ = writeln!(out, "time used: {}", used.join(", "));
    }
}

/// The players with the most points (several on a tie).
pub fn winners(sheet: &ScoreSheet) -> Vec<String> {
    let best = sheet.totals.iter().copied().max().unwrap_or(0);
    sheet
        .players
        .iter()
        .zip(&sheet.totals)
        .filter(|(_, t)| **t == best)
        .map(|(n, _)| n.clone())
        .collect()
}

/// `Ann`, or `Ann and Bob (tie)`.
pub fn winners_text(winners: &[String]) -> String {
    let shown: Vec<String> = winners.iter().map(|n| shown_text(n, MAX_TEXT)).collect();
    match shown.as_slice() {
        [] => "nobody".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last} (tie)", rest.join(", ")),
    }
}

/// How to print scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreFormat {
    /// A readable breakdown.
    #[default]
    Human,
    /// One JSON object per game per line.
    Json,
    /// One YAML document per game.
    Yaml,
}

/// Renders the score of every game of an outcome.
pub fn render_scores(outcome: &Outcome, format: ScoreFormat) -> String {
    let mut out = String::new();
    let view = SourceView::new(&outcome.name, &outcome.src, 0, 0);
    for (i, game) in outcome.games.iter().enumerate() {
        render_score(&mut out, &view, i, game, format);
    }
    out
}

/// The label of a game's position: its status, where the position is, and
/// why the replay stopped there, e.g. `position after turn 41; turn 42 is
/// illegal: E301 tile does not fit`.
pub fn position_label(game: &GameOutcome, view: &SourceView<'_>) -> String {
    let first_error = game.diagnostics.iter().find(|d| d.is_error());
    let Some(replay) = &game.replay else {
        return match first_error {
            Some(d) => format!(
                "not replayed: {} {} (line {})",
                d.code(),
                shown_text(&d.to_string(), MAX_TEXT),
                view.line_col(d.span().start).0
            ),
            None => "not replayed".to_string(),
        };
    };
    let Some(sheet) = replay.sheet() else {
        return match first_error {
            Some(d) => format!(
                "not replayed: {} {}",
                d.code(),
                shown_text(&d.to_string(), MAX_TEXT)
            ),
            None => "not replayed".to_string(),
        };
    };
    let mut label = format!("rules {}", sheet.edition);
    match &replay.stopped {
        Some(stopped) => {
            let _ = write!(
                label,
                " — invalid: position after turn {}; turn {} is illegal: {} {}",
                replay.position_after,
                stopped.turn,
                stopped.fault.code(),
                shown_text(&stopped.fault.to_string(), MAX_TEXT)
            );
        }
        None => {
            let mut codes: Vec<String> = Vec::new();
            for d in game.diagnostics.iter().filter(|d| d.is_error()) {
                if !codes.contains(&d.code()) {
                    codes.push(d.code());
                }
            }
            if codes.is_empty() {
                label.push_str(" — valid");
            } else {
                let _ = write!(label, " — invalid: {}", codes.join(", "));
            }
            let _ = write!(label, "; position after turn {}", replay.position_after);
        }
    }
    if sheet.final_scoring {
        label.push_str(", with the final scoring");
    }
    label
}

/// Renders the score of one game (`index`: 0-based, in its file; `view`: its
/// text). Every game is rendered: one not replayed (syntax errors, an unusable
/// header) with its status and faults and no score; one stopped by an illegal
/// turn with the scores after the last legal turn, labelled.
pub fn render_score(
    out: &mut String,
    view: &SourceView<'_>,
    index: usize,
    game: &GameOutcome,
    format: ScoreFormat,
) {
    match format {
        ScoreFormat::Human => {
            let _ = writeln!(out, "Game {} — {}", index + 1, position_label(game, view));
            if let Some(replay) = &game.replay
                && let Some(sheet) = replay.sheet()
            {
                write_sheet(out, &game.record, replay, sheet);
            }
        }
        ScoreFormat::Json => super::sheet_json::write_score(out, view, index, game),
        ScoreFormat::Yaml => super::sheet_yaml::write_score(out, view, index, game),
    }
}
