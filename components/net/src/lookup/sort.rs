//! Ordering a lookup's addresses by RFC 6724's destination address selection, as musl and
//! glibc do: for each destination the kernel is asked which source address it would use
//! (a UDP socket connected to it, then `getsockname`; nothing is sent), and the rules then
//! compare the pairs:
//! 1. a destination with no route last;
//! 2. matching scope between source and destination first;
//! 5. matching label (the policy table's) first;
//! 6. higher precedence first;
//! 8. smaller scope first;
//! 9. longer prefix shared with the source first (IPv6 destinations only, as glibc);
//! 10. otherwise the order found (the sort is stable).
//!
//! IPv4 addresses take part as IPv4-mapped IPv6 ones, as the RFC says.
use core::cmp::Ordering;
use core::ffi::c_int;

use limpet_abi::fcntl::O_CLOEXEC;
use limpet_abi::socket::{AF_INET, AF_INET6, SOCK_DGRAM};
use limpet_syscall::{nr, result, syscall3};

use super::name::Address;

/// The default policy table (RFC 6724 section 2.1): prefix, its length, precedence, label.
const POLICY: &[([u8; 16], u32, u8, u8)] = &[
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, 50, 0),
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0], 96, 35, 4),
    ([0x20, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 16, 30, 2),
    ([0x20, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 32, 5, 5),
    ([0xfc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 7, 3, 13),
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, 1, 3),
    ([0xfe, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 10, 1, 11),
    ([0x3f, 0xfe, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 16, 1, 12),
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0, 40, 1),
];

/// The bits `a` and `b` share from the top.
fn common_prefix(a: &[u8; 16], b: &[u8; 16]) -> u32 {
    let mut bits = 0;
    for (x, y) in a.iter().zip(b) {
        let d = x ^ y;
        if d != 0 {
            return bits + d.leading_zeros();
        }
        bits += 8;
    }
    bits
}

/// The policy table's precedence and label for `a` (IPv6, or IPv4-mapped).
fn policy(a: &[u8; 16]) -> (u8, u8) {
    POLICY.iter().find(|p| common_prefix(a, &p.0) >= p.1).map_or((40, 1), |p| (p.2, p.3))
}

/// The scope of `a`: multicast's own, 2 for link-local and loopback, 5 for site-local,
/// 14 (global) else.
fn scope(a: &[u8; 16]) -> u8 {
    if a[0] == 0xff {
        return a[1] & 0xf;
    }
    let mapped = a[..12] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
    if mapped {
        return if a[12] == 127 || (a[12] == 169 && a[13] == 254) { 2 } else { 14 };
    }
    if a[..15] == [0; 15] && a[15] == 1 || a[0] == 0xfe && a[1] & 0xc0 == 0x80 {
        2
    } else if a[0] == 0xfe && a[1] & 0xc0 == 0xc0 {
        5
    } else {
        14
    }
}

/// The source address the kernel would use to reach `a`, as IPv6, if any.
fn source(a: &Address) -> Option<[u8; 16]> {
    // SAFETY: socket takes no pointer.
    let fd = result(unsafe { syscall3(nr::SOCKET, a.family as usize, (SOCK_DGRAM | O_CLOEXEC) as usize, 0) }).ok()? as c_int;
    let r = source_of(fd, a);
    limpet_syscall::unistd::close(fd);
    r
}

fn source_of(fd: c_int, a: &Address) -> Option<[u8; 16]> {
    // Any port will do: connecting a UDP socket sends nothing.
    let (dst, len) = a.sockaddr(65535);
    // SAFETY: a socket address of `len` bytes.
    result(unsafe { syscall3(nr::CONNECT, fd as usize, &raw const dst as usize, len) }).ok()?;
    let mut src = dst;
    let mut slen = len as u32;
    // SAFETY: `src` has room for `slen` bytes of the same family's address.
    result(unsafe { syscall3(nr::GETSOCKNAME, fd as usize, &raw mut src as usize, &raw mut slen as usize) }).ok()?;
    // SAFETY: the kernel wrote an address of `a`'s family.
    let addr = unsafe {
        if a.family == AF_INET {
            let mut b = [0u8; 16];
            b[..4].copy_from_slice(&src.v4.sin_addr.s_addr.to_ne_bytes());
            b
        } else {
            src.v6.sin6_addr.s6_addr
        }
    };
    Some(Address { family: a.family, addr, scope: 0 }.mapped())
}

/// What the rules compare for one destination.
#[derive(Clone, Copy)]
struct Key {
    reachable: bool,
    scope_match: bool,
    label_match: bool,
    precedence: u8,
    scope: u8,
    prefix: u32,
}

fn key(a: &Address) -> Key {
    let d = a.mapped();
    let (precedence, label) = policy(&d);
    let scope_d = scope(&d);
    match source(a) {
        None => Key { reachable: false, scope_match: false, label_match: false, precedence, scope: scope_d, prefix: 0 },
        Some(s) => Key {
            reachable: true,
            scope_match: scope(&s) == scope_d,
            label_match: policy(&s).1 == label,
            precedence,
            scope: scope_d,
            prefix: if a.family == AF_INET6 { common_prefix(&s, &d) } else { 0 },
        },
    }
}

fn compare(x: &Key, y: &Key) -> Ordering {
    y.reachable
        .cmp(&x.reachable)
        .then(y.scope_match.cmp(&x.scope_match))
        .then(y.label_match.cmp(&x.label_match))
        .then(y.precedence.cmp(&x.precedence))
        .then(x.scope.cmp(&y.scope))
        .then(y.prefix.cmp(&x.prefix))
}

/// Orders `addrs` by the rules (stable).
pub fn sort(addrs: &mut [Address]) {
    if addrs.len() < 2 || addrs.iter().all(|a| a.family == AF_INET) {
        return;
    }
    let mut keyed = [(Key { reachable: false, scope_match: false, label_match: false, precedence: 0, scope: 0, prefix: 0 }, Address::default()); super::name::MAXADDRS];
    let n = addrs.len().min(keyed.len());
    for (k, a) in keyed.iter_mut().zip(addrs.iter()) {
        *k = (key(a), *a);
    }
    // Insertion sort: stable, and the lists are short.
    for i in 1..n {
        let mut j = i;
        while j > 0 && compare(&keyed[j - 1].0, &keyed[j].0) == Ordering::Greater {
            keyed.swap(j - 1, j);
            j -= 1;
        }
    }
    for (a, k) in addrs.iter_mut().zip(&keyed[..n]) {
        *a = k.1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_and_scope() {
        let lo6 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(policy(&lo6), (50, 0));
        let v4 = Address { family: AF_INET, addr: [10, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], scope: 0 }.mapped();
        assert_eq!(policy(&v4), (35, 4));
        assert_eq!(scope(&v4), 14);
        let lo4 = Address { family: AF_INET, addr: [127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], scope: 0 }.mapped();
        assert_eq!(scope(&lo4), 2);
        assert_eq!(scope(&lo6), 2);
        let g = [0x20, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(policy(&g), (5, 5));
        assert_eq!(policy(&[0x24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]), (40, 1));
        assert_eq!(common_prefix(&lo6, &g), 2);
    }

    #[test]
    fn loopback_sorts_stably() {
        let mut a = [
            Address { family: AF_INET, addr: [127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], scope: 0 },
            Address { family: AF_INET6, addr: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], scope: 0 },
        ];
        sort(&mut a);
        // ::1 has precedence 50 against 35 for 127.0.0.1, when both are reachable.
        if key(&a[1]).reachable {
            assert_eq!(a[0].family, AF_INET6);
        }
    }
}
