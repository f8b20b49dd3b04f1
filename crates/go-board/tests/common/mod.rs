//! Shared helpers for the integration tests: a tiny deterministic RNG and
//! random positions.

#![allow(dead_code)]

use go_board::{Board, Color, Geometry, Point, Rules};

/// xorshift64*: deterministic, dependency-free.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

pub fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

/// A position reached by `moves` random legal moves (captures and all),
/// then set up afresh so that no ko ban or history remains.
pub fn random_position(rng: &mut Rng, geo: &'static Geometry, moves: usize) -> Board {
    let mut b = Board::with_geometry(geo, Rules::default());
    let mut color = Color::Black;
    for _ in 0..moves {
        // A few tries for a legal move, else pass.
        for _ in 0..8 {
            let p = geo.points()[rng.below(geo.num_points())];
            if b.play(color, p).is_ok() {
                break;
            }
        }
        color = color.opposite();
    }
    let mut clean = Board::with_geometry(geo, Rules::default());
    clean
        .setup(geo.points().iter().map(|&p| (p, b.color_at(p))))
        .expect("a position reached by play is valid");
    clean
}

/// Geometries the random tests cycle through.
pub fn geometries() -> Vec<&'static Geometry> {
    [
        (2, 2),
        (3, 3),
        (5, 5),
        (7, 4),
        (9, 9),
        (13, 13),
        (19, 19),
        (25, 25),
    ]
    .into_iter()
    .map(|(w, h)| Geometry::new(w, h).unwrap())
    .collect()
}
