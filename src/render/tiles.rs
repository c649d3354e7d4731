//! The tile catalog for people (`carcref tiles`): each tile's picture, or
//! one tile at every rotation.

use std::fmt::Write as _;

use crate::tiles::picture::picture;
use crate::tiles::{Rotation, TileCatalog, TileDef};

/// Every tile of the catalog: its id, count and name, and its picture.
pub fn write_catalog(out: &mut String, catalog: &TileCatalog) {
    for (_, def) in catalog.iter() {
        let _ = writeln!(out, "{} ×{} — {}", def.id, def.count, def.name);
        for row in picture(def, Rotation::R0) {
            let _ = writeln!(out, "    {row}");
        }
        let _ = writeln!(out);
    }
}

/// One tile: its id, count, set and name, and its pictures at the four
/// rotations side by side.
pub fn write_tile(out: &mut String, def: &TileDef) {
    let _ = writeln!(
        out,
        "{} ×{} ({} set) — {}",
        def.id, def.count, def.set, def.name
    );
    let pics: Vec<Vec<String>> = Rotation::ALL.iter().map(|r| picture(def, *r)).collect();
    let _ = writeln!(
        out,
        "{}",
        Rotation::ALL
            .map(|r| format!("{:<11}", r.to_string()))
            .join("  ")
    );
    for row in 0..5 {
        let line: Vec<String> = pics
            .iter()
            .map(|p| p.get(row).cloned().unwrap_or_default())
            .collect();
        let _ = writeln!(out, "{}", line.join("  "));
    }
}
