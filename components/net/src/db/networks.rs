//! /etc/networks (networks(5)): `getnetbyname`, `getnetbyaddr`, `getnetent`, `setnetent`,
//! `endnetent` (all stubs in musl).
//!
//! A line is `name number aliases...`. The number is in the numbers-and-dots notation of
//! `inet_network` (each part decimal, octal or hex), and, as networks(5) allows, its
//! trailing `.0` parts may be left out: `10.1` is 10.1.0.0, as glibc reads it. `n_net` is
//! the number in host byte order and `n_addrtype` is always `AF_INET`. Names match without
//! regard to case, as in glibc (network names are host names). A line whose number is no
//! address is skipped (glibc returns it, with `n_net` 0xffffffff).
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::netdb::Netent;
use limpet_abi::socket::{AF_INET, AF_UNSPEC};
use limpet_start::lock::Mutex;

use super::fields::{Fields, fields};
use super::pack::{Ent, Full, Packer, Slot, Source};
use crate::addr::inet;

/// The database.
pub const PATH: &CStr = c"/etc/networks";
const NETWORKS: Source<'static> = Source { path: PATH, builtin: b"" };

/// The parts of a dotted address.
const PARTS: usize = 4;
/// The longest network number read: a dotted address in any base (`0xff.0xff.0xff.0xff`
/// is 19 bytes), with room to spare for leading zeros.
const NUMBER_MAX: usize = 32;

/// One line of /etc/networks.
#[derive(Clone, Debug)]
pub struct Network<'a> {
    pub name: &'a [u8],
    /// The network's address, in host byte order.
    pub net: u32,
    pub aliases: Fields<'a>,
}

impl<'a> Network<'a> {
    /// Parses a line; `None` for a comment, an empty line, or a malformed one.
    pub fn parse(line: &'a [u8]) -> Option<Network<'a>> {
        let mut f = fields(line);
        let name = f.next()?;
        let net = number(f.next()?)?;
        Some(Network { name, net, aliases: f })
    }

    fn has_name(&self, name: &[u8]) -> bool {
        self.name.eq_ignore_ascii_case(name) || self.aliases.clone().any(|a| a.eq_ignore_ascii_case(name))
    }

    fn pack(&self, p: &mut Packer<'_>, ne: &mut Netent) -> Result<(), Full> {
        let aliases = p.list(self.aliases.clone())?;
        let name = p.str(self.name)?;
        *ne = Netent { n_name: name, n_aliases: aliases, n_addrtype: AF_INET, n_net: self.net };
        Ok(())
    }
}

/// A network number: `s` with `.0` added for each part left out, read as `inet_network`
/// reads it (host byte order). 255.255.255.255, `inet_network`'s error value, is refused
/// with the errors.
fn number(s: &[u8]) -> Option<u32> {
    let parts = s.iter().filter(|&&c| c == b'.').count() + 1;
    if parts > PARTS || s.len() > NUMBER_MAX {
        return None;
    }
    let mut full = [0u8; NUMBER_MAX + 2 * (PARTS - 1)];
    full[..s.len()].copy_from_slice(s);
    let mut len = s.len();
    for _ in parts..PARTS {
        full[len..len + 2].copy_from_slice(b".0");
        len += 2;
    }
    inet::aton(&full[..len]).map(u32::from_be).filter(|&n| n != u32::MAX)
}

/// The first network of `src` that `want` accepts, packed into `slot`; null when none
/// does.
fn lookup(src: &Source<'_>, slot: &mut Slot<Netent>, want: impl Fn(&Network<'_>) -> bool) -> *mut Netent {
    let Ok(mut lines) = src.open() else { return null_mut() };
    while let Some(line) = lines.next_line() {
        if let Some(n) = Network::parse(line)
            && want(&n)
        {
            return slot.fill(|p, ne| n.pack(p, ne));
        }
    }
    null_mut()
}

/// The database's static state.
struct State {
    ent: Ent<Netent>,
    byname: Slot<Netent>,
    byaddr: Slot<Netent>,
}

// SAFETY: the records' pointers are null or point into their own slot's buffer, which
// moves with them; nothing in the state belongs to a thread.
unsafe impl Send for State {}

const NONE: Netent = Netent { n_name: null_mut(), n_aliases: null_mut(), n_addrtype: 0, n_net: 0 };
static STATE: Mutex<State> = Mutex::new(State { ent: Ent::new(NONE), byname: Slot::new(NONE), byaddr: Slot::new(NONE) });

/// `getnetbyname(name)`—The network called `name` (or with that alias, in any case), in a
/// static record the next `getnetbyname` overwrites; null when there is none.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getnetbyname(name: *const c_char) -> *mut Netent {
    // SAFETY: the caller passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    lookup(&NETWORKS, &mut STATE.lock().byname, |n| n.has_name(name))
}

/// `getnetbyaddr(net, type)`—The network numbered `net` (host byte order) of address
/// family `type` (`AF_INET`, or `AF_UNSPEC` for any), in a static record the next
/// `getnetbyaddr` overwrites; null when there is none.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getnetbyaddr(net: u32, type_: c_int) -> *mut Netent {
    if type_ != AF_INET && type_ != AF_UNSPEC {
        return null_mut();
    }
    lookup(&NETWORKS, &mut STATE.lock().byaddr, |n| n.net == net)
}

