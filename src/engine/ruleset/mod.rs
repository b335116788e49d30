//! A rule set as data: the pack, the exchange, how declarations compare and
//! score, what scores in play, pique and repique, and how deals make a partie.
//!
//! The replay never names a rule set: it asks the [`RuleSet`] value. A new
//! rule set is a new value here, plus a named strategy where the way of
//! counting differs (see [`PointOrder`], [`PartieRule`]). The cut, the deal
//! and the exchange differ under au cent in [`ExchangeRules`]: each field a
//! small enum naming the Portland way and the au cent way, each citing its
//! own law (AC1-AC14, AC30).

use std::sync::{Mutex, PoisonError};

use crate::agreements::{Agreements, Terms};
use crate::cards::Rank;
use crate::engine::declarations::ways::{Calling, AU_CENT_CALLING, PORTLAND_CALLING};
use crate::laws::BookId;
use crate::notation::PlayerId;
use crate::Rules;

mod exchange;
mod french;

pub use exchange::*;
pub use french::{CLASSIC, MODERN, OLD};

/// How two points are compared (Portland law 62: "The largest point is good").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointOrder {
    /// The most cards, and between equal numbers the higher value (Portland;
    /// modern piquet, M2).
    CardsThenValue,
    /// The highest pip total, whatever the number of cards (the French
    /// rules, 6a: "the suit whose cards total the highest number of points").
    ValueOnly,
}

/// Whether the last trick scores its one more on a capot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastOnCapot {
    /// Law 65 and 13h: "the player who wins the last trick adds 1 extra
    /// point to his score", capot or not.
    Scores,
    /// M4, by agreement under modern piquet: "the point for the last trick
    /// is not counted in the event of a capot".
    NotCounted,
}

/// Who can make a pique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PiqueBy {
    /// Law 69: "A pique is obtained on the score of thirty being made by
    /// the elder hand, in hand and play, before his adversary has reckoned
    /// anything that deal": the elder only.
    Elder,
    /// 15.1g: "a player who reaches a score of 30 points during the play of
    /// the cards, while the other player has not yet scored any points at
    /// all": either player; the dealer too, where the elder scored no
    /// declaration and his first lead scored nothing (15.1h).
    Either,
}

impl PiqueBy {
    /// The players who may make a pique, the elder first.
    pub fn players(self, elder: PlayerId) -> &'static [PlayerId] {
        const A: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];
        const B: [PlayerId; 2] = [PlayerId(1), PlayerId(0)];
        let both: &'static [PlayerId] = if elder == PlayerId(0) { &A } else { &B };
        match self {
            PiqueBy::Elder => &both[..1],
            PiqueBy::Either => both,
        }
    }
}

/// What a rule set's partie is, and how its result is reckoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartieRule {
    /// Rubicon: a fixed number of deals; the winner takes the difference plus
    /// a bonus, or the sum plus the bonus when the loser is under the rubicon
    /// (Portland laws 71-73).
    Rubicon {
        /// Deals in a partie (six).
        deals: u32,
        /// The hundred added to the points won.
        bonus: u32,
        /// The loser must reach this, or the winner adds the loser's score to his own.
        rubicon: u32,
    },
    /// Games: each game is `up` points up, from nothing; a game won before
    /// the adversary has `double_under` is a double game, counting
    /// `double_counts`; the partie is won by the first to `to_win` games
    /// (au cent AC28, AC29: a hundred up, a double before fifty, three games
    /// out of five, a double counting two); `end` says how the deal that
    /// reaches the points ends (AC28 plays it out; 19d stops it).
    Games {
        /// The points that win a game (a hundred).
        up: u32,
        /// The adversary under this when the game is won: a double game (fifty).
        double_under: u32,
        /// What a double game counts toward the partie (two).
        double_counts: u32,
        /// The games that win the partie (three of five).
        to_win: u32,
        /// How the deal that reaches `up` ends, and who wins the game.
        end: GameEnd,
    },
}

impl PartieRule {
    /// R3, R5: the rubicon partie agreed under the French rules
    /// (`[Partie "rubicon"]`): six deals, a hundred added to the points
    /// won, the sum where the loser is under the rubicon of a hundred. The
    /// same figures as the Portland laws 71-73.
    pub const RUBICON: PartieRule = PartieRule::Rubicon {
        deals: 6,
        bonus: 100,
        rubicon: 100,
    };
}

