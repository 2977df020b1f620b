//! `<netinet/ether.h>`: the text form of Ethernet addresses (`ether_aton`, `ether_ntoa`
//! and their `_r` forms), `ether_line`, and /etc/ethers (ethers(5)) through
//! `ether_ntohost` and `ether_hostton`.
//!
//! The text forms are musl's, which differ from glibc's:
//! - `ether_ntoa` writes each byte as two upper-case hex digits (`00:1A:0B:FF:10:01`);
//!   glibc writes lower case without leading zeros (`0:1a:b:ff:10:1`);
//! - `ether_aton` reads each of the six `:`-separated groups as `strtoul(..., 16)` does
//!   (so white space, a sign, `0x` and any number of leading zeros may start a group, and
//!   an empty group is 0), each at most 0xff, and nothing may follow the last group; glibc
//!   takes one or two hex digits per group and ignores what follows white space after the
//!   last.
//!
//! musl's `ether_line`, `ether_ntohost` and `ether_hostton` always fail; these are glibc's.
//! `ether_line` takes a line that starts with an address of one or two hex digits per group
//! and a host name after white space (the rest of the line, from a `#`, is a comment). In
//! /etc/ethers a line is `address name`, the address read as by `ether_aton`; a line
//! without a name is skipped (glibc returns it with an empty name). Host names match
//! without regard to case, as in glibc.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::ether::EtherAddr;
use limpet_start::lock::Mutex;

use super::fields::{Fields, content, fields, is_space};
use super::lines::Lines;

/// The database.
pub const PATH: &CStr = c"/etc/ethers";

/// The bytes of an address.
const OCTETS: usize = size_of::<EtherAddr>();
/// The largest value of a group.
const OCTET_MAX: u32 = 0xff;
/// The most hex digits in a group of `ether_line`'s address.
const GROUP_DIGITS: usize = 2;
/// The text of one byte in `ether_ntoa`'s output: two digits and a `:` (or, after the
/// last byte, the NUL).
const BYTE_TEXT: usize = 3;
/// `ether_ntoa`'s text, with its NUL.
pub const NTOA_LEN: usize = BYTE_TEXT * OCTETS;

/// One group as `strtoul(s, &end, 16)` reads it: its value (`None` when it passes 0xff)
/// and the bytes it spans (0 when it has no digit, as `end` is then `s`).
fn strtoul_group(s: &[u8]) -> (Option<u8>, usize) {
    let mut at = s.iter().take_while(|&&c| is_space(c)).count();
    let negative = match s.get(at) {
        Some(b'-') => {
            at += 1;
            true
        }
        Some(b'+') => {
            at += 1;
            false
        }
        _ => false,
    };
    if s.get(at) == Some(&b'0') && matches!(s.get(at + 1), Some(b'x' | b'X')) && s.get(at + 2).is_some_and(u8::is_ascii_hexdigit) {
        at += 2;
    }
    let digits = at;
    // Saturates just past 0xff: larger values are all refused alike.
    let mut v: u32 = 0;
    while let Some(d) = s.get(at).and_then(|&c| (c as char).to_digit(16)) {
        v = (v * 16 + d).min(OCTET_MAX + 1);
        at += 1;
    }
    if at == digits {
        return (Some(0), 0);
    }
    // A negated value wraps around to near ULONG_MAX, unless it is 0.
    let v = if negative && v != 0 { OCTET_MAX + 1 } else { v };
    (u8::try_from(v).ok(), at)
}

/// `ether_aton`'s reading of `s` (the module docs say how lenient it is).
pub fn aton(s: &[u8]) -> Option<[u8; OCTETS]> {
    let mut out = [0u8; OCTETS];
    let mut at = 0;
    for (i, octet) in out.iter_mut().enumerate() {
        if i > 0 {
            if s.get(at) != Some(&b':') {
                return None;
            }
            at += 1;
        }
        let (v, len) = strtoul_group(&s[at..]);
        *octet = v?;
        at += len;
    }
    (at == s.len()).then_some(out)
}

/// `ether_line`'s address: six groups of one or two hex digits, separated by `:`.
fn strict(s: &[u8]) -> Option<[u8; OCTETS]> {
    let mut out = [0u8; OCTETS];
    let mut groups = s.split(|&c| c == b':');
    for octet in &mut out {
        let g = groups.next()?;
        if g.is_empty() || g.len() > GROUP_DIGITS {
            return None;
        }
        *octet = g.iter().try_fold(0u8, |v, &c| Some(v << 4 | (c as char).to_digit(16)? as u8))?;
    }
    if groups.next().is_some() { None } else { Some(out) }
}

