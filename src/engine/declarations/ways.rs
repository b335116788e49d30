//! The ways of calling and showing in which rule sets differ: the Portland
//! laws 46-56 beside the au cent paragraphs AC15-AC24. Each way names the
//! law it follows; a [`RuleSet`](crate::engine::ruleset::RuleSet) picks one
//! of each in its [`Calling`].

use crate::notation::{Declaration, Top};
use crate::ruling::Irregularity;

use super::Category;

/// The calling and showing laws a rule set keeps, one way for each
/// difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calling {
    /// When a player can no longer reckon anything omitted (law 56, AC24).
    pub omitted: Omitted,
    /// Whether the younger may correct a reply that allowed a call good or
    /// equal (law 51, AC20).
    pub reply: ReplyCorrection,
    /// What the elder's call of his point must say (law 46, AC15).
    pub point: PointCall,
    /// What the elder's call of a sequence, quatorze or trio must name
    /// (law 48, AC16).
    pub naming: Naming,
    /// When the cards called must be shown (law 55, AC18).
    pub showing: Showing,
    /// What a call allowed good and not held costs (laws 52, 54, AC23).
    pub miscall: Miscall,
    /// A call smaller than held, and what else of the kind is reckoned
    /// (laws 49, 50, AC17).
    pub smaller: SmallerCall,
    /// A sequence shown superior to the one called (laws 49, 55, AC19).
    pub shown_sequence: ShownSequence,
    /// "Equal" answered to a quatorze or trio (law 64; 6q).
    pub equal_sets: EqualSets,
    /// What asking what the point makes, or answering it equal, bars (law
    /// 46, Case I).
    pub inquiry: PointInquiry,
    /// What asking which card of a trio or quatorze is out does (Case VII;
    /// 9c, 21i).
    pub which_card: WhichCard,
}

/// The Portland laws 46-56.
pub const PORTLAND_CALLING: Calling = Calling {
    omitted: Omitted::AfterFirstTrick,
    reply: ReplyCorrection::BeforeNextCall,
    point: PointCall::Cards,
    naming: Naming::WhenNotGood,
    showing: Showing::OnRequest,
    miscall: Miscall::Law54,
    smaller: SmallerCall::Correctable,
    shown_sequence: ShownSequence::Shown,
    equal_sets: EqualSets::AsAnswered,
    inquiry: PointInquiry::Bars,
    which_card: WhichCard::Admits,
};

/// The au cent paragraphs AC15-AC24.
pub const AU_CENT_CALLING: Calling = Calling {
    omitted: Omitted::AfterOwnCard,
    reply: ReplyCorrection::Abides,
    point: PointCall::Making,
    naming: Naming::Always,
    showing: Showing::BeforeLeading,
    miscall: Miscall::QuatorzeOrTrio,
    smaller: SmallerCall::Abides,
    shown_sequence: ShownSequence::Bars,
    equal_sets: EqualSets::AsAnswered,
    inquiry: PointInquiry::Bars,
    which_card: WhichCard::Admits,
};

/// The French rules: laws 46-56 as the nearest written laws for what the
/// French text does not provide, with its own rule for showing (9b, 11b).
pub const FRENCH_CALLING: Calling = Calling {
    showing: Showing::ToScore,
    smaller: SmallerCall::NotClaimedLater,
    equal_sets: EqualSets::Impossible,
    inquiry: PointInquiry::DoesNotBar,
    which_card: WhichCard::Informs,
    ..PORTLAND_CALLING
};

/// What the younger's inquiry into the point, or his reply "equal", bars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointInquiry {
    /// Law 46: "the inquiry bars him from counting a superior number of
    /// cards for point"; so does the reply "equal" (Case I).
    Bars,
    /// The French rules: the point is called by what it makes (6a; M2 by
    /// its cards, the total breaking ties), and the text gives the
    /// question no consequence: it bars nothing.
    DoesNotBar,
}

