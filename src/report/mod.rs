//! Rendering: diagnostics (human via miette, short, JSON lines, GitHub
//! annotations) and score breakdowns (human, JSON lines, YAML).

pub mod json;
pub mod sheet;
mod source;
pub mod yaml;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use miette::{GraphicalReportHandler, GraphicalTheme};

use serde::Serialize;
use serde::ser::SerializeMap;
pub use source::{Excerpt, LineIndex, MAX_TEXT, SourceView, needs_escape, shown_text};

use crate::diagnostics::Diagnostic;
use crate::referee::Outcome;
use crate::score::scoreboard::{self, Scoreboard, Space};
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
                let _ = writeln!(out, "{}", json::diagnostic(view, game, d));
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
    /// For the gold ingots at the end (The Gold Mines): the ingots the
    /// player holds.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub ingots: OrderedMap<u32>,
    /// Winners whose pig raised their farm points.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pigs: Vec<String>,
    /// Whether the witch halved the feature's points (Mage & Witch).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub witch: bool,
    /// For a robbery (The Robbers): the marker robbed and the points it
    /// scored; the robber's owner scores half, rounded up.
    #[serde(skip_serializing_if = "OrderedMap::is_empty")]
    pub robbed: OrderedMap<u32>,
    /// For a message tile (The Messengers): its number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<u8>,
    /// The scoring players whose messenger the points move rather than their
    /// marker (The Messengers).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub messengers: Vec<String>,
    /// Points per scoring player.
    pub points: OrderedMap<u32>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A game's score as reports show it: every game of a file appears, with its
/// status and faults; a game that was replayed has the scores of the position
/// it reached (the end, the turn asked for, or the last legal turn).
#[derive(Debug, Clone, Serialize)]
pub struct ScoreView {
    /// The file the game was read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based game index in its file.
    pub game: usize,
    /// `valid` (no error) or `invalid`.
    pub status: &'static str,
    /// The last turn of the position scored (absent: the game was not
    /// replayed, and has no score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position_after: Option<u32>,
    /// The illegal turn that stopped the replay, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u32>,
    /// Rules edition scored under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Whether final scoring was applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_scoring: Option<bool>,
    /// Points per player in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<OrderedMap<u32>>,
    /// Each player's pawns on the scoreboard, in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoreboard: Option<OrderedMap<PawnsView>>,
    /// Every scoring event (absent when the game has no score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventView>>,
    /// Goods tokens taken during the game (Traders & Builders).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub goods_taken: Vec<GoodsTakenView>,
    /// Points moved from one player to another (The Tower: ransoms).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub transfers: Vec<TransferView>,
    /// Figures the dragon sent home (The Princess & the Dragon).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dragon_meals: Vec<MealView>,
    /// Seconds each player spent on their turns, as the record's `@time`
    /// events give it (absent when it gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_used: Option<OrderedMap<u32>>,
    /// The game's faults (errors and warnings), in the order found.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<FaultView>,
}

/// A player's pawns on the scoreboard, as reports show them
/// (`crate::score::scoreboard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PawnsView {
    /// The space the marker stands on, 0 to 49: the player's points
    /// modulo 50.
    pub marker: u32,
    /// The times the marker has passed space 50: the Point tiles the
    /// player holds (50, then flipped to 100; absent when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub laps: u32,
    /// The space the messenger stands on (The Messengers; absent once added
    /// to the marker, before the final scoring).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messenger: Option<u32>,
    /// The times the messenger has passed space 50.
    #[serde(skip_serializing_if = "is_zero")]
    pub messenger_laps: u32,
}

/// Each player's pawns on a scoreboard, by name in seat order.
pub fn pawns_view(board: &Scoreboard, players: &[String]) -> OrderedMap<PawnsView> {
    OrderedMap(
        board
            .pawns()
            .iter()
            .map(|(p, pawns)| {
                let name = players.get(p.index()).cloned().unwrap_or_default();
                let view = PawnsView {
                    marker: Space::of(pawns.marker).number(),
                    laps: pawns.marker / scoreboard::SPACES,
                    messenger: pawns.messenger.map(|m| Space::of(m).number()),
                    messenger_laps: pawns.messenger.map_or(0, |m| m / scoreboard::SPACES),
                };
                (name, view)
            })
            .collect(),
    )
}

