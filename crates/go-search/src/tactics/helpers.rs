//! Board questions of the capture game that go-board's `tactics` helpers (TAIL's
//! `GoHelpers`) do not answer directly.

use go_board::{Board, Color, Point, PointSet};

/// The splitmix64 finaliser, for the keys of the capture game's tables.
pub(crate) use crate::path::mix;

/// Blocks with more stones than this find their enemies through set operations.
const BIG_BLOCK: usize = 4;

/// The enemy blocks touching the block at `p`, each once as (anchor, liberties), in the
/// order of their first contact: the smallest enemy stone next to the block. (The
/// search filters by liberties through [`adjacent_enemies_up_to`]; the tests check that
/// against this.)
#[cfg(test)]
pub(crate) fn adjacent_enemies(board: &Board, p: Point, out: &mut Vec<(Point, usize)>) {
    out.clear();
    if board.is_empty(p) {
        return;
    }
    if board.num_stones(p) > BIG_BLOCK {
        enemies_in_contact(board, &enemy_contacts(board, p), usize::MAX, out);
    } else {
        adjacent_enemies_up_to(board, p, usize::MAX, out);
    }
}

/// Calls `f(contact, anchor)` for each enemy stone next to the block at `p` whose block
/// has at most `max_libs` liberties, walking the block's stones whatever their number:
/// the liberty count settles most contacts at once, which makes walking cheaper than
/// listing the contacts through set operations even for big blocks.
#[inline]
fn for_each_weak_contact(
    board: &Board,
    p: Point,
    max_libs: usize,
    mut f: impl FnMut(Point, Point),
) {
    let Some(color) = board.color_at(p) else {
        return;
    };
    let enemy = Some(color.opposite());
    for s in board.block_stones(p) {
        for q in s.neighbours() {
            if board.color_at(q) != enemy || board.num_liberties(q) > max_libs {
                continue;
            }
            if let Some(a) = board.anchor(q) {
                f(q, a);
            }
        }
    }
}

/// The enemy blocks touching the block at `p` with at most `max_libs` liberties, as
/// [`adjacent_enemies`] lists them: each once as (anchor, liberties), in the order of
/// their first contact.
#[inline]
pub(crate) fn adjacent_enemies_up_to(
    board: &Board,
    p: Point,
    max_libs: usize,
    out: &mut Vec<(Point, usize)>,
) {
    out.clear();
    // First (anchor, smallest contact point); the liberties are filled in once sorted.
    for_each_weak_contact(board, p, max_libs, |q, a| {
        match out.iter_mut().find(|(x, _)| *x == a) {
            Some(e) => e.1 = e.1.min(q.index()),
            None => out.push((a, q.index())),
        }
    });
    // Contact points are distinct stones, so the order is total.
    out.sort_unstable_by_key(|&(_, first)| first);
    for e in out.iter_mut() {
        e.1 = board.num_liberties(e.0);
    }
}

/// The anchors of the enemy blocks next to the block at `p` with at most `max_libs`
/// liberties, sorted: `board.adjacent_blocks(p)` filtered, without listing the others.
#[inline]
pub(crate) fn adjacent_blocks_up_to(
    board: &Board,
    p: Point,
    max_libs: usize,
    out: &mut Vec<Point>,
) {
    out.clear();
    for_each_weak_contact(board, p, max_libs, |_, a| {
        if !out.contains(&a) {
            out.push(a);
        }
    });
    out.sort_unstable();
}

/// The enemy stones next to the block at `p` (empty if `p` is empty): the block's
/// border, found by shifting its stones, among the enemy's stones.
#[inline]
pub(crate) fn enemy_contacts(board: &Board, p: Point) -> PointSet {
    let Some(color) = board.color_at(p) else {
        return PointSet::new();
    };
    if board.num_stones(p) > BIG_BLOCK {
        return board.stones(p).border(board.geometry()) & *board.stones_of(color.opposite());
    }
    // A small block: looking around its stones is cheaper than shifting sets.
    let enemy = Some(color.opposite());
    let mut contacts = PointSet::new();
    for s in board.block_stones(p) {
        for q in s.neighbours() {
            if board.color_at(q) == enemy {
                contacts.insert(q);
            }
        }
    }
    contacts
}

/// The blocks of the stones `contacts` (all of one colour) with at most `max_libs`
/// liberties, each once as (anchor, liberties), in the order of their smallest stone in
/// `contacts`.
#[inline]
pub(crate) fn enemies_in_contact(
    board: &Board,
    contacts: &PointSet,
    max_libs: usize,
    out: &mut Vec<(Point, usize)>,
) {
    out.clear();
    for q in contacts.iter() {
        // An empty point counts no liberties and has no anchor.
        let libs = board.num_liberties(q);
        if libs > max_libs {
            continue;
        }
        if let Some(a) = board.anchor(q)
            && !out.iter().any(|&(x, _)| x == a)
        {
            out.push((a, libs));
        }
    }
}

