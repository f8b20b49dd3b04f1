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

/// Writes `STEM.sgf` (the annotated tree), `STEM.arff` and `STEM.csv`
/// (the dataset), and `STEM-influence.svg`, `STEM-ownership.svg` (the
/// root's maps) and `STEM-difference.svg` (root to the best move) into
/// `dir`, creating it if needed; returns the paths written.
///
/// ```
/// use go_analyzer::{analyze, AnalyzerOptions};
/// use go_analyzer::export::{ExportOptions, write_all};
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions { playouts: 200, ..Default::default() });
/// let dir = std::env::temp_dir().join(format!("go-analyzer-doc-{}", std::process::id()));
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
    fs::write(&path, write_sgf(analysis, options)).map_err(io_at(&path))?;
    written.push(path);
    let arff_path = dir.join(format!("{stem}.arff"));
    let arff = File::create(&arff_path).map_err(io_at(&arff_path))?;
    let csv_path = dir.join(format!("{stem}.csv"));
    let csv = File::create(&csv_path).map_err(io_at(&csv_path))?;
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
        fs::write(&path, picture(analysis.board(), &map, kind, &title)).map_err(io_at(&path))?;
        written.push(path);
    }
    Ok(written)
}
