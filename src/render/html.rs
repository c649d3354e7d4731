//! The verdict page: one self-contained HTML document per game (`carcref show
//! --html`) to replay the game turn by turn, see its faults and the repairs
//! `fix` suggests, and read its score sheet; and the index of a round's pages
//! (`html_index.rs`).
//!
//! The page holds everything inline: its style and script (`html_assets.rs`),
//! the board (each kind of tile drawn once, `svg/page.rs`), the chart of the
//! scores (`html_chart.rs`), and the game as data (`<script
//! id="game-data" type="application/json">`, one frame a turn: the turn's
//! number, player, tile, text and line, the scores it made, the totals, the
//! pawns on the scoreboard, the faults found at it). Frame 0 is the board
//! before the first turn; a faulty record's frames stop at its last legal
//! turn, followed by one frame for the illegal turn that shows the same board
//! with its fault. The page's root element carries `data-turn`, the turn
//! shown, and `#turn=N` opens it at turn N.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::json;

use super::html_assets::{SCRIPT, STYLE, TRAP, escape};
use super::palette::{colour, players};
use super::svg::page::PageBoard;
use crate::diagnostics::Diagnostic;
use crate::notation::TurnRecord;
use crate::rules::Game;
use crate::score::ScoreEvent;

/// A fault as the page shows it.
#[derive(Debug, Clone)]
pub struct PageFault {
    /// Its code, e.g. `E301`.
    pub code: String,
    /// Its message.
    pub message: String,
    /// Its help, if any.
    pub help: Option<String>,
    /// Whether it is an error (else a warning).
    pub error: bool,
    /// The turn it is found at (its number as written), if any.
    pub turn: Option<u32>,
    /// Its line in the file (1-based).
    pub line: usize,
    /// The line's text, split around the span: before, the span, after.
    pub excerpt: (String, String, String),
    /// The report as `check` writes it (no colour).
    pub report: String,
}

/// A reading `fix` suggests, as the page shows it.
#[derive(Debug, Clone)]
pub struct PageRepair {
    /// What it changes, e.g. `turn 12: r90 instead of r0`.
    pub change: String,
    /// The kinds of slip.
    pub kinds: String,
    /// What it does to the record, in words.
    pub verdict: String,
    /// Whether the repaired record checks clean.
    pub clean: bool,
    /// Its diff: each changed line's number, its text as written and as
    /// repaired.
    pub diff: Vec<(usize, String, String)>,
}

/// What a page shows beside the replay: its file and game, the header, the
/// verdict, the repairs and the score sheet.
#[derive(Debug, Clone, Default)]
pub struct PageText {
    /// The file's name as given.
    pub file: String,
    /// The game's number in the file (1-based).
    pub game: usize,
    /// The header's tags, in order.
    pub tags: Vec<(String, String)>,
    /// The verdict in a line, as `score` labels a game.
    pub verdict: String,
    /// Whether the record has an error.
    pub faulty: bool,
    /// The faults, errors and warnings, in the order `check` gives them.
    pub faults: Vec<PageFault>,
    /// The illegal turn that stopped the replay (its number) and its fault's
    /// code and message.
    pub stopped: Option<(u32, String, String)>,
    /// The readings `fix` suggests.
    pub repairs: Vec<PageRepair>,
    /// What `fix` concludes.
    pub repair_note: Option<String>,
    /// The score sheet as `score` prints it.
    pub sheet: String,
    /// The items the two editions score differently (`--compare-editions`).
    pub comparison: Option<String>,
    /// The totals after the final scoring, by seat, when the game has one.
    pub final_totals: Option<Vec<u32>>,
}

/// A turn played, for its frame.
#[derive(Debug, Clone, Copy)]
pub struct FrameTurn<'a> {
    /// The turn as read.
    pub record: &'a TurnRecord,
    /// Its text, as written.
    pub text: &'a str,
    /// Its line in the file (1-based).
    pub line: usize,
    /// The scores it made.
    pub events: &'a [ScoreEvent],
}

/// The page of one game, gathered a frame at a time as the game is replayed
/// (the caller plays the turns), then written by [`Page::finish`].
#[derive(Debug, Default)]
pub struct Page {
    board: PageBoard,
    frames: Vec<Frame>,
}

