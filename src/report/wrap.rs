//! Word wrapping for quoted law text.

/// Wraps `text` to `width` columns, each line starting with `indent`.
///
/// Line breaks in `text` are kept as paragraph breaks; a word longer than the
/// line stands alone on its line rather than being cut.
pub fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + indent.len() + 1);
    wrap_into(&mut out, text, indent, indent, width);
    out
}

/// [`wrap`], appended to `out`, the first line starting with `first`
/// instead of `indent` (as wide as it, or the lines are not to the width).
pub(crate) fn wrap_into(out: &mut String, text: &str, first: &str, indent: &str, width: usize) {
    let room = width.saturating_sub(indent.chars().count()).max(20);
    let mut line = Line {
        out,
        start: first,
        indent,
        room,
        len: 0,
    };
    let text = text.trim_end();
    if single_spaced(text) {
        // One paragraph (no line break in it), the commonest text.
        line.lines(text);
        line.out.push('\n');
        return;
    }
    for paragraph in text.split('\n') {
        line.len = 0;
        if single_spaced(paragraph) {
            line.lines(paragraph);
        } else {
            for word in paragraph.split_whitespace() {
                line.push(word, word.chars().count());
            }
        }
        line.out.push('\n');
    }
}

/// The line being filled, word by word.
struct Line<'a> {
    out: &'a mut String,
    /// What starts the next line that holds a word: `first`, then `indent`.
    start: &'a str,
    indent: &'a str,
    /// The characters a line may hold after its indent.
    room: usize,
    /// The characters on the line so far, after its indent.
    len: usize,
}

/// Whether `paragraph` is printable ASCII words, each two with one space
/// between them: then each line is a piece of it, and the words on it are
/// the same as [`str::split_whitespace`] finds.
fn single_spaced(paragraph: &str) -> bool {
    // Every byte looked at, with no early return: a few instructions for many bytes.
    let bytes = paragraph.as_bytes();
    let outside = bytes.iter().fold(0u8, |outside, &b| {
        outside | u8::from(!(b' '..=b'~').contains(&b))
    });
    // Each byte beside the next: two spaces together.
    let next = bytes.get(1..).unwrap_or_default();
    let doubled = bytes.iter().zip(next).fold(0u8, |doubled, (&a, &b)| {
        doubled | u8::from(a == b' ' && b == b' ')
    });
    outside == 0
        && doubled == 0
        && bytes.first().is_some_and(|&b| b != b' ')
        && bytes.last().is_some_and(|&b| b != b' ')
}

