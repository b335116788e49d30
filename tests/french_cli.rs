//! The French rules (classic, modern and old piquet), ruled by the binary.
//!
//! Each `tests/french/*.pqt` names its rule set in its `Rules` tag. A file
//! named after a paragraph of the French book (`6e-…`, `15.1b-…`, `O4-…`,
//! `M2-…`, `R5-…`) must cite it somewhere in its report; files named
//! `deal-…`, `game-…`, `match-…` are regular play. Every `written` line must
//! agree with the referee, and the text and JSON reports are kept as one
//! snapshot.

mod common;

use common::{referee, relative};
use piquet_referee::laws::{library, BookId};
use serde_json::Value;

/// Every law id cited anywhere in a JSON report: each array named `laws`.
fn cited(json: &Value, out: &mut Vec<String>) {
    match json {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("laws", Value::Array(ids)) => {
                        out.extend(ids.iter().filter_map(|id| id.as_str().map(str::to_string)))
                    }
                    _ => cited(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| cited(item, out)),
        _ => {}
    }
}

/// The paragraph of the French book a file is named after, if any:
/// `6e-point-tens.pqt` gives `6e`, `15.1b-…` gives `15.1b`.
fn paragraph_of(name: &str) -> Option<String> {
    let id = name.split('-').next()?;
    let book = library().expect("books").book(BookId::Classic);
    book.law(id).map(|law| law.id.clone())
}

#[test]
fn each_french_transcript_is_ruled_under_its_book() {
    insta::glob!("french/*.pqt", |path| {
        let file = relative(path);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).expect("readable");
        let json = referee(&["rule", "-", "--format", "json"], Some(text.as_bytes()));
        assert_eq!(
            json.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&json.stderr)
        );
        let json: Value = serde_json::from_slice(&json.stdout).expect("JSON");
        let report = referee(&["rule", "-"], Some(text.as_bytes()));
        let report = String::from_utf8(report.stdout).expect("UTF-8");
        if let Some(paragraph) = paragraph_of(&name) {
            let mut laws = Vec::new();
            cited(&json, &mut laws);
            assert!(
                laws.contains(&paragraph),
                "{file}: nothing cites {paragraph}: {laws:?}"
            );
        }
        for deal in json["deals"].as_array().unwrap() {
            for w in deal["written"].as_array().into_iter().flatten() {
                assert_eq!(w["written"], w["referee"], "{file}: {w}");
            }
            for ruling in deal["rulings"].as_array().into_iter().flatten() {
                analogy_resolves(&file, ruling);
            }
        }
        // Issue 15: a file named `analogy-…` shows an irregularity the
        // French rules give no law for, ruled by analogy with Portland.
        if name.starts_with("analogy-") {
            let analogies = json["deals"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|d| d["rulings"].as_array().into_iter().flatten())
                .filter(|r| r["analogy"] == "portland")
                .count();
            assert!(analogies > 0, "{file}: no ruling by analogy");
        }
        insta::assert_snapshot!(report);
    });
}

/// Issue 15: every law a ruling cites is the French book's own, or, where
/// the ruling says it is by analogy, a law of the book it names (Portland).
fn analogy_resolves(file: &str, ruling: &Value) {
    let library = library().expect("books");
    let french = library.book(BookId::Classic);
    let portland = library.book(BookId::Portland);
    for id in ruling["laws"].as_array().into_iter().flatten() {
        let id = id.as_str().unwrap();
        let own = french.law(id).is_some();
        let by_analogy = ruling["analogy"] == "portland" && portland.find(id).is_some();
        assert!(own || by_analogy, "{file}: law {id} in {ruling}");
    }
}

#[test]
fn file_names_give_their_paragraph() {
    let table = [
        ("6e-point-tens.pqt", Some("6e")),
        ("15.1b-second-card.pqt", Some("15.1b")),
        ("O4-neuvieme.pqt", Some("O4")),
        ("deal-classic-regular.pqt", None),
    ];
    for (name, expected) in table {
        assert_eq!(paragraph_of(name).as_deref(), expected, "{name}");
    }
}
