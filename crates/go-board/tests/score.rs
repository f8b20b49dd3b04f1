//! Scoring: hand-checked diagrams, and a differential test against GNU Go's
//! `final_score` on random games played to the end.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use common::{Rng, board, pt};
use go_board::{
    Board, Color, Geometry, Move, Point, PointSet, Position, Rules, Score, ScoreError, Scoring,
};

fn set(points: &[&str]) -> PointSet {
    points.iter().map(|s| pt(s)).collect()
}

// ----- Hand-checked diagrams ----------------------------------------------

const FINISHED: &str = "
    . X O . .
    X X O . .
    X O O O O
    X X X X X
    . X . X .";

#[test]
fn tromp_taylor_counts_stones_and_empty_points_reaching_one_colour() {
    let b = Board::from_diagram_with_rules(FINISHED, Rules::chinese()).unwrap();
    let s = Score::tromp_taylor(&b);
    // Black: 11 stones, A5, A1, C1, E1. White: 6 stones, D5, E5, D4, E4.
    assert_eq!(s.stones[Color::Black], 11);
    assert_eq!(s.stones[Color::White], 6);
    assert_eq!(s.territory[Color::Black], 4);
    assert_eq!(s.territory[Color::White], 4);
    assert_eq!(
        s.territory_points[Color::Black],
        set(&["A5", "A1", "C1", "E1"])
    );
    assert_eq!(s.dame, 0);
    assert_eq!((s.black, s.white), (15.0, 10.0 + 7.5));
    assert_eq!(s.to_string(), "W+2.5");
    assert_eq!(s.scoring, Scoring::Area);
}

#[test]
fn dame_touching_both_colours_counts_for_nobody() {
    let b = board(
        "X . O
         X . O
         X . O",
    );
    let s = Score::tromp_taylor(&b);
    assert_eq!(s.dame, 3);
    assert_eq!(s.black, 3.0);
    assert_eq!(s.white, 3.0 + 6.5);
}

#[test]
fn an_empty_board_is_all_dame() {
    let b = Board::new(9).unwrap();
    let s = Score::tromp_taylor(&b);
    assert_eq!(s.dame, 81);
    assert_eq!(s.margin(), -6.5);
}

#[test]
fn dead_stones_become_the_opponents_area_and_prisoners() {
    // The White stone at C2 is dead inside Black's area.
    let b = board(
        ". . . X O .
         . . . X O .
         . . . X O .
         . . . X O .
         . . O X O .
         . . . X O .",
    );
    let dead = set(&["C2"]);
    let area = Score::area(&b, &dead).unwrap();
    // Columns A to C (C2's point included) and the six stones of D.
    assert_eq!(area.black, 18.0 + 6.0);
    assert_eq!(area.white, 12.0 + 6.5);
    let territory = Score::territory(&b, &dead).unwrap();
    assert_eq!(territory.prisoners[Color::Black], 1);
    assert_eq!(territory.black, 18.0 + 1.0);
    assert_eq!(territory.white, 6.0 + 6.5);
    assert_eq!(territory.dead, set(&["C2"]));
}

#[test]
fn marking_one_stone_marks_its_block() {
    let b = board(
        ". . . X O .
         . O O X O .
         . . . X O .",
    );
    let s = Score::area(&b, &set(&["B2"])).unwrap();
    assert_eq!(s.dead, set(&["B2", "C2"]));
    assert_eq!(s.territory[Color::Black], 9);
}

#[test]
fn captures_count_in_territory_scoring_only() {
    let mut b = board(
        ". X O .
         X O . O
         . X O .
         . . . .",
    );
    b.play(Color::Black, pt("C3")).unwrap(); // takes B3
    assert_eq!(b.captures(Color::Black), 1);
    let area = Score::area(&b, &PointSet::new()).unwrap();
    let territory = Score::territory(&b, &PointSet::new()).unwrap();
    assert_eq!(area.prisoners[Color::Black], 1);
    assert_eq!(territory.prisoners[Color::Black], 1);
    // Black owns A4 and B3, White D4; the bottom touches both.
    assert_eq!(area.black, 4.0 + 2.0);
    assert_eq!(area.white, 3.0 + 1.0 + 6.5);
    assert_eq!(area.dame, 6);
    assert_eq!(territory.black, 2.0 + 1.0);
    assert_eq!(territory.white, 1.0 + 6.5);
}

