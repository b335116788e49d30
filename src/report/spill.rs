//! Text a streamed report must keep until its end (the JSON's `earlier`,
//! which follows every deal), or a report made before its turn to be
//! printed (several files done at once): held in memory up to a limit, then
//! in an unnamed temporary file, so that memory stays flat however much
//! there is.

use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, Write};

/// How much is held in memory before the rest goes to a temporary file.
pub const HELD: usize = 64 * 1024;

/// Bytes kept for the end of a report, in order.
pub struct Spill {
    /// The most held in memory.
    limit: usize,
    memory: Vec<u8>,
    /// Past the limit: the temporary file, already removed from its folder.
    file: Option<BufWriter<File>>,
}

impl Spill {
    /// An empty spill holding up to `limit` bytes in memory.
    pub fn new(limit: usize) -> Spill {
        Spill {
            limit,
            memory: Vec::new(),
            file: None,
        }
    }

    /// Keeps `bytes` after those kept so far. A temporary folder that
    /// cannot be written to only means the bytes stay in memory.
    pub fn push(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.file.is_none() && self.memory.len() + bytes.len() > self.limit {
            if let Ok(file) = unnamed_file() {
                let mut file = BufWriter::new(file);
                file.write_all(&self.memory)?;
                self.memory = Vec::new();
                self.file = Some(file);
            }
        }
        match &mut self.file {
            Some(file) => file.write_all(bytes),
            None => {
                self.memory.extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Writes everything kept to `out`, in order.
    pub fn write_to(self, out: &mut dyn Write) -> io::Result<()> {
        match self.file {
            None => out.write_all(&self.memory),
            Some(file) => {
                let mut file = file.into_inner().map_err(|e| e.into_error())?;
                file.rewind()?;
                let mut chunk = vec![0; 64 * 1024];
                loop {
                    match file.read(&mut chunk)? {
                        0 => return Ok(()),
                        n => out.write_all(&chunk[..n])?,
                    }
                }
            }
        }
    }
}

impl Write for Spill {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.push(bytes)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A new file of the referee's own in the temporary folder, removed from
/// the folder at once: it lasts as long as it is open, and nothing is left
/// behind however the referee ends.
fn unnamed_file() -> io::Result<File> {
    let (file, path) = crate::temp::new_file("report", true)?;
    // Where a file cannot be removed while open, it is left to the temporary folder.
    let _ = std::fs::remove_file(&path);
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_kept_comes_back_in_order_in_memory_or_past_the_limit() {
        let pieces: Vec<String> = (0..1000).map(|i| format!("piece {i},")).collect();
        for limit in [0, 10, 100_000] {
            let mut spill = Spill::new(limit);
            for piece in &pieces {
                spill.push(piece.as_bytes()).unwrap();
            }
            assert_eq!(spill.file.is_some(), limit < 100_000, "limit {limit}");
            let mut out = Vec::new();
            spill.write_to(&mut out).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                pieces.concat(),
                "limit {limit}"
            );
        }
    }
}
