//! Each command as a process, against `wc -l`: `cargo bench --bench commands`.
//!
//! Writes a transcript of generated deals (`referee generate`'s deals, seed
//! 2026), each followed by a `written` line with the deal's score as the
//! referee rules it, so that one file serves every command, at four sizes:
//! 1,000, 10,000, 100,000 and 1,000,000 deals, each a beginning of the
//! next (set `COMMANDS_BENCH_DEALS` for another largest size, e.g. 200000
//! for a quicker run), and has them put on disk (`sync`). Then, on each
//! file, runs the built `referee` as a child process, its output to
//! `/dev/null`: `rule` (text and JSON, on every core and with `-j 1` on
//! one), `check`, `fmt` and `parse`, each run in turn with `wc -l` on the
//! same file, the yardstick. For each it
//! reports the wall time (best of three runs; one at a million deals),
//! deals/s, MB/s, the ratio of its time to `wc -l`'s, and the peak memory
//! of the process: `ru_maxrss` as `wait4` returns it for that one child,
//! the kernel's own account. Then the 10,000-deal file cut into a folder
//! of one partie a file, as a club keeps its games: `rule --format json`
//! on the folder, on every core and on one. At the end, each command's
//! peak at every size (flat when memory does not grow with the input),
//! what both cores give any program at the moment (two one-core runs at
//! once against one alone), and how many times faster `rule` is on every
//! core than on one.
//!
//! A benchmark, not a test: it asserts nothing about speed, only that each
//! command succeeds and that `check` finds every written score right.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "support/timing.rs"]
mod timing;

use piquet_referee::agreements::Agreements;
use piquet_referee::engine::ruleset::{PartieLength, PORTLAND};
use piquet_referee::engine::Referee;
use piquet_referee::generate;
use piquet_referee::notation::read_stream;

/// The sizes, in deals; the largest may be set by `COMMANDS_BENCH_DEALS`.
const SIZES: [u32; 4] = [1_000, 10_000, 100_000, 1_000_000];
const SEED: u64 = 2026;
const RUNS: usize = 3;
/// From this size on, one run is timed.
const ONE_RUN_FROM: u32 = 1_000_000;
const REFEREE: &str = env!("CARGO_BIN_EXE_referee");

/// The commands measured, as `referee` arguments before the file.
const COMMANDS: [(&str, &[&str]); 7] = [
    ("rule (text)", &["rule"]),
    ("-j 1 rule (text)", &["-j", "1", "rule"]),
    ("rule --format json", &["rule", "--format", "json"]),
    (
        "-j 1 rule --format json",
        &["-j", "1", "rule", "--format", "json"],
    ),
    ("check", &["check"]),
    ("fmt", &["fmt"]),
    ("parse", &["parse"]),
];

/// A corpus file, removed when dropped.
struct Corpus {
    path: PathBuf,
    deals: u32,
    bytes: u64,
}

