//! The cut, the deal and the exchange, where the rule sets differ (Portland
//! laws 4, 5, 9, 11, 15, 16, 20, 22, 24, 27-29, 32, 36, 40-43; au cent AC1-AC14,
//! AC30): each a small enum naming the Portland way and the au cent way, each
//! citing its own law.

use crate::ruling::{Irregularity, Otherwise, Penalty};

/// Until when the elder with a card too many or too few has the option of a
/// fresh deal (Portland law 11; au cent AC3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongNumberOption {
    /// Law 11: "after looking at his hand, but before taking up a card of the stock".
    BeforeTakingACard,
    /// AC3: "before touching the stock".
    BeforeTouchingTheStock,
}

impl WrongNumberOption {
    /// Whether the option has lapsed for an elder who has touched the stock
    /// (`touched`) and taken a card of it (`taken`): taking a card touches it.
    pub fn lapsed(self, touched: bool, taken: bool) -> bool {
        match self {
            WrongNumberOption::BeforeTakingACard => taken,
            WrongNumberOption::BeforeTouchingTheStock => touched || taken,
        }
    }

    /// Whether touching the stock, by the player who has this option of a
    /// fresh deal (a ruling citing `laws`), goes on with the deal and so
    /// stands it (AC3). Not law 11's option on a stock of seven, which is
    /// found by touching it.
    pub fn touching_stands(self, laws: &[&str]) -> bool {
        self == WrongNumberOption::BeforeTouchingTheStock
            && (laws == self.laws() || laws == self.announced_laws())
    }

    /// The law that gives the option.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            WrongNumberOption::BeforeTakingACard => &["11"],
            WrongNumberOption::BeforeTouchingTheStock => &["AC3"],
        }
    }

    /// The option, the error announced (law 38: the stock may be counted).
    pub fn announced_laws(self) -> &'static [&'static str] {
        match self {
            WrongNumberOption::BeforeTakingACard => &["11", "38"],
            WrongNumberOption::BeforeTouchingTheStock => &["AC3", "38"],
        }
    }

    /// The option lost, the error not announced in time (law 39).
    pub fn lost_laws(self) -> &'static [&'static str] {
        match self {
            WrongNumberOption::BeforeTakingACard => &["11", "39"],
            WrongNumberOption::BeforeTouchingTheStock => &["AC3", "39"],
        }
    }
}

/// A deal out of turn found too late (Portland law 16; au cent AC5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutOfTurn {
    /// Law 16: void if found "before taking up any of his cards"; later, "the
    /// elder hand in that deal must deal twice running".
    DealTwiceRunning,
    /// AC5: void if found "before taking up his hand"; later "there is no remedy".
    NoRemedy,
}

impl OutOfTurn {
    /// Whether the error is found too late: law 16, once either player has
    /// taken up any of his cards; AC5, once the player who dealt out of
    /// turn has taken up his hand.
    pub fn too_late(self, either_taken_up: bool, dealer_taken_up: bool) -> bool {
        match self {
            OutOfTurn::DealTwiceRunning => either_taken_up,
            OutOfTurn::NoRemedy => dealer_taken_up,
        }
    }

    /// Law 16: found too late, the elder in that deal deals twice running;
    /// AC5: there is no remedy.
    pub fn deals_twice(self) -> bool {
        self == OutOfTurn::DealTwiceRunning
    }

    /// The law cited on a deal out of turn.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            OutOfTurn::DealTwiceRunning => &["16"],
            OutOfTurn::NoRemedy => &["AC5"],
        }
    }
}

/// When a deal with the wrong pack is found in time (Portland law 15; au cent AC4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongPack {
    /// Law 15: "before either player has taken up any of his cards".
    BeforeTakingUp,
    /// AC4: "before the deal is completed".
    BeforeTheDealIsCompleted,
}

impl WrongPack {
    /// Whether the error is found too late: law 15, once either player has
    /// taken up any of his cards; AC4, once the deal is completed (which it
    /// is, at the latest, when a hand is taken up).
    pub fn too_late(self, completed: bool, taken_up: bool) -> bool {
        match self {
            WrongPack::BeforeTakingUp => taken_up,
            WrongPack::BeforeTheDealIsCompleted => completed || taken_up,
        }
    }

    /// The law cited on the wrong pack.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            WrongPack::BeforeTakingUp => &["15"],
            WrongPack::BeforeTheDealIsCompleted => &["AC4"],
        }
    }
}

/// Whether the younger hand must discard (Portland law 22; au cent AC7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YoungerDiscard {
    /// Law 22: "He is obliged to discard one card (except as provided in Law 40)."
    AtLeastOne,
    /// AC7: "The younger hand is not obliged to discard any card."
    NotObliged,
}