/// `ether_line`'s reading of `line`: the address at its start, and the host name after it.
pub fn line(line: &[u8]) -> Option<([u8; OCTETS], &[u8])> {
    let end = line.iter().position(|&c| is_space(c)).unwrap_or(line.len());
    let addr = strict(&line[..end])?;
    let name = Fields::new(content(&line[end..])).next()?;
    Some((addr, name))
}

/// One line of /etc/ethers: the address and the host name.
fn entry(line: &[u8]) -> Option<([u8; OCTETS], &[u8])> {
    let mut f = fields(line);
    let addr = aton(f.next()?)?;
    Some((addr, f.next()?))
}

/// Writes `addr` as `ether_ntoa` does: `XX:XX:XX:XX:XX:XX` and a NUL.
pub fn ntoa(addr: &[u8; OCTETS], out: &mut [u8; NTOA_LEN]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for (i, (&b, text)) in addr.iter().zip(out.chunks_exact_mut(BYTE_TEXT)).enumerate() {
        text[0] = HEX[usize::from(b >> 4)];
        text[1] = HEX[usize::from(b & 0xf)];
        text[2] = if i + 1 == OCTETS { 0 } else { b':' };
    }
}

/// The first entry of the file at `path` that `f` takes; `None` when none does or the file
/// cannot be read.
fn find<T>(path: &CStr, mut f: impl FnMut([u8; OCTETS], &[u8]) -> Option<T>) -> Option<T> {
    let mut lines = Lines::open(path).ok()?;
    while let Some(l) = lines.next_line() {
        if let Some((addr, name)) = entry(l)
            && let Some(t) = f(addr, name)
        {
            return Some(t);
        }
    }
    None
}

/// The host name of `addr` in the file at `path`.
fn name_of<T>(path: &CStr, addr: &[u8; OCTETS], f: impl FnOnce(&[u8]) -> T) -> Option<T> {
    let mut f = Some(f);
    find(path, |a, name| if a == *addr { f.take().map(|f| f(name)) } else { None })
}

/// The address of host `name` in the file at `path`.
fn addr_of(path: &CStr, name: &[u8]) -> Option<[u8; OCTETS]> {
    find(path, |a, n| n.eq_ignore_ascii_case(name).then_some(a))
}

/// `ether_aton` and `ether_ntoa`'s static results.
struct Statics {
    aton: EtherAddr,
    ntoa: [u8; NTOA_LEN],
}

static STATICS: Mutex<Statics> = Mutex::new(Statics { aton: EtherAddr { ether_addr_octet: [0; OCTETS] }, ntoa: [0; NTOA_LEN] });

/// `ether_aton_r(s, addr)`—Reads the address text `s` (six `:`-separated hex groups, read
/// as musl reads them) into `*addr`; returns `addr`, or null when `s` is no address.
///
/// # Safety
/// `s` must be a NUL-terminated string and `addr` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_aton_r(s: *const c_char, addr: *mut EtherAddr) -> *mut EtherAddr {
    // SAFETY: the caller passes a NUL-terminated string.
    match aton(unsafe { CStr::from_ptr(s) }.to_bytes()) {
        Some(a) => {
            // SAFETY: the caller passes a writable address.
            unsafe { (*addr).ether_addr_octet = a };
            addr
        }
        None => null_mut(),
    }
}

/// `ether_aton(s)`—As `ether_aton_r`, into a static address that the next call overwrites.
///
/// # Safety
/// `s` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_aton(s: *const c_char) -> *mut EtherAddr {
    let mut st = STATICS.lock();
    // SAFETY: the caller passes a NUL-terminated string; the static address is writable.
    unsafe { ether_aton_r(s, &mut st.aton) }
}

/// `ether_ntoa_r(addr, buf)`—Writes `*addr` to `buf` as `XX:XX:XX:XX:XX:XX` (upper-case
/// hex, two digits a byte) and a NUL, 18 bytes; returns `buf`.
///
/// # Safety
/// `addr` must be readable and `buf` valid for writes of 18 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_ntoa_r(addr: *const EtherAddr, buf: *mut c_char) -> *mut c_char {
    // SAFETY: the caller passes a readable address and an 18-byte buffer.
    unsafe { ntoa(&(*addr).ether_addr_octet, &mut *buf.cast::<[u8; NTOA_LEN]>()) };
    buf
}

