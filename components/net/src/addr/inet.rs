//! The old IPv4 functions of `<arpa/inet.h>`: `inet_aton` and `inet_addr` (the BSD text
//! forms: one to four parts, each decimal, octal with a leading `0` or hex with `0x`, the
//! last part filling the bytes left), `inet_ntoa`, `inet_network`, and the classful
//! `inet_makeaddr`, `inet_lnaof`, `inet_netof`.
use core::cell::UnsafeCell;
use core::ffi::{CStr, c_char, c_int};

use limpet_abi::socket::{INADDR_NONE, InAddr, in_addr_t};

use super::ntop::{V4_TEXT, format_v4};

/// One part: digits in the base its prefix says, as `strtoul(s, &end, 0)` reads them; the
/// value (saturated past `u32::MAX`) and where the digits end. `None` when no digit starts
/// the part (a sign or a space is no digit).
fn part(s: &[u8]) -> Option<(u64, usize)> {
    if !s.first()?.is_ascii_digit() {
        return None;
    }
    let (base, start) = match s {
        [b'0', b'x' | b'X', c, ..] if c.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 0),
        _ => (10, 0),
    };
    let mut v: u64 = 0;
    let mut end = start;
    while let Some(d) = s.get(end).and_then(|&c| (c as char).to_digit(base)) {
        v = (v * u64::from(base) + u64::from(d)).min(u64::from(u32::MAX) + 1);
        end += 1;
    }
    Some((v, end))
}

/// The four byte values `inet_aton`'s forms give, before their range is checked: `a.b.c.d`,
/// `a.b.c` (c fills 16 bits), `a.b` (b fills 24), `a` (32). A value over 255 makes the text
/// no address; `None` when it is not even of that shape (no digit, junk, five parts).
fn split(s: &[u8]) -> Option<[u64; 4]> {
    let mut parts = [0u64; 4];
    let mut n = 0;
    let mut at = 0;
    loop {
        if n == parts.len() {
            return None;
        }
        let (v, len) = part(s.get(at..)?)?;
        parts[n] = v;
        n += 1;
        at += len;
        match s.get(at) {
            None => break,
            Some(b'.') => at += 1,
            Some(_) => return None,
        }
    }
    // Every part but the last is one byte; the last fills the bytes left, the excess
    // landing in the first of them.
    let last = parts[n - 1];
    let mut bytes = [0u64; 4];
    bytes[..n - 1].copy_from_slice(&parts[..n - 1]);
    for (k, b) in bytes[n - 1..].iter_mut().enumerate() {
        let shift = 8 * (4 - n - k) as u32;
        *b = if k == 0 { last >> shift } else { last >> shift & 0xff };
    }
    Some(bytes)
}

/// `inet_aton`'s forms (above); the address as the `u32` stored in a `struct in_addr`
/// (network order in memory).
pub fn aton(s: &[u8]) -> Option<u32> {
    let b = split(s)?;
    if b.iter().any(|&v| v > 0xff) {
        return None;
    }
    Some(u32::from_ne_bytes([b[0] as u8, b[1] as u8, b[2] as u8, b[3] as u8]))
}

/// `inet_aton(cp, inp)`—Parses the address text `cp` (the forms above) into `*inp`; 1, or 0
/// when `cp` is no address. As musl's, the bytes are stored one by one: text of the right
/// shape with a value out of range leaves the bytes before that value written.
///
/// # Safety
/// `cp` must be a NUL-terminated string and `inp` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inet_aton(cp: *const c_char, inp: *mut InAddr) -> c_int {
    // SAFETY: the caller passes a NUL-terminated string.
    let Some(bytes) = split(unsafe { CStr::from_ptr(cp) }.to_bytes()) else { return 0 };
    let out = inp.cast::<u8>();
    for (i, &b) in bytes.iter().enumerate() {
        if b > 0xff {
            return 0;
        }
        // SAFETY: the caller's `struct in_addr` has four bytes.
        unsafe { out.add(i).write(b as u8) };
    }
    1
}

/// `inet_addr(cp)`—The address text `cp` in network order, or `INADDR_NONE` when it is no
/// address (which `255.255.255.255` also gives).
///
/// # Safety
/// `cp` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inet_addr(cp: *const c_char) -> in_addr_t {
    // SAFETY: the caller passes a NUL-terminated string.
    aton(unsafe { CStr::from_ptr(cp) }.to_bytes()).unwrap_or(INADDR_NONE)
}

/// `inet_network`'s value: the address in host order, as musl gives it (the `inet_addr`
/// forms, so `1.2` is 0x01000002); `INADDR_NONE` for no address.
pub fn network(s: &[u8]) -> u32 {
    aton(s).map_or(INADDR_NONE, u32::from_be)
}

/// `inet_network(cp)`—The address text `cp` in host byte order (musl's reading: that of
/// `inet_addr`), or `INADDR_NONE`.
///
/// # Safety
/// `cp` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inet_network(cp: *const c_char) -> in_addr_t {
    // SAFETY: the caller passes a NUL-terminated string.
    network(unsafe { CStr::from_ptr(cp) }.to_bytes())
}

