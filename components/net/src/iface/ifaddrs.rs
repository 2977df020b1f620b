//! `getifaddrs` and `freeifaddrs`: every link, then every IPv4 and IPv6 address, from two
//! rtnetlink dumps, in the kernel's order, with the entries musl gives:
//! - a link: its name, flags, its link-layer address as a `sockaddr_ll` (`AF_PACKET`) and
//!   its broadcast address in `ifa_broadaddr`, and its counters (`struct rtnl_link_stats`)
//!   in `ifa_data`;
//! - an address: the link's name (or the address's label) and flags, the address, the
//!   netmask made from the prefix length, and in `ifa_broadaddr`/`ifa_dstaddr` the
//!   broadcast address; failing that, for IPv4, the kernel's `IFA_ADDRESS` (the peer of a
//!   point-to-point link, else the address itself), for IPv6 the peer only. A link-local
//!   IPv6 address carries its interface's index as the scope.
//!
//! Each entry is one allocation holding the record, its addresses, its name and counters.
use core::ffi::c_int;
use core::mem::size_of;

use limpet_abi::netlink::{
    IFA_ADDRESS, IFA_BROADCAST, IFA_LABEL, IFA_LOCAL, IFLA_ADDRESS, IFLA_BROADCAST, IFLA_IFNAME, IFLA_STATS, Ifaddrmsg,
    Ifinfomsg, RTM_GETADDR, RTM_GETLINK, RTM_NEWADDR, RTM_NEWLINK,
};
use limpet_abi::socket::{AF_INET, AF_INET6, AF_PACKET, IF_NAMESIZE, Ifaddrs, In6Addr, InAddr, SockaddrIn, SockaddrIn6, SockaddrLl};
use limpet_syscall::errno::ENOMEM;
use limpet_syscall::set_errno;

use super::netlink::{attrs, dump, record};
use crate::imports::{calloc, free};

/// The words of `struct rtnl_link_stats` kept (the kernel's has 24 today; more are cut).
const STATS_WORDS: usize = 24;
const NAME_ROOM: usize = IF_NAMESIZE as usize + 1;

/// Room for any address an entry holds.
#[repr(C)]
#[derive(Clone, Copy)]
union Addr {
    v4: SockaddrIn,
    v6: SockaddrIn6,
    ll: SockaddrLl,
}

/// One entry and everything it points to.
#[repr(C)]
struct Entry {
    ifa: Ifaddrs,
    addr: Addr,
    netmask: Addr,
    ifu: Addr,
    name: [u8; NAME_ROOM],
    stats: [u32; STATS_WORDS],
    /// The link's index, to find it from its addresses.
    index: c_int,
    /// Whether this is a link's entry rather than an address's.
    link: bool,
}

/// The list being built: its head, where the next entry goes, and whether memory ran out.
struct Builder {
    head: *mut Entry,
    tail: *mut *mut Ifaddrs,
    oom: bool,
}

impl Builder {
    /// A zeroed entry, linked at the end of the list.
    fn push(&mut self) -> Option<&mut Entry> {
        // SAFETY: calloc returns null or a zeroed Entry (null pointers, zero addresses).
        let e = unsafe { calloc(1, size_of::<Entry>()) }.cast::<Entry>();
        if e.is_null() {
            self.oom = true;
            return None;
        }
        // SAFETY: `e` is a fresh, zeroed Entry; `tail` points at the list's last link.
        unsafe {
            (*e).ifa.ifa_name = (*e).name.as_mut_ptr().cast();
            *self.tail = e.cast();
            self.tail = &raw mut (*e).ifa.ifa_next;
            if self.head.is_null() {
                self.head = e;
            }
            Some(&mut *e)
        }
    }

    /// The link entry with index `index`.
    fn link(&self, index: c_int) -> Option<&Entry> {
        let mut p = self.head;
        while !p.is_null() {
            // SAFETY: `p` is an entry of the list, alive until freed.
            let e = unsafe { &*p };
            if e.link && e.index == index {
                return Some(e);
            }
            p = e.ifa.ifa_next.cast();
        }
        None
    }
}

fn copy_name(dst: &mut [u8; NAME_ROOM], src: &[u8]) {
    let text = src.split(|&c| c == 0).next().unwrap_or(&[]);
    let len = text.len().min(NAME_ROOM - 1);
    dst[..len].copy_from_slice(&text[..len]);
}

/// A link-layer address, when it fits `sll_addr`.
fn link_addr(index: c_int, hatype: u16, bytes: &[u8]) -> Option<Addr> {
    let mut ll = SockaddrLl { sll_family: AF_PACKET as u16, sll_ifindex: index, sll_hatype: hatype, ..Default::default() };
    ll.sll_addr.get_mut(..bytes.len())?.copy_from_slice(bytes);
    ll.sll_halen = bytes.len() as u8;
    Some(Addr { ll })
}

