//! The law engine: replays a transcript's deals under a rule set, and gives
//! each deal's score with its laws, the rulings on what went wrong, and the
//! partie's standing.
//!
//! - [`ruleset`]: a rule set as data.
//! - [`holding`]: what a hand holds for declaring.
//! - [`phase`]: how far a deal has gone.
//! - [`table`]: where every card lies, event by event.
//! - [`declarations`]: calls, replies and reckonings weighed, along the book's sections.
//! - [`conduct`]: the laws ruled from annotated events (cutting, dealing,
//!   exposing, mixing, offers, faulty packs).
//! - [`score`]: the deal's score in the order of law 67, with pique and repique.
//! - [`partie`]: the partie's result (laws 71-73).
//! - [`slips`]: where a transcript contradicts itself, read from the rulings.
//! - [`unspoken`]: a deal with no calls, declared in full or not at all.

pub mod answers;
pub mod conduct;
pub mod declarations;
pub mod holding;
pub mod partie;
pub mod phase;
pub mod ruleset;
pub mod score;
pub mod slips;
pub mod table;
pub mod unspoken;

use crate::cards::CardSet;
use crate::notation::{Deal, Event, PlayerId, Span, Transcript};
use crate::ruling::{Elected, Irregularity, Otherwise, Penalty, Ruling};
use crate::Rules;

use declarations::{Declarations, Hands};
use partie::Standing;
use ruleset::{PartieLength, RuleSet};
use score::DealScore;
use table::Table;

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
    deal.events
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            table.apply(index, &entry.event, entry.span, rules);
            let mut tricks = [0; 2];
            for trick in &table.tricks {
                tricks[trick.winner.index()] += 1;
            }
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
#[error("the referee does not yet rule deals under `{0}`; it rules under: portland")]
pub struct NotYetRuled(pub Rules);

/// The referee of one partie: rules deals one by one and keeps the totals.
#[derive(Clone, Debug)]
pub struct Referee {
    rules: &'static RuleSet,
    length: PartieLength,
    totals: [u32; 2],
    last_number: u32,
    /// Law 71: the totals when the partie's own deals were done.
    own: partie::OwnDeals,
    last_dealer: Option<PlayerId>,
    /// Law 16: the deal that must be dealt by the elder of a deal out of turn.
    twice: Option<(u32, PlayerId)>,
    /// Law 9: each player's mode of dealing in this partie.
    modes: [Option<u8>; 2],
}

impl Referee {
    /// A referee for a transcript's rule set and partie agreement (`[Partie "4"]`).
    pub fn new(transcript: &Transcript) -> Result<Referee, NotYetRuled> {
        let rules = RuleSet::of(transcript.rules).ok_or(NotYetRuled(transcript.rules))?;
        let four = transcript
            .tags
            .iter()
            .any(|t| t.value.name.eq_ignore_ascii_case("Partie") && t.value.value.trim() == "4");
        Ok(Referee::with(
            rules,
            if four {
                PartieLength::FourDeals
            } else {
                PartieLength::Standard
            },
        ))
    }