impl YoungerDiscard {
    /// The fewest cards the younger must discard in a regular deal, where
    /// the elder must discard `least_discard` (law 21).
    pub fn least(self, least_discard: usize) -> usize {
        match self {
            YoungerDiscard::AtLeastOne => least_discard,
            YoungerDiscard::NotObliged => 0,
        }
    }
}

/// Until when the elder who does not take all his cards must declare the
/// number he takes or leaves (Portland law 32; au cent AC11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeavingDeclared {
    /// Law 32: "before taking up a card of the stock".
    BeforeTakingACard,
    /// AC11: "before touching the stock".
    BeforeTouchingTheStock,
}

impl LeavingDeclared {
    /// Whether a declaration now comes too late, for an elder who has
    /// touched the stock (`touched`) and taken a card of it (`taken`).
    pub fn too_late(self, touched: bool, taken: bool) -> bool {
        match self {
            LeavingDeclared::BeforeTakingACard => taken,
            LeavingDeclared::BeforeTouchingTheStock => touched || taken,
        }
    }

    /// The laws cited on the cards left declared late, or not at all: law
    /// 32, and its remedy for the younger, which au cent keeps (AC8 cites it).
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            LeavingDeclared::BeforeTakingACard => &["32"],
            LeavingDeclared::BeforeTouchingTheStock => &["AC11", "32"],
        }
    }
}

/// From when a player cannot alter his discard (Portland law 24; au cent AC8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardFixed {
    /// Law 24: "After a player has taken up a card of the stock he cannot
    /// alter his discard."
    OnTakingACard,
    /// AC8: "After a player has touched the stock he cannot alter his
    /// discard (except as provided in Laws of Piquet 11, 32, and 38)."
    OnTouchingTheStock,
}

impl DiscardFixed {
    /// Whether a player who has touched the stock (`touched`) and taken a
    /// card of it (`taken`) can no longer alter his discard, the exceptions
    /// of laws 11, 32 and 38 apart.
    pub fn fixed(self, touched: bool, taken: bool) -> bool {
        match self {
            DiscardFixed::OnTakingACard => taken,
            DiscardFixed::OnTouchingTheStock => touched || taken,
        }
    }

    /// The law that fixes the discard.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            DiscardFixed::OnTakingACard => &["24"],
            DiscardFixed::OnTouchingTheStock => &["AC8"],
        }
    }

    /// A law of taking in more than was discarded (31, 33, 35), beside the
    /// law that forbids putting it right by altering the discard.
    pub fn beside(self, law: &'static str) -> &'static [&'static str] {
        match (self, law) {
            (DiscardFixed::OnTakingACard, "31") => &["31", "24"],
            (DiscardFixed::OnTakingACard, "33") => &["33", "24"],
            (DiscardFixed::OnTakingACard, _) => &["35", "24"],
            (DiscardFixed::OnTouchingTheStock, "31") => &["31", "AC8"],
            (DiscardFixed::OnTouchingTheStock, "33") => &["33", "AC8"],
            (DiscardFixed::OnTouchingTheStock, _) => &["35", "AC8"],
        }
    }

    /// Case XIV: the younger who took in before the elder declared the
    /// cards he leaves cannot alter his discard, takes them (law 23), and
    /// plays with too many (law 58).
    pub fn took_early(self) -> &'static [&'static str] {
        match self {
            DiscardFixed::OnTakingACard => &["24", "23", "58"],
            DiscardFixed::OnTouchingTheStock => &["AC8", "23", "58"],
        }
    }
}

/// When the younger hand must tell his carte blanche (Portland law 20; au cent AC6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YoungerBlanche {
    /// Law 20: "As soon as a player is aware that he has a carte blanche,
    /// he is bound to inform his adversary": once he has discarded, he knew.
    AsSoonAsAware,
    /// AC6: "he need not declare it until his adversary has discarded and
    /// touched the stock": late only where he discarded after that.
    AfterTheElderTouches,
}

impl YoungerBlanche {
    /// Whether the younger, telling now, tells late: he has discarded
    /// (`discarded`), and did so after the elder had discarded and touched
    /// the stock (`after_elder`).
    pub fn late(self, discarded: bool, after_elder: bool) -> bool {
        match self {
            YoungerBlanche::AsSoonAsAware => discarded,
            YoungerBlanche::AfterTheElderTouches => discarded && after_elder,
        }
    }

    /// The law cited on the younger's carte blanche told late.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            YoungerBlanche::AsSoonAsAware => &["20"],
            YoungerBlanche::AfterTheElderTouches => &["AC6", "20"],
        }
    }
}

