//! A learned move model: one strength γ per feature value, after Coulom
//! ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007). A
//! move's strength is the product of the γ of its [features](crate::features);
//! among the legal moves of a position, move `i` is played with probability
//! `γ_i / Σ_j γ_j` (a Bradley–Terry model of teams).
//!
//! Models are trained from game records by minorization–maximization
//! (feature `learn`: `go_patterns::mm`); a model trained on the peer
//! suites' games ships with the crate ([`MoveModel::trained`]).
//!
//! Large shapes ([`spatial`](crate::spatial): diamonds of radius 2–4 by
//! hash) have their own γ too; a move takes the γ of the largest diamond
//! around it the model knows, or none.
//!
//! # File format
//! Text, one entry a line: a header `go-patterns-move-model 2` (the
//! version), then `FEATURE VALUE GAMMA` for the small features (names as
//! [`Feature`] displays them, values from 0), `3x3 HEX GAMMA` for shapes
//! (the [`Code3x3`] bits in hexadecimal, with atari flags, Black to play,
//! any of the eight symmetric forms) and `diamondR HASH GAMMA` for large
//! shapes (`R` the radius, 2 to 4; the canonical
//! [`SpatialHashes`] hash in hexadecimal). Blank lines and lines starting
//! with `#` are ignored; entries not given have γ = 1. Version 1 files
//! (no `ladder` feature, no diamonds) are still read.
//!
//! ```
//! use go_board::{Board, Color, PlayoutBoard};
//! use go_patterns::MoveModel;
//! use go_patterns::features::{Feature, LastMoves, MoveFeatures};
//! let model: MoveModel = "go-patterns-move-model 2\ncapture 0 12.5\nline 0 0.25\n".parse()?;
//! assert_eq!(model.feature_gamma(Feature::Capture, 0), 12.5);
//! let board = PlayoutBoard::from(&Board::from_diagram("X O .\n. . .\n. . .")?);
//! let f = MoveFeatures::of_point(&board, Color::White, "A2".parse()?, LastMoves::default());
//! assert_eq!(model.gamma(&f), 12.5 * 0.25); // a capture on the first line
//! assert_eq!(model.to_string().parse::<MoveModel>()?, model);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::str::FromStr;
use std::sync::OnceLock;

use go_board::{Color, Move, PlayoutBoard, Point};

use crate::features::{Feature, LastMoves, MoveFeatures};
use crate::hash3x3::{AtariFlags, Code3x3, Table3x3};
use crate::spatial::{RADII, SpatialHashes};

/// The header's first word.
const MAGIC: &str = "go-patterns-move-model";
/// The format version written.
pub const FORMAT_VERSION: u32 = 2;
/// The oldest format version read.
pub const OLDEST_VERSION: u32 = 1;

/// The model trained on the peer suites' games (see the `train_move_model`
/// example), compiled into the crate.
const TRAINED: &str = include_str!("../data/move_model.txt");

/// The earlier model of 3×3 shapes and small features only (format 1),
/// compiled into the crate for go-mcts's priors.
const TRAINED_3X3: &str = include_str!("../data/move_model_3x3.txt");

/// Why a model file cannot be read, with the line (from 1) at fault.
///
/// ```
/// use go_patterns::MoveModel;
/// use go_patterns::model::ParseModelError;
/// assert_eq!("".parse::<MoveModel>(), Err(ParseModelError::MissingHeader));
/// let err = "go-patterns-move-model 1\nline 7 1.0".parse::<MoveModel>().unwrap_err();
/// assert!(matches!(err, ParseModelError::ValueOutOfRange { line: 2, value: 7, .. }));
/// let err = "go-patterns-move-model 3".parse::<MoveModel>().unwrap_err();
/// assert_eq!(err, ParseModelError::UnsupportedVersion("3".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseModelError {
    /// The first line is not `go-patterns-move-model VERSION`.
    #[error("not a move model: the first line must be `{MAGIC} {FORMAT_VERSION}`")]
    MissingHeader,
    /// A version this crate cannot read.
    #[error(
        "unsupported move model version `{0}` (this crate reads {OLDEST_VERSION} to {FORMAT_VERSION})"
    )]
    UnsupportedVersion(String),
    /// A line without three fields.
    #[error("line {line}: expected `FEATURE VALUE GAMMA`, found `{text}`")]
    BadLine {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
    },
    /// A feature name that is neither a [`Feature`], `3x3` nor `diamondR`
    /// (or one the file's version does not have).
    #[error("line {line}: unknown feature `{name}`")]
    UnknownFeature {
        /// The line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A value that is not a number.
    #[error("line {line}: bad feature value `{text}`")]
    BadValue {
        /// The line.
        line: usize,
        /// The value's text.
        text: String,
    },
    /// A value the feature does not take.
    #[error("line {line}: feature {feature} has no value {value}")]
    ValueOutOfRange {
        /// The line.
        line: usize,
        /// The feature.
        feature: Feature,
        /// The value.
        value: u32,
    },
    /// A 3×3 code no board shows.
    #[error("line {line}: impossible 3x3 code {code:#x}")]
    ImpossibleShape {
        /// The line.
        line: usize,
        /// The code.
        code: u32,
    },
    /// A γ that is not a finite positive number.
    #[error("line {line}: bad gamma `{text}` (a finite positive number)")]
    BadGamma {
        /// The line.
        line: usize,
        /// The γ's text.
        text: String,
    },
    /// The same feature value (or shape, up to symmetry) twice.
    #[error("line {line}: the entry repeats an earlier one")]
    Duplicate {
        /// The line.
        line: usize,
    },
}

