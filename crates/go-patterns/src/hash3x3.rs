//! Fast 3×3 patterns for playouts (MoGo style): a compact code of a
//! point's eight neighbours, optionally with atari flags, and a table from
//! codes to values that is symmetric by construction.
//!
//! The code is go-board's [`Code3x3`] (re-exported here), the one the
//! playout board's `neighbourhood` query computes: two bits per neighbour,
//! clockwise from north, each a [`PointState`](go_board::PointState) code,
//! and four atari flags.
//! [`Symmetry::apply_code`] turns a code as the symmetry turns the board.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_patterns::{AtariFlags, Code3x3, Pattern, Table3x3, TransformSet};
//! // A hane shape, for the side to move, written once …
//! let hane: Pattern = "S D ?\n. * .\n? ? ?".parse()?;
//! let table = Table3x3::from_pattern_variants(&[hane], TransformSet::DIHEDRAL, AtariFlags::Distinguished)?;
//! // … matches in every orientation, for either colour.
//! let board = Board::from_diagram(
//!     ". . . .
//!      . . . .
//!      . . . O
//!      . . . X",
//! )?;
//! let code = Code3x3::at(&board, "C2".parse()?);
//! assert!(table.get(code, Color::Black));   // X at D1 (south-east), O at D2 (east)
//! assert!(!table.get(code, Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::OnceLock;

use go_board::Color;

use crate::error::PatternError;
use crate::pattern::Pattern;
use crate::symmetry::{Offset, Symmetry, TransformSet};

/// The neighbour offsets in code order: N, NE, E, SE, S, SW, W, NW.
pub const NEIGHBOURS: [Offset; 8] = [
    Offset::new(0, 1),
    Offset::new(1, 1),
    Offset::new(1, 0),
    Offset::new(1, -1),
    Offset::new(0, -1),
    Offset::new(-1, -1),
    Offset::new(-1, 0),
    Offset::new(-1, 1),
];

pub use go_board::code3x3::{Code3x3, Liberties, NUM_CODES};

impl Symmetry {
    /// The code of the neighbourhood turned by this symmetry (as
    /// [`Symmetry::apply`] moves offsets), atari flags included.
    ///
    /// ```
    /// use go_patterns::{Code3x3, Symmetry};
    /// let north_black = Code3x3::from_bits(1);
    /// // A quarter turn clockwise moves north to east: bits 4-5.
    /// assert_eq!(Symmetry::Rotate270.apply_code(north_black).bits(), 1 << 4);
    /// ```
    #[must_use]
    pub fn apply_code(self, code: Code3x3) -> Code3x3 {
        let perms = permutations();
        let (ring, flags) = (&perms.ring[self.index()], &perms.flags[self.index()]);
        let bits = code.bits();
        let mut out = 0;
        for (i, &to) in ring.iter().enumerate() {
            out |= ((bits >> (2 * i)) & 3) << (2 * to);
        }
        for (k, &to) in flags.iter().enumerate() {
            out |= ((bits >> (16 + k)) & 1) << (16 + to);
        }
        Code3x3::from_bits(out)
    }
}

/// Where each neighbour and each flag goes under each symmetry.
struct Permutations {
    ring: [[usize; 8]; 8],
    flags: [[usize; 4]; 8],
}

fn permutations() -> &'static Permutations {
    static PERMS: OnceLock<Permutations> = OnceLock::new();
    PERMS.get_or_init(|| {
        let mut ring = [[0; 8]; 8];
        let mut flags = [[0; 4]; 8];
        for s in Symmetry::ALL {
            for (i, &o) in NEIGHBOURS.iter().enumerate() {
                let image = s.apply(o);
                let j = NEIGHBOURS.iter().position(|&n| n == image).unwrap_or(i);
                ring[s.index()][i] = j;
                if i % 2 == 0 {
                    flags[s.index()][i / 2] = j / 2;
                }
            }
        }
        Permutations { ring, flags }
    })
}