/// How a deal ends that takes a player to the game's points, and who wins
/// the game it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// AC28: the deal is played out and all of it is marked; the game is
    /// won by the first to reach a hundred in the order of law 67.
    PlayedOut,
    /// 19d: "the following hand stops as soon as one of them reaches that
    /// target", carte blanche counting first, then the point, the sequence,
    /// the three-of-a-kind or quatorze; nothing after that scores. Where
    /// neither reaches it in the declarations the play is played out, and
    /// "if both players end up exceeding the target, whoever has the higher
    /// score wins".
    StopsInTheDeclarations,
}

/// How far an error in adding up or in marking the score can be put right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddingUp {
    /// Law 70 puts right errors "in counting the hand ... before the player
    /// in error has seen his next hand": a total written at the head of a
    /// later deal (a `score` line) is taken as the players agreed it.
    BeforeNextHand,
    /// AC27: "Errors in adding up, or in marking the score, if proved, may
    /// be rectified at any time during the game": a `score` line that
    /// differs from the totals the deals of the same game add up to is put
    /// right, the deals proving it.
    DuringTheGame,
}

/// How a good point scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointScore {
    /// Law 62: "The point, when good, scores one for each card."
    OneACard,
    /// AC25, by agreement: "points ending in four count one less than the
    /// number of cards" (a point making 34, 44, 54 …).
    FoursCountOneLess,
    /// The French rules, 6e: "The player with the higher point scores only
    /// its tens digit": 30-34 scores 3, 35-39 scores 4 (a five and more
    /// rounds up).
    Tens,
}

impl PointScore {
    /// Law 62, AC25, 6e: what a good point of `cards` cards making `value` scores.
    pub fn score(self, cards: u8, value: u32) -> u32 {
        match self {
            PointScore::Tens => (value + 5) / 10,
            _ => u32::from(cards).saturating_sub(u32::from(self.one_less(value))),
        }
    }

    /// AC25: whether a point making `value` counts one less than its cards.
    pub fn one_less(self, value: u32) -> bool {
        self == PointScore::FoursCountOneLess && value % 10 == 4
    }
}

/// What scores in play (law 65): which cards count when they are led or
/// win a trick, and what becomes of the last trick won with one that does
/// not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayScore {
    /// The lowest rank that counts in play: the seven where every card
    /// counts (law 65); the ten where "nines, eights, and sevens are not
    /// counting cards" (au cent by agreement, AC26; the French rules, 15.1).
    pub counts_from: Rank,
    /// Whether the last trick scores its one more when it is won with a
    /// card that does not count: yes under au cent (law 65's two "instead
    /// of one" makes the last trick one more than any other) and under the
    /// French rules ("the point for last is nevertheless awarded").
    pub last_regardless: bool,
}

impl PlayScore {
    /// Law 65: every card counts.
    pub const EVERY_CARD: PlayScore = PlayScore {
        counts_from: Rank::Seven,
        last_regardless: false,
    };

    /// Law 65, AC26: whether `rank` counts when led or winning a trick.
    pub fn counts(self, rank: Rank) -> bool {
        rank >= self.counts_from
    }
}

/// The partie as agreed: the rule set's own, or the four-deal partie of the note to law 71.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartieLength {
    /// The rule set's own number of deals, each counting single.
    Standard,
    /// Four deals, the first and last counting double; extra deals single (note to law 71).
    FourDeals,
}

/// Whose laws rule an irregularity, where the rule set's book gives none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Irregularities {
    /// The book rules its own irregularities (Portland; au cent, with the
    /// Portland laws it leaves standing, AC0).
    OwnBook,
    /// The French rules state no penalties: a ruling that cites a law of
    /// another book cites it as the nearest written law, by analogy, and
    /// the deal is scored as played, the penalty the analogy would give
    /// shown beside it, not applied (issue 15; docs/scoring.md).
    ByAnalogy(BookId),
}

