//! The thesis's experiment in spirit (Huertas 2014, §6): predict a tree
//! node's win ratio from the analyzer's attributes with a least-squares
//! linear regression (our own code), cross-validated, with and without the
//! search statistics.
//!
//! ```text
//! cargo run --release --example learn_winrate [-- FILE.sgf [MOVE]] [--playouts N] [--min-visits V]
//! cargo run --release --example learn_winrate -- --csv DIR     # the CSVs of `cargo xtask dataset`
//! ```
//!
//! Without `--csv`, one position (the file's, or an embedded 19×19 one) is
//! analysed and each node of its tree with at least V visits (default 3)
//! becomes an instance, as in the thesis (one tree, one dataset). With
//! `--csv DIR`, every CSV of the directory is read (one board size), and
//! the folds keep each file's rows together, so the model is tested on
//! positions it never saw.
//!
//! The pipeline, inside each of 10 training folds (nothing is chosen on
//! the test fold): scale each attribute to 0..1 (Weka's Normalize), drop
//! constant ones (RemoveUseless), keep the 30 attributes most correlated
//! with the class (a simple filter standing in for Weka's attribute
//! selection), and fit least squares with a tiny ridge. The figure is the
//! correlation coefficient between the out-of-fold predictions and the
//! class — Weka's measure; the thesis reports 0.85–0.92 for linear
//! regression and 0.86–0.93 for M5P. Three attribute sets are compared:
//! all, all but the search statistics (moveCount, posCount, raveValue),
//! and the search statistics with toPlay alone; each for two targets: the
//! thesis's class (the win ratio of the side to move at the node, which
//! flips with toPlay) and Black's win ratio (a fixed view, which a linear
//! model of the maps can follow); and the thesis's class from the maps
//! alone once the colour-coded maps are seen from the side to move.
//!
//! The last line is `correlation_without_search_stats: N` (the thesis's
//! class).

#[path = "common/position.rs"]
#[allow(dead_code)]
mod position;

use std::process::ExitCode;

use clap::Parser;
use position::PositionArgs;

use go_analysis::analyzer::export::{ExportOptions, node_features};
use go_analysis::analyzer::features::attribute_names;
use go_analysis::analyzer::{AnalyzerOptions, TreeLimits, analyze};

const FOLDS: usize = 10;
const SELECTED: usize = 30;
const SEARCH_STATS: [&str; 3] = ["moveCount", "posCount", "raveValue"];

/// A 19×19 position for the default run (Black to play), shared with the
/// analyzer_bench example.
const POSITION: &str = include_str!("positions/middle-game-19.txt");

/// Instances: attribute names (class excluded), rows, class, group.
struct Data {
    names: Vec<String>,
    rows: Vec<Vec<f64>>,
    class: Vec<f64>,
    group: Vec<usize>,
}

/// Predict a tree node's win ratio from the analyzer's attributes with a
/// cross-validated least-squares regression, with and without the search
/// statistics.
#[derive(Parser)]
#[command(version)]
struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Playouts of the analysed position
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    playouts: u64,
    /// Least visits of a tree node to become an instance
    #[arg(long, value_name = "V", default_value_t = 3)]
    min_visits: u32,
    /// Read the CSVs of `cargo xtask dataset` from DIR instead
    #[arg(long, value_name = "DIR")]
    csv: Option<String>,
}

/// The attributes of one analysed position (the `move` string dropped).
fn from_analysis(args: &Args) -> Result<Data, String> {
    let board = args.position.load(POSITION)?;
    let analysis = analyze(
        &board,
        &AnalyzerOptions::default().with_playouts(args.playouts),
    );
    let geo = board.geometry();
    let mut names = attribute_names(geo.width(), geo.height(), false);
    names.retain(|n| n != "move");
    names.pop(); // the class
    let options = ExportOptions::default()
        .with_limits(TreeLimits::default().with_min_visits(args.min_visits));
    let mut data = Data {
        names,
        rows: Vec::new(),
        class: Vec::new(),
        group: Vec::new(),
    };
    node_features(&analysis, &options, |f| {
        let mut v: Vec<f64> = f.numbers(false).into_iter().map(f64::from).collect();
        data.class.push(v.pop().unwrap_or(0.5));
        data.group.push(data.rows.len());
        data.rows.push(v);
    });
    println!(
        "{}x{} position, {} playouts, {} instances (nodes with at least {} visits), {} attributes",
        geo.width(),
        geo.height(),
        args.playouts,
        data.rows.len(),
        args.min_visits,
        data.names.len() + 2
    );
    Ok(data)
}

