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
    Reply, SetKind, Span, Top,
};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::holding::{self, Point, Sequence, Set};
use super::ruleset::RuleSet;

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

/// The index of the first card played to a lead: the younger hand's play
/// to the first trick (laws 52, 54, 56).
fn first_play(entries: &[Entry]) -> Option<usize> {
    first_card(entries, |_, act| matches!(act, Act::Plays(_)))
}

/// The index of the first card on the table that `counts` accepts: an act
/// (`A leads AS`, `B plays 7S`) by its player and kind, or any trick line.
fn first_card(entries: &[Entry], counts: impl Fn(PlayerId, &Act) -> bool) -> Option<usize> {
    entries.iter().position(|e| match &e.event {
        Event::Act { player, act } => counts(*player, act),
        Event::Play { .. } => true,
        _ => false,
    })
}

/// The best holding of a kind among some cards (law 55: what was shown).
fn best_in(category: Category, cards: CardSet, rules: &RuleSet) -> Option<Holding> {
    match category {
        Category::CarteBlanche => None,
        Category::Point => holding::best_point(cards, rules).map(Holding::Point),
        Category::Sequence => holding::best_sequence(cards, rules).map(Holding::Sequence),
        Category::Set => holding::best_set(cards, rules).map(Holding::Set),
    }
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
    })
}

