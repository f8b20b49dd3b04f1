//! The safety solver by phase: the static pass on a finished 19×19 game, one
//! local seki search, the whole fixpoint on the same game 45 moves before
//! its end, and a position where the solve spends its whole node budget.

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::{Board, GameRecord, Until};
use go_life::safety::{Safety, SafetyOptions};

/// A finished 19×19 game: GNU Go 3.8 playing itself (level 8, seed 11),
/// moves only.
const GAME: &str = "(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]PC[GNU Go 3.8 self-play, level 8, seed 11];B[jj];W[dp];B[pd]\
;W[ed];B[pp];W[nc];B[fq];W[kc];B[iq];W[cd];B[dj];W[np];B[pn];W[pq];B[qq];W[oq];B[qr];W[cn];B[dr]\
;W[cq];B[qj];W[qf];B[nd];W[ch];B[oc];W[mc];B[lq];W[nn];B[gc];W[rd];B[eb];W[qc];B[ob];W[ko];B[ge]\
;W[lf];B[pf];W[oe];B[pe];W[md];B[ne];W[of];B[od];W[pg];B[nf];W[og];B[mg];W[cr];B[jd];W[jc];B[id]\
;W[hb];B[pl];W[dg];B[cl];W[er];B[fr];W[dq];B[el];W[ff];B[gb];W[kd];B[ib];W[cb];B[mi];W[lp];B[kq]\
;W[mq];B[qh];W[qg];B[bi];W[bh];B[dn];W[do];B[en];W[fp];B[cm];W[bn];B[jg];W[jf];B[ig];W[jb];B[hc]\
;W[nb];B[if];W[km];B[im];W[in];B[fh];W[hn];B[hm];W[jm];B[gq];W[gm];B[gn];W[hl];B[il];W[ik];B[jl]\
;W[jk];B[kl];W[kk];B[ll];W[lk];B[gl];W[mk];B[ml];W[nl];B[go];W[hk];B[fm];W[li];B[lh];W[ji];B[kg]\
;W[gh];B[gi];W[kj];B[gg];W[mj];B[kf];W[ci];B[bj];W[rh];B[ri];W[mm];B[lm];W[ln];B[gm];W[ok];B[jn]\
;W[oi];B[kn];W[ke];B[rg];W[hh];B[rf];W[fg];B[je];W[fi];B[fj];W[ei];B[gk];W[es];B[lr];W[jo];B[bm]\
;W[ip];B[an];W[bo];B[ao];W[ap];B[am];W[bp];B[ah];W[ag];B[ra];W[qe];B[hp];W[rb];B[io];W[qa];B[oa]\
;W[jp];B[di];W[eh];B[db];W[ca];B[cc];W[bc];B[dc];W[dd];B[da];W[bb];B[hj];W[gf];B[ij];W[jq];B[jr]\
;W[ph];B[qi];W[hg];B[hf];W[fe];B[ni];W[nj];B[mr];W[gd];B[he];W[fc];B[fb];W[nh];B[mh];W[nr];B[ja]\
;W[ka];B[ia];W[lb];B[re];W[pr];B[ps];W[os];B[qs];W[oo];B[po];W[cj];B[ck];W[ej];B[ek];W[ai];B[ak]\
;W[ic];B[ha];W[pk];B[qk];W[ol];B[pm];W[se];B[kp];W[lo];B[fo];W[ms];B[hr];W[ls];B[kr];W[sg];B[sh]\
;W[eq];B[pb];W[qd];B[qb];W[sa];B[gp];W[ep];B[ks];W[ns];B[mf];W[le];B[na];W[ma];B[fs];W[pj];B[om]\
;W[nm];B[sf];W[sd];B[ii];W[ki];B[ih];W[fd];B[hd];W[ra];B[aj];W[ah];B[op];W[on];B[dk];W[dh];B[ng]\
;W[oh];B[hi];W[eo];B[pi];W[lg];B[kh];W[pa];B[ec];W[jh];B[me];W[pc];B[gj];W[ds];B[ho];W[aa];B[em]\
;W[ab];B[hq];W[aq];B[ga];W[mp];B[al];W[bd];B[ir];W[ad];B[jm];W[fh];B[qp];W[rc];B[sj];W[co];B[ql]\
;W[];B[rj];W[];B[])";

fn position(until: Until) -> Board {
    let record = GameRecord::parse(GAME).expect("game");
    record.position(until).expect("position").board
}

fn bench(c: &mut Criterion) {
    let end = position(Until::End);
    c.bench_function("safety_static_19x19_end", |b| {
        b.iter(|| Safety::with_options(std::hint::black_box(&end), SafetyOptions::static_only()))
    });
    // Eye against eye: the static pass proves nothing, one region search
    // finds the seki, another the unions.
    let seki = Board::from_diagram(
        ". O X O . O
         O . X O O .
         X X X X O O
         O O X X X X
         . O O X X X
         O . O X X .",
    )
    .expect("diagram");
    c.bench_function("safety_local_seki_6x6", |b| {
        b.iter(|| Safety::new(std::hint::black_box(&seki)))
    });
    let late = position(Until::BeforeMove(250));
    c.bench_function("safety_fixpoint_19x19_move_250", |b| {
        b.iter(|| Safety::new(std::hint::black_box(&late)))
    });
    let mut group = c.benchmark_group("safety_budget");
    group.sample_size(10);
    let open = position(Until::BeforeMove(280));
    group.bench_function("safety_19x19_move_280_whole_budget", |b| {
        b.iter(|| Safety::new(std::hint::black_box(&open)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
