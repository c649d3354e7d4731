//! `carcref.toml`: the settings a repository of records keeps for carcref, read
//! by the commands that read records and the tile catalog (`check`, `score`,
//! `fmt`, `fix`, `show`, `moves`, `tiles`, `gen`).
//!
//! The file is the one named by `--config FILE`, else the first
//! `carcref.toml` found in the working folder or one of its parents; with
//! `--no-config` none is read. Every key is optional:
//!
//! ```toml
//! rules = "HiG-2012"            # the default of `score --rules` and `gen --rules`
//! select = ["E", "W"]           # the codes `check` reports (prefixes allowed)
//! ignore = ["W101"]             # the codes it does not report
//! warnings-as-errors = false    # a selected warning fails the run
//! tiles = ["tiles/house.yaml"]  # tile sets of one's own, as --tiles
//! jobs = 2                      # `check --jobs`
//!
//! [[overrides]]                 # for the records under a folder (or one file)
//! path = "archive/2019"
//! ignore = ["E5"]               # added to the codes ignored
//! select = ["E"]                # in place of the codes selected
//! ```
//!
//! Paths are relative to the folder holding the file. A flag given on the
//! command line wins over the file: `--select` and `--ignore` replace the
//! file's lists (its overrides' included), `--tiles` its tile sets, `--jobs`
//! and `--rules` its values. An unknown key or a bad value is an error naming
//! the file, the line and the column (exit 2).

use std::path::{Component, Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::edition::Edition;

/// The name of the file looked for in the working folder and its parents.
pub const FILE_NAME: &str = "carcref.toml";

/// The settings of a `carcref.toml`, checked, with its paths made absolute.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// The file the settings were read from.
    pub file: PathBuf,
    /// The default edition of `score --rules` and `gen --rules`.
    pub rules: Option<Edition>,
    /// The codes (or prefixes) `check` reports; `None`: every code.
    pub select: Option<Vec<String>>,
    /// The codes (or prefixes) `check` does not report.
    pub ignore: Vec<String>,
    /// Whether a selected warning fails the run as an error does.
    pub warnings_as_errors: bool,
    /// Tile sets of one's own (`--tiles`).
    pub tiles: Vec<PathBuf>,
    /// `check --jobs`.
    pub jobs: Option<usize>,
    /// The settings for the records under a folder, in the file's order.
    pub overrides: Vec<Override>,
}

/// The settings of `[[overrides]]` for the records under a path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Override {
    /// The folder (or file), absolute.
    pub path: PathBuf,
    /// Codes selected there, in place of those of the file.
    pub select: Option<Vec<String>>,
    /// Codes ignored there, besides those of the file.
    pub ignore: Vec<String>,
}

/// A `carcref.toml` that cannot be read or used: the file, the place (line
/// and column, 1-based) when there is one, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file.
    pub file: PathBuf,
    /// Line and column of the fault.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = crate::render::shown_text(&self.file.display().to_string(), 1000);
        match self.place {
            Some((line, column)) => write!(f, "{file}:{line}:{column}: {}", self.message),
            None => write!(f, "{file}: {}", self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    rules: Option<Spanned<String>>,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    warnings_as_errors: Option<bool>,
    tiles: Option<Vec<String>>,
    jobs: Option<usize>,
    #[serde(default)]
    overrides: Vec<RawOverride>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    path: String,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
}

/// The `carcref.toml` of the folder `start` or of its nearest parent that has
/// one.
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|file| file.is_file())
}

