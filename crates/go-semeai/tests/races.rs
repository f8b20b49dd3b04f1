//! Hand-built races for every class and table row, each asked from both
//! sides, on one 13×13 template:
//!
//! ```text
//!      A B C D E F G H J K L M N
//!   13 O O O O O O O X X X X X X
//!   12 . O . X X X . O O O . X .      C: Black's outside liberties (White's wall behind)
//!   11 . O . X X X . O O O . X .      D-F: Black's block, its eye in column E
//!   10 . O . X X X . O O O . X .      G: shared liberties
//!    9 . O . X X X . O O O . X .      H-K: White's block, its eye in column J
//!    8 . O . X X X . O O O . X .      L: White's outside liberties (Black's wall behind)
//!    7 O O . X X X . O O O . X X      A, N: the walls' two eyes each
//!    6 . O . X X X . O O O . X .
//!    5 . O . X X X . O O O . X .
//!    4 . O . X X X . O O O . X .
//!    3 . O . X X X . O O O . X .
//!    2 . O . X X X . O O O . X .
//!    1 O O O O O O O X X X X X X
//! ```
//!
//! Liberties not wanted are filled: in column C by White's wall, in column
//! L by Black's wall, in column G by Black's block (the shared liberties
//! are taken from row 4 up, away from the walls). Eyes are drawn from row
//! 5 up in columns E and J.

use go_board::{Board, Point};
use go_semeai::{Solver, SolverOptions, StaticVerdict, Status, class0};

/// A race on the template.
#[derive(Clone, Copy)]
struct Spec {
    /// Empty points of column C (Black's outside liberties).
    black_outside: usize,
    /// Empty points of column L (White's outside liberties).
    white_outside: usize,
    /// Empty points of column G (shared liberties).
    shared: usize,
    /// Black's eye in column E from row 5 up: `.` empty, `O` a White stone.
    black_eye: &'static str,
    /// White's eye in column J from row 5 up: `.` empty, `X` a Black stone.
    white_eye: &'static str,
}

impl Spec {
    fn new(black_outside: usize, white_outside: usize, shared: usize) -> Spec {
        Spec {
            black_outside,
            white_outside,
            shared,
            black_eye: "",
            white_eye: "",
        }
    }

    fn eyes(self, black_eye: &'static str, white_eye: &'static str) -> Spec {
        Spec {
            black_eye,
            white_eye,
            ..self
        }
    }

    fn diagram(&self) -> String {
        const N: usize = 13;
        // g[row][col], row 0 = row 1: the columns' stones, then the walls'
        // rows 1 and 13 and their eyes in columns A and N (rows 2-12 but 7).
        let column = |col: usize| match col {
            0..=2 | 7..=9 => 'O',
            _ => 'X',
        };
        let mut g = [[column(0); N]; N];
        for (row, line) in g.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                *cell = if row == 0 || row == N - 1 {
                    if col <= 6 { 'O' } else { 'X' }
                } else if (col == 0 || col == N - 1) && row != 6 {
                    '.'
                } else {
                    column(col)
                };
            }
        }
        let take = |g: &mut [[char; N]; N], col: usize, from: usize, n: usize| {
            for line in &mut g[from..from + n] {
                line[col] = '.';
            }
        };
        take(&mut g, 2, 1, self.black_outside);
        take(&mut g, 10, 1, self.white_outside);
        // Shared liberties away from the walls' rows, which would let a
        // block connect out through them.
        take(&mut g, 6, 3, self.shared);
        for (i, c) in self.black_eye.chars().enumerate() {
            g[4 + i][4] = c;
        }
        for (i, c) in self.white_eye.chars().enumerate() {
            g[4 + i][8] = c;
        }
        let mut s = String::new();
        for row in (0..N).rev() {
            let line: Vec<String> = g[row].iter().map(|c| c.to_string()).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s
    }

    fn board(&self) -> Board {
        Board::from_diagram(&self.diagram()).expect("a valid diagram")
    }
}

