//! The game record: board size, game information and the main line of
//! setup and moves, read with `sgf-parse`.

use std::io::Read;
use std::path::Path;
use std::str::FromStr;

use sgf_parse::SgfNode;
use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};

use super::error::SgfError;
use super::repair::Repair;
use super::scan;
use crate::color::{ByColor, Color};
use crate::geometry::Geometry;
use crate::point::{Move, Point};
use crate::rules::{KoRule, Rules, Scoring, SuicideRule};

/// Game information from the record's properties (`KM`, `HA`, `RU`, `PB`,
/// `PW`, `RE`). Absent properties are `None`.
///
/// ```
/// use go_board::{sgf::GameRecord, Color};
/// let record = GameRecord::parse("(;SZ[9]KM[5.5]PB[Honinbo Shusaku]RE[B+2])")?;
/// assert_eq!(record.info.komi, Some(5.5));
/// assert_eq!(record.info.players[Color::Black].as_deref(), Some("Honinbo Shusaku"));
/// assert_eq!(record.info.result.as_deref(), Some("B+2"));
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// Komi (`KM`); text that is not a number is ignored (as GNU Go
    /// does), a number that is not finite or beyond
    /// [`Rules::MAX_KOMI`] is an error ([`SgfError::BadProperty`]).
    pub komi: Option<f32>,
    /// Handicap (`HA`, read from the root node as GNU Go does). From 2 it
    /// makes White the first to play; see [`fixed_handicap`](super::fixed_handicap).
    pub handicap: Option<u32>,
    /// The rule-set name (`RU`) as written.
    pub rules: Option<String>,
    /// The players' names (`PB`, `PW`).
    pub players: ByColor<Option<String>>,
    /// The result (`RE`), such as `B+R` or `W+0.5`.
    pub result: Option<String>,
}

/// One step of a record's main line, in file order.
///
/// ```
/// use go_board::{sgf::{GameEvent, GameRecord}, Color, Move};
/// let record = GameRecord::parse("(;SZ[9]AB[cc][dd]PL[W];W[ee])")?;
/// assert_eq!(record.events().len(), 3);
/// assert_eq!(record.events()[1], GameEvent::ToPlay(Color::White));
/// assert_eq!(record.events()[2], GameEvent::Move(Color::White, Move::Play("E5".parse()?)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameEvent {
    /// Setup stones outside the move sequence: `AB` (`Some(Black)`), `AW`
    /// (`Some(White)`) or `AE` (`None`, emptying the points). Points are
    /// sorted and distinct; compressed lists `[aa:cc]` are expanded.
    Setup {
        /// The colour put on the points, or `None` to empty them.
        color: Option<Color>,
        /// The points.
        points: Vec<Point>,
    },
    /// `PL`: the colour to play next.
    ToPlay(Color),
    /// `B` or `W`: a move (a stone or a pass; `tt` on boards up to 19×19
    /// is a pass, as in FF\[3\]; any other point beyond the board is an
    /// error, [`SgfError::OffBoardMove`]).
    Move(Color, Move),
}

/// A Go game record: board geometry, game information, and the main line
/// (first variation) of setup and moves.
///
/// Read one with [`parse`](GameRecord::parse) (or `str::parse`),
/// [`from_bytes`](GameRecord::from_bytes) or
/// [`read_file`](GameRecord::read_file); replay it with
/// [`position`](GameRecord::position); write it with
/// [`to_sgf`](GameRecord::to_sgf) or `Display`.
///
/// ```
/// use go_board::{sgf::{GameRecord, Until}, Color};
/// let record: GameRecord = "(;GM[1]SZ[9]KM[7];B[ee];W[eg];B[ce])".parse()?;
/// assert_eq!(record.num_moves(), 3);
/// let position = record.position(Until::BeforeMove(3))?;
/// assert_eq!(position.to_play, Color::Black);
/// assert_eq!(position.board.stones_of(Color::White).len(), 1);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone)]
pub struct GameRecord {
    /// Game information.
    pub info: GameInfo,
    pub(crate) geometry: &'static Geometry,
    pub(crate) events: Vec<GameEvent>,
    /// What reading the file repaired (not part of equality).
    pub(crate) repairs: Vec<Repair>,
}

