//! `carcref import`: records of other programs' formats read and written as
//! CGN, an input at a time.

use std::io::Write;
use std::path::PathBuf;

use super::EXIT_USAGE;
use crate::cli::{ImportSource, OutputFormat};

/// One input of `carcref import`: a Carcassonne Lab URL, or a file.
#[derive(Debug)]
enum ImportInput {
    Url(String),
    File(PathBuf),
}

/// `carcref import`: each input in turn, files and the files found in
/// folders, its records written (in canonical form) as soon as it is read.
/// Each fault names its input, and a bad input does not stop the others: the
/// exit code is 1 if an input had faults, 2 if one could not be read (or a
/// folder held no file of the format), at the end.
pub(super) fn run(
    source: ImportSource,
    output: OutputFormat,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    use crate::import::{Format, input};
    let files = |paths: Vec<PathBuf>| paths.into_iter().map(ImportInput::File).collect();
    let (format, args): (Format, Vec<ImportInput>) = match source {
        ImportSource::Bga { paths } => (Format::Bga, files(paths)),
        ImportSource::Kifu { paths } => (Format::Kifu, files(paths)),
        ImportSource::Jcz { paths } => (Format::Jcz, files(paths)),
        // A replay URL is imported as it is; anything else names a table or a
        // folder of tables.
        ImportSource::Lab { inputs } => (
            Format::Lab,
            inputs
                .into_iter()
                .map(|i| {
                    if i.contains("#/") {
                        ImportInput::Url(i)
                    } else {
                        ImportInput::File(PathBuf::from(i))
                    }
                })
                .collect(),
        ),
    };
    let mut code = 0;
    // The paths of each run of them between URLs are searched together (so a
    // file named twice is read once), files and folders in the order named.
    let mut inputs = Vec::new();
    let mut paths = Vec::new();
    let mut find = |paths: &mut Vec<PathBuf>, inputs: &mut Vec<ImportInput>, code: &mut u8| {
        if paths.is_empty() {
            return;
        }
        let found = crate::files::find_inputs_named(paths, format.suffixes());
        let reported = match output {
            OutputFormat::Human => found.report(err),
            OutputFormat::Json => {
                for problem in &found.problems {
                    let _ = writeln!(err, "{}", crate::render::faults_json::file_problem(problem));
                }
                found.exit_code()
            }
        };
        // A folder holding no file of the format is a usage error here (2), as
        // a path that cannot be read: there is nothing to import.
        let empty = found
            .problems
            .iter()
            .any(|p| p.kind == crate::files::ProblemKind::NoRecords);
        *code = (*code)
            .max(reported)
            .max(if empty { EXIT_USAGE } else { 0 });
        inputs.extend(found.files.into_iter().map(ImportInput::File));
        paths.clear();
    };
    for arg in args {
        match arg {
            ImportInput::File(path) => paths.push(path),
            url @ ImportInput::Url(_) => {
                find(&mut paths, &mut inputs, &mut code);
                inputs.push(url);
            }
        }
    }
    find(&mut paths, &mut inputs, &mut code);
    let mut games = 0usize;
    for item in inputs {
        let (name, (records, errors)) = match item {
            ImportInput::Url(url) => {
                let imported = match crate::import::lab::import_url(&url) {
                    Ok(record) => (vec![record], Vec::new()),
                    Err(errors) => (Vec::new(), errors),
                };
                (url, imported)
            }
            ImportInput::File(path) => {
                let name = path.display().to_string();
                match input::read(&path) {
                    Ok(text) => (name, format.import(&text)),
                    Err(e) => {
                        let _ = match output {
                            OutputFormat::Human => writeln!(err, "error: {name}: {e}"),
                            OutputFormat::Json => writeln!(
                                err,
                                "{}",
                                crate::render::faults_json::unreadable(&name, &e.to_string())
                            ),
                        };
                        code = code.max(EXIT_USAGE);
                        continue;
                    }
                }
            }
        };
        let mut text = String::new();
        for record in &records {
            // Games are separated by a blank line, as `fmt` writes them.
            if games > 0 {
                text.push('\n');
            }
            crate::import::write_game(&mut text, record);
            games += 1;
        }
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        for e in &errors {
            let _ = match output {
                OutputFormat::Human => writeln!(
                    err,
                    "error[{}]: {name}: {} (at {})",
                    e.code, e.message, e.location
                ),
                OutputFormat::Json => {
                    writeln!(
                        err,
                        "{}",
                        crate::render::faults_json::import_error(Some(&name), e)
                    )
                }
            };
        }
        if !errors.is_empty() {
            code = code.max(1);
        }
    }
    code
}
