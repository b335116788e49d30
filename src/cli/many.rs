//! Several files and folders at once (`referee rule games/`): each file in
//! turn, the report of each under a line naming it, the problems of a file
//! that cannot be read on standard error without stopping the others, a
//! summary at the end, and the worst exit status of them all.

use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use super::desk::Desk;
use super::ordered::{cores, in_order_claimed};
use super::transcript::OUTPUT_BUFFER;
use crate::notation::visible;
use crate::report::spill::{Spill, HELD};
use crate::report::style;
use crate::{Error, Outcome};

/// Which files a folder gives a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Transcripts: `.pqt`.
    Transcripts,
    /// Transcripts and scoresheets: `.pqt`, `.yaml`, `.yml`.
    Checkable,
}

impl Kind {
    /// Whether a folder's file of this name is one the command takes.
    fn takes(self, path: &Path) -> bool {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        matches!(
            (self, ext.as_deref()),
            (_, Some("pqt")) | (Kind::Checkable, Some("yaml" | "yml"))
        )
    }
}

/// The files the arguments name, folders expanded (their files of the
/// kind, in name order, subfolders included, each folder once); `None`
/// where the arguments name one file, to be done as one.
pub fn expand(paths: &[PathBuf], kind: Kind) -> Result<Option<Vec<PathBuf>>, Error> {
    if let [one] = paths {
        if !one.is_dir() {
            return Ok(None);
        }
    }
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, kind, &mut Walked::default(), &mut files)?;
        } else {
            files.push(path.clone());
        }
    }
    Ok(Some(files))
}

/// The folders walked so far, by what they are, not by the path that led
/// to them: a link to a folder walked already (a link back up the tree, a
/// loop; or a second link to the same folder) is not walked again, so
/// that each file is done once and the walk ends.
#[derive(Default)]
struct Walked(std::collections::HashSet<FolderId>);

impl Walked {
    /// Whether `dir` is walked for the first time (and is now walked).
    fn first_time(&mut self, dir: &Path) -> bool {
        // A folder that cannot be told apart is walked: its reading reports why.
        folder_id(dir).is_none_or(|id| self.0.insert(id))
    }
}

/// What tells a folder from every other: its device and its number there.
#[cfg(unix)]
type FolderId = (u64, u64);

#[cfg(unix)]
fn folder_id(dir: &Path) -> Option<FolderId> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(dir).ok()?;
    Some((meta.dev(), meta.ino()))
}

/// What tells a folder from every other: its path with every link followed.
#[cfg(not(unix))]
type FolderId = PathBuf;

#[cfg(not(unix))]
fn folder_id(dir: &Path) -> Option<FolderId> {
    std::fs::canonicalize(dir).ok()
}

/// A folder's files of the kind, in name order, subfolders after the
/// files; each folder once (`walked`).
fn walk(
    dir: &Path,
    kind: Kind,
    walked: &mut Walked,
    files: &mut Vec<PathBuf>,
) -> Result<(), Error> {
    if !walked.first_time(dir) {
        return Ok(());
    }
    let open = |source| Error::Open {
        path: dir.display().to_string(),
        source,
    };
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(open)?
        .collect::<Result<_, _>>()
        .map_err(open)?;
    // By name: in one folder, the order of their paths.
    entries.sort_unstable_by_key(|entry| entry.file_name());
    let mut dirs = Vec::new();
    for entry in entries {
        let path = entry.path();
        match what_is(&entry) {
            Listed::Folder => dirs.push(path),
            Listed::File if kind.takes(&path) => files.push(path),
            Listed::File | Listed::Other => {}
        }
    }
    for sub in dirs {
        walk(&sub, kind, walked, files)?;
    }
    Ok(())
}

/// What a folder's entry is.
#[derive(Debug, PartialEq, Eq)]
enum Listed {
    Folder,
    /// A file, or what cannot be told (a link to nothing: its opening says why).
    File,
    /// A pipe, a socket or a device: passed over, for reading one may
    /// wait for ever (one named on the command line is read).
    Other,
}

