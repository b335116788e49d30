//! The French rules (laws/classic.yaml): little piquet as first written
//! (`classic`), the 19th-century simplification (`modern`, M1-M4), and the
//! 36-card piquet of Molière's time (`old`, O1-O6).
//!
//! Each is the Portland rule set's shape with the French book's values and
//! citations. The French text states no penalties: where a score line or a
//! ruling has no article of its own, the citation is the Portland law as
//! the nearest written law, which the report marks as an analogy.

use crate::agreements::{Agreement, Agreements};
use crate::cards::Rank;
use crate::engine::declarations::ways::FRENCH_CALLING;
use crate::laws::BookId;
use crate::Rules;

use super::exchange::FRENCH_EXCHANGE;
use super::{
    Citations, GameEnd, Irregularities, LastOnCapot, PartieRule, PiqueBy, PlayScore, PointOrder,
    PointScore, RuleSet, Why, PORTLAND,
};

/// 15.1a-15.1c: "sevens, eights, and nines are called non-scoring cards",
/// and "the point for last is nevertheless awarded" when the last trick is
/// won with one. Any card lower than a ten scores nothing (the sixes of
/// old piquet too: 15.1a says "a card lower than a ten").
const NON_SCORING_BELOW_TEN: PlayScore = PlayScore {
    counts_from: Rank::Ten,
    last_regardless: true,
};

/// 19c, 19e: a game a hundred up; the match two games, and the belle if
/// they are split (the first to two games). No game counts double. 19d:
/// the deal that reaches the target stops in the declarations.
const MATCH: PartieRule = PartieRule::Games {
    up: 100,
    double_under: 0,
    double_counts: 1,
    to_win: 2,
    end: GameEnd::StopsInTheDeclarations,
};

/// The French book's ids for each score line; irregularities, which the
/// French text does not provide for, keep the Portland law as the nearest
/// written law (an analogy).
const CLASSIC_CITE: Citations = Citations {
    carte_blanche: &["4f", "4j"],
    false_carte_blanche: &["4f", "4g", "4h"],
    point: &["6a", "6d", "6e"],
    sequences: &["6k", "6m", "6n"],
    sets: &["6p", "6q", "6s"],
    play: &["13f", "13g", "13h"],
    play_not_counting: &["15.1a", "15.1b", "15.1c"],
    cards: &["15.1d", "15.1e", "15.1f"],
    repique: &["11d", "11e"],
    pique: &["15.1g", "15.1h"],
    order: &["9a", "11a"],
    partie: &["19e"],
    partie_deals: &["R3", "R4"],
    partie_difference: &["R5"],
    partie_sum: &["R5"],
    game: &["19c", "R2"],
    game_end: &["19c", "19d"],
    follow_suit: &["13b"],
    take_from_top: &["4b"],
    exchange: &["4b", "4d"],
    smaller_call: &["21a", "21b"],
    omitted: &["21b"],
    point_first: &["6a", "1f"],
    point_one_less: &["6a", "6d", "6e"],
    // 1a: "a deck of 32 cards"; what follows from a pack found incorrect
    // is law 75's, by analogy.
    incorrect_pack: &["1a", "75"],
    why: Why {
        carte_blanche: "4j",
        point: "6a, 6e",
        point_equal: "6d",
        sequences: "6k, 6n",
        sequences_equal: "6m",
        sets: "6p, 6q, 6s",
        sets_equal: "6q",
        every_one: true,
        repique: "11d, 11e",
        repique_missed: "11e",
        pique: "15.1g, 15.1h",
        divided: "15.1e",
        not_good: "better",
    },
    ..PORTLAND.cite
};

/// Little piquet under the original French rules.
pub const CLASSIC: RuleSet = RuleSet {
    rules: Rules::Classic,
    book: BookId::Classic,
    point_order: PointOrder::ValueOnly,
    point_score: PointScore::Tens,
    play_score: NON_SCORING_BELOW_TEN,
    pique_by: PiqueBy::Either,
    partie: MATCH,
    cite: CLASSIC_CITE,
    exchange_rules: FRENCH_EXCHANGE,
    // "The French text states no penalties" (issue 15): the Portland laws
    // are the nearest written laws, cited by analogy.
    irregularities: Irregularities::ByAnalogy(BookId::Portland),
    agreed: classic_agreed,
    calling: FRENCH_CALLING,
    ..PORTLAND
};

/// The classic rules as written: no agreement changes them yet.
fn classic_agreed(agreements: Agreements) -> Option<&'static RuleSet> {
    agreements.is_none().then_some(&CLASSIC)
}

/// Modern piquet as written, or with M4's agreement that the last trick
/// does not score on a capot.
fn modern_agreed(agreements: Agreements) -> Option<&'static RuleSet> {
    if agreements.is_none() {
        Some(&MODERN)
    } else if agreements == Agreements::of(Agreement::NoLastOnCapot) {
        Some(&MODERN_NO_LAST_ON_CAPOT)
    } else {
        None
    }
}

/// M4, by agreement: "Some rules specify that the point for the last trick
/// is not counted in the event of a capot."
static MODERN_NO_LAST_ON_CAPOT: RuleSet = RuleSet {
    last_on_capot: LastOnCapot::NotCounted,
    cite: Citations {
        cards: &["15.1d", "15.1e", "15.1f", "M4"],
        ..MODERN.cite
    },
    ..MODERN
};

