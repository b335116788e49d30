//! What a hand holds that a declaration names: the holding a call or a
//! reckoning claims, found in the hand as called or as misnamed (law 53),
//! and the cards a holding or a declaration shows.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::notation::{Declaration, Top};

use super::*;
use crate::engine::answers::names;
use crate::engine::holding::{self, Point, Sequence, Set};
use crate::engine::ruleset::RuleSet;

/// How closely a claim must match the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Strictness {
    /// Suit and rank as called.
    AsCalled,
    /// Law 53: the counting value only; the suit or rank may be misnamed.
    Misnomer,
}

/// The holding a claim names, if the hand holds it.
pub(super) fn find_held(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    strictness: Strictness,
) -> Option<Holding> {
    find_held_besides(declaration, hand, rules, strictness, &[])
}

/// The best holding a claim names, if the hand holds one, other than those
/// already reckoned (law 63: two tierces to the king in different suits,
/// reckoned together, are two declarations, each scored).
pub(super) fn find_held_besides(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    strictness: Strictness,
    besides: &[Holding],
) -> Option<Holding> {
    find_held_apart(declaration, hand, rules, strictness, [besides, &[]])
}

/// The best holding a claim names, if the hand holds one, other than those
/// in either list (as [`find_held_besides`] with the two lists together).
/// Law 53 under `Strictness::Misnomer`. Each kind is read only in the suit
/// or rank the claim names, where it is held as called; of holdings as
/// good as one another, the last found is the one meant (as `max_by`
/// would have it; `find_held_apart_reference` is the test's reference).
fn find_held_apart(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    strictness: Strictness,
    besides: [&[Holding]; 2],
) -> Option<Holding> {
    let loose = strictness == Strictness::Misnomer;
    let fresh = |h: &Holding| !besides[0].contains(h) && !besides[1].contains(h);
    match *declaration {
        Declaration::CarteBlanche => holding::is_carte_blanche(hand)
            .then_some(Holding::CarteBlanche)
            .filter(fresh),
        Declaration::Point {
            cards,
            making,
            suit,
        } => {
            let mut best: Option<(Point, Point)> = None;
            for s in suits_read(suit, loose) {
                let Some(p) = holding::point_in(hand, s) else {
                    continue;
                };
                if cards.is_some_and(|n| p.cards < n)
                    || making.is_some_and(|m| p.value < m && cards.is_none_or(|n| p.cards <= n))
                {
                    continue;
                }
                let called = Point {
                    cards: cards.unwrap_or(p.cards),
                    value: making.unwrap_or(p.value),
                    ..p
                };
                let better = best.is_none_or(|(b, _)| {
                    holding::compare_points(&p, &b, rules) != std::cmp::Ordering::Less
                });
                if better && fresh(&Holding::Point(called)) {
                    best = Some((p, called));
                }
            }
            best.map(|(_, called)| Holding::Point(called))
        }
        Declaration::Sequence { length, top, suit } => {
            let wanted_top = match top {
                Top::Unstated => None,
                Top::Major => Some(Rank::Ace),
                Top::Minor => Rank::ALL
                    .get(rules.lowest as usize + usize::from(length).saturating_sub(1))
                    .copied(),
                Top::To(rank) => Some(rank),
            };
            let mut best: Option<(bool, Sequence)> = None;
            for x in suits_read(suit, loose) {
                for s in holding::runs_in(hand, x, rules) {
                    let top = match wanted_top {
                        Some(t) if !loose => t,
                        _ => s.top,
                    };
                    let called = Sequence {
                        suit: s.suit,
                        length,
                        top,
                    };
                    // A whole sequence as called is preferred to part of a longer one.
                    let whole = s.length == length && s.top == top;
                    let better = best.is_none_or(|(b_whole, b)| {
                        whole
                            .cmp(&b_whole)
                            .then(holding::compare_sequences(&called, &b))
                            != std::cmp::Ordering::Less
                    });
                    if better
                        && holding::holds_run(hand, s.suit, top, length)
                        && fresh(&Holding::Sequence(called))
                    {
                        best = Some((whole, called));
                    }
                }
            }
            best.map(|(_, sequence)| Holding::Sequence(sequence))
        }
        Declaration::Set { set, rank } => {
            let count = set.count();
            let found = |s: Set| {
                Holding::Set(Set {
                    rank: s.rank,
                    count,
                })
            };
            match rank {
                // Only the rank called can be the one: held three times or
                // more, at or above the lowest rank of a set.
                Some(rank) if !loose => {
                    let held = hand.count_rank(rank).min(4) as u8;
                    let set = Set { rank, count: held };
                    (rank >= rules.lowest_set && held >= 3 && held >= count)
                        .then(|| found(set))
                        .filter(fresh)
                }
                _ => holding::sets(hand, rules)
                    .into_iter()
                    .filter(|s| s.count >= count)
                    .filter(|s| fresh(&found(*s)))
                    .max_by(holding::compare_sets)
                    .map(found),
            }
        }
    }
}

