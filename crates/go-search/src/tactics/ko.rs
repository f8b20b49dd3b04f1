//! The one ko model of the local fights: every local game of the workspace that
//! reads a fight on a board (the capture game here, go-life's life-and-death and
//! connection games) meets a ko ban the same way.
//!
//! A side banned from retaking a ko may retake at once if it has a ko threat
//! left: it plays the threat elsewhere (a pass on the local board), the opponent
//! answers it (the ban lifts), and it retakes, spending the threat. With no
//! threat left the retake is illegal. Searches then read a question once with
//! no threats for either side (whoever takes a ko first wins it) and, when a ko
//! ban mattered, again with unlimited threats for one side: GNU Go's ko codes
//! (see [`TacticalCode`](super::TacticalCode)) come from comparing the answers.
//!
//! ```
//! use go_board::{Board, Color, Move};
//! use go_search::tactics::{KoFight, KoPlay, KoThreats};
//!
//! // White has just taken the ko at B2 (capturing at C2): Black may not retake
//! // at once, unless a threat is spent first.
//! let mut board = Board::from_diagram(
//!     ". X O .
//!      X . X O
//!      . X O .",
//! )?;
//! board.play(Color::White, "B2".parse()?)?;
//! let c2 = "C2".parse()?;
//! assert!(KoFight::default().play(&mut board.clone(), Color::Black, c2).is_err());
//!
//! let mut fight = KoFight::new(KoThreats::Limited(1), KoThreats::Limited(0));
//! let played = fight.play(&mut board, Color::Black, c2)?;
//! assert_eq!(played, KoPlay::AfterThreat);
//! assert_eq!(fight.threats(Color::Black), KoThreats::Limited(0));
//! fight.take_back(&mut board, Color::Black, played);
//! assert_eq!(fight.threats(Color::Black), KoThreats::Limited(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use go_board::{Board, ByColor, Color, PlayError, Point};

/// How many ko threats a side of a local fight may use: each lets it retake a ko
/// at once (as if the opponent had answered a threat elsewhere).
///
/// ```
/// use go_search::tactics::KoThreats;
/// assert!(KoThreats::Unlimited.available());
/// assert!(!KoThreats::Limited(0).available());
/// assert_eq!(KoThreats::Limited(2).to_string(), "2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KoThreats {
    /// This many threats.
    Limited(u8),
    /// As many as the side wants.
    Unlimited,
}

impl Default for KoThreats {
    /// No threat.
    fn default() -> Self {
        KoThreats::Limited(0)
    }
}

impl fmt::Display for KoThreats {
    /// The count, or `unlimited`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KoThreats::Limited(n) => write!(f, "{n}"),
            KoThreats::Unlimited => f.write_str("unlimited"),
        }
    }
}

impl KoThreats {
    /// Whether one threat is left.
    ///
    /// ```
    /// use go_search::tactics::KoThreats;
    /// assert!(KoThreats::Limited(1).available());
    /// ```
    #[must_use]
    pub const fn available(self) -> bool {
        !matches!(self, KoThreats::Limited(0))
    }

    /// One threat fewer (unlimited stays unlimited).
    ///
    /// ```
    /// use go_search::tactics::KoThreats;
    /// assert_eq!(KoThreats::Limited(2).spend(), KoThreats::Limited(1));
    /// assert_eq!(KoThreats::Unlimited.spend(), KoThreats::Unlimited);
    /// ```
    #[must_use]
    pub const fn spend(self) -> KoThreats {
        match self {
            KoThreats::Limited(n) => KoThreats::Limited(n.saturating_sub(1)),
            KoThreats::Unlimited => KoThreats::Unlimited,
        }
    }

    /// One threat more: undoes [`spend`](Self::spend).
    ///
    /// ```
    /// use go_search::tactics::KoThreats;
    /// assert_eq!(KoThreats::Limited(0).restore(), KoThreats::Limited(1));
    /// ```
    #[must_use]
    pub const fn restore(self) -> KoThreats {
        match self {
            KoThreats::Limited(n) => KoThreats::Limited(n.saturating_add(1)),
            KoThreats::Unlimited => KoThreats::Unlimited,
        }
    }

    /// A number telling the counts apart (ten bits), for hash keys.
    ///
    /// ```
    /// use go_search::tactics::KoThreats;
    /// assert_ne!(KoThreats::Limited(3).key(), KoThreats::Unlimited.key());
    /// ```
    #[must_use]
    pub const fn key(self) -> u64 {
        match self {
            KoThreats::Limited(n) => n as u64,
            KoThreats::Unlimited => 0x3ff,
        }
    }
}

/// How [`KoFight::play`] played a stone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KoPlay {
    /// An ordinary legal move: one move on the board.
    Plain,
    /// A ko retaken at once after a threat: a pass and the stone, two moves on
    /// the board, and one threat spent.
    AfterThreat,
}

impl KoPlay {
    /// The moves it put on the board (and [`KoFight::take_back`] takes off).
    ///
    /// ```
    /// use go_search::tactics::KoPlay;
    /// assert_eq!(KoPlay::AfterThreat.board_moves(), 2);
    /// ```
    #[must_use]
    pub const fn board_moves(self) -> usize {
        match self {
            KoPlay::Plain => 1,
            KoPlay::AfterThreat => 2,
        }
    }
}

/// The ko threats of both colours in a local fight, and the rule for using them
/// (see the [module docs](self)). The default gives neither side a threat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KoFight {
    threats: ByColor<KoThreats>,
}

