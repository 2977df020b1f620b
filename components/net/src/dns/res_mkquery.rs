//! `res_mkquery`: a standard query in a caller's buffer, through [`query::build`].
use core::ffi::{c_char, c_int};

use limpet_abi::nameser::QUERY;

use super::{c_name, query};

/// `res_mkquery(op, dname, class, type, data, datalen, newrr, buf, buflen)`—Writes a
/// query for `dname` (dotted text, a trailing dot allowed) of type `type` and class `class`
/// into `buf`, with recursion desired and an unpredictable ID, and returns its length; -1
/// when `op` is not `QUERY` (the only opcode musl builds), the name is invalid, `class` or
/// `type` is outside 0..=65535, or the query does not fit `buflen` bytes. `data`, `datalen`
/// and `newrr` belong to opcodes no longer in use and are ignored, as musl ignores them.
/// Leaves errno alone.
///
/// # Safety
/// `dname` must be a NUL-terminated string and `buf` writable for `buflen` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn res_mkquery(
    op: c_int,
    dname: *const c_char,
    class: c_int,
    qtype: c_int,
    _data: *const u8,
    _datalen: c_int,
    _newrr: *const u8,
    buf: *mut u8,
    buflen: c_int,
) -> c_int {
    if op != QUERY {
        return -1;
    }
    let (Ok(class), Ok(qtype)) = (u16::try_from(class), u16::try_from(qtype)) else { return -1 };
    let Some(len) = usize::try_from(buflen).ok().filter(|&n| n > 0 && !buf.is_null()) else { return -1 };
    // SAFETY: the caller vouches that `dname` is a C string.
    let Some(name) = (unsafe { c_name(dname) }) else { return -1 };
    // SAFETY: `buf` is not null and the caller vouches for `buflen` writable bytes.
    let out = unsafe { core::slice::from_raw_parts_mut(buf, len) };
    // A query is at most a header, a 255-byte name and four bytes.
    query::build(name, class, qtype, query::random_id(), None, out).map_or(-1, |n| n as c_int)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dns::packet::{Message, same_name};
    use crate::dns::{C_IN, T_A, T_MX};
    use core::ptr;

    fn mkquery(op: c_int, name: &core::ffi::CStr, class: c_int, qtype: c_int, buf: &mut [u8]) -> c_int {
        // SAFETY: `name` is a C string and `buf` is writable for its length.
        unsafe {
            res_mkquery(
                op,
                name.as_ptr(),
                class,
                qtype,
                ptr::null(),
                0,
                ptr::null(),
                buf.as_mut_ptr(),
                buf.len() as c_int,
            )
        }
    }

    #[test]
    fn makes_a_standard_query() {
        let mut buf = [0u8; 512];
        let n = mkquery(QUERY, c"example.org.", C_IN.into(), T_MX.into(), &mut buf);
        assert_eq!(n, 12 + 13 + 4);
        let m = Message::parse(&buf[..n as usize]).unwrap();
        let h = m.header();
        assert!(h.rd && !h.qr && h.opcode == 0 && (h.qdcount, h.ancount, h.nscount, h.arcount) == (1, 0, 0, 0));
        let (pos, t, c) = m.questions().next().unwrap();
        assert!(same_name(&buf, pos, b"example.org") && t == T_MX && c == C_IN);
        assert_eq!(mkquery(QUERY, c"", C_IN.into(), T_A.into(), &mut buf), 17);
        assert_eq!(mkquery(QUERY, c"x", C_IN.into(), 257, &mut buf), 19);
    }

    #[test]
    fn refuses_what_musl_refuses() {
        let mut buf = [0u8; 512];
        assert_eq!(mkquery(1, c"example.org", 1, 1, &mut buf), -1);
        assert_eq!(mkquery(QUERY, c"a..b", 1, 1, &mut buf), -1);
        assert_eq!(mkquery(QUERY, c"..", 1, 1, &mut buf), -1);
        assert_eq!(mkquery(QUERY, c"a", -1, 1, &mut buf), -1);
        assert_eq!(mkquery(QUERY, c"a", 1, 65536, &mut buf), -1);
        assert_eq!(mkquery(QUERY, c"example.org", 1, 1, &mut buf[..28]), -1);
        assert_eq!(mkquery(QUERY, c"example.org", 1, 1, &mut buf[..29]), 29);
        // SAFETY: a null buffer is refused before anything is written.
        assert_eq!(
            unsafe { res_mkquery(QUERY, c"a".as_ptr(), 1, 1, ptr::null(), 0, ptr::null(), ptr::null_mut(), 0) },
            -1
        );
    }
}
