//! Tactical helpers against the truth of actually playing the moves out
//! (with `Board::with_move`) on thousands of random positions, and on
//! hand-checked diagrams.

mod common;

use common::{Rng, board, geometries, pt, random_position};
use go_board::{Board, Color, PlayError, Point, PointSet, Position};

/// Liberties of the block at `p` after `color` plays there, or 0 if the
/// move is suicide.
fn true_liberties(b: &mut Board, color: Color, p: Point) -> PointSet {
    match b.with_move(color, p, |b| b.liberties(p)) {
        Ok(libs) => libs,
        Err(PlayError::Suicide(_)) => PointSet::new(),
        Err(e) => panic!("unexpected {e} in\n{b}"),
    }
}

/// Whether a stone of the opponent of `color` at `q` would be captured at
/// once by `color` (or could not be played).
fn true_protected(b: &mut Board, color: Color, q: Point) -> bool {
    let enemy = color.opposite();
    let r = b.with_move(enemy, q, |b| {
        let Some(lib) = b.the_liberty(q) else {
            return false;
        };
        if !b.is_legal(color, lib) {
            return false;
        }
        b.with_move(color, lib, |b| b.is_empty(q)).unwrap()
    });
    match r {
        Ok(captured_at_once) => captured_at_once,
        Err(PlayError::Suicide(_)) => true,
        Err(e) => panic!("unexpected {e}"),
    }
}

/// Empty points at distance exactly `n` from the block at `p`, walking
/// through empty points only (breadth-first search on coordinates).
fn empty_distance_ring(b: &Board, p: Point, n: usize) -> PointSet {
    let geo = b.geometry();
    let stones = b.stones(p);
    let mut frontier = stones;
    let mut seen = stones;
    for _ in 0..n {
        let mut next = PointSet::new();
        for s in frontier.iter() {
            for q in geo.neighbours(s) {
                if b.is_empty(q) && !seen.contains(q) {
                    next.insert(q);
                }
            }
        }
        seen |= next;
        frontier = next;
    }
    frontier
}

struct Counts {
    positions: usize,
    moves: usize,
    blocks: usize,
    snapbacks: usize,
    protected: usize,
    ataris: usize,
}

fn check_position(b: &mut Board, counts: &mut Counts) {
    let geo = b.geometry();
    counts.positions += 1;
    for &p in geo.points() {
        for color in Color::ALL {
            if !b.is_empty(p) {
                assert_eq!(b.liberties_after_play(color, p, 9), 0);
                assert!(!b.is_self_atari(color, p));
                assert!(!b.is_protected(color, p));
                continue;
            }
            counts.moves += 1;
            let truth = true_liberties(b, color, p);
            let n = truth.len();
            for max in [0, 1, 2, 3, 4, 5, 8] {
                assert_eq!(
                    b.liberties_after_play(color, p, max),
                    n.min(max),
                    "{color} {p} max {max}\n{b}"
                );
            }
            assert_eq!(b.num_liberties_after_play(color, p), n, "{color} {p}\n{b}");
            assert_eq!(
                b.liberty_set_after_play(color, p),
                truth,
                "{color} {p}\n{b}"
            );
            assert_eq!(b.is_self_atari(color, p), n <= 1, "{color} {p}\n{b}");
            let before = b.stones_of(color.opposite()).len();
            let captured = b
                .with_move(color, p, |b| before - b.stones_of(color.opposite()).len())
                .unwrap_or(0);
            assert_eq!(b.would_capture(color, p), captured > 0, "{color} {p}\n{b}");
            assert_eq!(b.num_captured_by(color, p), captured, "{color} {p}\n{b}");
            let protected = true_protected(b, color, p);
            counts.protected += usize::from(protected);
            assert_eq!(b.is_protected(color, p), protected, "{color} {p}\n{b}");
        }
    }
    let anchors: Vec<Point> = b.blocks().map(|blk| blk.anchor()).collect();
    for a in anchors {
        counts.blocks += 1;
        let color = b.color_at(a).unwrap();
        let enemy = color.opposite();
        let adjacent = b.adjacent_blocks(a);
        let libs_before = b.num_liberties(a);
        let mut ataris = PointSet::new();
        let mut captures = PointSet::new();
        let mut rescues = PointSet::new();
        for q in b.empty_points() {
            if let Ok((still_there, libs)) =
                b.with_move(enemy, q, |b| (b.color_at(a).is_some(), b.num_liberties(a)))
            {
                if !still_there {
                    captures.insert(q);
                } else if libs == 1 && libs_before > 1 {
                    ataris.insert(q);
                }
            }
            let rescued = b.with_move(color, q, |b| adjacent.iter().any(|&e| b.is_empty(e)));
            if rescued == Ok(true) {
                rescues.insert(q);
            }
        }
        // Only blocks with two liberties can be put in atari by one move.
        if libs_before != 2 {
            assert!(ataris.is_empty());
        }
        counts.ataris += ataris.len();
        assert_eq!(b.atari_moves(a), ataris, "atari of {a}\n{b}");
        assert_eq!(b.capture_moves(a), captures, "capture of {a}\n{b}");
        assert_eq!(b.counter_captures(a), rescues, "rescue of {a}\n{b}");
        let in_atari: Vec<Point> = adjacent
            .iter()
            .copied()
            .filter(|&e| b.num_liberties(e) == 1)
            .collect();
        assert_eq!(
            b.adjacent_blocks_in_atari(a).as_slice(),
            in_atari.as_slice()
        );

        // Snapback, played out: the opponent captures, then we recapture.
        let snapback = match b.the_liberty(a) {
            None => false,
            Some(lib) => b
                .with_move(enemy, lib, |b| match b.the_liberty(lib) {
                    Some(m) => b.is_legal(color, m),
                    None => false,
                })
                .expect("capturing a block in atari is legal without a ko ban"),
        };
        counts.snapbacks += usize::from(snapback);
        assert_eq!(b.is_snapback(a), snapback, "snapback of {a}\n{b}");

        let protected: PointSet = b
            .liberties(a)
            .into_iter()
            .filter(|&q| true_protected(b, color, q))
            .collect();
        assert_eq!(b.protected_liberties(a), protected);

        assert_eq!(b.second_order_liberties(a), empty_distance_ring(b, a, 2));
        assert_eq!(b.third_order_liberties(a), empty_distance_ring(b, a, 3));
    }
}