impl Line<'_> {
    /// A single-spaced paragraph, a piece of it on each line: as many
    /// words as fit in the room, or one word alone.
    fn lines(&mut self, paragraph: &str) {
        let mut rest = paragraph;
        loop {
            let end = if rest.len() <= self.room {
                rest.len()
            } else {
                // The last space that fits, looked for from the end (a word away).
                let fits = &rest.as_bytes()[..=self.room];
                match fits.iter().rposition(|&b| b == b' ') {
                    Some(space) => space,
                    None => rest.find(' ').unwrap_or(rest.len()),
                }
            };
            self.push(&rest[..end], end);
            match rest.get(end + 1..) {
                Some(next) => rest = next,
                None => return,
            }
        }
    }

    /// A word `len` characters long: on this line if it fits, on the next if not.
    fn push(&mut self, word: &str, len: usize) {
        if self.len == 0 {
            self.out.push_str(self.start);
            self.start = self.indent;
        } else if self.len + 1 + len > self.room {
            self.out.push('\n');
            self.out.push_str(self.indent);
            self.len = 0;
        } else {
            self.out.push(' ');
            self.len += 1;
        }
        self.out.push_str(word);
        self.len += len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_the_width_with_indent() {
        let table = [
            ("a b c", "", 20, "a b c\n"),
            (
                "one two three four five six",
                "  ",
                22,
                "  one two three four\n  five six\n",
            ),
            ("first\nsecond", "> ", 30, "> first\n> second\n"),
            ("", "  ", 30, "\n"),
        ];
        for (text, indent, width, expected) in table {
            assert_eq!(wrap(text, indent, width), expected, "{text:?}");
        }
    }

    /// The wrapping as first written, a line built word by word and then
    /// copied out: the reference for [`wrap_into`].
    fn wrap_word_by_word(text: &str, indent: &str, width: usize) -> String {
        let room = width.saturating_sub(indent.chars().count()).max(20);
        let mut out = String::new();
        for paragraph in text.trim_end().split('\n') {
            let mut line = String::new();
            let mut line_len = 0;
            for word in paragraph.split_whitespace() {
                let len = word.chars().count();
                if line_len > 0 && line_len + 1 + len > room {
                    out.push_str(indent);
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                    line_len = 0;
                }
                if line_len > 0 {
                    line.push(' ');
                    line_len += 1;
                }
                line.push_str(word);
                line_len += len;
            }
            if line_len > 0 {
                out.push_str(indent);
                out.push_str(&line);
            }
            out.push('\n');
        }
        out
    }

    /// Texts to wrap: every law and paragraph of every book, and words of
    /// every length about the width, single-spaced or not.
    fn texts() -> Vec<String> {
        let mut out = Vec::new();
        let library = crate::laws::library().unwrap();
        for book in library.books() {
            for law in &book.laws {
                out.push(law.text.clone());
                out.extend(law.paragraphs.iter().map(|p| p.text.clone()));
            }
        }
        for length in 0..100 {
            let long = "x".repeat(length);
            out.push(format!("{long} a {long} bb {long}"));
            out.push(format!("a bb ccc {long} dddd {long}"));
            out.push(format!("a  bb {long}\t{long} ccc\n\nd {long} "));
            out.push(format!(" é {long} → {long}"));
            out.push(format!("{} end", "word ".repeat(length)));
        }
        out.push(String::new());
        out.push("\n\n".to_string());
        out
    }

    #[test]
    fn wraps_as_the_word_by_word_wrapping_does() {
        let texts = texts();
        assert!(texts.len() > 500, "only {} texts", texts.len());
        for text in &texts {
            for indent in ["", "  ", "    "] {
                for width in [0, 20, 21, 22, 23, 24, 30, 40, 60, 79, 80, 81, 100, 120] {
                    let reference = wrap_word_by_word(text, indent, width);
                    assert_eq!(wrap(text, indent, width), reference, "{text:?}");
                    // A first line that starts otherwise, as wide as the indent.
                    let mut first = String::from("x");
                    let start = "-".repeat(indent.len());
                    wrap_into(&mut first, text, &start, indent, width);
                    let expected = match reference.strip_prefix(indent) {
                        Some(rest) if !reference.starts_with('\n') => format!("x{start}{rest}"),
                        _ => format!("x{reference}"),
                    };
                    if text
                        .trim_end()
                        .split('\n')
                        .next()
                        .unwrap()
                        .trim()
                        .is_empty()
                    {
                        continue;
                    }
                    assert_eq!(first, expected, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn any_whitespace_separates_words_as_spaces_do() {
        let texts = [
            "one  two\tthree\u{a0}four \r five",
            "  lead and trail  \n\n second\x0bparagraph\x0c ",
            "élan → vital, très bien",
        ];
        for text in texts {
            for width in [0, 10, 25, 40] {
                let words: Vec<&str> = text.split_whitespace().collect();
                let wrapped = wrap(text, "  ", width);
                let again: Vec<&str> = wrapped.split_whitespace().collect();
                assert_eq!(again, words, "{text:?} at {width}");
                let mut into = String::from("x");
                wrap_into(&mut into, text, "  ", "  ", width);
                assert_eq!(into, format!("x{wrapped}"));
            }
        }
    }

    #[test]
    fn no_line_is_longer_than_the_width_unless_one_word_is() {
        let text = "The elder hand is entitled to discard five cards and to take in five. \
                    He is obliged to discard one card (except as provided in Law 42).";
        for line in wrap(text, "    ", 40).lines() {
            assert!(line.chars().count() <= 40, "{line:?}");
        }
    }
}
