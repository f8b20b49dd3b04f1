//! Class 0 (Vilà 2004, §4.3.2): races without eyes or non-essential
//! blocks, every liberty plain. The result follows from the difference of
//! outside liberties and the number of shared liberties (Tables 4.3–4.4).

use go_board::{Board, Color, Point, PointSet};

use crate::StaticVerdict;
use crate::verdict::t::{PLL, PSS, PWW, YSL, YWL, YWS};

/// Tables 4.3 and 4.4: the verdict for the side to move, from
/// `k` = its outside liberties minus the other block's, and `sl` = the
/// number of shared liberties.
///
/// With fewer than two shared liberties there is no seki: the side to move
/// wins if it has at least as many outside liberties. With `sl ≥ 2` both
/// blocks live in seki unless one leads by `sl − 1` liberties (and moves) or
/// by `sl`.
///
/// ```
/// use go_semeai::{Status, StaticVerdict, class0};
/// // Table 4.3: equal liberties, the side to move wins by playing.
/// assert_eq!(class0::verdict(0, 1), StaticVerdict::new(Status::Winner, Status::Loser));
/// // Table 4.4: three shared liberties, one outside liberty ahead: seki.
/// assert_eq!(class0::verdict(1, 3), StaticVerdict::new(Status::Seki, Status::Seki));
/// assert_eq!(class0::verdict(2, 3), StaticVerdict::new(Status::Winner, Status::Seki));
/// ```
#[must_use]
pub fn verdict(k: i32, sl: u32) -> StaticVerdict {
    let sl = sl as i32;
    if sl < 2 {
        // Table 4.3.
        match k {
            k if k >= 1 => PWW,
            0 => YWL,
            _ => PLL,
        }
    } else {
        // Table 4.4.
        match k {
            k if k >= sl => PWW,
            k if k == sl - 1 => YWS,
            k if k >= -sl + 2 => PSS,
            k if k == -sl + 1 => YSL,
            _ => PLL,
        }
    }
}

/// The class-0 move (§4.3.2, `playMove`): an outside liberty of the other
/// block, the one that leaves the most liberties to the own block (after
/// D. Bajenaru); a shared liberty only when none is left. Points in
/// `last` are played only when nothing else is left (H2's non-plain
/// liberty).
pub(crate) fn choose_move(
    board: &Board,
    color: Color,
    other_outside: &PointSet,
    shared: &PointSet,
    last: &PointSet,
) -> Option<Point> {
    let best = |set: PointSet| {
        set.iter()
            .filter(|&p| board.is_legal(color, p))
            .max_by_key(|&p| {
                (
                    board.num_liberties_after_play(color, p),
                    std::cmp::Reverse(p),
                )
            })
    };
    best(*other_outside - *last)
        .or_else(|| best(*shared - *last))
        .or_else(|| best(*other_outside & *last))
        .or_else(|| best(*shared & *last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status::{Loser as L, Seki as S, Winner as W};

    fn v(k: i32, sl: u32) -> (crate::Status, crate::Status, bool) {
        let v = verdict(k, sl);
        (v.if_play, v.if_pass, v.must_play())
    }

    #[test]
    fn table_4_3_no_seki_with_at_most_one_shared_liberty() {
        for sl in [0, 1] {
            assert_eq!(v(3, sl), (W, W, false));
            assert_eq!(v(1, sl), (W, W, false));
            assert_eq!(v(0, sl), (W, L, true));
            assert_eq!(v(-1, sl), (L, L, false));
            assert_eq!(v(-4, sl), (L, L, false));
        }
    }

    #[test]
    fn table_4_4_rows_for_two_to_five_shared_liberties() {
        for sl in 2..=5i32 {
            let u = sl as u32;
            assert_eq!(v(sl, u), (W, W, false), "k = sl");
            assert_eq!(v(sl + 2, u), (W, W, false), "k > sl");
            assert_eq!(v(sl - 1, u), (W, S, true), "k = sl - 1");
            for k in (-sl + 2)..=(sl - 2) {
                assert_eq!(v(k, u), (S, S, false), "k = {k}");
            }
            assert_eq!(v(-sl + 1, u), (S, L, true), "k = -sl + 1");
            assert_eq!(v(-sl, u), (L, L, false), "k = -sl");
            assert_eq!(v(-sl - 3, u), (L, L, false), "k < -sl");
        }
    }

    /// Each row seen from both sides: the status of the side to move if it
    /// passes is the opposite of the other side's status if that one plays.
    #[test]
    fn tables_agree_from_both_sides() {
        for sl in 0..=5 {
            for k in -8..=8 {
                let me = verdict(k, sl);
                let them = verdict(-k, sl);
                assert_eq!(me.if_pass, them.if_play.opponent(), "k {k} sl {sl}");
            }
        }
    }
}
