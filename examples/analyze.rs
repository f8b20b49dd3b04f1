//! The main job: analyse a Go position.
//!
//! `cargo run --release --example analyze [-- FILE.sgf [MOVE]]`

fn main() {
    println!("go-analysis: the board crate is being built; nothing to analyse yet.");
}
