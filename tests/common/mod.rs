//! Running the `referee` binary as a user would, for the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `referee` with `args` from the project root, feeding `stdin` if given.
#[allow(dead_code)] // not every test file runs the binary
pub fn referee(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the referee binary runs");
    let input = stdin.unwrap_or_default().to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("finishes");
    writer.join().expect("stdin written");
    output
}

/// A path inside the project, as a user in its root would type it.
#[allow(dead_code)] // not every test file names its files
pub fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every transcript (`.pqt`) under `dir`, at any depth, in name order; a
/// folder that cannot be read gives none.
#[allow(dead_code)] // not every test file walks the project's transcripts
pub fn transcripts_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    let mut out = Vec::new();
    for path in entries {
        if path.is_dir() {
            out.extend(transcripts_under(&path));
        } else if path.extension().is_some_and(|e| e == "pqt") {
            out.push(path);
        }
    }
    out
}
