//! Every command is linear in its input. Each test runs a command on an
//! input and on one eight times its size, in the same run, and compares the
//! times: a ratio, never a wall-clock limit. Linear work takes about eight
//! times as long; work that grows with the square of the input would take
//! far more (a deal of 4,000 and 32,000 slips took 35 times as long before
//! its fix, 7 times after), so the bound of sixteen leaves room for a busy
//! machine.

use std::path::Path;
use std::process::{Command, Stdio};

/// How much longer the larger input may take than the smaller.
const BOUND: f64 = 16.0;

/// The processor time the children of this process have used so far, in
/// seconds: user and system. It counts the referee's own work, not the time
/// it waits for a processor on a busy machine.
fn children_time() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The processor time of one run of `referee args… file`.
fn run(args: &[&str], file: &Path) -> f64 {
    let before = children_time();
    let status = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the referee binary runs");
    assert!(status.code().is_some(), "{args:?} ended by a signal");
    children_time() - before
}

/// The ratio of the quickest of three runs on `large` to the quickest of
/// three on `small`, the runs taken in turn.
fn ratio(args: &[&str], small: &Path, large: &Path) -> f64 {
    let (mut a, mut b) = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        a = a.min(run(args, small));
        b = b.min(run(args, large));
    }
    b / a.max(1e-3)
}

/// One measurement at a time: the tests of this file would otherwise run
/// side by side and slow each other's larger runs.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Writes `text(n)` and `text(8 n)` (named `.pqt`, or `.yaml` for a
/// sheet) and checks each command's ratio.
fn linear(name: &str, n: usize, text: impl Fn(usize) -> String, commands: &[&[&str]]) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("referee-linear-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let ext = if text(1).starts_with("rules:") {
        "yaml"
    } else {
        "pqt"
    };
    let small = dir.join(format!("small.{ext}"));
    let large = dir.join(format!("large.{ext}"));
    std::fs::write(&small, text(n)).expect("written");
    std::fs::write(&large, text(8 * n)).expect("written");
    for args in commands {
        let ratio = ratio(args, &small, &large);
        assert!(
            ratio < BOUND,
            "{name}: `referee {}` took {ratio:.1} times as long on eight times the input",
            args.join(" ")
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// One deal followed by `n` lines that play cards nobody holds: a ruling each.
fn one_deal_and_plays(n: usize) -> String {
    let deal = "[Players \"A B\"]\n\ndeal 1\ndealer B\n\
        hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC\n\
        hand B: 8D JS 10S QS JC QH 7D 7H KH 7S JD 8S\n\
        stock: AD 9D KS 8H JH KD 9C 10H\n\
        A discards AS\nA takes 1\nB discards JC 8D QH KH\nB takes 4\n\
        A leads QC\nB plays JS\n";
    deal.to_string() + &"play 13. AS 7H\n".repeat(n)
}

#[cfg(unix)]
#[test]
fn a_deal_of_many_slips_is_ruled_in_linear_time() {
    let commands: [&[&str]; 4] = [
        &["rule"],
        &["rule", "--format", "json"],
        &["explain"],
        &["fmt"],
    ];
    linear("slips", 4000, one_deal_and_plays, &commands);
}

/// A scoresheet of `n` deals, each of a point.
fn sheet(n: usize) -> String {
    let mut text = String::from("rules: portland\nplayers: [A, B]\ndeals:\n");
    for i in 0..n {
        let dealer = if i % 2 == 0 { "B" } else { "A" };
        text.push_str(&format!(
            "  - {{dealer: {dealer}, scores: {{A: 1, B: 0}}}}\n"
        ));
    }
    text
}

#[cfg(unix)]
#[test]
fn a_sheet_of_many_deals_is_checked_in_linear_time() {
    linear("sheet", 16000, sheet, &[&["check"]]);
}

#[cfg(unix)]
#[test]
fn many_deals_are_ruled_in_linear_time() {
    let deals = |n: usize| {
        piquet_referee::generate::transcript(
            n as u32,
            7,
            &piquet_referee::engine::ruleset::PORTLAND,
        )
    };
    let commands: [&[&str]; 4] = [
        &["rule", "--format", "json"],
        &["explain"],
        &["fmt"],
        &["check"],
    ];
    linear("deals", 800, deals, &commands);
}
