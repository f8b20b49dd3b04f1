//! The analyze example's static report — everything before the Monte-Carlo
//! part — and its groups picture, shared with the `report_bench` example and
//! the root package's tests (`tests/report.rs`).
//!
//! The report leads with the dragons (go-life's [`Survey`]) and what the
//! safety solver proves (go-life's [`Safety`]: safe points, seki, dame),
//! then lists the blocks, the regions, the eye spaces (in full only on request: go-eye's
//! exact values of large spaces take seconds), Benson's unconditional life,
//! a count and the capturing races (each read within [`RACE_SEARCH_NODES`],
//! all within [`RACE_NODES`]).

use std::fmt::Write;

use go_analysis::board::regions::Regions;
use go_analysis::board::score::Score;
use go_analysis::board::{Board, Color, Move, Point, PointSet};
use go_analysis::life::LifeStatus;
use go_analysis::life::safety::{PointSafety, Safety, SafetyOptions};
use go_analysis::life::survey::{Basis, DragonSurvey, Survey, SurveyOptions};

/// `writeln!` into a `String`, which cannot fail.
macro_rules! line {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// What the static report shows.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// List every eye space with go-eye's value (slow on large spaces).
    pub eye_spaces: bool,
    /// The dragons' reading budget and thresholds.
    pub survey: SurveyOptions,
}

/// The static report of a position: its text and the dragons' survey.
pub struct StaticReport {
    /// The report as printed.
    pub text: String,
    /// The dragons with their status.
    pub survey: Survey,
    /// The safe points, seki and dame.
    pub safety: Safety,
}

