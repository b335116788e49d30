//! Conduct at the table that the cards do not show: shuffling and cutting,
//! dealing, exposing, looking, mixing, offers and claims, faulty packs and
//! bystanders. These laws are ruled from the annotated events (`A cuts 1`,
//! `B exposes QH from hand of A`, `A claims fresh deal`), in the order the
//! transcript gives them; the moments that matter (a hand taken up, a card
//! of the stock taken) are read from the lines that mark them.
//!
//! - [`cutting`]: laws 1, 3-8.
//! - [`carte_blanche`]: laws 19, 20.
//! - [`dealing`]: laws 9-17 and, from the hands as dealt, 11, 12, 38, 39.
//! - [`exchange`]: laws 24, 28, 29, 32, 36, 37, 45.
//! - [`pack`]: laws 14, 75-78.
//! - [`election`]: what the player given a choice chose (laws 11, 13, 28, 29).
//!
//! [`super::table::Table`] hands each event here with a [`Moment`], the
//! state of the deal this module needs, and the list its rulings are added to.

pub mod carte_blanche;
pub mod cutting;
pub mod dealing;
pub mod election;
pub mod exchange;
pub mod pack;

use crate::cards::{Card, Suit};
use crate::notation::{Act, Claim, Event, Place, PlaceKind, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::phase::Phase;
use super::ruleset::ExchangeRules;

/// The state of the deal a conduct law turns on, as the table has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// Where the deal has got to.
    pub phase: Phase,
    /// The elder hand.
    pub elder: PlayerId,
    /// The dealer, if known.
    pub dealer: Option<PlayerId>,
    /// Whether each player has taken up a card of the stock.
    pub taken_in: [bool; 2],
    /// How many cards the pack holds.
    pub pack: usize,
    /// How many cards a hand holds.
    pub hand: usize,
    /// Whether each player has put out a discard.
    pub discarded: [bool; 2],
    /// Whether each player's hand as dealt is known to be a carte blanche.
    pub blanche: [bool; 2],
    /// Whether each player has touched the stock, or taken a card of it
    /// (au cent AC3, AC8, AC11: "before touching the stock").
    pub touched: [bool; 2],
    /// Whether each player may alter his discard after touching the stock
    /// by an exception AC8 names: law 11 (the elder finds a stock of
    /// seven), law 32 (the younger finds cards left undeclared), law 38 (a
    /// hand of eleven or thirteen announced, the stock counted).
    pub alter_excepted: [bool; 2],
    /// The rule set's way with dealing and the exchange.
    pub rules: ExchangeRules,
}

/// Which conduct laws read an event: each is handed only the events it
/// reads (each law's `reads` names them), and the table makes a [`Moment`]
/// only for an event that one of them reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readers {
    /// Laws 1, 3-8: [`cutting::act`].
    pub cutting: bool,
    /// Laws 9-17: [`dealing::act`].
    pub dealing: bool,
    /// Laws 24, 28, 29, 32, 36, 37, 45: [`exchange::act`].
    pub exchange: bool,
    /// Laws 19, 20: [`carte_blanche::act`].
    pub carte_blanche: bool,
    /// Laws 14, 75, 77, 78, on events that are not acts: [`pack::event`].
    pub pack: bool,
}

impl Readers {
    /// The laws that read `event`.
    #[inline]
    pub fn of(event: &Event) -> Readers {
        match event {
            Event::Act { act, .. } => Readers {
                cutting: cutting::reads(act),
                dealing: dealing::reads(act),
                exchange: exchange::reads(act),
                carte_blanche: carte_blanche::reads(act),
                pack: false,
            },
            other => Readers {
                pack: pack::reads(other),
                ..Readers::default()
            },
        }
    }

    /// Whether any law reads the event, and so wants the [`Moment`].
    #[inline]
    pub fn any(self) -> bool {
        self.cutting || self.dealing || self.exchange || self.carte_blanche || self.pack
    }
}

