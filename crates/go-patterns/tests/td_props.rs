//! The TD weights file: any weights survive writing and reading back, no
//! text makes the parser panic, and the evaluation mirrors a colour swap.

use go_board::{Color, Move, Pcg32, PlayoutBoard};
use go_patterns::td::{TdEvaluator, TdFeature, TdFeatures};
use proptest::prelude::*;

fn evaluator() -> impl Strategy<Value = TdEvaluator> {
    proptest::array::uniform9(-1e6f32..1e6f32).prop_map(TdEvaluator::from_weights)
}

proptest! {
    #[test]
    fn weights_round_trip_through_text(e in evaluator()) {
        let text = e.to_string();
        let back: TdEvaluator = text.parse().unwrap();
        prop_assert_eq!(&back, &e);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn parsing_never_panics(text in "\\PC*") {
        let _ = text.parse::<TdEvaluator>();
    }

    #[test]
    fn parsing_mangled_weights_never_panics(
        e in evaluator(),
        cut in any::<prop::sample::Index>(),
        junk in "[ 0-9a-z._+\\-#\\n]{0,12}",
    ) {
        let mut text = e.to_string();
        let at = cut.index(text.len() + 1);
        text.insert_str(at, &junk);
        if let Ok(parsed) = text.parse::<TdEvaluator>() {
            // Whatever parses gives finite weights.
            prop_assert!(parsed.weights().iter().all(|w| w.is_finite()));
        }
    }

    #[test]
    fn the_value_of_a_swapped_position_is_the_complement(
        seed in any::<u64>(),
        moves in 0usize..70,
        komi in -10.0f32..10.0,
    ) {
        // A random position, and the same with the colours swapped: the
        // same moves with the other colour, the komi negated.
        let mut rng = Pcg32::new(seed);
        let mut board = PlayoutBoard::new(9).unwrap();
        let mut swapped = PlayoutBoard::new(9).unwrap();
        swapped.set_to_play(Color::White);
        for _ in 0..moves {
            let c = board.to_play();
            if let Move::Play(p) = board.random_move(c, &mut rng) {
                board.play(c, p).unwrap();
                swapped.play(c.opposite(), p).unwrap();
            } else {
                board.pass();
                swapped.pass();
            }
        }
        let (a, b) = (TdFeatures::of(&board, komi), TdFeatures::of(&swapped, -komi));
        for f in TdFeature::ALL {
            prop_assert!((a.get(f) + b.get(f)).abs() < 1e-6, "{}", f);
        }
        let eval = TdEvaluator::trained();
        prop_assert!((eval.evaluate(&a) + eval.evaluate(&b) - 1.0).abs() < 1e-5);
        prop_assert_eq!(board.to_play() == Color::Black, swapped.to_play() == Color::White);
    }
}
