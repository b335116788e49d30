//! Shuffling and cutting: laws 1, 3-8.
//!
//! A cut that shows a card (`A cuts KH`) is a cut for deal; a cut that
//! lifts a number of cards (`A cuts 14`) is the cut to the dealer.

use crate::cards::Card;
use crate::notation::{Act, Cards, Choice, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::{ruling, Conduct, Moment};

/// The acts [`act`] reads: the rest are nothing to these laws.
pub fn reads(act: &Act) -> bool {
    matches!(
        act,
        Act::Shuffles
            | Act::Cuts { .. }
            | Act::Exposes { .. }
            | Act::ConfusesCards
            | Act::Chooses(_)
    )
}

/// Rules a shuffle, cut or choice.
#[inline]
pub fn act(
    conduct: &mut Conduct,
    player: PlayerId,
    act: &Act,
    span: Span,
    moment: &Moment,
    out: &mut Vec<Ruling>,
) {
    match act {
        Act::Shuffles => shuffle(conduct, player, span, moment),
        Act::Cuts { cards, card } => {
            let void = cards.and_then(|n| cut_size(player, n, span, moment));
            let for_deal = card.is_some();
            if let Some(card) = card {
                if conduct
                    .exposed_cut
                    .is_some_and(|(cutter, ..)| cutter == player)
                {
                    out.extend(exposure_not_taken(conduct, moment));
                    conduct.exposed_cut = None;
                }
                conduct.cut_for_deal[player.index()] = Some(*card);
                conduct.void_cut_for_deal[player.index()] = false;
            } else if conduct.last_cut == Some((player, false)) && !conduct.cut_spoilt {
                out.push(cut_twice(player, span));
            }
            conduct.last_cut = Some((player, for_deal));
            conduct.cut_spoilt = void.is_some();
            out.extend(void);
            lower_deals(conduct, moment);
        }
        // AC1: "his adversary may treat the lowest of the exposed cards as
        // the one cut".
        Act::Exposes {
            cards: Cards::List(exposed),
            from,
        } if conduct.exposes_in_cutting(from.as_ref())
            && moment.rules.cut_for_deal.lowest_exposed_taken()
            && conduct.last_cut == Some((player, true)) =>
        {
            let cut = conduct.cut_for_deal[player.index()];
            let lowest = exposed.iter().copied().chain(cut).min_by_key(|c| c.rank);
            if let Some(lowest) = lowest {
                conduct.exposed_cut = Some((player, lowest, span));
            }
        }
        // Law 5: cards exposed from the pack by the cutter for deal; law 7:
        // a card exposed in cutting to the dealer or in reuniting the
        // separated packets, by either player, before the dealing begins.
        Act::Exposes { cards, from }
            if conduct.exposes_in_cutting(from.as_ref()) && !matches!(cards, Cards::Count(0)) =>
        {
            if let Some((cutter, for_deal)) = conduct.last_cut {
                if cutter == player || !for_deal {
                    conduct.cut_spoilt = true;
                    if for_deal {
                        conduct.void_cut_for_deal[player.index()] = true;
                        conduct.cut_for_deal[player.index()] = None;
                    }
                    out.push(spoilt_cut(player, for_deal, span));
                }
            }
        }
        Act::ConfusesCards if conduct.last_cut.is_some() => {
            conduct.cut_spoilt = true;
            out.push(spoilt_cut(player, false, span));
        }
        Act::Chooses(Choice::Cut(card)) => out.extend(take_lowest(conduct, player, *card, moment)),
        // AC1: "The player who cuts the lower card has to deal"; 1d:
        // "whoever draws the lower card becomes the first dealer": nobody chooses.
        Act::Chooses(Choice::Deal | Choice::NotDeal) if moment.rules.cut_for_deal.lower_deals() => {
            out.push(ruling(
                Irregularity::ClaimNotAllowed {
                    what: "the choice of deal",
                },
                Some(player),
                moment.rules.cut_for_deal.laws(),
                Penalty::NoneStated,
                span,
            ));
        }
        Act::Chooses(choice @ (Choice::Deal | Choice::NotDeal)) => {
            let void = PlayerId::BOTH
                .into_iter()
                .find(|p| conduct.void_cut_for_deal[p.index()]);
            if let Some(cutter) = void {
                out.push(chooses_on_void_cut(player, cutter, span));
            } else if let Some(ruling) = choose_deal(conduct.cut_for_deal, player, span, moment) {
                out.push(ruling);
            } else {
                dealt_as_chosen(conduct, player, *choice, moment);
            }
        }
        // Law 4: the choice of cards is the cut's winner's, who deals, at the
        // commencement of the partie; after its first deal, nobody's. AC30:
        // "A player has no choice of cards on commencing a fresh partie."
        Act::Chooses(Choice::Cards)
            if !moment.rules.choice_of_cards.allowed(
                moment.dealer.is_none_or(|d| d == player),
                conduct.partie_begun,
            ) =>
        {
            out.push(ruling(
                Irregularity::ClaimNotAllowed {
                    what: "the choice of cards",
                },
                Some(player),
                moment.rules.choice_of_cards.laws(),
                Penalty::NoneStated,
                span,
            ));
        }
        _ => {}
    }
}

/// Law 1: "Each player has a right to shuffle both his own and his
/// adversary's pack. The dealer has the right of shuffling last." A shuffle
/// by the non-dealer after the dealer's leaves the dealer his right; it is
/// ruled once the deal is over, unless the dealer shuffled again after it.
fn shuffle(conduct: &mut Conduct, player: PlayerId, span: Span, moment: &Moment) {
    let Some(dealer) = moment.dealer else {
        return;
    };
    if player == dealer {
        conduct.dealer_shuffled = true;
        conduct.shuffled_last = None;
    } else if conduct.dealer_shuffled {
        conduct.shuffled_last = Some((player, span));
    }
}

/// AC1: "The player who cuts the lower card has to deal"; the French rules,
/// 1d: "whoever draws the lower card becomes the first dealer". Once both
/// cuts for deal stand, a first deal dealt by the player who cut the higher
/// card is dealt out of turn.
fn lower_deals(conduct: &mut Conduct, moment: &Moment) {
    if !moment.rules.cut_for_deal.lower_deals() || conduct.exposed_cut.is_some() {
        return;
    }
    let [Some(a), Some(b)] = conduct.cut_for_deal else {
        return;
    };
    if a.rank == b.rank {
        return;
    }
    let lower = if a.rank < b.rank {
        PlayerId(0)
    } else {
        PlayerId(1)
    };
    if moment.dealer.is_some_and(|dealer| dealer != lower) {
        conduct.dealt_out_of_turn = true;
        conduct.dealt_against_cut = true;
    } else if conduct.dealt_against_cut {
        // The cut changed since (the lowest exposed card taken as the cut):
        // the deal is no longer against it.
        conduct.dealt_out_of_turn = false;
        conduct.dealt_against_cut = false;
    }
}

/// AC1: "If he exposes more than one card in cutting, his adversary may
/// treat the lowest of the exposed cards as the one cut." The adversary
/// takes it (`B chooses 7S as cut`): the cut stands with that card. A card
/// other than the lowest, or a choice by the cutter himself, is not his.
fn take_lowest(
    conduct: &mut Conduct,
    player: PlayerId,
    card: Card,
    moment: &Moment,
) -> Option<Ruling> {
    let (cutter, lowest, span) = conduct.exposed_cut?;
    if cutter == player || card != lowest {
        return Some(ruling(
            Irregularity::ClaimNotAllowed {
                what: "to take as the cut a card other than the lowest exposed",
            },
            Some(player),
            moment.rules.cut_for_deal.laws(),
            Penalty::NoneStated,
            span,
        ));
    }
    conduct.exposed_cut = None;
    conduct.cut_for_deal[cutter.index()] = Some(card);
    lower_deals(conduct, moment);
    Some(ruling(
        Irregularity::ExposesInCuttingLowestTaken { card },
        Some(cutter),
        moment.rules.cut_for_deal.laws(),
        Penalty::CutStands,
        span,
    ))
}

/// AC1, the adversary not taking the lowest card exposed: the cutter must
/// cut again, as law 5 has it.
pub fn exposure_not_taken(conduct: &Conduct, moment: &Moment) -> Option<Ruling> {
    let (cutter, _, span) = conduct.exposed_cut?;
    Some(ruling(
        Irregularity::ExposesInCuttingForDeal,
        Some(cutter),
        moment.rules.cut_for_deal.cut_again_laws(),
        Penalty::CutAgain,
        span,
    ))
}

/// Law 1: the non-dealer shuffled last, after the dealer.
pub fn shuffled_last(conduct: &Conduct) -> Option<Ruling> {
    let (player, span) = conduct.shuffled_last?;
    Some(ruling(
        Irregularity::ShufflesAfterDealer,
        Some(player),
        &["1"],
        Penalty::NoneStated,
        span,
    ))
}

/// Law 3: "A cut must consist of at least two cards, and at least two must
/// be left in the lower packet."
pub fn cut_size(player: PlayerId, cards: u8, span: Span, moment: &Moment) -> Option<Ruling> {
    let n = usize::from(cards);
    (n < 2 || n + 2 > moment.pack).then(|| {
        ruling(
            Irregularity::CutTooSmall { cards },
            Some(player),
            &["3"],
            Penalty::CutAgain,
            span,
        )
    })
}

/// Law 8: "When a player in cutting has once separated the pack, he must
/// abide by the cut." A second cut to the dealer, the first not spoilt.
fn cut_twice(player: PlayerId, span: Span) -> Ruling {
    ruling(
        Irregularity::CutsTwice,
        Some(player),
        &["8"],
        Penalty::CutStands,
        span,
    )
}

/// Law 5: "If, in cutting for deal, a player expose more than one card, he
/// must cut again." Law 7: "If, in cutting to the dealer, or in reuniting
/// the separated packets, a card be exposed, or if there be any confusion
/// of the cards, there must be a fresh cut."
fn spoilt_cut(player: PlayerId, for_deal: bool, span: Span) -> Ruling {
    let (irregularity, laws): (_, &'static [&'static str]) = if for_deal {
        (Irregularity::ExposesInCuttingForDeal, &["5"])
    } else {
        (Irregularity::SpoilsTheCut, &["7"])
    };
    ruling(irregularity, Some(player), laws, Penalty::CutAgain, span)
}

