//! The `gtp_engine` example under hostile input (issue 23): every command
//! answers, streams stop when the next command comes, budgets beyond the
//! documented maxima and nonsense values are errors that leave the state
//! unchanged, `loadsgf` reads only regular files, and `printsgf` /
//! `uct_savetree` write only over regular files — nothing outside the
//! paths given is touched.
//!
//! The limits here are generous (seconds) on purpose: the 50 ms target of
//! stopping a stream is measured by `examples/stream_stop_latency.rs`.

#[path = "../examples/common/gtp_client.rs"]
mod gtp_client;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use gtp_client::{Engine, engine_path};

/// How long any command may take to answer here.
const ANSWER: Duration = Duration::from_secs(20);
/// How long the reply after a stream may take (the target is 50 ms).
const AFTER_STREAM: Duration = Duration::from_secs(5);

/// A fresh directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "go-analysis-reliability-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn write(&self, name: &str, text: &str) -> String {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }

    /// A FIFO, if `mkfifo` is available.
    fn fifo(&self, name: &str) -> Option<String> {
        let path = self.path(name);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .is_ok_and(|s| s.success());
        made.then(|| path.display().to_string())
    }

    /// Every entry below the directory with its size and modification
    /// time.
    fn snapshot(&self) -> BTreeMap<PathBuf, (u64, Option<SystemTime>)> {
        let mut out = BTreeMap::new();
        let mut stack = vec![self.0.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let meta = std::fs::symlink_metadata(&path).unwrap();
                if meta.is_dir() {
                    stack.push(path.clone());
                }
                out.insert(path, (meta.len(), meta.modified().ok()));
            }
        }
        out
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn start(dir: &Path) -> Engine {
    let path = engine_path().expect("the gtp_engine example");
    Engine::start(
        &path,
        &["--player", "random", "--seed", "1", "--threads", "1"],
        dir,
    )
    .expect("engine starts")
}

