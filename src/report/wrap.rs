//! Word wrapping for quoted law text.

/// Wraps `text` to `width` columns, each line starting with `indent`.
///
/// Line breaks in `text` are kept as paragraph breaks; a word longer than the
/// line stands alone on its line rather than being cut.
pub fn wrap(text: &str, indent: &str, width: usize) -> String {
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

    #[test]
    fn no_line_is_longer_than_the_width_unless_one_word_is() {
        let text = "The elder hand is entitled to discard five cards and to take in five. \
                    He is obliged to discard one card (except as provided in Law 42).";
        for line in wrap(text, "    ", 40).lines() {
            assert!(line.chars().count() <= 40, "{line:?}");
        }
    }
}
