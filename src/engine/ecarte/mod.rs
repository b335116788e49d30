//! The écarté engine: a sibling of the piquet engine, sharing its cards,
//! notation, ruling values and reporter, and nothing of its rules.
//!
//! One concept per file, each naming the laws it reads:
//! - [`order`]: the order of the cards and trumps; who wins a trick; the
//!   cards law 43 allows.
//! - `table`: the deal and the turn-up (laws 5, 8, 10): where every card lies.
//! - `exchange`: proposals, acceptance and refusal, discards and cards
//!   given (laws 26-28, 38), and the first proposal or refusal law 49 weighs.
//! - `king`: the king turned up or held in hand (laws 22-25, 47).
//! - `play`: the tricks, and what law 43 forbids in them (laws 39, 43).
//! - `marks`: the marks of the deal (laws 47-49).
//! - `marking`: the marks as the players make them, judged at the next
//!   turn-up (laws 22, 50, 51).
//! - `games`: games five up, and what each counts (law 46).
//! - `referee`: a transcript's deals replayed one by one ([`EcarteReferee`]).
//!
//! Every irregularity is one small function that returns a
//! [`Ruling`](crate::ruling::Ruling): the laws of the second part (8-21,
//! 29-45, 50, 51) are added the same way, beside the play and the exchange.

mod exchange;
mod games;
mod irregular;
mod king;
mod marking;
mod marks;
pub mod order;
mod play;
mod referee;
mod table;

use crate::cards::Card;
use crate::notation::{PlayerId, Span};
use crate::ruling::Ruling;

use super::games::GameAt;
use super::{Outcome, Written};

pub use games::{counts, UP};
pub use referee::EcarteReferee;

/// What the non-dealer did first, or the dealer answered to the first
/// proposal: the facts law 49 weighs ("These scores apply only to the first
/// proposal or refusal in a hand").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstChoice {
    /// The non-dealer played without proposing.
    Stood,
    /// The dealer refused the first proposal.
    Refused,
    /// The dealer accepted the first proposal.
    Accepted,
}

impl FirstChoice {
    /// Law 49: the player who marks two for the point if he wins it,
    /// his adversary having stood or refused; `None` where cards were given.
    pub fn favours(self, dealer: PlayerId) -> Option<PlayerId> {
        match self {
            FirstChoice::Stood => Some(dealer),
            FirstChoice::Refused => Some(dealer.other()),
            FirstChoice::Accepted => None,
        }
    }
}

/// What a mark is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkItem {
    /// The dealer turned up the king (laws 22, 47).
    KingTurnedUp(Card),
    /// The king of trumps held in hand and announced in time (laws 23, 24, 47).
    KingHeld(Card),
    /// The point: three or four tricks (law 48); `law49` where the
    /// adversary stood or refused the first proposal.
    Point {
        /// Tricks won.
        tricks: u8,
        /// Law 49, where it gives two.
        law49: Option<FirstChoice>,
    },
    /// The vole: all five tricks (law 48).
    Vole,
}

/// One mark of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Who marks.
    pub player: PlayerId,
    /// For what.
    pub item: MarkItem,
    /// How many.
    pub points: u32,
    /// What the law would give without a penalty, where a penalty reduces it (laws 25, 43).
    pub reduced_from: Option<u32>,
    /// The laws.
    pub laws: &'static [&'static str],
}

/// A trick as played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    /// 1 to 5.
    pub number: u8,
    /// Who led.
    pub leader: PlayerId,
    /// The card led, then the card played to it.
    pub cards: [Card; 2],
    /// Who won it.
    pub winner: PlayerId,
}