impl Drop for Corpus {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// One finished run of a command (or the best of several, with the highest peak).
#[derive(Clone)]
struct Run {
    wall: Duration,
    /// Peak resident memory of the process, in KiB, where the system says.
    peak_kib: Option<u64>,
}

fn main() {
    if !timing::benching() {
        return;
    }
    let largest = std::env::var("COMMANDS_BENCH_DEALS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(SIZES[3]);
    let mut sizes: Vec<u32> = SIZES.iter().copied().filter(|n| *n < largest).collect();
    sizes.push(largest);
    let corpora = write_corpora(&sizes);
    settle();
    if let Some(floor) = own_peak_kib() {
        // On Linux a child's `ru_maxrss` counts its parent's peak at the
        // spawn: no figure below reads less than this.
        let floor = floor as f64 / 1024.0;
        println!("commands, the bench's own peak, the floor of the peaks: {floor:.1} MiB");
    }
    let small = corpora[0].path.to_string_lossy().to_string();
    let status = run(REFEREE, &["check", &small]).1;
    assert!(
        status,
        "`referee check` finds a written score wrong in {small}"
    );
    // Each command's best time and peak at each size.
    let mut figures = vec![Vec::new(); COMMANDS.len()];
    for corpus in &corpora {
        for (i, (name, args)) in COMMANDS.iter().enumerate() {
            figures[i].push(measure(corpus, name, args));
        }
    }
    for (figures, (name, _)) in figures.iter().zip(COMMANDS) {
        let peaks: Vec<String> = figures
            .iter()
            .zip(&corpora)
            .map(|(run, corpus)| {
                let peak = run
                    .peak_kib
                    .map_or("?".to_string(), |kib| format!("{:.1}", kib as f64 / 1024.0));
                format!("{} deals {peak}", corpus.deals)
            })
            .collect();
        println!("commands, `referee {name}`, peak MiB: {}", peaks.join(", "));
    }
    let parties = Parties::of(corpora.iter().find(|c| c.deals == FOLDER_DEALS));
    if let Some(parties) = &parties {
        settle();
        parties.measure();
    }
    if let Some(corpus) = corpora.iter().rev().find(|c| c.deals < ONE_RUN_FROM) {
        both_cores(corpus);
    }
    for (every, one) in [(0, 1), (2, 3)] {
        let ratios: Vec<String> = figures[every]
            .iter()
            .zip(&figures[one])
            .zip(&corpora)
            .map(|((every, one), corpus)| {
                let ratio = one.wall.as_secs_f64() / every.wall.as_secs_f64();
                format!("{} deals {ratio:.2}×", corpus.deals)
            })
            .collect();
        let name = COMMANDS[every].0;
        println!(
            "commands, `referee {name}` on every core, times as fast as on one: {}",
            ratios.join(", ")
        );
    }
}

/// Runs `referee ARGS FILE` and `wc -l FILE` in turn, `RUNS` times each,
/// and prints the best of each, their ratio and the command's peak memory.
fn measure(corpus: &Corpus, name: &str, args: &[&str]) -> Run {
    let path = corpus.path.to_string_lossy().to_string();
    let mut with_file: Vec<&str> = args.to_vec();
    with_file.push(&path);
    let (mut best, mut best_wc, mut peak) = (Duration::MAX, Duration::MAX, None);
    let runs = if corpus.deals >= ONE_RUN_FROM {
        1
    } else {
        RUNS
    };
    for _ in 0..runs {
        let (command, ok) = run(REFEREE, &with_file);
        assert!(
            ok || args[0] == "check",
            "`referee {name}` failed on {path}"
        );
        let (wc, _) = run("wc", &["-l", &path]);
        best = best.min(command.wall);
        best_wc = best_wc.min(wc.wall);
        peak = peak.max(command.peak_kib);
    }
    let throughput = timing::throughput(best, corpus.bytes as usize, corpus.deals as usize);
    let ratio = best.as_secs_f64() / best_wc.as_secs_f64();
    let peak_text = peak.map_or("peak memory not known".to_string(), |kib| {
        format!("peak {:.1} MiB", kib as f64 / 1024.0)
    });
    println!(
        "commands, `referee {name}` (best of {runs}): {throughput}, {ratio:.0}× `wc -l` ({:.1} ms), {peak_text}",
        best_wc.as_secs_f64() * 1e3
    );
    Run {
        wall: best,
        peak_kib: peak,
    }
}

/// Has the files just written put on disk (`sync`) before anything is
/// timed: the system writing them back meanwhile takes a processor from
/// the runs on every core.
fn settle() {
    let _ = Command::new("sync").status();
}

/// The corpus cut into a folder of one partie a file, as a club keeps its
/// games: `referee rule FOLDER` does many short files.
const FOLDER_DEALS: u32 = 10_000;

/// A folder of partie files, removed when dropped.
struct Parties {
    dir: PathBuf,
    files: usize,
    deals: u32,
    bytes: u64,
}

impl Parties {
    /// `corpus` cut before each `deal 1` line, each file with the tags.
    fn of(corpus: Option<&Corpus>) -> Option<Parties> {
        let corpus = corpus?;
        let text = std::fs::read_to_string(&corpus.path).expect("the corpus");
        let first = text.find("\ndeal 1\n").expect("a first partie") + 1;
        let (tags, mut rest) = text.split_at(first);
        let dir = temp_path("parties", corpus.deals).with_extension("");
        std::fs::create_dir_all(&dir).expect("a folder in the temporary directory");
        let mut files = 0;
        while !rest.is_empty() {
            let end = rest[1..].find("\ndeal 1\n").map_or(rest.len(), |at| at + 2);
            let path = dir.join(format!("{files:05}.pqt"));
            std::fs::write(path, format!("{tags}{}", &rest[..end])).expect("written");
            (rest, files) = (&rest[end..], files + 1);
        }
        Some(Parties {
            dir,
            files,
            deals: corpus.deals,
            bytes: corpus.bytes,
        })
    }

    /// `referee rule --format json FOLDER` on every core and on one, best
    /// of [`RUNS`] each, in turn: deals/s, and how many times as fast.
    fn measure(&self) {
        let dir = self.dir.to_string_lossy().to_string();
        let ways: [&[&str]; 2] = [
            &["rule", "--format", "json", &dir],
            &["-j", "1", "rule", "--format", "json", &dir],
        ];
        let mut best = [Duration::MAX; 2];
        for _ in 0..RUNS {
            for (way, best) in ways.iter().zip(&mut best) {
                let (run, ok) = run(REFEREE, way);
                assert!(ok, "`referee {}` failed", way.join(" "));
                *best = (*best).min(run.wall);
            }
        }
        for (way, best) in ways.iter().zip(best) {
            let throughput = timing::throughput(best, self.bytes as usize, self.deals as usize);
            let name = way[..way.len() - 1].join(" ");
            println!(
                "commands, `referee {name} FOLDER` ({} files, best of {RUNS}): {throughput}",
                self.files
            );
        }
        let ratio = best[1].as_secs_f64() / best[0].as_secs_f64();
        println!("commands, `referee rule --format json FOLDER` on every core, times as fast as on one: {ratio:.2}×");
    }
}

impl Drop for Parties {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// This process's peak resident memory so far, in KiB (`VmHWM`), if the system says.
fn own_peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `program args` once, its output to `/dev/null`: its time, its
/// peak memory, and whether it exited 0.
fn run(program: &str, args: &[&str]) -> (Run, bool) {
    let start = Instant::now();
    let (ok, peak_kib) = reap(spawn(program, args));
    (
        Run {
            wall: start.elapsed(),
            peak_kib,
        },
        ok,
    )
}

/// Starts `program args`, its output to `/dev/null`.
fn spawn(program: &str, args: &[&str]) -> std::process::Child {
    let null = || {
        File::options()
            .write(true)
            .open("/dev/null")
            .expect("/dev/null")
    };
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(null())
        .stderr(null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"))
}

/// What both cores give any program, at this moment: `referee -j 1 rule
/// --format json FILE` alone, then two of it at once (one on each core,
/// sharing nothing), in turn, best of [`RUNS`] each. Two at once do twice
/// the work; how much of their time that saves over doing it one after
/// the other is the most the machine lets any program gain from both
/// cores, to read `rule`'s own "times as fast" against: on a shared
/// machine the other core is not always free.
fn both_cores(corpus: &Corpus) {
    let path = corpus.path.to_string_lossy().to_string();
    let args = ["-j", "1", "rule", "--format", "json", &path];
    let (mut alone, mut two) = (Duration::MAX, Duration::MAX);
    for _ in 0..RUNS {
        let (run, ok) = run(REFEREE, &args);
        assert!(ok, "`referee {}` failed", args.join(" "));
        alone = alone.min(run.wall);
        let start = Instant::now();
        let children = [spawn(REFEREE, &args), spawn(REFEREE, &args)];
        assert!(
            children.into_iter().all(|child| reap(child).0),
            "`referee {}` failed",
            args.join(" ")
        );
        two = two.min(start.elapsed());
    }
    let ratio = 2.0 * alone.as_secs_f64() / two.as_secs_f64();
    println!(
        "commands, the machine: two `referee -j 1 rule --format json` at once on {} deals (best of {RUNS}) do {ratio:.2}× the work of one in the same time",
        corpus.deals
    );
}

/// Waits for `child`: whether it exited 0, and its peak resident memory
/// (`ru_maxrss`, KiB on Linux) from `wait4`, which reports that one child.
#[cfg(unix)]
fn reap(child: std::process::Child) -> (bool, Option<u64>) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes; `pid` is our child, not yet reaped.
        let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if reaped == pid {
            break;
        }
        let error = std::io::Error::last_os_error();
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::Interrupted,
            "wait4: {error}"
        );
    }
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (ok, u64::try_from(usage.ru_maxrss).ok())
}

/// Waits for `child`: whether it exited 0; its peak memory is not known here.
#[cfg(not(unix))]
fn reap(mut child: std::process::Child) -> (bool, Option<u64>) {
    let status = child.wait().expect("wait for the child");
    (status.success(), None)
}

/// The corpus of each size in `sizes` (ascending): the same deals, each
/// with its `written` line, the smaller a beginning of the larger.
fn write_corpora(sizes: &[u32]) -> Vec<Corpus> {
    let largest = *sizes.last().expect("a size");
    let plain = temp_path("plain", largest);
    let file = File::create(&plain).expect("a file in the temporary directory");
    let mut out = BufWriter::new(file);
    generate::write(&mut out, largest, SEED, &PORTLAND, Agreements::NONE).expect("write");
    out.flush().expect("write");
    let scores = scores(&plain);
    let corpora = with_written(&plain, &scores, sizes);
    let _ = std::fs::remove_file(&plain);
    corpora
}

/// A path in the temporary directory for this run.
fn temp_path(what: &str, deals: u32) -> PathBuf {
    let name = format!(
        "referee-commands-bench-{}-{what}-{deals}.pqt",
        std::process::id()
    );
    std::env::temp_dir().join(name)
}

/// Each deal's score as the referee rules it, read deal by deal from `path`.
fn scores(path: &Path) -> Vec<[u32; 2]> {
    let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
    let mut scores = Vec::new();
    let file = BufReader::new(File::open(path).expect("the corpus"));
    let reading = read_stream(file, |deal| scores.push(referee.deal(&deal).score.scores))
        .expect("the corpus");
    assert!(reading.errors.is_empty(), "{:?}", reading.errors.first());
    scores
}

/// `plain` copied into one file for each size in `sizes`, each deal
/// ended by `written A <score>, B <score>`.
fn with_written(plain: &Path, scores: &[[u32; 2]], sizes: &[u32]) -> Vec<Corpus> {
    let mut outs: Vec<(BufWriter<File>, Corpus)> = sizes
        .iter()
        .map(|&deals| {
            let path = temp_path("written", deals);
            let file = File::create(&path).expect("a file in the temporary directory");
            (
                BufWriter::new(file),
                Corpus {
                    path,
                    deals,
                    bytes: 0,
                },
            )
        })
        .collect();
    // Writes `text` to the corpora that hold deal `dealt` (0: the tags).
    let mut write = |dealt: usize, text: &str| {
        for (out, corpus) in outs.iter_mut().filter(|(_, c)| dealt <= c.deals as usize) {
            out.write_all(text.as_bytes()).expect("write");
            corpus.bytes += text.len() as u64;
        }
    };
    let (mut dealt, mut open) = (0usize, false);
    let lines = BufReader::new(File::open(plain).expect("the corpus")).lines();
    for line in lines.map(|l| Some(l.expect("the corpus"))).chain([None]) {
        let ends = line
            .as_deref()
            .is_none_or(|l| l.trim().is_empty() || l.starts_with("deal "));
        if ends && open {
            let [a, b] = scores[dealt - 1];
            write(dealt, &format!("written A {a}, B {b}\n"));
            open = false;
        }
        let Some(line) = line else { break };
        if line.starts_with("deal ") {
            (dealt, open) = (dealt + 1, true);
        }
        write(dealt, &format!("{line}\n"));
    }
    assert_eq!(dealt, scores.len(), "every deal scored and written");
    outs.into_iter()
        .map(|(mut out, corpus)| {
            out.flush().expect("write");
            corpus
        })
        .collect()
}
