//! `referee case` and `referee cases`: the book's Cases and Decisions.

use std::fmt::Write;

use super::table::new_table;
use super::{wrap, WIDTH};
use crate::cases::Case;
use crate::laws::Book;

const INDENT: &str = "    ";

/// One case: facts, question, the book's decision and note, and the laws it cites, quoted.
pub fn case_view(case: &Case, portland: &Book) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Case {} (Cases and Decisions, Laws of Piquet)\n",
        case.roman
    );
    section(&mut out, "Facts", &case.facts);
    let question_title = if case.question_is_editorial {
        "Question (ours: the book asks none)"
    } else {
        "Question"
    };
    section(&mut out, question_title, &case.question);
    section(&mut out, "The book's decision", &case.decision);
    if let Some(note) = &case.note {
        section(&mut out, "The book's note", note);
    }
    if case.disputed {
        out.push_str("The book says this decision has been much disputed.\n\n");
    }
    if case.etiquette {
        out.push_str("The book calls this a matter of etiquette rather than of law.\n\n");
    }
    out.push_str("The engine's ruling: not yet available (the engine comes in a later version).\n");
    if case.laws.is_empty() {
        out.push_str("\nThe book cites no law in this case.\n");
    } else {
        let _ = writeln!(out, "\nLaws cited: {}", case.laws.join(", "));
        for id in &case.laws {
            quote_cited(&mut out, portland, id);
        }
    }
    out
}

fn section(out: &mut String, title: &str, text: &str) {
    let _ = writeln!(out, "{title}:");
    out.push_str(&wrap(text, INDENT, WIDTH));
    out.push('\n');
}

/// Quotes a cited law (or paragraph) under the case.
fn quote_cited(out: &mut String, portland: &Book, id: &str) {
    use crate::laws::Found;
    let _ = writeln!(out);
    match portland.find(id) {
        Some(Found::Law(law)) => {
            out.push_str(&wrap(
                &format!("Law {}. {}", law.id, law.text),
                INDENT,
                WIDTH,
            ));
        }
        Some(Found::Paragraph(law, p)) => {
            let text = format!("Law {}, par. {}. {}", law.id, p.id, p.text);
            out.push_str(&wrap(&text, INDENT, WIDTH));
        }
        _ => {
            let _ = writeln!(out, "{INDENT}Law {id}: not in the Laws of Piquet.");
        }
    }
}

/// All 22 cases: number, summary and the laws cited.
pub fn cases_table(cases: &[Case]) -> String {
    let mut table = new_table(&["Case", "What it decides", "Laws cited", "Remark"]);
    for case in cases {
        let remark = match (case.disputed, case.etiquette) {
            (true, _) => "disputed",
            (_, true) => "etiquette",
            _ => "",
        };
        table.add_row(vec![
            case.roman.clone(),
            case.summary.trim().to_string(),
            case.laws.join(", "),
            remark.to_string(),
        ]);
    }
    format!("{table}\n")
}