/// One γ per feature value, per 3×3 shape and per large shape (see the
/// [module documentation](self)).
///
/// ```
/// use go_board::{Board, Color, Move, PlayoutBoard};
/// use go_patterns::MoveModel;
/// use go_patterns::features::LastMoves;
/// let board = PlayoutBoard::from(&Board::from_diagram(
///     ". . . . .
///      . X O . .
///      . O X . .
///      . . . . .
///      . . . . .",
/// )?);
/// let mut ranked = Vec::new();
/// MoveModel::trained().rate_moves(&board, Color::Black, LastMoves::default(), &mut ranked);
/// ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
/// assert_eq!(ranked.len(), 22); // 21 points and the pass
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct MoveModel {
    gammas: [Vec<f32>; Feature::COUNT],
    /// Shapes by canonical code (Black to play).
    shapes: BTreeMap<Code3x3, f32>,
    /// Every symmetric image of the shapes, γ = 1 elsewhere.
    table: Table3x3<f32>,
    /// Large shapes: canonical hash → (index of the radius in [`RADII`], γ).
    spatial: HashMap<u64, (u8, f32), BuildHasherDefault<IdentityHasher>>,
}

/// The hasher of already random 64-bit keys: the key itself.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl fmt::Debug for MoveModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveModel")
            .field("gammas", &self.gammas)
            .field("shapes", &self.shapes.len())
            .field("spatial", &self.spatial.len())
            .finish_non_exhaustive()
    }
}

impl PartialEq for MoveModel {
    fn eq(&self, other: &MoveModel) -> bool {
        self.gammas == other.gammas && self.shapes == other.shapes && self.spatial == other.spatial
    }
}

impl Default for MoveModel {
    fn default() -> MoveModel {
        MoveModel::uniform()
    }
}

impl MoveModel {
    /// Every γ 1: all moves equally likely.
    ///
    /// ```
    /// use go_patterns::MoveModel;
    /// use go_patterns::features::MoveFeatures;
    /// assert_eq!(MoveModel::uniform().gamma(&MoveFeatures::pass(false)), 1.0);
    /// ```
    #[must_use]
    pub fn uniform() -> MoveModel {
        MoveModel {
            gammas: Feature::ALL.map(|f| vec![1.0; usize::from(f.num_values())]),
            shapes: BTreeMap::new(),
            table: Table3x3::new(1.0, AtariFlags::Distinguished),
            spatial: HashMap::default(),
        }
    }

