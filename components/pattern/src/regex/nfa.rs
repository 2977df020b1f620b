//! Thompson automata over characters, built from the expanded tree twice: forward, for
//! the search and for placing a node's end, and reversed (every concatenation backwards),
//! for finding where a node may start given where it ends.
//!
//! Every node has a fragment in each: an entry state and an exit state (a `Nop` that the
//! node's successor is linked from), so that a simulation can run one node alone, from its
//! entry until its exit. Subexpressions take no state: a group's fragment is its
//! contents'.
use super::Error;
use super::ast::{Assert, Node, NodeId, Tree};
use crate::list::Buf;

/// A state's index.
pub(crate) type StateId = u32;

/// Not yet linked.
const UNLINKED: StateId = StateId::MAX;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    /// Consumes `c` or `other`.
    Char(u32, u32),
    /// Consumes any character (a newline only without `REG_NEWLINE`).
    Any,
    /// Consumes a character of a set.
    Set(u32),
    /// Goes on to both `next` and `alt`.
    Split,
    /// Goes on to `next` where the assertion holds.
    Assert(Assert),
    /// Goes on to `next`.
    Nop,
    /// Records the place in capture slot `n` (only in the automaton of a pattern with
    /// back-references).
    Save(u32),
    /// Consumes what subexpression `n` matched (likewise).
    Backref(u16),
    /// The whole pattern has matched.
    Match,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub(crate) op: Op,
    pub(crate) next: StateId,
    pub(crate) alt: StateId,
}

/// One automaton: its states, where it starts, and each node's fragment.
pub(crate) struct Nfa {
    pub(crate) states: Buf<State>,
    pub(crate) start: StateId,
    /// Per node: (entry, exit).
    pub(crate) frags: Buf<(StateId, StateId)>,
    saves: bool,
}

impl Nfa {
    /// The automaton of `tree`, `reversed` or not; with `saves`, subexpressions record
    /// where they start and end and back-references are states.
    pub(crate) fn build(tree: &Tree, reversed: bool, saves: bool) -> Result<Nfa, Error> {
        let mut nfa = Nfa { states: Buf::new(), start: 0, frags: Buf::filled(tree.nodes.len(), (0, 0))?, saves };
        let (entry, exit) = nfa.emit(tree, tree.root, reversed)?;
        let m = nfa.add(Op::Match, UNLINKED)?;
        nfa.states[exit as usize].next = m;
        nfa.start = entry;
        Ok(nfa)
    }

    /// An automaton with no states, where none is needed.
    pub(crate) const fn empty() -> Nfa {
        Nfa { states: Buf::new(), start: 0, frags: Buf::new(), saves: false }
    }

    fn add(&mut self, op: Op, next: StateId) -> Result<StateId, Error> {
        let id = self.states.len() as StateId;
        self.states.push(State { op, next, alt: UNLINKED })?;
        Ok(id)
    }

    /// A consuming or asserting state and the `Nop` after it.
    fn single(&mut self, op: Op) -> Result<(StateId, StateId), Error> {
        let exit = self.add(Op::Nop, UNLINKED)?;
        Ok((self.add(op, exit)?, exit))
    }

    fn emit(&mut self, tree: &Tree, id: NodeId, reversed: bool) -> Result<(StateId, StateId), Error> {
        let frag = match tree.nodes[id as usize] {
            Node::Backref(n) if self.saves => self.single(Op::Backref(n))?,
            Node::Group(n, x) if self.saves => {
                let (e, x) = self.emit(tree, x, reversed)?;
                let open = self.add(Op::Save(2 * n as u32), e)?;
                let close = self.add(Op::Save(2 * n as u32 + 1), UNLINKED)?;
                self.states[x as usize].next = close;
                (open, close)
            }
            Node::Empty | Node::Backref(_) => {
                let n = self.add(Op::Nop, UNLINKED)?;
                (n, n)
            }
            Node::Char { c, other } => self.single(Op::Char(c, other))?,
            Node::Any => self.single(Op::Any)?,
            Node::Set(s) => self.single(Op::Set(s))?,
            Node::Assert(a) => self.single(Op::Assert(a))?,
            Node::Group(_, x) => self.emit(tree, x, reversed)?,
            Node::Cat { first, len } => {
                let kids = tree.kids(first, len);
                let mut frag: Option<(StateId, StateId)> = None;
                for i in 0..kids.len() {
                    let k = if reversed { kids[kids.len() - 1 - i] } else { kids[i] };
                    let (entry, exit) = self.emit(tree, k, reversed)?;
                    frag = Some(match frag {
                        None => (entry, exit),
                        Some((first_entry, last_exit)) => {
                            self.states[last_exit as usize].next = entry;
                            (first_entry, exit)
                        }
                    });
                }
                frag.ok_or(Error::Space)?
            }
            Node::Alt { first, len } => {
                let exit = self.add(Op::Nop, UNLINKED)?;
                let kids = tree.kids(first, len);
                let mut entry = UNLINKED;
                // Built from the last alternative back, each split leading to one and to
                // the splits of the rest.
                for &k in kids.iter().rev() {
                    let (e, x) = self.emit(tree, k, reversed)?;
                    self.states[x as usize].next = exit;
                    entry = if entry == UNLINKED {
                        e
                    } else {
                        let s = self.add(Op::Split, e)?;
                        self.states[s as usize].alt = entry;
                        s
                    };
                }
                (entry, exit)
            }
            Node::Star { node, .. } | Node::Opt { node, .. } => {
                let star = matches!(tree.nodes[id as usize], Node::Star { .. });
                let exit = self.add(Op::Nop, UNLINKED)?;
                let (e, x) = self.emit(tree, node, reversed)?;
                let split = self.add(Op::Split, e)?;
                self.states[split as usize].alt = exit;
                self.states[x as usize].next = if star { split } else { exit };
                (split, exit)
            }
            Node::Repeat { .. } => return Err(Error::Space),
        };
        self.frags[id as usize] = frag;
        Ok(frag)
    }
}
