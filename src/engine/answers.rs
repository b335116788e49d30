//! Every `claims` line answered: allowed or refused, with the reason and
//! the laws. A claim is a player asking the referee for something (a fresh
//! deal, to score a declaration, the cards played again); the answer is
//! read from what the deal was ruled to be, so it can never disagree with
//! the rulings and the score beside it.

use crate::notation::{Act, Call, Claim, Declaration, Entry, Event, PlayerId, Reply, Span, Top};
use crate::ruling::{Irregularity, Otherwise, Penalty, Ruling};

use super::declarations::{Category, Declarations, Holding, Settled, Verdict};
use super::ruleset::{DiscardFixed, RuleSet};
use super::score::{DealScore, Item};

/// Whether a claim is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// The claim is allowed.
    Allowed,
    /// The claim is refused.
    Refused,
    /// The referee cannot weigh a claim put in words of its own.
    NotWeighed,
}

/// Why a claim is allowed or refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A ruling of the deal settles it (its index in the deal's rulings).
    Ruling(usize),
    /// The players agreed to a fresh deal (Case III).
    Agreed,
    /// He is good in it, and holds it, and it is scored.
    Scored,
    /// He is not good in it: the adversary is, or the two are equal.
    NotGood(Category),
    /// Nothing in the deal gives a fresh deal, and the players did not agree one.
    NoFreshDeal,
    /// Law 59: the cards are played again only after a revoke, a set played
    /// to with the wrong number of cards, or misinformation; none is shown.
    /// `could_ask`: the call he says misled him was allowed good without
    /// its suit or its top card, and he might have asked to see it (Case XII).
    NoGroundToPlayAgain {
        /// Whether he might have asked to see the call (law 55).
        could_ask: bool,
    },
    /// No law makes the other player reckon nothing here.
    NoPenalty,
    /// No revoke is shown by the cards.
    NoRevoke,
    /// He has taken up no card of the stock: law 24 forbids altering the
    /// discard only after that.
    NotTakenIn,
    /// The claim is in words the referee does not weigh.
    InWords,
    /// He has not touched the stock: AC8 forbids altering the discard only
    /// after that.
    StockNotTouched,
}

/// A `claims` line, answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who claims.
    pub claimant: PlayerId,
    /// What he claims.
    pub claim: Claim,
    /// Where the claim is written.
    pub span: Span,
    /// Allowed or refused.
    pub given: Given,
    /// Why.
    pub why: Why,
    /// The laws the answer rests on.
    pub laws: Vec<&'static str>,
}

/// What the deal was ruled to be, for answering its claims.
pub struct Ruled<'a> {
    /// The deal's rulings.
    pub rulings: &'a [Ruling],
    /// The declarations weighed.
    pub declarations: &'a Declarations,
    /// The score.
    pub score: &'a DealScore,
    /// Whether the deal is void.
    pub void: bool,
    /// Whether the players agreed to a fresh deal.
    pub agreed: bool,
    /// The rule set.
    pub rules: &'a RuleSet,
}

/// Answers every `claims` line of the deal, in order: `claims` are the
/// indexes of those lines, in order (as the table gathers them, `Table::claims`).
pub fn answer(entries: &[Entry], claims: &[usize], ruled: &Ruled<'_>) -> Vec<Answer> {
    claims
        .iter()
        .filter_map(|&index| entries.get(index))
        .filter_map(|entry| match &entry.event {
            Event::Act {
                player,
                act: Act::Claims(claim),
            } => {
                let (given, why) = weigh(*player, claim, entry.span, entries, ruled);
                Some(Answer {
                    claimant: *player,
                    claim: claim.clone(),
                    span: entry.span,
                    given,
                    why,
                    laws: laws_of(why, ruled),
                })
            }
            _ => None,
        })
        .collect()
}

