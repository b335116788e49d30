//! `referee rule` and `referee check` on an écarté transcript: the same
//! commands, dispatched here on the game at the top, ruled by the écarté
//! engine and written by the écarté reports.

use std::io::{self, Write};

use crate::engine::ecarte::{EcarteDeal, EcarteReferee};
use crate::engine::games::GameAt;
use crate::engine::partie::Standing;
use crate::engine::Step;
use crate::laws::{library, BookId};
use crate::notation::{self, Deal, Transcript};
use crate::report::{
    CheckJson, CheckReport, EcarteExplain, EcarteExplainJson, EcarteJson, EcarteReport, EcarteText,
};
use crate::sheet;
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
    // Laws 22, 50: a deal's marks stand only once the next deal's first
    // lines are read; one deal is held back until then.
    let mut held: Option<(notation::Deal, EcarteDeal, Vec<Step>)> = None;
    let mut steps = Vec::new();
    let mut emit = |deal: notation::Deal, ruled: EcarteDeal, steps: &[Step]| {
        wrong |= ruled.written.iter().any(|w| !w.agrees());
        found.extend(warnings::in_rulings(tags, &deal, &ruled.rulings));
        if failed.is_none() {
            failed = report.deal(&mut out, &deal, &ruled, steps).err();
        }
    };
    let reading = notation::read_stream(source.stream()?, |deal| {
        if let Some((last, mut ruled, last_steps)) = held.take() {
            referee.settle(&mut ruled, Some(&deal));
            emit(last, ruled, &last_steps);
            steps = last_steps;
        }
        steps.clear();
        let ruled = referee.traced(&deal, &mut |step| steps.push(step));
        held = Some((deal, ruled, std::mem::take(&mut steps)));
    })
    .map_err(|e| source.error(e))?;
    if let Some((last, mut ruled, last_steps)) = held.take() {
        referee.settle(&mut ruled, None);
        emit(last, ruled, &last_steps);
    }
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
        ruled(
            source,
            tags,
            &mut Silent::default(),
            &mut io::sink(),
            &mut found,
        )?;
        warnings::refuse(source, &found)?;
    }
    let book = library()?.book(BookId::Ecarte);
    let mut report: Box<dyn EcarteReport> = match shape {
        Shape::Json => Box::new(EcarteJson::new(tags)),
        Shape::Text => Box::new(EcarteText::new(tags, book)),
        Shape::Explain => Box::new(EcarteExplain::new(tags, book)),
        Shape::ExplainJson => Box::new(EcarteExplainJson::new(tags)),
    };
    let mut found = Vec::new();
    ruled(source, tags, report.as_mut(), out, &mut found)?;
    given.give(source, &found)
}

/// A report that writes nothing: a transcript ruled through for its
/// slips, keeping where the games stand at the end.
#[derive(Default)]
struct Silent {
    /// The game in play at the end, or the last.
    game: Option<GameAt>,
    /// The games' counts each player won.
    won: [u32; 2],
}

impl EcarteReport for Silent {
    fn begin(&mut self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn deal(
        &mut self,
        _: &mut dyn Write,
        _: &Deal,
        _: &EcarteDeal,
        _: &[crate::engine::Step],
    ) -> io::Result<()> {
        Ok(())
    }

    fn end(&mut self, _: &mut dyn Write, game: Option<GameAt>, won: [u32; 2]) -> io::Result<()> {
        self.game = game;
        self.won = won;
        Ok(())
    }
}

/// The check of an écarté transcript written in the check's shape
/// (`check --format json`), deal by deal as ruled: memory stays flat.
struct CheckThrough<'a> {
    players: &'a [String; 2],
    standing: Standing,
    check: CheckJson<'a>,
}

impl EcarteReport for CheckThrough<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.check.begin(out)
    }

    fn deal(
        &mut self,
        out: &mut dyn Write,
        _: &Deal,
        ruled: &EcarteDeal,
        _: &[crate::engine::Step],
    ) -> io::Result<()> {
        let checked = sheet::ecarte::deal(self.players, ruled, self.standing);
        self.check.partie(out, &checked)
    }

    fn end(&mut self, out: &mut dyn Write, _: Option<GameAt>, _: [u32; 2]) -> io::Result<()> {
        self.check.end(out)
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
    let mut through = Silent::default();
    ruled(source, tags, &mut through, &mut io::sink(), &mut found)?;
    given.give(source, &found)?;
    let wrong = if json {
        // The check's own shape, as for piquet: the games standing first.
        let players = sheet::ecarte::players(tags);
        let standing = sheet::ecarte::standing(through.game, through.won);
        let last = sheet::ecarte::games(&players, standing);
        let mut report = CheckThrough {
            players: &players,
            standing,
            check: CheckJson::new(&last, 1),
        };
        ruled(source, tags, &mut report, out, &mut Vec::new())?
    } else {
        let book = library()?.book(BookId::Ecarte);
        let mut report = EcarteText::new(tags, book);
        ruled(source, tags, &mut report, out, &mut Vec::new())?
    };
    Ok(if wrong {
        Outcome::WrongScore
    } else {
        Outcome::Ruled
    })
}
