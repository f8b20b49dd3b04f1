//! Soundness of the safety solver, checked by brute force on the real board:
//! for every small region next to a point the solver claims, the opponent
//! moves first in the region (the owner answering there, both may pass) and
//! must not capture a claimed stone or make a pass-alive group there within
//! a fixed depth. Positions: hand-built ones and finished random games on
//! small boards (a fixed seed).

use go_board::{Board, Color, Point, PointSet, Regions};
use go_eye::benson::PassAlive;
use go_life::safety::Safety;

/// Plies of the refutation search.
const DEPTH: u32 = 5;
/// Regions with more empty points than this are not checked.
const MAX_EMPTY: usize = 5;

/// Whether `attacker`, to move, can capture a stone of `claimed` (or, with
/// `territory`, make a pass-alive block in `area`) within `depth` plies, the
/// defender answering in `area`; moves are the empty points of `area` and
/// passes.
fn refuted(
    board: &Board,
    attacker: Color,
    area: PointSet,
    claimed: PointSet,
    territory: bool,
    depth: u32,
) -> bool {
    let defender = attacker.opposite();
    let lost = |b: &Board| {
        claimed.iter().any(|p| b.color_at(p) != Some(defender))
            || (territory && PassAlive::new(b, attacker).stones().intersects(&area))
    };
    fn search(
        b: &Board,
        attacker: Color,
        area: PointSet,
        depth: u32,
        passes: u32,
        lost: &dyn Fn(&Board) -> bool,
    ) -> bool {
        if lost(b) {
            return true;
        }
        if depth == 0 || passes >= 2 {
            return false;
        }
        let mover = b.to_play();
        let moves = (area & b.empty_points()).iter().map(Some).chain([None]);
        let mut outcomes = moves.filter_map(|mv| {
            let mut next = b.clone();
            let passes = match mv {
                Some(p) => {
                    next.play(mover, p).ok()?;
                    0
                }
                None => {
                    next.pass_as(mover);
                    passes + 1
                }
            };
            Some(search(&next, attacker, area, depth - 1, passes, lost))
        });
        if mover == attacker {
            outcomes.any(|r| r)
        } else {
            outcomes.all(|r| r)
        }
    }
    let mut start = board.clone();
    start.set_to_play(attacker);
    search(&start, attacker, area, depth, 0, &lost)
}

/// Checks every claim of the solver on `board` next to a small region;
/// returns (claims checked, claims refuted).
fn check(board: &Board) -> (usize, usize) {
    let safety = Safety::new(board);
    let geo = board.geometry();
    let (mut checked, mut refuted_claims) = (0, 0);
    for owner in [Color::Black, Color::White] {
        let stones = *board.stones_of(owner);
        let claimed_stones = (safety.proved(owner) | safety.seki(owner)) & stones;
        for region in Regions::basic(board, owner).iter() {
            let area = *region.points();
            let empty = area & board.empty_points();
            if empty.len() > MAX_EMPTY {
                continue;
            }
            let mut wall = area.border(geo) & claimed_stones;
            // Territory claims: the region itself proved the owner's.
            let territory = area.is_subset(&safety.proved(owner));
            let mut area = area;
            if territory {
                // The owner's blocks next to this region only are inside its
                // territory: as a nakade's stones, they may be captured, but
                // their points stay the owner's — the opponent must not live
                // there either, and may play there once they are gone.
                let interior = interior_blocks(board, owner, area);
                wall -= interior;
                area |= interior;
            }
            if wall.is_empty() && !territory {
                continue;
            }
            checked += 1;
            let bad = refuted(board, owner.opposite(), area, wall, territory, DEPTH);
            if bad {
                refuted_claims += 1;
                eprintln!("refuted: {owner:?} claim next to {area:?} (walls {wall:?}) on\n{board}");
            }
        }
    }
    (checked, refuted_claims)
}

/// The stones of `owner`'s blocks next to `area` and to no other point.
fn interior_blocks(board: &Board, owner: Color, area: PointSet) -> PointSet {
    let geo = board.geometry();
    let mut rest = area.border(geo) & *board.stones_of(owner);
    let mut interior = PointSet::new();
    while let Some(p) = rest.first() {
        let block: PointSet = board.block_stones(p).collect();
        rest -= block;
        if block.border(geo).is_subset(&area) {
            interior |= block;
        }
    }
    interior
}

