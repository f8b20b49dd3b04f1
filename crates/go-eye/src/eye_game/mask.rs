//! Bit masks over the points of a local eye game: `u8` for the tables'
//! eyes (at most eight points), `u16` for eye graphs (at most fourteen).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of points of a local game as a bit mask (bit `i` = point `i`).
pub(crate) trait Mask:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;

    /// Number of points a mask can hold.
    const WIDTH: usize;

    /// The first `n` points (every point, when `n` is the width or more).
    fn below(n: usize) -> Self;

    /// The lowest point of the set, as a one-bit mask (empty if empty).
    fn lowest(self) -> Self;

    /// The set without its lowest point.
    fn without_lowest(self) -> Self;

    /// Number of points.
    fn count(self) -> u32;

    /// Index of the lowest point (the width if empty).
    fn first(self) -> usize;

    /// The mask as an index into a table of `2^n` entries.
    fn index(self) -> usize;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            const WIDTH: usize = <$t>::BITS as usize;

            #[inline]
            fn below(n: usize) -> Self {
                if n >= Self::WIDTH {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }

            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }

            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }

            #[inline]
            fn index(self) -> usize {
                usize::from(self)
            }
        }
    };
}

mask!(u8);
mask!(u16);

/// The points of `m`, one bit each, lowest first.
pub(crate) fn bits<M: Mask>(mut m: M) -> impl Iterator<Item = M> {
    std::iter::from_fn(move || {
        if m == M::ZERO {
            None
        } else {
            let b = m.lowest();
            m = m.without_lowest();
            Some(b)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_masks_cover_the_first_points() {
        assert_eq!(u8::below(3), 0b111);
        assert_eq!(u8::below(8), 0xff);
        assert_eq!(u16::below(14), 0x3fff);
        assert_eq!(u16::below(16), u16::MAX);
    }

    #[test]
    fn bits_lists_each_point_once_lowest_first() {
        assert_eq!(
            bits(0b1010_0110u8).collect::<Vec<_>>(),
            [0b10, 0b100, 0b10_0000, 0b1000_0000]
        );
        assert_eq!(bits(0x8001u16).collect::<Vec<_>>(), [1, 0x8000]);
        assert_eq!(bits(0u16).count(), 0);
    }
}