/// The laws the report's reasons ("Why:") cite, as it writes them: `law
/// 62` under the Portland laws, `6a, 6e` under the French rules.
#[derive(Clone, Copy, Debug)]
pub struct Why {
    /// Carte blanche good.
    pub carte_blanche: &'static str,
    /// A point good.
    pub point: &'static str,
    /// Points equal.
    pub point_equal: &'static str,
    /// A sequence good.
    pub sequences: &'static str,
    /// Sequences equal.
    pub sequences_equal: &'static str,
    /// A quatorze or trio good.
    pub sets: &'static str,
    /// Quatorzes or trios equal.
    pub sets_equal: &'static str,
    /// Whether the reason for a sequence, quatorze or trio good says that
    /// the holder of the best scores every one he reckons (6n, 6s).
    pub every_one: bool,
    /// A repique won.
    pub repique: &'static str,
    /// A repique missed: the adversary reckoned first.
    pub repique_missed: &'static str,
    /// A pique won or missed.
    pub pique: &'static str,
    /// The cards divided.
    pub divided: &'static str,
    /// The word of the reply that a call is not good: `not good` (laws
    /// 46-49), `better` (6a, 6k: "'better' if he has a higher point").
    pub not_good: &'static str,
}

/// Laws cited for each kind of score line, as ids in the rule set's book.
#[derive(Clone, Copy, Debug)]
pub struct Citations {
    /// Carte blanche.
    pub carte_blanche: &'static [&'static str],
    /// A carte blanche claimed that the hand does not bear out.
    pub false_carte_blanche: &'static [&'static str],
    /// The point.
    pub point: &'static [&'static str],
    /// Sequences.
    pub sequences: &'static [&'static str],
    /// Quatorzes and trios.
    pub sets: &'static [&'static str],
    /// Points made in play.
    pub play: &'static [&'static str],
    /// The cards and capot.
    pub cards: &'static [&'static str],
    /// Repique.
    pub repique: &'static [&'static str],
    /// Pique.
    pub pique: &'static [&'static str],
    /// The order in which scores reckon.
    pub order: &'static [&'static str],
    /// The partie result.
    pub partie: &'static [&'static str],
    /// A rubicon partie complete: its deals, and the extra deals after a
    /// tie (law 71).
    pub partie_deals: &'static [&'static str],
    /// A rubicon partie won by the difference, with the bonus (law 72).
    pub partie_difference: &'static [&'static str],
    /// A rubicon partie won by the sum, the loser under the rubicon (law 73).
    pub partie_sum: &'static [&'static str],
    /// A game won, in a partie played in games.
    pub game: &'static [&'static str],
    /// A deal stopped at the target, or a game won by the higher score
    /// where both passed it in play (19d).
    pub game_end: &'static [&'static str],
    /// An error in adding up put right.
    pub adding_up: &'static [&'static str],
    /// Following suit.
    pub follow_suit: &'static [&'static str],
    /// Taking in from the top of the stock.
    pub take_from_top: &'static [&'static str],
    /// How many cards each player may exchange.
    pub exchange: &'static [&'static str],
    /// Calling what is not held.
    pub miscall: &'static [&'static str],
    /// A misnomer.
    pub misnomer: &'static [&'static str],
    /// A call made smaller than held.
    pub smaller_call: &'static [&'static str],
    /// Nothing reckoned that was not called.
    pub omitted: &'static [&'static str],
    /// The inquiry "making" that bars a superior number of cards.
    pub inquiry: &'static [&'static str],
    /// The elder hand calls his point first.
    pub point_first: &'static [&'static str],
    /// A lead out of turn.
    pub lead_out_of_turn: &'static [&'static str],
    /// Differences in the written scores.
    pub written: &'static [&'static str],
    /// Dealing in turn.
    pub deal_in_turn: &'static [&'static str],
    /// Asking which card of a trio or quatorze is out admits it good (Case
    /// VII: the inquiry bars, as law 46's does).
    pub admission: &'static [&'static str],
    /// A call of more than is held, corrected in time.
    pub correction: &'static [&'static str],
    /// A miscall of what was shown (law 54 gives way to 55).
    pub miscall_shown: &'static [&'static str],
    /// Showing what was called, on request (law 55).
    pub show_on_request: &'static [&'static str],
    /// A reply corrected (law 51).
    pub reply_correction: &'static [&'static str],
    /// A player misinforms his adversary about the cards he declared.
    pub misinformation: &'static [&'static str],
    /// A point that counts one less than its cards (AC25 by agreement).
    pub point_one_less: &'static [&'static str],
    /// Points in play where some cards led or winning do not count (AC26 by agreement).
    pub play_not_counting: &'static [&'static str],
    /// A card not in the pack (a six in the pack of 32), or written twice:
    /// the pack is incorrect (law 75; the French rules' pack, 1a, O1).
    pub incorrect_pack: &'static [&'static str],
    /// The laws the report's reasons cite.
    pub why: Why,
}

