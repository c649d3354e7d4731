//! The program's names in carcref's terms: its tile sets, figures, features
//! and pointer locations; and, for what carcref does not referee, the
//! expansion or the rule system it belongs to (`I406`, `I407`).

use serde_json::Value;

use crate::import::{ImportError, error};
use crate::rules::expansions::Expansion;
use crate::tiles::{FeatureKind, Half, Side, Spot};

/// What a set id, an element or a message of the program belongs to, when it is
/// not something carcref referees.
pub(super) enum Beyond {
    /// An expansion of the rulebooks whose saves carcref does not read
    /// (`I406`): refereed in records of CGN, not read from the program's
    /// saves (The Messengers, The Robbers).
    NotYet(&'static str),
    /// Outside the rulebooks carcref follows (`I407`).
    Outside(&'static str),
    /// Of no rule system carcref knows (`I407`).
    Unknown,
}

/// The expansion of a tile-set id (`basic:1`, `river/1:1`), or what it is if it
/// is none of carcref's.
pub(super) fn set_of(id: &str) -> Result<Option<Expansion>, Beyond> {
    let name = id.split([':', '/']).next().unwrap_or(id);
    match (name, id) {
        (_, "basic:1") => Ok(None),
        ("basic", _) => Err(Beyond::Outside(
            "the later basic set with garden tiles (The Abbot)",
        )),
        ("river", _) if id.starts_with("river/1") || id.starts_with("river:") => {
            Ok(Some(Expansion::River))
        }
        ("river", _) if id.starts_with("river/2") => Err(Beyond::Outside("The River II")),
        ("river", _) => Err(Beyond::Unknown),
        ("inns-and-cathedrals", _) => Ok(Some(Expansion::InnsAndCathedrals)),
        ("traders-and-builders", _) => Ok(Some(Expansion::TradersAndBuilders)),
        ("tower", _) => Ok(Some(Expansion::Tower)),
        ("princess-and-dragon", _) => Ok(Some(Expansion::PrincessAndDragon)),
        ("goldmines", _) => Ok(Some(Expansion::GoldMines)),
        ("flier", _) => Ok(Some(Expansion::FlyingMachines)),
        ("corn-circles", _) if id.starts_with("corn-circles/1") => {
            Ok(Some(Expansion::CropCircles1))
        }
        ("corn-circles", _) if id.starts_with("corn-circles/2") => {
            Ok(Some(Expansion::CropCircles2))
        }
        ("mage-and-witch", _) => Ok(Some(Expansion::MageAndWitch)),
        ("ferries", _) => Ok(Some(Expansion::Ferries)),
        _ => Err(beyond(name)),
    }
}

/// The expansion an element or a set name outside carcref's belongs to.
pub(super) fn beyond(name: &str) -> Beyond {
    match name {
        "corn-circles" | "corn-circle" => Beyond::NotYet("Crop Circles"),
        "messages" | "messengers" => Beyond::NotYet("Messengers"),
        "robbers" | "robber" => Beyond::NotYet("Robbers"),
        "abbey-and-mayor" | "abbey" | "mayor" | "wagon" | "barn" => {
            Beyond::Outside("Abbey & Mayor")
        }
        "garden" | "abbot" => Beyond::Outside("The Abbot (gardens)"),
        "bridges-castles-and-bazaars" | "bridge" | "castle" | "bazaar" => {
            Beyond::Outside("Bridges, Castles & Bazaars")
        }
        _ => Beyond::Unknown,
    }
}

pub(super) fn beyond_error(b: &Beyond, path: &str, what: &str) -> ImportError {
    match b {
        Beyond::NotYet(name) => error(
            "I406",
            path,
            format!(
                "{what} belongs to {name}, which carcref referees in CGN but does not read from a JCloisterZone save"
            ),
        ),
        Beyond::Outside(name) => error(
            "I407",
            path,
            format!("{what} belongs to {name}, outside the rulebooks carcref referees"),
        ),
        Beyond::Unknown => error(
            "I407",
            path,
            format!("{what} belongs to no rule system of the rulebooks carcref referees"),
        ),
    }
}

/// The expansion a message of the replay belongs to (those of the basic game
/// and of the expansions carcref referees are read, not named here).
pub(super) fn message_expansion(kind: &str, payload: Option<&Value>) -> Beyond {
    let text = |key: &str| {
        payload
            .and_then(|p| p.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    match kind {
        "MOVE_NEUTRAL_FIGURE" => beyond(text("figureId").split('.').next().unwrap_or("")),
        "PLACE_TOKEN" => Beyond::Unknown,
        "RETURN_MEEPLE" => match text("source") {
            "FESTIVAL" => Beyond::Outside("The Festival"),
            "ABBOT_RETURN" => Beyond::Outside("The Abbot (gardens)"),
            "SIEGE_ESCAPE" => Beyond::Outside("The Cathars"),
            _ => Beyond::Unknown,
        },
        _ => Beyond::Unknown,
    }
}

/// The figure a meeple id (`0.small.1`) names: `None` for the plain follower.
pub(super) fn figure_of(kind: &str) -> Result<Option<&'static str>, Beyond> {
    match kind {
        "small" => Ok(None),
        "big" => Ok(Some("big")),
        "builder" => Ok(Some("builder")),
        "pig" => Ok(Some("pig")),
        "abbot" => Err(Beyond::Outside("The Abbot (gardens)")),
        "mayor" | "wagon" | "barn" => Err(Beyond::Outside("Abbey & Mayor")),
        "phantom" => Err(Beyond::Outside("The Phantom")),
        _ => Err(Beyond::Unknown),
    }
}

/// The feature kind of a pointer's `feature`.
pub(super) fn feature_of(name: &str) -> Result<FeatureKind, Beyond> {
    match name {
        "City" => Ok(FeatureKind::City),
        "Road" => Ok(FeatureKind::Road),
        "Field" => Ok(FeatureKind::Field),
        "Monastery" | "Cloister" => Ok(FeatureKind::Monastery),
        "Garden" => Err(Beyond::Outside("The Abbot (gardens)")),
        _ => Err(Beyond::Unknown),
    }
}

/// The spot a pointer's location names (in board directions): an edge of a
/// road or city (`NS`, `_S` = every edge but S), a half-edge of a field
/// (`NL.WR`), or `I`, the inner part.
pub(super) fn spot_of(location: &str) -> Option<Spot> {
    if location == "I" {
        return Some(Spot::Centre);
    }
    if location.contains(['L', 'R']) {
        let first = location.split('.').next()?;
        let half = match first {
            "NL" => 0,
            "NR" => 1,
            "EL" => 2,
            "ER" => 3,
            "SL" => 4,
            "SR" => 5,
            "WL" => 6,
            "WR" => 7,
            _ => return None,
        };
        return Some(Spot::Half(Half::from_index(half)));
    }
    let side = |c: char| Side::ALL.into_iter().find(|s| s.to_string().starts_with(c));
    match location.strip_prefix('_') {
        Some(except) => {
            let except: Vec<Side> = except.chars().filter_map(side).collect();
            Side::ALL
                .into_iter()
                .find(|s| !except.contains(s))
                .map(Spot::Edge)
        }
        None => location.chars().next().and_then(side).map(Spot::Edge),
    }
}
