//! The ways of calling and showing in which rule sets differ: the Portland
//! laws 46-56 beside the au cent paragraphs AC15-AC24. Each way names the
//! law it follows; a [`RuleSet`](crate::engine::ruleset::RuleSet) picks one
//! of each in its [`Calling`].

use crate::ruling::Irregularity;

/// The calling and showing laws a rule set keeps, one way for each
/// difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calling {
    /// When a player can no longer reckon anything omitted (law 56, AC24).
    pub omitted: Omitted,
    /// Whether the younger may correct a reply that allowed a call good or
    /// equal (law 51, AC20).
    pub reply: ReplyCorrection,
}

/// The Portland laws 46-56.
pub const PORTLAND_CALLING: Calling = Calling {
    omitted: Omitted::AfterFirstTrick,
    reply: ReplyCorrection::BeforeNextCall,
};

/// The au cent paragraphs AC15-AC24.
pub const AU_CENT_CALLING: Calling = Calling {
    omitted: Omitted::AfterOwnCard,
    reply: ReplyCorrection::Abides,
};

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
}
