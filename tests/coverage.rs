//! Every law the Portland book marks implemented is named, with its number,
//! in a doc comment of the engine, and so is every paragraph the au cent
//! book marks implemented, by its id (`AC15`): the code says which law it
//! implements.

use std::path::Path;

use piquet_referee::laws::{library, BookId, Status};

/// The doc-comment lines of every `.rs` file under `dir`.
fn doc_lines(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("src/engine") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            doc_lines(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("source");
            out.extend(
                text.lines()
                    .map(str::trim_start)
                    .filter(|l| l.starts_with("///") || l.starts_with("//!") || l.starts_with("//"))
                    .map(str::to_lowercase),
            );
        }
    }
}

/// Whether `line` names law `id`: `law 62`, `laws 61-64`, `laws 46-49, 62-64`, `(law 63)`.
fn names(line: &str, id: &str) -> bool {
    let Some(at) = line.find("law") else {
        return false;
    };
    let n: u32 = id.parse().expect("a numbered law");
    line[at..]
        .split(|c: char| !c.is_ascii_digit() && c != '-')
        .filter(|w| !w.is_empty())
        .any(|w| match w.split_once('-') {
            Some((a, b)) => match (a.parse::<u32>(), b.parse::<u32>()) {
                (Ok(a), Ok(b)) => (a..=b).contains(&n),
                _ => false,
            },
            None => w.parse::<u32>() == Ok(n),
        })
}

/// Every comment line under a folder of the project.
fn comments_under(dir: &str) -> Vec<String> {
    let mut lines = Vec::new();
    doc_lines(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut lines);
    lines
}

/// The ids of the laws a book marks implemented; there is at least one.
fn implemented(book: BookId) -> Vec<String> {
    let book = library().expect("books").book(book);
    let ids: Vec<String> = book
        .laws
        .iter()
        .filter(|l| l.status == Status::Implemented)
        .map(|l| l.id.clone())
        .collect();
    assert!(!ids.is_empty(), "{}: nothing implemented", book.book);
    ids
}

#[test]
fn implemented_laws_are_named_in_the_engine() {
    let lines = comments_under("src/engine");
    for id in &implemented(BookId::Portland) {
        let id = id.as_str();
        assert!(
            lines.iter().any(|l| names(l, id)),
            "law {id} is marked implemented, but no comment in src/engine names it"
        );
    }
}

/// Whether `line` (lowercased) names the au cent paragraph `id` (`AC15`):
/// the id as a word, `ac15` but not `ac150`.
fn names_paragraph(line: &str, id: &str) -> bool {
    let id = id.to_lowercase();
    line.match_indices(&id).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + id.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn implemented_au_cent_paragraphs_are_named_in_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    doc_lines(&root.join("src/engine"), &mut lines);
    let book = library().expect("books").book(BookId::AuCent);
    for law in book.laws.iter().filter(|l| l.status == Status::Implemented) {
        assert!(
            lines.iter().any(|l| names_paragraph(l, &law.id)),
            "{} is marked implemented, but no comment in src/engine names it",
            law.id
        );
    }
}

#[test]
fn paragraph_ids_are_read_from_comments() {
    let table = [
        (
            "/// ac15: the elder must call what his point makes",
            "AC15",
            true,
        ),
        ("/// (au cent ac25, ac26)", "AC26", true),
        ("/// ac150", "AC15", false),
        ("/// bac15", "AC15", false),
        ("/// law 15", "AC15", false),
    ];
    for (line, id, expected) in table {
        assert_eq!(names_paragraph(line, id), expected, "{line}");
    }
}

#[test]
fn law_names_are_read_from_comments() {
    let table = [
        ("/// law 62: the point", "62", true),
        ("//! laws 61-64 and 67", "63", true),
        ("/// laws 46-49, 62-64", "48", true),
        ("/// law 620", "62", false),
        ("/// the 62nd", "62", false),
    ];
    for (line, id, expected) in table {
        assert_eq!(names(line, id), expected, "{line}");
    }
}

/// Laws in the irregularity range that state how the game is played rather
/// than an irregularity: carte blanche (18-20), taking in (21-23, 34), the
/// order of calling (46-49), examining tricks (45, 60). Their tests are the
/// scored deals of `tests/fixtures/rule/`.
const RULES_OF_PLAY: [&str; 13] = [
    "18", "19", "20", "21", "22", "23", "34", "45", "46", "47", "48", "49", "60",
];

/// The Portland laws that describe an irregularity: 3-60, 70 and 74-78, but
/// for the rules of play.
fn is_irregularity_law(id: &str) -> bool {
    !RULES_OF_PLAY.contains(&id)
        && id
            .parse::<u32>()
            .is_ok_and(|n| (3..=60).contains(&n) || n == 70 || (74..=78).contains(&n))
}

#[test]
fn implemented_irregularity_laws_have_a_transcript_named_after_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/laws");
    let files: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/laws")
        .map(|e| e.expect("entry").file_name().to_string_lossy().to_string())
        .collect();
    let book = library().expect("books").book(BookId::Portland);
    for law in book.laws.iter().filter(|l| l.status == Status::Implemented) {
        if is_irregularity_law(&law.id) {
            let prefix = format!("law-{}-", law.id);
            assert!(
                files.iter().any(|f| f.starts_with(&prefix)),
                "law {} is marked implemented, but tests/laws has no {prefix}….pqt",
                law.id
            );
        }
    }
}

/// Every law the écarté book marks implemented is named in a comment of the
/// écarté engine: by its number, or, for the two paragraphs on the cards,
/// as `law ranking` and `law trumps`.
#[test]
fn implemented_ecarte_laws_are_named_in_the_ecarte_engine() {
    let lines = comments_under("src/engine/ecarte");
    for id in &implemented(BookId::Ecarte) {
        let id = id.as_str();
        let named = match id.parse::<u32>() {
            Ok(_) => lines.iter().any(|l| names(l, id)),
            Err(_) => lines.iter().any(|l| l.contains(&format!("law {id}"))),
        };
        assert!(
            named,
            "écarté law {id} is marked implemented, but no comment in src/engine/ecarte names it"
        );
    }
}
