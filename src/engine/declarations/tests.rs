//! Unit tests of the declarations, and the declaring Cases in any deal.

/// What the unit tests beside the code share.
pub(super) mod fixture {
    use super::super::*;
    use crate::notation::{Act, Event};

    pub(in crate::engine::declarations) fn entry() -> Entry {
        Entry {
            event: Event::Act {
                player: PlayerId(1),
                act: Act::Refuses,
            },
            span: Span::default(),
            comment: None,
        }
    }

    pub(in crate::engine::declarations) fn hands() -> Hands {
        Hands {
            declaring: [CardSet::EMPTY; 2],
            dealt: [CardSet::EMPTY; 2],
            discards: [CardSet::EMPTY; 2],
            known: [true; 2],
            elder: PlayerId(0),
        }
    }
}

mod unit {
    use super::super::calling::called_less;
    use super::super::held::{find_held, Strictness};
    use super::super::*;
    use crate::cards::Suit;
    use crate::engine::ruleset::PORTLAND;
    use crate::notation::{SetKind, Top};

    fn hand(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn claims_resolve_against_the_hand() {
        let h = hand("QS JS 10S 9S KD QD JD 10D 9D AC AH AS");
        let quart_to_queen = Declaration::Sequence {
            length: 4,
            top: Top::To(Rank::Queen),
            suit: None,
        };
        // A whole quart to the queen (spades) is preferred to part of the quint in diamonds.
        let held = find_held(&quart_to_queen, h, &PORTLAND, Strictness::AsCalled);
        let Some(Holding::Sequence(s)) = held else {
            panic!("{held:?}")
        };
        assert_eq!((s.suit, s.length, s.top), (Suit::Spades, 4, Rank::Queen));
        assert!(!called_less(
            &quart_to_queen,
            &Holding::Sequence(s),
            h,
            &PORTLAND
        ));

        // (call, held as called?, held as a misnomer?)
        let table = [
            (
                Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: None,
                },
                true,
                true,
            ),
            (
                Declaration::Point {
                    cards: Some(6),
                    making: None,
                    suit: None,
                },
                false,
                false,
            ),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: Some(48),
                    suit: None,
                },
                true,
                true,
            ),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: Some(Suit::Clubs),
                },
                false,
                true,
            ),
            (
                Declaration::Sequence {
                    length: 5,
                    top: Top::Major,
                    suit: None,
                },
                false,
                true,
            ),
            (
                Declaration::Sequence {
                    length: 3,
                    top: Top::Minor,
                    suit: None,
                },
                false,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::Ace),
                },
                true,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::King),
                },
                false,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Quatorze,
                    rank: None,
                },
                false,
                false,
            ),
        ];
        for (call, as_called, misnomer) in table {
            let strict = find_held(&call, h, &PORTLAND, Strictness::AsCalled).is_some();
            let loose = find_held(&call, h, &PORTLAND, Strictness::Misnomer).is_some();
            assert_eq!((strict, loose), (as_called, misnomer), "{call}");
        }
    }

    #[test]
    fn laws_62_to_64_which_is_better() {
        let point = |cards, value| {
            Holding::Point(Point {
                suit: Suit::Spades,
                cards,
                value,
            })
        };
        let seq = |length, top| {
            Holding::Sequence(Sequence {
                suit: Suit::Hearts,
                length,
                top,
            })
        };
        let set = |rank, count| Holding::Set(Set { rank, count });
        // (a, b, a beats b)
        let table = [
            (point(5, 40), point(4, 41), true),
            (point(5, 49), point(5, 50), false),
            (point(5, 49), point(5, 49), false),
            (seq(4, Rank::Knave), seq(3, Rank::Ace), true),
            (seq(4, Rank::Ace), seq(4, Rank::King), true),
            (seq(4, Rank::Ace), seq(4, Rank::Ace), false),
            (set(Rank::Ten, 4), set(Rank::Ace, 3), true),
            (set(Rank::King, 3), set(Rank::Queen, 3), true),
        ];
        for (a, b, expected) in table {
            assert_eq!(beats(&a, &b, &PORTLAND), expected, "{a:?} against {b:?}");
        }
    }
}

mod cases {
    use crate::engine::rule;
    use crate::notation::read_str;
    use crate::ruling::Penalty;

