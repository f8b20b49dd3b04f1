//! Prior knowledge for Go moves (Gelly and Silver's "equivalent
//! experience"): either hand-written ([`GoPriors`]: captures, atari
//! escapes, self-ataris, shape patterns, nearness to the last move, and
//! the edge in open areas) or learned from games ([`LearnedPriors`]: the
//! move model of go-patterns, Coulom 2007).

use std::sync::{Arc, OnceLock};

use go_board::{Color, Move, Point};
use go_patterns::MoveModel;
use go_patterns::features::LastMoves;

use super::patterns::matches_pattern;
use super::playout::is_bad_self_atari;
use super::state::GoState;
use crate::expand::{Candidate, Expander, Prior};
use crate::state::State;

/// Offsets of the points within Manhattan distance 2, the centre excluded.
const OPEN_AREA: [(isize, isize); 12] = [
    (-2, 0),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -2),
    (0, -1),
    (0, 1),
    (0, 2),
    (1, -1),
    (1, 0),
    (1, 1),
    (2, 0),
];

/// Weights of the Go priors, as (equivalent visits, value) pairs that are
/// summed for each move that shows the feature.
///
/// ```
/// use go_mcts::go::GoPriors;
/// let p = GoPriors::default();
/// assert!(p.capture.1 > 0.5 && p.self_atari.1 < 0.5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GoPriors {
    /// Every move.
    pub even: (u16, f32),
    /// Captures a block in atari.
    pub capture: (u16, f32),
    /// Saves an own block from atari (two liberties or more after).
    pub escape: (u16, f32),
    /// Leaves the new block in atari without capturing.
    pub self_atari: (u16, f32),
    /// Matches a 3×3 shape pattern.
    pub pattern: (u16, f32),
    /// Within the 3×3 square around the last move.
    pub near_last: (u16, f32),
    /// On the first line with no stone within distance 2.
    pub open_edge: (u16, f32),
    /// On the second line with no stone within distance 2 (off by
    /// default: not yet measured in games).
    pub open_second: (u16, f32),
    /// On the third line with no stone within distance 2.
    pub open_third: (u16, f32),
    /// The pass.
    pub pass: (u16, f32),
}

impl Default for GoPriors {
    fn default() -> GoPriors {
        GoPriors {
            even: (10, 0.5),
            capture: (20, 1.0),
            escape: (20, 1.0),
            self_atari: (20, 0.0),
            pattern: (10, 1.0),
            near_last: (6, 1.0),
            open_edge: (20, 0.0),
            open_second: (0, 0.2),
            open_third: (6, 1.0),
            pass: (20, 0.1),
        }
    }
}

/// Priors from a learned move model: a move of strength γ (the product
/// of its features' γ, see [`MoveModel`]) gets `visits` equivalent games
/// at value `(γ / γ_best)^exponent`, where γ_best is the strongest move of
/// the position; the pass keeps the hand-written pass prior.
///
/// ```
/// use go_board::{Board, Color, Move};
/// use go_mcts::{Candidate, Expander};
/// use go_mcts::go::{GoExpander, GoState, LearnedPriors};
/// let board = Board::from_diagram(
///     ". . . . .
///      . X O . .
///      . O X . .
///      . . . . .
///      . . . . .",
/// )?;
/// let expander = GoExpander::default().with_learned(Some(LearnedPriors::default()));
/// let mut out = Vec::new();
/// expander.expand(&GoState::new(&board, 7.0), &mut out);
/// assert_eq!(out[0].prior.value, 1.0); // the model's favourite first
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LearnedPriors {
    /// The model.
    pub model: Arc<MoveModel>,
    /// Equivalent visits of every stone move.
    pub visits: u16,
    /// How sharply values fall with γ (0: all equal).
    pub exponent: f32,
}

