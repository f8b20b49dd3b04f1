//! Fractal Go's GTP commands: answers, clear errors for bad input, the
//! board unchanged after every command, and teaching that changes play.

use std::sync::{Arc, Mutex};

use go_fractal::gtp::{FractalGenerator, register};
use go_fractal::{Knowledge, Level, PlayerOptions};
use go_gtp::{Engine, GoEngine, Registry, commands};

fn engine(level: Level) -> Engine<GoEngine> {
    let knowledge = Arc::new(Mutex::new(Knowledge::default()));
    let mut registry = Registry::new("fractal", "1");
    commands::register_standard(&mut registry);
    register(&mut registry, knowledge.clone());
    let generator = FractalGenerator::new(PlayerOptions::default().with_level(level), knowledge);
    Engine::new(registry, GoEngine::with_generator(generator))
}

fn answers(engine: &mut Engine<GoEngine>, script: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine
        .run(script.as_bytes(), &mut out)
        .expect("engine runs");
    String::from_utf8(out)
        .expect("utf-8")
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bad_input_is_an_error_and_leaves_the_board_alone() {
    let mut e = engine(Level::One);
    let setup = "boardsize 9\nplay b E5\nplay w E6\n";
    let before = answers(&mut e, &format!("{setup}showboard\n"));
    let bad = [
        "fractal_learn_pattern",
        "fractal_learn_pattern b",
        "fractal_learn_pattern purple E4",
        "fractal_learn_pattern b Z4",
        "fractal_learn_pattern b T19",
        "fractal_learn_pattern b E5",
        "fractal_learn_pattern b E4 extra",
        "fractal_learn_weights b E4",
        "fractal_learn_weights b E4 sight",
        "fractal_learn_weights b E5 eyes",
        "fractal_learn_weights b T19 eyes",
        "fractal_load /nonexistent/knowledge.txt",
        "fractal_save /nonexistent/dir/knowledge.txt",
        "fractal_zones purple",
        "fractal_choose b extra",
        "fractal_weights extra",
    ];
    for command in bad {
        let a = answers(&mut e, &format!("{command}\n"));
        assert!(a[0].starts_with('?'), "{command}: {a:?}");
    }
    let after = answers(&mut e, "showboard\n");
    assert_eq!(before.last(), after.last());
}

#[test]
fn teaching_changes_what_is_played_and_survives_a_file() {
    let dir = std::env::temp_dir().join(format!("go-fractal-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("knowledge.txt");
    let mut e = engine(Level::Zero);
    let a = answers(
        &mut e,
        &format!(
            "boardsize 9\nplay b C3\nfractal_learn_pattern w D4\nfractal_learn_pattern w D4\n\
             fractal_learn_weights w E4 win\nfractal_save {}\ngenmove w\n",
            file.display()
        ),
    );
    assert_eq!(a[2], "= new 1");
    assert_eq!(a[3], "= known");
    assert!(a[4].starts_with("= rank "), "{a:?}");
    assert_eq!(a[6], "= D4");
    // A fresh engine loads what was taught, and plays it elsewhere.
    let mut fresh = engine(Level::Zero);
    let a = answers(
        &mut fresh,
        &format!(
            "boardsize 9\nfractal_load {}\nplay b G7\ngenmove w\n",
            file.display()
        ),
    );
    assert_eq!(a[1], "= ");
    assert_eq!(a[3], "= H8");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn zones_weights_and_choose_answer() {
    let mut e = engine(Level::One);
    let a = answers(
        &mut e,
        "boardsize 7\nplay b C3\nplay w E5\nplay b D4\nfractal_zones b\nfractal_weights\nfractal_choose w\n",
    );
    assert_eq!(a[4], "= 0 get_eye C3 D4\n1 points E5");
    assert_eq!(a[5].lines().count(), 5);
    assert!(a[5].starts_with("= win "));
    assert!(a[6].starts_with("= "), "{a:?}");
}

#[test]
fn the_zones_view_is_a_gogui_gfx_command() {
    let mut e = engine(Level::One);
    let a = answers(
        &mut e,
        "boardsize 7\nplay b C3\nplay w E5\nfractal_zones_gfx\ngogui-analyze_commands\n",
    );
    let gfx: Vec<&str> = a[3].trim_start_matches("= ").lines().collect();
    assert_eq!(gfx.len(), 4, "{gfx:?}");
    assert!(gfx[0].starts_with("COLOR #"));
    assert_eq!(gfx[2], "LABEL C3 0:get_eye E5 1:points");
    assert_eq!(gfx[3], "TEXT 2 zones, objectives for black");
    assert!(
        a[4].contains("gfx/Fractal Go zones/fractal_zones_gfx"),
        "{}",
        a[4]
    );
}
