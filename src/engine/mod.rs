//! The law engine: replays a transcript's deals under a rule set, and gives
//! each deal's score with its laws, the rulings on what went wrong, and the
//! partie's standing.
//!
//! - [`ruleset`]: a rule set as data; `agreed`: the rule sets the players'
//!   agreements make of it (AC25, AC26).
//! - [`holding`]: what a hand holds for declaring.
//! - [`phase`]: how far a deal has gone.
//! - [`table`]: where every card lies, event by event.
//! - [`declarations`]: calls, replies and reckonings weighed, along the book's sections.
//! - [`conduct`]: the laws ruled from annotated events (cutting, dealing,
//!   exposing, mixing, offers, faulty packs).
//! - [`score`]: the deal's score in the order of law 67, with pique and repique.
//! - [`partie`]: the partie's result (laws 71-73).
//! - [`games`]: a partie played in games, the deals divided into games (au
//!   cent AC28, AC29).
//! - `played_again`: law 59's errors and the replays that put them right.
//! - [`slips`]: where a transcript contradicts itself, read from the rulings.
//! - [`unspoken`]: a deal with no calls, declared in full or not at all.
//! - [`answers`]: every `claims` line answered, allowed or refused.
//! - `deal`: one deal ruled as named steps; `referee`: the partie's
//!   [`Referee`], its totals and the turn to deal (laws 4, 16, 71).

mod agreed;
pub mod answers;
pub mod conduct;
mod deal;
pub mod declarations;
pub mod ecarte;
pub mod games;
pub mod holding;
pub mod partie;
pub mod phase;
mod played_again;
mod referee;
pub mod ruleset;
pub mod score;
pub mod slips;
pub mod table;
pub mod unspoken;

use crate::cards::CardSet;
use crate::notation::{Deal, PlayerId, Span, Transcript};
use crate::ruling::Ruling;
use crate::Rules;

use declarations::Declarations;
use partie::Standing;
use ruleset::RuleSet;
use score::DealScore;
use table::Table;

pub use referee::Referee;

/// Something the referee could not do, or assumed, in ruling a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// No calls were written: each player is taken to have declared everything he held.
    AssumedDeclarations,
    /// No calls were written and the transcript stops before the exchange
    /// is complete: nobody declared, and nothing is taken as declared.
    ExchangeIncomplete,
    /// No calls were written and a hand is not known card by card: nothing
    /// is taken as declared but a carte blanche a hand known as dealt shows.
    AssumedCarteBlancheOnly,
    /// No `dealer` line: the elder hand is taken to be the first player to act.
    NoDealer,
    /// A player's cards are not all known, so his calls are taken as he made them.
    HandUnknown(PlayerId),
    /// A player discarded and no `takes` was written: he is taken to have taken in this many.
    TakesAssumed(PlayerId, usize),
    /// The play stops after this many tricks: the cards are not scored.
    PlayIncomplete(usize),
    /// The event at this index is read but not yet interpreted by the referee.
    Uninterpreted(usize),
    /// The `score` line differs from the totals the referee carried from earlier deals.
    ScoreLineDiffers {
        /// The totals the referee carried.
        carried: [u32; 2],
    },
    /// The cards were divided: each player won half the tricks (law 66).
    Divided,
    /// The deal is void: nothing in it is scored, and it is dealt afresh.
    Void,
    /// The players agreed to a fresh deal (Case III: a fresh deal is by agreement).
    FreshDealAgreed,
    /// Law 16: this player must deal the deal after next, the elder of a
    /// deal out of turn dealing twice running.
    DealsTwice(PlayerId),
    /// Law 71: the partie was over before this deal, which is no part of
    /// it: its score is not added to the partie's totals.
    AfterThePartie,
    /// AC29: the partie, played in games, was decided before this deal,
    /// which is no part of it nor of any game.
    AfterTheGames,
    /// 19d: the deal stopped where this player reached the game's target
    /// in the declarations; `unscored` score lines after it are not
    /// scored, nor the play where it is written (`played`).
    StoppedAtTheTarget {
        /// Who reached the target.
        player: PlayerId,
        /// With what.
        at: games::Crossed,
        /// The score lines after the stop, not scored.
        unscored: usize,
        /// Whether the transcript writes tricks played after the stop.
        played: bool,
    },

    /// Law 59: the cards from this trick on are to be played again, and
    /// the transcript does not write them played again: the play is
    /// scored up to the trick before, and the cards are not scored.
    NotPlayedAgain(u8),
    /// Law 59: the cards from this trick on were taken up and played
    /// again, on this line; the tricks as played again are scored. `laws`
    /// are those of the ruling on the error put right, if any.
    Replayed {
        /// The first trick played again.
        from: u8,
        /// The line where the cards were taken up.
        line: u32,
        /// The laws of the error put right (none where no ruling calls for it).
        laws: Option<&'static [&'static str]>,
        /// Only the card played in error was retaken, none having been
        /// played after it.
        retaken_only: bool,
    },
}

/// One way a ruling with a choice can go, and the deal's score if it does:
/// the side-by-side view of a player's options (laws 11, 13, 28, 29, 44).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The index of the ruling in [`DealRuling::rulings`].
    pub ruling: usize,
    /// Who chooses.
    pub chooser: PlayerId,
    /// The option, in words.
    pub option: &'static str,
    /// The deal's score for each player under it.
    pub scores: [u32; 2],
    /// Whether the transcript shows this option taken (for law 44, the
    /// penalty is enforced unless the adversary waives it).
    pub taken: bool,
    /// Whether this is no choice but the deal as played beside what the
    /// nearest written law would give, by analogy (the French rules state
    /// no penalties): nobody chooses, the deal is scored as played.
    pub analogy: bool,
}

