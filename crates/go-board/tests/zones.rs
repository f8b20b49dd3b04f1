//! Incremental zones equal a from-scratch computation after every move,
//! pass, capture, suicide and undo of random legal sequences.

use go_board::zone::Zones;
use go_board::{Board, Color, Geometry, Point, Position, Rules, SuicideRule};
use proptest::prelude::*;

/// One step of a random sequence: a legal move chosen by index among the
/// legal moves, a pass, an undo, or a few undos in a row.
#[derive(Clone, Debug)]
enum Op {
    Play(usize),
    Pass,
    Undo(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        20 => (0usize..100_000).prop_map(Op::Play),
        1 => Just(Op::Pass),
        2 => (1usize..4).prop_map(Op::Undo),
    ]
}

/// Plays `ops` on a `size`×`size` board, keeping zones by `Zones::play` /
/// `Zones::undo` and by `update` with `Zones::changed`; both must equal
/// `Zones::new` after every step.
fn run(size: usize, suicide: bool, ops: &[Op]) -> Result<(), TestCaseError> {
    let geo = Geometry::square(size).unwrap();
    let rules = Rules {
        suicide: if suicide {
            SuicideRule::Allowed
        } else {
            SuicideRule::Illegal
        },
        ..Rules::default()
    };
    let mut board = Board::with_geometry(geo, rules);
    let mut stepped = Zones::new(&board);
    let mut updated = stepped.clone();
    for op in ops {
        let before = board.clone();
        match *op {
            Op::Play(i) => {
                let color = board.to_play();
                // Not into its own single-point eyes, so games grow long.
                let legal: Vec<Point> = board
                    .legal_moves(color)
                    .iter()
                    .filter(|&p| !board.is_true_eye(color, p))
                    .collect();
                if legal.is_empty() {
                    board.pass();
                    continue;
                }
                let p = legal[i % legal.len()];
                stepped.play(&mut board, color, p).unwrap();
            }
            Op::Pass => {
                board.pass();
                continue;
            }
            Op::Undo(n) => {
                for _ in 0..n {
                    if stepped.undo(&mut board).is_none() {
                        break;
                    }
                }
            }
        }
        updated.update(&board, &Zones::changed(&before, &board));
        let scratch = Zones::new(&board);
        prop_assert_eq!(&stepped, &scratch, "play/undo after {:?}\n{}", op, board);
        prop_assert_eq!(&updated, &scratch, "update after {:?}\n{}", op, board);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn incremental_zones_equal_from_scratch(
        size in 5usize..=13,
        suicide in any::<bool>(),
        ops in prop::collection::vec(op(), 1..220),
    ) {
        run(size, suicide, &ops)?;
    }
}

/// Setup changes many points at once, stones put down and taken away.
#[test]
fn incremental_zones_follow_setup_changes() {
    let geo = Geometry::square(9).unwrap();
    let mut board = Board::with_geometry(geo, Rules::default());
    let mut zones = Zones::new(&board);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let before = board.clone();
        let changes: Vec<(Point, Option<Color>)> = (0..1 + next() % 6)
            .map(|_| {
                let p = geo.points()[(next() % geo.num_points() as u64) as usize];
                let c = match next() % 3 {
                    0 => None,
                    1 => Some(Color::Black),
                    _ => Some(Color::White),
                };
                (p, c)
            })
            .collect();
        if board.setup(changes).is_err() {
            continue;
        }
        zones.update(&board, &Zones::changed(&before, &board));
        assert_eq!(zones, Zones::new(&board), "\n{board}");
    }
}
