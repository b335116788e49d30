//! The transcript language: text in, spanned events out. Syntax only: the
//! reader never judges whether what happened at the table was legal.
//!
//! The language is described in `docs/notation.md`.

mod declaration;
mod diagnostic;
mod event;
mod format;
mod front_matter;
mod locate;
mod reader;
mod span;
mod transcript;
mod wrap;

pub use declaration::{sequence_name, Call, Declaration, SetKind, Top};
pub use diagnostic::{visible, Diagnostic};
pub use event::{
    Act, Answer, Cards, Choice, Claim, Correction, Damage, Event, Mixed, PackFault, Place,
    PlaceKind, PlayerId, Question, Reply, Trick,
};
pub use format::{cards as cards_text, event as format_event, format, format_deal, format_head};
pub use front_matter::{split_front_matter, FrontMatter, UnclosedFrontMatter};
pub use locate::card_in_line;
pub use reader::{
    check_stream, check_stream_counted, check_stream_from, check_stream_with, read, read_each,
    read_str, read_stream, read_stream_from, read_stream_from_lent, read_stream_lent,
    read_stream_lent_with, split, Lately, Reading, Resume, MAX_LINE, MEASURED,
};
pub use span::{Span, Spanned};
pub use transcript::{CardList, Deal, DealHeader, Entry, Game, Hand, Tag, Transcript};
