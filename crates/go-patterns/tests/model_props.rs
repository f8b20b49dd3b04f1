//! The move model's file format: any model survives writing and reading
//! back, and no text makes the parser panic.

use go_patterns::features::Feature;
use go_patterns::{Code3x3, MoveModel};
use proptest::prelude::*;

fn gamma() -> impl Strategy<Value = f32> {
    (1e-6f32..1e6f32).prop_filter("positive", |g| *g > 0.0)
}

fn model() -> impl Strategy<Value = MoveModel> {
    let features = proptest::collection::vec((0..Feature::COUNT, 0u8..9, gamma()), 0..40);
    let shapes = proptest::collection::vec((0u32..1 << 20, gamma()), 0..40);
    let spatial = proptest::collection::vec((0usize..3, any::<u64>(), gamma()), 0..40);
    (features, shapes, spatial).prop_map(|(features, shapes, spatial)| {
        let mut m = MoveModel::uniform();
        for (f, v, g) in features {
            let feature = Feature::ALL[f];
            m.set_feature_gamma(feature, v % feature.num_values(), g);
        }
        for (bits, g) in shapes {
            let code = Code3x3::from_bits(bits);
            if code.is_possible() {
                m.set_shape_gamma(code, g);
            }
        }
        for (radius, hash, g) in spatial {
            m.set_spatial_gamma(radius, hash, g);
        }
        m
    })
}

proptest! {
    #[test]
    fn models_round_trip_through_text(m in model()) {
        let text = m.to_string();
        let back: MoveModel = text.parse().unwrap();
        prop_assert_eq!(&back, &m);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn parsing_never_panics(text in "\\PC*") {
        let _ = text.parse::<MoveModel>();
    }

    #[test]
    fn parsing_mangled_models_never_panics(
        m in model(),
        cut in any::<prop::sample::Index>(),
        junk in "[ 0-9a-z.+\\-#\\n]{0,12}",
    ) {
        let mut text = m.to_string();
        let at = cut.index(text.len() + 1);
        text.insert_str(at, &junk);
        let _ = text.parse::<MoveModel>();
    }
}

#[test]
fn the_shipped_model_prefers_captures_and_escapes_to_self_ataris() {
    let m = MoveModel::trained();
    for v in 0..4 {
        assert!(m.feature_gamma(Feature::Capture, v) > 1.0);
        assert!(m.feature_gamma(Feature::Escape, v) > 1.0);
    }
    for v in 0..3 {
        assert!(m.feature_gamma(Feature::SelfAtari, v) < 1.0);
    }
}
