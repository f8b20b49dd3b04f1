//! A linear position evaluation learned by temporal differences: TD(λ)
//! (Sutton 1988; the survey, Garreta 2005 §6.2.3).
//!
//! A position is described from Black's side by a few cheap
//! [features](TdFeature) — the Tromp-Taylor area and Bouzy's 5/21
//! territory with the komi, Zobrist's influence, stones, liberties,
//! stones in atari and with two liberties, the side to move — and
//! evaluated as `V(s) = sigmoid(w · φ(s))`, the probability that Black
//! wins. Every feature changes sign when the colours are swapped (and the
//! komi with them) and there is no constant term, so `V` of the swapped
//! position is `1 − V`.
//!
//! The weights learn from game sequences `s_1 … s_m` with outcome `z` by
//! the survey's rule, `ΔW_i = c · ∂f_i/∂W · Σ_{k=i}^{m} λ^{k−i} (f_{k+1} −
//! f_k)` with `f_{m+1} = z`, summed over the game and applied at its end
//! (the survey's `W_{m+1} = W_0 + Σ ΔW_i`), computed forwards with an
//! eligibility trace `e_t = λ e_{t−1} + ∇f_t`. `λ = 1` is the supervised
//! (Widrow–Hoff) rule towards the outcome, `λ = 0` moves each prediction
//! towards the next one only.
//!
//! # File format
//! Text: a header `go-patterns-td-eval 1` (the version), then one
//! `FEATURE WEIGHT` a line (names as [`TdFeature`] displays them). Blank
//! lines and lines starting with `#` are ignored; features not given
//! weigh 0.
//!
//! ```
//! use go_board::{Board, PlayoutBoard};
//! use go_patterns::td::{TdEvaluator, TdFeature, TdFeatures, TdOptions};
//! let board = PlayoutBoard::from(&Board::from_diagram(
//!     "X X . O .
//!      X . X O O
//!      X X X O .
//!      . X O O O
//!      X X O . O",
//! )?);
//! let f = TdFeatures::of(&board, 0.5);
//! // 10 Black stones and B4, A2; 9 White stones and E5, E3, D1; C5 is no one's.
//! assert_eq!(f.get(TdFeature::Area), (12.0 - 12.0 - 0.5) / 25.0);
//! let mut eval = TdEvaluator::zero();
//! assert_eq!(eval.evaluate(&f), 0.5);
//! // One game that Black won: the weights move towards it.
//! eval.learn_game(&[f], 1.0, &TdOptions::new(0.8, 1.0)?)?;
//! assert!(eval.evaluate(&f) > 0.5);
//! assert_eq!(eval.to_string().parse::<TdEvaluator>()?, eval);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use go_board::{Color, PlayoutBoard, PointSet};

use crate::influence::ZobristInfluence;
use crate::model::content_lines;
use crate::territory::Morphology;

/// The header's first word.
const MAGIC: &str = "go-patterns-td-eval";
/// The format version written and read.
pub const FORMAT_VERSION: u32 = 1;

/// The weights trained by self-play that ship with the crate (see
/// `cargo xtask td-train`).
const TRAINED: &str = include_str!("../data/td_eval.txt");

/// One feature of a position, from Black's side, divided by the number of
/// points of the board.
///
/// ```
/// use go_patterns::td::TdFeature;
/// assert_eq!(TdFeature::Area.to_string(), "area");
/// assert_eq!("influence".parse::<TdFeature>(), Ok(TdFeature::Influence));
/// assert_eq!(TdFeature::ALL.len(), TdFeature::COUNT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TdFeature {
    /// The side to move, as one point: 1 with Black to move, −1 with
    /// White (its weight says what the move is worth).
    ToPlay,
    /// Black's stones minus White's.
    Stones,
    /// The Tromp-Taylor area (stones and empty regions that reach one
    /// colour only), Black's minus White's, minus the komi.
    Area,
    /// Bouzy's 5/21 territory, Black's minus White's, minus the komi.
    Territory,
    /// Points of positive Zobrist influence minus points of negative.
    Influence,
    /// Empty points next to a Black stone minus those next to a White one.
    Liberties,
    /// White's stones in atari minus Black's.
    Atari,
    /// The stones in atari of the side that does not move (it can take
    /// them), positive with Black to move, negative with White.
    Capturable,
    /// White's stones in blocks of two liberties minus Black's.
    TwoLiberties,
}

