//! The regression runner end to end: a fake engine that crashes and hangs,
//! GNU Go on a suite written here, and GNU Go on the peer suites scored
//! twice — by our runner and by an independent scorer built on `grep -E`.

#![cfg(all(unix, feature = "regress"))]

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use go_gtp::controller::EngineCommand;
use go_gtp::regress::{Got, RunOptions, Suite, SuiteReport, TestOutcome, run_suite};

fn run(suite: &Suite, engine: &EngineCommand, options: &RunOptions) -> SuiteReport {
    run_suite(suite, engine, options, |_| {}).expect("suite runs")
}

fn outcomes(report: &SuiteReport) -> Vec<(u32, TestOutcome)> {
    report.results.iter().map(|r| (r.id, r.outcome)).collect()
}

/// A GTP engine in `sh`: echoes the command name, counts the commands it
/// has seen, crashes on `crash`, hangs on `hang`.
const FAKE_ENGINE: &str = r#"
n=0
while read id cmd rest; do
  n=$((n+1))
  case "$cmd" in
    crash) exit 1 ;;
    hang) sleep 30 ;;
    count) printf '=%s %s\n\n' "$id" "$n" ;;
    fail) printf '?%s nope\n\n' "$id" ;;
    *) printf '=%s %s\n\n' "$id" "$cmd" ;;
  esac
done
"#;

