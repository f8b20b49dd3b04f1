//! [`Stats`]: counters every engine reports.

use std::time::Duration;

/// What a search did. Counters an engine does not use stay zero.
///
/// ```
/// use go_search::Stats;
/// let s = Stats::default();
/// assert_eq!(s.nodes, 0);
/// assert_eq!(s.nodes_per_second(), 0.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited (positions entered by the search).
    pub nodes: u64,
    /// Transposition-table probes that found a usable entry.
    pub tt_hits: u64,
    /// Beta cut-offs (alpha-beta, GTS) or threshold exits (df-pn).
    pub cutoffs: u64,
    /// Deepest completed iteration (alpha-beta, GTS order) or deepest ply reached (PN, df-pn).
    pub depth: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Stats {
    /// Nodes per second (0 if no time was measured).
    ///
    /// ```
    /// use std::time::Duration;
    /// use go_search::Stats;
    /// let s = Stats { nodes: 1000, elapsed: Duration::from_secs(2), ..Stats::default() };
    /// assert_eq!(s.nodes_per_second(), 500.0);
    /// ```
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let t = self.elapsed.as_secs_f64();
        if t > 0.0 { self.nodes as f64 / t } else { 0.0 }
    }
}
