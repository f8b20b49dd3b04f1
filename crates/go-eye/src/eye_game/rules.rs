//! The rules of the local eye game, one copy for every mask width: legal
//! positions, moves with captures, simple ko and the wall.
//!
//! A position is the attacker's stones `a` and the defender's stones `d`
//! on the points of the eye, the wall's outside liberties `libs`, and
//! whether the wall has an external eye. Owner stones next to the wall
//! join it; attacker stones joined to a marginal point are never captured
//! (both tables' eyes have no marginal point). Suicide is a rule option.

use super::Side;
use super::mask::{Mask, bits};

/// The result of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play<M> {
    /// Not legal (occupied, suicide or filling the wall's last liberty).
    Illegal,
    /// The attacker captured the wall.
    WallCaptured,
    /// A new position; `ko` is the point the opponent may not retake at
    /// once (empty for none).
    To {
        /// The attacker's stones.
        a: M,
        /// The defender's stones.
        d: M,
        /// The ko point.
        ko: M,
    },
}

/// Graphs up to this size get a table of neighbourhoods.
const TABLE_POINTS: usize = 12;

/// The rules of one eye: its points, their adjacency, the points next to
/// the wall and the marginal points.
#[derive(Clone, Debug)]
pub(crate) struct Rules<M> {
    /// Number of points.
    pub(crate) n: usize,
    /// Every point.
    pub(crate) full: M,
    /// `adjacent[i]`: the neighbours of point `i`.
    pub(crate) adjacent: Vec<M>,
    /// `table[m]`: the neighbours of the points of `m` (eyes of up to
    /// [`TABLE_POINTS`] points).
    table: Vec<M>,
    /// Points where an owner stone joins the wall.
    wall: M,
    /// Points where an attacker stone joins live stones outside.
    marginal: M,
    /// Whether a move without liberties that captures nothing is legal.
    suicide_allowed: bool,
}

impl<M: Mask> Rules<M> {
    /// The rules of `adjacent.len()` points with `adjacent[i]` the
    /// neighbours of point `i`.
    pub(crate) fn new(adjacent: &[M], wall: M, marginal: M, suicide_allowed: bool) -> Rules<M> {
        let n = adjacent.len();
        assert!(n <= M::WIDTH, "{n} points in a mask of {}", M::WIDTH);
        let mut table = Vec::new();
        if n <= TABLE_POINTS {
            table = vec![M::ZERO; 1 << n];
            for m in 1..table.len() {
                let low = m.trailing_zeros() as usize;
                table[m] = table[m & (m - 1)] | adjacent[low];
            }
        }
        Rules {
            n,
            full: M::below(n),
            adjacent: adjacent.to_vec(),
            table,
            wall,
            marginal,
            suicide_allowed,
        }
    }

    /// The neighbours of the points of `m`.
    #[inline]
    pub(crate) fn adj(&self, m: M) -> M {
        if let Some(&t) = self.table.get(m.index()) {
            return t;
        }
        let mut out = M::ZERO;
        for b in bits(m) {
            out |= self.adjacent[b.first()];
        }
        out
    }

