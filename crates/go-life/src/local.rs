//! What the local searches of this crate (life, connection, race) share: the
//! board they search on, how a move is played under go-search's one ko model
//! ([`KoMoves`]), the position's hash, the df-pn engine built from a budget,
//! and GNU Go's ko codes from a plain search and one with threats
//! ([`ko_coded`]).

use go_board::{Board, Color, KoRule, Move, PlayError, Rules};
use go_search::tactics::{KoFight, KoPlay, KoThreats, TacticalCode};
use go_search::{Dfpn, DfpnOptions, Game, OptionsError, Player, SearchLimits};

/// A copy of `board` for a local search: simple ko, the search's path telling
/// longer repetitions apart, and no passes counted before the search (a
/// finished game's two passes would end it at once).
pub(crate) fn local_board(board: &Board) -> Board {
    let mut board = board.clone();
    board.forget_passes();
    let mut rules: Rules = *board.rules();
    rules.ko = KoRule::Simple;
    board.set_rules(rules);
    board
}

/// The moves of a local search under go-search's one ko model
/// ([`KoFight`]): a ko retake the ban forbids is played after a threat when the
/// mover has one left. Remembers how to take each move back, and whether a ko
/// ban ever stopped or shaped a move (only then can other threats change an
/// answer).
#[derive(Clone, Debug, Default)]
pub(crate) struct KoMoves {
    fight: KoFight,
    played: Vec<(Color, KoPlay)>,
    met: bool,
}

impl KoMoves {
    /// Plays `mv` for the side to move: a pass, or a stone if it is legal (a
    /// retake after a threat counts as legal).
    pub(crate) fn play(&mut self, board: &mut Board, mv: Move) -> bool {
        let color = board.to_play();
        let how = match mv {
            Move::Pass => {
                board.pass_as(color);
                KoPlay::Plain
            }
            Move::Play(p) => match self.fight.play(board, color, p) {
                Ok(how) => {
                    self.met |= how == KoPlay::AfterThreat;
                    how
                }
                Err(PlayError::Ko(_)) => {
                    self.met = true;
                    return false;
                }
                Err(_) => return false,
            },
        };
        self.played.push((color, how));
        true
    }

    /// Takes back the last move [`play`](Self::play) made; `false` when there is
    /// none.
    pub(crate) fn undo(&mut self, board: &mut Board) -> bool {
        match self.played.pop() {
            Some((color, how)) => {
                self.fight.take_back(board, color, how);
                true
            }
            None => false,
        }
    }

    /// Gives `color` `threats`.
    pub(crate) fn set_threats(&mut self, color: Color, threats: KoThreats) {
        self.fight.set_threats(color, threats);
    }

    /// The threats left to `color`.
    pub(crate) fn threats(&self, color: Color) -> KoThreats {
        self.fight.threats(color)
    }

    /// Whether a ko ban stopped a move, or a threat lifted one, so far.
    pub(crate) fn ko_met(&self) -> bool {
        self.met
    }

