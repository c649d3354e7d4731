//! `carcref show --html`: the verdict page of a game, or the pages of every
//! game of files and folders with their index.
//!
//! One file (or `-`) and an output that is not a folder: the page of game
//! `--game` (the first by default), written to the output (`-`: standard
//! output). Several paths, a folder, or an output that is a folder (or ends
//! in `/`): the page of every game (only game `--game` of each file, if
//! given) written into that folder, named after its file and game, with an
//! `index.html` listing them.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::EXIT_USAGE;
use super::faults::report_stream_fault;
use super::input::each_game;
use crate::header::Header;
use crate::referee::{GameOutcome, ReplayOptions};
use crate::render::html::{FrameTurn, Page, PageRepair, PageText, page_fault};
use crate::render::html_index::IndexEntry;
use crate::render::{ScoreFormat, SourceView};
use crate::rules::{Edition, Game};
use crate::tiles::TileCatalog;

/// What `show --html` was asked.
#[derive(Debug, Clone, Copy)]
pub(super) struct PageRequest<'a> {
    /// The records: files, folders, `-`.
    pub(super) files: &'a [PathBuf],
    /// The page's file, or the folder of the pages.
    pub(super) out: &'a Path,
    /// Only this game of each file (1-based).
    pub(super) game: Option<usize>,
    /// Add the items the two editions score differently.
    pub(super) compare_editions: bool,
}

/// The verdict page of game `game` (1-based) of the text of a file named
/// `name`, as `carcref show --html` writes it: `None` when the text has no
/// such game, or when its header is unusable and nothing can be replayed.
pub fn verdict_page(
    name: &str,
    text: &str,
    game: usize,
    catalog: &TileCatalog,
    compare_editions: bool,
) -> Option<String> {
    let mut page = None;
    let _ = crate::read_games(text.as_bytes(), |index, g| {
        if index + 1 < game {
            return std::ops::ControlFlow::Continue(());
        }
        page = game_page(name, g, index, catalog, compare_editions).0;
        std::ops::ControlFlow::Break(())
    });
    page
}

/// Writes the page or pages `request` asks for. Exit 0 when every game shown
/// is valid, 1 when one is faulty, 2 for a path that cannot be read or
/// written.
pub(super) fn run(
    request: &PageRequest<'_>,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if request.game == Some(0) {
        let _ = writeln!(err, "error: games are numbered from 1");
        return EXIT_USAGE;
    }
    let folder = request.files.len() > 1
        || request.files.iter().any(|p| p.is_dir())
        || request.out.is_dir()
        || request.out.to_string_lossy().ends_with('/');
    if folder {
        return run_folder(request, catalog, err);
    }
    let Some(file) = request.files.first() else {
        let _ = writeln!(err, "error: name a record");
        return EXIT_USAGE;
    };
    let name = file.display().to_string();
    let wanted = request.game.unwrap_or(1);
    let mut made: Option<(Option<String>, u8)> = None;
    let read = each_game(file, |index, g| {
        if index + 1 < wanted {
            return std::ops::ControlFlow::Continue(());
        }
        let (page, entry) = game_page(&name, g, index, catalog, request.compare_editions);
        if page.is_none() {
            let outcome = crate::check_game(g, catalog, ReplayOptions::default());
            super::faults::report_game(&mut *err, &name, g, index, &outcome.diagnostics);
        }
        made = Some((page, u8::from(entry.faulty)));
        std::ops::ControlFlow::Break(())
    });
    let count = match read {
        Ok(count) => count,
        Err(e) => return report_stream_fault(err, &name, &e, wanted - 1).max(EXIT_USAGE),
    };
    let Some((page, code)) = made else {
        let _ = writeln!(
            err,
            "error: {name} has {count} games; there is no game {wanted}"
        );
        return EXIT_USAGE;
    };
    let Some(page) = page else {
        let _ = writeln!(
            err,
            "error: {name}: game {wanted} cannot be replayed (its header is unusable); no page written"
        );
        return 1;
    };
    let written = if request.out == Path::new("-") {
        out.write_all(page.as_bytes())
    } else {
        std::fs::write(request.out, page)
    };
    if let Err(e) = written {
        let _ = writeln!(err, "error: {}: {e}", request.out.display());
        return EXIT_USAGE;
    }
    code
}