#[test]
fn helpers_match_playing_the_moves_out_on_random_positions() {
    let mut rng = Rng::new(2024);
    let mut counts = Counts {
        positions: 0,
        moves: 0,
        blocks: 0,
        snapbacks: 0,
        protected: 0,
        ataris: 0,
    };
    let geos = geometries();
    for i in 0..6000 {
        // Mostly small boards, where tactics are dense; every size now and
        // then.
        let geo = if i % 50 == 0 {
            geos[i / 50 % geos.len()]
        } else {
            geos[i % 5]
        };
        let moves = rng.below(geo.num_points() * 3 / 2 + 1);
        let mut b = random_position(&mut rng, geo, moves);
        check_position(&mut b, &mut counts);
    }
    println!(
        "{} positions, {} (point, colour) moves, {} blocks, {} snapbacks, {} protected points, {} atari moves",
        counts.positions,
        counts.moves,
        counts.blocks,
        counts.snapbacks,
        counts.protected,
        counts.ataris
    );
    // The generator must reach the interesting cases, or the test proves
    // little.
    assert!(
        counts.snapbacks >= 20,
        "only {} snapbacks",
        counts.snapbacks
    );
    assert!(counts.ataris >= 1000);
}

// ----- Hand-checked diagrams ----------------------------------------------

#[test]
fn liberties_after_play_counts_the_liberties_a_capture_gives() {
    let b = board(
        ". X . .
         X O . .
         X O X .
         . X . .",
    );
    // White B3-B2 has one liberty, C3.
    assert_eq!(b.the_liberty(pt("B3")), Some(pt("C3")));
    // Black C3 joins C2 and captures B3-B2: C4 and D3 are its own
    // liberties, D2 and C1 come from C2, B3 (next to C3) and B2 (next to
    // C2) from the capture.
    let libs = b.liberty_set_after_play(Color::Black, pt("C3"));
    let expected: PointSet = ["C4", "D3", "D2", "C1", "B3", "B2"]
        .into_iter()
        .map(pt)
        .collect();
    assert_eq!(libs, expected);
    assert_eq!(b.liberties_after_play(Color::Black, pt("C3"), 3), 3);
    assert_eq!(b.num_captured_by(Color::Black, pt("C3")), 2);
}

#[test]
fn filling_a_shared_liberty_in_seki_is_self_atari_for_both() {
    let b = board(
        "X X X X
         X O O X
         X . . X
         X X X X",
    );
    // White's two stones and Black's ring share B2 and C2, nothing else.
    for color in Color::ALL {
        assert!(b.is_self_atari(color, pt("B2")));
        assert_eq!(b.liberties_after_play(color, pt("C2"), 5), 1);
    }
}

