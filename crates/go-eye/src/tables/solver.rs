//! Exact solver of the local eye game.
//!
//! The game (the setting of Vilà 2004, §4.2.1.III): an eye of `n ≤ 8` points
//! completely surrounded by a single block of the owner (the *wall*), which
//! has `libs` liberties outside the eye. The attacker's surrounding stones
//! are safe. Moves:
//!
//! - the attacker plays an empty eye point, or fills an outside liberty;
//!   passing would let the owner pass too and end the game alive, so it is
//!   the attacker's resignation;
//! - the defender (owner) plays an empty eye point or passes.
//!
//! Captures, suicide (illegal by default, as in GNU Go's rules) and simple
//! ko are those of Go. The attacker wins by capturing the wall. Infinite play
//! is a win for the defender: a repeated position gains the attacker nothing
//! except through ko, and kos are settled by solving twice — once letting
//! the attacker ignore the ko ban (the attacker has unlimited ko threats),
//! once letting the defender ignore it. Seki counts as life, as in the thesis.
//!
//! Each run is a retrograde analysis (least fixpoint) over every state
//! reachable from the requested roots; the result is exact for the model.

use go_board::hash::FastMap;

/// Who may retake a ko at once (has unlimited ko threats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KoPolicy {
    /// The attacker ignores the ko ban; the defender respects it.
    AttackerWins,
    /// The defender ignores the ko ban; the attacker respects it.
    DefenderWins,
}

/// The geometry of one eye: adjacency inside the shape and which points
/// touch the wall (points on the first line may touch only the board edge).
#[derive(Clone, Debug)]
pub(crate) struct Local {
    n: usize,
    full: u8,
    /// `adj[m]` = union of the in-shape neighbours of the points in `m`.
    adj: Vec<u8>,
    /// Points with at least one on-board neighbour outside the eye.
    wall: u8,
    /// Whether a move without liberties that captures nothing is legal.
    suicide_allowed: bool,
}

/// The result of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    /// Not legal (occupied, suicide or ko).
    Illegal,
    /// The attacker captured the wall.
    WallCaptured,
    /// A new position; `ko` is the point the opponent may not retake at once (0 = none).
    To { a: u8, d: u8, ko: u8 },
}

impl Local {
    /// `nbr[i]` = in-shape neighbours of point `i` (bit masks); `wall` = points touching the wall.
    pub(crate) fn new(nbr: &[u8], wall: u8, suicide_allowed: bool) -> Local {
        let n = nbr.len();
        assert!(n <= 8);
        let full = if n == 8 { 0xff } else { (1u8 << n) - 1 };
        let mut adj = vec![0u8; 1 << n];
        for m in 1..(1usize << n) {
            let low = m.trailing_zeros() as usize;
            adj[m] = adj[m & (m - 1)] | nbr[low];
        }
        Local {
            n,
            full,
            adj,
            wall,
            suicide_allowed,
        }
    }

    pub(crate) fn size(&self) -> usize {
        self.n
    }

    pub(crate) fn full(&self) -> u8 {
        self.full
    }

    #[inline]
    fn adj(&self, m: u8) -> u8 {
        self.adj[m as usize]
    }

