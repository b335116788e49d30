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
//!
//! Where the au cent paragraphs AC15-AC24 differ from laws 46-56, the rule
//! set's `calling` names the way each is ruled ([`ways`]).

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::notation::{
    Act, Answer, Claim as Claimed, Declaration, Entry, Event, PlayerId, Question, Reply, Span,
};
use crate::ruling::{Penalty, Ruling};

use super::holding::{Point, Sequence, Set};
use super::ruleset::RuleSet;

mod assumed;
mod calling;
mod held;
mod miscalls;
mod reading;
mod scoring;
mod showing;
#[cfg(test)]
mod tests;
pub mod ways;

pub use scoring::{beats, declaration_of, laws_for};

use assumed::assume;
use reading::Reading;

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
    /// What it scores under the rule set (laws 61-64; a point ending in
    /// four by agreement, AC25).
    pub fn score(&self, rules: &RuleSet) -> u32 {
        match self {
            Holding::CarteBlanche => rules.carte_blanche,
            Holding::Point(p) => rules.point_score.score(p.cards, p.value),
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
    /// Law 54: the adversary's call or reckoning against it was a miscall,
    /// and no correct call of his bars it.
    Miscalled,
    /// AC18: the elder led without showing his call, good or equal, and
    /// the adversary reckons his own.
    Unshown,
    /// AC22: the younger said equal or not good and played to the first
    /// trick without showing his superiority or equality; the elder showed
    /// and reckoned his call after his lead.
    ShownAfterLead,
    /// AC21: the younger disallowed the call, and it was found good or
    /// equal against his cards; the elder showed it after his lead.
    FoundAfterLead,
    /// AC19: the elder showed a sequence superior to his call, which bars
    /// the younger's, equal or inferior to it.
    BarredByShow,
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
    /// Every show of cards: its line, who showed, what (AC18, AC21, AC22).
    shows: Vec<(usize, PlayerId, CardSet)>,
    /// The lines on which a player reckons after his own card, admitted by
    /// AC21 or AC22 (AC24's ruling on them gives way).
    pub admitted_late: Vec<Span>,
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
    /// The first call in each kind, and the answer to it.
    first: &'a [Option<FirstCall>; 4],
    claims: &'a [Claim],
    answered: &'a [Answered],
    /// 6l: the player who called "no sequence", and the line.
    no_sequence: Option<(PlayerId, usize)>,
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

/// Takes back the holdings scored of a deal's declarations, once its
/// ruling is done with: the list is used again for the next deal's.
pub fn give_back(scored: Vec<Scored>) {
    scoring::Scratch::with(|scratch| scratch.scored = scored);
}

/// Weighs the calls of a deal: `spoken` are the indexes of the events that
/// call, reply, ask, answer or reckon, and `said` those that claim to score,
/// show cards or refuse a request, each in order (as the table gathers
/// them, `Table::spoken` and `Table::said`).
pub fn weigh(
    entries: &[Entry],
    spoken: &[usize],
    said: &[usize],
    hands: &Hands,
    rules: &RuleSet,
) -> Declarations {
    if spoken.is_empty() {
        return assume(hands, rules);
    }
    let firsts = calling::FirstCards::of(entries);
    let lines = (spoken, said);
    let late = late_lines(entries, lines, firsts, rules);
    let read = |skipped: &[usize]| read(entries, lines, hands, rules, firsts, skipped);
    if late.is_empty() {
        return read(&[]);
    }
    // Law 56, "except as provided in Law 54": a call, reckoning or claim to
    // score made after the younger has played to the first trick is too
    // late, unless the claimant's adversary miscalled (law 54: "the
    // adversary may reckon anything he has good"). Weighed first without
    // them, to find who did. (The table rules law 56 on calls and
    // reckonings; a claim's ruling is given here.)
    let without = read(&late);
    let miscalled = |player: PlayerId| {
        rules.calling.omitted.yields_to_miscall()
            && without
                .rulings
                .iter()
                .any(|r| r.offender == Some(player) && r.laws == rules.cite.miscall)
    };
    let barred: Vec<usize> = late
        .into_iter()
        .filter(|&i| matches!(entries[i].event, Event::Act { player, .. } if !miscalled(player.other())))
        .collect();
    let mut out = read(&barred);
    for &index in &barred {
        // AC21, AC22: admitted after the lead; a claim is answered as weighed.
        if out.admitted_late.contains(&entries[index].span) {
            if matches!(
                entries[index].event,
                Event::Act {
                    act: Act::Claims(_),
                    ..
                }
            ) {
                out.interpreted.push(index);
            }
            continue;
        }
        if let Event::Act {
            player,
            act: Act::Claims(_),
        } = entries[index].event
        {
            out.rulings.push(Ruling {
                irregularity: rules.calling.omitted.too_late(),
                offender: Some(player),
                laws: rules.cite.omitted,
                penalty: Penalty::NotScored,
                span: Some(entries[index].span),
                analogy: None,
            });
            out.interpreted.push(index);
        }
    }
    out
}

/// The declaring read line by line, leaving out the lines `skipped`:
/// `lines` are those spoken and said (see [`weigh`]).
fn read(
    entries: &[Entry],
    (spoken, said): (&[usize], &[usize]),
    hands: &Hands,
    rules: &RuleSet,
    firsts: calling::FirstCards,
    skipped: &[usize],
) -> Declarations {
    scoring::Scratch::with(|scratch| {
        let mut reading = Reading::with_firsts(entries, hands, rules, firsts);
        reading.claims = std::mem::take(&mut scratch.claims);
        let mut order = std::mem::take(&mut scratch.order);
        reading::order_into(spoken, said, &mut order);
        for &index in &order {
            if !skipped.contains(&index) {
                reading.read(index);
            }
        }
        scratch.order = order;
        reading.finish(spoken, scratch)
    })
}

/// Law 56: the claims to score, and the calls and reckonings, made after
/// the younger hand has played to the first trick; AC24: after the
/// player's own lead or play. In order; each is among the lines `spoken`
/// (the calls and reckonings) or `said` (the claims to score), and only
/// they are looked at.
fn late_lines(
    entries: &[Entry],
    (spoken, said): (&[usize], &[usize]),
    firsts: calling::FirstCards,
    rules: &RuleSet,
) -> Vec<usize> {
    let (trick, own) = (firsts.play, firsts.own);
    let late = |i: usize| match &entries[i].event {
        Event::Act {
            player,
            act: act @ (Act::Claims(Claimed::Score(_)) | Act::Calls(_) | Act::Reckons { .. }),
        } => {
            let after = |line: Option<usize>| line.is_some_and(|line| i > line);
            let closed = rules
                .calling
                .omitted
                .closed(after(own[player.index()]), after(trick));
            closed && (matches!(act, Act::Claims(_)) || spoken.contains(&i))
        }
        _ => false,
    };
    // Nothing is late before the first card on the table.
    let Some(first) = own.into_iter().chain([trick]).flatten().min() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    reading::order_into(spoken, said, &mut lines);
    lines.retain(|&i| i > first && late(i));
    lines
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
