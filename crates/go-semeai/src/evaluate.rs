//! The evaluation function of class s (§4.3.6): class p decides whether
//! class e may judge the position; if so class 0 or class e give the
//! verdict and the move, else the heuristics H0–H3 may settle it.

use go_board::{Board, Point, PointSet};
use go_search::tactics::KoFight;
use smallvec::SmallVec;

use crate::class_e::{self, BiggerEye, VitalChoice};
use crate::eyecount::EyeCounts;
use crate::gate::{self, GateReport, Reasons};
use crate::race::{EyeState, EyeTrouble, Race, SideCount, count_side, side_bounds};
use crate::verdict::t::{L, PSS, W};
use crate::{StaticVerdict, Status, class0};

/// Which heuristics of class s are on (Table 4.11).
///
/// ```
/// use go_semeai::Heuristics;
/// let all = Heuristics::default();
/// assert!(all.h0 && all.h1 && all.h2 && all.h3);
/// assert!(!Heuristics::NONE.h0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heuristics {
    /// H0: the opponent is in atari and we move: we capture and win.
    pub h0: bool,
    /// H1: we are in atari, cannot gain liberties, the opponent is not in
    /// atari: we lose.
    pub h1: bool,
    /// H2: a single non-plain liberty, no eyes, no shared liberties:
    /// class e judges, the non-plain liberty is played last.
    pub h2: bool,
    /// H3: both blocks have two sure eyes: seki (both live).
    pub h3: bool,
}

impl Heuristics {
    /// Every heuristic off.
    pub const NONE: Heuristics = Heuristics {
        h0: false,
        h1: false,
        h2: false,
        h3: false,
    };
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            h0: true,
            h1: true,
            h2: true,
            h3: true,
        }
    }
}

/// Who settled a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judge {
    Class0,
    ClassE,
    H0,
    H1,
    H3,
}

/// A settled position: the verdict for the side to move and its move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Judged {
    /// The statuses (`if_pass` is [`Status::Unknown`] for H0 and H1).
    pub verdict: StaticVerdict,
    /// The point to play when the verdict says play.
    pub mv: Option<Point>,
    pub judge: Judge,
}

/// Everything the evaluation found at a node; the move generator reuses it.
#[derive(Clone, Debug)]
pub(crate) struct NodeEval {
    pub race: Race,
    pub gate: GateReport,
    /// Class-e counts of the player and the other, when their eyes are judged.
    pub counts: Option<(SideCount, SideCount)>,
    pub judged: Option<Judged>,
    /// When class e cannot count the eyes: the points that decide an eye
    /// of either block whose status depends on who moves first (a ko or an
    /// unsettled eye): the player's defence points, the other's attack
    /// points. The move generator tries them first.
    pub eye_points: SmallVec<[Point; 8]>,
    /// Judged by class e over an eye it cannot count from go-eye's tables
    /// (a ko may hang on it): the search should grade kos.
    pub uncountable_eye: bool,
}

/// Options of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EvalOptions {
    pub heuristics: Heuristics,
    /// Apply the vital-point corrections of class e (unsettled eyes).
    pub unsettled_correction: bool,
    /// Count the liberties of eyes with stones inside exactly.
    pub exact_eye_liberties: bool,
    /// Leave uncounted an unsettled eye holding enemy stones whose shape
    /// can hold a ko (set at the roots of the searches only).
    pub ko_eyes_unjudged: bool,
    /// Let class e judge a position the gate refuses when every reason
    /// favours one side and class e finds that side winning.
    pub one_sided: bool,
    /// Let class e judge a position with an eye it cannot count (a ko or
    /// own stones inside) when the verdict is the same at both extremes
    /// of that eye ([`side_bounds`]).
    pub bounded_eyes: bool,
    /// The ko threats of both sides at this node: a side with unlimited
    /// threats (a ko master) may retake any ko at once.
    pub ko: KoFight,
    /// Count a killable eye holding own stones of other blocks with the
    /// exact count (else class e leaves it to the search).
    pub own_stone_eyes: bool,
    /// In a search without ko master, count an eye go-eye's tables cannot
    /// (a ko inside, too big) by its own game under the simple ko rule
    /// instead of bounding it.
    pub plain_ko_counts: bool,
    /// Which of two killable eyes class e takes as the bigger one.
    pub bigger_eye: BiggerEye,
    /// A big eye holding enemy stones its owner gains nothing by capturing
    /// counts as a small eye.
    pub big_eyes_regrow: bool,
}

