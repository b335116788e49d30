//! Reading a transcript from a stream, deal by deal, in bounded memory.
//!
//! The bytes come in chunks from a [`BufRead`]. Each chunk's complete lines
//! are checked (UTF-8, length) and read as one block, straight from the
//! chunk; a line cut by the end of a chunk waits in a small buffer for the
//! rest of it. So memory is one chunk, one line and one deal, however long
//! the input is.
//!
//! The reading is [`read_each`](super::read_each)'s, line for line: the same
//! deals, the same diagnostics with the same spans (offsets counted in the
//! whole input), the same refusals of the text as a whole. The one thing a
//! stream cannot do is refuse before it starts: a line that is not UTF-8 or
//! too long is only found when it comes, and the deals that ended before
//! that line have by then been handed on. They are exactly those deals,
//! whatever the chunks. (The [`Reading`] is the refusal alone, as
//! `read_each`'s is.)

use std::io::{self, BufRead};

use super::input::{self, MAX_LINE};
use super::{Lately, Reader, Reading};
use crate::notation::diagnostic::Diagnostic;
use crate::notation::front_matter::UnclosedFrontMatter;
use crate::notation::transcript::{Deal, Transcript};

/// Reads a transcript from `source` deal by deal, as [`read_each`](super::read_each)
/// reads one from its bytes: each deal is handed to `each` as soon as it
/// ends. The input is never held whole: memory stays flat however long it is.
///
/// Gives the [`Reading`] with the tags and every error but no deals, or the
/// error `source` gave. A line that is not UTF-8 or longer than
/// [`MAX_LINE`](super::MAX_LINE) refuses the whole text, as in `read_each`,
/// but the deals that ended before it have already been handed on. A line
/// too long is refused without reading the rest of the input.
pub fn read_stream<R: BufRead>(source: R, mut each: impl FnMut(Deal)) -> io::Result<Reading> {
    let mut each = |deal: &mut Deal| each(std::mem::take(deal));
    Ok(read_with(Stream::new(&mut each), source, true)?.0)
}

/// [`read_stream`], each deal lent to `each` rather than given: a caller
/// that only looks at the deals spares the reader building each anew (its
/// lists are used again for the next deal).
pub fn read_stream_lent<R: BufRead>(source: R, mut each: impl FnMut(&Deal)) -> io::Result<Reading> {
    let mut each = |deal: &mut Deal| each(deal);
    Ok(read_with(Stream::new(&mut each), source, true)?.0)
}

/// Reads a transcript from `source` for its problems only, as a first pass
/// before reading it again to use its deals: the [`Reading`] is exactly
/// [`read_stream`]'s (the tags, every problem in the same order, the deals
/// that could not be read), but the deals' events are not kept, so no deal
/// is built in full only to be dropped.
pub fn check_stream<R: BufRead>(source: R) -> io::Result<Reading> {
    let mut each = |_: &mut Deal| {};
    Ok(read_with(Stream::new(&mut each), source, false)?.0)
}

/// [`check_stream`], and what reading the first part of a transcript cut
/// into parts must tell (see [`split`](super::split)): each deal's end is
/// told to `each` (with its number and span; its events are not kept), and
/// the number the line after the input would have is given with the reading.
pub fn check_stream_counted<R: BufRead>(
    source: R,
    mut each: impl FnMut(&Deal),
) -> io::Result<(Reading, u32)> {
    let mut each = |deal: &mut Deal| each(deal);
    read_with(Stream::new(&mut each), source, false)
}

/// [`check_stream`], from what the reading of another transcript on this
/// core learned (`lately`: the lines and declarations read lately), and
/// leaving there what this one learned: the readings of a folder's files,
/// one after another, as one reading of them all would have it at hand.
pub fn check_stream_with<R: BufRead>(source: R, lately: &mut Lately) -> io::Result<Reading> {
    let mut each = |_: &mut Deal| {};
    let stream = Stream::new(&mut each);
    Ok(read_learning(stream, source, lately, false)?.0)
}

/// [`read_stream_lent`], from and leaving what was learned in `lately`,
/// as [`check_stream_with`] does.
pub fn read_stream_lent_with<R: BufRead>(
    source: R,
    lately: &mut Lately,
    mut each: impl FnMut(&Deal),
) -> io::Result<Reading> {
    let mut each = |deal: &mut Deal| each(deal);
    let stream = Stream::new(&mut each);
    Ok(read_learning(stream, source, lately, true)?.0)
}

/// Reads `source` into `stream` (its events kept or not, as [`read_stream`]
/// or [`check_stream`]): the reading, and the number the line after the
/// input would have. [`read_learning`] is the same from what was learned.
fn read_with<R: BufRead>(
    mut stream: Stream<'_>,
    source: R,
    keep_events: bool,
) -> io::Result<(Reading, u32)> {
    stream.reader.keep_events = keep_events;
    pump(&mut stream, source)?;
    Ok(stream.end_at())
}