    /// A referee under a rule set, for a partie of this length.
    pub fn with(rules: &'static RuleSet, length: PartieLength) -> Referee {
        Referee {
            rules,
            length,
            totals: [0; 2],
            last_number: 0,
            own: partie::OwnDeals::default(),
            last_dealer: None,
            twice: None,
            modes: [None; 2],
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Rules one deal and adds it to the partie. A deal numbered no higher
    /// than the one before begins a new partie.
    pub fn deal(&mut self, deal: &Deal) -> DealRuling {
        let rules = self.rules;
        let mut ended = None;
        if self.last_number > 0 && deal.header.number <= self.last_number {
            ended = Some(self.standing());
            self.totals = [0; 2];
            self.last_number = 0;
            self.own = partie::OwnDeals::default();
            // Law 4: the players cut for the choice of deal at the
            // commencement of each partie, so the first deal of a new
            // partie is not judged against the last dealer of the old one.
            self.last_dealer = None;
            self.twice = None;
            self.modes = [None; 2];
        }
        let mut notes = Vec::new();
        let dealer = deal.header.dealer.as_ref().map(|d| d.value);
        let elder = match dealer {
            Some(dealer) => dealer.other(),
            None => {
                notes.push(Note::NoDealer);
                first_actor(deal).unwrap_or(PlayerId(0))
            }
        };
        let mut table = Table::deal(deal, elder, rules);
        table.conduct.modes = self.modes;
        table.conduct.dealt_out_of_turn = self.out_of_turn(deal.header.number, dealer);
        let mut written: Option<Vec<(PlayerId, u32)>> = None;
        let mut sheets: [Option<Sheet<'_>>; 2] = [None, None];
        let mut standing = Vec::with_capacity(deal.events.len());
        for (index, entry) in deal.events.iter().enumerate() {
            table.apply(index, &entry.event, entry.span, rules);
            standing.push(table.tricks.len());
            match &entry.event {
                Event::Written { scores } => written = Some(scores.clone()),
                Event::Act {
                    player,
                    act: crate::notation::Act::Writes(scores),
                } => sheets[player.index()] = Some((scores, entry.span)),
                _ => {}
            }
        }
        if let Some((own, ruling)) = own_hands(sheets) {
            table.rulings.extend(ruling);
            written.get_or_insert(own);
        }
        table.settle_early_take(rules);
        table.settle_exchange(rules);
        table.settle_leads_out_of_turn();
        let moment = table.moment(dealer, rules);
        let finished = table.conduct.finish(&table.dealt(rules), &moment);
        table.rulings.extend(finished);
        conduct::election::elect(&mut table.rulings, deal);
        self.modes = table.conduct.modes;
        for player in PlayerId::BOTH {
            let exchange = table.exchange[player.index()];
            if exchange.assumed {
                notes.push(Note::TakesAssumed(player, exchange.taken));
            }
        }
        let hands = Hands {
            declaring: PlayerId::BOTH.map(|p| table.declaring_hand(p)),
            dealt: table.dealt,
            discards: table.discards,
            known: PlayerId::BOTH.map(|p| table.hand_known(p)),
            elder: table.elder,
        };
        for player in PlayerId::BOTH {
            if !hands.known[player.index()] {
                notes.push(Note::HandUnknown(player));
            }
        }
        // A void deal is known before the declarations are weighed: every
        // ruling that voids one is on the cards or the conduct.
        let fresh = table.rulings.iter().any(|r| r.penalty.voids_deal()) || table.conduct.agreed;
        let (mut declarations, unassumed) =
            unspoken::declarations(&deal.events, &table, &hands, fresh, rules);
        misinformed_from(&mut declarations.rulings, deal, &standing, rules);
        unscore_barred_carte_blanche(&mut declarations, &table.rulings);
        if declarations.assumed {
            notes.push(if hands.known.iter().all(|known| *known) {
                Note::AssumedDeclarations
            } else {
                Note::AssumedCarteBlancheOnly
            });
        }
        if unassumed == Some(unspoken::Unassumed::ExchangeIncomplete) {
            notes.push(Note::ExchangeIncomplete);
        }
        let replay_from = stands_until(&table, table.rulings.iter().chain(&declarations.rulings));
        let tricks = match replay_from {
            Some(trick) => {
                &table.tricks[..usize::from(trick).saturating_sub(1).min(table.tricks.len())]
            }
            None => &table.tricks[..],
        };
        let complete = replay_from.is_none() && table.play_finished(rules);
        match replay_from {
            Some(trick) => notes.push(Note::NotPlayedAgain(trick)),
            None if !complete => notes.push(Note::PlayIncomplete(table.tricks.len())),
            None => {}
        }
        // Laws 30, 57: a player short of cards; his adversary counts as
        // tricks the cards that cannot be played to.
        let extra = if complete && tricks.len() < rules.hand {
            table.cannot_be_played_to()
        } else {
            [0, 0]
        };
        let played = score::score_with(&declarations, tricks, extra, complete, elder, rules);
        let mut rulings = table.rulings;
        rulings.extend(declarations.rulings.iter().cloned());
        late_reckonings(&mut rulings, rules);
        let unfounded = conduct::unfounded_claims(&table.conduct, &rulings);
        rulings.extend(unfounded);
        notes.extend(replayed(&table.replays, &rulings));
        in_order_of_lines(&mut rulings);
        let struck = penalties(&mut rulings, deal);
        let void = rulings.iter().any(|r| r.penalty.voids_deal()) || table.conduct.agreed;
        if table.conduct.agreed {
            notes.push(Note::FreshDealAgreed);
        }
        let outcomes = outcomes(&rulings, &played, &struck);
        let mut score = played;
        for player in struck {
            score.reckons_nothing(player);
        }
        if void {
            score.void();
            notes.push(Note::Void);
        }
        if complete && score.tricks[0] == score.tricks[1] {
            notes.push(Note::Divided);
        }
        notes.extend(
            table
                .uninterpreted
                .iter()
                .filter(|i| !declarations.interpreted.contains(i))
                .map(|i| Note::Uninterpreted(*i)),
        );

        let answers = answers::answer(
            &deal.events,
            &answers::Ruled {
                rulings: &rulings,
                declarations: &declarations,
                score: &score,
                void,
                agreed: table.conduct.agreed,
                rules,
            },
        );

        // The running totals: a `score` line states them before the deal.
        let mut before = self.totals;
        if let Some(line) = &deal.header.score {
            let mut stated = self.totals;
            for (player, points) in &line.value {
                stated[player.index()] = *points;
            }
            if stated != self.totals && self.last_number > 0 {
                notes.push(Note::ScoreLineDiffers {
                    carried: self.totals,
                });
            }
            before = stated;
        }
        let counts = partie::multiplier(deal.header.number, self.length);
        let after =
            [0, 1].map(|p| before[p].saturating_add(score.scores[p].saturating_mul(counts)));
        self.totals = after;
        // A void deal is dealt afresh under its number, by the right dealer.
        if !void {
            let deals = rules.partie_deals(self.length);
            self.own.stood(deal.header.number, before, after, deals);
            self.last_number = deal.header.number;
            self.last_dealer = dealer;
            if let Some(player) = self.deals_twice(deal.header.number, elder, &rulings) {
                notes.push(Note::DealsTwice(player));
            }
        }

        DealRuling {
            number: deal.header.number,
            span: deal.span,
            dealer,
            elder,
            counts,
            written: written
                .map(|scores| {
                    scores
                        .into_iter()
                        .map(|(player, points)| Written {
                            player,
                            written: points,
                            referee: score.scores[player.index()],
                        })
                        .collect()
                })
                .unwrap_or_default(),
            hands: DealtHands {
                dealt: hands.dealt,
                declaring: hands.declaring,
                discards: hands.discards,
            },
            declarations,
            score,
            rulings,
            notes,
            before,
            after,
            tricks: table.tricks,
            void,
            outcomes,
            ended,
            answers,
        }
    }

    /// Law 16: "The players deal alternately." Whether this deal's dealer
    /// is not the one whose turn it is: the other of the last dealer, or
    /// the elder of an earlier deal out of turn who must deal twice running.
    fn out_of_turn(&self, number: u32, dealer: Option<PlayerId>) -> bool {
        let (Some(dealer), Some(last)) = (dealer, self.last_dealer) else {
            return false;
        };
        if number != self.last_number + 1 {
            return false;
        }
        let due = match self.twice {
            Some((deal, player)) if deal == number => player,
            _ => last.other(),
        };
        dealer != due
    }

    /// Law 16: "if the error be discovered too late to correct it, the
    /// elder hand in that deal must deal twice running with the same pack
    /// (except as provided in Law 76), unless that or the next deal be the
    /// last of the partie." Returns who deals the deal after next.
    fn deals_twice(
        &mut self,
        number: u32,
        elder: PlayerId,
        rulings: &[Ruling],
    ) -> Option<PlayerId> {
        let stood = rulings.iter().any(|r| {
            r.irregularity == Irregularity::DealsOutOfTurn && r.penalty == Penalty::DealStands
        });
        let last = self.rules.partie_deals(self.length);
        if !stood || number + 1 >= last {
            return None;
        }
        self.twice = Some((number + 2, elder));
        Some(elder)
    }

    /// The partie as it stands.
    pub fn standing(&self) -> Standing {
        partie::standing(
            self.totals,
            self.last_number,
            self.own,
            self.length,
            self.rules,
        )
    }
}

/// Laws 59.II, 59.IV, 59.V and Case XVIII: after these errors the cards
/// from a trick on are taken up and played again. The play stands up to
/// the first such trick that no replay written after the error takes up
/// (a replay from that trick or an earlier one); there the scoring of
/// the play stops, and the cards are not scored. `None` when every such
/// error was played again: the tricks as played again are scored.
fn stands_until<'a>(table: &Table, rulings: impl Iterator<Item = &'a Ruling>) -> Option<u8> {
    rulings
        .filter_map(|r| match r.penalty {
            Penalty::PlayAgainFrom(trick) => Some((trick, r.span)),
            _ => None,
        })
        .filter(|(trick, span)| answering(table, *trick, *span).is_none())
        .map(|(trick, _)| trick)
        .min()
}

/// Law 59.V: after misinformation "the adversary may retake all cards
/// played subsequently to the misinformation": the play again is from the
/// trick after those standing when the answer was given (tricks taken up
/// and played again before it are counted once). `standing` is the number
/// of tricks standing after each event.
fn misinformed_from(rulings: &mut [Ruling], deal: &Deal, standing: &[usize], rules: &RuleSet) {
    for ruling in rulings.iter_mut() {
        let (Penalty::PlayAgainFrom(_), Some(span)) = (ruling.penalty, ruling.span) else {
            continue;
        };
        if ruling.laws != rules.cite.misinformation {
            continue;
        }
        let answer = deal.events.iter().position(|e| e.span.line == span.line);
        if let Some(tricks) = answer.and_then(|i| standing.get(i)) {
            let from = u8::try_from(tricks + 1).unwrap_or(u8::MAX);
            ruling.penalty = Penalty::PlayAgainFrom(from);
        }
    }
}

/// The first replay that takes up the play from `trick` or earlier, written
/// after the error at `span` (or anywhere, where the error has no line).
fn answering(table: &Table, trick: u8, span: Option<Span>) -> Option<&table::Replay> {
    table
        .replays
        .iter()
        .find(|replay| replay.from <= trick && span.is_none_or(|s| replay.span.line >= s.line))
}

/// Law 59: each replay, with the laws of the error it puts right: the
/// first ruling calling for the play from its trick or a later one to be
/// played again, written before it.
fn replayed(replays: &[table::Replay], rulings: &[Ruling]) -> Vec<Note> {
    replays
        .iter()
        .map(|replay| {
            let laws = rulings.iter().find_map(|r| match r.penalty {
                Penalty::PlayAgainFrom(trick)
                    if replay.from <= trick
                        && r.span.is_none_or(|s| replay.span.line >= s.line) =>
                {
                    Some(r.laws)
                }
                _ => None,
            });
            Note::Replayed {
                from: replay.from,
                line: replay.span.line,
                laws,
                retaken_only: replay.retaken_only,
            }
        })
        .collect()
}

/// Law 44: "When a player subjects himself to the penalty of reckoning
/// nothing that deal, the adversary has the option of not enforcing the
/// penalty." A `waives penalty` line by the adversary waives it; otherwise
/// the players who reckon nothing are returned.
fn penalties(rulings: &mut [Ruling], deal: &Deal) -> Vec<PlayerId> {
    let waives = |player: PlayerId| {
        deal.events.iter().any(|e| {
            matches!(&e.event, Event::Act { player: p, act: crate::notation::Act::WaivesPenalty } if *p == player)
        })
    };
    let mut out = Vec::new();
    for ruling in rulings.iter_mut() {
        if !ruling.penalty.reckons_nothing() {
            continue;
        }
        let Some(offender) = ruling.offender else {
            continue;
        };
        if waives(offender.other()) {
            ruling.penalty = Penalty::Waived;
        } else if !out.contains(&offender) {
            out.push(offender);
        }
    }
    out
}

/// The rulings in the order of the lines they rule on, as a referee
/// takes them up; a ruling on the deal as a whole comes last.
fn in_order_of_lines(rulings: &mut [Ruling]) {
    rulings.sort_by_key(|r| r.span.map_or(usize::MAX, |s| s.start));
}

/// Law 56's exception, "except as provided in Law 54": against a player
/// whose call allowed good proves not to be held, his adversary "may reckon
/// anything he has good" after the first trick. Law 56 then gives way: its
/// ruling on that adversary's late reckoning is withdrawn (what he may
/// reckon is weighed with his `claims to score` line).
fn late_reckonings(rulings: &mut Vec<Ruling>, rules: &RuleSet) {
    let miscalled: Vec<PlayerId> = rulings
        .iter()
        .filter(|r| r.laws == rules.cite.miscall)
        .filter_map(|r| r.offender)
        .collect();
    rulings.retain(|r| {
        !(r.irregularity == Irregularity::ReckonsTooLate
            && r.offender.is_some_and(|p| miscalled.contains(&p.other())))
    });
}

/// The options rulings give, side by side, each with the deal's score
/// under it: a fresh deal or standing the deal (laws 11, 13, 28, 29), and
/// enforcing "reckons nothing" or not (law 44). `played` is the score
/// before any penalty; `struck` the players who reckon nothing as ruled.
fn outcomes(rulings: &[Ruling], played: &DealScore, struck: &[PlayerId]) -> Vec<Outcome> {
    let with = |players: &[PlayerId]| {
        let mut score = played.clone();
        for player in players {
            score.reckons_nothing(*player);
        }
        score.scores
    };
    let mut out = Vec::new();
    let mut enforced = Vec::new();
    for (index, ruling) in rulings.iter().enumerate() {
        let Some(offender) = ruling.offender else {
            continue;
        };
        let chooser = offender.other();
        let others: Vec<PlayerId> = struck.iter().copied().filter(|p| *p != offender).collect();
        let mut both = others.clone();
        both.push(offender);
        let mut push = |option, scores, taken| {
            out.push(Outcome {
                ruling: index,
                chooser,
                option,
                scores,
                taken,
            });
        };
        match ruling.penalty {
            Penalty::FreshDealOption { otherwise, chosen } => {
                let fresh = chosen == Some(Elected::FreshDeal);
                push("a fresh deal", [0, 0], fresh);
                let stand = match otherwise {
                    Otherwise::ReckonsNothing => with(&both),
                    Otherwise::DealStands | Otherwise::AlterDiscard => with(struck),
                };
                let label = match otherwise {
                    Otherwise::ReckonsNothing => "stand the deal; the offender reckons nothing",
                    Otherwise::DealStands => "stand the deal",
                    Otherwise::AlterDiscard => "stand the deal and alter his discard",
                };
                push(label, stand, chosen == Some(Elected::Stand));
            }
            // One choice a player, however many rulings make him reckon nothing.
            Penalty::ReckonsNothing | Penalty::Waived if !enforced.contains(&offender) => {
                enforced.push(offender);
                let waived = ruling.penalty == Penalty::Waived;
                push(
                    "enforce the penalty: the offender reckons nothing",
                    with(&both),
                    !waived,
                );
                push("waive the penalty (law 44)", with(&others), waived);
            }
            _ => {}
        }
    }
    out
}

/// A player's own score sheet for a deal (`A writes A 29, B 0`), and where.
type Sheet<'a> = (&'a [(PlayerId, u32)], Span);

/// Scores by player, as a sheet or `written` line gives them.
type Scores = Vec<(PlayerId, u32)>;

/// Law 74: "In case of a difference in the written scores, a player's
/// score of his own hand shall be taken as correct." From each player's
/// sheet (`A writes A 29, B 0`), the scores as taken, and a ruling where
/// the two sheets differ.
fn own_hands(sheets: [Option<Sheet<'_>>; 2]) -> Option<(Scores, Option<Ruling>)> {
    let sheet = |p: PlayerId| sheets[p.index()].map(|(s, _)| s);
    let of = |sheet: &[(PlayerId, u32)], p: PlayerId| {
        sheet
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, points)| *points)
    };
    let own: Vec<(PlayerId, u32)> = PlayerId::BOTH
        .into_iter()
        .filter_map(|p| sheet(p).and_then(|s| of(s, p)).map(|points| (p, points)))
        .collect();
    if own.is_empty() {
        return None;
    }
    let (Some(a), Some(b)) = (sheet(PlayerId(0)), sheet(PlayerId(1))) else {
        return Some((own, None));
    };
    let differ = PlayerId::BOTH.into_iter().any(|p| of(a, p) != of(b, p));
    let ruling = differ.then(|| Ruling {
        irregularity: Irregularity::WrittenScoresDiffer,
        offender: None,
        laws: &["74"],
        penalty: Penalty::NoneStated,
        span: sheets[1].map(|(_, span)| span),
    });
    Some((own, ruling))
}

