//! The fuzz driver's core: the corpus, a seeded mutator, and the whole
//! pipeline each input goes through (read, rule every deal under Portland
//! and au cent, both reports, check sheets, and the `referee` commands as a
//! user would run them), with panics caught and each input timed.
//!
//! Shared by `examples/fuzz/main.rs` (run it for hours) and `tests/fuzz.rs`
//! (a few hundred inputs in every `cargo test`). Stable Rust only: no
//! cargo-fuzz, no nightly.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::io::BufReader;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use clap::Parser;
use piquet_referee::cli::Cli;
use piquet_referee::engine;
use piquet_referee::laws::library;
use piquet_referee::notation::{self, Game, Transcript};
use piquet_referee::{report, sheet, Rules};

/// The folders the corpus is gathered from, relative to the project root.
pub const CORPUS: [&str; 4] = ["cases", "tests/laws", "tests/au-cent", "tests/fixtures"];

/// Where the inputs found failing are kept (`tests/fuzz_found.rs`).
pub const FOUND: &str = "tests/fixtures/fuzz";

/// No mutated input grows past this by default: a line repeated is a probe
/// of time that grows faster than the input, not of memory.
pub const MAX_INPUT: usize = 1 << 20;

/// What an input is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `.pqt` transcript.
    Transcript,
    /// A YAML scoresheet.
    Sheet,
}

impl Kind {
    /// The extension a failing input is saved with.
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Transcript => "pqt",
            Kind::Sheet => "yaml",
        }
    }
}

/// One file of the corpus.
pub struct Seed {
    /// Where it was found.
    pub path: PathBuf,
    /// Transcript or sheet.
    pub kind: Kind,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The project's own transcripts and sheets, and the words they are written in.
pub struct Corpus {
    /// Every file, in path order.
    pub seeds: Vec<Seed>,
    /// Every token of the corpus, and some chosen to be awkward.
    pub vocabulary: Vec<Vec<u8>>,
}

/// Tokens the corpus may not hold: edges of numbers, odd characters, the
/// keys of a sheet, tags.
const AWKWARD: &[&str] = &[
    "0",
    "-1",
    "1",
    "12",
    "13",
    "99",
    "100",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "999999999999999999999999",
    "\u{feff}",
    "\u{202e}",
    "\0",
    "\r",
    "\t",
    "\u{fffd}",
    "é",
    "…",
    "\"",
    "#",
    "[",
    "]",
    "{",
    "}",
    "---",
    "...",
    ":",
    ",",
    "&a",
    "*a",
    "!!str",
    "|",
    ">-",
    "~",
    "null",
    "[Rules \"au-cent\"]",
    "[Rules \"portland\"]",
    "[Rules \"ecarte\"]",
    "[Rules \"classic\"]",
    "[Partie \"4\"]",
    "[Players \"A B\"]",
    "[Game \"ecarte\"]",
    "[Agreements \"fours-count-one-less,sevens-to-nines-do-not-count\"]",
    "rules:",
    "players:",
    "deals:",
    "dealer:",
    "scores:",
    "totals:",
    "transcript:",
    "deal:",
    "game:",
    "winner:",
    "double:",
    "result:",
    "points:",
    "tied:",
    "games:",
    "agreements:",
    "partie:",
    "au-cent",
    "portland",
    "ecarte",
];

impl Corpus {
    /// Gathers every `.pqt` and `.yaml` file under [`CORPUS`] in `root`.
    pub fn load(root: &Path) -> Corpus {
        let mut paths = Vec::new();
        for dir in CORPUS {
            walk(&root.join(dir), &mut paths);
        }
        // The inputs found: kept out, so a fixture added does not change
        // what a seed makes.
        let found = root.join(FOUND);
        paths.retain(|p| !p.starts_with(&found));
        paths.sort();
        let seeds: Vec<Seed> = paths
            .into_iter()
            .filter_map(|path| {
                let kind = match path.extension()?.to_str()? {
                    "pqt" => Kind::Transcript,
                    "yaml" | "yml" => Kind::Sheet,
                    _ => return None,
                };
                let bytes = std::fs::read(&path).ok()?;
                Some(Seed { path, kind, bytes })
            })
            .collect();
        let mut words: BTreeSet<Vec<u8>> = AWKWARD.iter().map(|w| w.as_bytes().to_vec()).collect();
        for seed in &seeds {
            for word in seed.bytes.split(u8::is_ascii_whitespace) {
                if !word.is_empty() && word.len() <= 40 {
                    words.insert(word.to_vec());
                }
            }
        }
        Corpus {
            seeds,
            vocabulary: words.into_iter().collect(),
        }
    }
}

/// Every file under `dir`, depth first.
fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// The generator's SplitMix64 (`referee generate`'s): small, seeded, the
/// same on every machine.
pub struct Rng(piquet_referee::generate::Random);

impl Rng {
    /// The generator for input `index` of the run seeded `seed`: each input
    /// can be made again on its own.
    pub fn for_input(seed: u64, index: u64) -> Rng {
        let mut rng = Rng(piquet_referee::generate::Random::new(
            seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F),
        ));
        rng.next();
        rng
    }

    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.below(n)
        }
    }
}

