//! Timing shared by the benchmarks: the best of several runs, reported as
//! throughput. Included by each bench with `#[path]`.

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Whether the bench was started by `cargo bench`, which passes `--bench`.
/// `cargo test --benches` (or `--all-targets`) runs a bench without it:
/// the bench then does nothing, so tests never pay for a benchmark.
pub fn benching() -> bool {
    let benching = std::env::args().any(|arg| arg == "--bench");
    if !benching {
        println!("a benchmark: run it with `cargo bench`");
    }
    benching
}

/// The shortest of `runs` runs.
pub fn best_of(runs: usize, mut run: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The corpus, the time, MB/s and deals/s, in words.
pub fn throughput(time: Duration, bytes: usize, deals: usize) -> String {
    let mb = bytes as f64 / 1e6;
    let secs = time.as_secs_f64();
    format!(
        "{deals} deals, {mb:.2} MB in {:.1} ms: {:.0} MB/s, {:.0} deals/s",
        secs * 1e3,
        mb / secs,
        deals as f64 / secs
    )
}

/// One line: what was measured, the corpus, the time, MB/s and deals/s.
pub fn report(bench: &str, what: &str, time: Duration, bytes: usize, deals: usize, runs: usize) {
    println!(
        "{bench}, {what} (best of {runs}): {}",
        throughput(time, bytes, deals)
    );
}
