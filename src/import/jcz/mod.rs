//! JCloisterZone saves (`.jcz`): JSON holding the game's setup (tile sets,
//! figures and rule options, the start tile), its players and every message
//! sent to the program's engine, in order (`notation/import-jcz.md`).
//!
//! Each turn's messages (`PLACE_TILE`, `DEPLOY_MEEPLE` or `PASS`, then `COMMIT`)
//! become one turn line. The program's tile ids are read through the catalog's
//! `jcz` ids; its y grows south (CGN's grows north); its pointer locations
//! become spots. Tiles the program discarded leave no message: they follow from
//! its pack and its random numbers, which are replayed here as the program
//! draws (the program's pack, in `pack.rs`); where that cannot reproduce the save's tiles, the
//! record is written without the discards and says so, and the referee then
//! reports the tiles never drawn. A scenario (the program's scenario tests) gives
//! its pack in draw order, its last turn and the points it expects: they become
//! the Pack, EndAfter, Result and Scored tags. Faults are reported with codes
//! `I401`–`I411` and the JSON path of the value at fault; setups, figures and
//! messages of expansions carcref does not referee are named. The actions of
//! The Tower and of The Princess & the Dragon become the actions of version 2
//! of the notation, and the program's rule options the record's variants.
//!
//! The import goes by phases, a module each: `save` reads the setup, the
//! players and a scenario's assertions; `turns` reads the replay's messages
//! into turns; `pack` draws the tiles again as the program drew them;
//! `actions` maps each turn's actions to the record's figure and steps; and
//! `record` writes the turns, an engine following them, and the record.
//! `names` reads the program's names (tile sets, figures, features,
//! locations) in carcref's terms.

mod actions;
mod names;
mod pack;
mod record;
mod save;
mod turns;

use serde_json::Value;

use super::{ImportError, SourceTags, error, tag};
use crate::board::Pos;
use crate::notation::GameRecord;
use crate::rules::expansions::Expansion;
use crate::tiles::{Symbol, TileCatalog, TileId};
use actions::{Prisons, written_actions};
use pack::{Draws, Pack};
use record::Follow;
use save::{Assertions, Reader, check_start, read_assertions, read_players, read_setup};
use turns::read_turns;

/// Every fault found, each with a code (`I401`–`I411`), the JSON path of the
/// offending value and what is wrong; no record is made from a faulty save.
pub fn import(json: &str) -> Result<GameRecord, Vec<ImportError>> {
    let Some(catalog) = super::catalog() else {
        return Err(vec![error("I402", "", "the tile catalog did not load")]);
    };
    import_with(json, catalog)
}

