//! Tactical helpers, regions and scoring on a 19×19 middle-game position.
//! Throughput "elem/s" is queries per second (one query = one point and
//! colour for the per-point helpers; one whole board for regions/scores).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_board::{Board, Color, Point, Position, Regions, Score};

/// A deterministic middle-game position: 220 random legal moves.
fn middle_game() -> Board {
    let mut board = Board::new(19).unwrap();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut color = Color::Black;
    let points = board.geometry().points().to_vec();
    let mut played = 0;
    while played < 220 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = points[(state % points.len() as u64) as usize];
        if !board.is_true_eye(color, p) && board.play(color, p).is_ok() {
            played += 1;
            color = color.opposite();
        }
    }
    board
}

fn bench_tactics(c: &mut Criterion) {
    let mut board = middle_game();
    let empty: Vec<Point> = board.empty_points().iter().collect();
    let queries = (2 * empty.len()) as u64;
    let mut group = c.benchmark_group("tactics");
    group.throughput(Throughput::Elements(queries));
    group.bench_function("liberties_after_play max 2", |b| {
        b.iter(|| {
            let mut sum = 0;
            for &p in &empty {
                for color in Color::ALL {
                    sum += board.liberties_after_play(color, p, 2);
                }
            }
            black_box(sum)
        })
    });
    group.bench_function("num_liberties_after_play", |b| {
        b.iter(|| {
            let mut sum = 0;
            for &p in &empty {
                for color in Color::ALL {
                    sum += board.num_liberties_after_play(color, p);
                }
            }
            black_box(sum)
        })
    });
    group.bench_function("is_self_atari", |b| {
        b.iter(|| {
            let mut n = 0;
            for &p in &empty {
                for color in Color::ALL {
                    n += usize::from(board.is_self_atari(color, p));
                }
            }
            black_box(n)
        })
    });
    group.bench_function("is_true_eye", |b| {
        b.iter(|| {
            let mut n = 0;
            for &p in &empty {
                for color in Color::ALL {
                    n += usize::from(board.is_true_eye(color, p));
                }
            }
            black_box(n)
        })
    });
    // The same question answered by playing: what the helpers save.
    group.bench_function("play, count, undo", |b| {
        b.iter(|| {
            let mut sum = 0;
            for &p in &empty {
                for color in Color::ALL {
                    sum += board
                        .with_move(color, p, |b| b.num_liberties(p))
                        .unwrap_or(0);
                }
            }
            black_box(sum)
        })
    });
    group.finish();

    let mut group = c.benchmark_group("whole board");
    group.throughput(Throughput::Elements(1));
    group.bench_function("Regions::basic", |b| {
        b.iter(|| black_box(Regions::basic(&board, Color::Black)))
    });
    group.bench_function("Score::tromp_taylor", |b| {
        b.iter(|| black_box(Score::tromp_taylor(&board)))
    });
    group.finish();
}

criterion_group!(benches, bench_tactics);
criterion_main!(benches);
