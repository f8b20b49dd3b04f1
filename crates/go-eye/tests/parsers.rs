//! Property tests of the text parsers.

use go_eye::shape::{CellSet, NeighbourCode};
use proptest::prelude::*;

proptest! {
    #[test]
    fn cell_set_parsing_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<CellSet>();
    }

    #[test]
    fn cell_set_round_trips_through_its_diagram(bits in any::<u64>()) {
        let set = CellSet::from_bits(bits);
        let text = set.to_string();
        prop_assert_eq!(text.parse::<CellSet>(), Ok(set));
    }

    #[test]
    fn neighbour_code_parsing_never_panics(text in "\\PC{0,12}") {
        let _ = text.parse::<NeighbourCode>();
    }

    #[test]
    fn neighbour_code_round_trips(digits in proptest::collection::vec(0u32..=4, 1..=9)) {
        let mut digits = digits;
        digits.sort_unstable();
        let text: String = digits.iter().map(|d| char::from_digit(*d, 10).unwrap()).collect();
        let code: NeighbourCode = text.parse().unwrap();
        prop_assert_eq!(code.to_string(), text);
        prop_assert_eq!(code.size(), digits.len());
    }
}
