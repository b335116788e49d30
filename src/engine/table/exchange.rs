//! The exchange on the table: discarding and taking in (laws 21-43), the
//! stock exposed, touched or taken from the wrong end (laws 27, 32, Case
//! XIV), cards that do not belong (Cases XVII, XVIII), and the wrong number
//! of cards held (laws 30, 40-43, 58).

use crate::cards::{Card, CardSet};
use crate::notation::{Cards, Place, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty};

use super::{trick_number, Exchange, Phase, Table};
use crate::engine::ruleset::RuleSet;

impl Table {
    /// Law 24: the exchange is over once calling or play has begun; an
    /// exchange after that is a ruling, and false is returned. The elder
    /// takes in first: the younger's taking in ends the elder's turn (his
    /// discard does not: he may put out his cards while the elder takes).
    pub(super) fn exchange_turn(
        &mut self,
        player: PlayerId,
        what: &'static str,
        span: Span,
        rules: &RuleSet,
    ) -> bool {
        if self.phase > Phase::Exchange {
            // Law 24: "After a player has taken up a card of the stock he
            // cannot alter his discard": the cards stay in his hand. Taking
            // in once the play has begun is not yet ruled.
            let (laws, penalty): (&'static [&'static str], _) = match what {
                "a discard" => (
                    rules.exchange_rules.discard_fixed.laws(),
                    Penalty::NoneStated,
                ),
                _ => (&["21", "22"], Penalty::NotYetRuled),
            };
            self.rule(
                Irregularity::OutOfOrder { what },
                Some(player),
                laws,
                penalty,
                Some(span),
            );
            return false;
        }
        if player != self.elder && what != "a discard" && !self.elder_takes_later() {
            self.finish_turn(self.elder, rules);
        }
        true
    }

    /// Whether the elder's own taking in is written after the line being
    /// replayed: the younger who takes in now takes in before him (law 29).
    fn elder_takes_later(&self) -> bool {
        !self.exchange[self.elder.index()].done && self.elder_takes.is_some_and(|i| i > self.now)
    }

    /// Laws 11, 32, Case V: a claim to alter the discard, made before he
    /// has taken a card of the stock, lets his next discard replace the
    /// first; whether the law gives it him is ruled with the deal (law 24
    /// refuses it after a card of the stock is taken up).
    ///
    /// AC8: after touching the stock, only where laws 11, 32 or 38 give it.
    pub(super) fn claim_to_alter(&mut self, player: PlayerId, rules: &RuleSet) {
        let p = player.index();
        let fixed = rules
            .exchange_rules
            .discard_fixed
            .fixed(self.touched[p], false)
            && !self.alter_excepted(player, rules);
        self.altering[p] = self.exchange[p].discarded > 0 && self.exchange[p].taken == 0 && !fixed;
    }

    /// AC8's exceptions, "as provided in Laws of Piquet 11, 32, and 38": the
    /// elder who finds a stock of seven (law 11); the younger who finds
    /// cards left undeclared, or declared late (law 32); a hand of eleven
    /// or thirteen announced, the stock counted (law 38).
    pub(super) fn alter_excepted(&self, player: PlayerId, rules: &RuleSet) -> bool {
        let seven = || {
            self.counts_dealt(rules)
                .is_some_and(|c| c.stock < rules.stock && c.elder == rules.hand)
        };
        let law_11 = player == self.elder && seven();
        let law_32 = player != self.elder && self.left_late_ruled;
        let law_38 = self.conduct.misdeal_announced();
        law_11 || law_32 || law_38
    }

    /// Whether a discard written after a claim to alter the first is the
    /// whole new discard: one that names a card of the first again, or gives
    /// a number. One that names only other cards adds them to the first.
    fn replaces_discard(&self, player: PlayerId, cards: &Cards) -> bool {
        match cards {
            Cards::List(list) => list
                .iter()
                .any(|c| self.discards[player.index()].contains(*c)),
            Cards::Count(_) => true,
        }
    }

    /// The first discard taken back into the hand, for the one that replaces it.
    fn take_back_discard(&mut self, player: PlayerId) {
        let p = player.index();
        let named = self.discards[p].len();
        let by_number = self.exchange[p].discarded.saturating_sub(named);
        self.unknown[p] += by_number.saturating_sub(self.unnamed_out[p]);
        self.unnamed_out[p] = 0;
        self.hands[p] = self.hands[p].or(self.discards[p]);
        self.discards[p] = CardSet::EMPTY;
        self.exchange[p].discarded = 0;
    }

    /// Laws 21, 22: the elder discards one to five; the younger at least one.
    pub(super) fn discard(&mut self, player: PlayerId, cards: &Cards, span: Span, rules: &RuleSet) {
        if !self.exchange_turn(player, "a discard", span, rules) {
            return;
        }
        let p = player.index();
        if std::mem::take(&mut self.altering[p]) && self.replaces_discard(player, cards) {
            self.take_back_discard(player);
        }
        match cards {
            Cards::List(list) => {
                for &card in list {
                    if self.hands[p].remove(card) {
                        self.discards[p].insert(card);
                    } else if self.unknown[p] > 0 {
                        self.unknown[p] -= 1;
                        self.discards[p].insert(card);
                    } else {
                        self.rule(
                            Irregularity::NotHeld { card },
                            Some(player),
                            &["21", "22"],
                            Penalty::TranscriptInError,
                            Some(span),
                        );
                    }
                }
                self.exchange[p].discarded += list.len();
            }
            Cards::Count(n) => {
                let n = usize::from(*n);
                // Unnamed cards go from those not known first; from a hand
                // known card by card, which ones went is not known.
                let from_unknown = n.min(self.unknown[p]);
                self.unknown[p] -= from_unknown;
                self.unnamed_out[p] += n - from_unknown;
                self.known = false;
                self.exchange[p].discarded += n;
            }
        }
    }

    /// Law 23: "the cards must be taken in order from the top of the stock."
    pub(super) fn take(&mut self, player: PlayerId, cards: &Cards, span: Span, rules: &RuleSet) {
        let p = player.index();
        let short = self.exchange[p].discarded > self.exchange[p].taken;
        if short && self.leaves[p].is_some() && self.exchange[p].taken > 0 {
            self.refuse_cards_left(player, cards, span);
            return;
        }
        if self.phase > Phase::Exchange && short {
            self.take_in_late(player, cards, span);
            return;
        }
        if self.takes_own_part_first(player, cards) {
            self.take_bottom(player, cards, span);
            return;
        }
        if !self.exchange_turn(player, "taking in", span, rules) {
            return;
        }
        match cards {
            Cards::Count(n) => self.take_from_top(player, usize::from(*n), span, rules),
            Cards::List(list) => {
                for &card in list {
                    self.check_part(player, card, span, rules);
                    let top = self.stock().first().copied();
                    let at = self.stock().iter().position(|c| *c == card);
                    // A card not named in the stock may be one of its unknown cards.
                    if at != Some(0) && (at.is_some() || self.stock_unknown == 0) {
                        // Law 23 states no penalty; the cards that are
                        // the adversary's are ruled by law 27.
                        self.rule(
                            Irregularity::NotFromTheTop { card, top },
                            Some(player),
                            rules.cite.take_from_top,
                            Penalty::NoneStated,
                            Some(span),
                        );
                    }
                    match at {
                        Some(0) => self.stock_top += 1,
                        Some(at) => {
                            self.stock.remove(self.stock_top + at);
                        }
                        None if self.stock_unknown > 0 => self.stock_unknown -= 1,
                        None => continue,
                    }
                    self.hands[player.index()].insert(card);
                    self.exchange[player.index()].taken += 1;
                }
                self.close_take(player, span, rules);
            }
        }
    }

    /// Case XIII: a player who took in fewer than he discarded may take in
    /// the card he left, "unless he has announced that he will leave a card,
    /// when he must play with eleven cards" (law 57). The elder's cards left
    /// are the younger's to take (law 34). The taking in is refused.
    fn refuse_cards_left(&mut self, player: PlayerId, cards: &Cards, span: Span) {
        let p = player.index();
        let wanted = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => list.len(),
        };
        let owed = self.exchange[p].discarded - self.exchange[p].taken;
        self.rule(
            Irregularity::TakesCardsDeclaredLeft {
                cards: wanted.min(owed),
            },
            Some(player),
            &["57"],
            Penalty::Refused,
            Some(span),
        );
    }

    /// Case XIII: a player who took in a card less than he discarded, and did
    /// not announce that he would leave it, "can take up the card he left on
    /// the table". If he has renounced in its suit since, law 59.IV applies:
    /// the play from that trick is played again.
    pub(super) fn take_in_late(&mut self, player: PlayerId, cards: &Cards, span: Span) {
        let p = player.index();
        let wanted = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => list.len(),
        };
        let owed = self.exchange[p].discarded - self.exchange[p].taken;
        for _ in 0..wanted.min(owed) {
            let Some(&card) = self.stock().first() else {
                break;
            };
            self.stock_top += 1;
            self.hands[p].insert(card);
            self.exchange[p].taken += 1;
            self.rule(
                Irregularity::TakesInLate { card },
                Some(player),
                &["59.IV"],
                Penalty::None,
                Some(span),
            );
            let renounced = self.tricks.iter().position(|t| {
                t.leader != player && t.led.suit == card.suit && t.played.suit != card.suit
            });
            if let Some(trick) = renounced {
                self.rule(
                    Irregularity::RenouncedInLeftSuit {
                        card: self.tricks[trick].played,
                        led: self.tricks[trick].led,
                    },
                    Some(player),
                    &["59.IV"],
                    Penalty::PlayAgainFrom(trick_number(trick + 1)),
                    Some(span),
                );
            }
        }
        if self.exchange[p].taken == self.exchange[p].discarded {
            self.no_longer_short(player);
        }
    }

    /// He no longer plays short: the ruling of laws 30 and 57 is withdrawn.
    pub(super) fn no_longer_short(&mut self, player: PlayerId) {
        self.rulings.retain(|r| {
            !(r.offender == Some(player)
                && matches!(r.irregularity, Irregularity::TakesFewerThanDiscarded { .. }))
        });
    }

    /// 4c: "If the elder hand discarded fewer than 5 cards, after
    /// completing his hand he secretly looks at the cards on top of the
    /// stock that he could have taken, and puts them back". A look at more
    /// than those sees the dealer's cards: ruled where the rule set says so
    /// (`LeftCards::elder_look_laws`), with no penalty written.
    pub(super) fn elder_looks(
        &mut self,
        player: PlayerId,
        cards: &Cards,
        span: Span,
        rules: &RuleSet,
    ) {
        let Some(laws) = rules.exchange_rules.left_cards.elder_look_laws() else {
            return;
        };
        let could = rules
            .elder_exchange
            .saturating_sub(self.exchange[player.index()].taken);
        let seen = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => {
                let his: Vec<Card> = self.stock().iter().take(could).copied().collect();
                let beyond = list.iter().any(|c| !his.contains(c));
                if beyond {
                    list.len().max(could + 1)
                } else {
                    list.len()
                }
            }
        };
        if seen > could {
            self.rule(
                Irregularity::SeesBeyondHisCards { seen, could },
                Some(player),
                laws,
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Law 27: "If the elder hand, when taking in, or when looking at cards
    /// he has left, expose ... any of the bottom three cards of the stock
    /// ..., he can reckon nothing that deal. And similarly, if the younger
    /// hand, when taking in, expose ... any of the top five cards of the
    /// stock (not being cards declared to be left by the elder hand), he can
    /// reckon nothing that deal." An exposure the law does not reach is
    /// left uninterpreted.
    pub(super) fn expose_stock(
        &mut self,
        index: usize,
        player: PlayerId,
        cards: &Cards,
        span: Span,
    ) {
        let elder_done =
            self.exchange[self.elder.index()].done || self.leaves[self.elder.index()].is_some();
        let exposed: Vec<Card> = match cards {
            Cards::List(list) => list.to_vec(),
            Cards::Count(_) => Vec::new(),
        };
        if player == self.elder {
            let theirs = exposed.iter().any(|c| self.younger_part.contains(*c))
                || matches!(cards, Cards::Count(n) if *n > 0);
            if theirs {
                self.rule_younger_part(player, span);
                return;
            }
        } else if !elder_done {
            self.rule_younger_part(player, span);
            return;
        }
        self.uninterpreted.push(index);
    }

    /// Law 32: "If the elder hand do not take all his cards, he must declare
    /// the number he takes or leaves before taking up a card of the stock.
    /// If he fail to do so, and the younger hand, on touching the stock (but
    /// before taking up a card of it), find that it contains more than three
    /// cards, he is entitled to alter his discard, and to take in the card or
    /// cards left." Touching the stock is no exchange of his own.
    pub(super) fn touch_stock(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        let elder = self.elder;
        let younger_part = rules.stock - rules.elder_exchange;
        let found = self.stock_len();
        if player != elder
            && self.exchange[elder.index()].done
            && (self.leaves[elder.index()].is_none() || self.left_late)
            && self.exchange[player.index()].taken == 0
            && !self.rulings.iter().any(|r| {
                matches!(
                    r.irregularity,
                    Irregularity::LeavesTooLate { .. } | Irregularity::LeavesAfterTouchingStock
                )
            })
            && found > younger_part
        {
            self.left_late_ruled = true;
            self.rule(
                Irregularity::LeavesUndeclared { found },
                Some(elder),
                rules.exchange_rules.leaving_declared.laws(),
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Case XIV: the younger takes up cards from the bottom of the stock
    /// before the elder has taken in. They are his own, but the elder may
    /// still leave cards, which the younger must then take as well (law 23:
    /// in order from the top, "including cards left by the elder hand").
    pub(super) fn take_bottom(&mut self, player: PlayerId, cards: &Cards, span: Span) {
        let p = player.index();
        self.exchange[p].span = span;
        let n = match cards {
            Cards::Count(n) => usize::from(*n),
            Cards::List(list) => {
                // Named: those cards, wherever they lie below the elder's.
                for &card in list {
                    if let Some(at) = self.stock().iter().position(|c| *c == card) {
                        self.stock.remove(self.stock_top + at);
                        self.hands[p].insert(card);
                        self.exchange[p].taken += 1;
                    }
                }
                self.took_early = true;
                return;
            }
        };
        for _ in 0..n {
            if self.stock.len() > self.stock_top {
                if let Some(card) = self.stock.pop() {
                    self.hands[p].insert(card);
                }
            } else if self.stock_unknown > 0 {
                self.stock_unknown -= 1;
                self.unknown[p] += 1;
            }
            self.exchange[p].taken += 1;
        }
        self.took_early = true;
    }

    /// Case XIV: the younger who names for his taking in only cards of his
    /// own part (the bottom three), before the elder has taken in, takes
    /// them up from the bottom: not a taking out of order (law 23), nor the
    /// elder's cards (law 29).
    fn takes_own_part_first(&self, player: PlayerId, cards: &Cards) -> bool {
        let elder = self.elder.index();
        let before_elder = !self.exchange[elder].done
            && (self.elder_takes_later() || self.exchange[elder].discarded == 0);
        let Cards::List(list) = cards else {
            return false;
        };
        player != self.elder
            && before_elder
            && !list.is_empty()
            && list
                .iter()
                .all(|c| self.younger_part.contains(*c) && self.stock().contains(c))
    }

    /// Case XIV: at the end of the exchange, a younger hand who took in
    /// before the elder declared the cards he leaves "cannot alter his
    /// discard" (law 24); "as in taking in he is obliged to take the cards
    /// in order from the top of the stock, including cards left by the elder
    /// hand" (law 23), "he must take the card left by A, must play with
    /// thirteen cards, and can reckon nothing that deal" (law 58).
    pub fn settle_early_take(&mut self, rules: &RuleSet) {
        if !self.took_early || self.phase != Phase::Exchange {
            return;
        }
        let elder = self.elder;
        self.finish_turn(elder, rules);
        let younger = elder.other();
        let p = younger.index();
        let left = self.stock_len();
        if left > 0 {
            let span = self.exchange[p].span;
            for _ in 0..self.stock().len() {
                let card = self.stock[self.stock_top];
                self.stock_top += 1;
                self.hands[p].insert(card);
            }
            self.unknown[p] += self.stock_unknown;
            self.stock_unknown = 0;
            self.exchange[p].taken += left;
            self.exchange[p].done = true;
            // Law 34: he is entitled to them; only those beyond his discard
            // leave him with too many.
            let Exchange {
                discarded, taken, ..
            } = self.exchange[p];
            let (shift, _) = self.standing_wrong_deal(younger, rules);
            let held = (rules.hand + taken)
                .saturating_add_signed(shift)
                .saturating_sub(discarded);
            if held > rules.hand {
                self.rule(
                    Irregularity::TakesCardsLeft { left, held },
                    Some(younger),
                    rules.exchange_rules.discard_fixed.took_early(),
                    Penalty::ReckonsNothing,
                    Some(span),
                );
            }
        }
        self.took_early = false;
    }

    /// Law 32: the elder "must declare the number he takes or leaves before
    /// taking up a card of the stock". Declared before that, it is in time,
    /// though the younger has discarded or taken in (Case XIV). Declared
    /// after it, or (Case V) after showing his carte blanche to a younger
    /// who discarded first, it comes too late, and the younger, while he has
    /// taken up no card of the stock (law 24), may alter his discard.
    ///
    /// AC11: "he must declare the number he takes or leaves before touching
    /// the stock": under au cent, declared after touching it comes too late.
    pub(super) fn declare_leaving(&mut self, player: PlayerId, n: u8, span: Span, rules: &RuleSet) {
        let p = player.index();
        self.leaves[p] = Some(n);
        if player != self.elder {
            return;
        }
        let younger = self.elder.other().index();
        let leaving = rules.exchange_rules.leaving_declared;
        let taken = self.exchange[p].taken > 0;
        let took_first = leaving.too_late(self.touched[p], taken);
        self.left_late = took_first;
        let shown = self.conduct.carte_blanche_shown(player);
        let younger_may_alter =
            self.exchange[younger].discarded > 0 && self.exchange[younger].taken == 0;
        if (took_first || shown) && younger_may_alter {
            let irregularity = if took_first && !taken {
                Irregularity::LeavesAfterTouchingStock
            } else {
                Irregularity::LeavesTooLate {
                    shown: shown && !took_first,
                }
            };
            self.left_late_ruled = true;
            self.rule(
                irregularity,
                Some(player),
                leaving.laws(),
                Penalty::NoneStated,
                Some(span),
            );
        }
    }

    /// Cases XVII and XVIII: a card of the other pack found in a hand or a
    /// discard. "There is no proof that when the pack was dealt it was
    /// redundant" (so law 75 gives no fresh deal): the card is removed.
    /// Found in the discard, the player has played with the rest of his
    /// hand (law 58 if he holds more than twelve). Kept in the hand and not
    /// played, he returns it with no penalty, unless he used it in a claim
    /// allowed good (law 54, ruled with the calls, which are weighed against
    /// the hand without it). Played, the hands are played over again.
    pub(super) fn surplus(&mut self, card: Card, place: Place, span: Span, rules: &RuleSet) {
        let Some(owner) = place.owner else {
            return;
        };
        let p = owner.index();
        let penalty = match place.kind {
            PlaceKind::Discard => {
                self.discards[p].remove(card);
                if self.exchange[p].done {
                    self.too_many(owner, span, rules);
                }
                Penalty::None
            }
            PlaceKind::Hand if self.played[p].contains(card) => Penalty::PlayAgainFrom(1),
            PlaceKind::Hand => {
                self.hands[p].remove(card);
                self.dealt[p].remove(card);
                self.read_dealt(rules);
                Penalty::None
            }
            _ => return,
        };
        self.rule(
            Irregularity::SurplusCard { card },
            Some(owner),
            &["75"],
            penalty,
            Some(span),
        );
    }

    /// Law 58: "If a player play with more than twelve cards in hand, he can
    /// reckon nothing that deal". Ruled once for a player. Law 39: the elder
    /// dealt thirteen who took in without announcing it loses his option of
    /// a fresh deal and keeps his thirteenth card.
    pub(super) fn too_many(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        // A card of the other pack kept in hand is returned when found (Case XVIII).
        let strays = self.hands[player.index()].and(self.strays).len();
        let held = (self.hand_len(player).saturating_sub(strays))
            .saturating_add_signed(self.unwritten_difference(player, rules));
        // Law 58 is ruled once, here or with the cards left (Case XIV); not
        // where the transcript's own error makes his count unsure; nor where
        // laws 31, 33 or 35 already rule that taking in the cards too many
        // leaves him reckoning nothing (Case XXII cites laws 24 and 35).
        // Nor where law 25 rules the discard retaken: "he must play with
        // more than twelve cards, and can reckon nothing that deal".
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && (r.laws.contains(&"58")
                    || r.penalty == Penalty::TranscriptInError
                    || matches!(
                        r.irregularity,
                        Irregularity::TakesMoreThanDiscarded { .. }
                            | Irregularity::TakesUpAdversaryCards
                            | Irregularity::RetakesDiscard
                    ))
        });
        if held > rules.hand && !already {
            let unannounced = player == self.elder && self.unannounced_wrong_deal(rules);
            let laws: &'static [&'static str] = if unannounced { &["39", "58"] } else { &["58"] };
            self.rule(
                Irregularity::PlaysWithTooManyCards { held },
                Some(player),
                laws,
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    /// Law 56: "When the younger hand has played to the first trick,
    /// neither player can reckon anything omitted (except as provided in Law
    /// 54)." A call or reckoning after the first trick is not scored and bars
    /// nothing. The exception is applied by the referee once the calls are
    /// weighed: see `engine::late_reckonings`. AC24 under au cent: after the
    /// player's own lead or play (the rule set's `calling.omitted`).
    pub(super) fn too_late(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        // The rule set's own citation of law 56: AC24 under au cent, 21b
        // under the French rules ("he will not be able to claim it later").
        let omitted = rules.calling.omitted;
        self.rule(
            omitted.too_late(),
            Some(player),
            rules.cite.omitted,
            Penalty::NotScored,
            Some(span),
        );
    }

    /// Law 27: the ruling, once a deal and player.
    pub(super) fn rule_younger_part(&mut self, player: PlayerId, span: Span) {
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player) && matches!(r.irregularity, Irregularity::TakesTheOtherPart)
        });
        if !already {
            self.rule(
                Irregularity::TakesTheOtherPart,
                Some(player),
                &["27"],
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
    }

    /// Law 27: "If the elder hand, when taking in ... take up any of the
    /// bottom three cards of the stock (except as provided in Laws 41 and
    /// 43), he can reckon nothing that deal." Ruled once a deal.
    ///
    /// Law 29: "If the younger hand mix with his hand any of the top five
    /// cards of the stock (not being cards declared to be left by the elder
    /// hand), he can reckon nothing that deal; or, the elder hand, after
    /// looking at his cards, may elect to have a fresh deal." The younger
    /// who takes in before the elder has taken in takes the elder's cards.
    /// Ruled once a deal.
    pub(super) fn check_part(&mut self, player: PlayerId, card: Card, span: Span, rules: &RuleSet) {
        let elder = self.elder;
        if player == elder {
            // Only the younger's part, or the bottom three, can be his.
            if !self.younger_part.or(self.bottom_three).contains(card) {
                return;
            }
            let already = self
                .rulings
                .iter()
                .any(|r| matches!(r.irregularity, Irregularity::TakesTheYoungerCards { .. }));
            // Law 39: the elder who took in without announcing a wrong
            // deal "must leave at least three cards for the younger hand":
            // law 27's exception for laws 41 and 43 (a stock of seven,
            // stood) does not reach him, and the bottom three are the
            // younger's; law 27 gives the penalty.
            let unannounced = self.unannounced_wrong_deal(rules);
            // AC13, AC14: in a deal he stands, "he must leave at least
            // three cards for the younger hand".
            let leave_three = self.leave_three(rules);
            let laws: &'static [&'static str] = match leave_three {
                _ if self.younger_part.contains(card) => &["27"],
                Some(laws) if !unannounced => laws,
                _ => &["27", "39"],
            };
            let part = if unannounced || leave_three.is_some() {
                self.younger_part.or(self.bottom_three)
            } else {
                self.younger_part
            };
            if part.contains(card) && !already {
                self.rule(
                    Irregularity::TakesTheYoungerCards { card },
                    Some(player),
                    laws,
                    Penalty::ReckonsNothing,
                    Some(span),
                );
            }
            return;
        }
        // Only before the elder has taken in are the elder's cards his.
        let before_elder = !self.exchange[elder.index()].done;
        if !before_elder {
            return;
        }
        let left = self.leaves[elder.index()].is_some() && self.left_cards(elder).contains(card);
        let elders = !self.younger_part.contains(card) && !left;
        let already = self.rulings.iter().any(|r| {
            r.offender == Some(player)
                && matches!(
                    r.irregularity,
                    Irregularity::MixesAdversaryCards | Irregularity::TakesUpAdversaryCards
                )
        });
        if elders && !already {
            self.rulings
                .push(crate::engine::conduct::exchange::mixes_adversary_cards(
                    player,
                    elder,
                    span,
                    &rules.exchange_rules,
                ));
        }
    }

    pub(super) fn take_from_top(
        &mut self,
        player: PlayerId,
        n: usize,
        span: Span,
        rules: &RuleSet,
    ) {
        let p = player.index();
        let n = if player == self.elder && self.mixed_by(player.other()).is_some() {
            // Law 29: "If he elect to stand the deal, he can only take as
            // many of his cards as have not been mixed."
            let own = self
                .stock()
                .iter()
                .filter(|c| !self.younger_part.contains(**c));
            n.min(own.count() + self.stock_unknown.saturating_sub(self.younger_part.len()))
        } else {
            n
        };
        let named = n.min(self.stock().len());
        for _ in 0..named {
            let card = self.stock[self.stock_top];
            self.check_part(player, card, span, rules);
            self.stock_top += 1;
            self.hands[p].insert(card);
        }
        let rest = (n - named).min(self.stock_unknown);
        self.stock_unknown -= rest;
        self.unknown[p] += rest;
        self.exchange[p].taken += named + rest;
        if named + rest < n {
            self.rule(
                Irregularity::StockTooShort {
                    wanted: n,
                    left: named + rest,
                },
                Some(player),
                rules.cite.exchange,
                Penalty::TranscriptInError,
                Some(span),
            );
        }
        self.close_take(player, span, rules);
    }

    /// Laws 21, 22 (AC7: the younger need not discard), 33, 35: a player's exchange checked once he has taken
    /// in; laws 40-43 (AC13, AC14): in a deal stood with a card too many or too few, he
    /// discards one more (or one less) than he takes in.
    pub(super) fn close_take(&mut self, player: PlayerId, span: Span, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded, taken, ..
        } = self.exchange[p];
        self.exchange[p].done = true;
        let offender = Some(player);
        let (shift, standing) = self.standing_wrong_deal(player, rules);
        // Law 21: the elder may take five; law 34: "The younger hand is
        // entitled to take in all the cards that are left in the stock."
        let most = if player == self.elder {
            rules.elder_exchange
        } else {
            self.stock_len() + taken
        };
        // Law 22: the younger "is obliged to discard one card"; AC7: "The
        // younger hand is not obliged to discard any card."
        let least = if player == self.elder {
            rules.least_discard
        } else {
            rules
                .exchange_rules
                .younger_discard
                .least(rules.least_discard)
        };
        // Laws 40-43; AC13, AC14.
        let least = if standing.is_some() {
            let way = rules.exchange_rules.standing_deal;
            way.least_discard(player == self.elder, least, shift)
        } else {
            least
        };
        if discarded < least {
            self.rule(
                Irregularity::DiscardsTooFew { discarded, least },
                offender,
                standing.unwrap_or(rules.cite.exchange),
                Penalty::NoneStated,
                Some(span),
            );
        }
        let most_discard = most.saturating_add_signed(shift);
        if taken > most || (player == self.elder && discarded > most_discard) {
            self.rule(
                Irregularity::ExchangesTooMany {
                    discarded: discarded.max(taken),
                    most,
                },
                offender,
                rules.cite.exchange,
                // Laws 21, 22 give no penalty of their own: the cards taken
                // beyond them are ruled by laws 27, 31, 33 and 35.
                Penalty::NoneStated,
                Some(span),
            );
        }
        // What he gives up, net, against what he must: none in a regular
        // deal; under laws 40-43, one more or one less. Laws 31, 33 and 35
        // speak of a player dealt twelve; one dealt thirteen or eleven who
        // ends with more than twelve is ruled by law 58 (with law 39).
        let net = discarded as isize - taken as isize;
        if let Some(laws) = standing.filter(|_| net < shift && shift != 0 && discarded >= least) {
            // Laws 40-43: "must discard one card more than he takes in" (or
            // one less); the law states no penalty: law 58 rules the hand
            // of thirteen he is left with.
            self.rule(
                Irregularity::ExchangeNotAsPrescribed {
                    discarded,
                    taken,
                    more: shift,
                },
                offender,
                laws,
                Penalty::NoneStated,
                Some(span),
            );
        }
        if net < shift && shift == 0 {
            // Laws 31, 33, 35: taking up more than he discarded, he can
            // reckon nothing; law 24: he cannot alter his discard to put it
            // right. Law 33 is the elder who left cards and takes them up;
            // law 35 the younger; law 31 the elder who declared none left.
            let fixed = rules.exchange_rules.discard_fixed;
            let laws = if player != self.elder {
                fixed.beside("35")
            } else if self.leaves[p].is_some() {
                fixed.beside("33")
            } else {
                fixed.beside("31")
            };
            self.rule(
                Irregularity::TakesMoreThanDiscarded { taken, discarded },
                offender,
                laws,
                Penalty::ReckonsNothing,
                Some(span),
            );
        }
        self.exchange[p].span = span;
    }

    /// A player who discarded and wrote no `takes` is taken to have taken in
    /// as many as he discarded (the younger: as many as are left, at most).
    pub(super) fn finish_turn(&mut self, player: PlayerId, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded, done, ..
        } = self.exchange[p];
        if done {
            self.settle_short(player, rules);
            return;
        }
        if discarded == 0 {
            return;
        }
        // Taken in as many as he must under laws 40-43, else as he discarded.
        let (shift, standing) = self.standing_wrong_deal(player, rules);
        let shift = if standing.is_some() { shift } else { 0 };
        let n = discarded
            .saturating_add_signed(-shift)
            .min(self.stock_len());
        self.exchange[p].assumed = true;
        self.take_from_top(player, n, Span::default(), rules);
        self.settle_short(player, rules);
    }

    /// Law 30: "If a player, having twelve cards dealt him, discard more
    /// cards than he takes in, he must play with less than twelve cards, and
    /// his adversary counts as tricks all cards that cannot be played to."
    /// Judged once his turn is over (he may take in by several lines), and
    /// under laws 40-43 against what he must discard there. Except as
    /// provided in law 25: a player who took back any of his discard after
    /// taking up a card of the stock "must play with more than twelve
    /// cards" (Case XXI: "must play with seventeen cards"), not fewer.
    pub(super) fn settle_short(&mut self, player: PlayerId, rules: &RuleSet) {
        let p = player.index();
        let Exchange {
            discarded,
            taken,
            settled,
            span,
            ..
        } = self.exchange[p];
        if settled {
            return;
        }
        self.exchange[p].settled = true;
        if self.retook_discard(player) {
            return;
        }
        let (shift, standing) = self.standing_wrong_deal(player, rules);
        let net = discarded as isize - taken as isize;
        // Laws 28, 29: "If he elect to stand the deal, he can only take as
        // many of his cards as have not been mixed" by his adversary.
        let mixed = self.mixed_by(player.other());
        // Law 30 speaks of a player dealt twelve; one dealt eleven or
        // thirteen who ends with fewer than twelve is ruled by law 57.
        let laws: &'static [&'static str] = match (mixed, standing) {
            (Some(["28"]), _) => &["28", "57"],
            (Some(["AC9"]), _) => &["AC9", "57"],
            (Some(["AC10"]), _) => &["AC10", "57"],
            (Some(_), _) => &["29", "57"],
            (None, Some(_)) => &["57"],
            (None, None) if shift != 0 => &["57"],
            (None, None) => &["30", "57"],
        };
        if net > shift && net > 0 && (self.stock_len() > 0 || mixed.is_some()) {
            self.rule(
                Irregularity::TakesFewerThanDiscarded { taken, discarded },
                Some(player),
                laws,
                Penalty::FewerCards,
                Some(span),
            );
        }
    }

    /// Law 25: whether this player took back any of his discard after
    /// taking up a card of the stock.
    fn retook_discard(&self, player: PlayerId) -> bool {
        self.rulings.iter().any(|r| {
            r.offender == Some(player) && matches!(r.irregularity, Irregularity::RetakesDiscard)
        })
    }

    /// Laws 28, 29: the laws of the ruling, if this player mixed his
    /// adversary's cards of the stock with his hand.
    fn mixed_by(&self, player: PlayerId) -> Option<&'static [&'static str]> {
        self.rulings.iter().find_map(|r| {
            (r.offender == Some(player)
                && matches!(
                    r.irregularity,
                    Irregularity::MixesAdversaryCards | Irregularity::TakesUpAdversaryCards
                ))
            .then_some(r.laws)
        })
    }

    /// Laws 30, 57, 58: a transcript that stops in the exchange, both
    /// players having taken in, is judged on the hands they would play with.
    pub fn settle_exchange(&mut self, rules: &RuleSet) {
        let both = self.exchange.iter().all(|e| e.done);
        if self.phase == Phase::Exchange && both {
            let span = self.exchange[self.elder.other().index()].span;
            self.finish_exchange(span, rules);
        }
    }

    /// The exchange is over once calling or play begins; law 58 rules a
    /// player who keeps more than twelve cards to play with.
    pub(super) fn finish_exchange(&mut self, span: Span, rules: &RuleSet) {
        if self.phase == Phase::Exchange {
            self.finish_turn(self.elder, rules);
            self.finish_turn(self.elder.other(), rules);
            self.phase = Phase::Calling;
            for player in PlayerId::BOTH {
                self.too_many(player, span, rules);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rule;
    use crate::notation::read_str;
    use crate::ruling::Penalty;

    /// The regular deal most cases start from; `{A}`, `{B}`, `{S}` are
    /// replaced by the hands and stock a case needs.
    const TWELVE_A: &str = "AS KS QS JS 10H 9H 8H 7H AD KD QC 7C";
    const TWELVE_B: &str = "10S 9S 8S 7S AH KH QH JH JD 10D 9D 8D";
    const STOCK: &str = "7D AC KC JC 10C 9C 8C QD";

    /// Each ruling of the deal as `offender laws penalty`, in order.
    fn rulings(hands: [Option<&str>; 2], stock: &str, events: &str) -> Vec<String> {
        ruled_under("portland", hands, stock, events, false)
    }

    /// The same, under the rule set named (`portland`, `au-cent`); with
    /// `with_choice`, an option whose fresh deal was chosen says so.
    fn ruled_under(
        rules: &str,
        hands: [Option<&str>; 2],
        stock: &str,
        events: &str,
        with_choice: bool,
    ) -> Vec<String> {
        let mut text = format!("[Rules \"{rules}\"]\n[Players \"A B\"]\n\ndeal 1\ndealer B\n");
        for (player, hand) in ["A", "B"].iter().zip(hands) {
            if let Some(hand) = hand {
                text.push_str(&format!("hand {player}: {hand}\n"));
            }
        }
        text.push_str(&format!("stock: {stock}\n{events}\n"));
        let reading = read_str(&text);
        assert!(reading.errors.is_empty(), "{text}: {:?}", reading.errors);
        let ruled = rule(&reading.transcript).expect("portland");
        ruled.deals[0]
            .rulings
            .iter()
            .map(|r| {
                let who = r.offender.map_or("-", |p| if p.0 == 0 { "A" } else { "B" });
                let penalty = match r.penalty {
                    Penalty::ReckonsNothing => "nothing",
                    Penalty::FreshDealOption {
                        chosen: Some(crate::ruling::Elected::FreshDeal),
                        ..
                    } if with_choice => "fresh deal",
                    Penalty::FreshDealOption { .. } => "option",
                    Penalty::FewerCards => "fewer",
                    Penalty::Refused => "refused",
                    Penalty::DealStands => "stands",
                    Penalty::FreshDeal => "fresh",
                    Penalty::NoneStated => "none",
                    Penalty::LosesTheGame => "game",
                    _ => "other",
                };
                format!("{who} {} {penalty}", r.laws.join(","))
            })
            .collect()
    }

    /// (what, A's hand, B's hand, stock, events, the rulings expected)
    type Case = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        &'static str,
        &'static str,
        &'static [&'static str],
    );

    const A13: &str = "AS KS QS JS 10H 9H 8H 7H AD KD QC 7C 10S";
    const B11: &str = "9S 8S 7S AH KH QH JH JD 10D 9D 8D";
    const A11: &str = "AS KS QS JS 10H 9H 8H 7H AD KD QC";
    const B13: &str = "10S 9S 8S 7S AH KH QH JH JD 10D 9D 8D 7C";

    #[test]
    fn the_exchange_as_the_laws_rule_it() {
        let cases: &[Case] = &[
            (
                "law 40: thirteen announced and stood, the prescribed exchange",
                Some(A13),
                Some(B11),
                STOCK,
                "A announces 13 cards\nA discards 3 cards\nA leaves 3\nA takes 2\nB discards 2 cards\nB takes 3\nA calls point 5",
                &["B 11,38 option"],
            ),
            (
                "law 40: the younger who takes one need not discard",
                Some(A13),
                Some(B11),
                STOCK,
                "A announces 13 cards\nA discards 6 cards\nA takes 5\nB takes 1\nA calls point 5",
                &["B 11,38 option"],
            ),
            (
                "law 42: eleven announced, the younger's hand not written",
                Some(A11),
                None,
                STOCK,
                "A announces 11 cards\nA discards 4 cards\nA takes 5\nB discards 3 cards\nB takes 2\nA calls point 5",
                &["B 11,38 option"],
            ),
            (
                "law 42: the younger announces thirteen, the elder's hand not written",
                None,
                Some(B13),
                STOCK,
                "B announces 13 cards\nA discards 4 cards\nA takes 5\nB discards 3 cards\nB takes 2\nA calls point 5",
                &["B 11,38 option"],
            ),
            (
                "law 39: thirteen not announced, kept",
                Some(A13),
                Some(B11),
                STOCK,
                "A discards 5 cards\nA takes 5\nB discards 2 cards\nB takes 3",
                &["B 11,39 stands", "A 39,58 nothing"],
            ),
            (
                "laws 27, 39: thirteen not announced, seven in the stock; the elder takes all five",
                Some(A13),
                Some("9S 8S 7S AH KH QH JH JD 10D 9D 8D 8C"),
                "7D AC KC JC 10C 9C QD",
                "A discards 6 cards\nA takes 5",
                &["B 11,39 stands", "A 27,39 nothing"],
            ),
            (
                "law 39: thirteen not announced, seven in the stock; the elder leaves three",
                Some(A13),
                Some("9S 8S 7S AH KH QH JH JD 10D 9D 8D 8C"),
                "7D AC KC JC 10C 9C QD",
                "A discards 5 cards\nA takes 4\nB discards 3 cards\nB takes 3\nA calls point 4",
                &["B 11,39 stands"],
            ),
            (
                "law 39: eleven not announced; the younger puts his thirteen right",
                Some(A11),
                Some(B13),
                STOCK,
                "A discards 4 cards\nA takes 4\nB discards 4 cards\nB takes 3",
                &["B 11,39 stands"],
            ),
            (
                "law 29: the younger takes in before the elder",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B discards 3 cards\nB takes 3\nA claims fresh deal",
                &["B 29 option"],
            ),
            (
                "law 29: the younger takes the top cards after the elder discarded; the elder then leaves one",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nB takes 3\nA leaves 1\nA claims fresh deal",
                &["B 29 option"],
            ),
            (
                "law 29: the younger takes the top cards after the elder discarded; the elder elects a fresh deal",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nB takes 3\nA claims fresh deal",
                &["B 29 option"],
            ),
            (
                "law 15: the elder's claim of a fresh deal is on the wrong pack, not law 29's election",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B deals with wrong pack\nA discards 4 cards\nB discards 3 cards\nB takes 3\nA claims fresh deal",
                &["B 15 stands", "A  refused"],
            ),
            (
                "the elder who discarded and wrote no takes took in before the younger",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nB takes 3\nA calls point 4",
                &[],
            ),
            (
                "law 25: the younger retakes his discard after taking one in; not short, not law 58 again",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 5 cards\nA takes 5\nB discards 8D 9D 10D\nB takes 1\nB mixes discard with hand\nA calls point 4",
                &["B 25 nothing"],
            ),
            (
                "law 25: the elder retakes his discard after taking one in; the younger then takes in",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 10H 9H 8H 7H 7C\nA takes 1\nA mixes discard with hand\nB discards 3 cards\nB takes 3\nA calls point 4",
                &["A 25 nothing"],
            ),
            (
                "law 25: the discard retaken once the play has begun, by one who took in short",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 5 cards\nA takes 5\nB discards 8D 9D 10D\nB takes 2\nA leads AS\nB mixes discard with hand",
                &["B 25 nothing"],
            ),
            (
                "law 43: seven in the stock; the younger with thirteen discards as many as he takes",
                Some(TWELVE_A),
                Some("10S 9S 8S 7S AH KH QH JH JD 10D 9D 8D 8C"),
                "7D AC KC JC 10C 9C QD",
                "A discards 5 cards\nA takes 5\nB discards 2 cards\nB takes 2\nA leads AC",
                &["B 11 option", "B 43 none", "B 58 nothing"],
            ),
            (
                "law 40: thirteen announced; the elder discards as many as he takes",
                Some(A13),
                Some(B11),
                STOCK,
                "A announces 13 cards\nA discards 5 cards\nA takes 5\nB discards 2 cards\nB takes 3\nA leads AS",
                &["B 11,38 option", "A 40 none", "A 58 nothing"],
            ),
            (
                "laws 27, 29: the younger takes up a top card before the elder has taken in",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B takes up 1 card from top of stock\nA claims B reckons nothing",
                &["B 27,29 option"],
            ),
            (
                "laws 27, 29: the card taken up is not the younger's own taking in",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B takes up 1 card from top of stock\nA discards 4 cards\nA takes 4\nB discards 3 cards\nB takes 3\nA calls point 4",
                &["B 27,29 option"],
            ),
            (
                "law 29: the cards the elder left undeclared, taken up, not mixed",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 3 cards\nA takes 3\nB takes up 2 cards from top of stock\nB discards 5 cards\nB takes 5\nA calls point 4",
                &[],
            ),
            (
                "law 42: eleven announced, the elder takes one and discards none",
                Some(A11),
                Some(B13),
                STOCK,
                "A announces 11 cards\nA discards none\nA takes 1\nB discards 3 cards\nB takes 2\nA calls point 4",
                &["B 11,38 option"],
            ),
            (
                "law 29: the elder stands and takes only his cards not mixed",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 5 cards\nB discards 3 cards\nB takes 3\nA takes 5\nA calls point 4",
                &["B 29 option", "A 29,57 fewer"],
            ),
            (
                "Case XIV: the younger took in first and must take the card left",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nB takes up 3 cards from bottom of stock\nA leaves 1",
                &["B 24,23,58 nothing"],
            ),
            (
                "Case XIV: the younger names his three bottom cards first",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B discards 7S 8S 9S\nB takes 9C 8C QD\nA discards 10H 9H 8H 7H\nA leaves 1\nA takes 4",
                &["B 24,23,58 nothing"],
            ),
            (
                "Case XIV varied: the card left is the younger's due",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 4 cards\nB takes up 3 cards from bottom of stock\nA leaves 1",
                &[],
            ),
            (
                "law 32: the elder declares after taking in",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nA takes 4\nA leaves 1",
                &["A 32 none"],
            ),
            (
                "Case XIII varied: the card declared left is not taken in",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A discards 5 cards\nA takes 5\nB discards 3 cards\nB leaves 1\nB takes 2\nA leads AS\nB takes 1",
                &["B 30,57 fewer", "B 57 refused"],
            ),
            (
                "law 28: only the card he declared left is mixed",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "A leaves 1\nA discards 4 cards\nA takes 4\nA mixes left cards with hand\nB claims fresh deal",
                &["A 28 option"],
            ),
            (
                "law 15: the wrong pack found after a hand is taken up",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B deals with wrong pack\nA takes up hand\nA claims fresh deal",
                &["B 15 stands", "A  refused"],
            ),
            (
                "law 15: found before either hand is taken up",
                Some(TWELVE_A),
                Some(TWELVE_B),
                STOCK,
                "B deals with wrong pack\nA claims fresh deal\nA takes up hand",
                &["B 15 fresh"],
            ),
        ];
        for (what, a, b, stock, events, expected) in cases {
            let got = rulings([*a, *b], stock, events);
            assert_eq!(&got, expected, "{what}");
        }
    }

    /// The exchange under au cent, each case also ruled under Portland:
    /// (what, A's hand, B's hand, stock, events, au cent's rulings, Portland's).
    #[test]
    fn the_exchange_under_au_cent_beside_portland() {
        type AuCent = (
            &'static str,
            &'static str,
            &'static str,
            &'static str,
            &'static str,
            &'static [&'static str],
            &'static [&'static str],
        );
        const A13_7: &str = "AS KS QS JS 10H 9H 8H 7H AD KD QC 7C QD";
        const B13: &str = "10S 9S 8S 7S AH KH QH JH JD 10D 9D 8D QD";
        const STOCK7: &str = "7D AC KC JC 10C 9C 8C";
        let cases: &[AuCent] = &[
            (
                "AC8: the discard altered after touching the stock",
                TWELVE_A,
                TWELVE_B,
                STOCK,
                "A discards 5 cards\nA touches stock\nA claims to alter discard",
                &["A AC8 none"],
                &[],
            ),
            (
                "AC8, law 11: a stock of seven found on touching it, the discard altered",
                TWELVE_A,
                B13,
                STOCK7,
                "A discards 5 cards\nA touches stock\nA claims to alter discard",
                &["B 11 option"],
                &["B 11 option"],
            ),
            (
                "law 11 under au cent: a stock of seven found on touching it, a fresh deal chosen",
                TWELVE_A,
                B13,
                STOCK7,
                "A discards 5 cards\nA touches stock\nA claims fresh deal",
                &["B 11 fresh deal"],
                &["B 11 fresh deal"],
            ),
            (
                "AC11: the cards left declared after touching the stock",
                TWELVE_A,
                TWELVE_B,
                STOCK,
                "A discards 4 cards\nB discards 3 cards\nA touches stock\nA leaves 1",
                &["A AC11,32 none"],
                &[],
            ),
            (
                "AC7: the younger discards none",
                TWELVE_A,
                TWELVE_B,
                STOCK,
                "A discards 5 cards\nA takes 5\nB discards none\nB takes none",
                &[],
                &["B 21,22 none"],
            ),
            (
                "AC13: thirteen stood, one discarded, none taken",
                A13_7,
                TWELVE_B,
                STOCK7,
                "A announces 13 cards\nA discards 7C\nA takes 0",
                &["B AC3,38 option"],
                &["B 11,38 option", "A 41 none"],
            ),
            (
                "AC14: twelve and a stock of seven, the elder takes all five",
                TWELVE_A,
                B13,
                STOCK7,
                "A discards 5 cards\nA takes 5",
                &["B 11 option", "A 27,AC14 nothing"],
                &["B 11 option"],
            ),
            (
                "AC9: the elder mixes a bottom card with his hand",
                TWELVE_A,
                TWELVE_B,
                STOCK,
                "A discards 5 cards\nA takes 5\nA mixes QD with hand",
                &["A AC9 game"],
                &["A 28 option"],
            ),
        ];
        for (what, a, b, stock, events, au_cent, portland) in cases {
            let hands = [Some(*a), Some(*b)];
            assert_eq!(
                &ruled_under("au-cent", hands, stock, events, true),
                au_cent,
                "{what}"
            );
            assert_eq!(
                &ruled_under("portland", hands, stock, events, true),
                portland,
                "{what}"
            );
        }
    }

    const BLANCHE: &str = "AS 10S 9S 7S AH 10H 8H AD 9D 8D AC 8C";
    const COURT: &str = "KS QS JS KH QH JH 9H KD QD JD KC 7C";
    const BLANCHE_STOCK: &str = "8S 7H 10D 7D QC JC 10C 9C";

    /// Cases XX, XXI: (what, events, the rulings, A's carte blanche scored)
    #[test]
    fn carte_blanche_told_shown_and_counted_in_the_exchange() {
        let cases: &[(&str, &str, &[&str], bool)] = &[
            (
                "counted as it is shown, before his own discard",
                "A announces carte blanche\nB discards 3 cards\nA shows carte blanche\nA reckons carte blanche\nA discards 5 cards\nA takes 5\nB takes 3",
                &[],
                true,
            ),
            (
                "shown after taking in, the stock kept apart",
                "A announces carte blanche\nA discards 5 cards\nA takes 3\nA shows carte blanche",
                &[],
                true,
            ),
            (
                "shown after mixing the stock with his hand",
                "A announces carte blanche\nA discards 7S 8H 9D 8D 8C\nA takes 5\nA mixes 8S 7H with hand\nA shows carte blanche",
                &["A 19 other"],
                false,
            ),
            (
                "shown before mixing the stock with his hand",
                "A announces carte blanche\nA discards 7S 8H 9D 8D 8C\nA takes 5\nA shows carte blanche\nA mixes 8S 7H with hand",
                &[],
                true,
            ),
        ];
        for (what, events, expected, scored) in cases {
            let got = rulings([Some(BLANCHE), Some(COURT)], BLANCHE_STOCK, events);
            assert_eq!(&got, expected, "{what}");
            let text = format!(
                "[Players \"A B\"]\n\ndeal 1\ndealer B\nhand A: {BLANCHE}\nhand B: {COURT}\nstock: {BLANCHE_STOCK}\n{events}\n"
            );
            let ruled = rule(&read_str(&text).transcript).expect("portland");
            let blanche = ruled.deals[0].declarations.scored.iter().any(|s| {
                s.player.0 == 0 && s.holding == crate::engine::declarations::Holding::CarteBlanche
            });
            assert_eq!(blanche, *scored, "{what}");
        }
    }
}
