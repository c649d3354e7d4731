//! Which diagnostics `check` reports, and which of them fail the run:
//! `--select`, `--ignore` and `--warnings-as-errors`, with the settings of
//! `carcref.toml` and its per-folder overrides.
//!
//! A code is reported when the longest of the selected prefixes it starts
//! with is longer than the longest of the ignored ones (every code is
//! selected when no list is given): `--select E --ignore E5` drops the
//! score claims, `--select E501 --ignore E5` keeps E501 alone of them. An
//! ignored code is neither shown nor counted: a game whose faults are all
//! ignored is valid.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::config::{Config, Override, normal};
use crate::diagnostics::Diagnostic;

/// The codes reported for one file, and whether a warning fails the run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Selected prefixes; `None`: every code.
    select: Option<Vec<String>>,
    /// Ignored prefixes.
    ignore: Vec<String>,
    /// Whether a reported warning fails the run.
    warnings_as_errors: bool,
}

/// The length of the longest of `prefixes` that `code` starts with.
fn longest(prefixes: &[String], code: &str) -> Option<usize> {
    prefixes
        .iter()
        .filter(|p| code.starts_with(p.as_str()))
        .map(String::len)
        .max()
}

impl Selection {
    /// Whether a code is reported.
    pub fn keeps(&self, code: &str) -> bool {
        let selected = match &self.select {
            None => Some(0),
            Some(list) => longest(list, code),
        };
        match (selected, longest(&self.ignore, code)) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(s), Some(i)) => s > i,
        }
    }

    /// The diagnostics reported, in their order.
    pub fn filter<'d>(&self, diagnostics: &'d [Diagnostic]) -> Cow<'d, [Diagnostic]> {
        if diagnostics.is_empty() || (self.select.is_none() && self.ignore.is_empty()) {
            return Cow::Borrowed(diagnostics);
        }
        if diagnostics.iter().all(|d| self.keeps(&d.code())) {
            return Cow::Borrowed(diagnostics);
        }
        Cow::Owned(
            diagnostics
                .iter()
                .filter(|d| self.keeps(&d.code()))
                .cloned()
                .collect(),
        )
    }

    /// Whether a reported diagnostic makes its game invalid.
    pub fn fails(&self, d: &Diagnostic) -> bool {
        self.warnings_as_errors || d.is_error()
    }
}

/// The selection of a run: the one of the command line and `carcref.toml`,
/// and the file's overrides for the folders they name.
#[derive(Debug, Clone, Default)]
pub struct Selections {
    base: Selection,
    overrides: Vec<Override>,
    /// The working folder, against which relative paths are read.
    cwd: PathBuf,
}

/// What the command line says of the selection.
#[derive(Debug, Clone, Default)]
pub struct SelectFlags {
    /// `--select`.
    pub select: Option<Vec<String>>,
    /// `--ignore`.
    pub ignore: Option<Vec<String>>,
    /// `--warnings-as-errors`.
    pub warnings_as_errors: bool,
}

impl Selections {
    /// The selection of the flags over that of the file: a list given on the
    /// command line replaces the file's, its overrides' included.
    pub fn new(flags: SelectFlags, config: Option<&Config>) -> Selections {
        let base = Config::default();
        let config = config.unwrap_or(&base);
        let mut overrides = config.overrides.clone();
        for o in &mut overrides {
            if flags.select.is_some() {
                o.select = None;
            }
            if flags.ignore.is_some() {
                o.ignore.clear();
            }
        }
        overrides.retain(|o| o.select.is_some() || !o.ignore.is_empty());
        Selections {
            base: Selection {
                select: flags.select.or_else(|| config.select.clone()),
                ignore: flags.ignore.unwrap_or_else(|| config.ignore.clone()),
                warnings_as_errors: flags.warnings_as_errors || config.warnings_as_errors,
            },
            overrides,
            cwd: std::env::current_dir().unwrap_or_default(),
        }
    }

    /// The selection for the records of `file` (as found on the command
    /// line): the run's, with each override whose path holds the file
    /// applied in the file's order.
    pub fn for_file(&self, file: &Path) -> Cow<'_, Selection> {
        if self.overrides.is_empty() {
            return Cow::Borrowed(&self.base);
        }
        let written = normal(&self.cwd.join(file));
        let real = std::fs::canonicalize(file).ok();
        let mut selection = self.base.clone();
        for o in &self.overrides {
            let real_dir = std::fs::canonicalize(&o.path).ok();
            let holds = written.starts_with(&o.path)
                || matches!((&real, &real_dir), (Some(f), Some(d)) if f.starts_with(d));
            if holds {
                if let Some(select) = &o.select {
                    selection.select = Some(select.clone());
                }
                selection.ignore.extend(o.ignore.iter().cloned());
            }
        }
        Cow::Owned(selection)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selection(select: Option<&[&str]>, ignore: &[&str]) -> Selection {
        let strings = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Selection {
            select: select.map(strings),
            ignore: strings(ignore),
            warnings_as_errors: false,
        }
    }

    #[test]
    fn the_longest_prefix_decides() {
        let s = selection(None, &[]);
        assert!(s.keeps("E501") && s.keeps("W101"));
        let s = selection(None, &["W"]);
        assert!(s.keeps("E501") && !s.keeps("W101"));
        let s = selection(Some(&["E"]), &["E5"]);
        assert!(s.keeps("E301") && !s.keeps("E501") && !s.keeps("W101"));
        let s = selection(Some(&["E501"]), &["E5"]);
        assert!(s.keeps("E501") && !s.keeps("E502"));
        let s = selection(Some(&["E5"]), &["E5"]);
        assert!(!s.keeps("E501"));
    }

    #[test]
    fn an_override_applies_under_its_folder() {
        let config = Config {
            ignore: vec!["W".into()],
            overrides: vec![Override {
                path: PathBuf::from("/r/archive"),
                select: None,
                ignore: vec!["E5".into()],
            }],
            ..Config::default()
        };
        let s = Selections::new(SelectFlags::default(), Some(&config));
        assert!(!s.for_file(Path::new("/r/archive/2019/a.cgn")).keeps("E501"));
        assert!(!s.for_file(Path::new("/r/archive/2019/a.cgn")).keeps("W101"));
        assert!(s.for_file(Path::new("/r/archived.cgn")).keeps("E501"));
        let flags = SelectFlags {
            ignore: Some(vec![]),
            ..SelectFlags::default()
        };
        let s = Selections::new(flags, Some(&config));
        assert!(s.for_file(Path::new("/r/archive/a.cgn")).keeps("E501"));
        assert!(s.for_file(Path::new("/r/archive/a.cgn")).keeps("W101"));
    }
}
