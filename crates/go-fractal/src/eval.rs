//! Fractal Go's evaluation function (§3.4): six factors, weighted per
//! objective.
//!
//! Every factor is a change from the position where the search started
//! (the *root*) to the position reached, seen by the side to move at the
//! root:
//!
//! | # | factor | measured as |
//! |---|---|---|
//! | 1 | stones gained | own stones on the board, now minus at the root |
//! | 2 | stones captured | enemy stones captured along the line (prisoners), not the change in enemy stones |
//! | 3 | liberties gained | points that are a liberty of an own block, now minus at the root |
//! | 4 | liberties destroyed | points that are a liberty of an enemy block, at the root minus now |
//! | 5 | territory gained | own territory by Zobrist/Bouzy morphology ([`Morphology`]), now minus at the root |
//! | 6 | territory destroyed | enemy territory, at the root minus now |
//!
//! The value is `Σ w[factor][objective] · factor` ([`Weights`]), one weight
//! per factor and objective as the report keeps them. The report learned
//! its weights and printed none; [`Weights::default`] is a starting point
//! that counts what the score counts (a stone, a prisoner and a point of
//! territory are worth one each; a liberty a quarter), with more weight
//! on liberties and territory where an objective is about eyes or joining,
//! and on prisoners where it is about stones. [`crate::learn`] refines them.

use std::fmt;
use std::str::FromStr;

use go_board::{Board, Color, PointSet};
use go_patterns::territory::Morphology;

use crate::{FractalError, Objective};

/// The six factors, in the report's order.
///
/// ```
/// use go_fractal::Factor;
/// assert_eq!(Factor::ALL[4], Factor::TerritoryGained);
/// assert_eq!(Factor::StonesCaptured.name(), "stones_captured");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Factor {
    /// Own stones gained.
    StonesGained,
    /// Enemy stones captured along the line.
    StonesCaptured,
    /// Liberties of own blocks gained.
    LibertiesGained,
    /// Liberties of enemy blocks destroyed.
    LibertiesDestroyed,
    /// Own territory gained.
    TerritoryGained,
    /// Enemy territory destroyed.
    TerritoryDestroyed,
}

impl Factor {
    /// The six, in order.
    pub const ALL: [Factor; 6] = [
        Factor::StonesGained,
        Factor::StonesCaptured,
        Factor::LibertiesGained,
        Factor::LibertiesDestroyed,
        Factor::TerritoryGained,
        Factor::TerritoryDestroyed,
    ];

    /// A short name.
    ///
    /// ```
    /// assert_eq!(go_fractal::Factor::TerritoryDestroyed.name(), "territory_destroyed");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Factor::StonesGained => "stones_gained",
            Factor::StonesCaptured => "stones_captured",
            Factor::LibertiesGained => "liberties_gained",
            Factor::LibertiesDestroyed => "liberties_destroyed",
            Factor::TerritoryGained => "territory_gained",
            Factor::TerritoryDestroyed => "territory_destroyed",
        }
    }
}

/// What one side has in a position: the totals the factors compare.
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::Snapshot;
/// use go_patterns::territory::Morphology;
/// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
/// let s = Snapshot::of(&board, Color::Black, &Morphology::BOUZY);
/// assert_eq!((s.stones, s.liberties, s.enemy_liberties), (1, 4, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Own stones on the board.
    pub stones: i32,
    /// Enemy stones captured so far (prisoners).
    pub captures: i32,
    /// Points that are a liberty of an own block.
    pub liberties: i32,
    /// Points that are a liberty of an enemy block.
    pub enemy_liberties: i32,
    /// Own territory.
    pub territory: i32,
    /// Enemy territory.
    pub enemy_territory: i32,
}

impl Snapshot {
    /// `color`'s totals on `board`, territory by `morphology`.
    #[must_use]
    pub fn of(board: &Board, color: Color, morphology: &Morphology) -> Snapshot {
        let territory = morphology.territory(board);
        let own = *board.stones_of(color);
        let enemy = *board.stones_of(color.opposite());
        let geo = board.geometry();
        let empty = board.empty_points();
        let liberties = |stones: PointSet| (stones.grow(geo) & empty).len() as i32;
        Snapshot {
            stones: own.len() as i32,
            captures: board.captures(color) as i32,
            liberties: liberties(own),
            enemy_liberties: liberties(enemy),
            territory: territory.territory(color).len() as i32,
            enemy_territory: territory.territory(color.opposite()).len() as i32,
        }
    }
}