const BLACK: &str = "D3";
const WHITE: &str = "K3";

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// The static verdict of the side of `first` and the solver's statuses.
fn ask(spec: &Spec, first: &str, second: &str) -> (Option<StaticVerdict>, Status, Status) {
    let board = spec.board();
    let solver = Solver::new(SolverOptions::default());
    let report = solver.inspect(&board, p(first), p(second)).unwrap();
    let result = solver.solve(&board, p(first), p(second)).unwrap();
    (report.verdict, result.status_if_play, result.status_if_pass)
}

/// Both sides of a race: Black's verdict and White's.
fn both(spec: Spec) -> (StaticVerdict, StaticVerdict) {
    let (vb, pb, qb) = ask(&spec, BLACK, WHITE);
    let (vw, pw, qw) = ask(&spec, WHITE, BLACK);
    let vb = vb.unwrap_or_else(|| panic!("black: not static\n{}", spec.diagram()));
    let vw = vw.unwrap_or_else(|| panic!("white: not static\n{}", spec.diagram()));
    // The solver answers what the evaluation says, and the two sides agree:
    // one side's status if it passes is the other's if it plays, reversed.
    assert_eq!(
        (pb, qb),
        (vb.if_play, vb.if_pass),
        "black\n{}",
        spec.diagram()
    );
    assert_eq!(
        (pw, qw),
        (vw.if_play, vw.if_pass),
        "white\n{}",
        spec.diagram()
    );
    assert_eq!(
        vb.if_pass,
        vw.if_play.opponent(),
        "sides disagree\n{}",
        spec.diagram()
    );
    assert_eq!(
        vw.if_pass,
        vb.if_play.opponent(),
        "sides disagree\n{}",
        spec.diagram()
    );
    (vb, vw)
}

#[test]
fn the_template_is_a_race_without_eyes() {
    let spec = Spec::new(3, 2, 1);
    let board = spec.board();
    assert_eq!(board.num_liberties(p(BLACK)), 4);
    assert_eq!(board.num_liberties(p(WHITE)), 3);
    assert_eq!(go_semeai::find_races(&board), vec![(p("D2"), p("H2"))]);
}

/// Tables 4.3 and 4.4, every row, asked from both sides.
#[test]
fn class_0_every_row_from_both_sides() {
    for shared in 0..=4usize {
        for black in 1..=6usize {
            for white in 1..=6usize {
                let (vb, vw) = both(Spec::new(black, white, shared));
                let k = black as i32 - white as i32;
                assert_eq!(
                    vb,
                    class0::verdict(k, shared as u32),
                    "b {black} w {white} sl {shared}"
                );
                assert_eq!(
                    vw,
                    class0::verdict(-k, shared as u32),
                    "b {black} w {white} sl {shared}"
                );
            }
        }
    }
}

/// Table 4.7: a small eye against no eye; the shared liberties count for
/// the eye. Black: eye 1 + 3 outside; White: 4 + 1 shared … 6 outside.
#[test]
fn class_e_eye_against_no_eye_from_both_sides() {
    use Status::{Loser as L, Winner as W};
    // Black: one-point eye (1) + outside; White: outside only; 1 shared.
    for black_out in 1..=5usize {
        for white_out in 1..=8usize {
            let spec = Spec::new(black_out, white_out, 1).eyes(".", "");
            let (vb, vw) = both(spec);
            // The eye's side counts the shared liberty: LibsDef = 1 + out + 1.
            let libs_def = 1 + black_out as i32 + 1;
            let libs_att = white_out as i32;
            let expected = |att_to_play: bool| {
                if libs_att == libs_def {
                    (W, L)
                } else if (libs_att > libs_def) == att_to_play {
                    (W, W)
                } else {
                    (L, L)
                }
            };
            assert_eq!(
                (vb.if_play, vb.if_pass),
                expected(false),
                "{}",
                spec.diagram()
            );
            assert_eq!(
                (vw.if_play, vw.if_pass),
                expected(true),
                "{}",
                spec.diagram()
            );
        }
    }
}

