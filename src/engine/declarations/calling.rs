//! Calling and replying (laws 46-52): the first call in each kind, the
//! replies, and a call or a reply corrected in time.

use crate::cards::{CardSet, Rank};
use crate::notation::{
    Act, Call, Correction, Declaration, Entry, Event, PlayerId, Reply, SetKind, Top,
};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::held::{best_in, find_held, unknown_hand_holding, Strictness};
use super::reading::Reading;
use super::ways::falls_short;
use super::*;
use crate::engine::holding;
use crate::engine::ruleset::RuleSet;

/// The index of the first card played to a lead: the younger hand's play
/// to the first trick (laws 52, 54, 56).
#[cfg(test)]
pub(super) fn first_play(entries: &[Entry]) -> Option<usize> {
    first_card(entries, |_, act| matches!(act, Act::Plays(_)))
}

/// Where the first cards lie among a deal's events, found in one pass
/// (each as [`first_card`] finds it: a trick line counts for every one).
/// Law 52, 54, 56: the younger hand's play to the first trick; law 55,
/// AC24: each player's own first card; law 55: the first lead; law 51:
/// each player's first lead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct FirstCards {
    /// The first card played to a lead (`first_play`).
    pub(super) play: Option<usize>,
    /// The first lead by anybody.
    pub(super) lead: Option<usize>,
    /// Each player's first card, led or played.
    pub(super) own: [Option<usize>; 2],
    /// Each player's first lead.
    pub(super) leads: [Option<usize>; 2],
}

impl FirstCards {
    /// The first cards of a deal's events.
    pub(super) fn of(entries: &[Entry]) -> FirstCards {
        let mut out = FirstCards::default();
        let first = |slot: &mut Option<usize>, i: usize| {
            slot.get_or_insert(i);
        };
        for (i, entry) in entries.iter().enumerate() {
            match &entry.event {
                Event::Act {
                    player,
                    act: Act::Leads(_),
                } => {
                    first(&mut out.lead, i);
                    first(&mut out.own[player.index()], i);
                    first(&mut out.leads[player.index()], i);
                }
                Event::Act {
                    player,
                    act: Act::Plays(_),
                } => {
                    first(&mut out.play, i);
                    first(&mut out.own[player.index()], i);
                }
                // A trick line is the first card of every kind not yet found.
                Event::Play { .. } => {
                    for slot in [&mut out.play, &mut out.lead]
                        .into_iter()
                        .chain(&mut out.own)
                        .chain(&mut out.leads)
                    {
                        first(slot, i);
                    }
                    break;
                }
                _ => {}
            }
        }
        out
    }
}

/// The index of the first card on the table that `counts` accepts: an act
/// (`A leads AS`, `B plays 7S`) by its player and kind, or any trick line.
pub(super) fn first_card(
    entries: &[Entry],
    counts: impl Fn(PlayerId, &Act) -> bool,
) -> Option<usize> {
    entries.iter().position(|e| match &e.event {
        Event::Act { player, act } => counts(*player, act),
        Event::Play { .. } => true,
        _ => false,
    })
}

