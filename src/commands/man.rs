//! `carcref man [SUBCOMMAND]`: carcref's manual page, or a subcommand's
//! (`carcref-check(1)`, …, as the main page's list of subcommands names
//! them), in roff. Every page ends with the sections clap does not write:
//! EXIT STATUS (the subcommand's own), ENVIRONMENT, FILES (carcref.toml) and
//! SEE ALSO.

use std::io::Write;

use clap::CommandFactory;
use clap_mangen::roff::{Roff, bold, italic, roman};

use super::EXIT_USAGE;
use crate::cli::Cli;

/// The exit statuses of a subcommand (`None`: the main page), each a status
/// and its meaning.
fn exit_statuses(subcommand: Option<&str>) -> Vec<(&'static str, &'static str)> {
    let usage = (
        "2",
        "A usage error (an unknown flag or value, a bad carcref.toml, a tile set that cannot be read), or a path that cannot be read.",
    );
    let statuses = match subcommand {
        None => vec![
            (
                "0",
                "The command did what was asked: every record it read is valid.",
            ),
            ("1", "A record is faulty (see each subcommand's page)."),
        ],
        Some("check") => vec![
            (
                "0",
                "Every game is valid: no error reported (ignored codes are not counted; with --warnings-as-errors, no warning either).",
            ),
            ("1", "A game is invalid, or a folder holds no record."),
        ],
        Some("score") => vec![
            ("0", "Every record was scored, and every claim holds."),
            (
                "1",
                "A record is faulty: it is scored up to its last legal turn.",
            ),
        ],
        Some("fmt") => vec![
            (
                "0",
                "Every record is written in canonical form (with --check: already is).",
            ),
            (
                "1",
                "A record cannot be read as CGN, or (with --check or --diff) is not canonical.",
            ),
        ],
        Some("fix") => vec![
            ("0", "Every game checks clean, or was repaired."),
            ("1", "A game stays faulty."),
        ],
        Some("show") => vec![
            ("0", "The board was shown."),
            (
                "1",
                "The record is faulty before the turn asked for: the board is shown after its last legal turn, labelled so.",
            ),
        ],
        Some("moves") => vec![
            ("0", "The legal moves were listed."),
            (
                "1",
                "A turn before the one asked for is illegal, or its tile is not in play; or a line of the record could not be read (its fault is printed, and the moves are listed where the game still replays).",
            ),
        ],
        Some("import") => vec![
            ("0", "Every input was imported."),
            ("1", "An input could not be imported (the others were)."),
        ],
        Some("explain") => vec![(
            "0",
            "The code's explanation was printed (2: no diagnostic has that code).",
        )],
        Some(_) => vec![("0", "Success.")],
    };
    let mut statuses = statuses;
    statuses.push(usage);
    statuses
}

/// The environment variables carcref reads.
const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "NO_COLOR",
        "Set (to anything but the empty string): no colour with --color auto.",
    ),
    (
        "CLICOLOR_FORCE",
        "Set to other than 0: colour with --color auto, even where the output is not a terminal (NO_COLOR wins).",
    ),
    ("FORCE_COLOR", "As CLICOLOR_FORCE."),
    (
        "RAYON_NUM_THREADS",
        "Not read: check's worker threads are those of --jobs (or of carcref.toml's jobs), 0 meaning one per core, never more than there are cores.",
    ),
];

/// Appends the sections every page ends with.
fn tail(roff: &mut Roff, subcommand: Option<&str>, subcommands: &[String]) {
    roff.control("SH", ["EXIT STATUS"]);
    for (status, meaning) in exit_statuses(subcommand) {
        roff.control("TP", []);
        roff.text([bold(status)]);
        roff.text([roman(meaning)]);
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, meaning) in ENVIRONMENT {
        roff.control("TP", []);
        roff.text([bold(*name)]);
        roff.text([roman(*meaning)]);
    }
    roff.control("SH", ["FILES"]);
    roff.control("TP", []);
    roff.text([bold("carcref.toml")]);
    roff.text([roman(
        "The settings of a repository of records, read from the working folder or the nearest of its parents that has one (--config FILE names another, --no-config reads none) by check, score, fmt, fix, show, moves, stats, find, tiles and gen. Its keys, all optional: rules (the default of score --rules and gen --rules), select and ignore (lists of codes or prefixes, as --select and --ignore), warnings-as-errors, tiles (tile sets, as --tiles), jobs (check --jobs), and [[overrides]] tables, each with a path (a folder or a file) and its own select (in place of the file's) and ignore (added to the file's) for the records under it. Paths are relative to the file's folder. A flag given on the command line wins over the file. An unknown key or a bad value is an error naming the file, line and column (exit status 2).",
    )]);
    roff.control("SH", ["SEE ALSO"]);
    let mut pages: Vec<String> = Vec::new();
    if subcommand.is_some() {
        pages.push("carcref(1)".to_string());
    }
    pages.extend(
        subcommands
            .iter()
            .filter(|s| Some(s.as_str()) != subcommand)
            .map(|s| format!("carcref-{s}(1)")),
    );
    roff.text([
        roman(format!("{}. The notation: ", pages.join(", "))),
        italic("notation/SPEC.md"),
        roman("; each diagnostic code: "),
        bold("carcref explain"),
        roman(" CODE, or "),
        italic("notation/diagnostics.md"),
        roman("."),
    ]);
}

/// The page of `subcommand` (`None`: the main page), in roff.
pub fn page(subcommand: Option<&str>) -> Result<String, String> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let shown = match subcommand {
        None => cmd.clone(),
        Some(name) => cmd.find_subcommand(name).cloned().ok_or_else(|| {
            format!(
                "{} is not a subcommand; the pages: {}",
                crate::render::shown_text(name, crate::render::MAX_TEXT),
                names.join(", ")
            )
        })?,
    };
    let mut text = Vec::new();
    clap_mangen::Man::new(shown)
        .source(format!("carcref {}", env!("CARGO_PKG_VERSION")))
        .render(&mut text)
        .map_err(|e| e.to_string())?;
    let mut roff = Roff::new();
    tail(&mut roff, subcommand, &names);
    // The tail without roff's preamble, which the page already has.
    let tail = roff.render();
    let tail = tail
        .split_once("\n.el .ds Aq '\n")
        .map_or(tail.as_str(), |(_, rest)| rest);
    let mut text = String::from_utf8_lossy(&text).into_owned();
    text.push_str(tail);
    Ok(text)
}

/// Writes the page of `subcommand` (`None`: the main page) to `out`.
pub(super) fn run(subcommand: Option<&str>, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match page(subcommand).and_then(|p| out.write_all(p.as_bytes()).map_err(|e| e.to_string())) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_USAGE
        }
    }
}
