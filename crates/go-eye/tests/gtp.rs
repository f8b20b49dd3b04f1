//! The GTP commands, answered as GNU Go and Fuego answer them.
#![cfg(feature = "gtp")]

use go_gtp::{Engine, GoEngine};

fn run(script: &str) -> Vec<String> {
    let mut registry = GoEngine::registry("test", "1");
    go_eye::gtp::register(&mut registry);
    let mut engine = Engine::new(registry, GoEngine::new());
    let mut out = Vec::new();
    engine.run(script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_start_matches("= ").to_string())
        .collect()
}

/// Black's corner on a 7×7 board: a straight three on the edge (A1 B1
/// C1), enclosed; White outside.
const SETUP: &str = "boardsize 7\nclear_board\n\
    play b A2\nplay b B2\nplay b C2\nplay b D2\nplay b D1\n\
    play w A3\nplay w B3\nplay w C3\nplay w D3\nplay w E3\nplay w E2\nplay w E1\n";

#[test]
fn eval_eye_answers_min_max_and_the_vital_points() {
    let answers = run(&format!("{SETUP}eval_eye B1\neval_eye A1\neval_eye B2\n"));
    let n = answers.len();
    // The straight three: one eye if White plays B1 first, two if Black does.
    assert_eq!(answers[n - 3], "1 2 B1 B1");
    assert_eq!(answers[n - 2], "1 2 B1 B1");
    // A live stone is in no eye space.
    assert_eq!(answers[n - 1], "-1");
}

#[test]
fn unconditional_status_and_benson_safety() {
    // Two one-point eyes: pass-alive.
    let answers = run("boardsize 5\nclear_board\n\
        play b A2\nplay b B2\nplay b C2\nplay b D2\nplay b E2\nplay b B1\nplay b D1\n\
        unconditional_status A2\nunconditional_status A1\nunconditional_status A5\n\
        go_safe benson\ngo_safe benson white\n");
    let n = answers.len();
    assert_eq!(answers[n - 5], "alive");
    assert_eq!(answers[n - 4], "black_territory");
    assert_eq!(answers[n - 3], "undecided");
    // 7 stones and the 3 eye points A1 C1 E1; the open area is not healthy.
    assert!(answers[n - 2].starts_with("10 "), "{}", answers[n - 2]);
    assert_eq!(answers[n - 1], "0");
}

#[test]
fn bad_arguments_are_errors() {
    let answers = run("go_safe bogus\neval_eye Z99\n");
    assert!(answers[0].starts_with("? invalid safety solver"));
    assert!(answers[1].starts_with("? "));
}
