//! `<resolv.h>`'s query functions over the engine: `res_init`, `res_query`, `res_search`
//! (the search list, [`super::search`]), `res_querydomain`, `res_send`, and
//! `__res_state`, the `_res` record `res_init` fills.
//!
//! The configuration is checked on every call (`conf::load`), so a changed resolv.conf
//! takes effect at once; `_res` only reports it, and changing `_res` changes nothing.
use core::cell::UnsafeCell;
use core::ffi::{CStr, c_char, c_int, c_uchar, c_ulong};

use limpet_abi::nameser::NS_PACKETSZ;
use limpet_abi::netdb::{HOST_NOT_FOUND, NO_DATA, NO_RECOVERY, ResState, TRY_AGAIN};
use limpet_abi::socket::{AF_INET, InAddr, SockaddrIn};
use limpet_syscall::errno::{EINVAL, ETIMEDOUT};
use limpet_syscall::set_errno;

use super::conf::{self, Conf};
use super::search::{Failure, Miss, search};
use super::send::{Exchange, send};
use crate::dns::packet::Header;
use crate::dns::{NOERROR, NXDOMAIN, SERVFAIL, query};
use crate::lookup::herror::set_h_errno;

/// `RES_INIT | RES_RECURSE | RES_DEFNAMES | RES_DNSRCH`, what `_res.options` reports.
const RES_DEFAULT_OPTIONS: c_ulong = 0x1 | 0x40 | 0x80 | 0x200;
/// The UDP payload announced with `options edns0`.
const EDNS0_PAYLOAD: u16 = 1232;
/// The DNS port, as `_res.nsaddr_list` gives it.
const PORT: u16 = 53;

struct State(UnsafeCell<ResState>);
// SAFETY: `_res` is a process-wide record by its C definition; `res_init` rewrites it and
// programs read it, with no more synchronisation than glibc's or musl's.
unsafe impl Sync for State {}

// SAFETY: all-zero is a valid ResState (null pointers, zero numbers).
static RES: State = State(UnsafeCell::new(unsafe { core::mem::zeroed() }));

/// `__res_state()`—The address of `_res`, the resolver's state record.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __res_state() -> *mut ResState {
    RES.0.get()
}

/// `res_init()`—Reads the configuration anew (even an unchanged resolv.conf) into `_res`
/// (servers, timeout, attempts, ndots, the search list in `dnsrch` and `defdname`); 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn res_init() -> c_int {
    conf::reload();
    let c = conf::load().with_host_domain();
    // SAFETY: the record is process-wide (see `State`).
    let r = unsafe { &mut *RES.0.get() };
    r.retrans = c.timeout as c_int;
    r.retry = c.attempts as c_int;
    r.options = RES_DEFAULT_OPTIONS;
    r.nscount = 0;
    for s in c.servers[..c.nservers].iter().filter(|s| s.family == AF_INET) {
        r.nsaddr_list[r.nscount as usize] = SockaddrIn {
            sin_family: AF_INET as u16,
            sin_port: PORT.to_be(),
            sin_addr: InAddr { s_addr: u32::from_ne_bytes([s.addr[0], s.addr[1], s.addr[2], s.addr[3]]) },
            ..Default::default()
        };
        r.nscount += 1;
    }
    r.bits = (r.bits & !0xf) | c.ndots.min(15);
    r.defdname = [0; 256];
    r.dnsrch = [core::ptr::null_mut(); 7];
    let mut at = 0;
    for (i, d) in c.search().enumerate().take(r.dnsrch.len() - 1) {
        if at + d.len() + 1 > r.defdname.len() {
            break;
        }
        for (k, &b) in d.iter().enumerate() {
            r.defdname[at + k] = b as c_char;
        }
        r.dnsrch[i] = r.defdname[at..].as_mut_ptr();
        at += d.len() + 1;
    }
    0
}

/// Sends `msg` to the servers of `c`; the answer's whole length (what landed in `answer` is
/// cut to its size), or `None` when no server answered.
fn exchange(c: &Conf, msg: &[u8], answer: &mut [u8]) -> Option<usize> {
    let mut ex = [Exchange::new(msg, answer)];
    send(c, &mut ex);
    (ex[0].len > 0).then_some(ex[0].full)
}

/// One query of `name`; the answer's length, or why it gave nothing (with `h_errno` set).
fn query_one(c: &Conf, name: &[u8], class: c_int, ty: c_int, answer: &mut [u8]) -> Result<usize, Miss> {
    let mut q = [0u8; NS_PACKETSZ];
    let edns = c.edns0.then_some(EDNS0_PAYLOAD);
    let Some(qlen) = query::build(name, class as u16, ty as u16, query::random_id(), edns, &mut q) else {
        set_h_errno(NO_RECOVERY);
        return Err(Miss::Unusable);
    };
    let Some(full) = exchange(c, &q[..qlen], answer) else {
        set_h_errno(TRY_AGAIN);
        return Err(Miss::Silent);
    };
    let got = &answer[..full.min(answer.len())];
    let Some(h) = Header::parse(got) else {
        set_h_errno(NO_RECOVERY);
        return Err(Miss::Unusable);
    };
    match h.rcode {
        NXDOMAIN => {
            set_h_errno(HOST_NOT_FOUND);
            Err(Miss::NxDomain)
        }
        NOERROR if h.ancount == 0 => {
            set_h_errno(NO_DATA);
            Err(Miss::NoData)
        }
        NOERROR => Ok(full),
        SERVFAIL => {
            set_h_errno(TRY_AGAIN);
            Err(Miss::ServFail)
        }
        _ => {
            set_h_errno(NO_RECOVERY);
            Err(Miss::Unusable)
        }
    }
}

