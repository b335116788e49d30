//! `referee generate`: random, legal transcripts for tests and benchmarks.
//!
//! Each deal is shuffled from a seed, exchanged within the laws (21, 22, 32),
//! declared truthfully in the order of law 46 (point, sequence, quatorze or
//! trio), and played following suit (law 59.IV). The calls are as the rule
//! set asks: under Portland the point by its cards, the younger asking
//! "making" when his point has as many (law 46); under au cent the point
//! with what it makes (AC15), the elder showing what he called good or
//! equal before he leads (AC18), and the younger his superiority or
//! equality before he plays to the first trick (AC22); sequences are called to their top card and
//! quatorzes and trios by their rank (AC16) under both. Deals are numbered
//! 1 to 6 in each partie of six (laws 16, 71), or from 1 in each partie of
//! games until it is won (AC29), and the dealers alternate. The deals are
//! written as they are made, so any number is made in flat memory.
//! The same seed always gives the same text.

pub mod ecarte;

use std::fmt::Write;

use crate::agreements::{self, Agreements};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::engine::declarations::ways::{PointCall, Showing};
use crate::engine::declarations::{beats, Holding};
use crate::engine::holding::{self, Point, Sequence, Set};
use crate::engine::ruleset::{PartieLength, RuleSet};
use crate::engine::Referee;
use crate::notation::{cards_text, sequence_name, PlayerId};

/// A small, fast pseudo-random generator (SplitMix64): reproducible from its seed.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }
}

const NAMES: [&str; 2] = ["A", "B"];

fn name(player: PlayerId) -> &'static str {
    NAMES[player.index()]
}

/// `deals` random deals as one transcript, from `seed`.
pub fn transcript(deals: u32, seed: u64, rules: &'static RuleSet) -> String {
    agreed_transcript(deals, seed, rules, Agreements::NONE)
}

