//! Ladders (shicho): the hunter keeps the prey in atari, the prey extends or captures.
//! A fast forcing search with no table, used at the leaves of the capture game and for
//! Fuego's `go_ladder`.

use go_board::{Board, Color, PlayError, Point, PointSet, SuicideRule};

use super::helpers::{adjacent_enemies_up_to, enemies_in_contact, enemy_contacts};

/// Moves the reader may play before it gives up.
pub(crate) const DEFAULT_BUDGET: u32 = 150;

/// What a ladder read found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LadderRead {
    /// The ladder captures the prey.
    Captured,
    /// The prey gets out (three liberties, or the hunter runs out of ataris).
    Escaped,
    /// A ko ban stopped a move the line needed: the answer depends on ko threats.
    KoInvolved,
    /// The budget ran out.
    Unknown,
}

/// Whether the fight is a ladder the hunter wins: the prey (the block at `prey`) has two
/// liberties with the hunter to move, or one with the prey to move. The board is left as
/// it was found.
pub(crate) fn read(
    board: &mut Board,
    prey: Point,
    hunter_first: bool,
    budget: &mut u32,
) -> LadderRead {
    read_with(
        board,
        prey,
        hunter_first,
        budget,
        true,
        &mut Scratch::default(),
    )
}

/// Lists a ladder read works with, kept between reads so that a read allocates nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    around: Vec<(Point, usize)>,
    joined: Vec<(Point, usize)>,
}

/// [`read`] with `scratch` lists.
pub(crate) fn read_in(
    board: &mut Board,
    prey: Point,
    hunter_first: bool,
    budget: &mut u32,
    scratch: &mut Scratch,
) -> LadderRead {
    read_with(board, prey, hunter_first, budget, true, scratch)
}

/// [`read`], with or without the shortcut that skips ataris the prey plainly escapes.
fn read_with(
    board: &mut Board,
    prey: Point,
    hunter_first: bool,
    budget: &mut u32,
    shortcuts: bool,
    scratch: &mut Scratch,
) -> LadderRead {
    let Some(color) = board.color_at(prey) else {
        return LadderRead::Captured;
    };
    let mut reader = Reader {
        board,
        prey,
        prey_color: color,
        budget,
        shortcuts,
        around: &mut scratch.around,
        joined: &mut scratch.joined,
    };
    if hunter_first {
        reader.hunter(0).0
    } else {
        reader.prey_moves(0)
    }
}

struct Reader<'a> {
    board: &'a mut Board,
    prey: Point,
    prey_color: Color,
    budget: &'a mut u32,
    /// Skip the ataris the prey escapes by extending to four liberties.
    shortcuts: bool,
    /// Lists for [`adjacent_enemies_up_to`]: a prey's turn lists its options before it
    /// plays any, so one pair serves every level.
    around: &'a mut Vec<(Point, usize)>,
    joined: &'a mut Vec<(Point, usize)>,
}

