//! `referee law`: one law quoted in full, with its section, status and mendings.

use std::fmt::Write;

use super::{wrap, WIDTH};
use crate::laws::{Book, BookId, Found, Law, Status};

const INDENT: &str = "    ";

/// How a player names an entry of this book: `Law 54`, `Au cent AC5`, `Article 4b`.
pub fn law_label(book: BookId, id: &str) -> String {
    match book {
        BookId::Portland | BookId::Ecarte => format!("Law {id}"),
        BookId::AuCent => format!("Au cent {id}"),
        BookId::Classic => format!("Article {id}"),
    }
}

/// The full view of what `referee law` found, with the laws of `amending`
/// (au cent) that replace or add to it.
pub fn law_view(book: &Book, found: &Found<'_>, amending: Option<&Book>) -> String {
    let mut out = String::new();
    match found {
        Found::Law(law) => {
            heading(&mut out, book, law, &law_label(book.book, &law.id));
            body(&mut out, law);
            footer(&mut out, book, law);
        }
        Found::Paragraph(law, paragraph) => {
            let label = format!(
                "{}, paragraph {}",
                law_label(book.book, &law.id),
                paragraph.id
            );
            heading(&mut out, book, law, &label);
            let opening = format!("Law {} opens: {}", law.id, law.text);
            out.push_str(&wrap(&opening, INDENT, WIDTH));
            out.push('\n');
            let text = format!("{}. {}", paragraph.id, paragraph.text);
            out.push_str(&wrap(&text, INDENT, WIDTH));
            footer(&mut out, book, law);
        }
        Found::Article(laws) => {
            for (i, law) in laws.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                heading(&mut out, book, law, &law_label(book.book, &law.id));
                body(&mut out, law);
                footer(&mut out, book, law);
            }
        }
    }
    if let (Some(amending), Found::Law(law) | Found::Paragraph(law, _)) = (amending, found) {
        amendments(&mut out, amending, law);
    }
    out
}

fn heading(out: &mut String, book: &Book, law: &Law, label: &str) {
    let _ = write!(out, "{label} — {}", law.section);
    if let Some(title) = &law.heading {
        let _ = write!(out, ": {title}");
    }
    let _ = writeln!(out, "\n{}\n", book.title);
}

fn body(out: &mut String, law: &Law) {
    out.push_str(&wrap(&law.text, INDENT, WIDTH));
    for paragraph in &law.paragraphs {
        let text = format!("{}. {}", paragraph.id, paragraph.text);
        out.push_str(&wrap(&text, &format!("{INDENT}  "), WIDTH));
    }
    if let Some(note) = &law.note {
        out.push('\n');
        out.push_str(&wrap(&format!("Note. {note}"), INDENT, WIDTH));
    }
}

fn footer(out: &mut String, book: &Book, law: &Law) {
    out.push('\n');
    let _ = write!(out, "Coverage: {}", law.status.describe());
    match (law.status, &law.reason) {
        (Status::NotDecidable, Some(reason)) => {
            let _ = writeln!(out, ".");
            out.push_str(&wrap(&format!("Why: {reason}"), "", WIDTH));
        }
        _ => out.push_str(".\n"),
    }
    if let Some(part) = &law.in_part {
        out.push_str(&wrap(&format!("In part: {part}"), "", WIDTH));
    }
    if !law.replaces.is_empty() || !law.adds_to.is_empty() {
        let _ = writeln!(
            out,
            "Portland laws: replaces {}; adds to {}.",
            list_or_none(&law.replaces),
            list_or_none(&law.adds_to)
        );
    }
    let mendings: Vec<String> = book
        .mendings_of(&law.id)
        .map(|m| format!("\"{}\" → \"{}\"", m.seed, m.mended))
        .collect();
    if !mendings.is_empty() {
        let line = format!("Mended from the scan: {}.", mendings.join("; "));
        out.push_str(&wrap(&line, "", WIDTH));
    }
}

fn amendments(out: &mut String, amending: &Book, law: &Law) {
    let _ = writeln!(out, "\nUnder {}:", amending.title);
    let mut any = false;
    for paragraph in amending.amending(&law.id) {
        any = true;
        let how = if paragraph.replaces.contains(&law.id) {
            "replaces"
        } else {
            "adds to"
        };
        let _ = writeln!(out, "\n  {} ({how} law {}):", paragraph.id, law.id);
        out.push_str(&wrap(&paragraph.text, INDENT, WIDTH));
    }
    if !any {
        let _ = writeln!(out, "    this law stands unchanged.");
    }
}

fn list_or_none(ids: &[String]) -> String {
    if ids.is_empty() {
        "none".to_string()
    } else {
        ids.join(", ")
    }
}

/// Where a law is worked: the cases that cite it, a line each, and the
/// worked transcripts named after it; nothing where there are none.
pub fn cited_in(cases: &[&crate::cases::Case], worked: &[&str]) -> String {
    let mut out = String::new();
    if !cases.is_empty() {
        out.push_str("\nCited in the Cases and Decisions:\n");
        for case in cases {
            let line = format!("Case {}: {}", case.roman, case.summary);
            out.push_str(&wrap(&line, INDENT, WIDTH));
            out.push('\n');
        }
        out.push_str(&format!("{INDENT}(referee case N shows a case)\n"));
    }
    if !worked.is_empty() {
        out.push_str("\nWorked transcripts in the repository:\n");
        for path in worked {
            out.push_str(&format!("{INDENT}{path}\n"));
        }
    }
    out
}