/// One mutated input.
pub struct Input {
    /// Its number in the run.
    pub index: u64,
    /// The corpus file it was made from.
    pub seed: usize,
    /// Transcript or sheet.
    pub kind: Kind,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Makes input `index` of the run seeded `seed`: a corpus file with one to
/// eight mutations, at most [`MAX_INPUT`] bytes.
pub fn input(corpus: &Corpus, seed: u64, index: u64) -> Input {
    input_within(corpus, seed, index, MAX_INPUT)
}

/// Makes input `index` of the run seeded `seed`, cut at `max` bytes.
pub fn input_within(corpus: &Corpus, seed: u64, index: u64, max: usize) -> Input {
    let mut rng = Rng::for_input(seed, index);
    let from = rng.below(corpus.seeds.len());
    let kind = corpus.seeds[from].kind;
    let mut lines: Vec<Vec<u8>> = corpus.seeds[from]
        .bytes
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    for _ in 0..1 + rng.below(8) {
        mutate(&mut lines, corpus, kind, &mut rng);
    }
    let mut bytes = lines.concat();
    bytes.truncate(max);
    Input {
        index,
        seed: from,
        kind,
        bytes,
    }
}

/// Bytes worth putting in: line ends, a NUL, a byte-order mark, bytes that are not UTF-8.
const BYTES: &[u8] = b"\0\r\n\t \"#[]{}:,-.\\\xff\x80\xc3\xef";

/// One mutation of the lines.
fn mutate(lines: &mut Vec<Vec<u8>>, corpus: &Corpus, kind: Kind, rng: &mut Rng) {
    if lines.is_empty() {
        lines.push(Vec::new());
    }
    let at = rng.below(lines.len());
    match rng.below(13) {
        // A byte flipped, or set to an awkward one.
        0 | 1 => {
            let line = &mut lines[at];
            if !line.is_empty() {
                let i = rng.below(line.len());
                line[i] = match rng.below(2) {
                    0 => line[i] ^ (1 << rng.below(8)),
                    _ => BYTES[rng.below(BYTES.len())],
                };
            }
        }
        2 => {
            lines.remove(at);
        }
        3 => {
            let copy = lines[at].clone();
            lines.insert(at, copy);
        }
        4 => {
            let other = rng.below(lines.len());
            lines.swap(at, other);
        }
        5 => {
            let line = lines.remove(at);
            let to = rng.below(lines.len() + 1);
            lines.insert(to, line);
        }
        // A token replaced by one of the vocabulary.
        6..=8 => {
            let word = &corpus.vocabulary[rng.below(corpus.vocabulary.len())];
            let line = &mut lines[at];
            let tokens = token_spans(line);
            if let Some(&(start, end)) = tokens.get(rng.below(tokens.len())) {
                line.splice(start..end, word.iter().copied());
            } else {
                line.splice(0..0, word.iter().copied());
            }
        }
        // A token of the vocabulary put in.
        9 => {
            let word = corpus.vocabulary[rng.below(corpus.vocabulary.len())].clone();
            let line = &mut lines[at];
            let i = rng.below(line.len() + 1);
            let mut put = word;
            put.push(b' ');
            line.splice(i..i, put);
        }
        // A line of another file of the same kind.
        10 => {
            let same: Vec<&Seed> = corpus.seeds.iter().filter(|s| s.kind == kind).collect();
            let other = &same[rng.below(same.len())].bytes;
            let others: Vec<&[u8]> = other.split_inclusive(|b| *b == b'\n').collect();
            if let Some(line) = others.get(rng.below(others.len())) {
                lines.insert(at, line.to_vec());
            }
        }
        // A line repeated many times: time that grows faster than the input.
        11 => {
            let copy = lines[at].clone();
            let times = 50 + rng.below(2000);
            let room = MAX_INPUT / copy.len().max(1);
            for _ in 0..times.min(room) {
                lines.insert(at, copy.clone());
            }
        }
        // The text cut short.
        _ => {
            lines.truncate(at + 1);
            let line = &mut lines[at];
            let keep = rng.below(line.len() + 1);
            line.truncate(keep);
        }
    }
}

/// Where each token of a line starts and ends (split at white space).
fn token_spans(line: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in line.iter().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, line.len()));
    }
    spans
}

