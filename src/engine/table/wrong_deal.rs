//! A deal with a card too many or too few (laws 38-43): how many cards
//! each hand and the stock held as dealt, as far as the transcript tells,
//! and what each player must then discard and take in.

use crate::engine::conduct::Counts;
use crate::engine::ruleset::RuleSet;
use crate::notation::PlayerId;

use super::Table;

impl Table {
    /// Laws 40-43: when the elder stands a deal with one card wrong (having
    /// announced it, law 11; or finding a stock of seven, law 43), each
    /// player discards as many more than he takes in as he was dealt over
    /// twelve (fewer, if under), so that both play with twelve. Returns that
    /// difference for the player, and the law if the elder stands such a
    /// deal. Law 39: in a deal the elder took in without announcing, the
    /// difference is returned with no law: a player keeps his wrong number
    /// unless he puts it right, and laws 57, 58 rule what he plays with.
    /// AC13, AC14: the au cent law of the deal stood, where it is au cent's.
    pub(super) fn standing_wrong_deal(
        &self,
        player: PlayerId,
        rules: &RuleSet,
    ) -> (isize, Option<&'static [&'static str]>) {
        let Some(counts) = self.counts_dealt(rules) else {
            return (0, None);
        };
        let dealt = if player == self.elder {
            counts.elder
        } else {
            counts.younger
        };
        let shift = dealt as isize - rules.hand as isize;
        let Some(law) = standing_law(counts, rules) else {
            return (shift, None);
        };
        let law = rules.exchange_rules.standing_deal.laws(law);
        if !self.conduct.misdeal_announced() && counts.elder != rules.hand {
            return (shift, None);
        }
        (shift, Some(law))
    }

    /// AC13, AC14: in a deal the elder stands with thirteen cards, or twelve
    /// and a stock of seven, "he must leave at least three cards for the
    /// younger hand". The laws, where he must.
    pub(super) fn leave_three(&self, rules: &RuleSet) -> Option<&'static [&'static str]> {
        let way = rules.exchange_rules.standing_deal;
        let counts = self.counts_dealt(rules)?;
        let law = standing_law(counts, rules)?;
        let stood = self.standing_wrong_deal(self.elder, rules).1.is_some();
        let must = matches!(law, ["40"] | ["41"] | ["43"]);
        (way.leaves_three() && stood && must).then(|| way.leave_three_laws(law))
    }

    /// A hand not written in full is taken to hold twelve cards; announced
    /// or made up from the rest of the pack as another number (law 38), the
    /// difference.
    pub(super) fn unwritten_difference(&self, player: PlayerId, rules: &RuleSet) -> isize {
        let counts = self.counts_dealt(rules);
        let dealt = counts.map(|c| {
            if player == self.elder {
                c.elder
            } else {
                c.younger
            }
        });
        match dealt {
            Some(n) if !self.dealt_known[player.index()] => n as isize - rules.hand as isize,
            _ => 0,
        }
    }

    /// Law 39: the elder dealt a wrong number who took up a card of the
    /// stock without announcing it, where either player was dealt one too
    /// many or too few.
    pub(super) fn unannounced_wrong_deal(&self, rules: &RuleSet) -> bool {
        self.counts_dealt(rules)
            .is_some_and(|c| c.elder != rules.hand && standing_law(c, rules).is_some())
            && !self.conduct.misdeal_announced()
    }

    /// How many cards each hand and the stock held as dealt, as far as the
    /// transcript tells: a hand or stock written in full, or the number a
    /// player announced he was dealt (law 38); the rest of the pack makes up
    /// the third, and a stock not written is taken to be of the usual size.
    /// `None` where they cannot be told. Read once where both hands are
    /// written in full ([`super::AsDealt`]).
    pub(super) fn counts_dealt(&self, rules: &RuleSet) -> Option<Counts> {
        match self.as_dealt.counts {
            Some(counts) => counts,
            None => self.count_dealt(rules),
        }
    }

    /// The counts dealt, worked out (see `counts_dealt`).
    pub(super) fn count_dealt(&self, rules: &RuleSet) -> Option<Counts> {
        // A card written twice, or a card of another pack, leaves the
        // numbers dealt unknown (law 75; Cases XVII, XVIII).
        if self.miswritten || !self.strays.is_empty() {
            return None;
        }
        let hand = |player: PlayerId| {
            let p = player.index();
            if self.dealt_known[p] {
                Some(self.as_dealt.cards[p])
            } else {
                self.conduct.announced(player).map(usize::from)
            }
        };
        let (elder, younger) = (hand(self.elder), hand(self.elder.other()));
        let stock = self.stock_known.then_some(self.dealt_stock);
        let pack = rules.pack_size();
        let rest = |a: usize, b: usize| pack.checked_sub(a + b);
        let (elder, younger, stock) = match (elder, younger, stock) {
            (Some(e), Some(y), Some(s)) => (e, y, s),
            (Some(e), Some(y), None) => (e, y, rest(e, y)?),
            (Some(e), None, Some(s)) => (e, rest(e, s)?, s),
            (None, Some(y), Some(s)) => (rest(y, s)?, y, s),
            (Some(e), None, None) => (e, rest(e, rules.stock)?, rules.stock),
            (None, Some(y), None) => (rest(y, rules.stock)?, y, rules.stock),
            _ => return None,
        };
        Some(Counts {
            elder,
            younger,
            stock,
        })
    }
}

/// Laws 40-43: the law for a deal the elder may stand with one card wrong:
/// thirteen and a full stock (40), thirteen and a stock one short (41),
/// eleven and a full stock (42), twelve and a stock one short (43).
fn standing_law(counts: Counts, rules: &RuleSet) -> Option<&'static [&'static str]> {
    let (hand, stock) = (rules.hand, rules.stock);
    match (counts.elder, counts.stock) {
        (e, s) if e == hand + 1 && s == stock => Some(&["40"]),
        (e, s) if e == hand + 1 && s + 1 == stock => Some(&["41"]),
        (e, s) if e + 1 == hand && s == stock => Some(&["42"]),
        (e, s) if e == hand && s + 1 == stock => Some(&["43"]),
        _ => None,
    }
}