impl Reading<'_> {
    /// Laws 46-49: a call. The first call in each kind is the one replied
    /// to; every call is a declaration claimed.
    pub(super) fn call(&mut self, index: usize, player: PlayerId, declaration: Declaration) {
        let category = Category::of(&declaration);
        // Case I: "forty-one" said after a call of four cards completes an
        // imperfect call; it is not another call (law 51).
        if let Declaration::Point {
            cards: None,
            making: Some(making),
            ..
        } = declaration
        {
            if self.last_call == Some(Category::Point) && self.completes(player) {
                self.answer_making(player, making);
                return;
            }
        }
        if category == Category::CarteBlanche {
            self.carte_blanche[player.index()].get_or_insert(index);
            return;
        }
        if self.point_barred(index, player, &declaration) {
            return;
        }
        if player == self.hands.elder
            && category != Category::Point
            && !self.has_called(player, Category::Point)
        {
            self.point_lost.get_or_insert(category);
        }
        self.first[category.index()].get_or_insert(FirstCall {
            caller: player,
            declaration,
            reply: None,
            inquired: false,
            equal: false,
            admitted: false,
            event: index,
        });
        let claim = self.claim(index, player, declaration);
        self.claims.push(claim);
        // Law 51: another call closes the replies to the calls before it.
        if self.last_call != Some(category) {
            self.closed = [true; 4];
            self.closed[category.index()] = false;
        }
        self.last_call = Some(category);
    }

    /// Law 46: "The elder hand must call his point first, or he loses the
    /// right to call it." True when `declaration` is a point the elder
    /// calls or reckons after calling a sequence, quatorze or trio: it is
    /// ruled once and not heard, so it neither scores nor bars. Law 47
    /// frees the younger hand from the rule.
    pub(super) fn point_barred(
        &mut self,
        index: usize,
        player: PlayerId,
        declaration: &Declaration,
    ) -> bool {
        let Some(before) = self.point_lost else {
            return false;
        };
        if player != self.hands.elder || Category::of(declaration) != Category::Point {
            return false;
        }
        let irregularity = Irregularity::PointCalledLate {
            after: before.name(),
        };
        if !self.rulings.iter().any(|r| r.irregularity == irregularity) {
            self.rulings.push(Ruling {
                irregularity,
                offender: Some(player),
                laws: self.rules.cite.point_first,
                penalty: Penalty::NotScored,
                span: Some(self.entries[index].span),
                analogy: None,
            });
        }
        true
    }

    /// Whether the player has called or reckoned a declaration of this kind.
    fn has_called(&self, player: PlayerId, category: Category) -> bool {
        self.claims
            .iter()
            .any(|c| c.player == player && Category::of(&c.declaration) == category)
    }

    /// Law 46: "The younger hand is not entitled to reply by inquiring what
    /// the elder hand's point makes, unless he hold at least an equal number
    /// of cards; and the inquiry bars him from counting a superior number."
    pub(super) fn inquire(&mut self, index: usize, player: PlayerId) {
        let Some(call) = &mut self.first[Category::Point.index()] else {
            return;
        };
        if call.caller == player {
            return;
        }
        call.inquired = true;
        let Declaration::Point {
            cards: Some(called),
            ..
        } = call.declaration
        else {
            return;
        };
        let p = player.index();
        let held = holding::points(self.hands.declaring[p])
            .map(|point| point.cards)
            .max()
            .unwrap_or(0);
        if self.hands.known[p] && held < called {
            self.rulings.push(Ruling {
                irregularity: Irregularity::InquiresWithFewerCards { called, held },
                offender: Some(player),
                laws: self.rules.cite.inquiry,
                penalty: Penalty::NoneStated,
                span: Some(self.entries[index].span),
                analogy: None,
            });
        }
    }

    /// A reply to the last call: good, not good or equal.
    pub(super) fn reply(&mut self, player: PlayerId, reply: Reply) {
        let Some(category) = self.last_call else {
            return;
        };
        if let Some(call) = &mut self.first[category.index()] {
            if call.caller != player && call.reply.is_none() {
                call.reply = Some(reply);
                call.equal = reply == Reply::Equal;
                self.last_replied = Some(category);
            }
        }
    }

    /// What was said put right: a call (laws 50, 52) or
    /// a reply (law 51).
    pub(super) fn correct(&mut self, index: usize, player: PlayerId, correction: &Correction) {
        let late = |reading: &Self, category: Category| reading.reply_closed(index, category);
        match correction {
            Correction::Call(Call::Declare(declaration)) => {
                self.correct_call(index, player, *declaration);
            }
            Correction::Call(Call::NoSequence) => {}
            // Law 51: a reply corrected: the answer to the last call.
            Correction::Reply(reply) => {
                if let Some(category) = self.last_call.or(self.last_replied) {
                    let late = late(self, category);
                    let ruling = self.correct_reply(index, category, player, *reply, late);
                    self.rulings.extend(ruling);
                }
            }
            Correction::ReplyTo { to, reply } => {
                let category = Category::of(to);
                let late = late(self, category);
                let ruling = self.correct_reply(index, category, player, *reply, late);
                self.rulings.extend(ruling);
            }
        }
    }

    /// Law 50: "If the elder hand call a smaller point, sequence, quatorze
    /// or trio than he holds, he may correct his miscall before it has been
    /// replied to by the younger hand." Whether `called`, the player's
    /// first call in its kind, has been replied to: answered, or met with
    /// the inquiry "making?", which law 46 calls replying by inquiring.
    fn replied_to(&self, player: PlayerId, called: &Declaration) -> bool {
        self.first[Category::of(called).index()].is_some_and(|call| {
            call.caller == player
                && call.declaration == *called
                && (call.reply.is_some() || call.inquired)
        })
    }

    /// Law 51: whether a correction of the reply to `category`, said at
    /// line `index`, comes too late: "before the elder hand has made
    /// another call; or, in case there is no further call, before the
    /// elder hand has led a card" (and so before the younger has played).
    fn reply_closed(&self, index: usize, category: Category) -> bool {
        let after = |line: Option<usize>| line.is_some_and(|line| index > line);
        self.closed[category.index()] || after(self.elder_lead) || after(self.first_play)
    }

    /// Law 50: a smaller call corrected before the reply; after it, the
    /// call stands as replied to. AC17 under au cent: the elder must abide
    /// by his smaller call, replied to or not. Law 52: a larger call corrected before
    /// the younger hand has played to the first trick; the corrected call
    /// is answered afresh. Later, the miscall stands (law 54).
    fn correct_call(&mut self, index: usize, player: PlayerId, declaration: Declaration) {
        // AC23 under au cent: before he plays a card himself.
        let after = |line: Option<usize>| line.is_some_and(|line| index > line);
        let own = after(self.own_first_card[player.index()]);
        if self
            .rules
            .calling
            .miscall
            .correction_closed(own, after(self.first_play))
        {
            return;
        }
        let category = Category::of(&declaration);
        let (hands, rules) = (self.hands, self.rules);
        let p = player.index();
        let held = |d: &Declaration| {
            find_held(d, hands.declaring[p], rules, Strictness::AsCalled).is_some()
        };
        // What he corrects: his last call or reckoning of the kind that he
        // does not hold (law 52), else his last of the kind (law 50).
        let his = || {
            self.claims
                .iter()
                .rev()
                .filter(|c| c.player == player && Category::of(&c.declaration) == category)
        };
        let miscall = his()
            .find(|c| hands.known[p] && !held(&c.declaration))
            .or_else(|| his().next())
            .map(|c| c.declaration);
        if let Some(miscall) = miscall {
            // AC17 under au cent: the elder abides by his smaller call.
            let smaller = rules.calling.smaller;
            let replied = self.replied_to(player, &miscall);
            let refused = if player == hands.elder {
                smaller.correction_refused(replied)
            } else {
                replied
            };
            if hands.known[p] && held(&miscall) && refused {
                self.rulings.push(Ruling {
                    irregularity: if replied {
                        Irregularity::CallCorrectedLate {
                            called: miscall,
                            corrected: declaration,
                        }
                    } else {
                        Irregularity::MustAbideByCall {
                            called: miscall,
                            corrected: declaration,
                        }
                    },
                    offender: Some(player),
                    laws: rules.cite.smaller_call,
                    penalty: Penalty::Refused,
                    span: Some(self.entries[index].span),
                    analogy: None,
                });
                return;
            }
            // Case IX: no penalty, whatever the reply told him.
            if hands.known[p] && !held(&miscall) && held(&declaration) {
                // AC17 under au cent: a misnomer corrected before the lead.
                let misnomer =
                    find_held(&miscall, hands.declaring[p], rules, Strictness::Misnomer).is_some();
                let laws = rules
                    .calling
                    .miscall
                    .correction_laws(misnomer, rules.cite.correction);
                self.rulings.push(Ruling {
                    irregularity: Irregularity::CorrectsMiscall {
                        called: miscall,
                        corrected: declaration,
                        before: rules.calling.miscall.correction_time(),
                    },
                    offender: Some(player),
                    laws,
                    penalty: Penalty::None,
                    span: Some(self.entries[index].span),
                    analogy: None,
                });
            }
            // The miscall is put right wherever he said it: in the call (as
            // completed by what it makes) and in any reckoning that repeated it.
            for claim in self
                .claims
                .iter_mut()
                .filter(|c| c.player == player && same_call(&c.declaration, &miscall))
            {
                claim.declaration = declaration;
            }
        }
        // The first call of the kind is answered afresh when it is the call
        // corrected, not when a later call of the kind is (four aces called,
        // then three kings corrected to three queens).
        if let Some(call) = &mut self.first[category.index()] {
            let corrected = miscall.is_none_or(|m| same_call(&call.declaration, &m));
            if call.caller == player && corrected {
                call.declaration = declaration;
                call.reply = None;
                self.last_call = Some(category);
            }
        }
    }

    /// Law 51: "If the younger hand allow a correct call to be good or
    /// equal, when he holds better in his hand, he may correct his reply
    /// before the elder hand has made another call; or, in case there is
    /// no further call, before the elder hand has led a card." A correction
    /// in time replaces the reply, with no penalty (unless the reply was
    /// admitted by asking, Case VII); a late one is refused, and the reply
    /// stands.
    ///
    /// AC20: "The younger hand having allowed a correct call to be good or
    /// equal, must abide by his answer": under au cent such a reply is never
    /// corrected ([`ReplyCorrection`](super::ways::ReplyCorrection)).
    fn correct_reply(
        &mut self,
        index: usize,
        category: Category,
        player: PlayerId,
        reply: Reply,
        late: bool,
    ) -> Option<Ruling> {
        let rules = self.rules;
        let span = Some(self.entries[index].span);
        let call = self.first[category.index()].as_mut()?;
        if call.caller == player || call.reply.is_none() {
            return None;
        }
        let what = category.name();
        // AC20: a reply allowing the call good or equal stands, in time or not.
        let allowed = matches!(call.reply, Some(Reply::Good | Reply::Equal));
        let refused = if allowed {
            rules.calling.reply.refused(late)
        } else {
            late
        };
        if refused && (late || call.reply != Some(reply)) {
            let (irregularity, laws) = if allowed {
                rules.calling.reply.refusal(what)
            } else {
                (
                    Irregularity::ReplyCorrectedLate { what },
                    rules.cite.reply_correction,
                )
            };
            return Some(Ruling {
                irregularity,
                offender: Some(player),
                laws,
                penalty: Penalty::Refused,
                span,
                analogy: None,
            });
        }
        if call.admitted || call.reply == Some(reply) {
            return None;
        }
        call.reply = Some(reply);
        Some(Ruling {
            irregularity: Irregularity::CorrectsReply {
                what: category.name(),
            },
            offender: Some(player),
            laws: rules.cite.reply_correction,
            penalty: Penalty::None,
            span,
            analogy: None,
        })
    }

    /// Laws 56, 61-64: declarations reckoned; a carte blanche reckoned is
    /// one told (laws 19, 61).
    pub(super) fn reckon(&mut self, index: usize, player: PlayerId, items: &[Declaration]) {
        for declaration in items {
            if Category::of(declaration) == Category::CarteBlanche {
                self.carte_blanche[player.index()].get_or_insert(index);
            } else if !self.point_barred(index, player, declaration) {
                let claim = self.claim(index, player, *declaration);
                self.claims.push(claim);
            }
        }
    }

    /// AC15: "The elder hand must call the number his point makes"; AC16:
    /// "The elder hand must state to what card his sequence is", and the
    /// rank of a quatorze or trio. The elder's first call in each kind, as
    /// it finally stands, falling short of what the rule set requires, is
    /// ruled insufficient, unless it was completed before the younger
    /// answered it. No paragraph gives a penalty: the call is weighed as
    /// said, and the younger may ask (law 46's inquiry).
    pub(super) fn rule_insufficient_calls(&mut self) {
        let elder = self.hands.elder;
        for call in self.first.iter().flatten() {
            let category = Category::of(&call.declaration);
            if call.caller != elder || self.stated[category.index()] {
                continue;
            }
            // A call that says enough is not ruled, whatever follows it.
            let Some(laws) = falls_short(&call.declaration, self.rules.calling) else {
                continue;
            };
            // Completed by a later call or reckoning of the same that says
            // it, before the younger answers: the call he answers is the
            // call made, and what he is told after it is too late to tell.
            let replied = self.entries[call.event + 1..]
                .iter()
                .position(|e| {
                    matches!(e.event, Event::Act { player, act: Act::Replies(_) } if player != elder)
                })
                .map_or(usize::MAX, |at| call.event + 1 + at);
            let completed = self.claims.iter().any(|c| {
                c.player == elder
                    && c.event > call.event
                    && c.event < replied
                    && Category::of(&c.declaration) == category
                    && same_call(&c.declaration, &call.declaration)
                    && falls_short(&c.declaration, self.rules.calling).is_none()
            });
            if completed {
                continue;
            }
            self.rulings.push(Ruling {
                irregularity: Irregularity::InsufficientCall {
                    declaration: call.declaration,
                },
                offender: Some(elder),
                laws,
                penalty: Penalty::NoneStated,
                span: Some(self.entries[call.event].span),
                analogy: None,
            });
        }
    }

    /// AC15, AC16: a call the younger had to ask about (`B asks making`,
    /// `B asks to what card`) was insufficient as made, though the answer
    /// completes it: ruled now, before the answer completes it.
    pub(super) fn completed_on_asking(&mut self, category: Category) {
        let Some(call) = self.first[category.index()] else {
            return;
        };
        if call.caller != self.hands.elder || self.stated[category.index()] {
            return;
        }
        if let Some(laws) = falls_short(&call.declaration, self.rules.calling) {
            self.stated[category.index()] = true;
            self.rulings.push(Ruling {
                irregularity: Irregularity::InsufficientCall {
                    declaration: call.declaration,
                },
                offender: Some(call.caller),
                laws,
                penalty: Penalty::NoneStated,
                span: Some(self.entries[call.event].span),
                analogy: None,
            });
        }
    }

    /// Case I: the caller's point was called by its number of cards only,
    /// so what it makes, said next, completes it.
    fn completes(&self, player: PlayerId) -> bool {
        self.first[Category::Point.index()].is_some_and(|call| {
            call.caller == player
                && matches!(
                    call.declaration,
                    Declaration::Point {
                        cards: Some(_),
                        making: None,
                        ..
                    }
                )
        })
    }

    /// Law 46: the making stated in answer to the inquiry completes the
    /// point called.
    pub(super) fn answer_making(&mut self, player: PlayerId, making: u32) {
        let Some(call) = &mut self.first[Category::Point.index()] else {
            return;
        };
        if call.caller != player {
            return;
        }
        if let Declaration::Point { making: m, .. } = &mut call.declaration {
            *m = Some(making);
        }
        let event = call.event;
        if let Some(claim) = self.claims.iter_mut().find(|c| c.event == event) {
            if let Declaration::Point { making: m, .. } = &mut claim.declaration {
                *m = Some(making);
            }
        }
    }
}

