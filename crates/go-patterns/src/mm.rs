//! Training a [`MoveModel`] from game records by minorization–maximization
//! (Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go",
//! 2007, §2.3), and measuring its move prediction on other games.
//!
//! Every position of every game is a competition between all legal moves
//! (and the pass); the move played wins. Each feature value `i` has a
//! strength γ_i, and MM updates one feature's values at a time:
//! `γ_i ← (W_i + a) / (Σ_j C_ij / E_j + 2a / (γ_i + 1))`, where `W_i` counts
//! the wins of moves with value `i`, `E_j` is the total strength of
//! position `j`'s moves, `C_ij` the total strength of its moves with value
//! `i` divided by γ_i, and `a` virtual wins and losses against a γ = 1
//! opponent keep rare values near 1 (Coulom's prior).
//!
//! Shapes (3×3 codes with atari flags, up to symmetry) get their own γ
//! when they appear among the candidate moves at least
//! [`TrainOptions::min_shape_seen`] times; others keep γ = 1. Large shapes
//! (the [diamonds](crate::spatial) of radius 2–4) get their own γ when the
//! move played shows them at least [`TrainOptions::min_spatial_played`]
//! times (the spatial dictionary of Stern et al. and Pachi: shapes that
//! are played); each candidate counts the largest one it shows, as the
//! model rates it.
//!
//! ```
//! use go_board::sgf::GameRecord;
//! use go_patterns::mm::{TrainOptions, evaluate_model, train};
//! let games: Vec<GameRecord> = ["(;SZ[9];B[ee];W[ec];B[dc];W[dd];B[cd];W[ed];B[de])"]
//!     .iter()
//!     .map(|t| t.parse())
//!     .collect::<Result<_, _>>()?;
//! let options = TrainOptions::default().with_min_shape_seen(1);
//! let report = train(&games, &options);
//! assert_eq!(report.positions, 7);
//! let accuracy = evaluate_model(&report.model, &games);
//! assert!(accuracy.top(5) > 5.0 * accuracy.uniform_top1());
//! # Ok::<(), go_board::sgf::SgfError>(())
//! ```

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use go_board::sgf::GameRecord;
use go_board::{Board, Color, Move, PlayoutBoard, Point, PointSet};
use rayon::prelude::*;

use crate::features::{Feature, LastMoves, MoveFeatures};
use crate::hash3x3::Code3x3;
use crate::learn::{Accuracy, ReplayError, canonical_3x3, replay_moves};
use crate::model::MoveModel;
use crate::spatial::SpatialHashes;

/// The knobs of [`train`].
///
/// ```
/// use go_patterns::mm::TrainOptions;
/// assert!(TrainOptions::default().iterations > 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct TrainOptions {
    /// MM iterations (each updates every feature once).
    pub iterations: usize,
    /// Shapes seen fewer times among the candidate moves keep γ = 1.
    pub min_shape_seen: u64,
    /// Virtual wins and losses of every value against a γ = 1 opponent.
    pub prior: f64,
    /// Large shapes played fewer times keep no γ of their own; 0 learns
    /// no large shapes at all.
    pub min_spatial_played: u64,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            iterations: 30,
            min_shape_seen: 10,
            prior: 1.0,
            min_spatial_played: 3,
        }
    }
}

impl TrainOptions {
    /// Sets [`iterations`](Self::iterations).
    ///
    /// ```
    /// use go_patterns::mm::TrainOptions;
    /// assert_eq!(TrainOptions::default().with_iterations(5).iterations, 5);
    /// ```
    #[must_use]
    pub fn with_iterations(mut self, iterations: usize) -> Self {
        self.iterations = iterations;
        self
    }

    /// Sets [`min_shape_seen`](Self::min_shape_seen).
    ///
    /// ```
    /// use go_patterns::mm::TrainOptions;
    /// assert_eq!(TrainOptions::default().with_min_shape_seen(1).min_shape_seen, 1);
    /// ```
    #[must_use]
    pub fn with_min_shape_seen(mut self, min_shape_seen: u64) -> Self {
        self.min_shape_seen = min_shape_seen;
        self
    }

    /// Sets [`prior`](Self::prior).
    ///
    /// ```
    /// use go_patterns::mm::TrainOptions;
    /// assert_eq!(TrainOptions::default().with_prior(0.5).prior, 0.5);
    /// ```
    #[must_use]
    pub fn with_prior(mut self, prior: f64) -> Self {
        self.prior = prior;
        self
    }

