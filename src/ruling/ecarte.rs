//! The écarté irregularities (laws 8-45, 50, 51), as one small `Copy` enum:
//! what went wrong at the écarté table, in a player's terms.

use serde::Serialize;

/// What went wrong at the écarté table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "fault")]
pub enum EcarteFault {
    /// Laws 8, 9: the dealer changed his order of distribution within the game.
    OrderChanged,
    /// Law 9: a wrong number dealt, found before the trump is turned up.
    WrongNumberBeforeTurnup {
        /// Cards the hand holds.
        cards: u8,
        /// Whether it is the dealer's own hand.
        own: bool,
    },
    /// Law 11: more than one card turned up.
    SeveralTurnedUp {
        /// How many.
        cards: u8,
    },
    /// Law 12: a faced card in the pack before the turn-up.
    FacedInPack,
    /// Law 13: the dealer exposes his own card.
    ExposesOwn,
    /// Law 13: the dealer exposes the adversary's card.
    ExposesAdversarys,
    /// Law 14: a deal out of turn.
    DealsOutOfTurn,
    /// Law 14: a deal with the adversary's pack.
    DealsWithWrongPack,
    /// Laws 15, 16: after the turn-up the non-dealer holds the wrong number.
    NonDealerWrongNumber {
        /// Cards he holds.
        cards: u8,
    },
    /// Laws 17, 18: after the turn-up the dealer holds the wrong number.
    DealerWrongNumber {
        /// Cards he holds.
        cards: u8,
    },
    /// Law 19: the king turned up marked in a deal of a wrong number.
    KingMarkedAfterMisdeal,
    /// Laws 20, 21: a player plays without taking cards, holding the wrong number.
    PlaysWithWrongNumber {
        /// Cards he held.
        cards: u8,
    },
    /// Law 26: a proposal retracted, or the number asked altered.
    RetractsProposal,
    /// Law 27: the dealer retracts his acceptance or refusal.
    RetractsAnswer,
    /// Law 28: a discard looked at.
    SeesDiscard,
    /// Law 29: the non-dealer takes more cards than he discarded.
    TakesMoreThanDiscarded {
        /// Taken.
        taken: u8,
        /// Discarded.
        discarded: u8,
    },
    /// Law 30: the non-dealer asks for fewer cards than he discarded.
    AsksFewerThanDiscarded {
        /// Asked.
        asked: u8,
        /// Discarded.
        discarded: u8,
    },
    /// Law 31: the dealer gives more cards than were asked.
    GivesTooMany {
        /// Given.
        given: u8,
        /// Asked.
        asked: u8,
    },
    /// Law 32: the dealer gives fewer cards than were asked.
    GivesTooFew {
        /// Given.
        given: u8,
        /// Asked.
        asked: u8,
    },
    /// Law 33: the dealer gives himself more cards than he discarded.
    DealerTakesTooMany {
        /// Taken.
        taken: u8,
        /// Discarded.
        discarded: u8,
    },
    /// Law 34: the dealer gives himself fewer cards than he discarded.
    DealerTakesTooFew {
        /// Taken.
        taken: u8,
        /// Discarded.
        discarded: u8,
    },
    /// Law 35: a faced card in the stock after discarding.
    FacedInStock,
    /// Law 36: a card exposed in giving cards; `own` where it is the dealer's own.
    ExposedInGiving {
        /// Whether it was the dealer's own card.
        own: bool,
    },
    /// Law 37: a card turned up in error, as though it were the trump.
    TurnsUpInError,
    /// Law 37: the dealer refuses a discard after turning up a card in error.
    RefusesAfterTurningUp,
    /// Law 41: the leader names one suit and leads another.
    NamesAndLeadsAnother,
    /// Law 42: a hand abandoned after this many tricks.
    Abandons {
        /// Tricks the player had made.
        tricks: u8,
    },
    /// Law 42: the cards thrown down, claiming to score.
    ThrowsDown,
    /// Law 44: new cards called for.
    CallsForNewCards,
    /// Law 45: the pack incorrect, redundant or imperfect.
    PackFaulty,
    /// Laws 9, 11, 13, 14: a fresh deal claimed where the law gives none.
    ClaimsFreshDealWithoutRight,
}

