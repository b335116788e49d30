//! `referee generate --game ecarte`: generated écarté deals and games are
//! legal and replay clean: every card is accounted for (five each, the
//! turn-up, a stock of twenty-one; every card played held), no ruling and
//! no note but those of regular play, five tricks each deal, the generator's `written` marks (counted
//! by the generator from laws 22-24, 46-49) agree with the referee's, and
//! the canonical form rules the same as the transcript.

// Only `referee` of the shared helpers is used here.
#[allow(dead_code)]
mod common;

use common::referee;
use piquet_referee::cards::CardSet;
use piquet_referee::engine::ecarte::{EcarteReferee, Note};
use piquet_referee::generate::ecarte;
use piquet_referee::notation::{format, read_str};
use proptest::prelude::*;

/// What the referee makes of each deal, to compare two readings.
fn ruled(text: &str) -> Vec<String> {
    let reading = read_str(text);
    let mut referee = EcarteReferee::new(&reading.transcript);
    reading
        .transcript
        .deals
        .iter()
        .map(|deal| {
            let d = referee.deal(deal);
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?}",
                d.scores, d.marks, d.tricks, d.notes, d.game.totals, d.game.won
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_ecarte_deals_replay_clean(seed in any::<u64>(), graded in any::<bool>()) {
        let text = ecarte::transcript(12, seed, graded);
        let reading = read_str(&text);
        prop_assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let mut referee = EcarteReferee::new(&reading.transcript);
        for deal in &reading.transcript.deals {
            // Laws 8, 10: five each, the turn-up, the stock: the 32 cards once.
            let mut all = CardSet::EMPTY;
            let mut count = 0;
            for hand in &deal.header.hands {
                count += hand.value.cards.cards.len();
                all = all.or(hand.value.cards.cards.iter().copied().collect());
            }
            let stock = deal.header.stock.as_ref().expect("a stock line");
            count += stock.value.cards.len() + 1;
            all = all.or(stock.value.cards.iter().copied().collect());
            all.insert(deal.header.turnup.as_ref().expect("a turn-up").value);
            prop_assert_eq!((count, all.len()), (32, 32), "deal {}", deal.header.number);

            let ruled = referee.deal(deal);
            prop_assert!(ruled.rulings.is_empty(), "deal {}: {:?}\n{}", deal.header.number, ruled.rulings, text);
            // The notes of regular play only: a king held and not announced
            // (law 23), marks after the game was won in the deal (law 46).
            let regular = |n: &Note| matches!(n, Note::KingNotAnnounced(_) | Note::MarksAfterGame);
            prop_assert!(ruled.notes.iter().all(regular), "deal {}: {:?}\n{}", deal.header.number, ruled.notes, text);
            prop_assert_eq!(ruled.tricks.len(), 5);
            prop_assert_eq!(ruled.written.len(), 2);
            for w in &ruled.written {
                prop_assert!(w.agrees(), "deal {}: {:?}\n{}", deal.header.number, w, text);
            }
        }
        let canonical = format(&reading.transcript);
        prop_assert_eq!(ruled(&canonical), ruled(&text));
    }
}

/// Through the binary: `--game ecarte` and `--rules ecarte` write the same
/// transcript, `--stakes graded` its tag, and `check` finds every written
/// mark right.
#[test]
fn the_binary_generates_ecarte_games_that_check_clean() {
    let by_game = referee(
        &[
            "generate", "--game", "ecarte", "--deals", "30", "--seed", "5", "--stakes", "graded",
        ],
        None,
    );
    assert_eq!(by_game.status.code(), Some(0));
    let by_rules = referee(
        &[
            "generate", "--rules", "ecarte", "--deals", "30", "--seed", "5", "--stakes", "graded",
        ],
        None,
    );
    assert_eq!(by_game.stdout, by_rules.stdout);
    let text = String::from_utf8(by_game.stdout).expect("UTF-8");
    assert!(text.starts_with("[Game \"Ecarte\"]\n"), "{text}");
    assert!(text.contains("[Stakes \"graded\"]"), "{text}");
    assert_eq!(text.matches("\nwritten ").count(), 30);
    let check = referee(&["check", "-"], Some(text.as_bytes()));
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}