/// The static report of `board`.
pub fn static_report(board: &Board, options: &ReportOptions) -> StaticReport {
    let mut out = String::new();
    line!(out, "{board}");
    line!(out, "{} to play", board.to_play());
    line!(
        out,
        "captures: black {}, white {}",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    let survey = Survey::new(board, &options.survey);
    report_dragons(&mut out, &survey, &options.survey);
    let safety = Safety::with_options(
        board,
        SafetyOptions::default().with_total_nodes(SAFETY_NODES),
    );
    report_safety(&mut out, board, &safety);
    report_blocks(&mut out, board);
    report_regions(&mut out, board);
    report_eyes(&mut out, board, options.eye_spaces);
    report_score(&mut out, board);
    report_semeais(&mut out, board);
    StaticReport {
        text: out,
        survey,
        safety,
    }
}

/// Search nodes the report's safety solver may spend in all (GTP's
/// `go_safe static` and `final_status_list` give it 40,000): the regions
/// left unread are reported out of nodes, and the report stays within its
/// second on a 19×19 board.
const SAFETY_NODES: u64 = 15_000;

/// go-life's safety solver: the points proved safe, the seki, the dame.
fn report_safety(out: &mut String, board: &Board, safety: &Safety) {
    let stats = safety.stats();
    line!(
        out,
        "\nsafety of territory (go-life, proved): black {} points, white {}, seki {}, dame {} ({} region searches, {} out of nodes)",
        safety.proved(Color::Black).len(),
        safety.proved(Color::White).len(),
        (safety.seki(Color::Black) | safety.seki(Color::White)).len(),
        safety.dame().len(),
        stats.regions_searched,
        stats.unknown
    );
    for color in [Color::Black, Color::White] {
        let seki = safety.seki(color);
        if !seki.is_empty() {
            let stones = seki & *board.stones_of(color);
            line!(
                out,
                "  {color} in seki: {} stones {}",
                stones.len(),
                points_text(&seki, 40)
            );
        }
    }
    if !safety.dame().is_empty() {
        line!(out, "  dame: {}", points_text(&safety.dame(), 40));
    }
    if let Some(winner) = safety.winner(f64::from(board.rules().komi), board.to_play()) {
        line!(out, "  {winner} wins on the proved points alone");
    }
}

/// The dragons' table, biggest first.
fn report_dragons(out: &mut String, survey: &Survey, options: &SurveyOptions) {
    let dragons = survey.dragons();
    let count = |f: &dyn Fn(&DragonSurvey) -> bool| dragons.iter().filter(|d| f(d)).count();
    line!(
        out,
        "\ndragons: {} ({} alive, {} seki, {} critical, {} dead, {} unknown)",
        dragons.len(),
        count(&|d| d.status == Some(LifeStatus::Alive)),
        count(&|d| d.status == Some(LifeStatus::Seki)),
        count(&|d| matches!(d.status, Some(LifeStatus::Critical { .. }))),
        count(&|d| d.status == Some(LifeStatus::Dead)),
        count(&|d| d.status.is_none()),
    );
    line!(
        out,
        "  status by: pass-alive (Benson), runs (escape >= {} and every block >= {} liberties), \
         read ({} nodes a question, {} in all; spent {})",
        options.escape,
        options.safe_liberties,
        options.nodes,
        options.total_nodes,
        survey.nodes()
    );
    line!(
        out,
        "  {:<5} {:<6} {:>4} {:>4} {:>9} {:>6}  status",
        "color",
        "origin",
        "size",
        "libs",
        "eyes/max",
        "escape"
    );
    for d in dragons {
        let basis = match d.basis {
            Basis::Read | Basis::Unsettled if d.nodes > 0 => {
                format!("{}, {} nodes", d.basis, d.nodes)
            }
            b => b.to_string(),
        };
        line!(
            out,
            "  {:<5} {:<6} {:>4} {:>4} {:>9} {:>6}  {} ({basis})",
            d.color.to_string(),
            d.origin.to_string(),
            d.size,
            d.liberties,
            format!("{}/{}", d.eye_spaces, d.max_eyes),
            d.escape,
            d.status_text()
        );
    }
}

fn report_blocks(out: &mut String, board: &Board) {
    line!(out, "\nblocks:");
    for block in board.blocks() {
        let libs: Vec<String> = block.liberties().iter().map(|p| p.to_string()).collect();
        line!(
            out,
            "  {:<5} {:>2} stone(s) at {:<4} {} liberties: {}{}",
            block.color().to_string(),
            block.num_stones(),
            block.anchor().to_string(),
            block.num_liberties(),
            libs.join(" "),
            if block.in_atari() { "  (atari)" } else { "" }
        );
    }
}

/// Each race between adjacent enclosed blocks, solved with each side to
/// move first.
/// Search nodes of each of the report's race searches (the solver's own
/// default is the thesis's 10,000): a race not settled within them is
/// reported unknown. GTP `analyze_semeai` reads one with the full budget.
pub const RACE_SEARCH_NODES: u64 = 2_000;

/// Search nodes the report's capturing races may spend together (each race
/// is read twice, each side first): past it, the races left are listed
/// unread, so that a finished game with a dozen races still reports in a
/// fraction of a second.
pub const RACE_NODES: u64 = 100_000;

fn report_semeais(out: &mut String, board: &Board) {
    let races = go_analysis::semeai::find_races(board);
    line!(out, "\ncapturing races (semeai): {}", races.len());
    let solver = go_analysis::semeai::Solver::new(
        go_analysis::semeai::SolverOptions::default().with_nodes(RACE_SEARCH_NODES),
    );
    let mut spent = 0;
    let mut unread = 0;
    for (black, white) in races {
        line!(
            out,
            "  black {} ({} libs) vs white {} ({} libs)",
            black,
            board.num_liberties(black),
            white,
            board.num_liberties(white)
        );
        if spent >= RACE_NODES {
            unread += 1;
            line!(out, "    not read: the report's race budget is spent");
            continue;
        }
        let mut text = |a, b| match solver.solve(board, a, b) {
            Ok(r) => {
                spent += r.stats.nodes;
                format!(
                    "{} if it plays ({}), {} if it passes",
                    r.status_if_play, r.decision, r.status_if_pass
                )
            }
            Err(e) => format!("error: {e}"),
        };
        let black_first = text(black, white);
        let white_first = text(white, black);
        line!(out, "    black first: {black_first}");
        line!(out, "    white first: {white_first}");
    }
    if unread > 0 {
        line!(
            out,
            "  {unread} race(s) not read: the report reads races up to {RACE_NODES} search nodes in all (GTP analyze_semeai reads one)"
        );
    }
}

fn points_text(points: &PointSet, max: usize) -> String {
    let mut text: Vec<String> = points.iter().take(max).map(|p| p.to_string()).collect();
    if points.len() > max {
        text.push(format!("... ({} more)", points.len() - max));
    }
    text.join(" ")
}

fn report_regions(out: &mut String, board: &Board) {
    for color in Color::ALL {
        let regions = Regions::basic(board, color);
        line!(
            out,
            "\n{color} regions (areas free of {color} stones): {}",
            regions.len()
        );
        for region in regions.iter() {
            let empty = region.empty_points(board);
            line!(
                out,
                "  {:>3} point(s), {:>3} empty, {} boundary / {} interior block(s): {}",
                region.num_points(),
                empty.len(),
                region.boundary_blocks().count(),
                region.interior_blocks().len(),
                points_text(region.points(), 12)
            );
        }
    }
}

/// go-eye: each colour's eye spaces (with `list`, each with its value),
/// then Benson's pass-alive blocks and the unconditional territory.
fn report_eyes(out: &mut String, board: &Board, list: bool) {
    use go_analysis::eye::benson::UnconditionalLife;
    use go_analysis::eye::space::EyeSpaces;

    let spaces = EyeSpaces::new(board);
    if !list {
        line!(
            out,
            "\neye spaces (go-eye): black {}, white {} (--eye-spaces lists them with their values)",
            spaces.of(Color::Black).len(),
            spaces.of(Color::White).len()
        );
    }
    for color in Color::ALL.into_iter().filter(|_| list) {
        line!(out, "\n{color} eye spaces: {}", spaces.of(color).len());
        for space in spaces.of(color) {
            let value = space.value();
            let mut notes = Vec::new();
            if !space.marginal_points().is_empty() {
                notes.push(format!(
                    "marginal {}",
                    points_text(&space.marginal_points(), 6)
                ));
            }
            if !space.dead_stones().is_empty() {
                notes.push(format!("dead {}", points_text(&space.dead_stones(), 6)));
            }
            for h in space.half_eyes() {
                notes.push(format!(
                    "half eye {} (key {}{})",
                    h.point,
                    h.key,
                    if h.ko { ", ko" } else { "" }
                ));
            }
            // A plain eye enclosed by one block: its class and status from the tables.
            if let Some(class) = shape_class(board, space) {
                notes.push(class);
            }
            line!(
                out,
                "  {:<28} eyes {}{}{}",
                points_text(&space.points(), 8),
                value,
                if value.exact { "" } else { " (estimated)" },
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", notes.join("; "))
                }
            );
        }
    }
    let life = UnconditionalLife::new(board);
    for color in Color::ALL {
        let alive = life.pass_alive(color);
        let blocks: Vec<String> = alive.blocks().iter().map(|p| p.to_string()).collect();
        line!(
            out,
            "\n{color} pass-alive blocks (Benson): {}; safe points {}, unconditional territory {}, dead {} stone(s)",
            if blocks.is_empty() {
                "none".to_string()
            } else {
                blocks.join(" ")
            },
            alive.safe_points().len(),
            life.territory(color).len(),
            life.dead(color).len()
        );
    }
}

