//! /etc/protocols (protocols(5)): `getprotobyname`, `getprotobynumber`, `getprotoent`,
//! `setprotoent`, `endprotoent`.
//!
//! A line is `name number aliases...`, the number decimal (up to `INT_MAX`: Linux has
//! protocol numbers past 255, such as MPTCP's 262). Names match exactly (case counts), as
//! in glibc; the first matching line wins.
//!
//! musl never reads the file: it answers from a table built into the library, whose
//! entries have no aliases. Here the file is read, as glibc reads it, so a system's own
//! list and its aliases (`TCP` for `tcp`) count. Where there is no /etc/protocols (a
//! minimal container), the common protocols are still known from [`BUILTIN`], so a program
//! that works on musl there keeps working.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::netdb::Protoent;
use limpet_start::lock::Mutex;

use super::fields::{Fields, decimal, fields};
use super::pack::{Ent, Full, Packer, Slot, Source};

/// The database.
pub const PATH: &CStr = c"/etc/protocols";

/// The protocols known without /etc/protocols: IANA's numbers, with the names and aliases
/// the usual /etc/protocols (Debian's netbase) gives them.
pub const BUILTIN: &[u8] = b"\
ip 0 IP
icmp 1 ICMP
igmp 2 IGMP
ggp 3 GGP
ipencap 4 IP-ENCAP
st 5 ST
tcp 6 TCP
egp 8 EGP
igp 9 IGP
pup 12 PUP
udp 17 UDP
hmp 20 HMP
xns-idp 22 XNS-IDP
rdp 27 RDP
iso-tp4 29 ISO-TP4
dccp 33 DCCP
xtp 36 XTP
ddp 37 DDP
idpr-cmtp 38 IDPR-CMTP
ipv6 41 IPv6
ipv6-route 43 IPv6-Route
ipv6-frag 44 IPv6-Frag
idrp 45 IDRP
rsvp 46 RSVP
gre 47 GRE
esp 50 IPSEC-ESP
ah 51 IPSEC-AH
skip 57 SKIP
ipv6-icmp 58 IPv6-ICMP
ipv6-nonxt 59 IPv6-NoNxt
ipv6-opts 60 IPv6-Opts
rspf 73 RSPF CPHB
vmtp 81 VMTP
eigrp 88 EIGRP
ospf 89 OSPFIGP
ax.25 93 AX.25
ipip 94 IPIP
etherip 97 ETHERIP
encap 98 ENCAP
pim 103 PIM
ipcomp 108 IPCOMP
vrrp 112 VRRP
l2tp 115 L2TP
isis 124 ISIS
sctp 132 SCTP
fc 133 FC
mobility-header 135 Mobility-Header
udplite 136 UDPLite
mpls-in-ip 137 MPLS-in-IP
hip 139 HIP
shim6 140 Shim6
wesp 141 WESP
rohc 142 ROHC
ethernet 143 Ethernet
raw 255 RAW
mptcp 262 MPTCP
";

const PROTOCOLS: Source<'static> = Source { path: PATH, builtin: BUILTIN };

/// One line of /etc/protocols.
#[derive(Clone, Debug)]
pub struct Protocol<'a> {
    pub name: &'a [u8],
    pub number: c_int,
    pub aliases: Fields<'a>,
}

