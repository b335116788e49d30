//! The declaring of a deal read line by line: what each player called,
//! replied, asked, answered, showed and reckoned, in the order said. The
//! calling laws (46-52) are read in `calling.rs`, showing and asking
//! (law 55) in `showing.rs`; this file holds what they share and the
//! reading's end, where each kind is weighed (laws 61-64, 70).

use crate::cards::CardSet;
use crate::notation::{
    Act, Answer, Call, Claim as Claimed, Declaration, Entry, Event, PlayerId, Question, Reply,
};
use crate::ruling::Ruling;

use super::calling::FirstCards;
use super::scoring::Scratch;
use super::{Answered, Category, Claim, Declarations, FirstCall, Hands, Said};
use crate::engine::ruleset::RuleSet;

/// What has been said so far in a deal's declaring.
pub(super) struct Reading<'a> {
    pub(super) entries: &'a [Entry],
    pub(super) hands: &'a Hands,
    pub(super) rules: &'a RuleSet,
    /// The first call in each kind, and the answer to it.
    pub(super) first: [Option<FirstCall>; 4],
    /// Every declaration called, reckoned or claimed to score.
    pub(super) claims: Vec<Claim>,
    /// Where each player first told or showed a carte blanche.
    pub(super) carte_blanche: [Option<usize>; 2],
    pub(super) last_call: Option<Category>,
    /// Law 46: the kind the elder hand called before his point, which
    /// cost him the right to call it.
    pub(super) point_lost: Option<Category>,
    pub(super) last_replied: Option<Category>,
    /// Law 51: whether the reply to each kind of call can no longer be corrected.
    pub(super) closed: [bool; 4],
    /// Events read here that are not calls, replies or reckonings.
    pub(super) interpreted: Vec<usize>,
    /// Questions about the declarations, answered.
    pub(super) answered: Vec<Answered>,
    /// The question put and not yet answered.
    pub(super) pending: Option<(PlayerId, Question)>,
    /// Rulings made as the lines are read.
    pub(super) rulings: Vec<Ruling>,
    /// The younger hand's play to the first trick (laws 52, 54, 56).
    pub(super) first_play: Option<usize>,
    /// Law 55: each player's first card, "before he plays a card".
    pub(super) own_first_card: [Option<usize>; 2],
    /// Law 55: the younger shows "at any time after the elder hand has led".
    pub(super) first_lead: Option<usize>,
    /// Law 51: the elder hand's first lead, after which a reply to his
    /// last call can no longer be corrected.
    pub(super) elder_lead: Option<usize>,
    /// Law 55: the cards each player showed of his own accord before he played.
    pub(super) shown: [CardSet; 2],
    /// Law 48, AC16: the kinds whose first call the caller completed by
    /// answering "to what card?" with a card.
    pub(super) stated: [bool; 4],
    /// Every show of cards: its line, who showed, what (AC18).
    pub(super) shows: Vec<(usize, PlayerId, CardSet)>,
    /// 6l: the first player to call "no sequence", and the line.
    pub(super) no_sequence: Option<(PlayerId, usize)>,
}

impl<'a> Reading<'a> {
    #[cfg(test)]
    pub(super) fn new(entries: &'a [Entry], hands: &'a Hands, rules: &'a RuleSet) -> Reading<'a> {
        Reading::with_firsts(entries, hands, rules, FirstCards::of(entries))
    }

    /// A reading, with the first cards of the deal found beforehand.
    pub(super) fn with_firsts(
        entries: &'a [Entry],
        hands: &'a Hands,
        rules: &'a RuleSet,
        firsts: FirstCards,
    ) -> Reading<'a> {
        Reading {
            entries,
            hands,
            rules,
            first: [None; 4],
            claims: Vec::new(),
            carte_blanche: [None; 2],
            last_call: None,
            point_lost: None,
            last_replied: None,
            closed: [false; 4],
            interpreted: Vec::new(),
            answered: Vec::new(),
            pending: None,
            rulings: Vec::new(),
            first_play: firsts.play,
            own_first_card: firsts.own,
            first_lead: firsts.lead,
            elder_lead: firsts.leads[hands.elder.index()],
            shown: [CardSet::EMPTY; 2],
            stated: [false; 4],
            shows: Vec::new(),
            no_sequence: None,
        }
    }

