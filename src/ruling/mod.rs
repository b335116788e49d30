//! Rulings: what the referee decides about something out of the ordinary at
//! the table. A ruling is a value, never an error: it names the laws
//! applied, the offender, and the penalty or remedy.

use serde::Serialize;

use crate::cards::{Card, Suit};
use crate::notation::{Declaration, PlayerId, Span};

/// What went wrong (or out of the ordinary) at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Irregularity {
    /// A player was dealt, or holds, the wrong number of cards.
    WrongNumberOfCards {
        /// How many he holds.
        held: usize,
        /// How many he should hold.
        expected: usize,
    },
    /// The stock holds the wrong number of cards.
    WrongStock {
        /// How many it holds.
        held: usize,
        /// How many it should hold.
        expected: usize,
    },
    /// A card written twice, or in two places.
    CardTwice {
        /// The card.
        card: Card,
    },
    /// A card that is not in the pack (a six in the 32-card pack).
    NotInPack {
        /// The card.
        card: Card,
    },
    /// A player discards, leads or plays a card he does not hold.
    NotHeld {
        /// The card.
        card: Card,
    },
    /// More cards exchanged than the player may exchange.
    ExchangesTooMany {
        /// How many he discarded.
        discarded: usize,
        /// The most he may.
        most: usize,
    },
    /// Fewer cards discarded than the player must discard.
    DiscardsTooFew {
        /// How many he discarded.
        discarded: usize,
        /// The fewest he must.
        least: usize,
    },
    /// More cards taken in than discarded.
    TakesMoreThanDiscarded {
        /// How many he took.
        taken: usize,
        /// How many he discarded.
        discarded: usize,
    },
    /// Fewer cards taken in than discarded: he plays with fewer than twelve.
    TakesFewerThanDiscarded {
        /// How many he took.
        taken: usize,
        /// How many he discarded.
        discarded: usize,
    },
    /// A player plays with more than twelve cards (law 58).
    PlaysWithTooManyCards {
        /// How many he holds when the play begins.
        held: usize,
    },
    /// Cards taken in that are not the top cards of the stock.
    NotFromTheTop {
        /// The card taken.
        card: Card,
        /// The card on top at the time, if any.
        top: Option<Card>,
    },
    /// The elder takes up one of the bottom three cards of the stock (law 27).
    TakesTheYoungerCards {
        /// The card.
        card: Card,
    },
    /// A player short of a card takes in, during the play, the card he left
    /// without announcing it (Case XIII).
    TakesInLate {
        /// The card.
        card: Card,
    },
    /// He had renounced in the suit of the card he left and takes in late
    /// (Case XIII, law 59.IV).
    RenouncedInLeftSuit {
        /// The card he played.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// More cards asked for than the stock holds.
    StockTooShort {
        /// How many were wanted.
        wanted: usize,
        /// How many there were.
        left: usize,
    },
    /// A call or reckoning of something the player does not hold.
    CallsWhatIsNotHeld {
        /// What was called.
        declaration: Declaration,
    },
    /// A player answered "not good" but what he reckons is not better.
    ClaimsBetterWithoutHolding {
        /// What he reckons.
        declaration: Declaration,
    },
    /// A misnomer: the right counting value, the wrong suit or rank (law 53).
    Misnomer {
        /// What was called.
        declaration: Declaration,
    },
    /// A smaller call than held, not corrected (law 50).
    CallsLessThanHeld {
        /// What was called.
        declaration: Declaration,
    },
    /// A total counted aloud that is not what the items make (law 70).
    Miscounts {
        /// The total said.
        said: u32,
        /// What the items reckoned make.
        right: u32,
    },
    /// Something held good was not reckoned (law 56).
    NotReckoned {
        /// What kind of declaration: `point`, `sequence`, `quatorze or trio`.
        what: &'static str,
    },
    /// The younger hand asked "making" and reckons more cards (law 46).
    BarredByInquiry {
        /// What he reckons.
        declaration: Declaration,
    },
    /// The younger hand replied "equal" to a point called by its number of
    /// cards, and reckons more cards: the reply bars them (law 46, Case I).
    BarredByEqualReply {
        /// What he reckons.
        declaration: Declaration,
    },
    /// He asked which card of the adversary's trio or quatorze is out, which
    /// admits it good, and claims better (Case VII).
    BarredByAdmission {
        /// What he claims.
        declaration: Declaration,
        /// What he admitted good by asking.
        admitted: Declaration,
    },
    /// The adversary's declarations imply a better quatorze or trio, which
    /// he may still reckon before the younger hand plays to the first trick
    /// (law 56, Case IV).
    BarredByImplication {
        /// What he reckons.
        declaration: Declaration,
        /// What the adversary declared by implication.
        implied: Declaration,
    },
    /// Asked which card of his trio is out, he named one he holds: his claim
    /// is then to a card he has not got (law 54, Case VIII).
    NamesHeldCardOut {
        /// What he called.
        declaration: Declaration,
        /// The card he said was out.
        named: Card,
        /// The card of the trio he claims and has not got.
        missing: Card,
    },
    /// A call of more than he holds, corrected before the younger hand
    /// played to the first trick (law 52, Case IX).
    CorrectsMiscall {
        /// What he called.
        called: Declaration,
        /// What he corrected it to.
        corrected: Declaration,
    },
    /// Asked how many cards of a suit he holds, he answered a number other
    /// than the cards reckoned good or called equal that he still holds
    /// (law 59.V, Cases XV, XVI).
    Misinforms {
        /// The suit asked about.
        suit: Suit,
        /// What he answered.
        said: u8,
        /// The cards of the suit he declared and still holds.
        declared: u8,
    },
    /// A lead out of turn.
    LeadsOutOfTurn {
        /// The card led.
        card: Card,
    },
    /// Not following suit when able (a revoke).
    Revoke {
        /// The card played.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// More cards played than were led, the leader having led several (law 59.II).
    PlaysTooMany {
        /// The extra card.
        card: Card,
    },
    /// An event in the wrong part of the deal (a discard after the play began).
    OutOfOrder {
        /// What the event was.
        what: &'static str,
    },
    /// The same player deals twice running.
    DealsOutOfTurn,
}

/// What the offender suffers, or that he suffers nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Penalty {
    /// The law gives no penalty (a misnomer, a smaller call).
    None,
    /// The item is not scored: what is not held, or not reckoned, cannot be scored.
    NotScored,
    /// He can reckon nothing that deal; what he holds still bars the
    /// adversary, and saves pique and repique (laws 33, 35, 54, 58).
    ReckonsNothing,
    /// The adversary did not enforce the penalty (law 44).
    Waived,
    /// The error cannot be put right: what was played stands (law 59.III,
    /// the adversary having played to the card led out of turn).
    Stands,
    /// The card may be taken up and the play go on as it should have
    /// (law 59.III, before the adversary has played to it).
    TakenUp,
    /// No penalty, but he plays with fewer than twelve cards and his
    /// adversary counts as tricks the cards that cannot be played to (laws 30, 57).
    FewerCards,
    /// The card played in error is retaken, and the cards from this trick on
    /// are taken up and played again (laws 59.II, 59.IV).
    PlayAgainFrom(u8),
    /// The referee recognises the irregularity but does not yet rule its
    /// penalty; the score is given as if it had not happened, and says so.
    NotYetRuled,
}

