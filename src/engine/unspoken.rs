//! A deal in which nothing was called, replied or reckoned: whether the
//! referee may take each player to have declared everything he held.
//!
//! The laws score a declaration that is made: carte blanche "scores ten"
//! when shown (laws 19, 61), the point, sequences, quatorzes and trios when
//! called and good (laws 46-49, 62-64), and "neither player can reckon
//! anything omitted" (law 56). A transcript with no calls is read as a deal
//! declared in full, which is only a reading of what the players did at the
//! table; it is not made where they can have done nothing of the kind:
//!
//! - in a void deal (laws 12, 14, 15, 16, 75, a fresh deal chosen or
//!   agreed), which scores nothing at all;
//! - in a deal the transcript stops before the exchange is complete
//!   (Case III: the elder has discarded and taken nothing in). The
//!   declarations are made from the hand after the exchange (laws 53 and
//!   54 judge a call against "his hand and discard taken together"). A
//!   hand that has not yet taken in is not one anybody declares from, and
//!   nobody has declared anything.
//!
//! Where the hands are not known card by card, what each held cannot be
//! taken as declared; only a carte blanche, which a hand known as dealt
//! shows alone, is (see `declarations::assume`).

use crate::notation::{Entry, PlayerId};

use super::declarations::{self, Declarations, Hands};
use super::phase::Phase;
use super::ruleset::RuleSet;
use super::table::Table;

/// Why nothing is assumed declared in a deal with no calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unassumed {
    /// The deal is void: it scores nothing.
    Void,
    /// The transcript stops before the exchange is complete.
    ExchangeIncomplete,
}

/// Laws 46-49, 56, 61-64: the declarations of a deal. Calls written are
/// weighed as they were made; with none, each player is taken to have
/// declared everything he held, except in a void deal or one stopped
/// before the exchange is complete, where nothing is declared (and the
/// reason is given back).
pub fn declarations(
    events: &[Entry],
    table: &Table,
    hands: &Hands,
    void: bool,
    rules: &RuleSet,
) -> (Declarations, Option<Unassumed>) {
    if !table.spoken.is_empty() {
        return (
            declarations::weigh(events, &table.spoken, &table.said, hands, rules),
            None,
        );
    }
    let unassumed = if void {
        Some(Unassumed::Void)
    } else if !exchange_complete(table) {
        Some(Unassumed::ExchangeIncomplete)
    } else {
        None
    };
    match unassumed {
        Some(reason) => (Declarations::default(), Some(reason)),
        None => (
            declarations::weigh(events, &table.spoken, &table.said, hands, rules),
            None,
        ),
    }
}

/// Laws 21, 22: the exchange is complete once each player has taken in
/// (the elder obliged to discard one and the younger one, each taking in
/// what he discards), or once the calling or the play has begun, whatever
/// the transcript writes of the exchange before it.
fn exchange_complete(table: &Table) -> bool {
    table.phase > Phase::Exchange
        || PlayerId::BOTH
            .iter()
            .all(|p| table.exchange[p.index()].done)
}

#[cfg(test)]
mod tests {
    use crate::engine::{rule, Note};
    use crate::notation::read_str;

    const HANDS: &str = "[Players \"A B\"]\n\ndeal 1\ndealer B\nhand A: AS KS QS JS 10H 9H 8H 7H AD KD QC 7C\nhand B: 10S 9S 8S 7S AH KH QH JH JD 10D 9D 8D\nstock: 7D AC KC JC 10C 9C 8C QD\n";

    /// A deal with no calls: whether declarations are assumed, and the
    /// deal's score, as the transcript goes on after the stock.
    #[test]
    fn declarations_are_assumed_only_where_they_could_be_made() {
        // A after taking in: AS KS QS JS AD KD QC + 7D AC KC JC 10C; B after
        // taking in: 10S 9S 8S 7S AH KH QH JH 10D + 9C 8C QD.
        // (what, the lines after the stock, assumed, A's score, B's score)
        let table = [
            ("nothing after the stock", "", false, 0, 0),
            ("the elder has discarded only", "A discards 10H 9H 8H 7H 7C\n", false, 0, 0),
            (
                "the elder has taken in, the younger not",
                "A discards 10H 9H 8H 7H 7C\nA takes 5\n",
                false,
                0,
                0,
            ),
            (
                "the younger has discarded only",
                "A discards 10H 9H 8H 7H 7C\nA takes 5\nB discards JD 9D 8D\n",
                false,
                0,
                0,
            ),
            // Both have taken in. A holds AS KS QS JS AD KD 7D AC KC QC JC
            // 10C; B holds 10S 9S 8S 7S AH KH QH JH 10D QD 9C 8C. A: point
            // of five in clubs, 51, against B's four hearts (62) 5; quint
            // major in clubs 15 and, holding the best, quart major in
            // spades 4 (63); three aces 3 and three kings 3 against B's
            // nothing (64): 30 in hand before B reckons anything, a repique
            // (68) 60 = 90. B: 0. No play is written: nothing in play.
            (
                "both have taken in",
                "A discards 10H 9H 8H 7H 7C\nA takes 5\nB discards JD 9D 8D\nB takes 3\n",
                true,
                90,
                0,
            ),
            (
                "a void deal after the exchange",
                "A discards 10H 9H 8H 7H 7C\nA takes 5\nB discards JD 9D 8D\nB takes 3\npack is imperfect\n",
                false,
                0,
                0,
            ),
        ];
        for (what, lines, assumed, a, b) in table {
            let reading = read_str(&format!("{HANDS}{lines}"));
            assert!(reading.errors.is_empty(), "{what}: {:?}", reading.errors);
            let ruled = rule(&reading.transcript).expect("portland");
            let deal = &ruled.deals[0];
            assert_eq!(
                deal.notes.contains(&Note::AssumedDeclarations),
                assumed,
                "{what}"
            );
            assert_eq!(deal.declarations.scored.is_empty(), !assumed, "{what}");
            assert_eq!(deal.score.scores, [a, b], "{what}");
        }
    }

    /// A hand not known card by card: with no calls, nothing is taken as
    /// declared but the carte blanche of a hand known as dealt.
    #[test]
    fn only_a_carte_blanche_is_assumed_beside_a_hand_not_known() {
        // A's hand, dealt, holds no king, queen or knave: a carte blanche,
        // ten (law 61); B's is not known. Nothing else is assumed.
        let text = "[Players \"A B\"]\n\ndeal 1\ndealer B\nhand A: AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 8D\nhand B: ...\nA discards 8S 8H 8D\nA takes 3\nB discards 3\nB takes 3\n";
        let reading = read_str(text);
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let ruled = rule(&reading.transcript).expect("portland");
        let deal = &ruled.deals[0];
        assert!(
            deal.notes.contains(&Note::AssumedCarteBlancheOnly),
            "{:?}",
            deal.notes
        );
        assert!(!deal.notes.contains(&Note::AssumedDeclarations));
        assert_eq!(deal.declarations.scored.len(), 1);
        assert_eq!(deal.score.scores, [10, 0]);
    }
}
