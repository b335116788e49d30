//! Scoresheets: what the players wrote down, deal by deal, and the check of
//! it against the laws (`referee check`). The format is described in
//! `docs/scoresheet.md`.

mod check;
pub mod ecarte;
mod read;
mod terms;

pub use check::{check, check_transcript, Checked, CheckedDeal, Problem, TranscriptCheck};
pub use read::{read, Sheet, SheetDeal, WrittenResult};
