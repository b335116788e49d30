//! The books compiled into the tool.

use std::sync::OnceLock;

use super::book::{Book, BookId};
use crate::Error;

/// The YAML text of each book, compiled in so the tool works from any directory.
const SOURCES: [(BookId, &str, &str); 4] = [
    (
        BookId::Portland,
        "laws/portland.yaml",
        include_str!("../../laws/portland.yaml"),
    ),
    (
        BookId::AuCent,
        "laws/au-cent.yaml",
        include_str!("../../laws/au-cent.yaml"),
    ),
    (
        BookId::Classic,
        "laws/classic.yaml",
        include_str!("../../laws/classic.yaml"),
    ),
    (
        BookId::Ecarte,
        "laws/ecarte.yaml",
        include_str!("../../laws/ecarte.yaml"),
    ),
];

/// Every law book, read once.
#[derive(Debug)]
pub struct Library {
    books: Vec<Book>,
}

/// What went wrong reading a built-in book: (file, line, column, message).
type LoadFailure = (String, usize, usize, String);

impl Library {
    fn load() -> Result<Library, LoadFailure> {
        let mut books = Vec::with_capacity(SOURCES.len());
        for (id, file, text) in SOURCES {
            let book: Book = crate::yaml::from_str(text).map_err(|e| {
                (
                    file.to_string(),
                    e.line.unwrap_or(0),
                    e.column.unwrap_or(0),
                    e.message,
                )
            })?;
            if book.book != id {
                let message = format!("the file says it is the book `{}`", book.book);
                return Err((file.to_string(), 1, 1, message));
            }
            book.check().map_err(|m| (file.to_string(), 0, 0, m))?;
            books.push(book);
        }
        Ok(Library { books })
    }

    /// The book `id`.
    pub fn book(&self, id: BookId) -> &Book {
        self.books
            .iter()
            .find(|b| b.book == id)
            .expect("every BookId has a source in SOURCES")
    }

    /// Every book, in [`BookId::ALL`] order.
    pub fn books(&self) -> impl Iterator<Item = &Book> {
        BookId::ALL.into_iter().map(|id| self.book(id))
    }
}

/// The law books, read from the built-in YAML on first use.
pub fn library() -> Result<&'static Library, Error> {
    static LIBRARY: OnceLock<Result<Library, LoadFailure>> = OnceLock::new();
    LIBRARY
        .get_or_init(Library::load)
        .as_ref()
        .map_err(|(file, line, column, message)| Error::BuiltIn {
            what: file.clone(),
            line: *line,
            column: *column,
            message: message.clone(),
        })
}
