//! `carcref find`: the games of an archive that meet every criterion given,
//! written as canonical CGN (so that `find … | carcref stats -` and
//! `| carcref check -` read them), listed as `FILE:GAME` lines, or counted.
//! With `--duplicates`, the games that repeat one met before.

use std::io::Write;
use std::path::PathBuf;

use super::EXIT_USAGE;
use super::input_games::each_game_parallel;
use crate::archive::criteria::{self, Criterion, Test, all_hold};
use crate::archive::seen::Seen;
use crate::archive::view::LazyGame;
use crate::tiles::TileCatalog;

/// What `find` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// The games, as canonical CGN.
    Games,
    /// `FILE:GAME` lines.
    List,
    /// One number.
    Count,
}

/// A `find` command line, read.
#[derive(Debug)]
struct Request {
    paths: Vec<PathBuf>,
    criteria: Vec<Criterion>,
    output: Output,
    duplicates: bool,
    jobs: usize,
}

/// Reads the words after `find`: paths, criteria (each after `--not` to
/// negate it), `--count`, `--list`, `--duplicates` and `--jobs N`.
fn read_args(args: &[String]) -> Result<Request, String> {
    let mut request = Request {
        paths: Vec::new(),
        criteria: Vec::new(),
        output: Output::Games,
        duplicates: false,
        jobs: 0,
    };
    let mut not = false;
    let mut words = args.iter().map(String::as_str).peekable();
    while let Some(word) = words.next() {
        // `--flag=value` is `--flag value`.
        let (flag, inline) = match word.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (word, None),
        };
        match flag {
            "--not" if inline.is_none() => {
                if not {
                    return Err("--not --not: write a criterion after --not".to_string());
                }
                not = true;
                continue;
            }
            "--count" | "--list" | "--duplicates" if not => {
                return Err(format!("--not {flag}: --not negates a criterion"));
            }
            "--count" | "--list" => {
                let output = if flag == "--count" {
                    Output::Count
                } else {
                    Output::List
                };
                if request.output != Output::Games && request.output != output {
                    return Err("--count and --list: choose one".to_string());
                }
                request.output = output;
            }
            "--duplicates" => request.duplicates = true,
            "--jobs" => {
                let value = inline.or_else(|| words.next()).unwrap_or_default();
                request.jobs = value
                    .parse()
                    .map_err(|_| format!("--jobs {value:?}: write a number of workers"))?;
            }
            "-" => request.paths.push(PathBuf::from("-")),
            _ if flag.starts_with("--") => {
                let value = if criteria::takes_value(flag) && criteria::NAMES.contains(&flag) {
                    inline.or_else(|| words.next())
                } else {
                    inline
                };
                request
                    .criteria
                    .push(criteria::criterion(flag, value, not)?);
            }
            _ if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!(
                    "{flag} is not a criterion{}",
                    crate::suggest::did_you_mean(flag, criteria::NAMES.iter().copied())
                ));
            }
            _ => request.paths.push(PathBuf::from(word)),
        }
        if not && !flag.starts_with("--") {
            return Err(format!("--not {word}: write a criterion after --not"));
        }
        not = false;
    }
    if not {
        return Err("--not: write a criterion after it".to_string());
    }
    if request.paths.is_empty() {
        return Err("name the files or folders to search (- for standard input)".to_string());
    }
    Ok(request)
}

/// The codes `--code` may name: a code that is none is refused with a
/// suggestion.
fn check_codes(criteria: &[Criterion]) -> Result<(), String> {
    for c in criteria {
        if let Test::Code(code) = &c.test
            && super::explanation(code).is_none()
        {
            let codes = crate::diagnostics::CODES.iter().map(|(c, _)| *c);
            let near = crate::suggest::nearest_code(code, codes)
                .map_or_else(String::new, |n| format!("; did you mean `{n}`?"));
            return Err(format!("--code {code}: no diagnostic has this code{near}"));
        }
    }
    Ok(())
}

/// What `find` learns of one game: whether it is chosen, its canonical text
/// (when the games are written) and its fingerprint (for `--duplicates`).
type Answer = (bool, Option<String>, Option<u64>);

