//! The maps of a finished playout: the thesis's 3×3-majority influence
//! map and true area ownership.
//!
//! Both are written in *half units* (0 Black, 1 disputed, 2 White) so that
//! per-node sums are exact integers and their means exact fractions.

use go_board::{Color, Geometry, PlayoutBoard, Position};

/// The neighbourhood order of the thesis (Huertas 2014, Ec. 9: `NW, N,
/// NE, W, E, SW, S, SE`, north being the higher row) as (column, row)
/// offsets.
pub const NEIGHBOURHOOD_8: [(isize, isize); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The terminal influence map of a position (Huertas 2014, §5.3.2.2,
/// `InfluenceMap`/`InfluenceMapColor`): every point starts at 0.5, each
/// white stone adds 1 to its own point and to its on-board 8 neighbours
/// (in the [`NEIGHBOURHOOD_8`] order), each black stone subtracts 1, and
/// the result is truncated to the nearest of 0, 0.5, 1 — so a point is 1
/// (White) when White has more stones than Black in the 3×3 square around
/// it, 0 (Black) when Black has more, 0.5 when they are equal.
///
/// Written into `out` in half units (0, 1, 2) in the analyzer's point
/// order; `scratch` is reused between calls.
///
/// ```
/// use go_position_analyzer::terminal::influence_half_units;
/// use go_board::Board;
/// let board = Board::from_diagram(
///     "O . . .
///      . . . .
///      . . X .
///      . . . .",
/// )?;
/// let mut out = Vec::new();
/// influence_half_units(&board, &mut out, &mut Vec::new());
/// // Rows from the bottom: row 1, row 2, row 3, row 4.
/// assert_eq!(out, [1, 0, 0, 0,  1, 0, 0, 0,  2, 1, 0, 0,  2, 2, 1, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn influence_half_units<P: Position + ?Sized>(
    pos: &P,
    out: &mut Vec<u8>,
    scratch: &mut Vec<i16>,
) {
    let geo = pos.geometry();
    let (w, h) = (geo.width(), geo.height());
    scratch.clear();
    scratch.resize(w * h, 0);
    for &p in geo.points() {
        let delta: i16 = match pos.color_at(p) {
            Some(Color::White) => 1,
            Some(Color::Black) => -1,
            None => continue,
        };
        let (c, r) = (p.col() as isize, p.row() as isize);
        scratch[p.row() * w + p.col()] += delta;
        for (dc, dr) in NEIGHBOURHOOD_8 {
            let (nc, nr) = (c + dc, r + dr);
            if nc >= 0 && nr >= 0 && (nc as usize) < w && (nr as usize) < h {
                scratch[nr as usize * w + nc as usize] += delta;
            }
        }
    }
    out.clear();
    out.extend(scratch.iter().map(|&s| match s.signum() {
        1 => 2,
        -1 => 0,
        _ => 1,
    }));
}

/// The Tromp-Taylor area owner of every point of a playout board in half
/// units (0 Black, 1 neither, 2 White), in the analyzer's point order.
///
/// ```
/// use go_position_analyzer::terminal::ownership_half_units;
/// use go_board::{Board, PlayoutBoard};
/// let board = PlayoutBoard::from(&Board::from_diagram(". X O .\n. X O .")?);
/// let mut out = Vec::new();
/// ownership_half_units(&board, &mut out);
/// assert_eq!(out, [0, 0, 2, 2, 0, 0, 2, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ownership_half_units(board: &PlayoutBoard, out: &mut Vec<u8>) {
    let geo: &Geometry = board.geometry();
    let w = geo.width();
    out.clear();
    out.resize(geo.num_points(), 1);
    board.for_each_area_owner(|p, owner| {
        out[p.row() * w + p.col()] = match owner {
            Some(Color::Black) => 0,
            Some(Color::White) => 2,
            None => 1,
        };
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    /// The literal algorithm of the thesis: start at 0.5, add per stone
    /// and neighbour, then truncate to the nearest of {0, 0.5, 1}.
    fn thesis_map(board: &Board) -> Vec<f32> {
        let geo = board.geometry();
        let w = geo.width();
        let mut m = vec![0.5f32; geo.num_points()];
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1.0 } else { -1.0 };
            for p in board.stones_of(color).iter() {
                m[p.row() * w + p.col()] += sign;
                for q in p.neighbours().into_iter().chain(p.diagonals()) {
                    if geo.contains(q) {
                        m[q.row() * w + q.col()] += sign;
                    }
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

    fn ours(board: &Board) -> Vec<f32> {
        let mut out = Vec::new();
        influence_half_units(board, &mut out, &mut Vec::new());
        out.iter().map(|&h| f32::from(h) / 2.0).collect()
    }

    #[test]
    fn lone_stones_colour_their_own_three_by_three_squares() {
        // Ilustr. 28: a lone white and a lone black stone each take their
        // point and the 8 around it; the rest stays neutral.
        let board = Board::from_diagram(
            ". . . . . . .
             . O . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . X .
             . . . . . . .",
        )
        .unwrap();
        let text = go_analyzer_text(&board);
        assert_eq!(
            text,
            "O O O . . . .\n\
             O O O . . . .\n\
             O O O . . . .\n\
             . . . . . . .\n\
             . . . . X X X\n\
             . . . . X X X\n\
             . . . . X X X\n"
        );
    }

    #[test]
    fn contested_squares_are_majorities_and_ties() {
        // Hand-checked on a 5×5, point by point (the stones in each 3×3
        // square are listed).
        let board = Board::from_diagram(
            ". . . . .
             . O . . .
             . . X X .
             . . . O .
             . . . . .",
        )
        .unwrap();
        let m = ours(&board);
        let at = |s: &str| {
            let p: go_board::Point = s.parse().unwrap();
            m[p.row() * 5 + p.col()]
        };
        assert_eq!(at("C3"), 0.5); // O B4, O D2 vs X C3, X D3
        assert_eq!(at("D3"), 0.0); // O D2 vs X C3, X D3
        assert_eq!(at("B4"), 0.5); // O B4 vs X C3
        assert_eq!(at("A5"), 1.0); // O B4 alone
        assert_eq!(at("E4"), 0.0); // X D3 alone
        assert_eq!(at("E1"), 1.0); // O D2 alone
        assert_eq!(at("C1"), 1.0); // O D2 alone
        assert_eq!(at("A1"), 0.5); // nothing
        assert_eq!(at("E3"), 0.5); // O D2 vs X D3
    }

    #[test]
    fn matches_the_literal_algorithm_on_random_boards() {
        let mut rng = go_board::Pcg32::new(9);
        for size in [2, 3, 5, 9, 13, 19] {
            for _ in 0..20 {
                let mut board = Board::new(size).unwrap();
                for &p in board.geometry().points() {
                    match rng.below(3) {
                        0 => {
                            let _ = board.play(Color::Black, p);
                        }
                        1 => {
                            let _ = board.play(Color::White, p);
                        }
                        _ => {}
                    }
                }
                assert_eq!(ours(&board), thesis_map(&board));
            }
        }
    }

    fn go_analyzer_text(board: &Board) -> String {
        let m = ours(board);
        let w = board.geometry().width();
        let mut s = String::new();
        for row in (0..board.geometry().height()).rev() {
            let line: Vec<String> = (0..w)
                .map(|c| crate::map::symbol(m[row * w + c]).to_string())
                .collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s
    }
}
