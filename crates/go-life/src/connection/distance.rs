//! Connection distance: how many moves the connector needs, unanswered, to join
//! two blocks.
//!
//! A path runs over orthogonal neighbours. Entering a stone of the connector
//! costs nothing, an empty point one move, and an opponent block as many moves
//! as it has liberties (capturing it opens the way); moving on inside a block
//! is free. The distance between two blocks is the cheapest path from one to
//! the other: 1 for a one-point jump or a diagonal, 2 for a two-point jump or a
//! knight's move, 1 through a cutting stone in atari.

use std::cell::RefCell;

use go_board::{Board, Color, NUM_INDICES, Point, PointSet};

/// "Out of reach": farther than the cap a distance was computed to.
pub(crate) const FAR: u8 = u8::MAX;

/// Cheapest-path costs from a set of stones to every point, up to a cap.
#[derive(Clone, Debug)]
pub(crate) struct Distances {
    cost: [u8; NUM_INDICES],
}

thread_local! {
    /// The buckets of points by cost, kept between computations: a search
    /// computes distances at every node, and allocating them each time cost
    /// as much as the computation.
    static BUCKETS: RefCell<Vec<Vec<Point>>> = const { RefCell::new(Vec::new()) };
}

impl Distances {
    /// Costs from the stones `from` (of `connector`), exploring paths up to `cap`
    /// moves; stops early once any point of `stop` is reached (its cost is then
    /// final).
    pub(crate) fn new(
        board: &Board,
        connector: Color,
        from: &PointSet,
        cap: u8,
        stop: Option<&PointSet>,
    ) -> Distances {
        BUCKETS.with(|buckets| {
            let mut buckets = buckets.borrow_mut();
            let n = usize::from(cap) + 1;
            if buckets.len() < n {
                buckets.resize_with(n, Vec::new);
            }
            for b in buckets.iter_mut() {
                b.clear();
            }
            Distances::fill(board, connector, from, cap, stop, &mut buckets[..n])
        })
    }

    /// [`new`](Self::new) with `buckets` (one per cost up to the cap, empty).
    fn fill(
        board: &Board,
        connector: Color,
        from: &PointSet,
        cap: u8,
        stop: Option<&PointSet>,
        buckets: &mut [Vec<Point>],
    ) -> Distances {
        let geo = board.geometry();
        let mut cost = [FAR; NUM_INDICES];
        for p in from.iter() {
            cost[p.index()] = 0;
            buckets[0].push(p);
        }
        let mut d = 0usize;
        while d < buckets.len() {
            let Some(p) = buckets[d].pop() else {
                d += 1;
                continue;
            };
            if usize::from(cost[p.index()]) != d {
                continue;
            }
            if stop.is_some_and(|s| s.contains(p)) {
                break;
            }
            let here = board.color_at(p);
            for q in geo.neighbours(p) {
                let step = match board.color_at(q) {
                    None => 1,
                    Some(c) if c == connector => 0,
                    // Adjacent stones of one colour are one block.
                    Some(c) if here == Some(c) => 0,
                    Some(_) => board.num_liberties(q),
                };
                let nd = d + step;
                if nd <= usize::from(cap) && nd < usize::from(cost[q.index()]) {
                    cost[q.index()] = nd as u8;
                    buckets[nd].push(q);
                }
            }
        }
        Distances { cost }
    }

    /// The cost of reaching `p` ([`FAR`] if beyond the cap).
    pub(crate) fn at(&self, p: Point) -> u8 {
        self.cost[p.index()]
    }

    /// The cheapest cost of reaching any point of `set`.
    pub(crate) fn to_set(&self, set: &PointSet) -> u8 {
        set.iter().map(|p| self.at(p)).min().unwrap_or(FAR)
    }
}

/// The connection distance between the blocks of `a` and `b` (stones of
/// `connector`), or [`FAR`] if more than `cap`.
pub(crate) fn distance(board: &Board, connector: Color, a: Point, b: Point, cap: u8) -> u8 {
    let from = board.stones(a);
    let to = board.stones(b);
    Distances::new(board, connector, &from, cap, Some(&to)).to_set(&to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).expect("diagram")
    }

    #[test]
    fn jumps_and_diagonals() {
        let b = board(
            ". . . . . . .
             . X . X . . X
             . . X . . . .
             . . . . . . .",
        );
        let p = |s: &str| s.parse::<Point>().unwrap();
        // Diagonal, one-point jump, three-point jump.
        assert_eq!(distance(&b, Color::Black, p("B3"), p("C2"), 6), 1);
        assert_eq!(distance(&b, Color::Black, p("B3"), p("D3"), 6), 1);
        assert_eq!(distance(&b, Color::Black, p("D3"), p("G3"), 6), 2);
        assert_eq!(distance(&b, Color::Black, p("D3"), p("G3"), 1), FAR);
    }

    #[test]
    fn through_a_cutting_stone_in_atari() {
        let b = board(
            ". X . .
             X O X .
             . . . .",
        );
        let p = |s: &str| s.parse::<Point>().unwrap();
        // White B2 is in atari: capturing it (one move) joins A2 and C2.
        assert_eq!(distance(&b, Color::Black, p("A2"), p("C2"), 6), 1);
    }
}