/// What went wrong with an input.
#[derive(Clone, Debug)]
pub enum Failure {
    /// A panic: its message and place.
    Panic(String),
    /// Two readings that should agree did not.
    Mismatch(String),
}

impl Failure {
    /// What is said of it, on one line.
    pub fn message(&self) -> &str {
        match self {
            Failure::Panic(m) | Failure::Mismatch(m) => m,
        }
    }

    /// The place it is grouped by: the panic's `file:line`, or the mismatch.
    pub fn site(&self) -> String {
        match self {
            Failure::Panic(m) => m
                .split_whitespace()
                .find(|w| w.contains(".rs:"))
                .unwrap_or(m)
                .trim_end_matches(':')
                .to_string(),
            Failure::Mismatch(m) => m.split(':').next().unwrap_or(m).to_string(),
        }
    }
}

thread_local! {
    /// The last panic's message and place, kept by the hook while the
    /// pipeline runs on this thread (`None` inside when none was kept).
    static CAUGHT: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Keeps each panic's message and place for [`run`] instead of printing
/// it, on a thread while it runs the pipeline; other panics (a test's
/// assertion) are printed as before.
pub fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let text = info.to_string().replace('\n', " ");
            let kept = CAUGHT.with(|caught| match &mut *caught.borrow_mut() {
                Some(last) => {
                    *last = Some(text);
                    true
                }
                None => false,
            });
            if !kept {
                before(info);
            }
        }));
    });
}

/// What running one input gave.
pub struct Outcome {
    /// How long the whole pipeline took.
    pub time: Duration,
    /// The processor time it took on its thread: its own work, not the
    /// time spent waiting for a busy machine or its disk.
    pub cpu: Duration,
    /// What went wrong, if anything.
    pub failure: Option<Failure>,
}

/// Runs the whole pipeline on `input`, catching any panic. `work` is a
/// folder of the driver's own where the `referee` commands read their files.
pub fn run(corpus: &Corpus, input: &Input, work: &Path) -> Outcome {
    let origin = &corpus.seeds[input.seed].path;
    run_bytes(input.kind, &input.bytes, origin, work)
}

