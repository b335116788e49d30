//! Scoring the declarations (laws 61-64, 70): who is good in each kind,
//! what he scores, and a count said aloud that is wrong.

use crate::notation::{Act, Declaration, Entry, Event, PlayerId, Reply, SetKind, Top};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::calling::{called_holding, held_against};
use super::held::{best_in, cards_of, find_held, unsuited, Named, Strictness};
use super::*;
use crate::cards::CardSet;
use crate::engine::holding;
use crate::engine::ruleset::{PointScore, RuleSet};

impl Declarations {
    /// Laws 62-64: "The largest point is good", "the longest sequence is
    /// good", "the highest quatorze is good": the cards decide, not the
    /// reply. "Equal" answered by a player whose hand holds nothing equal to
    /// the call (nor better) leaves the call good; the reply is ruled.
    fn equal_reply(
        &mut self,
        call: &FirstCall,
        category: Category,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Verdict {
        let equal = Verdict::Equal(Settled::Replied(Reply::Equal));
        let other = call.caller.other();
        let o = other.index();
        let Some(called) = called_holding(call, hands, rules) else {
            return equal;
        };
        if !hands.known[o] || !hands.known[call.caller.index()] {
            return equal;
        }
        let best = best_in(category, hands.declaring[o], rules);
        // 6q: quatorzes and trios cannot be equal; the better is good.
        let impossible = category == Category::Set
            && rules.calling.equal_sets == super::ways::EqualSets::Impossible;
        if impossible && best.is_some_and(|best| beats(&best, &called, rules)) {
            self.rulings.push(Ruling {
                irregularity: Irregularity::SetsCannotTie,
                offender: Some(other),
                laws: &["6q"],
                penalty: Penalty::None,
                span: Some(entries[call.event].span),
                analogy: None,
            });
            return Verdict::Good(other, Settled::Compared);
        }
        if best.is_some_and(|best| !beats(&called, &best, rules)) {
            return equal;
        }
        self.rulings.push(Ruling {
            irregularity: Irregularity::EqualNotBorneOut {
                what: category.name(),
            },
            offender: Some(other),
            laws: laws_for(category, rules),
            penalty: Penalty::None,
            span: Some(entries[call.event].span),
            analogy: None,
        });
        Verdict::Good(call.caller, Settled::Compared)
    }

    /// Law 70: "Errors in counting the hand, if proved, may be rectified at
    /// any time before the player in error has seen his next hand." A total
    /// said aloud (`reckons … = 24`) that is not what the items reckoned
    /// make, each at what it is named for, is put right; the score is the
    /// right figure. A count that adds up what was named is no error in
    /// counting, even where an item is not held: that is a miscall, ruled
    /// under law 54 (Case II); nor is a count that adds the repique to what
    /// makes thirty (law 68: "sixty is added").
    pub(super) fn check_count(&mut self, entry: &Entry, hands: &Hands, rules: &RuleSet) {
        let Event::Act {
            player,
            act:
                Act::Reckons {
                    items,
                    total: Some(said),
                },
        } = &entry.event
        else {
            return;
        };
        let p = player.index();
        if !hands.known[p] {
            return;
        }
        let right: u32 = items
            .iter()
            .filter_map(|item| {
                let held = |strictness| find_held(item, hands.declaring[p], rules, strictness);
                face_value(item, rules).or_else(|| {
                    held(Strictness::AsCalled)
                        .or_else(|| held(Strictness::Misnomer))
                        .map(|h| h.score(rules))
                })
            })
            .sum();
        // Law 68 (11d): a player who makes thirty in hand "counts ninety
        // instead of thirty": a count aloud with the repique added is no
        // error in counting. Whether the repique is made is law 68's to say.
        let with_repique = right >= rules.pique_at && *said == right + rules.repique;
        if right != *said && !with_repique {
            self.rulings.push(Ruling {
                irregularity: Irregularity::Miscounts { said: *said, right },
                offender: Some(*player),
                laws: &["70"],
                penalty: Penalty::None,
                span: Some(entry.span),
                analogy: None,
            });
        }
    }

    /// Laws 18, 61: carte blanche, judged on the hand as dealt. One the
    /// hand does not bear out is not scored (law 19: showing it proves it).
    pub(super) fn carte_blanche(
        &mut self,
        player: PlayerId,
        event: Option<usize>,
        entry: &Entry,
        hands: &Hands,
        rules: &RuleSet,
    ) {
        let p = player.index();
        if holding::is_carte_blanche(hands.dealt[p]) || !hands.known[p] {
            self.scored.push(Scored {
                player,
                holding: Holding::CarteBlanche,
                event,
            });
            self.bars[Category::CarteBlanche.index()][p] = true;
        } else {
            self.rulings.push(Ruling {
                irregularity: Irregularity::CallsWhatIsNotHeld {
                    declaration: Declaration::CarteBlanche,
                },
                offender: Some(player),
                laws: rules.cite.false_carte_blanche,
                penalty: Penalty::NotScored,
                span: Some(entry.span),
                analogy: None,
            });
        }
    }

    /// Laws 46-49, 62-64: who is good in one category, and what he scores.
    pub(super) fn weigh_category(
        &mut self,
        category: Category,
        said: Said<'_>,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
        scratch: &mut Scratch,
    ) {
        let first = said.first[category.index()];
        self.resolve_all(category, said, hands, rules, scratch);
        let resolved = &mut scratch.resolved;
        if category == Category::Sequence {
            self.said_no_sequence(resolved, said, entries, rules);
        }
        if category == Category::Set && first.is_none() {
            self.bar_by_implication(resolved, said.claims, entries, rules);
        }
        let reckoned = |player: PlayerId| {
            said.claims
                .iter()
                .any(|c| c.player == player && Category::of(&c.declaration) == category)
        };
        let verdict = match first {
            Some(call) => match discovered(&call, resolved, hands, rules) {
                // AC18 under au cent: a point or sequence not held is not shown.
                Some(other) if rules.calling.miscall.adversary_reckons_inferior(category) => {
                    Verdict::Good(other, Settled::Unshown)
                }
                Some(other) => Verdict::Good(other, Settled::Miscalled),
                None => match call.reply {
                    // No reply: the call stands, unless the adversary reckons better.
                    None => {
                        let called = held_against(&call, hands, rules);
                        let other = call.caller.other();
                        match (best_of(&resolved[other.index()], rules), called) {
                            (Some((best, _)), Some(called)) if beats(&best, &called, rules) => {
                                Verdict::Good(other, Settled::Compared)
                            }
                            _ => Verdict::Good(call.caller, Settled::Unanswered),
                        }
                    }
                    // Case VII: asking which card is out admitted the call good.
                    Some(Reply::Good) if call.admitted => {
                        Verdict::Good(call.caller, Settled::Admitted)
                    }
                    Some(Reply::Good) => Verdict::Good(call.caller, Settled::Replied(Reply::Good)),
                    Some(Reply::Equal) => self.equal_reply(&call, category, entries, hands, rules),
                    Some(Reply::NotGood) => {
                        let reckoned = reckoned(call.caller.other());
                        self.not_good_reply(&call, resolved, reckoned, entries, hands, rules)
                    }
                },
            },
            None => uncalled(resolved, rules),
        };
        // AC19: a sequence shown bars the younger's, no better than it.
        let verdict = first
            .and_then(|call| self.bar_by_show(&call, verdict, resolved, entries, hands, rules))
            .unwrap_or(verdict);
        // AC18: the elder's call, good or equal, not shown before his lead.
        let verdict = first
            .and_then(|call| self.unshown(&call, verdict, resolved, entries, hands, rules))
            .unwrap_or(verdict);
        // AC21, AC22: the younger who played without showing a superiority,
        // or who disallowed a call his cards could not beat, has reckoned
        // nothing there: it bars nothing, nor saves a pique.
        if let Verdict::Good(
            elder,
            Settled::ShownAfterLead | Settled::FoundAfterLead | Settled::BarredByShow,
        ) = verdict
        {
            self.bars[category.index()][elder.other().index()] = false;
        }
        if let (Verdict::Good(player, _), Some(call)) = (verdict, first) {
            if call.admitted && player == call.caller {
                self.bar_by_admission(&call, resolved, entries, hands, rules);
            }
            if category == Category::Point && player != call.caller {
                self.bar_by_inquiry(&call, player, &mut resolved[player.index()], entries, rules);
            }
        }
        if let Verdict::Good(player, _) = verdict {
            let list = std::mem::take(&mut resolved[player.index()]);
            let list = self.abide_by_call(first, player, list, entries, hands, rules);
            let mut list = self.shown_to_score(category, player, list, entries, hands, rules);
            self.score_good(category, player, &list, rules);
            // The buffer goes back for the next kind.
            list.clear();
            resolved[player.index()] = list;
        }
        if let (Verdict::Equal(_), Some(call)) = (verdict, first) {
            self.equal_shown(&call, entries, hands, rules);
        }
        self.verdicts[category.index()] = Some(verdict);
    }

    /// 6l, 21b: a player who called "no sequence" and then reckons one
    /// cannot claim it: "If a player chooses not to declare his strongest
    /// combination, he will not be able to claim it later". Where the rule
    /// set lets a player reckon what is superior to his first call (law
    /// 49), the call is no bar.
    fn said_no_sequence(
        &mut self,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        said: Said<'_>,
        entries: &[Entry],
        rules: &RuleSet,
    ) {
        let Some((player, _)) = said.no_sequence else {
            return;
        };
        if rules.calling.smaller.reckons_superior() {
            return;
        }
        for (holding, event) in std::mem::take(&mut resolved[player.index()]) {
            self.rule_once(Ruling {
                irregularity: Irregularity::ReckonsAfterNoSequence {
                    declaration: declaration_of(&holding),
                },
                offender: Some(player),
                laws: rules.cite.smaller_call,
                penalty: Penalty::NotScored,
                span: entries.get(event).map(|e| e.span),
                analogy: None,
            });
        }
    }

    /// The cards `player` showed before his first card on the table (or
    /// at all, where he has played none).
    fn shown_before_first_card(&self, player: PlayerId, entries: &[Entry]) -> CardSet {
        let first = super::calling::first_card(entries, |p, act| {
            p == player && matches!(act, Act::Leads(_) | Act::Plays(_))
        })
        .unwrap_or(usize::MAX);
        self.shows
            .iter()
            .filter(|(line, p, _)| *p == player && *line < first)
            .fold(CardSet::EMPTY, |set, (_, _, cards)| set.or(*cards))
    }

    /// 9b: "To be able to score the point and the sequences, he must show
    /// them to the dealer while counting"; 11b, the dealer likewise. What
    /// the good player reckons of the kind and did not show before his
    /// first card is ruled and not scored. Where his hand is not known
    /// card by card, his reckoning is taken as made.
    fn shown_to_score(
        &mut self,
        category: Category,
        player: PlayerId,
        list: Vec<(Holding, usize)>,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Vec<(Holding, usize)> {
        let showing = rules.calling.showing;
        if !showing.to_score(category) || !hands.known[player.index()] {
            return list;
        }
        let hand = hands.declaring[player.index()];
        let shown = self.shown_before_first_card(player, entries);
        let mut kept = Vec::with_capacity(list.len());
        for (holding, event) in list {
            // A holding named without its suit is shown by the cards of any
            // other that it names as well (two points of 39, one shown).
            let alike = alike_in_hand(&holding, hand, rules);
            if let Some(shown) = alike
                .into_iter()
                .find(|h| cards_of(h, hand, rules).minus(shown).is_empty())
            {
                kept.push((shown, event));
                continue;
            }
            self.rulings.push(Ruling {
                irregularity: Irregularity::NotShownToScore {
                    declaration: declaration_of(&holding),
                    equal: false,
                },
                offender: Some(player),
                laws: showing.laws(player == hands.elder, false),
                penalty: Penalty::NotScored,
                span: entries.get(event).map(|e| e.span),
                analogy: None,
            });
        }
        kept
    }

    /// 11c: "if the dealer canceled out any of the elder hand's
    /// declarations by holding equal ones, he must prove his good faith
    /// while scoring by showing them, even though they do not count and
    /// the elder hand must do the same." What tied and was not shown before
    /// its holder's first card is ruled; the text states no penalty, and
    /// neither scores it all the same.
    fn equal_shown(&mut self, call: &FirstCall, entries: &[Entry], hands: &Hands, rules: &RuleSet) {
        let category = Category::of(&call.declaration);
        let showing = rules.calling.showing;
        if !showing.to_score(category) || entries.is_empty() {
            return;
        }
        for player in PlayerId::BOTH {
            let p = player.index();
            if !hands.known[p] {
                continue;
            }
            let hand = hands.declaring[p];
            let tied = if player == call.caller {
                find_held(&call.declaration, hand, rules, Strictness::AsCalled)
            } else {
                best_in(category, hand, rules)
            };
            let Some(tied) = tied else { continue };
            let shown = self.shown_before_first_card(player, entries);
            if cards_of(&tied, hand, rules).minus(shown).is_empty() {
                continue;
            }
            self.rulings.push(Ruling {
                irregularity: Irregularity::NotShownToScore {
                    declaration: declaration_of(&tied),
                    equal: true,
                },
                offender: Some(player),
                laws: showing.laws(player == hands.elder, true),
                penalty: Penalty::NoneStated,
                span: Some(entries[call.event].span),
                analogy: None,
            });
        }
    }

    /// Every claim of the kind checked against the hand, whoever is good:
    /// what each player holds of what he called or reckoned, into the
    /// scratch's `resolved` (cleared first; its `line` is a buffer for each
    /// line's, its `index` and `named` for law 63's names).
    fn resolve_all(
        &mut self,
        category: Category,
        said: Said<'_>,
        hands: &Hands,
        rules: &RuleSet,
        scratch: &mut Scratch,
    ) {
        let Scratch {
            resolved,
            line,
            index,
            named,
            ..
        } = scratch;
        let Said {
            claims, answered, ..
        } = said;
        let mine = |player: PlayerId| {
            claims
                .iter()
                .filter(move |c| c.player == player && Category::of(&c.declaration) == category)
        };
        resolved.iter_mut().for_each(Vec::clear);
        // Law 63: what one line reckons are so many declarations, each
        // its own holding; a line that repeats an earlier call names
        // the same one again.
        line.clear();
        let mut line: (usize, &mut Vec<Holding>) = (usize::MAX, line);
        for player in PlayerId::BOTH {
            line.0 = usize::MAX;
            // Only a claim that leaves out its suit or rank reads the
            // index: it is made at the first.
            let mut indexed = false;
            for claim in mine(player) {
                if line.0 != claim.event {
                    line.0 = claim.event;
                    line.1.clear();
                }
                let unsuited = unsuited(&claim.declaration);
                if unsuited {
                    if !indexed {
                        index.fill(mine(player), player, hands, rules);
                        indexed = true;
                    }
                    index.named_into(claim, hands, named);
                }
                let none = Named::default();
                let named = if unsuited { &*named } else { &none };
                let found = self.resolve(claim, line.1, named, hands, rules);
                if let Some(holding) = found {
                    line.1.push(holding);
                    if self.names_held_card_out(claim, &holding, answered, hands, rules) {
                        continue;
                    }
                    let list = &mut resolved[player.index()];
                    if !list.iter().any(|(h, _)| *h == holding) {
                        list.push((holding, claim.event));
                    }
                }
            }
        }
    }

    /// Laws 62-64: "not good" answered to a call. The better holding is
    /// good, and the cards decide it, not the reply.
    fn not_good_reply(
        &mut self,
        call: &FirstCall,
        resolved: &[Vec<(Holding, usize)>; 2],
        reckoned: bool,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Verdict {
        let category = Category::of(&call.declaration);
        let other = call.caller.other();
        let called = held_against(call, hands, rules);
        let best = best_of(&resolved[other.index()], rules);
        match (best, called) {
            (Some((best, _)), Some(called)) if beats(&best, &called, rules) => {
                Verdict::Good(other, Settled::Replied(Reply::NotGood))
            }
            (Some(_), None) => Verdict::Good(other, Settled::Replied(Reply::NotGood)),
            // Laws 62-64: the better holding is good, and the
            // cards decide it, not the reply: a "not good" that
            // the reckoning does not bear out leaves the call good.
            (Some((h, event)), Some(_)) => {
                self.rulings.push(Ruling {
                    irregularity: Irregularity::ClaimsBetterWithoutHolding {
                        declaration: declaration_of(&h),
                    },
                    offender: Some(other),
                    laws: laws_for(category, rules),
                    penalty: Penalty::None,
                    span: Some(entries[event].span),
                    analogy: None,
                });
                Verdict::Good(call.caller, Settled::Compared)
            }
            // Law 54: what he reckoned against the call was a
            // miscall (ruled); "the adversary may reckon anything
            // he has good, which is not barred by a correct call
            // of the player in error".
            (None, _) if reckoned => Verdict::Good(call.caller, Settled::Miscalled),
            (None, _) => {
                self.rulings.push(Ruling {
                    irregularity: Irregularity::NotReckoned {
                        what: category.name(),
                    },
                    offender: Some(other),
                    laws: rules.cite.omitted,
                    penalty: Penalty::NotScored,
                    span: Some(entries[call.event].span),
                    analogy: None,
                });
                self.bars[category.index()][other.index()] = true;
                Verdict::Good(other, Settled::Replied(Reply::NotGood))
            }
        }
    }

    /// Law 46: "the inquiry bars him from counting a superior number of
    /// cards for point"; so does the reply "equal" (Case I).
    fn bar_by_inquiry(
        &mut self,
        call: &FirstCall,
        player: PlayerId,
        list: &mut Vec<(Holding, usize)>,
        entries: &[Entry],
        rules: &RuleSet,
    ) {
        if rules.calling.inquiry == super::ways::PointInquiry::DoesNotBar {
            return;
        }
        if !(call.inquired || call.equal) {
            return;
        }
        let Declaration::Point {
            cards: Some(called),
            ..
        } = call.declaration
        else {
            return;
        };
        let before = list.len();
        list.retain(|(h, event)| {
            let barred = matches!(h, Holding::Point(p) if p.cards > called);
            if barred {
                let declaration = declaration_of(h);
                self.rulings.push(Ruling {
                    irregularity: if call.inquired {
                        Irregularity::BarredByInquiry { declaration }
                    } else {
                        Irregularity::BarredByEqualReply { declaration }
                    },
                    offender: Some(player),
                    laws: rules.cite.inquiry,
                    penalty: Penalty::NotScored,
                    span: Some(entries[*event].span),
                    analogy: None,
                });
            }
            !barred
        });
        if list.len() < before {
            self.bars[Category::Point.index()][player.index()] = true;
        }
    }

    /// AC17: the elder "must abide by his call, and he cannot reckon
    /// anything superior, even though his call is good against the cards";
    /// he may reckon what is of equal or inferior counting value. What he
    /// reckons superior to his first call of the kind is ruled and not
    /// scored. Law 49 lets him reckon any he holds (the rule set's
    /// `calling.smaller`).
    fn abide_by_call(
        &mut self,
        first: Option<FirstCall>,
        player: PlayerId,
        mut list: Vec<(Holding, usize)>,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Vec<(Holding, usize)> {
        let hand = hands.declaring[player.index()];
        let called = first
            .filter(|c| c.caller == player && player == hands.elder && hands.known[player.index()])
            .filter(|_| !rules.calling.smaller.reckons_superior())
            .and_then(|call| {
                find_held(&call.declaration, hand, rules, Strictness::AsCalled).map(|h| (call, h))
            });
        let Some((call, called)) = called else {
            return list;
        };
        list.retain(|&(holding, event)| {
            let above = beats(&holding, &called, rules);
            if above {
                self.rule_once(Ruling {
                    irregularity: Irregularity::ReckonsAboveCall {
                        declaration: declaration_of(&holding),
                        called: call.declaration,
                    },
                    offender: Some(player),
                    laws: rules.cite.smaller_call,
                    penalty: Penalty::NotScored,
                    span: entries.get(event).map(|e| e.span),
                    analogy: None,
                });
            }
            !above
        });
        list
    }

    /// Laws 62-64: the good player scores his best point, and every
    /// sequence or set he reckoned (law 63: "the holder of the best scores
    /// every one he reckons"); 6n, 6s: "may also claim as good any of his
    /// other sequences that are lower than or equal to the winning one", and
    /// so of quatorzes and trios.
    fn score_good(
        &mut self,
        category: Category,
        player: PlayerId,
        list: &[(Holding, usize)],
        rules: &RuleSet,
    ) {
        let best;
        let chosen = if category == Category::Point {
            best = best_of(list, rules);
            best.as_slice()
        } else {
            list
        };
        for &(holding, event) in chosen {
            self.bars[category.index()][player.index()] = true;
            self.scored.push(Scored {
                player,
                holding,
                event: Some(event),
            });
        }
    }
}

/// Buffers the kinds share as they are weighed one after another, so that
/// each does not allocate its own: what each player holds of his claims
/// of the kind, and the holdings found on one line. Kept per thread from
/// one deal to the next, so that a deal allocates none of them; each kind
/// clears them before it reads them.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    resolved: [Vec<(Holding, usize)>; 2],
    line: Vec<Holding>,
    /// The index of one player's claims of the kind, made again for each.
    index: NamedIndex,
    /// What the other claims name, for one claim.
    named: Named,
    /// The reading's claims (see `Reading::claims`).
    pub(super) claims: Vec<Claim>,
    /// The lines the reading reads, in order.
    pub(super) order: Vec<usize>,
    /// The holdings scored of an earlier deal, given back for the next
    /// deal's `Declarations::scored` (`declarations::give_back`).
    pub(super) scored: Vec<Scored>,
}

thread_local! {
    /// The thread's buffers (see [`Scratch`]).
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

impl Scratch {
    /// Runs `weigh` with the thread's buffers; where they are in use
    /// already (a reading within a reading), with buffers of its own.
    pub(super) fn with<R>(weigh: impl FnOnce(&mut Scratch) -> R) -> R {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut scratch) => weigh(&mut scratch),
            Err(_) => weigh(&mut Scratch::default()),
        })
    }

    /// The list for a deal's holdings scored: one given back, emptied.
    pub(super) fn scored(&mut self) -> Vec<Scored> {
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        scored
    }
}

/// Law 63: what a player's claims of the kind name by suit or rank, each
/// found in his hand once, so that each claim's [`Named`] is had without
/// going through every other claim again (a deal of many reckonings stays
/// linear): the holdings named on each line, and on how many lines each is.
#[derive(Debug, Default)]
struct NamedIndex {
    /// Each holding named, with the event of its line, in the order named:
    /// the claims are read line by line, so the lines come in order, each
    /// line's holdings together.
    lines: Vec<(usize, Holding)>,
    /// Each holding named, with the number of lines that name it.
    lines_naming: Vec<(Holding, usize)>,
}

impl NamedIndex {
    /// The index of `player`'s claims, made afresh in the buffers of the
    /// last (empty where his hand is not known).
    fn fill<'c>(
        &mut self,
        claims: impl Iterator<Item = &'c Claim>,
        player: PlayerId,
        hands: &Hands,
        rules: &RuleSet,
    ) {
        self.lines.clear();
        self.lines_naming.clear();
        let p = player.index();
        if !hands.known[p] {
            return;
        }
        for claim in claims.filter(|c| !unsuited(&c.declaration)) {
            let held = find_held(
                &claim.declaration,
                hands.declaring[p],
                rules,
                Strictness::AsCalled,
            );
            let Some(held) = held else { continue };
            let named_on_line = self
                .lines
                .iter()
                .rev()
                .take_while(|(event, _)| *event == claim.event)
                .any(|(_, h)| *h == held);
            if !named_on_line {
                match self.lines_naming.iter_mut().find(|(h, _)| *h == held) {
                    Some((_, lines)) => *lines += 1,
                    None => self.lines_naming.push((held, 1)),
                }
            }
            self.lines.push((claim.event, held));
        }
    }