/// `deals` random deals as one transcript, from `seed`, the players having
/// made `agreements` (AC25, AC26), which the transcript's `Agreements` tag
/// records. They change the scoring only, not the deals.
pub fn agreed_transcript(
    deals: u32,
    seed: u64,
    rules: &'static RuleSet,
    agreements: Agreements,
) -> String {
    let mut out = Vec::with_capacity(deals as usize * 480 + 120);
    let written = write(&mut out, deals, seed, rules, agreements);
    debug_assert!(written.is_ok(), "writing to memory does not fail");
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `deals` random deals to `out` as one transcript, deal by deal,
/// in flat memory however many there are.
pub fn write(
    out: &mut dyn std::io::Write,
    deals: u32,
    seed: u64,
    rules: &'static RuleSet,
    agreements: Agreements,
) -> std::io::Result<()> {
    let mut head = String::new();
    let _ = writeln!(head, "[Game \"Piquet\"]");
    let _ = writeln!(head, "[Rules \"{}\"]", rules.rules.name());
    let _ = writeln!(head, "[Players \"A B\"]");
    if !agreements.is_none() {
        let _ = writeln!(head, "[{} \"{agreements}\"]", agreements::TAG);
    }
    let _ = writeln!(head, "[Event \"Generated, seed {seed}\"]");
    out.write_all(head.as_bytes())?;
    let mut random = Random::new(seed);
    let mut numbers = Numbering::new(rules, agreements);
    let mut text = String::with_capacity(1024);
    for index in 0..deals {
        let dealer = PlayerId((index % 2) as u8 ^ 1);
        text.clear();
        text.push('\n');
        deal(&mut text, numbers.next(), dealer, &mut random, rules);
        out.write_all(text.as_bytes())?;
        numbers.played(&text);
    }
    Ok(())
}

/// The number of each deal: 1 to 6 in each partie of six (law 71); in a
/// partie played in games, on from 1 until the referee finds the partie
/// won (AC29), then from 1 again for the next.
enum Numbering {
    /// A partie of so many deals.
    Deals { deals: u32, next: u32 },
    /// A partie of games, ruled deal by deal to know when it is won.
    Games { referee: Box<Referee>, next: u32 },
}

impl Numbering {
    fn new(rules: &'static RuleSet, agreements: Agreements) -> Numbering {
        match rules.partie_deals(PartieLength::Standard) {
            Some(deals) => Numbering::Deals {
                deals: deals.max(1),
                next: 1,
            },
            None => {
                let agreed = (rules.agreed)(agreements).unwrap_or(rules);
                let referee = Box::new(Referee::with(agreed, PartieLength::Standard));
                Numbering::Games { referee, next: 1 }
            }
        }
    }

    fn next(&self) -> u32 {
        match self {
            Numbering::Deals { next, .. } | Numbering::Games { next, .. } => *next,
        }
    }

    /// The deal just written, as `text`.
    fn played(&mut self, text: &str) {
        match self {
            Numbering::Deals { deals, next } => *next = *next % *deals + 1,
            Numbering::Games { referee, next } => {
                let reading = crate::notation::read_str(text);
                for deal in &reading.transcript.deals {
                    referee.deal(deal);
                }
                *next = if referee.standing().complete {
                    1
                } else {
                    *next + 1
                };
            }
        }
    }
}

/// One deal, written to `out`.
pub fn deal(out: &mut String, number: u32, dealer: PlayerId, random: &mut Random, rules: &RuleSet) {
    let mut pack: Vec<Card> = Card::old_pack()
        .filter(|c| c.rank >= rules.lowest)
        .collect();
    for i in (1..pack.len()).rev() {
        pack.swap(i, random.below(i + 1));
    }
    let elder = dealer.other();
    let mut hands = [CardSet::EMPTY; 2];
    hands[elder.index()] = pack[..rules.hand].iter().copied().collect();
    hands[dealer.index()] = pack[rules.hand..2 * rules.hand].iter().copied().collect();
    let stock = &pack[2 * rules.hand..];
    let _ = writeln!(out, "deal {number}\ndealer {}", name(dealer));
    for player in [PlayerId(0), PlayerId(1)] {
        let _ = writeln!(out, "hand {}: {}", name(player), hands[player.index()]);
    }
    let _ = writeln!(out, "stock: {}", cards_text(stock));

    let blanche = hands.map(holding::is_carte_blanche);
    if rules.exchange_rules.blanche_notice.ordered() {
        exchange_in_order(out, &mut hands, stock, elder, blanche, random, rules);
    } else {
        exchange(out, &mut hands, stock, elder, blanche, random, rules);
    }

    let younger_reckons = declare(out, hands, elder, rules);
    play(out, hands, elder, younger_reckons, random);
}

/// How many cards each player exchanges: the elder one to his most (five;
/// eight in old piquet, O3), the younger one to what is left, at most the
/// cards reserved for him (three; four in old piquet). Laws 21, 22; 4b, 4d.
fn counts(stock: usize, random: &mut Random, rules: &RuleSet) -> [usize; 2] {
    let elder_most = rules.elder_exchange.min(stock);
    let elder = random.between(1, elder_most.max(1));
    let left = stock - elder;
    let reserved = rules.stock - rules.elder_exchange;
    let younger = if left == 0 {
        0
    } else {
        random.between(1, left.min(reserved).max(1))
    };
    [elder, younger]
}

/// Law 20: carte blanche is announced at once, and shown after the
/// adversary discards. Laws 21, 22, 32: the elder exchanges, then the
/// younger what is left.
fn exchange(
    out: &mut String,
    hands: &mut [CardSet; 2],
    stock: &[Card],
    elder: PlayerId,
    blanche: [bool; 2],
    random: &mut Random,
    rules: &RuleSet,
) {
    let dealer = elder.other();
    for player in [elder, dealer] {
        if blanche[player.index()] {
            let _ = writeln!(out, "{} announces carte blanche", name(player));
        }
    }
    let mut next = 0;
    for player in [elder, dealer] {
        let p = player.index();
        let left = stock.len() - next;
        if left == 0 {
            break;
        }
        let most = if player == elder {
            rules.elder_exchange.min(left)
        } else {
            left
        };
        let reserved = rules.stock - rules.elder_exchange;
        let count = random.between(
            1,
            most.min(if player == elder {
                rules.elder_exchange
            } else {
                reserved
            })
            .max(1),
        );
        let discard = choose_discard(hands[p], count, random);
        let _ = writeln!(out, "{} discards {discard}", name(player));
        hands[p] = hands[p].minus(discard);
        if player == elder && count < most {
            let _ = writeln!(out, "{} leaves {}", name(player), most - count);
        }
        take(out, hands, player, &stock[next..next + count], random);
        next += count;
        let other = player.other();
        if blanche[other.index()] {
            let _ = writeln!(out, "{} shows carte blanche", name(other));
        }
    }
}

/// The French rules, 4b-4h: the elder exchanges, then the dealer. The
/// dealer's carte blanche is declared and shown once the elder has taken
/// in, before the dealer discards (4g); the elder's is declared with the
/// number he leaves, the dealer discarding first without taking, then the
/// elder shows, discards and takes, then the dealer takes (4h). Where both
/// hold one (old piquet, O5), the dealer declares his before his discard.
fn exchange_in_order(
    out: &mut String,
    hands: &mut [CardSet; 2],
    stock: &[Card],
    elder: PlayerId,
    blanche: [bool; 2],
    random: &mut Random,
    rules: &RuleSet,
) {
    let dealer = elder.other();
    let [e, d] = [elder.index(), dealer.index()];
    let [elder_count, dealer_count] = counts(stock.len(), random, rules);
    let elder_most = rules.elder_exchange.min(stock.len());
    let leaves = elder_most - elder_count;
    let elder_discard = choose_discard(hands[e], elder_count, random);
    let dealer_discard = choose_discard(hands[d], dealer_count, random);
    let elder_takes = &stock[..elder_count];
    let dealer_takes = &stock[elder_count..elder_count + dealer_count];
    let (e_name, d_name) = (name(elder), name(dealer));
    if blanche[e] {
        // 4h: declared, the number left announced, the dealer first.
        let _ = writeln!(out, "{e_name} announces carte blanche");
        let _ = writeln!(out, "{e_name} leaves {leaves}");
        if blanche[d] {
            let _ = writeln!(out, "{d_name} announces carte blanche");
        }
        let _ = writeln!(out, "{d_name} discards {dealer_discard}");
        let _ = writeln!(out, "{e_name} shows carte blanche");
        let _ = writeln!(out, "{e_name} discards {elder_discard}");
        hands[e] = hands[e].minus(elder_discard);
        take(out, hands, elder, elder_takes, random);
        if blanche[d] {
            let _ = writeln!(out, "{d_name} shows carte blanche");
        }
    } else {
        let _ = writeln!(out, "{e_name} discards {elder_discard}");
        hands[e] = hands[e].minus(elder_discard);
        if leaves > 0 {
            let _ = writeln!(out, "{e_name} leaves {leaves}");
        }
        take(out, hands, elder, elder_takes, random);
        if blanche[d] {
            // 4g: declared and shown once the elder has taken in.
            let _ = writeln!(out, "{d_name} announces carte blanche");
            let _ = writeln!(out, "{d_name} shows carte blanche");
        }
        let _ = writeln!(out, "{d_name} discards {dealer_discard}");
    }
    hands[d] = hands[d].minus(dealer_discard);
    if dealer_count > 0 {
        take(out, hands, dealer, dealer_takes, random);
    }
}

/// A player takes `taken` from the top of the stock, written by number or
/// by the cards.
fn take(
    out: &mut String,
    hands: &mut [CardSet; 2],
    player: PlayerId,
    taken: &[Card],
    random: &mut Random,
) {
    let p = player.index();
    hands[p] = hands[p].or(taken.iter().copied().collect());
    if random.below(2) == 0 {
        let _ = writeln!(out, "{} takes {}", name(player), taken.len());
    } else {
        let _ = writeln!(out, "{} takes {}", name(player), cards_text(taken));
    }
}

/// Puts out `count` cards, mostly low ones from short suits.
fn choose_discard(hand: CardSet, count: usize, random: &mut Random) -> CardSet {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| {
        let length = hand.suit(c.suit).len();
        (c.rank as usize * 2 + length, random.below(4))
    });
    cards.into_iter().take(count).collect()
}

