//! Learning 3×3 move patterns from GNU Go's regression games (read from
//! the peer suites at test time, never copied): the learned table must
//! predict held-out moves far better than chance.
//!
//! The suites are read from `$GO_ANALYSIS_PEER_SUITES`, else from
//! `../shared/peer-suites` beside the workspace; the test skips with a
//! notice when they are missing.

#![cfg(feature = "learn")]

use std::path::{Path, PathBuf};
use std::time::Instant;

use go_patterns::learn::{GameCollection, Neighbourhood3x3, evaluate, learn};

fn peer_suites(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("GO_ANALYSIS_PEER_SUITES") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "{test}: skipped, peer suites not found at {} (set GO_ANALYSIS_PEER_SUITES)",
            dir.display()
        );
        None
    }
}

#[test]
fn learned_3x3_patterns_predict_held_out_gnugo_games() {
    let Some(suites) = peer_suites("learned_3x3_patterns_predict_held_out_gnugo_games") else {
        return;
    };
    let start = Instant::now();
    let collection = GameCollection::read_dir(suites.join("gnugo/regression/games")).unwrap();
    // Whole games only: at least 60 moves (the folder also holds problems).
    let games: Vec<_> = collection
        .games
        .into_iter()
        .map(|(_, g)| g)
        .filter(|g| g.num_moves() >= 60)
        .collect();
    assert!(games.len() > 100, "only {} games", games.len());
    // Half the games, to stay fast (the `learn_patterns` example uses them
    // all); every fifth of those is held out.
    let (test, train): (Vec<_>, Vec<_>) = games
        .into_iter()
        .step_by(2)
        .enumerate()
        .partition(|(i, _)| i % 5 == 0);
    let train: Vec<_> = train.into_iter().map(|(_, g)| g).collect();
    let test: Vec<_> = test.into_iter().map(|(_, g)| g).collect();
    let feature = Neighbourhood3x3 { atari: true };
    let stats = learn(&feature, &train);
    let accuracy = evaluate(&feature, &stats, &test);
    eprintln!(
        "learned from {} games ({} moves, {} stopped early): {} patterns, base rate {:.4}",
        stats.num_games(),
        stats.num_moves(),
        stats.num_stopped(),
        stats.num_patterns(),
        stats.base_rate()
    );
    for (code, counts, p) in stats.top(10, 200) {
        eprintln!(
            "  {code:?}  played {:>6} of {:>7}  p = {p:.3}",
            counts.played, counts.seen
        );
    }
    eprintln!("held out {} games: {accuracy}", test.len());
    eprintln!("elapsed {:.1?}", start.elapsed());
    // Far better than a uniform guess, and ordered as accuracies must be.
    assert!(
        accuracy.top(1) > 5.0 * accuracy.uniform_top1(),
        "{accuracy}"
    );
    assert!(accuracy.top(5) > accuracy.top(1));
    assert!(accuracy.top(10) >= accuracy.top(5));
}

#[test]
fn move_model_trained_by_mm_predicts_held_out_games() {
    use go_patterns::mm::{TrainOptions, evaluate_model, is_whole_game, train};
    let Some(suites) = peer_suites("move_model_trained_by_mm_predicts_held_out_games") else {
        return;
    };
    let start = Instant::now();
    let collection = GameCollection::read_dir(suites.join("fuego/regression/sgf/games")).unwrap();
    let games: Vec<_> = collection
        .games
        .into_iter()
        .map(|(_, g)| g)
        .filter(|g| is_whole_game(g) && g.num_moves() >= 20 && g.geometry().width() == 9)
        .collect();
    assert!(games.len() > 60, "only {} games", games.len());
    let (train_set, test_set): (Vec<_>, Vec<_>) =
        games.into_iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let train_set: Vec<_> = train_set.into_iter().map(|(_, g)| g).collect();
    let test_set: Vec<_> = test_set.into_iter().map(|(_, g)| g).collect();
    let options = TrainOptions::default().with_iterations(10);
    let report = train(&train_set, &options);
    // MM raises the posterior (likelihood and prior) at every step; the
    // likelihood alone ends far above the uniform model's.
    let ll = &report.log_likelihood;
    assert!(ll[ll.len() - 1] > ll[0] + 0.5, "{ll:?}");
    let accuracy = evaluate_model(&report.model, &test_set);
    eprintln!(
        "{} training positions, held out: {accuracy} ({:.1?})",
        report.positions,
        start.elapsed()
    );
    assert!(
        accuracy.top(1) > 5.0 * accuracy.uniform_top1(),
        "{accuracy}"
    );
    assert!(accuracy.top(5) > 0.4, "{accuracy}");
}
