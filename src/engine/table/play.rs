//! The play on the table: cards led and played to (laws 59, 65), retaken
//! (law 59), and led out of turn (law 59.III).

use crate::cards::Card;
use crate::notation::{Place, PlaceKind, PlayerId, Span, Trick};
use crate::ruling::{Irregularity, Penalty};

use super::{trick_number, Phase, PlayedTrick, Replay, Table};
use crate::engine::ruleset::RuleSet;

impl Table {
    /// Law 59: "A card once led or played cannot be taken up, except as
    /// provided in Law 52, and as follows". A card dropped (59.I) goes back
    /// freely. A card led and not yet played to may be taken back (Case XI:
    /// "prior to that A can rectify his error"); so may a card led out of
    /// turn (59.III). A card played too many to a set (59.II) or played in
    /// error when able to follow suit (59.IV) goes back to the hand, and
    /// the cards played after it are taken up to be played again
    /// ([`Table::put_right`]). A card already taken up with them is in the
    /// hand again. Any other card played to a trick stands.
    pub(super) fn retake(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let p = player.index();
        for &card in cards {
            if self.dropped[p].remove(card) || self.hands[p].contains(card) {
                continue;
            }
            if let Some(at) = self
                .pending
                .iter()
                .position(|&(q, c)| q == player && c == card)
            {
                self.pending.remove(at);
                self.played[p].remove(card);
                self.hands[p].insert(card);
                continue;
            }
            if self.put_right(player, card, span) {
                continue;
            }
            let stands = self.tricks.iter().any(|t| {
                (t.leader == player && t.led == card) || (t.leader != player && t.played == card)
            });
            if stands {
                self.rule(
                    Irregularity::RetakesTooLate { card },
                    Some(player),
                    &["59"],
                    Penalty::Stands,
                    Some(span),
                );
            }
        }
    }