/// Where a reading takes up a transcript in its middle, at a `deal` line:
/// for reading its parts apart, each on a core of its own (see [`split`](super::split)).
#[derive(Clone, Copy, Debug)]
pub struct Resume<'h> {
    /// The transcript's tags, game, rules and players, read up to the first deal.
    pub head: &'h Transcript,
    /// Where the `deal` line starts in the input, in bytes.
    pub start: usize,
    /// Its line number.
    pub line: u32,
    /// The length of the input's byte-order mark; 0 when there is none.
    pub bom: usize,
}

/// Reads a part of a transcript that begins at a `deal` line, as
/// [`read_stream`] reads the whole: `source` gives the part's bytes, from
/// that line on. Spans and line numbers are the whole input's. Gives the
/// reading of the part, and the number the line after it would have.
pub fn read_stream_from<R: BufRead>(
    source: R,
    at: &Resume<'_>,
    mut each: impl FnMut(Deal),
) -> io::Result<(Reading, u32)> {
    let mut each = |deal: &mut Deal| each(std::mem::take(deal));
    read_with(Stream::resumed(&mut each, at), source, true)
}

/// [`read_stream_from`], each deal lent to `each` rather than given, as
/// [`read_stream_lent`] lends them; the reading starts from what the
/// reading of another part of the transcript learned (`lately`), and
/// leaves there what it learned, for the next part read on this core.
pub fn read_stream_from_lent<R: BufRead>(
    source: R,
    at: &Resume<'_>,
    lately: &mut Lately,
    mut each: impl FnMut(&Deal),
) -> io::Result<(Reading, u32)> {
    read_resumed(source, at, lately, &mut |deal: &mut Deal| each(deal), true)
}

/// [`read_stream_from`] for the part's problems only, as [`check_stream`]
/// reads the whole: its deals' events are not kept. It starts from and
/// leaves what was learned in `lately`, as [`read_stream_from_lent`] does.
pub fn check_stream_from<R: BufRead>(
    source: R,
    at: &Resume<'_>,
    lately: &mut Lately,
) -> io::Result<(Reading, u32)> {
    read_resumed(source, at, lately, &mut |_: &mut Deal| {}, false)
}

/// [`read_stream_from_lent`], or [`check_stream_from`] when `keep_events`
/// is false: a part read from what `lately` holds, and leaving there what
/// its reading learned.
fn read_resumed<R: BufRead>(
    source: R,
    at: &Resume<'_>,
    lately: &mut Lately,
    each: &mut dyn FnMut(&mut Deal),
    keep_events: bool,
) -> io::Result<(Reading, u32)> {
    read_learning(Stream::resumed(each, at), source, lately, keep_events)
}

/// Reads `source` into `stream` (its events kept or not) from what
/// `lately` holds, and leaves there what the reading learned.
fn read_learning<R: BufRead>(
    mut stream: Stream<'_>,
    source: R,
    lately: &mut Lately,
    keep_events: bool,
) -> io::Result<(Reading, u32)> {
    stream.reader.keep_events = keep_events;
    stream.reader.take_up(std::mem::take(lately));
    pump(&mut stream, source)?;
    Ok(stream.end_leaving(lately))
}

/// Feeds `stream` with the chunks of `source` until it ends or a line refuses it.
fn pump<R: BufRead>(stream: &mut Stream<'_>, mut source: R) -> io::Result<()> {
    loop {
        let chunk = match source.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(());
        }
        let len = chunk.len();
        stream.feed(chunk);
        source.consume(len);
        if matches!(stream.refusal, Some(Refusal::Final(_))) {
            return Ok(());
        }
    }
}

/// Where the reading is in the optional YAML header (`front_matter`).
#[derive(Debug, PartialEq, Eq)]
enum Phase {
    /// No line read yet: a `---` line opens a header.
    Start,
    /// In the header: the lines so far.
    Header(String),
    /// The transcript proper.
    Body,
}

/// A problem with the text as a whole: nothing more is read.
enum Refusal {
    /// A line is not UTF-8. Unless a line too long follows (which is
    /// reported instead, as `read_each` does), this is the answer.
    NotUtf8(Diagnostic),
    /// A line too long, still being measured: its number, where it starts,
    /// its length so far.
    Measuring(u32, usize, usize),
    /// The answer: nothing more need be read.
    Final(Diagnostic),
}