/// A frame of the page's data: the board before the first turn (`n` 0), or
/// after a turn.
#[derive(Debug, Clone, Default, Serialize)]
pub(super) struct Frame {
    /// The turn's number as written (0 before the first turn).
    pub(super) n: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<String>,
    /// The turn as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// The scorings the turn made.
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<Vec<String>>,
    /// Each seat's points.
    pub(super) totals: Vec<u32>,
    /// Where each seat's marker stands, in points.
    markers: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    messengers: Option<Vec<Option<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    robbers: Option<Vec<Option<u32>>>,
    /// The faults found at the turn, by their index in the page's faults.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    faults: Vec<usize>,
    /// The illegal turn that stopped the replay.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    illegal: bool,
}

impl Page {
    /// A page with no frame yet.
    pub fn new() -> Page {
        Page {
            board: PageBoard::new(),
            frames: Vec::new(),
        }
    }

    /// Gathers the frame of the game as it stands: before the first turn
    /// (`turn` `None`), or after `turn`.
    pub fn frame(&mut self, game: &Game<'_>, turn: Option<FrameTurn<'_>>) {
        self.board.frame(game);
        let seats = players(game);
        let totals: Vec<u32> = seats
            .iter()
            .map(|p| game.score().get(*p).copied().unwrap_or(0))
            .collect();
        let pawns = game.pawns();
        let markers: Vec<u32> = seats
            .iter()
            .map(|p| pawns.get(*p).map_or(0, |x| x.marker))
            .collect();
        let mut frame = Frame {
            totals,
            markers,
            ..Frame::default()
        };
        if game.messengers().is_some() {
            frame.messengers = Some(
                seats
                    .iter()
                    .map(|p| pawns.get(*p).and_then(|x| x.messenger))
                    .collect(),
            );
        }
        if let Some(r) = game.robbers() {
            frame.robbers = Some(
                seats
                    .iter()
                    .map(|p| r.space(*p).map(|s| s.number()))
                    .collect(),
            );
        }
        if let Some(t) = turn {
            let scores: Vec<String> = t
                .events
                .iter()
                .filter(|e| !e.winners.is_empty())
                .map(|e| {
                    let who: Vec<String> = e
                        .winners
                        .iter()
                        .map(|p| format!("{} +{}", game.name(*p), e.points_for(*p)))
                        .collect();
                    format!("{}: {}", super::sheet::item_name(e), who.join(", "))
                })
                .collect();
            frame.n = t.record.number.value;
            frame.player = Some(t.record.player.value.to_string());
            frame.tile = Some(t.record.tile.value.to_string());
            frame.text = Some(t.text.trim().to_string());
            frame.line = Some(t.line);
            frame.scores = Some(scores);
        }
        self.frames.push(frame);
    }

    /// Gathers the frame of the illegal turn that stopped the replay: the
    /// board stays as the last legal turn left it.
    pub fn illegal(&mut self, game: &Game<'_>, turn: FrameTurn<'_>) {
        self.frame(game, Some(turn));
        if let Some(f) = self.frames.last_mut() {
            f.illegal = true;
            f.scores = Some(Vec::new());
        }
    }

