//! Rulings: what the referee decides about something out of the ordinary at
//! the table. A ruling is a value, never an error: it names the laws
//! applied, the offender, and the penalty or remedy.

use serde::Serialize;

mod ecarte;
pub use ecarte::EcarteFault;

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
    /// Laws 40-43: in a deal stood with a card too many or too few, fewer
    /// discarded, against what he takes in, than the law prescribes.
    ExchangeNotAsPrescribed {
        /// How many he discarded.
        discarded: usize,
        /// How many he took in.
        taken: usize,
        /// How many more he must discard than he takes in (less, if negative).
        more: isize,
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
    /// A carte blanche told only after the holder put out his discard (law 20).
    CarteBlancheToldLate,
    /// A carte blanche told or reckoned, never shown (law 19).
    CarteBlancheNotShown,
    /// The French rules: a carte blanche declared after the holder
    /// discarded (4f: "only before discarding"), not scored.
    CarteBlancheDeclaredAfterDiscarding,
    /// The French rules: a carte blanche declared and never shown (4j: it
    /// is worth ten "as soon as he has shown it"), not scored.
    CarteBlancheNeverShown,
    /// The French rules: the order of 4g or 4h not kept.
    CarteBlancheOutOfOrder {
        /// What was done out of order.
        what: &'static str,
    },
    /// A miscall of what the player had shown of his own accord before he
    /// played a card: no penalty (law 55, an exception to law 54).
    MiscallShown {
        /// What was called.
        declaration: Declaration,
        /// What the cards shown hold.
        shown: Declaration,
    },
    /// Cards called and allowed good not shown when asked for (law 55).
    RefusesToShow,
    /// The younger hand asked to show before the elder hand has led (law 55).
    ShowAskedTooSoon,
    /// The elder hand calls his point after calling another kind (law 46:
    /// he must call it first, or he loses the right to call it).
    PointCalledLate {
        /// What he called before it: `sequence`, `quatorze or trio`.
        after: &'static str,
    },
    /// A reply corrected in time (law 51): no penalty.
    CorrectsReply {
        /// The kind of call whose reply he corrects.
        what: &'static str,
    },
    /// A reply corrected after the elder made another call or led (law 51).
    ReplyCorrectedLate {
        /// The kind of call whose reply he corrects.
        what: &'static str,
    },
    /// A call or reckoning of something the player does not hold.
    CallsWhatIsNotHeld {
        /// What was called.
        declaration: Declaration,
    },
    /// Law 54's exception: a call allowed good of something the player
    /// could not possibly have held in hand and discard taken together. No
    /// penalty; what is not held is not scored.
    CallsWhatCouldNotBeHeld {
        /// What was called.
        declaration: Declaration,
    },
    /// A player answered "equal" but his hand holds nothing equal to the
    /// call, nor better: the call is good (laws 62-64).
    EqualNotBorneOut {
        /// The kind of call.
        what: &'static str,
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
    /// The younger hand asked what the point makes holding fewer cards
    /// than were called (law 46: he is not entitled to).
    InquiresWithFewerCards {
        /// The cards called.
        called: u8,
        /// The most he holds in a suit.
        held: u8,
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
    /// A call smaller than held, corrected only after it was replied to
    /// (law 50): too late; the call stands as replied to.
    CallCorrectedLate {
        /// What he called.
        called: Declaration,
        /// What he would correct it to.
        corrected: Declaration,
    },
    /// A call of more than he holds, corrected before the younger hand
    /// played to the first trick (law 52, Case IX).
    CorrectsMiscall {
        /// What he called.
        called: Declaration,
        /// What he corrected it to.
        corrected: Declaration,
        /// Before when it may be corrected: the younger's play to the first
        /// trick (law 52), or his own first card (AC17, AC23).
        before: &'static str,
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

    // Conduct at the table, ruled from the annotated events.
    /// The non-dealer shuffles after the dealer (law 1).
    ShufflesAfterDealer,
    /// A cut of fewer than two cards, or leaving fewer than two (law 3).
    CutTooSmall {
        /// How many cards were lifted.
        cards: u8,
    },
    /// A player chooses the deal, though he did not cut the higher card (law 4).
    ChoosesWithoutTheCut,
    /// More than one card exposed in cutting for deal (law 5).
    ExposesInCuttingForDeal,
    /// The deal chosen while a cut for deal made void by law 5 has not been
    /// made again.
    ChoosesOnVoidCut {
        /// Whether the void cut is his own (else his adversary's).
        own: bool,
    },
    /// A card exposed in cutting to the dealer, or the cards confused (law 7).
    SpoilsTheCut,
    /// The cutter cuts again after separating the pack (law 8).
    CutsTwice,
    /// The cards dealt by a number other than two or three (law 9).
    DealsByWrongNumber {
        /// The number dealt at a time.
        by: u8,
    },
    /// The dealer changes his mode of dealing during the partie (law 9).
    ChangesMode {
        /// The mode he chose first.
        was: u8,
        /// The mode now.
        now: u8,
    },
    /// The dealer deals the cards wrongly (laws 10, 12).
    Misdeals {
        /// How many cards were dealt wrongly, where said.
        cards: Option<u8>,
    },
    /// The dealer exposes a card (law 13).
    DealerExposes {
        /// Whose card: the adversary's, the stock's, or his own.
        whose: Whose,
    },
    /// A faced card in the pack or the stock (law 14).
    FacedCard {
        /// The card, where known.
        card: Option<Card>,
    },
    /// The dealer deals with the wrong pack (law 15).
    WrongPack,
    /// A claim the law does not give to this player, or no longer gives.
    ClaimNotAllowed {
        /// What was claimed.
        what: &'static str,
    },
    /// The discard altered after a card of the stock was taken up (law 24).
    AltersDiscard,
    /// Discarded cards taken back into the hand after a stock card was taken (law 25).
    RetakesDiscard,
    /// Cards of the hand, or cards due to be taken in, mixed with the discard (law 26).
    MixesWithDiscard {
        /// How many.
        cards: usize,
    },
    /// Cards of the stock that are the adversary's mixed with the hand (laws 28, 29).
    MixesAdversaryCards,
    /// Cards of the elder's part of the stock taken up by the younger before
    /// the elder has taken in, not as his own taking in (laws 27, 29).
    TakesUpAdversaryCards,
    /// The cards left seen against law 36 (the younger declined, or did not elect).
    SeesLeftCards,
    /// The pack found incorrect, redundant or imperfect (law 75).
    FaultyPack {
        /// What is wrong with it.
        fault: crate::notation::PackFault,
    },
    /// A torn or marked card (law 77).
    DamagedCard {
        /// The card, where known.
        card: Option<Card>,
    },
    /// New cards called for after the cut to the dealer (law 76).
    NewCardsTooLate,
    /// A bystander called attention to an error (law 78).
    BystanderSpeaks,
    /// A fresh deal claimed that no law gives, and no agreement (Case III).
    FreshDealNotGiven,
    /// The elder declares he leaves cards only after taking up a card of
    /// the stock, or after showing his carte blanche (law 32, Case V), while
    /// the younger may still alter his discard.
    LeavesTooLate {
        /// Whether he had shown his carte blanche (Case V), rather than
        /// taken up a card of the stock (law 32).
        shown: bool,
    },
    /// A card of another pack found in a hand or discard (Cases XVII, XVIII).
    SurplusCard {
        /// The card.
        card: Card,
    },
    /// A card of another pack found after it was played, among the tricks
    /// or in the hand of the player who played it (Case XVIII).
    SurplusCardPlayed {
        /// The card.
        card: Card,
    },
    /// A call or reckoning made after the younger played to the first trick (law 56).
    ReckonsTooLate,
    /// A card played to a trick taken back (law 59).
    RetakesTooLate {
        /// The card.
        card: Card,
    },
    /// The players' written scores differ (law 74).
    WrittenScoresDiffer,
    /// A player's own score of his hand, taken as correct where the
    /// written scores differ (law 74), is not what he made by the cards:
    /// an error in counting, put right (law 70).
    OwnScoreMiscounted {
        /// His own score, as he wrote it.
        written: u32,
        /// What he made by the cards.
        counted: u32,
    },
    /// The totals written at the head of a deal (a `score` line) are not
    /// what the deals of the game before add up to: an error in adding up
    /// or in marking the score, proved by those deals, and put right (au
    /// cent AC27).
    AddsUpWrong {
        /// The totals as written.
        stated: [u32; 2],
        /// The totals the deals add up to.
        carried: [u32; 2],
    },
    /// Cards of the adversary's part of the stock exposed or taken up (law
    /// 27): the elder's bottom three, the younger's top five.
    TakesTheOtherPart,
    /// The elder left cards without declaring it, and the younger finds
    /// more than three in the stock (law 32).
    LeavesUndeclared {
        /// How many cards the younger found.
        found: usize,
    },
    /// The younger took in before the elder declared the cards he leaves,
    /// and must take them too (Case XIV; laws 23, 24, 58).
    TakesCardsLeft {
        /// How many cards the elder left.
        left: usize,
        /// How many he then holds.
        held: usize,
    },
    /// A player who declared he leaves cards, and took in the rest, then
    /// takes them in: refused, he plays with fewer than twelve (Case XIII).
    TakesCardsDeclaredLeft {
        /// How many he would take.
        cards: usize,
    },
    /// A carte blanche shown or counted after the holder mixed cards of the
    /// stock with his hand (Cases XX, XXI; law 19): not scored.
    CarteBlancheAfterMixingStock,
    /// The younger mixes with his hand cards the elder left on the stock,
    /// undeclared, which he had taken up (law 29).
    MixesCardsTakenUp,
    // Au cent, dealing and the exchange (AC1-AC14, AC30).
    /// The elder declares he leaves cards only after touching the stock,
    /// while the younger may still alter his discard (au cent AC11).
    LeavesAfterTouchingStock,
    /// A player would alter his discard after touching the stock (au cent AC8).
    AltersDiscardAfterTouching,
    /// Several cards exposed in cutting for deal, the adversary taking the
    /// lowest as the card cut (au cent AC1).
    ExposesInCuttingLowestTaken {
        /// The card taken as cut.
        card: Card,
    },
    /// The dealer deals by another number than two (au cent AC2).
    DealsNotByTwo {
        /// The number he deals by.
        by: u8,
    },
    /// The younger takes up cards the elder left on the stock undeclared
    /// (au cent AC10: they are of the top five, not declared left).
    TakesUpUndeclaredLeft,
    /// A player looks at the cards the younger left and elected not to see
    /// (law 36; au cent AC12).
    SeesDeclinedLeftCards,
    /// A player leads another suit than the one called from him, holding it
    /// (au cent AC12).
    LeadsAgainstCalledSuit {
        /// The suit called.
        called: Suit,
        /// The card he led.
        led: Card,
    },
    /// The elder, after taking in, looks at more cards of the stock than he
    /// could have taken (the French rules, 4c).
    SeesBeyondHisCards {
        /// How many he looked at.
        seen: usize,
        /// How many he could have taken.
        could: usize,
    },
    /// The elder looks at the cards the dealer left before naming the suit
    /// he will lead first (the French rules, 4e).
    SeesLeftCardsBeforeNaming,
    /// A player examines cards discarded or left in the stock during the
    /// play (the French rules, 21l).
    ExaminesDuringPlay {
        /// What he examined: `the cards left`, `his discard`.
        what: &'static str,
    },
    /// The elder, having named the suit he will lead first, leads another,
    /// holding the one named (the French rules, 9e).
    LeadsAgainstNamedSuit {
        /// The suit he named.
        named: Suit,
        /// The card he led.
        led: Card,
    },
    // Au cent, calling and showing (AC15-AC24).
    /// A call or reckoning made after the player led or played a card
    /// (AC24: the elder after his lead, the younger after his play).
    ReckonsAfterHisCard,
    /// A reply that allowed a correct call good or equal, corrected (AC20:
    /// the younger must abide by his answer).
    MustAbideByReply {
        /// The kind of call whose reply he corrects.
        what: &'static str,
    },
    /// A call by the elder that does not say what his point makes (AC15),
    /// or to what card his sequence is, or the rank of his quatorze or trio
    /// (AC16): incomplete until he says it; no penalty is given.
    InsufficientCall {
        /// What was called.
        declaration: Declaration,
    },
    /// The elder led a card without showing the point or sequence he called,
    /// good or equal (AC18): he cannot reckon it.
    CallNotShown {
        /// What was called.
        declaration: Declaration,
    },
    /// The French rules, 6l, 21b: a player who called "no sequence" reckons
    /// one; he cannot claim later what he did not declare.
    ReckonsAfterNoSequence {
        /// What he reckons.
        declaration: Declaration,
    },
    /// The French rules, 6q: "equal" answered to a quatorze or trio, which
    /// cannot tie; the answerer's is better, and the cards decide.
    SetsCannotTie,
    /// The French rules, 9b, 11b: a point or sequence reckoned and not
    /// shown before its holder's first card; it does not score. 11c: what
    /// tied not shown (no penalty stated).
    NotShownToScore {
        /// What was reckoned, or what tied.
        declaration: Declaration,
        /// Whether it tied (11c) rather than was reckoned good.
        equal: bool,
    },
    /// The younger said equal or not good to the elder's call and played to
    /// the first trick without showing his superiority or equality; the
    /// elder showed and reckoned his call after his lead (AC22).
    PlaysWithoutShowing {
        /// The elder's call.
        declaration: Declaration,
    },
    /// The elder corrects a call smaller than he holds (AC17: he must abide
    /// by it).
    MustAbideByCall {
        /// What was called.
        called: Declaration,
        /// The correction.
        corrected: Declaration,
    },
    /// The elder reckons what is superior to his call of the kind (AC17:
    /// he cannot), or to what he showed and called inferior (AC19).
    ReckonsAboveCall {
        /// What he reckons.
        declaration: Declaration,
        /// His call.
        called: Declaration,
    },
    /// The younger's sequence, equal or inferior to a sequence the elder
    /// showed while calling an inferior one (AC19): barred.
    BarredByShow {
        /// The younger's sequence.
        declaration: Declaration,
        /// The sequence shown.
        shown: Declaration,
    },
    /// A call disallowed and found good or equal, shown after the elder's
    /// lead (AC21): in time.
    ShowsAfterLead {
        /// The call.
        declaration: Declaration,
    },

    // Écarté.
    /// Écarté law 25: a player announces the king of trumps, not holding it.
    AnnouncesKingNotHeld,
    /// Écarté law 39: a card led in turn taken up again: it stands.
    RetakesCardLed {
        /// The card.
        card: Card,
    },
    /// Écarté law 39: a card played to a lead taken up again after
    /// another card was led: too late, it stands.
    RetakesAfterNextLead {
        /// The card.
        card: Card,
    },
    /// Écarté law 43: a card played to a lead that does not win the
    /// trick, the player holding a card that would have won it.
    DoesNotWinTrick {
        /// The card played.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// An écarté irregularity of laws 8-45 (see [`EcarteFault`]).
    Ecarte {
        /// What went wrong.
        fault: EcarteFault,
    },
}

/// Whose card the dealer exposed (law 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    /// The adversary's.
    Adversary,
    /// The stock's.
    Stock,
    /// His own.
    Own,
}

/// What stands if the player with the option does not take a fresh deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Otherwise {
    /// The deal stands as dealt (laws 11, 13).
    DealStands,
    /// The offender reckons nothing that deal (laws 28, 29).
    ReckonsNothing,
    /// The elder may alter his discard (law 11, a stock of seven).
    AlterDiscard,
}

/// What the player with the option chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Elected {
    /// A fresh deal.
    FreshDeal,
    /// To stand the deal.
    Stand,
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
    /// The cards from this trick on are taken up and played again (laws
    /// 59.II, 59.IV, 59.V; Case XVIII from trick 1); the tricks as played
    /// again, where written, are scored.
    PlayAgainFrom(u8),
    /// The referee recognises the irregularity but does not yet rule its
    /// penalty; the score is given as if it had not happened, and says so.
    NotYetRuled,
    /// The transcript cannot be right here: it has a player give up a card
    /// he does not hold, or take more cards than the stock holds. No law
    /// rules on what cannot happen at the table; the rest of the deal is
    /// ruled as written, and the transcript should be put right.
    TranscriptInError,
    /// The cut is void and must be made again (laws 3, 5, 7).
    CutAgain,
    /// The first cut stands (laws 6, 8).
    CutStands,
    /// The deal is void and there must be a fresh deal (laws 12, 14, 15, 16, 39, 75).
    FreshDeal,
    /// The deal stands good (laws 13, 15, 16).
    DealStands,
    /// The deal was put right with the adversary's permission (law 10).
    Rectified,
    /// The offender's adversary may choose a fresh deal; otherwise this
    /// stands (laws 11, 13, 28, 29). `chosen` is what the transcript shows
    /// he chose, if it shows it.
    FreshDealOption {
        /// What stands if he does not take a fresh deal.
        otherwise: Otherwise,
        /// What he chose.
        chosen: Option<Elected>,
    },
    /// The cards mixed with the discard stay there: he plays with fewer than
    /// twelve, and his adversary counts as tricks the cards that cannot be
    /// played to (law 26).
    LeftWithDiscard,
    /// The law states no penalty: the rule is put right, or only recorded.
    NoneStated,
    /// The claim is refused: what was claimed is not given.
    Refused,
    /// The offender loses the game (au cent AC9, AC10).
    LosesTheGame,
    /// The cards seen are exposed, and the adversary may call a suit from
    /// the offender when next he has to lead (au cent AC12).
    SuitMayBeCalled,
    /// Écarté laws 25, 43: the adversary may have the hands played again;
    /// the offender's marks for the point are reduced: nothing for the
    /// point, one for the vole, one for the point law 49 would make two.
    MarksReduced,
    /// Écarté law 42: the hand abandoned; the adversary marks the vole, or
    /// the point after one or two tricks.
    AdversaryMarks,
    /// Écarté laws 30, 34: he plays with fewer than five cards, and his
    /// adversary counts as tricks the cards that cannot be played to.
    FewerThanFive,
    /// Écarté laws 39, 41: the card led cannot be taken up again; it stands.
    CardStays,
}

impl Penalty {
    /// Whether the deal is void: a fresh deal must be, or was chosen.
    pub fn voids_deal(self) -> bool {
        matches!(
            self,
            Penalty::FreshDeal
                | Penalty::FreshDealOption {
                    chosen: Some(Elected::FreshDeal),
                    ..
                }
        )
    }

    /// Whether the offender reckons nothing under this penalty.
    pub fn reckons_nothing(self) -> bool {
        matches!(
            self,
            Penalty::ReckonsNothing
                | Penalty::FreshDealOption {
                    otherwise: Otherwise::ReckonsNothing,
                    chosen: Some(Elected::Stand),
                }
        )
    }

    /// A sentence for the report.
    pub fn describe(self) -> String {
        match self {
            Penalty::FreshDealOption { otherwise, chosen } => {
                let stands = match otherwise {
                    Otherwise::DealStands => "the deal stands",
                    Otherwise::ReckonsNothing => "the offender reckons nothing that deal",
                    Otherwise::AlterDiscard => "he may alter his discard",
                };
                let choice = match chosen {
                    Some(Elected::FreshDeal) => "; he chose a fresh deal, so the deal is void",
                    Some(Elected::Stand) => "; he chose to stand",
                    None => "; the transcript does not say which he chose",
                };
                format!("his adversary may have a fresh deal; otherwise {stands}{choice}")
            }
            Penalty::PlayAgainFrom(0 | 1) => "none, but the error is put right: every card played is taken up and the hand is played over again; only the play as played again is scored".to_string(),
            Penalty::PlayAgainFrom(trick) => format!(
                "none, but the error is put right: the cards played from trick {trick} on are taken up and played again; the tricks before it stand, and the tricks as played again are scored in place of the rest"
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
            Penalty::TranscriptInError => {
                "none the laws can give: this cannot happen at the table, so the transcript is in error here and should be put right; the rest of the deal is ruled as written"
            }
            Penalty::CutAgain => "none: the cut is void and must be made again",
            Penalty::CutStands => "none: the cut holds good",
            Penalty::FreshDeal => "the deal is void; there must be a fresh deal, and nothing is scored",
            Penalty::DealStands => "none: the deal stands good",
            Penalty::Rectified => "none: the deal is put right, his adversary permitting",
            Penalty::LeftWithDiscard => {
                "the cards mixed stay with his discard; he plays with fewer than twelve, and his adversary counts as tricks the cards that cannot be played to"
            }
            Penalty::NoneStated => "the law states none",
            Penalty::Refused => "none, but the claim is refused",
            Penalty::LosesTheGame => "the offender loses the game",
            Penalty::SuitMayBeCalled => {
                "the cards are exposed, and his adversary may call a suit from him when next he has to lead"
            }
            Penalty::FreshDealOption { .. } => "his adversary may have a fresh deal",
            Penalty::FewerThanFive => {
                "none, but he plays with fewer than five cards, and his adversary counts as tricks the cards that cannot be played to"
            }
            Penalty::CardStays => "none: the card cannot be taken up again, and stands",
            Penalty::AdversaryMarks => {
                "his adversary marks the vole if he had made no trick, the point if he had made one or two"
            }
            Penalty::MarksReduced => {
                "his adversary may have the hands played over again; if the offender wins the point he marks nothing for it, for the vole only one, and for the point when his adversary played without proposing or refused the first proposal only one"
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
    /// Where the rule set's book gives no law for this (the French rules
    /// state no penalties): the book whose laws, cited by their ids in
    /// `laws`, are the nearest written laws, applied by analogy only. The
    /// deal is then scored as played (docs/scoring.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analogy: Option<crate::laws::BookId>,
}

impl Ruling {
    /// A ruling on an irregularity at `span`, under the rule set's own laws.
    pub fn at(
        irregularity: Irregularity,
        offender: Option<PlayerId>,
        laws: &'static [&'static str],
        penalty: Penalty,
        span: Span,
    ) -> Ruling {
        Ruling {
            irregularity,
            offender,
            laws,
            penalty,
            span: Some(span),
            analogy: None,
        }
    }
}
