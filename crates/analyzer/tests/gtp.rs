//! The analyzer's GTP commands through the registry, as a controller
//! sees them.

use go_board::sgf::{GameRecord, Until};
use go_gtp::{Engine, GoEngine};

fn engine() -> Engine<GoEngine> {
    let mut registry = GoEngine::registry("analyzer-test", "1");
    go_position_analyzer::gtp::register(&mut registry);
    Engine::new(registry, GoEngine::default())
}

/// Runs `script` and returns the replies' texts (without `= `).
fn run(engine: &mut Engine<GoEngine>, script: &str) -> Vec<String> {
    let mut out = Vec::new();
    engine.run(script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    text.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|r| {
            assert!(r.starts_with('='), "failed: {r}");
            r[1..].trim_start().to_string()
        })
        .collect()
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "go-position-analyzer-gtp-{}-{name}",
        std::process::id()
    ))
}

const SETUP: &str = "boardsize 7\nclear_board\nkomi 0.5\nplay b C3\nplay w E5\nplay b C4\nplay w E4\nanalyzer_params playouts 600\n";

#[test]
fn gogui_lists_the_map_commands() {
    let mut e = engine();
    let r = run(&mut e, "gogui-analyze_commands\n");
    assert!(r[0].contains("gfx/Analyzer influence (3x3 majority)/analyzer_influence"));
    assert!(r[0].contains("gfx/Analyzer ownership/analyzer_ownership"));
    assert!(r[0].contains("param/Analyzer parameters/analyzer_params"));
}

#[test]
fn analyze_then_save_the_tree_and_the_dataset() {
    let mut e = engine();
    let sgf = temp("tree.sgf");
    let arff = temp("data.arff");
    let _ = std::fs::remove_file(&arff);
    let script = format!(
        "{SETUP}analyze\nuct_savetree {} 2\nuct_savetree_arff {} 2\nuct_savetree_arff {} 2\n",
        sgf.display(),
        arff.display(),
        arff.display()
    );
    let r = run(&mut e, &script);
    let summary = &r[r.len() - 4];
    assert!(summary.contains("600 playouts"), "{summary}");
    let record = GameRecord::read_file(&sgf).unwrap();
    let start = record.position(Until::BeforeMove(1)).unwrap();
    assert_eq!(start.board.stones_of(go_board::Color::Black).len(), 2);
    let text = std::fs::read_to_string(&arff).unwrap();
    // The second save appended rows without a second header.
    assert_eq!(text.matches("@data").count(), 1);
    assert_eq!(text.matches("@attribute").count(), 9 * 49 + 7);
    let rows: Vec<&str> = text.split("@data\n").nth(1).unwrap().lines().collect();
    assert!(!rows.is_empty() && rows.len() % 2 == 0);
    assert_eq!(rows[..rows.len() / 2], rows[rows.len() / 2..]);
    let _ = std::fs::remove_file(&sgf);
    let _ = std::fs::remove_file(&arff);
}

#[test]
fn analyze_loads_a_file_like_the_thesis() {
    let mut e = engine();
    let file = temp("game.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[dd];B[cd])").unwrap();
    let r = run(
        &mut e,
        &format!(
            "analyzer_params playouts 300\nanalyze {}\nshowboard\n",
            file.display()
        ),
    );
    assert!(r[1].contains("for white"), "{}", r[1]);
    assert!(r[2].contains('X') && r[2].contains('O'));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn influence_is_gogui_gfx_with_black_positive() {
    let mut e = engine();
    let r = run(
        &mut e,
        "boardsize 5\nclear_board\nkomi 0.5\nplay b B2\nplay w D4\nanalyzer_params playouts 400\nanalyzer_influence\nanalyzer_ownership\n",
    );
    for answer in &r[r.len() - 2..] {
        let words: Vec<&str> = answer.split_whitespace().collect();
        assert_eq!(words[0], "INFLUENCE");
        assert_eq!(words.len(), 1 + 2 * 25);
        for pair in words[1..].chunks(2) {
            let v: f32 = pair[1].parse().unwrap();
            assert!((-1.0..=1.0).contains(&v));
        }
        let at = |p: &str| -> f32 {
            let k = words.iter().position(|w| *w == p).unwrap();
            words[k + 1].parse().unwrap()
        };
        // Black's stone's point is Black's more often than White's.
        assert!(at("B2") > at("D4"), "{answer}");
    }
}

#[test]
fn live_analysis_through_the_registry() {
    let mut e = engine();
    let r = run(
        &mut e,
        &format!(
            "{SETUP}kata-analyze b 5 maxvisits 400 ownership true\nlz-analyze 5 maxvisits 300\n"
        ),
    );
    let kata = &r[r.len() - 2];
    let last = kata.lines().last().unwrap();
    assert!(last.starts_with("info move "), "{last}");
    let own = last.split(" ownership ").nth(1).unwrap();
    assert_eq!(own.split_whitespace().count(), 49);
    assert!(last.contains(" winrate 0.") || last.contains(" winrate 1.0000"));

    let lz = r.last().unwrap().lines().last().unwrap();
    let winrate: u32 = lz
        .split_whitespace()
        .skip_while(|w| *w != "winrate")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(winrate <= 10_000);
    assert!(lz.contains(" pv "));
}

#[test]
fn bad_arguments_are_gtp_errors() {
    let mut e = engine();
    let mut out = Vec::new();
    e.run(&b"analyzer_params playouts many\nkata-analyze ownership maybe\nanalyze /no/such/file.sgf\n"[..], &mut out)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches('?').count(), 3, "{text}");
}

