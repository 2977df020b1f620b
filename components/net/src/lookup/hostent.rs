//! `gethostbyname`, `gethostbyname2`, `gethostbyaddr` and their `_r` forms, over the same
//! lookups as `getaddrinfo` ([`super::name`], [`super::reverse`]), with musl's record:
//! `h_name` the canonical name, `h_aliases` the canonical name and then the name asked for
//! when it differs, `h_addr_list` every address of the family. The `_r` forms return 0
//! (with `*result` null and `*h_errnop` HOST_NOT_FOUND or NO_DATA) when there is no such
//! host, ERANGE when `buf` is too small, EAGAIN (TRY_AGAIN) when no server answered.
use core::cell::UnsafeCell;
use core::ffi::{CStr, c_char, c_int, c_void};

use limpet_abi::netdb::{HOST_NOT_FOUND, Hostent, NO_DATA, NO_RECOVERY, TRY_AGAIN};
use limpet_abi::socket::{AF_INET, AF_INET6};
use limpet_syscall::errno::{EAFNOSUPPORT, EAGAIN, EBADMSG, EINVAL, ERANGE};

use super::herror::set_h_errno;
use super::name::{Failure, Found, NAME_ROOM, lookup};
use super::{reverse, sort};
use crate::db::pack::{Full, Packer};
use crate::resolv::search::Miss;

/// The static result's buffer: room for every address a lookup returns and two names.
const STATIC_BUF: usize = 4096;

/// Lays out a host record in `p`.
fn pack(p: &mut Packer<'_>, h: &mut Hostent, family: c_int, name: &[u8], aliases: &[&[u8]], addrs: &[[u8; 16]]) -> Result<(), Full> {
    let len = if family == AF_INET { 4 } else { 16 };
    let list = p.array(addrs.len())?;
    for (i, a) in addrs.iter().enumerate() {
        let b = p.bytes(&a[..len], 4)?;
        // SAFETY: `i` is below the array's length.
        unsafe { list.add(i).write(b) };
    }
    let alias_list = p.list(aliases.iter().copied())?;
    let h_name = p.str(name)?;
    *h = Hostent { h_name, h_aliases: alias_list, h_addrtype: family, h_length: len as c_int, h_addr_list: list };
    Ok(())
}

/// `gethostbyname2_r`'s work, into `p`: the errno-style return and the `h_errno` value.
fn by_name(name: &[u8], family: c_int, p: &mut Packer<'_>, h: &mut Hostent) -> Result<(), (c_int, c_int)> {
    if family != AF_INET && family != AF_INET6 {
        return Err((EAFNOSUPPORT, NO_RECOVERY));
    }
    let mut found = Found::default();
    if let Err(f) = lookup(name, family, false, &mut found) {
        return Err(match f {
            Failure::NoName => (0, HOST_NOT_FOUND),
            Failure::NoData => (0, NO_DATA),
            Failure::Again => (EAGAIN, TRY_AGAIN),
            Failure::Fail => (EBADMSG, NO_RECOVERY),
        });
    }
    sort::sort(&mut found.addrs[..found.n]);
    let mut addrs = [[0u8; 16]; super::name::MAXADDRS];
    for (d, a) in addrs.iter_mut().zip(&found.addrs[..found.n]) {
        *d = a.addr;
    }
    let canon = if found.canon_len > 0 { found.canon() } else { name };
    let aliases: &[&[u8]] = if canon == name { &[canon] } else { &[canon, name] };
    pack(p, h, family, canon, aliases, &addrs[..found.n]).map_err(|Full| (ERANGE, NO_RECOVERY))
}

/// `gethostbyaddr_r`'s work.
fn by_addr(addr: &[u8], family: c_int, p: &mut Packer<'_>, h: &mut Hostent) -> Result<(), (c_int, c_int)> {
    let mut name = [0u8; NAME_ROOM];
    let len = match reverse::from_hosts(family, addr, &mut name) {
        Some(n) => n,
        None => match reverse::from_dns(family, addr, &mut name) {
            Ok(n) => n,
            Err(Miss::Silent) => return Err((EAGAIN, TRY_AGAIN)),
            Err(Miss::ServFail) => return Err((EAGAIN, TRY_AGAIN)),
            Err(Miss::Unusable) => return Err((EBADMSG, NO_RECOVERY)),
            Err(Miss::NxDomain | Miss::NoData) => return Err((0, HOST_NOT_FOUND)),
        },
    };
    let mut a = [0u8; 16];
    a[..addr.len()].copy_from_slice(addr);
    pack(p, h, family, &name[..len], &[], &[a]).map_err(|Full| (ERANGE, NO_RECOVERY))
}

/// Finishes an `_r` call: `*result`, `*h_errnop`, the return value.
///
/// # Safety
/// `h`, `result` and `h_errnop` (unless null) must be writable.
unsafe fn finish(r: Result<(), (c_int, c_int)>, h: *mut Hostent, result: *mut *mut Hostent, h_errnop: *mut c_int) -> c_int {
    match r {
        Ok(()) => {
            // SAFETY: the caller vouches for `result`.
            unsafe { *result = h };
            0
        }
        Err((ret, herr)) => {
            // SAFETY: as above; `h_errnop` may be null.
            unsafe {
                *result = core::ptr::null_mut();
                if let Some(e) = h_errnop.as_mut() {
                    *e = herr;
                }
            }
            ret
        }
    }
}

