//! The streaming reader gives what `read_each` gives: the same deals, the
//! same tags, the same errors with the same spans, however the input is cut
//! into chunks. Over the fixtures, the cases, generated transcripts, and
//! texts with every kind of refusal, each cut into chunks at awkward places.

mod common;

use std::io::{self, BufRead, Read};
use std::path::Path;

use piquet_referee::engine::ruleset::PORTLAND;
use piquet_referee::generate;
use piquet_referee::notation::{
    check_stream, check_stream_with, read_each, read_stream, read_stream_lent_with, Deal, Reading,
    MAX_LINE,
};
use proptest::collection::vec;
use proptest::prelude::*;

/// A `BufRead` that hands out its bytes in chunks of the given sizes, in turn.
struct Chunked<'a> {
    bytes: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
    /// The current chunk: `bytes[..len]`.
    len: usize,
}

impl<'a> Chunked<'a> {
    fn new(bytes: &'a [u8], sizes: &'a [usize]) -> Self {
        Chunked {
            bytes,
            sizes,
            turn: 0,
            len: 0,
        }
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill_buf()?;
        let n = chunk.len().min(out.len());
        out[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Chunked<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.len == 0 {
            let size = self.sizes[self.turn % self.sizes.len()].max(1);
            self.turn += 1;
            self.len = size.min(self.bytes.len());
        }
        Ok(&self.bytes[..self.len])
    }

    fn consume(&mut self, n: usize) {
        self.bytes = &self.bytes[n..];
        self.len -= n;
    }
}

fn whole(bytes: &[u8]) -> (Vec<Deal>, Reading) {
    let mut deals = Vec::new();
    let reading = read_each(bytes, |d| deals.push(d));
    (deals, reading)
}

fn streamed(bytes: &[u8], sizes: &[usize]) -> (Vec<Deal>, Reading) {
    let mut deals = Vec::new();
    let reading = read_stream(Chunked::new(bytes, sizes), |d| deals.push(d)).unwrap();
    (deals, reading)
}

/// Chunk sizes that cut lines, characters and the byte-order mark anywhere.
const SIZES: &[&[usize]] = &[
    &[1],
    &[2],
    &[3],
    &[5],
    &[7, 1],
    &[64],
    &[1, 100, 2],
    &[4096],
    &[MAX_LINE + 1],
    &[1 << 20],
];

/// Streamed in every way, the reading is `read_each`'s; so are the deals
/// when the text is not refused as a whole, and otherwise they are the same
/// whatever the chunks.
fn agrees(name: &str, bytes: &[u8]) {
    let (deals, reading) = whole(bytes);
    let refused = reading.errors.len() == 1 && deals.is_empty();
    let mut refused_deals: Option<Vec<Deal>> = None;
    // Two chunks, cut at every byte of the opening lines, then here and there.
    let two_chunks = (1..100)
        .chain((100..2000).step_by(37))
        .filter(|at| *at < bytes.len())
        .map(|at| vec![at, usize::MAX]);
    let cuts: Vec<Vec<usize>> = SIZES.iter().map(|s| s.to_vec()).chain(two_chunks).collect();
    for sizes in SIZES {
        let checked = check_stream(Chunked::new(bytes, sizes)).unwrap();
        assert_eq!(checked, reading, "{name} checked, chunks of {sizes:?}");
    }
    for sizes in &cuts {
        let (stream_deals, stream_reading) = streamed(bytes, sizes);
        assert_eq!(stream_reading, reading, "{name}, chunks of {sizes:?}");
        if refused && stream_deals != deals {
            // Refused as a whole: the deals before the refusal, whatever the chunks.
            match &refused_deals {
                Some(first) => assert_eq!(&stream_deals, first, "{name}, chunks of {sizes:?}"),
                None => refused_deals = Some(stream_deals),
            }
        } else {
            assert_eq!(stream_deals, deals, "{name}, chunks of {sizes:?}");
        }
    }
}

/// Every transcript under `dir`, named, with its bytes.
fn transcripts_in(dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
    for path in common::transcripts_under(dir) {
        let bytes = std::fs::read(&path).unwrap();
        out.push((path.display().to_string(), bytes));
    }
}

/// Every transcript of the tests (the bad ones too) and the cases, named.
fn tests_and_cases() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    transcripts_in(&root.join("tests"), &mut files);
    transcripts_in(&root.join("cases"), &mut files);
    assert!(files.len() > 500, "{} transcripts", files.len());
    files
}