#[test]
fn crashes_and_hangs_cost_one_test_each_and_setup_is_replayed() {
    let dir = common::temp_dir("fake");
    std::fs::write(dir.join("engine.sh"), FAKE_ENGINE).unwrap();
    let tst = "\
setup_one
1 echo
#? [echo]
2 crash
#? [x]
3 count
#? [2]
setup_two
4 hang
#? [x]*
5 count
#? [3]
6 fail
#? [!x]
7 echo
#? [echo]&
40
#? [x]*
";
    let path = dir.join("fake.tst");
    std::fs::write(&path, tst).unwrap();
    let suite = Suite::load(&path).unwrap();
    let engine = EngineCommand::new("sh").arg(dir.join("engine.sh"));
    let options = RunOptions::default().with_timeout(Some(Duration::from_millis(500)));
    let report = run(&suite, &engine, &options);
    assert_eq!(
        outcomes(&report),
        [
            (1, TestOutcome::Passed),
            (2, TestOutcome::UnexpectedFailure),
            // After the crash: restarted, `setup_one` replayed, then `count`.
            (3, TestOutcome::Passed),
            (4, TestOutcome::ExpectedFailure),
            // After the hang: both setup lines replayed.
            (5, TestOutcome::Passed),
            (6, TestOutcome::UnexpectedFailure),
            (7, TestOutcome::Ignored),
            (40, TestOutcome::ExpectedFailure),
        ]
    );
    assert_eq!(report.restarts, 2);
    assert!(matches!(&report.results[1].got, Got::Nothing(why) if why.contains("exited")));
    assert_eq!(report.results[5].got, Got::Error("nope".into()));
    assert_eq!((report.passed(), report.failed()), (3, 4));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn gnugo_runs_a_suite_from_its_own_folder() {
    let Some(gnugo) = common::gnugo("gnugo_runs_a_suite_from_its_own_folder") else {
        return;
    };
    let dir = common::temp_dir("gnugo");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(
        dir.join("games/tiny.sgf"),
        "(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee])",
    )
    .unwrap();
    let tst = "\
loadsgf games/tiny.sgf 3
1 color C7
#? [black]
2 color E5
#? [empty]
3 name
#? [GNU Go]*
4 name
#? [!GNU Go]
5 frobnicate
#? [!anything]
6 showboard
#? []
7 protocol_version
#? [3|2|1]
reg_genmove b
#? [never scored]
";
    let path = dir.join("tiny.tst");
    std::fs::write(&path, tst).unwrap();
    let suite = Suite::load(&path).unwrap();
    let engine = EngineCommand::new(gnugo)
        .arg("--quiet")
        .arg("--mode")
        .arg("gtp");
    let report = run(&suite, &engine, &RunOptions::default());
    assert!(
        report.setup_failures.is_empty(),
        "{:?}",
        report.setup_failures
    );
    assert_eq!(
        outcomes(&report),
        [
            (1, TestOutcome::Passed),
            // `loadsgf FILE 3` stops before move 3: E5 is still empty.
            (2, TestOutcome::Passed),
            (3, TestOutcome::UnexpectedPass),
            (4, TestOutcome::UnexpectedFailure),
            (5, TestOutcome::UnexpectedFailure),
            (6, TestOutcome::Passed),
            (7, TestOutcome::Passed),
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// What GNU Go answers to each numbered command when the suite is piped into
/// it as a script, by id in order: (success, first line).
fn piped_answers(gnugo: &Path, suite: &Path) -> HashMap<u32, Vec<(bool, String)>> {
    let output = Command::new(gnugo)
        .args(["--quiet", "--mode", "gtp"])
        .current_dir(suite.parent().unwrap())
        .stdin(std::fs::File::open(suite).unwrap())
        .stderr(Stdio::null())
        .output()
        .unwrap();
    let mut answers: HashMap<u32, Vec<(bool, String)>> = HashMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Some(status) = line.chars().next().filter(|c| *c == '=' || *c == '?') else {
            continue;
        };
        let rest = &line[1..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let id: u32 = rest[..digits].parse().unwrap();
        let text = rest[digits..].trim_start_matches(' ').to_string();
        answers.entry(id).or_default().push((status == '=', text));
    }
    answers
}

/// Scores `answer` against a `#?` line with POSIX `grep -E`, independently
/// of our regex translation and scorer.
fn grep_outcome(expect: &str, answer: Option<&(bool, String)>) -> TestOutcome {
    let expect = expect.trim_start_matches(' ').trim_end();
    let ignored = expect.ends_with('&');
    let marked = expect.ends_with('*');
    let mut pattern = expect.strip_prefix('[').unwrap_or(expect);
    let unmarked = pattern.trim_end_matches(['*', '&']);
    pattern = unmarked.strip_suffix(']').unwrap_or(pattern);
    let (negated, pattern) = match pattern.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, pattern),
    };
    let correct = match answer {
        Some((true, text)) => {
            let mut grep = Command::new("grep")
                .args(["-E", "-q", "-e", &format!("^{pattern}$")])
                .stdin(Stdio::piped())
                .spawn()
                .unwrap();
            use std::io::Write;
            writeln!(grep.stdin.take().unwrap(), "{text}").unwrap();
            grep.wait().unwrap().success() != negated
        }
        _ => false,
    };
    match (ignored, correct, marked) {
        (true, _, _) => TestOutcome::Ignored,
        (false, true, false) => TestOutcome::Passed,
        (false, true, true) => TestOutcome::UnexpectedPass,
        (false, false, true) => TestOutcome::ExpectedFailure,
        (false, false, false) => TestOutcome::UnexpectedFailure,
    }
}

/// Runs one peer suite with GNU Go through our runner, and compares every
/// outcome with the independent scoring of GNU Go's piped answers.
fn differential(name: &str, suites: &Path, gnugo: &Path) -> SuiteReport {
    let path = suites.join(name);
    let suite = Suite::load(&path).unwrap();
    let engine = EngineCommand::new(gnugo)
        .arg("--quiet")
        .arg("--mode")
        .arg("gtp");
    let report = run(&suite, &engine, &RunOptions::default());
    assert!(
        report.setup_failures.is_empty(),
        "{name}: {:?}",
        report.setup_failures
    );

    let answers = piped_answers(gnugo, &path);
    let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
    let lines: Vec<&str> = text.lines().collect();
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let mut expected = Vec::new();
    for pair in lines.windows(2) {
        let (command, answer) = (pair[0], pair[1]);
        let Some(expect) = answer.strip_prefix("#?") else {
            continue;
        };
        let digits = command.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            continue;
        }
        let id: u32 = command[..digits].parse().unwrap();
        let nth = seen.entry(id).or_default();
        let reply = answers.get(&id).and_then(|v| v.get(*nth));
        *nth += 1;
        expected.push((id, grep_outcome(expect, reply)));
    }
    assert_eq!(outcomes(&report), expected, "{name}");
    report
}

#[test]
fn gnugo_peer_suites_score_as_grep_scores_them() {
    let test = "gnugo_peer_suites_score_as_grep_scores_them";
    let (Some(gnugo), Some(suites)) = (common::gnugo(test), common::peer_suites(test)) else {
        return;
    };
    for name in [
        "gnugo/regression/capture.tst",
        "gnugo/regression/reading.tst",
        // Holds the `#? [undecided` lines without a closing bracket.
        "gnugo/regression/unconditional.tst",
    ] {
        let report = differential(name, &suites, &gnugo);
        eprintln!("{name}: {}", report.summary());
    }
}

#[test]
#[ignore = "about 20 s of GNU Go eye and semeai reading; run with --ignored"]
fn gnugo_eye_and_semeai_suites_score_as_grep_scores_them() {
    let test = "gnugo_eye_and_semeai_suites_score_as_grep_scores_them";
    let (Some(gnugo), Some(suites)) = (common::gnugo(test), common::peer_suites(test)) else {
        return;
    };
    for name in [
        "gnugo/regression/optics.tst",
        "gnugo/regression/STS-RV_0.tst",
        "gnugo/regression/STS-RV_1.tst",
        "gnugo/regression/STS-RV_e.tst",
        "gnugo/regression/STS-RV_Misc.tst",
    ] {
        let report = differential(name, &suites, &gnugo);
        eprintln!("{name}: {}", report.summary());
    }
}

#[test]
fn every_peer_suite_answer_is_a_valid_regex() {
    let Some(suites) = common::peer_suites("every_peer_suite_answer_is_a_valid_regex") else {
        return;
    };
    let mut checked = 0;
    for folder in ["gnugo/regression", "fuego/regression"] {
        let Ok(entries) = std::fs::read_dir(suites.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "tst") {
                continue;
            }
            let suite = Suite::load(&path).unwrap();
            for step in suite.steps() {
                if let Some(expectation) = &step.expectation {
                    assert_eq!(
                        expectation.regex_error(),
                        None,
                        "{}:{}",
                        path.display(),
                        step.line
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5000, "only {checked} answers found");
}
