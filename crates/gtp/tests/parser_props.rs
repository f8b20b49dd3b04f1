//! Property tests: the parsers take arbitrary bytes without panicking, and
//! what they accept obeys the GTP 2 grammar and round-trips.

use go_gtp::protocol::{Command, Reply, preprocess};
use go_gtp::{Color, Engine, FromArg, Move, Registry, Response};
use proptest::prelude::*;

fn engine() -> Engine<()> {
    let mut registry = Registry::new("props", "0");
    registry
        .register("echo", |_, args| Ok(Response::words(args.rest())))
        .register("play", |_, args| {
            let m = args.next_move()?;
            Ok(Response::from(m))
        });
    Engine::new(registry, ())
}

/// Bytes biased towards what makes GTP lines interesting.
fn gtp_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        any::<u8>(),
        Just(b'\n'),
        Just(b'\r'),
        Just(b'\t'),
        Just(b' '),
        Just(b'#'),
        b'0'..=b'9',
        b'a'..=b'z',
    ];
    proptest::collection::vec(byte, 0..400)
}

proptest! {
    #[test]
    fn preprocessed_lines_hold_no_controls_comments_or_tabs(raw in gtp_bytes()) {
        if let Some(line) = preprocess(&raw) {
            prop_assert!(!line.is_empty());
            prop_assert!(!line.contains('#'));
            prop_assert!(!line.chars().any(char::is_control));
            prop_assert!(!line.starts_with(' ') && !line.ends_with(' '));
        }
    }

    #[test]
    fn parsed_commands_are_well_formed_and_round_trip(raw in gtp_bytes()) {
        if let Ok(Some(command)) = Command::parse_line(&raw) {
            let name = command.name();
            prop_assert!(!name.is_empty());
            // An all-digit name is only possible after an id ("0 0").
            prop_assert!(command.id().is_some() || !name.bytes().all(|b| b.is_ascii_digit()));
            for word in std::iter::once(name).chain(command.args().iter().map(String::as_str)) {
                prop_assert!(!word.is_empty());
                prop_assert!(!word.contains([' ', '#']) && !word.chars().any(char::is_control));
            }
            let again: Command = command.to_string().parse().unwrap();
            prop_assert_eq!(again, command);
        }
    }

    #[test]
    fn engine_answers_each_command_line_with_one_well_formed_reply(raw in gtp_bytes()) {
        let mut output = Vec::new();
        engine().run(&raw[..], &mut output).unwrap();
        let output = String::from_utf8(output).unwrap();
        let commands = raw
            .split(|&b| b == b'\n')
            .filter(|line| preprocess(line).is_some())
            .count();
        prop_assert!(output.is_empty() || output.ends_with("\n\n"));
        let replies: Vec<&str> = output.split_terminator("\n\n").collect();
        prop_assert_eq!(replies.len(), commands);
        for reply in replies {
            prop_assert!(Reply::parse(reply).is_ok(), "{:?}", reply);
        }
    }

    #[test]
    fn written_commands_parse_back(
        id in proptest::option::of(any::<u32>()),
        name in "[a-z][a-z0-9_-]{0,15}",
        args in proptest::collection::vec("[A-Za-z0-9.+=/-]{1,8}", 0..5),
        gap in "[ \t]{1,3}",
        ending in prop_oneof![Just(""), Just("\r"), Just(" # comment"), Just("\t\r")],
    ) {
        let mut line = String::new();
        if let Some(id) = id {
            line.push_str(&format!("{id}{gap}"));
        }
        line.push_str(&name);
        for arg in &args {
            line.push_str(&gap);
            line.push_str(arg);
        }
        line.push_str(ending);
        let command = Command::parse_line(line.as_bytes()).unwrap().unwrap();
        prop_assert_eq!(command.id(), id);
        prop_assert_eq!(command.name(), name.as_str());
        prop_assert_eq!(command.args(), args.as_slice());
    }

    #[test]
    fn replies_round_trip_through_the_wire(
        success in any::<bool>(),
        id in proptest::option::of(0u32..1_000_000),
        lines in proptest::collection::vec("[!-~][ -~]{0,20}", 1..5),
    ) {
        let text = lines.join("\n");
        let reply = if success { Reply::success(id, text) } else { Reply::failure(id, text) };
        let wire = reply.to_string();
        prop_assert_eq!(wire.matches("\n\n").count(), 1);
        prop_assert_eq!(Reply::parse(wire.trim_end_matches('\n')).unwrap(), reply);
    }

    #[test]
    fn vertex_and_color_parsers_take_any_word(word in "\\PC{0,6}") {
        if let Some(vertex) = Move::from_arg(&word) {
            let text = Response::from(vertex).into_text();
            prop_assert_eq!(Move::from_arg(&text), Some(vertex));
        }
        if let Some(color) = Color::from_arg(&word) {
            prop_assert_eq!(Color::from_arg(&Response::from(color).into_text()), Some(color));
        }
    }

    #[test]
    fn reply_parser_takes_any_text(text in "\\PC{0,60}") {
        let _ = Reply::parse(&text);
    }
}

#[cfg(feature = "regress")]
mod regress {
    use go_gtp::regress::{Expectation, Suite};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn expectations_take_any_text(answer in "[ \\[\\]!*&(){}|.^$\\\\a-c0-2:=-]{0,30}", line in "[a-c0-2 ]{0,8}") {
            let expectation = Expectation::parse(&answer);
            let _ = expectation.accepts(&line);
        }

        #[test]
        fn suites_take_any_bytes(raw in proptest::collection::vec(any::<u8>(), 0..400)) {
            let suite = Suite::parse("x.tst", &raw);
            prop_assert!(suite.num_tests() <= suite.steps().len());
        }
    }
}