/// Whether a [`Table3x3`] tells codes apart by their atari flags (which
/// neighbouring blocks have one liberty), or by their shape alone.
///
/// Functions that take it also accept a `bool`, as they did before it
/// existed: `true` is [`Distinguished`](AtariFlags::Distinguished).
///
/// ```
/// use go_patterns::{AtariFlags, Table3x3};
/// assert_eq!(Table3x3::new(0u8, AtariFlags::Distinguished).len(), 1 << 20);
/// assert_eq!(Table3x3::new(0u8, AtariFlags::Ignored).len(), 1 << 16);
/// assert_eq!(AtariFlags::from(true), AtariFlags::Distinguished);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AtariFlags {
    /// The shape alone: 2^16 entries, and codes' flags are ignored.
    #[default]
    Ignored,
    /// The shape and the atari flags: 2^20 entries.
    Distinguished,
}

/// `true` is [`AtariFlags::Distinguished`], `false` [`AtariFlags::Ignored`].
///
/// ```
/// use go_patterns::AtariFlags;
/// assert_eq!(AtariFlags::from(false), AtariFlags::Ignored);
/// ```
impl From<bool> for AtariFlags {
    fn from(with_atari: bool) -> AtariFlags {
        if with_atari {
            AtariFlags::Distinguished
        } else {
            AtariFlags::Ignored
        }
    }
}

/// A table from 3×3 codes to values, written for Black to play and
/// symmetric by construction: [`insert`](Table3x3::insert) writes the value
/// under all eight symmetric images of the code, and lookups for White
/// swap the code's colours first.
///
/// With atari flags the table has 2^20 entries, without 2^16 (and codes'
/// flags are then ignored).
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::{AtariFlags, Code3x3, Table3x3};
/// let mut table = Table3x3::new(0.0f32, AtariFlags::Ignored);
/// let board = Board::from_diagram(". X .\n. . .\n. . .")?;
/// table.insert(Code3x3::at(&board, "B2".parse()?), 2.5);
/// // Black stone west of A2: the same shape turned.
/// let turned = Board::from_diagram(". . .\nX . .\n. . .")?;
/// assert_eq!(table.get(Code3x3::at(&turned, "B2".parse()?), Color::Black), 2.5);
/// assert_eq!(table.get(Code3x3::at(&turned, "B2".parse()?), Color::White), 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Table3x3<T> {
    values: Box<[T]>,
    mask: u32,
}

impl<T: fmt::Debug> fmt::Debug for Table3x3<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table3x3")
            .field("entries", &self.values.len())
            .field("with_atari", &(self.values.len() == NUM_CODES))
            .finish_non_exhaustive()
    }
}

