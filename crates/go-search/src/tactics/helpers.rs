//! Board questions of the capture game that go-board's `tactics` helpers (TAIL's
//! `GoHelpers`) do not answer directly.

use go_board::{Board, Color, Point};

/// The blocks of the other colour next to the block at `p`: (anchor, liberty count),
/// each once. Found through the block's border, which is cheaper than walking the
/// neighbours of every stone.
#[inline]
pub(crate) fn adjacent_enemies(board: &Board, p: Point, out: &mut Vec<(Point, usize)>) {
    out.clear();
    let Some(color) = board.color_at(p) else {
        return;
    };
    let border = board.stones(p).border(board.geometry()) & *board.stones_of(color.opposite());
    for q in border.iter() {
        if let Some(b) = board.block(q) {
            let a = b.anchor();
            if !out.iter().any(|&(x, _)| x == a) {
                out.push((a, b.num_liberties()));
            }
        }
    }
}

/// Whether a stone of `color` at `p` would take a ko: it captures exactly one stone,
/// joins no block of its own and is left with one liberty (the captured point).
#[inline]
pub(crate) fn would_take_ko(board: &Board, color: Color, p: Point) -> bool {
    p.neighbours()
        .into_iter()
        .all(|q| board.color_at(q) != Some(color))
        && board.num_captured_by(color, p) == 1
        && board.liberties_after_play(color, p, 2) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_against_play(board: &mut Board) {
        for &p in board.geometry().points().to_vec().iter() {
            for color in [Color::Black, Color::White] {
                if !board.is_empty(p) {
                    continue;
                }
                let expected = board
                    .with_move(color, p, |b| {
                        (b.num_liberties(p), b.captures(color), b.ko().is_some())
                    })
                    .ok();
                let before = board.captures(color);
                let libs = board.liberties_after_play(color, p, 100);
                match expected {
                    Some((l, caps, ko)) => {
                        assert_eq!(libs, l, "{color} {p}\n{board}");
                        assert_eq!(would_take_ko(board, color, p), ko, "{color} {p}\n{board}");
                    }
                    None if board.ko().is_some_and(|k| k.point == p) => {}
                    None => assert_eq!(libs, 0, "{color} {p} is suicide\n{board}"),
                }
            }
        }
    }

    #[test]
    fn liberties_after_play_match_playing() {
        let mut board = Board::from_diagram(
            ". X O . . .
             X O . O X .
             . X O . O .
             O . X O . X
             . O X . X O
             X . O . O .",
        )
        .unwrap();
        check_against_play(&mut board);
    }

    #[test]
    fn helpers_match_playing_on_random_positions() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..40 {
            let mut board = Board::new(7).unwrap();
            for _ in 0..(next() % 60) {
                let empty: Vec<Point> = board.empty_points().iter().collect();
                let p = empty[(next() % empty.len() as u64) as usize];
                let _ = board.play(board.to_play(), p);
            }
            check_against_play(&mut board);
        }
    }
}
