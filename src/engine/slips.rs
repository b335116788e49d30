//! Slips of the pen: where a transcript contradicts itself. A card written
//! in two hands, or in a hand and the stock; a card discarded or played
//! that the transcript never gave the player; more cards taken than the
//! stock it wrote holds. The engine still rules each (law 75 voids the deal
//! for a card written twice, as for a redundant pack; the rest is ruled
//! "transcript in error"); these findings say where the text is at fault,
//! so that `referee` can warn of them (or refuse them, `--strict`) and a
//! slip of the pen is not taken for an irregularity at the table.
//!
//! They are read from the deal's rulings: the table finds them as it
//! places and moves the cards (`table/mod.rs`, `table/exchange.rs`,
//! `table/play.rs`), and no second reckoning of the cards is kept here.

use super::DealRuling;
use crate::cards::Card;
use crate::notation::{Act, Deal, Event, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

/// One place where the transcript contradicts itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// The deal's number.
    pub deal: u32,
    /// The line at fault.
    pub span: Span,
    /// The card at fault, to be pointed at in the line, where there is one.
    pub card: Option<Card>,
    /// What is contradicted.
    pub what: Contradiction,
}

/// What a transcript says twice over, or says and contradicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A card dealt twice: in two hands, twice in one, or in a hand and the
    /// stock. `first` is the line it is first written on.
    WrittenTwice {
        /// The line of the first copy.
        first: u32,
    },
    /// A card given up that the transcript does not give the player: not
    /// dealt to him nor taken in, or already given up.
    NotGiven {
        /// Who gives it up.
        player: PlayerId,
        /// How: discarding or playing.
        how: GivenUp,
    },
    /// A card taken in that the transcript does not put in the stock: it
    /// is dealt to a hand, or the stock is written whole without it.
    NotInStock {
        /// Who takes it.
        player: PlayerId,
    },
    /// More cards taken in than the stock written holds.
    StockShort {
        /// Who takes.
        player: PlayerId,
        /// How many he takes.
        wanted: usize,
        /// How many are left.
        left: usize,
    },
    /// Any other ruling that the transcript is in error.
    Other(Irregularity),
}

/// How a card is given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GivenUp {
    /// Discarded.
    Discards,
    /// Led.
    Leads,
    /// Played to a lead, or in a trick of a `play` line.
    Plays,
}

/// The slips of the pen in one deal, in the order the rulings found them.
pub fn slips(deal: &Deal, ruling: &DealRuling) -> Vec<Slip> {
    slips_in(deal, &ruling.rulings)
}

/// The slips of the pen among a deal's rulings, whichever engine ruled
/// them (écarté's too).
pub fn slips_in(deal: &Deal, rulings: &[Ruling]) -> Vec<Slip> {
    rulings.iter().filter_map(|r| slip(deal, r)).collect()
}

/// The slip a ruling is about, if it is about the transcript itself.
fn slip(deal: &Deal, ruling: &Ruling) -> Option<Slip> {
    let span = ruling.span.unwrap_or(deal.span);
    let (card, what) = match (&ruling.irregularity, ruling.penalty) {
        // Law 75: a second copy of a card, ruled as a redundant pack.
        (Irregularity::CardTwice { card }, _) => {
            let first = first_dealt(deal, *card).unwrap_or(span.line);
            (Some(*card), Contradiction::WrittenTwice { first })
        }
        (Irregularity::NotHeld { card }, Penalty::TranscriptInError) => {
            let player = ruling.offender?;
            let how = given_up(deal, span);
            (Some(*card), Contradiction::NotGiven { player, how })
        }
        // Law 23 rules a card not taken from the top; one the stock never held is a slip.
        (Irregularity::NotFromTheTop { card, .. }, _) if !in_stock(deal, *card) => {
            let player = ruling.offender?;
            (Some(*card), Contradiction::NotInStock { player })
        }
        (Irregularity::StockTooShort { wanted, left }, Penalty::TranscriptInError) => {
            let player = ruling.offender?;
            let (wanted, left) = (*wanted, *left);
            let short = Contradiction::StockShort {
                player,
                wanted,
                left,
            };
            (None, short)
        }
        (other, Penalty::TranscriptInError) => (None, Contradiction::Other(other.clone())),
        _ => return None,
    };
    Some(Slip {
        deal: deal.header.number,
        span,
        card,
        what,
    })
}

/// The line a dealt card is first written on: the hands, the elder's
/// first, then the stock, as the table places them.
fn first_dealt(deal: &Deal, card: Card) -> Option<u32> {
    let hands = PlayerId::BOTH
        .into_iter()
        .filter_map(|p| deal.hand(p))
        .map(|h| (&h.value.cards.cards, h.span));
    let stock = deal.header.stock.iter().map(|s| (&s.value.cards, s.span));
    hands
        .chain(stock)
        .find(|(cards, _)| cards.contains(&card))
        .map(|(_, span)| span.line)
}