    /// What the claims of the kind other than on `claim`'s line name, and
    /// those on its line, for a claim that leaves out its suit or rank,
    /// into `out` (cleared first; left empty for any other claim).
    fn named_into(&self, claim: &Claim, hands: &Hands, out: &mut Named) {
        out.same_line.clear();
        out.elsewhere.clear();
        if !unsuited(&claim.declaration) || !hands.known[claim.player.index()] {
            return;
        }
        let start = self
            .lines
            .partition_point(|(event, _)| *event < claim.event);
        out.same_line.extend(
            self.lines[start..]
                .iter()
                .take_while(|(event, _)| *event == claim.event)
                .map(|(_, h)| *h),
        );
        let same_line = &out.same_line;
        out.elsewhere.extend(
            self.lines_naming
                .iter()
                .filter(|(h, lines)| *lines > usize::from(same_line.contains(h)))
                .map(|(h, _)| *h),
        );
    }
}

/// The holdings in `hand` that stand as `holding` does: itself, and any
/// other of the same kind, as long and as high (or making as much), in
/// another suit.
fn alike_in_hand(holding: &Holding, hand: CardSet, rules: &RuleSet) -> Vec<Holding> {
    let mut out = vec![*holding];
    match *holding {
        Holding::Point(p) => out.extend(
            holding::points(hand)
                .filter(|q| q.suit != p.suit && q.cards == p.cards && q.value == p.value)
                .map(Holding::Point),
        ),
        Holding::Sequence(s) => out.extend(
            holding::sequences(hand, rules)
                .into_iter()
                .filter(|q| q.suit != s.suit && q.length == s.length && q.top == s.top)
                .map(Holding::Sequence),
        ),
        _ => {}
    }
    out
}

