//! A problem in a transcript, and how it is shown: `file:line:col: message`,
//! the line, a caret under the place, and a hint.

use std::fmt::Write;

use serde::Serialize;

use super::span::Span;

/// What is wrong with a transcript, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong, in one line.
    pub message: String,
    /// How to write it instead, where that helps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The deal the line belongs to, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<u32>,
}

/// How much of a long line to show around the problem.
const SHOWN: usize = 100;

impl Diagnostic {
    /// Shows the problem as `file:line:col: message`, the line with a caret, and the hint.
    ///
    /// `source` is the whole text (bytes that were not UTF-8 shown as `�`).
    pub fn render(&self, file: &str, source: &str) -> String {
        self.render_line(file, line_of(source, self.span.line))
    }

    /// Shows the problem as [`render`](Self::render) does, given only the
    /// text of its line (`span.line`, without its line break), where known:
    /// for a transcript that is not held whole.
    pub fn render_line(&self, file: &str, line: Option<&str>) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}:{}:{}: {}",
            visible(file),
            self.span.line,
            self.span.column,
            visible(&self.message)
        );
        if let Some(line_text) = line.map(|l| l.trim_end_matches('\r')) {
            let (shown, caret_at, skipped) = window(line_text, self.span.column as usize);
            let width = self.caret_width(line_text);
            let gutter = self.span.line.to_string();
            let _ = writeln!(out, "{gutter} | {}{shown}", if skipped { "…" } else { "" });
            let pad = " ".repeat(gutter.len());
            let lead = caret_at - 1 + usize::from(skipped);
            let _ = writeln!(out, "{pad} | {}{}", " ".repeat(lead), "^".repeat(width));
        }
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "help: {}", visible(hint));
        }
        out
    }

    /// Carets under the offending text: its length in characters, at least one, at most 40.
    fn caret_width(&self, line_text: &str) -> usize {
        let column = self.span.column as usize - 1;
        let chars = line_text.chars().skip(column);
        let len = self.span.end.saturating_sub(self.span.start);
        let mut width = 0;
        let mut bytes = 0;
        for c in chars {
            if bytes >= len {
                break;
            }
            bytes += c.len_utf8();
            width += 1;
        }
        width.clamp(1, 40)
    }
}

/// Line `line` (1-based) of `source`, without its line break. Found by its
/// number, not by byte offsets, so that a text with bad bytes shown as `�`
/// (which moves the offsets) still gives the right line.
fn line_of(source: &str, line: u32) -> Option<&str> {
    let index = usize::try_from(line.checked_sub(1)?).ok()?;
    let text = source.split('\n').nth(index)?;
    Some(text.trim_end_matches('\r'))
}

/// `text` with every character that would act on the terminal rather than
/// show (control characters, the marks that reorder text) shown by a sign
/// of its own, one character for one, so a caret stays under its place:
/// `␀` for NUL, `�` for a bidirectional override.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(acts) {
        return std::borrow::Cow::Borrowed(text);
    }
    let sign = |c: char| match c {
        '\t' => ' ',
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        c if acts(c) => '\u{fffd}',
        c => c,
    };
    std::borrow::Cow::Owned(text.chars().map(sign).collect())
}

/// Whether `c` acts on a terminal or on the order of the text around it.
fn acts(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A window of at most [`SHOWN`] characters of `line` around `column` (1-based):
/// the text, the column within it, and whether text before it was left out.
fn window(line: &str, column: usize) -> (String, usize, bool) {
    let count = line.chars().count();
    if count <= SHOWN {
        return (visible(line).into_owned(), column, false);
    }
    let first = column
        .saturating_sub(SHOWN / 2)
        .min(count.saturating_sub(SHOWN));
    let shown: String = line.chars().skip(first).take(SHOWN).collect();
    let more = if first + SHOWN < count { "…" } else { "" };
    (
        format!("{}{more}", visible(&shown)),
        column - first,
        first > 0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, column: u32, start: usize, end: usize) -> Span {
        Span {
            line,
            column,
            start,
            end,
        }
    }

    #[test]
    fn renders_the_line_and_a_caret_under_the_problem() {
        let source = "deal 1\nA discards KX 7H\n";
        let d = Diagnostic {
            span: at(2, 12, 18, 20),
            message: "`KX` is not a card".into(),
            hint: Some("a card is a rank then a suit".into()),
            deal: Some(1),
        };
        assert_eq!(
            d.render("t.pqt", source),
            "t.pqt:2:12: `KX` is not a card\n2 | A discards KX 7H\n  |            ^^\nhelp: a card is a rank then a suit\n"
        );
    }

    #[test]
    fn a_lossy_text_shows_the_line_by_its_number() {
        // Offsets are in the original bytes; the lossy text has `�` (three
        // bytes) for each bad byte, so an offset may fall inside one.
        let bytes = b"\xff\xff\nA discards KX\n";
        let source = String::from_utf8_lossy(bytes);
        let d = Diagnostic {
            span: at(2, 12, 14, 16),
            message: "`KX` is not a card".into(),
            hint: None,
            deal: None,
        };
        let shown = d.render("t.pqt", &source);
        assert!(shown.contains("2 | A discards KX\n"), "{shown}");
        let past_the_end = Diagnostic {
            span: at(9, 1, 400, 401),
            ..d
        };
        assert_eq!(
            past_the_end.render("t.pqt", &source),
            "t.pqt:9:1: `KX` is not a card\n"
        );
    }

    #[test]
    fn control_characters_are_shown_by_a_sign() {
        let table = [
            ("A leads AS", "A leads AS"),
            ("A\0leads", "A\u{2400}leads"),
            ("a\tb", "a b"),
            ("x\u{202e}y", "x\u{fffd}y"),
            ("\u{7f}\u{1b}[2J", "\u{2421}\u{241b}[2J"),
        ];
        for (text, shown) in table {
            assert_eq!(visible(text), shown, "{text:?}");
        }
        let d = Diagnostic {
            span: at(1, 2, 1, 2),
            message: "`\0` is not a card".into(),
            hint: None,
            deal: None,
        };
        let shown = d.render("t\u{202e}.pqt", "A\0");
        assert_eq!(
            shown,
            "t\u{fffd}.pqt:1:2: `\u{2400}` is not a card\n1 | A\u{2400}\n  |  ^\n"
        );
    }

    #[test]
    fn a_very_long_line_is_shown_in_part() {
        let source = "x".repeat(1_000_000);
        let d = Diagnostic {
            span: at(1, 4097, 4096, 4097),
            message: "too long".into(),
            hint: None,
            deal: None,
        };
        let shown = d.render("t.pqt", &source);
        assert!(shown.len() < 400, "{} bytes", shown.len());
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[2].find('^').unwrap();
        assert_eq!(lines[1].chars().nth(caret), Some('x'));
    }
}
