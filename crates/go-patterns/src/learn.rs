//! Learning move-pattern statistics from game records (survey §6.4:
//! offline learning "from a game database"; the thesis's §6.2 learns one
//! taught position at a time, see [`PatternBase`](crate::PatternBase)).
//!
//! For every move of every game, the feature (such as the 3×3
//! neighbourhood with atari flags) of **every legal move** is counted as
//! *seen*, and that of the **played move** as *played*. A pattern's
//! move-pattern probability is the share of its appearances that were
//! played, `played / seen`, smoothed towards the overall rate
//! `r = Σ played / Σ seen` with one pseudo-observation:
//! `(played + r) / (seen + 1)`, so an unseen pattern scores `r`.
//!
//! Ranking a position's legal moves by that probability predicts the
//! played move; [`evaluate`] measures it on held-out games as top-k
//! accuracy, counting ties as a random order would (a move tied with `t`
//! others scores `1/(t+1)` of a hit on average).
//!
//! Games replay on a [`Board`] with simple ko and no suicide; a ko
//! recapture recorded in the file is replayed by lifting the ban (as
//! `go_board`'s `loadsgf` does), and a game stops at a move it cannot
//! replay (suicide, occupied point).
//!
//! ```
//! use go_board::sgf::GameRecord;
//! use go_patterns::learn::{Neighbourhood3x3, learn, evaluate};
//! let games: Vec<GameRecord> = ["(;SZ[9];B[ee];W[ce];B[cd];W[de];B[dd];W[ef])"]
//!     .iter()
//!     .map(|t| t.parse())
//!     .collect::<Result<_, _>>()?;
//! let feature = Neighbourhood3x3 { atari: true };
//! let stats = learn(&feature, &games);
//! assert_eq!(stats.num_moves(), 6);
//! let accuracy = evaluate(&feature, &stats, &games);
//! assert!(accuracy.top(5) >= accuracy.top(1));
//! # Ok::<(), go_board::sgf::SgfError>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use go_board::sgf::{GameEvent, GameRecord, SgfError, fixed_handicap};
use go_board::{Board, Color, Move, PlayError, Point, PointSet};
use rayon::prelude::*;

use crate::hash3x3::Code3x3;

/// What is learned about a candidate move: a key computed from the
/// position before it is played.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::learn::{MoveFeature, Neighbourhood3x3};
/// let board = Board::from_diagram(". X .\n. . .\n. . .")?;
/// let f = Neighbourhood3x3 { atari: false };
/// // The same shape for White to play, turned and colour-swapped, has the same key.
/// let turned = Board::from_diagram(". . .\nO . .\n. . .")?;
/// assert_eq!(f.key(&board, "B2".parse()?, Color::Black), f.key(&turned, "B2".parse()?, Color::White));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait MoveFeature: Sync {
    /// The key patterns are counted by.
    type Key: Copy + Eq + Hash + Ord + Send + Sync + fmt::Debug;

    /// The key of `to_play` playing at the empty point `p`.
    fn key(&self, board: &Board, p: Point, to_play: Color) -> Self::Key;
}

/// The MoGo-style 3×3 neighbourhood, seen from the side to move (colours
/// swapped for White) and reduced to its canonical form under the eight
/// symmetries; optionally with the atari flags of the four neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Neighbourhood3x3 {
    /// Whether the key includes the atari flags.
    pub atari: bool,
}

impl MoveFeature for Neighbourhood3x3 {
    type Key = Code3x3;

    #[inline]
    fn key(&self, board: &Board, p: Point, to_play: Color) -> Code3x3 {
        let code = if self.atari {
            Code3x3::with_atari(board, p)
        } else {
            Code3x3::at(board, p)
        };
        canonical_3x3(code.for_player(to_play))
    }
}

/// [`Code3x3::canonical`] through a table of all 2^20 codes, built on
/// first use (about 8 million symmetry images, once per process): learning
/// asks for millions of keys.
pub(crate) fn canonical_3x3(code: Code3x3) -> Code3x3 {
    static TABLE: OnceLock<Box<[u32]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..crate::hash3x3::NUM_CODES as u32)
            .into_par_iter()
            .map(|bits| Code3x3::from_bits(bits).canonical().bits())
            .collect::<Vec<u32>>()
            .into_boxed_slice()
    });
    Code3x3::from_bits(table[code.bits() as usize])
}

