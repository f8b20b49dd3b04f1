//! GoGui pictures of the dragons (feature `gtp`): `dragon_status_gfx`.
//!
//! `dragon_status_gfx` surveys the board ([`Survey`], default
//! [`SurveyOptions`]) and answers GoGui `gfx` lines:
//! - `MARK` on the stones of dead dragons, and the killer's territory colour
//!   on them (`BLACK` on dead white stones, `WHITE` on dead black ones);
//! - `TRIANGLE` on the stones of critical dragons, with `LABEL`s `A` on the
//!   attack point and `D` on the defence point (`AD` when they coincide);
//! - `SQUARE` on the stones of dragons whose status is unknown (not settled
//!   within the budget);
//! - `CIRCLE` on the stones of dragons in seki;
//! - alive dragons unmarked;
//! - a `TEXT` line counting the dragons of each status.

use go_board::{Board, Color, Move, Point, PointSet};
use go_gtp::{AnalyzeKind, HasBoard, Registry, Response};

use crate::LifeStatus;
use crate::survey::{Survey, SurveyOptions};

/// Registers `dragon_status_gfx` (see the module docs) as a GoGui `gfx`
/// analyze command.
// Until `gtp::register_with` calls it, only the tests do.
pub(crate) fn register<S: HasBoard>(registry: &mut Registry<S>) {
    registry
        .register("dragon_status_gfx", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            let survey = Survey::new(board, &SurveyOptions::default());
            Ok(Response::lines(gfx_lines(board, &survey)))
        })
        .add_analyze(AnalyzeKind::Gfx, "Dragon status", "dragon_status_gfx");
}

/// The gfx lines of `survey` (see the module docs); empty commands left out.
fn gfx_lines(board: &Board, survey: &Survey) -> Vec<String> {
    let (mut dead_black, mut dead_white) = (PointSet::new(), PointSet::new());
    let (mut critical, mut unknown, mut seki) = (PointSet::new(), PointSet::new(), PointSet::new());
    let mut labels: Vec<(Point, &str)> = Vec::new();
    let (mut alive, mut n_seki, mut n_critical, mut dead, mut n_unknown) = (0, 0, 0, 0, 0);
    for d in survey.dragons() {
        match d.status {
            Some(LifeStatus::Alive) => alive += 1,
            Some(LifeStatus::Seki) => {
                n_seki += 1;
                seki |= d.stones;
            }
            Some(LifeStatus::Dead) => {
                dead += 1;
                match d.color {
                    Color::Black => dead_black |= d.stones,
                    Color::White => dead_white |= d.stones,
                }
            }
            Some(LifeStatus::Critical { attack, defence }) => {
                n_critical += 1;
                critical |= d.stones;
                if let Move::Play(a) = attack {
                    labels.push((a, if attack == defence { "AD" } else { "A" }));
                }
                if let (Move::Play(p), true) = (defence, attack != defence) {
                    labels.push((p, "D"));
                }
            }
            None => {
                n_unknown += 1;
                unknown |= d.stones;
            }
        }
    }
    let mut lines = Vec::new();
    let mut push = |word: &str, set: PointSet| {
        if !set.is_empty() {
            lines.push(format!("{word}{}", points_text(board, set)));
        }
    };
    push("MARK", dead_black | dead_white);
    push("BLACK", dead_white);
    push("WHITE", dead_black);
    push("TRIANGLE", critical);
    push("SQUARE", unknown);
    push("CIRCLE", seki);
    if !labels.is_empty() {
        let text: String = labels.iter().map(|(p, l)| format!(" {p} {l}")).collect();
        lines.push(format!("LABEL{text}"));
    }
    lines.push(format!(
        "TEXT {} dragons: {alive} alive, {n_seki} seki, {n_critical} critical, {dead} dead, {n_unknown} unknown",
        survey.dragons().len()
    ));
    lines
}

/// ` P Q …` from the top row down, left to right.
pub(crate) fn points_text(board: &Board, set: PointSet) -> String {
    let mut points: Vec<Point> = set.iter().collect();
    points.sort_by_key(|p| (board.size() - p.row(), p.col()));
    points.iter().map(|p| format!(" {p}")).collect()
}

#[cfg(test)]
mod tests {
    use go_gtp::{Engine, GoEngine, Registry, commands};

    fn run(script: &str) -> String {
        let mut registry = Registry::new("groups", "1");
        commands::register_standard(&mut registry);
        super::register(&mut registry);
        let mut engine = Engine::new(registry, GoEngine::new());
        let mut out = Vec::new();
        engine
            .run(script.as_bytes(), &mut out)
            .expect("engine runs");
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn critical_and_dead_dragons_are_drawn() {
        // Black's straight three in the corner (critical at B1), and a black
        // stone shut in by White at the top.
        let script = "boardsize 7\n\
            play b A2\nplay b B2\nplay b C2\nplay b D2\nplay b D1\n\
            play w A3\nplay w B3\nplay w C3\nplay w D3\nplay w E3\nplay w E2\nplay w E1\n\
            play w A6\nplay w B5\nplay w C6\nplay w A7\nplay w C7\nplay b B6\n\
            dragon_status_gfx\n";
        let out = run(script);
        let answer = out.split("\n\n").filter(|s| !s.is_empty()).last().unwrap();
        let lines: Vec<&str> = answer.trim_start_matches("= ").lines().collect();
        assert!(lines.contains(&"MARK B6"), "{answer}");
        assert!(lines.contains(&"WHITE B6"), "{answer}");
        assert!(lines.contains(&"TRIANGLE A2 B2 C2 D2 D1"), "{answer}");
        assert!(lines.contains(&"LABEL B1 AD"), "{answer}");
        assert!(lines.last().unwrap().starts_with("TEXT "), "{answer}");
    }

    #[test]
    fn the_command_is_a_gfx_analyze_command() {
        let out = run("gogui-analyze_commands\n");
        assert!(out.contains("gfx/Dragon status/dragon_status_gfx"), "{out}");
    }
}