/// When carte blanche is told and shown, and what becomes of one told late
/// or never shown (Portland laws 19, 20; the French rules 4f-4j).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlancheNotice {
    /// Law 20: told "as soon as a player is aware", shown after the
    /// adversary has discarded; law 19: shown by counting the cards. Told
    /// late or not shown, the laws state no penalty: it is still scored.
    Laws19And20,
    /// 4f: "he may declare carte blanche, but only before discarding"; 4g:
    /// the dealer declares and shows it "once the elder hand has made his
    /// discard and completed his hand", then discards; 4h: the elder
    /// declares it with the number he will discard, and "it is then up to
    /// the dealer to make his discard" first; 4j: it "is worth 10 points to
    /// whoever declares it, as soon as he has shown it". Declared after
    /// discarding, or never shown, it is not scored.
    French,
}

impl BlancheNotice {
    /// The laws and penalty on a carte blanche told after the holder
    /// discarded (`elder`: by the elder hand), given the younger's way
    /// under Portland and au cent (law 20; AC6).
    pub fn late(self, elder: bool, younger: YoungerBlanche) -> (&'static [&'static str], Penalty) {
        match (self, elder) {
            (BlancheNotice::Laws19And20, true) => (&["20"], Penalty::NoneStated),
            (BlancheNotice::Laws19And20, false) => (younger.laws(), Penalty::NoneStated),
            (BlancheNotice::French, _) => (&["4f"], Penalty::NotScored),
        }
    }

    /// The laws and penalty on a carte blanche told and never shown.
    pub fn not_shown(self) -> (&'static [&'static str], Penalty) {
        match self {
            BlancheNotice::Laws19And20 => (&["19"], Penalty::NoneStated),
            BlancheNotice::French => (&["4j"], Penalty::NotScored),
        }
    }

    /// Whether the order of 4g and 4h is kept: the dealer declares after
    /// the elder has taken in, the elder with carte blanche discards after
    /// the dealer.
    pub fn ordered(self) -> bool {
        self == BlancheNotice::French
    }
}

/// What the players discard and take in when the elder stands a deal with a
/// card too many or too few, or a stock of seven (Portland laws 40-43; au
/// cent AC13, AC14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingDeal {
    /// Laws 40-43: the elder with thirteen discards at least two, with
    /// eleven need discard none if he takes one; the younger with thirteen
    /// discards at least two; with a stock of seven the elder may take all
    /// his five, and the younger then takes two.
    Laws40To43,
    /// AC13, AC14: the elder discards at least one card, and must leave at
    /// least three cards for the younger; the younger with thirteen must
    /// discard one more than he takes in, but need take in none.
    AuCent,
}

impl StandingDeal {
    /// The fewest cards a player must discard, where he would discard
    /// `least` in a regular deal and was dealt `shift` cards over twelve
    /// (under, if negative).
    pub fn least_discard(self, elder: bool, least: usize, shift: isize) -> usize {
        match (self, elder) {
            // AC13: "he must discard one more card than he takes in, but he is
            // not obliged to take in any"; AC14: "he must discard one card".
            (StandingDeal::AuCent, true) => least,
            _ => least.saturating_add_signed(shift),
        }
    }

    /// Whether the elder must leave at least three cards for the younger
    /// (AC13, AC14), rather than take all five of a stock of seven (laws
    /// 41, 43: "the younger hand can only take two cards").
    pub fn leaves_three(self) -> bool {
        self == StandingDeal::AuCent
    }

    /// The law of the deal stood, given the Portland law for it (40-43).
    pub fn laws(self, portland: &'static [&'static str]) -> &'static [&'static str] {
        match (self, portland) {
            (StandingDeal::Laws40To43, _) => portland,
            (StandingDeal::AuCent, ["40"] | ["41"]) => &["AC13"],
            (StandingDeal::AuCent, _) => &["AC14"],
        }
    }

    /// The elder who takes a card of the three he must leave: law 27 gives
    /// the penalty.
    pub fn leave_three_laws(self, portland: &'static [&'static str]) -> &'static [&'static str] {
        match self.laws(portland) {
            ["AC13"] => &["27", "AC13"],
            ["AC14"] => &["27", "AC14"],
            _ => &["27"],
        }
    }
}

/// The penalty for taking the adversary's cards of the stock (Portland
/// laws 27-29; au cent AC9, AC10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StockTaken {
    /// Laws 28, 29: the offender reckons nothing, or his adversary may have
    /// a fresh deal; law 27: the younger taking up a top card reckons nothing.
    FreshDealOrNothing,
    /// AC9: the elder who mixes a bottom card, or a card he left, "loses the
    /// game"; AC10: the younger who takes up a top card loses the game.
    LosesTheGame,
}

