//! A line that goes on in the next: one that ends with `\` outside a
//! comment. The lines are joined, each `\` and line break taken out, and
//! read as one line, which may be longer than [`MAX_LINE`](super::MAX_LINE):
//! each line of the text is still at most that long. `referee fmt` writes a
//! line too long for the limit so.

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
        joined.text.push_str(body);
        let goes_on = backslash && !joined.scan.comment;
        if backslash && !goes_on {
            joined.text.push('\\');
        }
        (joined, goes_on)
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
}
