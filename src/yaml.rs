//! The one place that reads YAML.
//!
//! `serde_yaml` is archived upstream; keeping every use of it behind this
//! module means a replacement touches one file.

use serde::de::DeserializeOwned;

/// A YAML document that could not be read into the expected shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct YamlError {
    /// What is wrong, in serde_yaml's words.
    pub message: String,
    /// 1-based line of the problem, where known.
    pub line: Option<usize>,
    /// 1-based column of the problem, where known.
    pub column: Option<usize>,
}

/// How deep `[` and `{` may nest: a sheet needs three; the parser's time
/// grows with the square of the depth, so a deeper text is refused first.
const DEEPEST: usize = 64;

/// Reads a YAML document into `T`. A byte-order mark at the start is
/// skipped; a control character, or flow collections nested deeper than
/// [`DEEPEST`], are refused at their place before the parser sees the text.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    refuse_before_parsing(text)?;
    serde_yaml::from_str(text).map_err(|err| {
        let location = err.location();
        YamlError {
            message: strip_location(&err.to_string()),
            line: location.as_ref().map(|l| l.line()),
            column: location.as_ref().map(|l| l.column()),
        }
    })
}

/// `text` with each line break a `\n`: YAML takes a carriage return alone
/// as a line break too, and a text whose lines end so is shown by the lines
/// YAML counts.
pub fn line_breaks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// The first control character (other than tab and line breaks), or the
/// first `[` or `{` past [`DEEPEST`], as an error at its line and column.
/// Quotes and comments are not told apart: a sheet has no need of either
/// inside a deep nest.
fn refuse_before_parsing(text: &str) -> Result<(), YamlError> {
    let (mut line, mut column, mut depth) = (1, 0, 0usize);
    for c in text.chars() {
        column += 1;
        let message = match c {
            '\n' => {
                (line, column) = (line + 1, 0);
                continue;
            }
            '[' | '{' if depth == DEEPEST => {
                format!("collections nested more than {DEEPEST} deep")
            }
            '[' | '{' => {
                depth += 1;
                continue;
            }
            ']' | '}' => {
                depth = depth.saturating_sub(1);
                continue;
            }
            '\t' | '\r' => continue,
            c if c.is_control() => format!("a control character (U+{:04X})", c as u32),
            _ => continue,
        };
        return Err(YamlError {
            message,
            line: Some(line),
            column: Some(column),
        });
    }
    Ok(())
}

/// serde_yaml appends " at line L column C" to its messages; we report the location ourselves.
fn strip_location(message: &str) -> String {
    match message.find(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Pair {
        a: u32,
        b: String,
    }

    #[test]
    fn reads_a_document() {
        let pair: Pair = from_str("a: 1\nb: two\n").unwrap();
        assert_eq!((pair.a, pair.b.as_str()), (1, "two"));
    }

    #[test]
    fn reports_where_it_went_wrong() {
        let err = from_str::<Pair>("a: 1\nb: [unclosed\n").unwrap_err();
        assert!(err.line.is_some(), "{err:?}");
        assert!(!err.message.contains(" at line "), "{}", err.message);
    }

    #[test]
    fn line_breaks_of_every_kind() {
        let table = [("a\nb", "a\nb"), ("a\r\nb", "a\nb"), ("a\rb\r", "a\nb\n")];
        for (text, broken) in table {
            assert_eq!(line_breaks(text), broken);
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let pair: Pair = from_str("\u{feff}a: 1\nb: x\n").unwrap();
        assert_eq!(pair.a, 1);
    }

    #[test]
    fn refused_before_parsing_at_their_place() {
        let deep = format!("a: 1\nb: {}", "[".repeat(100_000));
        let table = [
            ("a: 1\nb: x\0y\n", 2, 5, "a control character (U+0000)"),
            ("a: 1\nb: \u{1b}\n", 2, 4, "a control character (U+001B)"),
            (deep.as_str(), 2, 68, "collections nested more than 64 deep"),
        ];
        for (text, line, column, message) in table {
            let err = from_str::<Pair>(text).unwrap_err();
            assert_eq!(
                (err.line, err.column, err.message.as_str()),
                (Some(line), Some(column), message),
                "{text:.20?}"
            );
        }
    }

    #[test]
    fn missing_field_is_named() {
        let err = from_str::<Pair>("a: 1\n").unwrap_err();
        assert!(err.message.contains("missing field `b`"), "{}", err.message);
    }
}