/// The words for a sequence, stating its top card: `quart major in spades`.
fn sequence_words(s: &Sequence) -> String {
    let top = if s.top == Rank::Ace {
        "major".to_string()
    } else {
        format!("to {}", s.top.word())
    };
    format!("{} {top} in {}", sequence_name(s.length), s.suit.name())
}

/// The words for a quatorze or trio: `four knaves`.
fn set_words(s: &Set) -> String {
    let count = if s.count == 4 { "four" } else { "three" };
    format!("{count} {}", s.rank.plural())
}

fn point_words(p: &Point) -> String {
    format!("point {} making {} in {}", p.cards, p.value, p.suit.name())
}

/// The cards of a point or sequence, to show (AC18); none for the others.
fn shown(holding: &Holding, hand: CardSet) -> CardSet {
    match holding {
        Holding::Point(p) => hand.suit(p.suit),
        Holding::Sequence(s) => hand
            .suit(s.suit)
            .iter()
            .filter(|c| c.rank <= s.top && c.rank as u8 + s.length > s.top as u8)
            .collect(),
        Holding::CarteBlanche | Holding::Set(_) => CardSet::EMPTY,
    }
}

/// The words for any holding.
fn words(holding: &Holding) -> String {
    match holding {
        Holding::CarteBlanche => "carte blanche".to_string(),
        Holding::Point(p) => point_words(p),
        Holding::Sequence(s) => sequence_words(s),
        Holding::Set(s) => set_words(s),
    }
}

