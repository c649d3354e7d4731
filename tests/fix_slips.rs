#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! `carcref fix` finds the slip, not the symptom: into real records (the
//! shipped Board Game Arena logs and Carcassonne Lab replays, imported) and
//! the shipped examples, one slip of each kind is put at a random turn, many
//! seeds over; and into generated games of each expansion with actions, one
//! slip into one of a turn's actions. Wherever check then finds a fault, the
//! record as written must be the first reading `fix` lists in at least 80%
//! of the cases, and among the first three in at least 95%, counted in the
//! order `fix` lists them: a reading tied with the first counts where it is
//! listed. Where the record as written is tied with the first, `fix` must
//! say that the readings are equally likely.
//!
//! `CARCREF_SLIP_CASES=N` and `CARCREF_ACTION_SLIP_CASES=N` run N cases
//! instead of the defaults, 384 and 240 (the figures of the README's
//! "Finding the slip" are those of the defaults); each case is a different
//! slip.

mod common;

use std::path::Path;

use carcref::notation::{ActionRecord, FollowerSpec, GameRecord, Span, Spanned, TurnRecord};
use carcref::repair::suggest;
use carcref::{Rotation, Spot, TileCatalog};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fixed sequence: the same cases on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The records: the three BGA logs and the Lab table imported, and the
/// shipped examples, each read back from its canonical text.
fn records() -> Vec<(String, GameRecord)> {
    let mut out = Vec::new();
    let canonical = |r: &GameRecord| {
        let text = carcref::notation::write::write(std::slice::from_ref(r));
        carcref::parse(&text).remove(0).record
    };
    for id in ["366166200", "368679629", "370417702"] {
        let json =
            std::fs::read_to_string(root().join(format!("tests/data/bga/{id}.json"))).unwrap();
        let record = carcref::import::bga::import(&json).unwrap();
        out.push((format!("bga {id}"), canonical(&record)));
    }
    let csv = std::fs::read_to_string(root().join("tests/data/lab/bga-logs-repacked.csv")).unwrap();
    let (lab, errors) = carcref::import::lab::import_csv(&csv);
    assert!(errors.is_empty(), "{errors:?}");
    for (i, r) in lab.iter().enumerate() {
        out.push((format!("lab {}", i + 1), canonical(r)));
    }
    let examples = common::cgn_files(root().join("notation/examples"));
    for p in examples {
        let text = std::fs::read_to_string(&p).unwrap();
        for g in carcref::parse(&text) {
            out.push((
                p.file_name().unwrap().to_string_lossy().into_owned(),
                g.record,
            ));
        }
    }
    out
}

/// The kinds of slip put in.
const KINDS: [&str; 8] = [
    "rotation",
    "square",
    "tile",
    "spot",
    "figure-left-out",
    "figure-added",
    "swap",
    "player",
];

fn at<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// Ids that look alike or lie next to each other, as a hand confuses them.
fn confusable(a: &str, b: &str) -> bool {
    const ALIKE: &[&str] = &["OQDGC", "EF", "IJLT", "MNW", "UVW", "PRB", "HKX", "AJK"];
    match (a.as_bytes(), b.as_bytes()) {
        ([x], [y]) => x.abs_diff(*y) == 1 || ALIKE.iter().any(|g| g.contains(a) && g.contains(b)),
        _ => {
            let (pa, na) = a.split_at(a.find(|c: char| c.is_ascii_digit()).unwrap_or(a.len()));
            let (pb, nb) = b.split_at(b.find(|c: char| c.is_ascii_digit()).unwrap_or(b.len()));
            let (na, nb): (i64, i64) = (na.parse().unwrap_or(-9), nb.parse().unwrap_or(-9));
            pa == pb && (na - nb).abs() == 1
        }
    }
}

