//! The law books and cases are the seed texts, word for word, apart from the
//! scanning errors each file lists under `mendings`.
//!
//! Each check applies a file's mendings to its seed (`laws/seeds/`) and then
//! looks for every law, paragraph, note and case line in it, with white space
//! folded and the markdown emphasis (`_…_`) of the seed dropped.

use piquet_referee::cases;
use piquet_referee::laws::{library, Book, BookId};

fn seed(file: &str) -> String {
    let path = format!("{}/laws/seeds/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The part of `text` from the line `start` up to the line `end` (or to its end),
/// lines compared with surrounding white space trimmed.
fn part<'a>(text: &'a str, start: &str, end: Option<&str>) -> &'a str {
    let line_at = |from: usize, wanted: &str| {
        let mut offset = from;
        for line in text[from..].split_inclusive('\n') {
            if line.trim() == wanted {
                return offset;
            }
            offset += line.len();
        }
        panic!("no line {wanted:?} in seed")
    };
    let from = line_at(0, start);
    match end {
        Some(end) => &text[from..line_at(from + 1, end)],
        None => &text[from..],
    }
}

fn fold(text: &str) -> String {
    text.replace('_', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The seed with every mending applied, folded. Each mending's seed text must occur in it.
fn mended(seed: &str, mendings: &[(String, String)]) -> String {
    let mut text = fold(seed);
    let mut applied = std::collections::HashSet::new();
    for (from, to) in mendings {
        if !applied.insert((from, to)) {
            continue; // the same scan error, mended in two laws
        }
        let from = fold(from);
        assert!(text.contains(&from), "mending {from:?} is not in the seed");
        text = text.replace(&from, &fold(to));
    }
    text
}

fn book_mendings(book: &Book) -> Vec<(String, String)> {
    book.mendings
        .iter()
        .map(|m| (m.seed.clone(), m.mended.clone()))
        .collect()
}

fn assert_verbatim(book: &Book, seed_part: &str) {
    let seed = mended(seed_part, &book_mendings(book));
    for law in &book.laws {
        for text in law.texts() {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                assert!(
                    seed.contains(&fold(line)),
                    "{} law {}: not in the seed as mended:\n{line}",
                    book.book,
                    law.id
                );
            }
        }
    }
}

#[test]
fn portland_laws_are_verbatim() {
    let text = seed("portland-laws-au-cent-and-cases.md");
    let book = library().unwrap().book(BookId::Portland);
    assert_verbatim(
        book,
        part(&text, "# LAWS OF PIQUET", Some("# LAWS OF PIQUET AU CENT")),
    );
}

#[test]
fn every_au_cent_paragraph_is_present_and_verbatim() {
    let text = seed("portland-laws-au-cent-and-cases.md");
    let book = library().unwrap().book(BookId::AuCent);
    let section = part(
        &text,
        "# LAWS OF PIQUET AU CENT",
        Some("# CASES AND DECISIONS."),
    );
    let section = section.trim_start_matches("# LAWS OF PIQUET AU CENT");
    assert_verbatim(book, section);
    // Completeness: the paragraphs, in order, are the whole section.
    let joined: Vec<&str> = book.laws.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        fold(&joined.join(" ")),
        mended(section, &book_mendings(book))
    );
}

#[test]
fn french_rules_are_verbatim() {
    let text = seed("piquet-french-classic-rules.txt");
    let book = library().unwrap().book(BookId::Classic);
    assert_verbatim(book, &text);
}

#[test]
fn ecarte_laws_are_verbatim() {
    let text = seed("ecarte-laws.txt");
    let book = library().unwrap().book(BookId::Ecarte);
    assert_verbatim(book, &text);
}

#[test]
fn cases_are_verbatim_and_complete() {
    let text = seed("portland-laws-au-cent-and-cases.md");
    let all = cases::all().unwrap();
    for (i, case) in all.iter().enumerate() {
        let start = format!("## Case {}", case.roman);
        let next = all.get(i + 1).map(|c| format!("## Case {}", c.roman));
        let section = part(&text, &start, next.as_deref());
        let mendings: Vec<_> = case
            .mendings
            .iter()
            .map(|m| (m.seed.clone(), m.mended.clone()))
            .collect();
        let mut rest = mended(section, &mendings);
        let question = (!case.question_is_editorial).then_some(case.question.as_str());
        let fields = [
            Some(case.facts.as_str()),
            question,
            Some(case.decision.as_str()),
            case.note.as_deref(),
        ];
        for line in fields.into_iter().flatten().flat_map(str::lines) {
            let line = fold(line);
            if line.is_empty() {
                continue;
            }
            let at = rest.find(&line).unwrap_or_else(|| {
                panic!("Case {}: not in the seed as mended:\n{line}", case.roman)
            });
            rest.replace_range(at..at + line.len(), " ");
        }
        // What is left is the book's markup: headings, bullets, "Decision", "Note".
        let leftover = rest
            .replace(&format!("## Case {}", case.roman), "")
            .replace("**Decision**", "")
            .replace("*Note*", "")
            .replace("Note", "");
        assert!(
            !leftover.chars().any(char::is_alphanumeric),
            "Case {}: text of the book missing from the case file: {leftover:?}",
            case.roman
        );
    }
}
