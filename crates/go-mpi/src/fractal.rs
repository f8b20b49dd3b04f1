//! Fractal Go's architecture on MPI (the report's final protocol, §7.4.3):
//! rank 0 the server, rank 1 the pattern searcher, ranks 2.. the zone
//! searchers.
//!
//! One move:
//! 1. the server sends the position ([`Request`], tag [`TAG_REQUEST`])
//!    to every other rank;
//! 2. the pattern searcher looks the position up and answers at once
//!    ([`Answer`], tag [`TAG_ANSWER`]); meanwhile each zone searcher reads
//!    its parts ([`share::rank_of_part`]) on a search thread while its main
//!    thread waits for the verdict;
//! 3. the server sends every zone searcher the verdict (one `i32`, tag
//!    [`TAG_VERDICT`]): 1 when a pattern was found. A zone searcher then
//!    sets its search's stop flag (cooperative cancellation: the
//!    proof-number search reads it every few hundred nodes) and answers
//!    with what it has; otherwise it answers when its search ends;
//! 4. the server takes every answer and chooses ([`share::merge`]): the
//!    pattern overrides, else the best zone's move.
//!
//! Every rank always answers, so the ranks stay in step without the
//! report's flushing of input streams. The server sends the whole game
//! with each request: the searchers keep no board between moves.
//! Only the main thread of each rank calls MPI (`MPI_THREAD_FUNNELED`),
//! and waiting ranks poll ([`POLL`]) instead of spinning in a blocking
//! receive, so that idle ranks leave the cores to the searches (and to
//! an opponent's engine on the same machine).
//!
//! With fewer than three ranks, rank 0 plays alone with
//! [`FractalPlayer::choose`] and the others wait for the end.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use go_board::{Board, Color};
use go_fractal::{Choice, FractalPlayer, Knowledge, PlayerOptions, Turn, pattern_choice};
use go_gtp::{Decision, MoveGenerator, TimedGame};
use mpi::Rank;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, Destination, Source};

use crate::share::{self, FIRST_ZONE_RANK, is_distributed, parts_of_rank, search_parts};
use crate::wire::{ANSWER_LEN, Answer, Op, Request, TAG_ANSWER, TAG_VERDICT};

/// The tag of requests.
pub const TAG_REQUEST: i32 = 10;
/// The rank of the pattern searcher.
pub const PATTERN_RANK: usize = 1;
/// How often a waiting rank looks for a message.
pub const POLL: Duration = Duration::from_micros(500);

/// Waits, polling, for a message from `from` with `tag`.
fn wait_for(world: &SimpleCommunicator, from: usize, tag: i32) {
    let p = world.process_at_rank(from as Rank);
    while p.immediate_probe_with_tag(tag).is_none() {
        std::thread::sleep(POLL);
    }
}

fn receive_answer(world: &SimpleCommunicator, from: usize, size: usize) -> Answer {
    wait_for(world, from, TAG_ANSWER);
    let mut buf = [0.0f64; ANSWER_LEN];
    world
        .process_at_rank(from as Rank)
        .receive_into_with_tag(&mut buf[..], TAG_ANSWER);
    Answer::decode(&buf, size)
}

/// What the server learnt from one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Served {
    /// The move chosen.
    pub choice: Choice,
    /// The zone searchers' answers, by rank from 2 (empty when not
    /// distributed).
    pub answers: Vec<Answer>,
    /// When a pattern was found: the time from the verdict sent to the
    /// last zone searcher's answer received.
    pub cancel: Option<Duration>,
    /// The whole move's time.
    pub elapsed: Duration,
}

/// Rank 0: the player, its knowledge, and a pause before the verdict
/// (a measuring aid, zero in play).
#[derive(Debug)]
pub struct Server {
    player: FractalPlayer,
    knowledge: Knowledge,
    verdict_delay: Duration,
}

impl Server {
    /// A server playing with `options` and `knowledge` (every rank must
    /// be given the same).
    #[must_use]
    pub fn new(options: PlayerOptions, knowledge: Knowledge) -> Server {
        Server {
            player: FractalPlayer::new(options),
            knowledge,
            verdict_delay: Duration::ZERO,
        }
    }

    /// Holds the verdict for `delay` so that the zone searches are well
    /// under way when a found pattern cancels them: what the cancellation
    /// latency is measured with.
    #[must_use]
    pub fn with_verdict_delay(mut self, delay: Duration) -> Server {
        self.verdict_delay = delay;
        self
    }