/// One slip of a kind put at a turn, if the turn allows it.
fn put_slip(
    record: &GameRecord,
    i: usize,
    kind: &str,
    rng: &mut Lcg,
    catalog: &TileCatalog,
) -> Option<GameRecord> {
    let mut out = record.clone();
    let players: Vec<String> = carcref::header::Header::read_for(record, catalog.user_sets())
        .0?
        .setup()
        .players
        .clone();
    let turn: &mut TurnRecord = out.turns.get_mut(i)?;
    let ActionRecord::Place { pos, rotation } = turn.action.value.clone() else {
        return None;
    };
    let def = catalog
        .id(&turn.tile.value)
        .and_then(|id| catalog.get(id))?;
    match kind {
        "rotation" => {
            let others: Vec<Rotation> = Rotation::ALL
                .into_iter()
                .filter(|r| *r != rotation.value)
                .collect();
            let r = others[rng.below(others.len())];
            turn.action.value = ActionRecord::Place {
                pos,
                rotation: at(r),
            };
        }
        "square" => {
            let p = pos.value;
            let choices = [
                (p.x + 1, p.y),
                (p.x - 1, p.y),
                (p.x, p.y + 1),
                (p.x, p.y - 1),
                (-p.x, p.y),
                (p.x, -p.y),
                (p.y, p.x),
            ];
            let (x, y) = choices[rng.below(choices.len())];
            if (x, y) == (p.x, p.y) {
                return None;
            }
            turn.action.value = ActionRecord::Place {
                pos: at(carcref::Pos::new(x, y)),
                rotation,
            };
        }
        "tile" => {
            let ids: Vec<String> = catalog
                .iter()
                .map(|(_, d)| d.id.clone())
                .filter(|id| *id != *turn.tile.value && confusable(id, &turn.tile.value))
                .collect();
            if ids.is_empty() {
                return None;
            }
            turn.tile.value = ids[rng.below(ids.len())].as_str().into();
        }
        "spot" | "figure-added" => {
            let here = turn.follower.as_ref().map(|f| f.spot.value);
            if (kind == "spot") != here.is_some() || !turn.steps.is_empty() {
                return None;
            }
            let seg = here.and_then(|s| s.segment(def, rotation.value));
            let spots: Vec<Spot> = Spot::all()
                .filter(|s| {
                    s.segment(def, rotation.value)
                        .is_some_and(|g| Some(g) != seg)
                })
                .collect();
            if spots.is_empty() {
                return None;
            }
            let s = spots[rng.below(spots.len())];
            turn.follower = Some(FollowerSpec {
                figure: turn.follower.as_ref().and_then(|f| f.figure.clone()),
                spot: at(s),
                span: Span::default(),
            });
        }
        "figure-left-out" => {
            turn.follower.take()?;
        }
        "player" => {
            let others: Vec<&String> = players
                .iter()
                .filter(|p| **p != *turn.player.value)
                .collect();
            if others.is_empty() {
                return None;
            }
            turn.player.value = others[rng.below(others.len())].as_str().into();
        }
        "swap" => {
            let next = record.turns.get(i + 1)?.clone();
            let this = turn.clone();
            turn.tile = next.tile.clone();
            turn.action = next.action.clone();
            turn.follower = next.follower.clone();
            turn.steps = next.steps.clone();
            let t = out.turns.get_mut(i + 1)?;
            t.tile = this.tile;
            t.action = this.action;
            t.follower = this.follower;
            t.steps = this.steps;
        }
        _ => unreachable!("{kind}"),
    }
    (out != *record).then_some(out)
}

/// Whether a reading gives back the record as written: the same record, or
/// one whose only difference is a figure's spot naming the same feature.
fn gives_back(repaired: &GameRecord, original: &GameRecord, catalog: &TileCatalog) -> bool {
    if repaired == original {
        return true;
    }
    let differ: Vec<(&TurnRecord, &TurnRecord)> = repaired
        .turns
        .iter()
        .zip(&original.turns)
        .filter(|(a, b)| a != b)
        .collect();
    differ.iter().all(|(a, b)| {
        let (mut a, mut b) = ((*a).clone(), (*b).clone());
        let same_segment = match (&a.follower, &b.follower, &a.action.value) {
            (Some(fa), Some(fb), ActionRecord::Place { rotation, .. }) => {
                let def = catalog.id(&a.tile.value).and_then(|id| catalog.get(id));
                def.is_some_and(|d| {
                    fa.spot.value.segment(d, rotation.value)
                        == fb.spot.value.segment(d, rotation.value)
                })
            }
            _ => false,
        };
        a.follower = None;
        b.follower = None;
        same_segment && a == b
    })
}

