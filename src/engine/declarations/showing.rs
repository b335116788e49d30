//! Showing and asking (law 55, 59.V): the cards called shown on request,
//! and the answer to "how many diamonds?" or "which king is out?"
//! (Cases VII, VIII, XV, XVI).

use crate::cards::CardSet;
use crate::notation::{Act, Claim as Claimed, Entry, Event, PlayerId};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::calling::first_card;
use super::held::{best_in, cards_of, find_held, Strictness};
use super::reading::Reading;
use super::*;
use crate::engine::ruleset::RuleSet;

impl Reading<'_> {
    /// A question about the declarations. Case VII: asking which card of a
    /// trio or quatorze is out admits it good; the reply can no longer be
    /// corrected. Under the French rules (9c, 21i) the question admits
    /// nothing (the rule set's `calling.which_card`).
    pub(super) fn ask(&mut self, player: PlayerId, question: &Question) {
        if let Question::Which(rank) = question {
            if let Some(call) = &mut self.first[Category::Set.index()] {
                let of_rank = matches!(call.declaration,
                    Declaration::Set { rank: r, .. } if r.is_none_or(|r| r == *rank));
                let admits = self.rules.calling.which_card == super::ways::WhichCard::Admits;
                if call.caller != player && of_rank && admits {
                    call.reply.get_or_insert(Reply::Good);
                    call.admitted = true;
                }
            }
        }
        self.pending = Some((player, question.clone()));
    }

    /// The answer to the question put: which card is out (Cases VII,
    /// VIII), how many of a suit (Cases XV, XVI), kept to be checked.
    pub(super) fn answer(&mut self, index: usize, player: PlayerId, answer: &Answer) {
        // Law 48, AC16: "to what card?" answered with a card completes the
        // sequence called.
        if let (Some((asker, Question::ToWhatCard)), Answer::Card(_)) = (&self.pending, answer) {
            let sequence = Category::Sequence.index();
            if *asker != player && self.first[sequence].is_some_and(|c| c.caller == player) {
                self.completed_on_asking(Category::Sequence);
                self.stated[sequence] = true;
            }
        }
        let inquiry = match (&self.pending, answer) {
            (Some((_, Question::Which(rank))), Answer::Card(card)) => Some(Inquiry::Which {
                rank: *rank,
                named: *card,
            }),
            (Some((_, Question::HowMany(suit))), Answer::Count(said)) => Some(Inquiry::HowMany {
                suit: *suit,
                said: *said,
            }),
            _ => None,
        };
        if let (Some(inquiry), Some((asker, _))) = (inquiry, &self.pending) {
            if *asker != player {
                self.answered.push(Answered {
                    answerer: player,
                    asker: *asker,
                    inquiry,
                    event: index,
                    span: self.entries[index].span,
                });
            }
        }
        self.pending = None;
    }

    /// Law 55: cards shown on request, or of his own accord before he plays
    /// a card (then no penalty for miscalling what he has shown).
    pub(super) fn show(&mut self, index: usize, player: PlayerId, cards: &[Card]) {
        let p = player.index();
        let set = cards
            .iter()
            .fold(CardSet::EMPTY, |set, card| set.with(*card));
        self.shows.push((index, player, set));
        if matches!(&self.pending, Some((asker, Question::Show(_))) if *asker != player) {
            self.pending = None;
        } else if self.own_first_card[p].is_none_or(|first| index < first) {
            self.shown[p] = cards
                .iter()
                .fold(self.shown[p], |set, card| set.with(*card));
        }
    }

    /// Law 55: a request to show refused.
    pub(super) fn refuse(&mut self, index: usize, player: PlayerId) {
        let Some((asker, Question::Show(what))) = &self.pending else {
            return;
        };
        if *asker != player {
            let led = self.first_lead.is_some_and(|lead| lead < index);
            // A call answered "not good" need not be shown.
            let not_good = what.as_ref().is_some_and(|d| {
                self.first[Category::of(d).index()]
                    .is_some_and(|c| c.caller == player && c.reply == Some(Reply::NotGood))
            });
            let entry = &self.entries[index];
            let ruling =
                refuses_to_show(player, *asker, not_good, led, entry, self.hands, self.rules);
            self.rulings.extend(ruling);
        }
        self.pending = None;
    }
}

/// How far the elder showed the cards of his call (AC18).
struct Shown {
    /// Before his lead.
    in_time: bool,
    /// Before his lead or after it.
    at_all: bool,
    /// The event of his lead.
    lead: usize,
}

