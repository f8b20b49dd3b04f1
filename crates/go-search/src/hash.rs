//! Deprecated: the workspace's fast hasher lives in go-board, as
//! [`go_board::hash`], so that every crate shares one. These aliases keep old
//! paths working.
//!
//! ```
//! use go_board::hash::FastMap;
//! let mut memo: FastMap<(u64, bool), i32> = FastMap::default();
//! memo.insert((0x1234, true), 7);
//! assert_eq!(memo.get(&(0x1234, true)), Some(&7));
//! ```

/// Deprecated alias of [`go_board::hash::FastHasher`].
///
/// ```
/// #![allow(deprecated)]
/// use core::hash::Hasher;
/// let mut a = go_search::hash::FastHasher::default();
/// a.write_u64(42);
/// assert_eq!(a.finish(), go_board::hash::hash_of(&42u64));
/// ```
#[deprecated(since = "0.1.0", note = "use `go_board::hash::FastHasher`")]
pub type FastHasher = go_board::hash::FastHasher;

/// Deprecated alias of [`go_board::hash::FastBuildHasher`].
///
/// ```
/// #![allow(deprecated)]
/// let _build = go_search::hash::FastBuildHasher::default();
/// ```
#[deprecated(since = "0.1.0", note = "use `go_board::hash::FastBuildHasher`")]
pub type FastBuildHasher = go_board::hash::FastBuildHasher;

/// Deprecated alias of [`go_board::hash::FastMap`].
///
/// ```
/// #![allow(deprecated)]
/// let mut m: go_search::hash::FastMap<u32, u32> = Default::default();
/// m.insert(1, 2);
/// assert_eq!(m[&1], 2);
/// ```
#[deprecated(since = "0.1.0", note = "use `go_board::hash::FastMap`")]
pub type FastMap<K, V> = go_board::hash::FastMap<K, V>;

/// Deprecated alias of [`go_board::hash::FastSet`].
///
/// ```
/// #![allow(deprecated)]
/// let mut s: go_search::hash::FastSet<u32> = Default::default();
/// assert!(s.insert(1));
/// ```
#[deprecated(since = "0.1.0", note = "use `go_board::hash::FastSet`")]
pub type FastSet<T> = go_board::hash::FastSet<T>;

/// Deprecated: [`go_board::hash::hash_of`].
///
/// ```
/// #![allow(deprecated)]
/// assert_eq!(go_search::hash::hash_of(&1u64), go_board::hash::hash_of(&1u64));
/// ```
#[deprecated(since = "0.1.0", note = "use `go_board::hash::hash_of`")]
#[must_use]
pub fn hash_of<T: core::hash::Hash + ?Sized>(value: &T) -> u64 {
    go_board::hash::hash_of(value)
}