/// The suits a claim is read in: the one it names, where it must be held
/// as called; else every suit, in order.
fn suits_read(suit: Option<Suit>, loose: bool) -> impl Iterator<Item = Suit> {
    Suit::ALL
        .into_iter()
        .filter(move |s| loose || suit.is_none_or(|x| x == *s))
}

#[cfg(test)]
/// The best holding a claim names, if the hand holds one, other than those
/// in either list: the way [`find_held_apart`] was written before it was
/// made faster, kept as its test's reference.
fn find_held_apart_reference(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    strictness: Strictness,
    besides: [&[Holding]; 2],
) -> Option<Holding> {
    let loose = strictness == Strictness::Misnomer;
    let fresh = |h: &Holding| !besides[0].contains(h) && !besides[1].contains(h);
    match *declaration {
        Declaration::CarteBlanche => holding::is_carte_blanche(hand)
            .then_some(Holding::CarteBlanche)
            .filter(fresh),
        Declaration::Point {
            cards,
            making,
            suit,
        } => holding::points(hand)
            .filter(|p| loose || suit.is_none_or(|s| s == p.suit))
            .filter(|p| cards.is_none_or(|n| p.cards >= n))
            .filter(|p| making.is_none_or(|m| p.value >= m || cards.is_some_and(|n| p.cards > n)))
            .map(|p| {
                let called = Point {
                    cards: cards.unwrap_or(p.cards),
                    value: making.unwrap_or(p.value),
                    ..p
                };
                (p, Holding::Point(called))
            })
            .filter(|(_, h)| fresh(h))
            .max_by(|(a, _), (b, _)| holding::compare_points(a, b, rules))
            .map(|(_, h)| h),
        Declaration::Sequence { length, top, suit } => {
            let wanted_top = match top {
                Top::Unstated => None,
                Top::Major => Some(Rank::Ace),
                Top::Minor => Rank::ALL
                    .get(rules.lowest as usize + usize::from(length).saturating_sub(1))
                    .copied(),
                Top::To(rank) => Some(rank),
            };
            holding::sequences(hand, rules)
                .into_iter()
                .filter(|s| loose || suit.is_none_or(|x| x == s.suit))
                .filter_map(|s| {
                    let top = match wanted_top {
                        Some(t) if !loose => t,
                        _ => s.top,
                    };
                    let called = Sequence {
                        suit: s.suit,
                        length,
                        top,
                    };
                    // A whole sequence as called is preferred to part of a longer one.
                    let whole = s.length == length && s.top == top;
                    holding::holds_run(hand, s.suit, top, length).then_some((whole, called))
                })
                .filter(|(_, s)| fresh(&Holding::Sequence(*s)))
                .max_by(|(a_whole, a), (b_whole, b)| {
                    a_whole.cmp(b_whole).then(holding::compare_sequences(a, b))
                })
                .map(|(_, sequence)| Holding::Sequence(sequence))
        }
        Declaration::Set { set, rank } => {
            let count = set.count();
            holding::sets(hand, rules)
                .into_iter()
                .filter(|s| loose || rank.is_none_or(|r| r == s.rank))
                .filter(|s| s.count >= count)
                .filter(|s| {
                    fresh(&Holding::Set(Set {
                        rank: s.rank,
                        count,
                    }))
                })
                .max_by(holding::compare_sets)
                .map(|s| {
                    Holding::Set(Set {
                        rank: s.rank,
                        count,
                    })
                })
        }
    }
}

/// Law 63: the holdings a player names by suit or rank in his other
/// claims of the same kind, which tell which of two equal holdings a claim
/// that does not name its suit means.
#[derive(Debug, Default)]
pub(super) struct Named {
    /// Named by the other claims of the same line: not the one meant.
    pub(super) same_line: Vec<Holding>,
    /// Named on other lines (a call, then the reckoning): of equal
    /// holdings, the one meant.
    pub(super) elsewhere: Vec<Holding>,
}

/// Whether a declaration leaves out its suit (a point or sequence) or its
/// rank (a quatorze or trio).
pub(super) fn unsuited(declaration: &Declaration) -> bool {
    match *declaration {
        Declaration::Point { suit, .. } | Declaration::Sequence { suit, .. } => suit.is_none(),
        Declaration::Set { rank, .. } => rank.is_none(),
        Declaration::CarteBlanche => false,
    }
}

