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
