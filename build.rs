//! Turns the embedded tile sets (`notation/tiles/*.yaml`) into a compact form at
//! build time, so that the catalog built into carcref is read by a few lines of
//! splitting when the program starts; the YAML stays the one source. Writes
//! `embedded_sets.rs` into `OUT_DIR`, naming each set with its YAML text and its
//! compact form.
//!
//! The compact form (read by `src/tiles/catalog/compact.rs`) is a line a record,
//! its fields parted by tabs: the set (`S`), then each tile (`T`) followed by
//! its cities (`C`), roads (`R`), rivers (`V`) and fields (`F`). An optional
//! value is `~` when absent and `=` then the value when given; a flag is `0` or
//! `1`; a list's items are parted by spaces. A key the catalog does not read, or
//! a value of the wrong kind, fails the build.

use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde_yaml::{Mapping, Value};

/// The embedded tile sets, in catalog order: the set's name and its file under
/// `notation/tiles/`.
const SETS: &[(&str, &str)] = &[
    ("basic", "basic.yaml"),
    ("river", "river.yaml"),
    ("inns-and-cathedrals", "inns-and-cathedrals.yaml"),
    ("traders-and-builders", "traders-and-builders.yaml"),
    ("tower", "tower.yaml"),
    ("princess-and-dragon", "princess-and-dragon.yaml"),
    ("gold-mines", "gold-mines.yaml"),
    ("flying-machines", "flying-machines.yaml"),
    ("crop-circles-1", "crop-circles-1.yaml"),
    ("crop-circles-2", "crop-circles-2.yaml"),
    ("mage-and-witch", "mage-and-witch.yaml"),
    ("ferries", "ferries.yaml"),
    ("robbers", "robbers.yaml"),
    // No land tiles: the message tiles never go on the board.
    ("messengers", "messengers.yaml"),
];

type Failure = Box<dyn Error>;

fn main() -> Result<(), Failure> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let tiles = root.join("notation").join("tiles");
    println!("cargo::rerun-if-changed=build.rs");
    let (mut yaml_list, mut compact_list) = (String::new(), String::new());
    for (name, file) in SETS {
        let path = tiles.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let value: Value = serde_yaml::from_str(&text)
            .map_err(|e| format!("{} is not YAML: {e}", path.display()))?;
        let compact = compact_set(&value).map_err(|e| format!("{}: {e}", path.display()))?;
        let compact_path = out.join(format!("{name}.tiles"));
        std::fs::write(&compact_path, compact)?;
        writeln!(
            yaml_list,
            "    ({name:?}, include_str!({:?})),",
            path.display()
        )?;
        writeln!(
            compact_list,
            "    ({name:?}, include_str!({:?})),",
            compact_path.display()
        )?;
    }
    let source = format!(
        "/// The embedded tile sets, in catalog order: each set's name and YAML text.\n\
         pub const EMBEDDED_SETS: &[(&str, &str)] = &[\n{yaml_list}];\n\n\
         /// The embedded tile sets as [`EMBEDDED_SETS`], each in its compact form.\n\
         const EMBEDDED_COMPACT: &[(&str, &str)] = &[\n{compact_list}];\n"
    );
    std::fs::write(out.join("embedded_sets.rs"), source)?;
    Ok(())
}

/// A mapping's values by key, each taken once; the keys left over are the
/// ones the catalog does not read.
struct Fields<'v>(Vec<(&'v str, &'v Value)>);

impl<'v> Fields<'v> {
    fn of(value: &'v Value, what: &str) -> Result<Fields<'v>, Failure> {
        let Value::Mapping(map) = value else {
            return Err(format!("{what} is not a mapping").into());
        };
        Fields::of_map(map, what)
    }

    fn of_map(map: &'v Mapping, what: &str) -> Result<Fields<'v>, Failure> {
        let mut fields = Vec::new();
        for (k, v) in map {
            let Value::String(k) = k else {
                return Err(format!("{what} has a key that is not a string").into());
            };
            fields.push((k.as_str(), v));
        }
        Ok(Fields(fields))
    }

    fn take(&mut self, key: &str) -> Option<&'v Value> {
        let i = self.0.iter().position(|(k, _)| *k == key)?;
        Some(self.0.remove(i).1)
    }

    fn text(&mut self, key: &str) -> Result<String, Failure> {
        match self.take(key) {
            Some(v) => word(v, key),
            None => Err(format!("missing {key}").into()),
        }
    }

    fn optional(&mut self, key: &str) -> Result<String, Failure> {
        match self.take(key) {
            None | Some(Value::Null) => Ok("~".into()),
            Some(v) => Ok(format!("={}", word(v, key)?)),
        }
    }

    fn flag(&mut self, key: &str) -> Result<&'static str, Failure> {
        match self.take(key) {
            None | Some(Value::Bool(false)) => Ok("0"),
            Some(Value::Bool(true)) => Ok("1"),
            Some(_) => Err(format!("{key} is not true or false").into()),
        }
    }

