//! The PATRICIA trie against a naive matcher: random boards, random
//! pattern sets, every anchor.

use std::cmp::Ordering;

use go_board::{Board, Color, Point};
use go_patterns::trie::{PatriciaTrie, board_key, pattern_key, symbol};
use go_patterns::{Anchor, Cell, Offset, Pattern, Shape};
use proptest::prelude::*;

const SIDE: usize = 4;

fn board_from(size: usize, moves: &[(u8, u8)]) -> Board {
    let mut board = Board::new(size).unwrap();
    let mut color = Color::Black;
    for &(c, r) in moves {
        let p = Point::new(c as usize % size, r as usize % size);
        if board.play(color, p).is_ok() {
            color = color.opposite();
        }
    }
    board
}

fn cell_strategy() -> impl Strategy<Value = Cell> {
    prop_oneof![
        4 => Just(Cell::Any),
        2 => Just(Cell::Black),
        2 => Just(Cell::White),
        2 => Just(Cell::Empty),
        1 => Just(Cell::Edge),
    ]
}

/// A top-left anchored square pattern of side 1..=SIDE.
fn pattern_strategy() -> impl Strategy<Value = Pattern> {
    (1..=SIDE).prop_flat_map(|side| {
        proptest::collection::vec(cell_strategy(), side * side).prop_map(move |cells| {
            let shape = Shape::square(side).unwrap();
            let mut it = cells.into_iter();
            Pattern::from_shape(&shape, Anchor::TopLeft, |_| it.next().unwrap()).unwrap()
        })
    })
}

/// Does a stored key match a board key (naively)?
fn key_matches(key: &[u8], board: &[u8]) -> bool {
    key.len() <= board.len()
        && key
            .iter()
            .zip(board)
            .all(|(&k, &b)| k == symbol::ANY || k == b)
}

/// The trie's tie-break among equally long matches: more specific at the
/// first position where they differ.
fn specific_first(a: &[u8], b: &[u8]) -> Ordering {
    let rank = |s: u8| u8::from(s == symbol::ANY);
    a.iter().map(|&s| rank(s)).cmp(b.iter().map(|&s| rank(s)))
}

fn naive_longest<'a>(
    entries: &'a [(Vec<u8>, usize)],
    board: &[u8],
    accept: impl Fn(usize) -> bool,
) -> Option<&'a (Vec<u8>, usize)> {
    entries
        .iter()
        .filter(|(k, v)| key_matches(k, board) && accept(*v))
        .min_by(|a, b| b.0.len().cmp(&a.0.len()).then(specific_first(&a.0, &b.0)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn trie_searches_agree_with_the_naive_matcher(
        size in 4usize..8,
        moves in proptest::collection::vec((0u8..8, 0u8..8), 0..50),
        patterns in proptest::collection::vec(pattern_strategy(), 1..40),
        rejected in 2usize..5,
    ) {
        let board = board_from(size, &moves);
        let shape = Shape::square(SIDE).unwrap();
        let mut trie: PatriciaTrie<usize> = PatriciaTrie::new();
        // The naive store: the last value for each distinct key.
        let mut entries: Vec<(Vec<u8>, usize)> = Vec::new();
        for (i, p) in patterns.iter().enumerate() {
            let key = pattern_key(p, &Shape::square((p.len() as f64).sqrt() as usize).unwrap()).unwrap();
            trie.insert(&key, i).unwrap();
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(e) => e.1 = i,
                None => entries.push((key, i)),
            }
        }
        prop_assert_eq!(trie.len(), entries.len());
        for (k, v) in &entries {
            prop_assert_eq!(trie.get(k), Some(v));
        }
        let accept = |v: usize| v % rejected != 0;
        for &anchor in board.geometry().points() {
            let key = board_key(&board, anchor, &shape);
            // All matches, cross-checked with the pattern matcher itself.
            let mut from_trie: Vec<usize> = trie.matches(&key).iter().map(|f| *f.value).collect();
            from_trie.sort_unstable();
            let mut naive: Vec<usize> = entries
                .iter()
                .filter(|(_, v)| patterns[*v].matches(&board, anchor, Color::Black))
                .map(|(_, v)| *v)
                .collect();
            naive.sort_unstable();
            prop_assert_eq!(&from_trie, &naive, "anchor {}", anchor);
            // Longest accepted match.
            let got = trie.longest_match(&key, |_, v| accept(*v)).map(|f| *f.value);
            let want = naive_longest(&entries, &key, accept).map(|e| e.1);
            prop_assert_eq!(got, want, "anchor {}", anchor);
            // Colour-swapped search.
            let swapped: Vec<u8> = key.iter().map(|&s| symbol::swap_colors(s)).collect();
            let got = trie
                .longest_match_either_color(&key, |_, v, _| accept(*v))
                .map(|m| (*m.found.value, m.swapped));
            let direct = naive_longest(&entries, &key, accept);
            let other = naive_longest(&entries, &swapped, accept);
            let want = match (direct, other) {
                (Some(d), Some(s)) if s.0.len() > d.0.len() => Some((s.1, true)),
                (Some(d), _) => Some((d.1, false)),
                (None, Some(s)) => Some((s.1, true)),
                (None, None) => None,
            };
            prop_assert_eq!(got, want, "anchor {}", anchor);
        }
    }

    #[test]
    fn collapsed_trie_holds_exactly_what_was_inserted(
        keys in proptest::collection::vec(proptest::collection::vec(0u8..5, 0..12), 0..60),
    ) {
        let mut trie: PatriciaTrie<usize> = PatriciaTrie::new();
        let mut naive: Vec<(Vec<u8>, usize)> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            let old = trie.insert(k, i).unwrap();
            let pos = naive.iter().position(|(n, _)| n == k);
            prop_assert_eq!(old, pos.map(|p| naive[p].1));
            match pos {
                Some(p) => naive[p].1 = i,
                None => naive.push((k.clone(), i)),
            }
        }
        prop_assert_eq!(trie.len(), naive.len());
        prop_assert_eq!(trie.iter().count(), naive.len());
        for (k, v) in &naive {
            prop_assert_eq!(trie.get(k), Some(v));
        }
        // Collapsing: never more internal nodes than stored keys' symbols,
        // and a leaf or node value per key.
        let total: usize = naive.iter().map(|(k, _)| k.len()).sum();
        prop_assert!(trie.num_nodes() <= total + 1);
    }
}

#[test]
fn pattern_keys_refuse_cells_of_several_states() {
    let p: Pattern = "x.".parse().unwrap();
    assert!(pattern_key(&p, &Shape::square(2).unwrap()).is_err());
    let q = Pattern::new([(Offset::ORIGIN, Cell::Own)], Anchor::TopLeft).unwrap();
    assert!(pattern_key(&q, &Shape::square(1).unwrap()).is_err());
}