#[test]
fn bad_dead_stone_lists_are_errors() {
    let b = board(
        "X .
         . O",
    );
    assert_eq!(
        Score::area(&b, &set(&["B2"])),
        Err(ScoreError::NotAStone(pt("B2")))
    );
    assert_eq!(
        Score::territory(&b, &set(&["C3"])),
        Err(ScoreError::OffBoard(pt("C3")))
    );
}

#[test]
fn display_follows_gnu_go() {
    let b = Board::from_diagram_with_rules(". X O .\n. X O .", Rules::chinese().with_komi(0.0))
        .unwrap();
    assert_eq!(Score::tromp_taylor(&b).to_string(), "0");
    let b = Board::from_diagram_with_rules("X X X . O\nX X X . O", Rules::chinese().with_komi(0.0))
        .unwrap();
    assert_eq!(Score::tromp_taylor(&b).to_string(), "B+4.0");
    let b = Board::from_diagram_with_rules("X X X . O\nX X X . O", Rules::chinese()).unwrap();
    assert_eq!(Score::tromp_taylor(&b).to_string(), "W+3.5");
}

#[test]
fn by_rules_follows_the_board_rules() {
    let b = Board::from_diagram_with_rules(FINISHED, Rules::japanese()).unwrap();
    let s = Score::by_rules(&b, &PointSet::new()).unwrap();
    assert_eq!(s.scoring, Scoring::Territory);
    assert_eq!((s.black, s.white), (4.0, 4.0 + 6.5));
}

#[test]
fn dead_stones_score_as_if_taken_off_the_board() {
    let mut rng = Rng::new(5);
    for geo in common::geometries().into_iter().cycle().take(800) {
        let moves = rng.below(geo.num_points() * 3 / 2 + 1);
        let b = common::random_position(&mut rng, geo, moves);
        // One stone of some blocks marks them dead.
        let mut marked = PointSet::new();
        for blk in b.blocks() {
            if rng.below(3) == 0 {
                let stones: Vec<Point> = blk.stones().iter().collect();
                marked.insert(stones[rng.below(stones.len())]);
            }
        }
        let mut taken_off = b.clone();
        let removed: PointSet = marked.iter().flat_map(|p| b.stones(p)).collect();
        taken_off.setup(removed.iter().map(|p| (p, None))).unwrap();
        let area = Score::area(&b, &marked).unwrap();
        let clean = Score::tromp_taylor(&taken_off);
        assert_eq!(area.dead, removed);
        assert_eq!(area.stones, clean.stones);
        assert_eq!(area.territory_points, clean.territory_points);
        assert_eq!(
            (area.black, area.white, area.dame),
            (clean.black, clean.white, clean.dame)
        );
        let territory = Score::territory(&b, &marked).unwrap();
        for c in Color::ALL {
            let dead_of_opponent = (removed & *b.stones_of(c.opposite())).len() as u32;
            assert_eq!(territory.prisoners[c], dead_of_opponent);
            assert_eq!(territory.territory[c], clean.territory[c]);
        }
        assert_eq!(
            territory.black,
            (clean.territory[Color::Black] + territory.prisoners[Color::Black]) as f32
        );
    }
}

// ----- GNU Go -------------------------------------------------------------

const GNUGO: &str = "/usr/games/gnugo";