impl TdFeature {
    /// The number of features.
    pub const COUNT: usize = 9;

    /// Every feature, in index order.
    pub const ALL: [TdFeature; TdFeature::COUNT] = [
        TdFeature::ToPlay,
        TdFeature::Stones,
        TdFeature::Area,
        TdFeature::Territory,
        TdFeature::Influence,
        TdFeature::Liberties,
        TdFeature::Atari,
        TdFeature::Capturable,
        TdFeature::TwoLiberties,
    ];

    /// The feature's position in [`ALL`](Self::ALL).
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name used in weight files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TdFeature::ToPlay => "to_play",
            TdFeature::Stones => "stones",
            TdFeature::Area => "area",
            TdFeature::Territory => "territory",
            TdFeature::Influence => "influence",
            TdFeature::Liberties => "liberties",
            TdFeature::Atari => "atari",
            TdFeature::Capturable => "capturable",
            TdFeature::TwoLiberties => "two_liberties",
        }
    }
}

impl fmt::Display for TdFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`TdFeature`].
///
/// ```
/// use go_patterns::td::{TdFeature, UnknownTdFeature};
/// assert_eq!("ko".parse::<TdFeature>(), Err(UnknownTdFeature("ko".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown evaluation feature `{0}`")]
pub struct UnknownTdFeature(pub String);

impl FromStr for TdFeature {
    type Err = UnknownTdFeature;

    fn from_str(s: &str) -> Result<TdFeature, UnknownTdFeature> {
        TdFeature::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownTdFeature(s.into()))
    }
}

/// The feature vector `φ(s)` of a position (see [`TdFeature`]).
///
/// ```
/// use go_board::{Board, Color, PlayoutBoard};
/// use go_patterns::td::{TdFeature, TdFeatures};
/// let mut board = PlayoutBoard::from(&Board::from_diagram("X O .\n. . .\n. . .")?);
/// let f = TdFeatures::of(&board, 0.0);
/// assert_eq!(f.get(TdFeature::Stones), 0.0);
/// assert_eq!(f.get(TdFeature::ToPlay), 1.0 / 9.0); // Black to move
/// assert_eq!(f.get(TdFeature::Atari), -1.0 / 9.0); // Black's A3 is in atari
/// assert_eq!(f.get(TdFeature::Capturable), 0.0); // … but Black moves
/// board.set_to_play(Color::White);
/// let f = TdFeatures::of(&board, 0.0);
/// assert_eq!(f.get(TdFeature::Capturable), -1.0 / 9.0); // White can take it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct TdFeatures(pub [f32; TdFeature::COUNT]);

impl TdFeatures {
    /// The features of `board` with `color` to move as the board says and
    /// `komi` for White.
    #[must_use]
    pub fn of(board: &PlayoutBoard, komi: f32) -> TdFeatures {
        let geo = board.geometry();
        let n = geo.num_points() as f32;
        let mut v = [0.0f32; TdFeature::COUNT];
        let to_play = if board.to_play() == Color::Black {
            1.0
        } else {
            -1.0
        };
        v[TdFeature::ToPlay.index()] = to_play;
        let black = board.stones_of(Color::Black);
        let white = board.stones_of(Color::White);
        v[TdFeature::Stones.index()] = black.len() as f32 - white.len() as f32;
        let area = board.area_counts();
        v[TdFeature::Area.index()] = area[Color::Black] as f32 - area[Color::White] as f32 - komi;
        v[TdFeature::Territory.index()] = Morphology::BOUZY.territory(board).score() as f32
            + black.len() as f32
            - white.len() as f32
            - komi;
        let influence = ZobristInfluence::default().compute(board);
        v[TdFeature::Influence.index()] = geo
            .points()
            .iter()
            .map(|&p| influence[p].signum() as f32)
            .sum();
        let empty = board.empty_points();
        v[TdFeature::Liberties.index()] =
            (black.grow(geo) & empty).len() as f32 - (white.grow(geo) & empty).len() as f32;
        // Stones in atari and with two liberties, by colour, one block at
        // a time.
        let mut seen = PointSet::new();
        let (mut atari, mut two) = ([0.0f32; 2], [0.0f32; 2]);
        for p in black | white {
            if seen.contains(p) {
                continue;
            }
            let block = board.stones(p);
            let size = block.len() as f32;
            seen |= block;
            let c = usize::from(board.color_at(p) == Some(Color::White));
            match board.num_liberties(p) {
                1 => atari[c] += size,
                2 => two[c] += size,
                _ => {}
            }
        }
        v[TdFeature::Atari.index()] = atari[1] - atari[0];
        let other = usize::from(board.to_play() == Color::Black);
        v[TdFeature::Capturable.index()] = to_play * atari[other];
        v[TdFeature::TwoLiberties.index()] = two[1] - two[0];
        for x in &mut v {
            *x /= n;
        }
        TdFeatures(v)
    }