/// Table 4.6: one small eye each, one shared liberty, equal liberties:
/// seki (the errata's (P,S,S)); one more liberty: win by playing.
#[test]
fn class_e_equal_small_eyes_from_both_sides() {
    use Status::{Loser as L, Seki as S, Winner as W};
    let (vb, vw) = both(Spec::new(3, 3, 1).eyes(".", "."));
    assert_eq!((vb.if_play, vb.if_pass), (S, S));
    assert_eq!((vw.if_play, vw.if_pass), (S, S));
    let (vb, vw) = both(Spec::new(4, 3, 1).eyes(".", "."));
    assert_eq!((vb.if_play, vb.if_pass), (W, S));
    assert_eq!((vw.if_play, vw.if_pass), (S, L));
    let (vb, vw) = both(Spec::new(3, 3, 0).eyes(".", "."));
    assert_eq!((vb.if_play, vb.if_pass), (W, L));
    assert_eq!((vw.if_play, vw.if_pass), (W, L));
}

/// Table 4.5: two eyes against a nakade, two eyes each.
#[test]
fn class_e_alive_rows_from_both_sides() {
    use Status::{Loser as L, Seki as S, Winner as W};
    // Black: eyes at E5 and E7 (two sure eyes); White: no eye.
    let (vb, vw) = both(Spec::new(2, 6, 1).eyes(".X.", ""));
    assert_eq!((vb.if_play, vb.if_pass), (W, W));
    assert_eq!((vw.if_play, vw.if_pass), (L, L));
    // Both alive: seki in the wide sense.
    let (vb, vw) = both(Spec::new(2, 2, 1).eyes(".X.", ".O."));
    assert_eq!((vb.if_play, vb.if_pass), (S, S));
    assert_eq!((vw.if_play, vw.if_pass), (S, S));
}

/// Table 4.5 and the vital-point correction: an unsettled straight three
/// against no eye. The owner lives by playing its middle point; the other
/// side spoils it there.
#[test]
fn class_e_unsettled_rows_from_both_sides() {
    use Status::{Loser as L, Winner as W};
    // Black: straight three (3) + 1 outside; White: 4 outside. Spoilt, the
    // eye leaves Black 2 + 1 against 4.
    let spec = Spec::new(1, 4, 0).eyes("...", "");
    let (vb, vw) = both(spec);
    assert_eq!((vb.if_play, vb.if_pass), (W, L), "the owner makes two eyes");
    assert_eq!((vw.if_play, vw.if_pass), (W, L), "White spoils the eye");
    // The vital point is the middle, for both.
    let board = spec.board();
    let r = Solver::default().solve(&board, p(BLACK), p(WHITE)).unwrap();
    assert_eq!(r.decision.point(), Some(p("E6")));
    let r = Solver::default().solve(&board, p(WHITE), p(BLACK)).unwrap();
    assert_eq!(r.decision.point(), Some(p("E6")));
    // With more liberties Black wins even with its eye spoilt.
    let (vb, vw) = both(Spec::new(2, 3, 1).eyes("...", ""));
    assert_eq!((vb.if_play, vb.if_pass), (W, W));
    assert_eq!((vw.if_play, vw.if_pass), (L, L));
}

