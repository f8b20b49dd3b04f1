//! `cargo xtask selfplay`: game records for training the move model, from
//! GNU Go playing itself (levels and board sizes as options) and from our
//! Monte-Carlo player playing itself, written as SGF, in parallel,
//! resumable.

use std::path::{Path, PathBuf};
use std::process::{ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Parser;
use go_gtp::Color;
use go_gtp::arena::{GameOutcome, GameSettings, count_outcome, play_game, score_with};
use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::engines::{default_engine, gnugo, target_dir, workspace_root};
use crate::parse::{self, Timeout};

/// Self-play game records for training: GNU Go against itself, and our
/// player against itself.
///
/// For each board size, plays --games games of GNU Go against itself at
/// each of --levels, and --ours games of the gtp_engine example against
/// itself, and writes each as SGF under --out. File names and seeds follow
/// from the configuration and the game's number
/// (`gnugo-l10-9x9-0003.sgf`, seed derived from --seed, the size, the level
/// and the number), so a run that is stopped and started again skips the
/// games already written and plays the same games as an uninterrupted run
/// (a file appears only once its game is complete). GNU Go's games are
/// counted by the Black GNU Go (final_score), ours by area with every
/// stone alive. Feed the folder to the move model's training with
/// `cargo run --release -p go-patterns --example train_move_model --
/// --extra DIR`.
#[derive(Parser, Debug)]
#[command(name = "selfplay", bin_name = "cargo xtask selfplay", version)]
pub struct Options {
    /// Where the SGF files go (default target/selfplay)
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Board sizes, comma-separated
    #[arg(long, value_name = "N,…", value_delimiter = ',', default_value = "9", value_parser = board_size)]
    sizes: Vec<usize>,
    /// GNU Go levels (0 to 10), comma-separated; games of GNU Go against
    /// itself at each level
    #[arg(long, value_name = "L,…", value_delimiter = ',', default_value = "10", value_parser = gnugo_level)]
    levels: Vec<u8>,
    /// GNU Go games per level and size
    #[arg(long, value_name = "N", default_value_t = 4)]
    games: usize,
    /// Games of our player (the gtp_engine example) against itself per size
    #[arg(long, value_name = "N", default_value_t = 0)]
    ours: usize,
    /// Playouts per move of our player (one search thread each, so its
    /// games follow from their seeds)
    #[arg(long, value_name = "N", default_value_t = 2000)]
    ours_playouts: u64,
    /// Our engine's command line [default: the gtp_engine example, built
    /// in release]
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    ours_engine: Option<String>,
    /// GNU Go's program [default: /usr/games/gnugo, else gnugo on the PATH]
    #[arg(long, value_name = "PATH")]
    gnugo: Option<PathBuf>,
    /// Komi
    #[arg(long, value_name = "K", default_value_t = 6.5, value_parser = parse::finite, allow_negative_numbers = true)]
    komi: f32,
    /// Base of every game's seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Games played at once [default: every core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    jobs: Option<u64>,
    /// Seconds per command, 0 for none
    #[arg(long, value_name = "S", default_value = "120", value_parser = parse::timeout)]
    timeout: Timeout,
    /// Stop and count after N moves (default 3 x points)
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
}

/// `--sizes`: 2 to 19 (GNU Go's largest board).
pub(crate) fn board_size(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(size) if (2..=19).contains(&size) => Ok(size),
        Ok(size) => Err(format!("must be 2 to 19, got {size}")),
        Err(_) => Err(format!("needs a whole number, got {value:?}")),
    }
}

/// `--levels`: 0 to 10.
fn gnugo_level(value: &str) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(level) if level <= 10 => Ok(level),
        _ => Err(format!("needs a GNU Go level 0 to 10, got {value:?}")),
    }
}

/// Who plays a game: GNU Go at a level, or our player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    GnuGo(u8),
    Ours,
}

/// One game to play: who, the board size and its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Job {
    player: Player,
    size: usize,
    number: usize,
}

impl Job {
    /// The game's file name.
    fn file_name(&self) -> String {
        let s = self.size;
        match self.player {
            Player::GnuGo(level) => format!("gnugo-l{level}-{s}x{s}-{:04}.sgf", self.number),
            Player::Ours => format!("ours-{s}x{s}-{:04}.sgf", self.number),
        }
    }

