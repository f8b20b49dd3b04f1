//! Fuego's static ladder (`go_static_ladder`): edge ladders read without playing a move.
//! See [`static_ladder`] for which ladders it recognises.

use go_board::{Board, Color, Geometry, Point, PointSet};

use super::{LadderStatus, TacticsError};

/// How the block at `target` fares in a ladder read without search (Fuego's
/// `go_static_ladder`): [`Captured`](LadderStatus::Captured) if the static ladder
/// takes it even with its owner to move, [`Unsettled`](LadderStatus::Unsettled) if
/// only with the hunter to move, [`Escaped`](LadderStatus::Escaped) otherwise —
/// including every ladder the static reader does not recognise.
///
/// Fuego's `GoStaticLadder` recognises only the ladders whose path is free of stones,
/// and among them only those that run along the edge: the prey's liberty on the first
/// line, the hunter ataring from the second. It is meant for places where speed matters
/// more than coverage (Monte-Carlo play-outs); [`Reader::ladder`](super::Reader::ladder)
/// reads every ladder.
///
/// The walk here follows the same ladders on an overlay of the board that records the
/// moves it imagines (the board itself is not changed). A step of the ladder is the
/// hunter's atari from the inside and the prey's extension along the edge. The walk
/// stops with
/// - *captured* when the prey, having extended, has at most one liberty and the
///   hunter's capture there sticks (it is no ko and no snapback);
/// - *not captured* when the prey gets three liberties, joins stones so that its
///   liberties leave the edge shape, or when the position is not the edge shape at all
///   (a ladder in the centre, a block with two liberties and its owner to move);
/// - *not captured* also when the prey, in atari, need not run: it can capture a hunter
///   chain (one in atari next to it or next to its liberty, or one its extension
///   fills), or a counter-atari elsewhere would turn the hunter's capture into a ko or
///   a snapback.
///
/// These checks go beyond Fuego's, which take the hunter's stones as safe; they only
/// turn claimed captures into "not captured", so that a `captured` or `unsettled`
/// answer is one the full reader ([`Reader::attack`](super::Reader::attack) and
/// [`Reader::defend`](super::Reader::defend)) agrees with (a property test checks it
/// on random positions around an edge ladder). Ko bans matter only for the first real
/// move, which must be legal on the board.
///
/// # Errors
/// [`TacticsError::OffBoard`] or [`TacticsError::EmptyPoint`] if there is no block at
/// `target`.
///
/// ```
/// use go_board::Board;
/// use go_search::tactics::{LadderStatus, static_ladder};
/// // Black to move ataris White C1 from C2; White runs along the first line and is
/// // caught in the corner.
/// let board = Board::from_diagram(
///     ". . . . . . .
///      . . . . . . .
///      . . . . . . .
///      . . . . . . .
///      . . . . . . .
///      . . . . . . .
///      . X O . . . .",
/// )?;
/// assert_eq!(static_ladder(&board, "C1".parse()?)?, LadderStatus::Unsettled);
///
/// // A white stone on the second line breaks the ladder.
/// let mut broken = board.clone();
/// broken.play(go_board::Color::White, "E2".parse()?)?;
/// assert_eq!(static_ladder(&broken, "C1".parse()?)?, LadderStatus::Escaped);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn static_ladder(board: &Board, target: Point) -> Result<LadderStatus, TacticsError> {
    let owner = prey_color(board, target)?;
    Ok(if captures(board, target, owner) {
        LadderStatus::Captured
    } else if captures(board, target, owner.opposite()) {
        LadderStatus::Unsettled
    } else {
        LadderStatus::Escaped
    })
}