/// Checking a transcript for its problems gives what reading it gives, over
/// every transcript of the tests (the bad ones too) and the cases.
#[test]
fn every_transcript_checks_as_it_reads() {
    for (name, bytes) in &tests_and_cases() {
        let read = read_stream(bytes.as_slice(), drop).unwrap();
        let checked = check_stream(bytes.as_slice()).unwrap();
        assert_eq!(checked, read, "{name}");
    }
}

/// Read one after another, each reading starting from what the readings
/// before it learned (as a core does the files of a folder), every
/// transcript of the tests and the cases (their players of every kind, the
/// bad ones too) reads, and checks, as it reads alone.
#[test]
fn every_transcript_reads_after_others_as_alone() {
    let mut files = tests_and_cases();
    // The same lines said by other players: the two the other way round,
    // then the two the tags do not name (`A` and `B`, in that order).
    let play = "deal 1\ndealer A\nA leads AS\nB plays 7S\n";
    for tag in ["[Players \"A B\"]\n\n", "[Players \"B A\"]\n\n", ""] {
        files.push((format!("{tag:?}"), format!("{tag}{play}").into_bytes()));
    }
    // One carried through the checks, one through the readings, and one
    // through both, in turn, as the referee reads each file twice.
    let (mut checking, mut reading_lent, mut both) = Default::default();
    for (name, bytes) in &files {
        let mut alone = Vec::new();
        let reading = read_stream(bytes.as_slice(), |d| alone.push(d)).unwrap();
        for lately in [&mut checking, &mut both] {
            let checked = check_stream_with(bytes.as_slice(), lately).unwrap();
            assert_eq!(checked, reading, "{name} checked");
        }
        for lately in [&mut reading_lent, &mut both] {
            let mut lent = Vec::new();
            let read = read_stream_lent_with(bytes.as_slice(), lately, |d| lent.push(d.clone()));
            assert_eq!(read.unwrap(), reading, "{name} read");
            assert!(lent == alone, "{name}: the deals");
        }
    }
}

#[test]
fn the_fixtures_and_cases_stream_as_they_read() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    transcripts_in(&root.join("tests/fixtures"), &mut files);
    transcripts_in(&root.join("cases"), &mut files);
    transcripts_in(&root.join("laws"), &mut files);
    assert!(files.len() > 20, "{} transcripts", files.len());
    for (name, bytes) in &files {
        agrees(name, bytes);
    }
}

#[test]
fn generated_transcripts_stream_as_they_read() {
    for (deals, seed) in [(1, 1), (3, 2), (40, 3)] {
        let text = generate::transcript(deals, seed, &PORTLAND);
        agrees(&format!("{deals} deals, seed {seed}"), text.as_bytes());
    }
}

