//! Batch analysis over MPI: the dataset of a game collection
//! (go-position-analyzer's [`batch`], as
//! `cargo xtask dataset` builds it on one machine) with its positions
//! spread over the ranks.
//!
//! Rank 0 lists the positions ([`plan`]) and leaves out those whose file
//! is written (a resumed run); the *k*-th position left goes to rank
//! `k mod ranks` — rank 0 included, on a thread of its own — a rule that
//! does not depend on timing. Rank 0 sends each worker its positions one
//! at a time, as the game record's bytes and the move number (so workers
//! need no shared file system), and the next when the worker's result
//! comes back: the file's bytes (CSV or ARFF) with its row count, board size and
//! Black's win ratio, or the error. Rank 0 writes every file itself and
//! the index in the positions' order at the end ([`finish`]), so that
//! the output is byte for byte `cargo xtask dataset`'s whatever the
//! number of ranks.
//!
//! ## Figures
//!
//! Measured on a 2-core machine under a load average of 10–12 from other
//! jobs (release build; GNU Go's 18 Olympiad 2004 9×9 games, a position
//! every 5 moves from move 5: 212 positions, 2,000 playouts each, 56,123
//! rows; two runs each): `cargo xtask dataset --jobs 1` 589/min, one
//! rank 590–594 positions/min, two ranks 777–785 (+32 %), four ranks
//! (oversubscribed) 612–631. A position sent to another rank costs
//! 7.5–7.7 ms more than its analysis with two ranks and 21–23 ms with
//! four (message transfer, rank 0's polling and, mostly, waiting for a
//! core), against about 100 ms of analysis: with more ranks than cores
//! the overhead grows and the throughput falls back. Every run's files
//! were byte for byte `xtask`'s.
//!
//! Messages: a job is `[index, move]` (`i32`, index −1 for "no more")
//! then the record's bytes; a result is `[index, ok, rows, size, black
//! win ratio, analysis seconds]` (`f64`) then the file or the error text.
//!
//! [`plan`]: go_position_analyzer::batch::plan
//! [`finish`]: go_position_analyzer::batch::finish

use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use go_position_analyzer::batch::{
    self, Analysed, BatchError, BatchOptions, Job, JobOutcome, Summary, analyse_bytes,
};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, Destination, Source};

use crate::mcts::POLL;

/// The tag of jobs.
pub const TAG_JOB: i32 = 30;
/// The tag of results.
pub const TAG_RESULT: i32 = 31;

/// The rank that analyses the `k`-th position left to do among `size`
/// ranks.
///
/// ```
/// let ranks: Vec<usize> = (0..5).map(|k| go_mpi::batch::rank_of_job(k, 3)).collect();
/// assert_eq!(ranks, [0, 1, 2, 0, 1]);
/// ```
#[must_use]
pub fn rank_of_job(k: usize, size: usize) -> usize {
    k % size.max(1)
}

/// What rank 0 measured of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The counts, as the single-process run has them.
    pub summary: Summary,
    /// Positions to do (not written before).
    pub pending: usize,
    /// The run's wall-clock time.
    pub elapsed: Duration,
    /// Positions sent to other ranks.
    pub remote: usize,
    /// Their total time from the job's sending to its result's arrival
    /// less the worker's analysis time: the cost of spreading them.
    pub remote_overhead: Duration,
}

impl Report {
    /// Analysed positions per minute of the run.
    #[must_use]
    pub fn per_minute(&self) -> f64 {
        self.summary.analysed as f64 / self.elapsed.as_secs_f64().max(1e-9) * 60.0
    }

    /// The mean overhead of a position sent to another rank.
    #[must_use]
    pub fn overhead_per_position(&self) -> Duration {
        match self.remote {
            0 => Duration::ZERO,
            n => self.remote_overhead / n as u32,
        }
    }
}

/// A finished analysis on its way to rank 0's writer.
struct Finished {
    index: usize,
    result: Result<Analysed, String>,
}

