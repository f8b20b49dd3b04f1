//! Random numbers for simulations: the [`Rng`] trait that the search and
//! its playout policies share, and [`Pcg32`], go-board's generator (the
//! workspace's one), re-exported.

/// A seedable random-number generator, as a [`Playout`](crate::Playout)
/// policy draws from it: each search thread gets one, seeded from
/// [`SearchOptions::seed`](crate::SearchOptions::seed), so a search on one
/// thread with a seed is reproducible.
///
/// A policy names its generator ([`Playout::Rng`](crate::Playout::Rng)):
/// [`RandomPlayout`](crate::RandomPlayout) and the Go playouts use
/// [`Pcg32`], go-board's generator.
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

/// The workspace's one generator, go-board's PCG-XSH-RR 64/32 (O'Neill,
/// 2014), re-exported: the generic core's [`RandomPlayout`](crate::RandomPlayout)
/// and the Go playouts draw from it, so a seeded search gives the same
/// results with or without the `go` feature.
///
/// ```
/// use go_mcts::{Pcg32, Rng};
/// let mut a = Pcg32::seeded(42);
/// let mut b = Pcg32::new(42);
/// assert_eq!(a.next_u32(), b.next_u32());
/// ```
pub use go_board::Pcg32;

impl Rng for Pcg32 {
    fn seeded(seed: u64) -> Pcg32 {
        Pcg32::new(seed)
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        Pcg32::next_u32(self)
    }

    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        Pcg32::below(self, n)
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

    /// The stream the seeded searches and the Monte-Carlo baseline
    /// (regress/mcts-baseline.toml) were measured with: the core's own
    /// generator before it became go-board's, number for number.
    #[test]
    fn the_generator_keeps_its_seeded_stream() {
        for seed in [0, 1, 42, u64::MAX] {
            let (mut ours, mut old) = (Pcg32::seeded(seed), OldPcg32::seeded(seed));
            for n in 1..2_000 {
                assert_eq!(ours.next_u32(), old.next_u32());
                assert_eq!(ours.below(n), old.below(n));
            }
        }
    }

    /// go-mcts's former generator, kept here as the reference stream.
    struct OldPcg32 {
        state: u64,
    }

    impl OldPcg32 {
        const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
        const INCREMENT: u64 = 1_442_695_040_888_963_407;

        fn step(&mut self) {
            self.state = self
                .state
                .wrapping_mul(Self::MULTIPLIER)
                .wrapping_add(Self::INCREMENT);
        }
    }

    impl Rng for OldPcg32 {
        fn seeded(seed: u64) -> OldPcg32 {
            let mut rng = OldPcg32 { state: 0 };
            rng.step();
            rng.state = rng.state.wrapping_add(seed);
            rng.step();
            rng
        }

        fn next_u32(&mut self) -> u32 {
            let old = self.state;
            self.step();
            let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
            let rot = (old >> 59) as u32;
            xorshifted.rotate_right(rot)
        }
    }
}
