//! The wire format: fixed arrays of `i32` (requests) and `f64` (answers),
//! so that MPI carries them as its own basic types, with no serialisation
//! library and the same layout on every rank.
//!
//! **Request** (rank 0 → all, a broadcast of its length then the array):
//!
//! | index | field |
//! |---|---|
//! | 0 | [`Op`]: 0 quit, 1 genmove |
//! | 1 | board size |
//! | 2 | colour to move: 0 black, 1 white |
//! | 3 | komi in half points |
//! | 4, 5 | seed of the move's random choices, high and low 32 bits |
//! | 6 | time per move in milliseconds, −1 for none |
//! | 7 | colour to move in the initial position |
//! | 8 | number of setup stones *s* |
//! | 9 | number of moves *m* |
//! | 10 … | *s* pairs (point, colour), then *m* pairs (colour, point or −1 for a pass) |
//!
//! A point is `row × size + col`. The whole game goes with each request
//! (at most 2 × 361 moves' worth of `i32`s on 19×19 in practice), so the
//! ranks keep no state between moves: undo, setup and handicap need no
//! protocol of their own.
//!
//! **Answer** (a searcher → rank 0, [`ANSWER_LEN`] `f64`s):
//!
//! | index | field |
//! |---|---|
//! | 0 | the part searched (zone index, or the number of zones for the open space), −1 when the rank had nothing to offer |
//! | 1 | [`SourceCode`] |
//! | 2 | the move: a point, −1 for a pass |
//! | 3 | its value (+∞ for a pattern) |
//! | 4 | proved: 0 or 1 |
//! | 5 | objective: its index in [`Objective::ALL`] |
//! | 6 | microseconds from the cancel message to the answer (0 when not cancelled) |
//! | 7 | microseconds of search |
//!
//! **Verdict** (rank 0 → each zone searcher, one `i32`): 1 when the
//! pattern searcher found a move (stop searching), 0 when it did not.

use go_board::{Board, Color, Move, Point};
use go_fractal::{Choice, Objective, Source};

/// The tag of requests' point-to-point messages (broadcasts have none).
pub const TAG_VERDICT: i32 = 11;
/// The tag of answers.
pub const TAG_ANSWER: i32 = 12;
/// The length of an answer.
pub const ANSWER_LEN: usize = 8;
/// The length of a request's header.
pub const HEADER_LEN: usize = 10;

/// What rank 0 asks of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Leave the loop: the game is over.
    Quit = 0,
    /// Choose a move for the request's position.
    Genmove = 1,
}

/// A position to play on, with the move's parameters: what a request
/// carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// What to do.
    pub op: Op,
    /// The position (its setup stones and move history).
    pub board: Board,
    /// The side to move.
    pub color: Color,
    /// Komi.
    pub komi: f32,
    /// Seed of the move's random choices.
    pub seed: u64,
    /// Time per move in milliseconds, if bounded.
    pub time_ms: Option<u32>,
}

/// A request that cannot be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WireError {
    /// Shorter than its header or its counts say.
    #[error("request of {0} integers is truncated")]
    Truncated(usize),
    /// A field out of range: its index and value.
    #[error("request field {0} has the bad value {1}")]
    BadField(usize, i32),
    /// The setup or a move is illegal on the board.
    #[error("request position is illegal at item {0}")]
    Illegal(usize),
}