/// A fault as score reports list it.
#[derive(Debug, Clone, Serialize)]
pub struct FaultView {
    /// Its code, e.g. `E301`.
    pub code: String,
    /// Its message.
    pub message: String,
    /// The line of the file it points at (1-based).
    pub line: usize,
}

/// Points a turn moved from one player to another, as reports show them.
#[derive(Debug, Clone, Serialize)]
pub struct TransferView {
    /// The turn.
    pub turn: u32,
    /// Who paid.
    pub from: String,
    /// Who was paid.
    pub to: String,
    /// How many points.
    pub points: u32,
    /// Why: `ransom`.
    pub reason: String,
}

/// A figure the dragon sent home, as reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct MealView {
    /// The turn.
    pub turn: u32,
    /// Whose figure it was.
    pub owner: String,
    /// The figure (`follower`, `big`, `builder`, `pig`).
    pub figure: String,
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
            ScoreReason::Gold => "gold".to_string(),
            // The Messengers: the points of a message that scores no one
            // feature.
            ScoreReason::Message | ScoreReason::MessagePoints if e.at.is_none() => {
                "message".to_string()
            }
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
        followers: OrderedMap(
            if e.goods.is_none()
                && !matches!(
                    e.reason,
                    ScoreReason::Gold
                        | ScoreReason::Robbed
                        | ScoreReason::Message
                        | ScoreReason::MessagePoints
                )
            {
                e.strength.iter().map(|(p, s)| (name(*p), *s)).collect()
            } else {
                Vec::new()
            },
        ),
        ingots: OrderedMap(if e.reason == ScoreReason::Gold {
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
        witch: e.witch,
        robbed: OrderedMap(
            e.robbed_from()
                .map(|(p, points)| (name(p), points))
                .into_iter()
                .collect(),
        ),
        message: e.message_of().map(|(n, _)| n),
        messengers: e.messengers.iter().map(|p| name(*p)).collect(),
        points: OrderedMap(
            e.winners
                .iter()
                .map(|p| (name(*p), e.points_for(*p)))
                .collect(),
        ),
    }
}