    /// Laws 59.II and 59.IV: a card retaken to put an error right.
    ///
    /// 59.II: the adversary who played too many cards to a set "may, on
    /// discovery of the error, retake the extra card or cards. All cards
    /// subsequently played in error must be taken up and played over
    /// again." He may retake any card he played to the set (Case X: "B
    /// retaking one of the cards he played to the quint major"): the extra
    /// card then stands in its trick.
    ///
    /// 59.IV: a player who did not follow suit when able "must, when the
    /// error is detected, retake any cards played in error, and substitute
    /// the suit led. The players also retake all cards played after the
    /// mistake": the card led stays on the table, to be played to again.
    ///
    /// Returns whether the card was one of these.
    fn put_right(&mut self, player: PlayerId, card: Card, span: Span) -> bool {
        let p = player.index();
        let extra = self.extra.iter().position(|&(q, _, _)| q == player);
        if let Some(at) = extra {
            let (_, loose, from) = self.extra[at];
            let in_set = self.tricks[..usize::from(from).saturating_sub(1).min(self.tricks.len())]
                .iter()
                .position(|t| t.leader != player && t.played == card);
            if loose == card || in_set.is_some() {
                self.extra.remove(at);
                if let Some(t) = in_set {
                    // The extra card takes the place of the card retaken.
                    let trick = &mut self.tricks[t];
                    trick.played = loose;
                    trick.winner = winner(trick.leader, trick.led, loose);
                }
                self.played[p].remove(card);
                self.hands[p].insert(card);
                self.play_again_from(from, span);
                return true;
            }
        }
        let revoked = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(
                    r.irregularity,
                    Irregularity::Revoke { card: c, .. } | Irregularity::RenouncedInLeftSuit { card: c, .. } if c == card
                )
        });
        let Some(t) = self
            .tricks
            .iter()
            .position(|t| t.leader != player && t.played == card)
            .filter(|_| revoked)
        else {
            return false;
        };
        self.play_again_from(trick_number(t + 2), span);
        // Only the trick of the error is left after those taken up.
        if let Some(trick) = self.tricks.pop() {
            self.played[p].remove(card);
            self.hands[p].insert(card);
            self.pending.push_front((trick.leader, trick.led));
            self.to_lead = trick.leader;
        }
        if let Some(replay) = self.replays.last_mut() {
            replay.from = trick_number(t + 1);
            replay.stood = t;
        }
        true
    }

    /// Laws 59.II, 59.IV, 59.V and Case XVIII: the cards from this trick
    /// on are taken up, each to the hand of the player who played it, and
    /// played over again: the cards led and not yet played to, and a card
    /// played too many to a set, go back too. A surplus card of the other
    /// pack is removed, not returned. The tricks before it stand, and the
    /// winner of the last of them leads.
    pub(super) fn play_again_from(&mut self, from: u8, span: Span) {
        let keep = usize::from(from).saturating_sub(1).min(self.tricks.len());
        let mut back: Vec<(PlayerId, Card)> = Vec::with_capacity(26);
        for trick in self.tricks.drain(keep..) {
            back.push((trick.leader, trick.led));
            back.push((trick.leader.other(), trick.played));
        }
        back.extend(self.pending.drain(..));
        back.extend(self.extra.drain(..).map(|(p, card, _)| (p, card)));
        let nothing = back.is_empty();
        for (player, card) in back {
            let p = player.index();
            if self.played[p].remove(card) && !self.removed[p].contains(card) {
                self.hands[p].insert(card);
            }
        }
        self.to_lead = self.tricks.last().map_or(self.elder, |t| t.winner);
        self.replay_due = None;
        // A `replay` line after the cards were retaken and taken up, with no
        // card played since, writes down the same replay.
        let same = self.replays.last().is_some_and(|last| {
            last.from <= from && last.stood == self.tricks.len() && self.pending.is_empty()
        });
        if nothing && same {
            return;
        }
        self.replays.push(Replay {
            from: from.max(1),
            span,
            stood: self.tricks.len(),
        });
    }

    /// The cards are to be played again from this trick, where known (an
    /// error ruled that calls for it, or a claim).
    pub(super) fn replay_due(&mut self, from: Option<u8>) {
        let known = match (self.replay_due.flatten(), from) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.replay_due = Some(known);
    }

    /// Law 59: once the cards are to be played again, a card led or played
    /// that lies in a trick standing, from the trick the replay is due
    /// from, is that card played again: the cards are taken up from that
    /// trick first (from the card's own trick where the claim named none).
    pub(super) fn played_again(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let Some(due) = self.replay_due else {
            return;
        };
        let Some(trick) = self.tricks.iter().position(|t| {
            cards.iter().any(|&card| {
                (t.leader == player && t.led == card) || (t.leader != player && t.played == card)
            })
        }) else {
            return;
        };
        let from = due.unwrap_or(trick_number(trick + 1));
        if usize::from(from) <= trick + 1 {
            self.play_again_from(from, span);
        }
    }

    /// Case XVIII: "If the surplus card has been played prior to the
    /// discovery of the error, the hands must be taken up and played over
    /// again, the surplus card being first removed." A card of the other
    /// pack found in the hand of a player who has played it, or among a
    /// player's tricks: the player who played it is the offender (among
    /// the tricks, the one who played it to a trick that player won).
    /// Returns whether the card was played.
    pub(super) fn surplus_played(&mut self, card: Card, place: Place, span: Span) -> bool {
        let player = match (place.kind, place.owner) {
            (PlaceKind::Hand, Some(owner)) => {
                Some(owner).filter(|p| self.played[p.index()].contains(card))
            }
            (PlaceKind::Tricks, owner) => self
                .tricks
                .iter()
                .filter(|t| owner.is_none_or(|o| t.winner == o))
                .find_map(|t| {
                    if t.led == card {
                        Some(t.leader)
                    } else {
                        (t.played == card).then(|| t.leader.other())
                    }
                }),
            _ => None,
        };
        let Some(player) = player else {
            return false;
        };
        self.removed[player.index()].insert(card);
        self.rule(
            Irregularity::SurplusCardPlayed { card },
            Some(player),
            &["75"],
            Penalty::PlayAgainFrom(1),
            Some(span),
        );
        true
    }

    /// Takes a card from a hand for play. A card the transcript does not
    /// give the player is a ruling on the transcript: it goes to the trick
    /// as written, but is not counted among the cards he held, so his
    /// declarations are weighed on the cards he had.
    pub(super) fn take_from_hand(&mut self, player: PlayerId, card: Card, span: Span) {
        let p = player.index();
        if self.hands[p].remove(card) {
        } else if self.unknown[p] > 0 && !self.elsewhere(card) {
            self.unknown[p] -= 1;
        } else {
            self.rule(
                Irregularity::NotHeld { card },
                Some(player),
                &["59"],
                Penalty::TranscriptInError,
                Some(span),
            );
            self.known = false;
            return;
        }
        self.played[p].insert(card);
    }

    /// Law 58: "If a player play with more than twelve cards in hand, he can
    /// reckon nothing that deal; but his cards, though not good to score,
    /// are good to bar his adversary." Judged as the play begins.
    pub(super) fn start_play(&mut self, span: Span, rules: &RuleSet) {
        if self.phase == Phase::Play {
            return;
        }
        self.phase = Phase::Play;
        for player in PlayerId::BOTH {
            self.too_many(player, span, rules);
        }
    }

    /// Law 59.III: a lead by the player not to lead is a lead out of turn.
    pub(super) fn lead(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let leader = self.pending.front().map_or(self.to_lead, |(p, _)| *p);
        for &card in cards {
            // Written again, a card already led and lying on the table.
            if self.pending.contains(&(player, card)) {
                continue;
            }
            if player != leader {
                self.rule(
                    Irregularity::LeadsOutOfTurn { card },
                    Some(player),
                    &["59.III"],
                    // Settled once the deal is played: `settle_leads_out_of_turn`.
                    Penalty::Stands,
                    Some(span),
                );
            }
            self.take_from_hand(player, card, span);
            self.pending.push_back((player, card));
        }
    }

    /// Law 65 and 59.IV: a card played to the card led; the higher card of the suit led wins.
    pub(super) fn play(&mut self, index: usize, player: PlayerId, cards: &[Card], span: Span) {
        for (i, &card) in cards.iter().enumerate() {
            let Some(&(leader, led)) = self.pending.front() else {
                if i > 0 && player != self.to_lead {
                    // Law 59.II: the adversary plays too many cards to the
                    // leader's several; he "may, on discovery of the error,
                    // retake the extra card or cards. All cards subsequently
                    // played in error must be taken up and played over again."
                    self.rule(
                        Irregularity::PlaysTooMany { card },
                        Some(player),
                        &["59.II"],
                        Penalty::PlayAgainFrom(trick_number(self.tricks.len() + 1)),
                        Some(span),
                    );
                    // Until he retakes it, the card lies played to no trick.
                    self.take_from_hand(player, card, span);
                    let from = trick_number(self.tricks.len() + 1);
                    self.extra.push((player, card, from));
                } else {
                    // A card played with none led to it is a lead, in turn or not.
                    self.lead(player, &[card], span);
                }
                continue;
            };
            if leader == player {
                // Playing to one's own lead: read as a further lead.
                self.lead(player, &[card], span);
                continue;
            }
            self.pending.pop_front();
            let hand = self.hands[player.index()];
            if card.suit != led.suit && !hand.suit(led.suit).is_empty() {
                self.rule(
                    Irregularity::Revoke { card, led },
                    Some(player),
                    &["59.IV"],
                    Penalty::PlayAgainFrom(trick_number(self.tricks.len() + 1)),
                    Some(span),
                );
            }
            self.take_from_hand(player, card, span);
            let winner = winner(leader, led, card);
            self.trick_played = true;
            self.tricks.push(PlayedTrick {
                leader,
                led,
                played: card,
                winner,
                event: index,
            });
            self.to_lead = winner;
            if winner != leader {
                self.take_back_leads(leader, span);
            }
        }
    }

    /// Law 59.II: cards led on after a trick the leader lost are taken up and played over again.
    pub(super) fn take_back_leads(&mut self, leader: PlayerId, span: Span) {
        while let Some((p, card)) = self.pending.pop_front() {
            self.played[p.index()].remove(card);
            self.hands[p.index()].insert(card);
            self.rule(
                Irregularity::LeadsOutOfTurn { card },
                Some(leader),
                &["59.II"],
                Penalty::None,
                Some(span),
            );
        }
    }

    /// A trick of a `play` line: the leader's card, then the other's.
    ///
    /// Law 59: once the cards are to be played again (an error ruled that
    /// calls for it, or a revoke or replay claimed), a trick numbered as
    /// one already played is that trick played again: the cards from it on
    /// are taken up first. A card led that lies on the table still (the
    /// card led to a trick whose wrong card was retaken) is not led twice.
    pub(super) fn compact_trick(&mut self, index: usize, trick: &Trick, span: Span) {
        let Some((&led, rest)) = trick.cards.split_first() else {
            return;
        };
        let number = usize::from(trick.number);
        if self.replay_due.is_some() && (1..=self.tricks.len()).contains(&number) {
            self.play_again_from(trick.number, span);
        }
        let leader = self
            .pending
            .iter()
            .find(|(_, card)| *card == led)
            .map_or(self.to_lead, |(p, _)| *p);
        self.lead(leader, &[led], span);
        if !rest.is_empty() {
            self.play(index, leader.other(), rest, span);
        }
    }

    /// Law 59.III: "If a player lead out of turn, the card led may be taken
    /// up, unless the adversary have played to the trick, when the error
    /// cannot be rectified." Settled once the replay is over.
    pub fn settle_leads_out_of_turn(&mut self) {
        for ruling in &mut self.rulings {
            if let (Irregularity::LeadsOutOfTurn { card }, ["59.III"]) =
                (&ruling.irregularity, ruling.laws)
            {
                let played_to = self.tricks.iter().any(|t| t.led == *card);
                ruling.penalty = if played_to {
                    Penalty::Stands
                } else {
                    Penalty::TakenUp
                };
            }
        }
    }

    /// Whether the play is over: twelve tricks, or no card left to play.
    pub fn play_finished(&self, rules: &RuleSet) -> bool {
        self.tricks.len() >= rules.hand
            || (self.phase == Phase::Play
                && self.pending.is_empty()
                && PlayerId::BOTH.iter().any(|p| self.hand_len(*p) == 0))
    }
}

