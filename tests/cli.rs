//! The `referee` binary, run as a player would run it.

use std::process::Command;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn referee(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        // Run from somewhere else: the books are built in, not read from the work tree.
        .current_dir(std::env::temp_dir())
        .output()
        .expect("the referee binary runs");
    Run {
        code: output.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// Runs a command that must succeed, and snapshots what it printed.
fn snapshot(name: &str, args: &[&str]) {
    let run = referee(args);
    assert_eq!(run.code, 0, "referee {args:?}: {}", run.stderr);
    assert_eq!(run.stderr, "", "referee {args:?}");
    insta::with_settings!({ description => format!("referee {}", args.join(" ")), omit_expression => true }, {
        insta::assert_snapshot!(name, run.stdout);
    });
}

#[test]
fn law_prints_the_law_with_its_section() {
    let run = referee(&["law", "54"]);
    assert_eq!(run.code, 0);
    assert!(run
        .stdout
        .starts_with("Law 54 — Calling and showing\nThe Laws of Piquet\n"));
    assert!(
        run.stdout.contains("he can reckon nothing that"),
        "{}",
        run.stdout
    );
    snapshot("law-54", &["law", "54"]);
}

#[test]
fn law_prints_one_paragraph() {
    let run = referee(&["law", "59.IV"]);
    assert_eq!(run.code, 0);
    assert!(run
        .stdout
        .contains("IV. If a player do not follow suit when able"));
    assert!(
        !run.stdout.contains("II. If the leader lead two"),
        "only paragraph IV"
    );
    snapshot("law-59-IV", &["law", "59.IV"]);
}

#[test]
fn law_from_each_book() {
    snapshot("law-71-with-note", &["law", "71"]);
    snapshot("law-2-not-decidable", &["law", "2"]);
    snapshot("law-46-au-cent", &["law", "46", "--rules", "au-cent"]);
    snapshot("law-AC28-au-cent", &["law", "AC28", "--rules", "au-cent"]);
    snapshot("law-4-classic-article", &["law", "4", "--rules", "classic"]);
    snapshot("law-M3-modern", &["law", "M3", "--rules", "modern"]);
    snapshot(
        "law-26-ecarte-footnote",
        &["law", "26", "--rules", "ecarte"],
    );
}

/// The id says which book: an id only one book has is quoted from it,
/// whatever `--rules` names, as `--rules` naming that book quotes it.
#[test]
fn law_ids_of_one_book_need_no_rules() {
    let table: [(&[&str], &[&str]); 3] = [
        (&["law", "AC12"], &["law", "AC12", "--rules", "au-cent"]),
        (
            &["law", "AC25", "--rules", "ecarte"],
            &["law", "AC25", "--rules", "au-cent"],
        ),
        (&["law", "M3"], &["law", "M3", "--rules", "modern"]),
    ];
    for (without, with) in table {
        let (run, named) = (referee(without), referee(with));
        assert_eq!(run.code, 0, "referee {without:?}: {}", run.stderr);
        assert_eq!(named.code, 0, "referee {with:?}: {}", named.stderr);
        assert_eq!(run.stdout, named.stdout, "referee {without:?}");
    }
    let run = referee(&["law", "AC12"]);
    assert!(run.stdout.starts_with("Au cent AC12"), "{}", run.stdout);
}

#[test]
fn law_errors_exit_2_with_help() {
    let table: [(&[&str], &str); 5] = [
        (&["law", "79"], "no law `79`"),
        (&["law", "59.VI"], "no law `59.VI`"),
        (&["law", "AC99", "--rules", "au-cent"], "no law `AC99`"),
        (&["law", "54", "--rules", "whist"], "invalid value 'whist'"),
        (&["law"], "required"),
    ];
    for (args, message) in table {
        let run = referee(args);
        assert_eq!(run.code, 2, "referee {args:?}");
        assert_eq!(run.stdout, "", "referee {args:?}");
        assert!(
            run.stderr.contains(message),
            "referee {args:?}: {}",
            run.stderr
        );
    }
    let run = referee(&["law", "79"]);
    assert!(
        run.stderr.contains("help: The Laws of Piquet has 78 laws"),
        "{}",
        run.stderr
    );
}

#[test]
fn laws_lists_a_book_as_a_table() {
    let run = referee(&["laws"]);
    assert_eq!(run.code, 0);
    // A row for every law: 78 data rows between the header and the bottom border.
    let rows = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("│ ") && !l.starts_with("│ Law"))
        .count();
    assert!(rows >= 78, "{rows} rows");
    snapshot("laws-portland", &["laws"]);
    snapshot("laws-ecarte", &["laws", "--rules", "ecarte"]);
    snapshot("laws-au-cent", &["laws", "--rules", "au-cent"]);
}

/// `laws --search` finds a phrase in any case across every book and the
/// cases, and shows the sentence it stands in with the phrase marked.
#[test]
fn laws_search_is_a_case_insensitive_phrase() {
    let run = referee(&["laws", "--search", "FRESH DEAL", "--rules", "portland"]);
    assert_eq!(run.code, 0);
    for law in [
        "portland 11 ",
        "portland 12 ",
        "portland 13 ",
        "portland 14 ",
        "portland 15 ",
        "portland 28 ",
        "portland 29 ",
        "portland 39 ",
    ] {
        assert!(run.stdout.contains(law), "{law} in\n{}", run.stdout);
    }
    assert!(!run.stdout.contains("portland 54 "));
    assert!(!run.stdout.contains("case "));
    assert!(run.stdout.contains("[fresh deal]"), "{}", run.stdout);
    let everywhere = referee(&["laws", "--search", "fresh deal"]);
    for place in ["portland 11 ", "au-cent AC", "ecarte 9 ", "case III "] {
        assert!(
            everywhere.stdout.contains(place),
            "{place} in\n{}",
            everywhere.stdout
        );
    }
    snapshot(
        "laws-search-fresh-deal",
        &["laws", "--search", "fresh deal"],
    );
    let none = referee(&["laws", "--search", "trumps", "--rules", "portland"]);
    assert_eq!(
        (none.code, none.stdout.as_str()),
        (0, "Nothing in The Laws of Piquet contains \"trumps\".\n")
    );
}

#[test]
fn laws_coverage_counts_each_book() {
    let run = referee(&["laws", "--coverage"]);
    assert_eq!(run.code, 0);
    for book in ["portland", "au-cent", "classic", "ecarte"] {
        assert!(run.stdout.contains(&format!("│ {book}")), "{book}");
    }
    snapshot("laws-coverage", &["laws", "--coverage"]);
}

#[test]
fn case_by_number_or_numeral() {
    let by_number = referee(&["case", "7"]);
    let by_numeral = referee(&["case", "VII"]);
    assert_eq!(by_number.code, 0);
    assert_eq!(by_number.stdout, by_numeral.stdout);
    assert!(by_number
        .stdout
        .contains("Asking which queen is out is equivalent to admitting"));
    snapshot("case-VII", &["case", "VII"]);
    snapshot("case-XV-disputed", &["case", "15"]);
    snapshot("case-XII-etiquette", &["case", "XII"]);
}

#[test]
fn case_errors_exit_2() {
    for name in ["23", "XXIII", "zero"] {
        let run = referee(&["case", name]);
        assert_eq!(run.code, 2, "case {name}");
        assert!(run.stderr.contains("there is no case"), "{}", run.stderr);
    }
}

#[test]
fn cases_lists_all_22() {
    let run = referee(&["cases"]);
    assert_eq!(run.code, 0);
    for n in 1..=22u32 {
        let roman = [
            "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
            "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII",
        ][n as usize - 1];
        assert!(run.stdout.contains(&format!("│ {roman} ")), "case {roman}");
    }
    snapshot("cases", &["cases"]);
}

#[test]
fn every_command_has_help_with_an_example() {
    for command in [
        "law",
        "laws",
        "case",
        "cases",
        "rule",
        "check",
        "completions",
        "man",
        "help",
    ] {
        let run = referee(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command}");
        assert!(
            run.stdout.contains("Example"),
            "{command} --help:\n{}",
            run.stdout
        );
    }
    let top = referee(&["--help"]);
    assert!(top
        .stdout
        .contains("Exit status: 0 ruled, 1 a checked score is wrong, 2"));
}

#[test]
fn version_and_no_command() {
    let run = referee(&["--version"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        format!("referee {}\n", env!("CARGO_PKG_VERSION"))
    );
    let bare = referee(&[]);
    assert_eq!(bare.code, 2);
    assert!(bare.stderr.contains("Usage"), "{}", bare.stderr);
}

/// A standard error whose reader has gone away (`referee … 2>&1 | head -1`)
/// loses the message but never panics: the status is still the error's.
#[test]
fn a_closed_standard_error_is_no_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["law", "999"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee binary runs");
    drop(child.stderr.take());
    let status = child.wait().expect("finishes");
    assert_eq!(status.code(), Some(2), "{status:?}");
}

/// A standard output closed before the referee starts (`referee rule x >&-`)
/// is exit 2 with the reason, not a report lost with exit 0; output sent to
/// `/dev/null` on purpose is not an error, whether opened for writing (a
/// shell's `>/dev/null`) or for reading and writing as well (a shell's
/// `1<>/dev/null`; Python's `subprocess.DEVNULL`, systemd's
/// `StandardOutput=null`).
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_exit_2() {
    use std::process::Command;
    let run = |redirect: &str| {
        let script = format!("\"$0\" rule cases/case-01.pqt {redirect}");
        Command::new("sh")
            .args(["-c", &script, env!("CARGO_BIN_EXE_referee")])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs")
    };
    let closed = run(">&-");
    assert_eq!(closed.status.code(), Some(2), "{closed:?}");
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert!(stderr.contains("could not write the output"), "{stderr}");
    for null in [">/dev/null", "1<>/dev/null"] {
        let null = run(null);
        assert_eq!(null.status.code(), Some(0), "{null:?}");
    }
}

/// A source with no end (`/dev/zero`, as a file or as standard input) is
/// refused at its first line once that line is past measuring, without
/// being read whole.
#[cfg(unix)]
#[test]
fn an_endless_source_is_refused_at_its_first_line() {
    use std::process::{Command, Stdio};
    let run = |args: &[&str], stdin: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_referee"))
            .args(args)
            .stdin(stdin)
            .output()
            .expect("the referee binary runs")
    };
    let zero = || Stdio::from(std::fs::File::open("/dev/zero").expect("/dev/zero"));
    for (args, name) in [
        (&["rule", "/dev/zero"][..], "/dev/zero"),
        (&["rule", "-"][..], "<stdin>"),
    ] {
        let out = run(args, zero());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!(
                "{name}:1:1: line 1 is more than 1048576 bytes long"
            )),
            "{stderr:.200}"
        );
    }
}

