//! One transcript per irregularity law (`tests/laws/law-NN-what.pqt`), ruled
//! by the binary: the law the file is named after is among the laws the
//! referee applies (in a ruling, or, for laws 71-73, in a partie's result),
//! and the report is kept as a snapshot.

mod common;

use common::{referee, relative};
use serde_json::Value;

/// The law a file is named after: `law-35-younger-takes….pqt` gives `35`.
fn law_of(name: &str) -> &str {
    name.strip_prefix("law-")
        .and_then(|rest| rest.split('-').next())
        .expect("files are named law-NN-what.pqt")
}

#[test]
fn each_law_transcript_is_ruled_by_its_law() {
    insta::glob!("laws/*.pqt", |path| {
        let file = relative(path);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let law = law_of(&name);
        let out = referee(&["rule", &file, "--format", "json"], None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let rulings: Vec<&Value> = json["deals"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|d| d["rulings"].as_array().unwrap())
            .collect();
        let applied = rulings.iter().any(|r| {
            r["laws"].as_array().unwrap().iter().any(|l| l == law)
                || (law == "44" && r["penalty"] == "waived")
        });
        // Laws 71-73 decide the partie's result rather than a ruling.
        let parties = std::iter::once(&json["partie"])
            .chain(json["earlier"].as_array().into_iter().flatten())
            .collect::<Vec<_>>();
        let decides = parties.iter().any(|p| {
            p["laws"]
                .as_array()
                .is_some_and(|laws| laws.iter().any(|l| l == law))
        });
        assert!(
            applied || decides,
            "{file}: no ruling applies law {law}, nor does it decide the partie: {rulings:?}"
        );
        // Scores worked out by hand in the file, where it has them, must agree.
        for deal in json["deals"].as_array().unwrap() {
            for w in deal["written"].as_array().into_iter().flatten() {
                assert_eq!(w["written"], w["referee"], "{file}: {w}");
            }
        }
        let text = referee(&["rule", &file], None);
        insta::assert_snapshot!(String::from_utf8(text.stdout).expect("UTF-8"));
    });
}

#[test]
fn file_names_give_their_law() {
    assert_eq!(law_of("law-35-younger-takes-more.pqt"), "35");
    assert_eq!(law_of("law-59.IV-revoke.pqt"), "59.IV");
}
