//! The thesis's dataset: one row per non-root node, ARFF and CSV.

use std::io::{self, Write};

use crate::patterns::AnalyzerPattern;
use go_board::{Color, Move};

use super::{ExportOptions, push_number};
use crate::analysis::{Analysis, NodeStats, NodeVisit};
use crate::features::{
    BoardMode, Stones, attribute_names, block_liberties, board_encoding, eye_count, liberty_map,
    pattern_map,
};
use crate::map::ValueMap;

/// The attributes of one non-root node (one dataset row), in the
/// thesis's terms; per-point vectors are in the analyzer's order (A1,
/// B1, …).
#[derive(Clone, Debug, PartialEq)]
pub struct NodeFeatures {
    /// Depth of the node (1 for the root's children).
    pub depth: usize,
    /// The node's statistics.
    pub stats: NodeStats,
    /// The node's mean influence map (0.5 everywhere if no map reached
    /// it).
    pub influence: ValueMap,
    /// `(parent − child + 1)/2` of the influence maps.
    pub influence_diff: ValueMap,
    /// The board encoding (1 White, 0 Black, 0.5 empty).
    pub board: Vec<f32>,
    /// The 8-neighbour liberty map (−1 empty).
    pub liberties: Vec<i8>,
    /// The eye count.
    pub eye_count: usize,
    /// The five pattern maps in [`AnalyzerPattern::ALL`] order.
    pub patterns: [Vec<u8>; 5],
    /// The node's mean area ownership (extended columns).
    pub ownership: ValueMap,
    /// True block liberties of the played position (−1 empty; extended
    /// columns).
    pub block_liberties: Vec<i16>,
}

impl NodeFeatures {
    /// The toPlay attribute: 0 Black, 1 White (the board encoding's
    /// colours).
    #[must_use]
    pub fn to_play_value(&self) -> f32 {
        match self.stats.to_play {
            Color::Black => 0.0,
            Color::White => 1.0,
        }
    }

    /// The move attribute: a GTP vertex or `pass`.
    #[must_use]
    pub fn move_text(&self) -> String {
        match self.stats.mv {
            Some((_, Move::Play(p))) => p.to_string(),
            Some((_, Move::Pass)) | None => "pass".to_string(),
        }
    }

    /// The numeric attributes in column order (every column but `move`),
    /// the class last.
    #[must_use]
    pub fn numbers(&self, extended: bool) -> Vec<f32> {
        let mut v = Vec::with_capacity(11 * self.board.len() + 8);
        v.push(self.to_play_value());
        v.extend(self.influence.values());
        v.extend(self.influence_diff.values());
        v.extend_from_slice(&self.board);
        v.extend(self.liberties.iter().map(|&l| f32::from(l)));
        v.push(self.stats.move_count as f32);
        v.push(self.stats.pos_count as f32);
        v.push(self.eye_count as f32);
        for map in &self.patterns {
            v.extend(map.iter().map(|&b| f32::from(b)));
        }
        v.push(self.stats.rave_value);
        if extended {
            v.extend(self.ownership.values());
            v.extend(self.block_liberties.iter().map(|&l| f32::from(l)));
            v.push(self.stats.black_win_ratio);
        }
        v.push(self.stats.win_ratio);
        v
    }
}

/// Calls `f` with the features of every non-root node within the
/// options' limits, depth first (the ARFF's row order).
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::export::{ExportOptions, node_features};
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(300));
/// let mut rows = 0;
/// node_features(&analysis, &ExportOptions::default(), |f| { rows += 1; assert!(f.depth >= 1) });
/// assert!(rows > 0);
/// # Ok::<(), go_board::SizeError>(())
/// ```
pub fn node_features(
    analysis: &Analysis,
    options: &ExportOptions,
    mut f: impl FnMut(&NodeFeatures),
) {
    let geo = analysis.board().geometry();
    let neutral = ValueMap::new(geo, 0.5);
    // The thesis's stones-only boards along the current path.
    let mut stones: Vec<Stones> = Vec::new();
    // Influence maps along the current path.
    let mut maps: Vec<ValueMap> = Vec::new();
    analysis.walk(options.limits, |v: &NodeVisit<'_>| {
        stones.truncate(v.depth);
        maps.truncate(v.depth);
        let here = match (v.depth, v.stats.mv) {
            (0, _) | (_, None) => Stones::from_position(v.board),
            (_, Some((color, mv))) => {
                let mut s = stones[v.depth - 1].clone();
                if let Move::Play(p) = mv {
                    s.set(p, Some(color));
                }
                s
            }
        };
        stones.push(here);
        let influence = analysis.influence(v.id).unwrap_or_else(|| neutral.clone());
        maps.push(influence);
        if v.depth == 0 {
            return;
        }
        let parent = &maps[v.depth - 1];
        let influence = &maps[v.depth];
        let features = match options.board_mode {
            BoardMode::Played => features_of(analysis, v, parent, influence, v.board),
            BoardMode::StonesOnly => features_of(analysis, v, parent, influence, &stones[v.depth]),
        };
        f(&features);
    });
}

fn features_of<P: go_board::Position>(
    analysis: &Analysis,
    v: &NodeVisit<'_>,
    parent: &ValueMap,
    influence: &ValueMap,
    pos: &P,
) -> NodeFeatures {
    let geo = analysis.board().geometry();
    NodeFeatures {
        depth: v.depth,
        stats: v.stats,
        influence: influence.clone(),
        influence_diff: crate::map::diff(parent, influence),
        board: board_encoding(pos),
        liberties: liberty_map(pos),
        eye_count: eye_count(pos),
        patterns: AnalyzerPattern::ALL.map(|p| pattern_map(pos, p)),
        ownership: analysis
            .ownership(v.id)
            .unwrap_or_else(|| ValueMap::new(geo, 0.5)),
        block_liberties: block_liberties(v.board),
    }
}