/// How the cases came out, by kind: how many, how many with the record as
/// written first, and among the first three, in the order `fix` lists the
/// readings.
#[derive(Default)]
struct Tally {
    by_kind: std::collections::BTreeMap<String, [usize; 3]>,
    /// Cases where the record as written is tied with the first reading but
    /// listed after it.
    tied: usize,
    misses: Vec<String>,
}

impl Tally {
    /// One case: the readings `fix` found, and the place of the record as
    /// written among them. Where it is tied with the first, `fix` must say
    /// that the first ones are equally likely.
    fn add(
        &mut self,
        kind: &str,
        repairs: &carcref::repair::Repairs,
        rank: Option<usize>,
        what: String,
    ) {
        let e = self.by_kind.entry(kind.to_string()).or_default();
        e[0] += 1;
        if rank == Some(0) {
            e[1] += 1;
        }
        if rank.is_some_and(|r| r < 3) {
            e[2] += 1;
        }
        if let (Some(r), Some(top)) = (rank, repairs.suggestions.first()) {
            let s = &repairs.suggestions[r];
            if r > 0 && s.clean && s.score == top.score && s.slips.len() == top.slips.len() {
                self.tied += 1;
                assert!(
                    repairs.tied() > r,
                    "{what}: tied with the first, not said so"
                );
            }
        }
        if rank.is_none_or(|r| r >= 3) {
            let shown: Vec<String> = repairs
                .suggestions
                .iter()
                .take(3)
                .map(|s| {
                    let slips: Vec<String> = s
                        .slips
                        .iter()
                        .map(|x| format!("turn {}: {}", x.turns[0].0, x.change))
                        .collect();
                    format!("{} ({})", slips.join(" & "), s.score)
                })
                .collect();
            self.misses.push(format!("{what}: {shown:?}"));
        }
    }

    fn total(&self) -> [usize; 3] {
        self.by_kind
            .values()
            .fold([0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]])
    }

    /// Prints the figures, by kind, and asserts the rates.
    fn report(&self, what: &str, cases: usize) {
        let [n, first, top3] = self.total();
        let rate = |k: usize, of: usize| k as f64 * 100.0 / of.max(1) as f64;
        println!(
            "{what}: {n} cases: first {first} ({:.1}%), among the first three {top3} ({:.1}%); \
             tied with the first but listed after it: {}",
            rate(first, n),
            rate(top3, n),
            self.tied
        );
        println!("| kind | cases | first | among the first three |");
        println!("|---|---|---|---|");
        for (kind, [k, f, t]) in &self.by_kind {
            println!("| {kind} | {k} | {f} | {t} |");
        }
        for m in self.misses.iter().take(20) {
            println!("  missed: {m}");
        }
        assert!(n * 10 >= cases * 9, "too few cases: {n} of {cases}");
        assert!(
            rate(first, n) >= 80.0,
            "first in {:.1}% of cases",
            rate(first, n)
        );
        assert!(
            rate(top3, n) >= 95.0,
            "among the first three in {:.1}% of cases",
            rate(top3, n)
        );
    }
}

