//! A timing probe (ignored): how long lines and 2×k blocks of growing
//! size take to solve. Run with
//! `cargo test --release -p go-eye time_sizes -- --ignored --nocapture`.

use super::EyeGraph;
use super::rules::full_mask;

#[test]
#[ignore = "timing probe"]
fn time_sizes() {
    for n in 4..=12 {
        let t = std::time::Instant::now();
        let v = EyeGraph::line(n, 1, 0).value().unwrap();
        println!("line {n}: {:?} {:?}", (v.min, v.max), t.elapsed());
    }
    // 2 x k blocks
    for k in 2..=6 {
        let n = 2 * k;
        let adj: Vec<u16> = (0..n)
            .map(|i| {
                let (x, y) = (i % k, i / k);
                let mut m = 0u16;
                if x > 0 {
                    m |= 1 << (i - 1);
                }
                if x + 1 < k {
                    m |= 1 << (i + 1);
                }
                if y == 0 {
                    m |= 1 << (i + k);
                } else {
                    m |= 1 << (i - k);
                }
                m
            })
            .collect();
        let g = EyeGraph::new(&adj, full_mask(n), 1, 0).unwrap();
        let t = std::time::Instant::now();
        let v = g.value().unwrap();
        println!("2x{k}: {:?} {:?}", (v.min, v.max), t.elapsed());
    }
}