/// Truthful calls, replies and the elder's reckoning (laws 46-49). Returns
/// the younger's lines before he plays to the first trick, after the elder
/// leads: his showing (AC22) and his reckoning.
fn declare(
    out: &mut String,
    hands: [CardSet; 2],
    elder: PlayerId,
    rules: &RuleSet,
) -> Option<String> {
    let younger = elder.other();
    let [e, y] = [hands[elder.index()], hands[younger.index()]];
    let mut reckon: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut show: [Vec<Holding>; 2] = [Vec::new(), Vec::new()];
    if let (Some(ep), Some(yp)) = (holding::best_point(e, rules), holding::best_point(y, rules)) {
        call_point(out, &ep, &yp, elder, rules);
        let (ep, yp) = (Holding::Point(ep), Holding::Point(yp));
        let good = reply(out, &ep, &yp, younger, rules);
        for w in good.map_or(vec![0, 1], |w| vec![w]) {
            show[w].push([ep, yp][w]);
        }
        if let Some(w) = good {
            reckon[w].push(words(&[ep, yp][w]));
        }
    }
    // Sequences, then quatorzes and trios: the holder of the best reckons all his.
    let sequences = [e, y].map(|h| {
        holding::sequences(h, rules)
            .into_iter()
            .map(Holding::Sequence)
            .collect()
    });
    let [elder_shows, younger_shows] = category(out, &mut reckon, elder, sequences, rules);
    show[0].extend(elder_shows);
    show[1].extend(younger_shows);
    let sets = [e, y].map(|h| {
        holding::sets(h, rules)
            .into_iter()
            .map(Holding::Set)
            .collect()
    });
    category(out, &mut reckon, elder, sets, rules);
    let mut lines: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    // AC18: the elder shows what he called good or equal before he leads;
    // AC22: the younger shows his superiority or equality before he plays.
    // The French rules, 9b, 11b: each shows the point and sequences he
    // scores (and 11c, the dealer what he holds equal).
    if matches!(
        rules.calling.showing,
        Showing::BeforeLeading | Showing::ToScore
    ) {
        for (p, player) in [elder, younger].into_iter().enumerate() {
            let hand = [e, y][p];
            for cards in show[p]
                .iter()
                .map(|h| shown(h, hand))
                .filter(|c| !c.is_empty())
            {
                lines[p].push(format!("{} shows {cards}", name(player)));
            }
        }
    }
    for (p, player) in [elder, younger].into_iter().enumerate() {
        if !reckon[p].is_empty() {
            lines[p].push(format!("{} reckons {}", name(player), reckon[p].join(", ")));
        }
    }
    let [elder_lines, younger_lines] = lines;
    for line in elder_lines {
        let _ = writeln!(out, "{line}");
    }
    (!younger_lines.is_empty()).then(|| younger_lines.join("\n"))
}

