//! The books compiled into the tool.
//!
//! The build script (`build.rs`) reads each book's YAML in `laws/`, checks
//! it (`checked.rs`) and writes it as JSON; the JSON is compiled in here, so
//! the tool works from any directory, and each book is read from it on its
//! first use: `referee rule` on a Portland transcript reads the Portland
//! book alone.

use std::sync::OnceLock;

use super::book::{Book, BookId};
use crate::Error;

/// Each book as the build script checked it, in [`BookId::ALL`] order.
const BUILT: [(BookId, &str); 4] = [
    (
        BookId::Portland,
        include_str!(concat!(env!("OUT_DIR"), "/portland.json")),
    ),
    (
        BookId::AuCent,
        include_str!(concat!(env!("OUT_DIR"), "/au-cent.json")),
    ),
    (
        BookId::Classic,
        include_str!(concat!(env!("OUT_DIR"), "/classic.json")),
    ),
    (
        BookId::Ecarte,
        include_str!(concat!(env!("OUT_DIR"), "/ecarte.json")),
    ),
];

/// Every law book, each read once, on its first use.
#[derive(Debug)]
pub struct Library {
    books: [OnceLock<Book>; 4],
}

impl Library {
    /// The book `id`, read on first use.
    pub fn book(&self, id: BookId) -> &Book {
        let index = BUILT
            .iter()
            .position(|(built, _)| *built == id)
            .expect("every BookId has a book in BUILT");
        self.books[index].get_or_init(|| built(BUILT[index].1))
    }

    /// Every book, in [`BookId::ALL`] order.
    pub fn books(&self) -> impl Iterator<Item = &Book> {
        BookId::ALL.into_iter().map(|id| self.book(id))
    }
}

/// A book from the JSON the build script wrote from the checked book, with
/// the same types: it reads back as it was written (the tests read every
/// book), so a failure here is a bug in the build, not in the data.
fn built(json: &str) -> Book {
    serde_json::from_str(json).expect("a book as the build script wrote it")
}

