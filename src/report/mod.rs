//! What the referee prints for people: law quotations, tables and case views.
//!
//! Every function here writes to a `String` and decides nothing: the facts
//! come from [`crate::laws`] and [`crate::cases`].

mod answers;
mod case;
mod deal_json;
mod decimal;
pub mod documents;
mod ecarte;
mod explain;
mod games;
mod grid;
mod irregularity;
mod json;
mod law;
mod parsed;
mod parts;
mod pretty;
mod ruled;
mod schema;
mod sheet;
mod slip;
pub mod spill;
mod stream;
pub mod style;
mod table;
mod wrap;

pub use case::{case_ruling, case_view, cases_table, verdict};
pub use ecarte::{EcarteExplain, EcarteExplainJson, EcarteJson, EcarteReport, EcarteText};
pub use explain::{explain_json, explain_text, ExplainJson, ExplainReport};
pub use irregularity::irregularity_text;
pub use json::ruled_json;
pub use law::{cited_in, law_label, law_view};
pub use parsed::ParsedJson;
pub use parts::PartedReport;
pub use ruled::{describe_holding, describe_line, difference, ruled_text};
pub use schema::schemas;
pub use sheet::{check_json, check_text, CheckJson, CheckReport, CheckText};
pub use slip::slip_text;
pub use stream::{JsonReport, RuledReport, TextReport};
pub(crate) use table::opening_words;
pub use table::{coverage_table, laws_table, search_table};
pub use wrap::wrap;

/// Law 71 after a second tie: the result, and why (laws 72, 73); it
/// follows the totals, or `Partie: A 160, B 160.` capitalised.
const TIED: &str = "tied again after the two extra deals: the partie is concluded with no winner (law 71: \"even if there should be a second tie\"). Laws 72 and 73 reckon points only for the winner, from the loser's score: with neither, no points are won.";

/// The width text is wrapped to, so output is the same on every terminal.
pub const WIDTH: usize = 80;
