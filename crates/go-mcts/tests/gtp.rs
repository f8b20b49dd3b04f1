//! The GTP commands of the `gtp` feature, through go-gtp's engine.

#![cfg(feature = "gtp")]

use go_gtp::{Engine, GoEngine};
use go_mcts::go::PlayerOptions;
use go_mcts::gtp::{MctsPlayer, register};

fn engine() -> Engine<GoEngine> {
    let options = PlayerOptions::default()
        .with_playouts_per_move(Some(300))
        .with_max_time_per_move(None);
    let mut registry = GoEngine::registry("test", "1");
    register(&mut registry);
    Engine::new(registry, GoEngine::with_generator(MctsPlayer::new(options)))
}

/// The answers (without `= ` and the blank line) to `commands`.
fn answers(commands: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine().run(commands.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .split("\n\n")
        .filter(|a| !a.is_empty())
        .map(|a| a.trim_start_matches(['=', '?']).trim().to_string())
        .collect()
}

#[test]
fn uct_patterns_lists_the_matching_points_row_by_row() {
    // Black C2 and E2, White D2: D1 and D3 are enclosing hanes (XOX next to
    // the move); points far from the stones match nothing.
    let a = answers("boardsize 7\nclear_board\nplay b C2\nplay w D2\nplay b E2\nuct_patterns\n");
    let points: Vec<go_board::Point> = a
        .last()
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    for v in ["D1", "D3"] {
        assert!(points.contains(&v.parse().unwrap()), "{v} in {points:?}");
    }
    assert!(points.iter().all(|p| p.row() <= 2), "{points:?}");
    assert!(
        points
            .windows(2)
            .all(|w| (w[0].row(), w[0].col()) < (w[1].row(), w[1].col())),
        "{points:?}"
    );
    // An empty board has no shape.
    let a = answers("boardsize 7\nclear_board\nuct_patterns\n");
    assert_eq!(a.last().unwrap(), "");
}

#[test]
fn final_status_list_names_bad_statuses() {
    let mut out = Vec::new();
    engine()
        .run(
            &b"boardsize 5\nclear_board\nfinal_status_list nonsense\n"[..],
            &mut out,
        )
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("? unknown status nonsense"), "{text}");
}

#[test]
fn mcts_analyze_ends_with_the_principal_variation() {
    let a = answers("boardsize 5\nclear_board\nplay b C3\nmcts_analyze 400\n");
    let last = a.last().unwrap();
    let pv = last.lines().last().unwrap();
    assert!(pv.starts_with("pv "), "{last}");
    assert!(
        pv.contains("400 playouts") || pv.contains("playouts"),
        "{pv}"
    );
    assert!(last.lines().next().unwrap().contains("visits"), "{last}");
}

#[test]
fn analysis_budgets_beyond_the_maximum_are_refused_at_once() {
    let mut out = Vec::new();
    engine()
        .run(
            &b"boardsize 5\nmcts_analyze 4294967295\nmcts_ownership 2147483647\nmcts_analyze 1000001\nmcts_analyze 100\n"[..],
            &mut out,
        )
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 5, "{text}");
    assert_eq!(replies[1], "? at most 1000000 playouts, got 4294967295");
    assert_eq!(replies[2], "? at most 1000000 playouts, got 2147483647");
    assert_eq!(replies[3], "? at most 1000000 playouts, got 1000001");
    assert!(
        replies[4].starts_with("= ") && replies[4].contains(" playouts)"),
        "{}",
        replies[4]
    );
}