    /// The deal of Case IX (A: KS QS JS 9S 8S, JH 10H 9H, JD 10D, 10C 9C after
    /// the exchange; B: AS 10S 7S, AH KH 8H 7H, AD QD 9D, KC QC), calls appended.
    const DEAL: &str = "[Players \"A B\"]\ndeal 1\ndealer B\n\
        hand A: KS QS 8S JH 9H JD 8D 7D JC 10C 8C 7C\n\
        hand B: 10S 7S AH KH QH 8H 7H AD KD 9D AC QC\n\
        stock: JS 9S 10H 10D 9C AS QD KC\n\
        A discards JC 8C 7C 8D 7D\nA takes 5\nB discards AC QH KD\nB takes 3\n";

    /// The rulings (kind as the JSON names it, penalty) and scores of a deal.
    fn ruled(events: &str) -> (Vec<(String, Penalty)>, [u32; 2]) {
        let reading = read_str(&format!("{DEAL}{events}"));
        assert!(reading.errors.is_empty(), "{events}: {:?}", reading.errors);
        let ruled = rule(&reading.transcript).expect("portland");
        let deal = &ruled.deals[0];
        let rulings = deal
            .rulings
            .iter()
            .map(|r| {
                let kind = serde_json::to_value(r)
                    .ok()
                    .and_then(|v| v.get("kind").and_then(|k| k.as_str().map(String::from)))
                    .unwrap_or_default();
                (kind, r.penalty)
            })
            .collect();
        (rulings, deal.score.scores)
    }

    /// Each of the declaring cases' rules, in this deal and in variations the
    /// book does not give: (source, events, the ruling expected, the scores).
    #[test]
    fn the_declaring_cases_rules_fire_in_any_deal() {
        // (source, events, the ruling's kind and penalty, the scores)
        type Row = (
            &'static str,
            &'static str,
            Option<(&'static str, Penalty)>,
            [u32; 2],
        );
        let table: [Row; 8] = [
            // Case IX: a larger call corrected before the first trick is played to.
            (
                "Case IX",
                "A calls four knaves\nB replies good\nA corrects three knaves\nB replies not good\nA leads KS\nB reckons three aces\nB plays 7S\n",
                Some(("corrects-miscall", Penalty::None)),
                [1, 3],
            ),
            // Law 54: corrected only after the younger hand has played: too late.
            (
                "law 54",
                "A calls four knaves\nB replies good\nA leads KS\nB plays 7S\nA corrects three knaves\n",
                Some(("calls-what-is-not-held", Penalty::ReckonsNothing)),
                [0, 0],
            ),
            // Case VII with kings: asking which is out admits them good.
            (
                "Case VII",
                "A calls three knaves\nB asks which knave\nA answers knave of clubs\nB corrects not good\nB claims to score three aces\n",
                Some(("barred-by-admission", Penalty::NotScored)),
                [3, 0],
            ),
            // Case VIII: the card named as out is in the hand (JS is held, JC put out).
            (
                "Case VIII",
                "A calls three knaves\nB replies good\nB asks which knave\nA answers knave of spades\nA leads KS\nB plays 7S\n",
                Some(("names-held-card-out", Penalty::ReckonsNothing)),
                [0, 0],
            ),
            // Case VIII's converse: the right card named, nothing to rule.
            (
                "Case VIII",
                "A calls three knaves\nB replies good\nB asks which knave\nA answers knave of clubs\n",
                None,
                [3, 0],
            ),
            // Case II: four knaves allowed good, three held (JC put out); B
            // reckons the aces that the call seemed to beat.
            (
                "Case II",
                "A calls four knaves\nB replies good\nA leads KS\nB plays 7S\nB claims to reckon three aces\n",
                Some(("calls-what-is-not-held", Penalty::ReckonsNothing)),
                [0, 3],
            ),
            // Case XV: "how many spades?" counts a spade not reckoned (the 8S's point
            // of five was not called): misinformation, and B claims to play again.
            (
                "Case XV",
                "A calls tierce to king\nB replies good\nA leads KS\nB plays 7S\nB asks how many spades\nA answers four\nB claims to play the hand again\n",
                Some(("misinforms", Penalty::PlayAgainFrom(2))),
                [4, 0],
            ),
            // Case XVI: the answer counts only the cards declared (QS, JS left).
            (
                "Case XVI",
                "A calls tierce to king\nB replies good\nA leads KS\nB plays 7S\nB asks how many spades\nA answers two\n",
                None,
                [4, 0],
            ),
        ];
        for (source, events, expected, scores) in table {
            let (rulings, got) = ruled(events);
            match expected {
                Some((kind, penalty)) => assert!(
                    rulings.iter().any(|(k, p)| k == kind && *p == penalty),
                    "{source}: {rulings:?}"
                ),
                None => assert!(rulings.is_empty(), "{source}: {rulings:?}"),
            }
            assert_eq!(got, scores, "{source}: {events}");
        }
    }
}
