//! Repetitions expanded into copies (`X{2,4}` is `X X X? X?`, `X+` is `X X*`), so that
//! each copy of a subexpression has its own states and its own span when the matchers
//! place it; and the facts about each node the matchers ask for.
//!
//! The expanded tree is bounded: at most [`MAX_NODES`] nodes and [`MAX_TREE_DEPTH`] deep,
//! `REG_ESPACE` otherwise, checked as it grows, so a pattern such as
//! `(((a{255}){255}){255})` is refused after a bounded amount of work and memory.
use super::Error;
use super::ast::{Node, NodeId, Tree, UNBOUNDED};
use crate::list::Buf;

/// The most nodes an expanded pattern may have (each becomes one or two states).
pub(crate) const MAX_NODES: usize = 1 << 17;
/// The deepest an expanded tree may be: it bounds the recursion of the compiler and of
/// the submatch search.
pub(crate) const MAX_TREE_DEPTH: u32 = 600;

/// The expanded tree, and per node the subexpressions inside it (`lo..=hi`, both 0 when
/// none; subexpressions are numbered in the order they open, so a subtree's are
/// consecutive).
pub(crate) struct Lowered {
    pub(crate) tree: Tree,
    pub(crate) groups: Buf<(u16, u16)>,
}

/// The depth of every node of `t` is below `limit` (children come before their parents in
/// the array, so one pass sees every child first).
fn check_depth(t: &Tree, limit: u32) -> Result<(), Error> {
    let mut depth: Buf<u32> = Buf::filled(t.nodes.len(), 1)?;
    for id in 0..t.nodes.len() {
        let d = match t.nodes[id] {
            Node::Group(_, x) | Node::Star { node: x, .. } | Node::Opt { node: x, .. } | Node::Repeat { node: x, .. } => {
                depth[x as usize] + 1
            }
            Node::Cat { first, len } | Node::Alt { first, len } => {
                t.kids(first, len).iter().map(|&k| depth[k as usize]).max().unwrap_or(0) + 1
            }
            _ => 1,
        };
        if d > limit {
            return Err(Error::Space);
        }
        depth[id] = d;
    }
    Ok(())
}

/// Expands `src` (a parsed tree).
pub(crate) fn lower(src: &Tree) -> Result<Lowered, Error> {
    check_depth(src, MAX_TREE_DEPTH / 3)?;
    let mut out = Lowered { tree: Tree::new(), groups: Buf::new() };
    let root = copy(src, src.root, &mut out)?;
    out.tree.root = root;
    check_depth(&out.tree, MAX_TREE_DEPTH)?;
    Ok(out)
}

fn add(out: &mut Lowered, n: Node, groups: (u16, u16)) -> Result<NodeId, Error> {
    if out.tree.nodes.len() >= MAX_NODES {
        return Err(Error::Space);
    }
    out.groups.push(groups)?;
    Ok(out.tree.add(n)?)
}

/// The subexpressions of `a` and `b` together.
fn join(a: (u16, u16), b: (u16, u16)) -> (u16, u16) {
    match (a, b) {
        ((0, _), x) | (x, (0, _)) => x,
        ((alo, ahi), (blo, bhi)) => (alo.min(blo), ahi.max(bhi)),
    }
}

fn copy(src: &Tree, id: NodeId, out: &mut Lowered) -> Result<NodeId, Error> {
    match src.nodes[id as usize] {
        Node::Group(n, x) => {
            let inner = copy(src, x, out)?;
            let g = join((n, n), out.groups[inner as usize]);
            add(out, Node::Group(n, inner), g)
        }
        Node::Cat { first, len } | Node::Alt { first, len } => {
            let cat = matches!(src.nodes[id as usize], Node::Cat { .. });
            let mut kids: Buf<NodeId> = Buf::new();
            for &k in src.kids(first, len) {
                kids.push(copy(src, k, out)?)?;
            }
            list(out, &kids, cat)
        }
        Node::Repeat { node, min, max } => {
            let mut kids: Buf<NodeId> = Buf::new();
            for _ in 0..min {
                kids.push(copy(src, node, out)?)?;
            }
            let extra = min > 0;
            if max == UNBOUNDED {
                let x = copy(src, node, out)?;
                kids.push(add(out, Node::Star { node: x, extra }, out.groups[x as usize])?)?;
            } else {
                for i in min..max {
                    let x = copy(src, node, out)?;
                    let extra = extra || i > min;
                    kids.push(add(out, Node::Opt { node: x, extra }, out.groups[x as usize])?)?;
                }
            }
            list(out, &kids, true)
        }
        n => add(out, n, (0, 0)),
    }
}

/// `Tree::list` with the subexpressions recorded.
fn list(out: &mut Lowered, kids: &[NodeId], cat: bool) -> Result<NodeId, Error> {
    if let [one] = kids {
        return Ok(*one);
    }
    let g = kids.iter().fold((0, 0), |g, &k| join(g, out.groups[k as usize]));
    if out.tree.nodes.len() >= MAX_NODES {
        return Err(Error::Space);
    }
    let id = out.tree.list(kids, cat)?;
    out.groups.push(g)?;
    Ok(id)
}