impl<'a> Protocol<'a> {
    /// Parses a line; `None` for a comment, an empty line, or a malformed one (no number,
    /// or one that is not decimal or passes `INT_MAX`).
    pub fn parse(line: &'a [u8]) -> Option<Protocol<'a>> {
        let mut f = fields(line);
        let name = f.next()?;
        let number = decimal(f.next()?, c_int::MAX as u32)? as c_int;
        Some(Protocol { name, number, aliases: f })
    }

    fn has_name(&self, name: &[u8]) -> bool {
        self.name == name || self.aliases.clone().any(|a| a == name)
    }

    fn pack(&self, p: &mut Packer<'_>, pe: &mut Protoent) -> Result<(), Full> {
        let aliases = p.list(self.aliases.clone())?;
        let name = p.str(self.name)?;
        *pe = Protoent { p_name: name, p_aliases: aliases, p_proto: self.number };
        Ok(())
    }
}

/// The first protocol of `src` that `want` accepts, packed into `slot`; null when none
/// does.
fn lookup(src: &Source<'_>, slot: &mut Slot<Protoent>, want: impl Fn(&Protocol<'_>) -> bool) -> *mut Protoent {
    let Ok(mut lines) = src.open() else { return null_mut() };
    while let Some(line) = lines.next_line() {
        if let Some(p) = Protocol::parse(line)
            && want(&p)
        {
            return slot.fill(|pk, pe| p.pack(pk, pe));
        }
    }
    null_mut()
}

/// The database's static state.
struct State {
    ent: Ent<Protoent>,
    byname: Slot<Protoent>,
    bynumber: Slot<Protoent>,
}

// SAFETY: the records' pointers are null or point into their own slot's buffer, which
// moves with them; nothing in the state belongs to a thread.
unsafe impl Send for State {}

const NONE: Protoent = Protoent { p_name: null_mut(), p_aliases: null_mut(), p_proto: 0 };
static STATE: Mutex<State> = Mutex::new(State { ent: Ent::new(NONE), byname: Slot::new(NONE), bynumber: Slot::new(NONE) });

/// `getprotobyname(name)`—The protocol called `name` (or with that alias), in a static
/// record the next `getprotobyname` overwrites; null when there is none.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getprotobyname(name: *const c_char) -> *mut Protoent {
    // SAFETY: the caller passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    lookup(&PROTOCOLS, &mut STATE.lock().byname, |p| p.has_name(name))
}

/// `getprotobynumber(proto)`—The protocol numbered `proto`, in a static record the next
/// `getprotobynumber` overwrites; null when there is none.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getprotobynumber(proto: c_int) -> *mut Protoent {
    lookup(&PROTOCOLS, &mut STATE.lock().bynumber, |p| p.number == proto)
}

fn next_ent(ent: &mut Ent<Protoent>, src: &Source<'_>) -> *mut Protoent {
    ent.next(src, |line, pk, pe| Protocol::parse(line).is_some_and(|p| p.pack(pk, pe).is_ok()))
}

/// `getprotoent()`—The next protocol of /etc/protocols (opening it first if need be), in a
/// static record the next call overwrites; null at the end.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getprotoent() -> *mut Protoent {
    next_ent(&mut STATE.lock().ent, &PROTOCOLS)
}

/// `setprotoent(stayopen)`—Opens /etc/protocols for `getprotoent`, or goes back to its
/// first line. The stream stays open until `endprotoent` whatever `stayopen` says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setprotoent(_stayopen: c_int) {
    STATE.lock().ent.set(&PROTOCOLS);
}

