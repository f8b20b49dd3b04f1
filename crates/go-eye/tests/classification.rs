//! Eye shapes and their neighbour classification against the project's
//! reconstruction of the thesis's Appendix D (`tests/data/eye-shapes-1-7.txt`)
//! and against Table 4.2 of Vilà (2004).

use std::collections::{BTreeMap, BTreeSet};

use go_eye::position::{Edges, EyePosition, eye_position};
use go_eye::shape::{CellSet, NeighbourCode, Shape, Symmetry, catalog};
use go_eye::tables::{Eye, thesis};

/// A class as listed in the data file.
struct ListedClass {
    code: NeighbourCode,
    life_property: bool,
    corner_capable: usize,
    shapes: Vec<CellSet>,
}

/// Parses `eye-shapes-1-7.txt`: per class a header line, then blocks of
/// shapes drawn side by side (digits = in-shape neighbour counts, `.` = not
/// in the shape), separated by columns of spaces.
fn listed_classes() -> Vec<ListedClass> {
    let text = include_str!("data/eye-shapes-1-7.txt");
    let mut classes: Vec<ListedClass> = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    let flush = |block: &mut Vec<&str>, classes: &mut Vec<ListedClass>| {
        if block.is_empty() {
            return;
        }
        let width = block.iter().map(|l| l.len()).max().unwrap_or(0);
        let blank = |j: usize| {
            block
                .iter()
                .all(|l| l.as_bytes().get(j).is_none_or(|&b| b == b' '))
        };
        let mut j = 0;
        while j < width {
            if blank(j) {
                j += 1;
                continue;
            }
            let start = j;
            while j < width && !blank(j) {
                j += 1;
            }
            let mut set = CellSet::EMPTY;
            for (y, line) in block.iter().enumerate() {
                for x in start..j {
                    if line.as_bytes().get(x).is_some_and(|b| b.is_ascii_digit()) {
                        set.insert(go_eye::shape::Cell::new((x - start) as u8, y as u8).unwrap());
                    }
                }
            }
            classes
                .last_mut()
                .expect("shapes before a class header")
                .shapes
                .push(set);
        }
        block.clear();
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("-- class [") {
            flush(&mut block, &mut classes);
            let code = rest[..rest.find(']').unwrap()].parse().unwrap();
            let field = |name: &str| {
                let i = line.find(name).unwrap() + name.len();
                line[i..].split_whitespace().next().unwrap().to_owned()
            };
            classes.push(ListedClass {
                code,
                life_property: field("LP=") == "yes",
                corner_capable: field("corner-capable=").parse().unwrap(),
                shapes: Vec::new(),
            });
        } else if line.trim().is_empty() || line.starts_with("====") {
            flush(&mut block, &mut classes);
        } else if !classes.is_empty()
            && !line.trim_start().starts_with('(')
            && !line.starts_with("Reconstruction")
        {
            block.push(line);
        }
    }
    flush(&mut block, &mut classes);
    classes
}

#[test]
fn shape_counts_are_1_1_2_5_12_35_107_and_363_octominoes() {
    let counts: Vec<usize> = (1..=8)
        .map(|n| catalog::eye_shapes_of_size(n).len())
        .collect();
    assert_eq!(counts, [1, 1, 2, 5, 12, 35, 107, 363]);
}

#[test]
fn class_counts_are_those_of_table_4_2() {
    let counts: Vec<usize> = (1..=7).map(|n| catalog::classes_of_size(n).len()).collect();
    assert_eq!(counts, [1, 1, 1, 3, 4, 8, 12]);
    assert_eq!(counts.iter().sum::<usize>(), 30);
    for row in thesis::TABLE_4_2 {
        let code: NeighbourCode =
            format!("{:0w$}", row.code, w = if row.code == 0 { 1 } else { 0 })
                .parse()
                .unwrap();
        let class =
            catalog::class_of(code).unwrap_or_else(|| panic!("class [{}] missing", row.code));
        assert_eq!(class.members.len(), row.members, "members of [{code}]");
    }
}