/// The neighbour code and table status of an eye space that is a plain
/// eye shape (no marginal point, at most 8 points), in the local frame.
fn shape_class(board: &Board, space: &go_analysis::eye::space::EyeSpace) -> Option<String> {
    use go_analysis::eye::position::Edges;
    use go_analysis::eye::shape::{Cell, CellSet};
    use go_analysis::eye::tables::{Eye, Stones};

    if !space.marginal_points().is_empty() || space.points().len() > 8 {
        return None;
    }
    let points: Vec<_> = space.points().iter().collect();
    let (min_c, max_c) = (
        points.iter().map(|p| p.col()).min()?,
        points.iter().map(|p| p.col()).max()?,
    );
    let (min_r, max_r) = (
        points.iter().map(|p| p.row()).min()?,
        points.iter().map(|p| p.row()).max()?,
    );
    if max_c - min_c >= 8 || max_r - min_r >= 8 {
        return None;
    }
    // Local frame: x from the west, y from the north.
    let cell = |p: &Point| Cell::new((p.col() - min_c) as u8, (max_r - p.row()) as u8);
    let cells: CellSet = points.iter().filter_map(cell).collect();
    let enemy: CellSet = space
        .dead_stones()
        .iter()
        .filter_map(|p| cell(&p))
        .collect();
    let size = board.size();
    let mut edges = Edges::NONE;
    if max_r == size - 1 {
        edges = edges | Edges::NORTH;
    }
    if min_r == 0 {
        edges = edges | Edges::SOUTH;
    }
    if min_c == 0 {
        edges = edges | Edges::WEST;
    }
    if max_c == size - 1 {
        edges = edges | Edges::EAST;
    }
    let eye = Eye::new(cells, edges).ok()?;
    let status = eye.status(&Stones::enemy(enemy), 4).ok()?;
    Some(format!("shape {} {}, {status}", eye.code(), eye.position()))
}

