//! The static classes (0, e and the gate of class p) on one position each:
//! the cost of one evaluation of the search.

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::{Board, Point};
use go_semeai::{Solver, SolverOptions};
use std::hint::black_box;

/// A race with eyes: Black's straight three against White's small eye.
const RACE: &str = "
    O O O O O O O X X X X X X
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X . X X O O O X X .
    O O O X . X X O O O X X X
    . O O X . X X O . O X X .
    . O O X X X . O O O . X .
    . O . X X X . O O O . X .
    . O . X X X X O O O . X .
    . O . X X X X O O O . X .
    O O O O O O O X X X X X X";

fn bench(c: &mut Criterion) {
    let board = Board::from_diagram(RACE).expect("diagram");
    let black: Point = "D3".parse().expect("vertex");
    let white: Point = "K3".parse().expect("vertex");
    let solver = Solver::new(SolverOptions::default());
    assert!(
        solver
            .inspect(&board, black, white)
            .expect("race")
            .verdict
            .is_some()
    );
    c.bench_function("semeai/static_class_e", |b| {
        b.iter(|| solver.inspect(black_box(&board), black, white))
    });
    let thesis = Solver::new(SolverOptions::thesis());
    c.bench_function("semeai/static_class_e_thesis", |b| {
        b.iter(|| thesis.inspect(black_box(&board), black, white))
    });
    c.bench_function("semeai/solve", |b| {
        b.iter(|| solver.solve(black_box(&board), black, white))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