/// The pages of every game of the paths, and their index, in a folder.
fn run_folder(request: &PageRequest<'_>, catalog: &TileCatalog, err: &mut impl Write) -> u8 {
    if request.out == Path::new("-") {
        let _ = writeln!(
            err,
            "error: the pages of several games are written into a folder: name one, not -"
        );
        return EXIT_USAGE;
    }
    if let Err(e) = std::fs::create_dir_all(request.out) {
        let _ = writeln!(err, "error: {}: {e}", request.out.display());
        return EXIT_USAGE;
    }
    let inputs = crate::files::find_inputs(request.files);
    let mut code = inputs.report(err);
    let mut entries: Vec<IndexEntry> = Vec::new();
    let mut names: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    for file in &inputs.files {
        let name = file.display().to_string();
        let stem = page_stem(file);
        let mut failed: Option<std::io::Error> = None;
        let read = each_game(file, |index, g| {
            if request.game.is_some_and(|n| index + 1 != n) {
                return std::ops::ControlFlow::Continue(());
            }
            let (page, mut entry) = game_page(&name, g, index, catalog, request.compare_editions);
            code = code.max(u8::from(entry.faulty));
            if let Some(page) = page {
                let mut href = format!("{stem}-{}.html", index + 1);
                let mut n = 2;
                while names.contains(&href) {
                    href = format!("{stem}-{}-{n}.html", index + 1);
                    n += 1;
                }
                if let Err(e) = std::fs::write(request.out.join(&href), page) {
                    failed = Some(e);
                    return std::ops::ControlFlow::Break(());
                }
                names.insert(href.clone());
                entry.href = href;
            }
            entries.push(entry);
            std::ops::ControlFlow::Continue(())
        });
        if let Some(e) = failed {
            let _ = writeln!(err, "error: {}: {e}", request.out.display());
            return EXIT_USAGE;
        }
        if let Err(e) = read {
            code = code.max(report_stream_fault(err, &name, &e, 0));
        }
    }
    let index = crate::render::html_index::index_page(&entries);
    if let Err(e) = std::fs::write(request.out.join("index.html"), index) {
        let _ = writeln!(err, "error: {}: {e}", request.out.display());
        return EXIT_USAGE;
    }
    code
}

/// A page's name from its record's: the file name without its extensions,
/// letters, digits, `-` and `_` only.
fn page_stem(file: &Path) -> String {
    if file == Path::new("-") {
        return "stdin".to_string();
    }
    let base = file
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let base = base.split('.').next().unwrap_or_default();
    let stem: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        "game".to_string()
    } else {
        stem
    }
}

/// The page of one game (`None` when its header is unusable and nothing
/// can be replayed) and its entry in an index.
fn game_page(
    name: &str,
    g: &crate::stream::Game<'_>,
    index: usize,
    catalog: &TileCatalog,
    compare_editions: bool,
) -> (Option<String>, IndexEntry) {
    let outcome = crate::check_game(g, catalog, ReplayOptions::default());
    let view = SourceView::new(name, g.text, g.base, g.first_line);
    let verdict = crate::render::position_label(&outcome, &view);
    let faulty = outcome.has_errors();
    let mut codes: Vec<String> = Vec::new();
    for d in outcome.diagnostics.iter() {
        if !codes.contains(&d.code()) {
            codes.push(d.code());
        }
    }
    let record = &outcome.record;
    let tag = |t: &str| record.tag(t).map(|t| t.value.value.to_string());
    let sheet = outcome.score();
    let result = match sheet {
        Some(s) => s
            .players
            .iter()
            .zip(&s.totals)
            .map(|(p, t)| format!("{p} {t}"))
            .collect::<Vec<_>>()
            .join(", "),
        None => tag("Result").unwrap_or_default(),
    };
    let mut entry = IndexEntry {
        href: String::new(),
        file: name.to_string(),
        game: index + 1,
        players: sheet.map(|s| s.players.clone()).unwrap_or_default(),
        result,
        faulty,
        verdict: verdict.clone(),
        faults: codes,
    };
    let Some(header) = Header::read_for(record, catalog.user_sets()).0 else {
        return (None, entry);
    };
    if outcome.replay.is_none() {
        return (None, entry);
    }
    // The replay, a frame a turn.
    let mut game = Game::new(header.setup(), catalog);
    let mut page = Page::new();
    page.frame(&game, None);
    let turn_text = |t: &crate::notation::TurnRecord| {
        let from = t.span.start.saturating_sub(g.base);
        let to = t.span.end.saturating_sub(g.base);
        g.text.get(from..to).unwrap_or_default()
    };
    for t in &record.turns {
        let line = view.line_col(t.span.start).0;
        match game.play(t) {
            Ok(events) => page.frame(
                &game,
                Some(FrameTurn {
                    record: t,
                    text: turn_text(t),
                    line,
                    events: &events,
                }),
            ),
            Err(_) => {
                page.illegal(
                    &game,
                    FrameTurn {
                        record: t,
                        text: turn_text(t),
                        line,
                        events: &[],
                    },
                );
                break;
            }
        }
    }
    if entry.players.is_empty() {
        entry.players = game.setup().players.clone();
    }
    let text = page_text(
        name,
        g,
        index,
        &outcome,
        &view,
        verdict,
        catalog,
        compare_editions,
    );
    let turns: Vec<(u32, String, usize)> = record
        .turns
        .iter()
        .map(|t| {
            (
                t.number.value,
                turn_text(t).to_string(),
                view.line_col(t.span.start).0,
            )
        })
        .collect();
    (Some(page.finish(&game, &text, &turns)), entry)
}

