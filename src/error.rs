//! The one error type of the tool, and what an exit status means.
//!
//! Breaking a law at the table is never an error: it is a ruling. An
//! [`Error`] means the tool could not do what was asked: the input could not
//! be read, or the command named something that does not exist.

use std::io;

/// How a command that ran to the end came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The referee ruled (or printed what was asked). Exit status 0.
    Ruled,
    /// `check` found a written score that is wrong. Exit status 1.
    WrongScore,
}

impl Outcome {
    /// The process exit status for this outcome.
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Ruled => 0,
            Outcome::WrongScore => 1,
        }
    }
}

/// Why a command could not be carried out. Every variant exits with status 2.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A law id that the book does not have.
    #[error("error: {book}: no law `{id}`\nhelp: {help}")]
    UnknownLaw {
        /// The book's title.
        book: String,
        /// The id as given.
        id: String,
        /// What the book's ids look like.
        help: String,
    },
    /// A case number outside I-XXII.
    #[error("error: there is no case `{0}` in the Cases and Decisions\nhelp: the cases are numbered 1 to 22 (or I to XXII), e.g. `referee case 7` or `referee case VII`")]
    UnknownCase(String),
    /// A law book or case compiled into the tool could not be read: a bug in the tool's data.
    #[error("error: {what}:{line}:{column}: {message}\nnote: this file is built into the referee; this is a bug in the tool")]
    BuiltIn {
        /// Which file.
        what: String,
        /// 1-based line, 0 when unknown.
        line: usize,
        /// 1-based column, 0 when unknown.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A file could not be opened or read.
    #[error("error: cannot read `{path}`: {source}")]
    Open {
        /// The path as given.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// A transcript with lines that cannot be read: each problem, rendered.
    #[error("{rendered}\nerror: could not read `{file}`: {count} problem{}", if *count == 1 { "" } else { "s" })]
    Transcript {
        /// The file name as given.
        file: String,
        /// How many problems.
        count: usize,
        /// Every problem as `file:line:col: message`, the line, a caret and a hint.
        rendered: String,
    },
    /// A transcript that contradicts itself, refused under `--strict`: each place, rendered.
    #[error("{rendered}\nerror: `{file}` contradicts itself in {count} place{}; nothing is ruled under `--strict`", if *count == 1 { "" } else { "s" })]
    Contradicts {
        /// The file name as given.
        file: String,
        /// How many places.
        count: usize,
        /// Every place as `file:line:col: message`, the line and a caret.
        rendered: String,
    },
    /// A transcript under a rule set the engine does not rule under yet.
    #[error("error: {file}: {source}\nhelp: `referee law` and `referee laws --rules {rules}` still quote that rule set's laws")]
    NotYetRuled {
        /// The file name as given.
        file: String,
        /// The rule set's name.
        rules: String,
        /// Which rule set.
        source: crate::engine::NotYetRuled,
    },
    /// Agreements asked for (`--agreements`) that the rules do not provide.
    #[error("error: {message}\nhelp: {hint}")]
    NotAgreed {
        /// What is wrong.
        message: String,
        /// How to ask instead.
        hint: String,
    },
    /// `referee help` on something that is neither a document nor a command.
    #[error("error: no help on `{topic}`\nhelp: the documents are {topics}; or name a command, e.g. `referee help rule`")]
    UnknownTopic {
        /// The topic as given.
        topic: String,
        /// The documents built in.
        topics: String,
    },
    /// `referee casebook --out` given a folder that holds files, or a file.
    #[error("error: will not write the casebook into `{path}`: {why}\nhelp: give a folder that does not exist yet, or an empty one; the casebook never overwrites files")]
    NotEmptyFolder {
        /// The path as given.
        path: String,
        /// Why it is refused.
        why: String,
    },
    /// A file or folder could not be created.
    #[error("error: cannot create `{path}`: {source}")]
    Create {
        /// The path.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// Of several files, some could not be read (each said why on standard error).
    #[error("error: {failed} of {files} files could not be read")]
    SomeFiles {
        /// How many could not be read.
        failed: usize,
        /// How many files in all.
        files: usize,
    },
    /// `referee quiz` has nothing to set: the rule set has no case or
    /// worked transcript ruled yet, or the case asked for is not ruled as
    /// the book decides.
    #[error("error: {0}")]
    NoQuiz(String),
    /// Writing the output failed.
    #[error("error: could not write the output: {0}")]
    Io(#[from] io::Error),
}

impl Error {
    /// The process exit status: 2 for every error (input or usage).
    pub fn exit_code(&self) -> u8 {
        2
    }
}
