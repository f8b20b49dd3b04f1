//! The GTP commands: answers in GNU Go's formats, clear errors for bad input, and
//! the board unchanged after every command.

use go_gtp::{Engine, GoEngine, Registry, commands};

fn run(script: &str) -> String {
    let mut registry = Registry::new("groups", "1");
    commands::register_standard(&mut registry);
    go_life::gtp::register(&mut registry);
    let mut engine = Engine::new(registry, GoEngine::new());
    let mut out = Vec::new();
    engine
        .run(script.as_bytes(), &mut out)
        .expect("engine runs");
    String::from_utf8(out).expect("utf-8")
}

/// Black's corner group with a straight three (critical at B1), on 9×9.
const SETUP: &str = "boardsize 9\nplay b A2\nplay b B2\nplay b C2\nplay b D2\nplay b D1\n\
play w A3\nplay w B3\nplay w C3\nplay w D3\nplay w E3\nplay w E2\nplay w E1\n";

fn answers(commands: &str) -> Vec<String> {
    let out = run(&format!("{SETUP}{commands}"));
    let all: Vec<String> = out
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    all[SETUP.lines().count()..].to_vec()
}

#[test]
fn owl_commands_answer_as_gnu_go() {
    let a = answers(
        "owl_attack A2\nowl_defend A2\nowl_does_attack B1 A2\nowl_does_defend B1 A2\n\
         owl_does_attack C1 A2\ndragon_status A2\ndragon_status E3\n",
    );
    assert_eq!(
        a,
        [
            "= 1 B1",
            "= 1 B1",
            "= 1 B1",
            "= 1 B1",
            "= 0",
            "= critical B1 B1",
            "= alive"
        ]
    );
}

#[test]
fn group_status_tells_seki_apart() {
    let a = answers(
        "group_status A2
group_status E3
group_status E5
group_status A2 A3
",
    );
    assert_eq!(a[..2], ["= critical B1 B1", "= alive"]);
    assert_eq!(a[2], "? vertex must not be empty");
    assert!(a[3].starts_with('?'), "{a:?}");
    // Two groups without eyes sharing A3 and B3, inside Black's wall.
    let seki = "boardsize 7
clear_board
        play b A6
play b B6
play b C6
play b D6
play b E6
play b F6
        play w A5
play w B5
play w C5
play w D5
play w E5
play b F5
        play b A4
play b B4
play b C4
play b D4
play w E4
play b F4
        play b C3
play b D3
play w E3
play b F3
        play w A2
play w B2
play w C2
play w D2
play w E2
play b F2
        play b A1
play b B1
play b C1
play b D1
play b E1
play b F1
        group_status C3
group_status E4
group_status F4
dragon_status C3
";
    let out = run(seki);
    let tail: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(
        tail[tail.len() - 4..],
        ["= seki", "= seki", "= alive", "= alive"],
        "{out}"
    );
}

#[test]
fn dragon_commands() {
    let a = answers("dragon_stones D1\nsame_dragon A2 D1\nsame_dragon A2 A3\n");
    assert_eq!(a, ["= D1 A2 B2 C2 D2", "= 1", "= 0"]);
    let data = answers("dragon_data A2\n");
    assert!(
        data[0].starts_with("= color black\norigin D1\nsize 5\n"),
        "{data:?}"
    );
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let a = answers(
        "showboard\nowl_attack\nowl_attack E5\nowl_attack Z9\nowl_attack A2 B2\n\
         owl_does_attack A2 A2\nsame_dragon A2\ndragon_stones J9\ndragon_data pass\n\
         owl_defend foo\nshowboard\n",
    );
    assert_eq!(a.len(), 11, "{a:?}");
    for answer in &a[1..10] {
        assert!(answer.starts_with('?'), "{answer}");
    }
    assert_eq!(a[2], "? vertex must not be empty");
    assert_eq!(a[0], a[10]);
}

#[test]
fn connection_commands_answer_as_gnu_go() {
    let a = answers("connect A2 D1\nconnect A2 A3\ndisconnect A1 A2\nconnect A2 Z9\n");
    assert_eq!(a[0], "= 1 PASS");
    assert_eq!(a[1], "? vertices must have same color");
    assert_eq!(a[2], "? vertex must not be empty");
    assert!(a[3].starts_with('?'), "{a:?}");
}

/// Fuego's safety commands on a 5×5 board: Black's and White's walls each
/// with three eyes, the C column dame between them.
#[test]
fn safety_commands_answer_as_fuego() {
    let setup = "boardsize 5\nkomi 0.5\n\
        play w B5\nplay w A4\nplay w B4\nplay w B3\nplay w A2\nplay w B2\nplay w B1\n\
        play b D5\nplay b D4\nplay b E4\nplay b D3\nplay b D2\nplay b E2\nplay b D1\n";
    let out = run(&format!(
        "{setup}go_safe static\ngo_safe static black\ngo_safe benson white\n\
         go_safe_dame_static\ngo_safe_winner\nsafety_status C3\nsafety_status A5\n\
         safety_status Z9\ngo_safe bogus\ngo_safe static purple\ngo_safe_winner now\n"
    ));
    let answers: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
    let a = &answers[setup.lines().count()..];
    assert!(a[0].starts_with("= 20 "), "{out}");
    assert_eq!(a[1], "= 10 D5 E5 D4 E4 D3 E3 D2 E2 D1 E1");
    assert_eq!(a[2], "= 10 A5 B5 A4 B4 A3 B3 A2 B2 A1 B1");
    assert_eq!(a[3], "= C5 C4 C3 C2 C1");
    // White to move (Black played last) fills three of the five dame.
    assert_eq!(a[4], "= white");
    assert_eq!(a[5], "= dame");
    assert_eq!(a[6], "= white safe");
    for error in &a[7..] {
        assert!(error.starts_with('?'), "{out}");
    }
    assert!(a[8].contains("invalid safety solver"), "{out}");
}
