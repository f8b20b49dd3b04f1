//! SGF reading, GNU Go `loadsgf` replay semantics, writing and round trips,
//! and the loader's robustness on arbitrary and damaged text.
//!
//! The expected colours and stones of the replay cases are GNU Go 3.8's
//! answers to `loadsgf` on the same files (checked by hand with
//! `/usr/games/gnugo --mode gtp`; `sgf_peers.rs` checks suite files
//! automatically).

use go_board::sgf::{
    self, GameEvent, GameRecord, LoadedPosition, SgfError, Stop, SyntaxProblem, Until,
};
use go_board::{Board, Color, Geometry, Move, PlayError, Point, Rules, SuicideRule};
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn load(text: &str, until: Until) -> LoadedPosition {
    sgf::load(text, until).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The stones of a position as sorted GTP vertices, like GNU Go's
/// `list_stones`.
fn stones(board: &Board, color: Color) -> Vec<String> {
    let mut v: Vec<String> = board
        .stones_of(color)
        .iter()
        .map(|p| p.to_string())
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ----- Reading ---------------------------------------------------------

/// `PL[W]` before White's first move: the start position had White to
/// move, so White recreating it with Black to move is legal under
/// situational superko, illegal under positional superko.
///
/// ```text
/// . O . X .     White C5 leaves {B5,C5} one liberty; Black A5 takes
/// O X X . .     both; White B5 takes A5 back, recreating the start.
/// O . . . .
/// ```
#[test]
fn player_to_move_from_pl_counts_for_situational_superko() {
    use go_board::KoRule;
    let text = "(;GM[1]FF[4]SZ[5]AW[ba][ab][ac]AB[da][bb][cb]PL[W];W[ca];B[aa])";
    let position = load(text, Until::End);
    assert_eq!(position.to_play, Color::White);
    let mut board = position.board;
    let b5 = pt("B5");
    let mut rules = *board.rules();
    rules.ko = KoRule::SituationalSuperko;
    board.set_rules(rules);
    assert!(board.is_legal(Color::White, b5));
    rules.ko = KoRule::PositionalSuperko;
    board.set_rules(rules);
    assert!(!board.is_legal(Color::White, b5));
}

#[test]
fn root_properties_are_read() {
    let record = GameRecord::parse(
        "(;GM[1]FF[4]SZ[13]KM[0.5]HA[2]RU[Chinese]PB[Black \\] One]PW[White]RE[W+R]
          AB[dd][jj];W[gg])",
    )
    .unwrap();
    assert_eq!(record.geometry().width(), 13);
    assert_eq!(record.info.komi, Some(0.5));
    assert_eq!(record.info.handicap, Some(2));
    assert_eq!(record.info.rules.as_deref(), Some("Chinese"));
    assert_eq!(
        record.info.players[Color::Black].as_deref(),
        Some("Black ] One")
    );
    assert_eq!(record.info.result.as_deref(), Some("W+R"));
    assert_eq!(record.rules(), Rules::chinese().with_komi(0.5));
}

#[test]
fn missing_size_means_nineteen_and_rectangles_are_read() {
    assert_eq!(
        GameRecord::parse("(;B[aa])").unwrap().geometry().width(),
        19
    );
    let record = GameRecord::parse("(;SZ[7:5];B[ga];W[ae])").unwrap();
    let geo = record.geometry();
    assert_eq!((geo.width(), geo.height()), (7, 5));
    let moves: Vec<_> = record.moves().collect();
    assert_eq!(moves[0], (Color::Black, Move::Play(pt("G5"))));
    assert_eq!(moves[1], (Color::White, Move::Play(pt("A1"))));
}

#[test]
fn compressed_point_lists_expand() {
    let record = GameRecord::parse("(;SZ[9]AB[aa:cb][ee]AW[gg:gi])").unwrap();
    let board = record.board().unwrap();
    assert_eq!(
        stones(&board, Color::Black),
        sorted(&["A9", "B9", "C9", "A8", "B8", "C8", "E5"])
    );
    assert_eq!(stones(&board, Color::White), sorted(&["G3", "G2", "G1"]));
    // Corners in the other order span the same rectangle.
    let reversed = GameRecord::parse("(;SZ[9]AB[cb:aa])")
        .unwrap()
        .board()
        .unwrap();
    assert_eq!(reversed.stones_of(Color::Black).len(), 6);
}

#[test]
fn passes_are_empty_values_and_tt_up_to_nineteen() {
    let moves = |text: &str| -> Vec<Move> {
        GameRecord::parse(text)
            .unwrap()
            .moves()
            .map(|(_, m)| m)
            .collect()
    };
    assert_eq!(moves("(;SZ[19];B[];W[tt])"), [Move::Pass, Move::Pass]);
    assert_eq!(moves("(;SZ[9];B[tt])"), [Move::Pass]);
    // On 21x21 `tt` is the point T2 (column t, 20th row from the top).
    assert_eq!(moves("(;SZ[21];B[tt])"), [Move::Play(pt("U2"))]);
    // GNU Go reads a move beyond the board as a pass; we refuse it.
    assert!(GameRecord::parse("(;SZ[9];B[zz])").is_err());
}

#[test]
fn main_line_follows_first_children() {
    let record = GameRecord::parse("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))").unwrap();
    let moves: Vec<_> = record.moves().map(|(_, m)| m.to_string()).collect();
    assert_eq!(moves, ["A9", "B8", "C7"]);
}

#[test]
fn only_the_first_game_of_a_collection_is_read() {
    let record = GameRecord::parse("(;SZ[9];B[aa])(;SZ[13];B[bb];W[cc])").unwrap();
    assert_eq!(record.geometry().width(), 9);
    assert_eq!(record.num_moves(), 1);
}

#[test]
fn old_style_files_load() {
    // FF[3] mixed-case identifiers, text before the tree, PL[2], HA[0].
    let text = "Some header text\n(;GaMe[1]SiZe[9]HA[0]AddBlack[ee]PL[2];W[cc])";
    let record = GameRecord::parse(text).unwrap();
    assert_eq!(record.info.handicap, Some(0));
    assert_eq!(record.events()[1], GameEvent::ToPlay(Color::White));
    assert_eq!(record.num_moves(), 1);
}

// ----- Errors ----------------------------------------------------------

#[test]
fn errors_name_the_problem() {
    let err = |text: &str| GameRecord::parse(text).unwrap_err();
    assert!(matches!(err(""), SgfError::NoGameTree));
    assert!(matches!(err("just text"), SgfError::NoGameTree));
    assert!(matches!(err("(;GM[2]SZ[9])"), SgfError::NotGo(v) if v == "2"));
    assert!(matches!(
        err("(;SZ[30])"),
        SgfError::UnsupportedSize {
            width: 30,
            height: 30
        }
    ));
    assert!(matches!(
        err("(;SZ[1])"),
        SgfError::UnsupportedSize {
            width: 1,
            height: 1
        }
    ));
    assert!(matches!(
        err("(;SZ[300])"),
        SgfError::UnsupportedSize {
            width: 300,
            height: 300
        }
    ));
    assert!(
        matches!(err("(;SZ[big])"), SgfError::BadProperty { property, .. } if property == "SZ")
    );
    assert!(matches!(
        err("(;SZ[9];B[a1])"),
        SgfError::BadPoint { property, value } if property == "B" && value == "a1"
    ));
    assert!(matches!(
        err("(;SZ[9]AB[zz])"),
        SgfError::BadPoint { property, value } if property == "AB" && value == "zz"
    ));
    assert!(matches!(
        err("(;SZ[3]HA[9])"),
        SgfError::BadHandicap { handicap: 9, .. }
    ));
    assert!(matches!(
        err("(;SZ[9]HA[-2])"),
        SgfError::BadHandicap { handicap: -2, .. }
    ));
    match err("(;SZ[9]\n;B[aa]\n;W[bb]C[unclosed") {
        SgfError::Syntax {
            line,
            column,
            problem,
        } => {
            assert_eq!((line, column), (3, 8));
            assert_eq!(problem, SyntaxProblem::UnterminatedValue("C".into()));
        }
        other => panic!("{other:?}"),
    }
    let message = err("(;SZ[9];B[aa] ? )").to_string();
    assert_eq!(
        message,
        "SGF syntax error at line 1, column 15: unexpected character '?'"
    );
}

#[test]
fn setup_without_liberties_is_an_error() {
    let err = sgf::load("(;SZ[9]AW[aa]AB[ab][ba])", Until::End).unwrap_err();
    assert!(
        matches!(
            err,
            SgfError::Setup {
                moves_played: 0,
                ..
            }
        ),
        "{err}"
    );
}

// ----- GNU Go loadsgf replay semantics ---------------------------------

#[test]
fn colour_to_play_follows_gnugo() {
    let text = "(;SZ[5];B[cc];W[tt];B[];W[bb])";
    // GNU Go 3.8: end → black; 3 → black; 1 → black; C3 → black; pass → white.
    assert_eq!(load(text, Until::End).to_play, Color::Black);
    assert_eq!(load(text, Until::BeforeMove(3)).to_play, Color::Black);
    assert_eq!(load(text, Until::BeforeMove(2)).to_play, Color::White);
    assert_eq!(load(text, Until::BeforeMove(1)).to_play, Color::Black);
    assert_eq!(load(text, Until::BeforeMove(9)).to_play, Color::Black);
    assert_eq!(
        load(text, Until::FirstMoveAt(Move::Play(pt("C3")))).to_play,
        Color::Black
    );
    let at_pass = load(text, Until::FirstMoveAt(Move::Pass));
    assert_eq!((at_pass.to_play, at_pass.moves_played), (Color::White, 1));
    // B2 never occurs: load to the end.
    let never = load(text, Until::FirstMoveAt(Move::Play(pt("B2"))));
    assert_eq!((never.stop, never.moves_played), (Stop::End, 4));
}

#[test]
fn stopping_before_a_move_answers_that_moves_colour() {
    // Two black moves in a row: before move 2 Black is to play.
    let text = "(;SZ[9];B[ee];B[cc];W[gg])";
    let p = load(text, Until::BeforeMove(2));
    assert_eq!((p.to_play, p.stop), (Color::Black, Stop::Reached));
    assert_eq!(p.board.to_play(), Color::Black);
}

#[test]
fn player_to_move_applies_when_no_move_follows() {
    assert_eq!(load("(;SZ[9]PL[W])", Until::End).to_play, Color::White);
    assert_eq!(load("(;SZ[9]PL[1])", Until::End).to_play, Color::Black);
    assert_eq!(load("(;SZ[9]PL[2])", Until::End).to_play, Color::White);
    assert_eq!(load("(;SZ[9]PL[w])", Until::End).to_play, Color::White);
    // A trailing PL overrides the colour the last move implies.
    assert_eq!(
        load("(;SZ[9];B[ee];PL[B])", Until::End).to_play,
        Color::Black
    );
    // A following move overrides PL.
    assert_eq!(
        load("(;SZ[9]PL[W];B[ee])", Until::BeforeMove(1)).to_play,
        Color::Black
    );
}

#[test]
fn handicap_gives_white_the_move() {
    let p = load("(;SZ[9]HA[2]AB[cc][gg])", Until::End);
    assert_eq!(p.to_play, Color::White);
    // HA 0 and 1 do not.
    assert_eq!(load("(;SZ[9]HA[1])", Until::End).to_play, Color::Black);
}

#[test]
fn handicap_without_stones_places_gnugos_fixed_handicap() {
    // GNU Go 3.8 on (;SZ[9]HA[3];W[ee];B[cc]): C7 G7 C3 placed, W E5, then
    // B C7 is on an occupied point (GNU Go stops there; we refuse it).
    let p = load("(;SZ[9]HA[3];W[ee];B[cc])", Until::BeforeMove(2));
    assert_eq!(stones(&p.board, Color::Black), sorted(&["C7", "G7", "C3"]));
    assert_eq!(stones(&p.board, Color::White), ["E5"]);
    assert_eq!(p.to_play, Color::Black);
    assert!(matches!(
        sgf::load("(;SZ[9]HA[3];W[ee];B[cc])", Until::End),
        Err(SgfError::IllegalMove { number: 2, color: Color::Black, point, source: PlayError::Occupied(_) })
            if point == pt("C7")
    ));
    // The stones are placed before the first move is checked.
    let before = load("(;SZ[9]HA[3];W[ee];B[cc])", Until::BeforeMove(1));
    assert_eq!(before.board.stones_of(Color::Black).len(), 3);
    assert_eq!(before.to_play, Color::White);
    // PL[W] on an empty board places them too.
    let pl = load("(;SZ[19]HA[9]PL[W])", Until::End);
    assert_eq!(pl.board.stones_of(Color::Black).len(), 9);
    // Black moving first (free placement) does not.
    let free = load("(;SZ[19]HA[2];B[dd];B[pp];W[dp])", Until::End);
    assert_eq!(stones(&free.board, Color::Black), sorted(&["D16", "Q4"]));
}

#[test]
fn setup_overwrites_and_applies_a_node_at_once() {
    // SGF FF[4]: "it doesn't matter what was there before". (GNU Go 3.8
    // would skip AB on the white stone and ignore AE.)
    let p = load("(;SZ[5]AW[cc];AB[cc][dd];AE[dd][aa])", Until::End);
    assert_eq!(stones(&p.board, Color::Black), ["C3"]);
    assert!(p.board.stones_of(Color::White).is_empty());
    // Mid-way through this node A5 has no liberties; at its end it is gone.
    let p = load("(;SZ[5]AB[aa]AW[ab][ba]AE[aa])", Until::End);
    assert_eq!(stones(&p.board, Color::White), sorted(&["A4", "B5"]));
    assert!(p.board.stones_of(Color::Black).is_empty());
    // Setup on a later node, between moves.
    let p = load("(;SZ[5];B[cc];AW[dd];W[bb])", Until::End);
    assert_eq!(stones(&p.board, Color::White), sorted(&["D2", "B4"]));
    assert_eq!(p.moves_played, 2);
    assert_eq!(p.to_play, Color::Black);
    // Setup that changes nothing keeps the board's history.
    let p = load("(;SZ[5];B[cc];AB[cc];W[bb])", Until::End);
    assert_eq!(p.board.moves().count(), 2);
}

#[test]
fn suicide_in_a_file_is_refused_where_the_rules_forbid_it() {
    // W A5 is suicide: refused under the default rules, with its number.
    let text = "(;SZ[5]AB[ab][ba];W[aa];B[cc];W[dd];B[ee])";
    let err = sgf::load(text, Until::End).unwrap_err();
    assert!(
        matches!(
            err,
            SgfError::IllegalMove {
                number: 1,
                color: Color::White,
                source: PlayError::Suicide(_),
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "move 1 (white A5) cannot be played: A5 is suicide"
    );
    // The position before it loads.
    let p = load(text, Until::BeforeMove(1));
    assert_eq!(p.to_play, Color::White);
    // Rules that allow suicide replay it: the whole white block goes.
    let text = "(;SZ[5]RU[NZ]AB[ca][cb][ac][bc]AW[aa];W[ab];W[bb];W[ba];B[ee])";
    let p = load(text, Until::End);
    assert_eq!(stones(&p.board, Color::White), Vec::<String>::new());
    assert_eq!(p.moves_played, 4);
    assert_eq!(p.board.rules().suicide, SuicideRule::Allowed);
}

#[test]
fn illegal_ko_recapture_in_a_file_is_refused() {
    // B C4 takes the ko at B4; W retakes at once: move 2 is illegal.
    let text = "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb];B[ee])";
    assert!(matches!(
        sgf::load(text, Until::End),
        Err(SgfError::IllegalMove {
            number: 2,
            source: PlayError::Ko(_),
            ..
        })
    ));
    let p = load(text, Until::BeforeMove(2));
    assert_eq!(p.board.color_at(pt("C4")), Some(Color::Black));
    assert_eq!(p.to_play, Color::White);
}

#[test]
fn a_move_on_an_occupied_point_is_refused_with_its_number() {
    let err = sgf::load("(;SZ[9]AB[cc];B[dd];W[cc];B[ee])", Until::End).unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 (white C7) cannot be played: C7 is occupied"
    );
}

#[test]
fn a_move_off_the_board_is_refused_and_tt_is_a_pass() {
    let err = GameRecord::parse("(;SZ[9];B[aa];W[zz];B[bb])").unwrap_err();
    assert!(
        matches!(&err, SgfError::OffBoardMove { number: 2, color: Color::White, value, .. } if value == "zz"),
        "{err}"
    );
    assert_eq!(err.to_string(), "move 2 (white [zz]) is off the 9x9 board");
    assert!(GameRecord::parse("(;SZ[9];B[ja])").is_err());
    // FF[3]'s pass on boards up to 19×19.
    let record = GameRecord::parse("(;SZ[9];B[aa];W[tt])").unwrap();
    assert_eq!(record.moves().nth(1), Some((Color::White, Move::Pass)));
    // On a larger board `tt` is a point, and beyond it an error.
    assert!(GameRecord::parse("(;SZ[21];B[tt])").is_ok());
    assert!(GameRecord::parse("(;SZ[21:19];B[ut])").is_err());
}

#[test]
fn a_rectangular_size_gives_a_rectangular_board() {
    let p = load("(;GM[1]SZ[19:13];B[aa];W[sm])", Until::End);
    let geo = p.board.geometry();
    assert_eq!((geo.width(), geo.height()), (19, 13));
    assert_eq!(p.board.color_at(pt("A13")), Some(Color::Black));
    assert_eq!(p.board.color_at(pt("T1")), Some(Color::White));
    assert!(GameRecord::parse("(;GM[1]SZ[19:13];B[an])").is_err());
}

#[test]
fn absurd_komi_is_refused_and_unreadable_komi_ignored() {
    for km in ["1e39", "1e300", "inf", "NaN", "1000.5", "-2000"] {
        let text = format!("(;SZ[9]KM[{km}])");
        assert!(
            matches!(GameRecord::parse(&text), Err(SgfError::BadProperty { ref property, .. }) if property == "KM"),
            "{text}"
        );
    }
    assert_eq!(
        GameRecord::parse("(;KM[-1000])").unwrap().info.komi,
        Some(-1000.0)
    );
    assert_eq!(
        GameRecord::parse("(;KM[-3.25])").unwrap().info.komi,
        Some(-3.25)
    );
    // Text that is no number is ignored, as GNU Go does.
    assert_eq!(GameRecord::parse("(;KM[six])").unwrap().info.komi, None);
}

#[test]
fn files_that_are_not_regular_are_refused_before_reading() {
    for path in ["/dev/zero", "/dev/urandom", "/dev/null", "/"] {
        if std::path::Path::new(path).exists() {
            assert!(
                matches!(GameRecord::read_file(path), Err(SgfError::NotAFile { .. })),
                "{path}"
            );
        }
    }
}

#[test]
fn files_beyond_the_size_limit_are_refused() {
    let path = std::env::temp_dir().join(format!("go-board-big-{}.sgf", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    // A sparse file: no disk space used.
    file.set_len(sgf::MAX_FILE_SIZE + 1).unwrap();
    let result = GameRecord::read_file(&path);
    let _ = std::fs::remove_file(&path);
    assert!(matches!(result, Err(SgfError::TooLarge { limit, .. }) if limit == sgf::MAX_FILE_SIZE));
}

#[test]
fn loaded_board_has_the_records_rules_and_history() {
    let p = load(
        "(;SZ[9]KM[0.5]RU[Tromp-Taylor]AB[aa];B[ee];W[dd])",
        Until::End,
    );
    assert_eq!(p.board.rules(), &Rules::tromp_taylor().with_komi(0.5));
    let history: Vec<_> = p.board.moves().collect();
    assert_eq!(
        history,
        [
            (Color::Black, Move::Play(pt("E5"))),
            (Color::White, Move::Play(pt("D6")))
        ]
    );
    assert_eq!(p.board.captures(Color::Black), 0);
}

#[test]
fn captures_are_counted_during_replay() {
    let p = load("(;SZ[5]AW[aa];B[ab];W[ee];B[ba])", Until::End);
    assert_eq!(p.board.captures(Color::Black), 1);
    // A suicided stone counts for the opponent, as GNU Go reports it.
    let p = load("(;SZ[5]RU[NZ]AB[ab][ba];W[aa];B[cc])", Until::End);
    assert_eq!(p.board.captures(Color::Black), 1);
}

#[test]
fn until_parses_gtp_arguments() {
    assert_eq!("".parse::<Until>(), Ok(Until::End));
    assert_eq!("7".parse::<Until>(), Ok(Until::BeforeMove(7)));
    assert_eq!(
        "q16".parse::<Until>(),
        Ok(Until::FirstMoveAt(Move::Play(pt("Q16"))))
    );
    assert_eq!("PASS".parse::<Until>(), Ok(Until::FirstMoveAt(Move::Pass)));
    for bad in ["0", "-1", "I5", "99999999999", "A0"] {
        assert!(bad.parse::<Until>().is_err(), "{bad}");
    }
    for until in [
        Until::End,
        Until::BeforeMove(3),
        Until::FirstMoveAt(Move::Pass),
    ] {
        assert_eq!(until.to_string().parse::<Until>(), Ok(until));
    }
}

// ----- Writing and round trips -------------------------------------------

/// The setup and moves of SGF text as sgf-parse reads them, converted to
/// our events by hand: an independent reading of what we write.
fn events_by_sgf_parse(text: &str) -> (usize, usize, Vec<GameEvent>) {
    use sgf_parse::go::{Move as M, Prop};
    let nodes = sgf_parse::go::parse(text).expect("sgf-parse reads our SGF");
    let root = &nodes[0];
    root.validate().expect("our SGF is valid FF[4]");
    let (w, h) = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => (*w as usize, *h as usize),
        other => panic!("SZ: {other:?}"),
    };
    let point = |p: &sgf_parse::go::Point| Point::new(p.x as usize, h - 1 - p.y as usize);
    let mut events = Vec::new();
    for node in root.main_variation() {
        for prop in node.properties() {
            let setup = |color, set: &std::collections::HashSet<sgf_parse::go::Point>| {
                let mut points: Vec<Point> = set.iter().map(point).collect();
                points.sort();
                GameEvent::Setup { color, points }
            };
            match prop {
                Prop::B(M::Move(p)) => {
                    events.push(GameEvent::Move(Color::Black, Move::Play(point(p))))
                }
                Prop::W(M::Move(p)) => {
                    events.push(GameEvent::Move(Color::White, Move::Play(point(p))))
                }
                Prop::B(M::Pass) => events.push(GameEvent::Move(Color::Black, Move::Pass)),
                Prop::W(M::Pass) => events.push(GameEvent::Move(Color::White, Move::Pass)),
                Prop::AB(s) => events.push(setup(Some(Color::Black), s)),
                Prop::AW(s) => events.push(setup(Some(Color::White), s)),
                Prop::AE(s) => events.push(setup(None, s)),
                Prop::PL(sgf_parse::Color::Black) => events.push(GameEvent::ToPlay(Color::Black)),
                Prop::PL(sgf_parse::Color::White) => events.push(GameEvent::ToPlay(Color::White)),
                _ => {}
            }
        }
    }
    (w, h, events)
}

fn same_position(a: &Board, b: &Board) -> bool {
    a.stones_of(Color::Black) == b.stones_of(Color::Black)
        && a.stones_of(Color::White) == b.stones_of(Color::White)
        && a.to_play() == b.to_play()
        && a.geometry().width() == b.geometry().width()
        && a.geometry().height() == b.geometry().height()
}

/// A random game from a seed: optional setup stones, then legal moves and
/// passes, then maybe an explicit side to move.
fn random_game(width: usize, height: usize, seed: u64, len: usize, rules: Rules) -> Board {
    let geo = Geometry::new(width, height).unwrap();
    let mut board = Board::with_geometry(geo, rules);
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    if next() % 3 == 0 {
        let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
        for &p in geo.points() {
            if next() % 9 == 0 {
                setup.push((p, Some(Color::ALL[(next() % 2) as usize])));
            }
        }
        let _ = board.setup(setup);
        if next() % 2 == 0 {
            board.set_to_play(Color::White);
        }
    }
    for _ in 0..len {
        let color = board.to_play();
        let legal: Vec<Point> = board.legal_moves(color).iter().collect();
        if legal.is_empty() || next() % 15 == 0 {
            board.pass();
        } else {
            let p = legal[(next() % legal.len() as u64) as usize];
            board.play(color, p).unwrap();
        }
    }
    if next() % 4 == 0 {
        board.set_to_play(board.to_play().opposite());
    }
    board
}

#[test]
fn written_positions_read_back_identically() {
    for (i, &(w, h)) in [(2, 2), (5, 5), (9, 9), (7, 5), (19, 19), (25, 25), (3, 25)]
        .iter()
        .enumerate()
    {
        let board = random_game(w, h, 17 + i as u64, 3 * w * h / 2, Rules::default());
        let record = GameRecord::from_position(&board);
        let text = record.to_sgf();
        let again = GameRecord::parse(&text).unwrap();
        assert_eq!(again, record, "{text}");
        let loaded = again.board().unwrap();
        assert!(same_position(&loaded, &board), "{text}\n{loaded}\n{board}");
        assert_eq!(loaded.rules(), board.rules());
        let (sw, sh, events) = events_by_sgf_parse(&text);
        assert_eq!((sw, sh), (w, h));
        assert_eq!(events, record.events());
    }
}

/// A random property: identifier and values, mostly sensible for Go on
/// boards up to 19×19, sometimes malformed or off the board.
fn property() -> impl Strategy<Value = (String, Vec<String>)> {
    let coords = |n: u8| {
        (0..n, 0..n).prop_map(|(x, y)| format!("{}{}", (b'a' + x) as char, (b'a' + y) as char))
    };
    let bad = prop::sample::select(vec!["", "tt", "zz", "a", "A1", "aZ"]).prop_map(String::from);
    // Moves anywhere up to 19x19 (beyond the board they are passes); setup
    // points on every board from 9x9.
    let move_point = prop_oneof![60 => coords(19), 1 => bad.clone()];
    let setup_point = prop_oneof![200 => coords(9), 1 => bad];
    let points = prop::collection::vec(
        prop_oneof![
            4 => setup_point.clone(),
            1 => (setup_point.clone(), setup_point).prop_map(|(a, b)| format!("{a}:{b}")),
        ],
        1..6,
    );
    let text = |v: Vec<&'static str>| prop::sample::select(v).prop_map(|s| vec![s.to_string()]);
    prop_oneof![
        12 => (prop::sample::select(vec!["B", "W"]), move_point).prop_map(|(id, p)| (id.to_string(), vec![p])),
        3 => (prop::sample::select(vec!["AB", "AW", "AE"]), points).prop_map(|(id, v)| (id.to_string(), v)),
        1 => text(vec!["B", "W", "1", "2", "x", ""]).prop_map(|v| ("PL".to_string(), v)),
        1 => text(vec!["0", "1", "2", "4", "9", "2", "9", "-1", "400", "x"]).prop_map(|v| ("HA".to_string(), v)),
        1 => text(vec!["6.5", "0", "-3", "x", "inf"]).prop_map(|v| ("KM".to_string(), v)),
        1 => text(vec!["Japanese", "AGA", "x\\]y"]).prop_map(|v| ("RU".to_string(), v)),
        1 => text(vec!["1", "1", "1", "1", "2"]).prop_map(|v| ("GM".to_string(), v)),
        1 => text(vec!["a comment", "c\\]"]).prop_map(|v| ("C".to_string(), v)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Games written from a board's history read back to the same record,
    /// the same final position (captures included) and the same moves, by
    /// our loader and by sgf-parse.
    #[test]
    fn written_games_read_back_identically(
        size in prop::sample::select(vec![(2usize, 2usize), (5, 5), (9, 9), (13, 13), (19, 19), (25, 25), (7, 5), (4, 11)]),
        seed in any::<u64>(),
        len in 0usize..120,
        tromp_taylor in any::<bool>(),
    ) {
        let rules = if tromp_taylor { Rules::tromp_taylor() } else { Rules::default() };
        let board = random_game(size.0, size.1, seed, len, rules);
        let record = GameRecord::from_board(&board);
        let text = record.to_sgf();
        let again = GameRecord::parse(&text).unwrap();
        prop_assert_eq!(&again, &record);
        let loaded = again.position(Until::End).unwrap();
        prop_assert_eq!(loaded.stop, Stop::End);
        prop_assert!(same_position(&loaded.board, &board), "{}\n{}\n{}", text, loaded.board, board);
        prop_assert_eq!(loaded.board.rules(), board.rules());
        for color in Color::ALL {
            prop_assert_eq!(loaded.board.captures(color), board.captures(color));
        }
        prop_assert_eq!(loaded.board.moves().collect::<Vec<_>>(), board.moves().collect::<Vec<_>>());
        prop_assert_eq!(loaded.board.position_hash(), board.position_hash());
        let (w, h, events) = events_by_sgf_parse(&text);
        prop_assert_eq!((w, h), size);
        prop_assert_eq!(&events[..], record.events());
        // Every prefix: loading before move n equals undoing the rest.
        let n = record.num_moves();
        if n > 0 {
            let k = (seed % n as u64) as usize;
            let partial = again.position(Until::BeforeMove(k as u32 + 1)).unwrap();
            let mut undone = board.clone();
            for _ in k..n { undone.undo(); }
            prop_assert_eq!(partial.board.stones_of(Color::Black), undone.stones_of(Color::Black));
            prop_assert_eq!(partial.board.stones_of(Color::White), undone.stones_of(Color::White));
            let next_mover = board.moves().nth(k).map(|(c, _)| c).unwrap();
            prop_assert_eq!(partial.to_play, next_mover);
        }
    }

    /// Arbitrary text: a record or an error, never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Ok(record) = GameRecord::parse(&text) {
            let _ = record.position(Until::End);
            let _ = record.to_sgf();
        }
    }

    /// Well-formed SGF with random properties, mostly sensible values and
    /// some bad ones: records replay without panics to consistent boards,
    /// and what we write we read back.
    #[test]
    fn random_properties_never_panic(
        size in prop_oneof![
            20 => prop::sample::select(vec!["9", "19", "13", "11:17", "25"]),
            1 => prop::sample::select(vec!["5", "1", "x", "26", "7:5"]),
        ],
        root in prop::collection::vec(property(), 0..4),
        nodes in prop::collection::vec(prop::collection::vec(property(), 0..3), 1..40),
        variation_at in any::<prop::sample::Index>(),
        until in 0u32..30,
    ) {
        let mut text = format!("(;SZ[{size}]");
        let write = |text: &mut String, props: &[(String, Vec<String>)]| {
            for (id, values) in props {
                text.push_str(id);
                for v in values {
                    text.push('[');
                    text.push_str(v);
                    text.push(']');
                }
            }
        };
        write(&mut text, &root);
        let split = variation_at.index(nodes.len());
        for (i, node) in nodes.iter().enumerate() {
            if i == split && i > 0 {
                text.push_str("(;B[aa])(");
            }
            text.push(';');
            write(&mut text, node);
        }
        if split > 0 {
            text.push(')');
        }
        text.push(')');
        if let Ok(record) = GameRecord::parse(&text) {
            let _ = record.position(Until::BeforeMove(until));
            let _ = record.position(Until::FirstMoveAt(Move::Pass));
            if let Ok(end) = record.position(Until::End) {
                prop_assert!(end.board.check_consistency().is_ok());
            }
            prop_assert_eq!(GameRecord::parse(&record.to_sgf()).unwrap(), record);
        }
    }

    /// A valid game damaged by byte flips, insertions, deletions and
    /// truncation: a record or an error, never a panic.
    #[test]
    fn damaged_sgf_never_panics(
        seed in any::<u64>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..4), 1..8),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let board = random_game(9, 9, seed, 60, Rules::default());
        let mut bytes = sgf::write_game(&board).into_bytes();
        for (at, byte, kind) in edits {
            if bytes.is_empty() { break; }
            let i = at.index(bytes.len());
            match kind {
                0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                2 => { bytes.remove(i); }
                _ => bytes[i] = b"()[];:\\"[usize::from(byte) % 7],
            }
        }
        if truncate && !bytes.is_empty() {
            bytes.truncate(cut.index(bytes.len()));
        }
        if let Ok(record) = GameRecord::from_bytes(&bytes) {
            let _ = record.position(Until::End);
            let _ = record.position(Until::BeforeMove(30));
            let _ = record.to_sgf();
        }
    }
}

#[test]
fn very_long_main_lines_do_not_overflow_the_stack() {
    // 200,000 nodes of passes: the tree is walked and dropped iteratively.
    let mut text = String::from("(;SZ[9]");
    for i in 0..200_000 {
        text.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    text.push(')');
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || GameRecord::parse(&text).map(|r| r.num_moves()))
        .unwrap();
    assert_eq!(handle.join().unwrap().unwrap(), 200_000);
}

#[test]
fn game_sgf_output_is_stable() {
    let mut board = Board::new(9).unwrap();
    board
        .setup([
            (pt("C3"), Some(Color::Black)),
            (pt("G7"), Some(Color::White)),
        ])
        .unwrap();
    for (c, v) in [
        (Color::Black, "E5"),
        (Color::White, "E6"),
        (Color::Black, "D6"),
    ] {
        board.play(c, pt(v)).unwrap();
    }
    board.pass();
    assert_eq!(
        sgf::write_game(&board),
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]AB[cg]AW[gc]\n;B[ee];W[ed];B[dd];W[])\n"
    );
}