/// A deal followed by thousands of lines playing cards nobody holds: each
/// ruling that says the same again is reported once with its lines, and
/// each law's words are quoted once, so the report stays short.
#[test]
fn a_ruling_said_many_times_is_reported_once() {
    let mut text = String::from(
        "[Players \"A B\"]\n\ndeal 1\ndealer B\n\
         hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC\n\
         hand B: 8D JS 10S QS JC QH 7D 7H KH 7S JD 8S\n\
         stock: AD 9D KS 8H JH KD 9C 10H\n\
         A discards AS\nA takes 1\nB discards JC 8D QH KH\nB takes 4\n\
         A leads QC\nB plays JS\n",
    );
    text.push_str(&"play 13. AS 7H\n".repeat(2000));
    let file = std::env::temp_dir().join(format!("referee-repeated-{}.pqt", std::process::id()));
    std::fs::write(&file, text).expect("written");
    let out = referee(&["rule", file.to_str().expect("a path")]);
    std::fs::remove_file(&file).ok();
    assert_eq!(out.code, 0);
    assert!(
        out.stdout
            .contains("The same ruling 1999 times more, on lines 15, 16, 17 … 2013"),
        "{:.3000}",
        out.stdout
    );
    assert_eq!(out.stdout.matches("Law 59: \"").count(), 1);
    assert!(out.stdout.len() < 20_000, "{} bytes", out.stdout.len());
}

