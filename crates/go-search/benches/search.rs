//! Nodes per second of df-pn and alpha-beta on toy games (criterion reports the node rate
//! as its throughput: "elem/s" = nodes per second).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_search::toys::{Nim, TicTacToe};
use go_search::{AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, Game, Neutral, Player, WinGoal};

fn dfpn_nodes<G: Game>(game: &mut G, dfpn: &mut Dfpn<G>) -> u64 {
    dfpn.solve(game, &WinGoal::new(Player::First)).stats.nodes
}

fn bench_dfpn(c: &mut Criterion) {
    let mut group = c.benchmark_group("dfpn");
    let options = DfpnOptions::default().with_tt_bits(16);

    let mut dfpn = Dfpn::new(options.clone());
    let mut game = TicTacToe::new();
    group.throughput(Throughput::Elements(dfpn_nodes(&mut game, &mut dfpn)));
    group.bench_function("tictactoe", |b| {
        b.iter(|| black_box(dfpn.solve(&mut game, &WinGoal::new(Player::First))))
    });

    let mut dfpn = Dfpn::new(options);
    let mut nim = Nim::new(&[3, 4, 5, 6]);
    group.throughput(Throughput::Elements(dfpn_nodes(&mut nim, &mut dfpn)));
    group.bench_function("nim-3-4-5-6", |b| {
        b.iter(|| black_box(dfpn.solve(&mut nim, &WinGoal::new(Player::First))))
    });
    group.finish();
}

fn bench_alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta");
    let mut engine = AlphaBeta::new(AlphaBetaOptions::default().with_tt_bits(12));
    let mut game = TicTacToe::new();
    engine.clear();
    let nodes = engine.search(&mut game, &Neutral).stats.nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("tictactoe", |b| {
        b.iter(|| {
            engine.clear();
            black_box(engine.search(&mut game, &Neutral))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_dfpn, bench_alphabeta);
criterion_main!(benches);
