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

/// Reads a YAML document into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_yaml::from_str(text).map_err(|err| {
        let location = err.location();
        YamlError {
            message: strip_location(&err.to_string()),
            line: location.as_ref().map(|l| l.line()),
            column: location.as_ref().map(|l| l.column()),
        }
    })
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
    fn missing_field_is_named() {
        let err = from_str::<Pair>("a: 1\n").unwrap_err();
        assert!(err.message.contains("missing field `b`"), "{}", err.message);
    }
}
