//! Bad input gets a typed error naming the offending value, never a panic.

use go_eye::position::Edges;
use go_eye::shape::{CellSet, ShapeError};
use go_eye::tables::{Eye, EyeError, Stones};

fn set(text: &str) -> CellSet {
    text.parse().unwrap()
}

#[test]
fn shapes_that_are_not_eyes_are_rejected() {
    assert_eq!(
        Eye::centre(CellSet::EMPTY).unwrap_err(),
        EyeError::Shape(ShapeError::Empty)
    );
    assert_eq!(
        Eye::centre(set("########/#")).unwrap_err(),
        EyeError::Shape(ShapeError::TooLarge(9))
    );
    assert_eq!(
        Eye::centre(set("#.#")).unwrap_err(),
        EyeError::Shape(ShapeError::Disconnected(set("#.#")))
    );
    assert_eq!(
        Eye::centre(set("###/#.#/###")).unwrap_err(),
        EyeError::Holed(set("###/#.#/###"))
    );
}

#[test]
fn positions_no_single_block_can_enclose_are_rejected() {
    // A notch facing the edge cuts a point off.
    assert_eq!(
        Eye::new(set("#.#/###"), Edges::NORTH).unwrap_err(),
        EyeError::CutOff(set(".#"))
    );
    // A one-line shape between opposite edges, and an eye spanning the board.
    let north_south = Edges::NORTH | Edges::SOUTH;
    assert_eq!(
        Eye::new(set("###"), north_south).unwrap_err(),
        EyeError::ImpossibleEdges(north_south)
    );
    assert_eq!(
        Eye::new(set("##/##"), north_south).unwrap_err(),
        EyeError::ImpossibleEdges(north_south)
    );
    assert!(Eye::new(set("##/##"), north_south | Edges::WEST).is_ok());
    // The whole board.
    let all = Edges::NORTH | Edges::SOUTH | Edges::WEST | Edges::EAST;
    assert_eq!(
        Eye::new(set("##/##"), all).unwrap_err(),
        EyeError::NotEnclosed(set("##/##"))
    );
}

#[test]
fn bad_stones_are_rejected() {
    let eye = Eye::centre(set("###")).unwrap();
    let outside = Stones::enemy(set("...#"));
    assert_eq!(
        eye.analyse(&outside, 3).unwrap_err(),
        EyeError::StonesOutside(set("...#"))
    );
    let both = Stones {
        enemy: set("#"),
        own: set("#"),
    };
    assert_eq!(
        eye.status(&both, 3).unwrap_err(),
        EyeError::Overlap(set("#"))
    );
    let full = Stones::enemy(set("###"));
    assert_eq!(
        eye.status(&full, 3).unwrap_err(),
        EyeError::NoLiberty {
            enemy: set("###"),
            own: CellSet::EMPTY,
            liberties: 3
        }
    );
    // The owner's block with neither outside nor inside liberties.
    let owner_full = Stones {
        enemy: set("#.#"),
        own: set(".#"),
    };
    assert!(matches!(
        eye.status(&owner_full, 0),
        Err(EyeError::NoLiberty { .. })
    ));
}