/// What the conduct laws remember within one deal, and across the deals of
/// a partie (the dealer's mode of dealing, law 9).
#[derive(Clone, Debug, Default)]
pub struct Conduct {
    /// Whether the dealer has shuffled (law 1).
    dealer_shuffled: bool,
    /// The non-dealer's shuffle after the dealer's, not followed by the
    /// dealer's own (law 1).
    shuffled_last: Option<(PlayerId, Span)>,
    /// The card each player cut for deal (law 4).
    cut_for_deal: [Option<Card>; 2],
    /// The last cut: who, and whether it was for deal (laws 5, 7, 8).
    last_cut: Option<(PlayerId, bool)>,
    /// Whether the last cut was spoilt and must be made again.
    cut_spoilt: bool,
    /// Each player's cut for deal made void by law 5 and not made again.
    void_cut_for_deal: [bool; 2],
    /// Whether the dealer has begun to deal (`deals by`): an exposure is no
    /// longer in cutting or reuniting the packets (laws 5, 7) but in
    /// dealing (law 13).
    dealing: bool,
    /// Whether the dealer has said the deal is completed (au cent AC4).
    completed: bool,
    /// Whether either player has taken up his hand (laws 10, 15, 16).
    taken_up: bool,
    /// Whether each player has taken up his hand (AC5: "before taking up
    /// his hand").
    taken_up_by: [bool; 2],
    /// A misdeal said, and whether the adversary permitted its rectifying (law 10).
    misdeal: Option<(PlayerId, Option<u8>, Span)>,
    permitted: bool,
    rectified: bool,
    /// What each player announced of a wrong number of cards dealt him
    /// before the elder took up a card of the stock (laws 11, 38, 39).
    announced: [Option<(u8, Span)>; 2],
    /// A fresh deal offered, and by whom (Case III).
    offered: Option<PlayerId>,
    /// Whether a fresh deal was agreed (Case III).
    pub agreed: bool,
    /// Each claim of a fresh deal: who, and where.
    pub fresh_deal_claims: Vec<(PlayerId, Span)>,
    /// Whether the younger hand elected to see the cards he left (law 36).
    younger_sees: Option<bool>,
    /// Whether the elder has named his suit or led (law 36).
    elder_named: bool,
    /// Whether the younger mixed the cards he left with his discard (law 37).
    left_mixed: bool,
    /// The wrong pack dealt, and when it was discovered (law 15).
    wrong_pack: dealing::Discovery,
    /// A deal out of turn said, and when (law 16).
    out_of_turn: dealing::Discovery,
    /// Whether the `dealer` lines show this deal dealt out of turn (law 16).
    pub dealt_out_of_turn: bool,
    /// Whether it was dealt by the player who cut the higher card (AC1).
    dealt_against_cut: bool,
    /// Several cards exposed in cutting for deal, under AC1: the cutter,
    /// the lowest card exposed, and where, while the adversary may take it
    /// as the card cut.
    exposed_cut: Option<(PlayerId, Card, Span)>,
    /// Whether a deal of the partie has stood before this one (law 4: the
    /// choice of cards is made at the commencement of the partie).
    pub partie_begun: bool,
    /// The number each player deals by, once he has chosen (law 9).
    pub modes: [Option<u8>; 2],
    /// Carte blanche told and shown (laws 19, 20).
    carte_blanche: carte_blanche::Notice,
    /// The player who saw the cards left against the younger's election,
    /// from whom a suit may be called (AC12).
    left_seen_by: Option<PlayerId>,
    /// The suit called from him for his next lead (AC12).
    pub called_suit: Option<(PlayerId, Suit)>,
    /// The suit the elder named as his first lead, to which he is held
    /// (the French rules, 9e).
    pub named_suit: Option<Suit>,
}

impl Conduct {
    /// A fresh memory for a new deal.
    pub fn new() -> Conduct {
        Conduct::default()
    }

    /// Laws 5, 7: whether an exposure from the pack is made in cutting (for
    /// deal, or to the dealer) or in reuniting the separated packets: after
    /// a cut, before the dealer has begun to deal and before a hand is
    /// taken up. Law 13 is the dealer's exposure in dealing.
    pub fn exposes_in_cutting(&self, from: Option<&Place>) -> bool {
        let from_pack = from.is_none_or(|place| place.kind == PlaceKind::Pack);
        from_pack && self.last_cut.is_some() && !self.dealing && !self.taken_up
    }

    /// Laws 38, 39: how many cards this player announced he was dealt,
    /// before the elder took up a card of the stock.
    pub fn announced(&self, player: PlayerId) -> Option<u8> {
        self.announced[player.index()].map(|(n, _)| n)
    }

    /// Where the first announcement of a wrong number dealt was made.
    pub fn announced_at(&self) -> Option<Span> {
        self.announced
            .iter()
            .flatten()
            .map(|(_, span)| *span)
            .min_by_key(|s| s.start)
    }

    /// Laws 38, 39: whether either player announced a wrong number of cards
    /// dealt him before the elder took up a card of the stock.
    pub fn misdeal_announced(&self) -> bool {
        self.announced.iter().any(Option::is_some)
    }

    /// Whether this player has shown his carte blanche (law 19).
    pub fn carte_blanche_shown(&self, player: PlayerId) -> bool {
        self.carte_blanche.shown(player)
    }