/// The elder's call of his point: by its cards, the younger asking
/// "making" when his point has as many (law 46); or with what it makes
/// (AC15), which leaves nothing to ask.
fn call_point(
    out: &mut String,
    elder_point: &Point,
    younger_point: &Point,
    elder: PlayerId,
    rules: &RuleSet,
) {
    let (cards, value) = (elder_point.cards, elder_point.value);
    match rules.calling.point {
        PointCall::Making => {
            let _ = writeln!(out, "{} calls point {cards} making {value}", name(elder));
        }
        PointCall::Cards => {
            let _ = writeln!(out, "{} calls point {cards}", name(elder));
            if younger_point.cards == cards {
                let _ = writeln!(out, "{} asks making", name(elder.other()));
                let _ = writeln!(out, "{} answers making {value}", name(elder));
            }
        }
    }
}

/// One called category: the elder calls his best, the younger replies, and
/// the holder of the best reckons all of his. Index 0 is the elder's.
/// Returns what each shows where the rule set asks: all the good holder
/// reckons, or each his best where they are equal (AC18, AC22).
fn category(
    out: &mut String,
    reckon: &mut [Vec<String>; 2],
    elder: PlayerId,
    held: [Vec<Holding>; 2],
    rules: &RuleSet,
) -> [Vec<Holding>; 2] {
    let younger = elder.other();
    let best = |list: &[Holding]| {
        list.iter()
            .copied()
            .reduce(|a, b| if beats(&b, &a, rules) { b } else { a })
    };
    let good = match (best(&held[0]), best(&held[1])) {
        (Some(e), Some(y)) => {
            let _ = writeln!(out, "{} calls {}", name(elder), words(&e));
            reply(out, &e, &y, younger, rules)
        }
        (Some(e), None) => {
            let _ = writeln!(out, "{} calls {}", name(elder), words(&e));
            let _ = writeln!(out, "{} replies good", name(younger));
            Some(0)
        }
        (None, Some(_)) => Some(1),
        (None, None) => None,
    };
    if let Some(w) = good {
        reckon[w].extend(held[w].iter().map(words));
    }
    match good {
        Some(0) => [held[0].clone(), Vec::new()],
        Some(_) => [Vec::new(), held[1].clone()],
        None => [0, 1].map(|p| best(&held[p]).into_iter().collect()),
    }
}

/// The younger's truthful reply; who is good: 0 the elder, 1 the younger.
fn reply(
    out: &mut String,
    elder: &Holding,
    younger: &Holding,
    replier: PlayerId,
    rules: &RuleSet,
) -> Option<usize> {
    let (word, winner) = if beats(elder, younger, rules) {
        ("good", Some(0))
    } else if beats(younger, elder, rules) {
        ("not good", Some(1))
    } else {
        ("equal", None)
    };
    let _ = writeln!(out, "{} replies {word}", name(replier));
    winner
}

