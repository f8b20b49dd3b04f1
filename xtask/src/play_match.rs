//! `cargo xtask match`: games between two GTP engines, refereed, counted,
//! written as SGF, summed up with win rates and confidence intervals.

use std::path::{Path, PathBuf};
use std::process::{ExitCode, Stdio};
use std::time::{Duration, Instant};

use go_gtp::arena::{
    Ending, GameOutcome, GameSettings, Peer, PlayedGame, count_outcome, play_game, score_with,
};
use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
use go_gtp::{Color, TimedGame};

use clap::Parser;

use crate::engines::{engine_from_arg, gnugo, target_dir, workspace_root};
use crate::parse::{self, Timeout};

/// Play games between two GTP engines.
///
/// Plays games between two GTP engines, alternating colours: engine A
/// (--black) takes Black in odd games, engine B (--white) in even ones.
///
/// An illegal move, an unreadable answer, a failure or a timeout loses the
/// game; games end on two passes, resignation or the move limit, and are
/// counted by the arbiter's final_score. Every game is written as SGF; a
/// table of results with win rates and 95% confidence intervals (Wilson)
/// closes the run.
///
/// An engine CMD is a command line (quoted), or `ours` for the gtp_engine
/// example (built on demand; `'ours --seed 3'` passes it options).
#[derive(Parser)]
#[command(name = "match", bin_name = "cargo xtask match", version)]
pub struct Options {
    /// Engine A, Black in odd games
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    black: String,
    /// Engine B, White in odd games
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    white: String,
    /// Number of games
    #[arg(long, value_name = "N", default_value_t = 2)]
    games: usize,
    /// Board size
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = board_size)]
    size: usize,
    /// Komi
    #[arg(long, value_name = "K", default_value_t = 6.5, value_parser = parse::finite, allow_negative_numbers = true)]
    komi: f32,
    /// Engine that counts finished games with final_score (default: GNU Go
    /// if installed; `none` counts every stone as alive, for games played
    /// out to the end)
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    arbiter: Option<String>,
    /// Where the SGF files go (default target/match)
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Seconds per command, 0 for none
    #[arg(long, value_name = "S", default_value = "60", value_parser = parse::timeout)]
    timeout: Timeout,
    /// Stop and count after N moves (default 3 x points)
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    /// Let the engines' standard error through
    #[arg(long)]
    engine_stderr: bool,
}

impl Options {
    fn engines(&self) -> [&str; 2] {
        [&self.black, &self.white]
    }
}

/// `--size`: 2 to 25.
fn board_size(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(size) if (2..=25).contains(&size) => Ok(size),
        Ok(size) => Err(format!("must be 2 to 25, got {size}")),
        Err(_) => Err(format!("needs a whole number, got {value:?}")),
    }
}

/// A 95 % Wilson score interval for a proportion of `successes` out of
/// `n` (draws count as half a success).
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = successes / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One of the two engines of the match.
struct Contestant {
    command: EngineCommand,
    name: String,
    controller: Option<Controller>,
    wins: [usize; 2],
    losses: usize,
}

impl Contestant {
    fn start(&mut self, options: &Options) -> Result<&mut Controller, String> {
        if self.controller.is_none() {
            self.controller = Some(spawn(&self.command, options)?);
        }
        Ok(self.controller.as_mut().expect("just started"))
    }

    fn wins(&self) -> usize {
        self.wins[0] + self.wins[1]
    }
}

fn spawn(command: &EngineCommand, options: &Options) -> Result<Controller, String> {
    let mut process = command.to_command();
    if !options.engine_stderr {
        process.stderr(Stdio::null());
    }
    let controller_options = ControllerOptions::default().with_timeout(options.timeout.0);
    Controller::spawn(process, controller_options).map_err(|e| e.to_string())
}

/// The engine's `name` and `version`, or its program's file name.
fn engine_name(controller: &mut Controller, command: &EngineCommand) -> String {
    let ask = |c: &mut Controller, what: &str| c.send(what).ok().filter(|s| !s.trim().is_empty());
    let fallback = || {
        Path::new(command.program())
            .file_name()
            .map_or_else(|| "engine".to_string(), |n| n.to_string_lossy().into())
    };
    match (ask(controller, "name"), ask(controller, "version")) {
        (Some(name), Some(version)) => format!("{} {}", name.trim(), version.trim()),
        (Some(name), None) => name.trim().to_string(),
        _ => fallback(),
    }
}

/// Whose engine must be restarted after this ending.
fn broken(ending: &Ending) -> Option<Color> {
    match ending {
        Ending::TimedOut(color) | Ending::Failed { color, .. } => Some(*color),
        _ => None,
    }
}

