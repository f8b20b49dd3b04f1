//! The current line from the search root: repetition detection and a key for the set of
//! positions on it (for path-dependent transposition entries, after Kishimoto & Müller).

/// Mixes a position hash so that sums of mixed hashes do not inherit the XOR structure of
/// Zobrist keys.
#[inline]
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The hash of `value` by the workspace's fast hasher, `go_board::hash::hash_of`
/// (FxHash's steps, finished by [`mix`]): the same values, kept here for the
/// engines' core, which does not depend on go-board.
pub(crate) fn hash_of<T: core::hash::Hash + ?Sized>(value: &T) -> u64 {
    struct Steps(u64);
    impl core::hash::Hasher for Steps {
        fn finish(&self) -> u64 {
            mix(self.0)
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
            self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        fn write_usize(&mut self, n: usize) {
            self.write_u64(n as u64);
        }
    }
    let mut h = Steps(0);
    value.hash(&mut h);
    core::hash::Hasher::finish(&h)
}

/// The line's filter has `2^FILTER_BITS` counters.
const FILTER_BITS: u32 = 10;

/// Positions on the current line, root first.
#[derive(Debug)]
pub(crate) struct Path {
    hashes: Vec<u64>,
    key: u64,
    /// How many positions of the line fall in each counter (by [`Path::counter`]): a
    /// position whose counter is zero is not on the line, so most
    /// [`find`](Path::find)s end without a walk along the line.
    filter: Box<[u32; 1 << FILTER_BITS]>,
}

impl Default for Path {
    fn default() -> Self {
        Path {
            hashes: Vec::new(),
            key: 0,
            filter: Box::new([0; 1 << FILTER_BITS]),
        }
    }
}

/// "Depends on no position of the line above the node."
pub(crate) const NO_REPETITION: u32 = u32::MAX;

impl Path {
    /// The filter counter of `hash` (its top bits after a multiplicative mix, so weak
    /// hashes spread too).
    #[inline]
    fn counter(hash: u64) -> usize {
        (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - FILTER_BITS)) as usize
    }

    pub(crate) fn clear(&mut self) {
        for &h in &self.hashes {
            self.filter[Self::counter(h)] -= 1;
        }
        self.hashes.clear();
        self.key = 0;
    }

    #[inline]
    pub(crate) fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        self.filter[Self::counter(hash)] += 1;
        self.key = self.key.wrapping_add(mix(hash));
    }

    #[inline]
    pub(crate) fn pop(&mut self) {
        if let Some(h) = self.hashes.pop() {
            self.filter[Self::counter(h)] -= 1;
            self.key = self.key.wrapping_sub(mix(h));
        }
    }

    /// Index on the line of the last occurrence of `hash`.
    #[inline]
    pub(crate) fn find(&self, hash: u64) -> Option<u32> {
        if self.filter[Self::counter(hash)] == 0 {
            return None;
        }
        self.hashes
            .iter()
            .rposition(|&h| h == hash)
            .map(|i| i as u32)
    }

    /// The deepest position on the line.
    #[inline]
    pub(crate) fn last(&self) -> Option<u64> {
        self.hashes.last().copied()
    }

    /// Number of positions on the line.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        self.hashes.len() as u32
    }

    /// Order-independent key of the set of positions on the line: a result that depends on
    /// the line depends only on this set.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The core's copy of the fast hasher gives go-board's values.
    #[cfg(feature = "go")]
    #[test]
    fn hash_of_is_go_boards() {
        for v in [0u64, 1, 42, u64::MAX] {
            assert_eq!(hash_of(&v), go_board::hash::hash_of(&v));
            assert_eq!(hash_of(&(v, true)), go_board::hash::hash_of(&(v, true)));
            assert_eq!(hash_of(&(v as u32)), go_board::hash::hash_of(&(v as u32)));
        }
        assert_eq!(hash_of("ko"), go_board::hash::hash_of("ko"));
        assert_eq!(mix(12345), go_board::SplitMix64::mix(12345));
    }

    /// `find` answers as a walk along the whole line would, through pushes, pops and
    /// clears, with many hashes sharing filter counters.
    #[test]
    fn find_agrees_with_a_walk_along_the_line() {
        let mut path = Path::default();
        let mut line: Vec<u64> = Vec::new();
        let mut x = 12_345u64;
        for step in 0..20_000u32 {
            x = mix(x.wrapping_add(u64::from(step)));
            // Few distinct values, so repetitions and shared counters are common.
            let hash = x % 3_000;
            if step % 5_000 == 4_999 {
                path.clear();
                line.clear();
            } else if x % 7 < 2 {
                path.pop();
                line.pop();
            } else {
                path.push(hash);
                line.push(hash);
            }
            let probe = mix(x) % 3_000;
            let want = line.iter().rposition(|&h| h == probe).map(|i| i as u32);
            assert_eq!(path.find(probe), want, "step {step}");
            assert_eq!(path.len() as usize, line.len());
        }
    }
}