/// `inet_ntoa`'s buffer, one per process as POSIX allows (the next call overwrites it).
struct NtoaBuf(UnsafeCell<[u8; V4_TEXT]>);
// SAFETY: `inet_ntoa` is not required to be thread-safe; the text is rewritten whole.
unsafe impl Sync for NtoaBuf {}
static NTOA: NtoaBuf = NtoaBuf(UnsafeCell::new([0; V4_TEXT]));

/// `inet_ntoa(in)`—`in` as dotted decimal, in a static buffer the next call overwrites.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inet_ntoa(addr: InAddr) -> *mut c_char {
    let bytes = addr.s_addr.to_ne_bytes();
    // SAFETY: the buffer is this function's alone; callers share it as POSIX says.
    let buf = unsafe { &mut *NTOA.0.get() };
    let n = format_v4(&bytes, buf);
    buf[n] = 0;
    buf.as_mut_ptr().cast()
}

/// The host bits of a classful address `h` (host order): 24 for class A, 16 for B, 8 else.
fn host_bits(h: u32) -> u32 {
    match h >> 24 {
        0..=127 => 24,
        128..=191 => 16,
        _ => 8,
    }
}

/// `inet_makeaddr(net, host)`—The address of `host` on the classful network `net` (in
/// network order, as BSD and glibc make it; musl leaves it in host order): a network number
/// below 128 is class A, below 65536 class B, below 2^24 class C.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inet_makeaddr(net: in_addr_t, host: in_addr_t) -> InAddr {
    let h = match net {
        0..=0x7f => net << 24 | host & 0xff_ffff,
        0x80..=0xffff => net << 16 | host & 0xffff,
        0x1_0000..=0xff_ffff => net << 8 | host & 0xff,
        _ => net | host,
    };
    InAddr { s_addr: h.to_be() }
}

/// `inet_lnaof(in)`—The host part of the classful address `in`, in host order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inet_lnaof(addr: InAddr) -> in_addr_t {
    let h = u32::from_be(addr.s_addr);
    h & ((1u32 << host_bits(h)) - 1)
}

/// `inet_netof(in)`—The network part of the classful address `in`, in host order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inet_netof(addr: InAddr) -> in_addr_t {
    let h = u32::from_be(addr.s_addr);
    h >> host_bits(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Option<[u8; 4]> {
        aton(s.as_bytes()).map(u32::to_ne_bytes)
    }

    #[test]
    fn bsd_forms() {
        assert_eq!(a("1.2.3.4"), Some([1, 2, 3, 4]));
        assert_eq!(a("1.2.3"), Some([1, 2, 0, 3]));
        assert_eq!(a("1.2.0x304"), Some([1, 2, 3, 4]));
        assert_eq!(a("1.0x20304"), Some([1, 2, 3, 4]));
        assert_eq!(a("0x01020304"), Some([1, 2, 3, 4]));
        assert_eq!(a("16909060"), Some([1, 2, 3, 4]));
        assert_eq!(a("010.0.0.1"), Some([8, 0, 0, 1]));
        assert_eq!(a("0"), Some([0; 4]));
        assert_eq!(a("4294967295"), Some([255; 4]));
        for bad in ["", ".", "1.", "1.2.3.4.", "1.2.3.4.5", "256.1.1.1", "1.16777216", "1.2.65536", "4294967296", "08", "0x", "1 ", " 1", "+1", "-1", "1..2", "0xg", "99999999999999999999999"] {
            assert_eq!(a(bad), None, "{bad}");
        }
    }

    #[test]
    fn classful() {
        let addr = |s: &str| InAddr { s_addr: aton(s.as_bytes()).unwrap() };
        assert_eq!(inet_netof(addr("10.1.2.3")), 10);
        assert_eq!(inet_lnaof(addr("10.1.2.3")), 0x01_0203);
        assert_eq!(inet_netof(addr("172.16.2.3")), 0xac10);
        assert_eq!(inet_lnaof(addr("172.16.2.3")), 0x0203);
        assert_eq!(inet_netof(addr("192.168.2.3")), 0xc0_a802);
        assert_eq!(inet_lnaof(addr("192.168.2.3")), 3);
        assert_eq!(inet_makeaddr(10, 0x01_0203), addr("10.1.2.3"));
        assert_eq!(inet_makeaddr(0xac10, 0x0203), addr("172.16.2.3"));
        assert_eq!(inet_makeaddr(0xc0_a802, 3), addr("192.168.2.3"));
        assert_eq!(network(b"1.2"), 0x0100_0002);
        assert_eq!(network(b"x"), INADDR_NONE);
    }

    #[test]
    fn ntoa_text() {
        let p = inet_ntoa(InAddr { s_addr: u32::from_ne_bytes([127, 0, 0, 1]) });
        // SAFETY: inet_ntoa returns its NUL-terminated buffer.
        assert_eq!(unsafe { CStr::from_ptr(p) }.to_bytes(), b"127.0.0.1");
    }
}
