//! Capture-game nodes per second on GNU Go's reading problems: every `attack` and
//! `defend` question of `reading.tst` up to a limit, answered by a fresh reader with
//! each engine. Criterion's throughput is in positions entered by the search (capture-
//! game nodes, counted alike for every engine): "elem/s" = nodes per second.
//!
//! The suite is read from `$GO_ANALYSIS_PEER_SUITES` (else `../shared/peer-suites`
//! beside the workspace); without it the bench reads a few hand-drawn fights instead.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::sgf::{Until, load_file};
use go_board::{Board, Color, Point};
use go_search::tactics::{Reader, ReaderOptions, ReadingEngine};

/// One question: the position, the block, and whether it is `attack`.
struct Question {
    board: Board,
    target: Point,
    attack: bool,
}

fn suites_dir() -> PathBuf {
    std::env::var_os("GO_ANALYSIS_PEER_SUITES").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peer-suites"),
        PathBuf::from,
    )
}

/// The questions of reading.tst, following its setup commands (a small subset of GTP).
fn reading_questions(limit: usize) -> Option<Vec<Question>> {
    let path = suites_dir().join("gnugo/regression/reading.tst");
    let text = std::fs::read_to_string(&path).ok()?;
    let dir = path.parent()?;
    let mut board = Board::new(19).ok()?;
    let mut questions = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.starts_with('#') => continue,
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => &words[1..],
            Some(_) => &words[..],
            None => continue,
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let until = rest.first().map_or(Ok(Until::End), |u| u.parse());
                board = load_file(dir.join(file), until.ok()?).ok()?.board;
            }
            ["trymove" | "play", color, vertex] => {
                let color: Color = color.parse().ok()?;
                let _ = board.play(color, vertex.parse().ok()?);
            }
            ["popgo"] => {
                board.undo();
            }
            [kind @ ("attack" | "defend"), vertex] => questions.push(Question {
                board: board.clone(),
                target: vertex.parse().ok()?,
                attack: *kind == "attack",
            }),
            _ => {}
        }
        if questions.len() == limit {
            break;
        }
    }
    Some(questions)
}

/// A ladder, a net and a ko, when the peer suites are not at hand.
fn hand_questions() -> Vec<Question> {
    let ladder = Board::from_diagram(
        ". . . . . . . . . . .
         . . . . . . . . . . .
         . . . . . . . O . . .
         . . . . . . . . . . .
         . . . . . . . . . . .
         . . . . . . . . . . .
         . . . . . . . . . . .
         . . X O . . . . . . .
         . . . X X . . . . . .
         . . . . . . . . . . .
         . . . . . . . . . . .",
    )
    .expect("a valid diagram");
    let d4: Point = "D4".parse().expect("a vertex");
    vec![
        Question {
            board: ladder.clone(),
            target: d4,
            attack: true,
        },
        Question {
            board: ladder,
            target: d4,
            attack: false,
        },
    ]
}

fn answer_all(reader: &mut Reader, questions: &[Question]) -> u64 {
    let mut positions = 0;
    for q in questions {
        let r = if q.attack {
            reader.attack(&q.board, q.target)
        } else {
            reader.defend(&q.board, q.target)
        };
        black_box(r.ok());
        positions += reader.stats().positions;
    }
    positions
}

fn bench_reading(c: &mut Criterion) {
    let questions = reading_questions(80).unwrap_or_else(|| {
        eprintln!("capture bench: peer suites not found; reading hand-drawn fights instead");
        hand_questions()
    });
    let mut group = c.benchmark_group("capture");
    group.sample_size(10);
    for (name, engine) in [
        ("dfpn", ReadingEngine::Dfpn),
        ("alphabeta", ReadingEngine::AlphaBeta),
    ] {
        let options = ReaderOptions::default().with_engine(engine);
        let positions = answer_all(&mut Reader::new(options.clone()), &questions);
        group.throughput(Throughput::Elements(positions));
        group.bench_function(format!("reading-{}-{name}", questions.len()), |b| {
            b.iter(|| answer_all(&mut Reader::new(options.clone()), &questions))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_reading);
criterion_main!(benches);
