//! Cards: suits, ranks, a card, and a set of cards, with the spellings players write.

mod card;
mod rank;
mod set;
mod suit;

pub use card::{Card, ParseCardError};
pub use rank::Rank;
pub use set::CardSet;
pub use suit::Suit;
