//! Every command streams deal by deal: its peak memory is flat in the
//! number of deals. Each command is run on a transcript of five hundred
//! deals and on one sixteen times as long, in the same run, and the peak
//! resident memory of the two runs is compared: a ratio, never a limit in
//! bytes. A command that held its input would need tens of megabytes more
//! for the longer (`check` held 3.3 KB a deal, `parse` about nineteen
//! times the file); streamed, the two peaks are within a few hundred
//! kilobytes of each other, the binary and its law books being most of
//! either.

#![cfg(unix)]

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// How much more the longer transcript's peak may be than the shorter's.
const BOUND: f64 = 1.5;

/// The deals of the shorter transcript; the longer has sixteen times as many.
const SHORT: u32 = 500;
const LONG: u32 = 16 * SHORT;

/// Runs `referee args…` with `input` as its standard output or nothing:
/// the peak resident memory of that run alone, in kilobytes (`wait4` gives
/// the child's own, where `getrusage(RUSAGE_CHILDREN)` gives the greatest
/// of every child so far).
// The child is reaped by `wait4`, which `Child::wait` cannot stand in for.
#[allow(clippy::zombie_processes)]
fn peak(args: &[&str], output: Option<&Path>) -> i64 {
    let stdout = match output {
        Some(path) => Stdio::from(File::create(path).expect("the transcript is written")),
        None => Stdio::null(),
    };
    let child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("the referee binary runs");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: wait4 only writes the status and the struct it is given.
    let (waited, usage) = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        let waited = libc::wait4(pid, &mut status, 0, &mut usage);
        (waited, usage)
    };
    assert_eq!(waited, pid, "{args:?}: the child is waited for");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{args:?} failed: {status}"
    );
    // Linux gives kilobytes.
    usage.ru_maxrss
}

/// Each command's peak on the shorter transcript and on the longer, after
/// the peaks of the `generate` runs that wrote them (`generate`, as
/// arguments after `generate`): the name, and the two peaks.
fn peaks(name: &str, generate: &str, commands: &[&[&str]]) -> Vec<(String, i64, i64)> {
    let dir = std::env::temp_dir().join(format!("referee-memory-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (short, long) = (dir.join("short.pqt"), dir.join("long.pqt"));
    let written = |deals: u32, file: &Path| {
        let args = format!("generate {generate} --seed 7 --deals {deals}");
        peak(&args.split_whitespace().collect::<Vec<_>>(), Some(file))
    };
    let mut peaks = vec![(
        format!("generate {generate}").trim_end().to_string(),
        written(SHORT, &short),
        written(LONG, &long),
    )];
    for args in commands {
        let on = |file: &Path| {
            let mut all: Vec<&str> = args.to_vec();
            all.push(file.to_str().expect("a UTF-8 path"));
            peak(&all, None)
        };
        peaks.push((args.join(" "), on(&short), on(&long)));
    }
    std::fs::remove_dir_all(&dir).ok();
    peaks
}

/// Each peak on the longer transcript is within [`BOUND`] times the shorter's.
fn assert_flat(peaks: Vec<(String, i64, i64)>, what: &str) {
    for (name, small, large) in &peaks {
        eprintln!("{name}: {small} KB for {SHORT} deals, {large} KB for {LONG}");
    }
    for (name, small, large) in peaks {
        let ratio = large as f64 / small.max(1) as f64;
        assert!(
            ratio < BOUND,
            "`referee {name}`{what} took {large} KB at its peak for {LONG} deals, {small} KB for {SHORT}: {ratio:.2} times as much"
        );
    }
}

#[test]
fn every_command_streams_in_flat_memory() {
    let commands: [&[&str]; 6] = [
        &["rule"],
        &["rule", "--format", "json"],
        &["explain"],
        &["fmt"],
        &["parse", "--format", "json"],
        &["check"],
    ];
    assert_flat(peaks("piquet", "", &commands), "");
}

/// Écarté streams too: `generate --game ecarte`, and `rule` and `check`
/// (the text and the check's JSON) on what it wrote.
#[test]
fn ecarte_streams_in_flat_memory() {
    let commands: [&[&str]; 3] = [
        &["rule", "--format", "json"],
        &["check"],
        &["check", "--format", "json"],
    ];
    assert_flat(peaks("ecarte", "--game ecarte", &commands), " (écarté)");
}
