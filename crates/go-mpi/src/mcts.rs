//! Root-parallel Monte-Carlo search across ranks (Cazenave and Jouandeau,
//! *On the parallelization of UCT*, 2007; Chaslot, Winands and van den
//! Herik, *Parallel Monte-Carlo Tree Search*, 2008): each rank searches
//! its own tree with go-mcts's [`GoPlayer`] and its own seed; every
//! interval the root children's visits and wins are summed over the
//! ranks (`MPI_Allreduce`), and the move is the most visited of the
//! merged statistics.
//!
//! One move: rank 0 sends the game ([`Request`], as for Fractal Go) with
//! its time for the move (from the GTP clock, as on one machine); then
//! every rank runs slices of at most one interval, reusing its tree,
//! and joins the reduction after each. The reduced array ([`RootStats`])
//! is `[done, playouts, visits × (n + 1), wins × (n + 1)]` as `f64`s
//! with *n* the board's points and the pass last: `done` counts the ranks
//! whose budget is spent, and the move ends when all are — the ranks
//! stop together. On 9×9 that is 166 `f64`s (1,328 bytes) per
//! reduction, on 19×19 726 (5,808 bytes).
//!
//! Waiting ranks poll (`MPI_Iallreduce` tested every [`POLL`]) instead of
//! spinning in a blocking reduction: on a shared machine the spinning rank
//! took the core from the searching ones (2 ranks: 6.7k playouts/s with a
//! blocking `MPI_Allreduce`, 10.4k with polling, same load).
//!
//! ## Figures and scaling
//!
//! Measured on a 2-core machine under a load average of 8–10 from other
//! jobs (`mcts_mpi --bench 2`, one thread a rank, three 9×9 positions):
//! one rank 10.6k–12.8k playouts/s; two ranks 10.4k–10.5k playouts/s
//! with 43–59 reductions/s of 1,328 bytes (interval 50 ms). Per CPU
//! second the two ranks make about 35k playouts against one rank's 39k
//! (90 %): on this saturated machine the second rank gains no wall-clock
//! throughput, only its share of the cores. A 20-game 9×9 match at
//! 0.25 s a move, one rank against two, ended 10–10; a 50-game match
//! at 0.2 s a move (`cargo xtask match`, 9×9, komi 6.5, load average
//! 5–8) went to the one rank, 31–19 (62 %, 95 % CI 48–74 %), while
//! `--bench 1` gave one rank 17.3k playouts/s and two ranks 15.6k in
//! all: on a machine whose cores are taken, the second rank only splits
//! them, and the reductions and the second tree cost the rest.
//!
//! On paper, with these figures as the base: a reduction moves 1.3 KB
//! (9×9) or 5.8 KB (19×19) per rank 20 times a second, about 26–116 KB/s
//! per rank, and an all-reduce costs O(log ranks) latencies (some 10 µs
//! each on a cluster network): under 0.1 ms of every 50 ms at 64 ranks,
//! so communication does not limit 8, 32 or 64 ranks; playouts scale
//! with the ranks. Strength does not: root parallelism's trees search the
//! same first moves independently, and published results (Chaslot et
//! al. 2008; Bourki et al., MoGo on clusters, 2010) show its gain over
//! one tree of the same total playouts flatten beyond about 8–16 ranks —
//! expect most of the gain by 8 ranks, little more at 32 and 64, unless
//! the merged statistics are fed back into the trees (not done here).
//!
//! Live analysis (`lz-analyze`, `kata-analyze`) merges the ranks' root
//! statistics the same way, with the position analyzer's trees: see
//! [`live`](crate::live).
//!
//! The merged statistics are not fed back into the trees: the trees stay
//! independent (plain root parallelism), the reductions serve the final
//! choice and stop the ranks together. With one rank the move is the
//! plain [`GoPlayer::genmove`]'s, with the same seed and budget.

use std::time::{Duration, Instant};

