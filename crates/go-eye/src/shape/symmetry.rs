//! The eight symmetries of the square (the dihedral group D4) acting on cell sets.

use std::fmt;

use super::cell::{Cell, CellSet};

/// One of the eight symmetries of the square.
///
/// A symmetry acts on the 8×8 frame: `transpose` swaps `x` and `y` first,
/// then `mirror` sends `x` to `7 - x`, then `flip` sends `y` to `7 - y`.
/// [`Symmetry::apply`] keeps the result in the frame; use
/// [`Shape::canonical`](super::Shape::canonical) or [`CellSet::normalized`] to
/// bring it back to the origin.
///
/// ```
/// use go_eye::shape::{CellSet, Symmetry};
/// let l: CellSet = "#./#./##".parse().unwrap();
/// let turned = Symmetry::ROTATE_90.apply(l).normalized();
/// assert_eq!(turned.len(), 4);
/// assert_eq!(Symmetry::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(u8);

const TRANSPOSE: u8 = 4;
const MIRROR: u8 = 1;
const FLIP: u8 = 2;

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// Reflection `x → 7 − x`.
    pub const MIRROR: Symmetry = Symmetry(MIRROR);
    /// Reflection `y → 7 − y`.
    pub const FLIP: Symmetry = Symmetry(FLIP);
    /// Half turn.
    pub const ROTATE_180: Symmetry = Symmetry(MIRROR | FLIP);
    /// Reflection in the main diagonal, `(x, y) → (y, x)`.
    pub const TRANSPOSE: Symmetry = Symmetry(TRANSPOSE);
    /// Quarter turn (transpose, then mirror).
    pub const ROTATE_90: Symmetry = Symmetry(TRANSPOSE | MIRROR);
    /// Three-quarter turn (transpose, then flip).
    pub const ROTATE_270: Symmetry = Symmetry(TRANSPOSE | FLIP);
    /// Reflection in the anti-diagonal.
    pub const ANTI_TRANSPOSE: Symmetry = Symmetry(TRANSPOSE | MIRROR | FLIP);

    /// All eight symmetries, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Index `0..8` of this symmetry in [`Symmetry::ALL`].
    ///
    /// ```
    /// use go_eye::shape::Symmetry;
    /// assert_eq!(Symmetry::IDENTITY.index(), 0);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the symmetry swaps rows and columns.
    ///
    /// ```
    /// use go_eye::shape::Symmetry;
    /// assert!(Symmetry::ROTATE_90.swaps_axes());
    /// assert!(!Symmetry::ROTATE_180.swaps_axes());
    /// ```
    #[must_use]
    pub const fn swaps_axes(self) -> bool {
        self.0 & TRANSPOSE != 0
    }

    /// Applies the symmetry to a whole frame (no re-normalisation).
    ///
    /// ```
    /// use go_eye::shape::{CellSet, Symmetry};
    /// let corner: CellSet = "#".parse().unwrap();
    /// assert_eq!(Symmetry::MIRROR.apply(corner).bits(), 1 << 7);
    /// ```
    #[must_use]
    pub const fn apply(self, set: CellSet) -> CellSet {
        let mut b = set.bits();
        if self.0 & TRANSPOSE != 0 {
            b = transpose(b);
        }
        if self.0 & MIRROR != 0 {
            b = mirror(b);
        }
        if self.0 & FLIP != 0 {
            b = b.swap_bytes();
        }
        CellSet::from_bits(b)
    }

    /// Applies the symmetry to one cell of the frame.
    ///
    /// ```
    /// use go_eye::shape::{Cell, Symmetry};
    /// let c = Cell::new(1, 0).unwrap();
    /// assert_eq!(Symmetry::TRANSPOSE.apply_cell(c), Cell::new(0, 1).unwrap());
    /// ```
    #[must_use]
    pub const fn apply_cell(self, cell: Cell) -> Cell {
        let (mut x, mut y) = (cell.x(), cell.y());
        if self.0 & TRANSPOSE != 0 {
            (x, y) = (y, x);
        }
        if self.0 & MIRROR != 0 {
            x = 7 - x;
        }
        if self.0 & FLIP != 0 {
            y = 7 - y;
        }
        match Cell::new(x, y) {
            Some(c) => c,
            None => cell, // unreachable: x, y stay in 0..8
        }
    }

    /// The symmetry undoing this one.
    ///
    /// ```
    /// use go_eye::shape::{CellSet, Symmetry};
    /// let s: CellSet = "##/#.".parse().unwrap();
    /// for sym in Symmetry::ALL {
    ///     assert_eq!(sym.inverse().apply(sym.apply(s)), s);
    /// }
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        // With the transpose applied first, T·M·F is inverted by F·M·T,
        // which equals T·M'·F' where M' and F' swap roles.
        if self.0 & TRANSPOSE != 0 {
            let m = self.0 & MIRROR;
            let f = self.0 & FLIP;
            Symmetry(TRANSPOSE | (f >> 1) | (m << 1))
        } else {
            self
        }
    }

    /// The symmetry `other ∘ self` (apply `self` first, then `other`).
    ///
    /// ```
    /// use go_eye::shape::Symmetry;
    /// let r = Symmetry::ROTATE_90;
    /// assert_eq!(r.then(r), Symmetry::ROTATE_180);
    /// assert_eq!(r.then(r.inverse()), Symmetry::IDENTITY);
    /// ```
    #[must_use]
    pub fn then(self, other: Symmetry) -> Symmetry {
        let probe = CellSet::from_bits(1 | 1 << 1 | 1 << 8 | 1 << 16); // no symmetry of its own
        let target = other.apply(self.apply(probe));
        Symmetry::ALL
            .into_iter()
            .find(|s| s.apply(probe) == target)
            .unwrap_or(Symmetry::IDENTITY)
    }

    /// A short name: `id`, `mirror`, `flip`, `rot180`, `transpose`, `rot90`, `rot270`, `anti`.
    ///
    /// ```
    /// use go_eye::shape::Symmetry;
    /// assert_eq!(Symmetry::ROTATE_90.name(), "rot90");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "id",
            1 => "mirror",
            2 => "flip",
            3 => "rot180",
            4 => "transpose",
            5 => "rot90",
            6 => "rot270",
            _ => "anti",
        }
    }
}