    /// Sets [`min_spatial_played`](Self::min_spatial_played).
    ///
    /// ```
    /// use go_patterns::mm::TrainOptions;
    /// assert_eq!(TrainOptions::default().with_min_spatial_played(0).min_spatial_played, 0);
    /// ```
    #[must_use]
    pub fn with_min_spatial_played(mut self, min_spatial_played: u64) -> Self {
        self.min_spatial_played = min_spatial_played;
        self
    }
}

/// What [`train`] produced.
#[derive(Clone, Debug)]
pub struct TrainReport {
    /// The model.
    pub model: MoveModel,
    /// Games replayed.
    pub games: usize,
    /// Positions (competitions).
    pub positions: u64,
    /// Candidate moves over all positions.
    pub candidates: u64,
    /// Mean log-likelihood of the played move per position, before each
    /// iteration and after the last.
    pub log_likelihood: Vec<f64>,
}

/// Whether `record` is a whole game: a square board, no setup stones, no
/// handicap (problem files and handicap games are left out of training).
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::mm::is_whole_game;
/// assert!(is_whole_game(&"(;SZ[9];B[ee])".parse()?));
/// assert!(!is_whole_game(&"(;SZ[9]AB[aa];W[ee])".parse()?));
/// assert!(!is_whole_game(&"(;SZ[9]HA[2];W[ee])".parse()?));
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[must_use]
pub fn is_whole_game(record: &GameRecord) -> bool {
    record.is_from_empty_board()
        && record.geometry().is_square()
        && record.info.handicap.unwrap_or(0) == 0
}

/// The files the `loadsgf` lines (`loadsgf FILE`, or with a command id
/// first) of every `*.tst` regression suite under `dirs` load, as canonical
/// paths: positions the suites measure players on, to keep out of training.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("go-patterns-suites-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("games"))?;
/// std::fs::write(dir.join("games/a.sgf"), "(;SZ[9])")?;
/// std::fs::write(dir.join("s.tst"), "loadsgf games/a.sgf 20\n1 genmove b\n")?;
/// let files = go_patterns::mm::suite_files(&[dir.clone()]);
/// assert!(files.contains(&dir.join("games/a.sgf").canonicalize()?));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[must_use]
pub fn suite_files(dirs: &[PathBuf]) -> HashSet<PathBuf> {
    let mut out = HashSet::new();
    let mut stack: Vec<PathBuf> = dirs.to_vec();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "tst") {
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for line in text.lines() {
                    let words: Vec<&str> = line.split_whitespace().take(3).collect();
                    let file = match words.as_slice() {
                        ["loadsgf", file, ..] | [_, "loadsgf", file] => Some(*file),
                        _ => None,
                    };
                    if let Some(p) = file.and_then(|f| dir.join(f).canonicalize().ok()) {
                        out.insert(p);
                    }
                }
            }
        }
    }
    out
}

/// The move model's games under the SGF folders `dirs`, split as
/// [`split_games`] does, leaving out every file a `*.tst` suite under
/// `suite_dirs` loads ([`suite_files`]): what `train_move_model` trains on
/// and holds out.
///
/// # Errors
/// A folder of `dirs` that cannot be listed, named in the error.
pub fn model_games(
    dirs: &[PathBuf],
    suite_dirs: &[PathBuf],
) -> std::io::Result<(Vec<GameRecord>, Vec<GameRecord>)> {
    let mut games = Vec::new();
    for dir in dirs {
        let collection = crate::learn::GameCollection::read_dir(dir)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        games.extend(collection.games);
    }
    Ok(split_games(games, &suite_files(suite_dirs)))
}

/// The move model's games from a collection: whole games
/// ([`is_whole_game`]) of 20 moves or more that no suite loads
/// (`excluded`, see [`suite_files`]), in path order, split into the even
/// ones (to train) and the odd ones (held out). Training and measuring
/// with this one split keeps the held-out games unseen.
#[must_use]
pub fn split_games(
    mut games: Vec<(PathBuf, GameRecord)>,
    excluded: &HashSet<PathBuf>,
) -> (Vec<GameRecord>, Vec<GameRecord>) {
    games.sort_by(|a, b| a.0.cmp(&b.0));
    let kept = games.into_iter().filter(|(path, g)| {
        is_whole_game(g)
            && g.num_moves() >= 20
            && !path.canonicalize().is_ok_and(|p| excluded.contains(&p))
    });
    let (train, held): (Vec<_>, Vec<_>) = kept.enumerate().partition(|(i, _)| i % 2 == 0);
    (
        train.into_iter().map(|(_, (_, g))| g).collect(),
        held.into_iter().map(|(_, (_, g))| g).collect(),
    )
}