    /// Rules one event, as it stands at `moment`: the rulings are added to
    /// `out`. Each law is handed only the events it reads (`readers`, from
    /// [`Readers::of`]); `moment` is wanted only where one of them does.
    #[inline]
    pub fn observe(
        &mut self,
        event: &Event,
        span: Span,
        readers: Readers,
        moment: Option<&Moment>,
        out: &mut Vec<Ruling>,
    ) {
        match event {
            Event::Act { player, act } => self.act(*player, act, span, readers, moment, out),
            other => {
                if let Some(moment) = moment.filter(|_| readers.pack) {
                    pack::event(other, span, moment, self.cut_for_deal_made(), out);
                }
            }
        }
    }

    fn act(
        &mut self,
        player: PlayerId,
        act: &Act,
        span: Span,
        readers: Readers,
        moment: Option<&Moment>,
        out: &mut Vec<Ruling>,
    ) {
        if let Some(moment) = moment {
            if readers.cutting {
                cutting::act(self, player, act, span, moment, out);
            }
            if readers.dealing {
                dealing::act(self, player, act, span, moment, out);
            }
            if readers.exchange {
                exchange::act(self, player, act, span, moment, out);
            }
            if readers.carte_blanche {
                carte_blanche::act(self, player, act, span, moment, out);
            }
        }
        dealing::offer_lapses(self, act);
        self.after_act(player, act, span, out);
    }

    /// What every act is read for, whatever law it falls under: law 76's
    /// new cards called for after a cut, the moment a hand is taken up,
    /// and a claim of a fresh deal (laws 10-17).
    fn after_act(&mut self, player: PlayerId, act: &Act, span: Span, out: &mut Vec<Ruling>) {
        pack::act(
            player,
            act,
            span,
            matches!(self.last_cut, Some((_, false))),
            out,
        );
        if matches!(
            act,
            Act::TakesUpHand
                | Act::Discards(_)
                | Act::Takes(_)
                | Act::Calls(_)
                | Act::Leads(_)
                | Act::Plays(_)
        ) {
            self.taken_up = true;
            self.taken_up_by[player.index()] = true;
            self.last_cut = None;
        }
        if let Act::Claims(Claim::FreshDeal) = act {
            self.fresh_deal_claims.push((player, span));
        }
    }

    /// Whether a cut for deal was made in this deal (law 6).
    fn cut_for_deal_made(&self) -> bool {
        self.cut_for_deal.iter().any(Option::is_some)
    }

    /// What is ruled once the deal's events are all read: a misdeal not
    /// put right (laws 10-12), a carte blanche never shown (law 19).
    pub fn finish(&self, dealt: &Dealt, moment: &Moment) -> Vec<Ruling> {
        let mut out = Vec::new();
        out.extend(cutting::shuffled_last(self));
        out.extend(cutting::exposure_not_taken(self, moment));
        dealing::finish(self, dealt, moment, &mut out);
        carte_blanche::finish(self, moment, &mut out);
        out
    }
}

/// Case III: "The law does not contemplate the offer of a fresh deal. A
/// fresh deal is a matter of agreement between the players." A claim of a
/// fresh deal that no ruling of the deal gives the claimant, and no
/// agreement, is refused.
pub fn unfounded_claims(conduct: &Conduct, rulings: &[Ruling]) -> Vec<Ruling> {
    let given = |player: PlayerId| {
        conduct.agreed
            || rulings.iter().any(|r| match r.penalty {
                Penalty::FreshDeal => true,
                Penalty::FreshDealOption { .. } => r.offender == Some(player.other()),
                _ => false,
            })
    };
    let mut out: Vec<Ruling> = Vec::new();
    for &(player, span) in &conduct.fresh_deal_claims {
        if !given(player) && !out.iter().any(|r| r.offender == Some(player)) {
            out.push(ruling(
                Irregularity::FreshDealNotGiven,
                Some(player),
                &[],
                Penalty::Refused,
                span,
            ));
        }
    }
    out
}

/// Whether the conduct laws read this act (so it is not reported as
/// uninterpreted).
pub fn interprets(act: &Act) -> bool {
    matches!(
        act,
        Act::Shuffles
            | Act::Cuts { .. }
            | Act::ConfusesCards
            | Act::Chooses(_)
            | Act::DealsBy(_)
            | Act::Misdeals(_)
            | Act::RectifiesDeal
            | Act::DealsWrongPack
            | Act::DealsOutOfTurn
            | Act::CompletesDeal
            | Act::CollectsCards
            | Act::CallsForNewCards
            | Act::TakesUpHand
            | Act::AnnouncesCards(_)
            | Act::OffersFreshDeal
            | Act::Accepts
            | Act::Refuses
            | Act::WithdrawsOffer
            | Act::Claims(Claim::FreshDeal | Claim::AlterDiscard | Claim::ReckonsNothing(_))
            | Act::Names(_)
            | Act::Elects { .. }
            | Act::Sees { .. }
            | Act::Examines(_)
            | Act::Mixes { .. }
            | Act::Exposes {
                from: Some(Place {
                    kind: PlaceKind::Pack,
                    ..
                }),
                ..
            }
    )
}

