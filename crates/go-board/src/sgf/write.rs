//! Writing records, positions and games as SGF text.

use std::fmt::{self, Write as _};

use super::record::{GameEvent, GameRecord, rules_name};
use crate::board::Board;
use crate::color::Color;
use crate::point::{Move, Point};

/// Moves per line of output.
const MOVES_PER_LINE: usize = 10;

impl GameRecord {
    /// A record of a position: its stones as setup (`AB`/`AW`), the side to
    /// move (`PL`), size, komi and rules.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Board};
    /// let board = Board::from_diagram(". X\nO .")?;
    /// let text = GameRecord::from_position(&board).to_sgf();
    /// assert_eq!(text, "(;GM[1]FF[4]CA[UTF-8]SZ[2]KM[6.5]RU[Japanese]AB[ba]AW[ab]PL[B])\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_position(board: &Board) -> GameRecord {
        let mut record = GameRecord::with_board_info(board);
        record.push_stones(board);
        record.events.push(GameEvent::ToPlay(board.to_play()));
        record
    }

    /// A record of a game: the position before the board's history as
    /// setup, then the moves of [`Board::moves`] (since the start or the
    /// last setup), and `PL` at the end if the side to move is not the one
    /// the last move implies.
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Board, Color};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, "E5".parse()?)?;
    /// board.pass();
    /// let record = GameRecord::from_board(&board);
    /// assert_eq!(record.num_moves(), 2);
    /// let again = record.board()?;
    /// assert_eq!(again.position_hash(), board.position_hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_board(board: &Board) -> GameRecord {
        let mut start = board.clone();
        while start.undo().is_some() {}
        let mut record = GameRecord::with_board_info(board);
        record.push_stones(&start);
        let mut last = None;
        for (color, mv) in board.moves() {
            record.events.push(GameEvent::Move(color, mv));
            last = Some(color);
        }
        match last {
            None => record.events.push(GameEvent::ToPlay(board.to_play())),
            Some(c) if c.opposite() != board.to_play() => {
                record.events.push(GameEvent::ToPlay(board.to_play()));
            }
            Some(_) => {}
        }
        record
    }

    fn with_board_info(board: &Board) -> GameRecord {
        let mut record = GameRecord::new(board.geometry());
        record.info.komi = Some(board.rules().komi);
        record.info.rules = rules_name(board.rules()).map(str::to_string);
        record
    }

    fn push_stones(&mut self, board: &Board) {
        for color in Color::ALL {
            let points: Vec<Point> = board.stones_of(color).iter().collect();
            if !points.is_empty() {
                self.events.push(GameEvent::Setup {
                    color: Some(color),
                    points,
                });
            }
        }
    }

    /// The record as SGF text (`FF[4]`, UTF-8): a root node with the game
    /// information and the setup before the first move, then one node per
    /// move, setup after a move in a node of its own. Setup points come in
    /// SGF order (rows from the top); passes are written `[]`. `sgf-parse`
    /// and [`GameRecord::parse`] read it back to an equal record.
    ///
    /// ```
    /// use go_board::sgf::GameRecord;
    /// let record = GameRecord::parse("(;SZ[9]PB[A]AB[aa];B[bb];W[tt])")?;
    /// assert_eq!(record.to_sgf(), "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[A]AB[aa]\n;B[bb];W[])\n");
    /// assert_eq!(GameRecord::parse(&record.to_sgf())?, record);
    /// # Ok::<(), go_board::sgf::SgfError>(())
    /// ```
    #[must_use]
    pub fn to_sgf(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for GameRecord {
    /// The SGF text of [`GameRecord::to_sgf`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = self.geometry;
        f.write_str("(;GM[1]FF[4]CA[UTF-8]")?;
        if geo.is_square() {
            write!(f, "SZ[{}]", geo.width())?;
        } else {
            write!(f, "SZ[{}:{}]", geo.width(), geo.height())?;
        }
        let info = &self.info;
        if let Some(komi) = info.komi.filter(|k| k.is_finite()) {
            write!(f, "KM[{komi}]")?;
        }
        if let Some(handicap) = info.handicap {
            write!(f, "HA[{handicap}]")?;
        }
        let texts = [
            ("RU", &info.rules),
            ("PB", &info.players[Color::Black]),
            ("PW", &info.players[Color::White]),
            ("RE", &info.result),
        ];
        for (id, text) in texts {
            if let Some(text) = text {
                write!(f, "{id}[{}]", escape(text))?;
            }
        }
        // Nodes: the root takes the setup before the first move; a move
        // opens a node, and so does setup that follows a move.
        let mut node_is_move = false;
        let mut moves_on_line = 0;
        for event in &self.events {
            match event {
                GameEvent::Move(color, mv) => {
                    if moves_on_line % MOVES_PER_LINE == 0 {
                        f.write_char('\n')?;
                    }
                    moves_on_line += 1;
                    write!(f, ";{}[{}]", color.sgf_letter(), self.sgf_move(*mv))?;
                    node_is_move = true;
                }
                GameEvent::ToPlay(color) => {
                    self.open_setup_node(f, &mut node_is_move, &mut moves_on_line)?;
                    write!(f, "PL[{}]", color.sgf_letter())?;
                }
                GameEvent::Setup { color, points } => {
                    self.open_setup_node(f, &mut node_is_move, &mut moves_on_line)?;
                    let id = match color {
                        Some(Color::Black) => "AB",
                        Some(Color::White) => "AW",
                        None => "AE",
                    };
                    let mut coords: Vec<String> = points.iter().map(|&p| geo.to_sgf(p)).collect();
                    // Rows from the top, as SGF editors list them.
                    coords.sort_by(|a, b| a.bytes().rev().cmp(b.bytes().rev()));
                    f.write_str(id)?;
                    for c in coords {
                        write!(f, "[{c}]")?;
                    }
                }
            }
        }
        f.write_str(")\n")
    }
}

impl GameRecord {
    fn open_setup_node(
        &self,
        f: &mut fmt::Formatter<'_>,
        node_is_move: &mut bool,
        moves_on_line: &mut usize,
    ) -> fmt::Result {
        if *node_is_move {
            f.write_str("\n;")?;
            *node_is_move = false;
            *moves_on_line = 0;
        }
        Ok(())
    }

    fn sgf_move(&self, mv: Move) -> String {
        match mv {
            Move::Play(p) if self.geometry.contains(p) => self.geometry.to_sgf(p),
            _ => String::new(),
        }
    }
}

/// Escapes SimpleText: `\` and `]` get a backslash; line breaks become
/// spaces (SimpleText has none).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | ']' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The SGF text of a position: stones as `AB`/`AW`, `PL`, `SZ`, `KM`, `RU`.
///
/// ```
/// use go_board::{sgf, Board};
/// let board = Board::from_diagram("X . .\n. O .\n. . .")?;
/// let text = sgf::write_position(&board);
/// let again = sgf::load(&text, sgf::Until::End)?.board;
/// assert_eq!(again.position_hash(), board.position_hash());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_position(board: &Board) -> String {
    GameRecord::from_position(board).to_sgf()
}

/// The SGF text of a game: the position before the board's history as
/// setup, then its moves ([`GameRecord::from_board`]).
///
/// ```
/// use go_board::{sgf, Board, Color};
/// let mut board = Board::new(5)?;
/// board.play(Color::Black, "C3".parse()?)?;
/// assert_eq!(sgf::write_game(&board), "(;GM[1]FF[4]CA[UTF-8]SZ[5]KM[6.5]RU[Japanese]\n;B[cc])\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_game(board: &Board) -> String {
    GameRecord::from_board(board).to_sgf()
}
