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
    /// turn (59.III). A card played too many to a set (59.II) or played in
    /// error when able to follow suit (59.IV) goes back to the hand, and
    /// the cards played after it are taken up to be played again
    /// (see `replay.rs`). A card already taken up with them is in the
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
                self.retake_refused = Some(player);
            }
        }
    }

    /// Takes a card from a hand for play. A card the transcript does not
    /// give the player is a ruling on the transcript: it goes to the trick
    /// as written, but is not counted among the cards he held, so his
    /// declarations are weighed on the cards he had.
    #[inline]
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

    /// AC12: the suit called from a player who saw the cards left against
    /// the younger's election binds his next lead; leading another suit,
    /// while he holds the one called, is ruled.
    fn lead_called_suit(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        let Some((offender, suit)) = self.conduct.called_suit else {
            return;
        };
        if offender != player {
            return;
        }
        self.conduct.called_suit = None;
        let holds = self.hands[player.index()].iter().any(|c| c.suit == suit);
        if let Some(&led) = cards.first().filter(|c| c.suit != suit && holds) {
            self.rule(
                Irregularity::LeadsAgainstCalledSuit { called: suit, led },
                Some(player),
                &["AC12"],
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// 9e: "the dealer must make sure the elder hand keeps to his word": the
    /// elder who named the suit of his first card and leads another,
    /// holding the one named, is ruled (the French rules give no penalty).
    fn lead_named_suit(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        if player != self.elder {
            return;
        }
        let Some(named) = self.conduct.named_suit.take() else {
            return;
        };
        let holds = self.hands[player.index()].iter().any(|c| c.suit == named);
        if let Some(&led) = cards.first().filter(|c| c.suit != named && holds) {
            self.rule(
                Irregularity::LeadsAgainstNamedSuit { named, led },
                Some(player),
                &["9e"],
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Law 59.III: a lead by the player not to lead is a lead out of turn;
    /// but not once the player to lead has no card left, when his
    /// adversary's cards cannot be played to (laws 30, 57).
    pub(super) fn lead(&mut self, player: PlayerId, cards: &[Card], span: Span) {
        self.lead_called_suit(player, cards, span);
        self.lead_named_suit(player, cards, span);
        let leader = self.pending.front().map_or(self.to_lead, |(p, _)| *p);
        let in_turn = player == leader || self.hand_len(leader) == 0;
        for &card in cards {
            // Written again, a card already led and lying on the table.
            if self.pending.contains(&(player, card)) {
                continue;
            }
            if !in_turn {
                self.rule(
                    Irregularity::LeadsOutOfTurn { card },
                    Some(player),
                    &["59.III"],
                    // Settled once the deal is played: `settle_leads_out_of_turn`.
                    Penalty::Stands,
                    Some(span),
                );
                // The trick this card leads if it is played to.
                let trick = self.tricks.len() + self.pending.len();
                self.out_of_turn.push((span, card, trick));
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
        if let [played] = rest {
            if self.plain_trick(index, led, *played) {
                return;
            }
        }
        let number = usize::from(trick.number);
        if self.replay_due.is_some() && (1..=self.tricks.len()).contains(&number) {
            self.play_again_from(trick.number, span);
        }
        let leader = self
            .pending
            .iter()
            .find(|(_, card)| *card == led)
            .map_or_else(|| self.lead_not_played_to(led, rest), |(p, _)| *p);
        self.lead(leader, &[led], span);
        if !rest.is_empty() {
            self.play(index, leader.other(), rest, span);
        }
    }

    /// A trick of a `play` line with nothing to rule on, taken at once: no
    /// replay due, no card lying led, no suit called or named for the lead
    /// (AC12, 9e), the player to lead holding the card led and his
    /// adversary the card played, which follows suit or is played with
    /// none of the suit led left (law 59.IV). The higher card of the suit
    /// led wins (law 65). It comes to what [`Table::lead`] and
    /// [`Table::play`] make of it, without their cases; any other trick
    /// is left to them (false).
    fn plain_trick(&mut self, index: usize, led: Card, played: Card) -> bool {
        let leader = self.to_lead;
        let other = leader.other();
        let (l, o) = (leader.index(), other.index());
        let plain = self.replay_due.is_none()
            && self.pending.is_empty()
            && self.conduct.called_suit.is_none()
            && self.conduct.named_suit.is_none()
            && self.hands[l].contains(led)
            && self.hands[o].contains(played)
            && (played.suit == led.suit || self.hands[o].suit(led.suit).is_empty());
        if !plain {
            return false;
        }
        self.hands[l].remove(led);
        self.played[l].insert(led);
        self.hands[o].remove(played);
        self.played[o].insert(played);
        let winner = winner(leader, led, played);
        self.trick_played = true;
        self.tricks.push(PlayedTrick {
            leader,
            led,
            played,
            winner,
            event: index,
        });
        self.to_lead = winner;
        true
    }

    /// Who leads the card of a trick: the player to lead; but a trick of
    /// one card that he cannot have led, having no card left, while his
    /// adversary holds it, is the adversary's card that cannot be played
    /// to (laws 30, 57: `play 12. 8D` after the short player's last card;
    /// Case XIX's thirteenth card).
    fn lead_not_played_to(&self, led: Card, rest: &[Card]) -> PlayerId {
        let leader = self.to_lead;
        let other = leader.other();
        let theirs = rest.is_empty()
            && self.hand_len(leader) == 0
            && self.hands[other.index()].contains(led);
        if theirs {
            other
        } else {
            leader
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
                // Played to where it lay: the trick it led is in the tricks
                // (a card taken up and led again later, in turn, is not).
                let played_to = self.out_of_turn.iter().any(|&(span, c, trick)| {
                    Some(span) == ruling.span
                        && c == *card
                        && self.tricks.get(trick).is_some_and(|t| t.led == *card)
                });
                ruling.penalty = if played_to {
                    Penalty::Stands
                } else {
                    Penalty::TakenUp
                };
            }
        }
    }

    /// Whether the play is over: twelve tricks, or a player with no card
    /// left to lead or to play to his adversary's lead (laws 30, 57).
    pub fn play_finished(&self, rules: &RuleSet) -> bool {
        self.tricks.len() >= rules.hand
            || (self.phase == Phase::Play && self.cannot_be_played_to().iter().any(|n| *n > 0))
            || (self.phase == Phase::Play
                && self.pending.is_empty()
                && PlayerId::BOTH.iter().any(|p| self.hand_len(*p) == 0))
    }
}

/// Law 65: the higher card of the suit led wins the trick; a card of
/// another suit does not.
pub(super) fn winner(leader: PlayerId, led: Card, played: Card) -> PlayerId {
    if played.suit == led.suit && played.rank > led.rank {
        leader.other()
    } else {
        leader
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::PlayerId;
    use crate::ruling::Irregularity;

    /// The rest of the notation deal: B, who discarded four, takes three,
    /// and plays with eleven cards. After the exchange A holds AD AC KC QC
    /// 10C 8C 7C AH 9H QD 10D 9S; B holds KS QS JS 10S 8S 7S 8H 7H JD 9D 7D.
    const DEAL: &str = concat!(
        "B takes 3\n",
        "play 1. AC 7S 2. KC 8S 3. QC 10S 4. 10C JS 5. 8C QS 6. 7C KS\n",
        "play 7. AH 7H 8. AD 7D 9. QD 9D 10. 9H 8H 11. 10D JD\n"
    );

    /// Laws 30, 57: B wins the eleventh trick with his last card; A's nine
    /// of spades cannot be played to. (How it is written, whether it is
    /// ruled a card not held or a lead out of turn, and A's card lies led.)
    #[test]
    fn a_card_that_cannot_be_played_to_is_the_adversarys_lead() {
        let table = [
            ("play 12. 9S\n", false, true),
            ("A leads 9S\n", false, true),
            ("", false, false),
        ];
        for (lines, ruled, led) in table {
            let t = super::super::after_lines(&format!("{}{DEAL}{lines}", super::super::DOCS_DEAL));
            assert_eq!(t.tricks.len(), 11, "{lines}");
            let irregular = t.rulings.iter().any(|r| {
                matches!(
                    r.irregularity,
                    Irregularity::NotHeld { .. } | Irregularity::LeadsOutOfTurn { .. }
                )
            });
            assert_eq!(irregular, ruled, "{lines}: {:?}", t.rulings);
            let lies = t
                .pending
                .iter()
                .any(|(p, c)| *p == PlayerId(0) && c.to_string() == "9S");
            assert_eq!(lies, led, "{lines}");
        }
    }

    /// A plain trick taken at once (`plain_trick`) against the same trick
    /// led and played to by `lead` and `play` (the reference): after the
    /// notation deal's exchange, A to lead; (A's card, B's card, taken at
    /// once). A revoke, or a card not held, is left to `lead` and `play`.
    #[test]
    fn a_plain_trick_is_as_led_and_played() {
        use crate::cards::Card;
        let card = |s: &str| s.parse::<Card>().expect("a card");
        let start = super::super::after_lines(&format!("{}B takes 3\n", super::super::DOCS_DEAL));
        let table = [
            ("AC", "7S", true),
            ("9S", "JS", true),
            ("AH", "7H", true),
            ("AH", "7S", false),
            ("AC", "AS", false),
            ("KS", "7S", false),
        ];
        for (led, played, plain) in table {
            let (led, played) = (card(led), card(played));
            let mut fast = start.clone();
            assert_eq!(fast.plain_trick(3, led, played), plain, "{led} {played}");
            if !plain {
                continue;
            }
            let mut slow = start.clone();
            let (leader, span) = (slow.to_lead, crate::notation::Span::default());
            slow.lead(leader, &[led], span);
            slow.play(3, leader.other(), &[played], span);
            assert_eq!(fast.hands, slow.hands, "{led} {played}");
            assert_eq!(fast.played, slow.played, "{led} {played}");
            assert_eq!(fast.tricks, slow.tricks, "{led} {played}");
            assert_eq!(fast.to_lead, slow.to_lead, "{led} {played}");
            assert_eq!(fast.rulings, slow.rulings, "{led} {played}");
            assert_eq!(fast.pending, slow.pending, "{led} {played}");
            assert_eq!(fast.trick_played, slow.trick_played, "{led} {played}");
        }
    }
}