/// Whether the static ladder captures the block at `target` with `to_play` moving
/// first (Fuego's `GoStaticLadder::IsLadder`). `false` means the static reader found no
/// ladder, not that the block is safe: see [`static_ladder`] for the ladders it
/// recognises.
///
/// # Errors
/// [`TacticsError::OffBoard`] or [`TacticsError::EmptyPoint`] if there is no block at
/// `target`.
///
/// ```
/// use go_board::{Board, Color};
/// use go_search::tactics::static_ladder_captures;
/// let board = Board::from_diagram(
///     ". . . . .
///      . . . . .
///      . . . . .
///      . . . . .
///      . X O . .",
/// )?;
/// let c1 = "C1".parse()?;
/// assert!(static_ladder_captures(&board, c1, Color::Black)?);
/// assert!(!static_ladder_captures(&board, c1, Color::White)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn static_ladder_captures(
    board: &Board,
    target: Point,
    to_play: Color,
) -> Result<bool, TacticsError> {
    prey_color(board, target)?;
    Ok(captures(board, target, to_play))
}

/// The colour of the block at `target`, or why there is none.
fn prey_color(board: &Board, target: Point) -> Result<Color, TacticsError> {
    if !board.geometry().contains(target) {
        return Err(TacticsError::OffBoard(target));
    }
    board
        .color_at(target)
        .ok_or(TacticsError::EmptyPoint(target))
}

/// The static ladder on the block at `prey` (a stone on the board), `to_play` first.
fn captures(board: &Board, prey: Point, to_play: Color) -> bool {
    let Some(owner) = board.color_at(prey) else {
        return false;
    };
    let mut walk = Overlay::new(board, prey, owner);
    if to_play == owner {
        // The prey moves first: only a block in atari must run, to its liberty.
        let Some(liberty) = board.the_liberty(prey) else {
            return false;
        };
        if !walk.must_run(liberty) {
            return false;
        }
        match walk.extend(liberty) {
            Extension::Captured(last) => walk.hunter_takes(last, false),
            Extension::Free => false,
            Extension::Two(x, y) => walk.hunter_chooses(x, y, false),
        }
    } else {
        let liberties = board.liberties(prey);
        let mut libs = liberties.iter();
        match (libs.next(), libs.next(), libs.next()) {
            (Some(last), None, _) => {
                board.is_legal(to_play, last) && walk.hunter_takes(last, false)
            }
            (Some(x), Some(y), None) => walk.hunter_chooses(x, y, true),
            _ => false,
        }
    }
}

/// What the prey's extension led to.
enum Extension {
    /// At most one liberty left: the hunter may capture the prey at this point.
    Captured(Point),
    /// The prey got out of the static ladder (three liberties, or a capture).
    Free,
    /// Two liberties: the hunter ataris from one, the prey runs to the other.
    Two(Point, Point),
}

/// The board with the ladder's imagined moves on top.
#[derive(Clone)]
struct Overlay<'a> {
    board: &'a Board,
    geo: &'static Geometry,
    prey: Point,
    owner: Color,
    /// Points the prey extended to.
    prey_moves: PointSet,
    /// Points the hunter played.
    hunter_moves: PointSet,
    /// The prey's stones, once the hunter has taken them.
    taken: PointSet,
}