/// `gethostbyname2_r(name, af, ret, buf, buflen, result, h_errnop)`—Looks `name` up for
/// family `af` into `*ret` and `buf` (the module docs).
///
/// # Safety
/// `name` must be a NUL-terminated string; `ret`, `result`, `h_errnop` writable; `buf`
/// writable for `buflen` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyname2_r(
    name: *const c_char,
    af: c_int,
    ret: *mut Hostent,
    buf: *mut c_char,
    buflen: usize,
    result: *mut *mut Hostent,
    h_errnop: *mut c_int,
) -> c_int {
    // SAFETY: the caller's buffer, as vouched for.
    let mut p = unsafe { Packer::from_raw(buf, buflen) };
    // SAFETY: the caller's string and record.
    let r = by_name(unsafe { CStr::from_ptr(name) }.to_bytes(), af, &mut p, unsafe { &mut *ret });
    // SAFETY: forwarded.
    unsafe { finish(r, ret, result, h_errnop) }
}

/// `gethostbyname_r(name, ret, buf, buflen, result, h_errnop)`—`gethostbyname2_r` for
/// IPv4.
///
/// # Safety
/// As for [`gethostbyname2_r`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyname_r(
    name: *const c_char,
    ret: *mut Hostent,
    buf: *mut c_char,
    buflen: usize,
    result: *mut *mut Hostent,
    h_errnop: *mut c_int,
) -> c_int {
    // SAFETY: forwarded.
    unsafe { gethostbyname2_r(name, AF_INET, ret, buf, buflen, result, h_errnop) }
}

/// `gethostbyaddr_r(addr, len, type, ret, buf, buflen, result, h_errnop)`—The host whose
/// address is the `len` bytes at `addr` (4 for `AF_INET`, 16 for `AF_INET6`; anything
/// else is EINVAL), by /etc/hosts then a PTR query.
///
/// # Safety
/// `addr` must be readable for `len` bytes; the rest as for [`gethostbyname2_r`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyaddr_r(
    addr: *const c_void,
    len: u32,
    ty: c_int,
    ret: *mut Hostent,
    buf: *mut c_char,
    buflen: usize,
    result: *mut *mut Hostent,
    h_errnop: *mut c_int,
) -> c_int {
    let ok = (ty == AF_INET && len == 4) || (ty == AF_INET6 && len == 16);
    let r = if ok {
        // SAFETY: the caller's `len` bytes at `addr`.
        let a = unsafe { core::slice::from_raw_parts(addr.cast::<u8>(), len as usize) };
        // SAFETY: the caller's buffer, as vouched for.
        let mut p = unsafe { Packer::from_raw(buf, buflen) };
        // SAFETY: the caller's record.
        by_addr(a, ty, &mut p, unsafe { &mut *ret })
    } else {
        Err((EINVAL, NO_RECOVERY))
    };
    // SAFETY: forwarded.
    unsafe { finish(r, ret, result, h_errnop) }
}

/// The record and buffer the non-`_r` functions return, one per process as POSIX allows.
struct Static {
    h: UnsafeCell<Hostent>,
    buf: UnsafeCell<[u8; STATIC_BUF]>,
}
// SAFETY: like glibc's and musl's, the result is shared and the next call overwrites it.
unsafe impl Sync for Static {}
static STATIC: Static = Static {
    h: UnsafeCell::new(Hostent {
        h_name: core::ptr::null_mut(),
        h_aliases: core::ptr::null_mut(),
        h_addrtype: 0,
        h_length: 0,
        h_addr_list: core::ptr::null_mut(),
    }),
    buf: UnsafeCell::new([0; STATIC_BUF]),
};

/// Runs an `_r` function into the static record, setting `h_errno`.
fn into_static(f: impl FnOnce(*mut Hostent, *mut c_char, usize, *mut *mut Hostent, *mut c_int) -> c_int) -> *mut Hostent {
    let mut result = core::ptr::null_mut();
    let mut herr = 0;
    let r = f(STATIC.h.get(), STATIC.buf.get().cast(), STATIC_BUF, &mut result, &mut herr);
    if result.is_null() {
        set_h_errno(if r == ERANGE { NO_RECOVERY } else { herr });
    }
    result
}

/// `gethostbyname2(name, af)`—[`gethostbyname2_r`] into a static record; null with
/// `h_errno` set when there is none.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyname2(name: *const c_char, af: c_int) -> *mut Hostent {
    // SAFETY: the static record and buffer; the caller's string.
    into_static(|h, b, n, r, e| unsafe { gethostbyname2_r(name, af, h, b, n, r, e) })
}

/// `gethostbyname(name)`—`gethostbyname2(name, AF_INET)`.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyname(name: *const c_char) -> *mut Hostent {
    // SAFETY: forwarded.
    unsafe { gethostbyname2(name, AF_INET) }
}

/// `gethostbyaddr(addr, len, type)`—[`gethostbyaddr_r`] into a static record.
///
/// # Safety
/// `addr` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostbyaddr(addr: *const c_void, len: u32, ty: c_int) -> *mut Hostent {
    // SAFETY: the static record and buffer; the caller's address.
    into_static(|h, b, n, r, e| unsafe { gethostbyaddr_r(addr, len, ty, h, b, n, r, e) })
}
