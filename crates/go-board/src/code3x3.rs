//! The 3×3 neighbourhood of a point as a compact code ([`Code3x3`]), the
//! one form of it in the workspace: the playout board computes it
//! ([`PlayoutBoard::neighbourhood`](crate::PlayoutBoard::neighbourhood)),
//! go-mcts's playout patterns and go-patterns's tables and move model read
//! it.
//!
//! Two bits per neighbour, clockwise from north — N, NE, E, SE, S, SW, W,
//! NW in bits 0–1, 2–3, …, 14–15 — each a [`PointState`] code (0 empty,
//! 1 Black, 2 White, 3 off the board); north is the next row up. Bits
//! 16–19 flag a neighbour block in atari at N, E, S, W. A quarter turn
//! clockwise shifts the 16 neighbour bits left by four, cyclically (and the
//! flags left by one).
//!
//! ```
//! use go_board::{Board, Code3x3, PointState};
//! let board = Board::from_diagram(
//!     ". X .
//!      O . .
//!      . . .",
//! )?;
//! let code = Code3x3::at(&board, "B2".parse()?);
//! assert_eq!(code.neighbour(0), PointState::Black); // north: B3
//! assert_eq!(code.neighbour(6), PointState::White); // west: A2
//! assert_eq!(format!("{code:?}"), ".X./O*./...");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::board::Board;
use crate::color::Color;
use crate::playout::PlayoutBoard;
use crate::point::Point;
use crate::point_state::PointState;
use crate::position::Position;

/// The number of distinct codes with atari flags (2^20).
pub const NUM_CODES: usize = 1 << 20;

/// What a board can tell about block liberties for the atari flags.
///
/// ```
/// use go_board::{Board, code3x3::Liberties};
/// let board = Board::from_diagram("X O\n. .")?;
/// assert!(Liberties::in_atari(&board, "B2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Liberties: Position {
    /// Whether the block at `p` has exactly one liberty (false for an
    /// empty point).
    fn in_atari(&self, p: Point) -> bool;
}

impl Liberties for Board {
    #[inline]
    fn in_atari(&self, p: Point) -> bool {
        self.color_at(p).is_some() && Board::in_atari(self, p)
    }
}

impl Liberties for PlayoutBoard {
    #[inline]
    fn in_atari(&self, p: Point) -> bool {
        PlayoutBoard::in_atari(self, p)
    }
}

/// The code of a point's 3×3 neighbourhood, optionally with atari flags
/// (see the [module documentation](self) for the layout).
///
/// ```
/// use go_board::{Board, Code3x3, PointState};
/// let board = Board::from_diagram(". X .\nO . .\n. . .")?;
/// let code = Code3x3::at(&board, "B2".parse()?);
/// assert_eq!(code.neighbour(0), PointState::Black); // north
/// assert_eq!(code.neighbour(6), PointState::White); // west
/// assert_eq!(Code3x3::at(&board, "A3".parse()?).neighbour(0), PointState::Edge);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Code3x3(u32);