/// Everything the engine needs to know about a rule set.
#[derive(Clone, Copy, Debug)]
pub struct RuleSet {
    /// Which rule set this is.
    pub rules: Rules,
    /// The book its laws are cited from.
    pub book: BookId,
    /// The lowest rank in the pack: seven (32 cards) or six (36).
    pub lowest: Rank,
    /// Cards dealt to each player.
    pub hand: usize,
    /// Cards in the stock after the deal.
    pub stock: usize,
    /// The most the elder hand may exchange (law 21).
    pub elder_exchange: usize,
    /// The fewest cards each player must discard (laws 21, 22).
    pub least_discard: usize,
    /// Carte blanche's score (law 61).
    pub carte_blanche: u32,
    /// How points compare (law 62).
    pub point_order: PointOrder,
    /// The shortest sequence that counts (a tierce).
    pub shortest_sequence: u8,
    /// What a sequence of each length scores, from a tierce (law 63).
    pub sequence_scores: &'static [u32],
    /// The lowest rank that makes a quatorze or trio (law 64: tens).
    pub lowest_set: Rank,
    /// What a quatorze scores (law 64).
    pub quatorze: u32,
    /// What a trio scores (law 64).
    pub trio: u32,
    /// How a good point scores (law 62; AC25 by agreement).
    pub point_score: PointScore,
    /// Which cards count in play (law 65; AC26 by agreement).
    pub play_score: PlayScore,
    /// The points for the last trick, instead of one (law 65).
    pub last_trick: u32,
    /// Whether the last trick's one more scores on a capot (law 65; M4 by agreement).
    pub last_on_capot: LastOnCapot,
    /// For winning more than half the tricks (law 66).
    pub the_cards: u32,
    /// For winning every trick, instead of the cards (law 66).
    pub capot: u32,
    /// The score that makes a pique or repique (laws 68, 69).
    pub pique_at: u32,
    /// What a pique adds (law 69).
    pub pique: u32,
    /// What a repique adds (law 68).
    pub repique: u32,
    /// Who can make a pique (law 69; 15.1g under the French rules).
    pub pique_by: PiqueBy,
    /// How deals make a partie (laws 71-73; au cent AC28, AC29).
    pub partie: PartieRule,
    /// How far errors in adding up are put right (law 70; au cent AC27).
    pub adding_up: AddingUp,
    /// The laws each score line cites.
    pub cite: Citations,
    /// How dealing and the exchange are ruled where the rule sets differ.
    pub exchange_rules: ExchangeRules,
    /// Whose laws rule an irregularity the book gives no law for.
    pub irregularities: Irregularities,
    /// The rule set the players' agreements make of this one, or `None`
    /// where it does not admit them (AC25, AC26 are au cent's).
    pub agreed: fn(Agreements) -> Option<&'static RuleSet>,
    /// How the declarations are called, answered and shown (laws 46-56, AC15-AC24).
    pub calling: Calling,
}

/// Law 63: tierce 3, quart 4, quint 15, sixième 16, septième 17, huitième 18.
const PORTLAND_SEQUENCES: [u32; 6] = [3, 4, 15, 16, 17, 18];