/// The number of cases: the variable's, else the default.
fn cases(variable: &str, default: usize) -> usize {
    std::env::var(variable)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn the_slip_put_in_is_found_first() {
    let catalog = TileCatalog::embedded().unwrap();
    let records = records();
    assert!(records.len() >= 15, "{}", records.len());
    let cases = cases("CARCREF_SLIP_CASES", 384);
    let mut rng = Lcg(39);
    let mut tally = Tally::default();
    let mut seen = std::collections::BTreeSet::new();
    let (mut counted, mut tries) = (0, 0);
    while counted < cases && tries < cases * 20 {
        tries += 1;
        let kind = KINDS[counted % KINDS.len()];
        let r = rng.below(records.len());
        let (name, record) = &records[r];
        let i = rng.below(record.turns.len());
        let Some(slipped) = put_slip(record, i, kind, &mut rng, &catalog) else {
            continue;
        };
        // Through the text, as a director would hand it over.
        let text = carcref::notation::write::write(std::slice::from_ref(&slipped));
        if !seen.insert((r, text.clone())) {
            continue;
        }
        let parsed = carcref::parse(&text).remove(0);
        if parsed.has_errors() {
            continue;
        }
        // A slip check cannot see (no rule, no claim contradicts it) is not
        // one to find.
        let Some(repairs) = suggest(&parsed.record, &catalog) else {
            continue;
        };
        counted += 1;
        let rank = repairs
            .suggestions
            .iter()
            .position(|s| gives_back(&s.record, record, &catalog));
        let what = format!("{name} turn {} {kind}", record.turns[i].number.value);
        tally.add(kind, &repairs, rank, what);
    }
    tally.report("slips in turns", cases);
}

/// The expansions whose turns hold actions (SPEC 2.14), each played in
/// generated games with the basic game.
const ACTING: [&str; 9] = [
    "tower",
    "princess-and-dragon",
    "gold-mines",
    "flying-machines",
    "mage-and-witch",
    "crop-circles-1",
    "ferries",
    "robbers",
    "messengers",
];

/// Generated games of each expansion with actions, read back from their
/// text: four an expansion, two to four players.
fn acting_games(catalog: &TileCatalog) -> Vec<(String, GameRecord)> {
    let mut out = Vec::new();
    for (i, name) in ACTING.iter().enumerate() {
        for (j, players) in [2, 3, 4, 2].into_iter().enumerate() {
            let options = carcref::generate::GenOptions {
                edition: carcref::Edition::HiG2012,
                players,
                expansions: carcref::rules::expansions::Expansions::from_sets([*name]),
            };
            let seed = 390 + 10 * i as u64 + j as u64;
            let record = carcref::generate::random_game(
                catalog,
                &options,
                &mut carcref::generate::Rng::new(seed),
            );
            let text = carcref::notation::write::write(std::slice::from_ref(&record));
            out.push((
                format!("{name} ({players} players, seed {seed})"),
                carcref::parse(&text).remove(0).record,
            ));
        }
    }
    out
}

/// The kinds an act names that a hand may write for one another.
const ACT_KINDS: &[&[&str]] = &[
    &["add", "remove"],
    &["follower", "big"],
    &["marker", "messenger"],
];

/// Another square for a target, as a hand misreads one.
fn other_square(p: carcref::Pos, rng: &mut Lcg) -> carcref::Pos {
    let choices = [
        (p.x + 1, p.y),
        (p.x - 1, p.y),
        (p.x, p.y + 1),
        (p.x, p.y - 1),
        (-p.x, p.y),
        (p.x, -p.y),
        (p.y, p.x),
    ];
    let (x, y) = choices[rng.below(choices.len())];
    carcref::Pos::new(x, y)
}

/// A target written otherwise: its square or its place.
fn other_target(
    target: &carcref::notation::Target,
    direction: bool,
    rng: &mut Lcg,
) -> Option<carcref::notation::Target> {
    use carcref::notation::Place;
    let mut t = target.clone();
    let square = target.pos.is_some() && (target.place.is_none() || rng.below(2) == 0);
    if square {
        let p = target.pos.as_ref()?.value;
        t.pos = Some(at(other_square(p, rng)));
        return Some(t);
    }
    let place = match target.place.as_ref()?.value {
        Place::Spot(s) => {
            let others: Vec<Spot> = if direction {
                carcref::Side::ALL.into_iter().map(Spot::Edge).collect()
            } else {
                Spot::all().collect()
            };
            let others: Vec<Spot> = others.into_iter().filter(|o| *o != s).collect();
            Place::Spot(others[rng.below(others.len())])
        }
        Place::Ends(a, b) => {
            let sides = carcref::Side::ALL;
            let pairs: Vec<Place> = (0..4)
                .flat_map(|x| (x + 1..4).map(move |y| (x, y)))
                .map(|(x, y)| {
                    let (p, q) = Place::ends(sides[x], sides[y]);
                    Place::Ends(p, q)
                })
                .filter(|e| *e != Place::Ends(a, b))
                .collect();
            pairs[rng.below(pairs.len())]
        }
        Place::Tower => return None,
    };
    t.place = Some(at(place));
    Some(t)
}

/// One slip put into one step of a turn: the step's kind (its verb, or
/// `+` and its figure) and the record with it.
fn put_action_slip(
    record: &GameRecord,
    (i, k): (usize, usize),
    rng: &mut Lcg,
    players: &[String],
) -> Option<GameRecord> {
    use carcref::notation::{ActArg, StepRecord};
    let mut out = record.clone();
    let step = out.turns.get_mut(i)?.steps.get_mut(k)?;
    let other_player = |rng: &mut Lcg, p: &str| -> Option<String> {
        let others: Vec<&String> = players.iter().filter(|n| n.as_str() != p).collect();
        (!others.is_empty()).then(|| others[rng.below(others.len())].clone())
    };
    match step {
        StepRecord::Figure(f) => {
            f.target = other_target(&f.target, false, rng)?;
        }
        StepRecord::Act(a) => {
            let verb = a.verb.value.to_string();
            let suffix = a.player.is_some() && rng.below(3) == 0;
            if suffix {
                let p = a.player.as_ref()?.value.to_string();
                a.player = Some(at(other_player(rng, &p)?.as_str().into()));
            } else {
                let arg = a.arg.as_mut()?;
                match &mut arg.value {
                    ActArg::At { target, .. } => {
                        *target = other_target(target, verb == "dragon", rng)?;
                    }
                    ActArg::Number(n) => {
                        *n = if *n > 1 && rng.below(2) == 0 {
                            *n - 1
                        } else {
                            *n + 1
                        };
                    }
                    ActArg::Kind(name) => {
                        let group = ACT_KINDS.iter().find(|g| g.contains(&name.as_str()))?;
                        let other = group.iter().find(|o| **o != name.as_str())?;
                        *name = (*other).into();
                    }
                    ActArg::Player(p) => {
                        let p = p.to_string();
                        arg.value = ActArg::Player(other_player(rng, &p)?.as_str().into());
                    }
                    ActArg::Nothing => return None,
                }
            }
        }
    }
    (out != *record).then_some(out)
}

/// The kind of a step, as the rates are reported: its verb, or `+` and its
/// figure.
fn step_kind(step: &carcref::notation::StepRecord) -> String {
    match step {
        carcref::notation::StepRecord::Figure(f) => {
            format!("+{}", f.figure.as_ref().map_or("", |n| n.value.as_str()))
        }
        carcref::notation::StepRecord::Act(a) => a.verb.value.to_string(),
    }
}

#[test]
fn a_slip_in_an_action_is_found_first() {
    let catalog = TileCatalog::embedded().unwrap();
    let games = acting_games(&catalog);
    let cases = cases("CARCREF_ACTION_SLIP_CASES", 240);
    // Every step of every game, by kind: the cases go round the kinds, a
    // step of the kind drawn at random each time.
    let mut sites: std::collections::BTreeMap<String, Vec<(usize, usize, usize)>> =
        Default::default();
    for (g, (_, record)) in games.iter().enumerate() {
        for (i, turn) in record.turns.iter().enumerate() {
            for (k, step) in turn.steps.iter().enumerate() {
                sites.entry(step_kind(step)).or_default().push((g, i, k));
            }
        }
    }
    let kinds: Vec<&String> = sites.keys().collect();
    assert!(kinds.len() >= 15, "{kinds:?}");
    let mut rng = Lcg(3939);
    let mut tally = Tally::default();
    let mut seen = std::collections::BTreeSet::new();
    let (mut counted, mut tries) = (0, 0);
    while counted < cases && tries < cases * 40 {
        let kind = kinds[tries % kinds.len()].clone();
        tries += 1;
        let at = &sites[&kind];
        let (g, i, k) = at[rng.below(at.len())];
        let (name, record) = &games[g];
        let players = carcref::header::Header::read_for(record, catalog.user_sets())
            .0
            .unwrap()
            .setup()
            .players
            .clone();
        let Some(slipped) = put_action_slip(record, (i, k), &mut rng, &players) else {
            continue;
        };
        let text = carcref::notation::write::write(std::slice::from_ref(&slipped));
        if !seen.insert((g, text.clone())) {
            continue;
        }
        let parsed = carcref::parse(&text).remove(0);
        if parsed.has_errors() {
            continue;
        }
        let Some(repairs) = suggest(&parsed.record, &catalog) else {
            continue;
        };
        counted += 1;
        let rank = repairs
            .suggestions
            .iter()
            .position(|s| gives_back(&s.record, record, &catalog));
        let what = format!(
            "{name}: {} written {}",
            carcref::notation::write::turn_line(&record.turns[i]),
            carcref::notation::write::turn_line(&slipped.turns[i])
        );
        tally.add(&kind, &repairs, rank, what);
    }
    tally.report("slips in actions", cases);
}
