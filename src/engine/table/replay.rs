//! The play played again (law 59.II, 59.IV, 59.V; Case XVIII): a card
//! retaken to put an error right, the cards after it taken up, and the
//! tricks as played again.

use crate::cards::Card;
use crate::notation::{Place, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty};

use super::play::winner;
use super::{trick_number, Replay, Table};

impl Table {
    /// Laws 59.II and 59.IV: a card retaken to put an error right. Returns
    /// whether the card was one.
    pub(super) fn put_right(&mut self, player: PlayerId, card: Card, span: Span) -> bool {
        self.retake_from_set(player, card, span) || self.retake_revoke(player, card, span)
    }

    /// Law 59.II: the adversary who played too many cards to a set "may,
    /// on discovery of the error, retake the extra card or cards. All
    /// cards subsequently played in error must be taken up and played over
    /// again." He may retake any card he played to the set (Case X: "B
    /// retaking one of the cards he played to the quint major"): an extra
    /// card then stands in its trick.
    fn retake_from_set(&mut self, player: PlayerId, card: Card, span: Span) -> bool {
        let p = player.index();
        let own = |&(q, _, _): &(PlayerId, Card, u8)| q == player;
        let (at, in_set) = match self.extra.iter().position(|e| own(e) && e.1 == card) {
            Some(at) => (at, None),
            None => {
                let Some(at) = self.extra.iter().position(own) else {
                    return false;
                };
                let set = usize::from(self.extra[at].2).saturating_sub(1);
                let standing = &self.tricks[..set.min(self.tricks.len())];
                let Some(t) = standing
                    .iter()
                    .position(|t| t.leader != player && t.played == card)
                else {
                    return false;
                };
                (at, Some(t))
            }
        };
        let (_, loose, from) = self.extra.remove(at);
        if let Some(t) = in_set {
            // The extra card takes the place of the card retaken.
            let trick = &mut self.tricks[t];
            trick.played = loose;
            trick.winner = winner(trick.leader, trick.led, loose);
        }
        self.played[p].remove(card);
        self.hands[p].insert(card);
        let after = self.take_up_from(from);
        self.record_replay(from, span, true, !after);
        true
    }

    /// Law 59.IV: a player who did not follow suit when able "must, when
    /// the error is detected, retake any cards played in error, and
    /// substitute the suit led. The players also retake all cards played
    /// after the mistake": the card led stays on the table, to be played
    /// to again. So too after a renounce in the suit of a card left by
    /// mistake and taken in late (Case XIII).
    fn retake_revoke(&mut self, player: PlayerId, card: Card, span: Span) -> bool {
        let revoked = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(
                    r.irregularity,
                    Irregularity::Revoke { card: c, .. } | Irregularity::RenouncedInLeftSuit { card: c, .. } if c == card
                )
        });
        let trick = self
            .tricks
            .iter()
            .position(|t| t.leader != player && t.played == card);
        let (true, Some(t)) = (revoked, trick) else {
            return false;
        };
        let after = self.take_up_from(trick_number(t + 2));
        // Only the trick of the error is left after those taken up.
        if let Some(trick) = self.tricks.pop() {
            let p = player.index();
            self.played[p].remove(card);
            self.hands[p].insert(card);
            self.pending.push_front((trick.leader, trick.led));
            self.to_lead = trick.leader;
        }
        self.record_replay(trick_number(t + 1), span, true, !after);
        true
    }

    /// Laws 59.II, 59.IV, 59.V and Case XVIII: the cards from this trick
    /// on are taken up and played over again (a `replay from trick N`
    /// line, or a retake that puts an error right).
    pub(super) fn play_again_from(&mut self, from: u8, span: Span) {
        let took_up = self.take_up_from(from);
        self.record_replay(from, span, took_up, false);
    }

    /// Takes up the cards from trick `from` on, each to the hand of the
    /// player who played it: with them the cards led and not yet played
    /// to, and the cards played too many to a set. A surplus card of the
    /// other pack is removed, not returned. The tricks before it stand, and
    /// the winner of the last of them leads. Returns whether any card was
    /// taken up.
    fn take_up_from(&mut self, from: u8) -> bool {
        let keep = usize::from(from).saturating_sub(1).min(self.tricks.len());
        let mut back: Vec<(PlayerId, Card)> = Vec::with_capacity(26);
        for trick in self.tricks.drain(keep..) {
            back.push((trick.leader, trick.led));
            back.push((trick.leader.other(), trick.played));
        }
        back.extend(self.pending.drain(..));
        back.extend(self.extra.drain(..).map(|(p, card, _)| (p, card)));
        let took_up = !back.is_empty();
        for (player, card) in back {
            let p = player.index();
            if self.played[p].remove(card) && !self.removed[p].contains(card) {
                self.hands[p].insert(card);
            }
        }
        self.to_lead = self.tricks.last().map_or(self.elder, |t| t.winner);
        took_up
    }

    /// Records that the play was taken up from this trick, unless it is a
    /// `replay` line that only writes down the replay just made (no card
    /// taken up, and none played since). `retaken_only`: only the card in
    /// error was retaken, no card having been played after it.
    fn record_replay(&mut self, from: u8, span: Span, took_up: bool, retaken_only: bool) {
        self.replay_due = None;
        let same = self.replays.last().is_some_and(|last| {
            last.from <= from && last.stood == self.tricks.len() && self.pending.is_empty()
        });
        if !took_up && same {
            return;
        }
        self.replays.push(Replay {
            from: from.max(1),
            span,
            stood: self.tricks.len(),
            retaken_only,
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
}

#[cfg(test)]
mod tests {
    use crate::engine::table::Table;
    use crate::notation::PlayerId;
    use crate::ruling::Irregularity;

    /// The rest of the notation deal: B takes four. After the exchange A
    /// holds AD KC QC 10C 8C 7C AC QD 10D AH 9H 9S; B holds KS QS JS 10S 8S
    /// 7S JD 9D 7D JH 8H 7H.
    const DEAL: &str = "B takes 4\n";

    /// The table after the deal and these lines.
    fn table_after(lines: &str) -> Table {
        super::super::after_lines(&format!("{}{DEAL}{lines}", super::super::DOCS_DEAL))
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
                "59.II: two cards too many, the second retaken",
                "A leads AC KC\nB plays JS QS 7D 9D\nB retakes 9D\n",
                "AC JS, KC QS",
                0,
                &[3],
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
