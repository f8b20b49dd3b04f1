//! [`SearchTree`]: a record of the explored tree, exported as SGF through [`MoveNamer`].

use crate::Player;

/// Names moves for SGF export.
///
/// ```
/// use go_search::{MoveNamer, Player};
/// struct Cells;
/// impl MoveNamer<u8> for Cells {
///     fn sgf_point(&self, cell: u8) -> String {
///         let (x, y) = (cell % 3, cell / 3);
///         format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
///     }
///     fn sgf_header(&self) -> String { "SZ[3]".to_string() }
/// }
/// assert_eq!(Cells.sgf_point(4), "bb");
/// ```
pub trait MoveNamer<M> {
    /// The SGF point text of `mv` (`"dd"`; `""` for a pass). Only `]` and `\` need no care:
    /// the exporter escapes them.
    fn sgf_point(&self, mv: M) -> String;

    /// Extra root properties such as `SZ[9]` (default: none).
    fn sgf_header(&self) -> String {
        String::new()
    }
}

/// A [`MoveNamer`] that writes each move's `Debug` form: SGF that any editor opens as text.
///
/// ```
/// use go_search::{DebugNamer, MoveNamer};
/// assert_eq!(DebugNamer.sgf_point(7u8), "7");
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct DebugNamer;

impl<M: core::fmt::Debug> MoveNamer<M> for DebugNamer {
    fn sgf_point(&self, mv: M) -> String {
        format!("{mv:?}")
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<(Player, M)>,
    parent: u32,
    children: Vec<u32>,
    comment: String,
}

/// The tree an engine explored, with a comment per node (proof numbers, values).
///
/// Engines record it when asked to (`record_tree` in their options), up to a node limit;
/// repeated visits of the same move under the same node share one tree node.
///
/// ```
/// use go_search::{AlphaBeta, AlphaBetaOptions, DebugNamer, Neutral, toys::Nim};
/// let options = AlphaBetaOptions::default().with_tree(1000);
/// let mut engine = AlphaBeta::new(options);
/// let result = engine.search(&mut Nim::new(&[1, 2]), &Neutral);
/// let tree = result.tree.expect("recorded");
/// assert!(tree.num_nodes() > 1);
/// assert!(tree.to_sgf(&DebugNamer).starts_with("(;FF[4]"));
/// ```
#[derive(Clone, Debug)]
pub struct SearchTree<M> {
    nodes: Vec<Node<M>>,
    cursor: u32,
    limit: usize,
    /// Depth below the cursor that is not recorded (node limit reached).
    hidden: u32,
}

impl<M: Copy + Eq> SearchTree<M> {
    pub(crate) fn new(limit: usize) -> Self {
        SearchTree {
            nodes: vec![Node {
                mv: None,
                parent: 0,
                children: Vec::new(),
                comment: String::new(),
            }],
            cursor: 0,
            limit: limit.max(1),
            hidden: 0,
        }
    }