    /// The value of one feature.
    #[must_use]
    pub fn get(&self, feature: TdFeature) -> f32 {
        self.0[feature.index()]
    }
}

/// Why TD options or an outcome are refused.
///
/// ```
/// use go_patterns::td::{TdError, TdOptions};
/// assert_eq!(TdOptions::new(1.5, 0.1), Err(TdError::Lambda(1.5)));
/// assert_eq!(TdOptions::new(0.5, 0.0), Err(TdError::LearningRate(0.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TdError {
    /// λ outside [0, 1].
    #[error("lambda {0} is not in [0, 1]")]
    Lambda(f64),
    /// A learning rate that is not a finite positive number.
    #[error("learning rate {0} is not a finite positive number")]
    LearningRate(f64),
    /// A game outcome outside [0, 1] (1: Black won).
    #[error("outcome {0} is not in [0, 1] (1: Black won, 0: White)")]
    Outcome(f32),
}

/// The knobs of TD(λ) learning: λ in [0, 1] and the learning rate `c`.
///
/// ```
/// use go_patterns::td::TdOptions;
/// let o = TdOptions::new(0.7, 0.5)?;
/// assert_eq!((o.lambda(), o.learning_rate()), (0.7, 0.5));
/// assert_eq!(TdOptions::default(), TdOptions::new(0.8, 1.0)?);
/// # Ok::<(), go_patterns::td::TdError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TdOptions {
    lambda: f64,
    learning_rate: f64,
}

impl Default for TdOptions {
    /// λ = 0.8, learning rate 1.
    fn default() -> TdOptions {
        TdOptions {
            lambda: 0.8,
            learning_rate: 1.0,
        }
    }
}

impl TdOptions {
    /// Checked options.
    ///
    /// # Errors
    /// [`TdError::Lambda`] for λ outside [0, 1] (or not a number),
    /// [`TdError::LearningRate`] for a rate that is not finite and positive.
    pub fn new(lambda: f64, learning_rate: f64) -> Result<TdOptions, TdError> {
        if !(0.0..=1.0).contains(&lambda) {
            return Err(TdError::Lambda(lambda));
        }
        if !(learning_rate.is_finite() && learning_rate > 0.0) {
            return Err(TdError::LearningRate(learning_rate));
        }
        Ok(TdOptions {
            lambda,
            learning_rate,
        })
    }

    /// λ.
    #[must_use]
    pub fn lambda(&self) -> f64 {
        self.lambda
    }

    /// The learning rate.
    #[must_use]
    pub fn learning_rate(&self) -> f64 {
        self.learning_rate
    }
}

/// Why a weights file cannot be read, with the line (from 1) at fault.
///
/// ```
/// use go_patterns::td::{ParseTdError, TdEvaluator};
/// assert_eq!("".parse::<TdEvaluator>(), Err(ParseTdError::MissingHeader));
/// let err = "go-patterns-td-eval 1\narea x".parse::<TdEvaluator>().unwrap_err();
/// assert!(matches!(err, ParseTdError::BadWeight { line: 2, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTdError {
    /// The first line is not `go-patterns-td-eval VERSION`.
    #[error("not TD evaluation weights: the first line must be `{MAGIC} {FORMAT_VERSION}`")]
    MissingHeader,
    /// A version this crate cannot read.
    #[error("unsupported TD weights version `{0}` (this crate reads {FORMAT_VERSION})")]
    UnsupportedVersion(String),
    /// A line without two fields.
    #[error("line {line}: expected `FEATURE WEIGHT`, found `{text}`")]
    BadLine {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
    },
    /// A name that is no [`TdFeature`].
    #[error("line {line}: unknown feature `{name}`")]
    UnknownFeature {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A weight that is not a finite number.
    #[error("line {line}: bad weight `{text}` (a finite number)")]
    BadWeight {
        /// The line.
        line: usize,
        /// The weight's text.
        text: String,
    },
    /// The same feature twice.
    #[error("line {line}: feature {feature} was given before")]
    Duplicate {
        /// The line.
        line: usize,
        /// The feature.
        feature: TdFeature,
    },
}