/// Big eyes count more than their size (Table 4.1): a five-point eye with
/// an enemy stone on its vital point beats many outside liberties.
#[test]
fn class_e_big_eye_liberties_from_both_sides() {
    use Status::{Loser as L, Winner as W};
    // Black: straight five is alive outright; use a bent shape instead:
    // column E rows 5-7 with a White stone in the middle (nakade, 2
    // liberties left of 3).
    let (vb, vw) = both(Spec::new(1, 4, 0).eyes(".O.", ""));
    // Black: 1 outside + 2 in the eye; White: 4. Black (eye) is the
    // defender: 3 against 4, White to move wins, Black to move loses.
    assert_eq!((vb.if_play, vb.if_pass), (L, L));
    assert_eq!((vw.if_play, vw.if_pass), (W, W));
    let (vb, vw) = both(Spec::new(2, 3, 0).eyes(".O.", ""));
    // 4 against 3: Black wins either way.
    assert_eq!((vb.if_play, vb.if_pass), (W, W));
    assert_eq!((vw.if_play, vw.if_pass), (L, L));
}

/// Table 4.5's `AliveInAtari` rows: four White stones in Black's five-point
/// eye, Black with no other liberty: Black must capture now (it then has a
/// straight four), White captures Black first if it may.
#[test]
fn class_e_alive_in_atari_from_both_sides() {
    use Status::{Loser as L, Winner as W};
    let spec = Spec::new(0, 3, 0).eyes("OOOO.", "");
    let (vb, vw) = both(spec);
    assert_eq!((vb.if_play, vb.if_pass), (W, L));
    assert_eq!((vw.if_play, vw.if_pass), (W, L));
    let board = spec.board();
    for (first, second) in [(BLACK, WHITE), (WHITE, BLACK)] {
        let r = Solver::default()
            .solve(&board, p(first), p(second))
            .unwrap();
        assert_eq!(r.decision.point(), Some(p("E9")), "{first} captures at E9");
    }
}

/// Replaces the point `at` of a template diagram.
fn with(spec: Spec, at: &str, c: char) -> Board {
    let text = spec.diagram();
    let mut rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.split(' ').map(|w| w.chars().next().unwrap()).collect())
        .collect();
    let q = p(at);
    let n = rows.len();
    rows[n - 1 - q.row()][q.col()] = c;
    let text: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Board::from_diagram(&text.join("\n")).unwrap()
}

/// Class p's rules refuse positions class e would misjudge, and the search
/// then decides.
#[test]
fn class_p_rules_send_positions_to_the_search() {
    use go_semeai::Reasons;
    let solver = Solver::default();
    let spec = Spec::new(3, 3, 1);
    // Rule 1: a Black block next to Black's liberty C3 (a second block
    // whose liberties A3-A5 connecting at C3 would add).
    let board = {
        // Keep C3 a liberty: the extra stones go on B3-B5, beside it.
        let mut b = spec.board();
        let black = Some(go_board::Color::Black);
        b.setup([(p("B3"), black), (p("B4"), black), (p("B5"), black)])
            .unwrap();
        b
    };
    let r = solver.inspect(&board, p(BLACK), p(WHITE)).unwrap();
    assert!(
        r.reasons.contains(Reasons::MORE_1_EB_PLAYER),
        "{:?}",
        r.reasons
    );
    assert_eq!(r.verdict, None);
    // An opening in White's wall at B3 (toward the eye at A3) weakens the
    // wall around Black: not class e any more.
    let mut board = Spec::new(3, 3, 1).board();
    board.setup([(p("B3"), None)]).unwrap();
    let r = solver.inspect(&board, p(BLACK), p(WHITE)).unwrap();
    assert!(!r.reasons.is_empty());
    assert_eq!(r.verdict, None);
    // Equal liberties, so the side to move wins; the search still finds it.
    let spec = Spec::new(3, 3, 0);
    let board = with(spec, "C4", 'X');
    let r = solver.solve(&board, p(BLACK), p(WHITE)).unwrap();
    assert!(r.status_if_play.is_known());
}

