//! `inet_pton`: the standard text forms of IPv4 (dotted decimal, exactly four parts, no
//! leading zeros) and IPv6 (RFC 4291 section 2.2: eight groups, one `::`, an optional
//! dotted IPv4 tail) addresses. Rejects everything else without reading past the string.
use core::ffi::{CStr, c_char, c_int, c_void};

use limpet_abi::socket::{AF_INET, AF_INET6};
use limpet_syscall::errno::EAFNOSUPPORT;
use limpet_syscall::set_errno;

/// The groups of an IPv6 address.
const GROUPS: usize = 8;
/// The most hex digits in a group.
const GROUP_DIGITS: usize = 4;

/// A dotted-decimal IPv4 address: four decimal parts of 1 to 3 digits, each at most 255,
/// with no leading zero (`01` is refused: other parsers read it as octal). One pass over
/// the bytes.
pub fn parse_v4(s: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let (mut part, mut value, mut digits) = (0usize, 0u32, 0u32);
    for &c in s {
        match c {
            b'0'..=b'9' => {
                // A second digit after a leading zero, or a fourth digit.
                if digits == 3 || (digits == 1 && value == 0) {
                    return None;
                }
                value = value * 10 + u32::from(c - b'0');
                digits += 1;
            }
            b'.' if digits > 0 && part < 3 => {
                out[part] = u8::try_from(value).ok()?;
                part += 1;
                value = 0;
                digits = 0;
            }
            _ => return None,
        }
    }
    if digits == 0 || part != 3 {
        return None;
    }
    out[3] = u8::try_from(value).ok()?;
    Some(out)
}

/// The value of a hex digit, or `None`.
fn hex_value(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'f' => Some(u32::from(c - b'a' + 10)),
        b'A'..=b'F' => Some(u32::from(c - b'A' + 10)),
        _ => None,
    }
}

/// An IPv6 address in any of RFC 4291's text forms. `::` stands for one or more zero
/// groups, so it cannot appear with eight groups written out. One pass over the bytes.
pub fn parse_v6(s: &[u8]) -> Option<[u8; 16]> {
    let mut groups = [0u16; GROUPS];
    let mut n = 0;
    // Where `::` stood, as a count of the groups before it.
    let mut gap: Option<usize> = None;
    let mut i = 0;
    if s.starts_with(b"::") {
        gap = Some(0);
        i = 2;
        if s.len() == 2 {
            return Some([0; 16]);
        }
    }
    loop {
        // A field: hex digits, or (when a dot follows its digits) the dotted IPv4 tail.
        let start = i;
        let mut value = 0u32;
        while let Some(d) = s.get(i).and_then(|&c| hex_value(c)) {
            if i - start == GROUP_DIGITS {
                return None;
            }
            value = value << 4 | d;
            i += 1;
        }
        if i == start {
            return None;
        }
        if s.get(i) == Some(&b'.') {
            if n + 2 > GROUPS {
                return None;
            }
            let v4 = parse_v4(&s[start..])?;
            groups[n] = u16::from_be_bytes([v4[0], v4[1]]);
            groups[n + 1] = u16::from_be_bytes([v4[2], v4[3]]);
            n += 2;
            break;
        }
        if n == GROUPS {
            return None;
        }
        groups[n] = value as u16;
        n += 1;
        match s.get(i) {
            None => break,
            Some(b':') => i += 1,
            Some(_) => return None,
        }
        if s.get(i) == Some(&b':') {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            i += 1;
            if i == s.len() {
                break;
            }
        }
    }
    let (head, tail) = match gap {
        None if n != GROUPS => return None,
        Some(_) if n >= GROUPS => return None,
        Some(g) => (g, n - g),
        None => (n, 0),
    };
    let mut out = [0u8; 16];
    for (i, g) in groups[..head].iter().enumerate() {
        out[2 * i..2 * i + 2].copy_from_slice(&g.to_be_bytes());
    }
    for (i, g) in groups[head..n].iter().enumerate() {
        let slot = GROUPS - tail + i;
        out[2 * slot..2 * slot + 2].copy_from_slice(&g.to_be_bytes());
    }
    Some(out)
}

/// An IPv6 address with an optional `%zone` (a scope number, or an interface's name looked
/// up by index), as resolv.conf and `getaddrinfo` take it; the address and the scope (0
/// without a zone). `None` when the address is malformed or the zone names no interface.
pub fn parse_v6_scoped(s: &[u8]) -> Option<([u8; 16], u32)> {
    let Some(i) = s.iter().position(|&c| c == b'%') else { return Some((parse_v6(s)?, 0)) };
    let (addr, zone) = (parse_v6(&s[..i])?, &s[i + 1..]);
    let scope = if !zone.is_empty() && zone.iter().all(u8::is_ascii_digit) {
        zone.iter().try_fold(0u32, |v, &c| v.checked_mul(10)?.checked_add(u32::from(c - b'0')))?
    } else {
        crate::iface::name::index_of(zone).ok()?
    };
    Some((addr, scope))
}

