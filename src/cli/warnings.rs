//! Warnings of a transcript that contradicts itself (a card written twice,
//! a card given up that the transcript never gave the player): each shown
//! as `file:line:column: warning: …` with its line and a caret under the
//! card, on standard error, besides the ruling. Under `--strict` they are
//! errors: nothing is ruled, and the status is 2.

use std::io::Write;

use crate::cards::Card;
use crate::engine::slips::{slips, slips_in, Slip};
use crate::engine::DealRuling;
use crate::notation::{card_in_line, Deal, Diagnostic, Span, Transcript};
use crate::report::slip_text;
use crate::ruling::Ruling;
use crate::Error;

use super::source::Source;

/// A slip of the pen found, in words, with where it is.
pub struct Found {
    message: String,
    span: Span,
    card: Option<Card>,
    deal: u32,
}

/// The slips of one deal, put in words with the players' names of `transcript`.
pub fn in_deal(transcript: &Transcript, deal: &Deal, ruling: &DealRuling) -> Vec<Found> {
    slips(deal, ruling)
        .into_iter()
        .map(|slip| found(transcript, slip))
        .collect()
}

/// The slips among an écarté deal's rulings, put in words.
pub fn in_rulings(transcript: &Transcript, deal: &Deal, rulings: &[Ruling]) -> Vec<Found> {
    slips_in(deal, rulings)
        .into_iter()
        .map(|slip| found(transcript, slip))
        .collect()
}

fn found(transcript: &Transcript, slip: Slip) -> Found {
    Found {
        message: slip_text(&slip, transcript),
        span: slip.span,
        card: slip.card,
        deal: slip.deal,
    }
}

/// Under `--strict`, the error that refuses a transcript with slips.
pub fn refuse(source: &Source, found: &[Found]) -> Result<(), Error> {
    if found.is_empty() {
        return Ok(());
    }
    Err(Error::Contradicts {
        file: source.name.clone(),
        count: found.len(),
        rendered: render(source, found, ""),
    })
}

/// Writes the warnings, if any, to `warn` (standard error).
pub fn warn(source: &Source, found: &[Found], warn: &mut dyn Write) -> Result<(), Error> {
    if found.is_empty() {
        return Ok(());
    }
    let rendered = render(source, found, "warning: ");
    let count = found.len();
    let places = if count == 1 { "place" } else { "places" };
    let summary = format!(
        "warning: `{}` contradicts itself in {count} {places}; it is ruled as written (`--strict` refuses it)",
        source.name
    );
    // Like the report, the warnings are not an error when no one reads them.
    let color = crate::report::style::get().messages_color;
    let text = crate::report::style::messages(&format!("{rendered}\n{summary}"), color);
    let _ = writeln!(warn, "{text}");
    Ok(())
}

/// Each slip as a diagnostic with its line, the caret under the card.
fn render(source: &Source, found: &[Found], prefix: &str) -> String {
    source.render_with_lines(
        found,
        |f| f.span.line,
        |f, line| {
            let diagnostic = Diagnostic {
                span: line.map_or(f.span, |l| at_card(f.span, l, f.card)),
                message: format!("{prefix}{}", f.message),
                hint: None,
                deal: Some(f.deal),
            };
            diagnostic.render_line(&source.name, line)
        },
    )
}

/// The span of `card` in its line (the whole line's span when it is not found there).
fn at_card(span: Span, line: &str, card: Option<Card>) -> Span {
    let Some((offset, len)) = card.and_then(|c| card_in_line(line, c)) else {
        return span;
    };
    // Where the line starts, in the text: the span starts at its column.
    let before_span = line
        .char_indices()
        .nth(span.column.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    let line_start = span.start.saturating_sub(before_span);
    Span {
        line: span.line,
        column: line[..offset].chars().count() as u32 + 1,
        start: line_start + offset,
        end: line_start + offset + len,
    }
}
