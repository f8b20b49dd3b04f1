//! The `[FILE.sgf [MOVE]]` positional arguments shared by the examples that
//! analyse one position (`analyze`, `learn_winrate`): a game record read as
//! GTP `loadsgf` reads it, or the example's embedded position.

use go_analysis::board::Board;
use go_analysis::board::sgf::{GameRecord, Until};

/// A position: a game record up to a move, or the embedded one.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// Game record to load (default: the embedded position)
    #[arg(value_name = "FILE.sgf")]
    pub file: Option<String>,
    /// Stop before this move number, or at the first move at this vertex,
    /// as GTP `loadsgf` (default: the end)
    #[arg(value_name = "MOVE|VERTEX")]
    pub until: Option<Until>,
}

impl PositionArgs {
    /// The position: the file's (`loadsgf` semantics), else `embedded`.
    /// What the lenient SGF reader repaired to read the file is reported
    /// on standard error, a line each.
    pub fn load(&self, embedded: &str) -> Result<Board, String> {
        match &self.file {
            None => Board::from_diagram(embedded).map_err(|e| format!("embedded position: {e}")),
            Some(file) => {
                let until = self.until.unwrap_or(Until::End);
                let record = GameRecord::read_file(file).map_err(|e| format!("{file}: {e}"))?;
                for repair in record.repairs() {
                    eprintln!("{file}: repaired: {repair}");
                }
                let loaded = record.position(until).map_err(|e| format!("{file}: {e}"))?;
                Ok(loaded.board)
            }
        }
    }

    /// The name of the output files: the file's stem, or `default`.
    pub fn stem(&self) -> &str {
        self.file
            .as_deref()
            .and_then(|f| std::path::Path::new(f).file_stem())
            .and_then(|s| s.to_str())
            .unwrap_or("default")
    }
}
