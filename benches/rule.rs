//! Ruling throughput: `cargo bench --bench rule`.
//!
//! Generates a corpus of 100,000 deals (`referee generate`, a fixed seed),
//! then reads and rules it deal by deal: each deal is read, ruled and
//! dropped, so the rulings take the same memory however long the corpus is
//! (the corpus text itself is held in memory as the input buffer). Reports
//! deals/s and MB/s, best of several runs, and separately the engine alone
//! over deals already read. A benchmark, not a test: it asserts nothing
//! about speed.

use std::hint::black_box;

#[path = "support/timing.rs"]
mod timing;

use piquet_referee::engine::ruleset::{PartieLength, PORTLAND};
use piquet_referee::engine::Referee;
use piquet_referee::generate;
use piquet_referee::notation::{read, read_each};
use timing::{best_of, report};

const DEALS: u32 = 100_000;
const RUNS: usize = 5;

fn main() {
    let text = generate::transcript(DEALS, 2026, &PORTLAND);
    let bytes = text.as_bytes();

    let mut ruled = 0usize;
    let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
    let reading = read_each(bytes, |deal| {
        let ruling = referee.deal(&deal);
        assert!(
            ruling.rulings.is_empty(),
            "deal {}: {:?}",
            ruling.number,
            ruling.rulings
        );
        ruled += 1;
    });
    assert!(reading.errors.is_empty(), "{:?}", reading.errors.first());
    assert_eq!(ruled, DEALS as usize);

    let streamed = best_of(RUNS, || {
        let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
        let reading = read_each(black_box(bytes), |deal| {
            black_box(referee.deal(&deal));
        });
        black_box(reading);
    });
    report(
        "rule",
        "read and rule, deal by deal",
        streamed,
        bytes.len(),
        DEALS as usize,
        RUNS,
    );

    let deals = read(bytes).transcript.deals;
    let engine = best_of(RUNS, || {
        let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
        for deal in &deals {
            black_box(referee.deal(black_box(deal)));
        }
    });
    report(
        "rule",
        "rule only (deals already read)",
        engine,
        bytes.len(),
        DEALS as usize,
        RUNS,
    );
}
