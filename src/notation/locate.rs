//! Where a card stands in a line: to point at it under a finding about the
//! line (a card written twice, or given up by a player who does not hold it).

use super::reader::split_comment;
use crate::cards::Card;

/// The byte offset and length of the last place `card` is written in
/// `line`, outside its comment: as a card of a list (`AS`, `as`, `TS`,
/// `10♠`) or after a trick number (`1.AS`).
pub fn card_in_line(line: &str, card: Card) -> Option<(usize, usize)> {
    let (content, _) = split_comment(line);
    let mut found = None;
    let mut at = 0;
    for word in content.split([' ', '\t', ',']) {
        // `1.AS`: the card after a trick number.
        let skip = word.rfind('.').map_or(0, |dot| dot + 1);
        let token = &word[skip..];
        if !token.is_empty() && token.parse::<Card>().ok() == Some(card) {
            found = Some((at + skip, token.len()));
        }
        at += word.len() + 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_last_copy_of_a_card() {
        let ks: Card = "KS".parse().unwrap();
        let table = [
            ("hand A: AS KS QS", Some((11, 2))),
            ("hand A: AS ks KS QS", Some((14, 2))),
            ("play 1. AS KS 2.ks 7S", Some((16, 2))),
            ("B plays K♠", Some((8, 4))),
            ("A leads AS  # not KS", None),
            ("A says \"KS\"", None),
        ];
        for (line, expected) in table {
            assert_eq!(card_in_line(line, ks), expected, "{line}");
        }
    }
}
