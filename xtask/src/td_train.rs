//! `cargo xtask td-train`: TD(λ) weights for go-patterns's linear
//! evaluation (`go_patterns::td`), learned from games of our Monte-Carlo
//! player against itself, with their prediction of the winner on
//! held-out games next to simple baselines.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use go_board::{Board, Color, Move, Pcg32, PlayoutBoard};
use go_mcts::go::{Decision, GoPlayer, GoState, PlayerOptions};
use go_patterns::td::{TdEvaluator, TdFeature, TdFeatures, TdOptions};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::parse;
use crate::selfplay::{board_size, splitmix64};

/// Learns the weights of go-patterns's linear evaluation by TD(λ) from
/// self-play, and measures how well it predicts the winner.
///
/// Plays --games games of go-mcts's player against itself (one search
/// thread each, --playouts per move, the first --random-moves moves
/// uniformly random so that games differ), in parallel. The last
/// --held-out games are kept for testing; of the others, a fifth
/// chooses λ among --lambdas and the rest trains. Prints, for the
/// positions at moves 20, 40 and 60 and over all positions of the
/// held-out games, the mean squared error and the accuracy of predicting
/// the winner, next to the constant (Black's share of wins in training),
/// the Tromp-Taylor area with komi and Bouzy's territory with komi.
/// With --out, writes the weights of the chosen λ (the crate's default
/// is `crates/go-patterns/data/td_eval.txt`).
#[derive(Parser, Debug)]
#[command(name = "td-train", bin_name = "cargo xtask td-train", version)]
pub struct Options {
    /// Self-play games in all
    #[arg(long, value_name = "N", default_value_t = 400)]
    games: usize,
    /// Games kept out of training, for the measures
    #[arg(long, value_name = "N", default_value_t = 100)]
    held_out: usize,
    /// Playouts per move of the player
    #[arg(long, value_name = "N", default_value_t = 300)]
    playouts: u64,
    /// Uniformly random moves that open each game
    #[arg(long, value_name = "N", default_value_t = 4)]
    random_moves: usize,
    /// Board size
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = board_size)]
    size: usize,
    /// Komi
    #[arg(long, value_name = "K", default_value_t = 7.0, value_parser = parse::finite, allow_negative_numbers = true)]
    komi: f32,
    /// Base of every game's seed (and of the training order)
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// The values of λ to try, comma-separated (0 to 1)
    #[arg(
        long,
        value_name = "L,…",
        value_delimiter = ',',
        default_value = "0,0.5,0.8,1"
    )]
    lambdas: Vec<f64>,
    /// Learning rate
    #[arg(long, value_name = "C", default_value_t = 2.0)]
    rate: f64,
    /// Passes over the training games
    #[arg(long, value_name = "N", default_value_t = 30)]
    epochs: usize,
    /// Where to write the chosen weights
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// One game: the features of every position before each move, and the
/// outcome (1 Black won, 0 White).
struct Game {
    positions: Vec<TdFeatures>,
    black_won: f32,
    /// Tromp-Taylor area minus komi and Bouzy territory minus komi (the
    /// baselines) of every position, from Black's side.
    area: Vec<f32>,
    territory: Vec<f32>,
}

/// Plays game `number`.
fn play(options: &Options, number: usize) -> Game {
    let seed = splitmix64(options.seed ^ splitmix64(number as u64));
    let mut search = PlayerOptions::default().search;
    search.threads = 1;
    search.seed = seed;
    let player_options = PlayerOptions::default()
        .with_search(search)
        .with_playouts_per_move(Some(options.playouts))
        .with_max_time_per_move(None)
        .with_reuse_tree(false);
    let mut player = GoPlayer::new(player_options);
    let mut rng = Pcg32::new(seed);
    // The size was checked by the parser.
    let Ok(mut board) = Board::new(options.size) else {
        unreachable!("board sizes are checked by the command line")
    };
    let komi = options.komi;
    let mut game = Game {
        positions: Vec::new(),
        black_won: 0.5,
        area: Vec::new(),
        territory: Vec::new(),
    };
    let cap = 3 * board.geometry().num_points();
    let mut color = Color::Black;
    let mut passes = 0;
    for n in 0..cap {
        let fast = PlayoutBoard::from(&board);
        let f = TdFeatures::of(&fast, komi);
        let n_points = board.geometry().num_points() as f32;
        game.area.push(f.get(TdFeature::Area) * n_points);
        game.territory.push(f.get(TdFeature::Territory) * n_points);
        game.positions.push(f);
        let decision = if n < options.random_moves {
            let mut fast = fast;
            Decision::Move(fast.random_move(color, &mut rng))
        } else {
            player.genmove(&board, color, komi)
        };
        match decision {
            Decision::Resign => {
                game.black_won = if color == Color::Black { 0.0 } else { 1.0 };
                return game;
            }
            Decision::Move(Move::Pass) => {
                board.pass();
                passes += 1;
            }
            Decision::Move(Move::Play(p)) => {
                if board.play(color, p).is_err() {
                    board.pass();
                    passes += 1;
                } else {
                    passes = 0;
                }
            }
        }
        if passes >= 2 {
            break;
        }
        color = color.opposite();
    }
    game.black_won = sign_prediction(PlayoutBoard::from(&board).area_score(komi));
    game
}