/// Replays `record` and calls `visit(board, colour, last moves, move
/// played, legal points)` before each move that can be replayed (passes
/// included), the board as a [`PlayoutBoard`].
///
/// # Errors
/// [`ReplayError`] for a move that cannot be replayed; the moves before
/// it were visited.
///
/// ```
/// use go_board::Move;
/// use go_board::sgf::GameRecord;
/// use go_patterns::mm::for_each_position;
/// let game: GameRecord = "(;SZ[5];B[cc];W[dd];B[])".parse()?;
/// let mut lasts = Vec::new();
/// for_each_position(&game, |_, _, recent, _, _| lasts.push(recent.last))?;
/// assert_eq!(lasts, [None, Some("C3".parse()?), Some("D2".parse()?)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn for_each_position(
    record: &GameRecord,
    mut visit: impl FnMut(&PlayoutBoard, Color, LastMoves, Move, &PointSet),
) -> Result<(), ReplayError> {
    replay_moves(record, |board: &Board, color, mv, legal| {
        let mut history = board.moves().rev().map(|(_, m)| match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        });
        let last = history.next().flatten();
        let second = history.next().flatten();
        let playout = PlayoutBoard::from(board);
        visit(&playout, color, LastMoves { last, second }, mv, legal);
    })
}

/// Measures `model` predicting the stone moves of `games` among the legal
/// points (the pass aside), in parallel.
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::MoveModel;
/// use go_patterns::mm::evaluate_model;
/// let games: Vec<GameRecord> = vec!["(;SZ[9];B[ee])".parse()?];
/// let a = evaluate_model(&MoveModel::uniform(), &games);
/// assert_eq!(a.top(1), 1.0 / 81.0);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[must_use]
pub fn evaluate_model(model: &MoveModel, games: &[GameRecord]) -> Accuracy {
    evaluate_scores(games, |board, color, recent, points, scores| {
        scores.extend(
            points
                .iter()
                .map(|&p| f64::from(model.rate(board, color, p, recent))),
        );
    })
}

/// Measures any move scorer predicting the stone moves of `games`:
/// `score(board, colour, last moves, legal points, scores)` appends one
/// score per point (higher first, ties in random order).
///
/// ```
/// use go_board::sgf::GameRecord;
/// use go_patterns::mm::evaluate_scores;
/// let games: Vec<GameRecord> = vec!["(;SZ[9];B[ee])".parse()?];
/// // The centre first.
/// let a = evaluate_scores(&games, |board, _, _, points, scores| {
///     scores.extend(points.iter().map(|&p| board.geometry().line(p) as f64));
/// });
/// assert_eq!(a.top(1), 1.0);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[must_use]
pub fn evaluate_scores<S>(games: &[GameRecord], score: S) -> Accuracy
where
    S: Fn(&PlayoutBoard, Color, LastMoves, &[Point], &mut Vec<f64>) + Sync,
{
    games
        .par_iter()
        .map(|game| {
            let mut acc = Accuracy::default();
            let (mut points, mut scores) = (Vec::new(), Vec::new());
            let _ = for_each_position(game, |board, color, recent, mv, legal| {
                let Move::Play(played) = mv else {
                    return;
                };
                points.clear();
                points.extend(legal.iter());
                scores.clear();
                score(board, color, recent, &points, &mut scores);
                let i = points.iter().position(|&p| p == played).unwrap_or(0);
                let mine = scores.get(i).copied().unwrap_or(f64::NEG_INFINITY);
                acc.record(&scores, mine);
            });
            acc
        })
        .reduce(Accuracy::default, Accuracy::merge)
}

/// A position's candidates as packed features and large shape id (or
/// `u32::MAX`) with multiplicities, and the index of the one played.
struct Competition {
    candidates: Vec<((u128, u32), u32)>,
    played: usize,
}

/// Large shapes the training knows: canonical hash → (radius index, id).
type SpatialIds = HashMap<u64, (u8, u32)>;

/// How often the moves played in `game` show each diamond: (radius
/// index, hash) → count.
fn played_spatial(game: &GameRecord) -> HashMap<(u8, u64), u64> {
    let mut out = HashMap::new();
    let _ = for_each_position(game, |board, color, _, mv, _| {
        if let Move::Play(p) = mv {
            let h = SpatialHashes::of_point(board, color, p);
            for (i, &hash) in h.0.iter().enumerate() {
                *out.entry((i as u8, hash)).or_default() += 1;
            }
        }
    });
    out
}