/// A GNU Go process spoken to over GTP.
struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gnugo");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            input,
            output,
        }
    }

    /// Sends one command and returns the response text after `= `; panics
    /// on a GTP failure.
    fn send(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).unwrap();
            assert!(n > 0, "gnugo closed its output after `{command}`");
            if line.trim().is_empty() && !response.is_empty() {
                break;
            }
            response.push_str(&line);
        }
        let response = response.trim();
        match response.strip_prefix('=') {
            Some(rest) => rest.trim().to_string(),
            None => panic!("gnugo refused `{command}`: {response}"),
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

fn gnugo_available() -> bool {
    if Path::new(GNUGO).exists() {
        return true;
    }
    if std::env::var("GO_ANALYSIS_REQUIRE_GNUGO").as_deref() == Ok("1") {
        panic!("{GNUGO} is required (GO_ANALYSIS_REQUIRE_GNUGO=1) but absent");
    }
    println!("SKIPPED: {GNUGO} not found; install gnugo to run the differential score test");
    false
}

/// A random game to the end: each side plays a uniformly random legal
/// move that does not fill its own true eye, until both pass or the cap.
fn random_game(
    rng: &mut Rng,
    geo: &'static Geometry,
    rules: Rules,
    cap: usize,
) -> (Board, Vec<(Color, Move)>) {
    let mut b = Board::with_geometry(geo, rules);
    let mut moves = Vec::new();
    let mut color = Color::Black;
    let mut passes = 0;
    while passes < 2 && moves.len() < cap {
        let candidates: Vec<Point> = b
            .legal_moves(color)
            .into_iter()
            .filter(|&p| !b.is_true_eye(color, p))
            .collect();
        if candidates.is_empty() {
            b.pass_as(color);
            moves.push((color, Move::Pass));
            passes += 1;
        } else {
            let p = candidates[rng.below(candidates.len())];
            b.play(color, p).unwrap();
            moves.push((color, Move::Play(p)));
            passes = 0;
        }
        color = color.opposite();
    }
    (b, moves)
}

/// GNU Go's `final_score` as Black's margin.
fn parse_margin(s: &str) -> f32 {
    if s == "0" {
        return 0.0;
    }
    let (winner, value) = s.split_once('+').expect("B+x or W+x");
    let value: f32 = value.parse().unwrap();
    if winner == "B" { value } else { -value }
}

#[test]
fn area_and_territory_scores_match_gnu_go_on_random_finished_games() {
    if !gnugo_available() {
        return;
    }
    let mut chinese = Gtp::start(&["--chinese-rules"]);
    let mut japanese = Gtp::start(&["--japanese-rules"]);
    let mut rng = Rng::new(31);
    let komis = [0.0, 0.5, 5.5, 6.5, 7.0, 7.5];
    let mut stats = [0usize; 4]; // games, with dead stones, draws, with captures
    for game in 0..48 {
        let size = [5, 7, 9, 9, 9, 13][game % 6];
        let geo = Geometry::square(size).unwrap();
        let komi = komis[rng.below(komis.len())];
        let cap = 3 * geo.num_points();
        let (b_area, moves) = random_game(&mut rng, geo, Rules::chinese().with_komi(komi), cap);
        assert_eq!(b_area.consecutive_passes(), 2, "game {game} did not end");
        let mut b_territory = Board::with_geometry(geo, Rules::japanese().with_komi(komi));
        for engine in [&mut chinese, &mut japanese] {
            engine.send(&format!("boardsize {size}"));
            engine.send("clear_board");
            engine.send(&format!("komi {komi}"));
            for (color, mv) in &moves {
                let c = if *color == Color::Black { "b" } else { "w" };
                engine.send(&format!("play {c} {mv}"));
            }
        }
        for (color, mv) in &moves {
            b_territory.play_move(*color, *mv).unwrap();
        }
        assert_eq!(b_territory.position_hash(), b_area.position_hash());
        stats[0] += 1;
        stats[3] += usize::from(b_area.captures(Color::Black) + b_area.captures(Color::White) > 0);
        for (engine, b) in [(&mut chinese, &b_area), (&mut japanese, &b_territory)] {
            let dead: PointSet = engine
                .send("final_status_list dead")
                .split_whitespace()
                .map(|v| v.parse::<Point>().unwrap())
                .collect();
            stats[1] += usize::from(!dead.is_empty());
            let gnugo = engine.send("final_score");
            let mine = Score::by_rules(b, &dead).unwrap();
            assert_eq!(
                mine.to_string(),
                gnugo,
                "game {game} ({:?}, komi {komi}, dead {dead:?}): ours {mine:?}\n{b}",
                b.rules().scoring
            );
            assert_eq!(mine.margin(), parse_margin(&gnugo));
            stats[2] += usize::from(gnugo == "0");
            if dead.is_empty() && b.rules().scoring == Scoring::Area {
                assert_eq!(Score::tromp_taylor(b), mine);
            }
        }
    }
    println!(
        "{} games compared under area and territory scoring ({} with captures); \
         {} scorings with dead stones, {} draws",
        stats[0], stats[3], stats[1], stats[2]
    );
    assert!(stats[3] > stats[0] / 2, "too few games with captures");
}

#[test]
fn tromp_taylor_matches_the_playout_boards_area_count() {
    let mut rng = Rng::new(17);
    for geo in common::geometries().into_iter().cycle().take(800) {
        let moves = rng.below(geo.num_points() * 2 + 1);
        let b = common::random_position(&mut rng, geo, moves);
        let area = go_board::PlayoutBoard::from(&b).area_counts();
        let s = Score::tromp_taylor(&b);
        for c in Color::ALL {
            assert_eq!(area[c], s.stones[c] + s.territory[c], "{c}\n{b}");
        }
    }
}
