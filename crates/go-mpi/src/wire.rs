//! The wire format: fixed arrays of `i32` (requests) and `f64` (answers),
//! so that MPI carries them as its own basic types, with no serialisation
//! library and the same layout on every rank.
//!
//! **Request** (rank 0 → all, a broadcast of its length then the array):
//!
//! | index | field |
//! |---|---|
//! | 0 | [`Op`]: 0 quit, 1 genmove, 2 live analysis |
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
//!
//! **Live parameters** (rank 0 → all, right after a live-analysis
//! request, [`LIVE_PARAMS_LEN`] `i32`s, [`LiveParams`]): the interval in
//! milliseconds, `maxvisits` and `sliceplayouts`, each as a flag (0 none,
//! 1 some) and a 64-bit value in two halves: `[interval hi, lo, flag,
//! visits hi, lo, flag, slice hi, lo]`.
//!
//! **Live statistics** (a searcher → rank 0, `f64`s, [`encode_stats`]):
//!
//! | index | field |
//! |---|---|
//! | 0 | the round (the searcher's report interval, from 1); −1 acknowledges a stop |
//! | 1 | 1 when the searcher's analysis is finished, else 0 |
//! | 2, 3, 4 | side analysed (0 black, 1 white), komi, board size |
//! | 5, 6 | the root moves' prior visits, the root's ownership maps *c* |
//! | 7 | *o*, the number of ownership sums (0 or the points), then the *o* sums |
//! | 8 + *o* | *k*, the number of root moves, then per move: point (−1 pass), visits, wins, prior visits, ownership maps, ownership half units, variation length *l*, the *l* points |
//!
//! Every value is an integer below 2⁵³ except the wins, so the `f64`s
//! carry them exactly: one rank's statistics decode to what it sent.

use go_board::{Board, Color, Move, Point};
use go_fractal::{Choice, Objective, Source};
use go_position_analyzer::gtp::{LiveMove, LiveStats};

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
    /// Live analysis of the request's position (its colour analysed),
    /// with [`LiveParams`] in the next message.
    Analyze = 2,
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
    /// A live-statistics value out of range: its index.
    #[error("live statistics value {0} is out of range")]
    BadStat(usize),
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
            2 => Op::Analyze,
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

/// The length of live parameters.
pub const LIVE_PARAMS_LEN: usize = 8;

/// What the searchers need of a live-analysis request besides the
/// position: when to report, and how much to search.
///
/// ```
/// use go_mpi::wire::LiveParams;
/// let p = LiveParams { interval_ms: 1_000, max_visits: Some(400), slice_playouts: None };
/// assert_eq!(LiveParams::decode(&p.encode())?, p);
/// # Ok::<(), go_mpi::WireError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveParams {
    /// Milliseconds between reports.
    pub interval_ms: u64,
    /// Playouts per rank (`maxvisits`), if bounded.
    pub max_visits: Option<u64>,
    /// Playouts per search slice (`sliceplayouts`), if given.
    pub slice_playouts: Option<u64>,
}

fn halves(v: u64) -> [i32; 2] {
    [(v >> 32) as u32 as i32, v as u32 as i32]
}

fn whole(hi: i32, lo: i32) -> u64 {
    u64::from(hi as u32) << 32 | u64::from(lo as u32)
}

impl LiveParams {
    /// The parameters of a live-analysis request.
    #[must_use]
    pub fn of(request: &go_position_analyzer::gtp::LiveRequest) -> LiveParams {
        LiveParams {
            interval_ms: request.interval.as_millis().min(u128::from(u64::MAX)) as u64,
            max_visits: request.max_visits,
            slice_playouts: request.slice_playouts,
        }
    }

    /// A live-analysis request with these parameters (Leela's format,
    /// the side to move: the searchers format no lines).
    #[must_use]
    pub fn request(&self) -> go_position_analyzer::gtp::LiveRequest {
        use go_position_analyzer::gtp::{LiveFormat, LiveRequest};
        let mut r = LiveRequest::parse(LiveFormat::Leela, &[]).expect("no words parse");
        r.interval = std::time::Duration::from_millis(self.interval_ms.max(1));
        r.max_visits = self.max_visits;
        r.slice_playouts = self.slice_playouts;
        r
    }

    /// The parameters as integers.
    #[must_use]
    pub fn encode(&self) -> [i32; LIVE_PARAMS_LEN] {
        let [a, b] = halves(self.interval_ms);
        let [c, d] = halves(self.max_visits.unwrap_or(0));
        let [e, f] = halves(self.slice_playouts.unwrap_or(0));
        [
            a,
            b,
            i32::from(self.max_visits.is_some()),
            c,
            d,
            i32::from(self.slice_playouts.is_some()),
            e,
            f,
        ]
    }

    /// The parameters from their integers.
    ///
    /// # Errors
    /// [`WireError`] when the array is short or a flag is not 0 or 1.
    pub fn decode(v: &[i32]) -> Result<LiveParams, WireError> {
        if v.len() < LIVE_PARAMS_LEN {
            return Err(WireError::Truncated(v.len()));
        }
        let optional = |i: usize| match v[i] {
            0 => Ok(None),
            1 => Ok(Some(whole(v[i + 1], v[i + 2]))),
            x => Err(WireError::BadField(i, x)),
        };
        Ok(LiveParams {
            interval_ms: whole(v[0], v[1]),
            max_visits: optional(2)?,
            slice_playouts: optional(5)?,
        })
    }
}