/// What asking which card of a trio or quatorze is out does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhichCard {
    /// Case VII: asking which card is out admits the call good.
    Admits,
    /// 9c: "if the holder discarded the fourth matching card ... the
    /// declarer must, if asked, tell the other player which card he
    /// discarded"; 21i: "he will ask the dealer for its suit". The question
    /// is the ordinary way of learning the trio, and admits nothing.
    Informs,
}

/// "Equal" answered to a quatorze or trio.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EqualSets {
    /// Laws 62-64 as for the point and sequences: the reply stands unless
    /// the hand holds nothing equal or better (then the call is good).
    AsAnswered,
    /// 6q: the dealer replies "'good' if he has no higher combination, or
    /// 'better' if he does: a tie is impossible with this type of
    /// declaration": an "equal" is ruled, and the cards decide.
    Impossible,
}

/// When a player can no longer reckon anything he omitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Omitted {
    /// Law 56: "When the younger hand has played to the first trick,
    /// neither player can reckon anything omitted (except as provided in
    /// Law 54)."
    AfterFirstTrick,
    /// AC24: "When the elder hand has led a card, or the younger hand
    /// played to a trick, they cannot reckon anything omitted": each player
    /// from his own first card on the table, the elder's lead, the
    /// younger's play. The younger declares after the elder's lead, so it
    /// cannot be the elder's lead that closes the younger's reckoning.
    AfterOwnCard,
}

impl Omitted {
    /// Whether a player can no longer reckon what he omitted: `own`, he
    /// has led or played a card; `trick`, the younger has played to the
    /// first trick.
    pub fn closed(self, own: bool, trick: bool) -> bool {
        match self {
            Omitted::AfterFirstTrick => trick,
            Omitted::AfterOwnCard => own,
        }
    }

    /// Law 56's exception, "except as provided in Law 54": the adversary of
    /// a player whose call allowed good is not held may reckon late. AC24
    /// has no such exception (its own are AC21 and AC22).
    pub fn yields_to_miscall(self) -> bool {
        match self {
            Omitted::AfterFirstTrick => true,
            Omitted::AfterOwnCard => false,
        }
    }

    /// The irregularity of a call or reckoning made too late.
    pub fn too_late(self) -> Irregularity {
        match self {
            Omitted::AfterFirstTrick => Irregularity::ReckonsTooLate,
            Omitted::AfterOwnCard => Irregularity::ReckonsAfterHisCard,
        }
    }

    /// The law that bars it.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            Omitted::AfterFirstTrick => &["56"],
            Omitted::AfterOwnCard => &["AC24"],
        }
    }
}

/// Whether the younger may correct a reply that allowed a correct call good
/// or equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyCorrection {
    /// Law 51: "he may correct his reply before the elder hand has made
    /// another call; or, in case there is no further call, before the elder
    /// hand has led a card."
    BeforeNextCall,
    /// AC20: "The younger hand having allowed a correct call to be good or
    /// equal, must abide by his answer."
    Abides,
}

impl ReplyCorrection {
    /// Whether a correction of a reply that allowed the call good or equal,
    /// said when `late` by law 51's measure, is refused.
    pub fn refused(self, late: bool) -> bool {
        match self {
            ReplyCorrection::BeforeNextCall => late,
            ReplyCorrection::Abides => true,
        }
    }

    /// The law a refused correction cites, and its irregularity.
    pub fn refusal(self, what: &'static str) -> (Irregularity, &'static [&'static str]) {
        match self {
            ReplyCorrection::BeforeNextCall => (Irregularity::ReplyCorrectedLate { what }, &["51"]),
            ReplyCorrection::Abides => (Irregularity::MustAbideByReply { what }, &["AC20"]),
        }
    }
}

/// What the elder hand's call of his point must say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointCall {
    /// Law 46: "It is sufficient to call the number of cards of the point."
    Cards,
    /// AC15: "The elder hand must call the number his point makes. It is
    /// not sufficient to call the number of cards of the point."
    Making,
}