/// A summary: the game information, the board size and the number of
/// events (moves, setup, comments), not the geometry's tables.
impl std::fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameRecord")
            .field("info", &self.info)
            .field("width", &self.geometry.width())
            .field("height", &self.geometry.height())
            .field("events", &self.events.len())
            .finish()
    }
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        self.geometry.width() == other.geometry.width()
            && self.geometry.height() == other.geometry.height()
            && self.info == other.info
            && self.events == other.events
    }
}

impl FromStr for GameRecord {
    type Err = SgfError;

    /// Same as [`GameRecord::parse`].
    fn from_str(text: &str) -> Result<GameRecord, SgfError> {
        GameRecord::parse(text)
    }
}

impl GameRecord {
    /// An empty record for a board of this geometry.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Geometry};
    /// let record = GameRecord::new(Geometry::new(7, 5)?);
    /// assert_eq!(record.to_sgf(), "(;GM[1]FF[4]CA[UTF-8]SZ[7:5])\n");
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn new(geometry: &'static Geometry) -> GameRecord {
        GameRecord {
            info: GameInfo::default(),
            geometry,
            events: Vec::new(),
            repairs: Vec::new(),
        }
    }

    /// Reads the first game of an SGF collection.
    ///
    /// The reading is lenient, as GNU Go's: text before the first game tree
    /// and after its end is ignored, a byte order mark too, closing
    /// parentheses missing at the very end are supplied, and `KM`, `HA` or
    /// `PL` values that cannot be read are ignored; each such repair is
    /// listed by [`repairs`](GameRecord::repairs), and
    /// [`parse_strict`](GameRecord::parse_strict) refuses them. Values that
    /// would change the game if guessed (a board size, a move, a setup
    /// point, a komi beyond the rules' range) are errors. Only the main line (each node's
    /// first child) is kept. `SZ` is read from the root (19 if absent;
    /// `SZ[w:h]` for rectangles), `HA` from the root, the other game
    /// information from the first node of the main line that has it.
    ///
    /// ```
    /// use go_board::sgf::{GameRecord, SgfError};
    /// let record = GameRecord::parse("(;SZ[13]AB[aa:bb];B[cc](;W[dd])(;W[ee]))")?;
    /// assert_eq!(record.geometry().width(), 13);
    /// assert_eq!(record.num_moves(), 2);
    /// assert!(matches!(GameRecord::parse("(;GM[3])"), Err(SgfError::NotGo(_))));
    /// # Ok::<(), SgfError>(())
    /// ```
    pub fn parse(text: &str) -> Result<GameRecord, SgfError> {
        let (cleaned, repairs) = scan::first_game_tree_repaired(text)?;
        let trees = sgf_parse::parse(&cleaned).map_err(|e| SgfError::Parse(e.to_string()))?;
        let tree = trees.into_iter().next().ok_or(SgfError::NoGameTree)?;
        let root = tree
            .into_go_node()
            .map_err(|e| SgfError::Parse(e.to_string()))?;
        let mut record = read_main_line(root)?;
        record.repairs.splice(0..0, repairs);
        Ok(record)
    }

