//! A whole-board survey: every dragon with its static figures and its status,
//! decided as cheaply as it can be, GNU Go's way.
//!
//! Reading every dragon with the full owl budget is too slow for a board
//! (about 0.2 s a question on 19×19), so the status of each dragon is decided
//! by the first of these that applies:
//! 1. **pass-alive** ([`Judgement::pass_alive`], Benson's test): alive, a proof;
//! 2. **runs**: its escape measure ([`Judgement::escape`]) is at least
//!    [`SurveyOptions::escape`] and every block has at least
//!    [`SurveyOptions::safe_liberties`] liberties (no immediate danger): alive
//!    without reading, a judgement;
//! 3. **read**: a [`LifeReader`] attack, then (if the attack works) defence,
//!    with [`SurveyOptions::nodes`] per question, biggest weak dragons first
//!    while the survey's [`SurveyOptions::total_nodes`] last;
//! 4. otherwise **unknown**: not settled within the budget.
//!
//! ```
//! use go_board::Board;
//! use go_life::survey::{Basis, Survey, SurveyOptions};
//! use go_life::LifeStatus;
//!
//! let board = Board::from_diagram(
//!     ". . . . . . .
//!      O O O O O O .
//!      X X X X O . .
//!      . . . X O . .",
//! )?;
//! let survey = Survey::new(&board, &SurveyOptions::default());
//! // Black's straight three in the corner: whoever plays B1 first decides.
//! let black = survey.at("A2".parse()?).unwrap();
//! assert_eq!(black.basis, Basis::Read);
//! assert_eq!(black.status_text(), "critical attack B1 defence B1");
//! // White's wall lives. The biggest dragon comes first.
//! let white = &survey.dragons()[0];
//! assert_eq!((white.size, white.status), (8, Some(LifeStatus::Alive)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use go_board::{Board, Color, Move, Point, PointSet};

use crate::judge::Judgement;
use crate::links::cut_reader;
use crate::{Dragons, LifeOptions, LifeReader, LifeStatus};

/// How much a [`Survey`] may read, and when it need not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SurveyOptions {
    /// df-pn nodes per reading question (attack or defence).
    pub nodes: u64,
    /// df-pn nodes for the whole survey; dragons left when they are spent are
    /// unknown.
    pub total_nodes: u64,
    /// The escape measure at which a dragon in no immediate danger is alive
    /// without reading.
    pub escape: u32,
    /// The fewest liberties every block of a dragon must have for it to be in
    /// no immediate danger.
    pub safe_liberties: usize,
}

impl Default for SurveyOptions {
    /// 1,000 nodes a question, 12,000 in all, escape 20, three liberties:
    /// under 0.5 s for a 19×19 middle-game board (see the `report_bench`
    /// example).
    fn default() -> Self {
        SurveyOptions {
            nodes: 1_000,
            total_nodes: 12_000,
            escape: 20,
            safe_liberties: 3,
        }
    }
}

impl SurveyOptions {
    /// Sets the node budget per question.
    ///
    /// ```
    /// let o = go_life::survey::SurveyOptions::default().with_nodes(500);
    /// assert_eq!(o.nodes, 500);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// Sets the node budget of the whole survey.
    ///
    /// ```
    /// let o = go_life::survey::SurveyOptions::default().with_total_nodes(0);
    /// assert_eq!(o.total_nodes, 0);
    /// ```
    #[must_use]
    pub fn with_total_nodes(mut self, nodes: u64) -> Self {
        self.total_nodes = nodes;
        self
    }

    /// The reader options these imply: [`LifeOptions::default`] with
    /// [`nodes`](Self::nodes).
    #[must_use]
    pub fn life_options(&self) -> LifeOptions {
        LifeOptions::default().with_nodes(self.nodes)
    }
}

/// How a dragon's status was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// Benson's test: alive, proved.
    PassAlive,
    /// Room to run and no immediate danger: alive, judged without reading.
    Runs,
    /// Read to the end within the budget.
    Read,
    /// Not settled: the question's or the survey's budget ran out.
    Unsettled,
}