/// Everything a command could change: board, moves, komi, rules, side to
/// move (as `printsgf` and `showboard` show them).
fn state(engine: &mut Engine) -> String {
    ["printsgf", "showboard", "get_komi", "go_rules"]
        .iter()
        .map(|c| engine.ask(c, ANSWER).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Sends `command`, expects a failure reply, and checks the state did not
/// change; returns the message.
fn refused(engine: &mut Engine, command: &str) -> String {
    let before = state(engine);
    let reply = engine.ask(command, ANSWER).unwrap();
    assert!(reply.starts_with("? "), "{command}: {reply}");
    assert!(!reply.contains("internal error"), "{command}: {reply}");
    assert_eq!(state(engine), before, "{command} changed the state");
    reply[2..].to_string()
}

fn ok(engine: &mut Engine, command: &str) -> String {
    let reply = engine.ask(command, ANSWER).unwrap();
    assert!(
        reply.starts_with("= ") || reply == "=",
        "{command}: {reply}"
    );
    reply.trim_start_matches('=').trim().to_string()
}

/// A 9×9 position with a few moves, so that an unchanged state is not
/// trivially the empty board.
fn set_up(engine: &mut Engine) {
    for c in [
        "boardsize 9",
        "clear_board",
        "komi 5.5",
        "play b E5",
        "play w C3",
        "play b G7",
    ] {
        ok(engine, c);
    }
}

#[test]
fn streams_stop_and_the_next_command_answers() {
    let scratch = Scratch::new("streams");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    for stream in [
        "kata-analyze",
        "lz-analyze w 200",
        "kata-analyze 4294967295",
        "kata-analyze 100 ownership true maxmoves 3",
        "lz-analyze 18446744073709551615",
    ] {
        let (elapsed, reply) = engine
            .stop_stream(stream, Duration::from_millis(100), "name", ANSWER)
            .unwrap();
        assert_eq!(reply, "= go-analysis", "after {stream}");
        assert!(
            elapsed < AFTER_STREAM,
            "{stream}: the next command waited {elapsed:?}"
        );
    }
    // A stream of nonsense is a clean error, and the engine goes on.
    refused(&mut engine, "kata-analyze ownership maybe");
    refused(&mut engine, "lz-analyze maxmoves");
    engine.quit().unwrap();
}

#[test]
fn budgets_beyond_the_documented_maxima_are_refused_at_once() {
    let scratch = Scratch::new("budgets");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    for command in [
        "mcts_analyze 4294967295",
        "mcts_ownership 2147483647",
        "mcts_analyze 1000001",
        "analyzer_params playouts 4294967295",
        "analyzer_params threads 100000",
        "mcts_analyze -1",
    ] {
        refused(&mut engine, command);
    }
    assert!(ok(&mut engine, "analyzer_params").contains("playouts 10000"));
    engine.quit().unwrap();
}

#[test]
fn nonsense_komi_is_refused() {
    let scratch = Scratch::new("komi");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    for komi in ["1e39", "inf", "-inf", "nan", "1000.5", "-1e6", "seven"] {
        refused(&mut engine, &format!("komi {komi}"));
    }
    assert_eq!(ok(&mut engine, "get_komi"), "5.5");
    ok(&mut engine, "komi -1000");
    assert_eq!(ok(&mut engine, "get_komi"), "-1000");
    engine.quit().unwrap();
}

#[test]
fn loadsgf_reads_only_regular_files_within_the_limit() {
    let scratch = Scratch::new("loadsgf");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    let dir = scratch.0.display().to_string();
    let mut paths = vec!["/dev/zero".to_string(), "/dev/urandom".to_string(), dir];
    paths.extend(scratch.fifo("pipe.sgf"));
    let big = scratch.path("big.sgf");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(go_analysis::board::sgf::MAX_FILE_SIZE + 1)
        .unwrap();
    paths.push(big.display().to_string());
    for path in &paths {
        if Path::new(path).exists() {
            let message = refused(&mut engine, &format!("loadsgf {path}"));
            assert!(message.starts_with("cannot load file: "), "{message}");
        }
    }
    engine.quit().unwrap();
}

#[test]
fn game_records_load_honestly_or_not_at_all() {
    let scratch = Scratch::new("records");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    // Refused, with the move's number, the state unchanged.
    let cases = [
        ("off.sgf", "(;GM[1]SZ[9];B[aa];W[zz];B[bb])", "move 2"),
        ("occupied.sgf", "(;GM[1]SZ[9];B[aa];W[aa];B[bb])", "move 2"),
        (
            "suicide.sgf",
            "(;GM[1]SZ[9]AB[ba][ab];W[aa];B[cc])",
            "move 1",
        ),
        (
            "ko.sgf",
            "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb];B[ee])",
            "move 2",
        ),
        ("komi.sgf", "(;SZ[9]KM[1e39];B[aa])", "KM"),
        ("size.sgf", "(;SZ[30];B[aa])", "size"),
        ("garbage.sgf", "\u{0}\u{1}(;;;[[[", ""),
    ];
    for (name, text, expected) in cases {
        let path = scratch.write(name, text);
        let message = refused(&mut engine, &format!("loadsgf {path}"));
        assert!(message.contains(expected), "{name}: {message}");
    }
    // The position before an illegal move still loads.
    let occupied = scratch.path("occupied.sgf").display().to_string();
    assert_eq!(ok(&mut engine, &format!("loadsgf {occupied} 2")), "white");
    // A rectangle loads as one.
    let rect = scratch.write("rect.sgf", "(;GM[1]SZ[19:13];B[aa];W[sm])");
    assert_eq!(ok(&mut engine, &format!("loadsgf {rect}")), "black");
    let board = ok(&mut engine, "showboard");
    assert!(board.contains(" 13 X "), "{board}");
    assert!(!board.contains(" 14 "), "{board}");
    assert!(
        board.contains("  1 . . . . . . . . . . . . . . . . . . O 1"),
        "{board}"
    );
    engine.quit().unwrap();
}

#[test]
fn output_commands_write_only_the_given_regular_files() {
    let scratch = Scratch::new("output");
    let mut engine = start(&scratch.0);
    set_up(&mut engine);
    ok(&mut engine, "analyzer_params playouts 200");
    let sub = scratch.path("sub");
    std::fs::create_dir(&sub).unwrap();
    let mut targets = vec!["/dev/null".to_string(), sub.display().to_string()];
    targets.extend(scratch.fifo("pipe.sgf"));
    let before = scratch.snapshot();
    for target in &targets {
        for command in ["printsgf", "uct_savetree", "uct_savetree_arff"] {
            let message = refused(&mut engine, &format!("{command} {target}"));
            assert!(
                message.contains("not a regular file"),
                "{command}: {message}"
            );
        }
    }
    assert_eq!(scratch.snapshot(), before, "a refused write touched a file");
    // Regular files are written, and nothing else appears.
    let game = scratch.path("game.sgf");
    let tree = scratch.path("tree.sgf");
    std::fs::write(&game, "old content that must go").unwrap();
    let before = scratch.snapshot();
    ok(&mut engine, &format!("printsgf {}", game.display()));
    ok(&mut engine, &format!("uct_savetree {}", tree.display()));
    let text = std::fs::read_to_string(&game).unwrap();
    assert!(text.starts_with("(;") && text.contains("B[ee]"), "{text}");
    let after = scratch.snapshot();
    let new: Vec<&PathBuf> = after.keys().filter(|p| !before.contains_key(*p)).collect();
    assert_eq!(new, [&tree], "files created besides the one asked for");
    engine.quit().unwrap();
}
