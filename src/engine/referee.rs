//! The referee of a partie: rules its deals one by one, keeps the running
//! totals and the turn to deal (laws 4, 9, 16), and says how the partie
//! stands (laws 71-73; au cent AC28, AC29, its games).

use crate::agreements::{Agreements, Terms};
use crate::notation::{Deal, Event, PlayerId, Transcript};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::deal::{rule_deal, Spare, Start};
use super::games::Games;
use super::partie::{self, Standing};
use super::ruleset::{AddingUp, PartieLength, RuleSet};
use super::{DealRuling, NotYetRuled, Note};

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
    /// A void deal's number, and who deals it afresh.
    fresh: Option<(u32, PlayerId)>,
    /// The games, where the partie is played in games (AC28, AC29).
    games: Option<Games>,
    /// The lists a deal's ruling is built in, kept from deal to deal.
    spare: Spare,
}

impl Referee {
    /// A referee for a transcript's rule set and agreements: the partie
    /// (`[Partie "4"]`; `[Partie "rubicon"]`, R2-R5), the game's target
    /// (`[Target "150"]`, 19c), and the scoring (`[Agreements "…"]`, AC25,
    /// AC26).
    /// Agreements the rule set does not admit are the reader's to report;
    /// they are not applied.
    pub fn new(transcript: &Transcript) -> Result<Referee, NotYetRuled> {
        let base = RuleSet::of(transcript.rules).ok_or(NotYetRuled(transcript.rules))?;
        let tags = transcript
            .tags
            .iter()
            .map(|t| (&*t.value.name, &*t.value.value));
        let rules = base
            .agree(Agreements::of_tags(tags.clone()))
            .unwrap_or(base);
        // 19c, R2-R5: the game's target and the rubicon partie, as agreed.
        let rules = rules.with_terms(Terms::of_tags(tags));
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

    /// A referee under a rule set, for a partie of this length. A partie
    /// played in games has no length in deals: the note to law 71 does not
    /// apply to it (AC29 replaces law 71).
    pub fn with(rules: &'static RuleSet, length: PartieLength) -> Referee {
        let games = Games::of(rules);
        Referee {
            rules,
            length: if games.is_some() {
                PartieLength::Standard
            } else {
                length
            },
            games,
            totals: [0; 2],
            last_number: 0,
            own: partie::OwnDeals::default(),
            last_dealer: None,
            twice: None,
            modes: [None; 2],
            fresh: None,
            spare: Spare::default(),
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Rules one deal and adds it to the partie. A deal numbered no higher
    /// than the one before begins a new partie.
    pub fn deal(&mut self, deal: &Deal) -> DealRuling {
        let mut ruling = DealRuling::default();
        self.deal_into(deal, &mut ruling);
        ruling
    }

    /// Rules one deal into `ruling` and adds it to the partie, as
    /// [`Referee::deal`]: every field is set, the lists of the ruling it
    /// held (the last deal's, once reported) used again.
    pub fn deal_into(&mut self, deal: &Deal, ruling: &mut DealRuling) {
        let ended = self.begin(deal.header.number);
        let mut notes = std::mem::take(&mut ruling.notes);
        notes.clear();
        let dealer = deal.header.dealer.as_ref().map(|d| d.value);
        let elder = match dealer {
            Some(dealer) => dealer.other(),
            None => {
                notes.push(Note::NoDealer);
                first_actor(deal).unwrap_or(PlayerId(0))
            }
        };
        let start = Start {
            dealer,
            elder,
            modes: self.modes,
            out_of_turn: self.out_of_turn(deal.header.number, dealer),
            partie_begun: self.last_number > 0,
        };
        rule_deal(
            deal,
            &start,
            notes,
            self.rules,
            &mut self.modes,
            &mut self.spare,
            ruling,
        );
        ruling.ended = ended;
        self.add(deal, ruling);
    }

    /// A deal numbered no higher than the last begins a new partie: the
    /// partie that ended, as it stood. Law 4: the players cut for the
    /// choice of deal at the commencement of each partie, so the first deal
    /// of a new partie is not judged against the last dealer of the old.
    fn begin(&mut self, number: u32) -> Option<Standing> {
        if !self.begins_partie(number) {
            return None;
        }
        let ended = self.standing();
        let spare = std::mem::take(&mut self.spare);
        *self = Referee::with(self.rules, self.length);
        self.spare = spare;
        Some(ended)
    }

    /// Whether deal `number` would begin a new partie: a deal numbered no
    /// higher than the last of a partie begun (law 4).
    pub fn begins_partie(&self, number: u32) -> bool {
        self.last_number > 0 && number <= self.last_number
    }

    /// Adds a deal ruled to the running totals; a `score` line states them
    /// before the deal. A void deal is dealt afresh under its number, by
    /// the right dealer.
    fn add(&mut self, deal: &Deal, ruling: &mut DealRuling) {
        // Law 71: a deal after the partie is over is no part of it (AC29: nor
        // one after a partie of games is decided).
        let over = self.last_number > 0 && self.standing().complete;
        if over && !ruling.void {
            ruling.notes.push(if self.games.is_some() {
                Note::AfterTheGames
            } else {
                Note::AfterThePartie
            });
            (ruling.before, ruling.after) = (self.totals, self.totals);
            self.last_number = deal.header.number;
            return;
        }
        let before = self.before(deal, ruling);
        let number = deal.header.number;
        let counts = partie::multiplier(number, self.length);
        // 19d: the game is decided first, as a deal that reaches the
        // target in the declarations stops there and scores what it has.
        if let Some(games) = &mut self.games {
            ruling.game = Some(games.stood(number, before, ruling, self.rules));
        }
        let scores = ruling.score.scores;
        let after = [0, 1].map(|p| before[p].saturating_add(scores[p].saturating_mul(counts)));
        self.totals = after;
        (ruling.before, ruling.after, ruling.counts) = (before, after, counts);
        self.fresh = None;
        if ruling.void {
            let out_of_turn = ruling.rulings.iter().any(|r| {
                r.irregularity == Irregularity::DealsOutOfTurn && r.penalty == Penalty::FreshDeal
            });
            self.fresh = ruling
                .dealer
                .map(|dealer| (number, if out_of_turn { dealer.other() } else { dealer }));
            return;
        }
        if let Some(deals) = self.rules.partie_deals(self.length) {
            self.own.stood(number, before, after, deals);
        }
        self.last_number = number;
        self.last_dealer = ruling.dealer;
        if let Some(player) = self.deals_twice(number, ruling.elder, &ruling.rulings) {
            ruling.notes.push(Note::DealsTwice(player));
        }
    }

    /// The totals before a deal: those carried from the deals before (from
    /// nothing at the start of a game, AC28), or those its `score` line
    /// states. A stated total that differs is taken as the players agreed
    /// it (law 70 puts right only errors in counting the hand, before the
    /// next hand is seen), unless the rule set puts right errors in adding
    /// up during the game (AC27): then, where the deal follows the last
    /// one ruled, the deals prove the error and the carried totals stand.
    fn before(&mut self, deal: &Deal, ruling: &mut DealRuling) -> [u32; 2] {
        let carried = self
            .games
            .as_ref()
            .map_or(self.totals, |games| games.carried());
        let Some(line) = &deal.header.score else {
            return carried;
        };
        let mut stated = carried;
        for (player, points) in &line.value {
            stated[player.index()] = *points;
        }
        if stated == carried || self.last_number == 0 {
            return stated;
        }
        let proved = deal.header.number == self.last_number + 1;
        if self.rules.adding_up == AddingUp::DuringTheGame && proved {
            ruling.rulings.push(Ruling {
                irregularity: Irregularity::AddsUpWrong { stated, carried },
                offender: None,
                laws: self.rules.cite.adding_up,
                penalty: Penalty::None,
                span: Some(line.span),
                analogy: None,
            });
            return carried;
        }
        ruling.notes.push(Note::ScoreLineDiffers { carried });
        stated
    }

    /// Law 16: "The players deal alternately." Whether this deal's dealer
    /// is not the one whose turn it is: the other of the last dealer, or
    /// the elder of an earlier deal out of turn who must deal twice running.
    fn out_of_turn(&self, number: u32, dealer: Option<PlayerId>) -> bool {
        // A void deal is dealt afresh under its number by the same dealer,
        // or by the other where it was void for being dealt out of turn.
        if let (Some(dealer), Some((void, due))) = (dealer, self.fresh) {
            if void == number {
                return dealer != due;
            }
        }
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
    /// last of the partie." Returns who deals the deal after next. AC5:
    /// "If not discovered before taking up the hand, there is no remedy":
    /// nobody deals twice.
    fn deals_twice(
        &mut self,
        number: u32,
        elder: PlayerId,
        rulings: &[Ruling],
    ) -> Option<PlayerId> {
        let stood = rulings.iter().any(|r| {
            r.irregularity == Irregularity::DealsOutOfTurn && r.penalty == Penalty::DealStands
        });
        // A partie played in games has no fixed last deal: the deal is the
        // last where it decided the partie.
        let last = match self.rules.partie_deals(self.length) {
            Some(last) => number + 1 >= last,
            None => self.standing().complete,
        };
        if !stood || last || !self.rules.exchange_rules.out_of_turn.deals_twice() {
            return None;
        }
        self.twice = Some((number + 2, elder));
        Some(elder)
    }

    /// The partie as it stands.
    pub fn standing(&self) -> Standing {
        if let Some(games) = &self.games {
            return games.standing(self.totals);
        }
        partie::standing(
            self.totals,
            self.last_number,
            self.own,
            self.length,
            self.rules,
        )
    }
}

/// The first player to act in a deal with no dealer line.
fn first_actor(deal: &Deal) -> Option<PlayerId> {
    deal.events.iter().find_map(|e| match &e.event {
        Event::Act { player, .. } => Some(*player),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::rule;
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

    /// A deal ruled into the last deal's ruling, its lists used again, is
    /// ruled as a deal ruled afresh: every deal of the project's
    /// transcripts and of 300 generated deals under each rule set, each one
    /// into the ruling of the one before.
    #[test]
    fn a_deal_ruled_into_the_last_ruling_is_ruled_afresh() {
        let mut texts: Vec<(String, Vec<u8>)> = crate::testing::project_transcripts()
            .into_iter()
            .map(|path| {
                (
                    path.display().to_string(),
                    std::fs::read(&path).expect("a fixture"),
                )
            })
            .collect();
        for rules in crate::Rules::ALL {
            if let Some(set) = RuleSet::of(rules) {
                let mut text = Vec::new();
                let agreed = Agreements::default();
                crate::generate::write(&mut text, 300, 11, set, agreed).expect("in memory");
                texts.push((rules.name().to_string(), text));
            }
        }
        let mut ruled = 0;
        for (path, bytes) in texts {
            // Some fixtures are not UTF-8 on purpose: read as the reader reads bytes.
            let transcript = crate::notation::read(&bytes).transcript;
            let (Ok(mut fresh), Ok(mut again)) =
                (Referee::new(&transcript), Referee::new(&transcript))
            else {
                continue;
            };
            let mut ruling = DealRuling::default();
            for deal in &transcript.deals {
                again.deal_into(deal, &mut ruling);
                let afresh = fresh.deal(deal);
                assert_eq!(format!("{ruling:?}"), format!("{afresh:?}"), "{path:?}");
                ruled += 1;
            }
        }
        assert!(ruled > 2_000, "{ruled}");
    }
}