    /// Number of recorded nodes, root included.
    ///
    /// ```
    /// # use go_search::{AlphaBeta, AlphaBetaOptions, Neutral, toys::Nim};
    /// # let options = AlphaBetaOptions::default().with_tree(10);
    /// # let r = AlphaBeta::new(options).search(&mut Nim::new(&[3]), &Neutral);
    /// assert!(r.tree.unwrap().num_nodes() <= 10);
    /// ```
    #[must_use]
    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Steps down into the child reached by `player` playing `mv`.
    pub(crate) fn enter(&mut self, player: Player, mv: M) {
        if self.hidden > 0 {
            self.hidden += 1;
            return;
        }
        let cur = self.cursor as usize;
        let existing = self.nodes[cur]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].mv == Some((player, mv)));
        if let Some(c) = existing {
            self.cursor = c;
        } else if self.nodes.len() < self.limit {
            let id = self.nodes.len() as u32;
            self.nodes.push(Node {
                mv: Some((player, mv)),
                parent: self.cursor,
                children: Vec::new(),
                comment: String::new(),
            });
            self.nodes[cur].children.push(id);
            self.cursor = id;
        } else {
            self.hidden = 1;
        }
    }

    /// Steps back up.
    pub(crate) fn leave(&mut self) {
        if self.hidden > 0 {
            self.hidden -= 1;
        } else {
            self.cursor = self.nodes[self.cursor as usize].parent;
        }
    }

    /// Replaces the comment of the current node.
    pub(crate) fn annotate(&mut self, comment: impl FnOnce() -> String) {
        if self.hidden == 0 {
            self.nodes[self.cursor as usize].comment = comment();
        }
    }

    /// The tree as an SGF game tree (FF\[4\]), one variation per explored move.
    ///
    /// ```
    /// # use go_search::{AlphaBeta, AlphaBetaOptions, DebugNamer, Neutral, toys::Nim};
    /// # let options = AlphaBetaOptions::default().with_tree(100);
    /// # let r = AlphaBeta::new(options).search(&mut Nim::new(&[2]), &Neutral);
    /// let sgf = r.tree.unwrap().to_sgf(&DebugNamer);
    /// assert!(sgf.ends_with(")\n"));
    /// ```
    #[must_use]
    pub fn to_sgf(&self, namer: &impl MoveNamer<M>) -> String {
        let mut out = String::from("(;FF[4]CA[UTF-8]AP[go-search]");
        out.push_str(&namer.sgf_header());
        push_comment(&mut out, &self.nodes[0].comment);
        // Explicit stack: (node, state) where state 0 = open, 1 = close a variation.
        enum Step {
            Node(u32, bool),
            Close,
        }
        let mut stack: Vec<Step> = Vec::new();
        let push_children = |stack: &mut Vec<Step>, children: &[u32]| {
            let many = children.len() > 1;
            for &c in children.iter().rev() {
                if many {
                    stack.push(Step::Close);
                }
                stack.push(Step::Node(c, many));
            }
        };
        push_children(&mut stack, &self.nodes[0].children);
        while let Some(step) = stack.pop() {
            match step {
                Step::Close => out.push(')'),
                Step::Node(id, open) => {
                    if open {
                        out.push('(');
                    }
                    let node = &self.nodes[id as usize];
                    if let Some((player, mv)) = node.mv {
                        out.push(';');
                        out.push_str(match player {
                            Player::First => "B[",
                            Player::Second => "W[",
                        });
                        push_escaped(&mut out, &namer.sgf_point(mv));
                        out.push(']');
                    }
                    push_comment(&mut out, &node.comment);
                    push_children(&mut stack, &node.children);
                }
            }
        }
        out.push_str(")\n");
        out
    }
}

fn push_comment(out: &mut String, comment: &str) {
    if !comment.is_empty() {
        out.push_str("C[");
        push_escaped(out, comment);
        out.push(']');
    }
}

fn push_escaped(out: &mut String, text: &str) {
    for ch in text.chars() {
        if ch == ']' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// Formats a comment lazily only when a tree is being recorded.
pub(crate) fn note<M: Copy + Eq>(tree: &mut Option<SearchTree<M>>, text: impl FnOnce() -> String) {
    if let Some(t) = tree {
        t.annotate(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_escapes_and_branches() {
        let mut t = SearchTree::new(100);
        t.enter(Player::First, 1u8);
        t.annotate(|| "a]b".to_string());
        t.leave();
        t.enter(Player::First, 2u8);
        t.enter(Player::Second, 3u8);
        t.leave();
        t.leave();
        let sgf = t.to_sgf(&DebugNamer);
        assert_eq!(
            sgf,
            "(;FF[4]CA[UTF-8]AP[go-search](;B[1]C[a\\]b])(;B[2];W[3]))\n"
        );
    }

    #[test]
    fn node_limit_hides_deeper_nodes() {
        let mut t = SearchTree::new(2);
        t.enter(Player::First, 1u8);
        t.enter(Player::Second, 2u8);
        t.enter(Player::First, 3u8);
        t.leave();
        t.leave();
        t.leave();
        t.enter(Player::First, 1u8);
        t.leave();
        assert_eq!(t.num_nodes(), 2);
        assert_eq!(
            t.to_sgf(&DebugNamer),
            "(;FF[4]CA[UTF-8]AP[go-search];B[1])\n"
        );
    }
}