/// What a folder's entry is, a link followed: as the folder lists it,
/// without asking the file itself, where it is no link.
fn what_is(entry: &std::fs::DirEntry) -> Listed {
    let kind = match entry.file_type() {
        Ok(kind) if !kind.is_symlink() => kind,
        _ => match std::fs::metadata(entry.path()) {
            Ok(meta) => meta.file_type(),
            Err(_) => return Listed::File,
        },
    };
    if kind.is_dir() {
        Listed::Folder
    } else if kind.is_file() {
        Listed::File
    } else {
        Listed::Other
    }
}

/// How much of the files' text a worker takes at once, about: short files
/// are done several to a piece of work, so that handing the work out and
/// its reports back, from core to core, is paid once for many of them.
const BATCH: u64 = 64 * 1024;

/// The most files in one piece of work (their reports wait together).
const BATCH_FILES: usize = 32;

/// Where the run of files from `start` (of `count`) ends, each a piece of
/// work: as many as make up [`BATCH`] bytes (or [`BATCH_FILES`] files), a
/// longer file ending the run it is in. `len` gives a file's length.
fn run_end(start: usize, count: usize, len: impl Fn(usize) -> u64) -> usize {
    let mut bytes = 0;
    for i in start..count {
        bytes += len(i);
        if bytes >= BATCH || i + 1 - start == BATCH_FILES {
            return i + 1;
        }
    }
    count
}

/// A file's length; 0 where it has none to give (its opening then says why).
fn length(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// How the files came out, for the summary and the exit status.
#[derive(Debug, Default)]
pub struct Tally {
    /// Files done.
    pub done: usize,
    /// Files in which something written is wrong (`check`).
    pub wrong: usize,
    /// Files that could not be read or done.
    pub failed: usize,
}

impl Tally {
    /// The worst of the files: an error's status, else a wrong score's, else 0.
    pub fn outcome(&self) -> Result<Outcome, Error> {
        match (self.failed, self.wrong) {
            (0, 0) => Ok(Outcome::Ruled),
            (0, _) => Ok(Outcome::WrongScore),
            _ => Err(Error::SomeFiles {
                failed: self.failed,
                files: self.done + self.failed,
            }),
        }
    }

    /// The summary line: `3 files: 2 ruled, 1 could not be read`.
    pub fn summary(&self, verb: &str) -> String {
        let files = self.done + self.failed;
        let mut parts = vec![format!("{} {verb}", self.done)];
        if self.wrong > 0 {
            parts.push(format!("{} with something written wrong", self.wrong));
        }
        if self.failed > 0 {
            parts.push(format!("{} could not be read", self.failed));
        }
        let s = if files == 1 { "" } else { "s" };
        format!("{files} file{s}: {}", parts.join(", "))
    }
}

/// One file done by a worker: its report and warnings kept until its turn.
struct Done {
    /// What it printed, kept until the files before it are printed.
    report: Spill,
    /// What it warned of.
    warnings: Vec<u8>,
    /// How it came out.
    outcome: Result<Outcome, Error>,
}

/// How far a worker may run ahead of the files being printed, in runs of files.
const AHEAD: usize = 8;

/// Runs `one` on each file, each report under a line naming the file (text)
/// or as an element of one JSON array (`{"file": …, "report": …}`); a file
/// that fails has its message on `warn` and, in JSON, `{"file": …,
/// "error": …}`. The files are done on every core at once, each report kept
/// (in memory up to a limit, then in a temporary file) until the reports
/// before it are printed: the output is in the files' order. Each core
/// keeps a [`Desk`] from file to file, for `one` to use. Gives the tally.
pub fn each(
    files: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    warn: &mut dyn Write,
    one: impl Fn(&Path, &mut Desk, &mut dyn Write, &mut dyn Write) -> Result<Outcome, Error> + Sync,
) -> Result<Tally, Error> {
    let mut printer = Printer {
        json,
        out,
        warn,
        tally: Tally::default(),
    };
    printer.open()?;
    // The runs of files, cut as the workers ask for them (finding the
    // files' lengths as they go, not all before the work begins).
    let mut next = 0;
    let claim = || {
        let start = next;
        next = run_end(start, files.len(), |i| length(&files[i]));
        (start < next).then_some(start..next)
    };
    let work = |desk: &mut Desk, run: Range<usize>| {
        let done = |file: &PathBuf| {
            let mut report = Spill::new(HELD);
            let mut warnings = Vec::new();
            let outcome = one(file, desk, &mut report, &mut warnings);
            Done {
                report,
                warnings,
                outcome,
            }
        };
        let done: Vec<Done> = files[run.clone()].iter().map(done).collect();
        (run, done)
    };
    let workers = cores().min(files.len());
    in_order_claimed(workers, AHEAD, claim, work, |_, (run, done)| {
        let mut each = run.zip(done);
        each.try_for_each(|(index, done)| printer.print(&files[index], index == 0, done))
    })?;
    printer.close()?;
    Ok(printer.tally)
}

/// Prints the files' reports in order, and counts how they came out.
struct Printer<'o> {
    json: bool,
    out: &'o mut dyn Write,
    warn: &'o mut dyn Write,
    tally: Tally,
}