/// The holding a claim names as called, other than those in `besides`. A
/// claim that does not name its suit (`quart major`, holding quart majors
/// in spades and in hearts) means one that the same line does not name
/// otherwise (`quart major, quart major in hearts` are the two), and of
/// equal ones, one that another line names (`calls quart major`, then
/// `reckons quart major in spades` are the same quart).
pub(super) fn held_as_called(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    besides: &[Holding],
    named: &Named,
) -> Option<Holding> {
    let find = |besides: [&[Holding]; 2]| {
        find_held_apart(declaration, hand, rules, Strictness::AsCalled, besides)
    };
    if !unsuited(declaration) {
        return find([besides, &[]]);
    }
    let avoid = [besides, &named.same_line[..]];
    let best = find(avoid).or_else(|| find([besides, &[]]))?;
    if named.elsewhere.contains(&best) {
        return Some(best);
    }
    let avoided = |h: &Holding| avoid[0].contains(h) || avoid[1].contains(h);
    let equal = named
        .elsewhere
        .iter()
        .find(|h| !avoided(h) && names(declaration, h) && !beats(&best, h, rules));
    Some(equal.copied().unwrap_or(best))
}

/// What a claim by a player whose hand is known only in part is taken to be.
pub(super) fn unknown_hand_holding(declaration: &Declaration) -> Option<Holding> {
    use crate::cards::Suit;
    Some(match *declaration {
        Declaration::CarteBlanche => Holding::CarteBlanche,
        Declaration::Point {
            cards,
            making,
            suit,
        } => Holding::Point(Point {
            suit: suit.unwrap_or(Suit::Spades),
            cards: cards?,
            value: making.unwrap_or(0),
        }),
        Declaration::Sequence { length, top, suit } => Holding::Sequence(Sequence {
            suit: suit.unwrap_or(Suit::Spades),
            length,
            top: match top {
                Top::To(rank) => rank,
                _ => Rank::Ace,
            },
        }),
        Declaration::Set { set, rank } => Holding::Set(Set {
            rank: rank?,
            count: set.count(),
        }),
    })
}

/// The cards that make a holding, as they lie in the hand.
pub(super) fn cards_of(holding: &Holding, hand: CardSet, rules: &RuleSet) -> CardSet {
    match *holding {
        Holding::CarteBlanche => CardSet::EMPTY,
        Holding::Point(p) => CardSet::of(
            Rank::ALL
                .into_iter()
                .rev()
                .map(|rank| Card::new(rank, p.suit))
                .filter(|c| hand.contains(*c))
                .take(usize::from(p.cards)),
        ),
        Holding::Sequence(s) => CardSet::of(
            Rank::ALL
                .into_iter()
                .rev()
                .filter(|rank| *rank <= s.top && *rank >= rules.lowest)
                .take(usize::from(s.length))
                .map(|rank| Card::new(rank, s.suit)),
        ),
        Holding::Set(s) => CardSet::of(
            Suit::ALL
                .into_iter()
                .map(|suit| Card::new(s.rank, suit))
                .filter(|c| hand.contains(*c)),
        ),
    }
}

/// Case IV: the cards a declaration shows its holder must hold, whatever
/// else he holds: every card of a sequence whose suit is known, and each
/// card of a point without which its cards could not make what was said
/// (a point of four making forty-one is headed by the ace).
pub(super) fn implied_cards(
    declaration: &Declaration,
    holding: &Holding,
    rules: &RuleSet,
) -> CardSet {
    match (declaration, holding) {
        (_, Holding::Sequence(_)) => cards_of(holding, CardSet::EMPTY, rules),
        (
            Declaration::Point {
                cards: Some(cards),
                making: Some(making),
                ..
            },
            Holding::Point(p),
        ) => {
            let ranks = Rank::ALL.into_iter().filter(|r| *r >= rules.lowest);
            CardSet::of(
                ranks
                    .clone()
                    .filter(|rank| {
                        let best_without: u32 = ranks
                            .clone()
                            .rev()
                            .filter(|r| r != rank)
                            .take(usize::from(*cards))
                            .map(Rank::pips)
                            .sum();
                        best_without < *making
                    })
                    .map(|rank| Card::new(rank, p.suit)),
            )
        }
        _ => CardSet::EMPTY,
    }
}

