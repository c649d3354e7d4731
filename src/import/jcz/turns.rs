//! Reading the replay: the program's messages, one turn per `COMMIT`, each
//! with its tile and the actions after it, in notation terms.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::names::{beyond_error, feature_of, message_expansion, spot_of};
use super::save::{Meeple, Reader};
use crate::board::Pos;
use crate::import::error;
use crate::notation::Place;
use crate::rules::expansions::mage_and_witch::Pawn;
use crate::tiles::{Rotation, Spot, TileId};

/// A turn as the messages give it.
pub(super) struct Turn {
    pub(super) player: Option<usize>,
    pub(super) tile: TileId,
    pub(super) pos: Pos,
    pub(super) rotation: Rotation,
    /// What the turn did after its tile, in the order of the messages, each
    /// with the path of its message.
    pub(super) actions: Vec<(Action, String)>,
    pub(super) random: Option<f64>,
    pub(super) path: String,
}

/// An action after a turn's tile, in notation terms (SPEC 2.14, 6.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    /// `DEPLOY_MEEPLE` on a feature of the tile just laid: `+[figure:]SPOT`.
    Figure(Option<&'static str>, Spot),
    /// `PLACE_TOKEN` of a tower piece (`+tower:x,y/T`), or `DEPLOY_MEEPLE` on
    /// a tower, which closes it (`+[big:]x,y/T`).
    OnTower(Option<&'static str>, Pos),
    /// `CAPTURE_FOLLOWER`: `capture:[big:]x,y/SPOT(Owner)`, or `x,y/T` for a
    /// tower's guard.
    Capture {
        at: Pos,
        place: Place,
        meeple: Meeple,
    },
    /// `EXCHANGE_FOLLOWER`: which of the capturer's followers comes back
    /// (`exchange:KIND`).
    Exchange(Meeple),
    /// `PAY_RANSOM`: `ransom:KIND(Jailer)`.
    Ransom(Meeple),
    /// `DEPLOY_MEEPLE` on a tile laid before, through a magic portal:
    /// `+[big:]x,y/SPOT`.
    Portal(Option<&'static str>, Pos, Spot),
    /// `MOVE_NEUTRAL_FIGURE` of the fairy: onto a tile (`+fairy:x,y`), or
    /// next to a follower (`+fairy:x,y/SPOT`).
    Fairy(Pos, Option<Spot>),
    /// `RETURN_MEEPLE` by the princess: `princess:[big:]x,y/SPOT(Owner)`.
    Princess { at: Pos, spot: Spot, meeple: Meeple },
    /// `MOVE_NEUTRAL_FIGURE` of the dragon to a square, by a seat:
    /// `dragon:DIR(Player)`, the direction from where the dragon stands.
    Dragon { to: Pos, actor: Option<usize> },
    /// `PLACE_TOKEN` of a gold ingot on a tile around the gold mine:
    /// `gold:x,y`.
    Gold(Pos),
    /// `CIRCLE_REMOVE_OR_DEPLOY` after a crop circle's turn: `circle:add`
    /// (`DEPLOY`) or `circle:remove` (`REMOVE`).
    CircleChoice(bool),
    /// Under the crop circle's effect, a player's follower added
    /// (`DEPLOY_MEEPLE`) or returned (`RETURN_MEEPLE`, `source: CORN_CIRCLE`):
    /// `add:[big:]x,y/SPOT(Player)`, `remove:…(Player)`.
    Circle {
        add: bool,
        at: Pos,
        spot: Spot,
        meeple: Meeple,
    },
    /// Under effect A, a player adding none (`PASS`): `pass(Player)`.
    CirclePass(Option<usize>),
    /// `DEPLOY_MEEPLE` on the flying machine: `fly:D`, the die the program
    /// rolled; the landing, if any, is the next `DEPLOY_MEEPLE` (`+[big:]x,y/SPOT`).
    Fly(u8),
    /// `MOVE_NEUTRAL_FIGURE` of the mage or the witch onto a road or city
    /// (`mage:x,y/SPOT`), or off the board, `to` null (`mage:-`).
    Magic(Pawn, Option<(Pos, Spot)>),
    /// `PLACE_TOKEN` of a ferry: on the lake of the tile laid, the new one
    /// (`ferry:ENDS`), on another lake, a move (`ferry:x,y/ENDS`); the two
    /// road ends by the edges they reach, in board directions.
    Ferry(Pos, Place),
}

/// The die of a flight, from the random number of its `DEPLOY_MEEPLE`
/// (0 to 1): the program flies `trunc(r × 3) + 1` tiles, one of 1, 2 and 3
/// for each third of the range, as the die's faces 1, 1, 2, 2, 3, 3 are.
pub(super) fn flier_roll(r: f64) -> Option<u8> {
    if !(0.0..1.0).contains(&r) {
        return None;
    }
    // In range: the product is below 3.
    let third = (r * 3.0).trunc();
    Some(if third < 1.0 {
        1
    } else if third < 2.0 {
        2
    } else {
        3
    })
}

/// The tile at a square as the messages read so far leave the board: the
/// turn's own, or one laid before.
fn laid_at(
    tile: &Option<(Option<usize>, TileId, Pos, Rotation, String)>,
    board: &BTreeMap<Pos, (TileId, Rotation)>,
    at: Pos,
) -> Option<(TileId, Rotation)> {
    match tile {
        Some((_, t, pos, rotation, _)) if *pos == at => Some((*t, *rotation)),
        _ => board.get(&at).copied(),
    }
}

/// The square and spot a feature pointer (`{position, feature, location}`,
/// at the JSON path `fpath`) names on the tile laid there.
fn feature_spot(
    r: &mut Reader<'_>,
    fp: Option<&Map<String, Value>>,
    fpath: &str,
    laid: impl Fn(Pos) -> Option<(TileId, Rotation)>,
) -> Option<(Pos, Spot)> {
    let at = r.position(
        fp.and_then(|p| p.get("position")),
        &format!("{fpath}.position"),
    )?;
    let text = |key: &str| {
        fp.and_then(|p| p.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let feature = text("feature");
    let kind = match feature_of(feature) {
        Ok(k) => k,
        Err(b) => {
            r.fail(beyond_error(
                &b,
                &format!("{fpath}.feature"),
                &format!("feature {feature}"),
            ));
            return None;
        }
    };
    let location = text("location");
    let spot = match laid(at) {
        None => Err(format!("no tile at {at}")),
        Some((t, rotation)) => spot_of(location)
            .ok_or_else(|| format!("{location:?} is not a location"))
            .and_then(|s| crate::import::canonical_spot(r.catalog.def(t), rotation, s, kind)),
    };
    match spot {
        Ok(spot) => Some((at, spot)),
        Err(why) => {
            r.fail(error("I408", format!("{fpath}.location"), why));
            None
        }
    }
}

/// The turns of the replay: one per `COMMIT`, with `UNDO` taking back the
/// message before it. `start` is the start tile, at `0,0` as pictured: a
/// prisoner may be taken on it. With `portal` (The Princess & the Dragon in
/// play), a figure on a tile laid before is a follower through a magic
/// portal, which the referee judges; otherwise it is `I408`. With `circles`
/// (The Crop Circles in play), the messages after a turn's `COMMIT` and
/// before the next tile are its crop circle's choice and actions; otherwise
/// they are `I405`. A last turn
/// without `COMMIT` is `I405`, but where `open_last` (a scenario asserting
/// that its player may not end the turn there): it is read as it stands, and
/// the second value says so.
pub(super) fn read_turns(
    r: &mut Reader<'_>,
    replay: &[Value],
    start: Option<TileId>,
    portal: bool,
    circles: bool,
    open_last: bool,
) -> (Vec<Turn>, bool) {
    let mut turns: Vec<Turn> = Vec::new();
    // The tiles laid by the turns read, to name the spot of a prisoner.
    let mut board: BTreeMap<Pos, (TileId, Rotation)> = BTreeMap::new();
    if let Some(start) = start {
        board.insert(Pos::new(0, 0), (start, Rotation::R0));
    }
    let mut tile: Option<(Option<usize>, TileId, Pos, Rotation, String)> = None;
    let mut actions: Vec<(Action, String)> = Vec::new();
    let mut passed = false;
    // After a crop circle's turn and its choice, until the next tile: the
    // players' actions under its effect, each committed on its own.
    let mut circle = false;
    // A turn whose tile could not be read: its other messages are not
    // reported again.
    let mut broken = false;
    for (i, m) in replay.iter().enumerate() {
        let path = format!("replay[{i}]");
        let Some(o) = r.object(m, &path) else {
            continue;
        };
        let kind = o.get("type").and_then(Value::as_str).unwrap_or("");
        let payload = o.get("payload");
        let player = o
            .get("player")
            .and_then(Value::as_u64)
            .and_then(|p| usize::try_from(p).ok());
        let p = payload.and_then(Value::as_object);
        let text = |key: &str| p.and_then(|p| p.get(key)).and_then(Value::as_str);
        // The moves of The Princess & the Dragon: the dragon's steps, the
        // fairy, the princess's knight.
        let figure_id = text("figureId").unwrap_or("");
        let neutral = figure_id.split('.').next().unwrap_or("");
        let princess_and_dragon = match kind {
            "MOVE_NEUTRAL_FIGURE" => neutral == "dragon" || neutral == "fairy",
            "RETURN_MEEPLE" => text("source") == Some("PRINCESS"),
            _ => false,
        };
        if kind == "PLACE_TILE" {
            circle = false;
        }
        let corn = kind == "RETURN_MEEPLE" && text("source") == Some("CORN_CIRCLE");
        if kind == "CIRCLE_REMOVE_OR_DEPLOY" || corn || circle {
            if broken {
                continue;
            }
            if !circles {
                r.fail(error(
                    "I405",
                    &path,
                    "a crop circle's action in a game whose tile sets hold no crop circle",
                ));
                continue;
            }
            let Some(last) = turns.last_mut().filter(|_| tile.is_none()) else {
                r.fail(error(
                    "I405",
                    &path,
                    "a crop circle's action before its turn is committed",
                ));
                continue;
            };
            match kind {
                "CIRCLE_REMOVE_OR_DEPLOY" => {
                    let add = match text("value") {
                        Some("DEPLOY") => true,
                        Some("REMOVE") => false,
                        _ => {
                            r.fail(error(
                                "I404",
                                format!("{path}.payload.value"),
                                "not DEPLOY or REMOVE",
                            ));
                            continue;
                        }
                    };
                    circle = true;
                    last.actions.push((Action::CircleChoice(add), path));
                }
                "COMMIT" => {
                    // The last random number before the next tile draws it.
                    let random = payload
                        .and_then(|p| p.get("random"))
                        .and_then(Value::as_f64)
                        .filter(|r| (0.0..1.0).contains(r));
                    if random.is_some() {
                        last.random = random;
                    }
                }
                "PASS" => last.actions.push((Action::CirclePass(player), path)),
                "DEPLOY_MEEPLE" | "RETURN_MEEPLE" => {
                    let add = kind == "DEPLOY_MEEPLE";
                    let (holder, hpath) = if add {
                        (p, format!("{path}.payload"))
                    } else {
                        (
                            p.and_then(|p| p.get("pointer")).and_then(Value::as_object),
                            format!("{path}.payload.pointer"),
                        )
                    };
                    let Some(meeple) = r.meeple(holder, &hpath) else {
                        continue;
                    };
                    let (fp, fpath) = if add {
                        (
                            p.and_then(|p| p.get("pointer")).and_then(Value::as_object),
                            format!("{path}.payload.pointer"),
                        )
                    } else {
                        (
                            holder
                                .and_then(|h| h.get("featurePointer"))
                                .and_then(Value::as_object),
                            format!("{hpath}.featurePointer"),
                        )
                    };
                    let laid = |at: Pos| board.get(&at).copied();
                    if let Some((at, spot)) = feature_spot(r, fp, &fpath, laid) {
                        last.actions.push((
                            Action::Circle {
                                add,
                                at,
                                spot,
                                meeple,
                            },
                            path,
                        ));
                    }
                }
                other => r.fail(error(
                    "I405",
                    format!("{path}.type"),
                    format!("{other} among a crop circle's actions"),
                )),
            }
            continue;
        }
        // The mage and the witch (Mage & Witch).
        let magic = (kind == "MOVE_NEUTRAL_FIGURE")
            .then(|| Pawn::from_name(neutral))
            .flatten();
        match kind {
            _ if magic.is_some() && broken => {}
            _ if magic.is_some() && tile.is_none() => {
                r.fail(error("I405", &path, "a figure before the turn's tile"));
            }
            "MOVE_NEUTRAL_FIGURE" if magic.is_some() => {
                let Some(pawn) = magic else { continue };
                let to = p.and_then(|p| p.get("to")).filter(|t| !t.is_null());
                let Some(to) = to else {
                    actions.push((Action::Magic(pawn, None), path));
                    continue;
                };
                let laid = |at: Pos| laid_at(&tile, &board, at);
                let tpath = format!("{path}.payload.to");
                if let Some(at) = feature_spot(r, to.as_object(), &tpath, laid) {
                    actions.push((Action::Magic(pawn, Some(at)), path));
                }
            }
            _ if princess_and_dragon && broken => {}
            _ if princess_and_dragon && tile.is_none() => {
                r.fail(error("I405", &path, "a figure before the turn's tile"));
            }
            "MOVE_NEUTRAL_FIGURE" if princess_and_dragon => {
                let to = p.and_then(|p| p.get("to"));
                let tpath = format!("{path}.payload.to");
                if neutral == "dragon" {
                    if let Some(to) = r.position(to, &tpath) {
                        actions.push((Action::Dragon { to, actor: player }, path));
                    }
                } else if to.is_some_and(Value::is_array) {
                    // `fairy-placement: on-tile`: onto a tile. The program
                    // then departs from the 2000 text, and no variant says
                    // so: its point at the start of a turn is 1 for each
                    // figure of the player on the fairy's tile (a builder, a
                    // pig, a second follower each add 1), where the rulebook
                    // gives 1 ("he scores 1 point"). A save holds no points,
                    // so the record is written as played and the referee
                    // counts by the rulebook; a scenario's assertions of
                    // such points fail there (E502, E506).
                    if let Some(at) = r.position(to, &tpath) {
                        actions.push((Action::Fairy(at, None), path));
                    }
                } else {
                    // `next-follower`: next to a follower of the player.
                    let fp = to
                        .and_then(|t| t.get("featurePointer"))
                        .and_then(Value::as_object);
                    let laid = |at: Pos| laid_at(&tile, &board, at);
                    if let Some((at, spot)) =
                        feature_spot(r, fp, &format!("{tpath}.featurePointer"), laid)
                    {
                        actions.push((Action::Fairy(at, Some(spot)), path));
                    }
                }
            }
            "RETURN_MEEPLE" if princess_and_dragon => {
                let pointer = p.and_then(|p| p.get("pointer")).and_then(Value::as_object);
                let ppath = format!("{path}.payload.pointer");
                let Some(meeple) = r.meeple(pointer, &ppath) else {
                    continue;
                };
                let fp = pointer
                    .and_then(|p| p.get("featurePointer"))
                    .and_then(Value::as_object);
                let laid = |at: Pos| laid_at(&tile, &board, at);
                if let Some((at, spot)) =
                    feature_spot(r, fp, &format!("{ppath}.featurePointer"), laid)
                {
                    actions.push((Action::Princess { at, spot, meeple }, path));
                }
            }
            "PLACE_TILE" => {
                let t = match p.and_then(|p| p.get("tileId")) {
                    Some(t) => r.tile(t, &format!("{path}.payload.tileId")),
                    None => {
                        r.fail(error(
                            "I403",
                            format!("{path}.payload.tileId"),
                            "no `tileId`",
                        ));
                        None
                    }
                };
                let rotation = p
                    .and_then(|p| p.get("rotation"))
                    .and_then(Value::as_str)
                    .and_then(|s| s.strip_prefix('R'))
                    .and_then(|s| s.parse::<u32>().ok())
                    .filter(|d| d % 90 == 0 && *d < 360)
                    .map(|d| Rotation::from_quarter_turns((d / 90) as usize));
                if rotation.is_none() {
                    r.fail(error(
                        "I404",
                        format!("{path}.payload.rotation"),
                        "not R0, R90, R180 or R270",
                    ));
                }
                let pos = r.position(
                    p.and_then(|p| p.get("position")),
                    &format!("{path}.payload.position"),
                );
                if tile.is_some() {
                    r.fail(error("I405", &path, "a second tile in one turn"));
                }
                match (t, rotation, pos) {
                    (Some(t), Some(rotation), Some(pos)) => {
                        tile = Some((player, t, pos, rotation, path));
                    }
                    _ => broken = true,
                }
                actions.clear();
                passed = false;
            }
            "DEPLOY_MEEPLE" | "PLACE_TOKEN" | "CAPTURE_FOLLOWER" | "EXCHANGE_FOLLOWER"
            | "PAY_RANSOM"
                if broken => {}
            "DEPLOY_MEEPLE" | "PLACE_TOKEN" | "CAPTURE_FOLLOWER" | "EXCHANGE_FOLLOWER"
            | "PAY_RANSOM"
                if tile.is_none() =>
            {
                r.fail(error("I405", &path, "a figure before the turn's tile"));
            }
            "DEPLOY_MEEPLE" => {
                let Some((_, t, pos, rotation, _)) = &tile else {
                    continue;
                };
                let (t, pos, rotation) = (*t, *pos, *rotation);
                let Some(meeple) = r.meeple(p, &format!("{path}.payload")) else {
                    continue;
                };
                let pointer = p.and_then(|p| p.get("pointer")).and_then(Value::as_object);
                let ppath = format!("{path}.payload.pointer");
                let at = r.position(
                    pointer.and_then(|p| p.get("position")),
                    &format!("{ppath}.position"),
                );
                let feature = pointer
                    .and_then(|p| p.get("feature"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                // A follower put on the flying machine (The Flying Machines).
                if feature == "FlyingMachine" {
                    let random = p.and_then(|p| p.get("random")).and_then(Value::as_f64);
                    match random.and_then(flier_roll) {
                        Some(die) => actions.push((Action::Fly(die), path)),
                        None => r.fail(error(
                            "I404",
                            format!("{path}.payload.random"),
                            "not a number from 0 to 1",
                        )),
                    }
                    continue;
                }
                // A follower on top of a tower, on any tile (The Tower).
                if feature == "Tower" {
                    if let Some(at) = at {
                        actions.push((Action::OnTower(meeple.figure, at), path));
                    }
                    continue;
                }
                let kind = match feature_of(feature) {
                    Ok(k) => k,
                    Err(b) => {
                        r.fail(beyond_error(
                            &b,
                            &format!("{ppath}.feature"),
                            &format!("feature {feature}"),
                        ));
                        continue;
                    }
                };
                let flew = actions.iter().any(|(a, _)| matches!(a, Action::Fly(_)));
                if at.is_some_and(|at| at != pos) {
                    if portal || flew {
                        let laid = |at: Pos| laid_at(&tile, &board, at);
                        if let Some((at, spot)) = feature_spot(r, pointer, &ppath, laid) {
                            actions.push((Action::Portal(meeple.figure, at, spot), path));
                        }
                    } else {
                        r.fail(error(
                            "I408",
                            format!("{ppath}.position"),
                            "a figure on another tile than the turn's",
                        ));
                    }
                    continue;
                }
                let location = pointer
                    .and_then(|p| p.get("location"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let spot =
                    spot_of(location).ok_or_else(|| format!("{location:?} is not a location"));
                let def = r.catalog.def(t);
                match spot.and_then(|s| crate::import::canonical_spot(def, rotation, s, kind)) {
                    Ok(spot) => actions.push((Action::Figure(meeple.figure, spot), path)),
                    Err(why) => r.fail(error("I408", format!("{ppath}.location"), why)),
                }
            }
            "PLACE_TOKEN" => {
                let token = p.and_then(|p| p.get("token")).and_then(Value::as_str);
                if token == Some("GOLD") {
                    // The second ingot: its pointer is the tile's square.
                    if let Some(at) = r.position(
                        p.and_then(|p| p.get("pointer")),
                        &format!("{path}.payload.pointer"),
                    ) {
                        actions.push((Action::Gold(at), path));
                    }
                    continue;
                }
                if token == Some("FERRY") {
                    // The lake's square, and its two road ends joined, as
                    // the edges they reach (`WE`, `SE`).
                    let pointer = p.and_then(|p| p.get("pointer")).and_then(Value::as_object);
                    let ppath = format!("{path}.payload.pointer");
                    let at = r.position(
                        pointer.and_then(|p| p.get("position")),
                        &format!("{ppath}.position"),
                    );
                    let location = pointer
                        .and_then(|p| p.get("location"))
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    match Place::from_word(location) {
                        Some(place @ Place::Ends(..)) => {
                            if let Some(at) = at {
                                actions.push((Action::Ferry(at, place), path));
                            }
                        }
                        _ => r.fail(error(
                            "I404",
                            format!("{ppath}.location"),
                            format!("{location:?} names no two road ends"),
                        )),
                    }
                    continue;
                }
                if token != Some("TOWER_PIECE") {
                    let b = message_expansion(kind, payload);
                    r.fail(beyond_error(&b, &path, &format!("the move {kind}")));
                    continue;
                }
                let pointer = p.and_then(|p| p.get("pointer")).and_then(Value::as_object);
                let at = r.position(
                    pointer.and_then(|p| p.get("position")),
                    &format!("{path}.payload.pointer.position"),
                );
                if let Some(at) = at {
                    actions.push((Action::OnTower(Some("tower"), at), path));
                }
            }
            "CAPTURE_FOLLOWER" => {
                let pointer = p.and_then(|p| p.get("pointer")).and_then(Value::as_object);
                let Some(meeple) = r.meeple(pointer, &format!("{path}.payload.pointer")) else {
                    continue;
                };
                let fpath = format!("{path}.payload.pointer.featurePointer");
                let fp = pointer
                    .and_then(|p| p.get("featurePointer"))
                    .and_then(Value::as_object);
                let Some(at) = r.position(
                    fp.and_then(|p| p.get("position")),
                    &format!("{fpath}.position"),
                ) else {
                    continue;
                };
                let feature = fp
                    .and_then(|p| p.get("feature"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let place = if feature == "Tower" {
                    Ok(Place::Tower)
                } else {
                    let laid = match &tile {
                        Some((_, t, pos, rotation, _)) if *pos == at => Some((*t, *rotation)),
                        _ => board.get(&at).copied(),
                    };
                    let location = fp
                        .and_then(|p| p.get("location"))
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    match (laid, feature_of(feature)) {
                        (_, Err(b)) => {
                            r.fail(beyond_error(
                                &b,
                                &format!("{fpath}.feature"),
                                &format!("feature {feature}"),
                            ));
                            continue;
                        }
                        (None, _) => Err(format!("no tile at {at}")),
                        (Some((t, rotation)), Ok(kind)) => spot_of(location)
                            .ok_or_else(|| format!("{location:?} is not a location"))
                            .and_then(|s| {
                                crate::import::canonical_spot(r.catalog.def(t), rotation, s, kind)
                            })
                            .map(Place::Spot),
                    }
                };
                match place {
                    Ok(place) => actions.push((Action::Capture { at, place, meeple }, path)),
                    Err(why) => r.fail(error("I408", format!("{fpath}.location"), why)),
                }
            }
            "EXCHANGE_FOLLOWER" | "PAY_RANSOM" => {
                if let Some(meeple) = r.meeple(p, &format!("{path}.payload")) {
                    let action = if kind == "PAY_RANSOM" {
                        Action::Ransom(meeple)
                    } else {
                        Action::Exchange(meeple)
                    };
                    actions.push((action, path));
                }
            }
            "PASS" => passed = true,
            "UNDO" => {
                if actions.pop().is_none() && !std::mem::take(&mut passed) {
                    tile = None;
                }
            }
            "COMMIT" if std::mem::take(&mut broken) => tile = None,
            "COMMIT" => {
                let random = payload
                    .and_then(|p| p.get("random"))
                    .and_then(Value::as_f64)
                    .filter(|r| (0.0..1.0).contains(r));
                if random.is_none() {
                    r.fail(error(
                        "I404",
                        format!("{path}.payload.random"),
                        "not a number from 0 to 1",
                    ));
                }
                match tile.take() {
                    Some((player, tile, pos, rotation, path)) => {
                        board.insert(pos, (tile, rotation));
                        turns.push(Turn {
                            player,
                            tile,
                            pos,
                            rotation,
                            actions: std::mem::take(&mut actions),
                            random,
                            path,
                        });
                    }
                    None => r.fail(error("I405", &path, "a turn without a tile")),
                }
                passed = false;
            }
            "MOVE_NEUTRAL_FIGURE" | "RETURN_MEEPLE" | "CIRCLE_REMOVE_OR_DEPLOY" => {
                let b = message_expansion(kind, payload);
                r.fail(beyond_error(&b, &path, &format!("the move {kind}")));
            }
            other => r.fail(error(
                "I404",
                format!("{path}.type"),
                format!("not a message carcref knows: {other:?}"),
            )),
        }
    }
    let open = match tile {
        Some((player, tile, pos, rotation, path)) if open_last && !broken => {
            turns.push(Turn {
                player,
                tile,
                pos,
                rotation,
                actions,
                random: None,
                path,
            });
            true
        }
        // A save made in the middle of a turn: the turn is not finished.
        Some(_) => {
            r.fail(error("I405", "replay", "the last turn has no COMMIT"));
            false
        }
        None => false,
    };
    (turns, open)
}
