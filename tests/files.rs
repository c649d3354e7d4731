#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Finding the inputs and writing files in place, end to end through the binary:
//! links that loop, special files, unreadable files, folders without records, a
//! file named twice, and `fmt` replacing records through links.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A short legal game (`tests/data/ok.cgn`), one per file here.
const GAME: &str = include_str!("data/ok.cgn");

/// The same game spelled with extra spaces: legal, but not canonical.
fn spaced_game() -> String {
    GAME.replace("1. Ann", "1.   Ann")
}

/// The longest a command may take; past it the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("files")
        .join(name);
    if dir.exists() {
        make_writable(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Gives back the permissions a test took from a folder's contents, so it can
/// be removed.
fn make_writable(dir: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let file_type = entry.file_type().unwrap();
            if file_type.is_dir() {
                let _ =
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o755));
                make_writable(&entry.path());
            } else if file_type.is_file() {
                let _ =
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o644));
            }
        }
    }
}

/// What a run of the binary gave.
#[derive(Debug)]
struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs the binary, failing the test if it has not ended within [`PATIENCE`].
fn run(args: &[&str], paths: &[&Path]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["--color", "never"])
        .args(args)
        .args(paths)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("carcref {args:?} {paths:?} did not end within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        code: status.code().expect("carcref was killed by a signal"),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// The summary line of `check`.
fn summary(out: &Output) -> &str {
    out.stdout
        .lines()
        .find(|l| l.starts_with("checked "))
        .unwrap_or_else(|| panic!("no summary line: {out:?}"))
}

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Whether a file the test made unreadable can still be read (the tests run as
/// root, which file permissions do not stop).
fn still_readable(path: &Path) -> bool {
    std::fs::read(path).is_ok()
}

#[cfg(unix)]
#[test]
fn links_that_loop_end_and_each_file_is_checked_once() {
    use std::os::unix::fs::symlink;
    let dir = scratch("loops");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("one.cgn"), spaced_game()).unwrap();
    std::fs::write(dir.join("sub/two.cgn"), spaced_game()).unwrap();
    // Two links to the folder they are in, and one back to the parent.
    symlink(".", dir.join("again")).unwrap();
    symlink(".", dir.join("and-again")).unwrap();
    symlink("..", dir.join("sub/up")).unwrap();

    let out = run(&["check"], &[&dir]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        summary(&out),
        "checked 2 games in 2 files: 2 valid, 0 invalid"
    );
    assert_eq!(out.stderr, "");

    let out = run(&["fmt", "--check"], &[&dir]);
    assert_eq!(out.code, 1, "{out:?}");
    let listed: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        listed,
        [
            format!("{}: not canonical", dir.join("one.cgn").display()),
            format!("{}: not canonical", dir.join("sub/two.cgn").display()),
        ]
    );

    let out = run(&["fmt"], &[&dir]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "");
    let out = run(&["fmt", "--check"], &[&dir]);
    assert_eq!(out.code, 0, "formatted once, canonical after: {out:?}");
    assert_eq!(names(&dir), ["again", "and-again", "one.cgn", "sub"]);
    assert_eq!(names(&dir.join("sub")), ["two.cgn", "up"]);
    assert!(
        std::fs::symlink_metadata(dir.join("again"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_folder_is_skipped_with_a_warning() {
    let dir = scratch("fifo");
    std::fs::write(dir.join("game.cgn"), GAME).unwrap();
    let fifo = dir.join("pipe.cgn");
    match Command::new("mkfifo").arg(&fifo).status() {
        Ok(s) if s.success() => {}
        _ => {
            eprintln!("skipped: mkfifo is not available to make a FIFO");
            return;
        }
    }
    let warning = format!(
        "warning: {}: skipped: not a regular file (a FIFO)\n",
        fifo.display()
    );
    for args in [&["check"][..], &["fmt", "--check"], &["fmt"]] {
        let out = run(args, &[&dir]);
        assert_eq!(out.code, 0, "{args:?}: {out:?}");
        assert_eq!(out.stderr, warning, "{args:?}");
    }
    let out = run(&["check"], &[&dir]);
    assert_eq!(
        summary(&out),
        "checked 1 game in 1 file: 1 valid, 0 invalid"
    );
    // Named on the command line, it is read, as asked: here another program
    // writes a game into it.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, GAME).unwrap())
    };
    let out = run(&["check"], &[&fifo]);
    writer.join().unwrap();
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        summary(&out),
        "checked 1 game in 1 file: 1 valid, 0 invalid"
    );
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_reported_under_its_own_path() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = scratch("unreadable");
    std::fs::write(dir.join("a.cgn"), GAME).unwrap();
    std::fs::write(dir.join("z.cgn"), GAME).unwrap();
    // A link to a file that is gone: unreadable for every user.
    let dangling = dir.join("gone.cgn");
    symlink("deleted.cgn", &dangling).unwrap();
    // A file nobody may read, unless file permissions do not apply (root).
    let locked = dir.join("locked.cgn");
    std::fs::write(&locked, GAME).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let locked_is_unreadable = !still_readable(&locked);
    if !locked_is_unreadable {
        eprintln!(
            "note: running with privileges that ignore file permissions, \
             so only the dangling link is unreadable"
        );
        std::fs::remove_file(&locked).unwrap();
    }

    let out = run(&["check"], &[&dir]);
    assert_eq!(out.code, 2, "{out:?}");
    let mut expected = format!(
        "error: {}: No such file or directory (os error 2)\n",
        dangling.display()
    );
    if locked_is_unreadable {
        expected.push_str(&format!(
            "error: {}: Permission denied (os error 13)\n",
            locked.display()
        ));
        // The locked file is listed, then cannot be opened.
        assert_eq!(
            summary(&out),
            "checked 2 games in 3 files: 2 valid, 0 invalid"
        );
    } else {
        assert_eq!(
            summary(&out),
            "checked 2 games in 2 files: 2 valid, 0 invalid"
        );
    }
    assert_eq!(out.stderr, expected);

    let out = run(&["fmt", "--check"], &[&dir]);
    assert_eq!(out.code, 2, "{out:?}");
    assert_eq!(out.stderr, expected);
    make_writable(&dir);
}

#[test]
fn a_folder_without_records_fails_with_a_warning() {
    let dir = scratch("no-records");
    let empty = dir.join("empty");
    let text = dir.join("text");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::create_dir_all(text.join("deeper")).unwrap();
    std::fs::write(text.join("notes.txt"), "not a record").unwrap();
    std::fs::write(text.join("deeper/more.txt"), "not a record").unwrap();
    for folder in [&empty, &text] {
        let warning = format!(
            "warning: {}: no .cgn or .cgn.gz file found\n",
            folder.display()
        );
        for args in [&["check"][..], &["fmt", "--check"], &["fmt"]] {
            let out = run(args, &[folder]);
            assert_eq!(out.code, 1, "{args:?}: {out:?}");
            assert_eq!(out.stderr, warning, "{args:?}");
        }
        let out = run(&["check"], &[folder]);
        assert_eq!(
            summary(&out),
            "checked 0 games in 0 files: 0 valid, 0 invalid"
        );
    }
    // Next to a valid record, the empty folder still fails the run.
    let game = dir.join("game.cgn");
    std::fs::write(&game, GAME).unwrap();
    let out = run(&["check"], &[&game, &empty]);
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(
        summary(&out),
        "checked 1 game in 1 file: 1 valid, 0 invalid"
    );
}

#[test]
fn the_same_file_named_twice_is_checked_once() {
    let dir = scratch("twice");
    let game = dir.join("game.cgn");
    std::fs::write(&game, spaced_game()).unwrap();
    let other_spelling = dir.join(".").join("game.cgn");
    let mut paths: Vec<&Path> = vec![&game, &game, &other_spelling, &dir];
    #[cfg(unix)]
    let link = dir.join("link.cgn");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("game.cgn", &link).unwrap();
        paths.push(&link);
    }
    let out = run(&["check"], &paths);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        summary(&out),
        "checked 1 game in 1 file: 1 valid, 0 invalid"
    );
    let out = run(&["fmt", "--check"], &paths);
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(out.stdout, format!("{}: not canonical\n", game.display()));
}

#[cfg(unix)]
#[test]
fn fmt_replaces_a_record_through_its_link_and_keeps_its_permissions() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = scratch("fmt-in-place");
    std::fs::create_dir_all(dir.join("real")).unwrap();
    let real = dir.join("real/game.cgn");
    std::fs::write(&real, spaced_game()).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.join("link.cgn");
    symlink("real/game.cgn", &link).unwrap();

    let out = run(&["fmt"], &[&link]);
    assert_eq!(out.code, 0, "{out:?}");
    let written = std::fs::read_to_string(&real).unwrap();
    assert_ne!(written, spaced_game());
    assert!(written.contains("\n1. Ann E 0,1 r180"), "{written}");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o640);
    assert_eq!(names(&dir), ["link.cgn", "real"]);
    assert_eq!(names(&dir.join("real")), ["game.cgn"], "no temporary file");
    let out = run(&["fmt", "--check"], &[&link]);
    assert_eq!(out.code, 0, "{out:?}");
}
