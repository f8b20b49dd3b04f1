//! Local queries for heavy playout policies and move priors: the last
//! move, 3×3 neighbourhood codes, ataris next to a point, the liberties a
//! move would leave, the blocks around a block, and area ownership.

use crate::code3x3::Code3x3;
use crate::color::Color;
use crate::point::{NUM_INDICES, Point};

use super::board::{BORDER, EMPTY, PlayoutBoard, cell_of, color_of_cell};
use super::kernel::{is_single_lib, lib_count};

/// Most distinct liberties [`PlayoutBoard::liberties_after`] counts.
const MAX_LIMIT: usize = 16;

impl PlayoutBoard {
    /// The point of the last stone played, or `None` after a pass (or
    /// before any move).
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// let mut board = PlayoutBoard::new(9)?;
    /// assert_eq!(board.last_move(), None);
    /// board.play(Color::Black, "E5".parse()?)?;
    /// assert_eq!(board.last_move(), Some("E5".parse()?));
    /// board.pass();
    /// assert_eq!(board.last_move(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        (self.last != 0).then(|| self.layout.point(usize::from(self.last)))
    }

    /// The 3×3 neighbourhood of `p` as a [`Code3x3`] without atari
    /// flags, read straight from the cells (the default code if `p` is off
    /// the board).
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard, PointState};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X .
    ///      O . .
    ///      . . .",
    /// )?);
    /// let code = board.neighbourhood("B2".parse()?);
    /// assert_eq!(code.neighbour(0), PointState::Black); // north: B3
    /// assert_eq!(code.neighbour(6), PointState::White); // west: A2
    /// let corner = board.neighbourhood("A1".parse()?);
    /// assert_eq!(corner.neighbour(4), PointState::Edge); // south of A1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn neighbourhood(&self, p: Point) -> Code3x3 {
        let Some(i) = self.index_of(p) else {
            return Code3x3::default();
        };
        let s = self.stride;
        let c = &self.cells;
        let around = [
            i + s,
            i + s + 1,
            i + 1,
            i - s + 1,
            i - s,
            i - s - 1,
            i - 1,
            i + s - 1,
        ];
        let bits = around
            .iter()
            .enumerate()
            .fold(0u32, |code, (k, &q)| code | (u32::from(c[q]) << (2 * k)));
        Code3x3::from_bits(bits)
    }

    /// The 3×3 neighbourhood of `p` with atari flags: [`neighbourhood`]
    /// with [`atari_neighbours`] as its flags.
    ///
    /// [`neighbourhood`]: PlayoutBoard::neighbourhood
    /// [`atari_neighbours`]: PlayoutBoard::atari_neighbours
    ///
    /// ```
    /// use go_board::{Board, Code3x3, PlayoutBoard};
    /// let board = Board::from_diagram("X O .\n. . .")?;
    /// let a1 = "A1".parse()?;
    /// let code = PlayoutBoard::from(&board).neighbourhood_with_atari(a1);
    /// assert!(code.atari(0)); // A2 above is in atari
    /// assert_eq!(code, Code3x3::with_atari(&board, a1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn neighbourhood_with_atari(&self, p: Point) -> Code3x3 {
        self.neighbourhood(p)
            .with_atari_flags(self.atari_neighbours(p))
    }

    /// Which orthogonal neighbours of `p` are stones whose block is in
    /// atari: bit 0 north, 1 east, 2 south, 3 west (the order of
    /// [`neighbourhood`](PlayoutBoard::neighbourhood)).
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     "X O .
    ///      . . .",
    /// )?);
    /// assert_eq!(board.atari_neighbours("A1".parse()?), 1); // A2 above is in atari
    /// assert_eq!(board.atari_neighbours("C2".parse()?), 0); // B2 has two liberties
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn atari_neighbours(&self, p: Point) -> u8 {
        let Some(i) = self.index_of(p) else {
            return 0;
        };
        let s = self.stride;
        let mut bits = 0;
        for (k, q) in [i + s, i + 1, i - s, i - 1].into_iter().enumerate() {
            let c = self.cells[q];
            if c == EMPTY || c == BORDER {
                continue;
            }
            let libs = self.nodes[usize::from(self.nodes[q].root)].libs;
            if is_single_lib(libs) {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// The number of liberties the block of the stone `color` plays at `p`
    /// would have, counted up to `limit` (at most 16): its empty
    /// neighbours, the liberties of the friendly blocks it joins, and the
    /// points of the enemy stones it captures that touch the new block.
    /// Ko and legality are not checked; 0 when `p` is not empty, or for a
    /// suicide.
    ///
    /// `liberties_after(color, p, 2) == 1` is a self-atari test.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X O .
    ///      X O . .
    ///      . . . .
    ///      . . . .",
    /// )?);
    /// // Black A4 joins B4 and A3, whose only other liberty is A2: a self-atari.
    /// assert_eq!(board.liberties_after(Color::Black, "A4".parse()?, 2), 1);
    /// // White A4 captures B4, whose point becomes its liberty.
    /// assert_eq!(board.liberties_after(Color::White, "A4".parse()?, 4), 1);
    /// assert_eq!(board.liberties_after(Color::Black, "B2".parse()?, 9), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn liberties_after(&self, color: Color, p: Point, limit: usize) -> usize {
        let Some(i) = self.index_of(p) else {
            return 0;
        };
        if self.cells[i] != EMPTY {
            return 0;
        }
        let limit = limit.min(MAX_LIMIT);
        let s = self.stride;
        let own = cell_of(color);
        let enemy = own ^ 3;
        let mut libs = [0u16; MAX_LIMIT];
        let mut n = 0;
        let add = |q: usize, libs: &mut [u16; MAX_LIMIT], n: &mut usize| {
            if q != i && !libs[..*n].contains(&(q as u16)) {
                libs[*n] = q as u16;
                *n += 1;
            }
            *n >= limit
        };
        let neighbours = [i + s, i + 1, i - s, i - 1];
        let mut friends = [0u16; 4];
        let mut num_friends = 0;
        for &q in &neighbours {
            let c = self.cells[q];
            if c == EMPTY {
                if add(q, &mut libs, &mut n) {
                    return n;
                }
            } else if c == own {
                let r = self.nodes[q].root;
                if !friends[..num_friends].contains(&r) {
                    friends[num_friends] = r;
                    num_friends += 1;
                }
            }
        }
        for &r in &friends[..num_friends] {
            let mut x = usize::from(r);
            loop {
                for y in [x + s, x + 1, x - s, x - 1] {
                    if self.cells[y] == EMPTY && add(y, &mut libs, &mut n) {
                        return n;
                    }
                }
                x = usize::from(self.nodes[x].next);
                if x == usize::from(r) {
                    break;
                }
            }
        }
        // Captures: an enemy neighbour in atari has its last liberty at
        // `p`. Its stones that touch the new block become liberties.
        let mut captured = [0u16; 4];
        let mut num_captured = 0;
        for &q in &neighbours {
            if self.cells[q] != enemy {
                continue;
            }
            let r = self.nodes[q].root;
            let l = self.nodes[usize::from(r)].libs;
            if !(lib_count(l) > 0 && is_single_lib(l)) || captured[..num_captured].contains(&r) {
                continue;
            }
            captured[num_captured] = r;
            num_captured += 1;
            let mut x = usize::from(r);
            loop {
                let touches = [x + s, x + 1, x - s, x - 1].into_iter().any(|y| {
                    y == i
                        || (self.cells[y] == own
                            && friends[..num_friends].contains(&self.nodes[y].root))
                });
                if touches && add(x, &mut libs, &mut n) {
                    return n;
                }
                x = usize::from(self.nodes[x].next);
                if x == usize::from(r) {
                    break;
                }
            }
        }
        n
    }

    /// Calls `f` once with one stone of every block adjacent to the block
    /// at `p` (nothing if `p` is empty). Walks the block.
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     "O X X O
    ///      . O . .",
    /// )?);
    /// let mut around = Vec::new();
    /// board.for_each_adjacent_block("B2".parse()?, |q| around.push(board.stones(q).len()));
    /// around.sort();
    /// assert_eq!(around, [1, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_adjacent_block(&self, p: Point, mut f: impl FnMut(Point)) {
        let Some(i) = self.index_of(p) else {
            return;
        };
        let own = self.cells[i];
        if own == EMPTY || own == BORDER {
            return;
        }
        let s = self.stride;
        let r = usize::from(self.nodes[i].root);
        let mut seen: [u16; 32] = [0; 32];
        let mut num_seen = 0;
        let mut x = r;
        loop {
            for y in [x + s, x + 1, x - s, x - 1] {
                if self.cells[y] == own ^ 3 {
                    let ry = self.nodes[y].root;
                    if !seen[..num_seen].contains(&ry) {
                        if num_seen < seen.len() {
                            seen[num_seen] = ry;
                            num_seen += 1;
                        } else {
                            // A block touching more than 32 others:
                            // forget the oldest (may repeat a call).
                            seen.rotate_left(1);
                            seen[31] = ry;
                        }
                        f(self.layout.point(usize::from(ry)));
                    }
                }
            }
            x = usize::from(self.nodes[x].next);
            if x == r {
                break;
            }
        }
    }

    /// Calls `f` with every point of the board and its Tromp-Taylor owner:
    /// the colour of a stone, the colour whose stones alone an empty point
    /// reaches through empty points, or `None` (dame).
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X O .
    ///      . X O .",
    /// )?);
    /// let mut black = 0;
    /// board.for_each_area_owner(|_, owner| black += u32::from(owner == Some(Color::Black)));
    /// assert_eq!(black, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_area_owner(&self, mut f: impl FnMut(Point, Option<Color>)) {
        let reach = self.area_reach();
        for &i in &self.layout.points {
            let i = usize::from(i);
            let owner = match self.cells[i] {
                EMPTY => match reach[i] & 0b110 {
                    0b010 => Some(Color::Black),
                    0b100 => Some(Color::White),
                    _ => None,
                },
                c => color_of_cell(c),
            };
            f(self.layout.point(i), owner);
        }
    }

    /// Per index, the stone colours (`1 << code`) an empty point reaches
    /// through empty points; a stone reaches its own colour.
    pub(super) fn area_reach(&self) -> [u8; NUM_INDICES] {
        let s = self.stride;
        let cells = &self.cells;
        // At the end of a playout empty regions are small, so spreading
        // the marks until nothing changes takes a pass or two.
        let mut reach = [0u8; NUM_INDICES];
        for &i in &self.layout.points {
            let i = usize::from(i);
            let c = cells[i];
            if c != EMPTY {
                reach[i] = 1 << c;
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &i in &self.empties {
                let i = usize::from(i);
                let r = reach[i] | reach[i + 1] | reach[i - 1] | reach[i + s] | reach[i - s];
                changed |= r != reach[i];
                reach[i] = r;
            }
        }
        reach
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color, PlayoutBoard, Point};

    fn board(diagram: &str) -> (Board, PlayoutBoard) {
        let b = Board::from_diagram(diagram).unwrap();
        let p = PlayoutBoard::from(&b);
        (b, p)
    }

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// Liberties after a move, by playing it on the search board.
    fn libs_by_playing(board: &Board, color: Color, p: Point) -> usize {
        let mut b = board.clone();
        match b.play(color, p) {
            Ok(_) => b.num_liberties(p),
            Err(_) => 0,
        }
    }

    #[test]
    fn liberties_after_agrees_with_playing_the_move() {
        let mut rng = crate::Pcg32::new(11);
        for size in [5, 7, 9] {
            for game in 0..30 {
                let mut fast = PlayoutBoard::new(size).unwrap();
                for _ in 0..(size * size * (game % 3 + 1) / 2) {
                    fast.play_random_move(&mut rng);
                }
                let slow = fast.to_board(crate::Rules::default());
                for &p in fast.geometry().points() {
                    for c in Color::ALL {
                        let exact = match slow.check_move(c, p) {
                            Ok(()) => libs_by_playing(&slow, c, p),
                            Err(crate::PlayError::Ko(_)) => continue,
                            Err(_) => 0,
                        };
                        for limit in [1, 2, 3, 16] {
                            assert_eq!(
                                fast.liberties_after(c, p, limit),
                                exact.min(limit),
                                "{c} {p} limit {limit}\n{fast}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn capturing_two_stones_gives_both_points_when_they_touch() {
        let (_, b) = board(
            ". O O X .
             X X X . .
             . . . . .",
        );
        // Black A3 captures B3 and C3: B3 touches the new stone, C3 the
        // block A2-C2 it joins, whose own liberties are A1, B1, C1, D2.
        assert_eq!(b.liberties_after(Color::Black, pt("A3"), 9), 6);
    }

    #[test]
    fn neighbourhood_rotates_by_four_bits() {
        let (_, b) = board(
            ". X .
             . . O
             . . .",
        );
        let code = b.neighbourhood(pt("B2"));
        // North (B3) Black, east (C2) White.
        assert_eq!(code.bits() & 3, 1);
        assert_eq!((code.bits() >> 4) & 3, 2);
        let (_, turned) = board(
            ". . .
             . . .
             . X .",
        );
        // Only the south stone.
        assert_eq!(turned.neighbourhood(pt("B2")).bits(), 1 << 8);
    }

    #[test]
    fn area_owners_count_like_area_counts() {
        let mut rng = crate::Pcg32::new(5);
        let mut b = PlayoutBoard::new(9).unwrap();
        let _ = b.playout(&mut rng, &crate::PlayoutOptions::default());
        let mut black = 0;
        let mut white = 0;
        b.for_each_area_owner(|_, o| match o {
            Some(Color::Black) => black += 1,
            Some(Color::White) => white += 1,
            None => {}
        });
        let counts = b.area_counts();
        assert_eq!((black, white), (counts[Color::Black], counts[Color::White]));
    }

    #[test]
    fn last_move_follows_playouts() {
        let mut rng = crate::Pcg32::new(9);
        let mut b = PlayoutBoard::new(9).unwrap();
        let mut moves = Vec::new();
        let _ = b.playout_recording(
            &mut rng,
            &crate::PlayoutOptions {
                max_moves: Some(30),
                ..Default::default()
            },
            &mut moves,
        );
        assert_eq!(b.last_move(), moves.last().and_then(|m| m.point()));
    }
}
