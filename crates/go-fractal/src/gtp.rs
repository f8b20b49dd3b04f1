//! GTP for Fractal Go: its move generator and the teaching commands, so
//! that GoGui or Sabaki serve as the report's learning window (§9.3).
//!
//! The generator and the commands share one [`Knowledge`] (an
//! `Arc<Mutex<_>>`): what is taught is played at once.
//!
//! | command | answer |
//! |---|---|
//! | `fractal_learn_pattern COLOR VERTEX` | teaches the move as a pattern on the current position: `new N` (keys added) or `known` |
//! | `fractal_learn_weights COLOR VERTEX OBJECTIVE` | refines the weights of OBJECTIVE so that VERTEX is preferred (five repetitions, [`crate::learn`]): the move's rank before and after |
//! | `fractal_save FILE` / `fractal_load FILE` | writes / reads the knowledge file ([`Knowledge`]) |
//! | `fractal_weights` | the weights, one line per objective |
//! | `fractal_zones [COLOR]` | one line per zone: its index, objective for COLOR, stones |
//! | `fractal_zones_gfx` | GoGui's view: each zone's stones and liberties in a colour of its own, the zone's index and its objective for the side to move on its first stone |
//! | `fractal_choose [COLOR]` | the move the player would play, where from, objective, value, proved |
//!
//! ```
//! use std::sync::{Arc, Mutex};
//! use go_fractal::{Knowledge, PlayerOptions, gtp::{FractalGenerator, register}};
//! use go_gtp::{Engine, GoEngine};
//!
//! let knowledge = Arc::new(Mutex::new(Knowledge::default()));
//! let mut registry = GoEngine::registry("demo", "1");
//! register(&mut registry, knowledge.clone());
//! let generator = FractalGenerator::new(PlayerOptions::default(), knowledge);
//! let mut engine = Engine::new(registry, GoEngine::with_generator(generator));
//! let mut send = |line: &str| engine.handle_line(line.as_bytes()).unwrap().reply.to_string();
//! assert!(send("play b d4").starts_with('='));
//! assert_eq!(send("fractal_learn_pattern w d5"), "= new 1\n\n");
//! assert_eq!(send("genmove w"), "= D5\n\n");
//! // D4 is taken: a clear error, the board unchanged.
//! assert!(send("fractal_learn_weights w d4 eyes").starts_with('?'));
//! ```

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use go_board::zone::Zones;
use go_board::{Board, Color};
use go_gtp::commands::next_board_point;
use go_gtp::{
    AnalyzeKind, Decision, GtpError, HasBoard, MoveGenerator, Registry, Response, TimedGame,
};

use crate::learn::refine;
use crate::{FractalPlayer, Knowledge, Objective, PlayerOptions, Source};

/// Fractal Go's player as go-gtp's move generator.
#[derive(Debug)]
pub struct FractalGenerator {
    player: FractalPlayer,
    knowledge: Arc<Mutex<Knowledge>>,
}

impl FractalGenerator {
    /// A generator playing with `options` and the shared `knowledge`.
    #[must_use]
    pub fn new(options: PlayerOptions, knowledge: Arc<Mutex<Knowledge>>) -> FractalGenerator {
        FractalGenerator {
            player: FractalPlayer::new(options),
            knowledge,
        }
    }
}

/// The time for one move from the game's clock, if it has one: the
/// byo-yomi period shared by its stones, or a thirtieth of the main time
/// left.
fn clock_time(game: &TimedGame, color: Color) -> Option<Duration> {
    let clock = game.clock();
    let settings = clock.settings?;
    if settings.is_unlimited() {
        return None;
    }
    let left = clock.left[color];
    Some(match left {
        Some(l) if l.stones > 0 => l.time / l.stones,
        Some(l) => l.time / 30,
        None => settings.main_time / 30 + settings.byo_yomi_time / settings.byo_yomi_stones.max(1),
    })
}

impl MoveGenerator for FractalGenerator {
    fn generate(&mut self, game: &TimedGame, color: Color) -> Decision {
        let knowledge = lock(&self.knowledge);
        let mut options = self.player.options().clone();
        if let Some(t) = clock_time(game, color) {
            // The clock's time for this move, and a fresh seed from the
            // generator's own stream (not the same one every move).
            options.time_per_move = Some(options.time_per_move.map_or(t, |o| o.min(t)));
            options.seed = self.player.next_seed();
            let mut player = FractalPlayer::new(options);
            return player.choose(game.board(), &knowledge, color).mv.into();
        }
        self.player
            .choose(game.board(), &knowledge, color)
            .mv
            .into()
    }
}

/// The knowledge, even if a panicking thread poisoned the lock (the data
/// is only ever replaced whole or appended to).
fn lock(k: &Mutex<Knowledge>) -> MutexGuard<'_, Knowledge> {
    k.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Registers the commands (see the [module docs](self)) on `registry`,
