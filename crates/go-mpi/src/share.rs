//! How Fractal Go's work is shared among ranks, and how their answers are
//! put back together: pure functions that every rank computes alike, and
//! that need no MPI (the default build tests them).
//!
//! Rank 0 is the server, rank 1 the pattern searcher, ranks 2.. the zone
//! searchers. A move's [`Turn`] has its zones (in [`Zones::zones`]
//! order) and the open space as parts; part *k* goes to rank
//! `2 + k mod (size − 2)` ([`rank_of_part`]), a rule each rank computes
//! from the same board. Each zone searcher reads its parts in order and
//! answers its best ([`search_parts`]); the server offers the answers to
//! [`Best`] in the order of their parts ([`merge`]), which gives the move
//! the single-process [`FractalPlayer`](go_fractal::FractalPlayer) plays:
//! among equal values the first part wins in both.
//!
//! [`Zones::zones`]: go_board::zone::Zones::zones

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use go_board::{Board, Color, Move, Pcg32, Position};
use go_fractal::{Best, Choice, Turn};

use crate::wire::Answer;

/// The first zone searcher's rank.
pub const FIRST_ZONE_RANK: usize = 2;

/// Whether `size` ranks are enough for the distributed protocol (a
/// server, a pattern searcher and at least one zone searcher); with fewer,
/// rank 0 does everything.
#[must_use]
pub fn is_distributed(size: usize) -> bool {
    size > FIRST_ZONE_RANK
}

/// The rank that reads part `k` among `size` ranks (`size` ≥ 3).
///
/// ```
/// use go_mpi::share::rank_of_part;
/// // Three zone searchers (ranks 2, 3, 4) share seven parts.
/// let ranks: Vec<usize> = (0..7).map(|k| rank_of_part(k, 5)).collect();
/// assert_eq!(ranks, [2, 3, 4, 2, 3, 4, 2]);
/// ```
#[must_use]
pub fn rank_of_part(k: usize, size: usize) -> usize {
    debug_assert!(is_distributed(size));
    FIRST_ZONE_RANK + k % (size - FIRST_ZONE_RANK)
}

/// The parts of `parts` that `rank` reads among `size` ranks, in order.
///
/// ```
/// use go_mpi::share::parts_of_rank;
/// assert_eq!(parts_of_rank(3, 5, 7).collect::<Vec<_>>(), [1, 4]);
/// ```
pub fn parts_of_rank(rank: usize, size: usize, parts: usize) -> impl Iterator<Item = usize> {
    (0..parts).filter(move |&k| rank_of_part(k, size) == rank)
}

/// A zone searcher's work: reads `parts` of `turn` in order and returns
/// the best choice with its part, as [`Best`] keeps it (the first of
/// equal values). `time` is the whole move's time: each zone gets what is
/// left divided by the zones this rank has still to read. Once `stop` is
/// set, the zone being read is aborted and the parts left are skipped;
/// the answer is then the best so far (the server discards it).
pub fn search_parts(
    turn: &mut Turn<'_>,
    parts: &[usize],
    time: Option<Duration>,
    stop: Option<&Arc<AtomicBool>>,
) -> Option<(usize, Choice)> {
    let started = Instant::now();
    let zones = turn.zones().len();
    let mut best: Option<(usize, Choice)> = None;
    for (i, &k) in parts.iter().enumerate() {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            break;
        }
        let zone_time = time.filter(|_| k < zones).map(|total| {
            let left_zones = parts[i..].iter().filter(|&&j| j < zones).count();
            total.saturating_sub(started.elapsed()) / left_zones.max(1) as u32
        });
        if let Some(c) = turn.part_choice(k, zone_time, stop) {
            if best.is_none_or(|(_, b)| c.value > b.value) {
                best = Some((k, c));
            }
        }
    }
    best
}