/// One data line: the numbers with the move string in second place.
fn push_row(line: &mut String, features: &NodeFeatures, extended: bool, arff: bool) {
    line.clear();
    let numbers = features.numbers(extended);
    for (k, &x) in numbers.iter().enumerate() {
        if k == 1 {
            if arff {
                line.push('\'');
                line.push_str(&features.move_text());
                line.push('\'');
            } else {
                line.push_str(&features.move_text());
            }
            line.push(',');
        }
        push_number(line, x);
        line.push(if k + 1 == numbers.len() { '\n' } else { ',' });
    }
}

/// Writes the dataset in Weka's ARFF format: a header declaring the
/// thesis's attributes (`move` a string, every other numeric, the class
/// — the win ratio for the side to move — last), then one data line per
/// non-root node, depth first.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::export::{ExportOptions, write_arff};
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(300));
/// let mut out = Vec::new();
/// write_arff(&analysis, &ExportOptions::default(), &mut out)?;
/// let text = String::from_utf8(out)?;
/// assert_eq!(text.matches("@attribute").count(), 9 * 25 + 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Those of `out`.
pub fn write_arff(analysis: &Analysis, options: &ExportOptions, out: impl Write) -> io::Result<()> {
    write_arff_with(analysis, options, out, true)
}

/// The same, with or without the header (without: data lines to append
/// to an existing ARFF file of the same board size, the thesis's
/// "exists" flag).
///
/// # Errors
/// Those of `out`.
pub fn write_arff_with(
    analysis: &Analysis,
    options: &ExportOptions,
    out: impl Write,
    header: bool,
) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    if header {
        write_arff_header(analysis, options, &mut out)?;
    }
    write_rows(analysis, options, &mut out, true)?;
    out.flush()
}

/// Writes the dataset as CSV: a header line with the attribute names,
/// then the same rows as [`write_arff`].
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::export::{ExportOptions, write_csv};
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(300));
/// let mut out = Vec::new();
/// write_csv(&analysis, &ExportOptions::default(), &mut out)?;
/// let text = String::from_utf8(out)?;
/// let columns = text.lines().next().unwrap().split(',').count();
/// assert_eq!(columns, 9 * 25 + 7);
/// assert!(text.lines().skip(1).all(|row| row.split(',').count() == columns));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Those of `out`.
pub fn write_csv(analysis: &Analysis, options: &ExportOptions, out: impl Write) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    write_csv_header(analysis, options, &mut out)?;
    write_rows(analysis, options, &mut out, false)?;
    out.flush()
}

fn write_rows(
    analysis: &Analysis,
    options: &ExportOptions,
    out: &mut impl Write,
    arff: bool,
) -> io::Result<()> {
    let mut line = String::new();
    let mut result = Ok(());
    node_features(analysis, options, |f| {
        if result.is_ok() {
            push_row(&mut line, f, options.extended, arff);
            result = out.write_all(line.as_bytes());
        }
    });
    result
}

fn write_arff_header(
    analysis: &Analysis,
    options: &ExportOptions,
    out: &mut impl Write,
) -> io::Result<()> {
    let geo = analysis.board().geometry();
    writeln!(
        out,
        "% Huertas's position analyzer dataset, written by go-position-analyzer: one instance per\n\
         % search-tree node (root excluded), depth first. class = win ratio for the side to\n\
         % move at the node. {} playouts, komi {}.",
        analysis.result().playouts,
        analysis.komi()
    )?;
    writeln!(
        out,
        "@relation go-position-analyzer-{}x{}\n",
        geo.width(),
        geo.height()
    )?;
    for name in attribute_names(geo.width(), geo.height(), options.extended) {
        let kind = if name == "move" { "string" } else { "numeric" };
        writeln!(out, "@attribute {name} {kind}")?;
    }
    writeln!(out, "\n@data")?;
    Ok(())
}

fn write_csv_header(
    analysis: &Analysis,
    options: &ExportOptions,
    out: &mut impl Write,
) -> io::Result<()> {
    let geo = analysis.board().geometry();
    writeln!(
        out,
        "{}",
        attribute_names(geo.width(), geo.height(), options.extended).join(",")
    )
}

/// Writes the ARFF file and its CSV twin in one walk (the features of
/// each node are computed once).
///
/// # Errors
/// Those of the writers.
pub fn write_arff_and_csv(
    analysis: &Analysis,
    options: &ExportOptions,
    arff: impl Write,
    csv: impl Write,
) -> io::Result<()> {
    let mut arff = io::BufWriter::new(arff);
    let mut csv = io::BufWriter::new(csv);
    write_arff_header(analysis, options, &mut arff)?;
    write_csv_header(analysis, options, &mut csv)?;
    let mut line = String::new();
    let mut result = Ok(());
    node_features(analysis, options, |f| {
        if result.is_ok() {
            push_row(&mut line, f, options.extended, true);
            result = arff.write_all(line.as_bytes());
            if result.is_ok() {
                push_row(&mut line, f, options.extended, false);
                result = csv.write_all(line.as_bytes());
            }
        }
    });
    result?;
    arff.flush()?;
    csv.flush()
}
