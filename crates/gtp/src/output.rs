//! Files that commands write (`printsgf FILE`, `uct_savetree FILE`, …):
//! written where the controller says — that is the protocol — but only
//! over regular files.
//!
//! A command told to write to `/dev/null`, a directory, a FIFO or a
//! socket, or through a symbolic link that leads nowhere, refuses with
//! [`OutputError::NotARegularFile`] instead of blocking, writing into a
//! device or creating a file somewhere else. Only the given path is
//! opened: no temporary or backup files.
//!
//! ```
//! use go_gtp::output::{OutputError, write_output};
//!
//! let path = std::env::temp_dir().join(format!("go-gtp-output-doc-{}.sgf", std::process::id()));
//! write_output(&path, b"(;SZ[9])")?;
//! assert_eq!(std::fs::read(&path)?, b"(;SZ[9])");
//! # std::fs::remove_file(&path)?;
//! assert!(matches!(
//!     write_output(std::env::temp_dir(), b"x"),
//!     Err(OutputError::NotARegularFile { .. })
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output file was not written.
///
/// ```
/// use go_gtp::output::{OutputError, create_output};
///
/// let err = create_output("/dev/null", false).unwrap_err();
/// assert_eq!(err.to_string(), "/dev/null is not a regular file: refusing to write to it");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The path exists and is not a regular file (or is a symbolic link
    /// to nothing).
    #[error("{} is not a regular file: refusing to write to it", path.display())]
    NotARegularFile {
        /// The path.
        path: PathBuf,
    },
    /// The operating system refused.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

/// Opens `path` for writing: truncated, or appended to with `append`,
/// created if missing — provided it is missing or a regular file (a
/// symbolic link to a regular file counts).
///
/// # Errors
/// [`OutputError::NotARegularFile`] before anything is opened or changed;
/// [`OutputError::Io`] when the system refuses.
///
/// ```
/// use std::io::Write;
/// use go_gtp::output::create_output;
///
/// let path = std::env::temp_dir().join(format!("go-gtp-create-doc-{}.txt", std::process::id()));
/// create_output(&path, false)?.write_all(b"one ")?;
/// create_output(&path, true)?.write_all(b"two")?;
/// assert_eq!(std::fs::read_to_string(&path)?, "one two");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn create_output(path: impl AsRef<Path>, append: bool) -> Result<File, OutputError> {
    let path = path.as_ref();
    let refuse = || OutputError::NotARegularFile {
        path: path.to_path_buf(),
    };
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::symlink_metadata(path) {
        Ok(link) => {
            // Checked before opening: opening a FIFO for writing blocks
            // until a reader comes, opening a device may have effects.
            let target = if link.file_type().is_symlink() {
                std::fs::metadata(path).map_err(|_| refuse())?
            } else {
                link
            };
            if !target.is_file() {
                return Err(refuse());
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .append(append)
        .open(path)
        .map_err(io)?;
    // Checked again on what was opened, before truncating it, in case the
    // path changed meanwhile.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(refuse());
    }
    if !append {
        file.set_len(0).map_err(io)?;
    }
    Ok(file)
}

/// Writes `contents` to `path` through [`create_output`] (truncating).
///
/// # Errors
/// As [`create_output`], and [`OutputError::Io`] when writing fails.
///
/// ```
/// use go_gtp::output::write_output;
///
/// assert!(write_output("/dev/null", b"(;)").is_err());
/// ```
pub fn write_output(path: impl AsRef<Path>, contents: &[u8]) -> Result<(), OutputError> {
    let path = path.as_ref();
    let mut file = create_output(path, false)?;
    file.write_all(contents)
        .and_then(|()| file.flush())
        .map_err(|source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("go-gtp-output-{}-{name}", std::process::id()))
    }

    #[test]
    fn dangling_symlinks_are_refused_and_create_nothing() {
        let link = temp("dangling");
        let target = temp("dangling-target");
        let _ = std::fs::remove_file(&link);
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&target, &link).unwrap();
            assert!(matches!(
                write_output(&link, b"x"),
                Err(OutputError::NotARegularFile { .. })
            ));
            assert!(!target.exists());
            std::fs::remove_file(&link).unwrap();
        }
    }

    #[test]
    fn devices_keep_their_contents_untouched() {
        for path in ["/dev/null", "/dev/zero", "/"] {
            if Path::new(path).exists() {
                assert!(
                    matches!(
                        create_output(path, false),
                        Err(OutputError::NotARegularFile { .. })
                    ),
                    "{path}"
                );
            }
        }
    }

    #[test]
    fn existing_regular_files_are_truncated_or_appended() {
        let path = temp("regular");
        std::fs::write(&path, "a long old content").unwrap();
        write_output(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let _ = std::fs::remove_file(&path);
    }
}