/// Law 54: "On discovery of the error, the adversary may reckon anything
/// he has good, which is not barred by a correct call of the player in
/// error, made in addition to his miscall" (Case II: three kings allowed
/// good, and not held, do not sink four tens). The adversary, when the
/// call allowed good is not held and he reckons better than the caller holds.
fn discovered(
    call: &FirstCall,
    resolved: &[Vec<(Holding, usize)>; 2],
    hands: &Hands,
    rules: &RuleSet,
) -> Option<PlayerId> {
    let c = call.caller.index();
    let not_held = hands.known[c]
        && matches!(call.reply, None | Some(Reply::Good))
        && !resolved[c].iter().any(|(_, event)| *event == call.event);
    let other = call.caller.other();
    let theirs = best_of(&resolved[other.index()], rules)?;
    // AC18 under au cent: against a point or sequence not held, the
    // adversary reckons his own even though equal or inferior.
    let inferior = rules
        .calling
        .miscall
        .adversary_reckons_inferior(Category::of(&call.declaration));
    let better =
        inferior || best_of(&resolved[c], rules).is_none_or(|(h, _)| beats(&theirs.0, &h, rules));
    (not_held && better).then_some(other)
}

/// Laws 62-64 with no call in the kind: whoever reckons the better is good.
fn uncalled(resolved: &[Vec<(Holding, usize)>; 2], rules: &RuleSet) -> Verdict {
    let a = best_of(&resolved[0], rules);
    let b = best_of(&resolved[1], rules);
    match (a, b) {
        (None, None) => Verdict::Nothing,
        (Some(_), None) => Verdict::Good(PlayerId(0), Settled::Uncontested),
        (None, Some(_)) => Verdict::Good(PlayerId(1), Settled::Uncontested),
        (Some((a, _)), Some((b, _))) => {
            if beats(&a, &b, rules) {
                Verdict::Good(PlayerId(0), Settled::Compared)
            } else if beats(&b, &a, rules) {
                Verdict::Good(PlayerId(1), Settled::Compared)
            } else {
                Verdict::Equal(Settled::Compared)
            }
        }
    }
}