    /// Reads the first game of an SGF collection as [`parse`](GameRecord::parse)
    /// does, but refuses a file that needs any repair ([`GameRecord::repairs`]):
    /// for tools that write SGF and want to know their output is clean.
    ///
    /// # Errors
    /// Those of [`parse`](GameRecord::parse), and [`SgfError::NeedsRepair`]
    /// with the first repair.
    ///
    /// ```
    /// use go_board::sgf::{GameRecord, Repair, SgfError};
    /// assert!(GameRecord::parse_strict("(;SZ[9]KM[6.5];B[ee])").is_ok());
    /// let err = GameRecord::parse_strict("(;SZ[9];B[ee]").unwrap_err();
    /// assert!(matches!(err, SgfError::NeedsRepair(Repair::MissingParentheses(1))));
    /// ```
    pub fn parse_strict(text: &str) -> Result<GameRecord, SgfError> {
        let record = GameRecord::parse(text)?;
        match record.repairs.first() {
            Some(r) => Err(SgfError::NeedsRepair(r.clone())),
            None => Ok(record),
        }
    }

    /// What [`parse`](GameRecord::parse) repaired or ignored to read the
    /// record, in the order met; empty for a clean file.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// assert!(GameRecord::parse("(;SZ[9];B[ee])")?.repairs().is_empty());
    /// assert_eq!(GameRecord::parse("junk (;SZ[9];B[ee])")?.repairs().len(), 1);
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn repairs(&self) -> &[Repair] {
        &self.repairs
    }

    /// Reads SGF from bytes that may not be UTF-8 (old files in Latin-1 or
    /// Shift-JIS): invalid sequences become U+FFFD, which only matters
    /// inside text values.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Color};
    /// let record = GameRecord::from_bytes(b"(;PB[Jos\xe9]SZ[9];B[ee])")?;
    /// assert_eq!(record.info.players[Color::Black].as_deref(), Some("Jos\u{fffd}"));
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<GameRecord, SgfError> {
        GameRecord::parse(&String::from_utf8_lossy(bytes))
    }

    /// Reads an SGF file: a regular file (a symbolic link to one is
    /// followed) of at most [`MAX_FILE_SIZE`](super::MAX_FILE_SIZE) bytes.
    /// Directories, devices such as `/dev/zero` or `/dev/urandom`, FIFOs
    /// and sockets are refused before anything is read, and no more than
    /// the limit is ever read, so a hostile path cannot exhaust memory or
    /// block the caller.
    ///
    /// # Errors
    /// [`SgfError::NotAFile`], [`SgfError::TooLarge`], [`SgfError::Io`],
    /// or an error of [`parse`](GameRecord::parse).
    ///
    /// ```
    /// use go_board::sgf::{GameRecord, SgfError};
    /// let err = GameRecord::read_file("no/such/file.sgf").unwrap_err();
    /// assert!(matches!(err, SgfError::Io { .. }));
    /// let err = GameRecord::read_file(std::env::temp_dir()).unwrap_err();
    /// assert!(matches!(err, SgfError::NotAFile { .. }));
    /// ```
    pub fn read_file(path: impl AsRef<Path>) -> Result<GameRecord, SgfError> {
        let bytes = read_bounded(path.as_ref())?;
        GameRecord::from_bytes(&bytes)
    }

