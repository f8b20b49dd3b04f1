//! Finding game records on disk.

use std::path::{Path, PathBuf};

/// The SGF files at `path`: the file itself if it is one (by its `.sgf`
/// extension, any case), or every SGF file below it if it is a folder,
/// sorted by path. Unreadable folders are skipped; symbolic links to
/// folders are not followed (no cycles).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("go-board-sgf-files-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("games"))?;
/// std::fs::write(dir.join("games/b.sgf"), "(;SZ[9])")?;
/// std::fs::write(dir.join("a.SGF"), "(;SZ[9])")?;
/// std::fs::write(dir.join("notes.txt"), "")?;
/// let files = go_board::sgf::sgf_files(&dir);
/// assert_eq!(files, [dir.join("a.SGF"), dir.join("games/b.sgf")]);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[must_use]
pub fn sgf_files(path: impl AsRef<Path>) -> Vec<PathBuf> {
    let is_sgf = |p: &Path| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let path = path.as_ref();
    if !path.is_dir() {
        return if is_sgf(path) {
            vec![path.to_path_buf()]
        } else {
            Vec::new()
        };
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let p = entry.path();
            if kind.is_dir() {
                stack.push(p);
            } else if is_sgf(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