/// How often a pattern was available and how often it was played.
///
/// ```
/// use go_patterns::learn::Counts;
/// let c = Counts { played: 3, seen: 10 };
/// assert_eq!(c.rate(), 0.3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Times a legal move had this pattern and was played.
    pub played: u64,
    /// Times a legal move had this pattern.
    pub seen: u64,
}

impl Counts {
    /// The raw rate `played / seen` (0 when never seen).
    #[must_use]
    pub fn rate(self) -> f64 {
        if self.seen == 0 {
            0.0
        } else {
            self.played as f64 / self.seen as f64
        }
    }
}

/// Pattern statistics learned from games.
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::learn::{Neighbourhood3x3, learn};
/// let game: GameRecord = "(;SZ[9];B[ee];W[ef])".parse()?;
/// let stats = learn(&Neighbourhood3x3::default(), &[game]);
/// assert_eq!((stats.num_games(), stats.num_moves()), (1, 2));
/// let (top, counts, p) = stats.top(1, 1)[0];
/// assert_eq!(counts.played, 1);
/// assert!(p > stats.base_rate());
/// # let _ = top;
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PatternStats<K> {
    counts: HashMap<K, Counts>,
    games: usize,
    moves: u64,
    seen: u64,
    stopped: usize,
}

impl<K: Copy + Eq + Hash + Ord> Default for PatternStats<K> {
    fn default() -> Self {
        PatternStats {
            counts: HashMap::new(),
            games: 0,
            moves: 0,
            seen: 0,
            stopped: 0,
        }
    }
}

impl<K: Copy + Eq + Hash + Ord> PatternStats<K> {
    /// No statistics.
    ///
    /// ```
    /// use go_patterns::{Code3x3, learn::PatternStats};
    /// assert_eq!(PatternStats::<Code3x3>::new().num_patterns(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        PatternStats::default()
    }

    /// Adds one game; returns the number of moves counted.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// use go_patterns::learn::{Neighbourhood3x3, PatternStats};
    /// let mut stats = PatternStats::new();
    /// let n = stats.add_game(&Neighbourhood3x3::default(), &"(;SZ[9];B[aa];W[])".parse::<GameRecord>()?);
    /// assert_eq!(n, 1); // passes are not moves to learn from
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    pub fn add_game<F: MoveFeature<Key = K>>(&mut self, feature: &F, record: &GameRecord) -> u64 {
        let mut counted = 0;
        let outcome = replay(record, |board, color, played, legal| {
            for p in legal.iter() {
                self.counts
                    .entry(feature.key(board, p, color))
                    .or_default()
                    .seen += 1;
            }
            self.counts
                .entry(feature.key(board, played, color))
                .or_default()
                .played += 1;
            self.seen += legal.len() as u64;
            counted += 1;
        });
        self.games += 1;
        self.moves += counted;
        if outcome.is_err() {
            self.stopped += 1;
        }
        counted
    }

    /// Adds another set of statistics to this one.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// use go_patterns::learn::{Neighbourhood3x3, PatternStats};
    /// let f = Neighbourhood3x3::default();
    /// let game: GameRecord = "(;SZ[9];B[ee])".parse()?;
    /// let (mut a, mut b) = (PatternStats::new(), PatternStats::new());
    /// a.add_game(&f, &game);
    /// b.add_game(&f, &game);
    /// a.merge(b);
    /// assert_eq!(a.num_moves(), 2);
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    pub fn merge(&mut self, other: PatternStats<K>) {
        for (k, c) in other.counts {
            let e = self.counts.entry(k).or_default();
            e.played += c.played;
            e.seen += c.seen;
        }
        self.games += other.games;
        self.moves += other.moves;
        self.seen += other.seen;
        self.stopped += other.stopped;
    }

    /// Games added.
    #[must_use]
    pub fn num_games(&self) -> usize {
        self.games
    }

    /// Games that stopped before their end (a move that could not be
    /// replayed).
    #[must_use]
    pub fn num_stopped(&self) -> usize {
        self.stopped
    }

    /// Moves counted.
    #[must_use]
    pub fn num_moves(&self) -> u64 {
        self.moves
    }

    /// Distinct patterns seen.
    #[must_use]
    pub fn num_patterns(&self) -> usize {
        self.counts.len()
    }

    /// The counts of one pattern.
    #[must_use]
    pub fn counts(&self, key: K) -> Counts {
        self.counts.get(&key).copied().unwrap_or_default()
    }

    /// The overall rate: moves played per legal move seen.
    #[must_use]
    pub fn base_rate(&self) -> f64 {
        if self.seen == 0 {
            0.0
        } else {
            self.moves as f64 / self.seen as f64
        }
    }

    /// The smoothed move-pattern probability (see the [module
    /// documentation](self)).
    #[must_use]
    pub fn probability(&self, key: K) -> f64 {
        let c = self.counts(key);
        (c.played as f64 + self.base_rate()) / (c.seen as f64 + 1.0)
    }

    /// The `n` most probable patterns among those seen at least
    /// `min_seen` times, best first (ties by key).
    #[must_use]
    pub fn top(&self, n: usize, min_seen: u64) -> Vec<(K, Counts, f64)> {
        let mut all: Vec<(K, Counts, f64)> = self
            .counts
            .iter()
            .filter(|(_, c)| c.seen >= min_seen)
            .map(|(&k, &c)| (k, c, self.probability(k)))
            .collect();
        all.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
        all.truncate(n);
        all
    }
}

