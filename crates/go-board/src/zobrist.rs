//! Zobrist keys: fixed pseudo-random 64-bit numbers per (point, colour),
//! per ko point and for the side to move, generated at compile time.

use crate::color::Color;
use crate::playout::SplitMix64;
use crate::point::{NUM_INDICES, Point};

const fn make_keys() -> [u64; 3 * NUM_INDICES + 1] {
    let mut keys = [0u64; 3 * NUM_INDICES + 1];
    let mut source = SplitMix64::new(0x6f5f_ad0c_1c2b_77e3);
    let mut i = 0;
    while i < keys.len() {
        keys[i] = source.next_u64();
        i += 1;
    }
    keys
}

static KEYS: [u64; 3 * NUM_INDICES + 1] = make_keys();

/// The key of a stone of `color` at `p`.
///
/// ```
/// use go_board::{zobrist, Color, Point};
/// let p = Point::new(3, 3);
/// assert_ne!(zobrist::stone(p, Color::Black), zobrist::stone(p, Color::White));
/// ```
#[must_use]
#[inline]
pub fn stone(p: Point, color: Color) -> u64 {
    KEYS[color.index() * NUM_INDICES + p.index()]
}

/// The key of a ko point (mixed into [`Board::hash`](crate::Board::hash)).
///
/// ```
/// use go_board::{zobrist, Point};
/// assert_ne!(zobrist::ko(Point::new(0, 0)), zobrist::ko(Point::new(1, 0)));
/// ```
#[must_use]
#[inline]
pub fn ko(p: Point) -> u64 {
    KEYS[2 * NUM_INDICES + p.index()]
}

/// The key mixed in when White is to move.
///
/// ```
/// use go_board::zobrist;
/// assert_ne!(zobrist::white_to_play(), 0);
/// ```
#[must_use]
#[inline]
pub fn white_to_play() -> u64 {
    KEYS[3 * NUM_INDICES]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are those of the hand-written SplitMix64 they were drawn
    /// from before go-board's [`SplitMix64`] existed: hashes stay the same.
    #[test]
    fn keys_are_the_reference_splitmix64_sequence() {
        let mut state = 0x6f5f_ad0c_1c2b_77e3u64;
        for (i, &key) in KEYS.iter().enumerate() {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            assert_eq!(key, z ^ (z >> 31), "key {i}");
        }
    }
}