/// Twelve tricks, following suit: the first as `leads`/`plays`, the rest compact.
fn play(
    out: &mut String,
    mut hands: [CardSet; 2],
    elder: PlayerId,
    younger_reckons: Option<String>,
    random: &mut Random,
) {
    let mut leader = elder;
    let mut line = String::new();
    let total = hands[0].len().min(hands[1].len());
    for number in 1..=total {
        let led = choose_lead(hands[leader.index()], random);
        hands[leader.index()].remove(led);
        let follower = leader.other();
        let played = choose_follow(hands[follower.index()], led, random);
        hands[follower.index()].remove(played);
        if number == 1 {
            let _ = writeln!(out, "{} leads {led}", name(leader));
            // The younger reckons before playing to the first trick (law 56).
            if let Some(reckoning) = &younger_reckons {
                let _ = writeln!(out, "{reckoning}");
            }
            let _ = writeln!(out, "{} plays {played}", name(follower));
        } else {
            if line.is_empty() {
                line.push_str("play");
            }
            let _ = write!(line, " {number}. {led} {played}");
            if number % 6 == 1 || number == total {
                let _ = writeln!(out, "{line}");
                line.clear();
            }
        }
        leader = if played.suit == led.suit && played.rank > led.rank {
            follower
        } else {
            leader
        };
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{line}");
    }
}

/// A lead: usually the highest card of a long suit, sometimes any card.
fn choose_lead(hand: CardSet, random: &mut Random) -> Card {
    let cards: Vec<Card> = hand.iter().collect();
    if random.below(3) == 0 {
        return cards[random.below(cards.len())];
    }
    let suit = Suit::ALL
        .into_iter()
        .max_by_key(|s| (hand.suit(*s).len(), random.below(2)))
        .unwrap_or(Suit::Spades);
    hand.highest(suit).unwrap_or(cards[0])
}

/// A card played to `led`: following suit, winning cheaply when it can; else the lowest card.
fn choose_follow(hand: CardSet, led: Card, random: &mut Random) -> Card {
    let suit: Vec<Card> = hand.suit(led.suit).iter().collect();
    if !suit.is_empty() {
        let winners: Vec<Card> = suit.iter().copied().filter(|c| c.rank > led.rank).collect();
        return match (winners.last(), random.below(4)) {
            (Some(cheapest), 0..=2) => *cheapest,
            _ => suit[suit.len() - 1],
        };
    }
    hand.iter()
        .min_by_key(|c| (c.rank, random.below(4)))
        .unwrap_or(led)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ruleset::PORTLAND;

    #[test]
    fn same_seed_same_text() {
        assert_eq!(transcript(3, 7, &PORTLAND), transcript(3, 7, &PORTLAND));
        assert_ne!(transcript(3, 7, &PORTLAND), transcript(3, 8, &PORTLAND));
    }

    /// Each rule set's calls: (rule set, agreements, a line some deal has,
    /// a line no deal has).
    #[test]
    fn calls_as_each_rule_set_asks() {
        use crate::engine::ruleset::AU_CENT;
        let fours = Agreements::of(crate::agreements::Agreement::FoursCountOneLess);
        let table = [
            (&PORTLAND, Agreements::NONE, " asks making", " shows "),
            (
                &PORTLAND,
                Agreements::NONE,
                "[Rules \"portland\"]",
                "[Agreements",
            ),
            (&AU_CENT, Agreements::NONE, " shows ", " asks making"),
            (
                &AU_CENT,
                fours,
                "[Agreements \"fours-count-one-less\"]",
                " answers making",
            ),
        ];
        for (rules, agreed, has, lacks) in table {
            let text = agreed_transcript(40, 5, rules, agreed);
            assert!(text.contains(has), "{:?} {agreed}: {has}", rules.rules);
            assert!(!text.contains(lacks), "{:?} {agreed}: {lacks}", rules.rules);
        }
    }

    #[test]
    fn random_stays_in_range() {
        let mut random = Random::new(1);
        for n in 1..50 {
            assert!(random.below(n) < n);
            let x = random.between(3, 5);
            assert!((3..=5).contains(&x));
        }
    }
}
