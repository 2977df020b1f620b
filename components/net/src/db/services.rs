//! /etc/services (services(5)): `getservbyname`, `getservbyport`, their `_r` forms,
//! `getservent`, `setservent`, `endservent`; and for `getaddrinfo`/`getnameinfo`,
//! [`port_by_name`] and [`name_by_port`].
//!
//! A line is `name port/protocol aliases...`; the port is decimal, at most 65535. Names
//! and protocols match exactly (case counts), and the first matching line wins.
//!
//! musl answers a lookup from a name alone: `s_name` is the name asked for, the only alias
//! is that name again, and any protocol but `tcp` and `udp` is refused (EINVAL). Here, as
//! in glibc and as POSIX describes `s_name` ("official name of the service"), the record is
//! the line's: its first name, all its aliases, and any protocol it names. As in musl, a
//! name made of digits is never a service name (`getservbyname("80", "tcp")` finds nothing,
//! as on both), `getservbyport` looks at the low 16 bits of its `port`, and `_r` returns
//! ENOENT (not 0) when nothing matches.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::netdb::Servent;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::{ENOENT, ERANGE};

use super::fields::{Fields, decimal, fields, split_once};
use super::open_error;
use super::pack::{Ent, Full, Packer, Slot, Source};

/// The database.
pub const PATH: &CStr = c"/etc/services";
const SERVICES: Source<'static> = Source { path: PATH, builtin: b"" };

/// One line of /etc/services.
#[derive(Clone, Debug)]
pub struct Service<'a> {
    pub name: &'a [u8],
    /// In host byte order.
    pub port: u16,
    pub proto: &'a [u8],
    pub aliases: Fields<'a>,
}

impl<'a> Service<'a> {
    /// Parses a line; `None` for a comment, an empty line, or a malformed one (no port,
    /// a port that is not a decimal number up to 65535, no protocol).
    pub fn parse(line: &'a [u8]) -> Option<Service<'a>> {
        let mut f = fields(line);
        let name = f.next()?;
        let (port, proto) = split_once(f.next()?, b'/')?;
        let port = decimal(port, u16::MAX.into())? as u16;
        if proto.is_empty() {
            return None;
        }
        Some(Service { name, port, proto, aliases: f })
    }

    /// Whether `name` is the service's name or one of its aliases.
    pub fn has_name(&self, name: &[u8]) -> bool {
        self.name == name || self.aliases.clone().any(|a| a == name)
    }

    /// Fills `se` from `p`'s buffer.
    fn pack(&self, p: &mut Packer<'_>, se: &mut Servent) -> Result<(), Full> {
        let aliases = p.list(self.aliases.clone())?;
        let name = p.str(self.name)?;
        let proto = p.str(self.proto)?;
        *se = Servent { s_name: name, s_aliases: aliases, s_port: self.port.to_be().into(), s_proto: proto };
        Ok(())
    }
}

/// The protocol a lookup wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Tcp,
    Udp,
    /// The first line with the name, whatever its protocol.
    Any,
}

impl Proto {
    fn accepts(self, proto: &[u8]) -> bool {
        match self {
            Proto::Tcp => proto == b"tcp",
            Proto::Udp => proto == b"udp",
            Proto::Any => true,
        }
    }
}

/// The first line of `src` that `want` accepts, handed to `found`; ENOENT when there is
/// none, or the error of opening the file.
fn find<T>(src: &Source<'_>, want: impl Fn(&Service<'_>) -> bool, found: impl FnOnce(&Service<'_>) -> T) -> Result<T, c_int> {
    let mut lines = src.open().map_err(open_error)?;
    while let Some(line) = lines.next_line() {
        if let Some(s) = Service::parse(line)
            && want(&s)
        {
            return Ok(found(&s));
        }
    }
    Err(ENOENT)
}

/// The port (host order) of service `name` (or an alias) over `proto`, from `path`.
pub fn port_by_name_in(path: &CStr, name: &[u8], proto: Proto) -> Option<u16> {
    let src = Source { path, builtin: b"" };
    find(&src, |s| proto.accepts(s.proto) && s.has_name(name), |s| s.port).ok()
}

