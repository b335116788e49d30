//! `referee generate --rules au-cent`: generated au cent deals, with each
//! agreement and without, are legal and replay with no ruling, under the
//! rule set their tags name.

// Only `referee` of the shared helpers is used here.
#[allow(dead_code)]
mod common;

use common::referee;
use piquet_referee::agreements::{Agreement, Agreements};
use piquet_referee::engine::ruleset::{PlayScore, PointScore, AU_CENT};
use piquet_referee::engine::{Note, Referee};
use piquet_referee::generate;
use piquet_referee::notation::read_str;
use proptest::prelude::*;

const FOURS: Agreement = Agreement::FoursCountOneLess;
const SEVENS: Agreement = Agreement::SevensToNinesDoNotCount;

/// The four ways of agreeing: none, each alone, both.
fn agreements(index: usize) -> Agreements {
    [
        Agreements::NONE,
        Agreements::of(FOURS),
        Agreements::of(SEVENS),
        Agreements::of(FOURS).with(SEVENS),
    ][index]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_au_cent_deals_replay_with_no_ruling(seed in any::<u64>(), way in 0usize..4) {
        let agreed = agreements(way);
        let text = generate::agreed_transcript(6, seed, &AU_CENT, agreed);
        let reading = read_str(&text);
        prop_assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let mut referee = Referee::new(&reading.transcript).expect("au cent is ruled");
        // The referee rules under the agreements the tag records.
        let rules = referee.rules();
        let fours = agreed.has(FOURS);
        prop_assert_eq!(rules.point_score == PointScore::FoursCountOneLess, fours);
        prop_assert_eq!(rules.play_score != PlayScore::EVERY_CARD, agreed.has(SEVENS));
        for deal in &reading.transcript.deals {
            let ruling = referee.deal(deal);
            prop_assert!(ruling.rulings.is_empty(), "deal {}: {:?}\n{}", deal.header.number, ruling.rulings, text);
            prop_assert!(ruling.notes.iter().all(|n| *n == Note::Divided), "{:?}", ruling.notes);
            prop_assert!(ruling.score.play_complete);
            prop_assert_eq!(ruling.score.tricks[0] + ruling.score.tricks[1], 12);
        }
    }
}

/// Through the binary: the tags say the rules and the agreements, and the
/// calls au cent asks for are written (AC15, AC16, AC18, AC22); the transcript is
/// ruled with nothing to rule on.
#[test]
fn the_binary_generates_au_cent_deals_with_their_agreements() {
    let args = [
        "generate",
        "--rules",
        "au-cent",
        "--agreements",
        "fours-count-one-less,sevens-to-nines-do-not-count",
        "--deals",
        "6",
        "--seed",
        "11",
    ];
    let generated = referee(&args, None);
    assert_eq!(generated.status.code(), Some(0));
    let text = String::from_utf8(generated.stdout).expect("UTF-8");
    for wanted in [
        "[Rules \"au-cent\"]",
        "[Agreements \"fours-count-one-less, sevens-to-nines-do-not-count\"]",
    ] {
        assert!(text.contains(wanted), "{wanted}:\n{text}");
    }
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(call) = line
            .strip_prefix("A calls point ")
            .or(line.strip_prefix("B calls point "))
        {
            assert!(call.contains(" making "), "AC15: {line}");
        }
        // AC18, AC22: each shows before his first card of the deal.
        if let Some((player, _)) = line.split_once(" shows ") {
            let card = lines[i..]
                .iter()
                .take_while(|l| !l.starts_with("deal ") && !l.starts_with("play "))
                .any(|l| {
                    l.starts_with(&format!("{player} leads "))
                        || l.starts_with(&format!("{player} plays "))
                });
            assert!(card, "AC18, AC22: {line} before a card of his");
        }
        assert!(
            !line.contains(" asks making"),
            "nothing to ask under AC15: {line}"
        );
    }
    let ruled = referee(&["rule", "-", "--format", "json"], Some(text.as_bytes()));
    assert_eq!(ruled.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&ruled.stdout).expect("JSON");
    assert_eq!(json["rules"], "au-cent");
    assert_eq!(
        json["agreements"],
        serde_json::json!(["fours-count-one-less", "sevens-to-nines-do-not-count"])
    );
    for deal in json["deals"].as_array().expect("deals") {
        let rulings = deal["rulings"].as_array().map_or(0, Vec::len);
        assert_eq!(rulings, 0, "{deal}");
    }
    let refused = referee(&["generate", "--agreements", "fours-count-one-less"], None);
    assert_eq!(refused.status.code(), Some(2));
}
