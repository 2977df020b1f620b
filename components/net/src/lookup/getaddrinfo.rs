//! `getaddrinfo` and `freeaddrinfo`, with musl's choices where POSIX leaves room:
//! - the host: a numeric address (`inet_aton`'s IPv4 forms, IPv6 with `%scope`), else
//!   /etc/hosts, else DNS ([`super::name`]); none: the loopback addresses, or with
//!   `AI_PASSIVE` the wildcard ones;
//! - the service: a decimal port, else (unless `AI_NUMERICSERV`) /etc/services; one entry
//!   per socket type (TCP and UDP when no type is asked for); a raw socket takes no
//!   service, and another type is `EAI_SOCKTYPE`, as in glibc (musl accepts any type);
//! - `AI_CANONNAME` without a host is `EAI_BADFLAGS` (RFC 3493 and glibc; musl takes it);
//! - `AI_V4MAPPED` with `AF_INET6`: IPv4 results mapped (`::ffff:a.b.c.d`) when there is no
//!   IPv6 one, or always beside them with `AI_ALL`; `AI_ADDRCONFIG`: a family counts only
//!   when a socket of it can reach its loopback address;
//! - the addresses ordered by RFC 6724 ([`super::sort`]), each paired with every service;
//! - `ai_canonname` (with `AI_CANONNAME`) on every entry, pointing at one copy.
//!
//! The list is one allocation; each entry knows its index in it, so `freeaddrinfo` can be
//! given the list's head (or, as musl allows, its sublists in turn): the block is freed when
//! every entry has been given back.
use core::ffi::{CStr, c_char, c_int};
use core::mem::size_of;

use limpet_abi::fcntl::O_CLOEXEC;
use limpet_abi::netdb::{
    AI_ADDRCONFIG, AI_ALL, AI_CANONNAME, AI_NUMERICHOST, AI_NUMERICSERV, AI_PASSIVE, AI_V4MAPPED, Addrinfo,
    EAI_AGAIN, EAI_BADFLAGS, EAI_FAIL, EAI_FAMILY, EAI_MEMORY, EAI_NODATA, EAI_NONAME, EAI_SERVICE, EAI_SOCKTYPE,
    EAI_SYSTEM,
};
use limpet_abi::socket::{
    AF_INET, AF_INET6, AF_UNSPEC, IPPROTO_TCP, IPPROTO_UDP, SOCK_DGRAM, SOCK_RAW, SOCK_STREAM, Sockaddr,
};
use limpet_syscall::errno::{EADDRNOTAVAIL, EAFNOSUPPORT, EHOSTUNREACH, ENETDOWN, ENETUNREACH};
use limpet_syscall::{nr, result, set_errno, syscall3};

use super::name::{Address, Failure, Found, lookup};
use super::sort::sort;
use crate::addr::SockaddrInet;
use crate::db::services::{Proto, port_by_name};
use crate::imports::{free, malloc};

/// The flags `getaddrinfo` knows.
const KNOWN_FLAGS: c_int = AI_PASSIVE | AI_CANONNAME | AI_NUMERICHOST | AI_V4MAPPED | AI_ALL | AI_ADDRCONFIG | AI_NUMERICSERV;
/// Services per lookup at most (TCP and UDP).
const MAXSERVS: usize = 2;

/// A service: socket type, protocol, port (host order).
#[derive(Clone, Copy, Default)]
struct Service {
    socktype: c_int,
    protocol: c_int,
    port: u16,
}