/// Rank 0: the dataset of `jobs` (in the order of
/// [`plan`](go_position_analyzer::batch::plan)) with every rank of
/// `world`, writing into `options.out`; `progress` is told of each
/// position done. The other ranks run [`work`].
///
/// # Errors
/// [`BatchError::Io`] when the index cannot be written (a position's
/// own failure is its [`JobOutcome::Failed`]).
pub fn run(
    world: &SimpleCommunicator,
    jobs: &[Job],
    options: &BatchOptions,
    mut progress: impl FnMut(usize, &JobOutcome),
) -> Result<(Report, Vec<JobOutcome>), BatchError> {
    let start = Instant::now();
    let size = world.size().max(1) as usize;
    let mut outcomes: Vec<Option<JobOutcome>> = jobs
        .iter()
        .map(|j| batch::is_done(options, j).then_some(JobOutcome::Skipped))
        .collect();
    let pending: Vec<usize> = (0..jobs.len()).filter(|&i| outcomes[i].is_none()).collect();
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); size];
    for (k, &i) in pending.iter().enumerate() {
        queues[rank_of_job(k, size)].push_back(i);
    }
    // Rank 0's share, on a thread of its own (MPI stays on this one).
    let (tx, rx) = mpsc::channel::<Finished>();
    let own: Vec<(usize, Job)> = queues[0].drain(..).map(|i| (i, jobs[i].clone())).collect();
    let own_options = options.clone();
    let local = std::thread::spawn(move || {
        for (index, job) in own {
            let result = std::fs::read(&job.game)
                .map_err(|e| format!("{}: {e}", job.game.display()))
                .and_then(|bytes| {
                    analyse_bytes(&bytes, job.before_move, &own_options).map_err(|e| e.to_string())
                });
            if tx.send(Finished { index, result }).is_err() {
                return;
            }
        }
    });
    // The job each worker has, and when it was sent.
    let mut busy: Vec<Option<(usize, Instant)>> = vec![None; size];
    let (mut remote, mut remote_overhead) = (0, Duration::ZERO);
    let mut record = |index: usize,
                      result: Result<Analysed, String>,
                      outcomes: &mut Vec<Option<JobOutcome>>| {
        let outcome = match result {
            Ok(a) => {
                JobOutcome::of_written(&options.out.join(jobs[index].file_name(options.format)), &a)
            }
            Err(e) => JobOutcome::Failed(e),
        };
        progress(index, &outcome);
        outcomes[index] = Some(outcome);
    };
    for (rank, queue) in queues.iter_mut().enumerate().skip(1) {
        send_next(world, rank, jobs, queue, &mut busy, &mut |i, e| {
            record(i, Err(e), &mut outcomes);
        });
    }
    let mut left = pending.len();
    while left > 0 {
        let mut got = false;
        for rank in 1..size {
            let Some((index, sent)) = busy[rank] else {
                continue;
            };
            let process = world.process_at_rank(rank as i32);
            if process.immediate_probe_with_tag(TAG_RESULT).is_none() {
                continue;
            }
            let (head, _) = process.receive_vec_with_tag::<f64>(TAG_RESULT);
            let (body, _) = process.receive_vec_with_tag::<u8>(TAG_RESULT);
            let result = decode_result(&head, body);
            let seconds = head.get(5).copied().filter(|s| s.is_finite() && *s >= 0.0);
            remote += 1;
            remote_overhead += sent
                .elapsed()
                .saturating_sub(Duration::from_secs_f64(seconds.unwrap_or(0.0)));
            // A result always answers the job sent; its index is checked.
            let result = match head.first() {
                Some(&i) if i as usize == index => result,
                _ => Err(format!("rank {rank} answered another position")),
            };
            record(index, result, &mut outcomes);
            left -= 1;
            busy[rank] = None;
            send_next(
                world,
                rank,
                jobs,
                &mut queues[rank],
                &mut busy,
                &mut |i, e| {
                    record(i, Err(e), &mut outcomes);
                    left -= 1;
                },
            );
            got = true;
        }
        while let Ok(f) = rx.try_recv() {
            record(f.index, f.result, &mut outcomes);
            left -= 1;
            got = true;
        }
        if !got {
            std::thread::sleep(POLL);
        }
    }
    let _ = local.join();
    let outcomes: Vec<JobOutcome> = outcomes
        .into_iter()
        .map(|o| o.unwrap_or_else(|| JobOutcome::Failed("never analysed".to_string())))
        .collect();
    let summary = batch::finish(options, jobs, &outcomes)?;
    Ok((
        Report {
            summary,
            pending: pending.len(),
            elapsed: start.elapsed(),
            remote,
            remote_overhead,
        },
        outcomes,
    ))
}