impl Code3x3 {
    /// The code without atari flags of `p`'s neighbourhood on `pos`
    /// (the playout board's [`neighbourhood`](PlayoutBoard::neighbourhood)
    /// reads its cells directly).
    ///
    /// ```
    /// use go_board::{Board, Code3x3, PlayoutBoard};
    /// let board = Board::from_diagram("X . .\n. . O\n. . .")?;
    /// let b2 = "B2".parse()?;
    /// assert_eq!(Code3x3::at(&board, b2), PlayoutBoard::from(&board).neighbourhood(b2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn at<P: Position + ?Sized>(pos: &P, p: Point) -> Code3x3 {
        let geo = pos.geometry();
        let [n, s, e, w] = p.neighbours();
        let [ne, nw, se, sw] = p.diagonals();
        let ring = [n, ne, e, se, s, sw, w, nw];
        let stone = |q: Point| pos.color_at(q).map_or(0, |c| c.index() as u32 + 1);
        let (col, row) = (p.col(), p.row());
        let mut code = 0u32;
        if col > 0 && row > 0 && col + 1 < geo.width() && row + 1 < geo.height() {
            // Away from the edges: no on-board tests.
            for (i, q) in ring.into_iter().enumerate() {
                code |= stone(q) << (2 * i);
            }
        } else {
            for (i, q) in ring.into_iter().enumerate() {
                let state = if geo.contains(q) { stone(q) } else { 3 };
                code |= state << (2 * i);
            }
        }
        Code3x3(code)
    }

    /// The code with atari flags: bit 16 + k set when the block on the
    /// k-th orthogonal neighbour (N, E, S, W) is in atari.
    ///
    /// ```
    /// use go_board::{Board, Code3x3};
    /// let board = Board::from_diagram(". X .\nX O X\n. . .")?;
    /// let code = Code3x3::with_atari(&board, "B1".parse()?);
    /// assert!(code.atari(0)); // the White stone north of B1
    /// assert!(!code.atari(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn with_atari<P: Liberties + ?Sized>(pos: &P, p: Point) -> Code3x3 {
        let Code3x3(mut code) = Code3x3::at(pos, p);
        let [n, s, e, w] = p.neighbours();
        for (k, q) in [n, e, s, w].into_iter().enumerate() {
            let state = (code >> (4 * k)) & 3;
            if (state == 1 || state == 2) && pos.in_atari(q) {
                code |= 1 << (16 + k);
            }
        }
        Code3x3(code)
    }

    /// The code with these bits (bits above 19 are dropped).
    ///
    /// ```
    /// use go_board::Code3x3;
    /// assert_eq!(Code3x3::from_bits(0xFFFF_FFFF).bits(), 0xF_FFFF);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u32) -> Code3x3 {
        Code3x3(bits & (NUM_CODES as u32 - 1))
    }

    /// The raw bits (below 2^20).
    ///
    /// ```
    /// use go_board::Code3x3;
    /// assert_eq!(Code3x3::default().bits(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The state of neighbour `i` (0 N, 1 NE, 2 E, … 7 NW).
    ///
    /// ```
    /// use go_board::{Code3x3, PointState};
    /// assert_eq!(Code3x3::from_bits(0b11 << 4).neighbour(2), PointState::Edge);
    /// ```
    #[inline]
    #[must_use]
    pub const fn neighbour(self, i: usize) -> PointState {
        PointState::from_code((self.0 >> (2 * (i % 8))) as u8)
    }

    /// The state of orthogonal neighbour `k` (0 N, 1 E, 2 S, 3 W: the
    /// order of the atari flags), neighbour `2 k` of the ring.
    ///
    /// ```
    /// use go_board::{Code3x3, PointState};
    /// let west_white = Code3x3::from_bits(2 << 12);
    /// assert_eq!(west_white.orthogonal(3), PointState::White);
    /// assert_eq!(west_white.orthogonal(3), west_white.neighbour(6));
    /// ```
    #[inline]
    #[must_use]
    pub const fn orthogonal(self, k: usize) -> PointState {
        self.neighbour(2 * (k % 4))
    }

    /// Whether the block on orthogonal neighbour `k` (0 N, 1 E, 2 S, 3 W)
    /// is flagged in atari.
    ///
    /// ```
    /// use go_board::Code3x3;
    /// assert!(Code3x3::from_bits(1 << 18).atari(2));
    /// ```
    #[inline]
    #[must_use]
    pub const fn atari(self, k: usize) -> bool {
        self.0 & (1 << (16 + k % 4)) != 0
    }

    /// The code with the atari flags `flags` (bit k for orthogonal
    /// neighbour k: N, E, S, W, as
    /// [`PlayoutBoard::atari_neighbours`] gives them) in place of its own.
    ///
    /// ```
    /// use go_board::Code3x3;
    /// let code = Code3x3::from_bits(0b01).with_atari_flags(0b0001);
    /// assert!(code.atari(0));
    /// assert_eq!(code.without_atari().bits(), 0b01);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_atari_flags(self, flags: u8) -> Code3x3 {
        Code3x3((self.0 & 0xFFFF) | ((flags as u32 & 0xF) << 16))
    }

    /// The code without its atari flags.
    ///
    /// ```
    /// use go_board::Code3x3;
    /// assert_eq!(Code3x3::from_bits(0xF_0001).without_atari().bits(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn without_atari(self) -> Code3x3 {
        Code3x3(self.0 & 0xFFFF)
    }

    /// The code with Black and White exchanged (flags unchanged): one
    /// mask trick, no table.
    ///
    /// ```
    /// use go_board::{Code3x3, PointState};
    /// let code = Code3x3::from_bits(0b11_10_01_00);
    /// let swapped = code.swap_colors();
    /// assert_eq!(swapped.neighbour(1), PointState::White);
    /// assert_eq!(swapped.neighbour(2), PointState::Black);
    /// assert_eq!(swapped.neighbour(3), PointState::Edge);
    /// ```
    #[inline]
    #[must_use]
    pub const fn swap_colors(self) -> Code3x3 {
        let low = self.0 & 0x5555;
        let high = (self.0 >> 1) & 0x5555;
        let differ = low ^ high; // pairs holding 01 or 10
        Code3x3(self.0 ^ (differ | (differ << 1)))
    }

    /// The code seen from the side to move: colours swapped when White is
    /// to play, so tables are written for Black.
    ///
    /// ```
    /// use go_board::{Code3x3, Color};
    /// let c = Code3x3::from_bits(1);
    /// assert_eq!(c.for_player(Color::Black), c);
    /// assert_eq!(c.for_player(Color::White), c.swap_colors());
    /// ```
    #[inline]
    #[must_use]
    pub const fn for_player(self, to_play: Color) -> Code3x3 {
        match to_play {
            Color::Black => self,
            Color::White => self.swap_colors(),
        }
    }

    /// The neighbourhood turned a quarter turn clockwise `quarter_turns`
    /// times: the ring shifts by two places, the flags by one.
    ///
    /// ```
    /// use go_board::{Code3x3, PointState};
    /// let north_black = Code3x3::from_bits(1 | 1 << 16);
    /// let east_black = north_black.rotated(1);
    /// assert_eq!(east_black.neighbour(2), PointState::Black);
    /// assert!(east_black.atari(1));
    /// assert_eq!(north_black.rotated(4), north_black);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rotated(self, quarter_turns: u32) -> Code3x3 {
        let r = quarter_turns % 4;
        let ring = self.0 & 0xFFFF;
        let flags = (self.0 >> 16) & 0xF;
        let ring = ((ring << (4 * r)) | (ring >> ((16 - 4 * r) % 16))) & 0xFFFF;
        let flags = ((flags << r) | (flags >> ((4 - r) % 4))) & 0xF;
        Code3x3(ring | flags << 16)
    }

    /// The neighbourhood mirrored left to right (east and west
    /// exchanged).
    ///
    /// ```
    /// use go_board::{Code3x3, PointState};
    /// let east_white = Code3x3::from_bits(2 << 4 | 1 << 17);
    /// let west_white = east_white.mirrored();
    /// assert_eq!(west_white.neighbour(6), PointState::White);
    /// assert!(west_white.atari(3));
    /// ```
    #[must_use]
    pub const fn mirrored(self) -> Code3x3 {
        let mut out = 0;
        let mut i = 0;
        while i < 8 {
            // Ring position i (clockwise from north) goes to 8 − i.
            out |= ((self.0 >> (2 * i)) & 3) << (2 * ((8 - i) % 8));
            i += 1;
        }
        let mut k = 0;
        while k < 4 {
            out |= ((self.0 >> (16 + k)) & 1) << (16 + (4 - k) % 4);
            k += 1;
        }
        Code3x3(out)
    }

    /// The smallest code among the eight symmetric images (four turns,
    /// each mirrored or not): one code per shape.
    ///
    /// ```
    /// use go_board::Code3x3;
    /// let c = Code3x3::from_bits(0b10_01);
    /// for turns in 0..4 {
    ///     assert_eq!(c.rotated(turns).canonical(), c.canonical());
    ///     assert_eq!(c.rotated(turns).mirrored().canonical(), c.canonical());
    /// }
    /// ```
    #[must_use]
    pub fn canonical(self) -> Code3x3 {
        let mirrored = self.mirrored();
        (0..4)
            .flat_map(|r| [self.rotated(r), mirrored.rotated(r)])
            .min()
            .unwrap_or(self)
    }

    /// Whether this could be a real neighbourhood: off-board points form
    /// whole board edges (a row or column of three, corners included), and
    /// atari flags sit only on stones.
    ///
    /// ```
    /// use go_board::{Board, Code3x3};
    /// let board = Board::new(5)?;
    /// assert!(board.geometry().points().iter().all(|&p| Code3x3::at(&board, p).is_possible()));
    /// assert!(!Code3x3::from_bits(0b11).is_possible()); // only north is off the board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_possible(self) -> bool {
        let edge = |i: usize| self.neighbour(i) == PointState::Edge;
        let (n, e, s, w) = (edge(0), edge(2), edge(4), edge(6));
        if (n && s) || (e && w) {
            return false;
        }
        let corner_ok = |i: usize, a: bool, b: bool| edge(i) == (a || b);
        let flags_ok = (0..4).all(|k| !self.atari(k) || self.neighbour(2 * k).color().is_some());
        corner_ok(1, n, e)
            && corner_ok(3, s, e)
            && corner_ok(5, s, w)
            && corner_ok(7, n, w)
            && flags_ok
    }
}