fn report_score(out: &mut String, board: &Board) {
    let score = Score::alive(board);
    line!(
        out,
        "\ncount with every stone alive ({:?} scoring, komi {}): black {}, white {}, {} dame -> {}",
        score.scoring,
        score.komi,
        score.black,
        score.white,
        score.dame,
        score
    );
}

/// An SVG picture of `board` with each dragon's status: its stones on a
/// green (alive), yellow-green (seki), amber (critical) or red (dead)
/// square, dead stones crossed, a critical dragon's attack and defence
/// points lettered `A` and `D`, `S` on the origin of a dragon in seki, and
/// `?` on the origin of a dragon whose status is unknown. Every
/// mark has a tooltip naming the dragon and its status.
pub fn groups_svg(board: &Board, survey: &Survey, title: &str) -> String {
    use go_analysis::patterns::svg::{HeatMap, Palette, Rgb, heat_map};

    let value = |d: &DragonSurvey| match d.status {
        Some(LifeStatus::Alive) => Some(0.0),
        // Seki lives, short of territory: between alive and critical.
        Some(LifeStatus::Seki) => Some(0.5),
        Some(LifeStatus::Critical { .. }) => Some(1.0),
        Some(LifeStatus::Dead) => Some(2.0),
        None => None,
    };
    let options = HeatMap {
        range: (0.0, 2.0),
        palette: Palette {
            low: Rgb(102, 189, 99),
            mid: Rgb(253, 174, 97),
            high: Rgb(215, 48, 39),
        },
        ..HeatMap::unit()
            .with_title(title)
            .with_labels("alive", "dead")
    };
    let svg = heat_map(
        board.geometry(),
        |p| board.color_at(p),
        |p| survey.at(p).and_then(value),
        &options,
    );
    let mut overlay = Overlay::new(board, &options);
    let tip = |d: &DragonSurvey| {
        format!(
            "{} dragon {} ({} stone{}): {}",
            d.color,
            d.origin,
            d.size,
            if d.size == 1 { "" } else { "s" },
            d.status_text()
        )
    };
    for d in survey.dragons() {
        let contrast = match d.color {
            Color::Black => "#ffffff",
            Color::White => "#000000",
        };
        match d.status {
            Some(LifeStatus::Dead) => {
                for s in d.stones.iter() {
                    overlay.cross(s, &tip(d));
                }
            }
            Some(LifeStatus::Critical { attack, defence }) => {
                let tip = tip(d);
                let same = attack == defence;
                if let Move::Play(a) = attack {
                    overlay.letter(a, if same { "AD" } else { "A" }, "#b30000", &tip);
                }
                if let (Move::Play(p), false) = (defence, same) {
                    overlay.letter(p, "D", "#005a32", &tip);
                }
            }
            None => overlay.letter(d.origin, "?", contrast, &tip(d)),
            Some(LifeStatus::Seki) => overlay.letter(d.origin, "S", contrast, &tip(d)),
            Some(LifeStatus::Alive) => {}
        }
    }
    overlay.finish(svg, board, &options, "critical")
}

