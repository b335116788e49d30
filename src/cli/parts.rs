//! `referee rule` on one long transcript, on every core: the file is cut
//! into parts before lines `deal 1` (`notation::reader::split`); each part
//! is read for its problems on a core of its own, then read again, ruled
//! and reported on a core of its own; the reports are joined in the deals'
//! order into the same bytes the report written deal by deal gives
//! (`report::PartedReport`).
//!
//! A part is ruled from nothing, as a new partie is. Where the partie
//! before it had not ended at its first deal (a deal numbered higher than
//! the last: the cut was not where a partie began), the part is ruled
//! again at the join, by the referee as the deals before it left it. A
//! transcript that cannot be read, or could only be cut where the reading
//! would not stand, is done deal by deal instead, which reports its
//! problems exactly as it always has.

use std::io::{self, Write};
use std::ops::Range;

use crate::engine::{DealRuling, Referee};
use crate::laws::library;
use crate::notation::{self, Deal, Game, Lately, Resume, Transcript};
use crate::report::{JsonReport, PartedReport, TextReport};
use crate::Error;

use super::desk::Desk;
use super::ordered::{cores, in_order_with};
use super::source::Source;
use super::transcript::{Shape, Warnings, OUTPUT_BUFFER};
use super::warnings::{self, Found};

/// The size of a part, about: small enough for the cores to share the
/// work evenly and for the reports waiting their turn to be few (memory
/// stays the same however long the transcript), large enough that what each
/// part costs besides its deals is nothing beside them. A transcript
/// shorter than two is done in one.
const PART: u64 = 256 * 1024;

/// How far a worker may run ahead of the part being written.
const AHEAD: usize = 8;

/// A transcript cut into parts, each read through without a problem.
pub struct Plan {
    /// The transcript as read up to its first deal: its tags and players.
    head: Transcript,
    /// The byte-order mark's length.
    bom: usize,
    /// The referee of a partie from its start, under the transcript's rules.
    referee: Referee,
    /// Each part's bytes, and the number of its first line.
    parts: Vec<(Range<u64>, u32)>,
}

/// Cuts `source` into parts and reads each for its problems, on every
/// core; `None` where it is to be done deal by deal instead: one core, a
/// short transcript, écarté, a `--strict` run, a transcript that cannot be
/// cut, or one with a problem (whose problems the reading deal by deal
/// reports as it always has).
pub fn plan(source: &Source, shape: Shape, strict: bool) -> Result<Option<Plan>, Error> {
    if cores() < 2 || strict || !matches!(shape, Shape::Text | Shape::Json) {
        return Ok(None);
    }
    if source.len_when_opened() <= PART {
        // Too short to cut (`cut_points` cuts no sooner than a part in):
        // not opened again to look (a folder of parties has many such files).
        return Ok(None);
    }
    plan_cut(source, PART)
}

/// Cuts `source` into parts of about `every` bytes and reads each for its
/// problems, on every core: `None` where it is to be done deal by deal.
fn plan_cut(source: &Source, every: u64) -> Result<Option<Plan>, Error> {
    let (mut file, len) = source.file()?;
    let cuts = notation::split::cut_points(&mut file, len, every).map_err(|e| source.error(e))?;
    if cuts.is_empty() {
        return Ok(None);
    }
    // The first part must hold the head and a deal begun by a `deal` line
    // (a second deal): where a cut falls sooner, the part runs on to the next.
    let mut cuts = cuts.into_iter().peekable();
    let first = loop {
        let Some(end) = cuts.next() else {
            return Ok(None);
        };
        match first_part(source, 0..end)? {
            Some(first) if first.deals < 2 && cuts.peek().is_some() => continue,
            Some(first) if first.deals >= 2 && first.clean => break first,
            _ => return Ok(None),
        }
    };
    let First {
        head,
        bom,
        lines,
        referee,
        end,
        ..
    } = first;
    let cuts = std::iter::once(end).chain(cuts);
    let bounds: Vec<u64> = std::iter::once(0).chain(cuts).chain([len]).collect();
    let ranges: Vec<Range<u64>> = bounds.windows(2).map(|w| w[0]..w[1]).collect();
    let Some(counted) = lines_of_parts(source, &head, bom, &ranges, lines) else {
        return Ok(None);
    };
    let firsts = counted
        .iter()
        .scan(1, |line, n| Some(std::mem::replace(line, *line + n)));
    let parts = ranges.into_iter().zip(firsts).collect();
    Ok(Some(Plan {
        head,
        bom,
        referee,
        parts,
    }))
}