/// `endprotoent()`—Closes `getprotoent`'s stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endprotoent() {
    STATE.lock().ent.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;

    const TEXT: &[u8] = b"# protocols\n\
        ip\t0\tIP\t\t# internet protocol\n\
        tcp 6 TCP\n\
        udp\t17\tUDP\n\
        \t\n\
        noproto\n\
        neg -1\n\
        hex 0x11\n\
        huge 2147483648\n\
        mptcp 262 MPTCP\n\
        big 2147483647 b1 b2 b3\n\
        dup 6 DUP";

    /// The text of a record's string.
    ///
    /// # Safety
    /// `p` must be a NUL-terminated UTF-8 string that outlives the test.
    unsafe fn s(p: *const c_char) -> &'static str {
        // SAFETY: the tests pass NUL-terminated strings from a record.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap()
    }

    fn show(pe: *const Protoent) -> Option<String> {
        if pe.is_null() {
            return None;
        }
        // SAFETY: a non-null result is a filled record.
        unsafe {
            let mut out = format!("{} {}", s((*pe).p_name), (*pe).p_proto);
            let mut a = (*pe).p_aliases;
            while !(*a).is_null() {
                out += " ";
                out += s(*a);
                a = a.add(1);
            }
            Some(out)
        }
    }

    fn all(src: &Source<'_>) -> Vec<String> {
        let mut ent = Ent::new(NONE);
        std::iter::from_fn(|| show(next_ent(&mut ent, src))).collect()
    }

    #[test]
    fn parse_and_enumerate() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        assert_eq!(all(&src), ["ip 0 IP", "tcp 6 TCP", "udp 17 UDP", "mptcp 262 MPTCP", "big 2147483647 b1 b2 b3", "dup 6 DUP"]);
        let missing = Source { path: c"/nonexistent/protocols", builtin: b"" };
        assert!(all(&missing).is_empty());
    }

    #[test]
    fn lookups() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        let mut slot = Slot::new(NONE);
        let mut name = |n: &[u8]| show(lookup(&src, &mut slot, |p| p.has_name(n)));
        assert_eq!(name(b"tcp").as_deref(), Some("tcp 6 TCP"));
        assert_eq!(name(b"TCP").as_deref(), Some("tcp 6 TCP"));
        assert_eq!(name(b"Tcp"), None);
        assert_eq!(name(b"b3").as_deref(), Some("big 2147483647 b1 b2 b3"));
        for bad in [&b"noproto"[..], b"neg", b"hex", b"huge", b"", b"#"] {
            assert_eq!(name(bad), None);
        }
        let mut number = |n: c_int| show(lookup(&src, &mut slot, |p| p.number == n));
        assert_eq!(number(6).as_deref(), Some("tcp 6 TCP"));
        assert_eq!(number(262).as_deref(), Some("mptcp 262 MPTCP"));
        assert_eq!(number(-1), None);
        assert_eq!(number(1), None);
    }

    #[test]
    fn builtin_table_stands_in_for_a_missing_file() {
        let src = Source { path: c"/nonexistent/protocols", builtin: BUILTIN };
        let mut slot = Slot::new(NONE);
        assert_eq!(show(lookup(&src, &mut slot, |p| p.has_name(b"udp"))).as_deref(), Some("udp 17 UDP"));
        assert_eq!(show(lookup(&src, &mut slot, |p| p.number == 58)).as_deref(), Some("ipv6-icmp 58 IPv6-ICMP"));
        let every = all(&src);
        assert_eq!(every.len(), BUILTIN.iter().filter(|&&c| c == b'\n').count());
        assert_eq!(every[0], "ip 0 IP");
        // Every built-in line parses, and agrees with this machine's file where it has one.
        if let Ok(text) = std::fs::read("/etc/protocols") {
            for line in BUILTIN.split(|&c| c == b'\n').filter(|l| !l.is_empty()) {
                let p = Protocol::parse(line).unwrap();
                let theirs = text.split(|&c| c == b'\n').filter_map(Protocol::parse).find(|q| q.name == p.name);
                if let Some(q) = theirs {
                    assert_eq!(q.number, p.number, "{:?}", std::str::from_utf8(p.name));
                }
            }
        }
    }

    #[test]
    fn c_functions() {
        // /etc/protocols or the built-in table: tcp is 6 either way.
        // SAFETY: a NUL-terminated name.
        let pe = unsafe { getprotobyname(c"tcp".as_ptr()) };
        assert_eq!(show(pe).as_deref().map(|s| &s[..5]), Some("tcp 6"));
        assert_eq!(show(getprotobynumber(17)).as_deref().map(|s| &s[..6]), Some("udp 17"));
        assert!(getprotobynumber(-5).is_null());
        setprotoent(0);
        assert!(!getprotoent().is_null());
        endprotoent();
    }
}