/// The id of the largest known diamond around `color` playing `p`.
fn spatial_id(known: &SpatialIds, board: &PlayoutBoard, color: Color, p: Point) -> u32 {
    if known.is_empty() {
        return u32::MAX;
    }
    let h = SpatialHashes::of_point(board, color, p);
    (0..h.0.len())
        .rev()
        .find_map(|i| match known.get(&h.0[i]) {
            Some(&(r, id)) if usize::from(r) == i => Some(id),
            _ => None,
        })
        .unwrap_or(u32::MAX)
}

fn competitions(game: &GameRecord, known: &SpatialIds) -> Vec<Competition> {
    let mut out = Vec::new();
    let mut keys = Vec::new();
    let _ = for_each_position(game, |board, color, recent, mv, legal| {
        let key = |p: Point| {
            let f = MoveFeatures::of_point(board, color, p, recent);
            (
                canonical_features(f).packed(),
                spatial_id(known, board, color, p),
            )
        };
        keys.clear();
        keys.extend(legal.iter().map(key));
        let pass = (
            MoveFeatures::pass(board.consecutive_passes() > 0).packed(),
            u32::MAX,
        );
        keys.push(pass);
        let played = match mv {
            Move::Play(p) => key(p),
            Move::Pass => pass,
        };
        keys.sort_unstable();
        let mut candidates: Vec<((u128, u32), u32)> = Vec::new();
        for &k in &keys {
            match candidates.last_mut() {
                Some((last, n)) if *last == k => *n += 1,
                _ => candidates.push((k, 1)),
            }
        }
        let played = candidates.iter().position(|c| c.0 == played).unwrap_or(0);
        out.push(Competition { candidates, played });
    });
    out
}

/// The features with their shape in canonical form.
fn canonical_features(f: MoveFeatures) -> MoveFeatures {
    match f.shape() {
        Some(code) => f.with_shape(canonical_3x3(code)),
        None => f,
    }
}

/// A candidate in the flat training set: γ indices of its features
/// (`u32::MAX` for none) and its multiplicity.
#[derive(Clone, Copy)]
struct Candidate {
    ids: [u32; Feature::COUNT + 2],
    count: f64,
}

/// The index of each small feature's first value among the γ.
fn offsets() -> [u32; Feature::COUNT + 1] {
    let mut out = [0; Feature::COUNT + 1];
    for f in Feature::ALL {
        out[f.index() + 1] = out[f.index()] + u32::from(f.num_values());
    }
    out
}

