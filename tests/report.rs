//! The analyze example's static report and groups picture
//! (`examples/common/report.rs`): the dragons come first, biggest first, with
//! their status, then the safety solver's proofs; the eye-space list only on
//! request.

#[path = "../examples/common/report.rs"]
mod report;

use go_analysis::board::Board;
use report::{ReportOptions, groups_svg, safety_svg, static_report};

/// Black's straight three in the corner (critical at B1), a black stone shut
/// in by White at the top (dead), White's wall around both.
const POSITION: &str = "
    . X O . . . .
    O O O . . . .
    . . . . . . .
    . . . . . . .
    O O O O O O .
    X X X X O . .
    . . . X O . .";

fn board() -> Board {
    Board::from_diagram(POSITION).expect("diagram")
}

#[test]
fn the_dragons_lead_biggest_first() {
    let r = static_report(&board(), &ReportOptions::default());
    let text = &r.text;
    let dragons = text.find("\ndragons: ").expect("a dragons section");
    let blocks = text.find("\nblocks:").expect("a blocks section");
    assert!(dragons < blocks, "{text}");
    assert!(!text[..dragons].contains("eye spaces"), "{text}");
    let sizes: Vec<usize> = r.survey.dragons().iter().map(|d| d.size).collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
    let table = &text[dragons..blocks];
    assert!(table.contains("critical attack B1 defence B1"), "{table}");
    assert!(table.contains("  black B7"), "{table}");
    let lone = table.lines().find(|l| l.contains(" B7 ")).unwrap();
    assert!(lone.contains("dead"), "{lone}");
}

#[test]
fn eye_spaces_are_listed_only_on_request() {
    let short = static_report(&board(), &ReportOptions::default()).text;
    assert!(short.contains("--eye-spaces lists them"), "{short}");
    assert!(!short.contains("black eye spaces:"), "{short}");
    let options = ReportOptions {
        eye_spaces: true,
        ..ReportOptions::default()
    };
    let long = static_report(&board(), &options).text;
    assert!(long.contains("black eye spaces:"), "{long}");
    assert!(long.contains("pass-alive blocks (Benson)"), "{long}");
    assert!(long.contains("capturing races (semeai)"), "{long}");
}

#[test]
fn the_groups_picture_marks_each_status() {
    let board = board();
    let r = static_report(&board, &ReportOptions::default());
    let svg = groups_svg(&board, &r.survey, "test: dragon status");
    assert!(
        svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
        "{svg}"
    );
    assert!(svg.contains("test: dragon status"));
    // The dead stone is crossed, the critical dragon's vital point lettered.
    assert!(svg.contains("black dragon B7 (1 stone): dead"), "{svg}");
    assert!(svg.contains(">AD<title>black dragon "), "{svg}");
    assert!(svg.contains(">critical</text>"));
}

/// Two living walls with dame between them, and an eye-against-eye seki.
#[test]
fn the_safety_section_and_picture_show_safe_points_seki_and_dame() {
    let dame = Board::from_diagram(
        ". O . X .
         O O . X X
         . O . X .
         O O . X X
         . O . X .",
    )
    .expect("diagram");
    let r = static_report(&dame, &ReportOptions::default());
    assert!(
        r.text.contains(
            "safety of territory (go-life, proved): black 10 points, white 10, seki 0, dame 5"
        ),
        "{}",
        r.text
    );
    assert!(r.text.contains("  dame: C1 C2 C3 C4 C5"), "{}", r.text);
    assert!(
        r.text.contains("  white wins on the proved points alone"),
        "{}",
        r.text
    );
    let svg = safety_svg(&dame, &r.safety, "test: safety");
    assert_eq!(svg.matches(": dame</title>").count(), 5, "{svg}");
    assert!(svg.contains(">seki</text>"));

    let seki = Board::from_diagram(
        ". O X O . O
         O . X O O .
         X X X X O O
         O O X X X X
         . O O X X X
         O . O X X .",
    )
    .expect("diagram");
    let r = static_report(&seki, &ReportOptions::default());
    assert!(r.text.contains("  black in seki: 15 stones"), "{}", r.text);
    assert!(
        r.text.contains("  white in seki: 2 stones A5 A6 B6"),
        "{}",
        r.text
    );
}
