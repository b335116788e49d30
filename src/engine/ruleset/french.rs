//! The French rules (laws/classic.yaml): little piquet as first written
//! (`classic`), the 19th-century simplification (`modern`, M1-M4), and the
//! 36-card piquet of Molière's time (`old`, O1-O6).
//!
//! Each is the Portland rule set's shape with the French book's values and
//! citations. The French text states no penalties: where a score line or a
//! ruling has no article of its own, the citation is the Portland law as
//! the nearest written law, which the report marks as an analogy.

use crate::agreements::Agreements;
use crate::cards::Rank;
use crate::laws::BookId;
use crate::Rules;

use super::exchange::FRENCH_EXCHANGE;
use super::{
    Citations, GameEnd, Irregularities, PartieRule, PlayScore, PointOrder, PointScore, RuleSet,
    PORTLAND,
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
    ..PORTLAND.cite
};

/// Little piquet under the original French rules.
pub const CLASSIC: RuleSet = RuleSet {
    rules: Rules::Classic,
    book: BookId::Classic,
    point_order: PointOrder::ValueOnly,
    point_score: PointScore::Tens,
    play_score: NON_SCORING_BELOW_TEN,
    partie: MATCH,
    cite: CLASSIC_CITE,
    exchange_rules: FRENCH_EXCHANGE,
    // "The French text states no penalties" (issue 15): the Portland laws
    // are the nearest written laws, cited by analogy.
    irregularities: Irregularities::ByAnalogy(BookId::Portland),
    agreed: classic_agreed,
    ..PORTLAND
};

/// The classic rules as written: no agreement changes them yet.
fn classic_agreed(agreements: Agreements) -> Option<&'static RuleSet> {
    agreements.is_none().then_some(&CLASSIC)
}

/// Modern piquet as written.
fn modern_agreed(agreements: Agreements) -> Option<&'static RuleSet> {
    agreements.is_none().then_some(&MODERN)
}

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
        // O5: "it is possible for both players to hold carte blanche ...
        // both players score the 10 points".
        carte_blanche: &["4f", "4j", "O5"],
        // O2: "the stock likewise contains 12"; O3: "The elder hand may
        // exchange up to 8 cards ... the dealer then has only 4 left
        // available to him"; 4b, 4d otherwise.
        exchange: &["O2", "O3", "4b", "4d"],
        // O1: "a 36-card deck instead of 32 the sixes are the lowest cards".
        incorrect_pack: &["O1", "75"],
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