    /// The model trained on the peer suites' game records that ships with
    /// the crate (parsed once).
    ///
    /// ```
    /// use go_patterns::MoveModel;
    /// use go_patterns::features::Feature;
    /// let m = MoveModel::trained();
    /// assert!(m.num_shapes() > 100);
    /// // Captures are good, big self-ataris bad.
    /// assert!(m.feature_gamma(Feature::Capture, 1) > 1.0);
    /// assert!(m.feature_gamma(Feature::SelfAtari, 2) < 1.0);
    /// ```
    #[must_use]
    pub fn trained() -> &'static MoveModel {
        static MODEL: OnceLock<MoveModel> = OnceLock::new();
        // The file is checked by the crate's tests; a broken one would
        // only make every move equally likely.
        MODEL.get_or_init(|| TRAINED.parse().unwrap_or_default())
    }

    /// The model of 3×3 shapes and small features only (no ladder, no
    /// diamonds; format 1), trained on the same games as
    /// [`trained`](Self::trained): held-out top-1 24.7 %, top-5 49.5 %
    /// (against 26.1 % and 52.6 %), at a quarter of the cost per move.
    /// go-mcts's learned priors use it: with the larger model the
    /// Monte-Carlo suites did not rise (see go-mcts's `LearnedPriors`).
    ///
    /// ```
    /// use go_patterns::MoveModel;
    /// let m = MoveModel::trained_3x3();
    /// assert!(m.num_shapes() > 100);
    /// assert_eq!(m.num_spatial(), 0);
    /// ```
    #[must_use]
    pub fn trained_3x3() -> &'static MoveModel {
        static MODEL: OnceLock<MoveModel> = OnceLock::new();
        // Checked by the crate's tests, as the main model.
        MODEL.get_or_init(|| TRAINED_3X3.parse().unwrap_or_default())
    }

    /// The γ of `feature` taking `value` (1 for a value it does not take).
    #[must_use]
    pub fn feature_gamma(&self, feature: Feature, value: u8) -> f32 {
        self.gammas[feature.index()]
            .get(usize::from(value))
            .copied()
            .unwrap_or(1.0)
    }

    /// Sets the γ of `feature` taking `value`; values the feature does
    /// not take are ignored.
    ///
    /// ```
    /// use go_patterns::MoveModel;
    /// use go_patterns::features::Feature;
    /// let mut m = MoveModel::uniform();
    /// m.set_feature_gamma(Feature::Atari, 1, 3.0);
    /// assert_eq!(m.feature_gamma(Feature::Atari, 1), 3.0);
    /// ```
    pub fn set_feature_gamma(&mut self, feature: Feature, value: u8, gamma: f32) {
        if let Some(g) = self.gammas[feature.index()].get_mut(usize::from(value)) {
            *g = gamma;
        }
    }

    /// The γ of a 3×3 shape (Black to play, any symmetric form; 1 for a
    /// shape the model does not know).
    ///
    /// ```
    /// use go_patterns::{Code3x3, MoveModel};
    /// let mut m = MoveModel::uniform();
    /// m.set_shape_gamma(Code3x3::from_bits(0b01), 2.0); // a Black stone north
    /// assert_eq!(m.shape_gamma(Code3x3::from_bits(0b01 << 4)), 2.0); // … or east
    /// ```
    #[must_use]
    pub fn shape_gamma(&self, code: Code3x3) -> f32 {
        self.table.get_raw(code)
    }

    /// Sets the γ of a 3×3 shape (Black to play) and its symmetric images.
    pub fn set_shape_gamma(&mut self, code: Code3x3, gamma: f32) {
        self.shapes.insert(code.canonical(), gamma);
        self.table.insert(code, gamma);
    }

    /// The number of shapes with their own γ.
    #[must_use]
    pub fn num_shapes(&self) -> usize {
        self.shapes.len()
    }

    /// The shapes with their own γ, by canonical code.
    pub fn shapes(&self) -> impl Iterator<Item = (Code3x3, f32)> + '_ {
        self.shapes.iter().map(|(&c, &g)| (c, g))
    }

    /// The γ of the large shape of radius `RADII[radius]` with canonical
    /// hash `hash` (1 if the model does not know it).
    ///
    /// ```
    /// use go_patterns::MoveModel;
    /// let mut m = MoveModel::uniform();
    /// m.set_spatial_gamma(1, 0xabc, 3.0);
    /// assert_eq!(m.spatial_gamma(1, 0xabc), 3.0);
    /// assert_eq!(m.spatial_gamma(2, 0xabc), 1.0);
    /// assert_eq!(m.num_spatial(), 1);
    /// ```
    #[must_use]
    pub fn spatial_gamma(&self, radius: usize, hash: u64) -> f32 {
        match self.spatial.get(&hash) {
            Some(&(r, g)) if usize::from(r) == radius => g,
            _ => 1.0,
        }
    }

    /// Sets the γ of a large shape (`radius` an index of [`RADII`];
    /// others are ignored).
    pub fn set_spatial_gamma(&mut self, radius: usize, hash: u64, gamma: f32) {
        if radius < RADII.len() {
            self.spatial.insert(hash, (radius as u8, gamma));
        }
    }

    /// The number of large shapes with their own γ.
    #[must_use]
    pub fn num_spatial(&self) -> usize {
        self.spatial.len()
    }

    /// The largest of the diamonds `hashes` the model knows: the index
    /// of its radius in [`RADII`] and its γ.
    #[inline]
    #[must_use]
    pub fn largest_spatial(&self, hashes: &SpatialHashes) -> Option<(usize, f32)> {
        (0..RADII.len())
            .rev()
            .find_map(|i| match self.spatial.get(&hashes.0[i]) {
                Some(&(r, g)) if usize::from(r) == i => Some((i, g)),
                _ => None,
            })
    }

    /// A move's strength from its small features and 3×3 shape: the
    /// product of their γ (large shapes aside; [`rate`](Self::rate) has
    /// them).
    #[inline]
    #[must_use]
    pub fn gamma(&self, features: &MoveFeatures) -> f32 {
        let mut g = match features.shape() {
            Some(code) => self.table.get_raw(code),
            None => 1.0,
        };
        for feature in Feature::ALL {
            if let Some(v) = features.get(feature) {
                g *= self.gammas[feature.index()][usize::from(v)];
            }
        }
        g
    }

    /// The strength of `color` playing the empty point `p` after `recent`:
    /// [`gamma`](Self::gamma) times the γ of the largest known diamond.
    #[must_use]
    pub fn rate(&self, board: &PlayoutBoard, color: Color, p: Point, recent: LastMoves) -> f32 {
        // Ladders are read only when the model weighs them.
        let ladders = self.gammas[Feature::Ladder.index()]
            .iter()
            .any(|&g| g != 1.0);
        let features = MoveFeatures::of_point_reading(board, color, p, recent, ladders);
        let g = self.gamma(&features);
        if self.spatial.is_empty() {
            return g;
        }
        let hashes = SpatialHashes::of_point(board, color, p);
        g * self.largest_spatial(&hashes).map_or(1.0, |(_, s)| s)
    }

    /// Appends every legal move of `color` on `board` (points that are
    /// legal, then the pass) with its strength.
    pub fn rate_moves(
        &self,
        board: &PlayoutBoard,
        color: Color,
        recent: LastMoves,
        out: &mut Vec<(Move, f32)>,
    ) {
        for p in &board.empty_points() {
            if board.is_legal(color, p) {
                out.push((Move::Play(p), self.rate(board, color, p, recent)));
            }
        }
        let pass = MoveFeatures::pass(board.consecutive_passes() > 0);
        out.push((Move::Pass, self.gamma(&pass)));
    }
}