/// The port (host order) of service `name` (or an alias) over `proto`, from
/// /etc/services; `None` when it has no such line (or cannot be read).
pub fn port_by_name(name: &[u8], proto: Proto) -> Option<u16> {
    port_by_name_in(PATH, name, proto)
}

/// The name of the service on `port` (host order) over TCP or UDP, from `path`, written to
/// `out` with a NUL after it; its length without the NUL. `None` when no line matches or
/// the name and its NUL do not fit in `out`.
pub fn name_by_port_in(path: &CStr, port: u16, udp: bool, out: &mut [u8]) -> Option<usize> {
    let proto = if udp { Proto::Udp } else { Proto::Tcp };
    let src = Source { path, builtin: b"" };
    find(&src, |s| s.port == port && proto.accepts(s.proto), |s| {
        let n = s.name.len();
        out.get_mut(..=n).map(|dst| {
            dst[..n].copy_from_slice(s.name);
            dst[n] = 0;
            n
        })
    })
    .ok()
    .flatten()
}

/// [`name_by_port_in`] over /etc/services, for `getnameinfo`.
pub fn name_by_port(port: u16, udp: bool, out: &mut [u8]) -> Option<usize> {
    name_by_port_in(PATH, port, udp, out)
}

/// What `getservbyname` or `getservbyport` asks for.
enum Query<'q> {
    Name(&'q [u8]),
    Port(u16),
}

/// Finds the service for `q` (over protocol `proto`, any when `None`) in `src` and packs it
/// into `se`: ENOENT when none matches, ERANGE when it does not fit.
fn lookup(src: &Source<'_>, q: &Query<'_>, proto: Option<&[u8]>, p: &mut Packer<'_>, se: &mut Servent) -> Result<(), c_int> {
    if let Query::Name(name) = *q
        && is_number(name)
    {
        return Err(ENOENT);
    }
    let want = |s: &Service<'_>| {
        proto.is_none_or(|proto| s.proto == proto)
            && match *q {
                Query::Name(name) => s.has_name(name),
                Query::Port(port) => s.port == port,
            }
    };
    find(src, want, |s| s.pack(p, se).map_err(|Full| ERANGE))?
}

/// Whether `name` reads whole as a number (`strtoul(name, &end, 10)` with `*end == 0`: an
/// optional sign and digits, or nothing at all), which musl never takes for a service name.
fn is_number(name: &[u8]) -> bool {
    let digits = match name {
        [b'+' | b'-', rest @ ..] => rest,
        _ => name,
    };
    name.is_empty() || (!digits.is_empty() && digits.iter().all(u8::is_ascii_digit))
}

/// The shared part of the `_r` functions.
///
/// # Safety
/// As for [`getservbyname_r`].
unsafe fn lookup_r(
    q: Query<'_>,
    proto: *const c_char,
    se: *mut Servent,
    buf: *mut c_char,
    buflen: usize,
    res: *mut *mut Servent,
) -> c_int {
    // SAFETY: the caller passes a writable result pointer.
    unsafe { *res = null_mut() };
    // SAFETY: the caller passes null or a NUL-terminated protocol name.
    let proto = (!proto.is_null()).then(|| unsafe { CStr::from_ptr(proto) }.to_bytes());
    // SAFETY: the caller vouches for `buflen` bytes at `buf`, unused by anything else.
    let mut p = unsafe { Packer::from_raw(buf, buflen) };
    // SAFETY: the caller passes a writable record.
    match lookup(&SERVICES, &q, proto, &mut p, unsafe { &mut *se }) {
        Ok(()) => {
            // SAFETY: as above.
            unsafe { *res = se };
            0
        }
        Err(e) => e,
    }
}

/// `getservbyname_r(name, proto, se, buf, buflen, res)`—Looks up service `name` (or an
/// alias) over protocol `proto` (any when null) in /etc/services, into `*se` and `buf`;
/// sets `*res` to `se`, or to null on failure. Returns 0, ENOENT when there is no such
/// service (a numeric `name` is none), or ERANGE when `buflen` is too small.
///
/// # Safety
/// `name` must be a NUL-terminated string, `proto` null or one; `se` and `res` writable;
/// `buf` valid for writes of `buflen` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getservbyname_r(
    name: *const c_char,
    proto: *const c_char,
    se: *mut Servent,
    buf: *mut c_char,
    buflen: usize,
    res: *mut *mut Servent,
) -> c_int {
    // SAFETY: the caller passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    // SAFETY: forwarded contract.
    unsafe { lookup_r(Query::Name(name), proto, se, buf, buflen, res) }
}

