//! /etc/hosts (hosts(5)): `gethostent`, `sethostent`, `endhostent` (stubs in musl), and
//! [`for_each`], over which `crate::lookup` answers `getaddrinfo` and `gethostbyname`.
//!
//! A line is `address canonical-name aliases...`. The address is read as musl's resolver
//! reads it: IPv4 in any of `inet_aton`'s forms (`127.1` is 127.0.0.1), else IPv6, which may
//! carry a zone (`fe80::1%eth0`, `fe80::1%2`). A line with no name, or an address that is
//! neither, is skipped.
//!
//! `gethostent` returns each line as it is listed: an IPv4 line as `AF_INET` with
//! `h_length` 4, an IPv6 one as `AF_INET6` with 16 (the zone is dropped: a `hostent` has no
//! room for it). glibc's `gethostent` returns IPv4 records only (it turns `::1` into
//! 127.0.0.1 and drops other IPv6 lines) and reads IPv4 addresses strictly.
use core::ffi::{CStr, c_int};
use core::ops::ControlFlow;
use core::ptr::null_mut;

use limpet_abi::netdb::Hostent;
use limpet_abi::socket::{AF_INET, AF_INET6, In6Addr, InAddr};
use limpet_start::lock::Mutex;

use super::fields::{Fields, decimal, fields, split_once};
use super::lines::Lines;
use super::pack::{Ent, Full, Packer, Source};
use crate::addr::{inet, pton};

/// The database.
pub const PATH: &CStr = c"/etc/hosts";
const HOSTS: Source<'static> = Source { path: PATH, builtin: b"" };

/// The bytes of an IPv4 address.
const V4_LEN: usize = size_of::<InAddr>();
/// The bytes of an IPv6 address.
const V6_LEN: usize = size_of::<In6Addr>();

/// The zone of an IPv6 address: the text after its `%`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope<'a> {
    /// No `%`.
    None,
    /// A number (`%2`; `%` alone is 0).
    Id(u32),
    /// Anything else, for the caller to look up as an interface name (`if_nametoindex`):
    /// `%eth0`.
    Name(&'a [u8]),
}

/// One line of /etc/hosts.
#[derive(Clone, Debug)]
pub struct HostLine<'a> {
    /// `AF_INET` or `AF_INET6`.
    pub family: c_int,
    /// The address in network byte order: an IPv4 address in the first 4 bytes (the rest
    /// zero), an IPv6 one in all 16.
    pub addr: [u8; V6_LEN],
    /// The IPv6 zone; always [`Scope::None`] for IPv4.
    pub scope: Scope<'a>,
    /// The canonical name, the first after the address.
    pub name: &'a [u8],
    aliases: Fields<'a>,
}

impl<'a> HostLine<'a> {
    /// Parses a line; `None` for a comment, an empty line, a line without a name, or an
    /// address of neither family.
    pub fn parse(line: &'a [u8]) -> Option<HostLine<'a>> {
        let mut f = fields(line);
        let (family, addr, scope) = address(f.next()?)?;
        let name = f.next()?;
        Some(HostLine { family, addr, scope, name, aliases: f })
    }

    /// The address's own bytes: 4 for IPv4, 16 for IPv6.
    pub fn addr_bytes(&self) -> &[u8] {
        if self.family == AF_INET { &self.addr[..V4_LEN] } else { &self.addr }
    }

    /// The names after the canonical one.
    pub fn aliases(&self) -> Fields<'a> {
        self.aliases.clone()
    }

    /// The canonical name, then the aliases.
    pub fn names(&self) -> impl Iterator<Item = &'a [u8]> + Clone + use<'a> {
        core::iter::once(self.name).chain(self.aliases.clone())
    }

    fn pack(&self, p: &mut Packer<'_>, he: &mut Hostent) -> Result<(), Full> {
        let list = p.array(1)?;
        let aliases = p.list(self.aliases.clone())?;
        let addr = p.bytes(self.addr_bytes(), align_of::<In6Addr>())?;
        // SAFETY: `list` has room for one pointer before its null.
        unsafe { list.write(addr) };
        let name = p.str(self.name)?;
        *he = Hostent {
            h_name: name,
            h_aliases: aliases,
            h_addrtype: self.family,
            h_length: self.addr_bytes().len() as c_int,
            h_addr_list: list,
        };
        Ok(())
    }
}