use go_board::{Board, Color, Move, Point};
use go_gtp::{MoveGenerator, TimedGame};
use go_mcts::Budget;
use go_mcts::go::{Decision, GoPlayer, PlayerOptions};
use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, CommunicatorCollectives, Source};

use crate::wire::{Op, Request};

/// The tag of requests.
pub const TAG_REQUEST: i32 = 20;
/// How often a waiting rank looks for a request.
pub const POLL: Duration = Duration::from_micros(500);

/// Merged (or one rank's) root statistics: see the [module docs](self).
#[derive(Clone, Debug, PartialEq)]
pub struct RootStats {
    size: usize,
    data: Vec<f64>,
}

impl RootStats {
    /// Empty statistics for a board of `size`.
    #[must_use]
    pub fn new(size: usize) -> RootStats {
        RootStats {
            size,
            data: vec![0.0; 2 + 2 * (size * size + 1)],
        }
    }

    /// The number of `f64`s reduced.
    #[must_use]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Never: the array always has its counters.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    fn slots(&self) -> usize {
        self.size * self.size + 1
    }

    fn index(&self, mv: Move) -> usize {
        mv.point()
            .map_or(self.slots() - 1, |p| p.row() * self.size + p.col())
    }

    fn move_at(&self, i: usize) -> Move {
        if i + 1 == self.slots() {
            Move::Pass
        } else {
            Move::Play(Point::new(i % self.size, i / self.size))
        }
    }

    /// Ranks whose budget is spent.
    #[must_use]
    pub fn done(&self) -> f64 {
        self.data[0]
    }

    /// Playouts of this move, all ranks.
    #[must_use]
    pub fn playouts(&self) -> f64 {
        self.data[1]
    }

    /// Visits and wins of `mv`.
    #[must_use]
    pub fn of(&self, mv: Move) -> (f64, f64) {
        let i = self.index(mv);
        (self.data[2 + i], self.data[2 + self.slots() + i])
    }

    /// The most visited move among those `allowed`, with its visits and
    /// win rate.
    pub fn best(&self, allowed: impl Fn(Move) -> bool) -> Option<(Move, f64, f64)> {
        (0..self.slots())
            .map(|i| self.move_at(i))
            .filter(|&m| allowed(m))
            .map(|m| {
                let (v, w) = self.of(m);
                (m, v, if v > 0.0 { w / v } else { 0.0 })
            })
            .filter(|&(_, v, _)| v > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1).then(a.2.total_cmp(&b.2)))
    }
}

/// The merged statistics at the end of a move, with the reductions
/// made and the playouts of all slices and ranks.
struct Searched {
    stats: RootStats,
    reductions: u32,
    playouts: f64,
}

/// A rank's search for one move, reduced every `interval`.
fn search(
    world: &SimpleCommunicator,
    player: &mut GoPlayer,
    request: &Request,
    interval: Duration,
) -> Searched {
    let mut reductions = 0;
    let mut all_playouts = 0.0;
    let started = Instant::now();
    let size = request.board.size();
    let time = request
        .time_ms
        .map(|ms| Duration::from_millis(u64::from(ms)));
    let playouts = player.options().playouts_per_move;
    let mut made = 0u64;
    // The rank's root statistics so far: a rank whose budget is spent
    // offers them again while the others finish.
    let mut local = RootStats::new(size);
    let mut over = false;
    loop {
        let left_time = time.map(|t| t.saturating_sub(started.elapsed()));
        let left_playouts = playouts.map(|p| p.saturating_sub(made));
        let spent = over || left_time.is_some_and(|t| t.is_zero()) || left_playouts == Some(0);
        local.data[1] = 0.0;
        if !spent {
            let slice = left_time.map_or(interval, |t| t.min(interval));
            let budget = Budget::new(left_playouts, Some(slice));
            let result = player.analyze(&request.board, request.color, request.komi, budget);
            made += result.playouts;
            local = RootStats::new(size);
            local.data[1] = result.playouts as f64;
            let slots = local.slots();
            for m in &result.moves {
                let i = local.index(m.mv);
                local.data[2 + i] = f64::from(m.visits);
                local.data[2 + slots + i] = f64::from(m.visits) * f64::from(m.value);
            }
            // The game is over at the root: nothing to search.
            over |= result.moves.is_empty();
        }
        let left_time = time.map(|t| t.saturating_sub(started.elapsed()));
        let spent = over
            || left_time.is_some_and(|t| t.is_zero())
            || playouts.is_some_and(|p| made >= p)
            || (time.is_none() && playouts.is_none());
        local.data[0] = f64::from(u8::from(spent));
        let mut merged = RootStats::new(size);
        reduce(world, &local.data, &mut merged.data);
        reductions += 1;
        all_playouts += merged.playouts();
        if merged.done() >= f64::from(world.size()) {
            return Searched {
                stats: merged,
                reductions,
                playouts: all_playouts,
            };
        }
    }
}

