//! `referee parse --format json`: the transcript's tags, deals and events
//! as JSON, with its problems, written deal by deal as the deals are read,
//! so that a transcript of any length is printed in flat memory.
//!
//! The bytes are those `serde_json` gives for the whole at once (the file
//! name, the transcript's fields, then `errors`): the deals that could be
//! read, a deal with a line that could not be read left out, and no deal at
//! all of a text refused as a whole.

use std::collections::HashSet;
use std::io::{self, Write};

use serde::Serialize;

use super::documents::Version;
use super::stream::{pretty_indented, DEAL_INDENT};
use crate::notation::{Deal, Diagnostic, Reading, Transcript};

/// The whole, as one value: the file, the transcript's fields, the problems.
#[derive(Serialize)]
struct Parsed<'a> {
    version: Version,
    file: &'a str,
    #[serde(flatten)]
    transcript: &'a Transcript,
    errors: &'a [Diagnostic],
}

/// Where the deals go in the JSON of a transcript without them: the key
/// opens the array at the top level, so nothing nested can look like it.
const DEALS: &str = "\n  \"deals\": [";

/// The parse as JSON, written deal by deal: [`new`](Self::new) from the
/// reading of a first pass through the text (its tags and problems, no
/// deals), [`begin`](Self::begin), then [`deal`](Self::deal) for each deal a second pass reads, then
/// [`end`](Self::end). Only the problems (the first hundred) and the
/// numbers of the deals that had one are kept.
pub struct ParsedJson {
    /// The JSON before the deals: the file, the tags, and `"deals": [`.
    head: String,
    /// The JSON after the deals: `]`, then `errors` and the closing brace.
    tail: String,
    /// The deals with a line that could not be read: left out.
    unreadable: HashSet<u32>,
    /// The text was refused as a whole: no deal is printed.
    refused: bool,
    /// How many deals are written.
    deals: usize,
    /// Each deal's JSON, built here and then written: reused from deal to deal.
    buffer: Vec<u8>,
}

impl ParsedJson {
    /// The parse of the transcript `file`, read through once into `reading`.
    pub fn new(file: &str, reading: &Reading) -> io::Result<ParsedJson> {
        // The reading of a stream holds no deal; the tags are all that is wanted.
        let mut tags = reading.transcript.clone();
        tags.deals.clear();
        let whole = Parsed {
            version: Version,
            file,
            transcript: &tags,
            errors: &reading.errors,
        };
        let json = serde_json::to_string_pretty(&whole).map_err(io::Error::other)?;
        let at = json.find(DEALS).map_or(json.len(), |at| at + DEALS.len());
        let (head, tail) = json.split_at(at);
        Ok(ParsedJson {
            head: head.to_string(),
            tail: tail.to_string() + "\n",
            unreadable: reading.unreadable_deals().iter().copied().collect(),
            refused: reading.refused_whole(),
            deals: 0,
            buffer: Vec::new(),
        })
    }

    /// Before the first deal.
    pub fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.head.as_bytes())
    }

    /// One deal as read: written unless it had a line that could not be read.
    pub fn deal(&mut self, out: &mut dyn Write, deal: &Deal) -> io::Result<()> {
        if self.refused || self.unreadable.contains(&deal.header.number) {
            return Ok(());
        }
        self.buffer.clear();
        if self.deals > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        pretty_indented(&mut self.buffer, deal).map_err(io::Error::other)?;
        out.write_all(&self.buffer)?;
        self.deals += 1;
        Ok(())
    }

    /// After the last deal: the close of `deals`, and the problems.
    pub fn end(self, out: &mut dyn Write) -> io::Result<()> {
        // The tail starts with the `]` of an empty array: after deals, on its own line.
        if self.deals > 0 {
            out.write_all(b"\n  ")?;
        }
        out.write_all(self.tail.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{read, read_stream};

    /// The JSON of the whole at once, as `parse` printed it before it was streamed.
    fn at_once(file: &str, bytes: &[u8]) -> String {
        let reading = read(bytes);
        let unreadable: HashSet<u32> = reading.unreadable_deals().iter().copied().collect();
        let mut transcript = reading.transcript.clone();
        transcript
            .deals
            .retain(|d| !unreadable.contains(&d.header.number));
        let parsed = Parsed {
            version: Version,
            file,
            transcript: &transcript,
            errors: &reading.errors,
        };
        serde_json::to_string_pretty(&parsed).unwrap() + "\n"
    }

    /// Read through once for the problems, then again deal by deal, in
    /// chunks of `chunk` bytes.
    fn streamed(file: &str, bytes: &[u8], chunk: usize) -> String {
        let source = || io::BufReader::with_capacity(chunk, bytes);
        let reading = read_stream(source(), drop).unwrap();
        let mut out = Vec::new();
        let mut json = ParsedJson::new(file, &reading).unwrap();
        json.begin(&mut out).unwrap();
        read_stream(source(), |deal| json.deal(&mut out, &deal).unwrap()).unwrap();
        json.end(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn streamed_parse_is_byte_for_byte_the_json_of_the_whole() {
        let paths = crate::testing::project_transcripts();
        let mut texts: Vec<(String, Vec<u8>)> = paths
            .iter()
            .map(|p| (p.display().to_string(), std::fs::read(p).unwrap()))
            .collect();
        let generated = crate::generate::transcript(14, 7, &crate::engine::ruleset::PORTLAND);
        texts.push(("generated".into(), generated.into_bytes()));
        // Deals with problems among readable ones, a deal refused after
        // deals were read, and more than a hundred problems.
        let good = "deal 2\ndealer A\n";
        let cases: [(&str, String); 5] = [
            ("no deal", "[Players \"A B\"]\n".into()),
            ("bad deal", format!("deal 1\ndealer B\nfrobnicate\n{good}")),
            (
                "long line",
                format!("deal 1\ndealer B\n{}\n", "x".repeat(70_000)),
            ),
            ("not utf-8", "deal 1\ndealer B\ndeal 2\n\u{0}\u{1}".into()),
            ("many", "deal 1\nfrob\n".repeat(150)),
        ];
        for (name, text) in cases {
            texts.push((name.into(), text.into_bytes()));
        }
        texts.push(("bad bytes".into(), b"deal 1\ndealer B\n\xff\n".to_vec()));
        for (name, bytes) in &texts {
            let whole = at_once(name, bytes);
            for chunk in [7, 64 * 1024] {
                assert_eq!(
                    streamed(name, bytes, chunk),
                    whole,
                    "{name}, chunks of {chunk}"
                );
            }
        }
        assert!(texts.len() > 300, "only {} transcripts", texts.len());
    }
}
