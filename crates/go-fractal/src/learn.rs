//! Teaching the evaluation (§6.1): from a position, the right move and the
//! objective it serves, refine that objective's weights.
//!
//! The report evaluates every possible move while changing each weight a
//! little, keeps the value that raises the right move's evaluation while
//! the others fall (or rise as little as possible), and found five
//! repetitions right. Its step and order are not given; here, as the spec
//! suggests: coordinate-wise hill climbing on the objective's six weights,
//! each tried one step up and one step down, keeping the change that best
//! ranks the right move, then most increases the **margin** — the right
//! move's evaluation minus the best other move's — then the right move's
//! own evaluation; five passes ([`RefineOptions::repetitions`]). Ranking
//! first is this crate's addition: the margin alone can rise while more
//! moves overtake the right one.
//!
//! The factors of each move do not depend on the weights, so a position's
//! moves are evaluated once and the climbing only re-weighs them.

use go_board::zone::Zones;
use go_board::{Board, Color, Point, Position};
use go_patterns::territory::Morphology;

use crate::eval::Factors;
use crate::player::Valuer;
use crate::{Knowledge, Objective, Weights};

/// Options of [`refine`].
///
/// ```
/// let o = go_fractal::learn::RefineOptions::default();
/// assert_eq!((o.repetitions, o.step), (5, 0.1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RefineOptions {
    /// Passes over the six weights (the report's five repetitions).
    pub repetitions: usize,
    /// The change tried on a weight.
    pub step: f64,
    /// The territory estimate of the evaluation.
    pub morphology: Morphology,
}

impl Default for RefineOptions {
    fn default() -> Self {
        RefineOptions {
            repetitions: 5,
            step: 0.1,
            morphology: Morphology::BOUZY,
        }
    }
}

/// What one lesson did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Refinement {
    /// The refined weights.
    pub weights: Weights,
    /// The right move's rank among all moves before (1 = best; ties count
    /// against it).
    pub rank_before: usize,
    /// Its rank after.
    pub rank_after: usize,
    /// How many moves were compared.
    pub moves: usize,
}

/// A position's moves and their factors for one side: the right move's
/// first.
#[derive(Clone, Debug)]
pub struct Lesson {
    target: Factors,
    others: Vec<Factors>,
}

impl Lesson {
    /// The lesson of `color` playing at `target` on `board`: the factors of
    /// every legal move that does not fill an own eye. `None` if `target`
    /// is not such a move.
    #[must_use]
    pub fn new(
        board: &Board,
        color: Color,
        target: Point,
        morphology: &Morphology,
    ) -> Option<Lesson> {
        let knowledge = Knowledge::default();
        let mut valuer = Valuer::new(board, color, morphology, &knowledge);
        let mut others = Vec::new();
        let mut found = None;
        for p in board.legal_moves(color) {
            if board.is_true_eye(color, p) {
                continue;
            }
            let f = valuer.factors(p)?;
            if p == target {
                found = Some(f);
            } else {
                others.push(f);
            }
        }
        Some(Lesson {
            target: found?,
            others,
        })
    }

    /// The right move's rank under `weights` and `objective` (1 = best; a
    /// tie counts against it).
    #[must_use]
    pub fn rank(&self, weights: &Weights, objective: Objective) -> usize {
        let v = weights.evaluate(&self.target, objective);
        1 + self
            .others
            .iter()
            .filter(|f| weights.evaluate(f, objective) >= v)
            .count()
    }

    /// The right move's rank (negated, so that more is better), the margin
    /// and the right move's value.
    fn score(&self, weights: &Weights, objective: Objective) -> (f64, f64, f64) {
        let v = weights.evaluate(&self.target, objective);
        let best_other = self
            .others
            .iter()
            .map(|f| weights.evaluate(f, objective))
            .fold(f64::NEG_INFINITY, f64::max);
        (-(self.rank(weights, objective) as f64), v - best_other, v)
    }

    /// How many moves the lesson compares.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.others.len() + 1
    }

    /// Refines `weights` for `objective` on this lesson (see the [module
    /// docs](self)).
    #[must_use]
    pub fn refine(
        &self,
        weights: &Weights,
        objective: Objective,
        options: &RefineOptions,
    ) -> Weights {
        let mut w = *weights;
        let better = |a: (f64, f64, f64), b: (f64, f64, f64)| {
            let eps = 1e-12;
            a.0 > b.0 || (a.0 == b.0 && (a.1 > b.1 + eps || (a.1 >= b.1 - eps && a.2 > b.2 + eps)))
        };
        for _ in 0..options.repetitions {
            for i in 0..6 {
                let mut best = self.score(&w, objective);
                let start = w.0[objective.id()][i];
                let mut keep = start;
                for delta in [options.step, -options.step] {
                    w.0[objective.id()][i] = start + delta;
                    let s = self.score(&w, objective);
                    if better(s, best) {
                        best = s;
                        keep = start + delta;
                    }
                }
                w.0[objective.id()][i] = keep;
            }
        }
        w
    }
}

/// One lesson (§6.1): refines `objective`'s weights so that `color`
/// prefers `target` on `board`.
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::{Objective, Weights, learn::{RefineOptions, refine}};
/// let board = Board::from_diagram(
///     ". . . . .
///      . . . . .
///      . . X . .
///      . . . . .
///      . . . . .",
/// )?;
/// // Teach White to approach the stone from below.
/// let r = refine(&Weights::default(), &board, Color::White, "C2".parse()?, Objective::Win, &RefineOptions::default());
/// assert!(r.rank_after <= r.rank_before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn refine(
    weights: &Weights,
    board: &Board,
    color: Color,
    target: Point,
    objective: Objective,
    options: &RefineOptions,
) -> Refinement {
    match Lesson::new(board, color, target, &options.morphology) {
        Some(lesson) => {
            let refined = lesson.refine(weights, objective, options);
            Refinement {
                weights: refined,
                rank_before: lesson.rank(weights, objective),
                rank_after: lesson.rank(&refined, objective),
                moves: lesson.moves(),
            }
        }
        None => Refinement {
            weights: *weights,
            rank_before: 0,
            rank_after: 0,
            moves: 0,
        },
    }
}

/// The objective the zone rule gives the move `color` plays at `p`: the
/// objective of the zone the point belongs to ([`Objective::for_zone`]),
/// or *win* in the open space.
///
/// ```
/// use go_board::{Board, Color, zone::Zones};
/// use go_fractal::{Objective, learn::objective_of_move};
/// let board = Board::from_diagram(". . . .\n. X . .\n. . . .\n. . . .")?;
/// let zones = Zones::new(&board);
/// assert_eq!(objective_of_move(&board, &zones, Color::Black, "C3".parse()?), Objective::GetEye);
/// assert_eq!(objective_of_move(&board, &zones, Color::Black, "D1".parse()?), Objective::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn objective_of_move(board: &Board, zones: &Zones, color: Color, p: Point) -> Objective {
    zones
        .zones_touching(p)
        .first()
        .map_or(Objective::Win, |&k| {
            Objective::for_zone(board, &zones.zones()[k], color)
        })
}
