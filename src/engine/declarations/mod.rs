//! Calls, replies and reckonings: who is good in each declaration, and what
//! he may score (laws 46-56, 61-64).
//!
//! What was said governs. A call answered "good" is good even when the
//! adversary held better (law 51 lets him correct the reply, in time, and
//! only then). The hands are consulted to check that what is scored is held:
//! a call of what is not held is a ruling and is never scored silently.
//!
//! When a deal records no calls at all, the referee takes each player to
//! have declared everything he held in full, and says so.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::notation::{
    Act, Answer, Call, Claim as Claimed, Correction, Declaration, Entry, Event, PlayerId, Question,
    Reply, Span,
};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::holding::{Point, Sequence, Set};
use super::ruleset::RuleSet;

mod assumed;
mod calling;
mod held;
mod miscalls;
mod scoring;
mod showing;
#[cfg(test)]
mod tests;

pub use scoring::{beats, declaration_of, laws_for};

use assumed::assume;
use calling::{answer_making, completes, correct_reply, first_card, first_play};
use held::{find_held, Strictness};
use showing::refuses_to_show;

/// The kinds of declaration, in the order they reckon (law 67 I-IV).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Carte blanche (law 67 I).
    CarteBlanche,
    /// The point (law 67 II).
    Point,
    /// Sequences (law 67 III).
    Sequence,
    /// Quatorzes and trios (law 67 IV).
    Set,
}

impl Category {
    /// The three declarations that are called and answered.
    pub const CALLED: [Category; 3] = [Category::Point, Category::Sequence, Category::Set];

    /// What a declaration is a case of.
    pub fn of(declaration: &Declaration) -> Category {
        match declaration {
            Declaration::CarteBlanche => Category::CarteBlanche,
            Declaration::Point { .. } => Category::Point,
            Declaration::Sequence { .. } => Category::Sequence,
            Declaration::Set { .. } => Category::Set,
        }
    }

    /// The name players use: `point`, `sequence`, `quatorze or trio`.
    pub fn name(self) -> &'static str {
        match self {
            Category::CarteBlanche => "carte blanche",
            Category::Point => "point",
            Category::Sequence => "sequence",
            Category::Set => "quatorze or trio",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Something held that scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// Carte blanche.
    CarteBlanche,
    /// A point, scored for the cards called.
    Point(Point),
    /// A sequence.
    Sequence(Sequence),
    /// A quatorze or trio.
    Set(Set),
}

impl Holding {
    /// What it scores under the rule set (laws 61-64).
    pub fn score(&self, rules: &RuleSet) -> u32 {
        match self {
            Holding::CarteBlanche => rules.carte_blanche,
            Holding::Point(p) => u32::from(p.cards),
            Holding::Sequence(s) => rules.sequence_score(s.length),
            Holding::Set(s) => rules.set_score(usize::from(s.count)),
        }
    }

    /// Its category.
    pub fn category(&self) -> Category {
        match self {
            Holding::CarteBlanche => Category::CarteBlanche,
            Holding::Point(_) => Category::Point,
            Holding::Sequence(_) => Category::Sequence,
            Holding::Set(_) => Category::Set,
        }
    }
}

/// How the good holder of a declaration was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The adversary replied to the call.
    Replied(Reply),
    /// The adversary admitted the call good by asking which card is out (Case VII).
    Admitted,
    /// The call had no reply and stands.
    Unanswered,
    /// Only this player called or reckoned one.
    Uncontested,
    /// No calls in the deal: the hands compared.
    Compared,
}

/// Who is good in one declaration, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nobody called or holds one.
    Nothing,
    /// The two were equal: neither scores.
    Equal(Settled),
    /// This player is good.
    Good(PlayerId, Settled),
}

/// A holding scored, and the event that established it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Who scores.
    pub player: PlayerId,
    /// What.
    pub holding: Holding,
    /// The index of the event, if any (none when assumed).
    pub event: Option<usize>,
}

/// The declarations of a deal, weighed.
#[derive(Clone, Debug, Default)]
pub struct Declarations {
    /// Who is good in point, sequences and sets (by [`Category`] index, carte blanche unused).
    pub verdicts: [Option<Verdict>; 4],
    /// What each player scores, in the order of law 67.
    pub scored: Vec<Scored>,
    /// Per category, whether each player holds good there though he may not
    /// score it (for pique and repique: he has "reckoned", law 69 and the
    /// encyclopaedia's note on penalties).
    pub bars: [[bool; 2]; 4],
    /// Rulings on the calls.
    pub rulings: Vec<Ruling>,
    /// True when nothing was called and full declarations were assumed.
    pub assumed: bool,
    /// Events weighed here that are not calls, replies or reckonings (a
    /// claim to score), so that the report does not call them unread.
    pub interpreted: Vec<usize>,
    /// The cards each player showed of his own accord before he played a
    /// card (law 55).
    shown: [CardSet; 2],
}