    /// The board geometry (`SZ`).
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// let record = GameRecord::parse("(;SZ[7:5])")?;
    /// assert_eq!((record.geometry().width(), record.geometry().height()), (7, 5));
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The main line's setup, player-to-move and move events in order.
    ///
    /// ```
    /// use go_board::sgf::{GameEvent, GameRecord};
    /// let record = GameRecord::parse("(;SZ[9]AE[aa];B[])")?;
    /// assert!(matches!(record.events()[0], GameEvent::Setup { color: None, .. }));
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The moves of the main line, in order.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Color, Move};
    /// let record = GameRecord::parse("(;SZ[9];B[ee];W[tt])")?;
    /// let moves: Vec<_> = record.moves().collect();
    /// assert_eq!(moves[1], (Color::White, Move::Pass));
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Move)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            GameEvent::Move(color, mv) => Some((color, mv)),
            _ => None,
        })
    }

    /// Whether the record is a game from an empty board: no setup stones
    /// (`AB`, `AW`, `AE`: problems, positions, handicap stones) in its
    /// main line.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// assert!(GameRecord::parse("(;SZ[9];B[aa];W[bb])")?.is_from_empty_board());
    /// assert!(!GameRecord::parse("(;SZ[9]AB[cc];W[bb])")?.is_from_empty_board());
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn is_from_empty_board(&self) -> bool {
        !self
            .events
            .iter()
            .any(|e| matches!(e, GameEvent::Setup { .. }))
    }

    /// The number of moves (passes included) in the main line.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// assert_eq!(GameRecord::parse("(;B[aa];W[];B[bb])")?.num_moves(), 3);
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn num_moves(&self) -> usize {
        self.moves().count()
    }

    /// Appends an event, checking that its points are on the board. An
    /// empty setup is dropped; setup points are sorted and deduplicated.
    ///
    /// ```
    /// use go_board::{sgf::{GameEvent, GameRecord, SgfError}, Color, Geometry, Move, Point};
    /// let mut record = GameRecord::new(Geometry::square(9)?);
    /// record.push(GameEvent::Move(Color::Black, Move::Play(Point::new(4, 4))))?;
    /// let off = Point::new(9, 0);
    /// assert!(matches!(
    ///     record.push(GameEvent::Move(Color::White, Move::Play(off))),
    ///     Err(SgfError::OffBoard(p)) if p == off
    /// ));
    /// assert_eq!(record.num_moves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, event: GameEvent) -> Result<(), SgfError> {
        let event = match event {
            GameEvent::Setup { color, mut points } => {
                if let Some(&p) = points.iter().find(|&&p| !self.geometry.contains(p)) {
                    return Err(SgfError::OffBoard(p));
                }
                if points.is_empty() {
                    return Ok(());
                }
                points.sort_unstable();
                points.dedup();
                GameEvent::Setup { color, points }
            }
            GameEvent::Move(_, Move::Play(p)) if !self.geometry.contains(p) => {
                return Err(SgfError::OffBoard(p));
            }
            other => other,
        };
        self.events.push(event);
        Ok(())
    }

    /// The rules the record names in `RU` where recognisable (Japanese,
    /// Korean, Chinese, AGA, New Zealand, Tromp-Taylor, any case), else
    /// GNU Go's defaults; with the record's komi when it gives one.
    ///
    /// AGA maps to situational superko, no suicide, area scoring.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, KoRule, Rules, Scoring};
    /// let record = GameRecord::parse("(;RU[Chinese]KM[6.5])")?;
    /// assert_eq!(record.rules(), Rules::chinese().with_komi(6.5));
    /// assert_eq!(GameRecord::parse("(;RU[AGA])")?.rules().ko, KoRule::SituationalSuperko);
    /// assert_eq!(GameRecord::parse("(;RU[Ing])")?.rules(), Rules::default());
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> Rules {
        let rules = self
            .info
            .rules
            .as_deref()
            .and_then(rules_from_name)
            .unwrap_or_default();
        match self.info.komi {
            Some(komi) => rules.with_komi(komi),
            None => rules,
        }
    }
}