/// Squared error and hits of a predictor over some positions.
#[derive(Default, Clone, Copy)]
struct Score {
    n: usize,
    squared: f64,
    hits: f64,
}

impl Score {
    fn add(&mut self, p: f32, z: f32) {
        self.n += 1;
        self.squared += f64::from((p - z) * (p - z));
        // A draw, or a prediction of 0.5, counts half.
        self.hits += if p == 0.5 || z == 0.5 {
            0.5
        } else if (p > 0.5) == (z > 0.5) {
            1.0
        } else {
            0.0
        };
    }

    fn show(&self) -> String {
        if self.n == 0 {
            return "        -".into();
        }
        format!(
            "{:.3} {:5.1}%",
            self.squared / self.n as f64,
            100.0 * self.hits / self.n as f64
        )
    }
}

/// The prediction of a score from Black's side: 1 positive, 0 negative
/// (the search's value of a final score).
fn sign_prediction(score: f32) -> f32 {
    GoState::black_value(score)
}

/// The held-out table: one row per predictor, columns moves 20, 40, 60
/// and all positions.
fn report(eval: &TdEvaluator, games: &[Game], black_rate: f32) {
    let moves = [20usize, 40, 60];
    type Predictor<'a> = (&'a str, Box<dyn Fn(&Game, usize) -> f32 + 'a>);
    let predictors: [Predictor; 4] = [
        (
            "TD(λ) evaluation",
            Box::new(|g, t| eval.evaluate(&g.positions[t])),
        ),
        ("constant", Box::new(|_, _| black_rate)),
        (
            "area - komi > 0",
            Box::new(|g, t| sign_prediction(g.area[t])),
        ),
        (
            "territory - komi > 0",
            Box::new(|g, t| sign_prediction(g.territory[t])),
        ),
    ];
    println!(
        "{:<22} {:>13} {:>13} {:>13} {:>13}   (MSE, accuracy)",
        "held-out", "move 20", "move 40", "move 60", "all"
    );
    for (name, predict) in &predictors {
        let mut at = [Score::default(); 3];
        let mut all = Score::default();
        for g in games {
            for t in 0..g.positions.len() {
                let p = predict(g, t);
                all.add(p, g.black_won);
                if let Some(i) = moves.iter().position(|&m| m == t) {
                    at[i].add(p, g.black_won);
                }
            }
        }
        println!(
            "{name:<22} {:>13} {:>13} {:>13} {:>13}",
            at[0].show(),
            at[1].show(),
            at[2].show(),
            all.show()
        );
    }
    let n = |m: usize| games.iter().filter(|g| g.positions.len() > m).count();
    println!(
        "positions: {} games, {} reach move 20, {} move 40, {} move 60",
        games.len(),
        n(20),
        n(40),
        n(60)
    );
}

/// Mean squared error of `eval` over every position of `games`.
fn mse(eval: &TdEvaluator, games: &[Game]) -> f64 {
    let mut s = Score::default();
    for g in games {
        for f in &g.positions {
            s.add(eval.evaluate(f), g.black_won);
        }
    }
    s.squared / s.n.max(1) as f64
}