/// Whether two declarations are the same call said again, as far as each
/// names it: a point of so many cards (what it makes may be said or not),
/// a sequence of that length and top, a set of that count and rank.
fn same_call(a: &Declaration, b: &Declaration) -> bool {
    fn either<T: PartialEq>(a: Option<T>, b: Option<T>) -> bool {
        a.is_none() || b.is_none() || a == b
    }
    match (*a, *b) {
        (
            Declaration::Point {
                cards: x, suit: s, ..
            },
            Declaration::Point {
                cards: y, suit: t, ..
            },
        ) => either(x, y) && either(s, t),
        (
            Declaration::Sequence {
                length: x,
                top: s,
                suit: u,
            },
            Declaration::Sequence {
                length: y,
                top: t,
                suit: v,
            },
        ) => x == y && (s == t || s == Top::Unstated || t == Top::Unstated) && either(u, v),
        (Declaration::Set { set: x, rank: s }, Declaration::Set { set: y, rank: t }) => {
            x == y && either(s, t)
        }
        (a, b) => a == b,
    }
}

/// Law 50: a call smaller than what the hand holds there.
pub(super) fn called_less(
    declaration: &Declaration,
    holding: &Holding,
    hand: CardSet,
    rules: &RuleSet,
) -> bool {
    match holding {
        Holding::Point(p) => {
            holding::point_in(hand, p.suit).is_some_and(|held| held.cards > p.cards)
        }
        // A longer sequence of the same suit that contains the one called:
        // the only one that can is the run through its top card (the old
        // way, every sequence of the hand searched, is the reference of
        // `law_50_a_longer_run_found_through_the_top_card`).
        Holding::Sequence(s) => holding::run_through(hand, s.suit, s.top, rules).is_some_and(|h| {
            let bottom = |top: Rank, length: u8| top as i32 - i32::from(length);
            h.length >= rules.shortest_sequence
                && h.length > s.length
                && bottom(h.top, h.length) <= bottom(s.top, s.length)
        }),
        Holding::Set(s) => {
            matches!(
                declaration,
                Declaration::Set {
                    set: SetKind::Trio,
                    ..
                }
            ) && hand.count_rank(s.rank) == 4
        }
        Holding::CarteBlanche => false,
    }
}

