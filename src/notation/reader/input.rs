//! Checks on the whole text before any line is read: encoding, line length,
//! emptiness; and splitting a line from its comment.

use crate::notation::diagnostic::Diagnostic;
use crate::notation::span::Span;

/// The longest line a transcript may have, in bytes. A hand line is under
/// 100; the limit is generous, and refuses a runaway line at once.
pub const MAX_LINE: usize = 4096;

/// How far a line too long is measured: past this, it is "more than" this
/// long, and a line with no end (`/dev/zero`) is refused without waiting for
/// an end that never comes.
pub const MEASURED: usize = 1 << 20;

/// The refusal of line `line`, starting at byte `start`, `len` bytes long
/// (or measured only as far as [`MEASURED`]).
pub fn long_line(line: u32, start: usize, len: usize) -> Diagnostic {
    let length = match len {
        len if len > MEASURED => format!("more than {MEASURED} bytes"),
        len => format!("{len} bytes"),
    };
    Diagnostic {
        span: Span {
            line,
            column: 1,
            start,
            end: start + 1,
        },
        message: format!(
            "line {line} is {length} long; a transcript line may be at most {MAX_LINE} bytes"
        ),
        hint: Some("put one event on each line".to_string()),
        deal: None,
    }
}

/// The refusal of bytes that are not UTF-8, on line `line` starting at byte
/// `line_start`: `before` is the line up to the first bad byte, `bad` that
/// byte, `len` the length of the bad sequence.
pub fn not_utf8(line: u32, line_start: usize, before: &[u8], bad: u8, len: usize) -> Diagnostic {
    let column = String::from_utf8_lossy(before).chars().count() as u32 + 1;
    let start = line_start + before.len();
    Diagnostic {
        span: Span {
            line,
            column,
            start,
            end: start + len,
        },
        message: format!(
            "line {line} is not valid UTF-8 (byte 0x{bad:02X} at byte {} of the line)",
            before.len() + 1
        ),
        hint: Some("save the transcript as UTF-8".to_string()),
        deal: None,
    }
}

/// The refusal of a text with nothing but blank lines and comments.
pub fn empty() -> Diagnostic {
    Diagnostic {
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
    }
}

/// Is `line` (without its line break) blank or a comment? A text of such lines is empty.
pub fn blank_or_comment(line: &str) -> bool {
    line.trim().is_empty() || line.trim_start().starts_with('#')
}

/// The text of a transcript, if it is UTF-8 with no line too long and something in it.
///
/// Valid UTF-8 (the common case) has its lines measured by `lines_fit`,
/// which looks at few bytes; otherwise one pass over the bytes finds a long
/// line, then one finds bad UTF-8. Either way a megabyte line is refused at once.
pub fn check(bytes: &[u8]) -> Result<&str, Diagnostic> {
    let text = match std::str::from_utf8(bytes) {
        // The common case.
        Ok(text) if lines_fit(bytes) => text,
        // Otherwise report what is wrong, a long line before bad UTF-8.
        _ => {
            check_line_lengths(bytes)?;
            check_utf8(bytes)?
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.lines().all(blank_or_comment) {
        return Err(empty());
    }
    Ok(text)
}

/// Is every line at most [`MAX_LINE`] bytes long?
///
/// Looks back from `MAX_LINE` bytes past the start of a line for the last
/// `\n`: lines are short, so that finds one after a few bytes and skips all
/// the lines before it, which end before it and so are short enough.
pub fn lines_fit(bytes: &[u8]) -> bool {
    let mut start = 0;
    while bytes.len() - start > MAX_LINE {
        let window = &bytes[start..=start + MAX_LINE];
        match window.iter().rposition(|b| *b == b'\n') {
            Some(end) => start += end + 1,
            None => return false,
        }
    }
    true
}

/// The high bit of each byte of `word` (eight bytes, little-endian) that
/// is one of the `needles`: the first match's byte is
/// `trailing_zeros() / 8`. A byte above the first match may be flagged
/// wrongly, never one below it.
#[inline]
pub fn flagged<const N: usize>(word: u64, needles: [u8; N]) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let mut found = 0;
    for needle in needles {
        let x = word ^ (ONES * u64::from(needle));
        found |= x.wrapping_sub(ONES) & !x & HIGH;
    }
    found
}

/// Where the first of the `needles` is in `bytes`, looked for eight bytes at a time.
///
/// Lines are short, so this beats `memchr`, which pays to set up for long runs.
pub fn find_any<const N: usize>(bytes: &[u8], needles: [u8; N]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of eight bytes"));
        let found = flagged(word, needles);
        if found != 0 {
            return Some(base + found.trailing_zeros() as usize / 8);
        }
        base += 8;
    }
    let tail = chunks.remainder().iter().position(|b| needles.contains(b));
    tail.map(|i| base + i)
}