/// The first player to act in a deal with no dealer line.
fn first_actor(deal: &Deal) -> Option<PlayerId> {
    deal.events.iter().find_map(|e| match &e.event {
        Event::Act { player, .. } => Some(*player),
        _ => None,
    })
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

/// Cases XX, XXI: a carte blanche shown after the holder mixed cards of the
/// stock with his hand is not scored, nor does it count toward or save a
/// pique or repique (law 18).
fn unscore_barred_carte_blanche(declarations: &mut declarations::Declarations, rulings: &[Ruling]) {
    for ruling in rulings {
        if let (Irregularity::CarteBlancheAfterMixingStock, Some(player)) =
            (&ruling.irregularity, ruling.offender)
        {
            declarations.scored.retain(|s| {
                !(s.player == player && s.holding == declarations::Holding::CarteBlanche)
            });
            declarations.bars[declarations::Category::CarteBlanche as usize][player.index()] =
                false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_str;

    /// Deals with only their dealers written, as `(number, dealer)`.
    fn dealers(deals: &[(u32, char)]) -> String {
        let mut text = String::from("[Players \"A B\"]\n");
        for (number, dealer) in deals {
            text.push_str(&format!("\ndeal {number}\ndealer {dealer}\n"));
        }
        text
    }

    /// What a case is, the deals as `(number, dealer)`, and the indices of
    /// the deals ruled dealt out of turn.
    type Turns = (&'static str, Vec<(u32, char)>, Vec<usize>);

    /// Law 16 within a partie, and law 4 between parties: which deals are
    /// ruled dealt out of turn.
    #[test]
    fn the_turn_to_deal_runs_within_a_partie_only() {
        let partie = [(1, 'B'), (2, 'A'), (3, 'B'), (4, 'A'), (5, 'B'), (6, 'A')];
        let cases: &[Turns] = &[
            ("in turn throughout", partie.to_vec(), vec![]),
            (
                "deal 2 by the dealer of deal 1",
                vec![(1, 'B'), (2, 'B')],
                vec![1],
            ),
            (
                "a new partie dealt first by the last dealer of the old",
                [&partie[..], &[(1, 'A'), (2, 'B')]].concat(),
                vec![],
            ),
            (
                "a new partie dealt first by the other",
                [&partie[..], &[(1, 'B'), (2, 'A')]].concat(),
                vec![],
            ),
            (
                "out of turn in the second partie",
                [&partie[..], &[(1, 'A'), (2, 'A')]].concat(),
                vec![7],
            ),
        ];
        for (what, deals, expected) in cases {
            let reading = read_str(&dealers(deals));
            assert!(reading.errors.is_empty(), "{what}: {:?}", reading.errors);
            let ruled = rule(&reading.transcript).expect("portland");
            let out_of_turn: Vec<usize> = ruled
                .deals
                .iter()
                .enumerate()
                .filter(|(_, d)| {
                    d.rulings
                        .iter()
                        .any(|r| r.irregularity == Irregularity::DealsOutOfTurn)
                })
                .map(|(i, _)| i)
                .collect();
            assert_eq!(&out_of_turn, expected, "{what}");
        }
    }
}