impl<'a> Overlay<'a> {
    fn new(board: &'a Board, prey: Point, owner: Color) -> Overlay<'a> {
        Overlay {
            board,
            geo: board.geometry(),
            prey,
            owner,
            prey_moves: PointSet::new(),
            hunter_moves: PointSet::new(),
            taken: PointSet::new(),
        }
    }

    fn color_at(&self, p: Point) -> Option<Color> {
        if self.taken.contains(p) {
            None
        } else if self.prey_moves.contains(p) {
            Some(self.owner)
        } else if self.hunter_moves.contains(p) {
            Some(self.owner.opposite())
        } else {
            self.board.color_at(p)
        }
    }

    /// The stones of the chain at `p` and its liberties.
    fn chain(&self, p: Point) -> (PointSet, PointSet) {
        let color = self.color_at(p);
        let mut stones = PointSet::new();
        let mut libs = PointSet::new();
        let mut stack = vec![p];
        stones.insert(p);
        while let Some(q) = stack.pop() {
            for r in self.geo.neighbours(q) {
                match self.color_at(r) {
                    None => {
                        libs.insert(r);
                    }
                    c if c == color && stones.insert(r) => stack.push(r),
                    _ => {}
                }
            }
        }
        (stones, libs)
    }

    /// Whether a hunter chain next to the prey is in atari (or has no liberty left),
    /// so that the prey may capture it rather than run.
    fn prey_can_capture(&self) -> bool {
        let hunter = Some(self.owner.opposite());
        let (stones, _) = self.chain(self.prey);
        let mut seen = PointSet::new();
        for s in stones.iter() {
            for r in self.geo.neighbours(s) {
                if self.color_at(r) == hunter && !seen.contains(r) {
                    let (chain, libs) = self.chain(r);
                    if libs.count_up_to(2) < 2 {
                        return true;
                    }
                    seen |= chain;
                }
            }
        }
        false
    }

    /// Whether the prey, in atari on `liberty`, must run there: it cannot capture a
    /// hunter chain instead, none of the hunter chains next to `liberty` is in atari
    /// (the prey could capture one, and the capture below counts on them), and if it
    /// played elsewhere the hunter would still take it for good.
    fn must_run(&self, liberty: Point) -> bool {
        let hunter = Some(self.owner.opposite());
        !self.prey_can_capture()
            && !self
                .geo
                .neighbours(liberty)
                .any(|r| self.color_at(r) == hunter && self.chain(r).1.count_up_to(2) < 2)
            && self.clone().hunter_takes(liberty, true)
    }

    /// The prey extends to `p`, its last liberty but the hunter's last move.
    fn extend(&mut self, p: Point) -> Extension {
        self.prey_moves.insert(p);
        let hunter = Some(self.owner.opposite());
        // An extension that fills a hunter chain's last liberty captures it.
        if self
            .geo
            .neighbours(p)
            .any(|r| self.color_at(r) == hunter && self.chain(r).1.is_empty())
        {
            return Extension::Free;
        }
        let (_, libs) = self.chain(self.prey);
        let mut it = libs.iter();
        match (it.next(), it.next(), it.next()) {
            (Some(last), None, _) => Extension::Captured(last),
            // Suicide: the prey cannot run there, and the hunter takes it there.
            (None, _, _) => {
                self.prey_moves.remove(p);
                Extension::Captured(p)
            }
            (Some(x), Some(y), None) => Extension::Two(x, y),
            _ => Extension::Free,
        }
    }

    /// Whether the hunter, taking the prey at `last`, captures it for good: the
    /// capturing chain keeps two liberties, or the prey's side, taking it back, would
    /// take back fewer stones than it lost and not retake a ko (the reader's rule for
    /// snapbacks). With `prey_moves_first`, the prey may first fill one of the capturing
    /// chain's liberties (a counter-atari in atari): all but the points its capture
    /// frees.
    fn hunter_takes(&mut self, last: Point, prey_moves_first: bool) -> bool {
        let (prey, _) = self.chain(self.prey);
        let captured = prey.len();
        self.taken = prey;
        self.hunter_moves.insert(last);
        let (stones, libs) = self.chain(last);
        let mut worst = libs.len();
        if prey_moves_first && !libs.is_subset(&prey) {
            worst -= 1;
        }
        worst >= 2 || (worst == 1 && captured >= 2 && stones.len() <= captured)
    }

    /// The hunter, to move with the prey on liberties `x` and `y`, ataris from one of
    /// them; `on_board` when that atari is the first real move (so it must be legal).
    fn hunter_chooses(&self, x: Point, y: Point, on_board: bool) -> bool {
        [(x, y), (y, x)].into_iter().any(|(atari, run)| {
            if on_board && !self.board.is_legal(self.owner.opposite(), atari) {
                return false;
            }
            self.clone().run(atari, run)
        })
    }

    /// The ladder from the hunter's atari at `atari`, the prey running to `run`.
    fn run(mut self, mut atari: Point, mut run: Point) -> bool {
        loop {
            self.hunter_moves.insert(atari);
            if !self.must_run(run) {
                return false;
            }
            match self.extend(run) {
                Extension::Captured(last) => return self.hunter_takes(last, false),
                Extension::Free => return false,
                Extension::Two(x, y) => match along_edge(self.geo, run, x, y) {
                    Some((next_atari, next_run)) => (atari, run) = (next_atari, next_run),
                    None => return false,
                },
            }
        }
    }
}

/// The next step of an edge ladder: with the prey just extended to `p` on the first
/// line and left with liberties `x` and `y`, the hunter's atari (the liberty one line
/// in) and the prey's run (the liberty along the same edge), if that is their shape.
fn along_edge(geo: &Geometry, p: Point, x: Point, y: Point) -> Option<(Point, Point)> {
    // Stones the prey joined may have brought liberties elsewhere: no ladder shape.
    if x.distance(p) != 1 || y.distance(p) != 1 {
        return None;
    }
    // Distance to each of the four edges.
    let distances: [fn(&Geometry, Point) -> usize; 4] = [
        |_, q| q.row(),
        |g, q| g.height() - 1 - q.row(),
        |_, q| q.col(),
        |g, q| g.width() - 1 - q.col(),
    ];
    distances
        .into_iter()
        .filter(|distance| distance(geo, p) == 0)
        .find_map(|distance| {
            [(x, y), (y, x)]
                .into_iter()
                .find(|&(inward, along)| distance(geo, inward) == 1 && distance(geo, along) == 0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(diagram: &str, target: &str) -> LadderStatus {
        let board = Board::from_diagram(diagram).unwrap();
        static_ladder(&board, target.parse().unwrap()).unwrap()
    }

    #[test]
    fn first_line_stone_is_caught_in_the_corner_if_the_hunter_moves_first() {
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X O . . . .";
        assert_eq!(status(board, "C1"), LadderStatus::Unsettled);
    }

    #[test]
    fn first_line_stone_in_atari_is_captured() {
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X . . . .
            . X O . . . .";
        assert_eq!(status(board, "C1"), LadderStatus::Captured);
    }

    #[test]
    fn second_line_stone_in_atari_extends_to_the_edge_and_is_captured() {
        // White's last liberty is C1; extending there leaves B1 and D1, and either
        // atari runs the stones into Black's wall.
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X . . . .
            . X O X . . .
            . . . . . . .";
        assert_eq!(status(board, "C2"), LadderStatus::Captured);
    }

    #[test]
    fn taking_the_block_as_a_ko_is_no_ladder() {
        // Black D1 would take C1 and could be retaken: a ko, not a ladder.
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . X O . O . .";
        assert_eq!(status(board, "C1"), LadderStatus::Escaped);
    }

    #[test]
    fn own_stone_on_the_path_breaks_the_ladder() {
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . O . .
            . X O . . . .";
        assert_eq!(status(board, "C1"), LadderStatus::Escaped);
    }

    #[test]
    fn hunter_stone_ahead_ends_the_ladder_sooner() {
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X O . X . .";
        assert_eq!(status(board, "C1"), LadderStatus::Unsettled);
    }

    #[test]
    fn hunter_stone_in_atari_next_to_the_prey_lets_it_escape() {
        // Black B1's last liberty is A1: after Black's atari at C2, White captures it
        // rather than run (and Black's atari at D1 lets White join B2).
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . O . . . . .
            . X O . . . .";
        assert_eq!(status(board, "C1"), LadderStatus::Escaped);
    }

    #[test]
    fn centre_ladders_are_not_recognised() {
        // A working ladder (the reader says unsettled), but not along the edge.
        let board = "\
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X O . . . .
            . . X X . . .
            . . . . . . .";
        assert_eq!(status(board, "C3"), LadderStatus::Escaped);
        let board = Board::from_diagram(board).unwrap();
        let c3 = "C3".parse().unwrap();
        let read = super::super::Reader::default().ladder(&board, c3);
        assert_eq!(read, Ok(LadderStatus::Unsettled));
    }

    #[test]
    fn empty_and_off_board_points_are_errors() {
        let board = Board::new(9).unwrap();
        let e5: Point = "E5".parse().unwrap();
        assert_eq!(static_ladder(&board, e5), Err(TacticsError::EmptyPoint(e5)));
        let far = Point::new(12, 12);
        assert_eq!(
            static_ladder_captures(&board, far, Color::Black),
            Err(TacticsError::OffBoard(far))
        );
    }
}