/// Learns statistics from `games` in parallel (rayon).
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::learn::{Neighbourhood3x3, learn};
/// let games: Vec<GameRecord> = vec!["(;SZ[9];B[ee];W[ef])".parse()?; 4];
/// let stats = learn(&Neighbourhood3x3 { atari: true }, &games);
/// assert_eq!(stats.num_moves(), 8);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[must_use]
pub fn learn<F: MoveFeature>(feature: &F, games: &[GameRecord]) -> PatternStats<F::Key> {
    games
        .par_iter()
        .fold(PatternStats::new, |mut stats, game| {
            stats.add_game(feature, game);
            stats
        })
        .reduce(PatternStats::new, |mut a, b| {
            a.merge(b);
            a
        })
}

/// How well ranking legal moves by learned probability predicts the
/// played move.
///
/// ```
/// use go_patterns::learn::Accuracy;
/// let a = Accuracy::default();
/// assert_eq!(a.top(1), 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    /// Moves predicted.
    pub moves: u64,
    /// Expected hits within the first 1, 2, …, 10 (ties in random order).
    pub hits: [f64; 10],
    /// Sum of the played move's expected rank (1 = first).
    pub rank_sum: f64,
    /// Sum over moves of `1 / number of legal moves` (a uniform guess's
    /// top-1 hits), for comparison.
    pub uniform_hits: f64,
}

impl Accuracy {
    /// The share of moves found within the first `k` (1..=10).
    #[must_use]
    pub fn top(&self, k: usize) -> f64 {
        if self.moves == 0 || k == 0 {
            return 0.0;
        }
        self.hits[k.min(10) - 1] / self.moves as f64
    }

    /// The played move's mean expected rank.
    #[must_use]
    pub fn mean_rank(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.rank_sum / self.moves as f64
        }
    }

    /// A uniform random guess's top-1 accuracy on the same moves.
    #[must_use]
    pub fn uniform_top1(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.uniform_hits / self.moves as f64
        }
    }

    /// Counts one prediction: the scores of every candidate move (the
    /// played one included) and the played move's score; higher is
    /// predicted first, ties in random order.
    ///
    /// ```
    /// use go_patterns::learn::Accuracy;
    /// let mut a = Accuracy::default();
    /// a.record(&[3.0, 1.0, 1.0, 0.5], 1.0); // second or third
    /// assert_eq!(a.top(1), 0.0);
    /// assert_eq!(a.top(2), 0.5);
    /// assert_eq!(a.mean_rank(), 2.5);
    /// ```
    pub fn record(&mut self, scores: &[f64], played: f64) {
        let higher = scores.iter().filter(|&&s| s > played).count() as f64;
        let equal = scores.iter().filter(|&&s| s == played).count().max(1) as f64;
        for (k, hit) in self.hits.iter_mut().enumerate() {
            *hit += ((k as f64 + 1.0 - higher) / equal).clamp(0.0, 1.0);
        }
        self.rank_sum += higher + (equal + 1.0) / 2.0;
        self.uniform_hits += 1.0 / scores.len().max(1) as f64;
        self.moves += 1;
    }

    /// The counts of both.
    ///
    /// ```
    /// use go_patterns::learn::Accuracy;
    /// let mut a = Accuracy::default();
    /// a.record(&[1.0], 1.0);
    /// assert_eq!(a.merge(a).moves, 2);
    /// ```
    #[must_use]
    pub fn merge(mut self, other: Accuracy) -> Accuracy {
        self.moves += other.moves;
        for (a, b) in self.hits.iter_mut().zip(other.hits) {
            *a += b;
        }
        self.rank_sum += other.rank_sum;
        self.uniform_hits += other.uniform_hits;
        self
    }
}

