//! Small hand-built positions, one for each general rule the solver
//! follows beyond the thesis's tables, each asked from both sides.

use go_board::Board;
use go_semeai::{Certainty, Decision, SemeaiResult, Solver, SolverOptions, Status};

fn solve(diagram: &str, a: &str, b: &str) -> SemeaiResult {
    let board = Board::from_diagram(diagram).expect("a diagram");
    Solver::new(SolverOptions::default())
        .solve(
            &board,
            a.parse().expect("a vertex"),
            b.parse().expect("a vertex"),
        )
        .expect("a race")
}

/// Black's block B2-F2 (its eye at D1) races White's A4-G4 wall: three
/// shared liberties E3, F3, F1, and B1, a liberty only Black can fill.
/// White can take B1 by capturing A1 in a ko. Black wins the race moving
/// first; passing lets White take the ko, after which Black needs ko
/// threats: so Black must connect at B1 now, not pass, even though the
/// plain search (no threats for either side) wins after the pass too.
const KO_AFTER_PASS: &str = "\
    . . . . . . . . .
     X X X X X X X X .
     O O O O O O O X .
     O X X X . . O X .
     O X X X X X O X .
     X . X . X . O X .";

#[test]
fn passing_is_no_answer_when_the_opponent_then_starts_a_ko() {
    let black = solve(KO_AFTER_PASS, "B2", "A4");
    assert_eq!(black.status_if_play, Status::Winner);
    assert_eq!(black.kills, Certainty::Sure);
    assert!(
        !black.status_if_pass.is_known() || black.status_if_pass != Status::Winner,
        "passing is not as good: {:?}",
        black.status_if_pass
    );
    assert_eq!(
        black.decision,
        Decision::Play("B1".parse().expect("a vertex"))
    );
    // White, moving first, takes the ko: it lives only if it has the
    // first ko threat.
    let white = solve(KO_AFTER_PASS, "A4", "B2");
    assert_eq!(white.lives, Certainty::BadKo);
    assert_eq!(white.kills, Certainty::No);
}

/// Black's block D6-F6 has two liberties, E5 and F5, both shared with
/// White's block, which has F3 too. Filling a shared liberty would join
/// Black's block into atari (negative pruning leaves such moves out); Black
/// takes White's own liberty F3 for a seki, and White, moving first, fills
/// a shared liberty and wins.
const JOIN_INTO_ATARI: &str = "\
    . . . . . . . . .
     . X X X X X X X .
     . X O O O O O X .
     . X O X X X O X .
     . X O X . . O X .
     . X O O O O O X .
     . X O O O . O X .
     . X X X X X X X .
     . . . . . . . . .";

#[test]
fn negative_pruning_keeps_the_answers_of_a_race() {
    for negative_pruning in [true, false] {
        let options = SolverOptions {
            negative_pruning,
            ..SolverOptions::default()
        };
        let board = Board::from_diagram(JOIN_INTO_ATARI).expect("a diagram");
        let solver = Solver::new(options);
        let black = solver
            .solve(
                &board,
                "D6".parse().expect("a vertex"),
                "C7".parse().expect("a vertex"),
            )
            .expect("a race");
        assert_eq!(black.status_if_play, Status::Seki);
        assert_eq!(black.status_if_pass, Status::Looser);
        assert_eq!(
            black.decision,
            Decision::Play("F3".parse().expect("a vertex"))
        );
        let white = solver
            .solve(
                &board,
                "C7".parse().expect("a vertex"),
                "D6".parse().expect("a vertex"),
            )
            .expect("a race");
        assert_eq!(white.status_if_play, Status::Winner);
        assert_eq!(white.status_if_pass, Status::Seki);
    }
}

/// White's block A1-E1 has the eye B1-D1 on the edge, holding Black's B1
/// and D1 (D1 in atari), and the liberty E3 shared with Black's block
/// A4-F1, whose other liberties are C5, D5 and E5. The tables call White's
/// eye unsettled and White the winner even if it passes; but the eye's
/// shape can hold a ko, and after a pass Black starts one at C2. When the
/// tables advise a pass over such an eye, the root is searched, which
/// finds that White must capture at C1 now.
const KO_IN_THE_EYE: &str = "\
    . . . . . . . . .
     O O O O O O O . .
     O O . . . O O . .
     X X X X X X O . .
     O O O O . X O . .
     O . . O O X O . .
     O X . X O X O . .";

#[test]
fn an_unsettled_eye_that_can_hold_a_ko_is_searched_at_the_root() {
    let board = Board::from_diagram(KO_IN_THE_EYE).expect("a diagram");
    let (white, black) = (
        "A3".parse().expect("a vertex"),
        "A4".parse().expect("a vertex"),
    );
    let searched = Solver::new(SolverOptions::default());
    let w = searched.solve(&board, white, black).expect("a race");
    assert_eq!(w.status_if_play, Status::Winner);
    assert_ne!(w.status_if_pass, Status::Winner);
    assert_eq!(w.decision, Decision::Play("C1".parse().expect("a vertex")));
    // The tables alone pass.
    let tables = Solver::new(SolverOptions {
        search_ko_eyes: false,
        ..SolverOptions::default()
    });
    let w = tables.solve(&board, white, black).expect("a race");
    assert_eq!(w.decision, Decision::Pass);
    assert_eq!(w.status_if_pass, Status::Winner);
    // Only a pass the tables advise is searched: Black's lost verdict
    // (the ko is bad for Black) stands.
    let b = searched.solve(&board, black, white).expect("a race");
    assert_eq!(b.status_if_play, Status::Looser);
}