impl fmt::Display for MoveModel {
    /// The model file (see the [module documentation](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC} {FORMAT_VERSION}")?;
        for feature in Feature::ALL {
            for (v, g) in self.gammas[feature.index()].iter().enumerate() {
                writeln!(f, "{feature} {v} {g}")?;
            }
        }
        for (code, g) in &self.shapes {
            writeln!(f, "3x3 {:x} {g}", code.bits())?;
        }
        let spatial: BTreeMap<(u8, u64), f32> = self
            .spatial
            .iter()
            .map(|(&h, &(r, g))| ((r, h), g))
            .collect();
        for ((r, h), g) in spatial {
            writeln!(f, "diamond{} {h:x} {g}", RADII[usize::from(r)])?;
        }
        Ok(())
    }
}

/// The lines of a model or weights file that carry something, trimmed,
/// with their numbers from 1: blank lines and `#` comments skipped.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

impl FromStr for MoveModel {
    type Err = ParseModelError;

    fn from_str(text: &str) -> Result<MoveModel, ParseModelError> {
        let mut lines = content_lines(text);
        let header = lines.next().ok_or(ParseModelError::MissingHeader)?.1;
        let version = match header.split_whitespace().collect::<Vec<_>>()[..] {
            [MAGIC, version] => match version.parse::<u32>() {
                Ok(v) if (OLDEST_VERSION..=FORMAT_VERSION).contains(&v) => v,
                _ => return Err(ParseModelError::UnsupportedVersion(version.into())),
            },
            _ => return Err(ParseModelError::MissingHeader),
        };
        let unknown = |line: usize, name: &str| ParseModelError::UnknownFeature {
            line,
            name: name.into(),
        };
        let mut model = MoveModel::uniform();
        let mut set = HashSet::new();
        for (line, text) in lines {
            let [name, value, gamma] = text.split_whitespace().collect::<Vec<_>>()[..] else {
                return Err(ParseModelError::BadLine {
                    line,
                    text: text.into(),
                });
            };
            let g: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| g.is_finite() && *g > 0.0)
                .ok_or_else(|| ParseModelError::BadGamma {
                    line,
                    text: gamma.into(),
                })?;
            let bad_value = || ParseModelError::BadValue {
                line,
                text: value.into(),
            };
            if name == "3x3" {
                let bits = u32::from_str_radix(value, 16).map_err(|_| bad_value())?;
                let code = Code3x3::from_bits(bits);
                if code.bits() != bits || !code.is_possible() {
                    return Err(ParseModelError::ImpossibleShape { line, code: bits });
                }
                if !set.insert((u32::MAX, code.canonical().bits())) {
                    return Err(ParseModelError::Duplicate { line });
                }
                model.set_shape_gamma(code, g);
            } else if let Some(radius) = name.strip_prefix("diamond") {
                let radius = RADII
                    .iter()
                    .position(|r| r.to_string() == radius)
                    .filter(|_| version >= 2)
                    .ok_or_else(|| unknown(line, name))?;
                // Hex digits only: `from_str_radix` would take a sign.
                if !value.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(bad_value());
                }
                let hash = u64::from_str_radix(value, 16).map_err(|_| bad_value())?;
                if model.spatial.contains_key(&hash) {
                    return Err(ParseModelError::Duplicate { line });
                }
                model.set_spatial_gamma(radius, hash, g);
            } else {
                let feature: Feature = name
                    .parse()
                    .ok()
                    .filter(|f| version >= 2 || *f != Feature::Ladder)
                    .ok_or_else(|| unknown(line, name))?;
                let v: u32 = value.parse().map_err(|_| bad_value())?;
                if v >= u32::from(feature.num_values()) {
                    return Err(ParseModelError::ValueOutOfRange {
                        line,
                        feature,
                        value: v,
                    });
                }
                if !set.insert((feature.index() as u32, v)) {
                    return Err(ParseModelError::Duplicate { line });
                }
                model.set_feature_gamma(feature, v as u8, g);
            }
        }
        Ok(model)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_3x3_model_parses() {
        let parsed: MoveModel = TRAINED_3X3.parse().expect("the 3x3 model parses");
        assert_eq!(&parsed, MoveModel::trained_3x3());
        assert!(parsed.num_shapes() > 100);
    }

    #[test]
    fn version_1_files_are_read() {
        let v1: MoveModel = "go-patterns-move-model 1\ncapture 0 2\n3x3 1 3"
            .parse()
            .unwrap();
        assert_eq!(v1.feature_gamma(Feature::Capture, 0), 2.0);
        assert_eq!(v1.num_shapes(), 1);
        assert_eq!(v1.to_string().parse::<MoveModel>().unwrap(), v1);
    }

    #[test]
    fn the_shipped_model_parses_and_is_small() {
        let parsed: MoveModel = TRAINED.parse().expect("the shipped model parses");
        assert_eq!(&parsed, MoveModel::trained());
        assert!(TRAINED.len() < 1 << 20);
        assert!(parsed.num_shapes() > 100);
    }

    #[test]
    fn errors_name_the_line() {
        let parse = |t: &str| t.parse::<MoveModel>().unwrap_err();
        let h = "go-patterns-move-model 2\n";
        assert_eq!(
            parse("go-patterns-move-model 3"),
            ParseModelError::UnsupportedVersion("3".into())
        );
        assert_eq!(
            parse("go-patterns-move-model -1"),
            ParseModelError::UnsupportedVersion("-1".into())
        );
        assert!(matches!(
            parse(&format!("{h}# c\n\nnet 0 1")),
            ParseModelError::UnknownFeature { line: 4, .. }
        ));
        // Version 1 has no ladder and no diamonds.
        assert!(matches!(
            parse("go-patterns-move-model 1\nladder 0 1"),
            ParseModelError::UnknownFeature { line: 2, .. }
        ));
        assert!(matches!(
            parse("go-patterns-move-model 1\ndiamond2 ab 1"),
            ParseModelError::UnknownFeature { line: 2, .. }
        ));
        assert!(matches!(
            parse(&format!("{h}diamond5 ab 1")),
            ParseModelError::UnknownFeature { line: 2, .. }
        ));
        assert!(matches!(
            parse(&format!("{h}diamond2 +ab 1")),
            ParseModelError::BadValue { line: 2, .. }
        ));
        assert!(matches!(
            parse(&format!("{h}diamond2 ab 1\ndiamond3 ab 2")),
            ParseModelError::Duplicate { line: 3 }
        ));
        assert!(matches!(
            parse(&format!("{h}line 0 -1")),
            ParseModelError::BadGamma { line: 2, .. }
        ));
        assert!(matches!(
            parse(&format!("{h}line 0 1\nline 0 2")),
            ParseModelError::Duplicate { line: 3 }
        ));
        assert!(matches!(
            parse(&format!("{h}3x3 3 1")),
            ParseModelError::ImpossibleShape { line: 2, code: 3 }
        ));
        assert!(matches!(
            parse(&format!("{h}3x3 1 1\n3x3 10 2")),
            ParseModelError::Duplicate { line: 3 }
        ));
        assert!(matches!(
            parse(&format!("{h}line 0")),
            ParseModelError::BadLine { line: 2, .. }
        ));
    }
}