/// The liberties of the block at `p` in point order, stopping at the last one instead of
/// walking the rest of the set's words.
#[inline]
pub(crate) fn liberty_points(board: &Board, p: Point) -> impl Iterator<Item = Point> {
    board.liberties(p).into_iter().take(board.num_liberties(p))
}

#[inline]
pub(crate) fn would_take_ko(board: &Board, color: Color, p: Point) -> bool {
    p.neighbours()
        .into_iter()
        .all(|q| board.color_at(q) != Some(color))
        && board.num_captured_by(color, p) == 1
        && board.liberties_after_play(color, p, 2) == 1
}

/// Random positions for the tactics modules' tests.
#[cfg(test)]
pub(crate) mod testing {
    use go_board::{Board, Point};

    /// A xorshift generator: reproducible, no dependency.
    pub(crate) struct XorShift(pub(crate) u64);

    impl XorShift {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// A `size` board after `min + (random % spread)` random moves, each side in turn
    /// (illegal tries are skipped).
    pub(crate) fn random_board(rng: &mut XorShift, size: usize, min: u64, spread: u64) -> Board {
        let mut board = Board::new(size).unwrap();
        for _ in 0..(min + rng.next() % spread) {
            let empty: Vec<Point> = board.empty_points().iter().collect();
            let p = empty[(rng.next() % empty.len() as u64) as usize];
            let _ = board.play(board.to_play(), p);
        }
        board
    }

    /// The points holding a stone, in point order.
    pub(crate) fn stones(board: &Board) -> Vec<Point> {
        board
            .geometry()
            .points()
            .iter()
            .copied()
            .filter(|&p| board.color_at(p).is_some())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `would_take_ko` against playing the move; `adjacent_enemies` against the board's
    /// own `adjacent_blocks`, and `adjacent_enemies_up_to` and `adjacent_blocks_up_to`
    /// against them.
    fn check(board: &mut Board) {
        for &p in board.geometry().points().to_vec().iter() {
            if let Some(color) = board.color_at(p) {
                let mut found = Vec::new();
                adjacent_enemies(board, p, &mut found);
                // In the order of first contact: each block's smallest stone next to
                // the block at `p`.
                let contacts: Vec<Point> = board
                    .block_stones(p)
                    .flat_map(|s| s.neighbours())
                    .filter(|&q| board.color_at(q) == Some(color.opposite()))
                    .collect();
                let first = |a: Point| {
                    contacts
                        .iter()
                        .filter(|&&q| board.same_block(q, a))
                        .map(|q| q.index())
                        .min()
                };
                assert!(
                    found.windows(2).all(|w| first(w[0].0) < first(w[1].0)),
                    "{p}\n{board}"
                );
                let mut anchors: Vec<Point> = found.iter().map(|&(a, _)| a).collect();
                anchors.sort_unstable();
                assert_eq!(anchors.as_slice(), board.adjacent_blocks(p).as_slice());
                for max_libs in 1..=3 {
                    let mut few = Vec::new();
                    adjacent_enemies_up_to(board, p, max_libs, &mut few);
                    let expected: Vec<_> = found
                        .iter()
                        .copied()
                        .filter(|&(_, n)| n <= max_libs)
                        .collect();
                    assert_eq!(few, expected, "{p} {max_libs}\n{board}");
                    let mut weak = Vec::new();
                    adjacent_blocks_up_to(board, p, max_libs, &mut weak);
                    let expected: Vec<Point> = board
                        .adjacent_blocks(p)
                        .into_iter()
                        .filter(|&b| board.num_liberties(b) <= max_libs)
                        .collect();
                    assert_eq!(weak, expected, "{p} {max_libs}\n{board}");
                }
                for (a, libs) in found {
                    assert_eq!(libs, board.num_liberties(a));
                    assert_eq!(board.color_at(a), Some(color.opposite()));
                }
                continue;
            }
            for color in [Color::Black, Color::White] {
                if let Ok(ko) = board.with_move(color, p, |b| b.ko().is_some()) {
                    assert_eq!(would_take_ko(board, color, p), ko, "{color} {p}\n{board}");
                }
            }
        }
    }

    #[test]
    fn ko_shapes_are_recognised() {
        let mut board = Board::from_diagram(
            ". X O . . .
             X O . O X .
             . X O . O .
             O . X O . X
             . O X . X O
             X . O . O .",
        )
        .unwrap();
        assert!(would_take_ko(&board, Color::Black, "C5".parse().unwrap()));
        check(&mut board);
    }

    #[test]
    fn helpers_match_playing_on_random_positions() {
        let mut rng = testing::XorShift(0x2545_f491_4f6c_dd1d);
        for _ in 0..60 {
            let mut board = testing::random_board(&mut rng, 7, 0, 70);
            check(&mut board);
        }
    }
}
