//! A transcript that contradicts itself (a card written twice, a card
//! discarded or played that the transcript never gave the player): `rule`,
//! `explain` and `check` warn of each place on standard error, with the
//! line and a caret under the card, and rule it as written; `--strict`
//! refuses it (status 2, nothing on standard output).

mod common;

use std::path::Path;

use common::{referee, relative};

const NOT_GIVEN: &str = "tests/fixtures/slips/discards-and-plays-cards-not-given.pqt";
const TWICE: &str = "tests/fixtures/slips/card-in-a-hand-and-the-stock.pqt";

#[test]
fn the_fixtures_are_named_as_a_user_in_the_root_names_them() {
    for file in [NOT_GIVEN, TWICE] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        assert!(path.is_file(), "{file}");
        assert_eq!(relative(&path), file);
    }
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = referee(args, None);
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8"),
    }
}

/// The warning for A's discard of 7H (line 10) and B's play of KC (line 15).
fn not_given(prefix: &str) -> [String; 2] {
    [
        format!(
            "{NOT_GIVEN}:10:18: {prefix}A discards `7H`, which the transcript does not give him"
        ),
        format!("{NOT_GIVEN}:15:9: {prefix}B plays `KC`, which the transcript does not give him"),
    ]
}

#[test]
fn each_place_is_warned_of_with_its_line_and_a_caret() {
    let ruled = run(&["rule", NOT_GIVEN]);
    assert_eq!(ruled.code, Some(0), "{}", ruled.stderr);
    assert!(ruled.stdout.contains("Deal 1"), "{}", ruled.stdout);
    for warning in not_given("warning: ") {
        assert!(ruled.stderr.contains(&warning), "{}", ruled.stderr);
    }
    let caret = "10 | A discards 7C 8C 7H\n   |                  ^^\n";
    assert!(ruled.stderr.contains(caret), "{}", ruled.stderr);
    let caret = "15 | B plays KC\n   |         ^^\n";
    assert!(ruled.stderr.contains(caret), "{}", ruled.stderr);
    assert!(
        ruled.stderr.ends_with(&format!(
            "warning: `{NOT_GIVEN}` contradicts itself in 2 places; it is ruled as written (`--strict` refuses it)\n"
        )),
        "{}",
        ruled.stderr
    );
}

#[test]
fn the_ruling_stands_beside_the_warnings() {
    let json = run(&["rule", NOT_GIVEN, "--format", "json"]);
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    let report: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let penalties: Vec<&str> = report["deals"][0]["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["penalty"].as_str())
        .collect();
    assert_eq!(
        penalties
            .iter()
            .filter(|p| **p == "transcript-in-error")
            .count(),
        2,
        "{penalties:?}"
    );
    assert!(
        json.stderr.contains(&not_given("warning: ")[0]),
        "{}",
        json.stderr
    );
}

#[test]
fn every_transcript_command_warns() {
    for args in [
        &["explain", NOT_GIVEN][..],
        &["rule", NOT_GIVEN, "--explain"],
        &["check", NOT_GIVEN],
    ] {
        let out = run(args);
        assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
        assert!(!out.stdout.is_empty(), "{args:?}");
        for warning in not_given("warning: ") {
            assert!(out.stderr.contains(&warning), "{args:?}: {}", out.stderr);
        }
    }
}

#[test]
fn strict_refuses_with_status_2_and_nothing_on_standard_output() {
    for args in [
        &["rule", NOT_GIVEN, "--strict"][..],
        &["rule", NOT_GIVEN, "--format", "json", "--strict"],
        &["rule", NOT_GIVEN, "--explain", "--strict"],
        &["explain", NOT_GIVEN, "--strict"],
        &["check", NOT_GIVEN, "--strict"],
    ] {
        let out = run(args);
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{args:?}");
        for error in not_given("") {
            assert!(out.stderr.contains(&error), "{args:?}: {}", out.stderr);
        }
        assert!(!out.stderr.contains("warning:"), "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.ends_with(&format!(
                "error: `{NOT_GIVEN}` contradicts itself in 2 places; nothing is ruled under `--strict`\n"
            )),
            "{args:?}: {}",
            out.stderr
        );
    }
}

/// Law 75: KS in B's hand (line 13) and in the stock (line 15), in the
/// second deal. The deal is void and the warning points at the stock's KS;
/// under `--strict` not even the first deal is printed.
#[test]
fn a_card_written_twice_is_warned_of_where_it_is_written_again() {
    let ruled = run(&["rule", TWICE, "--format", "json"]);
    assert_eq!(ruled.code, Some(0), "{}", ruled.stderr);
    let report: serde_json::Value = serde_json::from_str(&ruled.stdout).expect("JSON");
    assert_eq!(report["deals"][1]["void"], true, "{}", ruled.stdout);
    let warning = format!(
        "{TWICE}:15:15: warning: `KS` is written twice, on line 13 and here: ruled as a redundant pack, the deal void (law 75)"
    );
    assert!(ruled.stderr.contains(&warning), "{}", ruled.stderr);
    let caret = "15 | stock: AD 9D  KS 8H JH KD 9C 10H\n   |               ^^\n";
    assert!(ruled.stderr.contains(caret), "{}", ruled.stderr);
    let strict = run(&["rule", TWICE, "--strict"]);
    assert_eq!((strict.code, strict.stdout.as_str()), (Some(2), ""));
}

#[test]
fn standard_input_is_warned_of_as_a_file_is() {
    let text = std::fs::read(NOT_GIVEN).expect("the fixture");
    let out = referee(&["rule", "-", "--strict"], Some(&text));
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(
        stderr.contains("<stdin>:10:18: A discards `7H`"),
        "{stderr}"
    );
}

#[test]
fn a_transcript_that_holds_together_has_no_warning() {
    for args in [
        &["rule", "tests/fixtures/notation-example.pqt"][..],
        &["rule", "tests/fixtures/notation-example.pqt", "--strict"],
    ] {
        let out = run(args);
        assert_eq!((out.code, out.stderr.as_str()), (Some(0), ""), "{args:?}");
        assert!(!out.stdout.is_empty());
    }
}
