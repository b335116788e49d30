//! Checks on the whole text before any line is read: encoding, line length,
//! emptiness; and splitting a line from its comment.

use crate::notation::diagnostic::Diagnostic;
use crate::notation::span::Span;

/// The longest line a transcript may have, in bytes. A hand line is under
/// 100; the limit is generous, and refuses a runaway line at once.
pub const MAX_LINE: usize = 4096;

/// A problem with the text as a whole, at a byte offset.
fn at_offset(
    text_before: &[u8],
    offset: usize,
    len: usize,
    message: String,
    hint: &str,
) -> Diagnostic {
    let line = text_before.iter().filter(|b| **b == b'\n').count() as u32 + 1;
    let line_start = text_before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&text_before[line_start..])
        .chars()
        .count() as u32
        + 1;
    Diagnostic {
        span: Span {
            line,
            column,
            start: offset,
            end: offset + len,
        },
        message,
        hint: Some(hint.to_string()),
        deal: None,
    }
}

/// The text of a transcript, if it is UTF-8 with no line too long and something in it.
///
/// Runs in one pass over the bytes for the line lengths and one for UTF-8, so
/// a megabyte line is refused in microseconds.
pub fn check(bytes: &[u8]) -> Result<&str, Diagnostic> {
    let mut line_start = 0;
    for (n, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if line.len() > MAX_LINE {
            let message = format!(
                "line {} is {} bytes long; a transcript line may be at most {MAX_LINE} bytes",
                n + 1,
                line.len()
            );
            let mut d = at_offset(
                &bytes[..line_start],
                line_start,
                0,
                message,
                "put one event on each line",
            );
            d.span.end = line_start + 1;
            return Err(d);
        }
        line_start += line.len() + 1;
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let bad = e.valid_up_to();
        let line_start = bytes[..bad]
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        let line = bytes[..bad].iter().filter(|b| **b == b'\n').count() + 1;
        at_offset(
            &bytes[..bad],
            bad,
            e.error_len().unwrap_or(1),
            format!(
                "line {line} is not valid UTF-8 (byte 0x{:02X} at byte {} of the line)",
                bytes[bad],
                bad - line_start + 1
            ),
            "save the transcript as UTF-8",
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(Diagnostic {
            span: Span {
                line: 1,
                column: 1,
                start: 0,
                end: 0,
            },
            message: "the transcript is empty".to_string(),
            hint: Some(
                "a transcript opens with tags such as [Players \"A B\"], then `deal 1`".to_string(),
            ),
            deal: None,
        });
    }
    Ok(text)
}

/// A line split at its comment: the content (trimmed) and the comment text after `#`.
/// A `#` inside double quotes is part of the content.
pub fn split_comment(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    // `#`, `"` and `\` are ASCII, so scanning bytes never splits a character.
    let Some(first) = bytes.iter().position(|b| *b == b'#' || *b == b'"') else {
        return (line.trim_end(), None);
    };
    let mut in_quotes = false;
    let mut escaped = false;
    for (i, b) in bytes.iter().enumerate().skip(first) {
        match b {
            b'\\' if in_quotes && !escaped => {
                escaped = true;
                continue;
            }
            b'"' if !escaped => in_quotes = !in_quotes,
            b'#' if !in_quotes => return (line[..i].trim_end(), Some(line[i + 1..].trim())),
            _ => {}
        }
        escaped = false;
    }
    (line.trim_end(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_outside_quotes() {
        let table = [
            ("A leads AS   # the ace", ("A leads AS", Some("the ace"))),
            ("[Event \"Case #3\"]", ("[Event \"Case #3\"]", None)),
            (
                "[Event \"say \\\"#\\\"\"] # real",
                ("[Event \"say \\\"#\\\"\"]", Some("real")),
            ),
            ("# only a comment", ("", Some("only a comment"))),
            ("deal 1", ("deal 1", None)),
        ];
        for (line, expected) in table {
            assert_eq!(split_comment(line), expected, "{line:?}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_transcript() {
        let long = format!("deal 1\n{}\n", "A".repeat(1 << 20));
        let table: [(&[u8], &str, (u32, u32)); 5] = [
            (b"", "the transcript is empty", (1, 1)),
            (b"  \n# comment\n\n", "the transcript is empty", (1, 1)),
            (
                b"deal 1\nA leads \xffS\n",
                "line 2 is not valid UTF-8 (byte 0xFF at byte 9 of the line)",
                (2, 9),
            ),
            (long.as_bytes(), "line 2 is 1048576 bytes long", (2, 1)),
            (b"deal 1\n\xc3", "line 2 is not valid UTF-8", (2, 1)),
        ];
        for (bytes, message, (line, column)) in table {
            let d = check(bytes).unwrap_err();
            assert!(d.message.starts_with(message), "{:?}", d.message);
            assert_eq!((d.span.line, d.span.column), (line, column), "{message}");
        }
        assert_eq!(check("\u{feff}deal 1".as_bytes()), Ok("deal 1"));
    }
}
