//! Events: what happened at the table, one per line, in order.
//!
//! These are facts as written. Whether they were allowed is the engine's
//! business: a card led that the player does not hold is still a `Leads`.

use serde::Serialize;

use super::declaration::{Call, Declaration};
use crate::cards::{Card, CardRow, Rank, Suit};

/// A player, by position in the `Players` tag: 0 for the first name, 1 for the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// Both players, first named first.
    pub const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

    /// The other player.
    pub fn other(self) -> PlayerId {
        PlayerId(1 - self.0)
    }

    /// 0 or 1, for indexing a pair.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Cards named one by one, or only counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", untagged)]
pub enum Cards {
    /// `AS KS QS`.
    List(CardRow),
    /// `3` (or `3 cards`): how many, not which.
    Count(u8),
}

/// Where cards lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlaceKind {
    /// The stock as a whole.
    Stock,
    /// The top of the stock (`top of stock`).
    StockTop,
    /// The bottom of the stock (`bottom of stock`).
    StockBottom,
    /// Cards left in the stock by a player (`left cards`).
    Left,
    /// A player's hand.
    Hand,
    /// A player's discard.
    Discard,
    /// A player's tricks.
    Tricks,
    /// The pack being dealt, or the undealt pack.
    Pack,
    /// The table.
    Table,
}

/// A place, with whose it is where that matters (`discard of B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Place {
    /// What kind of place.
    pub kind: PlaceKind,
    /// Whose hand, discard or tricks; `None` for the player's own or where it does not apply.
    pub owner: Option<PlayerId>,
}

/// What a player mixes with his hand or discard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Mixed {
    /// Named or counted cards.
    Cards(Cards),
    /// Everything in a place (`discard`, `left cards`).
    Place(Place),
}

/// A question one player puts to the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Question {
    /// "What does it make?" (law 46).
    Making,
    /// "Which king do you not reckon?" (Cases VII, VIII).
    Which(Rank),
    /// "How many diamonds?" (Cases XV, XVI).
    HowMany(Suit),
    /// "How many cards did you take?" (Écarté law 27).
    HowManyCards,
    /// "To what card is it?" (law 48, Case XII).
    ToWhatCard,
    /// "Show me …" what was called or reckoned (law 55).
    Show(Option<Declaration>),
    /// Any other question, quoted.
    Other(String),
}

/// An answer to a question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Answer {
    /// What the point makes.
    Making(u32),
    /// A card (`queen of diamonds`, `QD`).
    Card(Card),
    /// A number (`2`, `none`).
    Count(u8),
    /// Any other answer, quoted.
    Other(String),
}

/// The answer to a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// The call is good.
    Good,
    /// The call is not good (also written `better`).
    NotGood,
    /// The call is equal.
    Equal,
}

/// A correction of a miscall or of a reply (laws 50-52).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Correction {
    /// The caller corrects his call to this.
    Call(Call),
    /// The replier corrects his reply to the last call to this.
    Reply(Reply),
    /// The replier corrects his reply to an earlier call, named (law 51:
    /// `B corrects reply to point not good`).
    ReplyTo {
        /// The call whose reply he corrects (its kind is what counts).
        to: Declaration,
        /// The reply he now gives.
        reply: Reply,
    },
}

/// What a player claims from the referee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "value")]
pub enum Claim {
    /// A fresh deal.
    FreshDeal,
    /// To score these declarations.
    Score(Vec<Declaration>),
    /// That the hand be played again, from the start or from a trick.
    PlayAgain(Option<u8>),
    /// That this player can reckon nothing that deal.
    ReckonsNothing(PlayerId),
    /// That the adversary revoked.
    Revoke,
    /// To alter his discard.
    AlterDiscard,
    /// Anything else, quoted.
    Other(String),
}

