//! A short match of our engine (in-process, random player) against GNU Go
//! (`--level 0`) on 9×9, counted by GNU Go's `final_score`, each game
//! written as SGF and loaded back into both engines.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use go_gtp::arena::{Ending, GameOutcome, GameSettings, Peer, play_game, score_with};
use go_gtp::controller::{Controller, ControllerOptions};
use go_gtp::go_board::sgf::GameRecord;
use go_gtp::movegen::RandomMoves;
use go_gtp::{Color, GoEngine};

fn gnugo(level: &str) -> Controller {
    let mut command = Command::new(common::GNUGO);
    command
        .args(["--mode", "gtp", "--level", level])
        .stderr(Stdio::null());
    let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(60)));
    Controller::spawn(command, options).expect("GNU Go starts")
}

fn ask(peer: &mut dyn Peer, command: &str) -> String {
    let reply = peer.request(command).expect("engine answers");
    assert!(reply.is_success(), "`{command}` failed: {}", reply.text());
    reply.into_text().trim().to_string()
}

#[test]
fn short_match_against_gnugo_is_scored_and_its_sgf_loads_back() {
    if common::gnugo("short_match_against_gnugo").is_none() {
        return;
    }
    let mut ours = GoEngine::with_generator(RandomMoves::with_seed(3)).into_engine("ours", "0");
    let mut theirs = gnugo("0");
    let mut arbiter = gnugo("1");
    let settings = GameSettings::default();
    let dir = common::temp_dir("arena");
    for round in 0..2 {
        let our_color = if round == 0 {
            Color::Black
        } else {
            Color::White
        };
        let played = if our_color == Color::Black {
            play_game(&mut ours, &mut theirs, &settings)
        } else {
            play_game(&mut theirs, &mut ours, &settings)
        }
        .expect("the game starts");
        assert!(
            played.ending.needs_count() || matches!(played.ending, Ending::Resigned(_)),
            "unexpected ending: {}",
            played.ending
        );
        let outcome = match played.ending.outcome() {
            Some(outcome) => outcome,
            None => score_with(&mut arbiter, &played.game).expect("GNU Go counts"),
        };
        assert_ne!(outcome, GameOutcome::Void);
        eprintln!(
            "game {}: ours {our_color}, {} after {} moves ({})",
            round + 1,
            outcome,
            played.game.moves().count(),
            played.ending
        );

        let mut record = played.game.record();
        record.info.result = Some(outcome.to_string());
        record.info.players[our_color] = Some("go-analysis".into());
        record.info.players[our_color.opposite()] = Some("GNU Go".into());
        let text = record.to_sgf();
        assert_eq!(GameRecord::parse(&text).expect("our SGF parses"), record);
        let file = dir.join(format!("game-{}.sgf", round + 1));
        std::fs::write(&file, &text).unwrap();

        // Both engines load it back to the final position.
        let load = format!("loadsgf {}", file.display());
        let mut fresh = GoEngine::new().into_engine("fresh", "0");
        let to_play = played.game.board().to_play().to_string();
        assert_eq!(ask(&mut fresh, &load), to_play);
        assert_eq!(ask(&mut arbiter, &load), to_play);
        for query in ["list_stones black", "list_stones white", "captures black"] {
            let expected = ask(&mut ours, query);
            assert_eq!(ask(&mut fresh, query), expected, "{query}");
            assert_eq!(ask(&mut arbiter, query), expected, "{query}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