/// `getservbyport_r(port, proto, se, buf, buflen, res)`—Looks up the service on `port`
/// (network byte order, its low 16 bits) over protocol `proto` (any when null), as
/// `getservbyname_r` does.
///
/// # Safety
/// As for `getservbyname_r`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getservbyport_r(
    port: c_int,
    proto: *const c_char,
    se: *mut Servent,
    buf: *mut c_char,
    buflen: usize,
    res: *mut *mut Servent,
) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { lookup_r(Query::Port(u16::from_be(port as u16)), proto, se, buf, buflen, res) }
}

/// The database's static state.
struct State {
    ent: Ent<Servent>,
    byname: Slot<Servent>,
    byport: Slot<Servent>,
}

// SAFETY: the records' pointers are null or point into their own slot's buffer, which
// moves with them; nothing in the state belongs to a thread.
unsafe impl Send for State {}

const NONE: Servent = Servent { s_name: null_mut(), s_aliases: null_mut(), s_port: 0, s_proto: null_mut() };
static STATE: Mutex<State> = Mutex::new(State { ent: Ent::new(NONE), byname: Slot::new(NONE), byport: Slot::new(NONE) });

/// The non-`_r` lookups: into `slot`, under the lock.
///
/// # Safety
/// `proto` must be null or a NUL-terminated string.
unsafe fn lookup_static(q: Query<'_>, proto: *const c_char, slot: impl FnOnce(&mut State) -> &mut Slot<Servent>) -> *mut Servent {
    // SAFETY: the caller passes null or a NUL-terminated protocol name.
    let proto = (!proto.is_null()).then(|| unsafe { CStr::from_ptr(proto) }.to_bytes());
    let mut st = STATE.lock();
    slot(&mut st).fill(|p, se| lookup(&SERVICES, &q, proto, p, se))
}

/// `getservbyname(name, proto)`—As `getservbyname_r`, into a static record that the next
/// `getservbyname` overwrites; null when there is no such service.
///
/// # Safety
/// `name` must be a NUL-terminated string, `proto` null or one.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getservbyname(name: *const c_char, proto: *const c_char) -> *mut Servent {
    // SAFETY: the caller passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    // SAFETY: forwarded contract.
    unsafe { lookup_static(Query::Name(name), proto, |st| &mut st.byname) }
}

/// `getservbyport(port, proto)`—As `getservbyport_r`, into a static record that the next
/// `getservbyport` overwrites; null when there is no such service.
///
/// # Safety
/// `proto` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getservbyport(port: c_int, proto: *const c_char) -> *mut Servent {
    // SAFETY: forwarded contract.
    unsafe { lookup_static(Query::Port(u16::from_be(port as u16)), proto, |st| &mut st.byport) }
}

/// `getservent` over `src`'s stream in `ent`.
fn next_ent(ent: &mut Ent<Servent>, src: &Source<'_>) -> *mut Servent {
    ent.next(src, |line, p, se| Service::parse(line).is_some_and(|s| s.pack(p, se).is_ok()))
}

/// `getservent()`—The next service of /etc/services (opening it first if need be), in a
/// static record the next call overwrites; null at the end.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getservent() -> *mut Servent {
    next_ent(&mut STATE.lock().ent, &SERVICES)
}

/// `setservent(stayopen)`—Opens /etc/services for `getservent`, or goes back to its first
/// line. The stream stays open until `endservent` whatever `stayopen` says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setservent(_stayopen: c_int) {
    STATE.lock().ent.set(&SERVICES);
}