/// One searcher's live statistics as floats: `round` (from 1), whether
/// its analysis is `finished`, and `stats` (see the [module docs](self)).
///
/// ```
/// use go_mpi::wire::{decode_stats, encode_stats};
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_position_analyzer::gtp::LiveStats;
/// let a = analyze(&go_board::Board::new(5)?, &AnalyzerOptions::default().with_playouts(200));
/// let stats = LiveStats::of(&a);
/// let (round, finished, back) = decode_stats(&encode_stats(3, true, &stats))?;
/// assert_eq!((round, finished, back), (3, true, stats));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn encode_stats(round: u64, finished: bool, stats: &LiveStats) -> Vec<f64> {
    let size = stats.size;
    let code = |m: Move| {
        m.point()
            .map_or(-1.0, |p| (p.row() * size + p.col()) as f64)
    };
    let mut out = vec![
        round as f64,
        f64::from(u8::from(finished)),
        f64::from(color_code(stats.to_play)),
        f64::from(stats.komi),
        size as f64,
        stats.prior_total as f64,
        stats.own_count as f64,
        stats.own_half.len() as f64,
    ];
    out.extend(stats.own_half.iter().map(|&v| v as f64));
    out.push(stats.moves.len() as f64);
    for m in &stats.moves {
        out.extend([
            code(m.mv),
            m.visits as f64,
            m.wins,
            m.prior_visits as f64,
            m.own_count as f64,
            m.own_half_total as f64,
            m.pv.len() as f64,
        ]);
        out.extend(m.pv.iter().map(|&mv| code(mv)));
    }
    out
}

/// A searcher's live statistics from their floats: the round, whether
/// the analysis is finished, the statistics.
///
/// # Errors
/// [`WireError::Truncated`] when the array is shorter than its counts
/// say, [`WireError::BadStat`] naming a value that is not a count, a
/// point or a colour of its board.
pub fn decode_stats(v: &[f64]) -> Result<(u64, bool, LiveStats), WireError> {
    let mut i = 0;
    let mut next = || -> Result<(usize, f64), WireError> {
        let x = *v.get(i).ok_or(WireError::Truncated(v.len()))?;
        i += 1;
        Ok((i - 1, x))
    };
    let count = |(i, x): (usize, f64)| -> Result<u64, WireError> {
        if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x < 9.0e15 {
            Ok(x as u64)
        } else {
            Err(WireError::BadStat(i))
        }
    };
    let round = count(next()?)?;
    let finished = next()?.1 != 0.0;
    let to_play = match next()? {
        (_, 0.0) => Color::Black,
        (_, 1.0) => Color::White,
        (i, _) => return Err(WireError::BadStat(i)),
    };
    let (ki, komi) = next()?;
    if !komi.is_finite() {
        return Err(WireError::BadStat(ki));
    }
    let (si, size) = next()?;
    let size = count((si, size))? as usize;
    if !(2..=25).contains(&size) {
        return Err(WireError::BadStat(si));
    }
    let prior_total = count(next()?)?;
    let own_count = count(next()?)?;
    let (oi, o) = next()?;
    let o = count((oi, o))? as usize;
    if o != 0 && o != size * size {
        return Err(WireError::BadStat(oi));
    }
    let own_half = (0..o)
        .map(|_| count(next()?))
        .collect::<Result<Vec<u64>, _>>()?;
    let point = |(i, x): (usize, f64)| -> Result<Move, WireError> {
        if x == -1.0 {
            return Ok(Move::Pass);
        }
        match count((i, x)) {
            Ok(n) if (n as usize) < size * size => {
                Ok(Move::Play(Point::new(n as usize % size, n as usize / size)))
            }
            _ => Err(WireError::BadStat(i)),
        }
    };
    let (mi, k) = next()?;
    let k = count((mi, k))?;
    if k > (size * size) as u64 + 1 {
        return Err(WireError::BadStat(mi));
    }
    let mut moves = Vec::with_capacity(k as usize);
    for _ in 0..k {
        let mv = point(next()?)?;
        let visits = count(next()?)?;
        let (wi, wins) = next()?;
        if !wins.is_finite() {
            return Err(WireError::BadStat(wi));
        }
        let prior_visits = count(next()?)?;
        let own_count = count(next()?)?;
        let own_half_total = count(next()?)?;
        let (li, l) = next()?;
        let l = count((li, l))?;
        if l > 1_000 {
            return Err(WireError::BadStat(li));
        }
        let pv = (0..l)
            .map(|_| point(next()?))
            .collect::<Result<Vec<Move>, _>>()?;
        moves.push(LiveMove {
            mv,
            visits,
            wins,
            prior_visits,
            own_count,
            own_half_total,
            pv,
        });
    }
    Ok((
        round,
        finished,
        LiveStats {
            size,
            to_play,
            komi: komi as f32,
            moves,
            prior_total,
            own_count,
            own_half,
        },
    ))
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
    fn damaged_live_statistics_are_errors_not_panics() {
        let board = Board::new(5).unwrap();
        let a = go_position_analyzer::analyze(
            &board,
            &go_position_analyzer::AnalyzerOptions::default().with_playouts(100),
        );
        let good = encode_stats(1, false, &LiveStats::of(&a));
        for n in 0..good.len() {
            assert_eq!(decode_stats(&good[..n]), Err(WireError::Truncated(n)));
        }
        for (i, bad) in [(2, 7.0), (4, 40.0), (5, -1.0), (7, 3.0), (6, f64::NAN)] {
            let mut v = good.clone();
            v[i] = bad;
            assert_eq!(decode_stats(&v), Err(WireError::BadStat(i)), "{i}");
        }
        let first_move = 9 + 25;
        let mut v = good;
        v[first_move] = 25.0; // off the 5×5 board
        assert_eq!(decode_stats(&v), Err(WireError::BadStat(first_move)));
        assert!(LiveParams::decode(&[0, 5, 2, 0, 0, 0, 0, 0]).is_err());
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