/// What the elder hand's call of a sequence, quatorze or trio must name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// Law 48: "It is sufficient to call the number of cards of a sequence
    /// if the call be good against the cards", and a quatorze or trio
    /// without its rank; where the call is not good the younger's "not
    /// good" leaves him to state it, and the referee rules nothing.
    WhenNotGood,
    /// AC16: "It is not sufficient to call the number of cards of a
    /// sequence. The elder hand must state to what card his sequence is.
    /// And, similarly, if he calls a quatorze or trio, he is bound to state
    /// the value of the cards of which it consists."
    Always,
}

/// When the cards called must be shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Showing {
    /// Law 55: "A player who calls anything which is allowed to be good or
    /// equal, must show the cards called at any time they are asked for".
    OnRequest,
    /// AC18: "The elder hand having called anything which is good or equal
    /// must show the cards called, except in the case of quatorzes and
    /// trios. If he lead a card without showing his call, he cannot reckon
    /// it, and the adversary may show and reckon his point or sequence,
    /// even though it be equal or inferior to the one called."
    BeforeLeading,
    /// The French rules, 9b: "To be able to score the point and the
    /// sequences, he must show them to the dealer while counting"; 11b:
    /// "Like the elder hand, the dealer must show his point and his
    /// sequences in order to score them." Each player, before his first
    /// card (the elder counts before his lead, 9d; the dealer before his
    /// play to it, 13e); 9c, 21g-21i: trios and quatorzes are not shown.
    ToScore,
}

impl Showing {
    /// 9b, 11b: whether a point or sequence of this kind scores only if
    /// its holder shows it before his first card.
    pub fn to_score(self, category: Category) -> bool {
        self == Showing::ToScore && matches!(category, Category::Point | Category::Sequence)
    }

    /// 9b for the elder, 11b for the dealer; 11c for what tied.
    pub fn laws(self, elder: bool, equal: bool) -> &'static [&'static str] {
        match (equal, elder) {
            (true, _) => &["11c"],
            (false, true) => &["9b"],
            (false, false) => &["11b"],
        }
    }

    /// Whether the elder's call of this kind, good or equal, must be shown
    /// before he leads, or he cannot reckon it.
    pub fn before_leading(self, category: Category) -> bool {
        match self {
            Showing::OnRequest | Showing::ToScore => false,
            Showing::BeforeLeading => matches!(category, Category::Point | Category::Sequence),
        }
    }

    /// Law 55: "If a player, before he plays a card, voluntarily show
    /// anything which he claims to be good or equal, he is liable to no
    /// penalty for miscalling what he has shown": the cards shown stand for
    /// the call. AC18 replaces it: the cards called must be shown, and
    /// other cards shown do not stand for them.
    pub fn shown_stands_for_call(self) -> bool {
        matches!(self, Showing::OnRequest | Showing::ToScore)
    }
}

/// What a call of what is not held, allowed good and not corrected in
/// time, costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miscall {
    /// Laws 52, 54: a point, sequence, quatorze or trio not held, allowed
    /// good and not corrected before the younger hand has played to the
    /// first trick: "he can reckon nothing that deal", except a misnomer or
    /// what he could not possibly have held; the adversary reckons anything
    /// he has good.
    Law54,
    /// AC23: "If a player call a quatorze or trio which he does not hold,
    /// and it is allowed to be good, and he play a card without correcting
    /// the miscall, he can reckon nothing that deal." A point or sequence
    /// not held cannot be shown, so AC18 rules it: he cannot reckon it, and
    /// the adversary may reckon his own, even equal or inferior; no more.
    QuatorzeOrTrio,
}

impl Miscall {
    /// Whether the miscaller can no longer correct his call: `own`, he has
    /// played a card; `trick`, the younger has played to the first trick.
    pub fn correction_closed(self, own: bool, trick: bool) -> bool {
        match self {
            Miscall::Law54 => trick,
            Miscall::QuatorzeOrTrio => own,
        }
    }

