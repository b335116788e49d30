//! `referee generate --game ecarte`: random, legal écarté deals and games.
//!
//! Each deal is shuffled from the seed and dealt five cards each, by three
//! and two or two and three, each dealer keeping the order he began with
//! (law 8); the next card is turned up (law 10). A king turned up is the
//! dealer's (laws 22, 47), its `marks king` line written or not; a king of
//! trumps held is announced before its holder's first card (laws 23, 47),
//! or sometimes not at all. The non-dealer proposes a number of cards or
//! stands; the dealer accepts or refuses (laws 26, 27); the discards and
//! the cards given follow, the non-dealer first (law 28), and further
//! proposals while the stock has cards for both (law 38 never arises).
//! The play keeps law 43's duties: follow suit, win the trick when able,
//! trump when unable to follow. Each deal ends with its `written` marks,
//! counted here from laws 22-24, 46-49 (the king first, then the point or
//! vole; law 49's two; nothing marked once the game is won, law 46), so
//! that the referee's own count is checked against them. Deals alternate,
//! across games, and are numbered from 1 in each game; they are written
//! as they are made, in flat memory.

use std::fmt::Write;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::engine::ecarte::order::{beats, playable, strength};
use crate::notation::{cards_text, PlayerId};

use super::Random;

const NAMES: [&str; 2] = ["A", "B"];

fn name(player: PlayerId) -> &'static str {
    NAMES[player.index()]
}

/// Law 46: "The game is five up."
const UP: u32 = 5;