fn import_with(json: &str, catalog: &TileCatalog) -> Result<GameRecord, Vec<ImportError>> {
    let json = super::without_bom(json);
    let root: Value = serde_json::from_str(json).map_err(|e| {
        vec![error(
            "I401",
            format!("line {} column {}", e.line(), e.column()),
            format!("not JSON: {e}"),
        )]
    })?;
    let mut r = Reader {
        catalog,
        errors: Vec::new(),
    };
    let Some(root) = r.object(&root, "$") else {
        return Err(r.errors);
    };
    let setup_value = r.member(root, "setup", "");
    let setup = setup_value
        .and_then(|s| r.object(s, "setup"))
        .and_then(|s| read_setup(&mut r, s).map(|setup| (s, setup)));
    let players = read_players(&mut r, root);
    let Some((setup_object, setup)) = setup else {
        return Err(r.errors);
    };
    let river = setup.expansions.contains(&Expansion::River);
    check_start(&mut r, setup_object, river);
    if !r.errors.is_empty() {
        // The moves of a setup carcref cannot referee are not read.
        return Err(r.errors);
    }
    // A scenario: its pack in draw order, its last turn, what it expects.
    let annotations = root
        .get("gameAnnotations")
        .and_then(|a| r.object(a, "gameAnnotations"));
    let draw_order = annotations.and_then(|a| a.get("drawOrder"));
    let pack: Option<Vec<TileId>> = draw_order.map(|d| {
        r.array(d, "gameAnnotations.drawOrder")
            .map(|list| {
                list.iter()
                    .enumerate()
                    .filter_map(|(i, t)| r.tile(t, &format!("gameAnnotations.drawOrder[{i}]")))
                    .collect()
            })
            .unwrap_or_default()
    });
    if draw_order.is_some_and(|d| d.as_array().is_some_and(Vec::is_empty)) {
        r.fail(error(
            "I404",
            "gameAnnotations.drawOrder",
            "no tile: a scenario's pack names the tiles it draws, in order (CGN's Pack tag cannot be empty)",
        ));
    }
    let end_after = annotations.and_then(|a| a.get("endTurn")).map(|v| {
        let n = v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n > 0);
        if n.is_none() {
            r.fail(error(
                "I404",
                "gameAnnotations.endTurn",
                "not a turn number",
            ));
        }
        n
    });
    let test = root.get("test").and_then(|t| r.object(t, "test"));
    let Assertions {
        result,
        scored,
        cannot_pass,
    } = match test {
        Some(test) => read_assertions(&mut r, test, &players),
        None => Assertions::default(),
    };
    if pack.is_none() && players.len() < 2 {
        r.fail(error(
            "I404",
            "players",
            "a game from the box has 2 players or more",
        ));
    }
    let replay = r
        .member(root, "replay", "")
        .and_then(|v| r.array(v, "replay"))
        .cloned()
        .unwrap_or_default();
    let start = if river {
        catalog.start_of(Expansion::River.name())
    } else {
        catalog.start_of(crate::rules::BASIC_SET)
    };
    let portal = setup.expansions.contains(&Expansion::PrincessAndDragon);
    let circles = setup.expansions.contains(&Expansion::CropCircles1)
        || setup.expansions.contains(&Expansion::CropCircles2);
    let (turns, open_last) = read_turns(&mut r, &replay, start, portal, circles, cannot_pass);
    if !r.errors.is_empty() {
        return Err(r.errors);
    }

    // The draws: discards are the tiles drawn that the next placement is not.
    let initial = match root.get("initialRandom") {
        None => None,
        Some(v) => match v.as_f64().filter(|r| (0.0..1.0).contains(r)) {
            Some(r) => Some(r),
            None => {
                return Err(vec![error(
                    "I404",
                    "initialRandom",
                    format!("not a number from 0 to 1: {v}"),
                )]);
            }
        },
    };
    let program_pack = Pack::of_sets(catalog, river, &setup.sets);
    // Figures of an expansion whose tiles are not in the pack (a pig without
    // Traders & Builders' tiles): the record names the pack, as a scenario does.
    let own_pack = pack.clone().or_else(|| {
        let tile_sets = setup.sets.len() - 1;
        (setup.expansions.len() > tile_sets).then(|| program_pack.tiles())
    });
    let mut draws = match &pack {
        Some(p) => Draws::InOrder(p.clone().into_iter()),
        None => Draws::Random(program_pack, initial.unwrap_or(0.0)),
    };
    let id = |t: TileId| catalog.def(t).id.clone();

    // The tags first: the engine that follows the record as it is written
    // (whose turn it is when a message names no player; which drawn tiles fit
    // after the last turn) is set up from them.
    // A value of the save the record cannot hold is refused (`I404`, its
    // field named).
    let mut from_save = SourceTags::default();
    let mut tags = vec![tag("CGN", crate::header::VERSION)];
    if let Some(d) = test
        .and_then(|t| t.get("description"))
        .and_then(Value::as_str)
    {
        tags.extend(from_save.tag("I404", "test.description", "Event", d));
    } else if let Some(n) = root
        .get("name")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
    {
        tags.extend(from_save.tag("I404", "name", "Event", n));
    }
    if let Some(date) = root
        .get("created")
        .and_then(Value::as_str)
        .and_then(super::iso_date)
    {
        tags.push(tag("Date", date));
    }
    tags.extend(from_save.tag("I404", "players", "Players", players.join(", ")));
    tags.push(tag("Rules", "HiG-2012"));
    tags.push(tag(
        "Expansions",
        setup
            .expansions
            .iter()
            .map(|e| e.name())
            .collect::<Vec<_>>()
            .join(", "),
    ));
    if !setup.variants.is_empty() {
        let names: Vec<&str> = setup.variants.iter().map(|v| v.name()).collect();
        tags.push(tag("Variants", names.join(", ")));
    }
    let result = if result.is_empty() {
        "*".to_string()
    } else {
        result
            .iter()
            .map(|(n, p)| format!("{n} {p}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    tags.extend(from_save.tag("I404", "test.assertions", "Result", result));
    if let Some(pack) = &own_pack {
        let ids: Vec<String> = pack.iter().map(|t| id(*t)).collect();
        tags.extend(from_save.tag("I404", "gameAnnotations.drawOrder", "Pack", ids.join(", ")));
    }
    if !setup.figures.is_empty() {
        tags.push(tag("Figures", setup.figures.join(", ")));
    }
    // Written last, but refused before the turns are read.
    let scored = if scored.is_empty() {
        None
    } else {
        from_save.tag("I404", "test.assertions", "Scored", scored.join(", "))
    };
    let source = root
        .get("gameId")
        .and_then(Value::as_str)
        .filter(|g| !g.is_empty())
        .and_then(|g| from_save.tag("I404", "gameId", "Source", format!("jcz {g}")));
    from_save.done()?;
    let mut follow = Follow::new(&tags, catalog, &players);

    let mut notes = Vec::new();
    let mut reconstructed = pack.is_some() || initial.is_some();
    if !reconstructed {
        notes.push(
            "the save has no initialRandom: the tiles the program discarded cannot be drawn again, and none are written"
                .to_string(),
        );
    }
    // The record line of each placement: the program counts placements as
    // turns, the record counts discards too.
    let mut lines_of_placements: Vec<usize> = Vec::new();
    let mut prisons = Prisons::default();
    let mut dragon: Option<Pos> = None;
    let symbol = |t: TileId| catalog.def(t).symbol;
    for turn in &turns {
        let player = turn.player.unwrap_or_else(|| follow.next_seat());
        if player >= players.len() {
            return Err(vec![error(
                "I404",
                format!("{}.player", turn.path),
                "not a seat",
            )]);
        }
        if reconstructed {
            let mut discarded = Vec::new();
            loop {
                match draws.next() {
                    Some(t) if t == turn.tile => break,
                    Some(t) => discarded.push(t),
                    None => {
                        reconstructed = false;
                        discarded.clear();
                        notes.push(format!(
                            "the draws of the save could not be reproduced from {}; tiles it discarded, if any, are not written",
                            turn.path
                        ));
                        break;
                    }
                }
            }
            // The program discards only a tile that fits nowhere: a drawn tile
            // that fits shows draws that are not the program's. A dragon tile
            // drawn before any volcano is set aside, fitting or not.
            if discarded
                .iter()
                .any(|t| !follow.sets_aside(*t) && follow.fits_somewhere(*t) == Some(true))
            {
                reconstructed = false;
                discarded.clear();
                notes.push(format!(
                    "the draws of the save could not be reproduced before {}: a tile drawn there fits on the board; tiles it discarded, if any, are not written",
                    turn.path
                ));
            }
            for t in discarded {
                follow.draw_unplaced(player, t);
            }
        }
        if symbol(turn.tile) == Some(Symbol::Volcano) {
            dragon = Some(turn.pos);
        }
        let (figure, steps) = written_actions(turn, player, &players, &mut prisons, &mut dragon)
            .map_err(|e| vec![e])?;
        follow.play(
            player,
            turn.tile,
            Some((turn.pos, turn.rotation)),
            figure,
            steps,
        );
        lines_of_placements.push(follow.lines.len());
        if symbol(turn.tile) == Some(Symbol::Volcano) {
            draws.volcano();
        }
        draws.set_random(turn.random);
    }
    if let Some(Some(n)) = end_after {
        let placed = lines_of_placements.len();
        let line = match usize::try_from(n).ok().and_then(|n| n.checked_sub(1)) {
            Some(i) if i < placed => lines_of_placements.get(i).copied().unwrap_or(0),
            _ => follow.lines.len() + (n as usize).saturating_sub(placed),
        };
        tags.push(tag("EndAfter", line.to_string()));
    } else if reconstructed {
        // After the last turn: the tiles the program discarded before the pack
        // ran out, or, if a drawn tile fits, a game saved before its end.
        let mut ended = true;
        while let Some(t) = draws.next() {
            if follow.sets_aside(t) {
                follow.draw_unplaced(follow.next_seat(), t);
                continue;
            }
            match follow.fits_somewhere(t) {
                Some(false) => follow.draw_unplaced(follow.next_seat(), t),
                Some(true) => {
                    // After the Result tag, where the canonical order puts it.
                    let at = tags
                        .iter()
                        .position(|t| t.name.value == "Result")
                        .map_or(tags.len(), |i| i + 1);
                    tags.insert(at, tag("Termination", "interrupted"));
                    notes.push(format!(
                        "the save ends before the pack is empty: {} fits on the board",
                        id(t)
                    ));
                    ended = false;
                    break;
                }
                // The record is not legal up to here: the referee says why.
                None => {
                    ended = false;
                    break;
                }
            }
        }
        // The program never draws the dragon tiles of a game without a
        // volcano; by the rulebook each is drawn and set aside, and never
        // comes back: the record sets them aside at the end.
        if ended {
            for t in draws.held_back() {
                follow.draw_unplaced(follow.next_seat(), t);
            }
        }
    }
    tags.extend(scored);
    tags.extend(source);
    follow.into_record(tags, open_last, notes)
}

#[cfg(test)]
mod tests;