impl Declarations {
    /// The verdict in one category.
    pub fn verdict(&self, category: Category) -> Verdict {
        self.verdicts[category.index()].unwrap_or(Verdict::Nothing)
    }
}

/// The first call in a category, and the answer to it.
#[derive(Clone, Copy, Debug)]
struct FirstCall {
    caller: PlayerId,
    declaration: Declaration,
    reply: Option<Reply>,
    inquired: bool,
    /// Case I: the reply "equal" to a point, which bars a superior number of cards.
    equal: bool,
    /// Case VII: the adversary asked which card is out, admitting the call good.
    admitted: bool,
    event: usize,
}

/// What a question put about the declarations asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inquiry {
    /// "Which king do you not reckon?", answered with the card said to be out.
    Which {
        /// The rank of the trio.
        rank: Rank,
        /// The card named as out.
        named: Card,
    },
    /// "How many diamonds?", answered with a number.
    HowMany {
        /// The suit asked about.
        suit: Suit,
        /// The number answered.
        said: u8,
    },
}

/// What was said in a deal: the claims, and the questions answered.
#[derive(Clone, Copy)]
struct Said<'a> {
    claims: &'a [Claim],
    answered: &'a [Answered],
}

/// A question about the declarations, answered.
#[derive(Clone, Copy, Debug)]
struct Answered {
    /// Who answered.
    answerer: PlayerId,
    /// Who asked.
    asker: PlayerId,
    /// What was asked, and the answer.
    inquiry: Inquiry,
    /// The index of the answer.
    event: usize,
    /// Its line.
    span: Span,
}

/// A claim: something a player called or reckoned.
#[derive(Clone, Copy, Debug)]
struct Claim {
    player: PlayerId,
    declaration: Declaration,
    event: usize,
    span: Span,
    /// Law 54: the claim was allowed to be good (it was not answered "not good").
    allowed: bool,
}

/// The hands the players declare from.
pub struct Hands {
    /// After the exchange.
    pub declaring: [CardSet; 2],
    /// As dealt (for carte blanche).
    pub dealt: [CardSet; 2],
    /// Each player's discard (law 53: hand and discard taken together).
    pub discards: [CardSet; 2],
    /// Whether each hand is known card by card.
    pub known: [bool; 2],
    /// The elder hand (law 55: the younger shows only after the elder has led).
    pub elder: PlayerId,
}