/// Something the referee assumed, could not do, or read from the laws
/// without a ruling, in ruling an écarté deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// No `dealer` line and nothing to tell who dealt: the second player is taken to deal.
    NoDealer,
    /// The dealer is not written: he is taken from the turn to deal (the deal alternates).
    DealerByTurn(PlayerId),
    /// The dealer is not written: the first deal goes to the higher cut (law 5).
    DealerByCut(PlayerId),
    /// No trump card written: nothing is a trump, and no king is marked.
    NoTrump,
    /// The play stops after this many tricks.
    PlayIncomplete(usize),
    /// The event at this index is read but not yet interpreted by the referee.
    Uninterpreted(usize),
    /// This player held the king of trumps and did not announce it (law 23).
    KingNotAnnounced(PlayerId),
    /// This player announced the king only after his first card (law 23).
    KingAnnouncedLate(PlayerId),
    /// This player marked a king held in hand without announcing it (law 23).
    KingMarkedNotAnnounced(PlayerId),
    /// This player marks a king he is not entitled to: it is not counted.
    KingMarkedWithoutRight(PlayerId),
    /// The dealer of the last deal marks the king he turned up there, before
    /// this deal's turn-up (law 22): it is counted in that deal.
    KingOfLastDeal(PlayerId),
    /// The dealer of the last deal marks the king he turned up there only
    /// after this deal's turn-up: it was counted in that deal, whether or
    /// not marked (law 22 as NOTATION.md reads it), and is not counted again.
    KingOfLastDealLate(PlayerId),
    /// The dealer accepted with too few cards in the stock for both players
    /// (law 38): the non-dealer has what he asked for, or what is left.
    StockShort {
        /// How many cards the stock held.
        left: usize,
    },
    /// A proposal or acceptance with no card left in the stock.
    StockEmpty,
    /// The written turn-up differs from the `turnup:` line.
    TurnupDiffers,
    /// The deal comes after a game won in it by the king: the rest of its
    /// marks are no part of the game (law 46: five up).
    MarksAfterGame,
    /// Law 39: this card, played to a lead, was taken up again before
    /// another card was led: no penalty, the card put in its place stands.
    Retaken(PlayerId, Card),
    /// The `score` line differs from the marks carried in the game: the
    /// line is taken.
    ScoreLineDiffers {
        /// The marks carried.
        carried: [u32; 2],
    },
    /// A player's hand is not fully known: law 43 is weighed on the cards known.
    HandUnknown(PlayerId),
}

/// One écarté deal, ruled.
#[derive(Clone, Debug)]
pub struct EcarteDeal {
    /// The deal's number.
    pub number: u32,
    /// Where its `deal` line stands.
    pub span: Span,
    /// The dealer, as written or as the referee takes him.
    pub dealer: PlayerId,
    /// Whether the `dealer` line was written.
    pub dealer_written: bool,
    /// The non-dealer: elder hand, so piquet tools read the report.
    pub non_dealer: PlayerId,
    /// The card turned up for trumps (law 10).
    pub trump: Option<Card>,
    /// Law 49's fact: what the non-dealer did first, or the dealer answered.
    pub first: Option<FirstChoice>,
    /// How many proposals were made, and how many cards each player took.
    pub proposals: usize,
    /// Cards each player exchanged.
    pub exchanged: [usize; 2],
    /// The tricks as played.
    pub tricks: Vec<Trick>,
    /// The marks, in the order they are made: the king first, then the point.
    pub marks: Vec<Mark>,
    /// How many of `marks`, from the first, count: those after were made
    /// once the game was won in this deal, and mark nothing (law 46: "The
    /// game is five up").
    pub counted: usize,
    /// What each player marks in the deal: the marks counted.
    pub scores: [u32; 2],
    /// Rulings on irregularities, in the order seen.
    pub rulings: Vec<Ruling>,
    /// Each choice a ruling gives a player, with the marks under each option.
    pub outcomes: Vec<Outcome>,
    /// What the referee assumed or could not do.
    pub notes: Vec<Note>,
    /// The written marks, compared.
    pub written: Vec<Written>,
    /// Where the deal's game stands after it (law 46).
    pub game: GameAt,
}

/// The laws cited for each kind of mark.
pub mod cite {
    /// Laws 22, 47: the king turned up.
    pub const KING_TURNED_UP: &[&str] = &["22", "47"];
    /// Laws 23, 47: the king held and announced.
    pub const KING_HELD: &[&str] = &["23", "47"];
    /// Laws 24, 47: the king led or played first, announced in law 24's time.
    pub const KING_FIRST_CARD: &[&str] = &["24", "47"];
    /// Law 48: the point, the vole.
    pub const POINT: &[&str] = &["48"];
    /// Laws 48, 49: the point marks two.
    pub const POINT_49: &[&str] = &["48", "49"];
    /// Laws 48, 25: the point of one who announced a king not held, reduced.
    pub const POINT_25: &[&str] = &["48", "25"];
    /// Laws 48, 43: the point of one who renounced or did not win when able, reduced.
    pub const POINT_43: &[&str] = &["48", "43"];
    /// Law 46: the game.
    pub const GAME: &[&str] = &["46"];
}
