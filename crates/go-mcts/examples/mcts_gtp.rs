//! A GTP engine on go-mcts's Go player, until go-gtp's board-backed engine
//! takes it over: the standard game commands, `genmove` and `reg_genmove`,
//! `final_score`, `final_status_list`, `time_settings`, `time_left`.
//!
//! ```text
//! cargo run --release -p go-mcts --example mcts_gtp -- --threads 2 --seconds 1
//! ```
//!
//! Options: `--threads N`, `--seconds S` (most time per move), `--playouts
//! N` (per move), `--policy light|heavy`, `--seed N`, `--resign R` (win
//! rate below which to resign, 0 never), `--verbose` (search summary on
//! standard error).

use std::io::{BufReader, Write};
use std::process::ExitCode;
use std::time::Duration;

use go_board::{Board, Color, Move};
use go_gtp::{Engine, GtpError, Registry, Response};
use go_mcts::Budget;
use go_mcts::go::{Decision, Player, PlayerOptions, Policy};

struct State {
    board: Board,
    komi: f32,
    player: Player,
    verbose: bool,
}

fn parse(args: &[String]) -> Result<(PlayerOptions, bool), String> {
    let mut o = PlayerOptions::default();
    let mut verbose = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--verbose" {
            verbose = true;
            continue;
        }
        let v = it
            .next()
            .ok_or_else(|| format!("missing value after `{flag}`"))?;
        let bad = || format!("invalid value `{v}` for `{flag}`");
        match flag.as_str() {
            "--threads" => o.search.threads = v.parse().map_err(|_| bad())?,
            "--seconds" => {
                let s: f64 = v.parse().map_err(|_| bad())?;
                if !(s.is_finite() && s > 0.0) {
                    return Err(bad());
                }
                o.max_time_per_move = Some(Duration::from_secs_f64(s));
            }
            "--playouts" => o.playouts_per_move = Some(v.parse().map_err(|_| bad())?),
            "--policy" => {
                o.policy = match v.as_str() {
                    "light" => Policy::Light,
                    "heavy" => Policy::Heavy,
                    _ => return Err(bad()),
                }
            }
            "--seed" => o.search.seed = v.parse().map_err(|_| bad())?,
            "--resign" => o.resign_below = v.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    Ok((o, verbose))
}

fn genmove(s: &mut State, color: Color) -> Decision {
    let decision = s.player.genmove(&s.board, color, s.komi);
    if s.verbose {
        if let Some(r) = s.player.last_result() {
            eprintln!(
                "{color} {decision:?}: win {:.3} (black {:.3}), {} playouts in {:.2} s, {} nodes, stop {:?}, pv {}",
                r.value,
                r.first_player_value,
                r.playouts,
                r.elapsed.as_secs_f64(),
                r.nodes,
                r.stop,
                r.pv.iter()
                    .take(6)
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    decision
}

fn decision_text(d: Decision) -> String {
    match d {
        Decision::Play(m) => m.to_string(),
        Decision::Resign => "resign".into(),
    }
}

fn registry() -> Registry<State> {
    let mut r = Registry::new("go-mcts", env!("CARGO_PKG_VERSION"));
    r.register("boardsize", |s: &mut State, a| {
        let n = a.next_int()?;
        s.board = Board::new(n as usize).map_err(|_| GtpError::UnacceptableSize(n))?;
        Ok(Response::empty())
    });
    r.register("clear_board", |s: &mut State, _| {
        s.board = Board::new(s.board.size()).map_err(|_| GtpError::message("bad size"))?;
        Ok(Response::empty())
    });
    r.register("komi", |s: &mut State, a| {
        s.komi = a.next_float()? as f32;
        Ok(Response::empty())
    });
    r.register("play", |s: &mut State, a| {
        let cm = a.next_move()?;
        s.board
            .play_move(cm.color, cm.mv)
            .map_err(|_| GtpError::IllegalMove(cm))?;
        Ok(Response::empty())
    });
    r.register("undo", |s: &mut State, _| {
        s.board.undo().ok_or(GtpError::CannotUndo)?;
        Ok(Response::empty())
    });
    r.register("genmove", |s: &mut State, a| {
        let color = a.next_color()?;
        let d = genmove(s, color);
        if let Decision::Play(m) = d {
            s.board
                .play_move(color, m)
                .map_err(|e| GtpError::message(format!("generated an illegal move: {e}")))?;
        }
        Ok(Response::new(decision_text(d)))
    });
    r.register("reg_genmove", |s: &mut State, a| {
        let color = a.next_color()?;
        Ok(Response::new(decision_text(genmove(s, color))))
    });
    r.register("time_settings", |s: &mut State, a| {
        let main = a.next_int()?;
        let byo = a.next_int()?;
        let stones = a.next_int()?;
        s.player.set_time_settings(
            Duration::from_secs(u64::from(main)),
            Duration::from_secs(u64::from(byo)),
            stones,
        );
        Ok(Response::empty())
    });
    r.register("time_left", |s: &mut State, a| {
        let color = a.next_color()?;
        let secs = a.next_int()?;
        let stones = a.next_int()?;
        s.player
            .set_time_left(color, Duration::from_secs(u64::from(secs)), stones);
        Ok(Response::empty())
    });
    r.register("final_score", |s: &mut State, _| {
        let score = s.player.final_score(&s.board, s.komi);
        Ok(Response::new(if score > 0.0 {
            format!("B+{score}")
        } else if score < 0.0 {
            format!("W+{}", -score)
        } else {
            "0".into()
        }))
    });
    r.register("final_status_list", |s: &mut State, a| {
        let which = a.next_string()?.to_ascii_lowercase();
        let dead = s.player.dead_stones(&s.board, s.komi);
        let points: Vec<String> = s
            .board
            .geometry()
            .points()
            .iter()
            .filter(|&&p| s.board.color_at(p).is_some())
            .filter(|&&p| match which.as_str() {
                "dead" => dead.contains(p),
                "alive" => !dead.contains(p),
                _ => false,
            })
            .map(ToString::to_string)
            .collect();
        if which != "dead" && which != "alive" && which != "seki" {
            return Err(GtpError::message("unknown status"));
        }
        Ok(Response::words(points))
    });
    r.register("showboard", |s: &mut State, _| {
        Ok(Response::new(format!("\n{}", s.board)))
    });
    r.register("mcts_analyze", |s: &mut State, a| {
        let playouts = a.next_int()?;
        let color = s.board.to_play();
        let result = s.player.analyze(
            &s.board,
            color,
            s.komi,
            Budget::playouts(u64::from(playouts)),
        );
        let lines = result.moves.iter().take(10).map(|m| {
            format!(
                "{} visits {} win {:.3} rave {} {:.3}",
                m.mv, m.visits, m.value, m.rave_visits, m.rave_value
            )
        });
        Ok(Response::lines(lines))
    });
    let _ = Move::Pass;
    r
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (options, verbose) = match parse(&args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let state = State {
        board: Board::default(),
        komi: 6.5,
        player: Player::new(options),
        verbose,
    };
    let mut engine = Engine::new(registry(), state);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = engine.run(BufReader::new(stdin.lock()), stdout.lock());
    let _ = std::io::stdout().flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
