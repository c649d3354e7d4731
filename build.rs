//! Turns the embedded tile sets (`notation/tiles/*.yaml`) into JSON at build
//! time, so that the catalog built into carcref is read by a quick JSON reader
//! when the program starts; the YAML stays the one source. Writes
//! `embedded_sets.rs` into `OUT_DIR`, naming each set with its YAML text and its
//! JSON form.

use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

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

fn main() -> Result<(), Box<dyn Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let tiles = root.join("notation").join("tiles");
    println!("cargo::rerun-if-changed=build.rs");
    let (mut yaml_list, mut json_list) = (String::new(), String::new());
    for (name, file) in SETS {
        let path = tiles.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let value: serde_yaml::Value = serde_yaml::from_str(&text)
            .map_err(|e| format!("{} is not YAML: {e}", path.display()))?;
        let json_path = out.join(format!("{name}.json"));
        std::fs::write(&json_path, serde_json::to_string(&value)?)?;
        writeln!(
            yaml_list,
            "    ({name:?}, include_str!({:?})),",
            path.display()
        )?;
        writeln!(
            json_list,
            "    ({name:?}, include_str!({:?})),",
            json_path.display()
        )?;
    }
    let source = format!(
        "/// The embedded tile sets, in catalog order: each set's name and YAML text.\n\
         pub const EMBEDDED_SETS: &[(&str, &str)] = &[\n{yaml_list}];\n\n\
         /// The embedded tile sets as [`EMBEDDED_SETS`], each in its JSON form.\n\
         const EMBEDDED_JSON: &[(&str, &str)] = &[\n{json_list}];\n"
    );
    std::fs::write(out.join("embedded_sets.rs"), source)?;
    Ok(())
}
