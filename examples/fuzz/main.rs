//! The fuzz driver: mutated transcripts and sheets through the whole
//! pipeline, on the stable toolchain. See `docs/fuzzing.md`.
//!
//! ```text
//! cargo run --profile fuzz --example fuzz -- --inputs 100000 --seed 7
//! cargo run --profile fuzz --example fuzz -- --minutes 600 --seed 8
//! cargo run --profile fuzz --example fuzz -- --seed 7 --only 4242   # one input again
//! ```
//!
//! Every panic, mismatch and input over the time limit is written to the
//! failures folder with a note of where it came from; the slowest inputs are
//! listed at the end. Exit status 1 when anything failed.

mod driver;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Parser;

use driver::{Corpus, Failure, Input};

/// Mutated transcripts and sheets through the whole referee pipeline.
#[derive(Parser)]
struct Args {
    /// How many inputs to run (unbounded when `--minutes` is given alone).
    #[arg(long)]
    inputs: Option<u64>,
    /// Stop after this many minutes.
    #[arg(long)]
    minutes: Option<f64>,
    /// The seed of the run: the same seed makes the same inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run only this input of the run (to make a failure again).
    #[arg(long)]
    only: Option<u64>,
    /// Where failing inputs are written.
    #[arg(long, default_value = "target/fuzz-failures")]
    out: PathBuf,
    /// An input that takes longer than this (milliseconds) is a failure; the
    /// driver stops at it, as the work cannot be taken back.
    #[arg(long, default_value_t = 20_000)]
    timeout_ms: u64,
    /// How many of the slowest inputs to list.
    #[arg(long, default_value_t = 10)]
    slowest: usize,
    /// Write every input run to the failures folder, failing or not (with
    /// `--only`, to look at one of the slowest).
    #[arg(long)]
    dump: bool,
    /// How many inputs of each failure site to keep.
    #[arg(long, default_value_t = 3)]
    keep: usize,
}

/// What the worker sends back for each input.
struct Done {
    index: u64,
    seed: usize,
    kind: driver::Kind,
    len: usize,
    time: Duration,
    cpu: Duration,
    failure: Option<(Failure, Vec<u8>)>,
}