impl StockTaken {
    /// The laws and penalty for a player who mixes with his hand cards of
    /// the stock not his to take (laws 28, 29; AC9, AC10).
    pub fn mixed(self, elder: bool) -> (&'static [&'static str], Penalty) {
        let option = Penalty::FreshDealOption {
            otherwise: Otherwise::ReckonsNothing,
            chosen: None,
        };
        match (self, elder) {
            (StockTaken::FreshDealOrNothing, true) => (&["28"], option),
            (StockTaken::FreshDealOrNothing, false) => (&["29"], option),
            (StockTaken::LosesTheGame, true) => (&["AC9"], Penalty::LosesTheGame),
            (StockTaken::LosesTheGame, false) => (&["AC10"], Penalty::LosesTheGame),
        }
    }

    /// The younger who takes up cards the elder, having taken in, left on
    /// the stock undeclared: law 29, "he incurs no penalty, unless he mix
    /// any of the cards taken up with his hand"; AC10, they are of the top
    /// five and not declared left: he loses the game.
    pub fn taken_up_left(self) -> Option<(&'static [&'static str], Penalty)> {
        match self {
            StockTaken::FreshDealOrNothing => None,
            StockTaken::LosesTheGame => Some((&["AC10"], Penalty::LosesTheGame)),
        }
    }

    /// Whether mixing with his hand the cards of [`StockTaken::taken_up_left`]
    /// is ruled apart (law 29: he reckons nothing); under AC10 their taking
    /// up is what is ruled.
    pub fn mixing_taken_up_ruled(self) -> bool {
        self == StockTaken::FreshDealOrNothing
    }

    /// The laws and penalty for the younger who takes up cards of the
    /// elder's five before the elder has taken in (laws 27, 29; AC10).
    pub fn taken_up(self) -> (&'static [&'static str], Penalty) {
        match self {
            StockTaken::FreshDealOrNothing => (&["27", "29"], self.mixed(false).1),
            StockTaken::LosesTheGame => self.mixed(false),
        }
    }
}

/// Who deals after the cut for deal, and a cut that exposes several cards
/// (Portland laws 4, 5; au cent AC1; the French rules 1d, R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutForDeal {
    /// Law 4: "The player who cuts the higher card has the choice of deal";
    /// law 5: exposing more than one card, "he must cut again".
    HigherChooses,
    /// AC1: "The player who cuts the lower card has to deal. If he exposes
    /// more than one card in cutting, his adversary may treat the lowest of
    /// the exposed cards as the one cut."
    LowerDeals,
    /// The French rules, 1d: "whoever draws the lower card becomes the
    /// first dealer. Thereafter, the deal alternates between the players."
    /// The text says nothing of several cards exposed: law 5 is the
    /// nearest written law, by analogy.
    LowerDrawsFirstDeal,
    /// Rubicon by agreement under the French rules, R3: "whoever draws the
    /// higher card may, as he chooses, deal himself or require his opponent
    /// to deal".
    HigherChoosesRubicon,
}

impl CutForDeal {
    /// Whether the lower card deals, with no choice (AC1, 1d).
    pub fn lower_deals(self) -> bool {
        matches!(
            self,
            CutForDeal::LowerDeals | CutForDeal::LowerDrawsFirstDeal
        )
    }

    /// AC1: whether the adversary may take the lowest of several cards
    /// exposed in cutting for deal as the card cut (au cent only).
    pub fn lowest_exposed_taken(self) -> bool {
        self == CutForDeal::LowerDeals
    }

    /// The laws cited on the choice of deal made where nobody has it, on a
    /// choice made by the player who cut the lower card, and on a first
    /// deal dealt by the player who cut the higher card.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            CutForDeal::HigherChooses => &["4"],
            CutForDeal::LowerDeals => &["AC1"],
            CutForDeal::LowerDrawsFirstDeal => &["1d"],
            CutForDeal::HigherChoosesRubicon => &["R3"],
        }
    }

    /// The laws cited on a first deal dealt by the player the cut did not
    /// give it to: the deal out of turn is law 16's (AC5's under au cent;
    /// law 16 by analogy under the French rules, which have none).
    pub fn dealt_against_laws(self) -> &'static [&'static str] {
        match self {
            CutForDeal::HigherChooses => &["4", "16"],
            CutForDeal::LowerDeals => &["AC1", "AC5"],
            CutForDeal::LowerDrawsFirstDeal => &["1d", "16"],
            CutForDeal::HigherChoosesRubicon => &["R3", "16"],
        }
    }

    /// The laws cited on several cards exposed in cutting for deal, where
    /// the cutter must cut again.
    pub fn cut_again_laws(self) -> &'static [&'static str] {
        match self {
            CutForDeal::LowerDeals => &["AC1", "5"],
            _ => &["5"],
        }
    }
}

/// Whether anybody has the choice of cards at the commencement of a
/// partie (Portland law 4; au cent AC30).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceOfCards {
    /// Law 4: "the dealer has the choice of cards at the commencement of
    /// each partie".
    DealerAtCommencement,
    /// AC30: "A player has no choice of cards on commencing a fresh partie."
    Nobody,
}