/// Runs `carcref find` on the words after it.
pub(super) fn run<'c>(
    args: &[String],
    catalog: &'c TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let request = match read_args(args).and_then(|r| check_codes(&r.criteria).map(|()| r)) {
        Ok(r) => r,
        Err(message) => {
            let _ = writeln!(err, "error: find: {message}");
            return EXIT_USAGE;
        }
    };
    let (mut count, mut first) = (0u64, true);
    // With --duplicates: where each game was first met, by fingerprint: its
    // file (an index into `names`, the high 32 bits) and its number there.
    let mut met = Seen::new();
    let mut names: Vec<String> = Vec::new();
    // A fault reading back the fingerprints met (a temporary file).
    let mut lost: Option<std::io::Error> = None;
    let output = request.output;
    let duplicates = request.duplicates;
    let work = |referee: &mut crate::referee::Referee<'c>, g: &crate::stream::Game<'_>| -> Answer {
        let mut view = LazyGame::new(g, referee, catalog);
        let chosen = all_hold(&request.criteria, &mut view);
        // A duplicate is told from every game met, chosen or not.
        let print = duplicates.then(|| crate::archive::duplicates::fingerprint(view.record()));
        let text = (chosen && output == Output::Games).then(|| {
            let mut text = String::new();
            crate::notation::write::write_game(
                &mut text,
                &crate::notation::write::canonical_with(view.record(), catalog),
            );
            text
        });
        (chosen, text, print)
    };
    let code = each_game_parallel(
        &request.paths,
        request.jobs,
        catalog,
        work,
        |place, _, (chosen, text, print)| {
            let here = || format!("{}:{}", place.name, place.index + 1);
            let mut chosen = chosen;
            let mut earlier = None;
            if let Some(p) = print.filter(|_| lost.is_none()) {
                if names.last().is_none_or(|n| n != place.name) {
                    names.push(place.name.to_string());
                }
                let file = u64::try_from(names.len() - 1).unwrap_or(u64::from(u32::MAX));
                let game = u64::try_from(place.index + 1).unwrap_or(u64::from(u32::MAX));
                match met.first_met(p, (file << 32) | game.min(u64::from(u32::MAX))) {
                    Ok(Some(at)) => {
                        let name = names.get((at >> 32) as usize).map_or("", String::as_str);
                        earlier = Some(format!("{name}:{}", at & u64::from(u32::MAX)));
                    }
                    Ok(None) => chosen = false,
                    Err(e) => {
                        lost = Some(e);
                        chosen = false;
                    }
                }
            }
            if !chosen {
                return;
            }
            count += 1;
            match output {
                Output::Count => {}
                Output::List => {
                    let _ = match earlier {
                        Some(e) => writeln!(out, "{}: the same game as {e}", here()),
                        None => writeln!(out, "{}", here()),
                    };
                }
                Output::Games => {
                    if !first {
                        let _ = out.write_all(b"\n");
                    }
                    first = false;
                    let _ = out.write_all(text.unwrap_or_default().as_bytes());
                }
            }
        },
        err,
    );
    if let Some(e) = lost {
        let _ = writeln!(
            err,
            "error: the fingerprints of the games met could not be read back from their temporary file ({e}); the duplicates found are not all"
        );
        return EXIT_USAGE;
    }
    if output == Output::Count {
        let _ = writeln!(out, "{count}");
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn criteria_and_paths_are_told_apart() {
        let r = read_args(&words("a.cgn --player Ann --not --valid b/ --count")).unwrap();
        assert_eq!(r.paths, [PathBuf::from("a.cgn"), PathBuf::from("b/")]);
        assert_eq!(r.criteria.len(), 2);
        assert!(r.criteria[1].negated);
        assert_eq!(r.output, Output::Count);
        let r = read_args(&words("- --turns=>=70 --invalid")).unwrap();
        assert_eq!(r.criteria[1].test, Test::Valid);
        assert!(r.criteria[1].negated);
    }

    #[test]
    fn misuse_is_explained() {
        for (args, says) in [
            ("a.cgn --not", "after it"),
            ("a.cgn --not --count", "negates a criterion"),
            ("a.cgn --count --list", "choose one"),
            ("a.cgn --winer Ann", "did you mean `--winner`"),
            ("--player Ann", "name the files"),
            ("a.cgn -x", "not a criterion"),
        ] {
            let e = read_args(&words(args)).unwrap_err();
            assert!(e.contains(says), "{args}: {e}");
        }
    }
}
