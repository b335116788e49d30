//! Piquet au cent, ruled by the binary beside the Portland laws.
//!
//! Each `tests/au-cent/acNN-what.pqt` is written under `[Rules "au-cent"]`
//! from paragraph ACNN. It is ruled as written, and ruled again with the
//! `Rules` tag set to `portland` (and without its `Agreements` tag, whose
//! agreements are au cent's): the paragraph must be among the laws the au
//! cent ruling applies (a ruling, a score line, a game or the partie), the
//! `written` lines must agree with the referee, and the two reports are kept
//! side by side in one snapshot, which must differ: the paragraph changes a
//! ruling or a score. Files named `deal-…`, `game-…` or `partie-…` are regular
//! play under au cent: ruled and kept, their written scores checked.
//!
//! Every au cent ruling and score line keeps to the book's cross-references:
//! a Portland law that an AC paragraph replaces is cited only beside a
//! paragraph that replaces it, or where the book says part of it stands.

mod common;

use common::{referee, relative};
use piquet_referee::laws::{library, BookId};
use serde_json::Value;

/// The AC paragraph a file is named after: `ac15-point-by-cards.pqt` gives `AC15`.
fn paragraph_of(name: &str) -> Option<String> {
    let rest = name.strip_prefix("ac")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then(|| format!("AC{digits}"))
}

/// Every law id cited anywhere in a JSON report: each array named `laws`.
fn cited(json: &Value, out: &mut Vec<Vec<String>>) {
    match json {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("laws", Value::Array(ids)) => out.push(
                        ids.iter()
                            .filter_map(|id| id.as_str().map(str::to_string))
                            .collect(),
                    ),
                    _ => cited(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| cited(item, out)),
        _ => {}
    }
}

/// The report of `text` under the rules it names, as text and as JSON.
fn rule(text: &str) -> (String, Value) {
    let json = referee(&["rule", "-", "--format", "json"], Some(text.as_bytes()));
    assert_eq!(
        json.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&json.stderr)
    );
    let report = referee(&["rule", "-"], Some(text.as_bytes()));
    (
        String::from_utf8(report.stdout).expect("UTF-8"),
        serde_json::from_slice(&json.stdout).expect("JSON"),
    )
}

/// The Portland laws each AC paragraph replaces, with the ids of the
/// paragraphs that replace them; and the laws the book keeps standing in part.
fn replaced() -> Vec<(String, Vec<String>)> {
    let book = library().expect("books").book(BookId::AuCent);
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for law in &book.laws {
        for portland in &law.replaces {
            match out.iter_mut().find(|(id, _)| id == portland) {
                Some((_, by)) => by.push(law.id.clone()),
                None => out.push((portland.clone(), vec![law.id.clone()])),
            }
        }
    }
    out
}

/// The same transcript under the Portland laws: the `Rules` tag swapped,
/// and the `Agreements` tag left out, its agreements being au cent's (AC25,
/// AC26), which the Portland laws do not provide.
fn under_portland(text: &str) -> String {
    text.replace("[Rules \"au-cent\"]", "[Rules \"portland\"]")
        .lines()
        .filter(|line| !line.starts_with("[Agreements "))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn each_au_cent_transcript_is_ruled_beside_portland() {
    let replaced = replaced();
    let kept = library()
        .expect("books")
        .book(BookId::AuCent)
        .kept_in_part();
    insta::glob!("au-cent/*.pqt", |path| {
        let file = relative(path);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).expect("readable");
        assert!(
            text.contains("[Rules \"au-cent\"]"),
            "{file}: no au-cent Rules tag"
        );
        let (au_cent, json) = rule(&text);
        let (portland, portland_json) = rule(&under_portland(&text));
        let mut laws = Vec::new();
        cited(&json, &mut laws);
        if let Some(paragraph) = paragraph_of(&name) {
            // A paragraph that allows what the Portland law forbids (AC6,
            // AC7) is cited by nothing under au cent: there the Portland
            // law it replaces is cited by the Portland ruling instead.
            let mut under_portland = Vec::new();
            cited(&portland_json, &mut under_portland);
            let its = |law: &String| {
                replaced
                    .iter()
                    .any(|(l, by)| l == law && by.contains(&paragraph))
            };
            assert!(
                laws.iter().flatten().any(|l| *l == paragraph)
                    || under_portland.iter().flatten().any(its),
                "{file}: nothing cites {paragraph}, nor under Portland a law it replaces: {laws:?}"
            );
            let body = |report: &str| report.lines().skip(1).collect::<Vec<_>>().join("\n");
            assert_ne!(
                body(&au_cent),
                body(&portland),
                "{file}: the same under both books"
            );
        }
        for group in &laws {
            for (law, by) in &replaced {
                let alone = group.contains(law) && !group.iter().any(|l| by.contains(l));
                assert!(
                    !alone || kept.contains(&law.as_str()),
                    "{file}: cites law {law} without {by:?}, which replace it: {group:?}"
                );
            }
        }
        for deal in json["deals"].as_array().unwrap() {
            for w in deal["written"].as_array().into_iter().flatten() {
                assert_eq!(w["written"], w["referee"], "{file}: {w}");
            }
        }
        insta::assert_snapshot!(format!(
            "=== under au cent ===\n{au_cent}\n=== under the Portland laws ===\n{portland}"
        ));
    });
}

#[test]
fn file_names_give_their_paragraph() {
    let table = [
        ("ac15-point-by-cards.pqt", Some("AC15")),
        ("ac3-thirteen-cards.pqt", Some("AC3")),
        ("deal-regular.pqt", None),
        ("game-double.pqt", None),
    ];
    for (name, expected) in table {
        assert_eq!(paragraph_of(name).as_deref(), expected, "{name}");
    }
}
