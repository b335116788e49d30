//! Files of the referee's own in the temporary folder: the spool of an input
//! that cannot be read twice, and the spill of a report's tail.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// A new, empty file in the temporary folder, named `referee-<pid>-<n>.<kind>`
/// so that no other file is ever opened or overwritten: open for writing,
/// and for reading too where `read`.
pub fn new_file(kind: &str, read: bool) -> io::Result<(File, PathBuf)> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("referee-{}-{n}.{kind}", std::process::id());
        let path = std::env::temp_dir().join(name);
        match OpenOptions::new()
            .read(read)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => return Ok((file, path)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}
