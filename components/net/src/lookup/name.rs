//! Finding a host's addresses by name: a numeric address, /etc/hosts, then DNS through the
//! search list (`resolv::search`), with A and AAAA asked together. What `getaddrinfo` and
//! the `gethostby*` family share.
use core::ffi::c_int;
use core::mem::MaybeUninit;

use limpet_abi::socket::{AF_INET, AF_INET6, AF_UNSPEC};
use limpet_abi::nameser::{C_IN, NS_PACKETSZ, T_A, T_AAAA, T_CNAME};

use crate::addr::inet::aton;
use crate::addr::pton::parse_v6_scoped;
use crate::db::hosts::{self, Scope};
use crate::dns::name::{expand, same_name};
use crate::dns::packet::Message;
use crate::dns::query;
use crate::dns::{NOERROR, NXDOMAIN};
use crate::resolv::conf::{self, Conf};
use crate::resolv::search::{Miss, search};
pub use crate::resolv::search::Failure;
use crate::resolv::send::{Exchange, send};

/// The addresses one lookup returns at most (musl's `MAXADDRS`).
pub const MAXADDRS: usize = 48;
/// Room for a name's text and its NUL.
pub const NAME_ROOM: usize = 256;
/// The answer buffer of one query: room for a large UDP answer with EDNS0, or a TCP one
/// with about 150 addresses.
const ANSWER_ROOM: usize = 4800;
/// The UDP payload announced with `options edns0`.
const EDNS0_PAYLOAD: u16 = 1232;
/// The most CNAMEs followed.
const CNAME_HOPS: usize = 16;

/// One address found.
pub type Address = crate::addr::IpAddress;

/// A lookup's result: the addresses and the canonical name.
pub struct Found {
    pub addrs: [Address; MAXADDRS],
    pub n: usize,
    pub canon: [u8; NAME_ROOM],
    pub canon_len: usize,
}

impl Default for Found {
    fn default() -> Self {
        Found { addrs: [Address::default(); MAXADDRS], n: 0, canon: [0; NAME_ROOM], canon_len: 0 }
    }
}

impl Found {
    fn push(&mut self, a: Address) {
        if self.n < MAXADDRS && !self.addrs[..self.n].contains(&a) {
            self.addrs[self.n] = a;
            self.n += 1;
        }
    }

    fn set_canon(&mut self, name: &[u8]) {
        let n = name.len().min(NAME_ROOM - 1);
        self.canon[..n].copy_from_slice(&name[..n]);
        self.canon_len = n;
    }

    /// The canonical name's text.
    pub fn canon(&self) -> &[u8] {
        &self.canon[..self.canon_len]
    }
}

/// A numeric address: IPv4 in `inet_aton`'s forms, or IPv6 with an optional `%scope`
/// (a number or an interface name).
pub fn numeric(name: &[u8]) -> Option<Address> {
    if let Some(v4) = aton(name) {
        let mut addr = [0; 16];
        addr[..4].copy_from_slice(&v4.to_ne_bytes());
        return Some(Address { family: AF_INET, addr, scope: 0 });
    }
    let (addr, scope) = parse_v6_scoped(name)?;
    Some(Address { family: AF_INET6, addr, scope })
}

