//! Helpers for the unit tests: the project's own transcripts.

use std::path::{Path, PathBuf};

/// Every transcript of the project (the cases, the law transcripts, au cent's
/// and the fixtures), in their folders and below.
pub fn project_transcripts() -> Vec<PathBuf> {
    transcripts_in(&["cases", "tests/laws", "tests/au-cent", "tests/fixtures"])
}

/// Every transcript in the project's folders `dirs`, and below them.
pub fn transcripts_in(dirs: &[&str]) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in dirs {
        transcripts(&root.join(dir), &mut out);
    }
    out
}

/// Every transcript under `dir`, and in its folders.
fn transcripts(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder of the project") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            transcripts(&path, out);
        } else if path.extension().is_some_and(|e| e == "pqt") {
            out.push(path);
        }
    }
}
