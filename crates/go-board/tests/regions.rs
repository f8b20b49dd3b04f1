//! Regions against a flood fill on coordinates over random positions, and
//! hand-checked diagrams of the Niu–Kishimoto–Müller terms.

mod common;

use std::collections::BTreeSet;

use common::{Rng, board, geometries, pt, random_position};
use go_board::{Board, Color, Point, PointSet, RegionError, Regions};

/// Maximal connected sets of points without a `color` stone, by a plain
/// flood fill over columns and rows.
fn flood_regions(b: &Board, color: Color) -> Vec<PointSet> {
    let geo = b.geometry();
    let (w, h) = (geo.width(), geo.height());
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    for row in 0..h {
        for col in 0..w {
            if seen[row * w + col] || b.color_at(Point::new(col, row)) == Some(color) {
                continue;
            }
            let mut region = PointSet::new();
            let mut stack = vec![(col, row)];
            seen[row * w + col] = true;
            while let Some((c, r)) = stack.pop() {
                region.insert(Point::new(c, r));
                let mut next = Vec::new();
                if c > 0 {
                    next.push((c - 1, r));
                }
                if c + 1 < w {
                    next.push((c + 1, r));
                }
                if r > 0 {
                    next.push((c, r - 1));
                }
                if r + 1 < h {
                    next.push((c, r + 1));
                }
                for (nc, nr) in next {
                    if !seen[nr * w + nc] && b.color_at(Point::new(nc, nr)) != Some(color) {
                        seen[nr * w + nc] = true;
                        stack.push((nc, nr));
                    }
                }
            }
            out.push(region);
        }
    }
    out
}

/// Anchors of the `color` blocks with a stone next to `points`.
fn blocks_next_to(b: &Board, points: &PointSet, color: Color) -> Vec<Point> {
    let geo = b.geometry();
    let mut set = BTreeSet::new();
    for p in points.iter() {
        for q in geo.neighbours(p) {
            if b.color_at(q) == Some(color) {
                set.insert(b.anchor(q).unwrap());
            }
        }
    }
    set.into_iter().collect()
}

fn check_regions(b: &Board, regions: &Regions, truth: &[PointSet]) {
    let color = regions.color();
    let got: BTreeSet<Vec<Point>> = regions
        .iter()
        .map(|r| r.points().iter().collect())
        .collect();
    let want: BTreeSet<Vec<Point>> = truth.iter().map(|r| r.iter().collect()).collect();
    assert_eq!(got, want, "{color} regions\n{b}");
    // How many (current) regions each defender block touches.
    let mut counts = std::collections::BTreeMap::new();
    for r in truth {
        for a in blocks_next_to(b, r, color) {
            *counts.entry(a).or_insert(0) += 1;
        }
    }
    let touching = |a: Point| counts[&a];
    for r in regions.iter() {
        assert_eq!(r.color(), color);
        let defenders = blocks_next_to(b, r.points(), color);
        assert_eq!(r.defender_blocks(), defenders.as_slice(), "\n{b}");
        let interior: Vec<Point> = defenders
            .iter()
            .copied()
            .filter(|&a| touching(a) == 1)
            .collect();
        let boundary: Vec<Point> = defenders
            .iter()
            .copied()
            .filter(|&a| touching(a) > 1)
            .collect();
        assert_eq!(r.interior_blocks(), interior.as_slice(), "\n{b}");
        assert_eq!(r.boundary_blocks().collect::<Vec<_>>(), boundary, "\n{b}");
        let attackers: BTreeSet<Point> = r.points().iter().filter_map(|p| b.anchor(p)).collect();
        assert_eq!(
            r.attacker_blocks(),
            attackers.into_iter().collect::<Vec<_>>().as_slice()
        );
        for &a in &defenders {
            let libs = b.liberties(a);
            let internal = r.internal_liberties(b, a);
            let external = r.external_liberties(b, a);
            assert!(internal.is_subset(r.points()));
            assert!(external.is_disjoint(r.points()));
            assert_eq!(internal | external, libs);
        }
        let geo = b.geometry();
        let (shared, interior, empty) = (
            r.shared_liberties(b),
            r.interior_points(b),
            r.empty_points(b),
        );
        for p in r.points().iter() {
            let near = |c: Color| geo.neighbours(p).any(|q| b.color_at(q) == Some(c));
            let is_shared = b.is_empty(p) && near(color) && near(color.opposite());
            assert_eq!(shared.contains(p), is_shared);
            assert_eq!(interior.contains(p), !near(color));
            assert_eq!(empty.contains(p), b.is_empty(p));
        }
        assert!(shared.is_subset(r.points()) && interior.is_subset(r.points()));
        assert!(empty.is_subset(r.points()));
        let first = r.points().first().unwrap();
        assert_eq!(regions.region_at(first), Some(r));
    }
}

