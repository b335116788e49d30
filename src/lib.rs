//! **referee**: a laws referee for Piquet and Écarté.
//!
//! The crate is split the way a dispute is settled at the table:
//!
//! - [`laws`]: the law books as data, quoted verbatim (compiled in from `laws/*.yaml`).
//! - [`cases`]: the Portland Club's Cases and Decisions I-XXII.
//! - [`notation`]: the transcript language, syntax only.
//! - [`engine`]: replays deals under a rule set and scores them.
//! - [`ruling`]: what the referee decides about an irregularity.
//! - [`sheet`]: scoresheets, and checking them.
//! - [`report`]: text and tables for people.
//! - [`quiz`]: the quiz, set on the cases and the worked transcripts.
//! - [`casebook`]: the books and the cases as a static site.
//! - [`cli`]: the `referee` command.
//!
//! [`Rules`] names a rule set, [`agreements`] the agreements that change it; [`Error`] is the one error type, with its exit status.

pub mod agreements;
pub mod cards;
pub mod casebook;
pub mod cases;
pub mod cli;
pub mod engine;
mod error;
pub mod generate;
pub mod laws;
pub mod notation;
pub mod quiz;
pub mod report;
mod roman;
mod rules;
pub mod ruling;
pub mod sheet;
mod temp;
#[cfg(test)]
mod testing;
mod yaml;

pub use error::{Error, Outcome};
pub use rules::Rules;