/// Something one player does or says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "act", content = "with")]
pub enum Act {
    // The deal.
    /// Shuffles the pack (law 1).
    Shuffles,
    /// Cuts: how many cards, and the card shown in cutting for deal (laws 3-8).
    Cuts {
        /// How many cards were lifted, where known.
        cards: Option<u8>,
        /// The card cut, where it is shown.
        card: Option<Card>,
    },
    /// Deals by twos or threes (law 9), or by rounds of two sizes in turn (écarté law 8: `deals by 2 and 3`).
    DealsBy(Vec<u8>),
    /// Deals with the wrong pack (law 15).
    DealsWrongPack,
    /// Deals out of turn (law 16).
    DealsOutOfTurn,
    /// Deals the cards wrongly, by this many cards where known (laws 10, 12).
    Misdeals(Option<u8>),
    /// Puts right a wrong deal (law 10).
    RectifiesDeal,
    /// Collects the cards for the next deal (law 17).
    CollectsCards,
    /// Calls for new cards (law 76).
    CallsForNewCards,
    /// The cards are confused in cutting or reuniting the packets (law 7).
    ConfusesCards,
    /// Finishes dealing (au cent: a wrong pack found "before the deal is completed").
    CompletesDeal,
    /// Chooses, as the law gives him the choice (laws 4, 16; écarté law 5).
    Chooses(Choice),
    /// Turns up a card for trumps, or several by mistake (écarté laws 10, 11, 37).
    TurnsUp(CardRow),
    /// Tells the adversary, before the cut, the order he will deal in (écarté law 8).
    AnnouncesDealing(Vec<u8>),
    /// Takes up his hand from the table (laws 10, 15, 16).
    TakesUpHand,
    /// Says he has this many cards dealt him (law 38).
    AnnouncesCards(u8),

    // Carte blanche.
    /// Tells the adversary he holds carte blanche (law 20).
    AnnouncesCarteBlanche,
    /// Shows carte blanche, card by card (law 19).
    ShowsCarteBlanche,

    // Discarding and taking in.
    /// Puts out these cards.
    Discards(Cards),
    /// Declares he leaves this many cards (law 32).
    Leaves(u8),
    /// Takes cards from the top of the stock.
    Takes(Cards),
    /// Touches a place (the stock).
    Touches(Place),
    /// Takes up cards from a place, as opposed to taking them in (laws 27-29).
    TakesUp {
        /// Which or how many.
        cards: Cards,
        /// From where.
        from: Place,
    },
    /// Looks at, or is shown, cards in a place (laws 33, 36, 37).
    Sees {
        /// Which cards, where named.
        cards: Option<Cards>,
        /// In what place.
        place: Place,
    },
    /// Mixes cards with his hand or discard (laws 25, 26, 28, 29).
    Mixes {
        /// What was mixed.
        what: Mixed,
        /// With what.
        with: Place,
    },
    /// Exposes cards, from a place where given (laws 13, 27).
    Exposes {
        /// Which or how many.
        cards: Cards,
        /// From where.
        from: Option<Place>,
    },
    /// Examines a discard or tricks (laws 45, 60).
    Examines(Place),

    // Calling and showing.
    /// Calls a declaration.
    Calls(Call),
    /// Asks a question.
    Asks(Question),
    /// Answers the question put.
    Answers(Answer),
    /// Replies to the last call.
    Replies(Reply),
    /// Corrects a miscall or a reply.
    Corrects(Correction),
    /// Reckons what he holds good, with the total he counts aloud.
    Reckons {
        /// What he reckons.
        items: Vec<Declaration>,
        /// The total said aloud (`= 24`).
        total: Option<u32>,
    },
    /// Shows cards on the table.
    Shows(CardRow),
    /// Says something the notation has no verb for, quoted.
    Says(String),
    /// Names the suit he will lead, or leads (law 36; écarté law 41).
    Names(Suit),
    /// Requires the adversary to play a suit (au cent: "a suit may be called"; écarté law 41).
    Requires(Suit),
    /// Says whether he will see the cards left (law 36): `elects to see` or `declines to see`.
    Elects {
        /// True to see them, false to decline.
        see: bool,
        /// What (`left cards`).
        place: Place,
    },
    /// Writes his score sheet for the deal (law 74: each player's own hand).
    Writes(Vec<(PlayerId, u32)>),