/// The services `serv` names for `socktype` and `protocol`; the count, or an `EAI_*`.
fn services(serv: Option<&[u8]>, socktype: c_int, protocol: c_int, flags: c_int, out: &mut [Service; MAXSERVS]) -> Result<usize, c_int> {
    // The protocol a type implies, and whether the pair is consistent.
    let protocol = match (socktype, protocol) {
        (SOCK_STREAM, 0) => IPPROTO_TCP,
        (SOCK_DGRAM, 0) => IPPROTO_UDP,
        (SOCK_STREAM, IPPROTO_TCP) | (SOCK_DGRAM, IPPROTO_UDP) | (0, _) => protocol,
        (SOCK_STREAM | SOCK_DGRAM, _) => return Err(EAI_SERVICE),
        (SOCK_RAW, _) => {
            // A raw socket has no port to speak of.
            if serv.is_some() {
                return Err(EAI_SERVICE);
            }
            out[0] = Service { socktype, protocol, port: 0 };
            return Ok(1);
        }
        // Types with no address family of their own here (glibc's EAI_SOCKTYPE; musl
        // accepts any and gives EAI_SERVICE only with a service).
        _ => return Err(EAI_SOCKTYPE),
    };
    let want_tcp = protocol != IPPROTO_UDP;
    let want_udp = protocol != IPPROTO_TCP;
    let name = serv.unwrap_or(b"0");
    if name.is_empty() {
        return Err(EAI_SERVICE);
    }
    let mut n = 0;
    let mut add = |socktype, protocol, port| {
        out[n] = Service { socktype, protocol, port };
        n += 1;
    };
    if name.iter().all(u8::is_ascii_digit) {
        let port = name.iter().try_fold(0u32, |v, &c| Some(v * 10 + u32::from(c - b'0')).filter(|&v| v <= 65535));
        let Some(port) = port else { return Err(EAI_SERVICE) };
        if want_tcp {
            add(SOCK_STREAM, IPPROTO_TCP, port as u16);
        }
        if want_udp {
            add(SOCK_DGRAM, IPPROTO_UDP, port as u16);
        }
        return Ok(n);
    }
    if flags & AI_NUMERICSERV != 0 {
        return Err(EAI_NONAME);
    }
    if want_tcp
        && let Some(p) = port_by_name(name, Proto::Tcp) {
            add(SOCK_STREAM, IPPROTO_TCP, p);
        }
    if want_udp
        && let Some(p) = port_by_name(name, Proto::Udp) {
            add(SOCK_DGRAM, IPPROTO_UDP, p);
        }
    if n == 0 { Err(EAI_SERVICE) } else { Ok(n) }
}

/// Whether a socket of `family` can reach that family's loopback address: musl's test of
/// "an address of the family is configured". `Err` for an unexpected failure.
fn family_usable(family: c_int) -> Result<bool, ()> {
    // SAFETY: socket takes no pointer.
    let fd = match result(unsafe { syscall3(nr::SOCKET, family as usize, (SOCK_DGRAM | O_CLOEXEC) as usize, IPPROTO_UDP as usize) }) {
        Ok(fd) => fd as c_int,
        Err(EAFNOSUPPORT) => return Ok(false),
        Err(_) => return Err(()),
    };
    // Loopback, at a port no one listens on: connecting a UDP socket sends nothing.
    let mut lo = Address { family, ..Default::default() };
    if family == AF_INET {
        lo.addr[..4].copy_from_slice(&[127, 0, 0, 1]);
    } else {
        lo.addr[15] = 1;
    }
    let (a, len) = lo.sockaddr(65535);
    // SAFETY: a socket address of `len` bytes.
    let r = result(unsafe { syscall3(nr::CONNECT, fd as usize, &raw const a as usize, len) });
    limpet_syscall::unistd::close(fd);
    match r {
        Ok(_) => Ok(true),
        Err(EADDRNOTAVAIL | EAFNOSUPPORT | EHOSTUNREACH | ENETDOWN | ENETUNREACH) => Ok(false),
        Err(_) => Err(()),
    }
}

/// One entry of the list, and the index that leads back to the block's start.
#[repr(C)]
struct Entry {
    ai: Addrinfo,
    sa: SockaddrInet,
    slot: usize,
}

/// The block's header: how many entries have not been given back yet.
#[repr(C)]
struct Block {
    live: usize,
}

