//! The law books as data.
//!
//! Each book is a YAML file in `laws/`, holding each law's id, section and
//! verbatim text, and how far the engine covers it, checked when the tool is
//! built and compiled into the binary (`build.rs`). The format is described in
//! `docs/law-books.md`.

mod book;
#[cfg(test)]
mod checked;
mod coverage;
mod library;
mod phrase;
mod reference;
mod worked;

pub use book::{Book, BookId, Law, Mending, Paragraph, Status};
pub use coverage::{compress_ids, Coverage};
pub use library::{library, Library};
pub use phrase::sentences_with;
pub use reference::Found;
pub use worked::{within, worked};
