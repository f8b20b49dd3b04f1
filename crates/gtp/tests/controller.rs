//! The controller against misbehaving fake engines (small `sh` scripts) and
//! against GNU Go.

#![cfg(unix)]

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use go_gtp::controller::{Controller, ControllerError, ControllerOptions, EngineCommand};

fn fake(script: &str) -> Controller {
    fake_with(script, ControllerOptions::default())
}

fn fake_with(script: &str, options: ControllerOptions) -> Controller {
    let mut command = Command::new("sh");
    command.args(["-c", script]);
    Controller::spawn(command, options).expect("sh starts")
}

#[test]
fn reply_with_matching_id_is_returned() {
    let mut engine = fake(
        r#"read l; printf '=1 hello\n\n'; read l; printf '=2 \nline 2\r\nline 3\n\n'; sleep 5"#,
    );
    assert_eq!(engine.send("name").unwrap(), "hello");
    assert_eq!(engine.send("showboard").unwrap(), "\nline 2\nline 3");
}

#[test]
fn error_reply_is_a_failure_with_its_message() {
    let mut engine = fake(r#"read l; printf '?1 illegal move\n\n'; sleep 5"#);
    match engine.send("play b A1") {
        Err(ControllerError::Failure { command, message }) => {
            assert_eq!(
                (command.as_str(), message.as_str()),
                ("play b A1", "illegal move")
            );
        }
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn engine_that_exits_is_reported_with_its_status() {
    let mut engine = fake("read l; exit 3");
    match engine.request("name") {
        Err(ControllerError::Exited { status, .. }) => {
            assert_eq!(status.and_then(|s| s.code()), Some(3));
        }
        other => panic!("expected exit, got {other:?}"),
    }
    // Later requests fail the same way at once.
    assert!(matches!(
        engine.request("name"),
        Err(ControllerError::Exited { .. })
    ));
}

#[test]
fn garbage_is_reported_and_the_stream_resynchronises() {
    let mut engine =
        fake(r#"read l; printf 'hello there\nmore\n\n'; read l; printf '=2 ok\n\n'; sleep 5"#);
    match engine.request("name") {
        Err(ControllerError::Garbled { line, .. }) => assert_eq!(line, "hello there"),
        other => panic!("expected garbage, got {other:?}"),
    }
    assert_eq!(engine.send("name").unwrap(), "ok");
}

#[test]
fn late_reply_after_timeout_is_skipped() {
    let options = ControllerOptions::default().with_timeout(Some(Duration::from_millis(200)));
    let mut engine = fake_with(
        r#"read l; sleep 1; printf '=1 late\n\n'; read l; printf '=2 fresh\n\n'; sleep 5"#,
        options,
    );
    let started = Instant::now();
    assert!(matches!(
        engine.request("genmove b"),
        Err(ControllerError::Timeout { .. })
    ));
    assert!(started.elapsed() < Duration::from_millis(900));
    engine.set_timeout(Some(Duration::from_secs(10)));
    assert_eq!(engine.send("name").unwrap(), "fresh");
}

#[test]
fn engine_without_ids_is_understood() {
    let mut engine = fake(r#"read l; printf '= x\n\n'; sleep 5"#);
    assert_eq!(engine.send("name").unwrap(), "x");
}

#[test]
fn missing_program_is_a_spawn_error() {
    let result = Controller::spawn(
        Command::new("/nonexistent/engine"),
        ControllerOptions::default(),
    );
    assert!(matches!(result, Err(ControllerError::Spawn { .. })));
}

#[test]
fn commands_must_be_single_lines_without_ids() {
    let mut engine = fake("sleep 5");
    for bad in ["name\nquit", "3 name", ""] {
        assert!(
            matches!(engine.request(bad), Err(ControllerError::InvalidCommand(_))),
            "{bad:?}"
        );
    }
}

#[test]
fn dropping_a_hung_engine_kills_it() {
    let engine = fake("sleep 100");
    let started = Instant::now();
    drop(engine);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn gnugo_plays_through_the_controller() {
    let Some(gnugo) = common::gnugo("gnugo_plays_through_the_controller") else {
        return;
    };
    let command = EngineCommand::new(gnugo)
        .arg("--mode")
        .arg("gtp")
        .to_command();
    let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(30)));
    let mut engine = Controller::spawn(command, options).unwrap();
    assert_eq!(engine.send("protocol_version").unwrap(), "2");
    assert_eq!(engine.send("known_command genmove").unwrap(), "true");
    engine.send("boardsize 9").unwrap();
    engine.send("clear_board").unwrap();
    engine.send("play black E5").unwrap();
    match engine.send("play white E5") {
        Err(ControllerError::Failure { message, .. }) => assert_eq!(message, "illegal move"),
        other => panic!("expected illegal move, got {other:?}"),
    }
    let reply = engine.send("genmove white").unwrap();
    assert!(reply.parse::<go_gtp::Move>().is_ok(), "{reply:?}");
    let board = engine.send("showboard").unwrap();
    assert_eq!(
        board.lines().filter(|l| l.contains('X')).count(),
        2,
        "{board}"
    );
    assert!(engine.quit().unwrap().success());
}
