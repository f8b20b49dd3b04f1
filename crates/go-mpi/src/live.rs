//! Live analysis (`lz-analyze`, `kata-analyze`) from root-parallel
//! searches: every rank analyses the position with go-position-analyzer
//! (its own tree and seed, [`rank_seed`]), and
//! rank 0 writes each interval's line from the ranks' root statistics
//! added up ([`LiveStats::merge`]), in the format of the single-process
//! engine.
//!
//! The protocol, after rank 0's request ([`Op::Analyze`]) and its
//! [`LiveParams`]: every searcher reports its statistics
//! ([`encode_stats`], tag [`TAG_LIVE_STATS`]) at each of its intervals
//! and once more when its `maxvisits` are spent; rank 0 writes line *k*
//! when every searcher has sent its *k*-th report or finished, searching
//! on meanwhile. Rank 0 ends the analysis — the next GTP command came,
//! or every rank finished — with a stop message ([`TAG_LIVE_STOP`]) to
//! each searcher, which checks for it between search slices and answers
//! with an acknowledgement (a report of round −1); rank 0 drops reports
//! still on their way until then, so no message outlives the analysis.
//!
//! A report is 9 `f64`s, one per point (the root's ownership), and 7
//! plus the variation's length per root move: on 9×9 about 6 KB, on
//! 19×19 about 13 KB with short variations and 79 KB at worst (each of
//! the 362 root moves with a variation of 20), once a rank and interval.

use std::time::{Duration, Instant};

use go_board::Board;
use go_position_analyzer::gtp::{LiveRequest, LiveStats, search_slice};
use go_position_analyzer::{Analysis, AnalyzerOptions};
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, Destination, Source};

use crate::mcts::{POLL, TAG_REQUEST, rank_seed};
use crate::wire::{LiveParams, Op, Request, decode_stats, encode_stats};

/// The tag of searchers' statistics and acknowledgements.
pub const TAG_LIVE_STATS: i32 = 21;
/// The tag of rank 0's stop message.
pub const TAG_LIVE_STOP: i32 = 22;

/// The analysis options of `rank`: `options` with the rank's own seed.
///
/// ```
/// use go_position_analyzer::AnalyzerOptions;
/// let o = AnalyzerOptions::default();
/// assert_eq!(go_mpi::live::rank_options(&o, 0), o);
/// assert_ne!(go_mpi::live::rank_options(&o, 1).search.seed, o.search.seed);
/// ```
#[must_use]
pub fn rank_options(options: &AnalyzerOptions, rank: usize) -> AnalyzerOptions {
    let mut o = options.clone();
    o.search.seed = rank_seed(o.search.seed, rank);
    o
}

/// What rank 0 knows of a searcher during an analysis.
#[derive(Debug, Default)]
struct Searcher {
    latest: Option<LiveStats>,
    rounds: u64,
    finished: bool,
}

/// Rank 0: a live analysis of `board` on every rank of `world`, calling
/// `emit` with each interval's line from the merged statistics until it
/// returns false, every rank's `maxvisits` are spent, or `interrupted`
/// (asked between search slices, as by the single-process
/// [`live_analysis_until`](go_position_analyzer::gtp::live_analysis_until))
/// returns true. With one rank the lines are the single-process
/// engine's.
pub fn live_analysis(
    world: &SimpleCommunicator,
    board: &Board,
    request: &LiveRequest,
    options: &AnalyzerOptions,
    mut emit: impl FnMut(&str) -> bool,
    mut interrupted: impl FnMut() -> bool,
) {
    if interrupted() {
        return;
    }
    let position = request.position(board);
    let others = world.size().max(1) as usize - 1;
    if others > 0 {
        let r = Request {
            op: Op::Analyze,
            board: position.clone(),
            color: position.to_play(),
            komi: options.komi.unwrap_or(position.rules().komi),
            seed: 0,
            time_ms: None,
        };
        crate::send_to_other_ranks(world, &r, TAG_REQUEST);
        let params = LiveParams::of(request).encode();
        for rank in 1..world.size() {
            world
                .process_at_rank(rank)
                .send_with_tag(&params[..], TAG_REQUEST);
        }
    }
    let mut searchers: Vec<Searcher> = (0..others).map(|_| Searcher::default()).collect();
    let mut analysis = Analysis::new(&position, options);
    let start = Instant::now();
    let mut next = request.interval;
    let mut lines = 0u64;
    let mut finished = false;
    loop {
        if interrupted() {
            return stop_searchers(world);
        }
        receive_reports(world, &mut searchers);
        let elapsed = start.elapsed();
        if !finished && elapsed < next {
            finished = search_slice(&mut analysis, request, next - elapsed);
            if !finished {
                continue;
            }
        }
        let all_finished = finished && searchers.iter().all(|s| s.finished);
        let reported = searchers.iter().all(|s| s.finished || s.rounds > lines);
        let due = all_finished || (start.elapsed() >= next && reported);
        if !due {
            // A line is due but a searcher's report is not in yet.
            if finished {
                std::thread::sleep(POLL);
            } else {
                finished = search_slice(&mut analysis, request, Duration::ZERO);
            }
            continue;
        }
        if interrupted() {
            return stop_searchers(world);
        }
        next = next.saturating_add(request.interval);
        lines += 1;
        let mut parts = vec![LiveStats::of(&analysis)];
        parts.extend(searchers.iter().filter_map(|s| s.latest.clone()));
        let line = LiveStats::merge(&parts).map_or_else(String::new, |m| m.info_line(request));
        if line.is_empty() {
            // Nothing visited yet: no line, unless nothing ever will be.
            if all_finished {
                return stop_searchers(world);
            }
            continue;
        }
        if !emit(&line) || all_finished {
            return stop_searchers(world);
        }
    }
}