/// Trains from zero weights over `epochs` shuffled passes.
fn train(games: &[&Game], options: &TdOptions, epochs: usize, seed: u64) -> TdEvaluator {
    let mut eval = TdEvaluator::zero();
    let mut rng = Pcg32::new(seed);
    let mut order: Vec<usize> = (0..games.len()).collect();
    for _ in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        for &i in &order {
            let g = games[i];
            // Outcomes are 0, 0.5 or 1 by construction.
            let _ = eval.learn_game(&g.positions, g.black_won, options);
        }
    }
    eval
}

/// Runs the task.
pub fn run(options: &Options) -> ExitCode {
    if options.held_out == 0 || options.held_out + 5 > options.games {
        eprintln!("td-train: --held-out must be at least 1 and leave 5 games or more to train");
        return ExitCode::FAILURE;
    }
    let mut td_options = Vec::new();
    for &lambda in &options.lambdas {
        match TdOptions::new(lambda, options.rate) {
            Ok(o) => td_options.push(o),
            Err(e) => {
                eprintln!("td-train: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if td_options.is_empty() {
        eprintln!("td-train: --lambdas needs at least one value");
        return ExitCode::FAILURE;
    }
    let start = Instant::now();
    let bar = ProgressBar::new(options.games as u64);
    bar.set_style(
        ProgressStyle::with_template("{prefix} {bar:40} {pos}/{len} games {elapsed} (ETA {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_prefix("self-play");
    let games: Vec<Game> = (0..options.games)
        .into_par_iter()
        .map(|number| {
            let g = play(options, number);
            bar.inc(1);
            g
        })
        .collect();
    bar.finish_and_clear();
    let positions: usize = games.iter().map(|g| g.positions.len()).sum();
    println!(
        "self-play: {} games of {}x{}, {} playouts a move, komi {}: {} positions in {:.1} s",
        games.len(),
        options.size,
        options.size,
        options.playouts,
        options.komi,
        positions,
        start.elapsed().as_secs_f64()
    );
    let (learn, test) = games.split_at(games.len() - options.held_out);
    let validation_len = (learn.len() / 5).max(1);
    let (train_games, validation) = learn.split_at(learn.len() - validation_len);
    let train_refs: Vec<&Game> = train_games.iter().collect();
    let black_rate =
        train_games.iter().map(|g| g.black_won).sum::<f32>() / train_games.len() as f32;
    println!(
        "Black won {:.1}% of the {} training games",
        100.0 * black_rate,
        train_games.len()
    );
    let mut best: Option<(f64, TdOptions, TdEvaluator)> = None;
    for o in &td_options {
        let eval = train(&train_refs, o, options.epochs, options.seed);
        let m = mse(&eval, validation);
        println!(
            "λ = {}: validation MSE {m:.4} ({} games), weights {:?}",
            o.lambda(),
            validation.len(),
            eval.weights()
        );
        if best.as_ref().is_none_or(|(b, _, _)| m < *b) {
            best = Some((m, *o, eval));
        }
    }
    let Some((_, chosen, eval)) = best else {
        unreachable!("at least one λ was tried")
    };
    println!("chosen: λ = {}", chosen.lambda());
    report(&eval, test, black_rate);
    // The cost of one evaluation (features and the dot product).
    let timing = Instant::now();
    let mut sum = 0.0;
    let boards: Vec<PlayoutBoard> = (0..50)
        .map(|i| {
            let mut b = PlayoutBoard::new(options.size).unwrap_or_else(|_| unreachable!());
            let mut rng = Pcg32::new(i);
            for _ in 0..(i as usize % 60) {
                let c = b.to_play();
                if let Move::Play(p) = b.random_move(c, &mut rng) {
                    let _ = b.play(c, p);
                }
            }
            b
        })
        .collect();
    let reps = 200;
    for _ in 0..reps {
        for b in &boards {
            sum += eval.value(b, options.komi);
        }
    }
    println!(
        "one evaluation: {:.1} µs ({} boards of 0 to 59 random moves; checksum {sum:.1})",
        timing.elapsed().as_secs_f64() * 1e6 / (reps * boards.len()) as f64,
        boards.len()
    );
    if let Some(path) = &options.out {
        let text = format!(
            "# `cargo xtask td-train`: {} self-play games of {}x{} ({} playouts a move), \
             λ = {}, rate {}, {} epochs, seed {}\n{eval}",
            options.games - options.held_out,
            options.size,
            options.size,
            options.playouts,
            chosen.lambda(),
            options.rate,
            options.epochs,
            options.seed
        );
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("td-train: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