impl EcarteFault {
    /// The fault in words, `who` being the offender.
    pub fn text(self, who: &str) -> String {
        use EcarteFault::*;
        match self {
            OrderChanged => format!("{who} changes his order of distribution within the game"),
            WrongNumberBeforeTurnup { cards, own } => format!(
                "{who} deals {cards} cards to {}, found before the trump is turned up",
                if own { "himself" } else { "his adversary" }
            ),
            SeveralTurnedUp { cards } => format!("{who} turns up {cards} cards"),
            FacedInPack => "a faced card is found in the pack before the turn-up".to_string(),
            ExposesOwn => format!("{who} exposes one of his own cards in dealing"),
            ExposesAdversarys => format!("{who} exposes one of his adversary's cards in dealing"),
            DealsOutOfTurn => format!("{who} deals out of his turn"),
            DealsWithWrongPack => format!("{who} deals with his adversary's pack"),
            NonDealerWrongNumber { cards } => format!(
                "{who} has dealt his adversary {}, found after the turn-up",
                count(cards)
            ),
            DealerWrongNumber { cards } => format!(
                "{who} has dealt himself {}, found after the turn-up",
                count(cards)
            ),
            KingMarkedAfterMisdeal => {
                format!("{who} marks the king turned up in a deal of a wrong number of cards")
            }
            PlaysWithWrongNumber { cards } => {
                format!("{who} plays without taking cards, holding {}", count(cards))
            }
            RetractsProposal => format!("{who} retracts his proposal, or alters the number asked"),
            RetractsAnswer => format!("{who} retracts his acceptance or refusal"),
            SeesDiscard => format!("{who} looks at a discard"),
            TakesMoreThanDiscarded { taken, discarded } => {
                format!("{who} takes {}, having discarded {discarded}", count(taken))
            }
            AsksFewerThanDiscarded { asked, discarded } => {
                format!(
                    "{who} asks for {}, having discarded {discarded}",
                    count(asked)
                )
            }
            GivesTooMany { given, asked } | GivesTooFew { given, asked } => format!(
                "{who} gives his adversary {}, {asked} being asked",
                count(given)
            ),
            DealerTakesTooMany { taken, discarded } | DealerTakesTooFew { taken, discarded } => {
                format!(
                    "{who} gives himself {}, having discarded {discarded}",
                    count(taken)
                )
            }
            FacedInStock => "a faced card is found in the stock after discarding".to_string(),
            ExposedInGiving { own: true } => {
                format!("{who} exposes one of his own cards in giving cards")
            }
            ExposedInGiving { own: false } => {
                format!("{who} exposes one of the non-dealer's cards in giving cards")
            }
            TurnsUpInError => {
                format!("{who} turns up a card in error, as though it were the trump")
            }
            RefusesAfterTurningUp => {
                format!("{who} refuses another discard after turning up a card in error")
            }
            NamesAndLeadsAnother => format!("{who} names one suit and leads another"),
            Abandons { tricks: 0 } => format!("{who} abandons his hand without a trick"),
            Abandons { tricks: 1 } => format!("{who} abandons his hand after one trick"),
            Abandons { tricks } => format!("{who} abandons his hand after {tricks} tricks"),
            ThrowsDown => format!("{who} throws down his cards, claiming to score"),
            CallsForNewCards => format!("{who} calls for new cards"),
            PackFaulty => "the pack is found incorrect, redundant or imperfect".to_string(),
            ClaimsFreshDealWithoutRight => {
                format!("{who} claims a fresh deal the law does not give him")
            }
        }
    }
}

/// `1 card`, `6 cards`.
fn count(n: u8) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}
