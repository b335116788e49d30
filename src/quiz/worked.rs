//! The worked transcripts' texts, compiled in for the quiz: the build
//! (build.rs) writes `OUT_DIR/worked_texts.rs`, a list of each file's path
//! beside its text. Nothing is read or parsed until a quiz runs.

/// Every worked transcript (`tests/laws/law-N-…`, `tests/au-cent/acN-…`,
/// `tests/french/…`, `tests/ecarte/law-N-…`): its path and its text.
pub const TEXTS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/worked_texts.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_transcripts_are_compiled_in_with_their_text() {
        assert!(TEXTS
            .iter()
            .any(|(p, _)| p.starts_with("tests/laws/law-54-")));
        assert!(TEXTS.iter().any(|(p, _)| p.starts_with("tests/au-cent/ac")));
        for (path, text) in TEXTS {
            assert!(
                path.starts_with("tests/") && path.ends_with(".pqt"),
                "{path}"
            );
            assert!(text.contains("deal"), "{path}");
        }
    }
}
