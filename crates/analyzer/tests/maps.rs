//! The per-node maps against a brute recomputation: every finished
//! playout's terminal map is recomputed with the thesis's literal
//! algorithm (start at 0.5, ±1 per stone on its point and its 8
//! neighbours, truncate) and merged with the thesis's running mean (Ec. 5)
//! into every node of its path; the store's means must agree.

use std::collections::HashMap;
use std::sync::Mutex;

use go_board::{Board, Color, Pcg32};
use go_mcts::go::{GoExpander, GoState, Policy};
use go_mcts::{Budget, NodeId, Playout, Record, Search, SearchOptions, Tree};
use go_position_analyzer::{AnalyzerPlayout, AnalyzerWorker};

/// Per node: running means of influence and ownership, and the count.
type Brute = HashMap<NodeId, (Vec<f64>, Vec<f64>, u32)>;

struct Recording {
    inner: AnalyzerPlayout,
    brute: Mutex<Brute>,
}

fn thesis_terminal_map(board: &go_board::PlayoutBoard) -> Vec<f64> {
    let geo = board.geometry();
    let w = geo.width();
    let mut m = vec![0.5f64; geo.num_points()];
    for &p in geo.points() {
        let sign = match board.color_at(p) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => -1.0,
            None => continue,
        };
        m[p.row() * w + p.col()] += sign;
        for q in p.neighbours().into_iter().chain(p.diagonals()) {
            if geo.contains(q) {
                m[q.row() * w + q.col()] += sign;
            }
        }
    }
    m.iter()
        .map(|&v| {
            if v > 0.5 {
                1.0
            } else if v < 0.5 {
                0.0
            } else {
                0.5
            }
        })
        .collect()
}

/// Tromp-Taylor ownership by flood fill, independent of go-board's.
fn brute_ownership(board: &go_board::PlayoutBoard) -> Vec<f64> {
    let geo = board.geometry();
    let w = geo.width();
    let mut out = vec![0.5; geo.num_points()];
    for &p in geo.points() {
        let v = match board.color_at(p) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => {
                let (mut black, mut white) = (false, false);
                let mut seen = vec![p];
                let mut stack = vec![p];
                while let Some(q) = stack.pop() {
                    for r in geo.neighbours(q) {
                        match board.color_at(r) {
                            Some(Color::Black) => black = true,
                            Some(Color::White) => white = true,
                            None if !seen.contains(&r) => {
                                seen.push(r);
                                stack.push(r);
                            }
                            None => {}
                        }
                    }
                }
                match (black, white) {
                    (true, false) => 0.0,
                    (false, true) => 1.0,
                    _ => 0.5,
                }
            }
        };
        out[p.row() * w + p.col()] = v;
    }
    out
}

impl Playout<GoState> for Recording {
    type Worker = AnalyzerWorker;
    type Rng = Pcg32;
    fn worker(&self, root: &GoState) -> AnalyzerWorker {
        self.inner.worker(root)
    }
    fn playout(
        &self,
        w: &mut AnalyzerWorker,
        s: &mut GoState,
        rng: &mut Pcg32,
        r: &mut Record,
    ) -> f32 {
        self.inner.playout(w, s, rng, r)
    }
    fn observe(&self, w: &mut AnalyzerWorker, tree: &Tree, path: &[NodeId], end: &GoState) {
        self.inner.observe(w, tree, path, end);
        if end.board().consecutive_passes() < 2 {
            return;
        }
        let inf = thesis_terminal_map(end.board());
        let own = brute_ownership(end.board());
        let mut brute = self.brute.lock().unwrap();
        for &id in path {
            let e = brute
                .entry(id)
                .or_insert_with(|| (vec![0.5; inf.len()], vec![0.5; inf.len()], 0));
            let n = f64::from(e.2);
            // Ec. 5: Inf ← (Inf·n + New)/(n + 1).
            for (a, b) in e.0.iter_mut().zip(&inf) {
                *a = (*a * n + b) / (n + 1.0);
            }
            for (a, b) in e.1.iter_mut().zip(&own) {
                *a = (*a * n + b) / (n + 1.0);
            }
            e.2 += 1;
        }
    }
}

fn check(board: &Board, playouts: u64, threads: usize) {
    let geo = board.geometry();
    let playout = Recording {
        inner: AnalyzerPlayout::new(Policy::Heavy, geo, 100_000),
        brute: Mutex::new(HashMap::new()),
    };
    let options = SearchOptions::default()
        .with_threads(threads)
        .with_early_stop(false)
        .with_seed(5);
    let mut search = Search::new(options, playout, GoExpander::default());
    let result = search.run(&GoState::new(board, 6.5), Budget::playouts(playouts));
    assert_eq!(result.playouts, playouts);
    let tree = search.tree();
    let store = search.playout().inner.store();
    let brute = search.playout().brute.lock().unwrap();
    assert!(brute.len() > 10, "the tree grew");
    let mut root_maps = 0;
    for (&id, (inf, own, n)) in brute.iter() {
        let slot = tree.extension(id);
        assert_eq!(store.num_maps(slot), *n);
        let ours = store.influence(slot).unwrap();
        let ours_own = store.ownership(slot).unwrap();
        for (a, b) in ours.values().zip(inf) {
            assert!((f64::from(*a) - b).abs() < 1e-5, "influence {a} vs {b}");
        }
        for (a, b) in ours_own.values().zip(own) {
            assert!((f64::from(*a) - b).abs() < 1e-5, "ownership {a} vs {b}");
        }
        if id == tree.root() {
            root_maps = *n;
        }
    }
    // Every visited node received maps (the same path as the results).
    assert!(root_maps as u64 <= playouts && root_maps as u64 >= playouts * 9 / 10);
}

#[test]
fn mean_maps_equal_a_brute_recomputation_on_9x9() {
    let board = Board::from_diagram(
        ". . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . X . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . X . . O . . .
         . . . . . . . . .",
    )
    .unwrap();
    check(&board, 1500, 1);
}

#[test]
fn mean_maps_equal_a_brute_recomputation_with_two_threads() {
    check(&Board::new(7).unwrap(), 1500, 2);
}

/// The thesis's qualitative claim (§8): the maps are consistent despite
/// the randomness. Two searches with different seeds give root influence
/// maps that differ little, point by point.
#[test]
fn root_maps_are_stable_across_seeds() {
    use go_position_analyzer::{AnalyzerOptions, analyze};
    let board = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let maps: Vec<_> = [3u64, 4]
        .iter()
        .map(|&seed| {
            let mut options = AnalyzerOptions::default().with_playouts(3000);
            options.search.seed = seed;
            let analysis = analyze(&board, &options);
            analysis.influence(analysis.tree().root()).unwrap()
        })
        .collect();
    let diffs: Vec<f32> = maps[0]
        .values()
        .zip(maps[1].values())
        .map(|(a, b)| (a - b).abs())
        .collect();
    let mean = diffs.iter().sum::<f32>() / diffs.len() as f32;
    let max = diffs.iter().copied().fold(0.0, f32::max);
    assert!(mean < 0.05 && max < 0.15, "mean {mean}, max {max}");
    // And they say what a player sees: the left is Black's, the right White's.
    assert!(*maps[0].get("A5".parse().unwrap()).unwrap() < 0.2);
    assert!(*maps[0].get("J5".parse().unwrap()).unwrap() > 0.8);
}