impl fmt::Display for Basis {
    /// `pass-alive`, `runs`, `read` or `unsettled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Basis::PassAlive => "pass-alive",
            Basis::Runs => "runs",
            Basis::Read => "read",
            Basis::Unsettled => "unsettled",
        })
    }
}

/// One dragon of a [`Survey`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DragonSurvey {
    /// Its colour.
    pub color: Color,
    /// Its name: the first stone in board order.
    pub origin: Point,
    /// Its stones.
    pub stones: PointSet,
    /// The number of its stones.
    pub size: usize,
    /// The number of its liberties.
    pub liberties: usize,
    /// The fewest liberties of any of its blocks.
    pub min_block_liberties: usize,
    /// Its enclosed regions ([`Judgement::enclosures`]).
    pub eye_spaces: usize,
    /// The most eyes they can give ([`Judgement::max_eyes`]).
    pub max_eyes: u32,
    /// Its escape measure ([`Judgement::escape`]).
    pub escape: u32,
    /// Its status; `None` when not settled ([`Basis::Unsettled`]).
    pub status: Option<LifeStatus>,
    /// How the status was decided.
    pub basis: Basis,
    /// Reading nodes spent on it.
    pub nodes: u64,
}

impl DragonSurvey {
    /// The status in words: `alive`, `dead`, `critical attack A defence D` or
    /// `unknown`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::survey::{Survey, SurveyOptions};
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// let survey = Survey::new(&board, &SurveyOptions::default());
    /// assert_eq!(survey.dragons()[0].status_text(), "alive");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn status_text(&self) -> String {
        match self.status {
            None => "unknown".to_string(),
            Some(LifeStatus::Critical { attack, defence }) => {
                format!("critical attack {attack} defence {defence}")
            }
            Some(s) => s.to_string(),
        }
    }
}

/// Every dragon of a board with its status (see the module docs), biggest
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survey {
    dragons: Vec<DragonSurvey>,
    nodes: u64,
}

impl Survey {
    /// Surveys `board` with a reader of [`SurveyOptions::life_options`].
    #[must_use]
    pub fn new(board: &Board, options: &SurveyOptions) -> Survey {
        let mut reader = LifeReader::new(options.life_options());
        Survey::with_reader(board, options, &mut reader)
    }

    /// Surveys `board` asking `reader` (whose own node budget then applies to
    /// each question; [`SurveyOptions::nodes`] is not used).
    #[must_use]
    pub fn with_reader(board: &Board, options: &SurveyOptions, reader: &mut LifeReader) -> Survey {
        let dragons = Dragons::read(board, &mut cut_reader());
        let mut out: Vec<DragonSurvey> = dragons
            .iter()
            .map(|d| {
                let origin = d.origin();
                let j = Judgement::new(board, origin);
                let min_block_liberties = d
                    .blocks()
                    .iter()
                    .map(|&b| board.num_liberties(b))
                    .min()
                    .unwrap_or(0);
                let (eye_spaces, max_eyes, escape, pass_alive) =
                    j.as_ref().map_or((0, 0, 0, false), |j| {
                        (j.enclosures.len(), j.max_eyes(), j.escape, j.pass_alive)
                    });
                let (status, basis) = if pass_alive {
                    (Some(LifeStatus::Alive), Basis::PassAlive)
                } else if escape >= options.escape && min_block_liberties >= options.safe_liberties
                {
                    (Some(LifeStatus::Alive), Basis::Runs)
                } else {
                    (None, Basis::Unsettled)
                };
                DragonSurvey {
                    color: d.color(),
                    origin,
                    stones: *d.stones(),
                    size: d.stones().len(),
                    liberties: d.liberties().len(),
                    min_block_liberties,
                    eye_spaces,
                    max_eyes,
                    escape,
                    status,
                    basis,
                    nodes: 0,
                }
            })
            .collect();
        out.sort_by_key(|d| (std::cmp::Reverse(d.size), d.origin));
        let mut spent = 0u64;
        for d in out.iter_mut().filter(|d| d.status.is_none()) {
            if spent >= options.total_nodes {
                break;
            }
            let (status, nodes) = read(board, d.origin, reader);
            spent += nodes;
            d.nodes = nodes;
            if status.is_some() {
                d.status = status;
                d.basis = Basis::Read;
            }
        }
        Survey {
            dragons: out,
            nodes: spent,
        }
    }