/// Texts refused as a whole, or with something odd at a chunk's edge.
#[test]
fn refusals_and_odd_texts_stream_as_they_read() {
    let deal = "deal 1\ndealer B\nhand A: AS KS\nA leads AS\n";
    let two = format!("[Players \"A B\"]\n{deal}deal 2\nA leads KS\n");
    let long = "x".repeat(MAX_LINE + 1);
    let just = "#".repeat(MAX_LINE);
    let texts: Vec<(&str, Vec<u8>)> = vec![
        ("empty", b"".to_vec()),
        ("blank", b"  \n\t\n".to_vec()),
        ("comments", b"# one\n  # two\n\n".to_vec()),
        ("bom only", "\u{feff}".as_bytes().to_vec()),
        ("bom", format!("\u{feff}{two}").into_bytes()),
        (
            "bom, no deal",
            "\u{feff}[Game \"Piquet\"]\n  \n".as_bytes().to_vec(),
        ),
        (
            "tags only",
            b"[Game \"Piquet\"]\n# c\n\n  [Event \"x\"]  \n\n".to_vec(),
        ),
        ("crlf", two.replace('\n', "\r\n").into_bytes()),
        (
            "continued lines",
            format!("{two}hand B: 7S \\\n  8S\r\nB plays \\\r\n7S  # a \\\nA says \"a\\\n\"\n")
                .into_bytes(),
        ),
        (
            "continued at the end",
            format!("{two}A leads \\").into_bytes(),
        ),
        (
            "continued, with a problem",
            format!("\u{feff}{two}hand B: 7S \\\n  KX \\\n 8S\n").into_bytes(),
        ),
        (
            "continued past the limit",
            format!(
                "deal 1\nhand A: {}\\\n{}\n",
                "AS ".repeat(1300),
                "KS ".repeat(1300)
            )
            .into_bytes(),
        ),
        ("no final newline", two.trim_end().as_bytes().to_vec()),
        (
            "bad line",
            format!("{two}A wibbles\ndeal 3\nB leads QS\n").into_bytes(),
        ),
        (
            "front matter",
            format!("---\ncase: 1\n---\n{two}").into_bytes(),
        ),
        (
            "front matter, bom, crlf",
            format!("\u{feff}---  \r\na: 1\r\n--- \r\n{two}").into_bytes(),
        ),
        ("front matter only", b"---\n---\n".to_vec()),
        (
            "unclosed front matter",
            format!("---\ncase: 1\n{two}").into_bytes(),
        ),
        ("unclosed, no newline", b"---".to_vec()),
        ("bad utf-8 first", b"\xff\ndeal 1\n".to_vec()),
        (
            "bad utf-8 late",
            [two.as_bytes(), b"A leads \xc3S\n"].concat(),
        ),
        (
            "cut utf-8 at a newline",
            [two.as_bytes(), b"A leads \xc3\nx\n"].concat(),
        ),
        (
            "cut utf-8 at the end",
            [two.as_bytes(), b"A leads \xe2\x99"].concat(),
        ),
        (
            "bad utf-8 after a bom",
            [b"\xef\xbb\xbfdeal 1 \x80\n".as_slice()].concat(),
        ),
        ("long line", format!("{two}{long}\ndeal 3\n").into_bytes()),
        ("long last line", format!("{two}{long}").into_bytes()),
        ("long first line", format!("{long}\n{two}").into_bytes()),
        ("longest line", format!("{two}{just}\n{just}").into_bytes()),
        (
            "bad utf-8 then a long line",
            [
                two.as_bytes(),
                b"\xff\n",
                two.as_bytes(),
                long.as_bytes(),
                b"\n",
            ]
            .concat(),
        ),
        (
            "a long line then bad utf-8",
            [two.as_bytes(), long.as_bytes(), b"\n\xff\n"].concat(),
        ),
        (
            "bad utf-8 and a long line on one line",
            [two.as_bytes(), b"\xff", long.as_bytes()].concat(),
        ),
        (
            "a megabyte line",
            format!("{two}A leads {}", "AS ".repeat(350_000)).into_bytes(),
        ),
    ];
    for (name, bytes) in &texts {
        agrees(name, bytes);
    }
}

#[test]
fn an_io_error_is_given_back() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let result = read_stream(io::BufReader::new(Failing), |_| {});
    assert_eq!(result.unwrap_err().to_string(), "disk on fire");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Generated deals, mangled here and there (bytes that are not UTF-8, a
    /// line too long, a stray line), read in chunks of random sizes.
    #[test]
    fn mangled_transcripts_stream_as_they_read(
        deals in 1..6u32,
        seed in any::<u64>(),
        edits in vec((any::<prop::sample::Index>(), 0..5u8), 0..3),
        sizes in vec(1..300usize, 1..6),
    ) {
        let mut bytes = generate::transcript(deals, seed, &PORTLAND).into_bytes();
        for (at, kind) in edits {
            let i = at.index(bytes.len() + 1);
            let insert: Vec<u8> = match kind {
                0 => b"\xff".to_vec(),
                1 => vec![b'y'; MAX_LINE + 1],
                2 => b"\nA wibbles\n".to_vec(),
                3 => "\u{feff}é♠\r".as_bytes().to_vec(),
                _ => b"\n".to_vec(),
            };
            bytes.splice(i..i, insert);
        }
        let (deals, reading) = whole(&bytes);
        let (stream_deals, stream_reading) = streamed(&bytes, &sizes);
        prop_assert_eq!(&stream_reading, &reading);
        let refused = reading.errors.len() == 1 && deals.is_empty();
        if !refused {
            prop_assert_eq!(stream_deals, deals);
        } else {
            // The same deals as any other chunking.
            let (one_by_one, _) = streamed(&bytes, &[1]);
            prop_assert_eq!(stream_deals, one_by_one);
        }
    }
}