fn color_code(c: Color) -> i32 {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn color_of(i: usize, v: i32) -> Result<Color, WireError> {
    match v {
        0 => Ok(Color::Black),
        1 => Ok(Color::White),
        _ => Err(WireError::BadField(i, v)),
    }
}

fn point_code(board: &Board, p: Point) -> i32 {
    (p.row() * board.size() + p.col()) as i32
}

fn point_of(size: usize, i: usize, v: i32) -> Result<Point, WireError> {
    let n = usize::try_from(v).map_err(|_| WireError::BadField(i, v))?;
    if n >= size * size {
        return Err(WireError::BadField(i, v));
    }
    Ok(Point::new(n % size, n / size))
}

impl Request {
    /// A quit request (its board is a placeholder).
    #[must_use]
    pub fn quit() -> Request {
        Request {
            op: Op::Quit,
            board: Board::new(9).expect("9×9 is a board size"),
            color: Color::Black,
            komi: 0.0,
            seed: 0,
            time_ms: None,
        }
    }

    /// The request as integers.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_mpi::wire::{Op, Request};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, "E5".parse()?)?;
    /// let r = Request { op: Op::Genmove, board, color: Color::White, komi: 6.5, seed: 7, time_ms: None };
    /// assert_eq!(Request::decode(&r.encode())?, r);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn encode(&self) -> Vec<i32> {
        let mut initial = self.board.clone();
        while initial.undo().is_some() {}
        let setup: Vec<(Point, Color)> = Color::ALL
            .iter()
            .flat_map(|&c| initial.stones_of(c).iter().map(move |p| (p, c)))
            .collect();
        let moves: Vec<(Color, Move)> = self.board.moves().collect();
        let mut out = vec![
            self.op as i32,
            self.board.size() as i32,
            color_code(self.color),
            (self.komi * 2.0).round() as i32,
            (self.seed >> 32) as u32 as i32,
            self.seed as u32 as i32,
            self.time_ms.map_or(-1, |t| t.min(i32::MAX as u32) as i32),
            color_code(initial.to_play()),
            setup.len() as i32,
            moves.len() as i32,
        ];
        for (p, c) in setup {
            out.extend([point_code(&initial, p), color_code(c)]);
        }
        for (c, m) in moves {
            out.extend([
                color_code(c),
                m.point().map_or(-1, |p| point_code(&initial, p)),
            ]);
        }
        out
    }

    /// The request from its integers.
    ///
    /// # Errors
    /// [`WireError`] when the array is short, a field is out of range or
    /// the position is illegal.
    pub fn decode(v: &[i32]) -> Result<Request, WireError> {
        if v.len() < HEADER_LEN {
            return Err(WireError::Truncated(v.len()));
        }
        let op = match v[0] {
            0 => Op::Quit,
            1 => Op::Genmove,
            x => return Err(WireError::BadField(0, x)),
        };
        let size = usize::try_from(v[1]).map_err(|_| WireError::BadField(1, v[1]))?;
        let mut board = Board::new(size).map_err(|_| WireError::BadField(1, v[1]))?;
        let color = color_of(2, v[2])?;
        let komi = v[3] as f32 / 2.0;
        let seed = u64::from(v[4] as u32) << 32 | u64::from(v[5] as u32);
        let time_ms = u32::try_from(v[6]).ok();
        board.set_to_play(color_of(7, v[7])?);
        let count = |i: usize| usize::try_from(v[i]).map_err(|_| WireError::BadField(i, v[i]));
        let (s, m) = (count(8)?, count(9)?);
        if v.len() < HEADER_LEN + 2 * (s + m) {
            return Err(WireError::Truncated(v.len()));
        }
        let mut setup = Vec::with_capacity(s);
        for j in 0..s {
            let i = HEADER_LEN + 2 * j;
            setup.push((point_of(size, i, v[i])?, Some(color_of(i + 1, v[i + 1])?)));
        }
        if !setup.is_empty() {
            board.setup(setup).map_err(|_| WireError::Illegal(0))?;
        }
        for j in 0..m {
            let i = HEADER_LEN + 2 * (s + j);
            let c = color_of(i, v[i])?;
            let mv = if v[i + 1] < 0 {
                Move::Pass
            } else {
                Move::Play(point_of(size, i + 1, v[i + 1])?)
            };
            board.play_move(c, mv).map_err(|_| WireError::Illegal(i))?;
        }
        Ok(Request {
            op,
            board,
            color,
            komi,
            seed,
            time_ms,
        })
    }
}

/// Where an answer's move came from, on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceCode {
    /// Nothing to offer.
    None = 0,
    /// The pattern base.
    Pattern = 1,
    /// A zone.
    Zone = 2,
    /// The open space.
    OpenSpace = 3,
}

/// One searcher's answer: its best choice (if any) with the part it came
/// from, and how long it searched and took to stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// The part (zone index, or the number of zones for the open space)
    /// and its choice; `None` when the rank had nothing to offer.
    pub choice: Option<(usize, Choice)>,
    /// Microseconds from the cancel message to the answer.
    pub cancel_us: f64,
    /// Microseconds of search.
    pub search_us: f64,
}