impl ChoiceOfCards {
    /// Whether this player may choose the cards: the dealer, before a deal
    /// of the partie has stood (law 4); nobody (AC30).
    pub fn allowed(self, dealer: bool, partie_begun: bool) -> bool {
        match self {
            ChoiceOfCards::DealerAtCommencement => dealer && !partie_begun,
            ChoiceOfCards::Nobody => false,
        }
    }

    /// The law cited on a choice of cards not allowed.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            ChoiceOfCards::DealerAtCommencement => &["4"],
            ChoiceOfCards::Nobody => &["AC30"],
        }
    }
}

/// How many cards at a time the dealer deals (Portland law 9; au cent AC2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealingBy {
    /// Law 9: "by two at a time or by three at a time".
    TwosOrThrees,
    /// AC2: "The deal is by two cards at a time."
    Twos,
}

impl DealingBy {
    /// Whether dealing by `n` at a time is a mode the law allows.
    pub fn allows(self, n: u8) -> bool {
        match self {
            DealingBy::TwosOrThrees => matches!(n, 2 | 3),
            DealingBy::Twos => n == 2,
        }
    }

    /// The ruling on dealing by `by` at a time, which the law does not
    /// allow (0: by rounds of different sizes), and its law.
    pub fn wrong(self, by: u8) -> (Irregularity, &'static [&'static str]) {
        match self {
            DealingBy::TwosOrThrees => (Irregularity::DealsByWrongNumber { by }, &["9"]),
            DealingBy::Twos => (Irregularity::DealsNotByTwo { by }, &["AC2"]),
        }
    }
}

/// The cards the younger left, which he elected not to see, seen by a
/// player (Portland law 36; au cent AC12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftCardsSeen {
    /// Law 36: "neither player has a right to see them"; no penalty stated.
    NoPenalty,
    /// AC12: "they must be exposed, and a suit may be called from the
    /// offender when next he has to lead".
    SuitCalled,
}

/// Who may see the cards the younger hand (the dealer) left in the stock,
/// and when (Portland law 36; the French rules 4e, 9e, 21l).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftCards {
    /// Law 36: the younger "must declare whether he will look at them or
    /// not"; the elder sees them only if the younger elects to, "after he
    /// has named the suit he will first lead, or has led a card".
    YoungerElects,
    /// 4e: the dealer "may look at them without showing them to the elder
    /// hand. The elder hand may ask to see them, but only on condition that
    /// he first announces which suit he will lead"; 9e: "the dealer must
    /// make sure the elder hand keeps to his word"; 21l: none of them "may
    /// be examined during play".
    ElderNamesSuit,
}

impl LeftCards {
    /// Whether `player` may see the cards left now: the younger (`elder`
    /// false) who elected to see them (law 36), or at any time before the
    /// play (4e); the elder once the younger elected to see them and he
    /// has named his suit or led (law 36), or once he has named his suit,
    /// before the play (4e, 21l).
    pub fn may_see(
        self,
        elder: bool,
        younger_elected: Option<bool>,
        named: bool,
        playing: bool,
    ) -> bool {
        match self {
            LeftCards::YoungerElects => younger_elected == Some(true) && (!elder || named),
            LeftCards::ElderNamesSuit => !playing && (!elder || named),
        }
    }

    /// The laws cited on the elder who, having taken fewer than he might,
    /// looks at more of the stock than the cards he could have taken: 4c
    /// ("he secretly looks at the cards on top of the stock that he could
    /// have taken"). Law 33 entitles him to look at the cards he left and
    /// rules only their taking up (law 27 an exposure of the younger's):
    /// `None`, a look is not ruled.
    pub fn elder_look_laws(self) -> Option<&'static [&'static str]> {
        match self {
            LeftCards::YoungerElects => None,
            LeftCards::ElderNamesSuit => Some(&["4c"]),
        }
    }

    /// Whether the elder who named his suit is held to lead it (9e).
    pub fn held_to_named_suit(self) -> bool {
        self == LeftCards::ElderNamesSuit
    }

    /// The laws cited on the cards left seen by a player not entitled to.
    pub fn laws(self, playing: bool) -> &'static [&'static str] {
        match (self, playing) {
            (LeftCards::YoungerElects, _) => &["36"],
            (LeftCards::ElderNamesSuit, false) => &["4e"],
            (LeftCards::ElderNamesSuit, true) => &["21l"],
        }
    }
}

/// When a player may examine his own discard (Portland law 45; the French
/// rules 21l).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnDiscard {
    /// Law 45: "A player may examine his own discard at any time."
    AnyTime,
    /// 21l: "None of the discarded cards, nor any left in the stock, may be
    /// examined during play."
    NotDuringPlay,
}

impl OwnDiscard {
    /// Whether a player may examine his own discard now.
    pub fn allowed(self, playing: bool) -> bool {
        self == OwnDiscard::AnyTime || !playing
    }

    /// The laws cited on a discard examined when it may not be.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            OwnDiscard::AnyTime => &["45", "37"],
            OwnDiscard::NotDuringPlay => &["21l"],
        }
    }
}