impl<T: Copy> Table3x3<T> {
    /// A table filled with `default`, with or without atari flags (a
    /// [`AtariFlags`], or a `bool` as before it existed).
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Table3x3};
    /// assert_eq!(Table3x3::new(false, AtariFlags::Distinguished).len(), 1 << 20);
    /// assert_eq!(Table3x3::new(false, AtariFlags::Ignored).len(), 1 << 16);
    /// ```
    #[must_use]
    pub fn new(default: T, atari: impl Into<AtariFlags>) -> Table3x3<T> {
        let len = match atari.into() {
            AtariFlags::Distinguished => NUM_CODES,
            AtariFlags::Ignored => 1 << 16,
        };
        Table3x3 {
            values: vec![default; len].into_boxed_slice(),
            mask: len as u32 - 1,
        }
    }

    /// The number of entries.
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Table3x3};
    /// assert!(!Table3x3::new(0u8, AtariFlags::Ignored).is_empty());
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Always false: a table has 2^16 or 2^20 entries.
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Table3x3};
    /// assert!(!Table3x3::new(0u8, AtariFlags::Distinguished).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether the table distinguishes atari flags.
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Table3x3};
    /// assert!(Table3x3::new(0u8, AtariFlags::Distinguished).with_atari());
    /// ```
    #[must_use]
    pub fn with_atari(&self) -> bool {
        self.values.len() == NUM_CODES
    }

    /// Whether the table tells codes apart by their atari flags.
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Table3x3};
    /// let t = Table3x3::new(0u8, AtariFlags::Ignored);
    /// assert_eq!(t.atari_flags(), AtariFlags::Ignored);
    /// ```
    #[must_use]
    pub fn atari_flags(&self) -> AtariFlags {
        AtariFlags::from(self.with_atari())
    }

    /// Writes `value` for `code` (Black to play) and its seven symmetric
    /// images.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::{AtariFlags, Code3x3, Symmetry, Table3x3};
    /// let mut t = Table3x3::new(0u8, AtariFlags::Distinguished);
    /// let code = Code3x3::from_bits(0b01_00_10 | 1 << 17);
    /// t.insert(code, 7);
    /// for s in Symmetry::ALL {
    ///     assert_eq!(t.get(s.apply_code(code), Color::Black), 7);
    /// }
    /// ```
    pub fn insert(&mut self, code: Code3x3, value: T) {
        for s in Symmetry::ALL {
            let image = s.apply_code(code).bits() & self.mask;
            self.values[image as usize] = value;
        }
    }

    /// The value for `code` with `to_play` to move: one array read after
    /// an optional colour swap.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::{AtariFlags, Code3x3, Table3x3};
    /// let t = Table3x3::new(1u8, AtariFlags::Ignored);
    /// assert_eq!(t.get(Code3x3::default(), Color::White), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, code: Code3x3, to_play: Color) -> T {
        self.values[(code.for_player(to_play).bits() & self.mask) as usize]
    }

    /// The value stored under exactly these bits (Black to play).
    ///
    /// ```
    /// use go_patterns::{AtariFlags, Code3x3, Table3x3};
    /// let t = Table3x3::new(3u8, AtariFlags::Ignored);
    /// assert_eq!(t.get_raw(Code3x3::from_bits(5)), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn get_raw(&self, code: Code3x3) -> T {
        self.values[(code.bits() & self.mask) as usize]
    }
}