/// Builds the list of `addrs` × `servs` in one block; null when memory runs out.
fn build(addrs: &[Address], servs: &[Service], canon: Option<&[u8]>) -> *mut Addrinfo {
    let n = addrs.len() * servs.len();
    let entries = size_of::<Block>() + n * size_of::<Entry>();
    let canon_len = canon.map_or(0, |c| c.len() + 1);
    // SAFETY: malloc returns null or room for the block.
    let block = unsafe { malloc(entries + canon_len) }.cast::<Block>();
    if block.is_null() {
        return core::ptr::null_mut();
    }
    // SAFETY: the block has room for its header, `n` entries and the name.
    unsafe {
        block.write(Block { live: n });
        let first = block.add(1).cast::<Entry>();
        let name = match canon {
            Some(c) => {
                let p = first.add(n).cast::<u8>();
                core::ptr::copy_nonoverlapping(c.as_ptr(), p, c.len());
                p.add(c.len()).write(0);
                p.cast::<c_char>()
            }
            None => core::ptr::null_mut(),
        };
        let mut k = 0;
        for a in addrs {
            for s in servs {
                let e = first.add(k);
                let (sa, len) = a.sockaddr(s.port);
                e.write(Entry {
                    ai: Addrinfo {
                        ai_flags: 0,
                        ai_family: a.family,
                        ai_socktype: s.socktype,
                        ai_protocol: s.protocol,
                        ai_addrlen: len as u32,
                        ai_addr: (&raw mut (*e).sa).cast::<Sockaddr>(),
                        ai_canonname: name,
                        ai_next: if k + 1 < n { first.add(k + 1).cast() } else { core::ptr::null_mut() },
                    },
                    sa,
                    slot: k,
                });
                k += 1;
            }
        }
        first.cast()
    }
}

/// The `EAI_*` code for a failed lookup.
fn eai(f: Failure) -> c_int {
    match f {
        Failure::NoName => EAI_NONAME,
        Failure::NoData => EAI_NODATA,
        Failure::Again => EAI_AGAIN,
        Failure::Fail => EAI_FAIL,
    }
}

/// Maps IPv4 results into IPv6 for `AI_V4MAPPED` (dropping them when IPv6 ones exist,
/// unless `AI_ALL`).
fn map_v4(found: &mut Found, all: bool) {
    let any_v6 = found.addrs[..found.n].iter().any(|a| a.family == AF_INET6);
    let mut kept = 0;
    for i in 0..found.n {
        let mut a = found.addrs[i];
        if a.family == AF_INET {
            if any_v6 && !all {
                continue;
            }
            a = Address { family: AF_INET6, addr: a.mapped(), scope: 0 };
        }
        found.addrs[kept] = a;
        kept += 1;
    }
    found.n = kept;
}

