//! The meaning of the tag pairs: players and colours, rules edition, expansions,
//! result and termination. Unknown tags are kept in the record and ignored here.

use std::fmt;
use std::str::FromStr;

use crate::diagnostics::Diagnostic;
use crate::expansion::{Expansion, Expansions};
use crate::figures::Figure;
pub use crate::notation::tags::{KNOWN_TAGS, VERSION, VERSIONS, replay_reads_tag};
use crate::notation::{GameRecord, Span, TagRecord};
use crate::player::MAX_PLAYERS;
use crate::rules::scenario::Scenario;
use crate::rules::variants::{Variant, Variants};
use crate::rules::{Edition, Setup};

/// Player colours a record may name.
pub const COLOURS: &[&str] = &["red", "blue", "green", "yellow", "black", "grey", "pink"];

/// A player of the Players tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The name, as turn lines write it.
    pub name: String,
    /// The colour, if given.
    pub colour: Option<String>,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Every tile was drawn; final scoring applies.
    #[default]
    Complete,
    /// Stopped before the supply ran out and scored as if over (final scoring
    /// applies): tournament adjudication, or a position set up to show a rule.
    Adjudicated,
    /// A player resigned; no final scoring.
    Resigned,
    /// A player ran out of time; no final scoring.
    TimeForfeit,
    /// Stopped and never finished; no final scoring.
    Interrupted,
}

impl Termination {
    /// All values.
    pub const ALL: [Termination; 5] = [
        Termination::Complete,
        Termination::Adjudicated,
        Termination::Resigned,
        Termination::TimeForfeit,
        Termination::Interrupted,
    ];

    /// The notation name.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Complete => "complete",
            Termination::Adjudicated => "adjudicated",
            Termination::Resigned => "resigned",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Interrupted => "interrupted",
        }
    }

    /// Whether the final scoring applies.
    pub fn scores_final(self) -> bool {
        matches!(self, Termination::Complete | Termination::Adjudicated)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Termination {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Termination::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or(())
    }
}

/// Final scores claimed in the Result tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultClaim {
    /// `(name, points, span of the entry)` in the order written.
    pub scores: Vec<(String, u32, Span)>,
    /// The tag value.
    pub span: Span,
}

/// The meaning of a game's tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// Players in seat order.
    pub players: Vec<PlayerSpec>,
    /// The rules edition.
    pub edition: Edition,
    /// Expansions in play.
    pub expansions: Vec<String>,
    /// The claimed final result, if any.
    pub result: Option<ResultClaim>,
    /// How the game ended.
    pub termination: Termination,
    /// The rule variants in effect (Variants).
    pub variants: Variants,
    /// What a scenario changes from the box (Pack, Figures, EndAfter).
    pub scenario: Scenario,
    /// The scorings the record claims (Scored).
    pub scored: Vec<ScoredClaim>,
    /// The clocks: each player's time and increment (TimeControl).
    pub time_control: Option<TimeControl>,
    /// The time on each player's clock when the record stops (TimeLeft):
    /// `(name, seconds, span of the entry)`.
    pub time_left: Vec<(String, u32, Span)>,
}

/// A TimeControl tag: each player's time for the game and what a turn adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Seconds on each player's clock at the start.
    pub base: u32,
    /// Seconds added to the player's clock after each of their turns.
    pub increment: u32,
    /// The tag value.
    pub span: Span,
}

/// Seconds written `S`, `M:SS` or `H:MM:SS`.
pub fn seconds(text: &str) -> Option<u32> {
    let mut total: u32 = 0;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        // Minutes and seconds after the first part stay below 60.
        if i > 0 && (p.len() != 2 || n >= 60) {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(n)?;
    }
    Some(total)
}

/// A Scored entry: a player scored one feature (or goods majority) of a kind
/// for some points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredClaim {
    /// The player.
    pub player: String,
    /// The kind: `road`, `city`, `monastery`, `field`, `wine`, `grain` or
    /// `cloth`.
    pub kind: String,
    /// The points.
    pub points: u32,
    /// The entry.
    pub span: Span,
}

/// The kinds a Scored entry may name.
pub const SCORED_KINDS: &[&str] = &[
    "road",
    "city",
    "monastery",
    "field",
    "wine",
    "grain",
    "cloth",
    "gold",
];