#[test]
fn every_shape_and_class_matches_the_listing() {
    let listed = listed_classes();
    assert_eq!(listed.len(), 30);
    assert_eq!(listed.iter().map(|c| c.shapes.len()).sum::<usize>(), 163);
    for class in &listed {
        let ours =
            catalog::class_of(class.code).unwrap_or_else(|| panic!("no class {:?}", class.code));
        let ours: BTreeSet<u64> = ours.members.iter().map(|id| id.info().key.bits()).collect();
        let theirs: BTreeSet<u64> = class
            .shapes
            .iter()
            .map(|s| {
                let shape = Shape::new(*s).unwrap();
                assert_eq!(
                    shape.code(),
                    class.code,
                    "listed shape {shape} in class {:?}",
                    class.code
                );
                shape.key().bits()
            })
            .collect();
        assert_eq!(
            theirs.len(),
            class.shapes.len(),
            "duplicate shapes in class {:?}",
            class.code
        );
        assert_eq!(ours, theirs, "members of class {:?}", class.code);
    }
}

#[test]
fn centre_life_property_is_a_class_invariant_matching_table_4_2_and_the_listing() {
    let listed: BTreeMap<u32, bool> = listed_classes()
        .iter()
        .map(|c| (c.code.value(), c.life_property))
        .collect();
    for size in 1..=7 {
        for class in catalog::classes_of_size(size) {
            let lp: Vec<bool> = class
                .members
                .iter()
                .map(|id| {
                    Eye::centre(id.info().shape.cells())
                        .unwrap()
                        .has_life_property()
                })
                .collect();
            let expected = thesis::life_property(class.code).unwrap();
            assert!(
                lp.iter().all(|&x| x == expected),
                "class {:?}: computed {lp:?}, Table 4.2 says {expected}",
                class.code
            );
            assert_eq!(listed[&class.code.value()], expected);
        }
    }
}

#[test]
fn nakade_shapes_are_exactly_those_of_the_thesis() {
    for size in 1..=7 {
        for info in catalog::eye_shapes_of_size(size) {
            let eye = Eye::centre(info.shape.cells()).unwrap();
            let listed = thesis::NAKADE_CLASSES.contains(&info.code.value());
            assert_eq!(
                eye.is_nakade_shape(),
                listed,
                "{} [{}]",
                info.shape,
                info.code
            );
        }
    }
}

fn corner_capable(shape: Shape) -> bool {
    let corners = [
        Edges::NORTH | Edges::WEST,
        Edges::NORTH | Edges::EAST,
        Edges::SOUTH | Edges::WEST,
        Edges::SOUTH | Edges::EAST,
    ];
    Symmetry::ALL.iter().any(|s| {
        let placed = s.apply(shape.cells()).normalized();
        corners
            .iter()
            .any(|&e| eye_position(placed, e) == EyePosition::Corner)
    })
}

#[test]
fn corner_capable_counts_match_the_listing_and_twelve_hexominoes_fit_a_corner() {
    for class in listed_classes() {
        let ours = catalog::class_of(class.code).unwrap();
        let n = ours
            .members
            .iter()
            .filter(|id| corner_capable(id.info().shape))
            .count();
        assert_eq!(n, class.corner_capable, "class {:?}", class.code);
    }
    // Vilà 2004, §4.2.1.VI: only 12 of the 35 6-shapes can be corner eyes.
    let six = catalog::eye_shapes_of_size(6)
        .iter()
        .filter(|i| corner_capable(i.shape))
        .count();
    assert_eq!(six, 12);
}

#[test]
fn rabbity_six_has_code_112224() {
    // Fig. 4.13.
    let rabbity: Shape = ".#./###/.##".parse().unwrap();
    assert_eq!(rabbity.code().to_string(), "112224");
}
