//! The rules of the local game of one eye graph: its states, legal
//! positions, moves with captures and simple ko.

use super::graph::EyeGraph;
pub(super) use crate::eye_game::Side;

/// A move's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Play {
    Illegal,
    WallCaptured,
    To { a: u16, d: u16, ko: u16 },
}

/// Graphs up to this size get a table of neighbourhoods.
const TABLE_POINTS: usize = 12;

/// The mask of the first `n` points.
pub(super) fn full_mask(n: usize) -> u16 {
    if n >= 16 { u16::MAX } else { (1u16 << n) - 1 }
}

/// The set bits of `m`, one bit each, lowest first.
pub(super) fn bits(mut m: u16) -> impl Iterator<Item = u16> {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) a: u16,
    pub(super) d: u16,
    pub(super) libs: u8,
    /// The point the side to move may not take (0 = none).
    pub(super) ko: u16,
    /// Whether the wall has an external eye.
    pub(super) eye: bool,
    pub(super) side: Side,
}

impl State {
    pub(super) fn pack(self) -> u64 {
        u64::from(self.a)
            | u64::from(self.d) << 16
            | u64::from(self.ko) << 32
            | u64::from(self.libs) << 48
            | u64::from(self.eye) << 56
            | u64::from(self.side == Side::Defender) << 57
    }
}

/// The rules of one graph.
pub(super) struct Rules {
    pub(super) n: usize,
    pub(super) full: u16,
    pub(super) adjacent: Vec<u16>,
    /// `table[m]`: the neighbours of the points of `m` (graphs of up to
    /// [`TABLE_POINTS`] points).
    pub(super) table: Vec<u16>,
    pub(super) wall: u16,
    pub(super) marginal: u16,
}

impl Rules {
    pub(super) fn new(g: &EyeGraph) -> Rules {
        let adjacent = g.adjacent.clone();
        // A marginal point is next to the wall too: an owner stone there
        // connects (it is what "taking the margin" means).
        // A shut marginal point is not.
        let (wall, marginal) = (g.wall | (g.marginal & !g.shut), g.marginal);
        let n = adjacent.len();
        let mut table = Vec::new();
        if n <= TABLE_POINTS {
            table = vec![0u16; 1 << n];
            for m in 1..table.len() {
                let low = m.trailing_zeros() as usize;
                table[m] = table[m & (m - 1)] | adjacent[low];
            }
        }
        Rules {
            n,
            full: full_mask(n),
            adjacent,
            table,
            // A marginal point is next to the wall too: an owner stone there
            // connects (it is what "taking the margin" means).
            wall,
            marginal,
        }
    }

    #[inline]
    pub(super) fn adj(&self, m: u16) -> u16 {
        if let Some(&t) = self.table.get(usize::from(m)) {
            return t;
        }
        let mut out = 0;
        for b in bits(m) {
            out |= self.adjacent[b.trailing_zeros() as usize];
        }
        out
    }

    #[inline]
    pub(super) fn flood(&self, seed: u16, within: u16) -> u16 {
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
    pub(super) fn wall_group(&self, d: u16) -> u16 {
        self.flood(d & self.wall, d)
    }

    /// Empty points that are liberties of the wall.
    pub(super) fn wall_libs(&self, a: u16, d: u16) -> u16 {
        let empty = self.full & !a & !d;
        empty & (self.wall | self.adj(self.wall_group(d)))
    }

    /// Attacker stones that can never be captured: blocks touching a
    /// marginal point (joined to the live stones outside; a dead stone
    /// already standing on a marginal point, GNU Go's `$`, counts as
    /// joined too).
    pub(super) fn immortal(&self, a: u16) -> u16 {
        self.flood(a & self.marginal, a)
    }

    pub(super) fn is_legal(&self, a: u16, d: u16) -> bool {
        if a & d != 0 {
            return false;
        }
        let empty = self.full & !a & !d;
        let mut rest = a & !self.immortal(a);
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

    /// `side` plays the point `p` (a bit).
    pub(super) fn play(&self, side: Side, s: State, p: u16) -> Play {
        let (a, d, eye, libs) = (s.a, s.d, s.eye, s.libs);
        if (a | d) & p != 0 {
            return Play::Illegal;
        }
        match side {
            Side::Attacker => {
                let a2 = a | p;
                let empty2 = self.full & !a2 & !d;
                let wg = self.wall_group(d);
                // The wall dies when it has no liberty left at all.
                if !eye && libs == 0 && empty2 & (self.wall | self.adj(wg)) == 0 {
                    return Play::WallCaptured;
                }
                let inner = d & !wg;
                let captured = self.captured(p, inner, empty2);
                let empty3 = empty2 | captured;
                let own = self.flood(p, a2);
                if own & self.immortal(a2) == 0 && self.adj(own) & empty3 == 0 {
                    return Play::Illegal;
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
                if wg & p != 0 {
                    if !eye && libs == 0 && empty3 & (self.wall | self.adj(wg)) == 0 {
                        return Play::Illegal; // filling the wall's last liberty
                    }
                    return Play::To {
                        a: a2,
                        d: d2,
                        ko: 0,
                    };
                }
                let own = self.flood(p, d2);
                if self.adj(own) & empty3 == 0 {
                    return Play::Illegal;
                }
                let ko = self.ko_point(p, own, captured, empty3);
                Play::To { a: a2, d: d2, ko }
            }
        }
    }

    /// Blocks of `enemies` next to `p` left without a liberty in `empty`.
    pub(super) fn captured(&self, p: u16, enemies: u16, empty: u16) -> u16 {
        let mut cand = self.adj(p) & enemies;
        let mut captured = 0;
        while cand != 0 {
            let blk = self.flood(cand & cand.wrapping_neg(), enemies);
            cand &= !blk;
            if self.adj(blk) & empty == 0 {
                captured |= blk;
            }
        }
        captured
    }

    pub(super) fn ko_point(&self, p: u16, own: u16, captured: u16, empty: u16) -> u16 {
        if captured.count_ones() == 1 && own == p && self.adj(p) & empty == captured {
            captured
        } else {
            0
        }
    }
}