impl Default for LearnedPriors {
    /// go-patterns's model of 3×3 shapes and small features
    /// ([`MoveModel::trained_3x3`]), 20 visits, exponent 0.25.
    ///
    /// Not the larger [`MoveModel::trained`] (diamonds of radius 2–4 and
    /// ladders), though it predicts better (held-out top-1 26.1 % against
    /// 24.7 %): on the Monte-Carlo suites of `regress/mcts-baseline.toml`
    /// (5,000 playouts, one thread, seeds 1–4) the 3×3 model passes
    /// 262, 256, 263, 262 of 629; the larger one 250, 253 (seeds 1–2) at
    /// exponent 0.25 and 262, 260, 269, 250 at 0.15 — no gain, and its
    /// features cost 3.5 times as much a move.
    fn default() -> LearnedPriors {
        static MODEL: OnceLock<Arc<MoveModel>> = OnceLock::new();
        LearnedPriors {
            model: MODEL
                .get_or_init(|| Arc::new(MoveModel::trained_3x3().clone()))
                .clone(),
            visits: 20,
            exponent: 0.25,
        }
    }
}

impl LearnedPriors {
    /// These priors with another model.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use go_mcts::go::LearnedPriors;
    /// use go_patterns::MoveModel;
    /// let p = LearnedPriors::default().with_model(Arc::new(MoveModel::uniform()));
    /// assert_eq!(*p.model, MoveModel::uniform());
    /// ```
    #[must_use]
    pub fn with_model(mut self, model: Arc<MoveModel>) -> Self {
        self.model = model;
        self
    }

    /// Sets [`visits`](Self::visits).
    #[must_use]
    pub fn with_visits(mut self, visits: u16) -> Self {
        self.visits = visits;
        self
    }

    /// Sets [`exponent`](Self::exponent).
    #[must_use]
    pub fn with_exponent(mut self, exponent: f32) -> Self {
        self.exponent = exponent;
        self
    }
}

/// The Go expander: every move [`GoState`] offers, with priors, best
/// first: the hand-written [`GoPriors`], or [`LearnedPriors`] when set.
///
/// ```
/// use go_board::Board;
/// use go_mcts::{Candidate, Expander};
/// use go_mcts::go::{GoExpander, GoState};
/// let state = GoState::new(&Board::new(9)?, 7.0);
/// let mut out = Vec::new();
/// GoExpander::default().expand(&state, &mut out);
/// assert_eq!(out.len(), 82);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct GoExpander {
    /// The hand-written weights (and the pass prior of the learned ones).
    pub priors: GoPriors,
    /// Learned priors for stone moves, instead of the hand-written ones.
    pub learned: Option<LearnedPriors>,
}

impl GoExpander {
    /// The expander with these hand-written priors and no learned ones.
    ///
    /// ```
    /// use go_mcts::go::{GoExpander, GoPriors};
    /// assert!(GoExpander::new(GoPriors::default()).learned.is_none());
    /// ```
    #[must_use]
    pub fn new(priors: GoPriors) -> GoExpander {
        GoExpander {
            priors,
            learned: None,
        }
    }

    /// Sets [`learned`](Self::learned).
    #[must_use]
    pub fn with_learned(mut self, learned: Option<LearnedPriors>) -> Self {
        self.learned = learned;
        self
    }

    /// The prior of one stone move.
    fn prior(&self, state: &GoState, color: Color, p: Point) -> Prior {
        let board = state.board();
        let geo = board.geometry();
        let w = &self.priors;
        let mut visits = 0u32;
        let mut wins = 0.0f32;
        let mut add = |(n, v): (u16, f32)| {
            visits += u32::from(n);
            wins += f32::from(n) * v;
        };
        add(w.even);
        let code = board.neighbourhood_with_atari(p);
        let mut captures = false;
        let mut escapes = false;
        for k in 0..4 {
            if code.atari(k) {
                let stone = code.orthogonal(k).color();
                captures |= stone == Some(color.opposite());
                escapes |= stone == Some(color);
            }
        }
        if captures {
            add(w.capture);
        }
        if escapes && board.liberties_after(color, p, 2) >= 2 {
            add(w.escape);
        }
        if is_bad_self_atari(board, color, p) {
            add(w.self_atari);
        }
        if matches_pattern(code) {
            add(w.pattern);
        }
        if let Some(last) = board.last_move() {
            if last.col().abs_diff(p.col()) <= 1 && last.row().abs_diff(p.row()) <= 1 {
                add(w.near_last);
            }
        }
        let line = geo.line(p);
        if line <= 3 && geo.num_points() >= 49 {
            let (c, r) = (p.col() as isize, p.row() as isize);
            let open = OPEN_AREA.iter().all(|&(dc, dr)| {
                let (qc, qr) = (c + dc, r + dr);
                if qc < 0 || qr < 0 {
                    return true;
                }
                match Point::try_new(qc as usize, qr as usize) {
                    Some(q) if geo.contains(q) => board.is_empty(q),
                    _ => true,
                }
            });
            if open {
                add(match line {
                    1 => w.open_edge,
                    2 => w.open_second,
                    _ => w.open_third,
                });
            }
        }
        let visits = visits.min(u32::from(u16::MAX));
        Prior::new(
            visits as u16,
            if visits > 0 {
                wins / visits as f32
            } else {
                0.5
            },
        )
    }
}