    /// Reads one line.
    pub(super) fn read(&mut self, index: usize) {
        let Event::Act { player, act } = &self.entries[index].event else {
            return;
        };
        let player = *player;
        match act {
            Act::Calls(Call::Declare(declaration)) => {
                self.call(index, player, *declaration);
            }
            Act::Calls(Call::NoSequence) => {
                self.no_sequence.get_or_insert((player, index));
            }
            Act::Asks(Question::Making) => self.inquire(index, player),
            Act::Asks(question) => self.ask(player, question),
            Act::Answers(Answer::Making(making)) => {
                self.completed_on_asking(Category::Point);
                self.answer_making(player, *making);
            }
            Act::Answers(answer) => self.answer(index, player, answer),
            Act::Replies(reply) => self.reply(player, *reply),
            Act::Corrects(correction) => self.correct(index, player, correction),
            Act::Reckons { items, .. } => self.reckon(index, player, items),
            Act::Shows(cards) => self.show(index, player, cards),
            Act::Refuses => self.refuse(index, player),
            Act::AnnouncesCarteBlanche | Act::ShowsCarteBlanche => {
                self.carte_blanche[player.index()].get_or_insert(index);
            }
            // A claim to score is weighed as a reckoning: the referee grants
            // it where the player is good and holds it, and says why not.
            Act::Claims(Claimed::Score(items)) => {
                self.interpreted.push(index);
                for declaration in items {
                    if Category::of(declaration) != Category::CarteBlanche
                        && !self.point_barred(index, player, declaration)
                    {
                        let claim = self.claim(index, player, *declaration);
                        self.claims.push(claim);
                    }
                }
            }
            _ => {}
        }
    }

    /// A declaration said, as called, reckoned or claimed.
    pub(super) fn claim(&self, index: usize, player: PlayerId, declaration: Declaration) -> Claim {
        Claim {
            player,
            declaration,
            event: index,
            span: self.entries[index].span,
            allowed: true,
        }
    }

    /// The end of the reading: each kind weighed, the counts said aloud
    /// checked (law 70) and the questions answered checked (59.V).
    /// The claims' buffer goes back to `scratch` for the next deal.
    pub(super) fn finish(mut self, spoken: &[usize], scratch: &mut Scratch) -> Declarations {
        self.rule_insufficient_calls();
        // A first call answered "not good" was not allowed to be good (law 54).
        let first = self.first;
        for claim in &mut self.claims {
            let call = first[Category::of(&claim.declaration).index()];
            if call.is_some_and(|c| c.event == claim.event && c.reply == Some(Reply::NotGood)) {
                claim.allowed = false;
            }
        }
        let (entries, hands, rules) = (self.entries, self.hands, self.rules);
        let mut out = Declarations {
            scored: scratch.scored(),
            interpreted: self.interpreted,
            rulings: self.rulings,
            shown: self.shown,
            shows: self.shows,
            ..Declarations::default()
        };
        for player in PlayerId::BOTH {
            if let Some(event) = self.carte_blanche[player.index()] {
                out.carte_blanche(player, Some(event), &entries[event], hands, rules);
            }
        }
        let said = Said {
            first: &first,
            claims: &self.claims,
            answered: &self.answered,
            no_sequence: self.no_sequence,
        };
        for category in Category::CALLED {
            out.weigh_category(category, said, entries, hands, rules, scratch);
        }
        for &index in spoken {
            out.check_count(&entries[index], hands, rules);
        }
        for answer in &self.answered {
            out.check_answer(answer, entries, hands, rules);
        }
        let mut claims = self.claims;
        claims.clear();
        scratch.claims = claims;
        out
    }
}

/// The lines to read, in order, into `order` (cleared first): `spoken`,
/// those that call, reply, ask, answer or reckon, with `said`, the claims to
/// score (weighed like reckonings, in their place), cards shown and requests
/// refused (law 55), each line once. Both lists come in order from the
/// table, and are merged; lists in any other order are sorted.
pub(super) fn order_into(spoken: &[usize], said: &[usize], order: &mut Vec<usize>) {
    order.clear();
    let (mut a, mut b) = (spoken, said);
    while let (Some(&x), Some(&y)) = (a.first(), b.first()) {
        order.push(x.min(y));
        if x <= y {
            a = &a[1..];
        }
        if y <= x {
            b = &b[1..];
        }
    }
    order.extend_from_slice(a);
    order.extend_from_slice(b);
    if !order.windows(2).all(|w| w[0] < w[1]) {
        order.sort_unstable();
        order.dedup();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines to read merged in order, each once, against the two lists
    /// put together, sorted and each line once (the way the order was made
    /// before).
    #[test]
    fn the_lines_to_read_merged_in_order_each_once() {
        let table: [(&[usize], &[usize]); 7] = [
            (&[], &[]),
            (&[1, 4, 9], &[]),
            (&[], &[2, 3]),
            (&[1, 4, 9], &[2, 4, 10]),
            (&[5, 6], &[1, 2]),
            (&[9, 1, 4], &[4, 2]),
            (&[3, 3, 7], &[7, 8]),
        ];
        for (spoken, said) in table {
            let mut order = Vec::new();
            order_into(spoken, said, &mut order);
            let mut expected: Vec<usize> = spoken.iter().chain(said).copied().collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(order, expected, "{spoken:?} {said:?}");
        }
    }
}
