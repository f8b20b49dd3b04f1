use go_board::sgf::{Until, load_file};
use go_board::{Color, Move};
use go_search::Game;
use go_search::tactics::{CaptureGame, CaptureOptions, Reader};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    // probe FILE UNTIL TARGET [color:move]...
    let until: Until = args[2].parse().unwrap();
    let mut board = load_file(&args[1], until).unwrap().board;
    let target = args[3].parse().unwrap();
    for m in &args[4..] {
        let (c, p) = m.split_once(':').unwrap();
        let c: Color = c.parse().unwrap();
        board.play(c, p.parse().unwrap()).unwrap();
    }
    println!("{board}");
    println!(
        "target libs {:?}",
        board
            .liberties(target)
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
    );
    for a in board.adjacent_blocks(target) {
        println!(
            "adjacent {a}: {} stones, libs {:?}",
            board.num_stones(a),
            board
                .liberties(a)
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
        );
    }
    let mut game = CaptureGame::new(&board, target, CaptureOptions::default()).unwrap();
    game.set_to_play(game.attacker());
    let mut mv = Vec::new();
    game.generate(&mut mv);
    println!(
        "attacker moves: {:?}",
        mv.iter().map(|m| m.to_string()).collect::<Vec<_>>()
    );
    game.set_to_play(game.defender());
    mv.clear();
    game.generate(&mut mv);
    println!(
        "defender moves: {:?}",
        mv.iter().map(|m| m.to_string()).collect::<Vec<_>>()
    );
    for &m in &mv {
        if game.play(m) {
            println!("  {m}: outcome {:?}", game.outcome());
            game.undo();
        }
    }
    let mut reader = Reader::default();
    let a = reader.attack(&board, target).unwrap();
    println!(
        "attack {a} {:?} pv {:?}",
        reader.stats(),
        reader
            .principal_variation()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
    );
    let d = reader.defend(&board, target).unwrap();
    println!(
        "defend {d} {:?} pv {:?}",
        reader.stats(),
        reader
            .principal_variation()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
    );
    let _ = Move::Pass;
}