    /// The seeds of Black and White: a hash of everything that names the
    /// game, so each game has its own and the same every run.
    fn seeds(&self, base: u64) -> [u64; 2] {
        let level = match self.player {
            Player::GnuGo(level) => u64::from(level),
            Player::Ours => 99,
        };
        let mut h = base;
        for x in [level, self.size as u64, self.number as u64] {
            h = splitmix64(h ^ x);
        }
        // GNU Go takes an int seed: keep them positive and below 2^31.
        [h & 0x7FFF_FFFF, splitmix64(h) & 0x7FFF_FFFF]
    }
}

/// The first output of SplitMix64 seeded with `x` (go-board's, the
/// workspace's one source of fixed keys).
pub(crate) fn splitmix64(x: u64) -> u64 {
    go_board::SplitMix64::new(x).next_u64()
}

/// Every game the options ask for, in a fixed order.
fn jobs(options: &Options) -> Vec<Job> {
    let mut out = Vec::new();
    for &size in &options.sizes {
        for &level in &options.levels {
            out.extend((1..=options.games).map(|number| Job {
                player: Player::GnuGo(level),
                size,
                number,
            }));
        }
        out.extend((1..=options.ours).map(|number| Job {
            player: Player::Ours,
            size,
            number,
        }));
    }
    out
}

