//! The parsed pattern: a tree of [`Node`]s in one array, children by index.
//!
//! The parser builds it with [`Node::Repeat`] for every `*`, `+`, `?` and interval; the
//! `lower` module then expands repetitions into copies, so that every node the matchers
//! see has its own states, and each copy of a subexpression its own span.
use crate::list::{Buf, NoSpace};

/// A node's index in [`Tree::nodes`].
pub(crate) type NodeId = u32;

/// An unbounded repetition's `max`.
pub(crate) const UNBOUNDED: u16 = u16::MAX;

/// A zero-width assertion about the place between two characters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Assert {
    /// `^`: the subject's start (unless `REG_NOTBOL`), or after a newline with `REG_NEWLINE`.
    LineStart,
    /// `$`: the subject's end (unless `REG_NOTEOL`), or before a newline with `REG_NEWLINE`.
    LineEnd,
    /// `\<`: a word character follows, none precedes.
    WordStart,
    /// `\>`: a word character precedes, none follows.
    WordEnd,
    /// `\b`: the subject's start or end, or between a word character and another.
    Boundary,
    /// `\B`: inside the subject, between two word characters or two others.
    NotBoundary,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Node {
    /// Matches the empty string.
    Empty,
    /// One character: `c`, or with `REG_ICASE` also `other` (its other case).
    Char { c: u32, other: u32 },
    /// `.`: any character (but a newline under `REG_NEWLINE`).
    Any,
    /// A bracket expression or a class escape: the index of its set.
    Set(u32),
    Assert(Assert),
    /// `\n` in a BRE: what subexpression `n` (1-based) matched.
    Backref(u16),
    /// Subexpression `n` (1-based) around a node.
    Group(u16, NodeId),
    /// The nodes `kids[first..first + len]` one after another.
    Cat { first: u32, len: u32 },
    /// One of the nodes `kids[first..first + len]`.
    Alt { first: u32, len: u32 },
    /// Any number of matches of a node, zero too. `extra` when it follows a repetition's
    /// mandatory copies (`X+` is `X X*`): an empty span then takes no iteration.
    Star { node: NodeId, extra: bool },
    /// A node or nothing: `X?`, and each optional copy of an interval (`extra` after the
    /// first copy, as for `Star`).
    Opt { node: NodeId, extra: bool },
    /// Between `min` and `max` ([`UNBOUNDED`]: no limit) matches of a node; only before
    /// `lower` runs.
    Repeat { node: NodeId, min: u16, max: u16 },
}

/// The nodes and the lists of children of `Cat` and `Alt` nodes.
pub(crate) struct Tree {
    pub(crate) nodes: Buf<Node>,
    pub(crate) kids: Buf<NodeId>,
    pub(crate) root: NodeId,
}

impl Tree {
    pub(crate) const fn new() -> Tree {
        Tree { nodes: Buf::new(), kids: Buf::new(), root: 0 }
    }

    pub(crate) fn add(&mut self, n: Node) -> Result<NodeId, NoSpace> {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(n)?;
        Ok(id)
    }

    /// A `Cat` or `Alt` of `list` (`cat` says which); one node stands for itself, none for
    /// [`Node::Empty`].
    pub(crate) fn list(&mut self, list: &[NodeId], cat: bool) -> Result<NodeId, NoSpace> {
        match list {
            [] => self.add(Node::Empty),
            [one] => Ok(*one),
            _ => {
                let first = self.kids.len() as u32;
                for &k in list {
                    self.kids.push(k)?;
                }
                let len = list.len() as u32;
                self.add(if cat { Node::Cat { first, len } } else { Node::Alt { first, len } })
            }
        }
    }

    /// The children of a `Cat` or `Alt` node.
    pub(crate) fn kids(&self, first: u32, len: u32) -> &[NodeId] {
        &self.kids[first as usize..(first + len) as usize]
    }
}