/// Law 65: the higher card of the suit led wins the trick; a card of
/// another suit does not.
fn winner(leader: PlayerId, led: Card, played: Card) -> PlayerId {
    if played.suit == led.suit && played.rank > led.rank {
        leader.other()
    } else {
        leader
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::ruleset::PORTLAND;
    use crate::engine::table::Table;
    use crate::notation::{read_str, PlayerId};
    use crate::ruling::Irregularity;

    /// The deal of docs/notation.md, after the exchange. A holds AD KC QC
    /// 10C 8C 7C AC QD 10D AH 9H 9S; B holds KS QS JS 10S 8S 7S JD 9D 7D
    /// JH 8H 7H.
    const DEAL: &str = "[Players \"A B\"]\ndeal 1\ndealer B\n\
        hand A: 10D AS AC QD 10C 7C 8C 9H 9S AH KC QC\n\
        hand B: 8D JS 10S QS JC QH 7D 7H KH 7S JD 8S\n\
        stock: AD 9D KS 8H JH KD 9C 10H\n\
        A discards AS\nA takes 1\nB discards JC 8D QH KH\nB takes 4\n";

    /// The table after the deal and these lines.
    fn table_after(lines: &str) -> Table {
        let reading = read_str(&format!("{DEAL}{lines}"));
        assert!(reading.errors.is_empty(), "{:?}", reading.errors);
        let deal = &reading.transcript.deals[0];
        let mut table = Table::deal(deal, PlayerId(0), &PORTLAND);
        for (index, entry) in deal.events.iter().enumerate() {
            table.apply(index, &entry.event, entry.span, &PORTLAND);
        }
        table
    }

    /// The tricks standing, as `led played` pairs.
    fn tricks(table: &Table) -> String {
        let pairs: Vec<String> = table
            .tricks
            .iter()
            .map(|t| format!("{} {}", t.led, t.played))
            .collect();
        pairs.join(", ")
    }

    /// What a case is, the lines after the exchange, the tricks standing,
    /// the cards led and not played to, the first trick of each replay,
    /// and whether a card is ruled retaken too late.
    type Case = (
        &'static str,
        &'static str,
        &'static str,
        usize,
        &'static [u8],
        bool,
    );

    /// Law 59: which cards a retake or a replay takes up, and what stands.
    #[test]
    fn the_cards_taken_up_and_what_stands() {
        let cases: &[Case] = &[
            (
                "59.IV: a revoke retaken at once leaves the card led on the table",
                "play 1. QC JS\nA leads AD\nB plays 8H\nB retakes 8H\n",
                "QC JS",
                1,
                &[2],
                false,
            ),
            (
                "59.IV: the trick completed with the suit led",
                "play 1. QC JS\nA leads AD\nB plays 8H\nB retakes 8H\nB plays 7D\n",
                "QC JS, AD 7D",
                0,
                &[2],
                false,
            ),
            (
                "59.IV: the tricks after the revoke taken up with it",
                "play 1. QC JS 2. AD 8H 3. KC 8S 4. 7C QS\nB retakes 8H 8S QS\nA retakes KC\n",
                "QC JS",
                1,
                &[2],
                false,
            ),
            (
                "59: a card played to that was no error stands",
                "play 1. QC JS 2. AD 7D\nB retakes 7D\n",
                "QC JS, AD 7D",
                0,
                &[],
                true,
            ),
            (
                "a replay line takes up the tricks from its trick, the leads too",
                "play 1. QC JS 2. AD 7D 3. KC 8S\nA leads 7C\nreplay from trick 2\n",
                "QC JS",
                0,
                &[2],
                false,
            ),
            (
                "a replay from a trick not yet played takes up only what lies unplayed to",
                "play 1. QC JS\nA leads AD\nreplay from trick 9\n",
                "QC JS",
                0,
                &[9],
                false,
            ),
            (
                "59.II: the extra card retaken, the tricks after the set taken up",
                "A leads AC KC QC\nB plays JS QS KS 7D\nplay 4. 10C 8S\nB retakes 7D\n",
                "AC JS, KC QS, QC KS",
                0,
                &[4],
                false,
            ),
            (
                "59.II: a card of the set retaken, the extra card standing in its place",
                "A leads AC KC QC\nB plays JS QS KS 7D\nB retakes QS\n",
                "AC JS, KC 7D, QC KS",
                0,
                &[4],
                false,
            ),
            (
                "59.IV: the card led, written again after the wrong card is retaken, is led once",
                "play 1. QC JS\nA leads AD\nB plays 8H\nB retakes 8H\nplay 2. AD 7D\n",
                "QC JS, AD 7D",
                0,
                &[2],
                false,
            ),
            (
                "a revoke claimed: a trick numbered as one played is that trick played again",
                "play 1. QC JS 2. AD 8H 3. KC 8S\nA claims revoke\nplay 2. AD 7D\n",
                "QC JS, AD 7D",
                0,
                &[2],
                false,
            ),
            (
                "no replay due: a trick numbered again is read as written",
                "play 1. QC JS 2. AD 7D\nplay 2. KC 8S\n",
                "QC JS, AD 7D, KC 8S",
                0,
                &[],
                false,
            ),
            (
                "a replay claimed: a card of a trick standing led again takes up the play from the trick claimed",
                "play 1. QC JS 2. AD 7D 3. KC 8S\nB claims replay from trick 2\nA leads KC\n",
                "QC JS",
                1,
                &[2],
                false,
            ),
        ];
        for (what, lines, standing, pending, replays, too_late) in cases {
            let table = table_after(lines);
            assert_eq!(tricks(&table), *standing, "{what}");
            assert_eq!(table.pending.len(), *pending, "{what}");
            let from: Vec<u8> = table.replays.iter().map(|r| r.from).collect();
            assert_eq!(&from, replays, "{what}");
            let late = table
                .rulings
                .iter()
                .any(|r| matches!(r.irregularity, Irregularity::RetakesTooLate { .. }));
            assert_eq!(late, *too_late, "{what}");
            // Every card is in one place: hands, tricks or led.
            let held = table.hand_len(PlayerId(0)) + table.hand_len(PlayerId(1));
            assert_eq!(
                held + 2 * table.tricks.len() + table.pending.len(),
                24,
                "{what}"
            );
        }
    }
}
