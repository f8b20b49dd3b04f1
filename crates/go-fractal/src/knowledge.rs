//! What Fractal Go knows: its pattern base, its weights, and the examples
//! it was taught, in one text file.
//!
//! The file keeps the taught examples rather than the trie: loading
//! re-learns them (§6.2), so the file stays readable and survives changes
//! of the key encoding. Its lines:
//!
//! ```text
//! # comments and blank lines are ignored
//! weights eyes 1 1 0.5 0.25 1.5 1
//! pattern 9 B C3 black D4 E4 white D3
//! ```
//!
//! `weights` lines as in [`Weights`]'s text form; `pattern SIZE COLOR
//! VERTEX [square CORNER SIDE] black V.. white V..`: on a board of that
//! size with those stones, COLOR plays at VERTEX; the pattern is the square
//! given, or the stones' bounding square.

use std::fmt::Write as _;
use std::path::Path;

use go_board::{Board, Color, Point};
use go_patterns::PatternBase;
use go_patterns::database::{EmptyCells, Learned};

use crate::{FractalError, Weights};

/// A taught move: a position, the colour to play and the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The position (its stones; the side to move is `color`).
    pub board: Board,
    /// The colour to play.
    pub color: Color,
    /// The move.
    pub point: Point,
    /// The pattern's square (top-left corner and side) when it was given
    /// ([`Knowledge::teach_square`]); `None` for the stones' bounding square.
    pub square: Option<(Point, usize)>,
}

/// Fractal Go's knowledge: see the [module docs](self).
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::Knowledge;
/// let mut k = Knowledge::default();
/// let board = Board::from_diagram(". . .\n. X .\n. . O")?;
/// k.teach_pattern(&board, Color::White, "C2".parse()?)?;
/// let text = k.to_text();
/// let back = Knowledge::from_text(&text)?;
/// assert_eq!(back.examples(), k.examples());
/// assert_eq!(back.patterns().len(), k.patterns().len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Knowledge {
    patterns: PatternBase,
    weights: Weights,
    examples: Vec<Example>,
}

impl Default for Knowledge {
    fn default() -> Self {
        Knowledge {
            patterns: PatternBase::with_empty_cells(EmptyCells::Exact),
            weights: Weights::default(),
            examples: Vec::new(),
        }
    }
}

/// The starter knowledge shipped with the crate (see [`Knowledge::starter`]).
const STARTER: &str = include_str!("../data/starter.txt");

impl Knowledge {
    /// The knowledge shipped with the crate: patterns learned by this
    /// crate's `learn_starter` example from opening moves of game records,
    /// and the default weights.
    ///
    /// ```
    /// assert!(!go_fractal::Knowledge::starter().patterns().is_empty());
    /// ```
    #[must_use]
    pub fn starter() -> Knowledge {
        // The shipped file is checked by the crate's tests.
        Knowledge::from_text(STARTER).unwrap_or_default()
    }

    /// The pattern base. Patterns need empty points to be empty and the
    /// edge to be the edge ([`EmptyCells::Exact`]): the report's keys,
    /// where empty is "don't care", match two stones anywhere.
    #[must_use]
    pub fn patterns(&self) -> &PatternBase {
        &self.patterns
    }

    /// The evaluation's weights.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// The taught examples, in the order taught.
    #[must_use]
    pub fn examples(&self) -> &[Example] {
        &self.examples
    }

    /// Teaches `color` playing at `point` on `board` as a pattern (§6.2):
    /// the square around the board's stones, in all eight symmetries.
    ///
    /// # Errors
    /// [`FractalError::Learn`] when the board has no stones or the move is
    /// illegal.
    pub fn teach_pattern(
        &mut self,
        board: &Board,
        color: Color,
        point: Point,
    ) -> Result<Learned, FractalError> {
        let learned = self.patterns.learn(board, color, point)?;
        self.remember(board, color, point, None, learned)?;
        Ok(learned)
    }