/// Law 70: what a declaration counts for as it is named (`point 5` five,
/// `tierce` three, `three kings` three), whether or not it is held; `None`
/// where the name does not say (a point named only by what it makes).
pub(super) fn face_value(declaration: &Declaration, rules: &RuleSet) -> Option<u32> {
    match *declaration {
        Declaration::CarteBlanche => Some(rules.carte_blanche),
        // AC25, by agreement: a point making four-and-something counts one
        // less, so a point named without what it makes has no face value
        // there: the hand says what it makes.
        Declaration::Point { cards, making, .. } => match (making, rules.point_score) {
            (None, PointScore::FoursCountOneLess) => None,
            (making, score) => cards.map(|n| score.score(n, making.unwrap_or(0))),
        },
        Declaration::Sequence { length, .. } => Some(rules.sequence_score(length)),
        Declaration::Set { set, .. } => Some(rules.set_score(usize::from(set.count()))),
    }
}

/// The best of a player's holdings in one category.
pub(super) fn best_of(list: &[(Holding, usize)], rules: &RuleSet) -> Option<(Holding, usize)> {
    list.iter()
        .copied()
        .reduce(|a, b| if beats(&b.0, &a.0, rules) { b } else { a })
}

/// Laws 62-64: whether `a` is better than `b` (both of one category).
pub fn beats(a: &Holding, b: &Holding, rules: &RuleSet) -> bool {
    use std::cmp::Ordering::Greater;
    match (a, b) {
        (Holding::Point(a), Holding::Point(b)) => {
            if a.value == 0 || b.value == 0 {
                a.cards > b.cards
            } else {
                holding::compare_points(a, b, rules) == Greater
            }
        }
        (Holding::Sequence(a), Holding::Sequence(b)) => holding::compare_sequences(a, b) == Greater,
        (Holding::Set(a), Holding::Set(b)) => holding::compare_sets(a, b) == Greater,
        _ => false,
    }
}

/// The declaration that names a holding.
pub fn declaration_of(holding: &Holding) -> Declaration {
    match *holding {
        Holding::CarteBlanche => Declaration::CarteBlanche,
        Holding::Point(p) => Declaration::Point {
            cards: Some(p.cards),
            making: Some(p.value),
            suit: Some(p.suit),
        },
        Holding::Sequence(s) => Declaration::Sequence {
            length: s.length,
            // A sequence headed by the ace is a quint major, not "to ace".
            top: if s.top == Rank::Ace {
                Top::Major
            } else {
                Top::To(s.top)
            },
            suit: Some(s.suit),
        },
        Holding::Set(s) => Declaration::Set {
            set: if s.count == 4 {
                SetKind::Quatorze
            } else {
                SetKind::Trio
            },
            rank: Some(s.rank),
        },
    }
}

/// The laws a declaration's score line cites.
pub fn laws_for(category: Category, rules: &RuleSet) -> &'static [&'static str] {
    match category {
        Category::CarteBlanche => rules.cite.carte_blanche,
        Category::Point => rules.cite.point,
        Category::Sequence => rules.cite.sequences,
        Category::Set => rules.cite.sets,
    }
}