pub fn run(options: &Options) -> ExitCode {
    match run_inner(options) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("match: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a match produced, for the caller (and tests) to check.
pub struct MatchSummary {
    pub games: Vec<(GameOutcome, PathBuf)>,
}

fn run_inner(options: &Options) -> Result<ExitCode, String> {
    let summary = play_match(options)?;
    Ok(if summary.games.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn play_match(options: &Options) -> Result<MatchSummary, String> {
    let root = workspace_root();
    let mut contestants = Vec::new();
    for arg in options.engines() {
        let command = engine_from_arg(arg, &root)?;
        let mut controller = spawn(&command, options)?;
        let name = engine_name(&mut controller, &command);
        contestants.push(Contestant {
            command,
            name,
            controller: Some(controller),
            wins: [0, 0],
            losses: 0,
        });
    }
    if contestants[0].name == contestants[1].name {
        contestants[0].name.push_str(" (A)");
        contestants[1].name.push_str(" (B)");
    }
    let arbiter_command = match options.arbiter.as_deref() {
        Some("none") => None,
        Some(line) => Some(engine_from_arg(line, &root)?),
        None => gnugo().map(|path| EngineCommand::new(path).arg("--mode").arg("gtp")),
    };
    let mut arbiter = match &arbiter_command {
        Some(command) => Some(spawn(command, options)?),
        None => {
            println!("match: no arbiter; finished games are counted with every stone alive");
            None
        }
    };
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| target_dir(&root).join("match"));
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let settings = GameSettings::default()
        .with_size(options.size)
        .with_komi(options.komi)
        .with_move_limit(options.max_moves);
    println!(
        "match: A = {} ({}), B = {} ({}), {} games on {}x{}, komi {}",
        contestants[0].name,
        contestants[0].command,
        contestants[1].name,
        contestants[1].command,
        options.games,
        options.size,
        options.size,
        options.komi
    );

    let mut summary = MatchSummary { games: Vec::new() };
    let (mut draws, mut voids) = (0, 0);
    let start = Instant::now();
    for number in 1..=options.games {
        // Engine A is Black in odd games.
        let black_index = (number + 1) % 2;
        let index_of = |color: Color| match color {
            Color::Black => black_index,
            Color::White => 1 - black_index,
        };
        let played = {
            let (first, second) = contestants.split_at_mut(1);
            let (a, b) = (&mut first[0], &mut second[0]);
            let (black, white) = if black_index == 0 { (a, b) } else { (b, a) };
            let black = black.start(options)?;
            let white = white.start(options)?;
            play_game(black, white, &settings).map_err(|e| format!("game {number}: {e}"))?
        };
        if let Some(color) = broken(&played.ending) {
            // A dead or stuck engine is restarted for the next game.
            contestants[index_of(color)].controller = None;
        }
        let outcome = outcome_of(&played, arbiter.as_mut().map(|a| a as &mut dyn Peer));
        match outcome.winner() {
            Some(color) => {
                let winner = &mut contestants[index_of(color)];
                winner.wins[color.index()] += 1;
                contestants[index_of(color.opposite())].losses += 1;
            }
            None if outcome == GameOutcome::Void => voids += 1,
            None => draws += 1,
        }
        let file = out.join(format!("game-{number:03}.sgf"));
        write_sgf(
            &played.game,
            &outcome,
            [
                &contestants[index_of(Color::Black)].name,
                &contestants[index_of(Color::White)].name,
            ],
            &file,
        )?;
        println!(
            "game {number}: black {}, white {}: {outcome} after {} moves ({}) -> {}",
            contestants[index_of(Color::Black)].name,
            contestants[index_of(Color::White)].name,
            played.game.moves().count(),
            played.ending,
            file.display()
        );
        summary.games.push((outcome, file));
    }
    for contestant in &mut contestants {
        if let Some(controller) = contestant.controller.take() {
            let _ = controller.quit();
        }
    }
    if let Some(arbiter) = arbiter {
        let _ = arbiter.quit();
    }
    print_table(&contestants, draws, voids, start.elapsed());
    Ok(summary)
}

/// The outcome: from the ending, else the arbiter's count (our own count
/// when there is no arbiter or it fails).
fn outcome_of(played: &PlayedGame, arbiter: Option<&mut dyn Peer>) -> GameOutcome {
    if let Some(outcome) = played.ending.outcome() {
        return outcome;
    }
    match arbiter.map(|a| score_with(a, &played.game)) {
        Some(Ok(outcome)) => outcome,
        Some(Err(e)) => {
            eprintln!("match: the arbiter could not count the game ({e}); counting it ourselves");
            count_outcome(&played.game)
        }
        None => count_outcome(&played.game),
    }
}

fn write_sgf(
    game: &TimedGame,
    outcome: &GameOutcome,
    names: [&str; 2],
    file: &Path,
) -> Result<(), String> {
    let mut record = game.record();
    record.info.players[Color::Black] = Some(names[0].to_string());
    record.info.players[Color::White] = Some(names[1].to_string());
    record.info.result = Some(outcome.to_string());
    std::fs::write(file, record.to_sgf())
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
}

fn print_table(contestants: &[Contestant], draws: usize, voids: usize, elapsed: Duration) {
    let decided: usize = contestants.iter().map(Contestant::wins).sum::<usize>() + draws;
    println!();
    println!(
        "{:<3}{:<32}{:>6}{:>10}{:>10}{:>10}   95% CI",
        "", "engine", "wins", "as black", "as white", "win rate"
    );
    for (label, contestant) in ["A", "B"].iter().zip(contestants) {
        let score = contestant.wins() as f64 + draws as f64 / 2.0;
        let (low, high) = wilson_interval(score, decided as f64);
        let rate = if decided > 0 {
            100.0 * score / decided as f64
        } else {
            0.0
        };
        println!(
            "{label:<3}{:<32}{:>6}{:>10}{:>10}{:>9.1}%   [{:.1}%, {:.1}%]",
            contestant.name,
            contestant.wins(),
            contestant.wins[Color::Black.index()],
            contestant.wins[Color::White.index()],
            rate,
            100.0 * low,
            100.0 * high
        );
    }
    println!("draws: {draws}, void: {voids}, time: {:.1?}", elapsed);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_options(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("match").chain(args.iter().copied()))
    }

    #[test]
    fn options_need_both_engines_and_sane_numbers() {
        assert!(parse_options(&["--black", "a"]).is_err());
        assert!(parse_options(&["--black", "a", "--white", "b", "--size", "30"]).is_err());
        assert!(parse_options(&["--black", "a", "--white", "b", "--komi", "x"]).is_err());
        let options = parse_options(&[
            "--black",
            "a",
            "--white",
            "b",
            "--games",
            "4",
            "--komi",
            "0.5",
            "--timeout",
            "0",
        ])
        .unwrap();
        assert_eq!(
            (options.games, options.komi, options.timeout),
            (4, 0.5, Timeout(None))
        );
        let options = parse_options(&["--black", "a", "--white", "b", "--komi", "-3.5"]).unwrap();
        assert_eq!(options.komi, -3.5);
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // 5 of 10: 95% Wilson interval is [0.2366, 0.7634].
        let (low, high) = wilson_interval(5.0, 10.0);
        assert!(
            (low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4,
            "{low} {high}"
        );
        // 0 of 4: [0, 0.4899].
        let (low, high) = wilson_interval(0.0, 4.0);
        assert!(low == 0.0 && (high - 0.4899).abs() < 1e-4, "{high}");
        assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
    }

    /// End to end: the gtp_engine example (as `cargo test --workspace`
    /// builds it) against GNU Go at level 0, two games on 9x9, counted by
    /// GNU Go; the SGF files load back.
    #[test]
    fn example_engine_plays_gnugo_end_to_end() {
        let Some(gnugo) = gnugo() else {
            if std::env::var("GO_ANALYSIS_REQUIRE_GNUGO").as_deref() == Ok("1") {
                panic!("GNU Go is required (GO_ANALYSIS_REQUIRE_GNUGO=1) but not installed");
            }
            eprintln!("example_engine_plays_gnugo_end_to_end: skipped, GNU Go not installed");
            return;
        };
        let root = workspace_root();
        let example = target_dir(&root)
            .join("debug")
            .join("examples")
            .join("gtp_engine");
        if !example.exists() {
            eprintln!(
                "example_engine_plays_gnugo_end_to_end: skipped, {} not built \
                 (run `cargo test --workspace`, which builds the examples)",
                example.display()
            );
            return;
        }
        let out = std::env::temp_dir().join(format!("xtask-match-test-{}", std::process::id()));
        let options = Options {
            black: format!("'{}' --player random --seed 5", example.display()),
            white: format!("'{}' --mode gtp --level 0", gnugo.display()),
            games: 2,
            size: 9,
            komi: 6.5,
            arbiter: None,
            out: Some(out.clone()),
            timeout: Timeout(Some(Duration::from_secs(60))),
            max_moves: None,
            engine_stderr: false,
        };
        let summary = play_match(&options).expect("the match runs");
        assert_eq!(summary.games.len(), 2);
        for (outcome, file) in &summary.games {
            assert_ne!(*outcome, GameOutcome::Void);
            let mut game = TimedGame::default();
            game.load_sgf(file, go_gtp::go_board::sgf::Until::End)
                .expect("the SGF loads back");
            assert!(game.moves().count() > 0);
            let text = std::fs::read_to_string(file).unwrap();
            assert!(text.contains(&format!("RE[{outcome}]")), "{text}");
        }
        std::fs::remove_dir_all(&out).ok();
    }
}
