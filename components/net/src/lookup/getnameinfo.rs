//! `getnameinfo`: the host of a socket address by /etc/hosts then a PTR query (or as text),
//! and its service by /etc/services (or as a number). An IPv6 address with a scope has it
//! written after a `%`: the interface's name for a link-local one, else (or with
//! `NI_NUMERICSCOPE`, or when the interface has no name) the number, as musl writes it.
use core::ffi::{c_char, c_int};
use core::mem::size_of;

use limpet_abi::netdb::{EAI_AGAIN, EAI_FAIL, EAI_FAMILY, EAI_NONAME, EAI_OVERFLOW, NI_DGRAM, NI_NAMEREQD, NI_NUMERICHOST, NI_NUMERICSCOPE, NI_NUMERICSERV};
use limpet_abi::socket::{AF_INET, AF_INET6, Sockaddr, SockaddrIn, SockaddrIn6, socklen_t};

use super::name::NAME_ROOM;
use super::reverse;
use crate::addr::ntop::{V6_TEXT, format_v4, format_v6};
use crate::addr::put_decimal;
use crate::db::services::name_by_port;
use crate::resolv::search::Miss;

/// Copies `text` and a NUL into the caller's buffer of `len` bytes; `EAI_OVERFLOW` when it
/// does not fit.
///
/// # Safety
/// `dst` must be writable for `len` bytes.
unsafe fn put(dst: *mut c_char, len: socklen_t, text: &[u8]) -> Result<(), c_int> {
    if text.len() >= len as usize {
        return Err(EAI_OVERFLOW);
    }
    // SAFETY: `text.len() + 1 <= len` bytes, which the caller vouches for.
    unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr(), dst.cast::<u8>(), text.len());
        dst.add(text.len()).write(0);
    }
    Ok(())
}

/// The address as text, with its scope for a link-local IPv6 one.
fn numeric(family: c_int, addr: &[u8; 16], scope: u32, flags: c_int, out: &mut [u8; NAME_ROOM]) -> usize {
    if family == AF_INET {
        let mut t = [0u8; 16];
        let n = format_v4(&[addr[0], addr[1], addr[2], addr[3]], &mut t);
        out[..n].copy_from_slice(&t[..n]);
        return n;
    }
    let mut t = [0u8; V6_TEXT];
    let mut n = format_v6(addr, &mut t);
    out[..n].copy_from_slice(&t[..n]);
    let link_local = addr[0] == 0xfe && addr[1] & 0xc0 == 0x80 || addr[0] == 0xff && addr[1] & 0xf == 2;
    if scope != 0 {
        out[n] = b'%';
        n += 1;
        let mut name = [0 as c_char; 17];
        let named = link_local
            && flags & NI_NUMERICSCOPE == 0
            // SAFETY: a buffer of IF_NAMESIZE bytes.
            && !unsafe { crate::iface::name::if_indextoname(scope, name.as_mut_ptr()) }.is_null();
        if named {
            for &c in name.iter().take_while(|&&c| c != 0) {
                out[n] = c as u8;
                n += 1;
            }
        } else {
            n += put_decimal(scope, &mut out[n..]);
        }
    }
    n
}

/// `getnameinfo(sa, salen, host, hostlen, serv, servlen, flags)`—The host and service of
/// the socket address `sa` (see the module docs) into `host` and `serv` (either may be
/// null or of length 0: not asked for); 0, or `EAI_FAMILY` (a family other than IPv4 and
/// IPv6, or `salen` too short), `EAI_NONAME` (`NI_NAMEREQD` and no name), `EAI_AGAIN`
/// (no server answered), `EAI_OVERFLOW` (a buffer too small).
///
/// # Safety
/// `sa` must be readable for `salen` bytes; `host` and `serv` null or writable for
/// `hostlen` and `servlen` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getnameinfo(
    sa: *const Sockaddr,
    salen: socklen_t,
    host: *mut c_char,
    hostlen: socklen_t,
    serv: *mut c_char,
    servlen: socklen_t,
    flags: c_int,
) -> c_int {
    if sa.is_null() || (salen as usize) < size_of::<u16>() {
        return EAI_FAMILY;
    }
    // SAFETY: the caller's address holds at least its family.
    let family = c_int::from(unsafe { (*sa).sa_family });
    let mut addr = [0u8; 16];
    let (port, scope) = match family {
        AF_INET if salen as usize >= size_of::<SockaddrIn>() => {
            // SAFETY: `salen` covers a sockaddr_in.
            let s = unsafe { sa.cast::<SockaddrIn>().read_unaligned() };
            addr[..4].copy_from_slice(&s.sin_addr.s_addr.to_ne_bytes());
            (u16::from_be(s.sin_port), 0)
        }
        AF_INET6 if salen as usize >= size_of::<SockaddrIn6>() => {
            // SAFETY: `salen` covers a sockaddr_in6.
            let s = unsafe { sa.cast::<SockaddrIn6>().read_unaligned() };
            addr = s.sin6_addr.s6_addr;
            (u16::from_be(s.sin6_port), s.sin6_scope_id)
        }
        _ => return EAI_FAMILY,
    };
    let r = (|| {
        if !host.is_null() && hostlen > 0 {
            let mut text = [0u8; NAME_ROOM];
            let mut len = None;
            if flags & NI_NUMERICHOST == 0 {
                let bytes = if family == AF_INET { &addr[..4] } else { &addr[..] };
                len = reverse::from_hosts(family, bytes, &mut text);
                if len.is_none() {
                    match reverse::from_dns(family, bytes, &mut text) {
                        Ok(n) => len = Some(n),
                        Err(Miss::Silent) if flags & NI_NAMEREQD != 0 => return Err(EAI_AGAIN),
                        Err(Miss::ServFail) if flags & NI_NAMEREQD != 0 => return Err(EAI_AGAIN),
                        Err(Miss::Unusable) if flags & NI_NAMEREQD != 0 => return Err(EAI_FAIL),
                        Err(_) => {}
                    }
                }
            }
            let len = match len {
                Some(n) => n,
                None if flags & NI_NAMEREQD != 0 => return Err(EAI_NONAME),
                None => numeric(family, &addr, scope, flags, &mut text),
            };
            // SAFETY: the caller's buffer of `hostlen` bytes.
            unsafe { put(host, hostlen, &text[..len]) }?;
        }
        if !serv.is_null() && servlen > 0 {
            let mut text = [0u8; NAME_ROOM];
            let named = if flags & NI_NUMERICSERV == 0 { name_by_port(port, flags & NI_DGRAM != 0, &mut text) } else { None };
            let len = match named {
                Some(n) => n,
                None => put_decimal(u32::from(port), &mut text),
            };
            // SAFETY: the caller's buffer of `servlen` bytes.
            unsafe { put(serv, servlen, &text[..len]) }?;
        }
        Ok(())
    })();
    match r {
        Ok(()) => 0,
        Err(e) => e,
    }
}