impl Table3x3<bool> {
    /// A boolean table true for every code one of `patterns` matches, for
    /// Black to play, under every transform of `variants`:
    /// [`TransformSet::DIHEDRAL`] for the eight orientations,
    /// [`TransformSet::ALL`] for those and their colour swaps. Patterns must
    /// be 3×3 around their anchor (an empty or don't-care centre). Write
    /// them with relative cells (`S`, `D`, `s`, `d`): since lookups for
    /// White see the colour-swapped code, absolute colour cells would be
    /// read as if Black were to move. `atari` chooses the table's layout,
    /// as in [`Table3x3::new`]: with the flags distinguished, a hit is set
    /// for every combination of them.
    ///
    /// # Errors
    /// [`PatternError::Not3x3`] for a pattern with a cell outside the 3×3
    /// square around the anchor, or one that is not anchored on a cell.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{AtariFlags, Code3x3, Pattern, Table3x3, TransformSet};
    /// let cut: Pattern = "S D ?\nD * ?\n? ? ?".parse()?;
    /// let t = Table3x3::from_pattern_variants(&[cut], TransformSet::DIHEDRAL, AtariFlags::Ignored)?;
    /// let board = Board::from_diagram(". . . .\nX O . .\nO . . .\n. . . .")?;
    /// assert!(t.get(Code3x3::at(&board, "B2".parse()?), Color::Black));
    /// assert!(!t.get(Code3x3::at(&board, "B2".parse()?), Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pattern_variants(
        patterns: &[Pattern],
        variants: TransformSet,
        atari: impl Into<AtariFlags>,
    ) -> Result<Table3x3<bool>, PatternError> {
        let atari = atari.into();
        let mut masks: Vec<[u8; 8]> = Vec::new();
        for pattern in patterns {
            if pattern.anchor() != crate::pattern::Anchor::Origin
                || pattern.cells().any(|(o, _)| o.chebyshev() > 1)
            {
                return Err(PatternError::Not3x3);
            }
            for (_, v) in pattern.variants(variants) {
                let mut m = [0xFu8; 8];
                for (i, &o) in NEIGHBOURS.iter().enumerate() {
                    if let Some(cell) = v.get(o) {
                        m[i] = cell.mask(Color::Black);
                    }
                }
                masks.push(m);
            }
        }
        let mut table = Table3x3::new(false, atari);
        for bits in 0..(1u32 << 16) {
            let code = Code3x3::from_bits(bits);
            let hit = masks
                .iter()
                .any(|m| (0..8).all(|i| m[i] & (1 << code.neighbour(i) as u8) != 0));
            if hit {
                // Flags do not change the shape: set every flag combination.
                let flag_sets = match atari {
                    AtariFlags::Distinguished => 16,
                    AtariFlags::Ignored => 1,
                };
                for f in 0..flag_sets {
                    table.values[(bits | f << 16) as usize] = true;
                }
            }
        }
        Ok(table)
    }

    /// The same as [`from_pattern_variants`](Table3x3::from_pattern_variants)
    /// with [`TransformSet::ALL`] when `swap` is true, else
    /// [`TransformSet::DIHEDRAL`].
    ///
    /// # Errors
    /// Those of [`from_pattern_variants`](Table3x3::from_pattern_variants).
    ///
    /// ```
    /// #![allow(deprecated)]
    /// use go_patterns::{AtariFlags, Code3x3, Pattern, Table3x3, TransformSet};
    /// let cut: Pattern = "S D ?\nD * ?\n? ? ?".parse()?;
    /// let old = Table3x3::from_patterns(&[cut.clone()], false, true)?;
    /// let new = Table3x3::from_pattern_variants(&[cut], TransformSet::ALL, AtariFlags::Ignored)?;
    /// let same = |b| old.get_raw(Code3x3::from_bits(b)) == new.get_raw(Code3x3::from_bits(b));
    /// assert!((0..1 << 16).all(same));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[deprecated(
        since = "0.1.0",
        note = "use `from_pattern_variants`, which takes a `TransformSet` instead of `swap: bool`"
    )]
    pub fn from_patterns(
        patterns: &[Pattern],
        with_atari: bool,
        swap: bool,
    ) -> Result<Table3x3<bool>, PatternError> {
        let variants = if swap {
            TransformSet::ALL
        } else {
            TransformSet::DIHEDRAL
        };
        Table3x3::from_pattern_variants(patterns, variants, with_atari)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use go_board::Geometry;
    use go_board::{Board, PointState};

    fn random_board(seed: u64) -> Board {
        let mut board = Board::new(9).unwrap();
        let mut s = seed | 1;
        let mut color = Color::Black;
        for _ in 0..120 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let p = board.geometry().points()[(s >> 5) as usize % 81];
            if board.play(color, p).is_ok() {
                color = color.opposite();
            }
        }
        board
    }

    #[test]
    fn code_agrees_with_the_pattern_reader() {
        for seed in 1..30 {
            let board = random_board(seed * 104_729);
            for &p in board.geometry().points() {
                let code = Code3x3::with_atari(&board, p);
                assert!(code.is_possible(), "{code:?}");
                for (i, &o) in NEIGHBOURS.iter().enumerate() {
                    let q = o.from(p).filter(|&q| board.geometry().contains(q));
                    let want = q.map_or(PointState::Edge, |q| PointState::at(&board, q));
                    assert_eq!(code.neighbour(i), want);
                    if i % 2 == 0 {
                        let atari =
                            q.is_some_and(|q| board.color_at(q).is_some() && board.in_atari(q));
                        assert_eq!(code.atari(i / 2), atari);
                    }
                }
            }
        }
    }

    #[test]
    fn code_symmetries_follow_board_symmetries() {
        let board = random_board(77);
        let geo = Geometry::square(9).unwrap();
        for s in Symmetry::ALL {
            let mut turned = Board::new(9).unwrap();
            turned
                .setup(geo.points().iter().filter_map(|&p| {
                    board
                        .color_at(p)
                        .map(|c| (s.apply_point(geo, p).unwrap(), Some(c)))
                }))
                .unwrap();
            for &p in geo.points() {
                let q = s.apply_point(geo, p).unwrap();
                assert_eq!(
                    s.apply_code(Code3x3::with_atari(&board, p)),
                    Code3x3::with_atari(&turned, q),
                    "{s} at {p}"
                );
            }
        }
    }

    #[test]
    fn canonical_is_the_least_image_under_the_symmetries() {
        // go-board turns codes by ring shifts and a mirror; the
        // symmetries here by offset permutations: the same eight images.
        let mut bits = 0x2545_f491u32;
        for _ in 0..5_000 {
            bits ^= bits << 13;
            bits ^= bits >> 17;
            bits ^= bits << 5;
            let code = Code3x3::from_bits(bits);
            let least = Symmetry::ALL.iter().map(|s| s.apply_code(code)).min();
            assert_eq!(Some(code.canonical()), least, "{code:?}");
        }
    }

    #[test]
    fn rotation_is_a_cyclic_shift() {
        for bits in [0x1234u32, 0xBEEF, 0x0F0F] {
            let c = Code3x3::from_bits(bits);
            assert_eq!(
                Symmetry::Rotate270.apply_code(c).bits(),
                (bits << 4 | bits >> 12) & 0xFFFF
            );
        }
    }

    #[test]
    #[allow(deprecated)]
    fn the_old_boolean_constructor_is_the_transform_set_one() {
        let patterns: Vec<Pattern> = ["S D ?\n. * .\n? ? ?", "S D ?\nD * ?\n? ? ?"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        for (swap, set) in [(false, TransformSet::DIHEDRAL), (true, TransformSet::ALL)] {
            for with_atari in [false, true] {
                let old = Table3x3::from_patterns(&patterns, with_atari, swap).unwrap();
                let new = Table3x3::from_pattern_variants(&patterns, set, with_atari).unwrap();
                assert_eq!(old.values, new.values, "swap {swap}, atari {with_atari}");
            }
        }
    }

    #[test]
    fn tables_from_patterns_agree_with_the_matcher() {
        let patterns: Vec<Pattern> = [
            "S D ?\n. * .\n? ? ?",
            "# # #\n? * S\n? D ?",
            "? s ?\nd * s\n? d ?",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        let table = Table3x3::from_pattern_variants(
            &patterns,
            TransformSet::DIHEDRAL,
            AtariFlags::Distinguished,
        )
        .unwrap();
        let matchers: Vec<_> = patterns
            .iter()
            .map(|p| crate::Matcher::new(p, TransformSet::DIHEDRAL))
            .collect();
        for seed in 1..20 {
            let board = random_board(seed * 7);
            for &p in board.geometry().points() {
                if !board.is_empty(p) {
                    continue;
                }
                for color in Color::ALL {
                    let want = matchers.iter().any(|m| m.matches_at(&board, p, color));
                    assert_eq!(
                        table.get(Code3x3::with_atari(&board, p), color),
                        want,
                        "{p} {color:?}"
                    );
                }
            }
        }
        let bad = Pattern::new([(Offset::new(2, 0), Cell::Own)], crate::Anchor::Origin).unwrap();
        assert_eq!(
            Table3x3::from_pattern_variants(&[bad], TransformSet::DIHEDRAL, AtariFlags::Ignored)
                .unwrap_err(),
            PatternError::Not3x3
        );
    }
}
