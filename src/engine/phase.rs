//! How far a deal has gone: the exchange, the calling, the play. The table
//! keeps the phase; the conduct laws and the declarations read it.

/// How far the deal has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Discarding and taking in.
    Exchange,
    /// Calling, before the first card is led.
    Calling,
    /// Playing the cards.
    Play,
}