/// The Laws of Piquet adopted by the Portland Club.
pub const PORTLAND: RuleSet = RuleSet {
    rules: Rules::Portland,
    book: BookId::Portland,
    lowest: Rank::Seven,
    hand: 12,
    stock: 8,
    elder_exchange: 5,
    least_discard: 1,
    carte_blanche: 10,
    point_order: PointOrder::CardsThenValue,
    shortest_sequence: 3,
    sequence_scores: &PORTLAND_SEQUENCES,
    lowest_set: Rank::Ten,
    quatorze: 14,
    trio: 3,
    point_score: PointScore::OneACard,
    play_score: PlayScore::EVERY_CARD,
    last_trick: 2,
    last_on_capot: LastOnCapot::Scores,
    the_cards: 10,
    capot: 40,
    pique_at: 30,
    pique: 30,
    repique: 60,
    pique_by: PiqueBy::Elder,
    partie: PartieRule::Rubicon {
        deals: 6,
        bonus: 100,
        rubicon: 100,
    },
    adding_up: AddingUp::BeforeNextHand,
    cite: Citations {
        carte_blanche: &["18", "61"],
        false_carte_blanche: &["18", "19"],
        point: &["46", "62"],
        sequences: &["48", "49", "63"],
        sets: &["48", "49", "64"],
        play: &["65"],
        cards: &["66"],
        repique: &["67", "68"],
        pique: &["67", "69"],
        order: &["67"],
        partie: &["71", "72", "73"],
        partie_deals: &["71"],
        partie_difference: &["72"],
        partie_sum: &["73"],
        game: &[],
        game_end: &[],
        adding_up: &["70"],
        follow_suit: &["59.IV"],
        take_from_top: &["23"],
        exchange: &["21", "22"],
        miscall: &["54"],
        misnomer: &["53"],
        smaller_call: &["50"],
        omitted: &["56"],
        inquiry: &["46"],
        point_first: &["46"],
        lead_out_of_turn: &["59.III"],
        written: &["74"],
        deal_in_turn: &["16"],
        admission: &["46"],
        correction: &["52"],
        reply_correction: &["51"],
        miscall_shown: &["54", "55"],
        show_on_request: &["55"],
        misinformation: &["59.V"],
        point_one_less: &["46", "62"],
        play_not_counting: &["65"],
        incorrect_pack: &["75"],
        why: Why {
            carte_blanche: "law 61",
            point: "law 62",
            point_equal: "law 62",
            sequences: "law 63",
            sequences_equal: "law 63",
            sets: "law 64",
            sets_equal: "law 64",
            every_one: false,
            repique: "law 68",
            repique_missed: "laws 67, 68",
            pique: "law 69",
            divided: "law 66",
            not_good: "not good",
        },
    },
    exchange_rules: PORTLAND_EXCHANGE,
    irregularities: Irregularities::OwnBook,
    agreed: no_agreements,
    calling: PORTLAND_CALLING,
};

/// The Portland laws provide no agreement that changes the scoring.
fn no_agreements(agreements: Agreements) -> Option<&'static RuleSet> {
    agreements.is_none().then_some(&PORTLAND)
}

/// The Laws of Piquet au cent: the Portland laws, with the paragraphs
/// AC1-AC30 in place of the laws they replace (AC0: they "differ from those
/// of Piquet in the following particulars", and in nothing else). Each difference is a named
/// field here, citing the paragraph; what au cent leaves alone is Portland's.
pub const AU_CENT: RuleSet = RuleSet {
    rules: Rules::AuCent,
    book: BookId::AuCent,
    cite: Citations {
        point: &["AC15", "46", "62"],
        sequences: &["AC16", "AC17", "63"],
        sets: &["AC16", "AC17", "64"],
        omitted: &["AC24"],
        reply_correction: &["AC20"],
        miscall: &["AC23"],
        correction: &["AC23"],
        miscall_shown: &["AC18"],
        smaller_call: &["AC17"],
        show_on_request: &["AC18"],
        partie: &["AC29"],
        game: &["AC28"],
        adding_up: &["AC27", "70"],
        ..PORTLAND.cite
    },
    exchange_rules: AU_CENT_EXCHANGE,
    partie: PartieRule::Games {
        up: 100,
        double_under: 50,
        double_counts: 2,
        to_win: 3,
        end: GameEnd::PlayedOut,
    },
    adding_up: AddingUp::DuringTheGame,
    agreed: super::agreed::au_cent,
    calling: AU_CENT_CALLING,
    ..PORTLAND
};