/// Evaluates the race between the block at `player` (its colour to move)
/// and the block at `other`; both must be on the board.
pub(crate) fn evaluate(
    board: &Board,
    player: Point,
    other: Point,
    options: &EvalOptions,
    eye_counts: &mut EyeCounts,
) -> NodeEval {
    let race = Race::new(board, player, other);
    let h = options.heuristics;
    let mut node = NodeEval {
        gate: GateReport::default(),
        counts: None,
        judged: None,
        eye_points: SmallVec::new(),
        uncountable_eye: false,
        race,
    };
    let color = node.race.player.color;
    // H0: capture the other block now.
    if h.h0 && node.race.other.num_liberties() == 1 {
        let lib = node.race.other.liberties.first().expect("one liberty");
        if board.is_legal(color, lib) {
            node.judged = Some(Judged {
                verdict: StaticVerdict::new(W, Status::Unknown),
                mv: Some(lib),
                judge: Judge::H0,
            });
            return node;
        }
    }
    // H1: in atari with no way out while the other is not.
    if h.h1
        && node.race.player.num_liberties() == 1
        && node.race.other.num_liberties() > 1
        && !can_gain_liberties(board, &node.race)
    {
        node.judged = Some(Judged {
            verdict: StaticVerdict::new(L, L),
            mv: None,
            judge: Judge::H1,
        });
        return node;
    }
    node.gate = gate::check(board, &node.race);
    let exact = options.exact_eye_liberties.then_some(&mut *eye_counts);
    let counts = count_both(
        board,
        &node.race,
        exact,
        options.ko_eyes_unjudged,
        options.own_stone_eyes,
        options.big_eyes_regrow,
    );
    match counts {
        Ok(c) => node.counts = Some(c),
        Err(_) => node.eye_points = contested_eye_points(board, &node.race),
    }
    // H3: both blocks have two sure eyes.
    if h.h3 && node.race.player.has_two_eyes() && node.race.other.has_two_eyes() {
        node.judged = Some(Judged {
            verdict: PSS,
            mv: None,
            judge: Judge::H3,
        });
        return node;
    }
    let mut reasons = node.gate.reasons;
    if counts.is_err() {
        reasons |= Reasons::EYES;
    }
    // H2: one non-plain liberty, no eye, no shared liberty: judge anyway and
    // fill it last.
    let mut last = PointSet::new();
    if h.h2 && node.race.shared.is_empty() {
        for (side, findings, flag) in [
            (
                &node.race.player,
                &node.gate.player,
                Reasons::N_PLAIN_LIBS_PLAYER,
            ),
            (
                &node.race.other,
                &node.gate.other,
                Reasons::N_PLAIN_LIBS_OTHER,
            ),
        ] {
            if findings.non_plain.len() == 1 && side.regions.is_empty() {
                reasons = reasons.without(flag);
                last |= findings.non_plain;
            }
        }
    }
    // A ko just taken: the tables know nothing of kos, search on.
    if board.ko().is_some() {
        return node;
    }
    let Some((p, o)) = node.counts else {
        if options.bounded_eyes
            && counts == Err(EyeTrouble::Unjudged)
            && reasons.without(Reasons::EYES).is_empty()
        {
            let exact = options.exact_eye_liberties.then_some(eye_counts);
            node.judged = judge_bounded(board, &node.race, &last, options, exact);
            node.uncountable_eye = node.judged.is_some();
        }
        return node;
    };
    if reasons.is_empty() {
        node.judged = judge_class_e(board, &node.race, &p, &o, &last, options);
    } else if options.one_sided
        && let Some(player_wins) = favoured_side(reasons, &node.gate)
    {
        // Every reason only gives one side more than class e counts: a
        // win class e finds for that side stands.
        node.judged = judge_class_e(board, &node.race, &p, &o, &last, options).filter(|j| {
            let winner = if player_wins { W } else { L };
            j.verdict.if_play == winner
        });
    }
    node
}

