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

/// Positions on the current line, root first.
#[derive(Debug, Default)]
pub(crate) struct Path {
    hashes: Vec<u64>,
    key: u64,
}

/// "Depends on no position of the line above the node."
pub(crate) const NO_REPETITION: u32 = u32::MAX;

impl Path {
    pub(crate) fn clear(&mut self) {
        self.hashes.clear();
        self.key = 0;
    }

    #[inline]
    pub(crate) fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        self.key = self.key.wrapping_add(mix(hash));
    }

    #[inline]
    pub(crate) fn pop(&mut self) {
        if let Some(h) = self.hashes.pop() {
            self.key = self.key.wrapping_sub(mix(h));
        }
    }

    /// Index on the line of an earlier occurrence of `hash`.
    #[inline]
    pub(crate) fn find(&self, hash: u64) -> Option<u32> {
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

/// A small fast hasher for move keys (history heuristic).
pub(crate) fn hash_of<T: core::hash::Hash>(value: &T) -> u64 {
    use core::hash::Hasher;
    struct Fx(u64);
    impl Hasher for Fx {
        fn finish(&self) -> u64 {
            mix(self.0)
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
            }
        }
        fn write_u64(&mut self, n: u64) {
            self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        fn write_u32(&mut self, n: u32) {
            self.write_u64(u64::from(n));
        }
        fn write_usize(&mut self, n: usize) {
            self.write_u64(n as u64);
        }
    }
    let mut h = Fx(0);
    value.hash(&mut h);
    h.finish()
}