impl Printer<'_> {
    /// Before the first file: the JSON array opened.
    fn open(&mut self) -> Result<(), Error> {
        write_or_gone(self.out, if self.json { "[" } else { "" })
    }

    /// One file's report under its name, its warnings, or its error.
    fn print(&mut self, file: &Path, first: bool, done: Done) -> Result<(), Error> {
        let name = file.display().to_string();
        let head = match (self.json, first) {
            (true, true) => format!("\n{{\"file\": {}, ", quoted(&name)),
            (true, false) => format!(",\n{{\"file\": {}, ", quoted(&name)),
            (false, true) => format!("==> {} <==\n", visible(&name)),
            (false, false) => format!("\n==> {} <==\n", visible(&name)),
        };
        write_or_gone(self.out, &head)?;
        write_or_gone(self.out, if self.json { "\"report\": " } else { "" })?;
        if !done.warnings.is_empty() {
            // The warnings after the reports before them, where both go to one screen.
            flush_or_gone(self.out)?;
        }
        let _ = self.warn.write_all(&done.warnings);
        match done.outcome {
            Ok(outcome) => {
                self.tally.done += 1;
                self.tally.wrong += usize::from(outcome == Outcome::WrongScore);
                match done.report.write_to(self.out) {
                    Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
                    _ => {}
                }
            }
            Err(Error::Io(e)) => return Err(Error::Io(e)),
            Err(err) => {
                self.tally.failed += 1;
                flush_or_gone(self.out)?;
                let color = style::get().messages_color;
                let _ = writeln!(self.warn, "{}", style::messages(&err.to_string(), color));
                let text = match self.json {
                    true => format!("null, \"error\": {}", quoted(&err.to_string())),
                    false => "could not be read: see standard error\n".to_string(),
                };
                write_or_gone(self.out, &text)?;
            }
        }
        write_or_gone(self.out, if self.json { "}" } else { "" })
    }

    /// After the last file: the JSON array closed.
    fn close(&mut self) -> Result<(), Error> {
        write_or_gone(self.out, if self.json { "\n]\n" } else { "" })
    }
}