/// Class e over the extremes of the eyes it cannot count: the verdict when
/// every combination of extremes of both sides gives the same status if
/// the player plays (the status if it passes kept only when it agrees
/// too). Such a verdict does not depend on how the eye ends.
fn judge_bounded(
    board: &Board,
    race: &Race,
    last: &PointSet,
    options: &EvalOptions,
    mut exact: Option<&mut EyeCounts>,
) -> Option<Judged> {
    let own = options.own_stone_eyes;
    let regrow = options.big_eyes_regrow;
    let mut bounds =
        |side| match count_side(board, race, side, exact.as_deref_mut(), false, own, regrow) {
            Ok(c) => Some(SmallVec::<[SideCount; 8]>::from_elem(c, 1)),
            Err(EyeTrouble::Unjudged) => side_bounds(
                board,
                race,
                side,
                exact.as_deref_mut(),
                &options.ko,
                options.plain_ko_counts,
            ),
            Err(EyeTrouble::Several) => None,
        };
    let mine = bounds(&race.player)?;
    let theirs = bounds(&race.other)?;
    let mut found: Option<Judged> = None;
    for p in &mine {
        for o in &theirs {
            let j = judge_class_e(board, race, p, o, last, options)?;
            match &mut found {
                None => found = Some(j),
                Some(f) if f.verdict.if_play != j.verdict.if_play => return None,
                Some(f) => {
                    if f.verdict.if_pass != j.verdict.if_pass {
                        f.verdict.if_pass = Status::Unknown;
                    }
                }
            }
        }
    }
    found
}

/// The side all the gate's `reasons` favour, if one: `Some(true)` for
/// the player, `Some(false)` for the other. Liberties the opponent cannot
/// fill at once (rule 2), another own block to connect to (rule 1) and
/// room to extend (rule 6) can only give that side more liberties than
/// class e counts for it. Captures (rule 3) and weak walls (rule 5) are
/// not counted here: taking stones changes the wall and the eyes.
fn favoured_side(reasons: Reasons, gate: &GateReport) -> Option<bool> {
    let side_reasons = |player: bool| {
        let (mine, theirs) = if player {
            (&gate.player, &gate.other)
        } else {
            (&gate.other, &gate.player)
        };
        let mut r = if player {
            Reasons::N_PLAIN_LIBS_PLAYER | Reasons::MORE_1_EB_PLAYER
        } else {
            Reasons::N_PLAIN_LIBS_OTHER | Reasons::MORE_1_EB_OTHER
        };
        if mine.open && !theirs.open {
            r |= Reasons::NOT_SURROUNDED;
        }
        r
    };
    [true, false]
        .into_iter()
        .find(|&player| side_reasons(player).contains(reasons))
}

fn count_both(
    board: &Board,
    race: &Race,
    mut exact: Option<&mut EyeCounts>,
    ko_eyes_unjudged: bool,
    own: bool,
    regrow: bool,
) -> Result<(SideCount, SideCount), EyeTrouble> {
    Ok((
        count_side(
            board,
            race,
            &race.player,
            exact.as_deref_mut(),
            ko_eyes_unjudged,
            own,
            regrow,
        )?,
        count_side(
            board,
            race,
            &race.other,
            exact,
            ko_eyes_unjudged,
            own,
            regrow,
        )?,
    ))
}

