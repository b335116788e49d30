//! The transcript commands: `fmt`, `parse`, `rule` and `explain`.

use std::io::Read;
use std::path::Path;

use serde::Serialize;

use crate::engine::ruleset::RuleSet;
use crate::engine::{self, Ruled};
use crate::laws::library;
use crate::notation::{self, Diagnostic, Reading, Transcript};
use crate::report;
use crate::sheet;
use crate::{Error, Outcome, Rules};

/// A transcript read from a file or standard input, with the name to report it by.
pub struct Source {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    /// The bytes as read.
    pub bytes: Vec<u8>,
}

impl Source {
    /// Reads `path`, or standard input for `-`. The file is only read, never written.
    pub fn open(path: &Path) -> Result<Source, Error> {
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Error::Open {
                    path: "<stdin>".into(),
                    source: e,
                })?;
            return Ok(Source {
                name: "<stdin>".into(),
                bytes,
            });
        }
        let bytes = std::fs::read(path).map_err(|e| Error::Open {
            path: path.display().to_string(),
            source: e,
        })?;
        Ok(Source {
            name: path.display().to_string(),
            bytes,
        })
    }

    /// Every diagnostic, rendered against the text.
    pub fn render(&self, errors: &[Diagnostic]) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        errors
            .iter()
            .map(|d| d.render(&self.name, &text))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The error for a reading with problems.
    pub fn unreadable(&self, reading: &Reading) -> Error {
        self.unreadable_with(&reading.errors)
    }

    /// The error for these problems.
    pub fn unreadable_with(&self, errors: &[Diagnostic]) -> Error {
        Error::Transcript {
            file: self.name.clone(),
            count: errors.len(),
            rendered: self.render(errors),
        }
    }
}

/// `referee fmt FILE`: the canonical form, or the problems and nothing on standard output.
pub fn fmt(path: &Path) -> Result<String, Error> {
    let source = Source::open(path)?;
    let reading = notation::read(&source.bytes);
    if !reading.errors.is_empty() {
        return Err(source.unreadable(&reading));
    }
    Ok(notation::format(&reading.transcript))
}

#[derive(Serialize)]
struct Parsed<'a> {
    file: &'a str,
    #[serde(flatten)]
    transcript: &'a Transcript,
    errors: &'a [Diagnostic],
}

/// `referee parse FILE --format json`: the events as JSON, with the problems.
///
/// The deals that could be read are printed even when others could not; the
/// status is then 2 and the problems are also on standard error.
pub fn parse_json(path: &Path) -> Result<(String, Option<Error>), Error> {
    let source = Source::open(path)?;
    let reading = notation::read(&source.bytes);
    let unreadable = reading.unreadable_deals();
    let mut transcript = reading.transcript.clone();
    transcript
        .deals
        .retain(|d| !unreadable.contains(&d.header.number));
    let parsed = Parsed {
        file: &source.name,
        transcript: &transcript,
        errors: &reading.errors,
    };
    let json = serde_json::to_string_pretty(&parsed).map_err(|e| Error::Io(e.into()))? + "\n";
    let problem = (!reading.errors.is_empty()).then(|| source.unreadable(&reading));
    Ok((json, problem))
}

/// Reads a transcript that must be readable throughout.
fn readable(path: &Path) -> Result<(Transcript, Source), Error> {
    let source = Source::open(path)?;
    let reading = notation::read(&source.bytes);
    if !reading.errors.is_empty() {
        return Err(source.unreadable(&reading));
    }
    Ok((reading.transcript, source))
}

/// Reads a transcript that must be readable throughout, and rules it.
fn ruled(path: &Path) -> Result<(Transcript, Ruled), Error> {
    let (transcript, source) = readable(path)?;
    let ruled = engine::rule(&transcript).map_err(|e| Error::NotYetRuled {
        file: source.name.clone(),
        rules: e.0.name().to_string(),
        source: e,
    })?;
    Ok((transcript, ruled))
}

/// `referee rule FILE`: each deal scored, with its laws, and the partie.
pub fn rule(path: &Path, json: bool) -> Result<String, Error> {
    let (transcript, ruled) = ruled(path)?;
    if json {
        return Ok(report::ruled_json(&transcript, &ruled));
    }
    let book = library()?.book(ruled.rules.book);
    Ok(report::ruled_text(&transcript, &ruled, book))
}

/// `referee explain FILE`: every event with the state after it.
pub fn explain(path: &Path) -> Result<String, Error> {
    let (transcript, ruled) = ruled(path)?;
    let book = library()?.book(ruled.rules.book);
    Ok(report::explain_text(&transcript, &ruled, book))
}

/// `referee generate`: random legal deals under a rule set the engine rules.
pub fn generate(deals: u32, seed: u64, rules: Rules) -> Result<String, Error> {
    let set = RuleSet::of(rules).ok_or_else(|| Error::NotYetRuled {
        file: "generate".to_string(),
        rules: rules.name().to_string(),
        source: engine::NotYetRuled(rules),
    })?;
    Ok(crate::generate::transcript(deals, seed, set))
}

/// `referee check SHEET`: a YAML scoresheet, or a transcript with `written`
/// lines, checked partie by partie (law 71). The outcome is `WrongScore`
/// when anything written is wrong.
pub fn check(path: &Path, json: bool) -> Result<(String, Outcome), Error> {
    let source = Source::open(path)?;
    let is_yaml = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    let not_yet = |e: engine::NotYetRuled| Error::NotYetRuled {
        file: source.name.clone(),
        rules: e.0.name().to_string(),
        source: e,
    };
    let parties = if is_yaml {
        let text = std::str::from_utf8(&source.bytes).map_err(|_| Error::Transcript {
            file: source.name.clone(),
            count: 1,
            rendered: format!("{}: the scoresheet is not UTF-8 text", source.name),
        })?;
        let sheet = sheet::read(text).map_err(|d| source.unreadable_with(&[d]))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let checked = sheet::check(&sheet, |file| {
            let (transcript, _) = readable(&dir.join(file))?;
            Ok::<_, Error>(transcript)
        })?
        .map_err(not_yet)?;
        vec![checked]
    } else {
        let reading = notation::read(&source.bytes);
        if !reading.errors.is_empty() {
            return Err(source.unreadable(&reading));
        }
        sheet::check_transcript(&reading.transcript).map_err(not_yet)?
    };
    let outcome = if parties.iter().all(|c| c.problems.is_empty()) {
        Outcome::Ruled
    } else {
        Outcome::WrongScore
    };
    let text = if json {
        report::check_json(&parties)
    } else {
        report::check_text(&parties)
    };
    Ok((text, outcome))
}
