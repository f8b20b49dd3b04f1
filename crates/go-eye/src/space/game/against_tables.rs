//! The eye-graph game against the tables' solver, written apart: their
//! answers must agree on every small eye.

use super::EyeGraph;
use crate::position::Edges;
use crate::shape::{CellSet, Symmetry, catalog};
use crate::tables::{Eye, Stones};

/// A plain eye of the tables as a graph: its points, those touching the
/// enclosing block, no marginal point.
fn graph_of(eye: &Eye, enemy: CellSet) -> EyeGraph {
    let cells: Vec<_> = eye.cells().iter().collect();
    let interior = eye.interior_points();
    let index = |c| cells.iter().position(|&d| d == c);
    let mut adjacent = vec![0u16; cells.len()];
    let (mut wall, mut enemy_bits) = (0u16, 0u16);
    for (i, &c) in cells.iter().enumerate() {
        let one: CellSet = [c].into_iter().collect();
        for n in one.border() {
            if let Some(j) = index(n) {
                adjacent[i] |= 1 << j;
            }
        }
        if !interior.contains(c) {
            wall |= 1 << i;
        }
        if enemy.contains(c) {
            enemy_bits |= 1 << i;
        }
    }
    EyeGraph::new(&adjacent, wall, 0, enemy_bits).unwrap()
}

/// The two solvers are written apart: the graph's "two eyes" must be
/// the tables' "alive", for every eye of up to five points in every
/// position and every set of enemy stones.
#[test]
fn two_eyes_is_alive_in_the_tables() {
    let mut checked = 0;
    for size in 1..=5 {
        for info in catalog::eye_shapes_of_size(size) {
            for sym in Symmetry::ALL {
                let cells = sym.apply(info.shape.cells()).normalized();
                for edges in [Edges::NONE, Edges::NORTH, Edges::NORTH | Edges::WEST] {
                    let Ok(eye) = Eye::new(cells, edges) else {
                        continue;
                    };
                    for m in 0u32..1 << size {
                        let enemy: CellSet = cells
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| m >> i & 1 == 1)
                            .map(|(_, c)| c)
                            .collect();
                        let Ok(a) = eye.analyse(&Stones::enemy(enemy), 4) else {
                            continue;
                        };
                        let v = graph_of(&eye, enemy).value().unwrap();
                        let alive = crate::tables::EyeOutcome::Alive;
                        assert_eq!(
                            (v.min == 2, v.max == 2),
                            (
                                a.value.attacker_first == alive,
                                a.value.defender_first == alive
                            ),
                            "{cells:?} {edges} enemy {enemy:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1000);
}