/// Writes `text`; a reader gone away is not an error here (the caller's
/// next write finds it again, and the tally still gives the status).
fn write_or_gone(out: &mut dyn Write, text: &str) -> Result<(), Error> {
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Writes out what is buffered, as [`write_or_gone`] writes.
fn flush_or_gone(out: &mut dyn Write) -> Result<(), Error> {
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// A JSON string.
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// Runs a command on the files the arguments name: one file as it always
/// was; several, or a folder, each in turn with [`each`], then the summary
/// (`verb` says what was done to a file) and the worst status.
pub fn run(
    paths: &[PathBuf],
    kind: Kind,
    json: bool,
    verb: &str,
    out: &mut dyn Write,
    warn: &mut dyn Write,
    one: impl Fn(&Path, &mut Desk, &mut dyn Write, &mut dyn Write) -> Result<Outcome, Error> + Sync,
) -> Result<Outcome, Error> {
    let Some(files) = expand(paths, kind)? else {
        return one(&paths[0], &mut Desk::default(), out, warn);
    };
    // The reports go out in blocks, not in a few writes for each file.
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let tally = each(&files, json, &mut out, warn, one)?;
    if !json {
        write_or_gone(&mut out, &format!("\n{}\n", tally.summary(verb)))?;
    }
    flush_or_gone(&mut out)?;
    tally.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_gives_its_files_of_the_kind() {
        let table = [
            ("a.pqt", Kind::Transcripts, true),
            ("a.PQT", Kind::Transcripts, true),
            ("a.yaml", Kind::Transcripts, false),
            ("a.yaml", Kind::Checkable, true),
            ("a.yml", Kind::Checkable, true),
            ("a.txt", Kind::Checkable, false),
            ("README", Kind::Checkable, false),
        ];
        for (name, kind, takes) in table {
            assert_eq!(kind.takes(Path::new(name)), takes, "{name} {kind:?}");
        }
    }

    /// A link back up the tree (a loop), a second way to a folder, a link
    /// to nothing and a pipe: each file is given once, by the first way to
    /// it in name order, and the walk ends; the pipe is passed over (to
    /// read it would be to wait for ever), the link to nothing is given
    /// (its opening says why). (A loop that another way leads back into
    /// would take the walk that does not know its folders for ever: the
    /// loop here is apart, so that without the knowing the test fails.)
    #[cfg(unix)]
    #[test]
    fn each_folder_is_walked_once_and_no_pipe_is_taken() {
        use std::os::unix::fs::symlink;
        let (_, root) = crate::temp::new_file("walk-test", false).unwrap();
        std::fs::remove_file(&root).unwrap();
        let (sub, looped) = (root.join("sub"), root.join("loop"));
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::create_dir_all(&looped).unwrap();
        for file in [root.join("a.pqt"), sub.join("b.pqt"), looped.join("c.pqt")] {
            std::fs::write(file, "").unwrap();
        }
        symlink(&looped, looped.join("up")).unwrap();
        symlink(&sub, root.join("way")).unwrap();
        symlink(root.join("gone"), root.join("dangling.pqt")).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(root.join("pipe.pqt"))
            .status();
        let files = expand(std::slice::from_ref(&root), Kind::Transcripts);
        let given: Vec<PathBuf> = files
            .unwrap()
            .unwrap()
            .iter()
            .map(|file| file.strip_prefix(&root).unwrap().to_path_buf())
            .collect();
        std::fs::remove_dir_all(&root).unwrap();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
        let expected = ["a.pqt", "dangling.pqt", "loop/c.pqt", "sub/b.pqt"].map(PathBuf::from);
        assert_eq!(given, expected);
    }

    /// Short files run together up to [`BATCH`] bytes or [`BATCH_FILES`]
    /// files; the file that reaches the bytes ends its run; every file is
    /// in one run, in order.
    #[test]
    fn short_files_are_done_several_at_once() {
        const K: u64 = 1024;
        // The files' lengths, and the runs (first file, file after the last).
        type Case = (&'static [u64], &'static [(usize, usize)]);
        let table: [Case; 6] = [
            (&[], &[]),
            (&[K], &[(0, 1)]),
            (&[10 * K; 10], &[(0, 7), (7, 10)]),
            (&[BATCH, K, 2 * BATCH, K], &[(0, 1), (1, 3), (3, 4)]),
            (&[0; 70], &[(0, 32), (32, 64), (64, 70)]),
            (&[63 * K, K, K], &[(0, 2), (2, 3)]),
        ];
        for (lens, runs) in table {
            let runs: Vec<Range<usize>> = runs.iter().map(|(a, b)| *a..*b).collect();
            let mut cut = Vec::new();
            let mut start = 0;
            while start < lens.len() {
                let end = run_end(start, lens.len(), |i| lens[i]);
                cut.push(start..end);
                start = end;
            }
            assert_eq!(cut, runs, "{lens:?}");
        }
    }

    #[test]
    fn the_summary_counts_each_outcome() {
        let tally = Tally {
            done: 2,
            wrong: 1,
            failed: 1,
        };
        assert_eq!(
            tally.summary("checked"),
            "3 files: 2 checked, 1 with something written wrong, 1 could not be read"
        );
        assert!(tally.outcome().is_err());
        let right = Tally {
            done: 1,
            ..Tally::default()
        };
        assert_eq!(right.summary("ruled"), "1 file: 1 ruled");
        assert_eq!(right.outcome().unwrap(), Outcome::Ruled);
    }
}
