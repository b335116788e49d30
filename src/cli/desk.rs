//! What a worker keeps at hand from one piece of work to the next.

use crate::engine::DealRuling;
use crate::notation::Lately;

/// What a worker keeps from item to item (the parts of a long transcript,
/// or the files of a folder), as one core reading them all in one go would
/// have it at hand: what its readers learned of the lines (the lines and
/// declarations read lately, the room of a deal), and the last deal's
/// ruling, each deal being ruled into the last one's, its lists used again.
/// Nothing on it changes what is read or ruled, only what it costs.
#[derive(Default)]
pub struct Desk {
    /// What the readings learned.
    pub lately: Lately,
    /// The last deal's ruling.
    pub ruling: DealRuling,
}
