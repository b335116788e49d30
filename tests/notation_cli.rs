//! `referee fmt` and `referee parse`, run as a user would, over the fixtures.

mod common;

use std::path::Path;

use common::{referee, relative};

#[test]
fn fmt_prints_each_fixture_in_canonical_form() {
    insta::glob!("fixtures/*.pqt", |path| {
        let file = relative(path);
        let out = referee(&["fmt", &file], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{file}: {stderr}");
        let canonical = String::from_utf8(out.stdout).expect("UTF-8");
        // Idempotent through the binary: the canonical form formats to itself.
        let again = referee(&["fmt", "-"], Some(canonical.as_bytes()));
        assert_eq!(String::from_utf8_lossy(&again.stdout), canonical, "{file}");
        // The input file is only read.
        let before = std::fs::read(path).unwrap();
        assert_eq!(std::fs::read(path).unwrap(), before);
        insta::assert_snapshot!(canonical);
    });
}

#[test]
fn every_malformed_input_is_reported_with_file_line_and_column() {
    insta::glob!("fixtures/errors/*.pqt", |path| {
        let file = relative(path);
        let out = referee(&["fmt", &file], None);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(
            out.stdout.is_empty(),
            "{file}: fmt prints nothing when the input is unreadable"
        );
        let stderr = String::from_utf8(out.stderr).expect("UTF-8 diagnostics");
        assert!(stderr.starts_with(&format!("{file}:")), "{file}: {stderr}");
        insta::assert_snapshot!(stderr);
    });
}

#[test]
fn parse_reads_the_other_deals_of_a_file_with_errors() {
    let out = referee(
        &[
            "parse",
            "tests/fixtures/errors/several-deals.pqt",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let numbers: Vec<u64> = json["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 3]);
    let errors = json["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2);
    assert!(errors.iter().all(|e| e["deal"] == 2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("several-deals.pqt:11:12: `QX` is not a card"),
        "{stderr}"
    );
    assert!(
        stderr.contains("several-deals.pqt:12:11: expected a reply, found `perhaps`"),
        "{stderr}"
    );
}

#[test]
fn parse_prints_the_events_as_json() {
    let out = referee(&["parse", "tests/fixtures/notation-example.pqt"], None);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["rules"], "portland");
    assert_eq!(json["players"], serde_json::json!(["A", "B"]));
    let events = json["deals"][0]["events"].as_array().unwrap();
    assert_eq!(events.len(), 20);
    assert_eq!(
        events[0],
        serde_json::json!({"event": "act", "player": 0, "act": "discards", "with": ["AS"]})
    );
    assert_eq!(
        events[5]["with"],
        serde_json::json!({"call": "declare", "kind": "point", "cards": 6, "making": null, "suit": null})
    );
}

#[test]
fn a_megabyte_line_is_refused() {
    let dir = std::env::temp_dir().join(format!("referee-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.pqt");
    std::fs::write(
        &file,
        format!("deal 1\nA leads {}\n", "AS ".repeat(400_000)),
    )
    .unwrap();
    let out = referee(&["fmt", file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("long.pqt:2:1: line 2 is more than 1048576 bytes long"),
        "{stderr}"
    );
    assert!(stderr.len() < 1000, "the long line is not echoed whole");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_file_is_a_usage_error() {
    let out = referee(&["fmt", "no/such/file.pqt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read `no/such/file.pqt`")
    );
}

#[test]
fn the_notation_contract_example_is_already_canonical() {
    // tests/fixtures/notation-example.pqt is the complete deal of shared/NOTATION.md,
    // as that page writes it: its canonical form is itself.
    let file = "tests/fixtures/notation-example.pqt";
    let out = referee(&["fmt", file], None);
    assert_eq!(out.status.code(), Some(0));
    let original =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), original);
}

/// A transcript of many bad lines shows the first hundred problems in full
/// and counts the rest, for every command that reads it.
#[test]
fn the_first_hundred_problems_are_shown_and_the_rest_counted() {
    let mut text = String::from("[Players \"A B\"]\ndeal 1\ndealer B\n");
    text.push_str(&"A frobs KX\n".repeat(250));
    for command in ["rule", "fmt", "check", "parse"] {
        let out = referee(&[command, "-"], Some(text.as_bytes()));
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.matches("A frobs KX").count(), 100, "{command}");
        assert!(
            stderr.contains("… and 150 more problems, not shown"),
            "{command}: {stderr:.300}"
        );
        assert!(
            stderr.ends_with("could not read `<stdin>`: 250 problems\n"),
            "{command}"
        );
    }
}
