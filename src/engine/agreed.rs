//! The rule sets the players' agreements make: au cent with AC25, with
//! AC26, and with both. Each is au cent's rule set with the fields the
//! agreement changes, so a rule set stays a `&'static` value the replay asks.

use crate::agreements::{Agreement, Agreements};
use crate::cards::Rank;

use super::ruleset::{Citations, PlayScore, PointScore, RuleSet, AU_CENT};

/// AC25: "By agreement, points ending in four count one less than the number of cards."
const FOURS: PointScore = PointScore::FoursCountOneLess;

/// AC26: "By agreement, in playing the cards, nines, eights, and sevens are
/// not counting cards." Law 65's last trick "scores two instead of one":
/// one more than any other trick, so a last trick won with a card that does
/// not count scores its one more all the same (see docs/scoring.md).
const SEVENS: PlayScore = PlayScore {
    counts_from: Rank::Ten,
    last_regardless: true,
};

/// The citations of au cent's score lines under its agreements: the point
/// cites AC25 beside law 62 where it counts one less, the play AC26 beside
/// law 65 where a card did not count.
const CITE: Citations = Citations {
    point_one_less: &["AC15", "AC25", "46", "62"],
    play_not_counting: &["AC26", "65"],
    ..AU_CENT.cite
};

/// Au cent, fours counting one less (AC25).
static AU_CENT_FOURS: RuleSet = RuleSet {
    point_score: FOURS,
    cite: CITE,
    ..AU_CENT
};

/// Au cent, sevens to nines not counting in play (AC26).
static AU_CENT_SEVENS: RuleSet = RuleSet {
    play_score: SEVENS,
    cite: CITE,
    ..AU_CENT
};

/// Au cent with both agreements (AC25, AC26).
static AU_CENT_BOTH: RuleSet = RuleSet {
    point_score: FOURS,
    play_score: SEVENS,
    cite: CITE,
    ..AU_CENT
};

/// AC25, AC26: the au cent rule set the agreements make. Au cent admits
/// both, alone or together.
pub fn au_cent(agreements: Agreements) -> Option<&'static RuleSet> {
    let fours = agreements.has(Agreement::FoursCountOneLess);
    let sevens = agreements.has(Agreement::SevensToNinesDoNotCount);
    Some(match (fours, sevens) {
        (false, false) => &AU_CENT,
        (true, false) => &AU_CENT_FOURS,
        (false, true) => &AU_CENT_SEVENS,
        (true, true) => &AU_CENT_BOTH,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    const F: Agreement = Agreement::FoursCountOneLess;
    const S: Agreement = Agreement::SevensToNinesDoNotCount;

    #[test]
    fn each_agreement_changes_its_own_field() {
        // (agreements, point score, lowest counting rank in play)
        let table = [
            (Agreements::NONE, PointScore::OneACard, Rank::Seven),
            (Agreements::of(F), FOURS, Rank::Seven),
            (Agreements::of(S), PointScore::OneACard, Rank::Ten),
            (Agreements::of(F).with(S), FOURS, Rank::Ten),
        ];
        for (agreements, point, counts_from) in table {
            let rules = AU_CENT.agree(agreements).expect("au cent admits them");
            assert_eq!(rules.point_score, point, "{agreements}");
            assert_eq!(rules.play_score.counts_from, counts_from, "{agreements}");
            assert_eq!(rules.book, AU_CENT.book, "{agreements}");
            assert_eq!(rules.cite.point, AU_CENT.cite.point, "{agreements}");
            // Agreeing again from the agreed rule set gives the same one.
            let again = rules.agree(agreements).expect("admitted");
            assert!(std::ptr::eq(again, rules), "{agreements}");
        }
    }

    #[test]
    fn portland_admits_none() {
        assert!(PORTLAND.agree(Agreements::NONE).is_some());
        assert!(PORTLAND.agree(Agreements::of(F)).is_none());
        assert!(PORTLAND.agree(Agreements::of(S)).is_none());
    }

    #[test]
    fn ac25_points_ending_in_four() {
        // (cards, value, score by one a card, score with fours one less)
        let table = [
            (4, 34, 4, 3),
            (5, 44, 5, 4),
            (6, 54, 6, 5),
            (5, 43, 5, 5),
            (3, 24, 3, 2),
            (7, 64, 7, 6),
            (5, 0, 5, 5),
        ];
        for (cards, value, one_a_card, fours) in table {
            assert_eq!(PointScore::OneACard.score(cards, value), one_a_card);
            assert_eq!(FOURS.score(cards, value), fours, "{cards} making {value}");
        }
    }

    #[test]
    fn least_in_play_under_each() {
        let none_for_the_last = RuleSet {
            play_score: PlayScore {
                counts_from: Rank::Ten,
                last_regardless: false,
            },
            ..AU_CENT
        };
        assert_eq!(PORTLAND.least_in_play(), 13);
        assert_eq!(AU_CENT_FOURS.least_in_play(), 13);
        assert_eq!(AU_CENT_SEVENS.least_in_play(), 1);
        assert_eq!(none_for_the_last.least_in_play(), 0);
    }
}
