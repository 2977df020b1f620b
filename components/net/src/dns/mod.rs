//! The DNS message: names and their compression, reading a message, building a query, and
//! the C functions over them. Every reader here takes attacker-controlled bytes: all
//! access is checked, no input can make it panic, loop or read outside the message.
//!
//! The safe Rust API, which the resolver (`resolv`) and the name services (`lookup`) use:
//! - [`name`]: expanding a (compressed) name to text, skipping it, encoding a text name;
//! - [`packet`]: the header, [`packet::Message`] with its questions and records, and
//!   [`packet::same_name`] to match a record's name with a text one;
//! - [`query`]: building a query, with or without EDNS0, and picking its ID.
//!
//! The C functions of `<resolv.h>` and `<arpa/nameser.h>`, with musl's ABI, built on them:
//! - [`dn_expand`](mod@dn_expand): `dn_expand`, `dn_skipname`;
//! - [`dn_comp`](mod@dn_comp): `dn_comp`, compressing against the names already in a message;
//! - [`ns_parse`]: `ns_initparse`, `ns_parserr`, `ns_skiprr`, `ns_name_uncompress`, `_ns_flagdata`;
//! - [`ns_bytes`]: `ns_get16`, `ns_get32`, `ns_put16`, `ns_put32`;
//! - [`res_mkquery`](mod@res_mkquery): `res_mkquery`.
use core::ffi::c_char;

pub mod dn_comp;
pub mod dn_expand;
pub mod name;
pub mod ns_bytes;
pub mod ns_parse;
pub mod packet;
pub mod query;
pub mod res_mkquery;

/// Record types and classes, response codes: `<arpa/nameser.h>`'s, from limpet-abi.
pub use limpet_abi::nameser::{
    C_ANY, C_IN, FORMERR, NOERROR, NOTIMP, NXDOMAIN, REFUSED, SERVFAIL, T_A, T_AAAA, T_ANY, T_CNAME, T_MX, T_NS, T_OPT,
    T_PTR, T_SOA, T_SRV, T_TXT,
};

/// The bytes from `start` up to `end`; `None` when `start` is null or `end` is before it.
///
/// # Safety
/// When `start` is not null and `end` not before it, `start..end` must be readable and
/// stay unchanged for `'a`.
pub(crate) unsafe fn span<'a>(start: *const u8, end: *const u8) -> Option<&'a [u8]> {
    if start.is_null() {
        return None;
    }
    let len = (end as usize).checked_sub(start as usize)?;
    // SAFETY: the caller vouches that `start..end`, `len` bytes, is readable.
    Some(unsafe { core::slice::from_raw_parts(start, len) })
}

/// The C string `s` when it could be a domain name in text form: its bytes without the NUL,
/// or `None` when `s` is null or longer than the longest name and a trailing dot. Reads no
/// further than that.
///
/// # Safety
/// `s` must be null or a NUL-terminated string.
pub(crate) unsafe fn c_name<'a>(s: *const c_char) -> Option<&'a [u8]> {
    /// The longest text name with its optional trailing dot.
    const MAX: usize = name::MAX_TEXT + 1;
    if s.is_null() {
        return None;
    }
    let mut len = 0;
    // SAFETY: each byte read is at or before the string's NUL, since the loop stops there.
    while unsafe { *s.add(len) } != 0 {
        len += 1;
        if len > MAX {
            return None;
        }
    }
    // SAFETY: the `len` bytes before the NUL were just read.
    Some(unsafe { core::slice::from_raw_parts(s.cast(), len) })
}