/// What the page shows beside the replay.
#[allow(clippy::too_many_arguments)]
fn page_text(
    name: &str,
    g: &crate::stream::Game<'_>,
    index: usize,
    outcome: &GameOutcome,
    view: &SourceView<'_>,
    verdict: String,
    catalog: &TileCatalog,
    compare_editions: bool,
) -> PageText {
    let record = &outcome.record;
    let faults = outcome
        .diagnostics
        .iter()
        .map(|d| page_fault(view, index, record, d))
        .collect();
    let mut sheet = String::new();
    crate::render::render_score(&mut sheet, view, index, outcome, ScoreFormat::Human);
    let comparison = compare_editions.then(|| {
        let by = |edition| {
            crate::check_game(
                g,
                catalog,
                ReplayOptions {
                    edition: Some(edition),
                    ..ReplayOptions::default()
                },
            )
        };
        let (a, b) = (by(Edition::HiG2012), by(Edition::Rgg2000));
        let variants = crate::render::comparison::variant_names(record);
        let mut text = String::new();
        crate::render::comparison::render_comparison(
            &mut text,
            view,
            index,
            (&a, &b),
            &variants,
            ScoreFormat::Human,
        );
        text
    });
    let stopped = outcome.replay.as_ref().and_then(|r| {
        r.stopped
            .as_ref()
            .map(|s| (s.turn, s.fault.code(), s.fault.to_string()))
    });
    let final_totals = outcome
        .score()
        .filter(|s| s.final_scoring && stopped.is_none())
        .map(|s| s.totals.clone());
    let (repairs, repair_note) = if outcome.has_errors() {
        repairs(record, g, catalog)
    } else {
        (Vec::new(), None)
    };
    PageText {
        file: name.to_string(),
        game: index + 1,
        tags: record
            .tags
            .iter()
            .map(|t| (t.name.value.to_string(), t.value.value.to_string()))
            .collect(),
        verdict,
        faulty: outcome.has_errors(),
        faults,
        stopped,
        repairs,
        repair_note,
        sheet,
        comparison,
        final_totals,
    }
}

/// The readings `fix` suggests for a faulty record, with their diffs, and
/// what it concludes.
fn repairs(
    record: &crate::notation::GameRecord,
    g: &crate::stream::Game<'_>,
    catalog: &TileCatalog,
) -> (Vec<PageRepair>, Option<String>) {
    let text = g.text;
    let Some(found) = crate::repair::suggest(record, catalog) else {
        return (Vec::new(), None);
    };
    if !found.searched {
        return (
            Vec::new(),
            Some("The header cannot be read: the turns cannot be searched for slips.".to_string()),
        );
    }
    let legal = format!("turns 1-{} legal", found.last_turn);
    let shown: Vec<PageRepair> = found
        .suggestions
        .iter()
        .map(|s| {
            let change = s
                .slips
                .iter()
                .map(|slip| {
                    let turns: Vec<String> =
                        slip.turns.iter().map(|(n, _)| n.to_string()).collect();
                    format!("turn {}: {}", turns.join(" and "), slip.change)
                })
                .collect::<Vec<_>>()
                .join("; ");
            let kinds = s
                .slips
                .iter()
                .map(|x| x.kind.name())
                .collect::<Vec<_>>()
                .join(" + ");
            let verdict = match (s.clean, s.claims) {
                (true, 0) => format!("makes {legal} (no claim to confirm it)"),
                (true, n) => format!(
                    "makes {legal} and every claim match ({n} {})",
                    if n == 1 { "claim" } else { "claims" }
                ),
                (false, _) if s.legal_turns >= found.turns => {
                    format!("makes {legal}, but {}", s.remaining.join("; "))
                }
                (false, _) => format!(
                    "keeps {} turns legal, but {}",
                    s.legal_turns,
                    s.remaining.join("; ")
                ),
            };
            let mut diff = Vec::new();
            for slip in &s.slips {
                for (index, (_, line)) in slip.indices.iter().zip(&slip.turns) {
                    let Some(turn) = s.record.turns.get(*index) else {
                        continue;
                    };
                    let at = turn.span.start.saturating_sub(g.base);
                    let number = text.get(..at).map_or(0, |t| t.matches('\n').count());
                    let old = text.lines().nth(number).unwrap_or_default().trim();
                    diff.push((g.first_line + number + 1, old.to_string(), line.clone()));
                }
            }
            PageRepair {
                change,
                kinds,
                verdict,
                clean: s.clean,
                diff,
            }
        })
        .collect();
    let note = match found.confirmed() {
        Some(_) => {
            "One reading alone explains every fault: `carcref fix --apply` writes it.".to_string()
        }
        None if found.explaining > 1 => format!(
            "{} readings explain every fault: the record does not tell which was meant.",
            found.explaining
        ),
        None => "No reading of one or two slips explains every fault (the nearest are shown)."
            .to_string(),
    };
    (shown, Some(note))
}