/// The defence points of the player's eyes and the attack points of the
/// other's whose status depends on who moves first (go-eye's tables: ko or
/// unsettled), for eyes the tables can read. Points good for both sides
/// come first, then captures (stones left inside make kos), then the most
/// central (most neighbours inside the eye).
fn contested_eye_points(board: &Board, race: &Race) -> SmallVec<[Point; 8]> {
    use go_eye::EyeStatus;
    let geo = board.geometry();
    let mut points: SmallVec<[Point; 8]> = SmallVec::new();
    for (side, own) in [(&race.player, true), (&race.other, false)] {
        for region in &side.regions {
            let inside = (side.liberties & *region.points()).len();
            let Some(report) = crate::eyes::analyse(board, region, side.num_liberties() - inside)
            else {
                continue;
            };
            if !matches!(
                report.status,
                EyeStatus::Unsettled
                    | EyeStatus::AttackerKo
                    | EyeStatus::DefenderKo
                    | EyeStatus::Ko
            ) {
                continue;
            }
            let mine = if own {
                report.defence_points
            } else {
                report.attack_points
            } & board.empty_points();
            let both = report.attack_points & report.defence_points;
            let mut order: SmallVec<[Point; 8]> = mine.iter().collect();
            order.sort_by_key(|&q| {
                let central = geo
                    .neighbours(q)
                    .filter(|&r| region.points().contains(r))
                    .count();
                let captures = board.would_capture(race.player.color, q);
                (!both.contains(q), !captures, std::cmp::Reverse(central), q)
            });
            for q in order {
                if !points.contains(&q) {
                    points.push(q);
                }
            }
        }
    }
    points
}

/// H1's test: the block in atari can capture a neighbour, or gains
/// liberties by extending on its last one.
fn can_gain_liberties(board: &Board, race: &Race) -> bool {
    let me = &race.player;
    if board
        .adjacent_blocks(me.anchor)
        .into_iter()
        .any(|b| board.in_atari(b))
    {
        return true;
    }
    let lib = me.liberties.first().expect("in atari");
    board.num_liberties_after_play(me.color, lib) >= 2
}

/// Class 0 or class e on an accepted position.
fn judge_class_e(
    board: &Board,
    race: &Race,
    p: &SideCount,
    o: &SideCount,
    last: &PointSet,
    options: &EvalOptions,
) -> Option<Judged> {
    let sl = race.shared.len() as u32;
    let class0 = !p.has_eye()
        && !o.has_eye()
        && race.player.regions.is_empty()
        && race.other.regions.is_empty();
    let (verdict, choice) = if class0 {
        (
            class0::verdict(p.outside as i32 - o.outside as i32, sl),
            VitalChoice::Table,
        )
    } else if options.unsettled_correction {
        class_e::verdict(p, o, sl, options.bigger_eye)
    } else {
        (
            class_e::table_4_5_with(p, o, sl, options.bigger_eye),
            VitalChoice::Table,
        )
    };
    let mv = if verdict.must_play() {
        Some(choose_move(board, race, p, o, verdict, choice, last)?)
    } else {
        None
    };
    Some(Judged {
        verdict,
        mv,
        judge: if class0 { Judge::Class0 } else { Judge::ClassE },
    })
}

/// Table 4.8: the point to play. `None` if no legal point fits (the
/// position is then searched). Moves in the player's own eye take its
/// defence point, moves in the other's eye its attack point (go-eye's exact
/// tables), where the thesis names one vital point for both.
fn choose_move(
    board: &Board,
    race: &Race,
    p: &SideCount,
    o: &SideCount,
    verdict: StaticVerdict,
    choice: VitalChoice,
    last: &PointSet,
) -> Option<Point> {
    use EyeState::{Alive as A, AliveInAtari as Ai, Nakade as N, Unsettled as U};
    let color = race.player.color;
    let legal = |q: Option<Point>| q.filter(|&q| board.is_legal(color, q));
    let own = || legal(p.defence.or(p.vital));
    let spoil = || legal(o.attack.or(o.vital));
    match choice {
        VitalChoice::Own => return own(),
        VitalChoice::Other => return spoil(),
        VitalChoice::Table => {}
    }
    // Rows 1 and 2 (row 2 read as "must play in its eye now").
    if o.in_atari {
        return legal(race.other.liberties.first());
    }
    if p.urgent
        && let Some(v) = own()
    {
        return Some(v);
    }
    // The other must play in its eye now: winning means spoiling it.
    if o.urgent
        && verdict.if_play == W
        && let Some(v) = spoil()
    {
        return Some(v);
    }
    let row = match (p.eye, o.eye) {
        (U, N) | (U, Ai) | (U, A) => own(),
        (U, U) => {
            if verdict.if_play == W {
                spoil()
            } else {
                own()
            }
        }
        (A | Ai | N, U) => spoil(),
        (Ai, _) => own(),
        (_, Ai) => spoil(),
        _ => None,
    };
    row.or_else(|| nakade_against_nakade(board, race, o, last))
}

