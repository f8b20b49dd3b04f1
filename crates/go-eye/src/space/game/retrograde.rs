//! The retrograde solver: attacker wins of every state reachable from
//! the roots of a small graph, over a dense index of its states.

use super::EyeGraphError;
use super::judge::Judge;
use super::rules::{Play, Rules, Side, State, bits};
use crate::eye_game::KoMaster;
use crate::retrograde::TERNARY;

/// Graphs up to this size are solved by retrograde analysis of every
/// reachable state (at most about 40 ms); bigger ones by df-pn.
pub(super) const RETROGRADE_MAX_POINTS: usize = 9;

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
        Ok(solution.wins_reached(s))
    }
}

/// Attacker wins of every state reachable from the roots, with one ko master.
struct Solution {
    ids: Dense,
    win: Vec<bool>,
}

/// A dense index of the states of a graph of up to
/// [`RETROGRADE_MAX_POINTS`] points: contents in base 3, then outside
/// liberties, external eye, side to move and ko point.
struct Dense {
    n: usize,
    libs: usize,
    slots: Vec<u32>,
}

impl Dense {
    fn new(n: usize, libs: u8) -> Dense {
        let libs = usize::from(libs);
        let size = 3usize.pow(n as u32) * (libs + 1) * 4 * (n + 1);
        Dense {
            n,
            libs,
            slots: vec![u32::MAX; size],
        }
    }

    #[inline]
    fn key(&self, s: State) -> usize {
        // Base 3 over up to 16 points: low byte, then high byte times 3^8.
        let tern = |m: u16| {
            usize::from(TERNARY[usize::from(m & 0xff)])
                + 6561 * usize::from(TERNARY[usize::from(m >> 8)])
        };
        let t = tern(s.a) + 2 * tern(s.d);
        let ko = if s.ko == 0 {
            0
        } else {
            s.ko.trailing_zeros() as usize + 1
        };
        let side = usize::from(s.side == Side::Defender);
        (((t * (self.libs + 1) + usize::from(s.libs)) * 2 + usize::from(s.eye)) * 2 + side)
            * (self.n + 1)
            + ko
    }

    #[inline]
    fn get(&self, s: State) -> Option<u32> {
        self.slots
            .get(self.key(s))
            .copied()
            .filter(|&i| i != u32::MAX)
    }
}

impl Solution {
    /// Whether the attacker wins from a reached state; unreached states
    /// (kos whose ban binds no one) are looked up without the ban.
    fn wins_reached(&self, s: State) -> bool {
        match self.ids.get(s) {
            Some(i) => self.win[i as usize],
            None => self
                .ids
                .get(State { ko: 0, ..s })
                .is_some_and(|i| self.win[i as usize]),
        }
    }
}

fn solve(game: &Rules, roots: &[State], master: KoMaster) -> Solution {
    let libs = roots.iter().map(|r| r.libs).max().unwrap_or(0);
    let mut ids = Dense::new(game.n, libs);
    let mut states: Vec<State> = Vec::new();
    let intern = |s: State, ids: &mut Dense, states: &mut Vec<State>| {
        let k = ids.key(s);
        if ids.slots[k] == u32::MAX {
            ids.slots[k] = states.len() as u32;
            states.push(s);
        }
        ids.slots[k]
    };
    for &r in roots {
        intern(r, &mut ids, &mut states);
    }
    let mut succ_start: Vec<u32> = vec![0];
    let mut succ: Vec<u32> = Vec::new();
    let mut immediate: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        let mut won = false;
        let empty = game.full & !s.a & !s.d;
        match s.side {
            Side::Attacker => {
                // Fill an outside liberty (the external eye only to capture).
                if s.libs > 0 {
                    let t = State {
                        libs: s.libs - 1,
                        ko: 0,
                        side: Side::Defender,
                        ..s
                    };
                    succ.push(intern(t, &mut ids, &mut states));
                } else if s.eye && game.wall_libs(s.a, s.d) == 0 {
                    won = true;
                }
                if !s.eye && s.libs == 1 && game.wall_libs(s.a, s.d) == 0 {
                    won = true;
                }
                for p in bits(empty) {
                    if p == s.ko && master.bans(Side::Attacker) {
                        continue;
                    }
                    match game.play(Side::Attacker, s, p) {
                        Play::Illegal => {}
                        Play::WallCaptured => won = true,
                        Play::To { a, d, ko } => {
                            // The ko point is kept only if it binds the defender.
                            let ko = if master.bans(Side::Defender) { ko } else { 0 };
                            let t = State {
                                a,
                                d,
                                ko,
                                side: Side::Defender,
                                ..s
                            };
                            succ.push(intern(t, &mut ids, &mut states));
                        }
                    }
                }
            }
            Side::Defender => {
                let pass = State {
                    ko: 0,
                    side: Side::Attacker,
                    ..s
                };
                succ.push(intern(pass, &mut ids, &mut states));
                for p in bits(empty) {
                    if p == s.ko && master.bans(Side::Defender) {
                        continue;
                    }
                    if let Play::To { a, d, ko } = game.play(Side::Defender, s, p) {
                        let ko = if master.bans(Side::Attacker) { ko } else { 0 };
                        let t = State {
                            a,
                            d,
                            ko,
                            side: Side::Attacker,
                            ..s
                        };
                        succ.push(intern(t, &mut ids, &mut states));
                    }
                }
            }
        }
        immediate.push(won);
        succ_start.push(succ.len() as u32);
        i += 1;
    }
    let _ = game.n;
    let win = crate::retrograde::attacker_wins(&succ_start, &succ, &immediate, |p| {
        states[p].side == Side::Attacker
    });
    Solution { ids, win }
}
