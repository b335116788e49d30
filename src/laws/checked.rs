//! A law book read from its YAML in `laws/` and checked.
//!
//! The build script (`build.rs`) includes this file, with `book.rs`,
//! `yaml.rs` and `roman.rs`, to check every book when the tool is built and
//! to embed each book so checked; the tests read the YAML through it again.
//! A book that fails here fails the build, so the tool never starts with a
//! book it has not checked.

use crate::laws::book::{Book, BookId};

/// Why a book's YAML could not be read or failed its checks, and where.
#[derive(Debug)]
pub struct Unreadable {
    /// 1-based line, 0 when the check is of the whole book.
    pub line: usize,
    /// 1-based column, 0 when the check is of the whole book.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The book `id` read from its YAML text `yaml`: it must say it is the
/// book `id` and pass [`Book::check`].
pub fn read(id: BookId, yaml: &str) -> Result<Book, Unreadable> {
    let book: Book = crate::yaml::from_str(yaml).map_err(|e| Unreadable {
        line: e.line.unwrap_or(0),
        column: e.column.unwrap_or(0),
        message: e.message,
    })?;
    if book.book != id {
        return Err(Unreadable {
            line: 1,
            column: 1,
            message: format!("the file says it is the book `{}`", book.book),
        });
    }
    book.check().map_err(|message| Unreadable {
        line: 0,
        column: 0,
        message,
    })?;
    Ok(book)
}