/// The "Nakade vs Nakade" order: an outside liberty of the other, then a
/// point inside its eye (its vital point, else a point that keeps the eye a
/// nakade: not an end point), then a shared liberty.
fn nakade_against_nakade(
    board: &Board,
    race: &Race,
    o: &SideCount,
    last: &PointSet,
) -> Option<Point> {
    let color = race.player.color;
    let other_outside = race.outside(&race.other);
    class0::choose_move(board, color, &other_outside, &PointSet::new(), last)
        .or_else(|| fill_inside(board, race, o))
        .or_else(|| class0::choose_move(board, color, &PointSet::new(), &race.shared, last))
}

/// A point inside the other's eye to fill: its attack point (which keeps it
/// a nakade), else the empty point leaving the most liberties.
fn fill_inside(board: &Board, race: &Race, o: &SideCount) -> Option<Point> {
    let color = race.player.color;
    let legal = |q: &Point| board.is_legal(color, *q);
    if let Some(v) = o.attack.filter(legal) {
        return Some(v);
    }
    let inside = race.other.eye_space & board.empty_points();
    inside
        .iter()
        .filter(legal)
        .max_by_key(|&q| board.num_liberties_after_play(color, q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Color;

    fn options(one_sided: bool) -> EvalOptions {
        EvalOptions {
            heuristics: Heuristics::default(),
            unsettled_correction: true,
            exact_eye_liberties: true,
            ko_eyes_unjudged: false,
            one_sided,
            bounded_eyes: false,
            ko: KoFight::default(),
            own_stone_eyes: false,
            plain_ko_counts: false,
            bigger_eye: BiggerEye::PointsAndLiberties,
            big_eyes_regrow: true,
        }
    }

    #[test]
    fn a_win_for_the_side_every_reason_favours_stands() {
        // White to move: its block A3-C1 lives on the corner's four-point
        // eye (a nakade: five liberties at most) against Black's eight
        // outside liberties. The gate refuses the position only because
        // Black could reach its stone at G3 (rule 6): more liberties for
        // Black, the side class e finds winning anyway. Judged one-sided;
        // not without. The same reasons with class e finding Black losing
        // would stay unjudged.
        let board = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             X X X X . . .
             O O O X . . X
             . . O X . . .
             . . O X . . .",
        )
        .expect("a diagram");
        let mut board = board;
        board.set_to_play(Color::White);
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let mut counts = EyeCounts::default();
        let plain = evaluate(&board, at("C1"), at("D1"), &options(false), &mut counts);
        assert_eq!(plain.gate.reasons, Reasons::NOT_SURROUNDED);
        assert!(plain.judged.is_none());
        let one_sided = evaluate(&board, at("C1"), at("D1"), &options(true), &mut counts);
        let judged = one_sided.judged.expect("judged");
        assert_eq!(judged.verdict.if_play, L);
        // White's stones on row 5 and E4 leave Black three liberties: class
        // e finds White winning, against the side the reason favours.
        let mut short = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             O O O O . . .
             X X X X O . .
             O O O X . . X
             . . O X . . .
             . . O X . . .",
        )
        .expect("a diagram");
        short.set_to_play(go_board::Color::White);
        let node = evaluate(&short, at("C1"), at("D1"), &options(true), &mut counts);
        assert!(node.gate.reasons.contains(Reasons::NOT_SURROUNDED));
        assert!(node.judged.is_none(), "{:?}", node.judged);
    }

    #[test]
    fn an_uncountable_eye_that_cannot_change_the_result_is_judged() {
        // White's block F9-J7 has no outside liberty; its corner eye
        // G9-J8 holds Black's H9 (G9 and J8 are its liberties): go-eye
        // cannot count it (a ko inside). Black's wall E9-J6 has two
        // liberties, D9 and D8, and White to move wins whether the eye
        // ends alive or gives White only its two inside liberties: White
        // D9, Black J8 (atari), White D8 captures. Judged with the bounds,
        // not without.
        let mut board = Board::from_diagram(
            ". . O . X O . X .
             . . O . X O O O .
             . . O O X X X O O
             . . . O O O X X X
             . . . . . O O O O
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .expect("a diagram");
        board.set_to_play(Color::White);
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let mut counts = EyeCounts::default();
        let plain = evaluate(&board, at("F9"), at("E9"), &options(true), &mut counts);
        assert!(plain.counts.is_none());
        assert!(plain.judged.is_none());
        let bounded = EvalOptions {
            bounded_eyes: true,
            ..options(true)
        };
        let node = evaluate(&board, at("F9"), at("E9"), &bounded, &mut counts);
        assert_eq!(node.judged.expect("judged").verdict.if_play, W);
        // Black to move: alive, the eye wins White the race; killed with
        // only its inside liberties, Black wins. The ko decides: unjudged.
        board.set_to_play(Color::Black);
        let node = evaluate(&board, at("E9"), at("F9"), &bounded, &mut counts);
        assert!(node.judged.is_none());
        // When White may retake any ko at once (the ko master of a
        // search), the eye gives it four liberties at least: Black loses
        // even moving first. When Black may, two: still unjudged.
        for (master, judged) in [(Color::White, Some(L)), (Color::Black, None)] {
            let mastered = EvalOptions {
                ko: crate::game::ko_master(master),
                ..bounded
            };
            let node = evaluate(&board, at("E9"), at("F9"), &mastered, &mut counts);
            assert_eq!(node.judged.map(|j| j.verdict.if_play), judged, "{master:?}");
        }
        // In the search without ko master, the eye's own game under the
        // simple ko rule counts four liberties (White takes back first):
        // Black loses, and the node says a ko may hang on it, so that the
        // ko-master searches grade the result (the solver answers a bad ko
        // for Black, as GNU Go: 3 3 J8).
        let plain = EvalOptions {
            plain_ko_counts: true,
            ..bounded
        };
        let node = evaluate(&board, at("E9"), at("F9"), &plain, &mut counts);
        assert_eq!(node.judged.map(|j| j.verdict.if_play), Some(L));
        assert!(node.uncountable_eye);
    }

    #[test]
    fn an_eye_holding_an_own_stone_is_counted_exactly() {
        // White's block G9-J7 has no liberty outside; its corner eye
        // H9-J8 holds White's own lone stone J9. Black's wall F9-J6 has two
        // liberties, E9 and E8. Black needs three moves inside (H8, H9,
        // then J8 taking J9 and the block) while White needs two: White
        // wins whoever moves first (GNU Go: White first 1 1 E8, Black
        // first 0 0 PASS). The exact count of the eye judges it; without,
        // class e leaves an eye with own stones inside to the search.
        let mut board = Board::from_diagram(
            ". . . O . X O . O
             . . . O . X O . .
             . . . O O X O O O
             . . . . O X X X X
             . . . . O O O O O
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .expect("a diagram");
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let own = EvalOptions {
            own_stone_eyes: true,
            ..options(true)
        };
        for (color, player, other, result) in
            [(Color::White, "G9", "F9", W), (Color::Black, "F9", "G9", L)]
        {
            board.set_to_play(color);
            let mut counts = EyeCounts::default();
            let plain = evaluate(&board, at(player), at(other), &options(true), &mut counts);
            assert!(plain.judged.is_none(), "{color:?}");
            let node = evaluate(&board, at(player), at(other), &own, &mut counts);
            let judged = node.judged.expect("judged");
            assert_eq!(
                judged.verdict,
                StaticVerdict::new(result, result),
                "{color:?}"
            );
        }
    }
}