/// `endservent()`—Closes `getservent`'s stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endservent() {
    STATE.lock().ent.end();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;

    const TEXT: &[u8] = b"# services\n\
        tcpmux\t1/tcp\t\t\t# TCP port service multiplexer\n\
        http\t\t80/tcp\t\twww www-http\t# WorldWideWeb HTTP\n\
        domain 53/tcp\n\
        domain 53/udp\n\
        \n\
        bad1 65536/tcp\n\
        bad2 -1/tcp\n\
        bad3 80\n\
        bad4 80/\n\
        bad5 /tcp\n\
        bad6 0x50/tcp\n\
        bad7 99999999999999999999999/udp\n\
        nameonly\n\
        max 65535/udp top\n\
        zero 0/tcp\n\
        fsp 21/udp fspd\n\
        ddp-svc 21/ddp\n\
        80 8080/tcp\n\
        Case 7/tcp\n\
        nulname 6/tcp\0 hidden\n\
        last 9/tcp lastalias";

    /// The text of a record's string.
    ///
    /// # Safety
    /// `p` must be a NUL-terminated UTF-8 string that outlives the test.
    unsafe fn s(p: *const c_char) -> &'static str {
        // SAFETY: the tests pass NUL-terminated strings from a record.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap()
    }

    /// A record as `name port proto aliases...`.
    fn show(se: &Servent) -> String {
        // SAFETY: a filled record's strings and null-terminated alias array.
        unsafe {
            let mut out = format!("{} {} {}", s(se.s_name), u16::from_be(se.s_port as u16), s(se.s_proto));
            let mut a = se.s_aliases;
            while !(*a).is_null() {
                out += " ";
                out += s(*a);
                a = a.add(1);
            }
            out
        }
    }

    fn by(src: &Source<'_>, q: Query<'_>, proto: Option<&[u8]>) -> Result<String, c_int> {
        let mut buf = [0u8; 512];
        let mut se = NONE;
        lookup(src, &q, proto, &mut Packer::new(&mut buf), &mut se).map(|()| show(&se))
    }

    #[test]
    fn parse_lines() {
        let s = Service::parse(b"http 80/tcp www www-http # x").unwrap();
        assert_eq!((s.name, s.port, s.proto), (&b"http"[..], 80, &b"tcp"[..]));
        assert_eq!(s.aliases.collect::<Vec<_>>(), [&b"www"[..], b"www-http"]);
        for bad in [&b""[..], b"# c", b"x", b"x 80", b"x 80/", b"x /tcp", b"x 65536/tcp", b"x +1/tcp", b"x 1e3/tcp", b"#x 1/tcp"] {
            assert!(Service::parse(bad).is_none(), "{bad:?}");
        }
        assert_eq!(Service::parse(b"x 00065535/a/b").map(|s| (s.port, s.proto)), Some((65535, &b"a/b"[..])));
    }

    #[test]
    fn lookups() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        let name = |n: &'static str, p: Option<&str>| by(&src, Query::Name(n.as_bytes()), p.map(str::as_bytes));
        let port = |n: u16, p: Option<&str>| by(&src, Query::Port(n), p.map(str::as_bytes));
        assert_eq!(name("http", Some("tcp")).unwrap(), "http 80 tcp www www-http");
        assert_eq!(name("www-http", None).unwrap(), "http 80 tcp www www-http");
        assert_eq!(name("http", Some("udp")), Err(ENOENT));
        assert_eq!(name("HTTP", None), Err(ENOENT));
        assert_eq!(name("domain", None).unwrap(), "domain 53 tcp");
        assert_eq!(name("domain", Some("udp")).unwrap(), "domain 53 udp");
        assert_eq!(name("fspd", Some("udp")).unwrap(), "fsp 21 udp fspd");
        assert_eq!(name("ddp-svc", Some("ddp")).unwrap(), "ddp-svc 21 ddp");
        assert_eq!(name("last", None).unwrap(), "last 9 tcp lastalias");
        assert_eq!(name("lastalias", Some("tcp")).unwrap(), "last 9 tcp lastalias");
        assert_eq!(name("Case", None).unwrap(), "Case 7 tcp");
        assert_eq!(name("max", None).unwrap(), "max 65535 udp top");
        assert_eq!(name("nulname", None).unwrap(), "nulname 6 tcp");
        assert_eq!(name("hidden", None), Err(ENOENT));
        for bad in ["bad1", "bad2", "bad3", "bad4", "bad5", "bad6", "bad7", "nameonly", "tcp", "", "80", "+80", "-1"] {
            assert_eq!(name(bad, None), Err(ENOENT), "{bad}");
        }
        assert_eq!(port(80, None).unwrap(), "http 80 tcp www www-http");
        assert_eq!(port(53, Some("udp")).unwrap(), "domain 53 udp");
        assert_eq!(port(21, None).unwrap(), "fsp 21 udp fspd");
        assert_eq!(port(0, None).unwrap(), "zero 0 tcp");
        assert_eq!(port(8080, None).unwrap(), "80 8080 tcp");
        assert_eq!(port(81, None), Err(ENOENT));
        let missing = Source { path: c"/nonexistent/services", builtin: b"" };
        assert_eq!(by(&missing, Query::Port(80), None), Err(ENOENT));
    }

    #[test]
    fn long_lines_are_skipped() {
        let mut text = b"long 77/tcp".to_vec();
        while text.len() < 3 * super::super::lines::LINE_MAX {
            text.extend_from_slice(b" alias");
        }
        text.extend_from_slice(b"\nafter 78/tcp\n");
        let f = TempFile::new(&text);
        let src = Source { path: &f.path, builtin: b"" };
        assert_eq!(by(&src, Query::Name(b"long"), None), Err(ENOENT));
        assert_eq!(by(&src, Query::Port(77), None), Err(ENOENT));
        assert_eq!(by(&src, Query::Name(b"after"), None).unwrap(), "after 78 tcp");
    }

    #[test]
    fn lookups_leave_the_enumeration_alone() {
        // On the real /etc/services, through the C functions and the static state.
        let count = |interleave: bool| {
            setservent(0);
            let mut n = 0;
            while !getservent().is_null() {
                n += 1;
                if interleave {
                    // SAFETY: a NUL-terminated name, no protocol.
                    unsafe {
                        getservbyname(c"http".as_ptr(), null_mut());
                        getservbyport(c_int::from(53u16.to_be()), null_mut());
                    }
                }
            }
            endservent();
            n
        };
        assert_eq!(count(false), count(true));
    }

    #[test]
    fn small_buffers_give_erange() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        // Three pointers, "http\0www\0www-http\0" and "tcp\0": 24 + 18 + 4 bytes, plus up
        // to 7 of alignment.
        let need = 3 * size_of::<*mut c_char>() + 18 + 4;
        let mut buf = [0u8; 64];
        for len in 0..64 {
            let mut se = NONE;
            // Aligned: no padding is needed.
            let mut p = Packer::new(&mut buf[..len]);
            let r = lookup(&src, &Query::Name(b"www"), None, &mut p, &mut se);
            if (buf.as_ptr() as usize).is_multiple_of(align_of::<*mut c_char>()) {
                assert_eq!(r.is_ok(), len >= need, "{len}");
            }
            assert!(r == Ok(()) || r == Err(ERANGE));
        }
    }

    #[test]
    fn internal_api() {
        let f = TempFile::new(TEXT);
        assert_eq!(port_by_name_in(&f.path, b"http", Proto::Tcp), Some(80));
        assert_eq!(port_by_name_in(&f.path, b"www", Proto::Any), Some(80));
        assert_eq!(port_by_name_in(&f.path, b"http", Proto::Udp), None);
        assert_eq!(port_by_name_in(&f.path, b"domain", Proto::Udp), Some(53));
        assert_eq!(port_by_name_in(&f.path, b"fsp", Proto::Tcp), None);
        assert_eq!(port_by_name_in(&f.path, b"ddp-svc", Proto::Any), Some(21));
        assert_eq!(port_by_name_in(&f.path, b"ddp-svc", Proto::Tcp), None);
        assert_eq!(port_by_name_in(c"/nonexistent", b"http", Proto::Any), None);
        let mut out = [0xffu8; 8];
        assert_eq!(name_by_port_in(&f.path, 80, false, &mut out), Some(4));
        assert_eq!(&out[..5], b"http\0");
        assert_eq!(name_by_port_in(&f.path, 80, true, &mut out), None);
        assert_eq!(name_by_port_in(&f.path, 53, true, &mut out), Some(6));
        assert_eq!(&out[..7], b"domain\0");
        assert_eq!(name_by_port_in(&f.path, 53, true, &mut out[..6]), None);
        assert_eq!(name_by_port_in(&f.path, 21, true, &mut out), Some(3));
        assert_eq!(name_by_port_in(&f.path, 21, false, &mut out), None);
    }

    #[test]
    fn enumeration() {
        let f = TempFile::new(TEXT);
        let src = Source { path: &f.path, builtin: b"" };
        let mut ent = Ent::new(NONE);
        let mut all = Vec::new();
        loop {
            let se = next_ent(&mut ent, &src);
            if se.is_null() {
                break;
            }
            // SAFETY: a non-null result is the filled record.
            all.push(show(unsafe { &*se }));
        }
        assert_eq!(
            all,
            [
                "tcpmux 1 tcp",
                "http 80 tcp www www-http",
                "domain 53 tcp",
                "domain 53 udp",
                "max 65535 udp top",
                "zero 0 tcp",
                "fsp 21 udp fspd",
                "ddp-svc 21 ddp",
                "80 8080 tcp",
                "Case 7 tcp",
                "nulname 6 tcp",
                "last 9 tcp lastalias"
            ]
        );
        assert!(next_ent(&mut ent, &src).is_null());
        ent.set(&src);
        // SAFETY: the first record.
        assert_eq!(show(unsafe { &*next_ent(&mut ent, &src) }), "tcpmux 1 tcp");
        ent.end();
        // SAFETY: reopened from the start.
        assert_eq!(show(unsafe { &*next_ent(&mut ent, &src) }), "tcpmux 1 tcp");
        let missing = Source { path: c"/nonexistent/services", builtin: b"" };
        let mut ent = Ent::new(NONE);
        ent.set(&missing);
        assert!(next_ent(&mut ent, &missing).is_null());
    }

    #[test]
    fn c_functions_use_etc_services() {
        // Whatever /etc/services holds here, the C entry points agree with the core.
        let Ok(mut lines) = SERVICES.open() else { return };
        let mut first = None;
        while let Some(l) = lines.next_line() {
            if let Some(s) = Service::parse(l) {
                first = Some((s.name.to_vec(), s.port, s.proto.to_vec()));
                break;
            }
        }
        let Some((name, port, proto)) = first else { return };
        let cname = std::ffi::CString::new(name.clone()).unwrap();
        let cproto = std::ffi::CString::new(proto).unwrap();
        // SAFETY: NUL-terminated strings; the result is the static record.
        let se = unsafe { getservbyname(cname.as_ptr(), cproto.as_ptr()) };
        assert!(!se.is_null());
        // SAFETY: non-null: the static record.
        assert_eq!(u16::from_be(unsafe { (*se).s_port } as u16), port);
        // SAFETY: as above.
        let se = unsafe { getservbyport(c_int::from(port.to_be()), cproto.as_ptr()) };
        assert!(!se.is_null());
        let mut rec = NONE;
        let mut res = null_mut();
        let mut buf = [0 as c_char; 1024];
        // SAFETY: a buffer of the size given, writable record and result.
        let r = unsafe { getservbyname_r(cname.as_ptr(), null_mut(), &mut rec, buf.as_mut_ptr(), buf.len(), &mut res) };
        assert_eq!((r, res), (0, &raw mut rec));
        // SAFETY: as above.
        let r = unsafe { getservbyname_r(c"no-such-service-limpet".as_ptr(), null_mut(), &mut rec, buf.as_mut_ptr(), buf.len(), &mut res) };
        assert_eq!((r, res), (ENOENT, null_mut()));
        // SAFETY: as above, with a buffer too small for anything.
        let r = unsafe { getservbyport_r(c_int::from(port.to_be()), null_mut(), &mut rec, buf.as_mut_ptr(), 1, &mut res) };
        assert_eq!((r, res), (ERANGE, null_mut()));
        setservent(1);
        assert!(!getservent().is_null());
        endservent();
    }
}