/// Weighs the calls of a deal: `spoken` are the indexes of the events that
/// call, reply, ask, answer or reckon.
pub fn weigh(entries: &[Entry], spoken: &[usize], hands: &Hands, rules: &RuleSet) -> Declarations {
    if spoken.is_empty() {
        return assume(hands, rules);
    }
    let mut first: [Option<FirstCall>; 4] = [None; 4];
    let mut claims: Vec<Claim> = Vec::with_capacity(8);
    let mut carte_blanche: [Option<usize>; 2] = [None; 2];
    let mut last_call: Option<Category> = None;
    let mut last_replied: Option<Category> = None;
    // Law 51: whether the reply to each kind of call can no longer be corrected.
    let mut closed = [false; 4];
    let mut interpreted = Vec::new();
    let mut answered: Vec<Answered> = Vec::new();
    let mut pending: Option<(PlayerId, Question)> = None;
    let mut early_rulings: Vec<Ruling> = Vec::new();
    let first_play = first_play(entries);
    // Claims to score are weighed with the reckonings, in their place.
    let mut order = spoken.to_vec();
    // So are cards shown and requests refused (law 55).
    order.extend(entries.iter().enumerate().filter_map(|(i, e)| {
        matches!(
            &e.event,
            Event::Act {
                act: Act::Claims(Claimed::Score(_)) | Act::Shows(_) | Act::Refuses,
                ..
            }
        )
        .then_some(i)
    }));
    // Law 55: "before he plays a card"; the younger shows "at any time after
    // the elder hand has led a card".
    let own_first_card = PlayerId::BOTH.map(|player| {
        first_card(entries, |p, act| {
            p == player && matches!(act, Act::Leads(_) | Act::Plays(_))
        })
    });
    let first_lead = first_card(entries, |_, act| matches!(act, Act::Leads(_)));
    // Law 55: the cards each player showed of his own accord before he played a card.
    let mut shown = [CardSet::EMPTY; 2];
    order.sort_unstable();
    order.dedup();
    for &index in &order {
        let entry = &entries[index];
        let Event::Act { player, act } = &entry.event else {
            continue;
        };
        let player = *player;
        let claim = |declaration: Declaration| Claim {
            player,
            declaration,
            event: index,
            span: entry.span,
            allowed: true,
        };
        match act {
            Act::Calls(Call::Declare(declaration)) => {
                let category = Category::of(declaration);
                // Case I: "forty-one" said after a call of four cards
                // completes an imperfect call; it is not another call (law 51).
                if let Declaration::Point {
                    cards: None,
                    making: Some(making),
                    ..
                } = declaration
                {
                    if last_call == Some(Category::Point) && completes(&first, player) {
                        answer_making(&mut first, &mut claims, player, *making);
                        continue;
                    }
                }
                if category == Category::CarteBlanche {
                    carte_blanche[player.index()].get_or_insert(index);
                    continue;
                }
                let slot = &mut first[category.index()];
                if slot.is_none() {
                    *slot = Some(FirstCall {
                        caller: player,
                        declaration: *declaration,
                        reply: None,
                        inquired: false,
                        equal: false,
                        admitted: false,
                        event: index,
                    });
                }
                claims.push(claim(*declaration));
                // Law 51: another call closes the replies to the calls before it.
                if last_call != Some(category) {
                    closed = [true; 4];
                    closed[category.index()] = false;
                }
                last_call = Some(category);
            }
            Act::Calls(Call::NoSequence) => {}
            Act::Asks(Question::Making) => {
                if let Some(call) = &mut first[Category::Point.index()] {
                    if call.caller != player {
                        call.inquired = true;
                    }
                }
            }
            Act::Asks(question) => {
                // Case VII: asking which card of a trio or quatorze is out
                // admits it good; the reply can no longer be corrected.
                if let Question::Which(rank) = question {
                    if let Some(call) = &mut first[Category::Set.index()] {
                        let of_rank = matches!(call.declaration,
                            Declaration::Set { rank: r, .. } if r.is_none_or(|r| r == *rank));
                        if call.caller != player && of_rank {
                            call.reply.get_or_insert(Reply::Good);
                            call.admitted = true;
                        }
                    }
                }
                pending = Some((player, question.clone()));
            }
            Act::Answers(Answer::Making(making)) => {
                answer_making(&mut first, &mut claims, player, *making);
            }
            Act::Answers(answer) => {
                let inquiry = match (&pending, answer) {
                    (Some((_, Question::Which(rank))), Answer::Card(card)) => {
                        Some(Inquiry::Which {
                            rank: *rank,
                            named: *card,
                        })
                    }
                    (Some((_, Question::HowMany(suit))), Answer::Count(said)) => {
                        Some(Inquiry::HowMany {
                            suit: *suit,
                            said: *said,
                        })
                    }
                    _ => None,
                };
                if let (Some(inquiry), Some((asker, _))) = (inquiry, &pending) {
                    if *asker != player {
                        answered.push(Answered {
                            answerer: player,
                            asker: *asker,
                            inquiry,
                            event: index,
                            span: entry.span,
                        });
                    }
                }
                pending = None;
            }
            Act::Replies(reply) => {
                if let Some(category) = last_call {
                    if let Some(call) = &mut first[category.index()] {
                        if call.caller != player && call.reply.is_none() {
                            call.reply = Some(*reply);
                            call.equal = *reply == Reply::Equal;
                            last_replied = Some(category);
                        }
                    }
                }
            }
            // Law 50: a smaller call corrected before the reply. Law 52: a
            // larger call corrected before the younger hand has played to
            // the first trick; the corrected call is answered afresh. Later,
            // the miscall stands (law 54).
            Act::Corrects(Correction::Call(Call::Declare(declaration))) => {
                if first_play.is_some_and(|play| index > play) {
                    continue;
                }
                let category = Category::of(declaration);
                let miscall = claims
                    .iter()
                    .rev()
                    .find(|c| c.player == player && Category::of(&c.declaration) == category)
                    .map(|c| c.declaration);
                if let Some(miscall) = miscall {
                    let p = player.index();
                    let held = |d: &Declaration| {
                        find_held(d, hands.declaring[p], rules, Strictness::AsCalled).is_some()
                    };
                    // Case IX: no penalty, whatever the reply told him.
                    if hands.known[p] && !held(&miscall) && held(declaration) {
                        early_rulings.push(Ruling {
                            irregularity: Irregularity::CorrectsMiscall {
                                called: miscall,
                                corrected: *declaration,
                            },
                            offender: Some(player),
                            laws: rules.cite.correction,
                            penalty: Penalty::None,
                            span: Some(entry.span),
                        });
                    }
                    // The miscall is put right wherever he said it: in the
                    // call and in any reckoning that repeated it.
                    for claim in claims
                        .iter_mut()
                        .filter(|c| c.player == player && c.declaration == miscall)
                    {
                        claim.declaration = *declaration;
                    }
                }
                if let Some(call) = &mut first[category.index()] {
                    if call.caller == player {
                        call.declaration = *declaration;
                        call.reply = None;
                        last_call = Some(category);
                    }
                }
            }
            // Law 51: a reply corrected in time: the answer to the last call.
            Act::Corrects(Correction::Reply(reply)) => {
                if let Some(category) = last_call.or(last_replied) {
                    let late = closed[category.index()] || first_play.is_some_and(|p| index > p);
                    early_rulings.extend(correct_reply(
                        &mut first, category, player, *reply, late, entry, rules,
                    ));
                }
            }
            Act::Corrects(Correction::ReplyTo { to, reply }) => {
                let category = Category::of(to);
                let late = closed[category.index()] || first_play.is_some_and(|p| index > p);
                early_rulings.extend(correct_reply(
                    &mut first, category, player, *reply, late, entry, rules,
                ));
            }
            Act::Corrects(Correction::Call(Call::NoSequence)) => {}
            Act::Reckons { items, .. } => {
                for declaration in items {
                    if Category::of(declaration) == Category::CarteBlanche {
                        carte_blanche[player.index()].get_or_insert(index);
                    } else {
                        claims.push(claim(*declaration));
                    }
                }
            }
            Act::Shows(cards) => {
                let p = player.index();
                if matches!(&pending, Some((asker, Question::Show(_))) if *asker != player) {
                    pending = None;
                } else if own_first_card[p].is_none_or(|first| index < first) {
                    shown[p] = cards.iter().fold(shown[p], |set, card| set.with(*card));
                }
            }
            Act::Refuses => {
                if let Some((asker, Question::Show(what))) = &pending {
                    if *asker != player {
                        let led = first_lead.is_some_and(|lead| lead < index);
                        // A call answered "not good" need not be shown.
                        let not_good = what.as_ref().is_some_and(|d| {
                            first[Category::of(d).index()].is_some_and(|c| {
                                c.caller == player && c.reply == Some(Reply::NotGood)
                            })
                        });
                        early_rulings.extend(refuses_to_show(
                            player, *asker, not_good, led, entry, hands, rules,
                        ));
                    }
                    pending = None;
                }
            }
            Act::AnnouncesCarteBlanche | Act::ShowsCarteBlanche => {
                carte_blanche[player.index()].get_or_insert(index);
            }
            // A claim to score is weighed as a reckoning: the referee grants
            // it where the player is good and holds it, and says why not.
            Act::Claims(Claimed::Score(items)) => {
                interpreted.push(index);
                for declaration in items {
                    if Category::of(declaration) != Category::CarteBlanche {
                        claims.push(claim(*declaration));
                    }
                }
            }
            _ => {}
        }
    }

    // A first call answered "not good" was not allowed to be good (law 54).
    for claim in &mut claims {
        let call = first[Category::of(&claim.declaration).index()];
        if call.is_some_and(|c| c.event == claim.event && c.reply == Some(Reply::NotGood)) {
            claim.allowed = false;
        }
    }
    let mut out = Declarations {
        interpreted,
        rulings: early_rulings,
        shown,
        ..Declarations::default()
    };
    for player in PlayerId::BOTH {
        if let Some(event) = carte_blanche[player.index()] {
            out.carte_blanche(player, Some(event), &entries[event], hands, rules);
        }
    }
    for category in Category::CALLED {
        out.weigh_category(
            category,
            first[category.index()],
            Said {
                claims: &claims,
                answered: &answered,
            },
            entries,
            hands,
            rules,
        );
    }
    for &index in spoken {
        out.check_count(&entries[index], hands, rules);
    }
    for answer in &answered {
        out.check_answer(answer, entries, hands, rules);
    }
    out
}

impl Declarations {
    /// A call reckoned again is one irregularity, ruled once.
    fn rule_once(&mut self, ruling: Ruling) {
        let again = self
            .rulings
            .iter()
            .any(|r| r.irregularity == ruling.irregularity && r.offender == ruling.offender);
        if !again {
            self.rulings.push(ruling);
        }
    }
}