/// The caller's answer buffer, or `None` (errno EINVAL) when it is null with room claimed.
///
/// # Safety
/// `answer` must be null or writable for `anslen` bytes.
unsafe fn answer_buf<'a>(answer: *mut c_uchar, anslen: c_int) -> Option<&'a mut [u8]> {
    if anslen < 0 || (answer.is_null() && anslen > 0) {
        set_errno(EINVAL);
        return None;
    }
    if answer.is_null() {
        return Some(&mut []);
    }
    // SAFETY: the caller vouches for `anslen` bytes at `answer`.
    Some(unsafe { core::slice::from_raw_parts_mut(answer, anslen as usize) })
}

/// The bytes of a C string argument.
///
/// # Safety
/// `s` must be a NUL-terminated string.
unsafe fn text<'a>(s: *const c_char) -> &'a [u8] {
    // SAFETY: forwarded.
    unsafe { CStr::from_ptr(s) }.to_bytes()
}

/// `res_query(name, class, type, answer, anslen)`—Asks the servers for `name`'s records of
/// `type` and `class` (recursion desired), the answer into `answer`; its whole length
/// (which may pass `anslen`: only `anslen` bytes are stored), or -1 with `h_errno` set:
/// HOST_NOT_FOUND (NXDOMAIN), NO_DATA (no records of that type), TRY_AGAIN (SERVFAIL or
/// no answer), NO_RECOVERY. The name is taken as it is, without the search list.
///
/// # Safety
/// `name` must be a NUL-terminated string and `answer` writable for `anslen` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn res_query(name: *const c_char, class: c_int, ty: c_int, answer: *mut c_uchar, anslen: c_int) -> c_int {
    // SAFETY: forwarded contract.
    let Some(buf) = (unsafe { answer_buf(answer, anslen) }) else { return -1 };
    let c = conf::load();
    // SAFETY: the caller passes a NUL-terminated string.
    match query_one(&c, unsafe { text(name) }, class, ty, buf) {
        Ok(n) => n as c_int,
        Err(_) => -1,
    }
}

/// `res_search(name, class, type, answer, anslen)`—`res_query` through the search list
/// (the order of resolv.conf(5) and glibc, [`super::search`]); `h_errno` at the end says
/// why nothing was found: NO_DATA when some name had no records of the type, TRY_AGAIN
/// when a server failed, HOST_NOT_FOUND otherwise.
///
/// # Safety
/// As for [`res_query`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn res_search(name: *const c_char, class: c_int, ty: c_int, answer: *mut c_uchar, anslen: c_int) -> c_int {
    // SAFETY: forwarded contract.
    let Some(buf) = (unsafe { answer_buf(answer, anslen) }) else { return -1 };
    let c = conf::load();
    // SAFETY: the caller passes a NUL-terminated string.
    match search(&c, unsafe { text(name) }, |candidate| query_one(&c, candidate, class, ty, buf)) {
        Ok(n) => n as c_int,
        Err(f) => {
            set_h_errno(match f {
                Failure::NoName => HOST_NOT_FOUND,
                Failure::NoData => NO_DATA,
                Failure::Again => TRY_AGAIN,
                Failure::Fail => NO_RECOVERY,
            });
            -1
        }
    }
}

/// `res_querydomain(name, domain, class, type, answer, anslen)`—`res_query` of
/// `name.domain` (or `name` alone when `domain` is null); -1 with `h_errno` NO_RECOVERY
/// when the joined name is longer than a name can be.
///
/// # Safety
/// `name` and `domain` (unless null) must be NUL-terminated strings; `answer` as for
/// [`res_query`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn res_querydomain(
    name: *const c_char,
    domain: *const c_char,
    class: c_int,
    ty: c_int,
    answer: *mut c_uchar,
    anslen: c_int,
) -> c_int {
    // SAFETY: the caller passes NUL-terminated strings.
    let (n, d) = unsafe { (text(name), if domain.is_null() { &[][..] } else { text(domain) }) };
    let mut full = [0u8; 256];
    let len = n.len() + if d.is_empty() { 0 } else { 1 + d.len() };
    if len >= full.len() - 1 {
        set_h_errno(NO_RECOVERY);
        return -1;
    }
    full[..n.len()].copy_from_slice(n);
    if !d.is_empty() {
        full[n.len()] = b'.';
        full[n.len() + 1..len].copy_from_slice(d);
    }
    // SAFETY: `full` is NUL-terminated (zeroed past `len`); `answer` forwarded.
    unsafe { res_query(full.as_ptr().cast(), class, ty, answer, anslen) }
}

/// `res_send(msg, msglen, answer, anslen)`—Sends the query `msg` to the configured servers
/// and stores the answer (whatever its response code) in `answer`; its whole length (only
/// `anslen` bytes are stored), or -1 with errno ETIMEDOUT when no server answered.
///
/// # Safety
/// `msg` must be readable for `msglen` bytes and `answer` writable for `anslen`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn res_send(msg: *const c_uchar, msglen: c_int, answer: *mut c_uchar, anslen: c_int) -> c_int {
    if msg.is_null() || msglen < 12 {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: forwarded contract.
    let Some(buf) = (unsafe { answer_buf(answer, anslen) }) else { return -1 };
    // SAFETY: the caller vouches for `msglen` bytes at `msg`.
    let q = unsafe { core::slice::from_raw_parts(msg, msglen as usize) };
    let c = conf::load();
    match exchange(&c, q, buf) {
        Some(n) => n as c_int,
        None => {
            set_errno(ETIMEDOUT);
            -1
        }
    }
}