/// The settings a run reads: those of `named` (`--config`), else of the file
/// found from the working folder; none with `no_config`.
pub fn for_run(named: Option<&Path>, no_config: bool) -> Result<Option<Config>, ConfigError> {
    if no_config {
        return Ok(None);
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let file = match named {
        Some(file) => cwd.join(file),
        None => match find(&cwd) {
            Some(file) => file,
            None => return Ok(None),
        },
    };
    let text = std::fs::read_to_string(&file).map_err(|e| ConfigError {
        file: file.clone(),
        place: None,
        message: e.to_string(),
    })?;
    read(&file, &text).map(Some)
}

/// The line and column (1-based, columns in characters) of a byte offset.
fn place(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Reads the settings of `text`, the contents of `file`.
pub fn read(file: &Path, text: &str) -> Result<Config, ConfigError> {
    let fault = |offset: Option<usize>, message: String| ConfigError {
        file: file.to_path_buf(),
        place: offset.map(|o| place(text, o)),
        message,
    };
    let raw: RawConfig = toml::from_str(text)
        .map_err(|e| fault(e.span().map(|s| s.start), e.message().trim().to_string()))?;
    let dir = file.parent().unwrap_or(Path::new(""));
    let codes = |list: Option<Vec<Spanned<String>>>| -> Result<Option<Vec<String>>, ConfigError> {
        list.map(|list| {
            list.into_iter()
                .map(|code| {
                    let start = code.span().start;
                    crate::cli::parse_code_prefix(code.get_ref())
                        .map_err(|message| fault(Some(start), message))
                })
                .collect()
        })
        .transpose()
    };
    let rules = match raw.rules {
        Some(rules) => Some(rules.get_ref().parse().map_err(|()| {
            fault(
                Some(rules.span().start),
                format!(
                    "{} is not an edition (HiG-2012 or RGG-2000)",
                    crate::render::shown_text(rules.get_ref(), crate::render::MAX_TEXT)
                ),
            )
        })?),
        None => None,
    };
    let mut overrides = Vec::with_capacity(raw.overrides.len());
    for o in raw.overrides {
        overrides.push(Override {
            path: normal(&dir.join(&o.path)),
            select: codes(o.select)?,
            ignore: codes(o.ignore)?.unwrap_or_default(),
        });
    }
    Ok(Config {
        file: file.to_path_buf(),
        rules,
        select: codes(raw.select)?,
        ignore: codes(raw.ignore)?.unwrap_or_default(),
        warnings_as_errors: raw.warnings_as_errors.unwrap_or(false),
        tiles: raw
            .tiles
            .unwrap_or_default()
            .iter()
            .map(|t| dir.join(t))
            .collect(),
        jobs: raw.jobs,
        overrides,
    })
}

/// A path with its `.` components dropped and each `..` taking off the
/// component before it, without asking the file system.
pub fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> Result<Config, ConfigError> {
        read(Path::new("/r/carcref.toml"), text)
    }

    #[test]
    fn every_key_is_read() {
        let c = read_text(
            "rules = \"RGG-2000\"\nselect = [\"E\", \"W101\"]\nignore = [\"E5\"]\n\
             warnings-as-errors = true\ntiles = [\"t/house.yaml\"]\njobs = 3\n\
             [[overrides]]\npath = \"archive/./2019\"\nignore = [\"E3\"]\n",
        )
        .unwrap();
        assert_eq!(c.rules, Some(Edition::Rgg2000));
        assert_eq!(c.select, Some(vec!["E".to_string(), "W101".to_string()]));
        assert_eq!(c.ignore, vec!["E5".to_string()]);
        assert!(c.warnings_as_errors);
        assert_eq!(c.tiles, vec![PathBuf::from("/r/t/house.yaml")]);
        assert_eq!(c.jobs, Some(3));
        assert_eq!(c.overrides.len(), 1);
        assert_eq!(c.overrides[0].path, PathBuf::from("/r/archive/2019"));
        assert_eq!(c.overrides[0].ignore, vec!["E3".to_string()]);
    }

    #[test]
    fn faults_name_their_line_and_column() {
        let e = read_text("jobs = 2\nselct = [\"E\"]\n").unwrap_err();
        assert_eq!(e.place, Some((2, 1)));
        assert!(e.message.contains("unknown field `selct`"), "{e}");
        let e = read_text("\nignore = [\"E\", \"X9\"]\n").unwrap_err();
        assert_eq!(e.place, Some((2, 16)));
        assert!(e.message.contains("X9"), "{e}");
        let e = read_text("rules = \"HiG-2013\"\n").unwrap_err();
        assert_eq!(e.place, Some((1, 9)));
        let e = read_text("jobs = -1\n").unwrap_err();
        assert_eq!(e.place.map(|p| p.0), Some(1));
        assert!(e.to_string().starts_with("/r/carcref.toml:1:"), "{e}");
    }

    #[test]
    fn paths_are_made_normal() {
        assert_eq!(normal(Path::new("/a/./b/../c")), PathBuf::from("/a/c"));
        assert_eq!(normal(Path::new("../x")), PathBuf::from("../x"));
    }
}