impl fmt::Debug for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of symmetries (a subgroup of D4 when it is a shape's symmetry group).
///
/// ```
/// use go_eye::shape::{Shape, Symmetry};
/// let square: Shape = "##/##".parse().unwrap();
/// assert_eq!(square.symmetries().len(), 8);
/// let l: Shape = "#./#./##".parse().unwrap();
/// assert_eq!(l.symmetries().len(), 1);
/// assert!(l.symmetries().contains(Symmetry::IDENTITY));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SymmetrySet(u8);

impl SymmetrySet {
    /// The set with the given members.
    ///
    /// ```
    /// use go_eye::shape::{Symmetry, SymmetrySet};
    /// let s = SymmetrySet::from_slice(&[Symmetry::IDENTITY, Symmetry::ROTATE_180]);
    /// assert_eq!(s.len(), 2);
    /// ```
    #[must_use]
    pub fn from_slice(members: &[Symmetry]) -> SymmetrySet {
        SymmetrySet(members.iter().fold(0, |m, s| m | 1 << s.0))
    }

    /// Whether `sym` is a member.
    ///
    /// ```
    /// use go_eye::shape::{Symmetry, SymmetrySet};
    /// assert!(!SymmetrySet::default().contains(Symmetry::IDENTITY));
    /// ```
    #[must_use]
    pub const fn contains(self, sym: Symmetry) -> bool {
        self.0 >> sym.0 & 1 == 1
    }

    /// Number of members (the order of the group).
    ///
    /// ```
    /// use go_eye::shape::SymmetrySet;
    /// assert_eq!(SymmetrySet::default().len(), 0);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use go_eye::shape::SymmetrySet;
    /// assert!(SymmetrySet::default().is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The members, in [`Symmetry::ALL`] order.
    ///
    /// ```
    /// use go_eye::shape::Shape;
    /// let straight: Shape = "###".parse().unwrap();
    /// assert_eq!(straight.symmetries().iter().count(), 4);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl fmt::Debug for SymmetrySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The images of a whole frame under the eight symmetries, in
/// [`Symmetry::ALL`] order (one transpose and two mirrors in all).
#[inline]
pub(crate) const fn images(b: u64) -> [u64; 8] {
    let m = mirror(b);
    let t = transpose(b);
    let mt = mirror(t);
    [
        b,
        m,
        b.swap_bytes(),
        m.swap_bytes(),
        t,
        mt,
        t.swap_bytes(),
        mt.swap_bytes(),
    ]
}

/// Reverses the bits of each byte: column `x` goes to `7 - x`.
const fn mirror(mut b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    b = ((b >> 1) & K1) | ((b & K1) << 1);
    b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Swaps rows and columns of an 8×8 bitboard (bit `y * 8 + x` goes to `x * 8 + y`).
const fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(sym: Symmetry, set: CellSet) -> CellSet {
        set.iter().map(|c| sym.apply_cell(c)).collect()
    }

    #[test]
    fn bit_tricks_agree_with_the_cell_by_cell_definition() {
        let samples = [
            0x0123_4567_89ab_cdefu64,
            0x8000_0000_0000_0001,
            0x00ff_0f0f_3c3c_1248,
            1,
            1 << 63,
        ];
        for bits in samples {
            let set = CellSet::from_bits(bits);
            for sym in Symmetry::ALL {
                assert_eq!(sym.apply(set), naive(sym, set), "{sym:?} on {bits:#x}");
            }
        }
    }

    #[test]
    fn images_are_the_eight_symmetric_frames_in_order() {
        let set = CellSet::from_bits(0x0012_0034_0056_0078);
        for (sym, image) in Symmetry::ALL.iter().zip(images(set.bits())) {
            assert_eq!(sym.apply(set).bits(), image);
        }
    }

    #[test]
    fn the_eight_symmetries_form_a_group() {
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
            for b in Symmetry::ALL {
                let ab = a.then(b);
                let set = CellSet::from_bits(0x0000_0000_0001_0103);
                assert_eq!(ab.apply(set), b.apply(a.apply(set)));
            }
        }
    }
}
