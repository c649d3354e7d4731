//! Rendering: diagnostics (human via miette, short, JSON lines, GitHub
//! annotations) and score breakdowns (human, JSON lines, YAML).

mod source;
pub mod yaml;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use miette::{GraphicalReportHandler, GraphicalTheme};

use serde::Serialize;
use serde::ser::SerializeMap;
pub use source::{Excerpt, LineIndex, MAX_TEXT, SourceView, needs_escape, shown_text};

use crate::diagnostics::Diagnostic;
use crate::referee::{Outcome, ScoreSheet};
use crate::score::{ScoreEvent, ScoreReason};

/// How to print diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiagnosticFormat {
    /// miette's graphical report.
    #[default]
    Human,
    /// `file:line:col: CODE message`.
    Short,
    /// One JSON object per diagnostic per line.
    Json,
    /// GitHub Actions `::error` annotations.
    Github,
}

/// Options of the renderers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    /// Diagnostic format.
    pub format: DiagnosticFormat,
    /// Whether to use colour.
    pub color: bool,
    /// Line width of the human format.
    pub width: usize,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            format: DiagnosticFormat::Human,
            color: false,
            width: 80,
        }
    }
}

/// The message with the primary label's text, for one-line formats: text from
/// the record escaped and cut (see [`shown_text`]), so that it stays one line.
fn one_line(d: &Diagnostic) -> String {
    use miette::Diagnostic as _;
    let label = d
        .labels()
        .and_then(|mut l| l.next())
        .and_then(|l| l.label().map(str::to_string));
    let message = shown_text(&d.to_string(), MAX_TEXT);
    match label {
        Some(l) if !l.is_empty() => format!("{message}: {}", shown_text(&l, MAX_TEXT)),
        _ => message,
    }
}

fn severity(d: &Diagnostic) -> &'static str {
    if d.is_error() { "error" } else { "warning" }
}

/// Renders the diagnostics of an outcome.
pub fn render_diagnostics(outcome: &Outcome, options: &RenderOptions) -> String {
    let mut out = String::new();
    let view = SourceView::new(&outcome.name, &outcome.src, 0, 0);
    for (g, game) in outcome.games.iter().enumerate() {
        render_game(&mut out, &view, g, &game.diagnostics, options);
    }
    out
}

/// Reports shown in the human format for one line; the others of that line are
/// counted in one note (the other formats list each).
pub const REPORTS_PER_LINE: usize = 3;

