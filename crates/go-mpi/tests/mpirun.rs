//! The MPI programs under `mpirun` (feature `mpi`), as `.ci/run` runs
//! them: skipped with a notice when `mpirun` is absent.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `mpirun -np N` with the options a container needs (root, more ranks
/// than cores), or `None` when there is no `mpirun`.
fn mpirun(np: usize, program: &str, args: &[&str], input: &str) -> Option<Output> {
    let probe = Command::new("mpirun").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: mpirun not found (apt-get install openmpi-bin)");
        return None;
    }
    let mut child = Command::new("mpirun")
        .args([
            "-np",
            &np.to_string(),
            "--oversubscribe",
            "--allow-run-as-root",
        ])
        .arg(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("input written");
    Some(child.wait_with_output().expect("mpirun ends"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn distributed_fractal_go_answers_as_the_single_process_player() {
    for np in [1, 3, 4] {
        let Some(out) = mpirun(np, env!("CARGO_BIN_EXE_fractal_mpi"), &["--check"], "") else {
            return;
        };
        let text = stdout(&out);
        println!("{text}");
        assert!(
            out.status.success(),
            "{np} ranks:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains(&format!("{np} ranks: 21/21 equal")), "{text}");
        // Cancellation: every zone search stopped within 50 ms of the
        // verdict (the bound).
        for line in text.lines().filter(|l| l.contains("cancel latency")) {
            let ms: f64 = line
                .split("cancel latency ")
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|v| v.parse().ok())
                .expect("a latency");
            assert!(ms < 50.0, "{line}");
        }
    }
}

#[test]
fn fractal_mpi_plays_gtp_on_rank_zero() {
    let input = "boardsize 9\nclear_board\nplay b e5\ngenmove w\nplay b c3\ngenmove w\nquit\n";
    let Some(out) = mpirun(3, env!("CARGO_BIN_EXE_fractal_mpi"), &[], input) else {
        return;
    };
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let answers: Vec<&str> = text
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .collect();
    assert_eq!(answers.len(), 7, "{text}");
    assert!(answers.iter().all(|a| a.starts_with('=')), "{text}");
    assert!(
        answers[3].len() > 2 && answers[5].len() > 2,
        "moves: {text}"
    );
}

#[test]
fn one_rank_root_parallel_mcts_plays_as_the_plain_player() {
    let Some(out) = mpirun(1, env!("CARGO_BIN_EXE_mcts_mpi"), &["--check"], "") else {
        return;
    };
    let text = stdout(&out);
    println!("{text}");
    assert!(out.status.success(), "{text}");
    assert_eq!(text.matches("equal").count(), 3, "{text}");
}

#[test]
fn two_ranks_merge_their_root_statistics() {
    let Some(out) = mpirun(2, env!("CARGO_BIN_EXE_mcts_mpi"), &["--check"], "") else {
        return;
    };
    let text = stdout(&out);
    println!("{text}");
    assert!(out.status.success(), "{text}");
    // Both ranks' 400 playouts a move are in the merged statistics.
    assert_eq!(text.matches("800 playouts").count(), 3, "{text}");
    // The merged statistics choose a move (not an empty table's pass).
    assert!(
        !text.contains("Pass") && !text.contains("(0 merged visits"),
        "{text}"
    );
    let out = mpirun(2, env!("CARGO_BIN_EXE_mcts_mpi"), &["--bench", "0.2"], "")
        .expect("mpirun was found above");
    let text = stdout(&out);
    println!("{text}");
    assert!(out.status.success() && !text.contains("Pass"), "{text}");
    let input = "boardsize 9\nclear_board\nplay b e5\ngenmove w\nquit\n";
    let out = mpirun(
        2,
        env!("CARGO_BIN_EXE_mcts_mpi"),
        &["--seconds", "0.2"],
        input,
    )
    .expect("mpirun was found above");
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let answers: Vec<&str> = text
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .collect();
    assert_eq!(answers.len(), 5, "{text}");
    assert!(
        answers[3].starts_with("= ") && answers[3].len() > 3,
        "{text}"
    );
}

/// A GTP session with an MPI engine under `mpirun`, one command at a time
/// (live analysis stops when the next command comes, so a script cannot
/// be sent at once).
struct Session {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Session {
    fn start(np: usize, program: &str, args: &[&str]) -> Option<Session> {
        let probe = Command::new("mpirun").arg("--version").output();
        if !probe.is_ok_and(|o| o.status.success()) {
            eprintln!("skipped: mpirun not found (apt-get install openmpi-bin)");
            return None;
        }
        let mut child = Command::new("mpirun")
            .args([
                "-np",
                &np.to_string(),
                "--oversubscribe",
                "--allow-run-as-root",
            ])
            .arg(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("mpirun starts");
        let input = child.stdin.take().expect("piped");
        let output = std::io::BufReader::new(child.stdout.take().expect("piped"));
        Some(Session {
            child,
            input,
            output,
        })
    }

    fn line(&mut self) -> String {
        use std::io::BufRead;
        let mut line = String::new();
        self.output.read_line(&mut line).expect("a line");
        assert!(!line.is_empty(), "the engine ended");
        line
    }

    /// Sends `command` and reads its answer up to the blank line.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").expect("command sent");
        self.input.flush().expect("flushed");
        self.answer()
    }

    /// Reads an answer up to the blank line.
    fn answer(&mut self) -> String {
        let mut answer = String::new();
        loop {
            let line = self.line();
            if line.trim().is_empty() {
                return answer;
            }
            answer.push_str(&line);
        }
    }

    fn quit(mut self) {
        assert_eq!(self.ask("quit"), "= \n");
        drop(self.input);
        assert!(self.child.wait().expect("mpirun ends").success());
    }
}

const POSITION: &str = "boardsize 9\nclear_board\nkomi 6.5\nplay b e5\nplay w c3";

/// The board the engine holds after [`POSITION`].
fn position() -> go_board::Board {
    use go_gtp::{Engine, GoEngine, HasBoard};
    let mut engine = Engine::new(GoEngine::registry("t", "1"), GoEngine::default());
    let mut out = Vec::new();
    engine
        .run(format!("{POSITION}\n").as_bytes(), &mut out)
        .expect("set up");
    engine.state().board().clone()
}

/// Rank `rank`'s statistics for a request with `maxvisits` and
/// `sliceplayouts` and no line before the end, searched as a rank does.
fn rank_stats(
    board: &go_board::Board,
    request: &go_position_analyzer::gtp::LiveRequest,
    rank: usize,
) -> go_position_analyzer::gtp::LiveStats {
    use go_position_analyzer::gtp::{LiveStats, search_slice};
    let mut position = board.clone();
    if let Some(c) = request.color {
        position.set_to_play(c);
    }
    let options =
        go_mpi::live::rank_options(&go_position_analyzer::AnalyzerOptions::default(), rank);
    let mut analysis = go_position_analyzer::Analysis::new(&position, &options);
    while !search_slice(&mut analysis, request, std::time::Duration::from_secs(1000)) {}
    LiveStats::of(&analysis)
}

const LIVE: [&str; 3] = [
    "lz-analyze 100000 maxvisits 400 sliceplayouts 64",
    "kata-analyze 100000 maxvisits 400 sliceplayouts 64 ownership true",
    "kata-analyze w 100000 maxvisits 300 sliceplayouts 50 maxmoves 4",
];

fn parse_live(command: &str) -> go_position_analyzer::gtp::LiveRequest {
    use go_position_analyzer::gtp::{LiveFormat, LiveRequest};
    let mut words = command.split(' ');
    let format = match words.next() {
        Some("lz-analyze") => LiveFormat::Leela,
        _ => LiveFormat::Kata,
    };
    let words: Vec<&str> = words.collect();
    LiveRequest::parse(format, &words).expect("a request")
}

#[test]
fn one_rank_live_analysis_writes_the_single_process_lines() {
    let Some(mut engine) = Session::start(1, env!("CARGO_BIN_EXE_mcts_mpi"), &[]) else {
        return;
    };
    for command in POSITION.lines() {
        assert_eq!(engine.ask(command), "= \n", "{command}");
    }
    let board = position();
    for command in LIVE {
        let request = parse_live(command);
        // What gtp_engine streams: the analyzer's own live analysis.
        let mut lines = Vec::new();
        let mut options = go_position_analyzer::AnalyzerOptions::default();
        options.search.threads = 1;
        go_position_analyzer::gtp::live_analysis(&board, &request, &options, |l| {
            lines.push(format!("{l}\n"));
            true
        });
        assert_eq!(lines.len(), 1);
        assert_eq!(engine.ask(command), format!("=\n{}", lines[0]), "{command}");
    }
    engine.quit();
}

#[test]
fn two_ranks_report_their_live_statistics_added_up() {
    use go_position_analyzer::gtp::LiveStats;
    let Some(mut engine) = Session::start(2, env!("CARGO_BIN_EXE_mcts_mpi"), &[]) else {
        return;
    };
    for command in POSITION.lines() {
        assert_eq!(engine.ask(command), "= \n", "{command}");
    }
    let board = position();
    for command in LIVE {
        let request = parse_live(command);
        let parts = [
            rank_stats(&board, &request, 0),
            rank_stats(&board, &request, 1),
        ];
        let merged = LiveStats::merge(&parts).expect("two parts");
        let expected = merged.info_line(&request);
        assert_eq!(engine.ask(command), format!("=\n{expected}\n"), "{command}");
        // The visits reported are the two ranks' sums.
        for m in &merged.moves {
            let of = |s: &LiveStats| {
                s.moves
                    .iter()
                    .find(|x| x.mv == m.mv)
                    .map_or(0, |x| x.visits)
            };
            assert_eq!(m.visits, of(&parts[0]) + of(&parts[1]));
        }
        let visits = |s: &LiveStats| s.moves.iter().map(|m| m.visits).sum::<u64>();
        assert_eq!(visits(&merged), visits(&parts[0]) + visits(&parts[1]));
        assert!(visits(&parts[1]) > 0 && parts[0] != parts[1]);
    }
    // A stream without a visit limit stops at the next command, and the
    // ranks are ready for the next request.
    writeln!(engine.input, "lz-analyze 5").expect("sent");
    engine.input.flush().expect("flushed");
    assert_eq!(engine.line(), "=\n");
    for _ in 0..3 {
        assert!(engine.line().starts_with("info move "));
    }
    writeln!(engine.input, "name").expect("sent");
    engine.input.flush().expect("flushed");
    loop {
        let line = engine.line();
        if line.trim().is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(engine.answer(), "= mcts_mpi\n");
    let request = parse_live(LIVE[0]);
    let parts = [
        rank_stats(&board, &request, 0),
        rank_stats(&board, &request, 1),
    ];
    let expected = LiveStats::merge(&parts)
        .expect("two parts")
        .info_line(&request);
    assert_eq!(engine.ask(LIVE[0]), format!("=\n{expected}\n"));
    assert!(engine.ask("genmove b").starts_with("= "));
    engine.quit();
}

/// A folder of three small 9×9 games (random legal moves), one in a
/// subfolder, with a file that is not a game.
fn small_games(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("go-mpi-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("more")).expect("a temporary folder");
    for (seed, path) in [(1, "a.sgf"), (2, "b.sgf"), (3, "more/c.sgf")] {
        let board = go_mpi::share::random_position(seed, 26);
        std::fs::write(dir.join(path), go_board::sgf::write_game(&board)).expect("written");
    }
    std::fs::write(dir.join("broken.sgf"), "(;SZ[9];B[zz").expect("written");
    dir
}

/// Every file of `dir` by name, with its bytes.
fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            let e = e.expect("an entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("a file"),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn dataset_over_one_and_three_ranks_writes_the_single_process_files() {
    use go_position_analyzer::batch::{BatchOptions, DatasetFormat, finish, plan, run_job};
    let games = small_games("dataset");
    let out = |name: &str| games.join(format!("out-{name}"));
    // The single-process run, as `cargo xtask dataset` makes it.
    let options = BatchOptions::default()
        .with_out(out("plain"))
        .with_every(8)
        .with_first(8)
        .with_playouts(150)
        .with_min_visits(3)
        .with_depth(None)
        .with_format(DatasetFormat::Csv);
    let p = plan(&games, &options).expect("a plan");
    assert_eq!((p.games, p.unreadable.len(), p.jobs.len()), (4, 1, 9));
    std::fs::create_dir_all(&options.out).expect("a folder");
    let outcomes: Vec<_> = p.jobs.iter().map(|j| run_job(&options, j)).collect();
    finish(&options, &p.jobs, &outcomes).expect("an index");
    let plain = files(&options.out);
    assert_eq!(plain.len(), 10); // nine CSVs and the index
    let dataset = |np: usize, name: &str, extra: &[&str]| {
        let dir = out(name);
        let mut args = vec![
            games.to_str().expect("a UTF-8 path"),
            "--out",
            dir.to_str().expect("a UTF-8 path"),
            "--every",
            "8",
            "--first",
            "8",
            "--playouts",
            "150",
            "--min-visits",
            "3",
        ];
        args.extend_from_slice(extra);
        let o = mpirun(np, env!("CARGO_BIN_EXE_dataset_mpi"), &args, "")?;
        let text = stdout(&o);
        assert!(
            o.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        Some(text)
    };
    let Some(text) = dataset(1, "one", &[]) else {
        return;
    };
    assert!(text.contains("dataset: 9 positions analysed"), "{text}");
    assert_eq!(files(&out("one")), plain);
    let text = dataset(3, "three", &[]).expect("mpirun was found above");
    assert!(
        text.contains("dataset: 9 positions analysed") && text.contains("6 sent"),
        "{text}"
    );
    assert_eq!(files(&out("three")), plain);
    // Resumed: nothing left to do, nothing changed.
    let text = dataset(3, "three", &[]).expect("mpirun was found above");
    assert!(
        text.contains("0 positions analysed (0 rows), 9 already done"),
        "{text}"
    );
    assert_eq!(files(&out("three")), plain);
    // One position lost: only it is analysed again, to the same bytes.
    let (name, bytes) = &plain[3];
    std::fs::remove_file(out("three").join(name)).expect("removed");
    let text = dataset(2, "three", &[]).expect("mpirun was found above");
    assert!(
        text.contains("1 positions analysed") && text.contains("8 already done"),
        "{text}"
    );
    assert_eq!(
        &std::fs::read(out("three").join(name)).expect("rewritten"),
        bytes
    );
    // Weka's ARFF instead of CSV: the single-process files too.
    let arff = options
        .clone()
        .with_out(out("plain-arff"))
        .with_format(DatasetFormat::Arff);
    std::fs::create_dir_all(&arff.out).expect("a folder");
    let outcomes: Vec<_> = p.jobs.iter().map(|j| run_job(&arff, j)).collect();
    finish(&arff, &p.jobs, &outcomes).expect("an index");
    let plain_arff = files(&arff.out);
    assert!(
        plain_arff
            .iter()
            .any(|(n, b)| n.ends_with(".arff")
                && String::from_utf8_lossy(b).contains("\n@relation "))
    );
    dataset(2, "two-arff", &["--arff"]).expect("mpirun was found above");
    assert_eq!(files(&out("two-arff")), plain_arff);
    let _ = std::fs::remove_dir_all(&games);
}