    /// The dragons, biggest first (ties in board order of their origins).
    #[must_use]
    pub fn dragons(&self) -> &[DragonSurvey] {
        &self.dragons
    }

    /// The dragon of the stone at `p`.
    #[must_use]
    pub fn at(&self, p: Point) -> Option<&DragonSurvey> {
        self.dragons.iter().find(|d| d.stones.contains(p))
    }

    /// Reading nodes spent in all.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The status of the dragon at `origin` by an attack and, if it works, a
/// defence; `None` when either was not settled.
fn read(board: &Board, origin: Point, reader: &mut LifeReader) -> (Option<LifeStatus>, u64) {
    let Ok(attack) = reader.attack(board, origin) else {
        return (None, 0);
    };
    let mut nodes = attack.nodes;
    if !attack.certain {
        return (None, nodes);
    }
    if !attack.succeeds() {
        // Alive: by itself, or only in seki?
        let Ok(strict) = reader.strict_attack(board, origin) else {
            return (Some(LifeStatus::Alive), nodes);
        };
        nodes += strict.nodes;
        let status = match (strict.certain, strict.succeeds()) {
            (true, true) => Some(LifeStatus::Seki),
            (true, false) => Some(LifeStatus::Alive),
            (false, _) => None,
        };
        return (status, nodes);
    }
    let Ok(defence) = reader.defend(board, origin) else {
        return (None, nodes);
    };
    nodes += defence.nodes;
    if !defence.certain {
        return (None, nodes);
    }
    let status = match (defence.succeeds(), defence.best_move) {
        (true, Some(d)) => LifeStatus::Critical {
            attack: attack.best_move.unwrap_or(Move::Pass),
            defence: d,
        },
        _ => LifeStatus::Dead,
    };
    (Some(status), nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn survey(d: &str) -> Survey {
        let b = Board::from_diagram(d).expect("diagram");
        Survey::new(&b, &SurveyOptions::default())
    }

    #[test]
    fn an_open_stone_runs_without_reading() {
        let s = survey(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let d = &s.dragons()[0];
        assert_eq!((d.basis, d.status), (Basis::Runs, Some(LifeStatus::Alive)));
        assert_eq!(s.nodes(), 0);
    }

    #[test]
    fn two_eyes_are_pass_alive() {
        let s = survey(
            ". X . X O . .
             X X X X O . .
             O O O O O . .
             . . . . . . .
             . . . . . . .",
        );
        let black = s.at("B5".parse().unwrap()).unwrap();
        assert_eq!(black.basis, Basis::PassAlive);
        assert_eq!(black.status_text(), "alive");
        assert_eq!(black.nodes, 0);
    }

    #[test]
    fn a_stone_shut_in_is_read_dead() {
        let s = survey(
            "O O O O . . .
             O X . O . . .
             O O O O . . .
             . . . . . . .
             . . . . . . .",
        );
        let black = s.at("B4".parse().unwrap()).unwrap();
        assert_eq!(black.basis, Basis::Read);
        assert_eq!(black.status_text(), "dead");
    }

    #[test]
    fn no_budget_leaves_weak_dragons_unknown() {
        let b = Board::from_diagram(
            ". . . . . . .
             O O O O O O .
             X X X X O . .
             . . . X O . .",
        )
        .unwrap();
        let s = Survey::new(&b, &SurveyOptions::default().with_total_nodes(0));
        let black = s.at("A2".parse().unwrap()).unwrap();
        assert_eq!((black.basis, black.status), (Basis::Unsettled, None));
        assert_eq!(black.status_text(), "unknown");
    }
}