#[test]
fn basic_regions_match_a_flood_fill_on_random_positions() {
    let mut rng = Rng::new(99);
    let mut merges = 0;
    let mut num_regions = 0;
    for (i, geo) in geometries().into_iter().cycle().take(1200).enumerate() {
        let moves = rng.below(geo.num_points() * 3 / 2 + 1);
        let b = random_position(&mut rng, geo, moves);
        for color in Color::ALL {
            let mut regions = Regions::basic(&b, color);
            let mut truth = flood_regions(&b, color);
            num_regions += truth.len();
            check_regions(&b, &regions, &truth);
            for &s in b.stones_of(color).iter().collect::<Vec<_>>().iter() {
                assert!(regions.region_at(s).is_none());
            }
            // Merge random pairs and check the classification again.
            while truth.len() >= 2 && rng.below(3) != 0 {
                let x = rng.below(truth.len());
                let y = rng.below(truth.len());
                let (px, py) = (truth[x].first().unwrap(), truth[y].first().unwrap());
                let merged = regions.merge(px, py).unwrap().clone();
                if x != y {
                    let (rx, ry) = (truth[x], truth[y]);
                    truth.retain(|r| *r != rx && *r != ry);
                    truth.push(rx | ry);
                    merges += 1;
                }
                assert!(merged.contains(px) && merged.contains(py), "{i}");
                check_regions(&b, &regions, &truth);
            }
        }
    }
    println!("{num_regions} basic regions, {merges} merges checked");
    assert!(merges > 500);
}

#[test]
fn a_wall_makes_boundary_blocks_and_a_lone_stone_an_interior_one() {
    let b = board(
        ". . X . .
         . . X . .
         . . X . X
         X X X . .
         . . . . .",
    );
    let regions = Regions::basic(&b, Color::Black);
    assert_eq!(regions.len(), 2);
    let inside = regions.region_at(pt("A5")).unwrap();
    assert_eq!(inside.num_points(), 6);
    // The wall C5..A2 touches both regions; E3 only the outside one.
    let outside = regions.region_at(pt("E5")).unwrap();
    assert_eq!(outside.boundary_blocks().collect::<Vec<_>>(), [pt("A2")]);
    assert_eq!(outside.interior_blocks(), [pt("E3")]);
    assert_eq!(inside.interior_blocks(), [] as [Point; 0]);
    // The wall's liberties: six inside, the rest outside.
    assert_eq!(inside.internal_liberties(&b, pt("C4")).len(), 4);
    assert_eq!(
        inside.internal_liberties(&b, pt("C4")) | inside.external_liberties(&b, pt("C4")),
        b.liberties(pt("C4"))
    );
}

#[test]
fn a_region_holds_the_attacker_stones_inside_it() {
    let b = board(
        "X X X X X
         X . O . X
         X X X X X
         . . . . .",
    );
    let regions = Regions::basic(&b, Color::Black);
    let eye = regions.region_at(pt("C3")).unwrap();
    assert_eq!(eye.num_points(), 3);
    assert_eq!(eye.attacker_blocks(), [pt("C3")]);
    assert_eq!(eye.empty_points(&b).len(), 2);
    // B3 and D3 touch both Black and the White stone.
    assert_eq!(eye.shared_liberties(&b).len(), 2);
    // For White, every point but its stone is one region.
    let white = Regions::basic(&b, Color::White);
    assert_eq!(white.len(), 1);
    assert_eq!(white.iter().next().unwrap().num_points(), 19);
}

#[test]
fn merging_two_eyes_makes_the_wall_between_them_interior() {
    let b = board(
        ". X . X .
         X X X X .
         . . . . .
         . . . . .",
    );
    let mut regions = Regions::basic(&b, Color::Black);
    assert_eq!(regions.len(), 3); // A4, C4 and the open side
    let wall = b.anchor(pt("A3")).unwrap();
    for eye in ["A4", "C4"] {
        let r = regions.region_at(pt(eye)).unwrap();
        assert_eq!(r.boundary_blocks().collect::<Vec<_>>(), [wall]);
    }
    let merged = regions.merge(pt("A4"), pt("C4")).unwrap();
    assert_eq!(merged.num_basic_regions(), 2);
    assert!(!merged.is_basic());
    // The wall still touches the outside region, so it stays a boundary
    // block.
    assert_eq!(merged.boundary_blocks().collect::<Vec<_>>(), [wall]);
    let all = regions.merge(pt("A4"), pt("E1")).unwrap();
    assert_eq!(all.num_basic_regions(), 3);
    assert_eq!(all.interior_blocks(), [wall]);
    assert_eq!(regions.len(), 1);
}