    /// The page, with what `text` tells; `game` is the game as the last frame
    /// left it, `turns` every turn of the record as (number, text, line) for
    /// the list of turns (those after an illegal one are listed, not shown).
    pub fn finish(
        mut self,
        game: &Game<'_>,
        text: &PageText,
        turns: &[(u32, String, usize)],
    ) -> String {
        let seats = players(game);
        let names: Vec<String> = seats.iter().map(|p| game.name(*p).to_string()).collect();
        // The faults at each frame's turn.
        for frame in &mut self.frames {
            let n = frame.n;
            frame.faults = text
                .faults
                .iter()
                .enumerate()
                .filter(|(_, f)| f.turn == Some(n) && n > 0)
                .map(|(i, _)| i)
                .collect();
        }
        let last_turn = self.frames.last().map_or(0, |f| f.n);
        let title = format!(
            "{} — {}",
            if names.is_empty() {
                "Game".to_string()
            } else {
                names.join(" vs ")
            },
            text.verdict
        );
        let last_text = self
            .frames
            .last()
            .and_then(|f| f.text.as_deref())
            .unwrap_or("the start")
            .to_string();
        let (board, panels) = self.board.svg(
            &format!("The board after turn {last_turn}"),
            &format!("After {last_text}"),
        );
        let data = json!({
            "file": text.file,
            "game": text.game,
            "players": names,
            "colours": seats.iter().map(|p| colour(game, *p).fill).collect::<Vec<_>>(),
            "colourNames": seats.iter().map(|p| colour(game, *p).name).collect::<Vec<_>>(),
            "faults": text.faults.iter().map(|f| json!({"code": f.code, "message": f.message, "turn": f.turn, "line": f.line, "error": f.error})).collect::<Vec<_>>(),
            "stopped": text.stopped.as_ref().map(|(t, c, m)| json!({"turn": t, "code": c, "message": m})),
            "final": text.final_totals,
            "frames": self.frames,
        });
        let data = data.to_string().replace("</", "<\\/");
        let mut out = String::with_capacity(board.len() + data.len() + 32_768);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\" data-turn=\"{last_turn}\" data-frame=\"{}\" data-status=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"carcref {}\">\n<title>{}</title>\n<script>{TRAP}</script>\n<style>{STYLE}</style>\n</head>\n<body>\n<a class=\"skip\" href=\"#verdict\">Skip to the verdict</a>\n",
            self.frames.len().saturating_sub(1),
            if text.faulty { "invalid" } else { "valid" },
            env!("CARGO_PKG_VERSION"),
            escape(&title)
        );
        header(&mut out, text, &names);
        out.push_str("<main>\n<section id=\"replay\" aria-labelledby=\"replay-h\">\n<h2 id=\"replay-h\">The game, turn by turn</h2>\n");
        if let Some((turn, code, message)) = &text.stopped {
            let _ = writeln!(
                out,
                "<p id=\"stopped\" class=\"stopped\" role=\"note\">Turn {turn} is illegal ({code} {}): the board stops after turn {}, the last legal turn.</p>",
                escape(message),
                self.frames
                    .iter()
                    .rev()
                    .find(|f| !f.illegal)
                    .map_or(0, |f| f.n)
            );
        }
        let _ = write!(
            out,
            "<div id=\"controls\" role=\"group\" aria-label=\"Turn\">\n<button type=\"button\" id=\"first\" title=\"The start (Home)\" aria-label=\"The start\">« Start</button>\n<button type=\"button\" id=\"prev\" title=\"The turn before (←)\" aria-label=\"The turn before\">‹ Back</button>\n<input type=\"range\" id=\"slider\" min=\"0\" max=\"{max}\" value=\"{max}\" step=\"1\" aria-label=\"Turn\" aria-valuetext=\"turn {last_turn}\">\n<button type=\"button\" id=\"next\" title=\"The turn after (→)\" aria-label=\"The turn after\">Next ›</button>\n<button type=\"button\" id=\"last\" title=\"The end (End)\" aria-label=\"The end\">End »</button>\n<output id=\"turn-label\" for=\"slider\">turn {last_turn}</output>\n</div>\n",
            max = self.frames.len().saturating_sub(1)
        );
        let _ = write!(
            out,
            "<div id=\"stage\">\n<figure id=\"board-figure\">\n<div id=\"board-scroll\">{board}</div>\n<figcaption id=\"turn-text\" aria-live=\"polite\">After {}</figcaption>\n</figure>\n<aside id=\"turn-panel\" aria-label=\"The turn shown\">\n<div id=\"turn-fault\" class=\"fault-note\" hidden></div>\n<h3>Scores of the turn</h3>\n<ul id=\"turn-scores\"><li>none</li></ul>\n<h3>Scoreboard</h3>\n<table id=\"scoreboard\"><thead><tr><th scope=\"col\">Player</th><th scope=\"col\">Total</th><th scope=\"col\">Marker</th>{}{}</tr></thead><tbody>",
            escape(&last_text),
            if self.frames.iter().any(|f| f.messengers.is_some()) {
                "<th scope=\"col\">Messenger</th>"
            } else {
                ""
            },
            if self.frames.iter().any(|f| f.robbers.is_some()) {
                "<th scope=\"col\">Robber</th>"
            } else {
                ""
            },
        );
        for (i, p) in seats.iter().enumerate() {
            let c = colour(game, *p);
            let _ = write!(
                out,
                "<tr data-seat=\"{i}\"><th scope=\"row\"><span class=\"swatch\" style=\"background:{}\"></span>{} <span class=\"colour\">({})</span></th><td class=\"total\"></td><td class=\"marker\"></td>{}{}</tr>",
                c.fill,
                escape(game.name(*p)),
                c.name,
                if self.frames.iter().any(|f| f.messengers.is_some()) {
                    "<td class=\"messenger\"></td>"
                } else {
                    ""
                },
                if self.frames.iter().any(|f| f.robbers.is_some()) {
                    "<td class=\"robber\"></td>"
                } else {
                    ""
                },
            );
        }
        let _ = write!(
            out,
            "</tbody></table>\n<p id=\"final-note\" class=\"note\" hidden></p>\n{panels}<h3>Legend</h3>\n<ul id=\"legend\">{}</ul>\n</aside>\n</div>\n",
            self.board.legend(game)
        );
        turn_list(&mut out, &self.frames, turns);
        out.push_str("</section>\n");
        let totals: Vec<(u32, &[u32])> = self
            .frames
            .iter()
            .map(|f| (f.n, f.totals.as_slice()))
            .collect();
        super::html_chart::chart(&mut out, game, &totals);
        verdict(&mut out, text);
        let _ = write!(
            out,
            "<section id=\"sheet\" aria-labelledby=\"sheet-h\">\n<h2 id=\"sheet-h\">The score sheet</h2>\n<p class=\"note\">As <code>carcref score</code> prints it: each scoring with its arithmetic, each claim beside the referee's count.</p>\n<pre>{}</pre>\n",
            escape(&text.sheet)
        );
        if let Some(c) = &text.comparison {
            let _ = write!(
                out,
                "<h3 id=\"editions\">The two editions</h3>\n<p class=\"note\">The items the 2012 and 2000 rules score differently.</p>\n<pre>{}</pre>\n",
                escape(c)
            );
        }
        let _ = write!(
            out,
            "</section>\n</main>\n<footer><p>Made by carcref {} from {} (game {}). Open <code>#turn=N</code> for turn N.</p></footer>\n<script id=\"game-data\" type=\"application/json\">{data}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
            env!("CARGO_PKG_VERSION"),
            escape(&text.file),
            text.game
        );
        out
    }
}