impl Expander<GoState> for GoExpander {
    fn expand(&self, state: &GoState, out: &mut Vec<Candidate<Move>>) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let color = state.board().to_play();
        // After a pass, passing ends the game: its value is the count as
        // it stands, so the search tries it first when it wins.
        let pass = if state.board().consecutive_passes() >= 1 {
            let black = GoState::black_value(state.board().area_score(state.komi()));
            let v = if color == Color::Black {
                black
            } else {
                1.0 - black
            };
            Prior::new(self.priors.pass.0, v)
        } else {
            Prior::new(self.priors.pass.0, self.priors.pass.1)
        };
        if let Some(learned) = &self.learned {
            let board = state.board();
            let recent = LastMoves {
                last: board.last_move(),
                second: state.previous_move(),
            };
            let start = out.len();
            let mut best = f32::MIN_POSITIVE;
            for mv in moves {
                let prior = match mv {
                    Move::Play(p) => {
                        // The value waits for γ_best: γ meanwhile.
                        let gamma = learned.model.rate(board, color, p, recent);
                        best = best.max(gamma);
                        Prior::new(learned.visits, gamma)
                    }
                    Move::Pass => pass,
                };
                out.push(Candidate { mv, prior });
            }
            for c in &mut out[start..] {
                if !c.mv.is_pass() {
                    c.prior.value = (c.prior.value / best).powf(learned.exponent).min(1.0);
                }
            }
        } else {
            for mv in moves {
                let prior = match mv {
                    Move::Play(p) => self.prior(state, color, p),
                    Move::Pass => pass,
                };
                out.push(Candidate { mv, prior });
            }
        }
        out.sort_by(|a, b| b.prior.value.total_cmp(&a.prior.value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    fn learned_priors(diagram: &str) -> Vec<Candidate<Move>> {
        let board = Board::from_diagram(diagram).unwrap();
        let expander = GoExpander::default().with_learned(Some(LearnedPriors::default()));
        let mut out = Vec::new();
        expander.expand(&GoState::new(&board, 7.0), &mut out);
        out
    }

    fn value_of(out: &[Candidate<Move>], vertex: &str) -> f32 {
        let mv = Move::Play(vertex.parse().unwrap());
        out.iter().find(|c| c.mv == mv).unwrap().prior.value
    }

    #[test]
    fn learned_priors_favour_a_capture() {
        // Black captures three stones at E3; A1 is an empty corner.
        let out = learned_priors(
            ". . . . .
             . X X X .
             X O O O .
             . X X X .
             . . . . .",
        );
        assert_eq!(out.len(), 15 + 1);
        assert_eq!(out[0].mv, Move::Play("E3".parse().unwrap()));
        assert!(value_of(&out, "E3") > 2.0 * value_of(&out, "A1"));
        assert!(out.iter().all(|c| (0.0..=1.0).contains(&c.prior.value)));
        assert!(
            out.iter()
                .filter(|c| !c.mv.is_pass())
                .all(|c| c.prior.visits == 20)
        );
    }

    #[test]
    fn without_a_model_the_hand_written_priors_are_used() {
        let board = Board::new(9).unwrap();
        let mut hand = Vec::new();
        GoExpander::default().expand(&GoState::new(&board, 7.0), &mut hand);
        assert!(
            hand.iter()
                .all(|c| c.prior.visits >= GoPriors::default().even.0)
        );
    }
}
