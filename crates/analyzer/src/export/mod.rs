//! Exports of an [`Analysis`](crate::Analysis): the search tree as annotated SGF
//! ([`write_sgf`]), the thesis's dataset as ARFF ([`write_arff`]) and its
//! CSV twin ([`write_csv`]), and SVG heat maps ([`svg`]).
//!
//! Every export walks the tree depth first within
//! [`ExportOptions::limits`]; the dataset has one row per non-root node.

mod dataset;
mod sgf;
pub mod svg;

pub use dataset::{NodeFeatures, node_features, write_arff, write_arff_with, write_csv};
pub use sgf::write_sgf;

use crate::analysis::TreeLimits;
use crate::features::BoardMode;

/// What the exports include.
///
/// ```
/// use go_analyzer::export::ExportOptions;
/// let o = ExportOptions::default();
/// assert_eq!(o.limits.max_depth, None);
/// assert_eq!(o.limits.min_visits, 10);
/// assert!(!o.extended);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
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

/// Appends `v` compactly: integers and halves exactly, others with at
/// most four decimals.
pub(crate) fn push_number(out: &mut String, v: f32) {
    use std::fmt::Write;
    if v == v.trunc() && v.abs() < 1e7 {
        let _ = write!(out, "{}", v as i64);
    } else if (v * 2.0) == (v * 2.0).trunc() {
        let _ = write!(out, "{v}");
    } else {
        let start = out.len();
        let _ = write!(out, "{v:.4}");
        while out.ends_with('0') {
            out.pop();
        }
        if out.ends_with('.') {
            out.pop();
        }
        if out.len() == start {
            out.push('0');
        }
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
        ];
        for (v, s) in cases {
            let mut out = String::new();
            push_number(&mut out, v);
            assert_eq!(out, s, "{v}");
        }
    }
}