impl fmt::Display for Accuracy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} moves: top-1 {:.1}%, top-5 {:.1}%, top-10 {:.1}%, mean rank {:.1} (uniform top-1 {:.2}%)",
            self.moves,
            100.0 * self.top(1),
            100.0 * self.top(5),
            100.0 * self.top(10),
            self.mean_rank(),
            100.0 * self.uniform_top1()
        )
    }
}

/// Measures `stats` predicting the moves of `games` (in parallel).
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::learn::{Neighbourhood3x3, evaluate, learn};
/// let f = Neighbourhood3x3::default();
/// let games: Vec<GameRecord> = vec!["(;SZ[9];B[ee])".parse()?];
/// let accuracy = evaluate(&f, &learn(&f, &games), &games);
/// assert_eq!(accuracy.moves, 1);
/// assert_eq!(accuracy.top(1), 1.0 / 49.0); // all 49 inner points look the same
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[must_use]
pub fn evaluate<F: MoveFeature>(
    feature: &F,
    stats: &PatternStats<F::Key>,
    games: &[GameRecord],
) -> Accuracy {
    games
        .par_iter()
        .map(|game| {
            let mut acc = Accuracy::default();
            let mut scores = Vec::new();
            let _ = replay(game, |board, color, played, legal| {
                scores.clear();
                scores.extend(
                    legal
                        .iter()
                        .map(|p| stats.probability(feature.key(board, p, color))),
                );
                let mine = stats.probability(feature.key(board, played, color));
                acc.record(&scores, mine);
            });
            acc
        })
        .reduce(Accuracy::default, Accuracy::merge)
}

/// Why a game's replay stopped early.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// A move the board refused.
    #[error("move {number} ({color} {point}) cannot be replayed: {source}")]
    Illegal {
        /// The move's number, from 1.
        number: u32,
        /// Its colour.
        color: Color,
        /// Its point.
        point: Point,
        /// Why.
        source: PlayError,
    },
    /// Setup stones that leave a block without liberties.
    #[error("setup before move {0} leaves a block without liberties")]
    Setup(u32),
}

/// Replays the main line of `record`, calling `visit(board, colour, point,
/// legal moves)` before each stone played on a point that is legal there.
/// Passes are skipped.
///
/// # Errors
/// [`ReplayError`] for a move or setup that cannot be replayed; the moves
/// before it were visited.
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::learn::replay;
/// let game: GameRecord = "(;SZ[5];B[cc];W[];B[dd])".parse()?;
/// let mut seen = Vec::new();
/// replay(&game, |_, color, p, legal| seen.push((color, p, legal.len())))?;
/// assert_eq!(seen.len(), 2);
/// assert_eq!(seen[1].2, 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(
    record: &GameRecord,
    mut visit: impl FnMut(&Board, Color, Point, &PointSet),
) -> Result<(), ReplayError> {
    replay_moves(record, |board, color, mv, legal| {
        if let Move::Play(p) = mv {
            visit(board, color, p, legal);
        }
    })
}

