//! [`OptionsError`]: options an engine refuses to be built with, and [`MAX_TT_BITS`].

/// The largest transposition table an engine builds: `2^MAX_TT_BITS` entries, 1.5 GiB at
/// the 24 bytes of an alpha-beta or df-pn entry (a [`Reader`](crate::tactics::Reader)
/// has three tables). The engines' defaults use 18 bits (6 MiB), the reader's 14.
///
/// ```
/// use go_search::{AlphaBeta, AlphaBetaOptions, MAX_TT_BITS, toys::Nim};
/// // `new` clamps, `try_new` refuses.
/// let options = AlphaBetaOptions::default().with_tt_bits(MAX_TT_BITS + 1);
/// assert!(AlphaBeta::<Nim>::try_new(options).is_err());
/// ```
pub const MAX_TT_BITS: u32 = 26;

/// Why an engine refused its options (the `try_new` constructors; `new` clamps instead,
/// as each documents).
///
/// ```
/// use go_search::{Dfpn, DfpnOptions, OptionsError, toys::Nim};
/// let options = DfpnOptions::default().with_tt_bits(63);
/// assert_eq!(Dfpn::<Nim>::try_new(options).err(), Some(OptionsError::TtBits(63)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// A transposition table of `2^bits` entries: `bits` must be 1 to [`MAX_TT_BITS`].
    #[error(
        "tt_bits {0} is out of range: a transposition table has 2^1 to 2^{MAX_TT_BITS} entries"
    )]
    TtBits(u32),
    /// The transposition table of `2^bits` entries could not be allocated.
    #[error("cannot allocate a transposition table of 2^{0} entries")]
    TableAllocation(u32),
    /// A node budget of 0, with which every search would stop before its first node.
    #[error("a node budget of 0 leaves nothing to search")]
    ZeroNodes,
}

/// Checks `tt_bits` against the allowed range.
pub(crate) fn check_tt_bits(bits: u32) -> Result<u32, OptionsError> {
    if (1..=MAX_TT_BITS).contains(&bits) {
        Ok(bits)
    } else {
        Err(OptionsError::TtBits(bits))
    }
}

/// Builds the biggest table it can of at most `2^bits` entries, `bits` clamped to the
/// allowed range: `try_build` at `bits`, then one bit fewer at a time while the
/// allocation fails, and `build` (which aborts if even that fails, as any allocation
/// would) at one bit. The table and its bits.
pub(crate) fn largest_table<T, E>(
    bits: u32,
    try_build: impl Fn(u32) -> Result<T, E>,
    build: impl FnOnce(u32) -> T,
) -> (T, u32) {
    let mut bits = bits.clamp(1, MAX_TT_BITS);
    while bits > 1 {
        if let Ok(table) = try_build(bits) {
            return (table, bits);
        }
        bits -= 1;
    }
    (build(1), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_bits_outside_one_to_the_maximum_are_refused() {
        assert_eq!(check_tt_bits(0), Err(OptionsError::TtBits(0)));
        assert_eq!(check_tt_bits(1), Ok(1));
        assert_eq!(check_tt_bits(MAX_TT_BITS), Ok(MAX_TT_BITS));
        assert_eq!(
            check_tt_bits(MAX_TT_BITS + 1),
            Err(OptionsError::TtBits(MAX_TT_BITS + 1))
        );
    }

    #[test]
    fn largest_table_clamps_then_lowers_while_allocation_fails() {
        // A pretend allocator that manages at most 2^12 entries.
        let try_build = |bits: u32| if bits <= 12 { Ok(bits) } else { Err(()) };
        assert_eq!(largest_table(63, try_build, |b| b), (12, 12));
        assert_eq!(largest_table(10, try_build, |b| b), (10, 10));
        assert_eq!(largest_table(0, try_build, |b| b), (1, 1));
        // Nothing fits: the one-bit table is built the infallible way.
        let never = |_: u32| Err::<u32, ()>(());
        assert_eq!(largest_table(20, never, |b| b + 100), (101, 1));
        // Clamped before the first try: no attempt above the maximum.
        let at_most_max = |bits: u32| {
            assert!(bits <= MAX_TT_BITS);
            Ok::<u32, ()>(bits)
        };
        assert_eq!(largest_table(40, at_most_max, |b| b).1, MAX_TT_BITS);
    }
}