    /// Whether a call of this kind allowed good and not held makes its
    /// caller reckon nothing that deal.
    pub fn reckons_nothing(self, category: Category) -> bool {
        match self {
            Miscall::Law54 => true,
            Miscall::QuatorzeOrTrio => category == Category::Set,
        }
    }

    /// Law 53: "There is no penalty for a misnomer", whenever it is found
    /// (law 54 excepts it). AC17 under au cent gives the time: "He may,
    /// however, correct a misnomer of sequence, trio, or quatorze, before he
    /// leads a card". Not corrected by then it is a call of what he does
    /// not hold: AC23, which replaces law 54 and makes no exception, for a
    /// quatorze or trio; for a point or sequence AC18, the cards called not
    /// being shown, for they are not held.
    pub fn excuses_misnomer(self) -> bool {
        self == Miscall::Law54
    }

    /// Whether law 54's exception for what could not possibly have been
    /// held applies.
    pub fn excuses_impossible(self) -> bool {
        self == Miscall::Law54
    }

    /// The laws a miscall of this kind is ruled under; `portland` is the
    /// rule set's own citation of law 54.
    pub fn laws(
        self,
        category: Category,
        portland: &'static [&'static str],
    ) -> &'static [&'static str] {
        match (self, category) {
            (Miscall::Law54, _) => portland,
            (Miscall::QuatorzeOrTrio, Category::Set) => &["AC23"],
            (Miscall::QuatorzeOrTrio, _) => &["AC18"],
        }
    }

    /// Laws 52, AC17, AC23: the time within which a miscall may be
    /// corrected, as the report says it.
    pub fn correction_time(self) -> &'static str {
        match self {
            Miscall::Law54 => "before the younger hand has played to the first trick",
            Miscall::QuatorzeOrTrio => "before he has played a card",
        }
    }

    /// The laws a miscall corrected in time is ruled under: AC17 for a
    /// misnomer ("He may, however, correct a misnomer of sequence, trio, or
    /// quatorze, before he leads a card"), AC23 otherwise; `portland` is
    /// the rule set's own citation of law 52.
    pub fn correction_laws(
        self,
        misnomer: bool,
        portland: &'static [&'static str],
    ) -> &'static [&'static str] {
        match (self, misnomer) {
            (Miscall::Law54, _) => portland,
            (Miscall::QuatorzeOrTrio, true) => &["AC17", "53"],
            (Miscall::QuatorzeOrTrio, false) => &["AC23"],
        }
    }

    /// Whether, against a call not held, the adversary may reckon his own
    /// even where it is not better than what the caller holds (AC18 for a
    /// point or sequence that cannot be shown).
    pub fn adversary_reckons_inferior(self, category: Category) -> bool {
        self == Miscall::QuatorzeOrTrio && category != Category::Set
    }
}

/// A call smaller than what is held, and what else of the kind its caller
/// may reckon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallerCall {
    /// Law 50: "If the elder hand call a smaller point, sequence, quatorze
    /// or trio than he holds, he may correct his miscall before it has been
    /// replied to by the younger hand." Law 49: "If the elder hand first
    /// call a sequence which is good against the cards, he can reckon any
    /// sequences he holds, whether of superior counting value to the one
    /// called or not", and so of quatorzes and trios.
    Correctable,
    /// AC17: "If the elder hand call a smaller point, sequence, quatorze or
    /// trio than he holds, or a trio when he holds a quatorze, he must
    /// abide by his call, and he cannot reckon anything superior, even
    /// though his call is good against the cards. He may, however, correct
    /// a misnomer of sequence, trio, or quatorze, before he leads a card,
    /// and may reckon anything of equal or inferior counting value,
    /// provided his call in error was good against the cards."
    Abides,
    /// The French rules, 21a: "nothing obliges a player to [declare his
    /// strongest combinations]. He may declare a weaker one, or not
    /// declare at all"; 21b: "If a player chooses not to declare his
    /// strongest combination, he will not be able to claim it later, even
    /// if he wins with a weaker one." The correction before the reply is
    /// law 50's, the nearest written law (the text is silent).
    NotClaimedLater,
}