/// The best holding of a kind among some cards (law 55: what was shown).
pub(super) fn best_in(category: Category, cards: CardSet, rules: &RuleSet) -> Option<Holding> {
    match category {
        Category::CarteBlanche => None,
        Category::Point => holding::best_point(cards, rules).map(Holding::Point),
        Category::Sequence => holding::best_sequence(cards, rules).map(Holding::Sequence),
        Category::Set => holding::best_set(cards, rules).map(Holding::Set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    /// Every declaration of a kind, of each shape a transcript can write.
    fn every_declaration() -> Vec<Declaration> {
        use crate::notation::SetKind;
        let suits = [None].into_iter().chain(Suit::ALL.map(Some));
        let mut out = vec![Declaration::CarteBlanche];
        for suit in suits.clone() {
            for cards in [None, Some(3), Some(4), Some(5), Some(6)] {
                for making in [None, Some(0), Some(29), Some(38), Some(41), Some(51)] {
                    out.push(Declaration::Point {
                        cards,
                        making,
                        suit,
                    });
                }
            }
            for length in 3..=6 {
                for top in [Top::Unstated, Top::Major, Top::Minor]
                    .into_iter()
                    .chain(Rank::ALL.map(Top::To))
                {
                    out.push(Declaration::Sequence { length, top, suit });
                }
            }
        }
        for rank in [None].into_iter().chain(Rank::ALL.map(Some)) {
            for set in [SetKind::Trio, SetKind::Quatorze] {
                out.push(Declaration::Set { set, rank });
            }
        }
        out
    }

    /// The fast way of finding what a claim names gives what the way it
    /// was first written gives (`find_held_apart_reference`), over hands
    /// drawn at random, every shape of claim, both strictnesses, every
    /// rule set, with and without holdings already reckoned.
    #[test]
    fn law_53_find_held_apart_as_its_reference() {
        use crate::engine::ruleset::{AU_CENT, CLASSIC, MODERN, OLD};
        let mut seed: u64 = 17;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let cards: Vec<Card> = Suit::ALL
            .into_iter()
            .flat_map(|suit| Rank::ALL.map(|rank| Card::new(rank, suit)))
            .collect();
        let declarations = every_declaration();
        for rules in [&PORTLAND, &AU_CENT, &CLASSIC, &MODERN, &OLD] {
            for _ in 0..150 {
                let size = 8 + next() % 10;
                let hand = CardSet::of((0..size).map(|_| cards[next() % cards.len()]));
                for declaration in &declarations {
                    for strictness in [Strictness::AsCalled, Strictness::Misnomer] {
                        let bare = find_held_apart_reference(
                            declaration,
                            hand,
                            rules,
                            strictness,
                            [&[], &[]],
                        );
                        let besides: Vec<Holding> = bare.into_iter().collect();
                        for lists in [[&[][..], &[][..]], [&besides[..], &[]], [&[], &besides[..]]]
                        {
                            assert_eq!(
                                find_held_apart(declaration, hand, rules, strictness, lists),
                                find_held_apart_reference(
                                    declaration,
                                    hand,
                                    rules,
                                    strictness,
                                    lists
                                ),
                                "{declaration:?} {hand} {strictness:?} {lists:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    fn quart_major(suit: Option<Suit>) -> Declaration {
        Declaration::Sequence {
            length: 4,
            top: Top::Major,
            suit,
        }
    }

    fn held_quart(suit: Suit) -> Holding {
        Holding::Sequence(Sequence {
            suit,
            length: 4,
            top: Rank::Ace,
        })
    }

    /// Law 63, quart majors held in spades and in hearts, a quart to the
    /// king in diamonds: (the claim, what the same line names otherwise,
    /// what other lines name, already reckoned on the line, the quart meant).
    #[test]
    fn law_63_a_claim_without_its_suit_means_the_one_not_named() {
        let hand: CardSet = "AS KS QS JS AH KH QH JH KD QD JD 10D".parse().unwrap();
        let (spades, hearts) = (held_quart(Suit::Spades), held_quart(Suit::Hearts));
        let table = [
            (quart_major(None), vec![hearts], vec![], vec![], spades),
            (quart_major(None), vec![spades], vec![], vec![], hearts),
            (quart_major(None), vec![], vec![spades], vec![], spades),
            (quart_major(None), vec![], vec![hearts], vec![], hearts),
            (
                quart_major(None),
                vec![hearts],
                vec![hearts],
                vec![],
                spades,
            ),
            (
                quart_major(None),
                vec![],
                vec![spades],
                vec![spades],
                hearts,
            ),
            (
                quart_major(Some(Suit::Hearts)),
                vec![hearts],
                vec![],
                vec![],
                hearts,
            ),
        ];
        for (claim, same_line, elsewhere, besides, meant) in table {
            let named = Named {
                same_line,
                elsewhere,
            };
            let found = held_as_called(&claim, hand, &PORTLAND, &besides, &named);
            assert_eq!(
                found,
                Some(meant),
                "{claim:?} {named:?} besides {besides:?}"
            );
        }
    }
}