struct Stream<'s> {
    reader: Reader<'s>,
    /// The start of a line cut by the end of a chunk.
    carry: Vec<u8>,
    /// Where the next line starts, in the text after any byte-order mark.
    pos: usize,
    /// The next line's number.
    line: u32,
    /// The byte-order mark's length, once it is known; 0 when there is none.
    bom: usize,
    /// Nothing has been read yet.
    at_start: bool,
    phase: Phase,
    /// A line has been read that is neither blank nor a comment.
    has_content: bool,
    /// The line and end of the last character that is not white space (see `Reader::finish`).
    last_text: (u32, usize),
    refusal: Option<Refusal>,
}

impl<'s> Stream<'s> {
    fn new(each: &'s mut dyn FnMut(&mut Deal)) -> Self {
        Stream::with(Reader::new(0, Some(each)))
    }

    fn with(reader: Reader<'s>) -> Self {
        Stream {
            reader,
            carry: Vec::new(),
            pos: 0,
            line: 1,
            bom: 0,
            at_start: true,
            phase: Phase::Start,
            has_content: false,
            last_text: (0, 0),
            refusal: None,
        }
    }

    /// A stream taking up a transcript at a `deal` line (see [`Resume`]).
    fn resumed(each: &'s mut dyn FnMut(&mut Deal), at: &Resume<'_>) -> Self {
        Stream {
            pos: at.start - at.bom,
            line: at.line,
            bom: at.bom,
            at_start: false,
            phase: Phase::Body,
            has_content: true,
            ..Stream::with(Reader::resume(at.bom, Some(each), at.head))
        }
    }

    /// Takes in a chunk: its complete lines are read, the rest kept for the next chunk.
    fn feed(&mut self, mut chunk: &[u8]) {
        if let Some(Refusal::Measuring(line, start, len)) = self.refusal {
            match input::find_any(chunk, [b'\n']) {
                Some(end) => {
                    let refused = input::long_line(line, start, len + end);
                    self.refusal = Some(Refusal::Final(refused));
                }
                // Measured far enough: the rest need not be read.
                None if len + chunk.len() > input::MEASURED => {
                    let refused = input::long_line(line, start, len + chunk.len());
                    self.refusal = Some(Refusal::Final(refused));
                }
                None => self.refusal = Some(Refusal::Measuring(line, start, len + chunk.len())),
            }
            return;
        }
        if !self.carry.is_empty() {
            let Some(end) = input::find_any(chunk, [b'\n']) else {
                self.carry.extend_from_slice(chunk);
                return self.check_carry();
            };
            let (head, rest) = chunk.split_at(end + 1);
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(head);
            self.block(&line);
            line.clear();
            self.carry = line;
            chunk = rest;
        }
        match chunk.iter().rposition(|b| *b == b'\n') {
            Some(last) => {
                let (lines, rest) = chunk.split_at(last + 1);
                self.block(lines);
                self.carry.extend_from_slice(rest);
            }
            None => self.carry.extend_from_slice(chunk),
        }
        self.check_carry();
    }

    /// A line still without its end is already too long: refuse it, and measure it.
    fn check_carry(&mut self) {
        let refused = matches!(self.refusal, Some(Refusal::Final(_)));
        if self.carry.len() > MAX_LINE && !refused {
            let start = self.bom + self.pos;
            self.refusal = Some(Refusal::Measuring(self.line, start, self.carry.len()));
            self.carry = Vec::new();
        }
    }

    /// Complete lines (the last without its `\n` only at the end of the input).
    fn block(&mut self, bytes: &[u8]) {
        let (line, start) = (self.line, self.bom + self.pos);
        match self.refusal {
            None => {}
            // Only a line too long can change the answer now.
            Some(Refusal::NotUtf8(_)) => {
                if let Some((n, at, len)) = input::first_long_line(bytes) {
                    let refused = input::long_line(line + n, start + at, len);
                    self.refusal = Some(Refusal::Final(refused));
                }
                self.skip(bytes);
                return;
            }
            Some(Refusal::Measuring(..) | Refusal::Final(_)) => return,
        }
        let long = match input::lines_fit(bytes) {
            true => None,
            false => input::first_long_line(bytes),
        };
        let utf8 = std::str::from_utf8(bytes);
        // Where the first line that is not UTF-8 starts.
        let bad_utf8 = utf8.as_ref().err().map(|e| {
            let bad = e.valid_up_to();
            let line_start = bytes[..bad].iter().rposition(|b| *b == b'\n');
            (e, line_start.map_or(0, |i| i + 1))
        });
        // A line too long comes before any bad UTF-8, as in `input::check`.
        let (refusal, bad_line) = match (long, bad_utf8) {
            (None, None) => return self.read(utf8.unwrap_or_default()),
            (Some((n, at, len)), bad_utf8) => (
                Refusal::Final(input::long_line(line + n, start + at, len)),
                bad_utf8.map_or(at, |(_, bad_line)| bad_line.min(at)),
            ),
            (None, Some((e, bad_line))) => (
                Refusal::NotUtf8(input::utf8_error(bytes, e, line, start)),
                bad_line,
            ),
        };
        // The lines before the bad one are read, whatever the chunks: their deals are handed on.
        let before = bytes.get(..bad_line).unwrap_or_default();
        self.read(std::str::from_utf8(before).unwrap_or_default());
        self.skip(bytes.get(bad_line..).unwrap_or_default());
        self.refusal = Some(refusal);
    }

