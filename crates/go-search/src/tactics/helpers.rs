//! Board questions the capture game asks at every node, answered from the board's exact
//! liberty sets without playing (TAIL's `GoHelpers`).
//!
//! go-board's own `tactics` helpers are on their way; until they land these private
//! versions serve, with the same meaning: suicide counts as impossible and ko is ignored.

use go_board::{Board, Color, Point, PointSet};

/// The liberties a stone of `color` at the empty point `p` would have (its block's, after
/// the captures the move makes), counted up to `max`. 0 for suicide or an occupied point.
#[inline]
pub(crate) fn liberties_after_play(board: &Board, color: Color, p: Point, max: usize) -> usize {
    if !board.is_empty(p) {
        return 0;
    }
    let mut libs = PointSet::new();
    let mut n = 0;
    for q in p.neighbours() {
        if board.is_empty(q) && libs.insert(q) {
            n += 1;
        }
    }
    if n >= max {
        return max;
    }
    // Friendly blocks joined, and enemy blocks captured (their stones next to the new
    // block become liberties).
    let mut friends: [Option<Point>; 4] = [None; 4];
    let mut captured: [Option<Point>; 4] = [None; 4];
    for (i, q) in p.neighbours().into_iter().enumerate() {
        let Some(block) = board.block(q) else {
            continue;
        };
        let anchor = block.anchor();
        if block.color() == color {
            if !friends.contains(&Some(anchor)) {
                friends[i] = Some(anchor);
                libs |= *block.liberties();
            }
        } else if block.num_liberties() == 1 && !captured.contains(&Some(anchor)) {
            captured[i] = Some(anchor);
        }
    }
    libs.remove(p);
    if captured.iter().all(Option::is_none) {
        return libs.len().min(max);
    }
    if libs.len() >= max {
        return max;
    }
    for anchor in captured.into_iter().flatten() {
        for s in board.stones(anchor) {
            let touches = s.neighbours().into_iter().any(|q| {
                q == p
                    || (board.color_at(q) == Some(color)
                        && board.anchor(q).is_some_and(|a| friends.contains(&Some(a))))
            });
            if touches {
                libs.insert(s);
            }
        }
    }
    libs.len().min(max)
}

/// Whether a stone of `color` at `p` would capture an enemy block.
#[inline]
pub(crate) fn would_capture(board: &Board, color: Color, p: Point) -> bool {
    p.neighbours()
        .into_iter()
        .any(|q| board.color_at(q) == Some(color.opposite()) && board.num_liberties(q) == 1)
}

/// Number of enemy stones a stone of `color` at `p` would capture.
#[inline]
pub(crate) fn num_captured_by(board: &Board, color: Color, p: Point) -> usize {
    let mut seen: [Option<Point>; 4] = [None; 4];
    let mut n = 0;
    for (i, q) in p.neighbours().into_iter().enumerate() {
        if let Some(b) = board.block(q)
            && b.color() != color
            && b.num_liberties() == 1
            && !seen.contains(&Some(b.anchor()))
        {
            seen[i] = Some(b.anchor());
            n += b.num_stones();
        }
    }
    n
}

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
        && num_captured_by(board, color, p) == 1
        && liberties_after_play(board, color, p, 2) == 1
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
                let libs = liberties_after_play(board, color, p, 100);
                match expected {
                    Some((l, caps, ko)) => {
                        assert_eq!(libs, l, "{color} {p}\n{board}");
                        assert_eq!(would_take_ko(board, color, p), ko, "{color} {p}\n{board}");
                        assert_eq!(would_capture(board, color, p), caps > before);
                        assert_eq!(num_captured_by(board, color, p) as u32, caps - before);
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