fn add_link(b: &mut Builder, payload: &[u8]) {
    let Some(info) = record::<Ifinfomsg>(payload) else { return };
    let Some(e) = b.push() else { return };
    e.index = info.ifi_index;
    e.link = true;
    e.ifa.ifa_flags = info.ifi_flags;
    for (ty, data) in attrs(payload, size_of::<Ifinfomsg>()) {
        match ty {
            IFLA_IFNAME => copy_name(&mut e.name, data),
            IFLA_ADDRESS => {
                if let Some(a) = link_addr(info.ifi_index, info.ifi_type, data) {
                    e.addr = a;
                    e.ifa.ifa_addr = (&raw mut e.addr).cast();
                }
            }
            IFLA_BROADCAST => {
                if let Some(a) = link_addr(info.ifi_index, info.ifi_type, data) {
                    e.ifu = a;
                    e.ifa.ifa_ifu = (&raw mut e.ifu).cast();
                }
            }
            IFLA_STATS => {
                let n = data.len().min(STATS_WORDS * 4);
                // SAFETY: `stats` has STATS_WORDS * 4 bytes, at least `n`.
                unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), e.stats.as_mut_ptr().cast::<u8>(), n) };
                e.ifa.ifa_data = e.stats.as_mut_ptr().cast();
            }
            _ => {}
        }
    }
}

/// An IP address of `family` from an attribute's bytes; IPv6 link-local ones scoped to
/// `index`.
fn ip_addr(family: c_int, index: u32, bytes: &[u8]) -> Option<Addr> {
    if family == AF_INET {
        let b: [u8; 4] = bytes.try_into().ok()?;
        Some(Addr { v4: SockaddrIn { sin_family: AF_INET as u16, sin_addr: InAddr { s_addr: u32::from_ne_bytes(b) }, ..Default::default() } })
    } else {
        let b: [u8; 16] = bytes.try_into().ok()?;
        let link_local = b[0] == 0xfe && b[1] & 0xc0 == 0x80 || b[0] == 0xff && b[1] & 0x0f == 0x02;
        Some(Addr {
            v6: SockaddrIn6 {
                sin6_family: AF_INET6 as u16,
                sin6_addr: In6Addr { s6_addr: b },
                sin6_scope_id: if link_local { index } else { 0 },
                ..Default::default()
            },
        })
    }
}

/// The netmask of a `prefix`-bit network of `family`.
fn netmask(family: c_int, prefix: u8) -> Addr {
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        let bits = usize::from(prefix).saturating_sub(8 * i).min(8);
        *b = (0xff00u16 >> bits) as u8;
    }
    let mut len = if family == AF_INET { 4 } else { 16 };
    len = len.min(bytes.len());
    ip_addr(family, 0, &bytes[..len]).unwrap_or(Addr { v6: SockaddrIn6::default() })
}

fn add_address(b: &mut Builder, payload: &[u8]) {
    let Some(msg) = record::<Ifaddrmsg>(payload) else { return };
    let family = c_int::from(msg.ifa_family);
    if family != AF_INET && family != AF_INET6 {
        return;
    }
    let (link_name, link_flags) = match b.link(msg.ifa_index as c_int) {
        Some(l) => (l.name, l.ifa.ifa_flags),
        None => ([0; NAME_ROOM], 0),
    };
    let (mut address, mut local, mut broadcast, mut label) = (None, None, None, None);
    for (ty, data) in attrs(payload, size_of::<Ifaddrmsg>()) {
        match ty {
            IFA_ADDRESS => address = Some(data),
            IFA_LOCAL => local = Some(data),
            IFA_BROADCAST => broadcast = Some(data),
            IFA_LABEL => label = Some(data),
            _ => {}
        }
    }
    let Some(own) = local.or(address).and_then(|d| ip_addr(family, msg.ifa_index, d)) else { return };
    let Some(e) = b.push() else { return };
    e.index = msg.ifa_index as c_int;
    e.ifa.ifa_flags = link_flags;
    e.name = link_name;
    if let Some(l) = label {
        e.name = [0; NAME_ROOM];
        copy_name(&mut e.name, l);
    }
    e.addr = own;
    e.ifa.ifa_addr = (&raw mut e.addr).cast();
    e.netmask = netmask(family, msg.ifa_prefixlen);
    e.ifa.ifa_netmask = (&raw mut e.netmask).cast();
    // IPv4 has the prefix's address (or a point-to-point peer) in IFA_ADDRESS beside the
    // local one: it fills the broadcast/destination field unless a broadcast address does,
    // as musl and glibc fill it. IPv6 has only the one address, unless point-to-point.
    let other = if family == AF_INET {
        broadcast.or(address)
    } else {
        match (local, address) {
            (Some(l), Some(a)) if l != a => Some(a),
            _ => None,
        }
    };
    if let Some(other) = other.and_then(|d| ip_addr(family, msg.ifa_index, d)) {
        e.ifu = other;
        e.ifa.ifa_ifu = (&raw mut e.ifu).cast();
    }
}

