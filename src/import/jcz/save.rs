//! Reading the save: its JSON values with the faults found in them, the
//! setup (tile sets, figures and rule options, the start tile), the players,
//! and a scenario's assertions.

use serde_json::{Map, Value};

use super::names::{Beyond, beyond, beyond_error, figure_of, set_of};
use crate::board::Pos;
use crate::import::{ImportError, error};
use crate::rules::expansions::Expansion;
use crate::rules::variants::Variant;
use crate::tiles::{TileCatalog, TileId};

/// A follower by the program's meeple id (`1.big.2`: seat, kind, number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Meeple {
    pub(super) id: String,
    /// Its owner's seat.
    pub(super) owner: usize,
    /// The figure (`None`: the plain follower).
    pub(super) figure: Option<&'static str>,
}

impl Meeple {
    /// The kind as the actions of The Tower name it (`follower`, `big`).
    pub(super) fn kind(&self) -> &'static str {
        self.figure.unwrap_or("follower")
    }
}

pub(super) struct Reader<'a> {
    pub(super) catalog: &'a TileCatalog,
    pub(super) errors: Vec<ImportError>,
}

impl Reader<'_> {
    pub(super) fn fail(&mut self, e: ImportError) {
        self.errors.push(e);
    }

    pub(super) fn member<'v>(
        &mut self,
        o: &'v Map<String, Value>,
        key: &str,
        path: &str,
    ) -> Option<&'v Value> {
        let v = o.get(key);
        if v.is_none() {
            let at = if path.is_empty() {
                key.to_string()
            } else {
                format!("{path}.{key}")
            };
            self.fail(error("I403", at, format!("no `{key}`")));
        }
        v
    }

    pub(super) fn object<'v>(
        &mut self,
        v: &'v Value,
        path: &str,
    ) -> Option<&'v Map<String, Value>> {
        let o = v.as_object();
        if o.is_none() {
            self.fail(error("I402", path, "not an object"));
        }
        o
    }

    pub(super) fn array<'v>(&mut self, v: &'v Value, path: &str) -> Option<&'v Vec<Value>> {
        let a = v.as_array();
        if a.is_none() {
            self.fail(error("I402", path, "not an array"));
        }
        a
    }

    pub(super) fn tile(&mut self, v: &Value, path: &str) -> Option<TileId> {
        let Some(id) = v.as_str() else {
            self.fail(error("I404", path, format!("not a tile id: {v}")));
            return None;
        };
        match self.catalog.by_jcz(id) {
            Some(t) => Some(t),
            None => {
                let set = id.split('/').next().unwrap_or(id);
                let b = match set {
                    "AM" => Beyond::Outside("Abbey & Mayor"),
                    "BA" if id.ends_with('G') => Beyond::Outside("The Abbot (gardens)"),
                    _ => Beyond::Unknown,
                };
                self.fail(beyond_error(&b, path, &format!("tile {id}")));
                None
            }
        }
    }

    /// The figure a message's `meepleId` names (`base` is the path of the
    /// object holding it).
    pub(super) fn meeple(&mut self, o: Option<&Map<String, Value>>, base: &str) -> Option<Meeple> {
        let path = format!("{base}.meepleId");
        let id = o
            .and_then(|o| o.get("meepleId"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let mut parts = id.split('.');
        let owner = parts.next().and_then(|s| s.parse::<usize>().ok());
        let (Some(owner), Some(kind)) = (owner, parts.next()) else {
            self.fail(error("I404", path, format!("not a figure id: {id:?}")));
            return None;
        };
        match figure_of(kind) {
            Ok(figure) => Some(Meeple {
                id: id.to_string(),
                owner,
                figure,
            }),
            Err(b) => {
                self.fail(beyond_error(&b, &path, &format!("figure {id}")));
                None
            }
        }
    }

    pub(super) fn position(&mut self, v: Option<&Value>, path: &str) -> Option<Pos> {
        let xy = v
            .and_then(Value::as_array)
            .and_then(|a| match a.as_slice() {
                [x, y] => Some((x.as_i64()?, y.as_i64()?)),
                _ => None,
            });
        let pos = xy.and_then(|(x, y)| {
            let x = i32::try_from(x).ok()?;
            let y = i32::try_from(y).ok()?.checked_neg()?;
            Some(Pos::new(x, y))
        });
        if pos.is_none() {
            self.fail(error("I404", path, "not a position [x, y]"));
        }
        pos
    }
}

/// The setup a save describes, in CGN terms.
pub(super) struct Setup {
    /// The expansions in play: of the tile sets, and of the figures.
    pub(super) expansions: Vec<Expansion>,
    /// The tile sets (the program's pack).
    pub(super) sets: Vec<&'static str>,
    pub(super) variants: Vec<Variant>,
    pub(super) figures: Vec<String>,
}

pub(super) fn read_setup(r: &mut Reader<'_>, setup: &Map<String, Value>) -> Option<Setup> {
    let mut expansions: Vec<Expansion> = Vec::new();
    let mut tile_sets: Vec<Expansion> = Vec::new();
    let add = |list: &mut Vec<Expansion>, e: Expansion| {
        if !list.contains(&e) {
            list.push(e);
        }
    };
    if let Some(sets) = r
        .member(setup, "sets", "setup")
        .and_then(|v| r.object(v, "setup.sets"))
    {
        for (id, copies) in sets {
            let path = format!("setup.sets.{id}");
            match set_of(id) {
                Ok(e) => {
                    if copies.as_u64() != Some(1) {
                        r.fail(error(
                            "I404",
                            &path,
                            format!("{copies} copies of a tile set; a game from the box has 1"),
                        ));
                    }
                    if let Some(e) = e {
                        add(&mut expansions, e);
                        add(&mut tile_sets, e);
                    }
                }
                Err(b) => r.fail(beyond_error(&b, &path, &format!("tile set {id}"))),
            }
        }
    }
    // Figures per player where they differ from the box.
    let mut figures = Vec::new();
    if let Some(elements) = r
        .member(setup, "elements", "setup")
        .and_then(|v| r.object(v, "setup.elements"))
    {
        if !elements.contains_key("farmers") {
            r.fail(error(
                "I410",
                "setup.elements",
                "a game without farmers: no rulebook carcref follows plays so",
            ));
        }
        for (name, value) in elements {
            let path = format!("setup.elements.{name}");
            let (figure, expansion, box_count) = match name.as_str() {
                "small-follower" => ("follower", None, 7),
                "big-follower" => ("big", Some(Expansion::InnsAndCathedrals), 1),
                "builder" => ("builder", Some(Expansion::TradersAndBuilders), 1),
                "pig" => ("pig", Some(Expansion::TradersAndBuilders), 1),
                "farmers" | "river" | "cathedral" | "inn" | "traders" | "pig-herd" => continue,
                // The program gives each player the box's tower pieces for the
                // number of players, whatever the element's value: so does the
                // referee (SPEC 6.6).
                "tower" => {
                    add(&mut expansions, Expansion::Tower);
                    continue;
                }
                // The neutral dragon and fairy, and the rules of the princess
                // and the portal: the program gives one dragon and one fairy,
                // as the box does, whatever the values.
                "dragon" | "fairy" | "princess" | "portal" => {
                    add(&mut expansions, Expansion::PrincessAndDragon);
                    continue;
                }
                // The crop circles: their tiles say which set is in play.
                "corn-circle" => continue,
                // The flying machines' die: the program gives the box's.
                "flier" => {
                    add(&mut expansions, Expansion::FlyingMachines);
                    continue;
                }
                // The ingots of The Gold Mines: the program gives the box's.
                "gold" => {
                    add(&mut expansions, Expansion::GoldMines);
                    continue;
                }
                // The neutral mage and witch: one each, as in the box.
                "mage" | "witch" => {
                    add(&mut expansions, Expansion::MageAndWitch);
                    continue;
                }
                // The ferries: one a lake tile, as in the box.
                "ferry" => {
                    add(&mut expansions, Expansion::Ferries);
                    continue;
                }
                other => {
                    r.fail(beyond_error(
                        &beyond(other),
                        &path,
                        &format!("element {other}"),
                    ));
                    continue;
                }
            };
            if let Some(e) = expansion {
                add(&mut expansions, e);
            }
            match value.as_u64().and_then(|n| u8::try_from(n).ok()) {
                Some(n) if n == box_count => {}
                Some(n) if n <= 99 => figures.push(format!("{figure} {n}")),
                _ => r.fail(error(
                    "I404",
                    &path,
                    format!("not a number of figures: {value}"),
                )),
            }
        }
    }
    // The program plays the Princess & the Dragon's tiles by the rules of the
    // elements present. Without the dragon, a volcano and a dragon tile are
    // plain tiles (no dragon, no tile set aside); without the princess, a
    // princess tile sends no knight home, which the 2000 text's "he must"
    // does not allow. No rulebook plays the tiles so, and the record cannot
    // say it. Without the fairy or the portal, they are only never used.
    if tile_sets.contains(&Expansion::PrincessAndDragon)
        && let Some(elements) = setup.get("elements").and_then(Value::as_object)
    {
        let must = setup
            .get("rules")
            .and_then(|o| o.get("princess-action"))
            .and_then(Value::as_str)
            == Some("must");
        let missing: Vec<&str> = ["dragon", "princess"]
            .into_iter()
            .filter(|e| !elements.contains_key(*e) && (*e == "dragon" || must))
            .collect();
        if !missing.is_empty() {
            r.fail(error(
                "I407",
                "setup.elements",
                format!(
                    "The Princess & the Dragon's tiles without the element {}: the program then plays them without its rule, outside the rulebooks carcref referees",
                    missing.join(" and ")
                ),
            ));
        }
    }
    let mut variants = Vec::new();
    if let Some(rules) = setup.get("rules")
        && let Some(rules) = r.object(rules, "setup.rules")
    {
        match rules.get("tiny-city-scoring").map(|v| v.as_str()) {
            None | Some(Some("4")) => {}
            Some(Some("2")) => variants.push(Variant::TinyCity2),
            Some(_) => r.fail(error(
                "I404",
                "setup.rules.tiny-city-scoring",
                "neither \"4\" nor \"2\"",
            )),
        }
    }
    if expansions.contains(&Expansion::River) {
        variants.push(Variant::RiverKeepsStartTile);
        variants.push(Variant::RiverFreeCourse);
    }
    if expansions.contains(&Expansion::PrincessAndDragon) {
        // The program's options of The Princess & the Dragon, each left out
        // for its default (the first value). Where the value is the 2000
        // text's, no variant is needed.
        let rules = setup.get("rules").and_then(Value::as_object);
        for (option, default, text, variant) in [
            (
                "fairy-placement",
                "next-follower",
                "on-tile",
                Variant::FairyNextFollower,
            ),
            ("princess-action", "may", "must", Variant::PrincessMay),
            (
                "dragon-move",
                "before-scoring",
                "after-scoring",
                Variant::DragonBeforeScoring,
            ),
        ] {
            match rules.and_then(|o| o.get(option)).map(Value::as_str) {
                None => variants.push(variant),
                Some(Some(v)) if v == default => variants.push(variant),
                Some(Some(v)) if v == text => {}
                Some(_) => r.fail(error(
                    "I404",
                    format!("setup.rules.{option}"),
                    format!("neither \"{default}\" nor \"{text}\""),
                )),
            }
        }
    }
    expansions.sort();
    tile_sets.sort();
    let mut sets = vec![crate::rules::BASIC_SET];
    sets.extend(tile_sets.iter().map(|e| e.name()));
    Some(Setup {
        expansions,
        sets,
        variants,
        figures,
    })
}

/// Checks the start tile: the box's (the spring with the River), at 0,0 as
/// pictured.
pub(super) fn check_start(r: &mut Reader<'_>, setup: &Map<String, Value>, river: bool) {
    let expected = if river {
        r.catalog.start_of(Expansion::River.name())
    } else {
        r.catalog.start_of(crate::rules::BASIC_SET)
    };
    let Some(start) = r
        .member(setup, "start", "setup")
        .and_then(|v| r.array(v, "setup.start"))
    else {
        return;
    };
    let ok = match start.as_slice() {
        [one] => {
            let tile = one.get("tile").and_then(Value::as_str);
            tile.and_then(|t| r.catalog.by_jcz(t)) == expected
                && one.get("x").and_then(Value::as_i64) == Some(0)
                && one.get("y").and_then(Value::as_i64) == Some(0)
                && one.get("rotation").and_then(Value::as_i64) == Some(0)
        }
        _ => false,
    };
    if !ok {
        let name = expected
            .and_then(|t| r.catalog.get(t))
            .and_then(|d| d.jcz.clone())
            .unwrap_or_default();
        r.fail(error(
            "I409",
            "setup.start",
            format!("the start tile must be the box's, {name} at 0,0 rotation 0"),
        ));
    }
}

/// The players' names in seat order.
pub(super) fn read_players(r: &mut Reader<'_>, root: &Map<String, Value>) -> Vec<String> {
    let Some(list) = r
        .member(root, "players", "")
        .and_then(|v| r.array(v, "players"))
    else {
        return Vec::new();
    };
    let mut seated: Vec<(u64, String)> = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let path = format!("players[{i}]");
        let name = p.get("name").and_then(Value::as_str);
        let slot = p.get("slot").and_then(Value::as_u64);
        match (name, slot) {
            (Some(name), Some(slot)) => {
                if let Some(problem) = crate::import::name_problem(name) {
                    r.fail(error("I404", format!("{path}.name"), problem));
                } else if seated.iter().any(|(_, n)| n == name) {
                    r.fail(error(
                        "I404",
                        format!("{path}.name"),
                        format!("{name} is seated twice"),
                    ));
                }
                seated.push((slot, name.to_string()));
            }
            _ => r.fail(error("I404", path, "a player is a name and a slot")),
        }
    }
    seated.sort();
    if seated.is_empty() || seated.len() > crate::player::MAX_PLAYERS {
        r.fail(error(
            "I404",
            "players",
            format!("{} players", seated.len()),
        ));
    }
    seated.into_iter().map(|(_, n)| n).collect()
}