/// Finished games of random play on `size`×`size` boards that never fill
/// their own single-point eyes (a fixed seed).
fn random_finished_games(size: usize, count: usize, mut seed: u64) -> Vec<Board> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut games = Vec::new();
    for _ in 0..count {
        let mut board = Board::new(size).expect("size");
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < 4 * size * size {
            let color = board.to_play();
            let geo = board.geometry();
            let own_eye = |p: Point| geo.neighbours(p).all(|q| board.color_at(q) == Some(color));
            let options: Vec<Point> = board
                .legal_moves(color)
                .iter()
                .filter(|&p| !own_eye(p))
                .collect();
            if options.is_empty() {
                board.pass_as(color);
                passes += 1;
            } else {
                let p = options[(next() % options.len() as u64) as usize];
                board.play(color, p).expect("legal");
                passes = 0;
            }
            moves += 1;
        }
        games.push(board);
    }
    games
}

#[test]
fn no_claim_on_finished_random_games_is_refuted() {
    let mut checked = 0;
    let mut refuted_claims = 0;
    let games = random_finished_games(6, 30, 0x5eed_cafe_f00d_d00d)
        .into_iter()
        .chain(random_finished_games(7, 15, 0x0dd_ba11_5eed))
        // More and larger boards: these found GNU Go's unconditional
        // territory claiming kos.
        .chain(random_finished_games(6, 400, 0x1234_5678_9abc_def1))
        .chain(random_finished_games(7, 200, 0x0000_ddba_115e_ed77))
        .chain(random_finished_games(8, 100, 0xabcd_ef01_2345));
    for board in games {
        let (c, r) = check(&board);
        checked += c;
        refuted_claims += r;
    }
    eprintln!("claims checked {checked}, refuted {refuted_claims}");
    assert!(checked > 100, "too few claims to check: {checked}");
    assert_eq!(refuted_claims, 0);
}

#[test]
fn no_claim_on_hand_built_positions_is_refuted() {
    let positions = [
        // Eye against eye: seki.
        ". O X O . O
         O . X O O .
         X X X X O O
         O O X X X X
         . O O X X X
         O . O X X .",
        // A wall across the board with two rows above it.
        ". . . X . .
         X . . . . .
         X X X X X X
         . . . . . .
         . . . . . .
         . . . . . .",
        // Dame between two living walls.
        ". O . X .
         O O . X X
         . O . X .
         O O . X X
         . O . X .",
        // A bent three inside Black's corner with a white stone on the
        // vital point: dead, Black's territory.
        ". O . X . .
         X X X X . .
         . . . X . .
         X X X X . .
         . . . . . .
         . . . . . .",
        // Nakade: White's group has one eye space, Black's bulky five in
        // the corner; dead, all Black's.
        "X . X X O O X X X
         . . . X O O O X X
         X X . X X X O O .
         . X . X . O O O O
         X X X X X O X O X
         O X O X O O X X X
         O O O O X X . X X
         O . O . O X X . X
         . . O O O X . X .",
        // White's stones with no eye room, between walls that connect at
        // A4 or B5 (G4 or F5).
        "X . O O O . X
         X O O O O O X
         X . O O O . X
         . X X X X X .
         X X . X . X X
         X X X X X X X
         . . . . . . .",
    ];
    for diagram in positions {
        let board = Board::from_diagram(diagram).expect("diagram");
        let (_, refuted_claims) = check(&board);
        assert_eq!(refuted_claims, 0, "{board}");
    }
}

/// The checker itself finds a false claim: a block with one eye and no
/// other liberty is captured there; with liberties outside it is not.
#[test]
fn the_checker_refutes_a_false_claim() {
    let closed = Board::from_diagram(
        ". X O . .
         X X O . .
         O O O . .
         . . . . .
         . . . . .",
    )
    .expect("diagram");
    let open = Board::from_diagram(
        ". X . . .
         X X . . .
         . . . . .
         . . . . .
         . . . . .",
    )
    .expect("diagram");
    let eye: PointSet = ["A5".parse::<Point>().expect("vertex")]
        .into_iter()
        .collect();
    let wall = *closed.stones_of(Color::Black);
    assert!(refuted(&closed, Color::White, eye, wall, false, DEPTH));
    assert!(!refuted(&open, Color::White, eye, wall, false, DEPTH));
}
