//! The retrograde judge of small graphs: the eye games' retrograde solver
//! (`crate::eye_game::solve`) from the roots of the graph, once per ko
//! master, on first use.

use super::EyeGraphError;
use super::judge::Judge;
use super::rules::{Rules, State};
use crate::eye_game::{KoMaster, SOLVE_MAX_POINTS, Solution, solve};

/// Graphs up to this size are solved by retrograde analysis of every
/// reachable state (at most about 40 ms); bigger ones by df-pn.
pub(super) const RETROGRADE_MAX_POINTS: usize = 9;

const _: () = assert!(RETROGRADE_MAX_POINTS <= SOLVE_MAX_POINTS);

/// Retrograde analysis from the roots, per ko master on first use.
pub(super) struct Retrograde<'r> {
    rules: &'r Rules,
    roots: Vec<State>,
    solutions: [Option<Solution>; 2],
}

impl<'r> Retrograde<'r> {
    /// A judge of the states reachable from `roots`, solved on first use.
    pub(super) fn new(rules: &'r Rules, roots: Vec<State>) -> Retrograde<'r> {
        Retrograde {
            rules,
            roots,
            solutions: [None, None],
        }
    }
}

impl Judge for Retrograde<'_> {
    fn attacker_wins(&mut self, s: State, master: KoMaster) -> Result<bool, EyeGraphError> {
        let k = usize::from(master == KoMaster::Defender);
        let (rules, roots) = (self.rules, &self.roots);
        let solution = self.solutions[k].get_or_insert_with(|| solve(rules, roots, master));
        // Unreached states (kos whose ban binds no one) are looked up
        // without the ban.
        Ok(solution
            .attacker_wins(s)
            .or_else(|| solution.attacker_wins(State { ko: 0, ..s }))
            .unwrap_or(false))
    }
}