/// The header: the players, the tags, the verdict.
fn header(out: &mut String, text: &PageText, names: &[String]) {
    let _ = write!(
        out,
        "<header id=\"tags\">\n<h1>{}</h1>\n<p id=\"verdict-line\" class=\"{}\">{}</p>\n<dl>",
        escape(&if names.is_empty() {
            format!("{} game {}", text.file, text.game)
        } else {
            names.join(" · ")
        }),
        if text.faulty { "invalid" } else { "valid" },
        escape(&text.verdict)
    );
    for (k, v) in &text.tags {
        let _ = write!(
            out,
            "<div><dt>{}</dt><dd>{}</dd></div>",
            escape(k),
            escape(v)
        );
    }
    out.push_str("</dl>\n</header>\n");
}

/// The list of turns: each a button to its frame; those after an illegal
/// turn listed, not shown.
fn turn_list(out: &mut String, frames: &[Frame], turns: &[(u32, String, usize)]) {
    out.push_str("<nav id=\"turns\" aria-label=\"Turns\">\n<h3>Turns</h3>\n<ol>\n");
    let _ = writeln!(
        out,
        "<li><button type=\"button\" data-frame=\"0\">the start</button></li>"
    );
    let mut shown = frames.iter().enumerate().skip(1).peekable();
    for (n, line_text, line) in turns {
        let frame = shown.next_if(|(_, f)| f.n == *n);
        match frame {
            Some((k, f)) => {
                let class = if f.illegal {
                    " class=\"illegal\""
                } else if !f.faults.is_empty() {
                    " class=\"faulty\""
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "<li{class}><button type=\"button\" data-frame=\"{k}\" title=\"line {line}\">{}</button></li>",
                    escape(line_text.trim())
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "<li class=\"unplayed\"><span title=\"line {line}: not replayed\">{}</span></li>",
                    escape(line_text.trim())
                );
            }
        }
    }
    out.push_str("</ol>\n</nav>\n");
}