#[test]
fn lenient_reading_reports_every_repair_and_strict_reading_refuses_them() {
    use go_board::sgf::Repair;
    let ignored = |p: &str, v: &str| Repair::IgnoredValue {
        property: p.into(),
        value: v.into(),
    };
    let cases: &[(&str, &[Repair])] = &[
        ("(;SZ[9];B[ee])", &[]),
        ("(;SZ[9];B[ee])\n(;SZ[13])", &[]),
        (
            "(;SZ[9]HA[two]PL[q];B[ee])",
            &[ignored("HA", "two"), ignored("PL", "q")],
        ),
        (
            "(;SZ[9]KM[six];B[ee]",
            &[Repair::MissingParentheses(1), ignored("KM", "six")],
        ),
        ("From: someone\n(;SZ[9];B[ee])", &[Repair::IgnoredText]),
        ("(;SZ[9](;B[ee];W[cc]", &[Repair::MissingParentheses(2)]),
    ];
    for &(text, expected) in cases {
        let record = GameRecord::parse(text).unwrap();
        assert_eq!(record.repairs(), expected, "{text:?}");
        let strict = GameRecord::parse_strict(text);
        match expected.first() {
            None => assert!(strict.is_ok(), "{text:?}"),
            Some(first) => assert!(
                matches!(&strict, Err(SgfError::NeedsRepair(r)) if r == first),
                "{text:?}: {strict:?}"
            ),
        }
    }
}
