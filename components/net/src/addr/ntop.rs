//! `inet_ntop`: IPv4 as dotted decimal, IPv6 as eight lowercase hex groups with the longest
//! run of zero groups written `::`, as musl writes it (below), and `::ffff:a.b.c.d` for an
//! IPv4-mapped address.
use core::ffi::{c_char, c_int, c_void};

use limpet_abi::socket::{AF_INET, AF_INET6, INET_ADDRSTRLEN, INET6_ADDRSTRLEN};
use limpet_syscall::errno::{EAFNOSUPPORT, ENOSPC};
use limpet_syscall::set_errno;

use super::V4_MAPPED;

/// The longest IPv4 text, with its NUL.
pub const V4_TEXT: usize = INET_ADDRSTRLEN as usize;
/// The longest IPv6 text, with its NUL.
pub const V6_TEXT: usize = INET6_ADDRSTRLEN as usize;

/// A text buffer being filled.
struct Text<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Text<'_> {
    fn push(&mut self, c: u8) {
        self.buf[self.len] = c;
        self.len += 1;
    }

    fn decimal(&mut self, v: u8) {
        if v >= 100 {
            self.push(b'0' + v / 100);
        }
        if v >= 10 {
            self.push(b'0' + v / 10 % 10);
        }
        self.push(b'0' + v % 10);
    }

    fn hex(&mut self, v: u16) {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut shift = 12;
        while shift > 0 && v >> shift == 0 {
            shift -= 4;
        }
        loop {
            self.push(DIGITS[usize::from(v >> shift & 0xf)]);
            if shift == 0 {
                break;
            }
            shift -= 4;
        }
    }

    fn dotted(&mut self, a: &[u8]) {
        for (i, &b) in a.iter().enumerate() {
            if i > 0 {
                self.push(b'.');
            }
            self.decimal(b);
        }
    }
}

/// Writes `a` as dotted decimal into `out`; the length, without a NUL.
pub fn format_v4(a: &[u8; 4], out: &mut [u8; V4_TEXT]) -> usize {
    let mut t = Text { buf: out, len: 0 };
    t.dotted(a);
    t.len
}


/// Writes `a` as IPv6 text into `out`; the length, without a NUL.
///
/// Which zeros become `::` is musl's rule, kept so programs see the same text: the groups
/// are written out in full, and the longest stretch of the text made only of `:` and `0`
/// that starts at the beginning or at a `:` is replaced by `::` when it is longer than 3
/// characters (two zero groups or more); the first of equal stretches wins. A stretch in
/// the middle counts its leading `:`, so it beats an equally long run of groups at the
/// start ("0:0:1:0:0:2:3:4" becomes "0:0:1::2:3:4", where RFC 5952 would pick the first).
pub fn format_v6(a: &[u8; 16], out: &mut [u8; V6_TEXT]) -> usize {
    let mut full = [0u8; V6_TEXT];
    let mut t = Text { buf: &mut full, len: 0 };
    let mapped = a[..12] == V4_MAPPED;
    let hex_groups = if mapped { 6 } else { 8 };
    for i in 0..hex_groups {
        if i > 0 {
            t.push(b':');
        }
        t.hex(u16::from_be_bytes([a[2 * i], a[2 * i + 1]]));
    }
    if mapped {
        t.push(b':');
        t.dotted(&a[12..]);
    }
    let len = t.len;
    let text = &full[..len];
    let (mut best, mut best_len) = (0, 3);
    for i in 0..text.len() {
        if i > 0 && text[i] != b':' {
            continue;
        }
        let run = text[i..].iter().take_while(|&&c| c == b':' || c == b'0').count();
        if run > best_len {
            best = i;
            best_len = run;
        }
    }
    if best_len == 3 {
        out[..text.len()].copy_from_slice(text);
        return text.len();
    }
    out[..best].copy_from_slice(&text[..best]);
    out[best] = b':';
    out[best + 1] = b':';
    let rest = &text[best + best_len..];
    out[best + 2..best + 2 + rest.len()].copy_from_slice(rest);
    best + 2 + rest.len()
}

