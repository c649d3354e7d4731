//! The tile catalog as a JSON document (`carcref tiles --format json`): each
//! tile's edges, segments and picture, at one rotation or at every one.

use serde_json::{Value, json};

use super::json::VERSION;
use crate::tiles::picture::picture;
use crate::tiles::{Rotation, Side, Spot, TileDef};

/// The sides of an edge bit set (bit per [`Side`], clockwise from north).
fn sides(bits: u8) -> Vec<String> {
    Side::ALL
        .into_iter()
        .filter(|s| bits & s.bit() != 0)
        .map(|s| s.to_string())
        .collect()
}

/// A tile kind of the catalog as JSON (`rotations`: with its picture at each
/// rotation too).
pub(super) fn tile(def: &TileDef, rotations: bool) -> Value {
    let segments: Vec<Value> = def
        .segments
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = u8::try_from(i).ok();
            let spots: Vec<String> = Spot::all()
                .filter(|spot| id.is_some() && spot.segment(def, Rotation::R0) == id)
                .map(|spot| spot.to_string())
                .collect();
            let mut v = json!({"kind": s.kind, "spots": spots});
            if let Some(m) = v.as_object_mut() {
                for (flag, on) in [
                    ("banner", s.banner),
                    ("inn", s.inn),
                    ("cathedral", s.cathedral),
                ] {
                    if on {
                        m.insert(flag.to_string(), Value::Bool(true));
                    }
                }
                if let Some(g) = s.goods {
                    m.insert("goods".to_string(), json!(g));
                }
            }
            v
        })
        .collect();
    let edges: serde_json::Map<String, Value> = Side::ALL
        .into_iter()
        .zip(def.edges)
        .map(|(s, e)| (s.to_string(), Value::String(e.to_string())))
        .collect();
    let mut v = json!({
        "id": def.id,
        "name": def.name,
        "set": def.set,
        "count": def.count,
        "edges": edges,
        "segments": segments,
        "picture": picture(def, Rotation::R0),
    });
    if let Some(m) = v.as_object_mut() {
        if let Some(jcz) = &def.jcz {
            m.insert("jcz".to_string(), json!(jcz));
        }
        if def.river != 0 {
            m.insert("river".to_string(), json!(sides(def.river)));
        }
        if rotations {
            let pictures: serde_json::Map<String, Value> = Rotation::ALL
                .into_iter()
                .map(|r| (r.to_string(), json!(picture(def, r))))
                .collect();
            m.insert("rotations".to_string(), Value::Object(pictures));
        }
    }
    v
}

/// `tiles --format json`: the catalog's tile kinds (or the one asked for, with
/// its picture at every rotation).
pub fn tiles<'a>(defs: impl IntoIterator<Item = &'a TileDef>, one: bool) -> Value {
    let tiles: Vec<Value> = defs.into_iter().map(|d| tile(d, one)).collect();
    json!({"version": VERSION, "tiles": tiles})
}