/// What a scenario's assertions say: final points (`Alice has 8 points`),
/// scorings (`Alice scored city for 6 points`), and whether the save ends in
/// a turn its player may not end there (`Player can't pass`).
#[derive(Debug, Default)]
pub(super) struct Assertions {
    pub(super) result: Vec<(String, u32)>,
    pub(super) scored: Vec<String>,
    pub(super) cannot_pass: bool,
}

/// The claims of a scenario's assertions ([`Assertions`]).
pub(super) fn read_assertions(
    r: &mut Reader<'_>,
    test: &Map<String, Value>,
    players: &[String],
) -> Assertions {
    let mut out = Assertions::default();
    let Some(list) = test
        .get("assertions")
        .and_then(|a| r.array(a, "test.assertions"))
    else {
        return out;
    };
    let (result, scored) = (&mut out.result, &mut out.scored);
    for (i, a) in list.iter().enumerate() {
        let path = format!("test.assertions[{i}]");
        let text = a.as_str().unwrap_or("");
        // The turn in progress when the save was made may not end there:
        // the record writes it as it stands, and the referee must refuse it.
        if text
            .strip_suffix(" can't pass")
            .is_some_and(|who| who == "Player" || players.iter().any(|p| p == who))
        {
            out.cannot_pass = true;
            continue;
        }
        let name = players
            .iter()
            .filter(|p| text.starts_with(&format!("{p} ")))
            .max_by_key(|p| p.len());
        let rest = name.and_then(|n| text.get(n.len() + 1..));
        let has = rest
            .and_then(|s| s.strip_prefix("has "))
            .and_then(|s| s.strip_suffix(" points"))
            .and_then(|n| n.parse::<u32>().ok());
        let scoring = rest
            .and_then(|s| s.strip_prefix("scored "))
            .and_then(|s| s.strip_suffix(" points"))
            .and_then(|s| s.split_once(" for "))
            .and_then(|(kind, n)| Some((kind, n.parse::<u32>().ok()?)));
        match (name, has, scoring) {
            (Some(name), Some(n), _) => result.push((name.clone(), n)),
            (Some(name), None, Some((kind, n))) if crate::header::SCORED_KINDS.contains(&kind) => {
                scored.push(format!("{name} {kind} {n}"));
            }
            _ => r.fail(error(
                "I411",
                path,
                format!("an assertion carcref cannot check: {text:?}"),
            )),
        }
    }
    out
}
