//! The worked transcripts in the repository that work each law, by their
//! names: `tests/laws/law-75-….pqt` (Portland), `tests/au-cent/ac12-….pqt`
//! (au cent), `tests/french/6e-….pqt` (the French rules),
//! `tests/ecarte/law-43-….pqt` (Écarté). The build lists them (build.rs).

use super::book::BookId;

/// Every worked transcript's path, a line each, as the build found them.
const PATHS: &str = include_str!(concat!(env!("OUT_DIR"), "/worked.txt"));

/// The book and law id a worked transcript's path names, if it names one.
fn law_of(path: &str) -> Option<(BookId, String)> {
    let (dir, name) = path.rsplit_once('/')?;
    let stem = name.strip_suffix(".pqt")?;
    let (book, id) = match dir {
        "tests/laws" => (BookId::Portland, stem.strip_prefix("law-")?),
        "tests/ecarte" => (BookId::Ecarte, stem.strip_prefix("law-")?),
        "tests/au-cent" => (BookId::AuCent, stem),
        "tests/french" => (BookId::Classic, stem),
        _ => return None,
    };
    let id = id.split('-').next()?;
    let id = match book {
        BookId::AuCent => id.strip_prefix("ac").map(|n| format!("AC{n}"))?,
        _ => id.to_string(),
    };
    Some((book, id))
}

/// Whether a cited id is `id` or one of its paragraphs (`59.IV` under `59`).
pub fn within(cited: &str, id: &str) -> bool {
    cited.eq_ignore_ascii_case(id)
        || cited
            .split_once('.')
            .is_some_and(|(law, _)| law.eq_ignore_ascii_case(id))
}

/// The worked transcripts of law `id` of `book`, or of its paragraphs.
pub fn worked(book: BookId, id: &str) -> Vec<&'static str> {
    PATHS
        .lines()
        .filter(|path| law_of(path).is_some_and(|(b, cited)| b == book && within(&cited, id)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_names_its_law() {
        let table = [
            ("tests/laws/law-75-x.pqt", Some((BookId::Portland, "75"))),
            (
                "tests/laws/law-59.IV-x.pqt",
                Some((BookId::Portland, "59.IV")),
            ),
            ("tests/au-cent/ac12-x.pqt", Some((BookId::AuCent, "AC12"))),
            ("tests/au-cent/deal-x.pqt", None),
            ("tests/french/15.1b-x.pqt", Some((BookId::Classic, "15.1b"))),
            ("tests/ecarte/law-43-x.pqt", Some((BookId::Ecarte, "43"))),
            ("tests/other/law-1.pqt", None),
        ];
        for (path, expected) in table {
            let got = law_of(path);
            let expected = expected.map(|(b, id)| (b, id.to_string()));
            assert_eq!(got, expected, "{path}");
        }
    }

    #[test]
    fn law_75_has_worked_transcripts() {
        assert!(worked(BookId::Portland, "75")
            .iter()
            .all(|p| p.contains("law-75-")));
        assert!(!worked(BookId::Portland, "59").is_empty());
        assert!(within("59.IV", "59"));
        assert!(!within("5", "59"));
    }
}