/// `inet_pton(af, src, dst)`—Converts the text address `src` of family `af` (`AF_INET`,
/// `AF_INET6`) into its network-order bytes at `dst` (4 or 16 of them): 1, or 0 when `src`
/// is not an address of that family (`dst` untouched), or -1 with errno EAFNOSUPPORT.
///
/// # Safety
/// `src` must be a NUL-terminated string; `dst` must be writable for the family's size.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inet_pton(af: c_int, src: *const c_char, dst: *mut c_void) -> c_int {
    // SAFETY: the caller passes a NUL-terminated string.
    let s = unsafe { CStr::from_ptr(src) }.to_bytes();
    let write = |bytes: &[u8]| {
        // SAFETY: the caller vouches for the family's size at `dst`; `bytes` has that size.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.cast::<u8>(), bytes.len()) };
        1
    };
    match af {
        AF_INET => parse_v4(s).map_or(0, |a| write(&a)),
        AF_INET6 => parse_v6(s).map_or(0, |a| write(&a)),
        _ => {
            set_errno(EAFNOSUPPORT);
            -1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Option<[u16; 8]> {
        parse_v6(s.as_bytes()).map(|b| core::array::from_fn(|i| u16::from_be_bytes([b[2 * i], b[2 * i + 1]])))
    }

    #[test]
    fn dotted_quads() {
        assert_eq!(parse_v4(b"1.2.3.4"), Some([1, 2, 3, 4]));
        assert_eq!(parse_v4(b"255.255.255.255"), Some([255; 4]));
        assert_eq!(parse_v4(b"0.0.0.0"), Some([0; 4]));
        for bad in ["", "1.2.3", "1.2.3.4.", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", "1..2.3", "1.2.3.4 ", " 1.2.3.4", "1.2.3.0x1", "1234.1.1.1", "1.2.3.-4"] {
            assert_eq!(parse_v4(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn ipv6_forms() {
        assert_eq!(v6("::"), Some([0; 8]));
        assert_eq!(v6("::1"), Some([0, 0, 0, 0, 0, 0, 0, 1]));
        assert_eq!(v6("1::"), Some([1, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(v6("1:2:3:4:5:6:7:8"), Some([1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(v6("1:2:3:4:5:6:7::"), Some([1, 2, 3, 4, 5, 6, 7, 0]));
        assert_eq!(v6("::2:3:4:5:6:7:8"), Some([0, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(v6("fe80::1:AbCd"), Some([0xfe80, 0, 0, 0, 0, 0, 1, 0xabcd]));
        assert_eq!(v6("::ffff:1.2.3.4"), Some([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]));
        assert_eq!(v6("1:2:3:4:5:6:1.2.3.4"), Some([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]));
        assert_eq!(v6("1::1.2.3.4"), Some([1, 0, 0, 0, 0, 0, 0x0102, 0x0304]));
        for bad in [
            "", ":", ":::", "1", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", ":1::", "1:", "1::2:",
            "12345::", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8::", "1.2.3.4", "::1.2.3", "::1.2.3.4:5",
            "1:2:3:4:5:6:7:1.2.3.4", "g::", "::%1", " ::", ":: ", "1:2:3:4:5:6:7:8:",
        ] {
            assert_eq!(v6(bad), None, "{bad}");
        }
    }

    #[test]
    fn zones() {
        assert_eq!(parse_v6_scoped(b"fe80::1%7"), Some((parse_v6(b"fe80::1").unwrap(), 7)));
        assert_eq!(parse_v6_scoped(b"::1"), Some((parse_v6(b"::1").unwrap(), 0)));
        let lo = crate::iface::name::index_of(b"lo").unwrap();
        assert_eq!(parse_v6_scoped(b"fe80::1%lo").map(|r| r.1), Some(lo));
        for bad in [&b"fe80::1%no-such-if0"[..], b"fe80::1%99999999999", b"1.2.3.4%1", b"::1%"] {
            assert_eq!(parse_v6_scoped(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn c_entry_point() {
        let mut out = [0xaau8; 16];
        // SAFETY: literals and a 16-byte buffer.
        unsafe {
            assert_eq!(inet_pton(AF_INET, c"10.0.0.1".as_ptr(), out.as_mut_ptr().cast()), 1);
            assert_eq!(out[..4], [10, 0, 0, 1]);
            assert_eq!(inet_pton(AF_INET, c"10.0.0".as_ptr(), out.as_mut_ptr().cast()), 0);
            assert_eq!(inet_pton(AF_INET6, c"::2".as_ptr(), out.as_mut_ptr().cast()), 1);
            assert_eq!(out[15], 2);
            assert_eq!(inet_pton(12345, c"::2".as_ptr(), out.as_mut_ptr().cast()), -1);
        }
        assert_eq!(limpet_syscall::errno(), EAFNOSUPPORT);
    }
}