/// The law books. The books were checked when the tool was built, so this
/// does not fail; the `Result` is kept for the callers' sake.
pub fn library() -> Result<&'static Library, Error> {
    static LIBRARY: Library = Library {
        books: [const { OnceLock::new() }; 4],
    };
    Ok(&LIBRARY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::{Found, Status};

    /// The YAML of each book, as the build script read it.
    const YAML: [(BookId, &str); 4] = [
        (BookId::Portland, include_str!("../../laws/portland.yaml")),
        (BookId::AuCent, include_str!("../../laws/au-cent.yaml")),
        (BookId::Classic, include_str!("../../laws/classic.yaml")),
        (BookId::Ecarte, include_str!("../../laws/ecarte.yaml")),
    ];

    #[test]
    fn every_book_built_in_is_its_yaml_read_and_checked() {
        for (id, yaml) in YAML {
            let read = crate::laws::checked::read(id, yaml).unwrap();
            assert!(read == *book(id), "{id}: the built-in book is not its YAML");
        }
    }

    #[test]
    fn a_book_that_fails_its_checks_is_refused_where_it_fails() {
        let portland = YAML[0].1;
        let twice = portland.replacen("  - id: \"2\"\n", "  - id: \"1\"\n", 1);
        let unknown = portland.replacen("title:", "titel:", 1);
        let table = [
            (
                BookId::AuCent,
                portland,
                (1, 1),
                "it is the book `portland`",
            ),
            (BookId::Portland, &twice, (0, 0), "law `1` appears twice"),
            (BookId::Portland, &unknown, (2, 1), "unknown field `titel`"),
        ];
        for (id, yaml, (line, column), message) in table {
            let err = crate::laws::checked::read(id, yaml).unwrap_err();
            assert_eq!((err.line, err.column), (line, column), "{err:?}");
            assert!(err.message.contains(message), "{message}: {err:?}");
        }
    }

    fn book(id: BookId) -> &'static Book {
        library().expect("the built-in books load").book(id)
    }

    fn ids(id: BookId) -> Vec<&'static str> {
        book(id).laws.iter().map(|l| l.id.as_str()).collect()
    }

    fn numbered(range: std::ops::RangeInclusive<u32>) -> Vec<String> {
        range.map(|n| n.to_string()).collect()
    }

    #[test]
    fn portland_is_numbered_1_to_78_without_gaps() {
        assert_eq!(ids(BookId::Portland), numbered(1..=78));
    }

    #[test]
    fn ecarte_is_the_card_paragraphs_then_1_to_51() {
        let mut expected = vec!["ranking".to_string(), "trumps".to_string()];
        expected.extend(numbered(1..=51));
        assert_eq!(ids(BookId::Ecarte), expected);
    }

    #[test]
    fn au_cent_paragraphs_are_numbered_in_order() {
        let expected: Vec<String> = (0..book(BookId::AuCent).laws.len())
            .map(|n| format!("AC{n}"))
            .collect();
        assert_eq!(ids(BookId::AuCent), expected);
    }

    #[test]
    fn au_cent_amends_only_laws_that_exist() {
        let portland = book(BookId::Portland);
        for law in &book(BookId::AuCent).laws {
            for id in law.replaces.iter().chain(&law.adds_to) {
                assert!(
                    portland.law(id).is_some(),
                    "{} names Portland law {id}",
                    law.id
                );
            }
            for id in &law.leaves_standing {
                assert!(law.replaces.contains(id), "{} leaves {id} standing", law.id);
            }
        }
    }

    #[test]
    fn paragraphs_and_notes_where_the_book_has_them() {
        let table: [(BookId, &str, &[&str], bool); 4] = [
            (
                BookId::Portland,
                "59",
                &["I", "II", "III", "IV", "V"],
                false,
            ),
            (
                BookId::Portland,
                "67",
                &["I", "II", "III", "IV", "V", "VI"],
                false,
            ),
            (BookId::Portland, "71", &[], true),
            (BookId::Ecarte, "26", &[], true),
        ];
        for (id, law, paragraphs, has_note) in table {
            let law = book(id).law(law).unwrap();
            let got: Vec<&str> = law.paragraphs.iter().map(|p| p.id.as_str()).collect();
            assert_eq!(got, paragraphs, "law {}", law.id);
            assert_eq!(law.note.is_some(), has_note, "law {}", law.id);
        }
    }

    #[test]
    fn portland_sections_are_the_books_headings_in_order() {
        let mut sections: Vec<&str> = Vec::new();
        for law in &book(BookId::Portland).laws {
            if sections.last() != Some(&law.section.as_str()) {
                sections.push(&law.section);
            }
        }
        let expected = [
            "Shuffling",
            "Cutting",
            "Dealing",
            "Carte blanche",
            "Discarding and taking in",
            "Calling and showing",
            "Playing",
            "Scoring",
            "Incorrect packs",
            "Changing cards",
            "Bystanders",
        ];
        assert_eq!(sections, expected);
    }

    #[test]
    fn every_mending_names_a_law_whose_text_has_the_mended_words() {
        for book in library().unwrap().books() {
            for m in &book.mendings {
                let law_id = m.law.split('.').next().unwrap();
                let law = book
                    .law(law_id)
                    .unwrap_or_else(|| panic!("{}: mending names no law {}", book.book, m.law));
                assert!(
                    law.texts().any(|t| t.contains(&m.mended)),
                    "{} law {}: {:?} is not in the text",
                    book.book,
                    m.law,
                    m.mended
                );
            }
        }
    }

    #[test]
    fn law_2_is_not_decidable_with_its_reason() {
        for id in [BookId::Portland, BookId::Ecarte] {
            let law = book(id).law("2").unwrap();
            assert_eq!(law.status, Status::NotDecidable);
            assert!(law.reason.as_deref().is_some_and(|r| r.len() > 20));
        }
    }

    #[test]
    fn finding_laws_paragraphs_and_articles() {
        let table: [(BookId, &str, Option<&str>); 9] = [
            (BookId::Portland, "54", Some("law 54")),
            (BookId::Portland, "59.IV", Some("paragraph 59.IV")),
            (BookId::Portland, "Law 59, par. II", Some("paragraph 59.II")),
            (BookId::Portland, "59.9", None),
            (BookId::Portland, "79", None),
            (BookId::AuCent, "ac12", Some("law AC12")),
            (BookId::Classic, "4b", Some("law 4b")),
            (BookId::Classic, "15.1", Some("article 15.1")),
            (BookId::Ecarte, "ranking", Some("law ranking")),
        ];
        for (id, given, expected) in table {
            let got = book(id).find(given).map(|found| match found {
                Found::Law(l) => format!("law {}", l.id),
                Found::Paragraph(l, p) => format!("paragraph {}.{}", l.id, p.id),
                Found::Article(laws) => {
                    assert!(laws.len() > 1, "{given}");
                    format!("article {}", laws[0].id.trim_end_matches('a'))
                }
            });
            assert_eq!(got.as_deref(), expected, "{id} {given}");
        }
    }

    #[test]
    fn phrase_search_over_a_book() {
        let portland = book(BookId::Portland);
        let found: Vec<&str> = portland
            .search("CARTE BLANCHE")
            .map(|l| l.id.as_str())
            .collect();
        for id in ["18", "19", "20", "61", "67"] {
            assert!(found.contains(&id), "{id} in {found:?}");
        }
        assert_eq!(portland.search("no such phrase anywhere").count(), 0);
    }
}
