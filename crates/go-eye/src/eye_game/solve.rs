//! The retrograde solver of the local eye game: attacker wins of every
//! state reachable from some roots, over a dense index of the states.

use super::mask::{Mask, bits};
use super::rules::{Play, Rules};
use super::{KoMaster, Side};
use crate::retrograde::TERNARY;

/// Most points of an eye the dense index takes (3^9 contents).
pub(crate) const SOLVE_MAX_POINTS: usize = 9;

/// A state of the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State<M> {
    /// The attacker's stones.
    pub(crate) a: M,
    /// The defender's stones.
    pub(crate) d: M,
    /// Outside liberties of the wall.
    pub(crate) libs: u8,
    /// The point the side to move may not take (empty for none).
    pub(crate) ko: M,
    /// Whether the wall has an external eye.
    pub(crate) eye: bool,
    /// The side to move.
    pub(crate) side: Side,
}

impl<M: Mask> State<M> {
    /// `side` plays the point `p` (a bit) from this state.
    #[inline]
    pub(crate) fn play(self, rules: &Rules<M>, side: Side, p: M) -> Play<M> {
        rules.play(side, self.a, self.d, self.libs, self.eye, p)
    }
}

/// A dense index of the states of an eye of up to [`SOLVE_MAX_POINTS`]
/// points: contents in base 3, then outside liberties, external eye, side
/// to move and ko point.
struct Dense {
    n: usize,
    libs: usize,
    slots: Vec<u32>,
}

impl Dense {
    fn new(n: usize, libs: u8) -> Dense {
        assert!(n <= SOLVE_MAX_POINTS, "{n} points for a dense index");
        let libs = usize::from(libs);
        let size = 3usize.pow(n as u32) * (libs + 1) * 4 * (n + 1);
        Dense {
            n,
            libs,
            slots: vec![u32::MAX; size],
        }
    }

    #[inline]
    fn key<M: Mask>(&self, s: State<M>) -> usize {
        // Base 3 over up to 16 points: low byte, then high byte times 3^8.
        let tern = |m: M| {
            let m = m.index();
            usize::from(TERNARY[m & 0xff]) + 6561 * usize::from(TERNARY[m >> 8])
        };
        let t = tern(s.a) + 2 * tern(s.d);
        let ko = if s.ko == M::ZERO { 0 } else { s.ko.first() + 1 };
        let side = usize::from(s.side == Side::Defender);
        (((t * (self.libs + 1) + usize::from(s.libs)) * 2 + usize::from(s.eye)) * 2 + side)
            * (self.n + 1)
            + ko
    }

    #[inline]
    fn get<M: Mask>(&self, s: State<M>) -> Option<u32> {
        self.slots
            .get(self.key(s))
            .copied()
            .filter(|&i| i != u32::MAX)
    }
}

/// Attacker wins of every state reachable from some roots, with one ko
/// master.
pub(crate) struct Solution {
    ids: Dense,
    win: Vec<bool>,
}

impl Solution {
    /// Whether the attacker captures the wall from `s`; `None` if `s` was
    /// not reached from the roots.
    #[inline]
    pub(crate) fn attacker_wins<M: Mask>(&self, s: State<M>) -> Option<bool> {
        self.ids.get(s).map(|i| self.win[i as usize])
    }
}