impl KoFight {
    /// A fight where Black has `black` threats and White `white`.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_search::tactics::{KoFight, KoThreats};
    /// let fight = KoFight::new(KoThreats::Unlimited, KoThreats::Limited(0));
    /// assert_eq!(fight.threats(Color::Black), KoThreats::Unlimited);
    /// ```
    #[must_use]
    pub fn new(black: KoThreats, white: KoThreats) -> KoFight {
        KoFight {
            threats: ByColor::new(black, white),
        }
    }

    /// The threats left to `color`.
    #[must_use]
    pub fn threats(&self, color: Color) -> KoThreats {
        self.threats[color]
    }

    /// Gives `color` `threats`.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_search::tactics::{KoFight, KoThreats};
    /// let mut fight = KoFight::default();
    /// fight.set_threats(Color::White, KoThreats::Limited(2));
    /// assert_eq!(fight.threats(Color::White), KoThreats::Limited(2));
    /// ```
    pub fn set_threats(&mut self, color: Color, threats: KoThreats) {
        self.threats[color] = threats;
    }

    /// A number telling the threat counts of both sides apart, for hash keys
    /// (twenty bits: Black's count above White's).
    ///
    /// ```
    /// use go_search::tactics::{KoFight, KoThreats};
    /// let a = KoFight::new(KoThreats::Limited(1), KoThreats::Limited(0));
    /// let b = KoFight::new(KoThreats::Limited(0), KoThreats::Limited(1));
    /// assert_ne!(a.key(), b.key());
    /// ```
    #[must_use]
    pub fn key(&self) -> u64 {
        self.threats[Color::Black].key() << 10 | self.threats[Color::White].key()
    }

    /// Plays a stone of `color` at `p`: as [`Board::play`], except that a ko
    /// retake the ban forbids is played after a threat when `color` has one
    /// left (a pass, then the stone; the threat is spent).
    ///
    /// # Errors
    /// The [`PlayError`] of the move; [`PlayError::Ko`] when the ban holds and
    /// no threat is left. The board is unchanged after an error.
    pub fn play(&mut self, board: &mut Board, color: Color, p: Point) -> Result<KoPlay, PlayError> {
        match board.play(color, p) {
            Ok(_) => Ok(KoPlay::Plain),
            Err(PlayError::Ko(k)) if self.threats[color].available() => {
                // A threat answered elsewhere lifts the ban.
                board.pass_as(color);
                if board.play(color, p).is_err() {
                    board.undo();
                    return Err(PlayError::Ko(k));
                }
                self.threats[color] = self.threats[color].spend();
                Ok(KoPlay::AfterThreat)
            }
            Err(e) => Err(e),
        }
    }

    /// Takes back a stone of `color` that [`play`](Self::play) played as
    /// `played`, giving back the threat it spent.
    pub fn take_back(&mut self, board: &mut Board, color: Color, played: KoPlay) {
        for _ in 0..played.board_moves() {
            board.undo();
        }
        self.give_back(color, played);
    }

    /// Gives back the threat `played` spent, the board's moves having been taken
    /// back by the caller.
    pub fn give_back(&mut self, color: Color, played: KoPlay) {
        if played == KoPlay::AfterThreat {
            self.threats[color] = self.threats[color].restore();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ko of the module docs, White having just taken it.
    fn ko_taken() -> (Board, Point) {
        let mut board = Board::from_diagram(
            ". X O .
             X . X O
             . X O .",
        )
        .expect("diagram");
        board
            .play(Color::White, "B2".parse().expect("point"))
            .expect("White takes the ko");
        (board, "C2".parse().expect("point"))
    }

    #[test]
    fn retake_without_a_threat_is_refused_and_leaves_the_board() {
        let (mut board, c2) = ko_taken();
        let before = board.hash();
        let mut fight = KoFight::new(KoThreats::Limited(0), KoThreats::Unlimited);
        assert!(matches!(
            fight.play(&mut board, Color::Black, c2),
            Err(PlayError::Ko(_))
        ));
        assert_eq!(board.hash(), before);
    }

    #[test]
    fn retake_after_a_threat_spends_it_and_take_back_restores_all() {
        let (mut board, c2) = ko_taken();
        let before = board.hash();
        let mut fight = KoFight::new(KoThreats::Limited(2), KoThreats::Limited(0));
        let played = fight.play(&mut board, Color::Black, c2).expect("retake");
        assert_eq!(played, KoPlay::AfterThreat);
        assert_eq!(board.color_at(c2), Some(Color::Black));
        assert_eq!(fight.threats(Color::Black), KoThreats::Limited(1));
        fight.take_back(&mut board, Color::Black, played);
        assert_eq!(board.hash(), before);
        assert_eq!(fight.threats(Color::Black), KoThreats::Limited(2));
    }

    #[test]
    fn unlimited_threats_never_run_out() {
        let (mut board, c2) = ko_taken();
        let mut fight = KoFight::new(KoThreats::Unlimited, KoThreats::Limited(0));
        assert_eq!(
            fight.play(&mut board, Color::Black, c2),
            Ok(KoPlay::AfterThreat)
        );
        assert_eq!(fight.threats(Color::Black), KoThreats::Unlimited);
    }

    #[test]
    fn keys_tell_the_counts_of_both_sides_apart() {
        let counts = [
            KoThreats::Limited(0),
            KoThreats::Limited(1),
            KoThreats::Limited(5),
            KoThreats::Unlimited,
        ];
        let mut keys = Vec::new();
        for b in counts {
            for w in counts {
                keys.push(KoFight::new(b, w).key());
            }
        }
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
    }
}