/// The heart of `getaddrinfo`, in Rust terms: the list, or an `EAI_*` code.
pub fn getaddrinfo_list(host: Option<&[u8]>, serv: Option<&[u8]>, hints: Option<&Addrinfo>) -> Result<*mut Addrinfo, c_int> {
    let (mut flags, family, socktype, protocol) = hints.map_or((0, AF_UNSPEC, 0, 0), |h| (h.ai_flags, h.ai_family, h.ai_socktype, h.ai_protocol));
    if flags & !KNOWN_FLAGS != 0 {
        return Err(EAI_BADFLAGS);
    }
    if !matches!(family, AF_UNSPEC | AF_INET | AF_INET6) {
        return Err(EAI_FAMILY);
    }
    if host.is_none() && serv.is_none() {
        return Err(EAI_NONAME);
    }
    // A canonical name needs a host to be the name of (RFC 3493, and glibc).
    if host.is_none() && flags & AI_CANONNAME != 0 {
        return Err(EAI_BADFLAGS);
    }
    let mut servs = [Service::default(); MAXSERVS];
    let nservs = services(serv, socktype, protocol, flags, &mut servs)?;

    // AI_ADDRCONFIG narrows the family to those configured.
    let mut lookup_family = family;
    let mut no_family = false;
    if flags & AI_ADDRCONFIG != 0 {
        for f in [AF_INET, AF_INET6] {
            let other = if f == AF_INET { AF_INET6 } else { AF_INET };
            if family == other {
                continue;
            }
            match family_usable(f) {
                Ok(true) => {}
                Ok(false) => {
                    if family == f {
                        no_family = true;
                    }
                    lookup_family = other;
                }
                Err(()) => return Err(EAI_SYSTEM),
            }
        }
    }
    let v4mapped = flags & AI_V4MAPPED != 0 && family == AF_INET6;
    if !v4mapped {
        flags &= !AI_V4MAPPED;
    }
    if v4mapped && lookup_family == AF_INET6 {
        lookup_family = AF_UNSPEC;
    }

    let mut found = Found::default();
    match host {
        None => {
            let passive = flags & AI_PASSIVE != 0;
            if lookup_family != AF_INET6 {
                let addr = if passive { [0; 16] } else { [127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
                found.addrs[found.n] = Address { family: AF_INET, addr, scope: 0 };
                found.n += 1;
            }
            if lookup_family != AF_INET {
                let mut addr = [0u8; 16];
                addr[15] = u8::from(!passive);
                found.addrs[found.n] = Address { family: AF_INET6, addr, scope: 0 };
                found.n += 1;
            }
        }
        Some(name) => lookup(name, lookup_family, flags & AI_NUMERICHOST != 0, &mut found).map_err(eai)?,
    }
    if no_family {
        return Err(EAI_NODATA);
    }
    if v4mapped {
        map_v4(&mut found, flags & AI_ALL != 0);
    }
    if found.n == 0 {
        return Err(EAI_NONAME);
    }
    sort(&mut found.addrs[..found.n]);
    let canon = (flags & AI_CANONNAME != 0 && found.canon_len > 0).then(|| found.canon());
    let list = build(&found.addrs[..found.n], &servs[..nservs], canon);
    if list.is_null() { Err(EAI_MEMORY) } else { Ok(list) }
}

/// The bytes of an optional C string.
///
/// # Safety
/// `s` must be null or NUL-terminated.
unsafe fn opt<'a>(s: *const c_char) -> Option<&'a [u8]> {
    // SAFETY: forwarded.
    (!s.is_null()).then(|| unsafe { CStr::from_ptr(s) }.to_bytes())
}

/// `getaddrinfo(host, serv, hints, res)`—The addresses of `host` for service `serv` (see
/// the module docs) as a list into `*res`; 0, or an `EAI_*` code (`EAI_SYSTEM` with errno).
///
/// # Safety
/// `host` and `serv` must be null or NUL-terminated strings, `hints` null or valid, `res`
/// writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getaddrinfo(host: *const c_char, serv: *const c_char, hints: *const Addrinfo, res: *mut *mut Addrinfo) -> c_int {
    // SAFETY: the caller's strings and hints, as vouched for.
    let r = unsafe { getaddrinfo_list(opt(host), opt(serv), hints.as_ref()) };
    match r {
        Ok(list) => {
            // SAFETY: the caller vouches for `res`.
            unsafe { *res = list };
            0
        }
        Err(e) => {
            if e == EAI_MEMORY {
                set_errno(limpet_syscall::errno::ENOMEM);
            }
            e
        }
    }
}

/// `freeaddrinfo(ai)`—Gives back `ai` and the entries after it; the list's allocation is
/// freed once all its entries have been given back.
///
/// # Safety
/// `ai` must be null or an entry of a list from `getaddrinfo` not yet given back.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn freeaddrinfo(ai: *mut Addrinfo) {
    if ai.is_null() {
        return;
    }
    let mut given = 0;
    let mut p = ai;
    while !p.is_null() {
        given += 1;
        // SAFETY: entries of one list from `getaddrinfo`.
        p = unsafe { (*p).ai_next };
    }
    let e = ai.cast::<Entry>();
    // SAFETY: every entry sits in its block at index `slot`, after the block's header.
    unsafe {
        let block = e.sub((*e).slot).cast::<Block>().sub(1);
        (*block).live = (*block).live.saturating_sub(given);
        if (*block).live == 0 {
            free(block.cast());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use limpet_abi::socket::SockaddrIn;

    fn list(host: Option<&str>, serv: Option<&str>, hints: Option<Addrinfo>) -> Result<Vec<(c_int, c_int, c_int, u16)>, c_int> {
        let head = getaddrinfo_list(host.map(str::as_bytes), serv.map(str::as_bytes), hints.as_ref())?;
        let mut out = Vec::new();
        let mut p = head;
        while !p.is_null() {
            // SAFETY: the list just made; ai_addr holds a sockaddr_in or _in6.
            unsafe {
                let a = &*p;
                let port = u16::from_be((*a.ai_addr.cast::<SockaddrIn>()).sin_port);
                out.push((a.ai_family, a.ai_socktype, a.ai_protocol, port));
                p = a.ai_next;
            }
        }
        // SAFETY: the list's head.
        unsafe { freeaddrinfo(head) };
        Ok(out)
    }

    fn hints(flags: c_int, family: c_int, socktype: c_int, protocol: c_int) -> Option<Addrinfo> {
        Some(Addrinfo {
            ai_flags: flags,
            ai_family: family,
            ai_socktype: socktype,
            ai_protocol: protocol,
            ai_addrlen: 0,
            ai_addr: core::ptr::null_mut(),
            ai_canonname: core::ptr::null_mut(),
            ai_next: core::ptr::null_mut(),
        })
    }

    #[test]
    fn numeric_hosts_and_ports() {
        let r = list(Some("10.1.2.3"), Some("80"), None).unwrap();
        assert_eq!(r, [(AF_INET, SOCK_STREAM, IPPROTO_TCP, 80), (AF_INET, SOCK_DGRAM, IPPROTO_UDP, 80)]);
        let r = list(Some("::1"), Some("53"), hints(0, AF_INET6, SOCK_DGRAM, 0)).unwrap();
        assert_eq!(r, [(AF_INET6, SOCK_DGRAM, IPPROTO_UDP, 53)]);
        let r = list(None, Some("7"), hints(AI_PASSIVE, AF_INET, SOCK_STREAM, 0)).unwrap();
        assert_eq!(r, [(AF_INET, SOCK_STREAM, IPPROTO_TCP, 7)]);
        let r = list(Some("1.2.3.4"), None, hints(AI_V4MAPPED, AF_INET6, SOCK_STREAM, 0)).unwrap();
        assert_eq!(r, [(AF_INET6, SOCK_STREAM, IPPROTO_TCP, 0)]);
    }

    #[test]
    fn errors() {
        assert_eq!(list(None, None, None), Err(EAI_NONAME));
        assert_eq!(list(Some("1.2.3.4"), Some("70000"), None), Err(EAI_SERVICE));
        assert_eq!(list(Some("1.2.3.4"), Some("x"), hints(AI_NUMERICSERV, 0, 0, 0)), Err(EAI_NONAME));
        assert_eq!(list(Some("1.2.3.4"), None, hints(0x4000, 0, 0, 0)), Err(EAI_BADFLAGS));
        assert_eq!(list(Some("1.2.3.4"), None, hints(0, 99, 0, 0)), Err(EAI_FAMILY));
        assert_eq!(list(Some("1.2.3.4"), Some("1"), hints(0, 0, SOCK_STREAM, IPPROTO_UDP)), Err(EAI_SERVICE));
        assert_eq!(list(Some("not a name"), None, None), Err(EAI_NONAME));
        assert_eq!(list(Some("host"), None, hints(AI_NUMERICHOST, 0, 0, 0)), Err(EAI_NONAME));
    }

    #[test]
    fn sublists_free_the_block_once() {
        let head = getaddrinfo_list(Some(b"127.0.0.1"), Some(b"1"), None).unwrap();
        // SAFETY: the list's second entry, then its head (which no longer reaches the second).
        unsafe {
            let second = (*head).ai_next;
            assert!(!second.is_null());
            (*head).ai_next = core::ptr::null_mut();
            freeaddrinfo(second);
            freeaddrinfo(head);
        }
    }
}