/// The six factors of a line: see the [module docs](self).
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::{Factor, Factors, Snapshot};
/// use go_patterns::territory::Morphology;
/// let mut board = Board::from_diagram(". O .\nO X O\n. . .")?;
/// let m = Morphology::BOUZY;
/// let root = Snapshot::of(&board, Color::White, &m);
/// board.play(Color::White, "B1".parse()?)?;
/// let f = Factors::between(&root, &Snapshot::of(&board, Color::White, &m));
/// assert_eq!(f.get(Factor::StonesCaptured), 1);
/// assert_eq!(f.get(Factor::StonesGained), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Factors(pub [i32; 6]);

impl Factors {
    /// The factors from `root` to `now` (both snapshots of one side).
    #[must_use]
    pub fn between(root: &Snapshot, now: &Snapshot) -> Factors {
        Factors([
            now.stones - root.stones,
            now.captures - root.captures,
            now.liberties - root.liberties,
            root.enemy_liberties - now.enemy_liberties,
            now.territory - root.territory,
            root.enemy_territory - now.enemy_territory,
        ])
    }

    /// One factor.
    #[must_use]
    pub fn get(&self, factor: Factor) -> i32 {
        self.0[factor as usize]
    }
}

/// One weight per (factor, objective): the evaluation is their weighted
/// sum. Text form: one line per objective, its name then six weights.
///
/// ```
/// use go_fractal::{Factors, Objective, Weights};
/// let w = Weights::default();
/// let f = Factors([1, 2, 0, 0, 3, 0]);
/// assert!(w.evaluate(&f, Objective::Points) > w.evaluate(&Factors::default(), Objective::Points));
/// let text = w.to_string();
/// assert_eq!(text.parse::<Weights>()?, w);
/// # Ok::<(), go_fractal::FractalError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [[f64; 6]; 5]);

impl Default for Weights {
    fn default() -> Weights {
        //            stones captured libs+ libs- terr+ terr-
        let base = [1.0, 1.0, 0.25, 0.25, 1.0, 1.0];
        let mut w = [base; 5];
        w[Objective::Eyes.id()] = [1.0, 1.0, 0.5, 0.25, 1.5, 1.0];
        w[Objective::GetEye.id()] = [1.0, 1.0, 0.5, 0.25, 1.5, 1.0];
        w[Objective::Cohesion.id()] = [1.0, 1.0, 0.5, 0.25, 1.0, 1.0];
        w[Objective::Points.id()] = [1.0, 2.0, 0.25, 0.5, 1.0, 1.0];
        Weights(w)
    }
}

impl Weights {
    /// The weight of `factor` under `objective`.
    ///
    /// ```
    /// use go_fractal::{Factor, Objective, Weights};
    /// assert_eq!(Weights::default().get(Factor::StonesCaptured, Objective::Points), 2.0);
    /// ```
    #[must_use]
    pub fn get(&self, factor: Factor, objective: Objective) -> f64 {
        self.0[objective.id()][factor as usize]
    }

    /// Sets the weight of `factor` under `objective`.
    ///
    /// ```
    /// use go_fractal::{Factor, Objective, Weights};
    /// let mut w = Weights::default();
    /// w.set(Factor::StonesGained, Objective::Win, 3.0);
    /// assert_eq!(w.get(Factor::StonesGained, Objective::Win), 3.0);
    /// ```
    pub fn set(&mut self, factor: Factor, objective: Objective, value: f64) {
        self.0[objective.id()][factor as usize] = value;
    }

    /// The evaluation of a line with these factors under `objective`.
    #[must_use]
    pub fn evaluate(&self, factors: &Factors, objective: Objective) -> f64 {
        self.0[objective.id()]
            .iter()
            .zip(factors.0)
            .map(|(w, f)| w * f64::from(f))
            .sum()
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for o in Objective::ALL {
            write!(f, "{}", o.name())?;
            for w in self.0[o.id()] {
                write!(f, " {w}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl FromStr for Weights {
    type Err = FractalError;

    /// Reads the text form; objectives may come in any order, `#` starts a
    /// comment, and objectives left out keep their default weights.
    fn from_str(s: &str) -> Result<Weights, FractalError> {
        let mut w = Weights::default();
        for (n, line) in s.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| FractalError::BadWeights {
                line: n + 1,
                reason: why.to_string(),
            };
            let mut words = line.split_whitespace();
            let name = words.next().ok_or_else(|| bad("empty line"))?;
            let objective: Objective = name.parse().map_err(|_| bad("unknown objective"))?;
            let values: Vec<f64> = words
                .map(|x| x.parse::<f64>().map_err(|_| bad("not a number")))
                .collect::<Result<_, _>>()?;
            if values.len() != 6 || values.iter().any(|v| !v.is_finite()) {
                return Err(bad("six finite weights expected"));
            }
            w.0[objective.id()].copy_from_slice(&values);
        }
        Ok(w)
    }
}
