//! Territory and influence estimates: colour swap negates every map, and
//! board symmetries commute with every estimate.

use go_board::{Board, Color, Point};
use go_patterns::{
    Decay, DecayInfluence, Metric, Morphology, PointMap, Symmetry, ZobristInfluence,
};
use proptest::prelude::*;

fn board_from(size: usize, moves: &[(u8, u8)]) -> Board {
    let mut board = Board::new(size).unwrap();
    let mut color = Color::Black;
    for &(c, r) in moves {
        let p = Point::new(c as usize % size, r as usize % size);
        if board.play(color, p).is_ok() {
            color = color.opposite();
        }
    }
    board
}

fn transformed(board: &Board, s: Symmetry, swap: bool) -> Board {
    let geo = board.geometry();
    let mut out = Board::new(geo.width()).unwrap();
    out.setup(geo.points().iter().filter_map(|&p| {
        let c = board.color_at(p)?;
        let c = if swap { c.opposite() } else { c };
        Some((s.apply_point(geo, p).unwrap(), Some(c)))
    }))
    .unwrap();
    out
}

/// Every estimate as a float map.
fn estimates(board: &Board) -> Vec<(&'static str, PointMap<f64>)> {
    let int = |m: PointMap<i32>| m.map(|&v| f64::from(v));
    vec![
        (
            "bouzy 5/21",
            int(Morphology::BOUZY.territory(board).values().clone()),
        ),
        (
            "thesis 3/6",
            int(Morphology::THESIS.territory(board).values().clone()),
        ),
        (
            "moyo 5/10",
            int(Morphology::MOYO.territory(board).values().clone()),
        ),
        ("zobrist", int(ZobristInfluence::default().compute(board))),
        ("halving", DecayInfluence::default().compute(board)),
        (
            "inverse euclidean r4",
            DecayInfluence {
                decay: Decay::Inverse,
                metric: Metric::Euclidean,
                radius: Some(4.0),
            }
            .compute(board),
        ),
    ]
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn colour_swap_negates_and_symmetries_commute(
        size in 3usize..11,
        moves in proptest::collection::vec((0u8..11, 0u8..11), 0..60),
        s in 0usize..8,
        swap in any::<bool>(),
    ) {
        let board = board_from(size, &moves);
        let s = Symmetry::ALL[s];
        let image = transformed(&board, s, swap);
        let geo = board.geometry();
        let sign = if swap { -1.0 } else { 1.0 };
        for ((name, before), (_, after)) in estimates(&board).iter().zip(estimates(&image)) {
            for &p in geo.points() {
                let q = s.apply_point(geo, p).unwrap();
                prop_assert!(
                    close(after[q], sign * before[p]),
                    "{} at {}: {} vs {}\n{}", name, p, after[q], before[p], board
                );
            }
        }
    }
}

#[test]
fn a_single_stone_radiates_symmetrically() {
    let mut board = Board::new(9).unwrap();
    let centre = Point::new(4, 4);
    board.play(Color::White, centre).unwrap();
    let geo = board.geometry();
    for (name, map) in estimates(&board) {
        for &p in geo.points() {
            for s in Symmetry::ALL {
                let q = s.apply_point(geo, p).unwrap();
                assert!(close(map[p], map[q]), "{name} {p} {q}");
            }
            // White: nothing positive anywhere.
            assert!(map[p] <= 0.0, "{name} {p}");
        }
        assert!(map[centre] < 0.0, "{name}");
    }
}

#[test]
fn an_enclosed_corner_is_territory_for_every_setting() {
    let board = Board::from_diagram(
        ". . . X . . . . .
         . . . X . . . . .
         . . . X . . . . .
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let corner: Vec<Point> = (0..3)
        .flat_map(|c| (6..9).map(move |r| Point::new(c, r)))
        .collect();
    for m in [Morphology::BOUZY, Morphology::THESIS, Morphology::MOYO] {
        let t = m.territory(&board);
        for &p in &corner {
            assert_eq!(t.owner(p), Some(Color::Black), "{m:?} {p}");
        }
        // Far away, nothing.
        assert_eq!(t.owner(Point::new(8, 0)), None, "{m:?}");
    }
}