impl Header {
    /// The engine setup this header describes.
    pub fn setup(&self) -> Setup {
        let mut sets = vec![crate::rules::BASIC_SET.to_string()];
        sets.extend(self.expansions.iter().cloned());
        Setup {
            players: self.players.iter().map(|p| p.name.clone()).collect(),
            colours: self.players.iter().map(|p| p.colour.clone()).collect(),
            edition: self.edition,
            sets,
            variants: self.variants,
            scenario: self.scenario.clone(),
        }
    }

    /// Whether this header describes a setup: [`Header::setup`] would equal it.
    pub fn describes(&self, setup: &Setup) -> bool {
        setup.edition == self.edition
            && setup.variants == self.variants
            && setup.scenario == self.scenario
            && setup.players.len() == self.players.len()
            && setup
                .players
                .iter()
                .zip(&self.players)
                .all(|(s, p)| *s == p.name)
            && setup
                .colours
                .iter()
                .zip(&self.players)
                .all(|(c, p)| *c == p.colour)
            && setup.sets.len() == self.expansions.len() + 1
            && setup
                .sets
                .first()
                .is_some_and(|s| s == crate::rules::BASIC_SET)
            && setup
                .sets
                .iter()
                .skip(1)
                .zip(&self.expansions)
                .all(|(a, b)| a == b)
    }

    /// Reads the tags of a record. Returns the header if the tags that matter
    /// (Players, Rules) are usable, and every fault found. The Expansions tag
    /// may name the expansions carcref referees; [`Header::read_for`] also
    /// takes the tile sets of a catalog's user.
    pub fn read(record: &GameRecord) -> (Option<Header>, Vec<Diagnostic>) {
        Header::read_for(record, &[])
    }