/// AC21: the elder's call weighed against the younger's cards, where they
/// are known: good (better than anything he holds there) or equal.
fn found_against(
    called: &Holding,
    younger: PlayerId,
    hands: &Hands,
    rules: &RuleSet,
) -> Option<Verdict> {
    if !hands.known[younger.index()] {
        return None;
    }
    let elder = younger.other();
    let best = best_in(called.category(), hands.declaring[younger.index()], rules);
    match best {
        None => Some(Verdict::Good(elder, Settled::FoundAfterLead)),
        Some(best) if beats(called, &best, rules) => {
            Some(Verdict::Good(elder, Settled::FoundAfterLead))
        }
        Some(best) if !beats(&best, called, rules) => Some(Verdict::Equal(Settled::FoundAfterLead)),
        Some(_) => None,
    }
}

/// The cards of each holding in `hand` that `declaration` names, suit by
/// suit where it names none: any of them, shown, shows the call.
fn called_cards(declaration: &Declaration, hand: CardSet, rules: &RuleSet) -> Vec<CardSet> {
    let in_suit = |suit| match *declaration {
        Declaration::Point {
            cards,
            making,
            suit: None,
        } => Some(Declaration::Point {
            cards,
            making,
            suit: Some(suit),
        }),
        Declaration::Sequence {
            length,
            top,
            suit: None,
        } => Some(Declaration::Sequence {
            length,
            top,
            suit: Some(suit),
        }),
        _ => None,
    };
    crate::cards::Suit::ALL
        .into_iter()
        .filter_map(in_suit)
        .filter_map(|named| find_held(&named, hand, rules, Strictness::AsCalled))
        .map(|holding| cards_of(&holding, hand, rules))
        .collect()
}

/// Law 55: "A player who calls anything which is allowed to be good or
/// equal, must show the cards called at any time they are asked for, or in
/// the case of the younger hand, at any time after the elder hand has led a
/// card." A refusal is ruled against the player who refuses; the law states
/// no penalty. The younger hand asked before the elder has led may refuse:
/// the request is refused instead. A call answered "not good" need not be
/// shown.
fn refuses_to_show(
    player: PlayerId,
    asker: PlayerId,
    not_good: bool,
    led: bool,
    entry: &Entry,
    hands: &Hands,
    rules: &RuleSet,
) -> Option<Ruling> {
    if not_good {
        return None;
    }
    let (irregularity, offender, penalty) = if player != hands.elder && !led {
        (Irregularity::ShowAskedTooSoon, asker, Penalty::Refused)
    } else {
        (Irregularity::RefusesToShow, player, Penalty::NoneStated)
    };
    Some(Ruling {
        irregularity,
        offender: Some(offender),
        laws: rules.cite.show_on_request,
        penalty,
        span: Some(entry.span),
        analogy: None,
    })
}

/// AC21, AC22: the lines on which the elder reckons or claims to score a
/// declaration of the kind after his lead (admitted, where those
/// paragraphs let him).
fn late_reckoning(
    elder: PlayerId,
    category: Category,
    lead: usize,
    entries: &[Entry],
) -> Vec<Span> {
    entries
        .iter()
        .skip(lead + 1)
        .filter_map(|e| match &e.event {
            Event::Act {
                player,
                act: Act::Reckons { items, .. } | Act::Claims(Claimed::Score(items)),
            } if *player == elder && items.iter().any(|d| Category::of(d) == category) => {
                Some(e.span)
            }
            _ => None,
        })
        .collect()
}

/// The cards played before an event, and how many tricks were complete.
pub(super) fn played_before(entries: &[Entry], event: usize) -> (CardSet, usize) {
    let mut cards = CardSet::EMPTY;
    let mut tricks = 0;
    for entry in entries.iter().take(event) {
        match &entry.event {
            Event::Act {
                act: Act::Leads(led),
                ..
            } => led.iter().for_each(|c| {
                cards.insert(*c);
            }),
            Event::Act {
                act: Act::Plays(played),
                ..
            } => {
                tricks += played.len();
                played.iter().for_each(|c| {
                    cards.insert(*c);
                });
            }
            Event::Play { tricks: compact } => {
                tricks += compact.len();
                for trick in compact {
                    trick.cards.iter().for_each(|c| {
                        cards.insert(*c);
                    });
                }
            }
            _ => {}
        }
    }
    (cards, tricks)
}