/// Sends `rank` the next job of its queue whose record can be read (a
/// record that cannot is `failed` at once), or "no more".
fn send_next(
    world: &SimpleCommunicator,
    rank: usize,
    jobs: &[Job],
    queue: &mut VecDeque<usize>,
    busy: &mut [Option<(usize, Instant)>],
    failed: &mut dyn FnMut(usize, String),
) {
    let process = world.process_at_rank(rank as i32);
    while let Some(index) = queue.pop_front() {
        let job = &jobs[index];
        match std::fs::read(&job.game) {
            Ok(bytes) => {
                let head = [index as i32, job.before_move as i32];
                busy[rank] = Some((index, Instant::now()));
                process.send_with_tag(&head[..], TAG_JOB);
                process.send_with_tag(&bytes[..], TAG_JOB);
                return;
            }
            Err(e) => failed(index, format!("{}: {e}", job.game.display())),
        }
    }
    process.send_with_tag(&[-1i32, 0][..], TAG_JOB);
}

fn decode_result(head: &[f64], body: Vec<u8>) -> Result<Analysed, String> {
    let field = |i: usize| head.get(i).copied().unwrap_or(f64::NAN);
    if field(1) != 1.0 {
        return Err(String::from_utf8_lossy(&body).into_owned());
    }
    let (rows, size, black) = (field(2), field(3), field(4));
    if !(rows >= 0.0 && (2.0..=25.0).contains(&size) && black.is_finite()) {
        return Err("a malformed result".to_string());
    }
    Ok(Analysed {
        bytes: body,
        rows: rows as usize,
        size: size as usize,
        black: black as f32,
    })
}

/// Ranks 1..: analyse the positions rank 0 sends with `options` until it
/// says there are no more.
pub fn work(world: &SimpleCommunicator, options: &BatchOptions) {
    let root = world.process_at_rank(0);
    loop {
        while root.immediate_probe_with_tag(TAG_JOB).is_none() {
            std::thread::sleep(POLL);
        }
        let (head, _) = root.receive_vec_with_tag::<i32>(TAG_JOB);
        let (Some(&index), Some(&before_move)) = (head.first(), head.get(1)) else {
            return;
        };
        if index < 0 {
            return;
        }
        let (bytes, _) = root.receive_vec_with_tag::<u8>(TAG_JOB);
        let started = Instant::now();
        let result = u32::try_from(before_move)
            .map_err(|_| format!("bad move number {before_move}"))
            .and_then(|m| analyse_bytes(&bytes, m, options).map_err(|e| e.to_string()));
        let seconds = started.elapsed().as_secs_f64();
        let (head, body) = match result {
            Ok(a) => (
                [
                    f64::from(index),
                    1.0,
                    a.rows as f64,
                    a.size as f64,
                    f64::from(a.black),
                    seconds,
                ],
                a.bytes,
            ),
            Err(e) => (
                [f64::from(index), 0.0, 0.0, 0.0, 0.0, seconds],
                e.into_bytes(),
            ),
        };
        root.send_with_tag(&head[..], TAG_RESULT);
        root.send_with_tag(&body[..], TAG_RESULT);
    }
}