/// `deals` random écarté deals as one transcript, from `seed`;
/// `[Stakes "graded"]` when `graded` (law 46 by agreement).
pub fn transcript(deals: u32, seed: u64, graded: bool) -> String {
    let mut out = Vec::with_capacity(deals as usize * 300 + 120);
    let written = write(&mut out, deals, seed, graded);
    debug_assert!(written.is_ok(), "writing to memory does not fail");
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `deals` random écarté deals to `out` as one transcript, deal by
/// deal, in flat memory however many there are.
pub fn write(
    out: &mut dyn std::io::Write,
    deals: u32,
    seed: u64,
    graded: bool,
) -> std::io::Result<()> {
    let mut head = String::new();
    let _ = writeln!(head, "[Game \"Ecarte\"]");
    let _ = writeln!(head, "[Players \"A B\"]");
    if graded {
        let _ = writeln!(head, "[Stakes \"graded\"]");
    }
    let _ = writeln!(head, "[Event \"Generated, seed {seed}\"]");
    out.write_all(head.as_bytes())?;
    let mut random = Random::new(seed);
    // Law 8: each dealer's order of distribution, kept throughout.
    let orders = [random.below(2) == 0, random.below(2) == 0];
    let mut game = [0u32; 2];
    let mut text = String::with_capacity(1024);
    // Deals are numbered from 1 in each game (law 46: five up).
    let mut number = 1;
    for index in 0..deals {
        let dealer = PlayerId((index % 2) as u8 ^ 1);
        text.clear();
        text.push('\n');
        let marks = deal(
            &mut text,
            number,
            dealer,
            orders[dealer.index()],
            &mut random,
        );
        // Law 46: the marks in the order made, none once five is reached.
        let mut counted = [0u32; 2];
        for (player, points) in marks {
            if game.iter().any(|g| *g >= UP) {
                break;
            }
            game[player.index()] += points;
            counted[player.index()] += points;
        }
        let _ = writeln!(text, "written A {}, B {}", counted[0], counted[1]);
        number += 1;
        if game.iter().any(|g| *g >= UP) {
            game = [0; 2];
            number = 1;
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// One deal, written to `out` (without its `written` line): the marks made
/// in it, in the order made (laws 22-24, 47-49).
fn deal(
    out: &mut String,
    number: u32,
    dealer: PlayerId,
    three_first: bool,
    random: &mut Random,
) -> Vec<(PlayerId, u32)> {
    let mut pack: Vec<Card> = Card::piquet_pack().collect();
    for i in (1..pack.len()).rev() {
        pack.swap(i, random.below(i + 1));
    }
    let non_dealer = dealer.other();
    // Law 8: by three then two, or two then three, the non-dealer first.
    let (first, second) = if three_first { (3, 2) } else { (2, 3) };
    let mut hands = [CardSet::EMPTY; 2];
    let mut at = 0;
    for count in [first, second] {
        for player in [non_dealer, dealer] {
            for card in &pack[at..at + count] {
                hands[player.index()].insert(*card);
            }
            at += count;
        }
    }
    let turnup = pack[10];
    let trumps = Some(turnup.suit);
    let stock = &pack[11..];
    let _ = writeln!(out, "deal {number}\ndealer {}", name(dealer));
    for player in [non_dealer, dealer] {
        let _ = writeln!(out, "hand {}: {}", name(player), hands[player.index()]);
    }
    let _ = writeln!(out, "turnup: {turnup}");
    let _ = writeln!(out, "stock: {}", cards_text(stock));
    let _ = writeln!(out, "{} deals by {first} and {second}", name(dealer));
    let _ = writeln!(out, "{} turns up {turnup}", name(dealer));

    let mut marks = Vec::new();
    // Laws 22, 47: the king turned up is the dealer's, marked or not.
    if turnup.rank == Rank::King {
        marks.push((dealer, 1));
        if random.below(3) > 0 {
            let _ = writeln!(out, "{} marks king", name(dealer));
        }
    }

    // Laws 26-28: proposals, the non-dealer's discard and cards first.
    let mut next = 0;
    let mut first_choice = None;
    loop {
        let left = stock.len() - next;
        // Each needs a card at least: law 38's short stock never arises.
        if left < 2 {
            break;
        }
        let strong = hands[non_dealer.index()].suit(turnup.suit).len() >= 2;
        if random.below(if strong { 2 } else { 5 }) == 0 {
            let _ = writeln!(out, "{} stands", name(non_dealer));
            if first_choice.is_none() {
                first_choice = Some(Choice::Stood);
            }
            break;
        }
        // Asking for no more cards than he holds outside trumps.
        let weak = 5 - hands[non_dealer.index()].suit(turnup.suit).len();
        let asked = random.between(1, weak.clamp(1, 5).min(left - 1));
        if random.below(4) == 0 {
            let _ = writeln!(out, "{} proposes", name(non_dealer));
        } else {
            let _ = writeln!(out, "{} proposes {asked}", name(non_dealer));
        }
        let content = hands[dealer.index()].suit(turnup.suit).len() >= 2;
        if random.below(if content { 2 } else { 5 }) == 0 {
            let _ = writeln!(out, "{} refuses", name(dealer));
            if first_choice.is_none() {
                first_choice = Some(Choice::Refused);
            }
            break;
        }
        let _ = writeln!(out, "{} accepts", name(dealer));
        first_choice.get_or_insert(Choice::Accepted);
        let weak = 5 - hands[dealer.index()].suit(turnup.suit).len();
        let given = random.between(1, weak.clamp(1, 5).min(left - asked));
        for (player, count) in [(non_dealer, asked), (dealer, given)] {
            let p = player.index();
            let discard = choose_discard(hands[p], count, trumps, random);
            let _ = writeln!(out, "{} discards {discard}", name(player));
            hands[p] = hands[p].minus(discard);
            let taken = &stock[next..next + count];
            next += count;
            hands[p] = hands[p].or(taken.iter().copied().collect());
            if random.below(2) == 0 {
                let _ = writeln!(out, "{} takes {count}", name(player));
            } else {
                let _ = writeln!(out, "{} takes {}", name(player), cards_text(taken));
            }
        }
    }
    if first_choice.is_none() {
        // The stock could not serve a proposal: the non-dealer plays.
        let _ = writeln!(out, "{} stands", name(non_dealer));
        first_choice = Some(Choice::Stood);
    }

    // Laws 23, 47: the king of trumps held, announced before the first card,
    // the non-dealer first; sometimes not announced, and then not marked.
    let king = Card::new(Rank::King, turnup.suit);
    for player in [non_dealer, dealer] {
        if hands[player.index()].contains(king) && random.below(5) > 0 {
            let _ = writeln!(out, "{} announces king", name(player));
            marks.push((player, 1));
        }
    }

    let won = play(out, hands, non_dealer, trumps, random);
    // Law 48: three or four tricks the point, five the vole; law 49: two
    // for the point against a non-dealer who stood or a dealer who refused
    // the first proposal.
    for player in [non_dealer, dealer] {
        let tricks = won[player.index()];
        let points = match (tricks, first_choice) {
            (5, _) => 2,
            (3 | 4, Some(Choice::Stood)) if player == dealer => 2,
            (3 | 4, Some(Choice::Refused)) if player == non_dealer => 2,
            (3 | 4, _) => 1,
            _ => 0,
        };
        if points > 0 {
            marks.push((player, points));
        }
    }
    marks
}

/// What the non-dealer did first, or the dealer answered (law 49).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    Stood,
    Refused,
    Accepted,
}

/// Puts out `count` cards, the weakest first, the trumps last.
fn choose_discard(
    hand: CardSet,
    count: usize,
    trumps: Option<Suit>,
    random: &mut Random,
) -> CardSet {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| (trumps == Some(c.suit), strength(c.rank), random.below(4)));
    cards.into_iter().take(count).collect()
}

/// The five tricks, law 43's duties kept; the tricks each player won.
fn play(
    out: &mut String,
    mut hands: [CardSet; 2],
    non_dealer: PlayerId,
    trumps: Option<Suit>,
    random: &mut Random,
) -> [u8; 2] {
    let mut leader = non_dealer;
    let mut won = [0u8; 2];
    let mut line = String::from("play");
    for number in 1..=5 {
        let cards: Vec<Card> = hands[leader.index()].iter().collect();
        let led = if random.below(2) == 0 {
            cards[random.below(cards.len())]
        } else {
            *cards
                .iter()
                .max_by_key(|c| (trumps == Some(c.suit), strength(c.rank)))
                .unwrap_or(&cards[0])
        };
        hands[leader.index()].remove(led);
        let follower = leader.other();
        // Law 43: follow suit, win when able, trump when unable to follow.
        let allowed: Vec<Card> = playable(hands[follower.index()], led, trumps)
            .iter()
            .collect();
        let played = allowed[random.below(allowed.len())];
        hands[follower.index()].remove(played);
        let _ = write!(line, " {number}. {led} {played}");
        if !beats(played, led, trumps) {
            won[leader.index()] += 1;
        } else {
            won[follower.index()] += 1;
            leader = follower;
        }
    }
    let _ = writeln!(out, "{line}");
    won
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_text() {
        assert_eq!(transcript(3, 7, false), transcript(3, 7, false));
        assert_ne!(transcript(3, 7, false), transcript(3, 8, false));
    }
}