    /// The part of a position's hash the threats left make.
    pub(crate) fn key(&self) -> u64 {
        self.fight.key().wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `First` when `first` holds: the side a local game calls first (the
/// attacker, the disconnector) is to move.
pub(crate) const fn player(first: bool) -> Player {
    if first { Player::First } else { Player::Second }
}

/// The board's hash, with one pass just played and two told apart from
/// none and from each other (two passes end a local game: the position
/// after them is over, the same stones after one pass are not).
pub(crate) fn hash(board: &Board) -> u64 {
    let passed = match board.consecutive_passes() {
        0 => 0,
        1 => 0x9e37_79b9_7f4a_7c15,
        _ => 0x3c6e_f372_fe94_f82b,
    };
    board.hash() ^ passed
}

/// A df-pn engine with a node budget, a depth limit and a table of
/// `2^tt_bits` entries.
pub(crate) fn dfpn<G: Game>(nodes: u64, depth: u32, tt_bits: u32) -> Dfpn<G> {
    Dfpn::new(dfpn_options(nodes, depth, tt_bits))
}

/// The same engine, or why its sizes are refused ([`Dfpn::try_new`]): a
/// table outside `1..=MAX_TT_BITS` bits or that cannot be allocated, a
/// node budget of 0.
pub(crate) fn try_dfpn<G: Game>(
    nodes: u64,
    depth: u32,
    tt_bits: u32,
) -> Result<Dfpn<G>, OptionsError> {
    Dfpn::try_new(dfpn_options(nodes, depth, tt_bits))
}

/// The readers read a search's line themselves ([`PV_LENGTH`] moves at most),
/// once they have read what the search met: reading it plays moves on the game.
fn dfpn_options(nodes: u64, depth: u32, tt_bits: u32) -> DfpnOptions {
    let limits = SearchLimits::default().with_nodes(nodes).with_depth(depth);
    DfpnOptions::default()
        .with_limits(limits)
        .with_tt_bits(tt_bits)
        .with_pv_length(0)
}

/// The longest principal variation a reader's answer carries.
pub(crate) const PV_LENGTH: usize = 64;

/// The principal variation of an answer: empty when it fails, else `line` when
/// that starts with its move, else its move alone (the answer's move is not the
/// search's, and no line is known behind it).
pub(crate) fn answer_line(best_move: Option<Move>, line: Vec<Move>) -> Vec<Move> {
    match best_move {
        None => Vec::new(),
        Some(m) if line.first() == Some(&m) => line,
        Some(m) => vec![m],
    }
}

/// An answer of a local reader that GNU Go's ko codes apply to.
pub(crate) trait KoCoded: Sized {
    /// The answer's code.
    fn code(&self) -> TacticalCode;
    /// Whether the search finished within its budget.
    fn certain(&self) -> bool;
    /// Nodes spent.
    fn nodes(&self) -> u64;
    /// The answer with `code` (no move when it fails) and `nodes` spent in all.
    fn recoded(self, code: TacticalCode, nodes: u64) -> Self;
}

/// Implements [`KoCoded`] for a result struct with the fields `code`,
/// `best_move`, `pv`, `certain` and `nodes` (the life and connection readers').
macro_rules! impl_ko_coded {
    ($result:ty) => {
        impl $crate::local::KoCoded for $result {
            fn code(&self) -> go_search::tactics::TacticalCode {
                self.code
            }

            fn certain(&self) -> bool {
                self.certain
            }

            fn nodes(&self) -> u64 {
                self.nodes
            }

            fn recoded(self, code: go_search::tactics::TacticalCode, nodes: u64) -> Self {
                let succeeds = code.succeeds();
                Self {
                    code,
                    best_move: if succeeds { self.best_move } else { None },
                    pv: if succeeds { self.pv } else { Vec::new() },
                    nodes,
                    ..self
                }
            }
        }
    };
}
pub(crate) use impl_ko_coded;

/// GNU Go's ko codes for a question first searched with no ko threats on
/// either side (`plain`; whoever takes a ko first wins it). When no ko ban
/// mattered there (`ko_met` false), that answer stands. Otherwise `again(true)`
/// searches with unlimited threats for the side asking, `again(false)` for the
/// other side:
/// - the asking side succeeded: if it surely fails once the other side has
///   threats, the success rests on a ko it takes first (code 2), else it is
///   unconditional (1), with the move that works against the threats. A search
///   that ran out of budget proves nothing (threats make searches harder).
/// - the asking side failed: success with its threats is a ko in which it needs
///   the first threat (code 3), else a failure (0).
pub(crate) fn ko_coded<R: KoCoded, E>(
    plain: R,
    ko_met: bool,
    mut again: impl FnMut(bool) -> Result<R, E>,
) -> Result<R, E> {
    if !ko_met {
        return Ok(plain);
    }
    if plain.code().succeeds() {
        let against = again(false)?;
        let nodes = plain.nodes() + against.nodes();
        if against.code().succeeds() && against.certain() {
            // The move that works whatever threats the other side has is the
            // unconditional answer; the plain search's may be a ko.
            let code = plain.code();
            return Ok(against.recoded(code, nodes));
        }
        let code = if !against.code().succeeds() && against.certain() {
            TacticalCode::KoTakeFirst
        } else {
            plain.code()
        };
        return Ok(plain.recoded(code, nodes));
    }
    let loose = again(true)?;
    let nodes = plain.nodes() + loose.nodes();
    let code = if loose.code().succeeds() {
        TacticalCode::KoNeedsThreat
    } else {
        TacticalCode::Loss
    };
    Ok(loose.recoded(code, nodes))
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_pass_and_two_hash_apart() {
        // Black passes then White passes, or White passes alone: the same
        // stones and side to move, but only the first is over.
        let mut two = go_board::Board::new(9).expect("size");
        two.pass();
        two.pass();
        let mut one = go_board::Board::new(9).expect("size");
        one.set_to_play(go_board::Color::White);
        one.pass();
        assert_eq!(one.to_play(), two.to_play());
        assert_eq!(one.position_hash(), two.position_hash());
        assert_ne!(super::hash(&one), super::hash(&two));
    }

    #[test]
    fn a_local_board_forgets_the_games_last_passes() {
        let mut board = go_board::Board::new(9).expect("size");
        board.pass();
        board.pass();
        let local = super::local_board(&board);
        assert_eq!(local.consecutive_passes(), 0);
        assert_eq!(local.to_play(), board.to_play());
    }

    use super::*;

    /// A stand-in answer: its code, whether it is certain, and its nodes.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Answer(TacticalCode, bool, u64);

    impl KoCoded for Answer {
        fn code(&self) -> TacticalCode {
            self.0
        }
        fn certain(&self) -> bool {
            self.1
        }
        fn nodes(&self) -> u64 {
            self.2
        }
        fn recoded(self, code: TacticalCode, nodes: u64) -> Self {
            Answer(code, self.1, nodes)
        }
    }

    const WIN: Answer = Answer(TacticalCode::Win, true, 10);
    const LOSS: Answer = Answer(TacticalCode::Loss, true, 20);
    const UNSURE_LOSS: Answer = Answer(TacticalCode::Loss, false, 30);

    /// The code for a plain answer and the answers with threats for the asking
    /// side (`asking`) and for the other side (`other`), checking that only the
    /// search the rule needs is made.
    fn code(plain: Answer, ko_met: bool, asking: Answer, other: Answer) -> Answer {
        let mut asked = Vec::new();
        let r: Result<Answer, ()> = ko_coded(plain, ko_met, |side| {
            asked.push(side);
            Ok(if side { asking } else { other })
        });
        let r = r.expect("no error");
        match (ko_met, plain.0.succeeds()) {
            (false, _) => assert!(asked.is_empty()),
            (true, true) => assert_eq!(asked, [false]),
            (true, false) => assert_eq!(asked, [true]),
        }
        r
    }

    #[test]
    fn an_answer_no_ko_ban_touched_stands() {
        assert_eq!(code(WIN, false, LOSS, LOSS), WIN);
        assert_eq!(code(LOSS, false, WIN, WIN), LOSS);
    }

    #[test]
    fn a_success_that_the_other_sides_threats_undo_is_a_ko_taken_first() {
        let r = code(WIN, true, WIN, LOSS);
        assert_eq!(r.0, TacticalCode::KoTakeFirst);
        assert_eq!(r.2, 30, "the nodes of both searches");
    }

    #[test]
    fn a_success_that_survives_threats_or_an_unfinished_search_is_plain() {
        assert_eq!(code(WIN, true, LOSS, WIN).0, TacticalCode::Win);
        assert_eq!(code(WIN, true, LOSS, UNSURE_LOSS).0, TacticalCode::Win);
    }

    #[test]
    fn a_failure_that_threats_turn_round_is_a_ko_needing_a_threat() {
        assert_eq!(code(LOSS, true, WIN, LOSS).0, TacticalCode::KoNeedsThreat);
        assert_eq!(code(LOSS, true, LOSS, WIN).0, TacticalCode::Loss);
    }
}