/// Reads each part after the first for its problems, on every core: how
/// many lines each part has (the first has `first`), or `None` where one
/// has a problem or cannot be read.
fn lines_of_parts(
    source: &Source,
    head: &Transcript,
    bom: usize,
    ranges: &[Range<u64>],
    first: u32,
) -> Option<Vec<u32>> {
    let mut counted = vec![Some(first)];
    let part = |lately: &mut Lately, i: usize| {
        let range = ranges[i + 1].clone();
        let start = range.start as usize;
        let at = Resume {
            head,
            start,
            line: 1,
            bom,
        };
        let read = source.stream_range(range).ok()?;
        let (reading, next) = notation::check_stream_from(read, &at, lately).ok()?;
        reading.errors.is_empty().then_some(next - 1)
    };
    let all = usize::MAX;
    in_order_with::<_, _, ()>(ranges.len() - 1, all, part, |_, lines| {
        counted.push(lines);
        Ok(())
    })
    .ok()?;
    counted.into_iter().collect()
}

/// The first part, read for its problems.
struct First {
    /// The transcript's tags and players.
    head: Transcript,
    /// The byte-order mark's length.
    bom: usize,
    /// Where the part ends.
    end: u64,
    /// How many lines it has.
    lines: u32,
    /// How many deals.
    deals: usize,
    /// Whether it has no problem.
    clean: bool,
    /// The referee of the transcript's rules.
    referee: Referee,
}

/// Reads the first part for its problems, or `None` where it is écarté,
/// or under rules not ruled (the reading deal by deal is then the referee's).
fn first_part(source: &Source, range: Range<u64>) -> Result<Option<First>, Error> {
    let mut deals = 0;
    let read = source.stream_range(range.clone())?;
    let (reading, next) =
        notation::check_stream_counted(read, |_| deals += 1).map_err(|e| source.error(e))?;
    if reading.transcript.game == Game::Ecarte {
        return Ok(None);
    }
    let Ok(referee) = Referee::new(&reading.transcript) else {
        return Ok(None);
    };
    let mut start = Vec::new();
    io::Read::read_to_end(&mut source.stream_range(0..BOM.len() as u64)?, &mut start)
        .map_err(|e| source.error(e))?;
    Ok(Some(First {
        head: reading.transcript,
        bom: if start == BOM { BOM.len() } else { 0 },
        end: range.end,
        lines: next - 1,
        deals,
        clean: reading.errors.is_empty(),
        referee,
    }))
}

/// The byte-order mark a transcript may begin with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One part ruled and reported by a worker.
struct Done<L> {
    /// Its report.
    bytes: Vec<u8>,
    /// What its report left for the join.
    left: L,
    /// The referee after its last deal.
    referee: Referee,
    /// The number of its first deal.
    first: Option<u32>,
    /// The slips of the pen found in it.
    found: Vec<Found>,
}

/// `referee rule FILE` in parts (see the module's doc): the report, and
/// the warnings after it.
pub fn rule(
    source: &Source,
    plan: Plan,
    shape: Shape,
    out: &mut dyn Write,
    warnings: Warnings<'_>,
) -> Result<(), Error> {
    let rules = plan.referee.rules();
    let book = library()?.book(rules.book);
    let mut found = Vec::new();
    let head = &plan.head;
    let written = match shape {
        Shape::Json => joined(source, &plan, JsonReport::new(head, rules), out, &mut found),
        _ => joined(
            source,
            &plan,
            TextReport::new(head, rules, book),
            out,
            &mut found,
        ),
    };
    match written {
        // A reader that has gone away (`referee rule big.pqt | head`) is not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => warnings.give(source, &found),
    }
}

