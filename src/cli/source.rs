//! Where a transcript comes from: a file, read as often as needed and
//! never held whole when streamed; or standard input, a pipe or a device,
//! which cannot be read twice, copied as it arrives to a spool file of the
//! referee's own and read from there. An input is never written.
//!
//! The file is opened once: each reading of it, or of a part of it, reads
//! at its own place in it (`read_at`), so that several readings, on several
//! cores, share it, and a folder of short transcripts is not opened three
//! times over.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::notation::{Diagnostic, Reading, MAX_LINE, MEASURED};
use crate::Error;

/// The chunks a file is streamed in.
const CHUNK: usize = 64 * 1024;

/// The smallest chunk a file is streamed in.
const SMALLEST_CHUNK: usize = 8 * 1024;

/// How much of a line is kept to show it under a problem: a line longer
/// than [`MAX_LINE`] is refused, and shown only in part anyway.
const KEPT: usize = MAX_LINE + 1024;

/// A transcript to read, with the name to report it by.
pub struct Source {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    origin: Origin,
    /// The file the text is read from, open for reading.
    file: File,
    /// Its length in bytes when it was opened (or copied).
    len: u64,
}

enum Origin {
    /// A regular file, read where it is.
    File(PathBuf),
    /// Standard input, or a file that cannot be read twice (a pipe): its copy.
    Spooled(Spool),
}

/// A copy of an input that cannot be read twice, removed when done with.
struct Spool(PathBuf);

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

impl Spool {
    /// Copies `input` as it arrives to a new file in the temporary folder.
    /// The copy stops at a line that has gone on for [`MEASURED`] bytes with
    /// no end (`/dev/zero`): the reading refuses that line, and the rest of
    /// the input could change nothing.
    fn copy(mut input: impl Read) -> io::Result<(Spool, u64)> {
        let spool = Spool::create()?;
        let mut file = std::fs::OpenOptions::new().append(true).open(&spool.0)?;
        let mut buffer = vec![0; CHUNK];
        let (mut unended, mut len) = (0usize, 0u64);
        loop {
            let n = match input.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let chunk = &buffer[..n];
            io::Write::write_all(&mut file, chunk)?;
            len += n as u64;
            unended = match chunk.iter().rposition(|b| *b == b'\n') {
                Some(last) => n - last - 1,
                None => unended + n,
            };
            if unended > MEASURED {
                break;
            }
        }
        Ok((spool, len))
    }

    /// A new, empty file of the referee's own in the temporary folder.
    fn create() -> io::Result<Spool> {
        crate::temp::new_file("spool", false).map(|(_, path)| Spool(path))
    }
}

/// A reading of the bytes `at..end` of a file, each read at its place
/// in the file: it moves no cursor of the file's, so readings of one open
/// file, on several cores at once, do not disturb one another.
struct At<'f> {
    file: &'f File,
    at: u64,
    end: u64,
}

