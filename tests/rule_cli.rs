//! `referee rule` and `referee explain`, run as a user would, over deals
//! scored by hand from the laws (`tests/fixtures/rule/`): each fixture's
//! `written` lines hold the hand-computed scores, and the referee must agree.

mod common;

use common::{referee, relative};
use serde_json::Value;

fn json(file: &str) -> Value {
    let out = referee(&["rule", file, "--format", "json"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{file}: {stderr}");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn the_referee_agrees_with_every_score_written_by_hand() {
    insta::glob!("fixtures/rule/*.pqt", |path| {
        let file = relative(path);
        let report = json(&file);
        let deals = report["deals"].as_array().expect("deals");
        assert!(!deals.is_empty(), "{file}");
        for deal in deals {
            let written = deal["written"]
                .as_array()
                .expect("each fixture deal has a written line");
            assert_eq!(written.len(), 2, "{file}");
            for w in written {
                assert_eq!(
                    w["written"], w["referee"],
                    "{file}, deal {}: {w}",
                    deal["number"]
                );
            }
            assert!(
                deal["rulings"].as_array().is_some_and(Vec::is_empty),
                "{file}: a regular deal has no rulings: {}",
                deal["rulings"]
            );
        }
    });
}

#[test]
fn rule_reports_each_fixture() {
    insta::glob!("fixtures/rule/*.pqt", |path| {
        let file = relative(path);
        let out = referee(&["rule", &file], None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        insta::assert_snapshot!(String::from_utf8(out.stdout).expect("UTF-8"));
    });
}

#[test]
fn json_follows_the_notation_contract() {
    let report = json("tests/fixtures/notation-example.pqt");
    assert_eq!(report["rules"], "portland");
    let deal = &report["deals"][0];
    assert_eq!(deal["number"], 1);
    assert_eq!(deal["dealer"], "B");
    assert_eq!(deal["elder"], "A");
    // The score NOTATION.md works out by hand: A 32, B 6.
    assert_eq!(deal["scores"]["A"], 32);
    assert_eq!(deal["scores"]["B"], 6);
    assert_eq!(report["totals"]["A"], 32);
    assert_eq!(report["partie"]["complete"], false);
    assert!(report["partie"].get("winner").is_none());
}

#[test]
fn explain_steps_through_every_event() {
    let out = referee(&["explain", "tests/fixtures/notation-example.pqt"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    insta::assert_snapshot!(text);
    let same = referee(
        &["rule", "--explain", "tests/fixtures/notation-example.pqt"],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&same.stdout), text);
}

#[test]
fn rule_refuses_unreadable_input() {
    // Écarté is ruled now, by its own engine: tests/ecarte_cli.rs.
    let bad = referee(&["rule", "tests/fixtures/errors/unknown-card.pqt"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown-card.pqt:"));
}

#[test]
fn generated_transcripts_rule_cleanly_and_are_reproducible() {
    let first = referee(&["generate", "--deals", "6", "--seed", "11"], None);
    let again = referee(&["generate", "--deals", "6", "--seed", "11"], None);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(first.stdout, again.stdout);
    let ruled = referee(&["rule", "-", "--format", "json"], Some(&first.stdout));
    assert_eq!(ruled.status.code(), Some(0));
    let report: Value = serde_json::from_slice(&ruled.stdout).expect("JSON");
    assert_eq!(report["deals"].as_array().map(Vec::len), Some(6));
    assert_eq!(
        report["partie"]["complete"], true,
        "six deals make a partie unless tied"
    );
}

/// A `?` line before the first `deal` line is put to that deal: one deal,
/// one partie, the question answered there (scores counted in the file).
#[test]
fn a_question_before_the_deal_line_is_put_to_the_deal() {
    let report = json("tests/fixtures/question-before-deal-one.pqt");
    let deals = report["deals"].as_array().expect("deals");
    assert_eq!(deals.len(), 1, "{report}");
    assert_eq!(deals[0]["questions"][0]["line"], 4);
    assert_eq!(deals[0]["scores"]["A"], 23);
    assert_eq!(deals[0]["scores"]["B"], 4);
    assert!(report.get("earlier").is_none(), "one partie: {report}");
}