/// Sums `local` over the ranks into `merged` (`MPI_Iallreduce`), polling
/// every [`POLL`] rather than spinning in a blocking reduction: a rank
/// that finished its slice first leaves the core to the others.
fn reduce(world: &SimpleCommunicator, local: &[f64], merged: &mut [f64]) {
    mpi::request::scope(|scope| {
        let mut request =
            world.immediate_all_reduce_into(scope, local, merged, SystemOperation::sum());
        loop {
            match request.test() {
                Ok(_) => break,
                Err(r) => {
                    request = r;
                    std::thread::sleep(POLL);
                }
            }
        }
    });
}

/// What rank 0 learnt from one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The decision.
    pub decision: Decision,
    /// Merged visits of the chosen move.
    pub visits: f64,
    /// Its merged win rate.
    pub value: f64,
    /// Playouts of the move, all ranks.
    pub playouts: f64,
    /// Reductions made.
    pub reductions: u32,
    /// The move's time.
    pub elapsed: Duration,
}

/// Rank 0's player: go-mcts's player and the reduction interval.
#[derive(Debug)]
pub struct RootParallel {
    player: GoPlayer,
    interval: Duration,
    last: Option<Merged>,
    playouts: u64,
}

/// The seed of `rank`'s search from the common seed: rank 0 keeps it (one
/// rank plays as the plain player).
#[must_use]
pub fn rank_seed(seed: u64, rank: usize) -> u64 {
    seed ^ (rank as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl RootParallel {
    /// A player with `options` (rank 0's seed) reducing every `interval`.
    #[must_use]
    pub fn new(options: PlayerOptions, interval: Duration) -> RootParallel {
        RootParallel {
            player: GoPlayer::new(options),
            interval,
            last: None,
            playouts: 0,
        }
    }

    /// The last move's merged figures.
    #[must_use]
    pub fn last(&self) -> Option<&Merged> {
        self.last.as_ref()
    }

    /// Playouts of every move so far, all ranks (from the reductions).
    #[must_use]
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The decision for `color` on `board` with every rank of `world`.
    pub fn genmove(
        &mut self,
        world: &SimpleCommunicator,
        board: &Board,
        color: Color,
        komi: f32,
    ) -> Decision {
        let started = Instant::now();
        if world.size() == 1 {
            let d = self.player.genmove(board, color, komi);
            let r = self.player.last_result();
            let playouts = r.map_or(0, |r| r.playouts);
            self.playouts += playouts;
            let best = r.and_then(|r| r.moves.first());
            self.last = Some(Merged {
                decision: d,
                visits: best.map_or(0.0, |m| f64::from(m.visits)),
                value: best.map_or(0.0, |m| f64::from(m.value)),
                playouts: playouts as f64,
                reductions: 0,
                elapsed: started.elapsed(),
            });
            return d;
        }
        let request = Request {
            op: Op::Genmove,
            board: board.clone(),
            color,
            komi,
            seed: 0,
            time_ms: self
                .player
                .time_for_move(board, color)
                .map(|t| t.as_millis().min(u128::from(u32::MAX)) as u32),
        };
        send_request(world, &request);
        let Searched {
            stats: merged,
            reductions,
            playouts,
        } = search(world, &mut self.player, &request, self.interval);
        self.playouts += playouts as u64;
        let legal = |m: Move| match m {
            Move::Play(p) => board.is_legal(color, p),
            Move::Pass => true,
        };
        let options = self.player.options();
        let (decision, visits, value) = match merged.best(legal) {
            None => (Decision::Move(Move::Pass), 0.0, 0.0),
            Some((mv, visits, value)) => {
                let total: f64 = (0..merged.slots()).map(|i| merged.data[2 + i]).sum();
                let resign = options.resign_below > 0.0
                    && value < f64::from(options.resign_below)
                    && total >= options.resign_min_playouts as f64;
                let d = if resign {
                    Decision::Resign
                } else {
                    Decision::Move(mv)
                };
                (d, visits, value)
            }
        };
        self.last = Some(Merged {
            decision,
            visits,
            value,
            playouts,
            reductions,
            elapsed: started.elapsed(),
        });
        decision
    }
}

fn send_request(world: &SimpleCommunicator, request: &Request) {
    crate::send_to_other_ranks(world, request, TAG_REQUEST);
}

/// Rank 0: tells the other ranks that the game is over.
pub fn quit(world: &SimpleCommunicator) {
    if world.size() > 1 {
        send_request(world, &Request::quit());
    }
}

/// Ranks 1..: search with `options` (the seed made the rank's own by
/// [`rank_seed`]) on every request until rank 0 quits; live-analysis
/// requests with `analysis` ([`live`](crate::live)).
pub fn run_searcher(
    world: &SimpleCommunicator,
    mut options: PlayerOptions,
    interval: Duration,
    analysis: &go_position_analyzer::AnalyzerOptions,
) {
    options.search.seed = rank_seed(options.search.seed, world.rank() as usize);
    let mut player = GoPlayer::new(options);
    let root = world.process_at_rank(0);
    loop {
        while root.immediate_probe_with_tag(TAG_REQUEST).is_none() {
            std::thread::sleep(POLL);
        }
        let (data, _) = root.receive_vec_with_tag::<i32>(TAG_REQUEST);
        match Request::decode(&data) {
            Ok(r) if r.op == Op::Genmove => {
                search(world, &mut player, &r, interval);
            }
            Ok(r) if r.op == Op::Analyze => {
                let (data, _) = root.receive_vec_with_tag::<i32>(TAG_REQUEST);
                match crate::wire::LiveParams::decode(&data) {
                    Ok(params) => crate::live::search(world, &r, &params, analysis),
                    Err(e) => {
                        eprintln!("rank {}: {e}", world.rank());
                        return;
                    }
                }
            }
            _ => return,
        }
    }
}

/// The root-parallel player as go-gtp's move generator for rank 0's GTP
/// front end; the GTP clock is the plain player's.
#[derive(Debug)]
pub struct MpiMctsGenerator {
    player: RootParallel,
}

impl MpiMctsGenerator {
    /// A generator over `player`.
    #[must_use]
    pub fn new(player: RootParallel) -> MpiMctsGenerator {
        MpiMctsGenerator { player }
    }

    /// The player.
    #[must_use]
    pub fn player(&self) -> &RootParallel {
        &self.player
    }
}

impl MoveGenerator for MpiMctsGenerator {
    fn generate(&mut self, game: &TimedGame, color: Color) -> go_gtp::Decision {
        let clock = game.clock();
        let p = &mut self.player.player;
        match clock.settings {
            Some(s) if !s.is_unlimited() => {
                p.set_time_settings(s.main_time, s.byo_yomi_time, s.byo_yomi_stones);
                for c in Color::ALL {
                    if let Some(left) = clock.left[c] {
                        p.set_time_left(c, left.time, left.stones);
                    }
                }
            }
            _ => p.set_time_settings(Duration::ZERO, Duration::ZERO, 0),
        }
        let world = SimpleCommunicator::world();
        self.player
            .genmove(&world, game.board(), color, game.board().rules().komi)
    }
}
