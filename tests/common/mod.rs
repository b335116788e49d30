//! Running the `referee` binary as a user would, for the integration tests.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `referee` with `args` from the project root, feeding `stdin` if given.
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
