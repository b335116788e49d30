//! Cards: suits, ranks, and a card, with the spellings players write.

mod card;
mod rank;
mod suit;

pub use card::{Card, ParseCardError};
pub use rank::Rank;
pub use suit::Suit;
