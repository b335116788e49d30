//! Properties of the engine over generated deals (`referee generate`):
//! every card is accounted for at every event, a generated deal replays with
//! no irregularity, and truthful calls score exactly what full declarations
//! would. The French rules (classic, modern, old) are covered the same way,
//! each seed choosing one of them.

use piquet_referee::engine::ruleset::{PartieLength, RuleSet, CLASSIC, MODERN, OLD, PORTLAND};
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

/// The French rule sets `referee generate --rules` writes deals for.
const FRENCH: [&RuleSet; 3] = [&CLASSIC, &MODERN, &OLD];

/// The French rule set of a seed.
fn french_of(seed: u64) -> &'static RuleSet {
    FRENCH[(seed % 3) as usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Issue 15: generated deals under the French rules (old piquet's 36
    /// cards, the elder exchanging up to eight, carte blanche in the order
    /// of 4g and 4h) account for every card at every event, replay with no
    /// irregularity, and truthful calls score what full declarations would.
    #[test]
    fn generated_french_deals_replay_clean(seed in any::<u64>()) {
        let rules = french_of(seed);
        let text = generate::transcript(6, seed, rules);
        let reading = read_str(&text);
        prop_assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        for deal in &reading.transcript.deals {
            let elder = deal.header.dealer.as_ref().unwrap().value.other();
            let mut table = Table::deal(deal, elder, rules);
            for (index, entry) in deal.events.iter().enumerate() {
                table.apply(index, &entry.event, entry.span, rules);
                prop_assert_eq!(table.unaccounted(rules), Some(0), "after line {}", entry.span.line);
            }
        }
        let silent = read_str(&without_calls(&text)).transcript;
        let mut by_calls = Referee::with(rules, PartieLength::Standard);
        let mut assumed = Referee::with(rules, PartieLength::Standard);
        for (a, b) in reading.transcript.deals.iter().zip(&silent.deals) {
            let (a, b) = (by_calls.deal(a), assumed.deal(b));
// The generator does not yet show what the dealer holds equal (11c):
            // that ruling, with no penalty, is left aside here.
            let rulings: Vec<_> = a.rulings.iter().filter(|r| r.laws != ["11c"]).collect();
            prop_assert!(rulings.is_empty(), "{:?} deal {}: {:?}", rules.rules, a.number, rulings);
            // 19d: a deal that reaches the target stops there; after the
            // match, the deals are no part of it.
            let stopped = a.notes.iter().any(|n| matches!(n, Note::StoppedAtTheTarget { .. } | Note::AfterTheGames));
            prop_assert!(a.notes.iter().all(|n| matches!(n, Note::Divided | Note::AfterTheGames | Note::StoppedAtTheTarget { .. })), "{:?}", a.notes);
            prop_assert!(a.score.play_complete || stopped);
            prop_assert_eq!(a.tricks.len(), 12);
            // A deal stopped at the target (19d) stops where the calls or the
            // declarations in full reach it, which may differ.
            let stops = |d: &piquet_referee::engine::DealRuling| d.notes.iter().any(|n| matches!(n, Note::StoppedAtTheTarget { .. } | Note::AfterTheGames));
            if !stops(&a) && !stops(&b) {
                prop_assert_eq!(a.score.scores, b.score.scores, "{:?} deal {}", rules.rules, a.number);
            }
        }
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
        rules_and_reports(&text);
    }
}

/// One generated deal, then the cards from trick `from` on taken up
/// (`replay from trick N`) and the same tricks played again.
fn played_again(seed: u64, from: usize) -> (String, String) {
    let text = generate::transcript(1, seed, &PORTLAND);
    let reading = read_str(&text);
    let mut referee = Referee::with(&PORTLAND, PartieLength::Standard);
    let ruling = referee.deal(&reading.transcript.deals[0]);
    let tricks: Vec<String> = ruling
        .tricks
        .iter()
        .enumerate()
        .skip(from - 1)
        .map(|(i, t)| format!("{}. {} {}", i + 1, t.led, t.played))
        .collect();
    let again = format!(
        "{text}\nreplay from trick {from}\nplay {}\n",
        tricks.join(" ")
    );
    (text, again)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Law 59: the cards taken up go back to the hands that played them,
    /// so the same tricks can be played again, every card is accounted for
    /// at every event, and the deal scores as it did.
    #[test]
    fn the_same_tricks_played_again_score_the_same(seed in any::<u64>(), from in 1usize..=12) {
        let (text, again) = played_again(seed, from);
        let once = read_str(&text).transcript;
        let twice = read_str(&again).transcript;
        let deal = &twice.deals[0];
        let mut table = Table::deal(deal, deal.header.dealer.as_ref().unwrap().value.other(), &PORTLAND);
        for (index, entry) in deal.events.iter().enumerate() {
            table.apply(index, &entry.event, entry.span, &PORTLAND);
            prop_assert_eq!(table.unaccounted(&PORTLAND), Some(0), "after line {}", entry.span.line);
        }
        let a = Referee::with(&PORTLAND, PartieLength::Standard).deal(&once.deals[0]);
        let b = Referee::with(&PORTLAND, PartieLength::Standard).deal(deal);
        prop_assert_eq!(a.score.scores, b.score.scores);
        prop_assert_eq!(b.tricks.len(), 12);
        let replayed = b.notes.iter().any(|n| matches!(n, Note::Replayed { from: f, laws: None, .. } if usize::from(*f) == from));
        prop_assert!(replayed, "{:?}", b.notes);
    }

    /// No line of the play, retaking, playing again, or a surplus card
    /// found, wherever it falls in a deal, makes the referee panic.
    #[test]
    fn the_referee_never_panics_when_the_play_is_taken_up(
        seed in any::<u64>(),
        inserts in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..9, 0u8..2, 0usize..32, 0u8..20), 1..8),
    ) {
        const RANKS: [&str; 8] = ["A", "K", "Q", "J", "10", "9", "8", "7"];
        const SUITS: [&str; 4] = ["S", "H", "D", "C"];
        let mut lines: Vec<String> = generate::transcript(1, seed, &PORTLAND).lines().map(str::to_string).collect();
        for (at, kind, who, card, n) in inserts {
            let p = ["A", "B"][usize::from(who)];
            let q = ["B", "A"][usize::from(who)];
            let c = format!("{}{}", RANKS[card % 8], SUITS[card / 8]);
            let line = match kind {
                0 => format!("replay from trick {n}"),
                1 => format!("{p} retakes {c}"),
                2 => format!("{p} plays {c}"),
                3 => format!("{p} leads {c}"),
                4 => format!("{p} asks how many diamonds"),
                5 => format!("{p} answers {n}"),
                6 => format!("{p} claims replay"),
                7 => format!("surplus card {c} in tricks of {q}"),
                _ => format!("surplus card {c} in hand of {p}"),
            };
            // After the header (the first seven lines: tags, deal, dealer).
            let at = 7 + at.index(lines.len().saturating_sub(7) + 1);
            lines.insert(at.min(lines.len()), line);
        }
        let text = lines.join("\n");
        rules_and_reports(&text);
    }
}

/// Reads a transcript, rules it and writes every report of it: none of it
/// may panic, whatever the transcript holds.
fn rules_and_reports(text: &str) {
    let reading = read_str(text);
    if let Ok(ruled) = piquet_referee::engine::rule(&reading.transcript) {
        let book = piquet_referee::laws::library()
            .expect("books")
            .book(ruled.rules.book);
        let _ = piquet_referee::report::ruled_text(&reading.transcript, &ruled, book);
        let _ = piquet_referee::report::ruled_json(&reading.transcript, &ruled);
        let _ = piquet_referee::report::explain_text(&reading.transcript, &ruled, book);
    }
}
