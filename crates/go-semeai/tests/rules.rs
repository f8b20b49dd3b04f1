//! Small hand-built positions, one for each general rule the solver
//! follows beyond the thesis's tables, each asked from both sides, and
//! what the thesis's method ([`Profile::Thesis`]) answers there.

use go_board::Board;
use go_semeai::{
    BestMove, Certainty, KoKind, Profile, SemeaiError, SemeaiResult, Solver, SolverOptions, Status,
};

fn solve(diagram: &str, a: &str, b: &str) -> SemeaiResult {
    solve_as(Profile::Default, diagram, a, b)
}

fn solve_as(profile: Profile, diagram: &str, a: &str, b: &str) -> SemeaiResult {
    let board = Board::from_diagram(diagram).expect("a diagram");
    Solver::new(SolverOptions::from(profile))
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
        BestMove::Play("B1".parse().expect("a vertex"))
    );
    // White, moving first, takes the ko: it lives only if it has the
    // first ko threat.
    let white = solve(KO_AFTER_PASS, "A4", "B2");
    assert_eq!(white.lives, Certainty::BadKo);
    assert_eq!(white.kills, Certainty::No);
}

/// The thesis reads kos with neither side allowed to retake at once: White,
/// first, cannot win the ko at B1 there, and simply loses; Black, first,
/// wins. It never asks what passing gives.
#[test]
fn the_thesis_reads_kos_without_threats_and_never_passes_at_the_root() {
    let white = solve_as(Profile::Thesis, KO_AFTER_PASS, "A4", "B2");
    assert_eq!(white.status_if_play, Status::Loser);
    assert_eq!(white.lives, Certainty::No);
    let black = solve_as(Profile::Thesis, KO_AFTER_PASS, "B2", "A4");
    assert_eq!(black.status_if_play, Status::Winner);
    assert_eq!(black.status_if_pass, Status::Unknown);
    assert_eq!(
        black.decision,
        BestMove::Play("B1".parse().expect("a vertex"))
    );
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
fn a_block_joined_into_atari_is_no_answer_of_the_race() {
    let board = Board::from_diagram(JOIN_INTO_ATARI).expect("a diagram");
    let solver = Solver::new(SolverOptions::default());
    let black = solver
        .solve(
            &board,
            "D6".parse().expect("a vertex"),
            "C7".parse().expect("a vertex"),
        )
        .expect("a race");
    assert_eq!(black.status_if_play, Status::Seki);
    assert_eq!(black.status_if_pass, Status::Loser);
    assert_eq!(
        black.decision,
        BestMove::Play("F3".parse().expect("a vertex"))
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

/// The thesis finds the same seki and the same win, moving first; the
/// status if passing it leaves unknown.
#[test]
fn the_thesis_searches_the_root_only_with_the_side_to_move_playing() {
    let black = solve_as(Profile::Thesis, JOIN_INTO_ATARI, "D6", "C7");
    assert_eq!(black.status_if_play, Status::Seki);
    assert_eq!(black.status_if_pass, Status::Unknown);
    assert_eq!(
        black.decision,
        BestMove::Play("F3".parse().expect("a vertex"))
    );
    let white = solve_as(Profile::Thesis, JOIN_INTO_ATARI, "C7", "D6");
    assert_eq!(white.status_if_play, Status::Winner);
    assert_eq!(white.status_if_pass, Status::Unknown);
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
    assert_eq!(w.decision, BestMove::Play("C1".parse().expect("a vertex")));
    // The tables alone pass.
    let tables = Solver::new(SolverOptions::default().with_search_ko_eyes(false));
    let w = tables.solve(&board, white, black).expect("a race");
    assert_eq!(w.decision, BestMove::Pass);
    assert_eq!(w.status_if_pass, Status::Winner);
    // Black, moving first, starts the ko at C2; White takes first, so
    // the ko is bad for Black (GNU Go agrees: `3 3 C2`). The tables alone
    // call Black lost.
    let b = searched.solve(&board, black, white).expect("a race");
    assert_eq!(b.status_if_play, Status::Ko(KoKind::Bad));
    let b = tables.solve(&board, black, white).expect("a race");
    assert_eq!(b.status_if_play, Status::Loser);
    // The thesis's tables settle the root from both sides: White passes,
    // Black is lost.
    let thesis = Solver::new(SolverOptions::thesis());
    let w = thesis.solve(&board, white, black).expect("a race");
    assert_eq!(
        (w.status_if_play, w.status_if_pass, w.decision),
        (Status::Winner, Status::Winner, BestMove::Pass)
    );
    let b = thesis.solve(&board, black, white).expect("a race");
    assert_eq!(b.status_if_play, Status::Loser);
}

/// White's block B1-F1 has the 2×3 eye C1-E2 on the edge, holding three
/// Black stones (C1, D2, E1), and the liberty A1 shared with Black's block
/// A2-G1, which has five liberties outside (A5-E5). Black wins the race;
/// but after a Black pass White plays C2 or E2 and the captures inside the
/// eye become a ko, a shape go-eye's ko flag does not mark. An eye holding
/// three or more enemy stones is therefore searched when the tables advise
/// a pass over it: Black must play now.
const THREE_STONES_IN_THE_EYE: &str = "\
    . . . . . . . . .
     . . . . . . . . .
     . . . . . . . . .
     O O O O O O O O O
     . . . . . O O O .
     X X X X X X X O .
     X O O O O O X O .
     X O . X . O X O .
     . O X . X O X O .";

#[test]
fn an_eye_holding_three_enemy_stones_is_searched_before_passing() {
    let black = solve(THREE_STONES_IN_THE_EYE, "A2", "B1");
    assert_eq!(black.status_if_play, Status::Winner);
    assert_ne!(black.status_if_pass, Status::Winner);
    assert!(
        matches!(black.decision, BestMove::Play(_)),
        "Black must not pass: {:?}",
        black.decision
    );
    // White, moving first, plays C2 and gets the ko (D1 takes C1; the
    // tables alone call White lost).
    let white = solve(THREE_STONES_IN_THE_EYE, "B1", "A2");
    assert!(
        matches!(white.status_if_play, Status::Ko(_)),
        "White gets a ko: {:?}",
        white.status_if_play
    );
}

/// Black's block A7-D7 (with A5-B4) has the eye A6, the liberty C6 and
/// the liberty A4, walled in by Black's own string A3-A2: White can fill
/// A4 only by capturing that string first (at A1 and B2). White's block
/// A10-D8 has two eyes. The approach moves to a liberty walled in by
/// another own block are that block's liberties; without them the search
/// never fills A4 and calls the race a seki. With them White, first, fills
/// C6, A1 and B2 and captures at A4; Black retakes at A3, White ataris at
/// A2 and takes A3 back at A4: a ko in which Black needs the first threat
/// (GNU Go answers `1 1 C6`, not seeing the ko).
const WALLED_LIBERTY: &str = "\
    O O O O X X . . . .
     . O . O X X . . . .
     O O O O X . X . . .
     X X X X O X . . . .
     . X . O O . . . . .
     X X O . . . . . . .
     . X O . . . . . . .
     X O O . . . . . . .
     X . . . . . . . . .
     . O O . . . . . . .";

#[test]
fn a_liberty_walled_in_by_an_own_block_is_approached_by_capturing_it() {
    let white = solve(WALLED_LIBERTY, "A10", "A7");
    assert_eq!(white.status_if_play, Status::Ko(KoKind::Good));
    assert_eq!(white.kills, Certainty::GoodKo);
    let black = solve(WALLED_LIBERTY, "A7", "A10");
    assert_eq!(black.lives, Certainty::BadKo);
    assert_eq!(black.kills, Certainty::No);
}

/// Black's block D2-G12 races White's H2-K12 (outside liberties in
/// columns C and L, G4 shared). A lone Black stone B3 sits in White's
/// wall beside Black's liberty C3: connecting there trades C3 for A3, no
/// gain, so B3 is no second essential block and class e may count.
const LONE_STONE_BESIDE_A_LIBERTY: &str = "\
    O O O O O O O X X X X X X
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    O O O X X X X O O O X X X
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O . X X X . O O O . X .
    . X . X X X X O O O . X .
    . O . X X X X O O O . X .
    O O O O O O O X X X X X X";

/// The same race with one outside liberty for Black, C2, opening on B2
/// and C1 inside White's wall: extending there gains one liberty net,
/// worth no more than filling one of White's, so the block counts as
/// enclosed.
const POCKET_WORTH_ONE_LIBERTY: &str = "\
    O O O O O O O X X X X X X
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    O O O X X X X O O O X X X
    . O O X X X X O O O X X .
    . O O X X X X O O O X X .
    . O O X X X . O O O X X .
    . O O X X X X O O O . X .
    . . . X X X X O O O . X .
    O O . O O O O X X X X X X";

#[test]
fn a_connection_or_extension_gaining_one_liberty_keeps_the_block_alone() {
    use go_semeai::Reasons;
    let solver = Solver::default();
    let inspect = |diagram: &str, a: &str, b: &str| {
        let board = Board::from_diagram(diagram).expect("a diagram");
        solver
            .inspect(&board, a.parse().expect("a"), b.parse().expect("b"))
            .expect("a race")
    };
    for (a, b, more) in [
        ("D3", "K3", Reasons::MORE_1_EB_PLAYER),
        ("K3", "D3", Reasons::MORE_1_EB_OTHER),
    ] {
        let r = inspect(LONE_STONE_BESIDE_A_LIBERTY, a, b);
        assert!(!r.reasons.contains(more), "{a}: {:?}", r.reasons);
        let r = inspect(POCKET_WORTH_ONE_LIBERTY, a, b);
        assert!(
            !r.reasons.contains(Reasons::NOT_SURROUNDED),
            "{a}: {:?}",
            r.reasons
        );
    }
    // The search agrees with the race as counted: the side to move wins.
    for diagram in [LONE_STONE_BESIDE_A_LIBERTY, POCKET_WORTH_ONE_LIBERTY] {
        for (a, b) in [("D3", "K3"), ("K3", "D3")] {
            let r = solve(diagram, a, b);
            assert_eq!(r.status_if_play, Status::Winner, "{a}");
            assert_eq!(r.status_if_pass, Status::Loser, "{a}");
        }
    }
}

/// Only blocks in contact or with a liberty in common can race: two blocks
/// apart are refused with [`SemeaiError::Unrelated`] (the solver used to
/// search them for a while and answer `Unknown`), by `solve` and `inspect`
/// alike and whichever is asked first.
#[test]
fn blocks_in_no_race_are_refused() {
    let board = Board::from_diagram(
        ". . . . . . .
         . X . . . . .
         . . . . . . .
         . . . . . O .
         . . . . . . .
         . X O . . . .
         . . . X O . .",
    )
    .expect("a diagram");
    let p = |s: &str| s.parse::<go_board::Point>().expect("a vertex");
    let solver = Solver::default();
    for (a, b) in [("B6", "F4"), ("F4", "B6"), ("B2", "E1")] {
        assert_eq!(
            solver.solve(&board, p(a), p(b)).err(),
            Some(SemeaiError::Unrelated(p(a), p(b))),
            "{a} {b}"
        );
        assert_eq!(
            solver.inspect(&board, p(a), p(b)).err(),
            Some(SemeaiError::Unrelated(p(a), p(b))),
            "{a} {b}"
        );
    }
    // In contact (B2-C2), or sharing a liberty (C2 and D1 share C1, D2): races.
    assert!(solver.solve(&board, p("B2"), p("C2")).is_ok());
    assert!(solver.solve(&board, p("D1"), p("C2")).is_ok());
}
