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
    /// The solution leaned on a position or move where the game consulted a side
    /// condition ([`Game::conditions_met`](crate::Game::conditions_met)).
    pub(crate) cond: bool,
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
            cond: false,
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
            cond: false,
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
    combine_select(or, children).numbers
}

/// What one pass over a node's children finds: the node's numbers (as [`combine`]) and
/// the child to search next (as [`select`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Scan {
    pub(crate) numbers: ProofNumbers,
    /// Index of the child to search.
    pub(crate) best: usize,
    /// The second-best selection number.
    pub(crate) second: u32,
}

/// [`combine`] and [`select`] in one pass.
#[inline]
pub(crate) fn combine_select<'a>(or: bool, children: impl Iterator<Item = &'a Info>) -> Scan {
    if or {
        scan_by(
            children,
            |n| (n.proof, n.disproof),
            |min, total| ProofNumbers {
                proof: min,
                disproof: total,
            },
        )
    } else {
        scan_by(
            children,
            |n| (n.disproof, n.proof),
            |min, total| ProofNumbers {
                proof: total,
                disproof: min,
            },
        )
    }
}

/// The pass of [`combine_select`], on the (minimised, summed) numbers `pick` returns. The
/// sum is taken in 64 bits and clamped once (infinite if the largest term is): the same
/// as folding [`sum`] child by child.
#[inline(always)]
fn scan_by<'a>(
    children: impl Iterator<Item = &'a Info>,
    pick: impl Fn(&ProofNumbers) -> (u32, u32),
    numbers: impl Fn(u32, u32) -> ProofNumbers,
) -> Scan {
    let (mut best, mut first, mut second) = (0, INF, INF);
    let (mut total, mut largest) = (0u64, 0u32);
    for (i, c) in children.enumerate() {
        let (m, s) = pick(&c.numbers);
        if m < first {
            second = first;
            first = m;
            best = i;
        } else if m < second {
            second = m;
        }
        total += u64::from(s);
        largest = largest.max(s);
    }
    let total = if largest == INF {
        INF
    } else {
        total.min(u64::from(INF - 1)) as u32
    };
    Scan {
        numbers: numbers(first, total),
        best,
        second,
    }
}

/// Dependencies of a solved node (repetition floor, draw, side condition): the best
/// single child when one child decides (the least dependent, the repetition floor
/// first), all children when all must agree.
pub(crate) fn solved_deps<'a>(
    or: bool,
    numbers: ProofNumbers,
    children: impl Iterator<Item = &'a Info> + Clone,
) -> (u32, bool, bool) {
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
            .map(|c| (c.floor, !c.draw, !c.cond))
            .max()
            .map_or((NO_REPETITION, false, false), |(f, clean, free)| {
                (f, !clean, !free)
            })
    } else {
        children.fold((NO_REPETITION, false, false), |(f, d, k), c| {
            (f.min(c.floor), d || c.draw, k || c.cond)
        })
    }
}

/// Index of the child to search and the second-best selection number.
pub(crate) fn select<'a>(or: bool, children: impl Iterator<Item = &'a Info>) -> (usize, u32) {
    let scan = combine_select(or, children);
    (scan.best, scan.second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::mix;

    /// `combine_select` agrees with folding [`sum`] and [`min`](Ord::min) child by child,
    /// and with the first child of least selection number, near and at infinity too.
    #[test]
    fn one_pass_agrees_with_the_child_by_child_definitions() {
        let values = [0, 1, 2, 3, 7, INF / 2, INF - 2, INF - 1, INF];
        let mut x = 1u64;
        for round in 0..5_000u64 {
            x = mix(x ^ round);
            let len = (x % 7) as usize;
            let children: Vec<Info> = (0..len)
                .map(|i| {
                    let r = mix(x.wrapping_add(i as u64));
                    Info {
                        numbers: ProofNumbers {
                            proof: values[(r % 9) as usize],
                            disproof: values[((r >> 8) % 9) as usize],
                        },
                        floor: NO_REPETITION,
                        draw: false,
                        cond: false,
                    }
                })
                .collect();
            for or in [true, false] {
                let key = |c: &Info| {
                    if or {
                        (c.numbers.proof, c.numbers.disproof)
                    } else {
                        (c.numbers.disproof, c.numbers.proof)
                    }
                };
                let min = children.iter().map(|c| key(c).0).fold(INF, u32::min);
                let total = children.iter().map(|c| key(c).1).fold(0, sum);
                let want = if or {
                    ProofNumbers {
                        proof: min,
                        disproof: total,
                    }
                } else {
                    ProofNumbers {
                        proof: total,
                        disproof: min,
                    }
                };
                let best = children.iter().position(|c| key(c).0 == min).unwrap_or(0);
                let second = children
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != best)
                    .map(|(_, c)| key(c).0)
                    .fold(INF, u32::min);
                let scan = combine_select(or, children.iter());
                assert_eq!(scan.numbers, want, "{children:?} or {or}");
                assert_eq!((scan.best, scan.second), (best, second), "{children:?}");
                assert_eq!(combine(or, children.iter()), want);
                assert_eq!(select(or, children.iter()), (best, second));
            }
        }
    }
}