    // Playing.
    /// Leads a card, or several at once (law 59.II).
    Leads(CardRow),
    /// Plays a card to the trick, or several.
    Plays(CardRow),
    /// Takes back cards led or played (law 59).
    Retakes(CardRow),
    /// Drops cards by accident (law 59.I).
    Drops(CardRow),

    // Offers and claims.
    /// Offers a fresh deal (Case III).
    OffersFreshDeal,
    /// Accepts an offer or proposal.
    Accepts,
    /// Refuses an offer or proposal.
    Refuses,
    /// Accepts on condition that the stock holds cards enough (écarté law 38).
    AcceptsConditionally,
    /// Withdraws his own offer (Case III).
    WithdrawsOffer,
    /// Does not enforce a penalty he is owed (law 44).
    WaivesPenalty,
    /// Abandons his hand (écarté laws 42, 43).
    Abandons,
    /// Throws down his cards, claiming to score (écarté law 42).
    ThrowsDown,
    /// Claims something from the referee.
    Claims(Claim),

    // Écarté.
    /// Proposes (asks for cards), for this many where said.
    Proposes(Option<u8>),
    /// Plays without proposing.
    Stands,
    /// Announces the king of trumps (law 23).
    AnnouncesKing,
    /// Marks the king turned up (law 22).
    MarksKing,
}

/// What a player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "choice", content = "card")]
pub enum Choice {
    /// To deal (the winner of the cut, law 4).
    Deal,
    /// To have the adversary deal.
    NotDeal,
    /// The pack to deal with (law 4: the dealer has the choice of cards).
    Cards,
    /// The seat (écarté law 5).
    Seat,
    /// Which of several cards turned up is trumps (écarté law 11).
    Trump(Card),
    /// Which of several cards exposed in cutting counts as the cut (au cent: the lowest).
    Cut(Card),
}

/// A trick in compact form: its number and the cards, leader's first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trick {
    /// 1 to 12 (5 in écarté).
    pub number: u8,
    /// The cards, the leader's first.
    pub cards: CardRow,
}

/// A fault in the pack (law 75).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PackFault {
    /// Not the right cards.
    Incorrect,
    /// A card too many.
    Redundant,
    /// A card missing.
    Imperfect,
}

/// Damage to a card (law 77).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Damage {
    /// Torn.
    Torn,
    /// Marked.
    Marked,
}

/// One line of a deal after its header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Event {
    /// A player does or says something.
    Act {
        /// Who.
        player: PlayerId,
        /// What.
        #[serde(flatten)]
        act: Act,
    },
    /// Tricks in compact form (`play 2. KS 9H 3. QS 8D`).
    Play {
        /// The tricks, in order.
        tricks: Vec<Trick>,
    },
    /// The scores the players wrote down for the deal.
    Written {
        /// Each player's written score.
        scores: Vec<(PlayerId, u32)>,
    },
    /// A card found face upward in the pack or stock (laws 14; écarté 12, 35).
    Faced {
        /// The card, where known.
        card: Option<Card>,
        /// Where it was found.
        place: Place,
    },
    /// A card that belongs to the other pack, found in a place (Cases XVII, XVIII).
    Surplus {
        /// The card.
        card: Option<Card>,
        /// Where it was found.
        place: Place,
    },
    /// The pack is found incorrect, redundant or imperfect (law 75).
    Pack {
        /// What is wrong with it.
        fault: PackFault,
    },
    /// A card found torn or marked (law 77).
    Damaged {
        /// The card, where known.
        card: Option<Card>,
        /// Torn or marked.
        damage: Damage,
    },
    /// A bystander calls attention to something (law 78), quoted.
    Bystander {
        /// What he said.
        remark: String,
    },
    /// The cards from a trick on are taken up and played again (laws
    /// 59.II, 59.IV, 59.V; Case XVIII): `replay from trick 6`. The tricks
    /// written after it are the tricks as played again.
    Replay {
        /// The first trick played again.
        from: u8,
    },
    /// The question put to the referee (`? …`).
    Question {
        /// The question, as written.
        text: String,
    },
}
