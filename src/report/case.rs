//! `referee case` and `referee cases`: the book's Cases and Decisions.

use std::fmt::Write;

use super::ruled::{deal_text, partie_text, Names, Quoting};
use super::table::new_table;
use super::{wrap, WIDTH};
use crate::cases::{rule_case, Agreement, Case};
use crate::laws::Book;

const INDENT: &str = "    ";

/// One case: facts, question, the book's decision and note, the engine's
/// ruling on the case's transcript and whether the two agree, and the laws
/// the book cites, quoted.
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
    engine_section(&mut out, case, portland);
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

/// The engine's ruling on the case's transcript, and the agreement.
fn engine_section(out: &mut String, case: &Case, portland: &Book) {
    let (ruling, agreement) = case_ruling(case, portland);
    out.push_str(&ruling);
    out.push_str(&wrap(
        &format!("Agreement: {}", verdict(&agreement)),
        "",
        WIDTH,
    ));
    out.push('\n');
}

/// The engine's ruling on the case's transcript, as `referee case N`
/// prints it (each deal with its laws quoted, and the partie), and how it
/// stands against the book's decision.
pub fn case_ruling(case: &Case, portland: &Book) -> (String, Agreement) {
    let mut out = String::new();
    let (ruled, agreement) = rule_case(case);
    match ruled {
        Some((transcript, ruled)) => {
            let _ = writeln!(out, "The engine's ruling on {}:", case.source.0);
            let names = Names(&transcript);
            let mut quoting = Quoting::new(portland);
            for (deal, ruling) in transcript.deals.iter().zip(&ruled.deals) {
                deal_text(&mut out, deal, ruling, &names, &mut quoting, ruled.rules);
            }
            if ruled.standing.complete {
                partie_text(&mut out, &ruled.standing, &names);
            }
        }
        None => out.push_str("The engine's ruling: the case has no transcript yet.\n"),
    }
    (out, agreement)
}

/// How the engine's ruling stands against the book's decision, in a sentence.
pub fn verdict(agreement: &Agreement) -> String {
    match agreement {
        Agreement::Agrees => "the engine agrees with the book's decision.".to_string(),
        Agreement::Differs(what) => format!(
            "the engine differs from the book's decision: {}.",
            what.join("; ")
        ),
        Agreement::NotCompared => {
            "not compared: the case does not give the book's decision as figures.".to_string()
        }
        Agreement::NoTranscript => "not compared: no transcript yet.".to_string(),
        Agreement::Unreadable(why) => format!("the case's transcript cannot be ruled: {why}"),
    }
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
    let mut table = new_table(&["Case", "What it decides", "Laws cited", "Remark", "Engine"]);
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
            rule_case(case).1.short().to_string(),
        ]);
    }
    format!("{table}\n")
}