fn weigh(
    player: PlayerId,
    claim: &Claim,
    span: Span,
    entries: &[Entry],
    ruled: &Ruled<'_>,
) -> (Given, Why) {
    // The ruling a claim rests on is the last of its kind before the
    // claim (an error already put right is not what he claims on), or
    // failing that any of its kind.
    let found = |test: &dyn Fn(&Ruling) -> bool| {
        let before = |r: &Ruling| r.span.is_none_or(|s| s.start <= span.start);
        let matching = || ruled.rulings.iter().enumerate().filter(|(_, r)| test(r));
        matching()
            .filter(|(_, r)| before(r))
            .last()
            .or_else(|| matching().next())
            .map(|(index, _)| index)
    };
    match claim {
        Claim::FreshDeal => fresh_deal(player, ruled),
        Claim::Score(items) => score(player, items, span, ruled),
        Claim::PlayAgain(_) => match found(&|r| matches!(r.penalty, Penalty::PlayAgainFrom(_))) {
            Some(index) => (Given::Allowed, Why::Ruling(index)),
            None => (
                Given::Refused,
                Why::NoGroundToPlayAgain {
                    could_ask: might_have_asked(player, entries, ruled),
                },
            ),
        },
        Claim::ReckonsNothing(other) => {
            // AC9, AC10: the player who loses the game scores nothing in the deal.
            let struck = found(&|r| {
                r.offender == Some(*other)
                    && (r.penalty.reckons_nothing() || r.penalty == Penalty::LosesTheGame)
            });
            match struck {
                Some(index) => (Given::Allowed, Why::Ruling(index)),
                None => (Given::Refused, Why::NoPenalty),
            }
        }
        Claim::Revoke => match found(&|r| r.laws.contains(&"59.IV")) {
            Some(index) => (Given::Allowed, Why::Ruling(index)),
            None => (Given::Refused, Why::NoRevoke),
        },
        Claim::AlterDiscard => alter_discard(player, ruled),
        Claim::Other(_) => (Given::NotWeighed, Why::InWords),
    }
}

/// A fresh deal is given where a law voids the deal, or the players agree
/// one; otherwise it is refused (Case III: "A fresh deal is a matter of
/// agreement between the players").
fn fresh_deal(player: PlayerId, ruled: &Ruled<'_>) -> (Given, Why) {
    if ruled.agreed {
        return (Given::Allowed, Why::Agreed);
    }
    let voids = ruled.rulings.iter().position(|r| r.penalty.voids_deal());
    if let (true, Some(index)) = (ruled.void, voids) {
        return (Given::Allowed, Why::Ruling(index));
    }
    let refused = ruled.rulings.iter().position(|r| {
        r.offender == Some(player) && r.irregularity == Irregularity::FreshDealNotGiven
    });
    match refused {
        Some(index) => (Given::Refused, Why::Ruling(index)),
        None => (Given::Refused, Why::NoFreshDeal),
    }
}

/// A claim to score is allowed where every declaration it names is scored
/// to him; otherwise the ruling that strikes it, or the verdict, refuses it.
fn score(player: PlayerId, items: &[Declaration], span: Span, ruled: &Ruled<'_>) -> (Given, Why) {
    // A ruling on the claim itself (law 56: made too late).
    let on_it = ruled.rulings.iter().position(|r| {
        r.offender == Some(player) && r.span == Some(span) && r.penalty == Penalty::NotScored
    });
    if let Some(index) = on_it {
        return (Given::Refused, Why::Ruling(index));
    }
    for item in items {
        let scored = ruled.score.lines.iter().any(|l| {
            l.player == player && !l.struck && matches!(&l.item, Item::Holding(h) if names(item, h))
        });
        if scored {
            continue;
        }
        let against = ruled.rulings.iter().position(|r| {
            r.offender == Some(player)
                && (r.penalty.reckons_nothing()
                    || (r.penalty == Penalty::NotScored
                        && declaration_of(&r.irregularity)
                            .is_some_and(|d| Category::of(&d) == Category::of(item))))
        });
        let why = match against {
            Some(index) => Why::Ruling(index),
            None => Why::NotGood(Category::of(item)),
        };
        return (Given::Refused, why);
    }
    (Given::Allowed, Why::Scored)
}

/// Law 24: "After a player has taken up a card of the stock he cannot alter
/// his discard": refused after that, allowed before it. Law 32 and Case V
/// give the younger an alteration when the elder declared late the cards he
/// leaves, and law 11 the elder who finds a stock of seven.
fn alter_discard(player: PlayerId, ruled: &Ruled<'_>) -> (Given, Why) {
    let position = |test: &dyn Fn(&Ruling) -> bool| ruled.rulings.iter().position(test);
    if let Some(index) = position(&|r| {
        r.offender == Some(player)
            && matches!(
                r.irregularity,
                Irregularity::AltersDiscard | Irregularity::AltersDiscardAfterTouching
            )
    }) {
        return (Given::Refused, Why::Ruling(index));
    }
    let given = position(&|r| {
        r.offender == Some(player.other())
            && (matches!(
                r.irregularity,
                Irregularity::LeavesTooLate { .. }
                    | Irregularity::LeavesAfterTouchingStock
                    | Irregularity::LeavesUndeclared { .. }
            ) || matches!(
                r.penalty,
                Penalty::FreshDealOption {
                    otherwise: Otherwise::AlterDiscard,
                    ..
                }
            ))
    });
    match given {
        Some(index) => (Given::Allowed, Why::Ruling(index)),
        // Law 24: he has taken no card of the stock; AC8: he has not touched it.
        None => match ruled.rules.exchange_rules.discard_fixed {
            DiscardFixed::OnTakingACard => (Given::Allowed, Why::NotTakenIn),
            DiscardFixed::OnTouchingTheStock => (Given::Allowed, Why::StockNotTouched),
        },
    }
}