    #[inline]
    fn flood(&self, seed: u8, within: u8) -> u8 {
        let mut cur = seed & within;
        loop {
            let next = (cur | self.adj(cur)) & within;
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// Owner stones connected to the wall.
    #[inline]
    fn wall_group(&self, d: u8) -> u8 {
        self.flood(d & self.wall, d)
    }

    /// Empty eye points that are liberties of the wall.
    #[inline]
    pub(crate) fn wall_inside_libs(&self, a: u8, d: u8) -> u8 {
        let empty = self.full & !a & !d;
        empty & (self.wall | self.adj(self.wall_group(d)))
    }

    /// Whether a position is legal: every block has a liberty.
    pub(crate) fn is_legal(&self, a: u8, d: u8, libs: u8) -> bool {
        if a & d != 0 {
            return false;
        }
        let empty = self.full & !a & !d;
        if libs == 0 && self.wall_inside_libs(a, d) == 0 {
            return false;
        }
        let mut rest = a;
        while rest != 0 {
            let blk = self.flood(rest & rest.wrapping_neg(), a);
            rest &= !blk;
            if self.adj(blk) & empty == 0 {
                return false;
            }
        }
        let mut rest = d & !self.wall_group(d);
        while rest != 0 {
            let blk = self.flood(rest & rest.wrapping_neg(), d);
            rest &= !blk;
            if self.adj(blk) & empty == 0 {
                return false;
            }
        }
        true
    }

    /// The attacker plays point `p` (a bit).
    pub(crate) fn attacker_play(&self, a: u8, d: u8, libs: u8, p: u8) -> Play {
        if (a | d) & p != 0 {
            return Play::Illegal;
        }
        let a2 = a | p;
        let empty2 = self.full & !a2 & !d;
        let wg = self.wall_group(d);
        if libs == 0 && empty2 & (self.wall | self.adj(wg)) == 0 {
            return Play::WallCaptured;
        }
        let inner = d & !wg;
        let mut cand = self.adj(p) & inner;
        let mut captured = 0u8;
        while cand != 0 {
            let blk = self.flood(cand & cand.wrapping_neg(), inner);
            cand &= !blk;
            if self.adj(blk) & empty2 == 0 {
                captured |= blk;
            }
        }
        let empty3 = empty2 | captured;
        let own = self.flood(p, a2);
        if self.adj(own) & empty3 == 0 {
            if !self.suicide_allowed {
                return Play::Illegal;
            }
            return Play::To {
                a: a2 & !own,
                d: d & !captured,
                ko: 0,
            };
        }
        let ko = if captured.count_ones() == 1 && own == p && self.adj(p) & empty3 == captured {
            captured
        } else {
            0
        };
        Play::To {
            a: a2,
            d: d & !captured,
            ko,
        }
    }

    /// The defender plays point `p` (a bit).
    pub(crate) fn defender_play(&self, a: u8, d: u8, libs: u8, p: u8) -> Play {
        if (a | d) & p != 0 {
            return Play::Illegal;
        }
        let d2 = d | p;
        let empty2 = self.full & !a & !d2;
        let mut cand = self.adj(p) & a;
        let mut captured = 0u8;
        while cand != 0 {
            let blk = self.flood(cand & cand.wrapping_neg(), a);
            cand &= !blk;
            if self.adj(blk) & empty2 == 0 {
                captured |= blk;
            }
        }
        let a2 = a & !captured;
        let empty3 = empty2 | captured;
        let wg = self.wall_group(d2);
        if wg & p != 0 {
            if libs == 0 && empty3 & (self.wall | self.adj(wg)) == 0 {
                // Filling the wall's last liberty: never useful, and illegal without suicide.
                return Play::Illegal;
            }
            return Play::To {
                a: a2,
                d: d2,
                ko: 0,
            };
        }
        let own = self.flood(p, d2);
        if self.adj(own) & empty3 == 0 {
            if !self.suicide_allowed {
                return Play::Illegal;
            }
            return Play::To {
                a: a2,
                d: d2 & !own,
                ko: 0,
            };
        }
        let ko = if captured.count_ones() == 1 && own == p && self.adj(p) & empty3 == captured {
            captured
        } else {
            0
        };
        Play::To { a: a2, d: d2, ko }
    }
}

/// Side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    Attacker,
    Defender,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    a: u8,
    d: u8,
    /// Outside liberties of the wall.
    libs: u8,
    /// Point the side to move may not take (0 = none).
    ko: u8,
    side: Side,
}

impl State {
    fn pack(self) -> u32 {
        u32::from(self.a)
            | u32::from(self.d) << 8
            | u32::from(self.ko) << 16
            | u32::from(self.libs) << 24
            | u32::from(self.side == Side::Defender) << 31
    }
}

/// Attacker wins of every state reachable from a set of roots, under one ko policy.
pub(crate) struct Solution {
    ids: FastMap<u32, u32>,
    pub(crate) win: Vec<bool>,
}

impl Solution {
    /// Whether the attacker captures the wall from a state without ko ban.
    /// `None` if the state was not reached from the roots.
    pub(crate) fn attacker_wins(&self, a: u8, d: u8, libs: u8, side: Side) -> Option<bool> {
        self.attacker_wins_ko(a, d, libs, 0, side)
    }