/// sharing `knowledge`.
pub fn register<S: HasBoard + 'static>(
    registry: &mut Registry<S>,
    knowledge: Arc<Mutex<Knowledge>>,
) {
    let k = knowledge.clone();
    registry.register("fractal_learn_pattern", move |state: &mut S, args| {
        let color = args.next_color()?;
        let board = state.board();
        let p = next_board_point(args, board)?;
        args.end()?;
        let learned = lock(&k)
            .teach_pattern(board, color, p)
            .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::new(match learned {
            go_patterns::database::Learned::New { keys } => format!("new {keys}"),
            go_patterns::database::Learned::AlreadyKnown => "known".to_string(),
        }))
    });
    let k = knowledge.clone();
    registry.register("fractal_learn_weights", move |state: &mut S, args| {
        let color = args.next_color()?;
        let board = state.board();
        let p = next_board_point(args, board)?;
        let objective: Objective = args
            .next_string()?
            .parse()
            .map_err(|e: crate::FractalError| GtpError::message(e.to_string()))?;
        args.end()?;
        if !board.is_legal(color, p) {
            return Err(GtpError::message(format!(
                "{p} is not a legal move for {color}"
            )));
        }
        let mut knowledge = lock(&k);
        let r = refine(
            knowledge.weights(),
            board,
            color,
            p,
            objective,
            &Default::default(),
        );
        knowledge.set_weights(r.weights);
        Ok(Response::new(format!(
            "rank {} -> {} of {}",
            r.rank_before, r.rank_after, r.moves
        )))
    });
    let k = knowledge.clone();
    registry.register("fractal_save", move |_: &mut S, args| {
        let file = args.next_string()?;
        args.end()?;
        lock(&k)
            .save(file)
            .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::empty())
    });
    let k = knowledge.clone();
    registry.register("fractal_load", move |_: &mut S, args| {
        let file = args.next_string()?;
        args.end()?;
        let loaded = Knowledge::load(file).map_err(|e| GtpError::CannotLoadFile {
            file: file.to_string(),
            reason: e.to_string(),
        })?;
        *lock(&k) = loaded;
        Ok(Response::empty())
    });
    let k = knowledge.clone();
    registry.register("fractal_weights", move |_: &mut S, args| {
        args.end()?;
        let text = lock(&k).weights().to_string();
        Ok(Response::lines(text.lines().map(str::to_string)))
    });
    registry.register("fractal_zones", move |state: &mut S, args| {
        let board = state.board();
        let color = args.next_opt::<Color>()?.unwrap_or(board.to_play());
        args.end()?;
        let zones = Zones::new(board);
        let lines = zones.zones().iter().enumerate().map(|(i, z)| {
            let stones: Vec<String> = z.stones().iter().map(|p| p.to_string()).collect();
            format!(
                "{i} {} {}",
                Objective::for_zone(board, z, color),
                stones.join(" ")
            )
        });
        Ok(Response::lines(lines.collect::<Vec<_>>()))
    });
    registry
        .register("fractal_zones_gfx", move |state: &mut S, args| {
            args.end()?;
            Ok(Response::lines(zones_gfx(state.board())))
        })
        .add_analyze(AnalyzeKind::Gfx, "Fractal Go zones", "fractal_zones_gfx");
    let k = knowledge;
    registry.register("fractal_choose", move |state: &mut S, args| {
        let board = state.board();
        let color = args.next_opt::<Color>()?.unwrap_or(board.to_play());
        args.end()?;
        let knowledge = lock(&k);
        let c = FractalPlayer::new(PlayerOptions::default()).choose(board, &knowledge, color);
        let source = match c.source {
            Source::Pattern => "pattern".to_string(),
            Source::Zone(i) => format!("zone {i}"),
            Source::OpenSpace => "open".to_string(),
            Source::Scan => "scan".to_string(),
            Source::Pass => "pass".to_string(),
        };
        Ok(Response::new(format!(
            "{} {source} {} {:.2}{}",
            go_gtp::Decision::Move(c.mv),
            c.objective,
            c.value,
            if c.proved { " proved" } else { "" }
        )))
    });
}

/// Colours GoGui draws zones in, in turn.
const PALETTE: [&str; 8] = [
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
];

/// The `gfx` lines of the zones of `board` (see the [module docs](self)).
fn zones_gfx(board: &Board) -> Vec<String> {
    let zones = Zones::new(board);
    let color = board.to_play();
    let mut lines = Vec::new();
    let mut labels = String::from("LABEL");
    for (i, zone) in zones.zones().iter().enumerate() {
        let points: Vec<String> = zone.points().iter().map(|p| p.to_string()).collect();
        lines.push(format!(
            "COLOR {} {}",
            PALETTE[i % PALETTE.len()],
            points.join(" ")
        ));
        if let Some(first) = zone.stones().first() {
            let objective = Objective::for_zone(board, zone, color);
            labels.push_str(&format!(" {first} {i}:{}", objective.name()));
        }
    }
    if !zones.is_empty() {
        lines.push(labels);
    }
    lines.push(format!(
        "TEXT {} zones, objectives for {color}",
        zones.len()
    ));
    lines
}
