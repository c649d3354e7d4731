//! Files: finding the records a command line names, and replacing a file
//! without ever leaving it half written.
//!
//! [`find_inputs`] turns the paths of a command line into the list of files to
//! read. Folders are searched recursively for `*.cgn` files, each folder's
//! entries in sorted order, so the list (and every report made from it) is the
//! same from run to run. Each file and each folder is identified by what it is on
//! disk (its device and inode number), not by the path that reached it, so a
//! symbolic link back to a folder being searched ends the search there instead
//! of repeating it forever, and a file reached twice is read once. Special files
//! (FIFOs, sockets, devices) met in a folder are judged from their metadata and
//! skipped: opening a FIFO waits for a writer that may never come. One named on
//! the command line is read, as the user asked (a pipe from another program,
//! `/dev/stdin`): its reader gives up at the size limits of a game, so even an
//! endless device ends. What goes wrong is collected as
//! [`InputProblem`]s under the path it concerns, and everything else is still
//! found.
//!
//! [`replace_file`] writes a new version of a file next to it and renames it
//! over the original, so the original is either untouched or wholly replaced.

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::{self, File, FileType, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub mod open;

/// The extension of the record files searched for in folders.
const EXTENSION: &str = "cgn";

/// The endings of the record files' names searched for in folders: records,
/// plain or gzip-compressed.
const RECORDS: &[&str] = &[EXTENSION, "cgn.gz"];

/// The exit code of an input that could not be read (the CLI's I/O error).
const EXIT_UNREADABLE: u8 = 2;

/// The exit code of a command line that names nothing to read.
const EXIT_NOTHING: u8 = 1;

/// The files a command line names, and the problems met finding them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inputs {
    /// The files to read, each once, in the order named; a folder's files in
    /// sorted order, depth first. `-` stands for standard input.
    pub files: Vec<PathBuf>,
    /// The problems, in the order met.
    pub problems: Vec<InputProblem>,
}

impl Inputs {
    /// The exit code the problems call for: 2 if a path could not be read, 1 if
    /// a folder holds no record or nothing at all was found, 0 otherwise.
    pub fn exit_code(&self) -> u8 {
        if self.problems.iter().any(InputProblem::is_error) {
            EXIT_UNREADABLE
        } else if self.files.is_empty()
            || self
                .problems
                .iter()
                .any(|p| p.kind == ProblemKind::NoRecords)
        {
            EXIT_NOTHING
        } else {
            0
        }
    }

    /// Writes each problem on a line of its own (`error: PATH: MESSAGE` or
    /// `warning: PATH: MESSAGE`) and returns [`Inputs::exit_code`].
    pub fn report(&self, err: &mut impl Write) -> u8 {
        for problem in &self.problems {
            let _ = writeln!(err, "{problem}");
        }
        self.exit_code()
    }
}

/// A path that could not be read, or that was left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputProblem {
    /// The path concerned, as it was reached.
    pub path: PathBuf,
    /// What kind of problem it is.
    pub kind: ProblemKind,
    /// What happened, e.g. `Permission denied (os error 13)`.
    pub message: String,
}

impl InputProblem {
    /// Whether the problem is an error (the path could not be read); the others
    /// are warnings.
    pub fn is_error(&self) -> bool {
        self.kind == ProblemKind::Unreadable
    }
}

impl fmt::Display for InputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = if self.is_error() { "error" } else { "warning" };
        write!(f, "{severity}: {}: {}", self.path.display(), self.message)
    }
}

/// The kinds of [`InputProblem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProblemKind {
    /// The path could not be read: permission denied, a dangling link, a file
    /// that vanished while its folder was searched. An error.
    Unreadable,
    /// Not a regular file (a FIFO, a socket or a device), skipped. A warning.
    NotRegular,
    /// A folder that holds no `.cgn` file, however deep. A warning that still
    /// fails the run: a check pointed at the wrong folder must not pass.
    NoRecords,
}