impl Reader<'_> {
    fn spend(&mut self) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        true
    }

    /// Hunter to move.
    fn hunter(&mut self, depth: u32) -> (LadderRead, Option<Point>) {
        let hunter = self.prey_color.opposite();
        let num_libs = self.board.num_liberties(self.prey);
        if num_libs >= 3 {
            return (LadderRead::Escaped, None);
        }
        // The liberties in point order, walked once.
        let mut libs = self.board.liberties(self.prey).into_iter();
        let first = libs.next();
        match num_libs {
            0 => return (LadderRead::Captured, None),
            1 => {
                let l = first;
                if l.is_some_and(|l| super::helpers::would_take_ko(self.board, hunter, l)) {
                    return (LadderRead::KoInvolved, None);
                }
                if l.is_some_and(|l| self.board.liberties_after_play(hunter, l, 2) == 1) {
                    // The capture is answered by a snapback.
                    return (LadderRead::Escaped, None);
                }
                return match l.map(|l| self.board.check_move(hunter, l)) {
                    Some(Ok(())) => (LadderRead::Captured, l),
                    Some(Err(PlayError::Ko(_))) => (LadderRead::KoInvolved, None),
                    _ => (LadderRead::Escaped, None),
                };
            }
            2 => {}
            _ => return (LadderRead::Escaped, None),
        }
        if depth > 4 * self.board.geometry().num_points() as u32 {
            return (LadderRead::Unknown, None);
        }
        // Try first the atari that leaves the prey's extension fewer liberties.
        let first = first.unwrap_or(self.prey);
        let mut order: [Point; 2] = [first, libs.next().unwrap_or(first)];
        // The board is the same before each atari: these counts serve the shortcut too.
        let mut escapes = [
            self.escape_liberties(order[0], order[1]),
            self.escape_liberties(order[1], order[0]),
        ];
        if escapes[0] < escapes[1] {
            order.swap(0, 1);
            escapes.swap(0, 1);
        }
        let mut result = LadderRead::Escaped;
        for (i, &l) in order.iter().enumerate() {
            // The prey escapes an atari that captures nothing when extending at the other
            // liberty gives it four liberties now (three once the atari takes one).
            if self.shortcuts && escapes[1 - i] >= 4 && !self.captures_prey_colour(l) {
                continue;
            }
            if !self.spend() {
                return (LadderRead::Unknown, None);
            }
            // The board would refuse a suicide, after a longer look around the point: a
            // liberty of the prey is often one of its eyes.
            if self.board.rules().suicide == SuicideRule::Illegal
                && self.board.is_suicide(hunter, l)
            {
                debug_assert_eq!(self.board.check_move(hunter, l), Err(PlayError::Suicide(l)));
                continue;
            }
            match self.board.play(hunter, l) {
                Ok(_) => {}
                Err(PlayError::Ko(_)) => {
                    result = worse(result, LadderRead::KoInvolved);
                    continue;
                }
                Err(_) => continue,
            }
            let r = self.prey_moves(depth + 1);
            self.board.undo();
            if r == LadderRead::Captured {
                return (LadderRead::Captured, Some(l));
            }
            result = worse(result, r);
        }
        (result, None)
    }

    /// Prey to move (in atari, or with two liberties when reading "prey first").
    fn prey_moves(&mut self, depth: u32) -> LadderRead {
        let num_libs = self.board.num_liberties(self.prey);
        if num_libs >= 3 {
            return LadderRead::Escaped;
        }
        // The liberties in point order, walked once.
        let mut libs = self.board.liberties(self.prey).into_iter();
        let first = libs.next();
        // A capture that only takes a ko leaves the prey time for other moves. The capture
        // takes the prey: only a one-stone prey can be a ko.
        if num_libs == 1
            && self.board.num_stones(self.prey) == 1
            && first.is_some_and(|l| {
                super::helpers::would_take_ko(self.board, self.prey_color.opposite(), l)
            })
        {
            return LadderRead::KoInvolved;
        }
        // The prey's one or two liberties, in point order, listed once.
        let lib_list = [first, if num_libs == 2 { libs.next() } else { None }];
        let mut options = Options::default();
        // Captures of hunter blocks in atari next to the prey.
        // Only blocks with one liberty matter below, or two when the prey has two. Reads
        // are short (four moves on average): walking the prey at each turn costs less
        // than following its contacts from move to move.
        adjacent_enemies_up_to(self.board, self.prey, num_libs, self.around);
        debug_assert_eq!(*self.around, {
            let mut plain = Vec::new();
            let contacts = enemy_contacts(self.board, self.prey);
            enemies_in_contact(self.board, &contacts, num_libs, &mut plain);
            plain
        });
        for &(a, n) in self.around.iter() {
            if n == 1
                && let Some(l) = self.board.the_liberty(a)
            {
                options.add(l);
            }
        }
        // Captures of hunter blocks in atari next to the blocks an extension would join:
        // the joined block gets their liberties. A block met again adds nothing new.
        let mut seen = [self.prey; 8];
        let mut num_seen = 0;
        for l in lib_list.into_iter().flatten() {
            for f in l.neighbours() {
                if self.board.color_at(f) != Some(self.prey_color)
                    || self.board.same_block(f, self.prey)
                {
                    continue;
                }
                let a = self.board.anchor(f).unwrap_or(f);
                if seen[..num_seen].contains(&a) {
                    continue;
                }
                seen[num_seen] = a;
                num_seen += 1;
                adjacent_enemies_up_to(self.board, f, 1, self.joined);
                for &(a, _) in self.joined.iter() {
                    if let Some(c) = self.board.the_liberty(a) {
                        options.add(c);
                    }
                }
            }
        }
        for l in lib_list.into_iter().flatten() {
            options.add(l);
        }
        if let Some(l) = first.filter(|_| num_libs == 1) {
            let hunter = self.prey_color.opposite();
            // An atari on a hunter block whose other liberty is the prey's last: the
            // capture there is then a self-atari, answered by a snapback.
            for f in l.neighbours() {
                if self.board.color_at(f) != Some(hunter) || self.board.num_liberties(f) != 2 {
                    continue;
                }
                for m in self.board.liberties(f).iter().take(2) {
                    if m != l {
                        options.add(m);
                    }
                }
            }
        }
        if num_libs == 2 {
            // With a liberty to spare, the prey may atari a hunter block first.
            for &(a, n) in self.around.iter() {
                if n == 2 {
                    for l in self.board.liberties(a).iter().take(2) {
                        options.add(l);
                    }
                }
            }
        }
        // The prey is captured only if every option fails without a ko: the first option
        // that escapes or meets a ko settles the read.
        for &p in options.as_slice() {
            if !self.spend() {
                return LadderRead::Unknown;
            }
            // An option that leaves the prey three liberties escapes: it need not be
            // played.
            if self
                .board
                .liberties_of_after_play(self.prey_color, p, self.prey)
                .is_some_and(|n| n >= 3)
            {
                return LadderRead::Escaped;
            }
            match self.board.play(self.prey_color, p) {
                Ok(_) => {}
                Err(PlayError::Ko(_)) => return LadderRead::KoInvolved,
                Err(_) => continue,
            }
            let r = self.hunter(depth + 1).0;
            self.board.undo();
            if r != LadderRead::Captured {
                return r;
            }
        }
        LadderRead::Captured
    }
}