    pub(crate) fn attacker_wins_ko(
        &self,
        a: u8,
        d: u8,
        libs: u8,
        ko: u8,
        side: Side,
    ) -> Option<bool> {
        let key = State {
            a,
            d,
            libs,
            ko,
            side,
        }
        .pack();
        self.ids.get(&key).map(|&i| self.win[i as usize])
    }
}

/// Solves the game from every root `(a, d, libs, side)` (no ko ban) under `policy`.
pub(crate) fn solve(local: &Local, roots: &[(u8, u8, u8, Side)], policy: KoPolicy) -> Solution {
    let mut ids: FastMap<u32, u32> = FastMap::default();
    let mut states: Vec<State> = Vec::new();
    let mut intern = |s: State, states: &mut Vec<State>| -> u32 {
        let key = s.pack();
        *ids.entry(key).or_insert_with(|| {
            states.push(s);
            (states.len() - 1) as u32
        })
    };
    for &(a, d, libs, side) in roots {
        intern(
            State {
                a,
                d,
                libs,
                ko: 0,
                side,
            },
            &mut states,
        );
    }
    // Successor lists (CSR) and immediate wins.
    let mut succ_start: Vec<u32> = vec![0];
    let mut succ: Vec<u32> = Vec::new();
    let mut immediate: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        let mut won = false;
        match s.side {
            Side::Attacker => {
                if s.libs > 0 {
                    if s.libs == 1 && local.wall_inside_libs(s.a, s.d) == 0 {
                        won = true;
                    } else {
                        let t = State {
                            a: s.a,
                            d: s.d,
                            libs: s.libs - 1,
                            ko: 0,
                            side: Side::Defender,
                        };
                        succ.push(intern(t, &mut states));
                    }
                }
                for p in bits(local.full & !s.a & !s.d) {
                    if p == s.ko && policy == KoPolicy::DefenderWins {
                        continue;
                    }
                    match local.attacker_play(s.a, s.d, s.libs, p) {
                        Play::Illegal => {}
                        Play::WallCaptured => won = true,
                        Play::To { a, d, ko } => {
                            let ko = if policy == KoPolicy::AttackerWins {
                                ko
                            } else {
                                0
                            };
                            let t = State {
                                a,
                                d,
                                libs: s.libs,
                                ko,
                                side: Side::Defender,
                            };
                            succ.push(intern(t, &mut states));
                        }
                    }
                }
            }
            Side::Defender => {
                let pass = State {
                    a: s.a,
                    d: s.d,
                    libs: s.libs,
                    ko: 0,
                    side: Side::Attacker,
                };
                succ.push(intern(pass, &mut states));
                for p in bits(local.full & !s.a & !s.d) {
                    if p == s.ko && policy == KoPolicy::AttackerWins {
                        continue;
                    }
                    if let Play::To { a, d, ko } = local.defender_play(s.a, s.d, s.libs, p) {
                        let ko = if policy == KoPolicy::DefenderWins {
                            ko
                        } else {
                            0
                        };
                        let t = State {
                            a,
                            d,
                            libs: s.libs,
                            ko,
                            side: Side::Attacker,
                        };
                        succ.push(intern(t, &mut states));
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

/// The set bits of `m`, one bit each, lowest first.
pub(crate) fn bits(mut m: u8) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            Some(b)
        }
    })
}