/// The verdict: the faults, each at its turn, and the repairs of `fix`.
fn verdict(out: &mut String, text: &PageText) {
    out.push_str("<section id=\"verdict\" aria-labelledby=\"verdict-h\">\n<h2 id=\"verdict-h\">The verdict</h2>\n");
    let _ = writeln!(
        out,
        "<p class=\"{}\">{}</p>",
        if text.faulty { "invalid" } else { "valid" },
        escape(&text.verdict)
    );
    if text.faults.is_empty() {
        out.push_str(
            "<p id=\"no-faults\">No fault: every turn is legal and every claim matches.</p>\n",
        );
    } else {
        out.push_str("<ol id=\"faults\">\n");
        for (i, f) in text.faults.iter().enumerate() {
            let at = match f.turn {
                Some(t) => format!(
                    "<a href=\"#turn={t}\" data-turn-link=\"{t}\">turn {t}</a>, line {}",
                    f.line
                ),
                None => format!("line {}", f.line),
            };
            let _ = write!(
                out,
                "<li class=\"fault {}\" id=\"fault-{i}\" data-code=\"{}\"{}>\n<h3><span class=\"code\">{}</span> {} <span class=\"at\">({at})</span></h3>\n<p class=\"excerpt\"><code>{}<u>{}</u>{}</code></p>\n",
                if f.error { "error" } else { "warning" },
                escape(&f.code),
                f.turn
                    .map_or(String::new(), |t| format!(" data-turn=\"{t}\"")),
                escape(&f.code),
                escape(&f.message),
                escape(&f.excerpt.0),
                escape(if f.excerpt.1.is_empty() {
                    " "
                } else {
                    &f.excerpt.1
                }),
                escape(&f.excerpt.2),
            );
            if let Some(help) = &f.help {
                let _ = writeln!(out, "<p class=\"help\">help: {}</p>", escape(help));
            }
            let _ = writeln!(
                out,
                "<details><summary>As <code>carcref check</code> shows it</summary><pre>{}</pre></details>\n</li>",
                escape(&f.report)
            );
        }
        out.push_str("</ol>\n");
    }
    if text.faulty {
        out.push_str("<section id=\"repairs\" aria-labelledby=\"repairs-h\">\n<h3 id=\"repairs-h\">Repairs <code>carcref fix</code> suggests</h3>\n");
        if text.repairs.is_empty() {
            if text.repair_note.is_none() {
                out.push_str("<p>No reading of one or two slips explains the faults.</p>\n");
            }
        } else {
            out.push_str("<ol>\n");
            for r in &text.repairs {
                let _ = write!(
                    out,
                    "<li class=\"repair{}\"><p>{} <span class=\"kinds\">({})</span>: {}</p>\n<pre class=\"diff\">",
                    if r.clean { " clean" } else { "" },
                    escape(&r.change),
                    escape(&r.kinds),
                    escape(&r.verdict)
                );
                for (line, old, new) in &r.diff {
                    let _ = write!(
                        out,
                        "<span class=\"hunk\">@@ line {line} @@</span>\n<del>-{}</del>\n<ins>+{}</ins>\n",
                        escape(old),
                        escape(new)
                    );
                }
                out.push_str("</pre></li>\n");
            }
            out.push_str("</ol>\n");
        }
        if let Some(note) = &text.repair_note {
            let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
        }
        out.push_str("</section>\n");
    }
    out.push_str("</section>\n");
}

/// A fault for the page: its code, message, help, turn and line, the line's
/// text around its span, and its report as `check` writes it.
pub fn page_fault(
    view: &super::SourceView<'_>,
    game: usize,
    record: &crate::notation::GameRecord,
    d: &Diagnostic,
) -> PageFault {
    let span = d.span();
    let (line, _) = view.line_col(span.start);
    let turn = record
        .turns
        .iter()
        .find(|t| t.span.start <= span.start && span.start < t.span.end.max(t.span.start + 1))
        .map(|t| t.number.value);
    let mut report = String::new();
    super::render_game(
        &mut report,
        view,
        game,
        std::slice::from_ref(d),
        &super::RenderOptions::default(),
    );
    let excerpt = excerpt(view, span);
    PageFault {
        code: d.code(),
        message: d.to_string(),
        help: miette::Diagnostic::help(d).map(|h| h.to_string()),
        error: d.is_error(),
        turn,
        line,
        excerpt,
        report,
    }
}

/// The line holding a span, split around it (the span cut at the line's end;
/// a long line shortened around it): before, the span, after.
fn excerpt(view: &super::SourceView<'_>, span: crate::notation::Span) -> (String, String, String) {
    const ROOM: usize = 60;
    let text = view.text;
    let local = |o: usize| o.saturating_sub(view.base).min(text.len());
    let (start, end) = (local(span.start), local(span.end));
    let line_start = text
        .get(..start)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = text
        .get(start..)
        .and_then(|t| t.find('\n'))
        .map_or(text.len(), |i| start + i);
    let end = end.clamp(start, line_end);
    let cut = |a: usize, b: usize| text.get(a..b).unwrap_or_default().trim_end_matches('\r');
    let before: String = cut(line_start, start)
        .chars()
        .rev()
        .take(ROOM)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = cut(end, line_end).chars().take(ROOM).collect();
    let span: String = cut(start, end).chars().take(2 * ROOM).collect();
    (before, span, after)
}
