//! Parse throughput: `cargo bench --bench parse`.
//!
//! Builds a corpus of 10,000 deals in memory (the piquet deals of the
//! fixtures in `tests/fixtures`, repeated with fresh deal numbers) and reads
//! it two ways: `read`, which keeps every deal in the transcript (and the
//! time includes dropping it), and `read_each`, which hands each deal on as
//! it ends. Reports MB/s and deals/s for each, best of several runs, on one
//! thread. A benchmark, not a test: it asserts nothing about speed.

use piquet_referee::notation::{read, read_each};

#[path = "support/timing.rs"]
mod timing;
use timing::{best_of, report};

const DEALS: usize = 10_000;
const RUNS: usize = 7;

/// The deals of every fixture, without their tags, each starting at its `deal` line.
fn fixture_deals() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pqt"))
        .collect();
    paths.sort();
    let mut deals = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("fixture");
        // The corpus is piquet between A and B: leave out écarté and other names.
        let other_players = text.contains("[Players") || text.contains("[players");
        if text.contains("[Game \"Ecarte\"]")
            || (other_players && !text.contains("[Players \"A B\"]"))
        {
            continue;
        }
        for chunk in text.split("\ndeal ").skip(1) {
            // Drop the deal number; the corpus numbers the deals itself.
            let body = chunk.split_once('\n').map_or("", |(_, rest)| rest);
            deals.push(body.to_string());
        }
    }
    assert!(!deals.is_empty(), "no piquet deals in tests/fixtures");
    deals
}

fn corpus() -> (String, usize) {
    let deals = fixture_deals();
    let mut text = String::from("[Game \"Piquet\"]\n[Players \"A B\"]\n");
    for n in 0..DEALS {
        text.push_str(&format!("\ndeal {}\n", n + 1));
        text.push_str(&deals[n % deals.len()]);
    }
    (text, DEALS)
}

fn main() {
    if !timing::benching() {
        return;
    }
    let (text, deals) = corpus();
    let bytes = text.as_bytes();
    let check = read(bytes);
    assert!(check.errors.is_empty(), "{:?}", check.errors.first());
    assert_eq!(check.transcript.deals.len(), deals);
    let whole = best_of(RUNS, || {
        drop(std::hint::black_box(read(std::hint::black_box(bytes))))
    });
    report(
        "parse",
        "read (keeps every deal)",
        whole,
        bytes.len(),
        deals,
        RUNS,
    );
    let streamed = best_of(RUNS, || {
        let mut count = 0;
        let reading = read_each(std::hint::black_box(bytes), |deal| {
            count += std::hint::black_box(deal).events.len();
        });
        std::hint::black_box((reading, count));
    });
    report(
        "parse",
        "read_each (deal by deal)",
        streamed,
        bytes.len(),
        deals,
        RUNS,
    );
}
