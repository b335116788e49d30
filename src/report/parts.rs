//! A report of `referee rule` written in parts, each part of the transcript
//! ruled and reported by a core of its own, then joined in order into the
//! same bytes as the report written deal by deal.
//!
//! A part begins a partie (see `notation::reader::split`), so its report
//! starts from nothing, as the report does at a new partie; what a report
//! carries from deal to deal beyond that is joined here: the JSON's count
//! of deals (its commas), the parties that ended (`earlier`) and the games
//! of the partie in play; the text's laws quoted so far (each law is quoted
//! once in the report: a deal of a part that quoted a law already quoted in
//! an earlier part is written again as the whole report would write it).

use std::io::{self, Write};
use std::ops::Range;

use super::ruled::{deal_text, partie_text};
use super::stream::{JsonReport, RuledReport, TextReport};
use crate::engine::partie::Standing;
use crate::engine::DealRuling;
use crate::laws::BookId;
use crate::notation::Deal;

/// A report that can be written in parts and joined.
pub trait PartedReport: RuledReport + Send + Sized {
    /// What a part's report leaves for the join, besides its bytes.
    type Left: Send;
    /// The report of a part that begins a partie: this report's, from nothing.
    fn part(&self) -> Self;
    /// The part's report is done: what the join needs of it.
    fn leave(self) -> Self::Left;
    /// The partie that ended where a part begins.
    fn ended(&mut self, out: &mut dyn Write, ended: &Standing) -> io::Result<()>;
    /// A part's bytes, and what its report left, after those before it.
    fn join(&mut self, out: &mut dyn Write, bytes: &[u8], left: Self::Left) -> io::Result<()>;
}

/// A deal of a part whose text quoted laws in full: the join writes it
/// again where an earlier part had quoted one of them.
pub struct Quoted {
    /// Where its text is in the part's bytes.
    pub range: Range<usize>,
    /// The laws it quoted in full.
    pub laws: Vec<(BookId, &'static str)>,
    /// The deal and its ruling, to write it again.
    pub deal: Deal,
    /// The deal's ruling.
    pub ruling: DealRuling,
}

impl PartedReport for TextReport<'_> {
    type Left = Vec<Quoted>;

    fn part(&self) -> Self {
        let mut part = TextReport::new(self.names.0, self.rules, self.book);
        part.parted = Some((0, Vec::new()));
        part
    }

    fn leave(self) -> Vec<Quoted> {
        self.parted.map(|(_, quoted)| quoted).unwrap_or_default()
    }

    fn ended(&mut self, out: &mut dyn Write, ended: &Standing) -> io::Result<()> {
        self.buffer.push('\n');
        partie_text(&mut self.buffer, ended, &self.names);
        out.write_all(self.buffer.as_bytes())?;
        self.buffer.clear();
        Ok(())
    }

    fn join(&mut self, out: &mut dyn Write, bytes: &[u8], left: Vec<Quoted>) -> io::Result<()> {
        let mut from = 0;
        for quoted in left {
            out.write_all(&bytes[from..quoted.range.start])?;
            from = quoted.range.end;
            if !self.quoting.any_quoted(&quoted.laws) {
                self.quoting.quoted_as(&quoted.laws);
                out.write_all(&bytes[quoted.range])?;
                continue;
            }
            let (deal, ruling) = (&quoted.deal, &quoted.ruling);
            self.buffer.clear();
            let (names, rules) = (&self.names, self.rules);
            deal_text(
                &mut self.buffer,
                deal,
                ruling,
                names,
                &mut self.quoting,
                rules,
            );
            out.write_all(self.buffer.as_bytes())?;
            self.buffer.clear();
        }
        out.write_all(&bytes[from..])
    }
}

/// What a JSON part leaves: its counts, the parties that ended in it, its games.
pub struct JsonLeft<'a> {
    deals: usize,
    ended: usize,
    earlier: super::spill::Spill,
    games: super::json::GameEntries<'a>,
}

impl<'a> PartedReport for JsonReport<'a> {
    type Left = JsonLeft<'a>;

    fn part(&self) -> Self {
        JsonReport::new(self.names.0, self.rules)
    }

    fn leave(self) -> JsonLeft<'a> {
        JsonLeft {
            deals: self.deals,
            ended: self.ended,
            earlier: self.earlier,
            games: self.games,
        }
    }

    fn ended(&mut self, _out: &mut dyn Write, ended: &Standing) -> io::Result<()> {
        self.games.new_partie();
        self.partie_ended(ended)
    }

    fn join(&mut self, out: &mut dyn Write, bytes: &[u8], left: JsonLeft<'a>) -> io::Result<()> {
        if self.deals > 0 && left.deals > 0 {
            out.write_all(b",")?;
        }
        out.write_all(bytes)?;
        self.deals += left.deals;
        if self.ended > 0 && left.ended > 0 {
            self.earlier.push(b",")?;
        }
        left.earlier.write_to(&mut self.earlier)?;
        self.ended += left.ended;
        self.games.join(left.games);
        Ok(())
    }
}
