//! The transcripts of the independent audits (`tests/audit/`): deals and
//! irregularities written from the laws by hand, by auditors who did not
//! read the engine, each scored by hand in its comments and its `written`
//! lines before the referee ruled it. Every one the referee agreed with (or
//! now agrees with, once put right) is kept here: the referee must go on
//! agreeing with every score written.

mod common;

use std::path::Path;

use common::{referee, relative};
use serde_json::Value;

#[test]
fn the_referee_agrees_with_every_audited_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audit");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/audit")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pqt"))
        .collect();
    files.sort();
    assert!(files.len() > 100, "{} audited transcripts", files.len());
    let mut scored = 0;
    for path in files {
        let file = relative(&path);
        let out = referee(&["rule", &file, "--format", "json"], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{file}: {stderr}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for deal in json["deals"].as_array().expect("deals") {
            for w in deal["written"].as_array().into_iter().flatten() {
                assert_eq!(
                    w["written"], w["referee"],
                    "{file}, deal {}: {w}",
                    deal["number"]
                );
                scored += 1;
            }
        }
    }
    assert!(scored > 200, "{scored} scores written by hand");
}
