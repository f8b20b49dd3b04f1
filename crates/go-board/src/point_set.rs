//! Point sets: fixed-size bitsets over the padded layout ("Rzone").

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::geometry::Geometry;
use crate::point::{NUM_INDICES, Point, STRIDE};

/// Number of 64-bit words in a [`PointSet`].
pub(crate) const WORDS: usize = NUM_INDICES.div_ceil(64);

/// A set of points: a `Copy` bitset with set algebra and Go geometry.
///
/// Operators `& | ^ -` are intersection, union, symmetric difference and
/// difference; `!` complements within the whole padded layout, so prefer
/// [`PointSet::complement`] which stays on the board. Operations that look
/// at neighbours ([`grow`](PointSet::grow), [`components`](PointSet::components),
/// …) take the board's [`Geometry`].
///
/// ```
/// use go_board::{Geometry, Point, PointSet};
/// let geo = Geometry::square(9)?;
/// let mut set = PointSet::new();
/// set.insert("E5".parse()?);
/// let grown = set.grow(geo);
/// assert_eq!(grown.len(), 5);
/// assert_eq!(set.border(geo).len(), 4);
/// assert!(grown.is_connected(geo));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    words: [u64; WORDS],
}

impl PointSet {
    /// The empty set.
    ///
    /// ```
    /// use go_board::PointSet;
    /// assert!(PointSet::new().is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn new() -> PointSet {
        PointSet { words: [0; WORDS] }
    }

    /// Whether `p` is in the set.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let set: PointSet = [Point::new(1, 1)].into_iter().collect();
    /// assert!(set.contains(Point::new(1, 1)));
    /// assert!(!set.contains(Point::new(1, 2)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.words[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Adds `p`; returns whether it was new.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let mut set = PointSet::new();
    /// assert!(set.insert(Point::new(0, 0)));
    /// assert!(!set.insert(Point::new(0, 0)));
    /// ```
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let i = p.index();
        let bit = 1u64 << (i % 64);
        let w = &mut self.words[i / 64];
        let was = *w & bit != 0;
        *w |= bit;
        !was
    }

    /// Removes `p`; returns whether it was present.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let mut set: PointSet = [Point::new(0, 0)].into_iter().collect();
    /// assert!(set.remove(Point::new(0, 0)));
    /// assert!(set.is_empty());
    /// ```
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let i = p.index();
        let bit = 1u64 << (i % 64);
        let w = &mut self.words[i / 64];
        let was = *w & bit != 0;
        *w &= !bit;
        was
    }

    /// Number of points.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let set: PointSet = (0..5).map(|c| Point::new(c, 0)).collect();
    /// assert_eq!(set.len(), 5);
    /// ```
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The number of points, counted only up to `max`: `min(len, max)`. It
    /// visits the set bits one by one and stops at `max`, so it is cheaper
    /// than [`len`](PointSet::len) on sparse sets such as liberties (no
    /// popcount per word).
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let set: PointSet = (0..5).map(|c| Point::new(c, 0)).collect();
    /// assert_eq!(set.count_up_to(3), 3);
    /// assert_eq!(set.count_up_to(9), 5);
    /// assert_eq!(set.count_up_to(0), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn count_up_to(&self, max: usize) -> usize {
        if max == 0 {
            return 0;
        }
        let mut n = 0;
        for &word in &self.words {
            let mut w = word;
            while w != 0 {
                n += 1;
                if n == max {
                    return max;
                }
                w &= w - 1;
            }
        }
        n
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use go_board::PointSet;
    /// assert!(PointSet::new().is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether every point of `self` is in `other`.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let a: PointSet = [Point::new(0, 0)].into_iter().collect();
    /// let b: PointSet = [Point::new(0, 0), Point::new(1, 0)].into_iter().collect();
    /// assert!(a.is_subset(&b) && !b.is_subset(&a));
    /// ```
    #[must_use]
    #[inline]
    pub fn is_subset(&self, other: &PointSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// Whether the sets share no point.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let a: PointSet = [Point::new(0, 0)].into_iter().collect();
    /// let b: PointSet = [Point::new(1, 0)].into_iter().collect();
    /// assert!(a.is_disjoint(&b));
    /// ```
    #[must_use]
    #[inline]
    pub fn is_disjoint(&self, other: &PointSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }

    /// Whether the sets share a point.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let a: PointSet = [Point::new(0, 0)].into_iter().collect();
    /// assert!(a.intersects(&a));
    /// ```
    #[must_use]
    #[inline]
    pub fn intersects(&self, other: &PointSet) -> bool {
        !self.is_disjoint(other)
    }

    /// The smallest point (by index: row by row from A1).
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let set: PointSet = [Point::new(3, 2), Point::new(1, 1)].into_iter().collect();
    /// assert_eq!(set.first(), Some(Point::new(1, 1)));
    /// ```
    #[must_use]
    #[inline]
    pub fn first(&self) -> Option<Point> {
        for (i, &w) in self.words.iter().enumerate() {
            if w != 0 {
                return Some(Point::from_raw(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Removes and returns the smallest point.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let mut set: PointSet = [Point::new(2, 0)].into_iter().collect();
    /// assert_eq!(set.pop_first(), Some(Point::new(2, 0)));
    /// assert_eq!(set.pop_first(), None);
    /// ```
    #[inline]
    pub fn pop_first(&mut self) -> Option<Point> {
        for (i, w) in self.words.iter_mut().enumerate() {
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Point::from_raw(i * 64 + bit));
            }
        }
        None
    }

    /// Iterates over the points in increasing index order.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let set: PointSet = [Point::new(1, 0), Point::new(0, 0)].into_iter().collect();
    /// let v: Vec<Point> = set.iter().collect();
    /// assert_eq!(v, [Point::new(0, 0), Point::new(1, 0)]);
    /// ```
    #[must_use]
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.words,
            word: 0,
            bits: self.words[0],
        }
    }

    /// Removes every point.
    ///
    /// ```
    /// use go_board::{Point, PointSet};
    /// let mut set: PointSet = [Point::new(1, 0)].into_iter().collect();
    /// set.clear();
    /// assert!(set.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.words = [0; WORDS];
    }

    /// The on-board points not in the set.
    ///
    /// ```
    /// use go_board::{Geometry, PointSet};
    /// let geo = Geometry::square(5)?;
    /// assert_eq!(PointSet::new().complement(geo).len(), 25);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn complement(&self, geo: &Geometry) -> PointSet {
        *geo.all_points() - *self
    }

    /// Shifted copies used for neighbour computations (may include border
    /// indices; callers mask with the board): the set moved one point left,
    /// right, up and down, in one pass over the words: branch-free over all
    /// of them is faster than finding the few a small set touches (owl1.tst,
    /// where a fifth of the time is here: 2.5 % less in all).
    fn shifted_neighbours(&self) -> PointSet {
        const _: () = assert!(STRIDE > 1 && STRIDE < 64);
        // The words with an empty word either side, so that every output
        // word is the same branch-free expression (the compiler unrolls
        // and vectorises the fixed-length loop).
        let mut padded = [0u64; WORDS + 2];
        padded[1..=WORDS].copy_from_slice(&self.words);
        let mut out = [0u64; WORDS];
        for (i, slot) in out.iter_mut().enumerate() {
            let (prev, w, next) = (padded[i], padded[i + 1], padded[i + 2]);
            *slot = (w << 1)
                | (prev >> 63)
                | (w >> 1)
                | (next << 63)
                | (w << STRIDE)
                | (prev >> (64 - STRIDE))
                | (w >> STRIDE)
                | (next << (64 - STRIDE));
        }
        PointSet { words: out }
    }

    /// The points of the board adjacent to some point of the set, and the
    /// set itself (a dilation).
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointSet};
    /// let geo = Geometry::square(9)?;
    /// let corner: PointSet = [Point::new(0, 0)].into_iter().collect();
    /// assert_eq!(corner.grow(geo).len(), 3);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn grow(&self, geo: &Geometry) -> PointSet {
        (self.shifted_neighbours() | *self) & *geo.all_points()
    }

    /// The on-board points adjacent to the set but not in it.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointSet};
    /// let geo = Geometry::square(9)?;
    /// let two: PointSet = [Point::new(4, 4), Point::new(5, 4)].into_iter().collect();
    /// assert_eq!(two.border(geo).len(), 6);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn border(&self, geo: &Geometry) -> PointSet {
        (self.shifted_neighbours() & *geo.all_points()) - *self
    }

    /// The points of the set whose on-board neighbours are all in the set
    /// (an erosion).
    ///
    /// ```
    /// use go_board::{Geometry, PointSet};
    /// let geo = Geometry::square(5)?;
    /// let all = *geo.all_points();
    /// assert_eq!(all.kernel(geo), all);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn kernel(&self, geo: &Geometry) -> PointSet {
        let outside = self.complement(geo);
        *self - outside.grow(geo)
    }

    /// The connected part of the set that contains `p` (empty if `p` is
    /// not in the set).
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointSet};
    /// let geo = Geometry::square(9)?;
    /// let set: PointSet = [Point::new(0, 0), Point::new(1, 0), Point::new(5, 5)]
    ///     .into_iter()
    ///     .collect();
    /// assert_eq!(set.component(Point::new(0, 0), geo).len(), 2);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn component(&self, p: Point, geo: &Geometry) -> PointSet {
        if !self.contains(p) {
            return PointSet::new();
        }
        let mut comp = PointSet::new();
        comp.insert(p);
        loop {
            let next = comp.grow(geo) & *self;
            if next == comp {
                return comp;
            }
            comp = next;
        }
    }

    /// The connected components of the set, each a `PointSet`, ordered by
    /// their smallest point.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointSet};
    /// let geo = Geometry::square(9)?;
    /// let set: PointSet = [Point::new(0, 0), Point::new(2, 0)].into_iter().collect();
    /// assert_eq!(set.components(geo).len(), 2);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn components(&self, geo: &Geometry) -> Vec<PointSet> {
        let mut rest = *self;
        let mut out = Vec::new();
        while let Some(p) = rest.first() {
            let comp = rest.component(p, geo);
            rest -= comp;
            out.push(comp);
        }
        out
    }

    /// Whether the set is non-empty and 4-connected.
    ///
    /// ```
    /// use go_board::{Geometry, Point, PointSet};
    /// let geo = Geometry::square(9)?;
    /// let diag: PointSet = [Point::new(0, 0), Point::new(1, 1)].into_iter().collect();
    /// assert!(!diag.is_connected(geo));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_connected(&self, geo: &Geometry) -> bool {
        match self.first() {
            Some(p) => self.component(p, geo) == *self,
            None => false,
        }
    }
}

