//! `genmove` and `reg_genmove`: ask the state's move generator.

use crate::{Decision, GtpError, HasMoveGenerator, Registry, Response};

/// Registers `genmove C` (generate a move for C and play it; answers the
/// vertex, `PASS` or `resign`) and `reg_genmove C` (the same without
/// playing, as the regression suites use it).
///
/// A generator that answers an illegal move gets a failure reply and the
/// game stays as it was.
///
/// ```
/// use go_gtp::{commands, Engine, GoEngine, Registry};
///
/// let mut registry = Registry::new("random", "1");
/// commands::register_game(&mut registry);
/// commands::register_genmove(&mut registry);
/// let mut engine = Engine::new(registry, GoEngine::new());
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 2\nplay b A1\nplay w B2\nreg_genmove b\n"[..], &mut out)?;
/// // Both empty points are legal for Black and neither is its eye.
/// let text = String::from_utf8(out)?;
/// assert!(text.ends_with("= A2\n\n") || text.ends_with("= B1\n\n"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register_genmove<S: HasMoveGenerator>(registry: &mut Registry<S>) {
    registry
        .register("genmove", |state: &mut S, args| {
            let color = args.next_color()?;
            let decision = state.generate_move(color);
            if let Decision::Move(mv) = decision {
                state.game_mut().play(color, mv).map_err(|e| {
                    GtpError::message(format!("move generator chose an illegal move: {e}"))
                })?;
            }
            Ok(Response::new(answer(decision)))
        })
        .register("reg_genmove", |state: &mut S, args| {
            let color = args.next_color()?;
            Ok(Response::new(answer(state.generate_move(color))))
        });
}

/// `genmove`'s answer: a vertex, `PASS` in capitals as GNU Go answers, or
/// `resign`.
fn answer(decision: Decision) -> String {
    match decision {
        Decision::Move(mv) => crate::response::vertex_text(mv),
        Decision::Resign => "resign".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Decision, GoEngine, Move, TimedGame};

    fn answers(decision: Decision, script: &str) -> String {
        let generator = move |_: &TimedGame, _: Color| decision;
        let mut engine = GoEngine::with_generator(generator).into_engine("test", "1");
        let mut out = Vec::new();
        engine.run(script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn genmove_answers_pass_in_capitals_as_gnu_go() {
        let script = "genmove b\nreg_genmove w\n";
        let text = answers(Decision::Move(Move::Pass), script);
        assert_eq!(text, "= PASS\n\n= PASS\n\n");
    }

    #[test]
    fn genmove_answers_resign_and_plays_nothing() {
        let text = answers(Decision::Resign, "genmove b\nmove_history\n");
        assert_eq!(text, "= resign\n\n= \n\n");
    }
}