/// The parts ruled on every core, their reports joined in order into `out`.
fn joined<R: PartedReport + Sync>(
    source: &Source,
    plan: &Plan,
    mut report: R,
    out: &mut dyn Write,
    found: &mut Vec<Found>,
) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    report.begin(&mut out)?;
    let mut referee = plan.referee.clone();
    let template = report.part();
    let spare = Spare::default();
    let work = |desk: &mut Desk, i: usize| {
        ruled_part(source, plan, i, desk, template.part(), spare.take())
    };
    in_order_with(plan.parts.len(), AHEAD, work, |i, done| {
        let mut done = done?;
        let begins = done.first.is_some_and(|n| referee.begins_partie(n));
        if i > 0 && !begins {
            // Not where a partie began: ruled again, after the deals before it.
            return rule_part(source, plan, i, &mut referee, &mut report, &mut out, found);
        }
        if i > 0 {
            report.ended(&mut out, &referee.standing())?;
        }
        report.join(&mut out, &done.bytes, done.left)?;
        spare.give_back(std::mem::take(&mut done.bytes));
        referee = done.referee;
        found.extend(done.found);
        Ok(())
    })?;
    report.end(&mut out, &referee.standing())?;
    out.flush()
}

/// The buffers of the parts' reports written out, each to hold a later
/// part's: a report is written into a buffer already as large as a part's
/// report is, not one grown (and copied) as it is written, and always the
/// same few buffers are written to.
#[derive(Default)]
struct Spare(std::sync::Mutex<Vec<Vec<u8>>>);

impl Spare {
    /// An empty buffer, one written out before where there is one.
    fn take(&self) -> Vec<u8> {
        let spare = self.0.lock().ok().and_then(|mut spare| spare.pop());
        spare.unwrap_or_default()
    }

    /// A part's buffer, written out: emptied for another part.
    fn give_back(&self, mut bytes: Vec<u8>) {
        bytes.clear();
        if let Ok(mut spare) = self.0.lock() {
            spare.push(bytes);
        }
    }
}

/// Part `i` ruled from nothing, into a report of its own written into `bytes`.
fn ruled_part<R: PartedReport>(
    source: &Source,
    plan: &Plan,
    i: usize,
    desk: &mut Desk,
    mut report: R,
    mut bytes: Vec<u8>,
) -> io::Result<Done<R::Left>> {
    let mut referee = plan.referee.clone();
    let (mut found, mut first) = (Vec::new(), None);
    let Desk { lately, ruling } = desk;
    read_part(source, plan, i, lately, |deal| {
        first.get_or_insert(deal.header.number);
        referee.deal_into(deal, ruling);
        found.extend(warnings::in_deal(&plan.head, deal, ruling));
        report.deal(&mut bytes, deal, ruling)
    })?;
    Ok(Done {
        bytes,
        left: report.leave(),
        referee,
        first,
        found,
    })
}

/// Part `i` ruled by `referee` as the deals before it left it, into `report` and `out`.
fn rule_part<R: PartedReport>(
    source: &Source,
    plan: &Plan,
    i: usize,
    referee: &mut Referee,
    report: &mut R,
    out: &mut dyn Write,
    found: &mut Vec<Found>,
) -> io::Result<()> {
    let mut ruling = DealRuling::default();
    read_part(source, plan, i, &mut Lately::default(), |deal| {
        referee.deal_into(deal, &mut ruling);
        found.extend(warnings::in_deal(&plan.head, deal, &ruling));
        report.deal(out, deal, &ruling)
    })
}

