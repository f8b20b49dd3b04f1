//! Setup and play commands over a [`TimedGame`](crate::TimedGame).

use std::time::Duration;

use go_board::sgf::Until;
use go_board::{Color, Move, Point};

use super::next_board_vertex;
use crate::handicap::{fixed_handicap, free_handicap};
use crate::{
    AnalyzeKind, Args, GtpError, HandicapError, HasGame, Registry, Response, TimeLeft,
    TimeSettings, TimedGame,
};
use go_board::score::Score;

/// `play` for `color` at the vertex `args` name.
fn play_as<S: HasGame>(
    state: &mut S,
    color: Color,
    args: &mut Args<'_>,
) -> Result<Response, GtpError> {
    let mv = next_board_vertex(args, state.board())?;
    state
        .game_mut()
        .play(color, mv)
        .map(|_| Response::empty())
        .map_err(|_| GtpError::IllegalMove(crate::ColoredMove { color, mv }))
}

/// Registers the commands that set up and play a game, for any state with
/// a [`TimedGame`](crate::TimedGame):
///
/// | command | answer |
/// | --- | --- |
/// | `boardsize N` | empty board of side N (2..=25, else `unacceptable size`) |
/// | `clear_board` | empty board, moves and handicap forgotten |
/// | `komi K` | `komi must be a finite number from -1000 to 1000, got K` beyond [`Rules::MAX_KOMI`](go_board::Rules::MAX_KOMI) |
/// | `play C V` | `illegal move` when it is |
/// | `black V`, `white V` | GTP version 1's forms of `play b V` and `play w V` |
/// | `undo` | `cannot undo` without a move to take back |
/// | `showboard` | the board, with captures, on the lines after `=` |
/// | `loadsgf FILE [N\|V]` | the colour to play; up to before move N, or the first move at V (GNU Go's semantics); `cannot load file: REASON` for anything but a regular file of at most 16 MiB ([`MAX_FILE_SIZE`](go_board::sgf::MAX_FILE_SIZE)), or a record with an illegal move (its number in the reason). What the lenient reader repaired to read the file ([`Repair`](go_board::sgf::Repair)) goes to standard error, a line `loadsgf FILE: repaired: WHAT` each, so that the answer stays the colour |
/// | `printsgf [FILE]` | the game as SGF (setup, then moves), or written to FILE, which must be a regular file if it exists ([`crate::output`]) |
/// | `fixed_handicap N`, `place_free_handicap N` | the stones placed |
/// | `set_free_handicap V…` | |
/// | `get_handicap` | the number of handicap stones |
/// | `time_settings M B S`, `time_left C T S` | |
/// | `final_score` | `B+3.5`, `W+0.5` or `0`, counting every stone as alive |
/// | `final_status_list alive\|dead\|seki` | blocks, one per line |
/// | `move_history` | the moves, newest first, one per line |
/// | `go_rules [NAME]`, `kgs-rules NAME` | a rule set by name (keeping the komi) |
/// | `go_param_rules [KEY VALUE]` | Fuego's `allow_suicide 0\|1`, `japanese_scoring 0\|1`, `ko_rule simple\|superko\|pos_superko`; without arguments all, as a GoGui `param` list |
///
/// ```
/// use go_gtp::{commands, Engine, TimedGame, Registry};
///
/// let mut registry = Registry::new("setup only", "1");
/// commands::register_game(&mut registry);
/// let mut engine = Engine::new(registry, TimedGame::default());
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 9\nfixed_handicap 3\nundo\nboardsize 30\n"[..], &mut out)?;
/// assert_eq!(
///     String::from_utf8(out)?,
///     "= \n\n= C7 G7 C3\n\n? cannot undo\n\n? unacceptable size\n\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register_game<S: HasGame>(registry: &mut Registry<S>) {
    registry
        .register("boardsize", |state: &mut S, args| {
            let size = args.next_int()?;
            let resized = usize::try_from(size)
                .ok()
                .and_then(|side| state.game_mut().resize(side).ok());
            resized
                .map(|()| Response::empty())
                .ok_or(GtpError::UnacceptableSize(size))
        })
        .register("clear_board", |state: &mut S, _| {
            state.game_mut().clear();
            Ok(Response::empty())
        })
        .register("komi", |state: &mut S, args| {
            let komi = args.next_float()?;
            // Checked in f64 first: 1e39 would become an infinite f32.
            if !komi.is_finite() || komi.abs() > f64::from(go_board::Rules::MAX_KOMI) {
                return Err(GtpError::message(crate::KomiError(komi).to_string()));
            }
            state
                .game_mut()
                .set_komi(komi as f32)
                .map_err(|e| GtpError::message(e.to_string()))?;
            Ok(Response::empty())
        })
        .register("play", |state: &mut S, args| {
            let color = args.next_color()?;
            play_as(state, color, args)
        })
        // GTP version 1's `black V` and `white V`, which GNU Go's regression
        // suites still use: `play` with the colour in the name.
        .register("black", |state: &mut S, args| {
            play_as(state, Color::Black, args)
        })
        .register("white", |state: &mut S, args| {
            play_as(state, Color::White, args)
        })
        .register("undo", |state: &mut S, _| {
            state
                .game_mut()
                .undo()
                .map(|_| Response::empty())
                .ok_or(GtpError::CannotUndo)
        })
        .register("showboard", |state: &mut S, _| {
            Ok(Response::new(showboard(state.game())))
        })
        .register("fixed_handicap", |state: &mut S, args| {
            let count = args.next_int()?;
            let game = state.game_mut();
            if !game.is_empty() {
                return Err(GtpError::BoardNotEmpty);
            }
            let stones =
                fixed_handicap(game.geometry(), count).ok_or(GtpError::InvalidHandicap(count))?;
            place_handicap(game, &stones)
        })
        .register("place_free_handicap", |state: &mut S, args| {
            let count = args.next_int()?;
            let game = state.game_mut();
            if !game.is_empty() {
                return Err(GtpError::BoardNotEmpty);
            }
            let stones =
                free_handicap(game.geometry(), count).ok_or(GtpError::InvalidHandicap(count))?;
            place_handicap(game, &stones)
        })
        .register("set_free_handicap", |state: &mut S, args| {
            let mut stones = Vec::new();
            while !args.is_empty() {
                match next_board_vertex(args, state.board()) {
                    Ok(Move::Play(p)) => stones.push(p),
                    Ok(Move::Pass) | Err(_) => return Err(GtpError::BadVertexList),
                }
            }
            place_handicap(state.game_mut(), &stones).map(|_| Response::empty())
        })
        .register("loadsgf", |state: &mut S, args| {
            let file = args.next_string()?;
            let until = match args.next_opt::<String>()? {
                None => Until::End,
                Some(word) => word.parse::<Until>().map_err(|_| {
                    GtpError::Syntax(crate::ArgError::Invalid {
                        expected: "move number or vertex",
                        found: word,
                    })
                })?,
            };
            let (to_play, repairs) =
                state
                    .game_mut()
                    .load_sgf_repaired(file, until)
                    .map_err(|e| GtpError::CannotLoadFile {
                        file: file.to_string(),
                        reason: one_line(&e.to_string()),
                    })?;
            // The answer stays the colour alone, as GTP wants it; what was
            // repaired goes to standard error, where engines put diagnostics.
            for note in repair_notes(file, &repairs) {
                eprintln!("{note}");
            }
            Ok(Response::from(to_play))
        })
        .register("printsgf", |state: &mut S, args| {
            let text = state.game().record().to_sgf();
            match args.next_opt::<String>()? {
                None => Ok(Response::new(text)),
                Some(file) => crate::output::write_output(&file, text.as_bytes())
                    .map(|()| Response::empty())
                    .map_err(|e| GtpError::message(one_line(&e.to_string()))),
            }
        })
        .register("get_handicap", |state: &mut S, _| {
            Ok(Response::from(state.game().handicap().len()))
        })
        .register("time_settings", |state: &mut S, args| {
            let settings = TimeSettings {
                main_time: Duration::from_secs(args.next_int()?.into()),
                byo_yomi_time: Duration::from_secs(args.next_int()?.into()),
                byo_yomi_stones: args.next_int()?,
            };
            state.game_mut().clock_mut().settings = Some(settings);
            Ok(Response::empty())
        })
        .register("time_left", |state: &mut S, args| {
            let color = args.next_color()?;
            let left = TimeLeft {
                time: Duration::from_secs(args.next_int()?.into()),
                stones: args.next_int()?,
            };
            state.game_mut().clock_mut().left[color] = Some(left);
            Ok(Response::empty())
        })
        .register("final_score", |state: &mut S, _| {
            Ok(Response::from(Score::alive(state.board()).to_string()))
        })
        .register("final_status_list", |state: &mut S, args| {
            let status = args.next_string()?;
            let alive = match status {
                "alive" => true,
                "dead" | "seki" => false,
                _ => {
                    return Err(GtpError::Syntax(crate::ArgError::Invalid {
                        expected: "alive, dead or seki",
                        found: status.to_string(),
                    }));
                }
            };
            // Every stone counts as alive (see `final_score`).
            let blocks = if alive {
                super::inspect::blocks_text(state.board(), |_| true)
            } else {
                Vec::new()
            };
            Ok(Response::lines(blocks))
        })
        .register("move_history", |state: &mut S, _| {
            Ok(Response::lines(
                state
                    .game()
                    .moves()
                    .rev()
                    .map(|(color, mv)| crate::ColoredMove { color, mv }),
            ))
        })
        .add_analyze(AnalyzeKind::String, "Final score", "final_score");
    super::rules::register_rules(registry);
}