/// Expands files and folders into the files to read.
///
/// A folder is searched recursively for `*.cgn` and `*.cgn.gz` files, following symbolic
/// links, each folder's entries in sorted order; a file named on the command
/// line is read whatever its name, and `-` (standard input) is kept as it is. A
/// file or folder reached a second time (named twice, or through a link) is
/// left out, which is also how a link looping back to a folder ends. Entries not
/// named `*.cgn` are passed over without a look, broken links among them.
pub fn find_inputs(paths: &[PathBuf]) -> Inputs {
    find_inputs_named(paths, RECORDS)
}

/// [`find_inputs`] for files of other kinds: a folder is searched for the
/// files whose names end in a dot and one of `suffixes` (`["json",
/// "json.gz"]`), and a folder holding none is reported as one holding no
/// record ([`ProblemKind::NoRecords`]).
pub fn find_inputs_named(paths: &[PathBuf], suffixes: &[&str]) -> Inputs {
    let mut finder = Finder {
        suffixes,
        seen: BTreeSet::new(),
        stdin: false,
        inputs: Inputs::default(),
    };
    for path in paths {
        finder.named(path);
    }
    finder.inputs
}

/// What identifies a file or folder on disk: its device and inode number.
#[cfg(unix)]
type Key = (u64, u64);

/// What identifies a file or folder on disk: its canonical path (where inode
/// numbers are not at hand).
#[cfg(not(unix))]
type Key = PathBuf;

#[cfg(unix)]
fn key(_path: &Path, meta: &Metadata) -> io::Result<Key> {
    use std::os::unix::fs::MetadataExt;
    Ok((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn key(path: &Path, _meta: &Metadata) -> io::Result<Key> {
    fs::canonicalize(path)
}

/// What a file that is not a regular file nor a folder is, for the warning.
#[cfg(unix)]
fn special_kind(file_type: FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        " (a FIFO)"
    } else if file_type.is_socket() {
        " (a socket)"
    } else if file_type.is_block_device() {
        " (a block device)"
    } else if file_type.is_char_device() {
        " (a character device)"
    } else {
        ""
    }
}

#[cfg(not(unix))]
fn special_kind(_file_type: FileType) -> &'static str {
    ""
}

/// Whether a file's name is a dot and one of `suffixes` after at least one
/// other character (`.cgn` alone is a hidden file's name, not a record's).
fn is_record_name(path: &Path, suffixes: &[&str]) -> bool {
    let Some(name) = path.file_name() else {
        return false;
    };
    let name = name.as_encoded_bytes();
    suffixes.iter().any(|suffix| {
        let ending = name.len().checked_sub(suffix.len());
        ending.is_some_and(|at| at >= 2)
            && name.ends_with(suffix.as_bytes())
            && ending.and_then(|at| name.get(at - 1)) == Some(&b'.')
    })
}

/// One folder entry: its path and its own type (a link is not followed).
type Entry = (PathBuf, Option<FileType>);

#[derive(Debug)]
struct Finder<'a> {
    /// The endings of the names of the files searched for.
    suffixes: &'a [&'a str],
    /// The files and folders reached so far.
    seen: BTreeSet<Key>,
    /// Whether standard input is in the list.
    stdin: bool,
    inputs: Inputs,
}

