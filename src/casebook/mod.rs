//! `referee casebook --out DIR`: the law books and the Cases and Decisions
//! as a static site a teacher can hand out, that works from `file://` with
//! no server, no network and no JavaScript.
//!
//! - [`site`]: the pages as data, from the books and the cases (each case
//!   ruled as `referee case N` rules it).
//! - `render`: the pages as HTML, by the templates in `templates/casebook/`.
//! - `files`: the folder written, never over a user's files.

mod files;
mod render;
pub mod site;

use std::path::Path;

use crate::Error;

pub use site::Site;

/// What was written: how many files, and the index's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// How many files (pages and the stylesheet).
    pub files: usize,
    /// The index page.
    pub index: std::path::PathBuf,
}

/// Builds the site and writes it into `out`, which must not exist or be an
/// empty folder. Everything is rendered before anything is written.
pub fn write(out: &Path) -> Result<Written, Error> {
    let site = Site::build()?;
    let pages = render::render(&site)?;
    files::prepare(out)?;
    files::write(out, &pages)?;
    Ok(Written {
        files: pages.len(),
        index: out.join("index.html"),
    })
}
