//! Lines that fit the reader: `referee fmt` writes each line in full, and a
//! line longer than [`MAX_LINE`] bytes (a canonical spelling can be longer
//! than the one written: `10S` for `TS`) goes on in the next lines, each
//! ending with `\`, as the reader joins them. A comment line too long is
//! written as several; a comment too long for its event's line goes before it.

use super::reader::{split_comment, MAX_LINE};

/// `text` (lines ending with `\n`) with every line at most [`MAX_LINE`]
/// bytes, read as it was.
pub fn fit_lines(text: String) -> String {
    if text
        .lines()
        .all(|line| line.len() <= MAX_LINE && !goes_on(line))
    {
        return text;
    }
    let mut out = String::with_capacity(text.len() + text.len() / MAX_LINE * 4);
    for line in text.lines() {
        fit_line(&mut out, line);
    }
    out
}

/// Would the reader join `line` to the next? Only a line that ends with `\` outside a comment.
fn goes_on(line: &str) -> bool {
    line.ends_with('\\') && split_comment(line).1.is_none()
}

fn fit_line(out: &mut String, line: &str) {
    let (content, comment) = split_comment(line);
    if content.is_empty() {
        return match comment {
            Some(comment) => comment_lines(out, comment),
            None => out.push('\n'),
        };
    }
    // A line that ends with `\` would go on: an empty comment ends it, as `fmt` writes one.
    let comment = match comment {
        None if content.ends_with('\\') => Some(""),
        other => other,
    };
    let pieces = pieces(content, MAX_LINE - 1);
    let last = pieces.last().map_or(0, |p| p.len());
    let trailing = comment.filter(|c| last + 4 + c.len() <= MAX_LINE);
    if let (Some(comment), None) = (comment, trailing) {
        comment_lines(out, comment);
    }
    for (i, piece) in pieces.iter().enumerate() {
        out.push_str(piece);
        if i + 1 < pieces.len() {
            out.push('\\');
            out.push('\n');
        }
    }
    if let Some(comment) = trailing {
        out.push_str("  # ");
        out.push_str(comment);
    }
    out.push('\n');
}

/// A comment on lines of its own, as many as it takes.
fn comment_lines(out: &mut String, comment: &str) {
    for piece in pieces(comment, MAX_LINE - 2) {
        let piece = piece.trim();
        if !piece.is_empty() || comment.is_empty() {
            out.push_str("# ");
            out.push_str(piece);
            out.push('\n');
        }
    }
}

/// `text` cut into pieces of at most `width` bytes, each ending after a
/// space where there is one, else on a character boundary.
fn pieces(mut text: &str, width: usize) -> Vec<&str> {
    let mut out = Vec::new();
    while text.len() > width {
        let mut end = width;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let cut = text[..end].rfind(' ').map_or(end, |space| space + 1);
        let (piece, rest) = text.split_at(cut.max(1));
        out.push(piece);
        text = rest;
    }
    out.push(text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_str;

    #[test]
    fn short_lines_are_left_alone() {
        let text = "deal 1\nA leads AS  # the ace\n# a note\n".to_string();
        assert_eq!(fit_lines(text.clone()), text);
    }

    /// Each long line is cut to fit, and its pieces joined give it back.
    #[test]
    fn long_lines_go_on_in_the_next() {
        let hand = format!("hand A: {}", "10S ".repeat(1500).trim_end());
        let table = [
            hand.clone(),
            format!("{hand}  # {}", "c".repeat(100)),
            format!("A says \"{}\"", "é\\\\x".repeat(1200)),
            format!("A leads {}  # an end", "AS ".repeat(2000).trim_end()),
        ];
        for line in table {
            let text = format!("deal 1\n{line}\n");
            let fitted = fit_lines(text.clone());
            assert!(fitted.lines().all(|l| l.len() <= MAX_LINE), "{line:.40}");
            assert!(fitted.lines().count() > 2, "{line:.40}");
            assert!(fitted.replace("\\\n", "") == text, "{line:.40}");
            let reading = read_str(&fitted);
            assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        }
    }

    /// A comment too long for one line is written on several, before its event if it ended one.
    #[test]
    fn long_comments_go_on_lines_of_their_own() {
        let comment = "a comment ".repeat(500).trim_end().to_string();
        let hand = format!("hand A: {}", "10S ".repeat(1000).trim_end());
        for line in [format!("# {comment}"), format!("{hand}  # {comment}")] {
            let fitted = fit_lines(format!("deal 1\n{line}\n"));
            assert!(fitted.lines().all(|l| l.len() <= MAX_LINE), "{line:.40}");
            let reading = read_str(&fitted);
            assert!(reading.errors.is_empty(), "{:?}", reading.errors);
            let deal = &reading.transcript.deals[0];
            let comments: Vec<&str> = deal.comments.iter().map(|(_, c)| c.as_str()).collect();
            assert_eq!(comments.join(" "), comment);
        }
    }

    /// A question that ends with `\\` is ended by an empty comment, so as not to go on.
    #[test]
    fn a_line_that_ends_with_a_backslash_does_not_go_on() {
        let fitted = fit_lines("deal 1\n? why\\\nA leads AS\n".to_string());
        assert_eq!(fitted, "deal 1\n? why\\  # \nA leads AS\n");
        let events = &read_str(&fitted).transcript.deals[0].events;
        assert_eq!(events.len(), 2);
    }
}
