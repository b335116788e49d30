//! A line that goes on in the next: one that ends with `\` outside a
//! comment. The lines are joined, each `\` and line break taken out, and
//! read as one line, which may be longer than [`MAX_LINE`](super::MAX_LINE):
//! each line of the text is still at most that long. `referee fmt` writes a
//! line too long for the limit so.

use crate::notation::diagnostic::Diagnostic;
use crate::notation::span::Span;

use super::MAX_LINE;

/// The longest line joined from lines that go on, in bytes: sixteen
/// lines of the longest. `referee fmt` never writes one near it.
pub const MAX_JOINED: usize = 16 * MAX_LINE;

/// The refusal of a line joined past [`MAX_JOINED`], at its first line.
pub fn too_long(joined: &Continued, offset: usize) -> Diagnostic {
    let start = offset + joined.start;
    Diagnostic {
        span: Span {
            line: joined.number,
            column: 1,
            start,
            end: start + 1,
        },
        message: format!(
            "the line begun on line {} goes on past {MAX_JOINED} bytes; a line continued with `\\` may be at most that long",
            joined.number
        ),
        hint: Some("put one event on each line".to_string()),
        deal: None,
    }
}

/// A line read so far, waiting for the line that continues it.
#[derive(Debug, Default)]
pub struct Continued {
    /// The text joined so far, without the `\`s.
    pub text: String,
    /// The number of its first line.
    pub number: u32,
    /// Where its first line starts in the text.
    pub start: usize,
    /// Where the scan of `text` stands at its end.
    scan: Scan,
    /// Each line joined: where its text starts in `text`, its number, where it starts in the text read.
    parts: Vec<(usize, u32, usize)>,
}

/// What a scan of a line from its start has found: in quotes, after a `\`
/// in quotes, in a comment (as [`split_comment`](super::input::split_comment) reads it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Scan {
    in_quotes: bool,
    escaped: bool,
    comment: bool,
}

impl Scan {
    /// The scan after `bytes` more.
    fn over(mut self, bytes: &[u8]) -> Scan {
        for b in bytes {
            if self.comment {
                break;
            }
            match b {
                b'\\' if self.in_quotes && !self.escaped => {
                    self.escaped = true;
                    continue;
                }
                b'"' if !self.escaped => self.in_quotes = !self.in_quotes,
                b'#' if !self.in_quotes => self.comment = true,
                _ => {}
            }
            self.escaped = false;
        }
        self
    }
}

impl Continued {
    /// The line `raw` (without its line break), number `number` starting at
    /// byte `start`, after what `pending` holds: the line joined so far and
    /// whether it goes on in the next (the `\` then taken out).
    pub fn join(
        pending: Option<Continued>,
        number: u32,
        start: usize,
        raw: &str,
    ) -> (Continued, bool) {
        let mut joined = pending.unwrap_or(Continued {
            number,
            start,
            ..Continued::default()
        });
        let (body, backslash) = match raw.strip_suffix('\\') {
            Some(body) => (body, true),
            None => (raw, false),
        };
        joined.scan = joined.scan.over(body.as_bytes());
        joined.parts.push((joined.text.len(), number, start));
        joined.text.push_str(body);
        let goes_on = backslash && !joined.scan.comment;
        if backslash && !goes_on {
            joined.text.push('\\');
        }
        (joined, goes_on)
    }
}

impl Continued {
    /// A span in the joined text (`offset` bytes before it in the input: a
    /// byte-order mark) put on the line of the text it comes from.
    pub fn place(&self, span: Span, offset: usize) -> Span {
        let at = span.start.saturating_sub(offset + self.start);
        let Some(&(from, number, start)) = self.parts.iter().rev().find(|p| p.0 <= at) else {
            return span;
        };
        let before = self
            .text
            .get(from..at.min(self.text.len()))
            .unwrap_or_default();
        let start = offset + start + (at - from);
        Span {
            line: number,
            column: before.chars().count() as u32 + 1,
            start,
            end: start + (span.end - span.start),
        }
    }
}

/// Does `raw` (a line without its line break) end with `\`, so that it may go on?
pub fn may_go_on(raw: &str) -> bool {
    raw.as_bytes().last() == Some(&b'\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines joined: the text read, and whether it goes on after the last.
    #[test]
    fn lines_ending_with_a_backslash_go_on() {
        let table: [(&[&str], &str, bool); 7] = [
            (&["hand A: AS \\", "KS"], "hand A: AS KS", false),
            (&["A says \"a\\", "b\""], "A says \"ab\"", false),
            (
                &["A leads AS  # the ace\\"],
                "A leads AS  # the ace\\",
                false,
            ),
            (&["A says \"#\" \\"], "A says \"#\" ", true),
            (&["A says \"x\\\\", "\""], "A says \"x\\\"", false),
            (&["? why\\", ""], "? why", false),
            (&["deal 1"], "deal 1", false),
        ];
        for (lines, text, goes_on) in table {
            let mut pending = None;
            let mut last = false;
            for (n, raw) in (1..).zip(lines.iter()) {
                let (joined, on) = Continued::join(pending.take(), n, 0, raw);
                last = on;
                pending = Some(joined);
            }
            let joined = pending.unwrap();
            assert_eq!((joined.text.as_str(), last), (text, goes_on), "{lines:?}");
            assert_eq!(joined.number, 1);
        }
    }

    /// A place in the joined text is put on the line it was written on.
    #[test]
    fn places_are_put_back_on_their_lines() {
        // `hand A: AS \` (line 4, at byte 30), then `  KX` (line 5, at byte 42).
        let (first, _) = Continued::join(None, 4, 30, "hand A: AS \\");
        let (joined, _) = Continued::join(Some(first), 5, 42, "  KX");
        assert_eq!(joined.text, "hand A: AS   KX");
        let at = |start: usize| Span {
            line: 4,
            column: 1,
            start,
            end: start + 2,
        };
        let kx = joined.place(at(30 + 13), 0);
        assert_eq!((kx.line, kx.column, kx.start, kx.end), (5, 3, 44, 46));
        let r#as = joined.place(at(30 + 8), 0);
        assert_eq!((r#as.line, r#as.column, r#as.start), (4, 9, 38));
    }
}
