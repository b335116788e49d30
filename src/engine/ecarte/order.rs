//! The order of the cards and trumps: who wins a trick, and which cards a
//! player may play to it (law 43).

use crate::cards::{Card, CardSet, Rank, Suit};

/// Law ranking: "the king is the highest card, the ace ranking between the
/// knave and the ten": K Q J A 10 9 8 7. The higher, the stronger.
pub fn strength(rank: Rank) -> u8 {
    match rank {
        Rank::King => 8,
        Rank::Queen => 7,
        Rank::Knave => 6,
        Rank::Ace => 5,
        Rank::Ten => 4,
        Rank::Nine => 3,
        Rank::Eight => 2,
        Rank::Seven => 1,
        Rank::Six => 0,
    }
}

/// Law trumps: "Trumps, as at Whist, are the most powerful cards. A seven
/// of trumps can take the king of another suit." Whether `card`, played to
/// `led`, wins the trick from it: a higher card of the suit led, or a trump
/// to a card of another suit (law ranking for the order within a suit).
pub fn beats(card: Card, led: Card, trumps: Option<Suit>) -> bool {
    if card.suit == led.suit {
        return strength(card.rank) > strength(led.rank);
    }
    trumps == Some(card.suit)
}

/// Law 43: the cards of `hand` its holder may play to `led`. He must
/// follow suit when he can ("if a player renounce when he holds a card of
/// the suit led"), and win the trick when he can ("or if a player fail to
/// win the trick when able"): following, with a higher card of the suit
/// if he holds one; not following, with a trump if he holds one.
pub fn playable(hand: CardSet, led: Card, trumps: Option<Suit>) -> CardSet {
    let suit = hand.suit(led.suit);
    let pool = if suit.is_empty() { hand } else { suit };
    let winning = CardSet::of(pool.iter().filter(|c| beats(*c, led, trumps)));
    if winning.is_empty() {
        pool
    } else {
        winning
    }
}

/// What a card played to a lead breaks of law 43, where it breaks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// He did not follow suit, holding a card of the suit led.
    Renounce,
    /// He did not win the trick, holding a card that would have won it.
    DoesNotWin,
}

/// Law 43: whether `card`, played to `led` from a hand known to hold
/// `held` (at least: cards the referee cannot place are left out, so a
/// fault found is a fault), breaks the law, and how.
pub fn fault(card: Card, led: Card, held: CardSet, trumps: Option<Suit>) -> Option<Fault> {
    let held = held.with(card);
    if playable(held, led, trumps).contains(card) {
        return None;
    }
    if card.suit != led.suit && !held.suit(led.suit).is_empty() {
        Some(Fault::Renounce)
    } else {
        Some(Fault::DoesNotWin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn the_order_is_king_queen_knave_ace_ten_nine_eight_seven() {
        let order = [
            Rank::King,
            Rank::Queen,
            Rank::Knave,
            Rank::Ace,
            Rank::Ten,
            Rank::Nine,
            Rank::Eight,
            Rank::Seven,
        ];
        for pair in order.windows(2) {
            assert!(strength(pair[0]) > strength(pair[1]), "{pair:?}");
        }
    }

    #[test]
    fn who_wins_the_trick() {
        // (card played, card led, trumps, wins)
        let table = [
            ("JS", "AS", Some(Suit::Hearts), true), // "the knave can take the ace"
            ("AS", "10S", Some(Suit::Hearts), true), // "the ace can take the ten"
            ("AS", "JS", Some(Suit::Hearts), false),
            ("KS", "QS", None, true),
            ("7H", "KS", Some(Suit::Hearts), true), // "a seven of trumps can take the king of another suit"
            ("KD", "7S", Some(Suit::Hearts), false), // another suit, not trumps
            ("KH", "7H", Some(Suit::Hearts), true),
            ("8H", "9H", Some(Suit::Hearts), false),
        ];
        for (played, led, trumps, wins) in table {
            assert_eq!(
                beats(card(played), card(led), trumps),
                wins,
                "{played} to {led}"
            );
        }
    }

    #[test]
    fn the_cards_law_43_allows() {
        // (hand, led, trumps, the cards he may play)
        let table = [
            // Follows, and must win with a higher card when he holds one.
            ("KS 9S 7H 8D AC", "10S", Some(Suit::Hearts), "KS"),
            // Follows, holding none higher: any card of the suit.
            ("9S 8S 7H 8D AC", "10S", Some(Suit::Hearts), "9S 8S"),
            // Cannot follow: must trump.
            ("7H 8H 8D AC QD", "10S", Some(Suit::Hearts), "7H 8H"),
            // Cannot follow, no trump: anything.
            (
                "8D AC QD 7C 9D",
                "10S",
                Some(Suit::Hearts),
                "8D AC QD 7C 9D",
            ),
            // A trump led: a higher trump if he has one.
            ("9H 7H KS QS JS", "8H", Some(Suit::Hearts), "9H"),
            // The knave beats the ace.
            ("JD 9D 8S 7S 7C", "AD", Some(Suit::Spades), "JD"),
        ];
        for (hand, led, trumps, allowed) in table {
            assert_eq!(
                playable(cards(hand), card(led), trumps),
                cards(allowed),
                "{hand} to {led}"
            );
        }
    }

    #[test]
    fn faults_under_law_43() {
        // (card played, led, the rest of the hand, fault)
        let table = [
            ("7H", "10S", "9S 8D", Some(Fault::Renounce)),
            ("9S", "10S", "KS 8D", Some(Fault::DoesNotWin)),
            ("8D", "10S", "7H 9D", Some(Fault::DoesNotWin)),
            ("KS", "10S", "9S 8D", None),
            ("8D", "10S", "9D 7C", None),
        ];
        for (played, led, rest, expected) in table {
            let got = fault(card(played), card(led), cards(rest), Some(Suit::Hearts));
            assert_eq!(got, expected, "{played} to {led} holding {rest}");
        }
    }
}
