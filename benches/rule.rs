//! Ruling throughput and memory: `cargo bench --bench rule`.
//!
//! Writes a corpus of 200,000 generated deals (`referee generate`, a fixed
//! seed) to a file in the temporary directory, deal by deal, so the corpus is
//! never held in memory whole. Then reads it back with
//! `notation::read_stream` (64 KiB chunks) and rules it deal by deal: each
//! deal is read, ruled and dropped. This is done for the first 100,000 deals
//! and for all 200,000, reporting deals/s and MB/s (best of several runs)
//! and the peak memory of the process (`VmHWM` from `/proc/self/status`,
//! reset before each measurement where Linux allows). Neither the reader
//! nor the referee keeps anything of a deal once it is ruled, so the peak is
//! the same for both sizes.
//!
//! The commands as processes, with their reports and their own peak
//! memory, are `benches/commands.rs`. For comparison it also reports the reading alone, and the engine alone
//! over 100,000 deals already read into memory (this last part holds the
//! deals, so it comes after the memory figures). A benchmark, not a test: it
//! asserts nothing about speed.

use std::fs::File;
use std::hint::black_box;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

#[path = "support/timing.rs"]
mod timing;

use piquet_referee::engine::ruleset::{PartieLength, PORTLAND};
use piquet_referee::engine::Referee;
use piquet_referee::generate::{self, Random};
use piquet_referee::notation::{read_stream, PlayerId};
use timing::{best_of, report};

const DEALS: u32 = 100_000;
const RUNS: usize = 5;
/// The read buffer: the chunks the stream is read in.
const BUFFER: usize = 64 * 1024;

/// The corpus file, removed when dropped.
struct Corpus {
    path: PathBuf,
    /// The length of the text up to the end of deal `DEALS`, and of all of it.
    lengths: [u64; 2],
}

impl Drop for Corpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// `2 * DEALS` deals as `referee generate --deals 200000 --seed 2026` writes
/// them, written to a file one deal at a time.
fn write_corpus() -> Corpus {
    let path = std::env::temp_dir().join(format!("referee-rule-bench-{}.pqt", std::process::id()));
    let file = File::create(&path).expect("a file in the temporary directory");
    let mut out = BufWriter::new(file);
    let header = generate::transcript(0, 2026, &PORTLAND);
    out.write_all(header.as_bytes()).expect("write");
    let mut written = header.len() as u64;
    let mut lengths = [0; 2];
    let mut random = Random::new(2026);
    let mut text = String::new();
    for index in 0..2 * DEALS {
        text.clear();
        text.push('\n');
        let dealer = PlayerId((index % 2) as u8 ^ 1);
        generate::deal(&mut text, index % 6 + 1, dealer, &mut random, &PORTLAND);
        out.write_all(text.as_bytes()).expect("write");
        written += text.len() as u64;
        if index + 1 == DEALS {
            lengths[0] = written;
        }
    }
    out.flush().expect("write");
    lengths[1] = written;
    Corpus { path, lengths }
}

/// The first `len` bytes of the corpus, streamed.
fn open(path: &Path, len: u64) -> BufReader<std::io::Take<File>> {
    let file = File::open(path).expect("the corpus");
    BufReader::with_capacity(BUFFER, file.take(len))
}

/// The process's peak resident memory so far, in MB (`VmHWM`), if the system says.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1000.0)
}

/// The peak memory line, where the system gives it.
fn print_peak(deals: u32, what: &str) {
    if let Some(peak) = peak_mb() {
        println!("rule, peak memory with {deals} deals {what}: {peak:.1} MB (VmHWM)");
    }
}

/// Starts measuring the peak afresh, where the system allows it (Linux: `clear_refs`).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn main() {
    if !timing::benching() {
        return;
    }
    let corpus = write_corpus();

    // Every deal is read and ruled without a ruling: the corpus is what it should be.
    let mut ruled = 0usize;
    let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
    let reading = read_stream(open(&corpus.path, corpus.lengths[0]), |deal| {
        let ruling = referee.deal(&deal);
        assert!(
            ruling.rulings.is_empty(),
            "deal {}: {:?}",
            ruling.number,
            ruling.rulings
        );
        ruled += 1;
    })
    .expect("the corpus");
    assert!(reading.errors.is_empty(), "{:?}", reading.errors.first());
    assert_eq!(ruled, DEALS as usize);

    // Reading alone first, so its peaks are not those of the ruling before.
    let sizes = || [DEALS, 2 * DEALS].into_iter().zip(corpus.lengths);
    for (deals, len) in sizes() {
        reset_peak();
        let time = best_of(RUNS, || {
            let reading = read_stream(open(&corpus.path, len), |deal| {
                black_box(deal);
            });
            black_box(reading.expect("the corpus"));
        });
        let what = "read_stream only, deal by deal";
        report("rule", what, time, len as usize, deals as usize, RUNS);
        print_peak(deals, "streamed");
    }
    for (deals, len) in sizes() {
        reset_peak();
        let time = best_of(RUNS, || {
            let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
            let reading = read_stream(open(&corpus.path, len), |deal| {
                black_box(referee.deal(&deal));
            });
            black_box(reading.expect("the corpus"));
        });
        let what = "read_stream and rule, deal by deal";
        report("rule", what, time, len as usize, deals as usize, RUNS);
        print_peak(deals, "streamed and ruled");
    }

    let len = corpus.lengths[0];
    let mut deals = Vec::with_capacity(DEALS as usize);
    read_stream(open(&corpus.path, len), |deal| deals.push(deal)).expect("the corpus");
    let engine = best_of(RUNS, || {
        let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
        for deal in &deals {
            black_box(referee.deal(black_box(deal)));
        }
    });
    let what = "rule only (deals already read)";
    report("rule", what, engine, len as usize, DEALS as usize, RUNS);
}
