//! The index of a round's verdict pages (`carcref show --html OUTDIR
//! FILES…`): one row a game, its players, result, verdict and faults, linking
//! to its page.

use std::fmt::Write as _;

use super::html_assets::{STYLE, escape};

/// A game of the index.
#[derive(Debug, Clone, Default)]
pub struct IndexEntry {
    /// The page's file name, relative to the index (empty: the game has no
    /// page, its header being unusable).
    pub href: String,
    /// The record's file, as given.
    pub file: String,
    /// The game's number in its file (1-based).
    pub game: usize,
    /// The players.
    pub players: Vec<String>,
    /// The result: the totals (or the Result tag when the game was not
    /// replayed).
    pub result: String,
    /// Whether the record has an error.
    pub faulty: bool,
    /// The verdict in a line.
    pub verdict: String,
    /// The faults' codes, each once, in order.
    pub faults: Vec<String>,
}

/// The index page.
pub fn index_page(entries: &[IndexEntry]) -> String {
    let faulty = entries.iter().filter(|e| e.faulty).count();
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Verdicts: {} games, {faulty} faulty</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<header id=\"tags\"><h1>Verdicts</h1><p>{} games, {} valid, {faulty} faulty.</p></header>\n<main>\n<table id=\"games\">\n<thead><tr><th scope=\"col\">Game</th><th scope=\"col\">Players</th><th scope=\"col\">Result</th><th scope=\"col\">Verdict</th><th scope=\"col\">Faults</th></tr></thead>\n<tbody>\n",
        entries.len(),
        entries.len(),
        entries.len() - faulty
    );
    for e in entries {
        let _ = writeln!(
            out,
            "<tr class=\"{}\" data-faults=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if e.faulty { "invalid" } else { "valid" },
            escape(&e.faults.join(" ")),
            if e.href.is_empty() {
                format!(
                    "{} game {} (no page: not replayed)",
                    escape(&e.file),
                    e.game
                )
            } else {
                format!(
                    "<a href=\"{}\">{} game {}</a>",
                    escape(&e.href),
                    escape(&e.file),
                    e.game
                )
            },
            escape(&e.players.join(", ")),
            escape(&e.result),
            escape(&e.verdict),
            if e.faults.is_empty() {
                "none".to_string()
            } else {
                escape(&e.faults.join(", "))
            }
        );
    }
    out.push_str("</tbody>\n</table>\n</main>\n</body>\n</html>\n");
    out
}
