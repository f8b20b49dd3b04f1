//! GTP 2 conformance of the engine loop: ids, errors, multi-line replies,
//! malformed input. Transcripts are `insta` snapshots: `> ` lines show the
//! input, `< ` lines what the engine wrote, one line each, escaped so that
//! trailing spaces and the empty line ending each reply stay visible.

use go_gtp::{Engine, EngineOptions, GtpError, Move, Registry, Response};

fn test_engine() -> Engine<Vec<String>> {
    let mut registry = Registry::new("conformance", "1.2.3");
    registry
        .register("echo", |_, args| Ok(Response::words(args.rest())))
        .register("lines", |_, args| Ok(Response::lines(1..=args.next_int()?)))
        .register("blank_lines", |_, _| Ok(Response::new("a\n\n  \nb\n\n")))
        .register("fail", |_, _| Err(GtpError::message("custom failure")))
        .register("boardsize", |_, args| match args.next_int()? {
            size @ 2..=25 => Ok(Response::from(size)),
            size => Err(GtpError::UnacceptableSize(size)),
        })
        .register("play", |log: &mut Vec<String>, args| {
            let m = args.next_move()?;
            if m.mv == Move::Pass {
                return Err(GtpError::IllegalMove(m));
            }
            log.push(m.to_string());
            Ok(Response::empty())
        })
        .register("strict", |_, args| {
            let n = args.next_float()?;
            args.end()?;
            Ok(Response::from(n))
        });
    Engine::new(registry, Vec::new())
}

/// Feeds `input` line by line and records the exchange; checks that the
/// whole-stream loop writes the same bytes.
fn transcript(input: &[u8]) -> String {
    let mut engine = test_engine();
    let mut out = String::new();
    let mut expected_stream = String::new();
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    for line in lines {
        out.push_str(&format!("> {}\n", line.escape_ascii()));
        if let Some(answer) = engine.handle_line(line) {
            let reply = answer.reply.to_string();
            for line in reply.strip_suffix('\n').unwrap_or(&reply).split('\n') {
                out.push_str(&format!("< {:?}\n", line));
            }
            expected_stream.push_str(&reply);
            if answer.quit {
                break;
            }
        }
    }
    let mut stream = Vec::new();
    test_engine().run(input, &mut stream).unwrap();
    assert_eq!(String::from_utf8(stream).unwrap(), expected_stream);
    out
}

#[test]
fn ids_are_echoed_and_absent_ids_stay_absent() {
    insta::assert_snapshot!(transcript(
        b"1 echo a\necho b\n0 echo c\n0042 echo d\n4294967295 echo e\n"
    ));
}

#[test]
fn framework_commands_reflect_the_registry() {
    insta::assert_snapshot!(transcript(
        b"1 protocol_version\n2 name\n3 version\n4 known_command play\n5 known_command genmove\n\
          6 known_command\n7 list_commands\n8 known_command known_command\n"
    ));
}

#[test]
fn errors_use_the_specification_strings() {
    insta::assert_snapshot!(transcript(
        b"1 genmove b\n2 boardsize\n3 boardsize x\n4 boardsize 26\n5 play black\n6 play red A1\n\
          7 play b I1\n8 play b pass\n9 fail\n10 strict 1.5 extra\n11 strict nan\n12 play w t19\n"
    ));
}

#[test]
fn multi_line_replies_never_contain_an_empty_line() {
    insta::assert_snapshot!(transcript(b"1 lines 3\n2 blank_lines\n3 lines 0\n"));
}

#[test]
fn malformed_input_gets_an_answer_or_is_skipped() {
    insta::assert_snapshot!(transcript(
        b"1 echo crlf\r\n\t2\techo\ttabs  \n# comment only\n\n   \n3 echo x # trailing comment\n\
          4 ec\x00h\x1bo ctl\x7f\n40\n99999999999 echo big\n\xff\xfe\x80 garbage\n-1 echo\n\
          5 echo caf\xc3\xa9 \xe2\x98\x83\n"
    ));
}

#[test]
fn quit_answers_then_stops_reading() {
    insta::assert_snapshot!(transcript(b"1 echo before\n2 quit\n3 echo after\n"));
}

#[test]
fn last_line_without_line_feed_is_answered() {
    insta::assert_snapshot!(transcript(b"1 echo one\n2 echo two"));
}

#[test]
fn over_long_line_is_refused_without_running_it() {
    let mut engine = test_engine().with_options(EngineOptions::default().with_max_line_len(16));
    let mut output = Vec::new();
    let input = b"7 play black A1 and many more words\n8 echo ok\n";
    engine.run(&input[..], &mut output).unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        "?7 line too long\n\n=8 ok\n\n"
    );
    assert!(engine.state().is_empty(), "the long command must not run");
}

#[test]
fn megabyte_line_of_garbage_does_not_hurt() {
    let mut input: Vec<u8> = (0..3_000_000u32)
        .map(|i| (i % 251) as u8)
        .filter(|&b| b != b'\n')
        .collect();
    input.extend_from_slice(b"\n1 echo alive\n");
    let mut output = Vec::new();
    test_engine().run(&input[..], &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    assert!(output.starts_with("? line too long\n\n"), "{output:.80}");
    assert!(output.ends_with("=1 alive\n\n"));
}

#[test]
fn end_of_input_ends_the_loop_cleanly() {
    let mut output = Vec::new();
    test_engine().run(&b""[..], &mut output).unwrap();
    assert!(output.is_empty());
}

#[test]
fn a_panicking_command_answers_failure_and_the_engine_goes_on() {
    let mut registry = Registry::new("fragile", "1");
    registry
        .register("explode", |_: &mut u32, _| panic!("boom\nsecond line"))
        .register("count", |n: &mut u32, _| {
            *n += 1;
            Ok(Response::from(*n))
        });
    let mut engine = Engine::new(registry, 0);
    let mut output = Vec::new();
    engine
        .run(&b"1 count\n2 explode\n3 count\n"[..], &mut output)
        .unwrap();
    let output = String::from_utf8(output).unwrap();
    let replies: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(replies[0], "=1 1");
    assert!(
        replies[1].starts_with("?2 internal error") && replies[1].ends_with("boom second line"),
        "{output}"
    );
    assert_eq!(replies[2], "=3 2");
}

#[test]
fn analyze_entries_are_listed_once_the_first_is_added() {
    use go_gtp::AnalyzeKind;
    let mut registry = Registry::<()>::new("gui", "1");
    assert!(!registry.contains("gogui-analyze_commands"));
    registry
        .register("ownership", |_, _| Ok(Response::empty()))
        .add_analyze(AnalyzeKind::Gfx, "Ownership", "ownership")
        .add_analyze(AnalyzeKind::Plist, "Legal", "all_legal %c")
        .add_analyze(AnalyzeKind::Gfx, "Ownership again", "ownership");
    let mut engine = Engine::new(registry, ());
    let mut output = Vec::new();
    engine
        .run(
            &b"known_command gogui-analyze_commands\ngogui-analyze_commands\n"[..],
            &mut output,
        )
        .unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        "= true\n\n= gfx/Ownership/ownership\nplist/Legal/all_legal %c\n\n"
    );
}
