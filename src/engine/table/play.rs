//! The play on the table: cards led and played to (laws 59, 65), retaken
//! (law 59), and led out of turn (law 59.III).

use crate::cards::Card;
use crate::notation::{PlayerId, Span, Trick};
use crate::ruling::{Irregularity, Penalty};

use super::{trick_number, Phase, PlayedTrick, Table};
use crate::engine::ruleset::RuleSet;

impl Table {
    /// Law 59: "A card once led or played cannot be taken up, except as
    /// provided in Law 52, and as follows". A card dropped (59.I) goes back
    /// freely. A card led and not yet played to may be taken back (Case XI:
    /// "prior to that A can rectify his error"); so may a card led out of
    /// turn (59.III). Cards retaken to put right a revoke or too many cards
    /// played (59.II, 59.IV) are ruled where the error is. Any other card
    /// played to a trick stands.
    pub(super) fn retake(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let p = player.index();
        for &card in cards {
            if self.dropped[p].remove(card) {
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
            let put_right = self.rulings.iter().any(|r| {
                r.offender == Some(player)
                    && matches!(
                        r.irregularity,
                        Irregularity::Revoke { card: c, .. } | Irregularity::PlaysTooMany { card: c } if c == card
                    )
            });
            if put_right {
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
                self.retake_refused = Some(player);
            }
        }
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
            let winner = if card.suit == led.suit && card.rank > led.rank {
                player
            } else {
                leader
            };
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
    pub(super) fn compact_trick(&mut self, index: usize, trick: &Trick, span: Span) {
        let leader = self.to_lead;
        let Some((&led, rest)) = trick.cards.split_first() else {
            return;
        };
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