impl Finder<'_> {
    fn problem(&mut self, path: &Path, kind: ProblemKind, message: String) {
        self.inputs.problems.push(InputProblem {
            path: path.to_path_buf(),
            kind,
            message,
        });
    }

    fn errors(&self) -> usize {
        self.inputs.problems.iter().filter(|p| p.is_error()).count()
    }

    /// Whether a file or folder is reached for the first time; it is marked as
    /// reached.
    fn first_visit(&mut self, path: &Path, meta: &Metadata) -> io::Result<bool> {
        Ok(self.seen.insert(key(path, meta)?))
    }

    /// The kinds of file searched for, for a message: `.cgn`, `.json or
    /// .json.gz`.
    fn kinds(&self) -> String {
        let names: Vec<String> = self.suffixes.iter().map(|s| format!(".{s}")).collect();
        names.join(" or ")
    }

    /// A path named on the command line.
    fn named(&mut self, path: &Path) {
        if path == Path::new("-") {
            if !self.stdin {
                self.stdin = true;
                self.inputs.files.push(path.to_path_buf());
            }
            return;
        }
        let meta = match fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) => return self.problem(path, ProblemKind::Unreadable, e.to_string()),
        };
        if meta.is_dir() {
            match self.first_visit(path, &meta) {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => return self.problem(path, ProblemKind::Unreadable, e.to_string()),
            }
            let errors = self.errors();
            let found = self.walk(path);
            if found == 0 && self.errors() == errors {
                self.problem(
                    path,
                    ProblemKind::NoRecords,
                    format!("no {} file found", self.kinds()),
                );
            }
        } else {
            // Named on the command line, a file is read whatever its name and
            // whatever it is (a FIFO, a device).
            match self.first_visit(path, &meta) {
                Ok(true) => self.inputs.files.push(path.to_path_buf()),
                Ok(false) => {}
                Err(e) => self.problem(path, ProblemKind::Unreadable, e.to_string()),
            }
        }
    }

    /// A file reached by name or in a folder, the first time: listed if it is
    /// a regular file, skipped with a warning if it is a special file.
    fn file(&mut self, path: &Path, meta: &Metadata) {
        match self.first_visit(path, meta) {
            Ok(true) if meta.is_file() => self.inputs.files.push(path.to_path_buf()),
            Ok(true) => {
                let message = format!(
                    "skipped: not a regular file{}",
                    special_kind(meta.file_type())
                );
                self.problem(path, ProblemKind::NotRegular, message);
            }
            Ok(false) => {}
            Err(e) => self.problem(path, ProblemKind::Unreadable, e.to_string()),
        }
    }

    /// Searches a folder (already marked as reached) depth first, with a stack
    /// of the entries left in each open folder rather than recursion, so a deep
    /// tree cannot exhaust the call stack. Returns how many regular `*.cgn`
    /// files were met, counting those listed before.
    fn walk(&mut self, root: &Path) -> usize {
        let mut found = 0;
        let mut stack = vec![self.entries(root).into_iter()];
        while let Some(open) = stack.last_mut() {
            let Some((path, own_type)) = open.next() else {
                stack.pop();
                continue;
            };
            let record = is_record_name(&path, self.suffixes);
            if own_type.is_some_and(|t| t.is_file()) && !record {
                continue;
            }
            let meta = match fs::metadata(&path) {
                Ok(meta) => meta,
                // A broken entry is reported if it is named as a record, or if
                // it is no link and did not just vanish (a folder that cannot
                // be looked at); a broken link named otherwise is passed over
                // like any other file that is not a record.
                Err(e) => {
                    let link = own_type.is_some_and(|t| t.is_symlink());
                    if record || !(link || e.kind() == io::ErrorKind::NotFound) {
                        self.problem(&path, ProblemKind::Unreadable, e.to_string());
                    }
                    continue;
                }
            };
            if meta.is_dir() {
                match self.first_visit(&path, &meta) {
                    Ok(true) => stack.push(self.entries(&path).into_iter()),
                    Ok(false) => {}
                    Err(e) => self.problem(&path, ProblemKind::Unreadable, e.to_string()),
                }
            } else if record {
                found += usize::from(meta.is_file());
                self.file(&path, &meta);
            }
        }
        found
    }

    /// A folder's entries, sorted by name; an unreadable folder is reported and
    /// has none.
    fn entries(&mut self, folder: &Path) -> Vec<Entry> {
        let mut entries = Vec::new();
        let list = match fs::read_dir(folder) {
            Ok(list) => list,
            Err(e) => {
                self.problem(folder, ProblemKind::Unreadable, e.to_string());
                return entries;
            }
        };
        for entry in list {
            match entry {
                Ok(entry) => entries.push((entry.path(), entry.file_type().ok())),
                Err(e) => {
                    // The listing broke off; what was read is still searched.
                    self.problem(folder, ProblemKind::Unreadable, e.to_string());
                    break;
                }
            }
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries
    }
}

