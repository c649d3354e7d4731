//! The ratios of PERFORMANCE.md's headline table, from one run: each pair of
//! commands is run as whole processes, interleaved, for several rounds, and
//! the medians and their ratio are printed. Ratios measured in the same run
//! hold on a machine whose speed moves from hour to hour; absolute times do
//! not.
//!
//! Each run is timed by the processor time the system gives the finished
//! child (user and system), not by the clock: a command waiting for a
//! processor another program holds is not charged for it. Each round's
//! pair gives a ratio, and a row prints the median of its rounds' ratios:
//! a round's two runs lie seconds apart, so a machine whose speed drifts
//! over the run moves both alike.
//!
//! Run with `cargo bench --bench ratios`. The inputs are made by the binary
//! under test (`carcref gen`, `carcref import`) in a temporary folder:
//!
//! * basic games (`gen --seed 11`), games with every expansion (`gen --seed
//!   47 --expansions …`, all twelve sets but the second Crop Circles),
//!   three-player games with The Princess & the Dragon (`gen --seed 7`), and
//!   basic games of the greedy policy (`gen --policy greedy`, when the binary
//!   has it);
//! * the real records shipped with the tests (the Carcassonne Lab table and
//!   the Board Game Arena logs, imported), repeated;
//! * a file of the basic games repeated to `CARCREF_RATIOS_MB` megabytes
//!   (100 unless set; the figure is 300), for `check --jobs 1` against
//!   `wc -l`.
//!
//! Environment: `CARCREF_RATIOS_ROUNDS` (rounds, 5 unless set, at least 5
//! counted), `CARCREF_RATIOS_MB` (the size of the file `wc -l` reads),
//! `CARCREF_RATIOS_SCALE` (a factor on the number of games, 1 unless set),
//! `CARCREF_BIN` (the binary measured; the bench's own build of `carcref`
//! unless set) and `CARCREF_BEFORE` (a second binary, measured in the same
//! rounds, interleaved: each ratio is then printed before → after, with the
//! times of `check --jobs 1` of the two binaries side by side).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::time::TimeValLike;

const EXPANSIONS: &str = "river,inns-and-cathedrals,traders-and-builders,tower,\
princess-and-dragon,gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,\
robbers,messengers";

