//! Where something stands in the transcript text.

use serde::Serialize;

/// A place in the text: 1-based line and column (in characters), and the byte range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
    /// Byte offset of the start in the whole text.
    pub start: usize,
    /// Byte offset just past the end.
    pub end: usize,
}

/// A value and where it was written. Serializes as the value alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<T> Spanned<T> {
    /// `value`, written at `span`.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}