#[test]
fn the_hybrid_alphabeta_share_splits_its_two_budgets() {
    use go_semeai::SearchEngine;
    // A race class p sends to the search: a Black block B3-B5 beside
    // Black's liberty C3 (see class_p_rules_send_positions_to_the_search).
    let mut board = Spec::new(3, 3, 1).board();
    let black = Some(go_board::Color::Black);
    board
        .setup([(p("B3"), black), (p("B4"), black), (p("B5"), black)])
        .unwrap();
    let run = |engine: SearchEngine, nodes: u64, share: u8| {
        let mut options = SolverOptions::default().with_nodes(nodes);
        options.engine = engine;
        options.alphabeta_share = share;
        Solver::new(options)
            .solve(&board, p(BLACK), p(WHITE))
            .unwrap()
    };
    let hybrid = run(SearchEngine::Hybrid, 2_000, 30);
    assert!(hybrid.status_if_play.is_known());
    assert!(hybrid.stats.nodes > 0, "the race needs the search");
    // Share 200: alpha-beta gets both budgets, df-pn none — plain
    // alpha-beta with twice the nodes, node for node.
    let all_ab = run(SearchEngine::Hybrid, 2_000, 200);
    let ab = run(SearchEngine::AlphaBeta, 4_000, 30);
    assert_eq!(all_ab.status_if_play, ab.status_if_play);
    assert_eq!(all_ab.status_if_pass, ab.status_if_pass);
    assert_eq!(all_ab.stats.nodes, ab.stats.nodes);
    // Share 0: alpha-beta gets nothing and df-pn both budgets.
    let all_dfpn = run(SearchEngine::Hybrid, 2_000, 0);
    let dfpn = run(SearchEngine::Dfpn, 4_000, 30);
    assert_eq!(all_dfpn.status_if_play, dfpn.status_if_play);
    assert_eq!(all_dfpn.stats.nodes, dfpn.stats.nodes);
}

/// "The opponent's vital point is my vital point": White, first, wins by
/// filling Black's outside liberty C2 or by J6 in its own eye, the point
/// where Black, first, gets a seki. With [`SolverOptions::take_vital_point`] White answers J6,
/// the point both sides want; without it the search's own C2. GNU Go
/// agrees on every status: White first `1 1 C2`, after White J6 or White C2
/// Black (first) `0 0 PASS`, Black first `1 0 J6`.
#[test]
fn the_opponents_vital_point_is_taken_among_winning_moves() {
    let board = Board::from_diagram(
        "O O O O O O O X X X X X X
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         O O O X . X X O . O X X X
         . O O X O X X O . O X X .
         . O O X . X X O X O O X .
         . O O X X X . O O O X X .
         . O O X X X X O O O . X .
         . . . X X X X O O O . X .
         O O O O O O O X X X X X X",
    )
    .unwrap();
    let solve = |take_vital_point: bool, first: &str, second: &str| {
        let mut options = SolverOptions::default();
        options.take_vital_point = take_vital_point;
        Solver::new(options)
            .solve(&board, p(first), p(second))
            .unwrap()
    };
    // White first: a win either way; J6 only with the option.
    let white = solve(true, WHITE, BLACK);
    assert_eq!(
        (white.status_if_play, white.status_if_pass),
        (Status::Winner, Status::Seki)
    );
    assert_eq!(white.decision.point(), Some(p("J6")));
    let plain = solve(false, WHITE, BLACK);
    assert_eq!(plain.status_if_play, Status::Winner);
    assert_eq!(plain.decision.point(), Some(p("C2")));
    // Black first: seki by J6, with or without the option.
    for option in [true, false] {
        let black = solve(option, BLACK, WHITE);
        assert_eq!(
            (black.status_if_play, black.status_if_pass),
            (Status::Seki, Status::Loser)
        );
        assert_eq!(black.decision.point(), Some(p("J6")));
    }
}