/// Replays the main line of `record` as [`replay`] does, calling
/// `visit(board, colour, move, legal points)` before each pass too.
///
/// # Errors
/// [`ReplayError`] for a move or setup that cannot be replayed.
///
/// ```
/// use go_board::Move;
/// use go_board::sgf::GameRecord;
/// use go_patterns::learn::replay_moves;
/// let game: GameRecord = "(;SZ[5];B[cc];W[];B[dd])".parse()?;
/// let mut passes = 0;
/// replay_moves(&game, |_, _, mv, _| passes += usize::from(mv == Move::Pass))?;
/// assert_eq!(passes, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_moves(
    record: &GameRecord,
    mut visit: impl FnMut(&Board, Color, Move, &PointSet),
) -> Result<(), ReplayError> {
    let mut board = Board::with_geometry(record.geometry(), go_board::Rules::default());
    let handicap = record.info.handicap.unwrap_or(0);
    let mut number = 0u32;
    for event in record.events() {
        match event {
            GameEvent::Setup { color, points } => {
                board
                    .setup(points.iter().map(|&p| (p, *color)))
                    .map_err(|_| ReplayError::Setup(number + 1))?;
            }
            GameEvent::ToPlay(_) => {}
            GameEvent::Move(color, mv) => {
                number += 1;
                let empty = board.stones_of(Color::Black).is_empty()
                    && board.stones_of(Color::White).is_empty();
                if *color == Color::White && empty && handicap >= 2 {
                    let stones = fixed_handicap(board.geometry(), handicap);
                    board
                        .setup(stones.into_iter().map(|p| (p, Some(Color::Black))))
                        .map_err(|_| ReplayError::Setup(number))?;
                }
                let Move::Play(p) = *mv else {
                    visit(&board, *color, Move::Pass, &board.legal_moves(*color));
                    board.pass_as(*color);
                    continue;
                };
                let legal = board.legal_moves(*color);
                if legal.contains(p) {
                    visit(&board, *color, *mv, &legal);
                }
                let mut result = board.play(*color, p);
                if let Err(PlayError::Ko(_)) = result {
                    // A ko recapture in the file: lift the ban and replay it.
                    board
                        .setup(std::iter::empty())
                        .map_err(|_| ReplayError::Setup(number))?;
                    result = board.play(*color, p);
                }
                if let Err(source) = result {
                    return Err(ReplayError::Illegal {
                        number,
                        color: *color,
                        point: p,
                        source,
                    });
                }
            }
        }
    }
    Ok(())
}

/// Game records read from a folder.
#[derive(Debug, Default)]
pub struct GameCollection {
    /// The games read, with their paths, sorted by path.
    pub games: Vec<(PathBuf, GameRecord)>,
    /// Files that could not be read as SGF, with the reason.
    pub skipped: Vec<(PathBuf, SgfError)>,
}

impl GameCollection {
    /// Reads every `.sgf` file under `dir` (recursively), in parallel.
    ///
    /// # Errors
    /// The I/O error if `dir` cannot be listed.
    ///
    /// ```
    /// use go_patterns::learn::GameCollection;
    /// let dir = std::env::temp_dir().join("go-patterns-doc-games");
    /// std::fs::create_dir_all(&dir)?;
    /// std::fs::write(dir.join("a.sgf"), "(;SZ[9];B[ee])")?;
    /// std::fs::write(dir.join("b.sgf"), "not sgf")?;
    /// let games = GameCollection::read_dir(&dir)?;
    /// assert_eq!((games.games.len(), games.skipped.len()), (1, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read_dir(dir: impl AsRef<Path>) -> std::io::Result<GameCollection> {
        // The folder itself must be readable; unreadable subfolders are skipped.
        std::fs::read_dir(dir.as_ref())?;
        let files = go_board::sgf::sgf_files(dir);
        let read: Vec<(PathBuf, Result<GameRecord, SgfError>)> = files
            .into_par_iter()
            .map(|path| {
                let record = GameRecord::read_file(&path);
                (path, record)
            })
            .collect();
        let mut out = GameCollection::default();
        for (path, record) in read {
            match record {
                Ok(r) => out.games.push((path, r)),
                Err(e) => out.skipped.push((path, e)),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_legal_move_and_the_played_one() {
        let game: GameRecord = "(;SZ[9];B[ee];W[ef];B[])".parse().unwrap();
        let f = Neighbourhood3x3 { atari: false };
        let stats = learn(&f, &[game]);
        // 81 legal moves before Black's, 80 before White's; the pass is
        // not counted.
        assert_eq!(stats.num_moves(), 2);
        assert_eq!(stats.base_rate(), 2.0 / 161.0);
        // Black's move: the empty 3×3 that all 49 inner points show.
        let empty = Code3x3::default();
        assert_eq!(stats.counts(empty).played, 1);
        // Inner points: 49 before Black's move, 49 − 9 before White's
        // (the stone and its 8 neighbours no longer look empty).
        assert_eq!(stats.counts(empty).seen, 49 + 40);
        let total_seen: u64 = stats.counts.values().map(|c| c.seen).sum();
        assert_eq!(total_seen, 161);
    }

    #[test]
    fn handicap_stones_are_placed_before_white_moves() {
        let game: GameRecord = "(;SZ[9]HA[2];W[ee])".parse().unwrap();
        let mut legal = 0;
        replay(&game, |board, color, _, l| {
            assert_eq!(color, Color::White);
            assert_eq!(board.stones_of(Color::Black).len(), 2);
            legal = l.len();
        })
        .unwrap();
        assert_eq!(legal, 79);
    }
}
