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
use super::transcript::Shape;

/// How much of the report is gathered before it is written.
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Rules an écarté transcript deal by deal, as read, through `report`.
/// Gives whether any written score disagrees with the referee.
fn ruled(
    source: &Source,
    tags: &Transcript,
    report: &mut dyn EcarteReport,
    out: &mut dyn Write,
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
) -> Result<(), Error> {
    let book = library()?.book(BookId::Ecarte);
    let mut report: Box<dyn EcarteReport> = match shape {
        Shape::Json => Box::new(EcarteJson::new(tags)),
        Shape::Text => Box::new(EcarteText::new(tags, book)),
        Shape::Explain => Box::new(EcarteExplain::new(tags, book)),
    };
    ruled(source, tags, report.as_mut(), out).map(drop)
}

/// `referee check FILE` on an écarté transcript: the report, and
/// `WrongScore` when a written mark disagrees with the referee's.
pub fn check(
    source: &Source,
    tags: &Transcript,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Error> {
    let book = library()?.book(BookId::Ecarte);
    let mut report: Box<dyn EcarteReport> = match json {
        true => Box::new(EcarteJson::new(tags)),
        false => Box::new(EcarteText::new(tags, book)),
    };
    let wrong = ruled(source, tags, report.as_mut(), out)?;
    Ok(if wrong {
        Outcome::WrongScore
    } else {
        Outcome::Ruled
    })
}
