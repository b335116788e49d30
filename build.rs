//! Checks the law books when the tool is built, and embeds each as checked.
//!
//! Each `laws/<book>.yaml` is read into the library's own types (the files
//! below are the library's, included here, so the YAML is read by
//! `src/yaml.rs` as everywhere else) and checked as `src/laws/checked.rs`
//! says; a book that fails stops the build with its file, line and column.
//! Each book is then written to `OUT_DIR/<book>.json`, which
//! `src/laws/library.rs` compiles in and reads on the book's first use:
//! JSON of the checked book is many times quicker to read than its YAML.

use std::path::Path;

#[allow(dead_code)]
#[path = "src/laws/book.rs"]
mod book;
#[allow(dead_code)]
#[path = "src/laws/checked.rs"]
mod checked;
#[allow(dead_code)]
#[path = "src/roman.rs"]
mod roman;
#[allow(dead_code)]
#[path = "src/yaml.rs"]
mod yaml;

/// Where `checked.rs` finds the book types, as in the library (`crate::laws::book`).
mod laws {
    pub(crate) use super::book;
}

use book::BookId;

fn main() {
    for file in [
        "build.rs",
        "src/laws/book.rs",
        "src/laws/checked.rs",
        "src/roman.rs",
        "src/yaml.rs",
    ] {
        println!("cargo:rerun-if-changed={file}");
    }
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    for id in BookId::ALL {
        let file = format!("laws/{}.yaml", id.name());
        println!("cargo:rerun-if-changed={file}");
        let json = checked_json(id, &file).unwrap_or_else(|message| {
            eprintln!("error: {message}");
            std::process::exit(1);
        });
        let path = Path::new(&out).join(format!("{}.json", id.name()));
        std::fs::write(&path, json).expect("write to OUT_DIR");
    }
    let worked = worked_transcripts();
    let texts = worked_texts(&worked);
    std::fs::write(Path::new(&out).join("worked.txt"), worked).expect("write to OUT_DIR");
    std::fs::write(Path::new(&out).join("worked_texts.rs"), texts).expect("write to OUT_DIR");
}

/// The folders of worked transcripts, each named after the law it works.
const WORKED: [&str; 4] = [
    "tests/laws",
    "tests/au-cent",
    "tests/french",
    "tests/ecarte",
];

/// The worked transcripts' paths, a line each, in order, for `referee law`
/// to name those that work a law (src/laws/worked.rs reads the names).
fn worked_transcripts() -> String {
    let mut paths = Vec::new();
    for dir in WORKED {
        println!("cargo:rerun-if-changed={dir}");
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".pqt") {
                paths.push(format!("{dir}/{name}"));
            }
        }
    }
    paths.sort();
    paths.iter().map(|p| format!("{p}\n")).collect()
}

/// A Rust file for `referee quiz` (src/quiz/worked.rs) that compiles in
/// each worked transcript's text beside its path, read only when a quiz
/// runs: `[("tests/laws/law-54-….pqt", include_str!("/…/tests/laws/law-54-….pqt")), …]`.
fn worked_texts(paths: &str) -> String {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut rust = String::from("&[\n");
    for path in paths.lines() {
        let full = Path::new(&root).join(path);
        rust.push_str(&format!(
            "    ({path:?}, include_str!({:?})),\n",
            full.display().to_string()
        ));
    }
    rust.push(']');
    rust
}

/// The book `id` read from `file` and checked, as JSON; or what is wrong, and where.
fn checked_json(id: BookId, file: &str) -> Result<String, String> {
    let yaml = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let book = checked::read(id, &yaml).map_err(|e| {
        format!(
            "{file}:{}:{}: {}\nnote: the law books are checked when the referee is built",
            e.line, e.column, e.message
        )
    })?;
    serde_json::to_string(&book).map_err(|e| format!("{file}: {e}"))
}
