//! Large shape patterns for the move model: the diamonds of radius 2, 3
//! and 4 around a move (13, 25 and 41 points: every point at Manhattan
//! distance `r` or less), each keyed by a Zobrist-style hash of what lies
//! there — empty, a stone of the side to move, an enemy stone, off the
//! board — made canonical up to the eight symmetries of the square (the
//! smallest of the eight hashes). These are the "spatial patterns" of the
//! Monte-Carlo programs (Stern, Herbrich and Graepel 2006; Coulom 2007;
//! Pachi), diamonds as in the issue: a model keeps the shapes seen often
//! enough in training, and a move takes the γ of the largest one it knows.
//!
//! The hashes are part of the model file format: they come from a fixed
//! SplitMix64 sequence (go-board's [`SplitMix64`], seed [`SEED`]), the same on every build.
//!
//! ```
//! use go_board::{Board, Color, PlayoutBoard};
//! use go_patterns::spatial::SpatialHashes;
//! let board = PlayoutBoard::from(&Board::from_diagram(
//!     ". . . . .
//!      . X . . .
//!      . . . . .
//!      . . . O .
//!      . . . . .",
//! )?);
//! // Black at C4 and White at C2 see the same shape turned half round
//! // (own stone a step west or east, enemy stone a knight's move away).
//! let black = SpatialHashes::of_point(&board, Color::Black, "C4".parse()?);
//! let white = SpatialHashes::of_point(&board, Color::White, "C2".parse()?);
//! assert_eq!(black, white);
//! assert_ne!(black, SpatialHashes::of_point(&board, Color::Black, "C2".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::OnceLock;

use go_board::{Color, PlayoutBoard, Point, SplitMix64};

/// The radii of the diamonds, smallest first.
pub const RADII: [u8; 3] = [2, 3, 4];

/// The seed of the splitmix64 sequence the hashes are drawn from.
pub const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The largest radius.
const MAX_RADIUS: i32 = 4;

/// The points of the largest diamond: 41.
const CELLS: usize = 41;

/// The canonical hashes of the diamonds of radius 2, 3 and 4 around one
/// point (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpatialHashes(pub [u64; 3]);

/// The tables: offsets by ring, and for each symmetry a Zobrist key per
/// (cell, state).
struct Tables {
    /// Offsets `(dx, dy)` of the cells, by distance then in a fixed order.
    offsets: [(i32, i32); CELLS],
    /// The number of cells within each radius of [`RADII`].
    ends: [usize; 3],
    /// `keys[s][k][state]`: the key of state `state` (0 empty, 1 own, 2
    /// enemy, 3 off the board) at the image of cell `k` under symmetry `s`.
    keys: Box<[[[u64; 4]; CELLS]; 8]>,
    /// A key per radius, so equal cell keys of different radii differ.
    radius_keys: [u64; 3],
}

/// The image of an offset under symmetry `s` (0..8): rotations and
/// reflections of the square.
fn transform(s: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    let x = if s & 1 != 0 { -x } else { x };
    let y = if s & 2 != 0 { -y } else { y };
    (x, y)
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut offsets = [(0, 0); CELLS];
        let mut n = 0;
        let mut ends = [0; 3];
        for d in 1..=MAX_RADIUS {
            for y in -d..=d {
                for x in -d..=d {
                    if x.abs() + y.abs() == d {
                        offsets[n] = (x, y);
                        n += 1;
                    }
                }
            }
            if d >= 2 {
                ends[(d - 2) as usize] = n;
            }
        }
        // One key per (offset, state) on the 9×9 square of offsets, in
        // row-major order from (-4, -4): the file format depends on it.
        let mut source = SplitMix64::new(SEED);
        let side = (2 * MAX_RADIUS + 1) as usize;
        let base: Vec<[u64; 4]> = (0..side * side)
            .map(|_| std::array::from_fn(|_| source.next_u64()))
            .collect();
        let radius_keys = std::array::from_fn(|_| source.next_u64());
        let index =
            |(x, y): (i32, i32)| ((y + MAX_RADIUS) as usize) * side + (x + MAX_RADIUS) as usize;
        let mut keys = Box::new([[[0u64; 4]; CELLS]; 8]);
        for (s, table) in keys.iter_mut().enumerate() {
            for (k, cell) in table.iter_mut().enumerate() {
                *cell = base[index(transform(s, offsets[k]))];
            }
        }
        Tables {
            offsets,
            ends,
            keys,
            radius_keys,
        }
    })
}

impl SpatialHashes {
    /// The hashes of `color` playing the point `p` (stones seen from
    /// `color`: own or enemy).
    #[must_use]
    pub fn of_point(board: &PlayoutBoard, color: Color, p: Point) -> SpatialHashes {
        let t = tables();
        let geo = board.geometry();
        let (c, r) = (p.col() as i32, p.row() as i32);
        let mut h = [0u64; 8];
        let mut out = [0u64; 3];
        let mut ring = 0;
        for (k, &(dx, dy)) in t.offsets.iter().enumerate() {
            let (x, y) = (c + dx, r + dy);
            let state = if x < 0 || y < 0 {
                3
            } else {
                match Point::try_new(x as usize, y as usize) {
                    Some(q) if geo.contains(q) => match board.color_at(q) {
                        None => 0,
                        Some(s) if s == color => 1,
                        Some(_) => 2,
                    },
                    _ => 3,
                }
            };
            for (s, hs) in h.iter_mut().enumerate() {
                *hs ^= t.keys[s][k][state];
            }
            if k + 1 == t.ends[ring] {
                out[ring] = h.iter().copied().min().unwrap_or(0) ^ t.radius_keys[ring];
                ring += 1;
                if ring == 3 {
                    break;
                }
            }
        }
        SpatialHashes(out)
    }

    /// The hash of the diamond of radius `RADII[i]`.
    #[must_use]
    pub fn get(&self, i: usize) -> u64 {
        self.0[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    /// The keys are those of the hand-written SplitMix64 they were drawn
    /// from before go-board's existed: the model files' hashes stay valid.
    #[test]
    fn keys_are_the_reference_splitmix64_sequence() {
        let mut state = SEED;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let side = (2 * MAX_RADIUS + 1) as usize;
        for _ in 0..side * side * 4 {
            next();
        }
        let radius_keys: [u64; 3] = std::array::from_fn(|_| next());
        assert_eq!(tables().radius_keys, radius_keys);
    }

    #[test]
    fn the_diamonds_hold_13_25_and_41_points() {
        assert_eq!(tables().ends, [12, 24, 40]);
    }

    #[test]
    fn the_eight_symmetric_positions_share_their_hashes() {
        let board = PlayoutBoard::from(
            &Board::from_diagram(
                ". . . . . . .
                 . . X . . . .
                 . . . O . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .",
            )
            .unwrap(),
        );
        let at = |s: &str| SpatialHashes::of_point(&board, Color::Black, s.parse().unwrap());
        // Mirrored left to right, and in the diagonal through A7 and G1.
        let image = |diagram: &str, at: &str| {
            let b = PlayoutBoard::from(&Board::from_diagram(diagram).unwrap());
            SpatialHashes::of_point(&b, Color::Black, at.parse().unwrap())
        };
        let left_right = image(
            ". . . . . . .
             . . . . X . .
             . . . O . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            "F6",
        );
        let diagonal = image(
            ". . . . . . .
             . . . . . . .
             . X . . . . .
             . . O . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            "B6",
        );
        assert_eq!(at("B6"), left_right);
        assert_eq!(at("B6"), diagonal);
        assert_ne!(at("B6"), at("C5"));
    }
}
