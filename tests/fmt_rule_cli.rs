//! `referee fmt` never changes what a transcript means, run as a user
//! would: every transcript of the project (the Cases, the law transcripts,
//! the fixtures) is ruled the same before and after `fmt`, the line numbers
//! aside, and a transcript with header lines among its events and lines
//! longer than the reader takes once spelled canonically is ruled the same.

mod common;

use std::path::Path;

use common::{referee, relative};
use serde_json::Value;

/// `referee rule --format json` of `text`, the line numbers taken out
/// (fmt changes them; `notation_props.rs` checks that the lines keep their order).
fn ruled(text: &[u8]) -> Option<Value> {
    let out = referee(&["rule", "-", "--format", "json"], Some(text));
    let mut json: Value = serde_json::from_slice(&out.stdout).ok()?;
    forget_lines(&mut json);
    Some(json)
}

fn forget_lines(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("line");
            map.values_mut().for_each(forget_lines);
        }
        Value::Array(items) => items.iter_mut().for_each(forget_lines),
        Value::String(text) => *text = without_line_numbers(text),
        _ => {}
    }
}

/// `line 73: … As ruled on line 70` as `line #: … As ruled on line #`.
fn without_line_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.to_ascii_lowercase().find("line ") {
        let (before, after) = rest.split_at(at + "line ".len());
        out.push_str(before);
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            out.push('#');
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

fn fmt(text: &[u8]) -> Vec<u8> {
    let out = referee(&["fmt", "-"], Some(text));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The transcripts under these folders of the project, but for those in a
/// folder of errors.
fn transcripts_in(dirs: &[&str]) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let in_errors = |path: &Path| path.components().any(|c| c.as_os_str() == "errors");
    dirs.iter()
        .flat_map(|dir| common::transcripts_under(&root.join(dir)))
        .filter(|path| !in_errors(path.strip_prefix(root).unwrap_or(path)))
        .collect()
}

#[test]
fn every_transcript_is_ruled_the_same_after_fmt() {
    let files = transcripts_in(&["cases", "tests/laws", "tests/fixtures"]);
    let mut ruled_files = 0;
    for path in &files {
        let text = std::fs::read(path).unwrap();
        // Écarté is not ruled yet: nothing to compare.
        let Some(before) = ruled(&text) else { continue };
        ruled_files += 1;
        let after = ruled(&fmt(&text));
        assert_eq!(after.as_ref(), Some(&before), "{}", relative(path));
    }
    assert!(ruled_files > 80, "{ruled_files} transcripts ruled");
}

/// `referee fmt` writes deal by deal as it reads: the same text, byte for
/// byte, as the canonical form of the transcript read whole.
#[test]
fn fmt_streamed_is_the_canonical_form_of_the_whole() {
    let files = transcripts_in(&["cases", "tests/laws", "tests/fixtures", "tests/au-cent"]);
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let whole =
            piquet_referee::notation::format(&piquet_referee::notation::read(&text).transcript);
        assert_eq!(
            String::from_utf8(fmt(&text)).unwrap(),
            whole,
            "{}",
            relative(path)
        );
    }
    assert!(files.len() > 80, "{} transcripts", files.len());
}

/// Laws 11, 12: A's hand of thirteen is written after his exchange, and
/// lines are written in the short spellings (`TS`, `1.AS`) on a line near
/// the limit. After `fmt` the hand line is still after the exchange, no
/// line is over 4096 bytes, and the ruling is the same.
#[test]
fn header_lines_among_events_and_long_lines_keep_their_meaning() {
    let says = format!("B says \"{}\"", "\\x".repeat(2000));
    let text = format!(
        "[Players \"A B\"]\ndeal 1\ndealer B\nA discards 7C 8H 7H\nA takes 3\n\
         hand A: AS KS QS JS TH 9H 8H 7H AD KD QC 7C TS\n\
         hand B: 9S 8S 7S AH KH QH JH JD TD 9D 8D\nstock: 7D AC KC JC TC 9C 8C QD\n\
         {says}\nA claims fresh deal\n"
    );
    assert!(text.lines().all(|l| l.len() <= 4096));
    let canonical = fmt(text.as_bytes());
    let canonical_text = String::from_utf8(canonical.clone()).unwrap();
    assert!(
        canonical_text.lines().all(|l| l.len() <= 4096),
        "a line too long"
    );
    assert!(
        canonical_text.lines().any(|l| l.ends_with('\\')),
        "the long line goes on"
    );
    let at = |prefix: &str| canonical_text.lines().position(|l| l.starts_with(prefix));
    assert!(at("A takes 3") < at("hand A:"), "{canonical_text:.400}");
    let before = ruled(text.as_bytes()).expect("ruled");
    assert_eq!(ruled(&canonical), Some(before));
    assert_eq!(fmt(&canonical), canonical, "fmt is idempotent");
}

/// A transcript written with Windows line ends (`\r\n`) has the same
/// canonical form as the same lines ended by `\n`: every line, the YAML
/// front matter's too, ends with `\n` alone.
#[test]
fn a_transcript_with_windows_line_ends_has_the_same_canonical_form() {
    let files = transcripts_in(&["cases", "tests/laws", "tests/au-cent", "tests/french"]);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let windows = text.replace('\n', "\r\n");
        assert_eq!(
            String::from_utf8(fmt(windows.as_bytes())).unwrap(),
            String::from_utf8(fmt(text.as_bytes())).unwrap(),
            "{}",
            relative(path)
        );
    }
    assert!(files.len() > 100, "{} transcripts", files.len());
}
