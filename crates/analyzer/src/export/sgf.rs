//! The search tree as annotated SGF (the thesis's `SaveTree2`/`SaveNode2`).

use std::fmt::Write;

use go_board::{Color, Geometry, Move, Point};

use super::{ExportOptions, push_number};
use crate::analysis::{Analysis, NodeStats, NodeVisit};
use crate::map::ValueMap;

/// One node's SGF text, built in preorder and nested by depth.
struct Entry {
    depth: usize,
    text: String,
}

fn sgf_point(geo: &Geometry, p: Point) -> String {
    geo.to_sgf(p)
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn ratio(out: &mut String, v: f32) {
    let _ = write!(out, "{v:.3}");
}

fn comment(
    stats: &NodeStats,
    influence: Option<&ValueMap>,
    children: &[(String, ValueMap, u32, f32)],
) -> String {
    let mut c = String::new();
    match influence {
        Some(map) => {
            c.push_str(
                "Influence (1 White, 0 Black: O > 0.8 >= o > 0.6 >= . >= 0.4 > x >= 0.2 > X)\n",
            );
            c.push_str(&crate::map::text(map));
        }
        None => c.push_str("Influence: no playout reached this node\n"),
    }
    let _ = writeln!(c, "MoveCount {}", stats.move_count);
    let _ = writeln!(c, "PosCount {}", stats.pos_count);
    let _ = write!(c, "Mean {} ", stats.to_play);
    ratio(&mut c, stats.win_ratio);
    c.push_str(" (black ");
    ratio(&mut c, stats.black_win_ratio);
    c.push_str(")\n");
    if stats.mv.is_some() {
        c.push_str("Rave ");
        push_number(&mut c, stats.rave_value);
        let _ = writeln!(c, " ({})", stats.rave_count);
    }
    let _ = writeln!(c, "Maps {}", stats.num_maps);
    for (name, diff, visits, win) in children {
        let _ = write!(c, "\nChild {name}: MoveCount {visits}, Mean for the mover ");
        ratio(&mut c, *win);
        c.push_str("\nInfluence difference (parent - child + 1)/2 (O: White lost control, X: Black lost)\n");
        c.push_str(&crate::map::text(diff));
    }
    c
}

/// The search tree as SGF: the root position as setup (`AB`, `AW`,
/// `PL`), then one variation per child within the limits, depth first.
/// Each node's comment holds its influence map as the thesis's text map,
/// its MoveCount, PosCount, win ratio (for the side to move and for
/// Black), RAVE value, and for each exported child its move, count and
/// difference map. The maps are also SGF markup any viewer draws:
/// `TB`/`TW` territory marks where the node's influence is below 0.2 /
/// above 0.8 (not on the owner's own stones), and `LB` labels with the
/// children's visit counts.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions, TreeLimits};
/// use go_position_analyzer::export::{ExportOptions, write_sgf};
/// use go_board::sgf::GameRecord;
/// let analysis = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(300));
/// let options = ExportOptions::default().with_limits(TreeLimits::default().with_max_depth(Some(2)).with_min_visits(3));
/// let sgf = write_sgf(&analysis, &options);
/// assert!(sgf.contains("MoveCount 300"));
/// let record = GameRecord::parse(&sgf)?; // our own loader reads it back
/// assert_eq!(record.geometry().width(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_sgf(analysis: &Analysis, options: &ExportOptions) -> String {
    let geo = analysis.board().geometry();
    let tree = analysis.tree();
    let min = options.limits.min_visits.max(1);
    let mut entries: Vec<Entry> = Vec::new();
    analysis.walk(options.limits, |v: &NodeVisit<'_>| {
        let mut t = String::new();
        if v.depth == 0 {
            let _ = write!(t, "FF[4]GM[1]SZ[");
            if geo.is_square() {
                let _ = write!(t, "{}]", geo.width());
            } else {
                let _ = write!(t, "{}:{}]", geo.width(), geo.height());
            }
            t.push_str("CA[UTF-8]AP[go-position-analyzer]KM[");
            push_number(&mut t, analysis.komi());
            t.push(']');
            for (tag, color) in [("AB", Color::Black), ("AW", Color::White)] {
                let stones: Vec<Point> = geo
                    .points()
                    .iter()
                    .copied()
                    .filter(|&p| analysis.board().color_at(p) == Some(color))
                    .collect();
                if !stones.is_empty() {
                    t.push_str(tag);
                    for p in stones {
                        let _ = write!(t, "[{}]", sgf_point(geo, p));
                    }
                }
            }
            let _ = write!(t, "PL[{}]", color_letter(analysis.to_play()));
        } else if let Some((color, mv)) = v.stats.mv {
            let _ = match mv {
                Move::Play(p) => write!(t, "{}[{}]", color_letter(color), sgf_point(geo, p)),
                Move::Pass => write!(t, "{}[]", color_letter(color)),
            };
        }
        let influence = analysis.influence(v.id);
        // The children that are exported too, with their difference maps.
        let within = options.limits.max_depth.is_none_or(|d| v.depth < d);
        let mut children = Vec::new();
        let mut labels = Vec::new();
        for child in tree.children(v.id) {
            let info = tree.info(child);
            if info.visits == 0 {
                continue;
            }
            let mv = <Move as go_mcts::MoveCode>::from_code(info.move_code);
            if let Move::Play(p) = mv {
                labels.push(format!("{}:{}", sgf_point(geo, p), info.visits));
            }
            if within && info.visits >= min {
                if let (Some(parent), Some(child_map)) = (&influence, analysis.influence(child)) {
                    let name = format!("{} {}", color_letter(v.stats.to_play), mv);
                    children.push((
                        name,
                        crate::map::diff(parent, &child_map),
                        info.visits,
                        info.value,
                    ));
                }
            }
        }
        let _ = write!(
            t,
            "C[{}]",
            escape(&comment(&v.stats, influence.as_ref(), &children))
        );
        if let Some(map) = &influence {
            for (tag, color, strong) in [
                ("TB", Color::Black, (|x: f32| x < 0.2) as fn(f32) -> bool),
                ("TW", Color::White, |x: f32| x > 0.8),
            ] {
                let marks: Vec<Point> = geo
                    .points()
                    .iter()
                    .copied()
                    .filter(|&p| {
                        map.get(p).copied().is_some_and(strong)
                            && v.board.color_at(p) != Some(color)
                    })
                    .collect();
                if !marks.is_empty() {
                    t.push_str(tag);
                    for p in marks {
                        let _ = write!(t, "[{}]", sgf_point(geo, p));
                    }
                }
            }
        }
        if !labels.is_empty() {
            t.push_str("LB");
            for l in labels {
                let _ = write!(t, "[{l}]");
            }
        }
        entries.push(Entry {
            depth: v.depth,
            text: t,
        });
    });
    nest(&entries)
}

/// Nests preorder entries into SGF game-tree syntax: every child is its
/// own variation `(;…)`.
fn nest(entries: &[Entry]) -> String {
    let mut out = String::new();
    let mut open = 0usize;
    for e in entries {
        // Close the variations deeper than or at this node's depth.
        while open > e.depth {
            out.push(')');
            open -= 1;
        }
        if e.depth > 0 {
            out.push('\n');
        }
        out.push_str("(;");
        out.push_str(&e.text);
        open += 1;
    }
    while open > 0 {
        out.push(')');
        open -= 1;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_gives_one_variation_per_child() {
        let e = |depth: usize, text: &str| Entry {
            depth,
            text: text.to_string(),
        };
        let tree = [e(0, "R"), e(1, "A"), e(2, "A1"), e(1, "B")];
        assert_eq!(nest(&tree), "(;R\n(;A\n(;A1))\n(;B))\n");
    }
}