/// Case I: the caller's point was called by its number of cards only, so
/// what it makes, said next, completes it.
fn completes(first: &[Option<FirstCall>; 4], player: PlayerId) -> bool {
    first[Category::Point.index()].is_some_and(|call| {
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

/// The cards played before an event, and how many tricks were complete.
fn played_before(entries: &[Entry], event: usize) -> (CardSet, usize) {
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

/// The cards that make a holding, as they lie in the hand.
fn cards_of(holding: &Holding, hand: CardSet, rules: &RuleSet) -> CardSet {
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
fn implied_cards(declaration: &Declaration, holding: &Holding, rules: &RuleSet) -> CardSet {
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

/// Law 46: the making stated in answer to the inquiry completes the point called.
fn answer_making(
    first: &mut [Option<FirstCall>; 4],
    claims: &mut [Claim],
    player: PlayerId,
    making: u32,
) {
    let Some(call) = &mut first[Category::Point.index()] else {
        return;
    };
    if call.caller != player {
        return;
    }
    if let Declaration::Point { making: m, .. } = &mut call.declaration {
        *m = Some(making);
    }
    if let Some(claim) = claims.iter_mut().find(|c| c.event == call.event) {
        if let Declaration::Point { making: m, .. } = &mut claim.declaration {
            *m = Some(making);
        }
    }
}

impl Declarations {
    /// Law 70: "Errors in counting the hand, if proved, may be rectified at
    /// any time before the player in error has seen his next hand." A total
    /// said aloud (`reckons … = 24`) that is not what the items reckoned
    /// make, each at what it is named for, is put right; the score is the
    /// right figure. A count that adds up what was named is no error in
    /// counting, even where an item is not held: that is a miscall, ruled
    /// under law 54 (Case II).
    fn check_count(&mut self, entry: &Entry, hands: &Hands, rules: &RuleSet) {
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
        if right != *said {
            self.rulings.push(Ruling {
                irregularity: Irregularity::Miscounts { said: *said, right },
                offender: Some(*player),
                laws: &["70"],
                penalty: Penalty::None,
                span: Some(entry.span),
            });
        }
    }

    /// Laws 18, 61: carte blanche, judged on the hand as dealt. One the
    /// hand does not bear out is not scored (law 19: showing it proves it).
    fn carte_blanche(
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
            });
        }
    }

    /// Laws 46-49, 62-64: who is good in one category, and what he scores.
    fn weigh_category(
        &mut self,
        category: Category,
        first: Option<FirstCall>,
        said: Said<'_>,
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) {
        let Said { claims, answered } = said;
        let mine = |player: PlayerId| {
            claims
                .iter()
                .filter(move |c| c.player == player && Category::of(&c.declaration) == category)
        };
        // Every claim is checked against the hand, whoever is good.
        let mut resolved: [Vec<(Holding, usize)>; 2] = [Vec::new(), Vec::new()];
        for player in PlayerId::BOTH {
            // Law 63: what one line reckons are so many declarations, each
            // its own holding; a line that repeats an earlier call names
            // the same one again.
            let mut line: (usize, Vec<Holding>) = (usize::MAX, Vec::new());
            for claim in mine(player) {
                if line.0 != claim.event {
                    line = (claim.event, Vec::new());
                }
                let found = self.resolve(claim, &line.1, hands, rules);
                line.1.extend(found);
                if let Some(holding) = found {
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
        if category == Category::Set && first.is_none() {
            self.bar_by_implication(&mut resolved, claims, entries, rules);
        }
        // Law 54: "On discovery of the error, the adversary may reckon
        // anything he has good, which is not barred by a correct call of the
        // player in error, made in addition to his miscall" (Case II: three
        // kings allowed good, and not held, do not sink four tens).
        let discovered = first.and_then(|call| {
            let c = call.caller.index();
            let not_held = hands.known[c]
                && matches!(call.reply, None | Some(Reply::Good))
                && !resolved[c].iter().any(|(_, event)| *event == call.event);
            let other = call.caller.other();
            let theirs = best_of(&resolved[other.index()], rules)?;
            let better =
                best_of(&resolved[c], rules).is_none_or(|(h, _)| beats(&theirs.0, &h, rules));
            (not_held && better).then_some(other)
        });
        let verdict = match first {
            Some(_) if discovered.is_some() => {
                Verdict::Good(discovered.unwrap_or(PlayerId(0)), Settled::Compared)
            }
            Some(call) => match call.reply {
                // No reply: the call stands, unless the adversary reckons better.
                None => {
                    let called = called_holding(&call, hands, rules);
                    let other = call.caller.other();
                    match (best_of(&resolved[other.index()], rules), called) {
                        (Some((best, _)), Some(called)) if beats(&best, &called, rules) => {
                            Verdict::Good(other, Settled::Compared)
                        }
                        _ => Verdict::Good(call.caller, Settled::Unanswered),
                    }
                }
                // Case VII: asking which card is out admitted the call good.
                Some(Reply::Good) if call.admitted => Verdict::Good(call.caller, Settled::Admitted),
                Some(Reply::Good) => Verdict::Good(call.caller, Settled::Replied(Reply::Good)),
                Some(Reply::Equal) => Verdict::Equal(Settled::Replied(Reply::Equal)),
                Some(Reply::NotGood) => {
                    let other = call.caller.other();
                    let called = called_holding(&call, hands, rules);
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
                                laws: super::score::laws_for(category, rules),
                                penalty: Penalty::None,
                                span: Some(entries[event].span),
                            });
                            Verdict::Good(call.caller, Settled::Compared)
                        }
                        (None, _) => {
                            self.rulings.push(Ruling {
                                irregularity: Irregularity::NotReckoned {
                                    what: category.name(),
                                },
                                offender: Some(other),
                                laws: rules.cite.omitted,
                                penalty: Penalty::NotScored,
                                span: Some(entries[call.event].span),
                            });
                            self.bars[category.index()][other.index()] = true;
                            Verdict::Good(other, Settled::Replied(Reply::NotGood))
                        }
                    }
                }
            },
            None => {
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
        };
        if let (Verdict::Good(player, _), Some(call)) = (verdict, first) {
            if call.admitted && player == call.caller {
                self.bar_by_admission(&call, &mut resolved, entries, hands, rules);
            }
            // Law 46: the inquiry "making" bars a superior number of cards;
            // so does the reply "equal" (Case I).
            let inquired = call.inquired || call.equal;
            if category == Category::Point && inquired && player != call.caller {
                if let Declaration::Point {
                    cards: Some(called),
                    ..
                } = call.declaration
                {
                    let list = &mut resolved[player.index()];
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
                            });
                        }
                        !barred
                    });
                    if list.len() < before {
                        self.bars[category.index()][player.index()] = true;
                    }
                }
            }
        }
        if let Verdict::Good(player, _) = verdict {
            let list = &resolved[player.index()];
            let chosen: Vec<(Holding, usize)> = if category == Category::Point {
                best_of(list, rules).into_iter().collect()
            } else {
                list.clone()
            };
            for (holding, event) in chosen {
                self.bars[category.index()][player.index()] = true;
                self.scored.push(Scored {
                    player,
                    holding,
                    event: Some(event),
                });
            }
        }
        self.verdicts[category.index()] = Some(verdict);
    }

    /// Case VIII: asked which card of his trio is out, the player named one
    /// he holds. "The reply of the elder hand is only a substitute for
    /// showing" the cards: his claim is to the other three, one of which he
    /// has not got, and he is liable to the penalty for scoring what he does
    /// not hold (law 54; none if he could not have held it, hand and
    /// discard together). True when the claim is ruled so.
    fn names_held_card_out(
        &mut self,
        claim: &Claim,
        holding: &Holding,
        answered: &[Answered],
        hands: &Hands,
        rules: &RuleSet,
    ) -> bool {
        let p = claim.player.index();
        let Holding::Set(set) = holding else {
            return false;
        };
        if !hands.known[p] || set.count != 3 {
            return false;
        }
        let hand = hands.declaring[p];
        let named = answered.iter().find_map(|a| match a.inquiry {
            Inquiry::Which { rank, named }
                if a.answerer == claim.player && rank == set.rank && named.rank == rank =>
            {
                Some(named)
            }
            _ => None,
        });
        let Some(named) = named.filter(|card| hand.contains(*card)) else {
            return false;
        };
        let Some(missing) = Suit::ALL
            .into_iter()
            .map(|suit| Card::new(set.rank, suit))
            .find(|card| *card != named && !hand.contains(*card))
        else {
            return false;
        };
        let penalty = if claim.allowed && hands.discards[p].contains(missing) {
            Penalty::ReckonsNothing
        } else {
            Penalty::NotScored
        };
        self.rule_once(Ruling {
            irregularity: Irregularity::NamesHeldCardOut {
                declaration: claim.declaration,
                named,
                missing,
            },
            offender: Some(claim.player),
            laws: rules.cite.miscall,
            penalty,
            span: Some(claim.span),
        });
        true
    }

    /// Case VII: "Asking which queen is out is equivalent to admitting three
    /// queens to be good" (the inquiry bars, as law 46's does). What the
    /// asker claims better in that declaration is not scored.
    fn bar_by_admission(
        &mut self,
        call: &FirstCall,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        entries: &[Entry],
        hands: &Hands,
        rules: &RuleSet,
    ) {
        let Some(called) = called_holding(call, hands, rules) else {
            return;
        };
        let asker = call.caller.other();
        for (holding, event) in &resolved[asker.index()] {
            if beats(holding, &called, rules) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::BarredByAdmission {
                        declaration: declaration_of(holding),
                        admitted: call.declaration,
                    },
                    offender: Some(asker),
                    laws: rules.cite.admission,
                    penalty: Penalty::NotScored,
                    span: entries.get(*event).map(|e| e.span),
                });
            }
        }
        resolved[asker.index()].clear();
    }

    /// Case IV: a player who declared, by his point and sequences, cards
    /// that make a better quatorze or trio than his adversary reckons has
    /// declared it by implication: he "can reckon anything he has omitted
    /// before B plays to the first trick (Law 56)", so the adversary's
    /// reckoning is barred, and the implied quatorze or trio bars as held.
    fn bar_by_implication(
        &mut self,
        resolved: &mut [Vec<(Holding, usize)>; 2],
        claims: &[Claim],
        entries: &[Entry],
        rules: &RuleSet,
    ) {
        for player in PlayerId::BOTH {
            if !resolved[player.index()].is_empty() {
                continue;
            }
            let mut implied = CardSet::EMPTY;
            for scored in self.scored.iter().filter(|s| s.player == player) {
                let declaration = claims
                    .iter()
                    .find(|c| {
                        Some(c.event) == scored.event
                            && c.player == player
                            && Category::of(&c.declaration) == scored.holding.category()
                    })
                    .map(|c| c.declaration);
                if let Some(declaration) = declaration {
                    implied = implied.or(implied_cards(&declaration, &scored.holding, rules));
                }
            }
            let Some(best) = holding::sets(implied, rules)
                .into_iter()
                .max_by(holding::compare_sets)
                .map(Holding::Set)
            else {
                continue;
            };
            let other = player.other();
            let before = resolved[other.index()].len();
            let mut barred = Vec::new();
            resolved[other.index()].retain(|(holding, event)| {
                let beaten = beats(&best, holding, rules);
                if beaten {
                    barred.push((*holding, *event));
                }
                !beaten
            });
            for (holding, event) in barred {
                self.rule_once(Ruling {
                    irregularity: Irregularity::BarredByImplication {
                        declaration: declaration_of(&holding),
                        implied: declaration_of(&best),
                    },
                    offender: Some(other),
                    laws: rules.cite.omitted,
                    penalty: Penalty::NotScored,
                    span: entries.get(event).map(|e| e.span),
                });
            }
            if resolved[other.index()].len() < before {
                self.bars[Category::Set.index()][player.index()] = true;
            }
        }
    }

    /// Cases XV, XVI: "How many diamonds?" asks only of cards reckoned good
    /// or called equal, and the answer is taken so ("None that I have
    /// declared"). An answer that counts other cards, or fewer, misinforms
    /// the adversary, who may retake the cards played since and play
    /// differently (law 59.V), if he claims to.
    fn check_answer(
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

    /// Laws 50, 53, 54: what a claim comes to in the hand. A claim of what
    /// is not held is a ruling; a misnomer carries no penalty.
    fn resolve(
        &mut self,
        claim: &Claim,
        besides: &[Holding],
        hands: &Hands,
        rules: &RuleSet,
    ) -> Option<Holding> {
        let p = claim.player.index();
        let hand = hands.declaring[p];
        if !hands.known[p] {
            return unknown_hand_holding(&claim.declaration);
        }
        let held = |hand, strictness| {
            find_held_besides(&claim.declaration, hand, rules, strictness, besides)
        };
        if let Some(holding) = held(hand, Strictness::AsCalled) {
            if called_less(&claim.declaration, &holding, hand, rules) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::CallsLessThanHeld {
                        declaration: claim.declaration,
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.smaller_call,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                });
            }
            return Some(holding);
        }
        let with_discard = hand.or(hands.discards[p]);
        let possible = held(with_discard, Strictness::AsCalled);
        if possible.is_none() {
            if let Some(holding) = held(hand, Strictness::Misnomer) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::Misnomer {
                        declaration: claim.declaration,
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.misnomer,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                });
                return Some(holding);
            }
        }
        // Law 54: a call of what is not held, allowed to be good, and not
        // corrected, reckons nothing; except a misnomer (above), or a call of
        // what he could not possibly have held in hand and discard together.
        if claim.allowed {
            // Law 55: "If a player, before he plays a card, voluntarily show
            // anything which he claims to be good or equal, he is liable to
            // no penalty for miscalling what he has shown." Law 54 gives way:
            // the cards shown speak for the call.
            let category = Category::of(&claim.declaration);
            if let Some(holding) = best_in(category, self.shown[p].and(hand), rules) {
                self.rule_once(Ruling {
                    irregularity: Irregularity::MiscallShown {
                        declaration: claim.declaration,
                        shown: declaration_of(&holding),
                    },
                    offender: Some(claim.player),
                    laws: rules.cite.miscall_shown,
                    penalty: Penalty::None,
                    span: Some(claim.span),
                });
                return Some(holding);
            }
        }
        // Law 54's exception: "or of his having called anything which he
        // could not possibly have held in his hand and discard taken
        // together, when he is liable to no penalty".
        let (irregularity, penalty) = match (claim.allowed, possible) {
            (true, Some(_)) => (
                Irregularity::CallsWhatIsNotHeld {
                    declaration: claim.declaration,
                },
                Penalty::ReckonsNothing,
            ),
            (true, None) => (
                Irregularity::CallsWhatCouldNotBeHeld {
                    declaration: claim.declaration,
                },
                Penalty::None,
            ),
            (false, _) => (
                Irregularity::CallsWhatIsNotHeld {
                    declaration: claim.declaration,
                },
                Penalty::NotScored,
            ),
        };
        self.rule_once(Ruling {
            irregularity,
            offender: Some(claim.player),
            laws: rules.cite.miscall,
            penalty,
            span: Some(claim.span),
        });
        None
    }

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

