//! Cards: suits, ranks, a card, a set of cards and a row of them in order, with the spellings players write.

mod card;
mod rank;
mod row;
mod set;
mod suit;

pub use card::{Card, ParseCardError};
pub use rank::Rank;
pub use row::{CardRow, INLINE};
#[cfg(test)]
pub(crate) use set::scrambled;
pub use set::CardSet;
pub use suit::Suit;
