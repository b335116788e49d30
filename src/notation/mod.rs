//! The transcript language: text in, spanned events out. Syntax only: the
//! reader never judges whether what happened at the table was legal.

mod front_matter;

pub use front_matter::{split_front_matter, FrontMatter, UnclosedFrontMatter};