/// How many cards each hand and the stock held as dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Cards in the elder's hand.
    pub elder: usize,
    /// Cards in the younger's hand.
    pub younger: usize,
    /// Cards in the stock.
    pub stock: usize,
}

/// The deal as dealt, for the laws of a wrong deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dealt {
    /// The counts, as far as the transcript gives them: hands and stock
    /// written in full, or announced (law 38).
    pub counts: Option<Counts>,
    /// Where the first wrong hand or stock line is written.
    pub span: Option<Span>,
}

/// A ruling, shortly.
fn ruling(
    irregularity: Irregularity,
    offender: Option<PlayerId>,
    laws: &'static [&'static str],
    penalty: Penalty,
    span: Span,
) -> Ruling {
    Ruling::at(irregularity, offender, laws, penalty, span)
}

/// The moment before anything is done in a Portland deal, B dealing.
#[cfg(test)]
pub fn start() -> Moment {
    Moment {
        phase: Phase::Exchange,
        elder: PlayerId(0),
        dealer: Some(PlayerId(1)),
        taken_in: [false; 2],
        pack: 32,
        hand: 12,
        discarded: [false; 2],
        blanche: [false; 2],
        touched: [false; 2],
        alter_excepted: [false; 2],
        rules: crate::engine::ruleset::PORTLAND.exchange_rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read;

    /// The way before [`Readers`]: every law handed every event, the
    /// [`Moment`] made for each. Kept as the reference the routing is
    /// checked against.
    fn every_law(
        conduct: &mut Conduct,
        event: &Event,
        span: Span,
        moment: &Moment,
        out: &mut Vec<Ruling>,
    ) {
        let Event::Act { player, act } = event else {
            pack::event(event, span, moment, conduct.cut_for_deal_made(), out);
            return;
        };
        let player = *player;
        cutting::act(conduct, player, act, span, moment, out);
        dealing::act(conduct, player, act, span, moment, out);
        dealing::offer_lapses(conduct, act);
        exchange::act(conduct, player, act, span, moment, out);
        carte_blanche::act(conduct, player, act, span, moment, out);
        conduct.after_act(player, act, span, out);
    }

    /// The moments each event is tried at: the start of a deal, and later
    /// ones where the laws that turn on them rule.
    fn moments() -> Vec<Moment> {
        let start = start();
        vec![
            start,
            Moment {
                dealer: None,
                ..start
            },
            Moment {
                phase: Phase::Play,
                taken_in: [true; 2],
                discarded: [true; 2],
                touched: [true; 2],
                blanche: [true, false],
                ..start
            },
            Moment {
                blanche: [false, true],
                discarded: [false, true],
                touched: [false, true],
                rules: crate::engine::ruleset::CLASSIC.exchange_rules,
                ..start
            },
            Moment {
                alter_excepted: [true; 2],
                taken_in: [true, false],
                rules: crate::engine::ruleset::AU_CENT.exchange_rules,
                ..start
            },
        ]
    }

    /// Each law handed only the events it reads rules every event of the
    /// law fixtures as every law handed every event does: the same rulings
    /// and the same state after each event.
    #[test]
    fn readers_route_as_every_law_reads() {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut files: Vec<_> = ["laws", "french", "au-cent", "fixtures/slips"]
            .iter()
            .flat_map(|dir| std::fs::read_dir(format!("{root}/tests/{dir}")).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "pqt"))
            .collect();
        files.sort();
        assert!(files.len() > 50);
        let mut events = 0;
        for file in &files {
            let reading = read(&std::fs::read(file).unwrap());
            for moment in moments() {
                for deal in &reading.transcript.deals {
                    let (mut routed, mut every) = (Conduct::new(), Conduct::new());
                    let (mut routed_out, mut every_out) = (Vec::new(), Vec::new());
                    for entry in &deal.events {
                        let readers = Readers::of(&entry.event);
                        let given = readers.any().then_some(&moment);
                        routed.observe(&entry.event, entry.span, readers, given, &mut routed_out);
                        every_law(
                            &mut every,
                            &entry.event,
                            entry.span,
                            &moment,
                            &mut every_out,
                        );
                        assert_eq!(routed_out, every_out, "{file:?} {:?}", entry.event);
                        assert_eq!(
                            format!("{routed:?}"),
                            format!("{every:?}"),
                            "{file:?} {:?}",
                            entry.event
                        );
                        events += 1;
                    }
                }
            }
        }
        assert!(events > 1000, "{events}");
    }
}