/// The score view of a game (`index`: 0-based, in its file; `view`: its
/// text, for the lines of its faults).
pub fn score_view(
    index: usize,
    game: &crate::referee::GameOutcome,
    view: &SourceView<'_>,
) -> ScoreView {
    let replay = game.replay.as_ref();
    let sheet = replay.and_then(crate::referee::Replay::sheet);
    let players = sheet.map_or(&[][..], |s| s.players.as_slice());
    ScoreView {
        file: None,
        game: index + 1,
        status: if game.has_errors() {
            "invalid"
        } else {
            "valid"
        },
        position_after: sheet.and(replay.map(|r| r.position_after)),
        stopped_at: replay.and_then(|r| r.stopped.as_ref()).map(|s| s.turn),
        rules: sheet.map(|s| s.edition.to_string()),
        final_scoring: sheet.map(|s| s.final_scoring),
        totals: sheet.map(|s| {
            OrderedMap(
                s.players
                    .iter()
                    .cloned()
                    .zip(s.totals.iter().copied())
                    .collect(),
            )
        }),
        scoreboard: match (replay, sheet) {
            (Some(r), Some(_)) => Some(pawns_view(&r.scoreboard(), players)),
            _ => None,
        },
        events: match (replay, sheet) {
            (Some(r), Some(_)) => Some(r.events.iter().map(|e| event_view(e, players)).collect()),
            _ => None,
        },
        goods_taken: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.goods_taken.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, p, goods)| GoodsTakenView {
                turn: *turn,
                player: players.get(p.index()).cloned().unwrap_or_default(),
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
        transfers: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.transfers.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, from, to, points)| TransferView {
                turn: *turn,
                from: players.get(from.index()).cloned().unwrap_or_default(),
                to: players.get(to.index()).cloned().unwrap_or_default(),
                points: *points,
                reason: "ransom".to_string(),
            })
            .collect(),
        dragon_meals: replay
            .filter(|_| sheet.is_some())
            .map(|r| r.dragon_meals.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|(turn, owner, figure)| MealView {
                turn: *turn,
                owner: players.get(owner.index()).cloned().unwrap_or_default(),
                figure: figure.notation().unwrap_or("follower").to_string(),
            })
            .collect(),
        time_used: replay.filter(|r| !r.time_used.is_empty()).map(|r| {
            OrderedMap(
                players
                    .iter()
                    .cloned()
                    .zip(r.time_used.iter().copied())
                    .collect(),
            )
        }),
        faults: game
            .diagnostics
            .iter()
            .map(|d| FaultView {
                code: d.code(),
                message: d.to_string(),
                line: view.line_col(d.span().start).0,
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

/// Renders the score of every game of an outcome.
pub fn render_scores(outcome: &Outcome, format: ScoreFormat) -> String {
    let mut out = String::new();
    let view = SourceView::new(&outcome.name, &outcome.src, 0, 0);
    for (i, game) in outcome.games.iter().enumerate() {
        render_score(&mut out, &view, i, game, format);
    }
    out
}

/// The label of a game's position: its status, where the position is, and
/// why the replay stopped there, e.g. `position after turn 41; turn 42 is
/// illegal: E301 tile does not fit`.
pub fn position_label(game: &crate::referee::GameOutcome, view: &SourceView<'_>) -> String {
    let first_error = game.diagnostics.iter().find(|d| d.is_error());
    let Some(replay) = &game.replay else {
        return match first_error {
            Some(d) => format!(
                "not replayed: {} {} (line {})",
                d.code(),
                shown_text(&d.to_string(), MAX_TEXT),
                view.line_col(d.span().start).0
            ),
            None => "not replayed".to_string(),
        };
    };
    let Some(sheet) = replay.sheet() else {
        return match first_error {
            Some(d) => format!(
                "not replayed: {} {}",
                d.code(),
                shown_text(&d.to_string(), MAX_TEXT)
            ),
            None => "not replayed".to_string(),
        };
    };
    let mut label = format!("rules {}", sheet.edition);
    match &replay.stopped {
        Some(stopped) => {
            let _ = write!(
                label,
                " — invalid: position after turn {}; turn {} is illegal: {} {}",
                replay.position_after,
                stopped.turn,
                stopped.fault.code(),
                shown_text(&stopped.fault.to_string(), MAX_TEXT)
            );
        }
        None => {
            let mut codes: Vec<String> = Vec::new();
            for d in game.diagnostics.iter().filter(|d| d.is_error()) {
                if !codes.contains(&d.code()) {
                    codes.push(d.code());
                }
            }
            if codes.is_empty() {
                label.push_str(" — valid");
            } else {
                let _ = write!(label, " — invalid: {}", codes.join(", "));
            }
            let _ = write!(label, "; position after turn {}", replay.position_after);
        }
    }
    if sheet.final_scoring {
        label.push_str(", with the final scoring");
    }
    label
}

/// Renders the score of one game (`index`: 0-based, in its file; `view`: its
/// text). Every game is rendered: one not replayed (syntax errors, an unusable
/// header) with its status and faults and no score; one stopped by an illegal
/// turn with the scores after the last legal turn, labelled.
pub fn render_score(
    out: &mut String,
    view: &SourceView<'_>,
    index: usize,
    game: &crate::referee::GameOutcome,
    format: ScoreFormat,
) {
    let mut score = score_view(index, game, view);
    match format {
        ScoreFormat::Human => {
            let _ = writeln!(out, "Game {} — {}", index + 1, position_label(game, view));
            if let Some(replay) = &game.replay
                && let Some(sheet) = replay.sheet()
            {
                sheet::write_sheet(out, &game.record, replay, sheet);
            }
        }
        ScoreFormat::Json => {
            score.file = Some(view.name.to_string());
            if let Ok(s) = serde_json::to_string(&json::Versioned::new(&score)) {
                out.push_str(&s);
                out.push('\n');
            }
        }
        ScoreFormat::Yaml => {
            score.file = Some(view.name.to_string());
            if let Ok(s) = yaml::to_string(&score) {
                out.push_str("---\n");
                out.push_str(&s);
            }
        }
    }
}