/// The laws of dealing and the exchange in which the rule sets differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExchangeRules {
    /// Until when the elder dealt a wrong number may have a fresh deal (law 11; AC3).
    pub wrong_number_option: WrongNumberOption,
    /// A deal out of turn found too late (law 16; AC5).
    pub out_of_turn: OutOfTurn,
    /// When the wrong pack is found in time (law 15; AC4).
    pub wrong_pack: WrongPack,
    /// Whether the younger must discard (law 22; AC7).
    pub younger_discard: YoungerDiscard,
    /// Until when the elder declares the cards he leaves (law 32; AC11).
    pub leaving_declared: LeavingDeclared,
    /// From when the discard cannot be altered (law 24; AC8).
    pub discard_fixed: DiscardFixed,
    /// When the younger must tell his carte blanche (law 20; AC6).
    pub younger_blanche: YoungerBlanche,
    /// A deal stood with a card wrong, or a stock of seven (laws 40-43; AC13, AC14).
    pub standing_deal: StandingDeal,
    /// The adversary's cards of the stock taken (laws 27-29; AC9, AC10).
    pub stock_taken: StockTaken,
    /// The cut for deal (laws 4, 5; AC1).
    pub cut_for_deal: CutForDeal,
    /// The choice of cards (law 4; AC30).
    pub choice_of_cards: ChoiceOfCards,
    /// Dealing by twos, or by twos or threes (law 9; AC2).
    pub dealing_by: DealingBy,
    /// The cards left seen against the younger's election (law 36; AC12).
    pub left_seen: LeftCardsSeen,
    /// Who may see the cards the younger left, and when (law 36; 4e, 9e, 21l).
    pub left_cards: LeftCards,
    /// When a player may examine his own discard (law 45; 21l).
    pub own_discard: OwnDiscard,
    /// Carte blanche told and shown (laws 19, 20; 4f-4j).
    pub blanche_notice: BlancheNotice,
}

/// Portland's laws 4, 5, 9, 11, 15, 16, 20, 22, 24, 27-29, 32, 36, 40-43.
pub(super) const PORTLAND_EXCHANGE: ExchangeRules = ExchangeRules {
    wrong_number_option: WrongNumberOption::BeforeTakingACard,
    out_of_turn: OutOfTurn::DealTwiceRunning,
    wrong_pack: WrongPack::BeforeTakingUp,
    younger_discard: YoungerDiscard::AtLeastOne,
    leaving_declared: LeavingDeclared::BeforeTakingACard,
    discard_fixed: DiscardFixed::OnTakingACard,
    younger_blanche: YoungerBlanche::AsSoonAsAware,
    standing_deal: StandingDeal::Laws40To43,
    stock_taken: StockTaken::FreshDealOrNothing,
    cut_for_deal: CutForDeal::HigherChooses,
    choice_of_cards: ChoiceOfCards::DealerAtCommencement,
    dealing_by: DealingBy::TwosOrThrees,
    left_seen: LeftCardsSeen::NoPenalty,
    left_cards: LeftCards::YoungerElects,
    own_discard: OwnDiscard::AnyTime,
    blanche_notice: BlancheNotice::Laws19And20,
};

/// The French rules (classic, modern, old): Portland's way where the text
/// is silent, with 1d's cut (the lower card deals), 4e's and 9e's cards
/// left (the elder sees them after naming his suit, and is held to it), and
/// 21l's rule that nothing discarded or left is examined during play.
pub(super) const FRENCH_EXCHANGE: ExchangeRules = ExchangeRules {
    cut_for_deal: CutForDeal::LowerDrawsFirstDeal,
    left_cards: LeftCards::ElderNamesSuit,
    own_discard: OwnDiscard::NotDuringPlay,
    blanche_notice: BlancheNotice::French,
    ..PORTLAND_EXCHANGE
};