/// A message on one line: a GTP failure reply cannot hold line breaks
/// (a path or a parse error might).
/// The lines `loadsgf` writes to standard error for what the lenient SGF
/// reader repaired in `file`: `loadsgf FILE: repaired: WHAT`, one each.
fn repair_notes(file: &str, repairs: &[go_board::sgf::Repair]) -> Vec<String> {
    repairs
        .iter()
        .map(|r| one_line(&format!("loadsgf {file}: repaired: {r}")))
        .collect()
}

fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Puts handicap stones and answers them in GNU Go's order.
fn place_handicap(game: &mut TimedGame, stones: &[Point]) -> Result<Response, GtpError> {
    match game.set_handicap(stones) {
        Ok(()) => Ok(Response::words(crate::handicap::gnugo_order(
            stones.iter().copied(),
        ))),
        Err(HandicapError::BoardNotEmpty) => Err(GtpError::BoardNotEmpty),
        Err(HandicapError::Count(n)) => Err(GtpError::InvalidHandicap(n)),
        // `OffBoard` and `Repeated`, and any reason go-board adds later
        // (the enum is non-exhaustive): the vertex list is at fault.
        Err(_) => Err(GtpError::BadVertexList),
    }
}

/// The board as `showboard` answers it: on the lines after `=`, with the
/// captures beside the two lowest rows as GNU Go prints them.
fn showboard(game: &TimedGame) -> String {
    let board = game.board();
    let diagram = board.to_string();
    let mut lines: Vec<String> = diagram.lines().map(str::to_string).collect();
    let n = lines.len();
    // The diagram is a header, the rows from the top, a footer: rows 2 and
    // 1 are the third and second lines from the end.
    for (offset, color) in [(3, Color::White), (2, Color::Black)] {
        if let Some(line) = n.checked_sub(offset).and_then(|i| lines.get_mut(i)) {
            let captured = board.captures(color);
            let name = match color {
                Color::Black => "BLACK (X)",
                Color::White => "WHITE (O)",
            };
            let stones = if captured == 1 { "stone" } else { "stones" };
            line.push_str(&format!("     {name} has captured {captured} {stones}"));
        }
    }
    format!("\n{}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Command;

    fn run(commands: &[&str]) -> Vec<Result<String, GtpError>> {
        let mut registry = Registry::new("t", "0");
        register_game(&mut registry);
        let mut game = TimedGame::default();
        commands
            .iter()
            .map(|line| {
                let command: Command = line.parse().unwrap();
                registry.call(&mut game, &command).map(|r| r.into_text())
            })
            .collect()
    }

    #[test]
    fn a_repaired_file_loads_with_the_colour_alone_and_its_repairs_noted() {
        let path = std::env::temp_dir().join(format!("go-gtp-loadsgf-{}.sgf", std::process::id()));
        std::fs::write(&path, "junk (;SZ[9]KM[abc];B[ee]").unwrap();
        let file = path.display().to_string();
        let answers = run(&[&format!("loadsgf {file}"), "showboard"]);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(answers[0], Ok("white".to_string()));
        let mut game = TimedGame::default();
        std::fs::write(&path, "junk (;SZ[9]KM[abc];B[ee]").unwrap();
        let (_, repairs) = game.load_sgf_repaired(&path, Until::End).unwrap();
        std::fs::remove_file(&path).unwrap();
        let notes = repair_notes(&file, &repairs);
        assert_eq!(
            notes,
            [
                format!("loadsgf {file}: repaired: skipped text outside the game tree"),
                format!("loadsgf {file}: repaired: supplied 1 missing `)`"),
                format!("loadsgf {file}: repaired: ignored KM[abc]"),
            ]
        );
        assert!(repair_notes(&file, &[]).is_empty());
    }

    #[test]
    fn handicap_errors_follow_the_specification() {
        let answers = run(&[
            "boardsize 9",
            "set_free_handicap A1",
            "set_free_handicap A1 A1",
            "set_free_handicap A1 K1",
            "set_free_handicap A1 pass",
            "fixed_handicap 10",
            "place_free_handicap 81",
            "set_free_handicap A1 B2",
            "fixed_handicap 2",
        ]);
        assert_eq!(
            answers[1..],
            [
                Err(GtpError::InvalidHandicap(1)),
                Err(GtpError::BadVertexList),
                Err(GtpError::BadVertexList),
                Err(GtpError::BadVertexList),
                Err(GtpError::InvalidHandicap(10)),
                Err(GtpError::InvalidHandicap(81)),
                Ok(String::new()),
                Err(GtpError::BoardNotEmpty),
            ]
        );
    }

    #[test]
    fn showboard_reports_captures_beside_the_lowest_rows() {
        let answers = run(&[
            "boardsize 3",
            "play w A1",
            "play b A2",
            "play b B1",
            "showboard",
        ]);
        let board = answers[4].as_ref().unwrap();
        assert!(board.starts_with('\n'));
        let lines: Vec<&str> = board.lines().collect();
        assert!(
            lines[3].ends_with("WHITE (O) has captured 0 stones"),
            "{board}"
        );
        assert!(
            lines[4].ends_with("BLACK (X) has captured 1 stone"),
            "{board}"
        );
    }

    #[test]
    fn absurd_komi_is_refused_and_the_komi_kept() {
        let answers = run(&[
            "komi 7.5",
            "komi 1e39",
            "komi inf",
            "komi nan",
            "komi -1000.5",
            "komi -1000",
        ]);
        assert_eq!(answers[0], Ok(String::new()));
        assert_eq!(
            answers[1],
            Err(GtpError::message(
                "komi must be a finite number from -1000 to 1000, got 1000000000000000000000000000000000000000"
            ))
        );
        for answer in &answers[2..5] {
            assert!(answer.is_err(), "{answer:?}");
        }
        assert_eq!(answers[5], Ok(String::new()));
        let mut registry = Registry::new("t", "0");
        register_game(&mut registry);
        let mut game = TimedGame::default();
        for line in ["komi 0.5", "komi 1e39", "komi inf"] {
            let _ = registry.call(&mut game, &line.parse::<Command>().unwrap());
        }
        assert_eq!(game.rules().komi, 0.5);
    }

    #[test]
    fn loadsgf_refuses_devices_and_directories_with_a_reason() {
        let answers = run(&["loadsgf /dev/zero", "loadsgf /", "loadsgf /no/such.sgf"]);
        for answer in &answers {
            let Err(GtpError::CannotLoadFile { reason, .. }) = answer else {
                panic!("{answer:?}");
            };
            assert!(!reason.contains('\n'));
        }
        assert_eq!(
            answers[0].as_ref().unwrap_err().to_string(),
            "cannot load file: cannot read /dev/zero: not a regular file"
        );
    }

    #[test]
    fn printsgf_refuses_to_write_over_a_device() {
        let answers = run(&["printsgf /dev/null", "printsgf /"]);
        assert_eq!(
            answers[0],
            Err(GtpError::message(
                "/dev/null is not a regular file: refusing to write to it"
            ))
        );
        assert!(answers[1].is_err());
    }

    #[test]
    fn move_history_is_newest_first() {
        let answers = run(&["boardsize 9", "play b E5", "play w pass", "move_history"]);
        assert_eq!(answers[3], Ok("white PASS\nblack E5".to_string()));
    }

    #[test]
    fn gtp_version_one_black_and_white_play_moves() {
        let answers = run(&[
            "boardsize 9",
            "black E5",
            "white pass",
            "black E5",
            "white Z9",
            "move_history",
        ]);
        assert_eq!(answers[1], Ok(String::new()));
        assert!(matches!(answers[3], Err(GtpError::IllegalMove(_))));
        assert!(answers[4].is_err(), "off the board");
        assert_eq!(answers[5], Ok("white PASS\nblack E5".to_string()));
    }

    #[test]
    fn final_status_lists_every_block_as_alive() {
        let answers = run(&[
            "boardsize 5",
            "play b A1",
            "play b A2",
            "play w E5",
            "final_status_list alive",
            "final_status_list dead",
            "final_status_list seki",
            "final_status_list undecided",
        ]);
        assert_eq!(answers[4], Ok("E5\nA2 A1".to_string()));
        assert_eq!(answers[5], Ok(String::new()));
        assert_eq!(answers[6], Ok(String::new()));
        assert!(answers[7].is_err());
    }
}