/// Old piquet as written.
fn old_agreed(agreements: Agreements) -> Option<&'static RuleSet> {
    agreements.is_none().then_some(&OLD)
}

/// M2, M3: modern piquet: the point by the number of cards, the pip total
/// breaking ties; every card scores in play. The text does not say what a
/// point so counted scores: one a card, as under the Portland laws (see
/// docs/scoring.md).
pub const MODERN: RuleSet = RuleSet {
    rules: Rules::Modern,
    point_order: PointOrder::CardsThenValue,
    point_score: PointScore::OneACard,
    play_score: PlayScore::EVERY_CARD,
    cite: Citations {
        point: &["M2", "6d"],
        play: &["M3", "13f", "13g", "13h"],
        why: Why {
            point: "M2",
            point_equal: "M2, 6d",
            ..CLASSIC_CITE.why
        },
        ..CLASSIC_CITE
    },
    agreed: modern_agreed,
    ..CLASSIC
};

/// Law 63's values with the neuvième of old piquet (O4: "a sequence of 9
/// cards worth 19 points").
const OLD_SEQUENCES: [u32; 7] = [3, 4, 15, 16, 17, 18, 19];

/// O1-O5: the 36-card pack with the sixes, twelve cards each and a stock
/// of twelve, the elder exchanging up to eight, the neuvième worth 19, and
/// carte blanche in both hands, both scoring it (O5: with 24 blank cards,
/// nothing else is needed; each carte blanche scored bars the other's
/// repic and pic as any declaration does).
pub const OLD: RuleSet = RuleSet {
    rules: Rules::Old,
    lowest: Rank::Six,
    stock: 12,
    elder_exchange: 8,
    sequence_scores: &OLD_SEQUENCES,
    cite: Citations {
        // O2: "the stock likewise contains 12"; O3: "The elder hand may
        // exchange up to 8 cards ... the dealer then has only 4 left
        // available to him"; 4b, 4d otherwise.
        exchange: &["O2", "O3", "4b", "4d"],
        // O1: "a 36-card deck instead of 32 the sixes are the lowest cards".
        incorrect_pack: &["O1", "75"],
        // O4: the neuvième, the sequence the old pack adds.
        sequences: &["6k", "6m", "6n", "O4"],
        // O5: both may hold carte blanche, and both score it.
        carte_blanche: &["4f", "4j", "O5"],
        ..CLASSIC_CITE
    },
    agreed: old_agreed,
    ..CLASSIC
};

#[cfg(test)]
mod tests {
    use super::*;

    /// 6e: 30-34 scores 3, 35-39 scores 4.
    #[test]
    fn the_point_scores_its_tens() {
        let table = [
            (30, 3),
            (34, 3),
            (35, 4),
            (39, 4),
            (46, 5),
            (64, 6),
            (65, 7),
        ];
        for (value, score) in table {
            assert_eq!(CLASSIC.point_score.score(5, value), score, "{value}");
        }
        assert_eq!(MODERN.point_score.score(5, 46), 5);
    }

    /// 6b, 6c: "an ace, a queen, a nine, and a seven of the same suit form
    /// a point of 11 + 10 + 9 + 7 = 37".
    #[test]
    fn the_point_is_counted_by_its_pips() {
        use crate::cards::CardSet;
        use crate::engine::holding::best_point;
        let hand: CardSet = ["AH", "QH", "9H", "7H", "KS", "8D"]
            .iter()
            .map(|c| c.parse().expect("a card"))
            .collect();
        let point = best_point(hand, &CLASSIC).expect("a point");
        assert_eq!((point.cards, point.value), (4, 37));
        assert_eq!(CLASSIC.point_score.score(point.cards, point.value), 4);
    }

    /// M4: the agreement makes modern piquet's rule set without the last
    /// trick on a capot; classic and old admit no agreement.
    #[test]
    fn m4_no_last_on_capot_under_modern_only() {
        let m4 = Agreements::of(Agreement::NoLastOnCapot);
        let table = [
            (&MODERN, Agreements::NONE, Some(LastOnCapot::Scores)),
            (&MODERN, m4, Some(LastOnCapot::NotCounted)),
            (&CLASSIC, m4, None),
            (&OLD, m4, None),
            (&CLASSIC, Agreements::NONE, Some(LastOnCapot::Scores)),
        ];
        for (rules, agreements, last) in table {
            let agreed = rules.agree(agreements).map(|r| r.last_on_capot);
            assert_eq!(agreed, last, "{:?} {agreements}", rules.rules);
        }
    }

    /// O1, O2, O4: the old pack, its stock and the neuvième.
    #[test]
    fn old_piquet() {
        assert_eq!(OLD.pack_size(), 36);
        assert_eq!(OLD.hand * 2 + OLD.stock, 36);
        assert_eq!(OLD.sequence_score(9), 19);
        assert_eq!(CLASSIC.pack_size(), 32);
        assert_eq!(CLASSIC.hand * 2 + CLASSIC.stock, 32);
    }
}
