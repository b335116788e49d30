//! How much of each book the engine covers, as `referee laws --coverage` shows it.

use super::book::{Book, Law, Status};

/// The laws of one book, grouped by coverage status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage<'a> {
    /// The book counted.
    pub book: &'a Book,
    /// Laws the engine applies, with a test.
    pub implemented: Vec<&'a Law>,
    /// Laws a transcript cannot decide, each with its reason.
    pub not_decidable: Vec<&'a Law>,
    /// Laws still to do.
    pub not_yet: Vec<&'a Law>,
}

impl<'a> Coverage<'a> {
    /// Counts `book`'s laws by status.
    pub fn of(book: &'a Book) -> Coverage<'a> {
        let with = |status| book.laws.iter().filter(|l| l.status == status).collect();
        Coverage {
            book,
            implemented: with(Status::Implemented),
            not_decidable: with(Status::NotDecidable),
            not_yet: with(Status::NotYet),
        }
    }

    /// The number of laws in the book.
    pub fn total(&self) -> usize {
        self.book.laws.len()
    }
}

/// Writes ids compactly: runs of consecutive ids become ranges (`1, 3-78`,
/// `AC0-AC30`, `4a-4k`); other ids are listed as they are.
pub fn compress_ids<'a>(ids: impl IntoIterator<Item = &'a str>) -> String {
    let mut parts: Vec<String> = Vec::new();
    // The run being built: its first id, its last id, and the last id's place in sequence.
    let mut run: Option<(&str, &str, (&str, u32))> = None;
    let flush = |run: &mut Option<(&str, &str, (&str, u32))>, parts: &mut Vec<String>| {
        if let Some((first, last, _)) = run.take() {
            parts.push(if first == last {
                first.to_string()
            } else if sequence_key(first).map(|k| k.1 + 1) == sequence_key(last).map(|k| k.1) {
                format!("{first}, {last}")
            } else {
                format!("{first}-{last}")
            });
        }
    };
    for id in ids {
        let key = sequence_key(id);
        match (key, run) {
            (Some((stem, n)), Some((first, _, (run_stem, m))))
                if stem == run_stem && n == m + 1 =>
            {
                run = Some((first, id, (stem, n)));
            }
            (Some(key), _) => {
                flush(&mut run, &mut parts);
                run = Some((id, id, key));
            }
            (None, _) => {
                flush(&mut run, &mut parts);
                parts.push(id.to_string());
            }
        }
    }
    flush(&mut run, &mut parts);
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Where an id stands in a sequence: `54` → ("", 54), `AC12` → ("AC", 12),
/// `4b` → ("4", 2), `15.1a` → ("15.1", 1). Ids like `ranking` have none.
fn sequence_key(id: &str) -> Option<(&str, u32)> {
    let digits_from = id.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits_from < id.len() {
        let (stem, number) = id.split_at(digits_from);
        return Some((stem, number.parse().ok()?));
    }
    let stem = &id[..id.len().checked_sub(1)?];
    let letter = id.chars().last()?;
    (letter.is_ascii_lowercase() && stem.ends_with(|c: char| c.is_ascii_digit()))
        .then(|| (stem, u32::from(letter) - u32::from('a') + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compresses_runs_of_numbers() {
        let table: [(&[&str], &str); 9] = [
            (&[], "none"),
            (&["AC0", "AC1", "AC2", "AC5"], "AC0-AC2, AC5"),
            (&["1a", "1b", "1c", "4a", "4b"], "1a-1c, 4a, 4b"),
            (
                &["15.1a", "15.1b", "15.1c", "O1", "O2", "O3"],
                "15.1a-15.1c, O1-O3",
            ),
            (&["2"], "2"),
            (&["1", "3", "4", "5", "78"], "1, 3-5, 78"),
            (&["7", "8"], "7, 8"),
            (
                &["ranking", "trumps", "1", "2", "3"],
                "ranking, trumps, 1-3",
            ),
            (&["AC1", "AC3"], "AC1, AC3"),
        ];
        for (ids, expected) in table {
            assert_eq!(compress_ids(ids.iter().copied()), expected, "{ids:?}");
        }
    }
}