/// Replaces the contents of a file with what `write` writes, atomically: the
/// file ends up either untouched or wholly replaced, never cut short (by a full
/// disk, an error or the process being killed).
///
/// The new contents go to a temporary file created in the same folder
/// (`.NAME.carcref-XXXXXXXX.tmp`, a name no other file has), through a buffer;
/// the file is flushed and synced to disk, given the original's permissions
/// (and, where allowed, its owner), then renamed over the original, which is
/// atomic on POSIX file systems. If `path` is a symbolic link, the file it
/// points to is replaced and the link stays a link. A file that may not be
/// written to is not replaced. Other names of the file (hard links) keep the
/// old contents.
///
/// # Errors
///
/// Any error of `write`, or of reading the original's metadata, creating,
/// writing, syncing or renaming the temporary file. The temporary file is then
/// removed and the original left as it was.
pub fn replace_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = if fs::symlink_metadata(path)?.file_type().is_symlink() {
        fs::canonicalize(path)?
    } else {
        path.to_path_buf()
    };
    let meta = fs::metadata(&target)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    // Refuse what could not be written in place (a read-only file), though the
    // folder would allow the rename. Opening a regular file does not block and
    // changes nothing.
    OpenOptions::new().write(true).open(&target)?;
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let (mut temp, file) = create_temp(folder, name)?;
    let mut buffered = BufWriter::new(file);
    write(&mut buffered)?;
    let file = buffered
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?;
    keep_owner(&file, &meta);
    file.set_permissions(meta.permissions())?;
    file.sync_all()?;
    drop(file);
    fs::rename(&temp.path, &target)?;
    temp.renamed = true;
    sync_folder(folder);
    Ok(())
}