/// GitHub's escapes for the message of a workflow command: `%`, CR and LF.
fn github_message(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub's escapes for a property of a workflow command (`file=`, `title=`):
/// those of a message, and `:` and `,`.
fn github_property(text: &str) -> String {
    github_message(text).replace(':', "%3A").replace(',', "%2C")
}

/// Renders the diagnostics of one game (`game` is its 0-based index in its
/// file). The output grows with the number of diagnostics, not with the
/// length of the lines they point into: the human format shows a window of
/// each line (see [`Excerpt`]) and at most [`REPORTS_PER_LINE`] reports a line.
pub fn render_game(
    out: &mut impl std::fmt::Write,
    view: &SourceView<'_>,
    game: usize,
    diagnostics: &[Diagnostic],
    options: &RenderOptions,
) {
    match options.format {
        DiagnosticFormat::Human if diagnostics.is_empty() => {}
        DiagnosticFormat::Human => {
            let theme = if options.color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            let handler = GraphicalReportHandler::new_themed(theme)
                .with_width(options.width)
                .with_links(false);
            // How many faults each line holds, and how many of them are shown.
            let lines: Vec<usize> = diagnostics
                .iter()
                .map(|d| view.line_of(d.span().start))
                .collect();
            let mut on_line: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
            for (d, line) in diagnostics.iter().zip(&lines) {
                if !matches!(d, Diagnostic::FaultsNotListed { .. }) {
                    on_line.entry(*line).or_default().0 += 1;
                }
            }
            for (d, line) in diagnostics.iter().zip(&lines) {
                let Some((total, shown)) = on_line.get_mut(line) else {
                    continue;
                };
                // The count of faults not listed is always shown.
                let counts = matches!(d, Diagnostic::FaultsNotListed { .. });
                *shown += usize::from(!counts);
                if *shown <= REPORTS_PER_LINE || counts {
                    let _ = handler.render_report(out, &Report::new(view, d));
                } else if *shown == REPORTS_PER_LINE + 1 {
                    let more = *total - REPORTS_PER_LINE;
                    let _ = writeln!(
                        out,
                        "\n  … and {more} more {} on line {} of {}, not shown here \
                         (`--format short` lists each)",
                        if more == 1 { "fault" } else { "faults" },
                        line + 1,
                        shown_text(view.name, MAX_TEXT),
                    );
                }
            }
        }
        DiagnosticFormat::Short => {
            for d in diagnostics {
                let (line, col) = view.line_col(d.span().start);
                let _ = writeln!(
                    out,
                    "{}:{line}:{col}: {} {}",
                    view.name,
                    d.code(),
                    one_line(d)
                );
            }
        }
        DiagnosticFormat::Github => {
            for d in diagnostics {
                let (line, col) = view.line_col(d.span().start);
                let _ = writeln!(
                    out,
                    "::{} file={},line={line},col={col},title={}::{}",
                    severity(d),
                    github_property(view.name),
                    github_property(&d.code()),
                    github_message(&one_line(d))
                );
            }
        }
        DiagnosticFormat::Json => {
            for d in diagnostics {
                let (line, column) = view.line_col(d.span().start);
                let span = d.span();
                let v = serde_json::json!({
                    "file": view.name,
                    "game": game + 1,
                    "line": line,
                    "column": column,
                    "span": {"start": span.start, "end": span.end},
                    "code": d.code(),
                    "severity": severity(d),
                    "message": d.to_string(),
                    "label": miette::Diagnostic::labels(d).and_then(|mut l| l.next()).and_then(|l| l.label().map(str::to_string)),
                    "help": miette::Diagnostic::help(d).map(|h| h.to_string()),
                });
                let _ = writeln!(out, "{v}");
            }
        }
    }
}

/// One diagnostic as the human format shows it: its message, labels and help
/// with the record's text escaped and cut, and the excerpt of the source its
/// labels point into. Our [`Diagnostic`] carries spans only; the source is
/// attached here, at the edge.
#[derive(Debug)]
pub struct Report<'a> {
    diagnostic: &'a Diagnostic,
    message: String,
    help: Option<String>,
    excerpt: Excerpt,
    labels: Vec<miette::LabeledSpan>,
}

impl<'a> Report<'a> {
    /// The report of a diagnostic pointing into a view.
    pub fn new(view: &SourceView<'_>, diagnostic: &'a Diagnostic) -> Report<'a> {
        use miette::Diagnostic as _;
        let labels: Vec<miette::LabeledSpan> = diagnostic
            .labels()
            .map(Iterator::collect)
            .unwrap_or_default();
        let (excerpt, labels) = Excerpt::new(view, &labels);
        Report {
            diagnostic,
            message: shown_text(&diagnostic.to_string(), MAX_TEXT),
            help: diagnostic
                .help()
                .map(|h| shown_text(&h.to_string(), 2 * MAX_TEXT)),
            excerpt,
            labels,
        }
    }
}

impl std::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::code(self.diagnostic)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.excerpt)
    }
}