/// Au cent's paragraphs AC1-AC14 and AC30.
pub(super) const AU_CENT_EXCHANGE: ExchangeRules = ExchangeRules {
    wrong_number_option: WrongNumberOption::BeforeTouchingTheStock,
    out_of_turn: OutOfTurn::NoRemedy,
    wrong_pack: WrongPack::BeforeTheDealIsCompleted,
    younger_discard: YoungerDiscard::NotObliged,
    leaving_declared: LeavingDeclared::BeforeTouchingTheStock,
    discard_fixed: DiscardFixed::OnTouchingTheStock,
    younger_blanche: YoungerBlanche::AfterTheElderTouches,
    standing_deal: StandingDeal::AuCent,
    stock_taken: StockTaken::LosesTheGame,
    cut_for_deal: CutForDeal::LowerDeals,
    choice_of_cards: ChoiceOfCards::Nobody,
    dealing_by: DealingBy::Twos,
    left_seen: LeftCardsSeen::SuitCalled,
    left_cards: LeftCards::YoungerElects,
    own_discard: OwnDiscard::AnyTime,
    blanche_notice: BlancheNotice::Laws19And20,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wrong_number_option_lapses() {
        use WrongNumberOption::*;
        let table = [
            (BeforeTakingACard, false, false, false),
            (BeforeTakingACard, true, false, false),
            (BeforeTakingACard, true, true, true),
            (BeforeTouchingTheStock, false, false, false),
            (BeforeTouchingTheStock, true, false, true),
            (BeforeTouchingTheStock, false, true, true),
        ];
        for (option, touched, taken, lapsed) in table {
            assert_eq!(
                option.lapsed(touched, taken),
                lapsed,
                "{option:?} {touched} {taken}"
            );
        }
    }

    /// Law 16 and AC5: (the way, either hand taken up, the dealer's, too late).
    #[test]
    fn a_deal_out_of_turn_found_too_late() {
        use OutOfTurn::*;
        let table = [
            (DealTwiceRunning, false, false, false),
            (DealTwiceRunning, true, false, true),
            (DealTwiceRunning, true, true, true),
            (NoRemedy, false, false, false),
            (NoRemedy, true, false, false),
            (NoRemedy, true, true, true),
        ];
        for (way, either, dealer, late) in table {
            assert_eq!(
                way.too_late(either, dealer),
                late,
                "{way:?} {either} {dealer}"
            );
        }
    }

    /// Law 15 and AC4: (the way, deal completed, a hand taken up, too late).
    #[test]
    fn the_wrong_pack_found_too_late() {
        use WrongPack::*;
        let table = [
            (BeforeTakingUp, false, false, false),
            (BeforeTakingUp, true, false, false),
            (BeforeTakingUp, true, true, true),
            (BeforeTheDealIsCompleted, false, false, false),
            (BeforeTheDealIsCompleted, true, false, true),
            (BeforeTheDealIsCompleted, false, true, true),
        ];
        for (way, completed, taken_up, late) in table {
            assert_eq!(way.too_late(completed, taken_up), late, "{way:?}");
        }
    }

    /// Law 32 and AC11: (the way, touched, taken, too late).
    #[test]
    fn the_cards_left_declared_too_late() {
        use LeavingDeclared::*;
        let table = [
            (BeforeTakingACard, true, false, false),
            (BeforeTakingACard, true, true, true),
            (BeforeTouchingTheStock, false, false, false),
            (BeforeTouchingTheStock, true, false, true),
            (BeforeTouchingTheStock, false, true, true),
        ];
        for (way, touched, taken, late) in table {
            assert_eq!(way.too_late(touched, taken), late, "{way:?}");
        }
    }

    /// Law 24 and AC8: (the way, touched, taken, fixed, the law).
    #[test]
    fn the_discard_fixed() {
        use DiscardFixed::*;
        let table = [
            (OnTakingACard, true, false, false, "24"),
            (OnTakingACard, true, true, true, "24"),
            (OnTouchingTheStock, false, false, false, "AC8"),
            (OnTouchingTheStock, true, false, true, "AC8"),
        ];
        for (way, touched, taken, fixed, law) in table {
            assert_eq!(way.fixed(touched, taken), fixed, "{way:?}");
            assert_eq!(way.laws(), [law]);
            assert!(way.beside("35").contains(&law) && way.took_early().contains(&law));
        }
    }

    /// Law 20 and AC6: (the way, discarded, after the elder touched, late).
    #[test]
    fn the_younger_tells_his_carte_blanche() {
        use YoungerBlanche::*;
        let table = [
            (AsSoonAsAware, false, false, false),
            (AsSoonAsAware, true, false, true),
            (AfterTheElderTouches, true, false, false),
            (AfterTheElderTouches, true, true, true),
        ];
        for (way, discarded, after, late) in table {
            assert_eq!(way.late(discarded, after), late, "{way:?}");
        }
    }

    /// Laws 40-43 and AC13, AC14: (the way, elder, dealt over twelve, the
    /// fewest to discard).
    #[test]
    fn the_least_discard_in_a_deal_stood() {
        use StandingDeal::*;
        let table = [
            (Laws40To43, true, 1, 2),
            (Laws40To43, true, -1, 0),
            (Laws40To43, false, 1, 2),
            (AuCent, true, 1, 1),
            (AuCent, true, -1, 1),
            (AuCent, false, 1, 1),
            (AuCent, false, -1, 0),
        ];
        for (way, elder, shift, least) in table {
            // The younger's regular least: one under Portland, none under AC7.
            let regular = usize::from(elder || way == Laws40To43);
            assert_eq!(
                way.least_discard(elder, regular, shift),
                least,
                "{way:?} {elder} {shift}"
            );
        }
        assert_eq!(AuCent.laws(&["41"]), ["AC13"]);
        assert_eq!(AuCent.laws(&["43"]), ["AC14"]);
        assert_eq!(Laws40To43.laws(&["42"]), ["42"]);
    }

    /// Laws 27-29 and AC9, AC10: (the way, elder, the laws, the penalty).
    #[test]
    fn the_adversary_cards_of_the_stock_taken() {
        use StockTaken::*;
        let option = Penalty::FreshDealOption {
            otherwise: Otherwise::ReckonsNothing,
            chosen: None,
        };
        let table: [(StockTaken, bool, &[&str], Penalty); 4] = [
            (FreshDealOrNothing, true, &["28"], option),
            (FreshDealOrNothing, false, &["29"], option),
            (LosesTheGame, true, &["AC9"], Penalty::LosesTheGame),
            (LosesTheGame, false, &["AC10"], Penalty::LosesTheGame),
        ];
        for (way, elder, laws, penalty) in table {
            assert_eq!(way.mixed(elder), (laws, penalty), "{way:?} {elder}");
        }
        assert_eq!(FreshDealOrNothing.taken_up().0, ["27", "29"]);
        assert_eq!(FreshDealOrNothing.taken_up_left(), None);
        assert_eq!(
            LosesTheGame.taken_up_left().map(|t| t.0),
            Some(&["AC10"][..])
        );
        assert_eq!(LosesTheGame.taken_up().0, ["AC10"]);
    }

    /// Law 4 and AC30: (the way, the dealer, the partie begun, allowed).
    #[test]
    fn the_choice_of_cards() {
        use ChoiceOfCards::*;
        let table = [
            (DealerAtCommencement, true, false, true),
            (DealerAtCommencement, false, false, false),
            (DealerAtCommencement, true, true, false),
            (Nobody, true, false, false),
        ];
        for (way, dealer, begun, allowed) in table {
            assert_eq!(
                way.allowed(dealer, begun),
                allowed,
                "{way:?} {dealer} {begun}"
            );
        }
    }

    /// Law 36 and 4e, 21l: (the way, the elder, the younger's election,
    /// named, playing, may see).
    #[test]
    fn who_may_see_the_cards_left() {
        use LeftCards::*;
        let table = [
            (YoungerElects, false, None, false, false, false),
            (YoungerElects, false, Some(true), false, false, true),
            (YoungerElects, true, Some(true), false, false, false),
            (YoungerElects, true, Some(true), true, true, true),
            (YoungerElects, true, Some(false), true, false, false),
            (ElderNamesSuit, false, None, false, false, true),
            (ElderNamesSuit, true, None, false, false, false),
            (ElderNamesSuit, true, None, true, false, true),
            (ElderNamesSuit, true, None, true, true, false),
            (ElderNamesSuit, false, None, false, true, false),
        ];
        for (way, elder, elected, named, playing, may) in table {
            assert_eq!(
                way.may_see(elder, elected, named, playing),
                may,
                "{way:?} {elder} {elected:?} {named} {playing}"
            );
        }
        assert_eq!(ElderNamesSuit.laws(true), ["21l"]);
        assert!(OwnDiscard::AnyTime.allowed(true) && !OwnDiscard::NotDuringPlay.allowed(true));
    }

    /// Laws 19, 20 and 4f, 4j: (the way, elder, the laws and penalty told
    /// late; never shown).
    #[test]
    fn carte_blanche_told_late_or_never_shown() {
        use BlancheNotice::*;
        let younger = YoungerBlanche::AsSoonAsAware;
        type Ruled = (&'static [&'static str], Penalty);
        let table: [(BlancheNotice, bool, Ruled, Ruled); 3] = [
            (
                Laws19And20,
                true,
                (&["20"], Penalty::NoneStated),
                (&["19"], Penalty::NoneStated),
            ),
            (
                Laws19And20,
                false,
                (&["20"], Penalty::NoneStated),
                (&["19"], Penalty::NoneStated),
            ),
            (
                French,
                false,
                (&["4f"], Penalty::NotScored),
                (&["4j"], Penalty::NotScored),
            ),
        ];
        for (way, elder, late, shown) in table {
            assert_eq!(way.late(elder, younger), late, "{way:?}");
            assert_eq!(way.not_shown(), shown, "{way:?}");
        }
        assert!(French.ordered() && !Laws19And20.ordered());
    }

    /// Law 9 and AC2: (the way, dealt by, allowed).
    #[test]
    fn dealing_by_twos_or_threes() {
        use DealingBy::*;
        let table = [
            (TwosOrThrees, 2, true),
            (TwosOrThrees, 3, true),
            (TwosOrThrees, 4, false),
            (Twos, 2, true),
            (Twos, 3, false),
        ];
        for (way, by, allowed) in table {
            assert_eq!(way.allows(by), allowed, "{way:?} {by}");
        }
    }
}