/// An address field: its family, bytes and zone.
fn address(s: &[u8]) -> Option<(c_int, [u8; V6_LEN], Scope<'_>)> {
    let mut addr = [0u8; V6_LEN];
    if let Some((ip, zone)) = split_once(s, b'%') {
        addr = pton::parse_v6(ip)?;
        let scope = if zone.is_empty() {
            Scope::Id(0)
        } else {
            decimal(zone, u32::MAX).map_or(Scope::Name(zone), Scope::Id)
        };
        return Some((AF_INET6, addr, scope));
    }
    if let Some(v4) = inet::aton(s) {
        addr[..V4_LEN].copy_from_slice(&v4.to_ne_bytes());
        return Some((AF_INET, addr, Scope::None));
    }
    Some((AF_INET6, pton::parse_v6(s)?, Scope::None))
}

/// Calls `f` with each host line of the file at `path`, in order, until it breaks. The
/// error is the errno of opening the file (ENOENT when there is none, which callers
/// usually take as an empty file).
pub fn for_each(path: &CStr, mut f: impl FnMut(&HostLine<'_>) -> ControlFlow<()>) -> Result<(), c_int> {
    let mut lines = Lines::open(path)?;
    while let Some(line) = lines.next_line() {
        if let Some(h) = HostLine::parse(line)
            && f(&h).is_break()
        {
            break;
        }
    }
    Ok(())
}

/// Calls `f` with each host line of the file at `path` that lists `name` (ASCII case
/// ignored), in order, until it breaks. The names are compared before the address is
/// parsed, so a lookup pays for parsing only the lines it wants. The error is as for
/// [`for_each`].
pub fn for_each_named(path: &CStr, name: &[u8], mut f: impl FnMut(&HostLine<'_>) -> ControlFlow<()>) -> Result<(), c_int> {
    let mut lines = Lines::open(path)?;
    while let Some(line) = lines.next_line() {
        let mut words = fields(line);
        if words.next().is_none() || !words.any(|w| w.eq_ignore_ascii_case(name)) {
            continue;
        }
        if let Some(h) = HostLine::parse(line)
            && f(&h).is_break()
        {
            break;
        }
    }
    Ok(())
}

/// The `gethostent` stream and its record, the database's static state.
struct State {
    ent: Ent<Hostent>,
}

// SAFETY: the record's pointers are null or point into its own slot's buffer, which moves
// with it; nothing in the state belongs to a thread.
unsafe impl Send for State {}

const NONE: Hostent = Hostent { h_name: null_mut(), h_aliases: null_mut(), h_addrtype: 0, h_length: 0, h_addr_list: null_mut() };
static STATE: Mutex<State> = Mutex::new(State { ent: Ent::new(NONE) });

fn next_ent(ent: &mut Ent<Hostent>, src: &Source<'_>) -> *mut Hostent {
    ent.next(src, |line, p, he| HostLine::parse(line).is_some_and(|h| h.pack(p, he).is_ok()))
}

/// `gethostent()`—The next host of /etc/hosts (opening it first if need be), in a static
/// record the next call overwrites: one address (`AF_INET` or `AF_INET6`, as listed), the
/// canonical name and the aliases. Null at the end.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn gethostent() -> *mut Hostent {
    next_ent(&mut STATE.lock().ent, &HOSTS)
}

/// `sethostent(stayopen)`—Opens /etc/hosts for `gethostent`, or goes back to its first
/// line. The stream stays open until `endhostent` whatever `stayopen` says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sethostent(_stayopen: c_int) {
    STATE.lock().ent.set(&HOSTS);
}

