//! "Never panics" over mutated fixtures: every prefix at a char boundary, every
//! line deleted, every line duplicated.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use carcref::{TileCatalog, check};

fn fixtures() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation");
    let mut out = Vec::new();
    for dir in ["games/valid", "games/invalid", "examples"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for p in paths {
            // A fixture that is not UTF-8 is read as `check` reads it: each
            // such byte as U+001A.
            let mut bytes = std::fs::read(&p).unwrap();
            carcref::stream::replace_not_utf8(&mut bytes, 0, &mut Vec::new());
            out.push((p.display().to_string(), String::from_utf8(bytes).unwrap()));
        }
    }
    out
}

fn must_not_panic(name: &str, what: &str, src: &str, catalog: &TileCatalog) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let outcome = check(name, src, catalog);
        // Every span lies inside the text.
        for g in &outcome.games {
            for d in &g.diagnostics {
                let s = d.span();
                assert!(
                    s.start <= s.end && s.end <= src.len(),
                    "{name} {what}: span {s:?} outside"
                );
            }
        }
    }));
    assert!(result.is_ok(), "{name}: panicked on {what}");
}

#[test]
fn truncations_deletions_duplications() {
    let catalog = TileCatalog::embedded().unwrap();
    for (name, src) in fixtures() {
        // Truncations: every line end and a few points inside lines keep this fast
        // for full games while still cutting every production somewhere.
        // A fixture of a long line or game is cut at a hundred points.
        let every = (src.len() / 100).max(7);
        let mut cuts: Vec<usize> = src
            .char_indices()
            .map(|(i, _)| i)
            .filter(|i| i % every == 0)
            .collect();
        cuts.extend(src.match_indices('\n').map(|(i, _)| i));
        for cut in cuts {
            if src.is_char_boundary(cut) {
                must_not_panic(
                    &name,
                    &format!("truncation at {cut}"),
                    &src[..cut],
                    &catalog,
                );
            }
        }
        let lines: Vec<&str> = src.split_inclusive('\n').collect();
        for i in 0..lines.len() {
            let deleted: String = lines
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, l)| *l)
                .collect();
            must_not_panic(
                &name,
                &format!("line {} deleted", i + 1),
                &deleted,
                &catalog,
            );
            let duplicated: String = lines
                .iter()
                .enumerate()
                .flat_map(|(j, l)| if j == i { vec![*l, *l] } else { vec![*l] })
                .collect();
            must_not_panic(
                &name,
                &format!("line {} duplicated", i + 1),
                &duplicated,
                &catalog,
            );
        }
    }
}

#[test]
fn hostile_inputs() {
    let catalog = TileCatalog::embedded().unwrap();
    let header = "[Players \"A, B\"]\n[Rules \"HiG-2012\"]\n";
    let cases = [
        String::new(),
        "\n\n\n".to_string(),
        "[".to_string(),
        format!("{header}1. A V {},0 r0\n", "9".repeat(40)),
        format!("{header}1. A V 2147483647,2147483647 r0\n"),
        format!("{header}1. A V -2147483648,0 r0\n"),
        format!("{header}{}. A V 1,0 r0\n", "9".repeat(30)),
        format!("{header}1. A V 1,0 r0 ={}+1\n", "x".repeat(10_000)),
        format!("{header}1. A V 1,0 r0 =A+99999999999999\n"),
        format!("{header}1. A V 1,0 r0 {{ é ü \u{1F600} }}\n"),
        "[Players \"é (red), \u{1F600} (blue)\"]\n[Rules \"HiG-2012\"]\n1. é V 1,0 r0\n"
            .to_string(),
        format!("{header}[Players \"A, B\"]\n[Result \"A x, B\"]\n"),
        "1. A V 1,0 r0\n".repeat(200),
    ];
    for (i, src) in cases.iter().enumerate() {
        must_not_panic("hostile", &format!("case {i}"), src, &catalog);
    }
}

/// A tile set of one's own (`--tiles`) is input too: the shipped example and
/// the faulty sets of the fixtures, each cut at many places, with each line
/// deleted and each line doubled, are read without a panic, and a fault's span
/// lies inside the text on character boundaries.
#[test]
fn tile_sets_of_ones_own_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("notation");
    let mut files = vec![root.join("tiles/examples/house-tiles.yaml")];
    let mut faulty: Vec<_> = std::fs::read_dir(root.join("games/tiles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    faulty.sort();
    files.extend(faulty);
    let mut read = 0;
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = src.split_inclusive('\n').collect();
        // Cut at every third character and at every line's end and start.
        let mut texts: Vec<(String, String)> = src
            .char_indices()
            .filter(|(i, c)| i % 3 == 0 || *c == '\n' || src[..*i].ends_with('\n'))
            .map(|(i, _)| (format!("truncation at {i}"), src[..i].to_string()))
            .collect();
        for i in 0..lines.len() {
            let without: String = lines
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, l)| *l)
                .collect();
            texts.push((format!("line {i} deleted"), without));
            let doubled: String = lines
                .iter()
                .enumerate()
                .flat_map(|(j, l)| std::iter::repeat_n(*l, if j == i { 2 } else { 1 }))
                .collect();
            texts.push((format!("line {i} doubled"), doubled));
        }
        for (what, text) in texts {
            let result = catch_unwind(AssertUnwindSafe(|| {
                if let Err(e) = TileCatalog::with_user_sets([("t.yaml", text.as_str())]) {
                    let span = carcref::diagnostics::Diagnostic::of_tile_set(&e).span();
                    assert!(span.start <= span.end && span.end <= text.len());
                    assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                }
            }));
            assert!(result.is_ok(), "{}: panicked on {what}", path.display());
            read += 1;
        }
    }
    assert!(read > 500, "{read} texts");
}
