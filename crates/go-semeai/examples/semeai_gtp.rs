//! A GTP engine with the standard commands and the semeai commands, with
//! the solver's options on the command line — for measuring the solver on
//! the STS-RV suites at several budgets:
//!
//! ```text
//! cargo build --release -p go-semeai --features gtp --example semeai_gtp
//! cargo xtask regress --engine "target/release/examples/semeai_gtp --nodes 1000" \
//!     gnugo/regression/STS-RV_e.tst
//! ```
//!
//! Options: `--nodes N` (budget per search), `--thesis` (the thesis's
//! method, `Profile::Thesis`), `--dfpn`, `--alphabeta`, `--hybrid` (the
//! search engine), `--no-heuristics`, `--no-ko-eyes` (class e counts
//! ko-prone eyes at the root too), `--alphabeta-share P` (the hybrid's
//! alpha-beta share of its two budgets, percent of `--nodes`, 0..=200),
//! `--no-vital-point` (keep the search's own winning move at the root, not
//! the opponent's best), `--bigger-eye-by-points` (class e's bigger of two
//! big eyes by the thesis's Müller status alone; `--bigger-eye-by-liberties`
//! also asks it to give at least as many liberties), `--no-big-eyes-regrow`
//! (a big eye whose enemy stones its owner cannot profitably capture stays
//! big, as in the thesis).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use clap::Parser;
use go_gtp::{Engine, GoEngine};
use go_semeai::{BiggerEye, Heuristics, SearchEngine, SolverOptions};

/// A GTP engine with the standard commands and the semeai commands, with
/// the solver's options on the command line.
#[derive(Parser)]
#[command(version)]
struct Cli {
    /// Node budget per search [default: the solver's]
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The thesis's method, `Profile::Thesis` (applied before the other
    /// options)
    #[arg(long)]
    thesis: bool,
    /// Search with df-pn instead of alpha-beta
    #[arg(long, group = "engine")]
    dfpn: bool,
    /// Search with alpha-beta
    #[arg(long, group = "engine")]
    alphabeta: bool,
    /// Search with the alpha-beta and df-pn hybrid
    #[arg(long, group = "engine")]
    hybrid: bool,
    /// No move-ordering heuristics
    #[arg(long)]
    no_heuristics: bool,
    /// Class e counts ko-prone eyes at the root too
    #[arg(long)]
    no_ko_eyes: bool,
    /// Keep the search's own winning move at the root, not the opponent's best
    #[arg(long)]
    no_vital_point: bool,
    /// Class e's bigger of two big eyes by the thesis's Müller status alone
    #[arg(long, group = "bigger_eye")]
    bigger_eye_by_points: bool,
    /// Class e's bigger eye also gives at least as many liberties (the
    /// default)
    #[arg(long, group = "bigger_eye")]
    bigger_eye_by_liberties: bool,
    /// A big eye whose enemy stones its owner cannot profitably capture
    /// stays big, as in the thesis
    #[arg(long)]
    no_big_eyes_regrow: bool,
    /// The hybrid's alpha-beta share of its two budgets, percent of --nodes
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u8).range(0..=200))]
    alphabeta_share: Option<u8>,
}

impl From<Cli> for SolverOptions {
    fn from(cli: Cli) -> SolverOptions {
        let mut options = SolverOptions::default();
        if cli.thesis {
            options = SolverOptions::thesis().with_nodes(options.nodes);
        }
        if let Some(n) = cli.nodes {
            options.nodes = n;
        }
        if cli.dfpn {
            options.engine = SearchEngine::Dfpn;
        } else if cli.alphabeta {
            options.engine = SearchEngine::AlphaBeta;
        } else if cli.hybrid {
            options.engine = SearchEngine::Hybrid;
        }
        if cli.no_heuristics {
            options.heuristics = Heuristics::NONE;
        }
        let off = |flag: bool, option: &mut bool| {
            if flag {
                *option = false;
            }
        };
        off(cli.no_ko_eyes, &mut options.search_ko_eyes);
        off(cli.no_vital_point, &mut options.take_vital_point);
        off(cli.no_big_eyes_regrow, &mut options.big_eyes_regrow);
        if cli.bigger_eye_by_points {
            options.bigger_eye = BiggerEye::Points;
        } else if cli.bigger_eye_by_liberties {
            options.bigger_eye = BiggerEye::PointsAndLiberties;
        }
        if let Some(share) = cli.alphabeta_share {
            options.alphabeta_share = share;
        }
        options
    }
}

fn main() -> ExitCode {
    let options = SolverOptions::from(Cli::parse());
    let mut registry = GoEngine::registry("semeai_gtp", env!("CARGO_PKG_VERSION"));
    go_semeai::gtp::register_with(&mut registry, options);
    let mut engine = Engine::new(registry, GoEngine::new());
    let stdout = BufWriter::new(io::stdout().lock());
    match engine.run(io::stdin().lock(), stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("semeai_gtp: {e}");
            ExitCode::FAILURE
        }
    }
}