/// The linear evaluation `V(s) = sigmoid(w · φ(s))`, the probability that
/// Black wins (see the [module documentation](self)).
///
/// ```
/// use go_board::{Board, PlayoutBoard};
/// use go_patterns::td::TdEvaluator;
/// // Black owns the board.
/// let board = PlayoutBoard::from(&Board::from_diagram(". X .\nX X X\n. X .")?);
/// assert!(TdEvaluator::trained().value(&board, 7.0) > 0.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TdEvaluator {
    weights: [f32; TdFeature::COUNT],
}

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl TdEvaluator {
    /// Every weight 0: every position even.
    #[must_use]
    pub fn zero() -> TdEvaluator {
        TdEvaluator::default()
    }

    /// The evaluation with these weights (in [`TdFeature::ALL`] order).
    ///
    /// ```
    /// use go_patterns::td::{TdEvaluator, TdFeature};
    /// let mut w = [0.0; TdFeature::COUNT];
    /// w[TdFeature::Area.index()] = 5.0;
    /// assert_eq!(TdEvaluator::from_weights(w).weight(TdFeature::Area), 5.0);
    /// ```
    #[must_use]
    pub fn from_weights(weights: [f32; TdFeature::COUNT]) -> TdEvaluator {
        TdEvaluator { weights }
    }

    /// The weights trained by self-play that ship with the crate (parsed
    /// once; retrain with `cargo xtask td-train`).
    #[must_use]
    pub fn trained() -> &'static TdEvaluator {
        static EVAL: OnceLock<TdEvaluator> = OnceLock::new();
        // The file is checked by the crate's tests; a broken one would
        // only make every position even.
        EVAL.get_or_init(|| TRAINED.parse().unwrap_or_default())
    }

    /// The weights, in [`TdFeature::ALL`] order.
    #[must_use]
    pub fn weights(&self) -> &[f32; TdFeature::COUNT] {
        &self.weights
    }

    /// The weight of one feature.
    #[must_use]
    pub fn weight(&self, feature: TdFeature) -> f32 {
        self.weights[feature.index()]
    }

    /// `w · φ`.
    fn dot(&self, features: &TdFeatures) -> f64 {
        self.weights
            .iter()
            .zip(&features.0)
            .map(|(&w, &x)| f64::from(w) * f64::from(x))
            .sum()
    }

    /// The probability that Black wins a position with these features.
    #[must_use]
    pub fn evaluate(&self, features: &TdFeatures) -> f32 {
        sigmoid(self.dot(features)) as f32
    }

    /// The probability that Black wins on `board` with `komi`.
    #[must_use]
    pub fn value(&self, board: &PlayoutBoard, komi: f32) -> f32 {
        self.evaluate(&TdFeatures::of(board, komi))
    }

    /// The TD(λ) change of the weights for one game: the positions in
    /// order and the outcome `z` (1 Black won, 0 White, 0.5 a draw),
    /// with the predictions of the current weights throughout (see the
    /// [module documentation](self)).
    ///
    /// # Errors
    /// [`TdError::Outcome`] for an outcome outside [0, 1].
    pub fn td_delta(
        &self,
        game: &[TdFeatures],
        outcome: f32,
        options: &TdOptions,
    ) -> Result<[f64; TdFeature::COUNT], TdError> {
        if !(0.0..=1.0).contains(&outcome) {
            return Err(TdError::Outcome(outcome));
        }
        let mut delta = [0.0f64; TdFeature::COUNT];
        let mut trace = [0.0f64; TdFeature::COUNT];
        let predictions: Vec<f64> = game.iter().map(|f| sigmoid(self.dot(f))).collect();
        for (t, features) in game.iter().enumerate() {
            let f = predictions[t];
            // ∂f/∂w = f (1 − f) φ for the logistic.
            let slope = f * (1.0 - f);
            for (e, &x) in trace.iter_mut().zip(&features.0) {
                *e = options.lambda * *e + slope * f64::from(x);
            }
            let next = predictions
                .get(t + 1)
                .copied()
                .unwrap_or(f64::from(outcome));
            let error = options.learning_rate * (next - f);
            for (d, e) in delta.iter_mut().zip(&trace) {
                *d += error * e;
            }
        }
        Ok(delta)
    }

    /// Learns from one game: adds its [`td_delta`](Self::td_delta).
    ///
    /// # Errors
    /// As [`td_delta`](Self::td_delta); the weights are unchanged then.
    pub fn learn_game(
        &mut self,
        game: &[TdFeatures],
        outcome: f32,
        options: &TdOptions,
    ) -> Result<(), TdError> {
        let delta = self.td_delta(game, outcome, options)?;
        for (w, d) in self.weights.iter_mut().zip(delta) {
            *w = (f64::from(*w) + d) as f32;
        }
        Ok(())
    }
}

