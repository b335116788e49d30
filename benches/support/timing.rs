//! Timing shared by the benchmarks: the best of several runs, reported as
//! throughput. Included by each bench with `#[path]`.

use std::time::{Duration, Instant};

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

/// One line: what was measured, the corpus, the time, MB/s and deals/s.
pub fn report(bench: &str, what: &str, time: Duration, bytes: usize, deals: usize, runs: usize) {
    let mb = bytes as f64 / 1e6;
    let secs = time.as_secs_f64();
    println!(
        "{bench}, {what}: {deals} deals, {mb:.2} MB in {:.1} ms (best of {runs}): {:.0} MB/s, {:.0} deals/s",
        secs * 1e3,
        mb / secs,
        deals as f64 / secs
    );
}