fn main() {
    let args = Args::parse();
    if cfg!(panic = "abort") {
        // Built with `--release`, whose panics abort: the first input that
        // panicked would end the run instead of being reported.
        eprintln!("fuzz: build the driver with `--profile fuzz`, whose panics unwind");
        std::process::exit(2);
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = Corpus::load(&root);
    eprintln!(
        "fuzz: {} corpus files, {} words, seed {}",
        corpus.seeds.len(),
        corpus.vocabulary.len(),
        args.seed
    );
    let indices: Box<dyn Iterator<Item = u64> + Send> = match (args.only, args.inputs, args.minutes)
    {
        (Some(only), _, _) => Box::new(std::iter::once(only)),
        (None, Some(n), _) => Box::new(0..n),
        (None, None, Some(_)) => Box::new(0..),
        (None, None, None) => Box::new(0..10_000),
    };
    let deadline = args
        .minutes
        .map(|m| Instant::now() + Duration::from_secs_f64(m * 60.0));
    let (to_worker, work_rx) = mpsc::sync_channel::<u64>(1);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let seed = args.seed;
    let work = std::env::temp_dir().join(format!("referee-fuzz-{}", std::process::id()));
    let worker_dir = work.clone();
    let (dump, dump_dir) = (args.dump, args.out.clone());
    std::thread::spawn(move || {
        driver::quiet_panics();
        let corpus = corpus;
        for index in work_rx {
            let input = driver::input(&corpus, seed, index);
            let outcome = driver::run(&corpus, &input, &worker_dir);
            let failure = outcome.failure.map(|f| (f, input.bytes.clone()));
            if dump {
                let name = format!("input-{seed}-{index}.{}", input.kind.extension());
                let _ = std::fs::create_dir_all(&dump_dir);
                let _ = std::fs::write(dump_dir.join(name), &input.bytes);
            }
            let done = Done {
                index,
                seed: input.seed,
                kind: input.kind,
                len: input.bytes.len(),
                time: outcome.time,
                cpu: outcome.cpu,
                failure,
            };
            if done_tx.send(done).is_err() {
                return;
            }
        }
    });
    // The corpus again, for the notes: the worker owns the first.
    let corpus = Corpus::load(&root);
    let mut report = Report::new(&args);
    let started = Instant::now();
    for index in indices {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if to_worker.send(index).is_err() {
            break;
        }
        match done_rx.recv_timeout(Duration::from_millis(args.timeout_ms)) {
            Ok(done) => report.add(&corpus, done),
            Err(_) => {
                let input = driver::input(&corpus, seed, index);
                report.hung(&corpus, &input, args.timeout_ms);
                break;
            }
        }
        if report.count.is_multiple_of(1000) {
            report.progress(started.elapsed());
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    let failed = report.finish(started.elapsed());
    std::process::exit(if failed { 1 } else { 0 });
}

/// What the run has found so far.
struct Report {
    out: PathBuf,
    seed: u64,
    keep: usize,
    slowest: usize,
    count: u64,
    bytes: u64,
    /// The slowest inputs by processor time: it, the time, index, length.
    slow: Vec<(Duration, Duration, u64, usize)>,
    /// Each failure site: how many inputs, the first message, the files written.
    sites: BTreeMap<String, (u64, String, Vec<PathBuf>)>,
    /// The input still running at the time limit, written out.
    hung: Option<PathBuf>,
}

impl Report {
    fn new(args: &Args) -> Report {
        Report {
            out: args.out.clone(),
            seed: args.seed,
            keep: args.keep,
            slowest: args.slowest,
            count: 0,
            bytes: 0,
            slow: Vec::new(),
            sites: BTreeMap::new(),
            hung: None,
        }
    }

    fn add(&mut self, corpus: &Corpus, done: Done) {
        self.count += 1;
        self.bytes += done.len as u64;
        self.slow.push((done.cpu, done.time, done.index, done.len));
        self.slow.sort_by_key(|s| std::cmp::Reverse(s.0));
        self.slow.truncate(self.slowest);
        if let Some((failure, bytes)) = done.failure {
            let kind = match failure {
                Failure::Panic(_) => "panic",
                Failure::Mismatch(_) => "mismatch",
            };
            let site = failure.site();
            let kept = self.sites.get(&site).map_or(0, |s| s.2.len());
            let path = (kept < self.keep).then(|| {
                let name = format!("{kind}-{}-{}", self.seed, done.index);
                eprintln!("fuzz: input {} {kind}: {}", done.index, failure.message());
                self.save(
                    corpus,
                    &name,
                    done.kind,
                    done.seed,
                    &bytes,
                    failure.message(),
                )
            });
            let entry = self
                .sites
                .entry(site)
                .or_insert_with(|| (0, failure.message().to_string(), Vec::new()));
            entry.0 += 1;
            entry.2.extend(path);
        }
    }

    fn hung(&mut self, corpus: &Corpus, input: &Input, limit: u64) {
        let name = format!("slow-{}-{}", self.seed, input.index);
        let message = format!("still running after {limit} ms");
        let path = self.save(
            corpus,
            &name,
            input.kind,
            input.seed,
            &input.bytes,
            &message,
        );
        eprintln!("fuzz: input {} {message}: {}", input.index, path.display());
        self.hung = Some(path);
    }

    /// Writes a failing input and a note of where it came from.
    fn save(
        &self,
        corpus: &Corpus,
        name: &str,
        kind: driver::Kind,
        seed: usize,
        bytes: &[u8],
        message: &str,
    ) -> PathBuf {
        let _ = std::fs::create_dir_all(&self.out);
        let path = self.out.join(format!("{name}.{}", kind.extension()));
        let _ = std::fs::write(&path, bytes);
        let note = format!(
            "{message}\nmade from {}\n",
            corpus.seeds[seed].path.display()
        );
        let _ = std::fs::write(self.out.join(format!("{name}.txt")), note);
        path
    }

    fn progress(&self, elapsed: Duration) {
        let failures: u64 = self.sites.values().map(|s| s.0).sum();
        eprintln!(
            "fuzz: {} inputs, {:.1} MB, {:.0} inputs/s, {} failing at {} sites",
            self.count,
            self.bytes as f64 / 1e6,
            self.count as f64 / elapsed.as_secs_f64().max(1e-9),
            failures,
            self.sites.len()
        );
    }

    /// Prints the summary; whether anything failed.
    fn finish(&self, elapsed: Duration) -> bool {
        self.progress(elapsed);
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "slowest inputs, by processor time (seed {}):",
            self.seed
        );
        for (cpu, time, index, len) in &self.slow {
            let ms = |d: &Duration| d.as_secs_f64() * 1e3;
            let per_kb = ms(cpu) / (*len as f64 / 1024.0).max(1.0);
            let _ = writeln!(
                out,
                "  input {index:>8}: {:>9.2} ms ({:.2} ms wall), {len:>8} bytes, {per_kb:.3} ms/KB",
                ms(cpu),
                ms(time)
            );
        }
        if self.sites.is_empty() && self.hung.is_none() {
            let _ = writeln!(out, "no failures");
            return false;
        }
        let _ = writeln!(out, "failures:");
        if let Some(path) = &self.hung {
            let _ = writeln!(
                out,
                "  still running at the time limit:\n    {}",
                display(path)
            );
        }
        for (site, (count, message, files)) in &self.sites {
            let _ = writeln!(out, "  {site}: {count} inputs\n    {message}");
            for file in files {
                let _ = writeln!(out, "    {}", display(file));
            }
        }
        true
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