impl Answer {
    /// The answer as floats.
    ///
    /// ```
    /// use go_board::Move;
    /// use go_fractal::{Choice, Objective, Source};
    /// use go_mpi::wire::Answer;
    /// let c = Choice { mv: Move::Play("C3".parse()?), source: Source::Zone(2), objective: Objective::Eyes, value: 1.5, proved: true };
    /// let a = Answer { choice: Some((2, c)), cancel_us: 0.0, search_us: 12.0 };
    /// assert_eq!(Answer::decode(&a.encode(9), 9), a);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn encode(&self, size: usize) -> [f64; ANSWER_LEN] {
        let mut out = [
            -1.0,
            0.0,
            -1.0,
            0.0,
            0.0,
            0.0,
            self.cancel_us,
            self.search_us,
        ];
        if let Some((k, c)) = self.choice {
            out[0] = k as f64;
            out[1] = match c.source {
                Source::Pattern => SourceCode::Pattern,
                Source::OpenSpace => SourceCode::OpenSpace,
                _ => SourceCode::Zone,
            } as i32 as f64;
            out[2] =
                c.mv.point()
                    .map_or(-1.0, |p| (p.row() * size + p.col()) as f64);
            out[3] = c.value;
            out[4] = f64::from(u8::from(c.proved));
            out[5] = Objective::ALL
                .iter()
                .position(|&o| o == c.objective)
                .unwrap_or(0) as f64;
        }
        out
    }

    /// The answer from its floats (for a board of `size`); a malformed
    /// answer decodes as one with nothing to offer.
    #[must_use]
    pub fn decode(v: &[f64], size: usize) -> Answer {
        let mut a = Answer {
            choice: None,
            cancel_us: v.get(6).copied().unwrap_or(0.0),
            search_us: v.get(7).copied().unwrap_or(0.0),
        };
        if v.len() < ANSWER_LEN || v[0] < 0.0 {
            return a;
        }
        let k = v[0] as usize;
        let source = match v[1] as i32 {
            1 => Source::Pattern,
            2 => Source::Zone(k),
            3 => Source::OpenSpace,
            _ => return a,
        };
        let mv = if v[2] < 0.0 {
            Move::Pass
        } else {
            let n = v[2] as usize;
            if n >= size * size {
                return a;
            }
            Move::Play(Point::new(n % size, n / size))
        };
        a.choice = Some((
            k,
            Choice {
                mv,
                source,
                objective: Objective::ALL
                    .get(v[5] as usize)
                    .copied()
                    .unwrap_or(Objective::Win),
                value: v[3],
                proved: v[4] != 0.0,
            },
        ));
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_with_setup_passes_and_captures_round_trips() {
        let mut board = Board::from_diagram(
            ". X O .
             X O . .
             . . . .
             . . . .",
        )
        .unwrap();
        board.set_to_play(Color::White);
        board.play(Color::White, Point::new(3, 0)).unwrap();
        board.pass();
        board.play(Color::White, Point::new(0, 0)).unwrap();
        let r = Request {
            op: Op::Genmove,
            board,
            color: Color::Black,
            komi: -3.5,
            seed: u64::MAX - 5,
            time_ms: Some(1500),
        };
        let back = Request::decode(&r.encode()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.board.hash(), r.board.hash());
    }

    #[test]
    fn truncated_and_bad_requests_are_errors() {
        let r = Request::quit().encode();
        assert_eq!(Request::decode(&r[..3]), Err(WireError::Truncated(3)));
        let mut bad = r.clone();
        bad[2] = 5;
        assert_eq!(Request::decode(&bad), Err(WireError::BadField(2, 5)));
        let mut long = r;
        long[9] = 3;
        assert_eq!(
            Request::decode(&long),
            Err(WireError::Truncated(HEADER_LEN))
        );
    }

    #[test]
    fn nothing_to_offer_round_trips() {
        let a = Answer {
            choice: None,
            cancel_us: 3.0,
            search_us: 4.0,
        };
        assert_eq!(Answer::decode(&a.encode(9), 9), a);
    }
}
