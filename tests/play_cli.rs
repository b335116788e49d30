//! The play taken up and played again (law 59), run through the binary:
//! transcripts that once made the referee panic are ruled, exit 0.

use std::io::Write;
use std::process::{Command, Stdio};

/// `referee rule - --format <format>`, the transcript on standard input.
fn rule(text: &str, format: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["rule", "-", "--format", format])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(text.as_bytes()).expect("written");
    drop(stdin);
    child.wait_with_output().expect("finishes")
}

/// Short transcripts of the play, each once a panic.
const TRANSCRIPTS: &[(&str, &str)] = &[
    (
        "the elder plays with no lead, is asked how many diamonds, answers, \
         and the younger claims a replay (no trick yet stands)",
        "[Players \"A B\"]\n\
         deal 1\n\
         dealer B\n\
         hand A: KD JD 10D 9D 8D 7D AS KS QS AH KH QH\n\
         A plays 10D\n\
         B asks how many diamonds\n\
         A answers two\n\
         B claims replay\n",
    ),
    (
        "a replay from a trick not yet played",
        "[Players \"A B\"]\ndeal 1\ndealer B\nreplay from trick 200\nA leads AS\nB plays 7S\n",
    ),
    (
        "a replay from trick 0, before any card",
        "[Players \"A B\"]\ndeal 1\ndealer B\nreplay from trick 0\n",
    ),
    (
        "a card retaken that was never played, and a surplus card among no tricks",
        "[Players \"A B\"]\ndeal 1\ndealer B\nB retakes 7D\nsurplus card 7D in tricks of A\n",
    ),
];

#[test]
fn the_play_taken_up_never_panics() {
    for (what, text) in TRANSCRIPTS {
        for format in ["text", "json"] {
            let out = rule(text, format);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{what} ({format}): {stderr}");
            assert!(!stderr.contains("panicked"), "{what}: {stderr}");
        }
    }
}
