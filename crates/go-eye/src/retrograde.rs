//! Retrograde analysis of a finite two-player game graph, shared by the
//! eye-shape solver behind the tables and the eye-space game on a board,
//! and the ternary packing both use to index their positions densely.

/// The positions the attacker wins, as the least fixpoint of attacker
/// wins over the graph: a position is won when it is won at once
/// (`immediate`), when the attacker moves there and some successor is won,
/// or when the defender moves there and every successor is won (a
/// defender with no move loses). Cycles the defender can keep up are not
/// won. The graph is in compressed rows: the successors of position `s`
/// are `succ[succ_start[s]..succ_start[s + 1]]`.
pub(crate) fn attacker_wins(
    succ_start: &[u32],
    succ: &[u32],
    immediate: &[bool],
    attacker_moves: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let n = immediate.len();
    debug_assert_eq!(succ_start.len(), n + 1);
    // Predecessors, in compressed rows too.
    let mut pred_start = vec![0u32; n + 1];
    for &t in succ {
        pred_start[t as usize + 1] += 1;
    }
    for k in 0..n {
        pred_start[k + 1] += pred_start[k];
    }
    let mut fill = pred_start.clone();
    let mut pred = vec![0u32; succ.len()];
    for s in 0..n {
        for &t in &succ[succ_start[s] as usize..succ_start[s + 1] as usize] {
            pred[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    let mut win = immediate.to_vec();
    let mut remaining: Vec<u32> = (0..n).map(|s| succ_start[s + 1] - succ_start[s]).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&s| win[s as usize]).collect();
    while let Some(t) = queue.pop() {
        for &p in &pred[pred_start[t as usize] as usize..pred_start[t as usize + 1] as usize] {
            let p = p as usize;
            if win[p] {
                continue;
            }
            let won = if attacker_moves(p) {
                true
            } else {
                remaining[p] -= 1;
                remaining[p] == 0
            };
            if won {
                win[p] = true;
                queue.push(p as u32);
            }
        }
    }
    win
}

/// `TERNARY[m]` = Σ 3^i over the bits `i` of `m`.
pub(crate) const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut i = 0;
        while i < 8 {
            if m >> i & 1 == 1 {
                v += p;
            }
            p = p.wrapping_mul(3);
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::{TERNARY, attacker_wins};

    #[test]
    fn attacker_needs_one_defender_needs_all() {
        // 0 (attacker) -> 1, 2; 1 (defender) -> 3, 4; 2 (defender) -> 3;
        // 3 is an immediate win, 4 is not; 5 (defender) has no move.
        let succ_start = [0, 2, 4, 5, 5, 5, 5];
        let succ = [1, 2, 3, 4, 3];
        let immediate = [false, false, false, true, false, false];
        let win = attacker_wins(&succ_start, &succ, &immediate, |s| s == 0);
        assert_eq!(win, [true, false, true, true, false, false]);
    }

    #[test]
    fn a_cycle_the_defender_keeps_is_not_won() {
        // 0 (attacker) -> 1; 1 (defender) -> 0.
        let win = attacker_wins(&[0, 1, 2], &[1, 0], &[false, false], |s| s == 0);
        assert_eq!(win, [false, false]);
    }

    #[test]
    fn ternary_reads_bits_as_base_three_digits() {
        assert_eq!(TERNARY[0], 0);
        assert_eq!(TERNARY[0b1], 1);
        assert_eq!(TERNARY[0b101], 1 + 9);
        assert_eq!(TERNARY[0xff], 3280); // (3^8 - 1) / 2
    }
}
