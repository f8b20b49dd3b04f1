//! Every incremental structure equals a from-scratch recomputation after
//! random play / pass / undo sequences, and undo restores positions exactly.

use go_board::{
    Board, Color, Geometry, KoRule, Move, Point, PointSet, Rules, Scoring, SuicideRule,
};
use proptest::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    black: Vec<Point>,
    white: Vec<Point>,
    hash: u64,
    position_hash: u64,
    ko: Option<go_board::Ko>,
    to_play: Color,
    captures: (u32, u32),
    move_number: u32,
    passes: u32,
    /// Every block as (anchor, stones, liberties, liberty count), by anchor.
    blocks: Vec<(Point, usize, Vec<Point>, usize)>,
}

fn snapshot(b: &Board) -> Snapshot {
    Snapshot {
        black: b.stones_of(Color::Black).iter().collect(),
        white: b.stones_of(Color::White).iter().collect(),
        hash: b.hash(),
        position_hash: b.position_hash(),
        ko: b.ko(),
        to_play: b.to_play(),
        captures: (b.captures(Color::Black), b.captures(Color::White)),
        move_number: b.move_number(),
        passes: b.consecutive_passes(),
        blocks: b
            .blocks()
            .map(|block| {
                (
                    block.anchor(),
                    block.num_stones(),
                    block.liberties().iter().collect(),
                    block.num_liberties(),
                )
            })
            .collect(),
    }
}

fn rules_from(i: u8) -> Rules {
    let ko = match i % 3 {
        0 => KoRule::Simple,
        1 => KoRule::PositionalSuperko,
        _ => KoRule::SituationalSuperko,
    };
    let suicide = if i / 3 % 2 == 0 {
        SuicideRule::Illegal
    } else {
        SuicideRule::Allowed
    };
    Rules {
        ko,
        suicide,
        scoring: Scoring::Area,
        komi: 7.5,
    }
}

/// One step of a random sequence: play at a point chosen by index among
/// the board's points (legal or not), pass, or undo.
#[derive(Clone, Debug)]
enum Op {
    Play(bool, usize),
    Pass,
    Undo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => (any::<bool>(), 0usize..10_000).prop_map(|(w, i)| Op::Play(w, i)),
        1 => Just(Op::Pass),
        3 => Just(Op::Undo),
    ]
}

fn run(size: usize, rules: Rules, ops: &[Op]) -> Result<(), TestCaseError> {
    let geo = Geometry::square(size).unwrap();
    let mut board = Board::with_geometry(geo, rules);
    let mut history = vec![snapshot(&board)];
    for op in ops {
        match *op {
            Op::Play(white, i) => {
                let color = if white { Color::White } else { Color::Black };
                let p = geo.points()[i % geo.num_points()];
                let legal = board.check_move(color, p);
                let before = snapshot(&board);
                let hash_after = legal.is_ok().then(|| board.hash_after_play(color, p));
                // The liberties every block would have after the move, asked before it.
                let blocks: Vec<Point> = board.blocks().map(|b| b.anchor()).collect();
                let libs_after: Vec<Option<usize>> = blocks
                    .iter()
                    .map(|&b| board.liberties_of_after_play(color, p, b))
                    .collect();
                match board.play(color, p) {
                    Ok(_) => {
                        prop_assert!(
                            legal.is_ok(),
                            "check_move said {legal:?} but play succeeded"
                        );
                        prop_assert_eq!(
                            hash_after,
                            Some(board.hash()),
                            "hash_after_play of {} {}",
                            color,
                            p
                        );
                        let suicide = board.color_at(p).is_none();
                        for (&b, &libs) in blocks.iter().zip(&libs_after) {
                            let expected = (!suicide && board.color_at(b).is_some())
                                .then(|| board.num_liberties(b));
                            prop_assert_eq!(
                                libs,
                                expected,
                                "liberties_of_after_play({}, {}, {})",
                                color,
                                p,
                                b
                            );
                        }
                        history.push(snapshot(&board));
                    }
                    Err(e) => {
                        prop_assert_eq!(legal, Err(e));
                        if !matches!(e, go_board::PlayError::Superko(_)) {
                            prop_assert!(
                                libs_after.iter().all(Option::is_none),
                                "liberties after the illegal {} {}",
                                color,
                                p
                            );
                        }
                        prop_assert_eq!(
                            &snapshot(&board),
                            &before,
                            "illegal move changed the board"
                        );
                    }
                }
            }
            Op::Pass => {
                let hash_after = board.hash_after_pass(board.to_play());
                board.pass();
                prop_assert_eq!(hash_after, board.hash(), "hash_after_pass");
                history.push(snapshot(&board));
            }
            Op::Undo => {
                if board.undo().is_some() {
                    history.pop();
                    prop_assert_eq!(&snapshot(&board), history.last().unwrap());
                } else {
                    prop_assert_eq!(history.len(), 1);
                }
            }
        }
        if let Err(e) = board.check_consistency() {
            return Err(TestCaseError::fail(format!("{e}\n{board}")));
        }
        check_block_stones(&board)?;
    }
    // Undo everything back to the empty board.
    while board.undo().is_some() {
        history.pop();
        prop_assert_eq!(&snapshot(&board), history.last().unwrap());
    }
    prop_assert_eq!(board.position_hash(), 0);
    Ok(())
}