/// `ether_ntoa(addr)`—As `ether_ntoa_r`, into a static buffer that the next call
/// overwrites.
///
/// # Safety
/// `addr` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_ntoa(addr: *const EtherAddr) -> *mut c_char {
    let mut st = STATICS.lock();
    // SAFETY: the caller passes a readable address; the static buffer has 18 bytes.
    unsafe { ether_ntoa_r(addr, st.ntoa.as_mut_ptr().cast()) }
}

/// Copies `name` and a NUL to `out`.
///
/// # Safety
/// `out` must be valid for writes of `name.len() + 1` bytes.
unsafe fn copy_name(name: &[u8], out: *mut c_char) {
    // SAFETY: the caller vouches for the room; `name` is a line of ours, not in `out`.
    unsafe {
        out.cast::<u8>().copy_from_nonoverlapping(name.as_ptr(), name.len());
        out.add(name.len()).write(0);
    }
}

/// `ether_line(line, addr, hostname)`—Reads a line of the /etc/ethers form: an address
/// (one or two hex digits a group) at its very start, white space, and a host name (a
/// `#` starts a comment). Fills `*addr` and copies the name to `hostname`; 0, or -1 when
/// the line is not of that form.
///
/// # Safety
/// `line` must be a NUL-terminated string and `addr` writable; `hostname` must have room
/// for the name and a NUL (no more than the line's length).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_line(l: *const c_char, addr: *mut EtherAddr, hostname: *mut c_char) -> c_int {
    // SAFETY: the caller passes a NUL-terminated line.
    let Some((a, name)) = line(unsafe { CStr::from_ptr(l) }.to_bytes()) else { return -1 };
    // SAFETY: the caller passes a writable address and room for the name.
    unsafe {
        (*addr).ether_addr_octet = a;
        copy_name(name, hostname);
    }
    0
}

/// `ether_ntohost(hostname, addr)`—Copies the host name of address `*addr` in /etc/ethers
/// to `hostname`; 0, or -1 when it has none.
///
/// # Safety
/// `addr` must be readable; `hostname` must have room for the name and a NUL (at most a
/// line of the file: 1024 bytes always suffice).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_ntohost(hostname: *mut c_char, addr: *const EtherAddr) -> c_int {
    // SAFETY: the caller passes a readable address.
    let a = unsafe { (*addr).ether_addr_octet };
    // SAFETY: the caller vouches for room for the name.
    match name_of(PATH, &a, |name| unsafe { copy_name(name, hostname) }) {
        Some(()) => 0,
        None => -1,
    }
}