/// `inet_ntop(af, src, dst, size)`—Writes the address at `src` (4 bytes for `AF_INET`, 16
/// for `AF_INET6`) as text into `dst`, NUL included; `dst`, or null with errno ENOSPC when
/// `size` is too small (nothing written) or EAFNOSUPPORT.
///
/// # Safety
/// `src` must hold the family's address; `dst` must be writable for `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inet_ntop(af: c_int, src: *const c_void, dst: *mut c_char, size: u32) -> *const c_char {
    let mut text = [0u8; V6_TEXT];
    let len = match af {
        AF_INET => {
            let mut v4 = [0u8; V4_TEXT];
            // SAFETY: the caller's `src` holds four bytes for AF_INET.
            let n = format_v4(unsafe { &*src.cast::<[u8; 4]>() }, &mut v4);
            text[..n].copy_from_slice(&v4[..n]);
            n
        }
        // SAFETY: the caller's `src` holds sixteen bytes for AF_INET6.
        AF_INET6 => format_v6(unsafe { &*src.cast::<[u8; 16]>() }, &mut text),
        _ => {
            set_errno(EAFNOSUPPORT);
            return core::ptr::null();
        }
    };
    if len >= size as usize {
        set_errno(ENOSPC);
        return core::ptr::null();
    }
    text[len] = 0;
    // SAFETY: `len + 1 <= size` bytes, which the caller vouches are writable at `dst`.
    unsafe { core::ptr::copy_nonoverlapping(text.as_ptr(), dst.cast::<u8>(), len + 1) };
    dst
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addr::pton::parse_v6;

    fn v6(s: &str) -> String {
        let a = parse_v6(s.as_bytes()).unwrap();
        let mut out = [0; V6_TEXT];
        let n = format_v6(&a, &mut out);
        String::from_utf8(out[..n].to_vec()).unwrap()
    }

    #[test]
    fn ipv6_text() {
        assert_eq!(v6("::"), "::");
        assert_eq!(v6("::1"), "::1");
        assert_eq!(v6("1::"), "1::");
        assert_eq!(v6("1:0:2:3:4:5:6:7"), "1:0:2:3:4:5:6:7");
        assert_eq!(v6("1:0:0:2:0:0:0:3"), "1:0:0:2::3");
        assert_eq!(v6("0:0:1:0:0:2:3:4"), "0:0:1::2:3:4");
        assert_eq!(v6("0:0:0:1:0:0:2:3"), "::1:0:0:2:3");
        assert_eq!(v6("FE80::ABCD"), "fe80::abcd");
        assert_eq!(v6("::ffff:1.2.3.4"), "::ffff:1.2.3.4");
        assert_eq!(v6("::1.2.3.4"), "::102:304");
        assert_eq!(v6("1:2:3:4:5:6:7:8"), "1:2:3:4:5:6:7:8");
        assert_eq!(v6("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff").len(), 39);
        assert_eq!(v6("::ffff:255.255.255.255"), "::ffff:255.255.255.255");
    }

    #[test]
    fn round_trips() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20000 {
            let mut a = [0u8; 16];
            for g in 0..8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let v = if x & 3 == 0 { (x >> 8) as u16 } else { 0 };
                a[2 * g..2 * g + 2].copy_from_slice(&v.to_be_bytes());
            }
            let mut out = [0; V6_TEXT];
            let n = format_v6(&a, &mut out);
            assert_eq!(parse_v6(&out[..n]), Some(a), "{}", String::from_utf8_lossy(&out[..n]));
        }
    }

    #[test]
    fn c_entry_point() {
        let mut buf = [0 as c_char; 64];
        let a = [192u8, 168, 0, 255];
        // SAFETY: a 4-byte address and a 64-byte buffer.
        unsafe {
            assert!(!inet_ntop(AF_INET, a.as_ptr().cast(), buf.as_mut_ptr(), 64).is_null());
            assert_eq!(core::ffi::CStr::from_ptr(buf.as_ptr()).to_bytes(), b"192.168.0.255");
            assert!(inet_ntop(AF_INET, a.as_ptr().cast(), buf.as_mut_ptr(), 13).is_null());
            assert_eq!(limpet_syscall::errno(), ENOSPC);
            assert!(!inet_ntop(AF_INET, a.as_ptr().cast(), buf.as_mut_ptr(), 14).is_null());
            assert!(inet_ntop(99, a.as_ptr().cast(), buf.as_mut_ptr(), 64).is_null());
            assert_eq!(limpet_syscall::errno(), EAFNOSUPPORT);
        }
    }
}
