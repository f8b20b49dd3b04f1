//! Move features against a slow reference that plays the move on a
//! `Board` and looks at what happened: captures, ataris, escapes and
//! self-ataris as the features' table defines them, and ladders read (by
//! the crate's ladder reader) on the board after the move.

use go_board::{Board, Color, PlayoutBoard, Point, Position};
use go_patterns::features::{Feature, LastMoves, MoveFeatures};
use go_patterns::{Code3x3, ladder};
use proptest::prelude::*;

fn board_from(moves: &[(u8, u8)]) -> (Board, LastMoves) {
    let mut board = Board::new(7).unwrap();
    let mut recent = LastMoves::default();
    for &(c, r) in moves {
        let p = Point::new(usize::from(c % 7), usize::from(r % 7));
        let color = board.to_play();
        if !board.is_true_eye(color, p) && board.play(color, p).is_ok() {
            recent = recent.then(Some(p));
        }
    }
    (board, recent)
}

/// The features by playing the move.
fn reference(board: &Board, color: Color, p: Point, recent: LastMoves) -> MoveFeatures {
    let mut f =
        MoveFeatures::pass(false).with_shape(Code3x3::with_atari(board, p).for_player(color));
    // Clear the pass value: the reference builds a stone move.
    f = MoveFeatures::from_packed(f.packed() | 0xF);
    let geo = board.geometry();
    f = f.with(Feature::Line, (geo.line(p) - 1) as u8);
    let dist = |q: Point| {
        let (dx, dy) = (p.col().abs_diff(q.col()), p.row().abs_diff(q.row()));
        (dx + dy + dx.max(dy)).clamp(2, 10) as u8 - 2
    };
    if let Some(q) = recent.last {
        f = f.with(Feature::LastDistance, dist(q));
    }
    if let Some(q) = recent.second {
        f = f.with(Feature::SecondDistance, dist(q));
    }
    let enemy = color.opposite();
    let saved: usize = {
        let mut seen: Vec<Point> = Vec::new();
        let mut n = 0;
        for q in geo.neighbours(p) {
            if board.color_at(q) == Some(color) && board.in_atari(q) {
                let a = board.anchor(q).unwrap();
                if !seen.contains(&a) {
                    seen.push(a);
                    n += board.num_stones(q);
                }
            }
        }
        n
    };
    let saved_last = recent.last.is_some_and(|l| {
        geo.neighbours(l).any(|x| {
            geo.neighbours(p).any(|q| {
                board.color_at(q) == Some(color) && board.in_atari(q) && board.same_block(q, x)
            })
        })
    });
    let ataried: Vec<Point> = geo
        .neighbours(p)
        .filter(|&q| board.color_at(q) == Some(enemy) && board.num_liberties(q) == 2)
        .collect();
    let mut after = board.clone();
    let info = after.play(color, p).unwrap();
    let captured = info.captured as usize;
    if captured > 0 {
        let class = match captured {
            1 => 0,
            2 => 1,
            3..=5 => 2,
            _ => 3,
        };
        let last = recent
            .last
            .is_some_and(|l| board.color_at(l) == Some(enemy) && after.is_empty(l));
        f = f.with(Feature::Capture, class + 4 * u8::from(last));
    }
    let mut seen: Vec<Point> = Vec::new();
    let mut atari_size = 0;
    let ataried_blocks = ataried.clone();
    for q in ataried {
        let a = after.anchor(q).unwrap();
        if !seen.contains(&a) && after.num_liberties(q) == 1 {
            seen.push(a);
            atari_size += after.num_stones(q);
        }
    }
    if atari_size > 0 {
        let class = if board.ko().is_some() {
            0
        } else if atari_size == 1 {
            1
        } else {
            2
        };
        f = f.with(Feature::Atari, class);
    }
    let libs = after.num_liberties(p);
    if saved > 0 && libs >= 2 {
        f = f.with(
            Feature::Escape,
            u8::from(saved > 1) + 2 * u8::from(saved_last),
        );
    }
    if libs == 1 && captured == 0 {
        let size = after.num_stones(p);
        let class = match size {
            1 => 0,
            2..=4 => 1,
            _ => 2,
        };
        f = f.with(Feature::SelfAtari, class);
    }
    // Ladders, by go-patterns's reader on the board after the move.
    let reader = PlayoutBoard::from(&after);
    let budget = ladder::DEFAULT_BUDGET;
    if atari_size > 0
        && libs >= 2
        && ataried_blocks
            .iter()
            .any(|&q| after.num_liberties(q) == 1 && !ladder::prey_escapes(&reader, q, budget))
    {
        f = f.with(Feature::Ladder, 0);
    } else if saved > 0 && libs == 2 && captured == 0 && ladder::hunter_catches(&reader, p, budget)
    {
        f = f.with(Feature::Ladder, 1);
    }
    f
}

proptest! {
    #[test]
    fn features_agree_with_playing_the_move(moves in proptest::collection::vec((0u8..7, 0u8..7), 0..60)) {
        let (board, recent) = board_from(&moves);
        let playout = PlayoutBoard::from(&board);
        let color = board.to_play();
        for p in board.legal_moves(color).iter() {
            let fast = MoveFeatures::of_point(&playout, color, p, recent);
            let slow = reference(&board, color, p, recent);
            prop_assert_eq!(fast, slow, "{} at {}\n{}", color, p, board);
        }
    }
}