/// `ether_hostton(hostname, addr)`—Fills `*addr` with the address of host `hostname` (in
/// any case) in /etc/ethers; 0, or -1 when it has none.
///
/// # Safety
/// `hostname` must be a NUL-terminated string and `addr` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ether_hostton(hostname: *const c_char, addr: *mut EtherAddr) -> c_int {
    // SAFETY: the caller passes a NUL-terminated name.
    let name = unsafe { CStr::from_ptr(hostname) }.to_bytes();
    match addr_of(PATH, name) {
        Some(a) => {
            // SAFETY: the caller passes a writable address.
            unsafe { (*addr).ether_addr_octet = a };
            0
        }
        None => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::testfile::TempFile;

    fn text(a: Option<[u8; OCTETS]>) -> String {
        match a {
            Some(a) => {
                let mut out = [0u8; NTOA_LEN];
                ntoa(&a, &mut out);
                String::from_utf8(out[..NTOA_LEN - 1].to_vec()).unwrap()
            }
            None => "NULL".into(),
        }
    }

    #[test]
    fn aton_reads_as_musl() {
        // Each case and musl 1.2.3's answer, printed with its ether_ntoa.
        let cases: &[(&str, &str)] = &[
            ("0:1:2:3:4:5", "00:01:02:03:04:05"),
            ("00:11:22:33:44:55", "00:11:22:33:44:55"),
            ("AA:bb:Cc:dD:ee:FF", "AA:BB:CC:DD:EE:FF"),
            ("1:2:3:4:5", "NULL"),
            ("1:2:3:4:5:6:7", "NULL"),
            ("1:2:3:4:5:6 ", "NULL"),
            ("1:2:3:4:5:6\t", "NULL"),
            ("1:2:3:4:5:6 x", "NULL"),
            ("1:2:3:4:5:6x", "NULL"),
            ("001:2:3:4:5:6", "01:02:03:04:05:06"),
            ("1:2:3:4:5:006", "01:02:03:04:05:06"),
            ("1::3:4:5:6", "01:00:03:04:05:06"),
            (":1:2:3:4:5", "00:01:02:03:04:05"),
            ("1:2:3:4:5:", "01:02:03:04:05:00"),
            ("g:1:2:3:4:5", "NULL"),
            ("1-2-3-4-5-6", "NULL"),
            ("", "NULL"),
            (" 1:2:3:4:5:6", "01:02:03:04:05:06"),
            ("0x1:2:3:4:5:6", "01:02:03:04:05:06"),
            ("1:2:3:4:5:6#", "NULL"),
            ("ff:ff:ff:ff:ff:ff", "FF:FF:FF:FF:FF:FF"),
            ("1:2:3:4:5:6\n", "NULL"),
            ("+1:2:3:4:5:6", "01:02:03:04:05:06"),
            ("1:2:3:4:5:+6", "01:02:03:04:05:06"),
            ("100:2:3:4:5:6", "NULL"),
            ("-1:2:3:4:5:6", "NULL"),
            ("-0:2:3:4:5:6", "00:02:03:04:05:06"),
            ("0x:2:3:4:5:6", "NULL"),
            ("0xfg:2:3:4:5:6", "NULL"),
            ("00000000000000000000ff:2:3:4:5:6", "FF:02:03:04:05:06"),
            ("fffffffffffffffffffffff:2:3:4:5:6", "NULL"),
            ("\n\t 1:2:3:4:5:6", "01:02:03:04:05:06"),
            ("1: 2:3:4:5:6", "01:02:03:04:05:06"),
            ("1 :2:3:4:5:6", "NULL"),
            ("+:2:3:4:5:6", "NULL"),
        ];
        for &(s, want) in cases {
            assert_eq!(text(aton(s.as_bytes())), want, "{s:?}");
        }
    }

    #[test]
    fn lines_read_as_glibc() {
        // Each case and glibc 2.36's answer.
        type Case = (&'static [u8], Option<(&'static str, &'static str)>);
        let cases: &[Case] = &[
            (b"0:1:2:3:4:5 host", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5\thost", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5   host", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5 host extra", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5 host # c", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5 host#c", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5", None),
            (b"0:1:2:3:4:5 ", None),
            (b"0:1:2:3:4:5 #c", None),
            (b"# 0:1:2:3:4:5 host", None),
            (b" 0:1:2:3:4:5 host", None),
            (b"0:1:2:3:4:5host", None),
            (b"001:1:2:3:4:5 host", None),
            (b"0:1:2:3:4:5 host\n", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4:5  host  \n", Some(("00:01:02:03:04:05", "host"))),
            (b"0:1:2:3:4 host", None),
            (b"0:1:2:3:4:5:6 host", None),
            (b"1:2:3:4:5:06 host", Some(("01:02:03:04:05:06", "host"))),
            (b"0:1:2:3:4:5\n", None),
            (b"0:1:2:3:4:5\nhost", Some(("00:01:02:03:04:05", "host"))),
            (b"", None),
            (b"0:1:2:3:4:5#c host", None),
            (b"0x1:2:3:4:5:6 host", None),
            (b"aB:cD:eF:01:23:45 x", Some(("AB:CD:EF:01:23:45", "x"))),
        ];
        for &(l, want) in cases {
            let got = line(l).map(|(a, n)| (text(Some(a)), String::from_utf8(n.to_vec()).unwrap()));
            assert_eq!(got, want.map(|(a, n)| (a.to_string(), n.to_string())), "{:?}", String::from_utf8_lossy(l));
        }
    }

    #[test]
    fn ntoa_pads_and_capitalises() {
        let mut out = [0xffu8; NTOA_LEN];
        ntoa(&[0, 0x1a, 0xb, 0xff, 0x10, 1], &mut out);
        assert_eq!(&out, b"00:1A:0B:FF:10:01\0");
    }

    const ETHERS: &[u8] = b"# ethers\n\
        0:1:2:3:4:5 first\n\
        00:11:22:33:44:55\tSecond # c\n\
        0x1:2:3:4:5:6 hexpfx\n\
        001:2:3:4:5:7 threedig\n\
        1:2:3:4:5:8 two names\n\
        1:2:3:4:5:9\n\
        1:2:3:4:5:a 10.0.0.1\n\
        aa:bb:cc:dd:ee:ff dup\n\
        aa:bb:cc:dd:ee:fe dup\n\
        \x20 1:2:3:4:5:b lead\n\
        1:2:3:4:5:c last";

    #[test]
    fn the_ethers_file() {
        let f = TempFile::new(ETHERS);
        // As glibc 2.36 answers, but for the line without a name.
        let names: &[(&str, Option<&str>)] = &[
            ("first", Some("00:01:02:03:04:05")),
            ("FIRST", Some("00:01:02:03:04:05")),
            ("second", Some("00:11:22:33:44:55")),
            ("hexpfx", Some("01:02:03:04:05:06")),
            ("threedig", Some("01:02:03:04:05:07")),
            ("two", Some("01:02:03:04:05:08")),
            ("names", None),
            ("10.0.0.1", Some("01:02:03:04:05:0A")),
            ("dup", Some("AA:BB:CC:DD:EE:FF")),
            ("lead", Some("01:02:03:04:05:0B")),
            ("last", Some("01:02:03:04:05:0C")),
            ("nosuch", None),
            ("", None),
        ];
        for &(n, want) in names {
            assert_eq!(addr_of(&f.path, n.as_bytes()).map(|a| text(Some(a))).as_deref(), want, "{n}");
        }
        let addrs: &[(&str, Option<&str>)] = &[
            ("0:1:2:3:4:5", Some("first")),
            ("0:11:22:33:44:55", Some("Second")),
            ("1:2:3:4:5:6", Some("hexpfx")),
            ("1:2:3:4:5:8", Some("two")),
            ("1:2:3:4:5:9", None),
            ("aa:bb:cc:dd:ee:ff", Some("dup")),
            ("1:2:3:4:5:c", Some("last")),
            ("9:9:9:9:9:9", None),
        ];
        for &(a, want) in addrs {
            let a = aton(a.as_bytes()).unwrap();
            let got = name_of(&f.path, &a, |n| String::from_utf8(n.to_vec()).unwrap());
            assert_eq!(got.as_deref(), want, "{a:?}");
        }
        assert_eq!(addr_of(c"/nonexistent/ethers", b"first"), None);
    }

    #[test]
    fn c_functions() {
        let mut a = EtherAddr::default();
        // SAFETY: NUL-terminated strings and a writable address.
        unsafe {
            assert_eq!(ether_aton_r(c"1:2:3:4:5:6".as_ptr(), &mut a), &raw mut a);
            assert!(ether_aton_r(c"1:2:3:4:5".as_ptr(), &mut a).is_null());
            assert_eq!(a.ether_addr_octet, [1, 2, 3, 4, 5, 6]);
            let p = ether_aton(c"a:b:c:d:e:f".as_ptr());
            assert_eq!((*p).ether_addr_octet, [10, 11, 12, 13, 14, 15]);
            let mut buf = [1 as c_char; NTOA_LEN];
            assert_eq!(ether_ntoa_r(&a, buf.as_mut_ptr()), buf.as_mut_ptr());
            assert_eq!(CStr::from_ptr(buf.as_ptr()), c"01:02:03:04:05:06");
            assert_eq!(CStr::from_ptr(ether_ntoa(p)), c"0A:0B:0C:0D:0E:0F");
            let mut host = [0 as c_char; 32];
            assert_eq!(ether_line(c"0:1:2:3:4:5 myhost # x".as_ptr(), &mut a, host.as_mut_ptr()), 0);
            assert_eq!((a.ether_addr_octet, CStr::from_ptr(host.as_ptr())), ([0, 1, 2, 3, 4, 5], c"myhost"));
            assert_eq!(ether_line(c"0:1:2:3:4:5".as_ptr(), &mut a, host.as_mut_ptr()), -1);
            // The real /etc/ethers is usually missing; either way an unlisted name fails.
            assert_eq!(ether_hostton(c"no-such-host.limpet.invalid".as_ptr(), &mut a), -1);
            let unlikely = EtherAddr { ether_addr_octet: [0xfe, 0x11, 0x22, 0x33, 0x44, 0x57] };
            assert_eq!(ether_ntohost(host.as_mut_ptr(), &unlikely), -1);
        }
    }
}
