//! The transcript commands: `fmt`, `parse`, `rule` and `explain`.

use std::io::{self, Write};
use std::path::Path;
use std::rc::Rc;

use crate::agreements::Agreements;
use crate::engine::ruleset::RuleSet;
use crate::engine::{self, Referee};
use crate::laws::library;
use crate::notation::{self, Game, Lately, Transcript};
use crate::report::spill::{Spill, HELD};
use crate::report::{self, JsonReport, ParsedJson, RuledReport, TextReport};
use crate::sheet;
use crate::{Error, Outcome, Rules};

use super::desk::Desk;
use super::source::Source;
use super::warnings;

/// What to do with the places where a transcript contradicts itself: warn
/// of them on `warn`, or refuse the transcript (`--strict`).
pub struct Warnings<'w> {
    /// Refuse instead of warning.
    pub strict: bool,
    /// Where warnings go: standard error.
    pub warn: &'w mut dyn Write,
}

impl Warnings<'_> {
    /// Refuses the transcript under `--strict` if anything was found, or warns of it.
    pub(super) fn give(self, source: &Source, found: &[warnings::Found]) -> Result<(), Error> {
        match self.strict {
            true => warnings::refuse(source, found),
            false => warnings::warn(source, found, self.warn),
        }
    }
}

/// `referee fmt FILE`: the canonical form, or the problems and nothing on
/// standard output. The file is read through once for its problems, then
/// again deal by deal, each deal written as it is read: memory stays flat.
pub fn fmt(path: &Path, out: &mut dyn Write) -> Result<(), Error> {
    let source = Source::open(path)?;
    let head = problems_first(&source, &mut Lately::default())?;
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let text = notation::format_head(&head);
    let mut after = !text.is_empty();
    let mut failed = out.write_all(text.as_bytes()).err();
    let reading = notation::read_stream_lent(source.stream()?, |deal| {
        if failed.is_none() {
            let text = notation::format_deal(&head, deal, after);
            failed = out.write_all(text.as_bytes()).err();
            after = true;
        }
    })
    .map_err(|e| source.error(e))?;
    if !reading.errors.is_empty() {
        // The file changed between the two readings.
        return Err(source.unreadable(&reading));
    }
    match failed.or_else(|| out.flush().err()) {
        // A reader that has gone away (`referee fmt big.pqt | head`) is not an error.
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// `referee parse FILE --format json`: the events as JSON, with the problems.
///
/// The deals that could be read are printed even when others could not; the
/// status is then 2 and the problems are also on standard error. The file is
/// read through once for its problems, then again deal by deal, each deal
/// written as it is read: memory stays flat.
pub fn parse_json(path: &Path, out: &mut dyn Write) -> Result<(), Error> {
    let source = Source::open(path)?;
    let reading = notation::check_stream(source.stream()?).map_err(|e| source.error(e))?;
    let mut json = ParsedJson::new(&source.name, &reading)?;
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let mut failed = json.begin(&mut out).err();
    let again = notation::read_stream_lent(source.stream()?, |deal| {
        if failed.is_none() {
            failed = json.deal(&mut out, deal).err();
        }
    })
    .map_err(|e| source.error(e))?;
    if again.errors != reading.errors {
        // The file changed between the two readings.
        let changed = if again.errors.is_empty() {
            &reading
        } else {
            &again
        };
        return Err(source.unreadable(changed));
    }
    if failed.is_none() {
        failed = json.end(&mut out).and_then(|()| out.flush()).err();
    }
    match failed {
        // A reader that has gone away (`referee parse big.pqt | head`) is not an error.
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ if !reading.errors.is_empty() => Err(source.unreadable(&reading)),
        _ => Ok(()),
    }
}

/// Reads a transcript a scoresheet names, which must be a file readable throughout.
fn readable(path: &Path) -> Result<(Transcript, Source), Error> {
    let source = Source::open_named(path)?;
    let reading = notation::read(&source.bytes()?);
    if !reading.errors.is_empty() {
        return Err(source.unreadable(&reading));
    }
    Ok((reading.transcript, source))
}

fn not_yet_ruled(source: &Source, e: engine::NotYetRuled) -> Error {
    Error::NotYetRuled {
        file: source.name.clone(),
        rules: e.0.name().to_string(),
        source: e,
    }
}

/// How much of the report is gathered before it is written.
pub(super) const OUTPUT_BUFFER: usize = 64 * 1024;

/// What `rule` writes of each deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Tables and reasons, for people.
    Text,
    /// JSON, for tools.
    Json,
    /// Every event with the state after it, then the deal's report (`referee explain`).
    Explain,
    /// The same as JSON (`referee explain --format json`).
    ExplainJson,
}

/// `referee rule FILE`: each deal scored, with its laws, and the partie.
///
/// The report is written deal by deal as each is ruled, so memory stays flat
/// however long the transcript is. A file is read twice for it: first
/// through, for its problems only, so that nothing is printed for a
/// transcript that cannot be read; then to rule it. Under `--strict` it is
/// first ruled through once more, printing nothing, for the places where it
/// contradicts itself. (Standard input and pipes are copied to a spool file
/// first, as they cannot be read twice.) The warnings follow the report, on
/// `warnings.warn`.
pub fn rule(
    path: &Path,
    shape: Shape,
    desk: &mut Desk,
    out: &mut dyn Write,
    warnings: Warnings<'_>,
) -> Result<(), Error> {
    let source = Source::open(path)?;
    if let Some(plan) = super::parts::plan(&source, shape, warnings.strict)? {
        // A long transcript: in parts, on every core.
        return super::parts::rule(&source, plan, shape, out, warnings);
    }
    rule_deal_by_deal(&source, shape, desk, out, warnings)
}

/// `referee rule FILE` deal by deal, on one core, with what is on `desk`
/// (left there for the next file this core rules).
pub(super) fn rule_deal_by_deal(
    source: &Source,
    shape: Shape,
    desk: &mut Desk,
    out: &mut dyn Write,
    warnings: Warnings<'_>,
) -> Result<(), Error> {
    let Desk { lately, ruling } = desk;
    let tags = problems_first(source, lately)?;
    if tags.game == Game::Ecarte {
        // Écarté: a sibling engine and its own reports.
        return super::ecarte::rule(source, &tags, shape, out, warnings);
    }
    let mut referee = Referee::new(&tags).map_err(|e| not_yet_ruled(source, e))?;
    if warnings.strict {
        // Nothing is printed for a transcript refused: it is ruled through once first.
        warnings::refuse(source, &slips_first(source, &tags)?)?;
    }
    let mut found = Vec::new();
    let rules = referee.rules();
    let book = library()?.book(rules.book);
    let mut report: Box<dyn RuledReport> = match shape {
        Shape::Json => Box::new(JsonReport::new(&tags, rules)),
        Shape::Text => Box::new(TextReport::new(&tags, rules, book)),
        Shape::Explain => Box::new(report::ExplainReport::new(&tags, rules, book)),
        Shape::ExplainJson => Box::new(report::ExplainJson::new(&tags, rules)),
    };
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let mut failed = report.begin(&mut out).err();
    // Each deal is ruled into the last one's ruling, its lists used again.
    let reading = notation::read_stream_lent_with(source.stream()?, lately, |deal| {
        if failed.is_none() {
            referee.deal_into(deal, ruling);
            found.extend(warnings::in_deal(&tags, deal, ruling));
            failed = report.deal(&mut out, deal, ruling).err();
        }
    })
    .map_err(|e| source.error(e))?;
    if !reading.errors.is_empty() {
        // The file changed between the two readings.
        return Err(source.unreadable(&reading));
    }
    if failed.is_none() {
        failed = report
            .end(&mut out, &referee.standing())
            .and_then(|()| out.flush())
            .err();
    }
    match failed {
        // A reader that has gone away (`referee rule big.pqt | head`) is not an error.
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => warnings.give(source, &found),
    }
}

/// Rules a transcript through, keeping no deal and printing nothing: the
/// places where it contradicts itself.
fn slips_first(source: &Source, tags: &Transcript) -> Result<Vec<warnings::Found>, Error> {
    let mut referee = Referee::new(tags).map_err(|e| not_yet_ruled(source, e))?;
    let mut found = Vec::new();
    notation::read_stream_lent(source.stream()?, |deal| {
        let ruling = referee.deal(deal);
        found.extend(warnings::in_deal(tags, deal, &ruling));
    })
    .map_err(|e| source.error(e))?;
    Ok(found)
}

/// Reads a transcript through for its problems, keeping no deal, from
/// what the readings before it on this core learned (`lately`): its tags
/// (players, rule set, partie), or every problem.
fn problems_first(source: &Source, lately: &mut Lately) -> Result<Transcript, Error> {
    let reading = notation::check_stream_with(source.stream()?, lately);
    let reading = reading.map_err(|e| source.error(e))?;
    if !reading.errors.is_empty() {
        return Err(source.unreadable(&reading));
    }
    Ok(reading.transcript)
}

/// `referee generate`: random legal deals under a rule set the engine
/// rules, written as they are made.
pub fn generate(
    out: &mut dyn Write,
    deals: u32,
    seed: u64,
    rules: Rules,
    agreements: Agreements,
    graded: bool,
) -> Result<(), Error> {
    if rules == Rules::Ecarte {
        // Écarté: a sibling generator, the games graded or not (law 46).
        let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
        let written = crate::generate::ecarte::write(&mut out, deals, seed, graded);
        return match written.and_then(|()| out.flush()) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
            _ => Ok(()),
        };
    }
    let set = RuleSet::of(rules).ok_or_else(|| Error::NotYetRuled {
        file: "generate".to_string(),
        rules: rules.name().to_string(),
        source: engine::NotYetRuled(rules),
    })?;
    agreements
        .admitted_under(rules)
        .map_err(|refused| Error::NotAgreed {
            message: refused.message,
            hint: refused.hint,
        })?;
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let written = crate::generate::write(&mut out, deals, seed, set, agreements);
    match written.and_then(|()| out.flush()) {
        // A reader that has gone away (`referee generate | head`) is not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// `referee check SHEET`: a YAML scoresheet, or a transcript with `written`
/// lines, checked partie by partie (law 71). The outcome is `WrongScore`
/// when anything written is wrong.
pub fn check(
    path: &Path,
    json: bool,
    out: &mut dyn Write,
    warnings: Warnings<'_>,
) -> Result<Outcome, Error> {
    let source = Source::open(path)?;
    let is_yaml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    if !is_yaml {
        return check_transcript(&source, json, out, warnings);
    }
    let checked = check_sheet(path, &source)?;
    let outcome = match checked.problems.is_empty() {
        true => Outcome::Ruled,
        false => Outcome::WrongScore,
    };
    let text = if json {
        report::check_json(std::slice::from_ref(&checked))
    } else {
        report::check_text(std::slice::from_ref(&checked))
    };
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(outcome),
    }
}

/// A YAML scoresheet, read whole (a sheet is small by nature), checked.
fn check_sheet(path: &Path, source: &Source) -> Result<sheet::Checked, Error> {
    let bytes = source.bytes()?;
    let text = std::str::from_utf8(&bytes).map_err(|_| Error::Transcript {
        file: source.name.clone(),
        count: 1,
        rendered: format!("{}: the scoresheet is not UTF-8 text", source.name),
    })?;
    // Shown by the lines YAML counts, a carriage return alone breaking one.
    let text = crate::yaml::line_breaks(text);
    let sheet = sheet::read(&text).map_err(|d| Error::Transcript {
        file: source.name.clone(),
        count: 1,
        rendered: d.render(&source.name, &text),
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    // A transcript named by many deals is read once.
    let mut read: std::collections::HashMap<String, Rc<Transcript>> = Default::default();
    sheet::check(&sheet, |file| {
        if let Some(transcript) = read.get(file) {
            return Ok(Rc::clone(transcript));
        }
        let transcript = Rc::new(readable(&dir.join(file))?.0);
        read.insert(file.to_string(), Rc::clone(&transcript));
        Ok::<_, Error>(transcript)
    })?
    .map_err(|e| not_yet_ruled(source, e))
}

/// A transcript's `written` lines checked, in flat memory: the file is
/// read through once for its problems, then checked deal by deal, once.
/// Each partie is reported as it ends, into a spill (memory, then a
/// temporary file): the report's head names how many parties there are,
/// and in JSON the last partie's result, and the places where the
/// transcript contradicts itself come before the report; all are known
/// only at the end.
fn check_transcript(
    source: &Source,
    json: bool,
    out: &mut dyn Write,
    warnings: Warnings<'_>,
) -> Result<Outcome, Error> {
    let tags = problems_first(source, &mut Lately::default())?;
    if tags.game == Game::Ecarte {
        // Écarté: the report of `rule`, and whether a written mark is wrong.
        return super::ecarte::check(source, &tags, json, out, warnings);
    }
    let mut check = sheet::TranscriptCheck::new(&tags).map_err(|e| not_yet_ruled(source, e))?;
    let rules = check.rules_name();
    let mut report: Box<dyn report::CheckReport> = match json {
        true => Box::new(report::CheckJson::several(&tags.players, rules)),
        false => Box::new(report::CheckText::several(rules)),
    };
    // The parties before the last, reported as each ends.
    let mut before_last = Spill::new(HELD);
    let (mut ended, mut wrong, mut found, mut failed) = (0, false, Vec::new(), None);
    let reading = notation::read_stream_lent(source.stream()?, |deal| {
        let (ruling, partie) = check.deal(deal);
        found.extend(warnings::in_deal(&tags, deal, ruling));
        if let Some(partie) = partie {
            ended += 1;
            wrong |= !partie.problems.is_empty();
            if failed.is_none() {
                failed = report.partie(&mut before_last, &partie).err();
            }
        }
    })
    .map_err(|e| source.error(e))?;
    if !reading.errors.is_empty() {
        // The file changed between the two readings.
        return Err(source.unreadable(&reading));
    }
    warnings.give(source, &found)?;
    let last = check.finish();
    wrong |= !last.problems.is_empty();
    // One partie is reported as a scoresheet is, without numbers.
    report.counted(ended + 1, &last);
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let failed = failed.map_or(Ok(()), Err).and_then(|()| {
        report.begin(&mut out)?;
        before_last.write_to(&mut out)?;
        report.partie(&mut out, &last)?;
        report.end(&mut out)?;
        out.flush()
    });
    match failed {
        // A reader that has gone away (`referee check big.pqt | head`) is not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ if wrong => Ok(Outcome::WrongScore),
        _ => Ok(Outcome::Ruled),
    }
}