    /// Passes over lines without reading them.
    fn skip(&mut self, bytes: &[u8]) {
        self.line += bytes.iter().filter(|b| **b == b'\n').count() as u32;
        self.pos += bytes.len();
    }

    /// Reads complete lines of text.
    fn read(&mut self, mut text: &str) {
        if text.is_empty() {
            return;
        }
        if self.at_start {
            self.at_start = false;
            if let Some(rest) = text.strip_prefix('\u{feff}') {
                self.bom = text.len() - rest.len();
                self.reader.offset = self.bom;
                text = rest;
            }
        }
        let (whole, line, pos) = (text, self.line, self.pos);
        while self.phase != Phase::Body && !text.is_empty() {
            let end = text.find('\n').map_or(text.len(), |i| i + 1);
            let (raw, rest) = text.split_at(end);
            let marker = raw
                .strip_prefix("---")
                .is_some_and(|rest| rest.trim().is_empty());
            match &mut self.phase {
                Phase::Start if marker => self.phase = Phase::Header(String::new()),
                Phase::Start => {
                    self.phase = Phase::Body;
                    break;
                }
                Phase::Header(header) if marker => {
                    self.reader.transcript.front_matter = Some(std::mem::take(header));
                    self.phase = Phase::Body;
                }
                Phase::Header(header) => header.push_str(raw),
                Phase::Body => {}
            }
            self.pos += raw.len();
            self.line += 1;
            text = rest;
        }
        if self.phase == Phase::Body && !text.is_empty() {
            // A reading for problems only passes over the lines it need not read.
            let read_lines = match self.reader.keep_events {
                true => Reader::read_lines,
                false => Reader::check_lines,
            };
            (self.pos, self.line) = read_lines(&mut self.reader, text, self.pos, self.line);
        }
        match self.reader.seen_deal {
            // A deal's line is text: what the note is for is known.
            true => self.has_content = true,
            false => self.note_text(whole, line, pos),
        }
    }

    /// Notes whether the lines are all blank or comments, and where the last
    /// character that is not white space is (needed only until a deal is
    /// read), of `text`, whose first line is `line`, starting at `pos`.
    fn note_text(&mut self, text: &str, line: u32, pos: usize) {
        if !self.has_content {
            self.has_content = text.split_inclusive('\n').any(|raw| {
                let line = raw.strip_suffix('\n').unwrap_or(raw);
                !input::blank_or_comment(line)
            });
        }
        // The last character that is not white space ends the last line that
        // has one; the line breaks before it say which line that is.
        let visible = text.trim_end();
        if !visible.is_empty() {
            let breaks = visible.bytes().filter(|b| *b == b'\n').count() as u32;
            self.last_text = (line + breaks, pos + visible.len());
        }
    }

    /// The input is over: the reading, and the number the next line would have.
    fn end_at(mut self) -> (Reading, u32) {
        self.read_last_line();
        let line = self.line;
        (self.read_to_end(), line)
    }

    /// [`Stream::end_at`], leaving in `lately` what the reader learned.
    fn end_leaving(mut self, lately: &mut Lately) -> (Reading, u32) {
        self.read_last_line();
        if self.refusal.is_none() {
            // The last deal handed on now, its room left in `lately`; a
            // text refused hands on no more deals.
            self.reader.end_lines();
        }
        *lately = self.reader.put_down();
        self.end_at()
    }

    /// The input is over: a last line without its `\n` is read.
    fn read_last_line(&mut self) {
        if !self.carry.is_empty() {
            let last = std::mem::take(&mut self.carry);
            self.block(&last);
        }
    }

    /// The reading, once every line is in.
    fn read_to_end(mut self) -> Reading {
        match self.refusal {
            Some(Refusal::Measuring(line, start, len)) => {
                return Reading::refused(input::long_line(line, start, len))
            }
            Some(Refusal::NotUtf8(refused) | Refusal::Final(refused)) => {
                return Reading::refused(refused)
            }
            None => {}
        }
        if !self.has_content {
            return Reading::refused(input::empty());
        }
        if matches!(self.phase, Phase::Header(_)) {
            self.reader.unclosed(UnclosedFrontMatter);
        }
        let last_text = self.last_text;
        self.reader.finish(|| last_text)
    }
}
