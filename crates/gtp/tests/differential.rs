//! Differential test against GNU Go: random games played into both engines
//! through GTP — ours in-process through `Engine::execute`, GNU Go as a
//! subprocess through the `Controller` — comparing after every move and
//! every undo the stones of both colours (`list_stones`), the captures of
//! both (`captures`), the legal moves of the side to move (`all_legal`) and
//! the liberties of a random block (`countlib`, `findlib`). Each game ends
//! with our `printsgf` loaded back into both engines by `loadsgf` (whole,
//! up to a move number, up to a vertex), compared the same way.
//!
//! Moves are mostly uniform over the legal points (so games are full of
//! captures, kos and self-ataris), with passes, random (often illegal)
//! `play` attempts by either colour, and runs of `undo`. Set
//! `GO_ANALYSIS_DIFF_SEED` to vary the games; a disagreement prints the
//! command sequence that reproduces it.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use go_gtp::controller::{Controller, ControllerError, ControllerOptions};
use go_gtp::go_board::Pcg32;
use go_gtp::protocol::Command as GtpCommand;
use go_gtp::{Color, Engine, GoEngine, HasBoard, HasGame, Point};

/// Uniform indices from the workspace's generator.
struct Dice(Pcg32);

impl Dice {
    /// A number in `0..n` (`n` is a count of points or moves, at least 1).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(u32::try_from(n).expect("a count below 2^32")) as usize
    }
}

/// How many games of which size, and how long.
struct Plan {
    /// `(board size, games, maximum actions per game)`.
    sizes: Vec<(usize, usize, usize)>,
}

#[derive(Debug, Default)]
struct Report {
    games: usize,
    moves: usize,
    passes: usize,
    illegal_attempts: usize,
    undos: usize,
    reloads: usize,
    comparisons: usize,
    disagreements: Vec<String>,
}

/// Both engines, driven in step.
struct Pair {
    ours: Engine<GoEngine>,
    gnugo: Controller,
    /// The commands that changed the position in this game, to reproduce it.
    script: Vec<String>,
}

impl Pair {
    fn ours(&mut self, line: &str) -> Result<String, String> {
        let command: GtpCommand = line.parse().expect("test commands parse");
        let reply = self.ours.execute(&command).reply;
        let text = reply.text().trim().to_string();
        if reply.is_success() {
            Ok(text)
        } else {
            Err(text)
        }
    }

    fn gnugo(&mut self, line: &str) -> Result<String, String> {
        match self.gnugo.request(line) {
            Ok(reply) => {
                let text = reply.text().trim().to_string();
                if reply.is_success() {
                    Ok(text)
                } else {
                    Err(text)
                }
            }
            Err(e @ ControllerError::Failure { .. }) => Err(e.to_string()),
            Err(e) => panic!("GNU Go failed on `{line}`: {e}"),
        }
    }

    /// Sends a command to both; for queries, the answers must be equal;
    /// for actions, both must succeed or both fail. Returns whether they
    /// agreed and whether ours succeeded.
    fn both(&mut self, line: &str, query: bool) -> Result<bool, String> {
        let ours = self.ours(line);
        let theirs = self.gnugo(line);
        if !query {
            self.script.push(line.to_string());
        }
        let agree = if query {
            ours == theirs
        } else {
            ours.is_ok() == theirs.is_ok()
        };
        if agree {
            Ok(ours.is_ok())
        } else {
            Err(format!(
                "`{line}`: ours {ours:?}, GNU Go {theirs:?}\n  after: {}",
                self.script.join("; ")
            ))
        }
    }
}

fn start_gnugo() -> Controller {
    let mut command = Command::new(common::GNUGO);
    command.args(["--mode", "gtp"]).stderr(Stdio::null());
    let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(60)));
    Controller::spawn(command, options).expect("GNU Go starts")
}

fn vertex(p: Point) -> String {
    p.to_string()
}

/// Compares the whole observable position; returns the first disagreement.
fn compare_position(pair: &mut Pair, rng: &mut Dice, report: &mut Report) -> Result<(), String> {
    let to_play = pair.ours.state().board().to_play();
    let mut queries = vec![
        "list_stones black".to_string(),
        "list_stones white".to_string(),
        "captures black".to_string(),
        "captures white".to_string(),
        format!("all_legal {to_play}"),
    ];
    let stones: Vec<Point> = Color::ALL
        .iter()
        .flat_map(|&c| pair.ours.state().board().stones_of(c).iter())
        .collect();
    if !stones.is_empty() {
        let p = vertex(stones[rng.below(stones.len())]);
        queries.push(format!("countlib {p}"));
        queries.push(format!("findlib {p}"));
    }
    for query in queries {
        report.comparisons += 1;
        pair.both(&query, true)?;
    }
    Ok(())
}