impl RuleSet {
    /// The piquet rule set the engine rules under for `rules`, or `None`
    /// for écarté, which has an engine of its own.
    pub fn of(rules: Rules) -> Option<&'static RuleSet> {
        match rules {
            Rules::Portland => Some(&PORTLAND),
            Rules::AuCent => Some(&AU_CENT),
            Rules::Classic => Some(&CLASSIC),
            Rules::Modern => Some(&MODERN),
            Rules::Old => Some(&OLD),
            Rules::Ecarte => None,
        }
    }

    /// Issue 15: where the rule set's book gives no law for an
    /// irregularity (the French rules state no penalties), the book whose
    /// laws a ruling citing `laws` applies by analogy: any id that is not
    /// one of the book's own is that book's. `None` for a ruling wholly of
    /// the rule set's own book, and under a book that rules its own.
    pub fn analogy(&self, laws: &[&str]) -> Option<BookId> {
        let Irregularities::ByAnalogy(other) = self.irregularities else {
            return None;
        };
        let own = crate::laws::library().ok()?.book(self.book);
        laws.iter().any(|id| own.law(id).is_none()).then_some(other)
    }

    /// The rule set these agreements make of this one (AC25, AC26), or
    /// `None` where it does not admit them.
    pub fn agree(&self, agreements: Agreements) -> Option<&'static RuleSet> {
        (self.agreed)(agreements)
    }

    /// This rule set with the game's target and the partie the players
    /// agreed (19c: `[Target "150"]`; R2-R5: `[Partie "rubicon"]`). The
    /// reader admits these terms only under the rule sets whose book
    /// provides them; a rule set played in games takes the target as its
    /// game's points, and the rubicon partie replaces the games.
    pub fn with_terms(&'static self, terms: Terms) -> &'static RuleSet {
        let partie = match (terms.rubicon, terms.target, self.partie) {
            (true, _, _) => PartieRule::RUBICON,
            (
                false,
                Some(up),
                PartieRule::Games {
                    double_under,
                    double_counts,
                    to_win,
                    end,
                    ..
                },
            ) => PartieRule::Games {
                up,
                double_under,
                double_counts,
                to_win,
                end,
            },
            (false, _, partie) => partie,
        };
        // R3: "whoever draws the higher card may, as he chooses, deal
        // himself or require his opponent to deal".
        // Under a rule set whose own cut gives the higher card the choice
        // (Portland, law 4), that cut stands.
        let exchange_rules = match (terms.rubicon, self.exchange_rules.cut_for_deal) {
            (false, _) | (true, CutForDeal::HigherChooses) => self.exchange_rules,
            (true, _) => ExchangeRules {
                cut_for_deal: CutForDeal::HigherChoosesRubicon,
                ..self.exchange_rules
            },
        };
        self.with_partie(partie, exchange_rules)
    }

    /// This rule set with `partie` in place of its own, and the exchange
    /// rules that go with it (the rubicon's cut, R3). Each such rule set is
    /// made once and kept (there are a few: three targets and the rubicon
    /// for each rule set), so a rule set stays a `&'static` value.
    fn with_partie(
        &'static self,
        partie: PartieRule,
        exchange_rules: ExchangeRules,
    ) -> &'static RuleSet {
        type Made = Vec<(usize, PartieRule, &'static RuleSet)>;
        static MADE: Mutex<Made> = Mutex::new(Vec::new());
        if self.partie == partie && self.exchange_rules == exchange_rules {
            return self;
        }
        let key = std::ptr::from_ref(self) as usize;
        let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
        let same = |(k, p, r): &&(usize, PartieRule, &'static RuleSet)| {
            *k == key && *p == partie && r.exchange_rules == exchange_rules
        };
        if let Some((_, _, found)) = made.iter().find(same) {
            return found;
        }
        let new: &'static RuleSet = Box::leak(Box::new(RuleSet {
            partie,
            exchange_rules,
            ..*self
        }));
        made.push((key, partie, new));
        new
    }

    /// Law 65: the fewest points a deal played out gives in play between
    /// the two players: each card led and the last trick where every card
    /// counts; where some do not, the last trick's one more if it scores
    /// regardless, or nothing.
    pub fn least_in_play(&self) -> u32 {
        match (
            self.play_score.counts_from <= self.lowest,
            self.play_score.last_regardless,
        ) {
            (true, _) => self.hand as u32 + self.last_trick - 1,
            (false, true) => self.last_trick - 1,
            (false, false) => 0,
        }
    }

    /// The cards in the pack: 32, or 36 with the sixes.
    pub fn pack_size(&self) -> usize {
        (Rank::Ace as usize - self.lowest as usize + 1) * 4
    }

    /// Law 63: what a sequence of `length` cards scores; nothing under a tierce.
    pub fn sequence_score(&self, length: u8) -> u32 {
        let index = usize::from(length.saturating_sub(self.shortest_sequence));
        if length < self.shortest_sequence {
            return 0;
        }
        self.sequence_scores
            .get(index)
            .or(self.sequence_scores.last())
            .copied()
            .unwrap_or(0)
    }

    /// Law 64: what a set of `count` cards scores (a quatorze, a trio, or nothing).
    pub fn set_score(&self, count: usize) -> u32 {
        match count {
            4 => self.quatorze,
            3 => self.trio,
            _ => 0,
        }
    }

    /// The number of deals in a partie, before any extra deals after a
    /// tie; `None` where the partie is played in games, whose number of
    /// deals is not known until they are played.
    pub fn partie_deals(&self, length: PartieLength) -> Option<u32> {
        match (length, self.partie) {
            (_, PartieRule::Games { .. }) => None,
            (PartieLength::FourDeals, _) => Some(4),
            (PartieLength::Standard, PartieRule::Rubicon { deals, .. }) => Some(deals),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_63_sequence_scores() {
        let table = [(2, 0), (3, 3), (4, 4), (5, 15), (6, 16), (7, 17), (8, 18)];
        for (length, score) in table {
            assert_eq!(PORTLAND.sequence_score(length), score, "length {length}");
        }
    }

    #[test]
    fn law_64_set_scores() {
        assert_eq!(PORTLAND.set_score(4), 14);
        assert_eq!(PORTLAND.set_score(3), 3);
        assert_eq!(PORTLAND.set_score(2), 0);
    }

    /// Issue 15: (the rule set, the laws cited, the book cited by analogy).
    #[test]
    fn laws_cited_by_analogy() {
        let table: [(&RuleSet, &[&str], Option<BookId>); 7] = [
            (&PORTLAND, &["54"], None),
            (&AU_CENT, &["AC1", "5"], None),
            (&CLASSIC, &["4e"], None),
            (&CLASSIC, &["54"], Some(BookId::Portland)),
            (&CLASSIC, &["1d", "16"], Some(BookId::Portland)),
            (&MODERN, &["59.IV"], Some(BookId::Portland)),
            (&OLD, &["O2", "O3", "4b", "4d"], None),
        ];
        for (rules, laws, analogy) in table {
            assert_eq!(rules.analogy(laws), analogy, "{:?} {laws:?}", rules.rules);
        }
    }

    /// 19c, R2-R5: the terms agreed make each rule set once; the target
    /// changes the game's points, the rubicon the partie and the cut (R3).
    #[test]
    fn the_terms_agreed() {
        let classic = RuleSet::of(Rules::Classic).expect("classic");
        let none = Terms::NONE;
        let target = Terms {
            target: Some(150),
            rubicon: false,
        };
        let rubicon = Terms {
            target: None,
            rubicon: true,
        };
        assert!(std::ptr::eq(classic.with_terms(none), classic));
        let hundred_fifty = classic.with_terms(target);
        assert!(std::ptr::eq(hundred_fifty, classic.with_terms(target)));
        assert!(matches!(
            hundred_fifty.partie,
            PartieRule::Games { up: 150, .. }
        ));
        let six = classic.with_terms(rubicon);
        assert!(std::ptr::eq(six, classic.with_terms(rubicon)));
        assert_eq!(six.partie, PartieRule::RUBICON);
        assert_eq!(six.partie_deals(PartieLength::Standard), Some(6));
        assert_eq!(
            six.exchange_rules.cut_for_deal,
            CutForDeal::HigherChoosesRubicon
        );
        assert_eq!(six.book, classic.book);
        // Under the Portland laws the partie is rubicon already.
        assert!(std::ptr::eq(PORTLAND.with_terms(rubicon), &PORTLAND));
    }

    /// Law 11 and AC3: (the option, touched, taken, lapsed).
    #[test]
    fn pack_and_partie() {
        assert_eq!(PORTLAND.pack_size(), 32);
        assert_eq!(PORTLAND.partie_deals(PartieLength::Standard), Some(6));
        assert_eq!(PORTLAND.partie_deals(PartieLength::FourDeals), Some(4));
        assert_eq!(AU_CENT.partie_deals(PartieLength::Standard), None);
        assert!(RuleSet::of(Rules::Portland).is_some());
        assert!(RuleSet::of(Rules::AuCent).is_some());
        assert!(RuleSet::of(Rules::Ecarte).is_none());
    }
}