/// `endhostent()`—Closes `gethostent`'s stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endhostent() {
    STATE.lock().ent.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;
    use core::ffi::c_char;

    const TEXT: &[u8] = b"# hosts\n\
        127.0.0.1\tlocalhost lh\n\
        127.1 short\n\
        10.0.0.1\tHostA a1 a2 # comment\n\
        ::1 ip6-localhost ip6-loopback\n\
        fe80::1%lo linklocal\n\
        fe80::2%2 linklocal2\n\
        fe80::3% linklocal3\n\
        fe80::4%99999999999 ll4\n\
        1.2.3.4\n\
        bogus name\n\
        1.2.3.4.5 five\n\
        1.2.3.4%1 v4zone\n\
        0x7f.2 hexa\n\
        ::ffff:1.2.3.4 mapped\n\
        \x20 1.1.1.1   spaced   sp2  \n\
        2.2.2.2 nonl";

    fn one(h: &HostLine<'_>) -> String {
        let names: Vec<&str> = h.names().map(|n| std::str::from_utf8(n).unwrap()).collect();
        let addr = if h.family == AF_INET {
            std::net::Ipv4Addr::from(<[u8; 4]>::try_from(h.addr_bytes()).unwrap()).to_string()
        } else {
            std::net::Ipv6Addr::from(h.addr).to_string()
        };
        let scope = match h.scope {
            Scope::None => String::new(),
            Scope::Id(n) => format!("%{n}"),
            Scope::Name(s) => format!("%{}", std::str::from_utf8(s).unwrap()),
        };
        format!("{addr}{scope} {}", names.join(" "))
    }

    const WANT: [&str; 12] = [
        "127.0.0.1 localhost lh",
        "127.0.0.1 short",
        "10.0.0.1 HostA a1 a2",
        "::1 ip6-localhost ip6-loopback",
        "fe80::1%lo linklocal",
        "fe80::2%2 linklocal2",
        "fe80::3%0 linklocal3",
        "fe80::4%99999999999 ll4",
        "127.0.0.2 hexa",
        "::ffff:1.2.3.4 mapped",
        "1.1.1.1 spaced sp2",
        "2.2.2.2 nonl",
    ];

    #[test]
    fn for_each_sees_every_host() {
        let f = TempFile::new(TEXT);
        let mut got = Vec::new();
        for_each(&f.path, |h| {
            assert_eq!(h.addr_bytes().len(), if h.family == AF_INET { 4 } else { 16 });
            got.push(one(h));
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(got, WANT);
        let mut n = 0;
        for_each(&f.path, |h| {
            n += 1;
            if h.name == b"HostA" { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
        .unwrap();
        assert_eq!(n, 3);
        assert_eq!(for_each(c"/nonexistent/hosts", |_| ControlFlow::Continue(())), Err(limpet_syscall::errno::ENOENT));
    }

    /// The text of a record's string.
    ///
    /// # Safety
    /// `p` must be a NUL-terminated UTF-8 string that outlives the test.
    unsafe fn s(p: *const c_char) -> &'static str {
        // SAFETY: the tests pass NUL-terminated strings from a record.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap()
    }

    fn show(he: *const Hostent) -> Option<String> {
        if he.is_null() {
            return None;
        }
        // SAFETY: a non-null result is a filled record: one address of `h_length` bytes.
        unsafe {
            let he = &*he;
            assert!((*he.h_addr_list.add(1)).is_null());
            let bytes = core::slice::from_raw_parts((*he.h_addr_list).cast::<u8>(), he.h_length as usize);
            let addr = match he.h_addrtype {
                AF_INET => std::net::Ipv4Addr::from(<[u8; 4]>::try_from(bytes).unwrap()).to_string(),
                AF_INET6 => std::net::Ipv6Addr::from(<[u8; 16]>::try_from(bytes).unwrap()).to_string(),
                t => panic!("family {t}"),
            };
            let mut out = format!("{addr} {}", s(he.h_name));
            let mut a = he.h_aliases;
            while !(*a).is_null() {
                out += " ";
                out += s(*a);
                a = a.add(1);
            }
            Some(out)
        }
    }

    #[test]
    fn enumeration() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        let mut ent = Ent::new(NONE);
        let all: Vec<String> = std::iter::from_fn(|| show(next_ent(&mut ent, &src))).collect();
        // The same lines, without the zones.
        let want: Vec<String> = WANT
            .iter()
            .map(|w| {
                let (addr, names) = w.split_once(' ').unwrap();
                format!("{} {names}", addr.split('%').next().unwrap())
            })
            .collect();
        assert_eq!(all, want);
        ent.set(&src);
        assert_eq!(show(next_ent(&mut ent, &src)).as_deref(), Some(WANT[0]));
    }

    #[test]
    fn many_aliases_are_capped_in_the_record_only() {
        let mut line = b"10.0.0.9 canon".to_vec();
        for i in 0..200 {
            line.extend_from_slice(format!(" a{i}").as_bytes());
        }
        let f = TempFile::new(&line);
        let mut n = 0;
        for_each(&f.path, |h| {
            n = h.aliases().count();
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(n, 200);
        let src = Source { path: &f.path, builtin: b"" };
        let mut ent = Ent::new(NONE);
        let rec = show(next_ent(&mut ent, &src)).unwrap();
        assert_eq!(rec.split(' ').count(), 2 + super::super::pack::MAX_ALIASES);
    }

    #[test]
    fn c_functions() {
        // Whatever /etc/hosts holds here: the records are well formed.
        sethostent(0);
        let mut n = 0;
        while show(gethostent()).is_some() {
            n += 1;
        }
        endhostent();
        let mut m = 0;
        let _ = for_each(PATH, |_| {
            m += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(n, m);
    }
}