/// Whether the transcript may have put `card` in the stock: not when it
/// deals it to a hand, nor when it writes the whole stock without it.
/// (A card of another pack found in play, Cases XVII and XVIII, is written
/// `surplus card`: the table rules it.)
fn in_stock(deal: &Deal, card: Card) -> bool {
    let in_hand = deal
        .header
        .hands
        .iter()
        .any(|h| h.value.cards.cards.contains(&card));
    let stock = deal.header.stock.as_ref().map(|s| &s.value);
    let surplus = deal
        .events
        .iter()
        .any(|e| matches!(e.event, Event::Surplus { card: Some(c), .. } if c == card));
    let left_out = stock.is_some_and(|s| s.complete && !s.cards.contains(&card));
    surplus || !(in_hand || left_out)
}

/// Whether the line at `span` discards, leads or plays.
fn given_up(deal: &Deal, span: Span) -> GivenUp {
    // The events are in the order of the text: found by halving, so a deal
    // of many slips is not searched through once for each.
    let at = deal.events.partition_point(|e| e.span.start < span.start);
    let event = deal.events[at..]
        .iter()
        .take_while(|e| e.span.start == span.start)
        .find(|e| e.span == span);
    match event.map(|e| &e.event) {
        Some(Event::Act { act, .. }) => match act {
            Act::Discards(_) => GivenUp::Discards,
            Act::Leads(_) => GivenUp::Leads,
            _ => GivenUp::Plays,
        },
        _ => GivenUp::Plays,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rule;
    use crate::notation::read_str;

    /// A slip expected: its line, the card pointed at, what is contradicted.
    type Expected = (u32, Option<&'static str>, Contradiction);

    /// Each contradiction, and the line it is found on.
    #[test]
    fn finds_where_the_transcript_contradicts_itself() {
        let hands = "hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC\n\
                     hand B: 8D JS 10S QS JC QH 7D 7H KH 7S JD 8S\n\
                     stock: AD 9D KS 8H JH KD 9C 10H\n";
        let table: [(&str, Vec<Expected>); 8] = [
            // QC in both hands (lines 4 and 5).
            (
                "",
                vec![(5, Some("QC"), Contradiction::WrittenTwice { first: 4 })],
            ),
            // KD is in neither hand: it is in the stock.
            (
                "A discards KD\n",
                vec![(
                    7,
                    Some("KD"),
                    Contradiction::NotGiven {
                        player: PlayerId(0),
                        how: GivenUp::Discards,
                    },
                )],
            ),
            // A leads AS; B plays KC, which is A's.
            (
                "A leads AS\nB plays KC\n",
                vec![(
                    8,
                    Some("KC"),
                    Contradiction::NotGiven {
                        player: PlayerId(1),
                        how: GivenUp::Plays,
                    },
                )],
            ),
            // A leads KD, a card of the stock that he did not take.
            (
                "A leads KD\n",
                vec![(
                    7,
                    Some("KD"),
                    Contradiction::NotGiven {
                        player: PlayerId(0),
                        how: GivenUp::Leads,
                    },
                )],
            ),
            // A takes KC, which is in his own hand, not the stock.
            (
                "A discards 7C\nA takes KC\n",
                vec![(
                    8,
                    Some("KC"),
                    Contradiction::NotInStock {
                        player: PlayerId(0),
                    },
                )],
            ),
            // Law 23, not a slip: A takes 9D, the stock's second card, not its top.
            ("A discards 7C\nA takes 9D\n", vec![]),
            // Nothing wrong with the transcript: a discard of a card held.
            ("A discards AS\n", vec![]),
            // A lead out of turn is the table's fault, not the transcript's.
            ("B leads 8D\n", vec![]),
        ];
        for (events, expected) in table {
            let twice = expected
                .iter()
                .any(|(_, _, w)| matches!(w, Contradiction::WrittenTwice { .. }));
            let hands = if twice {
                hands.replace("QH 7D", "QC 7D")
            } else {
                hands.to_string()
            };
            let text = format!("[Players \"A B\"]\ndeal 1\ndealer B\n{hands}{events}");
            let t = read_str(&text).transcript;
            let ruled = rule(&t).unwrap();
            let found: Vec<(u32, Option<String>, Contradiction)> =
                slips(&t.deals[0], &ruled.deals[0])
                    .into_iter()
                    .map(|s| (s.span.line, s.card.map(|c| c.to_string()), s.what))
                    .collect();
            let expected: Vec<(u32, Option<String>, Contradiction)> = expected
                .into_iter()
                .map(|(l, c, w)| (l, c.map(str::to_string), w))
                .collect();
            assert_eq!(found, expected, "{events}");
        }
    }
}
