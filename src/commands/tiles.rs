//! `carcref tiles`: the tile catalog, or one tile at every rotation.

use std::io::Write;

use super::EXIT_USAGE;
use crate::cli::OutputFormat;
use crate::render::{tiles, tiles_json};
use crate::tiles::TileCatalog;

/// Shows the catalog, or the tile `id` at every rotation.
pub(super) fn run(
    id: Option<&str>,
    format: OutputFormat,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if format == OutputFormat::Json {
        let document = match id {
            None => tiles_json::tiles(catalog.iter().map(|(_, def)| def), false),
            Some(id) => {
                let Some(def) = catalog.id(id).and_then(|t| catalog.get(t)) else {
                    let _ = writeln!(err, "error: no tile {id}; `carcref tiles` lists them");
                    return EXIT_USAGE;
                };
                tiles_json::tiles([def], true)
            }
        };
        let _ = writeln!(out, "{document}");
        return 0;
    }
    let mut text = String::new();
    match id {
        None => tiles::write_catalog(&mut text, catalog),
        Some(id) => {
            let Some(def) = catalog.id(id).and_then(|t| catalog.get(t)) else {
                let _ = writeln!(
                    err,
                    "error: no tile {id}; `carcref tiles` lists them{}",
                    crate::suggest::did_you_mean(id, catalog.iter().map(|(_, d)| d.id.as_str()))
                );
                return EXIT_USAGE;
            };
            tiles::write_tile(&mut text, def);
        }
    }
    let _ = out.write_all(text.as_bytes());
    0
}