/// A winning move that captures the other essential block at once is not
/// traded for the opponent's best move: both blocks are in atari, Black's
/// at its eye E5, White's at J7 (where White, first, could also win by
/// capturing Black's two stones J5-J6). White first captures at E5 and
/// Black first at J7, as GNU Go answers (`1 1 E5`, `1 1 J7`).
#[test]
fn a_capture_of_the_other_block_is_kept_over_its_vital_point() {
    let board = Board::from_diagram(
        "O O O O O O O X X X X X X
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O O X .
         . O O X X X X O O O X X .
         O O O X X X X O . O X X X
         . O O X X X X O X O X X .
         . O O X . X X O X O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         . O O X X X X O O O X X .
         O O O O O O O X X X X X X",
    )
    .unwrap();
    let solver = Solver::new(SolverOptions::default());
    let white = solver.solve(&board, p(WHITE), p(BLACK)).unwrap();
    assert_eq!(white.status_if_play, Status::Winner);
    assert_eq!(white.decision.point(), Some(p("E5")));
    let black = solver.solve(&board, p(BLACK), p(WHITE)).unwrap();
    assert_eq!(black.status_if_play, Status::Winner);
    assert_eq!(black.decision.point(), Some(p("J7")));
}

/// Two big eyes holding enemy stones (STS-RV Misc 14 after White B9,
/// rebuilt on 13×13). White's block C9 has a six-point eye A8-B10 holding
/// Black B9 and A10 (it gives 5 liberties), two outside liberties (A12,
/// D11); Black's block D4 a five-point eye A2-C3 holding White A3 and B3
/// (6 liberties), one outside liberty (C1); A6 is shared: 7 against 7.
const TWO_FILLED_EYES: &str = "X X X . X . . . . . . . .
                               . O X X X . . . . . . . .
                               O O O . X . . . . . . . .
                               X . O X X . . . . . . . .
                               . X O X X . . . . . . . .
                               . . O X X X X X X X X X X
                               O O O X O O O O O O O O O
                               . X X O O . . . . . . . .
                               X X O O O . . . . . . . .
                               . X X X O . . . . . . . .
                               O O . X O . . . . . . . .
                               . X X X O . . . . . . . .
                               X X . O O . . . . . . . .";

/// The six-point eye is bigger in points but gives fewer liberties than
/// the five-point one: neither takes the shared liberty (Table 4.6, not
/// 4.7). Seki whoever moves first; with White's D11 filled Black kills
/// moving first and White makes seki moving first. Checked by an
/// exhaustive search over the fifteen points of the race (both sides,
/// passes allowed) and by the SGF's own line (seki after White B9).
#[test]
fn two_big_eyes_holding_stones_race_as_eyes_of_one_size() {
    use Status::{Loser as L, Seki as S, Winner as W};
    use go_semeai::BiggerEye;
    let board = Board::from_diagram(TWO_FILLED_EYES).unwrap();
    let (black, white) = (p("D4"), p("C9"));
    let statuses = |board: &Board, first, second, bigger_eye| {
        let mut options = SolverOptions::default();
        options.bigger_eye = bigger_eye;
        let r = Solver::new(options).solve(board, first, second).unwrap();
        (r.status_if_play, r.status_if_pass)
    };
    let rule = BiggerEye::PointsAndLiberties;
    assert_eq!(statuses(&board, black, white, rule), (S, S), "Black first");
    assert_eq!(statuses(&board, white, black, rule), (S, S), "White first");
    // The thesis's rule gives White's six points the shared liberty: 7
    // against 8, Black loses.
    assert_eq!(
        statuses(&board, black, white, BiggerEye::Points),
        (L, L),
        "by points"
    );
    // So does the thesis's method.
    let thesis = |first, second| {
        let r = Solver::new(SolverOptions::thesis())
            .solve(&board, first, second)
            .unwrap();
        (r.status_if_play, r.status_if_pass)
    };
    assert_eq!(thesis(black, white), (L, L), "the thesis, Black first");
    assert_eq!(thesis(white, black), (W, W), "the thesis, White first");
    let mut short = board.clone();
    short
        .setup([(p("D11"), Some(go_board::Color::Black))])
        .unwrap();
    assert_eq!(statuses(&short, black, white, rule), (W, S), "Black first");
    assert_eq!(statuses(&short, white, black, rule), (S, L), "White first");
}

