//! Properties of the engine over generated deals (`referee generate`):
//! every card is accounted for at every event, a generated deal replays with
//! no irregularity, and truthful calls score exactly what full declarations
//! would.

use piquet_referee::engine::ruleset::{PartieLength, PORTLAND};
use piquet_referee::engine::table::Table;
use piquet_referee::engine::{Note, Referee};
use piquet_referee::generate;
use piquet_referee::notation::read_str;
use proptest::prelude::*;

/// Six generated deals (a partie) from `seed`.
fn partie(seed: u64) -> String {
    generate::transcript(6, seed, &PORTLAND)
}

/// The same transcript with every call, reply, question and reckoning taken out.
fn without_calls(text: &str) -> String {
    const SPOKEN: [&str; 6] = [
        " calls ",
        " replies ",
        " asks ",
        " answers ",
        " reckons ",
        " carte blanche",
    ];
    text.lines()
        .filter(|line| !SPOKEN.iter().any(|verb| line.contains(verb)))
        .map(|line| format!("{line}\n"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn every_card_is_accounted_for_at_every_event(seed in any::<u64>()) {
        let reading = read_str(&partie(seed));
        prop_assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        for deal in &reading.transcript.deals {
            let elder = deal.header.dealer.as_ref().unwrap().value.other();
            let mut table = Table::deal(deal, elder, &PORTLAND);
            prop_assert_eq!(table.unaccounted(&PORTLAND), Some(0));
            for (index, entry) in deal.events.iter().enumerate() {
                table.apply(index, &entry.event, entry.span, &PORTLAND);
                prop_assert_eq!(
                    table.unaccounted(&PORTLAND),
                    Some(0),
                    "deal {} after line {}", deal.header.number, entry.span.line
                );
            }
        }
    }

    #[test]
    fn generated_deals_replay_with_no_irregularity(seed in any::<u64>()) {
        let reading = read_str(&partie(seed));
        let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
        for deal in &reading.transcript.deals {
            let ruling = referee.deal(deal);
            prop_assert!(ruling.rulings.is_empty(), "deal {}: {:?}", deal.header.number, ruling.rulings);
            prop_assert!(ruling.notes.iter().all(|n| *n == Note::Divided), "{:?}", ruling.notes);
            prop_assert!(ruling.score.play_complete);
            prop_assert_eq!(ruling.score.tricks[0] + ruling.score.tricks[1], 12);
        }
    }

    #[test]
    fn truthful_calls_score_what_full_declarations_would(seed in any::<u64>()) {
        let text = partie(seed);
        let spoken = read_str(&text).transcript;
        let silent = read_str(&without_calls(&text)).transcript;
        let mut by_calls = Referee::with(&PORTLAND, PartieLength::Standard);
        let mut assumed = Referee::with(&PORTLAND, PartieLength::Standard);
        for (a, b) in spoken.deals.iter().zip(&silent.deals) {
            let (a, b) = (by_calls.deal(a), assumed.deal(b));
            prop_assert!(b.notes.contains(&Note::AssumedDeclarations));
            prop_assert_eq!(a.score.scores, b.score.scores, "deal {}", a.number);
        }
        prop_assert_eq!(by_calls.standing(), assumed.standing());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the table did (lines dropped, repeated or moved; cards
    /// changed), the referee rules without panicking: breaking a law is a
    /// ruling, never a crash.
    #[test]
    fn the_referee_never_panics_on_a_mangled_deal(
        seed in any::<u64>(),
        edits in proptest::collection::vec((0usize..4, any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..12),
    ) {
        let mut lines: Vec<String> = partie(seed).lines().map(str::to_string).collect();
        for (kind, a, b) in edits {
            let (i, j) = (a.index(lines.len()), b.index(lines.len()));
            match kind {
                0 => { lines.remove(i); }
                1 => { let line = lines[i].clone(); lines.insert(j, line); }
                2 => lines.swap(i, j),
                _ => {
                    // A card changed for another: duplicated, missing, or out of the pack.
                    lines[i] = lines[i].replacen("S", "H", 1).replacen("7", "6", 1);
                }
            }
            if lines.is_empty() {
                break;
            }
        }
        let text = lines.join("\n");
        let reading = read_str(&text);
        if let Ok(ruled) = piquet_referee::engine::rule(&reading.transcript) {
            let book = piquet_referee::laws::library().expect("books").book(ruled.rules.book);
            let _ = piquet_referee::report::ruled_text(&reading.transcript, &ruled, book);
            let _ = piquet_referee::report::ruled_json(&reading.transcript, &ruled);
            let _ = piquet_referee::report::explain_text(&reading.transcript, &ruled, book);
        }
    }
}