/// A list of pairs serialised as a map in the given order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V> OrderedMap<V> {
    /// Whether it holds no pair.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// A scoring event as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    /// The turn (absent for the final scoring).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// Feature kind.
    pub feature: String,
    /// Why it scored.
    pub reason: ScoreReason,
    /// The feature's first tile (none for goods).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The goods of a goods majority.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goods: Option<crate::tiles::Goods>,
    /// The feature's tiles (none for goods).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<String>,
    /// Banners.
    #[serde(skip_serializing_if = "is_zero")]
    pub banners: u32,
    /// Inns on a road (Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub inns: u32,
    /// Cathedrals in a city (Inns & Cathedrals).
    #[serde(skip_serializing_if = "is_zero")]
    pub cathedrals: u32,
    /// Cities paying a farm.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    /// Fields supplying a city (2000 farms).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Follower strength per player (none for goods).
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub followers: OrderedMap<u32>,
    /// For a goods majority: the tokens of that kind each player holds.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub tokens: OrderedMap<u32>,
    /// Winners whose pig raised their farm points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pigs: Vec<String>,
    /// Points per scoring player.
    pub points: OrderedMap<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A game's score as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct ScoreView {
    /// 1-based game index in its file.
    pub game: usize,
    /// Rules edition scored under.
    pub rules: String,
    /// Whether final scoring was applied.
    pub final_scoring: bool,
    /// Points per player in seat order.
    pub totals: OrderedMap<u32>,
    /// Every scoring event.
    pub events: Vec<EventView>,
    /// Goods tokens taken during the game (Traders & Builders).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub goods_taken: Vec<GoodsTakenView>,
}

/// Goods tokens a turn took, as reports show them.
#[derive(Debug, Clone, Serialize)]
pub struct GoodsTakenView {
    /// The turn.
    pub turn: u32,
    /// Who took them (the player who completed the cities).
    pub player: String,
    /// Tokens by kind, kinds with none left out.
    pub goods: OrderedMap<u32>,
}

fn event_view(e: &ScoreEvent, players: &[String]) -> EventView {
    let name = |p: crate::player::Player| players.get(p.index()).cloned().unwrap_or_default();
    EventView {
        turn: e.turn,
        feature: match e.reason {
            ScoreReason::Farm => "farm".to_string(),
            ScoreReason::Goods => "goods".to_string(),
            _ => e.kind.to_string(),
        },
        reason: e.reason,
        at: e.at.map(|a| a.to_string()),
        goods: e.goods,
        tiles: e.tiles.iter().map(ToString::to_string).collect(),
        banners: e.pennants,
        inns: e.inns,
        cathedrals: e.cathedrals,
        cities: e.cities.iter().map(ToString::to_string).collect(),
        fields: e.fields.iter().map(ToString::to_string).collect(),
        followers: OrderedMap(if e.goods.is_none() {
            e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
        } else {
            Vec::new()
        }),
        tokens: OrderedMap(if e.goods.is_some() {
            e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
        } else {
            Vec::new()
        }),
        pigs: e.pigs.iter().map(|p| name(*p)).collect(),
        points: OrderedMap(
            e.winners
                .iter()
                .map(|p| (name(*p), e.points_for(*p)))
                .collect(),
        ),
    }
}

/// The score view of a game, if it was scored.
pub fn score_view(index: usize, replay: &crate::referee::Replay, sheet: &ScoreSheet) -> ScoreView {
    let events = &replay.events;
    ScoreView {
        game: index + 1,
        rules: sheet.edition.to_string(),
        final_scoring: sheet.final_scoring,
        totals: OrderedMap(
            sheet
                .players
                .iter()
                .cloned()
                .zip(sheet.totals.iter().copied())
                .collect(),
        ),
        events: events
            .iter()
            .map(|e| event_view(e, &sheet.players))
            .collect(),
        goods_taken: replay
            .goods_taken
            .iter()
            .map(|(turn, p, goods)| GoodsTakenView {
                turn: *turn,
                player: sheet.players.get(p.index()).cloned().unwrap_or_default(),
                goods: OrderedMap(
                    crate::tiles::Goods::ALL
                        .iter()
                        .zip(goods)
                        .filter(|(_, n)| **n > 0)
                        .map(|(g, n)| (g.name().to_string(), *n))
                        .collect(),
                ),
            })
            .collect(),
    }
}

/// How to print scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreFormat {
    /// A readable breakdown.
    #[default]
    Human,
    /// One JSON object per game per line.
    Json,
    /// One YAML document per game.
    Yaml,
}

/// Renders the score of every game of an outcome that was scored.
pub fn render_scores(outcome: &Outcome, format: ScoreFormat) -> String {
    let mut out = String::new();
    for (i, game) in outcome.games.iter().enumerate() {
        render_score(&mut out, i, game, format);
    }
    out
}