pub fn run(options: &Options) -> ExitCode {
    match run_inner(options) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("selfplay: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The engines' command lines, found (and ours built) only when needed.
struct Engines {
    gnugo: Option<EngineCommand>,
    ours: Option<EngineCommand>,
}

fn run_inner(options: &Options) -> Result<ExitCode, String> {
    let root = workspace_root();
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| target_dir(&root).join("selfplay"));
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let all = jobs(options);
    let todo: Vec<Job> = all
        .iter()
        .copied()
        .filter(|job| !out.join(job.file_name()).exists())
        .collect();
    println!(
        "selfplay: {} games asked, {} already in {}, {} to play",
        all.len(),
        all.len() - todo.len(),
        out.display(),
        todo.len()
    );
    if todo.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let need = |f: fn(&Player) -> bool| todo.iter().any(|j| f(&j.player));
    let engines = Engines {
        gnugo: if need(|p| matches!(p, Player::GnuGo(_))) {
            let path = options
                .gnugo
                .clone()
                .or_else(gnugo)
                .ok_or("GNU Go is not installed (give --gnugo PATH)")?;
            Some(EngineCommand::new(path))
        } else {
            None
        },
        ours: if need(|p| *p == Player::Ours) {
            Some(match &options.ours_engine {
                Some(line) => line.parse().map_err(|e| format!("{line:?}: {e}"))?,
                None => default_engine(&root)?,
            })
        } else {
            None
        },
    };
    let threads = options.jobs.map_or(0, |n| n as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start the thread pool: {e}"))?;
    let bar = ProgressBar::new(todo.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .map_err(|e| e.to_string())?,
    );
    // A hidden bar (no terminal) drops its println: print directly then.
    let log = |line: String| {
        if bar.is_hidden() {
            println!("{line}");
        } else {
            bar.println(line);
        }
    };
    let failed = AtomicUsize::new(0);
    let start = Instant::now();
    pool.install(|| {
        todo.par_iter().for_each(|job| {
            let file = out.join(job.file_name());
            match play(job, options, &engines, &file) {
                Ok(line) => log(line),
                Err(e) => {
                    failed.fetch_add(1, Ordering::Relaxed);
                    log(format!("{}: {e}", job.file_name()));
                }
            }
            bar.inc(1);
        });
    });
    bar.finish_and_clear();
    let failed = failed.into_inner();
    println!(
        "selfplay: {} games written, {failed} failed, in {:.1?}",
        todo.len() - failed,
        start.elapsed()
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The command line of one side of `job`.
fn engine_command(
    job: &Job,
    options: &Options,
    engines: &Engines,
    seed: u64,
) -> Result<EngineCommand, String> {
    let missing = || "no engine for this game".to_string();
    Ok(match job.player {
        Player::GnuGo(level) => engines
            .gnugo
            .clone()
            .ok_or_else(missing)?
            .arg("--mode")
            .arg("gtp")
            .arg("--level")
            .arg(level.to_string())
            .arg("--seed")
            .arg(seed.to_string()),
        Player::Ours => engines
            .ours
            .clone()
            .ok_or_else(missing)?
            .arg("--seed")
            .arg(seed.to_string())
            .arg("--threads")
            .arg("1")
            .arg("--playouts")
            .arg(options.ours_playouts.to_string()),
    })
}

fn spawn(command: &EngineCommand, options: &Options) -> Result<Controller, String> {
    let mut process = command.to_command();
    process.stderr(Stdio::null());
    let controller_options = ControllerOptions::default().with_timeout(options.timeout.0);
    Controller::spawn(process, controller_options).map_err(|e| format!("{command}: {e}"))
}

/// Plays one game and writes it to `file` (through a temporary file, so
/// only whole games appear); returns a line for the log.
fn play(job: &Job, options: &Options, engines: &Engines, file: &Path) -> Result<String, String> {
    let seeds = job.seeds(options.seed);
    let mut black = spawn(&engine_command(job, options, engines, seeds[0])?, options)?;
    let mut white = spawn(&engine_command(job, options, engines, seeds[1])?, options)?;
    let settings = GameSettings::default()
        .with_size(job.size)
        .with_komi(options.komi)
        .with_move_limit(options.max_moves);
    let played = play_game(&mut black, &mut white, &settings).map_err(|e| e.to_string())?;
    let outcome = match played.ending.outcome() {
        Some(outcome) => outcome,
        None if matches!(job.player, Player::GnuGo(_)) => {
            score_with(&mut black, &played.game).unwrap_or_else(|_| count_outcome(&played.game))
        }
        None => count_outcome(&played.game),
    };
    let _ = black.quit();
    let _ = white.quit();
    let name = match job.player {
        Player::GnuGo(level) => format!("GNU Go 3.8 level {level}"),
        Player::Ours => format!("go-analysis mcts {} playouts", options.ours_playouts),
    };
    let mut record = played.game.record();
    record.info.players[Color::Black] = Some(format!("{name} (seed {})", seeds[0]));
    record.info.players[Color::White] = Some(format!("{name} (seed {})", seeds[1]));
    record.info.result = Some(outcome.to_string());
    let partial = file.with_extension("sgf.partial");
    std::fs::write(&partial, record.to_sgf())
        .map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
    std::fs::rename(&partial, file)
        .map_err(|e| format!("cannot rename to {}: {e}", file.display()))?;
    let moves = played.game.moves().count();
    let void = if outcome == GameOutcome::Void {
        " [void]"
    } else {
        ""
    };
    Ok(format!(
        "{}: {outcome} after {moves} moves ({}){void}",
        job.file_name(),
        played.ending
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_options(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("selfplay").chain(args.iter().copied()))
    }

    #[test]
    fn options_take_lists_of_sizes_and_levels() {
        let o = parse_options(&["--sizes", "9,13", "--levels", "1,10", "--games", "2"]).unwrap();
        assert_eq!(
            (o.sizes.clone(), o.levels.clone()),
            (vec![9, 13], vec![1, 10])
        );
        assert_eq!(jobs(&o).len(), 8);
        assert!(parse_options(&["--sizes", "21"]).is_err());
        assert!(parse_options(&["--levels", "11"]).is_err());
        assert!(parse_options(&["--jobs", "0"]).is_err());
    }

    #[test]
    fn names_and_seeds_are_fixed_by_the_game() {
        let o = parse_options(&["--ours", "1", "--games", "2"]).unwrap();
        let all = jobs(&o);
        let names: Vec<String> = all.iter().map(Job::file_name).collect();
        assert_eq!(
            names,
            [
                "gnugo-l10-9x9-0001.sgf",
                "gnugo-l10-9x9-0002.sgf",
                "ours-9x9-0001.sgf"
            ]
        );
        assert_eq!(all[0].seeds(1), all[0].seeds(1));
        assert_ne!(all[0].seeds(1), all[1].seeds(1));
        assert_ne!(all[0].seeds(1), all[0].seeds(2));
        assert!(all.iter().all(|j| j.seeds(7).iter().all(|&s| s < 1 << 31)));
    }
}