fn next_ent(ent: &mut Ent<Netent>, src: &Source<'_>) -> *mut Netent {
    ent.next(src, |line, p, ne| Network::parse(line).is_some_and(|n| n.pack(p, ne).is_ok()))
}

/// `getnetent()`—The next network of /etc/networks (opening it first if need be), in a
/// static record the next call overwrites; null at the end.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getnetent() -> *mut Netent {
    next_ent(&mut STATE.lock().ent, &NETWORKS)
}

/// `setnetent(stayopen)`—Opens /etc/networks for `getnetent`, or goes back to its first
/// line. The stream stays open until `endnetent` whatever `stayopen` says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setnetent(_stayopen: c_int) {
    STATE.lock().ent.set(&NETWORKS);
}

/// `endnetent()`—Closes `getnetent`'s stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endnetent() {
    STATE.lock().ent.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;

    const TEXT: &[u8] = b"# networks\n\
        default\t\t0.0.0.0\n\
        loopback 127\n\
        ten 10.1 tenalias\n\
        hexnet 0x7f.2\n\
        octal 012.1.2\n\
        three 192.168.1 # comment\n\
        full 1.2.3.4 f1 f2\n\
        five 1.2.3.4.5\n\
        bad x.y\n\
        huge 256.1\n\
        trailing 10.\n\
        long 00000000000000000000000000000000010\n\
        broadcast 255.255.255.255\n\
        noaddr\n\
        Mixed 172.16";

    /// The text of a record's string.
    ///
    /// # Safety
    /// `p` must be a NUL-terminated UTF-8 string that outlives the test.
    unsafe fn s(p: *const c_char) -> &'static str {
        // SAFETY: the tests pass NUL-terminated strings from a record.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap()
    }

    fn show(ne: *const Netent) -> Option<String> {
        if ne.is_null() {
            return None;
        }
        // SAFETY: a non-null result is a filled record.
        unsafe {
            assert_eq!((*ne).n_addrtype, AF_INET);
            let mut out = format!("{} {:#x}", s((*ne).n_name), (*ne).n_net);
            let mut a = (*ne).n_aliases;
            while !(*a).is_null() {
                out += " ";
                out += s(*a);
                a = a.add(1);
            }
            Some(out)
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(number(b"127"), Some(0x7f00_0000));
        assert_eq!(number(b"10.1"), Some(0x0a01_0000));
        assert_eq!(number(b"192.168.1"), Some(0xc0a8_0100));
        assert_eq!(number(b"1.2.3.4"), Some(0x0102_0304));
        assert_eq!(number(b"0x7f.2"), Some(0x7f02_0000));
        assert_eq!(number(b"012"), Some(0x0a00_0000));
        assert_eq!(number(b"0"), Some(0));
        for bad in [&b""[..], b"1.2.3.4.5", b"x", b"256", b"1..2", b"10.", b".1", b"1.2.3.256", b"255.255.255.255", b"-1"] {
            assert_eq!(number(bad), None, "{bad:?}");
        }
        assert_eq!(number(&[b'0'; NUMBER_MAX]), Some(0));
        assert_eq!(number(&[b'0'; NUMBER_MAX + 1]), None);
    }

    #[test]
    fn enumerate_and_look_up() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        let mut ent = Ent::new(NONE);
        let all: Vec<String> = std::iter::from_fn(|| show(next_ent(&mut ent, &src))).collect();
        assert_eq!(
            all,
            [
                "default 0x0",
                "loopback 0x7f000000",
                "ten 0xa010000 tenalias",
                "hexnet 0x7f020000",
                "octal 0xa010200",
                "three 0xc0a80100",
                "full 0x1020304 f1 f2",
                "Mixed 0xac100000"
            ]
        );
        let mut slot = Slot::new(NONE);
        let mut name = |n: &[u8]| show(lookup(&src, &mut slot, |x| x.has_name(n)));
        assert_eq!(name(b"TENALIAS").as_deref(), Some("ten 0xa010000 tenalias"));
        assert_eq!(name(b"mixed").as_deref(), Some("Mixed 0xac100000"));
        assert_eq!(name(b"f2").as_deref(), Some("full 0x1020304 f1 f2"));
        assert_eq!(name(b"five"), None);
        assert_eq!(name(b"noaddr"), None);
        let mut addr = |a: u32| show(lookup(&src, &mut slot, |x| x.net == a));
        assert_eq!(addr(0x7f00_0000).as_deref(), Some("loopback 0x7f000000"));
        assert_eq!(addr(0).as_deref(), Some("default 0x0"));
        assert_eq!(addr(0x7f), None);
    }

    #[test]
    fn c_functions() {
        // The real /etc/networks may be missing; then everything is null.
        assert!(getnetbyaddr(0x7f00_0000, 10).is_null());
        // SAFETY: a NUL-terminated name.
        assert!(unsafe { getnetbyname(c"no-such-network-limpet".as_ptr()) }.is_null());
        setnetent(1);
        let first = show(getnetent());
        endnetent();
        assert_eq!(show(getnetent()), first);
        endnetent();
        if let Some(first) = first {
            let net = u32::from_str_radix(first.split(' ').nth(1).unwrap().trim_start_matches("0x"), 16).unwrap();
            assert!(!getnetbyaddr(net, AF_INET).is_null());
            assert!(!getnetbyaddr(net, AF_UNSPEC).is_null());
        }
    }
}
