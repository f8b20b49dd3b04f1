//! The workspace's fast hasher for memos and tables keyed by small integers
//! (positions' hash keys, shapes, moves): a multiply-rotate hash in the style of
//! rustc's FxHash, finished by SplitMix64's mixer ([`SplitMix64::mix`]) so that
//! the low bits are usable. Deterministic, and not resistant to chosen keys: for
//! memos of a search, not for data a peer sends.
//!
//! ```
//! use go_board::hash::FastMap;
//! let mut memo: FastMap<(u64, bool), i32> = FastMap::default();
//! memo.insert((0x1234, true), 7);
//! assert_eq!(memo.get(&(0x1234, true)), Some(&7));
//! ```

use core::hash::{BuildHasherDefault, Hasher};
use std::collections::{HashMap, HashSet};

use crate::SplitMix64;

/// The multiplier of each step (FxHash's).
const K: u64 = 0x517c_c1b7_2722_0a95;

/// A fast, deterministic [`Hasher`] (see the module docs).
///
/// ```
/// use core::hash::Hasher;
/// use go_board::hash::FastHasher;
/// let mut a = FastHasher::default();
/// a.write_u64(42);
/// let mut b = FastHasher::default();
/// b.write_u64(42);
/// assert_eq!(a.finish(), b.finish());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        SplitMix64::mix(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Builds [`FastHasher`]s.
///
/// ```
/// use core::hash::BuildHasher;
/// use go_board::hash::FastBuildHasher;
/// let build = FastBuildHasher::default();
/// assert_eq!(build.hash_one(7u64), build.hash_one(7u64));
/// ```
pub type FastBuildHasher = BuildHasherDefault<FastHasher>;

/// A [`HashMap`] with the [`FastHasher`] (create it with `FastMap::default()`).
///
/// ```
/// use go_board::hash::FastMap;
/// let mut m: FastMap<u32, &str> = FastMap::default();
/// m.insert(1, "one");
/// assert_eq!(m[&1], "one");
/// ```
pub type FastMap<K, V> = HashMap<K, V, FastBuildHasher>;

/// A [`HashSet`] with the [`FastHasher`] (create it with `FastSet::default()`).
///
/// ```
/// use go_board::hash::FastSet;
/// let mut s: FastSet<u64> = FastSet::default();
/// assert!(s.insert(3) && !s.insert(3));
/// ```
pub type FastSet<T> = HashSet<T, FastBuildHasher>;

/// The [`FastHasher`] hash of `value`.
///
/// ```
/// use go_board::hash::hash_of;
/// assert_eq!(hash_of(&(1u32, 2u8)), hash_of(&(1u32, 2u8)));
/// assert_ne!(hash_of(&1u64), hash_of(&2u64));
/// ```
#[must_use]
pub fn hash_of<T: core::hash::Hash + ?Sized>(value: &T) -> u64 {
    let mut h = FastHasher::default();
    value.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hashes are fixed: tables and memos keyed through them, and the
    /// order a map of them iterates in, do not change from build to build.
    #[test]
    fn hashes_are_the_recorded_values() {
        let mut h = FastHasher::default();
        h.write_u64(42);
        let step = 42u64.wrapping_mul(K);
        assert_eq!(h.finish(), SplitMix64::mix(step));
        assert_eq!(hash_of(&42u64), SplitMix64::mix(step));
        assert_eq!(FastHasher::default().finish(), 0);
    }
}