/// `referee case 14 --transcript` prints the case's transcript, which rules
/// as the case does (issue 18).
#[test]
fn a_case_prints_its_transcript() {
    let run = referee(&["case", "14", "--transcript"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("---\ncase: 14\n"),
        "{:.200}",
        run.stdout
    );
    assert!(run.stdout.contains("\ndeal 1\n"), "{:.400}", run.stdout);
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/case-14.pqt"),
    )
    .expect("the case file");
    assert_eq!(run.stdout, text);
}

/// `referee completions SHELL` prints a script that names every command,
/// in each shell's own form.
#[test]
fn completions_for_each_shell() {
    let table = [
        ("bash", "complete -F _referee"),
        ("zsh", "#compdef referee"),
        ("fish", "complete -c referee"),
        ("elvish", "edit:completion:arg-completer[referee]"),
        ("powershell", "Register-ArgumentCompleter"),
    ];
    for (shell, mark) in table {
        let run = referee(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains(mark), "{shell}: no `{mark}`");
        for command in ["rule", "check", "generate", "completions"] {
            assert!(run.stdout.contains(command), "{shell}: no `{command}`");
        }
    }
    assert_eq!(referee(&["completions", "tcsh"]).code, 2);
}

/// `referee man` prints a roff page that names the tool and its commands.
#[test]
fn man_prints_the_manual_page() {
    let run = referee(&["man"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with(".ie"), "{}", &run.stdout[..40]);
    assert!(run.stdout.contains(".TH referee 1"));
    for command in ["rule", "check", "explain", "generate", "help"] {
        assert!(run.stdout.contains(command), "no `{command}`");
    }
}

/// `referee help TOPIC` prints the document built in, as it stands in
/// docs/; `referee help COMMAND` the command's help; anything else exit 2.
#[test]
fn help_prints_the_documents_built_in() {
    let table = [
        ("notation", include_str!("../docs/notation.md")),
        ("scoring", include_str!("../docs/scoring.md")),
        ("scoresheet", include_str!("../docs/scoresheet.md")),
        ("json", include_str!("../docs/json.md")),
    ];
    for (topic, text) in table {
        let run = referee(&["help", topic]);
        assert_eq!(run.code, 0, "{topic}");
        assert_eq!(run.stdout, text, "{topic}");
    }
    let list = referee(&["help"]);
    assert!(list.stdout.contains("Documents (referee help TOPIC):"));
    assert!(list.stdout.contains("notation"));
    let rule = referee(&["help", "rule"]);
    assert!(
        rule.stdout.contains("Usage: referee rule"),
        "{}",
        rule.stdout
    );
    let unknown = referee(&["help", "rubicon"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("no help on `rubicon`"),
        "{}",
        unknown.stderr
    );
}

/// `referee law N` names the cases that cite the law and the worked
/// transcripts named after it, of whichever book the law is.
#[test]
fn a_law_names_its_cases_and_worked_transcripts() {
    let table: [(&[&str], &str, &str); 3] = [
        (&["law", "75"], "Case XVIII", "tests/laws/law-75-"),
        (
            &["law", "59.IV"],
            "Case XIII",
            "tests/laws/law-59.IV-revoke.pqt",
        ),
        (&["law", "AC12"], "", "tests/au-cent/ac12-"),
    ];
    for (args, case, worked) in table {
        let run = referee(args);
        assert_eq!(run.code, 0, "{args:?}");
        assert!(run.stdout.contains(case), "{args:?}: no {case}");
        assert!(run.stdout.contains(worked), "{args:?}: no {worked}");
    }
    let no_case = referee(&["law", "1"]);
    assert!(!no_case.stdout.contains("Cited in the Cases"));
}

/// `--ascii` draws tables with ASCII only; `--color always` colours the
/// table headers and the error words; piped, without `--color`, nothing is
/// coloured; `--color never` wins over a terminal.
#[test]
fn ascii_tables_and_colour() {
    let table_chars = |s: &str| s.chars().any(|c| "┌│╞═└┆".contains(c));
    let plain = referee(&["laws", "--coverage"]);
    assert!(table_chars(&plain.stdout));
    assert!(!plain.stdout.contains('\x1b'));
    let ascii = referee(&["laws", "--coverage", "--ascii"]);
    assert!(!table_chars(&ascii.stdout), "{}", ascii.stdout);
    assert!(ascii.stdout.contains("+----------+"), "{}", ascii.stdout);
    let ruled = referee(&["--ascii", "case", "22"]);
    assert!(!table_chars(&ruled.stdout), "{}", ruled.stdout);
    let colour = referee(&["laws", "--coverage", "--color", "always"]);
    assert!(colour.stdout.contains("\x1b[1m Book"), "{}", colour.stdout);
    let error = referee(&["law", "99", "--color", "always"]);
    assert!(
        error.stderr.starts_with("\x1b[1;31merror:\x1b[0m"),
        "{}",
        error.stderr
    );
    let never = referee(&["law", "99", "--color", "never"]);
    assert!(never.stderr.starts_with("error: "), "{}", never.stderr);
    assert_eq!(referee(&["laws", "--color", "sometimes"]).code, 2);
}