    /// The points of `within` connected to `seed` inside `within`.
    #[inline]
    pub(crate) fn flood(&self, seed: M, within: M) -> M {
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
    pub(crate) fn wall_group(&self, d: M) -> M {
        self.flood(d & self.wall, d)
    }

    /// Empty points that are liberties of the wall.
    #[inline]
    pub(crate) fn wall_libs(&self, a: M, d: M) -> M {
        let empty = self.full & !a & !d;
        empty & (self.wall | self.adj(self.wall_group(d)))
    }

    /// Attacker stones that can never be captured: blocks touching a
    /// marginal point (joined to the live stones outside; a dead stone
    /// already standing on a marginal point, GNU Go's `$`, counts as
    /// joined too).
    #[inline]
    pub(crate) fn immortal(&self, a: M) -> M {
        if self.marginal == M::ZERO {
            return M::ZERO;
        }
        self.flood(a & self.marginal, a)
    }

    /// Whether every block inside has a liberty (the wall aside).
    pub(crate) fn is_legal(&self, a: M, d: M) -> bool {
        if a & d != M::ZERO {
            return false;
        }
        let empty = self.full & !a & !d;
        let mut rest = a & !self.immortal(a);
        while rest != M::ZERO {
            let blk = self.flood(rest.lowest(), a);
            rest &= !blk;
            if self.adj(blk) & empty == M::ZERO {
                return false;
            }
        }
        let mut rest = d & !self.wall_group(d);
        while rest != M::ZERO {
            let blk = self.flood(rest.lowest(), d);
            rest &= !blk;
            if self.adj(blk) & empty == M::ZERO {
                return false;
            }
        }
        true
    }

    /// `side` plays the point `p` (a bit) in the position `a`, `d` with
    /// `libs` outside liberties, and an external eye if `eye`.
    pub(crate) fn play(&self, side: Side, a: M, d: M, libs: u8, eye: bool, p: M) -> Play<M> {
        if (a | d) & p != M::ZERO {
            return Play::Illegal;
        }
        match side {
            Side::Attacker => {
                let a2 = a | p;
                let empty2 = self.full & !a2 & !d;
                let wg = self.wall_group(d);
                // The wall dies when it has no liberty left at all.
                if !eye && libs == 0 && empty2 & (self.wall | self.adj(wg)) == M::ZERO {
                    return Play::WallCaptured;
                }
                let inner = d & !wg;
                let captured = self.captured(p, inner, empty2);
                let empty3 = empty2 | captured;
                let own = self.flood(p, a2);
                if own & self.immortal(a2) == M::ZERO && self.adj(own) & empty3 == M::ZERO {
                    if !self.suicide_allowed {
                        return Play::Illegal;
                    }
                    return Play::To {
                        a: a2 & !own,
                        d: d & !captured,
                        ko: M::ZERO,
                    };
                }
                let ko = self.ko_point(p, own, captured, empty3);
                Play::To {
                    a: a2,
                    d: d & !captured,
                    ko,
                }
            }
            Side::Defender => {
                let d2 = d | p;
                let empty2 = self.full & !a & !d2;
                let mortal = a & !self.immortal(a);
                let captured = self.captured(p, mortal, empty2);
                let a2 = a & !captured;
                let empty3 = empty2 | captured;
                let wg = self.wall_group(d2);
                if wg & p != M::ZERO {
                    if !eye && libs == 0 && empty3 & (self.wall | self.adj(wg)) == M::ZERO {
                        // Filling the wall's last liberty: never useful,
                        // and illegal without suicide.
                        return Play::Illegal;
                    }
                    return Play::To {
                        a: a2,
                        d: d2,
                        ko: M::ZERO,
                    };
                }
                let own = self.flood(p, d2);
                if self.adj(own) & empty3 == M::ZERO {
                    if !self.suicide_allowed {
                        return Play::Illegal;
                    }
                    return Play::To {
                        a: a2,
                        d: d2 & !own,
                        ko: M::ZERO,
                    };
                }
                let ko = self.ko_point(p, own, captured, empty3);
                Play::To { a: a2, d: d2, ko }
            }
        }
    }

    /// Blocks of `enemies` next to `p` left without a liberty in `empty`.
    #[inline]
    fn captured(&self, p: M, enemies: M, empty: M) -> M {
        let mut cand = self.adj(p) & enemies;
        let mut captured = M::ZERO;
        while cand != M::ZERO {
            let blk = self.flood(cand.lowest(), enemies);
            cand &= !blk;
            if self.adj(blk) & empty == M::ZERO {
                captured |= blk;
            }
        }
        captured
    }

    /// The ko point after a single stone `p` captured `captured`: the
    /// captured stone, if it was one and `p` now has it as its only
    /// liberty.
    #[inline]
    fn ko_point(&self, p: M, own: M, captured: M, empty: M) -> M {
        if captured.count() == 1 && own == p && self.adj(p) & empty == captured {
            captured
        } else {
            M::ZERO
        }
    }
}