impl fmt::Display for TdEvaluator {
    /// The weights file (see the [module documentation](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC} {FORMAT_VERSION}")?;
        for feature in TdFeature::ALL {
            writeln!(f, "{feature} {}", self.weights[feature.index()])?;
        }
        Ok(())
    }
}

impl FromStr for TdEvaluator {
    type Err = ParseTdError;

    fn from_str(text: &str) -> Result<TdEvaluator, ParseTdError> {
        let mut lines = content_lines(text);
        let header = lines.next().ok_or(ParseTdError::MissingHeader)?.1;
        match header.split_whitespace().collect::<Vec<_>>()[..] {
            [MAGIC, version] => {
                if version.parse::<u32>() != Ok(FORMAT_VERSION) {
                    return Err(ParseTdError::UnsupportedVersion(version.into()));
                }
            }
            _ => return Err(ParseTdError::MissingHeader),
        }
        let mut eval = TdEvaluator::zero();
        let mut seen = HashSet::new();
        for (line, text) in lines {
            let [name, weight] = text.split_whitespace().collect::<Vec<_>>()[..] else {
                return Err(ParseTdError::BadLine {
                    line,
                    text: text.into(),
                });
            };
            let feature: TdFeature = name.parse().map_err(|_| ParseTdError::UnknownFeature {
                line,
                name: name.into(),
            })?;
            let w: f32 = weight
                .parse()
                .ok()
                .filter(|w: &f32| w.is_finite())
                .ok_or_else(|| ParseTdError::BadWeight {
                    line,
                    text: weight.into(),
                })?;
            if !seen.insert(feature) {
                return Err(ParseTdError::Duplicate { line, feature });
            }
            eval.weights[feature.index()] = w;
        }
        Ok(eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    fn features(diagram: &str, komi: f32) -> TdFeatures {
        TdFeatures::of(
            &PlayoutBoard::from(&Board::from_diagram(diagram).unwrap()),
            komi,
        )
    }

    /// A tiny game: three positions with one feature each.
    fn game() -> Vec<TdFeatures> {
        [0.2f32, -0.1, 0.4]
            .iter()
            .map(|&x| {
                let mut f = TdFeatures::default();
                f.0[TdFeature::Area.index()] = x;
                f.0[TdFeature::Stones.index()] = 1.0;
                f
            })
            .collect()
    }

    #[test]
    fn the_shipped_weights_parse() {
        let parsed: TdEvaluator = TRAINED.parse().expect("the shipped weights parse");
        assert_eq!(&parsed, TdEvaluator::trained());
        assert_ne!(parsed, TdEvaluator::zero());
    }

    #[test]
    fn weights_move_towards_the_outcome() {
        let game = game();
        let options = TdOptions::new(0.7, 0.5).unwrap();
        for (outcome, up) in [(1.0, true), (0.0, false)] {
            let mut eval = TdEvaluator::from_weights([0.3; TdFeature::COUNT]);
            let before: Vec<f32> = game.iter().map(|f| eval.evaluate(f)).collect();
            eval.learn_game(&game, outcome, &options).unwrap();
            for (f, b) in game.iter().zip(before) {
                assert_eq!(eval.evaluate(f) > b, up, "outcome {outcome}");
            }
        }
    }

    #[test]
    fn lambda_one_is_the_supervised_rule_and_zero_is_td0() {
        let game = game();
        let eval = TdEvaluator::from_weights([0.3; TdFeature::COUNT]);
        let f: Vec<f64> = game.iter().map(|x| f64::from(eval.evaluate(x))).collect();
        let grad = |t: usize, i: usize| f[t] * (1.0 - f[t]) * f64::from(game[t].0[i]);
        let z = 1.0;
        let c = 0.5;
        let mc = eval
            .td_delta(&game, z as f32, &TdOptions::new(1.0, c).unwrap())
            .unwrap();
        let td0 = eval
            .td_delta(&game, z as f32, &TdOptions::new(0.0, c).unwrap())
            .unwrap();
        for i in 0..TdFeature::COUNT {
            // Widrow–Hoff: Σ c (z − f_t) ∇f_t.
            let want: f64 = (0..3).map(|t| c * (z - f[t]) * grad(t, i)).sum();
            assert!((mc[i] - want).abs() < 1e-6, "λ=1, feature {i}");
            // TD(0): Σ c (f_{t+1} − f_t) ∇f_t with f_4 = z.
            let want: f64 = (0..3)
                .map(|t| c * (f.get(t + 1).copied().unwrap_or(z) - f[t]) * grad(t, i))
                .sum();
            assert!((td0[i] - want).abs() < 1e-6, "λ=0, feature {i}");
        }
        // They differ on this game.
        assert!((mc[TdFeature::Area.index()] - td0[TdFeature::Area.index()]).abs() > 1e-4);
    }

    #[test]
    fn bad_outcomes_are_refused_and_leave_the_weights() {
        let mut eval = TdEvaluator::from_weights([0.1; TdFeature::COUNT]);
        let err = eval.learn_game(&game(), 1.5, &TdOptions::default());
        assert_eq!(err, Err(TdError::Outcome(1.5)));
        assert_eq!(eval, TdEvaluator::from_weights([0.1; TdFeature::COUNT]));
        assert!(matches!(
            TdOptions::new(f64::NAN, 1.0),
            Err(TdError::Lambda(_))
        ));
        assert!(matches!(
            TdOptions::new(0.5, f64::INFINITY),
            Err(TdError::LearningRate(_))
        ));
    }

    #[test]
    fn swapping_colours_and_komi_mirrors_the_value() {
        let black = "X X . O . .
                     X . X O O .
                     X X X O . O
                     . X O O O .
                     X X O . O X
                     . X O . . .";
        let white: String = black
            .chars()
            .map(|c| match c {
                'X' => 'O',
                'O' => 'X',
                c => c,
            })
            .collect();
        let mut b = PlayoutBoard::from(&Board::from_diagram(black).unwrap());
        let mut w = PlayoutBoard::from(&Board::from_diagram(&white).unwrap());
        w.set_to_play(Color::White);
        let fb = TdFeatures::of(&b, 2.5);
        let fw = TdFeatures::of(&w, -2.5);
        for feature in TdFeature::ALL {
            assert_eq!(fb.get(feature), -fw.get(feature), "{feature}");
        }
        let eval = TdEvaluator::trained();
        assert!((eval.evaluate(&fb) + eval.evaluate(&fw) - 1.0).abs() < 1e-6);
        // And with White to move on the first board.
        b.set_to_play(Color::White);
        w.set_to_play(Color::Black);
        let (vb, vw) = (eval.value(&b, 2.5), eval.value(&w, -2.5));
        assert!((vb + vw - 1.0).abs() < 1e-6);
    }

    #[test]
    fn features_by_hand() {
        // Black: one block of 5 stones (liberties A1 B1 C1 D2 C3); White:
        // B4-B3 with the two liberties C4 and C3.
        let f = features(
            "X O . .
             X O . .
             X X X .
             . . . .",
            0.0,
        );
        let n = 16.0;
        assert_eq!(f.get(TdFeature::Stones), 3.0 / n);
        // White B3-B4 has the liberties C4, C3: two.
        assert_eq!(f.get(TdFeature::TwoLiberties), 2.0 / n);
        assert_eq!(f.get(TdFeature::Atari), 0.0);
        // Next to Black: A1 B1 C1 D2 C3; next to White: C4 C3.
        assert_eq!(f.get(TdFeature::Liberties), 3.0 / n);
        assert_eq!(f.get(TdFeature::ToPlay), 1.0 / n);
    }
}
