//! "Did you mean …?": the nearest word of a vocabulary to one that is not
//! in it, for a slip of the pen (`discrads`, `replys`).

/// The word of `known` nearest to `word`, if it is near enough to be what
/// was meant: at most one edit in a short word, two in a longer one (a
/// letter left out, added, changed, or two letters swapped).
pub fn nearest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let word = word.to_ascii_lowercase();
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    known
        .iter()
        .map(|k| (distance(&word, k), *k))
        .filter(|(d, _)| *d <= most)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The words a reader expects where it says it expected `what`, to find
/// the one a slip of the pen meant (none where the expected thing is not a
/// word of a short list).
pub fn words_for(what: &str) -> &'static [&'static str] {
    match what {
        "a declaration" => &[
            "point", "tierce", "quart", "quarte", "quint", "sixieme", "septieme", "huitieme",
            "neuvieme", "three", "four", "trio", "quatorze", "carte", "no",
        ],
        "a reply" => &["good", "not", "better", "equal"],
        "a rank" => &[
            "ace", "aces", "king", "kings", "queen", "queens", "knave", "knaves", "jack", "jacks",
            "ten", "tens", "nine", "nines", "eight", "eights", "seven", "sevens", "six", "sixes",
        ],
        "a suit" => &[
            "spades", "spade", "hearts", "heart", "diamonds", "diamond", "clubs", "club",
        ],
        "a place" => &[
            "stock", "top", "bottom", "left", "hand", "discard", "tricks", "pack", "table",
        ],
        _ => &[],
    }
}

/// The card a slip of the pen meant, where one mend makes a card of the
/// text: a letter O for the nought of `10` (`1OS`), `I` or `l` for its one,
/// a ten written `1`, a comma or full stop after the card.
pub fn card_meant(text: &str) -> Option<String> {
    let mends = [
        text.replace(['O', 'o'], "0"),
        text.replacen(['I', 'l'], "1", 1),
        text.trim_end_matches([',', '.', ';']).to_string(),
        text.strip_prefix('1')
            .filter(|rest| rest.chars().count() == 1)
            .map(|suit| format!("10{suit}"))
            .unwrap_or_default(),
    ];
    mends
        .into_iter()
        .filter(|m| !m.is_empty() && m != text)
        .find_map(|m| m.parse::<crate::cards::Card>().ok())
        .map(|card| card.to_string())
}

/// The edits that turn `a` into `b`: letters inserted, deleted or changed,
/// and two neighbours swapped (optimal string alignment distance).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 2 || a.len() > 64 {
        return usize::MAX;
    }
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_mistyped_is_recognised() {
        let table = [
            ("1OS", Some("10S")),
            ("1S", Some("10S")),
            ("I0H", Some("10H")),
            ("AS,", Some("AS")),
            ("KX", None),
            ("please", None),
        ];
        for (text, expected) in table {
            assert_eq!(card_meant(text).as_deref(), expected, "{text}");
        }
    }

    #[test]
    fn the_words_of_a_kind_are_offered() {
        let table = [
            ("pont", "a declaration", Some("point")),
            ("goood", "a reply", Some("good")),
            ("quen", "a rank", Some("queen")),
            ("harts", "a suit", Some("hearts")),
            ("pont", "a card", None),
        ];
        for (word, what, expected) in table {
            assert_eq!(nearest(word, words_for(what)), expected, "{word}");
        }
    }

    #[test]
    fn a_slip_of_the_pen_is_recognised() {
        let known = ["discards", "leads", "plays", "replies", "reckons", "takes"];
        let table = [
            ("discrads", Some("discards")),
            ("discard", Some("discards")),
            ("replys", Some("replies")),
            ("Leads", Some("leads")),
            ("led", None),
            ("wibbles", None),
            ("tkaes", Some("takes")),
            ("", None),
        ];
        for (word, expected) in table {
            assert_eq!(nearest(word, &known), expected, "{word}");
        }
    }
}