/// Solves the game from every root, kos won by `master`: a retrograde
/// analysis (least fixpoint of attacker wins, `crate::retrograde`) over
/// every state reachable from the roots. The attacker wins by capturing
/// the wall; a repetition is the defender's win.
///
/// # Panics
/// If the eye has more than [`SOLVE_MAX_POINTS`] points (a program error).
pub(crate) fn solve<M: Mask>(rules: &Rules<M>, roots: &[State<M>], master: KoMaster) -> Solution {
    let libs = roots.iter().map(|r| r.libs).max().unwrap_or(0);
    let mut ids = Dense::new(rules.n, libs);
    let mut states: Vec<State<M>> = Vec::new();
    let intern = |s: State<M>, ids: &mut Dense, states: &mut Vec<State<M>>| {
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
    // Successor lists (compressed rows) and immediate wins.
    let mut succ_start: Vec<u32> = vec![0];
    let mut succ: Vec<u32> = Vec::new();
    let mut immediate: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        let mut won = false;
        let empty = rules.full & !s.a & !s.d;
        match s.side {
            Side::Attacker => {
                // Fill an outside liberty (the external eye only to
                // capture): the last one captures a wall with no liberty
                // inside and no external eye.
                if s.libs > 0 {
                    if !s.eye && s.libs == 1 && rules.wall_libs(s.a, s.d) == M::ZERO {
                        won = true;
                    } else {
                        let t = State {
                            libs: s.libs - 1,
                            ko: M::ZERO,
                            side: Side::Defender,
                            ..s
                        };
                        succ.push(intern(t, &mut ids, &mut states));
                    }
                } else if s.eye && rules.wall_libs(s.a, s.d) == M::ZERO {
                    won = true;
                }
                for p in bits(empty) {
                    if p == s.ko && master.bans(Side::Attacker) {
                        continue;
                    }
                    match s.play(rules, Side::Attacker, p) {
                        Play::Illegal => {}
                        Play::WallCaptured => won = true,
                        Play::To { a, d, ko } => {
                            // The ko point is kept only if it binds the defender.
                            let ko = if master.bans(Side::Defender) {
                                ko
                            } else {
                                M::ZERO
                            };
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
                    ko: M::ZERO,
                    side: Side::Attacker,
                    ..s
                };
                succ.push(intern(pass, &mut ids, &mut states));
                for p in bits(empty) {
                    if p == s.ko && master.bans(Side::Defender) {
                        continue;
                    }
                    if let Play::To { a, d, ko } = s.play(rules, Side::Defender, p) {
                        let ko = if master.bans(Side::Attacker) {
                            ko
                        } else {
                            M::ZERO
                        };
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
    let win = crate::retrograde::attacker_wins(&succ_start, &succ, &immediate, |p| {
        states[p].side == Side::Attacker
    });
    Solution { ids, win }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` points, every one next to the wall.
    fn line<M: Mask + From<u8>>(n: usize) -> Rules<M> {
        let adjacent: Vec<M> = (0..n)
            .map(|i| {
                let left = if i > 0 { 1u8 << (i - 1) } else { 0 };
                let right = if i + 1 < n { 1u8 << (i + 1) } else { 0 };
                M::from(left | right)
            })
            .collect();
        Rules::new(&adjacent, M::below(n), M::ZERO, false)
    }

    fn empty<M: Mask>(libs: u8, side: Side) -> State<M> {
        State {
            a: M::ZERO,
            d: M::ZERO,
            libs,
            ko: M::ZERO,
            eye: false,
            side,
        }
    }

    #[test]
    fn a_straight_three_dies_if_the_attacker_moves_first_and_lives_otherwise() {
        let rules = line::<u8>(3);
        let roots = [empty(4, Side::Attacker), empty(4, Side::Defender)];
        let solution = solve(&rules, &roots, KoMaster::Attacker);
        assert_eq!(solution.attacker_wins(roots[0]), Some(true));
        assert_eq!(solution.attacker_wins(roots[1]), Some(false));
        let four = line::<u8>(4);
        assert_eq!(
            solve(&four, &[empty(4, Side::Attacker)], KoMaster::Attacker)
                .attacker_wins(empty::<u8>(4, Side::Attacker)),
            Some(false)
        );
    }

    /// The one game on two mask widths: every position of a line of five,
    /// with up to two outside liberties, either side to move and either
    /// ko master, has the same answer on `u8` and `u16` masks.
    #[test]
    fn u8_and_u16_masks_give_the_same_answers() {
        let (small, wide) = (line::<u8>(5), line::<u16>(5));
        let mut roots = Vec::new();
        for a in 0..32u8 {
            for d in (0..32u8).filter(|d| d & a == 0) {
                for libs in 0..=2 {
                    for side in [Side::Attacker, Side::Defender] {
                        if small.is_legal(a, d) {
                            roots.push(State {
                                a,
                                d,
                                libs,
                                ko: 0,
                                eye: false,
                                side,
                            });
                        }
                    }
                }
            }
        }
        let widen = |s: State<u8>| State {
            a: u16::from(s.a),
            d: u16::from(s.d),
            libs: s.libs,
            ko: u16::from(s.ko),
            eye: s.eye,
            side: s.side,
        };
        let wide_roots: Vec<State<u16>> = roots.iter().copied().map(widen).collect();
        let mut answers = [0; 2];
        for master in [KoMaster::Attacker, KoMaster::Defender] {
            let (s8, s16) = (
                solve(&small, &roots, master),
                solve(&wide, &wide_roots, master),
            );
            for &r in &roots {
                let answer = s8.attacker_wins(r);
                assert_eq!(answer, s16.attacker_wins(widen(r)), "{r:?} {master:?}");
                answers[usize::from(answer == Some(true))] += 1;
            }
        }
        // Both answers occur: the comparison is not between two blanks.
        assert!(answers[0] > 100 && answers[1] > 100, "{answers:?}");
    }
}
