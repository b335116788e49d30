//! `referee check`, run as a user would, over the sheets in
//! `tests/fixtures/sheets/`: right sheets exit 0, wrong ones 1 with each
//! problem and its law, unreadable ones 2 at `file:line:column`.

mod common;

use common::{referee, relative};
use serde_json::Value;

/// The sheets that are right throughout; every other sheet has a mistake.
const RIGHT: [&str; 2] = ["right.yaml", "four-deals.yaml"];

#[test]
fn every_sheet_is_checked_with_its_laws() {
    insta::glob!("fixtures/sheets/*.{yaml,pqt}", |path| {
        let file = relative(path);
        let out = referee(&["check", &file], None);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let expected = if RIGHT.contains(&name.as_str()) { 0 } else { 1 };
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(expected), "{file}: {stderr}");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(
            expected == 0,
            text.contains("Everything written is right."),
            "{file}"
        );
        insta::assert_snapshot!(text);
    });
}

#[test]
fn unreadable_sheets_exit_2_at_file_line_and_column() {
    insta::glob!("fixtures/sheets/errors/*.yaml", |path| {
        let file = relative(path);
        let out = referee(&["check", &file], None);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(out.stdout.is_empty(), "{file}");
        let stderr = String::from_utf8(out.stderr).expect("UTF-8");
        assert!(stderr.contains(&file), "{stderr}");
        insta::assert_snapshot!(stderr);
    });
}

#[test]
fn json_gives_totals_partie_and_problems() {
    let out = referee(
        &[
            "check",
            "tests/fixtures/sheets/wrong-result.yaml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["totals"]["A"], 91);
    assert_eq!(json["totals"]["B"], 92);
    // Case XXII's arithmetic: B wins a rubicon of 283 (law 73).
    assert_eq!(json["partie"]["winner"], "B");
    assert_eq!(json["partie"]["points"], 283);
    let problems = json["problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0]["law"], "71-73");
    assert!(problems[0]["deal"].is_null());

    let right = referee(
        &[
            "check",
            "tests/fixtures/sheets/right.yaml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(right.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&right.stdout).expect("JSON");
    assert_eq!(json["problems"].as_array().map(Vec::len), Some(0));
}

#[test]
fn a_transcript_with_right_written_lines_checks_clean() {
    let out = referee(&["check", "tests/fixtures/rule/partie.pqt"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A wins 479 points"), "{text}");
}
