//! Writing every export of an analysis into a directory.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use super::svg::{Picture, picture};
use super::{ExportOptions, write_arff_and_csv, write_sgf};
use crate::analysis::Analysis;

/// A file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct ExportError {
    /// The file (or directory).
    pub path: PathBuf,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

fn io_at(path: &Path) -> impl FnOnce(std::io::Error) -> ExportError + '_ {
    move |source| ExportError {
        path: path.to_path_buf(),
        source,
    }
}

/// Creates (or truncates) `path`, provided it is missing or a regular
/// file: never a device, a directory, a FIFO or a dangling link.
fn create_regular(path: &Path) -> Result<File, ExportError> {
    let refuse = || ExportError {
        path: path.to_path_buf(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file: refusing to write to it",
        ),
    };
    match fs::symlink_metadata(path) {
        // Checked before opening: a FIFO would block, a device take it.
        Ok(_) if !fs::metadata(path).is_ok_and(|m| m.is_file()) => return Err(refuse()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_at(path)(e)),
    }
    let file = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(io_at(path))?;
    if !file.metadata().map_err(io_at(path))?.is_file() {
        return Err(refuse());
    }
    file.set_len(0).map_err(io_at(path))?;
    Ok(file)
}

fn write_regular(path: &Path, contents: &[u8]) -> Result<(), ExportError> {
    use std::io::Write;
    create_regular(path)?
        .write_all(contents)
        .map_err(io_at(path))
}

/// Writes `STEM.sgf` (the annotated tree), `STEM.arff` and `STEM.csv`
/// (the dataset), and `STEM-influence.svg`, `STEM-ownership.svg` (the
/// root's maps) and `STEM-difference.svg` (root to the best move) into
/// `dir`, creating it if needed; returns the paths written. A path that
/// exists and is not a regular file (a device, a directory, a FIFO) is
/// refused, not written through.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::export::{ExportOptions, write_all};
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(200));
/// let dir = std::env::temp_dir().join(format!("go-position-analyzer-doc-{}", std::process::id()));
/// let files = write_all(&analysis, &ExportOptions::default(), &dir, "empty5")?;
/// assert_eq!(files.len(), 6);
/// assert!(files.iter().all(|f| f.exists()));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ExportError`] naming the file that could not be written.
pub fn write_all(
    analysis: &Analysis,
    options: &ExportOptions,
    dir: &Path,
    stem: &str,
) -> Result<Vec<PathBuf>, ExportError> {
    fs::create_dir_all(dir).map_err(io_at(dir))?;
    let mut written = Vec::new();
    let path = dir.join(format!("{stem}.sgf"));
    write_regular(&path, write_sgf(analysis, options).as_bytes())?;
    written.push(path);
    let arff_path = dir.join(format!("{stem}.arff"));
    let arff = create_regular(&arff_path)?;
    let csv_path = dir.join(format!("{stem}.csv"));
    let csv = create_regular(&csv_path)?;
    write_arff_and_csv(analysis, options, arff, csv).map_err(io_at(&arff_path))?;
    written.push(arff_path);
    written.push(csv_path);
    let tree = analysis.tree();
    let root = tree.root();
    let best = tree.children(root).max_by_key(|&c| tree.info(c).visits);
    let mut pictures = Vec::new();
    if let Some(map) = analysis.influence(root) {
        pictures.push((
            Picture::Influence,
            map,
            "mean influence (3x3 majority)".to_string(),
        ));
    }
    if let Some(map) = analysis.ownership(root) {
        pictures.push((Picture::Ownership, map, "mean area ownership".to_string()));
    }
    if let Some(child) = best {
        if let Some(map) = analysis.influence_diff(root, child) {
            let mv = <go_board::Move as go_mcts::MoveCode>::from_code(tree.info(child).move_code);
            pictures.push((
                Picture::Difference,
                map,
                format!("difference after {} {mv}", analysis.to_play()),
            ));
        }
    }
    for (kind, map, title) in pictures {
        let path = dir.join(format!("{stem}-{}.svg", kind.file_suffix()));
        write_regular(
            &path,
            picture(analysis.board(), &map, kind, &title).as_bytes(),
        )?;
        written.push(path);
    }
    Ok(written)
}