#[test]
fn a_move_without_liberties_counts_as_self_atari() {
    let b = board(
        ". O X .
         O . X .
         X X X .
         . . . .",
    );
    // Black A4 touches only White stones with two liberties each.
    assert_eq!(b.num_liberties_after_play(Color::Black, pt("A4")), 0);
    assert!(b.is_self_atari(Color::Black, pt("A4")));
    assert!(!b.would_capture(Color::Black, pt("A4")));
    // White B3 joins B4 and A3 into a block whose only liberty is A4.
    assert!(b.is_self_atari(Color::White, pt("B3")));
    assert_eq!(
        b.liberty_set_after_play(Color::White, pt("B3")),
        [pt("A4")].into_iter().collect()
    );
}

#[test]
fn snapback_captures_three_stones() {
    let mut b = board(
        ". . X . O
         . . O X O
         . . . O X
         . . . . .",
    );
    assert!(b.is_snapback(pt("D3")));
    b.play(Color::White, pt("D4")).unwrap();
    let info = b.play(Color::Black, pt("D3")).unwrap();
    assert_eq!(info.captured, 3);
}

#[test]
fn a_ko_capture_is_no_snapback() {
    let b = board(
        ". X O .
         X . X O
         . X O .
         . . . .",
    );
    // Black C3 is in atari at B3. White B3 takes it and has one liberty,
    // C3, but Black may not retake at once: a ko, not a snapback.
    assert_eq!(b.the_liberty(pt("C3")), Some(pt("B3")));
    assert!(!b.is_snapback(pt("C3")));
    assert!(!b.is_protected(Color::Black, pt("B3")));
}

#[test]
fn protected_liberties_on_the_edge() {
    let b = board(
        ". . . . .
         . . . . .
         X . X . .
         . X . . .",
    );
    // A White stone at A1 would be suicide; at C1 or B2 it would be in
    // atari.
    let expected: PointSet = ["A1", "C1", "B2"].into_iter().map(pt).collect();
    assert_eq!(b.protected_liberties(pt("B1")), expected);
    assert!(!b.is_protected(Color::Black, pt("B3")));
}

#[test]
fn second_and_third_order_liberties_stop_at_stones() {
    let b = board(
        ". . . . .
         . O . . .
         . X . . .
         . . . . .",
    );
    // B2's liberties are A2, C2 and B1 (B3 is White).
    let second: PointSet = ["A3", "A1", "C3", "D2", "C1"].into_iter().map(pt).collect();
    assert_eq!(b.second_order_liberties(pt("B2")), second);
    let third: PointSet = ["A4", "C4", "D3", "E2", "D1"].into_iter().map(pt).collect();
    assert_eq!(b.third_order_liberties(pt("B2")), third);
    assert!(b.second_order_liberties(pt("E4")).is_empty()); // no block
}

#[test]
fn atari_moves_skip_suicide() {
    let b = board(
        "X . X .
         . X . .
         . . . .",
    );
    // A3 has liberties B3 and A2; White B3 would be suicide.
    let ataris = b.atari_moves(pt("A3"));
    assert_eq!(ataris.iter().collect::<Vec<_>>(), [pt("A2")]);
    assert!(b.atari_moves(pt("B2")).is_empty()); // four liberties
    assert!(b.capture_moves(pt("A3")).is_empty());
}

#[test]
fn counter_captures_take_the_adjacent_blocks_in_atari() {
    let b = board(
        ". X O .
         X X O .
         O X . .
         . O . .",
    );
    // Black B4-A3-B3-B2 touches White C4-C3 (three liberties), A2 (in
    // atari at A1) and B1 (two liberties).
    assert_eq!(
        b.adjacent_blocks_in_atari(pt("B4")).as_slice(),
        [pt("A2")].as_slice()
    );
    assert_eq!(
        b.counter_captures(pt("B4")),
        [pt("A1")].into_iter().collect()
    );
}

// ----- Eye tests ----------------------------------------------------------

/// The eye rules restated on coordinates, independently of the padded
/// layout the crate uses.
fn eye_by_coordinates(b: &Board, color: Color, p: Point) -> (bool, bool) {
    let geo = b.geometry();
    let (w, h) = (geo.width() as i64, geo.height() as i64);
    let at = |c: i64, r: i64| -> Option<Option<Color>> {
        if c < 0 || r < 0 || c >= w || r >= h {
            None
        } else {
            Some(b.color_at(Point::new(c as usize, r as usize)))
        }
    };
    let (c, r) = (p.col() as i64, p.row() as i64);
    if at(c, r) != Some(None) {
        return (false, false);
    }
    let eye_like = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().all(|(dc, dr)| {
        let n = at(c + dc, r + dr);
        n.is_none() || n == Some(Some(color))
    });
    if !eye_like {
        return (false, false);
    }
    let diagonals: Vec<Option<Option<Color>>> = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .map(|(dc, dr)| at(c + dc, r + dr))
        .collect();
    let on_edge = c == 0 || r == 0 || c == w - 1 || r == h - 1;
    let enemies = diagonals
        .iter()
        .filter(|d| **d == Some(Some(color.opposite())))
        .count();
    let limit = if on_edge { 1 } else { 2 };
    (true, enemies < limit)
}