impl SmallerCall {
    /// Whether the elder's correction of a smaller call is refused, where
    /// `replied` it has been replied to.
    pub fn correction_refused(self, replied: bool) -> bool {
        match self {
            SmallerCall::Correctable | SmallerCall::NotClaimedLater => replied,
            SmallerCall::Abides => true,
        }
    }

    /// Whether the elder, good in a kind, may reckon what is superior to
    /// his first call in it.
    pub fn reckons_superior(self) -> bool {
        self == SmallerCall::Correctable
    }
}

/// What a sequence the elder shows does, where he calls an inferior one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShownSequence {
    /// Laws 49, 55: the cards shown are shown, no more; the younger's
    /// sequences are weighed against the call.
    Shown,
    /// AC19: "If the elder hand show a sequence and call an inferior one,
    /// he cannot reckon the superior one; but the show bars the younger
    /// hand from reckoning his sequences, if only equal or inferior to the
    /// one shown."
    Bars,
}

impl ShownSequence {
    /// Whether a sequence shown bars the younger's no better than it.
    pub fn bars(self) -> bool {
        self == ShownSequence::Bars
    }
}

impl Naming {
    /// The law that says what a sequence, quatorze or trio called must name.
    pub fn laws(self) -> &'static [&'static str] {
        match self {
            Naming::WhenNotGood => &["48"],
            Naming::Always => &["AC16"],
        }
    }
}

