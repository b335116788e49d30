//! `referee check`: the scoresheet as a table, each wrong row marked with
//! its law, then the problems and the result as written and as it should be.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::table::new_table;
use super::{wrap, WIDTH};
use crate::engine::partie::Standing;
use crate::notation::PlayerId;
use crate::sheet::Checked;

/// The check as text.
pub fn check_text(checked: &Checked) -> String {
    let [a, b] = &checked.players;
    let mut header = vec!["Deal".to_string(), "Dealer".to_string()];
    for name in [a, b] {
        header.push(format!("{name} written"));
        header.push(format!("{name} referee"));
    }
    header.extend(["Totals".to_string(), "Check".to_string()]);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut table = new_table(&header);
    for deal in &checked.deals {
        let mut row = vec![
            if deal.counts > 1 {
                format!("{} (×{})", deal.number, deal.counts)
            } else {
                deal.number.to_string()
            },
            checked.players[deal.dealer.index()].clone(),
        ];
        for player in PlayerId::BOTH {
            let p = player.index();
            row.push(deal.written.map_or("—".to_string(), |w| w[p].to_string()));
            row.push(if deal.from_transcript {
                deal.referee[p].to_string()
            } else {
                "—".to_string()
            });
        }
        row.push(format!(
            "{} {}, {} {}",
            a, deal.totals[0], b, deal.totals[1]
        ));
        let laws: Vec<&str> = checked
            .problems
            .iter()
            .filter(|p| p.deal == Some(deal.number))
            .map(|p| p.laws.as_str())
            .collect();
        row.push(if laws.is_empty() {
            "right".to_string()
        } else {
            format!("WRONG ({})", law_words(&dedup(&laws).join(", ")))
        });
        table.add_row(row);
    }
    let mut out = format!(
        "Scoresheet checked under the {} laws.\n{table}\n",
        checked.rules
    );
    if checked.deals.iter().any(|d| !d.from_transcript) {
        out.push_str(
            "\"—\" in a referee column: no transcript was given, so the written score is taken.\n",
        );
    }
    if checked.problems.is_empty() {
        out.push_str("\nEverything written is right.\n");
    } else {
        let _ = writeln!(out, "\nProblems:");
        for problem in &checked.problems {
            let deal = problem
                .deal
                .map_or_else(|| "Result".to_string(), |d| format!("Deal {d}"));
            let line = problem
                .span
                .map_or_else(String::new, |s| format!(" (line {})", s.line));
            let text = format!(
                "{deal}{line}: {} ({}).",
                problem.what,
                law_words(&problem.laws)
            );
            let wrapped = wrap(&text, "    ", WIDTH);
            let _ = write!(out, "  - {}", &wrapped[4..]);
        }
    }
    out.push('\n');
    if let Some(w) = checked.written_result {
        let _ = writeln!(
            out,
            "Result as written: {} wins {} points.",
            checked.players[w.winner.index()],
            w.points
        );
    }
    out.push_str(&wrap(
        &format!(
            "Result as it should be: {}",
            result_words(&checked.standing, &checked.players)
        ),
        "",
        WIDTH,
    ));
    out
}

/// `law 16`, or `laws 61-69` for more than one.
fn law_words(laws: &str) -> String {
    if laws.contains(['-', ',']) {
        format!("laws {laws}")
    } else {
        format!("law {laws}")
    }
}

fn dedup<'a>(laws: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for law in laws {
        if !out.contains(law) {
            out.push(law);
        }
    }
    out
}

/// The result in words, with its arithmetic.
fn result_words(standing: &Standing, players: &[String; 2]) -> String {
    let [a, b] = players;
    let totals = format!("{a} {}, {b} {}", standing.totals[0], standing.totals[1]);
    match (standing.complete, standing.winner, standing.points) {
        (false, _, _) => format!("{totals}; the partie is not complete (law 71)."),
        (true, Some(w), Some(points)) => {
            let (won, lost) = (
                standing.totals[w.index()],
                standing.totals[w.other().index()],
            );
            let sum = if standing.rubicon {
                format!("{won} + {lost} + 100, the loser being under a hundred (law 73)")
            } else {
                format!("{won} - {lost} + 100 (law 72)")
            };
            format!(
                "{totals}; {} wins {points} points: {sum}.",
                players[w.index()]
            )
        }
        _ => format!("{totals}; the partie ends tied (law 71)."),
    }
}

#[derive(Serialize)]
struct Json<'a> {
    rules: &'a str,
    totals: BTreeMap<&'a str, u32>,
    partie: PartieJson<'a>,
    deals: Vec<DealJson<'a>>,
    problems: Vec<ProblemJson<'a>>,
}

#[derive(Serialize)]
struct PartieJson<'a> {
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u32>,
}

#[derive(Serialize)]
struct DealJson<'a> {
    deal: u32,
    dealer: &'a str,
    counts: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<BTreeMap<&'a str, u32>>,
    referee: BTreeMap<&'a str, u32>,
    from_transcript: bool,
    totals: BTreeMap<&'a str, u32>,
    wrong: bool,
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    deal: Option<u32>,
    what: &'a str,
    law: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
}

/// The check as JSON: `totals`, `partie` (as it should be) and `problems`.
pub fn check_json(checked: &Checked) -> String {
    let pair = |values: [u32; 2]| -> BTreeMap<&str, u32> {
        PlayerId::BOTH
            .into_iter()
            .map(|p| (checked.players[p.index()].as_str(), values[p.index()]))
            .collect()
    };
    let standing = &checked.standing;
    let json = Json {
        rules: checked.rules,
        totals: pair(standing.totals),
        partie: PartieJson {
            complete: standing.complete,
            winner: standing.winner.map(|w| checked.players[w.index()].as_str()),
            points: standing.points,
        },
        deals: checked
            .deals
            .iter()
            .map(|d| DealJson {
                deal: d.number,
                dealer: &checked.players[d.dealer.index()],
                counts: d.counts,
                written: d.written.map(pair),
                referee: pair(d.referee),
                from_transcript: d.from_transcript,
                totals: pair(d.totals),
                wrong: d.wrong,
            })
            .collect(),
        problems: checked
            .problems
            .iter()
            .map(|p| ProblemJson {
                deal: p.deal,
                what: &p.what,
                law: &p.laws,
                line: p.span.map(|s| s.line),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&json).unwrap_or_default() + "\n"
}
