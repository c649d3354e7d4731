#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Outputs other programs read: GitHub workflow commands escaped as GitHub
//! reads them, YAML that every YAML reader reads back as written, and a
//! `--jobs` that asks for more threads than there is work or cores.

mod common;

/// Runs the binary in a folder with standard input; exit code, standard output
/// and standard error.
fn run(dir: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    common::run_carcref(dir, args, stdin.as_bytes())
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("outputs")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const HEADER: &str =
    "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n[Termination \"interrupted\"]\n\n";

/// What GitHub does to the data of a workflow command: `%25`, `%0D` and
/// `%0A` undone in a message, and `%3A` and `%2C` too in a property.
fn unescape(text: &str, property: bool) -> String {
    let mut s = text.replace("%0D", "\r").replace("%0A", "\n");
    if property {
        s = s.replace("%3A", ":").replace("%2C", ",");
    }
    s.replace("%25", "%")
}

#[test]
fn github_annotations_are_escaped() {
    let dir = scratch("github");
    // A file name with the characters a property may not hold, and a record
    // whose message holds `%` and a line break (in a player's name, quoted).
    let name = "club, round 1: 100%.cgn";
    std::fs::write(
        dir.join(name),
        format!("{HEADER}1. \"A%0Ab\" E 0,1 r180\n2. \"C\rD\" U 1,0 r0\n"),
    )
    .unwrap();
    let (code, stdout, _) = run(&dir, &["check", "--format", "github", name], "");
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert!(!lines.is_empty(), "{stdout}");
    for line in &lines {
        // One annotation a line: no raw CR or LF inside.
        assert!(!line.contains('\r'), "{line:?}");
        let (command, message) = line.split_once("::").unwrap().1.split_once("::").unwrap();
        let (_, properties) = command.split_once(' ').unwrap();
        let mut file = None;
        for property in properties.split(',') {
            let (key, value) = property.split_once('=').unwrap();
            if key == "file" {
                file = Some(unescape(value, true));
            }
        }
        assert_eq!(file.as_deref(), Some(name), "{line}");
        assert!(!unescape(message, false).is_empty());
    }
    // The message names the player as written, once unescaped.
    let first = lines[0].rsplit_once("::").unwrap().1;
    assert!(first.contains("A%250Ab"), "{first}");
    assert_eq!(
        unescape(first, false),
        "unknown player A%0Ab: not in the Players tag"
    );
    assert!(stdout.contains("club%2C round 1%3A 100%25.cgn"), "{stdout}");
}

#[test]
fn yaml_quotes_what_a_yaml_reader_would_read_otherwise() {
    let dir = scratch("yaml");
    // Players whose names a YAML 1.1 reader takes for a boolean, null and a
    // number.
    let game = "[Players \"No (red), on (blue), null (green), 12 (yellow)\"]\n[Rules \"HiG-2012\"]\n[Termination \"adjudicated\"]\n\n1. No E 0,1 r180 +S\n2. on U 1,0 r0\n3. null U -1,0 r0\n4. 12 U 2,0 r0\n";
    let (code, stdout, stderr) = run(&dir, &["score", "--format", "yaml", "-"], game);
    assert_eq!(code, 0, "{stderr}");
    for quoted in ["\"No\": 4", "\"on\": 0", "\"null\": 0", "\"12\": 0"] {
        assert!(stdout.contains(quoted), "{quoted} in\n{stdout}");
    }
    // Read back, every name keeps its total.
    let doc: serde_yaml::Value = serde_yaml::from_str(stdout.trim_start_matches("---\n")).unwrap();
    let totals = doc.get("totals").unwrap().as_mapping().unwrap();
    for (name, points) in [("No", 4), ("on", 0), ("null", 0), ("12", 0)] {
        assert_eq!(
            totals.get(name).and_then(serde_yaml::Value::as_u64),
            Some(points),
            "{name}"
        );
    }
    // Plain names stay plain.
    let (_, stdout, _) = run(
        &dir,
        &["score", "--format", "yaml", "-"],
        &game.replace("No", "Ann").replace("on", "Bob"),
    );
    assert!(
        stdout.contains("\n  Ann: 4\n") && stdout.contains("\n  Bob: 0\n"),
        "{stdout}"
    );
}

#[test]
fn jobs_beyond_the_cores_are_not_started() {
    let dir = scratch("jobs");
    let game = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ok.cgn"),
    )
    .unwrap();
    let eleven: Vec<String> = (0..11).map(|_| game.clone()).collect();
    std::fs::write(dir.join("eleven.cgn"), eleven.join("\n")).unwrap();
    // Twenty thousand threads asked for: the pool has one a core (at most
    // two here), and the answer is the one of a single job.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    assert_eq!(carcref::commands::worker_threads(20_000), cores);
    assert_eq!(carcref::commands::worker_threads(0), cores);
    assert_eq!(carcref::commands::worker_threads(1), 1);
    for jobs in ["20000", "1", "0"] {
        let (code, stdout, stderr) = run(&dir, &["check", "--jobs", jobs, "eleven.cgn"], "");
        assert_eq!(code, 0, "{jobs}: {stderr}");
        assert_eq!(
            stdout, "checked 11 games in 1 file: 11 valid, 0 invalid\n",
            "{jobs}"
        );
    }
}
