//! `carcref fix`: each game of each file searched for the slips that explain
//! its faults, the readings shown (as text or JSON), and with `--apply` the
//! one reading that explains every fault written ([`crate::repair::render`]).

use std::io::Write;
use std::path::PathBuf;

use super::{human_report, quiet};
use crate::cli::OutputFormat;
use crate::tiles::TileCatalog;

/// Searches the games of `files` (files, folders, `-` for standard input) for
/// their slips, and with `apply` writes the files whose repair is certain.
pub(super) fn run(
    files: &[PathBuf],
    apply: bool,
    format: OutputFormat,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let options = crate::repair::render::Options {
        apply,
        json: format == OutputFormat::Json,
        quiet: quiet(),
        report: human_report(),
    };
    crate::repair::render::run(files, &options, catalog, out, err)
}