    /// Reads the tags of a record as [`Header::read`] does, the Expansions tag
    /// naming also any of `user_sets`, the tile sets a user gave
    /// ([`crate::TileCatalog::user_sets`]): tile-only sets, whose tiles join the
    /// supply with no rule of their own (SPEC 3.7).
    pub fn read_for(
        record: &GameRecord,
        user_sets: &[String],
    ) -> (Option<Header>, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        // Faults of a missing tag point at the tag pairs (or the game's start).
        let start = match (record.tags.first(), record.tags.last()) {
            (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
            _ => record
                .turns
                .first()
                .map_or(Span::new(record.span.start, record.span.start), |t| t.span),
        };
        // The first of each tag with a meaning, by its place in KNOWN_TAGS: a
        // later one repeats it (found once each, however many tags there are).
        let mut firsts: [Option<Span>; KNOWN_TAGS.len()] = [None; KNOWN_TAGS.len()];
        for t in &record.tags {
            let Some(slot) = KNOWN_TAGS
                .iter()
                .position(|k| *k == t.name.value)
                .and_then(|i| firsts.get_mut(i))
            else {
                continue;
            };
            match slot {
                Some(first) => diags.push(Diagnostic::DuplicateTag {
                    span: t.span,
                    first: *first,
                    name: t.name.value.to_string(),
                }),
                None => *slot = Some(t.span),
            }
        }
        if let Some(t) = record.tag("CGN")
            && !VERSIONS.contains(&t.value.value.as_str())
        {
            diags.push(Diagnostic::UnsupportedVersion {
                span: t.value.span,
                found: t.value.value.to_string(),
            });
        }
        let players = match record.tag("Players") {
            None => {
                diags.push(Diagnostic::InvalidPlayers {
                    span: start,
                    reason: "no Players tag".to_string(),
                });
                None
            }
            Some(t) => match players(&t.value.value) {
                Ok(p) => Some(p),
                Err(reason) => {
                    diags.push(Diagnostic::InvalidPlayers {
                        span: t.value.span,
                        reason,
                    });
                    None
                }
            },
        };
        let edition = match record.tag("Rules") {
            None => {
                diags.push(Diagnostic::InvalidRules {
                    span: start,
                    reason: "no Rules tag".to_string(),
                });
                None
            }
            Some(t) => {
                let e = t.value.value.parse::<Edition>().ok();
                if e.is_none() {
                    diags.push(Diagnostic::InvalidRules {
                        span: t.value.span,
                        reason: "not an edition".to_string(),
                    });
                }
                e
            }
        };
        let expansions = record
            .tag("Expansions")
            .map_or_else(Vec::new, |t| expansions(t, user_sets, &mut diags));
        let termination = match record.tag("Termination") {
            None => Termination::Complete,
            Some(t) => t.value.value.parse().unwrap_or_else(|()| {
                diags.push(Diagnostic::InvalidTermination { span: t.value.span });
                // With the ending unknown, score nothing beyond the record and do
                // not claim it ended early: the fault is reported once, here.
                Termination::Interrupted
            }),
        };
        let result = record
            .tag("Result")
            .and_then(|t| match result(&t.value.value) {
                Ok(None) => None,
                Ok(Some(entries)) => {
                    let scores = entries
                        .into_iter()
                        .map(|(name, points, at)| (name, points, part_of_value(t, at)))
                        .collect();
                    Some(ResultClaim {
                        scores,
                        span: t.value.span,
                    })
                }
                Err((reason, at)) => {
                    diags.push(Diagnostic::MalformedResult {
                        span: part_of_value(t, at),
                        reason,
                    });
                    None
                }
            });
        let variants = match (record.tag("Variants"), edition) {
            (Some(t), Some(e)) => variants(t, e, &expansions, &mut diags),
            _ => Variants::NONE,
        };
        let scenario = scenario(record, &expansions, &mut diags);
        let scored = record
            .tag("Scored")
            .map_or_else(Vec::new, |t| scored(t, &mut diags));
        let time_control = record.tag("TimeControl").and_then(|t| {
            let value = t.value.value.trim();
            let (base, increment) = value.split_once('+').unwrap_or((value, "0"));
            match (seconds(base), seconds(increment)) {
                (Some(base), Some(increment)) if base > 0 => Some(TimeControl {
                    base,
                    increment,
                    span: t.value.span,
                }),
                _ => {
                    diags.push(Diagnostic::InvalidClockTag {
                        span: t.value.span,
                        tag: "TimeControl".to_string(),
                        reason: format!("{value:?} is not a time per player and an increment"),
                    });
                    None
                }
            }
        });
        let mut time_left = Vec::new();
        if let Some(t) = record.tag("TimeLeft") {
            for (entry, at) in listed(&t.value.value) {
                let read = entry
                    .rsplit_once(' ')
                    .and_then(|(name, time)| Some((name.trim(), seconds(time)?)));
                match read {
                    Some((name, s)) if !name.is_empty() => {
                        time_left.push((name.to_string(), s, part_of_value(t, at)));
                    }
                    _ => diags.push(Diagnostic::InvalidClockTag {
                        span: part_of_value(t, at),
                        tag: "TimeLeft".to_string(),
                        reason: format!("{entry:?} is not `Name time`"),
                    }),
                }
            }
        }
        let players = match (players, edition) {
            (Some(p), _) if p.len() < 2 && record.tag("Pack").is_none() => {
                if let Some(t) = record.tag("Players") {
                    diags.push(Diagnostic::InvalidPlayers {
                        span: t.value.span,
                        reason: "1 player; a game has 2 or more (a scenario, with a Pack tag, may have 1)".to_string(),
                    });
                }
                None
            }
            (Some(p), Some(e)) if p.len() > e.max_players() => {
                if let Some(t) = record.tag("Players") {
                    diags.push(Diagnostic::InvalidPlayers {
                        span: t.value.span,
                        reason: format!(
                            "{} players; the {e} basic game seats 2 to {}",
                            p.len(),
                            e.max_players()
                        ),
                    });
                }
                None
            }
            (p, _) => p,
        };
        let header = match (players, edition, scenario) {
            (Some(players), Some(edition), Some(scenario)) => Some(Header {
                players,
                edition,
                expansions,
                result,
                termination,
                variants,
                scenario,
                scored,
                time_control,
                time_left,
            }),
            _ => None,
        };
        (header, diags)
    }
}

/// `players = player_entry , { "," , player_entry } ;
///  player_entry = name , [ "(" , colour , ")" ] ;`
fn players(value: &str) -> Result<Vec<PlayerSpec>, String> {
    // Too many seats is told from the count, before each name is compared
    // with the others (a list of thousands would take as many times longer).
    let n = value.split(',').count();
    if n > MAX_PLAYERS {
        return Err(format!("{n} players; a game has 2 to {MAX_PLAYERS}"));
    }
    let mut out: Vec<PlayerSpec> = Vec::new();
    for entry in value.split(',') {
        let entry = entry.trim();
        let (name, colour) = match entry.strip_suffix(')').and_then(|e| e.rsplit_once('(')) {
            Some((name, colour)) => (name.trim(), Some(colour.trim().to_string())),
            None => (entry, None),
        };
        if name.is_empty() {
            return Err("a player has no name".to_string());
        }
        if name.contains(['(', ')', '"']) {
            return Err(format!(
                "player name {name:?} may not contain parentheses or quotes"
            ));
        }
        if let Some(c) = &colour
            && !COLOURS.contains(&c.as_str())
        {
            return Err(format!("{c:?} is not a colour"));
        }
        if out.iter().any(|p| p.name == name) {
            return Err(format!("{name} is seated twice"));
        }
        if colour.is_some() && out.iter().any(|p| p.colour == colour) {
            return Err(format!("two players play {}", colour.unwrap_or_default()));
        }
        out.push(PlayerSpec {
            name: name.to_string(),
            colour,
        });
    }
    if out.is_empty() || out.len() > MAX_PLAYERS {
        let n = out.len();
        return Err(format!(
            "{n} {}; a game has 2 to {MAX_PLAYERS}",
            if n == 1 { "player" } else { "players" }
        ));
    }
    Ok(out)
}

/// The span of a part of a tag's value (`at`: bytes of the value): exact where
/// the value was written without escapes (its text then maps byte for byte),
/// else the whole value.
fn part_of_value(t: &TagRecord, at: Span) -> Span {
    if t.value.span.len() == t.value.value.len() + 2 {
        let start = t.value.span.start + 1 + at.start;
        Span::new(start, start + at.len())
    } else {
        t.value.span
    }
}

fn expansions(t: &TagRecord, user_sets: &[String], diags: &mut Vec<Diagnostic>) -> Vec<String> {
    expansion_names(&t.value.value, user_sets, |name, at| {
        diags.push(Diagnostic::UnsupportedExpansion {
            span: part_of_value(t, at),
            name: name.to_string(),
        });
    })
}

/// The entries of a tag's comma-separated value, trimmed, blanks left out,
/// each with where it lies in the text (the whole value where that cannot be
/// told: a value written with escapes).
pub fn entries_of(t: &TagRecord) -> Vec<(&str, Span)> {
    listed(&t.value.value)
        .map(|(entry, at)| (entry, part_of_value(t, at)))
        .collect()
}

/// The names of a comma-separated value, trimmed, blanks left out, each with
/// where it lies in the value.
fn listed(value: &str) -> impl Iterator<Item = (&str, Span)> {
    let mut offset = 0;
    value.split(',').filter_map(move |raw| {
        let lead = raw.len() - raw.trim_start().len();
        let name = raw.trim();
        let at = Span::new(offset + lead, offset + lead + name.len());
        offset += raw.len() + 1;
        (!name.is_empty()).then_some((name, at))
    })
}

/// The expansions an Expansions value names, each once, in the order written;
/// `unsupported` is told of each name that is not one, and where it lies in the
/// value.
fn expansion_names(
    value: &str,
    user_sets: &[String],
    mut unsupported: impl FnMut(&str, Span),
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (name, at) in listed(value) {
        // The expansions the referee supports are those [`Expansion`] names,
        // and the tile sets the user gave; any other name is reported as
        // unsupported.
        if Expansion::from_name(name).is_some() || user_sets.iter().any(|s| s == name) {
            if !out.iter().any(|n| n == name) {
                out.push(name.to_string());
            }
        } else {
            unsupported(name, at);
        }
    }
    out
}

/// The variants a Variants value names, each once; a name that is not a
/// variant, or one that cannot be in effect in the game, is reported (`E213`)
/// and left out.
fn variants(
    t: &TagRecord,
    edition: Edition,
    expansions: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Variants {
    let in_play = Expansions::from_sets(expansions.iter().map(String::as_str));
    let mut out = Variants::NONE;
    for (name, at) in listed(&t.value.value) {
        let reason = match Variant::named(name) {
            None => format!("{name:?} is not a variant"),
            Some(v) => match v.unfit(edition, in_play) {
                Some(reason) => reason,
                None => {
                    out = out.with(v);
                    continue;
                }
            },
        };
        diags.push(Diagnostic::InvalidVariant {
            span: part_of_value(t, at),
            name: name.to_string(),
            reason,
        });
    }
    out
}

/// The scenario the Pack, Figures and EndAfter tags describe (the box when
/// there are none), or `None` if one of them cannot be read (`E214`: the game
/// is then not replayed).
fn scenario(
    record: &GameRecord,
    expansions: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Option<Scenario> {
    let mut out = Scenario::default();
    let mut sound = true;
    let mut fault = |t: &TagRecord, at: Option<Span>, reason: String| {
        diags.push(Diagnostic::InvalidScenario {
            span: at.map_or(t.value.span, |at| part_of_value(t, at)),
            tag: t.name.value.to_string(),
            reason,
        });
        false
    };
    if let Some(t) = record.tag("Pack") {
        let mut pack = Vec::new();
        for (id, at) in listed(&t.value.value) {
            let b = id.as_bytes();
            let is_id = b.first().is_some_and(u8::is_ascii_uppercase)
                && b.iter().all(u8::is_ascii_alphanumeric);
            if !is_id {
                sound &= fault(t, Some(at), format!("{id:?} is not a tile id"));
            }
            pack.push(id.to_string());
        }
        if pack.is_empty() {
            sound &= fault(t, None, "the pack holds no tile".to_string());
        }
        out.pack = Some(pack);
    }
    if let Some(t) = record.tag("Figures") {
        for (entry, at) in listed(&t.value.value) {
            let read = entry.split_once(' ').and_then(|(name, n)| {
                let figure = Figure::ALL
                    .into_iter()
                    .find(|f| f.notation().unwrap_or("follower") == name.trim())?;
                let n = n.trim().parse::<u8>().ok().filter(|n| *n <= 99)?;
                Some((figure, n))
            });
            match read {
                Some((figure, _))
                    if figure
                        .expansion()
                        .is_some_and(|e| !expansions.iter().any(|x| x == e.name())) =>
                {
                    let e = figure.expansion().map_or("", |e| e.name());
                    sound &= fault(
                        t,
                        Some(at),
                        format!("the {figure} is a figure of {e}, not in play"),
                    );
                }
                Some((figure, n)) => {
                    if let Some(slot) = out.figures.get_mut(figure.index()) {
                        *slot = Some(n);
                    }
                }
                None => {
                    sound &= fault(
                        t,
                        Some(at),
                        format!(
                            "{entry:?} is not a figure (follower, big, builder, pig) and a count from 0 to 99"
                        ),
                    );
                }
            }
        }
    }
    if let Some(t) = record.tag("EndAfter") {
        match t.value.value.trim().parse::<u32>() {
            Ok(n) if n > 0 => out.end_after = Some(n),
            _ => {
                sound &= fault(
                    t,
                    None,
                    format!("{:?} is not a turn number", t.value.value.as_str()),
                );
            }
        }
    }
    sound.then_some(out)
}

/// The entries of a Scored value: `Name kind points`, comma-separated (the
/// name is everything before the last two words). A malformed entry is
/// reported (`E215`) and left out.
fn scored(t: &TagRecord, diags: &mut Vec<Diagnostic>) -> Vec<ScoredClaim> {
    let mut out = Vec::new();
    for (entry, at) in listed(&t.value.value) {
        let read = entry.rsplit_once(' ').and_then(|(rest, points)| {
            let (name, kind) = rest.trim_end().rsplit_once(' ')?;
            Some((name.trim(), kind, points))
        });
        let reason = match read {
            None => format!("{entry:?} is not `Name kind points`"),
            Some((_, kind, _)) if !SCORED_KINDS.contains(&kind) => {
                format!("{kind:?} is not a kind that scores")
            }
            Some((name, kind, points)) => match points.parse::<u32>() {
                Ok(points) if !name.is_empty() => {
                    out.push(ScoredClaim {
                        player: name.to_string(),
                        kind: kind.to_string(),
                        points,
                        span: part_of_value(t, at),
                    });
                    continue;
                }
                _ => format!("{points:?} is not a number of points"),
            },
        };
        diags.push(Diagnostic::MalformedScored {
            span: part_of_value(t, at),
            reason,
        });
    }
    out
}

/// `result = "*" | name , ws , points , { "," , name , ws , points } ;`
/// A Result entry: name, points, and where the entry lies in the tag value.
type ResultEntry = (String, u32, Span);

/// A malformed Result value: why, and the entry at fault.
type ResultFault = (String, Span);

fn result(value: &str) -> Result<Option<Vec<ResultEntry>>, ResultFault> {
    if !states_scores(value) {
        return Ok(None);
    }
    let mut out = Vec::new();
    let mut offset = 0;
    for raw in value.split(',') {
        let lead = raw.len() - raw.trim_start().len();
        let entry = raw.trim();
        let at = Span::new(offset + lead, offset + lead + entry.len());
        offset += raw.len() + 1;
        let (name, points) = result_entry(entry).map_err(|reason| (reason, at))?;
        out.push((name.to_string(), points, at));
    }
    Ok(Some(out))
}

/// Whether a Result value states scores (it is neither `*` nor blank).
fn states_scores(value: &str) -> bool {
    let value = value.trim();
    !(value == "*" || value.is_empty())
}

/// The name and points of a Result entry (trimmed).
fn result_entry(entry: &str) -> Result<(&str, u32), String> {
    let (name, points) = entry
        .rsplit_once(' ')
        .ok_or_else(|| format!("{entry:?} is not `Name points`"))?;
    let points = points
        .parse::<u32>()
        .map_err(|_| format!("{points:?} is not a number of points"))?;
    Ok((name.trim(), points))
}

/// The scores `(name, points)` a Result value states, in the order written, as
/// [`Header::read`] reads them: none for `*` or a blank value, and `None` for
/// an entry it finds malformed (the tag then is).
pub fn result_entries(value: &str) -> impl Iterator<Item = Option<(&str, u32)>> {
    let stated = states_scores(value);
    value
        .split(',')
        .filter(move |_| stated)
        .map(|raw| result_entry(raw.trim()).ok())
}

/// The values of the tags with a meaning, gathered a tag pair at a time from a
/// game whose pairs are written plainly (each value as written), for the
/// referee's quick verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TagValues<'a> {
    /// CGN.
    pub cgn: Option<&'a str>,
    /// Players.
    pub players: Option<&'a str>,
    /// Rules.
    pub rules: Option<&'a str>,
    /// Expansions.
    pub expansions: Option<&'a str>,
    /// Result.
    pub result: Option<&'a str>,
    /// Termination.
    pub termination: Option<&'a str>,
    /// The tags with a meaning met so far, a bit each by their place in
    /// [`KNOWN_TAGS`].
    seen: u64,
    /// Whether a tag names variants, a scenario or scorings, which the quick
    /// verdict leaves to the full referee.
    departs: bool,
}

impl<'a> TagValues<'a> {
    /// Takes a tag pair. `false` if it names a tag with a meaning a second time,
    /// which [`Header::read`] reports.
    #[inline]
    pub fn add(&mut self, name: &str, value: &'a str) -> bool {
        let Some(i) = known_tag(name) else {
            return true;
        };
        let bit = 1u64.checked_shl(i).unwrap_or(0);
        if self.seen & bit != 0 {
            return false;
        }
        self.seen |= bit;
        let slot = match i {
            CGN => &mut self.cgn,
            PLAYERS => &mut self.players,
            RULES => &mut self.rules,
            EXPANSIONS => &mut self.expansions,
            RESULT => &mut self.result,
            TERMINATION => &mut self.termination,
            VARIANTS | TIME_CONTROL | TIME_LEFT | PACK | FIGURES | END_AFTER | SCORED => {
                self.departs = true;
                return true;
            }
            _ => return true,
        };
        *slot = Some(value);
        true
    }

    /// Whether the record says it is of version 1: its turns are then read
    /// by the grammar of version 1 (SPEC 2.14).
    pub fn version_1(&self) -> bool {
        self.cgn == Some(VERSION)
    }

    /// Whether [`Header::read`] finds no fault in the CGN version, the
    /// termination or the form of the result, with the termination if so.
    /// (Players, Rules and Expansions are read by [`Header::of_setup`].)
    pub fn sound_rest(&self) -> Option<Termination> {
        // A version this referee does not know is reported in full.
        if self.departs || self.cgn.is_some_and(|v| !VERSIONS.contains(&v)) {
            return None;
        }
        let termination = match self.termination {
            None => Termination::Complete,
            Some(t) => t.parse().ok()?,
        };
        // A malformed Result entry shows when the result is checked
        // (`result_entries`).
        Some(termination)
    }
}

// `TagValues` keeps a bit for each tag with a meaning.
const _: () = assert!(KNOWN_TAGS.len() <= 64);

/// The places in [`KNOWN_TAGS`] of the tags [`TagValues`] keeps the values of.
const CGN: u32 = 0;
const PLAYERS: u32 = 5;
const RULES: u32 = 6;
const EXPANSIONS: u32 = 7;
const VARIANTS: u32 = 8;
const RESULT: u32 = 9;
const TERMINATION: u32 = 10;
const TIME_CONTROL: u32 = 11;
const TIME_LEFT: u32 = 12;
const PACK: u32 = 13;
const FIGURES: u32 = 14;
const END_AFTER: u32 = 15;
const SCORED: u32 = 16;

/// The place of a tag with a meaning in [`KNOWN_TAGS`].
#[inline]
fn known_tag(name: &str) -> Option<u32> {
    Some(match name {
        "CGN" => CGN,
        "Event" => 1,
        "Site" => 2,
        "Date" => 3,
        "Round" => 4,
        "Players" => PLAYERS,
        "Rules" => RULES,
        "Expansions" => EXPANSIONS,
        "Variants" => VARIANTS,
        "Result" => RESULT,
        "Termination" => TERMINATION,
        "TimeControl" => TIME_CONTROL,
        "TimeLeft" => TIME_LEFT,
        "Pack" => PACK,
        "Figures" => FIGURES,
        "EndAfter" => END_AFTER,
        "Scored" => SCORED,
        "Source" => 17,
        _ => return None,
    })
}

impl Header {
    /// The header the values of Players, Rules and Expansions (if any) give,
    /// with no result and a complete game, if [`Header::read`] finds no fault
    /// in them.
    pub fn of_setup(
        players: &str,
        rules: &str,
        expansions: Option<&str>,
        user_sets: &[String],
    ) -> Option<Header> {
        let players = self::players(players).ok()?;
        let edition = rules.parse::<Edition>().ok()?;
        if players.len() < 2 || players.len() > edition.max_players() {
            return None;
        }
        let mut sound = true;
        let expansions = expansion_names(expansions.unwrap_or(""), user_sets, |_, _| sound = false);
        sound.then_some(Header {
            players,
            edition,
            expansions,
            result: None,
            termination: Termination::Complete,
            variants: Variants::NONE,
            scenario: Scenario::default(),
            scored: Vec::new(),
            time_control: None,
            time_left: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_tags_by_place() {
        for (i, name) in KNOWN_TAGS.iter().enumerate() {
            assert_eq!(known_tag(name), Some(i as u32), "{name}");
        }
        assert_eq!(known_tag("Players "), None);
        assert_eq!(known_tag("players"), None);
    }

    /// The quick verdict's reading of the tags (`TagValues`, `Header::of_setup`,
    /// `result_entries`) finds a header sound exactly when `Header::read` does,
    /// and reads it the same.
    #[test]
    fn tag_values_read_as_the_header_does() {
        let players = [
            Some("Ann (red), Bob"),
            Some(" Ann , Bob (blue) "),
            Some("Ann (red), Bob (red)"),
            Some("Ann"),
            Some("Ann,,Bob"),
            Some("Ann, Bob, Cat, Dan, Eve, Fay"),
            None,
        ];
        let rules = [Some("HiG-2012"), Some("RGG-2000"), Some("hig-2012"), None];
        let expansions = [
            None,
            Some(""),
            Some("river"),
            Some(" river, river ,inns-and-cathedrals"),
            Some("river, pirates"),
        ];
        let others = [
            (None, None, None),
            (Some("1"), Some("resigned"), Some("*")),
            (Some("3"), None, Some("Ann 3, Bob 4")),
            (None, Some("ended"), Some(" Bob Smith 04 ,Ann 0")),
            (None, Some("adjudicated"), Some("Ann three")),
            (None, None, Some("Ann 3,")),
        ];
        let (mut sound, mut all) = (0, 0);
        for p in players {
            for r in rules {
                for e in expansions {
                    for (cgn, termination, result) in others {
                        let mut text = String::new();
                        for (name, value) in [
                            ("CGN", cgn),
                            ("Players", p),
                            ("Rules", r),
                            ("Expansions", e),
                            ("Result", result),
                            ("Termination", termination),
                        ] {
                            if let Some(v) = value {
                                text.push_str(&format!("[{name} \"{v}\"]\n"));
                            }
                        }
                        text.push_str("[Event \"x\"]\n");
                        let parsed = crate::parse(&text);
                        let record = &parsed[0].record;
                        let (header, diags) = Header::read(record);
                        let header = header.filter(|_| diags.is_empty());

                        let mut values = TagValues::default();
                        for t in &record.tags {
                            assert!(values.add(&t.name.value, &t.value.value));
                        }
                        let quick = values.sound_rest().and_then(|termination| {
                            let setup = Header::of_setup(
                                values.players?,
                                values.rules?,
                                values.expansions,
                                &[],
                            )?;
                            let result: Option<Vec<(&str, u32)>> =
                                result_entries(values.result.unwrap_or("")).collect();
                            Some((setup, termination, result?))
                        });
                        all += 1;
                        match (&header, &quick) {
                            (Some(h), Some((setup, termination, result))) => {
                                sound += 1;
                                assert_eq!(setup.setup(), h.setup(), "{text}");
                                assert_eq!(*termination, h.termination, "{text}");
                                let read: Vec<(&str, u32)> = h
                                    .result
                                    .iter()
                                    .flat_map(|r| &r.scores)
                                    .map(|(n, p, _)| (n.as_str(), *p))
                                    .collect();
                                assert_eq!(*result, read, "{text}");
                            }
                            (None, None) => {}
                            _ => panic!("{text}: read {header:?}, quick {quick:?}"),
                        }
                    }
                }
            }
        }
        assert!(sound > 20 && sound < all, "{sound} of {all}");
        // A tag with a meaning given twice is a fault; others may repeat.
        let mut values = TagValues::default();
        assert!(values.add("Event", "a") && values.add("Source", "b"));
        assert!(values.add("Annotator", "c") && values.add("Annotator", "d"));
        assert!(!values.add("Event", "e"));
    }

    #[test]
    fn players_with_colours() {
        let p = players("Alice (red), Bob Smith (blue), Carol").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[1].name, "Bob Smith");
        assert_eq!(p[1].colour.as_deref(), Some("blue"));
        assert_eq!(p[2].colour, None);
    }

    #[test]
    fn bad_players() {
        // One player is a list; only a scenario seats one (`Header::read`).
        assert_eq!(players("Alice (red)").map(|p| p.len()), Ok(1));
        assert!(players("").is_err());
        assert!(players("Alice (red), Bob (red)").is_err());
        assert!(players("Alice (mauve), Bob").is_err());
        assert!(players("Alice, Alice").is_err());
    }

    #[test]
    fn results() {
        assert_eq!(result("*"), Ok(None));
        assert_eq!(
            result("Alice 96, Bob Smith 70"),
            Ok(Some(vec![
                ("Alice".into(), 96, Span::new(0, 8)),
                ("Bob Smith".into(), 70, Span::new(10, 22))
            ]))
        );
        assert!(result("Alice ninety").is_err());
    }

    #[test]
    fn a_header_describes_its_own_setup_only() {
        let text = "[Players \"Ann (red), Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"river\"]\n";
        let parsed = crate::parse(text);
        let header = Header::read(&parsed[0].record).0.unwrap();
        let setup = header.setup();
        assert!(header.describes(&setup));
        let mut other = setup.clone();
        other.edition = Edition::Rgg2000;
        assert!(!header.describes(&other));
        let mut other = setup.clone();
        other.players[1] = "Cat".to_string();
        assert!(!header.describes(&other));
        let mut other = setup.clone();
        other.colours[1] = Some("blue".to_string());
        assert!(!header.describes(&other));
        let mut other = setup.clone();
        other.sets.pop();
        assert!(!header.describes(&other));
        let mut other = setup;
        other.players.push("Cat".to_string());
        assert!(!header.describes(&other));
    }
}
