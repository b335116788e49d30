//! The report of `referee rule` written deal by deal, as each deal is ruled,
//! so that a transcript of any length is reported in flat memory.
//!
//! A [`RuledReport`] is told of the start, of each deal with its ruling, and
//! of the partie at the end; [`ruled_text`](super::ruled_text) and
//! [`ruled_json`](super::ruled_json) are the same reports over a whole
//! [`Ruled`] at once.

use std::io::{self, Write};

use super::deal_json::DealLayout;
use super::json::{partie_out, GameEntries, Tail};
use super::parts::Quoted;
use super::pretty::serialize_at;
use super::ruled::{deal_text, partie_text, Names, Quoting};
use super::spill::{Spill, HELD};
use crate::agreements::{Agreement, Agreements, Terms};
use crate::engine::partie::Standing;
use crate::engine::ruleset::RuleSet;
use crate::engine::{DealRuling, Ruled};
use crate::laws::Book;
use crate::notation::{Deal, Transcript};

/// The agreements the transcript records, which the report names after
/// the rule set (AC25, AC26).
fn agreed(transcript: &Transcript) -> impl Iterator<Item = Agreement> {
    let tags = transcript
        .tags
        .iter()
        .map(|t| (&*t.value.name, &*t.value.value));
    Agreements::of_tags(tags).iter()
}

/// A report written as the deals are ruled.
pub trait RuledReport {
    /// Before the first deal.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// One deal, ruled (a deal that began a new partie carries the one it ended).
    fn deal(&mut self, out: &mut dyn Write, deal: &Deal, ruling: &DealRuling) -> io::Result<()>;
    /// After the last deal: the partie as it stands.
    fn end(&mut self, out: &mut dyn Write, standing: &Standing) -> io::Result<()>;
}

/// Writes a whole [`Ruled`] through a report, into a string.
pub(super) fn whole(
    report: &mut dyn RuledReport,
    transcript: &Transcript,
    ruled: &Ruled,
) -> String {
    let mut out = Vec::new();
    let written = (|| {
        report.begin(&mut out)?;
        for (deal, ruling) in transcript.deals.iter().zip(&ruled.deals) {
            report.deal(&mut out, deal, ruling)?;
        }
        report.end(&mut out, &ruled.standing)
    })();
    debug_assert!(written.is_ok(), "writing to memory does not fail");
    String::from_utf8(out).unwrap_or_default()
}

/// The text for people: each deal's table, reasons and rulings, each
/// partie's result where it ends, and the partie in play at the end.
pub struct TextReport<'a> {
    pub(super) names: Names<'a>,
    pub(super) book: &'a Book,
    /// The laws quoted so far: each is quoted once in the report.
    pub(super) quoting: Quoting<'a>,
    pub(super) rules: &'static RuleSet,
    /// Each deal's text, built here and then written: reused from deal to deal.
    pub(super) buffer: String,
    /// The report of a part (see `parts.rs`): the bytes written so far, and
    /// the deals that quoted laws in full.
    pub(super) parted: Option<(usize, Vec<Quoted>)>,
}

impl<'a> TextReport<'a> {
    /// A text report on a transcript's deals (its tags name the players).
    pub fn new(transcript: &'a Transcript, rules: &'static RuleSet, book: &'a Book) -> Self {
        TextReport {
            names: Names(transcript),
            book,
            quoting: Quoting::new(book),
            rules,
            buffer: String::new(),
            parted: None,
        }
    }

    fn flush(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.buffer.as_bytes())?;
        self.buffer.clear();
        Ok(())
    }
}

impl RuledReport for TextReport<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let (title, name) = (&self.book.title, self.rules.rules.name());
        writeln!(out, "Ruled under {title} ({name}).")?;
        let mut agreed: Vec<String> = agreed(self.names.0)
            .map(|a| format!("{} ({})", a.name(), a.law()))
            .collect();
        // 19c, R2-R5: the game's target and the rubicon partie.
        let tags = self.names.0.tags.iter();
        let terms = Terms::of_tags(tags.map(|t| (&*t.value.name, &*t.value.value)));
        agreed.extend(terms.target.map(|t| format!("a game of {t} up (19c)")));
        if terms.rubicon {
            agreed.push("the rubicon partie (R2-R5)".to_string());
        }
        if !agreed.is_empty() {
            writeln!(out, "By agreement: {}.", agreed.join(", "))?;
        }
        Ok(())
    }

    fn deal(&mut self, out: &mut dyn Write, deal: &Deal, ruling: &DealRuling) -> io::Result<()> {
        if let Some(ended) = &ruling.ended {
            self.buffer.push('\n');
            partie_text(&mut self.buffer, ended, &self.names);
        }
        self.buffer.push('\n');
        let (start, quoted) = (self.buffer.len(), self.quoting.count());
        deal_text(
            &mut self.buffer,
            deal,
            ruling,
            &self.names,
            &mut self.quoting,
            self.rules,
        );
        if let Some((written, parted)) = &mut self.parted {
            let laws = self.quoting.since(quoted);
            if !laws.is_empty() {
                let (deal, ruling) = (deal.clone(), ruling.clone());
                let range = *written + start..*written + self.buffer.len();
                parted.push(Quoted {
                    range,
                    laws,
                    deal,
                    ruling,
                });
            }
            *written += self.buffer.len();
        }
        self.flush(out)
    }

    fn end(&mut self, out: &mut dyn Write, standing: &Standing) -> io::Result<()> {
        self.buffer.push('\n');
        partie_text(&mut self.buffer, standing, &self.names);
        self.flush(out)
    }
}