/// The first call as it stands in the caller's hand (or as called, if not held).
pub(super) fn called_holding(call: &FirstCall, hands: &Hands, rules: &RuleSet) -> Option<Holding> {
    let hand = hands.declaring[call.caller.index()];
    find_held(&call.declaration, hand, rules, Strictness::AsCalled)
        .or_else(|| unknown_hand_holding(&call.declaration))
}

/// Laws 62-64: the first call as the caller's cards bear it out, to weigh
/// the adversary's against it: where he does not hold what he called, what
/// he holds of the kind ("the largest point is good", not the largest
/// called); as called where his hand is not known.
pub(super) fn held_against(call: &FirstCall, hands: &Hands, rules: &RuleSet) -> Option<Holding> {
    let c = call.caller.index();
    let hand = hands.declaring[c];
    find_held(&call.declaration, hand, rules, Strictness::AsCalled).or_else(|| {
        if hands.known[c] {
            best_in(Category::of(&call.declaration), hand, rules)
        } else {
            unknown_hand_holding(&call.declaration)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::fixture::{entry, hands};
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    /// Law 51, B answering A's point: (B's reply, whether late, whether the
    /// reply was admitted by asking, the reply that stands, the ruling).
    #[test]
    fn law_51_a_reply_corrected() {
        use Reply::{Good, NotGood};
        let table = [
            (
                Good,
                false,
                false,
                NotGood,
                Some(Irregularity::CorrectsReply { what: "point" }),
            ),
            (
                Good,
                true,
                false,
                Good,
                Some(Irregularity::ReplyCorrectedLate { what: "point" }),
            ),
            (Good, false, true, Good, None),
            (NotGood, false, false, NotGood, None),
        ];
        for (reply, late, admitted, stands, ruled) in table {
            let (entries, hands) = ([entry()], hands());
            let mut reading = Reading::new(&entries, &hands, &PORTLAND);
            reading.first[Category::Point.index()] = Some(FirstCall {
                caller: PlayerId(0),
                declaration: Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: None,
                },
                reply: Some(reply),
                inquired: false,
                equal: false,
                admitted,
                event: 0,
            });
            let ruling = reading.correct_reply(0, Category::Point, PlayerId(1), NotGood, late);
            assert_eq!(
                ruling.map(|r| r.irregularity),
                ruled,
                "{reply:?} late {late}"
            );
            let call = reading.first[Category::Point.index()].unwrap();
            assert_eq!(call.reply, Some(stands), "{reply:?} late {late}");
        }
    }

    /// Law 46, A the elder hand: (the kind A called before any point, who
    /// then calls, what, whether it is barred).
    #[test]
    fn law_46_the_elder_calls_his_point_first() {
        let point = Declaration::Point {
            cards: Some(5),
            making: None,
            suit: None,
        };
        let trio = Declaration::Set {
            set: SetKind::Trio,
            rank: Some(Rank::Ace),
        };
        let table = [
            (None, PlayerId(0), point, false),
            (Some(Category::Sequence), PlayerId(0), point, true),
            (Some(Category::Set), PlayerId(0), point, true),
            (Some(Category::Sequence), PlayerId(0), trio, false),
            (Some(Category::Sequence), PlayerId(1), point, false),
        ];
        for (lost, player, declaration, barred) in table {
            let (entries, hands) = ([entry()], hands());
            let mut reading = Reading::new(&entries, &hands, &PORTLAND);
            reading.point_lost = lost;
            assert_eq!(
                reading.point_barred(0, player, &declaration),
                barred,
                "{lost:?} {player:?} {declaration:?}"
            );
            assert_eq!(reading.rulings.len(), usize::from(barred));
        }
    }

    /// Law 46, B asking what A's point makes: (the cards A called, B's
    /// hand, whether it is ruled).
    #[test]
    fn law_46_asks_making_only_with_as_many_cards() {
        let table = [
            (6, "KH QH JH 10H 9H KD 9D AC KC QC JC 8C", true),
            (5, "KH QH JH 10H 9H KD 9D AC KC QC JC 8C", false),
            (5, "KH QH JH 10H 9H 8H 9D AC KC QC JC 8C", false),
        ];
        for (called, hand, ruled) in table {
            let (entries, mut hands) = ([entry()], hands());
            hands.declaring[1] = hand.parse().unwrap();
            let mut reading = Reading::new(&entries, &hands, &PORTLAND);
            reading.first[Category::Point.index()] = Some(FirstCall {
                caller: PlayerId(0),
                declaration: Declaration::Point {
                    cards: Some(called),
                    making: None,
                    suit: None,
                },
                reply: None,
                inquired: false,
                equal: false,
                admitted: false,
                event: 0,
            });
            reading.inquire(0, PlayerId(1));
            assert_eq!(!reading.rulings.is_empty(), ruled, "{called} {hand}");
            assert!(reading.first[Category::Point.index()].unwrap().inquired);
        }
    }

    /// Law 50, A's point of four corrected: (who called it, B's reply,
    /// whether B asked "making?", whether it has been replied to).
    #[test]
    fn law_50_a_call_replied_to() {
        use Reply::{Good, NotGood};
        let point = Declaration::Point {
            cards: Some(4),
            making: None,
            suit: None,
        };
        let table = [
            (PlayerId(0), None, false, false),
            (PlayerId(0), Some(NotGood), false, true),
            (PlayerId(0), Some(Good), false, true),
            (PlayerId(0), None, true, true),
            (PlayerId(1), Some(NotGood), false, false),
        ];
        for (caller, reply, inquired, replied) in table {
            let (entries, hands) = ([entry()], hands());
            let mut reading = Reading::new(&entries, &hands, &PORTLAND);
            reading.first[Category::Point.index()] = Some(FirstCall {
                caller,
                declaration: point,
                reply,
                inquired,
                equal: false,
                admitted: false,
                event: 0,
            });
            assert_eq!(
                reading.replied_to(PlayerId(0), &point),
                replied,
                "{caller:?} {reply:?} inquired {inquired}"
            );
        }
    }

    /// Law 51, a correction of B's reply to A's last call, said on line 5:
    /// (another call made before it, A's lead's line, B's first play's
    /// line, whether too late).
    #[test]
    fn law_51_too_late_after_another_call_or_the_lead() {
        let table = [
            (false, None, None, false),
            (false, Some(6), None, false),
            (false, Some(4), None, true),
            (false, Some(3), Some(4), true),
            (true, None, None, true),
        ];
        for (closed, lead, play, late) in table {
            let (entries, hands) = ([entry()], hands());
            let mut reading = Reading::new(&entries, &hands, &PORTLAND);
            reading.closed[Category::Set.index()] = closed;
            reading.elder_lead = lead;
            reading.first_play = play;
            assert_eq!(
                reading.reply_closed(5, Category::Set),
                late,
                "closed {closed}, lead {lead:?}, play {play:?}"
            );
        }
    }

    /// `FirstCards::of`, one pass, against `first_card` searched for each
    /// (the reference): (what, the lines after the stock).
    #[test]
    fn the_first_cards_found_in_one_pass_as_one_by_one() {
        let head = "[Players \"A B\"]\n\ndeal 1\ndealer B\n";
        let table = [
            ("no cards", "A calls point 4\nB replies good\n"),
            ("a lead only", "A leads AS\n"),
            (
                "a lead and a play",
                "A calls point 4\nA leads AS\nB plays 7S\n",
            ),
            (
                "the younger leads first",
                "B leads 7S\nA plays AS\nA leads KS\n",
            ),
            ("a trick line first", "play 1. AS 7S\nA leads KS\n"),
            ("a lead then a trick line", "A leads AS\nplay 2. KS 8S\n"),
            ("a play with nothing led", "B plays 7S\nA leads AS\n"),
        ];
        for (what, lines) in table {
            let reading = crate::notation::read_str(&format!("{head}{lines}"));
            let entries = &reading.transcript.deals[0].events;
            let own = |player: PlayerId| {
                first_card(entries, |p, act| {
                    p == player && matches!(act, Act::Leads(_) | Act::Plays(_))
                })
            };
            let leads = |player: PlayerId| {
                first_card(entries, |p, act| {
                    p == player && matches!(act, Act::Leads(_))
                })
            };
            let expected = FirstCards {
                play: first_play(entries),
                lead: first_card(entries, |_, act| matches!(act, Act::Leads(_))),
                own: PlayerId::BOTH.map(own),
                leads: PlayerId::BOTH.map(leads),
            };
            assert_eq!(FirstCards::of(entries), expected, "{what}");
        }
    }

    /// Law 50: a sequence called smaller than the run that holds it, found
    /// through its top card, against every sequence of the hand searched
    /// (the reference, the old way). Sequences of three cards or more, as
    /// every rule set has them: shorter ones could be more than
    /// `holding::Runs` keeps.
    #[test]
    fn law_50_a_longer_run_found_through_the_top_card() {
        use crate::cards::Suit;
        use crate::engine::holding::Sequence;
        use crate::engine::ruleset::{CLASSIC, OLD};
        let reference = |s: &Sequence, hand: CardSet, rules: &RuleSet| {
            holding::sequences(hand, rules).iter().any(|h| {
                let bottom = |top: Rank, length: u8| top as i32 - i32::from(length);
                h.suit == s.suit
                    && h.length > s.length
                    && h.top >= s.top
                    && bottom(h.top, h.length) <= bottom(s.top, s.length)
            })
        };
        let called = Declaration::Sequence {
            length: 3,
            top: Top::Unstated,
            suit: None,
        };
        for hand in crate::cards::scrambled(50, 400) {
            for base in [&PORTLAND, &CLASSIC, &OLD] {
                for shortest in [3, 4, 5] {
                    let rules = &RuleSet {
                        shortest_sequence: shortest,
                        ..*base
                    };
                    for suit in Suit::ALL {
                        for top in Rank::ALL {
                            for length in 1..=9 {
                                let s = Sequence { suit, length, top };
                                assert_eq!(
                                    called_less(&called, &Holding::Sequence(s), hand, rules),
                                    reference(&s, hand, rules),
                                    "{hand:?} {s:?} shortest {shortest}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