/// Law 5: "If, in cutting for deal, a player expose more than one card, he
/// must cut again." The deal chosen before he has cut again rests on a cut
/// that does not count.
fn chooses_on_void_cut(player: PlayerId, cutter: PlayerId, span: Span) -> Ruling {
    ruling(
        Irregularity::ChoosesOnVoidCut {
            own: cutter == player,
        },
        Some(player),
        &["5"],
        Penalty::CutAgain,
        span,
    )
}

/// Law 4: "In cutting, the ace is highest. The player who cuts the higher
/// card has the choice of deal." R3 (rubicon under the French rules):
/// "whoever draws the higher card may, as he chooses, deal himself or
/// require his opponent to deal". A choice by the player who cut lower.
fn choose_deal(
    cuts: [Option<Card>; 2],
    player: PlayerId,
    span: Span,
    moment: &Moment,
) -> Option<Ruling> {
    let (Some(mine), Some(theirs)) = (cuts[player.index()], cuts[player.other().index()]) else {
        return None;
    };
    (mine.rank < theirs.rank).then(|| {
        ruling(
            Irregularity::ChoosesWithoutTheCut,
            Some(player),
            moment.rules.cut_for_deal.laws(),
            Penalty::NoneStated,
            span,
        )
    })
}

/// Laws 4, 16: the player who won the cut and chose to deal, or not to
/// deal, settles who deals the first deal; dealt by the other, the deal is
/// dealt out of turn.
fn dealt_as_chosen(conduct: &mut Conduct, chooser: PlayerId, choice: Choice, moment: &Moment) {
    let won = conduct.cut_for_deal.iter().all(Option::is_some);
    let due = match choice {
        Choice::Deal => chooser,
        _ => chooser.other(),
    };
    if won && moment.dealer.is_some_and(|dealer| dealer != due) {
        conduct.dealt_out_of_turn = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The laws of every ruling on the first deal of `text`, in order.
    fn laws_ruled(text: &str) -> Vec<&'static str> {
        let reading = crate::notation::read_str(text);
        assert!(reading.errors.is_empty(), "{text}: {:?}", reading.errors);
        let ruled = crate::engine::rule(&reading.transcript).expect("a rule set ruled");
        let rulings = &ruled.deals[0].rulings;
        rulings
            .iter()
            .flat_map(|r| r.laws.iter().copied())
            .collect()
    }
    use crate::engine::conduct::start;

    /// Law 3, each size of cut: fewer than two lifted, or fewer than two left.
    #[test]
    fn cut_sizes() {
        let table = [
            (0, true),
            (1, true),
            (2, false),
            (16, false),
            (30, false),
            (31, true),
        ];
        for (cards, void) in table {
            let ruled = cut_size(PlayerId(0), cards, Span::default(), &start());
            assert_eq!(ruled.is_some(), void, "a cut of {cards}");
        }
    }

    /// Law 4: only the higher cut chooses; the ace is highest.
    #[test]
    fn choice_of_deal() {
        let card = |s: &str| s.parse::<Card>().ok();
        let table = [("AS", "KH", false), ("9S", "KH", true), ("KH", "KS", false)];
        for (mine, theirs, wrong) in table {
            let ruled = choose_deal(
                [card(mine), card(theirs)],
                PlayerId(0),
                Span::default(),
                &start(),
            );
            assert_eq!(ruled.is_some(), wrong, "{mine} against {theirs}");
        }
    }

    /// Law 1, B dealing: who shuffles, in order, and who is ruled to have
    /// shuffled after the dealer (the dealer shuffling again keeps his right).
    #[test]
    fn the_dealer_shuffles_last() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        let table: [(&[PlayerId], Option<PlayerId>); 5] = [
            (&[b], None),
            (&[a, b], None),
            (&[b, a], Some(a)),
            (&[b, a, b], None),
            (&[a, b, a], Some(a)),
        ];
        for (shuffles, ruled) in table {
            let mut conduct = Conduct::new();
            for &player in shuffles {
                shuffle(&mut conduct, player, Span::default(), &start());
            }
            let got = shuffled_last(&conduct).and_then(|r| r.offender);
            assert_eq!(got, ruled, "{shuffles:?}");
        }
    }

    /// Laws 5, 7, 8, 13: an exposure in cutting for deal, in cutting to the
    /// dealer, in reuniting the packets, or in dealing, and the laws ruled
    /// on the whole (B deals).
    #[test]
    fn exposures_in_cutting_and_in_dealing() {
        let table: [(&str, &[&str]); 6] = [
            ("A cuts KH\nA exposes 7D from pack\nA cuts QS", &["5"]),
            (
                "A cuts KH\nA exposes 7D from pack\nB cuts 9S\nA chooses to deal",
                &["5", "5"],
            ),
            ("A cuts 12\nA exposes 8C from pack\nA cuts 15", &["7"]),
            ("A cuts 12\nB exposes 8C from pack\nA cuts 15", &["7"]),
            ("A cuts 12\nA cuts 15", &["8"]),
            (
                "A cuts 12\nB deals by 3\nB exposes QC from hand of A",
                &["13"],
            ),
        ];
        for (events, laws) in table {
            let text = format!("[Players \"A B\"]\n\ndeal 1\ndealer B\n{events}\n");
            assert_eq!(laws_ruled(&text), laws, "{events}");
        }
    }

    /// AC1, AC2, AC30 under au cent: the laws ruled on the whole, by the
    /// dealer written.
    #[test]
    fn the_cut_and_the_deal_under_au_cent() {
        let table: [(&str, &str, &[&str]); 9] = [
            ("A", "A cuts 9S\nB cuts KH", &[]),
            ("B", "A cuts 9S\nB cuts KH", &["AC1", "AC5"]),
            ("A", "A cuts 9S\nB cuts KH\nB chooses not to deal", &["AC1"]),
            (
                "A",
                "A cuts 7S\nA exposes 9D QC from pack\nB chooses 7S as cut\nB cuts KH",
                &["AC1"],
            ),
            (
                "A",
                "A cuts 7S\nA exposes 9D QC from pack\nB chooses QC as cut",
                &["AC1", "AC1", "5"],
            ),
            (
                "A",
                "A cuts 7S\nA exposes 9D QC from pack\nA cuts 8H\nB cuts KH",
                &["AC1", "5"],
            ),
            ("A", "A cuts 9S\nB cuts KH\nA chooses cards", &["AC30"]),
            ("A", "A deals by 3", &["AC2"]),
            ("A", "A deals by 2 and 3", &["AC2"]),
        ];
        for (dealer, events, laws) in table {
            let text = format!(
                "[Rules \"au-cent\"]\n[Players \"A B\"]\n\ndeal 1\ndealer {dealer}\n{events}\n"
            );
            assert_eq!(laws_ruled(&text), laws, "{events}");
        }
    }

    /// 1d under the French rules: the lower card deals, nobody chooses; a
    /// first deal dealt by the higher is dealt out of turn (law 16, the
    /// nearest written law); several cards exposed: law 5 (no AC1 here).
    #[test]
    fn the_cut_under_the_french_rules() {
        let table: [(&str, &str, &str, &[&str]); 6] = [
            ("classic", "A", "A cuts 9S\nB cuts KH", &[]),
            ("classic", "B", "A cuts 9S\nB cuts KH", &["1d", "16"]),
            ("modern", "B", "A cuts 9S\nB cuts KH", &["1d", "16"]),
            ("old", "A", "A cuts 6S\nB cuts 7H", &[]),
            (
                "classic",
                "A",
                "A cuts 9S\nB cuts KH\nB chooses not to deal",
                &["1d"],
            ),
            (
                "classic",
                "A",
                "A cuts 7S\nA exposes 9D QC from pack\nB chooses 7S as cut",
                &["5"],
            ),
        ];
        for (rules, dealer, events, laws) in table {
            let text = format!(
                "[Rules \"{rules}\"]\n[Players \"A B\"]\n\ndeal 1\ndealer {dealer}\n{events}\n"
            );
            assert_eq!(laws_ruled(&text), laws, "{rules}: {events}");
        }
    }
}
