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