fn env_number(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `bin` with `args`, its standard output to `out` (or nowhere).
fn run(bin: &Path, args: &[&str], out: Option<&Path>) -> bool {
    let stdout = match out {
        Some(p) => Stdio::from(fs::File::create(p).expect("an input file")),
        None => Stdio::null(),
    };
    Command::new(bin)
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// The number of turn lines of a file of records (lines that start with a
/// digit).
fn turns(path: &Path) -> usize {
    let text = fs::read(path).expect("an input");
    text.split(|b| *b == b'\n')
        .filter(|l| l.first().is_some_and(u8::is_ascii_digit))
        .count()
}

/// `text` repeated (games separated by a blank line) to at least `bytes`.
fn repeat_to(text: &[u8], bytes: usize, out: &Path) {
    let mut all = Vec::with_capacity(bytes + text.len() + 1);
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    while all.len() < bytes {
        if !all.is_empty() {
            all.extend_from_slice(b"\n\n");
        }
        all.extend_from_slice(body);
    }
    all.push(b'\n');
    fs::write(out, all).expect("a repeated file");
}

/// A command measured: a program and its arguments.
#[derive(Clone)]
struct Cmd {
    program: PathBuf,
    args: Vec<String>,
}

impl Cmd {
    fn new(program: &Path, args: &[&str]) -> Cmd {
        Cmd {
            program: program.to_path_buf(),
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// The processor time of one run (user and system), its output to
    /// nowhere.
    fn time(&self) -> f64 {
        let start = children_cpu();
        let status = Command::new(&self.program)
            .args(&self.args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        assert!(status.is_ok(), "{} did not run", self.program.display());
        children_cpu() - start
    }
}

/// The processor time, in seconds, of this process's children that have
/// finished and been waited for: user and system.
fn children_cpu() -> f64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("the children's usage");
    let micros = usage.user_time().num_microseconds() + usage.system_time().num_microseconds();
    micros as f64 / 1e6
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The times of `cmds`, run in turn in each of `rounds` rounds (after one
/// round not counted, which warms the file cache): for each command, its
/// time in each round.
fn rounds_of(cmds: &[Cmd], rounds: usize) -> Vec<Vec<f64>> {
    for c in cmds {
        c.time();
    }
    let mut times = vec![Vec::new(); cmds.len()];
    for round in 0..rounds {
        // Alternate the order, so that neither command always runs first.
        let order: Vec<usize> = if round % 2 == 0 {
            (0..cmds.len()).collect()
        } else {
            (0..cmds.len()).rev().collect()
        };
        for i in order {
            times[i].push(cmds[i].time());
        }
    }
    times
}

/// A row of the table: its label, the numerator and denominator commands (of
/// the binary, or of any program when `carcref` is not in them), and the
/// weights that make each time a time per unit (turns, or 1).
struct Row {
    label: String,
    a: Vec<String>,
    b: Vec<String>,
    a_units: f64,
    b_units: f64,
    /// Whether `b` is `wc -l` rather than a command of carcref.
    b_is_wc: bool,
}

fn main() {
    // `cargo bench` passes `--bench`; a filter is not used.
    let rounds = (env_number("CARCREF_RATIOS_ROUNDS", 5.0) as usize).max(5);
    let megabytes = env_number("CARCREF_RATIOS_MB", 100.0).max(1.0);
    let scale = env_number("CARCREF_RATIOS_SCALE", 1.0).max(0.01);
    let bin = std::env::var_os("CARCREF_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_carcref")));
    let before = std::env::var_os("CARCREF_BEFORE").map(PathBuf::from);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("carcref-ratios-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a temporary folder");

    let games = |n: f64| ((n * scale).round() as usize).max(1).to_string();
    let file = |name: &str| dir.join(name);
    eprintln!("making the inputs in {}", dir.display());
    let basic_n = games(10_000.0);
    let all_n = games(400.0);
    let pd_n = games(2_000.0);
    // The greedy policy judges every placement on a copy of the game: its
    // games take longer to make.
    let greedy_n = games(1_000.0);
    assert!(run(
        &bin,
        &["gen", "--seed", "11", "--games", &basic_n],
        Some(&file("basic.cgn"))
    ));
    assert!(run(
        &bin,
        &[
            "gen",
            "--seed",
            "47",
            "--games",
            &all_n,
            "--expansions",
            EXPANSIONS
        ],
        Some(&file("all.cgn"))
    ));
    assert!(run(
        &bin,
        &[
            "gen",
            "--seed",
            "7",
            "--games",
            &pd_n,
            "--players",
            "3",
            "--expansions",
            "princess-and-dragon"
        ],
        Some(&file("pd.cgn"))
    ));
    let greedy = run(
        &bin,
        &[
            "gen",
            "--seed",
            "11",
            "--games",
            &greedy_n,
            "--players",
            "3",
            "--policy",
            "greedy",
        ],
        Some(&file("greedy.cgn")),
    );
    // The real records: the Lab table and the Board Game Arena logs, imported.
    let lab = root.join("tests/data/lab/bga-logs-repacked.csv");
    let bga = root.join("tests/data/bga");
    let real = run(
        &bin,
        &["import", "lab", lab.to_str().expect("a path")],
        Some(&file("lab.cgn")),
    ) && run(
        &bin,
        &["import", "bga", bga.to_str().expect("a path")],
        Some(&file("bga.cgn")),
    );
    if real {
        let mut both = fs::read(file("lab.cgn")).expect("lab");
        both.extend_from_slice(b"\n");
        both.extend(fs::read(file("bga.cgn")).expect("bga"));
        // As many turns as the basic games, about.
        let size = fs::metadata(file("basic.cgn")).expect("basic").len() as usize;
        repeat_to(&both, size, &file("real.cgn"));
    }
    let basic = fs::read(file("basic.cgn")).expect("basic");
    let big_bytes = (megabytes * 1_000_000.0) as usize;
    repeat_to(&basic, big_bytes, &file("big.cgn"));

    let path = |name: &str| file(name).to_str().expect("a path").to_string();
    let check = |name: &str| vec!["check".into(), "--jobs".into(), "1".into(), path(name)];
    let t = |name: &str| turns(&file(name)) as f64;
    let (basic_turns, all_turns, pd_turns) = (t("basic.cgn"), t("all.cgn"), t("pd.cgn"));
    let mut rows = vec![
        Row {
            label: "a turn with every expansion ÷ a basic turn".into(),
            a: check("all.cgn"),
            b: check("basic.cgn"),
            a_units: all_turns,
            b_units: basic_turns,
            b_is_wc: false,
        },
        Row {
            label: "a Princess & the Dragon turn ÷ a basic turn".into(),
            a: check("pd.cgn"),
            b: check("basic.cgn"),
            a_units: pd_turns,
            b_units: basic_turns,
            b_is_wc: false,
        },
        Row {
            label: "`score --format json` ÷ `check` (basic games)".into(),
            a: vec![
                "score".into(),
                "--format".into(),
                "json".into(),
                path("basic.cgn"),
            ],
            b: check("basic.cgn"),
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: false,
        },
        Row {
            label: "`fmt --check` ÷ `check` (basic games)".into(),
            a: vec!["fmt".into(), "--check".into(), path("basic.cgn")],
            b: check("basic.cgn"),
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: false,
        },
        Row {
            label: format!("`check --jobs 1` ÷ `wc -l` ({megabytes} MB)"),
            a: check("big.cgn"),
            b: vec!["-l".into(), path("big.cgn")],
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: true,
        },
        Row {
            label: "`score --format json` ÷ `check` (every expansion)".into(),
            a: vec![
                "score".into(),
                "--format".into(),
                "json".into(),
                path("all.cgn"),
            ],
            b: check("all.cgn"),
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: false,
        },
        Row {
            label: "`fmt --check` ÷ `check` (every expansion)".into(),
            a: vec!["fmt".into(), "--check".into(), path("all.cgn")],
            b: check("all.cgn"),
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: false,
        },
        Row {
            label: "`find --feature city>=20` ÷ `check` (basic games)".into(),
            a: vec![
                "find".into(),
                path("basic.cgn"),
                "--feature".into(),
                "city>=20".into(),
                "--count".into(),
                "--jobs".into(),
                "1".into(),
            ],
            b: check("basic.cgn"),
            a_units: 1.0,
            b_units: 1.0,
            b_is_wc: false,
        },
    ];
    if greedy {
        rows.push(Row {
            label: "a turn of greedy 3-player games ÷ a basic turn".into(),
            a: check("greedy.cgn"),
            b: check("basic.cgn"),
            a_units: t("greedy.cgn"),
            b_units: basic_turns,
            b_is_wc: false,
        });
    }
    if real {
        rows.push(Row {
            label: "a turn of the real records ÷ a basic turn".into(),
            a: check("real.cgn"),
            b: check("basic.cgn"),
            a_units: t("real.cgn"),
            b_units: basic_turns,
            b_is_wc: false,
        });
    }

    println!(
        "{rounds} interleaved rounds, processor time, the median of each round's ratio; {basic_n} basic games ({basic_turns} turns), \
         {all_n} with every expansion ({all_turns} turns), {pd_n} of The Princess & the Dragon \
         ({pd_turns} turns), {megabytes} MB for wc"
    );
    let wc = PathBuf::from("wc");
    let mut binaries = vec![("after", bin.clone())];
    if let Some(b) = &before {
        binaries.insert(0, ("before", b.clone()));
    }
    // The medians of check --jobs 1 of each binary, per file, for the rows
    // of the binaries side by side.
    let mut checks: Vec<(String, Vec<f64>)> = Vec::new();
    for row in &rows {
        let mut cmds = Vec::new();
        for (_, b) in &binaries {
            let args: Vec<&str> = row.a.iter().map(String::as_str).collect();
            cmds.push(Cmd::new(b, &args));
            let args: Vec<&str> = row.b.iter().map(String::as_str).collect();
            cmds.push(Cmd::new(if row.b_is_wc { &wc } else { b }, &args));
        }
        let times = rounds_of(&cmds, rounds);
        let mut shown = Vec::new();
        for (i, (name, _)) in binaries.iter().enumerate() {
            let (a, b) = (&times[2 * i], &times[2 * i + 1]);
            // Each round's ratio, from its own pair of runs; the median of
            // those.
            let ratio = median(
                a.iter()
                    .zip(b)
                    .map(|(ta, tb)| (ta / row.a_units) / (tb / row.b_units))
                    .collect(),
            );
            let (ta, tb) = (median(a.clone()), median(b.clone()));
            shown.push(format!("{name} {ratio:.2}× ({ta:.3} s / {tb:.3} s)"));
            if !row.b_is_wc {
                let key = row.b.join(" ");
                match checks.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => v.push(tb),
                    None => checks.push((key, vec![tb])),
                }
            }
        }
        println!("{:<52} {}", row.label, shown.join("   "));
    }
    if before.is_some() {
        // check --jobs 1 of the two binaries, each the denominator of its
        // rows: the medians of the rows, before ÷ after.
        for (key, v) in &checks {
            let (b, a): (Vec<f64>, Vec<f64>) = (
                v.iter().step_by(2).copied().collect(),
                v.iter().skip(1).step_by(2).copied().collect(),
            );
            let (b, a) = (median(b), median(a));
            let name = key.rsplit('/').next().unwrap_or(key);
            println!(
                "check --jobs 1 {name:<30} before {b:.3} s, after {a:.3} s: after ÷ before {:.3}",
                a / b
            );
        }
    }
    let _ = fs::remove_dir_all(&dir);
}