/// `getifaddrs(ifap)`—The list of interfaces and addresses (above) into `*ifap`; 0, or -1
/// with errno (ENOMEM, or the routing socket's error).
///
/// # Safety
/// `ifap` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getifaddrs(ifap: *mut *mut Ifaddrs) -> c_int {
    let mut b = Builder { head: core::ptr::null_mut(), tail: core::ptr::null_mut(), oom: false };
    b.tail = (&raw mut b.head).cast();
    let mut r = dump(RTM_GETLINK, 0, &mut |ty, p| {
        if ty == RTM_NEWLINK {
            add_link(&mut b, p);
        }
        !b.oom
    });
    if r.is_ok() && !b.oom {
        r = dump(RTM_GETADDR, 0, &mut |ty, p| {
            if ty == RTM_NEWADDR {
                add_address(&mut b, p);
            }
            !b.oom
        });
    }
    let err = if b.oom { Err(ENOMEM) } else { r };
    if let Err(e) = err {
        // SAFETY: the list was built here from malloc'd entries.
        unsafe { freeifaddrs(b.head.cast()) };
        set_errno(e);
        return -1;
    }
    // SAFETY: the caller vouches for `ifap`.
    unsafe { *ifap = b.head.cast() };
    0
}

/// `freeifaddrs(ifa)`—Frees a list `getifaddrs` returned.
///
/// # Safety
/// `ifa` must be null or a list from `getifaddrs`, not yet freed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn freeifaddrs(mut ifa: *mut Ifaddrs) {
    while !ifa.is_null() {
        // SAFETY: each entry is one malloc'd block, freed once.
        let next = unsafe { (*ifa).ifa_next };
        // SAFETY: as above.
        unsafe { free(ifa.cast()) };
        ifa = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    /// The number of entries of a list from getifaddrs.
    fn count(mut ifa: *const Ifaddrs) -> usize {
        let mut n = 0;
        while !ifa.is_null() {
            n += 1;
            // SAFETY: a list from getifaddrs.
            ifa = unsafe { (*ifa).ifa_next };
        }
        n
    }

    #[test]
    fn lists_loopback_with_its_addresses() {
        let mut list = core::ptr::null_mut();
        // SAFETY: a writable pointer.
        assert_eq!(unsafe { getifaddrs(&mut list) }, 0);
        assert!(count(list) >= 2);
        let (mut packet, mut v4) = (false, false);
        let mut p = list;
        while !p.is_null() {
            // SAFETY: entries of the list just made.
            let e = unsafe { &*p };
            // SAFETY: names are NUL-terminated inside the entry.
            let name = unsafe { CStr::from_ptr(e.ifa_name) }.to_bytes();
            if name == b"lo" && !e.ifa_addr.is_null() {
                // SAFETY: a non-null address of the entry.
                match c_int::from(unsafe { (*e.ifa_addr).sa_family }) {
                    AF_PACKET => packet = !e.ifa_data.is_null(),
                    AF_INET => {
                        // SAFETY: an AF_INET address and netmask are sockaddr_ins.
                        let (a, m) = unsafe { (*e.ifa_addr.cast::<SockaddrIn>(), *e.ifa_netmask.cast::<SockaddrIn>()) };
                        v4 = a.sin_addr.s_addr.to_ne_bytes() == [127, 0, 0, 1] && m.sin_addr.s_addr.to_ne_bytes() == [255, 0, 0, 0];
                    }
                    _ => {}
                }
            }
            p = e.ifa_next;
        }
        // SAFETY: the list from getifaddrs.
        unsafe { freeifaddrs(list) };
        assert!(packet && v4, "packet {packet} v4 {v4}");
    }

    #[test]
    fn netmasks_from_prefixes() {
        // SAFETY: reading the union member netmask wrote.
        let v4 = |p| unsafe { netmask(AF_INET, p).v4 }.sin_addr.s_addr.to_ne_bytes();
        assert_eq!(v4(0), [0, 0, 0, 0]);
        assert_eq!(v4(20), [255, 255, 240, 0]);
        assert_eq!(v4(32), [255; 4]);
        // SAFETY: as above.
        let v6 = unsafe { netmask(AF_INET6, 65).v6 }.sin6_addr.s6_addr;
        assert_eq!(v6[..9], [255, 255, 255, 255, 255, 255, 255, 255, 0x80]);
        assert_eq!(v6[9..], [0; 7]);
    }
}