/// The JSON for tools: one object, pretty-printed, the same bytes as
/// `serde_json` gives for the whole report at once. Each deal is written as
/// it comes; the result of each partie that ended is written, as JSON, where
/// it ends, to a [`Spill`] (memory up to a limit, then an unnamed temporary
/// file), and copied into `earlier` at the end: memory stays flat however
/// many parties there are.
pub struct JsonReport<'a> {
    pub(super) names: Names<'a>,
    pub(super) rules: &'static RuleSet,
    /// How many deals are written.
    pub(super) deals: usize,
    /// The parties that ended, as JSON items of `earlier`, for the end.
    pub(super) earlier: Spill,
    /// How many parties ended.
    pub(super) ended: usize,
    /// The games of the partie in play (five at most), for `games` at the end.
    pub(super) games: GameEntries<'a>,
    /// Each deal's JSON, built here and then written: reused from deal to deal.
    buffer: Vec<u8>,
    /// What a deal's JSON has of the players, made once.
    layout: DealLayout,
}

impl<'a> JsonReport<'a> {
    /// A JSON report on a transcript's deals (its tags name the players).
    pub fn new(transcript: &'a Transcript, rules: &'static RuleSet) -> Self {
        JsonReport {
            names: Names(transcript),
            rules,
            deals: 0,
            earlier: Spill::new(HELD),
            ended: 0,
            games: GameEntries::default(),
            buffer: Vec::new(),
            layout: DealLayout::new(&Names(transcript)),
        }
    }
}

/// The indent of a deal in the `deals` array.
pub(super) const DEAL_INDENT: &str = "    ";

/// The levels of indent of [`DEAL_INDENT`].
pub(super) const DEAL_DEPTH: usize = 2;

/// Appends the pretty JSON of `value` to `out`, indented as an item of
/// `deals`: written at that depth as it is serialized.
pub(super) fn pretty_indented(
    out: &mut Vec<u8>,
    value: &impl serde::Serialize,
) -> serde_json::Result<()> {
    serialize_at(out, DEAL_DEPTH, value)
}

fn json_error(e: serde_json::Error) -> io::Error {
    io::Error::other(e)
}

impl JsonReport<'_> {
    /// A partie ended: its result kept, as an item of `earlier`.
    pub(super) fn partie_ended(&mut self, ended: &Standing) -> io::Result<()> {
        self.buffer.clear();
        if self.ended > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        self.layout.partie(&mut self.buffer, ended);
        self.ended += 1;
        self.earlier.push(&self.buffer)
    }
}

