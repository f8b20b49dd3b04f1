//! Classifying an eye: canonical key and O(1) table lookup.
//!
//! Target (issue 5): ≤ 100 ns to classify an eye shape.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use go_eye::position::Edges;
use go_eye::shape::{CellSet, Symmetry, catalog};
use go_eye::tables::{Eye, Stones};

/// Every 7-point shape in all orientations, in the centre and on the north
/// edge, each with one enemy stone; tables solved beforehand.
fn inputs() -> Vec<(CellSet, Edges, Stones)> {
    let mut out = Vec::new();
    for info in catalog::eye_shapes_of_size(7) {
        for sym in Symmetry::ALL {
            let cells = sym
                .apply(info.shape.cells())
                .normalized()
                .translated(1, 0)
                .unwrap();
            for edges in [Edges::NONE, Edges::NORTH] {
                let Ok(eye) = Eye::new(cells, edges) else {
                    continue;
                };
                let enemy = CellSet::from_bits(1 << cells.iter().nth(3).unwrap().index());
                let stones = Stones::enemy(enemy);
                eye.status(&stones, 3).unwrap(); // solve the table now
                out.push((cells, edges, stones));
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    let n = inputs.len();
    let mut i = 0;
    c.bench_function("classify eye (key + status lookup)", |b| {
        b.iter(|| {
            let (cells, edges, stones) = &inputs[i % n];
            i += 1;
            let eye = Eye::new(black_box(*cells), black_box(*edges)).unwrap();
            black_box(eye.status(black_box(stones), 3).unwrap())
        })
    });
    let eyes: Vec<(Eye, Stones)> = inputs
        .iter()
        .map(|(c, e, s)| (Eye::new(*c, *e).unwrap(), *s))
        .collect();
    c.bench_function("status lookup on a classified eye", |b| {
        b.iter(|| {
            let (eye, stones) = &eyes[i % n];
            i += 1;
            black_box(eye.status(black_box(stones), 3).unwrap())
        })
    });
    c.bench_function("shape key and id", |b| {
        b.iter(|| {
            let (cells, _, _) = &inputs[i % n];
            i += 1;
            let key = go_eye::shape::ShapeKey::of(black_box(*cells));
            black_box(catalog::shape_id(key))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