/// Renders the score of one game (`index`: 0-based, in its file), if it was
/// scored.
pub fn render_score(
    out: &mut String,
    index: usize,
    game: &crate::referee::GameOutcome,
    format: ScoreFormat,
) {
    let Some(replay) = &game.replay else { return };
    let Some(sheet) = &replay.score else { return };
    let view = score_view(index, replay, sheet);
    match format {
        ScoreFormat::Human => out.push_str(&score_human(&view)),
        ScoreFormat::Json => {
            if let Ok(s) = serde_json::to_string(&view) {
                out.push_str(&s);
                out.push('\n');
            }
        }
        ScoreFormat::Yaml => {
            if let Ok(s) = yaml::to_string(&view) {
                out.push_str("---\n");
                out.push_str(&s);
            }
        }
    }
}

/// A readable score breakdown.
pub fn score_human(view: &ScoreView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Game {} — rules {}", view.game, view.rules);
    let mut final_started = false;
    for e in &view.events {
        if e.turn.is_none() && !final_started {
            final_started = true;
            let _ = writeln!(out, "Final scoring");
        }
        let when = e
            .turn
            .map_or_else(|| "  end".to_string(), |t| format!("{t:>5}"));
        let at = e.at.as_deref().unwrap_or("-");
        let what = match e.reason {
            ScoreReason::Completed => format!("{} at {at} completed", e.feature),
            ScoreReason::Incomplete => format!("{} at {at} incomplete", e.feature),
            ScoreReason::Farm if e.fields.is_empty() => {
                format!("field at {at} supplies cities at {}", e.cities.join(", "))
            }
            ScoreReason::Farm => {
                format!("city at {at} supplied by fields at {}", e.fields.join(", "))
            }
            ScoreReason::Goods => format!("most {} tokens", e.goods.map_or("goods", |g| g.name())),
        };
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut detail = plural(e.tiles.len(), "tile", "tiles");
        if e.banners > 0 {
            let _ = write!(
                detail,
                ", {}",
                plural(e.banners as usize, "banner", "banners")
            );
        }
        if e.inns > 0 {
            let _ = write!(detail, ", {}", plural(e.inns as usize, "inn", "inns"));
        }
        if e.cathedrals > 0 {
            let _ = write!(
                detail,
                ", {}",
                plural(e.cathedrals as usize, "cathedral", "cathedrals")
            );
        }
        let followers: Vec<String> = e
            .followers
            .0
            .iter()
            .chain(&e.tokens.0)
            .map(|(n, s)| format!("{} {s}", shown_text(n, MAX_TEXT)))
            .collect();
        let points: Vec<String> = e
            .points
            .0
            .iter()
            .map(|(n, p)| {
                let shown = shown_text(n, MAX_TEXT);
                if e.pigs.contains(n) {
                    format!("{shown} +{p} (pig)")
                } else {
                    format!("{shown} +{p}")
                }
            })
            .collect();
        let (detail, held) = if e.reason == ScoreReason::Goods {
            (String::new(), "tokens")
        } else {
            (format!(" ({detail})"), "followers")
        };
        let _ = writeln!(
            out,
            "{when}  {what}{detail}; {held}: {}; scores: {}",
            followers.join(", "),
            points.join(", ")
        );
    }
    if !view.goods_taken.is_empty() {
        let taken: Vec<String> = view
            .goods_taken
            .iter()
            .map(|g| {
                let goods: Vec<String> =
                    g.goods.0.iter().map(|(k, n)| format!("{k}+{n}")).collect();
                format!(
                    "turn {} {} {}",
                    g.turn,
                    shown_text(&g.player, MAX_TEXT),
                    goods.join(",")
                )
            })
            .collect();
        let _ = writeln!(out, "Goods taken: {}", taken.join("; "));
    }
    let totals: Vec<String> = view
        .totals
        .0
        .iter()
        .map(|(n, p)| format!("{} {p}", shown_text(n, MAX_TEXT)))
        .collect();
    let _ = writeln!(out, "Totals: {}", totals.join(", "));
    out
}