/// AC15, AC16: the paragraph a call by the elder hand falls short of, as it
/// finally stands (completed by what the point makes, said after it or in
/// answer to the inquiry, or by a correction), if it does. No paragraph
/// gives a penalty: the call is incomplete, and the younger may ask.
pub fn falls_short(declaration: &Declaration, calling: Calling) -> Option<&'static [&'static str]> {
    match *declaration {
        Declaration::Point { making: None, .. } if calling.point == PointCall::Making => {
            Some(&["AC15"])
        }
        Declaration::Sequence {
            top: Top::Unstated, ..
        }
        | Declaration::Set { rank: None, .. }
            if calling.naming == Naming::Always =>
        {
            Some(&["AC16"])
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AC24 beside law 56: (the way, whether the player has put a card on
    /// the table, whether the first trick is played, closed).
    #[test]
    fn ac24_and_law_56_when_reckoning_closes() {
        use Omitted::{AfterFirstTrick, AfterOwnCard};
        let table = [
            (AfterFirstTrick, true, false, false),
            (AfterFirstTrick, false, true, true),
            (AfterFirstTrick, true, true, true),
            (AfterOwnCard, true, false, true),
            (AfterOwnCard, false, true, false),
            (AfterOwnCard, false, false, false),
        ];
        for (way, own, trick, closed) in table {
            assert_eq!(way.closed(own, trick), closed, "{way:?} {own} {trick}");
        }
    }

    /// AC20 beside law 51: (the way, late by law 51, refused).
    #[test]
    fn ac20_and_law_51_a_reply_corrected() {
        use ReplyCorrection::{Abides, BeforeNextCall};
        let table = [
            (BeforeNextCall, false, false),
            (BeforeNextCall, true, true),
            (Abides, false, true),
            (Abides, true, true),
        ];
        for (way, late, refused) in table {
            assert_eq!(way.refused(late), refused, "{way:?} {late}");
        }
    }

    /// AC15, AC16 beside laws 46, 48: (the call, under Portland, under au cent).
    #[test]
    fn ac15_ac16_what_the_elder_must_say() {
        use crate::cards::Rank;
        use crate::notation::SetKind;
        let point = |cards, making| Declaration::Point {
            cards,
            making,
            suit: None,
        };
        let sequence = |top| Declaration::Sequence {
            length: 4,
            top,
            suit: None,
        };
        let trio = |rank| Declaration::Set {
            set: SetKind::Trio,
            rank,
        };
        let table = [
            (point(Some(5), None), None, Some("AC15")),
            (point(Some(5), Some(49)), None, None),
            (point(None, Some(49)), None, None),
            (sequence(Top::Unstated), None, Some("AC16")),
            (sequence(Top::To(Rank::King)), None, None),
            (sequence(Top::Major), None, None),
            (trio(None), None, Some("AC16")),
            (trio(Some(Rank::Queen)), None, None),
        ];
        for (call, portland, au_cent) in table {
            let law = |calling| falls_short(&call, calling).map(|laws| laws[0]);
            assert_eq!(law(PORTLAND_CALLING), portland, "{call:?}");
            assert_eq!(law(AU_CENT_CALLING), au_cent, "{call:?}");
        }
    }

    /// AC23 beside laws 52, 54: (the way, the kind called and not held,
    /// reckons nothing, the laws, the adversary reckons even an inferior).
    #[test]
    fn ac23_and_law_54_a_call_not_held() {
        use Category::{Point, Sequence, Set};
        use Miscall::{Law54, QuatorzeOrTrio};
        let table = [
            (Law54, Point, true, "54", false),
            (Law54, Set, true, "54", false),
            (QuatorzeOrTrio, Set, true, "AC23", false),
            (QuatorzeOrTrio, Point, false, "AC18", true),
            (QuatorzeOrTrio, Sequence, false, "AC18", true),
        ];
        for (way, category, nothing, law, inferior) in table {
            assert_eq!(
                way.reckons_nothing(category),
                nothing,
                "{way:?} {category:?}"
            );
            assert_eq!(way.laws(category, &["54"]), [law], "{way:?} {category:?}");
            assert_eq!(way.adversary_reckons_inferior(category), inferior);
        }
        assert!(Law54.correction_closed(true, true) && !Law54.correction_closed(true, false));
        assert!(QuatorzeOrTrio.correction_closed(true, false));
        assert!(!QuatorzeOrTrio.correction_closed(false, true));
        assert!(Law54.excuses_misnomer());
        assert!(!QuatorzeOrTrio.excuses_misnomer());
    }

    /// 9b, 11b, 21g beside law 55 and AC18: (the way, the kind, shown to
    /// score it, shown before the lead).
    #[test]
    fn french_9b_11b_show_to_score() {
        use Category::{Point, Sequence, Set};
        use Showing::{BeforeLeading, OnRequest, ToScore};
        let table = [
            (ToScore, Point, true, false),
            (ToScore, Sequence, true, false),
            (ToScore, Set, false, false),
            (OnRequest, Point, false, false),
            (BeforeLeading, Point, false, true),
            (BeforeLeading, Set, false, false),
        ];
        for (way, category, to_score, before) in table {
            assert_eq!(way.to_score(category), to_score, "{way:?} {category:?}");
            assert_eq!(way.before_leading(category), before, "{way:?} {category:?}");
        }
        assert_eq!(ToScore.laws(true, false), ["9b"]);
        assert_eq!(ToScore.laws(false, false), ["11b"]);
        assert_eq!(ToScore.laws(false, true), ["11c"]);
    }

    /// AC17 beside laws 49, 50: (the way, replied to, correction refused,
    /// reckons what is superior to the call).
    #[test]
    fn ac17_and_laws_49_50_a_smaller_call() {
        use SmallerCall::{Abides, Correctable, NotClaimedLater};
        let table = [
            (Correctable, false, false, true),
            (Correctable, true, true, true),
            (Abides, false, true, false),
            (Abides, true, true, false),
            (NotClaimedLater, false, false, false),
            (NotClaimedLater, true, true, false),
        ];
        for (way, replied, refused, superior) in table {
            assert_eq!(
                way.correction_refused(replied),
                refused,
                "{way:?} {replied}"
            );
            assert_eq!(way.reckons_superior(), superior, "{way:?}");
        }
    }
}