/// The server's move from the pattern searcher's choice and the zone
/// searchers' answers: the pattern if there is one, else the answers'
/// choices offered to [`Best`] in the order of their parts, then
/// [`Best::finish`] (the scan before passing) on `turn`.
///
/// ```
/// use go_board::{Board, Color, Move};
/// use go_fractal::{FractalPlayer, Knowledge, PlayerOptions, Turn};
/// use go_mpi::share::{merge, parts_of_rank, search_parts};
/// use go_mpi::wire::Answer;
/// let board = Board::from_diagram(". O . .\nO X O .\n. . . .\n. . . .")?;
/// let (knowledge, options) = (Knowledge::default(), PlayerOptions::default());
/// let mut turn = Turn::new(&board, Color::White, &knowledge, &options, 42);
/// // Three ranks: parts go to rank 2 only.
/// let parts: Vec<usize> = parts_of_rank(2, 3, turn.parts()).collect();
/// let answer = Answer { choice: search_parts(&mut turn, &parts, None, None), cancel_us: 0.0, search_us: 0.0 };
/// let choice = merge(None, &[answer], &mut turn);
/// assert_eq!(choice.mv, Move::Play("B2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(pattern: Option<Choice>, answers: &[Answer], turn: &mut Turn<'_>) -> Choice {
    if let Some(p) = pattern {
        return p;
    }
    let mut choices: Vec<(usize, Choice)> = answers.iter().filter_map(|a| a.choice).collect();
    choices.sort_by_key(|&(k, _)| k);
    let mut best = Best::default();
    for (_, c) in choices {
        best.offer(c);
    }
    best.finish(turn)
}

/// A position after `n` random legal moves on 9×9 from `seed` (none
/// filling its own eye; a pass when nothing else is left): the positions
/// the distributed player is checked on.
///
/// ```
/// let b = go_mpi::share::random_position(1, 10);
/// assert_eq!(b.moves().count(), 10);
/// ```
#[must_use]
pub fn random_position(seed: u64, n: usize) -> Board {
    let mut board = Board::new(9).expect("9×9 is a board size");
    let mut rng = Pcg32::new(seed);
    let mut color = Color::Black;
    for _ in 0..n {
        let moves: Vec<_> = board
            .legal_moves(color)
            .iter()
            .filter(|&p| !board.is_true_eye(color, p))
            .collect();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            Move::Play(moves[rng.below(moves.len() as u32) as usize])
        };
        board.play_move(color, mv).expect("a legal move");
        color = color.opposite();
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_fractal::{FractalPlayer, Knowledge, Level, PlayerOptions};

    /// The distributed player simulated in one process: each "rank" reads
    /// its parts with its own `Turn`, as it would on its own machine.
    fn simulated(
        board: &Board,
        color: Color,
        knowledge: &Knowledge,
        options: &PlayerOptions,
        seed: u64,
        size: usize,
    ) -> Choice {
        let mut server = Turn::new(board, color, knowledge, options, seed);
        let answers: Vec<Answer> = (FIRST_ZONE_RANK..size)
            .map(|rank| {
                let mut turn = Turn::new(board, color, knowledge, options, seed);
                let parts: Vec<usize> = parts_of_rank(rank, size, turn.parts()).collect();
                Answer {
                    choice: search_parts(&mut turn, &parts, None, None),
                    cancel_us: 0.0,
                    search_us: 0.0,
                }
            })
            .collect();
        merge(None, &answers, &mut server)
    }

    #[test]
    fn parts_shared_among_ranks_give_the_single_process_move() {
        let knowledge = Knowledge::default();
        for level in [Level::Zero, Level::One] {
            let options = PlayerOptions::default()
                .with_level(level)
                .with_patterns(false);
            for (i, n) in [6, 14, 22, 30, 40].into_iter().enumerate() {
                let board = random_position(i as u64 + 1, n);
                let color = board.to_play();
                let mut player = FractalPlayer::new(options.clone());
                let seed = FractalPlayer::new(options.clone()).next_seed();
                let alone = player.choose(&board, &knowledge, color);
                for size in [3, 4, 5, 9] {
                    let shared = simulated(&board, color, &knowledge, &options, seed, size);
                    assert_eq!(shared, alone, "level {level:?}, {n} moves, {size} ranks");
                }
            }
        }
    }

    #[test]
    fn a_stopped_searcher_answers_at_once() {
        let board = random_position(3, 20);
        let (knowledge, options) = (Knowledge::default(), PlayerOptions::default());
        let mut turn = Turn::new(&board, Color::Black, &knowledge, &options, 1);
        let stop = Arc::new(AtomicBool::new(true));
        let parts: Vec<usize> = (0..turn.parts()).collect();
        assert_eq!(search_parts(&mut turn, &parts, None, Some(&stop)), None);
    }
}
