//! Shared proof-number arithmetic and child bookkeeping.

use crate::path::NO_REPETITION;
use crate::{DrawAs, ProofNumbers, Verdict};

const INF: u32 = ProofNumbers::INFINITY;

/// A child's numbers plus what its solution depends on.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Info {
    pub(crate) numbers: ProofNumbers,
    /// Lowest index on the line of a repeated position the solution depends on.
    pub(crate) floor: u32,
    /// The solution depends on a draw (seki) verdict.
    pub(crate) draw: bool,
}

impl Info {
    pub(crate) fn open(numbers: ProofNumbers) -> Info {
        Info {
            numbers: ProofNumbers {
                proof: numbers.proof.clamp(1, INF - 1),
                disproof: numbers.disproof.clamp(1, INF - 1),
            },
            floor: NO_REPETITION,
            draw: false,
        }
    }

    pub(crate) fn verdict(v: Verdict, draws: DrawAs, floor: u32) -> Info {
        let (numbers, draw) = match (v, draws) {
            (Verdict::Proved, _) | (Verdict::Draw, DrawAs::Proof) => {
                (ProofNumbers::PROVED, v == Verdict::Draw)
            }
            (Verdict::Disproved, _) | (Verdict::Draw, DrawAs::Disproof) => {
                (ProofNumbers::DISPROVED, v == Verdict::Draw)
            }
        };
        Info {
            numbers,
            floor,
            draw,
        }
    }
}

#[inline]
pub(crate) fn sum(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(INF - 1)
    }
}

/// Numbers of a node from its children: OR takes the minimum proof number and the sum of
/// disproof numbers, AND the reverse.
pub(crate) fn combine<'a>(or: bool, children: impl Iterator<Item = &'a Info>) -> ProofNumbers {
    let (mut min, mut total) = (INF, 0u32);
    for c in children {
        let (m, s) = if or {
            (c.numbers.proof, c.numbers.disproof)
        } else {
            (c.numbers.disproof, c.numbers.proof)
        };
        min = min.min(m);
        total = sum(total, s);
    }
    if or {
        ProofNumbers {
            proof: min,
            disproof: total,
        }
    } else {
        ProofNumbers {
            proof: total,
            disproof: min,
        }
    }
}

/// Dependencies of a solved node: the best single child when one child decides, all
/// children when all must agree.
pub(crate) fn solved_deps<'a>(
    or: bool,
    numbers: ProofNumbers,
    children: impl Iterator<Item = &'a Info> + Clone,
) -> (u32, bool) {
    let one_decides = (or && numbers.is_proved()) || (!or && numbers.is_disproved());
    if one_decides {
        children
            .filter(|c| {
                if or {
                    c.numbers.is_proved()
                } else {
                    c.numbers.is_disproved()
                }
            })
            .map(|c| (c.floor, !c.draw))
            .max()
            .map_or((NO_REPETITION, false), |(f, clean)| (f, !clean))
    } else {
        children.fold((NO_REPETITION, false), |(f, d), c| {
            (f.min(c.floor), d || c.draw)
        })
    }
}

/// Index of the child to search and the second-best selection number.
pub(crate) fn select<'a>(or: bool, children: impl Iterator<Item = &'a Info>) -> (usize, u32) {
    let (mut best, mut first, mut second) = (0, INF, INF);
    for (i, c) in children.enumerate() {
        let v = if or {
            c.numbers.proof
        } else {
            c.numbers.disproof
        };
        if v < first {
            second = first;
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}
