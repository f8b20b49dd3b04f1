//! The capture game in its full-width mode (every legal move, the defender's pass) against
//! an independent exhaustive minimax of "can the block be captured within K moves", on
//! random positions of tiny boards, with and without ko threats. Every engine must agree
//! with the brute force on every position.

#![cfg(feature = "go")]

use go_board::{Board, Color, PlayError, Point};
use go_search::tactics::{CaptureEvaluator, CaptureGame, CaptureGoal, CaptureOptions, KoThreats};
use go_search::{AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, StopReason};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Exhaustive minimax, written from the rules alone: can `attacker` capture the block at
/// `target` within `depth` more moves? The defender may pass; a side with ko threats may
/// retake a ko at once, spending one; a block taken in a ko that the defender may retake
/// with a threat must be retaken at once.
struct Brute {
    target: Point,
    defender: Color,
}

impl Brute {
    fn captured(&self, board: &Board) -> bool {
        board.color_at(self.target) != Some(self.defender)
    }

    /// Plays `p` for `color`, spending a threat on a ko ban if needed; the number of
    /// board moves made (to undo), or `None`.
    fn play(
        board: &mut Board,
        color: Color,
        p: Point,
        threats: &mut [u8; 2],
    ) -> Option<(u8, bool)> {
        match board.play(color, p) {
            Ok(_) => Some((1, false)),
            Err(PlayError::Ko(_)) if threats[color.index()] > 0 => {
                board.pass_as(color);
                if board.play(color, p).is_err() {
                    board.undo();
                    return None;
                }
                threats[color.index()] -= 1;
                Some((2, true))
            }
            Err(_) => None,
        }
    }

    fn attacker_wins(&self, board: &mut Board, depth: u32, threats: &mut [u8; 2]) -> bool {
        if self.captured(board) {
            let retake = board.is_empty(self.target)
                && board.to_play() == self.defender
                && board
                    .ko()
                    .is_some_and(|k| k.point == self.target && k.banned == self.defender)
                && threats[self.defender.index()] > 0;
            if !retake {
                return true;
            }
            if depth == 0 {
                return false;
            }
            // The defender's only move: take the ko back.
            return match Self::play(board, self.defender, self.target, threats) {
                Some((n, spent)) => {
                    let r = self.attacker_wins(board, depth - 1, threats);
                    for _ in 0..n {
                        board.undo();
                    }
                    if spent {
                        threats[self.defender.index()] += 1;
                    }
                    r
                }
                None => true,
            };
        }
        if depth == 0 {
            return false;
        }
        let mover = board.to_play();
        let attacking = mover != self.defender;
        let points: Vec<Point> = board.empty_points().iter().collect();
        for p in points {
            let Some((n, spent)) = Self::play(board, mover, p, threats) else {
                continue;
            };
            let r = self.attacker_wins(board, depth - 1, threats);
            for _ in 0..n {
                board.undo();
            }
            if spent {
                threats[mover.index()] += 1;
            }
            if r == attacking {
                return r;
            }
        }
        if attacking {
            return false;
        }
        // The defender may also pass.
        board.pass_as(mover);
        let r = self.attacker_wins(board, depth - 1, threats);
        board.undo();
        r
    }
}

fn random_position(rng: &mut Rng, size: usize) -> Board {
    let mut board = Board::new(size).unwrap();
    let stones = size * size / 2 + rng.below(size * size / 3);
    for _ in 0..stones {
        let empty: Vec<Point> = board.empty_points().iter().collect();
        if empty.is_empty() {
            break;
        }
        let p = empty[rng.below(empty.len())];
        let color = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let _ = board.play(color, p);
    }
    board
}

fn check(size: usize, depth: u32, positions: usize, threats: (u8, u8), seed: u64) {
    let mut rng = Rng(seed);
    let mut checked = 0;
    let mut captures = 0;
    let options = CaptureOptions::default()
        .with_full_width(true)
        .with_max_depth(depth)
        .with_escape_liberties(100);
    let mut ab = AlphaBeta::new(AlphaBetaOptions::default().with_tt_bits(12));
    let mut dfpn = Dfpn::new(DfpnOptions::default().with_tt_bits(12));
    while checked < positions {
        let mut board = random_position(&mut rng, size);
        let stones: Vec<Point> = (*board.stones_of(Color::Black) | *board.stones_of(Color::White))
            .iter()
            .collect();
        if stones.is_empty() {
            continue;
        }
        let target = stones[rng.below(stones.len())];
        if board.num_liberties(target) > 3 {
            continue;
        }
        let defender = board.color_at(target).unwrap();
        let attacker = defender.opposite();
        let to_play = if rng.below(2) == 0 {
            attacker
        } else {
            defender
        };
        board.set_to_play(to_play);

        let brute = Brute { target, defender };
        let mut counts = [0u8; 2];
        counts[attacker.index()] = threats.0;
        counts[defender.index()] = threats.1;
        let expected = brute.attacker_wins(&mut board, depth, &mut counts);

        let mut game = CaptureGame::new(&board, target, options).unwrap();
        game.set_to_play(to_play);
        game.set_threats(KoThreats::Limited(threats.0), KoThreats::Limited(threats.1));
        let goal = CaptureGoal::new(attacker);

        let r = ab.search(&mut game, &CaptureEvaluator);
        assert!(
            r.stop.is_solved(),
            "alpha-beta did not finish: {:?}",
            r.stop
        );
        let ab_says = if to_play == attacker {
            r.value.is_win()
        } else {
            r.value.is_loss()
        };
        let d = dfpn.solve(&mut game, &goal);
        assert!(matches!(d.stop, StopReason::Proved | StopReason::Disproved));
        assert_eq!(
            (ab_says, d.is_proved()),
            (expected, expected),
            "{board}target {target}, {to_play} to play, depth {depth}, threats {threats:?}"
        );
        // The game is left as it was found.
        assert_eq!(game.board().hash(), {
            let mut g = CaptureGame::new(&board, target, options).unwrap();
            g.set_to_play(to_play);
            g.board().hash()
        });
        checked += 1;
        captures += usize::from(expected);
    }
    // Both answers occur, or the check would prove little.
    assert!(
        captures > 0 && captures < positions,
        "{captures} of {positions} captured"
    );
}

#[test]
fn four_by_four_within_seven_moves() {
    check(4, 7, 200, (0, 0), 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn five_by_five_within_five_moves() {
    check(5, 5, 150, (0, 0), 0xd1b5_4a32_d192_ed03);
}

#[test]
fn four_by_four_with_ko_threats() {
    check(4, 7, 120, (0, 1), 0x2545_f491_4f6c_dd1d);
    check(4, 7, 120, (1, 0), 0x5851_f42d_4c95_7f2d);
}
