//! How the reports look on this terminal: colour or not, Unicode or
//! plain-ASCII tables, and how wide the tables may be. The command line
//! sets it once (`--color`, `NO_COLOR`, `--ascii`, the terminal's width);
//! a library user who sets nothing gets the plain default.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::notation::visible;

/// The look of the reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Colour and bold in the report, as ANSI escapes.
    pub color: bool,
    /// Colour in the messages on standard error (errors and warnings).
    pub messages_color: bool,
    /// Tables drawn with `+`, `-` and `|` only, for mail and old terminals.
    pub ascii: bool,
    /// The terminal's width in columns, where the report goes to one.
    pub width: Option<u16>,
}

static STYLE: OnceLock<Style> = OnceLock::new();

/// Sets the look for the rest of the run; the first setting stands.
pub fn set(style: Style) {
    let _ = STYLE.set(style);
}

/// The look as set, or the plain default.
pub fn get() -> Style {
    STYLE.get().copied().unwrap_or_default()
}

/// `NO_COLOR` (no-color.org): set and not empty, no colour unless asked for.
pub fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Messages for standard error with their `error:`, `warning:`, `help:`
/// and `note:` words coloured, where colour is on; whatever in them would
/// act on the terminal rather than show (a control character or a mark
/// that reorders text, from a file's name or its lines) shown by a sign of
/// its own, line by line.
pub fn messages(text: &str, color: bool) -> String {
    let text = shown(text);
    if !color {
        return text.into_owned();
    }
    const WORDS: [(&str, &str); 4] = [
        ("error:", "\x1b[1;31m"),
        ("warning:", "\x1b[1;33m"),
        ("help:", "\x1b[1;36m"),
        ("note:", "\x1b[1;34m"),
    ];
    let mut out = String::with_capacity(text.len() + 32);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match WORDS
            .iter()
            .find_map(|(word, escape)| Some((word, escape, at(line, word)?)))
        {
            Some((word, escape, start)) => {
                out.push_str(&line[..start]);
                out.push_str(escape);
                out.push_str(word);
                out.push_str("\x1b[0m");
                out.push_str(&line[start + word.len()..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// Where `word` stands in a message line: at its start, or after the
/// `file:line:column: ` of a diagnostic.
fn at(line: &str, word: &str) -> Option<usize> {
    if line.starts_with(word) {
        return Some(0);
    }
    let start = line.find(&format!(": {word}"))? + 2;
    let place = &line[..start - 2];
    (!place.contains(' ')).then_some(start)
}

/// `text` with each of its lines as it shows ([`visible`]), the line breaks kept.
fn shown(text: &str) -> Cow<'_, str> {
    if !text
        .split('\n')
        .any(|line| matches!(visible(line), Cow::Owned(_)))
    {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(visible).collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's name that holds a terminal's escape, a carriage return or
    /// a mark that reorders text is shown, not obeyed, coloured or not;
    /// the lines stay lines.
    #[test]
    fn what_would_act_on_the_terminal_is_shown() {
        let text = "error: cannot read `a\x1b[31m\r\u{202e}b.pqt`\nhelp: check the name";
        for color in [false, true] {
            let shown = messages(text, color);
            assert!(
                shown.contains("a\u{241b}[31m\u{240d}\u{fffd}b.pqt"),
                "{shown:?}"
            );
            assert_eq!(shown.matches('\n').count(), 1, "{shown:?}");
            let escapes = shown.matches('\x1b').count();
            assert_eq!(escapes, if color { 4 } else { 0 }, "{shown:?}");
        }
    }

    #[test]
    fn message_words_are_coloured_only_when_asked() {
        let text = "error: no law `99`\nhelp: the laws are 1 to 78";
        assert_eq!(messages(text, false), text);
        let coloured = messages(text, true);
        assert!(coloured.starts_with("\x1b[1;31merror:\x1b[0m no law"));
        assert!(coloured.contains("\n\x1b[1;36mhelp:\x1b[0m the laws"));
        let diagnostic = "game.pqt:3:5: warning: KH is written twice";
        assert_eq!(
            messages(diagnostic, true),
            "game.pqt:3:5: \x1b[1;33mwarning:\x1b[0m KH is written twice"
        );
        let prose = "Law 54: the error: none";
        assert_eq!(messages(prose, true), prose);
    }
}