/// Runs the whole pipeline on `bytes`, read as `kind`, catching any panic.
/// The transcripts a sheet names are read beside `origin`.
pub fn run_bytes(kind: Kind, bytes: &[u8], origin: &Path, work: &Path) -> Outcome {
    quiet_panics();
    CAUGHT.with(|caught| *caught.borrow_mut() = Some(None));
    let (start, cpu_start) = (Instant::now(), thread_cpu());
    let caught = panic::catch_unwind(AssertUnwindSafe(|| pipeline(kind, bytes, origin, work)));
    let (time, cpu) = (start.elapsed(), thread_cpu().saturating_sub(cpu_start));
    let kept = CAUGHT.with(|caught| caught.borrow_mut().take()).flatten();
    let failure = match caught {
        Ok(Ok(())) => None,
        Ok(Err(mismatch)) => Some(Failure::Mismatch(mismatch)),
        Err(payload) => {
            let message = kept.unwrap_or_else(|| match payload.downcast_ref::<&str>() {
                Some(s) => s.to_string(),
                None => payload
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| "a panic".into()),
            });
            Some(Failure::Panic(message))
        }
    };
    Outcome { time, cpu, failure }
}

/// The processor time this thread has used.
#[cfg(unix)]
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the struct it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The processor time this thread has used: not known here, so none.
#[cfg(not(unix))]
fn thread_cpu() -> Duration {
    Duration::ZERO
}

/// The pipeline: the library first, then the commands. An `Err` is a mismatch.
fn pipeline(kind: Kind, bytes: &[u8], origin: &Path, work: &Path) -> Result<(), String> {
    match kind {
        Kind::Transcript => transcript(bytes)?,
        Kind::Sheet => scoresheet(bytes, origin.parent().unwrap_or(Path::new("."))),
    }
    commands(kind, bytes, origin, work);
    Ok(())
}

/// A transcript through the library: read whole and streamed (which must
/// agree), every problem shown, then ruled under Portland and au cent with
/// every report, its `written` lines checked, and formatted.
pub fn transcript(bytes: &[u8]) -> Result<(), String> {
    let reading = notation::read(bytes);
    let mut each = Vec::new();
    let each_reading = notation::read_each(bytes, |d| each.push(d));
    for chunk in [1, 7, 4096] {
        let mut streamed = Vec::new();
        let stream_reading =
            notation::read_stream(BufReader::with_capacity(chunk, bytes), |d| streamed.push(d))
                .map_err(|e| format!("read_stream: an error from a slice: {e}"))?;
        if stream_reading.errors != each_reading.errors || stream_reading.more != each_reading.more
        {
            return Err(format!(
                "read_stream: in chunks of {chunk}, problems {:?} where read_each finds {:?}",
                stream_reading.errors, each_reading.errors
            ));
        }
        if each_reading.errors.is_empty() && streamed != each {
            return Err(format!(
                "read_stream: in chunks of {chunk}, deals that read_each reads otherwise"
            ));
        }
    }
    if reading.errors.is_empty() {
        formatted_reads_back(&reading.transcript)?;
    }
    let text = String::from_utf8_lossy(bytes);
    for problem in &reading.errors {
        problem.render("input.pqt", &text);
    }
    let mut transcript = reading.transcript.clone();
    let unreadable = reading.unreadable_deals();
    transcript
        .deals
        .retain(|d| !unreadable.contains(&d.header.number));
    notation::format(&transcript);
    let _ = serde_json::to_string(&transcript);
    for rules in rule_sets(&transcript) {
        let mut under = transcript.clone();
        under.rules = rules;
        rule(&under);
    }
    Ok(())
}

/// `referee fmt`'s canonical form of a transcript reads back without a
/// problem, as the same transcript, and is its own canonical form.
fn formatted_reads_back(transcript: &Transcript) -> Result<(), String> {
    let formatted = notation::format(transcript);
    let again = notation::read_str(&formatted);
    if let Some(problem) = again.errors.first() {
        return Err(format!(
            "fmt: its output does not read back: {}",
            problem.render("formatted", &formatted).replace('\n', " ")
        ));
    }
    if notation::format(&again.transcript) != formatted {
        return Err("fmt: its output is not its own canonical form".into());
    }
    Ok(())
}

/// The rule sets to rule a transcript under: Portland and au cent for
/// piquet, as written for écarté (which the engine does not rule yet).
fn rule_sets(transcript: &Transcript) -> Vec<Rules> {
    match transcript.game {
        Game::Piquet => vec![Rules::Portland, Rules::AuCent],
        Game::Ecarte => vec![transcript.rules],
    }
}