/// Reads part `i`, each deal lent to `each`, from what the reading of
/// another part learned (`lately`, left with what this one learned); the
/// first error of `each` ends it.
fn read_part(
    source: &Source,
    plan: &Plan,
    i: usize,
    lately: &mut Lately,
    mut each: impl FnMut(&Deal) -> io::Result<()>,
) -> io::Result<()> {
    let (range, line) = plan.parts[i].clone();
    let read = source
        .stream_range(range.clone())
        .map_err(io::Error::other)?;
    let mut failed = None;
    let mut handed = |deal: &Deal| {
        if failed.is_none() {
            failed = each(deal).err();
        }
    };
    let reading = match i {
        0 => notation::read_stream_lent(read, &mut handed)?,
        _ => {
            let start = range.start as usize;
            let at = Resume {
                head: &plan.head,
                start,
                line,
                bom: plan.bom,
            };
            notation::read_stream_from_lent(read, &at, lately, &mut handed)?.0
        }
    };
    if !reading.errors.is_empty() {
        // The file changed since it was read for its problems.
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the transcript changed while it was read",
        ));
    }
    failed.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::super::transcript::rule_deal_by_deal;
    use super::*;
    use crate::engine::ruleset::{AU_CENT, CLASSIC, PORTLAND};

    /// A report and its warnings.
    type Printed = (Vec<u8>, Vec<u8>);

    /// The report, and the warnings, of `text` ruled in parts cut before
    /// every line `deal 1` (or `None` where it is not cut), and deal by deal.
    fn both_ways(text: &str, shape: Shape) -> (Option<Printed>, Printed) {
        let (_, path) = crate::temp::new_file("parts-test", false).unwrap();
        std::fs::write(&path, text).unwrap();
        let source = Source::open(&path).unwrap();
        let run = |in_parts: bool| {
            let (mut out, mut warn) = (Vec::new(), Vec::new());
            let warnings = Warnings {
                strict: false,
                warn: &mut warn,
            };
            let done = match in_parts {
                true => match plan_cut(&source, 1).unwrap() {
                    Some(plan) => rule(&source, plan, shape, &mut out, warnings),
                    None => return None,
                },
                false => {
                    rule_deal_by_deal(&source, shape, &mut Desk::default(), &mut out, warnings)
                }
            };
            if let Err(e) = done {
                warn.extend_from_slice(e.to_string().as_bytes());
            }
            Some((out, warn))
        };
        let ways = (run(true), run(false).unwrap());
        std::fs::remove_file(&path).unwrap();
        ways
    }

    /// The deals of a transcript, from its first `deal` line.
    fn deals_of(text: &str) -> &str {
        text.find("\ndeal ").map_or("", |at| &text[at + 1..])
    }

    /// Every piquet transcript of the project, followed by parties of
    /// generated deals and then by its own deals again (so that a law it
    /// quotes is quoted in more than one part, and a part may begin where
    /// no partie does), ruled in parts and deal by deal: the same report
    /// and warnings, byte for byte, in text and JSON.
    #[test]
    fn a_transcript_ruled_in_parts_is_reported_as_deal_by_deal() {
        let generated = crate::generate::transcript(13, 4, &PORTLAND);
        let between = deals_of(&generated);
        let mut cut = 0;
        let dirs = [
            "cases",
            "tests/laws",
            "tests/au-cent",
            "tests/french",
            "tests/fixtures/rule",
            "tests/fixtures/slips",
        ];
        for path in crate::testing::transcripts_in(&dirs) {
            let own = std::fs::read_to_string(&path).unwrap();
            let text = format!("{own}\n{between}\n{}\n{between}", deals_of(&own));
            for shape in [Shape::Text, Shape::Json] {
                let (parts, whole) = both_ways(&text, shape);
                if let Some(parts) = parts {
                    assert!(parts == whole, "{}: {shape:?}", path.display());
                    cut += 1;
                }
            }
        }
        for rules in [&PORTLAND, &AU_CENT, &CLASSIC] {
            let text = crate::generate::transcript(60, 8, rules);
            for shape in [Shape::Text, Shape::Json] {
                let (parts, whole) = both_ways(&text, shape);
                assert!(parts.expect("cut") == whole, "{shape:?}");
            }
        }
        assert!(cut > 200, "only {cut} transcripts were cut");
    }
}
