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
//! Options: `--nodes N` (budget per search), `--thesis` (the published
//! module: no pass at the root, no class-e correction), `--dfpn` (df-pn
//! instead of alpha-beta), `--no-heuristics`, `--no-prune`, `--no-negative` (no negative pruning),
//! `--no-ko` (no ko resolution), `--no-ko-eyes` (class e counts ko-prone
//! eyes at the root too), `--alphabeta-share P` (the hybrid's alpha-beta
//! share of its two budgets, percent of `--nodes`, 0..=200), `--no-vital-point`
//! (keep the search's own winning move at the root, not the opponent's best),
//! `--bigger-eye-by-points` (class e's bigger of two big eyes by the
//! thesis's Müller status alone; `--bigger-eye-by-liberties`, the
//! default, also asks it to give at least as many liberties), `--no-big-eyes-regrow`
//! (a big eye whose enemy stones its owner cannot profitably capture stays
//! big, as in the thesis).

use std::io::{self, BufWriter};
use std::process::ExitCode;

use go_gtp::{Engine, GoEngine};
use go_semeai::{BiggerEye, Engine as SearchEngine, Heuristics, SolverOptions};

fn parse(args: &[String]) -> Result<SolverOptions, String> {
    let mut options = SolverOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--nodes" => {
                let v = it.next().ok_or("--nodes needs a number")?;
                options.nodes = v.parse().map_err(|_| format!("bad --nodes {v:?}"))?;
            }
            "--thesis" => {
                let nodes = options.nodes;
                options = SolverOptions::thesis().with_nodes(nodes);
            }
            "--dfpn" => options.engine = SearchEngine::Dfpn,
            "--alphabeta" => options.engine = SearchEngine::AlphaBeta,
            "--hybrid" => options.engine = SearchEngine::Hybrid,
            "--no-heuristics" => options.heuristics = Heuristics::NONE,
            "--no-prune" => options.prune = false,
            "--no-pass-in-tree" => options.pass_in_tree = false,
            "--no-ko" => options.resolve_ko = false,
            "--no-negative" => options.negative_pruning = false,
            "--no-ko-eyes" => options.search_ko_eyes = false,
            "--narrow" => options.wide_moves = false,
            "--no-exact-eyes" => options.exact_eye_liberties = false,
            "--no-one-sided" => options.one_sided = false,
            "--no-bounded-eyes" => options.bounded_eyes = false,
            "--no-own-stone-eyes" => options.own_stone_eyes = false,
            "--no-plain-ko-counts" => options.plain_ko_counts = false,
            "--no-vital-point" => options.take_vital_point = false,
            "--bigger-eye-by-points" => options.bigger_eye = BiggerEye::Points,
            "--no-big-eyes-regrow" => options.big_eyes_regrow = false,
            "--bigger-eye-by-liberties" => options.bigger_eye = BiggerEye::PointsAndLiberties,
            "--alphabeta-share" => {
                let v = it.next().ok_or("--alphabeta-share needs a percentage")?;
                options.alphabeta_share = v
                    .parse()
                    .ok()
                    .filter(|p| *p <= 200)
                    .ok_or_else(|| format!("bad --alphabeta-share {v:?} (0..=200)"))?;
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("semeai_gtp: {e}");
            return ExitCode::FAILURE;
        }
    };
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
