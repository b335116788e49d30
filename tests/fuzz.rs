//! The fuzz driver (`examples/fuzz`) run for a bounded number of inputs with
//! a fixed seed: the whole pipeline on mutated transcripts and sheets, and
//! no input may panic or make two readings disagree. Run it for hours with
//! `cargo run --profile fuzz --example fuzz -- --minutes 600` (docs/fuzzing.md).

#[allow(dead_code)]
#[path = "../examples/fuzz/driver.rs"]
mod driver;

use std::path::Path;

/// How many inputs `cargo test` runs, and the seed.
const INPUTS: u64 = 300;
const SEED: u64 = 1;

/// The inputs are cut at this length here, so that a debug build stays
/// quick whatever the corpus becomes (the driver's own runs go to 1 MB).
const MAX_INPUT: usize = 64 * 1024;

#[test]
fn mutated_transcripts_and_sheets_go_through_the_whole_pipeline() {
    let corpus = driver::Corpus::load(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(corpus.seeds.len() > 100, "the corpus is found");
    let work = std::env::temp_dir().join(format!("referee-fuzz-test-{}", std::process::id()));
    driver::quiet_panics();
    let mut failures = Vec::new();
    for index in 0..INPUTS {
        let input = driver::input_within(&corpus, SEED, index, MAX_INPUT);
        if let Some(failure) = driver::run(&corpus, &input, &work).failure {
            let origin = corpus.seeds[input.seed].path.display();
            failures.push(format!("input {index} (from {origin}): {failure:?}"));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        failures.is_empty(),
        "{} of {INPUTS} inputs failed (seed {SEED}); make one again with \
         `cargo run --profile fuzz --example fuzz -- --seed {SEED} --only N` \
         (cut at {MAX_INPUT} bytes here):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