impl RuledReport for JsonReport<'_> {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let rules = serde_json::to_string(self.rules.rules.name()).map_err(json_error)?;
        let version = super::documents::VERSION;
        write!(
            out,
            "{{\n  \"version\": \"{version}\",\n  \"rules\": {rules},"
        )?;
        let agreed: Vec<&str> = agreed(self.names.0).map(|a| a.name()).collect();
        if !agreed.is_empty() {
            let list = serde_json::to_string_pretty(&agreed).map_err(json_error)?;
            write!(out, "\n  \"agreements\": {},", list.replace('\n', "\n  "))?;
        }
        write!(out, "\n  \"deals\": [")
    }

    fn deal(&mut self, out: &mut dyn Write, deal: &Deal, ruling: &DealRuling) -> io::Result<()> {
        if let Some(ended) = ruling.ended {
            self.partie_ended(&ended)?;
        }
        self.games.deal(ruling, &self.names);
        self.buffer.clear();
        if self.deals > 0 {
            self.buffer.push(b',');
        }
        self.buffer.push(b'\n');
        self.buffer.extend_from_slice(DEAL_INDENT.as_bytes());
        self.layout
            .write(&mut self.buffer, deal, ruling, &self.names, self.rules)
            .map_err(json_error)?;
        out.write_all(&self.buffer)?;
        self.deals += 1;
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write, standing: &Standing) -> io::Result<()> {
        out.write_all(if self.deals == 0 { b"]" } else { b"\n  ]" })?;
        let tail = Tail {
            totals: super::json::pair(&self.names, standing.totals),
            games: self.games.out(),
            partie: partie_out(standing, &self.names),
            earlier: Vec::new(),
        };
        let pretty = serde_json::to_string_pretty(&tail).map_err(json_error)?;
        // `{` then the fields: they follow the deals in the same object.
        let fields = pretty.strip_prefix('{').unwrap_or(&pretty);
        if self.ended == 0 {
            return writeln!(out, ",{fields}");
        }
        // `earlier` is the last field: before the closing brace.
        let fields = fields.strip_suffix("\n}").unwrap_or(fields);
        write!(out, ",{fields},\n  \"earlier\": [")?;
        std::mem::replace(&mut self.earlier, Spill::new(0)).write_to(out)?;
        out.write_all(b"\n  ]\n}\n")
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::super::json::{deal_out, DealOut};
    use super::*;
    use crate::engine::ruleset::{AU_CENT, CLASSIC, MODERN, OLD, PORTLAND};
    use crate::engine::{self};
    use crate::notation::read_str;

    /// The report as one value, as it was printed before it was streamed.
    #[derive(Serialize)]
    struct Whole<'a> {
        version: super::super::documents::Version,
        rules: &'static str,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        agreements: Vec<&'static str>,
        deals: Vec<DealOut<'a>>,
        #[serde(flatten)]
        tail: Tail<'a>,
    }

    fn at_once(transcript: &Transcript, ruled: &Ruled) -> String {
        let names = Names(transcript);
        let mut games = GameEntries::default();
        for ruling in &ruled.deals {
            games.deal(ruling, &names);
        }
        let partie = |s: &Standing| partie_out(s, &names);
        let whole = Whole {
            version: super::super::documents::Version,
            rules: ruled.rules.rules.name(),
            agreements: agreed(transcript).map(|a| a.name()).collect(),
            deals: transcript
                .deals
                .iter()
                .zip(&ruled.deals)
                .map(|(deal, ruling)| deal_out(deal, ruling, &names, ruled.rules))
                .collect(),
            tail: Tail {
                totals: super::super::json::pair(&names, ruled.standing.totals),
                games: games.out(),
                partie: partie(&ruled.standing),
                earlier: ruled
                    .deals
                    .iter()
                    .filter_map(|d| d.ended.as_ref())
                    .map(partie)
                    .collect(),
            },
        };
        serde_json::to_string_pretty(&whole).unwrap() + "\n"
    }

    /// Every `.pqt` file under `dir` (a folder of the project), at any depth.
    fn transcripts_under(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                transcripts_under(&path, out);
            } else if path.extension().is_some_and(|e| e == "pqt") {
                // A fuzzing fixture may not be UTF-8: it is no transcript.
                if let Ok(text) = std::fs::read_to_string(&path) {
                    out.push((path.display().to_string(), text));
                }
            }
        }
    }

    /// Every transcript of the project (the cases, the laws', au cent's,
    /// the French rules' and the audits' tests, the fixtures), parties of
    /// generated deals under every rule set, and a transcript without a deal.
    fn transcripts() -> Vec<(String, String)> {
        let mut out = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        transcripts_under(&root.join("cases"), &mut out);
        transcripts_under(&root.join("tests"), &mut out);
        for rules in [&PORTLAND, &AU_CENT, &CLASSIC, &MODERN, &OLD] {
            let generated = crate::generate::transcript(14, 7, rules);
            out.push((format!("generated {}", rules.rules.name()), generated));
        }
        out.push(("no deal".to_string(), "[Players \"A B\"]\n".to_string()));
        out
    }

    /// Each transcript read without a problem and ruled by the piquet
    /// engine: the JSON report streamed, and serde's JSON of the whole.
    #[test]
    fn streamed_json_is_byte_for_byte_the_json_of_the_whole() {
        let mut checked = Vec::new();
        for (name, text) in transcripts() {
            let reading = read_str(&text);
            // A transcript without a deal cannot be read; its tags are ruled all the same.
            if !reading.errors.is_empty() && !reading.transcript.deals.is_empty() {
                continue;
            }
            // Écarté has an engine and a report of its own.
            let Ok(ruled) = engine::rule(&reading.transcript) else {
                continue;
            };
            let streamed = super::super::ruled_json(&reading.transcript, &ruled);
            assert_eq!(streamed, at_once(&reading.transcript, &ruled), "{name}");
            checked.push(name);
        }
        assert!(
            checked.len() > 700,
            "only {} transcripts ruled",
            checked.len()
        );
        for dir in [
            "cases/",
            "tests/laws/",
            "tests/au-cent/",
            "tests/french/",
            "tests/fixtures/rule/",
            "tests/audit/",
        ] {
            assert!(
                checked.iter().any(|n| n.contains(dir)),
                "none ruled in {dir}"
            );
        }
        for rules in ["portland", "au-cent", "classic", "modern", "old"] {
            let generated = format!("generated {rules}");
            assert!(checked.contains(&generated), "{generated}");
        }
    }

    #[test]
    fn earlier_parties_kept_in_a_temporary_file_are_the_same_json() {
        let text = crate::generate::transcript(40, 7, &PORTLAND);
        let reading = read_str(&text);
        let ruled = engine::rule(&reading.transcript).unwrap();
        let mut report = JsonReport::new(&reading.transcript, ruled.rules);
        // Every partie's result past the limit: in the file.
        report.earlier = Spill::new(0);
        let streamed = whole(&mut report, &reading.transcript, &ruled);
        assert!(streamed.contains("\"earlier\""));
        assert_eq!(streamed, at_once(&reading.transcript, &ruled));
    }
}
