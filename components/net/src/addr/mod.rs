//! Addresses: byte order (`htonl`, ...), the text forms of IPv4 and IPv6 addresses
//! (`inet_pton`, `inet_ntop`, the old `inet_aton` family) and the IPv6 constants
//! `in6addr_any` and `in6addr_loopback`.
pub mod byteorder;
pub mod inet;
pub mod ntop;
pub mod pton;

use core::ffi::c_int;
use core::mem::size_of;

use limpet_abi::socket::{AF_INET, AF_INET6, In6Addr, InAddr, SockaddrIn, SockaddrIn6};

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

/// The first 12 bytes of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
pub const V4_MAPPED: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/// An IP address of either family, as the resolver and the name services pass them: a
/// name server, a lookup's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IpAddress {
    /// `AF_INET` or `AF_INET6`.
    pub family: c_int,
    /// Network order; IPv4 in the first four bytes.
    pub addr: [u8; 16],
    /// The IPv6 scope (interface index); 0 for none.
    pub scope: u32,
}

/// Room for either socket address.
#[repr(C)]
#[derive(Clone, Copy)]
pub union SockaddrInet {
    pub v4: SockaddrIn,
    pub v6: SockaddrIn6,
}

impl IpAddress {
    /// The address as 16 bytes, IPv4 as IPv4-mapped.
    pub fn mapped(&self) -> [u8; 16] {
        if self.family == AF_INET {
            let mut m = [0u8; 16];
            m[..12].copy_from_slice(&V4_MAPPED);
            m[12..].copy_from_slice(&self.addr[..4]);
            m
        } else {
            self.addr
        }
    }

    /// The socket address of this address and `port` (host order), and its length.
    pub fn sockaddr(&self, port: u16) -> (SockaddrInet, usize) {
        if self.family == AF_INET {
            let v4 = SockaddrIn {
                sin_family: AF_INET as u16,
                sin_port: port.to_be(),
                sin_addr: InAddr { s_addr: u32::from_ne_bytes([self.addr[0], self.addr[1], self.addr[2], self.addr[3]]) },
                ..Default::default()
            };
            (SockaddrInet { v4 }, size_of::<SockaddrIn>())
        } else {
            let v6 = SockaddrIn6 {
                sin6_family: AF_INET6 as u16,
                sin6_port: port.to_be(),
                sin6_addr: In6Addr { s6_addr: self.addr },
                sin6_scope_id: self.scope,
                ..Default::default()
            };
            (SockaddrInet { v6 }, size_of::<SockaddrIn6>())
        }
    }
}
