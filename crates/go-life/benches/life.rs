//! Dragons of a 19×19 middle game (static links, and with false cuts read), and one owl attack on a corner group (a group
//! that lives: the attack reads 14 nodes).

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::{Board, GameRecord, Until};
use go_life::links::cut_reader;
use go_life::{Dragons, LifeReader};

/// A 19×19 middle game: a made-up sequence of 100 moves with walls, fights and
/// a cut-off group.
const GAME: &str = "(;SZ[19];B[pd];W[dp];B[pq];W[dd];B[fc];W[cf];B[jd];W[qo];B[qp];W[po];\
B[op];W[oo];B[np];W[qk];B[nc];W[cn];B[fq];W[hq];B[dq];W[cq];B[eq];W[cr];B[ep];W[do];B[gp];\
W[hp];B[go];W[ho];B[gn];W[hn];B[gm];W[hm];B[gl];W[ic];B[id];W[hc];B[hd];W[gc];B[gd];W[fb];\
B[ec];W[eb];B[db];W[cc];B[cb];W[bb];B[dc];W[ba];B[ed];W[de];B[ee];W[ef];B[ff];W[eg];B[fg];\
W[eh];B[fh];W[ei];B[fi];W[ej];B[fj];W[ek];B[fk];W[el];B[fl];W[em];B[fm];W[en];B[fn];W[eo];\
B[fo];W[qf];B[qe];W[pf];B[oe];W[of];B[ne];W[mq];B[mp];W[lq];B[lp];W[kq];B[kp];W[jq];B[jp];\
W[iq];B[ip];W[ir];B[or];W[nq];B[nr];W[mr];B[oq];W[ms];B[ns];W[rq];B[rp];W[ro];B[rr])";

fn board() -> Board {
    let record = GameRecord::parse(GAME).expect("game");
    record.position(Until::End).expect("position").board
}

fn bench(c: &mut Criterion) {
    let board = board();
    c.bench_function("dragons_19x19_middle_game", |b| {
        b.iter(|| Dragons::new(std::hint::black_box(&board)))
    });
    // With the false cuts read (a fresh reader each time, as GTP's dragon
    // commands and the survey use).
    c.bench_function("dragons_read_19x19_middle_game", |b| {
        b.iter(|| Dragons::read(std::hint::black_box(&board), &mut cut_reader()))
    });
    let corner = Board::from_diagram(
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         O O O O O . . .
         X X X X O . . .
         . X . X O . . .
         . . . X O . . .",
    )
    .expect("diagram");
    let target = "A3".parse().expect("point");
    c.bench_function("owl_attack_corner_group", |b| {
        b.iter(|| LifeReader::default().attack(&corner, target))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