/// Takes the reports that have arrived.
fn receive_reports(world: &SimpleCommunicator, searchers: &mut [Searcher]) {
    for (i, s) in searchers.iter_mut().enumerate() {
        let process = world.process_at_rank(i as i32 + 1);
        while process.immediate_probe_with_tag(TAG_LIVE_STATS).is_some() {
            let (data, _) = process.receive_vec_with_tag::<f64>(TAG_LIVE_STATS);
            match decode_stats(&data) {
                Ok((round, finished, stats)) => {
                    s.rounds = s.rounds.max(round);
                    s.finished |= finished;
                    s.latest = Some(stats);
                }
                Err(e) => {
                    // A searcher that cannot be understood counts as
                    // finished, so that the analysis does not wait for it.
                    eprintln!("rank {}: {e}", i + 1);
                    s.finished = true;
                }
            }
        }
    }
}

/// Tells every searcher to stop and waits for each acknowledgement,
/// dropping the reports sent before it.
fn stop_searchers(world: &SimpleCommunicator) {
    for rank in 1..world.size() {
        world
            .process_at_rank(rank)
            .send_with_tag(&[1i32][..], TAG_LIVE_STOP);
    }
    for rank in 1..world.size() {
        let process = world.process_at_rank(rank);
        loop {
            while process.immediate_probe_with_tag(TAG_LIVE_STATS).is_none() {
                std::thread::sleep(POLL);
            }
            let (data, _) = process.receive_vec_with_tag::<f64>(TAG_LIVE_STATS);
            if data.first().is_some_and(|&r| r < 0.0) {
                break;
            }
        }
    }
}

/// Ranks 1..: the search of one live-analysis `request` (its
/// [`LiveParams`] received), reporting to rank 0 until it says stop.
pub(crate) fn search(
    world: &SimpleCommunicator,
    request: &Request,
    params: &LiveParams,
    options: &AnalyzerOptions,
) {
    let root = world.process_at_rank(0);
    let stopped = || root.immediate_probe_with_tag(TAG_LIVE_STOP).is_some();
    let mut position = request.board.clone();
    position.set_to_play(request.color);
    let mut options = rank_options(options, world.rank() as usize);
    options.komi = Some(request.komi);
    let live = params.request();
    let mut analysis = Analysis::new(&position, &options);
    let start = Instant::now();
    let mut next = live.interval;
    let mut round = 0;
    let mut finished = false;
    while !stopped() {
        let elapsed = start.elapsed();
        if !finished && elapsed < next {
            finished = search_slice(&mut analysis, &live, next - elapsed);
            if !finished {
                continue;
            }
        }
        round += 1;
        next = next.saturating_add(live.interval);
        let report = encode_stats(round, finished, &LiveStats::of(&analysis));
        root.send_with_tag(&report[..], TAG_LIVE_STATS);
        if finished {
            while !stopped() {
                std::thread::sleep(POLL);
            }
        }
    }
    let _ = root.receive_vec_with_tag::<i32>(TAG_LIVE_STOP);
    root.send_with_tag(&[-1.0f64][..], TAG_LIVE_STATS);
}
