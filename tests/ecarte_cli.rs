//! Écarté, ruled by the binary: each `tests/ecarte/*.pqt` is written from
//! the laws of écarté and counted by hand in its opening comment. It is
//! ruled as text and as JSON (both kept as snapshots); every `written`
//! line must agree with the referee, so `check` exits 0; and the JSON keeps
//! to the output contract of shared/NOTATION.md for écarté: `rules`
//! `ecarte`, each deal's `number`, `dealer`, `elder`, `scores` and
//! `totals`, the `games`, and no `partie`.

mod common;

use common::{referee, relative};
use serde_json::Value;

#[test]
fn each_ecarte_transcript_is_ruled_and_its_written_marks_agree() {
    insta::glob!("ecarte/*.pqt", |path| {
        let file = relative(path);
        let text = referee(&["rule", &file], None);
        assert_eq!(
            text.status.code(),
            Some(0),
            "{file}: {}",
            String::from_utf8_lossy(&text.stderr)
        );
        let text = String::from_utf8(text.stdout).expect("UTF-8");
        let json = referee(&["rule", &file, "--format", "json"], None);
        assert_eq!(json.status.code(), Some(0), "{file}");
        let raw = String::from_utf8(json.stdout).expect("UTF-8");
        let json: Value = serde_json::from_str(&raw).expect("JSON");

        assert_eq!(json["rules"], "ecarte", "{file}");
        assert!(json.get("partie").is_none(), "{file}: écarté has no partie");
        assert!(json["games"].is_array(), "{file}: no games");
        let deals = json["deals"].as_array().expect("deals");
        assert!(!deals.is_empty(), "{file}");
        let mut written = 0;
        for deal in deals {
            for key in ["number", "dealer", "elder", "scores", "totals", "game"] {
                assert!(deal.get(key).is_some(), "{file}: a deal without `{key}`");
            }
            for w in deal["written"].as_array().into_iter().flatten() {
                assert_eq!(
                    w["written"], w["referee"],
                    "{file}: deal {}",
                    deal["number"]
                );
                written += 1;
            }
        }
        assert!(written > 0, "{file}: nothing written to check");

        let check = referee(&["check", &file], None);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{file}: a written mark is wrong"
        );

        insta::assert_snapshot!("text", text);
        insta::assert_snapshot!("json", raw);
    });
}

#[test]
fn check_exits_one_when_a_written_mark_is_wrong() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/ecarte/law49-stands-and-loses-the-point.pqt"),
    )
    .expect("readable");
    // B marks two for the point (law 49), not one.
    let wrong = text.replace("written A 0, B 2", "written A 0, B 1");
    assert_ne!(wrong, text);
    let check = referee(&["check", "-"], Some(wrong.as_bytes()));
    assert_eq!(check.status.code(), Some(1));
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(
        report.contains("Written: B 1, but the referee makes it 2 (1 too few)."),
        "{report}"
    );
}

/// `check --format json` on an écarté transcript prints the check's shape
/// (as piquet's does), not the rule JSON: the law-22 audit case with B's
/// king written in deal 1 though he marks it only after the next turn-up.
/// By hand: deal 1 B the point 1, the king marked too late 0 (laws 22, 50):
/// 1, written 2 (1 too many); deal 2 A the point 1, written 1. Game 1: A 1,
/// B 1; no game won.
#[test]
fn check_json_of_an_ecarte_transcript_has_the_check_shape() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ecarte/law22-king-turned-up-marked-after-the-next-turn-up.pqt");
    let text = std::fs::read_to_string(path).expect("readable");
    let wrong = text.replace(
        "play 1. QS KS 2. QH 9S 3. 10H JS 4. AD JD 5. QD 7D\nwritten A 0, B 1",
        "play 1. QS KS 2. QH 9S 3. 10H JS 4. AD JD 5. QD 7D\nwritten A 0, B 2",
    );
    assert_ne!(wrong, text);
    let out = referee(&["check", "--format", "json", "-"], Some(wrong.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["rules"], "ecarte");
    assert_eq!(json["totals"]["A"], 1);
    assert_eq!(json["totals"]["B"], 1);
    assert_eq!(json["partie"]["complete"], false);
    let deals = json["deals"].as_array().expect("deals");
    let got: Vec<_> = deals
        .iter()
        .map(|d| {
            (
                d["deal"].as_u64(),
                d["written"]["B"].as_u64(),
                d["referee"]["B"].as_u64(),
                d["wrong"].as_bool(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (Some(1), Some(2), Some(1), Some(true)),
            (Some(2), Some(0), Some(0), Some(false))
        ]
    );
    let problems = json["problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0]["deal"], 1);
    assert_eq!(
        problems[0]["what"],
        "B wrote 2 but the transcript gives 1 (1 too many)"
    );
}

#[test]
fn explain_steps_through_an_ecarte_deal() {
    let out = referee(
        &[
            "explain",
            "tests/ecarte/law39-card-taken-up-to-save-a-revoke.pqt",
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("B retakes 9H"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_card_not_held_is_a_warning_and_strict_refuses_it() {
    // A plays 9C, which is dealt to B: the transcript contradicts itself.
    let text = "[Game \"Ecarte\"]\n[Players \"A B\"]\n\ndeal 1\ndealer B\nhand A: KS QS JS 8D 7D\nhand B: 9C 8C 7C AH 10H\nturnup: 7S\nA stands\nA leads 9C\n";
    let ruled = referee(&["rule", "-"], Some(text.as_bytes()));
    assert_eq!(ruled.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&ruled.stderr);
    assert!(
        stderr.contains("which the transcript does not give him"),
        "{stderr}"
    );
    let strict = referee(&["rule", "--strict", "-"], Some(text.as_bytes()));
    assert_eq!(strict.status.code(), Some(2));
    assert!(strict.stdout.is_empty());
}
