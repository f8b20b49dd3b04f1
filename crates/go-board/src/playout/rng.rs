//! A small, fast, seedable random number generator for playouts: the
//! workspace's one generator (go-mcts re-exports it, go-gtp's random
//! player and the peer-test generators draw from it); and [`SplitMix64`],
//! the workspace's one source of fixed keys (go-board's Zobrist keys,
//! go-patterns's spatial pattern hashes, xtask's match seeds).

use std::hash::{BuildHasher, Hasher};

/// PCG-XSH-RR 64/32 (O'Neill, 2014): 64 bits of state, 32-bit outputs,
/// about a nanosecond per number, and good statistical quality — enough
/// for Monte-Carlo playouts, not for cryptography.
///
/// The same seed always gives the same sequence, so playouts are
/// reproducible.
///
/// ```
/// use go_board::Pcg32;
/// let mut a = Pcg32::new(42);
/// let mut b = Pcg32::new(42);
/// assert_eq!(a.next_u32(), b.next_u32());
/// let die = a.below(6);
/// assert!(die < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg32 {
    state: u64,
}

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
const INCREMENT: u64 = 1_442_695_040_888_963_407;

impl Pcg32 {
    /// A generator seeded with `seed` (any value, zero included).
    ///
    /// ```
    /// use go_board::Pcg32;
    /// assert_ne!(Pcg32::new(1).next_u32(), Pcg32::new(2).next_u32());
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Pcg32 {
        let mut rng = Pcg32 { state: 0 };
        rng.step();
        rng.state = rng.state.wrapping_add(seed);
        rng.step();
        rng
    }

    /// A generator seeded differently in every run: from the standard
    /// library's per-process random keys and the clock (not for
    /// cryptography).
    ///
    /// ```
    /// use go_board::Pcg32;
    /// let seed = Pcg32::from_entropy().next_u64();
    /// let mut rng = Pcg32::new(seed); // reproducible from here on
    /// assert!(rng.below(6) < 6);
    /// ```
    #[must_use]
    pub fn from_entropy() -> Pcg32 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        Pcg32::new(hasher.finish())
    }

    #[inline]
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT);
    }

    /// The next 32 random bits.
    ///
    /// ```
    /// use go_board::Pcg32;
    /// let mut rng = Pcg32::new(7);
    /// let x = rng.next_u32();
    /// assert_ne!(x, rng.next_u32());
    /// ```
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.step();
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// The next 64 random bits: two 32-bit outputs, the first in the high
    /// half (seeds for other generators, hashes).
    ///
    /// ```
    /// use go_board::Pcg32;
    /// let (mut a, mut b) = (Pcg32::new(5), Pcg32::new(5));
    /// let high = u64::from(b.next_u32());
    /// assert_eq!(a.next_u64(), high << 32 | u64::from(b.next_u32()));
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let high = u64::from(self.next_u32());
        high << 32 | u64::from(self.next_u32())
    }

    /// A uniformly distributed number in `0..n`, without modulo bias
    /// (Lemire's multiply-and-reject method).
    ///
    /// # Panics
    /// If `n` is zero.
    ///
    /// ```
    /// use go_board::Pcg32;
    /// let mut rng = Pcg32::new(3);
    /// assert!((0..1000).all(|_| rng.below(10) < 10));
    /// ```
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Pcg32::below(0)");
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            // Rare: reject the few low values that would bias the result.
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter passed
/// through a strong bijective mixer. The workspace draws its *fixed* keys
/// from it — Zobrist keys at compile time, pattern hashes, seeds derived
/// from a game's number — where the sequence itself is part of a format
/// and must never change; playouts draw from [`Pcg32`].
///
/// ```
/// use go_board::SplitMix64;
/// let mut keys = SplitMix64::new(0);
/// assert_eq!(keys.next_u64(), 0xe220_a839_7b1d_cdaf); // the reference sequence
/// assert_eq!(SplitMix64::mix(0), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The counter's step (the golden ratio's fraction, 2^64 / φ).
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A sequence starting after `seed`.
    ///
    /// ```
    /// use go_board::SplitMix64;
    /// assert_ne!(SplitMix64::new(1).next_u64(), SplitMix64::new(2).next_u64());
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 bits: the mixer of the counter advanced one step.
    ///
    /// ```
    /// use go_board::SplitMix64;
    /// let mut keys = SplitMix64::new(7);
    /// assert_eq!(keys.next_u64(), SplitMix64::mix(7u64.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    /// ```
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        Self::mix(self.state)
    }

    /// SplitMix64's mixer alone: a bijection of 64-bit words whose every
    /// output bit depends on every input bit (for hashing a few numbers
    /// into a key).
    ///
    /// ```
    /// use go_board::SplitMix64;
    /// assert_ne!(SplitMix64::mix(1), SplitMix64::mix(2));
    /// ```
    #[inline]
    #[must_use]
    pub const fn mix(x: u64) -> u64 {
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = Pcg32::new(12345);
        let mut counts = [0u32; 7];
        let draws = 70_000;
        for _ in 0..draws {
            counts[rng.below(7) as usize] += 1;
        }
        // Each bucket expects 10,000; 5 standard deviations is about 470.
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn below_one_is_zero() {
        let mut rng = Pcg32::new(0);
        assert!((0..100).all(|_| rng.below(1) == 0));
    }
}