/// The bytes of the regular file at `path`, at most
/// [`MAX_FILE_SIZE`](super::MAX_FILE_SIZE) of them.
fn read_bounded(path: &Path) -> Result<Vec<u8>, SgfError> {
    let io = |source| SgfError::Io {
        path: path.to_path_buf(),
        source,
    };
    let not_a_file = || SgfError::NotAFile {
        path: path.to_path_buf(),
    };
    let too_large = || SgfError::TooLarge {
        path: path.to_path_buf(),
        limit: super::MAX_FILE_SIZE,
    };
    // Checked before opening: opening a FIFO for reading would block until
    // a writer comes.
    let metadata = std::fs::metadata(path).map_err(io)?;
    if !metadata.is_file() {
        return Err(not_a_file());
    }
    if metadata.len() > super::MAX_FILE_SIZE {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // And again on what was opened, in case the path changed meanwhile.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(not_a_file());
    }
    let mut bytes = Vec::new();
    file.take(super::MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > super::MAX_FILE_SIZE {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The AGA rules as far as [`Rules`] can say them.
fn aga() -> Rules {
    Rules {
        ko: KoRule::SituationalSuperko,
        suicide: SuicideRule::Illegal,
        scoring: Scoring::Area,
        komi: 7.5,
    }
}

/// Recognises the rule-set names found in `RU`.
fn rules_from_name(name: &str) -> Option<Rules> {
    let key: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match key.as_str() {
        "japanese" | "jp" | "korean" => Some(Rules::japanese()),
        "chinese" | "cn" => Some(Rules::chinese()),
        "aga" => Some(aga()),
        "nz" | "newzealand" => Some(Rules::new_zealand()),
        "tromptaylor" | "tt" => Some(Rules::tromp_taylor()),
        _ => None,
    }
}

/// The `RU` name of a rule set this module can read back, komi aside.
pub(crate) fn rules_name(rules: &Rules) -> Option<&'static str> {
    let same = |other: Rules| other.with_komi(rules.komi) == *rules;
    [
        (Rules::japanese(), "Japanese"),
        (Rules::chinese(), "Chinese"),
        (aga(), "AGA"),
        (Rules::new_zealand(), "NZ"),
        (Rules::tromp_taylor(), "Tromp-Taylor"),
    ]
    .into_iter()
    .find(|&(r, _)| same(r))
    .map(|(_, name)| name)
}

/// Builds the record from the root node, walking the main line by
/// ownership and dropping side variations iteratively, so that a deep tree
/// cannot overflow the stack.
fn read_main_line(root: SgfNode<Prop>) -> Result<GameRecord, SgfError> {
    let geometry = read_size(&root)?;
    let mut record = GameRecord::new(geometry);
    record.info.handicap = read_handicap(&root, geometry, &mut record.repairs)?;
    let mut reader = Reader {
        record,
        moves: 0,
        seen_info: [false; 5],
    };
    let mut spare = Vec::new();
    let mut next = Some(root);
    let mut result = Ok(());
    while let Some(mut node) = next.take() {
        let mut children = std::mem::take(&mut node.children);
        if result.is_ok() {
            result = node
                .properties
                .iter()
                .try_for_each(|prop| reader.property(prop));
        }
        if !children.is_empty() {
            next = Some(children.swap_remove(0));
        }
        spare.append(&mut children);
    }
    while let Some(mut node) = spare.pop() {
        spare.append(&mut node.children);
    }
    result.map(|()| reader.record)
}

fn read_size(root: &SgfNode<Prop>) -> Result<&'static Geometry, SgfError> {
    let (width, height) = match root.get_property("SZ") {
        None => (19, 19),
        Some(Prop::SZ((w, h))) => (u32::from(*w), u32::from(*h)),
        Some(prop) => {
            let value = raw_values(prop).join("][");
            let number = |s: &str| s.trim().parse::<u32>().ok();
            let size = match value.split_once(':') {
                Some((w, h)) => number(w).zip(number(h)),
                None => number(&value).map(|n| (n, n)),
            };
            size.ok_or_else(|| SgfError::BadProperty {
                property: "SZ".into(),
                value,
            })?
        }
    };
    Geometry::new(width as usize, height as usize)
        .map_err(|_| SgfError::UnsupportedSize { width, height })
}

/// `HA` as GNU Go reads it: an integer, where 0 and 1 (which sgf-parse
/// refuses) mean no handicap and unreadable text is ignored.
fn read_handicap(
    root: &SgfNode<Prop>,
    geo: &Geometry,
    repairs: &mut Vec<Repair>,
) -> Result<Option<u32>, SgfError> {
    let handicap = match root.get_property("HA") {
        None => return Ok(None),
        Some(Prop::HA(n)) => *n,
        Some(prop) => match raw_values(prop).first().and_then(|v| v.trim().parse().ok()) {
            Some(n) => n,
            None => {
                repairs.push(Repair::IgnoredValue {
                    property: "HA".into(),
                    value: raw_values(prop).join("]["),
                });
                return Ok(None);
            }
        },
    };
    let max = geo.num_points() as i64 - 1;
    if !(0..=max).contains(&handicap) {
        return Err(SgfError::BadHandicap {
            handicap,
            width: geo.width(),
            height: geo.height(),
        });
    }
    Ok(Some(handicap as u32))
}

/// The raw values of an `Invalid` or `Unknown` property.
fn raw_values(prop: &Prop) -> &[String] {
    match prop {
        Prop::Invalid(_, values) | Prop::Unknown(_, values) => values,
        _ => &[],
    }
}

struct Reader {
    record: GameRecord,
    /// Moves read so far.
    moves: u32,
    /// Whether KM, RU, PB, PW, RE were already taken.
    seen_info: [bool; 5],
}

impl Reader {
    fn geo(&self) -> &'static Geometry {
        self.record.geometry
    }

    fn property(&mut self, prop: &Prop) -> Result<(), SgfError> {
        match prop {
            Prop::B(mv) => self.push_move(Color::Black, *mv),
            Prop::W(mv) => self.push_move(Color::White, *mv),
            Prop::AB(points) => self.push_setup("AB", Some(Color::Black), points.iter().copied()),
            Prop::AW(points) => self.push_setup("AW", Some(Color::White), points.iter().copied()),
            Prop::AE(points) => self.push_setup("AE", None, points.iter().copied()),
            Prop::PL(color) => {
                let color = match color {
                    sgf_parse::Color::Black => Color::Black,
                    sgf_parse::Color::White => Color::White,
                };
                self.record.events.push(GameEvent::ToPlay(color));
                Ok(())
            }
            Prop::KM(value) => {
                let komi = *value as f32;
                if !Rules::is_valid_komi(komi) {
                    return Err(SgfError::BadProperty {
                        property: "KM".into(),
                        // Short even for 1e300.
                        value: if value.abs() < 1e9 {
                            value.to_string()
                        } else {
                            format!("{value:e}")
                        },
                    });
                }
                self.info(0, |info| info.komi = Some(komi));
                Ok(())
            }
            Prop::RU(text) => {
                self.info(1, |info| info.rules = Some(text.to_string()));
                Ok(())
            }
            Prop::PB(text) => {
                self.info(2, |info| {
                    info.players[Color::Black] = Some(text.to_string())
                });
                Ok(())
            }
            Prop::PW(text) => {
                self.info(3, |info| {
                    info.players[Color::White] = Some(text.to_string())
                });
                Ok(())
            }
            Prop::RE(text) => {
                self.info(4, |info| info.result = Some(text.to_string()));
                Ok(())
            }
            Prop::Invalid(id, values) => self.invalid(id, values),
            _ => Ok(()),
        }
    }

    /// Records game information the first time the property is seen.
    fn info(&mut self, slot: usize, set: impl FnOnce(&mut GameInfo)) {
        if !self.seen_info[slot] {
            self.seen_info[slot] = true;
            set(&mut self.record.info);
        }
    }

    /// Properties sgf-parse could not read: the ones that matter get GNU
    /// Go's more tolerant reading or a typed error; others are ignored.
    fn invalid(&mut self, id: &str, values: &[String]) -> Result<(), SgfError> {
        let joined = || values.join("][");
        match id {
            "B" | "W" => Err(SgfError::BadPoint {
                property: id.into(),
                value: joined(),
            }),
            "AB" | "AW" | "AE" => {
                let color = match id {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                let mut points = Vec::new();
                for value in values.iter().filter(|v| !v.is_empty()) {
                    let bad = || SgfError::BadPoint {
                        property: id.into(),
                        value: value.clone(),
                    };
                    let (a, b) = value.split_once(':').unwrap_or((value, value));
                    let a: SgfPoint = a.parse().map_err(|_| bad())?;
                    let b: SgfPoint = b.parse().map_err(|_| bad())?;
                    // Any two opposite corners span the rectangle.
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        for y in a.y.min(b.y)..=a.y.max(b.y) {
                            points.push(SgfPoint { x, y });
                        }
                    }
                }
                self.push_setup(id, color, points.into_iter())
            }
            "PL" => {
                // GNU Go: FF[3] files may write 1 for Black and 2 for White.
                let first = values.first().and_then(|v| v.chars().next());
                let color = match first {
                    Some('w' | 'W' | '2') => Color::White,
                    Some('b' | 'B' | '1') => Color::Black,
                    _ => {
                        self.record.repairs.push(Repair::IgnoredValue {
                            property: id.into(),
                            value: joined(),
                        });
                        Color::Black
                    }
                };
                self.record.events.push(GameEvent::ToPlay(color));
                Ok(())
            }
            "PB" | "PW" | "RE" | "RU" => {
                let text = sgf_parse::SimpleText {
                    text: values.first().cloned().unwrap_or_default(),
                }
                .to_string();
                let (slot, field): (usize, fn(&mut GameInfo, String)) = match id {
                    "PB" => (2, |i, t| i.players[Color::Black] = Some(t)),
                    "PW" => (3, |i, t| i.players[Color::White] = Some(t)),
                    "RE" => (4, |i, t| i.result = Some(t)),
                    _ => (1, |i, t| i.rules = Some(t)),
                };
                self.info(slot, |info| field(info, text));
                Ok(())
            }
            "KM" => {
                self.record.repairs.push(Repair::IgnoredValue {
                    property: id.into(),
                    value: joined(),
                });
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn push_move(&mut self, color: Color, mv: SgfMove) -> Result<(), SgfError> {
        self.moves += 1;
        let geo = self.geo();
        let mv = match mv {
            SgfMove::Pass => Move::Pass,
            SgfMove::Move(p) => match self.point(p) {
                Some(point) => Move::Play(point),
                // FF[3]: `tt` is a pass on boards up to 19×19.
                None if (p.x, p.y) == (19, 19) && geo.width() <= 19 && geo.height() <= 19 => {
                    Move::Pass
                }
                None => {
                    return Err(SgfError::OffBoardMove {
                        number: self.moves,
                        color,
                        value: sgf_text(p),
                        width: geo.width(),
                        height: geo.height(),
                    });
                }
            },
        };
        self.record.events.push(GameEvent::Move(color, mv));
        Ok(())
    }

    fn push_setup(
        &mut self,
        property: &str,
        color: Option<Color>,
        points: impl Iterator<Item = SgfPoint>,
    ) -> Result<(), SgfError> {
        let mut ours = Vec::new();
        for p in points {
            let point = self.point(p).ok_or_else(|| SgfError::BadPoint {
                property: property.into(),
                value: sgf_text(p),
            })?;
            ours.push(point);
        }
        self.record.push(GameEvent::Setup {
            color,
            points: ours,
        })
    }

    /// Our point for SGF coordinates, `None` off the board.
    fn point(&self, p: SgfPoint) -> Option<Point> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        let geo = self.geo();
        (x < geo.width() && y < geo.height()).then(|| Point::new(x, geo.height() - 1 - y))
    }
}

/// SGF coordinates as written (`a`–`z`, then `A`–`Z`).
fn sgf_text(p: SgfPoint) -> String {
    let letter = |v: u8| {
        if v < 26 {
            (b'a' + v) as char
        } else {
            (b'A' + (v - 26).min(25)) as char
        }
    };
    [letter(p.x), letter(p.y)].iter().collect()
}