/// Case XII: the adversary's call, allowed good, named neither its suit nor
/// its top card (law 48 allows that when it is good against the cards), so
/// the claimant might have asked to see it (law 55): he was not misinformed.
fn might_have_asked(player: PlayerId, entries: &[Entry], ruled: &Ruled<'_>) -> bool {
    let adversary = player.other();
    let bare = entries.iter().any(|e| {
        matches!(&e.event, Event::Act { player: p, act: Act::Calls(Call::Declare(d)) }
            if *p == adversary && is_bare(d))
    });
    let good = Category::CALLED.iter().any(|c| {
        matches!(ruled.declarations.verdict(*c), Verdict::Good(p, Settled::Replied(Reply::Good)) if p == adversary)
    });
    bare && good
}

/// A call that leaves out what the cards are: a sequence without its suit
/// or top card, a point or set without its suit or rank.
fn is_bare(declaration: &Declaration) -> bool {
    match *declaration {
        Declaration::Sequence { top, suit, .. } => suit.is_none() || top == Top::Unstated,
        Declaration::Set { rank, .. } => rank.is_none(),
        Declaration::Point { suit, .. } => suit.is_none(),
        Declaration::CarteBlanche => false,
    }
}

/// The declaration a ruling on a call is about, where it is about one.
fn declaration_of(irregularity: &Irregularity) -> Option<Declaration> {
    match *irregularity {
        Irregularity::CallsWhatIsNotHeld { declaration }
        | Irregularity::CallsWhatCouldNotBeHeld { declaration }
        | Irregularity::BarredByInquiry { declaration }
        | Irregularity::BarredByEqualReply { declaration }
        | Irregularity::BarredByAdmission { declaration, .. }
        | Irregularity::BarredByImplication { declaration, .. }
        | Irregularity::NamesHeldCardOut { declaration, .. } => Some(declaration),
        _ => None,
    }
}

/// The laws an answer rests on: its ruling's, or the law that decides.
fn laws_of(why: Why, ruled: &Ruled<'_>) -> Vec<&'static str> {
    match why {
        Why::Ruling(index) => ruled.rulings[index].laws.to_vec(),
        Why::Agreed | Why::NoFreshDeal | Why::InWords | Why::NoPenalty => Vec::new(),
        Why::Scored => Vec::new(),
        Why::NotGood(category) => super::declarations::laws_for(category, ruled.rules).to_vec(),
        // Case XII: law 48 (AC16 under au cent) and the showing of law 55 (AC18).
        Why::NoGroundToPlayAgain { could_ask: true } => {
            let rules = ruled.rules;
            let mut laws = vec!["59"];
            laws.extend(rules.calling.naming.laws());
            laws.extend(rules.cite.show_on_request);
            laws
        }
        Why::NoGroundToPlayAgain { could_ask: false } => vec!["59"],
        Why::NoRevoke => vec!["59.IV"],
        Why::NotTakenIn => vec!["24"],
        Why::StockNotTouched => vec!["AC8"],
    }
}

/// Whether a holding is what a declaration names, as far as it names it.
pub fn names(declaration: &Declaration, holding: &Holding) -> bool {
    match (*declaration, holding) {
        (Declaration::CarteBlanche, Holding::CarteBlanche) => true,
        (Declaration::Point { cards, suit, .. }, Holding::Point(p)) => {
            cards.is_none_or(|c| c == p.cards) && suit.is_none_or(|s| s == p.suit)
        }
        (Declaration::Sequence { length, top, suit }, Holding::Sequence(s)) => {
            length == s.length
                && suit.is_none_or(|x| x == s.suit)
                && match top {
                    Top::To(rank) => rank == s.top,
                    Top::Major => s.top == crate::cards::Rank::Ace,
                    Top::Minor | Top::Unstated => true,
                }
        }
        (Declaration::Set { set, rank }, Holding::Set(s)) => {
            set.count() == s.count && rank.is_none_or(|r| r == s.rank)
        }
        _ => false,
    }
}