impl Read for At<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end.saturating_sub(self.at)).unwrap_or(usize::MAX);
        let wanted = buf.len().min(left);
        if wanted == 0 {
            return Ok(0);
        }
        let n = read_at(self.file, &mut buf[..wanted], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// Reads into `buf` from the place `at` of `file`.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

/// Reads into `buf` from the place `at` of `file`.
#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

impl Source {
    /// Opens `path`, or standard input for `-`. A regular file is only
    /// checked here; anything else is copied to a spool file as it arrives.
    pub fn open(path: &Path) -> Result<Source, Error> {
        if path.as_os_str() == "-" {
            let name = "<stdin>".to_string();
            let (spool, len) = Spool::copy(io::stdin().lock()).map_err(|e| open_error(&name, e))?;
            let file = File::open(&spool.0).map_err(|e| open_error(&name, e))?;
            return Ok(Source {
                name,
                origin: Origin::Spooled(spool),
                file,
                len,
            });
        }
        let name = path.display().to_string();
        let file = File::open(path).map_err(|e| open_error(&name, e))?;
        let metadata = file.metadata().map_err(|e| open_error(&name, e))?;
        if metadata.is_dir() {
            let e = io::Error::new(io::ErrorKind::InvalidInput, "it is a directory");
            return Err(open_error(&name, e));
        }
        let (origin, file, len) = if metadata.is_file() {
            (Origin::File(path.to_path_buf()), file, metadata.len())
        } else {
            let (spool, len) = Spool::copy(file).map_err(|e| open_error(&name, e))?;
            let file = File::open(&spool.0).map_err(|e| open_error(&name, e))?;
            (Origin::Spooled(spool), file, len)
        };
        Ok(Source {
            name,
            origin,
            file,
            len,
        })
    }

    /// A file that another names (a scoresheet's transcript), as
    /// [`Source::open`] opens it; but what is no file (a pipe or a device)
    /// is refused before it is opened, for opening a pipe waits for
    /// whoever writes to it, and none may come.
    pub fn open_named(path: &Path) -> Result<Source, Error> {
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            let e = io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is not a file but a pipe or a device",
            );
            return Err(open_error(&path.display().to_string(), e));
        }
        Source::open(path)
    }

    /// The text's length in bytes when it was opened (or copied): it may
    /// have changed since, so only a guide (a file too short to cut).
    pub fn len_when_opened(&self) -> u64 {
        self.len
    }

    /// The whole text, for the commands that need it at once.
    pub fn bytes(&self) -> Result<Cow<'_, [u8]>, Error> {
        std::fs::read(self.path())
            .map(Cow::Owned)
            .map_err(|e| self.error(e))
    }

    /// The text from its start, in chunks.
    pub fn stream(&self) -> Result<Box<dyn BufRead + '_>, Error> {
        Ok(Box::new(self.stream_range(0..u64::MAX)?))
    }

    /// The bytes `range` of the text, in chunks.
    pub fn stream_range(&self, range: Range<u64>) -> Result<impl BufRead + '_, Error> {
        // No larger than the text, about: a buffer is filled with zeros
        // before it is first read into, and a folder has many short files.
        let long = range.end.min(self.len).saturating_sub(range.start);
        let chunk = usize::try_from(long).map_or(CHUNK, |long| long.clamp(SMALLEST_CHUNK, CHUNK));
        let part = At {
            file: &self.file,
            at: range.start,
            end: range.end,
        };
        Ok(BufReader::with_capacity(chunk, part))
    }

    /// The text's file, opened afresh, and its length.
    pub fn file(&self) -> Result<(File, u64), Error> {
        let file = File::open(self.path()).map_err(|e| self.error(e))?;
        let len = file.metadata().map_err(|e| self.error(e))?.len();
        Ok((file, len))
    }

    /// The path of the file the text is read from: the transcript, or its copy.
    fn path(&self) -> &Path {
        match &self.origin {
            Origin::File(path) | Origin::Spooled(Spool(path)) => path,
        }
    }

    /// The error for a failed read.
    pub fn error(&self, e: io::Error) -> Error {
        open_error(&self.name, e)
    }

    /// Every diagnostic, rendered with its line. Only the lines shown are
    /// kept, so a long transcript is not held whole for a few problems.
    pub fn render(&self, errors: &[Diagnostic]) -> String {
        self.render_with_lines(
            errors,
            |d| d.span.line,
            |d, line| d.render_line(&self.name, line),
        )
    }

    /// Each item rendered by `render` with the text of its line (`line`
    /// says which), joined by line breaks. The lines are read once, only
    /// those wanted.
    pub fn render_with_lines<T>(
        &self,
        items: &[T],
        line: impl Fn(&T) -> u32,
        render: impl Fn(&T, Option<&str>) -> String,
    ) -> String {
        let mut wanted: Vec<u32> = items.iter().map(&line).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let lines = self.lines(&wanted);
        items
            .iter()
            .map(|item| {
                let text = wanted
                    .binary_search(&line(item))
                    .ok()
                    .and_then(|i| lines.get(i))
                    .and_then(|l| l.as_deref());
                render(item, text)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The text of each of the lines `wanted` (1-based, in order, no
    /// repeats), read afresh: `None` for a line that cannot be had.
    pub fn lines(&self, wanted: &[u32]) -> Vec<Option<String>> {
        self.stream()
            .and_then(|s| lines_at(s, wanted).map_err(|e| self.error(e)))
            .unwrap_or_default()
    }

    /// The error for a reading with problems.
    pub fn unreadable(&self, reading: &Reading) -> Error {
        let mut rendered = self.render(&reading.errors);
        if reading.more > 0 {
            let s = if reading.more == 1 { "" } else { "s" };
            let more = format!("\n… and {} more problem{s}, not shown", reading.more);
            rendered.push_str(&more);
        }
        Error::Transcript {
            file: self.name.clone(),
            count: reading.problems(),
            rendered,
        }
    }
}

fn open_error(path: &str, source: io::Error) -> Error {
    Error::Open {
        path: path.to_string(),
        source,
    }
}

/// The text of each of the lines `wanted` (1-based, in order, no repeats):
/// at most [`KEPT`] bytes of each, bytes that are not UTF-8 shown as `�`.
/// The text after the last line break counts as a line, empty or not. A
/// line the text does not reach is `None`.
fn lines_at(mut source: impl BufRead, wanted: &[u32]) -> io::Result<Vec<Option<String>>> {
    let mut found = Vec::with_capacity(wanted.len());
    let mut line = 1u32;
    let mut kept: Vec<u8> = Vec::new();
    let mut next = wanted.iter().peekable();
    let keep = |kept: &mut Vec<u8>, bytes: &[u8]| {
        let room = KEPT.saturating_sub(kept.len());
        kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
    };
    while next.peek().is_some() {
        let chunk = source.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        let mut rest = chunk;
        while let Some(&&target) = next.peek() {
            let end = rest.iter().position(|b| *b == b'\n');
            let (text, after) = match end {
                Some(end) => (&rest[..end], Some(&rest[end + 1..])),
                None => (rest, None),
            };
            if line == target {
                keep(&mut kept, text);
            }
            let Some(after) = after else { break };
            if line == target {
                found.push(Some(String::from_utf8_lossy(&kept).into_owned()));
                kept.clear();
                next.next();
            }
            line += 1;
            rest = after;
        }
        source.consume(len);
    }
    // The text after the last line break.
    if next.peek() == Some(&&line) {
        found.push(Some(String::from_utf8_lossy(&kept).into_owned()));
        next.next();
    }
    found.extend(next.map(|_| None));
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text, the lines asked for, and what is found.
    type Case = (
        &'static [u8],
        &'static [u32],
        &'static [Option<&'static str>],
    );

    #[test]
    fn lines_at_finds_each_line_asked_for() {
        let cases: &[Case] = &[
            (b"a\nb\nc\n", &[1, 3], &[Some("a"), Some("c")]),
            (b"a\nb\nc", &[3], &[Some("c")]),
            (b"a\nb\n", &[3], &[Some("")]),
            (b"", &[1], &[Some("")]),
            (b"a\n", &[2, 5], &[Some(""), None]),
            (b"a\r\nb\xff\n", &[2], &[Some("b\u{fffd}")]),
        ];
        for (text, wanted, expected) in cases {
            for chunk in [1, 2, 64] {
                let source = BufReader::with_capacity(chunk, *text);
                let found = lines_at(source, wanted).unwrap();
                let found: Vec<Option<&str>> = found.iter().map(|l| l.as_deref()).collect();
                assert_eq!(&found, expected, "{text:?} in chunks of {chunk}");
            }
        }
    }

    /// Readings of parts of one open file, interleaved, each give their
    /// own bytes; a range past the end stops at the end.
    #[test]
    fn readings_of_one_file_do_not_disturb_one_another() {
        let (_, path) = crate::temp::new_file("source-test", false).unwrap();
        let text: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &text).unwrap();
        let source = Source::open(&path).unwrap();
        let ranges = [0..100_000, 50_000..150_001, 199_990..300_000, 7..7];
        let mut streams: Vec<_> = ranges
            .iter()
            .map(|r| source.stream_range(r.clone()).unwrap())
            .collect();
        let mut read = vec![Vec::new(); ranges.len()];
        let mut going = true;
        while going {
            going = false;
            for (stream, bytes) in streams.iter_mut().zip(&mut read) {
                let chunk = stream.fill_buf().unwrap();
                let n = chunk.len().min(1000);
                bytes.extend_from_slice(&chunk[..n]);
                stream.consume(n);
                going |= n > 0;
            }
        }
        for (range, bytes) in ranges.iter().zip(&read) {
            let end = (range.end as usize).min(text.len());
            assert!(bytes[..] == text[range.start as usize..end], "{range:?}");
        }
        let mut whole = Vec::new();
        source.stream().unwrap().read_to_end(&mut whole).unwrap();
        assert!(whole == text);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_very_long_line_is_kept_only_in_part() {
        let mut text = vec![b'x'; 10 * KEPT];
        text.extend_from_slice(b"\nshort\n");
        let found = lines_at(&text[..], &[1, 2]).unwrap();
        assert_eq!(found[0].as_ref().map(String::len), Some(KEPT));
        assert_eq!(found[1].as_deref(), Some("short"));
    }
}