/// Iterator over a [`PointSet`] in increasing index order.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    /// The index of the word `bits` came from.
    word: usize,
    /// The points of that word not yet returned.
    bits: u64,
}

impl Iterator for Iter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            if self.word + 1 >= WORDS {
                return None;
            }
            self.word += 1;
            self.bits = self.words[self.word];
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point::from_raw(self.word * 64 + bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Counted on demand: most iterations never ask, and a count up front
        // costs a popcount per word.
        let remaining = self.bits.count_ones() as usize
            + self.words[(self.word + 1).min(WORDS)..]
                .iter()
                .map(|w| w.count_ones() as usize)
                .sum::<usize>();
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut set = PointSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:expr) => {
        impl $tr for PointSet {
            type Output = PointSet;
            #[inline]
            fn $f(mut self, rhs: PointSet) -> PointSet {
                self.$af(rhs);
                self
            }
        }
        impl $atr for PointSet {
            #[inline]
            fn $af(&mut self, rhs: PointSet) {
                let op: fn(u64, u64) -> u64 = $op;
                for (a, b) in self.words.iter_mut().zip(rhs.words) {
                    *a = op(*a, b);
                }
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
binop!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for PointSet {
    type Output = PointSet;
    /// Complement within the whole padded layout (border indices included);
    /// [`PointSet::complement`] is usually what you want.
    fn not(mut self) -> PointSet {
        for w in &mut self.words {
            *w = !*w;
        }
        // Keep the unused high bits of the last word clear.
        let extra = WORDS * 64 - NUM_INDICES;
        self.words[WORDS - 1] &= u64::MAX >> extra;
        self
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The points as GTP vertices in index order, separated by spaces (nothing
/// for the empty set).
///
/// ```
/// use go_board::{Point, PointSet};
/// let set = PointSet::from_iter([Point::new(1, 0), Point::new(0, 2)]);
/// assert_eq!(set.to_string(), "B1 A3");
/// assert_eq!(PointSet::new().to_string(), "");
/// ```
impl fmt::Display for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::MAX_SIZE;

    #[test]
    fn iteration_lists_every_point_in_order_and_counts_the_rest() {
        let geo = Geometry::square(MAX_SIZE).unwrap();
        let all: Vec<Point> = geo.points().to_vec();
        // Empty, one point in the first and last words, sparse and dense sets.
        let picks: [&dyn Fn(usize) -> bool; 5] = [
            &|_| false,
            &|i| i == 0,
            &|i| i + 1 == all.len(),
            &|i| i % 37 == 5,
            &|i| i % 3 != 0,
        ];
        for pick in picks {
            let want: Vec<Point> = (0..all.len())
                .filter(|&i| pick(i))
                .map(|i| all[i])
                .collect();
            let set: PointSet = want.iter().copied().collect();
            let mut it = set.iter();
            for (k, &p) in want.iter().enumerate() {
                assert_eq!(it.len(), want.len() - k);
                assert_eq!(it.next(), Some(p));
            }
            assert_eq!(it.len(), 0);
            assert_eq!(it.next(), None);
            assert_eq!(it.next(), None);
        }
    }

    fn brute_grow(set: &PointSet, geo: &Geometry) -> PointSet {
        let mut out = *set;
        for p in set.iter() {
            out.extend(geo.neighbours(p));
        }
        out
    }

    #[test]
    fn grow_matches_brute_force_on_every_size() {
        for size in 2..=MAX_SIZE {
            let geo = Geometry::square(size).unwrap();
            // A scattered deterministic set.
            let set: PointSet = geo
                .points()
                .iter()
                .copied()
                .filter(|p| (p.col() * 7 + p.row() * 3) % 5 == 0)
                .collect();
            assert_eq!(set.grow(geo), brute_grow(&set, geo), "size {size}");
            assert!(set.border(geo).is_disjoint(&set));
            assert!(set.kernel(geo).is_subset(&set));
        }
    }

    proptest::proptest! {
        /// Sets of a few points leave most words empty: the words grown
        /// are only those next to the set's.
        #[test]
        fn grow_of_sparse_sets_matches_brute_force(
            width in 2..=MAX_SIZE,
            height in 2..=MAX_SIZE,
            picks in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..6),
        ) {
            let geo = Geometry::new(width, height).unwrap();
            let points = geo.points();
            let set: PointSet = picks
                .iter()
                .map(|&k| points[usize::from(k) % points.len()])
                .collect();
            proptest::prop_assert_eq!(set.grow(geo), brute_grow(&set, geo));
        }
    }

    #[test]
    fn count_up_to_is_len_capped() {
        let geo = Geometry::square(19).unwrap();
        for k in 1..12 {
            let set: PointSet = geo
                .points()
                .iter()
                .copied()
                .filter(|p| (p.col() * 7 + p.row() * 13) % (k * 9) == 0)
                .collect();
            for max in [0, 1, 2, 3, 5, 8, 40, usize::MAX] {
                assert_eq!(set.count_up_to(max), set.len().min(max), "k {k} max {max}");
            }
        }
    }

    #[test]
    fn not_keeps_padding_bits_clear() {
        let all = !PointSet::new();
        assert_eq!(all.len(), NUM_INDICES);
    }
}
