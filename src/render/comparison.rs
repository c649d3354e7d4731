//! The comparison of a game's scores under the two editions (`carcref score
//! --compare-editions`): the items that score differently, and the winner
//! under each, in the human format and as data (JSON and YAML).

use std::fmt::Write as _;

use super::json::Versioned;
use super::sheet::{ScoreFormat, item_line, item_name, position_label, winners, winners_text};
use super::sheet_json::score_view;
use super::sheet_yaml;
use super::source::{MAX_TEXT, SourceView, shown_text};
use crate::player::Player;
use crate::referee::{GameOutcome, Replay, ScoreSheet};
use crate::score::{ScoreEvent, ScoreReason};

/// The variants a record's `Variants` tag names, as written (the comparison
/// names them as dropped).
pub fn variant_names(record: &crate::notation::GameRecord) -> Vec<String> {
    record
        .tag("Variants")
        .map(|t| {
            t.value
                .value
                .split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Writes the comparison of a game scored by the text of each edition
/// (`index`: its 0-based place in the file of `view`; `a` under HiG-2012,
/// `b` under RGG-2000, the record's `variants` dropped): in the human
/// format each edition's position, the items that differ and the winners;
/// as JSON or YAML the same as data.
pub fn render_comparison(
    out: &mut String,
    view: &SourceView<'_>,
    index: usize,
    (a, b): (&GameOutcome, &GameOutcome),
    variants: &[String],
    format: ScoreFormat,
) {
    let sheets = (
        a.replay.as_ref().and_then(|r| Some((r, r.sheet()?))),
        b.replay.as_ref().and_then(|r| Some((r, r.sheet()?))),
    );
    match format {
        ScoreFormat::Human => {
            let _ = writeln!(
                out,
                "Game {} — HiG-2012 against RGG-2000, each by its text",
                index + 1
            );
            if !variants.is_empty() {
                let _ = writeln!(
                    out,
                    "the record's variants are dropped: {}",
                    shown_text(&variants.join(", "), MAX_TEXT)
                );
            }
            for o in [a, b] {
                let label = position_label(o, view);
                let _ = writeln!(out, "{label}");
            }
            if let (Some(sa), Some(sb)) = sheets {
                write_comparison(out, sa, sb);
            }
        }
        ScoreFormat::Json | ScoreFormat::Yaml => {
            let editions: Vec<serde_json::Value> = [a, b]
                .into_iter()
                .map(|o| {
                    let v = score_view(index, o, view);
                    let winners = o.replay.as_ref().and_then(|r| r.sheet()).map(winners);
                    serde_json::json!({
                        "rules": v.rules,
                        "status": v.status,
                        "position_after": v.position_after,
                        "stopped_at": v.stopped_at,
                        "final_scoring": v.final_scoring,
                        "totals": v.totals,
                        "winners": winners,
                    })
                })
                .collect();
            let differences: Vec<serde_json::Value> = match sheets {
                (Some(sa), Some(sb)) => differences(sa, sb)
                    .into_iter()
                    .map(|d| {
                        let [ta, tb] = d.by_edition;
                        serde_json::json!({
                            "turn": d.turn,
                            "item": d.item,
                            "HiG-2012": ta,
                            "RGG-2000": tb,
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let winner_changes = match sheets {
                (Some(sa), Some(sb)) => Some(winners(sa.1) != winners(sb.1)),
                _ => None,
            };
            let value = serde_json::json!({
                "file": view.name,
                "game": index + 1,
                "variants_dropped": variants,
                "editions": editions,
                "winner_changes": winner_changes,
                "differences": differences,
            });
            if format == ScoreFormat::Json {
                let value = Versioned::new(value);
                out.push_str(&serde_json::to_string(&value).unwrap_or_default());
                out.push('\n');
            } else if let Ok(y) = sheet_yaml::to_string(&value) {
                out.push_str("---\n");
                out.push_str(&y);
            }
        }
    }
}

/// An item compared between editions: its name, and each edition's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// When: a turn, or the end.
    pub turn: Option<u32>,
    /// The item, e.g. `city at 0,0 N completed`, or `farms`.
    pub item: String,
    /// What each edition makes of it (`none` where it does not score).
    pub by_edition: [String; 2],
}

/// The points of the farms of each player, and the lines explaining them.
fn farms(replay: &Replay, sheet: &ScoreSheet) -> (Vec<u32>, Vec<String>) {
    let mut points = vec![0u32; sheet.players.len()];
    let mut lines = Vec::new();
    for e in replay
        .events
        .iter()
        .filter(|e| e.reason == ScoreReason::Farm)
    {
        for (i, p) in points.iter_mut().enumerate() {
            *p += e.points_for(Player(i as u8));
        }
        lines.push(item_line(e, sheet));
    }
    (points, lines)
}

/// The items that score differently under the two editions: roads, cities,
/// monasteries and goods by the feature (and turn) they score, and the farms
/// as a whole, since the editions count them by different units (each field,
/// each city). Two replays of one record, one per edition.
pub fn differences(a: (&Replay, &ScoreSheet), b: (&Replay, &ScoreSheet)) -> Vec<Difference> {
    type Key = (Option<u32>, String);
    let key = |e: &ScoreEvent| -> Key { (e.turn, item_name(e)) };
    let mut keys: Vec<Key> = Vec::new();
    for (r, _) in [a, b] {
        for e in r.events.iter().filter(|e| e.reason != ScoreReason::Farm) {
            let k = key(e);
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    // Turns in order, the end last.
    keys.sort_by_key(|(t, _)| t.unwrap_or(u32::MAX));
    let mut out = Vec::new();
    for k in keys {
        let find = |(r, _): (&Replay, &ScoreSheet)| -> Option<ScoreEvent> {
            r.events
                .iter()
                .find(|e| e.reason != ScoreReason::Farm && key(e) == k)
                .cloned()
        };
        let (ea, eb) = (find(a), find(b));
        let points = |e: &Option<ScoreEvent>, n: usize| -> Vec<u32> {
            (0..n)
                .map(|i| e.as_ref().map_or(0, |e| e.points_for(Player(i as u8))))
                .collect()
        };
        let n = a.1.players.len();
        if points(&ea, n) == points(&eb, n) {
            continue;
        }
        let text = |e: &Option<ScoreEvent>, s: &ScoreSheet| match e {
            Some(e) => {
                let line = item_line(e, s);
                line.split_once(": ")
                    .map_or(line.clone(), |(_, rest)| rest.to_string())
            }
            None => "does not score".to_string(),
        };
        out.push(Difference {
            turn: k.0,
            item: k.1,
            by_edition: [text(&ea, a.1), text(&eb, b.1)],
        });
    }
    let (fa, la) = farms(a.0, a.1);
    let (fb, lb) = farms(b.0, b.1);
    if fa != fb {
        let text = |points: &[u32], lines: &[String], s: &ScoreSheet| {
            let per: Vec<String> = s
                .players
                .iter()
                .zip(points)
                .map(|(n, p)| format!("{} {p}", shown_text(n, MAX_TEXT)))
                .collect();
            let mut t = per.join(", ");
            for l in lines {
                let _ = write!(t, "\n           {l}");
            }
            t
        };
        out.push(Difference {
            turn: None,
            item: "farms".to_string(),
            by_edition: [text(&fa, &la, a.1), text(&fb, &lb, b.1)],
        });
    }
    out
}

/// Writes the comparison of a game's scores under the two editions.
pub fn write_comparison(out: &mut String, a: (&Replay, &ScoreSheet), b: (&Replay, &ScoreSheet)) {
    let diffs = differences(a, b);
    let (ea, eb) = (a.1.edition.to_string(), b.1.edition.to_string());
    let w = ea.len().max(eb.len());
    if diffs.is_empty() {
        let _ = writeln!(out, "every item scores the same under both editions");
    } else {
        let _ = writeln!(out, "items that differ:");
    }
    for d in &diffs {
        let when = d
            .turn
            .map_or_else(|| "  end".to_string(), |t| format!("{t:>5}"));
        let _ = writeln!(out, "{when}  {}", d.item);
        for (edition, text) in [&ea, &eb].into_iter().zip(&d.by_edition) {
            let _ = writeln!(out, "         {edition:<w$}  {text}");
        }
    }
    let (wa, wb) = (winners(a.1), winners(b.1));
    for (edition, s, winners) in [(&ea, a.1, &wa), (&eb, b.1, &wb)] {
        let totals: Vec<String> = s
            .players
            .iter()
            .zip(&s.totals)
            .map(|(n, t)| format!("{} {t}", shown_text(n, MAX_TEXT)))
            .collect();
        let _ = writeln!(
            out,
            "totals {edition:<w$}  {}; winner {}",
            totals.join(", "),
            winners_text(winners)
        );
    }
    if wa == wb {
        let _ = writeln!(
            out,
            "the winner is the same under both editions: {}",
            winners_text(&wa)
        );
    } else {
        let _ = writeln!(
            out,
            "the winner changes: {} under {ea}, {} under {eb}",
            winners_text(&wa),
            winners_text(&wb)
        );
    }
}