impl Declarations {
    /// AC18: "The elder hand having called anything which is good or equal
    /// must show the cards called, except in the case of quatorzes and
    /// trios. If he lead a card without showing his call, he cannot reckon
    /// it, and the adversary may show and reckon his point or sequence,
    /// even though it be equal or inferior to the one called." With its
    /// exceptions, after the lead: AC21, a call disallowed and found good or
    /// equal may be shown then; AC22, where the younger said equal or not
    /// good and played to the first trick without showing his superiority
    /// or equality, the elder may show and reckon what he called. The
    /// verdict that stands instead, or `None` where the verdict stands (the
    /// call shown in time, not yet led to, or the rule set asks the cards
    /// only on request, law 55).
    pub(super) fn unshown(
        &mut self,
        call: &FirstCall,
        verdict: Verdict,
        resolved: &[Vec<(Holding, usize)>; 2],
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Option<Verdict> {
        let (elder, category) = (hands.elder, Category::of(&call.declaration));
        if call.caller != elder
            || !hands.known[elder.index()]
            || !rules.calling.showing.before_leading(category)
        {
            return None;
        }
        let lead = first_card(entries, |p, act| p == elder && matches!(act, Act::Leads(_)))?;
        // A call not held is a miscall (AC18 through `resolve`).
        let hand = hands.declaring[elder.index()];
        let called = find_held(&call.declaration, hand, rules, Strictness::AsCalled)?;
        let show = self.show_of(call, &called, hand, lead, rules);
        let good_or_equal = match verdict {
            Verdict::Good(p, settled) => p == elder && settled != Settled::Miscalled,
            Verdict::Equal(_) => true,
            Verdict::Nothing => false,
        };
        // AC21: "it be discovered that the call of the elder hand is good
        // or equal": against the younger's cards, whatever he answered.
        // The cards decide it: "reckon his superiority, or show his equality".
        let not_good = call.reply == Some(Reply::NotGood);
        let discovered = not_good
            .then(|| found_against(&called, elder.other(), hands, rules))
            .flatten();
        if (good_or_equal || discovered.is_some()) && not_good && show.at_all {
            self.found_after_lead(call, &show, discovered, good_or_equal, entries);
            return discovered;
        }
        // AC22: said equal or not good, and played without showing.
        let disallowed = matches!(call.reply, Some(Reply::NotGood | Reply::Equal));
        if disallowed && show.at_all {
            if let Some(verdict) =
                self.played_without_showing(call, &called, lead, entries, hands, rules)
            {
                return Some(verdict);
            }
        }
        if !(good_or_equal || discovered.is_some()) || show.in_time {
            return None;
        }
        Some(self.not_shown(call, not_good, resolved, entries, elder))
    }

    /// What of the elder's call he showed: before his lead, or at all. A
    /// call that names no suit is shown by the cards of any holding it
    /// names (two points of six making sixty, one shown).
    fn show_of(
        &self,
        call: &FirstCall,
        called: &Holding,
        hand: CardSet,
        lead: usize,
        rules: &RuleSet,
    ) -> Shown {
        let elder = call.caller;
        let shown = |until: usize| {
            self.shows
                .iter()
                .filter(|(line, p, _)| *p == elder && *line < until)
                .fold(CardSet::EMPTY, |set, (_, _, cards)| set.or(*cards))
        };
        let named = called_cards(&call.declaration, hand, rules);
        let shown_by = |until: usize| {
            named
                .iter()
                .copied()
                .find(|c| c.minus(shown(until)).is_empty())
        };
        let cards = shown_by(lead)
            .or_else(|| shown_by(usize::MAX))
            .unwrap_or_else(|| cards_of(called, hand, rules));
        Shown {
            in_time: cards.minus(shown(lead)).is_empty(),
            at_all: cards.minus(shown(usize::MAX)).is_empty(),
            lead,
        }
    }

    /// AC21: "If the younger hand disallow a call, and it be discovered
    /// that the call of the elder hand is good or equal, the elder hand can
    /// show and reckon his superiority, or show his equality,
    /// notwithstanding that he has led a card." Shown after the lead, it is
    /// ruled (no penalty); his reckoning then is admitted. Where the cards
    /// found it (`discovered`), what the younger's "not good" stood for is
    /// no omission of his, nor, found equal, a claim of better.
    fn found_after_lead(
        &mut self,
        call: &FirstCall,
        show: &Shown,
        discovered: Option<Verdict>,
        good_or_equal: bool,
        entries: &[Entry],
    ) {
        let (elder, category) = (call.caller, Category::of(&call.declaration));
        if !show.in_time {
            let line = self
                .shows
                .iter()
                .find(|(line, p, _)| *p == elder && *line > show.lead);
            self.rulings.push(Ruling {
                irregularity: Irregularity::ShowsAfterLead {
                    declaration: call.declaration,
                },
                offender: Some(elder),
                laws: &["AC21"],
                penalty: Penalty::None,
                span: line.map(|(line, _, _)| entries[*line].span),
                analogy: None,
            });
        }
        self.admitted_late
            .extend(late_reckoning(elder, category, show.lead, entries));
        let younger = Some(elder.other());
        let found_late = discovered.is_some() && !good_or_equal;
        let equal = matches!(discovered, Some(Verdict::Equal(_)));
        self.rulings.retain(|r| {
            r.offender != younger
                || match r.irregularity {
                    Irregularity::NotReckoned { what } => !(found_late && what == category.name()),
                    Irregularity::ClaimsBetterWithoutHolding { declaration } => {
                        !(equal && Category::of(&declaration) == category)
                    }
                    _ => true,
                }
        });
    }

    /// AC22: "If the younger hand say equal or not good to a call, and play
    /// to the first trick without showing his superiority or equality, the
    /// elder may show and reckon what he has called, notwithstanding that
    /// he has led a card." The verdict where it applies.
    fn played_without_showing(
        &mut self,
        call: &FirstCall,
        called: &Holding,
        lead: usize,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Option<Verdict> {
        let (elder, category) = (call.caller, Category::of(&call.declaration));
        let reckoned = late_reckoning(elder, category, lead, entries);
        if reckoned.is_empty() || !self.younger_unshown(called, entries, hands, rules) {
            return None;
        }
        self.rulings.push(Ruling {
            irregularity: Irregularity::PlaysWithoutShowing {
                declaration: call.declaration,
            },
            offender: Some(elder.other()),
            laws: &["AC22"],
            penalty: Penalty::NotScored,
            span: reckoned.first().copied(),
            analogy: None,
        });
        self.admitted_late.extend(reckoned);
        Some(Verdict::Good(elder, Settled::ShownAfterLead))
    }

    /// AC18: led without showing his call, good or equal, "he cannot
    /// reckon it, and the adversary may show and reckon his point or
    /// sequence, even though it be equal or inferior to the one called".
    fn not_shown(
        &mut self,
        call: &FirstCall,
        not_good: bool,
        resolved: &[Vec<(Holding, usize)>; 2],
        entries: &[Entry],
        elder: PlayerId,
    ) -> Verdict {
        self.rulings.push(Ruling {
            irregularity: Irregularity::CallNotShown {
                declaration: call.declaration,
            },
            offender: Some(elder),
            laws: if not_good {
                &["AC18", "AC21"]
            } else {
                &["AC18"]
            },
            penalty: Penalty::NotScored,
            span: Some(entries[call.event].span),
            analogy: None,
        });
        let younger = elder.other();
        if resolved[younger.index()].is_empty() {
            Verdict::Nothing
        } else {
            Verdict::Good(younger, Settled::Unshown)
        }
    }

    /// AC19: "If the elder hand show a sequence and call an inferior one,
    /// he cannot reckon the superior one; but the show bars the younger
    /// hand from reckoning his sequences, if only equal or inferior to the
    /// one shown." The elder's superior sequence is AC17's (not reckoned);
    /// here the younger's sequences no better than the one shown before
    /// the elder's lead are barred, and where none is left the elder's call
    /// is good. `None` where the verdict stands.
    pub(super) fn bar_by_show(
        &mut self,
        call: &FirstCall,
        verdict: Verdict,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Option<Verdict> {
        let elder = hands.elder;
        if !rules.calling.shown_sequence.bars()
            || call.caller != elder
            || Category::of(&call.declaration) != Category::Sequence
            || !hands.known[elder.index()]
        {
            return None;
        }
        let hand = hands.declaring[elder.index()];
        let called = find_held(&call.declaration, hand, rules, Strictness::AsCalled)?;
        let lead = first_card(entries, |p, act| p == elder && matches!(act, Act::Leads(_)))
            .unwrap_or(usize::MAX);
        let shown = self
            .shows
            .iter()
            .filter(|(line, p, _)| *p == elder && *line < lead)
            .fold(CardSet::EMPTY, |set, (_, _, cards)| set.or(*cards));
        let best = best_in(Category::Sequence, shown.and(hand), rules)
            .filter(|best| beats(best, &called, rules))?;
        let younger = elder.other();
        let mut barred = Vec::new();
        resolved[younger.index()].retain(|(holding, event)| {
            let no_better = !beats(holding, &best, rules);
            if no_better {
                barred.push((*holding, *event));
            }
            !no_better
        });
        for (holding, event) in &barred {
            self.rule_once(Ruling {
                irregularity: Irregularity::BarredByShow {
                    declaration: declaration_of(holding),
                    shown: declaration_of(&best),
                },
                offender: Some(younger),
                laws: &["AC19"],
                penalty: Penalty::NotScored,
                span: entries.get(*event).map(|e| e.span),
                analogy: None,
            });
        }
        let younger_good = matches!(verdict, Verdict::Good(p, _) if p == younger);
        // He said not good and reckoned nothing: what his hand holds of the
        // kind is barred as well, if no better than the show.
        let unreckoned = younger_good
            && barred.is_empty()
            && resolved[younger.index()].is_empty()
            && hands.known[younger.index()]
            && best_in(Category::Sequence, hands.declaring[younger.index()], rules)
                .is_some_and(|his| !beats(&his, &best, rules));
        if unreckoned {
            self.rulings.retain(|r| {
                !(r.offender == Some(younger)
                    && matches!(r.irregularity, Irregularity::NotReckoned { what } if what == Category::Sequence.name()))
            });
        }
        (younger_good && (!barred.is_empty() || unreckoned) && resolved[younger.index()].is_empty())
            .then_some(Verdict::Good(elder, Settled::BarredByShow))
    }

    /// AC22: whether the younger played to the first trick without showing
    /// a holding of the kind equal or superior to the elder's call.
    fn younger_unshown(
        &self,
        called: &Holding,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> bool {
        let younger = hands.elder.other();
        let Some(play) = first_card(entries, |p, act| {
            p == younger && matches!(act, Act::Plays(_))
        }) else {
            return false;
        };
        let shown = self
            .shows
            .iter()
            .filter(|(line, p, _)| *p == younger && *line < play)
            .fold(CardSet::EMPTY, |set, (_, _, cards)| set.or(*cards));
        let held = shown.and(hands.declaring[younger.index()]);
        best_in(called.category(), held, rules).is_none_or(|best| beats(called, &best, rules))
    }

    /// Cases XV, XVI: "How many diamonds?" asks only of cards reckoned good
    /// or called equal, and the answer is taken so ("None that I have
    /// declared"). An answer that counts other cards, or fewer, misinforms
    /// the adversary, who may retake the cards played since and play
    /// differently (law 59.V), if he claims to.
    pub(super) fn check_answer(
        &mut self,
        answer: &Answered,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) {
        let Inquiry::HowMany { suit, said } = answer.inquiry else {
            return;
        };
        let p = answer.answerer.index();
        if !hands.known[p] {
            return;
        }
        let hand = hands.declaring[p];
        // The cards reckoned good. (Cards called equal are not yet counted:
        // an answer about them is taken as it was given.)
        let declared = self
            .scored
            .iter()
            .filter(|s| s.player == answer.answerer)
            .fold(CardSet::EMPTY, |cards, s| {
                cards.or(cards_of(&s.holding, hand, rules))
            });
        if self
            .verdicts
            .iter()
            .any(|v| matches!(v, Some(Verdict::Equal(_))))
        {
            return;
        }
        let (played, tricks) = played_before(entries, answer.event);
        let left = declared.minus(played).suit(suit).len();
        if usize::from(said) == left {
            return;
        }
        let claimed = entries.iter().skip(answer.event).any(|e| {
            matches!(&e.event, Event::Act { player, act: Act::Claims(Claimed::PlayAgain(_)) } if *player == answer.asker)
        });
        let penalty = match u8::try_from(tricks + 1) {
            Ok(from) if claimed => Penalty::PlayAgainFrom(from),
            _ => Penalty::None,
        };
        self.rulings.push(Ruling {
            irregularity: Irregularity::Misinforms {
                suit,
                said,
                declared: u8::try_from(left).unwrap_or(u8::MAX),
            },
            offender: Some(answer.answerer),
            laws: rules.cite.misinformation,
            penalty,
            span: Some(answer.span),
            analogy: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::fixture::{entry, hands};
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    /// Law 55, A the elder: (who refuses, whether the elder has led, whether
    /// the call was answered not good, the ruling and its offender).
    #[test]
    fn law_55_who_must_show_and_when() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        let table = [
            (a, false, false, Some((Irregularity::RefusesToShow, a))),
            (a, true, false, Some((Irregularity::RefusesToShow, a))),
            (b, false, false, Some((Irregularity::ShowAskedTooSoon, a))),
            (b, true, false, Some((Irregularity::RefusesToShow, b))),
            (a, false, true, None),
        ];
        for (refuser, led, not_good, expected) in table {
            let ruling = refuses_to_show(
                refuser,
                refuser.other(),
                not_good,
                led,
                &entry(),
                &hands(),
                &PORTLAND,
            );
            let got = ruling.map(|r| (r.irregularity, r.offender.unwrap()));
            assert_eq!(got, expected, "{refuser:?} led {led} not good {not_good}");
        }
    }
}
