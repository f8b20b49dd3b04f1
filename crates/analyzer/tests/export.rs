//! The exports: SGF read back by our own loader, ARFF and CSV shapes and
//! headers, consistency with the tree, and snapshots of a small export.

use go_board::Board;
use go_board::sgf::{GameRecord, Until};
use go_position_analyzer::export::svg::{Picture, picture};
use go_position_analyzer::export::{
    ExportOptions, node_features, write_arff, write_csv, write_sgf,
};
use go_position_analyzer::features::{BoardMode, attribute_names};
use go_position_analyzer::{Analysis, AnalyzerOptions, TreeLimits, analyze};

fn small_analysis(playouts: u64) -> Analysis {
    let board = Board::from_diagram(
        ". . . . .
         . X . O .
         . X . O .
         . X . O .
         . . . . .",
    )
    .unwrap();
    analyze(&board, &AnalyzerOptions::default().with_playouts(playouts))
}

fn options(depth: usize, min_visits: u32) -> ExportOptions {
    ExportOptions::default().with_limits(
        TreeLimits::default()
            .with_max_depth(Some(depth))
            .with_min_visits(min_visits),
    )
}

fn count_nodes(analysis: &Analysis, options: &ExportOptions) -> usize {
    let mut n = 0;
    analysis.walk(options.limits, |_| n += 1);
    n
}

#[test]
fn sgf_reparses_and_has_one_node_per_walked_node() {
    let analysis = small_analysis(2000);
    let options = options(3, 5);
    let sgf = write_sgf(&analysis, &options);
    let record = GameRecord::parse(&sgf).expect("our loader reads the tree back");
    let start = record.position(Until::BeforeMove(1)).unwrap();
    assert_eq!(start.board.stones_of(go_board::Color::Black).len(), 3);
    // The main line (first variations) replays without an illegal move.
    record.position(Until::End).unwrap();
    assert_eq!(sgf.matches("(;").count(), count_nodes(&analysis, &options));
    assert_eq!(
        sgf.matches("MoveCount").count() - sgf.matches("Child ").count(),
        count_nodes(&analysis, &options)
    );
    assert!(
        sgf.contains("TB[") && sgf.contains("TW["),
        "territory markup"
    );
    assert!(sgf.contains("LB["), "visit labels");
}

fn data_rows(arff: &str) -> Vec<&str> {
    let data = arff.split("@data\n").nth(1).unwrap();
    data.lines().filter(|l| !l.is_empty()).collect()
}

#[test]
fn arff_has_the_thesis_columns_and_one_row_per_non_root_node() {
    let analysis = small_analysis(2000);
    let options = options(4, 3);
    let mut out = Vec::new();
    write_arff(&analysis, &options, &mut out).unwrap();
    let arff = String::from_utf8(out).unwrap();
    let names: Vec<&str> = arff
        .lines()
        .filter_map(|l| l.strip_prefix("@attribute "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(names.len(), 9 * 25 + 7);
    assert_eq!(names, attribute_names(5, 5, false));
    assert!(arff.contains("@attribute move string\n"));
    let rows = data_rows(&arff);
    assert_eq!(rows.len(), count_nodes(&analysis, &options) - 1);
    for row in &rows {
        assert_eq!(row.split(',').count(), 9 * 25 + 7, "{row}");
        let mv = row.split(',').nth(1).unwrap();
        assert!(mv.starts_with('\'') && mv.ends_with('\''));
    }
}

#[test]
fn csv_twin_has_the_same_rows_with_a_header() {
    let analysis = small_analysis(1500);
    for extended in [false, true] {
        let options = options(3, 3).with_extended(extended);
        let mut csv = Vec::new();
        write_csv(&analysis, &options, &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        let mut arff = Vec::new();
        write_arff(&analysis, &options, &mut arff).unwrap();
        let arff = String::from_utf8(arff).unwrap();
        let mut lines = csv.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!(header, attribute_names(5, 5, extended));
        let rows: Vec<&str> = lines.collect();
        let arff_rows = data_rows(&arff);
        assert_eq!(rows.len(), arff_rows.len());
        for (c, a) in rows.iter().zip(&arff_rows) {
            assert_eq!(c.split(',').count(), header.len());
            assert_eq!(*c, a.replace('\'', ""));
        }
    }
}

#[test]
fn rows_follow_the_tree_depth_first_with_thesis_diff_maps() {
    let analysis = small_analysis(1500);
    let options = options(3, 2);
    let mut depths = Vec::new();
    let mut ids = Vec::new();
    analysis.walk(options.limits, |v| {
        if v.depth > 0 {
            ids.push((v.parent.unwrap(), v.id));
        }
    });
    let mut k = 0;
    node_features(&analysis, &options, |f| {
        depths.push(f.depth);
        let (parent, child) = ids[k];
        k += 1;
        let diff = analysis.influence_diff(parent, child).unwrap();
        assert_eq!(f.influence_diff, diff);
        assert_eq!(f.influence, analysis.influence(child).unwrap());
        // Class: the win ratio for the side to move there.
        let info = analysis.tree().info(child);
        assert!((f.stats.win_ratio - (1.0 - info.value)).abs() < 1e-6);
        assert_eq!(f.stats.move_count, info.visits);
        let sum: u32 = analysis
            .tree()
            .children(child)
            .map(|c| analysis.tree().info(c).visits)
            .sum();
        assert_eq!(f.stats.pos_count, sum);
        let numbers = f.numbers(false);
        assert_eq!(numbers.len() + 1, 9 * 25 + 7);
    });
    assert_eq!(k, ids.len());
    // Depth first: a depth rises by at most one from row to row.
    assert!(depths.windows(2).all(|w| w[1] <= w[0] + 1));
    assert_eq!(depths[0], 1);
}

#[test]
fn stones_only_boards_never_lose_stones_along_a_path() {
    let analysis = small_analysis(1500);
    let played = options(4, 2);
    let thesis = played.with_board_mode(BoardMode::StonesOnly);
    let mut a = Vec::new();
    node_features(&analysis, &played, |f| a.push(f.board.clone()));
    let mut b = Vec::new();
    node_features(&analysis, &thesis, |f| b.push(f.board.clone()));
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        // Wherever the true board has a stone, the thesis's board has one
        // too (a later stone may sit on a captured point).
        for (p, q) in x.iter().zip(y) {
            if *p != 0.5 {
                assert_ne!(*q, 0.5);
            }
        }
    }
}

#[test]
fn snapshot_of_a_small_export() {
    let board = Board::from_diagram(
        ". . . .
         . X O .
         . X O .
         . . . .",
    )
    .unwrap();
    let analysis = analyze(&board, &AnalyzerOptions::default().with_playouts(400));
    let options = options(1, 60);
    insta::assert_snapshot!("small_tree_sgf", write_sgf(&analysis, &options));
    let mut csv = Vec::new();
    write_csv(&analysis, &options, &mut csv).unwrap();
    insta::assert_snapshot!("small_tree_csv", String::from_utf8(csv).unwrap());
    let root = analysis.tree().root();
    let svg = picture(
        analysis.board(),
        &analysis.influence(root).unwrap(),
        Picture::Influence,
        "influence",
    );
    insta::assert_snapshot!("small_tree_influence_svg", svg);
}
