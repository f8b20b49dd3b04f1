//! A match between the go-mcts GTP engine and GNU Go, through go-gtp's
//! controller, until `cargo xtask match` takes over: alternating colours,
//! GNU Go scores finished games, one SGF per game, and a running win rate
//! with its 95 % (Wilson) confidence interval.
//!
//! ```text
//! cargo build --release -p go-mcts --example mcts_gtp
//! cargo run --release -p go-mcts --example vs_gnugo -- --games 100 --out /tmp/match \
//!     --engine "target/release/examples/mcts_gtp --threads 2 --seconds 1"
//! ```

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use go_gtp::controller::{Controller, ControllerOptions};

struct Args {
    games: u32,
    size: u32,
    komi: f32,
    level: u32,
    engine: String,
    gnugo: String,
    out: std::path::PathBuf,
    max_moves: u32,
}

fn parse(argv: &[String]) -> Result<Args, String> {
    let mut a = Args {
        games: 10,
        size: 9,
        komi: 7.0,
        level: 10,
        engine: "target/release/examples/mcts_gtp --threads 2 --seconds 1".into(),
        gnugo: "/usr/games/gnugo".into(),
        out: "match-out".into(),
        max_moves: 400,
    };
    let mut it = argv.iter();
    while let Some(flag) = it.next() {
        let v = it
            .next()
            .ok_or_else(|| format!("missing value after `{flag}`"))?;
        let bad = || format!("invalid value `{v}` for `{flag}`");
        match flag.as_str() {
            "--games" => a.games = v.parse().map_err(|_| bad())?,
            "--size" => a.size = v.parse().map_err(|_| bad())?,
            "--komi" => a.komi = v.parse().map_err(|_| bad())?,
            "--level" => a.level = v.parse().map_err(|_| bad())?,
            "--engine" => a.engine = v.clone(),
            "--gnugo" => a.gnugo = v.clone(),
            "--out" => a.out = v.into(),
            "--max-moves" => a.max_moves = v.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    Ok(a)
}

fn spawn(cmdline: &str) -> Result<Controller, String> {
    let mut words = cmdline.split_whitespace();
    let program = words.next().ok_or("empty engine command")?;
    let mut c = Command::new(program);
    c.args(words).stderr(Stdio::null());
    Controller::spawn(c, ControllerOptions::default()).map_err(|e| e.to_string())
}

/// Wilson score interval for `wins` out of `n` at 95 %.
fn wilson(wins: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = f64::from(n);
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (centre - half, centre + half)
}

fn sgf_point(v: &str, size: u32) -> String {
    let v = v.to_ascii_uppercase();
    if v == "PASS" {
        return String::new();
    }
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = letters.find(&v[..1]).unwrap_or(0) as u32;
    let row: u32 = v[1..].parse().unwrap_or(1);
    let x = (b'a' + col as u8) as char;
    let y = (b'a' + (size - row) as u8) as char;
    format!("{x}{y}")
}

/// How a game ended for go-mcts.
#[derive(Copy, Clone, PartialEq, Eq)]
enum End {
    Won,
    Lost,
    Drawn,
}

/// Plays one game; returns (result for go-mcts, result text, sgf).
fn play_game(a: &Args, mcts_black: bool) -> Result<(End, String, String), String> {
    let mut mcts = spawn(&a.engine)?;
    let mut gnu = spawn(&format!("{} --mode gtp --level {}", a.gnugo, a.level))?;
    for e in [&mut mcts, &mut gnu] {
        e.send(&format!("boardsize {}", a.size))
            .map_err(|e| e.to_string())?;
        e.send("clear_board").map_err(|e| e.to_string())?;
        e.send(&format!("komi {}", a.komi))
            .map_err(|e| e.to_string())?;
    }
    let mut sgf = format!(
        "(;GM[1]FF[4]SZ[{}]KM[{}]PB[{}]PW[{}]",
        a.size,
        a.komi,
        if mcts_black { "go-mcts" } else { "gnugo" },
        if mcts_black { "gnugo" } else { "go-mcts" }
    );
    let mut passes = 0;
    let mut result = None;
    for n in 0..a.max_moves {
        let black = n % 2 == 0;
        let color = if black { "B" } else { "W" };
        let mcts_turn = black == mcts_black;
        let (mover, other) = if mcts_turn {
            (&mut mcts, &mut gnu)
        } else {
            (&mut gnu, &mut mcts)
        };
        let mv = mover
            .send(&format!("genmove {color}"))
            .map_err(|e| e.to_string())?
            .trim()
            .to_ascii_uppercase();
        if mv == "RESIGN" {
            let winner = if black { "W" } else { "B" };
            result = Some(format!("{winner}+R"));
            break;
        }
        other
            .send(&format!("play {color} {mv}"))
            .map_err(|e| format!("play {color} {mv}: {e}"))?;
        let _ = write!(sgf, ";{color}[{}]", sgf_point(&mv, a.size));
        passes = if mv == "PASS" { passes + 1 } else { 0 };
        if passes >= 2 {
            break;
        }
    }
    let result = match result {
        Some(r) => r,
        None => gnu
            .send("final_score")
            .map_err(|e| e.to_string())?
            .trim()
            .to_string(),
    };
    let _ = mcts.quit();
    let _ = gnu.quit();
    let _ = write!(sgf, "RE[{result}])");
    let end = if result.starts_with('B') == mcts_black && !result.starts_with('0') {
        End::Won
    } else if result.starts_with('0') {
        End::Drawn
    } else {
        End::Lost
    };
    Ok((end, result, sgf))
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let a = match parse(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&a.out) {
        eprintln!("error: cannot create {}: {e}", a.out.display());
        return ExitCode::FAILURE;
    }
    // Draws (jigo, possible with an integer komi) count half a win.
    let mut half_wins = 0;
    let mut played = 0;
    let mut as_black = (0, 0);
    let start = Instant::now();
    for g in 0..a.games {
        let mcts_black = g % 2 == 0;
        let t = Instant::now();
        match play_game(&a, mcts_black) {
            Ok((end, result, sgf)) => {
                played += 1;
                let points = match end {
                    End::Won => 2,
                    End::Drawn => 1,
                    End::Lost => 0,
                };
                half_wins += points;
                let wins = f64::from(half_wins) / 2.0;
                if mcts_black {
                    as_black.1 += 1;
                    as_black.0 += points;
                }
                let _ = std::fs::write(a.out.join(format!("game-{g:03}.sgf")), sgf);
                let (lo, hi) = wilson(wins, played);
                println!(
                    "game {g}: go-mcts {} {} ({result}) in {:.0} s; {wins}/{played} = {:.1}% [{:.1}%, {:.1}%] (as black {}/{})",
                    if mcts_black { "black" } else { "white" },
                    match end {
                        End::Won => "won",
                        End::Drawn => "drew",
                        End::Lost => "lost",
                    },
                    t.elapsed().as_secs_f64(),
                    100.0 * wins / f64::from(played),
                    100.0 * lo,
                    100.0 * hi,
                    f64::from(as_black.0) / 2.0,
                    as_black.1
                );
                let _ = std::io::stdout().flush();
            }
            Err(e) => eprintln!("game {g}: error: {e}"),
        }
    }
    let wins = f64::from(half_wins) / 2.0;
    let (lo, hi) = wilson(wins, played);
    println!(
        "total: {wins}/{played} wins in {:.0} min, 95% CI [{:.1}%, {:.1}%]",
        start.elapsed().as_secs_f64() / 60.0,
        100.0 * lo,
        100.0 * hi
    );
    println!("win_rate: {:.3}", wins / f64::from(played.max(1)));
    ExitCode::SUCCESS
}