impl Reader<'_> {
    /// The prey's liberties, counted up to four, after it extends at `at`, one of its two
    /// liberties (`other` the other one). An extension that captures nothing is counted
    /// here: the other liberty and the new empty neighbours, or with other blocks joined
    /// the union of the liberties; a capture asks the board.
    #[inline]
    fn escape_liberties(&self, at: Point, other: Point) -> usize {
        let mut n = 1;
        let mut joined: Option<PointSet> = None;
        for q in at.neighbours() {
            if self.board.is_empty(q) {
                n += usize::from(q != other);
                continue;
            }
            match self.board.color_at(q) {
                Some(c) if c == self.prey_color && !self.board.same_block(q, self.prey) => {
                    // Joining a block with five liberties or more: its four others at least.
                    if self.board.num_liberties(q) >= 5 {
                        debug_assert_eq!(
                            self.board.liberties_after_play(self.prey_color, at, 4),
                            4
                        );
                        return 4;
                    }
                    let libs = joined.get_or_insert_with(|| self.board.liberties(self.prey));
                    *libs |= self.board.liberties(q);
                }
                Some(c) if c != self.prey_color && self.board.num_liberties(q) == 1 => {
                    return self.board.liberties_after_play(self.prey_color, at, 4);
                }
                _ => {}
            }
        }
        let n = match joined {
            None => n.min(4),
            Some(mut libs) => {
                for q in at.neighbours() {
                    if self.board.is_empty(q) {
                        libs.insert(q);
                    }
                }
                libs.remove(at);
                libs.count_up_to(4)
            }
        };
        debug_assert_eq!(n, self.board.liberties_after_play(self.prey_color, at, 4));
        n
    }

    /// Whether a hunter stone at `l` would capture a block of the prey's colour: one in
    /// atari next to it.
    #[inline]
    fn captures_prey_colour(&self, l: Point) -> bool {
        let captures = l.neighbours().into_iter().any(|q| {
            self.board.color_at(q) == Some(self.prey_color) && self.board.num_liberties(q) == 1
        });
        debug_assert_eq!(
            captures,
            self.board.num_captured_by(self.prey_color.opposite(), l) > 0
        );
        captures
    }
}

/// The prey's moves to try, in order, each once; the first twelve only.
#[derive(Clone, Debug)]
struct Options {
    points: [Point; 12],
    len: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            points: [Point::new(0, 0); 12],
            len: 0,
        }
    }
}

impl Options {
    /// Adds `p` unless it is listed already or the list is full.
    #[inline]
    fn add(&mut self, p: Point) {
        if self.len < self.points.len() && !self.as_slice().contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    #[inline]
    fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }
}

/// The less certain of two non-capturing results.
fn worse(a: LadderRead, b: LadderRead) -> LadderRead {
    use LadderRead::*;
    match (a, b) {
        (Unknown, _) | (_, Unknown) => Unknown,
        (KoInvolved, _) | (_, KoInvolved) => KoInvolved,
        _ => Escaped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::helpers::testing::{XorShift, random_board, stones};

    /// Whether the ladder captures, read with and without shortcuts and no budget limit.
    fn captured(board: &mut Board, prey: Point, hunter_first: bool, shortcuts: bool) -> bool {
        let mut budget = u32::MAX;
        read_with(
            board,
            prey,
            hunter_first,
            &mut budget,
            shortcuts,
            &mut Scratch::default(),
        ) == LadderRead::Captured
    }

    #[test]
    fn prey_in_atari_escapes_by_setting_up_a_snapback() {
        // White D3 has one liberty, C3. White D1 ataris the black block around it, whose
        // other liberty is C3: Black's capture at C3 leaves it in atari, and White D3
        // takes ten stones back.
        let mut board = Board::from_diagram(
            ". . . . . .
             O O O O O O
             O X X X O O
             O X . O X O
             O X X X X O
             O O O . O O",
        )
        .unwrap();
        let d3 = "D3".parse().unwrap();
        assert!(!captured(&mut board, d3, false, true));
        // With a third liberty at A3, the black block survives the atari and the
        // capture stands.
        let mut board = Board::from_diagram(
            ". . . . . .
             O O O O O O
             O X X X O O
             . X . O X O
             O X X X X O
             O O O . O O",
        )
        .unwrap();
        assert!(captured(&mut board, d3, false, true));
    }

    #[test]
    fn shortcuts_do_not_change_what_a_ladder_captures() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut reads = 0;
        for _ in 0..300 {
            let mut board = random_board(&mut rng, 9, 20, 40);
            let stones = stones(&board);
            for p in stones {
                let libs = board.num_liberties(p);
                if libs > 2 {
                    continue;
                }
                let hunter_first = libs == 2;
                let before = board.clone();
                let fast = captured(&mut board, p, hunter_first, true);
                let plain = captured(&mut board, p, hunter_first, false);
                assert_eq!(fast, plain, "prey {p}\n{board}");
                assert_eq!(board.hash(), before.hash(), "the board is left as it was");
                reads += 1;
            }
        }
        assert!(reads > 500, "only {reads} ladders read");
    }
}