/// `block_stones` walks exactly the stones of the block, the point itself first, each
/// once: compared with a flood fill of the colour's stones.
fn check_block_stones(board: &Board) -> Result<(), TestCaseError> {
    let geo = board.geometry();
    for &p in geo.points() {
        let walked: Vec<Point> = board.block_stones(p).collect();
        let Some(color) = board.color_at(p) else {
            prop_assert!(walked.is_empty(), "stones walked from empty {}", p);
            continue;
        };
        let set: PointSet = walked.iter().copied().collect();
        prop_assert_eq!(walked.first(), Some(&p));
        prop_assert_eq!(set.len(), walked.len(), "a stone walked twice from {}", p);
        prop_assert_eq!(set, board.stones_of(color).component(p, geo));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_sequences_on_small_boards(
        size in 2usize..=6,
        rules in 0u8..6,
        ops in proptest::collection::vec(op(), 0..300),
    ) {
        run(size, rules_from(rules), &ops)?;
    }

    #[test]
    fn random_sequences_on_nine(
        rules in 0u8..6,
        ops in proptest::collection::vec(op(), 0..600),
    ) {
        run(9, rules_from(rules), &ops)?;
    }
}

/// A tiny deterministic generator for long random games.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn long_random_games_stay_consistent_and_undo_to_empty() {
    for (size, seed) in [(9, 1u64), (13, 2), (19, 3), (25, 4), (2, 5), (3, 6)] {
        for rules_index in 0..6 {
            let mut rng = XorShift(seed * 7919 + rules_index as u64 + 1);
            let mut board = Board::with_rules(size, rules_from(rules_index)).unwrap();
            let mut snapshots = vec![snapshot(&board)];
            let max_moves = size * size * 3;
            for _ in 0..max_moves {
                let color = board.to_play();
                let legal: Vec<Point> = board.legal_moves(color).iter().collect();
                if legal.is_empty() || rng.next() % 50 == 0 {
                    board.pass();
                } else {
                    let p = legal[(rng.next() % legal.len() as u64) as usize];
                    board.play(color, p).expect("legal_moves gave a legal move");
                }
                board.check_consistency().unwrap();
                snapshots.push(snapshot(&board));
            }
            let moves: Vec<(Color, Move)> = board.moves().collect();
            assert_eq!(moves.len(), max_moves);
            while board.undo().is_some() {
                snapshots.pop();
                assert_eq!(&snapshot(&board), snapshots.last().unwrap());
                board.check_consistency().unwrap();
            }
        }
    }
}

/// A search-like walk: random legal moves down to a random depth, then undo a
/// random number of them, over and over, on small boards where captures, merges,
/// ko and (where allowed) suicide are frequent. Every undo must give back the
/// exact earlier position, blocks and liberties included.
#[test]
fn search_like_play_and_undo_restores_every_position() {
    for (size, seed) in [(4, 11u64), (5, 12), (7, 13), (9, 14)] {
        for rules_index in 0..6 {
            let mut rng = XorShift(seed * 104_729 + rules_index as u64 + 1);
            let mut board = Board::with_rules(size, rules_from(rules_index)).unwrap();
            let mut snapshots = vec![snapshot(&board)];
            for _ in 0..400 {
                let depth = 1 + (rng.next() % 12) as usize;
                for _ in 0..depth {
                    let color = if rng.next() % 4 == 0 {
                        board.to_play().opposite()
                    } else {
                        board.to_play()
                    };
                    let legal: Vec<Point> = board.legal_moves(color).iter().collect();
                    if legal.is_empty() {
                        board.pass_as(color);
                    } else {
                        let p = legal[(rng.next() % legal.len() as u64) as usize];
                        board.play(color, p).expect("legal_moves gave a legal move");
                    }
                    board.check_consistency().unwrap();
                    snapshots.push(snapshot(&board));
                }
                let back = (rng.next() % (depth as u64 + 2)) as usize;
                for _ in 0..back {
                    if board.undo().is_none() {
                        break;
                    }
                    snapshots.pop();
                    assert_eq!(&snapshot(&board), snapshots.last().unwrap());
                    board.check_consistency().unwrap();
                }
            }
            while board.undo().is_some() {
                snapshots.pop();
                assert_eq!(&snapshot(&board), snapshots.last().unwrap());
            }
            assert_eq!(board.position_hash(), 0);
        }
    }
}
