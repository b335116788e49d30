//! `referee check`, run as a user would, over the sheets in
//! `tests/fixtures/sheets/`: right sheets exit 0, wrong ones 1 with each
//! problem and its law, unreadable ones 2 at `file:line:column`.

mod common;

use common::{referee, relative};
use serde_json::Value;

/// The sheets that are right throughout; every other sheet has a mistake.
const RIGHT: [&str; 17] = [
    "right.yaml",
    "ecarte-graded-right.yaml",
    "au-cent-right.yaml",
    "au-cent-with-transcripts.yaml",
    "au-cent-partie-three-to-one.yaml",
    "au-cent-partie-in-three-games-right.yaml",
    "au-cent-three-games-right.yaml",
    "reckons-nothing.yaml",
    "linked-void-redealt.yaml",
    "four-deals.yaml",
    "tie.yaml",
    "second-tie.yaml",
    "four-deals-tie.yaml",
    "classic-belle.pqt",
    "classic-rubicon-by-agreement.pqt",
    "classic-match-belle.yaml",
    "classic-target-150.yaml",
];

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

#[test]
fn json_of_several_parties_names_each_partie() {
    let out = referee(
        &[
            "check",
            "tests/fixtures/sheets/two-parties.pqt",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // The top-level totals and partie are the last partie's, as for `referee rule`.
    assert_eq!(json["totals"]["A"], 187);
    assert_eq!(json["totals"]["B"], 241);
    assert_eq!(json["partie"]["winner"], "B");
    assert_eq!(json["partie"]["points"], 154);
    // The partie before it: A wins a rubicon, 292 + 87 + 100 (law 73).
    let earlier = json["earlier"].as_array().expect("earlier");
    assert_eq!(earlier.len(), 1);
    assert_eq!(earlier[0]["totals"]["A"], 292);
    assert_eq!(earlier[0]["totals"]["B"], 87);
    assert_eq!(earlier[0]["winner"], "A");
    assert_eq!(earlier[0]["points"], 479);
    // Every deal, numbered as in the transcript, with its partie.
    let deals = json["deals"].as_array().expect("deals");
    let numbered: Vec<(u64, u64)> = deals
        .iter()
        .map(|d| (d["partie"].as_u64().unwrap(), d["deal"].as_u64().unwrap()))
        .collect();
    let want: Vec<(u64, u64)> = (1..=2).flat_map(|p| (1..=6).map(move |d| (p, d))).collect();
    assert_eq!(numbered, want);
    assert_eq!(deals[5]["totals"]["A"], 292);
    assert_eq!(deals[6]["totals"]["A"], 42);
    // Each problem names its partie and deal.
    let problems = json["problems"].as_array().expect("problems");
    let named: Vec<(u64, u64)> = problems
        .iter()
        .map(|p| (p["partie"].as_u64().unwrap(), p["deal"].as_u64().unwrap()))
        .collect();
    assert_eq!(named, [(1, 5), (2, 3)]);
}

#[test]
fn json_of_one_partie_with_a_void_deal() {
    let out = referee(
        &[
            "check",
            "tests/fixtures/sheets/void-redealt.pqt",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // One partie: no `earlier`, and no deal or problem names a partie.
    assert!(json.get("earlier").is_none());
    let deals = json["deals"].as_array().expect("deals");
    assert!(deals.iter().all(|d| d.get("partie").is_none()));
    // Deal 3 twice: void, then dealt afresh; six deals besides.
    let numbers: Vec<(u64, bool)> = deals
        .iter()
        .map(|d| (d["deal"].as_u64().unwrap(), d["void"] == true))
        .collect();
    assert_eq!(
        numbers,
        [
            (1, false),
            (2, false),
            (3, true),
            (3, false),
            (4, false),
            (5, false),
            (6, false)
        ]
    );
    assert_eq!(json["partie"]["winner"], "A");
    assert_eq!(json["partie"]["points"], 479);
    let problems = json["problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0]["deal"], 3);
    assert!(problems[0].get("partie").is_none());
}

/// Law 71: tied after six deals, each deals once more: the transcripts of
/// eight deals, one won after the extra deals and one tied again, are
/// right as written, and the JSON gives each result.
#[test]
fn a_tie_goes_to_two_extra_deals() {
    // (transcript, winner, points, tied), counted by hand in each file.
    let table = [
        (
            "tests/laws/law-71-tie-each-deals-once-more.pqt",
            Some("A"),
            132,
            false,
        ),
        ("tests/laws/law-71-second-tie.pqt", None, 0, true),
    ];
    for (file, winner, points, tied) in table {
        let out = referee(&["check", file, "--format", "json"], None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert!(json.get("earlier").is_none(), "{file}: one partie");
        assert_eq!(json["deals"].as_array().map(Vec::len), Some(8), "{file}");
        let partie = &json["partie"];
        assert_eq!(partie["complete"], true, "{file}");
        assert_eq!(partie["winner"].as_str(), winner, "{file}");
        assert_eq!(partie["points"], points, "{file}");
        assert_eq!(partie["tied"] == true, tied, "{file}");
    }
}

/// A void deal, and a deal the transcript stops in the exchange, score
/// nothing when no calls are written: `check` finds the `written A 0, B 0`
/// counted by hand in each file right, and the totals carry nothing from
/// them.
#[test]
fn void_and_stopped_deals_score_nothing() {
    // (transcript, each deal's totals for A and B, counted by hand in the file)
    let table: [(&str, &[[u64; 2]]); 3] = [
        (
            "tests/laws/law-75-void-deal-with-no-calls-scores-nothing.pqt",
            &[[0, 0], [45, 21]],
        ),
        (
            "tests/laws/law-13-dealer-exposes-own-card-exchange-stopped.pqt",
            &[[0, 0]],
        ),
        ("cases/case-03.pqt", &[[0, 0]]),
    ];
    for (file, totals) in table {
        let out = referee(&["check", file, "--format", "json"], None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let got: Vec<[u64; 2]> = json["deals"]
            .as_array()
            .expect("deals")
            .iter()
            .map(|d| ["A", "B"].map(|p| d["totals"][p].as_u64().expect("a total")))
            .collect();
        assert_eq!(got, totals, "{file}");
    }
}

/// A transcript with no `written` line has nothing to check: the check says
/// so, and does not say that everything written is right (issue 18).
#[test]
fn a_transcript_with_nothing_written_says_there_is_nothing_to_check() {
    let out = referee(&["check", "cases/case-01.pqt"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("Nothing is written to check"), "{text}");
    assert!(!text.contains("Everything written is right"), "{text}");
    let written = referee(&["check", "tests/au-cent/deal-notation-example.pqt"], None);
    let text = String::from_utf8(written.stdout).expect("UTF-8");
    assert!(text.contains("Everything written is right"), "{text}");
}

/// A transcript a sheet names must be a file: a pipe or a device (here a
/// link to `/dev/null`) is refused before it is opened, for opening a pipe
/// waits for whoever writes to it, and none may come.
#[cfg(unix)]
#[test]
fn a_sheet_may_name_only_a_file_as_its_transcript() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check-not-a-file");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    std::os::unix::fs::symlink("/dev/null", dir.join("null.pqt")).expect("a link");
    let sheet = dir.join("sheet.yaml");
    std::fs::write(
        &sheet,
        "rules: portland\nplayers: [A, B]\ndeals:\n  - {dealer: B, scores: {A: 29, B: 0}, transcript: null.pqt, deal: 1}\n",
    )
    .expect("written");
    let run = referee(&["check", &sheet.to_string_lossy()], None);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("null.pqt`: it is not a file but a pipe or a device"),
        "{err}"
    );
}