impl fmt::Debug for Code3x3 {
    /// The 3×3 diagram (`X` Black, `O` White, `#` edge, `*` the centre),
    /// followed by atari flags if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |i: usize| match self.neighbour(i) {
            PointState::Empty => '.',
            PointState::Black => 'X',
            PointState::White => 'O',
            PointState::Edge => '#',
        };
        write!(
            f,
            "{}{}{}/{}*{}/{}{}{}",
            c(7),
            c(0),
            c(1),
            c(6),
            c(2),
            c(5),
            c(4),
            c(3)
        )?;
        if self.0 >> 16 != 0 {
            f.write_str(" atari")?;
            for (k, name) in ["N", "E", "S", "W"].iter().enumerate() {
                if self.atari(k) {
                    write!(f, " {name}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_mirror_generate_eight_images_of_a_lopsided_shape() {
        // Black north, White north-east, an atari flag on north: no
        // symmetry maps the shape onto itself.
        let c = Code3x3::from_bits(0b10_01 | 1 << 16);
        let mut images: Vec<_> = (0..4)
            .flat_map(|r| [c.rotated(r), c.mirrored().rotated(r)])
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert!(images.iter().all(|i| i.canonical() == c.canonical()));
        assert_eq!(c.mirrored().mirrored(), c);
    }

    #[test]
    fn the_playout_board_and_the_board_agree() {
        let board = Board::from_diagram(
            ". X O .
             X O . O
             . X O .
             O . . X",
        )
        .unwrap();
        let playout = PlayoutBoard::from(&board);
        for &p in board.geometry().points() {
            assert_eq!(Code3x3::at(&board, p), playout.neighbourhood(p), "{p}");
            assert_eq!(
                Code3x3::with_atari(&board, p),
                playout.neighbourhood_with_atari(p),
                "{p}"
            );
        }
    }
}
