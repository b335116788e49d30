//! Every law the Portland book marks implemented is named, with its number,
//! in a doc comment of the engine: the code says which law it implements.

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

#[test]
fn implemented_laws_are_named_in_the_engine() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    doc_lines(&root.join("src/engine"), &mut lines);
    let book = library().expect("books").book(BookId::Portland);
    let implemented: Vec<&str> = book
        .laws
        .iter()
        .filter(|l| l.status == Status::Implemented)
        .map(|l| l.id.as_str())
        .collect();
    assert!(!implemented.is_empty());
    for id in implemented {
        assert!(
            lines.iter().any(|l| names(l, id)),
            "law {id} is marked implemented, but no comment in src/engine names it"
        );
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