impl Penalty {
    /// A sentence for the report.
    pub fn describe(self) -> String {
        match self {
            Penalty::PlayAgainFrom(trick) => format!(
                "none, but the error is put right: the card played in error is retaken, and every card played from trick {trick} on is taken up and played again; the points in play are scored up to trick {}",
                trick - 1
            ),
            other => other.sentence().to_string(),
        }
    }

    fn sentence(self) -> &'static str {
        match self {
            Penalty::PlayAgainFrom(_) => "the play is taken up and played again",
            Penalty::FewerCards => {
                "none, but he plays with fewer than twelve cards, and his adversary counts as tricks the cards that cannot be played to"
            }
            Penalty::None => "no penalty",
            Penalty::NotScored => "it is not scored",
            Penalty::ReckonsNothing => {
                "he can reckon nothing that deal, though his cards still bar his adversary"
            }
            Penalty::Waived => "the adversary did not enforce the penalty (law 44)",
            Penalty::Stands => {
                "none: the adversary played to the card, so the error cannot be rectified and the trick stands"
            }
            Penalty::TakenUp => "none: the card may be taken up, since the adversary has not played to it",
            Penalty::NotYetRuled => {
                "the referee recognises this but does not yet rule its penalty; the scores below leave it aside"
            }
        }
    }
}

/// One ruling: the laws applied to one irregularity, the offender and the penalty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// What happened.
    #[serde(flatten)]
    pub irregularity: Irregularity,
    /// Who offended, where someone did.
    pub offender: Option<PlayerId>,
    /// The laws applied, as ids in the rule set's book.
    pub laws: &'static [&'static str],
    /// The penalty.
    pub penalty: Penalty,
    /// The line where it happened, if the transcript shows one.
    #[serde(skip)]
    pub span: Option<Span>,
}
