//! Addresses: byte order (`htonl`, ...), the text forms of IPv4 and IPv6 addresses
//! (`inet_pton`, `inet_ntop`, the old `inet_aton` family) and the IPv6 constants
//! `in6addr_any` and `in6addr_loopback`.
pub mod byteorder;
pub mod inet;
pub mod ntop;
pub mod pton;

use limpet_abi::socket::In6Addr;

/// Writes `v` in decimal at the start of `out` (room for 10 digits); how many digits.
pub(crate) fn put_decimal(v: u32, out: &mut [u8]) -> usize {
    let mut digits = [0u8; 10];
    let mut k = digits.len();
    let mut rest = v;
    loop {
        k -= 1;
        digits[k] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let n = digits.len() - k;
    out[..n].copy_from_slice(&digits[k..]);
    n
}

/// `in6addr_any`—`::`, the unspecified address.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static in6addr_any: In6Addr = In6Addr { s6_addr: [0; 16] };

/// `in6addr_loopback`—`::1`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static in6addr_loopback: In6Addr = In6Addr { s6_addr: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] };
