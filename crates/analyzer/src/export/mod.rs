//! Exports of an [`Analysis`](crate::Analysis): the search tree as annotated SGF
//! ([`write_sgf`]), the thesis's dataset as ARFF ([`write_arff`]) and its
//! CSV twin ([`write_csv`]), and SVG heat maps ([`svg`]).
//!
//! Every export walks the tree depth first within
//! [`ExportOptions::limits`]; the dataset has one row per non-root node.

mod dataset;
mod files;
mod sgf;
pub mod svg;

pub use dataset::{
    NodeFeatures, node_features, write_arff, write_arff_and_csv, write_arff_with, write_csv,
};
pub use files::{ExportError, write_all};
pub use sgf::write_sgf;

use crate::analysis::TreeLimits;
use crate::features::BoardMode;

/// What the exports include.
///
/// ```
/// use go_position_analyzer::export::ExportOptions;
/// let o = ExportOptions::default();
/// assert_eq!(o.limits.max_depth, None);
/// assert_eq!(o.limits.min_visits, 10);
/// assert!(!o.extended);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExportOptions {
    /// Which nodes (depth and visit thresholds).
    pub limits: TreeLimits,
    /// The position the board attributes describe.
    pub board_mode: BoardMode,
    /// Dataset: add ownership, true block liberties and Black's win ratio
    /// before the class (beyond the thesis's 9·N²+7 columns).
    pub extended: bool,
}

impl Default for ExportOptions {
    /// Nodes with at least 10 visits at any depth, played boards, the
    /// thesis's columns only.
    fn default() -> ExportOptions {
        ExportOptions {
            limits: TreeLimits {
                max_depth: None,
                min_visits: 10,
            },
            board_mode: BoardMode::Played,
            extended: false,
        }
    }
}

impl ExportOptions {
    /// Sets [`limits`](Self::limits).
    ///
    /// ```
    /// use go_position_analyzer::TreeLimits;
    /// use go_position_analyzer::export::ExportOptions;
    /// let limits = TreeLimits::default().with_max_depth(Some(2)).with_min_visits(3);
    /// assert_eq!(ExportOptions::default().with_limits(limits).limits, limits);
    /// ```
    #[must_use]
    pub fn with_limits(mut self, limits: TreeLimits) -> ExportOptions {
        self.limits = limits;
        self
    }

    /// Sets [`board_mode`](Self::board_mode).
    ///
    /// ```
    /// use go_position_analyzer::export::ExportOptions;
    /// use go_position_analyzer::features::BoardMode;
    /// let options = ExportOptions::default().with_board_mode(BoardMode::StonesOnly);
    /// assert_eq!(options.board_mode, BoardMode::StonesOnly);
    /// ```
    #[must_use]
    pub fn with_board_mode(mut self, board_mode: BoardMode) -> ExportOptions {
        self.board_mode = board_mode;
        self
    }

    /// Sets [`extended`](Self::extended).
    ///
    /// ```
    /// use go_position_analyzer::export::ExportOptions;
    /// assert!(ExportOptions::default().with_extended(true).extended);
    /// ```
    #[must_use]
    pub fn with_extended(mut self, extended: bool) -> ExportOptions {
        self.extended = extended;
        self
    }
}

/// Appends `v` compactly: rounded to four decimals, trailing zeros
/// dropped (integers without a point). Hand-rolled: `{:.4}` formatting
/// was a tenth of a full 19×19 export.
pub(crate) fn push_number(out: &mut String, v: f32) {
    use std::fmt::Write;
    if !v.is_finite() || v.abs() >= 1e9 {
        let _ = write!(out, "{v}");
        return;
    }
    let scaled = (f64::from(v) * 10_000.0).round() as i64;
    if scaled < 0 {
        out.push('-');
    }
    let a = scaled.unsigned_abs();
    let (int, mut frac) = (a / 10_000, a % 10_000);
    let _ = write!(out, "{int}");
    if frac != 0 {
        out.push('.');
        let mut digits = 4;
        while frac % 10 == 0 {
            frac /= 10;
            digits -= 1;
        }
        let _ = write!(out, "{frac:0digits$}");
    }
}

#[cfg(test)]
mod tests {
    use super::push_number;

    #[test]
    fn numbers_are_compact() {
        let cases = [
            (0.0, "0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (-1.0, "-1"),
            (0.123_46, "0.1235"),
            (0.25, "0.25"),
            (0.1, "0.1"),
            (12.0, "12"),
            (-0.25, "-0.25"),
            (0.000_04, "0"),
            (0.0503, "0.0503"),
            (0.99996, "1"),
        ];
        for (v, s) in cases {
            let mut out = String::new();
            push_number(&mut out, v);
            assert_eq!(out, s, "{v}");
        }
    }
}