/// White's block A3 has a 2×2 corner eye holding two diagonal Black
/// stones (B1, A2): one liberty (B2), and White can never capture them
/// (A1 is no liberty of White's). Black's block A4 has a one-point eye
/// (A5); D1 is shared.
const SEALED_CORNER_EYE: &str = ". . . . . . . . .
                                 . . . . . . . . .
                                 O O O O O O . . .
                                 X X X X X O . . .
                                 . X X X X O . . .
                                 X X X X X O . . .
                                 O O O X X O . . .
                                 X . O X X O . . .
                                 . X O . X O . . .";

/// A big eye whose enemy stones its owner cannot profitably capture grows
/// no eye back: it races as a small eye, and the shared liberty counts for
/// neither side (Table 4.6). Seki whoever moves first; with one more
/// liberty for Black (F4 opened) Black kills moving first and White makes
/// seki moving first. Checked by an exhaustive search over the points of
/// the race (both sides, passes allowed).
#[test]
fn a_big_eye_that_cannot_grow_back_races_as_a_small_eye() {
    use Status::{Loser as L, Seki as S, Winner as W};
    let board = Board::from_diagram(SEALED_CORNER_EYE).unwrap();
    let (black, white) = (p("A4"), p("A3"));
    let statuses = |board: &Board, first, second, big_eyes_regrow| {
        let mut options = SolverOptions::default();
        options.big_eyes_regrow = big_eyes_regrow;
        let r = Solver::new(options).solve(board, first, second).unwrap();
        (r.status_if_play, r.status_if_pass)
    };
    assert_eq!(statuses(&board, black, white, true), (S, S), "Black first");
    assert_eq!(statuses(&board, white, black, true), (S, S), "White first");
    // Counted as a four-point eye, White's eye takes the shared liberty:
    // White wins.
    assert_eq!(statuses(&board, white, black, false), (W, W), "as big");
    // So does the thesis's method.
    let thesis = |first, second| {
        let r = Solver::new(SolverOptions::thesis())
            .solve(&board, first, second)
            .unwrap();
        (r.status_if_play, r.status_if_pass)
    };
    assert_eq!(thesis(white, black), (W, W), "the thesis, White first");
    assert_eq!(thesis(black, white), (L, L), "the thesis, Black first");
    let mut opened = board.clone();
    opened.setup([(p("F4"), None)]).unwrap();
    assert_eq!(statuses(&opened, black, white, true), (W, S), "Black first");
    assert_eq!(statuses(&opened, white, black, true), (S, L), "White first");
}

/// df-pn's answer carries the line it read: legal from the position, the
/// first block's side first.
#[test]
fn the_dfpn_search_reports_a_legal_line() {
    use go_semeai::SearchEngine;
    let mut board = Spec::new(3, 3, 1).board();
    let black = Some(go_board::Color::Black);
    board
        .setup([(p("B3"), black), (p("B4"), black), (p("B5"), black)])
        .unwrap();
    let mut options = SolverOptions::default().with_nodes(4_000);
    options.engine = SearchEngine::Dfpn;
    let r = Solver::new(options)
        .solve(&board, p(BLACK), p(WHITE))
        .unwrap();
    assert!(r.status_if_play.is_known() && r.stats.nodes > 0);
    assert!(r.stats.pv.len() > 1, "{:?}", r.stats.pv);
    let mut after = board.clone();
    let mut color = board.to_play();
    for &mv in &r.stats.pv {
        after
            .play_move(color, mv)
            .unwrap_or_else(|e| panic!("{mv} of {:?}: {e}", r.stats.pv));
        color = color.opposite();
    }
}
