//! Every input the fuzz driver (`examples/fuzz`) found failing, kept in
//! `tests/fixtures/fuzz/` and run through the driver's whole pipeline again.
//! An input that found time growing faster than the input also has a test
//! of its own comparing two sizes in one run (a ratio, never a wall-clock
//! limit), as `tests/linear.rs` does.

#[allow(dead_code)]
#[path = "../examples/fuzz/driver.rs"]
mod driver;

use std::path::{Path, PathBuf};
use std::time::Instant;

use piquet_referee::laws::library;
use piquet_referee::{engine, notation, report};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz")
}

#[test]
fn every_input_the_fuzz_driver_found_goes_through_the_pipeline() {
    let work = std::env::temp_dir().join(format!("referee-fuzz-found-{}", std::process::id()));
    driver::quiet_panics();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("tests/fixtures/fuzz")
        .map(|e| e.expect("an entry").path())
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in &paths {
        let kind = match path.extension().and_then(|e| e.to_str()) {
            Some("pqt") => driver::Kind::Transcript,
            Some("yaml") => driver::Kind::Sheet,
            _ => continue,
        };
        let bytes = std::fs::read(path).expect("a fixture");
        if let Some(failure) = driver::run_bytes(kind, &bytes, path, &work).failure {
            failures.push(format!("{}: {failure:?}", path.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The quickest of three rulings of `text`, in seconds.
fn ruling_time(text: &str) -> f64 {
    let transcript = notation::read_str(text).transcript;
    (0..3)
        .map(|_| {
            let start = Instant::now();
            engine::rule(&transcript).expect("portland is ruled");
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// `reckons-repeated.pqt` with its `reckons` line written `times` times.
fn reckons_repeated(times: usize) -> String {
    let text = std::fs::read_to_string(fixtures().join("reckons-repeated.pqt")).expect("fixture");
    let line = "B reckons point 7, sixieme to king, tierce to knave in clubs, four tens = 40\n";
    assert!(text.contains(line));
    text.replacen(line, &line.repeat(times), 1)
}

/// A deal with thousands of declarations reckoned is ruled in time that
/// grows with their number, not its square. Found by the fuzz driver: each
/// claim's names were found against every other claim of the kind (1,000
/// lines ruled in 0.08 s, 8,000 in 5.1 s); now found once per kind
/// (`NamedIndex` in src/engine/declarations/scoring.rs).
#[test]
fn declarations_reckoned_many_times_are_ruled_in_linear_time() {
    let small = ruling_time(&reckons_repeated(500));
    let large = ruling_time(&reckons_repeated(4000));
    let ratio = large / small.max(1e-4);
    assert!(
        ratio < 16.0,
        "eight times the lines took {ratio:.1} times as long"
    );
}

/// The text report of `questions-and-slips-repeated.pqt` with B's discard
/// and the question each written `times` times: its length in bytes.
fn report_with_questions_and_slips(times: usize) -> usize {
    let path = fixtures().join("questions-and-slips-repeated.pqt");
    let text = std::fs::read_to_string(path).expect("fixture");
    let (slip, question) = (
        "B discards 8S 7H 10D\n",
        "? What is the consequence of B's taking in before A declared that he leaves a card?\n",
    );
    assert!(text.contains(slip) && text.contains(question));
    let text =
        text.replacen(slip, &slip.repeat(times), 1)
            .replacen(question, &question.repeat(times), 1);
    let transcript = notation::read_str(&text).transcript;
    let ruled = engine::rule(&transcript).expect("portland is ruled");
    let book = library().expect("the books").book(ruled.rules.book);
    report::ruled_text(&transcript, &ruled, book).len()
}

/// A deal with many questions and many rulings has a report that grows
/// with the input, not its square: eight times the lines, about eight times
/// the report (the lengths compared, no clock).
///
/// Found by the fuzz driver: each question was answered with every ruling
/// of the deal, so the report grew with questions times rulings (170 KB of
/// input wrote 1.5 GB); now the deal's answer is given once.
#[test]
fn many_questions_after_many_rulings_give_a_report_linear_in_the_input() {
    let small = report_with_questions_and_slips(10);
    let large = report_with_questions_and_slips(80);
    let ratio = large as f64 / small as f64;
    assert!(
        ratio < 16.0,
        "eight times the lines wrote {ratio:.1} times the report"
    );
}
