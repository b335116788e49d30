//! Writing the site into the folder given with `--out`: a folder that does
//! not exist yet, or is empty. A user's files are never overwritten: each
//! file is created new, and a folder that holds anything is refused.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use crate::Error;

/// Makes sure `out` is a folder the site may be written into: creates it
/// (with its parents) where it does not exist; refuses anything else but
/// an empty folder.
pub fn prepare(out: &Path) -> Result<(), Error> {
    let shown = out.display().to_string();
    if out.as_os_str().is_empty() {
        // `--out ""` would write into the current folder.
        return Err(Error::NotEmptyFolder {
            path: shown,
            why: "an empty path names no folder".to_string(),
        });
    }
    match fs::metadata(out) {
        Ok(meta) if !meta.is_dir() => Err(Error::NotEmptyFolder {
            path: shown,
            why: "it is a file, not a folder".to_string(),
        }),
        Ok(_) => {
            let mut entries = fs::read_dir(out).map_err(|source| Error::Open {
                path: shown.clone(),
                source,
            })?;
            if entries.next().is_some() {
                return Err(Error::NotEmptyFolder {
                    path: shown,
                    why: "it is not empty".to_string(),
                });
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(out).map_err(|source| Error::Create {
                path: shown,
                source,
            })
        }
        Err(source) => Err(Error::Open {
            path: shown,
            source,
        }),
    }
}

/// Writes each file (a path from the site's root, and its text) under
/// `out`, creating the folders it needs; a file that is already there is
/// an error, never overwritten.
pub fn write(out: &Path, files: &[(String, String)]) -> Result<(), Error> {
    for (path, text) in files {
        let target = out.join(path);
        let failed = |source| Error::Create {
            path: target.display().to_string(),
            source,
        };
        if let Some(folder) = target.parent() {
            fs::create_dir_all(folder).map_err(failed)?;
        }
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(failed)?;
        file.write_all(text.as_bytes()).map_err(failed)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_new_or_empty_folder_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("notes.txt");
        fs::write(&file, "mine").unwrap();
        let empty = dir.path().join("empty");
        fs::create_dir(&empty).unwrap();
        let new = dir.path().join("new/deeper");
        // (folder, taken)
        let table = [
            (Path::new(""), false),
            (dir.path(), false),
            (file.as_path(), false),
            (empty.as_path(), true),
            (new.as_path(), true),
        ];
        for (out, taken) in table {
            assert_eq!(prepare(out).is_ok(), taken, "{}", out.display());
        }
        assert!(new.is_dir());
        assert_eq!(fs::read_to_string(&file).unwrap(), "mine");
    }

    #[test]
    fn a_file_already_there_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("cases")).unwrap();
        fs::write(dir.path().join("cases/x.html"), "mine").unwrap();
        let pages = [
            ("a/b.html".to_string(), "new".to_string()),
            ("cases/x.html".to_string(), "new".to_string()),
        ];
        assert!(write(dir.path(), &pages).is_err());
        assert_eq!(
            fs::read_to_string(dir.path().join("a/b.html")).unwrap(),
            "new"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("cases/x.html")).unwrap(),
            "mine"
        );
    }
}
