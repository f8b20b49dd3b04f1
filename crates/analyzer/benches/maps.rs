//! The analyzer's per-playout and per-node costs on a 19×19 board: the
//! terminal influence map and ownership of a finished playout, merging
//! them into a node, and the attributes of one dataset row.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::{Board, Pcg32, PlayoutBoard, PlayoutOptions};
use go_position_analyzer::MapStore;
use go_position_analyzer::features::{board_encoding, eye_count, liberty_map, pattern_map};
use go_position_analyzer::patterns::AnalyzerPattern;
use go_position_analyzer::terminal::{influence_half_units, ownership_half_units};

/// The final position of a light playout from the empty board.
fn finished() -> PlayoutBoard {
    let mut board = PlayoutBoard::from(&Board::new(19).unwrap());
    let mut moves = Vec::new();
    let options = PlayoutOptions::default()
        .with_komi(7.5)
        .with_max_moves(Some(3 * 361));
    board.playout_recording(&mut Pcg32::new(3), &options, &mut moves);
    board
}

fn bench(c: &mut Criterion) {
    let board = finished();
    let mut group = c.benchmark_group("analyzer_19x19");
    let (mut inf, mut own, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    group.bench_function("terminal_influence", |b| {
        b.iter(|| influence_half_units(black_box(&board), &mut inf, &mut scratch));
    });
    group.bench_function("terminal_ownership", |b| {
        b.iter(|| ownership_half_units(black_box(&board), &mut own));
    });
    influence_half_units(&board, &mut inf, &mut scratch);
    ownership_half_units(&board, &mut own);
    let store = MapStore::new(board.geometry(), 1000);
    group.bench_function("merge_into_a_node", |b| {
        b.iter(|| store.merge(black_box(7), &inf, &own));
    });
    group.bench_function("row_attributes", |b| {
        b.iter(|| {
            let pos = black_box(&board);
            (
                board_encoding(pos),
                liberty_map(pos),
                eye_count(pos),
                AnalyzerPattern::ALL.map(|p| pattern_map(pos, p)),
            )
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
