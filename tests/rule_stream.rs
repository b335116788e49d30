//! `referee rule` writes its report deal by deal as it rules: run as a user
//! would, it must say what the whole-transcript report says, place each
//! partie's result where that partie ends, print nothing for a transcript
//! that cannot be read, and stop quietly when its reader goes away.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::{referee, relative};
use serde_json::Value;

/// `referee generate` output, as text.
fn generated(deals: u32, seed: u32) -> String {
    let out = referee(
        &[
            "generate",
            "--deals",
            &deals.to_string(),
            "--seed",
            &seed.to_string(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// A deal made void by a fresh deal (law 11: the younger hand dealt thirteen
/// cards, A dealing), re-dealt under the same number.
const VOID_DEAL: &str = "deal 2
dealer A
hand A: 9S 8S 7S AH KH QH JH JD 10D 9D 8D
hand B: AS KS QS JS 10H 9H 8H 7H AD KD QC 7C 10S
stock: 7D AC KC JC 10C 9C 8C QD
B announces 13 cards
B claims fresh deal

";

/// Two parties (six deals, then two), with a void deal 2 in the second,
/// dealt again under its number.
fn two_parties_with_a_void_deal() -> String {
    let text = generated(8, 3);
    let second = text
        .match_indices("\ndeal 2\n")
        .nth(1)
        .expect("a second deal 2")
        .0;
    format!("{}\n{VOID_DEAL}{}", &text[..second], &text[second + 1..])
}

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("referee-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

#[test]
fn each_partie_ends_where_it_ends_and_a_void_deal_begins_none() {
    let text = two_parties_with_a_void_deal();
    let path = write_temp("two-parties.pqt", &text);
    let file = path.to_string_lossy().to_string();

    let out = referee(&["rule", &file], None);
    assert_eq!(out.status.code(), Some(0));
    let report = String::from_utf8(out.stdout).expect("UTF-8");
    let headings: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("Deal ") || l.starts_with("Partie:"))
        .map(|l| l.split(':').next().unwrap_or(l))
        .collect();
    let expected = [
        "Deal 1", "Deal 2", "Deal 3", "Deal 4", "Deal 5", "Deal 6", "Partie", "Deal 1", "Deal 2",
        "Deal 2", "Partie",
    ];
    assert_eq!(headings, expected, "{report}");

    let out = referee(&["rule", &file, "--format", "json"], None);
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let deals = json["deals"].as_array().expect("deals");
    assert_eq!(deals.len(), 9);
    assert_eq!(deals[7]["void"], true);
    let earlier = json["earlier"].as_array().expect("one partie ended before");
    assert_eq!(earlier.len(), 1);
    assert_eq!(earlier[0]["complete"], true);
    assert_eq!(json["partie"]["complete"], false);
    // The second partie's totals are its own two deals'.
    let totals = &json["totals"];
    for player in ["A", "B"] {
        assert_eq!(totals[player], deals[8]["totals"][player], "{player}");
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn standard_input_is_ruled_as_the_file_is() {
    for file in ["tests/fixtures/rule/partie.pqt", "cases/case-22.pqt"] {
        let text = std::fs::read(file).expect("the fixture");
        for format in ["text", "json"] {
            let from_file = referee(&["rule", file, "--format", format], None);
            let from_stdin = referee(&["rule", "-", "--format", format], Some(&text));
            assert_eq!(from_file.status.code(), Some(0), "{file}");
            assert_eq!(from_stdin.status.code(), Some(0), "{file}");
            assert_eq!(from_file.stdout, from_stdin.stdout, "{file} as {format}");
        }
    }
}

/// A problem anywhere, even in the last deal, stops the report before it
/// starts; the problems are shown as `fmt` shows them, line and caret.
#[test]
fn nothing_is_printed_for_a_transcript_that_cannot_be_read() {
    insta::glob!("fixtures/errors/*.pqt", |path| {
        let file = relative(path);
        let fmt = referee(&["fmt", &file], None);
        for format in ["text", "json"] {
            let rule = referee(&["rule", &file, "--format", format], None);
            assert_eq!(rule.status.code(), Some(2), "{file}");
            assert!(rule.stdout.is_empty(), "{file}: printed before the error");
            assert_eq!(
                String::from_utf8_lossy(&rule.stderr),
                String::from_utf8_lossy(&fmt.stderr),
                "{file}"
            );
        }
    });
}

#[test]
fn a_bad_line_after_many_good_deals_still_prints_nothing() {
    let mut text = generated(300, 5);
    text.push_str("\ndeal 301\ndealer A\nB discards KX\n");
    let path = write_temp("late-error.pqt", &text);
    let file = path.to_string_lossy().to_string();
    let out = referee(&["rule", &file], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().count();
    assert!(stderr.starts_with(&format!("{file}:{line}:")), "{stderr}");
    assert!(stderr.contains("| B discards KX"), "{stderr}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_reader_that_goes_away_ends_the_report_quietly() {
    let path = write_temp("pipe.pqt", &generated(3000, 9));
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["rule", &path.to_string_lossy()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee runs");
    let mut first = [0u8; 64];
    let mut stdout = child.stdout.take().expect("stdout");
    stdout.read_exact(&mut first).expect("the report begins");
    drop(stdout);
    let out = child.wait_with_output().expect("it ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(first.starts_with(b"Ruled under"));
    let _ = std::fs::remove_file(path);
}

/// A long transcript is ruled in parts on every core (`--threads 0`, the
/// default) and on one (`-j 1`): the same report, the same warnings, the
/// same status; and a problem far into it is reported the same way.
#[test]
fn a_long_transcript_on_every_core_is_reported_as_on_one() {
    // Some 1.3 MB: cut into parts of 256 KiB or more.
    let text = generated(2400, 11);
    let good = write_temp("cores-good.pqt", &text);
    let late = text.rfind("\ndeal 3\n").expect("a late deal 3");
    let bad = format!("{}\nA dsicards 7S\n{}", &text[..late], &text[late + 1..]);
    let bad = write_temp("cores-bad.pqt", &bad);
    for file in [&good, &bad] {
        for format in ["text", "json"] {
            let path = file.to_str().expect("UTF-8 path");
            let every = referee(&["rule", path, "--format", format], None);
            let one = referee(&["-j", "1", "rule", path, "--format", format], None);
            assert_eq!(every.stdout, one.stdout, "{path} {format}");
            assert_eq!(every.stderr, one.stderr, "{path} {format}");
            assert_eq!(every.status.code(), one.status.code(), "{path} {format}");
        }
    }
    let one = referee(&["-j", "1", "rule", bad.to_str().unwrap()], None);
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("dsicards"));
    for file in [good, bad] {
        std::fs::remove_file(file).expect("removed");
    }
}