    /// The move `color` plays on `board`, chosen by all the ranks of
    /// `world` (rank 0 calls this; the others run [`run_searcher`]).
    pub fn choose(
        &mut self,
        world: &SimpleCommunicator,
        board: &Board,
        color: Color,
        komi: f32,
    ) -> Served {
        let started = Instant::now();
        let size = world.size() as usize;
        if !is_distributed(size) {
            let choice = self.player.choose(board, &self.knowledge, color);
            return Served {
                choice,
                answers: Vec::new(),
                cancel: None,
                elapsed: started.elapsed(),
            };
        }
        let options = self.player.options().clone();
        let request = Request {
            op: Op::Genmove,
            board: board.clone(),
            color,
            komi,
            seed: self.player.next_seed(),
            time_ms: options
                .time_per_move
                .map(|t| t.as_millis().min(u128::from(u32::MAX)) as u32),
        };
        send_request(world, &request);
        let pattern = receive_answer(world, PATTERN_RANK, board.size())
            .choice
            .map(|(_, c)| c);
        if !self.verdict_delay.is_zero() {
            std::thread::sleep(self.verdict_delay);
        }
        let verdict = i32::from(pattern.is_some());
        for rank in FIRST_ZONE_RANK..size {
            world
                .process_at_rank(rank as Rank)
                .send_with_tag(&verdict, TAG_VERDICT);
        }
        let sent = Instant::now();
        let answers: Vec<Answer> = (FIRST_ZONE_RANK..size)
            .map(|rank| receive_answer(world, rank, board.size()))
            .collect();
        let cancel = pattern.is_some().then(|| sent.elapsed());
        let mut turn = Turn::new(board, color, &self.knowledge, &options, request.seed);
        let choice = share::merge(pattern, &answers, &mut turn);
        Served {
            choice,
            answers,
            cancel,
            elapsed: started.elapsed(),
        }
    }
}

/// Rank 0: tells the other ranks that the game is over ([`run_searcher`]
/// returns).
pub fn quit(world: &SimpleCommunicator) {
    if world.size() > 1 {
        send_request(world, &Request::quit());
    }
}

fn send_request(world: &SimpleCommunicator, request: &Request) {
    crate::send_to_other_ranks(world, request, TAG_REQUEST);
}

/// Ranks 1..: answers the server's requests until it quits. Every rank
/// must be given the options and knowledge of the [`Server`].
pub fn run_searcher(world: &SimpleCommunicator, options: &PlayerOptions, knowledge: &Knowledge) {
    let rank = world.rank() as usize;
    let size = world.size() as usize;
    loop {
        wait_for(world, 0, TAG_REQUEST);
        let (data, _) = world
            .process_at_rank(0)
            .receive_vec_with_tag::<i32>(TAG_REQUEST);
        let request = match Request::decode(&data) {
            Ok(r) if r.op == Op::Genmove && is_distributed(size) => r,
            Ok(r) if r.op == Op::Genmove => continue,
            // Quit, or a request this rank cannot read: leave, so that the
            // server's next receive fails loudly rather than hangs on a
            // wrong answer.
            _ => return,
        };
        let answer = if rank == PATTERN_RANK {
            let started = Instant::now();
            let choice = options
                .patterns
                .then(|| pattern_choice(&request.board, knowledge, request.color))
                .flatten();
            Answer {
                choice: choice.map(|c| (0, c)),
                cancel_us: 0.0,
                search_us: started.elapsed().as_secs_f64() * 1e6,
            }
        } else {
            search_zones(world, rank, size, &request, options, knowledge)
        };
        world
            .process_at_rank(0)
            .send_with_tag(&answer.encode(request.board.size())[..], TAG_ANSWER);
    }
}

/// A zone searcher's move: its parts read on a search thread while this
/// thread waits for the verdict and stops the search on a pattern.
fn search_zones(
    world: &SimpleCommunicator,
    rank: usize,
    size: usize,
    request: &Request,
    options: &PlayerOptions,
    knowledge: &Knowledge,
) -> Answer {
    let stop = Arc::new(AtomicBool::new(false));
    let time = request
        .time_ms
        .map(|ms| Duration::from_millis(u64::from(ms)));
    let started = Instant::now();
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            let mut turn = Turn::new(
                &request.board,
                request.color,
                knowledge,
                options,
                request.seed,
            );
            let parts: Vec<usize> = parts_of_rank(rank, size, turn.parts()).collect();
            let choice = search_parts(&mut turn, &parts, time, Some(&stop));
            (choice, started.elapsed())
        });
        wait_for(world, 0, TAG_VERDICT);
        let mut verdict = 0i32;
        world
            .process_at_rank(0)
            .receive_into_with_tag(&mut verdict, TAG_VERDICT);
        let told = Instant::now();
        if verdict != 0 {
            stop.store(true, Ordering::Relaxed);
        }
        let (choice, searched) = match search.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        Answer {
            choice,
            cancel_us: if verdict != 0 {
                told.elapsed().as_secs_f64() * 1e6
            } else {
                0.0
            },
            search_us: searched.as_secs_f64() * 1e6,
        }
    })
}

/// The distributed player as go-gtp's move generator, for rank 0's GTP
/// front end: `genmove` asks every rank (the world communicator).
#[derive(Debug)]
pub struct MpiFractalGenerator {
    server: Server,
    last: Option<Served>,
}

impl MpiFractalGenerator {
    /// A generator over `server`.
    #[must_use]
    pub fn new(server: Server) -> MpiFractalGenerator {
        MpiFractalGenerator { server, last: None }
    }

    /// What the last move's ranks answered.
    #[must_use]
    pub fn last(&self) -> Option<&Served> {
        self.last.as_ref()
    }
}

impl MoveGenerator for MpiFractalGenerator {
    fn generate(&mut self, game: &TimedGame, color: Color) -> Decision {
        let world = SimpleCommunicator::world();
        let served = self
            .server
            .choose(&world, game.board(), color, game.rules().komi);
        let mv = served.choice.mv;
        self.last = Some(served);
        mv.into()
    }
}
