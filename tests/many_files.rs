//! `rule`, `check`, `fmt` and `parse` on several files and folders: a
//! report under a line naming each file, a summary, and the worst status.

mod common;

use std::path::PathBuf;

use common::referee;
use piquet_referee::engine::ruleset::PORTLAND;
use serde_json::Value;

/// A fresh folder under the target directory, holding copies of `files`
/// (from the project root) under the given names.
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (from, to) in files {
        std::fs::copy(root.join(from), dir.join(to)).expect("copied");
    }
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_folder_is_ruled_file_by_file_with_the_worst_status() {
    let dir = folder(
        "many-rule",
        &[
            ("cases/case-01.pqt", "a.pqt"),
            ("tests/fixtures/notation-example.pqt", "sub/b.pqt"),
            ("tests/fixtures/sheets/right.yaml", "c.yaml"),
        ],
    );
    let dir = dir.to_string_lossy().into_owned();
    let run = referee(&["rule", &dir], None);
    let out = text(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let a = out.find(&format!("==> {dir}/a.pqt <==")).expect("a named");
    let b = out
        .find(&format!("==> {dir}/sub/b.pqt <=="))
        .expect("b named");
    assert!(a < b, "files in name order, subfolders after");
    assert!(!out.contains("c.yaml"), "a sheet is not a transcript");
    assert!(out.ends_with("\n2 files: 2 ruled\n"), "{out}");

    std::fs::write(format!("{dir}/bad.pqt"), "deal 1\nA frobs\n").unwrap();
    let run = referee(&["rule", &dir], None);
    assert_eq!(run.status.code(), Some(2));
    let out = text(&run.stdout);
    assert!(
        out.contains("3 files: 2 ruled, 1 could not be read"),
        "{out}"
    );
    let err = text(&run.stderr);
    assert!(err.contains("bad.pqt:2:3: unknown verb `frobs`"), "{err}");
    assert!(
        err.ends_with("error: 1 of 3 files could not be read\n"),
        "{err}"
    );

    let json = referee(&["rule", &dir, "--format", "json"], None);
    let reports: Value = serde_json::from_slice(&json.stdout).expect("one JSON array");
    let reports = reports.as_array().expect("array");
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["report"]["rules"], "portland");
    assert!(reports[1]["error"]
        .as_str()
        .unwrap()
        .contains("could not read"));
    assert!(reports[1]["report"].is_null());
}

#[test]
fn several_sheets_are_checked_and_the_worst_status_wins() {
    let dir = folder(
        "many-check",
        &[
            ("tests/fixtures/sheets/right.yaml", "a-right.yaml"),
            ("tests/fixtures/sheets/wrong-totals.yaml", "b-wrong.yaml"),
        ],
    );
    let dir = dir.to_string_lossy().into_owned();
    let run = referee(&["check", &dir], None);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    assert!(
        out.ends_with("\n2 files: 2 checked, 1 with something written wrong\n"),
        "{out}"
    );
    let right = format!("{dir}/a-right.yaml");
    let one = referee(&["check", &right, &right], None);
    assert_eq!(one.status.code(), Some(0));
    assert!(text(&one.stdout).contains("2 files: 2 checked"));
}

#[test]
fn several_transcripts_are_formatted_and_parsed() {
    let dir = folder(
        "many-fmt",
        &[
            ("cases/case-01.pqt", "a.pqt"),
            ("cases/case-02.pqt", "b.pqt"),
        ],
    );
    let (a, b) = (
        format!("{}/a.pqt", dir.display()),
        format!("{}/b.pqt", dir.display()),
    );
    let fmt = referee(&["fmt", &a, &b], None);
    assert_eq!(fmt.status.code(), Some(0));
    let alone = referee(&["fmt", &b], None);
    let out = text(&fmt.stdout);
    assert!(
        out.contains(&format!("\n==> {b} <==\n{}", text(&alone.stdout))),
        "{out}"
    );
    let parsed = referee(&["parse", &a, &b], None);
    let parsed: Value = serde_json::from_slice(&parsed.stdout).expect("JSON array");
    assert_eq!(parsed.as_array().map(Vec::len), Some(2));
    assert_eq!(parsed[1]["file"], b.as_str());
}