/// How closely a claim must match the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strictness {
    /// Suit and rank as called.
    AsCalled,
    /// Law 53: the counting value only; the suit or rank may be misnamed.
    Misnomer,
}

/// Law 70: what a declaration counts for as it is named (`point 5` five,
/// `tierce` three, `three kings` three), whether or not it is held; `None`
/// where the name does not say (a point named only by what it makes).
fn face_value(declaration: &Declaration, rules: &RuleSet) -> Option<u32> {
    match *declaration {
        Declaration::CarteBlanche => Some(rules.carte_blanche),
        Declaration::Point { cards, .. } => cards.map(u32::from),
        Declaration::Sequence { length, .. } => Some(rules.sequence_score(length)),
        Declaration::Set { set, .. } => Some(rules.set_score(usize::from(set.count()))),
    }
}

/// The holding a claim names, if the hand holds it.
fn find_held(
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
fn find_held_besides(
    declaration: &Declaration,
    hand: CardSet,
    rules: &RuleSet,
    strictness: Strictness,
    besides: &[Holding],
) -> Option<Holding> {
    let loose = strictness == Strictness::Misnomer;
    let fresh = |h: &Holding| !besides.contains(h);
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

/// Law 50: a call smaller than what the hand holds there.
fn called_less(
    declaration: &Declaration,
    holding: &Holding,
    hand: CardSet,
    rules: &RuleSet,
) -> bool {
    match holding {
        Holding::Point(p) => {
            holding::point_in(hand, p.suit).is_some_and(|held| held.cards > p.cards)
        }
        Holding::Sequence(s) => holding::sequences(hand, rules).iter().any(|h| {
            // A longer run of the same suit that contains the one called.
            let bottom = |top: Rank, length: u8| top as i32 - i32::from(length);
            h.suit == s.suit
                && h.length > s.length
                && h.top >= s.top
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

/// What a claim by a player whose hand is known only in part is taken to be.
fn unknown_hand_holding(declaration: &Declaration) -> Option<Holding> {
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

/// The first call as it stands in the caller's hand (or as called, if not held).
fn called_holding(call: &FirstCall, hands: &Hands, rules: &RuleSet) -> Option<Holding> {
    let hand = hands.declaring[call.caller.index()];
    find_held(&call.declaration, hand, rules, Strictness::AsCalled)
        .or_else(|| unknown_hand_holding(&call.declaration))
}

/// The best of a player's holdings in one category.
fn best_of(list: &[(Holding, usize)], rules: &RuleSet) -> Option<(Holding, usize)> {
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
            top: Top::To(s.top),
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

/// Law 51: "If the younger hand allow a correct call to be good or equal,
/// when he holds better in his hand, he may correct his reply before the
/// elder hand has made another call; or, in case there is no further call,
/// before the elder hand has led a card." A correction in time replaces the
/// reply, with no penalty (unless the reply was admitted by asking, Case
/// VII); a late one is refused, and the reply stands.
fn correct_reply(
    first: &mut [Option<FirstCall>; 4],
    category: Category,
    player: PlayerId,
    reply: Reply,
    late: bool,
    entry: &Entry,
    rules: &RuleSet,
) -> Option<Ruling> {
    let call = first[category.index()].as_mut()?;
    if call.caller == player || call.reply.is_none() {
        return None;
    }
    if late {
        return Some(Ruling {
            irregularity: Irregularity::ReplyCorrectedLate {
                what: category.name(),
            },
            offender: Some(player),
            laws: rules.cite.reply_correction,
            penalty: Penalty::Refused,
            span: Some(entry.span),
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
        span: Some(entry.span),
    })
}

/// No calls in the deal: each player is taken to have declared all he held.
fn assume(hands: &Hands, rules: &RuleSet) -> Declarations {
    let mut out = Declarations {
        assumed: true,
        ..Declarations::default()
    };
    for player in PlayerId::BOTH {
        if holding::is_carte_blanche(hands.dealt[player.index()]) {
            out.scored.push(Scored {
                player,
                holding: Holding::CarteBlanche,
                event: None,
            });
            out.bars[Category::CarteBlanche.index()][player.index()] = true;
        }
    }
    if !hands.known.iter().all(|k| *k) {
        return out;
    }
    let held = |p: usize| -> [Vec<Holding>; 3] {
        let hand = hands.declaring[p];
        [
            holding::best_point(hand, rules)
                .map(Holding::Point)
                .into_iter()
                .collect(),
            holding::sequences(hand, rules)
                .into_iter()
                .map(Holding::Sequence)
                .collect(),
            holding::sets(hand, rules)
                .into_iter()
                .map(Holding::Set)
                .collect(),
        ]
    };
    let (a, b) = (held(0), held(1));
    for (i, category) in Category::CALLED.into_iter().enumerate() {
        let best = |list: &[Holding]| {
            list.iter()
                .copied()
                .reduce(|x, y| if beats(&y, &x, rules) { y } else { x })
        };
        let verdict = match (best(&a[i]), best(&b[i])) {
            (None, None) => Verdict::Nothing,
            (Some(_), None) => Verdict::Good(PlayerId(0), Settled::Compared),
            (None, Some(_)) => Verdict::Good(PlayerId(1), Settled::Compared),
            (Some(x), Some(y)) if beats(&x, &y, rules) => {
                Verdict::Good(PlayerId(0), Settled::Compared)
            }
            (Some(x), Some(y)) if beats(&y, &x, rules) => {
                Verdict::Good(PlayerId(1), Settled::Compared)
            }
            _ => Verdict::Equal(Settled::Compared),
        };
        if let Verdict::Good(player, _) = verdict {
            let list = if player.0 == 0 { &a[i] } else { &b[i] };
            for holding in list {
                out.bars[category.index()][player.index()] = true;
                out.scored.push(Scored {
                    player,
                    holding: *holding,
                    event: None,
                });
            }
        }
        out.verdicts[category.index()] = Some(verdict);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::ruleset::PORTLAND;
    use super::*;
    use crate::cards::Suit;

    fn hand(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn entry() -> Entry {
        Entry {
            event: Event::Act {
                player: PlayerId(1),
                act: Act::Refuses,
            },
            span: Span::default(),
            comment: None,
        }
    }

    fn hands() -> Hands {
        Hands {
            declaring: [CardSet::EMPTY; 2],
            dealt: [CardSet::EMPTY; 2],
            discards: [CardSet::EMPTY; 2],
            known: [true; 2],
            elder: PlayerId(0),
        }
    }

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
            let mut first: [Option<FirstCall>; 4] = [None; 4];
            first[Category::Point.index()] = Some(FirstCall {
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
            let ruling = correct_reply(
                &mut first,
                Category::Point,
                PlayerId(1),
                NotGood,
                late,
                &entry(),
                &PORTLAND,
            );
            assert_eq!(
                ruling.map(|r| r.irregularity),
                ruled,
                "{reply:?} late {late}"
            );
            let call = first[Category::Point.index()].unwrap();
            assert_eq!(call.reply, Some(stands), "{reply:?} late {late}");
        }
    }

    #[test]
    fn claims_resolve_against_the_hand() {
        let h = hand("QS JS 10S 9S KD QD JD 10D 9D AC AH AS");
        let quart_to_queen = Declaration::Sequence {
            length: 4,
            top: Top::To(Rank::Queen),
            suit: None,
        };
        // A whole quart to the queen (spades) is preferred to part of the quint in diamonds.
        let held = find_held(&quart_to_queen, h, &PORTLAND, Strictness::AsCalled);
        let Some(Holding::Sequence(s)) = held else {
            panic!("{held:?}")
        };
        assert_eq!((s.suit, s.length, s.top), (Suit::Spades, 4, Rank::Queen));
        assert!(!called_less(
            &quart_to_queen,
            &Holding::Sequence(s),
            h,
            &PORTLAND
        ));

        // (call, held as called?, held as a misnomer?)
        let table = [
            (
                Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: None,
                },
                true,
                true,
            ),
            (
                Declaration::Point {
                    cards: Some(6),
                    making: None,
                    suit: None,
                },
                false,
                false,
            ),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: Some(48),
                    suit: None,
                },
                true,
                true,
            ),
            (
                Declaration::Point {
                    cards: Some(5),
                    making: None,
                    suit: Some(Suit::Clubs),
                },
                false,
                true,
            ),
            (
                Declaration::Sequence {
                    length: 5,
                    top: Top::Major,
                    suit: None,
                },
                false,
                true,
            ),
            (
                Declaration::Sequence {
                    length: 3,
                    top: Top::Minor,
                    suit: None,
                },
                false,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::Ace),
                },
                true,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Trio,
                    rank: Some(Rank::King),
                },
                false,
                true,
            ),
            (
                Declaration::Set {
                    set: SetKind::Quatorze,
                    rank: None,
                },
                false,
                false,
            ),
        ];
        for (call, as_called, misnomer) in table {
            let strict = find_held(&call, h, &PORTLAND, Strictness::AsCalled).is_some();
            let loose = find_held(&call, h, &PORTLAND, Strictness::Misnomer).is_some();
            assert_eq!((strict, loose), (as_called, misnomer), "{call}");
        }
    }

    #[test]
    fn laws_62_to_64_which_is_better() {
        let point = |cards, value| {
            Holding::Point(Point {
                suit: Suit::Spades,
                cards,
                value,
            })
        };
        let seq = |length, top| {
            Holding::Sequence(Sequence {
                suit: Suit::Hearts,
                length,
                top,
            })
        };
        let set = |rank, count| Holding::Set(Set { rank, count });
        // (a, b, a beats b)
        let table = [
            (point(5, 40), point(4, 41), true),
            (point(5, 49), point(5, 50), false),
            (point(5, 49), point(5, 49), false),
            (seq(4, Rank::Knave), seq(3, Rank::Ace), true),
            (seq(4, Rank::Ace), seq(4, Rank::King), true),
            (seq(4, Rank::Ace), seq(4, Rank::Ace), false),
            (set(Rank::Ten, 4), set(Rank::Ace, 3), true),
            (set(Rank::King, 3), set(Rank::Queen, 3), true),
        ];
        for (a, b, expected) in table {
            assert_eq!(beats(&a, &b, &PORTLAND), expected, "{a:?} against {b:?}");
        }
    }
}

#[cfg(test)]
mod case_tests {
    use crate::engine::rule;
    use crate::notation::read_str;
    use crate::ruling::Penalty;

    /// The deal of Case IX (A: KS QS JS 9S 8S, JH 10H 9H, JD 10D, 10C 9C after
    /// the exchange; B: AS 10S 7S, AH KH 8H 7H, AD QD 9D, KC QC), calls appended.
    const DEAL: &str = "[Players \"A B\"]\ndeal 1\ndealer B\n\
        hand A: KS QS 8S JH 9H JD 8D 7D JC 10C 8C 7C\n\
        hand B: 10S 7S AH KH QH 8H 7H AD KD 9D AC QC\n\
        stock: JS 9S 10H 10D 9C AS QD KC\n\
        A discards JC 8C 7C 8D 7D\nA takes 5\nB discards AC QH KD\nB takes 3\n";

    /// The rulings (kind as the JSON names it, penalty) and scores of a deal.
    fn ruled(events: &str) -> (Vec<(String, Penalty)>, [u32; 2]) {
        let reading = read_str(&format!("{DEAL}{events}"));
        assert!(reading.errors.is_empty(), "{events}: {:?}", reading.errors);
        let ruled = rule(&reading.transcript).expect("portland");
        let deal = &ruled.deals[0];
        let rulings = deal
            .rulings
            .iter()
            .map(|r| {
                let kind = serde_json::to_value(r)
                    .ok()
                    .and_then(|v| v.get("kind").and_then(|k| k.as_str().map(String::from)))
                    .unwrap_or_default();
                (kind, r.penalty)
            })
            .collect();
        (rulings, deal.score.scores)
    }

    /// Each of the declaring cases' rules, in this deal and in variations the
    /// book does not give: (source, events, the ruling expected, the scores).
    #[test]
    fn the_declaring_cases_rules_fire_in_any_deal() {
        // (source, events, the ruling's kind and penalty, the scores)
        type Row = (
            &'static str,
            &'static str,
            Option<(&'static str, Penalty)>,
            [u32; 2],
        );
        let table: [Row; 8] = [
            // Case IX: a larger call corrected before the first trick is played to.
            (
                "Case IX",
                "A calls four knaves\nB replies good\nA corrects three knaves\nB replies not good\nA leads KS\nB reckons three aces\nB plays 7S\n",
                Some(("corrects-miscall", Penalty::None)),
                [1, 3],
            ),
            // Law 54: corrected only after the younger hand has played: too late.
            (
                "law 54",
                "A calls four knaves\nB replies good\nA leads KS\nB plays 7S\nA corrects three knaves\n",
                Some(("calls-what-is-not-held", Penalty::ReckonsNothing)),
                [0, 0],
            ),
            // Case VII with kings: asking which is out admits them good.
            (
                "Case VII",
                "A calls three knaves\nB asks which knave\nA answers knave of clubs\nB corrects not good\nB claims to score three aces\n",
                Some(("barred-by-admission", Penalty::NotScored)),
                [3, 0],
            ),
            // Case VIII: the card named as out is in the hand (JS is held, JC put out).
            (
                "Case VIII",
                "A calls three knaves\nB replies good\nB asks which knave\nA answers knave of spades\nA leads KS\nB plays 7S\n",
                Some(("names-held-card-out", Penalty::ReckonsNothing)),
                [0, 0],
            ),
            // Case VIII's converse: the right card named, nothing to rule.
            (
                "Case VIII",
                "A calls three knaves\nB replies good\nB asks which knave\nA answers knave of clubs\n",
                None,
                [3, 0],
            ),
            // Case II: four knaves allowed good, three held (JC put out); B
            // reckons the aces that the call seemed to beat.
            (
                "Case II",
                "A calls four knaves\nB replies good\nA leads KS\nB plays 7S\nB claims to reckon three aces\n",
                Some(("calls-what-is-not-held", Penalty::ReckonsNothing)),
                [0, 3],
            ),
            // Case XV: "how many spades?" counts a spade not reckoned (the 8S's point
            // of five was not called): misinformation, and B claims to play again.
            (
                "Case XV",
                "A calls tierce to king\nB replies good\nA leads KS\nB plays 7S\nB asks how many spades\nA answers four\nB claims to play the hand again\n",
                Some(("misinforms", Penalty::PlayAgainFrom(2))),
                [4, 0],
            ),
            // Case XVI: the answer counts only the cards declared (QS, JS left).
            (
                "Case XVI",
                "A calls tierce to king\nB replies good\nA leads KS\nB plays 7S\nB asks how many spades\nA answers two\n",
                None,
                [4, 0],
            ),
        ];
        for (source, events, expected, scores) in table {
            let (rulings, got) = ruled(events);
            match expected {
                Some((kind, penalty)) => assert!(
                    rulings.iter().any(|(k, p)| k == kind && *p == penalty),
                    "{source}: {rulings:?}"
                ),
                None => assert!(rulings.is_empty(), "{source}: {rulings:?}"),
            }
            assert_eq!(got, scores, "{source}: {events}");
        }
    }
}