    /// Teaches `color` playing at `point` on `board` as the pattern of the
    /// square with top-left `corner` and side `side`: its empty points are
    /// part of the shape ([`PatternBase::learn_square`]).
    ///
    /// # Errors
    /// [`FractalError::Learn`] when the move is illegal or the side is 0.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_fractal::Knowledge;
    /// let mut k = Knowledge::default();
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// k.teach_square(&board, Color::White, "B1".parse()?, "A3".parse()?, 3)?;
    /// assert_eq!(Knowledge::from_text(&k.to_text())?.examples(), k.examples());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn teach_square(
        &mut self,
        board: &Board,
        color: Color,
        point: Point,
        corner: Point,
        side: usize,
    ) -> Result<Learned, FractalError> {
        let learned = self
            .patterns
            .learn_square(board, color, point, corner, side)?;
        self.remember(board, color, point, Some((corner, side)), learned)?;
        Ok(learned)
    }

    /// Keeps a lesson that taught something new.
    fn remember(
        &mut self,
        board: &Board,
        color: Color,
        point: Point,
        square: Option<(Point, usize)>,
        learned: Learned,
    ) -> Result<(), FractalError> {
        if learned != Learned::AlreadyKnown {
            let mut position = Board::with_rules(board.size(), *board.rules())
                .map_err(|e| FractalError::Load(e.to_string()))?;
            position
                .setup(
                    board
                        .geometry()
                        .points()
                        .iter()
                        .filter_map(|&p| board.color_at(p).map(|c| (p, Some(c)))),
                )
                .map_err(|e| FractalError::Load(e.to_string()))?;
            self.examples.push(Example {
                board: position,
                color,
                point,
                square,
            });
        }
        Ok(())
    }

    /// The text form (see the [module docs](self)).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from("# go-fractal knowledge\n");
        for line in self.weights.to_string().lines() {
            let _ = writeln!(out, "weights {line}");
        }
        for e in &self.examples {
            let _ = write!(
                out,
                "pattern {} {} {}",
                e.board.size(),
                letter(e.color),
                e.point
            );
            if let Some((corner, side)) = e.square {
                let _ = write!(out, " square {corner} {side}");
            }
            for color in [Color::Black, Color::White] {
                let _ = write!(
                    out,
                    " {}",
                    if color == Color::Black {
                        "black"
                    } else {
                        "white"
                    }
                );
                for s in e.board.stones_of(color).iter() {
                    let _ = write!(out, " {s}");
                }
            }
            out.push('\n');
        }
        out
    }

    /// Reads the text form.
    ///
    /// # Errors
    /// [`FractalError::BadKnowledge`] with the line and the reason.
    ///
    /// ```
    /// use go_fractal::{FractalError, Knowledge};
    /// assert!(matches!(Knowledge::from_text("pattern 9 B Z9"), Err(FractalError::BadKnowledge { line: 1, .. })));
    /// ```
    pub fn from_text(text: &str) -> Result<Knowledge, FractalError> {
        let mut k = Knowledge::default();
        let mut weights = String::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let bad = |reason: &str| FractalError::BadKnowledge {
                line: n + 1,
                reason: reason.to_string(),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                None => {}
                Some("weights") => {
                    let rest: Vec<&str> = words.collect();
                    let one = rest.join(" ");
                    one.parse::<Weights>().map_err(|e| bad(&e.to_string()))?;
                    weights.push_str(&one);
                    weights.push('\n');
                }
                Some("pattern") => {
                    let e = parse_example(words).map_err(|r| bad(&r))?;
                    match e.square {
                        None => k.teach_pattern(&e.board, e.color, e.point),
                        Some((corner, side)) => {
                            k.teach_square(&e.board, e.color, e.point, corner, side)
                        }
                    }
                    .map_err(|err| bad(&err.to_string()))?;
                }
                Some(other) => return Err(bad(&format!("unknown line kind {other:?}"))),
            }
        }
        k.weights = weights
            .parse()
            .map_err(|e: FractalError| FractalError::BadKnowledge {
                line: 0,
                reason: e.to_string(),
            })?;
        Ok(k)
    }

    /// Writes the text form to `path`.
    ///
    /// # Errors
    /// [`FractalError::Io`].
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), FractalError> {
        std::fs::write(path, self.to_text()).map_err(|e| FractalError::Io(e.to_string()))
    }

    /// Reads the text form from `path`.
    ///
    /// # Errors
    /// [`FractalError::Io`] or [`FractalError::BadKnowledge`].
    pub fn load(path: impl AsRef<Path>) -> Result<Knowledge, FractalError> {
        let text = std::fs::read_to_string(path).map_err(|e| FractalError::Io(e.to_string()))?;
        Knowledge::from_text(&text)
    }
}

fn letter(c: Color) -> char {
    if c == Color::Black { 'B' } else { 'W' }
}

fn parse_example<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Example, String> {
    let size: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or("a board size expected")?;
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    let color: Color = words
        .next()
        .ok_or("a colour expected")?
        .parse()
        .map_err(|_| "a colour expected")?;
    let geo = board.geometry();
    let point = geo
        .parse_point(words.next().ok_or("a vertex expected")?)
        .map_err(|e| e.to_string())?;
    let mut stones: Vec<(Point, Option<Color>)> = Vec::new();
    let mut current: Option<Color> = None;
    let mut square = None;
    let mut words = words.peekable();
    if words.peek() == Some(&"square") {
        words.next();
        let corner = geo
            .parse_point(words.next().ok_or("a corner expected")?)
            .map_err(|e| e.to_string())?;
        let side: usize = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or("a side expected")?;
        square = Some((corner, side));
    }
    for w in words {
        match w {
            "black" => current = Some(Color::Black),
            "white" => current = Some(Color::White),
            v => {
                let c = current.ok_or("stones must follow \"black\" or \"white\"")?;
                let p = geo.parse_point(v).map_err(|e| e.to_string())?;
                stones.push((p, Some(c)));
            }
        }
    }
    board.setup(stones).map_err(|e| e.to_string())?;
    Ok(Example {
        board,
        color,
        point,
        square,
    })
}