/// Trains a model on `games` (whole games only: see [`is_whole_game`];
/// the caller filters).
#[must_use]
pub fn train(games: &[GameRecord], options: &TrainOptions) -> TrainReport {
    // Large shapes played often enough to get their own γ.
    let mut spatial: Vec<(u8, u64)> = if options.min_spatial_played == 0 {
        Vec::new()
    } else {
        games
            .par_iter()
            .map(played_spatial)
            .reduce(HashMap::new, |mut a, b| {
                for (k, n) in b {
                    *a.entry(k).or_default() += n;
                }
                a
            })
            .into_iter()
            .filter(|&(_, n)| n >= options.min_spatial_played)
            .map(|(k, _)| k)
            .collect()
    };
    spatial.sort_unstable();
    let known: SpatialIds = spatial
        .iter()
        .enumerate()
        .map(|(i, &(r, h))| (h, (r, i as u32)))
        .collect();
    let comps: Vec<Competition> = games
        .par_iter()
        .flat_map_iter(|g| competitions(g, &known))
        .collect();
    // Shapes frequent enough to get their own γ.
    let mut seen: HashMap<u32, u64> = HashMap::new();
    for c in &comps {
        for &((k, _), n) in &c.candidates {
            let shape = (k >> 64) as u32;
            if shape != u32::MAX {
                *seen.entry(shape).or_default() += u64::from(n);
            }
        }
    }
    let mut shapes: Vec<u32> = seen
        .into_iter()
        .filter(|&(_, n)| n >= options.min_shape_seen)
        .map(|(s, _)| s)
        .collect();
    shapes.sort_unstable();
    let shape_ids: HashMap<u32, u32> = shapes
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, i as u32))
        .collect();
    let offsets = offsets();
    let base = offsets[Feature::COUNT];
    let spatial_base = base as usize + shapes.len();
    let num_ids = spatial_base + spatial.len();
    // The flat set.
    let mut candidates = Vec::new();
    let mut positions = Vec::with_capacity(comps.len());
    let mut wins = vec![0.0f64; num_ids];
    let mut total = 0u64;
    for c in comps {
        let start = candidates.len();
        for &((k, spatial_id), n) in &c.candidates {
            let f = MoveFeatures::from_packed(k);
            let mut ids = [u32::MAX; Feature::COUNT + 2];
            for feature in Feature::ALL {
                if let Some(v) = f.get(feature) {
                    ids[feature.index()] = offsets[feature.index()] + u32::from(v);
                }
            }
            if let Some(&id) = f.shape().and_then(|s| shape_ids.get(&s.bits())) {
                ids[Feature::COUNT] = base + id;
            }
            if spatial_id != u32::MAX {
                ids[Feature::COUNT + 1] = spatial_base as u32 + spatial_id;
            }
            candidates.push(Candidate {
                ids,
                count: f64::from(n),
            });
            total += u64::from(n);
        }
        for &id in &candidates[start + c.played].ids {
            if id != u32::MAX {
                wins[id as usize] += 1.0;
            }
        }
        positions.push((start, candidates.len(), start + c.played));
    }
    let mut gammas = vec![1.0f64; num_ids];
    let mut log_likelihood = Vec::new();
    // The groups MM updates in turn: the small features, the 3×3 shapes,
    // then the large shapes.
    let groups: Vec<std::ops::Range<usize>> = (0..Feature::COUNT)
        .map(|f| offsets[f] as usize..offsets[f + 1] as usize)
        .chain([base as usize..spatial_base, spatial_base..num_ids])
        .collect();
    for iteration in 0..=options.iterations {
        for (g, range) in groups.iter().enumerate() {
            let (den, ll) = denominators(&candidates, &positions, &gammas, g);
            if g == 0 {
                log_likelihood.push(ll / positions.len().max(1) as f64);
            }
            if iteration == options.iterations {
                break;
            }
            for i in range.clone() {
                let a = options.prior;
                gammas[i] = (wins[i] + a) / (den[i] + 2.0 * a / (gammas[i] + 1.0));
            }
        }
    }
    let mut model = MoveModel::uniform();
    for feature in Feature::ALL {
        for v in 0..feature.num_values() {
            let g = gammas[(offsets[feature.index()] + u32::from(v)) as usize];
            model.set_feature_gamma(feature, v, g as f32);
        }
    }
    for (i, &s) in shapes.iter().enumerate() {
        model.set_shape_gamma(Code3x3::from_bits(s), gammas[base as usize + i] as f32);
    }
    for (i, &(r, h)) in spatial.iter().enumerate() {
        model.set_spatial_gamma(usize::from(r), h, gammas[spatial_base + i] as f32);
    }
    TrainReport {
        model,
        games: games.len(),
        positions: positions.len() as u64,
        candidates: total,
        log_likelihood,
    }
}

/// `Σ_j C_ij / E_j` for the values of group `g` (the small feature of
/// that index, or the shapes), and the log-likelihood of the played moves.
fn denominators(
    candidates: &[Candidate],
    positions: &[(usize, usize, usize)],
    gammas: &[f64],
    g: usize,
) -> (Vec<f64>, f64) {
    let strength = |c: &Candidate| {
        c.ids
            .iter()
            .filter(|&&id| id != u32::MAX)
            .map(|&id| gammas[id as usize])
            .product::<f64>()
    };
    positions
        .par_chunks(1024)
        .map(|chunk| {
            let mut den = vec![0.0; gammas.len()];
            let mut ll = 0.0;
            let mut s = Vec::new();
            for &(start, end, played) in chunk {
                let cands = &candidates[start..end];
                s.clear();
                s.extend(cands.iter().map(strength));
                let e: f64 = cands.iter().zip(&s).map(|(c, s)| c.count * s).sum();
                ll += (strength(&candidates[played]) / e).ln();
                for (c, s) in cands.iter().zip(&s) {
                    let id = c.ids[g];
                    if id != u32::MAX {
                        den[id as usize] += c.count * s / gammas[id as usize] / e;
                    }
                }
            }
            (den, ll)
        })
        .reduce(
            || (vec![0.0; gammas.len()], 0.0),
            |(mut a, la), (b, lb)| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                (a, la + lb)
            },
        )
}