/// An SVG picture of what the safety solver proves: Black's safe points
/// blue, White's red, seki amber (stones and their eyes), dame marked `d`,
/// every mark with a tooltip.
pub fn safety_svg(board: &Board, safety: &Safety, title: &str) -> String {
    use go_analysis::patterns::svg::{HeatMap, Palette, Rgb, heat_map};

    let options = HeatMap {
        range: (0.0, 2.0),
        palette: Palette {
            low: Rgb(33, 102, 172),
            mid: Rgb(253, 174, 97),
            high: Rgb(178, 24, 43),
        },
        ..HeatMap::unit()
            .with_title(title)
            .with_labels("black safe", "white safe")
    };
    let value = |p: Point| match safety.status(p) {
        PointSafety::Safe(Color::Black) => Some(0.0),
        PointSafety::Seki(_) => Some(1.0),
        PointSafety::Safe(Color::White) => Some(2.0),
        _ => None,
    };
    let svg = heat_map(board.geometry(), |p| board.color_at(p), value, &options);
    let mut overlay = Overlay::new(board, &options);
    for p in safety.dame() {
        overlay.letter(p, "d", "#6a3d9a", &format!("{p}: dame"));
    }
    overlay.finish(svg, board, &options, "seki")
}

/// Letters and marks drawn over a heat map, in its frame (the margin is
/// one cell), with tooltips.
struct Overlay {
    cell: f64,
    height: f64,
    marks: String,
}

impl Overlay {
    fn new(board: &Board, options: &go_analysis::patterns::svg::HeatMap) -> Overlay {
        Overlay {
            cell: f64::from(options.cell.max(4)),
            height: board.geometry().height() as f64,
            marks: String::new(),
        }
    }

    fn x(&self, p: Point) -> f64 {
        self.cell + (p.col() as f64 + 0.5) * self.cell
    }

    fn y(&self, p: Point) -> f64 {
        self.cell + (self.height - 1.0 - p.row() as f64 + 0.5) * self.cell
    }

    /// `text` in bold `fill` on `p`, with the tooltip `tip`.
    fn letter(&mut self, p: Point, text: &str, fill: &str, tip: &str) {
        let (x, y, size) = (self.x(p), self.y(p), self.cell * 0.6);
        line!(
            self.marks,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" font-weight="bold" fill="{fill}" text-anchor="middle" dominant-baseline="central">{text}<title>{tip}</title></text>"#
        );
    }

    /// A red cross on `p` (a dead stone), with the tooltip `tip`.
    fn cross(&mut self, p: Point, tip: &str) {
        let (x, y, r) = (self.x(p), self.y(p), self.cell * 0.3);
        line!(
            self.marks,
            r##"<path d="M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}" stroke="#d7301f" stroke-width="{:.1}"><title>{tip}</title></path>"##,
            x - r,
            y - r,
            x + r,
            y + r,
            x - r,
            y + r,
            x + r,
            y - r,
            self.cell * 0.12
        );
    }

    /// `svg` with the marks and the legend's middle label `mid` (right of
    /// the legend's middle number, see go-patterns' heat_map).
    fn finish(
        self,
        mut svg: String,
        board: &Board,
        options: &go_analysis::patterns::svg::HeatMap,
        mid: &str,
    ) -> String {
        let c = self.cell;
        let mid_label = format!(
            r#"<text x="{:.1}" y="{:.1}" font-size="{:.1}" dominant-baseline="central">{mid}</text>"#,
            legend_text_x(board, options) + c * 0.8,
            legend_mid_y(board, options),
            c * 0.45
        );
        let end = svg.rfind("</svg>").unwrap_or(svg.len());
        svg.insert_str(end, &format!("{}{mid_label}\n", self.marks));
        svg
    }
}

/// Where go-patterns' heat map writes its legend labels (x).
fn legend_text_x(board: &Board, options: &go_analysis::patterns::svg::HeatMap) -> f64 {
    let c = f64::from(options.cell.max(4));
    let w = board.geometry().width() as f64;
    c * 2.0 + w * c + c * 0.5 + c * 0.8
}

/// The middle of go-patterns' heat-map legend bar (y).
fn legend_mid_y(board: &Board, options: &go_analysis::patterns::svg::HeatMap) -> f64 {
    let c = f64::from(options.cell.max(4));
    let h = board.geometry().height() as f64;
    let height = (c * 2.0 + h * c).max(c * 8.0);
    let top = c * 2.0;
    let bar_h = (height - top - c - c).max(c * 3.0);
    top + bar_h / 2.0
}