/// Every CSV of `dir` (the thesis's columns first; extended columns are
/// ignored; the `move` column dropped); rows grouped by file.
fn from_csv(dir: &str) -> Result<Data, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "csv")
                && p.file_name().is_some_and(|n| n != "index.csv")
        })
        .collect();
    files.sort();
    let mut data: Option<Data> = None;
    for (g, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
        let class_at = header
            .iter()
            .position(|&h| h == "raveValue")
            .ok_or(format!("{}: not an analyzer CSV", path.display()))?;
        // toPlay, then everything after `move` up to raveValue; class last.
        let keep: Vec<usize> = std::iter::once(0).chain(2..=class_at).collect();
        let names: Vec<String> = keep.iter().map(|&k| header[k].to_string()).collect();
        let d = data.get_or_insert_with(|| Data {
            names: names.clone(),
            rows: Vec::new(),
            class: Vec::new(),
            group: Vec::new(),
        });
        if d.names != names {
            return Err(format!("{}: another board size", path.display()));
        }
        for line in lines {
            let cells: Vec<&str> = line.split(',').collect();
            let number = |k: usize| -> Result<f64, String> {
                cells
                    .get(k)
                    .and_then(|c| c.parse().ok())
                    .ok_or(format!("{}: bad row", path.display()))
            };
            let row = keep
                .iter()
                .map(|&k| number(k))
                .collect::<Result<Vec<_>, _>>()?;
            d.class.push(number(cells.len() - 1)?);
            d.rows.push(row);
            d.group.push(g);
        }
    }
    let data = data.ok_or(format!("{dir}: no CSV files"))?;
    println!(
        "{} files, {} instances, {} attributes; folds keep each file together",
        files.len(),
        data.rows.len(),
        data.names.len() + 2
    );
    Ok(data)
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len().max(1) as f64
}

fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let (ma, mb) = (mean(a), mean(b));
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    if saa == 0.0 || sbb == 0.0 {
        0.0
    } else {
        sab / (saa * sbb).sqrt()
    }
}

/// Solves the symmetric positive definite system `a x = b` by Cholesky.
// Indices as in the textbook algorithm.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: Vec<Vec<f64>>, b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    for j in 0..n {
        let mut d = a[j][j];
        for k in 0..j {
            d -= a[j][k] * a[j][k];
        }
        if d <= 0.0 {
            return None;
        }
        let d = d.sqrt();
        a[j][j] = d;
        for i in j + 1..n {
            let mut s = a[i][j];
            for k in 0..j {
                s -= a[i][k] * a[j][k];
            }
            a[i][j] = s / d;
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        let s: f64 = (0..i).map(|k| a[i][k] * y[k]).sum();
        y[i] = (b[i] - s) / a[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|k| a[k][i] * x[k]).sum();
        x[i] = (y[i] - s) / a[i][i];
    }
    Some(x)
}

/// A linear model on selected, scaled attributes.
struct Model {
    columns: Vec<usize>,
    low: Vec<f64>,
    span: Vec<f64>,
    weights: Vec<f64>,
}

impl Model {
    /// Normalise, drop constants, select by correlation, least squares —
    /// all on the training rows only.
    // Indices as in the normal equations.
    #[allow(clippy::needless_range_loop)]
    fn fit(data: &Data, class: &[f64], train: &[usize], allowed: &[usize]) -> Model {
        let y: Vec<f64> = train.iter().map(|&i| class[i]).collect();
        let mut scored = Vec::new();
        for &c in allowed {
            let x: Vec<f64> = train.iter().map(|&i| data.rows[i][c]).collect();
            let (lo, hi) = x
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
                    (l.min(v), h.max(v))
                });
            if hi > lo {
                scored.push((correlation(&x, &y).abs(), c, lo, hi - lo));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(SELECTED);
        let columns: Vec<usize> = scored.iter().map(|s| s.1).collect();
        let low: Vec<f64> = scored.iter().map(|s| s.2).collect();
        let span: Vec<f64> = scored.iter().map(|s| s.3).collect();
        let k = columns.len() + 1;
        let mut xtx = vec![vec![0.0; k]; k];
        let mut xty = vec![0.0; k];
        let mut x = vec![0.0; k];
        for (&i, &yi) in train.iter().zip(&y) {
            x[0] = 1.0;
            for (j, &c) in columns.iter().enumerate() {
                x[j + 1] = (data.rows[i][c] - low[j]) / span[j];
            }
            for a in 0..k {
                xty[a] += x[a] * yi;
                for b in 0..=a {
                    xtx[a][b] += x[a] * x[b];
                }
            }
        }
        for a in 0..k {
            for b in 0..a {
                xtx[b][a] = xtx[a][b];
            }
            if a > 0 {
                xtx[a][a] += 1e-6 * train.len() as f64;
            }
        }
        let weights = solve(xtx, &xty).unwrap_or_else(|| {
            let mut w = vec![0.0; k];
            w[0] = mean(&y);
            w
        });
        Model {
            columns,
            low,
            span,
            weights,
        }
    }

    fn predict(&self, row: &[f64]) -> f64 {
        self.weights[0]
            + self
                .columns
                .iter()
                .enumerate()
                .map(|(j, &c)| self.weights[j + 1] * (row[c] - self.low[j]) / self.span[j])
                .sum::<f64>()
    }
}