/// Rules every deal, writes the text, JSON and step-by-step reports, and
/// checks the `written` lines.
fn rule(transcript: &Transcript) {
    let Ok(ruled) = engine::rule(transcript) else {
        return;
    };
    let book = library()
        .expect("the law books load")
        .book(ruled.rules.book);
    report::ruled_text(transcript, &ruled, book);
    report::ruled_json(transcript, &ruled);
    report::explain_text(transcript, &ruled, book);
    if let Ok(checked) = sheet::check_transcript(transcript) {
        report::check_text(&checked);
        report::check_json(&checked);
    }
}

/// A scoresheet through the library: read, its problem shown, checked
/// against the transcripts it names (read from the folder of the corpus
/// file it was made from), both reports.
pub fn scoresheet(bytes: &[u8], folder: &Path) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let sheet = match sheet::read(text) {
        Ok(sheet) => sheet,
        Err(problem) => {
            problem.render("sheet.yaml", text);
            return;
        }
    };
    let mut read: HashMap<String, Rc<Transcript>> = HashMap::new();
    let checked = sheet::check(&sheet, |file| {
        if let Some(t) = read.get(file) {
            return Ok(Rc::clone(t));
        }
        if !inside(file) {
            return Err(());
        }
        let bytes = std::fs::read(folder.join(file)).map_err(|_| ())?;
        let reading = notation::read(&bytes);
        if !reading.errors.is_empty() {
            return Err(());
        }
        let t = Rc::new(reading.transcript);
        read.insert(file.to_string(), Rc::clone(&t));
        Ok(t)
    });
    if let Ok(Ok(checked)) = checked {
        let parties = [checked];
        report::check_text(&parties);
        report::check_json(&parties);
    }
}

/// Whether a path named by a sheet stays inside the sheet's folder.
fn inside(file: &str) -> bool {
    let path = Path::new(file);
    !file.is_empty() && path.components().all(|c| matches!(c, Component::Normal(_)))
}

/// The `referee` commands on the input as a file in `work`, with the
/// transcripts a sheet names copied beside it.
fn commands(kind: Kind, bytes: &[u8], origin: &Path, work: &Path) {
    let _ = std::fs::remove_dir_all(work);
    if std::fs::create_dir_all(work).is_err() {
        return;
    }
    let file = work.join(format!("input.{}", kind.extension()));
    if std::fs::write(&file, bytes).is_err() {
        return;
    }
    let file = file.display().to_string();
    let runs: &[&[&str]] = match kind {
        Kind::Transcript => &[
            &["rule"],
            &["rule", "--format", "json"],
            &["rule", "--strict"],
            &["explain"],
            &["check"],
            &["check", "--format", "json"],
            &["fmt"],
            &["parse"],
        ],
        Kind::Sheet => {
            copy_named(bytes, origin.parent().unwrap_or(Path::new(".")), work);
            &[&["check"], &["check", "--format", "json"]]
        }
    };
    for args in runs {
        let argv = std::iter::once("referee")
            .chain(args.iter().copied())
            .chain([file.as_str()]);
        if let Ok(cli) = Cli::try_parse_from(argv) {
            let (mut out, mut warn) = (Vec::new(), Vec::new());
            let _ = cli.run_with(&mut out, &mut warn);
        }
    }
}

/// Copies the transcripts a sheet names (`transcript: …`) from `from` to
/// `to`, where they stay inside the folder.
fn copy_named(sheet: &[u8], from: &Path, to: &Path) {
    let text = String::from_utf8_lossy(sheet);
    for (i, _) in text.match_indices("transcript:") {
        let rest = &text[i + "transcript:".len()..];
        let end = rest.find([',', '}', '\n', '#']).unwrap_or(rest.len());
        let name = rest[..end].trim();
        if !inside(name) {
            continue;
        }
        if let Ok(bytes) = std::fs::read(from.join(name)) {
            let target = to.join(name);
            if let Some(parent) = target.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = std::fs::write(target, bytes);
        }
    }
}
