//! The Cases and Decisions: each case with a transcript is ruled by the
//! binary from its events (snapshot), and wherever the case gives the book's
//! decision as figures, the engine must agree with it.

mod common;

use common::{referee, relative};
use piquet_referee::cases::{all, rule_case, Agreement};

#[test]
fn each_case_transcript_is_ruled() {
    insta::glob!("../cases", "case-*.pqt", |path| {
        let text = std::fs::read_to_string(path).expect("case file");
        if !text.lines().any(|l| l.starts_with("deal ")) {
            return; // no transcript yet
        }
        let file = relative(path);
        let out = referee(&["rule", &file], None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(String::from_utf8(out.stdout).expect("UTF-8"));
    });
}

#[test]
fn the_engine_agrees_with_every_decision_given_as_figures() {
    let mut compared = 0;
    for case in all().expect("cases") {
        let (_, agreement) = rule_case(case);
        match agreement {
            Agreement::Agrees => compared += 1,
            Agreement::Differs(what) => panic!("case {}: {}", case.roman, what.join("; ")),
            Agreement::Unreadable(why) => panic!("case {}: {why}", case.roman),
            Agreement::NotCompared | Agreement::NoTranscript => {
                assert!(
                    case.expected.is_none() || agreement == Agreement::NoTranscript,
                    "case {}",
                    case.roman
                );
            }
        }
    }
    assert!(compared >= 1, "Case XXII at least is compared");
}

#[test]
fn case_xxii_agrees_in_the_case_view() {
    let out = referee(&["case", "XXII"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Agreement: the engine agrees with the book's decision."),
        "{text}"
    );
    assert!(text.contains("283 points won"), "{text}");
}