#[test]
fn eye_tests_match_a_restatement_on_coordinates() {
    let mut rng = Rng::new(7);
    let mut eyes = [0usize; 2];
    for (i, geo) in geometries().into_iter().cycle().take(1600).enumerate() {
        let moves = rng.below(geo.num_points() * 2 + 1);
        let b = random_position(&mut rng, geo, moves);
        for &p in geo.points() {
            for color in Color::ALL {
                let (eye_like, true_eye) = eye_by_coordinates(&b, color, p);
                assert_eq!(b.is_eye_like(color, p), eye_like, "{i}: {color} {p}\n{b}");
                assert_eq!(b.is_true_eye(color, p), true_eye, "{i}: {color} {p}\n{b}");
                assert_eq!(b.is_false_eye(color, p), eye_like && !true_eye);
                eyes[usize::from(true_eye)] += usize::from(eye_like);
            }
        }
    }
    println!("{} false and {} true eyes checked", eyes[0], eyes[1]);
    assert!(eyes[0] > 100 && eyes[1] > 100);
}

#[test]
fn corner_eye_is_false_with_one_enemy_diagonal() {
    let b = board(
        ". X O
         X O .
         . . .",
    );
    assert!(b.is_eye_like(Color::Black, pt("A3")));
    assert!(!b.is_true_eye(Color::Black, pt("A3")));
}

#[test]
fn edge_eye_is_false_with_one_enemy_diagonal_and_true_without() {
    let b = board(
        ". . . . . .
         . . . . . .
         X X . O X X
         X . X X . X",
    );
    assert!(b.is_true_eye(Color::Black, pt("B1")));
    assert!(b.is_false_eye(Color::Black, pt("E1"))); // D2 is White
}

#[test]
fn centre_eye_needs_two_enemy_diagonals_to_be_false() {
    let one = board(
        ". . . . .
         . O X . .
         . X . X .
         . . X . .
         . . . . .",
    );
    assert!(one.is_true_eye(Color::Black, pt("C3")));
    let two = board(
        ". . . . .
         . O X . .
         . X . X .
         . . X O .
         . . . . .",
    );
    assert!(two.is_false_eye(Color::Black, pt("C3")));
    assert!(!two.is_eye_like(Color::White, pt("C3")));
}

#[test]
fn an_empty_board_of_size_two_has_no_eyes() {
    let b = Board::new(2).unwrap();
    for &p in b.geometry().points() {
        assert!(!b.is_eye_like(Color::Black, p));
    }
    let b = board(
        "X .
         . X",
    );
    assert!(b.is_true_eye(Color::Black, pt("B2")));
    assert!(b.is_true_eye(Color::Black, pt("A1")));
}

#[test]
fn both_boards_agree_on_eyes_through_the_position_trait() {
    fn count_true_eyes<P: Position>(pos: &P, color: Color) -> usize {
        pos.geometry()
            .points()
            .iter()
            .filter(|&&p| pos.is_true_eye(color, p))
            .count()
    }
    let mut rng = Rng::new(11);
    let mut eyes = 0;
    for geo in geometries().into_iter().cycle().take(800) {
        let moves = rng.below(geo.num_points() * 2 + 1);
        let b = random_position(&mut rng, geo, moves);
        let playout = go_board::PlayoutBoard::from(&b);
        for &p in geo.points() {
            for color in Color::ALL {
                // The playout board answers with its own eye kernel.
                assert_eq!(
                    playout.is_true_eye(color, p),
                    b.is_true_eye(color, p),
                    "{color} {p}\n{b}"
                );
                assert_eq!(playout.is_eye_like(color, p), b.is_eye_like(color, p));
                assert_eq!(playout.is_false_eye(color, p), b.is_false_eye(color, p));
            }
        }
        for color in Color::ALL {
            let n = count_true_eyes(&b, color);
            assert_eq!(count_true_eyes(&playout, color), n);
            eyes += n;
        }
    }
    assert!(eyes > 1000, "only {eyes} true eyes");
}
