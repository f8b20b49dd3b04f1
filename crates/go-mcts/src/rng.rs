//! Random numbers for simulations: the [`Rng`] trait that the search and
//! its playout policies share, and [`Pcg32`], the generic core's own
//! generator.

/// A seedable random-number generator, as a [`Playout`](crate::Playout)
/// policy draws from it: each search thread gets one, seeded from
/// [`SearchOptions::seed`](crate::SearchOptions::seed), so a search on one
/// thread with a seed is reproducible.
///
/// A policy names its generator ([`Playout::Rng`](crate::Playout::Rng)):
/// [`RandomPlayout`](crate::RandomPlayout) uses [`Pcg32`]; with the `go`
/// feature, `go_board::Pcg32` implements the trait too (the Go playouts
/// of go-board draw from it).
///
/// ```
/// use go_mcts::{Pcg32, Rng};
///
/// fn roll<R: Rng>(rng: &mut R) -> u32 {
///     rng.below(6) + 1
/// }
/// let mut rng = Pcg32::seeded(7);
/// assert!((1..=6).contains(&roll(&mut rng)));
/// ```
pub trait Rng {
    /// A generator seeded with `seed` (any value, zero included): the
    /// same seed gives the same numbers.
    fn seeded(seed: u64) -> Self
    where
        Self: Sized;

    /// The next 32 random bits.
    fn next_u32(&mut self) -> u32;

    /// A uniformly distributed number in `0..n`, without modulo bias
    /// (Lemire's multiply-and-reject method).
    ///
    /// # Panics
    /// If `n` is zero.
    ///
    /// ```
    /// use go_mcts::{Pcg32, Rng};
    /// let mut rng = Pcg32::seeded(3);
    /// assert!((0..1000).all(|_| rng.below(10) < 10));
    /// ```
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
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

/// PCG-XSH-RR 64/32 (O'Neill, 2014): 64 bits of state, 32-bit outputs,
/// fast and of good statistical quality for simulations (not for
/// cryptography).
///
/// The same generator as go-board's `Pcg32`, number for number from the
/// same seed, so that the generic core needs no go-board and a search
/// gives the same results with or without the `go` feature.
///
/// ```
/// use go_mcts::{Pcg32, Rng};
/// let mut a = Pcg32::seeded(42);
/// let mut b = Pcg32::seeded(42);
/// assert_eq!(a.next_u32(), b.next_u32());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg32 {
    state: u64,
}

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
const INCREMENT: u64 = 1_442_695_040_888_963_407;

impl Pcg32 {
    #[inline]
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT);
    }
}

impl Rng for Pcg32 {
    fn seeded(seed: u64) -> Pcg32 {
        let mut rng = Pcg32 { state: 0 };
        rng.step();
        rng.state = rng.state.wrapping_add(seed);
        rng.step();
        rng
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.step();
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }
}

/// go-board's generator, which its playouts (and so go-mcts's Go player)
/// draw from.
#[cfg(feature = "go")]
impl Rng for go_board::Pcg32 {
    fn seeded(seed: u64) -> go_board::Pcg32 {
        go_board::Pcg32::new(seed)
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        go_board::Pcg32::next_u32(self)
    }

    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        go_board::Pcg32::below(self, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = Pcg32::seeded(12345);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[rng.below(7) as usize] += 1;
        }
        // Each bucket expects 10,000; 5 standard deviations is about 470.
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[cfg(feature = "go")]
    #[test]
    fn the_core_generator_is_go_boards_number_for_number() {
        for seed in [0, 1, 42, u64::MAX] {
            let mut ours = Pcg32::seeded(seed);
            let mut theirs = go_board::Pcg32::new(seed);
            for n in 1..2_000 {
                assert_eq!(ours.next_u32(), theirs.next_u32());
                assert_eq!(ours.below(n), theirs.below(n));
            }
        }
    }
}