/// Files done on several cores at once are printed in the order named,
/// however many there are.
#[test]
fn many_files_keep_their_order() {
    let cases: Vec<(String, String)> = (1..=22)
        .map(|n| (format!("cases/case-{n:02}.pqt"), format!("{n:02}.pqt")))
        .collect();
    let pairs: Vec<(&str, &str)> = cases
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let dir = folder("many-order", &pairs);
    let dir = dir.to_string_lossy().into_owned();
    let json = referee(&["rule", &dir, "--format", "json"], None);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
    let reports: Value = serde_json::from_slice(&json.stdout).expect("one JSON array");
    let names: Vec<String> = reports
        .as_array()
        .expect("array")
        .iter()
        .map(|r| {
            r["file"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    let expected: Vec<String> = (1..=22).map(|n| format!("{n:02}.pqt")).collect();
    assert_eq!(names, expected);
    let alone = referee(&["rule", &format!("{dir}/07.pqt")], None);
    let all = text(&referee(&["rule", &dir], None).stdout);
    assert!(all.contains(&text(&alone.stdout)), "case 7's report whole");
}

/// Every piquet transcript of the project, in one folder: a file ruled
/// among the others (the readers and the referee of a core going on from
/// file to file, short files done several at once) is ruled as it is
/// alone, on one core and on every core, whatever the files before it
/// (their players, their rules, their problems).
#[test]
fn a_file_among_others_is_ruled_as_alone() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    for dir in [
        "cases",
        "tests/laws",
        "tests/au-cent",
        "tests/french",
        "tests/fixtures",
    ] {
        sources.extend(common::transcripts_under(&root.join(dir)));
    }
    assert!(sources.len() > 500, "{} transcripts", sources.len());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("many-alone");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    // First, the same deals said by other players: the two the other way
    // round, then the two the tags do not name (`A` and `B`, in order).
    let deals = piquet_referee::generate::transcript(6, 7, &PORTLAND);
    for (i, players) in ["\"A B\"", "\"B A\"", "", "\"A B\""].iter().enumerate() {
        let tag = match players.is_empty() {
            true => String::new(),
            false => format!("[Players {players}]"),
        };
        let path = dir.join(format!("{i:04}.pqt"));
        std::fs::write(&path, deals.replace("[Players \"A B\"]", &tag)).expect("written");
        sources.insert(i, path);
    }
    for (i, source) in sources.iter().enumerate().skip(4) {
        std::fs::copy(source, dir.join(format!("{i:04}.pqt"))).expect("copied");
    }
    let dir = dir.to_string_lossy().into_owned();
    let one = referee(&["-j", "1", "rule", "--format", "json", &dir], None);
    let every = referee(&["rule", "--format", "json", &dir], None);
    assert!(one.stdout == every.stdout, "one core and every core");
    let reports: Value = serde_json::from_slice(&one.stdout).expect("one JSON array");
    let reports = reports.as_array().expect("array");
    assert_eq!(reports.len(), sources.len());
    for (source, among) in sources.iter().zip(reports) {
        let path = source.to_string_lossy();
        let alone = referee(&["rule", "--format", "json", &path], None);
        match alone.status.code() {
            Some(0) => {
                let alone: Value = serde_json::from_slice(&alone.stdout).expect("JSON");
                assert!(among["report"] == alone, "{path}: not as alone");
            }
            _ => assert!(among["error"].is_string(), "{path}"),
        }
    }
}

/// A file's name that holds a terminal's escape is shown, not obeyed, in
/// the line naming it and in its problems and the summary on standard
/// error: a folder's names are input like its files' lines.
#[cfg(unix)]
#[test]
fn a_name_that_would_act_on_the_terminal_is_shown() {
    let dir = folder(
        "many-escape",
        &[
            ("cases/case-01.pqt", "a\u{1b}[31m.pqt"),
            ("cases/case-01.pqt", "b\u{1b}]0;title\u{7}.pqt"),
        ],
    );
    std::fs::write(dir.join("c\u{1b}[2J.pqt"), "deal 1\nA frobs\n").unwrap();
    let dir = dir.to_string_lossy().into_owned();
    for args in [&["rule", &dir][..], &["check", &dir], &["fmt", &dir]] {
        let run = referee(args, None);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let (out, err) = (text(&run.stdout), text(&run.stderr));
        assert!(out.contains("==> "), "{out}");
        for shown in [&out, &err] {
            assert!(
                !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
                "{args:?}: {shown:?}"
            );
        }
        assert!(out.contains("a\u{241b}[31m.pqt <=="), "{out}");
        assert!(err.contains("c\u{241b}[2J.pqt"), "{err}");
    }
}