/// The first move's `scoreLead` of the last kata-analyze line.
fn lead(answer: &str) -> f32 {
    answer
        .lines()
        .last()
        .unwrap()
        .split_whitespace()
        .skip_while(|w| *w != "scoreLead")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn score_lead_follows_the_ownership_for_the_side_analysed() {
    // Black owns the whole 5x5 board with four eyes: 25 points, komi 0.5.
    let mut stones = String::new();
    for p in [
        "B1", "D1", "A2", "B2", "C2", "D2", "E2", "B3", "D3", "A4", "B4", "C4", "D4", "E4", "B5",
        "D5",
    ] {
        stones.push_str(&format!("play b {p}\n"));
    }
    let mut e = engine();
    let r = run(
        &mut e,
        &format!(
            "boardsize 5\nclear_board\nkomi 0.5\n{stones}kata-analyze b 5 maxvisits 300\nkata-analyze w 5 maxvisits 300\n"
        ),
    );
    let black = lead(&r[r.len() - 2]);
    let white = lead(&r[r.len() - 1]);
    assert!(black > 20.0 && black <= 24.5, "{black}"); // at most 25 - komi
    assert!((-24.5..-20.0).contains(&white), "{white}");
}

#[test]
fn analysis_results_writes_every_export() {
    let mut e = engine();
    let dir = temp("results");
    let r = run(
        &mut e,
        &format!("{SETUP}uct_analysis_results {} pos\n", dir.display()),
    );
    let files: Vec<&str> = r.last().unwrap().lines().collect();
    assert_eq!(files.len(), 6);
    for f in &files {
        assert!(std::path::Path::new(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn budgets_beyond_the_limits_are_refused_and_the_settings_kept() {
    let mut e = engine();
    let mut out = Vec::new();
    let script = format!(
        "analyzer_params playouts 300\nanalyzer_params playouts {}\nanalyzer_params threads 100000\nanalyzer_params threads 0\nkata-analyze maxvisits 4294967295\nlz-analyze 4294967295 maxvisits 18446744073709551615\nanalyzer_params\n",
        go_position_analyzer::gtp::MAX_PLAYOUTS + 1
    );
    e.run(script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 7, "{text}");
    assert_eq!(replies[0], "= ");
    for reply in &replies[1..6] {
        assert!(reply.starts_with("? "), "{reply}");
    }
    assert!(replies[1].contains("0 to 1000000"), "{}", replies[1]);
    assert!(replies[6].contains("playouts 300") && replies[6].contains("threads 1"));
}

#[test]
fn save_commands_refuse_to_write_over_devices_and_directories() {
    let mut e = engine();
    let dir = std::env::temp_dir();
    let script = format!(
        "boardsize 5\nanalyzer_params playouts 100\nuct_savetree /dev/null\nuct_savetree2 {}\nuct_savetree_arff /dev/null\n",
        dir.display()
    );
    let mut out = Vec::new();
    e.run(script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let replies: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 5, "{text}");
    for reply in &replies[2..] {
        assert!(reply.contains("is not a regular file"), "{reply}");
    }
}

#[test]
fn a_huge_interval_answers_at_the_end_of_its_visits() {
    // The interval overflowing u64 milliseconds once made debug builds
    // panic; through the registry the visits bound the command.
    let mut e = engine();
    let r = run(
        &mut e,
        "boardsize 5\nkata-analyze 18446744073709551615 maxvisits 200\n",
    );
    assert_eq!(r.len(), 2);
    assert!(r[1].starts_with("info move "), "{}", r[1]);
}
