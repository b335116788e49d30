//! `referee rule` and `referee check` on an écarté transcript: the same
//! commands, dispatched here on the game at the top, ruled by the écarté
//! engine and written by the écarté reports.

use std::io::{self, Write};

use crate::engine::ecarte::EcarteReferee;
use crate::laws::{library, BookId};
use crate::notation::{self, Transcript};
use crate::report::{EcarteExplain, EcarteJson, EcarteReport, EcarteText};
use crate::{Error, Outcome};

use super::source::Source;
use super::transcript::{Shape, Warnings};
use super::warnings;

/// How much of the report is gathered before it is written.
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Rules an écarté transcript deal by deal, as read, through `report`.
/// Gives whether any written score disagrees with the referee.
fn ruled(
    source: &Source,
    tags: &Transcript,
    report: &mut dyn EcarteReport,
    out: &mut dyn Write,
    found: &mut Vec<warnings::Found>,
) -> Result<bool, Error> {
    let mut referee = EcarteReferee::new(tags);
    let mut out = io::BufWriter::with_capacity(OUTPUT_BUFFER, out);
    let mut failed = report.begin(&mut out).err();
    let mut wrong = false;
    let mut steps = Vec::new();
    let reading = notation::read_stream(source.stream()?, |deal| {
        steps.clear();
        let ruled = referee.traced(&deal, &mut |step| steps.push(step));
        wrong |= ruled.written.iter().any(|w| !w.agrees());
        found.extend(warnings::in_rulings(tags, &deal, &ruled.rulings));
        if failed.is_none() {
            failed = report.deal(&mut out, &deal, &ruled, &steps).err();
        }
    })
    .map_err(|e| source.error(e))?;
    if !reading.errors.is_empty() {
        // The file changed between the two readings.
        return Err(source.unreadable(&reading));
    }
    if failed.is_none() {
        let games = referee.games();
        failed = report
            .end(&mut out, games.game(), games.won())
            .and_then(|()| out.flush())
            .err();
    }
    match failed {
        // A reader that has gone away (`referee rule big.pqt | head`) is not an error.
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(wrong),
    }
}

/// `referee rule FILE` on an écarté transcript, as text, JSON, or event
/// by event (`explain`).
pub fn rule(
    source: &Source,
    tags: &Transcript,
    shape: Shape,
    out: &mut dyn Write,
    given: Warnings<'_>,
) -> Result<(), Error> {
    if given.strict {
        // Nothing is printed for a transcript refused: it is ruled through once first.
        let mut found = Vec::new();
        ruled(source, tags, &mut Silent, &mut io::sink(), &mut found)?;
        warnings::refuse(source, &found)?;
    }
    let book = library()?.book(BookId::Ecarte);
    let mut report: Box<dyn EcarteReport> = match shape {
        Shape::Json => Box::new(EcarteJson::new(tags)),
        Shape::Text => Box::new(EcarteText::new(tags, book)),
        Shape::Explain => Box::new(EcarteExplain::new(tags, book)),
    };
    let mut found = Vec::new();
    ruled(source, tags, report.as_mut(), out, &mut found)?;
    given.give(source, &found)
}

/// A report that writes nothing: a transcript ruled through for its slips.
struct Silent;

impl EcarteReport for Silent {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn deal(
        &mut self,
        _: &mut dyn Write,
        _: &crate::notation::Deal,
        _: &crate::engine::ecarte::EcarteDeal,
        _: &[crate::engine::Step],
    ) -> io::Result<()> {
        Ok(())
    }

    fn end(
        &mut self,
        _: &mut dyn Write,
        _: Option<crate::engine::games::GameAt>,
        _: [u32; 2],
    ) -> io::Result<()> {
        Ok(())
    }
}

/// `referee check FILE` on an écarté transcript: the report, and
/// `WrongScore` when a written mark disagrees with the referee's.
pub fn check(
    source: &Source,
    tags: &Transcript,
    json: bool,
    out: &mut dyn Write,
    given: Warnings<'_>,
) -> Result<Outcome, Error> {
    // The places where it contradicts itself come before the report, as for piquet.
    let mut found = Vec::new();
    ruled(source, tags, &mut Silent, &mut io::sink(), &mut found)?;
    given.give(source, &found)?;
    let book = library()?.book(BookId::Ecarte);
    let mut report: Box<dyn EcarteReport> = match json {
        true => Box::new(EcarteJson::new(tags)),
        false => Box::new(EcarteText::new(tags, book)),
    };
    let wrong = ruled(source, tags, report.as_mut(), out, &mut Vec::new())?;
    Ok(if wrong {
        Outcome::WrongScore
    } else {
        Outcome::Ruled
    })
}
