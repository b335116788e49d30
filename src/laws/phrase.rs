//! Finding a phrase in a text, and the sentence it stands in, for
//! `referee laws --search`.

/// The sentences of `text` in which `phrase` occurs (ignoring ASCII case
/// and runs of white space), each with white space folded and every
/// occurrence marked `[like this]`.
pub fn sentences_with(text: &str, phrase: &str) -> Vec<String> {
    let wanted = fold(phrase).to_ascii_lowercase();
    if wanted.is_empty() {
        return Vec::new();
    }
    sentences(text)
        .map(fold)
        .filter_map(|sentence| mark(&sentence, &wanted))
        .collect()
}

/// The sentences of a text: each runs to a `.`, `?` or `!` followed by
/// white space, or to the end (`59.IV` does not end one).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let rest_trimmed = rest.trim_start();
        if rest_trimmed.is_empty() {
            return None;
        }
        let end = sentence_end(rest_trimmed);
        let (sentence, after) = rest_trimmed.split_at(end);
        rest = after;
        Some(sentence)
    })
}

/// Where the first sentence of `text` ends (after its stop), or the text's length.
fn sentence_end(text: &str) -> usize {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let stop = matches!(c, '.' | '?' | '!');
        if stop && chars.peek().is_none_or(|(_, next)| next.is_whitespace()) {
            return i + c.len_utf8();
        }
    }
    text.len()
}

/// `sentence` with each occurrence of `wanted` (lower case) marked, or
/// `None` where it has none.
fn mark(sentence: &str, wanted: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let mut out = String::with_capacity(sentence.len() + 4);
    let mut from = 0;
    for (at, _) in lower.match_indices(wanted) {
        out.push_str(&sentence[from..at]);
        out.push('[');
        out.push_str(&sentence[at..at + wanted.len()]);
        out.push(']');
        from = at + wanted.len();
    }
    (from > 0).then(|| out + &sentence[from..])
}

/// White space folded to single spaces.
fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_that_matched_is_marked() {
        let law = "If the dealer expose a card, the elder may claim a fresh deal. \
                   Should he not claim a\n fresh  deal, the deal stands. Law 59.IV applies.";
        let table: [(&str, &[&str]); 4] = [
            (
                "fresh deal",
                &[
                    "If the dealer expose a card, the elder may claim a [fresh deal].",
                    "Should he not claim a [fresh deal], the deal stands.",
                ],
            ),
            (
                "FRESH DEAL, the",
                &["Should he not claim a [fresh deal, the] deal stands."],
            ),
            ("59.iv", &["Law [59.IV] applies."]),
            ("revoke", &[]),
        ];
        for (phrase, expected) in table {
            assert_eq!(sentences_with(law, phrase), expected, "{phrase}");
        }
        assert!(sentences_with(law, "  ").is_empty());
    }
}