/// One random game; returns the first disagreement.
fn play_game(
    pair: &mut Pair,
    size: usize,
    max_actions: usize,
    rng: &mut Dice,
    report: &mut Report,
) -> Result<(), String> {
    pair.script.clear();
    pair.both(&format!("boardsize {size}"), false)?;
    pair.both("clear_board", false)?;
    let mut passes_in_a_row = 0;
    for _ in 0..max_actions {
        let board = pair.ours.state().board();
        let to_play = board.to_play();
        let roll = rng.below(100);
        if roll < 4 && board.can_undo() {
            for _ in 0..=rng.below(3) {
                report.undos += 1;
                pair.both("undo", false)?;
            }
            compare_position(pair, rng, report)?;
            let other = pair.ours.state().board().to_play().opposite();
            report.comparisons += 1;
            pair.both(&format!("all_legal {other}"), true)?;
            passes_in_a_row = 0;
            continue;
        }
        let line = if roll < 7 {
            report.passes += 1;
            passes_in_a_row += 1;
            format!("play {to_play} pass")
        } else if roll < 12 {
            report.illegal_attempts += 1;
            let points = board.geometry().points();
            let color = Color::ALL[rng.below(2)];
            format!("play {color} {}", points[rng.below(points.len())])
        } else {
            let legal: Vec<Point> = board.legal_moves(to_play).iter().collect();
            if legal.is_empty() {
                report.passes += 1;
                passes_in_a_row += 1;
                format!("play {to_play} pass")
            } else {
                passes_in_a_row = 0;
                format!("play {to_play} {}", legal[rng.below(legal.len())])
            }
        };
        if pair.both(&line, false)? {
            report.moves += 1;
        }
        compare_position(pair, rng, report)?;
        if passes_in_a_row >= 2 {
            break;
        }
    }
    reload_game(pair, rng, report)
}

/// Writes our game with `printsgf` and loads it into both engines, whole
/// and up to a random move number and vertex, comparing the answers (the
/// colour to play) and the positions.
fn reload_game(pair: &mut Pair, rng: &mut Dice, report: &mut Report) -> Result<(), String> {
    let file = std::env::temp_dir().join(format!("go-gtp-differential-{}.sgf", std::process::id()));
    let file = file.display().to_string();
    pair.ours(&format!("printsgf {file}"))
        .map_err(|e| format!("printsgf failed: {e}"))?;
    let num_moves = pair.ours.state().game().moves().count();
    let stones: Vec<Point> = Color::ALL
        .iter()
        .flat_map(|&c| pair.ours.state().board().stones_of(c).iter())
        .collect();
    let mut limits = vec![String::new(), (1 + rng.below(num_moves + 1)).to_string()];
    if !stones.is_empty() {
        limits.push(vertex(stones[rng.below(stones.len())]));
    }
    for limit in limits {
        let line = format!("loadsgf {file} {limit}");
        report.reloads += 1;
        report.comparisons += 1;
        pair.both(line.trim_end(), true)?;
        pair.script.push(line.trim_end().to_string());
        compare_position(pair, rng, report)?;
    }
    Ok(())
}

fn run(plan: &Plan, label: &str) -> Option<Report> {
    common::gnugo(label)?;
    let seed = std::env::var("GO_ANALYSIS_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_240_601_u64);
    let mut rng = Dice(Pcg32::new(seed));
    let mut pair = Pair {
        ours: GoEngine::new().into_engine("ours", "0"),
        gnugo: start_gnugo(),
        script: Vec::new(),
    };
    let mut report = Report::default();
    let start = Instant::now();
    for &(size, games, max_actions) in &plan.sizes {
        for _ in 0..games {
            report.games += 1;
            if let Err(disagreement) =
                play_game(&mut pair, size, max_actions, &mut rng, &mut report)
            {
                report.disagreements.push(format!(
                    "game {} ({size}x{size}): {disagreement}",
                    report.games
                ));
                // The engines may have diverged: start both afresh.
                pair.gnugo = start_gnugo();
                pair.ours = GoEngine::new().into_engine("ours", "0");
            }
        }
    }
    eprintln!(
        "{label}: seed {seed}: {} games, {} moves, {} passes, {} random play attempts, {} undos, \
         {} printsgf/loadsgf round trips, {} comparisons, {} disagreements in {:.1?}",
        report.games,
        report.moves,
        report.passes,
        report.illegal_attempts,
        report.undos,
        report.reloads,
        report.comparisons,
        report.disagreements.len(),
        start.elapsed()
    );
    Some(report)
}

fn assert_agreement(report: &Report) {
    assert!(
        report.disagreements.is_empty(),
        "{} disagreements with GNU Go; the first:\n{}",
        report.disagreements.len(),
        report
            .disagreements
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn random_games_agree_with_gnugo() {
    let plan = Plan {
        sizes: vec![(9, 100, 150), (13, 60, 200), (19, 40, 250)],
    };
    if let Some(report) = run(&plan, "random_games_agree_with_gnugo") {
        assert_agreement(&report);
        assert!(report.moves > 20_000, "too few moves: {}", report.moves);
    }
}

#[test]
#[ignore = "about 10 minutes: 1,500 games played to two passes or 600 actions; run with --ignored"]
fn many_long_random_games_agree_with_gnugo() {
    let plan = Plan {
        sizes: vec![(9, 800, 600), (13, 400, 600), (19, 300, 600)],
    };
    if let Some(report) = run(&plan, "many_long_random_games_agree_with_gnugo") {
        assert_agreement(&report);
    }
}