/// No line is longer than [`MAX_LINE`] bytes.
fn check_line_lengths(bytes: &[u8]) -> Result<(), Diagnostic> {
    match first_long_line(bytes) {
        Some((n, start, len)) => Err(long_line(n + 1, start, len)),
        None => Ok(()),
    }
}

/// The first line longer than [`MAX_LINE`] bytes: its index (from 0), where it starts, its length.
pub fn first_long_line(bytes: &[u8]) -> Option<(u32, usize, usize)> {
    let mut line_start = 0;
    for (n, line) in (0..).zip(bytes.split(|b| *b == b'\n')) {
        if line.len() > MAX_LINE {
            return Some((n, line_start, line.len()));
        }
        line_start += line.len() + 1;
    }
    None
}

/// The bytes are UTF-8.
fn check_utf8(bytes: &[u8]) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| utf8_error(bytes, &e, 1, 0))
}

/// The refusal for `error` in `bytes`, whose first line is line `first_line`
/// and starts at byte `offset` of the input.
pub fn utf8_error(
    bytes: &[u8],
    error: &std::str::Utf8Error,
    first_line: u32,
    offset: usize,
) -> Diagnostic {
    let bad = error.valid_up_to();
    let line_start = bytes[..bad]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let lines_before = bytes[..bad].iter().filter(|b| **b == b'\n').count() as u32;
    not_utf8(
        first_line + lines_before,
        offset + line_start,
        &bytes[line_start..bad],
        bytes.get(bad).copied().unwrap_or_default(),
        error.error_len().unwrap_or(1),
    )
}

/// A line split at its comment: the content (trimmed) and the comment text after `#`.
/// A `#` inside double quotes is part of the content.
pub fn split_comment(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    // `#`, `"` and `\` are ASCII, so scanning bytes never splits a character.
    let Some(first) = find_any(bytes, [b'#', b'"']) else {
        return (trim_end(line), None);
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
    (trim_end(line), None)
}

/// `str::trim_start`, at once when the text starts with a visible ASCII character.
pub fn trim_start(text: &str) -> &str {
    match text.as_bytes().first() {
        Some(b) if b.is_ascii_graphic() => text,
        _ => text.trim_start(),
    }
}

/// `str::trim_end`, at once when the text ends with a visible ASCII character.
pub fn trim_end(text: &str) -> &str {
    match text.as_bytes().last() {
        Some(b) if b.is_ascii_graphic() => text,
        _ => text.trim_end(),
    }
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
    fn measures_lines_as_a_split_does() {
        let fits = |text: &[u8]| text.split(|b| *b == b'\n').all(|l| l.len() <= MAX_LINE);
        for lengths in [
            &[MAX_LINE][..],
            &[MAX_LINE + 1],
            &[10, MAX_LINE, 3],
            &[10, MAX_LINE + 1, 3],
            &[MAX_LINE - 1, 0, MAX_LINE, 1, MAX_LINE],
            &[0, 0, 2 * MAX_LINE],
            &[5; 3000],
        ] {
            for end in ["", "\n"] {
                let lines: Vec<String> = lengths.iter().map(|n| "x".repeat(*n)).collect();
                let text = lines.join("\n") + end;
                assert_eq!(
                    lines_fit(text.as_bytes()),
                    fits(text.as_bytes()),
                    "{lengths:?}"
                );
            }
        }
    }

    #[test]
    fn finds_bytes_as_a_scan_does() {
        let text = b"ab#cdefgh\"ijklmnopqrstuvwxyz\n0123456789#\n\n\x80\xff\"#";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                for needles in [[b'#', b'"'], [b'\n', b'\n'], [b'\xff', b'z']] {
                    let scan = bytes.iter().position(|b| needles.contains(b));
                    assert_eq!(find_any(bytes, needles), scan, "{bytes:?} {needles:?}");
                }
            }
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