    fn list(&mut self, key: &str) -> Result<Vec<&'v Value>, Failure> {
        match self.take(key) {
            None => Ok(Vec::new()),
            Some(Value::Sequence(items)) => Ok(items.iter().collect()),
            Some(_) => Err(format!("{key} is not a list").into()),
        }
    }

    fn words(&mut self, key: &str) -> Result<String, Failure> {
        let mut out = Vec::new();
        for v in self.list(key)? {
            let w = word(v, key)?;
            if w.contains(' ') || w.is_empty() {
                return Err(format!("{key}: {w:?} holds a space or is empty").into());
            }
            out.push(w);
        }
        Ok(out.join(" "))
    }

    fn done(self, what: &str) -> Result<(), Failure> {
        match self.0.first() {
            Some((k, _)) => Err(format!("{what}: unknown field `{k}`").into()),
            None => Ok(()),
        }
    }
}

/// A string value, which the compact form can hold (no tab or line break).
fn word(value: &Value, key: &str) -> Result<String, Failure> {
    let Value::String(s) = value else {
        return Err(format!("{key} is not a string").into());
    };
    if s.contains(['\t', '\n', '\r']) {
        return Err(format!("{key}: {s:?} holds a tab or a line break").into());
    }
    Ok(s.clone())
}

/// A tile set in the compact form.
fn compact_set(value: &Value) -> Result<String, Failure> {
    let mut set = Fields::of(value, "the set")?;
    let mut out = String::new();
    let name = set.text("set")?;
    let (start, last) = (set.optional("start")?, set.optional("last")?);
    writeln!(out, "S\t{name}\t{start}\t{last}")?;
    let tiles = match set.take("tiles") {
        Some(Value::Sequence(items)) => items,
        _ => return Err("tiles is not a list".into()),
    };
    set.done("the set")?;
    for tile in tiles {
        compact_tile(tile, &mut out)?;
    }
    Ok(out)
}

/// A tile and its segments in the compact form.
fn compact_tile(tile: &Value, out: &mut String) -> Result<(), Failure> {
    let mut t = Fields::of(tile, "a tile")?;
    let id = t.text("id")?;
    let jcz = t.optional("jcz")?;
    let count = match t.take("count") {
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("tile {id}: count {n} is not 0-255"))?,
        _ => return Err(format!("tile {id}: count is not a number").into()),
    };
    let name = t.text("name")?;
    let edges = t.text("edges")?;
    let monastery = t.flag("monastery")?;
    let in_city = t.optional("monastery_in_city")?;
    let tower = t.flag("tower")?;
    let symbol = t.optional("symbol")?;
    let flight = t.optional("flight")?;
    let circle = t.optional("circle")?;
    writeln!(
        out,
        "T\t{id}\t{jcz}\t{count}\t{name}\t{edges}\t{monastery}\t{in_city}\t{tower}\t{symbol}\t{flight}\t{circle}"
    )?;
    let what = format!("tile {id}");
    for c in t.list("cities")? {
        let mut c = Fields::of(c, &what)?;
        let line = format!(
            "C\t{}\t{}\t{}\t{}\t{}",
            c.text("edges")?,
            c.flag("banner")?,
            c.flag("cathedral")?,
            c.optional("goods")?,
            c.flag("princess")?
        );
        c.done(&what)?;
        writeln!(out, "{line}")?;
    }
    for (mark, key) in [("R", "roads"), ("V", "rivers")] {
        for r in t.list(key)? {
            let mut r = Fields::of(r, &what)?;
            let line = format!(
                "{mark}\t{}\t{}\t{}",
                r.text("edges")?,
                r.flag("inn")?,
                r.flag("tunnel")?
            );
            r.done(&what)?;
            writeln!(out, "{line}")?;
        }
    }
    for f in t.list("fields")? {
        let mut f = Fields::of(f, &what)?;
        let line = format!("F\t{}\t{}", f.words("halves")?, f.words("touches")?);
        f.done(&what)?;
        writeln!(out, "{line}")?;
    }
    t.done(&what)?;
    Ok(())
}
