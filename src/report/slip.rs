//! A slip of the pen in words: what the transcript says that cannot be so,
//! and how the referee ruled it all the same.

use super::irregularity::irregularity_text;
use crate::engine::slips::{Contradiction, GivenUp, Slip};
use crate::notation::Transcript;

/// What is wrong with the transcript at `slip`, in one line.
pub fn slip_text(slip: &Slip, transcript: &Transcript) -> String {
    let card = slip.card.map_or(String::new(), |c| format!("`{c}`"));
    match &slip.what {
        Contradiction::WrittenTwice { first } if *first == slip.span.line => format!(
            "{card} is written twice on this line: ruled as a redundant pack, the deal void (law 75); if it is a slip of the pen, put the transcript right"
        ),
        Contradiction::WrittenTwice { first } => format!(
            "{card} is written twice, on line {first} and here: ruled as a redundant pack, the deal void (law 75); if it is a slip of the pen, put the transcript right"
        ),
        Contradiction::NotGiven { player, how } => {
            let verb = match how {
                GivenUp::Discards => "discards",
                GivenUp::Leads => "leads",
                GivenUp::Plays => "plays",
            };
            format!(
                "{} {verb} {card}, which the transcript does not give him (not dealt to him nor taken in, or already given up): ruled 'transcript in error'",
                transcript.name(*player)
            )
        }
        Contradiction::NotInStock { player } => format!(
            "{} takes {card}, which the transcript does not put in the stock (it is dealt to a hand, or left out of the stock written): ruled as a card not taken from the top (law 23)",
            transcript.name(*player)
        ),
        Contradiction::StockShort {
            player,
            wanted,
            left,
        } => format!(
            "{} takes {wanted} cards, but the transcript leaves {left} in the stock: ruled 'transcript in error'",
            transcript.name(*player)
        ),
        Contradiction::Other(irregularity) => format!(
            "the transcript contradicts itself: {}: ruled 'transcript in error'",
            irregularity_text(irregularity, None)
        ),
    }
}
