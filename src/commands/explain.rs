//! `carcref explain`: the section of `notation/diagnostics.md` for a code.

use std::io::Write;

use super::EXIT_USAGE;
use crate::cli::OutputFormat;

/// The text of `notation/diagnostics.md`, for `carcref explain`.
pub const DIAGNOSTICS_MD: &str = include_str!("../../notation/diagnostics.md");

/// The section of `notation/diagnostics.md` for a code (from its `## CODE` heading
/// to the next one).
pub fn explanation(code: &str) -> Option<&'static str> {
    let code = code.trim().to_ascii_uppercase();
    let start = DIAGNOSTICS_MD.find(&format!("\n## {code} "))? + 1;
    let rest = DIAGNOSTICS_MD.get(start..)?;
    let end = rest.get(1..)?.find("\n## ").map_or(rest.len(), |i| i + 2);
    rest.get(..end).map(str::trim_end)
}

/// Writes the explanation of `code`, or says that no diagnostic has it (with
/// the nearest code, if one is near).
pub(super) fn run(
    code: &str,
    format: OutputFormat,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match explanation(code) {
        Some(text) => {
            let _ = match format {
                OutputFormat::Human => writeln!(out, "{text}"),
                OutputFormat::Json => {
                    writeln!(out, "{}", crate::render::faults_json::explanation(text))
                }
            };
            0
        }
        None => {
            let codes = crate::diagnostics::CODES
                .iter()
                .chain(crate::import::CODES)
                .map(|(c, _)| *c);
            let _ = match crate::suggest::nearest_code(code, codes.clone()) {
                Some(near) => writeln!(
                    err,
                    "error: no diagnostic has the code {code}; did you mean `{near}`?"
                ),
                None => writeln!(
                    err,
                    "error: no diagnostic has the code {code}; codes: {}",
                    codes.collect::<Vec<_>>().join(" ")
                ),
            };
            EXIT_USAGE
        }
    }
}