/// Whether `name` may be looked up: at most 253 characters, none of them a control
/// character, a space or other ASCII punctuation than `-`, `.` and `_` (bytes past ASCII
/// pass, for internationalised names in UTF-8), as musl checks.
pub fn valid_hostname(name: &[u8]) -> bool {
    !name.is_empty()
        && name.len() < NAME_ROOM - 1
        && name.iter().all(|&c| c >= 0x80 || c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
}

/// The addresses /etc/hosts gives `name` (ASCII case ignored), and the canonical name of
/// the first line that names it. `Some(NoData)` when it is named only with addresses of
/// another family, as musl answers then.
pub fn from_hosts(name: &[u8], family: c_int, out: &mut Found) -> Result<(), Failure> {
    let mut other_family = false;
    let _ = hosts::for_each_named(hosts::PATH, name, |line| {
        if family != AF_UNSPEC && line.family != family {
            other_family = true;
            return core::ops::ControlFlow::Continue(());
        }
        let scope = match line.scope {
            Scope::None => 0,
            Scope::Id(n) => n,
            Scope::Name(z) => crate::iface::name::index_of(z).unwrap_or(0),
        };
        if out.n == 0 {
            out.set_canon(line.name);
        }
        out.push(Address { family: line.family, addr: line.addr, scope });
        core::ops::ControlFlow::Continue(())
    });
    if out.n > 0 {
        Ok(())
    } else if other_family {
        Err(Failure::NoData)
    } else {
        Err(Failure::NoName)
    }
}

/// Collects the addresses of type `qtype` that answer `name` through its CNAME chain
/// into `out`, and the chain's end as the canonical name; whether the answer was usable
/// (a message that does not parse, or a CNAME of the chain whose target cannot be read,
/// is not).
pub fn addresses_from_answer(answer: &[u8], name: &[u8], qtype: u16, out: &mut Found) -> bool {
    let Some(msg) = Message::parse(answer) else { return false };
    let asked = name.strip_suffix(b".").unwrap_or(name);
    // The chain's current end, as text; each CNAME whose owner it is moves it on, however
    // the server ordered them, for at most CNAME_HOPS links (a loop ends there too).
    let mut end = [0u8; NAME_ROOM];
    let mut end_len = asked.len().min(NAME_ROOM - 1);
    end[..end_len].copy_from_slice(&asked[..end_len]);
    for _ in 0..CNAME_HOPS {
        let mut moved = false;
        for rr in msg.answers() {
            if rr.rtype != T_CNAME || rr.class != C_IN || !same_name(msg.msg(), rr.name_pos, &end[..end_len]) {
                continue;
            }
            let mut target = [0u8; NAME_ROOM];
            let Some((len, _)) = expand(msg.msg(), rr.rdata_pos, &mut target) else { return false };
            end = target;
            end_len = len;
            moved = true;
            break;
        }
        if !moved {
            break;
        }
    }
    // The addresses are the canonical name's (the chain's end), or the name's own when
    // there is no chain.
    let want = if qtype == T_A { 4 } else { 16 };
    let before = out.n;
    for rr in msg.answers() {
        if rr.rtype != qtype || rr.class != C_IN || rr.rdata.len() != want {
            continue;
        }
        if !same_name(msg.msg(), rr.name_pos, &end[..end_len]) {
            continue;
        }
        let mut addr = [0u8; 16];
        addr[..want].copy_from_slice(rr.rdata);
        out.push(Address { family: if qtype == T_A { AF_INET } else { AF_INET6 }, addr, scope: 0 });
    }
    if out.canon_len == 0 || out.n > before && before == 0 {
        out.set_canon(&end[..end_len]);
    }
    true
}

/// Asks DNS for `name`'s addresses of `family` (A for AF_INET, AAAA for AF_INET6, both for
/// AF_UNSPEC).
fn ask(conf: &Conf, name: &[u8], family: c_int, out: &mut Found) -> Result<(), Miss> {
    let types: &[u16] = match family {
        AF_INET => &[T_A],
        AF_INET6 => &[T_AAAA],
        _ => &[T_A, T_AAAA],
    };
    let mut queries = [[0u8; NS_PACKETSZ]; 2];
    let mut qlens = [0usize; 2];
    let edns = conf.edns0.then_some(EDNS0_PAYLOAD);
    let ids = query::random_ids::<2>();
    for (i, &t) in types.iter().enumerate() {
        match query::build(name, C_IN, t, ids[i], edns, &mut queries[i]) {
            Some(n) => qlens[i] = n,
            // A name no query can carry (an empty label, too long) names nothing.
            None => return Err(Miss::NxDomain),
        }
    }
    // Not zeroed: only what an answer fills is read.
    let mut answers = [[MaybeUninit::<u8>::uninit(); ANSWER_ROOM]; 2];
    let [a0, a1] = &mut answers;
    let [q0, q1] = &queries;
    let mut ex = [Exchange::uninit(&q0[..qlens[0]], a0), Exchange::uninit(&q1[..qlens[1]], a1)];
    let count = types.len();
    if conf.single_request {
        for e in ex[..count].iter_mut() {
            send(conf, core::slice::from_mut(e));
        }
    } else {
        send(conf, &mut ex[..count]);
    }
    // A malformed answer (or one whose CNAME cannot be read) counts as no such name, as
    // musl counts it: the search goes on, and a lookup that finds nothing else fails with
    // EAI_NONAME.
    let (mut nx, mut servfail, mut silent) = (0, false, false);
    let before = out.n;
    for (e, &t) in ex[..count].iter().zip(types) {
        if e.len == 0 {
            silent = true;
            continue;
        }
        let Some(h) = crate::dns::packet::Header::parse(e.answer()) else {
            nx += 1;
            continue;
        };
        match h.rcode {
            NOERROR if e.done => {
                if !addresses_from_answer(e.answer(), name, t, out) {
                    nx += 1;
                }
            }
            NXDOMAIN if e.done => nx += 1,
            _ => servfail = true,
        }
    }
    if out.n > before {
        Ok(())
    } else if silent {
        Err(Miss::Silent)
    } else if servfail {
        Err(Miss::ServFail)
    } else if nx == count {
        Err(Miss::NxDomain)
    } else {
        Err(Miss::NoData)
    }
}

/// Looks `name` up in DNS through the search list (the module docs).
pub fn from_dns(name: &[u8], family: c_int, out: &mut Found) -> Result<(), Failure> {
    let conf = conf::load();
    from_dns_with(&conf, name, family, out)
}

/// [`from_dns`] with a given configuration.
pub fn from_dns_with(conf: &Conf, name: &[u8], family: c_int, out: &mut Found) -> Result<(), Failure> {
    search(conf, name, |candidate| ask(conf, candidate, family, out))
}

/// A name's addresses: numeric, else /etc/hosts, else DNS. `numeric_only` is
/// `AI_NUMERICHOST`.
pub fn lookup(name: &[u8], family: c_int, numeric_only: bool, out: &mut Found) -> Result<(), Failure> {
    if let Some(a) = numeric(name) {
        if family != AF_UNSPEC && a.family != family {
            return Err(Failure::NoName);
        }
        out.push(a);
        out.set_canon(name);
        return Ok(());
    }
    if numeric_only || !valid_hostname(name) {
        return Err(Failure::NoName);
    }
    match from_hosts(name, family, out) {
        Err(Failure::NoName) => from_dns(name, family, out),
        r => r,
    }
}