/// A temporary file, removed when dropped unless it was renamed into place.
#[derive(Debug)]
struct TempFile {
    path: PathBuf,
    renamed: bool,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.renamed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// The longest file name kept in a temporary file's name: with the prefix and
/// suffix added it stays within the 255 bytes most file systems allow.
const LONGEST_NAME_KEPT: usize = 200;

/// Creates a new temporary file in `folder` for the file `name`, never opening
/// one that exists.
fn create_temp(folder: &Path, name: &OsStr) -> io::Result<(TempFile, File)> {
    let kept = if name.len() <= LONGEST_NAME_KEPT {
        name
    } else {
        OsStr::new("")
    };
    for attempt in 0..100u32 {
        let mut temp_name = OsString::from(".");
        temp_name.push(kept);
        temp_name.push(format!(".carcref-{:08x}.tmp", unique(attempt)));
        let path = folder.join(temp_name);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            // Readable by the owner alone until it has the original's
            // permissions.
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&path) {
            Ok(file) => {
                return Ok((
                    TempFile {
                        path,
                        renamed: false,
                    },
                    file,
                ));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free name for a temporary file",
    ))
}

/// 32 bits unlikely to repeat: the process, the time and the attempt, hashed
/// with a randomly keyed hasher.
fn unique(attempt: u32) -> u32 {
    use std::hash::BuildHasher;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let hash = std::collections::hash_map::RandomState::new().hash_one((
        std::process::id(),
        nanos,
        attempt,
    ));
    (hash & u64::from(u32::MAX)) as u32
}

/// Gives the new file the original's owner and group, where the user may (the
/// owner of a file may change its group to one of their own; only a
/// privileged user may give it away). Where not allowed, the new file stays the
/// user's: the contents are what matter.
#[cfg(unix)]
fn keep_owner(file: &File, original: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    let Ok(new) = file.metadata() else { return };
    if (new.uid(), new.gid()) != (original.uid(), original.gid()) {
        let _ = std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _original: &Metadata) {}

/// Syncs a folder, so the rename itself survives a crash. Not every file system
/// syncs folders; the contents are already safe, so a failure here is ignored.
#[cfg(unix)]
fn sync_folder(folder: &Path) {
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
}

#[cfg(not(unix))]
fn sync_folder(_folder: &Path) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Removes a test's folder when the test ends.
    struct Cleanup(PathBuf);

    impl Drop for Cleanup {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn record_names_end_in_a_dot_and_a_suffix() {
        let named = |name: &str, suffixes: &[&str]| is_record_name(Path::new(name), suffixes);
        assert!(named("a.cgn", RECORDS));
        assert!(named("games/a.b.cgn", RECORDS));
        assert!(!named(".cgn", RECORDS));
        assert!(!named("acgn", RECORDS));
        assert!(named("a.cgn.gz", RECORDS));
        assert!(!named("a.gz", RECORDS));
        let json = &["json", "json.gz"];
        assert!(named("log.json", json));
        assert!(named("log.json.gz", json));
        assert!(!named("log.gz", json));
        assert!(!named("README.md", json));
        assert!(!named(".json.gz", json));
    }

    #[test]
    fn folders_are_searched_for_the_suffixes_asked() {
        let (_cleanup, dir) = scratch("suffixes");
        for name in ["b.json", "a.json.gz", "c.csv", "d.cgn"] {
            fs::write(dir.join(name), "").unwrap();
        }
        let found = find_inputs_named(std::slice::from_ref(&dir), &["json", "json.gz"]);
        assert_eq!(found.files, vec![dir.join("a.json.gz"), dir.join("b.json")]);
        assert!(found.problems.is_empty());
        let none = find_inputs_named(std::slice::from_ref(&dir), &["jcz", "jcz.gz"]);
        assert!(none.files.is_empty());
        assert_eq!(
            none.problems.first().map(|p| (p.kind, p.message.as_str())),
            Some((ProblemKind::NoRecords, "no .jcz or .jcz.gz file found"))
        );
    }

    /// A fresh, empty folder for one test, removed when the test ends. Each
    /// test's folder lies in the temporary folder itself, not in one shared
    /// by the tests, which run in parallel: a shared folder removed by one
    /// test's end could vanish while another test makes its own in it.
    fn scratch(name: &str) -> (Cleanup, PathBuf) {
        let dir = std::env::temp_dir().join(format!("carcref-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        (Cleanup(dir.clone()), dir)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Whether this process ignores file permissions (it runs as root): it can
    /// create a file in a folder it may not write to.
    #[cfg(unix)]
    fn ignores_permissions(dir: &Path) -> bool {
        use std::os::unix::fs::PermissionsExt;
        let locked = dir.join("locked");
        fs::create_dir_all(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
        let ignored = File::create(locked.join("probe")).is_ok();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        fs::remove_dir_all(&locked).unwrap();
        ignored
    }

    #[test]
    fn folders_are_searched_in_sorted_order_for_records() {
        let (_cleanup, dir) = scratch("sorted");
        fs::create_dir_all(dir.join("b/inner")).unwrap();
        fs::create_dir_all(dir.join("a")).unwrap();
        for f in [
            "z.cgn",
            "b/inner/x.cgn",
            "b/y.cgn",
            "a/w.cgn",
            "notes.txt",
            "c.cgn",
        ] {
            fs::write(dir.join(f), "").unwrap();
        }
        let inputs = find_inputs(std::slice::from_ref(&dir));
        let expected: Vec<PathBuf> = ["a/w.cgn", "b/inner/x.cgn", "b/y.cgn", "c.cgn", "z.cgn"]
            .iter()
            .map(|f| dir.join(f))
            .collect();
        assert_eq!(inputs.files, expected);
        assert!(inputs.problems.is_empty(), "{:?}", inputs.problems);
        assert_eq!(inputs.exit_code(), 0);
    }

    #[cfg(unix)]
    #[test]
    fn links_back_to_a_folder_end_the_search() {
        use std::os::unix::fs::symlink;
        let (_cleanup, dir) = scratch("loops");
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::write(dir.join("one.cgn"), "").unwrap();
        fs::write(dir.join("sub/two.cgn"), "").unwrap();
        symlink(".", dir.join("self-a")).unwrap();
        symlink(".", dir.join("self-b")).unwrap();
        symlink("..", dir.join("sub/up")).unwrap();
        symlink("../one.cgn", dir.join("sub/again.cgn")).unwrap();
        let inputs = find_inputs(&[dir.clone(), dir.join("sub"), dir.join("one.cgn")]);
        assert_eq!(inputs.files, [dir.join("one.cgn"), dir.join("sub/two.cgn")]);
        assert!(inputs.problems.is_empty(), "{:?}", inputs.problems);
    }

    #[test]
    fn a_file_named_twice_is_listed_once() {
        let (_cleanup, dir) = scratch("twice");
        let file = dir.join("game.cgn");
        fs::write(&file, "").unwrap();
        let dash = PathBuf::from("-");
        let inputs = find_inputs(&[
            file.clone(),
            dash.clone(),
            dir.join(".").join("game.cgn"),
            dash.clone(),
            dir.clone(),
        ]);
        assert_eq!(inputs.files, [file, dash]);
        assert!(inputs.problems.is_empty(), "{:?}", inputs.problems);
    }

    #[test]
    fn a_folder_without_records_is_a_warning_that_fails() {
        let (_cleanup, dir) = scratch("no-records");
        fs::create_dir_all(dir.join("empty")).unwrap();
        fs::create_dir_all(dir.join("text/deeper")).unwrap();
        fs::write(dir.join("text/deeper/notes.txt"), "").unwrap();
        fs::write(dir.join("game.cgn"), "").unwrap();
        let inputs = find_inputs(&[dir.join("game.cgn"), dir.join("empty"), dir.join("text")]);
        assert_eq!(inputs.files, [dir.join("game.cgn")]);
        let kinds: Vec<(PathBuf, ProblemKind)> = inputs
            .problems
            .iter()
            .map(|p| (p.path.clone(), p.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                (dir.join("empty"), ProblemKind::NoRecords),
                (dir.join("text"), ProblemKind::NoRecords)
            ]
        );
        assert_eq!(
            inputs.problems[0].to_string(),
            format!(
                "warning: {}: no .cgn or .cgn.gz file found",
                dir.join("empty").display()
            )
        );
        assert!(!inputs.problems[0].is_error());
        assert_eq!(inputs.exit_code(), 1);
        assert_eq!(
            find_inputs(&[]).exit_code(),
            1,
            "nothing named, nothing found"
        );
    }

    #[cfg(unix)]
    #[test]
    fn broken_entries_are_reported_under_their_own_path() {
        use std::os::unix::fs::symlink;
        let (_cleanup, dir) = scratch("broken");
        fs::write(dir.join("good.cgn"), "").unwrap();
        symlink("nowhere.cgn", dir.join("dangling.cgn")).unwrap();
        symlink("nowhere", dir.join("dangling-other")).unwrap();
        symlink("loop.cgn", dir.join("loop.cgn")).unwrap();
        let missing = dir.join("missing.cgn");
        let inputs = find_inputs(&[dir.clone(), missing.clone()]);
        assert_eq!(inputs.files, [dir.join("good.cgn")]);
        let paths: Vec<&Path> = inputs.problems.iter().map(|p| p.path.as_path()).collect();
        assert_eq!(
            paths,
            [&dir.join("dangling.cgn"), &dir.join("loop.cgn"), &missing]
        );
        assert!(inputs.problems.iter().all(InputProblem::is_error));
        assert_eq!(
            inputs.problems[2].to_string(),
            format!(
                "error: {}: No such file or directory (os error 2)",
                missing.display()
            )
        );
        assert_eq!(inputs.exit_code(), 2);
        let mut text = Vec::new();
        assert_eq!(inputs.report(&mut text), 2);
        assert_eq!(String::from_utf8(text).unwrap().lines().count(), 3);
    }

    #[cfg(unix)]
    #[test]
    fn an_unreadable_folder_is_reported_and_the_rest_found() {
        use std::os::unix::fs::PermissionsExt;
        let (_cleanup, dir) = scratch("unreadable");
        if ignores_permissions(&dir) {
            eprintln!("skipped: running with privileges that ignore file permissions");
            return;
        }
        fs::create_dir_all(dir.join("closed")).unwrap();
        fs::write(dir.join("closed/hidden.cgn"), "").unwrap();
        fs::write(dir.join("open.cgn"), "").unwrap();
        fs::set_permissions(dir.join("closed"), fs::Permissions::from_mode(0o000)).unwrap();
        let inputs = find_inputs(std::slice::from_ref(&dir));
        fs::set_permissions(dir.join("closed"), fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(inputs.files, [dir.join("open.cgn")]);
        assert_eq!(inputs.problems.len(), 1, "{:?}", inputs.problems);
        assert_eq!(inputs.problems[0].path, dir.join("closed"));
        assert!(inputs.problems[0].message.contains("os error 13"));
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_skipped_from_their_metadata() {
        let (_cleanup, dir) = scratch("special");
        fs::write(dir.join("game.cgn"), "").unwrap();
        let fifo = dir.join("pipe.cgn");
        match std::process::Command::new("mkfifo").arg(&fifo).status() {
            Ok(s) if s.success() => {}
            _ => {
                eprintln!("skipped: mkfifo is not available");
                return;
            }
        }
        // In a folder: skipped, never opened, and reported once.
        let inputs = find_inputs(&[dir.clone(), dir.clone()]);
        assert_eq!(inputs.files, [dir.join("game.cgn")]);
        let messages: Vec<String> = inputs.problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [format!(
                "warning: {}: skipped: not a regular file (a FIFO)",
                fifo.display()
            )]
        );
        assert_eq!(inputs.exit_code(), 0);
        // Named on the command line: read, as asked (once, even named twice).
        let named = find_inputs(&[fifo.clone(), PathBuf::from("/dev/null"), fifo.clone()]);
        assert_eq!(named.files, [fifo.clone(), PathBuf::from("/dev/null")]);
        assert!(named.problems.is_empty());
        // A folder whose only record is a FIFO has none to read.
        fs::remove_file(dir.join("game.cgn")).unwrap();
        let inputs = find_inputs(std::slice::from_ref(&dir));
        assert!(inputs.files.is_empty());
        assert_eq!(inputs.problems.len(), 2);
        assert_eq!(inputs.problems[1].kind, ProblemKind::NoRecords);
        assert_eq!(inputs.exit_code(), 1);
    }

    #[test]
    fn replacing_writes_the_new_contents() {
        let (_cleanup, dir) = scratch("replace");
        let file = dir.join("game.cgn");
        fs::write(&file, "old contents, longer than the new\n").unwrap();
        replace_file(&file, |w| w.write_all(b"new\n")).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new\n");
        assert_eq!(names(&dir), ["game.cgn"]);
        assert!(replace_file(Path::new(""), |_| Ok(())).is_err());
        assert!(
            replace_file(&dir, |_| Ok(())).is_err(),
            "a folder is not replaced"
        );
    }

    #[test]
    fn a_failure_while_writing_leaves_the_original() {
        let (_cleanup, dir) = scratch("failure");
        let file = dir.join("game.cgn");
        let original = b"[Players \"Ann, Bob\"]\n\n1. Ann E 0,1 r180\n".repeat(1000);
        fs::write(&file, &original).unwrap();
        let result = replace_file(&file, |w| {
            // More than the buffer holds, so some of it reaches the disk.
            w.write_all(&vec![b'x'; 100_000])?;
            Err(io::Error::other("disk full"))
        });
        assert_eq!(result.unwrap_err().to_string(), "disk full");
        assert_eq!(fs::read(&file).unwrap(), original);
        assert_eq!(names(&dir), ["game.cgn"], "no temporary file is left");
    }

    #[test]
    fn a_panic_while_writing_leaves_the_original() {
        let (_cleanup, dir) = scratch("panic");
        let file = dir.join("game.cgn");
        fs::write(&file, "original\n").unwrap();
        let result = std::panic::catch_unwind(|| {
            replace_file(&file, |w| {
                w.write_all(b"half")?;
                panic!("interrupted");
            })
        });
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(&file).unwrap(), "original\n");
        assert_eq!(names(&dir), ["game.cgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn replacing_keeps_the_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let (_cleanup, dir) = scratch("permissions");
        let file = dir.join("game.cgn");
        fs::write(&file, "old\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&file, |w| w.write_all(b"new\n")).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new\n");
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_that_cannot_be_written_leaves_the_original() {
        use std::os::unix::fs::PermissionsExt;
        let (_cleanup, dir) = scratch("read-only-folder");
        let folder = dir.join("records");
        fs::create_dir_all(&folder).unwrap();
        let file = folder.join("game.cgn");
        fs::write(&file, "original\n").unwrap();
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o555)).unwrap();
        let result = replace_file(&file, |w| w.write_all(b"new\n"));
        let privileged = ignores_permissions(&dir);
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).unwrap();
        if privileged {
            eprintln!(
                "skipped: running with privileges that ignore file permissions, \
                 the read-only folder did not refuse the temporary file"
            );
            result.unwrap();
            assert_eq!(names(&folder), ["game.cgn"]);
            return;
        }
        let e = result.unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied, "{e}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "original\n");
        assert_eq!(names(&folder), ["game.cgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let (_cleanup, dir) = scratch("read-only-file");
        if ignores_permissions(&dir) {
            eprintln!("skipped: running with privileges that ignore file permissions");
            return;
        }
        let file = dir.join("game.cgn");
        fs::write(&file, "original\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
        let e = replace_file(&file, |w| w.write_all(b"new\n")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied, "{e}");
        assert_eq!(fs::read_to_string(&file).unwrap(), "original\n");
        assert_eq!(names(&dir), ["game.cgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_file_is_replaced_through_its_link() {
        use std::os::unix::fs::symlink;
        let (_cleanup, dir) = scratch("linked");
        fs::create_dir_all(dir.join("real")).unwrap();
        let real = dir.join("real/game.cgn");
        fs::write(&real, "old\n").unwrap();
        let link = dir.join("link.cgn");
        symlink("real/game.cgn", &link).unwrap();
        replace_file(&link, |w| w.write_all(b"new\n")).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::read_link(&link).unwrap(),
            PathBuf::from("real/game.cgn")
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new\n");
        assert_eq!(names(&dir), ["link.cgn", "real"]);
        assert_eq!(names(&dir.join("real")), ["game.cgn"]);
    }

    #[test]
    fn temporary_names_are_new_and_short_enough() {
        let (_cleanup, dir) = scratch("names");
        let (first, _) = create_temp(&dir, OsStr::new("game.cgn")).unwrap();
        let (second, _) = create_temp(&dir, OsStr::new("game.cgn")).unwrap();
        assert_ne!(first.path, second.path);
        let name = first
            .path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert!(
            name.starts_with(".game.cgn.carcref-") && name.ends_with(".tmp"),
            "{name}"
        );
        let long = "x".repeat(250);
        let (third, _) = create_temp(&dir, OsStr::new(&long)).unwrap();
        assert!(third.path.file_name().unwrap().len() < 40);
        drop((first, second, third));
        assert!(
            names(&dir).is_empty(),
            "dropped temporary files are removed"
        );
    }
}