#[test]
fn merging_a_stone_point_is_an_error() {
    let b = board(
        ". X .
         . X .",
    );
    let mut regions = Regions::basic(&b, Color::Black);
    assert_eq!(
        regions.merge(pt("B1"), pt("A1")),
        Err(RegionError::NotInRegion(pt("B1")))
    );
    assert_eq!(
        regions.merge(pt("A1"), pt("J9")),
        Err(RegionError::NotInRegion(pt("J9")))
    );
    // Merging a region with itself changes nothing.
    let before = regions.clone();
    regions.merge(pt("A1"), pt("A2")).unwrap();
    assert_eq!(regions, before);
}

#[test]
fn a_colour_without_stones_has_one_region_of_the_whole_board() {
    let b = board(
        "X X
         X .",
    );
    assert_eq!(Regions::basic(&b, Color::Black).len(), 1);
    assert_eq!(Regions::basic(&b, Color::White).len(), 1);
    let empty = Board::new(3).unwrap();
    let r = Regions::basic(&empty, Color::White);
    assert_eq!(r.iter().next().unwrap().num_points(), 9);
    assert!(r.iter().next().unwrap().defender_blocks().is_empty());
}

/// The areas `block` encloses alone, by the definition: components of the
/// points off the block that touch it, of at most `max` points.
fn enclosed_by(b: &Board, block: Point, max: usize) -> Vec<PointSet> {
    let geo = b.geometry();
    let stones = b.stones(block);
    let near = stones.border(geo);
    let mut out: Vec<PointSet> = (*geo.all_points() - stones)
        .components(geo)
        .into_iter()
        .filter(|c| c.intersects(&near) && c.len() <= max)
        .collect();
    out.sort_by_key(|c| (*c & near).first());
    out
}

#[test]
fn block_regions_match_the_definition_on_random_positions() {
    let mut rng = Rng::new(7);
    let mut found = 0;
    let mut healthy = 0;
    for geo in geometries().into_iter().cycle().take(600) {
        let moves = rng.below(geo.num_points() * 3 / 2 + 1);
        let b = random_position(&mut rng, geo, moves);
        let max = [0, 1, 4, 20, 400][rng.below(5)];
        for block in b.blocks() {
            let a = block.anchor();
            let color = block.color();
            let got: Vec<_> = b.block_regions(a, max).collect();
            let want = enclosed_by(&b, a, max);
            let points: Vec<PointSet> = got.iter().map(|r| *r.points()).collect();
            assert_eq!(points, want, "max {max}, block {a}\n{b}");
            let libs = b.liberties(a);
            for r in &got {
                found += 1;
                let empty = *r.points() & b.empty_points();
                assert_eq!(r.empty_points(), empty);
                assert_eq!(
                    *r.attacker_stones(),
                    *r.points() & *b.stones_of(color.opposite())
                );
                assert_eq!(*r.defender_stones(), *r.points() & *b.stones_of(color));
                assert_eq!(r.num_points(), r.points().len());
                let is_healthy = !empty.is_empty() && empty.is_subset(&libs);
                assert_eq!(r.is_healthy(), is_healthy);
                healthy += usize::from(is_healthy);
            }
        }
    }
    println!("{found} block regions, {healthy} healthy");
    assert!(found > 1000 && healthy > 100);
}

#[test]
fn an_empty_point_encloses_nothing() {
    let b = board(
        ". X .
         X X .
         . . .",
    );
    assert_eq!(b.block_regions(pt("C1"), 20).count(), 0);
    assert_eq!(b.block_regions(pt("B2"), 4).count(), 1);
    assert_eq!(b.block_regions(pt("B2"), 5).count(), 2);
}

#[test]
fn a_block_region_holds_own_stones_of_other_blocks_and_enemy_stones() {
    // Black's ring encloses a White stone, a lone Black stone (another
    // block) and ten empty points, all liberties of the ring.
    let b = board(
        "X X X X X X
         X . . . . X
         X . X O . X
         X . . . . X
         X X X X X X",
    );
    let regions: Vec<_> = b.block_regions(pt("A1"), 20).collect();
    assert_eq!(regions.len(), 1);
    let eye = &regions[0];
    assert_eq!(eye.num_points(), 12);
    assert_eq!(eye.attacker_stones().iter().collect::<Vec<_>>(), [pt("D3")]);
    assert_eq!(eye.defender_stones().iter().collect::<Vec<_>>(), [pt("C3")]);
    assert_eq!(eye.empty_points().len(), 10);
    assert!(eye.is_healthy());
    // Too big for a limit of 11 points: the open board.
    assert_eq!(b.block_regions(pt("A1"), 11).count(), 0);
    // The lone stone encloses nothing: its surroundings reach the ring's
    // other side.
    assert_eq!(b.block_regions(pt("C3"), 20).count(), 0);
}
