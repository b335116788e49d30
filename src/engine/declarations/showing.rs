//! Showing and asking (law 55, 59.V): the cards called shown on request,
//! and the answer to "how many diamonds?" or "which king is out?"
//! (Cases VII, VIII, XV, XVI).

use crate::cards::CardSet;
use crate::notation::{Act, Claim as Claimed, Entry, Event, PlayerId};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::held::cards_of;
use super::*;
use crate::engine::ruleset::RuleSet;

/// Law 55: "A player who calls anything which is allowed to be good or
/// equal, must show the cards called at any time they are asked for, or in
/// the case of the younger hand, at any time after the elder hand has led a
/// card." A refusal is ruled against the player who refuses; the law states
/// no penalty. The younger hand asked before the elder has led may refuse:
/// the request is refused instead. A call answered "not good" need not be
/// shown.
pub(super) fn refuses_to_show(
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
    })
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
        });
    }
}