/// The fold of each instance: groups (files, or single rows) dealt out
/// in a shuffled order.
fn folds(data: &Data) -> Vec<usize> {
    let mut groups: Vec<usize> = data.group.clone();
    groups.sort_unstable();
    groups.dedup();
    let mut rng = go_analysis::board::Pcg32::new(2014);
    for i in (1..groups.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        groups.swap(i, j);
    }
    let mut fold_of_group = std::collections::HashMap::new();
    for (k, g) in groups.iter().enumerate() {
        fold_of_group.insert(*g, k % FOLDS);
    }
    data.group.iter().map(|g| fold_of_group[g]).collect()
}

/// Cross-validated correlation of the predictions with the class, and the
/// attributes the full-data model would keep first.
fn evaluate(data: &Data, class: &[f64], allowed: &[usize], fold: &[usize]) -> (f64, Vec<String>) {
    let mut predicted = vec![0.0; data.rows.len()];
    for f in 0..FOLDS {
        let train: Vec<usize> = (0..data.rows.len()).filter(|&i| fold[i] != f).collect();
        let test: Vec<usize> = (0..data.rows.len()).filter(|&i| fold[i] == f).collect();
        if test.is_empty() || train.is_empty() {
            continue;
        }
        let model = Model::fit(data, class, &train, allowed);
        for i in test {
            predicted[i] = model.predict(&data.rows[i]);
        }
    }
    let all: Vec<usize> = (0..data.rows.len()).collect();
    let model = Model::fit(data, class, &all, allowed);
    let top = model
        .columns
        .iter()
        .take(6)
        .map(|&c| data.names[c].clone())
        .collect();
    (correlation(&predicted, class), top)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let data = match &args.csv {
        Some(dir) => from_csv(dir),
        None => from_analysis(&args),
    };
    let data = match data {
        Ok(d) if d.rows.len() >= 2 * FOLDS => d,
        Ok(d) => {
            eprintln!(
                "error: only {} instances; analyse more (--playouts, --min-visits)",
                d.rows.len()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let index = |name: &str| data.names.iter().position(|n| n == name);
    let search: Vec<usize> = SEARCH_STATS.iter().filter_map(|n| index(n)).collect();
    let all: Vec<usize> = (0..data.names.len()).collect();
    let spatial: Vec<usize> = all
        .iter()
        .copied()
        .filter(|c| !search.contains(c))
        .collect();
    let stats_only: Vec<usize> = search.iter().copied().chain(index("toPlay")).collect();
    let fold = folds(&data);
    if let Some(r) = index("raveValue") {
        let rave: Vec<f64> = data.rows.iter().map(|row| row[r]).collect();
        println!(
            "raveValue alone correlates {:.3} with the class (it is the mover's AMAF win rate, the class the win ratio of the side to move: nearly its complement)",
            correlation(&rave, &data.class)
        );
    }
    // The class is the win ratio of the side to move (the thesis's node
    // mean), so it flips with toPlay; Black's fixed view does not.
    let to_play = index("toPlay").unwrap_or(0);
    let black: Vec<f64> = data
        .rows
        .iter()
        .zip(&data.class)
        .map(|(row, &c)| if row[to_play] == 0.0 { c } else { 1.0 - c })
        .collect();
    println!(
        "linear regression, {FOLDS}-fold cross-validation, {SELECTED} attributes selected per fold by correlation:"
    );
    let mut last = 0.0;
    for (target, class) in [
        (
            "class = win ratio for the side to move (the thesis's)",
            &data.class,
        ),
        ("target = Black's win ratio (fixed view)", &black),
    ] {
        println!(" {target}");
        for (label, set) in [
            ("all attributes", &all),
            ("search statistics and toPlay only", &stats_only),
            ("without search statistics", &spatial),
        ] {
            let (cc, top) = evaluate(&data, class, set, &fold);
            println!(
                "  {label:<36} correlation {cc:.3}   (first picks: {})",
                top.join(", ")
            );
            if std::ptr::eq(class, &data.class) {
                last = cc;
            }
        }
    }
    // The side to move's frame: colour-coded maps flipped when White is to
    // move, so that a linear model of the maps can follow a class that
    // flips with toPlay.
    let colour_coded: Vec<bool> = data
        .names
        .iter()
        .map(|n| ["inf", "board", "own"].iter().any(|p| n.starts_with(p)))
        .collect();
    let framed = Data {
        names: data.names.clone(),
        rows: data
            .rows
            .iter()
            .map(|row| {
                let white = row[to_play] == 1.0;
                row.iter()
                    .zip(&colour_coded)
                    .map(|(&v, &c)| if c && white { 1.0 - v } else { v })
                    .collect()
            })
            .collect(),
        class: data.class.clone(),
        group: data.group.clone(),
    };
    let (cc, top) = evaluate(&framed, &framed.class, &spatial, &fold);
    println!(
        " class = win ratio for the side to move, maps seen from the side to move (flipped when White is to move)\n  {:<36} correlation {cc:.3}   (first picks: {})",
        "without search statistics",
        top.join(", ")
    );
    println!("  thesis (Weka, attribute selection): LinReg 0.85-0.92, M5P 0.86-0.93");
    println!("correlation_without_search_stats: {last:.3}");
    ExitCode::SUCCESS
}