/// A written score compared with the referee's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Whose score.
    pub player: PlayerId,
    /// As written.
    pub written: u32,
    /// As the referee makes it.
    pub referee: u32,
}

impl Written {
    /// Whether the two agree.
    pub fn agrees(&self) -> bool {
        self.written == self.referee
    }
}

/// One deal, ruled.
#[derive(Clone, Debug)]
pub struct DealRuling {
    /// The deal's number.
    pub number: u32,
    /// Where its `deal` line stands.
    pub span: Span,
    /// The dealer, if written.
    pub dealer: Option<PlayerId>,
    /// The elder hand.
    pub elder: PlayerId,
    /// How many times the deal counts in the partie (the four-deal partie doubles the first and last).
    pub counts: u32,
    /// The declarations weighed.
    pub declarations: Declarations,
    /// The score.
    pub score: DealScore,
    /// Rulings on irregularities, in the order seen.
    pub rulings: Vec<Ruling>,
    /// What the referee assumed or could not do.
    pub notes: Vec<Note>,
    /// The written scores, compared.
    pub written: Vec<Written>,
    /// The running totals before the deal.
    pub before: [u32; 2],
    /// The running totals after it.
    pub after: [u32; 2],
    /// Each hand as dealt, after the exchange, and the cards left in the stock.
    pub hands: DealtHands,
    /// The tricks as played.
    pub tricks: Vec<table::PlayedTrick>,
    /// Whether the deal is void (a fresh deal), scoring nothing.
    pub void: bool,
    /// Each choice a ruling gives a player, with the score under each option.
    pub outcomes: Vec<Outcome>,
    /// The partie that ended when this deal began a new one (its number no
    /// higher than the deal before), as it stood at its end.
    pub ended: Option<Standing>,
    /// Every `claims` line, answered.
    pub answers: Vec<answers::Answer>,
    /// Where the deal's game and the partie stand after it, where the
    /// partie is played in games (au cent AC28, AC29).
    pub game: Option<games::GameAt>,
}

impl Default for DealRuling {
    /// A ruling of nothing yet, to rule a deal into ([`Referee::deal_into`]).
    fn default() -> DealRuling {
        DealRuling {
            number: 0,
            span: Span::default(),
            dealer: None,
            elder: PlayerId(0),
            counts: 1,
            declarations: Declarations::default(),
            score: DealScore::default(),
            rulings: Vec::new(),
            notes: Vec::new(),
            written: Vec::new(),
            before: [0; 2],
            after: [0; 2],
            hands: DealtHands::default(),
            tricks: Vec::new(),
            void: false,
            outcomes: Vec::new(),
            ended: None,
            answers: Vec::new(),
            game: None,
        }
    }
}

/// The table after one event, for `referee explain`.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Each player's hand.
    pub hands: [CardSet; 2],
    /// Cards in each hand the transcript does not name.
    pub unknown: [usize; 2],
    /// Cards left in the stock.
    pub stock: usize,
    /// Tricks won so far by each player.
    pub tricks: [usize; 2],
}

/// Replays a deal event by event, giving the table after each one.
pub fn trace(deal: &Deal, ruling: &DealRuling, rules: &RuleSet) -> Vec<Step> {
    let mut table = Table::deal(deal, ruling.elder, rules);
    // Tricks are counted as they are added, so the trace is linear in the deal.
    let (mut tricks, mut counted) = ([0; 2], 0);
    deal.events
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            table.apply(index, &entry.event, entry.span, rules);
            for trick in table.tricks.get(counted..).unwrap_or_default() {
                tricks[trick.winner.index()] += 1;
            }
            counted = table.tricks.len();
            Step {
                hands: table.hands,
                unknown: table.unknown,
                stock: table.stock_len(),
                tricks,
            }
        })
        .collect()
}

/// The cards of a deal, for the report.
#[derive(Clone, Copy, Debug, Default)]
pub struct DealtHands {
    /// As dealt.
    pub dealt: [CardSet; 2],
    /// After the exchange.
    pub declaring: [CardSet; 2],
    /// Each discard.
    pub discards: [CardSet; 2],
}

/// A rule set the engine does not rule under yet; hands back the rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the referee does not yet rule deals under `{0}`; it rules under: {ruled}", ruled = ruled_names())]
pub struct NotYetRuled(pub Rules);

/// The rule sets the engine rules under, for messages: `portland, au-cent`.
fn ruled_names() -> String {
    let ruled = Rules::ALL.into_iter().filter(|r| RuleSet::of(*r).is_some());
    ruled.map(Rules::name).collect::<Vec<_>>().join(", ")
}

/// A whole transcript, ruled.
#[derive(Clone, Debug)]
pub struct Ruled {
    /// The rule set.
    pub rules: &'static RuleSet,
    /// Each deal (a deal that began a new partie gives the one it ended:
    /// [`DealRuling::ended`]).
    pub deals: Vec<DealRuling>,
    /// The partie after the last deal.
    pub standing: Standing,
}

/// Rules every deal of a transcript, in order.
pub fn rule(transcript: &Transcript) -> Result<Ruled, NotYetRuled> {
    let mut referee = Referee::new(transcript)?;
    let deals = transcript.deals.iter().map(|d| referee.deal(d)).collect();
    Ok(Ruled {
        rules: referee.rules(),
        deals,
        standing: referee.standing(),
    })
}
